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
from ..engine.grading import AnswerKind
from ..i18n import N_, t, te, th, tn
from ..puzzles import Puzzle, answer_text
from ..store.classroom import AFTER_REVEAL, ClassAttempt, LiveQuestion, RosterRow
from ..store.validate import step_of
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
    "cards": N_("students pick cards from the hand."),
    "order": N_("students put every card in order, highest first."),
    "seat": N_("students choose a seat: North, West, South or East."),
    "number": N_("students type a whole number."),
    "yesno": N_("students answer Yes or No."),
    "choice": N_("students choose one of the written choices."),
}
"""How students answer each kind of puzzle, as the preview tells the instructor (translated where it is shown)."""


def shown_answer(puzzle: Puzzle | None, answer: Any, glyphs: bool = True, puzzle_id: str = "") -> str:
    """An answer as a person reads it: its puzzle's canonical form, with ``Yes`` / ``No`` for a yes/no puzzle
    (stored as ``yes`` / ``no``; a browser hands ``True`` / ``False``) and cards drawn as the course draws them
    (``3♥``; ``glyphs=False`` keeps the tokens, ``3H``, for a spreadsheet), a lesson step's cards too (``puzzle_id``
    names the step)."""
    text = answer_text(puzzle, answer)
    kind = None if puzzle is None else puzzle.answer_kind
    if kind is AnswerKind.YESNO and text in ("yes", "no"):
        return text.capitalize()
    cards = kind is AnswerKind.CARDS or kind is AnswerKind.ORDER or (kind is None and step_of(puzzle_id) is not None)
    if glyphs and cards and text:
        with suppress(ValueError):  # cards as the course draws them: 3♥, not 3H (a step's answer, when it is cards)
            return format_cards(parse_cards(text))
    return text


def lesson_label(number: int, titles: Mapping[int, str]) -> str:
    """``"4. Pairs"`` (``"Lesson 4"`` when the title is not known)."""
    title = titles.get(number)
    return t("{number}. {title}", number=number, title=title) if title else t("Lesson {number}", number=number)


def puzzle_title(puzzle: Puzzle | None, puzzle_id: str, limit: int = 60) -> str:
    """A puzzle as an instructor recognises it: its prompt, cut at ``limit`` characters; a lesson's step by its
    lesson and place ("Lesson 4, step 2"); its id when unknown."""
    if puzzle is None:
        step = step_of(puzzle_id)
        return puzzle_id if step is None else t("Lesson {number}, step {step}", number=step[0], step=step[1])
    prompt = " ".join(puzzle.prompt.split())
    return prompt if len(prompt) <= limit else prompt[: limit - 1].rstrip() + "…"


