"""The address bar as a widget: the page's place lives in the URL fragment (``#tractors``), so back, forward,
reload and bookmarks land where the learner was.

The browser only reports: on load and on every fragment change it sends
``{"event": "navigate", "route": "tractors"}``; Python checks the route against the
places it knows (``places``) and answers by setting ``route`` (an unknown one becomes
the first place, and the address is corrected without a history entry). A route may
name a detail within a place after a slash (``practice/points``: practice, on the
points topic); the place decides what the detail means. Python can
also move the learner (``go``, a new history entry), change the page's title, and
replace the address's query (``address``: a student who joins a class in place
gets their id in the address, so a reload keeps them signed in).

>>> from shengji_tutor.ui.widgets.router import Router
>>> router = Router(["home", "points"], on_change=print)
>>> router.browser_event({"event": "navigate", "route": "points"})
points
>>> router.browser_event({"event": "navigate", "route": "nowhere"})
home
>>> router.route
'home'
>>> router.browser_event({"event": "navigate", "route": "points/kitty"})  # a place and a detail within it
points/kitty
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from ...i18n import LANGUAGES
from ._base import BrowserError, SafeWidget, module_text

__all__ = ["Router"]

ROUTE_LIMIT = 80
"""The longest route a browser may report."""


class Router(SafeWidget):
    """The page's place in its URL fragment; ``on_change(route)`` runs when the learner arrives somewhere new."""

    _esm = module_text("router")
    route = traitlets.Unicode("").tag(sync=True)
    """Where the page is (set by Python only; the page mirrors it into the address)."""
    title = traitlets.Unicode("").tag(sync=True)
    """The browser tab's title."""
    query = traitlets.Unicode("").tag(sync=True)
    """The address's query string without ``?`` ('' leaves the address's own)."""
    shown = traitlets.Int(0).tag(sync=True)
    """Counts the places drawn: the page scrolls to the top and focuses the new heading when it changes."""

    def __init__(self, places: Sequence[str], on_change: Callable[[str], None], **kwargs: Any) -> None:
        if not places:
            raise ValueError("a router needs at least one place")
        super().__init__(**kwargs)
        self.places = tuple(places)
        self._on_change = on_change
        self.reports = 0
        """How many places the browser reported (its first report is the address it was opened at)."""

    def _events(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        return {"navigate": self._navigate, "language": self._language}

    on_language: Callable[[str], None] | None = None
    """Called with a language's code ("zh") when the learner picks it in the course bar's switch."""

    def _language(self, content: dict[str, Any]) -> None:
        code = content.get("lang")
        if not isinstance(code, str) or code not in LANGUAGES:
            raise BrowserError(f"a language is one of {', '.join(LANGUAGES)}, not {str(code)[:20]!r}")
        if self.on_language is not None:
            self.on_language(code)

    def _navigate(self, content: dict[str, Any]) -> None:
        route = content.get("route")
        if not isinstance(route, str) or len(route) > ROUTE_LIMIT:
            raise BrowserError(f"a route is a short text, not {str(route)[:ROUTE_LIMIT]!r}")
        self.reports += 1
        self.arrive(route)

    def arrive(self, route: str) -> None:
        """Show ``route`` (an unknown one: the first place) and put it in the address."""
        place = route if self.knows(route) else self.places[0]
        changed = place != self.route
        self.route = place
        if changed or self.reports == 1:
            self._on_change(place)
            self.shown += 1

    def knows(self, route: str) -> bool:
        """Is ``route`` one of the places, or a place and a detail (``practice/points``)?"""
        place, _, detail = route.partition("/")
        return place in self.places and (not detail or (detail.replace("-", "").isalnum() and detail.isascii()))

    def go(self, route: str) -> None:
        """Move the learner to ``route`` as a link would (a new entry in the browser's history)."""
        if not self.knows(route):
            raise ValueError(f"there is no place {route!r} in this course: {', '.join(self.places)}")
        self.send({"go": route})
        self.arrive(route)
