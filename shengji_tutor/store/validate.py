"""What the stores accept: one check for each kind of value a page or a learner hands them.

Both stores (``ClassroomStore``, ``ProgressStore``) check what they are given
here, before any SQL runs, so SQLite and PostgreSQL refuse the same things with
the same sentence: text with a NUL (PostgreSQL cannot keep it) or a lone
surrogate (UTF-8 cannot encode it); a display name with control or invisible
characters, or with nothing visible at all; a puzzle that is not in the bank; a
verdict that is not ``True`` or ``False``.

>>> from shengji_tutor.store import validate
>>> validate.clean_name("  Ana   Lee ")
'Ana Lee'
>>> validate.clean_name("Ana\\u202eeeL")
Traceback (most recent call last):
...
shengji_tutor.store.schema.ClassroomError: a display name cannot contain control or invisible characters (it has U+202E)
>>> validate.attempt("pairs-keep-your-pair", "no", True)
NewAttempt(puzzle_id='pairs-keep-your-pair', answer='no', correct=True, hints=0, revealed=False, mistake='', live=None)
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

from ..engine.errors import ShengjiError
from ..engine.rules import RuleSet, rule_changes
from ..i18n import LANGUAGES
from ..play.record import Position, RecordError
from ..play.round import Phase
from ..puzzles import load_bank
from ..puzzles.bank import CLASS_PREFIX
from .schema import ANSWER_LIMIT, LEARNER_LIMIT, ClassroomError, NewAttempt, NewMistake, StoreError

__all__ = [
    "LESSON_STEP",
    "account",
    "attempt",
    "class_code",
    "class_name",
    "clean_name",
    "house_rules",
    "language",
    "learner_id",
    "lesson_slug",
    "live_puzzle",
    "mistake",
    "puzzle_id",
    "review_item",
    "step_id",
    "step_of",
    "storable",
    "storable_json",
    "stored_house_rules",
    "work",
    "work_place",
]

NAME_LIMIT = 40
CLASS_NAME_LIMIT = 120
POSITION_LIMIT = 100_000
MISTAKE_ANSWER_LIMIT = 200
HINT_LIMIT = 9
PRACTICE_ITEM = "practice/"
PRACTICE_KINDS = ("winner", "legal", "play", "points", "throw", "order", "best")
"""The kinds practice mode generates (``puzzles.generate.GENERATED_KINDS``, kept here so a store needs no
generator)."""
MISTAKE_LIMIT = 300
MISTAKE_GRADES = ("inaccuracy", "mistake", "blunder")
RULES_LIMIT = 2000
WORK_LIMIT = 2_000_000
"""The longest work in progress a store keeps: a coached hand with every decision graded takes about 60 000
characters, so this is room for any hand while refusing a page gone wrong."""
"""The longest house rules' JSON a store keeps (every field of a ``RuleSet`` changed takes about 400 characters)."""
HIDDEN = {"Cc", "Cf", "Co", "Cs"}
"""Control, format (zero-width, bidi), private-use and surrogate characters: none belongs in a name."""
BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
"""The bidi embeddings, overrides and isolates, which reorder the text around a name on screen."""
BLANK = {"\u115f", "\u1160", "\u2800", "\u3164", "\uffa0"}
"""Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern)."""
INVISIBLE_MARKS = {
    chr(c) for c in (0x034F, 0x17B4, 0x17B5, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))
}
"""Marks that draw nothing (the combining grapheme joiner, the Khmer inherent vowels, the Mongolian and Unicode
variation selectors): refused, except a variation selector right after a symbol, where it picks an emoji's look."""
MARKS_IN_A_ROW = 3
"""The most combining marks one character may carry (Vietnamese needs two, some Indic scripts three): more of them
stack up and draw over the lines around the name."""


def storable(text: str) -> bool:
    """Can both databases keep ``text`` as it is (no NUL, no lone surrogate)?"""
    return _unstorable(text) is None


