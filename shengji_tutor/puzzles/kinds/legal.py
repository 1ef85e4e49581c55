"""Is this play a legal follow? (RULES §6)"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards, sentence_case
from ...engine.follow import legal_follow
from ...i18n import N_, t
from ..base import BankError, HandPuzzle, PuzzleView, TrickPuzzle, YesNoPuzzle, spec_cards
from ..schema import LegalSpec


class LegalPuzzle(HandPuzzle, TrickPuzzle, YesNoPuzzle, spec_type=LegalSpec):
    """A hand, the trick so far and a play from the hand: yes or no, is it legal?"""

    idea_text = N_(
        "Look at the led suit first: if you hold cards of it you must follow it, and match the lead's pairs "
        "and tractors as far as your hand can (RULES §6)."
    )

    spec: LegalSpec

    play = spec_cards("play", N_("play: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        if Counter(self.play) - Counter(self.hand):
            said = t("the play {cards} is not in the hand", cards=format_cards(self.play))
            raise BankError(f"puzzle {self.id}: {said}")
        return super()._card_groups()

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        verdict = legal_follow(self.hand, self.trick[0], self.play, self.trump, self.rules)
        return bool(verdict), verdict.reason

    def view(self) -> PuzzleView:
        play = " ".join(c.symbol() for c in self.play)
        context = t("{trump}. The play in question: {play}.", trump=sentence_case(self.trump.describe()), play=play)
        return replace(super().view(), context=context)
