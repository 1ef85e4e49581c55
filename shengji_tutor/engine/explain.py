"""Judgements whose explanation is built only when someone reads it.

The engine's verdicts (``Verdict``, ``ThrowCheck``) carry a sentence for the
learner. Bots and simulations call the engine thousands of times and never read
those sentences, so a judgement stores a function that builds its explanation
and calls it once, on first access.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["Judgement", "Ruling"]

E = TypeVar("E", bound=tuple[Any, ...])


class Judgement(Generic[E]):
    """Base of read-only verdicts; ``reason`` is the first item of the explanation tuple."""

    __slots__ = ("_explain", "_explained")

    def __init__(self, explain: Callable[[], E]) -> None:
        self._explain = explain
        self._explained: E | None = None

    def _get(self) -> E:
        if self._explained is None:
            self._explained = self._explain()
        return self._explained

    @property
    def reason(self) -> str:
        """A sentence for the learner that names the rule applied."""
        reason: str = self._get()[0]
        return reason


class Ruling(Judgement[E]):
    """A judgement that allows or refuses something: truthy iff ``legal`` (a follow, a declaration)."""

    __slots__ = ("_legal",)

    def __init__(self, legal: bool, explain: Callable[[], E]) -> None:
        super().__init__(explain)
        self._legal = legal

    @property
    def legal(self) -> bool:
        return self._legal

    def __bool__(self) -> bool:
        return self._legal
