"""The classroom store, on SQLite and on PostgreSQL (SJT_POSTGRES_URL; .ci/run starts a server)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy as sa
from class_answers import answer_as

from shengji_tutor.classroom import ClassroomError, ClassroomStore, WrongKeyError, clean_name
from shengji_tutor.store import db
from shengji_tutor.store.db import HEAD_REVISION
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.store.schema import StoreError, attempts_table

KEY = "a-long-secret-key"
P1, P2, P3 = "pairs-keep-your-pair", "pairs-count-the-trick", "pairs-fake-pair-loses"  # puzzles of the bank


@pytest.fixture
def store(url: str) -> ClassroomStore:
    return ClassroomStore(url)


def test_a_class_records_attempts_for_its_instructor(store: ClassroomStore) -> None:
    code = store.create_class("Tuesday club", KEY, lessons=[2, 4])
    assert len(code) == 6
    assert store.class_info(code).lessons == (2, 4)
    ana = store.join(code, "  Ana   Lee ")
    bo = store.join(code.lower(), "Bo")
    answer_as(store, ana, "pairs-keep-your-pair", "yes", False)
    answer_as(store, bo, "pairs-keep-your-pair", "no", True)
    got = [(a.display_name, a.puzzle_id, a.answer, a.correct) for a in store.attempts(code, KEY)]
    assert got == [("Ana Lee", "pairs-keep-your-pair", "yes", False), ("Bo", "pairs-keep-your-pair", "no", True)]
    roster = {r.name: (r.attempts, r.correct) for r in store.roster(code, KEY)}
    assert roster == {"Ana Lee": (1, 0), "Bo": (1, 1)}


@pytest.mark.parametrize("action", ["attempts", "roster", "export_csv", "reveal", "end_class"])
def test_without_the_key_nothing_is_readable_or_changeable(store: ClassroomStore, action: str) -> None:
    code = store.create_class("Club", KEY)
    answer_as(store, store.join(code, "Ana"), P1, "x", True)
    with pytest.raises(WrongKeyError, match="instructor key"):
        getattr(store, action)(code, "not-the-key")
    with pytest.raises(WrongKeyError):
        store.push_question(code, "", P1)
    assert store.class_info(code).ended is False


def test_the_key_is_stored_hashed(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    with store.engine.connect() as conn:
        row = conn.execute(sa.text("SELECT key_hash, key_salt FROM classes WHERE code = :c"), {"c": code}).one()
    assert KEY not in row.key_hash
    assert len(row.key_hash) == 64
    assert len(row.key_salt) == 32


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "display name"),
        ("   ", "display name"),
        ("x" * 41, "at most 40"),
        (None, "text"),
        ("a\x07b", "control"),
        ("a\x7fb", "control"),  # DEL
        ("a\x9bb", "control"),  # a C1 control
        ("A\x00na", "control"),  # NUL: PostgreSQL could not even store it
        ("An\u200ba", "invisible"),  # zero-width space
        ("Ana\ufeff", "invisible"),  # zero-width no-break space
        ("\u202eanA", "invisible"),  # right-to-left override
        ("Ana\u2066x\u2069", "invisible"),  # left-to-right isolate
        ("Ana\ue000", "invisible"),  # private use
        ("An\ud800a", "invisible"),  # a lone surrogate: not UTF-8
        ("\u3164", "visible character"),  # Hangul filler: a letter that draws nothing
        ("\u0301\u0301", "visible character"),  # combining marks with nothing to sit on
        ("Ana\u17b5", "invisible"),  # a Khmer inherent vowel: a mark that draws nothing
        ("Ana\ufe0f", "invisible"),  # a variation selector after a letter draws nothing
        ("An\u034fa", "invisible"),  # the combining grapheme joiner
        ("Z" + "\u0301" * 39, "at most 3 accents"),  # marks stacked up draw over the roster's other rows
        ("Ana \u0301x", "begin a word"),  # a mark with a space under it
    ],
)
def test_bad_names_are_refused_and_nothing_is_stored(store: ClassroomStore, name: object, problem: str) -> None:
    code = store.create_class("Club", KEY)
    with pytest.raises(ClassroomError, match=problem):
        store.join(code, name)  # type: ignore[arg-type]
    assert store.roster(code, KEY) == []


@pytest.mark.parametrize(
    "name", ["Zoë", "李雷", "O'Brien-Smith", "Åsa 🂡", "José\u0301", "Ana \u2764\ufe0f", "Nguyễn", "ধ্রুব"]
)
def test_names_in_any_script_are_welcome(store: ClassroomStore, name: str) -> None:
    code = store.create_class("Club", KEY)
    store.join(code, name)
    assert [r.name for r in store.roster(code, KEY)] == [name]


def test_a_name_is_kept_composed(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    store.join(code, "Nguye\u0302\u0303n")  # the same letters typed as base and marks
    assert [r.name for r in store.roster(code, KEY)] == ["Nguyễn"]


def test_students_of_the_same_name_are_told_apart(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    first = store.join(code, "Ana")
    second = store.join(code, "ana")
    third = store.join(code, "Ana (2)")  # a name typed so is never given to another
    fourth = store.join(code, "Ana")
    names = {r.id: r.name for r in store.roster(code, KEY)}
    assert names == {first: "Ana", second: "ana (3)", third: "Ana (2)", fourth: "Ana (4)"}
    assert len({n.casefold() for n in names.values()}) == 4
    answer_as(store, fourth, "pairs-keep-your-pair", "yes", False)
    assert [a.display_name for a in store.attempts(code, KEY)] == ["Ana (4)"]


def test_names_are_data_never_markup(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    evil = "<img src=x onerror=alert(1)>"
    store.join(code, evil)
    assert [r.name for r in store.roster(code, KEY)] == [evil]
    assert clean_name("  =SUM(A1)  ") == "=SUM(A1)"


@pytest.mark.parametrize("code", ["", "NOPE99", None, "x" * 200])
def test_unknown_class_codes_are_refused(store: ClassroomStore, code: object) -> None:
    with pytest.raises(ClassroomError, match="class"):
        store.join(code, "Ana")  # type: ignore[arg-type]


def test_a_student_sees_only_their_own_attempts(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    ana, bo = store.join(code, "Ana"), store.join(code, "Bo")
    answer_as(store, ana, P1, "ana's answer", True)
    answer_as(store, bo, P1, "bo's answer", False)
    assert [a.answer for a in ProgressStore(url=store.url, learner=ana).history()] == ["ana's answer"]
    assert [a.answer for a in ProgressStore(url=store.url, learner=bo).history()] == ["bo's answer"]
    assert ProgressStore(url=store.url, learner="someone-elses-code").history() == []


def test_an_ended_class_keeps_its_record_but_takes_no_more(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    ana = store.join(code, "Ana")
    answer_as(store, ana, P1, "a", True)
    store.end_class(code, KEY)
    with pytest.raises(ClassroomError, match="ended"):
        store.join(code, "Late")
    with pytest.raises(ClassroomError, match="ended"):
        answer_as(store, ana, P2, "b", True)
    assert len(store.attempts(code, KEY)) == 1


def test_live_question_push_and_reveal(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    store.push_question(code, KEY, "pairs-keep-your-pair")
    assert store.class_info(code).live_puzzle == "pairs-keep-your-pair"
    assert store.class_info(code).live_revealed is False
    store.reveal(code, KEY)
    assert store.class_info(code).live_revealed is True


def test_csv_export_neutralises_formulas(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    ana = store.join(code, "=HYPERLINK(1)")
    answer_as(store, ana, P1, "8H 8H", True)
    with db.write(store.engine) as conn:  # a row from before the puzzle ids were checked
        row = {"student_id": ana, "code": code, "puzzle_id": "@SUM(1)", "answer": "+1", "correct": False, "at": 0}
        conn.execute(attempts_table.insert().values(**row))
    lines = store.export_csv(code, KEY).splitlines()
    assert lines[0] == "time_utc,class,student_id,student,account,puzzle,answer,verdict,hints,live,late"
    assert f",'=HYPERLINK(1),,{P1},8H 8H,correct,0,," in lines[1]
    assert lines[2].endswith(",'=HYPERLINK(1),,'@SUM(1),'+1,incorrect,0,,")


def test_the_export_tells_students_live_answers_and_late_ones_apart(store: ClassroomStore) -> None:
    from shengji_tutor.store.classroom import pseudonym

    code = store.create_class("Club", KEY)
    first, second = store.join(code, "Ana", account="ana.lee"), store.join(code, "Ana")
    live = store.push_question(code, KEY, P1)
    ProgressStore(url=store.url, learner=first).record(P1, True, "8H 8H", live=live)
    store.close_question(code, KEY)
    ProgressStore(url=store.url, learner=second).record(P1, False, "3H 3H", live=live)
    answer_as(store, second, P1, "8H 8H", True)  # in the lesson: no live question
    text = store.export_csv(code, KEY)
    rows = [line.split(",") for line in text.splitlines()[1:]]
    assert [(r[1], r[2], r[3], r[4], r[9], r[10]) for r in rows] == [
        (code, pseudonym(first), "Ana", "ana.lee", str(live), ""),  # behind the hub: the account she logged in with
        (code, pseudonym(second), "Ana (2)", "", str(live), "late"),
        (code, pseudonym(second), "Ana (2)", "", "", ""),
    ]
    assert first not in text
    assert second not in text  # a student's private id signs in as them: never exported


def test_the_schema_is_versioned_and_reopening_is_safe(url: str) -> None:
    first = ClassroomStore(url)
    code = first.create_class("Club", KEY)
    second = ClassroomStore(url)
    assert second.schema_version() == HEAD_REVISION
    assert second.class_info(code).name == "Club"


def test_a_students_progress_is_their_attempts_in_the_class(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    ana, bo = store.join(code, "Ana"), store.join(code, "Bo")
    mine = ProgressStore(url=store.url, learner=ana)
    mine.record(P1, True, "8H 8H")  # one record: Ana's progress and the instructor's view
    answer_as(store, ana, P2, "yes", False)
    assert mine.solved() == {P1}
    assert [a[:3] for a in mine.attempts()] == [(P1, True, "8H 8H"), (P2, False, "yes")]
    assert [(a.display_name, a.puzzle_id) for a in store.attempts(code, KEY)] == [("Ana", P1), ("Ana", P2)]
    assert ProgressStore(url=store.url, learner=bo).solved() == set()  # two students never share a record
    store.end_class(code, KEY)
    with pytest.raises(ClassroomError, match="ended"):
        mine.record(P3, True)


def test_solo_attempts_sit_beside_a_class_without_joining_it(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    solo = ProgressStore(url=store.url, learner=f"solo-{time.time_ns()}")  # the PostgreSQL database is shared
    solo.record(P1, True, "8H 8H")
    assert solo.solved() == {P1}
    assert store.attempts(code, KEY) == []
    assert store.roster(code, KEY) == []


@pytest.mark.parametrize(
    ("puzzle_id", "correct", "problem"),
    [
        ("", True, "unknown puzzle id"),
        ("x" * 81, True, "unknown puzzle id"),
        ("pairs-none-such", True, "unknown puzzle id"),
        (None, True, "puzzle id is text"),
        (P1, "no", "True or False"),  # a string is not a verdict: "no" must never count as solved
        (P1, 1, "True or False"),
        (P1, None, "True or False"),
    ],
)
def test_both_stores_refuse_the_same_bad_attempts(
    store: ClassroomStore, puzzle_id: object, correct: object, problem: str
) -> None:
    code = store.create_class("Club", KEY)
    ana = store.join(code, "Ana")
    with pytest.raises(StoreError, match=problem):
        ProgressStore(url=store.url, learner=ana).record(puzzle_id, correct)  # type: ignore[arg-type]
    assert store.attempts(code, KEY) == []
    assert ProgressStore(url=store.url, learner=ana).solved() == set()


NUL, SURROGATE = "\x00", "\ud800"


@pytest.mark.parametrize("bad", [NUL, SURROGATE])
@pytest.mark.parametrize(
    "action",
    [
        lambda s, code, me, bad: s.create_class(f"Club{bad}", KEY),
        lambda s, code, me, bad: s.join(f"{code}{bad}", "Ana"),
        lambda s, code, me, bad: s.join(code, f"A{bad}na"),
        lambda s, code, me, bad: s.class_info(bad),
        lambda s, code, me, bad: s.student(f"{me}{bad}"),
        lambda s, code, me, bad: s.push_question(code, KEY, f"{P1}{bad}"),
        lambda s, code, me, bad: ProgressStore(url=s.url, learner=f"{me}{bad}"),
        lambda s, code, me, bad: ProgressStore(url=s.url, learner=me).record(P1, True, f"y{bad}es"),
        lambda s, code, me, bad: ProgressStore(url=s.url, learner=me).attempts(f"{P1}{bad}"),
    ],
    ids=[
        "class name",
        "code",
        "display name",
        "class info",
        "student id",
        "live question",
        "learner",
        "progress answer",
        "progress puzzle",
    ],
)
def test_text_no_database_can_keep_is_refused_in_words(
    store: ClassroomStore, action: Callable[[ClassroomStore, str, str, str], object], bad: str
) -> None:
    code = store.create_class("Club", KEY)
    me = store.join(code, "Ana")
    with pytest.raises(StoreError) as refused:  # never the driver's DataError or UnicodeEncodeError
        action(store, code, me, bad)
    assert "SQL" not in str(refused.value)
    assert store.attempts(code, KEY) == []


def test_a_live_question_is_a_puzzle_of_the_bank_until_the_class_ends(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    for bad, problem in [("pairs-none-such", "unknown puzzle id"), (5, "text"), (["x"], "text")]:
        with pytest.raises(StoreError, match=problem):
            store.push_question(code, KEY, bad)  # type: ignore[arg-type]
    assert store.class_info(code).live_puzzle is None
    store.push_question(code.lower(), KEY, P1)
    assert store.class_info(code).live_puzzle == P1
    store.push_question(code, KEY, None)
    assert store.class_info(code).live_puzzle is None
    store.end_class(code, KEY)
    with pytest.raises(ClassroomError, match="ended"):
        store.push_question(code, KEY, P1)
    assert store.class_info(code).live_puzzle is None


def test_a_read_only_store_says_so_in_words_and_logs_the_detail(
    store: ClassroomStore, read_only: Callable[[str], str], caplog: pytest.LogCaptureFixture
) -> None:
    code = store.create_class("Club", KEY)
    ana = store.join(code, "Ana")
    frozen = ClassroomStore(read_only(store.url))
    assert frozen.student(ana).name == "Ana"  # reading still works
    with caplog.at_level(logging.ERROR, logger="shengji_tutor.store"):
        for write in (
            lambda: ProgressStore(url=frozen.url, learner=ana).record(P1, True, "yes"),
            lambda: frozen.join(code, "Bo"),
        ):
            with pytest.raises(StoreError) as refused:
                write()
            assert str(refused.value) == "the class's database is read-only"
            assert ana not in str(refused.value)
    assert "read-only" in caplog.text or "readonly" in caplog.text
    assert "[SQL: " in caplog.text  # the operator's log has the statement that failed
    assert store.attempts(code, KEY) == []


def test_an_unreachable_store_says_so_in_words(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="shengji_tutor.store"), pytest.raises(StoreError) as refused:
        ClassroomStore("postgresql://sjt:secret-password@127.0.0.1:1/none")
    assert str(refused.value) == "the class's database cannot be reached"
    assert "Connection refused" in caplog.text or "connection" in caplog.text


def test_both_stores_cut_long_answers_at_500_characters(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    ana = store.join(code, "Ana")
    answer_as(store, ana, P1, "x" * 600, True)
    ProgressStore(url=store.url, learner=ana).record(P2, True, "y" * 600)
    assert [len(a.answer) for a in store.attempts(code, KEY)] == [500, 500]


def test_the_head_revision_is_alembics_head() -> None:
    from alembic.script import ScriptDirectory

    assert ScriptDirectory.from_config(db.alembic_config()).get_current_head() == HEAD_REVISION


def test_opening_a_current_store_runs_no_migration(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db.migrate(url)  # what the server does when it starts
    db._current.clear()  # a fresh kernel: the schema has not been checked in this process
    runs: list[str] = []
    monkeypatch.setattr(db, "migrate", lambda u: runs.append(u))
    ClassroomStore(url)
    ClassroomStore(url)
    ProgressStore(url=url, learner="someone")
    assert runs == []
    assert db.engine_for(url) is ClassroomStore(url).engine  # one engine per database per process


def alembic(url: str, action: str, revision: str) -> None:
    """Run an Alembic command (``upgrade``/``downgrade``) on the store at ``url``."""
    from alembic import command

    config = db.alembic_config()
    with db.write(db.engine_for(url)) as conn:
        config.attributes["connection"] = conn
        getattr(command, action)(config, revision)


def test_a_database_at_the_first_revision_is_upgraded_and_keeps_its_class(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    alembic(url, "upgrade", "0001")
    with db.write(db.engine_for(url)) as conn:
        conn.execute(
            sa.text(
                "INSERT INTO classes (code, name, key_hash, key_salt, lessons, created_at, live_revealed) "
                "VALUES ('OLD123', 'Old club', 'h', 's', '', 0, false)"
            )
        )
        conn.execute(sa.text("INSERT INTO students VALUES ('ana-id', 'OLD123', 'Ana', 0, 0)"))
        conn.execute(
            sa.text(
                "INSERT INTO attempts (student_id, code, puzzle_id, answer, correct, at) "
                "VALUES ('ana-id', 'OLD123', 'p1', 'yes', true, 0)"
            )
        )
    store = ClassroomStore(url)  # a kernel opening a store nobody migrated (JupyterLab): upgraded once
    assert store.schema_version() == HEAD_REVISION
    assert [a.answer for a in ProgressStore(url=url, learner="ana-id").history()] == ["yes"]
    ProgressStore(url=url).record(P1, True)  # a solo learner's attempt needs no class
    assert ProgressStore(url=url).solved() == {P1}
    alembic(url, "downgrade", "0001")  # and back: only the class's attempts can go with it
    assert store.schema_version() == "0001"
    with db.read(db.engine_for(url)) as conn:  # the first schema's columns: no hints yet
        kept = conn.execute(sa.text("SELECT answer FROM attempts WHERE student_id = 'ana-id'")).scalars().all()
    assert kept == ["yes"]
    alembic(url, "upgrade", "head")
    assert store.schema_version() == HEAD_REVISION


def test_the_servers_migrate_their_stores_before_they_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.app import cli
    from shengji_tutor.app import serve as serve_module
    from shengji_tutor.app.serve import serve

    def revision(path: Path) -> str:
        with sqlite3.connect(path) as conn:
            return str(conn.execute("SELECT version_num FROM alembic_version").fetchone()[0])

    started: list[str] = []
    monkeypatch.setattr(os, "execvpe", lambda program, *_: started.append(program))
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "class"))
    cli.main(["classroom", "--host", "127.0.0.1", "--instructor-key", KEY])
    assert started
    assert revision(tmp_path / "class" / "classroom.sqlite") == HEAD_REVISION
    assert revision(tmp_path / "class" / "progress.sqlite") == HEAD_REVISION  # visitors who have not joined
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "solo"))
    monkeypatch.setattr(serve_module, "run_server", lambda command, *_a, **_k: started.append(command[0]) or 0)
    serve(8866)
    assert len(started) == 2
    assert revision(tmp_path / "solo" / "progress.sqlite") == HEAD_REVISION


def _students(url: str, code: str, count: int, who: int) -> None:
    store = ClassroomStore(url)
    me = store.join(code, f"student {who}")
    for i in range(count):
        answer_as(store, me, P1, str(i), i % 3 == 0)


@pytest.mark.slow
def test_many_students_writing_at_once_lose_nothing(url: str) -> None:
    store = ClassroomStore(url)
    code = store.create_class("Club", KEY)
    spawn = multiprocessing.get_context("spawn")
    procs = [spawn.Process(target=_students, args=(url, code, 25, k)) for k in range(8)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * 8
    assert len(store.attempts(code, KEY)) == 200


WRITER = """
import sys
from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.store.progress import ProgressStore
store = ClassroomStore(sys.argv[1])
me = store.join(sys.argv[2], "writer")
mine = ProgressStore(url=sys.argv[1], learner=me)
i = 0
while True:
    mine.record("pairs-keep-your-pair", True, str(i))
    print(i, flush=True)  # acknowledged only after the commit returned
    i += 1
