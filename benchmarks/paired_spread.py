"""How widely a close decision's paired play-out differences spread, and how many deals a steady verdict needs.

    python -m benchmarks.paired_spread --deals 400              # the trust benchmark's six flipping decisions
    python -m benchmarks.paired_spread --deals 400 24 45        # some of them

The coach grades a play down only when the lower confidence bound of its loss clears the line (a tenth of a
level). A play whose true loss is a little above the line is then graded down at some seeds and called a close
call at others, unless the loss is known much more precisely than its distance from the line. This measures, for
decisions of the trust benchmark (``benchmarks.coach_trust.collect``), the play asked about and the coach's best
(seed 0) on ``--deals`` fresh deals of their own: the loss with its standard error, the standard deviation of the
paired differences in levels and in the attackers' points, the loss valued with the level table blurred by other
spreads (is the spread the table's steps, which a wider blur would smooth, or the points themselves?), and the
deals a standard error of 0.01 level would take.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.coach_trust import collect
from shengji_tutor.engine.cards import format_cards
from shengji_tutor.play import coaching
from shengji_tutor.play.search import POINTS_WEIGHT, PlayDeals, blur, blurred_levels

__all__ = ["FLIPS", "Spread", "main", "spread"]

FLIPS = (11, 24, 26, 30, 45, 63)
"""The trust benchmark's decisions whose class changed between seeds (2026-12-06)."""
BLURS = (10.0, 20.0)
"""Other blurs (points) the losses are valued with, beside the coach's own."""
TARGET_ERROR = 0.01
"""The standard error (levels) that would keep a loss of 0.13-0.15 level graded down at three seeds in twenty."""


@dataclass(frozen=True)
class Spread:
    index: int
    asked: str
    best: str
    loss: float
    error: float
    sd_levels: float
    sd_points: float
    blurred: tuple[tuple[float, float, float], ...]
    """(blur, loss, error) for the coach's blur and each of ``BLURS``."""

    @property
    def deals_needed(self) -> int:
        return math.ceil((self.sd_levels / TARGET_ERROR) ** 2)


def _mean_error(xs: Sequence[float]) -> tuple[float, float]:
    return statistics.fmean(xs), statistics.stdev(xs) / math.sqrt(len(xs))


def spread(index: int, deals: int, seed: int = 77) -> Spread:
    """Decision ``index`` of the trust benchmark: its play and the coach's best on ``deals`` deals of ``seed``."""
    decision = collect(8, 8, 0, 24)[index]
    view = decision.view
    best = tuple(coaching.assess_play(view, decision.choice, seed=0).best.choice)
    asked = tuple(decision.choice)
    table = PlayDeals(view, [best, asked], seed=seed)
    table.values("measure", 0, deals, [0, 1])
    first, second = table.outcomes[("measure", 0)], table.outcomes[("measure", 1)]
    declarer = view.seat in view.declarers
    rules = view.rules

    def value(points: int, blurred: float) -> float:  # as search.scored values a play-out, at another blur
        held = blurred_levels(points, rules.step, blurred)
        return (held if declarer else -held) + POINTS_WEIGHT * (-points if declarer else points)

    gaps = [a.value - b.value for a, b in zip(first, second, strict=True)]
    loss, error = _mean_error(gaps)
    points = [a.attacker_points - b.attacker_points for a, b in zip(first, second, strict=True)]
    own = blur(rules, rules.total_points - sum(view.points_won))
    blurred = []
    for b in (own, *BLURS):
        got = [value(x.attacker_points, b) - value(y.attacker_points, b) for x, y in zip(first, second, strict=True)]
        blurred.append((b, *_mean_error(got)))
    return Spread(
        index,
        format_cards(asked),
        format_cards(best),
        loss,
        error,
        statistics.stdev(gaps),
        statistics.stdev(points),
        tuple(blurred),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("decisions", nargs="*", type=int, help="trust benchmark decision numbers (default: the flips)")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=77)
    args = parser.parse_args(argv)
    for index in args.decisions or FLIPS:
        s = spread(index, args.deals, args.seed)
        blurs = ", ".join(f"blur {b:.1f}: {m:+.3f} ± {e:.3f}" for b, m, e in s.blurred)
        print(
            f"decision {s.index}: {s.asked} against {s.best}: loss {s.loss:+.3f} ± {s.error:.3f} levels; "
            f"differences' SD {s.sd_levels:.2f} levels, {s.sd_points:.1f} points; {blurs}; "
            f"deals for an error of {TARGET_ERROR}: {s.deals_needed}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