def join_html(code: str, address: str | None) -> str:
    """How students join class ``code``: the address (with the code in it) and its QR code, drawn here as SVG.

    Without an address (the page is not served by Voilà) students enter the code on the course's home page.
    """
    shown = escape(code)
    if address is None:
        home = th("Students join on the course's home page with the code {code}.", code=shown)
        return f'<p class="sjt-join-address">{home}</p>'
    qr = segno.make(address, error="m").svg_inline(
        scale=1, border=2, dark="#12301c", light="#ffffff", omitsize=True, svgclass="sjt-qr-code"
    )
    label = te("QR code of {address}", address=address)
    qr = qr.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
    link = escape(address, quote=True)
    warning = th(
        "This server listens on this computer only, so no other device can open that address. To let students join "
        "from theirs, start the class server again listening on the network ({command} does unless it is given "
        "{option}).",
        command="<code>shengji-tutor classroom</code>",
        option="<code>--host 127.0.0.1</code>",
    )
    alone = (
        f'<p class="sjt-warning" role="note">{warning}</p>'
        if this_machine_only(urlsplit(address).hostname or "")
        else ""
    )
    joins = th(
        "Students join at {address} — the code {code} is filled in for them, so they type only their name. Or they "
        "open the course and enter the code {code} on its home page.",
        address=f'<a class="sjt-join-link" href="{link}" target="_blank" rel="noopener">{escape(address)}</a>',
        code=shown,
    )
    scan = th("Scan to join {code}", code=shown)
    return (
        '<div class="sjt-join-address">'
        f"<p>{joins}</p>{alone}"
        f'<figure class="sjt-qr">{qr}<figcaption>{scan}</figcaption></figure></div>'
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
    note = te("Preview: what students will see (nothing is sent until you push it)")
    how = escape(t(ANSWERED_BY[puzzle.answer_kind]))
    summary = te("The answer (on your screen only)")
    answer = th(
        "{answer}. {explanation}",
        answer=f"<strong>{escape(shown_answer(puzzle, solution))}</strong>",
        explanation=escape(why),
    )
    return (
        f'<div class="sjt-preview" data-puzzle="{escape(puzzle.id, quote=True)}">'
        f'<p class="sjt-preview-note">{note}</p>'
        f'<p class="sjt-preview-prompt">{escape(puzzle.prompt)}</p>'
        f'<p class="sjt-context">{escape(context)}</p>{picture}{hand}'
        f'<p class="sjt-preview-note">{how}</p>'
        f"<details><summary>{summary}</summary>"
        f"<p>{answer}</p></details></div>"
    )


def _ago(at: float) -> str:
    seconds = int(time.time() - at)
    return t("{seconds} s ago", seconds=seconds) if seconds < 90 else t("{minutes} min ago", minutes=seconds // 60)


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
        nobody = te("Nobody has joined yet.")
        return f"<p>{nobody}</p>"
    titled = places or {}
    stuck = stuck_on(attempts)
    right_at: dict[str, float] = {}
    hints: Counter[str] = Counter()
    for a in attempts:
        hints[a.student_id] += a.hints
        if a.correct:
            right_at[a.student_id] = a.at
    rows = []
    said = te("stuck")
    for r in roster:
        flag = ""
        if r.id in stuck:
            title = escape(puzzle_title((bank or {}).get(stuck[r.id]), stuck[r.id], 50))
            marker = f'<span class="sjt-stuck" role="img" aria-label="{said}">⚠ {said}</span>'
            flag = th("{stuck} on “{puzzle}”", stuck=marker, puzzle=title)
        rows.append(
            f'<tr class="{"sjt-row-stuck" if flag else ""}"><td class="sjt-student">{escape(r.name)}</td>'
            f'<td class="sjt-where">{escape(_where(r.place, titled))}</td><td>{_ago(r.last_seen)}</td>'
            f"<td>{_ago(right_at[r.id]) if r.id in right_at else '—'}</td><td>{r.attempts}</td><td>{r.correct}</td>"
            f'<td>{hints[r.id]}</td><td class="sjt-flag">{flag}</td></tr>'
        )
    heads = _heads(
        te("Student"),
        te("Where"),
        te("Last activity"),
        te("Last right"),
        te("Attempts"),
        te("Correct"),
        te("Hints"),
        te("Stuck?"),
    )
    return f'<table class="sjt-table"><thead>{heads}</thead><tbody>{"".join(rows)}</tbody></table>'


def _heads(*names: str) -> str:
    """A table's header row of ``names`` (HTML, escaped)."""
    return "<tr>" + "".join(f"<th>{name}</th>" for name in names) + "</tr>"


def student_html(name: str, attempts: Sequence[ClassAttempt], bank: Mapping[str, Puzzle]) -> str:
    """One student's attempts in order, as the instructor drills down: puzzle, answer, verdict, hints, live or not."""
    if not attempts:
        nothing = te("{name} has not answered anything yet.", name=name)
        return f"<p>{nothing}</p>"
    rows = "".join(
        f"<tr><td>{time.strftime('%H:%M:%S', time.localtime(a.at))}</td>"
        f"<td>{escape(puzzle_title(bank.get(a.puzzle_id), a.puzzle_id, 60))}</td>"
        f"<td>{escape(a.answer if a.revealed else shown_answer(bank.get(a.puzzle_id), a.answer, puzzle_id=a.puzzle_id))}</td>"
        f"<td>{_verdict(a)}</td><td>{_hints(a.hints)}</td><td>{_kind(a)}</td></tr>"
        for a in attempts
    )
    label = te("{name}’s attempts", name=name)
    heads = _heads(te("Time"), te("Puzzle"), te("Answer"), te("Verdict"), te("Hints"), te("Where"))
    return (
        f'<table class="sjt-table sjt-student-attempts" aria-label="{label}">'
        f"<thead>{heads}</thead><tbody>{rows}</tbody></table>"
    )


def _verdict(attempt: ClassAttempt) -> str:
    """An attempt's verdict as the instructor reads it (HTML, escaped): shown, right or wrong."""
    if attempt.revealed:
        return te("shown")
    return te("✓ right") if attempt.correct else te("✗ wrong")


def _kind(attempt: ClassAttempt) -> str:
    """Where an attempt was made (HTML, escaped): in the lesson, or at a live question (late or not)."""
    if attempt.live is None:
        return te("lesson")
    return te("live, late") if attempt.late else te("live")


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
        if a.puzzle_id in bank:
            topic = bank[a.puzzle_id].topic
        else:
            # TRANSLATORS: the topic of the "Your turn" questions inside the lessons, on the instructor's dashboard.
            topic = t("lesson steps") if step_of(a.puzzle_id) is not None else t("other")
        per[topic].append(a.correct)
    if not per:
        nothing = te("No attempts yet.")
        return f"<p>{nothing}</p>"
    rows = []
    for topic, results in sorted(per.items()):
        share = sum(results) / len(results)
        label = te("{share} correct", share=f"{share:.0%}")
        rows.append(
            f"<tr><td>{escape(topic)}</td><td>{len(results)}</td><td>"
            f'<svg class="sjt-bar" role="img" aria-label="{label}" viewBox="0 0 160 14" '
            'preserveAspectRatio="none"><rect width="160" height="14" rx="3" fill="#e9efe9"/>'
            f'<rect width="{160 * share:.0f}" height="14" rx="3" fill="#1b7a3a"/></svg> {share:.0%}</td></tr>'
        )
    heads = _heads(te("Topic"), te("Attempts"), te("Correct"))
    return f'<table class="sjt-table"><thead>{heads}</thead><tbody>{"".join(rows)}</tbody></table>'


def distribution_svg(attempts: list[ClassAttempt], bank: Mapping[str, Puzzle]) -> str:
    """One bar chart per puzzle: how many chose each answer, the correct ones in green.

    Each chart is drawn on a 440-wide ``viewBox`` and scales to the width it is given (``.sjt-chart``)."""
    by_puzzle: dict[str, Counter[tuple[str, bool]]] = defaultdict(Counter)
    for a in attempts:
        by_puzzle[a.puzzle_id][(a.answer, a.correct)] += 1
    if not by_puzzle:
        nothing = te("No answers yet.")
        return f"<p>{nothing}</p>"
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
        named = puzzle_title(puzzle, pid, limit=56)  # 13px text across the 440-wide chart
        title, label = escape(named), te("answers to: {puzzle}", puzzle=named)
        charts.append(
            f'<svg class="sjt-chart" role="img" aria-label="{label}" viewBox="0 0 440 {height}" '
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
    if live.revealed:
        state = t("answer revealed")
    elif live.closed(at):
        state = t("closed")
    elif left is not None:
        state = t("open, closes in {time}", time=clock(left))
    else:
        state = t("open")
    feedback = t("students see their verdict after you reveal") if live.mode == AFTER_REVEAL else t("instant feedback")
    title = escape(puzzle_title(puzzle, live.puzzle_id))
    right = sum(a.correct for a in counted.values())
    # TRANSLATORS: {n} is the number of students present; the <strong> tags stay as they are.
    told = tn(
        "Live: <strong>{puzzle}</strong> — <strong>{answered} of {n}</strong> students answered, {right} right "
        "({state}; {feedback}).",
        "Live: <strong>{puzzle}</strong> — <strong>{answered} of {n}</strong> students answered, {right} right "
        "({state}; {feedback}).",
        len(present),
        puzzle=title,
        answered=len(counted),
        right=right,
        state=escape(state),
        feedback=escape(feedback),
    )
    waits = te("Not answered yet: {names}", names=", ".join(waiting))
    return (
        f'<p class="sjt-live-status" data-puzzle="{escape(live.puzzle_id, quote=True)}" data-answered="{len(counted)}" '
        f'data-present="{len(present)}">{told}</p>' + (f'<p class="sjt-not-answered">{waits}</p>' if waiting else "")
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
        nothing = te("No right answers to a live question yet.")
        return f'<div class="sjt-leaderboard"><p>{nothing}</p></div>'
    rows = "".join(
        f'<li><span class="sjt-place">{place}</span> <span class="sjt-student">{escape(st.name)}</span> '
        f'<span class="sjt-right">{_right_of(st.right, questions)}</span></li>'
        for place, st in enumerate(standings, 1)
    )
    name = te("Leaderboard")
    how = escape(
        tn(
            "Right at the first answer, out of {n} live question; the quicker first among equals.",
            "Right at the first answer, out of {n} live questions; the quicker first among equals.",
            questions,
        )
    )
    return (
        f'<div class="sjt-leaderboard" role="region" aria-label="{name}"><h3>{name}</h3>'
        f"<p>{how}</p><ol>{rows}</ol></div>"
    )


def _right_of(right: int, questions: int) -> str:
    return te("{right} of {total}", right=right, total=questions)


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
        nothing = te("No answers yet.")
        return f'<p class="sjt-live-answers">{nothing}</p>'
    rows = []
    for tries in per.values():
        answers = [a for a in tries if not a.revealed]
        counted = first_counted(answers)
        shown = counted or (answers[0] if answers else tries[0])
        hints = max(a.hints for a in tries)
        verdict = te("✓ right") if shown.correct else te("✗ wrong")
        more = len(answers) - 1
        if counted is None:
            note = te("late: not counted")
        elif more > 0:
            note = te("+{more} later, not counted", more=more)
        else:
            note = te("counted")
        rows.append(
            f'<tr class="{"sjt-late" if counted is None else "sjt-counted"}"><td class="sjt-student">'
            f"{escape(shown.display_name)}</td><td>{escape(shown_answer(puzzle, shown.answer))}</td>"
            f'<td>{verdict}</td><td>{note}</td><td class="sjt-hints">{_hints(hints)}</td></tr>'
        )
    heads = _heads(te("Student"), te("Answer"), te("Verdict"), te("Counted"), te("Hints"))
    return f'<table class="sjt-table sjt-live-answers"><thead>{heads}</thead><tbody>{"".join(rows)}</tbody></table>'


def _hints(count: int) -> str:
    """The hint steps an answer came after (HTML, escaped): "none", "1 hint", "3 hints"."""
    # TRANSLATORS: no hint steps were opened before the answer.
    return te("none") if count == 0 else escape(tn("{n} hint", "{n} hints", count))


def wrong_html(attempts: list[ClassAttempt], bank: Mapping[str, Puzzle], top: int = 5) -> str:
    """The most common wrong answers, each with the engine's explanation of why it is wrong."""
    wrong = Counter((a.puzzle_id, a.answer) for a in attempts if not a.correct)
    if not wrong:
        nothing = te("No wrong answers yet.")
        return f"<p>{nothing}</p>"
    items = []
    for (pid, answer), n in wrong.most_common(top):
        puzzle = bank.get(pid)
        why = puzzle.grade(answer).explanation if puzzle is not None else ""
        items.append(
            f'<li data-puzzle="{escape(pid, quote=True)}"><strong>{escape(puzzle_title(puzzle, pid))}</strong>: '
            f'“{escape(shown_answer(puzzle, answer))}” × {n}<div class="sjt-why">{escape(why)}</div></li>'
        )
    return f'<ol class="sjt-wrong">{"".join(items)}</ol>'
