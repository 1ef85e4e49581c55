"""The progress store keeps every attempt across restarts, per learner, in the shared attempts table."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shengji_tutor.store.db import HEAD_REVISION
from shengji_tutor.store.progress import ProgressStore, default_path

if TYPE_CHECKING:  # a type only: a process this file spawns must not import tests/conftest.py,
    from conftest import Migrations  # which the repository's own conftest.py hides when it runs under pytest-xdist

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


@pytest.mark.postgres
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
        p.join(240)  # longer than the store's own patience with a lock (``db.BUSY_TRIES`` tries, about 75 s)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    total = sum(len(ProgressStore(path, learner=f"l{k}").attempts()) for k in range(4))
    assert total == 160


# -- kept mistakes ("learn from your mistakes") -------------------------------------------------


def _position_at_a_play(seed: int = 3) -> tuple[str, str]:
    """A saved position stopped at a play, and a legal play there (as tokens)."""
    from shengji_tutor.play.bots import HeuristicBot
    from shengji_tutor.play.game import prepare_round
    from shengji_tutor.play.record import Position
    from shengji_tutor.play.round import Round

    rnd = Round(seed=seed, dealer=0, rank="6")
    prepare_round(rnd, [HeuristicBot()] * 4)
    seat = rnd.to_act
    assert seat is not None
    play = " ".join(str(c) for c in HeuristicBot().play(rnd.view(seat)))
    return Position.of(rnd).to_json(), play


def test_mistakes_are_kept_listed_and_solved(url: str) -> None:
    learner = f"m-{time.time_ns()}"
    store = ProgressStore(url=url, learner=learner)
    position, play = _position_at_a_play()
    first = store.keep_mistake(position, play, "blunder", 0.9)
    assert store.keep_mistake(position, play, "blunder", 0.9) == first  # a refreshed page keeps it once
    other_position, other_play = _position_at_a_play(seed=4)
    second = store.keep_mistake(other_position, other_play, "mistake", 0.4)
    kept = ProgressStore(url=url, learner=learner).mistakes()
    assert [(m.id, m.answer, m.grade, m.loss, m.solved_at) for m in kept] == [
        (first, play, "blunder", 0.9, None),
        (second, other_play, "mistake", 0.4, None),
    ]
    assert kept[0].position == position
    assert ProgressStore(url=url, learner=f"{learner}-other").mistakes() == []
    store.solve_mistake(first)
    assert [m.id for m in store.mistakes()] == [second]
    assert [m.id for m in store.mistakes(solved=True)] == [first, second]
    assert store.mistakes(solved=True)[0].solved_at is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"position": "{not json"}, "does not replay"),
        ({"position": "x" * 100_001}, "at most 100000 characters"),
        ({"grade": "good"}, "grade is one of inaccuracy, mistake, blunder"),
        ({"loss": float("nan")}, "finite number"),
        ({"loss": -0.5}, "at least 0"),
        ({"loss": True}, "finite number"),
        ({"answer": ""}, "the cards played"),
        ({"answer": "AS\x00"}, "cannot be stored"),
    ],
)
def test_a_bad_mistake_is_refused_and_changes_nothing(url: str, change: dict[str, object], message: str) -> None:
    from shengji_tutor.store.schema import StoreError

    learner = f"bad-{time.time_ns()}"
    store = ProgressStore(url=url, learner=learner)
    position, play = _position_at_a_play()
    fields: dict[str, object] = {"position": position, "answer": play, "grade": "mistake", "loss": 0.5}
    fields.update(change)
    with pytest.raises(StoreError, match=message):
        store.keep_mistake(**fields)  # type: ignore[arg-type]
    assert store.mistakes(solved=True) == []


def test_a_position_that_stops_elsewhere_than_a_play_is_refused(tmp_path: Path) -> None:
    from shengji_tutor.play.record import Position
    from shengji_tutor.play.round import Round
    from shengji_tutor.store.schema import StoreError

    store = ProgressStore(tmp_path / "p.sqlite")
    dealing = Position.of(Round(seed=1, dealer=0)).to_json()
    with pytest.raises(StoreError, match="stops at a play"):
        store.keep_mistake(dealing, "AS", "mistake", 0.5)
    with pytest.raises(StoreError, match="no open mistake 99"):
        store.solve_mistake(99)
    assert store.mistakes(solved=True) == []


# -- the learner's own house rules (migration 0005) --------------------------------------------------------


def test_house_rules_are_the_default_until_chosen_then_kept(url: str) -> None:
    from shengji_tutor.engine.rules import RuleSet

    learner = f"rules-{time.time_ns()}"
    store = ProgressStore(url=url, learner=learner)
    assert store.house_rules() == RuleSet()
    mine = RuleSet(decks=3, red_five="5H+5D", mandatory_levels=("5", "K"), follow="protect-longer")
    store.save_house_rules(mine)
    assert ProgressStore(url=url, learner=learner).house_rules() == mine  # a new page, a new kernel
    assert ProgressStore(url=url, learner=f"{learner}-other").house_rules() == RuleSet()
    store.save_house_rules(RuleSet(decks=1))  # chosen again: one row, the latest choice
    assert store.house_rules() == RuleSet(decks=1)
    store.save_house_rules(RuleSet())
    assert store.house_rules() == RuleSet()


@pytest.mark.parametrize(
    "stored",
    ['{"decks": 7}', '{"follow": "protect"}', '{"no_such_rule": 1}', "[2]", "{not json", '"decks"', "x" * 3000],
)
def test_stored_house_rules_the_engine_refuses_give_the_default(url: str, stored: str) -> None:
    import sqlalchemy as sa

    from shengji_tutor.engine.rules import RuleSet
    from shengji_tutor.store.db import write
    from shengji_tutor.store.schema import house_rules_table

    learner = f"tampered-{time.time_ns()}"
    store = ProgressStore(url=url, learner=learner)
    store.save_house_rules(RuleSet(decks=3))
    with write(store.engine) as conn:
        conn.execute(sa.update(house_rules_table).where(house_rules_table.c.student_id == learner).values(rules=stored))
    assert store.house_rules() == RuleSet()  # the page opens with RULES.md's rules instead of failing


def test_house_rules_of_a_store_that_cannot_be_read_are_the_default(tmp_path: Path) -> None:
    from shengji_tutor.engine.rules import RuleSet

    store = ProgressStore(tmp_path / "p.sqlite")
    store.save_house_rules(RuleSet(decks=3))
    (tmp_path / "p.sqlite").unlink()
    store.engine.dispose()
    (tmp_path / "p.sqlite").mkdir()  # the file is gone and a folder holds its name: nothing can be read
    assert store.house_rules() == RuleSet()


def test_bad_house_rules_are_refused_and_change_nothing(url: str) -> None:
    from shengji_tutor.engine.rules import RuleSet
    from shengji_tutor.store.schema import StoreError

    store = ProgressStore(url=url, learner=f"bad-rules-{time.time_ns()}")
    store.save_house_rules(RuleSet(decks=3))
    tampered = RuleSet(decks=1)
    object.__setattr__(tampered, "decks", 9)  # a RuleSet changed behind the engine's back
    for bad, message in [
        ({"decks": 1}, "house rules are a RuleSet"),
        (None, "house rules are a RuleSet"),
        (tampered, "cannot be kept: decks must be a whole number from 1 to 3"),
    ]:
        with pytest.raises(StoreError, match=message):
            store.save_house_rules(bad)  # type: ignore[arg-type]
        assert store.house_rules() == RuleSet(decks=3)


def test_migration_0005_adds_the_house_rules_and_takes_them_back(migrations: Migrations) -> None:
    from shengji_tutor.engine.rules import RuleSet

    migrations.alembic("upgrade", "0004")
    assert "house_rules" not in migrations.tables()
    store = ProgressStore(url=migrations.url)  # a store at 0004 is upgraded when it is opened
    store.save_house_rules(RuleSet(decks=1))
    assert "house_rules" in migrations.tables()
    migrations.alembic("downgrade", "0004")
    assert "house_rules" not in migrations.tables()
    migrations.alembic("upgrade", "head")
    assert ProgressStore(url=migrations.url).house_rules() == RuleSet()


def test_migration_0013_keeps_a_misconception_as_its_id_and_takes_it_back_as_english(migrations: Migrations) -> None:
    """Words kept by the versions before (in the language the learner read) become the misconception's id; words no
    puzzle says stay as they were; going back writes the English words."""
    from shengji_tutor.i18n import use
    from shengji_tutor.puzzles import load_bank

    puzzle = load_bank()["pairs-keep-your-pair"]
    english, chinese = puzzle.spec.words("en").says[0], puzzle.spec.words("zh").says[0]
    migrations.alembic("upgrade", "0012")  # written as 0012 wrote it (a store opened now would be upgraded)
    for mistake in (english, chinese, "words of a puzzle long gone"):
        with sqlite3.connect(migrations.path) as conn:
            conn.execute(
                "INSERT INTO attempts (student_id, code, puzzle_id, answer, correct, at, hints, revealed, mistake, late)"
                " VALUES (?, NULL, ?, 'yes', 0, 1.0, 0, 0, ?, 0)",
                ("ana", puzzle.id, mistake),
            )
    migrations.alembic("upgrade", "0013")
    kept = [a.mistake for a in ProgressStore(url=migrations.url, learner="ana").history()]
    assert kept == ["misconception:0", "misconception:0", "words of a puzzle long gone"]
    with use("ru"):
        assert puzzle.words.says[0] == puzzle.spec.words("ru").says[0]  # what the dashboard draws for the id
    migrations.alembic("downgrade", "0012")
    with sqlite3.connect(migrations.path) as conn:
        back = [row[0] for row in conn.execute("SELECT mistake FROM attempts ORDER BY id")]
    assert back == [english, english, "words of a puzzle long gone"]
