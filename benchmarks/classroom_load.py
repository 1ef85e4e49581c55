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

    python -m benchmarks.classroom_load --live              # a live question to 60 students, and lost pages

**A live session** (``--live``): 60 simulated students (``--students``), each in
its own process, poll the class as a student's live panel does (every 1.5 s,
``class_info``); the instructor pushes a question; each student answers 1–8 s
after seeing it (``ProgressStore.record`` with the live question's number),
while the instructor's dashboard refreshes every 1.5 s (``attempts``,
``roster``, ``class_info`` and the counted answers). Reported: push → seen by a
student and answer → counted on the dashboard, median and p95, and the answers
counted. Then **pages that vanish**: a class server is started, ``--vanish`` (20)
course pages are opened by a client that never connects to their kernels (as a
page lost without unloading: a laptop shut, a browser killed), and the seats
the server counts are read at once and 60 s later (``CourseKernelManager``
frees a page's seat once it has been gone 20 s). ``--browsers`` (3) of the
students are real Chromium pages instead, on a class server of the same store,
each at lesson 2: when the question shows on the page (a MutationObserver notes
the time) it answers Yes, and push → seen and answer → counted are reported for
them apart.
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
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
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


def _live_student(url: str, code: str, who: int, refresh: float, think: tuple[float, float], out: Any) -> None:
    """A student's page during a live question: poll as the live panel does; answer a while after seeing it."""
    import random

    store = ClassroomStore(url)
    me = store.join(code, f"student {who:02d}")
    mine = ProgressStore(url=url, learner=me)
    rng = random.Random(who)
    time.sleep(rng.uniform(0, refresh))  # students' panels poll out of step
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        live = store.class_info(code).live
        if live is not None:
            seen = time.time() - live.pushed_at
            time.sleep(rng.uniform(*think))
            mine.record(live.puzzle_id, rng.random() < 0.7, "answer", live=live.id)
            out.put((me, seen, time.time()))
            return
        time.sleep(refresh)
    out.put((me, math.nan, math.nan))


SEEN_SCRIPT = """
window.__seenAt = null;
new MutationObserver(() => {
  if (window.__seenAt === null && document.querySelector('.sjt-shell-live .sjt-live [data-puzzle-id]'))
    window.__seenAt = Date.now();
}).observe(document, { subtree: true, childList: true });
"""
"""Put in each browser page before it loads: when the live question first shows, on the machine's clock."""


@contextmanager
def browser_students(url: str, code: str, count: int) -> Iterator[list[tuple[str, Any]]]:
    """``count`` students in real Chromium pages on a class server of the store at ``url``, each at lesson 2 with
    its live panel polling; yields (student id, page) pairs."""
    from playwright.sync_api import sync_playwright

    from benchmarks.browser import CHROMIUM_FLAGS, chromium_path, free_port, running
    from shengji_tutor.app.classroom import classroom_command, classroom_env
    from shengji_tutor.store.keys import key_fingerprint

    store = ClassroomStore(url)
    work = Path(tempfile.mkdtemp())
    port = free_port()
    env = classroom_env(url, key_fingerprint(KEY), work)
    with (
        running(
            classroom_command(port, "127.0.0.1", max_kernels=count + 5), port, work / "server.log", env, 180
        ) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        pages = []
        for k in range(count):
            student = store.join(code, f"browser {k + 1}")
            page = browser.new_context().new_page()
            page.add_init_script(SEEN_SCRIPT)
            page.goto(f"{base}/voila/render/course.ipynb?student={student}#points", timeout=300_000)
            page.wait_for_selector(".sjt-shell-live .sjt-live-idle", state="attached", timeout=300_000)
            pages.append((student, page))
        try:
            yield pages
        finally:
            browser.close()


def live_run(
    url: str,
    students: int = 60,
    refresh: float = REFRESH_SECONDS,
    think: tuple[float, float] = (1.0, 8.0),
    browsers: int = 0,
) -> dict[str, Any]:
    """Push → seen and answer → counted (seconds: median, p95) for a live question to ``students`` students, of
    whom ``browsers`` are real browsers on a class server (the rest lightweight clients)."""
    store = ClassroomStore(url)
    code = store.create_class("live load test", KEY)
    opened: AbstractContextManager[list[tuple[str, Any]]] = (
        browser_students(url, code, browsers) if browsers else nullcontext([])
    )
    with opened as pages:
        return _live(store, code, url, students - len(pages), refresh, think, pages)


def _live(
    store: ClassroomStore,
    code: str,
    url: str,
    students: int,
    refresh: float,
    think: tuple[float, float],
    browser_pages: list[tuple[str, Any]],
) -> dict[str, Any]:
    """``live_run``'s measurement, ``students`` lightweight clients beside the ``browser_pages``."""
    from shengji_tutor.classroom.dashboard import counted_answers

    # 60 students: a fork server (started clean, with the store's modules loaded once) starts each in a moment,
    # where 60 spawns would take a minute, and forking this process (its threads, its locks) would not be safe
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(
        ["shengji_tutor.store.classroom", "shengji_tutor.store.progress", "shengji_tutor.puzzles"]
    )
    out: Any = ctx.Queue()
    clients = [ctx.Process(target=_live_student, args=(url, code, k, refresh, think, out)) for k in range(students)]
    for client in clients:
        client.start()
    everyone = students + len(browser_pages)
    deadline = time.monotonic() + 300
    while len(store.roster(code, KEY)) < everyone and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(2 * refresh)  # every panel is polling
    puzzle = next(p for p in sorted(load_bank().values(), key=lambda p: p.id) if p.answer_kind == "yesno")
    live_id = store.push_question(code, KEY, puzzle.id)
    pushed_at = time.time()
    counted_at: dict[str, float] = {}
    browsed: dict[str, tuple[float, float]] = {}  # a browser student's push → seen, and when they answered
    refreshes: list[float] = []
    end = time.monotonic() + 90
    while len(counted_at) < everyone and time.monotonic() < end:  # the instructor's dashboard
        t = time.perf_counter()
        attempts = store.attempts(code, KEY)
        store.roster(code, KEY)
        live = store.class_info(code).live
        refreshes.append(time.perf_counter() - t)
        if live is not None:
            for student in counted_answers(attempts, live):
                counted_at.setdefault(student, time.time())
        for student, page in browser_pages:  # a browser student answers as soon as the question shows
            seen_ms = page.evaluate("window.__seenAt")
            if student not in browsed and seen_ms is not None:
                panel = page.locator(".sjt-shell-live .sjt-live")
                panel.get_by_role("button", name="Yes", exact=True).click()
                panel.get_by_role("button", name="Check", exact=True).click()
                browsed[student] = (seen_ms / 1000 - pushed_at, time.time())
        time.sleep(refresh)
    answered = [out.get(timeout=60) for _ in range(students)]
    for client in clients:
        client.join(30)
    seen = [s for _, s, _ in answered if not math.isnan(s)]
    lag = [counted_at[me] - at for me, _, at in answered if me in counted_at]
    in_browsers = [counted_at[me] - at for me, (_, at) in browsed.items() if me in counted_at]
    return {
        "students": everyone,
        "browsers": len(browser_pages),
        "live": live_id,
        "counted": len(counted_at),
        "seen_p50_s": _percentile(seen, 0.50),
        "seen_p95_s": _percentile(seen, 0.95),
        "counted_p50_s": _percentile(lag, 0.50),
        "counted_p95_s": _percentile(lag, 0.95),
        "browser_seen_s": sorted(s for s, _ in browsed.values()),
        "browser_counted_s": sorted(in_browsers),
        "dashboard_p95_ms": _percentile([r * 1000 for r in refreshes], 0.95),
    }


def vanished_seats(vanish: int = 20, wait: float = 60.0) -> dict[str, Any]:
    """Seats a class server counts right after ``vanish`` pages were opened and lost, and ``wait`` seconds later."""
    import json
    import urllib.request

    from benchmarks.browser import free_port, running
    from shengji_tutor.app.class_server import STATUS_PATH
    from shengji_tutor.app.classroom import classroom_command, classroom_env
    from shengji_tutor.store.keys import key_fingerprint

    work = Path(tempfile.mkdtemp())
    port = free_port()
    env = classroom_env(f"sqlite:///{work / 'classroom.sqlite'}", key_fingerprint(KEY), work)
    command = classroom_command(port, "127.0.0.1", max_kernels=vanish + 5)

    def seats(base: str) -> int:
        with urllib.request.urlopen(base + STATUS_PATH, timeout=30) as reply:
            return int(json.loads(reply.read())["learners"])

    with running(command, port, work / "server.log", env, timeout=180) as base:
        for _ in range(vanish):  # each page starts (or takes) a kernel, and its browser is never heard of again
            with urllib.request.urlopen(f"{base}/voila/render/course.ipynb", timeout=300) as reply:
                reply.read()
        held = seats(base)
        time.sleep(wait)
        later = seats(base)
    return {"vanished": vanish, "seats_held_at_once": held, "seats_held_later": later, "after_s": wait}


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
    parser.add_argument(
        "--students", type=int, default=None, help="writers, each in its own process (30; 60 with --live)"
    )
    parser.add_argument("--attempts", type=int, default=1000, help="attempts each student records")
    parser.add_argument("--dashboards", type=int, default=4, help="instructor consoles refreshing meanwhile")
    parser.add_argument("--refresh", type=float, default=REFRESH_SECONDS, help="seconds between a dashboard's reads")
    parser.add_argument("--runs", type=int, default=1, help="repeat, then print the median of each figure")
    parser.add_argument("--postgres", default=os.environ.get("SJT_POSTGRES_URL"), help="a PostgreSQL URL to test too")
    parser.add_argument("--live", action="store_true", help="a live question to --students students, and lost pages")
    parser.add_argument("--vanish", type=int, default=20, help="pages lost without unloading (with --live)")
    parser.add_argument("--browsers", type=int, default=3, help="students in real browsers (with --live)")
    args = parser.parse_args(argv)
    if args.live:
        students = args.students or 60
        url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'classroom.sqlite'}"
        r = live_run(url, students, args.refresh, browsers=args.browsers)
        print(
            f"live question to {r['students']} students: {r['counted']} counted; push → seen p50 {r['seen_p50_s']:.2f} s, "
            f"p95 {r['seen_p95_s']:.2f} s; answer → counted p50 {r['counted_p50_s']:.2f} s, "
            f"p95 {r['counted_p95_s']:.2f} s; dashboard refresh p95 {r['dashboard_p95_ms']:.0f} ms",
            flush=True,
        )
        if r["browsers"]:
            seen = ", ".join(f"{x:.2f}" for x in r["browser_seen_s"])
            counted = ", ".join(f"{x:.2f}" for x in r["browser_counted_s"])
            print(
                f"of them {r['browsers']} in real browsers: push → seen on the page {seen} s; "
                f"answer → counted {counted} s",
                flush=True,
            )
        if args.vanish:
            v = vanished_seats(args.vanish)
            print(
                f"{v['vanished']} pages lost without unloading: {v['seats_held_at_once']} seats held at once, "
                f"{v['seats_held_later']} after {v['after_s']:.0f} s"
            )
        return 0
    args.students = args.students or 30
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
