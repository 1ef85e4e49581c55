"""A class in a real browser: a student joins, the instructor sees them — names are text, never markup."""

from __future__ import annotations

import os
from typing import Any

import sqlalchemy as sa
from class_answers import answer_as

from shengji_tutor.classroom import ClassroomStore

from .conftest import CLASS_KEY, watched
from .helpers import no_trouble

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
    store = ClassroomStore(db)
    with store.engine.connect() as conn:  # counted for the visitor's address, in the class's store
        assert [tuple(row) for row in conn.execute(sa.text("SELECT client, failures FROM key_tries"))] == [
            ("127.0.0.1", 1)
        ]
    store.key_failed("127.0.0.1")  # as if a second, third … wrong key came: a longer wait than a page load
    store.key_failed("127.0.0.1")
    store.key_failed("127.0.0.1")
    page.reload(timeout=TIMEOUT)  # a new page, a new kernel: the wait after a wrong key holds all the same
    page.wait_for_selector(".sjt-instructor", timeout=TIMEOUT)
    page.get_by_label("Key").fill(CLASS_KEY)
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_text("Too many wrong keys").wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(max(0, store.key_wait("127.0.0.1")) * 1000 + 300)
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


PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}


def overflow(page: Any) -> list[str]:
    """What sticks out of the window sideways: the page itself, the console, or any of its pictures."""
    return list(
        page.evaluate(
            """() => {
              const width = document.documentElement.clientWidth, out = [];
              if (document.documentElement.scrollWidth > width) out.push(`page ${document.documentElement.scrollWidth}`);
              const console = document.querySelector('.sjt-instructor');
              if (console.scrollWidth > console.clientWidth) out.push(`console ${console.scrollWidth}`);
              for (const el of console.querySelectorAll('svg, table, select, input, button')) {
                const box = el.getBoundingClientRect();
                if (box.width && box.right > width + 0.5) out.push(`${el.tagName} ${el.className.baseVal ?? el.className} ${box.right}`);
              }
              return out;
            }"""
        )
    )


