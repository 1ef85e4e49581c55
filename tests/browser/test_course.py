"""The course in a real browser, served exactly as `make serve` serves it."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from shengji_tutor.course import LESSONS
from shengji_tutor.course.places import PLACES, route_of
from shengji_tutor.puzzles import load_bank

from .conftest import NOTEBOOKS
from .helpers import TIMEOUT, answer, kernels_of, no_trouble, open_page, verdict, wrong_answer

BANK = load_bank()
PAGES = [lesson.notebook for lesson in LESSONS if (NOTEBOOKS / lesson.notebook).exists()]


SHELL = "course.ipynb"


def test_the_root_url_leads_to_the_course_home(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-place-home .sjt-home-list", timeout=TIMEOUT)
    assert page.url.endswith(f"/voila/render/{SHELL}#home")
    assert page.title() == "Course home · Sheng ji tutor"
    links = page.locator(".sjt-home-list a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links == [f"#{route_of(lesson.notebook)}" for lesson in LESSONS]
    no_trouble(page)


def test_a_learner_clicks_through_every_lesson_in_one_page_and_one_kernel(page: Any, voila_url: str) -> None:
    """Home, then each lesson by its footer's Next link, then the other places, in the same tab and the same
    kernel, none failing and none starting a kernel of its own."""
    page.goto(voila_url + "/", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-place-home .sjt-home-list", timeout=TIMEOUT)
    kernel = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")["kernelId"]
    time.sleep(3)  # the pool's refill (started a second after the page took its kernel) is counted before
    before = kernels_of(voila_url)
    page.locator(".sjt-home-list a").first.click()
    for number, lesson in enumerate(LESSONS, start=1):
        place = route_of(lesson.notebook)
        page.wait_for_selector(f".sjt-place-{place} .sjt-footer[data-lesson='{number}']", timeout=TIMEOUT)
        assert page.url.endswith(f"#{place}")
        assert page.title().startswith(f"{number}. {lesson.title}")
        assert page.locator(".sjt-shell-content h1").first.inner_text().startswith(f"{number}. ")
        if any(p.lesson == lesson.number for p in BANK.values()):
            page.wait_for_selector(f".sjt-place-{place} .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
        no_trouble(page)
        footer = page.locator(f".sjt-place-{place} .sjt-footer a[rel='next'], .sjt-place-{place} .sjt-footer a")
        assert footer.last.get_attribute("target") is None  # the same tab
        footer.last.click()
    page.wait_for_selector(".sjt-place-practice .sjt-practice", timeout=TIMEOUT)
    assert len(page.context.pages) == 1  # no link opened a tab
    walked = {"home", "practice", *(route_of(lesson.notebook) for lesson in LESSONS)}
    for place in (p for p in PLACES if p.route not in walked):  # the review, the gallery
        page.evaluate("route => { window.location.hash = route; }", place.route)
        page.wait_for_selector(f".sjt-shell-content.sjt-place-{place.route} h1", timeout=TIMEOUT)
    assert kernels_of(voila_url) - before == set()  # no place started a kernel of its own (others may have ended)
    assert json.loads(page.locator("#jupyter-config-data").text_content() or "{}")["kernelId"] == kernel
    no_trouble(page)


@pytest.mark.parametrize("notebook", ["02-points.ipynb", "04-pairs.ipynb", "06-following.ipynb", "07-throws.ipynb"])
def test_solve_one_puzzle_and_fail_another(page: Any, voila_url: str, notebook: str) -> None:
    if notebook not in PAGES:
        pytest.fail(f"{notebook} is missing")
    open_page(page, voila_url, notebook, ".sjt-puzzle[data-puzzle-id]")
    card = page.locator(".sjt-puzzle").last
    pid = card.get_attribute("data-puzzle-id")
    puzzle = BANK[pid]
    answer(page, card, puzzle, puzzle.solve())
    card.get_by_role("button", name="Check", exact=True).click()
    assert "RULES" in verdict(page, pid, "correct")
    card.get_by_role("button", name="Next", exact=True).click()
    page.wait_for_function(
        f"document.querySelector('.sjt-puzzle:last-of-type')?.dataset.puzzleId !== '{pid}'", timeout=TIMEOUT
    )
    card = page.locator(".sjt-puzzle").last
    nid = card.get_attribute("data-puzzle-id")
    puzzle = BANK[nid]
    answer(page, card, puzzle, wrong_answer(puzzle))
    card.get_by_role("button", name="Check", exact=True).click()
    explanation = verdict(page, nid, "incorrect")
    assert "Not quite" in explanation
    assert len(explanation) > 40
    assert not page.page_errors
    # progress is saved: after a reload the lesson shows the solved puzzle, and opens at an unsolved one
    page.reload(timeout=TIMEOUT)
    page.wait_for_selector(".sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    assert "1 of" in page.locator(".sjt-lesson-header .sjt-meter").inner_text()
    assert page.locator(".sjt-puzzle").last.get_attribute("data-puzzle-id") != pid


def test_a_steps_answer_appears_only_once_the_step_is_answered(page: Any, voila_url: str) -> None:
    """Lesson 4: the trick that shows Q♠ Q♦ is no pair answers the first step, so it waits for the answer."""
    open_page(page, voila_url, "04-pairs.ipynb", ".sjt-step")
    step = page.locator(".sjt-step").first
    assert page.get_by_text("Played on a pair of spades").count() == 0
    for count in (1, 2):
        step.locator('button.sjt-card[data-card="QS"][aria-pressed="false"]').first.click()
        page.wait_for_function(
            f"document.querySelector('.sjt-step').querySelectorAll(\"button.sjt-card[aria-pressed='true']\").length"
            f" === {count}"
        )
    step.get_by_role("button", name="Check", exact=True).click()
    step.get_by_text("Played on a pair of spades").wait_for(timeout=TIMEOUT)
    assert step.locator(".sjt-trick-table").count() == 1
    no_trouble(page)


def _contrast(page: Any, locator: Any) -> float:
    """The contrast ratio of an element's text against its background (WCAG's formula)."""
    return float(
        locator.evaluate(
            """el => {
                const rgb = s => s.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
                const lum = c => { const [r, g, b] = c.map(v => { v /= 255;
                    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
                const st = getComputedStyle(el);
                const [a, b] = [lum(rgb(st.color)), lum(rgb(st.backgroundColor))];
                return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            }"""
        )
    )


def test_a_wrong_answers_red_button_stays_readable_under_the_pointer(page: Any, voila_url: str) -> None:
    open_page(page, voila_url, "04-pairs.ipynb", ".sjt-step")
    step = page.locator(".sjt-step").filter(has_text="Who wins this trick?").first
    wrong = step.get_by_role("button", name="West", exact=True)  # A♥ K♥ never beat a pair (lesson 4)
    wrong.click()
    page.wait_for_function("[...document.querySelectorAll('.sjt-step .mod-danger')].length > 0", timeout=TIMEOUT)
    page.mouse.move(0, 0)
    assert _contrast(page, wrong) >= 4.5
    wrong.hover()
    page.wait_for_timeout(300)  # past any transition
    assert _contrast(page, wrong) >= 4.5
    right = step.get_by_role("button", name="East", exact=True)  # 9♥ 9♥, the higher pair
    right.click()
    page.wait_for_function("[...document.querySelectorAll('.sjt-step .mod-success')].length > 0", timeout=TIMEOUT)
    # the mark and the disabling are two updates of the widgets: wait for the second as well
    page.wait_for_function(
        "[...document.querySelectorAll('.sjt-step .mod-success, .sjt-step .mod-danger')].every(b => b.disabled)",
        timeout=TIMEOUT,
    )
    for marked in (wrong, right):  # answered: the buttons are disabled, but the marks are not faded
        assert marked.is_disabled()
        assert marked.evaluate("el => getComputedStyle(el).opacity") == "1"
        assert _contrast(page, marked) >= 4.5


def test_the_keyboard_skips_to_a_lessons_puzzles_in_two_keys(page: Any, voila_url: str) -> None:
    """From the lesson's heading (where the focus lands), Tab reaches the "Skip to the puzzles" button and Enter
    takes the focus to the puzzles, without leaving the lesson; the next Tab is inside the first puzzle."""
    open_page(page, voila_url, "05-tractors.ipynb", ".sjt-puzzle[data-puzzle-id]")
    page.wait_for_function("document.activeElement && document.activeElement.tagName === 'H1'", timeout=TIMEOUT)
    url = page.url
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the puzzles"
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.classList.contains('sjt-skip-target')", timeout=TIMEOUT)
    assert page.url == url  # the address (the route) is untouched
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('.sjt-puzzle')")
    no_trouble(page)


def test_finishing_lesson_1_marks_it_done_on_the_home_path(page: Any, voila_url: str) -> None:
    """Lesson 1 has no puzzles: once its last question is answered (or shown) the lesson-complete card appears, and
    the home page's path marks it finished. The learner here answers each step with whatever comes first and takes
    "Show me" when it is offered, as a hurried beginner would."""
    # the lesson's cells arrive one by one: count its questions once the last cell (the footer) is on the page
    open_page(page, voila_url, "01-start-here.ipynb", ".sjt-place-start-here .sjt-footer")
    steps = page.locator(".sjt-place-start-here .sjt-step")
    count = steps.count()
    assert count >= 4
    line = page.locator(".sjt-finish-line")
    assert f"0 of {count} questions" in line.inner_text()
    for k in range(count):
        step = steps.nth(k)
        for _ in range(6):
            if step.locator(".sjt-step-explanation").count():
                break
            show_me = step.get_by_role("button", name="Show me", exact=True)
            if show_me.is_visible():
                show_me.click()
            elif step.locator("input[type='text'], input[type='number']").count():
                step.locator("input").first.fill("0")
                step.get_by_role("button", name="Check", exact=True).click()
            elif step.locator("button.sjt-card").count():
                step.locator("button.sjt-card").first.click()
                step.get_by_role("button", name="Check", exact=True).click()
            elif step.locator("button:not([disabled]):visible").count():
                step.locator("button:not([disabled]):visible").first.click()
            # a right answer disables the step's buttons before its explanation is drawn: wait for either
            with contextlib.suppress(PlaywrightTimeoutError):
                step.locator(".sjt-step-explanation").wait_for(timeout=1500)
        step.locator(".sjt-step-explanation").wait_for(timeout=TIMEOUT)
    card = page.locator(".sjt-complete")
    card.wait_for(timeout=TIMEOUT)
    assert "Lesson 1 complete: Start here" in card.inner_text()
    assert "Next: 2. Point cards" in card.inner_text()
    page.get_by_role("link", name="Course home").first.click()
    page.wait_for_selector(".sjt-place-home .sjt-path", timeout=TIMEOUT)
    stop = page.locator(".sjt-path a").first
    assert "finished" in (stop.get_attribute("aria-label") or "")
    assert "★" in (stop.text_content() or "")
    assert "✓ Finished" in page.locator(".sjt-home-list li[data-lesson='1']").inner_text()
    no_trouble(page)
