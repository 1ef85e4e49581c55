"""Learn from your mistakes: the puzzles due for review, and lesson 10's kept mistakes, until each is solved again.

``ReviewQueue`` serves the learner's review items due today (``store.reviews``,
scheduled with FSRS): a lesson puzzle comes back as itself the first time, and
afterwards — where the practice generator makes that kind — as a fresh puzzle on
the same idea, so the learner cannot answer from memory; a practice topic always
comes back fresh. Each answer is rated again (right first try moves the item
further out, a wrong one brings it back soon).

Lesson 10's coach keeps the costliest plays of a hand that it graded mistake or
blunder (``ProgressStore.keep_mistake``). ``MistakeReview`` turns them back into
"find a better play" puzzles (``puzzles.mistakes``), oldest first: a right
answer marks the mistake solved in the store, so it leaves the queue for good,
and a wrong one keeps it there. A mistake that a closer look finds was a good
play after all is let go, with a sentence saying so.
"""

from __future__ import annotations

import time
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.errors import RuleSetError, ShengjiError
from ..engine.grading import Grade
from ..engine.rules import RuleSet
from ..i18n import N_, t, te, th, tn
from ..puzzles import Puzzle, load_bank
from ..puzzles.mistakes import MistakePuzzle, mistake_puzzle
from ..store.answers import Recorder
from ..store.progress import KeptMistake, ProgressStore
from ..store.reviews import ReviewItem
from ..store.schema import StoreError
from ..ui.puzzle_view import puzzle_card_args
from ..ui.widgets import PuzzleCard
from .context import at_request
from .learning import practice_table
from .pages import learner_progress

__all__ = ["MistakeReview", "ReviewQueue", "mistake_review", "review_page", "review_puzzle"]

FRESH_KINDS = ("winner", "legal", "play", "points", "throw", "order")
"""Kinds the generator makes quickly enough to serve as a fresh variation (lesson 11's search takes seconds)."""

EMPTY = N_(
    "No mistakes to solve again yet. Play a hand above: the costliest plays the coach grades "
    "mistake or blunder come back here as puzzles."
)
"""What an empty mistake queue says (in English: shown as ``t(EMPTY)``; a page may give its own, translated)."""


class MistakeReview(w.VBox):  # type: ignore[misc]
    """The learner's open mistakes as puzzles (oldest first); solving one marks it solved in their store."""

    def __init__(self, store: ProgressStore | None = None, empty: str = EMPTY) -> None:
        self.store = learner_progress(store)
        self.empty = empty
        self.status = w.HTML()
        self.status.add_class("sjt-review-status")
        self.refresh_button = w.Button(
            description=t("Look for new mistakes"), tooltip=t("Load the mistakes kept since")
        )
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.card: PuzzleCard | None = None
        self.shown = False
        """The better play of the mistake on screen was shown (so a right answer now does not solve it)."""
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
            said = te("Your mistakes could not be read: {error}", error=e)
            self.status.value = f'<p class="sjt-error" role="alert">{said}</p>'
            return
        self._show_next()

    def _show_next(self) -> None:
        self.mistake = self.puzzle = None
        while self.queue:
            kept = self.queue.pop(0)
            try:
                puzzle = mistake_puzzle(kept.position, kept.answer, kept.id)
            except ShengjiError as e:  # a position this version cannot set up: say so, keep it for later
                self.note = t("One kept mistake could not be set up again ({error}); it stays in your list.", error=e)
                continue
            if puzzle is None:
                self._solved(kept, t("On a closer look your play there was as good as the best: that one is let go."))
                continue
            self.mistake, self.puzzle = kept, puzzle
            break
        self._draw()

    def _solved(self, kept: KeptMistake, note: str) -> None:
        try:
            self.store.solve_mistake(kept.id)
        except StoreError as e:
            note = t("Solved, but not saved: {error}", error=e)
        self.note = note

    def _draw(self) -> None:
        left = len(self.queue) + (self.puzzle is not None)
        note = f"<p>{escape(self.note)}</p>" if self.note else ""
        if self.puzzle is None:
            empty = escape(t(self.empty))
            self.status.value = f'<div class="sjt-review-head">{note}<p>{empty}</p></div>'
            self.children = [self.status, self.refresh_button]
            return
        count = tn("{n} mistake to solve again", "{n} mistakes to solve again", left)
        # TRANSLATORS: {count} is "3 mistakes to solve again" (in bold).
        said = th("{count} (oldest first).", count=f"<strong>{escape(count)}</strong>")
        self.status.value = f'<div class="sjt-review-head">{note}<p>{said}</p></div>'
        args: dict[str, Any] = {"has_next": True, **puzzle_card_args(self.puzzle)}
        if self.card is None:
            self.card = PuzzleCard(**args)
            self.card.on_check(self._checked)
            self.card.on_reveal(self._shown)
            self.card.on_next(self._next)
        else:
            self.card.load(**args)
        self.shown = False
        self.children = [self.status, self.card, self.refresh_button]

    def _shown(self) -> None:
        """The learner asked to see the better play: this mistake is not solved this time, and stays in the list."""
        self.shown = True
        if self.card is not None:
            self.card.progress = t("Shown, not solved: it stays in your list for next time.")

    def _checked(self, grade: Grade, _answer: Any) -> None:
        if grade.correct and self.mistake is not None and not self.shown:
            self._solved(self.mistake, t("Solved: this mistake leaves your list."))
            self.mistake = None
            if self.card is not None:
                self.card.progress = tn("{n} more to solve again", "{n} more to solve again", len(self.queue))

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