def clean_name(display_name: object) -> str:
    """A display name trimmed and checked: 1 to 40 characters, something visible, nothing hidden.

    Hidden means a control, format, private-use or surrogate character (Unicode
    categories Cc, Cf, Co, Cs: DEL, C1 controls, zero-width characters, the bidi
    overrides and isolates that could disguise a name), or a mark that draws
    nothing (``INVISIBLE_MARKS``). A letter carries at most ``MARKS_IN_A_ROW``
    accents, and a word does not begin with one (stacked marks draw over the
    roster's other rows). The name is kept in Unicode's composed form (NFC). A
    name is data, never markup.

    >>> from shengji_tutor.store.validate import clean_name
    >>> clean_name("  Nguyễn   Thị  "), clean_name("Ana \u2764\ufe0f")
    ('Nguyễn Thị', 'Ana ❤️')
    >>> clean_name("Ana\ufe0f")
    Traceback (most recent call last):
    ...
    shengji_tutor.store.schema.ClassroomError: a display name cannot contain invisible characters (it has U+FE0F)
    """
    if not isinstance(display_name, str):
        raise ClassroomError("a display name must be text")
    name = unicodedata.normalize("NFC", " ".join(display_name.split()))
    if not name:
        raise ClassroomError("please enter a display name")
    if len(name) > NAME_LIMIT:
        raise ClassroomError(f"a display name has at most {NAME_LIMIT} characters (this one has {len(name)})")
    hidden = next((ch for ch in name if unicodedata.category(ch) in HIDDEN or ch in BIDI), None)
    if hidden is not None:
        raise ClassroomError(
            f"a display name cannot contain control or invisible characters (it has U+{ord(hidden):04X})"
        )
    if not any(unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK for ch in name):
        raise ClassroomError("a display name needs at least one visible character")
    _check_marks(name)
    return name


def _check_marks(name: str) -> None:
    """``ClassroomError`` for a mark that draws nothing, a mark with nothing under it, or too many marks stacked."""
    in_a_row = 0
    for at, ch in enumerate(name):
        if ch in INVISIBLE_MARKS and not (
            0xFE00 <= ord(ch) <= 0xFE0F and at and unicodedata.category(name[at - 1]) in ("So", "Sm")
        ):
            raise ClassroomError(f"a display name cannot contain invisible characters (it has U+{ord(ch):04X})")
        if unicodedata.category(ch) not in ("Mn", "Me"):
            in_a_row = 0
            continue
        in_a_row += 1
        if at == 0 or name[at - 1] == " ":
            raise ClassroomError("a display name cannot begin a word with an accent or other mark")
        if in_a_row > MARKS_IN_A_ROW:
            raise ClassroomError(f"a display name may put at most {MARKS_IN_A_ROW} accents or marks on one letter")


ACCOUNT_LIMIT = 100


def account(login: object) -> str:
    """The login a student came with behind JupyterHub, as the export shows it: text of at most 100 characters,
    nothing hidden ("" when there is none).

    >>> from shengji_tutor.store.validate import account
    >>> account(" ana.lee@school.example "), account("")
    ('ana.lee@school.example', '')
    """
    if not isinstance(login, str) or len(login.strip()) > ACCOUNT_LIMIT:
        raise ClassroomError(f"a hub account is text of at most {ACCOUNT_LIMIT} characters")
    if any(unicodedata.category(ch) in HIDDEN for ch in login):
        raise ClassroomError("a hub account cannot contain control or invisible characters")
    return login.strip()


def class_name(name: object) -> str:
    """A class's name, trimmed and cut at 120 characters."""
    title = " ".join(name.split())[:CLASS_NAME_LIMIT] if isinstance(name, str) else ""
    if not title:
        raise ClassroomError("a class needs a name")
    return _text(title, "a class name", ClassroomError)


def class_code(code: object) -> str:
    """A class code as typed, trimmed and in capitals (whether such a class exists is the store's question)."""
    if not isinstance(code, str) or not code.strip():
        raise ClassroomError("please enter the class code")
    normal = code.strip().upper()
    if not storable(normal):
        raise ClassroomError(f"there is no class with the code {normal[:12]!r}")
    return normal


