"""Whole games of Zheng Fen per second, against Sheng ji's whole rounds per second measured in the same run.

    python -m benchmarks.zhengfen                # or: python benchmarks/zhengfen.py
    python -m benchmarks.zhengfen --runs 5 --games 10 --players 4 --json

A game is ``play_game(players, seed)``: hands of one deck dealt and played out
by bots until someone reaches 500 (about 17 hands at four players). Each run
times ``--games`` seeded games with random bots, the same with heuristic bots,
and, as the baseline, ``benchmarks.engine``'s whole Sheng ji rounds (two decks,
four random bots: deal, declarations, kitty, 25 tricks, score) — one after the
other, so a busy machine slows all three alike; the figures are the medians of
``--runs`` runs, and the ratio is games per second over rounds per second.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine import DEFAULT_SEED, _random_bot, _time_rounds
from shengji_tutor.zhengfen import Bot, HeuristicBot, RandomBot, play_game

__all__ = ["BOTS", "main", "run"]

RUNS = 5
GAMES = 10
BASELINE_ROUNDS = 20
BOTS: dict[str, Callable[[int, int], Bot]] = {
    "random": lambda seed, seat: RandomBot(random.Random(f"{seed}:{seat}")),
    "heuristic": lambda seed, seat: HeuristicBot(),
}


def _timed(work: Callable[[], float]) -> float:
    """The seconds ``work`` reports it took, garbage collection off as ``timeit`` does."""
    gc.collect()
    gc.disable()
    try:
        return work()
    finally:
        gc.enable()


def _time_games(seeds: Sequence[int], players: int, make_bot: Callable[[int, int], Bot]) -> float:
    bots = {seed: [make_bot(seed, seat) for seat in range(players)] for seed in seeds}
    start = time.perf_counter()
    for seed in seeds:
        play_game(players, seed, bots=bots[seed])
    return time.perf_counter() - start


def run(
    runs: int = RUNS, games: int = GAMES, players: int = 4, seed: int = DEFAULT_SEED, rounds: int = BASELINE_ROUNDS
) -> dict[str, float]:
    """Medians over ``runs``: games per second for each kind of bot, Sheng ji rounds per second, and the ratios."""
    if min(runs, games, rounds) < 1:
        raise ValueError(f"runs, games and rounds must be positive, got {runs}, {games}, {rounds}")
    seeds = [seed * 1_000 + k for k in range(games)]
    round_seeds = [seed * 1_000 + k for k in range(rounds)]
    rates: dict[str, list[float]] = {f"{name}_games": [] for name in BOTS}
    rates["shengji_rounds"] = []
    for _ in range(runs):
        for name, make_bot in BOTS.items():
            elapsed = _timed(functools.partial(_time_games, seeds, players, make_bot))
            rates[f"{name}_games"].append(games / elapsed)
        rates["shengji_rounds"].append(rounds / _timed(functools.partial(_time_rounds, round_seeds, _random_bot)))
    result = {name: statistics.median(values) for name, values in rates.items()}
    for name in BOTS:
        ratios = [g / r for g, r in zip(rates[f"{name}_games"], rates["shengji_rounds"], strict=True)]
        result[f"{name}_ratio"] = statistics.median(ratios)
    return result


def report(result: dict[str, float], players: int) -> str:
    lines = [f"Zheng Fen, {players} players, whole games to 500 (medians):"]
    for name in BOTS:
        rate, ratio = result[f"{name}_games"], result[f"{name}_ratio"]
        lines.append(f"  {name + ' bots':<15} {rate:>7.2f} games/s   {ratio:.3f} × Sheng ji's rounds/s")
    lines.append(f"  baseline: Sheng ji, 4 random bots, {result['shengji_rounds']:.0f} whole rounds/s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.zhengfen", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help=f"runs to take the median of (default {RUNS})")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per run and kind of bot (default {GAMES})")
    parser.add_argument("--rounds", type=int, default=BASELINE_ROUNDS, help="Sheng ji rounds per run (baseline)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), help="players at the table (3-6)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if min(args.runs, args.games, args.rounds) < 1:
        parser.error("--runs, --games and --rounds must be positive")
    result = run(args.runs, args.games, args.players, args.seed, args.rounds)
    if args.json:
        print(json.dumps({"players": args.players, "runs": args.runs, "games": args.games, "results": result}))
    else:
        print(report(result, args.players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
