"""The puzzle card: the frame every puzzle uses — prompt, situation, answer, Check / Hint / Next, feedback.

It grades by calling the grading function it is given; the answer key stays in
Python and never reaches the page. Answer kinds:

- ``"cards"``: pick cards from your hand ("what do you play?");
- ``"order"``: pick every card, high to low ("sort these cards");
- ``"seat"``: North, West, South or East ("who wins?");
- ``"number"``: a whole number ("how many points?");
- ``"yesno"``: Yes or No ("is this legal?");
- ``"choice"``: one of a few written ``choices`` (a lesson's "which is it?").

These are the answer kinds of every question, lesson steps and puzzles alike
(``engine.grading.ANSWER_KINDS``).

It teaches before it tells. Hints come as a ladder (``hint_steps``: from the idea
to the answer, each step on request, the last often highlighting cards), and the
card counts the steps used (``work``, an ``engine.grading.Attempts``). A first wrong answer is told what is
wrong (the grade's ``mistake``), not the solution; a second wrong answer opens
the next hint step too; the solution comes only from "Show answer" (``reveal``),
offered after the second wrong answer or once every hint is open — the one rule
a lesson's steps follow too (``engine.grading.may_reveal``) — which the owner
records as not solved. Too few cards picked is not an attempt:
the card says how many to pick and grades nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from ...engine.cards import Card, CardsLike, as_cards, joker_words, sentence_case
from ...engine.grading import ANSWER_KINDS, AnswerKind, Attempts, Grade
from ...engine.seats import SEATS, said_name
from ...engine.trump import Trump
from ...i18n import t, tn
from ..render import trick_svg
from ._base import BrowserError, SafeWidget, module_text, whole_number
from .hand_picker import card_entries, toggled

__all__ = ["ANSWER_KINDS", "PuzzleCard"]

log = logging.getLogger(__name__)

Answer = list[Card] | str | int | bool | None
_Words = str | Callable[[], str] | None
"""A hint or a solution: its text, or a function giving it."""
_Ladder = list[tuple[_Words, list[Card]]]
"""The hint ladder: each step's words and the hand's cards it highlights."""


class PuzzleCard(SafeWidget):
    """One puzzle on screen. ``grade(answer) -> Grade`` decides; ``hint`` is text or a function giving it."""

    _esm = module_text("puzzle_card")
    puzzle_id = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("cards").tag(sync=True)
    context = traitlets.Unicode("").tag(sync=True)
    trick = traitlets.Unicode("").tag(sync=True)
    hand_label = traitlets.Unicode("Your hand").tag(sync=True)
    hand_title = traitlets.Unicode("Your hand").tag(sync=True)
    """The hand's title as the page shows it: ``hand_label`` and what to do ("Your hand — pick 2")."""
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    highlight = traitlets.List(traitlets.Int()).tag(sync=True)
    max_selected = traitlets.Int(0).tag(sync=True)
    choices = traitlets.List(traitlets.Unicode(), default_value=list(SEATS)).tag(sync=True)
    """The buttons of a seat or choice answer: the seats' names, or the written choices (the answers' values)."""
    choice_words = traitlets.List(traitlets.Unicode(), default_value=list(SEATS)).tag(sync=True)
    """What each of ``choices``' buttons says, in the reader's language ("West" is 西家 in Chinese)."""
    choice = traitlets.Unicode("").tag(sync=True)
    verdict = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    hint_text = traitlets.Unicode("").tag(sync=True)
    hints = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The hint steps opened so far, in order (``hint_text`` is the latest)."""
    hint_total = traitlets.Int(1).tag(sync=True)
    can_reveal = traitlets.Bool(False).tag(sync=True)
    """"Show answer" is offered (``engine.grading.may_reveal``: after two wrong answers, or once every hint is open)."""
    show_points = traitlets.Bool(True).tag(sync=True)
    has_next = traitlets.Bool(False).tag(sync=True)
    progress = traitlets.Unicode("").tag(sync=True)
    hint_button = traitlets.Unicode("Hint").tag(sync=True)
    """The Hint button's words: "Hint (1 of 3)", "Next hint (2 of 3)", "All 3 hints shown"."""
    labels = traitlets.Dict().tag(sync=True)
    """The card's fixed words, in the reader's language (``_labels``): the buttons, the answers' labels, the
    verdicts."""

    @traitlets.validate("prompt", "context", "feedback", "hint_text")
    def _in_words(self, proposal: Any) -> str:
        """Every sentence the learner reads says the jokers in words, not as their tokens (``joker_words``)."""
        return joker_words(str(proposal["value"]))

    @traitlets.validate("hints")
    def _hints_in_words(self, proposal: Any) -> list[str]:
        return [joker_words(str(h)) for h in proposal["value"]]

    withhold = False
    """A live question in "after reveal" mode: an answer is recorded, graded but not told ("recorded"), and it is
    the one answer (the instructor's reveal shows the solution to the class)."""

    def __init__(self, puzzle_id: str = "", prompt: str = "", kind: str = "cards", **kwargs: Any) -> None:
        super().__init__()
        self._check_listeners: list[Callable[[Grade, Answer], None]] = []
        self._next_listeners: list[Callable[[], None]] = []
        self._reveal_listeners: list[Callable[[], None]] = []
        self.load(puzzle_id, prompt, kind, **kwargs)

    # -- Python API ---------------------------------------------------------------------

    def load(
        self,
        puzzle_id: str,
        prompt: str,
        kind: str = "cards",
        *,
        grade: Callable[[Any], Grade],
        trump: Trump | None = None,
        trick: Sequence[CardsLike] = (),
        leader: int = 0,
        hand: CardsLike = (),
        context: str = "",
        max_cards: int = 0,
        hint: str | Callable[[], str] | None = None,
        hint_cards: CardsLike = (),
        hint_steps: Sequence[Any] = (),
        solution: str | Callable[[], str] | None = None,
        show_points: bool = True,
        names: Sequence[str] = SEATS,
        choices: Sequence[str] = (),
        hand_label: str | None = None,
        has_next: bool = False,
        sort_hand: bool = True,
        picture: str = "",
    ) -> None:
        """Show a puzzle (also how "Next" moves on: the owner loads the next one).

        ``picture`` replaces the trick table with other SVG from ``shengji_tutor.render``.
        ``hint_steps`` is the hint ladder: steps with ``text`` and ``cards`` (the hand's cards it highlights), as
        ``puzzles.teaching.HintStep``; without it, ``hint`` and ``hint_cards`` are a one-step ladder. ``solution``
        (text, or a function giving it) is what "Show answer" shows; without it the button is not offered.
        ``show_points=False`` hides the trick table's point total (when the total is the answer). ``choices`` are
        a choice answer's buttons (at least two). ``hand_label`` titles the hand (by default "Your hand").
        """
        if kind not in ANSWER_KINDS:
            raise ValueError(f"unknown answer kind {kind!r}; use one of {', '.join(ANSWER_KINDS)}")
        if kind == AnswerKind.CHOICE and len(choices) < 2:
            raise ValueError("a choice answer needs at least two choices")
        cards = as_cards(hand, "the hand")
        self._cards = trump.sorted(cards) if trump is not None and sort_hand else cards
        self._keep(grade, trump, _hint_ladder(hint_steps, hint, hint_cards), solution)
        plays = [as_cards(p, f"play {i + 1}") for i, p in enumerate(trick)]
        with self.hold_sync():
            self._show_situation(puzzle_id, prompt, kind, context)
            self.trick = picture or (
                trick_svg(plays, leader, trump, names=names, show_points=show_points) if plays else ""
            )
            self.show_points = show_points
            self._show_answer(hand_label, max_cards, choices, names, has_next)

    def _keep(self, grade: Callable[[Any], Grade], trump: Trump | None, ladder: _Ladder, solution: _Words) -> None:
        """What the card keeps in Python, never on the page: the grader, the trump, the hint ladder and the
        solution; and a new puzzle's counts (no hint opened, no answer graded or shown yet)."""
        self._grade = grade
        self._trump = trump
        self._ladder = ladder
        self._solution = solution
        self.work = Attempts(hints=len(ladder))
        """The learner's answers, hints and shown answer on this puzzle (the rule a lesson's step keeps too)."""

    def _show_situation(self, puzzle_id: str, prompt: str, kind: str, context: str) -> None:
        """The card's words and what it asks: the puzzle, its prompt, its answer kind and its context (by default
        the trump in words)."""
        self.labels = _labels()
        self.puzzle_id = puzzle_id
        self.prompt = prompt
        self.kind = kind
        self.context = context or (sentence_case(self._trump.describe()) if self._trump is not None else "")

    def _show_answer(
        self, hand_label: str | None, max_cards: int, choices: Sequence[str], names: Sequence[str], has_next: bool
    ) -> None:
        """The answer's controls for the kind shown, nothing picked or chosen yet, and the verdict and hints
        cleared."""
        kind = self.kind
        self.hand_label = t("Your hand") if hand_label is None else hand_label
        self.hand = card_entries(self._cards, self._trump)
        self.selected = []
        self.highlight = []
        self.max_selected = len(self._cards) if kind == AnswerKind.ORDER else max_cards
        self.choices = list(choices) if kind == AnswerKind.CHOICE else list(names)
        # a written choice and a seat in the reader's language (an answer is still its value)
        self.choice_words = (
            [t(c) if c else c for c in choices] if kind == AnswerKind.CHOICE else [said_name(n) for n in names]
        )
        self.choice = ""
        self.verdict = ""
        self.feedback = ""
        self.hint_text = ""
        self.hints = []
        self.hint_total = len(self._ladder)
        self.can_reveal = False
        self.error = ""
        self.has_next = has_next
        self._hand_title()
        self._hint_words()

    @property
    def answer(self) -> Answer:
        """The learner's answer so far in its natural type (cards, seat name, int, bool), or None."""
        if self.kind in (AnswerKind.CARDS, AnswerKind.ORDER):
            return [self._cards[i] for i in self.selected] if self.selected else None
        if not self.choice:
            return None
        if self.kind == AnswerKind.NUMBER:
            return int(self.choice)
        if self.kind == AnswerKind.YESNO:
            return self.choice == "yes"
        return self.choice

    def check(self) -> Grade | None:
        """Grade the current answer (what the Check button does). None when there is no answer yet, or too few cards.

        The listeners record the attempt first (``work`` says how it was made); then the
        learner sees the verdict: the explanation when right; when wrong, what is wrong (the grade's ``mistake``)
        and, from the second wrong answer on, the next hint step.
        """
        answer = self.answer
        if self.withhold and self.work.graded:
            with self.hold_sync():
                self.verdict = "recorded"
                self.feedback = t("Your answer is recorded: your instructor will reveal the answer to the class.")
            return None
        unfinished = self._unfinished(answer)
        if unfinished:
            self.verdict = ""
            self.feedback = unfinished
            return None
        try:
            grade = self._grade(answer)
        except Exception as e:  # a grader's bug must not cost the learner their answer
            log.exception("grading puzzle %s failed", self.puzzle_id)
            self.error = t(
                "This puzzle could not be graded ({error}). Your answer is kept.", error=f"{type(e).__name__}: {e}"
            )
            return None
        hint_due = self.work.heard(grade)
        # Record first (progress, the class's store), then show the verdict: once the learner
        # sees it, the attempt is already saved.
        for callback in self._check_listeners:
            try:
                callback(grade, answer)
            except Exception:  # a failing store must not hide the verdict, nor show the learner its SQL
                log.exception("recording puzzle %s failed", self.puzzle_id)
                self.error = t("Your answer was graded but could not be saved (the server's log says why).")
        with self.hold_sync():
            self._tell(grade, hint_due)
        return grade

    def _unfinished(self, answer: Answer) -> str:
        """What to do before an answer can be graded (no answer yet, too few cards picked), "" when it can be."""
        if answer is None:
            return t("Choose an answer first.")
        if self.kind == AnswerKind.ORDER and isinstance(answer, list) and len(answer) < len(self._cards):
            return tn("Pick all {n} card, highest first.", "Pick all {n} cards, highest first.", len(self._cards))
        need = self.max_selected
        if self.kind == AnswerKind.CARDS and need and isinstance(answer, list) and len(answer) < need:
            return tn(
                "Pick {n} card: you have picked {picked}.",
                "Pick {n} cards: you have picked {picked}.",
                need,
                picked=len(answer),
            )
        return ""

    def _tell(self, grade: Grade, hint_due: bool) -> None:
        """Show the verdict on a graded answer: "recorded" when the class waits for the reveal; else the
        explanation when right, what is wrong when not and, from the second wrong answer on, the next hint step."""
        if self.withhold:
            self.verdict = "recorded"
            self.feedback = t("Your instructor will reveal the answer to the class.")
            self.can_reveal = False
            return
        self.verdict = "correct" if grade.correct else "incorrect"
        if grade.correct:
            self.feedback = grade.explanation
            self.can_reveal = False
        else:
            told = grade.mistake or grade.explanation
            if hint_due:
                # TRANSLATORS: {told} says what is wrong with the answer; {hint} is the next step of the hints.
                told = t("{told} Here is a hint: {hint}", told=told, hint=self.show_hint())
            elif self.work.wrong > 1 and self._solution is not None:
                told = t("{told} You have every hint: try once more, or press Show answer.", told=told)
            self.feedback = told
            self.can_reveal = self._solution is not None and self.work.may_show

    def show_hint(self) -> str:
        """Open the next step of the hint ladder (the last one again once all are open): its text."""
        fresh = self.work.hints_open < len(self._ladder)
        hint, hint_cards = self._ladder[self.work.open_hint()]
        try:
            text = hint() if callable(hint) else (hint or t("No hint for this one: read the prompt again."))
        except Exception:  # a broken hint must not break the puzzle
            log.exception("the hint of puzzle %s failed", self.puzzle_id)
            text = t("Sorry, no hint is available for this puzzle.")
        with self.hold_sync():
            self.hint_text = text
            if fresh:
                self.hints = [*self.hints, text]
            if self._solution is not None and self.work.may_show:
                self.can_reveal = True
            if hint_cards:
                free = list(range(len(self._cards)))
                marks = []
                for card in hint_cards:
                    i = next((j for j in free if self._cards[j] is card), None)
                    if i is not None:
                        free.remove(i)
                        marks.append(i)
                self.highlight = marks
                self.hand = card_entries(self._cards, self._trump, marks)
        return text

    def reveal(self) -> str:
        """Show the solution ("Show answer"): the listeners record that the puzzle was not solved. Its text."""
        if self._solution is None:
            raise BrowserError(t("this puzzle has no answer to show"))
        try:
            text = self._solution() if callable(self._solution) else self._solution
        except Exception:
            log.exception("the answer of puzzle %s could not be shown", self.puzzle_id)
            self.error = t("Sorry, the answer could not be shown.")
            return ""
        first = not self.work.shown
        self.work.shown = True
        if first:
            for callback in self._reveal_listeners:
                try:
                    callback()
                except Exception:
                    log.exception("recording the shown answer of puzzle %s failed", self.puzzle_id)
                    self.error = t("The answer is shown, but that could not be saved (the server's log says why).")
        with self.hold_sync():
            self.verdict = "shown"
            self.feedback = text
            self.can_reveal = False
        return text

    @traitlets.observe("hand_label", "kind", "max_selected")
    def _hand_title(self, _change: object = None) -> None:
        label, n = self.hand_label, self.max_selected
        if self.kind == AnswerKind.CARDS and n:
            self.hand_title = t("{label} — pick {n}", label=label, n=n)
        elif self.kind == AnswerKind.ORDER:
            # TRANSLATORS: a hand's title when the learner sorts it: {label} is "Your hand" or the like.
            self.hand_title = t("{label} — click them from highest to lowest", label=label)
        else:
            self.hand_title = label

    @traitlets.observe("hints", "hint_total")
    def _hint_words(self, _change: object = None) -> None:
        used, total = len(self.hints), self.hint_total
        if total <= 1:
            self.hint_button = t("Hint shown") if used else t("Hint")
        elif used >= total:
            self.hint_button = tn("All {n} hint shown", "All {n} hints shown", total)
        elif used == 0:
            self.hint_button = t("Hint (1 of {total})", total=total)
        else:
            self.hint_button = t("Next hint ({number} of {total})", number=used + 1, total=total)

    def on_check(self, callback: Callable[[Grade, Answer], None]) -> None:
        """Call ``callback(grade, answer)`` after every check (progress, classroom)."""
        self._check_listeners.append(callback)

    def on_reveal(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the learner asks to be shown the answer (the puzzle then counts as not solved)."""
        self._reveal_listeners.append(callback)

    def on_next(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the learner presses Next."""
        self._next_listeners.append(callback)

    # -- browser events -------------------------------------------------------------------

    def _events(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        return {
            "toggle": self._toggle,
            "answer": self._answer,
            "check": lambda _c: self.check(),
            "hint": lambda _c: self.show_hint(),
            "reveal": lambda _c: self.reveal(),
            "next": self._next,
        }

    def _toggle(self, content: dict[str, Any]) -> None:
        if self.kind not in (AnswerKind.CARDS, AnswerKind.ORDER):
            raise BrowserError("this puzzle is not answered with cards")
        index = whole_number(content, "index", 0, len(self._cards))
        chosen = toggled(self.selected, index, self.max_selected)
        if chosen is None:
            n = self.max_selected
            raise BrowserError(
                tn("pick at most {n} card: unpick one first", "pick at most {n} cards: unpick one first", n)
            )
        with self.hold_sync():
            self.selected = chosen
            self.verdict = ""

    def _answer(self, content: dict[str, Any]) -> None:
        value = content.get("value")
        if self.kind in (AnswerKind.SEAT, AnswerKind.CHOICE):
            if value not in self.choices:
                raise BrowserError(f"choose one of {', '.join(self.choices)}, not {value!r}")
            choice = str(value)
        elif self.kind == AnswerKind.NUMBER:
            choice = str(whole_number(content, "value", -1000, 1001))
        elif self.kind == AnswerKind.YESNO:
            if value not in ("yes", "no"):
                raise BrowserError(f"answer yes or no, not {value!r}")
            choice = str(value)
        else:
            raise BrowserError("this puzzle is answered by picking cards")
        if choice != self.choice:  # the same answer again (a repeated change event) keeps the verdict
            with self.hold_sync():
                self.choice = choice
                self.verdict = ""

    def _next(self, _content: dict[str, Any]) -> None:
        if not self.has_next:
            raise BrowserError("there is no next puzzle here")
        for callback in self._next_listeners:
            callback()


def _hint_ladder(steps: Sequence[Any], hint: _Words, cards: CardsLike) -> _Ladder:
    """The hint ladder: each of ``steps`` (its ``text`` and the ``cards`` it highlights), or else ``hint`` and
    ``cards`` as a one-step ladder."""
    if steps:
        return [(str(step.text), as_cards(step.cards, "the hint")) for step in steps]
    return [(hint, as_cards(cards, "the hint"))]


def _labels() -> dict[str, Any]:
    """The card's fixed words, in the reader's language: what the page writes on its buttons and answers."""
    return {
        "check": t("Check"),
        "show_answer": t("Show answer"),
        "next": t("Next"),
        "hints": t("Hints"),
        "who_wins": t("Who wins?"),
        "choose_one": t("Choose one"),
        "answer": t("Answer"),
        "your_answer": t("Your answer"),
        "yes_or_no": t("Yes or no"),
        "yes": t("Yes"),
        "no": t("No"),
        "verdicts": {
            "correct": t("Correct!"),
            "incorrect": t("Not quite."),
            # TRANSLATORS: the heading of the answer shown at the learner's request (the puzzle is then not solved).
            "shown": t("The answer (not counted as solved)."),
            "recorded": t("Answer recorded."),
        },
    }
