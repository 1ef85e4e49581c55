"""The course's Voilà process: one page per learner, whose kernel is freed when the page closes.

The course is one page, ``course.ipynb`` (``course.shell``): it shows every lesson in
place, in the learner's one kernel. Only that page has pre-heated kernels
(``CourseServer.preheated_pages``); an old lesson address (``/voila/render/05-tractors.ipynb?student=…``, a
bookmark, a link from elsewhere) is sent to the same place in the app
(``/voila/render/course.ipynb?student=…#tractors``), so a learner never holds two
kernels for one course. Other pages (the instructor's) are served as Voilà pages.

``shengji-tutor serve`` runs ``python -m shengji_tutor.app.course_server`` with
Voilà's own arguments, in place of ``python -m voila`` (the class server builds
on it). Voilà's page asks the server to shut its kernel down when it closes
(a ``beforeunload`` beacon to ``/voila/api/shutdown/<kernel>``), sending the
``_xsrf`` cookie's value as the form's ``_xsrf`` field; but Voilà's page handler
never sets that cookie, so the request was refused (``403 '_xsrf' argument
missing``) and every page a learner closed left its kernel running. The course's
page handler sets the cookie with the page, so a closed page frees its kernel.

While the server is still preparing a lesson's first pre-heated kernel (right
after it starts), a visitor gets a small "preparing the course" page that
refreshes itself (``warming_page``, in the language the address or the browser
asks for), not Voilà's spinner over an empty page while the lesson executes in
front of them. A lesson's kernel is ready when it has run
the lesson up to the learner's arrival (``course.context.at_request`` leaves a
file named by its id in ``$SHENGJI_TUTOR_READY_DIR``), or ``WARM_LIMIT`` seconds
after it started, for a page that never waits for its learner. Once a lesson has
been ready, its page is always served at once: a refill of the pool never holds a
learner back.
"""

from __future__ import annotations

import inspect
import os
import time
from html import escape
from typing import Any
from urllib.parse import quote

import traitlets
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler

from ..classroom.backoff import ACCOUNT_HEADER, CLIENT_HEADER
from ..course.context import READY_DIR
from ..course.places import SHELL_NOTEBOOK, route_of
from ..i18n import DEFAULT, LANGUAGES, choose, translate
from .classroom import kernel_started, pool_tasks

__all__ = [
    "WARMING_PAGE",
    "WARM_LIMIT",
    "CoursePageHandler",
    "CourseServer",
    "closed_notice_words",
    "main",
    "shell_address",
    "warming_page",
]

PING = 10
"""Seconds between the server's pings of a page's connection."""
SILENT = 25
"""Seconds without an answer to the pings after which a page's connection is taken for gone."""
WARM_LIMIT = 60.0
"""Seconds after its kernel started that a lesson counts as ready even if it never said so."""


def warming_page(code: str = DEFAULT) -> str:
    """What a visitor sees while the server prepares a lesson's first kernel, in the language ``code``. It reloads
    itself from a script: an address with a fragment (``course.ipynb#points``) is not reloaded by a refresh tag,
    which the browser takes for a jump within the page (the tag stays for an address without one)."""
    title = escape(translate(code, "Preparing the course"), quote=False)
    heading = escape(translate(code, "升级 Preparing the course…"), quote=False)
    text = escape(
        translate(code, "The server is getting this lesson ready. This page refreshes by itself in a moment."),
        quote=False,
    )
    return f"""<!DOCTYPE html>
<html lang="{code}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>{title}</title>
<style>body{{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;color:#12301c;background:#e3efe5;display:flex;
align-items:center;justify-content:center;min-height:90vh;margin:0}}main{{text-align:center;padding:2em}}
h1{{font-size:1.4em;margin:0 0 .4em}}p{{margin:.2em 0}}</style></head>
<body><main class="sjt-warming" role="status" aria-live="polite"><h1>{heading}</h1>
<p>{text}</p></main>
<script>setTimeout(function () {{ window.location.reload(); }}, 2000);</script></body></html>
"""


WARMING_PAGE = warming_page()
"""The warming page in English (a visitor reads it in the language their address or browser asks for)."""


