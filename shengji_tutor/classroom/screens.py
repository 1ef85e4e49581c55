"""The classroom's screens: a student's join panel and live-question panel, and the instructor's console.

Names and answers are data, never markup: everything a student typed is
escaped before it reaches a page. The instructor's console is locked until the
instructor key is entered; grading always happens in the kernel.
"""

from __future__ import annotations

import base64
import math
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.grading import Grade
from ..puzzles import Puzzle, answer_text, load_bank
from ..store.classroom import LESSON_NUMBERS, Attempt, ClassroomError, ClassroomStore, WrongKeyError
from ..store.keys import key_matches
from ..store.progress import ProgressStore
from ..ui.puzzle_view import puzzle_card_args
from ..ui.widgets import PuzzleCard
from .backoff import Backoff
from .session import Learner, link

__all__ = ["InstructorConsole", "JoinPanel", "LivePanel", "Poller"]

REFRESH_SECONDS = 1.5


class Poller:
    """Calls ``tick()`` every ``interval`` seconds on a daemon thread until stopped (dashboards, live questions)."""

    def __init__(self, tick: Callable[[], None], interval: float = REFRESH_SECONDS) -> None:
        self._tick, self._interval = tick, interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                self._tick()
            except Exception:
                continue

    def stop(self) -> None:
        self._stop.set()


class JoinPanel(w.VBox):  # type: ignore[misc]
    """The home page's "Join a class" form: class code and display name, once."""

    def __init__(
        self, store: ClassroomStore, home: str = "00-home.ipynb", on_join: Callable[[Learner], None] | None = None
    ) -> None:
        self.store, self.home, self.on_join = store, home, on_join
        self.code = w.Text(placeholder="e.g. K7QX2M", description="Class code")
        self.name = w.Text(placeholder="how the class will see you", description="Your name")
        self.button = w.Button(description="Join", button_style="success")
        self.message = w.HTML()
        self.message.add_class("sjt-join-message")
        self.button.on_click(lambda _b: self.join())
        super().__init__([w.HTML("<h2>Join a class</h2>"), self.code, self.name, self.button, self.message])
        self.add_class("sjt-join")

    def join(self) -> Learner | None:
        try:
            student = self.store.join(self.code.value, self.name.value)
        except ClassroomError as e:
            self.message.value = f'<p class="sjt-error" role="alert">{escape(str(e))}</p>'
            return None
        me = self.store.student(student)
        learner = Learner(student, me["name"], me["code"])
        if self.on_join is not None:  # the course's one page signs itself in
            self.message.value = (
                f'<p role="status">Welcome, {escape(learner.name)}! You are in class {escape(learner.code)}.</p>'
            )
            self.on_join(learner)
            return learner
        target = escape(link(self.home, learner), quote=True)
        self.message.value = (
            f'<p role="status">Welcome, {escape(learner.name)}! You are in class {escape(learner.code)}. '
            f'<a class="sjt-continue" href="{target}">Continue to the course →</a> '
            "(bookmark that page: it keeps you signed in)</p>"
        )
        return learner


class LivePanel(w.VBox):  # type: ignore[misc]
    """The question the instructor pushed to the class, answered here and recorded for the instructor.

    An answer is recorded as the learner's progress (``ProgressStore.of_student`` unless
    ``progress`` is given), so one that the class cannot take is kept on this computer.
    """

    def __init__(
        self,
        store: ClassroomStore,
        learner: Learner,
        bank: dict[str, Puzzle] | None = None,
        progress: ProgressStore | None = None,
    ) -> None:
        self.store, self.learner = store, learner
        self.progress = progress if progress is not None else ProgressStore.of_student(store.url, learner.student_id)
        self.bank = bank if bank is not None else load_bank()
        self.title = w.HTML()
        self.card: PuzzleCard | None = None
        self.shown: str | None = None
        self.revealed = False
        super().__init__([self.title])
        self.add_class("sjt-live")
        self.refresh()
        self.poller = Poller(self.refresh)

    def refresh(self) -> None:
        info = self.store.class_info(self.learner.code)
        if info["ended"]:
            self.title.value = "<p>This class has ended. Thank you!</p>"
            self.children = [self.title]
            self.poller.stop() if hasattr(self, "poller") else None
            return
        live = info["live_puzzle"]
        if live != self.shown:
            self.shown, self.revealed = live, False
            if live is None or live not in self.bank:
                self.title.value = "<p>No live question right now: carry on with the lessons.</p>"
                self.children = [self.title]
                self.add_class("sjt-live-idle")
                return
            self.remove_class("sjt-live-idle")
            self.remove_class("sjt-live-answered")
            puzzle = self.bank[live]
            self.title.value = "<h2>Live question from your instructor</h2>"
            self.card = PuzzleCard(**puzzle_card_args(puzzle))
            self.card.on_check(self._record)
            self.children = [self.title, self.card]
        if info["live_revealed"] and not self.revealed and self.card is not None and live in self.bank:
            self.revealed = True
            puzzle = self.bank[live]
            solution = puzzle.solve()
            shown = puzzle.canonical_answer(solution)
            self.card.hint_text = f"The answer: {shown}. {puzzle.grade(solution).explanation}"

    def _record(self, grade: Grade, answer: Any) -> None:
        """Store the answer in its canonical form, so that equal answers count together on the dashboard."""
        puzzle_id = self.shown or ""
        shown = answer_text(self.bank.get(puzzle_id), answer)
        problem = self.progress.save(puzzle_id, grade.correct, shown)
        self.add_class("sjt-live-answered")
        if self.card is not None:
            self.card.error = problem


