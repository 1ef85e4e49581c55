"""Who wins the trick? (RULES §7)"""

from __future__ import annotations

from functools import cached_property

from ...engine.grading import AnswerKind
from ...engine.seats import said_name
from ...engine.tricks import TrickResult, explain_trick
from ...i18n import N_, t
from ..base import Answer, Solution, TrickPuzzle
from ..schema import WinnerSpec


class WinnerPuzzle(TrickPuzzle, spec_type=WinnerSpec):
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

    def solve(self) -> Solution:
        return self.names[self._result.winner]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._result.reason

    def own_mistake(self, given: str, why: str) -> str:
        return t("{seat} does not win this trick.", seat=said_name(given))
