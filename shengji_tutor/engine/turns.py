"""Whose turn it is, for both games: the shape a game has and the one loop that takes its turns.

A game (``play.Round`` for Sheng ji, ``zhengfen.Game``) has OpenSpiel's ``State``
shape: ``to_act`` names who decides next — a seat, ``CHANCE`` while the table
itself acts (deals a card), ``None`` once the game is over — ``view(seat)`` is what
that seat may see, ``apply(action)`` performs an action. A player is one method,
``act(view) -> action``. ``take_turns`` asks and applies until a seat without a
player (a person, whom the caller asks) is to act, or the game is over: it is how
bots' games, the coached hand and the Zheng Fen table are all played, and what a
table of students and bots will use.

>>> from dataclasses import dataclass
>>> from shengji_tutor.engine.turns import take_turns
>>> @dataclass
... class Countdown:  # a toy game: two players say numbers down to zero
...     left: int
...     said: int = 0
...     @property
...     def to_act(self) -> int | None:
...         return None if self.left == 0 else self.said % 2
...     def view(self, seat: int) -> int:
...         return self.left
...     def apply(self, action: int) -> None:
...         self.left, self.said = self.left - action, self.said + 1
>>> class One:
...     def act(self, view: int) -> int:
...         return 1
>>> game = Countdown(5)
>>> take_turns(game, [One(), None]), game.left  # seat 1 has no player: the loop waits for it
(1, 4)
>>> game.apply(2)
>>> take_turns(game, [One(), One()]), game.left
(None, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

__all__ = ["CHANCE", "Player", "TurnGame", "take_turns"]

CHANCE = -1
"""``to_act`` while the table itself acts (deals the next card, finishes the deal): OpenSpiel's chance player."""

V = TypeVar("V")
A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


class TurnGame(Protocol[V_co, A_contra]):
    """A game as ``take_turns`` plays it."""

    @property
    def to_act(self) -> int | None: ...

    def view(self, seat: int) -> V_co: ...

    def apply(self, action: A_contra) -> Any: ...


class Player(Protocol[V_contra, A_co]):
    """A computer player: given what its seat may see, the action it takes."""

    def act(self, view: V_contra) -> A_co: ...


def take_turns(
    game: TurnGame[V, A],
    players: Sequence[Player[V, A] | None],
    *,
    chance: Callable[[], A] | None = None,
    stop: Callable[[], bool] | None = None,
    seen: Callable[[A, Any], None] | None = None,
) -> int | None:
    """Apply the players' actions (and ``chance()``'s while ``to_act`` is ``CHANCE``) until a seat whose player is
    ``None`` is to act — returned, for its person to answer — or until ``stop()`` or the game's end (``None``).
    ``seen(action, result)`` is told each action applied, with what ``apply`` returned."""
    while (seat := game.to_act) is not None and not (stop is not None and stop()):
        if seat == CHANCE:
            if chance is None:
                raise ValueError("the game waits for the table (CHANCE), and take_turns was given no chance action")
            action = chance()
        else:
            player = players[seat]
            if player is None:
                return seat
            action = player.act(game.view(seat))
        result = game.apply(action)
        if seen is not None:
            seen(action, result)
    return None
