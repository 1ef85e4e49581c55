"""Lesson 11 in a real browser: an idea's examples wait for its task to be answered; a live demo's button runs the
search in the kernel and shows its verdict as cards."""

from __future__ import annotations

from typing import Any

from .helpers import TIMEOUT, no_trouble, open_page

NOTEBOOK = "11-playing-well.ipynb"


def test_a_demo_shows_the_engines_verdict_with_card_pictures(page: Any, voila_url: str) -> None:
    open_page(page, voila_url, NOTEBOOK, ".sjt-footer")
    # widgets are drawn after the page's last output: wait for all nine demos
    page.wait_for_function("document.querySelectorAll('.sjt-engine-panel').length === 9", timeout=TIMEOUT)
    # an idea's example and counter-example answer its "Your turn": they appear only once it is answered
    assert page.locator(".sjt-example-good").count() == 0
    assert page.locator(".sjt-example-bad").count() == 0
    step = page.locator(".sjt-step").filter(has_text="Nobody has led trumps yet")
    step.get_by_role("button", name="East", exact=True).click()
    step.locator(".sjt-example-good").first.wait_for(timeout=TIMEOUT)
    assert step.locator(".sjt-example-bad").count() >= 1
    assert step.locator(".sjt-example-row .sjt-trick-table, .sjt-example-row .sjt-cards").count() >= 2
    assert page.locator(".sjt-example-good").count() == step.locator(".sjt-example-good").count()
    panels = page.locator(".sjt-engine-panel")
    assert panels.count() == 9
    give = panels.filter(has_text="Give points (垫分 diànfēn)")
    assert "winning the trick so far" in give.inner_text()
    assert give.locator(".sjt-engine-verdict").count() == 0
    give.get_by_role("button", name="What does the engine think?").click()
    table = give.locator(".sjt-engine-verdict table")
    table.wait_for(timeout=TIMEOUT)
    caption = table.locator("caption").inner_text()
    assert caption.startswith("Each play played out over deals of the cards you cannot see")
    assert "the best chosen on 24 of them" in caption
    assert "worth 100 points" not in caption  # lesson 10 says 40 points a level: the panel does not contradict it
    best = table.locator('tr[data-best="true"]')
    assert best.locator("svg").count() >= 1  # the best play drawn as a card
    assert "best" in best.inner_text()
    assert "You took the trick from your partner North" in table.inner_text()
    # every picture of the verdict is named for screen readers, every column has a header
    names = table.locator('[role="img"]').evaluate_all("els => els.map(e => e.getAttribute('aria-label') || '')")
    assert names
    assert all(names)
    assert table.locator('thead th[scope="col"]').count() == 6
    no_trouble(page)  # no script or console error, nothing from another host
