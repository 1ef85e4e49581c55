"""What a learner's answers do to their record: each attempt saved with how it was made, and the review queue.

A ``Tracker`` follows one ``PuzzleCard`` for the page that owns it (a lesson's
puzzles, practice, the review page). Every graded answer is saved with the hint
steps open and the beginner's mistake it matched; "Show answer" is saved as not
solved. Once per showing of a puzzle, its outcome is rated for the spaced
review (``store.reviews``): a wrong first answer or a shown answer is *Again*,
right after hints *Hard*, right first try *Good*. A puzzle right first try that
is not in the queue stays out of it; everything else comes back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.errors import RuleSetError
from ..engine.grading import Grade
from ..engine.rules import DEFAULT_RULES, RuleSet
from ..puzzles import Puzzle, answer_text
from ..store.progress import ProgressStore
from ..store.reviews import Rating, rating_of
from ..store.schema import StoreError
from ..ui.widgets import PuzzleCard

__all__ = ["Outcome", "Tracker", "practice_item", "practice_table"]


@dataclass(frozen=True)
class Outcome:
    """How a showing of a puzzle went, decided at its first graded answer (or at "Show answer")."""

    correct: bool
    hints: int
    revealed: bool = False

    @property
    def first_try(self) -> bool:
        """Right on the first answer, with no hint: what counts towards mastery and a streak."""
        return self.correct and not self.hints and not self.revealed

    @property
    def rating(self) -> Rating:
        return rating_of(correct=self.correct, hints=self.hints, attempts=1, revealed=self.revealed)


def practice_item(kind: str, difficulty: int) -> str:
    """The review item of a practice topic: practice puzzles are generated, so the topic comes back."""
    return f"practice/{kind}/{difficulty}"


def practice_table(kept: RuleSet) -> tuple[RuleSet, str]:
    """The rules practice puzzles are made under, from a learner's house rules (``ProgressStore.house_rules``),
    and "" or why they cannot be (then RULES.md's are used): practice seats four players in fixed partnerships
    (``puzzles.generate.practice_rules``), which a table of five or six, say, does not."""
    from ..puzzles.generate import practice_rules  # the generator is loaded when a puzzle is made, not before

    try:
        return practice_rules(kept), ""
    except RuleSetError as e:
        return DEFAULT_RULES, str(e)


class Tracker:
    """Saves what the learner does on ``card`` in ``store`` and rates each showing once for the review queue.

    ``show(puzzle, item)`` is called by the owner whenever the card shows a puzzle;
    ``item`` is what the review queue keeps (the puzzle's id by default, a practice
    topic for a generated puzzle, whose attempts are not saved: it is not in the
    bank). ``on_outcome`` hears each showing's ``Outcome`` once.
    """

    def __init__(
        self,
        card: PuzzleCard,
        store: ProgressStore,
        on_outcome: Callable[[Outcome], None] | None = None,
        *,
        always_rate: bool = False,
    ) -> None:
        self.card = card
        self.store = store
        self.on_outcome = on_outcome
        self.always_rate = always_rate
        """Rate a first-try answer too (the review page: a review passed moves the item further out)."""
        self.puzzle: Puzzle | None = None
        self.item = ""
        self.saved = True
        self.outcome: Outcome | None = None
        card.on_check(self._checked)
        card.on_reveal(self._revealed)

    def show(self, puzzle: Puzzle, item: str | None = None, *, saved: bool = True) -> None:
        """The card now shows ``puzzle`` (``saved``: its attempts are saved, as a bank puzzle's are)."""
        self.puzzle = puzzle
        self.item = item or puzzle.id
        self.saved = saved
        self.outcome = None

    def _checked(self, grade: Grade, answer: Any) -> None:
        puzzle = self.puzzle
        if puzzle is None:
            return
        problems = []
        if self.saved:
            problems.append(
                self.store.save(
                    puzzle.id,
                    grade.correct,
                    answer_text(puzzle, answer),
                    hints=self.card.hints_used,
                    mistake=grade.misconception,
                )
            )
        if self.outcome is None:
            problems.append(self._decided(Outcome(grade.correct, self.card.hints_used)))
        self.card.error = next((p for p in problems if p), "")

    def _revealed(self) -> None:
        puzzle = self.puzzle
        if puzzle is None:
            return
        problems = []
        if self.saved:
            problems.append(self.store.save(puzzle.id, False, "", hints=self.card.hints_used, revealed=True))
        if self.outcome is None:
            problems.append(self._decided(Outcome(False, self.card.hints_used, revealed=True)))
        self.card.error = next((p for p in problems if p), "")

    def _decided(self, outcome: Outcome) -> str:
        """Rate the showing once (a first try stays out of the queue unless the item is in it): "" or the problem."""
        self.outcome = outcome
        if self.on_outcome is not None:
            self.on_outcome(outcome)
        try:
            if outcome.first_try and not self.always_rate and not self.store.in_review(self.item):
                return ""
            self.store.schedule(self.item, outcome.rating)
        except StoreError as e:
            return f"Your answer is saved, but its review could not be scheduled: {e}"
        return ""
