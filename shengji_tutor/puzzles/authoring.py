"""Questions an instructor writes for their class: a draft in the console's words, read and checked as the bank is.

The console fills a ``Draft`` (the kind, the trump, the trick so far, a hand, the
play to judge); ``Draft.spec`` is the spec a bank author would have written, and
``class_question`` reads it through the bank's schema, builds the puzzle and runs
``check-exercises``'s checks, so the engine — not the instructor — computes the
answer and its explanation. A class's questions leave and come back as YAML in
the bank's format (``questions_yaml``, ``read_questions_yaml``): one topic file
per lesson, ready to be saved in ``exercises/``.

>>> from shengji_tutor.puzzles.authoring import Draft, class_question
>>> draft = Draft("winner", trump="2S", leader="East", trick=("9H", "KH", "3S", "AH"))
>>> puzzle = class_question(draft.spec(), "class-k7qx2m-1", lesson=3)
>>> puzzle.solve(), puzzle.topic
('West', 'your-questions')
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import ValidationError

from ..engine.cards import SUIT_SYMBOLS
from ..engine.errors import ShengjiError
from ..engine.tricks import explain_trick
from .bank import CLASS_PREFIX, TOPIC_FILE, check_puzzle
from .base import BankError, Puzzle, Topic, TrickPuzzle, kind_classes
from .schema import SpecBase, read_spec

__all__ = [
    "FORMS",
    "GOALS",
    "TOPIC",
    "TOPIC_TITLE",
    "Draft",
    "Form",
    "class_question",
    "question_id",
    "questions_yaml",
    "read_questions_yaml",
    "spec_data",
]

TOPIC = "your-questions"
"""The topic of every question a class's instructor wrote (the dashboard's accuracy per topic shows it)."""
TOPIC_TITLE = "Your questions"
IMPORT_LIMIT = 200
"""The most questions one import may bring."""
HAND_LIMIT = 25
"""The most cards a player holds (four players, two decks: 25 each and a kitty of 8)."""


@dataclass(frozen=True)
class Form:
    """What the console asks for to write a question of one kind."""

    label: str
    prompt: str
    """The question's words until the instructor writes their own."""
    lesson: int
    """The lesson it belongs to unless the instructor chooses another."""
    plays: tuple[int, int]
    """The fewest and most plays of the trick so far."""
    hand: bool = False
    """It shows the hand of the player to play next."""
    play: bool = False
    """It asks about one play from that hand."""
    goal: bool = False
    """It asks for a play that does a job (``GOALS``)."""


FORMS: dict[str, Form] = {
    "winner": Form("Who wins the trick?", "Who wins this trick?", 3, (2, 4)),
    "legal": Form("Is this play legal?", "Is the play shown a legal follow here?", 6, (1, 3), hand=True, play=True),
    "play": Form("What do you play?", "What do you play?", 6, (1, 3), hand=True, goal=True),
    "points": Form("How many points?", "How many points are in this trick?", 2, (1, 4)),
}
"""The kinds of question the console writes, in the order it offers them."""

GOALS = [
    ("Any legal play", "legal"),
    ("A play that wins the trick", "win"),
    ("The cheapest play that wins", "cheapest-win"),
    ("The play that gives the most points", "most-points"),
    ("The play that gives the fewest points", "fewest-points"),
]
"""What a "What do you play?" question asks for (``PlaySpec.goal``), in the console's words."""

FIELD_WORDS = {
    "prompt": "the question",
    "hint": "the hint",
    "trump": "the trump",
    "trick": "the trick so far",
    "hand": "the hand",
    "play": "the play in question",
    "leader": "the leader",
    "goal": "what the play must do",
}


