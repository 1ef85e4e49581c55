"""The progress store keeps every attempt across restarts, per learner, in the shared attempts table."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import time
from pathlib import Path

import pytest

from shengji_tutor.store.db import HEAD_REVISION
from shengji_tutor.store.progress import ProgressStore, default_path

ONE, TWO = "pairs-keep-your-pair", "pairs-count-the-trick"  # puzzles of the bank


def test_progress_survives_a_new_store_on_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    ProgressStore(path).record(ONE, True, "8H 8H")
    ProgressStore(path).record(TWO, False, "yes")
    again = ProgressStore(path)
    assert again.solved() == {ONE}
    assert [a[:3] for a in again.attempts()] == [(ONE, True, "8H 8H"), (TWO, False, "yes")]
    assert again.solved([TWO, ONE, "other"]) == {ONE}


def test_learners_are_kept_apart(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    ProgressStore(path, learner="ana").record(ONE, True)
    assert ProgressStore(path, learner="bo").solved() == set()


def test_the_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    assert default_path() == tmp_path / "progress.sqlite"


@pytest.mark.parametrize("bad", ["", "   ", None, "x" * 41])
def test_a_learner_needs_a_name_of_at_most_40_characters(tmp_path: Path, bad: object) -> None:
    with pytest.raises(ValueError, match="learner"):
        ProgressStore(tmp_path / "p.sqlite", learner=bad)  # type: ignore[arg-type]


def test_the_default_store_is_the_data_directorys_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    ProgressStore().record(ONE, True)
    assert ProgressStore(tmp_path / "progress.sqlite").solved() == {ONE}


OLD_SCHEMA = """
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    learner TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    correct INTEGER NOT NULL,
    answer TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX attempts_by_learner ON attempts (learner, puzzle_id);
"""


def test_an_old_progress_file_is_adopted_with_its_attempts(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    with sqlite3.connect(path) as old:  # as the store before Alembic wrote it
        old.executescript(OLD_SCHEMA)
        old.executemany(
            "INSERT INTO attempts (learner, puzzle_id, correct, answer, at) VALUES (?, ?, ?, ?, ?)",
            [
                ("me", ONE, 1, "8H 8H", 1.0),
                ("me", TWO, 0, "yes", 2.0),
                ("ana", TWO, 1, "no", 3.0),
            ],
        )
    old.close()
    mine = ProgressStore(path)
    assert mine.attempts() == [(ONE, True, "8H 8H", 1.0), (TWO, False, "yes", 2.0)]
    assert ProgressStore(path, learner="ana").solved() == {TWO}
    mine.record(TWO, True, "no")
    assert mine.solved() == {ONE, TWO}
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchone() == (HEAD_REVISION,)
        columns = {row[1] for row in db.execute("PRAGMA table_info(attempts)")}
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "learner" not in columns
    assert {"attempts", "classes", "students", "alembic_version"} <= tables
    assert not any(t.startswith("progress") for t in tables)


def test_progress_on_postgresql() -> None:
    url = os.environ.get("SJT_POSTGRES_URL")
    if not url:
        pytest.skip("set SJT_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)")
    learner = f"pg-{time.time_ns()}"  # the database is shared between runs
    ProgressStore(url=url, learner=learner).record(ONE, True, "8H 8H")
    again = ProgressStore(url=url, learner=learner)
    assert again.solved() == {ONE}
    assert [a[:3] for a in again.attempts(ONE)] == [(ONE, True, "8H 8H")]


@pytest.mark.parametrize("bad", ["", None, 5, "x" * 81, "pairs-none-such"])
def test_bad_puzzle_ids_are_refused(tmp_path: Path, bad: object) -> None:
    store = ProgressStore(tmp_path / "p.sqlite")
    with pytest.raises(ValueError, match="puzzle id"):
        store.record(bad, True)  # type: ignore[arg-type]
    assert store.attempts() == []


def _write(path: str, n: int, who: int) -> None:
    store = ProgressStore(path, learner=f"l{who}")
    for i in range(n):
        store.record(ONE, i % 2 == 0, str(i))


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "p.sqlite")
    ProgressStore(path)
    spawn = multiprocessing.get_context("spawn")  # like kernels: fresh processes, not forks of one using SQLite
    procs = [spawn.Process(target=_write, args=(path, 40, k)) for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    total = sum(len(ProgressStore(path, learner=f"l{k}").attempts()) for k in range(4))
    assert total == 160
