"""Learn from your mistakes: kept plays come back as "find a better play" puzzles, and leave the queue once solved."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from shengji_tutor.course.review import EMPTY, MistakeReview
from shengji_tutor.engine.cards import Card, format_cards, points
from shengji_tutor.engine.plays import strength_spent
from shengji_tutor.play.bots import HeuristicBot
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.record import Position
from shengji_tutor.play.round import Round
from shengji_tutor.puzzles.mistakes import mistake_puzzle
from shengji_tutor.store.progress import ProgressStore

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)

BOT = HeuristicBot()
SOUTH = 2


def south_decision(seed: int, cards: int) -> Round:
    """A round of heuristic bots stopped at South's first play holding at most ``cards`` cards."""
    rnd = Round(seed=seed, dealer=0, rank="7")
    prepare_round(rnd, [BOT] * 4)
    while not (rnd.to_act == SOUTH and len(rnd.hand(SOUTH)) <= cards):
        seat = rnd.to_act
        assert seat is not None
        rnd.play(seat, BOT.play(rnd.view(seat)))
    return rnd


def dearest(rnd: Round) -> tuple[Card, ...]:
    trump = rnd.trump
    assert trump is not None
    plays: list[tuple[Card, ...]] = list(rnd.legal_plays(SOUTH))
    return max(plays, key=lambda p: (strength_spent(p, trump), points(p)))


@functools.cache
def real_mistakes() -> tuple[tuple[str, str], ...]:
    """The first two real mistakes of the seeded rounds (the dearest play where the search finds it clearly worse),
    as (position, play): searched once for the file's tests (the search is seeded, so every test would find the
    same ones)."""
    out = []
    for seed in range(40):
        rnd = south_decision(seed, 8)
        position, play = Position.of(rnd).to_json(), format_cards(dearest(rnd), symbols=False)
        if mistake_puzzle(position, play, 0) is not None:
            out.append((position, play))
        if len(out) == 2:
            return tuple(out)
    raise AssertionError("no seed gave enough mistakes")


def kept_mistakes(store: ProgressStore, count: int) -> list[tuple[int, str, str]]:
    """Keep ``count`` (one or two) real mistakes in ``store``: (id, position, play)."""
    return [
        (store.keep_mistake(position, play, "blunder", 1.0), position, play)
        for position, play in real_mistakes()[:count]
    ]


def showing(review: MistakeReview) -> str | None:
    """The id of the puzzle the review shows (None: none)."""
    return None if review.puzzle is None else review.puzzle.id


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.sqlite")


def test_a_kept_mistake_is_a_puzzle_that_refuses_the_play_made_and_accepts_the_best(store: ProgressStore) -> None:
    ((mistake_id, position, play),) = kept_mistakes(store, 1)
    puzzle = mistake_puzzle(position, play, mistake_id)
    assert puzzle is not None
    assert puzzle.id == f"mistake-{mistake_id}"
    assert format_cards(play) in puzzle.prompt
    assert sorted(c.id for c in puzzle.view().hand) == sorted(c.id for c in Position.from_json(position).view().hand)
    wrong = puzzle.grade(play)
    assert not wrong.correct
    assert wrong.explanation.split(":")[0] in ("Inaccuracy", "Mistake", "Blunder")
    assert "your play was measured against it on" in wrong.explanation  # fresh deals, not those it was chosen on
    right = puzzle.grade(puzzle.solve())
    assert right.correct
    assert "The best play found." in right.explanation


def test_a_play_good_after_all_makes_no_puzzle() -> None:
    rnd = south_decision(3, 8)
    best = mistake_puzzle(Position.of(rnd).to_json(), format_cards(dearest(rnd), symbols=False), 0)
    position = Position.of(rnd).to_json()
    if best is None:  # the dearest play was good here: the same holds for itself
        assert mistake_puzzle(position, format_cards(dearest(rnd), symbols=False), 0) is None
        return
    assert mistake_puzzle(position, format_cards(best.accept[0], symbols=False), 0) is None


def test_the_review_shows_each_mistake_and_a_right_answer_takes_it_off_the_list(store: ProgressStore) -> None:
    kept = kept_mistakes(store, 2)
    review = MistakeReview(store)
    assert "2 mistakes to solve again" in review.status.value
    assert review.card is not None
    assert review.puzzle is not None
    assert review.puzzle.id == f"mistake-{kept[0][0]}"
    review._checked(review.puzzle.grade(kept[0][2]), kept[0][2])  # the same play again: still a mistake
    assert [m.id for m in store.mistakes()] == [k[0] for k in kept]
    review._checked(review.puzzle.grade(review.puzzle.solve()), review.puzzle.solve())
    assert [m.id for m in store.mistakes()] == [kept[1][0]]
    review._next()
    assert review.puzzle is not None
    assert review.puzzle.id == f"mistake-{kept[1][0]}"
    assert "1 mistake to solve again" in review.status.value
    review._next()  # not solved: it comes round again
    assert review.puzzle is not None
    assert review.puzzle.id == f"mistake-{kept[1][0]}"
    review._checked(review.puzzle.grade(review.puzzle.solve()), review.puzzle.solve())
    review._next()
    assert showing(review) is None
    assert store.mistakes() == []
    assert EMPTY in review.status.value


def test_an_empty_list_and_new_mistakes_after_a_hand(store: ProgressStore) -> None:
    review = MistakeReview(store)
    assert EMPTY in review.status.value
    assert review.card is None
    kept_mistakes(store, 1)
    review.refresh()
    assert "1 mistake to solve again" in review.status.value
    assert review.card is not None


def test_a_store_that_cannot_be_read_says_so(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.store.schema import StoreError

    review = MistakeReview(store)

    def broken() -> list[object]:
        raise StoreError("the database is unreachable")

    monkeypatch.setattr(store, "mistakes", broken)
    review.refresh()
    assert "could not be read: the database is unreachable" in review.status.value


def test_a_shown_answer_does_not_solve_the_mistake(store: ProgressStore) -> None:
    kept = kept_mistakes(store, 1)
    review = MistakeReview(store)
    assert review.card is not None
    assert review.puzzle is not None
    review.card.browser_event({"event": "reveal"})
    assert review.card.verdict == "shown"
    review._checked(review.puzzle.grade(review.puzzle.solve()), review.puzzle.solve())  # copying the shown play
    assert [m.id for m in store.mistakes()] == [kept[0][0]]
    assert "stays in your list" in review.card.progress
    review._next()  # next time round it can be solved
    assert review.puzzle is not None
    review._checked(review.puzzle.grade(review.puzzle.solve()), review.puzzle.solve())
    assert store.mistakes() == []