def review_puzzle(item: ReviewItem, seed: int = 0, rules: RuleSet | None = None) -> tuple[Puzzle, bool]:
    """The puzzle that serves review ``item``, and whether it is a fresh variation (not the puzzle first answered).

    A bank puzzle comes back as itself on its first review; afterwards, where the
    generator makes its kind, as a fresh puzzle of the same kind and difficulty. A
    practice topic (``practice/<kind>/<difficulty>``) is always a fresh puzzle, made
    under ``rules`` (the learner's house rules, as practice made it; RULES.md's when
    ``None``, or when a best puzzle cannot be made under them).
    """
    from ..puzzles.generate import generate

    if item.item.startswith("practice/"):
        _, kind, level = item.item.split("/")
        try:
            return generate(kind, int(level), seed=seed, rules=rules), True
        except RuleSetError:  # a best puzzle under chao dipi: the idea is the same under RULES.md's rules
            return generate(kind, int(level), seed=seed), True
    puzzle = load_bank()[item.item]
    if item.reviews > 1 and puzzle.kind in FRESH_KINDS:
        try:
            return generate(puzzle.kind, puzzle.difficulty, seed=seed), True
        except RuntimeError:  # none of that difficulty: the puzzle itself
            return puzzle, False
    return puzzle, False


class ReviewQueue(w.VBox):  # type: ignore[misc]
    """The learner's review items due today, one puzzle at a time; each answer reschedules its item."""

    def __init__(self, store: ProgressStore | None = None, seed: int | None = None) -> None:
        self.store = learner_progress(store)
        self.seed = seed if seed is not None else int(time.time())
        self.status = w.HTML()
        self.status.add_class("sjt-review-status")
        self.card: PuzzleCard | None = None
        self.recorder: Recorder | None = None
        self.item: ReviewItem | None = None
        self.shown_order: list[str] = []
        """The items shown this visit, in the order they were left."""
        self.done = 0
        super().__init__([self.status])
        self.add_class("sjt-review-queue")
        self.next()

    def due(self) -> list[ReviewItem]:
        """The items due by the end of today, soonest first ([] when the store cannot be read: the page says so)."""
        try:
            return self.store.review_queue()
        except StoreError as e:
            said = te("Your review could not be read: {error}", error=e)
            self.status.value = f'<p class="sjt-error" role="alert">{said}</p>'
            return []

    def next(self) -> None:
        """Show the next due item (or say that the review is done for today)."""
        due = self.due()
        if self.item is not None:
            self.shown_order.append(self.item.item)
        # what this visit has not shown yet comes first (soonest due first), then what it has, least recently shown
        # first: Next always moves on, and an item answered or skipped goes behind the others
        last = {item: n for n, item in enumerate(self.shown_order)}
        due = sorted(due, key=lambda d: (d.item in last, last.get(d.item, 0)))
        self.item = None
        rules = practice_table(self.store.house_rules())[0]  # a practice topic comes back under the learner's rules
        for item in due:
            try:
                puzzle, fresh = review_puzzle(item, self.seed + self.done, rules)
            except (KeyError, ShengjiError, RuntimeError):  # a puzzle gone from the bank, a topic with none now
                continue
            self.item = item
            self._show(puzzle, fresh, len(due))
            return
        nothing = te("Nothing to review today.")
        later = te(
            "Puzzles you get wrong, need hints for or ask to be shown come back here, spaced out so that each returns "
            "just before you would forget it."
        )
        self.status.value = f'<div class="sjt-review-head"><p><strong>{nothing}</strong> {later}</p></div>'
        self.children = [self.status]

    def _show(self, puzzle: Puzzle, fresh: bool, due: int) -> None:
        args: dict[str, Any] = {"has_next": True, **puzzle_card_args(puzzle)}
        if self.card is None:
            self.card = PuzzleCard(**args)
            self.recorder = Recorder(self.card, self.store, always_rate=True)
            self.card.on_check(lambda _g, _a: self._answered())
            self.card.on_reveal(self._answered)
            self.card.on_next(self._next)
        else:
            self.card.load(**args)
        assert self.recorder is not None
        assert self.item is not None
        self.recorder.show(puzzle, self.item.item, saved=not fresh and self.item.item in load_bank())
        what = t("A fresh puzzle on the same idea as one you missed.") if fresh else t("A puzzle you missed before.")
        self.card.progress = what
        today = tn("{n} puzzle to review today", "{n} puzzles to review today", due)
        # TRANSLATORS: {today} is "3 puzzles to review today" (in bold); {done} how many the learner answered.
        said = th("{today} · {done} done this visit.", today=f"<strong>{escape(today)}</strong>", done=self.done)
        self.status.value = f'<div class="sjt-review-head"><p>{said}</p></div>'
        self.children = [self.status, self.card]

    def _answered(self) -> None:
        outcome = self.recorder.outcome if self.recorder is not None else None
        if self.card is not None and outcome is not None:
            self.card.progress = (
                t("Right first try: it will come back later, further apart.")
                if outcome.first_try
                else t("It will come back soon: reviews space out as you get them right.")
            )

    def _next(self) -> None:
        if self.recorder is not None and self.recorder.outcome is not None:
            self.done += 1
        self.next()


def review_page(store: ProgressStore | None = None) -> w.VBox:
    """The review page: the puzzles due today, then lesson 10's kept mistakes (waits for the learner in a
    pre-heated kernel)."""
    at_request()
    store = learner_progress(store)
    mistakes = MistakeReview(store, EMPTY)
    title = te("Mistakes from your hands")
    heading = w.HTML(f'<h2 class="sjt-section">{title}</h2>')
    return w.VBox([ReviewQueue(store), heading, mistakes])
