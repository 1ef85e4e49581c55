"""legal_plays: exactly the legal follows (each once), and every lead that may be attempted."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_tutor import (
    Card,
    RuleSet,
    Trump,
    deck,
    format_cards,
    lead_format,
    legal_follow,
    legal_plays,
    parse_cards,
)
from shengji_tutor.engine.cards import RANKS, SUITS
from shengji_tutor.engine.plays import random_follow

T7C = Trump("7", "C")


def key(play: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.id for c in play))


def brute_force(hand: list[Card], lead: list[Card], trump: Trump, rules: RuleSet) -> set[tuple[int, ...]]:
    """Every distinct multiset of len(lead) cards from the hand that legal_follow accepts."""
    out = set()
    for combo in set(itertools.combinations(sorted(hand, key=lambda c: c.id), len(lead))):
        if legal_follow(hand, lead, list(combo), trump, rules):
            out.add(key(list(combo)))
    return out


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[Card], list[Card], Trump, RuleSet]:
    decks = draw(st.sampled_from([2, 2, 3]))
    rules = RuleSet(decks=decks, follow=draw(st.sampled_from(["no-protections", "protect-longer"])))
    cards = deck(decks)
    rng = random.Random(draw(st.integers(0, 10**9)))
    rng.shuffle(cards)
    trump = Trump(draw(st.sampled_from(RANKS)), draw(st.sampled_from([*SUITS, None])))
    # a hand concentrated in few suits, so structure matters
    hand = cards[: draw(st.integers(4, 10))]
    rest = cards[len(hand) :]
    suit_of = trump.suit_of
    # a lead from the rest: a single, a tuple, or a same-suit group
    s = suit_of(rng.choice(hand))
    pool = [c for c in rest if suit_of(c) == s]
    if not pool:
        pool = rest
        s = suit_of(pool[0])
        pool = [c for c in rest if suit_of(c) == s]
    size = draw(st.integers(1, min(4, len(pool))))
    lead = sorted(pool, key=lambda c: c.id)[:size] if draw(st.booleans()) else rng.sample(pool, size)
    return hand, lead, trump, rules


@given(situations())
def test_legal_plays_are_exactly_the_legal_follows(case: tuple[list[Card], list[Card], Trump, RuleSet]) -> None:
    hand, lead, trump, rules = case
    if len(hand) < len(lead):
        return
    found = [key(p) for p in legal_plays(hand, lead, trump, rules)]
    assert len(found) == len(set(found)), "each play once"
    assert set(found) == brute_force(hand, lead, trump, rules)


@given(situations(), st.integers(0, 1000))
def test_random_follow_is_always_legal(case: tuple[list[Card], list[Card], Trump, RuleSet], seed: int) -> None:
    hand, lead, trump, rules = case
    if len(hand) < len(lead):
        return
    play = random_follow([c.id for c in hand], [c.id for c in lead], trump, rules, random.Random(seed))
    assert legal_follow(hand, lead, [Card.from_id(i) for i in play], trump, rules)


def test_identical_cards_give_one_play() -> None:
    plays = list(legal_plays("8H 8H 4H 4H 3S", "KH", T7C))
    assert [format_cards(p) for p in plays] == ["8♥", "4♥"]


def test_void_means_any_cards() -> None:
    plays = list(legal_plays("3S 4S 5C", "KH KH", T7C))
    assert sorted(format_cards(p) for p in plays) == sorted(["4♠ 3♠", "5♣ 4♠", "5♣ 3♠"])


def test_leads_come_units_first_then_throws() -> None:
    leads = [format_cards(p) for p in legal_plays("AS KS KS QS QS 3H", None, T7C)]
    units = ["A♠", "K♠", "Q♠", "K♠ K♠", "Q♠ Q♠", "K♠ K♠ Q♠ Q♠", "3♥"]
    assert leads[: len(units)] == units
    throws = leads[len(units) :]
    assert all(lead_format(t.replace("♠", "S"), T7C).kind == "throw" for t in throws)
    assert len(throws) == len(set(throws))
    # every same-suit multiset of the spades is there exactly once: 2 * 3 * 3 - 1 non-empty, minus 6 units
    assert len(throws) == 2 * 3 * 3 - 1 - 6


def test_every_lead_is_one_suit() -> None:
    hand = parse_cards("AS KS 7H 7C BJ 3D 3D")
    for lead in legal_plays(hand, None, T7C):
        assert len({T7C.suit_of(c) for c in lead}) == 1
        assert not Counter(lead) - Counter(hand)


def test_follows_of_a_long_throw_from_a_three_deck_hand_are_quick() -> None:
    rules = RuleSet(decks=3)
    cards = deck(3)
    random.Random(1).shuffle(cards)
    trump = Trump("5", "H")
    lead = parse_cards("BJ BJ SJ SJ 5H 5H")
    for c in lead:
        cards.remove(c)
    hand = [c for c in cards if trump.is_trump(c)][:30]
    start = time.perf_counter()
    plays = list(itertools.islice(legal_plays(hand, lead, trump, rules), 200))
    assert plays
    assert all(legal_follow(hand, lead, p, trump, rules) for p in plays)
    assert time.perf_counter() - start < 30  # generous: bounded, not a micro-benchmark


@pytest.mark.parametrize("bad", [None, 5, "ZZ"])
def test_bad_hands_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="hand"):
        list(legal_plays(bad, "AS", T7C))  # type: ignore[arg-type]
