"""Which puzzles a learner solved: their attempts, kept across reloads and server restarts.

Progress is a view of the one ``attempts`` table (``schema.py``). A single-user
install keeps it in a SQLite file in the user's data directory
(``platformdirs``), or in ``$SHENGJI_TUTOR_DATA`` when set (tests, classrooms);
in a classroom a student's progress is their attempts in the class's store,
keyed by their student id. Every attempt is written in its own transaction
before the page is told the verdict, so nothing a learner did is lost when the
server stops.

>>> import pathlib, tempfile
>>> from shengji_tutor.store.progress import ProgressStore
>>> mine = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite")
>>> mine.record("pairs-keep-your-pair", True, "no")
>>> mine.solved()
{'pairs-keep-your-pair'}
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import platformdirs
import sqlalchemy as sa

from .db import open_database, sqlite_url, write
from .schema import attempts_table, insert_attempt, learner_id

__all__ = ["ProgressStore", "default_path"]


def default_path() -> Path:
    """``$SHENGJI_TUTOR_DATA/progress.sqlite``, or the platform's user data directory."""
    base = os.environ.get("SHENGJI_TUTOR_DATA") or platformdirs.user_data_dir("shengji-tutor", appauthor=False)
    return Path(base) / "progress.sqlite"


class ProgressStore:
    """One learner's attempts and solved puzzles (``learner="me"`` for a single-user install).

    ``path`` is a SQLite file (``default_path()`` when omitted); ``url`` names any
    store instead, such as a class's, where ``learner`` is a student id.
    """

    def __init__(self, path: Path | str | None = None, learner: str = "me", *, url: str | None = None) -> None:
        self.learner = learner_id(learner)
        self.url = url or sqlite_url(Path(path) if path is not None else default_path())
        self.engine = open_database(self.url)

    def record(self, puzzle_id: str, correct: bool, answer: str = "") -> None:
        """Write one attempt (committed before returning; in a class, also the instructor's record of it)."""
        with write(self.engine) as conn:
            insert_attempt(conn, self.learner, puzzle_id, answer, correct)

    def solved(self, puzzle_ids: Iterable[str] | None = None) -> set[str]:
        """The puzzles this learner has solved (among ``puzzle_ids`` when given)."""
        query = (
            sa.select(attempts_table.c.puzzle_id)
            .distinct()
            .where(attempts_table.c.student_id == self.learner, attempts_table.c.correct == sa.true())
        )
        with self.engine.connect() as conn:
            done = set(conn.scalars(query))
        return done if puzzle_ids is None else done & set(puzzle_ids)

    def attempts(self, puzzle_id: str | None = None) -> list[tuple[str, bool, str, float]]:
        """(puzzle id, correct, answer, time) of this learner's attempts, oldest first."""
        table = attempts_table
        query = sa.select(table.c.puzzle_id, table.c.correct, table.c.answer, table.c.at).where(
            table.c.student_id == self.learner
        )
        if puzzle_id is not None:
            query = query.where(table.c.puzzle_id == puzzle_id)
        with self.engine.connect() as conn:
            return [(r[0], bool(r[1]), r[2], r[3]) for r in conn.execute(query.order_by(table.c.id))]
