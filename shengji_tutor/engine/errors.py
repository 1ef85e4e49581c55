"""The engine's errors: every one is a ``ValueError`` whose message a learner can read.

Like python-chess's ``InvalidMoveError`` / ``IllegalMoveError``, each kind of bad
input has its own subclass, so callers (lessons, puzzle graders, the classroom)
can catch the whole family with ``except ShengjiError`` or one kind precisely.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "IllegalLeadError",
    "ImpossibleCardsError",
    "InvalidTrumpError",
    "PlayError",
    "RuleSetError",
    "ShengjiError",
]


class ShengjiError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class CardParseError(ShengjiError):
    """A card token could not be read; the message names the token and its position."""

    def __init__(self, message: str, token: str | None = None, position: int | None = None) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


class ImpossibleCardsError(ShengjiError):
    """Cards taken together hold more copies of a card than the decks contain."""


class IllegalLeadError(ShengjiError):
    """A lead mixes effective suits (a lead must be all one suit, or all trump)."""


class PlayError(ShengjiError):
    """A play cannot even be judged: wrong number of cards, or cards not in the hand."""


class InvalidTrumpError(ShengjiError):
    """A trump rank or suit that does not exist."""


class RuleSetError(ShengjiError):
    """A rule variant outside the supported range."""
