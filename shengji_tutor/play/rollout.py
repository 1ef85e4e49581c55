"""Lean play-outs: the rest of a round played by the heuristic policy over card ids, for the search.

``play.search`` plays every candidate out on every sampled deal, so a play-out is
its inner loop. Driving a ``Round`` with ``HeuristicBot`` costs, at every one of
the ~75 decisions of a play-out, a ``PlayerView`` (the hand, the tricks and the
trick as cards), the bot's work on that view (the unseen cards counted again
from every trick, every follow judged by ``winner_of`` from the lead) and
``Round.apply``'s validation of a play the bot built legal. ``finish_round``
plays the same round out on a lean state instead, taken from the round through
its one hook for a driver, ``Round.play_state``:

- each hand is a copy of the round's list of ids (played from as ``Round`` plays
  from it: the order of the cards in a hand decides ties, so it is kept) with its
  copies per id and its cards per effective suit;
- the copies of each id not yet played, from which a player's unseen cards are
  its hand and (for the kitty holder) the buried cards away;
- the trick so far with its points and its winner so far (the class and top of the
  winning unit), updated play by play as ``winner_of`` would find them;
- the friends of Finding Friends, counted play by play as ``friends_revealed`` does.

The policy is ONE function over that state, ``heuristic_play(table, seat)``, which
mirrors ``HeuristicBot.play`` decision for decision: the same candidates in the
same order, the same keys, the same ties (``tests/test_rollout.py`` checks the two
agree, decision by decision and play-out by play-out, on many positions and rule
variants). **The two must change together**: a change to ``HeuristicBot``'s play
is a change to ``heuristic_play`` (or pass another policy to ``finish_round``).

The lean loop writes nothing of the round while it plays. At the end it gives
the finished tricks (``Trick`` values, as ``Round`` makes them) to
``Round.played_out``, which takes them as ``apply`` would have taken their plays
(the hands, the points won, the friends, the failed throws, the history) and
ends the round done, so that ``Round.score`` scores it exactly as before (RULES
§9: points, kitty bonus × multiplier, throw penalties, red fives, hook and
needle, level change).

Every ``RuleSet`` is played lean (decks 1–3, 4–8 players, Finding Friends,
red fives, both follow and throw rules, every kitty multiplier, penalties, hook
and needle): the variants reach the play through the trump's tables (decks, red
five), the engine functions the policy calls on ids (``_follows`` for the follows
of a lead of several cards, whatever the ``follow`` rule; ``tricks._splits`` for
a follow to a throw; ``winner_of`` itself for a throw judged unit by unit,
``throw_evaluation="all"``) and the scoring, which is ``Round``'s own. What the
lean loop does not re-judge: a follow the policy picks among the legal
candidates (``checked=True`` judges each, for the tests); a lead of more than one
card is judged against the other hands as ``Round`` judges it (a failed throw
plays its forced unit and is counted for the penalty). The one fallback: a
round not in its play phase (and every round inside ``reference_play_outs()``)
is played by ``finish_round_reference``, ``Round`` driven by ``HeuristicBot``,
the path the search took before.

To change the play-out policy: change ``HeuristicBot.play`` and ``heuristic_play``
together (``tests/test_rollout.py`` fails, naming the seed and the trick, until
they agree again), or give ``finish_round`` another ``Policy``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice

from ..engine.cards import N_CARD_IDS, Card, cards_of
from ..engine.ids import TRUMP, decompose, judge_follow, judge_throw, placements, winner_of
from ..engine.plays import _follows
from ..engine.rules import Partnership
from ..engine.tricks import _best_of, _splits
from ..engine.trump import Trump
from .actions import Play
from .bots import HeuristicBot
from .round import IllegalPlayError, Phase, Round, Trick

__all__ = [
    "Policy",
    "Table",
    "boss_lead",
    "finish_round",
    "finish_round_reference",
    "follows_of_many",
    "heuristic_play",
    "reference_play_outs",
]

_PLAIN_ORDER = (0, 1, 3, 2)
"""The plain suits in the order a hand sorted on screen meets them (♠ ♥ ♣ ♦): ``lead_units``' order."""

