"""What every puzzle is: the shared base ``Puzzle``, the protocol each kind implements, and ``PuzzleView``.

A kind of puzzle (play, winner, points, …) is one class in ``puzzles/kinds/``,
declared with the spec class it reads::

    class WinnerPuzzle(TrickPuzzle, spec_type=WinnerSpec):
        spec: WinnerSpec
        answer_kind = "seat"

and implementing the protocol:

- ``answer_kind``: how the learner answers (one of ``engine.grading.ANSWER_KINDS``: cards, order, seat, number,
  yes/no or a written choice);
- ``solve()``: one correct answer, in the form a learner gives it;
- ``judge(answer)``: ``(correct, why)``, ``why`` being the engine's sentence naming the rule;
- ``view()``: a ``PuzzleView``, the plain data of what the learner is shown;
- ``checks()``: the kind's own checks for ``check-exercises`` (``[]`` when all is well);
- ``thorough_checks()``: checks that take seconds (a search), which only ``check-exercises`` runs;
- ``grades_by_search``: whether grading an answer runs a search (seconds), which ``check-exercises --quick``
  leaves out;
- what it teaches: ``idea_text`` (the hint ladder's first rung), and where the kind has more to say
  ``last_hint()``, ``own_mistake(given, why)`` (a wrong answer's first sentence, the answer unnamed) and
  ``solution_extra()`` (added to "Show answer").

The base does the rest the same way for every kind: it reads the spec's trump and
rules, checks that the cards fit in the decks, grades through the one path of
every question (``engine.grading.Question.grade``: the answer read into its
canonical text, judged, then ``verdict`` adds the author's misconceptions and
teaching text). ``Puzzle.from_spec``
picks the class by the spec's type: adding a kind is adding one file in
``kinds/`` with its spec class and its puzzle class (``schema.read_spec`` reads any
registered kind).
"""

from __future__ import annotations

from abc import abstractmethod
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar, get_args

from ..engine.cards import Card, check_copies, parse_cards
from ..engine.errors import ShengjiError
from ..engine.grading import Answer, AnswerKind, Grade, Question, Solution
from ..engine.rules import RuleSet
from ..engine.seats import SEATS
from ..engine.trump import Trump
from ..i18n import N_, language, t
from . import teaching
from .schema import HandSpec, SpecBase, TrickSpec, Words, parse_trump

__all__ = [
    "Answer",
    "AnswerKind",
    "BankError",
    "HandPuzzle",
    "Puzzle",
    "PuzzleView",
    "SettledPuzzle",
    "Solution",
    "Topic",
    "TrickPuzzle",
    "YesNoPuzzle",
    "answer_text",
    "kind_classes",
    "seat_order",
    "spec_cards",
]


class BankError(ShengjiError):
    """A puzzle file that cannot be read, or a puzzle the engine disagrees with."""


@dataclass(frozen=True)
class Topic:
    topic: str
    lesson: int
    title: str


@dataclass(frozen=True)
class PuzzleView:
    """What the learner is shown of a puzzle, as plain data (no markup: the ``ui`` layer draws it).

    ``trick`` is the trick so far, led by seat ``leader``; ``hand`` the cards the
    learner picks from or looks at, under ``hand_label``, sorted by the trump order
    when ``sort_hand`` and drawn with their trump marks (gold edge, trump group)
    when ``mark_trumps`` (off when telling trumps apart is the puzzle);
    ``max_cards`` how many the answer has (0: any number); ``context`` a sentence
    under the prompt ("" for the trump alone); ``others`` what a throw puzzle shows
    of the other players' hands (their cards of the thrown suit), as (seat name,
    cards) pairs; ``taken`` the tricks already played that a count of points is
    about, each trick's cards.
    """

    trump: Trump
    hint: str = ""
    max_cards: int = 0
    trick: tuple[tuple[Card, ...], ...] = ()
    leader: int = 0
    hand: tuple[Card, ...] = ()
    hand_label: str = N_("Your hand")
    sort_hand: bool = True
    mark_trumps: bool = True
    context: str = ""
    others: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    taken: tuple[tuple[Card, ...], ...] = ()
    rows: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    """Cards shown in labelled rows instead of a trick table (Zheng Fen's table: ("On the table", cards))."""


