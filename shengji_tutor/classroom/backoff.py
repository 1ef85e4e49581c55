"""A growing pause after each wrong try, so that an instructor key cannot be guessed at speed.

After the first wrong key the next try waits 1 s, then 2, 4, 8 … up to 30 s;
a right key clears it. The clock comes in as a function, so tests need no sleep.

>>> from shengji_tutor.classroom.backoff import Backoff
>>> now = [0.0]
>>> backoff = Backoff(clock=lambda: now[0])
>>> backoff.fail(), backoff.fail(), backoff.wait()
(1.0, 2.0, 2.0)
>>> now[0] += 2
>>> backoff.wait()
0.0
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Backoff"]


class Backoff:
    """Refuses tries for ``first``, 2 × ``first``, 4 × ``first`` … (at most ``most``) seconds after each failure."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, first: float = 1.0, most: float = 30.0) -> None:
        self.clock, self.first, self.most = clock, first, most
        self.failures = 0
        self.until = 0.0

    def wait(self) -> float:
        """Seconds before the next try is allowed (0 when it is)."""
        return max(0.0, self.until - self.clock())

    def fail(self) -> float:
        """Count a wrong try; returns how long the next one must wait."""
        self.failures += 1
        pause = min(self.most, self.first * 2.0 ** min(self.failures - 1, 30))
        self.until = self.clock() + pause
        return pause

    def reset(self) -> None:
        """A right try: the next wrong one waits ``first`` seconds again."""
        self.failures, self.until = 0, 0.0