_TUPLE, _TRACTOR, _THROW, _THROW_ALL = 0, 1, 2, 3
"""What a trick was led with, as ``winner_of`` tells plays apart: one card or identical cards, one tractor, a throw
judged by its largest component (``throw_evaluation="highest"``), a throw every unit of which must be beaten
(``"all"``: ``winner_of`` judges each play)."""


class _Tables:
    """Per-id tables of one trump, built once (``_tables``): what the policy looks up for every card."""

    __slots__ = (
        "by_order",
        "cheap",
        "key",
        "order",
        "plain",
        "pos",
        "ps",
        "pt",
        "pts",
        "rich",
        "sp",
        "strength",
        "suit",
    )

    def __init__(self, trump: Trump) -> None:
        suit, key, order = trump.suit_table, trump.key_table, trump.order_table
        ids = range(N_CARD_IDS)
        pts = tuple(Card.from_id(i).points for i in ids)
        strength = tuple(key[i] + (20 if suit[i] == TRUMP else 0) for i in ids)  # ``strength_spent`` of one card
        self.suit, self.key, self.order, self.pts, self.strength = suit, key, order, pts, strength
        self.pos = tuple(p > 0 for p in pts)
        self.ps = tuple((pts[i], -strength[i]) for i in ids)
        self.sp = tuple((strength[i], -pts[i]) for i in ids)
        self.pt = tuple((pts[i], strength[i]) for i in ids)
        self.cheap = tuple((pts[i], suit[i] == TRUMP, key[i]) for i in ids)
        self.rich = tuple((-pts[i], suit[i] == TRUMP, key[i]) for i in ids)
        self.by_order = tuple(tuple(sorted((i for i in ids if suit[i] == s), key=order.__getitem__)) for s in range(5))
        plain = []
        for s in range(4):
            mine = sorted((i for i in ids if suit[i] == s), key=key.__getitem__)
            assert [key[i] for i in mine] == list(range(len(mine)))  # a plain suit: one id per key, from 0
            plain.append(tuple(mine))
        self.plain = tuple(plain)


_TABLES: dict[Trump, _Tables] = {}


def _tables(trump: Trump) -> _Tables:
    tables = _TABLES.get(trump)
    if tables is None:
        tables = _TABLES[trump] = _Tables(trump)
    return tables


