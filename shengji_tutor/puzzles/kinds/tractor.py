"""Is this a tractor (拖拉机 tuōlājī)? (RULES §4)

The engine's ``is_tractor`` decides; the explanation says why from the engine's
own order (``Trump.suit_of``, ``Trump.key``): cards of two effective suits (at
rank 7 the 7♥ is a trump, not a heart), a card that is in no pair, tuples of
different widths, two equal tuples (off-suit rank pairs), or a gap — naming the
cards that lie between two pairs in that suit's order. A tractor's explanation
shows its chain and, when the pairs look apart, why nothing lies between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from itertools import pairwise

from ...engine.cards import RANKS, SUIT_SYMBOLS, Card, deck, format_cards, with_article
from ...engine.rules import RuleSet
from ...engine.trump import Trump
from ...engine.units import Unit, is_tractor, lead_format, shape_words
from ..base import Answer, PuzzleView, Solution
from ..schema import TractorSpec
from .card_group import CardGroupPuzzle

__all__ = ["TractorPuzzle", "tractor_reason"]


class TractorPuzzle(CardGroupPuzzle, spec_type=TractorSpec):
    """Some cards: yes or no, are they a tractor?"""

    idea_text = (
        "A tractor (拖拉机 tuōlājī) is two or more pairs of one suit next to each other in the card order. "
        "Cards that have left the suit (the trump rank) leave no gap behind them (RULES §4)."
    )

    spec: TractorSpec
    answer_kind = "yesno"

    def view(self) -> PuzzleView:
        return replace(super().view(), hand=tuple(self.cards), hand_label="The cards")

    @cached_property
    def _verdict(self) -> tuple[bool, str]:
        return is_tractor(self.cards, self.trump, self.rules), tractor_reason(self.cards, self.trump, self.rules)

    def solve(self) -> Solution:
        return "yes" if self._verdict[0] else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._verdict[1]

    def checks(self) -> list[str]:
        return [] if len(self.cards) >= 2 else ["a tractor question needs at least two cards"]


def _suit_words(trump: Trump, suit: str) -> str:
    return "trumps" if suit == "trump" else trump.suit_name(suit)


def _between(trump: Trump, suit: str, low: int, high: int) -> tuple[str, int]:
    """The cards of ``suit`` strictly between two order keys, high to low (equal cards joined by '/'), and how
    many cards that is."""
    by_key: dict[int, list[Card]] = {}
    for card in trump.sorted(set(deck(1))):
        if trump.suit_of(card) == suit and low < trump.key(card) < high:
            by_key.setdefault(trump.key(card), []).append(card)
    names = ["/".join(c.symbol() for c in cards) for _, cards in sorted(by_key.items(), reverse=True)]
    count = sum(len(cards) for cards in by_key.values())
    if len(names) > 3:
        names = [names[0], f"{names[1]} … {names[-1]}"]
    return (" and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]), count


def _at(trump: Trump) -> str:
    """The trump in short, as RULES.md writes it: "at 7♣", "at 7 no-trump"."""
    return f"at {trump.rank} no-trump" if trump.suit is None else f"at {trump.rank}{SUIT_SYMBOLS[trump.suit]}"


def _chain(trump: Trump) -> str:
    """The top of the trump chain (RULES §4), in words."""
    if trump.suit is None:
        return f"{with_article(trump.rank)} of any suit → SJ → BJ"
    top = "K" if trump.rank == "A" else "A"
    sym = SUIT_SYMBOLS[trump.suit]
    return f"{top}{sym} → an off-suit {trump.rank} → {trump.rank}{sym} → SJ → BJ"


def _yes(unit: Unit, trump: Trump, suit: str) -> str:
    tops = [t.cards[0] for t in reversed(_tuples(unit))]
    chain = " → ".join(c.symbol() for c in tops)
    head = f"Yes: {unit.describe()}: {chain} {'is' if len(tops) == 1 else 'are'} consecutive"
    if suit == "trump":
        if any(c.suit is None or c.rank == trump.rank for c in tops):
            return f"{head} along the trump chain ({_chain(trump)}) (RULES §4)."
        return f"{head} in the trump suit (RULES §4)."
    jumps = any(abs(RANKS.index(a.rank) - RANKS.index(b.rank)) == 2 for a, b in pairwise(tops))
    gap = f"{trump.rank}{SUIT_SYMBOLS[suit]}"
    why = f": {_at(trump)} the {gap} is a trump, so nothing is left between them" if jumps else ""
    return f"{head} in {trump.suit_name(suit)}{why} (RULES §4)."


def tractor_reason(cards: Sequence[Card], trump: Trump, rules: RuleSet | None = None) -> str:
    """Why ``cards`` are (or are not) one tractor, in the engine's order (RULES §4), naming the rule; ``rules``
    give the decks (three decks hold triples)."""
    where = _at(trump)
    suits: dict[str, list[Card]] = {}
    for c in trump.sorted(cards):
        suits.setdefault(trump.suit_of(c), []).append(c)
    if len(suits) > 1:
        parts = [
            f"{format_cards(cs)} {'are' if len(cs) > 1 else 'is'} {_suit_words(trump, s)}" for s, cs in suits.items()
        ]
        return (
            f"No: {' and '.join(parts)} {where}. A tractor is consecutive pairs of one suit, and these cards are in "
            f"{len(suits)} suits (RULES §3–§4)."
        )
    (suit,) = suits
    units = sorted(lead_format(list(cards), trump, rules).units, key=lambda u: u.top, reverse=True)
    if len(units) == 1 and units[0].length > 1:
        return _yes(units[0], trump, suit)
    if len(units) == 1:
        return (
            f"No: {units[0].describe()} is one unit. A tractor needs two or more pairs (or wider tuples) in a row "
            "(RULES §4)."
        )
    singles = [u for u in units if u.width == 1]
    if singles:
        lone = format_cards([c for u in singles for c in u.cards])
        return (
            f"No: {lone} {'is' if len(singles) == 1 else 'are'} in no pair. A tractor is made of pairs only (RULES §4)."
        )
    if len({u.width for u in units}) > 1:
        shapes = " and ".join(shape_words(u.length, u.width) for u in units)
        return f"No: {shapes}. A tractor's tuples all have the same width (RULES §4)."
    tuples = sorted((t for u in units for t in _tuples(u)), key=lambda t: t.top, reverse=True)
    high, low = next((h, lo) for h, lo in pairwise(tuples) if h.top - lo.top != 1)  # tuples in a row would join
    if high.top == low.top:
        return (
            f"No: {format_cards(high.cards)} and {format_cards(low.cards)} are equal {where} (off-suit rank "
            "cards), not consecutive: two equal pairs never make a tractor (RULES §4)."
        )
    between, count = _between(trump, suit, low.top, high.top)
    return (
        f"No: {between} {'lies' if count == 1 else 'lie'} between {high.cards[0].symbol()} and "
        f"{low.cards[0].symbol()} in the order of {_suit_words(trump, suit)} {where}, so "
        f"{format_cards(high.cards)} and {format_cards(low.cards)} are not consecutive (RULES §4)."
    )


def _tuples(unit: Unit) -> list[Unit]:
    """A unit's tuples, highest first (a pair or triple is its own one tuple)."""
    w = unit.width
    return [
        Unit(unit.cards[i : i + w], w, 1, unit.suit, unit.top - k) for k, i in enumerate(range(0, len(unit.cards), w))
    ]
