"""What a grader returns: a verdict and the engine's explanation, naming the rule it applied."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Grade"]


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
