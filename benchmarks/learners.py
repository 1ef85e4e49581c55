"""How many learners one machine holds: N learners in headless Chromium walk the course on one class server.

    python -m benchmarks.learners --learners 10 30 60

For each N, a fresh class server (``classroom_command``, the cap above N) on a
migrated SQLite store with one class; N students who joined it, each in a
Chromium context of their own, open the course's page signed in (a few at a
time, as a class arrives: each kernel then polls the class for live questions,
as in a lesson) and then all together
walk three lessons — lesson 2 from the home page, then Next, Next — with a
second or two of reading between clicks. Reported for each N:

- kernels alive (the server's kernel processes: the learners' plus the pre-heated pool),
- their total resident memory, and per learner,
- the page-open time (navigation → the home page's lesson list), median and p95,
- the lesson change (click → the first card of the next lesson), median and p95,
- the kernels' CPU time per lesson change (the server's share of the work, whatever the browsers cost: the
  kernels' CPU during the walk, polling for live questions included, over the changes made).

The browsers run on the same machine as the server, so at large N the figures
include Chromium's own drawing of N pages: they are an upper bound for the
server's part.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.app import first_card
from benchmarks.browser import CHROMIUM_FLAGS, free_port, running, server_kernels
from shengji_tutor.app.class_server import STATUS_PATH
from shengji_tutor.app.classroom import classroom_command, classroom_env, key_fingerprint
from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.store.db import migrate, sqlite_url

__all__ = ["WALK", "kernel_memory", "main", "run"]

WALK = ("points", "trump-order", "pairs")
"""The three lessons each learner reads: lesson 2 from the home page, then Next, Next."""
ARRIVING = 4
"""Learners opening the page at the same moment (a class arrives over a minute, not in one instant)."""
KEY = "benchmark-learners-key"


def kernel_memory(port: int) -> tuple[int, int]:
    """(kernels, their total resident bytes) of the Voilà server listening on ``port`` (its ipykernel children)."""
    kernels = server_kernels(port)
    return len(kernels), sum(resident for resident, _cpu in kernels.values())


def kernel_cpu(port: int) -> float:
    """The CPU seconds the server's kernels have used so far (user and system)."""
    return sum(cpu for _resident, cpu in server_kernels(port).values())


async def _learner(
    browser: Any,
    base: str,
    student: str,
    gate: asyncio.Semaphore,
    walk_together: asyncio.Event,
    out: dict[str, list[float]],
) -> Any:
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    async with gate:
        start = time.perf_counter()
        await page.goto(f"{base}/voila/render/course.ipynb?student={student}", timeout=600_000)
        try:
            await page.wait_for_selector(".sjt-place-home .sjt-home-list", timeout=180_000)
        except Exception:
            await page.screenshot(path=f"/tmp/learner-{student[:6]}.png")
            raise
        out["open"].append(time.perf_counter() - start)
        print(f"  {len(out['open'])} learners in", file=sys.stderr, flush=True)
    await walk_together.wait()
    link = page.locator(f".sjt-home-list a[href='#{WALK[0]}']")
    for there in WALK:
        await asyncio.sleep(random.uniform(1.0, 2.0))  # reading
        start = time.perf_counter()
        await link.click()
        await page.wait_for_selector(first_card(there), timeout=300_000)
        out["change"].append(time.perf_counter() - start)
        await page.wait_for_selector(f".sjt-place-{there} .sjt-footer", timeout=300_000)
        link = page.locator(f".sjt-place-{there} .sjt-footer a[rel='next']")
    return context


async def _class(base: str, students: list[str], chromium: str, port: int) -> dict[str, float]:
    from playwright.async_api import async_playwright

    out: dict[str, list[float]] = {"open": [], "change": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        gate, together = asyncio.Semaphore(ARRIVING), asyncio.Event()
        learners = len(students)
        tasks = [asyncio.create_task(_learner(browser, base, s, gate, together, out)) for s in students]
        while len(out["open"]) < learners:  # everyone is in before the walk starts
            if any(t.done() and t.exception() for t in tasks):
                break
            await asyncio.sleep(0.5)
        cpu = kernel_cpu(port)
        together.set()
        contexts = await asyncio.gather(*tasks)
        cpu = kernel_cpu(port) - cpu
        await asyncio.sleep(2)
        kernels, resident = kernel_memory(port)
        for context in contexts:
            for page in context.pages:
                await page.close(run_before_unload=True)
            await context.close()
        await browser.close()
    return {
        "learners": learners,
        "kernels": kernels,
        "kernel_memory": resident,
        "per_learner": resident / max(1, kernels),
        "open_median": statistics.median(out["open"]),
        "open_p95": _p95(out["open"]),
        "change_median": statistics.median(out["change"]),
        "change_p95": _p95(out["change"]),
        "cpu_per_change": cpu / max(1, len(out["change"])),
    }


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def run(learners: int, chromium: str = "/usr/bin/chromium") -> dict[str, float]:
    """One class of ``learners`` on a fresh class server; its figures."""
    work = Path(tempfile.mkdtemp(prefix="sjt-learners-"))
    db = sqlite_url(work / "classroom.sqlite")
    migrate(db)
    migrate(sqlite_url(work / "data" / "progress.sqlite"))  # as `shengji-tutor classroom` does before it starts
    port = free_port()
    command = classroom_command(port, "127.0.0.1", max_kernels=learners + 5)
    env = classroom_env(db, key_fingerprint(KEY), work / "data")
    store = ClassroomStore(db)
    code = store.create_class("Benchmark class", KEY)
    students = [store.join(code, f"learner {i:02d}") for i in range(learners)]  # each opens their signed-in link
    with running(command, port, work / "server.log", env, timeout=240) as base:
        _wait_for_pool(base)
        return asyncio.run(_class(base, students, chromium, port))


def _wait_for_pool(base: str, timeout: float = 240) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(base + STATUS_PATH, timeout=30) as reply:
            if json.loads(reply.read()).get("preheated", {}).get("course.ipynb"):
                time.sleep(5)  # the pool's kernel has started: let it run the course's page to its learner
                return
        time.sleep(1)
    raise RuntimeError("the class server's pre-heated kernel never started")


def report(figures: dict[str, float]) -> str:
    mib, gib = 2**20, 2**30
    return (
        f"{int(figures['learners']):>3} learners   {int(figures['kernels']):>3} kernels alive   "
        f"{figures['kernel_memory'] / gib:5.2f} GiB ({figures['per_learner'] / mib:4.0f} MiB each)   "
        f"page open {figures['open_median']:5.1f} s (p95 {figures['open_p95']:5.1f} s)   "
        f"lesson change {figures['change_median'] * 1000:5.0f} ms (p95 {figures['change_p95'] * 1000:5.0f} ms, "
        f"kernel CPU {figures['cpu_per_change'] * 1000:4.0f} ms each)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.learners", description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 30, 60], help="class sizes (default 10 30 60)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if any(n < 1 for n in args.learners):
        parser.error("--learners must be positive")
    results = []
    for n in args.learners:
        figures = run(n)
        results.append(figures)
        if not args.json:
            print(report(figures), flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
