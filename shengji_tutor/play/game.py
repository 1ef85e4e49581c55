"""Playing rounds and matches: the one turn loop (``advance``), ``play_round`` and ``play_match``.

``advance`` is how every round is driven — by bots alone here, and by the coached
game with the learner in one seat: it asks the round who decides (``to_act``),
applies the table's own actions (``CHANCE``: deal a card, finish the deal), asks
each bot's ``act`` with that seat's view only, and stops when the seat to act has
no bot (a person: the caller asks them and applies their answer). The round asks
the questions (RULES §10–§11): declare or pass when a trump-rank card or a joker
arrives and once more after the deal, show a hopeless hand or pass, overturn or
pass in chao dipi, bury, call, play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import RANKS
from ..engine.errors import ShengjiError
from ..engine.rules import RuleSet, rules_or_default
from ..engine.scoring import Side, level_after
from ..engine.turns import TurnGame, take_turns
from .actions import Action
from .bots import Bot, RandomBot
from .record import RoundRecord, record_of
from .round import ActionError, PlayerView, Round

__all__ = [
    "HeadToHead",
    "MatchRecord",
    "advance",
    "head_to_head",
    "play_match",
    "play_round",
    "prepare_round",
    "run_round",
]

MAX_REDEALS = 50
"""A round dealt again more often than this (nobody declares, or hopeless hands are shown) is refused as endless."""

Seen = Callable[[Action, Any], None]
"""Told each action ``advance`` applied, with what ``Round.apply`` returned (the coach explains them)."""


def _bots(rules: RuleSet, seed: int, bots: Sequence[Bot] | None) -> list[Bot]:
    if bots is None:
        return [RandomBot(random.Random(f"{seed}:{seat}")) for seat in range(rules.players)]
    out = list(bots)
    if len(out) != rules.players:
        raise ActionError(f"{rules.players} players need {rules.players} bots, got {len(out)}")
    return out


def advance(
    rnd: Round, bots: Sequence[Bot | None], *, until: str | None = None, seen: Seen | None = None
) -> int | None:
    """Play the table's and the bots' turns (``engine.turns.take_turns``) until a seat without a bot (``None``) is
    to act — returned, for its person to answer — or until the round reaches the phase ``until``, or its end
    (``None`` is returned). A round dealt again more than ``MAX_REDEALS`` times is refused as endless.

    >>> from shengji_tutor import HeuristicBot, Round
    >>> from shengji_tutor.play.game import advance
    >>> rnd = Round(seed=3)
    >>> seat = advance(rnd, [HeuristicBot(), HeuristicBot(), None, HeuristicBot()])
    >>> seat, rnd.to_act, rnd.decision
    (2, 2, DecisionKind.DECLARE)
    """

    def applied(action: Action, result: Any) -> None:
        if rnd.redeals > MAX_REDEALS:
            raise ShengjiError(f"the cards were dealt again {MAX_REDEALS} times in a row: the round never starts")
        if seen is not None:
            seen(action, result)

    stop = None if until is None else (lambda: rnd.phase == until)
    game: TurnGame[PlayerView, Action] = rnd
    return take_turns(game, bots, chance=rnd.chance_action, stop=stop, seen=applied)


def run_round(rnd: Round, bots: Sequence[Bot]) -> RoundRecord:
    """Drive a fresh ``Round`` to its end with the given bots; returns its record."""
    advance(rnd, bots)
    return record_of(rnd)


def prepare_round(rnd: Round, bots: Sequence[Bot]) -> None:
    """Deal with declarations, bury the kitty, call friends: the round is then ready for its first lead."""
    advance(rnd, bots, until="play")


def play_round(
    rules: RuleSet | None = None,
    seed: int = 0,
    bots: Sequence[Bot] | None = None,
    *,
    dealer: int | None = None,
    rank: str = "2",
) -> RoundRecord:
    """Play one whole round from a seeded shuffle (default bots: four random-legal bots).

    With ``dealer=None`` it is a match's first round: the first declarer deals.

    >>> from shengji_tutor import play_round, points
    >>> record = play_round(seed=7)
    >>> len(record.tricks), sum(t.points for t in record.tricks) + points(record.kitty)
    (25, 200)
    """
    rules = rules_or_default(rules)
    rnd = Round(rules, seed=random.Random(seed), dealer=dealer, rank=rank)
    return run_round(rnd, _bots(rules, seed, bots))


@dataclass(frozen=True)
class MatchRecord:
    """A match: its rounds, each seat's final level (index into 2..A; 13 = passed A), the winners."""

    rules: RuleSet
    rounds: tuple[RoundRecord, ...]
    levels: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool

    def level_names(self) -> tuple[str, ...]:
        return tuple(RANKS[lv] if lv < len(RANKS) else "won" for lv in self.levels)


