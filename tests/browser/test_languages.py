"""The course in 中文 and Русский in a real browser: every place read in the language asked for, no English sentence
left on screen, no character drawn as an empty box, no console error."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from shengji_tutor.course.catalogue import LESSONS
from shengji_tutor.course.places import PLACES

from .helpers import TIMEOUT, no_trouble, settled

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


def missing_glyphs(page: Any, root: str = ".sjt-shell") -> list[str]:
    """The characters of the text of ``root`` that come out as the empty box a browser draws when no font has them."""
    return list(
        page.evaluate(
            """(root) => {
            const text = document.querySelector(root).innerText;
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
        }""",
            root,
        )
    )


def visit(page: Any, voila_url: str, code: str, route: str) -> str:
    """Open ``route`` of the course in language ``code`` (by the address) and wait until it is drawn whole."""
    page.goto(f"{voila_url}{COURSE}?lang={code}#{route}", timeout=TIMEOUT, wait_until="domcontentloaded")
    return drawn(page, route)


def move(page: Any, route: str) -> str:
    """Show ``route`` in the same page, as a link of the course does (the language stays the page's)."""
    page.evaluate("route => { location.hash = '#' + route; }", route)
    return drawn(page, route)


def drawn(page: Any, route: str) -> str:
    """Wait until ``route`` is drawn whole; the course's text."""
    page.wait_for_selector(f".sjt-shell-content.sjt-place-{route} h1", timeout=TIMEOUT)
    if route in LESSON_ROUTES:  # a lesson is drawn in parts: its footer comes last
        page.wait_for_selector(f".sjt-place-{route} .sjt-footer, .sjt-place-{route} .sjt-cell-error", timeout=TIMEOUT)
    settled(page, 400)
    return str(page.locator(".sjt-shell").inner_text())


@pytest.mark.parametrize("code", ["zh", "ru"])
def test_every_place_reads_in_the_language_with_no_english_left(page: Any, voila_url: str, code: str) -> None:
    """Every place in one page opened in the language by its address, each shown as a link shows it (one walk: the
    page is not loaded again for each place)."""
    shots = os.environ.get("SJT_SHOTS")
    left: dict[str, list[str]] = {}
    for k, place in enumerate(PLACES):
        text = visit(page, voila_url, code, place.route) if k == 0 else move(page, place.route)
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


def _text(page: Any, selector: str) -> str:
    return "\n".join(str(x) for x in page.locator(selector).all_inner_texts())


@pytest.mark.parametrize("code", ["zh", "ru"])
def test_a_coached_hand_s_first_tricks_and_a_wrong_answer_read_in_the_language(
    page: Any, classroom: tuple[str, str], code: str
) -> None:
    """A student of a class of their own (their own progress: no hand or answer kept from another test) plays the
    first tricks of lesson 10's coached hand and answers a puzzle of lesson 4 wrong, reading Chinese or Russian."""
    from shengji_tutor.classroom import ClassroomStore

    from .conftest import CLASS_KEY

    base, db = classroom
    store = ClassroomStore(db)
    student = store.join(store.create_class(f"Hand {code}", CLASS_KEY, lessons=[4, 10]), "Yun")
    voila_url, at = base, f"student={student}&"
    from shengji_tutor.engine.seats import SOUTH
    from shengji_tutor.i18n import tc, translate, use
    from shengji_tutor.play.bots import HeuristicBot
    from shengji_tutor.play.coached_hand import CoachedHand
    from shengji_tutor.ui.coach import CoachedGame

    from .helpers import answer, wrong_answer
    from .test_coached_hand import SEED, pick

    bot, twin = HeuristicBot(), CoachedGame(CoachedHand(seed=SEED))
    page.goto(f"{voila_url}{COURSE}?{at}lang={code}&seed={SEED}#play-a-hand", timeout=TIMEOUT, wait_until="commit")
    game = page.locator(".sjt-coached-game")
    game.locator("button.sjt-card").first.wait_for(timeout=TIMEOUT)
    tricks = 0
    while tricks < 3 and twin.awaiting is not None:
        asked, view = str(twin.awaiting), twin.round.view(SOUTH)
        hand = sorted(str(c) for c in twin.round.hand(SOUTH))
        page.wait_for_function(
            "hand => JSON.stringify([...document.querySelectorAll('.sjt-coached-game button.sjt-card')]"
            ".map(b => b.dataset.card).sort()) === JSON.stringify(hand)",
            arg=hand,
            timeout=TIMEOUT,
        )
        if asked == "declare":
            with use(code):
                declining = tc("declaring", "Pass")
            game.get_by_role("button", name=declining, exact=True).click()
            twin.pass_declaration()
        elif asked == "bury":
            burial = list(bot.discard(view))
            pick(game, burial)
            game.get_by_role("button", name=translate(code, "Bury"), exact=True).click()
            twin.bury(burial)
        else:
            cards = list(bot.play(view))
            pick(game, cards)
            game.get_by_role("button", name=translate(code, "Play"), exact=True).click()
            twin.play(cards)
            tricks = len(twin.round.tricks)
    page.wait_for_selector(".sjt-coached-game .sjt-coach-panel, .sjt-coached-game [data-grade]", timeout=TIMEOUT)
    settled(page, 1000)  # the coach's verdict on the last play
    said = _text(page, ".sjt-place-play-a-hand")
    assert not english_left(said), english_left(said)
    assert not missing_glyphs(page)
    # a puzzle answered wrong: the verdict, its rule and the misconception in the language
    from shengji_tutor.course.catalogue import puzzles_of

    page.goto(f"{voila_url}{COURSE}?{at}lang={code}#pairs", timeout=TIMEOUT, wait_until="domcontentloaded")
    card = page.locator(".sjt-place-pairs .sjt-puzzle[data-puzzle-id]").first
    card.wait_for(timeout=TIMEOUT)
    puzzle = next(p for p in puzzles_of(4) if p.id == card.get_attribute("data-puzzle-id"))
    wrong = wrong_answer(puzzle)
    if puzzle.answer_kind == "yesno":
        card.get_by_role("button", name=translate(code, str(wrong).capitalize()), exact=True).click()
    else:
        answer(page, card, puzzle, wrong)
    card.get_by_role("button", name=translate(code, "Check"), exact=True).click()
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{puzzle.id}'] .sjt-feedback\")?.dataset.verdict === 'incorrect'",
        timeout=TIMEOUT,
    )
    verdict = page.locator(f"[data-puzzle-id='{puzzle.id}'] .sjt-feedback").inner_text()
    assert not english_left(verdict), verdict
    assert "RULES §" in verdict or "§" in verdict  # the rule it applies, named
    no_trouble(page)


