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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import ValidationError

from ..engine.cards import SUIT_SYMBOLS, listed
from ..engine.errors import ShengjiError
from ..engine.tricks import explain_trick
from ..i18n import N_, language, t, tn
from .bank import CLASS_PREFIX, TOPIC_FILE, check_puzzle
from .base import BankError, Puzzle, Topic, TrickPuzzle, kind_classes
from .schema import SPEC_TYPES, SpecBase, read_spec, spoken
from .teaching import clause_gap

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
    """What the console asks for to write a question of one kind (its words in English: shown with ``t``)."""

    label: str
    prompt: str
    """The question's words until the instructor writes their own (in the instructor's language: ``t(prompt)``)."""
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
    "winner": Form(N_("Who wins the trick?"), N_("Who wins this trick?"), 3, (2, 4)),
    "legal": Form(
        N_("Is this play legal?"), N_("Is the play shown a legal follow here?"), 6, (1, 3), hand=True, play=True
    ),
    "play": Form(N_("What do you play?"), N_("What do you play?"), 6, (1, 3), hand=True, goal=True),
    "points": Form(N_("How many points?"), N_("How many points are in this trick?"), 2, (1, 4)),
}
"""The kinds of question the console writes, in the order it offers them."""

GOALS = [
    (N_("Any legal play"), "legal"),
    (N_("A play that wins the trick"), "win"),
    (N_("The cheapest play that wins"), "cheapest-win"),
    (N_("The play that gives the most points"), "most-points"),
    (N_("The play that gives the fewest points"), "fewest-points"),
]
"""What a "What do you play?" question asks for (``PlaySpec.goal``), in the console's words (English: shown with
``t``)."""

FIELD_WORDS = {
    "prompt": N_("the question"),
    "hint": N_("the hint"),
    "trump": N_("the trump"),
    "trick": N_("the trick so far"),
    "hand": N_("the hand"),
    "play": N_("the play in question"),
    "leader": N_("the leader"),
    "goal": N_("what the play must do"),
}
"""The fields of a question as the console names them (English: shown with ``t``)."""
WORDS_FIELDS = {"prompt": FIELD_WORDS["prompt"], "hint": FIELD_WORDS["hint"], "explain": N_("the explanation")}
"""The fields of a question written in words, as the console names them."""


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
            out.append(
                tn(
                    "the trick needs at least {n} play: it has {count}",
                    "the trick needs at least {n} plays: it has {count}",
                    low,
                    count=n,
                )
            )
        if n > high:
            out.append(
                tn(
                    "this kind of question takes at most {n} play in the trick: it has {count}",
                    "this kind of question takes at most {n} plays in the trick: it has {count}",
                    high,
                    count=n,
                )
            )
        if form.hand and not self.hand.strip():
            # TRANSLATORS: “Set as the hand” is the question writer's button of that name
            out.append(t("the hand is empty: pick its cards, then press “Set as the hand”"))
        if form.hand and len(self.hand.split()) > HAND_LIMIT:
            out.append(
                t(
                    "a hand holds at most {limit} cards (four players, two decks): this one has {count}",
                    limit=HAND_LIMIT,
                    count=len(self.hand.split()),
                )
            )
        if form.play and not self.play.strip():
            # TRANSLATORS: “Set as the play” is the question writer's button of that name
            out.append(t("the play in question is empty: pick it from the hand, then press “Set as the play”"))
        return out

    def spec(self) -> dict[str, Any]:
        """The spec a bank author would write for this question (its id is given when it is saved). The instructor's
        own words are kept as written; the kind's words, until they write their own, come in every language of the
        course (``schema.spoken``)."""
        form = self.form
        hint = " ".join(self.hint.split())
        words = {"prompt": " ".join(self.prompt.split())} | ({"hint": hint} if hint else {})
        if not words["prompt"]:
            words = spoken(lambda: {"prompt": t(form.prompt)} | ({"hint": hint} if hint else {}))
        data: dict[str, Any] = {
            "kind": self.kind,
            "prompt": words.pop("prompt"),
            "trump": self.trump,
            "leader": self.leader,
            "trick": list(self.trick),
        }
        if "hint" in words:
            data["hint"] = words.pop("hint")
        if form.hand:
            data["hand"] = self.hand
        if form.play:
            data["play"] = self.play
        if form.goal:
            data["goal"] = self.goal
        return data | words  # the kind's words in the other languages, if the instructor wrote none


