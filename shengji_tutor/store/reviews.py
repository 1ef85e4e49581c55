"""When a puzzle comes back: the FSRS spaced-repetition scheduler (the ``fsrs`` package) over a learner's items.

An item is a puzzle the learner got wrong, needed hints for, or asked to be
shown — a bank puzzle id, or a practice topic ``practice/<kind>/<difficulty>``
(practice puzzles are generated, so the topic comes back as a fresh one). Each
outcome is an FSRS rating: wrong or shown is *Again*, solved with hints *Hard*,
right first try *Good*. The card (FSRS's own JSON) and its due time are kept in
the ``reviews`` table (``ProgressStore.schedule`` / ``review_queue``).

>>> from shengji_tutor.store.reviews import Rating, rate, rating_of
>>> card, due = rate(None, Rating.Again, at=1_000_000.0)
>>> 0 < due - 1_000_000.0 <= 600  # wrong: back within minutes
True
>>> card, due = rate(card, Rating.Good, at=due)
>>> rating_of(correct=True, hints=0, attempts=1) is Rating.Good, rating_of(correct=True, hints=2, attempts=1).name
(True, 'Hard')
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass

from fsrs import Card, Rating, Scheduler

__all__ = ["SOON", "Rating", "ReviewItem", "end_of_day", "rate", "rating_of", "review_horizon"]

_SCHEDULER = Scheduler(enable_fuzzing=False)
"""FSRS with its published default parameters (no fuzzing: the same answers give the same schedule)."""


@dataclass(frozen=True)
class ReviewItem:
    """An item in a learner's review queue: what it is, when it is due, how often it was rated, the last rating."""

    item: str
    due: float
    reviews: int
    last_rating: Rating


def rate(card_json: str | None, rating: Rating, at: float) -> tuple[str, float]:
    """Review the FSRS card ``card_json`` (None: a new one) with ``rating`` at time ``at``: the new card and its due
    time (seconds since the epoch)."""
    card = Card.from_json(card_json) if card_json else Card()
    when = dt.datetime.fromtimestamp(at, dt.UTC)
    card, _log = _SCHEDULER.review_card(card, rating, review_datetime=when)
    return card.to_json(), card.due.timestamp()


def rating_of(*, correct: bool, hints: int, attempts: int, revealed: bool = False) -> Rating:
    """The FSRS rating of how a puzzle went: shown or wrong first is Again, right after hints Hard, else Good."""
    if revealed or not correct or attempts > 1:
        return Rating.Again
    return Rating.Hard if hints else Rating.Good


def end_of_day(now: float | None = None) -> float:
    """The end of today in the server's local time (what "to review today" counts up to)."""
    today = dt.datetime.fromtimestamp(now, dt.UTC).astimezone() if now is not None else dt.datetime.now().astimezone()
    tomorrow = (today + dt.timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    return tomorrow.timestamp()


SOON = 3600.0
"""A review due within this many seconds counts as today's, even past midnight: a puzzle missed at 23:55 comes back
in ten minutes, and the review page must not say "nothing to review" until then."""


def review_horizon(now: float | None = None) -> float:
    """What "to review today" counts up to: the end of today (local time), or an hour from ``now`` if that is later.

    >>> import datetime as dt
    >>> from shengji_tutor.store.reviews import SOON, end_of_day, review_horizon
    >>> late = dt.datetime.now().astimezone().replace(hour=23, minute=55, second=0, microsecond=0).timestamp()
    >>> review_horizon(late) == late + SOON > end_of_day(late)
    True
    """
    at = time.time() if now is None else now
    return max(end_of_day(at), at + SOON)