def learner_id(learner: object) -> str:
    """A learner's id, trimmed: 1 to 40 characters (a solo learner's name, or a class's student id)."""
    if not isinstance(learner, str) or not learner.strip():
        raise StoreError("a learner needs a name")
    if len(learner.strip()) > LEARNER_LIMIT:
        raise StoreError(f"a learner's name has at most {LEARNER_LIMIT} characters")
    return _text(learner.strip(), "a learner's name")


CLASS_QUESTION = re.compile(re.escape(CLASS_PREFIX) + r"[a-z0-9]{1,12}-[0-9]{1,6}")
"""The id of a question an instructor wrote for their class (``puzzles.authoring.question_id``)."""


LESSON_STEP = re.compile(r"step-([1-9][0-9]?)-([1-9][0-9]{0,2})")
"""The id of a lesson's own question, a "Your turn" step: ``step-4-2`` is lesson 4's second (``step_id``)."""


def step_id(lesson: int, ordinal: int) -> str:
    """The id a lesson's ``ordinal``-th step is recorded under (its place on the lesson's page, from 1).

    >>> from shengji_tutor.store.validate import step_id, step_of
    >>> step_id(4, 2), step_of("step-4-2"), step_of("pairs-keep-your-pair")
    ('step-4-2', (4, 2), None)
    """
    return f"step-{lesson}-{ordinal}"


def step_of(puzzle: str) -> tuple[int, int] | None:
    """(lesson, ordinal) of a step's id; ``None`` for any other id."""
    found = LESSON_STEP.fullmatch(puzzle)
    return None if found is None else (int(found.group(1)), int(found.group(2)))


def puzzle_id(puzzle: object) -> str:
    """The id of a puzzle in the bank (``shengji_tutor.puzzles.load_bank``), of a question an instructor wrote
    for a class (``class-k7qx2m-3``: the class's store keeps those), or of a lesson's step (``step-4-2``)."""
    if not isinstance(puzzle, str):
        raise StoreError(f"a puzzle id is text, not {puzzle!r:.40}")
    if puzzle not in load_bank() and not CLASS_QUESTION.fullmatch(puzzle) and step_of(puzzle) is None:
        raise StoreError(f"unknown puzzle id {puzzle!r:.60}")
    return puzzle


def review_item(item: object) -> str:
    """What a learner reviews: a puzzle of the bank, or a practice topic ``practice/<kind>/<difficulty>`` (not a
    class's own question: it lives with the class, and the review draws from the course's bank)."""
    if isinstance(item, str) and item.startswith(PRACTICE_ITEM):
        kind, _, level = item.removeprefix(PRACTICE_ITEM).partition("/")
        if kind in PRACTICE_KINDS and level in ("1", "2", "3"):
            return item
        raise StoreError(f"unknown practice topic {item!r:.60} (practice/<kind>/<1, 2 or 3>)")
    if isinstance(item, str) and CLASS_QUESTION.fullmatch(item):
        raise StoreError("a class's own question is not reviewed: it lives with the class")
    if isinstance(item, str) and step_of(item) is not None:
        raise StoreError("a lesson's step is not reviewed: it is asked again where the lesson asks it")
    return puzzle_id(item)


ROUTE = re.compile(r"[a-z0-9-]{1,30}(/[a-z0-9-]{1,29})?")
"""A place of the course as the page's address names it: ``pairs``, ``practice/points``."""


def route(place: object) -> str:
    """A place of the course (its route), as a class is sent to it or a page says where it is.

    >>> from shengji_tutor.store.validate import route
    >>> route("practice/points")
    'practice/points'
    """
    if not isinstance(place, str) or not ROUTE.fullmatch(place):
        raise StoreError(f"a place of the course is named like 'pairs' or 'practice/points', not {str(place)[:40]!r}")
    return place


def live_puzzle(puzzle: object) -> str | None:
    """The puzzle an instructor pushes to the class: one of the bank, or None to clear it."""
    return None if puzzle is None else puzzle_id(puzzle)