class Table:
    """The lean state of a round in its play phase, on ``rnd``'s own hands (see the module docstring).

    What a policy reads: ``n`` players, ``trump``, ``rules``, ``tables`` (per-id
    suit, key, order, points, strength), ``hands`` (each seat's ids, in the round's
    order), ``counts`` (each seat's copies per id), ``lengths`` (each seat's cards
    per effective suit), ``left`` (copies of each id not yet played), ``holder`` and
    ``buried`` (the kitty holder and its buried copies per id), ``leader``,
    ``trick`` (the plays so far, id lists), ``trick_points``, ``lead_suit``,
    ``win`` (the index in the trick of the play winning so far) and ``wcls``,
    ``wtop`` (its class, 1 trump / 0 led suit, and its compared unit's top key),
    ``fixed`` (fixed partnerships), ``dealer`` and ``friends``.
    """

    __slots__ = (
        "_attempted",
        "_called",
        "_calls",
        "_cards",
        "_kind",
        "_shape",
        "_shapes",
        "buried",
        "counts",
        "dealer",
        "fixed",
        "friends",
        "hands",
        "holder",
        "lead_suit",
        "leader",
        "left",
        "lengths",
        "n",
        "played",
        "rules",
        "tables",
        "trick",
        "trick_points",
        "trump",
        "voids",
        "wcls",
        "win",
        "wtop",
    )

    def __init__(self, rnd: Round) -> None:
        assert rnd.trump is not None
        assert rnd.dealer is not None
        state = rnd.play_state()
        self.n = n = rnd.players
        self.rules = rnd.rules
        self.trump = rnd.trump
        self.tables = tb = _tables(rnd.trump)
        suit = tb.suit
        self.hands = hands = state.hands
        self.counts = [[0] * N_CARD_IDS for _ in range(n)]
        self.lengths = [[0] * 5 for _ in range(n)]
        for seat in range(n):
            counts, lengths = self.counts[seat], self.lengths[seat]
            for i in hands[seat]:
                counts[i] += 1
                lengths[suit[i]] += 1
        self._see_played(rnd, state.trick)
        self.holder = state.kitty_holder
        self.buried = [0] * N_CARD_IDS
        for i in state.buried:
            self.buried[i] += 1
        self.fixed = rnd.rules.partnership == Partnership.FIXED
        self.dealer = rnd.dealer
        self.friends = list(rnd.friends)
        self._calls = state.calls
        called = [0] * len(self._calls)
        for _, shown in state.called_plays:
            for c in shown:
                for k, (cid, _) in enumerate(self._calls):
                    if c.id == cid:
                        called[k] += 1
        self._called = called
        self._attempted = None if state.attempted is None else list(state.attempted)
        self.leader = rnd.leader
        self.played: list[Trick] = []
        """The tricks finished by the play-out (the trick in progress first), for ``Round.played_out``."""
        self.trick: list[list[int]] = []
        self.trick_points = 0
        self.lead_suit = TRUMP
        self.win = self.wcls = self.wtop = 0
        self._kind = _TUPLE
        self._shape = (1, 1)
        self._shapes: list[tuple[int, int]] = []
        self._cards: list[tuple[Card, ...]] = []
        """The trick's plays as cards, for its ``Trick``."""
        for ids in state.trick:
            self._see(list(ids))
            self._cards.append(cards_of(ids))

    def _see_played(self, rnd: Round, trick: tuple[tuple[int, ...], ...]) -> None:
        """The cards played before the play-out (the finished tricks and the trick so far): the copies of each id
        ``left``, and the ``voids`` the follows showed."""
        self.left = left = [rnd.rules.decks] * N_CARD_IDS
        self.voids: list[set[int]] = [set() for _ in range(self.n)]
        """The effective suits each seat has shown it lacks (it played fewer of the led suit than the lead had)."""
        tricks = [(t.leader, [[c.id for c in cards] for cards in t.plays]) for t in rnd.tricks]
        tricks.append((rnd.leader, [list(ids) for ids in trick]))
        for leader, plays in tricks:
            for ids in plays:
                for i in ids:
                    left[i] -= 1
            self._see_voids(leader, plays)

    def _see_voids(self, leader: int, plays: list[list[int]]) -> None:
        if not plays:
            return
        suit = self.tables.suit
        led, size = suit[plays[0][0]], len(plays[0])
        for k, ids in enumerate(plays[1:], 1):
            if sum(1 for i in ids if suit[i] == led) < size:
                self.voids[(leader + k) % self.n].add(led)

    # -- the trick's winner so far, as ``winner_of`` finds it ------------------------------------------------

    def _see(self, ids: list[int]) -> None:
        """A play joins the trick: its points, and the winner so far."""
        tb = self.tables
        trick = self.trick
        trick.append(ids)
        pts = tb.pts
        got = 0
        for i in ids:
            got += pts[i]
        self.trick_points += got
        if len(trick) == 1:
            suit, key = tb.suit, tb.key
            s = self.lead_suit = suit[ids[0]]
            self.win, self.wcls = 0, 1 if s == TRUMP else 0
            if ids.count(ids[0]) == len(ids):
                self._kind, self.wtop = _TUPLE, key[ids[0]]
            else:
                units = decompose(ids, key)
                self.wtop, self._shape = units[0][2], (units[0][0], units[0][1])  # the largest led component
                if len(units) == 1:
                    self._kind = _TRACTOR
                elif self.rules.throw_evaluation == "highest":
                    self._kind = _THROW
                    self._shapes = [(u[0], u[1]) for u in units if u[1] > 1]
                else:
                    self._kind = _THROW_ALL
        elif self._kind == _THROW_ALL:
            self.win = winner_of(trick, self.trump, self.rules)
        else:
            rank = self.rank(ids)
            if rank is not None and rank > (self.wcls, self.wtop):
                self.win = len(trick) - 1
                self.wcls, self.wtop = rank

    def rank(self, ids: list[int]) -> tuple[int, int] | None:
        """A follow's (class, top) as ``winner_of`` compares it with the winner so far (it wins when higher), or
        ``None`` when it cannot win (off-suit, or not the lead's shape): for a throw, the highest unit of its
        largest component's shape over the ways to split the play into the throw's units. Not for a throw
        judged unit by unit (``throw_evaluation="all"``)."""
        suit = self.tables.suit
        c = ids[0]
        cs = suit[c]
        if self._kind == _TUPLE:
            cls = 1 if cs == TRUMP else (0 if cs == self.lead_suit else -1)
            if cls < 0:
                return None
            for x in ids:
                if suit[x] != cs:
                    return None
            if ids.count(c) != len(ids):
                return None
            return (cls, self.tables.key[c])
        for x in ids:
            if suit[x] != cs:
                return None
        if cs != self.lead_suit and cs != TRUMP:
            return None
        key = self.tables.key
        if self._kind == _TRACTOR:
            mine = decompose(ids, key)
            if len(mine) == 1 and (mine[0][0], mine[0][1]) == self._shape:
                return (1 if cs == TRUMP else 0, mine[0][2])
            return None
        best = -1
        counts: dict[int, int] = {}
        for i in ids:
            counts[i] = counts.get(i, 0) + 1
        for split in _splits(counts, key, self._shapes):
            top = _best_of(split, self._shape)[2]
            if top > best:
                best = top
        return None if best < 0 else (1 if cs == TRUMP else 0, best)

    def wins(self, ids: list[int]) -> bool:
        """Whether ``ids``, played next, would win the trick so far (``winner_of`` of the trick with it)."""
        if self._kind == _THROW_ALL:
            return winner_of([*self.trick, ids], self.trump, self.rules) == len(self.trick)
        rank = self.rank(ids)
        return rank is not None and rank > (self.wcls, self.wtop)

    # -- playing ------------------------------------------------------------------------------------------

    def play(self, seat: int, ids: list[int], checked: bool = False) -> bool:
        """``seat`` plays ``ids`` (a lead of several cards is judged as ``Round`` judges it); True once the round
        is done. With ``checked`` a follow is judged too (``IllegalPlayError`` as ``Round`` raises it)."""
        trick = self.trick
        attempted = None
        if not trick:
            if len(ids) > 1:
                others = [self.hands[(seat + k) % self.n] for k in range(1, self.n)]
                verdict = judge_throw(ids, others, self.trump)
                if not verdict.ok:
                    attempted, ids = ids, [c.id for c in verdict.forced]
                    self._attempted = attempted
        elif checked:
            hand = self.hands[seat]
            if len(ids) != len(trick[0]) or any(ids.count(i) > hand.count(i) for i in ids):
                raise IllegalPlayError(f"the policy played {cards_of(ids)} from {cards_of(hand)}")
            follow = judge_follow(hand, trick[0], ids, self.trump, self.rules)
            if not follow:
                raise IllegalPlayError(f"the policy's follow {cards_of(ids)} is illegal: {follow.reason}")
        cards = cards_of(ids)
        self._cards.append(cards)
        hand, counts, lengths, left, suit = (
            self.hands[seat],
            self.counts[seat],
            self.lengths[seat],
            self.left,
            self.tables.suit,
        )
        for i in ids:
            hand.remove(i)
            counts[i] -= 1
            lengths[suit[i]] -= 1
            left[i] -= 1
        if self._calls:
            self._see_calls(seat, ids)
        if trick:
            led = suit[trick[0][0]]
            if sum(1 for i in ids if suit[i] == led) < len(trick[0]):
                self.voids[seat].add(led)
        self._see(ids)
        if len(trick) < self.n:
            return False
        return self._finish_trick()

    def _see_calls(self, seat: int, ids: list[int]) -> None:
        """Finding Friends: ``friends_revealed``, one play on (``Round._see_calls``)."""
        calls = self._calls
        if not any(cid in ids for cid, _ in calls):
            return
        called, friends = self._called, self.friends
        for i in ids:
            for k, (cid, ordinal) in enumerate(calls):
                if i == cid:
                    called[k] += 1
                    if called[k] == ordinal and seat != self.dealer and seat not in friends:
                        friends.append(seat)

    def _finish_trick(self) -> bool:
        """``Round._finish_trick``: the trick joins ``played``; True when the hands are empty."""
        winner = (self.leader + self.win) % self.n
        attempted = cards_of(self._attempted) if self._attempted is not None else None
        self.played.append(Trick(self.leader, tuple(self._cards), winner, self.trick_points, attempted))
        self._attempted = None
        self.trick = []
        self._cards = []
        self.trick_points = 0
        self.leader = winner
        return not self.hands[winner]


