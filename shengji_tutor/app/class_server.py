"""The class server's process: Voilà with the class's page handler, a status page, and no student id in its log.

``classroom_command`` runs ``python -m shengji_tutor.app.class_server`` with
Voilà's own arguments, in place of ``python -m voila``. Three things differ:

- A lesson page takes a pre-heated kernel only when one has started and a seat
  is free, so the learner cap (``CappedKernelManager``) holds for pre-heated
  kernels too; otherwise the page starts a kernel, which the manager refuses
  beyond the cap with the course's class-full page (``class_full_page``, in the
  language the address or the browser asks for) at once, before any kernel
  boots.
- ``/voila/classroom/status`` answers how many learners are in, the cap, and
  how many pre-heated kernels wait for each lesson: counts only, never a name.
- A student's private id rides in page addresses (``?student=…``); every log
  line shows it as ``student=***``.
"""

from __future__ import annotations

import json
import logging
import os
import re
from html import escape
from typing import Any
from urllib.parse import unquote_plus

import traitlets
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.ioloop import PeriodicCallback

from ..i18n import DEFAULT, translate
from .classroom import CappedKernelManager
from .course_server import CoursePageHandler, CourseServer

__all__ = ["STATUS_PATH", "ClassServer", "StudentIdFilter", "class_full_page", "main", "scrub_student"]

STATUS_PATH = "/voila/classroom/status"
PARAMETER = re.compile(r"(?<![^\s?&;'\"/=])([^\s?&;=#'\"/]+)(=|%3[dD])([^&;\s'\"#]*)")
"""A query parameter in a log line: its name as written, ``=`` (or its percent code), and its value."""


def scrub_student(text: str) -> str:
    """``text`` with every student id in it shown as ``***``: the value of each parameter whose name, once
    percent-decoded, is ``student`` (a server reads ``%73tudent=`` as ``student=``, so the log must too).

    >>> from shengji_tutor.app.class_server import scrub_student
    >>> scrub_student("404 GET /voila/render/x.ipynb?student=Zq3-secret&theme=dark (127.0.0.1)")
    '404 GET /voila/render/x.ipynb?student=***&theme=dark (127.0.0.1)'
    >>> scrub_student("404 GET /voila/render/x.ipynb?%73tud%65nt=Zq3-secret (127.0.0.1)")
    '404 GET /voila/render/x.ipynb?%73tud%65nt=*** (127.0.0.1)'
    """

    def scrub(match: re.Match[str]) -> str:
        name, equals, value = match.groups()
        if unquote_plus(unquote_plus(name)).strip().lower() != "student" or not value:
            return match.group(0)
        return f"{name}{equals}***"

    return PARAMETER.sub(scrub, text)


class StudentIdFilter(logging.Filter):
    """A log filter that scrubs students' ids from every line it passes (tornado's access and error lines too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        scrubbed = scrub_student(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, None
        return True


def _manager(handler: JupyterHandler) -> CappedKernelManager:
    manager = handler.kernel_manager
    if not isinstance(manager, CappedKernelManager):
        raise TypeError("the class server needs --VoilaConfiguration.multi_kernel_manager_class=…CappedKernelManager")
    return manager


class ClassPageHandler(CoursePageHandler):
    """A course page in a class: a pre-heated kernel is taken only when it has started and a seat is free.

    No warming page: a page whose pre-heated kernel is not ready starts a kernel of its own (within the cap),
    so a student is never held back waiting for the pool.
    """

    warm_up = False

    def should_use_rendered_notebook(self, *args: Any) -> bool:
        # Voilà takes the pool's kernel right after this answer, with no await in between: the check and the
        # taking are one step, so two pages cannot both take the last seat.
        manager = _manager(self)
        notebook = self.notebook_path or self.path_args[0]
        return bool(super().should_use_rendered_notebook(*args)) and manager.pool_ready(notebook) and not manager.full()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if status_code != 503:
            super().write_error(status_code, **kwargs)
            return
        code = self.reader_language()
        self.set_header("Retry-After", "60")
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Content-Language", code)
        self.write(class_full_page(code))


def class_full_page(code: str = DEFAULT) -> str:
    """The page a student sees when the class is full (``CappedKernelManager`` refused a kernel: HTTP 503), in the
    language ``code``; it tries again by itself in a minute."""

    def said(text: str) -> str:
        return escape(text, quote=False)

    again = said(translate(code, "try again now"))
    text = said(
        translate(
            code,
            "Every seat in this class is taken right now. A seat frees up as soon as a classmate closes their page: "
            "this page tries again by itself in a minute, or you can {link}.",
        )
    ).format(link=f'<a href="">{again}</a>')
    title = said(translate(code, "The class is full — Sheng ji tutor"))
    heading = said(translate(code, "The class is full — try again in a minute"))
    brand = said(translate(code, "升级 Sheng ji tutor"))
    return f"""<!DOCTYPE html>
