"""The classroom store: classes, students and every puzzle attempt, in SQLite or PostgreSQL.

SQLAlchemy Core on one code path for both databases, on the engine and the
Alembic schema of ``db.py`` (shared with learners' progress: a student's
progress is their attempts here). SQLite runs in WAL mode with a busy timeout,
and every write is an immediate transaction, so many students' kernels can
write at once without losing an attempt. The instructor key is stored as a
salted PBKDF2 hash and compared in constant time; without it no names, answers
or attempts can be read. The server's own key (``server_key``, a fingerprint)
opens every class too, so classes stay openable when the server restarts or
its key is rotated. What students and instructors type is checked in
``validate.py``; a failing database is reported in words (``failures.py``).
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ..puzzles import BankError, Puzzle
from ..puzzles.authoring import class_question, question_id, questions_yaml, read_questions_yaml, spec_data
from . import validate
from .db import open_database, read, sqlite_url, write
from .failures import CLASS_PLACE, guarded
from .keys import KEY_MIN_LENGTH, hash_key, key_matches, pause_after
from .progress import default_path
from .schema import (
    ClassroomError,
    attempts_table,
    class_questions_table,
    classes,
    key_tries_table,
    live_questions_table,
    students,
)
from .validate import clean_name

__all__ = [
    "AFTER_REVEAL",
    "INSTANT",
    "LESSON_NUMBERS",
    "MODES",
    "ClassAttempt",
    "ClassInfo",
    "ClassSummary",
    "ClassroomError",
    "ClassroomStore",
    "LiveQuestion",
    "RosterRow",
    "Student",
    "WrongKeyError",
    "clean_name",
    "new_instructor_key",
]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: readable on a projector
CODE_LENGTH = 6
LESSON_NUMBERS = range(1, 14)
"""The course's lessons a class may cover (``course.catalogue.LESSONS``: a test keeps the two in step)."""


class WrongKeyError(ClassroomError):
    """The instructor key does not match this class."""


@dataclass(frozen=True)
class ClassAttempt:
    """One attempt in a class as the instructor reads it (the dashboard, the export): whose, to what, how. A learner's
    own attempts are ``store.mastery.Attempt``."""

    student_id: str
    display_name: str
    puzzle_id: str
    answer: str
    correct: bool
    at: float
    hints: int = 0
    """Hint steps the student had opened when they answered."""
    revealed: bool = False
    """Not an answer: the student pressed "Show answer" (the answer is then empty)."""
    live: int | None = None
    """The live question it answers (``LiveQuestion.id``), or None: a lesson's, practice's or review's puzzle."""
    late: bool = False
    """An answer to a live question after it closed: kept, never counted."""
    account: str = ""
    """The login the student joined with behind JupyterHub ("" elsewhere)."""


INSTANT = "instant"
AFTER_REVEAL = "after-reveal"
MODES = (INSTANT, AFTER_REVEAL)
"""How students hear their verdict on a live question: at once, or once the instructor reveals the answer."""


@dataclass(frozen=True)
class LiveQuestion:
    """One push of a question to a class."""

    id: int
    puzzle_id: str
    mode: str
    """``INSTANT`` or ``AFTER_REVEAL``."""
    pushed_at: float
    closes_at: float | None
    """When its timer closes it (None: no timer)."""
    closed_at: float | None
    """When the instructor closed or revealed it (None: open, unless its timer ran out)."""
    revealed: bool

    def closed(self, now: float | None = None) -> bool:
        """Are answers now late: closed, revealed, or past its timer?"""
        at = time.time() if now is None else now
        return self.closed_at is not None or (self.closes_at is not None and at >= self.closes_at)

    def seconds_left(self, now: float | None = None) -> float | None:
        """Seconds before its timer closes it (None without a timer or once closed)."""
        if self.closes_at is None or self.closed(now):
            return None
        return max(0.0, self.closes_at - (time.time() if now is None else now))


@dataclass(frozen=True)
class ClassSummary:
    """A class in the instructor's list: its code, name, when it was made, whether it ended, how many joined."""

    code: str
    name: str
    created_at: float
    ended: bool
    students: int


