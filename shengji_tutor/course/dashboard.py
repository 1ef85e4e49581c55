"""The home page's view of a learner: the path through the lessons with mastery, weak spots, the review due.

Everything here is computed from the learner's attempts (``ProgressStore.history``)
and review queue, never from "checked once": a lesson's ring fills with the
puzzles *mastered* (right first try, or later in review — ``store.mastery``).

>>> from shengji_tutor.course.dashboard import path_svg
>>> svg = path_svg({4: (2, 3, 6)}, lambda lesson: f"#{lesson.slug}")
>>> 'aria-label="Lesson 4, Pairs: 2 of 6 puzzles mastered, 3 solved"' in svg
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass
from html import escape

from ..engine.grading import misconception_index
from ..i18n import N_, t, te, th, tn
from ..puzzles import Puzzle
from ..store.mastery import Attempt, Mastery, mastery_of
from .catalogue import LESSONS, NO_PUZZLES, Lesson

__all__ = ["WeakSpot", "path_svg", "review_banner", "weak_spots", "weak_spots_html"]

GENERATED = ("winner", "legal", "play", "points", "throw", "order")
"""Kinds practice mode deals fresh puzzles of (quickly), so a weak spot of that kind links to practice."""

_GREEN, _LIGHT, _GREY, _INK = "#1b7a3a", "#a8d5b5", "#d7e0d9", "#12301c"


def path_svg(
    progress: Mapping[int, tuple[int, int, int]], href: Callable[[Lesson], str], finished: Set[int] = frozenset()
) -> str:
    """The lessons as a winding path, each a ring filled with its mastery (a picture, with a label for each stop).

    ``progress`` maps a lesson number to (mastered, solved, total); a lesson
    without puzzles is drawn with a dashed ring, a full green one with a star once
    it is among the ``finished`` lessons. ``href`` gives each lesson's link.
    """
    per_row, gap, top = 6, 118, 52
    width = 2 * 50 + gap * (per_row - 1)
    rows = math.ceil(len(LESSONS) / per_row)
    height = top + (rows - 1) * 130 + 86
    points = []
    for i, _lesson in enumerate(LESSONS):
        row, col = divmod(i, per_row)
        col = col if row % 2 == 0 else per_row - 1 - col  # the path snakes back on the next row
        points.append((50 + col * gap, top + row * 130))
    road = " ".join(f"{'M' if i == 0 else 'L'}{x},{y}" for i, (x, y) in enumerate(points))
    parts = [
        f'<path d="{road}" fill="none" stroke="{_GREY}" stroke-width="10" stroke-linecap="round" '
        'stroke-linejoin="round"/>'
    ]
    for lesson, (x, y) in zip(LESSONS, points, strict=True):
        mastered, solved, total = progress.get(lesson.number, (0, 0, 0))
        parts.append(_stop(lesson, x, y, mastered, solved, total, href(lesson), lesson.number in finished))
    label = te("Your path through the course")
    return (
        f'<svg class="sjt-path" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'role="group" aria-label="{label}">{"".join(parts)}</svg>'
    )


def _stop(lesson: Lesson, x: float, y: float, mastered: int, solved: int, total: int, link: str, finished: bool) -> str:
    r = 24
    ring = [f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fbfdfb" stroke="{_GREY}" stroke-width="7"/>']
    if total:
        ring.append(_arc(x, y, r, solved / total, _LIGHT))
        ring.append(_arc(x, y, r, mastered / total, _GREEN))
        said = tn(
            "{mastered} of {n} puzzle mastered, {solved} solved",
            "{mastered} of {n} puzzles mastered, {solved} solved",
            total,
            mastered=mastered,
            solved=solved,
        )
    elif finished:
        ring[0] = f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fbfdfb" stroke="{_GREEN}" stroke-width="7"/>'
        # TRANSLATORS: {what} is what a lesson without puzzles offers ("the game in five minutes").
        instead = NO_PUZZLES.get(lesson.number, N_("no puzzles"))
        said = t("finished ({what})", what=t(instead))
    else:
        ring[0] = (
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fbfdfb" stroke="#9fb3a4" stroke-width="3" '
            'stroke-dasharray="5 4"/>'
        )
        instead = NO_PUZZLES.get(lesson.number, N_("no puzzles yet"))
        said = t(instead)
    done = (total > 0 and mastered == total) or (total == 0 and finished)
    fill = _GREEN if done else _INK
    lines = "".join(
        f'<tspan x="{x}" dy="{0 if i == 0 else 15}">{escape(line)}</tspan>'
        for i, line in enumerate(_wrap(lesson.title))
    )
    # TRANSLATORS: a stop on the home page's path: {said} is how far the learner is ("2 of 6 puzzles mastered, …").
    label = t("Lesson {number}, {title}: {said}", number=lesson.number, title=lesson.title, said=said)
    return (
        f'<a href="{escape(link, quote=True)}" aria-label="{escape(label, quote=True)}">'
        f"<title>{escape(label)}</title>{''.join(ring)}"
        f'<text x="{x}" y="{y + 6}" text-anchor="middle" font-size="17" font-weight="800" fill="{fill}">'
        f"{'★' if done else lesson.number}</text>"
        f'<text x="{x}" y="{y + r + 22}" text-anchor="middle" font-size="13" fill="{_INK}">{lines}</text></a>'
    )


def _wrap(title: str, width: int = 14) -> list[str]:
    """A lesson's title in at most two lines of about ``width`` characters (the rest cut with an ellipsis)."""
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], lines[1] + "…"]
    return lines


