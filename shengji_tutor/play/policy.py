"""The play-outs' player: the heuristic bot's plan with what a strong player would never get wrong.

A search is only as good as its play-outs: a play is judged by how the rest of
the round goes when everyone plays on by a policy, so a policy that wastes its
big joker, breaks its pairs for nothing or never draws trumps makes those very
mistakes look cheap. ``steady_play(table, seat)`` plays over the lean state of
``play.rollout`` (only the seat's own hand and what everyone has seen: the cards
still out, the voids shown), like ``heuristic_play`` with these differences:

- **Drawing trumps.** With no boss to cash in a plain suit, a player whose
  trumps are at least as many as all the trumps still out (and at least four),
  while an opponent may still hold one, leads a trump: its largest boss unit,
  else its lowest single trump that breaks no pair and carries no points.
- **Keeping pairs and tractors.** Among plays equal in points, the one breaking
  no pair is preferred (a low card led, a card followed, a card discarded).
- **A partner sure to win** (no opponent still to play can beat the winner:
  no higher card of the shape out, or no way to ruff, ``_safe``) gets the most
  points that can be given without a trump; a player void in the suit then
  discards and never ruffs or over-ruffs. A partner who may still be beaten
  gets points only when the opponents after can beat it by a ruff alone;
  otherwise the play is the cheapest.
- **An opponent's winner** that cannot be beaten gets nothing: the cheapest play
  with the fewest points, keeping pairs.

Everything else — safe throws, boss units, the cheapest winner when the trick
is worth it — is the heuristic bot's. ``benchmarks.policy`` measures it against
``HeuristicBot`` (frozen as the baseline) on paired deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import Card, cards_of
from ..engine.ids import TRUMP
from .bots import HeuristicBot
from .resample import resample
from .rollout import Table, _partner_winning, boss_lead, follows_of_many
from .round import PlayerView

__all__ = ["SteadyBot", "steady_choice", "steady_play"]

DRAW_MIN = 4
"""The fewest trumps a player draws trumps with."""


def steady_play(table: Table, seat: int) -> list[int]:
    """The play-outs' choice for ``seat`` now (see the module docstring): a lead, or a legal follow."""
    if table.trick:
        return _follow(table, seat)
    return _lead(table, seat)


def _unseen(table: Table, seat: int, i: int) -> int:
    """Copies of card ``i`` that ``seat`` has not seen: not played, not in its hand, not buried by it."""
    out = table.left[i] - table.counts[seat][i]
    if seat == table.holder:
        out -= table.buried[i]
    return out


def _opponents(table: Table, seat: int) -> list[int]:
    """The seats ``seat`` knows to be on the other side (Finding Friends: only once the friends are revealed)."""
    n = table.n
    if table.fixed:
        return [s for s in range(n) if s % 2 != seat % 2]
    side = {table.dealer, *table.friends}
    if seat in side:
        return [s for s in range(n) if s not in side]
    return [s for s in range(n) if s != seat]


def _breaks(counts: list[int], play: list[int]) -> int:
    """Pairs in hand of which ``play`` takes one card and leaves the other."""
    used: dict[int, int] = {}
    for i in play:
        used[i] = used.get(i, 0) + 1
    return sum(1 for i, k in used.items() if counts[i] >= 2 and k % 2 == 1)


# -- leads ----------------------------------------------------------------------------------------------


def _lead(table: Table, seat: int) -> list[int]:
    boss = boss_lead(table, seat)  # a safe throw, else a boss unit of a plain suit: the heuristic bot's leads
    if boss is not None:
        return boss
    drawn = _draw_trumps(table, seat)
    if drawn is not None:
        return drawn
    tb = table.tables
    key, suit, pos = tb.key, tb.suit, tb.pos
    counts = table.counts[seat]
    lengths = table.lengths[seat]
    hand = table.hands[seat]
    plain = lengths[0] or lengths[1] or lengths[2] or lengths[3]
    pool = [i for i in hand if suit[i] != TRUMP] if plain else hand
    return [min(pool, key=lambda i: (pos[i], counts[i] >= 2, lengths[suit[i]], key[i]))]


