"""A class in a real browser: a student joins, the instructor sees them — names are text, never markup."""

from __future__ import annotations

import os
from typing import Any

from shengji_tutor.classroom import ClassroomStore

from .conftest import CLASS_KEY
from .test_course import no_trouble

TIMEOUT = 120_000
EVIL = "<img src=x onerror=alert(1)>"


def test_a_student_joins_and_the_instructor_sees_the_name_as_text(page: Any, classroom: tuple[str, str]) -> None:
    base, db = classroom
    code = ClassroomStore(db).create_class("Browser club", CLASS_KEY)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    # the student: join once with the code and a (hostile) name, then continue signed in
    page.goto(base + "/", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-join", timeout=TIMEOUT)
    page.get_by_label("Class code").fill(code)
    page.get_by_label("Your name").fill(EVIL)
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_selector(".sjt-signed-in", timeout=TIMEOUT)  # signed in where they are, no new page
    assert EVIL in page.locator(".sjt-signed-in").inner_text()
    assert "student=" in page.url  # the address now names them: a reload or a bookmark keeps them signed in
    assert page.locator(".sjt-home-list a").first.get_attribute("href") == "#start-here"  # same page, same kernel
    page.reload(timeout=TIMEOUT)
    page.wait_for_selector(".sjt-signed-in", timeout=TIMEOUT)
    assert EVIL in page.locator(".sjt-signed-in").inner_text()

    # the instructor: locked without the key, then the roster shows the name as plain text
    page.goto(base + "/voila/render/instructor.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-instructor", timeout=TIMEOUT)
    page.get_by_label("Key").fill("not the key")
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_text("That key does not unlock this server.").wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(1_500)  # after a wrong key the console refuses any key for 1 s
    page.get_by_label("Key").fill(CLASS_KEY)
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_label("Or open").fill(code)
    page.get_by_role("button", name="Open", exact=True).click()
    roster = page.locator(".sjt-roster td.sjt-student")
    roster.first.wait_for(timeout=TIMEOUT)
    assert roster.first.inner_text() == EVIL
    assert page.locator(".sjt-roster img").count() == 0
    assert not dialogs
    no_trouble(page)  # no script or console error, nothing from another host


def test_a_question_pushed_mid_lesson_reaches_the_student_where_they_are(page: Any, classroom: tuple[str, str]) -> None:
    """The student reads lesson 4 when the instructor pushes a question: it appears above the lesson, is answered
    there, and the answer reaches the instructor's store; the student never left the lesson."""
    from shengji_tutor.course.catalogue import puzzles_of

    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Live club", CLASS_KEY, lessons=[2, 4])
    student = store.join(code, "Bo")
    page.goto(
        f"{base}/voila/render/course.ipynb?student={student}#home", timeout=TIMEOUT, wait_until="domcontentloaded"
    )
    page.wait_for_selector(".sjt-signed-in", timeout=TIMEOUT)
    page.locator(".sjt-home-list a[href='#pairs']").click()
    page.wait_for_selector(".sjt-place-pairs .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    page.locator(".sjt-place-pairs .sjt-footer").scroll_into_view_if_needed()
    puzzle = next(p for p in puzzles_of(2) if p.answer_kind == "number")
    store.push_question(code, CLASS_KEY, puzzle.id)
    live = page.locator(f".sjt-shell-live .sjt-live [data-puzzle-id='{puzzle.id}']")
    live.wait_for(timeout=TIMEOUT)  # within the live panel's polling interval
    assert page.url.endswith("#pairs")
    assert page.locator(".sjt-place-pairs .sjt-footer").count() == 1
    box = page.locator(f".sjt-shell-live [data-puzzle-id='{puzzle.id}']").bounding_box()
    assert box is not None
    assert box["y"] >= 0  # the whole question is in view, though the student had scrolled to the lesson's end
    assert box["y"] + box["height"] <= 900
    if os.environ.get("SJT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "live-question-mid-lesson.png"))
    live.get_by_label("Answer").fill(str(puzzle.solve()))
    live.get_by_label("Answer").press("Enter")
    page.wait_for_function(
        f"document.querySelector(\".sjt-shell-live [data-puzzle-id='{puzzle.id}'] .sjt-feedback\")"
        "?.dataset.verdict === 'correct'",
        timeout=TIMEOUT,
    )
    recorded = [(a.display_name, a.puzzle_id, a.correct) for a in store.attempts(code, CLASS_KEY)]
    assert recorded == [("Bo", puzzle.id, True)]
    no_trouble(page)  # no script or console error, nothing from another host


def test_killing_the_server_mid_class_loses_no_recorded_attempt(page: Any, tmp_path: Any) -> None:
    import os
    import signal
    import subprocess

    from benchmarks.browser import free_port
    from shengji_tutor.app.classroom import classroom_command, classroom_env, key_fingerprint
    from shengji_tutor.puzzles import load_bank

    from .conftest import NOTEBOOKS

    db = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    store = ClassroomStore(db)
    code = store.create_class("Crash club", CLASS_KEY)
    student = store.join(code, "Ana")

    def start() -> tuple[subprocess.Popen[bytes], str]:
        import time
        import urllib.request

        port = free_port()
        env = classroom_env(db, key_fingerprint(CLASS_KEY), tmp_path / "data")
        command = classroom_command(port, "127.0.0.1", notebooks=NOTEBOOKS)
        log = (tmp_path / f"voila-{port}.log").open("w")
        proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        for _ in range(240):
            try:
                urllib.request.urlopen(base + "/", timeout=5).close()
                return proc, base
            except OSError:
                time.sleep(0.5)
        raise AssertionError("the class server did not start")

    proc, base = start()
    bank = load_bank()
    try:
        page.goto(
            f"{base}/voila/render/02-points.ipynb?student={student}", timeout=TIMEOUT, wait_until="domcontentloaded"
        )
        page.wait_for_selector(".sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
        card = page.locator(".sjt-puzzle").last
        pid = card.get_attribute("data-puzzle-id")
        puzzle = bank[pid]
        assert puzzle.answer_kind == "number"
        card.get_by_label("Answer").fill(str(puzzle.solve()))
        card.get_by_label("Answer").press("Enter")
        page.wait_for_function(
            f"document.querySelector(\"[data-puzzle-id='{pid}'] .sjt-feedback\")?.dataset.verdict === 'correct'",
            timeout=TIMEOUT,
        )
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the server dies mid-class, kernels and all
        proc.wait()
    proc, base = start()  # and comes back on the same store
    try:
        recorded = [(a.display_name, a.puzzle_id, a.correct) for a in ClassroomStore(db).attempts(code, CLASS_KEY)]
        assert recorded == [("Ana", pid, True)]
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
