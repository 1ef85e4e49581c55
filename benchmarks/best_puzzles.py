"""Lesson 11's best-play puzzles against a deep reference: does a much longer search accept what the puzzle accepts?

    python -m benchmarks.best_puzzles                  # every best puzzle, 4 x the grading deals, 2 workers
    python -m benchmarks.best_puzzles --scale 2 --workers 1 --limit 3   # a quick look

``check-exercises`` already holds every best puzzle to the search at its grading budget
(``puzzles.kinds.best.GRADING_BUDGET``: the best chosen on 48 deals, losses measured on 192 fresh ones, up to
1536 for a close call) at the seeds 0, 1 and 2: the accepted set must be the puzzle's ``accept`` at each, with a
clear margin. This benchmark asks the deeper question: the same race at ``--scale`` times the deals (4 by
default, that is 16 times the coach's) with an independent seed. Reported: the share of puzzles whose deep
accepted set is the puzzle's, and for the others what the deep search accepts instead.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor.engine.cards import format_cards
from shengji_tutor.play.coaching import judge_plays
from shengji_tutor.play.search import Budget, play_signature
from shengji_tutor.puzzles.bank import load_bank
from shengji_tutor.puzzles.kinds.best import GRADING_BUDGET, BestPuzzle

__all__ = ["DEEP_SEED", "deep_verdict", "main", "run"]

DEEP_SEED = 1000
"""The deep reference's seed: independent of the seeds ``check-exercises`` grades with."""


def _best_ids() -> list[str]:
    return [pid for pid, p in load_bank().items() if isinstance(p, BestPuzzle)]


def deep_verdict(job: tuple[str, int]) -> dict[str, Any]:
    """One puzzle judged at ``scale`` times the grading deals: whether its accepted set is the puzzle's."""
    pid, scale = job
    puzzle = load_bank()[pid]
    assert isinstance(puzzle, BestPuzzle)
    view = puzzle.player_view
    trump = view.trump
    assert trump is not None
    budget = Budget(samples=GRADING_BUDGET.samples * scale, candidates=GRADING_BUDGET.candidates)
    began = time.perf_counter()
    options = judge_plays(view, budget, DEEP_SEED)
    took = time.perf_counter() - began
    stored = {play_signature(p, trump) for p in puzzle.accept}
    found = {play_signature(o.choice, trump) for o in options if o.grade == "good"}
    return {
        "id": pid,
        "agrees": found == stored,
        "accept": [format_cards(p) for p in puzzle.accept],
        "deep": [f"{format_cards(o.choice)} {o.status} {o.loss:+.3f}±{o.error:.3f}" for o in options],
        "seconds": took,
    }


def run(scale: int = 4, workers: int = 2, limit: int | None = None) -> list[dict[str, Any]]:
    ids = _best_ids()[:limit]
    jobs = [(pid, scale) for pid in ids]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            return pool.map(deep_verdict, jobs, chunksize=1)
    return [deep_verdict(j) for j in jobs]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.best_puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=4, help="the deep reference's multiple of the grading deals")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--limit", type=int, default=None, help="only the first N best puzzles")
    args = parser.parse_args(argv)
    results = run(args.scale, args.workers, args.limit)
    agree = sum(r["agrees"] for r in results)
    for r in results:
        mark = "agrees" if r["agrees"] else "DIFFERS"
        print(f"{r['id']}: {mark} ({r['seconds']:.0f} s); accept {', '.join(r['accept'])}")
        if not r["agrees"]:
            for line in r["deep"]:
                print(f"    {line}")
    print(
        f"best puzzles agreeing with the deep reference ({args.scale} x the grading deals): {agree} of {len(results)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
