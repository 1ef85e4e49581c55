"""A round of Sheng ji as a state machine: deal and declare, kitty, tricks, score (RULES §8–§11).

Every action is validated before anything changes; a refused action raises an
``ActionError`` subclass whose message names the rule, and leaves the state as it
was. Each verb below has an ``Action`` value (``play.actions``) that ``apply``
performs; every accepted action, by either way, is appended to ``history``, and
``undo()`` takes the last one back (python-chess's move stack). The phases run in order:

1. ``"deal"``: ``deal_next()`` gives one card at a time in play order; any
   player may ``declare`` trump with cards they hold; ``finish_deal()`` fixes the
   trump (or redeals when nobody declared).
2. ``"kitty"``: the dealer has taken the kitty (底牌 dǐpái) and must ``discard``
   as many cards. With ``RuleSet(redeal=...)`` a player whose hand is hopeless may
   first ``show_hand``, and the same dealer deals again (RULES §11).
   With ``RuleSet(chao_dipi=True)`` (炒地皮, RULES §11) the phase ``"chao"`` follows:
   from the seat after the last to bury, each player in turn may ``declare`` a
   stronger pair (``judge_overturn``), which fixes the new trump; that player
   takes the kitty (phase ``"kitty"`` again) and buries as many cards. It ends
   when all the others have ``pass_turn``-ed in a row; the dealer, the declaring
   team and the first lead do not change.
3. ``"call"`` (Finding Friends only): the dealer ``call``s the friend cards.
4. ``"play"``: ``play(seat, cards)`` for every seat in turn, 25 tricks with two
   decks; a failed throw (甩牌) is replaced by its forced unit.
5. ``"done"``: ``score()`` gives the ``RoundScore``, ``record_of`` (``play.record``) the ``RoundRecord``.

Seats are numbered in play order (counter-clockwise); with fixed partnerships
partners sit two seats apart.

**Whose turn it is** (OpenSpiel's ``current_player``): ``to_act`` always names who
decides next, and ``decision`` what they decide (a ``DecisionKind``);
``legal_actions(seat)`` lists what a seat may do. While the table itself acts —
the next card dealt, the deal finished — ``to_act`` is ``CHANCE``. The round asks
the questions a table asks: a player dealt a trump-rank card or a joker who could
then declare is asked to ``Declare`` or ``Pass``; once the deal is complete each
player who could declare is asked once more, in play order from the dealer (or
the first to draw); with a ``redeal`` rule, each player whose hand is hopeless is
asked, from the dealer on, to ``ShowHand`` or ``Pass`` before the burial. The
round asks, it does not wait: a question left unanswered lapses when the table
moves on (a record written before the round asked holds no passes, and replays).

Where RULES §11 is silent this engine decides (and the lessons say so):

- a hopeless hand is judged after the trump is fixed, on the cards as dealt (the
  kitty the dealer took up does not count), and may be shown until the dealer
  buries; in a match's first round the dealer the declarations made deals again;
- in chao dipi the player who buried last is skipped, so the dealer too may
  overturn once another player has buried; a pair is two identical cards even
  with three decks; the kitty bonus still goes to the attackers, whoever buried it;
- the red-five penalty and the throw penalty judge sides as they stand at the
  end of the round (a Finding Friends friend counts on the side it was revealed on).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import overload

from ..engine.cards import RANKS, Card, CardsLike, as_cards, deck, format_cards, normal_rank
from ..engine.closed import Closed
from ..engine.declaring import (
    Declaration,
    hopeless_hand,
    judge_declaration,
    judge_overturn,
    possible_declarations,
    possible_overturns,
)
from ..engine.errors import CardParseError, ShengjiError
from ..engine.ids import (
    card_ids,
    cards_of,
    check_id_copies,
    judge_follow,
    judge_throw,
    lead_suit,
    legal_plays,
    winner_of,
)
from ..engine.rules import Partnership, RuleSet, rules_or_default
from ..engine.scoring import (
    RoundScore,
    hooked_back_to,
    kitty_bonus,
    kitty_multiplier,
    level_change,
    next_dealer,
    red_five_points,
)
from ..engine.seats import out_of_turn, seat_label, seat_names
from ..engine.tricks import ThrowCheck
from ..engine.trump import Trump
from ..engine.turns import CHANCE
from ..i18n import N_, t, tn
from .actions import (
    DEAL_CARD,
    FINISH_DEAL,
    Action,
    Call,
    DealCard,
    Declare,
    Discard,
    FinishDeal,
    Pass,
    Play,
    ShowHand,
)

__all__ = [
    "CHANCE",
    "ActionError",
    "CallError",
    "DecisionKind",
    "DeclarationError",
    "IllegalPlayError",
    "KittyError",
    "OutOfTurnError",
    "Phase",
    "PhaseError",
    "PlayState",
    "PlayerView",
    "RedealError",
    "Round",
    "Trick",
    "friends_revealed",
    "friends_wanted",
]


class Phase(Closed):
    """Where a round is (see the module docstring); compared by member (``rnd.phase is Phase.PLAY``), it reads and
    saves as its word."""

    DEAL = "deal"
    KITTY = "kitty"
    CHAO = "chao"
    CALL = "call"
    PLAY = "play"
    DONE = "done"


class DecisionKind(Closed):
    """What the seat ``Round.to_act`` names is asked to decide (``Round.decision``, ``PlayerView.decision``)."""

    DEAL = "deal"
    """The table (``CHANCE``): deal the next card, or finish the deal."""
    DECLARE = "declare"
    """Declare trump (RULES §10) or pass: after a trump-rank card or a joker, and once the deal is complete."""
    SHOW = "show"
    """Show a hopeless hand for a redeal, or pass (RULES §11, ``redeal``)."""
    BURY = "bury"
    """Bury the kitty (RULES §10)."""
    OVERTURN = "overturn"
    """Chao dipi (炒地皮): overturn the trump with a stronger pair, or pass (RULES §11)."""
    CALL = "call"
    """Finding Friends: call the friend cards (RULES §11)."""
    PLAY = "play"
    """Play to the trick."""


# -- errors ------------------------------------------------------------------------------


class ActionError(ShengjiError):
    """An action the round refuses; the state is unchanged."""


class PhaseError(ActionError):
    """The action does not belong to the round's current phase."""


class OutOfTurnError(ActionError):
    """Someone acted out of turn."""


class DeclarationError(ActionError):
    """A trump declaration that RULES §10 does not allow."""


class KittyError(ActionError):
    """A kitty discard of the wrong size or with cards not in hand."""


class RedealError(ActionError):
    """A hand shown to force a redeal that the table's ``redeal`` rule does not allow (RULES §11)."""


class CallError(ActionError):
    """A Finding Friends call that cannot be made."""


class IllegalPlayError(ActionError):
    """A play the rules forbid; ``reason`` is the engine's explanation."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


# -- values ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Trick:
    """A finished trick: ``plays`` start with the leader and go on in play order."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int
    attempted: tuple[Card, ...] | None = None
    """The throw the leader tried, when it failed and was replaced by ``plays[0]``."""

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players

    def _repr_svg_(self) -> str:
        from ..ui.render import trick_svg  # lazy: the rules never import rendering

        names = seat_names(max(4, len(self.plays)))
        return trick_svg(self.plays, self.leader, winner=self.winner, points=self.points, names=names)


