"""The shared part of the kinds about one group of cards shown on their own: is this a tractor, sort a mixed hand."""

from __future__ import annotations

from ...engine.cards import Card
from ...i18n import N_
from ..base import Puzzle, spec_cards
from ..schema import CardGroupSpec

__all__ = ["CardGroupPuzzle"]


class CardGroupPuzzle(Puzzle):
    """A puzzle about the cards of its spec's ``cards`` (a shared base: no kind of its own)."""

    spec: CardGroupSpec

    cards = spec_cards("cards", N_("cards: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        return [self.cards]
