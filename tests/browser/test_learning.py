"""Learning that sticks, in a real browser: the hint ladder, a mistake coming back on the Review page, mastery on the
home page, and practice's streak rule."""

from __future__ import annotations

import re
from typing import Any

from shengji_tutor.engine.cards import parse_cards
from shengji_tutor.engine.trump import Trump
from shengji_tutor.puzzles import load_bank

from .helpers import TIMEOUT, answer, no_trouble, verdict, wrong_answer

BANK = load_bank()
SHELL = "/voila/render/course.ipynb"


def go(page: Any, voila_url: str, route: str, ready: str) -> None:
    page.goto(f"{voila_url}{SHELL}#{route}", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=TIMEOUT)


def move(page: Any, route: str, ready: str) -> None:
    """Go to another place of the course in the same page, as a link does."""
    page.evaluate(f"location.hash = '#{route}'")
    page.wait_for_selector(ready, timeout=TIMEOUT)


def puzzle_card(page: Any, place: str, within: str = "") -> tuple[Any, str]:
    card = page.locator(f".sjt-place-{place} {within} .sjt-puzzle[data-puzzle-id]").last
    return card, str(card.get_attribute("data-puzzle-id"))


def test_the_hint_ladder_opens_step_by_step_then_offers_the_answer(page: Any, voila_url: str) -> None:
    go(page, voila_url, "following", ".sjt-place-following .sjt-puzzle[data-puzzle-id]")
    card, pid = puzzle_card(page, "following")
    while BANK[pid].answer_kind != "cards":  # a puzzle answered with cards: its last step highlights them
        card.get_by_role("button", name="Next", exact=True).click()
        page.wait_for_function(
            f"document.querySelector('.sjt-place-following .sjt-puzzle').dataset.puzzleId !== '{pid}'"
        )
        card, pid = puzzle_card(page, "following")
    steps = BANK[pid].hint_steps()
    hint = card.locator("button.sjt-hint-button")
    assert hint.inner_text() == f"Hint (1 of {len(steps)})"
    assert card.locator(".sjt-reveal").is_hidden()  # no answer offered before the learner tried
    for n in range(1, len(steps) + 1):
        hint.click()
        page.wait_for_function(
            f"document.querySelectorAll(\"[data-puzzle-id='{pid}'] .sjt-hint-ladder li\").length === {n}"
        )
        assert card.locator(".sjt-hint-ladder li").nth(n - 1).inner_text() == steps[n - 1].text
    assert hint.is_disabled()
    assert hint.inner_text() == f"All {len(steps)} hints shown"
    highlighted = card.locator("button.sjt-card.sjt-hint").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(highlighted) == sorted(str(c) for c in steps[-1].cards)
    card.locator(".sjt-reveal").click()
    shown = verdict(page, pid, "shown")
    assert "not counted as solved" in shown
    assert BANK[pid].solution_text() in shown
    no_trouble(page)


