"""Interactive steps: the learner acts first, the engine judges, and only then does the lesson explain.

``Step`` shows one ``questions.StepQuestion``: its prompt and picture, the way to answer
(cards picked from a hand or put in order, a button per choice, seat or yes/no, a
number: every answer kind a puzzle has too), and a Check button. A
wrong answer is told what is wrong with it and keeps the explanation hidden; a
right answer shows the engine's verdict and then the lesson's explanation, which
names the rule, with whatever pictures the lesson adds (``then``). Hints and the
answer come as a puzzle card's do (``engine.grading.Attempts``, the one rule): the
second wrong answer opens the step's hint, and after two wrong answers "Show me"
offers the solution, so nobody is stuck.

The explanation does not exist on the page until it is earned: its widgets are
built on the right answer, so nothing in the page's state gives it away.

``TrickStepper`` walks through a trick one play at a time: Next shows each play
with the engine's note on it, and finally the winner.

Both are plain ipywidgets with Python callbacks (no ``interactive``, no ``Output``),
so they work the same in a notebook and in the course's one page.

>>> from shengji_tutor import Trump
>>> from shengji_tutor.course.questions import who_wins
>>> from shengji_tutor.course.steps import Step
>>> step = Step(who_wins(["AC", "7C"], Trump("7", "C")), "The rank card of the trump suit sits above the ace.")
>>> step.answer("North").correct, step.explained
(False, False)
>>> step.answer("West").correct, step.explained
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.cards import CardsLike, as_cards, joker_words, sentence_case
from ..engine.grading import REVEAL_AFTER_WRONG, Attempts, Grade
from ..engine.rules import RuleSet
from ..engine.seats import SEATS
from ..engine.tricks import explain_trick
from ..engine.trump import Trump
from ..i18n import N_, t, tn
from ..store.validate import step_id
from ..ui.widgets import HandPicker, TrickTable
from .context import this_page
from .lesson_runner import markdown_html
from .questions import StepQuestion, seat_word, seats_from

__all__ = ["Step", "TrickStepper", "page_steps", "start_page_steps"]


WRONG_BEFORE_SHOW_ME = REVEAL_AFTER_WRONG
"""Wrong answers after which "Show me" is offered (the puzzles' rule too: ``engine.grading.may_reveal``)."""


def start_page_steps(lesson: int | None = None, on_step: Callable[[Step], None] | None = None) -> None:
    """Lesson ``lesson`` begins on the page (its header is drawn): the steps made from now on are its steps, each
    known as ``step-<lesson>-<place>`` and handed to ``on_step`` (which records its answers) as it is made; a
    lesson's "finished" line watches them (``page_steps``)."""
    page = this_page()
    page.lesson, page.on_step = lesson, on_step
    page.steps.clear()


def page_steps() -> list[Step]:
    """The steps made since the lesson on the page began, in order."""
    return list(this_page().steps)


class Step(w.VBox):  # type: ignore[misc]
    """One question before its explanation: ``answer(value)`` grades it (the buttons and Check call it).

    ``explanation`` is markdown (it should name the rule); ``then`` builds what is shown under it (widgets, or
    anything with ``_repr_html_`` such as ``cards(...)``) once the question is answered, never before. ``label``
    is the badge before the prompt ("Your turn" unless given). A choice's button reads it in the learner's
    language when the catalogs know it (a seat, ``questions.NOBODY``); the answer stays the choice as given.
    """

    def __init__(
        self,
        question: StepQuestion,
        explanation: str,
        *,
        then: Callable[[], Sequence[Any]] | None = None,
        label: str | None = None,
    ) -> None:
        self.question = question
        self._explanation = explanation
        self._then = then
        self.work = Attempts(hints=1 if question.hint else 0)
        """The learner's answers, hint and shown answer (the rule a puzzle card keeps too)."""
        self.explained = False
        """The explanation is on the page (answered right, or the learner asked to be shown)."""
        self.grades: list[Grade] = []
        self._explained_callbacks: list[Callable[[], None]] = []
        self._check_listeners: list[Callable[[Grade, Any], None]] = []
        self._reveal_listeners: list[Callable[[], None]] = []
        self.error = ""
        """Why the last answer could not be recorded ("" when it was): a recorder puts it here (``on_check``)."""
        page = this_page()
        self.id = "" if page.lesson is None else step_id(page.lesson, len(page.steps) + 1)
        """What the step's answers are recorded under (``step-4-2``: lesson 4's second step); "" outside a lesson."""
        picture = f'<div class="sjt-step-picture">{question.picture}</div>' if question.picture else ""
        badge = t("Your turn") if label is None else label
        self.prompt = w.HTML(
            f'<p class="sjt-step-prompt"><span class="sjt-step-badge">{escape(badge)}</span>'
            + f"{escape(joker_words(question.prompt))}</p>{picture}"
        )
        self.feedback = w.HTML("")
        self.saved_note = w.HTML("")
        self.show_me = w.Button(description=t("Show me"), tooltip=t("Show the answer and the explanation"))
        self.show_me.layout.display = "none"
        self.show_me.on_click(lambda _b: self.reveal())
        self.explanation = w.VBox([])
        self.explanation.add_class("sjt-step-explanation-box")
        self._inputs: list[w.Widget] = []
        self.choice_buttons: dict[str, w.Button] = {}
        self.picker: HandPicker | None = None
        self.number: w.Text | None = None
        answer_row = self._answer_widgets()
        super().__init__([self.prompt, answer_row, self.feedback, self.saved_note, self.show_me, self.explanation])
        self.add_class("sjt-step")
        page.steps.append(self)
        if self.id and page.on_step is not None:
            page.on_step(self)

    def on_explained(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the explanation is on the page (answered right, or shown)."""
        self._explained_callbacks.append(callback)

    def on_check(self, callback: Callable[[Grade, Any], None]) -> None:
        """Call ``callback(grade, answer)`` for each answer graded (not one that could not be read), before the
        learner sees the verdict: a puzzle card's event, so that a ``store.answers.Recorder`` records steps too."""
        self._check_listeners.append(callback)

    def on_reveal(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the learner asks to be shown the answer ("Show me")."""
        self._reveal_listeners.append(callback)

    # -- building ---------------------------------------------------------------------------

    def _answer_widgets(self) -> w.Widget:
        q = self.question
        if q.choices:  # a choice, a seat, yes or no: a button each
            for choice in q.choices:
                if q.answer_kind == "yesno" and choice in ("yes", "no"):
                    words = t("Yes") if choice == "yes" else t("No")
                else:
                    words = t(choice) if choice else choice  # a seat, NOBODY…: in the learner's language
                button = w.Button(description=joker_words(words), layout=w.Layout(width="auto"))
                button.on_click(lambda _b, c=choice: self.answer(c))
                self.choice_buttons[choice] = button
            self._inputs = list(self.choice_buttons.values())
            row = w.HBox(self._inputs, layout=w.Layout(flex_flow="row wrap"))
            row.add_class("sjt-step-choices")
            return row
        check = w.Button(description=t("Check"), button_style="primary")
        check.on_click(lambda _b: self.check())
        if q.answer_kind in ("cards", "order"):
            label = t("Your cards") if q.count else t("Your cards — click to pick, click again to put back")
            if q.answer_kind == "order":
                label = t("Click every card, from the highest to the lowest")
            self.picker = HandPicker(q.hand, q.trump, max_selected=self._need, label=label)
            self._inputs = [self.picker, check]
            return w.VBox([self.picker, check])
        self.number = w.Text(
            placeholder=t("a whole number"), description=t("Your answer"), layout=w.Layout(width="16em")
        )
        self._inputs = [self.number, check]
        return w.HBox([self.number, check])

    @property
    def _need(self) -> int:
        """How many cards an answer has (0: any number): every card of an order, else the question's count."""
        return len(self.question.hand) if self.question.answer_kind == "order" else self.question.count

    # -- answering --------------------------------------------------------------------------

    def check(self) -> Grade | None:
        """Grade what the learner picked or typed (the Check button). None when there is nothing to grade yet."""
        if self.picker is not None:
            picked = self.picker.selection
            need = self._need
            if not picked or (need and len(picked) < need):
                self._say(
                    "",
                    tn("Pick {n} card first.", "Pick {n} cards first.", need) if need else t("Pick some cards first."),
                )
                return None
            return self.answer(picked)
        assert self.number is not None
        if not str(self.number.value).strip():
            self._say("", t("Type a number first."))
            return None
        return self.answer(self.number.value)

    def answer(self, value: Any) -> Grade:
        """Grade an answer: wrong, say what is wrong with it (and the hint, if any); right, explain."""
        if self.work.solved:
            return self.grades[-1]
        grade = self.question.grade(value)
        self.grades.append(grade)
        if self.work.heard(grade):
            self.work.open_hint()
        if grade.rule != "input":
            self._heard(grade, value)
        if grade.correct:
            self._mark(value, "success")
            self._say("correct", *_praised(grade.explanation))
            self._explain()
            return grade
        if grade.rule != "input":
            self._mark(value, "danger")
        said = grade.explanation
        if self.work.hints_open and grade.rule != "input":
            # TRANSLATORS: what is wrong with the learner's answer, then a nudge towards the right one.
            said = t("{explanation} Hint: {hint}", explanation=grade.explanation, hint=self.question.hint)
        self._say("incorrect", *_faulted(said) if grade.rule != "input" else (said, ""))
        if self.work.may_show:
            self.show_me.layout.display = None
        return grade

    def reveal(self) -> None:
        """Show the solution and the explanation ("Show me")."""
        if self.explained:
            return
        self.work.shown = True
        for callback in self._reveal_listeners:
            callback()
        self._show_error()
        example = self.question.solve()
        if self.picker is not None and isinstance(example, str | list):
            self.picker.select(example)
        self._say("shown", self.question.solution_text(), t("The answer:"))
        self._explain()

    def _heard(self, grade: Grade, value: Any) -> None:
        """The listeners hear a graded answer (a recorder saves it) before the learner is told the verdict."""
        for callback in self._check_listeners:
            callback(grade, value)
        self._show_error()

    def _show_error(self) -> None:
        """A recorder's problem, under the step, until an answer is recorded again."""
        self.saved_note.value = f'<p class="sjt-step-error" role="alert">{escape(self.error)}</p>' if self.error else ""

    def _explain(self) -> None:
        if self.explained:
            return
        self.explained = True
        self.show_me.layout.display = "none"
        for widget in self._inputs:
            widget.disabled = True
        more = [_as_widget(x) for x in self._then()] if self._then is not None else []
        text = w.HTML(
            f'<div class="sjt-step-explanation jp-RenderedHTMLCommon">{joker_words(markdown_html(self._explanation))}</div>'
        )
        self.explanation.children = [text, *more]
        for callback in self._explained_callbacks:
            callback()

    def _mark(self, value: Any, style: str) -> None:
        button = self.choice_buttons.get(value) if isinstance(value, str) else None
        if button is not None:
            button.button_style = style

    def _say(self, verdict: str, text: str, lead: str = "") -> None:
        strong = f"<strong>{escape(lead)}</strong> " if lead else ""
        self.feedback.value = (
            f'<div class="sjt-step-feedback" role="status" aria-live="polite" data-verdict="{verdict}">'
            f"<p>{strong}{escape(joker_words(text))}</p></div>"
        )


RIGHT_OPENINGS = (
    # TRANSLATORS: how an explanation that says an answer is right may begin ("Right: 3 levels."), as the lessons'
    # questions write it; the word and its punctuation as your translation of those sentences begins.
    N_("Right: "),
    # TRANSLATORS: how the engine's yes/no verdicts begin ("Yes: a 2-pair tractor …"), as your translation of those
    # sentences begins: the word and its punctuation.
    N_("Yes: "),
)
"""How a right answer's explanation may open with its verdict: a step says "Right!" instead."""
# TRANSLATORS: how the engine's yes/no verdicts begin ("No: 9♠ is in no pair …"), as your translation of those
# sentences begins: the word and its punctuation.
WRONG_OPENING = N_("No: ")
"""How a wrong answer's explanation may open with its verdict: a step says "Not quite." instead."""


def _praised(text: str) -> tuple[str, str]:
    """A right answer's explanation and the word before it: "Right!", unless the explanation already says so
    ("Right: 3 levels." is said "Right! 3 levels."; one that opens with the word otherwise gets "Correct!").

    >>> from shengji_tutor.course.steps import _praised
    >>> _praised("Right: 3 levels."), _praised("Right after the deal…")[1], _praised("Pairs beat singles.")[1]
    (('3 levels.', 'Right!'), 'Correct!', 'Right!')
    """
    rest = _after_opening(text, RIGHT_OPENINGS)
    if rest is not None:
        return rest, t("Right!")
    if text.startswith("Right"):
        return text, t("Correct!")
    return text, t("Right!")


def _faulted(text: str) -> tuple[str, str]:
    """A wrong answer's explanation and the words before it, "Not quite."; an explanation that opens with the
    engine's "No: " (a yes/no verdict, as ``engine.tractors`` words one) is said without it.

    >>> from shengji_tutor.course.steps import _faulted
    >>> _faulted("No: 9♠ is in no pair."), _faulted("Two singles.")[0]
    (('9♠ is in no pair.', 'Not quite.'), 'Two singles.')
    """
    rest = _after_opening(text, (WRONG_OPENING,))
    return (text if rest is None else rest), t("Not quite.")


def _after_opening(text: str, openings: tuple[str, ...]) -> str | None:
    """``text`` without the verdict it opens with (one of ``openings``, in English or in the reader's language),
    its first letter upper-case; ``None`` when it opens with none of them."""
    for opening in dict.fromkeys((*openings, *map(t, openings))):
        if text.startswith(opening):
            return sentence_case(text[len(opening) :])
    return None


def _as_widget(shown: Any) -> w.Widget:
    """A widget as it is; a rich display object (``cards(...)``, an ``HTML``) as the HTML it shows."""
    if isinstance(shown, w.Widget):
        return shown
    render = getattr(shown, "_repr_html_", None)
    if callable(render):
        return w.HTML(str(render()))
    raise TypeError(f"a step shows widgets or HTML, not {type(shown).__name__}")


class TrickStepper(w.VBox):  # type: ignore[misc]
    """A trick played out one card at a time: each Next shows the next play with the engine's note on it, and the
    last Next the winner, outlined, with the engine's reason. "Watch again" starts over."""

    def __init__(
        self,
        plays: Sequence[CardsLike],
        trump: Trump,
        *,
        leader: int = 0,
        rules: RuleSet | None = None,
        intro: str | None = None,
    ) -> None:
        self.plays = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]
        self.leader = leader
        self.names = seats_from(leader, len(self.plays))
        self.result = explain_trick(self.plays, trump, rules, names=self.names)
        self.winner = (leader + self.result.winner) % len(SEATS)
        """The seat that wins, as the engine finds it."""
        self.shown = 0
        """Plays on the table (one more than the plays once the winner is shown)."""
        self._intro = t("Press Next to see the first play.") if intro is None else intro
        self.table = TrickTable([], leader=leader, trump=trump, caption=self._intro)
        self.next = w.Button(description=self._leads(), button_style="primary")
        self.next.on_click(lambda _b: self.step())
        self.again = w.Button(description=t("Watch again"), disabled=True)
        self.again.on_click(lambda _b: self.restart())
        super().__init__([self.table, w.HBox([self.next, self.again])])
        self.add_class("sjt-trick-stepper")

    @property
    def finished(self) -> bool:
        return self.shown > len(self.plays)

    def _leads(self) -> str:
        return t("Next: {seat} leads", seat=seat_word(self.names[0]))

    def step(self) -> None:
        """Show the next play, or, after the last, the winner."""
        if self.finished:
            return
        self.shown += 1
        n = len(self.plays)
        if self.shown <= n:
            note = self.result.notes[self.shown - 1]
            self.table.show(self.plays[: self.shown], self.leader, caption=note.sentence)
            self.next.description = (
                t("Next: {seat} plays", seat=seat_word(self.names[self.shown])) if self.shown < n else t("Who wins?")
            )
            return
        self.table.show(self.plays, self.leader, self.winner, caption=self.result.reason)
        self.next.description = t("Trick over")
        self.next.disabled = True
        self.again.disabled = False

    def restart(self) -> None:
        self.shown = 0
        self.table.show([], self.leader, caption=self._intro)
        self.next.description = self._leads()
        self.next.disabled = False
        self.again.disabled = True
