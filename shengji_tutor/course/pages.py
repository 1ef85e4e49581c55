"""Lesson pages: the course bar, lesson headers and footers with signed-in links, cards as pictures, the home page.

Lesson notebooks stay a few cells long: they call ``lesson_header``, ``cards``,
``puzzle_set`` and ``lesson_footer``. Who the learner is and where their work is
kept comes from the page context (``context.py``), built once per kernel.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from html import escape
from typing import Protocol
from urllib.parse import parse_qs, urlencode

import ipywidgets as w
from IPython.display import HTML

from ..classroom.screens import JoinPanel, LivePanel
from ..classroom.session import Learner, link
from ..engine.cards import CardsLike, as_cards
from ..engine.trump import Trump
from ..i18n import LANGUAGES, language, t, te, th, tn
from ..puzzles import load_bank
from ..store.answers import Recorder
from ..store.mastery import mastery_of
from ..store.progress import NotSentError, ProgressStore
from ..store.schema import StoreError
from ..ui.render import hand_svg
from ..ui.style import STYLE
from .catalogue import HOME, LESSONS, NO_PUZZLES, PRACTICE, REVIEW, Lesson, find_lesson, puzzles_of
from .context import at_request, learner_known, page_context, this_page
from .dashboard import path_svg, review_banner, weak_spots, weak_spots_html
from .places import place_of
from .steps import Step, page_steps, start_page_steps

__all__ = [
    "STYLE",
    "LessonHeader",
    "cards",
    "finish_line",
    "header_of",
    "home",
    "learner_progress",
    "lesson_footer",
    "lesson_header",
    "page_header",
    "use_shell",
]


class Site(Protocol):
    """The course page that lessons are shown in (``shell.Shell``): its links, and what joining a class does."""

    def href(self, notebook: str) -> str | None: ...

    def joined(self, learner: Learner) -> None: ...

    detail: str
    """The detail of the route being shown (``points`` in ``#practice/points``; "" for none)."""


_SITE: Site | None = None
"""The shell this kernel shows its lessons in (None: each notebook is its own page, as in JupyterLab)."""


def use_shell(site: Site | None) -> None:
    """Draw course links for ``site`` (fragments of its one page) from now on; None: links to notebooks."""
    global _SITE
    _SITE = site


def route_detail() -> str:
    """The detail of the address's route that the page is showing (``points`` in ``#practice/points``): "" outside
    the app's one page."""
    return _SITE.detail if _SITE is not None else ""


def _learner() -> Learner | None:
    """The classroom student this page belongs to (None outside a classroom, or before they opened the page)."""
    return page_context().learner if learner_known() else None


def learner_progress(store: ProgressStore | None) -> ProgressStore:
    """``store``, or by default this page's learner's progress."""
    return store if store is not None else page_context().progress


def _href(target: str) -> str:
    """A course link: in the app's one page, a fragment of it (``#tractors``, same tab, same kernel); elsewhere the
    notebook, keeping a classroom student signed in (their id rides in the address)."""
    return escape(_href_raw(target), quote=True)


def _languages() -> str:
    """The language switch: each language named in itself, the one read now marked as the current one. A link to
    the same place in that language (``?lang=zh``); in the app the router switches in place, keeping the kernel."""
    here = language()
    query = {k: v for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items() if k != "lang"}
    links = []
    for code, name in LANGUAGES.items():
        if code == here:
            links.append(f'<a aria-current="true" lang="{code}" data-lang="{code}">{escape(name)}</a>')
        else:
            href = escape("?" + urlencode({**query, "lang": [code]}, doseq=True), quote=True)
            links.append(f'<a href="{href}" lang="{code}" hreflang="{code}" data-lang="{code}">{escape(name)}</a>')
    label = te("Language")
    return f'<span class="sjt-lang" role="group" aria-label="{label}">{"".join(links)}</span>'


def _nav(current: Lesson | None) -> str:
    brand, home = te("升级 Sheng ji tutor"), te("Course home")
    links = [f'<span class="sjt-brand">{brand}</span>', f'<a href="{_href(HOME)}">{home}</a>']
    if current is not None:
        before = [lesson for lesson in LESSONS if lesson.number < current.number]
        after = [lesson for lesson in LESSONS if lesson.number > current.number]
        if before:
            links.append(f'<a href="{_href(before[-1].notebook)}" rel="prev">← {escape(before[-1].title)}</a>')
        if after:
            links.append(f'<a href="{_href(after[0].notebook)}" rel="next">{escape(after[0].title)} →</a>')
    practice, review, label = te("Practice"), te("Review"), te("Course")
    links.append(f'<a href="{_href(PRACTICE)}">{practice}</a>')
    links.append(f'<a href="{_href(REVIEW)}">{review}</a>')
    links.append(_languages())
    return f'<nav class="sjt-nav" aria-label="{label}">{"".join(links)}</nav>'


def _meter(counts: tuple[int, int] | None, total: int) -> str:
    """A mastery bar: puzzles mastered (right first try, or later in review) of the lesson's, and how many are
    solved at all (nothing while the learner, and so their progress, is not known yet)."""
    if total == 0 or counts is None:
        return ""
    mastered, solved = counts
    return (
        f'<div class="sjt-meter"><progress max="{total}" value="{mastered}" '
        + 'aria-label="'
        + te("puzzles mastered in this lesson")
        + f'">{mastered}/{total}</progress><span>'
        + te("{mastered} of {total} mastered · {solved} solved", mastered=mastered, total=total, solved=solved)
        + "</span></div>"
    )


def _counts(store: ProgressStore, puzzle_ids: Iterable[str]) -> tuple[int, int]:
    """(mastered, solved) among ``puzzle_ids`` for the learner of ``store``."""
    mastery = store.mastery(puzzle_ids)
    return sum(m.mastered for m in mastery.values()), sum(m.solved for m in mastery.values())


def _skip_link() -> str:
    """The button after a lesson's title that takes the keyboard straight to its puzzles: in the app the router moves
    the focus to ``PuzzleSet``'s target (a button, not a link: the address's fragment is the app's route)."""
    return '<button type="button" class="sjt-skip">' + te("Skip to the puzzles") + "</button>"


def _shows_term(lesson: Lesson) -> bool:
    """Whether a lesson's Chinese term (with its pinyin) is shown beside its title: on English and Russian pages;
    a Chinese page's title is the term itself."""
    return bool(lesson.chinese) and language() != "zh"


def _header_html(lesson: Lesson, solved: tuple[int, int] | None, total: int) -> str:
    zh = f" · {escape(lesson.chinese)}" if _shows_term(lesson) else ""
    return (
        f'<header class="sjt-course">{_nav(lesson)}'
        + f'<h1 class="sjt-lesson-title">{lesson.number}. {escape(lesson.title)}</h1>'
        + (_skip_link() if total else "")
        + '<p class="sjt-lesson-sub">'
        + te("Lesson {number} of {count}", number=lesson.number, count=len(LESSONS))
        + f"{zh}</p>"
        + f'<div class="sjt-progress-slot">{_meter(solved, total)}</div></header>'
    )


class LessonHeader(w.VBox):  # type: ignore[misc]
    """A lesson's header; ``refresh`` redraws it with the learner's progress and signed-in links.

    The course's style sheet is sent once; a refresh sends only the header itself.
    """

    def __init__(self, number: int, store: ProgressStore | None = None) -> None:
        self.lesson = find_lesson(number)
        self.store = store
        self.puzzle_ids = [p.id for p in puzzles_of(number)]
        self.body = w.HTML()
        super().__init__([w.HTML(STYLE), self.body])
        self.add_class("sjt-lesson-header")
        self.refresh()

    @property
    def value(self) -> str:
        """The header's HTML (without the style sheet)."""
        return str(self.body.value)

    def refresh(self, counts: tuple[int, int] | None = None) -> None:
        """Redraw with the learner's progress and links (a pre-heated page before it is opened: without them);
        ``counts`` (mastered, solved) when the caller knows them, else they are read from the learner's store."""
        store = self.store
        if store is None and learner_known():
            store = page_context().progress
        if counts is None and store is not None:
            counts = _counts(store, self.puzzle_ids)
        self.body.value = _header_html(self.lesson, counts, len(self.puzzle_ids))


def lesson_header(number: int, store: ProgressStore | None = None) -> LessonHeader:
    """The top of a lesson: course navigation, the title with its Chinese term, the lesson's progress.

    Drawn at once (so a pre-heated page is ready), and redrawn by ``puzzle_set`` or
    ``lesson_footer`` when the learner opens the page, with their progress and links.
    """
    header = LessonHeader(number, store)
    this_page().headers[number] = header
    start_page_steps(number, lambda step: _record_answers(step, store))
    return header


def _record_answers(step: Step, store: ProgressStore | None) -> None:
    """Record a lesson's step as every answer is recorded (``store.answers.Recorder``): the learner's record, the
    class's dashboard and its export see it; its outcome is not rated for the review, which asks the bank's
    puzzles. The learner's store is found at the first answer (a pre-heated page does not know them yet)."""
    Recorder(step, lambda: learner_progress(store)).show(step, reviewed=False)


def page_header(title: str, subtitle: str = "") -> HTML:
    """The course bar and a title, for pages that are not lessons (practice, review, the instructor's page): the
    title and subtitle are given in English (marked ``N_``) and shown in the learner's language, chosen here once the
    learner has opened the page (``context.page_context``), before a word is drawn."""
    at_request()
    if learner_known():
        page_context()  # who reads, and in which language
    title, subtitle = t(title), t(subtitle) if subtitle else ""
    sub = f'<p class="sjt-lesson-sub">{escape(subtitle)}</p>' if subtitle else ""
    return HTML(
        STYLE
        + f'<header class="sjt-course">{_nav(None)}<h1 class="sjt-lesson-title">{escape(title)}</h1>{sub}</header>'
    )


def lesson_footer(number: int) -> HTML:
    """Previous / next links at the end of a lesson."""
    lesson = find_lesson(number)
    at_request()
    if number in this_page().headers:
        this_page().headers[number].refresh()
    prev = next((x for x in reversed(LESSONS) if x.number < number), None)
    nxt = next((x for x in LESSONS if x.number > number), None)
    left = (
        f'<a href="{_href(prev.notebook)}" rel="prev">← {escape(prev.title)}</a>'
        if prev
        else f'<a href="{_href(HOME)}">← ' + te("Course home") + "</a>"
    )
    right = (
        f'<a href="{_href(nxt.notebook)}" rel="next">' + te("Next: {title}", title=nxt.title) + " →</a>"
        if nxt
        else f'<a href="{_href(PRACTICE)}">' + te("Practice") + " →</a>"
    )
    return HTML(STYLE + f'<footer class="sjt-course sjt-footer" data-lesson="{lesson.number}">{left}{right}</footer>')


def lesson_complete_html(number: int, total: int, mastered: int, *, questions: bool = False) -> str:
    """The card under a lesson's last puzzle once every puzzle is solved (with ``questions``: under a lesson without
    puzzles once every question is answered): what was mastered, what comes back in the review, the next lesson."""
    lesson = find_lesson(number)
    nxt = next((x for x in LESSONS if x.number > number), None)
    zh = f" ({escape(lesson.chinese)})" if _shows_term(lesson) else ""
    again = 0 if questions else total - mastered  # a lesson's questions are not reviewed: its puzzles are
    review = (
        " "
        + tn(
            "The one you first got wrong comes back in your review until you get it right at once.",
            "The {n} you first got wrong come back in your review until you get them right at once.",
            again,
        )
        if again
        else ""
    )
    onward = (
        f'<a href="{_href(nxt.notebook)}" rel="next">'
        + te("Next: {number}. {title}", number=nxt.number, title=nxt.title)
        + " →</a>"
        if nxt
        else f'<a href="{_href(PRACTICE)}">' + te("Practice") + " →</a>"
    )
    did = (
        tn(
            "You answered the lesson's {n} question, {mastered} of them on the first try.",
            "You answered all {n} questions, {mastered} of them on the first try.",
            total,
            mastered=mastered,
        )
        if questions
        else tn(
            "You solved the lesson's {n} puzzle, {mastered} of them on the first try.",
            "You solved all {n} puzzles, {mastered} of them on the first try.",
            total,
            mastered=mastered,
        )
    )
    done = t("Lesson {number} complete: {title}", number=number, title=lesson.title)
    return (
        f'<div class="sjt-complete" role="status"><p><strong>{escape(done)}{zh}.'
        f"</strong></p><p>{escape(did + review)}</p>"
        f"<p>{onward}</p></div>"
    )


def finish_line(number: int, store: ProgressStore | None = None) -> w.HTML:
    """The end of a lesson without puzzles (lesson 1): how many of its questions are still to answer, then, once
    all are answered or shown, the "lesson complete" card — and the lesson is marked finished in the learner's
    store, for the home page's path."""
    lesson = find_lesson(number)
    steps = page_steps()
    line = w.HTML()
    line.add_class("sjt-finish-line")
    if not steps:
        return line

    def draw() -> None:
        left = sum(1 for s in steps if not s.explained)
        if left:
            said = tn(
                "{answered} of {n} question of this lesson answered: {left} to go.",
                "{answered} of {n} questions of this lesson answered: {left} to go.",
                len(steps),
                answered=len(steps) - left,
                left=left,
            )
            line.value = f'<p class="sjt-note" aria-live="polite">{escape(said)}</p>'
            return
        problem = ""
        try:
            learner_progress(store).finish_lesson(lesson.slug)
        except NotSentError:
            pass
        except StoreError as e:
            problem = '<p class="sjt-error">' + te("Not saved: {why}", why=str(e)) + "</p>"
        first_try = sum(1 for s in steps if s.work.solved and s.work.wrong == 0)
        line.value = lesson_complete_html(number, len(steps), first_try, questions=True) + problem

    for step in steps:
        step.on_explained(draw)
    draw()
    return line


def cards(text: CardsLike, trump: Trump | None = None, *, sort: bool = False, label: str = "") -> HTML:
    """Show cards as pictures (in a lesson's text): ``cards("AS 10H BJ", Trump("7", "H"))``; ``label`` says whose
    they are ("West holds"), above them."""
    group = as_cards(text, "the cards")
    head = f'<p class="sjt-cards-label"><strong>{escape(label)}</strong></p>' if label else ""
    return HTML(f'{head}<div class="sjt-cards">{hand_svg(group, trump, sort=sort)}</div>')


def home(store: ProgressStore | None = None) -> w.Widget:
    """The course home page: every lesson with its progress, practice mode, the gallery.

    In a classroom (``shengji-tutor classroom``) a student first joins with the class code
    and a name; once joined, the page also shows the live question their instructor pushes.
    """
    load_bank()  # read the puzzles before waiting for the learner (a pre-heated page is then ready sooner)
    context = page_context()
    if context.room is not None:
        if context.learner is None:
            joined: Callable[[Learner], None] | None = _SITE.joined if _SITE is not None else None
            return w.VBox(
                [
                    w.HTML(STYLE + f'<div class="sjt-course">{_nav(None)}</div>'),
                    JoinPanel(context.room, HOME, on_join=joined),
                ]
            )
        learner = context.learner
        lessons = context.room.class_info(learner.code).lessons
        covers = (
            " " + t("Your class works on lessons {lessons}.", lessons=", ".join(str(n) for n in lessons))
            if lessons
            else ""
        )
        signed = th(
            "Signed in as {name} in class {code}.",
            name=f"<strong>{escape(learner.name)}</strong>",
            code=escape(learner.code),
        )
        hello = w.HTML(f'<p class="sjt-signed-in">{signed}{escape(covers)}</p>')
        if _SITE is not None:  # the app's page shows the live question above every place, not only here
            return w.VBox([_home_page(store), hello])
        return w.VBox([_home_page(store), hello, LivePanel(context.room, learner, progress=learner_progress(store))])
    return _home_page(store)


def _lesson_item(lesson: Lesson, counts: tuple[int, int], puzzles: int, finished: bool) -> str:
    """A lesson on the home page: its link, its Chinese term, and its puzzles mastered and solved (or what it offers
    instead, ticked once finished)."""
    instead = t(NO_PUZZLES[lesson.number]) if lesson.number in NO_PUZZLES else ""
    if finished and not puzzles:
        finished_word = t("Finished")
        instead = f"✓ {finished_word} · {instead}" if instead else f"✓ {finished_word}"
    meter = _meter(counts, puzzles) if puzzles else f'<div class="sjt-meter">{escape(instead)}</div>'
    return (
        f'<li data-lesson="{lesson.number}"><a href="{_href(lesson.notebook)}">{lesson.number}. {escape(lesson.title)}</a>'
        f'<div class="sjt-zh">{escape(lesson.chinese if _shows_term(lesson) else "")}</div>{meter}</li>'
    )


def _home_page(store: ProgressStore | None) -> w.HTML:
    store = learner_progress(store)
    bank = load_bank()
    history = store.history()
    mastery = mastery_of(history, _reviewed(store))
    items = []
    progress: dict[int, tuple[int, int, int]] = {}
    done = store.lessons_done()
    finished = {lesson.number for lesson in LESSONS if lesson.slug in done}
    for lesson in LESSONS:
        puzzles = puzzles_of(lesson.number, bank)
        states = [mastery[p.id] for p in puzzles if p.id in mastery]
        counts = (sum(m.mastered for m in states), sum(m.solved for m in states))
        progress[lesson.number] = (*counts, len(puzzles))
        items.append(_lesson_item(lesson, counts, len(puzzles), lesson.number in finished))
    path = path_svg(progress, lambda lesson: _href_raw(lesson.notebook), finished)
    spots = weak_spots_html(weak_spots(history, bank), _route_href)
    html = (
        STYLE
        + f'<div class="sjt-course">{_nav(None)}'
        + '<h1 class="sjt-lesson-title">'
        + te("Learn Sheng ji 升级, one idea at a time")
        + "</h1>"
        + '<p class="sjt-lesson-sub">'
        + escape(
            t(
                "{count} short lessons with puzzles the rules engine grades and explains. "
                "Your progress is saved as you go.",
                count=len(LESSONS),
            )
        )
        + "</p>"
        + review_banner(store.due_today(), _href_raw(REVIEW))
        + f'<div class="sjt-path-box">{path}</div>'
        + spots
        + f'<ol class="sjt-home-list">{"".join(items)}</ol>'
        + '<p class="sjt-home-practice">'
        + th(
            "{practice}: endless fresh puzzles from simulated games.",
            practice=f'<a href="{_href(PRACTICE)}">' + te("Practice mode") + "</a>",
        )
        + "</p></div>"
    )
    page = w.HTML(html)
    page.add_class("sjt-home")
    return page


def _reviewed(store: ProgressStore) -> set[str]:
    try:
        return store.reviewed_first_try()
    except StoreError:
        return set()


def _href_raw(target: str) -> str:
    """A course link, unescaped (the caller escapes it)."""
    inside = _SITE.href(target) if _SITE is not None else None
    return inside if inside is not None else link(target, _learner())


def _route_href(route: str) -> str:
    """A link to a route of the course (``practice/points``), unescaped: a fragment in the app's page, else the
    place's notebook."""
    base = route.partition("/")[0]
    if _SITE is not None:
        return f"#{route}"
    return link(place_of(base).notebook, _learner())


def header_of(number: int) -> LessonHeader | None:
    """The header drawn in this kernel for lesson ``number`` (a kernel serves one page), if any."""
    return this_page().headers.get(number)
