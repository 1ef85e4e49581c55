"""Sort a mixed hand into trumps (主牌 zhǔpái) and plain suits (副牌 fùpái): pick every card of one of them (RULES §3).

The cards are shown as they are printed — jokers, then each suit from the ace
down — with no trump marks, because telling a trump from a plain card is the
puzzle: at rank 7 the 7♥ sits among the hearts on the table but belongs to the
trumps. The engine's ``Trump.suit_of`` grades: the answer is right when it holds
every card of the asked effective suit and nothing else, and a wrong answer is
told card by card what it missed and what does not belong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property

from ...engine.cards import RANKS, SUIT_NAMES, Card, format_cards, parse_cards
from ...engine.grading import AnswerKind
from ...engine.trump import Trump
from ...i18n import N_, t
from ..base import Answer, PuzzleView, Solution
from ..schema import SortSpec
from ..teaching import sentences
from .card_group import CardGroupPuzzle

__all__ = ["SortPuzzle", "printed_order", "why_suit"]


def printed_order(cards: Iterable[Card]) -> list[Card]:
    """Cards as printed, whatever the trump: big joker, small joker, then ♠ ♥ ♣ ♦, each from the ace down."""

    def place(card: Card) -> tuple[int, int]:
        if card.suit is None:
            return (0, 0 if card.rank == "BJ" else 1)
        return (1 + "SHCD".index(card.suit), -RANKS.index(card.rank))

    return sorted(cards, key=place)


_PLAIN = {"S": N_("a plain spade"), "H": N_("a plain heart"), "D": N_("a plain diamond"), "C": N_("a plain club")}


def why_suit(card: Card, trump: Trump) -> str:
    """Why a card is in its effective suit, in a few words (RULES §3), in the reader's language."""
    if card.suit is None:
        return t("a joker, always a trump")
    if card.rank == trump.rank:
        return t("a card of the trump rank {rank}, a trump whatever its suit", rank=trump.rank)
    if card.suit == trump.suit:
        return t("a card of the trump suit")
    return t(_PLAIN[card.suit])


class SortPuzzle(CardGroupPuzzle, spec_type=SortSpec):
    """A mixed hand: the learner picks every trump (or every card of one plain suit)."""

    idea_text = N_(
        "Trumps (主 zhǔ) are the two jokers, every card of the trump rank in any suit, and every card of the "
        "trump suit. Everything else stays in its printed suit (RULES §3)."
    )

    spec: SortSpec
    answer_kind = AnswerKind.CARDS

    @property
    def _what(self) -> str:
        """The asked cards as a plural noun, in the reader's language: "trumps", "hearts"."""
        # TRANSLATORS: the trumps as the cards a learner picks out of a hand ("The trumps here are …")
        return t("trumps") if self.spec.pick == "trump" else t(SUIT_NAMES[self.spec.pick])

    @cached_property
    def picked(self) -> list[Card]:
        """The cards of the asked effective suit, high to low in the engine's order."""
        return self.trump.sorted(c for c in self.cards if self.trump.suit_of(c) == self.spec.pick)

    def view(self) -> PuzzleView:
        return replace(
            super().view(),
            hand=tuple(printed_order(self.cards)),
            hand_label=t("The hand, as the cards are printed"),
            sort_hand=False,
            mark_trumps=False,
            context=t("At {trump}.", trump=self.trump.describe()),
        )

    def solve(self) -> Solution:
        return [str(c) for c in self.picked]

    def _head(self) -> str:
        """The answer, as the explanation ends ("The trumps here are …: at rank 7, clubs are trump (RULES §3).")."""
        trump = self.trump.describe()
        if self.picked:
            return t(
                "The {what} here are {cards}: at {trump} (RULES §3).",
                what=self._what,
                cards=format_cards(self.picked),
                trump=trump,
            )
        return t("There are no {what} here: at {trump} (RULES §3).", what=self._what, trump=trump)

    def _notes(self, given: Counter[Card]) -> list[str]:
        """What an answer left out and picked wrongly, card by card."""
        want = Counter(self.picked)
        extra, missed = given - want, want - given
        notes = [t("You left out {card}: {why}.", card=c.symbol(), why=why_suit(c, self.trump)) for c in missed]
        notes += [t("{card} is not one of them: {why}.", card=c.symbol(), why=why_suit(c, self.trump)) for c in extra]
        return notes

    def judge(self, answer: Answer) -> tuple[bool, str]:
        given = Counter(parse_cards(self.canonical_answer(answer)))
        if given == Counter(self.picked):
            return True, self._head()
        foreign = given - Counter(self.cards)
        if foreign:
            return False, t(
                "{cards}: not in the hand. Pick from the cards shown.", cards=format_cards(list(foreign.elements()))
            )
        return False, sentences([*self._notes(given), self._head()])

    def checks(self) -> list[str]:
        if not self.picked:
            return [t("no card of the hand is among the {what}: there is nothing to pick", what=self._what)]
        if len(self.picked) == len(self.cards):
            return [t("every card of the hand is among the {what}: there is nothing to sort", what=self._what)]
        return []

    def own_mistake(self, given: str, why: str) -> str:
        """What was left out or picked wrongly, without the full list of the answer."""
        cards = Counter(parse_cards(given))
        if not self.picked or cards - Counter(self.cards):
            return why
        return sentences(self._notes(cards))
