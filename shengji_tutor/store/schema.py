"""The tables (as the migrations leave them) and the one way an attempt is written.

Classes, their students, and every puzzle attempt — a class's or a solo
learner's (``code`` NULL). Both stores write attempts through ``insert_attempt``,
which takes only a ``NewAttempt`` that ``validate.attempt`` checked, so both keep
the same rules: a puzzle of the bank, an answer of at most 500 characters (longer
ones are cut), a verdict that is True or False, a learner id of 1 to 40.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlalchemy as sa

from ..engine.errors import ShengjiError

__all__ = [
    "ClassroomError",
    "NewAttempt",
    "NewMistake",
    "StoreError",
    "attempts_table",
    "class_questions_table",
    "classes",
    "house_rules_table",
    "insert_attempt",
    "key_tries_table",
    "lessons_done_table",
    "live_questions_table",
    "mistakes_table",
    "reviews_table",
    "students",
    "work_table",
]

ANSWER_LIMIT = 500
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
    sa.Column("live_id", sa.Integer),
    sa.Column("sent_to", sa.String(60)),
    sa.Column("sent_at", sa.Float),
    sa.Column("locked", sa.String(60), nullable=False, server_default=""),
)
live_questions_table = sa.Table(
    "live_questions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(12), nullable=False),
    sa.Column("puzzle_id", sa.String(80), nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("pushed_at", sa.Float, nullable=False),
    sa.Column("closes_at", sa.Float),
    sa.Column("closed_at", sa.Float),
    sa.Column("revealed_at", sa.Float),
)
"""Every question pushed to a class (migration 0009): its feedback ``mode`` ("instant" or "after-reveal"), the
time it closes by itself (a timer), and when it was closed or revealed."""
class_questions_table = sa.Table(
    "class_questions",
    metadata,
    sa.Column("code", sa.String(12), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("lesson", sa.Integer, nullable=False),
    sa.Column("spec", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""The questions an instructor wrote for their class (migration 0011): the ``number``-th of class ``code`` is the
puzzle ``class-<code>-<number>``, its ``spec`` the JSON of the bank's fields, in the lesson ``lesson``."""
key_tries_table = sa.Table(
    "key_tries",
    metadata,
    sa.Column("client", sa.String(64), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False),
    sa.Column("until", sa.Float, nullable=False),
)
students = sa.Table(
    "students",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("code", sa.String(12), nullable=False),
    sa.Column("display_name", sa.String(60), nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("place", sa.String(60), nullable=False, server_default=""),
    sa.Column("account", sa.String(100), nullable=False, server_default=""),
)
"""A class's students; ``account`` is the login a student joined with behind JupyterHub ("" elsewhere: migration
0011)."""
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
    sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
    sa.Column("revealed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("mistake", sa.String(300), nullable=False, server_default=""),
    sa.Column("live_id", sa.Integer),
    sa.Column("late", sa.Boolean, nullable=False, server_default=sa.false()),
)
mistakes_table = sa.Table(
    "mistakes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student_id", sa.String(40), nullable=False),
    sa.Column("made_at", sa.Float, nullable=False),
    sa.Column("position", sa.Text, nullable=False),
    sa.Column("answer", sa.String(200), nullable=False),
    sa.Column("grade", sa.String(12), nullable=False),
    sa.Column("loss", sa.Float, nullable=False),
    sa.Column("solved_at", sa.Float),
)
reviews_table = sa.Table(
    "reviews",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student_id", sa.String(40), nullable=False),
    sa.Column("item", sa.String(80), nullable=False),
    sa.Column("card", sa.Text, nullable=False),
    sa.Column("due", sa.Float, nullable=False),
    sa.Column("reviews", sa.Integer, nullable=False),
    sa.Column("last_rating", sa.Integer, nullable=False),
    sa.Column("reviewed_at", sa.Float, nullable=False),
    sa.UniqueConstraint("student_id", "item", name="reviews_one_per_item"),
)

