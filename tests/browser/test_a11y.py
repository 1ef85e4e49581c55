"""Accessibility and one look, in a real browser: axe-core finds no serious or critical problem on any place of the
course or on the instructor's console; the keyboard alone solves puzzles and drives every widget; nothing runs off a
phone's screen; a fanned hand leaves every card's rank, suit and point badge in view; Check's verdict appears in view;
Jupyter's stock controls wear the course's style; Chinese is drawn in a real font.

axe-core comes inside axe-playwright-python (nothing is downloaded).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.course.places import PLACES
from shengji_tutor.play.coached_hand import CoachedHand
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.ui.coach import CoachedGame

from .conftest import CLASS_KEY
from .helpers import (
    DESKTOP,
    PHONE,
    TIMEOUT,
    answer,
    no_trouble,
    overflow,
    serious_problems,
    settled,
    verdict,
    wrong_answer,
)

COURSE = "/voila/render/course.ipynb"
BANK = load_bank()


# -- getting around -------------------------------------------------------------------------------


def settle(page: Any) -> None:
    """Wait until the shown place stops changing (its notebook has run and its widgets are drawn)."""
    settled(page, 1200)


def open_course(page: Any, voila_url: str, route: str = "home", query: str = "") -> None:
    page.goto(f"{voila_url}{COURSE}{query}#{route}", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(f".sjt-shell-content.sjt-place-{route} h1", timeout=TIMEOUT)
    settle(page)


def go(page: Any, route: str) -> None:
    """Show another place of the course in the same page, as a link does."""
    page.evaluate("route => { location.hash = '#' + route; }", route)
    page.wait_for_selector(f".sjt-shell-content.sjt-place-{route} h1", timeout=TIMEOUT)
    settle(page)


# -- what is checked ------------------------------------------------------------------------------


HIDDEN_INDEX = """root => {
    // Every card's rank, suit and point badge must be the topmost thing at its own centre.
    const hidden = [];
    const cards = [...root.querySelectorAll('svg.sjt-card-svg')];
    for (const card of cards) {
        const name = card.getAttribute('aria-label');
        const parts = [...card.querySelectorAll('.sjt-index text, .sjt-index path, .sjt-points circle')];
        if (!name.includes('joker') && parts.length < 2) hidden.push(`${name}: no index drawn`);
        for (const part of parts) {
            const box = part.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const top = document.elementFromPoint(x, y);
            if (!top || top.closest('svg.sjt-card-svg') !== card) hidden.push(`${name}: ${part.tagName} covered`);
        }
    }
    const overlaps = cards.filter((card, n) => n > 0 && card.getBoundingClientRect().left < cards[n - 1].getBoundingClientRect().right
        && card.getBoundingClientRect().top < cards[n - 1].getBoundingClientRect().bottom).length;
    return [overlaps, hidden];
}"""


def covered_indexes(page: Any, root: Any) -> tuple[int, list[str]]:
    """(how many cards overlap the one before them, what of each card's index another card covers) within
    ``root``, scrolled into view."""
    root.scroll_into_view_if_needed()
    page.mouse.move(0, 0)  # no card lifted by the pointer
    page.evaluate("document.activeElement?.blur()")  # none brought forward by the keyboard focus
    page.wait_for_timeout(300)  # the lift's transition
    count, hidden = root.evaluate(HIDDEN_INDEX)
    return int(count), list(hidden)


# -- every place passes axe-core, and fits a phone ------------------------------------------------


def every_place(page: Any, voila_url: str, check: Callable[[Any], list[str]]) -> dict[str, list[str]]:
    """What ``check`` finds on each place of the course, shown in turn in one page (places where it finds nothing
    are left out)."""
    open_course(page, voila_url)
    found = {}
    for place in PLACES:
        go(page, place.route)
        if problems := check(page):
            found[place.route] = problems
    return found


CARDS_OFF = """() => {
    // Each card drawn outside what holds it: a trick's card outside its table's picture, a hand's card past its
    // hand's box (cut off by the panel it sits in).
    const found = [];
    const inside = (box, edge) => box.left >= edge.left - 1 && box.right <= edge.right + 1
        && box.top >= edge.top - 1 && box.bottom <= edge.bottom + 1;
    for (const table of document.querySelectorAll('#rendered_cells svg.sjt-trick-svg')) {
        const felt = table.getBoundingClientRect();
        if (felt.width === 0) continue;
        for (const card of table.querySelectorAll('svg.sjt-card-svg')) {
            if (!inside(card.getBoundingClientRect(), felt)) found.push(`${card.getAttribute('aria-label')} off its table`);
        }
    }
    for (const hand of document.querySelectorAll('#rendered_cells .sjt-picker')) {
        const edge = hand.getBoundingClientRect();
        if (edge.width === 0) continue;
        for (const card of hand.querySelectorAll('button.sjt-card')) {
            const box = card.getBoundingClientRect();
            if (box.right > edge.right + 1) found.push(`${card.dataset.card} past its hand's edge`);
        }
    }
    return found.slice(0, 6);
}"""


def off_screen_or_table(page: Any) -> list[str]:
    """``overflow``, and each card drawn outside its table or its hand."""
    return overflow(page) + list(page.evaluate(CARDS_OFF))


def on_a_desktop_and_a_phone(page: Any) -> list[str]:
    """At 1280×800, axe-core's serious or critical problems and what runs off the screen, its table or its hand; at
    390×844, what runs off (each marked "phone:"). The page is left at the desktop's size."""
    found = serious_problems(page) + off_screen_or_table(page)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)  # the layout follows the new width
    found += [f"phone: {problem}" for problem in off_screen_or_table(page)]
    page.set_viewport_size(DESKTOP)
    return found


