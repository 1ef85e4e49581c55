"""Learn from your mistakes: the learner's kept mistakes, one puzzle at a time, until each is solved again.

Lesson 10's coach keeps the costliest plays of a hand that it graded mistake or
blunder (``ProgressStore.keep_mistake``). ``MistakeReview`` turns them back into
"find a better play" puzzles (``puzzles.mistakes``), oldest first: a right
answer marks the mistake solved in the store, so it leaves the queue for good,
and a wrong one keeps it there. A mistake that a closer look finds was a good
play after all is let go, with a sentence saying so.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..engine.errors import ShengjiError
from ..engine.grading import Grade
from ..puzzles.mistakes import MistakePuzzle, mistake_puzzle
from ..store.progress import KeptMistake, ProgressStore
from ..store.schema import StoreError
from ..ui.puzzle_view import puzzle_card_args
from ..ui.widgets import PuzzleCard
from .context import at_request
from .pages import learner_progress

__all__ = ["MistakeReview", "mistake_review"]

EMPTY = (
    "No mistakes to solve again yet. Play a hand above: the costliest plays the coach grades "
    "mistake or blunder come back here as puzzles."
)


class MistakeReview(w.VBox):  # type: ignore[misc]
    """The learner's open mistakes as puzzles (oldest first); solving one marks it solved in their store."""

    def __init__(self, store: ProgressStore | None = None, empty: str = EMPTY) -> None:
        self.store = learner_progress(store)
        self.empty = empty
        self.status = w.HTML()
        self.status.add_class("sjt-review-status")
        self.refresh_button = w.Button(description="Look for new mistakes", tooltip="Load the mistakes kept since")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.card: PuzzleCard | None = None
        self.mistake: KeptMistake | None = None
        self.puzzle: MistakePuzzle | None = None
        self.queue: list[KeptMistake] = []
        self.note = ""
        super().__init__([self.status, self.refresh_button])
        self.add_class("sjt-mistake-review")
        self.refresh()

    def refresh(self) -> None:
        """Read the open mistakes again and show the first (a store that cannot be read says so, and changes nothing)."""
        try:
            self.queue = self.store.mistakes()
        except StoreError as e:
            self.status.value = (
                f'<p class="sjt-error" role="alert">Your mistakes could not be read: {escape(str(e))}</p>'
            )
            return
        self._show_next()

    def _show_next(self) -> None:
        self.mistake = self.puzzle = None
        while self.queue:
            kept = self.queue.pop(0)
            try:
                puzzle = mistake_puzzle(kept.position, kept.answer, kept.id)
            except ShengjiError as e:  # a position this version cannot set up: say so, keep it for later
                self.note = f"One kept mistake could not be set up again ({e}); it stays in your list."
                continue
            if puzzle is None:
                self._solved(kept, "On a closer look your play there was as good as the best: that one is let go.")
                continue
            self.mistake, self.puzzle = kept, puzzle
            break
        self._draw()

    def _solved(self, kept: KeptMistake, note: str) -> None:
        try:
            self.store.solve_mistake(kept.id)
        except StoreError as e:
            note = f"Solved, but not saved: {e}"
        self.note = note

    def _draw(self) -> None:
        left = len(self.queue) + (self.puzzle is not None)
        note = f"<p>{escape(self.note)}</p>" if self.note else ""
        if self.puzzle is None:
            self.status.value = f'<div class="sjt-review-head">{note}<p>{escape(self.empty)}</p></div>'
            self.children = [self.status, self.refresh_button]
            return
        count = f"{left} mistake{'s' if left != 1 else ''} to solve again"
        self.status.value = f'<div class="sjt-review-head">{note}<p><strong>{count}</strong> (oldest first).</p></div>'
        args: dict[str, Any] = {"has_next": True, **puzzle_card_args(self.puzzle)}
        if self.card is None:
            self.card = PuzzleCard(**args)
            self.card.on_check(self._checked)
            self.card.on_next(self._next)
        else:
            self.card.load(**args)
        self.children = [self.status, self.card, self.refresh_button]

    def _checked(self, grade: Grade, _answer: Any) -> None:
        if grade.correct and self.mistake is not None:
            self._solved(self.mistake, "Solved: this mistake leaves your list.")
            self.mistake = None
            if self.card is not None:
                self.card.progress = f"{len(self.queue)} more to solve again"

    def _next(self) -> None:
        if self.mistake is not None:  # not solved: it comes back at the end of the queue
            self.queue.append(self.mistake)
        self.note = ""
        self._show_next()


def mistake_review(store: ProgressStore | None = None, empty: str = EMPTY) -> MistakeReview:
    """This page's learner's mistakes to solve again (waits for the learner in a pre-heated Voilà kernel); ``empty``
    is what an empty queue says."""
    at_request()
    return MistakeReview(store, empty)
