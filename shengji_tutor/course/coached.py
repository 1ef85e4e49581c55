"""Lesson 10's page: a coached hand whose costly mistakes are kept in this learner's progress.

``play_a_hand()`` builds the ``CoachedGame`` for the page's learner: the plays
the coach grades mistake or blunder (the costliest of each hand) go to their
progress store, to be solved again as puzzles. A page address with ``?seed=N``
deals a chosen series of hands (to share a hand, or for a test to replay it).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from ..engine.rules import RuleSet
from ..ui.coach import CoachedGame
from .context import page_context

__all__ = ["play_a_hand", "seed_from_address"]


def seed_from_address(query: str) -> int | None:
    """The ``seed`` of a page address's query string, when it is a whole number (else ``None``: a random deal).

    >>> from shengji_tutor.course.coached import seed_from_address
    >>> seed_from_address("seed=9&student=ab"), seed_from_address("seed=nine"), seed_from_address("")
    (9, None, None)
    """
    values = parse_qs(query).get("seed", [])
    text = values[0].strip() if values else ""
    return int(text) if text.isdigit() and len(text) <= 9 else None


def play_a_hand(seed: int | None = None, rules: RuleSet | None = None) -> CoachedGame:
    """A coached hand for this page's learner, their costly mistakes kept in their progress store."""
    import os

    context = page_context()
    if seed is None:
        seed = seed_from_address(os.environ.get("QUERY_STRING", ""))
    return CoachedGame(seed=seed, rules=rules, keeper=context.progress)
