"""The course as one page in one kernel: lessons change in place, the address says where the learner is.

``course()`` (the app's ``course.ipynb``) draws the shell: a content area that
shows one place of the course at a time — the home page, a lesson, practice,
the mistake review, the widget gallery — and a ``Router`` that keeps the place in
the address's fragment (``…/course.ipynb#tractors``), so the browser's back,
forward and reload land on the same lesson and links stay in the same tab.

A place is shown by running its notebook's cells (``lesson_runner``): the lesson
notebooks stay the source and still open unchanged in JupyterLab. Leaving a place
closes the widgets it made, so a learner who visits every lesson holds one
lesson's widgets, not eleven — except the coached hand and practice, whose state
(a hand half played, a streak) would otherwise be lost: the shell keeps those
alive until the learner comes back.

In a class, a student joins on the home page without leaving it (their id is put
in the address, so a reload keeps them signed in), and the live question their
instructor pushes appears in the shell's live area, above whatever they are
reading.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
from dataclasses import replace
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from ..classroom.screens import LivePanel
from ..classroom.session import Learner
from ..i18n import language, set_language, t, te, th
from ..puzzles import load_bank
from ..ui.style import STYLE
from ..ui.widgets.router import Router
from . import pages
from .catalogue import LESSONS
from .context import at_request, page_context
from .lesson_runner import LessonRun, live_widgets, preload
from .places import PLACES, SHELL_NOTEBOOK, Place, place_of, route_of
from .served import quiet_when_served

__all__ = [
    "PLACES",
    "SHELL_NOTEBOOK",
    "Place",
    "Shell",
    "course",
    "place_of",
    "release_memory",
    "route_of",
]  # the places, re-exported


class Shell(w.VBox):  # type: ignore[misc]
    """The course page: the router, the live area (in a class) and the content area showing one place."""

    def __init__(self) -> None:
        self.router = Router([place.route for place in PLACES], self.show)
        self.live = w.VBox()
        self.live.add_class("sjt-shell-live")
        self.content = w.VBox()
        self.content.add_class("sjt-shell-content")
        self.content.add_class("sjt-course")
        self.place: Place | None = None
        self.detail = ""
        """The detail of the route shown (``points`` in ``practice/points``): a place's widgets read it as they start."""
        self.run: LessonRun | None = None
        self.kept: dict[str, tuple[w.Widget, ...]] = {}
        """Places kept alive (``Place.keep``) while the learner is elsewhere: their widgets, to show again."""
        self._made: dict[str, set[str]] = {}
        """The widgets each shown place made (model ids), closed when the learner leaves it."""
        self.live_panel: LivePanel | None = None
        super().__init__([w.HTML(STYLE), self.router, self.live, self.content])
        self.add_class("sjt-shell")
        self.router.on_language = self.switch_language
        pages.use_shell(self)
        self.signed_in(page_context().learner)

    # -- links and signing in (pages.py asks through these) ---------------------------------

    def href(self, notebook: str) -> str | None:
        """A link to a course notebook as a fragment of this page (None: not a place of the shell)."""
        route = route_of(notebook)
        return f"#{route}" if route is not None else None

    def signed_in(self, learner: Learner | None) -> None:
        """A class's student is known (joined here, or named by the address): their live question appears here."""
        context = page_context()
        if learner is None or context.room is None:
            return
        if self.live_panel is not None and self.live_panel.learner == learner:
            return
        if self.live_panel is not None:
            self.live_panel.poller.stop()
        self.live_panel = LivePanel(context.room, learner, progress=context.progress, go=self.router.go)
        self.live_panel.on_locked = lambda _locked: self._lock_changed()
        self.live.children = [self.live_panel]
        if self.place is not None:
            self.live_panel.moved(self.route())

    def joined(self, learner: Learner) -> None:
        """A student joined on the home page: sign this page in, keep their id in the address, show home again."""
        query = {k: v for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items() if k != "student"}
        query["student"] = [learner.student_id]
        os.environ["QUERY_STRING"] = urlencode(query, doseq=True)  # this kernel's page context now knows them
        self.router.query = os.environ["QUERY_STRING"]
        self.signed_in(page_context().learner)
        if self.place is not None:
            self.show_again()

    def switch_language(self, code: str) -> None:
        """The learner picked another language: read everything in it from now on, keep it (in the address, so a
        reload keeps it, and in their store), and draw the place they are at again — the same place, their progress
        as it is (it is in the store), the live question as their instructor left it. Places kept alive while the
        learner is elsewhere are drawn afresh when they come back (their work is kept in the store as they go)."""
        if code == language():
            return
        set_language(code)
        query = {k: v for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items() if k != "lang"}
        query["lang"] = [code]
        os.environ["QUERY_STRING"] = urlencode(query, doseq=True)
        self.router.query = os.environ["QUERY_STRING"]
        page_context().progress.keep_language(code)
        for route in list(self.kept):
            for widget in self.kept.pop(route):
                widget.close()
        if self.live_panel is not None:
            self.live_panel.poller.stop()
            self.live_panel = None
            self.signed_in(page_context().learner)
        self.show_again()

    def show_again(self) -> None:
        """Run the current place afresh (after the learner signed in, its progress and links change)."""
        if self.place is None:
            return
        place = self.place
        self.kept.pop(place.route, None)
        self._leave(replace(place, keep=False))
        self.place = None
        self.show(place.route)

    # -- places ------------------------------------------------------------------------------

    def route(self) -> str:
        """The route shown now (``home`` before any)."""
        if self.place is None:
            return "home"
        return f"{self.place.route}/{self.detail}" if self.detail else self.place.route

    def show(self, route: str) -> None:
        """Show the place ``route`` names in the content area (running its notebook, or as it was left).

        A detail after a slash (``practice/points``) is handed to the place's widgets that take one (``show_detail``):
        practice opens on that topic.
        """
        base, _, detail = route.partition("/")
        place = place_of(base)
        self.detail = detail
        if self.live_panel is not None:
            self.live_panel.moved(route)
        leaving = self.place
        if leaving is not None and leaving.route == place.route:
            self._focus(detail)
            return
        if leaving is not None:
            self._leave(leaving)
        self.place = place
        self.content._dom_classes = (
            *(c for c in self.content._dom_classes if not c.startswith("sjt-place-")),
            f"sjt-place-{place.route}",
        )
        self.router.title = t("{place} · Sheng ji tutor", place=place.title)
        if self._locked(place):
            self.content.children = (w.HTML(pages.page_header(place.title).data), w.HTML(locked_html()))
            return
        if place.route in self.kept:
            self.content.children = self.kept.pop(place.route)
            self._refresh_headers()
            self._focus(detail)
            return
        before = set(live_widgets())
        self.run = LessonRun(place.notebook)
        for _part in self.run.parts():  # the header and first pictures go to the page before the rest is run
            self.content.children = tuple(self.run.pieces)
        self._made[place.route] = set(live_widgets()) - before
        if leaving is not None:
            release_memory()

    def _lock_changed(self) -> None:
        """The instructor closed or opened lessons: the place shown changes only if it was closed or opened."""
        if self.place is None:
            return
        notice = any(isinstance(c, w.HTML) and c.value == locked_html() for c in self.content.children)
        if self._locked(self.place) != notice:
            self.show_again()

    def _locked(self, place: Place) -> bool:
        """Is ``place`` a lesson the student's instructor keeps closed for now?"""
        number = LESSON_OF.get(place.route)
        return self.live_panel is not None and number is not None and number in self.live_panel.locked

    def _focus(self, detail: str) -> None:
        """Hand a route's detail to the shown place's widgets that take one (``show_detail(detail)``)."""
        if not detail:
            return
        for piece in self.content.children:
            take = getattr(piece, "show_detail", None)
            if callable(take):
                take(detail)

    def _leave(self, place: Place) -> None:
        if place.keep:
            self.kept[place.route] = tuple(self.content.children)
            self.content.children = ()
            return
        self.content.children = ()
        widgets = live_widgets()
        for model_id in self._made.pop(place.route, set()):
            widget = widgets.get(model_id)
            if widget is not None:
                widget.close()
        self.run = None

    def _refresh_headers(self) -> None:
        """A kept place shown again: its header's progress may have changed elsewhere."""
        for piece in self.content.children:
            if isinstance(piece, pages.LessonHeader):
                piece.refresh()


LESSON_OF = {lesson.slug: lesson.number for lesson in LESSONS}
"""The lesson each lesson place is (by its route)."""


def locked_html() -> str:
    """What a student reads, under the lesson's title, in place of a lesson their instructor keeps closed for now."""
    home = '<a href="#home">' + te("course home") + "</a>"
    said = th(
        "Your instructor will open this lesson soon. Until then, go back to the {home}, or on with the lesson your "
        "class is on.",
        home=home,
    )
    return f'<div class="sjt-locked-lesson" role="status"><p>{said}</p></div>'


def release_memory() -> None:
    """Free what the place left behind now: its namespace and widgets hold each other in cycles (the collector), and
    the messages that carried them leave the C heap fragmented (glibc's ``malloc_trim`` gives the free pages back to
    the system, where a learner's kernel would otherwise keep its largest size)."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc (macOS, musl): the collector is all there is
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def course() -> Shell:
    """The course app's page (``course.ipynb``): everything is read before the learner arrives, then the shell."""
    quiet_when_served()
    load_bank()
    preload(place.notebook for place in PLACES)
    at_request()
    return Shell()
