"""Rounds that agree with what a player sees: the one way a search fills in the cards it cannot see.

OpenSpiel calls it ``ResampleFromInfostate``: a whole state drawn among those a
player's information allows. Here a ``Resampler`` does it for one view, in two
steps, so that several options can meet the same deal (common random numbers:
their differences are then measured, not the luck of the deal):

- ``draw(rng)`` deals the hidden cards once (a ``Deal``), uniformly among the
  deals that agree with every fact the view shows (``sampler.Knowledge``); in
  the deal phase it also puts the whole deck in an order that agrees with the
  cards dealt so far. ``draw_as_buried(rng)`` draws the kitty as its burier
  would have buried it (see ``draw_as_buried``);
- ``round(deal)`` makes a fresh ``Round`` of that deal, as often as needed: in
  the play phase the round the view shows with every hand filled in
  (``Round.position``; give ``view=`` a view with a choice already made — a
  burial, a call, an overturn — to start from that instead); in the deal phase
  the round about to be dealt in the drawn order.

``resample(view, rng)`` is the two at once.

>>> import random
>>> from shengji_tutor import HeuristicBot, Round
>>> from shengji_tutor.play.game import advance
>>> from shengji_tutor.play.resample import resample
>>> rnd = Round(seed=3, dealer=0)
>>> advance(rnd, [HeuristicBot()] * 4, until="play")
>>> view = rnd.view(1)
>>> again = resample(view, random.Random(0))  # the other hands and the kitty, dealt another way
>>> again.hand(1) == rnd.hand(1), again.view(1).trick == view.trick, again.phase
(True, True, Phase.PLAY)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.cards import Card, cards_of
from ..engine.ids import count_ids
from .bots import burial_order_ids
from .round import Phase, PlayerView, Round
from .sampler import STOCK, Knowledge

__all__ = ["EXACT_TRIES", "KITTY_TRIES", "Deal", "Resampler", "resample"]

EXACT_TRIES = 8
"""Draws ``draw_as_buried`` makes for a deal on which the burier's policy buries exactly the kitty drawn."""
KITTY_TRIES = 6
"""Of those draws, how many ``draw_as_buried`` re-splits for a kitty the burier's policy would bury, when none
was exact, before it keeps a uniform one."""


@dataclass(frozen=True)
class Deal:
    """The cards a view does not show, dealt one way: each other seat's ``hidden`` cards and the ``kitty`` (ids);
    in the deal phase, ``order`` is the whole deck in the order it is dealt."""

    hidden: dict[int, list[int]]
    kitty: list[int]
    order: tuple[Card, ...] | None = None


_Tried = list[tuple[dict[int, list[int]], list[int]]]
"""The deals ``draw_as_buried`` drew, each with its burier's cards in burial order."""