def closed_notice_words() -> dict[str, dict[str, str]]:
    """The words of the notice a page shows once its kernel is gone (the template's ``index.html.j2``), in every
    language: the page is rendered before its learner arrives (a pre-heated kernel), so it carries them all and
    shows its reader's."""
    return {
        code: {
            "title": translate(code, "This page was closed"),
            "text": translate(
                code, "It was left idle, so the server closed it to make room. Nothing you answered is lost."
            ),
            "button": translate(code, "Continue where you were"),
        }
        for code in LANGUAGES
    }


_READY: set[str] = set()
"""Lessons whose first pre-heated kernel has been ready in this server: never held back again."""
_STARTED: dict[str, float] = {}
"""When each lesson's first pre-heated kernel was seen started (``time.monotonic``)."""


def visitor_account(identity: object, user: object) -> str:
    """The account a visitor logged in with, when the login is a real one (JupyterHub's: its identity provider says
    ``real_accounts``); "" otherwise (a plain server names its anonymous visitors at random)."""
    if not getattr(identity, "real_accounts", False):
        return ""
    name = getattr(user, "username", None) or getattr(user, "name", None)
    return name[:100] if isinstance(name, str) else ""


class CoursePageHandler(TornadoVoilaHandler):  # type: ignore[misc]  # Voilà ships no type hints
    """A course page: Voilà's, with the ``_xsrf`` cookie set so the page's kernel can be shut down when it closes."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        result = super().prepare(*args, **kwargs)
        if inspect.isawaitable(result):
            await result
        self.xsrf_token  # noqa: B018 - reading the token is what sets tornado's _xsrf cookie on the response
        # the visitor's address, for the kernel (Voilà hands it this header: ``backoff.client_address``); set here,
        # so that a header of the same name sent by the visitor is replaced
        self.request.headers[CLIENT_HEADER] = self.request.remote_ip or ""
        # and behind JupyterHub the account the visitor logged in with, for the class's export (``hub_account``)
        self.request.headers[ACCOUNT_HEADER] = visitor_account(self.identity_provider, self.current_user)

    warm_up = True
    """Show ``warming_page`` while the lesson's first kernel is prepared (the class server's handler does not)."""

    def reader_language(self) -> str:
        """The language of a page the server answers itself (warming, the class full): the address's ``?lang=``,
        else the first of the browser's ``Accept-Language`` the course has, else English (``i18n.choose``; the
        learner's saved choice is in their store, which only their kernel opens)."""
        return choose(asked=self.get_argument("lang", None), accept=self.request.headers.get("Accept-Language"))

    @web.authenticated  # as Voilà's own page: a visitor who must log in is sent to log in before anything else
    async def get(self, path: str | None = None) -> None:
        notebook = self.notebook_path or path or ""
        route = route_of(notebook)
        if route is not None:  # a lesson of the app: the same place in the learner's one page
            self.redirect(shell_address(self.base_url, route, self.request.query))
            return
        if self.warm_up and self._warming(path):
            code = self.reader_language()
            self.set_header("Cache-Control", "no-store")
            self.set_header("Content-Language", code)
            self.finish(warming_page(code))
            return
        await super().get(path)

    def _warming(self, path: str | None) -> bool:
        """Is this lesson's first pre-heated kernel still being prepared (the server has just started)?"""
        notebook = self.notebook_path or path or ""
        if notebook != SHELL_NOTEBOOK or notebook in _READY or not self.voila_configuration.preheat_kernel:
            return False  # only the course's page says when it is ready: any other page is served as Voilà does
        pool = pool_tasks(self.kernel_manager).get(notebook)
        if not pool:
            return False  # nothing pre-heating for this page: Voilà renders it as usual
        task = pool[0]
        if not task.done():
            return True
        if not kernel_started(task):
            return False  # a failed start: Voilà deals with it
        started = _STARTED.setdefault(notebook, time.monotonic())
        folder = os.environ.get(READY_DIR, "")
        said = bool(folder) and os.path.exists(os.path.join(folder, str(task.result().get("kernel_id"))))
        if said or not folder or time.monotonic() - started > WARM_LIMIT:
            _READY.add(notebook)
            return False
        return True


FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="5" y="2" width="22" height="28" rx="4" '
    'fill="#fff" stroke="#12301c" stroke-width="2"/><path d="M16 8l6 8-6 8-6-8z" fill="#c62828"/></svg>'
)
"""The course's tab icon (a red diamond on a card), served at ``/favicon.ico``: browsers ask for it on every
site, and a 404 there is a console error on every page."""


