"""The tables (as the migrations leave them) and the one way an attempt is written.

Classes, their students, and every puzzle attempt — a class's or a solo
learner's (``code`` NULL). Both stores write attempts through ``insert_attempt``,
so both keep the same limits: a puzzle id of 1 to 80 characters, an answer of at
most 500 (longer ones are cut), a learner id of 1 to 40.
"""

from __future__ import annotations

import time

import sqlalchemy as sa

from ..engine.errors import ShengjiError

__all__ = ["ClassroomError", "StoreError", "attempts_table", "classes", "insert_attempt", "learner_id", "students"]

ANSWER_LIMIT = 500
PUZZLE_ID_LIMIT = 80
LEARNER_LIMIT = 40

metadata = sa.MetaData()
classes = sa.Table(
    "classes",
    metadata,
    sa.Column("code", sa.String(12), primary_key=True),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("key_hash", sa.String(128), nullable=False),
    sa.Column("key_salt", sa.String(64), nullable=False),
    sa.Column("lessons", sa.String(200), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("ended_at", sa.Float),
    sa.Column("live_puzzle", sa.String(80)),
    sa.Column("live_revealed", sa.Boolean, nullable=False),
)
students = sa.Table(
    "students",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("code", sa.String(12), nullable=False),
    sa.Column("display_name", sa.String(60), nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
)
attempts_table = sa.Table(
    "attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student_id", sa.String(40), nullable=False),
    sa.Column("code", sa.String(12)),
    sa.Column("puzzle_id", sa.String(80), nullable=False),
    sa.Column("answer", sa.String(500), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


class StoreError(ShengjiError):
    """A record refused: a puzzle id that is not one, a learner without a name…"""


class ClassroomError(StoreError):
    """A classroom request refused: unknown code, empty name, ended class…"""


def learner_id(learner: object) -> str:
    """A learner's id, trimmed: 1 to 40 characters (a solo learner's name, or a class's student id)."""
    if not isinstance(learner, str) or not learner.strip():
        raise StoreError("a learner needs a name")
    if len(learner.strip()) > LEARNER_LIMIT:
        raise StoreError(f"a learner's name has at most {LEARNER_LIMIT} characters")
    return learner.strip()


def insert_attempt(conn: sa.Connection, student_id: str, puzzle_id: str, answer: object, correct: bool) -> None:
    """Write one attempt in the write transaction ``conn``.

    A learner who is a class's student answers in their class: the attempt carries
    the class code, counts as activity, and is refused once the class has ended.
    """
    if not isinstance(puzzle_id, str) or not 1 <= len(puzzle_id) <= PUZZLE_ID_LIMIT:
        raise StoreError(f"a puzzle id is 1 to {PUZZLE_ID_LIMIT} characters, not {puzzle_id!r:.100}")
    now = time.time()
    enrolled = conn.execute(
        sa.select(students.c.code, classes.c.ended_at)
        .join(classes, classes.c.code == students.c.code)
        .where(students.c.id == student_id)
    ).first()
    if enrolled is not None:
        if enrolled.ended_at is not None:
            raise ClassroomError("this class has ended")
        conn.execute(students.update().where(students.c.id == student_id).values(last_seen=now))
    conn.execute(
        attempts_table.insert().values(
            student_id=student_id,
            code=None if enrolled is None else enrolled.code,
            puzzle_id=puzzle_id,
            answer=str(answer)[:ANSWER_LIMIT],
            correct=bool(correct),
            at=now,
        )
    )