"""


def test_killing_the_server_mid_class_loses_no_recorded_attempt(url: str, tmp_path: Path) -> None:
    store = ClassroomStore(url)
    code = store.create_class("Club", KEY)
    proc = subprocess.Popen([sys.executable, "-c", WRITER, url, code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    acknowledged = -1
    deadline = time.monotonic() + 60
    while acknowledged < 40 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line:
            acknowledged = int(line)
    proc.send_signal(signal.SIGKILL)  # no clean shutdown, as when a server dies
    proc.wait()
    restarted = ClassroomStore(url)
    recorded = {a.answer for a in restarted.attempts(code, KEY)}
    assert acknowledged >= 40
    assert {str(i) for i in range(acknowledged + 1)} <= recorded


def test_a_class_may_cover_every_lesson_of_the_course() -> None:
    from shengji_tutor.course.catalogue import LESSONS
    from shengji_tutor.store.classroom import LESSON_NUMBERS

    assert list(LESSON_NUMBERS) == [lesson.number for lesson in LESSONS]


def test_the_stores_reads_are_dataclasses_not_dicts(store: ClassroomStore) -> None:
    """Issue 25: what the classroom store reads back is typed (a misspelt field fails mypy, not a class)."""
    from shengji_tutor.store.classroom import ClassInfo, RosterRow, Student

    code = store.create_class("Club", KEY, lessons=[4, 2])
    ana = store.join(code, "Ana")
    assert store.class_info(code) == ClassInfo(code, "Club", (2, 4), False, None, False)
    assert store.student(ana) == Student(ana, "Ana", code)
    (row,) = store.roster(code, KEY)
    assert isinstance(row, RosterRow)
    assert (row.id, row.name, row.attempts, row.correct) == (ana, "Ana", 0, 0)


def test_wrong_keys_are_counted_per_address_in_the_store_every_process_shares(url: str) -> None:
    one, other = ClassroomStore(url), ClassroomStore(url)  # two kernels' stores on one database
    address = f"192.0.2.{abs(hash(url)) % 250}"
    one.key_cleared(address)
    assert one.key_failed(address, now=100.0) == 1.0
    assert other.key_failed(address, now=101.0) == 2.0  # the count goes on in the other process
    assert one.key_wait(address, now=102.0) == 1.0
    assert other.key_wait("192.0.2.251", now=102.0) == 0.0  # another address waits for nothing
    assert other.key_failed(address, now=103.0) == 4.0
    other.key_cleared(address)
    assert one.key_wait(address, now=103.0) == 0.0
    assert one.key_failed(address, now=104.0) == 1.0
    assert one.key_wait("x" * 200) == 0.0  # any text is an address (cut to 64 characters)


def test_a_sqlite_store_is_readable_by_its_owner_alone(tmp_path: Path) -> None:
    """Names and answers: the class's file is 0600 like the key's, and one an older version left 0644 is made so."""
    store = ClassroomStore(f"sqlite:///{tmp_path / 'new' / 'classroom.sqlite'}")
    store.create_class("Club", KEY)
    for file in (tmp_path / "new").iterdir():
        assert file.stat().st_mode & 0o777 == 0o600, file
    old = tmp_path / "old.sqlite"
    old.touch(mode=0o644)
    old.chmod(0o644)
    ClassroomStore(f"sqlite:///{old}").create_class("Club", KEY)
    assert old.stat().st_mode & 0o777 == 0o600