def test_every_place_passes_axe_and_nothing_runs_off_the_screen_or_off_its_table_on_a_desktop_or_a_phone(
    page: Any, voila_url: str
) -> None:
    """Every place of the course, in one walk, each seen at 1280×800 and at 390×844: axe-core finds no serious or
    critical problem, and no element runs past the window's edge, no card of a trick outside its table, no card of a
    hand outside its box."""
    page.set_viewport_size(DESKTOP)
    assert every_place(page, voila_url, on_a_desktop_and_a_phone) == {}
    no_trouble(page)


def test_the_instructor_console_and_the_class_join_pass_axe_and_fit_a_phone(
    page: Any, classroom: tuple[str, str]
) -> None:
    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Axe club", CLASS_KEY, lessons=[2, 4])
    store.join(code, "Ana")
    page.set_viewport_size(DESKTOP)
    page.goto(base + "/voila/render/instructor.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-instructor", timeout=TIMEOUT)
    settle(page)
    assert serious_problems(page) == []  # locked
    page.get_by_label("Key").fill(CLASS_KEY)
    page.get_by_role("button", name="Unlock", exact=True).click()
    page.get_by_label("Or open").fill(code)
    page.get_by_role("button", name="Open", exact=True).click()
    page.locator(".sjt-roster td.sjt-student").first.wait_for(timeout=TIMEOUT)
    settle(page)
    assert serious_problems(page) == []  # a class open: roster, charts, questions, the join address
    page.get_by_role("button", name="▸ Write a question of your own").click()
    page.locator(".sjt-writer .sjt-compact-picker button.sjt-card").first.wait_for(timeout=TIMEOUT)
    settle(page)
    assert serious_problems(page) == []  # and the question writer, its card picker open
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert overflow(page) == []
    page.goto(f"{base}{COURSE}#home", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-join", timeout=TIMEOUT)
    settle(page)
    assert overflow(page) == []
    page.set_viewport_size(DESKTOP)
    assert serious_problems(page) == []  # the join form on the class's home page
    no_trouble(page)


# -- the keyboard alone ---------------------------------------------------------------------------


def tab_to(page: Any, selector: str, limit: int = 400) -> None:
    """Move the keyboard focus with Tab (or Shift+Tab, when the target is behind) until it is on ``selector``."""
    behind = page.evaluate(
        """selector => {
            const target = document.querySelector(selector);
            if (!target) throw new Error('nothing matches ' + selector);
            const here = document.activeElement || document.body;
            return !!(here.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING);
        }""",
        selector,
    )
    key = "Shift+Tab" if behind else "Tab"
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("selector => !!document.activeElement?.matches(selector)", selector):
            return
    raise AssertionError(f"{key} never reached {selector}")


def solve_by_keyboard(page: Any, puzzle: Puzzle) -> None:
    """Answer ``puzzle`` and press Check with the keyboard only; wait for the verdict 'correct'."""
    card = f".sjt-puzzle[data-puzzle-id='{puzzle.id}']"
    right = puzzle.solve()
    kind = puzzle.answer_kind
    if kind in ("cards", "order"):
        for n, token in enumerate(right if isinstance(right, list) else str(right).split()):
            tab_to(page, f"{card} button.sjt-card[data-card='{token}'][aria-pressed='false']")
            page.keyboard.press("Space" if n % 2 == 0 else "Enter")  # both toggle a card
            page.wait_for_function("document.activeElement?.getAttribute('aria-pressed') === 'true'", timeout=TIMEOUT)
    elif kind == "number":
        tab_to(page, f"{card} input.sjt-number")
        page.keyboard.type(str(right))
    else:
        tab_to(page, f"{card} button.sjt-choice[data-value='{right}']")
        page.keyboard.press("Enter")
        page.wait_for_function("document.activeElement?.getAttribute('aria-pressed') === 'true'", timeout=TIMEOUT)
    tab_to(page, f"{card} button.sjt-primary")
    page.keyboard.press("Enter")
    verdict(page, puzzle.id, "correct")


def test_the_keyboard_alone_solves_puzzles(page: Any, voila_url: str) -> None:
    """Tab to the cards and choices, Space or Enter to pick them, Check and Next from the keyboard: a puzzle answered
    with cards and one answered with a choice, solved without the mouse."""
    open_course(page, voila_url, "tractors")
    solved: set[str] = set()
    for _ in range(12):
        pid = str(page.locator(".sjt-place-tractors .sjt-puzzle[data-puzzle-id]").last.get_attribute("data-puzzle-id"))
        puzzle = BANK[pid]
        group = "cards" if puzzle.answer_kind in ("cards", "order") else "choice"
        if group not in solved:
            solve_by_keyboard(page, puzzle)
            solved.add(group)
        if solved == {"cards", "choice"}:
            break
        tab_to(page, f".sjt-puzzle[data-puzzle-id='{pid}'] .sjt-buttons > button:last-child")  # Next
        page.keyboard.press("Space")
        page.wait_for_function(
            "pid => document.querySelector('.sjt-place-tractors .sjt-puzzle[data-puzzle-id]')?.dataset.puzzleId !== pid",
            arg=pid,
            timeout=TIMEOUT,
        )
    assert solved == {"cards", "choice"}
    no_trouble(page)


def test_the_keyboard_drives_the_hand_the_trump_chooser_and_jupyters_controls(page: Any, voila_url: str) -> None:
    open_course(page, voila_url, "gallery")
    picker = ".sjt-picker button.sjt-card[data-card='AS']"
    tab_to(page, picker)
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.sjt-readout')?.innerText.includes('A♠')", timeout=TIMEOUT)
    page.keyboard.press("Space")
    page.wait_for_function("!document.querySelector('.sjt-readout')?.innerText.includes('A♠')", timeout=TIMEOUT)

    summary = "document.querySelector('.sjt-trump-chooser .sjt-summary').innerText"
    before = page.evaluate(summary)
    tab_to(page, ".sjt-trump-chooser select")
    page.keyboard.press("ArrowDown")  # the next trump rank
    page.wait_for_function(f"{summary} !== {before!r}", timeout=TIMEOUT)
    before = page.evaluate(summary)
    tab_to(page, ".sjt-trump-chooser input[type='radio']")
    page.keyboard.press("ArrowDown")  # the next trump suit
    page.wait_for_function(f"{summary} !== {before!r}", timeout=TIMEOUT)

    go(page, "practice")
    card = ".sjt-place-practice .sjt-puzzle"
    first = page.locator(card).get_attribute("data-puzzle-id")
    tab_to(page, ".sjt-place-practice .widget-toggle-button[data-value='Medium']")
    page.keyboard.press("Enter")
    page.wait_for_function(  # the page marks the chosen difficulty for a screen reader, and a new puzzle comes
        f"""document.querySelector(".widget-toggle-button[data-value='Medium']").ariaPressed === 'true'
            && document.querySelector('{card}').dataset.puzzleId !== {first!r}""",
        timeout=TIMEOUT,
    )
    assert page.locator(".widget-toggle-button[data-value='Easy']").get_attribute("aria-pressed") == "false"
    assert page.locator(".sjt-place-practice .widget-toggle-buttons [role='group']").get_attribute("aria-label") == (
        "Difficulty"
    )
    no_trouble(page)


# -- what the learner sees ------------------------------------------------------------------------


def quiet_deal() -> int:
    """A seed for lesson 10 whose first hand never stops the deal to ask the learner to declare: the page opens on
    their hand to pick cards from (to bury or to play)."""
    return next(
        seed for seed in range(1, 100) if CoachedGame(CoachedHand(seed=seed, grading=None)).awaiting != "declare"
    )


@pytest.mark.parametrize(
    ("route", "fanned"), [("points", False), ("start-here", True), ("gallery", True), ("play-a-hand", True)]
)
def test_a_fanned_hand_shows_every_cards_rank_suit_and_points(
    page: Any, voila_url: str, route: str, fanned: bool
) -> None:
    """Lesson 2's hand to count, lesson 1's hand and pictures, the gallery's, lesson 10's dealt hand: with cards picked
    (and so lifted), no card covers another's rank, suit or point badge (``fanned``: the hand's cards overlap)."""
    page.set_viewport_size(DESKTOP)
    open_course(page, voila_url, route, f"?seed={quiet_deal()}" if route == "play-a-hand" else "")
    picker = page.locator(f".sjt-place-{route} .sjt-picker").first
    if picker.count():
        buttons = picker.locator("button.sjt-card:not([disabled])")
        buttons.first.wait_for(timeout=TIMEOUT)
        for n in (1, 3):
            if buttons.count() > n:
                buttons.nth(n).click()
        page.wait_for_selector(f".sjt-place-{route} .sjt-picker button.sjt-card[aria-pressed='true']", timeout=TIMEOUT)
        overlapping, hidden = covered_indexes(page, picker)
        assert hidden == []
        assert overlapping > 0 or not fanned
    pictures = page.locator(f".sjt-place-{route} svg.sjt-hand-svg")
    for n in range(pictures.count()):
        overlapping, hidden = covered_indexes(page, pictures.nth(n))
        assert hidden == []
    assert picker.count() or pictures.count()
    no_trouble(page)


@pytest.mark.parametrize("route", ["pairs", "practice"])
def test_checks_verdict_is_in_view_with_the_puzzle(page: Any, voila_url: str, route: str) -> None:
    """At 1280×800, with the puzzle scrolled to the top of the window, every hint opened and a wrong answer checked,
    the whole verdict is on screen: no scrolling to read what Check said."""
    page.set_viewport_size(DESKTOP)
    open_course(page, voila_url, route)
    card = page.locator(f".sjt-place-{route} .sjt-puzzle[data-puzzle-id]").first
    pid = str(card.get_attribute("data-puzzle-id"))
    if route == "practice":  # a fresh puzzle with a trick and a whole hand, answered yes or no: either will do
        page.locator(".sjt-place-practice .widget-dropdown select").select_option("Is this play legal?")
        page.wait_for_function(
            "pid => document.querySelector('.sjt-place-practice .sjt-puzzle').dataset.puzzleId !== pid",
            arg=pid,
            timeout=TIMEOUT,
        )
        pid = str(card.get_attribute("data-puzzle-id"))
        card.locator("button.sjt-choice").first.click()
    else:
        answer(page, card, BANK[pid], wrong_answer(BANK[pid]))
    hint = card.locator("button.sjt-hint-button")
    steps = re.search(r"of (\d+)", hint.inner_text())  # "Hint (1 of 3)", or "Hint" for a single step
    for opened in range(1, int(steps.group(1)) + 1 if steps else 2):  # every step of the hint ladder, open
        hint.click()
        page.wait_for_function(
            f"document.querySelectorAll(\"[data-puzzle-id='{pid}'] .sjt-hint-ladder li\").length === {opened}",
            timeout=TIMEOUT,
        )
    card.evaluate("el => el.scrollIntoView({block: 'start'})")
    card.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{pid}'] .sjt-feedback\")?.dataset.verdict",
        timeout=TIMEOUT,
    )
    assert card.evaluate("el => el.getBoundingClientRect().top") >= -2  # as high as the page lets it go
    box = card.locator(".sjt-feedback").bounding_box()
    assert box is not None
    assert box["height"] > 20
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= DESKTOP["height"]
    assert serious_problems(page, f"[data-puzzle-id='{pid}']") == []  # the verdict's colours are readable too
    no_trouble(page)


