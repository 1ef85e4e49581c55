"""Who wins the trick? (RULES §7)"""

from __future__ import annotations

from functools import cached_property

from ...engine.grading import AnswerKind
from ...engine.seats import said_name
from ...engine.tricks import TrickResult, explain_trick
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
    def _result(self) -> TrickResult:
        return explain_trick(self.trick, self.trump, self.rules, names=self.names[: len(self.trick)])

    @property
    def _settled(self) -> tuple[str, str]:
        return self.names[self._result.winner], self._result.reason

    def own_mistake(self, given: str, why: str) -> str:
        """Why the seat named does not win, as a lesson's step says it (``TrickResult.why_not``)."""
        names = self.names[: len(self.trick)]
        if given not in names:
            return t("{seat} does not win this trick.", seat=said_name(given))
        return self._result.why_not(names.index(given), given)
