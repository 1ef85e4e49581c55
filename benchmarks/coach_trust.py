"""How far the coach can be trusted: its verdicts' stability across seeds, agreement with a deeper search, a
suite of positions whose right answer is not in doubt, and the time a verdict takes.

    python -m benchmarks.coach_trust                       # 8 coached hands, the position suite, 2 workers
    python -m benchmarks.coach_trust --hands 2 --per-hand 4 --deep 4 --workers 1   # a quick look

**Decisions.** ``--hands`` rounds are dealt (seed ``--seed`` + k, dealer k mod 4) and played with heuristic
bots, South (seat 0) by a *learner*: the heuristic bot, which now and then (``LEARNER_SLIPS``) plays a random
legal card instead, so that there are mistakes to find. Every real choice South makes is kept: each play with
at least two distinct candidates, each burial, and the last declaration South could make in the deal (up to
``--per-hand`` plays per hand, spread over the round, so that the benchmark stays affordable). South can declare
in about one deal in three, so the declarations come from ``--declare-hands`` deals (the same seeds on), enough
for a sample of them.

**Stability.** Each decision is graded by the coach (``play.coaching``'s ``assess_*`` at ``COACH_BUDGET``) at
the seeds 0, 1 and 2. Reported: the share whose *class* (graded down or not) is the same at all three, the
share whose grade is, the share whose verdict as the learner reads it (good, a close call, or graded down) is,
the share *contradicted* (decided good at one seed and graded down at another: a close call contradicts
neither), and the share whose recommended choice (the verdict's ``best``) is accepted — not graded
down — when the coach grades it at each of the other two seeds.

**Agreement.** The same decisions graded at ``--deep`` × the coach's deals (16 by default) with an independent
seed: the share of decisions whose class (and grade) at seed 0 agrees with the deep verdict's.

**Positions.** ``benchmarks.coach_positions``: positions where a strong player's choice is not in doubt, each
with its accepted choices and an obvious error. Reported: the share where the coach's best choice is accepted,
where ``SearchBot`` chooses an accepted one, where the coach grades the obvious error down, and where it either
grades it down or names a play that surely does as well (``play.dominance``: the trick's winner certain, and
less wasted) — the error told, though not graded, where the play-outs cannot measure its cost. And, every
candidate of each play position judged (``coaching.judge_plays``, as the best puzzles and the mistakes review
judge them), the share where a candidate is surely ahead of the one called best (its loss's upper bound below
zero on the fresh deals): the best was wrongly chosen.

**Time.** The seconds each seed-0 verdict took (the median and p95 over plays, one process per core at most).
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import HeuristicBot, PlayerView, Round, RuleSet
from shengji_tutor.engine.cards import Card
from shengji_tutor.play import coaching
from shengji_tutor.play.bots import TableBot, declarations_for
from shengji_tutor.play.game import advance, run_round
from shengji_tutor.play.search import Budget, SearchBot, candidate_plays, play_signature
from shengji_tutor.play.verdict import Z

__all__ = [
    "DECLARE_HANDS",
    "LEARNER_SLIPS",
    "Decision",
    "Graded",
    "SeedVerdict",
    "collect",
    "grade",
    "judge_decision",
    "main",
    "run",
    "summarise",
]

RULES = RuleSet()
LEARNER = 0
LEARNER_SLIPS = 0.3
"""How often the learner plays a random legal card instead of the heuristic bot's choice."""
SEEDS = (0, 1, 2)
DEEP_SEED = 1000


@dataclass(frozen=True)
class Decision:
    """One real choice the learner made: ``kind`` ("play", "bury" or "declare"), the view it was made from, and
    the choice (cards; an empty tuple is a pass)."""

    hand: int
    kind: str
    view: PlayerView
    choice: tuple[Card, ...]


