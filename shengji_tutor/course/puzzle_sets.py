"""A lesson's puzzles, one at a time, with progress saved as the learner goes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ..i18n import t, te
from ..puzzles import Puzzle
from ..store.answers import Recorder
from ..store.mastery import mastery_of
from ..store.progress import ProgressStore
from ..ui.puzzle_view import puzzle_card_args
from ..ui.widgets import PuzzleCard
from .catalogue import puzzles_of
from .context import at_request
from .pages import LessonHeader, header_of, learner_progress, lesson_complete_html

__all__ = ["PuzzleSet", "puzzle_set"]


class PuzzleSet(w.VBox):  # type: ignore[misc]
    """A lesson's puzzles, one at a time (easiest first), with Next, and progress saved as you go."""

    def __init__(
        self,
        puzzles: Sequence[Puzzle],
        store: ProgressStore | None = None,
        on_progress: Callable[[int, int, int], None] | None = None,
    ) -> None:
        if not puzzles:
            raise ValueError("a puzzle set needs at least one puzzle")
        self.puzzles = list(puzzles)
        self.store = learner_progress(store)
        self._on_progress = on_progress
        self._tries = self.store.history(p.id for p in self.puzzles)
        """The learner's attempts at the set's puzzles: read once, then kept as the recorder saves each one, so that
        a Check does not read the whole record again to count the progress."""
        self._reviewed = self.store.reviewed_first_try_or_none()
        solved = self._solved()
        self.index = next((i for i, p in enumerate(self.puzzles) if p.id not in solved), 0)
        self.card = PuzzleCard(**self._args(self.index))
        self.recorder = Recorder(self.card, self.store)
        self.recorder.on_saved = self._tries.append
        self.recorder.show(self.puzzle)
        self.card.on_check(lambda _grade, _answer: self._show_progress())
        self.card.on_reveal(self._show_progress)
        self.card.on_next(self.next)
        target = w.HTML('<span id="sjt-puzzles" class="sjt-skip-target" tabindex="-1">' + te("The puzzles") + "</span>")
        lessons = {p.lesson for p in self.puzzles}
        self.lesson = lessons.pop() if len(lessons) == 1 else None
        """The lesson all the set's puzzles belong to (None for a set drawn from several)."""
        self.complete = w.HTML("")
        """The "lesson complete" card (styled by the lesson header's sheet), drawn once every puzzle is solved."""
        super().__init__([target, self.card, self.complete])
        self.add_class("sjt-puzzle-set")
        self._show_progress()

    def _args(self, index: int) -> dict[str, Any]:
        return {"has_next": True, **puzzle_card_args(self.puzzles[index])}

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def next(self) -> None:
        """Show the next puzzle (after the last: the first one not solved yet, or the first)."""
        solved = self._solved()
        order = list(range(self.index + 1, len(self.puzzles))) + list(range(0, self.index + 1))
        self.show(next((i for i in order if self.puzzles[i].id not in solved), order[0]))

    def show(self, index: int) -> None:
        """Show the set's puzzle at ``index``."""
        self.index = index
        self.card.load(**self._args(index))
        self.recorder.show(self.puzzle)
        self._show_progress()

    def _solved(self) -> set[str]:
        return {puzzle for puzzle, state in mastery_of(self._tries, self._reviewed).items() if state.solved}

    def _show_progress(self) -> None:
        """The card's and the header's counts: puzzles mastered (first try, or later in review) and solved."""
        mastery = mastery_of(self._tries, self._reviewed)
        mastered = sum(m.mastered for m in mastery.values())
        solved = sum(m.solved for m in mastery.values())
        total = len(self.puzzles)
        outcome = self.recorder.outcome
        values = {"number": self.index + 1, "total": total, "mastered": mastered, "solved": solved}
        if outcome is not None and not outcome.first_try:
            self.card.progress = t(
                "Puzzle {number} of {total} · {mastered} mastered, {solved} solved · this one comes back in your review",
                **values,
            )
        else:
            self.card.progress = t("Puzzle {number} of {total} · {mastered} mastered, {solved} solved", **values)
        if solved == total and self.lesson is not None:
            self.complete.value = lesson_complete_html(self.lesson, total, mastered)
        if self._on_progress is not None:
            self._on_progress(mastered, solved, total)


def puzzle_set(
    number: int, header: LessonHeader | None = None, store: ProgressStore | None = None
) -> PuzzleSet | w.HTML:
    """The puzzles of lesson ``number``; pass the lesson's header to keep its progress bar current.

    In a pre-heated Voilà kernel this waits for the learner to open the page, so the
    puzzle shown first is the first one *they* have not solved. A lesson whose
    puzzles are not in the bank yet gets a short note instead.
    """
    at_request()
    puzzles = puzzles_of(number)
    if not puzzles:
        note = w.HTML('<p class="sjt-no-puzzles">' + te("The puzzles of this lesson are on their way.") + "</p>")
        note.add_class("sjt-no-puzzles")
        return note
    header = header if header is not None else header_of(number)

    def update(mastered: int, solved: int, _total: int) -> None:
        if isinstance(header, LessonHeader):
            header.refresh((mastered, solved))

    return PuzzleSet(puzzles, store, on_progress=update)
