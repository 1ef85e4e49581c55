"""How fast the course feels in a browser, relative to a trivial notebook served by the same Voilà.

    python -m benchmarks.app --runs 5

Serves a copy of notebooks/ plus a one-button notebook (trivial) and the same
button after importing ipywidgets, anywidget and the package's course (bare),
with the course's own Voilà command (each with a pre-heated kernel), then in
headless Chromium measures, in turn, in each run:

- page: the course's first page (navigation → the home page's lesson list) against the trivial notebook
  (navigation → its button); target ratio ≤ 1.2;
- change: a lesson change inside the course's page (click on Next → the first card of the next lesson), for
  seven changes in a row, against opening that lesson as a page of its own (navigation → its first card: what
  every change cost when each lesson was a page); target ≤ 500 ms;
- check: Check → verdict on a lesson's puzzle against the trivial button's round trip; target ratio ≤ 1.5;
- memory: the resident memory of the learner's kernel after visiting every place of the course, against the
  bare kernel's; target ratio ≤ 1.3.

It prints the medians and their ratios.

    python -m benchmarks.app --grading --runs 5

measures grading in the kernel's process instead (no browser): a best-play
puzzle's answer (lesson 11) on a freshly loaded puzzle — the verdict is stored,
the explanation plays out the answer and the best play on the grading deals —,
the same answer again (kept), and, as the baseline in the same run, a "play"
puzzle's answer. Target: a best answer ≤ 2 s.

    python -m benchmarks.app --languages --runs 5

measures the same lesson changes and Check → verdict with the course read in
English, 中文 and Русский (``?lang=``), in turn in each run against the same
server: the medians in each language and their ratios to English. Target: zh
and ru within 10 % of English (ratio ≤ 1.1).

    python -m benchmarks.app --coach --runs 3

measures lesson 10's coach in-process: the verdict on each decision of
``--runs`` coached hands (South declaring, burying and playing as the heuristic
bot would), by kind, against the search bot's own decision on the same play
positions in the same run (its default budget). Target: a play's verdict ≤ 1 s
median, so the coach answers while the learner still looks at the trick.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import nbformat

from benchmarks.browser import CHROMIUM_FLAGS, free_port, running
from shengji_tutor.app.serve import NOTEBOOKS, voila_command, voila_env
from shengji_tutor.course.places import PLACES
from shengji_tutor.engine.seats import SOUTH
from shengji_tutor.play.bots import TableBot
from shengji_tutor.play.coached_hand import CoachedHand
from shengji_tutor.play.coaching import COACH_BUDGET
from shengji_tutor.play.search import Budget, candidate_plays, play_signature
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.kinds.best import GRADING_BUDGET, BestPuzzle
from shengji_tutor.store.db import migrate, sqlite_url
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.ui.coach import CoachedGame

__all__ = ["coaching", "decide_as", "grading", "main", "run"]

TRIVIAL = "trivial.ipynb"
BARE = "bare.ipynb"
SHELL = "course.ipynb"
WALK = ("points", "trump-order", "pairs", "tractors", "following", "throws", "kitty-scoring")
"""The lessons a measured learner walks through (home → lesson 2 → … → lesson 8), one Next link at a time."""
FULL = "tractors"
"""The lesson opened as a new page, for the full-page navigation a lesson change cost before the app was one page."""
TARGET = 1.5
PAGE_TARGET = 1.2
CHANGE_TARGET = 0.5
MEMORY_TARGET = 1.3
GRADING_TARGET = 2.0
"""Seconds a best answer may take to grade, live evaluation included."""
REFILL = 8.0
"""Seconds to wait between page loads, so the pre-heated kernel pools refill as they would between learners."""


def _one_cell_notebook(path: Path, source: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


BUTTON = (
    "button = w.Button(description='Press me')\n"
    "label = w.Label('waiting')\n"
    "button.on_click(lambda _b: setattr(label, 'value', 'pressed'))\n"
    "w.VBox([button, label])"
)


def _served_notebooks(folder: Path) -> None:
    """The course's notebooks, a trivial one-button notebook, and the bare kernel: the same button after importing
    ipywidgets, anywidget and the package's course (every module the app's page imports)."""
    shutil.copytree(NOTEBOOKS, folder)
    _one_cell_notebook(folder / TRIVIAL, "import ipywidgets as w\n" + BUTTON)
    _one_cell_notebook(
        folder / BARE, "import anywidget\nimport ipywidgets as w\nimport shengji_tutor.course\n" + BUTTON
    )


def kernel_rss(kernel_id: str) -> int:
    """The resident memory (bytes) of the kernel with this id (found by its connection file in /proc)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes()
            if f"kernel-{kernel_id}.json".encode() in command:
                return int((proc / "statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            continue
    raise LookupError(f"no kernel process with id {kernel_id}")


def page_kernel(page: Any) -> str:
    """The id of the kernel behind a Voilà page."""
    config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
    return str(config["kernelId"])


def first_card(route: str) -> str:
    """The selector of the first card picture of a place of the course's page."""
    return f".sjt-shell-content.sjt-place-{route} svg"


def _measure_course(page: Any, base: str, results: dict[str, list[float]]) -> None:
    """The course's first page, lesson changes by clicking Next (click → first card), one Check, then every place
    (for the kernel's memory)."""
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{SHELL}", timeout=120_000)
    page.wait_for_selector(".sjt-place-home .sjt-home-list", timeout=120_000)
    results["course_page"].append(time.perf_counter() - start)
    link = page.locator(f".sjt-home-list a[href='#{WALK[0]}']")
    for there in WALK:
        page.wait_for_timeout(300)  # a learner reads before clicking (and the last part of the lesson arrives)
        start = time.perf_counter()
        link.click()
        page.wait_for_selector(first_card(there), timeout=60_000)
        results["lesson_change"].append(time.perf_counter() - start)
        page.wait_for_selector(f".sjt-place-{there} .sjt-footer", timeout=60_000)
        link = page.locator(f".sjt-place-{there} .sjt-footer a[rel='next']")
    results["lesson_check"].append(_check_a_puzzle(page, WALK[-1]))
    for place in PLACES:  # every place once: the learner's kernel after the whole course
        page.evaluate("route => { window.location.hash = route; }", place.route)
        page.wait_for_selector(f".sjt-shell-content.sjt-place-{place.route} h1", timeout=120_000)
        page.wait_for_timeout(200)
    page.evaluate("() => { window.location.hash = 'home'; }")
    page.wait_for_selector(".sjt-place-home .sjt-home-list", timeout=60_000)
    page.wait_for_timeout(1000)
    results["course_rss"].append(kernel_rss(page_kernel(page)))


def _check_a_puzzle(page: Any, route: str, code: str = "en") -> float:
    """Answer the shown puzzle of ``route`` right (its labels in language ``code``) and time Check → verdict."""
    from shengji_tutor.engine.seats import said_name
    from shengji_tutor.i18n import translate, use

    bank = load_bank()
    card = page.locator(f".sjt-place-{route} .sjt-puzzle").last
    pid = card.get_attribute("data-puzzle-id")
    puzzle = bank[pid]
    value = puzzle.solve()
    if puzzle.answer_kind == "number":
        card.get_by_label(translate(code, "Answer")).fill(str(value))
        card.get_by_label(translate(code, "Answer")).press("Tab")
    elif puzzle.answer_kind in ("cards", "order"):
        for token in puzzle.canonical_answer(value).split():
            card.locator(f'button.sjt-card[data-card="{token}"][aria-pressed="false"]').first.click()
    elif puzzle.answer_kind == "seat":
        with use(code):
            name = said_name(str(value))
        card.get_by_role("button", name=name, exact=True).click()
    else:
        card.get_by_role("button", name=translate(code, str(value).capitalize()), exact=True).click()
    page.wait_for_timeout(300)  # let the answer reach the kernel before timing the check
    start = time.perf_counter()
    card.get_by_role("button", name=translate(code, "Check"), exact=True).click()
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{pid}'] .sjt-feedback\")?.dataset.verdict", timeout=60_000
    )
    return time.perf_counter() - start


LANGUAGES = ("en", "zh", "ru")


def _measure_language(page: Any, base: str, results: dict[str, list[float]], code: str) -> None:
    """The course read in ``code``: the lesson changes of ``WALK`` by Next, then Check → verdict on the last."""
    page.goto(f"{base}/voila/render/{SHELL}?lang={code}", timeout=120_000)
    page.wait_for_selector(".sjt-place-home .sjt-home-list", timeout=120_000)
    link = page.locator(f".sjt-home-list a[href='#{WALK[0]}']")
    for there in WALK:
        page.wait_for_timeout(300)
        start = time.perf_counter()
        link.click()
        page.wait_for_selector(first_card(there), timeout=60_000)
        results[f"change_{code}"].append(time.perf_counter() - start)
        page.wait_for_selector(f".sjt-place-{there} .sjt-footer", timeout=60_000)
        link = page.locator(f".sjt-place-{there} .sjt-footer a[rel='next']")
    results[f"check_{code}"].append(_check_a_puzzle(page, WALK[-1], code))


def languages(
    runs: int = 5,
    chromium: str = "/usr/bin/chromium",
    browser: Any = None,
    refill: float = REFILL,
    server: str | None = None,
) -> dict[str, float]:
    """Medians (seconds) of a lesson change and of Check → verdict in each language, and zh's and ru's ratios to
    English, measured in turn against one server in each run (in ``browser`` when given: a test's own), ``refill``
    seconds apart (the test, which only checks that it measures, waits for nothing). The server is a fresh one of
    its own unless ``server`` (a base URL) is given: the test's, already running."""
    from contextlib import ExitStack

    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="sjt-bench-"))
    results: dict[str, list[float]] = {f"{what}_{code}": [] for what in ("change", "check") for code in LANGUAGES}
    try:
        with ExitStack() as stack:
            base = server or stack.enter_context(_fresh_server(work))
            if browser is None:
                p = stack.enter_context(sync_playwright())
                browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
                stack.callback(browser.close)
            time.sleep(refill * 2)
            for k in range(runs):
                for code in LANGUAGES[k % 3 :] + LANGUAGES[: k % 3]:  # each language first in turn
                    context = browser.new_context(viewport={"width": 1100, "height": 900})
                    page = context.new_page()
                    _measure_language(page, base, results, code)
                    page.close(run_before_unload=True)
                    context.close()
                    time.sleep(refill)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    m = {name: statistics.median(values) for name, values in results.items()}
    for code in ("zh", "ru"):
        for what in ("change", "check"):
            m[f"{what}_{code}_ratio"] = m[f"{what}_{code}"] / m[f"{what}_en"]
    return m