@dataclass(frozen=True)
class Draft:
    """A question as the console holds it while the instructor writes it. Cards are written as the bank writes
    them ("9S 9S"); ``trick`` is the plays so far, from ``leader`` on."""

    kind: str = "winner"
    trump: str = "2S"
    leader: str = "East"
    trick: tuple[str, ...] = ()
    hand: str = ""
    play: str = ""
    goal: str = "legal"
    prompt: str = ""
    hint: str = ""

    @property
    def form(self) -> Form:
        return FORMS[self.kind]

    def missing(self) -> list[str]:
        """What the question still lacks, in the console's words (``[]`` once it can be checked)."""
        form, out = self.form, []
        low, high = form.plays
        n = len(self.trick)
        if n < low:
            out.append(f"the trick needs at least {low} play{'s' if low > 1 else ''}: it has {n}")
        if n > high:
            out.append(f"this kind of question takes at most {high} plays in the trick: it has {n}")
        if form.hand and not self.hand.strip():
            out.append("the hand is empty: pick its cards, then press “Set as the hand”")
        if form.hand and len(self.hand.split()) > HAND_LIMIT:
            out.append(
                f"a hand holds at most {HAND_LIMIT} cards (four players, two decks): this one has {len(self.hand.split())}"
            )
        if form.play and not self.play.strip():
            out.append("the play in question is empty: pick it from the hand, then press “Set as the play”")
        return out

    def spec(self) -> dict[str, Any]:
        """The spec a bank author would write for this question (its id is given when it is saved)."""
        form = self.form
        data: dict[str, Any] = {
            "kind": self.kind,
            "prompt": " ".join(self.prompt.split()) or form.prompt,
            "trump": self.trump,
            "leader": self.leader,
            "trick": list(self.trick),
        }
        if self.hint.strip():
            data["hint"] = " ".join(self.hint.split())
        if form.hand:
            data["hand"] = self.hand
        if form.play:
            data["play"] = self.play
        if form.goal:
            data["goal"] = self.goal
        return data


def class_question(data: Mapping[str, Any], puzzle_id: str, lesson: int, checked: bool = True) -> Puzzle:
    """A question of a class from its spec's data: read by the bank's schema, built as the bank builds a puzzle,
    checked as ``check-exercises`` checks one (unless ``checked`` is off: a question read back from its class's
    store was checked when it was saved). ``BankError`` names every problem, in words."""
    if checked:
        _check_words(data)
    try:
        spec = read_spec({**data, "id": puzzle_id})
    except ValidationError as e:
        raise BankError(in_words(_words(e))) from None
    except ValueError as e:
        said = str(e)
        if said.startswith("a puzzle's kind is one of"):
            said = f"a question's kind is one of the bank's ({', '.join(sorted(FORMS))}, best, …), not {data.get('kind')!r}"
        raise BankError(in_words(said)) from None
    try:
        puzzle = Puzzle.from_spec(spec, Topic(TOPIC, lesson, TOPIC_TITLE))
        if checked and isinstance(puzzle, TrickPuzzle) and puzzle.trick:  # a trick as a table plays it, whatever
            explain_trick(puzzle.trick, puzzle.trump, puzzle.rules)  # the question asks of it (RULES §5–§7)
        problems = check_puzzle(puzzle) if checked else []
    except BankError as e:
        said = str(e).replace(f"puzzle {puzzle_id}: ", "").replace(f"puzzle {puzzle_id}'s ", "the question's ")
        raise BankError(in_words(said)) from None
    except (ShengjiError, ValueError, TypeError) as e:
        raise BankError(in_words(str(e))) from None
    if problems:
        raise BankError(in_words("; ".join(p.rstrip(".") for p in problems)))
    return puzzle


WORDS_LIMIT = 400
"""The most characters a question's words, or its hint, may have (a bank puzzle's longest prompt has about 200)."""


