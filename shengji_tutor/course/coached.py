"""Lesson 10's page: a coached hand whose costly mistakes are kept in this learner's progress, played by the
learner's own house rules.

``play_a_hand()`` builds the ``CoachedGame`` for the page's learner: the plays
the coach grades mistake or blunder (the costliest of each hand) go to their
progress store, to be solved again as puzzles. A page address with ``?seed=N``
deals a chosen series of hands (to share a hand, or for a test to replay it).

Nothing is lost on a reload: the hand is saved in the learner's store after each
of their decisions (``ProgressStore.save_work``, under the page's ``saved_as``)
and taken up again when the page opens — unless the address asks for another
series of hands than the one saved. A finished hand marks its lesson done for the
home page's path (lesson 10 has no puzzles).
"""

from __future__ import annotations

from contextlib import suppress
from html import escape
from urllib.parse import parse_qs

from ..engine.errors import ShengjiError
from ..engine.rules import RuleSet
from ..i18n import th
from ..play.coached_hand import CoachedHand
from ..play.record import RecordError
from ..store.failures import log
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


def play_a_hand(
    seed: int | None = None, rules: RuleSet | None = None, saved_as: str = "hand", lesson: str | None = "play-a-hand"
) -> CoachedGame:
    """A coached hand for this page's learner, their costly mistakes kept in their progress store.

    Without ``rules`` the hand is played by the learner's own house rules
    (``ProgressStore.house_rules``), and a change in the game's house-rules chooser is
    kept for next time (lesson 10, practice). With ``rules`` it is that table's hand (a
    lesson's demo, such as Finding Friends at five), and what the learner keeps is left
    as it was unless they change the chooser themselves. The hand in play is kept
    under ``saved_as`` (one name per page) and resumed from there; a hand played to
    its end marks ``lesson`` (a slug; ``None``: none) finished.
    """
    import os

    context = page_context()
    store = context.progress
    if seed is None:
        seed = seed_from_address(os.environ.get("QUERY_STRING", ""))

    def save(state: str) -> str:
        problem = store.keep_work(saved_as, state)
        if not problem and game.round.done and lesson is not None:
            with suppress(StoreError):  # the home page's mark only: the hand itself is kept
                store.finish_lesson(lesson)
        return problem

    game = CoachedGame(CoachedHand(seed=seed, rules=rules or store.house_rules(), keeper=store))
    kept = store.work(saved_as)
    if kept is not None and _same_series(kept, seed, rules):
        try:
            game.resume(kept)
        except RecordError as e:  # the store kept a hand this version cannot replay: a new hand instead
            log.warning("saved hand of %s not resumed: %s", store.learner, e)
    game.on_save = save
    game.save_hand()

    def keep(chosen: RuleSet) -> None:
        try:
            store.save_house_rules(chosen)
        except StoreError as e:  # the hand goes on with them; only keeping them for next time failed
            game.coach.value = th(
                "These rules are played now but could not be kept for next time: {error}", error=escape(str(e))
            )

    game.on_rules = keep
    return game


def _same_series(kept: str, seed: int | None, rules: RuleSet | None) -> bool:
    """Is the saved hand one this page would deal? Not when the address asks for another seed, or a lesson's demo
    has rules of its own that the saved hand is not played by."""
    import json

    try:
        data = json.loads(kept)
        saved_seed, saved_rules = data.get("seed"), json.loads(data["position"])["rules"]
    except (ValueError, KeyError, TypeError, AttributeError):
        return True  # resume() says what is wrong with it
    if seed is not None and saved_seed != seed:
        return False
    try:
        return rules is None or RuleSet(**saved_rules) == rules
    except (ShengjiError, TypeError):
        return True
