"""The same widgets in JupyterLab 4: run the gallery and pick cards."""

from __future__ import annotations

from typing import Any

TIMEOUT = 120_000


def test_gallery_widgets_work_in_jupyterlab(page: Any, lab_url: str) -> None:
    page.goto(lab_url + "/lab/tree/widgets-gallery.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=TIMEOUT)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.wait_for_selector('button[data-card="AS"]', timeout=TIMEOUT)
    picker = page.locator(".sjt-picker").first
    picker.locator('button[data-card="AS"]').first.click()
    picker.locator('button[data-card="10H"]').click()
    page.wait_for_function("document.querySelector('.sjt-readout')?.innerText.includes('A♠ 10♥')", timeout=TIMEOUT)
    winner = page.locator(".sjt-puzzle[data-puzzle-id='gallery-winner']")
    winner.get_by_role("button", name="East", exact=True).click()
    winner.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "document.querySelector(\"[data-puzzle-id='gallery-winner'] .sjt-feedback\")?.dataset.verdict === 'correct'",
        timeout=TIMEOUT,
    )
