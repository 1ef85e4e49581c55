"""Is the search bot's chao dipi choice (RULES §11) better than the heuristic bot's? Paired, on real deals.

    python -m benchmarks.chao                  # the first 150 chao dipi turns with a choice
    python -m benchmarks.chao --turns 40 --budget 4x4

**The turns.** Seeded rounds (trump rank 2, dealer ``seed mod 4``, chao dipi on) are
driven by heuristic bots to chao dipi's turns; a turn counts when its player holds a
pair that would overturn the trump (a real choice: overturn, or pass).

**Paired.** At each such turn the search bot (``SearchBot.declare``: ``overturn_runs``
over sampled deals) and the heuristic bot each choose. When they differ, the real
round is played on twice from that very moment — once with each choice, every other
decision (later turns, the reburial, the play) made by heuristic bots, so the only
difference is the choice. A turn's figure is the chooser's side's signed level change
with the search bot's choice minus with the heuristic's (0 when they agree). The mean
over turns is printed with a 95 % confidence interval (±1.96 standard errors), beside
how often the two choices differ and the search's median time per turn.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import HeuristicBot, Round, RuleSet, SearchBot
from shengji_tutor.engine.cards import Card
from shengji_tutor.play.actions import Declare, Pass
from shengji_tutor.play.bots import declarations_for
from shengji_tutor.play.game import advance
from shengji_tutor.play.search import Budget

from .strength import parse_budget

__all__ = ["ChaoResult", "main", "run"]

RULES = RuleSet(chao_dipi=True)


@dataclass(frozen=True)
class ChaoResult:
    turns: int
    differ: int
    mean: float
    low: float
    high: float
    median_seconds: float

    def line(self) -> str:
        return (
            f"chao dipi, search vs heuristic choice: {self.mean:+.3f} levels per turn "
            f"(95% CI {self.low:+.3f} .. {self.high:+.3f}, {self.turns} turns, the choices differ in {self.differ}); "
            f"search median {self.median_seconds:.3f} s per turn"
        )


def _signed(rnd: Round, seat: int) -> int:
    """The levels ``seat``'s side went up in the finished round, minus the levels the other side went up."""
    change = rnd.score().level_change
    declaring = seat in rnd.declarers
    return change.levels if (change.side == "declarers") == declaring else -change.levels


def _after(rnd: Round, seat: int, choice: Sequence[Card] | None) -> int:
    """The round played on from ``rnd`` (left untouched) with ``seat``'s chao dipi choice, by heuristic bots."""
    branch = copy.deepcopy(rnd)
    branch.apply(Declare(seat, tuple(choice)) if choice else Pass(seat))
    advance(branch, [HeuristicBot() for _ in range(RULES.players)], until="done")
    return _signed(branch, seat)


def _turns(count: int, seed: int) -> list[tuple[Round, int]]:
    """The first ``count`` chao dipi turns with a choice, from seeded rounds (the round at that turn, and the seat)."""
    found: list[tuple[Round, int]] = []
    s = seed
    while len(found) < count:
        rnd = Round(RULES, seed=random.Random(s), dealer=s % RULES.players, rank="2")
        bots = [HeuristicBot() for _ in range(RULES.players)]
        advance(rnd, bots, until="chao")
        while rnd.phase == "chao" and len(found) < count:
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            if declarations_for(view):
                found.append((copy.deepcopy(rnd), seat))
            chosen = bots[seat].declare(view)
            rnd.apply(Declare(seat, tuple(chosen)) if chosen else Pass(seat))
            if rnd.phase == "kitty":  # someone overturned: they rebury, then the turns go on
                holder = rnd.to_act
                assert holder is not None
                rnd.discard(holder, bots[holder].discard(rnd.view(holder)))
        s += 1
    return found


def run(turns: int, budget: Budget, seed: int = 0) -> ChaoResult:
    figures: list[float] = []
    seconds: list[float] = []
    differ = 0
    for k, (rnd, seat) in enumerate(_turns(turns, seed)):
        view = rnd.view(seat)
        began = time.perf_counter()
        searched = SearchBot(f"chao:{k}", budget).declare(view)
        seconds.append(time.perf_counter() - began)
        heuristic = HeuristicBot().declare(view)
        mine = tuple(searched) if searched else None
        theirs = tuple(heuristic) if heuristic else None
        if mine == theirs:
            figures.append(0.0)
            continue
        differ += 1
        figures.append(float(_after(rnd, seat, mine) - _after(rnd, seat, theirs)))
    mean = statistics.fmean(figures)
    half = 1.96 * statistics.stdev(figures) / math.sqrt(len(figures)) if len(figures) > 1 else math.inf
    return ChaoResult(len(figures), differ, mean, mean - half, mean + half, statistics.median(seconds))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.chao", description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=150, help="chao dipi turns with a choice")
    parser.add_argument("--budget", type=parse_budget, default=Budget(8, 6), help="SAMPLESxCANDIDATES")
    parser.add_argument("--seed", type=int, default=0, help="the first round's seed")
    args = parser.parse_args(argv)
    print(run(args.turns, args.budget, args.seed).line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
