"""How strong the play-outs' player is: ``steady_play`` against the frozen ``HeuristicBot`` on paired deals.

    python -m benchmarks.policy --deals 2000

Deal ``d`` (seed ``d``, dealer ``d mod 4``, trump rank 2) is declared, buried and called by heuristic bots, then
played out twice from its first lead on the lean state (``play.rollout.finish_round``): once with
``steady_play`` in seats 0 and 2 and ``heuristic_play`` (the heuristic bot's plays, exactly) in 1 and 3, once the
other way round. A round's figure is the steady side's signed level change; a deal's, the mean of its two
rounds. Printed: the mean over deals with a 95 % confidence interval, and the attackers' mean points when the
steady side attacks and when it defends.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import HeuristicBot, Round, RuleSet
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.policy import steady_play
from shengji_tutor.play.rollout import Policy, Table, finish_round, heuristic_play

__all__ = ["main", "paired", "run"]


def _mixed(parity: int, mine: Policy, theirs: Policy) -> Policy:
    def play(table: Table, seat: int) -> list[int]:
        return mine(table, seat) if seat % 2 == parity else theirs(table, seat)

    return play


def paired(
    deal: int, rules: RuleSet, mine: Policy = steady_play, theirs: Policy = heuristic_play
) -> dict[str, list[int]]:
    """Deal ``deal`` played out twice from its first lead, the sides swapped; the figures of ``mine``'s side."""
    levels: list[int] = []
    attack: list[int] = []
    defend: list[int] = []
    dealer = deal % rules.players
    for parity in (0, 1):
        rnd = Round(rules, seed=deal, dealer=dealer, rank="2")
        prepare_round(rnd, [HeuristicBot() for _ in range(rules.players)])
        finish_round(rnd, _mixed(parity, mine, theirs))
        change = rnd.score().level_change
        declaring = rnd.dealer is not None and rnd.dealer % 2 == parity
        levels.append(change.levels if (change.side == "declarers") == declaring else -change.levels)
        (defend if declaring else attack).append(change.points)
    return {"levels": levels, "attack": attack, "defend": defend}


def run(deals: int = 2000, seed: int = 0, rules: RuleSet | None = None) -> dict[str, float]:
    rules = rules or RuleSet()
    results = [paired(seed + d, rules) for d in range(deals)]
    per_deal = [sum(r["levels"]) / 2 for r in results]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(deals)
    return {
        "deals": deals,
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
        "attack_points": statistics.fmean(p for r in results for p in r["attack"]),
        "defend_points": statistics.fmean(p for r in results for p in r["defend"]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.policy", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="paired deals (each is two rounds)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's number")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2 (a confidence interval needs two)")
    r = run(args.deals, args.seed)
    print(
        f"steady_play vs HeuristicBot: {r['mean']:+.3f} levels per round (95% CI {r['low']:+.3f} .. {r['high']:+.3f}, "
        f"{r['deals']} paired deals); attackers' points: {r['attack_points']:.1f} when steady, "
        f"{r['defend_points']:.1f} against"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
