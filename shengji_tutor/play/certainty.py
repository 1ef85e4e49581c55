"""Who can still beat a trick: certainty from what one player knows, never from the hidden hands.

A coach that says "your partner is sure to win, give him your ten" must be
right on every deal the player cannot rule out, not on most of them: a sampled
deal can only say "probably". This module answers exactly, from the same facts
``play.sampler.Knowledge`` collects from a ``PlayerView`` — the unseen cards,
how many each hidden holder has (the kitty, ``STOCK``, is in nobody's hand),
and the suits each seat has shown it lacks (RULES §6: a seat that did not
follow suit has none left; one that did not follow a trump lead has no trump).

``beaters(view, play)`` asks, for each seat still to play after ``play``:
is there a deal of the unseen cards agreeing with those facts on which this
seat holds a legal play that beats the trick's winner (RULES §7)? Two ways:

- **follow and beat** (the winner is in the led suit): the seat holds, in the
  led suit, a unit of the lead's largest shape higher than the winner's, and the
  rest of the lead's format from the same suit. Holding exactly those cards of
  the suit it must play them all, so such a play is always legal (RULES §6);
- **ruff** (the led suit is plain): the seat is void in it — known, or merely
  possible — and holds trumps in the lead's format that beat the winner.

Whether a seat can hold some cards is a question of counts per effective
suit only: the other hidden holders must take the rest of the unseen cards,
each within its size and outside its voids, which is a transport problem decided
by Hall's condition over the five effective suits. A unit higher than the
winner's is found with the engine's own ``placements`` and judged with its
own ``winner_of``, so singles, pairs and tractors are answered exactly. What is
left out only makes the answer more cautious: the cards a declaration or a failed
throw showed (a seat may be counted able to hold a card another seat is known to
hold), and, for throws (甩牌 shuǎipái), the variant ``throw_evaluation="all"``
(any play in the format counts as able to beat) and a throw the player leads
that might fail (every seat that could beat one of its units counts, as could
any seat that beats the unit the leader would then be made to play).

>>> from shengji_tutor import HeuristicBot, Round
>>> from shengji_tutor.play.certainty import beaters, current_winner, sure_winner
>>> from shengji_tutor.play.game import prepare_round
>>> rnd = Round(seed=3, dealer=0)
>>> prepare_round(rnd, [HeuristicBot()] * 4)
>>> view = rnd.view(0)
>>> beaters(view, view.hand[-1:])  # a low plain card led: the other three seats could beat it
(1, 2, 3)
>>> current_winner(view) is None, sure_winner(view, view.hand[-1:])
(True, None)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from ..engine.cards import Card
from ..engine.ids import TRUMP, RawUnit, count_ids, decompose, placements, winner_of
from ..engine.rules import RuleSet
from ..engine.trump import Trump
from .round import Phase, PlayerView
from .sampler import Knowledge

__all__ = ["beaters", "current_winner", "side_sure", "sure_winner"]

_SUITS = 5
"""Effective suits in the id layer: the four plain suits (0..3) and ``TRUMP`` (4)."""
_WORK = 2_000
"""Placements a search for a throw's format may try before it assumes the format can be made (cautious)."""


def current_winner(view: PlayerView) -> int | None:
    """The seat winning the trick so far (RULES §7), or ``None`` when nothing is played yet.

    >>> from shengji_tutor import HeuristicBot, Round
    >>> from shengji_tutor.play.certainty import current_winner
    >>> from shengji_tutor.play.game import prepare_round
    >>> rnd = Round(seed=3, dealer=0)
    >>> prepare_round(rnd, [HeuristicBot()] * 4)
    >>> rnd.play(0, HeuristicBot().play(rnd.view(0))) and current_winner(rnd.view(1))
    0
    """
    if not view.trick:
        return None
    trump = _trump(view)
    leader = view.leader if view.leader is not None else view.seat
    index = winner_of([[c.id for c in p] for p in view.trick], trump, view.rules)
    return (leader + index) % view.rules.players