house_rules_table = sa.Table(
    "house_rules",
    metadata,
    sa.Column("student_id", sa.String(40), primary_key=True),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("saved_at", sa.Float, nullable=False),
)
"""A learner's own house rules: the ``RuleSet`` fields that differ from RULES.md, as JSON (migration 0005)."""

languages_table = sa.Table(
    "languages",
    metadata,
    sa.Column("student_id", sa.String(40), primary_key=True),
    sa.Column("language", sa.String(8), nullable=False),
    sa.Column("saved_at", sa.Float, nullable=False),
)
"""The language a learner chose with the course's switch ("en", "zh" or "ru"; migration 0012)."""

work_table = sa.Table(
    "work_in_progress",
    metadata,
    sa.Column("student_id", sa.String(40), primary_key=True),
    sa.Column("place", sa.String(40), primary_key=True),
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("saved_at", sa.Float, nullable=False),
)
"""Per learner and place, the work left half done there (a coached hand, a Zheng Fen game, the practice streak) as
JSON its page replays (migration 0006)."""

lessons_done_table = sa.Table(
    "lessons_done",
    metadata,
    sa.Column("student_id", sa.String(40), primary_key=True),
    sa.Column("lesson", sa.String(40), primary_key=True),
    sa.Column("done_at", sa.Float, nullable=False),
)
"""The lessons without puzzles a learner finished (migration 0006)."""


class StoreError(ShengjiError):
    """A record refused (a puzzle id that is not one, a learner without a name…), or a database that failed.

    Its message is shown to learners, so it never holds SQL, a token or a password:
    ``failures.guarded`` says in words what failed and logs the detail.
    """


class ClassroomError(StoreError):
    """A classroom request refused: unknown code, empty name, ended class…"""


@dataclass(frozen=True)
class NewAttempt:
    """An attempt about to be written, as ``validate.attempt`` checked it."""

    puzzle_id: str
    answer: str
    correct: bool
    hints: int = 0
    """How many steps of the puzzle's hint ladder were open when the learner answered."""
    revealed: bool = False
    """The learner pressed "Show answer" (not an answer: it counts as not solved)."""
    mistake: str = ""
    """The beginner's mistake a wrong answer matched (the misconception's sentence), or ""."""
    live: int | None = None
    """The live question (``live_questions.id``) this answers, when it answers one."""


@dataclass(frozen=True)
class NewMistake:
    """A mistake about to be kept, as ``validate.mistake`` checked it: a position that replays, a real grade."""

    position: str
    answer: str
    grade: str
    loss: float


def insert_attempt(conn: sa.Connection, student_id: str, attempt: NewAttempt) -> float:
    """Write one attempt in the write transaction ``conn``; when it was written.

    A learner who is a class's student answers in their class: the attempt carries
    the class code, counts as activity, and is refused once the class has ended. An
    answer to a live question must be to one of the class's, and is *late* when it
    comes after the question closed (closed, revealed or its timer run out).
    """
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
    late = False
    if attempt.live is not None and enrolled is not None:  # (a copy kept on the student's computer has no class)
        question = conn.execute(
            sa.select(live_questions_table).where(live_questions_table.c.id == attempt.live)
        ).first()
        if question is None or question.code != enrolled.code or question.puzzle_id != attempt.puzzle_id:
            raise ClassroomError("that is not a live question of your class")
        late = question.closed_at is not None or (question.closes_at is not None and now > question.closes_at)
    conn.execute(
        attempts_table.insert().values(
            student_id=student_id,
            code=None if enrolled is None else enrolled.code,
            puzzle_id=attempt.puzzle_id,
            answer=attempt.answer,
            correct=attempt.correct,
            at=now,
            hints=attempt.hints,
            revealed=attempt.revealed,
            mistake=attempt.mistake,
            live_id=attempt.live,
            late=late,
        )
    )
    return now
