"""Lesson 10's page: a coached hand whose costly mistakes are kept in this learner's progress, played by the
learner's own house rules.

``play_a_hand()`` builds the ``CoachedGame`` for the page's learner: the plays
the coach grades mistake or blunder (the costliest of each hand) go to their
progress store, to be solved again as puzzles. A page address with ``?seed=N``
deals a chosen series of hands (to share a hand, or for a test to replay it).
"""

from __future__ import annotations

from html import escape
from urllib.parse import parse_qs

from ..engine.rules import RuleSet
from ..store.schema import StoreError
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
    """A coached hand for this page's learner, their costly mistakes kept in their progress store.

    Without ``rules`` the hand is played by the learner's own house rules
    (``ProgressStore.house_rules``), and a change in the game's house-rules chooser is
    kept for next time (lesson 10, practice). With ``rules`` it is that table's hand (a
    lesson's demo, such as Finding Friends at five), and what the learner keeps is left
    as it was unless they change the chooser themselves.
    """
    import os

    context = page_context()
    store = context.progress
    if seed is None:
        seed = seed_from_address(os.environ.get("QUERY_STRING", ""))
    game = CoachedGame(seed=seed, rules=rules or store.house_rules(), keeper=store)

    def keep(chosen: RuleSet) -> None:
        try:
            store.save_house_rules(chosen)
        except StoreError as e:  # the hand goes on with them; only keeping them for next time failed
            game.coach.value = f"These rules are played now but could not be kept for next time: {escape(str(e))}"

    game.on_rules = keep
    return game