class Resampler:
    """Deals (``draw``) and rounds (``round``) that agree with ``view``; see the module docstring."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.sampler = Knowledge.of(view).sampler()

    def draw(self, rng: random.Random) -> Deal:
        """A deal of the hidden cards, uniform among those that agree with the view."""
        return self._deal(self.sampler.sample(rng), rng)

    def _deal(self, drawn: dict[int, list[int]], rng: random.Random) -> Deal:
        kitty = drawn.pop(STOCK, [])
        if self.view.phase is not Phase.DEAL:
            return Deal(drawn, kitty)
        return Deal(drawn, kitty, _deck_order(self.view, drawn, kitty, rng))

    def round(self, deal: Deal, view: PlayerView | None = None) -> Round:
        """A fresh round of ``deal``: the round ``view`` (by default the resampler's) shows, every hand filled in;
        in the deal phase, the round about to be dealt in the deal's order."""
        view = self.view if view is None else view
        if deal.order is not None:
            return Round(view.rules, dealer=view.dealer, rank=view.rank, deck_order=deal.order)
        return Round.position(view, deal.hidden, deal.kitty)

    def draw_as_buried(self, rng: random.Random) -> Deal:
        """A deal of the hidden cards whose kitty is the one its burier would have buried.

        A uniform draw puts points in the kitty as often as anywhere, but players do
        not bury points they can keep (the bots' burials held none in 60 of 60
        rounds), so a search on uniform kitties chases a kitty bonus that is not
        there. So the burier's cards as they were at the burial — its hidden hand,
        the kitty, and every card it has played since — are put in the order the
        play-outs' own policy buries them (``HeuristicBot.burial_order``). First, up
        to ``EXACT_TRIES`` draws are made for one on which that burial is exactly a
        burial of cards it has not played since (a deal that agrees with the play and
        with how the burier buries: what rejection sampling from the posterior
        gives). Failing that (late in a round, when the burier has played most of its
        cards), the first ``KITTY_TRIES`` of those draws are re-split, in the order
        already worked out: the kitty becomes the first cards of that order that the
        burier has not played since, and of the re-splits that agree with everything
        seen (its voids, the cards it showed) the one burying the fewest points is
        kept, as a player keeps points out of the kitty; with none, the first draw.
        Re-using the draws (rather than drawing afresh for the re-split) halves the
        cost of a deal late in a round, where drawing was as slow as playing it out.
        The burier's own view, a view before the burial, and chao dipi (several
        buriers) draw uniformly.
        """
        view, sampler = self.view, self.sampler
        burier = view.kitty_holder
        deal = sampler.sample(rng)
        if burier is None or burier == view.seat or view.phase != Phase.PLAY or view.overturns or not deal.get(STOCK):
            return self._deal(deal, rng)
        trump = view.trump
        assert trump is not None  # in the play phase
        played = count_ids([c.id for c in played_by(view, burier)])
        size = len(deal[STOCK])
        tried: _Tried = []
        for k in range(EXACT_TRIES):  # the burial the policy makes of exactly these cards, when it kept what was played
            if k:
                deal = sampler.sample(rng)
            pool = [*deal[burier], *deal[STOCK], *(i for i, n in played.items() for _ in range(n))]
            order = burial_order_ids(trump, pool)
            exact = order[:size]
            left = count_ids(pool)
            for i in exact:
                left[i] -= 1
            if all(left.get(i, 0) >= n for i, n in played.items()):
                for i, n in played.items():
                    left[i] -= n
                again = {**deal, burier: [i for i, n in left.items() for _ in range(n)], STOCK: exact}
                if not sampler.knowledge.broken(again):
                    return self._deal(again, rng)
            tried.append((deal, order))
        return self._deal(self._resplit(burier, tried, played, size), rng)

    def _resplit(self, burier: int, tried: _Tried, played: dict[int, int], size: int) -> dict[int, list[int]]:
        """``draw_as_buried`` when no draw was exact: the first ``KITTY_TRIES`` deals ``tried`` re-split in their
        burial order, the one burying the fewest points of those that agree with everything seen; with none, the
        first deal."""
        found: list[tuple[int, int, dict[int, list[int]]]] = []
        for k, (deal, order) in enumerate(tried[:KITTY_TRIES]):
            kept = dict(played)
            burial: list[int] = []
            hand: list[int] = []
            for i in order:
                if kept.get(i, 0):
                    kept[i] -= 1  # played since: it was kept
                elif len(burial) < size:
                    burial.append(i)
                else:
                    hand.append(i)
            again = {**deal, burier: hand, STOCK: burial}
            if not self.sampler.knowledge.broken(again):
                found.append((sum(Card.from_id(i).points for i in burial), k, again))
        return min(found)[2] if found else tried[0][0]


def resample(view: PlayerView, rng: random.Random) -> Round:
    """A round that agrees with ``view``, its hidden cards drawn uniformly (``Resampler.draw``, then ``round``)."""
    resampler = Resampler(view)
    return resampler.round(resampler.draw(rng))


def played_by(view: PlayerView, seat: int) -> list[Card]:
    """Every card ``seat`` has played this round, as the view shows them."""
    n = view.rules.players
    out: list[Card] = []
    tricks = [(t.leader, t.plays) for t in view.tricks]
    if view.trick and view.leader is not None:
        tricks.append((view.leader, view.trick))
    for leader, plays in tricks:
        k = (seat - leader) % n
        if k < len(plays):
            out += plays[k]
    return out


def _deck_order(
    view: PlayerView, hidden: dict[int, list[int]], rest: list[int], rng: random.Random
) -> tuple[Card, ...]:
    """A whole deal that agrees with ``view`` (during the deal): the cards dealt so far where they went, then the
    rest."""
    n = view.rules.players
    first = view.dealer if view.dealer is not None else 0
    hands = {s: rng.sample(cards, len(cards)) for s, cards in hidden.items()}
    hands[view.seat] = [c.id for c in view.hand]
    taken = dict.fromkeys(hands, 0)
    order: list[int] = []
    for p in range(view.dealt):
        seat = (first + p) % n
        order.append(hands[seat][taken[seat]])
        taken[seat] += 1
    order.extend(rng.sample(rest, len(rest)))
    return cards_of(order)