def test_the_console_on_a_phone_previews_a_question_shows_the_join_code_and_ends_the_class(
    page: Any, classroom: tuple[str, str]
) -> None:
    """At 390×844 (then 768×1024) nothing overflows; the question is chosen by lesson and prompt and previewed
    before it is pushed; a student joins from the console's address with the code filled in and answers the
    yes/no question; the console shows "No", and once ended, Push and End are disabled."""
    from urllib.parse import urlsplit

    from shengji_tutor.classroom.dashboard import puzzle_title
    from shengji_tutor.course.catalogue import puzzles_of

    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Phone club", CLASS_KEY, lessons=[4])
    puzzle = next(p for p in puzzles_of(4) if p.answer_kind == "yesno" and p.view().hand and p.solve() == "no")
    answer_as(store, store.join(code, "Early Eve"), puzzle.id, "yes", False)  # a chart from the start

    page.set_viewport_size(PHONE)
    open_console(page, base, code)
    page.wait_for_selector(".sjt-distribution svg.sjt-chart", timeout=TIMEOUT)
    assert page.locator(".sjt-qr svg[role='img']").count() == 1  # the QR code, drawn in the page
    href = page.locator("a.sjt-join-link").get_attribute("href")
    assert href is not None
    assert href.endswith(f"/voila/render/course.ipynb?class={code}")

    chosen = page.get_by_label("Lesson", exact=True).locator("option:checked").inner_text()
    assert chosen.replace("\xa0", " ") == "4. Pairs"  # ipywidgets writes an option's spaces as no-break spaces
    index = [p.id for p in puzzles_of(4)].index(puzzle.id)
    question = page.get_by_label("Question", exact=True)
    label = question.locator("option").nth(index).inner_text().replace("\xa0", " ")
    assert label == f"{index + 1}. {puzzle_title(puzzle, puzzle.id, 90)}"  # the prompt, not the id
    question.select_option(index=index)
    preview = page.locator(f".sjt-preview[data-puzzle='{puzzle.id}']")
    preview.wait_for(timeout=TIMEOUT)
    assert puzzle.prompt in preview.inner_text()
    assert preview.locator("svg.sjt-hand-svg").count() == 1
    assert store.class_info(code).live_puzzle is None  # a preview sends nothing
    assert overflow(page) == []
    if os.environ.get("SJT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "instructor-phone.png"), full_page=True)
    page.get_by_role("button", name="Push to class").click()
    page.wait_for_selector(f".sjt-live-status[data-puzzle='{puzzle.id}']", timeout=TIMEOUT)

    # a student opens the console's address (on this server: the test's Voilà listens on 127.0.0.1 only)
    student = page.context.new_page()
    parts = urlsplit(href)
    student.goto(f"{base}{parts.path}?{parts.query}", timeout=TIMEOUT, wait_until="domcontentloaded")
    student.wait_for_selector(".sjt-join", timeout=TIMEOUT)
    assert student.get_by_label("Class code").input_value() == code
    student.get_by_label("Your name").fill("Phone Pat")
    student.get_by_role("button", name="Join", exact=True).click()
    live = student.locator(f".sjt-shell-live [data-puzzle-id='{puzzle.id}']")
    live.wait_for(timeout=TIMEOUT)
    live.get_by_role("button", name="No", exact=True).click()
    live.get_by_role("button", name="Check", exact=True).click()
    student.wait_for_function(
        f"document.querySelector(\".sjt-shell-live [data-puzzle-id='{puzzle.id}'] .sjt-feedback\")"
        "?.dataset.verdict === 'correct'",
        timeout=TIMEOUT,
    )
    student.close()

    chart = page.locator(f".sjt-distribution svg[data-puzzle='{puzzle.id}']")
    page.wait_for_function(
        f"[...document.querySelectorAll(\".sjt-distribution svg[data-puzzle='{puzzle.id}'] text\")]"
        ".some(t => t.textContent === 'No')",
        timeout=TIMEOUT,
    )
    labels = chart.locator("text").all_text_contents()
    assert "Yes" in labels
    assert not {"True", "False", "yes", "no"} & set(labels)
    assert overflow(page) == []
    page.set_viewport_size(TABLET)
    page.wait_for_timeout(300)
    assert overflow(page) == []

    page.get_by_role("button", name="End class").click()
    page.wait_for_selector(".sjt-class-ended", timeout=TIMEOUT)
    assert f"Class {code} has ended" in page.locator(".sjt-class-ended").inner_text()
    assert page.get_by_role("button", name="Push to class").is_disabled()
    assert page.get_by_role("button", name="End class").is_disabled()
    assert page.get_by_role("button", name="Reveal answer").is_disabled()
    assert store.class_info(code).ended
    no_trouble(page)  # no script or console error, nothing from another host


def test_an_instructor_runs_a_live_quiz_with_feedback_after_the_reveal(
    browser: Any, classroom: tuple[str, str]
) -> None:
    """The console pushes a question in "after reveal" mode; four students answer (two in browsers, one of them
    twice; two from elsewhere, one after the close); the console counts students, not answers; the reveal reaches
    the students' pages; the leaderboard ranks the right first answers."""
    from shengji_tutor.classroom.dashboard import puzzle_title
    from shengji_tutor.course.catalogue import puzzles_of
    from shengji_tutor.store.progress import ProgressStore

    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Quiz club", CLASS_KEY, lessons=[2])
    puzzle = next(p for p in puzzles_of(2) if p.answer_kind == "number")
    right = str(puzzle.solve())
    students = {name: store.join(code, name) for name in ("Ana", "Bo", "Cy", "Di")}
    context = browser.new_context()
    pages = {}
    for name in ("Ana", "Bo"):
        pages[name] = watched(context.new_page())
        pages[name].goto(
            f"{base}/voila/render/course.ipynb?student={students[name]}#points",
            timeout=TIMEOUT,
            wait_until="domcontentloaded",
        )
        pages[name].wait_for_selector(".sjt-signed-in, .sjt-place-points", timeout=TIMEOUT)
    console = watched(context.new_page())
    open_console(console, base, code)
    in_order = sorted(puzzles_of(2), key=lambda p: p.difficulty)  # as the console lists a lesson's questions
    console.get_by_label("Question", exact=True).select_option(
        label=f"{in_order.index(puzzle) + 1}. {puzzle_title(puzzle, puzzle.id, 90)}"
    )
    console.get_by_role("button", name="After reveal").click()
    console.get_by_role("button", name="Push to class").click()
    status = console.locator(".sjt-live-status")
    status.wait_for(timeout=TIMEOUT)
    assert "after you reveal" in status.inner_text()

    def answer(name: str, value: str) -> Any:
        live = pages[name].locator(f".sjt-shell-live .sjt-live [data-puzzle-id='{puzzle.id}']")
        live.wait_for(timeout=TIMEOUT)
        live.get_by_label("Answer").fill(value)
        live.get_by_label("Answer").press("Enter")
        return live

    ana = answer("Ana", "1")  # wrong: but she is told only that it is recorded
    pages["Ana"].wait_for_function(
        "document.querySelector('.sjt-shell-live .sjt-feedback')?.dataset.verdict === 'recorded'", timeout=TIMEOUT
    )
    assert "Not quite" not in ana.inner_text()
    answer("Ana", right)  # a second answer: not taken
    answer("Bo", right)
    pages["Bo"].wait_for_function(  # Bo's answer is recorded before Cy's: the leaderboard's order depends on it
        "document.querySelector('.sjt-shell-live .sjt-feedback')?.dataset.verdict === 'recorded'", timeout=TIMEOUT
    )
    ProgressStore(url=db, learner=students["Cy"]).record(puzzle.id, True, right, live=live_id(store, code))
    console.wait_for_function("document.querySelector('.sjt-live-status')?.dataset.answered === '3'", timeout=TIMEOUT)
    console.get_by_role("button", name="Close answers").click()
    console.get_by_text("closed;").wait_for(timeout=TIMEOUT)
    ProgressStore(url=db, learner=students["Di"]).record(puzzle.id, True, right, live=live_id(store, code))  # late
    console.wait_for_function(
        "document.querySelector('.sjt-live-answers')?.textContent.includes('late: not counted')", timeout=TIMEOUT
    )
    text = status.inner_text()
    assert "3 of 4 students answered, 2 right" in text  # Ana counted once (wrong), Di late: not counted
    assert "Not answered yet" not in text
    assert [a.answer for a in store.attempts(code, CLASS_KEY) if a.display_name == "Ana"] == ["1"]
    console.get_by_role("button", name="Reveal answer").click()
    for name in ("Ana", "Bo"):
        pages[name].wait_for_function(
            "document.querySelector('.sjt-shell-live .sjt-feedback')?.dataset.verdict === 'shown'", timeout=TIMEOUT
        )
        assert f"The answer: {right}" in pages[name].locator(".sjt-shell-live .sjt-feedback").inner_text()
    console.get_by_role("button", name="Leaderboard").click()
    board = console.locator(".sjt-leaderboard li .sjt-student")
    board.first.wait_for(timeout=TIMEOUT)
    assert board.all_inner_texts() == ["Bo", "Cy"]  # right first answers; Bo was quicker
    if os.environ.get("SJT_SHOTS"):
        console.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "live-quiz-console.png"), full_page=True)
        pages["Ana"].screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "live-quiz-student.png"))
    for page in (*pages.values(), console):
        no_trouble(page)
    context.close()


