"""Whole games with bots: ``play_game`` and the ``GameRecord`` it returns (JSON, replay).

A record is what it takes to play the game again — the rules, the first
dealer, every hand's deck order and every action — plus what they led to: each
hand's points, the final scores, the winner. Its JSON keeps only the first part,
so reading it plays the game again through the engine, which re-checks every
action: a saved game cannot disagree with the rules.

>>> from shengji_tutor.zhengfen import GameRecord, play_game
>>> record = play_game(players=4, seed=0)
>>> max(record.scores) >= 500, record.scores[record.winner] == max(record.scores)
(True, True)
>>> all(sum(points) == 100 for points in record.hand_points)
True
>>> GameRecord.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card, format_cards, listed, parse_cards
from ..engine.errors import ShengjiError
from ..engine.seats import seat_label
from ..engine.turns import take_turns
from ..i18n import t
from .bots import Bot, HeuristicBot
from .game import Action, Game, Play, Trick, action_from_dict
from .rules import ZhengFenError, ZhengFenRules

__all__ = ["GameRecord", "GameRecordError", "play_game", "record_of"]

FORMAT_VERSION = 1


class GameRecordError(ZhengFenError):
    """A saved game that cannot be read."""


@dataclass(frozen=True)
class GameRecord:
    """A finished game: how it started, every action, and the results."""

    rules: ZhengFenRules
    first_dealer: int
    deals: tuple[tuple[Card, ...], ...]
    """Every hand's deck order, in order; card k of a hand went to seat (dealer + k) mod players."""
    history: tuple[Action, ...]
    # -- what the history led to (``record_of``) --
    dealers: tuple[int, ...]
    tricks: tuple[tuple[Trick, ...], ...]
    """Each hand's piles, in order."""
    hand_points: tuple[tuple[int, ...], ...]
    """Each hand's points per seat (100 a hand)."""
    scores: tuple[int, ...]
    winner: int

    def describe_trick(self, hand: int, index: int) -> str:
        """One pile as a line of a transcript: ``"1. East 3♥, North 5♦, …, North passes → East takes 15"``.

        >>> from shengji_tutor.zhengfen import play_game
        >>> print(play_game(players=3, seed=1).describe_trick(0, 0))
        1. Seat 1 3♠ 3♥ 3♣ 6♦ 7♥, Seat 2 3♦ 5♠ 5♥ 5♦ 6♥, Seat 3 4♠ 4♣ 7♠ 7♦ 7♣, Seat 1 passes, Seat 2 passes → Seat 3 takes 15
        """
        trick = self.tricks[hand][index]
        n = self.rules.players
        parts = [
            f"{seat_label(a.seat, n)} {format_cards(a.cards)}" if isinstance(a, Play) else a.describe(n)
            for a in trick.actions
        ]
        # TRANSLATORS: one pile of a game's transcript: {actions} lists each play ("East 3♥") and pass in turn,
        # {seat} takes the pile and its {points}.
        return t(
            "{number}. {actions} → {seat} takes {points}",
            number=index + 1,
            actions=listed(parts, last=False),
            seat=seat_label(trick.taker, n),
            points=trick.points,
        )

    def to_json(self) -> str:
        """How the game started and its actions, as JSON (cards as tokens such as ``"10H"``)."""
        data: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "game": "zhengfen",
            "rules": {"players": self.rules.players, "target": self.rules.target},
            "first_dealer": self.first_dealer,
            "deals": [format_cards(d, symbols=False) for d in self.deals],
            "history": [a.to_dict() for a in self.history],
        }
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by ``to_json`` by playing it again; ``GameRecordError`` names what is wrong."""
        try:
            d = json.loads(text)
            if d.get("format") != FORMAT_VERSION or d.get("game") != "zhengfen":
                raise GameRecordError(
                    f"not a saved Zheng Fen game (format {d.get('format')!r}, game {d.get('game')!r})"
                )
            rules = ZhengFenRules(**d["rules"])
            deals = tuple(tuple(parse_cards(deal)) for deal in d["deals"])
            history = tuple(action_from_dict(a) for a in d["history"])
            game = _replay(rules, d["first_dealer"], deals, history)
        except GameRecordError:
            raise
        except (ShengjiError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise GameRecordError(f"not a saved Zheng Fen game: {e}") from None
        return record_of(game)

    def replay(self) -> Iterator[tuple[Action, Game]]:
        """Play the game again action by action, yielding ``(action, game)`` after each (the same ``Game``, updated).

        The engine re-checks every action, so a tampered history raises ``TurnError`` or ``CombinationError``.
        """
        game = Game(self.rules, first_dealer=self.first_dealer, deck_orders=self.deals)
        for action in self.history:
            game.apply(action)
            yield action, game

    def replayed(self) -> GameRecord:
        """The record of playing this game again: equal to ``self`` for a faithful record."""
        return record_of(_replay(self.rules, self.first_dealer, self.deals, self.history))


def _replay(
    rules: ZhengFenRules, first_dealer: int, deals: Sequence[Sequence[Card]], history: Sequence[Action]
) -> Game:
    game = Game(rules, first_dealer=first_dealer, deck_orders=deals)
    for action in history:
        game.apply(action)
    if not game.done:
        raise GameRecordError(f"the saved game is not finished: {len(history)} actions stop short of its end")
    return game


def record_of(game: Game) -> GameRecord:
    """The record of a finished ``Game``."""
    if game.winner is None:
        raise GameRecordError("the game is not finished")
    return GameRecord(
        rules=game.rules,
        first_dealer=game.first_dealer,
        deals=tuple(game.deals),
        history=tuple(game.history),
        dealers=tuple(game.dealers),
        tricks=tuple(tuple(t) for t in game.tricks),
        hand_points=tuple(game.hand_points),
        scores=tuple(game.scores),
        winner=game.winner,
    )


def play_game(
    players: int = 4,
    seed: int = 0,
    *,
    target: int = 500,
    bots: Sequence[Bot] | None = None,
) -> GameRecord:
    """Play a whole game from seeded shuffles with bots (default: a ``HeuristicBot`` in every seat).

    ``bots``, one per seat, are asked only through their ``View``.
    """
    rules = ZhengFenRules(players=players, target=target)
    seats = list(bots) if bots is not None else [HeuristicBot() for _ in range(players)]
    if len(seats) != players:
        raise ZhengFenError(f"{players} players need {players} bots, got {len(seats)}")
    game = Game(rules, seed=random.Random(seed))
    take_turns(game, seats)
    return record_of(game)
