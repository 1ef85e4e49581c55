"""Who is this page's learner? The classroom identity of a student across pages and reloads.

A student joins once with the class code and a display name and receives a
private student id (a random token). The pages carry it in their address
(``?student=<token>``): every course link keeps it, so it survives moving
between lessons, reloads and bookmarks. Voilà hands the address's query string
to the kernel (``QUERY_STRING``), where this module reads it; the kernel then
checks the token against the classroom store before recording anything.

A class's join address carries its code instead (``?class=K7QX2M``): the join
form opens with the code filled in, so a student who scanned the instructor's
QR code types only their name.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from ..store.classroom import ClassroomError, ClassroomStore
from ..store.keys import ENV_DB, ENV_KEY

__all__ = [
    "LISTEN_ENV",
    "Learner",
    "class_in_address",
    "classroom_store",
    "current_learner",
    "join_address",
    "link",
    "network_host",
    "this_machine_only",
]


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
    return Learner(me.id, me.name, me.code)


def link(target: str, learner: Learner | None = None) -> str:
    """A course link that keeps the learner's identity: ``04-pairs.ipynb?student=…``."""
    if learner is None:
        return target
    return f"{target}?{urlencode({'student': learner.student_id})}"


def class_in_address() -> str:
    """The class code this page's address names (``?class=k7qx2m`` → ``"K7QX2M"``), or "" (the store checks it
    when the student joins)."""
    return (_query().get("class") or [""])[0].strip().upper()[:12]


LISTEN_ENV = "SHENGJI_TUTOR_LISTEN"
"""The address the class server listens on (``shengji-tutor classroom --host``), for its kernels."""


def join_address(
    code: str,
    page: str = "00-home.ipynb",
    request_url: str | None = None,
    base_url: str | None = None,
    listen: str | None = None,
) -> str | None:
    """The address students open to join class ``code``: the course's ``page`` on the server the instructor's page
    came from, with the code in it, so the join form opens filled in.

    Voilà gives a page's kernel the address it was opened at (``VOILA_REQUEST_URL``) and the server's base
    (``VOILA_BASE_URL``: ``/services/shengji-0/`` behind JupyterHub); ``request_url`` and ``base_url`` stand in for
    them. An instructor on the server's own machine opens it at ``localhost``, which no student can reach: the
    machine's network address stands in for it (``network_host``) — unless the server listens on this machine
    alone (``listen``, by default ``$SHENGJI_TUTOR_LISTEN``, is a loopback address), where that address would
    answer nothing and the page's own address is kept. None outside Voilà (JupyterLab, a test kernel): there is
    no server address to give.

    >>> from shengji_tutor.classroom.session import join_address
    >>> join_address("K7QX2M", "course.ipynb", "http://10.0.0.7:8866/voila/render/instructor.ipynb", "/")
    'http://10.0.0.7:8866/voila/render/course.ipynb?class=K7QX2M'
    >>> join_address("K7QX2M", "course.ipynb", "https://hub.example/services/shengji-0/voila/render/instructor.ipynb",
    ...              "/services/shengji-0/")
    'https://hub.example/services/shengji-0/voila/render/course.ipynb?class=K7QX2M'
    >>> join_address("K7QX2M", "course.ipynb", "http://localhost:8866/voila/render/instructor.ipynb", "/", "127.0.0.1")
    'http://localhost:8866/voila/render/course.ipynb?class=K7QX2M'
    """
    request = os.environ.get("VOILA_REQUEST_URL", "") if request_url is None else request_url
    base = os.environ.get("VOILA_BASE_URL", "/") if base_url is None else base_url
    bound = os.environ.get(LISTEN_ENV, "") if listen is None else listen
    parts = urlsplit(request)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname if this_machine_only(bound) else network_host(parts.hostname)
    netloc = f"[{host}]" if ":" in host else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    path = "/" + "/".join(p for p in (*base.split("/"), "voila", "render", page) if p)
    return urlunsplit((parts.scheme, netloc, path, urlencode({"class": code}), ""))


def network_host(host: str) -> str:
    """``host``, or this machine's network address when ``host`` is one only this machine reaches (``localhost``,
    ``127.0.0.1``, ``::1``, ``0.0.0.0``); ``host`` again when the machine has no other address.

    The address is the one the machine would send from (a UDP socket's ``connect`` only chooses a route: no
    packet leaves)."""
    if not _loopback(host):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: any routable address picks the outgoing interface
            found = str(probe.getsockname()[0])
    except OSError:
        return host
    return host if _loopback(found) else found


def this_machine_only(host: str) -> bool:
    """Is ``host`` an address only this machine reaches (``localhost``, ``127.0.0.1``, ``::1``), unlike ``0.0.0.0``,
    every address of it?

    >>> from shengji_tutor.classroom.session import this_machine_only
    >>> this_machine_only("127.0.0.1"), this_machine_only("0.0.0.0"), this_machine_only("10.0.0.7")
    (True, False, False)
    """
    return _loopback(host) and host.strip("[]") not in ("0.0.0.0", "::")


def _loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified
