"""The course in a real browser, served exactly as `make serve` serves it."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from shengji_tutor.course import LESSONS
from shengji_tutor.puzzles import Puzzle, load_bank

from .conftest import NOTEBOOKS

TIMEOUT = 120_000
BANK = load_bank()
PAGES = [lesson.notebook for lesson in LESSONS if (NOTEBOOKS / lesson.notebook).exists()]


def open_page(page: Any, voila_url: str, notebook: str, ready: str) -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=TIMEOUT)


def test_the_root_url_leads_to_the_course_home(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-home-list", timeout=TIMEOUT)
    assert page.url.endswith("/voila/render/00-home.ipynb")
    links = page.locator(".sjt-home-list a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links == [lesson.notebook for lesson in LESSONS]
    assert not page.page_errors


@pytest.mark.parametrize("notebook", PAGES)
def test_every_lesson_renders_without_errors(page: Any, voila_url: str, notebook: str) -> None:
    open_page(page, voila_url, notebook, ".sjt-lesson-header")
    page.wait_for_selector(".sjt-footer", timeout=TIMEOUT)
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert not page.page_errors
    assert page.outside_requests == []  # nothing comes from outside the machine (no CDN fonts or scripts)
    assert page.console_errors == []
    lesson = next(x for x in LESSONS if x.notebook == notebook)
    if any(p.lesson == lesson.number for p in BANK.values()):
        page.wait_for_selector(".sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)


def answer(page: Any, card: Any, puzzle: Puzzle, value: Any) -> None:
    """Give an answer through the page, as a learner would."""
    kind = puzzle.answer_kind
    if kind in ("cards", "order"):
        tokens = value if isinstance(value, list) else str(value).split()
        for token in tokens:
            card.locator(f'button.sjt-card[data-card="{token}"][aria-pressed="false"]').first.click()
        count = len(tokens)
        page.wait_for_function(
            f"document.querySelectorAll(\".sjt-puzzle button.sjt-card[aria-pressed='true']\").length === {count}"
        )
    elif kind == "seat":
        card.get_by_role("button", name=value, exact=True).click()
    elif kind == "number":
        card.get_by_label("Answer").fill(str(value))
        card.get_by_label("Answer").press("Tab")
    else:
        card.get_by_role("button", name=str(value).capitalize(), exact=True).click()


def wrong_answer(puzzle: Puzzle) -> Any:
    kind = puzzle.answer_kind
    right = puzzle.solve()
    if kind == "seat":
        return next(s for s in ("North", "West", "South", "East") if s != right and not puzzle.grade(s).correct)
    if kind == "number":
        return int(right) + 5
    if kind == "yesno":
        return "no" if right == "yes" else "yes"
    if kind == "order":
        return list(reversed(right))
    pool = [str(c) for c in puzzle.view().hand]
    for combo in itertools.combinations(pool, len(right)):
        if not puzzle.grade(list(combo)).correct and not Counter(combo) - Counter(pool):
            return list(combo)
    raise AssertionError(f"no wrong answer for {puzzle.id}")


def verdict(page: Any, puzzle_id: str, expected: str) -> str:
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{puzzle_id}'] .sjt-feedback\")?.dataset.verdict === '{expected}'",
        timeout=TIMEOUT,
    )
    return str(page.locator(f"[data-puzzle-id='{puzzle_id}'] .sjt-feedback").inner_text())


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
