"""The base of every shengji-tutor widget: Python owns the state, the browser only reports.

A browser can set any synced trait, so none is writable from the front end: a
direct write is refused and the widget's state is sent again. What the user
does arrives as a message (``{"event": "toggle", "index": 3}``), which the
widget validates before it changes anything; a bad message is refused with a
message in ``error`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["BrowserError", "SafeWidget", "module_text"]

HERE = Path(__file__).parent


def module_text(name: str) -> str:
    """The ES module of a widget: the shared helpers followed by the widget's own file."""
    return (HERE / "common.js").read_text(encoding="utf-8") + "\n" + (HERE / f"{name}.js").read_text(encoding="utf-8")


class BrowserError(ValueError):
    """A message from the browser that the widget refuses."""


class SafeWidget(anywidget.AnyWidget):
    """An anywidget whose state only Python changes; browser events go through ``_events``."""

    _css = HERE / "widgets.css"
    error = traitlets.Unicode("").tag(sync=True)
    """Why the last browser message was refused ('' when it was accepted)."""
    refusals = traitlets.Int(0)
    """How many browser messages or trait writes were refused (for tests and logs)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_browser_message)

    # -- the only ways in from the browser ------------------------------------------

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A front end tried to write traits directly: refuse, and send our state back."""
        names = sorted(sync_data)
        self._refuse(f"the page may not change {', '.join(names)} directly")
        self.send_state([n for n in names if n in self.keys])

    def _on_browser_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("event"), str):
            self._refuse(f"not a widget event: {content!r}")
            return
        handler = self._events().get(content["event"])
        if handler is None:
            self._refuse(f"unknown event {content['event']!r}")
            return
        self.error = ""  # cleared first, so a handler may still report a problem of its own
        try:
            handler(content)
        except (BrowserError, ValueError, TypeError) as e:
            self._refuse(str(e))

    def browser_event(self, content: dict[str, Any]) -> None:
        """Deliver an event as the browser would (tests, and Python code driving a widget)."""
        self._on_browser_message(self, content, [])

    def _events(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        return {}

    def _refuse(self, why: str) -> None:
        self.refusals += 1
        self.error = why


def whole_number(content: dict[str, Any], name: str, low: int, high: int) -> int:
    """``content[name]`` as an int in [low, high), or ``BrowserError`` naming the problem."""
    value = content.get(name)
    if type(value) is not int:
        raise BrowserError(f"{name} must be a whole number, not {value!r}")
    if not low <= value < high:
        raise BrowserError(f"{name} {value} is out of range ({low} to {high - 1})")
    return value