def spec_cards(field: str, what: str) -> cached_property[list[Card]]:
    """A kind's cards, read from its spec's ``field`` when first asked for (``Puzzle._cards``: ``what`` says why they
    cannot be read), as a class declares them: ``kitty = spec_cards("kitty", N_("kitty: {problem}"))``."""

    def read(puzzle: Puzzle) -> list[Card]:
        return puzzle._cards(getattr(puzzle.spec, field), what)

    return cached_property(read)


def seat_order(leader: int) -> list[str]:
    """The four seat names in play order from ``leader`` on.

    >>> from shengji_tutor.puzzles.base import seat_order
    >>> seat_order(3)
    ['East', 'North', 'West', 'South']
    """
    return [SEATS[(leader + k) % 4] for k in range(4)]


class Puzzle(Question):
    """One puzzle: ``id``, ``topic``, ``lesson``, ``kind``, ``difficulty``, ``prompt``, ``hint``, ``rules``,
    ``trump``; ``solve()`` gives a correct answer as a learner gives it, ``grade(answer)`` a ``Grade``."""

    spec: SpecBase
    spec_type: ClassVar[type[SpecBase]]
    """The spec class this kind reads (given as ``spec_type=`` when the class is declared)."""
    kind: ClassVar[str]
    """The spec's ``kind`` ("play", "winner", …)."""

    def __init_subclass__(cls, spec_type: type[SpecBase] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if spec_type is None:  # a shared base of several kinds, like TrickPuzzle
            return
        taken = kind_classes().get(spec_type)
        if taken is not None:
            raise TypeError(f"{spec_type.__name__} puzzles are already {taken.__name__}; a spec has one kind")
        cls.spec_type = spec_type
        cls.kind = _kind_of(spec_type)

    def __init__(self, spec: SpecBase, topic: Topic) -> None:
        if not isinstance(spec, self.spec_type):
            raise TypeError(f"{type(self).__name__} reads a {self.spec_type.__name__}, not a {type(spec).__name__}")
        self.spec = spec
        self.topic = topic.topic
        self.lesson = topic.lesson
        self.id: str = spec.id
        self.difficulty: int = spec.difficulty
        try:
            self.rules = RuleSet(**spec.rules)
            self.trump = Trump(*parse_trump(spec.trump), self.rules.red_five)  # red fives (RULES §11) rank above BJ
        except (ShengjiError, TypeError) as e:
            raise BankError(f"puzzle {self.id}: {e}") from None
        groups = self._card_groups()
        try:
            check_copies(groups, self.rules.decks, t("puzzle {id}'s cards", id=self.id))
        except ShengjiError as e:
            raise BankError(str(e)) from None

    @property
    def words(self) -> Words:
        """The puzzle's words (prompt, hint, teaching, misconceptions) in the language read now."""
        return self.spec.words(language())

    # ``Question`` (engine.grading) declares these as plain attributes; a puzzle reads them in the learner's language
    @property
    def prompt(self) -> str:  # type: ignore[override]
        """The question, in the language read now."""
        return self.words.prompt

    @property
    def hint(self) -> str:  # type: ignore[override]
        """The author's hint, in the language read now ("" for none)."""
        return self.words.hint

    @staticmethod
    def from_spec(spec: SpecBase, topic: Topic) -> Puzzle:
        """The puzzle of a spec, as the class registered for the spec's type."""
        kind = kind_classes().get(type(spec))
        if kind is None:
            raise BankError(f"puzzle {spec.id}: no puzzle class reads a {type(spec).__name__}")
        return kind(spec, topic)

    def __repr__(self) -> str:
        return f"<Puzzle {self.id} ({self.kind}, difficulty {self.difficulty})>"

    # -- the protocol of a kind ------------------------------------------------------------

    # ``answer_kind``, ``solve()`` and ``judge(given)`` are each kind's (``engine.grading.Question``); a kind whose engine
    # settles its one answer and why together gets the last two from ``SettledPuzzle`` (yes/no: ``YesNoPuzzle``).

    def view(self) -> PuzzleView:
        """What the learner is shown; a kind adds its cards to this (the trump and the hint)."""
        return PuzzleView(self.trump, self.hint, hand_label=t("Your hand"))

    # -- what a kind teaches: its idea, its hints, its words for a wrong answer --------------------

    idea_text: ClassVar[str] = teaching.GENERIC_IDEA
    """The first rung of every hint ladder: the idea behind this kind of puzzle (``{line}`` stands for the
    attackers' points from which they take over, which the puzzle's rules decide), in English: a kind marks it with
    ``N_`` and ``idea()`` shows it translated."""
    shows_points: ClassVar[bool] = True
    """Whether the card shows the points on the table (not when counting them is the puzzle)."""

    def idea(self) -> str:
        """The idea behind this kind, as this puzzle's rules have it (one deck takes over at 40, three at 120)."""
        return t(self.idea_text, line=2 * self.rules.step)

    def last_hint(self) -> teaching.HintStep | None:
        """The hint ladder's last rung: the answer's cards highlighted, or the facts to work with (by answer kind)."""
        return teaching.answer_hint(self)

    def own_mistake(self, given: str, why: str) -> str:
        """What this kind says about a wrong answer ``given`` (canonical text; ``why`` the engine's explanation),
        without giving the answer away ("" when it has nothing to add to the rule)."""
        return ""

    def solution_extra(self) -> str:
        """Words "Show answer" adds after the answer and its explanation ("" for most kinds)."""
        return ""

    def checks(self) -> list[str]:
        """The kind's own checks of the puzzle, for ``check-exercises`` (none by default)."""
        return []

    grades_by_search: ClassVar[bool] = False
    """Whether ``judge`` runs a search (a second or more per answer): ``check-exercises --quick`` grades no answer
    of such a kind, and leaves its ``checks()`` to catch what it can without one."""

    def thorough_checks(self) -> list[str]:
        """The kind's checks that take seconds, like a search's (none by default): ``check-exercises`` runs them,
        ``check_puzzle`` does not."""
        return []

    def _card_groups(self) -> list[list[Card]]:
        """The groups of cards in the puzzle that must fit in the decks together (none by default)."""
        return []

    # -- shared by every kind --------------------------------------------------------------

    def _cards(self, text: str, what: str, **values: object) -> list[Card]:
        """The cards of ``text``; ``BankError`` when they cannot be read, said by ``what``: an ``N_`` message naming
        the cards, with ``{problem}`` for what is wrong ("hand: {problem}") and ``values`` for its other fields."""
        try:
            return parse_cards(text)
        except ShengjiError as e:
            said = t(what, problem=e, **values)
            raise BankError(f"puzzle {self.id}: {said}") from None

    def _is_solution(self, answer: Answer) -> bool:
        """The answer reads the same as ``solve()`` (for kinds with one right answer)."""
        return self.canonical_answer(answer) == self.canonical_answer(self.solve())

    def verdict(self, given: str, correct: bool, why: str) -> Grade:
        """A judged answer's grade with the author's teaching: the explanation when right; when wrong, the
        misconception it matches, the kind's own words on it and the rule (``Question.grade`` reads the answer)."""
        words = self.words
        if correct:
            return Grade(True, teaching.sentences([why.strip(), words.explain.strip()]), self.kind)
        matched = next(
            (k for k, m in enumerate(self.spec.misconceptions) if self._reads_as(m.answer, given)),
            None,
        )
        says = "" if matched is None else words.says[matched]
        first = teaching.mistake(self, given, why, says)
        full = teaching.sentences([says, why, words.explain])
        return Grade(False, full, self.kind, mistake=first, misconception=matched)

    def hint_steps(self) -> tuple[teaching.HintStep, ...]:
        """The puzzle's hint ladder, from the idea to the answer (``teaching.hint_ladder``)."""
        return teaching.hint_ladder(self)

    def solution_text(self) -> str:
        """The answer in words with the engine's explanation: what "Show answer" shows."""
        return teaching.solution_text(self)

    def _reads_as(self, answer: Answer, canonical: str) -> bool:
        try:
            return self.canonical_answer(answer) == canonical
        except ValueError:
            return False


class TrickPuzzle(Puzzle):
    """The shared part of the kinds about a trick in play (play, legal, winner, points)."""

    spec: TrickSpec

    @cached_property
    def trick(self) -> list[list[Card]]:
        return [
            self._cards(p, N_("trick play {number}: {problem}"), number=i + 1) for i, p in enumerate(self.spec.trick)
        ]

    @property
    def leader(self) -> int:
        return SEATS.index(self.spec.leader)

    @property
    def names(self) -> list[str]:
        """Seat names of the trick's plays, from the leader on."""
        return seat_order(self.leader)

    def view(self) -> PuzzleView:
        shown = tuple(tuple(play) for play in self.trick)
        return replace(super().view(), trick=shown, leader=self.leader)

    def _card_groups(self) -> list[list[Card]]:
        return list(self.trick)


class HandPuzzle(Puzzle):
    """The shared part of the kinds about the learner's hand (play, legal, declare)."""

    spec: HandSpec
    hand = spec_cards("hand", N_("hand: {problem}"))

    def view(self) -> PuzzleView:
        return replace(super().view(), hand=tuple(self.hand))

    def _card_groups(self) -> list[list[Card]]:
        return [self.hand, *super()._card_groups()]


class SettledPuzzle(Puzzle):
    """The shared part of the kinds whose engine settles the one right answer and its explanation together
    (``_settled``): ``solve()`` gives that answer and ``judge`` compares an answer with it."""

    @property
    @abstractmethod
    def _settled(self) -> tuple[Solution, str]:
        """The right answer as a learner gives it, and the engine's explanation naming the rule."""

    def solve(self) -> Solution:
        return self._settled[0]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._settled[1]


class YesNoPuzzle(SettledPuzzle):
    """The shared part of the kinds asked yes or no: ``_settled`` gives whether (a bool) and why."""

    answer_kind = AnswerKind.YESNO

    def solve(self) -> Solution:
        return "yes" if self._settled[0] else "no"


def kind_classes() -> dict[type[SpecBase], type[Puzzle]]:
    """Every kind of puzzle by the spec type it reads (the classes declared with ``spec_type=``)."""
    found: dict[type[SpecBase], type[Puzzle]] = {}
    todo = Puzzle.__subclasses__()
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "spec_type" in vars(cls):
            found[cls.spec_type] = cls
    return found


def _kind_of(spec_type: type[SpecBase]) -> str:
    field = spec_type.model_fields.get("kind")
    kinds = get_args(field.annotation) if field is not None else ()
    if len(kinds) != 1 or not isinstance(kinds[0], str):
        raise TypeError(f"{spec_type.__name__} needs a field kind: Literal['<its kind>']")
    return kinds[0]


def answer_text(puzzle: Puzzle | None, answer: Answer) -> str:
    """An answer as it is stored and counted: its puzzle's canonical form (plain text when it cannot be read,
    or when the puzzle is unknown), so that progress, the dashboard and the export agree with grading.

    >>> from shengji_tutor.puzzles import load_bank
    >>> from shengji_tutor.puzzles.base import answer_text
    >>> puzzle = load_bank()["following-ruff-to-win"]
    >>> answer_text(puzzle, ["8H", "4H"]), answer_text(puzzle, "4H 8H"), answer_text(None, ["8H", "4H"])
    ('4H 8H', '4H 8H', '8H 4H')
    """
    if puzzle is not None:
        with suppress(ValueError):
            return puzzle.canonical_answer(answer)
    return " ".join(str(c) for c in answer) if isinstance(answer, list | tuple) else str(answer)