class _Learner(TableBot):
    """The heuristic bot with slips; it keeps every real choice it makes."""

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.bot = HeuristicBot()
        self.rng = random.Random(f"learner:{hand}")
        self.plays: list[Decision] = []
        self.burials: list[Decision] = []
        self.declarations: list[Decision] = []

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        choice = self.bot.declare(view)
        if declarations_for(view) and view.phase == "deal":
            self.declarations.append(Decision(self.hand, "declare", view, tuple(choice or ())))
        return choice

    def call(self, view: PlayerView) -> Sequence[tuple[Card, int]]:
        return self.bot.call(view)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        burial = tuple(self.bot.discard(view))
        self.burials.append(Decision(self.hand, "bury", view, burial))
        return burial

    def play(self, view: PlayerView) -> Sequence[Card]:
        candidates = candidate_plays(view, 40)
        choice = tuple(self.bot.play(view))
        if len(candidates) > 1 and self.rng.random() < LEARNER_SLIPS:
            choice = self.rng.choice(candidates)
        if len(candidates) > 1:
            self.plays.append(Decision(self.hand, "play", view, choice))
        return choice


DECLARE_HANDS = 24
"""Deals whose last declaration South could make is kept (the first ``--hands`` of them also give plays and
burials)."""


@cache
def collect(hands: int, per_hand: int, seed: int = 0, declare_hands: int = DECLARE_HANDS) -> tuple[Decision, ...]:
    """The learner's real choices in ``hands`` seeded rounds, and the declarations of ``declare_hands`` (see the
    module docstring)."""
    out: list[Decision] = []
    for k in range(max(hands, declare_hands)):
        learner = _Learner(seed + k)
        bots: list[Any] = [learner, HeuristicBot(), HeuristicBot(), HeuristicBot()]
        rnd = Round(RULES, seed=seed + k, dealer=k % 4, rank="2")
        if k >= hands:  # a deal for its declaration only
            advance(rnd, bots, until="kitty")
            out += learner.declarations[-1:]
            continue
        run_round(rnd, bots)
        plays = learner.plays
        if len(plays) > per_hand:  # spread over the round: early, middle and late decisions
            step = len(plays) / per_hand
            plays = [plays[int(i * step)] for i in range(per_hand)]
        out += plays + learner.burials + (learner.declarations[-1:] if k < declare_hands else [])
    return tuple(out)


def _key(kind: str, view: PlayerView, choice: Sequence[Card]) -> tuple[Any, ...]:
    """What makes two choices the same: a play's signature, a burial's or declaration's cards."""
    if kind == "play":
        assert view.trump is not None
        return play_signature(choice, view.trump)
    return tuple(sorted(c.id for c in choice))


def _budget(scale: int) -> Budget:
    base = coaching.COACH_BUDGET
    return dataclasses.replace(base, samples=base.samples * scale)


def assess(kind: str, view: PlayerView, choice: Sequence[Card], seed: int, scale: int = 1) -> coaching.Assessment:
    """The coach's verdict on a choice at ``scale`` × its budget."""
    budget = _budget(scale)
    if kind == "play":
        extra: dict[str, Any] = {}
        if "max_samples" in inspect.signature(coaching.assess_play).parameters:
            extra["max_samples"] = 48 * scale  # the adaptive cap of the coach this benchmark first measured
        return coaching.assess_play(view, choice, budget, seed, **extra)
    if kind == "bury":
        return coaching.assess_burial(view, choice, budget, seed)
    return coaching.assess_declaration(view, choice or None, budget, seed)


@dataclass(frozen=True)
class SeedVerdict:
    """The coach's verdict on one decision at one seed: its grade, whether it was a close call, the best choice's
    key and cards, and the seconds it took (``engine.follow.Verdict`` is the rules' verdict on a follow)."""

    grade: str
    close: bool
    best: tuple[Any, ...]
    best_choice: tuple[Card, ...]
    seconds: float

    @property
    def down(self) -> bool:
        """Graded below good."""
        return self.grade != "good"

    @property
    def said(self) -> str:
        """What the learner is told, in three classes: "down" (graded below good), "close" (a close call, said as
        such) or "good"."""
        return "down" if self.down else "close" if self.close else "good"