@dataclass(frozen=True)
class ClassInfo:
    """The public facts of a class (what the join page and a student's live panel read)."""

    code: str
    name: str
    lessons: tuple[int, ...]
    ended: bool
    live_puzzle: str | None
    """The question the instructor pushed to the class, or None."""
    live_revealed: bool
    """The instructor revealed the live question's answer to the class."""
    live: LiveQuestion | None = None
    """The live question showing now, with its mode and timer (None: none)."""
    sent_to: str | None = None
    """The place of the course the instructor last sent the class to (a route), or None."""
    sent_at: float | None = None
    """When they sent it (each student's page goes there once)."""
    locked: tuple[int, ...] = ()
    """The lessons the instructor keeps closed for now."""


@dataclass(frozen=True)
class RosterRow:
    """One student of a class as the instructor's roster shows them."""

    id: str
    name: str
    joined_at: float
    last_seen: float
    attempts: int
    correct: int
    place: str = ""
    """Where the student's page last was (a route of the course; "" before it said)."""


@dataclass(frozen=True)
class Student:
    """A student's own record: their private id, display name and class code."""

    id: str
    name: str
    code: str


SHOWN = "(answer shown)"
"""How an attempt that was a press of "Show answer" reads in the dashboard and the export."""


IMPORT_CHARACTERS = 1_000_000
"""The longest file of questions an import reads."""
LOG = logging.getLogger("shengji_tutor.classroom")


def new_instructor_key() -> str:
    """A fresh instructor key: 20 random URL-safe characters."""
    return secrets.token_urlsafe(15)


def _shown_names(conn: sa.Connection, code: str) -> dict[str, str]:
    """Each student of the class by the name the instructor reads: their display name, told apart from an earlier
    student's same name (ignoring case) by the order they joined in — "Ana", "Ana (2)", "Ana (3)"."""
    rows = conn.execute(
        sa.select(students.c.id, students.c.display_name)
        .where(students.c.code == code)
        .order_by(students.c.joined_at, students.c.id)
    ).all()
    taken = {name.casefold() for _, name in rows}
    seen: set[str] = set()
    shown = {}
    for student_id, name in rows:
        label, n = name, 1
        while label.casefold() in seen or (n > 1 and label.casefold() in taken):
            n += 1
            label = f"{name} ({n})"
        seen.add(label.casefold())
        shown[student_id] = label
    return shown


def pseudonym(student_id: str) -> str:
    """A student's stable name for an export: ten hex digits of a hash of their private id (which it cannot give
    back).

    >>> from shengji_tutor.store.classroom import pseudonym
    >>> len(pseudonym("Zq3-secret")), pseudonym("Zq3-secret") == pseudonym("Zq3-secret")
    (10, True)
    """
    return hashlib.sha256(f"shengji-tutor student {student_id}".encode()).hexdigest()[:10]


def _live_question(row: Any) -> LiveQuestion:
    """A ``live_questions`` row as a ``LiveQuestion``."""
    return LiveQuestion(
        row.id, row.puzzle_id, row.mode, row.pushed_at, row.closes_at, row.closed_at, row.revealed_at is not None
    )


def _lessons(lessons: Sequence[int]) -> str:
    """Lesson numbers as a class keeps them ("2,4,5"), or ``ClassroomError`` for one that is not a lesson's."""
    if any(type(n) is not int or n not in LESSON_NUMBERS for n in lessons):
        first, last = LESSON_NUMBERS[0], LESSON_NUMBERS[-1]
        raise ClassroomError(f"lessons are numbers from {first} to {last}, not {list(lessons)!r}")
    return ",".join(str(n) for n in sorted(set(lessons)))


def _client(address: str) -> str:
    """An address as ``key_tries`` keeps it: text of at most 64 characters ("" for an unknown one)."""
    return address[:64] if isinstance(address, str) else ""


def default_url() -> str:
    """SQLite next to the progress store (``$SHENGJI_TUTOR_DATA`` or the user data directory)."""
    return sqlite_url(default_path().parent / "classroom.sqlite")


