"""Lesson 13, House rules, in a real browser: a step under the red-five rule, a puzzle graded naming RULES §11, and
the Finding Friends hand seated at five with the learner among them."""

from __future__ import annotations

from typing import Any

from shengji_tutor.puzzles import load_bank

from .helpers import TIMEOUT, answer, no_trouble, open_page, verdict, wrong_answer

NOTEBOOK = "13-house-rules.ipynb"


def test_the_red_five_step_the_puzzles_and_a_five_player_hand(page: Any, voila_url: str) -> None:
    open_page(page, voila_url, NOTEBOOK, ".sjt-puzzle[data-puzzle-id]")

    step = page.locator(".sjt-step").filter(has_text="Select the highest trump in your hand")
    step.locator('button.sjt-card[data-card="BJ"]').click()
    step.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "[...document.querySelectorAll('.sjt-step')].some(s => s.textContent.includes('5♥ ranks above it'))",
        timeout=TIMEOUT,
    )
    step.locator('button.sjt-card[data-card="BJ"]').click()  # put the big joker back
    step.locator('button.sjt-card[data-card="5H"]').click()
    step.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "[...document.querySelectorAll('.sjt-step')].some(s => s.textContent.includes('higher even than the big joker'))",
        timeout=TIMEOUT,
    )

    card = page.locator(".sjt-puzzle").last
    pid = card.get_attribute("data-puzzle-id")
    puzzle = load_bank()[pid]
    assert puzzle.lesson == 13
    answer(page, card, puzzle, wrong_answer(puzzle))
    card.get_by_role("button", name="Check", exact=True).click()
    assert "RULES §11" in verdict(page, pid, "incorrect")

    game = page.locator(".sjt-coached-game").first
    game.wait_for(timeout=TIMEOUT)
    page.wait_for_function(
        "document.querySelector('.sjt-coached-game')?.textContent.includes('Seat 3')",
        timeout=TIMEOUT,
    )
    assert "Seat 5" in game.inner_text()
    no_trouble(page)
