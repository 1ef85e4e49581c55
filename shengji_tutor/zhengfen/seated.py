"""A Zheng Fen game with a person at one seat and bots at the others, as a model: ``SeatedGame``.

Lesson 12's table (``course.zhengfen_table.ZhengFenTable``) draws it; the model
imports no widget. The person's seat is South at four players and Seat 1 at any
other count; the other seats are ``HeuristicBot``s, who play as soon as it is their
turn. What the person may see is one value, ``snapshot(seat)``: their hand, the play
to beat, the pile, what happened since (as meanings: the actions, a pile taken, a
hand over, drawn in words by the view in the language read then) and the scores.

Nothing is lost on a reload: ``saved()`` is the game as JSON (its seed, table and
every action, which the engine replays); ``resume(text)`` takes it up again.

>>> from shengji_tutor.zhengfen.seated import SeatedGame
>>> game = SeatedGame(seed=3)
>>> view = game.snapshot()
>>> view.to_act == game.seat, len(view.hand), view.players
(True, 14, 4)
>>> game.play(game.legal_plays()[0].cards)
(True, '')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..engine.cards import Card, CardsLike, as_cards
from ..engine.errors import ShengjiError
from ..engine.seats import SOUTH
from ..engine.turns import take_turns
from ..i18n import t
from .bots import HeuristicBot
from .combos import Combination, classify, refusal
from .game import Game, Pass, Play, action_from_dict
from .record import GameRecordError
from .rules import CombinationError, ZhengFenRules, value

__all__ = ["Event", "HandOver", "PileTaken", "SeatedGame", "Snapshot"]

SAVE_FORMAT = 1
"""1: the game's seed, its table size and every action (the engine replays them)."""
NEWS = 8
"""How many of the latest events the table keeps to show."""


@dataclass(frozen=True)
class PileTaken:
    """A seat took the pile, with the points in it (RULES §12)."""

    seat: int
    points: int


@dataclass(frozen=True)
class HandOver:
    """A hand is over: each seat's points in it."""

    points: tuple[int, ...]


Event: TypeAlias = Play | Pass | PileTaken | HandOver
"""What happened at the table, kept as a meaning (the view says it in words)."""


