"""A class of students writing at once: attempts lost and write latency, on SQLite and PostgreSQL.

    python -m benchmarks.classroom_load                      # SQLite in a temporary folder
    python -m benchmarks.classroom_load --postgres postgresql://sjt:sjt@127.0.0.1:5432/sjt

60 simulated students, each in its own process (as each student has their own
kernel), join one class and record 30 attempts as fast as they can, all
starting together. The benchmark prints the attempts lost (must be 0) and the
p50 / p95 latency of one ``record_attempt`` (a committed write).
"""

from __future__ import annotations

import argparse
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

__all__ = ["main", "run"]

KEY = "benchmark-instructor-key"


def _student(url: str, code: str, attempts: int, who: int, start: Any, out: Any) -> None:
    store = ClassroomStore(url)
    me = store.join(code, f"student {who:02d}")
    puzzles = sorted(load_bank())  # real ids: the store refuses attempts at puzzles it does not know
    start.wait()
    latencies = []
    for i in range(attempts):
        t = time.perf_counter()
        store.record_attempt(me, puzzles[i % len(puzzles)], f"answer {i}", i % 2 == 0)
        latencies.append(time.perf_counter() - t)
    out.put(latencies)


def run(url: str, students: int = 60, attempts: int = 30) -> dict[str, float]:
    """Attempts lost and write latency (seconds) for one database URL."""
    store = ClassroomStore(url)
    code = store.create_class("load test", KEY)
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    out: Any = ctx.Queue()
    procs = [ctx.Process(target=_student, args=(url, code, attempts, k, start, out)) for k in range(students)]
    for p in procs:
        p.start()
    time.sleep(1.0)
    deadline = time.monotonic() + 300
    while len(store.roster(code, KEY)) < students and time.monotonic() < deadline:
        time.sleep(0.2)  # wait until every student has joined, then start them together
    began = time.perf_counter()
    start.set()
    latencies: list[float] = []
    for _ in procs:
        latencies.extend(out.get(timeout=600))
    elapsed = time.perf_counter() - began
    for p in procs:
        p.join(60)
    recorded = len(store.attempts(code, KEY))
    latencies.sort()
    return {
        "students": students,
        "expected": students * attempts,
        "recorded": recorded,
        "lost": students * attempts - recorded,
        "p50_ms": statistics.median(latencies) * 1000,
        "p95_ms": latencies[int(len(latencies) * 0.95) - 1] * 1000,
        "writes_per_s": recorded / elapsed,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.classroom_load", description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--attempts", type=int, default=30)
    parser.add_argument("--postgres", default=os.environ.get("SJT_POSTGRES_URL"), help="a PostgreSQL URL to test too")
    args = parser.parse_args(argv)
    targets = [("SQLite", f"sqlite:///{Path(tempfile.mkdtemp()) / 'classroom.sqlite'}")]
    if args.postgres:
        targets.append(("PostgreSQL", args.postgres))
    for name, url in targets:
        r = run(url, args.students, args.attempts)
        print(
            f"{name:<10} {r['students']:.0f} students × {args.attempts} attempts: lost {r['lost']:.0f} of "
            f"{r['expected']:.0f}; write latency p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms; "
            f"{r['writes_per_s']:.0f} writes/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
