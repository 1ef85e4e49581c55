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

    def __bool__(self) -> bool:
        return self.correct
