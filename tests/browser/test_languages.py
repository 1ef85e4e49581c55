"""The course in 中文 and Русский in a real browser: every place read in the language asked for, no English sentence
left on screen, no character drawn as an empty box, no console error."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from shengji_tutor.course.catalogue import LESSONS
from shengji_tutor.course.places import PLACES

from .helpers import TIMEOUT, no_trouble

COURSE = "/voila/render/course.ipynb"
LESSON_ROUTES = {lesson.slug for lesson in LESSONS}

ENGLISH_RUN = re.compile(r"(?<![^\W\d_])[A-Za-z]{2,}(?:[ ,;:'’\-]+[A-Za-z]{2,}){2,}(?![^\W\d_])")
"""Three or more English words in a row (words of ASCII letters only: pinyin carries tone marks, card codes
are single letters or digits)."""
ALLOWED = ("Sheng ji", "Zheng Fen", "English")
"""Words that are the same in every language: the game's names as the course writes them, the switch's English."""


def english_left(text: str) -> list[str]:
    """Runs of three or more English words in ``text`` that no language would keep.

    >>> english_left("东家首出 8♦ 8♦。Is that legal?")
    []
    >>> english_left("第 4 课 · Skip to the puzzles")
    ['Skip to the puzzles']
    """
    found = []
    for match in ENGLISH_RUN.finditer(text):
        words = match.group(0)
        for allowed in ALLOWED:
            words = words.replace(allowed, "")
        if len(re.findall(r"[A-Za-z]{2,}", words)) >= 3:
            found.append(match.group(0))
    return found


def missing_glyphs(page: Any) -> list[str]:
    """The characters of the page's text that come out as the empty box a browser draws when no font has them."""
    return list(
        page.evaluate(
            """() => {
            const text = document.querySelector('.sjt-shell').innerText;
            const chars = [...new Set([...text].filter(c => c.charCodeAt(0) > 0x2000 && c.trim()))];
            const font = getComputedStyle(document.querySelector('.sjt-course') || document.body).fontFamily;
            const canvas = document.createElement('canvas');
            canvas.width = 48; canvas.height = 48;
            const pen = canvas.getContext('2d');
            const draw = (c) => {
                pen.clearRect(0, 0, 48, 48);
                pen.font = `32px ${font}`;
                pen.fillText(c, 4, 38);
                return canvas.toDataURL();
            };
            const box = draw('\\u0378');
            return chars.filter(c => draw(c) === box);
        }"""
        )
    )


def visit(page: Any, voila_url: str, code: str, route: str) -> str:
    """Open ``route`` of the course in language ``code`` (by the address) and wait until it is drawn whole."""
    page.goto(f"{voila_url}{COURSE}?lang={code}#{route}", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(f".sjt-shell-content.sjt-place-{route} h1", timeout=TIMEOUT)
    if route in LESSON_ROUTES:  # a lesson is drawn in parts: its footer comes last
        page.wait_for_selector(f".sjt-place-{route} .sjt-footer, .sjt-place-{route} .sjt-cell-error", timeout=TIMEOUT)
    page.wait_for_timeout(600)
    return str(page.locator(".sjt-shell").inner_text())


@pytest.mark.parametrize("code", ["zh", "ru"])
def test_every_place_reads_in_the_language_with_no_english_left(page: Any, voila_url: str, code: str) -> None:
    shots = os.environ.get("SJT_SHOTS")
    left: dict[str, list[str]] = {}
    for place in PLACES:
        text = visit(page, voila_url, code, place.route)
        if english_left(text):
            left[place.route] = english_left(text)
        assert not missing_glyphs(page), place.route
        current = page.locator(".sjt-lang a[aria-current='true']")
        if place.route != "gallery":  # the widget gallery (for authors) has no course bar
            assert current.count(), f"{place.route}: no language switch"
            assert current.first.get_attribute("data-lang") == code, place.route
        if shots and place.route in ("home", "pairs", "playing-well", "practice"):
            page.screenshot(path=os.path.join(shots, f"{code}-{place.route}.png"), full_page=False)
    assert not left, left
    no_trouble(page)


def test_the_scan_finds_english_sentences_and_passes_over_cards_names_and_pinyin() -> None:
    assert english_left("东家首出 8♦ 8♦。你手里没有方块对子，出了 J♦ Q♦。") == []
    assert english_left("第 4 课（共 13 课） · Skip to the puzzles") == ["Skip to the puzzles"]
    assert english_left("Урок 4 · пара (对子 duìzi) · BJ SJ 10♥ · English 中文 Русский") == []
    assert english_left("Sheng ji tutor") == []  # the game's name and one word
    assert english_left("Учимся: You picked nothing yet") == ["You picked nothing yet"]
