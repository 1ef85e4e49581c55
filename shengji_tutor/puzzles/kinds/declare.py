"""Can you declare, or override the declaration on the table? (RULES §10)"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards
from ...engine.declaring import Declaration, can_declare
from ...i18n import N_, t
from ..base import BankError, HandPuzzle, PuzzleView, YesNoPuzzle, spec_cards
from ..schema import DeclareSpec


class DeclarePuzzle(HandPuzzle, YesNoPuzzle, spec_type=DeclareSpec):
    """A hand and the declaration so far: yes or no, can the hand declare now?"""

    idea_text = N_(
        "You declare trumps by showing cards of the trump rank; a pair overrides a single, and RULES §10 "
        "says who may override whom."
    )

    spec: DeclareSpec

    declared = spec_cards("declared", N_("declaration: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        if not self.spec.by_you:
            return [*super()._card_groups(), self.declared]
        if Counter(self.declared) - Counter(self.hand):  # your own declaration was made with cards from your hand
            said = t("your own declaration {cards} is not in your hand", cards=format_cards(self.declared))
            raise BankError(f"puzzle {self.id}: {said}")
        return super()._card_groups()

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        current = Declaration.of(0, tuple(self.declared)) if self.declared else None
        verdict = can_declare(self.hand, self.spec.rank, current, by_you=self.spec.by_you)
        return bool(verdict), verdict.reason

    def view(self) -> PuzzleView:
        """The deal as the puzzle has it: before anyone declares there is no trump suit yet, so the header says
        so and the hand is drawn as printed, without trump marks (the puzzle's trump is only what a declaration
        would make)."""
        rank = self.spec.rank
        if self.declared:
            cards = format_cards(self.declared)
            context = (
                t("Rank {rank}. Your declaration stands: {cards}; the deal goes on.", rank=rank, cards=cards)
                if self.spec.by_you
                else t("Rank {rank}. The declaration standing: {cards}; the deal goes on.", rank=rank, cards=cards)
            )
            return replace(super().view(), context=context)
        context = t(
            "Rank {rank}. Nobody has declared yet, so there is no trump suit so far; the deal goes on.", rank=rank
        )
        return replace(super().view(), context=context, mark_trumps=False)
