"""How fast the course feels in a browser, relative to a trivial notebook served by the same Voilà.

    python -m benchmarks.app --runs 5

Serves a copy of notebooks/ plus a one-button notebook with the course's own
Voilà command (pre-heated kernels), then in headless Chromium measures, for a
lesson and for the trivial notebook alternately:

- page: from navigation to the first puzzle being ready (the trivial page: its button);
- check: from pressing Check to the verdict (the trivial page: from the click to Python's reply).

It prints the medians and their ratios (targets: both ≤ 1.5).

    python -m benchmarks.app --grading --runs 5

measures grading in the kernel's process instead (no browser): a best-play
puzzle's answer (lesson 11) on a freshly loaded puzzle — the verdict is stored,
the explanation plays out the answer and the best play on the grading deals —,
the same answer again (kept), and, as the baseline in the same run, a "play"
puzzle's answer. Target: a best answer ≤ 2 s.

    python -m benchmarks.app --coach --runs 3

measures lesson 10's coach in-process: the verdict on each decision of
``--runs`` coached hands (South declaring, burying and playing as the heuristic
bot would), by kind, against the search bot's own decision on the same play
positions in the same run (its default budget). Target: a play's verdict ≤ 1 s
median, so the coach answers while the learner still looks at the trick.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import nbformat

from benchmarks.browser import CHROMIUM_FLAGS, free_port, running
from shengji_tutor.app.serve import NOTEBOOKS, voila_command, voila_env
from shengji_tutor.play.bots import Bot
from shengji_tutor.play.coaching import COACH_BUDGET
from shengji_tutor.play.search import Budget, candidate_plays, play_signature
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.kinds.best import GRADING_BUDGET, BestPuzzle
from shengji_tutor.ui.coach import LEARNER, CoachedGame

__all__ = ["coaching", "decide_as", "grading", "main", "run"]

TRIVIAL = "trivial.ipynb"
LESSON = "02-points.ipynb"
TARGET = 1.5
GRADING_TARGET = 2.0
"""Seconds a best answer may take to grade, live evaluation included."""
REFILL = 6.0
"""Seconds to wait between page loads, so the pre-heated kernel pool refills as it would between learners."""


def _trivial_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import ipywidgets as w\n"
            "button = w.Button(description='Press me')\n"
            "label = w.Label('waiting')\n"
            "button.on_click(lambda _b: setattr(label, 'value', 'pressed'))\n"
            "w.VBox([button, label])"
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


def _measure_lesson(page: Any, base: str) -> tuple[float, float]:
    bank = load_bank()
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{LESSON}", timeout=120_000)
    page.wait_for_selector(".sjt-puzzle[data-puzzle-id]", timeout=120_000)
    loaded = time.perf_counter() - start
    card = page.locator(".sjt-puzzle").last
    pid = card.get_attribute("data-puzzle-id")
    puzzle = bank[pid]
    value = puzzle.solve()
    if puzzle.answer_kind == "number":
        card.get_by_label("Answer").fill(str(value))
        card.get_by_label("Answer").press("Tab")
    elif puzzle.answer_kind in ("cards", "order"):
        for token in puzzle.canonical_answer(value).split():
            card.locator(f'button.sjt-card[data-card="{token}"][aria-pressed="false"]').first.click()
    elif puzzle.answer_kind == "seat":
        card.get_by_role("button", name=value, exact=True).click()
    else:
        card.get_by_role("button", name=str(value).capitalize(), exact=True).click()
    page.wait_for_timeout(300)  # let the answer reach the kernel before timing the check
    start = time.perf_counter()
    card.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{pid}'] .sjt-feedback\")?.dataset.verdict", timeout=60_000
    )
    return loaded, time.perf_counter() - start


def _measure_trivial(page: Any, base: str) -> tuple[float, float]:
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{TRIVIAL}", timeout=120_000)
    button = page.get_by_role("button", name="Press me")
    button.wait_for(timeout=120_000)
    loaded = time.perf_counter() - start
    start = time.perf_counter()
    button.click()
    page.get_by_text("pressed", exact=True).wait_for(timeout=60_000)
    return loaded, time.perf_counter() - start


def run(runs: int = 5, chromium: str = "/usr/bin/chromium") -> dict[str, float]:
    """Medians (seconds) and ratios for the lesson against the trivial notebook."""
    work = Path(tempfile.mkdtemp(prefix="sjt-bench-"))
    served = work / "notebooks"
    shutil.copytree(NOTEBOOKS, served)
    _trivial_notebook(served / TRIVIAL)
    port = free_port()
    results: dict[str, list[float]] = {"lesson_page": [], "lesson_check": [], "trivial_page": [], "trivial_check": []}
    command, env = voila_command(port, notebooks=served), voila_env(work / "data")
    try:
        with running(command, port, work / "voila.log", env) as base:
            time.sleep(REFILL * 2)  # let every pre-heated kernel finish its first run
            _measure_all(base, runs, chromium, results)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    medians = {name: statistics.median(values) for name, values in results.items()}
    medians["page_ratio"] = medians["lesson_page"] / medians["trivial_page"]
    medians["check_ratio"] = medians["lesson_check"] / medians["trivial_check"]
    return medians


def _measure_all(base: str, runs: int, chromium: str, results: dict[str, list[float]]) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        for _ in range(runs):
            for name, measure in (("trivial", _measure_trivial), ("lesson", _measure_lesson)):
                context = browser.new_context(viewport={"width": 1100, "height": 900})
                page = context.new_page()
                loaded, checked = measure(page, base)
                results[f"{name}_page"].append(loaded)
                results[f"{name}_check"].append(checked)
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


def decide_as(game: CoachedGame, bot: Bot, declare: bool = False) -> None:
    """Make the learner's current decision in a coached game as ``bot`` would (when the deal stops for them:
    passing, unless ``declare``); the coach's tests and the coach's benchmark play hands this way."""
    view = game.round.view(LEARNER)
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
    times: dict[str, list[float]] = {"play": [], "bury": [], "declare": [], "search": []}
    for seed in range(hands):
        game = CoachedGame(seed=seed, grading=None)
        while game.awaiting is not None:
            decide_as(game, bot, declare=True)
        game.grading = budget or COACH_BUDGET
        for decision in game.decisions:
            start = time.perf_counter()
            game._grade(decision.kind, decision.view, decision.choice)
            times.setdefault(decision.kind, []).append(time.perf_counter() - start)
            if decision.kind == "play":
                start = time.perf_counter()
                SearchBot(seed=seed).play(decision.view)
                times["search"].append(time.perf_counter() - start)
    out = {name: statistics.median(values) for name, values in times.items() if values}
    plays = sorted(times["play"])
    out["play_p95"] = plays[min(len(plays) - 1, round(0.95 * (len(plays) - 1)))]
    out["ratio"] = out["play"] / out["search"]
    out["decisions"] = float(sum(len(v) for k, v in times.items() if k != "search"))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.app", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads of each notebook (default 5)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--grading", action="store_true", help="time grading in-process (no browser) instead")
    parser.add_argument("--coach", action="store_true", help="time lesson 10's coach in-process (--runs hands)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be positive")
    if args.coach:
        c = coaching(args.runs)
        if args.json:
            print(json.dumps(c, indent=2))
            return 0
        kinds = "   ".join(f"{k} {c[k] * 1000:.0f} ms" for k in ("play", "bury", "declare", "call") if k in c)
        print(
            f"coach  {int(c['decisions'])} verdicts: {kinds}   play p95 {c['play_p95'] * 1000:.0f} ms   "
            f"search bot's decision {c['search'] * 1000:.0f} ms   ratio {c['ratio']:.1f}"
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
    for what in ("page", "check"):
        ratio = m[f"{what}_ratio"]
        verdict = "OK" if ratio <= TARGET else "ABOVE TARGET"
        print(
            f"{what:<6} lesson {m[f'lesson_{what}'] * 1000:7.0f} ms   trivial {m[f'trivial_{what}'] * 1000:7.0f} ms   "
            f"ratio {ratio:4.2f} (target ≤ {TARGET})   {verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
