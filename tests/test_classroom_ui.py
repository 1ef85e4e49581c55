"""The classroom screens, driven from Python: joining, the live question, the instructor's console."""

from __future__ import annotations

import asyncio
import base64
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path

import ipywidgets as w
import pytest
from class_answers import answer_as

from shengji_tutor import Card
from shengji_tutor.app.classroom import ENV_DB, ENV_KEY, key_fingerprint, key_matches
from shengji_tutor.classroom import ClassroomError, ClassroomStore, WrongKeyError
from shengji_tutor.classroom.screens import InstructorConsole, JoinPanel, LivePanel, Poller
from shengji_tutor.classroom.session import Learner, current_learner, link
from shengji_tutor.puzzles import load_bank
from shengji_tutor.store.progress import ProgressStore

KEY = "instructor-key-for-tests"
EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture
def store(tmp_path: Path) -> ClassroomStore:
    return ClassroomStore(f"sqlite:///{tmp_path / 'c.sqlite'}")


@pytest.fixture
def console(store: ClassroomStore) -> Iterator[InstructorConsole]:
    c = InstructorConsole(store, key_fingerprint(KEY))
    yield c
    if c.poller is not None:
        c.poller.stop()


def migrate_old_rows(store: ClassroomStore) -> None:
    """Run migration 0007 again on ``store``, as a server starting on a store of an older version does: rows written
    before answers were canonical when written (``answer_as`` writes them as given) are made canonical."""
    from alembic import command

    from shengji_tutor.store import db

    for action, revision in (("downgrade", "0006"), ("upgrade", "head")):
        config = db.alembic_config()
        with db.write(db.engine_for(store.url)) as conn:
            config.attributes["connection"] = conn
            getattr(command, action)(config, revision)


def open_new_class(console: InstructorConsole) -> str:
    """Unlock the console with the right key and create a class; returns its code."""
    console.key.value = KEY
    assert console.unlock()
    console.class_name.value = "Club"
    code = console.create()
    assert code is not None
    return code


def test_the_key_fingerprint_checks_the_key_without_holding_it() -> None:
    fp = key_fingerprint(KEY)
    assert KEY not in fp
    assert key_matches(KEY, fp)
    assert not key_matches("wrong-key", fp)
    assert not key_matches(KEY, "garbage")


def test_each_wrong_key_makes_the_next_try_wait_longer(store: ClassroomStore) -> None:
    now = [0.0]
    console = InstructorConsole(store, key_fingerprint(KEY), clock=lambda: now[0])
    waits = []
    for _ in range(7):
        console.key.value = "a-wrong-guess"
        assert not console.unlock()
        wait = re.search(r"try again in (\d+) s", console.message.value)
        assert wait is not None
        waits.append(int(wait.group(1)))
        console.key.value = KEY
        assert not console.unlock()  # even the right key waits its turn
        assert f"Too many wrong keys: try again in {waits[-1]} s" in console.message.value
        now[0] += waits[-1]
    assert waits == [1, 2, 4, 8, 16, 30, 30]
    assert console.unlock()
    code = store.create_class("Club", "another-instructors-key")
    console.key.value = "a-guess-at-that-key"  # guessing a class's own key is slowed down too
    assert not console.open_class(code)
    assert "does not open this class. You can try again in 1 s" in console.message.value
    assert not console.open_class(code)
    assert "Too many wrong keys" in console.message.value


def test_the_wait_after_a_wrong_key_survives_a_reloaded_page_and_holds_for_that_address_only(tmp_path: Path) -> None:
    """Each page is a kernel of its own, with its own store object: the wait is kept in the store they share."""
    url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    now = [1000.0]
    first = InstructorConsole(ClassroomStore(url), key_fingerprint(KEY), clock=lambda: now[0], address="10.0.0.7")
    for expected in (1, 2, 4):
        first.key.value = "a-wrong-guess"
        assert not first.unlock()
        assert f"try again in {expected} s" in first.message.value
        now[0] += expected
    first.key.value = "a-wrong-guess"
    assert not first.unlock()  # the fourth wrong key: the next try waits 8 s
    reloaded = InstructorConsole(ClassroomStore(url), key_fingerprint(KEY), clock=lambda: now[0], address="10.0.0.7")
    reloaded.key.value = KEY
    assert not reloaded.unlock()  # a new page (a new kernel) from the same address waits as long
    assert "Too many wrong keys: try again in 8 s" in reloaded.message.value
    elsewhere = InstructorConsole(ClassroomStore(url), key_fingerprint(KEY), clock=lambda: now[0], address="10.0.0.8")
    elsewhere.key.value = KEY
    assert elsewhere.unlock()  # another address is not held back
    now[0] += 8
    assert reloaded.unlock()  # the right key, once the wait is over, clears the count
    reloaded.key.value = "a-wrong-guess"
    reloaded.unlock()
    assert "try again in 1 s" in reloaded.message.value


