"""The one question system a lesson's steps and the puzzles share: what a grader returns (a verdict and the engine's
explanation, naming the rule it applied), the answer kinds and how an answer is read (``read_answer``), the base of
every question (``Question``: one path from a raw answer to a ``Grade``), and the one rule for when a question's
answer may be shown (``may_reveal``).

>>> from shengji_tutor.engine.grading import may_reveal
>>> may_reveal(wrong=1, hints_open=0, hints=3), may_reveal(wrong=2, hints_open=0, hints=3), may_reveal(0, 3, 3)
(False, True, True)
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..i18n import N_, t
from .cards import Card, as_cards
from .closed import Closed
from .errors import ShengjiError
from .seats import SEATS, seat_index

__all__ = [
    "ANSWER_KINDS",
    "REVEAL_AFTER_WRONG",
    "Answer",
    "AnswerError",
    "AnswerKind",
    "Attempts",
    "Grade",
    "Question",
    "Solution",
    "fixed_choices",
    "may_reveal",
    "misconception_id_of",
    "misconception_index",
    "read_answer",
]


@dataclass(frozen=True)
class Grade:
    """The verdict on a learner's answer: ``correct``, and an ``explanation`` that names the rule."""

    correct: bool
    explanation: str
    rule: str = ""
    mistake: str = ""
    """For a wrong answer: what is wrong with it and the rule that decides, without the solution ("" : none given)."""
    misconception: int | None = None
    """Which of the question's known misconceptions a wrong answer matched: its place in the author's list (``None``
    when none did). A meaning, not words: the store keeps ``misconception_id`` and a page draws the author's words
    in the language read then."""
    answer: str = ""
    """The answer as it was graded, in its canonical text ("" when it could not be read): what the store keeps."""

    def __bool__(self) -> bool:
        return self.correct

    @property
    def misconception_id(self) -> str:
        """The misconception matched as the store keeps it (``misconception_id_of``), "" when none."""
        return "" if self.misconception is None else misconception_id_of(self.misconception)


MISCONCEPTION_ID = re.compile(r"misconception:(\d{1,3})")
"""How an attempt's matched misconception is stored: ``misconception:0`` is the puzzle's first."""


def misconception_id_of(index: int) -> str:
    """The stored id of a puzzle's misconception at ``index`` of the author's list.

    >>> from shengji_tutor.engine.grading import misconception_id_of, misconception_index
    >>> misconception_id_of(1), misconception_index("misconception:1"), misconception_index("Two singles...")
    ('misconception:1', 1, None)
    """
    return f"misconception:{index}"


def misconception_index(stored: str) -> int | None:
    """The place of the misconception a stored id names; ``None`` for anything else (words kept by an older
    version, of a puzzle no longer in the bank)."""
    found = MISCONCEPTION_ID.fullmatch(stored)
    return None if found is None else int(found.group(1))


REVEAL_AFTER_WRONG = 2
"""Wrong answers after which the answer is offered ("Show me", "Show answer"): one try more than the first, so the
mistake's own sentence and the first hint come before the solution, and nobody stays stuck."""


def may_reveal(wrong: int, hints_open: int = 0, hints: int = 0) -> bool:
    """Whether a question may now offer its answer: after ``REVEAL_AFTER_WRONG`` wrong answers, or once every one of
    its ``hints`` is open (a learner who has read them all has asked for the answer step by step)."""
    return wrong >= REVEAL_AFTER_WRONG or (hints > 0 and hints_open >= hints)