Policy = Callable[[Table, int], list[int]]
"""A play-out policy: the ids ``seat`` plays now (a lead when ``table.trick`` is empty); a legal follow."""


# -- the policy: HeuristicBot.play over the lean state ---------------------------------------------------------


def heuristic_play(table: Table, seat: int) -> list[int]:
    """``HeuristicBot.play`` over the lean state: the same play (the same cards, in the same order) as the bot
    gives for ``seat``'s view of the round. Kept in step with ``HeuristicBot`` by ``tests/test_rollout.py``.

    Leads (``HeuristicBot._lead``): a throw of a plain suit's boss units when the unseen cards cannot beat it,
    else the largest (then highest) boss unit of a plain suit, else a low card of the shortest plain suit.
    Follows (``HeuristicBot._follow``): the candidates of ``HeuristicBot._candidates``; the one giving most
    points to a partner winning the trick, else the cheapest winner when the trick is worth it, else the
    cheapest and poorest play.
    """
    if table.trick:
        return _follow(table, seat)
    return _lead(table, seat)


def _highest(unseen: list[int], length: int, width: int) -> int:
    """The top key of the highest unit of ``length`` tuples of ``width`` the copies per key can form, else -1."""
    for top in range(len(unseen) - 1, length - 2, -1):
        for j in range(length):
            if unseen[top - j] < width:
                break
        else:
            return top
    return -1