def _check_words(data: Mapping[str, Any]) -> None:
    """``BankError`` for words too long to show, or with characters that draw nothing or turn the text around."""
    for field, name in (("prompt", "the question"), ("hint", "the hint"), ("explain", "the explanation")):
        text = data.get(field)
        if not isinstance(text, str):
            continue
        if len(text) > WORDS_LIMIT:
            raise BankError(f"{name} has at most {WORDS_LIMIT} characters: it has {len(text)}")
        hidden = next(
            (ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") and ch not in "\n"), None
        )
        if hidden is not None:
            raise BankError(f"{name} cannot contain control or invisible characters (it has U+{ord(hidden):04X})")


REWORDED = [
    (re.compile(r"^String should have at least (\d+) characters?$"), r"needs at least \1 characters"),
    (re.compile(r"^String should have at most (\d+) characters?$"), r"has at most \1 characters"),
    (
        re.compile(r"^Tuple should have at least (\d+) items? after validation, not (\d+)$"),
        r"needs at least \1 (it has \2)",
    ),
    (
        re.compile(r"^Tuple should have at most (\d+) items? after validation, not (\d+)$"),
        r"takes at most \1 (it has \2)",
    ),
    (re.compile(r"^Input should be a valid dictionary.*$"), "is not a set of fields (name: value)"),
    (re.compile(r"^Field required$"), "is missing"),
    (re.compile(r"^Extra inputs are not permitted$"), "is not a field of this kind of question"),
]
"""The schema's words (pydantic's) as an instructor reads them."""
CARD_TOKEN = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b")


def in_words(message: str) -> str:
    """A refusal as the console shows it: cards as cards (9♥, not 9H)."""
    return CARD_TOKEN.sub(lambda m: m[1] + SUIT_SYMBOLS[m[2]], message)


def _words(error: ValidationError) -> str:
    """A schema's refusal as sentences naming the field in the console's words."""
    said = []
    for problem in error.errors():
        where = problem["loc"][0] if problem["loc"] else ""
        name = FIELD_WORDS.get(str(where), str(where).replace("_", " "))
        message = str(problem["msg"]).removeprefix("Value error, ")
        for pattern, words in REWORDED:
            message = pattern.sub(words, message)
        said.append(f"{name}: {message[:1].lower()}{message[1:]}" if name else message)
    return "; ".join(said)


def question_id(code: str, number: int) -> str:
    """The id of a class's ``number``-th question ("class-k7qx2m-3")."""
    return f"{CLASS_PREFIX}{code.lower()}-{number}"


def exported_id(puzzle_id: str) -> str:
    """A class question's id as the bank may have it ("class-k7qx2m-3" → "k7qx2m-3": the bank refuses ids that
    start as a class's do)."""
    return puzzle_id.removeprefix(CLASS_PREFIX)


def spec_data(spec: SpecBase) -> dict[str, Any]:
    """A puzzle's spec as the bank's YAML writes it: its kind first, the fields that differ from the defaults."""
    return {"kind": kind_classes()[type(spec)].kind} | spec.model_dump(mode="json", exclude_defaults=True)


def questions_yaml(puzzles: Iterable[Puzzle], code: str) -> str:
    """A class's questions in the bank's format: one topic file per lesson, one after another (``---`` between
    them); each part saved as a file in ``exercises/`` joins the course."""
    by_lesson: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for puzzle in puzzles:
        by_lesson[puzzle.lesson].append(spec_data(puzzle.spec) | {"id": exported_id(puzzle.id)})
    documents = [
        {
            "topic": f"class-{code.lower()}-lesson-{lesson}",
            "lesson": lesson,
            "title": f"Class {code}'s questions",
            "puzzles": specs,
        }
        for lesson, specs in sorted(by_lesson.items())
    ]
    return yaml.safe_dump_all(documents, allow_unicode=True, sort_keys=False)


def read_questions_yaml(text: str) -> list[tuple[int, dict[str, Any]]]:
    """The questions of YAML in the bank's format (one topic file, or several between ``---`` lines), as
    (lesson, spec data); ``BankError`` names the part and the problem. Their ids are the class's to give."""
    try:
        documents = [d for d in yaml.safe_load_all(text) if d is not None]
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise BankError(f"this is not YAML{where}: {getattr(e, 'problem', None) or 'it cannot be read'}") from None
    if not documents:
        raise BankError("the file holds no questions")
    out: list[tuple[int, dict[str, Any]]] = []
    for n, document in enumerate(documents, 1):
        part = f"part {n}: " if len(documents) > 1 else ""
        items = document.get("puzzles") if isinstance(document, dict) else None
        for i, item in enumerate(items if isinstance(items, list) else [], 1):
            name = item.get("id") if isinstance(item, dict) else None
            which = f"{part}question {name!r}" if isinstance(name, str) else f"{part}question {i}"
            try:  # each question on its own first, so that a refusal says which one
                read_spec(item)
            except ValidationError as e:
                raise BankError(in_words(f"{which}: {_words(e)}")) from None
            except ValueError as e:
                raise BankError(in_words(f"{which}: {e}")) from None
        try:
            topic = TOPIC_FILE.validate_python(document)
        except ValidationError as e:
            raise BankError(f"{part}not a topic file of the bank: {_words(e)}") from None
        for spec in topic.puzzles:
            out.append((topic.lesson, spec_data(spec)))
    if len(out) > IMPORT_LIMIT:
        raise BankError(f"one import brings at most {IMPORT_LIMIT} questions: this file has {len(out)}")
    return out
