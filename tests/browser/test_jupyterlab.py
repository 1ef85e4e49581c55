"""The same widgets in JupyterLab 4: run the gallery and pick cards."""

from __future__ import annotations

import logging
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .helpers import patience_ms

TIMEOUT = 120_000
RUN_TRIES = 3
ANSWER_TRIES = 4
log = logging.getLogger(__name__)


def answer_dialog(page: Any) -> None:
    """Accept a JupyterLab dialog left open over the notebook, saying which one. On a loaded machine a slow
    kernel start can leave one up ("Select Kernel", "Kernel Restarting"); it covers the menu bar, so every
    click waits for it until the test times out (a CI run failed so). Its default button keeps the notebook's
    own kernel; the test then still has to show the cards and grade a puzzle, so nothing real is hidden."""
    dialog = page.locator("dialog.jp-Dialog")
    for attempt in range(1, ANSWER_TRIES + 1):
        if not dialog.count():
            return
        text = " ".join(dialog.first.inner_text().split())
        log.warning("JupyterLab showed a dialog, answered with its default button: %r", text)
        buttons = dialog.first.locator(".jp-Dialog-footer button.jp-mod-accept")
        if buttons.count() and attempt < ANSWER_TRIES:
            buttons.last.click()
        else:
            page.keyboard.press("Escape")
        try:  # on a loaded machine a click can land while the dialog is still settling, and is lost: again, and
            # at the last try Escape (it keeps the kernel as it is; a Run All without one asks again)
            dialog.first.wait_for(state="detached", timeout=patience_ms(TIMEOUT // 8))
            return
        except PlaywrightTimeout:
            if attempt == ANSWER_TRIES:
                raise


def run_all_until_cards_show(page: Any) -> None:
    """Run All Cells, again if no card shows within a while: on a loaded machine JupyterLab can drop the first
    click while it is still settling (the menu opens, the command never runs); running the gallery twice is
    harmless."""
    for attempt in range(1, RUN_TRIES + 1):
        answer_dialog(page)
        # a dialog's answer may (re)start the kernel: Run All sent before it is idle again is dropped
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=patience_ms(TIMEOUT))
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        answer_dialog(page)
        try:
            page.wait_for_selector('button[data-card="AS"]', timeout=patience_ms(TIMEOUT // 2))
            return
        except PlaywrightTimeout:  # try again, then let the last one fail the test
            if attempt == RUN_TRIES:
                raise


def test_gallery_widgets_work_in_jupyterlab(page: Any, lab_url: str) -> None:
    page.goto(lab_url + "/lab/tree/widgets-gallery.ipynb", timeout=patience_ms(TIMEOUT), wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=patience_ms(TIMEOUT))
    # Leave a dialog over the notebook, as a slow kernel start once did in CI: running must still get through.
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_text("Change Kernel…", exact=True).click()
    page.wait_for_selector("dialog.jp-Dialog", timeout=patience_ms(TIMEOUT))
    run_all_until_cards_show(page)
    picker = page.locator(".sjt-picker").first
    picker.locator('button[data-card="AS"]').first.click()
    picker.locator('button[data-card="10H"]').click()
    page.wait_for_function(
        "document.querySelector('.sjt-readout')?.innerText.includes('A♠ 10♥')", timeout=patience_ms(TIMEOUT)
    )
    winner = page.locator(".sjt-puzzle[data-puzzle-id='gallery-winner']")
    winner.get_by_role("button", name="East", exact=True).click()
    winner.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "document.querySelector(\"[data-puzzle-id='gallery-winner'] .sjt-feedback\")?.dataset.verdict === 'correct'",
        timeout=patience_ms(TIMEOUT),
    )
