"""The course's one stylesheet, ``course.css`` (shipped in the package), as the ``<style>`` a page carries.

It is put on the page once per part that may open a page: the course's one page (the shell), a lesson's header and
footer, a page's header, the instructor's console. Components (steps, examples, the engine panel, a disclosure) carry
no style of their own: they are always shown under one of those.
"""

from __future__ import annotations

from importlib.resources import files

__all__ = ["COURSE_CSS", "STYLE"]

COURSE_CSS = (files(__package__) / "course.css").read_text(encoding="utf-8")
STYLE = f"<style>\n{COURSE_CSS}</style>"