def class_question(data: Mapping[str, Any], puzzle_id: str, lesson: int, checked: bool = True) -> Puzzle:
    """A question of a class from its spec's data: read by the bank's schema, built as the bank builds a puzzle,
    checked as ``check-exercises`` checks one (unless ``checked`` is off: a question read back from its class's
    store was checked when it was saved). ``BankError`` names every problem, in words."""
    if checked:
        _check_words(data)
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in SPEC_TYPES:
        said = t(
            "a question's kind is one of the bank's ({kinds}, best, …), not {kind}",
            kinds=listed(sorted(FORMS), last=False),
            kind=repr(kind),
        )
        raise BankError(in_words(said))
    try:
        spec = read_spec({**data, "id": puzzle_id})
    except ValidationError as e:
        raise BankError(in_words(_words(e))) from None
    except ValueError as e:
        raise BankError(in_words(str(e))) from None
    try:
        puzzle = Puzzle.from_spec(spec, Topic(TOPIC, lesson, TOPIC_TITLE))
        if checked and isinstance(puzzle, TrickPuzzle) and puzzle.trick:  # a trick as a table plays it, whatever
            explain_trick(puzzle.trick, puzzle.trump, puzzle.rules)  # the question asks of it (RULES §5–§7)
        problems = check_puzzle(puzzle) if checked else []
    except BankError as e:
        said = str(e).replace(f"puzzle {puzzle_id}: ", "")
        said = said.replace(t("puzzle {id}'s cards", id=puzzle_id), t("the question's cards"))
        raise BankError(in_words(said)) from None
    except (ShengjiError, ValueError, TypeError) as e:
        raise BankError(in_words(str(e))) from None
    if problems:
        raise BankError(in_words(clause_gap().join(p.rstrip(".。") for p in problems)))
    return puzzle


WORDS_LIMIT = 400
"""The most characters a question's words, or its hint, may have (a bank puzzle's longest prompt has about 200)."""


