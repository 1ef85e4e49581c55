"""The course's one page in a real browser: the address follows the learner, and back, forward and reload agree."""

from __future__ import annotations

import os
from typing import Any

from .helpers import TIMEOUT, no_trouble

COURSE = "/voila/render/course.ipynb"


def at(page: Any, route: str) -> None:
    """Wait until the page shows ``route`` (its heading drawn) and the address says so."""
    page.wait_for_selector(f".sjt-shell-content.sjt-place-{route} h1", timeout=TIMEOUT)
    page.wait_for_function("route => window.location.hash === '#' + route", arg=route, timeout=TIMEOUT)


def heading(page: Any) -> str:
    return str(page.locator(".sjt-shell-content h1").first.inner_text())


def test_back_forward_and_reload_land_on_the_same_lesson(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}{COURSE}", timeout=TIMEOUT, wait_until="domcontentloaded")
    at(page, "home")  # no fragment: home, and the address says so without a history entry of its own
    page.locator(".sjt-home-list a[href='#pairs']").click()
    at(page, "pairs")
    assert heading(page) == "4. Pairs"
    page.wait_for_function(  # keyboard focus moves to the new lesson's heading
        "document.activeElement?.matches('.sjt-place-pairs h1')", timeout=TIMEOUT
    )
    page.locator(".sjt-place-pairs .sjt-footer a[rel='next']").click()
    at(page, "tractors")
    page.go_back()
    at(page, "pairs")
    assert heading(page) == "4. Pairs"
    page.go_back()
    at(page, "home")
    page.go_forward()
    at(page, "pairs")
    page.go_forward()
    at(page, "tractors")
    assert page.title() == "5. Tractors · Sheng ji tutor"
    page.reload(timeout=TIMEOUT)
    at(page, "tractors")  # a reload opens a fresh kernel on the same lesson
    assert heading(page) == "5. Tractors"
    page.go_back()
    at(page, "pairs")  # history survives the reload
    no_trouble(page)


def test_an_unknown_place_shows_home_and_corrects_the_address(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}{COURSE}#no-such-lesson", timeout=TIMEOUT, wait_until="domcontentloaded")
    at(page, "home")
    assert page.url.endswith(f"{COURSE}#home")
    no_trouble(page)


def test_an_old_lesson_address_keeps_its_query(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/10-play-a-hand.ipynb?seed=7", timeout=TIMEOUT, wait_until="domcontentloaded")
    at(page, "play-a-hand")
    assert page.url.endswith(f"{COURSE}?seed=7#play-a-hand")
    page.wait_for_selector(".sjt-coached-game", timeout=TIMEOUT)
    no_trouble(page)


def test_the_language_switch_redraws_the_place_and_a_reload_keeps_it(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}{COURSE}#pairs", timeout=TIMEOUT, wait_until="domcontentloaded")
    at(page, "pairs")
    assert heading(page) == "4. Pairs"
    try:
        page.locator(".sjt-place-pairs .sjt-lang a[data-lang='zh']").first.click()
        page.wait_for_function(
            "document.querySelector('.sjt-shell-content h1')?.innerText === '4. 对子'", timeout=TIMEOUT
        )
        at(page, "pairs")  # the same place, in the same kernel
        assert "lang=zh" in page.url
        assert page.url.endswith("#pairs")
        nav = page.locator(".sjt-place-pairs nav.sjt-nav").first.inner_text()
        assert "课程首页" in nav
        assert "练习" in nav
        if os.environ.get("SJT_SHOTS"):
            page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], "language-zh.png"))
        page.reload(timeout=TIMEOUT)
        at(page, "pairs")  # a reload opens a fresh kernel: the address keeps the language
        assert heading(page) == "4. 对子"
        page.locator(".sjt-place-pairs .sjt-lang a[data-lang='ru']").first.click()
        page.wait_for_function(
            "document.querySelector('.sjt-shell-content h1')?.innerText === '4. Пары'", timeout=TIMEOUT
        )
        assert page.title().startswith("4. Пары · ")  # the tab says where, in Russian
        no_trouble(page)
    finally:  # the local learner keeps their choice: leave English for the tests after this one
        page.locator(".sjt-shell-content .sjt-lang a[data-lang='en']").first.click()
        page.wait_for_function(
            "document.querySelector('.sjt-shell-content h1')?.innerText === '4. Pairs'", timeout=TIMEOUT
        )