def _draw_trumps(table: Table, seat: int) -> list[int] | None:
    """A trump lead when ``seat`` is long in trumps and an opponent may still hold one (else ``None``)."""
    tb = table.tables
    suit, key, order = tb.suit, tb.key, tb.order
    counts = table.counts[seat]
    mine = table.lengths[seat][TRUMP]
    if mine < DRAW_MIN:
        return None
    trumps = tb.by_order[TRUMP]
    out = sum(_unseen(table, seat, i) for i in trumps)
    if out == 0 or mine < out:
        return None
    if all(TRUMP in table.voids[s] for s in _opponents(table, seat)):
        return None  # the opponents have shown they hold none
    held = [i for i in trumps if counts[i]]
    # the largest boss unit: a pair (or more) no unseen pair beats, else a single no unseen card beats
    top_unseen_pair = max((key[i] for i in trumps if _unseen(table, seat, i) >= 2), default=-1)
    pairs = [i for i in held if counts[i] >= 2 and key[i] > top_unseen_pair]
    if pairs:
        i = max(pairs, key=order.__getitem__)
        return [i] * counts[i]
    top_unseen = max((key[i] for i in trumps if _unseen(table, seat, i) >= 1), default=-1)
    singles = [i for i in held if key[i] > top_unseen]
    if singles:
        return [max(singles, key=order.__getitem__)]
    pts = tb.pts
    low = [i for i in held if counts[i] == 1 and not pts[i] and suit[i] == TRUMP]
    return [min(low, key=order.__getitem__)] if low else None


# -- follows ----------------------------------------------------------------------------------------------


def _safe(table: Table, seat: int) -> tuple[bool, bool]:
    """Whether the trick's winner so far cannot be beaten by an opponent of ``seat`` still to play after it, and
    whether only a ruff could beat it (for a lead of one card: exact from the cards still out and the voids
    shown; for more cards, cautious: any higher card of the suit or any trump out counts as a threat)."""
    tb = table.tables
    suit, key = tb.suit, tb.key
    n = table.n
    later = [(table.leader + k) % n for k in range(len(table.trick) + 1, n)]
    threats = [s for s in later if s in _opponents(table, seat)]
    if not threats:
        return True, False
    lead = table.trick[0]
    led = table.lead_suit
    winner = table.trick[table.win]
    wsuit = suit[winner[0]]
    top = table.wtop
    width = len(lead)
    higher_in_suit = [i for i in tb.by_order[wsuit] if key[i] > top and _unseen(table, seat, i) >= min(width, 2)]
    trumps_out = [i for i in tb.by_order[TRUMP] if _unseen(table, seat, i)]
    follow = wsuit == led and bool(higher_in_suit) and any(led not in table.voids[s] for s in threats)
    if wsuit == TRUMP and led != TRUMP:  # a ruff: beaten by a higher trump, from a player void in the suit too
        over = bool(higher_in_suit) and any(TRUMP not in table.voids[s] for s in threats)
        return not over, False
    ruff = led != TRUMP and bool(trumps_out) and any(TRUMP not in table.voids[s] for s in threats)
    return not (follow or ruff), ruff and not follow


def _follow(table: Table, seat: int) -> list[int]:
    trick = table.trick
    lead = trick[0]
    n = len(lead)
    s = table.lead_suit
    tb = table.tables
    pts, strength, suit = tb.pts, tb.strength, tb.suit
    counts = table.counts[seat]
    hand = table.hands[seat]
    partner = _partner_winning(table, seat)
    worth = table.trick_points > 0 or len(trick) == table.n - 1
    if n > 1:
        plays = follows_of_many(table, seat)
    elif table.lengths[seat][s]:
        plays = [[i] for i in tb.by_order[s] if counts[i]]
    else:  # void: any card
        plays = [[i] for i in sorted(set(hand))]
    got = [sum(pts[i] for i in p) for p in plays]
    spent = [sum(strength[i] for i in p) for p in plays]
    broken = [_breaks(counts, p) for p in plays]
    trumps = [sum(1 for i in p if suit[i] == TRUMP) for p in plays]
    every = range(len(plays))
    wins = [table.wins(p) for p in plays]
    if partner:
        safe, ruff_only = _safe(table, seat)
        calm = [j for j in every if not wins[j] or not trumps[j]] or list(every)  # never ruff a partner's trick
        if safe or ruff_only:  # give the most points without spending a trump on them (only a ruff may beat it)
            return plays[max(calm, key=lambda j: (got[j] - 5 * trumps[j], -broken[j], -spent[j]))]
        return plays[min(calm, key=lambda j: (got[j], broken[j], spent[j]))]
    winners = [j for j in every if wins[j]]
    if winners and (worth or any(got[j] for j in winners)):
        return plays[min(winners, key=lambda j: (spent[j], broken[j], -got[j]))]
    return plays[min(every, key=lambda j: (got[j], broken[j], spent[j]))]


def steady_choice(view: PlayerView) -> tuple[Card, ...]:
    """``steady_play``'s choice from a player's view: the lean state is built on a round whose hidden hands are
    filled in by one sampled deal, which the policy never reads (it reads the seat's own hand and what was seen),
    so any deal gives the same choice."""
    return cards_of(steady_play(Table(resample(view, random.Random(0))), view.seat))


class SteadyBot(HeuristicBot):
    """``HeuristicBot`` (declaring, burying, calling) that plays as the play-outs' player does (``steady_play``)."""

    def play(self, view: PlayerView) -> Sequence[Card]:
        return steady_choice(view)