def test_the_dashboard_checks_the_key_once_per_session(
    store: ClassroomStore, console: InstructorConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shengji_tutor.store import classroom, keys

    code = open_new_class(console)
    hashed: list[str] = []

    def counted(key: str, salt: str) -> str:
        hashed.append(salt)
        return real(key, salt)

    real = keys.hash_key
    monkeypatch.setattr(keys, "hash_key", counted)
    monkeypatch.setattr(classroom, "hash_key", counted)
    for _ in range(5):
        console.refresh()
    assert hashed == []  # PBKDF2 ran when the class was opened, not at each refresh
    for _ in range(2):
        with pytest.raises(WrongKeyError):
            store.attempts(code, "not-the-key-at-all")
    assert len(hashed) == 2  # a wrong key is checked every time: it is never remembered


def test_joining_gives_a_link_that_keeps_the_student_signed_in(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    panel = JoinPanel(store)
    panel.code.value, panel.name.value = code.lower(), "  Ana "
    learner = panel.join()
    assert learner is not None
    assert learner.name == "Ana"
    assert f"00-home.ipynb?student={learner.student_id}" in panel.message.value
    assert link("04-pairs.ipynb", learner) == f"04-pairs.ipynb?student={learner.student_id}"


@pytest.mark.parametrize(("code", "name", "problem"), [("NOPE42", "Ana", "no class"), (None, "", "display name")])
def test_bad_joins_are_refused_with_a_clear_message(
    store: ClassroomStore, code: str | None, name: str, problem: str
) -> None:
    real = store.create_class("Club", KEY)
    panel = JoinPanel(store)
    panel.code.value, panel.name.value = code or real, name
    assert panel.join() is None
    assert problem in panel.message.value
    assert store.roster(real, KEY) == []


def test_a_name_is_escaped_in_the_join_message(store: ClassroomStore) -> None:
    code = store.create_class("Club", KEY)
    panel = JoinPanel(store)
    panel.code.value, panel.name.value = code, EVIL
    panel.join()
    assert "<img" not in panel.message.value
    assert "&lt;img" in panel.message.value


def test_the_page_knows_its_student_from_the_address(store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    code = store.create_class("Club", KEY)
    sid = store.join(code, "Ana")
    monkeypatch.setenv("QUERY_STRING", f"student={sid}")
    assert current_learner(store) == Learner(sid, "Ana", code)
    monkeypatch.setenv("QUERY_STRING", "student=forged")
    assert current_learner(store) is None


def test_the_instructor_console_stays_locked_without_the_key(console: InstructorConsole) -> None:
    console.key.value = "not-the-key"
    assert console.unlock() is False
    assert "does not unlock" in console.message.value
    assert console.code is None


def test_the_dashboard_shows_names_as_text_and_explains_wrong_answers(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    bank = load_bank()
    puzzle = bank["pairs-keep-your-pair"]
    evil = store.join(code, EVIL)
    ana = store.join(code, "Ana")
    answer_as(store, evil, puzzle.id, "yes", False)
    answer_as(store, ana, puzzle.id, "yes", False)
    answer_as(store, ana, puzzle.id, "no", True)
    console.refresh()
    assert "<img" not in console.roster_box.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in console.roster_box.value
    assert 'data-puzzle="pairs-keep-your-pair"' in console.chart_box.value
    assert "RULES §6.2" in console.wrong_box.value  # the engine's explanation of the common wrong answer
    assert "× 2" in console.wrong_box.value
    assert "pairs" in console.topics_box.value


def test_live_question_reaches_students_and_their_answers_reach_the_instructor(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    sid = store.join(code, "Ana")
    panel = LivePanel(store, Learner(sid, "Ana", code))
    try:
        assert panel.card is None
        console.push("pairs-keep-your-pair")
        panel.refresh()
        assert panel.card is not None
        assert panel.card.puzzle_id == "pairs-keep-your-pair"
        panel.card.browser_event({"event": "answer", "value": "no"})
        panel.card.browser_event({"event": "check"})
        assert panel.card.verdict == "correct"
        assert [a.answer for a in store.attempts(code, KEY)] == ["no"]  # the canonical form, not "False"
        console.refresh()
        assert "<strong>1 of 1</strong> students answered, 1 right" in console.live_box.value
        panel.card.browser_event({"event": "reveal"})  # a student cannot show the answer to themselves
        assert panel.card.error == "this puzzle has no answer to show"
        assert not panel.card.can_reveal
        console.reveal()
        panel.refresh()
        assert "The answer: No." in panel.card.feedback
        assert panel.card.verdict == "shown"
        # the answer key never reaches the student's page before the reveal
    finally:
        panel.poller.stop()


def test_a_live_answer_is_recorded_as_every_answer_is_with_its_hints_mistake_and_review(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    """Issue 25: a live question answered after two hint steps shows them to the instructor, and the wrong first
    answer keeps the mistake it matched and puts the question in the student's review queue."""
    code = open_new_class(console)
    sid = store.join(code, "Ana")
    panel = LivePanel(store, Learner(sid, "Ana", code))
    try:
        console.push("pairs-keep-your-pair")
        panel.refresh()
        assert panel.card is not None
        panel.card.browser_event({"event": "hint"})
        panel.card.browser_event({"event": "hint"})
        panel.card.browser_event({"event": "answer", "value": "yes"})
        panel.card.browser_event({"event": "check"})
        panel.card.browser_event({"event": "answer", "value": "no"})
        panel.card.browser_event({"event": "check"})
        assert panel.card.error == ""
        assert [(a.answer, a.correct, a.hints) for a in store.attempts(code, KEY)] == [
            ("yes", False, 2),
            ("no", True, 2),
        ]
        console.refresh()
        row = re.search(
            r"<tr class=\"sjt-counted\"><td class=\"sjt-student\">Ana</td>(.*?)</tr>", console.live_box.value
        )
        assert row is not None  # the first answer counts; the later one is kept and marked
        assert (
            row.group(1)
            == '<td>Yes</td><td>✗ wrong</td><td>+1 later, not counted</td><td class="sjt-hints">2 hints</td>'
        )
        mine = ProgressStore.of_student(store.url, sid)
        first = mine.history()[0]
        assert first.mistake == "misconception:0"  # the meaning: its words are drawn in the language read
        assert load_bank()["pairs-keep-your-pair"].spec.misconceptions[0].says.startswith("You may not keep your pair")
        assert [r.item for r in mine.review_queue(until=float("inf"))] == ["pairs-keep-your-pair"]
    finally:
        panel.poller.stop()


def test_the_poller_logs_a_failing_refresh_once_and_its_recovery(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 25: a refresh that fails is no longer swallowed in silence."""
    calls: list[int] = []
    loop = asyncio.new_event_loop()
    done = loop.create_future()

    def read() -> int:
        calls.append(1)
        if len(calls) <= 3:
            raise ConnectionError("the class's database is unreachable")
        return len(calls)

    def draw(n: int) -> None:
        if n == 5:
            done.set_result(None)

    try:
        with caplog.at_level(logging.INFO, logger="shengji_tutor.classroom"):
            poller = Poller(read, draw, interval=0.01, loop=loop)
            loop.run_until_complete(asyncio.wait_for(done, 60))
            poller.stop()
    finally:
        loop.close()
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(failures) == 1  # three failures in a row, the same way: one entry
    assert failures[0].exc_info is not None
    assert "unreachable" in str(failures[0].exc_info[1])
    assert any("works again" in r.getMessage() and r.levelno == logging.INFO for r in caplog.records)


def test_the_poller_reads_on_a_worker_and_draws_on_the_loop_and_stops() -> None:
    """Issue 41 item 5: the store is read on a worker thread, widgets are drawn on the kernel's loop only (the thread
    that handles the learner's clicks), and nothing is drawn once the poller is stopped."""
    loop = asyncio.new_event_loop()
    readers: list[str] = []
    drawers: list[str] = []
    two = loop.create_future()

    def read() -> str:
        readers.append(threading.current_thread().name)
        return "look"

    def draw(_look: str) -> None:
        drawers.append(threading.current_thread().name)
        if len(drawers) == 2:
            poller.stop()
            two.set_result(None)

    try:
        poller = Poller(read, draw, interval=0.01, loop=loop)
        loop.run_until_complete(asyncio.wait_for(two, 60))
        loop.run_until_complete(asyncio.sleep(0.1))  # stopped: no third look
    finally:
        loop.close()
    here = threading.current_thread().name
    assert drawers == [here, here]
    assert len(readers) == 2
    assert here not in readers
    assert not poller.running


def test_a_poller_made_outside_a_running_loop_does_not_poll() -> None:
    """A script or a test without a loop: nothing ticks behind the caller's back (it refreshes when it wants)."""
    looks: list[int] = []
    poller = Poller(lambda: looks.append(1), lambda _: None, interval=0.01)
    assert not poller.running
    time.sleep(0.05)
    assert looks == []


def test_the_same_cards_in_another_order_count_as_one_answer(store: ClassroomStore, console: InstructorConsole) -> None:
    code = open_new_class(console)
    puzzle = next(p for p in load_bank().values() if p.answer_kind == "cards")
    answer_as(store, store.join(code, "Ana"), puzzle.id, "8H 4H", False)  # a row stored in click order
    answer_as(store, store.join(code, "Ben"), puzzle.id, "4H 8H", False)
    assert [a.answer for a in store.attempts(code, KEY)] == ["8H 4H", "4H 8H"]
    migrate_old_rows(store)  # answers are canonical once, when written or migrated, not at every refresh
    assert [a.answer for a in store.attempts(code, KEY)] == ["4H 8H", "4H 8H"]
    console.refresh()
    chart = console.chart_box.value
    assert "8H 4H" not in chart
    assert "8♥ 4♥" not in chart
    assert re.search(r">4♥ 8♥</text><rect [^>]*/><text [^>]*>2</text>", chart)  # drawn as cards, not tokens
    assert "“4♥ 8♥” × 2" in console.wrong_box.value
    exported = console.export()
    assert exported.count(",4H 8H,") == 2
    assert "8H 4H" not in exported


def test_a_live_answer_is_stored_in_its_canonical_form(store: ClassroomStore, console: InstructorConsole) -> None:
    code = open_new_class(console)
    puzzle = next(p for p in load_bank().values() if p.answer_kind == "cards" and len(set(p.solve())) > 1)
    sid = store.join(code, "Ana")
    panel = LivePanel(store, Learner(sid, "Ana", code))
    try:
        console.push(puzzle.id)
        panel.refresh()
        assert panel.card is not None
        hand = [str(c) for c in panel.card._cards]
        picks = sorted(puzzle.solve(), key=lambda t: -Card.parse(t).id)  # highest card id first: not canonical
        for token in picks:
            index = next(i for i, t in enumerate(hand) if t == token and i not in panel.card.selected)
            panel.card.browser_event({"event": "toggle", "index": index})
        panel.card.browser_event({"event": "check"})
        assert panel.card.verdict == "correct"
        (attempt,) = store.attempts(code, KEY)
        assert attempt.answer == puzzle.canonical_answer(picks) == " ".join(reversed(picks))
    finally:
        panel.poller.stop()


def test_export_and_end(store: ClassroomStore, console: InstructorConsole) -> None:
    code = open_new_class(console)
    answer_as(store, store.join(code, "Ana"), "pairs-keep-your-pair", "no", True)
    text = console.export()
    assert "Ana,,pairs-keep-your-pair,No,correct" in text
    data = console.export_box.value.split("base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode() == text
    console.end()
    assert store.class_info(code).ended


def test_the_instructor_page_explains_how_to_start_a_class(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.course.instructor import instructor_page

    monkeypatch.delenv(ENV_DB, raising=False)
    monkeypatch.delenv(ENV_KEY, raising=False)
    assert "shengji-tutor classroom" in instructor_page().value


def test_the_kernel_cap_refuses_beyond_the_limit() -> None:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from tornado import web

    from shengji_tutor.app.classroom import CappedKernelManager

    manager = CappedKernelManager(max_learners=2)
    manager.list_kernel_ids = lambda: ["a", "b"]  # type: ignore[method-assign]
    with pytest.raises(web.HTTPError) as e, ThreadPoolExecutor(1) as pool:  # a thread of its own: no running loop
        pool.submit(asyncio.run, manager.start_kernel()).result()
    assert e.value.status_code == 503
    assert "full (2 learners)" in str(e.value.log_message)


def test_the_classroom_command_refuses_a_short_key_and_a_bad_store(capsys: pytest.CaptureFixture[str]) -> None:
    from shengji_tutor.app.cli import main

    assert main(["classroom", "--instructor-key", "short"]) == 2
    assert "at least 12" in capsys.readouterr().err
    assert main(["classroom", "--instructor-key", KEY, "--db", "postgresql://nobody@127.0.0.1:1/none"]) == 2
    assert "cannot open the classroom store" in capsys.readouterr().err


def test_the_classroom_command_line_caps_kernels_and_culls_idle_ones() -> None:
    from shengji_tutor.app.classroom import classroom_command
    from shengji_tutor.app.serve import NOTEBOOKS

    command = classroom_command(9000, max_kernels=25)
    assert command[1:4] == ["-m", "shengji_tutor.app.class_server", str(NOTEBOOKS)]
    assert "--Voila.ip=0.0.0.0" in command
    assert "--CappedKernelManager.max_learners=25" in command  # learners: pre-heated kernels take no seat
    managers = [part for part in command if part.startswith("--VoilaConfiguration.multi_kernel_manager_class=")]
    assert managers == [
        "--VoilaConfiguration.multi_kernel_manager_class=shengji_tutor.app.classroom.CappedKernelManager"
    ]
    assert any(part.startswith("--MappingKernelManager.cull_idle_timeout=") for part in command)
    assert "--preheat_kernel=True" in command


def test_the_dashboard_refreshes_by_itself_on_the_kernels_loop(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    """A student who joins shows on the console's roster at its next look (every ``REFRESH_SECONDS``), drawn on the
    loop the console was opened on, as a kernel's loop is (the wait is on the roster, with a safety net of a
    minute for a busy machine)."""
    loop = asyncio.new_event_loop()

    async def class_opened_on_the_loop() -> str:
        return open_new_class(console)

    async def roster_shows(name: str) -> None:
        while name not in console.roster_box.value:
            await asyncio.sleep(0.05)

    try:
        code = loop.run_until_complete(class_opened_on_the_loop())
        assert console.poller is not None
        assert console.poller.running
        assert "Nobody has joined yet" in console.roster_box.value
        answer_as(store, store.join(code, "Late Lucy"), "pairs-keep-your-pair", "yes", False)
        loop.run_until_complete(asyncio.wait_for(roster_shows("Late Lucy"), 60))
    finally:
        console.poller.stop() if console.poller is not None else None
        loop.close()


def answer_live(store: ClassroomStore, console: InstructorConsole, answering: ClassroomStore) -> tuple[str, LivePanel]:
    """A student joins, the instructor pushes a yes/no question, and the student answers it on ``answering``."""
    code = open_new_class(console)
    sid = store.join(code, "Ana")
    console.push("pairs-keep-your-pair")
    panel = LivePanel(answering, Learner(sid, "Ana", code))
    panel.poller.stop()
    assert panel.card is not None
    panel.card.browser_event({"event": "answer", "value": "no"})
    panel.card.browser_event({"event": "check"})
    assert panel.card.verdict == "correct"  # the verdict is shown whatever became of the record
    return sid, panel


def test_a_live_answer_the_class_cannot_take_is_kept_here_and_no_sql_reaches_the_page(
    store: ClassroomStore,
    console: InstructorConsole,
    read_only: Callable[[str], str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "data"))
    with caplog.at_level(logging.ERROR, logger="shengji_tutor.store"):
        sid, panel = answer_live(store, console, ClassroomStore(read_only(store.url)))
    assert panel.card is not None
    shown = panel.card.error
    assert shown == "Saved on this computer, but not sent to your class: the class's database is read-only."
    for secret in ("SQL", "INSERT", "UPDATE", sid):
        assert secret not in shown
    assert "[SQL: " in caplog.text  # the server's log has the detail
    assert store.attempts(console.code or "", KEY) == []
    kept = ProgressStore(tmp_path / "data" / "progress.sqlite", learner=sid)
    assert [a[:3] for a in kept.attempts()] == [("pairs-keep-your-pair", True, "no")]


def test_a_live_answer_nobody_can_keep_says_so_plainly(
    store: ClassroomStore, console: InstructorConsole, read_only: Callable[[str], str], unwritable_data: Path
) -> None:
    _sid, panel = answer_live(store, console, ClassroomStore(read_only(store.url)))
    assert panel.card is not None
    assert panel.card.error == (
        "Not saved: the class's database is read-only, and the progress file on this computer cannot be opened"
    )


def test_serve_culls_idle_kernels_as_a_class_does() -> None:
    from shengji_tutor.app.serve import CULL_IDLE_SECONDS, voila_command

    command = voila_command(8866)
    assert f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}" in command
    assert "--MappingKernelManager.cull_interval=60" in command
    assert "--MappingKernelManager.cull_connected=True" in command
    assert "--MappingKernelManager.cull_idle_timeout=30" in voila_command(8866, cull_idle_seconds=30)


# -- the console: the question picker, Yes/No, the join address, an ended class, charts that scale -------------


@pytest.fixture
def course_console(store: ClassroomStore) -> Iterator[InstructorConsole]:
    """The console as the instructor's page builds it: with the course's lesson titles and its one page."""
    from shengji_tutor.course.instructor import instructor_console

    c = instructor_console(ClassroomStore(store.url, server_key=key_fingerprint(KEY)))
    yield c
    if c.poller is not None:
        c.poller.stop()


def test_the_question_picker_groups_puzzles_by_lesson_and_previews_one_before_it_is_pushed(
    store: ClassroomStore, course_console: InstructorConsole
) -> None:
    from shengji_tutor.course.catalogue import LESSONS, puzzles_of

    code = open_new_class(course_console)  # lessons 2 to 9: over a hundred puzzles
    titles = {lesson.number: lesson.title for lesson in LESSONS}
    assert [label for label, _ in course_console.lesson_choice.options] == [f"{n}. {titles[n]}" for n in range(2, 10)]
    listed: list[str] = []
    for number in range(2, 10):
        course_console.lesson_choice.value = number
        puzzles = puzzles_of(number)
        assert [pid for _, pid in course_console.live_choice.options] == [p.id for p in puzzles]
        for (label, _), puzzle in zip(course_console.live_choice.options, puzzles, strict=True):
            assert puzzle.id not in label  # a question is shown by its prompt, not its id
            assert label.split(". ", 1)[1].rstrip("…") in " ".join(puzzle.prompt.split())
        listed += [pid for _, pid in course_console.live_choice.options]
    assert sorted(listed) == sorted(p.id for p in load_bank().values() if 2 <= p.lesson <= 9)  # each once

    course_console.lesson_choice.value = 4
    trick = next(p for p in puzzles_of(4) if p.view().trick)
    course_console.live_choice.value = trick.id
    assert 'class="sjt-trick-svg"' in course_console.preview_box.value  # the trick students will see
    puzzle = next(p for p in puzzles_of(4) if p.view().hand and p.answer_kind == "yesno")
    course_console.live_choice.value = puzzle.id
    preview = course_console.preview_box.value
    assert f'data-puzzle="{puzzle.id}"' in preview
    assert escape(puzzle.prompt) in preview
    assert f'aria-label="hand of {len(puzzle.view().hand)} cards' in preview  # the cards students will see
    assert "students answer Yes or No" in preview
    assert store.class_info(code).live_puzzle is None  # previewing sends nothing
    course_console.push_button.click()
    assert store.class_info(code).live_puzzle == puzzle.id
    assert f'data-puzzle="{puzzle.id}"' in course_console.live_box.value


def test_the_lessons_of_a_new_class_are_chosen_by_title(course_console: InstructorConsole) -> None:
    course_console.key.value = KEY
    assert course_console.unlock()
    labels = dict(course_console.lessons.options)
    assert labels["4. Pairs"] == 4
    assert labels["11. Playing well"] == 11


def test_yes_no_answers_show_as_yes_and_no_and_still_grade_right(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    puzzle = load_bank()["pairs-keep-your-pair"]
    assert puzzle.answer_kind == "yesno"
    assert puzzle.solve() == "no"
    answer_as(store, store.join(code, "Old row"), puzzle.id, "True", False)  # as an older version stored it
    migrate_old_rows(store)
    sid = store.join(code, "Ana")
    console.push(puzzle.id)
    panel = LivePanel(store, Learner(sid, "Ana", code))
    panel.poller.stop()
    assert panel.card is not None
    panel.card.browser_event({"event": "answer", "value": "yes"})
    panel.card.browser_event({"event": "check"})
    assert panel.card.verdict == "incorrect"
    panel.card.browser_event({"event": "answer", "value": "no"})
    panel.card.browser_event({"event": "check"})
    assert panel.card.verdict == "correct"
    assert [(a.answer, a.correct) for a in store.attempts(code, KEY)] == [("yes", False), ("yes", False), ("no", True)]

    console.refresh()
    chart = console.chart_box.value
    assert re.search(r">Yes</text><rect [^>]*/><text [^>]*>2</text>", chart)  # "True" and "yes" are one answer
    assert re.search(r">No</text><rect [^>]*/><text [^>]*>1</text>", chart)
    for hidden in (">True<", ">yes<", ">no<", ">False<"):
        assert hidden not in chart
    assert "“Yes” × 2" in console.wrong_box.value
    assert "RULES §6.2" in console.wrong_box.value  # the engine still explains the wrong answer
    exported = console.export()
    assert exported.count(",Yes,incorrect") == 2
    assert exported.count(",No,correct") == 1
    console.reveal()
    panel.refresh()
    assert panel.card.feedback.startswith("The answer: No.")


def qr_modules(svg: str) -> list[list[bool]]:
    """The dark modules of a QR code drawn by segno as SVG (one path of horizontal runs), without its border."""
    d = re.search(r' d="([^"]+)"', svg.split('class="qrline"', 1)[1])
    assert d is not None
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))  # type: ignore[union-attr]
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", d.group(1)):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for i in range(int(float(a))):
                grid[int(y)][int(x) + i] = True
            x += float(a)
    border = next(i for i, row in enumerate(grid) if any(row))
    return [row[border : size - border] for row in grid[border : size - border]]


def test_the_console_shows_the_join_address_and_a_qr_code_of_it(
    store: ClassroomStore, course_console: InstructorConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    import segno

    monkeypatch.setenv("VOILA_REQUEST_URL", "http://10.1.2.3:8866/voila/render/instructor.ipynb")
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    code = open_new_class(course_console)
    address = f"http://10.1.2.3:8866/voila/render/course.ipynb?class={code}"
    header = course_console.header.value
    assert f'href="{address}"' in header
    (svg,) = re.findall(r"<svg .*?</svg>", header, re.S)
    assert 'role="img"' in svg
    assert "viewBox=" in svg
    assert not re.search(r'<svg [^>]*\b(width|height)="', svg)  # it scales with its box
    drawn = qr_modules(svg)
    assert drawn == [[bool(m) for m in row] for row in segno.make(address, error="m").matrix]


def test_an_instructor_on_the_servers_machine_is_given_its_network_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.classroom import session

    class Probe:
        def __init__(self, *_args: object) -> None: ...
        def __enter__(self) -> Probe:
            return self

        def __exit__(self, *_args: object) -> None: ...
        def connect(self, _address: object) -> None: ...
        def getsockname(self) -> tuple[str, int]:
            return ("192.168.4.20", 50000)

    monkeypatch.setattr(session.socket, "socket", Probe)
    for opened in ("localhost", "127.0.0.1", "[::1]", "0.0.0.0"):
        assert session.join_address("K7QX2M", "course.ipynb", f"http://{opened}:8866/x", "/") == (
            "http://192.168.4.20:8866/voila/render/course.ipynb?class=K7QX2M"
        )
    assert session.join_address("K7QX2M", "course.ipynb", "http://class.example:8866/x", "/").startswith(
        "http://class.example:8866/"
    )
    assert session.join_address("K7QX2M", "course.ipynb", "", "/") is None  # not served by Voilà: no address


def test_a_server_listening_on_its_own_machine_alone_keeps_the_address_it_answers_and_says_so(
    course_console: InstructorConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shengji_tutor.classroom.session import LISTEN_ENV

    monkeypatch.setenv("VOILA_REQUEST_URL", "http://localhost:8866/voila/render/instructor.ipynb")
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.setenv(LISTEN_ENV, "127.0.0.1")  # shengji-tutor classroom --host 127.0.0.1
    code = open_new_class(course_console)
    header = course_console.header.value
    assert f'href="http://localhost:8866/voila/render/course.ipynb?class={code}"' in header  # not 192.168…: unheard
    assert "listens on this computer only" in header
    monkeypatch.setenv(LISTEN_ENV, "0.0.0.0")
    course_console.open_class(code)
    assert "listens on this computer only" not in course_console.header.value


def test_without_a_server_address_the_console_says_where_students_join(
    course_console: InstructorConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("VOILA_REQUEST_URL", raising=False)
    code = open_new_class(course_console)
    assert f"Students join on the course's home page with the code {code}." in course_console.header.value
    assert "<svg" not in course_console.header.value


def test_a_join_address_fills_in_the_class_code(store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    code = store.create_class("Club", KEY)
    monkeypatch.setenv("QUERY_STRING", f"class={code.lower()}")
    panel = JoinPanel(store)
    assert panel.code.value == code
    panel.name.value = "Ana"
    assert panel.join() is not None
    monkeypatch.setenv("QUERY_STRING", "")
    assert JoinPanel(store).code.value == ""


def test_an_ended_class_disables_every_action_that_would_change_it(
    store: ClassroomStore, course_console: InstructorConsole
) -> None:
    loop = asyncio.new_event_loop()

    async def opened() -> str:  # on a loop, as in a kernel: the console polls
        return open_new_class(course_console)

    try:
        code = loop.run_until_complete(opened())
    finally:
        loop.close()
    assert course_console.poller is not None
    assert course_console.poller.running
    answer_as(store, store.join(code, "Ana"), "pairs-keep-your-pair", "no", True)
    course_console.push("pairs-keep-your-pair")
    course_console.end_button.click()
    assert store.class_info(code).ended
    controls = ("push_button", "reveal_button", "end_button", "lesson_choice", "live_choice")
    assert all(getattr(course_console, name).disabled for name in controls)
    assert f"Class {code} has ended" in course_console.ended_box.value
    assert not course_console.poller.running  # stopped with the class
    for action in (lambda: course_console.push("pairs-keep-your-pair"), course_console.reveal, course_console.end):
        course_console.message.value = ""
        action()
        assert f"Class {code} has ended: nothing can be pushed, revealed or ended" in course_console.message.value
    info = store.class_info(code)
    assert info.live_puzzle is None
    assert not info.live_revealed
    assert "Ana,,pairs-keep-your-pair,No,correct" in course_console.export()  # reading stays possible

    reopened = InstructorConsole(store, key_fingerprint(KEY))  # another page opens the ended class
    reopened.key.value = KEY
    assert reopened.unlock()
    assert reopened.open_class(code)
    assert reopened.push_button.disabled
    assert reopened.end_button.disabled
    assert reopened.poller is None


def test_a_class_ended_on_another_page_is_shown_ended_at_the_next_refresh(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    assert not console.push_button.disabled
    store.end_class(code, KEY)  # another instructor's console
    console.refresh()
    assert console.push_button.disabled
    assert console.reveal_button.disabled
    assert console.end_button.disabled
    assert "has ended" in console.ended_box.value


def test_a_push_without_a_question_or_of_an_unknown_one_says_why_and_changes_nothing(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    console.push(None)
    assert "Choose a question to push first." in console.message.value
    console.push("no-such-puzzle")
    assert "no-such-puzzle" in console.message.value
    assert "nothing was pushed" in console.message.value
    console.reveal()
    assert "There is no live question to reveal" in console.message.value
    info = store.class_info(code)
    assert info.live_puzzle is None
    assert not info.live_revealed


def test_the_charts_scale_with_the_page(store: ClassroomStore, console: InstructorConsole) -> None:
    code = open_new_class(console)
    answer_as(store, store.join(code, "Ana"), "pairs-keep-your-pair", "no", True)
    console.refresh()
    charts = re.findall(r"<svg [^>]*>", console.chart_box.value + console.topics_box.value)
    assert len(charts) == 2
    for tag in charts:
        assert "viewBox=" in tag
        assert not re.search(r'\bwidth="\d+"', tag)  # no fixed pixel width: CSS sizes it to its box


def test_a_shown_answer_reads_as_shown_on_the_dashboard_and_in_the_export(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    from shengji_tutor.course.catalogue import puzzles_of
    from shengji_tutor.course.puzzle_sets import PuzzleSet
    from shengji_tutor.store.progress import ProgressStore

    code = open_new_class(console)
    ana = store.join(code, "Ana")
    puzzles = PuzzleSet(puzzles_of(4), ProgressStore.of_student(store.url, ana))
    puzzles.card.browser_event({"event": "hint"})
    puzzles.card.browser_event({"event": "reveal"})
    [attempt] = store.attempts(code, KEY)
    assert (attempt.revealed, attempt.correct, attempt.hints) == (True, False, 1)
    console.refresh()
    text = console.export()
    assert f"{puzzles.puzzle.id},(answer shown),incorrect,1" in text


# -- the live question run as a quiz: one answer counts, feedback after the reveal, closing, a timer --------------


def live_panel(store: ClassroomStore, code: str, name: str) -> LivePanel:
    return LivePanel(store, Learner(store.join(code, name), name, code))


def answer_now(panel: LivePanel, value: str) -> None:
    panel.refresh()
    assert panel.card is not None
    panel.card.browser_event({"event": "answer", "value": value})
    panel.card.browser_event({"event": "check"})


def test_a_live_quiz_counts_each_students_first_answer_and_names_who_has_not_answered(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    ana, bo, cy = (live_panel(store, code, n) for n in ("Ana", "Bo", "Cy"))
    try:
        console.push("pairs-keep-your-pair")
        answer_now(ana, "yes")  # wrong, then right: the first answer is the one that counts
        answer_now(ana, "no")
        answer_now(bo, "no")
        console.refresh()
        status = console.live_box.value
        assert "<strong>2 of 3</strong> students answered, 1 right (open; instant feedback)" in status
        assert "Not answered yet: Cy" in status
        assert status.count('class="sjt-counted"') == 2
        console.close_answers()
        answer_now(cy, "no")  # after the close: kept, marked late, not counted
        assert "Answers are closed" in cy.status.value
        console.refresh()
        status = console.live_box.value
        assert "<strong>2 of 3</strong> students answered, 1 right (closed" in status
        assert "Not answered yet" not in status  # Cy answered, late: marked in the table, not "not answered"
        assert 'class="sjt-late"' in status
        assert "late: not counted" in status
        late = [a for a in store.attempts(code, KEY) if a.late]
        assert [(a.display_name, a.answer) for a in late] == [("Cy", "no")]
    finally:
        for p in (ana, bo, cy):
            p.poller.stop()


def test_after_reveal_feedback_records_one_answer_and_tells_nothing_until_the_reveal(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    ana = live_panel(store, code, "Ana")
    try:
        console.feedback.value = "after-reveal"
        console.push("pairs-keep-your-pair")
        answer_now(ana, "yes")  # wrong: but the student is not told
        assert ana.card is not None
        assert ana.card.verdict == "recorded"
        assert "Not quite" not in ana.card.feedback
        assert "pair" not in ana.card.feedback.lower()
        answer_now(ana, "no")  # no second try: the first answer is the answer
        assert "Your answer is recorded" in ana.card.feedback
        assert [a.answer for a in store.attempts(code, KEY)] == ["yes"]
        assert "Answer once" in ana.status.value
        console.refresh()
        assert "students see their verdict after you reveal" in console.live_box.value
        assert "sjt-live-answered" in ana._dom_classes  # answered: it stops floating over the lesson
        console.reveal()
        ana.refresh()
        assert ana.card.verdict == "shown"
        assert "The answer: No." in ana.card.feedback
        assert "sjt-live-answered" not in ana._dom_classes  # the revealed answer floats back into view
        assert "The answer: No." in ana.status.value  # above the question, in view however tall it is
        (done,) = [c for c in ana.children if isinstance(c, w.Button)]
        done.click()
        assert "sjt-live-answered" in ana._dom_classes
    finally:
        ana.poller.stop()


def test_a_live_question_with_a_timer_closes_by_itself(
    store: ClassroomStore, console: InstructorConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time as clock

    from shengji_tutor.store import schema

    code = open_new_class(console)
    ana = live_panel(store, code, "Ana")
    try:
        console.timer.value = 30
        console.push("pairs-keep-your-pair")
        ana.refresh()
        assert re.search(r"Closes in 0:(29|30)", ana.status.value)
        live = store.class_info(code).live
        assert live is not None
        assert live.closes_at is not None
        later = live.closes_at + 1
        monkeypatch.setattr(schema.time, "time", lambda: later)  # the answer arrives after the timer ran out
        answer_now(ana, "no")
        assert [a.late for a in store.attempts(code, KEY)] == [True]
        assert live.closed(later)
        assert not live.closed(live.closes_at - 1)
    finally:
        ana.poller.stop()
        monkeypatch.setattr(schema.time, "time", clock.time)


def test_an_answer_to_another_class_s_live_question_is_refused(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    from shengji_tutor.store.progress import ProgressStore as Progress

    code = open_new_class(console)
    other = store.create_class("Other club", KEY)
    theirs = store.push_question(other, KEY, "pairs-keep-your-pair")
    mine = store.join(code, "Ana")
    refused = Progress.of_student(store.url, mine).save("pairs-keep-your-pair", True, "no", live=theirs)
    assert "not a live question of your class" in refused.problem
    assert store.attempts(code, KEY) == []
    with pytest.raises(ClassroomError, match="timer"):
        store.push_question(code, KEY, "pairs-keep-your-pair", seconds=1)
    with pytest.raises(ClassroomError, match="feedback"):
        store.push_question(code, KEY, "pairs-keep-your-pair", mode="later")


def test_the_preview_shows_what_students_see_and_no_total_they_are_asked_for() -> None:
    from shengji_tutor.classroom.dashboard import puzzle_preview

    puzzle = load_bank()["points-count-a-trick"]  # the trick's point total is the answer
    assert not puzzle.shows_points
    shown, _, folded = puzzle_preview(puzzle).partition("<details>")
    total = puzzle.solve()
    assert f"{total} points" not in shown  # the student's card hides it: so does the preview
    assert str(total) in folded  # the answer, on the instructor's screen only


def test_the_leaderboard_ranks_right_first_answers_the_quicker_first(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    ana, bo, cy = (live_panel(store, code, n) for n in ("Ana", "Bo", EVIL))
    try:
        console.push("pairs-keep-your-pair")
        answer_now(cy, "no")  # right, first
        answer_now(ana, "yes")  # wrong first: the later right answer does not count
        answer_now(ana, "no")
        answer_now(bo, "no")  # right, after Cy
        console.refresh()
        assert console.leaders_box.value == ""  # off until the instructor shows it
        console.show_leaders.value = True
        board = console.leaders_box.value
        names = re.findall(r'<span class="sjt-student">(.*?)</span>', board)
        assert names == [escape(EVIL), "Bo"]  # Ana's first answer was wrong; Cy was quicker than Bo
        assert "<img" not in board
        assert "1 of 1" in board
    finally:
        for p in (ana, bo, cy):
            p.poller.stop()


def test_the_console_sends_the_class_to_a_place_and_shows_where_each_student_is(store: ClassroomStore) -> None:
    places = [("Course home", "home"), ("4. Pairs", "pairs"), ("Practice", "practice")]
    console = InstructorConsole(store, key_fingerprint(KEY), places=places, address="console")
    try:
        code = open_new_class(console)
        ana, bo = store.join(code, "Ana"), store.join(code, "Bo")
        been: list[str] = []
        early = LivePanel(store, Learner(ana, "Ana", code), go=been.append)
        store.seen(ana, "practice/points")
        console.refresh()
        where = re.findall(r'<td class="sjt-where">(.*?)</td>', console.roster_box.value)
        assert where == ["Practice: points", "—"]  # Bo's page has not said where it is
        console.send_choice.value = "pairs"
        console.send(console.send_choice.value)
        assert "on its way to 4. Pairs" in console.message.value
        early.refresh()
        assert been == ["pairs"]  # an open page goes there, once
        early.refresh()
        assert been == ["pairs"]
        late: list[str] = []
        LivePanel(store, Learner(bo, "Bo", code), go=late.append).poller.stop()
        assert late == []  # a page opened after the sending is not sent
        early.poller.stop()
    finally:
        if console.poller is not None:
            console.poller.stop()


def test_the_console_lists_the_classes_and_goes_back_to_them_without_the_key_again(tmp_path: Path) -> None:
    store = ClassroomStore(f"sqlite:///{tmp_path / 'c.sqlite'}", server_key=key_fingerprint(KEY))
    first = store.create_class("Monday club", KEY)
    store.join(first, "Ana")
    second = store.create_class("Tuesday club", "another-instructors-key")
    console = InstructorConsole(store, address="console")
    try:
        console.key.value = KEY
        assert console.unlock()
        buttons = list(console.children[-2].children) if isinstance(console.children[-2], w.VBox) else []
        labels = [b.description for b in buttons]
        assert [label.split(" — ")[0] for label in labels] == [second, first]  # newest first, every class
        assert "(1 joined," in labels[1]
        buttons[1].click()
        assert console.code == first
        assert console.poller is not None
        back = next(c for c in console.children if isinstance(c, w.Button) and c.description == "← All classes")
        back.click()
        assert console.code is None
        assert console.poller is None  # the dashboard stops refreshing
        assert any(isinstance(c, w.VBox) for c in console.children)  # the list again, with no key typed
        with pytest.raises(WrongKeyError):
            store.class_list("another-instructors-key")  # a class's own key lists nothing
    finally:
        if console.poller is not None:
            console.poller.stop()


def test_the_roster_flags_a_stuck_student_and_the_console_drills_down_into_one(
    store: ClassroomStore, console: InstructorConsole
) -> None:
    code = open_new_class(console)
    ana, bo = store.join(code, "Ana"), store.join(code, EVIL)
    for _ in range(3):  # three wrong answers in a row to one puzzle: stuck
        answer_as(store, ana, "pairs-keep-your-pair", "yes", False)
    answer_as(store, bo, "pairs-keep-your-pair", "yes", False)
    answer_as(store, bo, "pairs-keep-your-pair", "yes", False)
    answer_as(store, bo, "pairs-keep-your-pair", "no", True)  # got there: not stuck
    console.refresh()
    rows = re.findall(r"<tr class=\"(.*?)\"><td class=\"sjt-student\">(.*?)</td>", console.roster_box.value)
    assert rows == [("sjt-row-stuck", "Ana"), ("", escape(EVIL))]
    assert "⚠ stuck</span> on “" in console.roster_box.value
    assert console.student_box.value == ""  # nobody chosen yet
    console.student_choice.value = bo
    drill = console.student_box.value
    assert drill.count("<tr><td>") == 3  # every attempt, in order
    assert drill.index("✗ wrong") < drill.index("✓ right")
    assert "<img" not in drill


def test_the_console_closes_lessons_to_the_class_until_it_opens_them(store: ClassroomStore) -> None:
    console = InstructorConsole(store, key_fingerprint(KEY), titles={4: "Pairs", 5: "Tractors"}, address="console")
    try:
        console.key.value = KEY
        assert console.unlock()
        console.class_name.value, console.lessons.value = "Club", (4, 5)
        code = console.create()
        assert code is not None
        assert [n for _, n in console.locked_choice.options] == [4, 5]  # the class's lessons
        console.locked_choice.value = (5,)
        assert store.class_info(code).locked == (5,)
        assert "Closed to the class now: 5. Tractors" in console.message.value
        console.locked_choice.value = ()
        assert store.class_info(code).locked == ()
        with pytest.raises(ClassroomError, match="lessons are numbers"):
            store.lock_lessons(code, KEY, [99])
    finally:
        if console.poller is not None:
            console.poller.stop()


def test_a_student_behind_the_hub_is_exported_with_the_account_they_logged_in_with(
    store: ClassroomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    from shengji_tutor.app.course_server import visitor_account
    from shengji_tutor.classroom.backoff import ACCOUNT_ENV

    hub, plain = SimpleNamespace(real_accounts=True), SimpleNamespace()
    user = SimpleNamespace(username="ana.lee")
    assert (visitor_account(hub, user), visitor_account(plain, user)) == ("ana.lee", "")  # a random anonymous name
    monkeypatch.setenv(ACCOUNT_ENV, "ana.lee")  # as the page handler hands it to the kernel
    code = store.create_class("Club", KEY)
    panel = JoinPanel(store)
    panel.code.value, panel.name.value = code, "Ana"
    learner = panel.join()
    assert learner is not None
    answer_as(store, learner.student_id, "pairs-keep-your-pair", "no", True)
    header, row = store.export_csv(code, KEY).splitlines()
    assert header.split(",")[4] == "account"
    assert row.split(",")[3:5] == ["Ana", "ana.lee"]


def test_the_console_reads_the_live_questions_only_while_the_leaderboard_is_shown(
    store: ClassroomStore, console: InstructorConsole, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A look every 1.5 s reads what it draws: the leaderboard's questions only once it is shown."""
    code = open_new_class(console)
    asked: list[str] = []
    real = store.live_questions
    monkeypatch.setattr(store, "live_questions", lambda *args: asked.append(args[0]) or real(*args))
    console.refresh()
    assert asked == []
    console.show_leaders.value = True
    console.refresh()
    assert asked == [code, code]
    assert console.leaders_box.value != ""  # drawn from them