def attempt(
    puzzle: object,
    answer: object,
    correct: object,
    hints: object = 0,
    revealed: object = False,
    mistake: object = "",
    live: object = None,
) -> NewAttempt:
    """An attempt as it is stored: a puzzle of the bank, the answer as text (cut at 500 characters), a real verdict,
    the hint steps used (0 to 9), whether the answer was shown instead, and the mistake it matched (cut at 300).

    ``correct`` must be ``True`` or ``False``: ``"no"`` is not a verdict (and must never count as solved).
    A shown answer is never a correct one.
    """
    if not isinstance(correct, bool):
        raise StoreError(f"a verdict is True or False, not {correct!r:.40}")
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= HINT_LIMIT:
        raise StoreError(f"the hint steps used are a whole number from 0 to {HINT_LIMIT}, not {hints!r:.20}")
    if not isinstance(revealed, bool):
        raise StoreError(f"whether the answer was shown is True or False, not {revealed!r:.20}")
    if revealed and correct:
        raise StoreError("a shown answer does not count as solved")
    if live is not None and (isinstance(live, bool) or not isinstance(live, int) or live < 1):
        raise StoreError(f"a live question is named by its number, not {live!r:.20}")
    return NewAttempt(
        puzzle_id(puzzle),
        _text(str(answer), "an answer")[:ANSWER_LIMIT],
        correct,
        hints,
        revealed,
        _text(str(mistake), "a mistake")[:MISTAKE_LIMIT],
        live,
    )


def mistake(position: object, answer: object, grade: object, loss: object) -> NewMistake:
    """A mistake as it is kept: a saved position (``Position`` JSON of at most 100 000 characters that replays
    through the engine to a play), the learner's play (at most 200 characters), a grade below good, a finite loss."""
    if not isinstance(position, str) or len(position) > POSITION_LIMIT:
        raise StoreError(f"a position is the JSON of a saved round of at most {POSITION_LIMIT} characters")
    try:
        rnd = Position.from_json(position).round()
    except RecordError as e:
        raise StoreError(f"a position that does not replay: {e}") from None
    if rnd.phase != Phase.PLAY or rnd.to_act is None:
        raise StoreError("a mistake's position stops at a play, not in the round's " + repr(rnd.phase) + " phase")
    if grade not in MISTAKE_GRADES:
        raise StoreError(f"a mistake's grade is one of {', '.join(MISTAKE_GRADES)}, not {grade!r:.20}")
    if isinstance(loss, bool) or not isinstance(loss, int | float) or not math.isfinite(loss) or loss < 0:
        raise StoreError(f"a mistake's loss is a finite number of at least 0, not {loss!r:.20}")
    if not isinstance(answer, str) or not answer.strip() or len(answer) > MISTAKE_ANSWER_LIMIT:
        raise StoreError(f"a mistake's play is the cards played, 1 to {MISTAKE_ANSWER_LIMIT} characters")
    return NewMistake(_text(position, "a position"), _text(answer.strip(), "a play"), grade, float(loss))


def house_rules(rules: object) -> str:
    """A learner's house rules as they are stored: the JSON of the fields that differ from RULES.md's
    (``rule_changes``). Only a ``RuleSet`` that the engine would make again from that JSON is taken.

    >>> from shengji_tutor import RuleSet
    >>> from shengji_tutor.store.validate import house_rules
    >>> house_rules(RuleSet(decks=3, red_five="5H"))
    '{"decks": 3, "red_five": "5H"}'
    >>> house_rules({"decks": 3})
    Traceback (most recent call last):
    ...
    shengji_tutor.store.schema.StoreError: house rules are a RuleSet, not {'decks': 3}
    """
    if not isinstance(rules, RuleSet):
        raise StoreError(f"house rules are a RuleSet, not {rules!r:.60}")
    try:
        changes = rule_changes(rules)
        again = RuleSet(**changes)
        text = json.dumps(changes, ensure_ascii=False)
    except (ShengjiError, TypeError, ValueError) as e:
        raise StoreError(f"these house rules cannot be kept: {e}") from None
    if again != rules:
        raise StoreError("these house rules cannot be kept: the engine reads them back differently")
    return text


def stored_house_rules(text: object) -> RuleSet:
    """The ``RuleSet`` of stored house rules; a ``StoreError`` names what the engine refuses in them."""
    fields = _json_object(text, "a learner's house rules", RULES_LIMIT)
    try:
        return RuleSet(**fields)
    except (ShengjiError, TypeError) as e:
        raise StoreError(f"the engine refuses the stored house rules: {e}") from None


