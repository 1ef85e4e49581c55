"""How strong the search bot is, and how fast: paired deals against the heuristic and random bots.

    python -m benchmarks.strength                         # 400 paired deals against HeuristicBot
    python -m benchmarks.strength --deals 20 --opponent random --budget 8x6
    python -m benchmarks.strength --deals 100 --budget 8x6 --budget 24x10 --workers 2

**Paired deals.** Deal ``d`` is played twice from the same shuffle (seed ``d``,
dealer ``d mod 4``, trump rank 2): once with the search bot in seats 0 and 2,
once in seats 1 and 3, so the cards' luck falls on both teams alike. A round's
figure is the search bot's side's signed level change: the levels it goes up,
minus the levels the other side goes up (a bare take-over counts 0). A deal's
figure is the mean of its two rounds; the benchmark prints the mean over deals
with a 95 % confidence interval (normal approximation, ±1.96 standard errors),
and the attackers' mean points with the search bot attacking and defending.

**Speed.** Every search-bot play decision is timed (``time.perf_counter``,
one process per core at most: ``--workers`` ≤ cores), and its median and p95
are printed; forced plays (one candidate) are not counted. ``--analyse N``
also times ``evaluate_plays`` on every decision of one seat in N rounds of
heuristic bots: what the coach needs to review a learner's round. First it
prints the play-outs per second (``rollout_rate``), the lean ones the search
plays and the old path's (``Round`` driven by ``HeuristicBot``), measured in
turn in the same run, and their ratio.

A budget is written ``SAMPLESxCANDIDATES`` (``Budget(samples, candidates)``), or ``SAMPLESxCANDIDATESxRECHECK``
with the fresh deals a challenger is re-checked on (``Budget.recheck``, 96 by default).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import HeuristicBot, PlayerView, RandomBot, Round, RuleSet, SearchBot, evaluate_plays
from shengji_tutor.play.game import prepare_round, run_round
from shengji_tutor.play.rollout import reference_play_outs
from shengji_tutor.play.search import Budget, candidate_plays, play_out

__all__ = ["Result", "analyse", "main", "paired_deal", "parse_budget", "rollout_rate", "rollout_rates", "run"]

RULES = RuleSet()
PLAYERS = RULES.players


def parse_budget(text: str) -> Budget:
    """``"24x10"`` -> ``Budget(samples=24, candidates=10)``; ``"8x6x96"`` also sets ``recheck=96``."""
    try:
        numbers = [int(x) for x in text.lower().split("x")]
        if len(numbers) not in (2, 3):
            raise ValueError(text)
    except ValueError:
        raise ValueError(
            f"a budget is SAMPLESxCANDIDATES or SAMPLESxCANDIDATESxRECHECK, like 24x10 or 8x6x96, not {text!r}"
        ) from None
    return Budget(*numbers)


class TimedSearchBot(SearchBot):
    """A search bot that keeps how long each of its play decisions took (forced plays not counted)."""

    def __init__(self, seed: int | str, budget: Budget) -> None:
        super().__init__(seed, budget)
        self.times: list[float] = []

    def play(self, view: PlayerView) -> Any:
        began = time.perf_counter()
        searched = len(candidate_plays(view, self.budget.candidates)) > 1
        play = super().play(view)
        if searched:
            self.times.append(time.perf_counter() - began)
        return play


def _opponent(kind: str, deal: int, seat: int) -> Any:
    return HeuristicBot() if kind == "heuristic" else RandomBot(f"{deal}:{seat}")


def paired_deal(deal: int, budget: Budget, opponent: str) -> dict[str, Any]:
    """Deal ``deal`` played twice, the search bot's side swapped; its figures."""
    levels: list[int] = []
    attack: list[int] = []
    defend: list[int] = []
    times: list[float] = []
    dealer = deal % PLAYERS
    for parity in (0, 1):
        searchers = {s: TimedSearchBot(f"{deal}:{s}", budget) for s in range(PLAYERS) if s % 2 == parity}
        bots = [searchers.get(s) or _opponent(opponent, deal, s) for s in range(PLAYERS)]
        rnd = Round(RULES, seed=deal, dealer=dealer, rank="2")
        record = run_round(rnd, bots)
        change = record.score.level_change
        declaring = dealer % 2 == parity
        gained = change.levels if (change.side == "declarers") == declaring else -change.levels
        levels.append(gained)
        (defend if declaring else attack).append(change.points)
        for bot in searchers.values():
            times += bot.times
    return {"levels": levels, "attack": attack, "defend": defend, "times": times}


@dataclass(frozen=True)
class Result:
    budget: Budget
    opponent: str
    deals: int
    mean: float
    low: float
    high: float
    attack_points: float
    defend_points: float
    decision_median: float
    decision_p95: float
    decisions: int

    def line(self) -> str:
        b = self.budget
        return (
            f"{b.samples}x{b.candidates} vs {self.opponent}: {self.mean:+.3f} levels per round "
            f"(95% CI {self.low:+.3f} .. {self.high:+.3f}, {self.deals} paired deals = {2 * self.deals} rounds); "
            f"attackers' points: {self.attack_points:.1f} when searching, {self.defend_points:.1f} against; "
            f"decision median {self.decision_median:.3f} s, p95 {self.decision_p95:.3f} s ({self.decisions} decisions)"
        )