class InstructorConsole(w.VBox):  # type: ignore[misc]
    """The instructor's page: unlock with the key, create or open a class, watch it live, push a question,
    export the attempts, end the class.

    ``fingerprint`` is the server key's (by default the store's ``server_key``). A wrong key makes the next
    try wait 1, 2, 4 … 30 s (``Backoff``, on ``clock``), whether it was typed to unlock or to open a class.
    """

    def __init__(
        self, store: ClassroomStore, fingerprint: str | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.fingerprint = fingerprint if fingerprint is not None else store.server_key or ""
        self.backoff = Backoff(clock)
        self.bank = load_bank()
        self.key = w.Password(description="Key", placeholder="instructor key")
        self.unlock_button = w.Button(description="Unlock", button_style="primary")
        self.message = w.HTML()
        self.unlock_button.on_click(lambda _b: self.unlock())
        self.code: str | None = None
        self.poller: Poller | None = None
        super().__init__([w.HTML("<h2>Instructor</h2>"), w.HBox([self.key, self.unlock_button]), self.message])
        self.add_class("sjt-instructor")

    # -- unlocking and choosing a class ----------------------------------------------------

    def _refused(self) -> bool:
        """Is this try too soon after a wrong key? (then the message says how long to wait)"""
        wait = self.backoff.wait()
        if wait:
            self.message.value = (
                f'<p class="sjt-error" role="alert">Too many wrong keys: try again in {math.ceil(wait)} s.</p>'
            )
        return bool(wait)

    def _wrong_key(self, problem: str) -> None:
        pause = self.backoff.fail()
        self.message.value = (
            f'<p class="sjt-error" role="alert">{escape(problem)} You can try again in {pause:g} s.</p>'
        )

    def unlock(self) -> bool:
        if self._refused():
            return False
        if not self.fingerprint or not key_matches(self.key.value, self.fingerprint):
            self._wrong_key("That key does not unlock this server.")
            return False
        self.backoff.reset()
        self.message.value = ""
        self.class_name = w.Text(description="Class name", placeholder="e.g. Tuesday club")
        lessons = [(f"{n}", n) for n in LESSON_NUMBERS]
        self.lessons = w.SelectMultiple(options=lessons, value=tuple(range(2, 10)), description="Lessons", rows=5)
        create = w.Button(description="Create class", button_style="success")
        create.on_click(lambda _b: self.create())
        self.existing = w.Text(description="Or open", placeholder="class code")
        open_button = w.Button(description="Open")
        open_button.on_click(lambda _b: self.open_class(self.existing.value))
        self.children = [
            w.HTML("<h2>Instructor</h2>"),
            w.HBox([self.class_name, self.lessons, create]),
            w.HBox([self.existing, open_button]),
            self.message,
        ]
        return True

    def create(self) -> str | None:
        try:
            code = self.store.create_class(self.class_name.value, self.key.value, list(self.lessons.value))
        except ClassroomError as e:
            self.message.value = f'<p class="sjt-error" role="alert">{escape(str(e))}</p>'
            return None
        self.open_class(code)
        return code

    def open_class(self, code: str) -> bool:
        if self._refused():
            return False
        try:
            self.store.check_key(code, self.key.value)
        except WrongKeyError as e:
            self._wrong_key(f"{str(e).capitalize()}.")
            return False
        except ClassroomError as e:
            self.message.value = f'<p class="sjt-error" role="alert">{escape(str(e))}</p>'
            return False
        self.backoff.reset()
        self.code = code.strip().upper()
        info = self.store.class_info(self.code)
        self.header = w.HTML(
            f'<h2>Class <span class="sjt-class-code" data-code="{escape(self.code)}">{escape(self.code)}</span>'
            f" — {escape(info['name'])}</h2><p>Students join on the home page with this code.</p>"
        )
        self.roster_box = w.HTML()
        self.roster_box.add_class("sjt-roster")
        self.topics_box = w.HTML()
        self.chart_box = w.HTML()
        self.chart_box.add_class("sjt-distribution")
        self.wrong_box = w.HTML()
        self.wrong_box.add_class("sjt-wrong-answers")
        lessons = set(info["lessons"]) or set(LESSON_NUMBERS)
        choices = [(f"{p.lesson}. {p.id}", p.id) for p in self.bank.values() if p.lesson in lessons]
        self.live_choice = w.Dropdown(options=choices, description="Question")
        push = w.Button(description="Push to class", button_style="warning")
        reveal = w.Button(description="Reveal answer")
        push.on_click(lambda _b: self.push(self.live_choice.value))
        reveal.on_click(lambda _b: self.reveal())
        self.live_box = w.HTML()
        export = w.Button(description="Export CSV")
        export.on_click(lambda _b: self.export())
        self.export_box = w.HTML()
        end = w.Button(description="End class", button_style="danger")
        end.on_click(lambda _b: self.end())
        self.children = [
            self.header,
            w.HTML("<h3>Roster</h3>"),
            self.roster_box,
            w.HTML("<h3>Accuracy per topic</h3>"),
            self.topics_box,
            w.HTML("<h3>Answers per puzzle</h3>"),
            self.chart_box,
            w.HTML("<h3>Most common wrong answers</h3>"),
            self.wrong_box,
            w.HTML("<h3>Live question</h3>"),
            w.HBox([self.live_choice, push, reveal]),
            self.live_box,
            w.HBox([export, end]),
            self.export_box,
            self.message,
        ]
        self.refresh()
        if self.poller is not None:
            self.poller.stop()
        self.poller = Poller(self.refresh)
        return True

    # -- live view ---------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.code is None:
            return
        attempts = _canonical_attempts(self.store.attempts(self.code, self.key.value), self.bank)
        roster = self.store.roster(self.code, self.key.value)
        self.roster_box.value = _roster_html(roster)
        self.topics_box.value = _topics_html(attempts, self.bank)
        self.chart_box.value = _distribution_svg(attempts, self.bank)
        self.wrong_box.value = _wrong_html(attempts, self.bank)
        info = self.store.class_info(self.code)
        live = info["live_puzzle"]
        if live:
            answers = [a for a in attempts if a.puzzle_id == live]
            state = "answer revealed" if info["live_revealed"] else "answers arriving"
            self.live_box.value = (
                f'<p class="sjt-live-status">Live: <strong>{escape(live)}</strong> — {len(answers)} answers, '
                f"{sum(a.correct for a in answers)} correct ({state}).</p>"
            )
        else:
            self.live_box.value = "<p>No live question.</p>"

    def push(self, puzzle_id: str | None) -> None:
        if self.code is None:
            return
        self.store.push_question(self.code, self.key.value, puzzle_id)
        self.refresh()

    def reveal(self) -> None:
        if self.code is not None:
            self.store.reveal(self.code, self.key.value)
            self.refresh()

    def export(self) -> str:
        if self.code is None:
            return ""
        text = self.store.export_csv(
            self.code, self.key.value, answers=lambda puzzle_id, answer: answer_text(self.bank.get(puzzle_id), answer)
        )
        data = base64.b64encode(text.encode()).decode()
        self.export_box.value = (
            f'<a class="sjt-export" download="class-{escape(self.code)}.csv" href="data:text/csv;base64,{data}">'
            f"Download class-{escape(self.code)}.csv</a> ({text.count(chr(10)) - 1} attempts)"
        )
        return text

    def end(self) -> None:
        if self.code is None:
            return
        self.store.end_class(self.code, self.key.value)
        if self.poller is not None:
            self.poller.stop()
        self.message.value = f"<p>Class {escape(self.code)} has ended. Its attempts stay available for export.</p>"


# -- dashboard pieces (pure functions of the attempts) ---------------------------------------------


def _canonical_attempts(attempts: list[Attempt], bank: dict[str, Puzzle]) -> list[Attempt]:
    """The attempts with every answer in its puzzle's canonical form, so that rows stored in another
    form (``8H 4H`` in click order, ``True`` for yes) count with the same answer given today."""
    return [replace(a, answer=answer_text(bank.get(a.puzzle_id), a.answer)) for a in attempts]


def _ago(t: float) -> str:
    seconds = int(time.time() - t)
    return f"{seconds} s ago" if seconds < 90 else f"{seconds // 60} min ago"


def _roster_html(roster: list[dict[str, Any]]) -> str:
    if not roster:
        return "<p>Nobody has joined yet.</p>"
    rows = "".join(
        f'<tr><td class="sjt-student">{escape(r["name"])}</td><td>{_ago(r["last_seen"])}</td>'
        f"<td>{r['attempts']}</td><td>{r['correct']}</td></tr>"
        for r in roster
    )
    return (
        '<table class="sjt-table"><thead><tr><th>Student</th><th>Last activity</th><th>Attempts</th>'
        f"<th>Correct</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _topics_html(attempts: list[Attempt], bank: dict[str, Puzzle]) -> str:
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
            f'<svg role="img" aria-label="{share:.0%} correct" width="160" height="14">'
            f'<rect width="160" height="14" rx="3" fill="#e9efe9"/>'
            f'<rect width="{160 * share:.0f}" height="14" rx="3" fill="#1b7a3a"/></svg> {share:.0%}</td></tr>'
        )
    return (
        '<table class="sjt-table"><thead><tr><th>Topic</th><th>Attempts</th><th>Correct</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _distribution_svg(attempts: list[Attempt], bank: dict[str, Puzzle]) -> str:
    """One bar chart per puzzle: how many chose each answer, the correct ones in green."""
    by_puzzle: dict[str, Counter[tuple[str, bool]]] = defaultdict(Counter)
    for a in attempts:
        by_puzzle[a.puzzle_id][(a.answer, a.correct)] += 1
    if not by_puzzle:
        return "<p>No answers yet.</p>"
    charts = []
    for pid, counts in sorted(by_puzzle.items()):
        items = counts.most_common(6)
        top = max(n for _, n in items)
        height = 22 * len(items) + 26
        bars = []
        for i, ((answer, correct), n) in enumerate(items):
            y = 24 + 22 * i
            width = 220 * n / top
            colour = "#1b7a3a" if correct else "#b3261e"
            bars.append(
                f'<text x="0" y="{y + 13}" font-size="12">{escape(answer[:24])}</text>'
                f'<rect x="170" y="{y}" width="{width:.0f}" height="16" rx="3" fill="{colour}"/>'
                f'<text x="{176 + width:.0f}" y="{y + 13}" font-size="12">{n}</text>'
            )
        charts.append(
            f'<svg role="img" aria-label="answers to {escape(pid)}" width="440" height="{height}" '
            f'font-family="DejaVu Sans, Arial, sans-serif" data-puzzle="{escape(pid)}">'
            f'<text x="0" y="14" font-size="13" font-weight="700">{escape(pid)}</text>{"".join(bars)}</svg>'
        )
    return "<div>" + "".join(charts) + "</div>"


def _wrong_html(attempts: list[Attempt], bank: dict[str, Puzzle], top: int = 5) -> str:
    wrong = Counter((a.puzzle_id, a.answer) for a in attempts if not a.correct)
    if not wrong:
        return "<p>No wrong answers yet.</p>"
    items = []
    for (pid, answer), n in wrong.most_common(top):
        why = bank[pid].grade(answer).explanation if pid in bank else ""
        items.append(
            f'<li><strong>{escape(pid)}</strong>: “{escape(answer)}” × {n}<div class="sjt-why">{escape(why)}</div></li>'
        )
    return f'<ol class="sjt-wrong">{"".join(items)}</ol>'


def instructor_page() -> w.Widget:
    """The instructor notebook's content: the console in a classroom, otherwise how to start one."""
    from .session import classroom_store

    store = classroom_store()
    if store is None:
        return w.HTML(
            "<p>This page runs a class. Start the app with <code>shengji-tutor classroom</code> "
            "(or <code>make classroom</code>): it prints the address students join at and your instructor key.</p>"
        )
    return InstructorConsole(store)