def _plain_bosses(mine: list[int], unseen: list[int], ids: tuple[int, ...]) -> list[list[int]]:
    """A plain suit's units in the hand (copies per key ``mine``) that no unseen cards can beat, in
    ``lead_units``' order: singles, then for each width its tuples and its tractors by length, high to low."""
    held = [k for k in range(len(mine) - 1, -1, -1) if mine[k]]
    out: list[list[int]] = []
    above = _highest(unseen, 1, 1)
    for k in held:
        if k >= above:
            out.append([ids[k]])
    for width in range(2, max(mine) + 1):
        above = _highest(unseen, 1, width)
        for k in held:
            if mine[k] >= width and k >= above:
                out.append([ids[k]] * width)
        for length in range(2, len(held) + 1):
            found = False
            above = -2
            for top in held:
                if top - length + 1 < 0 or mine[top] < width:
                    continue
                for j in range(1, length):
                    if mine[top - j] < width:
                        break
                else:
                    found = True
                    if above == -2:
                        above = _highest(unseen, length, width)
                    if top >= above:
                        out.append([ids[top - j] for j in range(length) for _ in range(width)])
            if not found:
                break
    return out


def _lead(table: Table, seat: int) -> list[int]:
    """``HeuristicBot._lead``."""
    boss = boss_lead(table, seat)
    if boss is not None:
        return boss
    tb = table.tables
    key = tb.key
    hand = table.hands[seat]
    lengths = table.lengths[seat]
    # 4. a low card from the shortest plain suit, no points if possible
    suit, pos = tb.suit, tb.pos
    plain = lengths[0] or lengths[1] or lengths[2] or lengths[3]
    pool = [i for i in hand if suit[i] != TRUMP] if plain else hand
    return [min(pool, key=lambda i: (pos[i], lengths[suit[i]], key[i]))]


