"""A finished round as data: ``RoundRecord``, saved as JSON, replayed step by step.

A record is what it takes to play the round again — the rules, the starting
parameters (rank, dealer), every deck order dealt and the round's ``history`` of
actions — plus what that history led to (the trump, the hands at the start of
play, the kitty, the tricks, the score), so that a saved game can be replayed in
a lesson or turned into a puzzle. The JSON holds only the first part: reading
it plays the round again, so a saved round cannot disagree with the rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..engine.cards import Card, CardsLike, format_cards, parse_cards
from ..engine.declaring import Declaration
from ..engine.errors import ShengjiError
from ..engine.rules import RuleSet
from ..engine.scoring import LevelChange, RoundScore
from ..engine.seats import seat_name
from ..engine.trump import Trump
from .actions import Action, action_from_dict
from .round import CHANCE, PlayerView, Round, Trick

__all__ = ["Position", "RecordError", "RoundRecord", "record_of"]

FORMAT_VERSION = 2
"""2: rules, rank, dealer, deck orders and the history of actions (1, before the action log, is not read)."""


class RecordError(ShengjiError):
    """A saved round that cannot be read."""


@dataclass(frozen=True)
class RoundRecord:
    """One whole round: how it started, every action, and the results (trump, kitty, 25 tricks with two decks, score)."""

    rules: RuleSet
    rank: str
    first_round: bool
    """A match's first round: nobody dealt yet, the first declarer became ``dealer``."""
    dealer: int
    deals: tuple[tuple[Card, ...], ...]
    """Every deck order dealt: one per redeal (nobody declared, or a hopeless hand shown), then the deal played."""
    history: tuple[Action, ...]
    """Every action of the round, in order (``Round.history``)."""
    # -- what the history led to (``record_of``) --
    trump: Trump
    declarations: tuple[Declaration, ...]
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards at the start of play (after the kitty exchange)."""
    kitty: tuple[Card, ...]
    """The dealer's discards (the kitty that is scored)."""
    picked_up: tuple[Card, ...]
    """The kitty as dealt, before the exchange."""
    calls: tuple[tuple[Card, int], ...]
    declarers: tuple[int, ...]
    tricks: tuple[Trick, ...]
    score: RoundScore
    next_dealer: int
    overturns: tuple[Declaration, ...] = ()
    """Chao dipi (RULES §11): the pairs that overturned the trump after the kitty exchange, in order."""

    @property
    def deal(self) -> tuple[Card, ...]:
        """The order of the deal that was played (the last ``rules.kitty`` cards were the kitty)."""
        return self.deals[-1]

    @property
    def redeals(self) -> int:
        return len(self.deals) - 1

    @property
    def level_change(self) -> LevelChange:
        return self.score.level_change

    @property
    def attackers(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.rules.players) if s not in self.declarers)

    # -- JSON -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as JSON text: how the round started and its actions (cards as tokens such as ``"10H"``);
        the same text as the ``Position`` at its end."""
        dealer = None if self.first_round else self.dealer
        return Position(self.rules, self.rank, dealer, self.deals, self.history).to_json()

    @classmethod
    def from_json(cls, text: str) -> RoundRecord:
        """Read a record written by ``to_json`` by playing it again; ``RecordError`` names what is wrong."""
        rnd = Position.from_json(text).round()
        if not rnd.done:
            raise RecordError("not a saved round: the round it holds is not finished")
        return record_of(rnd)

    # -- replay -------------------------------------------------------------------------------

    def replay(self) -> Iterator[tuple[Action, Round]]:
        """Play the round again action by action, yielding ``(action, round)`` after each.

        The same ``Round`` object is yielded each time, updated. The engine re-checks
        every action, so a tampered history raises an ``ActionError``.
        """
        rnd = _start(self.rules, self.rank, None if self.first_round else self.dealer, self.deals)
        for action in self.history:
            rnd.apply(action)
            yield action, rnd

    def replayed(self) -> RoundRecord:
        """The record of playing this round again: equal to ``self`` for a faithful record."""
        steps = list(self.replay())
        return record_of(steps[-1][1])

    def describe_trick(self, index: int) -> str:
        """One line per trick for transcripts: ``"3. West leads …; South wins 15"``."""
        t = self.tricks[index]
        n = self.rules.players
        parts = [f"{seat_name(t.seat_of(k, n), n)} {format_cards(p)}" for k, p in enumerate(t.plays)]
        if t.attempted:
            parts[0] += f" (throw {format_cards(t.attempted)} failed)"
        return f"{index + 1}. " + ", ".join(parts) + f" → {seat_name(t.winner, n)} wins {t.points}"


@dataclass(frozen=True)
class Position:
    """A round stopped at one player's decision: how it started and every action so far, to set it up again.

    A learner's mistake becomes a "find a better play" puzzle this way: the JSON
    holds no hand or trick, only the deal and the actions, so setting it up again
    replays them through the engine (a tampered position raises ``RecordError``).

    >>> from shengji_tutor.play.record import Position
    >>> from shengji_tutor.play.round import Round
    >>> from shengji_tutor.play.game import prepare_round
    >>> from shengji_tutor.play.bots import HeuristicBot
    >>> rnd = Round(seed=3, dealer=0, rank="4")
    >>> prepare_round(rnd, [HeuristicBot()] * 4)
    >>> position = Position.of(rnd)
    >>> again = Position.from_json(position.to_json())
    >>> again.view() == rnd.view(rnd.to_act), again.seat == rnd.to_act
    (True, True)
    """

    rules: RuleSet
    rank: str
    dealer: int | None
    """``None`` in a match's first round (the first declarer deals)."""
    deals: tuple[tuple[Card, ...], ...]
    history: tuple[Action, ...]

    @classmethod
    def of(cls, rnd: Round) -> Position:
        """Where ``rnd`` stands now."""
        return cls(rnd.rules, rnd.rank, None if rnd.first_round else rnd.dealer, rnd.deals, rnd.history)

    def round(self) -> Round:
        """A new ``Round`` at this position (the actions replayed and checked by the engine)."""
        rnd = _start(self.rules, self.rank, self.dealer, self.deals)
        for action in self.history:
            rnd.apply(action)
        return rnd

    @property
    def seat(self) -> int:
        """The seat whose decision it is."""
        seat = self.round().to_act
        if seat is None or seat == CHANCE:
            raise RecordError("no player is to act at this position")
        return seat

    def view(self) -> PlayerView:
        """What the player to act sees."""
        rnd = self.round()
        if rnd.to_act is None or rnd.to_act == CHANCE:
            raise RecordError("no player is to act at this position")
        return rnd.view(rnd.to_act)

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "rules": asdict(self.rules),
            "rank": self.rank,
            "dealer": self.dealer,
            "deals": [format_cards(d, symbols=False) for d in self.deals],
            "history": [a.to_dict() for a in self.history],
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Position:
        """Read a position written by ``to_json``, replaying it; ``RecordError`` names what is wrong."""
        try:
            d = json.loads(text)
            if d.get("format") != FORMAT_VERSION:
                raise RecordError(f"unknown record format {d.get('format')!r} (this version reads {FORMAT_VERSION})")
            position = cls(
                RuleSet(**d["rules"]),
                str(d["rank"]),
                d["dealer"],
                tuple(tuple(parse_cards(deal)) for deal in d["deals"]),
                tuple(action_from_dict(a) for a in d["history"]),
            )
            position.round()
            return position
        except RecordError:
            raise
        except (ShengjiError, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            raise RecordError(f"not a saved round or position: {type(e).__name__}: {e}") from None


def record_of(rnd: Round) -> RoundRecord:
    """The record of a finished ``Round``."""
    if not rnd.done:
        raise RecordError("the round is not finished")
    assert rnd.trump is not None
    assert rnd.dealer is not None
    return RoundRecord(
        rules=rnd.rules,
        rank=rnd.rank,
        first_round=rnd.first_round,
        dealer=rnd.dealer,
        deals=rnd.deals,
        history=rnd.history,
        trump=rnd.trump,
        declarations=rnd.declarations,
        hands=rnd.start_hands,
        kitty=rnd.discards,
        picked_up=rnd.kitty,
        calls=rnd.calls,
        declarers=rnd.declarers,
        tricks=tuple(rnd.tricks),
        score=rnd.score(),
        next_dealer=rnd.next_dealer(),
        overturns=rnd.overturns,
    )


def _start(rules: RuleSet, rank: str, dealer: int | None, deals: Sequence[CardsLike]) -> Round:
    """A fresh round that deals ``deals`` in order (the first, then one per redeal)."""
    return Round(rules, dealer=dealer, rank=rank, deck_order=deals[0], redeal_orders=deals[1:])