def test_jupyters_controls_wear_the_course_style(page: Any, voila_url: str) -> None:
    """Practice's topic and difficulty and lesson 10's buttons look like the puzzle card's buttons; the course bar's
    links are the same gold on every place."""
    page.set_viewport_size(DESKTOP)
    open_course(page, voila_url, "practice")
    style = """el => { const s = getComputedStyle(el);
        return {font: s.fontFamily, radius: s.borderRadius, edge: s.borderTopColor, ink: s.color, fill: s.backgroundColor}; }"""
    ours = page.locator(".sjt-place-practice .sjt-puzzle button.sjt-button:not(.sjt-primary)").first.evaluate(style)
    primary = page.locator(".sjt-place-practice .sjt-puzzle button.sjt-primary").evaluate(style)
    plain = page.locator(".sjt-place-practice .widget-toggle-button:not(.mod-active)").first.evaluate(style)
    assert plain == ours
    picked = page.locator(".sjt-place-practice .widget-toggle-button.mod-active").evaluate(style)
    assert picked["fill"] == "rgb(18, 48, 28)"  # the course's ink, as a pressed choice on the puzzle card
    topic = page.locator(".sjt-place-practice .widget-dropdown select").evaluate(style)
    assert (topic["font"], topic["edge"], topic["ink"]) == (ours["font"], ours["edge"], ours["ink"])
    gold = page.locator("nav.sjt-nav a").first.evaluate("el => getComputedStyle(el).color")
    go(page, "play-a-hand")
    play = page.locator(".sjt-coached-game button.jupyter-button.mod-success").first.evaluate(style)
    assert (play["font"], play["radius"], play["fill"]) == (primary["font"], primary["radius"], primary["fill"])
    assert page.locator("nav.sjt-nav a").first.evaluate("el => getComputedStyle(el).color") == gold
    no_trouble(page)


