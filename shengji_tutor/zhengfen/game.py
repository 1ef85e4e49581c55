"""A game of Zheng Fen as a state machine: ``Game`` deals hands, takes ``Play`` and ``Pass`` actions and scores.

The turn (RULES §12): the leader plays any combination; each next player (in play
order, seats 0..n-1) plays a combination that beats the one on the table, or
passes; once every other player still holding cards has passed since the last
play, the player who played last takes the pile — every card played in it, and
their points — and leads. A player may pass even when they could beat the
table, and a passer may play again when the turn comes back.

Where RULES §12 is silent the engine follows the seed (the Russian description)
and, where both are silent, decides:

- **The deal** (seed): the dealer shuffles and the players take one card each in
  turn, starting with the dealer, until the 54 cards are gone, so hands may
  differ by a card. The first hand's dealer is drawn at random (seeded); then
  the player who made the last play of a hand deals the next one.
- **The first lead** (the seed: "the player who holds a 3"; one deck has four):
  the holder of the 3♥ leads every hand's first trick, with any combination.
- **A leader may not pass**; a player who follows may always pass.
- **Running out of cards** (decided): a player whose hand is empty plays no
  more, and the turn skips them. If they played last, they still take the pile,
  and the lead goes to the next player, in play order, who holds cards. A player
  left alone with cards leads on, taking each of their own plays, until their
  hand is empty: nothing is replenished (the seed deals once per hand).
- **The hand ends** when every hand is empty (the seed: "until the players run out
  of cards"); each player scores the points of the cards they took, 100 in all.
- **The game ends** after the hand in which someone reaches the target (500, or
  1000); the highest total wins. Should two share the highest total, hands go on
  until one total is highest alone.

>>> from shengji_tutor import Card
>>> from shengji_tutor.zhengfen import Game, Pass, ZhengFenRules
>>> game = Game(ZhengFenRules(players=4), seed=1)
>>> game.dealers, [len(h) for h in game.hands], game.to_act, Card("3", "H") in game.hands[2]
([1], [13, 14, 14, 13], 2, True)
>>> game.apply(Pass(2))
Traceback (most recent call last):
...
shengji_tutor.zhengfen.rules.TurnError: South leads: a leader cannot pass
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from ..engine.cards import Card, CardsLike, as_cards, deck, format_cards, parse_cards
from ..engine.seats import out_of_turn, seat_label
from ..i18n import t
from .combos import Combination, classify, combinations, plays_beating, refusal
from .rules import TurnError, ZhengFenError, ZhengFenRules

__all__ = ["FIRST_LEADER_CARD", "Action", "Game", "Pass", "Play", "Trick", "View", "action_from_dict"]

FIRST_LEADER_CARD = Card("3", "H")
"""Whoever holds it leads a hand's first trick."""
MAX_HANDS = 1_000
"""A game still tied at the top after this many hands is refused as endless."""


@dataclass(frozen=True)
class Play:
    """A seat plays a combination (a lead, or a play on the table)."""

    seat: int
    cards: tuple[Card, ...]

    def describe(self, players: int = 0) -> str:
        """The play as a sentence, in the reader's language, with the seat names of a table of ``players`` ("Seat 1" …
        by default)."""
        return t("{seat} plays {cards}", seat=seat_label(self.seat, players), cards=format_cards(self.cards))

    def __str__(self) -> str:
        return self.describe()

    def to_dict(self) -> dict[str, Any]:
        return {"action": "play", "seat": self.seat, "cards": format_cards(self.cards, symbols=False)}


@dataclass(frozen=True)
class Pass:
    """A seat passes."""

    seat: int

    def describe(self, players: int = 0) -> str:
        """The pass as a sentence, in the reader's language, with the seat names of a table of ``players`` ("Seat 1" …
        by default)."""
        return t("{seat} passes", seat=seat_label(self.seat, players))

    def __str__(self) -> str:
        return self.describe()

    def to_dict(self) -> dict[str, Any]:
        return {"action": "pass", "seat": self.seat}


Action: TypeAlias = Play | Pass


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action ``to_dict`` wrote; ``ZhengFenError`` names what is wrong."""
    action, seat = data.get("action"), data.get("seat")
    if type(seat) is not int:
        raise ZhengFenError(f"an action's seat is a whole number, not {seat!r}")
    if action == "pass":
        return Pass(seat)
    if action == "play" and isinstance(data.get("cards"), str):
        return Play(seat, tuple(parse_cards(data["cards"])))
    raise ZhengFenError(f"not a Zheng Fen action: {data!r}")


@dataclass(frozen=True)
class Trick:
    """One pile, from its lead to the take: the actions in order, who took it, and the points taken."""

    leader: int
    actions: tuple[Action, ...]
    taker: int
    points: int

    @property
    def plays(self) -> tuple[Play, ...]:
        return tuple(a for a in self.actions if isinstance(a, Play))


@dataclass(frozen=True)
class View:
    """What one player sees (``Game.view(seat)``): their hand, the table, the scores."""

    rules: ZhengFenRules
    seat: int
    hand: tuple[Card, ...]
    table: Combination | None
    """The combination to beat, or ``None`` when this player leads."""
    last: int | None
    """Who played it."""
    pile_points: int
    """The points in every card played to this pile so far."""
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    turn: bool = True
    """Whether it is this player's turn (a player waiting may do nothing)."""

    def legal_actions(self) -> list[Action]:
        """What this player may do: the same list as ``Game.legal_actions(seat)``."""
        if not self.turn:
            return []
        if self.table is None:
            return [Play(self.seat, c.cards) for c in combinations(self.hand)]
        return [Pass(self.seat), *(Play(self.seat, c.cards) for c in plays_beating(self.hand, self.table))]


