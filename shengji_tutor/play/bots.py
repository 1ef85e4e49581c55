"""Computer players. A bot is given only a ``PlayerView`` — its own hand, the trick so
far, the cards played, the trump — never another player's hand.

- ``RandomBot`` plays a random legal card or combination (and sometimes tries a
  throw), declares and discards at random: the baseline for simulations.
- ``HeuristicBot`` plays like a sensible beginner: wins tricks that carry points,
  gives points to a partner who is winning, does not waste high trumps, buries
  low plain cards, and throws (甩牌) only when no unseen card can beat the throw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine.cards import Card, deck
from ..engine.declaring import possible_declarations, possible_overturns
from ..engine.ids import (
    N_CARD_IDS,
    TRUMP,
    cards_of,
    count_ids,
    decompose,
    lead_units,
    legal_plays,
    placements,
    random_follow,
    winner_of,
)
from ..engine.plays import strength_spent
from ..engine.tricks import check_throw
from ..engine.trump import Trump
from .actions import Action, Call, Declare, Discard, Pass, Play, ShowHand
from .round import ActionError, DecisionKind, Phase, PlayerView
from .sampler import unseen_counts

__all__ = ["Bot", "HeuristicBot", "RandomBot", "TableBot", "burial_order_ids", "declarations_for"]


class Bot(Protocol):
    """A computer player: one method, given only what that player may see (``Round.view``), the action it takes.

    ``view.decision`` says what it is asked (a ``DecisionKind``); the driver (``play.game.advance``) applies the
    answer. ``TableBot`` answers through one method per question.
    """

    def act(self, view: PlayerView) -> Action:
        """The action to take now: what ``view.decision`` asks of ``view.seat``."""


class TableBot:
    """A bot written as one answer per question: ``act`` asks the method that ``view.decision`` names.

    ``declare`` gives cards to declare (or, in chao dipi, to overturn the trump) or ``None`` to pass; ``show_hand``
    whether to show a hopeless hand (by default yes: such a hand is worth dealing again); ``discard`` the burial;
    ``call`` Finding Friends' ``(card, ordinal)`` pairs; ``play`` the cards to play.
    """

    def act(self, view: PlayerView) -> Action:
        kind, seat = view.decision, view.seat
        if kind is DecisionKind.PLAY:
            return Play(seat, tuple(self.play(view)))
        if kind is DecisionKind.DECLARE or kind is DecisionKind.OVERTURN:
            cards = self.declare(view)
            return Declare(seat, tuple(cards)) if cards else Pass(seat)
        if kind is DecisionKind.BURY:
            return Discard(seat, tuple(self.discard(view)))
        if kind is DecisionKind.CALL:
            return Call(seat, tuple(self.call(view)))
        if kind is DecisionKind.SHOW:
            return ShowHand(seat) if self.show_hand(view) else Pass(seat)
        raise ActionError(f"{type(self).__name__} is not asked anything now: {kind!r}")

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        raise NotImplementedError

    def show_hand(self, view: PlayerView) -> bool:
        return True

    def discard(self, view: PlayerView) -> Sequence[Card]:
        raise NotImplementedError

    def call(self, view: PlayerView) -> Sequence[tuple[Card, int]]:
        raise NotImplementedError

    def play(self, view: PlayerView) -> Sequence[Card]:
        raise NotImplementedError


def declarations_for(view: PlayerView) -> list[tuple[Card, ...]]:
    """The declarations this player could make now that the round would accept (RULES §10), or in chao dipi's
    turns the pairs that would overturn the trump (RULES §11)."""
    if view.phase == Phase.CHAO:
        return possible_overturns(view.hand, view.rank, view.standing)
    return possible_declarations(view.hand, view.rank, view.declaration, view.seat, view.rules.players)


def _ids(cards: Sequence[Card]) -> list[int]:
    return [c.id for c in cards]


def _trick_index(view: PlayerView) -> int:
    return len(view.trick)


_POINTS = tuple(Card.from_id(i).points for i in range(N_CARD_IDS))


def burial_order_ids(trump: Trump, hand: Sequence[int]) -> list[int]:
    """``HeuristicBot``'s burial order of a hand of card ids (its burial is the first ``rules.kitty``): trumps,
    points and high cards kept, plain cards buried from the shortest suit first, to void it. On ids, because the
    search puts a sampled burier's cards in this order for every deal it draws."""
    suit, key = trump.suit_table, trump.key_table
    plain: dict[int, int] = {}
    for i in hand:
        if suit[i] != TRUMP:
            plain[suit[i]] = plain.get(suit[i], 0) + 1
    return sorted(hand, key=lambda i: (suit[i] == TRUMP, _POINTS[i], plain.get(suit[i], 99), key[i]))


