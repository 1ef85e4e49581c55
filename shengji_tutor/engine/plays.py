"""Legal play generation: every follow ``legal_follow`` accepts, every lead that may be attempted.

``legal_plays(hand, lead, trump)`` yields each legal follow once (identical cards
are not told apart, so two 8♥ in hand give one "8♥" play). With ``lead=None`` it
yields the leads a player may attempt: first every single unit (singles, pairs,
triples, tractors), then multi-card throws (甩牌), smallest first. Throws are
many in a long suit; the generator is lazy, so take what you need.

Generation is structure-first: a follow must contain the tuples the holding can
supply, so candidates are built from those tuples plus fillers, rather than by
filtering every combination of the hand. Each candidate is still checked
against the same requirement ``legal_follow`` uses.

>>> from shengji_tutor import Trump, format_cards, legal_plays
>>> t = Trump("7", "C")
>>> [format_cards(p) for p in legal_plays("8H 8H 4H 3S", "KH KH", t)]
['8♥ 8♥']
>>> len(list(legal_plays("8H 4H 3H 3S", "KH KH", t)))
3
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from .cards import Card, CardsLike, card_ids, cards_of, check_id_copies
from .follow import demand_of, meets, requirement
from .rules import RuleSet, rules_or_default
from .trump import TRUMP, Trump, check_trump
from .units import count_ids, decompose, lead_suit, placements

__all__ = ["lead_units", "legal_plays", "multiset_combinations", "random_follow", "strength_spent"]


def multiset_combinations(counts: Sequence[tuple[int, int]], k: int) -> Iterator[list[int]]:
    """Every multiset of ``k`` items drawn from ``(item, copies)`` pairs, each once."""
    if k == 0:
        yield []
        return
    if not counts:
        return
    (item, copies), rest = counts[0], counts[1:]
    available = sum(c for _, c in rest)
    for take in range(min(copies, k), -1, -1):
        if k - take > available:
            break
        for tail in multiset_combinations(rest, k - take):
            yield [item] * take + tail


def legal_plays(
    hand: CardsLike, lead: CardsLike | None, trump: Trump, rules: RuleSet | None = None
) -> Iterator[tuple[Card, ...]]:
    """Yield every distinct legal follow to ``lead`` from ``hand``, or every lead (``lead=None``).

    Plays come sorted high to low in the trump order.
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    hand_ids = card_ids(hand, "your hand")
    lead_ids = card_ids(lead, "the lead") if lead is not None else []
    check_id_copies((hand_ids, lead_ids), rules.decks, "the hand and the lead")
    order = trump.order_table.__getitem__
    if not lead_ids:
        for ids in _leads(hand_ids, trump):
            yield cards_of(sorted(ids, key=order))
        return
    for ids in _follows(hand_ids, lead_ids, trump, rules):
        yield cards_of(sorted(ids, key=order))


def _by_count(ids: Sequence[int], order: Sequence[int]) -> list[tuple[int, int]]:
    counts = count_ids(ids)
    return sorted(counts.items(), key=lambda kv: order[kv[0]])


def _follows(hand_ids: list[int], lead_ids: list[int], trump: Trump, rules: RuleSet) -> Iterator[list[int]]:
    suit, key, order = trump.suit_table, trump.key_table, trump.order_table
    s = lead_suit(lead_ids, suit)
    n = len(lead_ids)
    if len(hand_ids) < n:
        return
    hand_suit = [i for i in hand_ids if suit[i] == s]
    if len(hand_suit) <= n:
        others = [i for i in hand_ids if suit[i] != s]
        for extra in multiset_combinations(_by_count(others, order), n - len(hand_suit)):
            yield hand_suit + extra
        return
    shapes, tuples = demand_of(decompose(lead_ids, key))
    if not tuples:
        yield from multiset_combinations(_by_count(hand_suit, order), n)
        return
    required = requirement(hand_suit, key, shapes, tuples, rules)
    seen: set[tuple[int, ...]] = set()
    needs = required[len(shapes) :]  # tuples needed, widest first
    widths = list(range(max(tuples), 1, -1))
    for core, rest in _tuple_cores(count_ids(hand_suit), widths, needs):
        for extra in multiset_combinations(sorted(rest.items(), key=lambda kv: order[kv[0]]), n - len(core)):
            play = core + extra
            sig = tuple(sorted(play))
            if sig in seen:
                continue
            seen.add(sig)
            if meets(play, key, shapes, tuples, required):
                yield play