def boss_lead(table: Table, seat: int) -> list[int] | None:
    """``HeuristicBot._lead``'s first choices: a throw of a plain suit's boss units when the unseen cards cannot
    beat it, else the largest (then highest) boss unit of a plain suit; ``None`` when the hand has no plain boss."""
    tb = table.tables
    key = tb.key
    counts = table.counts[seat]
    lengths = table.lengths[seat]
    left = table.left
    buried = table.buried if seat == table.holder else None
    best: list[int] | None = None
    best_rank = (0, 0)
    for s in _PLAIN_ORDER:
        if not lengths[s]:
            continue
        ids = tb.plain[s]
        mine = [counts[i] for i in ids]
        if buried is None:
            unseen = [left[i] - counts[i] for i in ids]
        else:
            unseen = [left[i] - counts[i] - buried[i] for i in ids]
        bosses = _plain_bosses(mine, unseen, ids)
        if not bosses:
            continue
        if len(bosses) > 1:  # 1. a safe throw: the suit's boss units together, if the unseen cards cannot beat it
            throw = _disjoint_union(bosses, dict(zip(ids, mine, strict=True)))
            units = decompose(throw, key)
            if len(units) > 1 and all(_highest(unseen, u[0], u[1]) <= u[2] for u in units):
                return throw
        for u in bosses:  # 2. a boss tractor or pair, 3. a boss single (the first of the largest, highest)
            rank = (len(u), key[u[0]])
            if best is None or rank > best_rank:
                best, best_rank = u, rank
    return list(best) if best is not None else None


def _disjoint_union(units: list[list[int]], held: dict[int, int]) -> list[int]:
    """``bots._disjoint_union``: the units, largest first, while the hand holds their cards."""
    out: list[int] = []
    for u in sorted(units, key=len, reverse=True):
        need: dict[int, int] = {}
        for i in u:
            need[i] = need.get(i, 0) + 1
        if all(held.get(i, 0) >= c for i, c in need.items()):
            for i, c in need.items():
                held[i] -= c
            out.extend(u)
    return out


def _partner_winning(table: Table, seat: int) -> bool:
    """Whether the seat winning the trick so far is known to be on ``seat``'s side (``PlayerView.partner_seats``)."""
    current = (table.leader + table.win) % table.n
    if table.fixed:
        return current != seat and current % 2 == seat % 2
    if seat != table.dealer and seat not in table.friends:
        return False
    return current != seat and (current == table.dealer or current in table.friends)


def _follow(table: Table, seat: int) -> list[int]:
    """``HeuristicBot._follow``."""
    trick = table.trick
    lead = trick[0]
    n = len(lead)
    s = table.lead_suit
    tb = table.tables
    partner = _partner_winning(table, seat)
    worth = table.trick_points > 0 or len(trick) == table.n - 1  # points on the table, or the last to play
    if n == 1:
        return [_follow_single(table, seat, s, partner, worth)]
    plays = follows_of_many(table, seat)
    pts, strength = tb.pts, tb.strength
    got = [sum(pts[i] for i in p) for p in plays]
    spent = [sum(strength[i] for i in p) for p in plays]
    every = range(len(plays))
    if partner:
        return plays[max(every, key=lambda j: (got[j], -spent[j]))]
    winners = [j for j in every if table.wins(plays[j])]
    if winners and (worth or any(got[j] for j in winners)):
        return plays[min(winners, key=lambda j: (spent[j], -got[j]))]
    return plays[min(every, key=lambda j: (got[j], spent[j]))]


def follows_of_many(table: Table, seat: int) -> list[list[int]]:
    """``HeuristicBot._candidates`` for a lead of several cards: the legal follows (up to the bot's cap, each in
    trump order) when the hand holds enough of the led suit, else ``_short``'s few."""
    tb = table.tables
    lead = table.trick[0]
    hand = table.hands[seat]
    if table.lengths[seat][table.lead_suit] >= len(lead):
        order = tb.order.__getitem__
        return [sorted(p, key=order) for p in islice(_follows(hand, lead, table.trump, table.rules), _cap())]
    return [list(p) for p in _short(table, hand, lead, table.lead_suit)]


def _cap() -> int:
    return HeuristicBot.candidate_cap