class FaviconHandler(JupyterHandler):
    """The tab icon; no login needed (a browser asks before anything else)."""

    def get(self) -> None:
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "public, max-age=86400")
        self.finish(FAVICON)


def shell_address(base_url: str, route: str, query: str = "") -> str:
    """The app's page at ``route``, keeping the address's query (a student's id, a seed).

    >>> from shengji_tutor.app.course_server import shell_address
    >>> shell_address("/", "tractors", "student=Zq3")
    '/voila/render/course.ipynb?student=Zq3#tractors'
    """
    page = url_path_join(base_url, "voila/render", SHELL_NOTEBOOK)
    return page + (f"?{query}" if query else "") + f"#{quote(route)}"


class TemplateFileHandler(TemplateStaticFileHandler):  # type: ignore[misc]  # Voilà ships no type hints
    """Voilà's template files (``/voila/templates/<template>/static/<file>``): an address of another shape is a
    404, not an assertion failing in Voilà (a 500 and a traceback in the log)."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.split("/", 2)
        if len(parts) < 3 or parts[1] != "static" or ".." in parts[0] or "\\" in url_path:
            raise web.HTTPError(404)
        return str(super().parse_url_path(url_path))


class CourseServer(Voila):  # type: ignore[misc]  # Voilà ships no type hints
    """Voilà with the course's page handler, and pre-heated kernels for the app's page only."""

    page_handler: type[TornadoVoilaHandler] = CoursePageHandler
    pooled = traitlets.Int(1, config=True, help="Pre-heated kernels kept ready for each pre-heated page.")
    preheated_pages = traitlets.List(
        traitlets.Unicode(), [SHELL_NOTEBOOK], config=True, help="The pages that keep pre-heated kernels."
    )

    def init_settings(self) -> Any:
        # Voilà's pooling manager reads this when init_settings creates it: the app's page has a pool, no other
        # page has (each lesson notebook had one: 14 kernels of ~130 MiB waiting, most of them for nobody).
        headers = self.voila_configuration.http_header_envs
        # the visitor's address and hub account, and the languages their browser asks for (course.language), for
        # the kernel
        self.voila_configuration.http_header_envs = [*headers, CLIENT_HEADER, ACCOUNT_HEADER, "Accept-Language"]
        # a page's connection is pinged every PING s and dropped when silent for SILENT s: a page that vanished
        # without a word (a laptop asleep, the network gone) frees its kernel within a minute (CourseKernelManager)
        settings: dict[str, Any] = getattr(self, "tornado_settings", {})  # a traitlet of Voilà's (untyped)
        self.tornado_settings = {
            **settings,
            "ws_ping_interval": PING * 1000,
            "ws_ping_timeout": SILENT * 1000,
        }
        self.config.VoilaKernelManager.kernel_pools_config = {
            "default": {"pool_size": 0},
            **{page: {"pool_size": self.pooled} for page in self.preheated_pages},
        }
        # the words of the notice a page shows once its kernel is gone, in every language (the template's
        # index.html.j2 reads them from its resources: the page is rendered before its learner arrives)
        extra = self.config.VoilaConfiguration.get("resources")
        if extra is None or isinstance(extra, dict):
            self.config.VoilaConfiguration.resources = {**(extra or {}), "sjt_closed_notice": closed_notice_words()}
        return super().init_settings()

    def init_handlers(self) -> list[Any]:
        return [
            (url_path_join(self.server_url, "/favicon.ico"), FaviconHandler),
            *(self._course_route(route) for route in super().init_handlers() if route[1] is not VoilaContentsHandler),
        ]

    def _course_route(self, route: tuple[Any, ...]) -> tuple[Any, ...]:
        """Voilà's route, with the course's page handler; Jupyter's own logout page (which Voilà cannot draw: a 500
        and a traceback) sends to the course instead. (No route lists the notebooks: the course is one page.)"""
        if route[1] is TornadoVoilaHandler:
            return (route[0], self.page_handler, *route[2:])
        if route[1] is TemplateStaticFileHandler:
            return (route[0], TemplateFileHandler, *route[2:])
        if route[1] is LogoutHandler:
            return (route[0], web.RedirectHandler, {"url": self.server_url})
        return route


main = CourseServer.launch_instance

if __name__ == "__main__":
    main()
