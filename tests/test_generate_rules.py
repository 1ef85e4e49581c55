"""Practice puzzles under a table's own house rules (RULES §1, §6, §9, §11): the round is played, the position dealt
and the puzzle graded under them, the spec carries them, and the puzzles show what the variant changes.

Each variant's figures are read off 40 seeded puzzles per kind (seeds 0–39, difficulty drawn at random).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from shengji_tutor.engine.cards import Card, points
from shengji_tutor.engine.follow import legal_follow
from shengji_tutor.engine.rules import RuleSet, rule_changes
from shengji_tutor.engine.scoring import largest_unit
from shengji_tutor.engine.units import lead_format
from shengji_tutor.puzzles import Puzzle, check_puzzle
from shengji_tutor.puzzles.base import TrickPuzzle
from shengji_tutor.puzzles.generate import GENERATED_KINDS, generate, practice_rules
from shengji_tutor.puzzles.kinds.legal import LegalPuzzle
from shengji_tutor.puzzles.kinds.order import OrderPuzzle
from shengji_tutor.puzzles.kinds.points import PointsPuzzle
from shengji_tutor.puzzles.kinds.throw import ThrowPuzzle

SAMPLE = 40
FAST_KINDS = [k for k in GENERATED_KINDS if k != "best"]
VARIANTS = {
    "one-deck": RuleSet(decks=1),
    "three-decks": RuleSet(decks=3),
    "red-fives": RuleSet(red_five="5H+5D"),
    "protect-longer": RuleSet(follow="protect-longer"),
    "kitty-power": RuleSet(kitty_multiplier="power"),
}


@cache
def sample(variant: str, kind: str) -> tuple[Puzzle, ...]:
    return tuple(generate(kind, None, seed=seed, rules=VARIANTS[variant]) for seed in range(SAMPLE))


def order_of(puzzle: Puzzle) -> list[str]:
    """An order puzzle's answer: its cards' tokens, highest first."""
    solution = puzzle.solve()
    assert isinstance(solution, list)
    return solution


def trick_cards(puzzle: Puzzle) -> list[list[Card]]:
    return list(puzzle.trick) if isinstance(puzzle, TrickPuzzle) else []


# -- every kind, every variant: the rules travel with the puzzle ----------------------------------------


@pytest.mark.parametrize("kind", FAST_KINDS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_kind_carries_its_rules_and_is_graded_under_them(variant: str, kind: str) -> None:
    rules = VARIANTS[variant]
    for puzzle in sample(variant, kind):
        assert puzzle.spec.rules == rule_changes(rules)
        assert puzzle.rules == rules
        assert check_puzzle(puzzle) == []
        assert puzzle.grade(puzzle.solve()).correct


BEST_SEED = {"one-deck": 2, "three-decks": 0, "red-fives": 3, "protect-longer": 3, "kitty-power": 3}
"""A seed per variant whose best puzzle is found quickly (3–4 s each, measured; seed 0 took up to 11 s)."""


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_best_puzzles_are_searched_under_the_rules(variant: str) -> None:
    rules = VARIANTS[variant]
    puzzle = generate("best", 1, seed=BEST_SEED[variant], rules=rules)
    assert puzzle.spec.rules == rule_changes(rules)
    assert puzzle.rules == rules
    assert check_puzzle(puzzle) == []
    assert puzzle.grade(puzzle.solve()).correct


def test_the_house_rules_write_no_rules_into_the_spec() -> None:
    for kind in FAST_KINDS:
        assert generate(kind, 2, seed=3).spec.rules == {}
        assert generate(kind, 2, seed=3, rules=RuleSet()).spec == generate(kind, 2, seed=3).spec


def test_rule_changes_recreate_the_rules() -> None:
    rules = RuleSet(decks=3, red_five="5H", mandatory_levels=("K", "5"), follow="protect-longer")
    changes = rule_changes(rules)
    assert changes == {"decks": 3, "red_five": "5H", "mandatory_levels": ["5", "K"], "follow": "protect-longer"}
    assert RuleSet(**changes) == rules
    assert rule_changes(RuleSet()) == {}


# -- what practice refuses -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (RuleSet(players=6), "four players .* these rules seat 6"),
        (RuleSet(players=5), "four players .* these rules seat 5"),
        (RuleSet(partnership="friends"), "fixed partnerships, not Finding Friends"),
    ],
)
def test_practice_seats_four_players_in_fixed_partnerships(rules: RuleSet, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        practice_rules(rules)
    with pytest.raises(ValueError, match=message):
        generate("winner", 1, rules=rules)


def test_a_best_puzzle_refuses_chao_dipi_by_name() -> None:
    rules = RuleSet(chao_dipi=True)
    with pytest.raises(ValueError, match="chao dipi"):
        generate("best", 1, rules=rules)
    puzzle = generate("winner", 1, seed=1, rules=rules)  # the other kinds take the round as it was played
    assert puzzle.rules == rules


def test_rules_must_be_a_rule_set() -> None:
    with pytest.raises(ValueError, match="must be a RuleSet"):
        generate("winner", 1, rules={"decks": 3})  # type: ignore[arg-type]


# -- the puzzles show the variant --------------------------------------------------------------------------


def test_one_deck_has_no_pairs_and_its_own_counts() -> None:
    for kind in FAST_KINDS:
        for puzzle in sample("one-deck", kind):
            for play in trick_cards(puzzle):
                assert max(Counter(play).values()) == 1, puzzle.spec
            if isinstance(puzzle, ThrowPuzzle):
                assert {u.shape for u in lead_format(puzzle.lead, puzzle.trump, puzzle.rules).units} == {(1, 1)}
    counts = [p for p in sample("one-deck", "points") if isinstance(p, PointsPuzzle)]
    kitties = [p for p in counts if p.spec.count == "kitty"]
    assert kitties
    assert all(len(p.spec.kitty.split()) == 6 for p in kitties)
    assert any("100 points" in p.hint for p in counts if p.spec.count == "remaining")


def test_three_decks_bring_triples() -> None:
    def has_triple(cards: list[Card]) -> bool:
        return max(Counter(cards).values()) >= 3

    tricks = [p for kind in ("winner", "legal", "play") for p in sample("three-decks", kind)]
    assert any(has_triple(play) for p in tricks for play in trick_cards(p))
    throws = [p for p in sample("three-decks", "throw") if isinstance(p, ThrowPuzzle)]
    assert any(has_triple(p.lead) for p in throws)
    kitties = [p for p in sample("three-decks", "points") if isinstance(p, PointsPuzzle) and p.spec.count == "kitty"]
    assert all(len(p.spec.kitty.split()) == 10 for p in kitties)


def test_a_red_five_sorts_first() -> None:
    orders = [p for p in sample("red-fives", "order") if isinstance(p, OrderPuzzle) and p.trump.red_five]
    # at trump rank 5 the fives are rank cards (Trump's docstring): those puzzles are the house order
    with_five = [p for p in orders if "5H" in p.spec.cards.split()]
    assert len(with_five) >= 5
    for puzzle in with_five:
        assert order_of(puzzle)[0] == "5H", puzzle.spec
        assert "5♥" in puzzle.hint
    assert any(order_of(p)[:2] == ["5H", "5D"] for p in orders if "5D" in p.spec.cards.split())


def test_protect_longer_changes_nothing_with_two_decks() -> None:
    """No tuple is wider than a pair with two decks, so no play is kept whole that the house rule would break."""
    house = RuleSet()
    for puzzle in sample("protect-longer", "legal"):
        assert isinstance(puzzle, LegalPuzzle)
        mine = legal_follow(puzzle.hand, puzzle.trick[0], puzzle.play, puzzle.trump, puzzle.rules)
        assert bool(mine) == bool(legal_follow(puzzle.hand, puzzle.trick[0], puzzle.play, puzzle.trump, house))


def test_protect_longer_keeps_a_triple_against_a_pair_with_three_decks() -> None:
    rules, house = RuleSet(decks=3, follow="protect-longer"), RuleSet(decks=3)
    kept = 0
    for seed in range(SAMPLE):
        puzzle = generate("legal", None, seed=seed, rules=rules)
        assert isinstance(puzzle, LegalPuzzle)
        assert puzzle.grade(puzzle.solve()).correct
        mine = legal_follow(puzzle.hand, puzzle.trick[0], puzzle.play, puzzle.trump, rules)
        kept += bool(mine) and not legal_follow(puzzle.hand, puzzle.trick[0], puzzle.play, puzzle.trump, house)
    assert kept >= 1


def test_a_kitty_counts_by_the_power_of_two() -> None:
    rules = VARIANTS["kitty-power"]
    kitties = [generate("points", 3, seed=seed, rules=rules) for seed in range(SAMPLE)]
    differs = 0
    for puzzle in kitties:
        assert isinstance(puzzle, PointsPuzzle)
        kitty, play = puzzle._cards(puzzle.spec.kitty, "kitty"), puzzle._cards(puzzle.spec.winning_play, "play")
        unit = largest_unit(play, puzzle.trump, rules)
        assert int(str(puzzle.solve())) == points(kitty) * 2**unit
        assert "power" in puzzle.hint
        differs += unit > 2  # a tractor: ×16 where the house rule gives ×8
    assert differs >= 3