@dataclass(frozen=True)
class PlayerView:
    """What one player may see; the only thing a bot is given.

    Own hand, the trump, the current declaration, the trick so far, every finished
    trick, and (for the dealer) the cards they discarded. Never another hand.
    """

    seat: int
    phase: Phase
    rules: RuleSet
    rank: str
    hand: tuple[Card, ...]
    trump: Trump | None
    dealer: int | None
    declaration: Declaration | None
    leader: int | None
    trick: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    discards: tuple[Card, ...]
    declarers: tuple[int, ...]
    calls: tuple[tuple[Card, int], ...]
    points_won: tuple[int, ...]
    declarations: tuple[Declaration, ...] = ()
    """Every declaration of this deal, in order: each was shown to the table (RULES §10)."""
    dealt: int = 0
    """Cards dealt so far in this deal (all of them once the deal is complete)."""
    attempted: tuple[Card, ...] | None = None
    """The throw the leader of the trick so far tried, when it failed (the table saw it)."""
    overturns: tuple[Declaration, ...] = ()
    """Chao dipi (RULES §11): every pair that overturned the trump after the kitty exchange, in order."""
    decision: DecisionKind | None = None
    """What this player is asked to decide now (``None`` when it is not their turn)."""

    @property
    def standing(self) -> Declaration | None:
        """The declaration that fixes the trump now: the last chao dipi overturn, else the deal's declaration."""
        return self.overturns[-1] if self.overturns else self.declaration

    @property
    def kitty_holder(self) -> int | None:
        """The seat that takes (or took) the kitty and buries it: the dealer, or the last to overturn."""
        return self.overturns[-1].seat if self.overturns else self.dealer

    @property
    def leading(self) -> bool:
        return self.phase == Phase.PLAY and not self.trick

    @property
    def lead(self) -> tuple[Card, ...] | None:
        return self.trick[0] if self.trick else None

    def played_cards(self) -> list[Card]:
        """Every card seen on the table this round: finished tricks and the trick so far."""
        out = [c for t in self.tricks for p in t.plays for c in p]
        out.extend(c for p in self.trick for c in p)
        return out

    def partner_seats(self) -> tuple[int, ...]:
        """Seats known to be on this player's side (excluding this player)."""
        n = self.rules.players
        if self.rules.partnership == Partnership.FIXED:
            return tuple(s for s in range(n) if s != self.seat and s % 2 == self.seat % 2)
        if self.seat in self.declarers:
            return tuple(s for s in self.declarers if s != self.seat)
        return ()


# -- the round --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayState:
    """The play phase as a lean driver starts from it (``Round.play_state``; ``play.rollout.Table``), as card ids.

    ``hands`` are copies in the round's order (the order of a hand decides a bot's ties), for the driver to play
    from; ``trick`` the plays of the trick in progress, ``attempted`` its lead's failed throw; ``kitty_holder``
    and ``buried`` who buried the kitty and what; ``calls`` Finding Friends' calls as (id, ordinal) and
    ``called_plays`` the plays so far that showed a called card. The driver gives the rest of the round back
    through ``Round.played_out``.
    """

    hands: list[list[int]]
    trick: tuple[tuple[int, ...], ...]
    attempted: tuple[int, ...] | None
    kitty_holder: int | None
    buried: tuple[int, ...]
    calls: tuple[tuple[int, int], ...]
    called_plays: tuple[tuple[int, tuple[Card, ...]], ...]


_NEVER_SHUFFLES = random.Random(0)
"""The generator of a round ``Round.position`` builds: it is in its play phase, so it never deals a deck."""


@dataclass
class _State:
    hands: list[list[int]]
    deck: list[int]
    pos: int = 0
    declaration: Declaration | None = None
    declarations: list[Declaration] = field(default_factory=list)


