"""The practice generator: every kind at every difficulty, answers that cannot be guessed, what the learner sees.

The balance figures are read off 500 seeded puzzles per topic (difficulty drawn
at random, as when none is asked), so they are the same on every run.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache

import pytest

from shengji_tutor.engine.cards import Card, points
from shengji_tutor.engine.follow import legal_follow
from shengji_tutor.engine.scoring import largest_unit
from shengji_tutor.engine.tricks import check_throw
from shengji_tutor.engine.units import lead_format
from shengji_tutor.puzzles import Puzzle, check_puzzle
from shengji_tutor.puzzles.construct import THROW_SHAPES, kitty_position, throw_position
from shengji_tutor.puzzles.generate import GENERATED_KINDS, LEVELS, MAX_ACCEPTED, generate
from shengji_tutor.puzzles.kinds.legal import LegalPuzzle
from shengji_tutor.puzzles.kinds.play import PlayPuzzle
from shengji_tutor.puzzles.kinds.points import PointsPuzzle
from shengji_tutor.puzzles.kinds.throw import ThrowPuzzle
from shengji_tutor.ui.puzzle_view import puzzle_card_args
from shengji_tutor.ui.render import card_label

SAMPLE = 500
FAST_KINDS = [k for k in GENERATED_KINDS if k != "best"]


@cache
def sample(kind: str) -> tuple[Puzzle, ...]:
    """500 puzzles of a kind, at a random difficulty each (seeds 0–499)."""
    return tuple(generate(kind, None, seed=seed) for seed in range(SAMPLE))


def share(flags: list[bool]) -> float:
    return sum(flags) / len(flags)


# -- every kind at every difficulty ------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", FAST_KINDS)
def test_every_kind_generates_at_every_difficulty(kind: str, level: int) -> None:
    for seed in range(3):
        puzzle = generate(kind, level, seed=seed)
        assert puzzle.difficulty == level
        assert check_puzzle(puzzle) == []
        assert puzzle.grade(puzzle.solve()).correct


# A best puzzle is searched for in self-played rounds (seconds each): one seed per difficulty, chosen quick.
@pytest.mark.slow
@pytest.mark.parametrize(("level", "seed"), [(1, 3), (2, 4), (3, 1)])
def test_best_puzzles_generate_at_every_difficulty(level: int, seed: int) -> None:
    puzzle = generate("best", level, seed=seed)
    assert puzzle.difficulty == level
    assert check_puzzle(puzzle) == []


def test_the_pairs_self_play_never_gave_are_dealt_to_order() -> None:
    """Bots bury no points and rarely throw singles: the kitty (points, 3) and singles' throws (throw, 1) are dealt."""
    for seed in range(5):
        kitty = generate("points", 3, seed=seed)
        assert isinstance(kitty, PointsPuzzle)
        assert kitty.spec.count == "kitty"
        assert points(kitty.spec.kitty) > 0
        throw = generate("throw", 1, seed=seed)
        assert isinstance(throw, ThrowPuzzle)
        assert throw.spec.ask == "safe"
        assert {u.shape for u in lead_format(throw.lead, throw.trump).units} == {(1, 1)}


def test_a_difficulty_left_open_is_drawn_from_all_three() -> None:
    assert {p.difficulty for p in sample("points")} == set(LEVELS)
    assert max(Counter(p.difficulty for p in sample("points")).values()) < 0.4 * SAMPLE


@pytest.mark.parametrize("kind", FAST_KINDS)
def test_generation_is_seeded(kind: str) -> None:
    assert generate(kind, 2, seed=11).spec == generate(kind, 2, seed=11).spec


def test_bad_difficulty_and_no_puzzle_found_are_named() -> None:
    with pytest.raises(ValueError, match="difficulty is 1, 2 or 3, not 4"):
        generate("legal", 4)
    with pytest.raises(RuntimeError, match="no legal puzzle of difficulty 2"):
        generate("legal", 2, attempts=0)


# -- answers that cannot be guessed ------------------------------------------------------------


def test_legal_puzzles_say_yes_about_half_the_time() -> None:
    puzzles = sample("legal")
    assert 0.4 <= share([p.solve() == "yes" for p in puzzles]) <= 0.6


@pytest.mark.slow
def test_most_legal_and_play_puzzles_are_led_by_several_cards() -> None:
    for kind in ("legal", "play"):
        leads = [p.trick[0] for p in sample(kind) if isinstance(p, LegalPuzzle | PlayPuzzle)]
        assert len(leads) == SAMPLE
        assert share([len(lead) > 1 for lead in leads]) > 0.55, kind