def beaters(view: PlayerView, play: Sequence[Card]) -> tuple[int, ...]:
    """The seats after ``play`` that could, on some deal the player cannot rule out, beat the trick's winner.

    ``play`` is what the view's seat plays now: a follow to the trick so far, or a
    lead. Seats are given in play order; the last to play gets ``()``. The answer
    never leaves out a seat that could beat the winner (see the module docstring
    for where it is more cautious than that).
    """
    trump = _trump(view)
    rules = view.rules
    n = rules.players
    mine = [c.id for c in play]
    if not mine:
        raise ValueError("a play needs at least one card")
    plays = [[c.id for c in p] for p in view.trick] + [mine]
    leader = view.leader if view.trick and view.leader is not None else view.seat
    later = [(leader + k) % n for k in range(len(plays), n)]
    if not later:
        return ()
    table = _Table(Knowledge.of(view), trump)
    found = set(_beating(plays, later, table, trump, rules))
    units = decompose(mine, trump.key_table)
    if len(plays) == 1 and len(units) > 1:
        # A throw may fail on some deals (RULES §8): then a unit of it is led alone, and whoever can beat that
        # unit may take the trick. Each unit someone could beat in its suit is a lead that may happen.
        for unit in units:
            alone = [list(unit.ids)]
            if any(_beating(alone, later, table, trump, rules, ruffs=False)):
                found.update(_beating(alone, later, table, trump, rules))
    return tuple(seat for seat in later if seat in found)


def sure_winner(view: PlayerView, play: Sequence[Card]) -> int | None:
    """The seat certain to win the trick after ``play``: its winner so far, when no later seat can beat it.

    A later partner of the winner who could beat it counts too: the winner is then not certain (``side_sure``
    asks the question a partner cares about).
    """
    if beaters(view, play):
        return None
    return _winner_after(view, play)


def side_sure(view: PlayerView, play: Sequence[Card]) -> bool:
    """Whether the trick is certain to go to the view's side after ``play``.

    Its winner is the player or a partner, and every later seat that could beat
    that winner is a partner too: a partner who beats it keeps the trick on the
    side, and an opponent who cannot beat the winner cannot beat a higher play.
    """
    side = {view.seat, *view.partner_seats()}
    if _winner_after(view, play) not in side:
        return False
    return all(seat in side for seat in beaters(view, play))


# -- the work ------------------------------------------------------------------------------------


def _trump(view: PlayerView) -> Trump:
    if view.phase != Phase.PLAY or view.trump is None:
        raise ValueError(f"who can beat a trick is asked during the play, not in the '{view.phase}' phase")
    return view.trump


def _winner_after(view: PlayerView, play: Sequence[Card]) -> int:
    trump = _trump(view)
    plays = [[c.id for c in p] for p in view.trick] + [[c.id for c in play]]
    leader = view.leader if view.trick and view.leader is not None else view.seat
    return (leader + winner_of(plays, trump, view.rules)) % view.rules.players


class _Table:
    """The unseen cards counted per effective suit, and who may hold how many of which (from a ``Knowledge``)."""

    def __init__(self, knowledge: Knowledge, trump: Trump) -> None:
        suit = trump.suit_table
        self.counts = count_ids(list(knowledge.unseen))
        """Copies of each unseen card id."""
        self.left = [0] * _SUITS
        for cid, copies in self.counts.items():
            self.left[suit[cid]] += copies
        self.caps = dict(knowledge.sizes)
        everything = frozenset(range(_SUITS))
        self.allowed = {h: everything - knowledge.voids.get(h, frozenset()) for h in self.caps}
        self.holds: dict[int, set[int]] = {}
        """Suits a seat is known to hold a card of (a single-holder fact: it cannot be void there)."""
        for fact in knowledge.facts:
            if len(fact.holders) == 1:
                (holder,) = fact.holders
                self.holds.setdefault(holder, set()).add(suit[fact.card_id])
        self.consistent = sum(self.caps.values()) == sum(self.left)
        self._memo: dict[tuple[int, int, int, int], bool] = {}

    def of_suit(self, s: int, trump: Trump) -> dict[int, int]:
        suit = trump.suit_table
        return {cid: c for cid, c in self.counts.items() if suit[cid] == s}

    def can_hold(self, seat: int, s: int, count: int, void: int = -1) -> bool:
        """Whether some deal gives ``seat`` ``count`` cards of suit ``s`` (and none of suit ``void``, when given)."""
        memo = (seat, s, count, void)
        if memo not in self._memo:
            self._memo[memo] = self._can_hold(seat, s, count, void)
        return self._memo[memo]

    def _can_hold(self, seat: int, s: int, count: int, void: int) -> bool:
        allowed = dict(self.allowed)
        if seat not in allowed or s not in allowed[seat] or self.caps[seat] < count or self.left[s] < count:
            return False
        if void >= 0:
            if void in self.holds.get(seat, ()):
                return False
            allowed[seat] = allowed[seat] - {void}
        if not self.consistent:
            return True  # cautious: the counts do not add up, so do not rule anything out
        rem = list(self.left)
        rem[s] -= count
        caps = dict(self.caps)
        caps[seat] -= count
        # Hall's condition: every set of suits fits in the room of the holders that may hold one of them
        needed = [x for x in range(_SUITS) if rem[x]]
        for size in range(1, len(needed) + 1):
            for group in combinations(needed, size):
                room = sum(cap for h, cap in caps.items() if not allowed[h].isdisjoint(group))
                if sum(rem[x] for x in group) > room:
                    return False
        return True