def _job(args: tuple[int, Budget, str]) -> dict[str, Any]:
    return paired_deal(*args)


def run(deals: int, budget: Budget, opponent: str = "heuristic", seed: int = 0, workers: int = 1) -> Result:
    """Play ``deals`` paired deals (deal numbers from ``seed``) and summarise them."""
    jobs = [(seed + d, budget, opponent) for d in range(deals)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(_job, jobs, chunksize=1)
    else:
        results = [_job(j) for j in jobs]
    per_deal = [sum(r["levels"]) / 2 for r in results]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(deals) if deals > 1 else math.inf
    times = sorted(t for r in results for t in r["times"])
    return Result(
        budget=budget,
        opponent=opponent,
        deals=deals,
        mean=mean,
        low=mean - half,
        high=mean + half,
        attack_points=statistics.fmean(p for r in results for p in r["attack"]),
        defend_points=statistics.fmean(p for r in results for p in r["defend"]),
        decision_median=statistics.median(times) if times else math.nan,
        decision_p95=times[max(0, math.ceil(0.95 * len(times)) - 1)] if times else math.nan,
        decisions=len(times),
    )


def analyse(rounds: int, budget: Budget, seed: int = 0) -> list[float]:
    """Seconds to evaluate every play decision of seat 0 in each of ``rounds`` heuristic-bot rounds."""
    out = []
    for r in range(rounds):
        rnd = Round(RULES, seed=seed + r, dealer=(seed + r) % PLAYERS)
        bots = [HeuristicBot() for _ in range(PLAYERS)]
        prepare_round(rnd, bots)
        spent = 0.0
        while rnd.phase == "play":
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            if seat == 0:
                began = time.perf_counter()
                evaluate_plays(view, budget)
                spent += time.perf_counter() - began
            rnd.play(seat, bots[seat].play(view))
        out.append(spent)
    return out


def rollout_rate(rollouts: int = 200, seed: int = 0, reference: bool = False) -> float:
    """Play-outs per second on one core: a deal's hands filled in at the first lead, the round played out by
    heuristic bots and scored (what one sample of one candidate costs the search; later decisions cost less).

    The search plays out on the lean state of ``play.rollout``; with ``reference`` the old way, ``Round`` driven
    by ``HeuristicBot`` (a ``PlayerView`` and a validated play per decision), which plays the same plays."""
    views = []
    for r in range(10):
        rnd = Round(RULES, seed=seed + r, dealer=(seed + r) % PLAYERS)
        prepare_round(rnd, [HeuristicBot() for _ in range(PLAYERS)])
        seat = rnd.dealer or 0
        hidden = {s: [c.id for c in rnd.hand(s)] for s in range(PLAYERS) if s != seat}
        views.append((rnd.view(seat), hidden))
    with reference_play_outs() if reference else nullcontext():
        began = time.perf_counter()
        for k in range(rollouts):
            view, hidden = views[k % len(views)]
            play_out(Round.position(view, hidden), view.seat, candidate_plays(view, 1)[0])
        return rollouts / (time.perf_counter() - began)


def rollout_rates(repeats: int = 5, rollouts: int = 200, seed: int = 0) -> tuple[float, float, float]:
    """The lean play-outs' rate, the old path's and their ratio, each the median of ``repeats`` measurements taken
    in turn (lean, old, lean, old …): on a shared, noisy machine only rates measured together compare."""
    lean: list[float] = []
    old: list[float] = []
    for _ in range(repeats):
        lean.append(rollout_rate(rollouts, seed))
        old.append(rollout_rate(rollouts, seed, reference=True))
    ratios = [a / b for a, b in zip(lean, old, strict=True)]
    return statistics.median(lean), statistics.median(old), statistics.median(ratios)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="paired deals (each is two rounds)")
    parser.add_argument(
        "--budget", action="append", type=parse_budget, help="SAMPLESxCANDIDATES[xRECHECK] (repeatable)"
    )
    parser.add_argument("--opponent", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's number")
    parser.add_argument("--workers", type=int, default=1, help="processes (at most one per core, for the timings)")
    parser.add_argument("--analyse", type=int, default=0, help="also time a whole round's analysis, N rounds")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2 (a confidence interval needs two)")
    budgets = args.budget or [Budget()]
    lean, old, ratio = rollout_rates(repeats=3)
    print(
        f"play-outs from the first lead: {lean:.0f}/s on one core (the old path, Round and HeuristicBot: "
        f"{old:.0f}/s; {ratio:.1f}x, medians of 3 measured in turn)",
        flush=True,
    )
    for budget in budgets:
        print(run(args.deals, budget, args.opponent, args.seed, args.workers).line(), flush=True)
        if args.analyse:
            spent = analyse(args.analyse, budget, args.seed)
            print(
                f"  analysing one seat's whole round: median {statistics.median(spent):.1f} s, "
                f"max {max(spent):.1f} s over {len(spent)} rounds",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