def grade(d: Decision, seed: int, scale: int = 1) -> SeedVerdict:
    began = time.perf_counter()
    a = assess(d.kind, d.view, d.choice, seed, scale)
    spent = time.perf_counter() - began
    best = tuple(a.best.choice)
    return SeedVerdict(a.grade, bool(getattr(a, "close", False)), _key(d.kind, d.view, best), best, spent)


@dataclass(frozen=True)
class Graded:
    """One decision's verdicts: at each of ``SEEDS``, whether each seed's recommendation is accepted at the
    others, and the deep verdict."""

    index: int
    kind: str
    verdicts: tuple[SeedVerdict, ...]
    cross: tuple[bool, ...]
    """For each seed, whether its recommended choice is accepted (not graded down) at every other seed."""
    deep: SeedVerdict | None


def judge_decision(job: tuple[int, int, int, int, int, int]) -> Graded:
    index, hands, per_hand, seed, deep, declare_hands = job
    d = collect(hands, per_hand, seed, declare_hands)[index]
    verdicts = tuple(grade(d, s) for s in SEEDS)
    cross = []
    mine = _key(d.kind, d.view, d.choice)
    for k, v in enumerate(verdicts):
        ok = True
        for j, s in enumerate(SEEDS):
            if j == k or v.best == verdicts[j].best:
                continue
            if v.best == mine:  # the learner's own choice: seed j has graded it already
                ok = ok and not verdicts[j].down
            else:
                ok = ok and assess(d.kind, d.view, v.best_choice, s).grade == "good"
        cross.append(ok)
    deep_verdict = grade(d, DEEP_SEED, deep) if deep else None
    return Graded(index, d.kind, verdicts, tuple(cross), deep_verdict)


def _share(flags: Sequence[bool]) -> float:
    return sum(flags) / len(flags) if flags else math.nan


def summarise(graded: Sequence[Graded]) -> dict[str, Any]:
    """The benchmark's figures from the graded decisions."""
    plays = [g for g in graded if g.kind == "play"]
    times = sorted(g.verdicts[0].seconds for g in plays)
    out: dict[str, Any] = {
        "decisions": len(graded),
        "by_kind": {k: sum(1 for g in graded if g.kind == k) for k in ("play", "bury", "declare")},
        "class_kept": _share([len({v.down for v in g.verdicts}) == 1 for g in graded]),
        "grade_kept": _share([len({v.grade for v in g.verdicts}) == 1 for g in graded]),
        "verdict_kept": _share([len({v.said for v in g.verdicts}) == 1 for g in graded]),
        "contradicted": _share([{"good", "down"} <= {v.said for v in g.verdicts} for g in graded]),
        "recommendation_accepted": _share([all(g.cross) for g in graded]),
        "graded_down_seed0": _share([g.verdicts[0].down for g in graded]),
        "close_seed0": _share([g.verdicts[0].close for g in graded]),
        "play_median_s": statistics.median(times) if times else math.nan,
        "play_p95_s": times[max(0, math.ceil(0.95 * len(times)) - 1)] if times else math.nan,
    }
    deep = [g for g in graded if g.deep is not None]
    if deep:
        out["deep_class_agree"] = _share([g.verdicts[0].down == g.deep.down for g in deep if g.deep])
        out["deep_grade_agree"] = _share([g.verdicts[0].grade == g.deep.grade for g in deep if g.deep])
        kept = [g for g in deep if g.verdicts[0].down]
        out["down_confirmed"] = _share([bool(g.deep and g.deep.down) for g in kept])
        out["deep_graded_down"] = _share([bool(g.deep and g.deep.down) for g in deep])
    return out


SURE = "surely does as well"
"""The words of a sure improvement the coach names (``play.dominance``): the error is told, though not graded."""