def test_a_wrong_answer_comes_back_on_the_review_page(page: Any, voila_url: str) -> None:
    # lesson 5's puzzles: no other browser test answers them, so this one is new to the review queue
    go(page, voila_url, "tractors", ".sjt-place-tractors .sjt-puzzle[data-puzzle-id]")
    card, pid = puzzle_card(page, "tractors")
    puzzle = BANK[pid]
    answer(page, card, puzzle, wrong_answer(puzzle))
    card.get_by_role("button", name="Check", exact=True).click()
    told = verdict(page, pid, "incorrect")
    assert "RULES §" in told
    assert puzzle.solution_text() not in told  # the first wrong answer names the mistake, not the solution
    assert "comes back in your review" in card.locator(".sjt-progress").inner_text()
    move(page, "home", ".sjt-place-home .sjt-review-due a")
    assert re.search(r"\d+ puzzles? to review today", page.locator(".sjt-review-due").inner_text())
    page.locator(".sjt-review-due a").click()
    page.wait_for_selector(".sjt-place-review .sjt-review-queue .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    assert page.url.endswith("#review")
    seen = []
    for _ in range(40):  # the soonest due first: earlier tests' mistakes may come before this one
        # the review queue's card (below it, lesson 10's kept mistakes may show a card of their own)
        card, shown = puzzle_card(page, "review", ".sjt-review-queue")
        seen.append(shown)
        if shown == pid:
            break
        card.get_by_role("button", name="Next", exact=True).click()
        page.wait_for_function(
            "document.querySelector('.sjt-place-review .sjt-review-queue .sjt-puzzle')?.dataset.puzzleId"
            f" !== '{shown}'",
            timeout=TIMEOUT,
        )
    assert pid in seen
    assert "A puzzle you missed before" in card.locator(".sjt-progress").inner_text()
    answer(page, card, puzzle, puzzle.solve())
    card.get_by_role("button", name="Check", exact=True).click()
    verdict(page, pid, "correct")
    assert "further apart" in card.locator(".sjt-progress").inner_text()
    no_trouble(page)


def test_the_home_page_shows_mastery(page: Any, voila_url: str) -> None:
    stop = ".sjt-place-home .sjt-path a[aria-label^='Lesson 3,']"
    go(page, voila_url, "home", stop)
    before = int(re.findall(r"(\d+) of \d+ puzzles mastered", page.locator(stop).get_attribute("aria-label"))[0])
    move(page, "trump-order", ".sjt-place-trump-order .sjt-puzzle[data-puzzle-id]")
    card, pid = puzzle_card(page, "trump-order")
    puzzle = BANK[pid]
    answer(page, card, puzzle, puzzle.solve())
    card.get_by_role("button", name="Check", exact=True).click()
    verdict(page, pid, "correct")
    assert f"{before + 1} of" in page.locator(".sjt-place-trump-order .sjt-lesson-header .sjt-meter").inner_text()
    move(page, "home", stop)
    label = page.locator(stop).get_attribute("aria-label")
    assert f"{before + 1} of " in label
    assert page.locator(".sjt-home-list li[data-lesson='3'] .sjt-meter").inner_text().startswith(f"{before + 1} of")
    assert "mastered" in page.locator(".sjt-home-list li[data-lesson='3'] .sjt-meter").inner_text()
    no_trouble(page)


def _order_answer(card: Any) -> list[str]:
    """The answer of an order puzzle, from what the page shows: its trump sentence and its cards."""
    context = card.locator(".sjt-context").inner_text()
    found = re.search(r"rank (\w+), (\w+) are trump", context, re.IGNORECASE)
    suits = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
    if found:
        trump = Trump(found.group(1), suits[found.group(2).lower()])
    else:
        trump = Trump(re.search(r"rank (\w+), no-trump", context, re.IGNORECASE).group(1), None)  # type: ignore[union-attr]
    tokens = card.locator("button.sjt-card").evaluate_all("els => els.map(e => e.dataset.card)")
    return [str(c) for c in sorted(parse_cards(" ".join(tokens)), key=trump.key, reverse=True)]


def test_the_streak_rises_once_per_puzzle_on_a_first_try(page: Any, voila_url: str) -> None:
    go(page, voila_url, "practice/order", ".sjt-place-practice .sjt-puzzle[data-puzzle-id]")
    streak = page.locator(".sjt-place-practice .sjt-streak")
    card, pid = puzzle_card(page, "practice")
    assert pid.startswith("gen-order-")  # the address's detail opened practice on the order topic
    tokens = _order_answer(card)
    for token in tokens:
        card.locator(f'button.sjt-card[data-card="{token}"][aria-pressed="false"]').first.click()
    card.get_by_role("button", name="Check", exact=True).click()
    verdict(page, pid, "correct")
    page.wait_for_function("document.querySelector('.sjt-streak strong')?.textContent === '1'", timeout=TIMEOUT)
    for _ in range(3):  # Check again on the same puzzle: the streak does not rise
        card.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_timeout(500)
    assert streak.locator("strong").inner_text() == "1"
    card.get_by_role("button", name="Next", exact=True).click()
    page.wait_for_function(
        f"document.querySelector('.sjt-place-practice .sjt-puzzle')?.dataset.puzzleId !== '{pid}'", timeout=TIMEOUT
    )
    card, pid = puzzle_card(page, "practice")
    card.locator("button.sjt-hint-button").click()  # a hint: right, but not a first try
    for token in _order_answer(card):
        card.locator(f'button.sjt-card[data-card="{token}"][aria-pressed="false"]').first.click()
    card.get_by_role("button", name="Check", exact=True).click()
    verdict(page, pid, "correct")
    page.wait_for_function("document.querySelector('.sjt-streak strong')?.textContent === '0'", timeout=TIMEOUT)
    assert "best: 1" in streak.inner_text()
    no_trouble(page)
