"""The puzzle kinds the curriculum asked for: is this a tractor, what is the level change, sort a mixed hand, which
cards would you bury. Each is graded by the engine and names the rule; expected values are read off RULES.md."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from shengji_tutor.puzzles import Puzzle, check_puzzle, load_bank
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.schema import read_spec
from shengji_tutor.ui.puzzle_view import puzzle_card_args
from shengji_tutor.ui.widgets import PuzzleCard

TOPIC = Topic("t", 5, "T")


def puzzle(kind: str, **fields: Any) -> Puzzle:
    spec = read_spec({"kind": kind, "id": f"t-{kind}", "prompt": "A question for the test.", **fields})
    return Puzzle.from_spec(spec, TOPIC)


def test_every_new_kind_has_puzzles_in_its_lesson() -> None:
    per_lesson = Counter((p.kind, p.lesson) for p in load_bank().values())
    for kind, lesson in [("tractor", 5), ("level", 8), ("sort", 3), ("bury", 9)]:
        assert per_lesson[(kind, lesson)] >= 4, (kind, lesson)


# -- is this a tractor? (RULES §4) -------------------------------------------------------------------------------

TRACTORS = [  # the table of RULES §4 at 7♣, then the same ideas at other trumps
    ("5H5H4H4H", "7C", True, "consecutive in hearts"),
    ("JSJS10S10S9S9S8S8S", "7C", True, "8♠ → 9♠ → 10♠ → J♠"),
    ("5C5C4C4C3C3C", "7C", True, "in the trump suit"),
    ("8H8H6H6H", "7C", True, "the 7♥ is a trump, so nothing is left between them"),
    ("7C7C7H7HACAC", "7C", True, "along the trump chain (A♣ → an off-suit 7 → 7♣ → SJ → BJ)"),
    ("BJBJSJSJ7C7C", "7C", True, "7♣ → SJ → BJ"),
    ("10H10H8H8H", "7C", False, "9♥ lies between 10♥ and 8♥"),
    ("7H7H6H6H", "7C", False, "7♥ 7♥ are trumps and 6♥ 6♥ are hearts"),
    ("7C7C6C6C", "7C", False, "7♠/7♥/7♦ and A♣ … 8♣ lie between 7♣ and 6♣"),
    ("7S7S7H7H", "7C", False, "are equal at 7♣"),
    ("10D10D8D8D", "9S", True, "the 9♦ is a trump"),
    ("KHKHQHQH", "KH", False, "lie between K♥ and Q♥"),
    ("SJSJ5D5D", "5NT", True, "a 5 of any suit → SJ → BJ"),
    ("QSQS", "7C", False, "one unit"),
    ("5H5H4H", "7C", False, "4♥ is in no pair"),
]


@pytest.mark.parametrize(("cards", "trump", "tractor", "why"), TRACTORS)
def test_is_this_a_tractor(cards: str, trump: str, tractor: bool, why: str) -> None:
    p = puzzle("tractor", trump=trump, cards=cards)
    assert p.solve() == ("yes" if tractor else "no")
    grade = p.grade("no" if tractor else "yes")
    assert not grade.correct
    assert why in grade.explanation
    assert "RULES §" in grade.explanation
    assert check_puzzle(p) == []


def test_a_tractor_question_needs_two_cards() -> None:
    assert check_puzzle(puzzle("tractor", cards="AS")) == ["a tractor question needs at least two cards"]


# -- what is the level change? (RULES §9) ------------------------------------------------------------------------

LEVELS = [
    (0, "declarers", {}, 3),
    (35, "declarers", {}, 2),
    (40, "declarers", {}, 1),
    (75, "attackers", {}, 0),
    (80, "attackers", {}, 0),
    (80, "declarers", {}, 0),
    (120, "attackers", {}, 1),
    (235, "attackers", {}, 3),
    (-10, "declarers", {}, 3),
    (65, "attackers", {"decks": 1}, 1),
]


@pytest.mark.parametrize(("points", "side", "rules", "levels"), LEVELS)
def test_the_level_change_of_a_side(points: int, side: str, rules: dict[str, Any], levels: int) -> None:
    p = puzzle("level", attacker_points=points, side=side, rules=rules)
    assert p.solve() == levels
    assert p.grade(levels).correct
    assert not p.grade(levels + 1).correct
    assert "RULES §9" in p.grade(levels).explanation


@pytest.mark.parametrize(
    ("multiplier", "levels", "says"),
    [
        ("times", 0, "×4, 2 × the 2 cards of its largest unit"),
        ("cards", 1, "×6, 2 × all 3 cards of the play — this table's house rule (RULES §11)"),
        ("power", 0, "×4, 2 to the power of the 2 cards of its largest unit"),
    ],
)
def test_the_kitty_counts_by_the_tables_multiplier(multiplier: str, levels: int, says: str) -> None:
    p = puzzle(
        "level",
        trump="2D",
        rules={"kitty_multiplier": multiplier},
        attacker_points=60,
        side="attackers",
        kitty="10S 2C 3C 4H 6H 8S 9S JS",
        last_trick="AS KS KS",
    )
    assert p.solve() == levels
    assert says in p.grade(levels).explanation
    assert [str(c) for c in p.view().hand] == ["10S", "2C", "3C", "4H", "6H", "8S", "9S", "JS"]


def test_a_kitty_needs_the_winning_play() -> None:
    with pytest.raises(ValidationError, match="kitty and last_trick go together"):
        puzzle("level", attacker_points=60, side="attackers", kitty="10S")


# -- sort a mixed hand (RULES §3) --------------------------------------------------------------------------------


def test_pick_every_trump_is_graded_by_the_engines_order() -> None:
    p = puzzle("sort", trump="2H", cards="BJ AH 9H 2S 2C KS 5D 3C JD 2H")
    assert sorted(p.solve()) == sorted(["BJ", "2H", "2S", "2C", "AH", "9H"])
    assert p.grade("9H 2C AH 2S BJ 2H").correct
    wrong = p.grade("BJ 2H AH 9H KS").explanation
    assert "You left out 2♠: a card of the trump rank 2, a trump whatever its suit." in wrong
    assert "K♠ is not one of them: a plain spade." in wrong
    assert "RULES §3" in wrong
    assert "not in the hand" in p.grade("BJ 2H AH 9H 2S 2C 2D").explanation


def test_pick_a_plain_suit_leaves_its_rank_card_out() -> None:
    p = puzzle("sort", trump="7C", cards="AH 7H 3H KC 7S", pick="H")
    assert sorted(p.solve()) == ["3H", "AH"]
    assert "7♥ is not one of them: a card of the trump rank 7" in p.grade("AH 7H 3H").explanation


def test_a_sort_puzzle_shows_the_cards_as_printed_without_trump_marks() -> None:
    p = puzzle("sort", trump="2H", cards="2S 9H BJ 2H KS")
    view = p.view()
    assert [str(c) for c in view.hand] == ["BJ", "KS", "2S", "9H", "2H"]
    assert (view.sort_hand, view.mark_trumps) == (False, False)
    args = puzzle_card_args(p)
    assert args["trump"] is None
    assert "hearts are trump" in args["context"]
    card = PuzzleCard(**args)
    assert [entry["group"] for entry in card.hand] == ["joker", "S", "S", "H", "H"]  # printed suits, in that order
    assert all("trump" not in entry["label"] and "Trump" not in entry["group_label"] for entry in card.hand)


def test_a_sort_puzzle_with_nothing_to_sort_is_reported() -> None:
    assert check_puzzle(puzzle("sort", trump="2H", cards="3S 4S")) != []
    assert check_puzzle(puzzle("sort", trump="2H", cards="2S BJ AH")) != []


# -- which cards would you bury? (RULES §9–§10) ------------------------------------------------------------------

ONE_DECK = "BJ 8H 8S AH QH 4H AS KS 9S 3S 10C 7C 6C 2C JD 5D 4D 3D"  # hearts trump at 8; 9 plain cards worth 0


def bury(**fields: Any) -> Puzzle:
    return puzzle("bury", **({"trump": "8H", "rules": {"decks": 1}, "hand": ONE_DECK} | fields))


@pytest.mark.parametrize("burial", ["AS 9S 3S 7C 6C 2C", "JD 4D 3D 2C 6C 7C", "9S 3S JD 4D 3D AS"])
def test_every_good_burial_is_accepted(burial: str) -> None:
    grade = bury().grade(burial)
    assert grade.correct, grade.explanation
    assert "keeps every trump and risks 0 points" in grade.explanation
    assert "RULES §10" in grade.explanation


def test_a_burial_with_points_says_what_it_risks() -> None:
    one = bury().grade("KS 10C 5D 7C 6C 2C")
    assert not one.correct
    assert "You risk 25 points (K♠ 10♣ 5♦)" in one.explanation
    assert "×2 with a single (50)" in one.explanation
    two = puzzle(
        "bury",
        trump="2D",
        hand="BJ SJ 2D 2S 2C AD KD JD 9D 6D 4D AS KS QS 10S 8S 5S 3S 9H 7H 6H 4H 3H AC AC QC JC 10C 8C 7C 6C 4C 3C",
    ).grade("KS 10S 5S 10C 9H 7H 6H 4H")
    assert "×2 with a single (70), ×4 with a pair (140)" in two.explanation
    assert "RULES §9" in two.explanation


def test_a_burial_of_trumps_is_wrong() -> None:
    grade = bury().grade("4H 3S 2C 3D 4D 6C")
    assert not grade.correct
    assert "You buried 1 trump (4♥)" in grade.explanation


def test_the_rule_of_the_kitty_comes_first() -> None:
    assert "Bury exactly 6 cards" in bury().grade("AS 9S 3S").explanation
    assert "not in your hand" in bury().grade("AS 9S 3S 7C 6C 5C").explanation


def test_a_burial_that_must_make_a_void() -> None:
    p = puzzle(
        "bury",
        trump="10S",
        rules={"decks": 1},
        void=True,
        hand="SJ 10S 10C AS KS 7S 3S AH QH 9H 6H 4H KC JC 8C 4D 3D 2D",
    )
    assert p.grade("4D 3D 2D 9H 6H 4H").correct
    assert "It empties your diamonds" in p.grade("4D 3D 2D 9H 6H 4H").explanation
    assert p.grade("AH QH 9H 6H 4H 8C").correct  # hearts emptied instead
    missed = p.grade("9H 6H 4H 8C 4D 3D")
    assert not missed.correct
    assert "bury all your diamonds or hearts to make a void" in missed.explanation
    assert check_puzzle(p) == []


def test_a_bury_puzzle_is_checked_for_a_dealers_hand_and_a_void_that_costs_nothing() -> None:
    assert any("holds 18 cards, not 17" in p for p in check_puzzle(bury(hand=ONE_DECK.rsplit(" ", 1)[0])))
    costly = bury(void=True, hand="BJ 8H 8S AH QH 4H AS KS 9S 3S 10C 7C 6C 2C JD 5D 4D KD")
    assert any("costs trumps or points" in p for p in check_puzzle(costly))