def play_match(
    rules: RuleSet | None = None,
    seed: int = 0,
    bots: Sequence[Bot] | None = None,
    max_rounds: int = 200,
) -> MatchRecord:
    """Play rounds until a side passes A (RULES §9): levels 2..A, declarers and attackers switching.

    The first round is dealt at level 2 and the first declarer deals. After each
    round the side that goes up gains its levels; the next dealer follows RULES §9
    and the trump rank is the new dealer's level. ``max_rounds`` bounds a match
    that does not finish (``finished`` is then false).
    """
    rules = rules_or_default(rules)
    players = _bots(rules, seed, bots)
    levels = [0] * rules.players
    played: list[set[int]] = [set() for _ in range(rules.players)]
    """The levels each seat has played as a declarer (RULES §11's mandatory levels)."""
    rounds: list[RoundRecord] = []
    dealer: int | None = None
    top = len(RANKS) - 1
    for r in range(max_rounds):
        rank = RANKS[levels[dealer]] if dealer is not None else RANKS[0]
        rnd = Round(rules, seed=random.Random(f"{seed}:round:{r}"), dealer=dealer, rank=rank)
        record = run_round(rnd, players)
        rounds.append(record)
        new_levels(levels, played, record)
        dealer = record.next_dealer
        winners = tuple(s for s in range(rules.players) if levels[s] > top)
        if winners:
            return MatchRecord(rules, tuple(rounds), tuple(levels), winners, True)
    return MatchRecord(rules, tuple(rounds), tuple(levels), (), False)


def new_levels(levels: list[int], played: list[set[int]], record: RoundRecord) -> None:
    """Move each seat's level (an index into 2..A; 13 has passed A) after ``record``'s round, in place.

    The side that goes up rises by the level change, stopping on a mandatory level
    it has not played as declarers (``level_after``); every declarer has then played
    the round's rank. With hook and needle the declarers drop back to 2 (or J) —
    instead of any rise of theirs, while the attackers' rise and the next dealer
    follow the level table as usual (RULES §11 says "in addition to the round's
    normal result"). A declarer whose level is already below that (a Finding
    Friends friend) keeps it: dropping back never raises a level.

    >>> from shengji_tutor import HeuristicBot, RuleSet, play_round
    >>> from shengji_tutor.play.game import new_levels
    >>> record = play_round(RuleSet(mandatory_levels=("3",)), seed=5, bots=[HeuristicBot()] * 4)
    >>> record.level_change.side.value, record.level_change.levels, record.declarers
    ('attackers', 0, (0, 2))
    >>> levels, played = [0, 0, 0, 0], [set() for _ in range(4)]
    >>> new_levels(levels, played, record)
    >>> levels, played
    ([0, 0, 0, 0], [{0}, set(), {0}, set()])
    """
    rules = record.rules
    change = record.level_change
    rank = RANKS.index(record.rank)
    for s in record.declarers:
        played[s].add(rank)
    side = record.declarers if change.side == Side.DECLARERS else record.attackers
    for s in side:
        levels[s] = level_after(levels[s], change.levels, played[s], rules)
    hooked = record.score.hooked_back_to
    if hooked is not None:
        for s in record.declarers:
            levels[s] = min(levels[s], RANKS.index(hooked))


@dataclass(frozen=True)
class HeadToHead:
    """Round results of one kind of bot (side A) against another (side B)."""

    rounds: int
    wins: int
    """Rounds side A won: it held as declarers, or took over as attackers."""
    a_declaring: int
    """Rounds in which side A were the declarers."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0


def head_to_head(
    make_a: Callable[[int], Bot],
    make_b: Callable[[int], Bot],
    rounds: int = 200,
    seed: int = 0,
    rules: RuleSet | None = None,
) -> HeadToHead:
    """Play ``rounds`` seeded first rounds, side A in seats 0 and 2 on even rounds and in 1 and 3 on odd ones.

    ``make_a(seat)`` / ``make_b(seat)`` build a bot for a seat. Side A wins a round
    when its level goes up: it held as declarers, or took over as attackers.
    """
    rules = rules_or_default(rules)
    if rules.players != 4:
        raise ActionError("head_to_head seats two sides of two: it needs 4 players")
    wins = declaring = 0
    for r in range(rounds):
        a_seats = (0, 2) if r % 2 == 0 else (1, 3)
        bots = [make_a(s) if s in a_seats else make_b(s) for s in range(4)]
        record = play_round(rules, seed=seed * 100_003 + r, bots=bots)
        a_declares = record.dealer in a_seats
        declaring += a_declares
        goes_up = record.level_change.side == ("declarers" if a_declares else "attackers")
        wins += goes_up
    return HeadToHead(rounds, wins, declaring)