def language(code: object) -> str:
    """A language of the course ("en", "zh" or "ru"), as the switch and the address name it.

    >>> from shengji_tutor.store.validate import language
    >>> language("ru")
    'ru'
    >>> language("de")
    Traceback (most recent call last):
    ...
    shengji_tutor.store.schema.StoreError: the course has no language 'de': it is written in en (English), zh (中文), ru (Русский)
    """
    if isinstance(code, str) and code in LANGUAGES:
        return code
    names = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
    raise StoreError(f"the course has no language {str(code)[:20]!r}: it is written in {names}")


def work_place(place: object) -> str:
    """The name of a place whose work is kept (``"hand"``, ``"zhengfen"``…): 1 to 40 lower-case letters, digits
    and hyphens.

    >>> from shengji_tutor.store.validate import work_place
    >>> work_place("zhengfen")
    'zhengfen'
    >>> work_place("Zheng Fen")
    Traceback (most recent call last):
    ...
    shengji_tutor.store.schema.StoreError: a place whose work is kept is named by 1 to 40 lower-case letters, digits and hyphens, not 'Zheng Fen'
    """
    return _slug(place, "a place whose work is kept")


def lesson_slug(lesson: object) -> str:
    """A lesson's slug as the finished lessons keep it (``"welcome"``): 1 to 40 lower-case letters, digits, hyphens."""
    return _slug(lesson, "a lesson")


def _slug(value: object, what: str) -> str:
    ok = isinstance(value, str) and 0 < len(value) <= NAME_LIMIT
    if not ok or not all(ch in "abcdefghijklmnopqrstuvwxyz0123456789-" for ch in str(value)):
        raise StoreError(
            f"{what} is named by 1 to {NAME_LIMIT} lower-case letters, digits and hyphens, not {value!r:.60}"
        )
    return str(value)


def work(state: object) -> str:
    """Work in progress as it is stored: a JSON object of at most ``WORK_LIMIT`` characters (its page reads it).

    >>> from shengji_tutor.store.validate import work
    >>> work('{"streak": 3}')
    '{"streak": 3}'
    >>> work("[3]")
    Traceback (most recent call last):
    ...
    shengji_tutor.store.schema.StoreError: work in progress is kept as a JSON object, not '[3]'
    """
    _json_object(state, "work in progress", WORK_LIMIT)
    return _text(str(state), "work in progress")


QUESTION_LIMIT = 20_000
"""The longest spec (JSON) a class's own question keeps: a bank puzzle's takes at most about 3 000 characters."""


def storable_json(fields: dict[str, Any], what: str) -> str:
    """``fields`` as the JSON text a store keeps (at most ``QUESTION_LIMIT`` characters, each storable)."""
    text = json.dumps(fields, ensure_ascii=False)
    if len(text) > QUESTION_LIMIT:
        raise ClassroomError(f"{what} is kept in at most {QUESTION_LIMIT} characters: this one takes {len(text)}")
    return _text(text, what, ClassroomError)


def _json_object(text: object, what: str, limit: int) -> dict[str, Any]:
    """``text`` read as the JSON object it must be, of at most ``limit`` characters; else a ``StoreError``."""
    if not isinstance(text, str) or len(text) > limit:
        raise StoreError(f"{what} is kept as JSON text of at most {limit} characters")
    try:
        data = json.loads(text)
    except ValueError:
        raise StoreError(f"{what} is kept as JSON, and this is not JSON") from None
    if not isinstance(data, dict):
        raise StoreError(f"{what} is kept as a JSON object, not {text!r:.60}")
    return data


def _text(text: str, what: str, error: type[StoreError] = StoreError) -> str:
    bad = _unstorable(text)
    if bad is not None:
        raise error(f"{what} contains a character that cannot be stored (U+{ord(bad):04X})")
    return text


def _unstorable(text: str) -> str | None:
    """The first character no database keeps: NUL (PostgreSQL refuses it) or a lone surrogate (not UTF-8)."""
    return next((ch for ch in text if ch == "\x00" or "\ud800" <= ch <= "\udfff"), None)