class Round:
    """One round as a state machine (see the module docstring for the phases).

    ``seed`` (an int or a ``random.Random``) drives the shuffle and redeals;
    ``deck_order`` deals a given order instead (replays, puzzles), and
    ``redeal_orders`` the orders dealt after each redeal (a recorded round's replay;
    without them a given order cannot be redealt). ``dealer`` is ``None`` in a
    match's first round: the first declarer becomes dealer. ``rank`` is the trump
    rank (the declarers' level).

    Every deck order dealt is kept, so ``undo`` (which rebuilds the round from
    these starting parameters and re-applies the history) deals the same cards.
    """

    def __init__(
        self,
        rules: RuleSet | None = None,
        seed: int | random.Random = 0,
        dealer: int | None = None,
        rank: str = "2",
        deck_order: CardsLike | None = None,
        *,
        redeal_orders: Sequence[CardsLike] = (),
    ) -> None:
        rules = rules_or_default(rules)
        n = rules.players
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < n):
            raise ActionError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        canonical = normal_rank(rank)
        if canonical is None:
            raise ActionError(f"the trump rank must be one of 2-10, J, Q, K, A, not {rank!r}")
        if deck_order is None and redeal_orders:
            raise ActionError("redeal orders follow a given deck order: pass deck_order too")
        given = () if deck_order is None else (deck_order, *redeal_orders)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._configure(rules, rng, dealer, canonical, [_deck_order(order, rules.decks) for order in given])

    def _configure(
        self, rules: RuleSet, rng: random.Random, dealer: int | None, rank: str, orders: list[list[int]]
    ) -> None:
        """The round's starting parameters (checked by the caller), then the state before the first action."""
        self.rules = rules
        self.players = rules.players
        self._deal_size = rules.hand_size * self.players
        self.rng = rng
        self.rank: str = rank
        self.first_round = dealer is None
        self._start_dealer = dealer
        self._fixed = bool(orders)
        self._orders = orders
        """Every deck order dealt so far (or given), in order; ``_orders[redeals]`` is the current deal."""
        self._reset()

    def _reset(self) -> None:
        """The state before the first action (a fresh round, or ``undo`` starting over)."""
        n = self.players
        self._history: list[Action] = []
        self.dealer: int | None = self._start_dealer
        self.phase = Phase.DEAL
        self.redeals = 0
        self.trump: Trump | None = None
        self._kitty: list[int] = []
        self._discards: list[int] = []
        self._calls: list[tuple[int, int]] = []
        self._called_plays: list[tuple[int, tuple[Card, ...]]] = []
        """Finding Friends: the plays so far that hold a called card, as (seat, cards), for ``friends_revealed``."""
        self.friends: list[int] = []
        self.tricks: list[Trick] = []
        self.leader = 0
        self._trick: list[list[int]] = []
        self._attempted: list[int] | None = None
        self.throw_check: ThrowCheck | None = None
        """The engine's verdict on the failed throw of the trick so far (``attempted``), else ``None``:
        ``forced`` is the unit played, ``beaten_by`` the cards that beat it, ``throw_blocker`` their holder's seat
        (a round rebuilt by ``position`` knows only ``attempted``)."""
        self.points_won = [0] * n
        self.failed_throws: list[int] = []
        """Seats whose throw failed, in order (each costs ``throw_penalty``)."""
        self._start_hands: list[list[int]] = []
        self.buriers: list[int] = []
        """Every seat that buried the kitty, in order (the dealer; with chao dipi, each who overturned)."""
        self.overturns: tuple[Declaration, ...] = ()
        """Chao dipi (RULES §11): every pair that overturned the trump after the kitty exchange."""
        self.chao_turn: int | None = None
        self._chao_passes = 0
        self._asked: int | None = None
        """The seat asked to declare (in the deal) or to show a hopeless hand (before the burial), else ``None``."""
        self._ring: int | None = None
        """How far the ring of questions after the deal (or before the burial) has gone, from its first seat."""
        self._score: RoundScore | None = None
        """Once the round is done: its score, counted once (``score`` and ``next_dealer`` both need it)."""
        self._state = self._new_deal()

    # -- actions ---------------------------------------------------------------------------

    @overload
    def apply(self, action: DealCard) -> Card: ...
    @overload
    def apply(self, action: Declare) -> Declaration: ...
    @overload
    def apply(self, action: FinishDeal) -> bool: ...
    @overload
    def apply(self, action: Discard | Call | ShowHand | Pass) -> None: ...
    @overload
    def apply(self, action: Play) -> tuple[Card, ...]: ...
    @overload
    def apply(self, action: Action) -> Card | Declaration | bool | tuple[Card, ...] | None: ...

    def apply(self, action: Action) -> Card | Declaration | bool | tuple[Card, ...] | None:
        """Perform an action (OpenSpiel's ``apply_action``) through its verb; returns what the verb returns.

        >>> from shengji_tutor import Round
        >>> from shengji_tutor.play.actions import DEAL_CARD
        >>> rnd = Round(seed=1)
        >>> rnd.apply(DEAL_CARD) == rnd.hand(0)[0], [str(a) for a in rnd.history]
        (True, ['deal the next card'])
        """
        if type(action) is DealCard:  # the two frequent actions first: this is a bots' round's inner loop
            return self.deal_next()
        if type(action) is Play:
            return self._play(action.seat, action.cards, action)
        if isinstance(action, Declare):
            return self.declare(action.seat, action.cards)
        if isinstance(action, FinishDeal):
            return self.finish_deal()
        if isinstance(action, Discard):
            self.discard(action.seat, action.cards)
        elif isinstance(action, Call):
            self.call(action.seat, action.calls)
        elif isinstance(action, ShowHand):
            self.show_hand(action.seat)
        elif isinstance(action, Pass):
            self.pass_turn(action.seat)
        else:
            raise ActionError(f"not an action of a round: {action!r}")
        return None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action the round accepted, in order (a failed throw as it was attempted)."""
        return tuple(self._history)

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``Board.pop``).

        The round starts over from its starting parameters and the deck orders it
        dealt, and re-applies the rest of its history: the state is exactly as it
        was before that action.
        """
        if not self._history:
            raise ActionError("there is nothing to undo: no action has been taken in this round")
        *keep, last = self._history
        self._reset()
        for action in keep:
            self.apply(action)
        return last

    # -- the cards on the table, as cards (the ids behind them are the round's own) ----------

    @property
    def trick(self) -> tuple[tuple[Card, ...], ...]:
        """The trick so far: each play's cards, from the ``leader`` on."""
        return tuple(cards_of(play) for play in self._trick)

    @property
    def attempted(self) -> tuple[Card, ...] | None:
        """The throw the leader attempted when it failed (the trick's lead is then the forced unit), else ``None``."""
        return cards_of(self._attempted) if self._attempted is not None else None

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty as dealt (the deck's last cards, which its holder took up; empty until the deal is finished)."""
        return cards_of(self._kitty)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards buried as the kitty (empty until the burial): only their burier may see them."""
        return cards_of(self._discards)

    @property
    def calls(self) -> tuple[tuple[Card, int], ...]:
        """Finding Friends: the dealer's calls, as (card, which copy: 1 for the first played)."""
        return tuple((Card.from_id(cid), ordinal) for cid, ordinal in self._calls)

    @property
    def start_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as the play began (after the burial), by seat (empty before)."""
        return tuple(cards_of(hand) for hand in self._start_hands)

    # -- deal --------------------------------------------------------------------------

    def _new_deal(self) -> _State:
        """The deal number ``redeals``: a known order (given, or dealt before an ``undo``), else a new shuffle."""
        if self.redeals < len(self._orders):
            order = self._orders[self.redeals]
        else:
            order = [c.id for c in deck(self.rules.decks)]
            self.rng.shuffle(order)
            self._orders.append(order)
        return _State([[] for _ in range(self.rules.players)], order)

    @property
    def deck_order(self) -> tuple[Card, ...]:
        """The order of the current deal (the last ``kitty`` cards are the kitty)."""
        return cards_of(self._state.deck)

    @property
    def deals(self) -> tuple[tuple[Card, ...], ...]:
        """The order of every deal so far: one per redeal, then the current one (``deck_order``)."""
        return tuple(cards_of(order) for order in self._orders[: self.redeals + 1])

    @property
    def dealt(self) -> int:
        return self._state.pos

    @property
    def deal_complete(self) -> bool:
        return self._state.pos >= self._deal_size

    @property
    def declaration(self) -> Declaration | None:
        return self._state.declaration

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        return tuple(self._state.declarations)

    def _first_drawer(self) -> int:
        return self.dealer if self.dealer is not None else 0

    @property
    def to_act(self) -> int | None:
        """Who decides next (``decision`` says what): a player asked to declare, else ``CHANCE`` during the deal; a
        player asked to show a hopeless hand, else the dealer (or chao dipi's overturner) to bury; the next in chao
        dipi's turns; the dealer to call; the next to play. ``None`` once the round is done."""
        phase = self.phase
        if phase == Phase.PLAY:  # the two frequent phases first: a bots' round asks this at every action
            return (self.leader + len(self._trick)) % self.players
        if phase == Phase.DEAL:
            return CHANCE if self._asked is None else self._asked
        if phase == Phase.KITTY:
            return self._kitty_holder() if self._asked is None else self._asked
        if phase == Phase.CALL:
            return self.dealer
        if phase == Phase.CHAO:
            return self.chao_turn
        return None

    @property
    def decision(self) -> DecisionKind | None:
        """What ``to_act`` is asked to decide (``None`` once the round is done)."""
        phase = self.phase
        if phase == Phase.DEAL:
            return DecisionKind.DEAL if self._asked is None else DecisionKind.DECLARE
        if phase == Phase.KITTY:
            return DecisionKind.BURY if self._asked is None else DecisionKind.SHOW
        return _DECISIONS.get(phase)

    def chance_action(self) -> DealCard | FinishDeal:
        """What the table does when ``to_act`` is ``CHANCE``: deal the next card, or finish the deal."""
        if self.phase != Phase.DEAL:
            raise PhaseError(f"the table acts only during the deal, not in the '{self.phase}' phase")
        return FINISH_DEAL if self.deal_complete else DEAL_CARD

    @property
    def drawer(self) -> int | None:
        """The seat the next card of the deal goes to (``None`` once the deal is complete)."""
        if self.phase != Phase.DEAL or self.deal_complete:
            return None
        return (self._first_drawer() + self._state.pos) % self.players

    def legal_actions(self, seat: int) -> Iterator[Action]:
        """What ``seat`` (or ``CHANCE``) may do now, lazily (OpenSpiel's ``legal_actions``): declarations (any time
        in the deal) and a pass when asked; a hopeless hand shown, or a pass when asked; every burial of the right
        size; every call; every overturning pair and a pass; every play of a unit (a throw, which the engine judges
        when it is led, is not listed). Burials and calls are many: they are generated, not built as a list."""
        if seat != CHANCE:
            self._check_seat(seat)
        phase, turn = self.phase, self.to_act
        if seat == CHANCE:
            if phase == Phase.DEAL and turn == CHANCE:
                yield FINISH_DEAL if self.deal_complete else DEAL_CARD
            return
        if phase == Phase.DEAL:
            hand = self._state.hands[seat]
            for cards in possible_declarations(cards_of(hand), self.rank, self._state.declaration, seat, self.players):
                yield Declare(seat, cards)
            if seat == turn:
                yield Pass(seat)
        elif phase == Phase.KITTY:
            if self.may_show_hand(seat):
                yield ShowHand(seat)
            if seat == self._asked:
                yield Pass(seat)
            elif seat == turn:
                for ids in _multisets(sorted(self._state.hands[seat]), self.rules.kitty):
                    yield Discard(seat, cards_of(ids))
        elif phase == Phase.CHAO and seat == turn:
            for cards in possible_overturns(cards_of(self._state.hands[seat]), self.rank, self._standing()):
                yield Declare(seat, cards)
            yield Pass(seat)
        elif phase == Phase.CALL and seat == turn:
            options = [(Card.from_id(i), o) for i in range(len(_ONE_DECK)) for o in range(1, self.rules.decks + 1)]
            for calls in combinations(options, friends_wanted(self.players)):
                yield Call(seat, calls)
        elif phase == Phase.PLAY and seat == turn:
            for cards in self.legal_plays(seat):
                yield Play(seat, cards)

    def _standing(self) -> Declaration | None:
        return self.overturns[-1] if self.overturns else self._state.declaration

    def _may_declare(self, seat: int) -> bool:
        hand = cards_of(self._state.hands[seat])
        return bool(possible_declarations(hand, self.rank, self._state.declaration, seat, self.players))

    def _ask_round(self, start: int, may: Callable[[int], bool]) -> None:
        """Ask the next seat of the ring of questions (from ``_ring``, in play order from ``start``) that ``may``
        answer; the ring ends (``_asked`` is ``None``) when no seat is left."""
        assert self._ring is not None
        n = self.players
        while self._ring < n:
            seat = (start + self._ring) % n
            if may(seat):
                self._asked = seat
                return
            self._ring += 1
        self._asked = None

    def _answered(self, seat: int) -> None:
        """``seat`` answered the question it was asked (declared, showed, or passed): ask the next one."""
        if seat != self._asked:
            return
        if self._ring is None:
            self._asked = None
            self._after_deal()
            return
        self._ring += 1
        if self.phase == Phase.DEAL:
            self._ask_round(self._first_drawer(), self._may_declare)
        else:
            assert self.dealer is not None
            self._ask_round(self.dealer, self._hopeless)

    def _after_deal(self) -> None:
        """Once the last card is dealt and no one is asked about it: everyone who could declare is asked once more."""
        if self.deal_complete and self._asked is None and self._ring is None:
            self._ring = 0
            self._ask_round(self._first_drawer(), self._may_declare)

    def _kitty_holder(self) -> int | None:
        """Who takes (or took) the kitty and buries it: the dealer, or chao dipi's last to overturn."""
        return self.overturns[-1].seat if self.overturns else self.dealer

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's current cards (for the round's owner: a bot sees only ``view(seat)``)."""
        self._check_seat(seat)
        return cards_of(self._state.hands[seat])

    def deal_next(self) -> Card:
        """Give the next card to the next player; returns it. A player it makes able to declare (a trump-rank card or
        a joker) is asked to (``to_act``); a question still open lapses: the deal does not wait."""
        self._need_phase("deal", "deal a card")
        if self.deal_complete:
            raise PhaseError("the deal is complete: call finish_deal()")
        seat = (self._first_drawer() + self._state.pos) % self.players
        cid = self._state.deck[self._state.pos]
        self._state.hands[seat].append(cid)
        self._state.pos += 1
        self._history.append(DEAL_CARD)
        card = Card.from_id(cid)
        self._asked = seat if (card.is_joker or card.rank == self.rank) and self._may_declare(seat) else None
        self._after_deal()
        return card

    def deal_all(self) -> None:
        """Deal every remaining card (no declarations in between)."""
        while not self.deal_complete:
            self.deal_next()

    def declare(self, seat: int, cards: CardsLike) -> Declaration:
        """Declare trump with cards from the hand (RULES §10); in chao dipi's turns, overturn it (RULES §11)."""
        if self.phase == Phase.CHAO:
            return self._overturn(seat, cards)
        self._need_phase("deal", "declare trump")
        self._check_seat(seat)
        ids = _card_ids(cards, N_("the declaration"), DeclarationError)
        _take(self._state.hands[seat], ids, seat, "declare with", self.players, True, DeclarationError)
        verdict = judge_declaration(
            cards_of(ids), self.rank, self._state.declaration, seat, self.players, self._state.pos
        )
        if not verdict:
            raise DeclarationError(verdict.reason)
        decl = verdict.declaration
        assert decl is not None
        self._state.declaration = decl
        self._state.declarations.append(decl)
        self._history.append(Declare(seat, decl.cards))
        self._answered(seat)
        return decl

    def finish_deal(self) -> bool:
        """End the deal: fix the trump and give the dealer the kitty. False means nobody
        declared and the cards were redealt (the default rule)."""
        self._need_phase("deal", "finish the deal")
        if not self.deal_complete:
            raise PhaseError(
                f"the deal is not complete: {self.rules.hand_size * self.players - self.dealt} cards to go"
            )
        decl = self._state.declaration
        kitty = self._state.deck[self._state.pos :]
        redeal = decl is None and self.rules.no_declaration == "redeal"
        if redeal and self._fixed and self.redeals + 1 >= len(self._orders):
            raise DeclarationError("nobody declared trump, and a fixed deck order cannot be redealt (RULES §10)")
        self._history.append(FINISH_DEAL)
        self._asked = self._ring = None
        if redeal:
            self.redeals += 1
            self._state = self._new_deal()
            return False
        if decl is None:
            suit = _kitty_suit(kitty, self.rank)
            self.trump = Trump(self.rank, suit, self.rules.red_five)
            if self.dealer is None:
                self.dealer = 0
        else:
            self.trump = Trump(self.rank, decl.suit, self.rules.red_five)
            if self.dealer is None:  # RULES §10: in the first round the first declarer deals (variant: the last)
                first = self.rules.first_dealer == "first-declarer"
                self.dealer = self._state.declarations[0].seat if first else decl.seat
        self._kitty = list(kitty)
        self._state.hands[self.dealer].extend(kitty)
        self.phase = Phase.KITTY
        if self.rules.redeal is not None:  # RULES §11: each hopeless hand, from the dealer on, may be shown first
            self._ring = 0
            self._ask_round(self.dealer, self._hopeless)
        return True

    # -- kitty and calls ------------------------------------------------------------------

    def discard(self, seat: int, cards: CardsLike) -> None:
        """The dealer buries as many cards as the kitty held (RULES §10); in chao dipi, so does each player who
        overturned the trump, having taken the kitty up (RULES §11)."""
        self._need_phase("kitty", "discard to the kitty")
        self._need_turn(seat)
        ids = _card_ids(cards, N_("the discard"), KittyError)
        k = self.rules.kitty
        if len(ids) != k:
            raise KittyError(
                tn(
                    "the dealer discards exactly {n} card (as many as the kitty held), not {count}",
                    "the dealer discards exactly {n} cards (as many as the kitty held), not {count}",
                    k,
                    count=len(ids),
                )
            )
        _take(self._state.hands[seat], ids, seat, "discard", self.players, True, KittyError)
        _take(self._state.hands[seat], ids, seat, "discard", self.players)
        self._discards = ids
        self.buriers.append(seat)
        self._history.append(Discard(seat, cards_of(ids)))
        self._asked = self._ring = None  # a question about a hopeless hand lapses: the kitty is buried
        if self.rules.chao_dipi:
            self.phase = Phase.CHAO
            self.chao_turn = (seat + 1) % self.players
            self._chao_passes = 0
        else:
            self._start_play()

    def _start_play(self) -> None:
        """The kitty is buried for good: the hands are as play starts, and the dealer leads (or calls first)."""
        self._start_hands = [list(h) for h in self._state.hands]
        assert self.dealer is not None
        self.leader = self.dealer
        self.phase = Phase.CALL if self.rules.partnership == Partnership.FRIENDS else Phase.PLAY

    # -- RULES §11: a hopeless hand, chao dipi ---------------------------------------------

    def may_show_hand(self, seat: int) -> bool:
        """Whether ``seat`` may show its hand now to force a redeal (``show_hand``)."""
        return self._redeal_refusal(seat) is None

    def _redeal_refusal(self, seat: int) -> ActionError | None:
        """Why ``seat`` may not show its hand now, as the error ``show_hand`` raises; ``None`` if it may."""
        self._check_seat(seat)
        if self.rules.redeal is None:
            return RedealError(t("this table does not redeal a hopeless hand (RuleSet(redeal=None), RULES §11)"))
        if self.phase != Phase.KITTY or self.buriers:
            if self.buriers:
                return PhaseError(
                    t(
                        "a hopeless hand is shown after the deal, before the kitty is buried (RULES §11): not now, in "
                        "the '{phase}' phase after the burial",
                        phase=self.phase,
                    )
                )
            return PhaseError(
                t(
                    "a hopeless hand is shown after the deal, before the kitty is buried (RULES §11): not now, in the "
                    "'{phase}' phase",
                    phase=self.phase,
                )
            )
        if not self._hopeless(seat):
            who = seat_label(seat, self.players)
            if self.rules.redeal == "no-trump":
                return RedealError(
                    t("{seat}'s hand holds a trump, so it does not force a redeal (RULES §11)", seat=who)
                )
            return RedealError(
                t("{seat}'s hand holds a point card, so it does not force a redeal (RULES §11)", seat=who)
            )
        if self._fixed and self.redeals + 1 >= len(self._orders):
            return RedealError("a fixed deck order cannot be redealt: pass redeal_orders for the next deal")
        return None

    def _hopeless(self, seat: int) -> bool:
        """Is ``seat``'s hand as dealt hopeless under the table's ``redeal`` rule (the kitty taken up not counted)?
        The round asks each such seat whether to show it (even where a given deck order cannot be redealt: the
        question is the table's, and its replay asks it too)."""
        assert self.trump is not None
        dealt = list(self._state.hands[seat])
        if seat == self.dealer:
            for c in self._kitty:
                dealt.remove(c)
        return hopeless_hand(cards_of(dealt), self.trump, self.rules)

    def show_hand(self, seat: int) -> None:
        """RULES §11 (``redeal`` variant): after the deal, a player with no trump (or no point card) shows the hand
        and the same dealer deals again. In a match's first round the dealer the declarations made stays the dealer.
        """
        refusal = self._redeal_refusal(seat)
        if refusal is not None:
            raise refusal
        self._history.append(ShowHand(seat))
        self.redeals += 1
        self._state = self._new_deal()
        self.trump = None
        self._kitty = []
        self.phase = Phase.DEAL
        self._asked = self._ring = None

    def _overturn(self, seat: int, cards: CardsLike) -> Declaration:
        """Chao dipi: ``seat`` overturns the trump with a stronger pair, and takes the kitty to bury it again."""
        self._need_turn(seat)
        ids = _card_ids(cards, N_("the declaration"), DeclarationError)
        _take(self._state.hands[seat], ids, seat, "declare with", self.players, True, DeclarationError)
        standing = self.overturns[-1] if self.overturns else self._state.declaration
        verdict = judge_overturn(cards_of(ids), self.rank, standing, seat, self.players)
        if not verdict:
            raise DeclarationError(verdict.reason)
        decl = verdict.declaration
        assert decl is not None
        self.overturns += (decl,)
        self.trump = Trump(self.rank, decl.suit, self.rules.red_five)
        self._state.hands[seat].extend(self._discards)
        self._discards = []
        self.chao_turn = None
        self.phase = Phase.KITTY
        self._history.append(Declare(seat, decl.cards))
        return decl

    def pass_turn(self, seat: int) -> None:
        """Decline what ``seat`` is asked: to declare (in the deal), to show a hopeless hand (before the burial), or
        in chao dipi to overturn — once all but the last to bury have passed in a row, play starts."""
        if self.phase in (Phase.DEAL, Phase.KITTY):
            self._check_seat(seat)
            if seat != self._asked:
                who = seat_label(seat, self.players)
                if self.phase == Phase.DEAL:
                    raise OutOfTurnError(t("{seat} is not asked to declare now, so there is nothing to pass", seat=who))
                raise OutOfTurnError(
                    t("{seat} is not asked whether to show a hopeless hand now, so there is nothing to pass", seat=who)
                )
            self._history.append(Pass(seat))
            self._answered(seat)
            return
        self._need_phase("chao", "pass")
        self._need_turn(seat)
        self._history.append(Pass(seat))
        self._chao_passes += 1
        if self._chao_passes == self.players - 1:
            self.chao_turn = None
            self._start_play()
        else:
            self.chao_turn = (seat + 1) % self.players

    def call(self, seat: int, calls: Sequence[tuple[Card | str, int]]) -> None:
        """Finding Friends: the dealer names cards; the player of the ``ordinal``-th copy becomes a friend."""
        self._need_phase("call", "call friends")
        self._need_turn(seat)
        want = friends_wanted(self.players)
        parsed: list[tuple[int, int]] = []
        try:
            items = list(calls)
        except TypeError:
            raise CallError(
                t("calls must be a list of (card, ordinal) pairs, not {calls}", calls=repr(calls))
            ) from None
        if len(items) != want:
            raise CallError(
                tn(
                    "with {players} players the dealer calls {n} friend card(s), not {count}",
                    "with {players} players the dealer calls {n} friend card(s), not {count}",
                    want,
                    players=self.players,
                    count=len(items),
                )
            )
        for item in items:
            if not (isinstance(item, tuple | list) and len(item) == 2):
                raise CallError(t("a call is a (card, ordinal) pair, not {call}", call=repr(item)))
            card, ordinal = item
            ids = _card_ids([card], N_("the called card"), CallError)
            if type(ordinal) is not int or not 1 <= ordinal <= self.rules.decks:
                raise CallError(
                    t(
                        "the ordinal of a called card is 1 to {decks}, not {ordinal}",
                        decks=self.rules.decks,
                        ordinal=repr(ordinal),
                    )
                )
            parsed.append((ids[0], ordinal))
        self._calls = parsed
        self._called_plays = []
        self.phase = Phase.PLAY
        self._history.append(Call(seat, tuple((Card.from_id(c), o) for c, o in parsed)))

    # -- play ---------------------------------------------------------------------------

    def play(self, seat: int, cards: CardsLike) -> tuple[Card, ...]:
        """Play cards to the trick; returns what was actually played (a failed throw's forced unit)."""
        return self._play(seat, cards, None)

    def _play(self, seat: int, cards: CardsLike, given: Play | None) -> tuple[Card, ...]:
        """``play``, logging the ``Play`` given to ``apply`` as it is (the hot path of a bots' round)."""
        self._need_phase("play", "play cards")
        self._need_turn(seat)
        assert self.trump is not None
        ids = _card_ids(cards, N_("the play"), IllegalPlayError)
        hand = self._state.hands[seat]
        _take(hand, ids, seat, "play", self.players, dry_run=True)
        attempted: list[int] | None = None
        check: ThrowCheck | None = None
        if not self._trick:
            try:  # one effective suit, at least one card
                lead_suit(ids, self.trump.suit_table)
            except ShengjiError as e:
                raise IllegalPlayError(str(e)) from None
            others = [self._state.hands[(seat + k) % self.players] for k in range(1, self.players)]
            verdict = judge_throw(ids, others, self.trump)
            if not verdict.ok:
                attempted, ids = ids, [c.id for c in verdict.forced]
                check = verdict
        else:
            lead = self._trick[0]
            if len(ids) != len(lead):
                raise IllegalPlayError(
                    tn(
                        "the lead has {n} card(s), so you must play exactly {n}, not {count} (RULES §6)",
                        "the lead has {n} card(s), so you must play exactly {n}, not {count} (RULES §6)",
                        len(lead),
                        count=len(ids),
                    )
                )
            follow = judge_follow(hand, lead, ids, self.trump, self.rules)
            if not follow:
                raise IllegalPlayError(t("illegal play: {reason}", reason=follow.reason), follow.reason)
        # validated: from here on the state changes
        if given is None or type(given.cards) is not tuple:
            given = Play(seat, cards_of(ids if attempted is None else attempted))
        self._history.append(given)
        _take(hand, ids, seat, "play", self.players)
        if attempted is not None:
            self._attempted = attempted
            self.throw_check = check
            self.failed_throws.append(seat)
        self._trick.append(ids)
        self._see_calls(seat, ids)
        if len(self._trick) == self.players:
            self._finish_trick()
        return cards_of(ids)

    @property
    def throw_blocker(self) -> int | None:
        """The seat whose cards made the throw of the trick so far fail (RULES §8: the first in play
        order who can beat the forced unit), else ``None``. ``throw_check.beaten_by`` are those cards."""
        check = self.throw_check
        if check is None or check.blocker is None:
            return None
        return (self.leader + 1 + check.blocker) % self.players  # the check counts the others from the leader's next

    @property
    def penalty_points(self) -> int:
        """Throw penalties for the attackers' total: + for each declarer's failed throw, - for an attacker's.

        Sides are judged as they stand now, so a Finding Friends friend who failed a
        throw before being revealed counts as the declarer they turn out to be.
        """
        p = self.rules.throw_penalty
        attackers = self.attackers
        return sum(-p if seat in attackers else p for seat in self.failed_throws)

    def _see_calls(self, seat: int, ids: list[int]) -> None:
        """A play is seen: when it holds a called card, the friends are counted again by ``friends_revealed``."""
        if self.dealer is None or not any(cid in ids for cid, _ in self._calls):
            return
        self._called_plays.append((seat, cards_of(ids)))
        calls = [(Card.from_id(cid), ordinal) for cid, ordinal in self._calls]
        self.friends = list(friends_revealed(self.dealer, calls, self._called_plays))

    def _finish_trick(self) -> None:
        assert self.trump is not None
        index = winner_of(self._trick, self.trump, self.rules)
        winner = (self.leader + index) % self.players
        plays = [cards_of(p) for p in self._trick]
        pts = sum(c.points for p in plays for c in p)
        self.points_won[winner] += pts
        attempted = cards_of(self._attempted) if self._attempted is not None else None
        self.tricks.append(Trick(self.leader, tuple(plays), winner, pts, attempted))
        self._trick = []
        self._attempted = None
        self.throw_check = None
        self.leader = winner
        if not self._state.hands[winner]:
            self.phase = Phase.DONE

    # -- sides and scoring ------------------------------------------------------------------

    @property
    def declarers(self) -> tuple[int, ...]:
        """The dealer's side (friends join as they are revealed)."""
        if self.dealer is None:
            return ()
        if self.rules.partnership == Partnership.FIXED:
            return tuple(range(self.dealer % 2, self.players, 2))
        return tuple(sorted({self.dealer, *self.friends}))

    @property
    def attackers(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.declarers)

    def score(self) -> RoundScore:
        """The attackers' points, the kitty bonus and the level change (RULES §9); the round must be done."""
        self._need_phase("done", "score the round")
        if self._score is None:
            self._score = self._count_score()
        return self._score

    def _count_score(self) -> RoundScore:
        """RULES §9: the attackers' trick points, the throw penalties, the kitty bonus if they won the last trick."""
        assert self.trump is not None
        attackers = self.attackers
        last = self.tricks[-1]
        trick_points = sum(self.points_won[s] for s in attackers)
        multiplier = bonus = 0
        hooked = None
        if last.winner in attackers:
            winning = last.plays[(last.winner - last.leader) % self.players]
            multiplier = kitty_multiplier(winning, self.trump, self.rules)
            bonus = kitty_bonus(cards_of(self._discards), winning, self.trump, self.rules)
            hooked = hooked_back_to(winning, self.trump, self.rules)
        penalty = self.penalty_points
        fives = 0
        if self.rules.red_five is not None:  # RULES §11: sides as they stand at the end, as for throw penalties
            for trick in self.tricks:
                sides = [trick.seat_of(k, self.players) in attackers for k in range(len(trick.plays))]
                fives += red_five_points(trick.plays, sides, (trick.winner - trick.leader) % self.players, self.rules)
        change = level_change(trick_points + penalty + bonus + fives, self.rules)
        return RoundScore(trick_points, penalty, multiplier, bonus, change, fives, hooked)

    def next_dealer(self) -> int:
        """Who deals next (RULES §9), with the sides as they stand at the end of the round."""
        change = self.score().level_change
        assert self.dealer is not None
        return next_dealer(self.dealer, change, self.rules, self.declarers)

    # -- views, helpers ---------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (the only input a bot gets)."""
        self._check_seat(seat)
        st = self._state
        return PlayerView(
            seat=seat,
            phase=self.phase,
            rules=self.rules,
            rank=self.rank,
            hand=cards_of(st.hands[seat]),
            trump=self.trump,
            dealer=self.dealer,
            declaration=st.declaration,
            leader=self.leader if self.phase == Phase.PLAY else None,
            trick=tuple(map(cards_of, self._trick)),
            tricks=tuple(self.tricks),
            discards=cards_of(self._discards) if seat == self._kitty_holder() else (),
            declarers=self.declarers if self.phase in (Phase.PLAY, Phase.DONE) else (),
            calls=self.calls if self._calls else (),
            points_won=tuple(self.points_won),
            declarations=tuple(st.declarations),
            dealt=st.pos,
            attempted=cards_of(self._attempted) if self._attempted is not None else None,
            overturns=self.overturns,
            decision=self.decision if seat == self.to_act else None,
        )

    @classmethod
    def position(cls, view: PlayerView, hidden: dict[int, list[int]], kitty: Sequence[int] = ()) -> Round:
        """The round ``view`` shows, in its play phase, with every hand filled in: a determinization for search.

        ``hidden`` gives each other seat's cards (ids); ``kitty`` the buried cards
        when ``view`` is not the kitty holder's (the dealer's, or chao dipi's last to overturn: that view has them). Tricks,
        points, calls, friends and failed throws are as the view shows them. The
        new round has no history: it can be played on and scored, not undone or recorded.
        """
        if view.phase != Phase.PLAY or view.trump is None or view.dealer is None or view.leader is None:
            raise PhaseError("a position can be taken only during the play, from a player's view of it")
        rnd = cls.__new__(cls)  # no deck is shuffled (a search takes thousands of positions): the hands are given
        rnd._configure(view.rules, _NEVER_SHUFFLES, view.dealer, view.rank, [[]])
        n = rnd.players
        hands = [list(hidden[s]) if s != view.seat else [c.id for c in view.hand] for s in range(n)]
        rnd._state = _State(hands, [], pos=rnd._deal_size, declaration=view.declaration)
        rnd._state.declarations = list(view.declarations)
        rnd.phase = Phase.PLAY
        rnd.trump = view.trump
        rnd._discards = [c.id for c in view.discards] if view.seat == view.kitty_holder else list(kitty)
        rnd.overturns = view.overturns
        rnd.buriers = [view.dealer, *(d.seat for d in view.overturns)]
        rnd._calls = [(c.id, o) for c, o in view.calls]
        rnd._called_plays = []
        rnd.tricks = list(view.tricks)
        rnd.points_won = list(view.points_won)
        for trick in view.tricks:
            if trick.attempted is not None:
                rnd.failed_throws.append(trick.leader)
            for k, play in enumerate(trick.plays if rnd._calls else ()):  # Finding Friends: who showed a called card
                rnd._see_calls((trick.leader + k) % n, [c.id for c in play])
        rnd.leader = view.leader
        rnd._trick = [[c.id for c in play] for play in view.trick]
        for k, ids in enumerate(rnd._trick):
            rnd._see_calls((view.leader + k) % n, ids)
        if view.attempted is not None:
            rnd._attempted = [c.id for c in view.attempted]
            rnd.failed_throws.append(view.leader)
        return rnd

    # -- the lean driver's hook (play.rollout): the one way a driver plays a round without ``apply`` ----------

    def play_state(self) -> PlayState:
        """What a lean driver plays the rest of the round from (``PlayState``): nothing it does to it reaches the
        round until it gives the tricks back with ``played_out``."""
        self._need_phase("play", "hand the play to a driver")
        return PlayState(
            hands=[list(h) for h in self._state.hands],
            trick=tuple(tuple(ids) for ids in self._trick),
            attempted=None if self._attempted is None else tuple(self._attempted),
            kitty_holder=self._kitty_holder(),
            buried=tuple(self._discards),
            calls=tuple(self._calls),
            called_plays=tuple(self._called_plays),
        )

    def played_out(self, tricks: Sequence[Trick]) -> None:
        """The rest of the round as a lean driver played it from ``play_state``: ``tricks`` are the trick in
        progress, completed, and every trick after it, as ``Round`` makes them (a failed throw's lead in
        ``attempted``). The round takes their plays as ``apply`` would have taken them one by one — the history,
        the hands, the points won, Finding Friends' friends, the failed throws — and is done, ready to score.

        The driver vouches for each trick's winner and legality: the round checks only that the tricks follow on
        from the trick in progress, each led by the last one's winner, and that they use up every hand, each play
        from its own seat's cards (``tests/test_rollout.py`` checks the lean loop against ``apply``, play by play,
        on 1,000 rounds). Nothing changes when a check fails (``ActionError``).
        """
        self._need_phase("play", "take a played-out round")
        n = self.players
        taken = len(self._trick)
        played: list[list[int]] = [[] for _ in range(n)]
        leader = self.leader
        for k, trick in enumerate(tricks):
            if trick.leader != leader or len(trick.plays) != n:
                raise ActionError(f"trick {k} of the play-out is not led by seat {leader} with {n} plays")
            for j, cards in enumerate(trick.plays[taken if k == 0 else 0 :], taken if k == 0 else 0):
                played[(leader + j) % n] += [c.id for c in cards]
            leader = trick.winner
        hands = self._state.hands
        if any(sorted(played[s]) != sorted(hands[s]) for s in range(n)):
            raise ActionError("the play-out's tricks do not use up the hands as they were dealt to the seats")
        self._take_played_out(tricks, taken)

    def _take_played_out(self, tricks: Sequence[Trick], taken: int) -> None:
        n = self.players
        for k, trick in enumerate(tricks):
            for j in range(taken if k == 0 else 0, n):
                seat = (trick.leader + j) % n
                cards = trick.plays[j]
                if j == 0 and trick.attempted is not None:
                    self.failed_throws.append(seat)
                    self._history.append(Play(seat, trick.attempted))
                else:
                    self._history.append(Play(seat, cards))
                if self._calls and any(c.id == cid for c in cards for cid, _ in self._calls):
                    self._called_plays.append((seat, cards))
            self.points_won[trick.winner] += trick.points
        self.tricks += tricks
        for hand in self._state.hands:
            hand.clear()
        if self._calls and self.dealer is not None:
            calls = [(Card.from_id(cid), ordinal) for cid, ordinal in self._calls]
            self.friends = list(friends_revealed(self.dealer, calls, self._called_plays))
        self._trick = []
        self._attempted = None
        self.throw_check = None
        self.leader = tricks[-1].winner if tricks else self.leader
        self.phase = Phase.DONE

    def legal_plays(self, seat: int) -> Iterator[tuple[Card, ...]]:
        """The plays ``seat`` could make now (leads or follows)."""
        self._need_phase("play", "list plays")
        assert self.trump is not None
        lead = cards_of(self._trick[0]) if self._trick else None
        return legal_plays(cards_of(self._state.hands[seat]), lead, self.trump, self.rules)

    @property
    def done(self) -> bool:
        return self.phase == Phase.DONE

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ActionError(f"a seat is a number from 0 to {self.players - 1}, not {seat!r}")

    def _need_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise PhaseError(f"cannot {what} now: the round is in its '{self.phase}' phase, not {phase!r}")

    def _need_turn(self, seat: int) -> None:
        self._check_seat(seat)
        who = self._kitty_holder() if self.phase == Phase.KITTY else self.to_act  # an open question lapses on a burial
        if seat != who:
            if who is not None and who >= 0:
                raise OutOfTurnError(out_of_turn(who, seat_label(seat, self.players), self.players))
            raise OutOfTurnError(t("it is nobody's turn, not {other}'s", other=seat_label(seat, self.players)))

    def check_invariants(self) -> None:
        """Every card is in exactly one place (hands, kitty, tricks) — for tests."""
        held = [self._state.hands[s] for s in range(self.players)]
        table = [c.id for t in self.tricks for p in t.plays for c in p] + [i for p in self._trick for i in p]
        rest = self._state.deck[self._state.pos :] if self.phase == Phase.DEAL else self._discards
        check_id_copies([*held, table, rest], self.rules.decks, "the round")


_DECISIONS = {
    Phase.PLAY: DecisionKind.PLAY,
    Phase.CHAO: DecisionKind.OVERTURN,
    Phase.CALL: DecisionKind.CALL,
}
_ONE_DECK = deck(1)


def _multisets(ids: Sequence[int], k: int) -> Iterator[list[int]]:
    """Every choice of ``k`` of the sorted ``ids``, each multiset once (two decks hold two copies of a card)."""
    if k == 0:
        yield []
        return
    for i, cid in enumerate(ids):
        if len(ids) - i < k:
            return
        if i and ids[i - 1] == cid:
            continue
        for rest in _multisets(ids[i + 1 :], k - 1):
            yield [cid, *rest]


def friends_wanted(players: int) -> int:
    """Friend cards the dealer calls in Finding Friends: 1 with 4–5 players, 2 with 6–7, 3 with 8."""
    return max(1, players // 2 - 1)


def friends_revealed(
    dealer: int, calls: Sequence[tuple[Card | str, int]], plays: Iterable[tuple[int, CardsLike]]
) -> tuple[int, ...]:
    """Finding Friends (找朋友 zhǎo péngyou, RULES §11): the dealer's friends that ``plays`` reveal, in the order
    they joined. ``Round`` counts its friends with it, play by play.

    ``calls`` are the dealer's calls, each a card and an ordinal: ``("AH", 2)`` is "the second A♥ played".
    ``plays`` are the plays so far, in order, each a seat and its cards (plays without a called card change
    nothing and may be left out). The copies of a called card are counted in the order they are played, by
    whoever plays them, the dealer too; the player of the ordinal-th copy joins the dealer's team from that play
    on. Holding a called card reveals nothing: only playing it does. RULES §11 says a dealer who plays the called
    card himself has spent the call and has one friend fewer; where it is silent this engine decides the same
    for a friend who plays the copy of a second call (a player joins once: the call is spent). A play holding
    two copies counts both: a pair of the called card led before any copy is out makes its player the friend
    of "the second".

    >>> from shengji_tutor.play.round import friends_revealed
    >>> friends_revealed(0, [("AH", 2)], [(2, "AH"), (4, "AH")])  # Seat 3 played the first copy, Seat 5 the second
    (4,)
    >>> friends_revealed(0, [("AH", 1)], [(0, "AH"), (4, "AH")])  # the dealer played it: the call is spent
    ()
    >>> friends_revealed(0, [("AH", 2), ("BJ", 1)], [(3, "BJ"), (3, "AH"), (2, "AH AH")])  # in the order they joined
    (3, 2)
    """
    wanted: list[tuple[Card, int]] = []
    for card, ordinal in calls:
        named = as_cards([card] if isinstance(card, Card) else str(card), "the called card")
        if len(named) != 1:
            raise ShengjiError(f"a call names one card, not {format_cards(named)}")
        wanted.append((named[0], ordinal))
    seen = [0] * len(wanted)
    friends: list[int] = []
    for seat, cards in plays:
        for card in as_cards(cards, "a play"):
            for k, (called, ordinal) in enumerate(wanted):
                if card == called:
                    seen[k] += 1
                    if seen[k] == ordinal and seat != dealer and seat not in friends:
                        friends.append(seat)
    return tuple(friends)


def _card_ids(cards: CardsLike, what: str, error: type[ActionError]) -> list[int]:
    """Card ids for an action; unreadable cards refuse the action with its own error kind."""
    try:
        return card_ids(cards, what)
    except CardParseError as e:
        raise error(str(e)) from None


def _deck_order(cards: CardsLike, decks: int) -> list[int]:
    """The ids of a given deck order, which must hold every card of the decks once."""
    order = _card_ids(cards, "the deck order", ActionError)
    full = sorted(c.id for c in deck(decks))
    if sorted(order) != full:
        raise ActionError(f"a deck order must hold each of the {len(full)} cards of {decks} decks once")
    return order


_NOT_HELD = {
    "declare with": N_("cannot declare with {card}: {seat} does not hold it"),
    "discard": N_("cannot discard {card}: {seat} does not hold it"),
    "play": N_("cannot play {card}: {seat} does not hold it"),
}
"""Why cards not held cannot be used, by what they were to do (``_take``'s ``verb``; English: shown with ``t``)."""


def _held_only(verb: str, card: str, seat: str, held: int) -> str:
    """Why more copies of a card than are held cannot be used (``_take``'s ``verb``), in a sentence."""
    if verb == "declare with":
        return tn(
            "cannot declare with {card}: {seat} holds only {n} of it",
            "cannot declare with {card}: {seat} holds only {n} of it",
            held,
            card=card,
            seat=seat,
        )
    if verb == "discard":
        return tn(
            "cannot discard {card}: {seat} holds only {n} of it",
            "cannot discard {card}: {seat} holds only {n} of it",
            held,
            card=card,
            seat=seat,
        )
    return tn(
        "cannot play {card}: {seat} holds only {n} of it",
        "cannot play {card}: {seat} holds only {n} of it",
        held,
        card=card,
        seat=seat,
    )


def _take(
    hand: list[int],
    ids: Sequence[int],
    seat: int,
    verb: str,
    players: int,
    dry_run: bool = False,
    error: type[ActionError] = IllegalPlayError,
) -> None:
    """Remove ``ids`` from ``hand``; with ``dry_run`` only check that they are all there."""
    if dry_run:
        for i in set(ids):
            held = hand.count(i)
            if ids.count(i) > held:
                who = seat_label(seat, players)
                if held == 0:
                    raise error(t(_NOT_HELD[verb], card=str(Card.from_id(i)), seat=who))
                raise error(_held_only(verb, str(Card.from_id(i)), who, held))
        return
    for i in ids:
        hand.remove(i)


def _kitty_suit(kitty: Sequence[int], rank: str) -> str | None:
    """Variant: the kitty's first trump-rank card fixes the suit, else its highest card (RULES §10)."""
    cards = cards_of(kitty)
    for c in cards:
        if c.rank == rank and c.suit is not None:
            return c.suit
    plain = [c for c in cards if c.suit is not None]
    if not plain:
        return None
    best = max(plain, key=lambda c: RANKS.index(c.rank))
    return best.suit
