"""The bank as a whole: its trumps are varied, and no puzzle repeats a lesson's demo card for card.

A learner who met every puzzle at rank 7 with clubs trump would learn one table, not the
rules; and a puzzle that shows the very cards a lesson just demonstrated tests memory, not
understanding.
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

import pytest

from shengji_tutor import Trump, parse_cards
from shengji_tutor.course.places import NOTEBOOK_DIR
from shengji_tutor.engine.cards import CardsLike, as_cards
from shengji_tutor.engine.errors import ShengjiError
from shengji_tutor.puzzles import PuzzleView, load_bank

BANK = load_bank()
MOST = 0.40
"""No trump rank, and no trump suit (no-trump counted as one), may hold more than this share of the bank."""

Group = frozenset[tuple[str, int]]
"""A group of cards as a multiset: the order of cards within a play does not matter."""


def group(cards: CardsLike) -> Group:
    return frozenset(Counter(str(c) for c in as_cards(cards)).items())


def shares(trumps: list[Trump]) -> tuple[Counter[str], Counter[str]]:
    ranks = Counter(t.rank for t in trumps)
    suits = Counter(t.suit or "no-trump" for t in trumps)
    return ranks, suits


@pytest.mark.parametrize("part", ["the whole bank", "the hand-written puzzles"])
def test_no_trump_rank_or_suit_holds_over_40_percent(part: str) -> None:
    puzzles = [p for p in BANK.values() if part == "the whole bank" or p.kind != "best"]
    ranks, suits = shares([p.trump for p in puzzles])
    n = len(puzzles)
    assert {r: c for r, c in ranks.items() if c > MOST * n} == {}, f"{part}: ranks {ranks.most_common(3)} of {n}"
    assert {s: c for s, c in suits.items() if c > MOST * n} == {}, f"{part}: suits {suits.most_common(3)} of {n}"
    assert len(ranks) >= 8, "many ranks come up"
    assert {"2", "10", "A"} <= set(ranks), "rank 2, A and 10 come up"
    assert set(suits) == {"S", "H", "D", "C", "no-trump"}, "every suit is trump somewhere, and no-trump too"


def test_the_share_check_sees_a_lopsided_bank() -> None:
    ranks, suits = shares([Trump("7", "C")] * 5 + [Trump("2", "H")] * 5)
    assert max(ranks.values()) > MOST * 10
    assert max(suits.values()) > MOST * 10


# -- no puzzle repeats a lesson demo -----------------------------------------------------------------


def demo_cells() -> list[tuple[str, list[Group]]]:
    """Every code cell of the lessons (01–11) that shows cards: the card lists it writes as strings."""
    cells = []
    for path in sorted(Path(NOTEBOOK_DIR).glob("[01][0-9]-*.ipynb")):
        for k, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] != "code":
                continue
            found = []
            for node in ast.walk(ast.parse("".join(cell["source"]))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    try:
                        found.append(group(node.value))
                    except ShengjiError:
                        continue
            found = [g for g in found if g]
            if found:
                cells.append((f"{path.name} cell {k}", found))
    return cells


def shown_groups(view: PuzzleView) -> list[Group]:
    """The groups of cards a puzzle shows: each play of its trick, its hand, each other player's cards."""
    shown = [*view.trick, view.hand, *(cards for _, cards in view.others)]
    return [group(cards) for cards in shown if cards]


def repeats(groups: list[Group], demo: list[Group]) -> bool:
    """A puzzle repeats a demo when the demo shows four or more of its cards, in the same groups, and those are all
    its groups, or two or more groups holding two thirds of its cards (a trick the demo played, with a play added).
    Fewer cards (a single or two) are too common to call a repeat."""
    matched = [g for g in groups if g in demo]
    size = sum(n for g in groups for _, n in g)
    held = sum(n for g in matched for _, n in g)
    return held >= 4 and (len(matched) == len(groups) or (len(matched) >= 2 and 3 * held >= 2 * size))


DEMOS = demo_cells()


def test_the_lessons_demos_are_found() -> None:
    names = {name.split(" ")[0] for name, _ in DEMOS}
    assert len(DEMOS) >= 30
    assert len(names) >= 8, names


def view_of(*plays: str, hand: str = "") -> PuzzleView:
    return PuzzleView(Trump("7", "C"), trick=tuple(tuple(parse_cards(p)) for p in plays), hand=tuple(parse_cards(hand)))


def test_the_repeat_check_sees_a_demo_played_again() -> None:
    demo = [group(p) for p in ("KD QD QD 10D 10D", "8C 8C 5C 5C JC", "6C 6C 3C 3C AC", "AC KC 8C 7C 6C")]
    assert repeats(shown_groups(view_of("KD QD QD 10D 10D", "8C 8C 5C 5C JC", "6C 6C 3C 3C AC")), demo)
    assert repeats(
        shown_groups(view_of("KD QD QD 10D 10D", "5C 5C 8C 8C JC", "3C 3C AC 6C 6C", "9D 8D 6D 4D 3D")), demo
    )
    assert repeats(shown_groups(view_of(hand="KC 7C 8C AC 6C")), demo)  # the same cards, shuffled
    assert not repeats(shown_groups(view_of("KD QD QD 10D 10D", "9S 9S 4S 4S 3S")), demo)  # only the lead
    assert not repeats(shown_groups(view_of("AC", "7C")), demo)  # two singles are too common to count


@pytest.mark.parametrize("pid", [pid for pid, p in BANK.items() if p.kind != "best"])
def test_no_puzzle_repeats_a_lesson_demo(pid: str) -> None:
    groups = shown_groups(BANK[pid].view())
    assert [name for name, demo in DEMOS if repeats(groups, demo)] == []