def _arc(x: float, y: float, r: float, fraction: float, colour: str) -> str:
    if fraction <= 0:
        return ""
    if fraction >= 1:
        return f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{colour}" stroke-width="7"/>'
    angle = 2 * math.pi * fraction
    ex, ey = x + r * math.sin(angle), y - r * math.cos(angle)
    large = 1 if fraction > 0.5 else 0
    return (
        f'<path d="M{x},{y - r} A{r},{r} 0 {large} 1 {ex:.1f},{ey:.1f}" fill="none" stroke="{colour}" '
        'stroke-width="7" stroke-linecap="round"/>'
    )


@dataclass(frozen=True)
class WeakSpot:
    """Something the learner often gets wrong: what (a lesson's topic or a beginner's mistake), how often, and where
    to practise it (a route of the course)."""

    what: str
    detail: str
    route: str
    practise: str


def weak_spots(history: Sequence[Attempt], bank: Mapping[str, Puzzle], top: int = 3) -> list[WeakSpot]:
    """The learner's weakest topics (right first try under 75% of at least 2 puzzles tried) and most repeated
    beginner's mistakes, worst first."""
    mastery = mastery_of(history)
    spots: list[tuple[float, WeakSpot]] = []
    by_lesson: dict[int, list[tuple[Puzzle, Mastery]]] = {}
    for puzzle_id, state in mastery.items():
        puzzle = bank.get(puzzle_id)
        if puzzle is not None:
            by_lesson.setdefault(puzzle.lesson, []).append((puzzle, state))
    lessons = {lesson.number: lesson for lesson in LESSONS}
    for number, tried in by_lesson.items():
        right = sum(state is Mastery.FIRST_TRY for _p, state in tried)
        if len(tried) < 2 or right / len(tried) >= 0.75 or number not in lessons:
            continue
        missed = [p for p, state in tried if state is not Mastery.FIRST_TRY]
        route, where = _practice_route(missed, lessons[number])
        lesson = lessons[number]
        spots.append(
            (
                right / len(tried),
                WeakSpot(
                    f"{lesson.title} ({lesson.chinese})" if lesson.chinese else lesson.title,
                    # TRANSLATORS: how many of the puzzles of a lesson the learner tried were right the first time.
                    t("{right} of {tried} right first try", right=right, tried=len(tried)),
                    route,
                    where,
                ),
            )
        )
    said = {id(a): _misconception(bank.get(a.puzzle_id), a.mistake) for a in history if a.mistake and not a.correct}
    mistakes = Counter(said.values())
    for (index, says), count in mistakes.most_common(top):
        puzzles = [bank[a.puzzle_id] for a in history if said.get(id(a)) == (index, says) and a.puzzle_id in bank]
        if not puzzles:
            continue
        route, where = _practice_route(puzzles, lessons[puzzles[0].lesson])
        now = puzzles[0].words.says[index] if index >= 0 else t(says)
        spots.append((-count, WeakSpot(_first_sentence(now), tn("{n} time", "{n} times", count), route, where)))
    spots.sort(key=lambda s: s[0])
    return [spot for _score, spot in spots[: 2 * top]]


def _misconception(puzzle: Puzzle | None, mistake: str) -> tuple[int, str]:
    """A kept mistake as the misconception it is: the place among the puzzle's that its stored id names, and its
    English words (to count the same words together); -1 and what was kept when the puzzle no longer has it. Shown,
    it is drawn in the language read now."""
    index = misconception_index(mistake)
    if puzzle is not None and index is not None and index < len(puzzle.spec.misconceptions):
        return index, puzzle.spec.words("en").says[index]
    return -1, mistake


def _practice_route(puzzles: Sequence[Puzzle], lesson: Lesson) -> tuple[str, str]:
    """Where to practise what ``puzzles`` teach: practice on their kind when it is generated, else their lesson."""
    kinds = Counter(p.kind for p in puzzles if p.kind in GENERATED)
    if kinds:
        kind = kinds.most_common(1)[0][0]
        return f"practice/{kind}", t("Practise it")
    return lesson.slug, t("Back to lesson {number}", number=lesson.number)


def _first_sentence(text: str) -> str:
    """The first sentence of a mistake's words (recorded in English; read in the learner's language when the
    catalogs know them)."""
    cuts = [cut for cut in (text.find(". "), text.find("。")) if cut >= 0]
    return text if not cuts else text[: min(cuts) + 1]


def weak_spots_html(spots: Sequence[WeakSpot], href: Callable[[str], str]) -> str:
    """The weak spots as a short list with a practice link each ("" when there are none)."""
    if not spots:
        return ""
    items = "".join(
        f'<li><span class="sjt-weak-what">{escape(spot.what)}</span> '
        f'<span class="sjt-weak-count">— {escape(spot.detail)}</span> '
        f'<a href="{escape(href(spot.route), quote=True)}">{escape(spot.practise)} →</a></li>'
        for spot in spots
    )
    title = te("Your weak spots")
    return (
        f'<section class="sjt-weak" aria-labelledby="sjt-weak-title"><h2 id="sjt-weak-title">{title}</h2>'
        f'<ul class="sjt-weak-list">{items}</ul></section>'
    )


def review_banner(due: int, href: str) -> str:
    """ "5 puzzles to review today", linking to the review page (a calm line when none are due)."""
    if due <= 0:
        return '<p class="sjt-review-due sjt-review-none">' + te("Nothing to review today.") + "</p>"
    puzzles = "<strong>" + escape(tn("{n} puzzle", "{n} puzzles", due)) + "</strong>"
    # TRANSLATORS: {puzzles} is a number of puzzles in bold ("5 puzzles"), linked to the review page.
    said = th("{puzzles} to review today →", puzzles=puzzles)
    return f'<p class="sjt-review-due"><a href="{escape(href, quote=True)}">{said}</a></p>'
