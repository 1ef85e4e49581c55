"""Computer players for Zheng Fen. A bot sees only a ``View``: its own hand, the table, the pile's points, how
many cards each player holds and the scores — never another player's cards.

- ``RandomBot`` takes a uniformly random legal action (a pass counts as one).
- ``HeuristicBot`` plays like a sensible beginner: it leads its lowest
  combination, shedding as many cards as it can at that rank; it takes a pile
  when the points make the cards it spends worth it, and passes rather than
  spend high cards, broken pairs or a special on a pile with little in it.

>>> from shengji_tutor.zhengfen import Game, HeuristicBot, Play, ZhengFenRules
>>> game = Game(ZhengFenRules(players=3), seed=4)
>>> action = HeuristicBot().act(game.view())
>>> isinstance(action, Play), action in game.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from .combos import Combination, Kind, combinations, plays_beating
from .game import Action, Pass, Play, View
from .rules import ORDER, value

__all__ = ["Bot", "HeuristicBot", "RandomBot"]


class Bot(Protocol):
    """A computer player: given its view, the action it takes."""

    def act(self, view: View) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int | str | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def act(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions())


_HIGH = ORDER.index("A")
"""Cards from here up (A, 2, jokers) are the strength a beginner keeps for piles worth taking."""


class HeuristicBot:
    """A sensible beginner (see the module docstring); deterministic for a given view."""

    def act(self, view: View) -> Action:
        held = Counter(value(c) for c in view.hand)
        if view.table is None:
            combos = combinations(view.hand)
            plain = [c for c in combos if not c.kind.special] or combos
            best = min(plain, key=lambda c: (c.top, _broken(c, held), -len(c.cards), c.points, _spent(c)))
            return Play(view.seat, best.cards)
        options = plays_beating(view.hand, view.table)
        if not options:
            return Pass(view.seat)
        cheapest = min(options, key=lambda c: (_cost(c, held), c.points))
        worth = view.pile_points + cheapest.points
        if _cost(cheapest, held) <= _budget(worth):
            return Play(view.seat, cheapest.cards)
        return Pass(view.seat)


def _broken(combo: Combination, held: Counter[int]) -> int:
    """How many ranks the play takes only part of (a single from a pair breaks the pair)."""
    used = Counter(value(c) for c in combo.cards)
    return sum(1 for v, k in used.items() if held[v] > k)


def _spent(combo: Combination) -> int:
    return sum(value(c) for c in combo.cards)


def _cost(combo: Combination, held: Counter[int]) -> int:
    """What a play gives up: its rank (more for A, 2 and the jokers), broken groups, and a special's power."""
    cost = combo.top + 4 * _broken(combo, held) + 4 * sum(1 for c in combo.cards if value(c) >= _HIGH)
    return cost + (30 if combo.kind.special else 0) + (0 if combo.kind == Kind.SINGLE else 1)


def _budget(points: int) -> int:
    """The cost a pile of ``points`` is worth: low cards to keep the lead on an empty pile, more as points grow."""
    return ORDER.index("9") + points
