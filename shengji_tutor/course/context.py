"""Whose page is this, and where is their work kept? Worked out once per kernel, when the learner arrives.

A kernel serves one page to one learner. In a pre-heated Voilà kernel the
learner is known only once they open the page (their classroom id rides in the
address's query string), so the page context is built after ``at_request``;
in JupyterLab and in tests it is built on first use. After that every link,
progress bar and Check of the page reuses it: one classroom store (engine and
schema check) per kernel instead of one per link.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..classroom.session import Learner, current_learner
from ..store.classroom import ClassroomStore
from ..store.keys import ENV_DB
from ..store.progress import ProgressStore
from .language import page_language
from .served import quiet_when_served

if TYPE_CHECKING:
    from .pages import LessonHeader
    from .steps import Step

__all__ = ["Page", "PageContext", "at_request", "learner_known", "page_context", "this_page"]

REQUEST_SEEN = "SHENGJI_TUTOR_REQUEST_SEEN"


def at_request() -> None:
    """In a pre-heated Voilà kernel, wait here until a learner opens the page.

    Voilà runs each notebook ahead of time so that it opens fast; what comes after
    this call (the learner's progress) is computed when the page is requested, so it
    is never stale. Anywhere else (JupyterLab, tests) it returns at once.

    A served page's kernel writes nothing to its page from here on (``served.quiet_when_served``).
    """
    quiet_when_served()
    if not learner_known():
        _tell_server_ready()
        _wait_for_request()
    os.environ[REQUEST_SEEN] = "1"


def _wait_for_request() -> None:
    """Wait until Voilà hands this pre-heated kernel to a page, then take the page's request into the environment
    (its query string above all: who the learner is).

    Voilà's own helper (``voila.utils.wait_for_request``) does the same, but importing it loads Voilà's server,
    Jupyter's and JupyterLab's (780 modules, 48 MiB in every learner's kernel). This speaks its protocol with
    the websocket client alone: the server's ``voila/query/<kernel id>`` answers once, with the request as JSON.
    """
    import asyncio
    import json
    import threading

    from websockets.asyncio.client import connect

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"
    received: list[str] = []

    async def receive() -> None:
        async with connect(url, open_timeout=5, max_size=None) as socket:
            message = await socket.recv()
            received.append(message if isinstance(message, str) else message.decode())

    def listen() -> None:  # on a thread of its own: the kernel's event loop is busy running this cell
        try:
            asyncio.run(receive())
        except (OSError, TimeoutError) as e:
            print(f"shengji-tutor: no request from Voilà at {url} ({e})", file=sys.__stderr__)

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    thread.join()
    for name, value in json.loads(received[0]).items() if received else ():
        os.environ[name] = str(value)


READY_DIR = "SHENGJI_TUTOR_READY_DIR"
"""Where a pre-heated kernel leaves a file named by its id once its lesson is ready for a learner (the course
server shows its warming page until then)."""


def _tell_server_ready() -> None:
    """Leave this kernel's ready file in ``$SHENGJI_TUTOR_READY_DIR`` (nothing when unset or not a kernel)."""
    folder = os.environ.get(READY_DIR)
    if not folder:
        return
    try:
        from ipykernel.connect import get_connection_file

        name = os.path.basename(get_connection_file())
    except (ImportError, RuntimeError, AttributeError):
        return
    kernel_id = name.removeprefix("kernel-").removesuffix(".json")
    with contextlib.suppress(OSError):
        open(os.path.join(folder, kernel_id), "w").close()


def learner_known() -> bool:
    """False only in a pre-heated Voilà kernel whose learner has not opened the page yet."""
    return bool(os.environ.get(REQUEST_SEEN)) or os.environ.get("VOILA_PREHEAT", "False") == "False"


@dataclass(frozen=True)
class PageContext:
    """This page's learner (a classroom student, or None), their progress, and the class's store (or None)."""

    learner: Learner | None
    room: ClassroomStore | None

    @functools.cached_property
    def progress(self) -> ProgressStore:
        """A student's attempts in their class's store (or, failing it, kept locally); anyone else's locally."""
        if self.room is not None and self.learner is not None:
            return ProgressStore.of_student(self.room.url, self.learner.student_id)
        return ProgressStore()


@dataclass
class Page:
    """What this kernel's page holds as the learner moves through it, in one place (it had three module globals):
    the lesson headers drawn (their progress bars are redrawn as puzzles are solved), the lesson on the page with
    its steps so far and what records each new one, and the request the language was last chosen for."""

    headers: dict[int, LessonHeader] = field(default_factory=dict)
    lesson: int | None = None
    """The lesson on the page (``None``: no lesson header has been drawn)."""
    steps: list[Step] = field(default_factory=list)
    on_step: Callable[[Step], None] | None = None
    language_for: tuple[str, str, str | None] | None = None


_PAGE = Page()


def this_page() -> Page:
    """This kernel's page (a kernel serves one page; the app's one page shows the lessons in turn)."""
    return _PAGE


def page_context() -> PageContext:
    """This kernel's page context (waits for the learner in a pre-heated kernel; built once), its language chosen
    for the learner (``language.page_language``) the first time it is built."""
    at_request()
    key = (os.environ.get(ENV_DB, ""), os.environ.get("QUERY_STRING", ""), os.environ.get("SHENGJI_TUTOR_DATA"))
    context = _context(*key)
    if _PAGE.language_for != key:
        _PAGE.language_for = key
        page_language(context.progress)
    return context


@functools.lru_cache(maxsize=4)
def _context(db_url: str, _query: str, _data: str | None) -> PageContext:
    """The context for one environment: a kernel's never changes once the learner arrived (tests' do)."""
    room = ClassroomStore(db_url) if db_url else None
    return PageContext(current_learner(room) if room is not None else None, room)
