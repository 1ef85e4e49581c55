"""The engine's fast paths give what the general code gives.

``legal_follow`` and ``check_throw`` take shortcuts for the common leads (singles,
pairs, one tractor of pairs); each shortcut is checked here against the general
computation it replaces, on many seeded random holdings of all three deck counts.
"""

from __future__ import annotations

import random

import pytest

from shengji_tutor import Card, Trump, check_throw, deck
from shengji_tutor.engine.cards import card_ids, known_ids
from shengji_tutor.engine.follow import _tractor_counts, _tuple_counts, demand_of, lead_demand, supply
from shengji_tutor.engine.ids import count_ids, decompose, judge_throw
from shengji_tutor.engine.trump import TRUMP
from shengji_tutor.engine.units import RawUnit, longest_run

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRUMPS = [Trump(rank, suit) for rank in RANKS for suit in ("S", "H", "D", "C", None)]


def suited_holding(rng: random.Random, trump: Trump, decks: int, size: int) -> list[int]:
    """Up to ``size`` cards of one effective suit, with many pairs and triples (as leads and holdings have)."""
    s = rng.choice(sorted(set(trump.suit_table)))
    ids = [i for i in range(54) if trump.suit_table[i] == s]
    out: list[int] = []
    while len(out) < size:
        out += [rng.choice(ids)] * rng.choice((1, 2, 2, 3))
    counts = count_ids(out[:size])
    return [i for i, c in counts.items() for _ in range(min(c, decks))]


def reference_decompose(ids: list[int], key: tuple[int, ...]) -> list[RawUnit]:
    """RULES §5 as the engine first wrote it: widest tuples, then the longest runs of them, then the rest."""
    counts = count_ids(ids)
    units = [RawUnit(1, 1, key[i], (i,)) for i, c in counts.items() if c == 1]
    by_width: dict[int, dict[int, list[int]]] = {}
    for i, c in counts.items():
        if c > 1:
            by_width.setdefault(c, {}).setdefault(key[i], []).append(i)
    for width, at_key in by_width.items():
        for lst in at_key.values():
            lst.sort()
        while at_key:
            length, top = longest_run(sorted(at_key))
            if length < 2:
                break
            run: list[int] = []
            for k in range(top, top - length, -1):
                run += [at_key[k].pop(0)] * width
                if not at_key[k]:
                    del at_key[k]
            units.append(RawUnit(length, width, top, tuple(run)))
        units += [RawUnit(1, width, k, (i,) * width) for k, lst in at_key.items() for i in lst]
    return sorted(units, key=lambda u: (u.length, u.width, u.top), reverse=True)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_decompose_shortcuts_agree_with_the_general_split(decks: int) -> None:
    rng = random.Random(decks)
    for _ in range(3000):
        trump = rng.choice(TRUMPS)
        ids = suited_holding(rng, trump, decks, rng.randrange(1, 12))
        rng.shuffle(ids)
        assert decompose(ids, trump.key_table) == reference_decompose(ids, trump.key_table), (trump, ids)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_lead_demand_is_the_demand_of_the_decomposed_lead(decks: int) -> None:
    rng = random.Random(10 + decks)
    for _ in range(3000):
        trump = rng.choice(TRUMPS)
        lead = suited_holding(rng, trump, decks, rng.randrange(1, 10))
        rng.shuffle(lead)
        assert lead_demand(lead, trump.key_table) == demand_of(decompose(lead, trump.key_table)), (trump, lead)


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("exact", [False, True])
def test_supply_shortcut_agrees_with_the_general_count(decks: int, exact: bool) -> None:
    rng = random.Random(20 + decks + 3 * exact)
    for _ in range(3000):
        trump = rng.choice(TRUMPS)
        key = trump.key_table
        shapes, tuples = lead_demand(suited_holding(rng, trump, decks, rng.randrange(2, 9)), key)
        holding = suited_holding(rng, trump, decks, rng.randrange(0, 14))
        counts = count_ids(holding)
        general = [*_tractor_counts(counts, key, shapes, exact), *_tuple_counts(counts, tuples, exact)]
        assert supply(holding, key, shapes, tuples, exact) == general, (trump, shapes, tuples, holding)


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_higher_tables_hold_the_cards_above_each_key(trump: Trump) -> None:
    for s in range(TRUMP + 1):
        for k in range(16):
            above = {i for i in range(54) if trump.suit_table[i] == s and trump.key_table[i] > k}
            assert trump.higher_tables[s][k] == above


def test_equal_trumps_share_their_tables() -> None:
    assert Trump("7", "C").higher_tables is Trump("7", "♣").higher_tables
    assert Trump("7", "C").key_table is not Trump("7", None).key_table


class HasId:
    def __init__(self, i: object) -> None:
        self.id = i


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ([Card("A", "S"), Card("BJ")], [12, 53]),
        ((Card("A", "S"),), [12]),
        ([], []),
        ("AS BJ", None),  # text takes the careful path
        (iter([Card("A", "S")]), None),
        ([Card("A", "S"), "BJ"], None),
        ([HasId(3), HasId(2.0)], [3, 2.0]),  # as before: ids that compare within 0..53
        ([HasId(3), HasId(60)], None),
        ([HasId(3.0)], None),
    ],
)
def test_known_ids_reads_only_lists_and_tuples_of_cards(cards: object, expected: list[object] | None) -> None:
    assert known_ids(cards) == expected


def test_a_throw_of_singles_forces_its_lowest_card_the_first_of_equals() -> None:
    t = Trump("7", "C")
    # 7♥ and 7♠ are equal (off-suit trump rank cards) and lowest; the first led is forced.
    c = check_throw("7H 7S BJ", ["3D 7D", "SJ"], t)
    assert (c.ok, [str(x) for x in c.forced], c.blocker) == (False, ["7H"], 1)
    c = check_throw("BJ 7S 7H", ["3D 7D", "SJ"], t)
    assert [str(x) for x in c.forced] == ["7S"]
    assert check_throw("BJ 7S 7H", ["3D 7D", "8C"], t).ok


def test_judge_throw_explains_the_hands_as_they_were_when_judged() -> None:
    t = Trump("7", "C")
    lead, hands = card_ids("KD QD QD"), [card_ids("3S"), card_ids("AD 2H")]
    check = judge_throw(lead, hands, t)
    lead.clear()
    for h in hands:
        h.clear()
    assert (check.ok, check.blocker) == (False, 1)
    assert [str(c) for c in check.beaten_by] == ["AD"]
    assert "A♦, which beats your single K♦" in check.reason


def test_lists_of_cards_and_text_get_the_same_throw_verdict() -> None:
    cards = deck(2)
    random.Random(7).shuffle(cards)
    t = Trump("5", "H")
    hands = [cards[25 * i : 25 * (i + 1)] for i in range(4)]
    spades = [c for c in hands[0] if t.suit_of(c) == "S"][:3]
    as_cards = check_throw(spades, hands[1:], t)
    as_text = check_throw([str(c) for c in spades], [" ".join(map(str, h)) for h in hands[1:]], t)
    assert (as_cards.ok, as_cards.forced, as_cards.blocker) == (as_text.ok, as_text.forced, as_text.blocker)
    assert as_cards.reason == as_text.reason
