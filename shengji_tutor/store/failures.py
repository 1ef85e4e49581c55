"""When a database fails: a short ``StoreError`` a learner can read, and the detail in the server's log.

A failing database raises SQLAlchemy's errors, whose text holds the SQL and its
parameters (a student's token among them), or a driver's or the file system's
errors. None of that may reach a page. Each store method that touches the
database is ``guarded``: such an error becomes ``StoreError("<the store's place>
<what went wrong>")`` ("the class's database is read-only"), and the whole error
goes to the ``shengji_tutor.store`` log, where the server's operator reads it.

>>> import logging
>>> from shengji_tutor.store.failures import guarded
>>> class Broken:
...     place = "the class's database"
...     @guarded
...     def save(self) -> None:
...         raise OSError(30, "Read-only file system")
>>> logging.getLogger("shengji_tutor.store").disabled = True
>>> Broken().save()
Traceback (most recent call last):
...
shengji_tutor.store.schema.StoreError: the class's database is read-only
>>> logging.getLogger("shengji_tutor.store").disabled = False
"""

from __future__ import annotations

import functools
import logging
import sqlite3
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import sqlalchemy as sa

from .schema import StoreError

__all__ = ["CLASS_PLACE", "LOCAL_PLACE", "guarded", "log"]

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("shengji_tutor.store")

CLASS_PLACE = "the class's database"
LOCAL_PLACE = "the progress file on this computer"
PROBLEMS = (
    (("read-only", "readonly", "read only", "permission denied"), "is read-only"),
    (("disk is full", "disk full", "no space left", "could not extend file"), "is full"),
    (("locked", "busy"), "is busy: please try again"),
    (("unable to open", "no such file", "not a directory", "file exists"), "cannot be opened"),
    (("connect", "server closed", "timeout", "timed out", "terminating", "network"), "cannot be reached"),
)
"""What a failure's text means, in a learner's words (the first match wins)."""


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """``method`` (of an object with a ``place``), whose database failures become a short ``StoreError``."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except _failures() as error:
            place = getattr(args[0], "place", "the database") if args else "the database"
            problem = _problem(error)
            log.error("%s %s (in %s)", place, problem, method.__qualname__, exc_info=error)
            raise StoreError(f"{place} {problem}") from None

    return run


def _failures() -> tuple[type[BaseException], ...]:
    """The errors a database or its file can raise: SQLAlchemy's, the drivers' (psycopg's once loaded), the OS's."""
    psycopg = sys.modules.get("psycopg")
    return (sa.exc.SQLAlchemyError, sqlite3.Error, OSError, *((psycopg.Error,) if psycopg is not None else ()))


def _problem(error: BaseException) -> str:
    """What went wrong, in a few words ("is read-only", "cannot be reached"…)."""
    if isinstance(error, PermissionError):
        return "is read-only"
    text = (error.strerror or "" if isinstance(error, OSError) else str(getattr(error, "orig", None) or error)).lower()
    return next((problem for words, problem in PROBLEMS if any(w in text for w in words)), "failed")