def test_switching_language_mid_lesson_keeps_the_place_the_progress_and_the_live_question(
    page: Any, classroom: tuple[str, str]
) -> None:
    """A student reads lesson 4 with a puzzle solved and a live question open, and switches to Русский: the same
    lesson, the puzzle still solved, the live question still there to answer — all now in Russian."""
    from shengji_tutor.classroom import ClassroomStore
    from shengji_tutor.course.catalogue import puzzles_of
    from shengji_tutor.i18n import translate

    from .conftest import CLASS_KEY
    from .helpers import answer

    base, db = classroom
    store = ClassroomStore(db)
    code = store.create_class("Language club", CLASS_KEY, lessons=[2, 4])
    student = store.join(code, "Lin")
    page.goto(f"{base}{COURSE}?student={student}#pairs", timeout=TIMEOUT, wait_until="domcontentloaded")
    card = page.locator(".sjt-place-pairs .sjt-puzzle[data-puzzle-id]").first
    card.wait_for(timeout=TIMEOUT)
    puzzle = next(p for p in puzzles_of(4) if p.id == card.get_attribute("data-puzzle-id"))
    answer(page, card, puzzle, puzzle.solve())
    card.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{puzzle.id}'] .sjt-feedback\")?.dataset.verdict === 'correct'",
        timeout=TIMEOUT,
    )
    live_puzzle = next(p for p in puzzles_of(2) if p.answer_kind == "number")
    store.push_question(code, CLASS_KEY, live_puzzle.id)
    live = page.locator(f".sjt-shell-live [data-puzzle-id='{live_puzzle.id}']")
    live.wait_for(timeout=TIMEOUT)
    page.locator(".sjt-place-pairs .sjt-lang a[data-lang='ru']").first.click()
    page.wait_for_function("document.querySelector('.sjt-shell-content h1')?.innerText === '4. Пары'", timeout=TIMEOUT)
    assert page.url.endswith("#pairs")
    assert "lang=ru" in page.url
    assert f"student={student}" in page.url  # still signed in
    meter = page.locator(".sjt-place-pairs .sjt-meter").first.inner_text()
    assert "решено 1" in meter  # the progress, kept
    live.wait_for(timeout=TIMEOUT)  # the live question, still there
    with_words = page.locator(".sjt-shell-live").inner_text()
    assert translate("ru", "Answer") in with_words or "очк" in with_words  # and in Russian
    assert not english_left(with_words), with_words
    no_trouble(page)


@pytest.mark.parametrize("code", ["zh", "ru"])
def test_the_instructor_s_console_reads_in_the_language(page: Any, classroom: tuple[str, str], code: str) -> None:
    from shengji_tutor.classroom import ClassroomStore
    from shengji_tutor.i18n import translate

    from .conftest import CLASS_KEY

    base, db = classroom
    store = ClassroomStore(db)
    klass = store.create_class(f"Console {code}", CLASS_KEY, lessons=[4])
    store.join(klass, "Mei")
    page.goto(f"{base}/voila/render/instructor.ipynb?lang={code}", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-instructor", timeout=TIMEOUT)
    page.get_by_label(translate(code, "Key")).fill(CLASS_KEY)
    page.get_by_role("button", name=translate(code, "Unlock"), exact=True).click()
    page.get_by_label(translate(code, "Or open")).fill(klass)
    page.get_by_role("button", name=translate(code, "Open"), exact=True).click()
    page.wait_for_selector(".sjt-instructor .sjt-dashboard, .sjt-instructor table", timeout=TIMEOUT)
    settled(page, 1000)
    text = _text(page, "body")  # the course bar and the page's title too
    left = [run for run in english_left(text) if "Console" not in run]  # the class's own name, as written
    assert not left, left
    assert not missing_glyphs(page, ".sjt-instructor")
    if os.environ.get("SJT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SJT_SHOTS"], f"{code}-instructor.png"), full_page=True)
    no_trouble(page)


def test_the_app_benchmark_times_each_language_against_english(browser: Any, voila_url: str) -> None:
    from benchmarks.app import LANGUAGES, languages

    got = languages(runs=1, browser=browser, refill=0.0, server=voila_url)  # the suite's browser and server
    for code in LANGUAGES:
        assert 0 < got[f"change_{code}"] < 60
        assert 0 < got[f"check_{code}"] < 60
    assert got["check_ru_ratio"] == got["check_ru"] / got["check_en"]
