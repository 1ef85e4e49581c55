"""Which language a page is read in: the address's ``?lang=``, else the learner's choice, else the browser's.

A kernel serves one learner, so the language is chosen once the learner has opened
the page (``page_language``, from ``context.page_context``): the address's
``?lang=zh`` first (a link, a reload and the switch keep it), then the language
the learner chose before (kept in their store by the course bar's switch), then
the browser's ``Accept-Language`` (Voilà hands the header to the kernel as
``HTTP_ACCEPT_LANGUAGE``: ``app.course_server``), else English.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

from ..i18n import choose, set_language
from ..store.progress import ProgressStore

__all__ = ["ACCEPT_ENV", "asked_language", "page_language"]

ACCEPT_ENV = "HTTP_ACCEPT_LANGUAGE"
"""Where Voilà puts the page request's ``Accept-Language`` header for the kernel."""


def asked_language(query: str) -> str | None:
    """The ``lang`` of an address's query string, as written (None when absent).

    >>> from shengji_tutor.course.language import asked_language
    >>> asked_language("student=ab12&lang=ru"), asked_language("seed=4")
    ('ru', None)
    """
    values = parse_qs(query).get("lang", [])
    return values[-1] if values else None


def page_language(progress: ProgressStore | None) -> str:
    """Choose and set this kernel's language for the page's request (see the module docstring)."""
    saved = progress.language() if progress is not None else None
    code = choose(asked_language(os.environ.get("QUERY_STRING", "")), saved, os.environ.get(ACCEPT_ENV))
    set_language(code)
    return code