class RandomBot(TableBot):
    """Plays a uniformly chosen legal follow; leads a random unit, or with ``throw_rate`` a random throw."""

    def __init__(self, seed: int | str | random.Random = 0, throw_rate: float = 0.15, declare_rate: float = 0.5):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.throw_rate = throw_rate
        self.declare_rate = declare_rate

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        options = declarations_for(view)
        if options and self.rng.random() < self.declare_rate:
            return self.rng.choice(options)
        return None

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self.rng.sample(list(view.hand), view.rules.kitty)

    def show_hand(self, view: PlayerView) -> bool:
        """A hopeless hand is shown (and redealt) with probability ``declare_rate``."""
        return self.rng.random() < self.declare_rate

    def call(self, view: PlayerView) -> Sequence[tuple[Card, int]]:
        from .round import friends_wanted

        pool = [c for c in deck(1) if not c.is_joker]
        cards = self.rng.sample(pool, friends_wanted(view.rules.players))
        return [(c, self.rng.randint(1, view.rules.decks)) for c in cards]

    def play(self, view: PlayerView) -> Sequence[Card]:
        assert view.trump is not None
        hand = _ids(view.hand)
        if view.leading:
            units = list(lead_units(hand, view.trump))
            choice = self.rng.choice(units)
            if self.rng.random() < self.throw_rate:
                suit = view.trump.suit_table
                same = [u for u in units if suit[u[0]] == suit[choice[0]] and u != choice]
                if same:
                    extra = self.rng.choice(same)
                    combined = choice + extra
                    counts = count_ids(combined)
                    held = count_ids(hand)
                    if all(c <= held[i] for i, c in counts.items()):
                        choice = combined
            return cards_of(choice)
        lead = _ids(view.trick[0])
        return cards_of(random_follow(hand, lead, view.trump, view.rules, self.rng))


