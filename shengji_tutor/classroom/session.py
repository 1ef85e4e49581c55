"""Who is this page's learner? The classroom identity of a student across pages and reloads.

A student joins once with the class code and a display name and receives a
private student id (a random token). The pages carry it in their address
(``?student=<token>``): every course link keeps it, so it survives moving
between lessons, reloads and bookmarks. Voilà hands the address's query string
to the kernel (``QUERY_STRING``), where this module reads it; the kernel then
checks the token against the classroom store before recording anything.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from ..store.classroom import ClassroomError, ClassroomStore
from ..store.keys import ENV_DB, ENV_KEY

__all__ = ["Learner", "classroom_store", "current_learner", "link"]


@dataclass(frozen=True)
class Learner:
    """A joined student: their private id, display name and class code."""

    student_id: str
    name: str
    code: str


def classroom_store() -> ClassroomStore | None:
    """The class's store when the app runs as a classroom (``shengji-tutor classroom``), else None.

    The server's key (its fingerprint, from the environment) opens every class of the store.
    """
    url = os.environ.get(ENV_DB)
    return ClassroomStore(url, server_key=os.environ.get(ENV_KEY) or None) if url else None


def _query() -> dict[str, list[str]]:
    return parse_qs(os.environ.get("QUERY_STRING", ""))


def current_learner(store: ClassroomStore | None = None) -> Learner | None:
    """The student named by this page's address, if it names a real one."""
    store = store if store is not None else classroom_store()
    token = (_query().get("student") or [""])[0]
    if store is None or not token:
        return None
    try:
        me = store.student(token)
    except ClassroomError:
        return None
    return Learner(me["id"], me["name"], me["code"])


def link(target: str, learner: Learner | None = None) -> str:
    """A course link that keeps the learner's identity: ``04-pairs.ipynb?student=…``."""
    if learner is None:
        return target
    return f"{target}?{urlencode({'student': learner.student_id})}"
