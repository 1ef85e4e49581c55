"""Sort a mixed hand into trumps (主牌 zhǔpái) and plain suits (副牌 fùpái): pick every card of one of them (RULES §3).

The cards are shown as they are printed — jokers, then each suit from the ace
down — with no trump marks, because telling a trump from a plain card is the
puzzle: at rank 7 the 7♥ sits among the hearts on the table but belongs to the
trumps. The engine's ``Trump.suit_of`` grades: the answer is right when it holds
every card of the asked effective suit and nothing else, and a wrong answer is
told card by card what it missed and what does not belong.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property

from ...engine.cards import RANKS, Card, format_cards, parse_cards
from ...engine.trump import Trump
from ..base import Answer, PuzzleView, Solution
from ..schema import SortSpec
from .card_group import CardGroupPuzzle

__all__ = ["SortPuzzle", "printed_order", "why_suit"]


def printed_order(cards: Iterable[Card]) -> list[Card]:
    """Cards as printed, whatever the trump: big joker, small joker, then ♠ ♥ ♣ ♦, each from the ace down."""

    def place(card: Card) -> tuple[int, int]:
        if card.suit is None:
            return (0, 0 if card.rank == "BJ" else 1)
        return (1 + "SHCD".index(card.suit), -RANKS.index(card.rank))

    return sorted(cards, key=place)


def why_suit(card: Card, trump: Trump) -> str:
    """Why a card is in its effective suit, in a few words (RULES §3)."""
    if card.suit is None:
        return "a joker, always a trump"
    if card.rank == trump.rank:
        return f"a card of the trump rank {trump.rank}, a trump whatever its suit"
    if card.suit == trump.suit:
        return "a card of the trump suit"
    return f"a plain {trump.suit_name(card.suit)[:-1]}"


class SortPuzzle(CardGroupPuzzle, spec_type=SortSpec):
    """A mixed hand: the learner picks every trump (or every card of one plain suit)."""

    idea_text = (
        "Trumps (主 zhǔ) are the two jokers, every card of the trump rank in any suit, and every card of the "
        "trump suit. Everything else stays in its printed suit (RULES §3)."
    )

    spec: SortSpec
    answer_kind = "cards"

    @property
    def _what(self) -> str:
        return "trumps" if self.spec.pick == "trump" else self.trump.suit_name(self.spec.pick)

    @cached_property
    def picked(self) -> list[Card]:
        """The cards of the asked effective suit, high to low in the engine's order."""
        return self.trump.sorted(c for c in self.cards if self.trump.suit_of(c) == self.spec.pick)

    def view(self) -> PuzzleView:
        return replace(
            super().view(),
            hand=tuple(printed_order(self.cards)),
            hand_label="The hand, as the cards are printed",
            sort_hand=False,
            mark_trumps=False,
            context=f"At {self.trump.describe()}.",
        )

    def solve(self) -> Solution:
        return [str(c) for c in self.picked]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        given = Counter(parse_cards(self.canonical_answer(answer)))
        want = Counter(self.picked)
        extra, missed = given - want, want - given
        head = (
            f"The {self._what} here are {format_cards(self.picked)}"
            if self.picked
            else f"There are no {self._what} here"
        )
        if not extra and not missed:
            return True, f"{head}: at {self.trump.describe()} (RULES §3)."
        foreign = given - Counter(self.cards)
        if foreign:
            return False, f"{format_cards(list(foreign.elements()))}: not in the hand. Pick from the cards shown."
        notes = [f"You left out {c.symbol()}: {why_suit(c, self.trump)}." for c in missed]
        notes += [f"{c.symbol()} is not one of them: {why_suit(c, self.trump)}." for c in extra]
        return False, f"{' '.join(notes)} {head}: at {self.trump.describe()} (RULES §3)."

    def checks(self) -> list[str]:
        if not self.picked:
            return [f"no card of the hand is among the {self._what}: there is nothing to pick"]
        if len(self.picked) == len(self.cards):
            return [f"every card of the hand is among the {self._what}: there is nothing to sort"]
        return []

    def own_mistake(self, given: str, why: str) -> str:
        """What was left out or picked wrongly, without the full list of the answer."""
        return re.sub(r" The [\w ]+ here are .*$", "", why)