def _beating(
    plays: list[list[int]], later: Sequence[int], table: _Table, trump: Trump, rules: RuleSet, ruffs: bool = True
) -> Iterator[int]:
    """Each seat of ``later`` that could beat the winner of ``plays`` (a trick so far, lead first); with
    ``ruffs=False`` only by following suit."""
    suit, key = trump.suit_table, trump.key_table
    lead = plays[0]
    led = suit[lead[0]]
    n = len(lead)
    units = decompose(lead, key)
    w = winner_of(plays, trump, rules)
    ruffed = suit[plays[w][0]] == TRUMP and led != TRUMP
    base = [lead] if w == 0 else [lead, plays[w]]
    loose = len(units) > 1 and rules.throw_evaluation != "highest"

    def beats(s: int) -> bool:
        """Some play in the lead's format, of unseen cards of suit ``s``, beats the winner (RULES §7)."""
        cards, exhausted = _best_format(table.of_suit(s, trump), key, units)
        if cards is None:
            return exhausted  # a search cut short cannot rule the format out
        if loose:
            return True  # the variant compares every unit: any play in the format is counted able to beat
        return winner_of([*base, cards], trump, rules) == len(base)

    follow = not ruffed and beats(led)
    ruff = ruffs and led != TRUMP and beats(TRUMP)
    for seat in later:
        if (follow and table.can_hold(seat, led, n)) or (ruff and table.can_hold(seat, TRUMP, n, void=led)):
            yield seat


def _best_format(counts: dict[int, int], key: Sequence[int], units: Sequence[RawUnit]) -> tuple[list[int] | None, bool]:
    """Cards from ``counts`` in the format of the lead's ``units`` whose unit of the largest led shape is as high
    as can be, and whether the search was cut short (then ``None`` does not mean that no such cards exist).

    The highest unit of that shape that leaves room for the rest of the format is tried first, so the play
    found is the strongest the cards allow: RULES §7 compares only that unit (by default)."""
    first, rest = units[0], [(u[0], u[1]) for u in units[1:]]
    budget = [_WORK]
    for unit, chosen in placements(counts, key, first[0], first[1]):
        left = dict(counts)
        for cid in chosen:
            left[cid] -= first[1]
        filler = _fill(left, key, rest, budget)
        if filler is not None:
            return list(unit.ids) + filler, False
        if budget[0] <= 0:
            return None, True
    return None, False


def _fill(
    counts: dict[int, int], key: Sequence[int], shapes: Sequence[tuple[int, int]], budget: list[int]
) -> list[int] | None:
    """Cards from ``counts`` forming units of ``shapes`` (largest first, singles last), or ``None``."""
    if not shapes:
        return []
    length, width = shapes[0]
    if (length, width) == (1, 1):
        spare = [cid for cid, c in counts.items() for _ in range(c)]
        return spare[: len(shapes)] if len(spare) >= len(shapes) else None
    for unit, chosen in placements(counts, key, length, width):
        budget[0] -= 1
        if budget[0] <= 0:
            return None
        for cid in chosen:
            counts[cid] -= width
        rest = _fill(counts, key, shapes[1:], budget)
        for cid in chosen:
            counts[cid] += width
        if rest is not None:
            return list(unit.ids) + rest
    return None