def live_id(store: ClassroomStore, code: str) -> int:
    live = store.class_info(code).live
    assert live is not None
    return live.id


def open_console(page: Any, base: str, code: str) -> None:
    """The instructor's page, unlocked with the server's key, on class ``code``."""
    page.goto(base + "/voila/render/instructor.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-instructor", timeout=TIMEOUT)
    page.get_by_label("Key").fill(CLASS_KEY)
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_label("Or open").fill(code)
    page.get_by_role("button", name="Open", exact=True).click()


def test_an_instructor_sends_the_class_to_a_lesson_and_closes_another(browser: Any, classroom: tuple[str, str]) -> None:
    """Send the class: the student's page moves to the lesson; the roster says where they are; a lesson closed to
    the class reads as closed when the student goes there."""
    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Pace club", CLASS_KEY, lessons=[2, 4, 5])
    student = store.join(code, "Eva")
    context = browser.new_context()
    page = watched(context.new_page())
    page.goto(
        f"{base}/voila/render/course.ipynb?student={student}#points", timeout=TIMEOUT, wait_until="domcontentloaded"
    )
    page.wait_for_selector(".sjt-place-points .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    console = watched(context.new_page())
    open_console(console, base, code)
    console.locator(".sjt-roster td.sjt-where", has_text="Point cards").wait_for(timeout=TIMEOUT)
    console.get_by_label("Send to").select_option(label="4. Pairs")
    console.get_by_role("button", name="Send the class").click()
    console.get_by_text("The class is on its way to 4. Pairs").wait_for(timeout=TIMEOUT)
    page.wait_for_selector(".sjt-place-pairs", timeout=TIMEOUT)  # within the live panel's polling interval
    assert page.url.endswith("#pairs")
    console.locator(".sjt-roster td.sjt-where", has_text="Pairs").wait_for(timeout=TIMEOUT)
    console.get_by_label("Closed").select_option(label="5. Tractors")
    console.get_by_text("Closed to the class now: 5. Tractors").wait_for(timeout=TIMEOUT)
    assert store.class_info(code).locked == (5,)
    page.evaluate("window.location.hash = '#tractors'")
    page.get_by_text("Your instructor will open this lesson soon").wait_for(timeout=TIMEOUT)
    if os.environ.get("SJT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "pacing-closed-lesson.png"))
        console.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "pacing-console.png"))
    for p in (page, console):
        no_trouble(p)
    context.close()


