"""What a grader returns — a verdict and the engine's explanation, naming the rule it applied — and the one rule for
when a question's answer may be shown, which a lesson's steps and the puzzles share.

>>> from shengji_tutor.engine.grading import may_reveal
>>> may_reveal(wrong=1, hints_open=0, hints=3), may_reveal(wrong=2, hints_open=0, hints=3), may_reveal(0, 3, 3)
(False, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["REVEAL_AFTER_WRONG", "Grade", "may_reveal"]


@dataclass(frozen=True)
class Grade:
    """The verdict on a learner's answer: ``correct``, and an ``explanation`` that names the rule."""

    correct: bool
    explanation: str
    rule: str = ""
    mistake: str = ""
    """For a wrong answer: what is wrong with it and the rule that decides, without the solution ("" : none given)."""
    misconception: str = ""
    """The beginner's misconception a wrong answer matched, in the author's words ("" when none did)."""

    def __bool__(self) -> bool:
        return self.correct


REVEAL_AFTER_WRONG = 2
"""Wrong answers after which the answer is offered ("Show me", "Show answer"): one try more than the first, so the
mistake's own sentence and the first hint come before the solution, and nobody stays stuck."""


def may_reveal(wrong: int, hints_open: int = 0, hints: int = 0) -> bool:
    """Whether a question may now offer its answer: after ``REVEAL_AFTER_WRONG`` wrong answers, or once every one of
    its ``hints`` is open (a learner who has read them all has asked for the answer step by step)."""
    return wrong >= REVEAL_AFTER_WRONG or (hints > 0 and hints_open >= hints)
