"""A growing pause after each wrong try, so that an instructor key cannot be guessed at speed.

After the first wrong key the next try waits 1 s, then 2, 4, 8 … up to 30 s
(``store.keys.pause_after``); a right key clears it. ``Backoff`` counts in
memory, on a clock that comes in as a function (tests need no sleep):

>>> from shengji_tutor.classroom.backoff import Backoff
>>> now = [0.0]
>>> backoff = Backoff(clock=lambda: now[0])
>>> backoff.fail(), backoff.fail(), backoff.wait()
(1.0, 2.0, 2.0)
>>> now[0] += 2
>>> backoff.wait()
0.0

``StoredBackoff`` counts in the class store, per client address: every page of
the server (each its own kernel) and every replica behind the hub share it, so
reopening the instructor's page does not start the wait again at 1 s.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ..store.classroom import ClassroomStore
from ..store.keys import FIRST_PAUSE, MOST_PAUSE, pause_after

__all__ = [
    "ACCOUNT_ENV",
    "ACCOUNT_HEADER",
    "CLIENT_ENV",
    "CLIENT_HEADER",
    "Backoff",
    "StoredBackoff",
    "client_address",
    "hub_account",
]

CLIENT_HEADER = "X-Shengji-Client"
CLIENT_ENV = "HTTP_X_SHENGJI_CLIENT"
"""Where a page's kernel finds its visitor's address: the course's page handler puts it in the request's
``X-Shengji-Client`` header (overwriting any the visitor sent), which Voilà hands the kernel as this variable."""


def client_address() -> str:
    """The address of the page's visitor, as the server saw it ("" outside a served page)."""
    return os.environ.get(CLIENT_ENV, "")


ACCOUNT_HEADER = "X-Shengji-Account"
ACCOUNT_ENV = "HTTP_X_SHENGJI_ACCOUNT"
"""Where a page's kernel finds the account its visitor logged in with behind JupyterHub: the course's page handler
puts the hub's user name in the ``X-Shengji-Account`` header ("" without a hub login, and always overwriting any the
visitor sent), which Voilà hands the kernel as this variable."""


def hub_account() -> str:
    """The JupyterHub account of the page's visitor ("" outside the hub)."""
    return os.environ.get(ACCOUNT_ENV, "")


class Backoff:
    """Refuses tries for ``first``, 2 × ``first``, 4 × ``first`` … (at most ``most``) seconds after each failure."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, first: float = FIRST_PAUSE, most: float = MOST_PAUSE
    ) -> None:
        self.clock, self.first, self.most = clock, first, most
        self.failures = 0
        self.until = 0.0

    def wait(self) -> float:
        """Seconds before the next try is allowed (0 when it is)."""
        return max(0.0, self.until - self.clock())

    def fail(self) -> float:
        """Count a wrong try; returns how long the next one must wait."""
        self.failures += 1
        pause = pause_after(self.failures, self.first, self.most)
        self.until = self.clock() + pause
        return pause

    def reset(self) -> None:
        """A right try: the next wrong one waits ``first`` seconds again."""
        self.failures, self.until = 0, 0.0


class StoredBackoff(Backoff):
    """``Backoff`` for one client ``address``, counted in ``store`` (``ClassroomStore.key_failed`` …) on the wall
    clock ``clock``, so that every page and process of the server sees the same wait."""

    def __init__(self, store: ClassroomStore, address: str, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock)
        self.store, self.address = store, address

    def wait(self) -> float:
        return self.store.key_wait(self.address, self.clock())

    def fail(self) -> float:
        return self.store.key_failed(self.address, self.clock())

    def reset(self) -> None:
        self.store.key_cleared(self.address)