def _follow_single(table: Table, seat: int, s: int, partner: bool, worth: bool) -> int:
    """``HeuristicBot._follow`` to a lead of one card: the candidates are single ids."""
    tb = table.tables
    suit, key = tb.suit, tb.key
    wcls, wtop = table.wcls, table.wtop
    if table.lengths[seat][s]:  # every card of the suit, high to low (``legal_plays``)
        counts = table.counts[seat]
        plays = [i for i in tb.by_order[s] if counts[i]]
        if partner:
            return max(plays, key=tb.ps.__getitem__)
        cls = 1 if s == TRUMP else 0
        winners = [i for i in plays if key[i] > wtop] if cls == wcls else []
    else:  # void: the cheapest card, the richest, and (void in a plain suit) each trump, in id order
        hand = table.hands[seat]
        options = {min(hand, key=tb.cheap.__getitem__), min(hand, key=tb.rich.__getitem__)}
        if s != TRUMP and table.lengths[seat][TRUMP]:
            options.update(i for i in hand if suit[i] == TRUMP)
        plays = sorted(options)
        if partner:
            return max(plays, key=tb.ps.__getitem__)
        winners = []
        for i in plays:
            cs = suit[i]
            cls = 1 if cs == TRUMP else (0 if cs == s else -1)
            if cls >= 0 and (cls > wcls or (cls == wcls and key[i] > wtop)):
                winners.append(i)
    if winners:
        if worth:
            return min(winners, key=tb.sp.__getitem__)
        pts = tb.pts
        for i in winners:
            if pts[i]:
                return min(winners, key=tb.sp.__getitem__)
    return min(plays, key=tb.pt.__getitem__)


def _short(table: Table, hand: list[int], lead: list[int], s: int) -> list[tuple[int, ...]]:
    """``HeuristicBot._candidates`` when the hand holds fewer cards of the led suit than the lead: all of them,
    filled up with the cheapest or the richest others, and (void in a plain suit) each trump unit of the lead's
    shape; in id order."""
    tb = table.tables
    suit = tb.suit
    n = len(lead)
    in_suit = [i for i in hand if suit[i] == s]
    others = [i for i in hand if suit[i] != s]
    k = n - len(in_suit)
    cheap = sorted(others, key=tb.cheap.__getitem__)
    rich = sorted(others, key=tb.rich.__getitem__)
    options = {tuple(in_suit + cheap[:k]), tuple(in_suit + rich[:k])}
    if not in_suit and s != TRUMP:
        trumps = [i for i in hand if suit[i] == TRUMP]
        fmt = decompose(lead, tb.key)
        if len(fmt) == 1 and len(trumps) >= n:
            held: dict[int, int] = {}
            for i in trumps:
                held[i] = held.get(i, 0) + 1
            for unit, _ in placements(held, tb.key, fmt[0][0], fmt[0][1]):
                options.add(unit[3])
    return sorted(options)


# -- playing out -------------------------------------------------------------------------------------------


def finish_round(rnd: Round, policy: Policy | None = None, checked: bool = False) -> None:
    """Play ``rnd`` to its end in place, every seat by ``policy`` (by default ``heuristic_play``, which plays as
    ``HeuristicBot`` does), on the lean state; the round ends in its ``"done"`` phase, ready to score.

    A round not in its play phase falls back to ``finish_round_reference``; so does every round inside
    ``reference_play_outs()``. ``checked`` judges every follow as ``Round`` would (for tests).
    """
    if _REFERENCE[0] or rnd.phase != Phase.PLAY or rnd.trump is None or rnd.dealer is None:
        finish_round_reference(rnd)
        return
    table = Table(rnd)
    choose = policy or heuristic_play
    n = table.n
    while not table.play(seat := (table.leader + len(table.trick)) % n, choose(table, seat), checked):
        pass
    rnd.played_out(table.played)


def finish_round_reference(rnd: Round) -> None:
    """The round played out by ``Round`` and ``HeuristicBot`` in every seat: a ``PlayerView`` per decision, every
    play validated (the search's play-outs before ``finish_round``; what the lean loop is tested against)."""
    bot = HeuristicBot()
    while rnd.phase != Phase.DONE:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(Play(seat, tuple(bot.play(rnd.view(seat)))))


_REFERENCE = [False]


@contextmanager
def reference_play_outs() -> Iterator[None]:
    """Within it, ``finish_round`` (and so ``search.play_out``) plays out by ``finish_round_reference``: the old
    path, for the tests and the benchmark to compare with."""
    before = _REFERENCE[0]
    _REFERENCE[0] = True
    try:
        yield
    finally:
        _REFERENCE[0] = before
