"""What the position suite's cheap errors cost when the rest of the round is played by search bots.

    python -m benchmarks.error_cost --deals 200          # the eight errors below, two worker processes

The coach prices a play by play-outs in which the heuristic bot plays every seat to the end of the round. Some of
the suite's obvious errors (``benchmarks.coach_positions``) cost less than a tenth of a level there, the line for
an inaccuracy; perhaps only because the heuristic bot forgives them. This measures each such error again with a
deeper reference: on the same deals of the hidden cards (``search.PlayDeals``, kitties as buried), the accepted
play and the error are each played out by ``SearchBot`` in every seat (a small budget: ``Budget(4, 4, 24)``), and
valued as the coach values a play-out (the blurred level table plus a point's weight). Printed per position: the
error's mean loss against the accepted play with its standard error, beside the heuristic play-outs' on the same
deals.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.coach_positions import Position, positions
from shengji_tutor import Round
from shengji_tutor.engine.cards import Card, format_cards
from shengji_tutor.play.actions import Play
from shengji_tutor.play.round import PlayerView
from shengji_tutor.play.search import Budget, PlayDeals, SearchBot, blur, play_out, scored

__all__ = ["CHEAP", "Cost", "cost", "main"]

CHEAP = (
    "no-ruff-partner-2",
    "no-overruff-partner-2",
    "smallest-winning-ruff-1",
    "smallest-winning-ruff-3",
    "keep-pairs-1",
    "keep-pairs-2",
    "feed-sure-partner-1",
    "feed-sure-partner-3",
)
"""Errors the coach's play-outs price under a tenth of a level (the trust benchmark, 2026-12-06)."""

BOT_BUDGET = Budget(samples=4, candidates=4, recheck=24)


def _searched(rnd: Round, view: PlayerView, play: Sequence[Card]) -> float:
    """``play`` for the view's player on this deal (``rnd``), the rest of the round played by search bots, valued for
    the player's side as ``search.play_out`` values a heuristic play-out."""
    spread = blur(rnd.rules, rnd.rules.total_points - sum(rnd.points_won))
    rnd.apply(Play(view.seat, tuple(play)))
    bots = [SearchBot(seed=s, budget=BOT_BUDGET) for s in range(view.rules.players)]
    while rnd.phase == "play":
        seat = rnd.to_act
        assert seat is not None
        rnd.play(seat, bots[seat].play(rnd.view(seat)))
    return scored(rnd, view.seat, spread).value


@cache
def _suite() -> dict[str, Position]:
    """The position suite by name, built once a process."""
    return {p.name: p for p in positions()}


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.inf
    return mean, spread / math.sqrt(n)


@dataclass(frozen=True)
class Cost:
    """One position's error: its loss against the first accepted play, (mean, standard error) in levels, with
    search-bot play-outs (``searched``) and with the heuristic's (``heuristic``) on the same deals."""

    name: str
    good: str
    error: str
    cards: int
    searched: tuple[float, float]
    heuristic: tuple[float, float]
    seconds: float


def cost(job: tuple[str, int]) -> Cost:
    """The ``Cost`` of a position's error (``job``: its name and the number of deals)."""
    name, deals = job
    p = _suite()[name]
    good = p.accepted[0]
    sampled = PlayDeals(p.view, [good, p.error], "error-cost")
    began = time.perf_counter()
    searched, heuristic = [], []
    for k in range(deals):
        deal = sampled.deal("deep", k)
        a, b = (_searched(sampled.resampler.round(deal), p.view, play) for play in (good, p.error))
        searched.append(a - b)
        h = [play_out(sampled.resampler.round(deal), p.view.seat, play) for play in (good, p.error)]
        heuristic.append(h[0].value - h[1].value)
    return Cost(
        name,
        format_cards(good),
        format_cards(p.error),
        len(p.view.hand),
        _mean_error(searched),
        _mean_error(heuristic),
        time.perf_counter() - began,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.error_cost", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of the hidden cards per position")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("names", nargs="*", default=list(CHEAP), help="positions of the suite (default: CHEAP)")
    args = parser.parse_args(argv)
    jobs = [(n, args.deals) for n in args.names]
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = list(pool.imap_unordered(cost, jobs))
    else:
        results = [cost(j) for j in jobs]
    for r in results:
        (s, se), (h, he) = r.searched, r.heuristic
        print(
            f"{r.name:26s} {r.error:>4s} for {r.good:<4s} ({r.cards} cards): "
            f"search play-outs {s:+.3f} ± {se:.3f}, heuristic {h:+.3f} ± {he:.3f} levels  ({r.seconds:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