@contextmanager
def _fresh_server(work: Path) -> Iterator[str]:
    """A Voilà server of its own over a copy of the lessons, with an empty store: its base URL."""
    served = work / "notebooks"
    shutil.copytree(NOTEBOOKS, served)
    port = free_port()
    migrate(sqlite_url(work / "data" / "progress.sqlite"))
    with running(voila_command(port, notebooks=served), port, work / "voila.log", voila_env(work / "data")) as base:
        yield base


LANGUAGE_TARGET = 1.1
"""A lesson change and a Check in Chinese or Russian take at most 10 % longer than in English."""


def _measure_full(page: Any, base: str, results: dict[str, list[float]]) -> None:
    """A lesson opened as a page of its own: what every lesson change cost when each lesson was its own page."""
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{SHELL}#{FULL}", timeout=120_000)
    page.wait_for_selector(first_card(FULL), timeout=120_000)
    results["full_navigation"].append(time.perf_counter() - start)


def _measure_trivial(page: Any, base: str, results: dict[str, list[float]], notebook: str = TRIVIAL) -> None:
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{notebook}", timeout=120_000)
    button = page.get_by_role("button", name="Press me")
    button.wait_for(timeout=120_000)
    name = "trivial" if notebook == TRIVIAL else "bare"
    results[f"{name}_page"].append(time.perf_counter() - start)
    start = time.perf_counter()
    button.click()
    page.get_by_text("pressed", exact=True).wait_for(timeout=60_000)
    results[f"{name}_check"].append(time.perf_counter() - start)
    if notebook == BARE:
        page.wait_for_timeout(500)
        results["bare_rss"].append(kernel_rss(page_kernel(page)))