def positions_report(seed: int = 0) -> dict[str, Any]:
    """The position suite's figures (see the module docstring), with the names of the positions missed."""
    from benchmarks.coach_positions import accepts, positions

    best_ok, bot_ok, error_down, error_named, beaten = [], [], [], [], []
    missed: dict[str, list[str]] = {"best": [], "bot": [], "error": [], "named": [], "beaten": []}
    for p in positions():
        kind = "bury" if p.view.phase == "kitty" else "play"
        verdict = assess(kind, p.view, p.error, seed)
        if kind == "play":  # every candidate judged: is the best surely beaten by one of them on the fresh deals?
            judged = coaching.judge_plays(p.view, seed=seed)
            beaten.append(any(o.loss + Z * o.error < 0 for o in judged[1:]))
            if beaten[-1]:
                missed["beaten"].append(p.name)
        best_ok.append(accepts(p, verdict.best.choice))
        error_down.append(verdict.grade != "good")
        error_named.append(verdict.grade != "good" or any(SURE in r for r in verdict.reasons))
        bot = SearchBot(seed=seed)
        choice = bot.discard(p.view) if kind == "bury" else bot.play(p.view)
        bot_ok.append(accepts(p, choice))
        for name, flags in (("best", best_ok), ("bot", bot_ok), ("error", error_down), ("named", error_named)):
            if not flags[-1]:
                missed[name].append(p.name)
    return {
        "positions": len(best_ok),
        "coach_best_accepted": _share(best_ok),
        "searchbot_accepted": _share(bot_ok),
        "error_graded_down": _share(error_down),
        "error_graded_down_or_sure_better_named": _share(error_named),
        "judged_best_surely_beaten": _share(beaten),
        "missed": missed,
    }


def run(
    hands: int = 8,
    per_hand: int = 8,
    seed: int = 0,
    deep: int = 16,
    workers: int = 1,
    limit: int | None = None,
    declare_hands: int = DECLARE_HANDS,
) -> tuple[dict[str, Any], list[Graded]]:
    decisions = collect(hands, per_hand, seed, declare_hands)
    count = len(decisions) if limit is None else min(limit, len(decisions))
    jobs = [(k, hands, per_hand, seed, deep, declare_hands) for k in range(count)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            graded = pool.map(judge_decision, jobs, chunksize=1)
    else:
        graded = [judge_decision(j) for j in jobs]
    return summarise(graded), graded


def _line(name: str, value: Any) -> str:
    if isinstance(value, float):
        return f"{name}: {value:.1%}" if not name.endswith("_s") else f"{name}: {value:.3f} s"
    return f"{name}: {value}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.coach_trust", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8, help="coached hands (seeded rounds)")
    parser.add_argument("--per-hand", type=int, default=8, help="most play decisions kept per hand")
    parser.add_argument("--declare-hands", type=int, default=DECLARE_HANDS, help="deals whose last declaration is kept")
    parser.add_argument("--seed", type=int, default=0, help="the first hand's seed")
    parser.add_argument("--deep", type=int, default=16, help="the deep reference's multiple of the coach's deals")
    parser.add_argument("--workers", type=int, default=2, help="processes (at most one per core, for the timings)")
    parser.add_argument("--limit", type=int, default=None, help="grade only the first N decisions")
    parser.add_argument("--no-positions", action="store_true", help="skip the position suite")
    parser.add_argument("--json", type=Path, default=None, help="also write every verdict to this file")
    args = parser.parse_args(argv)
    figures, graded = run(args.hands, args.per_hand, args.seed, args.deep, args.workers, args.limit, args.declare_hands)
    for name, value in figures.items():
        print(_line(name, value), flush=True)
    if not args.no_positions:
        try:
            report = positions_report()
        except ImportError as e:  # pragma: no cover - the suite is part of the repository
            print(f"position suite unavailable: {e}")
        else:
            for name, value in report.items():
                print(_line(name, value), flush=True)
    if args.json:
        rows = [
            {
                "index": g.index,
                "kind": g.kind,
                "grades": [v.grade for v in g.verdicts],
                "close": [v.close for v in g.verdicts],
                "cross": list(g.cross),
                "deep": g.deep.grade if g.deep else None,
                "seconds": [round(v.seconds, 3) for v in g.verdicts],
            }
            for g in graded
        ]
        args.json.write_text(json.dumps({"figures": figures, "decisions": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
