"""The classroom's screens: a student's join panel and live-question panel, and the instructor's console.

Names and answers are data, never markup: everything a student typed is
escaped before it reaches a page. The instructor's console is locked until the
instructor key is entered; grading always happens in the kernel.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import io
import logging
import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime
from html import escape
from typing import Generic, TypeVar

import ipywidgets as w

from ..engine.cards import format_cards
from ..i18n import N_, t, te, th, tn
from ..puzzles import Puzzle, load_bank
from ..puzzles.authoring import TOPIC as OWN_TOPIC
from ..store.answers import Recorder
from ..store.classroom import (
    AFTER_REVEAL,
    INSTANT,
    LESSON_NUMBERS,
    ClassAttempt,
    ClassInfo,
    ClassroomError,
    ClassroomStore,
    LiveQuestion,
    RosterRow,
    WrongKeyError,
)
from ..store.keys import key_matches
from ..store.progress import ProgressStore
from ..store.schema import StoreError
from ..store.validate import CLASS_QUESTION as OWN_QUESTION
from ..ui.puzzle_view import puzzle_card_args
from ..ui.style import STYLE
from ..ui.widgets import PuzzleCard
from ..ui.widgets.disclosure import Disclosure
from .backoff import Backoff, StoredBackoff, client_address, hub_account
from .controls import FIT, row, sentence
from .dashboard import (
    clock,
    distribution_svg,
    join_html,
    leaderboard,
    leaderboard_html,
    lesson_label,
    live_answers_html,
    live_status_html,
    puzzle_preview,
    puzzle_title,
    roster_html,
    shown_answer,
    student_html,
    topics_html,
    wrong_html,
)
from .session import Learner, class_in_address, join_address, link
from .writer import QuestionWriter, button

__all__ = ["InstructorConsole", "JoinPanel", "LivePanel", "Poller"]

REFRESH_SECONDS = 1.5
OWN = 0
"""The question picker's "lesson" of the class's own questions (``writer.QuestionWriter``)."""
CLASSES_LISTED = 30
"""The most classes the console lists (newest first); an older one opens by its code."""
TIMERS = [(N_("No timer"), 0), (N_("30 s"), 30), (N_("1 min"), 60), (N_("2 min"), 120), (N_("5 min"), 300)]
"""How long a pushed question may stay open to answers (the instructor's choice at each push; each label translated
where it is shown)."""


LOG = logging.getLogger("shengji_tutor.classroom")


Looked = TypeVar("Looked")


class Poller(Generic[Looked]):
    """Every ``interval`` seconds until stopped (dashboards, live questions): ``read()`` on a worker thread — the
    class's store, so that a slow or unreachable database never holds the page up — then ``draw(what_it_read)`` on
    the kernel's event loop, between the messages the kernel handles: widgets are touched on that one thread only,
    never while a learner's click is being handled.

    ``loop`` is the kernel's (the loop running where the poller is made); outside a running loop (a script, a test
    without one) nothing polls (``running`` is False) and the caller refreshes when it wants to. A look that fails
    is tried again at the next one, and the failure goes to the ``shengji_tutor.classroom`` log with its traceback —
    once while it keeps failing the same way, so a database down for a minute is one entry, not forty — and a line
    when looks work again.
    """

    def __init__(
        self,
        read: Callable[[], Looked],
        draw: Callable[[Looked], None],
        interval: float = REFRESH_SECONDS,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self._read, self._draw, self._interval = read, draw, interval
        self._loop = loop if loop is not None else _running_loop()
        self._handle: asyncio.TimerHandle | None = None
        self._stopped = False
        self._failing = ""
        self._next()

    @property
    def running(self) -> bool:
        return self._loop is not None and not self._stopped

    def _next(self) -> None:
        if self.running:
            assert self._loop is not None
            self._handle = self._loop.call_later(self._interval, self._look)

    def _look(self) -> None:
        assert self._loop is not None
        self._loop.run_in_executor(None, self._read).add_done_callback(self._drawn)

    def _drawn(self, looked: Future[Looked] | asyncio.Future[Looked]) -> None:
        """On the loop: draw what was read, or log why it could not be (see the class docstring); then wait again."""
        if self._stopped:
            return
        try:
            self._draw(looked.result())
        except Exception as e:  # the loop has no caller to raise to: say it in the log and try again
            what = f"{type(e).__name__}: {e}"
            if what != self._failing:
                LOG.exception("a live refresh failed; trying again every %g s", self._interval)
            self._failing = what
        else:
            if self._failing:
                LOG.info("the live refresh works again (it had failed with %s)", self._failing)
            self._failing = ""
        self._next()

    def stop(self) -> None:
        self._stopped = True
        if self._handle is not None:
            self._handle.cancel()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running on this thread (a kernel's, where a cell or a widget's message is handled), else
    ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class JoinPanel(w.VBox):  # type: ignore[misc]
    """The home page's "Join a class" form: class code and display name, once. A join address (``?class=…``,
    ``session.join_address``) fills the code in."""

    def __init__(
        self, store: ClassroomStore, home: str = "00-home.ipynb", on_join: Callable[[Learner], None] | None = None
    ) -> None:
        self.store, self.home, self.on_join = store, home, on_join
        self.code = w.Text(value=class_in_address(), placeholder=t("e.g. K7QX2M"), description=t("Class code"))
        self.name = w.Text(placeholder=t("how the class will see you"), description=t("Your name"))
        self.button = button(t("Join"), lambda: self.join(), button_style="success")
        self.message = w.HTML()
        self.message.add_class("sjt-join-message")
        heading = te("Join a class")
        super().__init__([w.HTML(f"<h2>{heading}</h2>"), self.code, self.name, self.button, self.message])
        self.add_class("sjt-join")

    def join(self) -> Learner | None:
        try:
            student = self.store.join(self.code.value, self.name.value, account=hub_account())
        except ClassroomError as e:
            self.message.value = f'<p class="sjt-error" role="alert">{escape(str(e))}</p>'
            return None
        me = self.store.student(student)
        learner = Learner(student, me.name, me.code)
        if self.on_join is not None:  # the course's one page signs itself in
            welcome = te("Welcome, {name}! You are in class {code}.", name=learner.name, code=learner.code)
            self.message.value = f'<p role="status">{welcome}</p>'
            self.on_join(learner)
            return learner
        target = escape(link(self.home, learner), quote=True)
        onward = te("Continue to the course →")
        welcome = th(
            "Welcome, {name}! You are in class {code}. {link} (bookmark that page: it keeps you signed in)",
            name=escape(learner.name),
            code=escape(learner.code),
            link=f'<a class="sjt-continue" href="{target}">{onward}</a>',
        )
        self.message.value = f'<p role="status">{welcome}</p>'
        return learner


class LivePanel(w.VBox):  # type: ignore[misc]
    """The question the instructor pushed to the class, answered here and recorded for the instructor.

    An answer is recorded as every answer is (``store.answers.Recorder``): in the learner's progress
    (``ProgressStore.of_student`` unless ``progress`` is given, so one that the class cannot take is kept on this
    computer), with the hint steps they opened and the mistake it matched, and rated for their review queue.

    It also paces the page: when the instructor sends the class to a place, ``go(route)`` takes the page there
    (once per sending: a student who arrives later is not sent), and ``moved(route)`` tells the class where the
    page is, for the roster.
    """

    def __init__(
        self,
        store: ClassroomStore,
        learner: Learner,
        bank: dict[str, Puzzle] | None = None,
        progress: ProgressStore | None = None,
        go: Callable[[str], None] | None = None,
    ) -> None:
        self.store, self.learner = store, learner
        self.go = go
        self.locked: tuple[int, ...] = ()
        """The lessons the instructor keeps closed for now (``on_locked`` hears when they change)."""
        self.on_locked: Callable[[tuple[int, ...]], None] | None = None
        self._sent_seen: float | None = None
        """When the class was last sent somewhere, as this page last saw it (None: not looked yet)."""
        self.progress = progress if progress is not None else ProgressStore.of_student(store.url, learner.student_id)
        self.bank = dict(bank) if bank is not None else load_bank()  # a class's own questions join it when pushed
        self.title = w.HTML()
        self.card: PuzzleCard | None = None
        self.recorder: Recorder | None = None
        self.shown: int | None = -1
        """The live question on show (``LiveQuestion.id``; None: none; -1 before the first look, so that the first
        look draws the panel, idle or not)."""
        self.status = w.HTML()
        self._seen_at = -math.inf
        self.revealed = False
        super().__init__([self.title])
        self.add_class("sjt-live")
        self.refresh()
        self.poller = Poller(self._read, self._draw)

    def refresh(self) -> None:
        self._draw(self._read())

    def _read(self) -> ClassInfo:
        """What a look at the class reads (the poller's worker thread): the class as it stands, after saying now and
        then that this page is open."""
        self._present()
        return self.store.class_info(self.learner.code)

    def _draw(self, info: ClassInfo) -> None:
        if info.ended:
            ended = te("This class has ended. Thank you!")
            self.title.value = f"<p>{ended}</p>"
            self.children = [self.title]
            self.poller.stop() if hasattr(self, "poller") else None
            return
        if info.locked != self.locked:
            self.locked = info.locked
            if self.on_locked is not None:
                self.on_locked(self.locked)
        self._follow(info.sent_to, info.sent_at)
        live = info.live
        if (None if live is None else live.id) != self.shown:
            self.shown, self.revealed = (None if live is None else live.id), False
            puzzle = None if live is None else self._puzzle(live.puzzle_id)
            if live is None or puzzle is None:
                idle = te("No live question right now: carry on with the lessons.")
                self.title.value = f"<p>{idle}</p>"
                self.children = [self.title]
                self.add_class("sjt-live-idle")
                return
            self.remove_class("sjt-live-idle")
            self.remove_class("sjt-live-answered")
            heading = te("Live question from your instructor")
            self.title.value = f"<h2>{heading}</h2>"
            # the instructor reveals the answer to the whole class: no "Show answer" of one's own
            self.card = PuzzleCard(**{**puzzle_card_args(puzzle), "solution": None})
            self.card.withhold = live.mode == AFTER_REVEAL
            self.recorder = Recorder(self.card, self.progress)
            # a class's own question is recorded for the class, not reviewed (the review draws from the bank)
            self.recorder.show(puzzle, live=live.id, reviewed=puzzle.topic != OWN_TOPIC)
            self.card.on_check(lambda _grade, _answer: self.add_class("sjt-live-answered"))
            self.children = [self.title, self.status, self.card]
        if live is None or self.card is None:
            return
        if not self.revealed:
            self.status.value = _live_status(live)
        puzzle = self._puzzle(live.puzzle_id)
        if live.revealed and not self.revealed and puzzle is not None:
            self._show_answer(self.card, puzzle)

    def _show_answer(self, card: PuzzleCard, puzzle: Puzzle) -> None:
        """The instructor revealed the answer: the card and the status above it show it, and it floats into view."""
        self.revealed = True
        solution = puzzle.solve()
        shown = shown_answer(puzzle, solution)
        told = t("The answer: {answer}. {explanation}", answer=shown, explanation=puzzle.grade(solution).explanation)
        with card.hold_sync():
            card.verdict = "shown"
            card.feedback = told
        # above the question too, so that it is in view however tall the question is
        self.status.value = f'<p class="sjt-live-state sjt-live-answer" role="status">{escape(told)}</p>'
        # the answer comes back into view, floating over the lesson again, until the student puts it away
        self.remove_class("sjt-live-answered")
        done = button(t("Back to the lesson"), lambda: self.add_class("sjt-live-answered"))
        done.add_class("sjt-live-done")
        self.children = [*self.children, done]

    def _puzzle(self, puzzle_id: str) -> Puzzle | None:
        """A puzzle of the bank, or one of the class's own questions (read from its store once it is pushed)."""
        if puzzle_id not in self.bank and OWN_QUESTION.fullmatch(puzzle_id):
            self.bank.update(self.store.questions(self.learner.code))
        return self.bank.get(puzzle_id)

    def _follow(self, route: str | None, at: float | None) -> None:
        """Go where the instructor sent the class, if they sent it since this page last looked."""
        before, self._sent_seen = self._sent_seen, at or 0.0
        if before is None or at is None or at == before or route is None or self.go is None:
            return  # nothing new; or sent before this page opened: the student is not sent again
        try:
            self.go(route)
        except ValueError:  # a place this course does not have (an older or newer course): stay
            LOG.warning("the class was sent to %r, which this course does not have", route)

    def moved(self, route: str) -> None:
        """The page now shows ``route``: the roster says so."""
        try:
            self.store.seen(self.learner.student_id, route)
        except StoreError:  # only the roster's "where": the next move tries again
            LOG.warning("could not note where a student is", exc_info=True)
        else:
            self._seen_at = time.monotonic()

    def _present(self) -> None:
        """Tell the class's store, now and then, that this student's page is open (the dashboard counts them)."""
        now = time.monotonic()
        if now - self._seen_at < SEEN_EVERY:
            return
        self._seen_at = now
        try:
            self.store.seen(self.learner.student_id)
        except StoreError:  # only a count on the dashboard: the next look tries again
            LOG.warning("could not mark a student present", exc_info=True)


SEEN_EVERY = 30.0
"""Seconds between two "this page is open" notes of a student's live panel."""


def _cards_of(puzzle: Puzzle) -> str:
    """The cards a question shows, in a line: the trick's plays (then the hand), or its hand alone."""
    view = puzzle.view()
    plays = [format_cards(p) for p in view.trick]
    if view.hand:
        # TRANSLATORS: the cards of a question's hand, in a short line listing a question's cards.
        plays.append(t("hand {cards}", cards=format_cards(view.hand)))
    line = " · ".join(plays)
    return line if len(line) <= 60 else line[:59] + "…"


def _live_status(live: LiveQuestion) -> str:
    """What a student reads above the live question: how they will hear their verdict, and its timer or closing."""
    if live.revealed:
        revealed = te("The answer is revealed.")
        return f'<p class="sjt-live-state">{revealed}</p>'
    if live.closed():
        closed = te("Answers are closed: an answer now is recorded as late.")
        return f'<p class="sjt-live-state sjt-live-closed">{closed}</p>'
    said = (
        te("Answer once: your instructor reveals the answer to everyone when the answers are in.")
        if live.mode == AFTER_REVEAL
        else te("Your first answer counts.")
    )
    left = live.seconds_left()
    closes = "" if left is None else te("Closes in {time}", time=clock(left))
    countdown = "" if left is None else f' <strong class="sjt-countdown">{closes}</strong>'
    return f'<p class="sjt-live-state">{said}{countdown}</p>'


@dataclass(frozen=True)
class ClassLook:
    """What the console reads of its class at each look: every attempt, the roster, the class, and its live
    questions while the leaderboard is shown (``None``: not read)."""

    attempts: list[ClassAttempt]
    roster: list[RosterRow]
    info: ClassInfo
    questions: list[LiveQuestion] | None


class InstructorConsole(w.VBox):  # type: ignore[misc]
    """The instructor's page: unlock with the key, create or open a class, show students how to join, watch the
    class live, preview and push a question, export the attempts, end the class.

    ``fingerprint`` is the server key's (by default the store's ``server_key``). A wrong key makes the next
    try wait 1, 2, 4 … 30 s, whether it was typed to unlock or to open a class: counted in the store for the
    visitor's ``address`` (by default the page's, ``backoff.client_address``), on the wall ``clock``, so that a
    reloaded page, another page or another replica waits as long (``StoredBackoff``).
    ``titles`` names the lessons (``{4: "Pairs"}``: the course's catalogue, which lives above this layer), and
    ``join_page`` is the course page students join on (``session.join_address``).
    """

    def __init__(
        self,
        store: ClassroomStore,
        fingerprint: str | None = None,
        clock: Callable[[], float] = time.time,
        *,
        titles: Mapping[int, str] | None = None,
        join_page: str = "00-home.ipynb",
        address: str | None = None,
        places: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.store = store
        self.fingerprint = fingerprint if fingerprint is not None else store.server_key or ""
        self.backoff: Backoff = StoredBackoff(store, client_address() if address is None else address, clock)
        self.bank = load_bank()
        self.titles = dict(titles or {})
        self.places = list(places)
        """The places of the course the class can be sent to: (title, route), in the course's order."""
        self.join_page = join_page
        self.key = w.Password(description=t("Key"), placeholder=t("instructor key"), **FIT)
        self.unlock_button = button(t("Unlock"), lambda: self.unlock(), button_style="primary")
        self.message = w.HTML()
        self.code: str | None = None
        self.ended = False
        self.poller: Poller[ClassLook] | None = None
        self._leaders = False
        """Whether the leaderboard is shown, as the poller's thread reads it (``show_leaders`` is a widget): the
        class's live questions are read only for it."""
        self.style = w.HTML(STYLE)
        super().__init__([self.style, _heading(), row(self.key, self.unlock_button), self.message])
        self.add_class("sjt-instructor")

    # -- unlocking and choosing a class ----------------------------------------------------

    def _refused(self) -> bool:
        """Is this try too soon after a wrong key? (then the message says how long to wait)"""
        wait = self.backoff.wait()
        if wait:
            self._say(t("Too many wrong keys: try again in {seconds} s.", seconds=math.ceil(wait)))
        return bool(wait)

    def _wrong_key(self, problem: str) -> None:
        pause = self.backoff.fail()
        self._say(t("{problem} You can try again in {seconds} s.", problem=problem, seconds=f"{pause:g}"))

    def _say(self, problem: str) -> None:
        self.message.value = f'<p class="sjt-error" role="alert">{escape(problem)}</p>'

    def unlock(self) -> bool:
        if self._refused():
            return False
        if not self.fingerprint or not key_matches(self.key.value, self.fingerprint):
            self._wrong_key(t("That key does not unlock this server."))
            return False
        self.backoff.reset()
        self.message.value = ""
        self.class_name = w.Text(description=t("Class name"), placeholder=t("e.g. Tuesday club"), **FIT)
        lessons = [(lesson_label(n, self.titles), n) for n in LESSON_NUMBERS]
        self.lessons = w.SelectMultiple(
            options=lessons, value=tuple(range(2, 10)), description=t("Lessons"), rows=6, **FIT
        )
        create = button(t("Create class"), lambda: self.create(), button_style="success")
        self.existing = w.Text(description=t("Or open"), placeholder=t("class code"), **FIT)
        open_button = button(t("Open"), lambda: self.open_class(self.existing.value))
        self._stop_polling()
        self.code = None
        self.children = [
            self.style,
            _heading(),
            row(self.class_name, self.lessons, create),
            row(self.existing, open_button),
            *self._class_buttons(),
            self.message,
        ]
        return True

    def _class_buttons(self) -> list[w.Widget]:
        """The store's classes, newest first, each a button that opens it (none when they cannot be read)."""
        try:
            known = self.store.class_list(self.key.value)
        except StoreError:  # a failing database, or a class's own key: the code can still be typed
            return []
        if not known:
            return []
        buttons = []
        for summary in known[:CLASSES_LISTED]:
            made = _date(summary.created_at)
            values = {"code": summary.code, "name": summary.name, "date": made}
            described = (
                tn(
                    "{code} — {name} ({n} joined, {date}, ended)",
                    "{code} — {name} ({n} joined, {date}, ended)",
                    summary.students,
                    **values,
                )
                if summary.ended
                else tn(
                    "{code} — {name} ({n} joined, {date})",
                    "{code} — {name} ({n} joined, {date})",
                    summary.students,
                    **values,
                )
            )
            button = w.Button(description=described, layout=w.Layout(width="auto"))
            button.add_class("sjt-class-button")
            button.on_click(lambda _b, code=summary.code: self.open_class(code))
            buttons.append(button)
        yours = te("Your classes")
        return [w.HTML(f"<h3>{yours}</h3>"), w.VBox(buttons)]

    def _stop_polling(self) -> None:
        if self.poller is not None:
            self.poller.stop()
            self.poller = None

    def create(self) -> str | None:
        try:
            code = self.store.create_class(self.class_name.value, self.key.value, list(self.lessons.value))
        except ClassroomError as e:
            self._say(str(e))
            return None
        self.open_class(code)
        return code

    def open_class(self, code: str) -> bool:
        if self._refused():
            return False
        try:
            self.store.check_key(code, self.key.value)
        except WrongKeyError as e:
            self._wrong_key(t("{problem}.", problem=sentence(e)))
            return False
        except ClassroomError as e:
            self._say(str(e))
            return False
        self.backoff.reset()
        self.message.value = ""
        self.code, self.ended = code.strip().upper(), False
        info = self.store.class_info(self.code)
        self._build_header(self.code, info.name)
        self.bank = self._class_bank()
        class_lessons = sorted(set(info.lessons) or set(LESSON_NUMBERS))
        self._question_picker(set(class_lessons))
        self.writer = QuestionWriter(
            self.store, self.code, lambda: self.key.value, class_lessons, self.titles, on_saved=self._written
        )
        self._build_live_controls()
        self.student_choice = w.Dropdown(options=[], value=None, description=t("Student"), **FIT)
        self.student_box = w.HTML()
        self.student_choice.observe(lambda _change: self.refresh(), names="value")
        lessons = [(lesson_label(n, self.titles), n) for n in sorted(set(info.lessons) or set(LESSON_NUMBERS))]
        self.locked_choice = w.SelectMultiple(
            options=lessons,
            value=tuple(n for n in info.locked if n in {number for _, number in lessons}),
            description=t("Closed"),
            rows=5,
            **FIT,
        )
        self.locked_choice.observe(lambda change: self.lock(change["new"]), names="value")
        self.send_choice = w.Dropdown(options=self.places, description=t("Send to"), **FIT)
        self.send_button = button(t("Send the class"), lambda: self.send(self.send_choice.value))
        self.live_box = w.HTML()
        self._build_leaderboard()
        self.export_box = w.HTML()
        self.end_button = button(t("End class"), lambda: self.end(), button_style="danger")
        self.children = self._console()
        self._stop_polling()
        self.refresh()
        if not self.ended:
            key = self.key.value  # read here, on the kernel's loop: the poller's thread touches no widget
            self.poller = Poller(lambda: self._read(code, key), self._draw)
        return True

    def _build_header(self, code: str, name: str) -> None:
        """The class's title with its code and how to join it, and the boxes the dashboard fills in."""
        shown = escape(code)
        heading = th(
            "Class {code} — {name}",
            code=f'<span class="sjt-class-code" data-code="{shown}">{shown}</span>',
            name=escape(name),
        )
        self.header = w.HTML(f"<h2>{heading}</h2>" + join_html(code, join_address(code, self.join_page)))
        self.ended_box = w.HTML()
        self.roster_box = w.HTML()
        self.roster_box.add_class("sjt-roster")
        self.topics_box = w.HTML()
        self.chart_box = w.HTML()
        self.chart_box.add_class("sjt-distribution")
        self.wrong_box = w.HTML()
        self.wrong_box.add_class("sjt-wrong-answers")

    def _build_live_controls(self) -> None:
        """How the live question's verdict is given and timed, and the buttons that push, close and reveal it."""
        self.feedback = w.ToggleButtons(
            options=[(t("Instant"), INSTANT), (t("After reveal"), AFTER_REVEAL)],
            value=INSTANT,
            description=t("Feedback"),
            tooltips=[
                t("each student sees their verdict at once"),
                t("students see “answer recorded” until you reveal"),
            ],
        )
        self.timer = w.Dropdown(
            options=[(t(label), seconds) for label, seconds in TIMERS], value=0, description=t("Timer"), **FIT
        )
        self.push_button = button(t("Push to class"), lambda: self.push(self.live_choice.value), button_style="warning")
        self.close_button = button(t("Close answers"), lambda: self.close_answers())
        self.reveal_button = button(t("Reveal answer"), lambda: self.reveal())

    def _console(self) -> list[w.Widget]:
        """The console of an open class, top to bottom: the live question, the roster, the dashboard's reports."""
        export = button(t("Export CSV"), lambda: self.export())
        back = button(t("← All classes"), lambda: self.unlock())
        closed_note = te("Lessons closed for now (students see “your instructor will open it”):")
        return [
            self.style,
            back,
            self.header,
            self.ended_box,
            _subheading(t("Live question")),
            self.lesson_choice,
            self.live_choice,
            self.preview_box,
            row(self.feedback, self.timer),
            row(self.push_button, self.close_button, self.reveal_button, self.show_leaders),
            self.live_box,
            self.leaders_box,
            Disclosure(self.writer, t("Write a question of your own")),
            _subheading(t("Roster")),
            *([row(self.send_choice, self.send_button)] if self.places else []),
            w.HTML(f'<p class="sjt-note">{closed_note}</p>'),
            self.locked_choice,
            self.roster_box,
            self.student_choice,
            self.student_box,
            _subheading(t("Accuracy per topic")),
            self.topics_box,
            _subheading(t("Answers per puzzle")),
            self.chart_box,
            _subheading(t("Most common wrong answers")),
            self.wrong_box,
            row(export, self.end_button),
            self.export_box,
            self.message,
        ]

    # -- choosing and previewing the live question -------------------------------------------

    def _question_picker(self, lessons: set[int]) -> None:
        """The lesson (by its title) or the class's own questions, then one of its puzzles (by its prompt), then a
        preview of that puzzle."""
        self.lessons_offered = lessons
        self.lesson_choice = w.Dropdown(options=self._lesson_options(), description=t("Lesson"), **FIT)
        self.live_choice = w.Select(options=[], description=t("Question"), rows=6, layout=w.Layout(width="48em"), **FIT)
        self.preview_box = w.HTML()
        self.lesson_choice.observe(lambda change: self.choose_lesson(change["new"]), names="value")
        self.live_choice.observe(lambda change: self.preview(change["new"]), names="value")
        self.choose_lesson(self.lesson_choice.value)

    def _lesson_options(self) -> list[tuple[str, int]]:
        """The lessons of the class that have puzzles, then "Your questions" (``OWN``) once the class has some."""
        numbers = sorted({p.lesson for p in self.bank.values() if p.lesson in self.lessons_offered})
        own = sum(1 for p in self.bank.values() if p.topic == OWN_TOPIC)
        mine = [(t("Your questions ({count})", count=own), OWN)] if own else []
        return [(lesson_label(n, self.titles), n) for n in numbers] + mine

    def _class_bank(self) -> dict[str, Puzzle]:
        """The course's bank and the open class's own questions, by id."""
        return {**load_bank(), **self.store.questions(self.code or "")}

    def _written(self, saved: list[str]) -> None:
        """Questions were saved or imported: list them under "Your questions", the last one chosen and previewed."""
        if self.code is None:
            return
        self.bank = self._class_bank()
        self.lesson_choice.options = self._lesson_options()
        self.lesson_choice.value = OWN
        self.choose_lesson(OWN)
        if saved and saved[-1] in {v for _, v in self.live_choice.options}:
            self.live_choice.value = saved[-1]

    def choose_lesson(self, number: int | None) -> None:
        """List the lesson's puzzles (or the class's own questions) by their prompts, easiest first as the lesson
        has them (the first one chosen and previewed)."""
        if number == OWN:
            puzzles = [p for p in self.bank.values() if p.topic == OWN_TOPIC]
        else:
            chosen = (p for p in self.bank.values() if p.lesson == number and p.topic != OWN_TOPIC)
            puzzles = sorted(chosen, key=lambda p: p.difficulty)
        if number == OWN:  # the class's own questions: numbered as saved, told apart by their cards
            self.live_choice.options = [
                (f"{p.id.rsplit('-', 1)[-1]}. {puzzle_title(p, p.id, 60)} — {_cards_of(p)}", p.id) for p in puzzles
            ]
        else:
            self.live_choice.options = [(f"{i}. {puzzle_title(p, p.id, 90)}", p.id) for i, p in enumerate(puzzles, 1)]
        self.live_choice.value = puzzles[0].id if puzzles else None
        self.preview(self.live_choice.value)

    def preview(self, puzzle_id: str | None) -> None:
        """Show the chosen puzzle as students will see it, before it is pushed."""
        puzzle = self.bank.get(puzzle_id or "")
        if puzzle is None:
            nothing = th("No puzzle in this class's lessons to push.")
            self.preview_box.value = f"<p>{nothing}</p>"
            return
        self.preview_box.value = puzzle_preview(puzzle)

    # -- live view ---------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.code is not None:
            self._draw(self._read(self.code, self.key.value))

    def _build_leaderboard(self) -> None:
        """The leaderboard's toggle, hidden at first, and its box."""
        self.show_leaders = w.ToggleButton(value=False, description=t("Leaderboard"), tooltip=t("show it, to project"))
        self.leaders_box = w.HTML()
        self.show_leaders.observe(self._leaders_toggled, names="value")
        self._leaders = False

    def _leaders_toggled(self, _change: object) -> None:
        self._leaders = bool(self.show_leaders.value)  # on the loop: the poller's thread reads this, no widget
        self.refresh()

    def _read(self, code: str, key: str) -> ClassLook:
        """What a look at the class reads (the poller's worker thread); its live questions only for a leaderboard."""
        store = self.store
        questions = store.live_questions(code, key) if self._leaders else None
        return ClassLook(store.attempts(code, key), store.roster(code, key), store.class_info(code), questions)

    def _draw(self, look: ClassLook) -> None:
        attempts, roster = look.attempts, look.roster  # attempts stored canonical: counted as they are
        self.roster_box.value = roster_html(roster, {route: title for title, route in self.places}, attempts, self.bank)
        names = [(r.name, r.id) for r in roster]
        if list(self.student_choice.options) != names:
            chosen = self.student_choice.value
            self.student_choice.options = names
            self.student_choice.value = chosen if chosen in {i for _, i in names} else None
        chosen = self.student_choice.value
        self.student_box.value = (
            student_html(
                next(n for n, i in names if i == chosen), [a for a in attempts if a.student_id == chosen], self.bank
            )
            if chosen is not None
            else ""
        )
        self.topics_box.value = topics_html(attempts, self.bank)
        self.chart_box.value = distribution_svg(attempts, self.bank)
        self.wrong_box.value = wrong_html(attempts, self.bank)
        info = look.info
        if info.ended:
            self._show_ended()
        live = info.live
        if live is not None:
            puzzle = self.bank.get(live.puzzle_id)
            answers = [a for a in attempts if a.live == live.id]
            self.live_box.value = live_status_html(live, answers, roster, puzzle) + live_answers_html(answers, puzzle)
        else:
            nothing = te("No live question.")
            self.live_box.value = f"<p>{nothing}</p>"
        if not self.show_leaders.value:
            self.leaders_box.value = ""
        elif look.questions is not None:  # (a look read before the leaderboard was shown leaves it as it is)
            self.leaders_box.value = leaderboard_html(leaderboard(attempts, look.questions), len(look.questions))

    def _show_ended(self) -> None:
        """The class has ended (here or on another instructor's page): nothing that would change it stays active."""
        self.ended = True
        for control in (
            self.locked_choice,
            self.send_choice,
            self.send_button,
            self.lesson_choice,
            self.live_choice,
            self.feedback,
            self.timer,
            self.push_button,
            self.close_button,
            self.reveal_button,
            self.end_button,
            self.writer.save_button,
            self.writer.upload,
        ):
            control.disabled = True
        ended = te(
            "Class {code} has ended: students can no longer join or answer, and no question can be pushed or "
            "revealed. Its attempts stay available for export.",
            code=self.code or "",
        )
        self.ended_box.value = f'<p class="sjt-class-ended" role="status">{ended}</p>'
        if self.poller is not None:
            self.poller.stop()

    def _refuse_if_ended(self) -> bool:
        if self.ended:
            self._say(t("Class {code} has ended: nothing can be pushed, revealed or ended any more.", code=self.code))
        return self.ended

    def push(self, puzzle_id: str | None) -> None:
        """Put ``puzzle_id`` on every student's screen; a refused push (no choice, the class ended) says why."""
        if self.code is None or self._refuse_if_ended():
            return
        if puzzle_id is None:
            self._say(t("Choose a question to push first."))
            return
        try:
            self.store.push_question(
                self.code, self.key.value, puzzle_id, self.feedback.value, self.timer.value or None
            )
        except StoreError as e:  # refused (an unknown question, the class ended) or a failing database
            self._say(t("{problem}: nothing was pushed.", problem=sentence(e)))
        else:
            self.message.value = ""
        self.refresh()

    def send(self, route: str | None) -> None:
        """Send every student's page to ``route`` (a place of the course): each open page goes there once."""
        if self.code is None or self._refuse_if_ended() or route is None:
            return
        try:
            self.store.send_class(self.code, self.key.value, route)
        except StoreError as e:  # refused (the class ended) or a failing database
            self._say(t("{problem}: nobody was sent.", problem=sentence(e)))
            return
        title = next((name for name, r in self.places if r == route), route)
        sent = te("The class is on its way to {place}.", place=title)
        self.message.value = f'<p class="sjt-sent" role="status">{sent}</p>'

    def lock(self, lessons: Sequence[int]) -> None:
        """Keep ``lessons`` closed to the class (the others open)."""
        if self.code is None or self._refuse_if_ended():
            return
        try:
            self.store.lock_lessons(self.code, self.key.value, list(lessons))
        except StoreError as e:
            self._say(t("{problem}: nothing changed.", problem=sentence(e)))
            return
        closed = ", ".join(lesson_label(n, self.titles) for n in sorted(lessons))
        said = (
            te("Closed to the class now: {lessons}.", lessons=closed)
            if closed
            else te("Closed to the class now: none.")
        )
        self.message.value = f'<p class="sjt-locked" role="status">{said}</p>'

    def close_answers(self) -> None:
        """Close the live question: answers that come after are recorded as late and not counted."""
        self._on_live_question(t("There is no live question to close: push one first."), self.store.close_question)

    def reveal(self) -> None:
        """Reveal the live question's answer on every student's screen (which closes it)."""
        self._on_live_question(t("There is no live question to reveal: push one first."), self.store.reveal)

    def _on_live_question(self, none: str, action: Callable[[str, str], None]) -> None:
        """Do ``action`` to the class's live question; with none (then ``none`` says so), or a failing database,
        say so."""
        if self.code is None or self._refuse_if_ended():
            return
        if self.store.class_info(self.code).live is None:
            self._say(none)
            return
        try:
            action(self.code, self.key.value)
        except StoreError as e:  # a failing database
            self._say(t("{problem}.", problem=sentence(e)))
        else:
            self.message.value = ""
        self.refresh()

    def export(self) -> str:
        """The class's attempts as CSV, offered for download: its column headers in the console's language, its
        rows as the store writes them."""
        if self.code is None:
            return ""
        text = headers_translated(
            self.store.export_csv(
                self.code,
                self.key.value,
                answers=lambda puzzle_id, answer: shown_answer(self.bank.get(puzzle_id), answer, glyphs=False),
            )
        )
        data = base64.b64encode(text.encode()).decode()
        name = f"class-{self.code}.csv"
        download = te("Download {file}", file=name)
        count = escape(tn("({n} attempt)", "({n} attempts)", text.count(chr(10)) - 1))
        self.export_box.value = (
            f'<a class="sjt-export" download="{escape(name)}" href="data:text/csv;base64,{data}">{download}</a> {count}'
        )
        return text

    def end(self) -> None:
        if self.code is None or self._refuse_if_ended():
            return
        try:
            self.store.end_class(self.code, self.key.value)
        except StoreError as e:  # a failing database
            self._say(t("{problem}.", problem=sentence(e)))
            return
        self.message.value = ""
        self.refresh()


def _heading() -> w.HTML:
    """The console's title."""
    title = te("Instructor")
    return w.HTML(f"<h2>{title}</h2>")


def _subheading(text: str) -> w.HTML:
    """A section's heading in the console (``text`` already in the reader's language)."""
    return w.HTML(f"<h3>{escape(text)}</h3>")


def _date(at: float) -> str:
    """A day as the console shows it (``06 Dec 2026``), in the reader's language."""
    # TRANSLATORS: the day a class was created, as Python's strftime writes it (%d the day, %b the month's short
    # English name, %m its number, %Y the year): keep {date:…} and write the day as your language does.
    return t("{date:%d %b %Y}", date=datetime.fromtimestamp(at))


CSV_HEADER = "time_utc,class,student_id,student,account,puzzle,answer,verdict,hints,live,late"
"""The export's header row as the store writes it."""


def headers_translated(text: str) -> str:
    """The class's CSV export with its header row in the reader's language (the columns in the same order, the rows
    unchanged). A translation that does not name every column leaves the English header."""
    first, newline, rows = text.partition("\n")
    ending = "\r\n" if first.endswith("\r") else "\n"
    if first.removesuffix("\r") != CSV_HEADER:
        return text
    # TRANSLATORS: the header row of the class's CSV export: one name per column, separated by commas, in the same
    # order (no comma inside a name).
    said = t("time_utc,class,student_id,student,account,puzzle,answer,verdict,hints,live,late")
    names = next(csv.reader(io.StringIO(said)), [])
    if len(names) != CSV_HEADER.count(",") + 1 or any(not name.strip() for name in names):
        return text
    out = io.StringIO()
    csv.writer(out, lineterminator=ending if newline else "").writerow(names)
    return out.getvalue() + rows