def run(runs: int = 5, chromium: str = "/usr/bin/chromium") -> dict[str, float]:
    """Medians (seconds; memory in bytes) and ratios for the course's page against the trivial notebook, the full
    page navigation and the bare kernel, all measured in this run."""
    work = Path(tempfile.mkdtemp(prefix="sjt-bench-"))
    served = work / "notebooks"
    _served_notebooks(served)
    port = free_port()
    names = ("course_page", "lesson_change", "lesson_check", "course_rss", "full_navigation")
    results: dict[str, list[float]] = {name: [] for name in names}
    results.update({f"{n}_{what}": [] for n in ("trivial", "bare") for what in ("page", "check")} | {"bare_rss": []})
    command = voila_command(port, notebooks=served) + [
        f"--CourseServer.preheated_pages={page}" for page in (SHELL, TRIVIAL, BARE)
    ]
    env = voila_env(work / "data")
    migrate(sqlite_url(work / "data" / "progress.sqlite"))  # as `serve` does before it starts Voilà
    try:
        with running(command, port, work / "voila.log", env) as base:
            time.sleep(REFILL * 2)  # let every pre-heated kernel finish its first run
            _measure_all(base, runs, chromium, results)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    m = {name: statistics.median(values) for name, values in results.items()}
    m["lesson_change_p95"] = statistics.quantiles(results["lesson_change"], n=20)[-1]
    m["page_ratio"] = m["course_page"] / m["trivial_page"]
    m["check_ratio"] = m["lesson_check"] / m["trivial_check"]
    m["change_ratio"] = m["lesson_change"] / m["full_navigation"]
    m["memory_ratio"] = m["course_rss"] / m["bare_rss"]
    return m