def test_an_instructor_writes_a_question_previews_it_pushes_it_and_a_student_answers_it(
    browser: Any, classroom: tuple[str, str]
) -> None:
    """In the console: the kind, the trump and the trick picked card by card; the engine's answer and the preview;
    saved to the class, pushed; a student in a lesson answers it, and the console counts the answer."""
    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Writers' club", CLASS_KEY, lessons=[3])
    student = store.join(code, "Fay")
    context = browser.new_context()
    page = watched(context.new_page())
    page.goto(
        f"{base}/voila/render/course.ipynb?student={student}#trump-order",
        timeout=TIMEOUT,
        wait_until="domcontentloaded",
    )
    page.wait_for_selector(".sjt-place-trump-order", timeout=TIMEOUT)
    console = watched(context.new_page())
    open_console(console, base, code)
    console.get_by_role("button", name="▸ Write a question of your own").click()
    writer = console.locator(".sjt-writer")
    writer.get_by_label("Kind").select_option(label="Who wins the trick?")
    writer.get_by_label("Trump suit").select_option(label="♠ Spades")
    for card in ("9H", "KH", "3S", "AH"):  # East leads 9♥, North K♥, West ruffs 3♠, South A♥
        writer.locator(f"button.sjt-card[data-card='{card}']").first.click(
            position={"x": 10, "y": 30}
        )  # the part not under the next card
        writer.locator(f"button.sjt-card[data-card='{card}'][aria-pressed='true']").wait_for(timeout=TIMEOUT)
        writer.get_by_role("button", name="Add as the next play").click()
        writer.locator("button.sjt-card[aria-pressed='true']").first.wait_for(state="detached", timeout=TIMEOUT)
    writer.get_by_text("East 9♥, North K♥, West 3♠, South A♥").wait_for(timeout=TIMEOUT)
    writer.get_by_label("Its words").fill("Spades are trumps: who takes this trick?")
    writer.get_by_role("button", name="Check", exact=True).click()
    writer.get_by_text("The engine's answer: West").wait_for(timeout=TIMEOUT)
    assert "Spades are trumps: who takes this trick?" in writer.locator(".sjt-preview").inner_text()
    writer.get_by_role("button", name="Save to the class").click()
    writer.get_by_text("Saved as your question 1").wait_for(timeout=TIMEOUT)
    preview = console.locator(".sjt-preview[data-puzzle='class-" + code.lower() + "-1']").first
    preview.wait_for(timeout=TIMEOUT)
    if os.environ.get("SJT_SHOTS"):
        for n, part in enumerate((writer.get_by_label("Kind"), writer.locator(".sjt-writer-result"))):
            part.scroll_into_view_if_needed()
            console.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], f"write-a-question-{n}.png"))
    console.get_by_role("button", name="Push to class").click()
    live = page.locator(f".sjt-shell-live .sjt-live [data-puzzle-id='class-{code.lower()}-1']")
    live.wait_for(timeout=TIMEOUT)
    assert "who takes this trick?" in live.inner_text()
    live.get_by_role("button", name="West").click()
    live.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "document.querySelector('.sjt-shell-live .sjt-feedback')?.dataset.verdict === 'correct'", timeout=TIMEOUT
    )
    console.wait_for_function("document.querySelector('.sjt-live-status')?.dataset.answered === '1'", timeout=TIMEOUT)
    assert "1 of 1 students answered, 1 right" in console.locator(".sjt-live-status").inner_text()
    if os.environ.get("SJT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "written-question-student.png"))
    for p in (page, console):
        no_trouble(p)
    context.close()


def test_a_lessons_step_answered_in_the_browser_shows_on_the_instructors_dashboard(
    browser: Any, classroom: tuple[str, str]
) -> None:
    """Issue 41: a student answers lesson 4's first "Your turn" step on their page; the instructor's console names it
    by lesson and place under the student and counts it under "lesson steps"."""
    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Step club", CLASS_KEY, lessons=[4])
    student = store.join(code, "Lin")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watched(context.new_page())
    page.goto(
        f"{base}/voila/render/course.ipynb?student={student}#pairs", timeout=TIMEOUT, wait_until="domcontentloaded"
    )
    step = page.locator(".sjt-place-pairs .sjt-step").first
    step.wait_for(timeout=TIMEOUT)
    for count in (1, 2):
        step.locator('button.sjt-card[data-card="QS"][aria-pressed="false"]').first.click()
        page.wait_for_function(
            "document.querySelector('.sjt-place-pairs .sjt-step')"
            f".querySelectorAll(\"button.sjt-card[aria-pressed='true']\").length === {count}",
            timeout=TIMEOUT,
        )
    step.get_by_role("button", name="Check", exact=True).click()
    step.locator(".sjt-step-feedback[data-verdict]").wait_for(timeout=TIMEOUT)
    assert [(a.display_name, a.puzzle_id) for a in store.attempts(code, CLASS_KEY)] == [("Lin", "step-4-1")]
    console = watched(context.new_page())
    open_console(console, base, code)
    console.get_by_label("Student").select_option(label="Lin")
    console.get_by_text("Lesson 4, step 1").first.wait_for(timeout=TIMEOUT)
    console.get_by_text("lesson steps").first.wait_for(timeout=TIMEOUT)
    if os.environ.get("SJT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "step-answered.png"))
        for name, text in (("step-on-the-console.png", "Lesson 4, step 1"), ("steps-topic.png", "lesson steps")):
            table = console.get_by_text(text).first.locator("xpath=ancestor::table[1]")
            table.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], name))
    for p in (page, console):
        no_trouble(p)
    context.close()