@dataclass(frozen=True)
class Snapshot:
    """What one seat may see of the table now: its own hand only, and everything public."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    """The seat's cards, low to high in the game's order."""
    to_act: int | None
    """Whose turn it is (``None`` once the game is over)."""
    table: Combination | None
    """The play to beat (``None``: the seat to act leads)."""
    last: int | None
    """Who made it."""
    pile: tuple[Card, ...]
    events: tuple[Event, ...]
    """The latest events, oldest first."""
    scores: tuple[int, ...]
    sizes: tuple[int, ...]
    """Cards left in each hand."""
    winner: int | None
    last_hand: tuple[int, ...] | None
    """The points of the hand just over, until the next game (``None``: no hand is over yet in this game)."""

    @property
    def over(self) -> bool:
        return self.to_act is None


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (value(c), c.id)))


class SeatedGame:
    """A game of Zheng Fen at ``players`` (3–6) dealt from ``seed``: a person at ``seat``, bots at the others."""

    def __init__(self, seed: int = 0, players: int = 4) -> None:
        self.seed = seed
        self.mine = 0
        """The person's own actions in this game: a game they have played in is not ended without asking."""
        self._seat_up(players)
        self._bots_play()

    # -- the person's actions ---------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """The person's legal plays now (none when it is not their turn)."""
        if self.game.to_act != self.seat:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, Play)]

    def verdict(self, picked: Sequence[Card]) -> tuple[bool, str]:
        """Whether the person may play ``picked`` now, and why in a sentence naming the rule (RULES §12)."""
        if self.game.to_act != self.seat:
            return False, t("It is not your turn.")
        if not picked:
            return False, t("Pick some cards first.")
        try:
            combo: Combination = classify(list(picked))
        except CombinationError as e:
            return False, t("{reason}.", reason=e)
        table = self.game.table
        if table is not None and not combo.beats(table):
            return False, t("{reason}.", reason=t("{reason} (RULES §12)", reason=refusal(combo, table)))
        return True, t("{combination}: a legal play.", combination=combo.describe())

    def play(self, cards: CardsLike) -> tuple[bool, str]:
        """Play these cards if the engine accepts them, then the bots play until the person's turn comes back:
        (taken, the reason when it is refused)."""
        picked = as_cards(cards, "your play")
        ok, why = self.verdict(picked)
        if not ok:
            return False, why
        self._apply(Play(self.seat, tuple(picked)))
        self.mine += 1
        self._bots_play()
        return True, ""

    def pass_turn(self) -> bool:
        """Pass (not on a lead: a leader must play, RULES §12)."""
        if self.game.to_act != self.seat or self.game.table is None:
            return False
        self._apply(Pass(self.seat))
        self.mine += 1
        self._bots_play()
        return True

    def new_game(self, players: int | None = None) -> None:
        """A new game, at a table of ``players`` (the same as now unless given): the next seed, or the same seed
        at a new table size (``ZhengFenRules`` refuses a bad count by name before anything changes)."""
        if players is None or players == self.game.rules.players:
            self.seed += 1
            players = self.game.rules.players
        self._seat_up(players)
        self._bots_play()

    # -- what a seat sees ------------------------------------------------------------------

    def snapshot(self, seat: int | None = None) -> Snapshot:
        """What ``seat`` (the person's by default) may see now."""
        game = self.game
        seat = self.seat if seat is None else seat
        return Snapshot(
            seat=seat,
            players=game.rules.players,
            hand=_sorted(game.hands[seat]) if game.hands else (),
            to_act=game.to_act,
            table=game.table,
            last=game.last,
            pile=tuple(self.pile),
            events=tuple(self.events),
            scores=tuple(game.scores),
            sizes=tuple(len(h) for h in game.hands),
            winner=game.winner if game.to_act is None else None,
            last_hand=self.last_hand,
        )

    # -- nothing lost on a reload ------------------------------------------------------------

    def saved(self) -> str:
        """The game as JSON: its seed, its table size and every action so far (``resume`` replays them)."""
        history = [a.to_dict() for a in self.game.history]
        return json.dumps(
            {"format": SAVE_FORMAT, "seed": self.seed, "players": self.game.rules.players, "history": history}
        )

    def resume(self, text: str) -> None:
        """Take up the game ``saved()`` wrote, replaying its actions through the engine: hands, pile, scores and
        events as they were. Anything it cannot read raises ``GameRecordError`` naming the problem, and the game in
        play stays as it was."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise GameRecordError(f"not a saved Zheng Fen game of this version (format {SAVE_FORMAT})")
            seed, players = data["seed"], data["players"]
            if type(seed) is not int or type(players) is not int:
                raise GameRecordError("a saved Zheng Fen game's seed and table size are whole numbers")
            actions = [action_from_dict(a) for a in data["history"]]
            game = Game(ZhengFenRules(players=players), seed=seed)
            for action in actions:
                game.apply(action)  # checked here, before anything of the game in play changes
        except GameRecordError:
            raise
        except (ShengjiError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise GameRecordError(f"not a saved Zheng Fen game: {type(e).__name__}: {e}") from None
        self.seed = seed
        self._seat_up(players)
        for action in actions:
            self._apply(action)
        self.mine = sum(1 for a in actions if a.seat == self.seat)

    # -- the game moving on ------------------------------------------------------------------

    def _seat_up(self, players: int) -> None:
        """A new game at a table of ``players`` dealt from ``seed``: the person's seat, the bots, and nothing of the
        game before."""
        game = Game(ZhengFenRules(players=players), seed=self.seed)  # refuses a bad count before anything changes
        self.game, self.seat = game, SOUTH if players == 4 else 0
        self.bots = {s: HeuristicBot() for s in range(players) if s != self.seat}
        self._cleared()

    def _cleared(self) -> None:
        """What a new game starts without: the pile, the events, the person's moves, the last hand's points."""
        self.pile: list[Card] = []
        self.events: list[Event] = []
        self.last_hand: tuple[int, ...] | None = None
        self.mine = 0
        self._mark = self._counts()

    def _apply(self, action: Play | Pass) -> None:
        self._mark = self._counts()
        self.game.apply(action)
        self._applied(action)

    def _counts(self) -> tuple[int, int]:
        """Piles taken and hands finished so far: what an action changed shows against them."""
        return sum(len(t) for t in self.game.tricks), len(self.game.hand_points)

    def _applied(self, action: Play | Pass) -> None:
        """Keep the events of an action the game has just applied (a pile taken, a hand over)."""
        finished, hands = self._mark
        self._mark = self._counts()
        self.events.append(action)
        if isinstance(action, Play):
            self.pile.extend(action.cards)
        if sum(len(t) for t in self.game.tricks) > finished or len(self.game.hand_points) > hands:
            trick = self.game.tricks[hands][-1] if len(self.game.hand_points) > hands else self.game.tricks[-1][-1]
            self.events.append(PileTaken(trick.taker, trick.points))
            self.pile = []
        if len(self.game.hand_points) > hands:
            self.last_hand = self.game.hand_points[-1]
            self.events.append(HandOver(self.last_hand))
        del self.events[:-NEWS]

    def _bots_play(self) -> None:
        seats = [self.bots.get(s) for s in range(self.game.rules.players)]  # None: the person's seat
        self._mark = self._counts()
        take_turns(self.game, seats, seen=lambda action, _result: self._applied(action))
