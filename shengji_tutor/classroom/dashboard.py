"""What the instructor's console draws: pure functions from a class's attempts and the puzzle bank to HTML and SVG.

Everything a student typed (names, answers) is escaped here. Answers are stored
in their puzzle's canonical form (``yes``, ``4H 8H``) and shown as a person reads
them (``Yes``); every chart scales with the page (a ``viewBox`` and CSS widths, no
fixed pixel width), so the console fits a phone held upright.

>>> from shengji_tutor.puzzles import load_bank
>>> from shengji_tutor.classroom.dashboard import shown_answer
>>> puzzle = load_bank()["pairs-keep-your-pair"]
>>> shown_answer(puzzle, "no"), shown_answer(puzzle, True), shown_answer(None, "True")
('No', 'Yes', 'True')
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import urlsplit

import segno

from ..engine.cards import format_cards, parse_cards, sentence_case
from ..puzzles import Puzzle, answer_text
from ..store.classroom import AFTER_REVEAL, ClassAttempt, LiveQuestion, RosterRow
from ..ui.puzzle_view import puzzle_card_args
from ..ui.render import hand_svg, trick_svg
from .session import this_machine_only

__all__ = [
    "Standing",
    "clock",
    "counted_answers",
    "distribution_svg",
    "first_counted",
    "join_html",
    "leaderboard",
    "leaderboard_html",
    "lesson_label",
    "live_answers_html",
    "live_status_html",
    "puzzle_preview",
    "puzzle_title",
    "roster_html",
    "shown_answer",
    "stuck_on",
    "student_html",
    "topics_html",
    "wrong_html",
]


ANSWERED_BY = {
    "cards": "students pick cards from the hand",
    "order": "students put every card in order, highest first",
    "seat": "students choose a seat: North, West, South or East",
    "number": "students type a whole number",
    "yesno": "students answer Yes or No",
    "choice": "students choose one of the written choices",
}


def shown_answer(puzzle: Puzzle | None, answer: Any, glyphs: bool = True) -> str:
    """An answer as a person reads it: its puzzle's canonical form, with ``Yes`` / ``No`` for a yes/no puzzle
    (stored as ``yes`` / ``no``; a browser hands ``True`` / ``False``) and cards drawn as the course draws them
    (``3♥``; ``glyphs=False`` keeps the tokens, ``3H``, for a spreadsheet)."""
    text = answer_text(puzzle, answer)
    if puzzle is not None and puzzle.answer_kind == "yesno" and text in ("yes", "no"):
        return text.capitalize()
    if glyphs and puzzle is not None and puzzle.answer_kind in ("cards", "order") and text:
        with suppress(ValueError):  # cards as the course draws them: 3♥, not 3H
            return format_cards(parse_cards(text))
    return text


def lesson_label(number: int, titles: Mapping[int, str]) -> str:
    """``"4. Pairs"`` (``"Lesson 4"`` when the title is not known)."""
    title = titles.get(number)
    return f"{number}. {title}" if title else f"Lesson {number}"


def puzzle_title(puzzle: Puzzle | None, puzzle_id: str, limit: int = 60) -> str:
    """A puzzle as an instructor recognises it: its prompt, cut at ``limit`` characters (its id when unknown)."""
    if puzzle is None:
        return puzzle_id
    prompt = " ".join(puzzle.prompt.split())
    return prompt if len(prompt) <= limit else prompt[: limit - 1].rstrip() + "…"


def join_html(code: str, address: str | None) -> str:
    """How students join class ``code``: the address (with the code in it) and its QR code, drawn here as SVG.

    Without an address (the page is not served by Voilà) students enter the code on the course's home page.
    """
    shown = escape(code)
    if address is None:
        return f'<p class="sjt-join-address">Students join on the course\'s home page with the code {shown}.</p>'
    qr = segno.make(address, error="m").svg_inline(
        scale=1, border=2, dark="#12301c", light="#ffffff", omitsize=True, svgclass="sjt-qr-code"
    )
    label = f'role="img" aria-label="QR code of {escape(address, quote=True)}"'
    qr = qr.replace("<svg ", f"<svg {label} ", 1)
    link = escape(address, quote=True)
    alone = (
        '<p class="sjt-warning" role="note">This server listens on this computer only, so no other device can open '
        "that address. To let students join from theirs, start the class server again listening on the network "
        "(<code>shengji-tutor classroom</code> does unless it is given <code>--host 127.0.0.1</code>).</p>"
        if this_machine_only(urlsplit(address).hostname or "")
        else ""
    )
    return (
        '<div class="sjt-join-address">'
        f'<p>Students join at <a class="sjt-join-link" href="{link}" target="_blank" rel="noopener">{escape(address)}</a>'
        f" — the code {shown} is filled in for them, so they type only their name. Or they open the course and "
        f"enter the code {shown} on its home page.</p>{alone}"
        f'<figure class="sjt-qr">{qr}<figcaption>Scan to join {shown}</figcaption></figure></div>'
    )


def puzzle_preview(puzzle: Puzzle) -> str:
    """The puzzle as students will see it (prompt, situation, cards), read-only, with its answer folded away."""
    args = puzzle_card_args(puzzle)
    trump = args["trump"]
    context = args["context"] or (sentence_case(trump.describe()) if trump is not None else "")
    picture = args.get("picture") or (
        trick_svg(args["trick"], args["leader"], trump, show_points=args["show_points"]) if args["trick"] else ""
    )  # as the student's card draws it: no point total where the total is the answer
    hand = (
        f'<div class="sjt-group-label">{escape(args["hand_label"])}</div>'
        f"{hand_svg(args['hand'], trump, sort=args['sort_hand'])}"
        if args["hand"]
        else ""
    )
    solution = puzzle.solve()
    why = puzzle.grade(solution).explanation
    return (
        f'<div class="sjt-preview" data-puzzle="{escape(puzzle.id, quote=True)}">'
        '<p class="sjt-preview-note">Preview: what students will see (nothing is sent until you push it)</p>'
        f'<p class="sjt-preview-prompt">{escape(puzzle.prompt)}</p>'
        f'<p class="sjt-context">{escape(context)}</p>{picture}{hand}'
        f'<p class="sjt-preview-note">{escape(ANSWERED_BY[puzzle.answer_kind])}.</p>'
        f"<details><summary>The answer (on your screen only)</summary>"
        f"<p><strong>{escape(shown_answer(puzzle, solution))}</strong>. {escape(why)}</p></details></div>"
    )


def _ago(t: float) -> str:
    seconds = int(time.time() - t)
    return f"{seconds} s ago" if seconds < 90 else f"{seconds // 60} min ago"


STUCK_AFTER = 3
"""Wrong answers in a row to one puzzle after which a student is flagged as stuck on it."""


def stuck_on(attempts: Sequence[ClassAttempt]) -> dict[str, str]:
    """The puzzle each stuck student is stuck on: their last ``STUCK_AFTER`` answers all wrong, all to it."""
    last: dict[str, list[ClassAttempt]] = defaultdict(list)
    for a in attempts:
        last[a.student_id].append(a)
    stuck = {}
    for student, tries in last.items():
        tail = tries[-STUCK_AFTER:]
        if len(tail) == STUCK_AFTER and len({a.puzzle_id for a in tail}) == 1 and not any(a.correct for a in tail):
            stuck[student] = tail[-1].puzzle_id
    return stuck


def roster_html(
    roster: list[RosterRow],
    places: Mapping[str, str] | None = None,
    attempts: Sequence[ClassAttempt] = (),
    bank: Mapping[str, Puzzle] | None = None,
) -> str:
    """The students: where their page is (``places`` titles the routes), their last activity, when they last got
    something right, attempts, right answers, hint steps opened, and a flag on whoever is stuck (``stuck_on``)."""
    if not roster:
        return "<p>Nobody has joined yet.</p>"
    titled = places or {}
    stuck = stuck_on(attempts)
    right_at: dict[str, float] = {}
    hints: Counter[str] = Counter()
    for a in attempts:
        hints[a.student_id] += a.hints
        if a.correct:
            right_at[a.student_id] = a.at
    rows = []
    for r in roster:
        flag = ""
        if r.id in stuck:
            title = escape(puzzle_title((bank or {}).get(stuck[r.id]), stuck[r.id], 50))
            flag = f'<span class="sjt-stuck" role="img" aria-label="stuck">⚠ stuck</span> on “{title}”'
        rows.append(
            f'<tr class="{"sjt-row-stuck" if flag else ""}"><td class="sjt-student">{escape(r.name)}</td>'
            f'<td class="sjt-where">{escape(_where(r.place, titled))}</td><td>{_ago(r.last_seen)}</td>'
            f"<td>{_ago(right_at[r.id]) if r.id in right_at else '—'}</td><td>{r.attempts}</td><td>{r.correct}</td>"
            f'<td>{hints[r.id]}</td><td class="sjt-flag">{flag}</td></tr>'
        )
    return (
        '<table class="sjt-table"><thead><tr><th>Student</th><th>Where</th><th>Last activity</th><th>Last right</th>'
        "<th>Attempts</th><th>Correct</th><th>Hints</th><th>Stuck?</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def student_html(name: str, attempts: Sequence[ClassAttempt], bank: Mapping[str, Puzzle]) -> str:
    """One student's attempts in order, as the instructor drills down: puzzle, answer, verdict, hints, live or not."""
    if not attempts:
        return f"<p>{escape(name)} has not answered anything yet.</p>"
    rows = "".join(
        f"<tr><td>{time.strftime('%H:%M:%S', time.localtime(a.at))}</td>"
        f"<td>{escape(puzzle_title(bank.get(a.puzzle_id), a.puzzle_id, 60))}</td>"
        f"<td>{escape(a.answer if a.revealed else shown_answer(bank.get(a.puzzle_id), a.answer))}</td>"
        f"<td>{'shown' if a.revealed else '✓ right' if a.correct else '✗ wrong'}</td><td>{_hints(a.hints)}</td>"
        f"<td>{'live' + (', late' if a.late else '') if a.live is not None else 'lesson'}</td></tr>"
        for a in attempts
    )
    return (
        f'<table class="sjt-table sjt-student-attempts" aria-label="{escape(name, quote=True)}’s attempts">'
        "<thead><tr><th>Time</th><th>Puzzle</th><th>Answer</th><th>Verdict</th><th>Hints</th><th>Where</th></tr>"
        f"</thead><tbody>{rows}</tbody></table>"
    )