def _measure_all(base: str, runs: int, chromium: str, results: dict[str, list[float]]) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        for _ in range(runs):
            for measure in (
                _measure_trivial,
                _measure_course,
                lambda page, base, results: _measure_trivial(page, base, results, BARE),
                _measure_full,
            ):
                context = browser.new_context(viewport={"width": 1100, "height": 900})
                page = context.new_page()
                measure(page, base, results)
                page.close(run_before_unload=True)  # the page's kernel is shut down, as when a learner leaves
                context.close()
                time.sleep(REFILL)
        browser.close()


def _wrong_answer(puzzle: BestPuzzle) -> str:
    """A best puzzle's rejected answer: its first misconception, else the first play the search rejects."""
    if puzzle.spec.misconceptions:
        return str(puzzle.spec.misconceptions[0].answer)
    right = {play_signature(p, puzzle.trump) for p in puzzle.accept}
    plays = candidate_plays(puzzle.player_view, GRADING_BUDGET.candidates)
    wrong = next(p for p in plays if play_signature(p, puzzle.trump) not in right)
    return " ".join(str(c) for c in wrong)


def grading(runs: int = 5, puzzles: int | None = None) -> dict[str, float]:
    """Medians (seconds) of grading one answer in-process: a best puzzle's rejected answer on a fresh puzzle
    (``best_cold``), the same again (``best_kept``), a play puzzle's answer (``play``), and their ratio; over every
    best puzzle of the bank (or the first ``puzzles``)."""
    bank = load_bank()
    best = [p for p in bank.values() if isinstance(p, BestPuzzle)][:puzzles]
    baseline = next(p for p in bank.values() if p.kind == "play")
    results: dict[str, list[float]] = {"best_cold": [], "best_kept": [], "play": []}
    for _ in range(runs):
        for puzzle in best:
            fresh = Puzzle.from_spec(puzzle.spec, Topic(puzzle.topic, puzzle.lesson, ""))
            assert isinstance(fresh, BestPuzzle)
            answer = _wrong_answer(fresh)
            for name in ("best_cold", "best_kept"):
                start = time.perf_counter()
                fresh.grade(answer)
                results[name].append(time.perf_counter() - start)
            start = time.perf_counter()
            baseline.grade(baseline.solve())
            results["play"].append(time.perf_counter() - start)
    medians = {name: statistics.median(values) for name, values in results.items()}
    medians["best_max"] = max(results["best_cold"])
    medians["ratio"] = medians["best_cold"] / medians["play"]
    return medians