class ClassroomStore:
    """Classes, students and attempts behind one database URL (``sqlite:///…`` or ``postgresql://…``)."""

    @guarded
    def __init__(self, url: str | None = None, server_key: str | None = None) -> None:
        """``server_key`` is the fingerprint of the server's instructor key (``keys.key_fingerprint``), if any."""
        self.place = CLASS_PLACE
        self.url = url or default_url()
        self.engine = open_database(self.url)
        self.server_key = server_key
        self._secret = secrets.token_bytes(32)
        self._verified: set[bytes] = set()  # HMACs of (class, key) pairs that opened: PBKDF2 runs once per session
        self._questions: dict[tuple[str, int], Puzzle] = {}  # a class's questions never change once saved

    @guarded
    def schema_version(self) -> str:
        """The Alembic revision of the store's schema."""
        with read(self.engine) as conn:
            return str(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one())

    # -- wrong instructor keys: a wait per client address, shared by every page of the server ----------------

    @guarded
    def key_wait(self, client: str, now: float | None = None) -> float:
        """Seconds before ``client`` (an address) may try an instructor key again: 0 when it may."""
        with read(self.engine) as conn:
            until = conn.execute(
                sa.select(key_tries_table.c.until).where(key_tries_table.c.client == _client(client))
            ).scalar()
        return max(0.0, (until or 0.0) - (time.time() if now is None else now))

    @guarded
    def key_failed(self, client: str, now: float | None = None) -> float:
        """Count a wrong key from ``client``; the seconds its next try must wait (``keys.pause_after``)."""
        at = time.time() if now is None else now
        who = _client(client)
        with write(self.engine) as conn:
            failures = conn.execute(
                sa.select(key_tries_table.c.failures).where(key_tries_table.c.client == who).with_for_update()
            ).scalar()
            count = (failures or 0) + 1
            pause = pause_after(count)
            values = {"failures": count, "until": at + pause}
            if failures is None:
                conn.execute(key_tries_table.insert().values(client=who, **values))
            else:
                conn.execute(key_tries_table.update().where(key_tries_table.c.client == who).values(**values))
        return pause

    @guarded
    def key_cleared(self, client: str) -> None:
        """A right key from ``client``: its next wrong one waits the first pause again."""
        with write(self.engine) as conn:
            conn.execute(key_tries_table.delete().where(key_tries_table.c.client == _client(client)))

    # -- instructor actions ---------------------------------------------------------------

    @guarded
    def create_class(self, name: str, instructor_key: str, lessons: Sequence[int] = ()) -> str:
        """A new class; returns its short code (six readable characters)."""
        title = validate.class_name(name)
        if not isinstance(instructor_key, str) or len(instructor_key) < KEY_MIN_LENGTH:
            raise ClassroomError(f"the instructor key must be text of at least {KEY_MIN_LENGTH} characters")
        chosen = _lessons(lessons)
        salt = secrets.token_hex(16)
        row = {
            "name": title,
            "key_hash": hash_key(instructor_key, salt),
            "key_salt": salt,
            "lessons": chosen,
            "created_at": time.time(),
            "ended_at": None,
            "live_puzzle": None,
            "live_revealed": False,
        }
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with write(self.engine) as conn:
                    conn.execute(classes.insert().values(code=code, **row))
                return code
            except sa.exc.IntegrityError:  # pragma: no cover - a collision among 10^9 codes
                continue
        raise ClassroomError("could not find a free class code")  # pragma: no cover

    def check_key(self, code: str, instructor_key: str) -> None:
        """``WrongKeyError`` unless ``instructor_key`` is this class's key or the server's (constant-time).

        A key that opened a class is remembered, as an HMAC under this store's random secret, so a dashboard
        refreshing every 1.5 s does not run PBKDF2 each time; a wrong key is never remembered.
        """
        row = self._class(code)
        given = instructor_key if isinstance(instructor_key, str) else ""
        seen = hmac.new(self._secret, f"{row.code}\0{given}".encode(), "sha256").digest()
        if seen in self._verified:
            return
        if not (
            hmac.compare_digest(hash_key(given, row.key_salt), row.key_hash)
            or (self.server_key is not None and key_matches(given, self.server_key))
        ):
            raise WrongKeyError("that instructor key does not open this class")
        self._verified.add(seen)

    def class_info(self, code: str) -> ClassInfo:
        """Public facts of a class (for the join page): name, lessons, whether it has ended, the live question."""
        row = self._class(code)
        live = None
        if row.live_id is not None and row.live_puzzle is not None:
            with read(self.engine) as conn:
                question = conn.execute(
                    sa.select(live_questions_table).where(live_questions_table.c.id == row.live_id)
                ).first()
            if question is not None:
                live = _live_question(question)
        return ClassInfo(
            code=row.code,
            name=row.name,
            lessons=tuple(int(n) for n in row.lessons.split(",") if n),
            ended=row.ended_at is not None,
            live_puzzle=row.live_puzzle,
            live_revealed=bool(row.live_revealed),
            live=live,
            sent_to=row.sent_to,
            sent_at=row.sent_at,
            locked=tuple(int(n) for n in (row.locked or "").split(",") if n),
        )

    @guarded
    def class_list(self, instructor_key: str) -> list[ClassSummary]:
        """Every class of the store, newest first, for the server's key (a class's own key opens only its class:
        it lists nothing)."""
        if self.server_key is None or not key_matches(
            instructor_key if isinstance(instructor_key, str) else "", self.server_key
        ):
            raise WrongKeyError("only the server's instructor key lists the classes")
        joined = sa.select(sa.func.count()).where(students.c.code == classes.c.code).scalar_subquery()
        query = sa.select(classes.c.code, classes.c.name, classes.c.created_at, classes.c.ended_at, joined).order_by(
            classes.c.created_at.desc()
        )
        with read(self.engine) as conn:
            return [ClassSummary(r[0], r[1], r[2], r[3] is not None, int(r[4])) for r in conn.execute(query)]

    @guarded
    def push_question(
        self,
        code: str,
        instructor_key: str,
        puzzle_id: str | None,
        mode: str = INSTANT,
        seconds: float | None = None,
    ) -> int | None:
        """Show one puzzle of the bank on every joined student's screen (``None`` clears it), until the class ends;
        its number (``LiveQuestion.id``). ``mode`` is how students hear their verdict: at once (``INSTANT``), or
        "answer recorded" until the answer is revealed (``AFTER_REVEAL``); ``seconds`` closes it by itself."""
        self.check_key(code, instructor_key)
        live = validate.live_puzzle(puzzle_id)
        if live is not None and validate.CLASS_QUESTION.fullmatch(live) and live not in self.questions(code):
            raise ClassroomError(f"class {validate.class_code(code)} has no question {live!r}")
        if mode not in MODES:
            raise ClassroomError(f"a live question's feedback is one of {', '.join(MODES)}, not {mode!r:.20}")
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 5 <= seconds <= 3600
        ):
            raise ClassroomError("a live question's timer runs from 5 seconds to an hour")
        normal = validate.class_code(code)
        now = time.time()
        with write(self.engine) as conn:
            live_id = None
            if live is not None:
                row = {"code": normal, "puzzle_id": live, "mode": mode, "pushed_at": now}
                closes = None if seconds is None else now + float(seconds)
                inserted = conn.execute(live_questions_table.insert().values(closes_at=closes, **row))
                live_id = inserted.inserted_primary_key[0] if inserted.inserted_primary_key else None
            pushed = conn.execute(
                classes.update()
                .where(classes.c.code == normal, classes.c.ended_at.is_(None))
                .values(live_puzzle=live, live_revealed=False, live_id=live_id)
            )
            if pushed.rowcount == 0:
                raise ClassroomError("this class has ended")
        return None if live_id is None else int(live_id)

    # -- the questions an instructor writes for their class ----------------------------------------

    @guarded
    def save_question(self, code: str, instructor_key: str, spec: Mapping[str, Any], lesson: int) -> str:
        """Keep a question the instructor wrote for the class: ``spec`` holds the bank's fields of a puzzle (its id
        is the class's to give), ``lesson`` the lesson it belongs to. It is read and checked as the bank's puzzles
        are, so the engine computes its answer; ``ClassroomError`` names every problem and nothing is kept. Its
        puzzle id (``class-<code>-<n>``), which ``push_question`` takes."""
        self.check_key(code, instructor_key)
        return self._save_questions(code, [(lesson, spec)], again="refuse")[0]

    @guarded
    def import_questions(self, code: str, instructor_key: str, text: str) -> list[str]:
        """Keep every question of YAML in the bank's format (``export_questions``'s, or topic files of the bank)
        for the class; their puzzle ids. One question refused refuses them all: nothing is kept."""
        self.check_key(code, instructor_key)
        if not isinstance(text, str) or len(text) > IMPORT_CHARACTERS:
            raise ClassroomError(f"a file of questions is YAML text of at most {IMPORT_CHARACTERS // 1000} kB")
        try:
            found = read_questions_yaml(text)
        except BankError as e:
            raise ClassroomError(str(e)) from None
        return self._save_questions(code, found, again="skip")

    def _save_questions(
        self, code: str, questions: Sequence[tuple[object, Mapping[str, Any]]], again: str
    ) -> list[str]:
        """Check and keep ``questions``; one the class has already (the same fields) is refused (``again``
        "refuse") or left out ("skip")."""
        normal = validate.class_code(code)
        if self._class(normal).ended_at is not None:
            raise ClassroomError("this class has ended")
        table = class_questions_table
        with read(self.engine) as conn:
            kept = {
                text: number
                for number, text in conn.execute(sa.select(table.c.number, table.c.spec).where(table.c.code == normal))
            }
        checked: list[tuple[int, str]] = []
        for n, (lesson, data) in enumerate(questions, 1):
            name = data.get("id") if isinstance(data, Mapping) else None
            where = (
                (f"question {name!r}: " if isinstance(name, str) else f"question {n}: ") if len(questions) > 1 else ""
            )
            if type(lesson) is not int or lesson not in LESSON_NUMBERS:
                raise ClassroomError(f"{where}a question belongs to a lesson from 1 to 13, not {lesson!r:.20}")
            try:  # checked before the write, which a search must not hold open
                puzzle = class_question(dict(data), question_id(normal, 1), lesson)
            except BankError as e:
                raise ClassroomError(f"{where}{e}") from None
            fields = {k: v for k, v in spec_data(puzzle.spec).items() if k != "id"}
            text = validate.storable_json(fields, "a question")
            if text in kept or text in {t for _, t in checked}:
                if again == "refuse":
                    number = kept.get(text)
                    raise ClassroomError(f"the class has this question already (its question {number})")
                continue
            checked.append((lesson, text))
        now = time.time()
        for _ in range(5):  # two saves at once on PostgreSQL may both take the next number: the later tries again
            try:
                with write(self.engine) as conn:
                    last = conn.scalar(sa.select(sa.func.max(table.c.number)).where(table.c.code == normal))
                    numbers = [int(last or 0) + n for n in range(1, len(checked) + 1)]
                    rows = [
                        {"code": normal, "number": number, "lesson": lesson, "spec": text, "created_at": now}
                        for number, (lesson, text) in zip(numbers, checked, strict=True)
                    ]
                    if rows:
                        conn.execute(table.insert(), rows)
                return [question_id(normal, number) for number in numbers]
            except sa.exc.IntegrityError:  # pragma: no cover - a race between two instructors' pages
                continue
        raise ClassroomError("the questions could not be numbered: try again")  # pragma: no cover

    @guarded
    def questions(self, code: str) -> dict[str, Puzzle]:
        """The questions the class's instructor wrote, by puzzle id, oldest first (its students' pages read them:
        no key; their answers are the engine's, as any puzzle's)."""
        normal = validate.class_code(code)
        table = class_questions_table
        with read(self.engine) as conn:
            rows = conn.execute(
                sa.select(table.c.number, table.c.lesson, table.c.spec)
                .where(table.c.code == normal)
                .order_by(table.c.number)
            ).all()
        out = {}
        for number, lesson, text in rows:
            puzzle = self._questions.get((normal, number))
            if puzzle is None:
                try:
                    puzzle = class_question(json.loads(text), question_id(normal, number), lesson, checked=False)
                except (BankError, ValueError) as e:  # a question this engine no longer reads: the others stay
                    LOG.warning("class %s's question %d cannot be read: %s", normal, number, e)
                    continue
                self._questions[(normal, number)] = puzzle
            out[puzzle.id] = puzzle
        return out

    @guarded
    def export_questions(self, code: str, instructor_key: str) -> str:
        """The class's questions as YAML in the bank's format: one topic file per lesson (needs the key)."""
        self.check_key(code, instructor_key)
        normal = validate.class_code(code)
        return questions_yaml(self.questions(normal).values(), normal)

    @guarded
    def close_question(self, code: str, instructor_key: str) -> None:
        """Close the live question to answers: any that come after are recorded as late and not counted."""
        self.check_key(code, instructor_key)
        self._close(code, revealed=False)

    @guarded
    def reveal(self, code: str, instructor_key: str) -> None:
        """Reveal the live question's answer to the students (which closes it to answers)."""
        self.check_key(code, instructor_key)
        self._close(code, revealed=True)

    def _close(self, code: str, revealed: bool) -> None:
        now = time.time()
        table = live_questions_table
        with write(self.engine) as conn:
            normal = validate.class_code(code)
            if revealed:
                conn.execute(classes.update().where(classes.c.code == normal).values(live_revealed=True))
            live_id = conn.scalar(sa.select(classes.c.live_id).where(classes.c.code == normal))
            if live_id is None:
                return
            conn.execute(table.update().where(table.c.id == live_id, table.c.closed_at.is_(None)).values(closed_at=now))
            if revealed:
                conn.execute(
                    table.update().where(table.c.id == live_id, table.c.revealed_at.is_(None)).values(revealed_at=now)
                )

    @guarded
    def live_questions(self, code: str, instructor_key: str) -> list[LiveQuestion]:
        """Every question pushed to the class, in the order they were pushed (needs the key)."""
        self.check_key(code, instructor_key)
        table = live_questions_table
        with read(self.engine) as conn:
            rows = conn.execute(sa.select(table).where(table.c.code == validate.class_code(code)).order_by(table.c.id))
            return [_live_question(r) for r in rows]

    @guarded
    def seen(self, student_id: str, place: str | None = None) -> None:
        """The student's page is open (their live panel says so now and then): they count as present; ``place``
        is where it is now (a route of the course), for the roster."""
        values: dict[str, Any] = {"last_seen": time.time()}
        if place is not None:
            values["place"] = validate.route(place)
        with write(self.engine) as conn:
            conn.execute(students.update().where(students.c.id == student_id).values(**values))

    @guarded
    def lock_lessons(self, code: str, instructor_key: str, lessons: Sequence[int]) -> None:
        """Keep ``lessons`` closed to the class until they are opened again (an empty list opens every lesson)."""
        self.check_key(code, instructor_key)
        locked = _lessons(lessons)
        with write(self.engine) as conn:
            conn.execute(classes.update().where(classes.c.code == validate.class_code(code)).values(locked=locked))

    @guarded
    def send_class(self, code: str, instructor_key: str, route: str) -> None:
        """Send every student of the class to a place of the course (``route``: ``pairs``, ``practice/points``…):
        each open page goes there once."""
        self.check_key(code, instructor_key)
        place = validate.route(route)
        with write(self.engine) as conn:
            sent = conn.execute(
                classes.update()
                .where(classes.c.code == validate.class_code(code), classes.c.ended_at.is_(None))
                .values(sent_to=place, sent_at=time.time())
            )
            if sent.rowcount == 0:
                raise ClassroomError("this class has ended")

    @guarded
    def end_class(self, code: str, instructor_key: str) -> None:
        """End the class: nobody can join or record any more; everything recorded stays readable."""
        self.check_key(code, instructor_key)
        ended = {"ended_at": time.time(), "live_puzzle": None}
        with write(self.engine) as conn:
            conn.execute(classes.update().where(classes.c.code == validate.class_code(code)).values(**ended))

    @guarded
    def attempts(self, code: str, instructor_key: str) -> list[ClassAttempt]:
        """Every attempt in the class, oldest first (needs the instructor key); a press of "Show answer" has the
        answer ``SHOWN``."""
        self.check_key(code, instructor_key)
        query = (
            sa.select(
                attempts_table.c.student_id,
                students.c.display_name,
                attempts_table.c.puzzle_id,
                attempts_table.c.answer,
                attempts_table.c.correct,
                attempts_table.c.at,
                attempts_table.c.hints,
                attempts_table.c.revealed,
                attempts_table.c.live_id,
                attempts_table.c.late,
                students.c.account,
            )
            .join(students, students.c.id == attempts_table.c.student_id)
            .where(attempts_table.c.code == code)
            .order_by(attempts_table.c.id)
        )
        with read(self.engine) as conn:  # answers are stored canonical (``store.answers``); a "Show answer" reads so
            names = _shown_names(conn, code)
            return [
                ClassAttempt(
                    row[0],
                    names.get(row[0], str(row[1])),
                    row[2],
                    SHOWN if row[7] else row[3],
                    *row[4:6],
                    int(row[6]),
                    bool(row[7]),
                    row[8],
                    bool(row[9]),
                    str(row[10] or ""),
                )
                for row in conn.execute(query)
            ]

    @guarded
    def roster(self, code: str, instructor_key: str) -> list[RosterRow]:
        """Students with their join time, last activity, attempts and solved count (needs the key)."""
        self.check_key(code, instructor_key)
        query = (
            sa.select(
                students.c.id,
                students.c.display_name,
                students.c.joined_at,
                students.c.last_seen,
                students.c.place,
                sa.func.count(attempts_table.c.id),
                sa.func.coalesce(sa.func.sum(sa.cast(attempts_table.c.correct, sa.Integer)), 0),
            )
            .select_from(students.outerjoin(attempts_table, attempts_table.c.student_id == students.c.id))
            .where(students.c.code == code)
            .group_by(
                students.c.id, students.c.display_name, students.c.joined_at, students.c.last_seen, students.c.place
            )
            .order_by(students.c.joined_at)
        )
        with read(self.engine) as conn:
            names = _shown_names(conn, code)
            return [
                RosterRow(r[0], names.get(r[0], str(r[1])), r[2], r[3], int(r[5]), int(r[6]), str(r[4] or ""))
                for r in conn.execute(query)
            ]

    def export_csv(self, code: str, instructor_key: str, answers: Callable[[str, str], str] | None = None) -> str:
        """All attempts as CSV text (needs the key): time, the class, the student (a stable pseudonym, the name
        the dashboard shows and, behind JupyterHub, the account they logged in with), puzzle, answer, verdict, hint steps, whether it answered a live question (its number)
        or a lesson's, and whether it came late (after the live question closed: not counted).

        ``answers(puzzle_id, answer)`` rewrites each stored answer (the console passes the
        puzzles' canonical form, so the export counts answers as the dashboard does). The pseudonym tells students
        of the same name apart across exports; it is not their private id, which would sign in as them.
        """
        rows = self.attempts(code, instructor_key)
        normal = validate.class_code(code)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "time_utc",
                "class",
                "student_id",
                "student",
                "account",
                "puzzle",
                "answer",
                "verdict",
                "hints",
                "live",
                "late",
            ]
        )
        for a in rows:
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(a.at))
            answer = a.answer if a.revealed or answers is None else answers(a.puzzle_id, a.answer)
            writer.writerow(
                [
                    stamp,
                    normal,
                    pseudonym(a.student_id),
                    _csv_safe(a.display_name),
                    _csv_safe(a.account),
                    _csv_safe(a.puzzle_id),
                    _csv_safe(answer),
                    "correct" if a.correct else "incorrect",
                    a.hints,
                    "" if a.live is None else a.live,
                    "late" if a.late else "",
                ]
            )
        return out.getvalue()

    # -- student actions ------------------------------------------------------------------

    @guarded
    def join(self, code: str, display_name: str, account: str = "") -> str:
        """A student joins a class with its code and a display name (``account``: the login they came with,
        behind JupyterHub); returns their private student id."""
        name = clean_name(display_name)
        login = validate.account(account)
        row = self._class(code)
        if row.ended_at is not None:
            raise ClassroomError(f"class {row.code} has ended")
        student_id = secrets.token_urlsafe(18)
        now = time.time()
        with write(self.engine) as conn:
            conn.execute(
                students.insert().values(
                    id=student_id, code=row.code, display_name=name, joined_at=now, last_seen=now, account=login
                )
            )
        return student_id

    @guarded
    def student(self, student_id: str) -> Student:
        """A student's own record (their name and class), for the pages they open."""
        if not isinstance(student_id, str) or not validate.storable(student_id):
            raise ClassroomError("unknown student")
        with read(self.engine) as conn:
            row = conn.execute(sa.select(students).where(students.c.id == student_id)).first()
        if row is None:
            raise ClassroomError("unknown student: join the class again with its code")
        return Student(row.id, row.display_name, row.code)

    # -- helpers ------------------------------------------------------------------------------

    @guarded
    def _class(self, code: str) -> Any:
        normal = validate.class_code(code)
        with read(self.engine) as conn:
            row = conn.execute(sa.select(classes).where(classes.c.code == normal)).first()
        if row is None:
            raise ClassroomError(f"there is no class with the code {normal[:12]!r}")
        return row


def _csv_safe(text: str) -> str:
    """Neutralise spreadsheet formulas (a name like '=HYPERLINK(…)' stays text)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