def _tuple_cores(
    counts: dict[int, int], widths: list[int], needs: Sequence[int]
) -> Iterator[tuple[list[int], dict[int, int]]]:
    """Every way to take the needed number of tuples of each width (widest first) from the counts."""
    if not widths:
        yield [], {i: c for i, c in counts.items() if c}
        return
    width, need = widths[0], needs[0]
    options = sorted(i for i, c in counts.items() if c >= width)
    for chosen in combinations(options, min(need, len(options))):
        left = dict(counts)
        for i in chosen:
            left[i] -= width
        for core, rest in _tuple_cores(left, widths[1:], needs[1:]):
            yield [i for i in chosen for _ in range(width)] + core, rest


def _suit_groups(hand_ids: list[int], trump: Trump) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for i in sorted(hand_ids, key=trump.order_table.__getitem__):
        groups.setdefault(trump.suit_table[i], []).append(i)
    return groups


def lead_units(hand_ids: list[int], trump: Trump) -> Iterator[list[int]]:
    """Every single-unit lead in a hand: singles, tuples, tractors, suit by suit (trump first)."""
    key = trump.key_table
    for ids in _suit_groups(hand_ids, trump).values():
        counts = count_ids(ids)
        for i in counts:
            yield [i]
        for width in range(2, max(counts.values()) + 1):
            for i, c in counts.items():
                if c >= width:
                    yield [i] * width
            for length in range(2, len(counts) + 1):
                found = False
                for unit, _ in placements(counts, key, length, width):
                    found = True
                    yield list(unit[3])
                if not found:
                    break


def _leads(hand_ids: list[int], trump: Trump) -> Iterator[list[int]]:
    yield from lead_units(hand_ids, trump)
    key, order = trump.key_table, trump.order_table
    for ids in _suit_groups(hand_ids, trump).values():  # then throws, smallest first
        by_count = _by_count(ids, order)
        for size in range(2, len(ids) + 1):
            for combo in multiset_combinations(by_count, size):
                if len(decompose(combo, key)) > 1:
                    yield combo


def random_follow(
    hand_ids: Sequence[int], lead_ids: Sequence[int], trump: Trump, rules: RuleSet, rng: random.Random
) -> list[int]:
    """A random legal follow, built to meet the requirement rather than found by search.

    Used by the random bot; every play it returns satisfies ``legal_follow``.
    """
    suit, key = trump.suit_table, trump.key_table
    s = suit[lead_ids[0]]
    n = len(lead_ids)
    hand_suit = [i for i in hand_ids if suit[i] == s]
    if len(hand_suit) <= n:
        others = [i for i in hand_ids if suit[i] != s]
        return hand_suit + rng.sample(others, n - len(hand_suit))
    if n == 1:
        return [rng.choice(hand_suit)]
    shapes, tuples = demand_of(decompose(lead_ids, key))
    if not tuples:
        return rng.sample(hand_suit, n)
    required = requirement(hand_suit, key, shapes, tuples, rules)
    counts = count_ids(hand_suit)
    play: list[int] = []
    for (length, width), need in zip(shapes, required, strict=False):
        if need:
            unit, chosen = rng.choice(list(placements(counts, key, length, width)))
            for i in chosen:
                counts[i] -= width
            play.extend(unit[3])
    widths = range(max(tuples), 1, -1)
    for width, need in zip(widths, required[len(shapes) :], strict=True):
        have = sum(u[0] for u in decompose(play, key) if u[1] >= width) if play else 0
        held = [i for i, c in counts.items() if c >= width]
        for i in rng.sample(held, max(0, min(need - have, len(held)))):
            counts[i] -= width
            play.extend([i] * width)
    rest = [i for i, c in counts.items() for _ in range(c)]
    play.extend(rng.sample(rest, n - len(play)))
    if meets(play, key, shapes, tuples, required):
        return play
    return next(_follows(list(hand_ids), list(lead_ids), trump, rules))  # pragma: no cover - safety net


def strength_spent(play: Sequence[Card], trump: Trump) -> int:
    """How much strength a play gives up: the order keys of its cards, a trump counting 20 more.

    The cheaper of two plays that do the same job keeps the higher cards and the
    trumps for later; the bots and the "cheapest win" puzzles compare plays by it.

    >>> from shengji_tutor import Trump, parse_cards
    >>> from shengji_tutor.engine.plays import strength_spent
    >>> t = Trump("7", "C")
    >>> strength_spent(parse_cards("AH"), t) < strength_spent(parse_cards("2C"), t)
    True
    """
    key, suit = trump.key_table, trump.suit_table  # the tables behind ``trump.key`` and ``trump.is_trump``
    return sum(key[c.id] + (20 if suit[c.id] == TRUMP else 0) for c in play)