def decide_as(game: CoachedGame, bot: TableBot, declare: bool = False) -> None:
    """Make the learner's current decision in a coached game as ``bot`` would (when the deal stops for them:
    passing, unless ``declare``); the coach's tests and the coach's benchmark play hands this way."""
    view = game.round.view(SOUTH)
    asked = game.awaiting
    if asked == "declare":
        cards = bot.declare(view) if declare else None
        game.declare(cards) if cards else game.pass_declaration()
    elif asked == "bury":
        game.bury(bot.discard(view))
    elif asked == "call":
        game.call(bot.call(view))
    else:
        assert asked == "play", f"the coached game asks for nothing ({asked!r})"
        game.play(list(bot.play(view)))


def coaching(hands: int = 3, budget: Budget | None = None) -> dict[str, float]:
    """Medians (seconds) of the coach's verdict per decision kind over ``hands`` coached hands, the p95 of the
    plays' verdicts, and the search bot's decision on the same play positions (``search``) with the ratio."""
    from shengji_tutor.play.bots import HeuristicBot
    from shengji_tutor.play.search import SearchBot

    bot = HeuristicBot()
    times: dict[str, list[float]] = {"play": [], "bury": [], "declare": [], "search": [], "save": [], "resume": []}
    store = ProgressStore(Path(tempfile.mkdtemp(prefix="sjt-bench-")) / "progress.sqlite")
    for seed in range(hands):
        game = CoachedGame(CoachedHand(seed=seed, grading=None))
        while game.awaiting is not None:
            decide_as(game, bot, declare=True)
        game.grading = budget or COACH_BUDGET
        for k, decision in enumerate(game.decisions):
            start = time.perf_counter()
            verdict = game.model.grade(decision.kind, decision.view, decision.choice)
            times.setdefault(decision.kind, []).append(time.perf_counter() - start)
            game.decisions[k] = dataclasses.replace(decision, assessment=verdict)
            if decision.kind == "play":
                start = time.perf_counter()
                SearchBot(seed=seed).play(decision.view)
                times["search"].append(time.perf_counter() - start)
        for _ in range(5):  # the whole hand with every verdict: the most a save after a decision ever writes
            start = time.perf_counter()
            store.save_work("hand", game.saved())
            times["save"].append(time.perf_counter() - start)
            start = time.perf_counter()
            CoachedGame(CoachedHand(grading=None)).resume(store.work("hand") or "")
            times["resume"].append(time.perf_counter() - start)
    out = {name: statistics.median(values) for name, values in times.items() if values}
    out["save_ratio"] = out["save"] / out["play"]
    plays = sorted(times["play"])
    out["play_p95"] = plays[min(len(plays) - 1, round(0.95 * (len(plays) - 1)))]
    out["ratio"] = out["play"] / out["search"]
    out["decisions"] = float(sum(len(v) for k, v in times.items() if k not in ("search", "save", "resume")))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.app", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads of each notebook (default 5)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--grading", action="store_true", help="time grading in-process (no browser) instead")
    parser.add_argument("--coach", action="store_true", help="time lesson 10's coach in-process (--runs hands)")
    parser.add_argument(
        "--languages", action="store_true", help="time lesson changes and Check in English, 中文 and Русский"
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be positive")
    if args.languages:
        got = languages(args.runs)
        if args.json:
            print(json.dumps(got, indent=2))
            return 0
        for code in LANGUAGES:
            line = f"{code}  lesson change {got[f'change_{code}'] * 1000:6.0f} ms   check {got[f'check_{code}'] * 1000:5.0f} ms"
            if code != "en":
                ratios = (got[f"change_{code}_ratio"], got[f"check_{code}_ratio"])
                verdict = "OK" if max(ratios) <= LANGUAGE_TARGET else "ABOVE TARGET"
                line += (
                    f"   ratios to English {ratios[0]:.2f} / {ratios[1]:.2f} (target ≤ {LANGUAGE_TARGET})  {verdict}"
                )
            print(line)
        return 0
    if args.coach:
        c = coaching(args.runs)
        if args.json:
            print(json.dumps(c, indent=2))
            return 0
        kinds = "   ".join(f"{k} {c[k] * 1000:.0f} ms" for k in ("play", "bury", "declare", "call") if k in c)
        print(
            f"coach  {int(c['decisions'])} verdicts: {kinds}   play p95 {c['play_p95'] * 1000:.0f} ms   "
            f"search bot's decision {c['search'] * 1000:.0f} ms   ratio {c['ratio']:.1f}\n"
            f"saved hand: save {c['save'] * 1000:.1f} ms (ratio to a play's verdict {c['save_ratio']:.3f})   "
            f"resume after a reload {c['resume'] * 1000:.0f} ms"
        )
        return 0
    if args.grading:
        g = grading(args.runs)
        if args.json:
            print(json.dumps(g, indent=2))
            return 0
        verdict = "OK" if g["best_max"] <= GRADING_TARGET else "ABOVE TARGET"
        print(
            f"grade  best answer {g['best_cold'] * 1000:7.0f} ms (max {g['best_max'] * 1000:.0f} ms, kept "
            f"{g['best_kept'] * 1000:.2f} ms)   play puzzle {g['play'] * 1000:.2f} ms   ratio {g['ratio']:.0f}   "
            f"(target ≤ {GRADING_TARGET:.0f} s)   {verdict}"
        )
        return 0
    m = run(args.runs)
    if args.json:
        print(json.dumps(m, indent=2))
        return 0
    print(report(m))
    return 0


def report(m: dict[str, float]) -> str:
    """The browser figures, one line each, against their targets."""

    def verdict(ratio: float, target: float) -> str:
        return f"ratio {ratio:4.2f} (target ≤ {target})   {'OK' if ratio <= target else 'ABOVE TARGET'}"

    mib = 2**20
    return "\n".join(
        [
            f"page    course home {m['course_page'] * 1000:6.0f} ms   trivial notebook {m['trivial_page'] * 1000:6.0f} ms"
            f"   {verdict(m['page_ratio'], PAGE_TARGET)}",
            f"change  lesson change {m['lesson_change'] * 1000:6.0f} ms (p95 {m['lesson_change_p95'] * 1000:.0f} ms, "
            f"target ≤ {CHANGE_TARGET * 1000:.0f} ms)   full page navigation {m['full_navigation'] * 1000:6.0f} ms   "
            f"ratio {m['change_ratio']:4.2f}",
            f"check   lesson {m['lesson_check'] * 1000:6.0f} ms   trivial button {m['trivial_check'] * 1000:6.0f} ms   "
            f"{verdict(m['check_ratio'], TARGET)}",
            f"memory  learner's kernel after every place {m['course_rss'] / mib:5.0f} MiB   bare kernel "
            f"{m['bare_rss'] / mib:5.0f} MiB   {verdict(m['memory_ratio'], MEMORY_TARGET)}",
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
