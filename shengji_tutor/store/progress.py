"""Which puzzles a learner solved, kept across reloads and server restarts (SQLite).

The store is one SQLite file in the user's data directory (``platformdirs``), or
in ``$SHENGJI_TUTOR_DATA`` when set (tests, classrooms). Every attempt is
written in its own transaction before the page is told the verdict, so nothing
a student did is lost when the server stops.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path

import platformdirs

__all__ = ["ProgressStore", "default_path"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    learner TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    correct INTEGER NOT NULL,
    answer TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_learner ON attempts (learner, puzzle_id);
"""


def default_path() -> Path:
    """``$SHENGJI_TUTOR_DATA/progress.sqlite``, or the platform's user data directory."""
    base = os.environ.get("SHENGJI_TUTOR_DATA") or platformdirs.user_data_dir("shengji-tutor", appauthor=False)
    return Path(base) / "progress.sqlite"


class ProgressStore:
    """Attempts and solved puzzles per learner (``learner="me"`` for a single-user install)."""

    def __init__(self, path: Path | str | None = None, learner: str = "me") -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not isinstance(learner, str) or not learner.strip():
            raise ValueError("a learner needs a name")
        self.learner = learner.strip()
        with self._connect() as db:
            db.executescript(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA busy_timeout=10000")
        return db

    def record(self, puzzle_id: str, correct: bool, answer: str = "") -> None:
        """Write one attempt (committed before returning)."""
        if not isinstance(puzzle_id, str) or not puzzle_id:
            raise ValueError(f"a puzzle id is needed, not {puzzle_id!r}")
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO attempts (learner, puzzle_id, correct, answer, at) VALUES (?, ?, ?, ?, ?)",
                (self.learner, puzzle_id, int(bool(correct)), str(answer)[:500], time.time()),
            )
            db.execute("COMMIT")
        finally:
            db.close()

    def solved(self, puzzle_ids: Iterable[str] | None = None) -> set[str]:
        """The puzzles this learner has solved (among ``puzzle_ids`` when given)."""
        db = self._connect()
        try:
            rows = db.execute(
                "SELECT DISTINCT puzzle_id FROM attempts WHERE learner = ? AND correct = 1", (self.learner,)
            ).fetchall()
        finally:
            db.close()
        done = {r[0] for r in rows}
        return done if puzzle_ids is None else done & set(puzzle_ids)

    def attempts(self, puzzle_id: str | None = None) -> list[tuple[str, bool, str, float]]:
        """(puzzle id, correct, answer, time) of this learner's attempts, oldest first."""
        db = self._connect()
        try:
            query = "SELECT puzzle_id, correct, answer, at FROM attempts WHERE learner = ?"
            args: tuple[str, ...] = (self.learner,)
            if puzzle_id is not None:
                query += " AND puzzle_id = ?"
                args += (puzzle_id,)
            rows = db.execute(query + " ORDER BY id", args).fetchall()
        finally:
            db.close()
        return [(r[0], bool(r[1]), r[2], r[3]) for r in rows]
