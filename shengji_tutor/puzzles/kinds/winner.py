"""Who wins the trick? (RULES §7)"""

from __future__ import annotations

from functools import cached_property

from ...engine.grading import AnswerKind
from ...engine.seats import said_name
from ...engine.tricks import explain_trick
from ...i18n import N_, t
from ..base import SettledPuzzle, TrickPuzzle
from ..schema import WinnerSpec


class WinnerPuzzle(TrickPuzzle, SettledPuzzle, spec_type=WinnerSpec):
    """A whole trick (or its first plays): the learner names the seat that wins it."""

    idea_text = N_(
        "First find the lead's suit and shape (a single, a pair, a tractor). Only a play of the same shape — "
        "in the led suit, or all in trumps — can beat it (RULES §7)."
    )

    spec: WinnerSpec
    answer_kind = AnswerKind.SEAT

    @cached_property
    def _settled(self) -> tuple[str, str]:
        result = explain_trick(self.trick, self.trump, self.rules, names=self.names[: len(self.trick)])
        return self.names[result.winner], result.reason

    def own_mistake(self, given: str, why: str) -> str:
        return t("{seat} does not win this trick.", seat=said_name(given))