def test_an_illegal_play_is_a_near_miss() -> None:
    """A "no" shows a legal play with one card changed, the mistake a beginner makes, not a random handful."""
    for puzzle in sample("legal")[:100]:
        assert isinstance(puzzle, LegalPuzzle)
        if puzzle.solve() == "yes":
            continue
        hand, lead, play = puzzle.hand, puzzle.trick[0], puzzle.play
        rest = Counter(hand) - Counter(play)
        near = (
            [*play[:i], card, *play[i + 1 :]] for i in range(len(play)) for card in rest if card not in play[i : i + 1]
        )
        assert any(legal_follow(hand, lead, other, puzzle.trump) for other in near), puzzle.spec


def test_play_puzzles_accept_at_most_three_plays() -> None:
    for puzzle in sample("play"):
        assert isinstance(puzzle, PlayPuzzle)
        accepted = {puzzle.canonical_answer(p) for p in puzzle.correct_plays}
        assert 1 <= len(accepted) <= MAX_ACCEPTED, puzzle.spec


def test_throws_stand_about_half_the_time() -> None:
    puzzles = [p for p in sample("throw") if isinstance(p, ThrowPuzzle)]
    assert len(puzzles) == SAMPLE
    stands = [check_throw(p.lead, p.others, p.trump).ok for p in puzzles]
    assert 0.4 <= share(stands) <= 0.6  # of all the throws shown
    asked = [p.solve() == "yes" for p in puzzles if p.spec.ask == "safe"]
    assert 0.4 <= share(asked) <= 0.6  # of the "Is the throw safe?" answers
    forced = [p for p in puzzles if p.spec.ask == "forced"]
    assert forced
    assert all(p.difficulty == 3 for p in forced)


@pytest.mark.parametrize("level", LEVELS)
def test_a_throws_difficulty_is_its_shape(level: int) -> None:
    for seed in range(10):
        puzzle = generate("throw", level, seed=seed)
        assert isinstance(puzzle, ThrowPuzzle)
        units = lead_format(puzzle.lead, puzzle.trump).units
        shape = tuple(sorted(u.shape for u in units))
        if puzzle.spec.ask == "safe":
            assert shape in {tuple(sorted(s)) for s in THROW_SHAPES[level]}


# -- the points still out: the learner sees the tricks ----------------------------------------------------


def test_a_third_of_points_puzzles_ask_what_is_still_out() -> None:
    counts = Counter(p.spec.count for p in sample("points") if isinstance(p, PointsPuzzle))
    assert 0.25 * SAMPLE <= counts["remaining"] <= 0.42 * SAMPLE
    assert counts["kitty"] >= 0.25 * SAMPLE


def test_the_tricks_taken_are_shown_card_by_card() -> None:
    shown = 0
    for puzzle in sample("points"):
        assert isinstance(puzzle, PointsPuzzle)
        if not puzzle.spec.taken:
            continue
        taken = [puzzle._cards(text, "taken") for text in puzzle.spec.taken]
        assert [list(t) for t in puzzle.view().taken] == taken
        picture = puzzle_card_args(puzzle)["picture"]
        labels = re.findall(r'class="sjt-card-svg" role="img" aria-label="([^"]*)"', picture)
        assert Counter(labels) == Counter(card_label(c, puzzle.trump) for t in taken for c in t)
        assert f"Trick {len(taken)}" in picture
        shown += 1
    assert shown >= 0.25 * SAMPLE


# -- positions dealt to order ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("safe", [True, False])
def test_a_throw_is_dealt_with_the_verdict_asked_for(level: int, safe: bool) -> None:
    rng = random.Random(level * 10 + safe)
    for _ in range(30):
        trump, lead, others = throw_position(rng, level, safe)
        assert check_throw(lead, others, trump).ok == safe
        fmt = lead_format(lead, trump)
        assert fmt.kind == "throw"
        assert fmt.suit != "trump"
        assert tuple(sorted(u.shape for u in fmt.units)) in {tuple(sorted(s)) for s in THROW_SHAPES[level]}
        assert len({len(h) for h in others}) == 1
        assert max(Counter([*lead, *(c for h in others for c in h)]).values()) <= 2


def test_a_kitty_holds_points_and_every_multiplier_comes_up() -> None:
    rng = random.Random(8)
    sizes: Counter[int] = Counter()
    for _ in range(200):
        trump, kitty, play = kitty_position(rng)
        assert len(kitty) == 8
        assert points(kitty) > 0
        assert not any(trump.is_trump(c) for c in kitty)
        assert max(Counter([*kitty, *play]).values()) <= 2
        sizes[largest_unit(play, trump)] += 1
    assert set(sizes) == {1, 2, 4, 6}  # ×2, ×4, ×8, ×12


def test_a_kitty_puzzle_shows_the_kitty_and_is_counted_by_the_engine() -> None:
    puzzle = generate("points", 3, seed=2)
    assert isinstance(puzzle, PointsPuzzle)
    kitty = [Card.parse(t) for t in puzzle.spec.kitty.split()]
    assert sorted(c.id for c in puzzle.view().hand) == sorted(c.id for c in kitty)
    assert puzzle.view().hand_label == "The kitty"
    assert "RULES §9" in puzzle.grade(puzzle.solve()).explanation