@dataclass
class Attempts:
    """One learner's work on one question, as whatever shows it keeps it — a puzzle card, a lesson's step: the one
    rule for hints and for showing the answer.

    ``hints`` is the length of the question's hint ladder. ``heard(grade)`` takes each graded answer (one that
    could not be read — a word typed for a number — is not an attempt) and says whether it opens the next hint
    step: a first wrong answer is told only what is wrong with it, each wrong answer after it opens the next step
    while one is left. ``open_hint()`` opens the next step (the last again once all are open), on request or so.
    The answer may be shown (``may_show``) after ``REVEAL_AFTER_WRONG`` wrong answers or once every step is open.

    >>> from shengji_tutor.engine.grading import Attempts, Grade
    >>> work, wrong = Attempts(hints=1), Grade(False, "Two singles, not a pair.")
    >>> work.heard(wrong), work.may_show, work.heard(wrong), work.open_hint(), work.may_show
    (False, False, True, 0, True)
    """

    hints: int = 0
    graded: int = 0
    """Answers graded (an unreadable one is not counted)."""
    wrong: int = 0
    hints_open: int = 0
    solved: bool = False
    shown: bool = False
    """The learner asked to be shown the answer."""

    def heard(self, grade: Grade) -> bool:
        """Count a graded answer; True when, being wrong, it opens the next hint step (``open_hint``)."""
        if grade.rule == "input":
            return False
        self.graded += 1
        if grade.correct:
            self.solved = True
            return False
        self.wrong += 1
        return self.wrong > 1 and self.hints_open < self.hints

    def open_hint(self) -> int:
        """Open the next hint step; its place in the ladder (the last one's once all are open)."""
        index = max(0, min(self.hints_open, self.hints - 1))
        self.hints_open = min(self.hints_open + 1, self.hints)
        return index

    @property
    def may_show(self) -> bool:
        """Whether the answer may be offered now (``may_reveal``), while it is not yet found."""
        return not self.solved and may_reveal(self.wrong, self.hints_open, self.hints)


# -- the one question system: answer kinds, reading an answer, grading it ----------------------------


class AnswerKind(Closed):
    """How a learner answers any question, a lesson's step or a puzzle; a ``StrEnum``: it reads, saves and syncs to
    the browser as its word."""

    CARDS = "cards"
    """Pick cards."""
    ORDER = "order"
    """Put cards in order, highest first."""
    SEAT = "seat"
    """Choose a seat."""
    NUMBER = "number"
    """Type a whole number."""
    YESNO = "yesno"
    """Say yes or no."""
    CHOICE = "choice"
    """Choose one of a few written choices."""


ANSWER_KINDS: tuple[AnswerKind, ...] = tuple(AnswerKind)
Answer = Any
"""An answer as it arrives: card tokens or ``Card``s, a seat name or number, a number, yes/no or a bool, a choice.
It comes from a browser or a YAML file, so nothing about it is trusted: ``read_answer`` reads it."""
Solution = list[str] | list[Card] | str | int
"""One right answer as a learner gives it: cards, a seat name, a number, "yes" / "no", a choice."""


class AnswerError(ValueError):
    """An answer that cannot be judged, in a whole sentence the learner is shown as it is ("Pick some cards
    first."); other ``ValueError``s from reading an answer are shown after "I could not read that answer:"."""


YOUR_ANSWER = N_("your answer")
"""The cards an error message names (``as_cards``'s ``what``)."""


def read_answer(kind: str, answer: Answer, choices: Sequence[str] = ()) -> str:
    """An answer in its one canonical text, so that equal answers compare (and count) equal.

    Cards: tokens sorted by card id (``8H 4H`` and ``4H 8H`` are both ``4H 8H``); an order: its tokens as given;
    a seat: its name; a number: its digits; yes/no: ``yes`` or ``no``; a choice: the choice as written.
    ``ValueError`` says why an answer cannot be read.

    >>> from shengji_tutor.engine.grading import read_answer
    >>> read_answer("cards", "8H 4H"), read_answer("seat", 3), read_answer("yesno", True), read_answer("number", " 25")
    ('4H 8H', 'East', 'yes', '25')
    >>> read_answer("choice", "Pass", ["Ruff", "Pass"])
    'Pass'
    """
    if kind == AnswerKind.CARDS:
        return _tokens(sorted(as_cards(answer, YOUR_ANSWER), key=lambda c: c.id))
    if kind == AnswerKind.ORDER:
        return _tokens(as_cards(answer, YOUR_ANSWER))
    if kind == AnswerKind.SEAT:
        return SEATS[seat_index(answer)]
    if kind == AnswerKind.NUMBER:
        return _number(answer)
    if kind == AnswerKind.YESNO:
        return _yes_or_no(answer)
    if kind == AnswerKind.CHOICE:
        if isinstance(answer, str) and answer in choices:
            return answer
        raise AnswerError(t("Choose one of: {choices}.", choices=", ".join(choices)))
    raise ValueError(
        t("unknown answer kind {kind}; use one of {kinds}", kind=repr(kind), kinds=", ".join(ANSWER_KINDS))
    )


