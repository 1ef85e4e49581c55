"""The widget gallery in a real browser: served by Voilà, driven through Playwright."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .conftest import ROOT
from .helpers import no_trouble

GALLERY = "/voila/render/widgets-gallery.ipynb"
TIMEOUT = 90_000
SHOTS = ROOT / "docs" if os.environ.get("SJT_UPDATE_SCREENSHOTS") else None


def open_gallery(page: Any, voila_url: str) -> None:
    page.goto(voila_url + GALLERY, timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-puzzle[data-puzzle-id='gallery-legal']", timeout=TIMEOUT)


def test_clicking_two_cards_reaches_python(page: Any, voila_url: str, tmp_path: Path) -> None:
    open_gallery(page, voila_url)
    picker = page.locator(".sjt-picker").first
    ace = picker.locator('button[data-card="AS"]').first
    ten = picker.locator('button[data-card="10H"]')
    ace.click()
    ten.click()
    # the readout is written by the kernel: it proves Python saw the selection
    page.wait_for_function("document.querySelector('.sjt-readout')?.innerText.includes('A♠ 10♥')", timeout=TIMEOUT)
    assert ace.get_attribute("aria-pressed") == "true"
    assert ten.get_attribute("aria-pressed") == "true"
    # a third card is refused: the hand allows two, and the refusal is shown
    picker.locator('button[data-card="9S"]').click()
    page.wait_for_function("document.querySelector('.sjt-picker .sjt-error')?.innerText.includes('at most 2')")
    assert picker.locator('button[data-card="9S"]').get_attribute("aria-pressed") == "false"
    # keyboard: Space on a focused card toggles it
    ten.focus()
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.sjt-readout')?.innerText.trim() === 'Python sees: A♠'")
    no_trouble(page)  # no script or console error, nothing from another host
    shot = (SHOTS or tmp_path) / "hand-picker.png"
    picker.screenshot(path=str(shot))
    page.locator(".sjt-trick-table").first.screenshot(path=str((SHOTS or tmp_path) / "trick-table.png"))
    assert shot.stat().st_size > 1000


def test_puzzle_cards_grade_in_the_kernel(page: Any, voila_url: str, tmp_path: Path) -> None:
    open_gallery(page, voila_url)
    follow = page.locator(".sjt-puzzle[data-puzzle-id='gallery-follow']")
    follow.locator('button[data-card="8H"]').first.click()
    follow.locator('button[data-card="4H"]').click()
    follow.get_by_role("button", name="Check", exact=True).click()
    feedback = follow.locator(".sjt-feedback")
    page.wait_for_function(
        "document.querySelector(\"[data-puzzle-id='gallery-follow'] .sjt-feedback\")?.dataset.verdict === 'incorrect'"
    )
    assert "pair of hearts" in feedback.inner_text()

    winner = page.locator(".sjt-puzzle[data-puzzle-id='gallery-winner']")
    winner.get_by_role("button", name="East", exact=True).click()
    winner.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "document.querySelector(\"[data-puzzle-id='gallery-winner'] .sjt-feedback\")?.dataset.verdict === 'correct'"
    )

    pts = page.locator(".sjt-puzzle[data-puzzle-id='gallery-points']")
    pts.get_by_label("Answer").fill("25")
    pts.get_by_label("Answer").press("Enter")
    page.wait_for_function(
        "document.querySelector(\"[data-puzzle-id='gallery-points'] .sjt-feedback\")?.dataset.verdict === 'correct'"
    )

    legal = page.locator(".sjt-puzzle[data-puzzle-id='gallery-legal']")
    legal.get_by_role("button", name="Hint", exact=True).click()
    legal.get_by_role("button", name="Yes", exact=True).click()
    legal.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "document.querySelector(\"[data-puzzle-id='gallery-legal'] .sjt-feedback\")?.dataset.verdict === 'incorrect'"
    )
    assert "diamonds" in legal.locator(".sjt-feedback").inner_text()
    assert legal.get_by_role("button", name="Next", exact=True).is_disabled()
    no_trouble(page)  # no script or console error, nothing from another host
    follow.screenshot(path=str((SHOTS or tmp_path) / "puzzle-card.png"))


def test_trump_chooser_resorts_the_deck(page: Any, voila_url: str) -> None:
    open_gallery(page, voila_url)
    chooser = page.locator(".sjt-trump-chooser")
    chooser.get_by_label("Trump rank").select_option("A")
    chooser.get_by_label("No-trump 无主").check()
    page.wait_for_function("document.querySelector('.sjt-trump-chooser .sjt-summary')?.innerText.includes('no-trump')")
    trump_group = chooser.locator(".sjt-group[data-group='trump']")
    tokens = trump_group.locator("[data-token]").evaluate_all("els => els.map(e => e.dataset.token)")
    assert tokens == ["BJ", "SJ", "AS", "AH", "AC", "AD"]