def _where(route: str, titles: Mapping[str, str]) -> str:
    """A route as the instructor reads it: the place's title (and the detail: ``Practice: points``)."""
    if not route:
        return "—"
    base, _, detail = route.partition("/")
    title = titles.get(base, base)
    return f"{title}: {detail.replace('-', ' ')}" if detail else title


def topics_html(attempts: list[ClassAttempt], bank: Mapping[str, Puzzle]) -> str:
    per: dict[str, list[bool]] = defaultdict(list)
    for a in attempts:
        topic = bank[a.puzzle_id].topic if a.puzzle_id in bank else "other"
        per[topic].append(a.correct)
    if not per:
        return "<p>No attempts yet.</p>"
    rows = []
    for topic, results in sorted(per.items()):
        share = sum(results) / len(results)
        rows.append(
            f"<tr><td>{escape(topic)}</td><td>{len(results)}</td><td>"
            f'<svg class="sjt-bar" role="img" aria-label="{share:.0%} correct" viewBox="0 0 160 14" '
            'preserveAspectRatio="none"><rect width="160" height="14" rx="3" fill="#e9efe9"/>'
            f'<rect width="{160 * share:.0f}" height="14" rx="3" fill="#1b7a3a"/></svg> {share:.0%}</td></tr>'
        )
    return (
        '<table class="sjt-table"><thead><tr><th>Topic</th><th>Attempts</th><th>Correct</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def distribution_svg(attempts: list[ClassAttempt], bank: Mapping[str, Puzzle]) -> str:
    """One bar chart per puzzle: how many chose each answer, the correct ones in green.

    Each chart is drawn on a 440-wide ``viewBox`` and scales to the width it is given (``.sjt-chart``)."""
    by_puzzle: dict[str, Counter[tuple[str, bool]]] = defaultdict(Counter)
    for a in attempts:
        by_puzzle[a.puzzle_id][(a.answer, a.correct)] += 1
    if not by_puzzle:
        return "<p>No answers yet.</p>"
    charts = []
    for pid, counts in by_puzzle.items():  # in the order the class first met them: a live quiz's in push order
        puzzle = bank.get(pid)
        items = counts.most_common(6)
        top = max(n for _, n in items)
        height = 22 * len(items) + 26
        bars = []
        for i, ((answer, correct), n) in enumerate(items):
            y = 24 + 22 * i
            width = 220 * n / top
            colour = "#1b7a3a" if correct else "#b3261e"
            bars.append(
                f'<text x="0" y="{y + 13}" font-size="12">{escape(shown_answer(puzzle, answer)[:24])}</text>'
                f'<rect x="170" y="{y}" width="{width:.0f}" height="16" rx="3" fill="{colour}"/>'
                f'<text x="{176 + width:.0f}" y="{y + 13}" font-size="12">{n}</text>'
            )
        title = escape(puzzle_title(puzzle, pid, limit=56))  # 13px text across the 440-wide chart
        charts.append(
            f'<svg class="sjt-chart" role="img" aria-label="answers to: {title}" viewBox="0 0 440 {height}" '
            f'font-family="DejaVu Sans, Arial, sans-serif" data-puzzle="{escape(pid, quote=True)}">'
            f'<text x="0" y="14" font-size="13" font-weight="700">{title}</text>{"".join(bars)}</svg>'
        )
    return "<div>" + "".join(charts) + "</div>"


PRESENT_SECONDS = 120.0
"""A student seen this recently (an answer, or their page saying it is open) counts as present."""


def counted_answers(attempts: Sequence[ClassAttempt], live: LiveQuestion) -> dict[str, ClassAttempt]:
    """Each student's counted answer to ``live`` (``first_counted`` of theirs)."""
    per: dict[str, list[ClassAttempt]] = defaultdict(list)
    for a in attempts:
        if a.live == live.id:
            per[a.student_id].append(a)
    return {student: first for student, tries in per.items() if (first := first_counted(tries)) is not None}


def first_counted(tries: Sequence[ClassAttempt]) -> ClassAttempt | None:
    """The answer of one student's ``tries`` at a live question that counts: the first that was not late (a "Show
    answer" is no answer), or None."""
    return next((a for a in tries if not a.late and not a.revealed), None)


def live_status_html(
    live: LiveQuestion,
    attempts: Sequence[ClassAttempt],
    roster: Sequence[RosterRow],
    puzzle: Puzzle | None,
    now: float | None = None,
) -> str:
    """The live question as the instructor runs it: how many of the students present answered (each student's
    first answer counts, once), how many right, who has not answered yet, and whether it is open, closing or
    closed."""
    at = time.time() if now is None else now
    counted = counted_answers(attempts, live)
    answered = {a.student_id for a in attempts if a.live == live.id}  # counted, or only late
    present = [r for r in roster if at - r.last_seen <= PRESENT_SECONDS or r.id in answered]
    waiting = [r.name for r in present if r.id not in answered]
    left = live.seconds_left(at)
    state = (
        "answer revealed"
        if live.revealed
        else "closed"
        if live.closed(at)
        else f"open, closes in {clock(left)}"
        if left is not None
        else "open"
    )
    feedback = "students see their verdict after you reveal" if live.mode == AFTER_REVEAL else "instant feedback"
    title = escape(puzzle_title(puzzle, live.puzzle_id))
    right = sum(a.correct for a in counted.values())
    return (
        f'<p class="sjt-live-status" data-puzzle="{escape(live.puzzle_id, quote=True)}" data-answered="{len(counted)}" '
        f'data-present="{len(present)}">Live: <strong>{title}</strong> — '
        f"<strong>{len(counted)} of {len(present)}</strong> students answered, {right} right ({state}; {feedback}).</p>"
        + (
            f'<p class="sjt-not-answered">Not answered yet: {", ".join(escape(n) for n in waiting)}</p>'
            if waiting
            else ""
        )
    )


@dataclass(frozen=True)
class Standing:
    """A student's place on a live session's leaderboard."""

    name: str
    right: int
    """Live questions whose counted answer (their first, not late) was right."""
    seconds: float
    """The time those right answers took, from each push: the tie-break (less is better)."""


def leaderboard(attempts: Sequence[ClassAttempt], questions: Sequence[LiveQuestion], top: int = 10) -> list[Standing]:
    """The students with the most live questions right at their first answer, the quicker first among equals."""
    pushed = {q.id: q.pushed_at for q in questions}
    right: dict[str, list[float]] = defaultdict(list)
    names: dict[str, str] = {}
    for q in questions:
        for a in counted_answers(attempts, q).values():
            names[a.student_id] = a.display_name
            if a.correct:
                right[a.student_id].append(max(0.0, a.at - pushed[q.id]))
    standings = [Standing(names[s], len(times), sum(times)) for s, times in right.items()]
    return sorted(standings, key=lambda st: (-st.right, st.seconds, st.name))[:top]


def leaderboard_html(standings: Sequence[Standing], questions: int) -> str:
    """The leaderboard, large enough to project: place, name and right answers (nothing else of anyone's)."""
    if not standings:
        return '<div class="sjt-leaderboard"><p>No right answers to a live question yet.</p></div>'
    rows = "".join(
        f'<li><span class="sjt-place">{place}</span> <span class="sjt-student">{escape(st.name)}</span> '
        f'<span class="sjt-right">{st.right} of {questions}</span></li>'
        for place, st in enumerate(standings, 1)
    )
    return (
        '<div class="sjt-leaderboard" role="region" aria-label="Leaderboard"><h3>Leaderboard</h3>'
        f"<p>Right at the first answer, out of {questions} live question{'s' if questions != 1 else ''}; "
        f"the quicker first among equals.</p><ol>{rows}</ol></div>"
    )


def clock(seconds: float | None) -> str:
    """Seconds as a countdown reads them: ``1:05``."""
    whole = max(0, round(seconds or 0))
    return f"{whole // 60}:{whole % 60:02d}"


def live_answers_html(attempts: list[ClassAttempt], puzzle: Puzzle | None) -> str:
    """Each student's answer to the live question, as the instructor follows them: the one that counts (their first
    that was not late), right or wrong, whether later or late ones came, and the hint steps they had opened (a right
    answer after two hints is not a right answer cold)."""
    per: dict[str, list[ClassAttempt]] = defaultdict(list)
    for a in attempts:
        per[a.student_id].append(a)
    if not per:
        return '<p class="sjt-live-answers">No answers yet.</p>'
    rows = []
    for tries in per.values():
        answers = [a for a in tries if not a.revealed]
        counted = first_counted(answers)
        shown = counted or (answers[0] if answers else tries[0])
        hints = max(a.hints for a in tries)
        verdict = "✓ right" if shown.correct else "✗ wrong"
        more = len(answers) - 1
        note = "late: not counted" if counted is None else f"+{more} later, not counted" if more > 0 else "counted"
        rows.append(
            f'<tr class="{"sjt-late" if counted is None else "sjt-counted"}"><td class="sjt-student">'
            f"{escape(shown.display_name)}</td><td>{escape(shown_answer(puzzle, shown.answer))}</td>"
            f'<td>{verdict}</td><td>{note}</td><td class="sjt-hints">{_hints(hints)}</td></tr>'
        )
    return (
        '<table class="sjt-table sjt-live-answers"><thead><tr><th>Student</th><th>Answer</th><th>Verdict</th>'
        f"<th>Counted</th><th>Hints</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _hints(count: int) -> str:
    return "none" if count == 0 else "1 hint" if count == 1 else f"{count} hints"


def wrong_html(attempts: list[ClassAttempt], bank: Mapping[str, Puzzle], top: int = 5) -> str:
    """The most common wrong answers, each with the engine's explanation of why it is wrong."""
    wrong = Counter((a.puzzle_id, a.answer) for a in attempts if not a.correct)
    if not wrong:
        return "<p>No wrong answers yet.</p>"
    items = []
    for (pid, answer), n in wrong.most_common(top):
        puzzle = bank.get(pid)
        why = puzzle.grade(answer).explanation if puzzle is not None else ""
        items.append(
            f'<li data-puzzle="{escape(pid, quote=True)}"><strong>{escape(puzzle_title(puzzle, pid))}</strong>: '
            f'“{escape(shown_answer(puzzle, answer))}” × {n}<div class="sjt-why">{escape(why)}</div></li>'
        )
    return f'<ol class="sjt-wrong">{"".join(items)}</ol>'
