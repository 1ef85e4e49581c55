"""Head-to-head: the heuristic bot against the random bot over seeded rounds.

    python -m benchmarks.bots --rounds 400

The heuristic side sits in seats 0 and 2 on even rounds and 1 and 3 on odd
ones; a round counts as won when that side goes up (it held as declarers or
took over as attackers). Each round is a match's first round (level 2, the
first declarer deals).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import HeuristicBot, RandomBot
from shengji_tutor.play.game import HeadToHead, head_to_head

__all__ = ["main", "run"]


def run(rounds: int = 400, seed: int = 0) -> HeadToHead:
    rng = random.Random(seed)
    return head_to_head(
        lambda seat: HeuristicBot(), lambda seat: RandomBot(rng.randrange(2**32)), rounds=rounds, seed=seed
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds to play (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be positive")
    result = run(args.rounds, args.seed)
    print(
        f"heuristic vs random: {result.wins}/{result.rounds} rounds won ({result.win_rate:.1%}); "
        f"the heuristic side declared in {result.a_declaring} of them"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