def test_chinese_is_drawn_in_a_real_font(page: Any, voila_url: str) -> None:
    """The glyphs of 升级 are not the empty boxes a browser draws for characters no font has (CI installs
    fonts-noto-cjk for this; without it every screenshot shows boxes)."""
    open_course(page, voila_url)
    drawn = page.evaluate(
        """() => {
            const font = getComputedStyle(document.querySelector('.sjt-brand')).fontFamily;
            const draw = (text) => {
                const canvas = document.createElement('canvas');
                canvas.width = 120; canvas.height = 48;
                const pen = canvas.getContext('2d');
                pen.font = `32px ${font}`;
                pen.fillText(text, 4, 38);
                return canvas.toDataURL();
            };
            return [draw('升级'), draw('\\u0378\\u0379'), draw('\\u0380\\u0381'), draw('')];
        }"""
    )
    chinese, no_font, also_no_font, blank = drawn
    assert no_font == also_no_font  # characters no font has all come out as the same empty boxes
    assert chinese != blank
    assert chinese != no_font
    no_trouble(page)


def test_trumps_of_different_suits_are_set_apart_in_a_hand(page: Any, voila_url: str) -> None:
    """Lesson 5's hand of trumps (7♣ 7♣ 7♠ 7♠ 7♥ 7♥ A♣ A♣ 6♣ 6♣, clubs trump): where the suit changes, the card before
    shows whole and a strip of felt follows, so the learner tells 7♣ 7♣ from 7♠ 7♠ at a glance."""
    page.set_viewport_size(PHONE)
    open_course(page, voila_url, "tractors")
    hand = page.locator(".sjt-place-tractors .sjt-step .sjt-picker").filter(has=page.locator("[data-card='7S']")).first
    boxes = hand.evaluate(
        "e => [...e.querySelectorAll('button.sjt-card')].map(b => [b.dataset.card, b.getBoundingClientRect().left,"
        " b.getBoundingClientRect().right, b.getBoundingClientRect().top])"
    )
    cards = [c for c, *_ in boxes]
    assert cards[:6] == ["7C", "7C", "7S", "7S", "7H", "7H"]
    for (before, _l, right, top), (card, left, _r, next_top) in itertools.pairwise(boxes):
        if abs(top - next_top) > 5:
            continue  # a new line of the row
        if before[-1] != card[-1]:
            assert left >= right + 4, f"{card} starts on {before} ({left:.0f} < {right:.0f})"
        else:
            assert left < right - 10, f"{before} and {card} are fanned"  # the same suit stays fanned
    assert overflow(page) == []