def fixed_choices(kind: str) -> tuple[str, ...]:
    """The choices an answer kind brings with it: the four seats, or yes and no (none for the other kinds).

    >>> from shengji_tutor.engine.grading import fixed_choices
    >>> fixed_choices("seat"), fixed_choices("yesno"), fixed_choices("cards")
    (('North', 'West', 'South', 'East'), ('yes', 'no'), ())
    """
    return {"seat": SEATS, "yesno": ("yes", "no")}.get(kind, ())


def _tokens(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _number(answer: Answer) -> str:
    if isinstance(answer, bool):
        raise ValueError(t("a number is needed"))
    if isinstance(answer, int):
        return str(answer)
    if isinstance(answer, str) and answer.strip().lstrip("-").isdigit():
        return str(int(answer.strip()))
    raise ValueError(t("a whole number is needed, not {answer}", answer=repr(answer)))


def _yes_or_no(answer: Answer) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, str) and answer.strip().lower() in ("yes", "no", "y", "n", "true", "false"):
        return "yes" if answer.strip().lower() in ("yes", "y", "true") else "no"
    raise ValueError(t("answer yes or no, not {answer}", answer=repr(answer)))


class Question(ABC):
    """What every question is — a lesson's step (``course.questions.StepQuestion``) and every kind of puzzle
    (``puzzles.Puzzle``) alike: a ``prompt``, a ``hint``, an ``answer_kind`` (one of ``ANSWER_KINDS``), one right
    answer (``solve()``), the engine's judgement of a canonical answer (``judge``) and the answer in words
    (``solution_text()``). ``grade`` is the one path from a learner's raw answer to a ``Grade``: read it
    (``read_answer``), judge it, and let the kind add its teaching (``verdict``).
    """

    prompt: str
    hint: str

    @property
    @abstractmethod
    def answer_kind(self) -> AnswerKind:
        """How the learner answers: one of ``ANSWER_KINDS``."""

    @property
    def choices(self) -> tuple[str, ...]:
        """What a learner chooses from: the seats, yes/no, or a choice question's choices (none otherwise)."""
        return fixed_choices(self.answer_kind)

    @abstractmethod
    def solve(self) -> Solution:
        """One correct answer, in the form a learner gives it."""

    @abstractmethod
    def judge(self, given: str) -> tuple[bool, str]:
        """Whether the canonical answer ``given`` is right, and the engine's explanation (it names the rule)."""

    @abstractmethod
    def solution_text(self) -> str:
        """The answer in words with its explanation: what "Show me" / "Show answer" shows."""

    def canonical_answer(self, answer: Answer) -> str:
        """The answer in its canonical text (``read_answer``); ``ValueError`` says why it cannot be read."""
        return read_answer(self.answer_kind, answer, self.choices)

    def grade(self, answer: Answer) -> Grade:
        """The verdict on a learner's answer, with the engine's explanation naming the rule (rule ``"input"`` when
        the answer cannot be judged: it is not counted as wrong)."""
        try:
            given = self.canonical_answer(answer)
            correct, why = self.judge(given)
        except AnswerError as e:
            return Grade(False, str(e), "input")
        except (ShengjiError, ValueError, TypeError) as e:
            return Grade(False, t("I could not read that answer: {error}", error=e), "input")
        return replace(self.verdict(given, correct, why), answer=given)

    def verdict(self, given: str, correct: bool, why: str) -> Grade:
        """The grade of a judged answer; a kind adds its teaching here (a puzzle: the author's misconceptions)."""
        return Grade(correct, why)