<html lang="{code}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <meta http-equiv="refresh" content="60">
  <title>{title}</title>
  <style>
    body {{ font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #12301c; background: #f4f8f4;
           display: flex; align-items: center; justify-content: center; min-height: 100vh; margin: 0; }}
    main {{ max-width: 34em; padding: 1.5em 2em; border: 1px solid #c9d8cc; border-radius: 12px; background: #fbfdfb; }}
    h1 {{ font-size: 1.6em; margin: 0 0 0.4em; }}
    a {{ color: #1b5fbf; font-weight: 700; }}
  </style>
</head>
<body>
  <main class="sjt-class-full" role="alert">
    <h1>{heading}</h1>
    <p>{text}</p>
    <p>{brand}</p>
  </main>
</body>
</html>
"""


class ClassStatusHandler(JupyterHandler):
    """How full the class is: ``{"learners": 12, "max_learners": 60, "preheated": {"02-points.ipynb": 1, …}}``."""

    @web.authenticated
    def get(self) -> None:
        manager = _manager(self)
        status = {
            "learners": manager.learners(),
            "max_learners": manager.max_learners,
            "preheated": manager.preheated(),
        }
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(status))


class ClassServer(CourseServer):
    """The course's Voilà for a class: the class's page handler, the status page, and students' ids scrubbed.

    With ``stop_with_parent`` it stops — shutting its kernels down — when the process that started it ends: a
    hub's replica (``app.hub``) dies with its hub instead of serving on, kernels and all, with nobody to route to
    it.
    """

    page_handler = ClassPageHandler
    stop_with_parent = traitlets.Bool(
        False, config=True, help="Stop, and shut the kernels down, when the process that started this one ends."
    )

    def init_handlers(self) -> list[Any]:
        return [(url_path_join(self.server_url, STATUS_PATH), ClassStatusHandler), *super().init_handlers()]

    def start(self) -> None:
        if self.stop_with_parent:
            self._watch_parent(os.getppid())
        scrubber = StudentIdFilter()
        for handler in self.log.handlers:
            handler.addFilter(scrubber)
        tornado_log = logging.getLogger("tornado")
        tornado_log.parent = self.log  # as the Jupyter server does: tornado's lines go through the app's handlers
        logging.getLogger("tornado.access").setLevel(logging.WARNING)  # as in Voilà: only failed requests
        super().start()

    def _watch_parent(self, parent: int) -> None:
        """Every ``PARENT_LOOK`` seconds, stop the server if ``parent`` is no longer this process's parent."""

        def look() -> None:
            if os.getppid() != parent:
                self.log.info("The process that started this server (%d) has ended: stopping", parent)
                watch.stop()
                self.ioloop.stop()  # Voilà then shuts every kernel down

        watch = PeriodicCallback(look, PARENT_LOOK * 1000)
        watch.start()


PARENT_LOOK = 2
"""Seconds between two looks at whether the process that started a replica still runs."""

main = ClassServer.launch_instance

if __name__ == "__main__":
    main()
