"""Transactions on the store's engines: reads never take SQLite's write lock, writes do, both retry when busy."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa
from class_answers import answer_as

from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.puzzles import load_bank
from shengji_tutor.store import db
from shengji_tutor.store.db import read, retry_busy, write
from shengji_tutor.store.schema import StoreError, attempts_table

KEY = "a-long-secret-key"
PUZZLES = sorted(load_bank())[:30]


@pytest.fixture
def sqlite_store(tmp_path: Path) -> ClassroomStore:
    return ClassroomStore(f"sqlite:///{tmp_path / 'classroom.sqlite'}")


def statements(engine: sa.Engine) -> list[str]:
    """Every statement ``engine`` sends from now on (the begin event's own ``BEGIN`` among them)."""
    sent: list[str] = []

    @sa.event.listens_for(engine, "before_cursor_execute")
    def _sent(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        sent.append(statement.strip().upper())

    return sent


def locked() -> sa.exc.OperationalError:
    return sa.exc.OperationalError("BEGIN IMMEDIATE", {}, sqlite3.OperationalError("database is locked"))


def test_a_dashboard_refresh_never_asks_for_the_write_lock(sqlite_store: ClassroomStore) -> None:
    code = sqlite_store.create_class("Club", KEY)
    answer_as(sqlite_store, sqlite_store.join(code, "Ana"), PUZZLES[0], "yes", True)
    sent = statements(sqlite_store.engine)
    sqlite_store.attempts(code, KEY)
    sqlite_store.roster(code, KEY)
    sqlite_store.class_info(code)
    assert "BEGIN" in sent
    assert not [s for s in sent if s.startswith("BEGIN IMMEDIATE")]


def test_a_write_asks_for_the_write_lock_before_anything_else(sqlite_store: ClassroomStore) -> None:
    code = sqlite_store.create_class("Club", KEY)
    me = sqlite_store.join(code, "Ana")
    sent = statements(sqlite_store.engine)
    with write(sqlite_store.engine) as conn:
        conn.execute(sa.select(attempts_table.c.id).where(attempts_table.c.student_id == me))
    assert sent[0] == "BEGIN IMMEDIATE"


def test_a_read_proceeds_while_another_connection_holds_the_write_lock(
    sqlite_store: ClassroomStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = sqlite_store.create_class("Club", KEY)
    answer_as(sqlite_store, sqlite_store.join(code, "Ana"), PUZZLES[0], "yes", True)
    sqlite_store.engine.dispose()  # new connections, which wait at most 50 ms: a read that waited would fail
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 50)
    monkeypatch.setattr(db, "BUSY_TRIES", 1)
    writer = sqlite3.connect(tmp_path / "classroom.sqlite", isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE classes SET live_puzzle = ?", (PUZZLES[1],))
    try:
        assert [a.puzzle_id for a in sqlite_store.attempts(code, KEY)] == [PUZZLES[0]]
        assert len(sqlite_store.roster(code, KEY)) == 1
        assert sqlite_store.class_info(code).live_puzzle is None  # the uncommitted change is not seen
        with pytest.raises(StoreError, match="busy"):  # while a write waits, and is told so in the end
            sqlite_store.push_question(code, KEY, PUZZLES[2])
    finally:
        writer.execute("COMMIT")
        writer.close()
    assert sqlite_store.class_info(code).live_puzzle == PUZZLES[1]


def test_a_write_holds_the_lock_from_its_first_read_to_its_commit(sqlite_store: ClassroomStore) -> None:
    """Two writers each count the attempts and write the count: serialised writes never read the same count."""

    def count_and_write(who: str, errors: list[BaseException]) -> None:
        try:
            for _ in range(40):
                with write(sqlite_store.engine) as conn:
                    n = conn.execute(sa.select(sa.func.count()).select_from(attempts_table)).scalar_one()
                    conn.execute(
                        attempts_table.insert().values(
                            student_id=who, puzzle_id="count", answer=str(n), correct=True, at=0.0
                        )
                    )
        except BaseException as e:  # pragma: no cover - reported by the assertion below
            errors.append(e)

    errors: list[BaseException] = []
    writers = [threading.Thread(target=count_and_write, args=(who, errors)) for who in ("a", "b")]
    for t in writers:
        t.start()
    for t in writers:
        t.join(120)
    assert errors == []
    with read(sqlite_store.engine) as conn:
        counts = sorted(int(n) for n in conn.scalars(sa.select(attempts_table.c.answer)))
    assert counts == list(range(80))


def test_two_writers_and_a_reader_lose_no_attempt(url: str) -> None:
    store = ClassroomStore(url)
    code = store.create_class("Club", KEY)
    ids = [store.join(code, name) for name in ("Ana", "Ben")]
    done = threading.Event()
    errors: list[BaseException] = []

    def answer(me: str) -> None:
        try:
            for i in range(30):
                answer_as(store, me, PUZZLES[i], str(i), i % 2 == 0)
        except BaseException as e:  # pragma: no cover - reported by the assertion below
            errors.append(e)

    def watch() -> None:
        try:
            while not done.is_set():
                store.attempts(code, KEY)
                store.roster(code, KEY)
        except BaseException as e:  # pragma: no cover - reported by the assertion below
            errors.append(e)

    watcher = threading.Thread(target=watch)
    watcher.start()
    writers = [threading.Thread(target=answer, args=(me,)) for me in ids]
    for t in writers:
        t.start()
    for t in writers:
        t.join(120)
    done.set()
    watcher.join(120)
    assert errors == []
    assert len(store.attempts(code, KEY)) == 60
    assert [r.attempts for r in store.roster(code, KEY)] == [30, 30]


def test_busy_work_is_tried_again() -> None:
    calls = []

    def work() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise locked()
        return "done"

    assert retry_busy(work, tries=5, pause=0.001) == "done"
    assert len(calls) == 3


def test_work_still_busy_after_the_last_try_is_a_store_error() -> None:
    calls = []

    def work() -> None:
        calls.append(1)
        raise locked()

    with pytest.raises(
        StoreError, match=r"^the database stayed busy \(4 tries in \d+ s\): please try again$"
    ) as caught:
        retry_busy(work, tries=4, pause=0.001)
    assert len(calls) == 4
    assert isinstance(caught.value.__cause__, sa.exc.OperationalError)  # the database's own words, for the log


def test_other_database_errors_are_not_tried_again() -> None:
    calls = []

    def work() -> None:
        calls.append(1)
        raise sa.exc.OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: attempts"))

    with pytest.raises(sa.exc.OperationalError, match="no such table"):
        retry_busy(work, tries=4, pause=0.001)
    assert len(calls) == 1


def test_reads_and_writes_take_one_path_on_both_databases(url: str) -> None:
    engine = ClassroomStore(url).engine
    mine = attempts_table.c.student_id.in_(["path", "rolled back"])

    def add(conn: sa.Connection, who: str) -> None:
        conn.execute(attempts_table.insert().values(student_id=who, puzzle_id="p", answer="a", correct=True, at=0.0))

    with write(engine) as conn:
        conn.execute(attempts_table.delete().where(mine))  # a PostgreSQL database outlives the test
        add(conn, "path")

    def fail_half_way() -> None:
        with write(engine) as conn:
            add(conn, "rolled back")
            raise RuntimeError("an error rolls the write back")

    with pytest.raises(RuntimeError):
        fail_half_way()
    with read(engine) as conn:
        assert list(conn.scalars(sa.select(attempts_table.c.student_id).where(mine))) == ["path"]
