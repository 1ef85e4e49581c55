"""The one path an answer takes to a learner's record: lesson puzzles, practice, review and live class questions.

A ``Recorder`` follows one puzzle card (anything with ``on_check``, ``on_reveal``,
``work`` and ``error``: ``ui.widgets.PuzzleCard``, a lesson's ``Step``) for the page that owns it.
Every graded answer is saved with the hint steps open and the beginner's mistake
it matched; "Show answer" is saved as not solved. Once per showing of a puzzle,
its outcome is rated for the spaced review (``store.reviews``): a wrong first
answer or a shown answer is *Again*, right after hints *Hard*, right first try
*Good*. A puzzle right first try that is not in the queue stays out of it;
everything else comes back. A problem saving or scheduling is put on the card
(its ``error``), in the one sentence the learner reads; nothing is dropped in
silence.

>>> import pathlib, tempfile
>>> from shengji_tutor.engine.grading import Attempts, Grade
>>> from shengji_tutor.puzzles import load_bank
>>> from shengji_tutor.store.answers import Recorder
>>> from shengji_tutor.store.progress import ProgressStore
>>> class Card:  # what a page's puzzle card offers the recorder
...     work, error = Attempts(hints=3, hints_open=2), ""
...     def on_check(self, listener): self.check = listener
...     def on_reveal(self, listener): self.reveal = listener
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite")
>>> card = Card()
>>> recorder = Recorder(card, store)
>>> recorder.show(load_bank()["pairs-keep-your-pair"])
>>> card.check(Grade(True, "Right."), "no")
>>> store.history()[0].hints, [r.item for r in store.review_queue(until=float("inf"))]
(2, ['pairs-keep-your-pair'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.grading import Attempts, Grade
from ..puzzles import answer_text
from .mastery import Attempt
from .progress import HowAnswered, ProgressStore
from .reviews import Rating, rating_of
from .schema import StoreError

__all__ = ["AnswerCard", "Asked", "Outcome", "Recorder"]


class AnswerCard(Protocol):
    """What a recorder needs of a puzzle card: its two events, the learner's work on it (how many hint steps are
    open), and a place for a problem (``ui.widgets.PuzzleCard`` and a lesson's ``Step`` are two)."""

    work: Attempts
    error: str

    def on_check(self, callback: Callable[[Grade, Any], None]) -> None: ...

    def on_reveal(self, callback: Callable[[], None]) -> None: ...


class Asked(Protocol):
    """What a recorder records answers to: anything with the ``id`` its attempts are stored under (a ``Puzzle``,
    a lesson's ``Step``)."""

    @property
    def id(self) -> str: ...


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


class Recorder:
    """Saves what the learner does on ``card`` in ``store`` and rates each showing once for the review queue.

    ``show(puzzle, item)`` is called by the owner whenever the card shows a puzzle;
    ``item`` is what the review queue keeps (the puzzle's id by default, a practice
    topic for a generated puzzle, whose attempts are not saved: it is not in the
    bank). ``on_outcome`` hears each showing's ``Outcome`` once.
    """

    def __init__(
        self,
        card: AnswerCard,
        store: ProgressStore | Callable[[], ProgressStore],
        on_outcome: Callable[[Outcome], None] | None = None,
        *,
        always_rate: bool = False,
    ) -> None:
        self.card = card
        self._store = store
        """The learner's store, or how to find it when the first answer is recorded (a lesson's step is built
        before a pre-heated page knows its learner)."""
        self.on_outcome = on_outcome
        self.always_rate = always_rate
        """Rate a first-try answer too (the review page: a review passed moves the item further out)."""
        self.puzzle: Asked | None = None
        self.item = ""
        self.saved = True
        self.live: int | None = None
        self.reviewed = True
        self.outcome: Outcome | None = None
        self.on_saved: Callable[[Attempt], None] | None = None
        """Hears each attempt once the store has it (a lesson's puzzle set counts its progress from them)."""
        card.on_check(self._checked)
        card.on_reveal(self._revealed)

    @property
    def store(self) -> ProgressStore:
        if not isinstance(self._store, ProgressStore):
            self._store = self._store()
        return self._store

    def show(
        self,
        puzzle: Asked,
        item: str | None = None,
        *,
        saved: bool = True,
        live: int | None = None,
        reviewed: bool = True,
    ) -> None:
        """The card now shows ``puzzle`` (``saved``: its attempts are saved, as a bank puzzle's are; ``live``: as
        answers to that live question of the learner's class; ``reviewed``: its outcome is rated for the review
        queue, as everything but a class's own question is)."""
        self.puzzle = puzzle
        self.item = item or puzzle.id
        self.saved = saved
        self.live = live
        self.reviewed = reviewed
        self.outcome = None

    def _checked(self, grade: Grade, answer: Any) -> None:
        # the answer in the canonical form it was graded in, so that equal answers count together (a class's
        # dashboard); the misconception as its id, drawn in the language read when it is shown
        self._record(grade.correct, grade.answer or answer_text(None, answer), mistake=grade.misconception_id)

    def _revealed(self) -> None:
        self._record(False, "", revealed=True)

    def _record(self, correct: bool, answer: str, *, mistake: str = "", revealed: bool = False) -> None:
        """Save one answer (or a shown answer) and rate the showing once; the card shows the first problem."""
        puzzle = self.puzzle
        if puzzle is None:
            return
        hints, problems = self.card.work.hints_open, []
        if self.saved:
            how: HowAnswered = {"hints": hints, "revealed": revealed, "mistake": mistake, "live": self.live}
            saved = self.store.save(puzzle.id, correct, answer, **how)
            problems.append(saved.problem)
            if saved.attempt is not None and self.on_saved is not None:
                self.on_saved(saved.attempt)  # as the store wrote it
        if self.outcome is None:
            problems.append(self._decided(Outcome(correct, hints, revealed)))
        self.card.error = next((p for p in problems if p), "")

    def _decided(self, outcome: Outcome) -> str:
        """Rate the showing once (a first try stays out of the queue unless the item is in it): "" or the problem."""
        self.outcome = outcome
        if self.on_outcome is not None:
            self.on_outcome(outcome)
        if not self.reviewed:
            return ""
        try:
            if outcome.first_try and not self.always_rate and not self.store.in_review(self.item):
                return ""
            self.store.schedule(self.item, outcome.rating)
        except StoreError as e:
            return f"Your answer is saved, but its review could not be scheduled: {e}"
        return ""
