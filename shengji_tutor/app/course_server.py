"""The course's Voilà process: Voilà whose pages let the browser shut their kernel down when they close.

``shengji-tutor serve`` runs ``python -m shengji_tutor.app.course_server`` with
Voilà's own arguments, in place of ``python -m voila`` (the class server builds
on it). Voilà's page asks the server to shut its kernel down when it closes
(a ``beforeunload`` beacon to ``/voila/api/shutdown/<kernel>``), sending the
``_xsrf`` cookie's value as the form's ``_xsrf`` field; but Voilà's page handler
never sets that cookie, so the request was refused (``403 '_xsrf' argument
missing``) and every page a learner closed left its kernel running. The course's
page handler sets the cookie with the page, so a closed page frees its kernel.
"""

from __future__ import annotations

import inspect
from typing import Any

from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

__all__ = ["CoursePageHandler", "CourseServer", "main"]


class CoursePageHandler(TornadoVoilaHandler):  # type: ignore[misc]  # Voilà ships no type hints
    """A course page: Voilà's, with the ``_xsrf`` cookie set so the page's kernel can be shut down when it closes."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        result = super().prepare(*args, **kwargs)
        if inspect.isawaitable(result):
            await result
        self.xsrf_token  # noqa: B018 - reading the token is what sets tornado's _xsrf cookie on the response


class CourseServer(Voila):  # type: ignore[misc]  # Voilà ships no type hints
    """Voilà with the course's page handler."""

    page_handler: type[TornadoVoilaHandler] = CoursePageHandler

    def init_handlers(self) -> list[Any]:
        return [
            (route[0], self.page_handler, *route[2:]) if route[1] is TornadoVoilaHandler else route
            for route in super().init_handlers()
        ]


main = CourseServer.launch_instance

if __name__ == "__main__":
    main()