class HeuristicBot(TableBot):
    """A sensible beginner (see the module docstring). Deterministic for a given view."""

    candidate_cap = 300

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        options = declarations_for(view)
        if not options:
            return None
        if view.phase == Phase.CHAO:
            return self._overturn(view, options)

        red = view.rules.red_fives if view.rank != "5" else ()  # red fives are trumps whatever the suit (RULES §11)

        def support(cards: tuple[Card, ...]) -> tuple[int, int]:
            suit = cards[0].suit
            held = sum(1 for c in view.hand if c.suit == suit or c.rank == view.rank or c.is_joker or c in red)
            return (len(cards), held)

        return max(options, key=support)

    def show_hand(self, view: PlayerView) -> bool:
        """Always: a hand without trumps (or points) is worth dealing again."""
        return True

    def _overturn(self, view: PlayerView, options: list[tuple[Card, ...]]) -> Sequence[Card] | None:
        """Chao dipi: overturn with the pair that gives the most trumps, if it gives at least 3 more than now."""
        assert view.trump is not None

        def trumps(trump: Trump) -> int:
            return sum(1 for c in view.hand if trump.is_trump(c))

        def under(cards: tuple[Card, ...]) -> Trump:
            return Trump(view.rank, None if cards[0].is_joker else cards[0].suit, view.rules.red_five)

        best = max(options, key=lambda cards: trumps(under(cards)))
        return best if trumps(under(best)) >= trumps(view.trump) + 3 else None

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self.burial_order(view)[: view.rules.kitty]

    def burial_order(self, view: PlayerView) -> list[Card]:
        """The hand in the order this bot would bury it: its burial is the first ``rules.kitty`` cards."""
        assert view.trump is not None
        return list(cards_of(burial_order_ids(view.trump, [c.id for c in view.hand])))

    def call(self, view: PlayerView) -> Sequence[tuple[Card, int]]:
        from .round import friends_wanted

        assert view.trump is not None
        want = friends_wanted(view.rules.players)
        out: list[tuple[Card, int]] = []
        for rank in ("A", "K", "Q"):
            for suit in "SHCD":
                card = Card(rank, suit)
                if view.trump.is_trump(card) or len(out) >= want:
                    continue
                held = sum(1 for c in view.hand if c is card)
                if held < view.rules.decks:
                    out.append((card, held + 1))
        return out[:want]

    # -- play -----------------------------------------------------------------------------

    def play(self, view: PlayerView) -> Sequence[Card]:
        assert view.trump is not None
        if view.leading:
            return self._lead(view, view.trump)
        return self._follow(view, view.trump)

    def _lead(self, view: PlayerView, trump: Trump) -> Sequence[Card]:
        hand = _ids(view.hand)
        suit, key = trump.suit_table, trump.key_table
        counts = unseen_counts(view)

        def unseen() -> list[Card]:
            """The unseen cards themselves (only a throw needs them)."""
            return [Card.from_id(i) for i, n in counts.items() for _ in range(n)]

        def boss(unit: list[int]) -> bool:
            """No unseen card (in any hand) can form a higher unit of this shape."""
            s = suit[unit[0]]
            held = {i: c for i, c in counts.items() if suit[i] == s}
            raw = decompose(unit, key)[0]
            for cand, _ in placements(held, key, raw[0], raw[1]):
                return cand[2] <= raw[2]
            return True

        units = list(lead_units(hand, trump))
        plain_bosses = [u for u in units if suit[u[0]] != TRUMP and boss(u)]
        # 1. a safe throw: every unit of it is a boss in its plain suit
        by_suit: dict[int, list[list[int]]] = {}
        for u in plain_bosses:
            by_suit.setdefault(suit[u[0]], []).append(u)
        for group in by_suit.values():
            throw = _disjoint_union(group, count_ids(hand))
            if len(decompose(throw, key)) > 1 and check_throw(cards_of(throw), [unseen()], trump, view.rules).ok:
                return cards_of(throw)
        # 2. a boss tractor or pair, 3. a boss single
        if plain_bosses:
            best = max(plain_bosses, key=lambda u: (len(u), key[u[0]]))
            return cards_of(best)
        # 4. a low card from the shortest plain suit, no points if possible
        plain = [i for i in hand if suit[i] != TRUMP]
        pool = plain or hand
        lengths = count_ids([suit[i] for i in pool])
        pick = min(pool, key=lambda i: (Card.from_id(i).points > 0, lengths[suit[i]], key[i]))
        return cards_of([pick])

    def _follow(self, view: PlayerView, trump: Trump) -> Sequence[Card]:
        rules = view.rules
        me = _trick_index(view)
        lead = view.trick[0]
        plays = list(view.trick)
        leader = view.leader if view.leader is not None else 0
        ids = [[c.id for c in p] for p in plays]
        current = winner_of(ids, trump, rules) if len(plays) > 1 else 0
        current_seat = (leader + current) % rules.players
        partner_winning = current_seat in view.partner_seats()
        on_table = sum(c.points for p in plays for c in p)
        candidates = self._candidates(view, trump, lead)

        def cost(play: Sequence[Card]) -> tuple[int, int]:
            return (strength_spent(play, trump), 0)

        def pts(play: Sequence[Card]) -> int:
            return sum(c.points for c in play)

        if partner_winning:
            return max(candidates, key=lambda p: (pts(p), -cost(p)[0]))
        winners = [p for p in candidates if winner_of([*ids, [c.id for c in p]], trump, rules) == me]
        last = me == rules.players - 1
        if winners and (on_table > 0 or last or any(pts(p) for p in winners)):
            return min(winners, key=lambda p: (cost(p)[0], -pts(p)))
        return min(candidates, key=lambda p: (pts(p), cost(p)[0]))

    def _candidates(self, view: PlayerView, trump: Trump, lead: Sequence[Card]) -> list[tuple[Card, ...]]:
        hand = list(view.hand)
        rules = view.rules
        n = len(lead)
        s = trump.suit_of(lead[0])
        in_suit = [c for c in hand if trump.suit_of(c) == s]
        if len(in_suit) >= n:
            out: list[tuple[Card, ...]] = []
            for play in legal_plays(hand, lead, trump, rules):
                out.append(play)
                if len(out) >= self.candidate_cap:
                    break
            return out
        others = [c for c in hand if trump.suit_of(c) != s]
        k = n - len(in_suit)
        cheap = sorted(others, key=lambda c: (c.points, trump.is_trump(c), trump.key(c)))
        rich = sorted(others, key=lambda c: (-c.points, trump.is_trump(c), trump.key(c)))
        options = {tuple(in_suit + cheap[:k]), tuple(in_suit + rich[:k])}
        if not in_suit and s != "trump":
            trumps = [c.id for c in hand if trump.is_trump(c)]
            fmt = decompose(_ids(lead), trump.key_table)
            if len(fmt) == 1 and len(trumps) >= n:
                length, width = fmt[0][0], fmt[0][1]
                for unit, _ in placements(count_ids(trumps), trump.key_table, length, width):
                    options.add(cards_of(unit[3]))
        return sorted(options, key=lambda p: [c.id for c in p])


def _disjoint_union(units: list[list[int]], held: dict[int, int]) -> list[int]:
    """Greedily combine units (largest first) while the hand holds the cards."""
    left = dict(held)
    out: list[int] = []
    for u in sorted(units, key=len, reverse=True):
        need = count_ids(u)
        if all(left.get(i, 0) >= c for i, c in need.items()):
            for i, c in need.items():
                left[i] -= c
            out.extend(u)
    return out
