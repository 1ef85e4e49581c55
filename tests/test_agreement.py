"""Every sentence a learner reads after answering agrees in number and article: "1 point", "2 points", "an 8",
"a 7" — in the bank's verdicts and hints, practice's generated puzzles, and the coach's words over whole hands."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bare_values import disagreements

from benchmarks.app import decide_as
from shengji_tutor.play.bots import HeuristicBot
from shengji_tutor.play.coached_hand import CoachedHand
from shengji_tutor.play.search import Budget
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.ui.coach import CoachedGame


def told(puzzle: Puzzle) -> Iterator[str]:
    """What a puzzle says: its prompt and context, its hints, the solution in words, and its verdict on the right
    answer and on each beginner's mistake the author foresaw."""
    view = puzzle.view()
    yield puzzle.prompt
    yield view.context
    yield from (step.text for step in puzzle.hint_steps())
    yield puzzle.solution_text()
    yield puzzle.grade(puzzle.solve()).explanation
    for mistake in puzzle.spec.misconceptions:
        yield puzzle.grade(mistake.answer).explanation


def test_the_checker_finds_what_it_is_for() -> None:
    assert disagreements(["You gave West 1 points.", "whoever is dealt a 8", "an king", "a ace"]) == [
        "You gave West 1 points.",
        "whoever is dealt a 8",
        "an king",
        "a ace",
    ]
    assert disagreements(["1 point, 2 points, an 8, a 7, a one-deck table, a unit, 0.1 levels, 1 of 2"]) == []


@pytest.mark.slow
@pytest.mark.parametrize("lesson", range(2, 14))
def test_the_banks_words_agree(lesson: int) -> None:
    found = []
    for puzzle in load_bank().values():
        if puzzle.lesson == lesson:
            found += [f"{puzzle.id}: {d}" for d in disagreements(told(puzzle))]
    assert found == []


@pytest.mark.parametrize("kind", ["winner", "legal", "play", "points", "throw", "order"])
def test_practices_words_agree(kind: str) -> None:
    from shengji_tutor.puzzles.generate import generate

    found = []
    for seed in range(12):
        puzzle = generate(kind, 1 + seed % 3, seed=seed)
        found += [f"{kind} {seed}: {d}" for d in disagreements(told(puzzle))]
    assert found == []


def coach_words(game: CoachedGame) -> list[str]:
    return [game.status.value, game.coach.value, game.verdict.value, game.summary.value]


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 4), (3, 5), (4, 6)])
def test_the_coachs_words_agree_over_whole_hands(seed: int, players: int) -> None:
    from shengji_tutor.engine.rules import RuleSet

    bot = HeuristicBot()
    graded = Budget(samples=4, candidates=4) if seed == 1 else None
    game = CoachedGame(CoachedHand(seed=seed, grading=graded, rules=RuleSet(players=players)))
    texts = coach_words(game)
    while game.awaiting is not None:
        decide_as(game, bot, declare=seed % 2 == 0)
        texts += coach_words(game)
    assert disagreements(texts) == []
