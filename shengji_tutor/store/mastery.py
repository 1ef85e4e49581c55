"""Mastery, honestly counted: how a learner solved each puzzle, from their attempts.

A puzzle is *mastered* when the learner solved it on their first try without a
hint, or when it came back for review and they then got it right first try. A
puzzle solved with hints, or only after a wrong answer (or a shown answer), is
solved but not mastered: it goes to the review queue instead. Checking a solved
puzzle again changes nothing: only the attempts up to the first right answer
count.

>>> from shengji_tutor.store.mastery import Attempt, mastery_of
>>> tries = [Attempt("a", True, "x", 1.0), Attempt("b", False, "y", 2.0), Attempt("b", True, "z", 3.0),
...          Attempt("c", True, "w", 4.0, hints=2), Attempt("d", False, "", 5.0, revealed=True)]
>>> {k: v.value for k, v in sorted(mastery_of(tries).items())}
{'a': 'first-try', 'b': 'after-wrong', 'c': 'with-hints', 'd': 'not-yet'}
>>> mastery_of(tries, reviewed={"b"})["b"].mastered
True
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass
from enum import Enum

__all__ = ["Attempt", "Mastery", "mastery_of"]


@dataclass(frozen=True)
class Attempt:
    """One attempt as the store keeps it: the puzzle, the verdict, the answer, when, and how it was made."""

    puzzle_id: str
    correct: bool
    answer: str
    at: float
    hints: int = 0
    revealed: bool = False
    mistake: str = ""


class Mastery(Enum):
    """How a learner solved a puzzle they tried."""

    FIRST_TRY = "first-try"
    """Right on the first answer, without a hint."""
    REVIEWED = "reviewed"
    """Not first try, but right first try when it came back for review."""
    WITH_HINTS = "with-hints"
    """Solved without a wrong answer, but after opening hints."""
    AFTER_WRONG = "after-wrong"
    """Solved after a wrong answer (or after the answer was shown)."""
    NOT_YET = "not-yet"
    """Tried, never solved."""

    @property
    def mastered(self) -> bool:
        return self in (Mastery.FIRST_TRY, Mastery.REVIEWED)

    @property
    def solved(self) -> bool:
        return self is not Mastery.NOT_YET

    @property
    def words(self) -> str:
        return _WORDS[self]


_WORDS = {
    Mastery.FIRST_TRY: "solved first try",
    Mastery.REVIEWED: "mastered in review",
    Mastery.WITH_HINTS: "solved with hints",
    Mastery.AFTER_WRONG: "solved after a wrong answer",
    Mastery.NOT_YET: "not solved yet",
}


def mastery_of(attempts: Iterable[Attempt], reviewed: Set[str] = frozenset()) -> dict[str, Mastery]:
    """Each tried puzzle's mastery from ``attempts`` (oldest first); ``reviewed`` are the puzzles whose latest review
    was right first try."""
    by_puzzle: dict[str, list[Attempt]] = {}
    for attempt in attempts:
        by_puzzle.setdefault(attempt.puzzle_id, []).append(attempt)
    found: dict[str, Mastery] = {}
    for puzzle, tries in by_puzzle.items():
        first_right = next((i for i, a in enumerate(tries) if a.correct and not a.revealed), None)
        if first_right is None:
            state = Mastery.NOT_YET
        elif first_right > 0:
            state = Mastery.AFTER_WRONG
        elif tries[0].hints > 0:
            state = Mastery.WITH_HINTS
        else:
            state = Mastery.FIRST_TRY
        if state is not Mastery.FIRST_TRY and state.solved and puzzle in reviewed:
            state = Mastery.REVIEWED
        found[puzzle] = state
    return found
