"""A class writing while its instructors watch: attempts lost, write latency and dashboard refresh time.

    python -m benchmarks.classroom_load                      # SQLite in a temporary folder
    python -m benchmarks.classroom_load --postgres postgresql://sjt:sjt@127.0.0.1:5432/sjt

30 simulated students, each in its own process (as each student has their own
kernel), join one class and record 1000 attempts as fast as they can, all
starting together. Meanwhile 4 dashboards, each in its own process (an
instructor console's kernel), refresh as the console does every 1.5 s:
``store.attempts``, ``store.roster`` and ``store.class_info``, timed together
(key checks included). The benchmark prints the attempts lost (must be 0), the
writers' errors and p50 / p95 / max latency of one attempt recorded as the course
records it (``ProgressStore.record`` in the class's store: a committed write), and the dashboards' errors and p50 / p95 / max refresh time.
``--runs 3`` repeats the measurement and adds the median of each figure.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.puzzles import load_bank
from shengji_tutor.store.progress import ProgressStore

__all__ = ["main", "run"]

KEY = "benchmark-instructor-key"
REFRESH_SECONDS = 1.5
"""How often a dashboard refreshes: the console's ``Poller`` (``classroom.screens.REFRESH_SECONDS``; a test keeps
the two in step, and this module does not import the widgets)."""
FIGURES = (
    "lost",
    "write_errors",
    "write_p50_ms",
    "write_p95_ms",
    "write_max_ms",
    "writes_per_s",
    "read_errors",
    "read_p50_ms",
    "read_p95_ms",
    "read_max_ms",
)


def _student(url: str, code: str, attempts: int, who: int, start: Any, out: Any) -> None:
    store = ClassroomStore(url)
    me = store.join(code, f"student {who:02d}")
    mine = ProgressStore(url=url, learner=me)
    puzzles = sorted(load_bank())  # the store keeps attempts at the bank's puzzles only
    start.wait()
    latencies, errors = [], []
    for i in range(attempts):
        t = time.perf_counter()
        try:
            mine.record(puzzles[i % len(puzzles)], i % 2 == 0, f"answer {i}")
        except Exception as e:  # counted, not fatal: the benchmark reports errors and lost attempts
            errors.append(f"{type(e).__name__}: {e}")
            continue
        latencies.append(time.perf_counter() - t)
    out.put((latencies, errors))


def _dashboard(url: str, code: str, refresh: float, start: Any, stop: Any, out: Any) -> None:
    """An instructor console: what its ``refresh`` reads, every ``refresh`` seconds until the class is done."""
    store = ClassroomStore(url)
    start.wait()
    latencies, errors = [], []
    while True:
        t = time.perf_counter()
        try:
            store.attempts(code, KEY)
            store.roster(code, KEY)
            store.class_info(code)
        except Exception as e:
            errors.append(f"{type(e).__name__}: {e}")
        else:
            latencies.append(time.perf_counter() - t)
        if stop.wait(refresh):
            break
    out.put((latencies, errors))


def run(
    url: str, students: int = 30, attempts: int = 1000, dashboards: int = 4, refresh: float = REFRESH_SECONDS
) -> dict[str, Any]:
    """Attempts lost, errors, write latency and dashboard refresh time (milliseconds) for one database URL."""
    store = ClassroomStore(url)
    code = store.create_class("load test", KEY)
    ctx = multiprocessing.get_context("spawn")
    start, stop = ctx.Event(), ctx.Event()
    writes: Any = ctx.Queue()
    reads: Any = ctx.Queue()
    writers = [ctx.Process(target=_student, args=(url, code, attempts, k, start, writes)) for k in range(students)]
    readers = [ctx.Process(target=_dashboard, args=(url, code, refresh, start, stop, reads)) for _ in range(dashboards)]
    for p in writers + readers:
        p.start()
    time.sleep(1.0)
    deadline = time.monotonic() + 300
    while len(store.roster(code, KEY)) < students and time.monotonic() < deadline:
        time.sleep(0.2)  # wait until every student has joined, then start them together
    time.sleep(1.0)  # and the dashboards have opened their stores
    began = time.perf_counter()
    start.set()
    write_ms, write_errors = _gather(writes, students, timeout=900)
    elapsed = time.perf_counter() - began
    stop.set()
    read_ms, read_errors = _gather(reads, dashboards, timeout=300)
    for p in writers + readers:
        p.join(60)
    recorded = len(store.attempts(code, KEY))
    return {
        "students": students,
        "dashboards": dashboards,
        "expected": students * attempts,
        "recorded": recorded,
        "lost": students * attempts - recorded,
        "write_errors": len(write_errors),
        "write_p50_ms": _percentile(write_ms, 0.50),
        "write_p95_ms": _percentile(write_ms, 0.95),
        "write_max_ms": max(write_ms, default=math.nan),
        "writes_per_s": recorded / elapsed,
        "reads": len(read_ms),
        "read_errors": len(read_errors),
        "read_p50_ms": _percentile(read_ms, 0.50),
        "read_p95_ms": _percentile(read_ms, 0.95),
        "read_max_ms": max(read_ms, default=math.nan),
        "first_errors": sorted(set(write_errors + read_errors))[:5],
    }


def _gather(out: Any, processes: int, timeout: float) -> tuple[list[float], list[str]]:
    """The latencies (in milliseconds) and errors that ``processes`` processes put on ``out``."""
    milliseconds: list[float] = []
    errors: list[str] = []
    for _ in range(processes):
        latencies, failures = out.get(timeout=timeout)
        milliseconds += [s * 1000 for s in latencies]
        errors += failures
    return milliseconds, errors


def _percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (NaN when there are no values)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def _line(name: str, r: dict[str, Any]) -> str:
    return (
        f"{name:<10} lost {r['lost']:.0f} of {r['expected']:.0f}, {r['write_errors']:.0f} write errors; "
        f"write p50 {r['write_p50_ms']:.1f} ms, p95 {r['write_p95_ms']:.0f} ms, max {r['write_max_ms']:.0f} ms, "
        f"{r['writes_per_s']:.0f} writes/s; "
        f"dashboard refresh ({r['reads']:.0f}) p50 {r['read_p50_ms']:.0f} ms, p95 {r['read_p95_ms']:.0f} ms, "
        f"max {r['read_max_ms']:.0f} ms, {r['read_errors']:.0f} errors"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.classroom_load", description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="writers, each in its own process")
    parser.add_argument("--attempts", type=int, default=1000, help="attempts each student records")
    parser.add_argument("--dashboards", type=int, default=4, help="instructor consoles refreshing meanwhile")
    parser.add_argument("--refresh", type=float, default=REFRESH_SECONDS, help="seconds between a dashboard's reads")
    parser.add_argument("--runs", type=int, default=1, help="repeat, then print the median of each figure")
    parser.add_argument("--postgres", default=os.environ.get("SJT_POSTGRES_URL"), help="a PostgreSQL URL to test too")
    args = parser.parse_args(argv)
    targets = ["SQLite", "PostgreSQL"] if args.postgres else ["SQLite"]
    print(f"{args.students} students × {args.attempts} attempts, {args.dashboards} dashboards every {args.refresh} s")
    for name in targets:
        results = []
        for _ in range(args.runs):
            url = (
                args.postgres if name == "PostgreSQL" else f"sqlite:///{Path(tempfile.mkdtemp()) / 'classroom.sqlite'}"
            )
            results.append(run(url, args.students, args.attempts, args.dashboards, args.refresh))
            print(_line(name, results[-1]), flush=True)
            for error in results[-1]["first_errors"]:
                print("   ", error)
        if args.runs > 1:
            medians = {k: statistics.median(r[k] for r in results) for k in ("expected", "reads", *FIGURES)}
            print(_line(f"{name} median", medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