class Game:
    """A whole game: hands dealt one after another until someone reaches the target.

    ``seed`` shuffles every hand's deck (and draws the first dealer unless
    ``first_dealer`` is given); ``deck_orders`` replays given shuffles instead, one
    per hand, in order. Every action is checked; a refused one raises
    ``TurnError`` (or ``CombinationError`` for cards that are no combination) and
    changes nothing. ``history`` holds every accepted action; ``undo`` takes the last one back.

    It has the shape of ``play.Round`` (and OpenSpiel's ``State``): ``to_act`` names
    who decides (``None`` once the game is over), ``legal_actions(seat)`` lists what a
    seat may do, ``view(seat)`` is what it sees, ``apply`` and ``undo``.
    """

    def __init__(
        self,
        rules: ZhengFenRules | None = None,
        seed: int | random.Random = 0,
        *,
        first_dealer: int | None = None,
        deck_orders: Sequence[CardsLike] | None = None,
    ) -> None:
        self.rules = rules if rules is not None else ZhengFenRules()
        if not isinstance(self.rules, ZhengFenRules):
            raise ZhengFenError(f"rules must be a ZhengFenRules, not {type(self.rules).__name__}")
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        n = self.rules.players
        if first_dealer is None:
            first_dealer = self._rng.randrange(n)
        if type(first_dealer) is not int or not 0 <= first_dealer < n:
            raise TurnError(f"the first dealer is a seat from 0 to {n - 1}, not {first_dealer!r}")
        self._fixed = deck_orders is not None
        self._orders = [_check_deck(d, k) for k, d in enumerate(deck_orders)] if deck_orders is not None else []
        """Every deck dealt so far (or given), in order: ``undo`` deals the same hands again."""
        self.first_dealer = first_dealer
        self._reset()

    def _reset(self) -> None:
        """The game before its first action (a new game, or ``undo`` starting over)."""
        n = self.rules.players
        self.scores = [0] * n
        self.deals: list[tuple[Card, ...]] = []
        self.dealers: list[int] = []
        self.hand_points: list[tuple[int, ...]] = []
        """Each finished hand's points per seat."""
        self.tricks: list[list[Trick]] = []
        """Each hand's tricks (the current hand's last)."""
        self.history: list[Action] = []
        self.hands: list[list[Card]] = []
        self.start_hands: tuple[tuple[Card, ...], ...] = ()
        """Each seat's cards as the current hand was dealt."""
        self.to_act: int | None = None
        self.table: Combination | None = None
        """The combination to beat, or ``None`` when the player to act leads."""
        self.last: int | None = None
        """Who played ``table``."""
        self._leader = -1
        self._pile: list[Card] = []
        self._actions: list[Action] = []
        self._passes = 0
        self._taken: list[int] = []
        self._deal(self.first_dealer)

    # -- the state -----------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The seat that won the game, or ``None`` while it goes on."""
        if not self.hand_points or self.hands_in_play():
            return None
        best = max(self.scores)
        leaders = [s for s, v in enumerate(self.scores) if v == best]
        return leaders[0] if best >= self.rules.target and len(leaders) == 1 else None

    def hands_in_play(self) -> bool:
        return any(self.hands)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` (by default the player to act) may take: each combination they may play, and a pass
        when not leading; nothing when it is not their turn."""
        if self.to_act is None:
            return []
        return self.view(seat).legal_actions()

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` (by default the player to act) sees; ``TurnError`` once the game is over."""
        if self.to_act is None:
            raise TurnError(t("the game is over: nobody is to act"))
        if seat is None:
            seat = self.to_act
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise TurnError(f"a seat is a number from 0 to {n - 1}, not {seat!r}")
        return View(
            rules=self.rules,
            seat=seat,
            hand=tuple(self.hands[seat]),
            table=self.table,
            last=self.last,
            pile_points=sum(c.points for c in self._pile),
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=tuple(self.scores),
            turn=seat == self.to_act,
        )

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``Board.pop``): the game starts over with the
        same decks and re-applies the rest of its history."""
        if not self.history:
            raise TurnError("there is nothing to undo: no action has been taken in this game")
        *keep, last = self.history
        self._reset()
        for action in keep:
            self.apply(action)
        return last

    # -- actions -------------------------------------------------------------------------

    def apply(self, action: Action) -> Combination | None:
        """Perform ``action`` (the combination played, or ``None`` for a pass); a refusal changes nothing.

        ``TurnError`` for an action out of turn, cards not held, a pass on a lead or a play that does not beat the
        table (naming the rule: ``refusal``); ``CombinationError`` for cards that make no combination.
        """
        if not isinstance(action, Play | Pass):
            raise TurnError(f"an action is a Play or a Pass, not {type(action).__name__}")
        if self.to_act is None:
            raise TurnError(t("the game is over: nobody is to act"))
        n = self.rules.players
        if type(action.seat) is not int or action.seat != self.to_act:
            who = seat_label(action.seat, n) if type(action.seat) is int and 0 <= action.seat < n else repr(action.seat)
            raise TurnError(out_of_turn(self.to_act, who, n))
        name = seat_label(action.seat, n)
        if isinstance(action, Pass):
            if self.table is None:
                raise TurnError(t("{seat} leads: a leader cannot pass", seat=name))
            self._record(action)
            self._passes += 1
            self._advance()
            return None
        combo = self._check_play(action)
        hand = self.hands[action.seat]
        for c in combo.cards:
            hand.remove(c)
        self._record(action)
        self._pile.extend(combo.cards)
        self.table, self.last, self._passes = combo, action.seat, 0
        self._advance()
        return combo

    def _check_play(self, action: Play) -> Combination:
        name = seat_label(action.seat, self.rules.players)
        combo = classify(as_cards(action.cards, "the play"))
        missing = [c for c in combo.cards if c not in self.hands[action.seat]]
        if missing:
            raise TurnError(t("{seat} does not hold {cards}", seat=name, cards=format_cards(missing)))
        if self.table is not None and not combo.beats(self.table):
            raise TurnError(t("{seat} cannot play that: {reason}", seat=name, reason=refusal(combo, self.table)))
        return combo

    def _record(self, action: Action) -> None:
        self.history.append(action)
        self._actions.append(action)

    def _advance(self) -> None:
        """Pass the turn on; take the pile once every other holder of cards has passed; end the hand and the game."""
        assert self.last is not None
        n = self.rules.players
        holders = sum(1 for s in range(n) if s != self.last and self.hands[s])
        if self._passes < holders:
            self.to_act = self._next_holder(self.to_act)
            return
        taker = self.last
        points = sum(c.points for c in self._pile)
        self._taken[taker] += points
        self.tricks[-1].append(Trick(self._leader, tuple(self._actions), taker, points))
        self._start_trick(taker if self.hands[taker] else self._next_holder(taker))
        if self.to_act is None:
            self._end_hand(taker)

    def _next_holder(self, seat: int | None) -> int | None:
        assert seat is not None
        n = self.rules.players
        for k in range(1, n + 1):
            if self.hands[(seat + k) % n]:
                return (seat + k) % n
        return None

    # -- hands ---------------------------------------------------------------------------

    def _deal(self, dealer: int) -> None:
        k = len(self.deals)
        if k < len(self._orders):
            order = self._orders[k]
        elif self._fixed:
            raise TurnError(f"the game needs a deck order for hand {k + 1}, but only {len(self._orders)} were given")
        else:
            cards = deck(1)
            self._rng.shuffle(cards)
            order = tuple(cards)
            self._orders.append(order)
        if k >= MAX_HANDS:
            raise ZhengFenError(f"no single player led the game after {MAX_HANDS} hands")
        n = self.rules.players
        self.deals.append(order)
        self.dealers.append(dealer)
        self.hands = [list(order[(s - dealer) % n :: n]) for s in range(n)]
        self.start_hands = tuple(tuple(h) for h in self.hands)
        self._taken = [0] * n
        self.tricks.append([])
        leader = next(s for s in range(n) if FIRST_LEADER_CARD in self.hands[s])
        self._start_trick(leader)

    def _start_trick(self, leader: int | None) -> None:
        self.to_act = leader
        self._leader = leader if leader is not None else -1
        self.table = None
        self.last = None
        self._pile = []
        self._actions = []
        self._passes = 0

    def _end_hand(self, last_player: int) -> None:
        self.hand_points.append(tuple(self._taken))
        for s, p in enumerate(self._taken):
            self.scores[s] += p
        if self.winner is None:
            self._deal(last_player)


def _check_deck(order: CardsLike, k: int) -> tuple[Card, ...]:
    cards = as_cards(order, f"deck order {k + 1}")
    if sorted(c.id for c in cards) != list(range(54)):
        raise ZhengFenError(f"deck order {k + 1} is not the 54 cards of one deck, each once")
    return tuple(cards)
