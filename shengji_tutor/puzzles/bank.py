"""Puzzles graded by the engine: ``Puzzle.solve()`` and ``Puzzle.grade(answer)``, the bank, its checks.

Every answer is computed by the rules engine when the puzzle is asked; an
``expect`` in the YAML is only the author's claim, which ``check_bank`` (and
``shengji-tutor check-exercises``) compares with the engine.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib.resources import files
from itertools import pairwise
from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from ..engine.cards import Card, as_cards, check_copies, format_cards, parse_cards, points
from ..engine.declaring import Declaration, can_declare
from ..engine.errors import ShengjiError
from ..engine.follow import legal_follow
from ..engine.grading import Grade
from ..engine.plays import legal_plays
from ..engine.rules import RuleSet
from ..engine.scoring import kitty_multiplier, largest_unit, level_change, next_dealer
from ..engine.tricks import check_throw, explain_trick
from ..engine.trump import Trump
from ..engine.units import lead_format
from .schema import SEATS, TopicFile, parse_trump

__all__ = ["BankError", "Puzzle", "check_bank", "exercises_dir", "load_bank", "load_topics"]

Answer = Any


class BankError(ShengjiError):
    """A puzzle file that cannot be read, or a puzzle the engine disagrees with."""


def exercises_dir() -> Path:
    """Where the puzzle YAML lives: ``$SHENGJI_TUTOR_EXERCISES``, or the bank shipped in the package
    (``shengji_tutor/puzzles/exercises``, which the checkout's top-level ``exercises/`` links to)."""
    env = os.environ.get("SHENGJI_TUTOR_EXERCISES")
    return Path(env) if env else Path(str(files(__package__) / "exercises"))


@dataclass(frozen=True)
class Topic:
    topic: str
    lesson: int
    title: str


class Puzzle:
    """One puzzle: ``id``, ``topic``, ``lesson``, ``kind``, ``difficulty``, ``prompt``, ``hint``;
    ``solve()`` gives a correct answer as a learner gives it, ``grade(answer)`` a ``Grade``."""

    def __init__(self, spec: Any, topic: Topic) -> None:
        self.spec = spec
        self.topic = topic.topic
        self.lesson = topic.lesson
        self.id: str = spec.id
        self.kind: str = spec.kind
        self.difficulty: int = spec.difficulty
        self.prompt: str = spec.prompt
        self.hint: str = spec.hint
        try:
            self.rules = RuleSet(**spec.rules)
            self.trump = Trump(*parse_trump(spec.trump))
        except (ShengjiError, TypeError) as e:
            raise BankError(f"puzzle {self.id}: {e}") from None
        self._check_cards()

    def __repr__(self) -> str:
        return f"<Puzzle {self.id} ({self.kind}, difficulty {self.difficulty})>"

    # -- the situation --------------------------------------------------------------

    def _cards(self, text: str, what: str) -> list[Card]:
        try:
            return parse_cards(text)
        except ShengjiError as e:
            raise BankError(f"puzzle {self.id}: {what}: {e}") from None

    @cached_property
    def hand(self) -> list[Card]:
        return self._cards(getattr(self.spec, "hand", ""), "hand")

    @cached_property
    def trick(self) -> list[list[Card]]:
        return [self._cards(p, f"trick play {i + 1}") for i, p in enumerate(getattr(self.spec, "trick", ()))]

    @property
    def leader(self) -> int:
        return SEATS.index(getattr(self.spec, "leader", "South"))

    @property
    def seat(self) -> int:
        """The learner's seat in play/legal puzzles: the next to play after the trick so far."""
        return (self.leader + len(self.trick)) % 4

    @property
    def names(self) -> list[str]:
        """Seat names of the trick's plays, from the leader on."""
        return [SEATS[(self.leader + k) % 4] for k in range(4)]

    def _check_cards(self) -> None:
        groups: list[list[Card]] = []
        spec = self.spec
        if self.kind in ("play", "legal", "declare"):
            groups.append(self.hand)
        if self.kind in ("play", "legal", "winner", "points"):
            groups.extend(self.trick)
        if self.kind == "legal":
            play = self._cards(spec.play, "play")
            if Counter(play) - Counter(self.hand):
                raise BankError(f"puzzle {self.id}: the play {format_cards(play)} is not in the hand")
        if self.kind == "points":
            for text in (spec.cards, spec.kitty, spec.winning_play, *spec.taken):
                groups.append(self._cards(text, "cards"))
        if self.kind == "throw":
            groups.append(self._cards(spec.lead, "lead"))
            groups.extend(self._cards(h, "other hand") for h in spec.others)
        if self.kind == "order":
            groups.append(self._cards(spec.cards, "cards"))
        if self.kind == "declare" and spec.declared:
            declared = self._cards(spec.declared, "declaration")
            if spec.by_you:  # your own declaration was made with cards from your hand
                if Counter(declared) - Counter(self.hand):
                    raise BankError(
                        f"puzzle {self.id}: your own declaration {format_cards(declared)} is not in your hand"
                    )
            else:
                groups.append(declared)
        try:
            check_copies(groups, self.rules.decks, f"puzzle {self.id}'s cards")
        except ShengjiError as e:
            raise BankError(str(e)) from None

    # -- the widget's view of it ----------------------------------------------------------

    @property
    def answer_kind(self) -> str:
        """The PuzzleCard answer control: cards, order, seat, number or yesno."""
        if self.kind == "play" or (self.kind == "throw" and self.spec.ask == "forced"):
            return "cards"
        if self.kind == "order":
            return "order"
        if self.kind in ("winner", "dealer"):
            return "seat"
        if self.kind == "points":
            return "number"
        return "yesno"

    @property
    def max_cards(self) -> int:
        if self.kind == "play":
            return len(self.trick[0])
        return 0

    @property
    def cards_to_pick(self) -> list[Card]:
        """The cards the learner picks from (their hand, the throw, the cards to sort)."""
        if self.kind == "throw":
            return self._cards(self.spec.lead, "lead")
        if self.kind == "order":
            return self._cards(self.spec.cards, "cards")
        return self.hand

    # -- solving -------------------------------------------------------------------------

    def solve(self) -> Answer:
        """One correct answer, in the form a learner gives it: card tokens, a seat, a number, yes/no."""
        kind = self.kind
        if kind == "play":
            return [str(c) for c in self._correct_plays()[0]]
        if kind == "winner":
            return self.names[self._trick_result.winner]
        if kind == "points":
            return self._points()[0]
        if kind == "legal":
            return "yes" if self._verdict else "no"
        if kind == "throw":
            if self.spec.ask == "safe":
                return "yes" if self._throw.ok else "no"
            return [str(c) for c in self._throw.forced]
        if kind == "order":
            return [str(c) for c in self._ordered()]
        if kind == "dealer":
            return SEATS[self._next_dealer()[0]]
        return "yes" if self._declare()[0] else "no"

    @cached_property
    def _trick_result(self) -> Any:
        return explain_trick(self.trick, self.trump, self.rules, names=self.names[: len(self.trick)])

    @cached_property
    def _verdict(self) -> Any:
        return legal_follow(self.hand, self.trick[0], self._cards(self.spec.play, "play"), self.trump, self.rules)

    @cached_property
    def _throw(self) -> Any:
        others = [self._cards(h, "other hand") for h in self.spec.others]
        names = [SEATS[(self.leader + k) % 4] for k in range(1, 4)]
        return check_throw(self._cards(self.spec.lead, "lead"), others, self.trump, self.rules, names=names)

    def _wins(self, play: Sequence[Card]) -> bool:
        result = explain_trick([*self.trick, list(play)], self.trump, self.rules)
        return bool(result.winner == len(self.trick))

    def _cost(self, play: Sequence[Card]) -> int:
        return sum(self.trump.key(c) + (20 if self.trump.is_trump(c) else 0) for c in play)

    def _correct_plays(self) -> list[tuple[Card, ...]]:
        """Every correct play, per the puzzle's goal (at most a few hundred legal plays are considered)."""
        legal = []
        for play in legal_plays(self.hand, self.trick[0], self.trump, self.rules):
            legal.append(play)
            if len(legal) >= 2000:
                break
        goal = self.spec.goal
        if goal == "legal":
            return legal
        if goal == "most-points":
            best = max(points(p) for p in legal)
            return [p for p in legal if points(p) == best]
        if goal == "fewest-points":
            fewest = min(points(p) for p in legal)
            keep = [p for p in legal if points(p) == fewest]
            low = min(self._cost(p) for p in keep)
            return [p for p in keep if self._cost(p) == low]
        winners = [p for p in legal if self._wins(p)]
        if goal == "win" or not winners:
            return winners
        cheapest = min(self._cost(p) for p in winners)
        return [p for p in winners if self._cost(p) == cheapest]

    def _points(self) -> tuple[int, str]:
        spec = self.spec
        if spec.count == "cards":
            cards = self._cards(spec.cards, "cards") + [c for p in self.trick for c in p]
            return points(cards), _points_sum(cards)
        if spec.count == "kitty":
            kitty = self._cards(spec.kitty, "kitty")
            play = self._cards(spec.winning_play, "winning play")
            m = kitty_multiplier(play, self.trump, self.rules)
            unit = largest_unit(play, self.trump, self.rules)
            base = points(kitty)
            rule = (
                f"2 × {unit} card{'s' if unit > 1 else ''}"
                if self.rules.kitty_multiplier == "times"
                else f"2 to the power {unit}"
            )
            return base * m, (
                f"The kitty holds {base} points ({_points_terms(kitty)}). The attackers won the last trick with "
                f"{format_cards(play)}, whose largest unit has {unit} card{'s' if unit > 1 else ''}, so the kitty "
                f"counts {rule} = ×{m}: {base} × {m} = {base * m} (RULES §9)."
            )
        taken = [c for text in spec.taken for c in self._cards(text, "taken")]
        if spec.count == "remaining":
            total = self.rules.total_points
            gone = points(taken)
            return total - gone, (
                f"{self.rules.decks} decks hold {total} points; the tricks shown hold {gone}, "
                f"so {total - gone} are still out (RULES §2)."
            )
        return points(taken), _points_sum(taken)

    def _ordered(self) -> list[Card]:
        cards = self._cards(self.spec.cards, "cards")
        return sorted(cards, key=self.trump.sort_key)

    def _next_dealer(self) -> tuple[int, str]:
        dealer = SEATS.index(self.spec.dealer)
        change = level_change(max(0, self.spec.attacker_points), self.rules)
        seat = next_dealer(dealer, change, self.rules)
        why = (
            "the declarers hold, so the dealer's partner deals next"
            if change.side == "declarers"
            else "the attackers take over, so the player after the dealer (counter-clockwise) deals next"
        )
        return seat, f"{change.describe()} In RULES §9, {why}: {SEATS[seat]}."

    def _declare(self) -> tuple[bool, str]:
        """Can the hand override the declaration on the table? (RULES §10)"""
        declared = self._cards(self.spec.declared, "declaration") if self.spec.declared else []
        current = Declaration.of(0, tuple(declared)) if declared else None
        verdict = can_declare(self.hand, self.spec.rank, current, by_you=self.spec.by_you)
        return bool(verdict), verdict.reason

    # -- grading ---------------------------------------------------------------------------

    def grade(self, answer: Answer) -> Grade:
        """The verdict on a learner's answer, with the engine's explanation naming the rule."""
        try:
            correct, why = self._judge(answer)
        except (ShengjiError, ValueError, TypeError) as e:
            return Grade(False, f"I could not read that answer: {e}", "input")
        if not correct:
            for m in self.spec.misconceptions:
                if self._same_answer(m.answer, answer):
                    why = f"{m.says} {why}"
                    break
        if self.spec.explain:
            why = f"{why} {self.spec.explain}"
        return Grade(correct, why, self.kind)

    def _same_answer(self, a: Any, b: Any) -> bool:
        try:
            return bool(self._normal(a) == self._normal(b))
        except (ShengjiError, ValueError, TypeError):
            return False

    def _normal(self, answer: Any) -> Any:
        kind = self.answer_kind
        if kind in ("cards", "order"):
            cards = as_cards(answer, "your answer")
            return tuple(c.id for c in cards) if kind == "order" else tuple(sorted(c.id for c in cards))
        if kind == "seat":
            if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < 4:
                return SEATS[answer]
            if isinstance(answer, str) and answer.strip().title() in SEATS:
                return answer.strip().title()
            raise ValueError(f"choose a seat (North, West, South, East), not {answer!r}")
        if kind == "number":
            if isinstance(answer, bool):
                raise ValueError("a number is needed")
            if isinstance(answer, int):
                return answer
            if isinstance(answer, str) and answer.strip().lstrip("-").isdigit():
                return int(answer.strip())
            raise ValueError(f"a whole number is needed, not {answer!r}")
        if isinstance(answer, bool):
            return answer
        if isinstance(answer, str) and answer.strip().lower() in ("yes", "no", "y", "n", "true", "false"):
            return answer.strip().lower() in ("yes", "y", "true")
        raise ValueError(f"answer yes or no, not {answer!r}")

    def _judge(self, answer: Answer) -> tuple[bool, str]:
        given = self._normal(answer)
        kind = self.kind
        if kind == "play":
            play = [Card.from_id(i) for i in given]
            if len(play) != len(self.trick[0]):
                n = len(self.trick[0])
                return False, f"The lead has {n} card{'s' if n > 1 else ''}, so play exactly {n} (RULES §6)."
            verdict = legal_follow(self.hand, self.trick[0], play, self.trump, self.rules)
            if not verdict:
                return False, verdict.reason
            goal = self.spec.goal
            if goal == "legal":
                return True, verdict.reason
            correct = [tuple(sorted(c.id for c in p)) for p in self._correct_plays()]
            ok = given in correct
            trick = explain_trick(
                [*self.trick, play], self.trump, self.rules, names=[*self.names[: len(self.trick)], "you"]
            )
            mine = trick.notes[-1].sentence
            if ok:
                return True, f"{verdict.reason} {mine}"
            best = format_cards(self._correct_plays()[0]) if correct else ""
            if goal in ("win", "cheapest-win") and not self._wins(play):
                return False, f"Legal, but it does not win the trick: {mine}" + (f" {best} would." if best else "")
            if goal == "cheapest-win":
                return False, f"It wins, but {best} wins too and costs you less: keep your high cards. {mine}"
            if goal == "most-points":
                return False, f"Legal, but {best} gives your partner more points."
            return False, f"Legal, but {best} gives away fewer points and keeps your strength."
        if kind == "winner":
            result = self._trick_result
            return given == self.names[result.winner], result.reason
        if kind == "points":
            value, why = self._points()
            return given == value, why
        if kind == "legal":
            verdict = self._verdict
            return given == bool(verdict), verdict.reason
        if kind == "throw":
            check = self._throw
            if self.spec.ask == "safe":
                return given == check.ok, check.reason
            return given == tuple(sorted(c.id for c in check.forced)), check.reason
        if kind == "order":
            order = self._ordered()
            cards = [Card.from_id(i) for i in given]
            if Counter(cards) != Counter(order):
                return False, "Use every card once, highest first."
            keys = [self.trump.key(c) for c in cards]
            ok = all(a >= b for a, b in pairwise(keys))
            return ok, f"High to low: {_order_words(order, self.trump)} (RULES §3)."
        if kind == "dealer":
            seat, why = self._next_dealer()
            return given == SEATS[seat], why
        can, why = self._declare()
        return given == can, why


def _points_terms(cards: Iterable[Card]) -> str:
    scoring = [c for c in cards if c.points]
    return " + ".join(f"{c.symbol()} {c.points}" for c in scoring) if scoring else "no point cards"


def _points_sum(cards: Iterable[Card]) -> str:
    scoring = [c for c in cards if c.points]
    if not scoring:
        return "None of these cards score: only 5s, 10s and kings do (RULES §2)."
    terms = " + ".join(f"{c.symbol()} {c.points}" for c in scoring)
    return (
        f"{terms} = {sum(c.points for c in scoring)}: fives score 5, tens and kings 10, nothing else scores (RULES §2)."
    )


def _order_words(cards: Sequence[Card], trump: Trump) -> str:
    parts: list[str] = []
    previous: int | None = None
    for c in cards:
        k = trump.key(c)
        if previous is not None:
            parts.append(" = " if k == previous else " > ")
        parts.append(c.symbol())
        previous = k
    return "".join(parts)


# -- the bank -------------------------------------------------------------------------------

_TOPIC_FILE = TypeAdapter(TopicFile)


def load_topics(directory: Path | None = None) -> list[tuple[TopicFile, Path]]:
    """Every topic file, validated against the schema; ``BankError`` names the file and the problem."""
    directory = directory or exercises_dir()
    out = []
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            out.append((_TOPIC_FILE.validate_python(data), path))
        except (yaml.YAMLError, ValidationError) as e:
            raise BankError(f"{path.name}: {e}") from None
    return out


def load_bank(directory: Path | None = None) -> dict[str, Puzzle]:
    """All hand-authored puzzles by id, in lesson order (read once per folder and process)."""
    return dict(_load_bank(str((directory or exercises_dir()).resolve())))


@lru_cache(maxsize=8)
def _load_bank(directory: str) -> tuple[tuple[str, Puzzle], ...]:
    bank: dict[str, Puzzle] = {}
    for topic_file, path in sorted(load_topics(Path(directory)), key=lambda tp: (tp[0].lesson, tp[0].topic)):
        topic = Topic(topic_file.topic, topic_file.lesson, topic_file.title)
        for spec in topic_file.puzzles:
            if spec.id in bank:
                raise BankError(f"{path.name}: the puzzle id {spec.id!r} is used twice")
            bank[spec.id] = Puzzle(spec, topic)
    return tuple(bank.items())


def check_bank(bank: dict[str, Puzzle]) -> list[str]:
    """Every problem the engine finds in the bank (an empty list means all is well)."""
    problems: list[str] = []
    for pid, puzzle in bank.items():
        try:
            problems.extend(f"{pid}: {p}" for p in check_puzzle(puzzle))
        except (ShengjiError, ValueError, TypeError) as e:
            problems.append(f"{pid}: {type(e).__name__}: {e}")
    return problems


def check_puzzle(puzzle: Puzzle) -> list[str]:
    """The checks of one puzzle: it solves, the engine agrees with the author, claims hold."""
    problems = []
    spec = puzzle.spec
    if puzzle.kind == "play":
        correct = puzzle._correct_plays()
        if not correct:
            return [f"no play meets the goal {spec.goal!r}" if spec.goal != "legal" else "no legal play"]
        if spec.unique and len({tuple(sorted(c.id for c in p)) for p in correct}) != 1:
            plays = ", ".join(format_cards(p) for p in correct[:4])
            problems.append(f"claims a unique answer, but these all qualify: {plays}")
    if puzzle.kind == "order":
        cards = puzzle.cards_to_pick
        if len({puzzle.trump.suit_of(c) for c in cards}) != 1:
            problems.append("an order puzzle must use cards of one effective suit")
    if puzzle.kind == "throw" and len(lead_format(puzzle.cards_to_pick, puzzle.trump, puzzle.rules).units) < 2:
        problems.append("the lead is a single unit, not a throw")
    solution = puzzle.solve()
    grade = puzzle.grade(solution)
    if not grade.correct:
        problems.append(f"its own solution {solution!r} is graded wrong: {grade.explanation}")
    if spec.expect is not None:
        expected = puzzle.grade(spec.expect)
        if not expected.correct:
            problems.append(f"the author expects {spec.expect!r}, the engine disagrees: {expected.explanation}")
    for m in spec.misconceptions:
        if puzzle.grade(m.answer).correct:
            problems.append(f"the misconception answer {m.answer!r} is graded correct")
    if not grade.explanation or "RULES" not in puzzle.grade(solution).explanation + spec.explain:
        problems.append("the explanation names no rule")
    return problems
