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
import hmac
import io
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from . import validate
from .db import open_database, read, sqlite_url, write
from .failures import CLASS_PLACE, guarded
from .keys import KEY_MIN_LENGTH, hash_key, key_matches, pause_after
from .progress import default_path
from .schema import ClassroomError, attempts_table, classes, key_tries_table, students
from .validate import clean_name

__all__ = [
    "LESSON_NUMBERS",
    "ClassAttempt",
    "ClassInfo",
    "ClassroomError",
    "ClassroomStore",
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


@dataclass(frozen=True)
class RosterRow:
    """One student of a class as the instructor's roster shows them."""

    id: str
    name: str
    joined_at: float
    last_seen: float
    attempts: int
    correct: int


@dataclass(frozen=True)
class Student:
    """A student's own record: their private id, display name and class code."""

    id: str
    name: str
    code: str


SHOWN = "(answer shown)"
"""How an attempt that was a press of "Show answer" reads in the dashboard and the export."""


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
        if any(type(n) is not int or n not in LESSON_NUMBERS for n in lessons):
            first, last = LESSON_NUMBERS[0], LESSON_NUMBERS[-1]
            raise ClassroomError(f"lessons are numbers from {first} to {last}, not {list(lessons)!r}")
        salt = secrets.token_hex(16)
        row = {
            "name": title,
            "key_hash": hash_key(instructor_key, salt),
            "key_salt": salt,
            "lessons": ",".join(str(n) for n in sorted(set(lessons))),
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
        return ClassInfo(
            code=row.code,
            name=row.name,
            lessons=tuple(int(n) for n in row.lessons.split(",") if n),
            ended=row.ended_at is not None,
            live_puzzle=row.live_puzzle,
            live_revealed=bool(row.live_revealed),
        )

    @guarded
    def push_question(self, code: str, instructor_key: str, puzzle_id: str | None) -> None:
        """Show one puzzle of the bank on every joined student's screen (``None`` clears it), until the class ends."""
        self.check_key(code, instructor_key)
        live = validate.live_puzzle(puzzle_id)
        with write(self.engine) as conn:
            pushed = conn.execute(
                classes.update()
                .where(classes.c.code == validate.class_code(code), classes.c.ended_at.is_(None))
                .values(live_puzzle=live, live_revealed=False)
            )
            if pushed.rowcount == 0:
                raise ClassroomError("this class has ended")

    @guarded
    def reveal(self, code: str, instructor_key: str) -> None:
        """Reveal the live question's answer to the students."""
        self.check_key(code, instructor_key)
        with write(self.engine) as conn:
            conn.execute(classes.update().where(classes.c.code == validate.class_code(code)).values(live_revealed=True))

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
                sa.func.count(attempts_table.c.id),
                sa.func.coalesce(sa.func.sum(sa.cast(attempts_table.c.correct, sa.Integer)), 0),
            )
            .select_from(students.outerjoin(attempts_table, attempts_table.c.student_id == students.c.id))
            .where(students.c.code == code)
            .group_by(students.c.id, students.c.display_name, students.c.joined_at, students.c.last_seen)
            .order_by(students.c.joined_at)
        )
        with read(self.engine) as conn:
            names = _shown_names(conn, code)
            return [
                RosterRow(r[0], names.get(r[0], str(r[1])), r[2], r[3], int(r[4]), int(r[5]))
                for r in conn.execute(query)
            ]

    def export_csv(self, code: str, instructor_key: str, answers: Callable[[str, str], str] | None = None) -> str:
        """All attempts as CSV text: time, student, puzzle, answer, verdict (needs the key).

        ``answers(puzzle_id, answer)`` rewrites each stored answer (the console passes the
        puzzles' canonical form, so the export counts answers as the dashboard does).
        """
        rows = self.attempts(code, instructor_key)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["time_utc", "student", "puzzle", "answer", "verdict", "hints"])
        for a in rows:
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(a.at))
            answer = a.answer if a.revealed or answers is None else answers(a.puzzle_id, a.answer)
            writer.writerow(
                [
                    stamp,
                    _csv_safe(a.display_name),
                    _csv_safe(a.puzzle_id),
                    _csv_safe(answer),
                    "correct" if a.correct else "incorrect",
                    a.hints,
                ]
            )
        return out.getvalue()

    # -- student actions ------------------------------------------------------------------

    @guarded
    def join(self, code: str, display_name: str) -> str:
        """A student joins a class with its code and a display name; returns their private student id."""
        name = clean_name(display_name)
        row = self._class(code)
        if row.ended_at is not None:
            raise ClassroomError(f"class {row.code} has ended")
        student_id = secrets.token_urlsafe(18)
        now = time.time()
        with write(self.engine) as conn:
            conn.execute(
                students.insert().values(id=student_id, code=row.code, display_name=name, joined_at=now, last_seen=now)
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
