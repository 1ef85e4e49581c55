"""A class in a real browser: a student joins, the instructor sees them — names are text, never markup."""

from __future__ import annotations

from typing import Any

from shengji_tutor.classroom import ClassroomStore

from .conftest import CLASS_KEY

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
    page.get_by_role("link", name="Continue to the course →").click()
    page.wait_for_selector(".sjt-signed-in", timeout=TIMEOUT)
    assert EVIL in page.locator(".sjt-signed-in").inner_text()
    assert "student=" in page.url
    lesson_link = page.locator(".sjt-home-list a").first.get_attribute("href")
    assert "?student=" in lesson_link  # the identity rides along to every lesson

    # the instructor: locked without the key, then the roster shows the name as plain text
    page.goto(base + "/voila/render/instructor.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-instructor", timeout=TIMEOUT)
    page.get_by_label("Key").fill("not the key")
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_text("That key does not unlock this server.").wait_for(timeout=TIMEOUT)
    page.get_by_label("Key").fill(CLASS_KEY)
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_label("Or open").fill(code)
    page.get_by_role("button", name="Open", exact=True).click()
    roster = page.locator(".sjt-roster td.sjt-student")
    roster.first.wait_for(timeout=TIMEOUT)
    assert roster.first.inner_text() == EVIL
    assert page.locator(".sjt-roster img").count() == 0
    assert not dialogs
    assert not page.page_errors