def _check_words(data: Mapping[str, Any]) -> None:
    """``BankError`` for words too long to show, or with characters that draw nothing or turn the text around."""
    for field in ("prompt", "hint", "explain"):
        text = data.get(field)
        if not isinstance(text, str):
            continue
        name = t(WORDS_FIELDS[field])
        if len(text) > WORDS_LIMIT:
            raise BankError(
                t(
                    "{field} has at most {limit} characters: it has {count}",
                    field=name,
                    limit=WORDS_LIMIT,
                    count=len(text),
                )
            )
        hidden = next(
            (ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") and ch not in "\n"), None
        )
        if hidden is not None:
            raise BankError(
                t(
                    "{field} cannot contain control or invisible characters (it has U+{code})",
                    field=name,
                    code=f"{ord(hidden):04X}",
                )
            )


REWORDED: list[tuple[re.Pattern[str], Callable[[tuple[str, ...]], str]]] = [
    (
        re.compile(r"^String should have at least (\d+) characters?$"),
        lambda g: tn("needs at least {n} character", "needs at least {n} characters", int(g[0])),
    ),
    (
        re.compile(r"^String should have at most (\d+) characters?$"),
        lambda g: tn("has at most {n} character", "has at most {n} characters", int(g[0])),
    ),
    (
        re.compile(r"^Tuple should have at least (\d+) items? after validation, not (\d+)$"),
        lambda g: t("needs at least {least} (it has {count})", least=g[0], count=g[1]),
    ),
    (
        re.compile(r"^Tuple should have at most (\d+) items? after validation, not (\d+)$"),
        lambda g: t("takes at most {most} (it has {count})", most=g[0], count=g[1]),
    ),
    (re.compile(r"^Input should be a valid dictionary.*$"), lambda g: t("is not a set of fields (name: value)")),
    (re.compile(r"^Field required$"), lambda g: t("is missing")),
    (re.compile(r"^Extra inputs are not permitted$"), lambda g: t("is not a field of this kind of question")),
]
"""The schema's words (pydantic's) as an instructor reads them, in the instructor's language (each pattern's groups
read into its sentence)."""
CARD_TOKEN = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b")


def in_words(message: str) -> str:
    """A refusal as the console shows it: cards as cards (9♥, not 9H)."""
    return CARD_TOKEN.sub(lambda m: m[1] + SUIT_SYMBOLS[m[2]], message)


def _words(error: ValidationError) -> str:
    """A schema's refusal as sentences naming the field in the console's words."""
    said = []
    for problem in error.errors():
        where = problem["loc"][0] if problem["loc"] else ""
        name = t(FIELD_WORDS[str(where)]) if str(where) in FIELD_WORDS else str(where).replace("_", " ")
        message = str(problem["msg"]).removeprefix("Value error, ")
        for pattern, words in REWORDED:
            found = pattern.match(message)
            if found is not None:
                message = words(found.groups())
                break
        said.append(_labelled(name, f"{message[:1].lower()}{message[1:]}") if name else message)
    return clause_gap().join(said)


def _labelled(label: str, said: str) -> str:
    """A refusal after what it is about: "the question: needs at least 10 characters" (a full-width colon in
    Chinese)."""
    return f"{label}{'：' if language() == 'zh' else ': '}{said}"


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
        problem = getattr(e, "problem", None) or t("it cannot be read")
        raise BankError(
            t("this is not YAML (line {line}): {problem}", line=mark.line + 1, problem=problem)
            if mark is not None
            else t("this is not YAML: {problem}", problem=problem)
        ) from None
    if not documents:
        raise BankError(t("the file holds no questions"))
    out: list[tuple[int, dict[str, Any]]] = []
    several = len(documents) > 1
    for n, document in enumerate(documents, 1):
        items = document.get("puzzles") if isinstance(document, dict) else None
        for i, item in enumerate(items if isinstance(items, list) else [], 1):
            which = _which(item, i, n if several else None)
            try:  # each question on its own first, so that a refusal says which one
                read_spec(item)
            except ValidationError as e:
                raise BankError(in_words(_labelled(which, _words(e)))) from None
            except ValueError as e:
                raise BankError(in_words(_labelled(which, str(e)))) from None
        try:
            topic = TOPIC_FILE.validate_python(document)
        except ValidationError as e:
            raise BankError(
                t("part {part}: not a topic file of the bank: {problem}", part=n, problem=_words(e))
                if several
                else t("not a topic file of the bank: {problem}", problem=_words(e))
            ) from None
        for spec in topic.puzzles:
            out.append((topic.lesson, spec_data(spec)))
    if len(out) > IMPORT_LIMIT:
        raise BankError(
            t("one import brings at most {limit} questions: this file has {count}", limit=IMPORT_LIMIT, count=len(out))
        )
    return out


def _which(item: object, number: int, part: int | None) -> str:
    """A question of a file as a refusal names it: by its id, else its place ("part 2: question 3")."""
    name = item.get("id") if isinstance(item, dict) else None
    if isinstance(name, str):
        if part is None:
            return t("question {name}", name=repr(name))
        return t("part {part}: question {name}", part=part, name=repr(name))
    if part is None:
        return t("question {number}", number=number)
    return t("part {part}: question {number}", part=part, number=number)
