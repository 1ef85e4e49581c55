"""Calls per second of the engine's three hot functions, and whole rounds per second, on one core.

    python -m benchmarks.engine            # or: python benchmarks/engine.py
    python -m benchmarks.engine --calls 20000 --seed 7 --json

Every situation comes from a real deal (two decks shuffled with
``random.Random(seed)``, four hands of 25 and a kitty of 8, a random trump rank
and suit, sometimes no-trump) and is built up front as lists of ``Card``; the
timed loops only call the engine. Each figure is the best of three repeats of
``--calls`` calls, timed with ``time.perf_counter`` (garbage collection off while
timing, as ``timeit`` does).

- ``trick_winner``: 4-player tricks led by a single or a pair; the followers'
  plays are legal follows from their own hands (checked with ``legal_follow``
  while generating).
- ``legal_follow``: a 25-card hand, a lead (single, pair, tractor or throw) from
  another player's hand, and a play of the lead's length from the hand, about
  half of them legal.
- ``check_throw``: throws of 2–3 units of one effective suit from the leader's
  hand, against the other three hands.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import (
    Bot,
    Card,
    HeuristicBot,
    RandomBot,
    Trump,
    check_throw,
    deck,
    lead_format,
    legal_follow,
    play_round,
    trick_winner,
)
from shengji_tutor.engine.cards import RANKS, SUITS

__all__ = ["DEFAULT_CALLS", "DEFAULT_SEED", "TARGETS", "calls_per_function", "main", "run"]

DEFAULT_SEED = 20240601
DEFAULT_CALLS: dict[str, int] = {"trick_winner": 10_000, "legal_follow": 6_000, "check_throw": 3_000}
"""Calls per repeat when ``--calls`` is not given: about 1–2 s per function (3 repeats) at today's speed."""
REPEATS = 15
POOL = 1_000
"""Distinct situations per function; the timed loop cycles through them."""
HAND_SIZE = 25
PLAYERS = 4
NO_TRUMP_SHARE = 0.15

TARGETS: dict[str, int] = {
    "trick_winner": 50_000,
    "legal_follow": 80_000,
    "check_throw": 50_000,
    "random_rounds": 150,
    "heuristic_rounds": 0,
}
"""Calls (or whole rounds) per second to reach; 0 means measured, no target."""
ROUNDS: dict[str, int] = {"random_rounds": 40, "heuristic_rounds": 15}
"""Whole rounds per repeat when ``--rounds`` is not given."""
ROUND_REPEATS = 5

Cards = list[Card]
TrickCase = tuple[list[Cards], Trump]
FollowCase = tuple[Cards, Cards, Cards, Trump]
ThrowCase = tuple[Cards, list[Cards], Trump]
T = TypeVar("T")


# -- dealing and picking units from a hand ------------------------------------------


def deal(rng: random.Random) -> tuple[list[Cards], Trump]:
    """Four hands of 25 from two shuffled decks (the last 8 cards are the kitty) and a random trump."""
    cards = deck(2)
    rng.shuffle(cards)
    hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(PLAYERS)]
    suit = None if rng.random() < NO_TRUMP_SHARE else rng.choice(SUITS)
    return hands, Trump(rng.choice(RANKS), suit)


def suit_groups(hand: Sequence[Card], trump: Trump) -> dict[str, Cards]:
    """The hand's cards by effective suit."""
    out: dict[str, Cards] = {}
    for c in hand:
        out.setdefault(trump.suit_of(c), []).append(c)
    return out


def pairs_in(cards: Sequence[Card]) -> Cards:
    """One card of each identical pair (cards are interned, so identity is equality)."""
    seen: set[Card] = set()
    out: Cards = []
    for c in cards:
        if c in seen:
            out.append(c)
        seen.add(c)
    return out


def tractors_in(cards: Sequence[Card], trump: Trump) -> list[Cards]:
    """Every tractor of 2 or 3 pairs among ``cards`` (all of one effective suit), top pair first."""
    at_key: dict[int, Cards] = {}
    for c in pairs_in(cards):
        at_key.setdefault(trump.key(c), []).append(c)
    out: list[Cards] = []
    for top, tops in at_key.items():
        runs: list[Cards] = [[c, c] for c in tops]
        for length in (2, 3):
            below = at_key.get(top - length + 1, [])
            runs = [[*run, c, c] for run in runs for c in below]
            out.extend(runs)
    return out


def take(pool: Cards, cards: Sequence[Card]) -> bool:
    """Remove ``cards`` from ``pool`` if all are there; report success."""
    rest = list(pool)
    for c in cards:
        if c not in rest:
            return False
        rest.remove(c)
    pool[:] = rest
    return True


def pick_unit(rng: random.Random, kind: str, cards: Cards, trump: Trump) -> Cards | None:
    """A random single, pair or tractor among ``cards``, or None if there is none."""
    if kind == "single":
        return [rng.choice(cards)] if cards else None
    if kind == "pair":
        pairs = pairs_in(cards)
        return [rng.choice(pairs)] * 2 if pairs else None
    tractors = tractors_in(cards, trump)
    return rng.choice(tractors) if tractors else None


def pick_lead(rng: random.Random, hand: Cards, trump: Trump, kind: str) -> Cards | None:
    """A lead of the given kind (single, pair, tractor or a 2–3-unit throw) from one suit of ``hand``."""
    groups = list(suit_groups(hand, trump).values())
    rng.shuffle(groups)
    for group in groups:
        if kind != "throw":
            unit = pick_unit(rng, kind, group, trump)
            if unit is not None and lead_format(unit, trump).kind == kind:
                return unit
            continue
        wanted = rng.choice((2, 3))
        rest = list(group)
        lead: Cards = []
        for _ in range(wanted):
            unit = pick_unit(rng, rng.choices(("single", "pair", "tractor"), (5, 4, 2))[0], rest, trump)
            if unit is not None and take(rest, unit):
                lead.extend(unit)
        if lead and len(lead_format(lead, trump).units) == wanted:
            return lead
    return None


def candidate_plays(rng: random.Random, hand: Cards, lead: Cards, trump: Trump) -> list[Cards]:
    """Plays of the lead's length from ``hand``: structure-first suit plays, random suit plays, ruffs, noise."""
    n = len(lead)
    s = trump.suit_of(lead[0])
    suited = [c for c in hand if trump.suit_of(c) == s]
    others = [c for c in hand if trump.suit_of(c) != s]
    trumps = [c for c in hand if trump.is_trump(c)]
    out: list[Cards] = []

    def fill(cards: Cards) -> Cards:
        return cards[:n] if len(cards) >= n else cards + rng.sample(others, n - len(cards))

    pairs = pairs_in(suited)
    rng.shuffle(pairs)
    singles = [c for c in suited if c not in pairs]
    rng.shuffle(singles)
    structured = [c for p in pairs for c in (p, p)] + singles
    out.append(fill(structured))
    out.append(fill(rng.sample(suited, min(n, len(suited)))))
    if n == 2:
        out.extend([p, p] for p in pairs)
        out.extend([p, p] for p in pairs_in(trumps))
    if len(trumps) >= n:
        out.append(rng.sample(trumps, n))
    out.append(rng.sample(hand, n))
    return out


# -- the three sets of situations -------------------------------------------------------


def lead_from_deal(rng: random.Random, kind: str) -> tuple[list[Cards], Trump, int, Cards]:
    """Deal until a random leader holds a lead of ``kind``: (hands, trump, leader's seat, lead)."""
    while True:
        hands, trump = deal(rng)
        leader = rng.randrange(PLAYERS)
        lead = pick_lead(rng, hands[leader], trump, kind)
        if lead is not None:
            return hands, trump, leader, lead


def trick_cases(rng: random.Random, count: int) -> list[TrickCase]:
    cases: list[TrickCase] = []
    for _ in range(count):
        kind = rng.choice(("single", "pair"))
        hands, trump, leader, lead = lead_from_deal(rng, kind)
        plays = [lead]
        for k in range(1, PLAYERS):
            hand = hands[(leader + k) % PLAYERS]
            legal = [p for p in candidate_plays(rng, hand, lead, trump) if legal_follow(hand, lead, p, trump)]
            plays.append(rng.choice(legal))
        cases.append((plays, trump))
    return cases


def follow_cases(rng: random.Random, count: int) -> list[FollowCase]:
    cases: list[FollowCase] = []
    for _ in range(count):
        kind = rng.choice(("single", "pair", "tractor", "throw"))
        hands, trump, leader, lead = lead_from_deal(rng, kind)
        hand = hands[(leader + rng.randrange(1, PLAYERS)) % PLAYERS]
        cases.append((hand, lead, pick_play(rng, hand, lead, trump, rng.random() < 0.5), trump))
    return cases


def pick_play(rng: random.Random, hand: Cards, lead: Cards, trump: Trump, legal: bool) -> Cards:
    """A candidate play that is legal (or illegal) as asked, if one turns up; else the last candidate."""
    play: Cards = []
    for _ in range(10):
        for play in candidate_plays(rng, hand, lead, trump):
            if bool(legal_follow(hand, lead, play, trump)) == legal:
                return play
    return play


def throw_cases(rng: random.Random, count: int) -> list[ThrowCase]:
    cases: list[ThrowCase] = []
    for _ in range(count):
        hands, trump, leader, lead = lead_from_deal(rng, "throw")
        others = [hands[(leader + k) % PLAYERS] for k in range(1, PLAYERS)]
        cases.append((lead, others, trump))
    return cases


# -- timing ----------------------------------------------------------------------------


def _time_tricks(work: list[TrickCase]) -> float:
    start = time.perf_counter()
    for plays, trump in work:
        trick_winner(plays, trump)
    return time.perf_counter() - start


def _time_follows(work: list[FollowCase]) -> float:
    start = time.perf_counter()
    for hand, lead, play, trump in work:
        legal_follow(hand, lead, play, trump)
    return time.perf_counter() - start


def _time_throws(work: list[ThrowCase]) -> float:
    start = time.perf_counter()
    for lead, others, trump in work:
        check_throw(lead, others, trump)
    return time.perf_counter() - start


def _best_rate(timer: Callable[[list[T]], float], cases: Sequence[T], calls: int, repeats: int = REPEATS) -> float:
    work = [cases[i % len(cases)] for i in range(calls)]
    times = []
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            times.append(timer(work))
        finally:
            gc.enable()
    return calls / min(times)


def _time_rounds(seeds: list[int], make_bot: Callable[[int, int], Bot]) -> float:
    bots = {seed: [make_bot(seed, seat) for seat in range(PLAYERS)] for seed in seeds}
    start = time.perf_counter()
    for seed in seeds:
        play_round(seed=seed, bots=bots[seed])
    return time.perf_counter() - start


def _round_rate(make_bot: Callable[[int, int], Bot], rounds: int, seed: int, repeats: int = ROUND_REPEATS) -> float:
    """Whole rounds per second (2 decks, 4 players), best of ``repeats`` runs of ``rounds`` seeded rounds."""
    seeds = [seed * 1_000 + k for k in range(rounds)]
    times = []
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            times.append(_time_rounds(seeds, make_bot))
        finally:
            gc.enable()
    return rounds / min(times)


def _random_bot(seed: int, seat: int) -> Bot:
    return RandomBot(random.Random(f"{seed}:{seat}"))


def _heuristic_bot(seed: int, seat: int) -> Bot:
    return HeuristicBot()


def calls_per_function(calls: int | None) -> dict[str, int]:
    """``calls`` for every function, or the defaults."""
    if calls is None:
        return dict(DEFAULT_CALLS)
    if calls < 1:
        raise ValueError(f"calls must be positive, got {calls}")
    return dict.fromkeys(DEFAULT_CALLS, calls)


def run(
    calls: int | None = None, seed: int = DEFAULT_SEED, rounds: int | None = None, repeats: int | None = None
) -> dict[str, float]:
    """Calls per second for each function and rounds per second for each kind of bot.

    ``calls`` is the number of calls per repeat for every function (default: ``DEFAULT_CALLS``);
    ``rounds`` the number of whole rounds per repeat for each bot (default: ``ROUNDS``); ``repeats`` how many
    times each is timed, the best kept (default: ``REPEATS`` for the functions, ``ROUND_REPEATS`` for the rounds;
    the tests time each once).
    """
    if repeats is not None and repeats < 1:
        raise ValueError(f"repeats must be positive, got {repeats}")
    fast, slow = (REPEATS, ROUND_REPEATS) if repeats is None else (repeats, repeats)
    n = calls_per_function(calls)
    rng = random.Random(seed)
    tricks = trick_cases(rng, min(n["trick_winner"], POOL))
    follows = follow_cases(rng, min(n["legal_follow"], POOL))
    throws = throw_cases(rng, min(n["check_throw"], POOL))
    return {
        "trick_winner": _best_rate(_time_tricks, tricks, n["trick_winner"], fast),
        "legal_follow": _best_rate(_time_follows, follows, n["legal_follow"], fast),
        "check_throw": _best_rate(_time_throws, throws, n["check_throw"], fast),
        "random_rounds": _round_rate(_random_bot, rounds or ROUNDS["random_rounds"], seed, slow),
        "heuristic_rounds": _round_rate(_heuristic_bot, rounds or ROUNDS["heuristic_rounds"], seed, slow),
    }


def report(rates: dict[str, float]) -> str:
    """One aligned line per function: name, calls/s, target, OK or BELOW."""
    lines = []
    for name, rate in rates.items():
        target = TARGETS[name]
        unit = "rounds/s" if name.endswith("rounds") else "calls/s"
        if not target:
            lines.append(f"{name:<16} {rate:>11,.0f} {unit:<9} (measured, no target)")
            continue
        verdict = "OK" if rate >= target else "BELOW"
        lines.append(f"{name:<16} {rate:>11,.0f} {unit:<9} target ≥ {target:>7,}/s   {verdict}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__.splitlines()[0])
    default_calls = ", ".join(f"{name} {n:,}" for name, n in DEFAULT_CALLS.items())
    parser.add_argument("--calls", type=int, help=f"calls per repeat for every function (default: {default_calls})")
    parser.add_argument("--rounds", type=int, help="whole rounds per repeat for each kind of bot")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    parser.add_argument(
        "--repeats", type=int, help=f"timings of each, the best kept (default {REPEATS}; rounds {ROUND_REPEATS})"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.calls is not None and args.calls < 1:
        parser.error("--calls must be positive")
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be positive")
    if args.repeats is not None and args.repeats < 1:
        parser.error("--repeats must be positive")
    rates = run(args.calls, args.seed, args.rounds, args.repeats)
    if args.json:
        calls = calls_per_function(args.calls)
        calls |= {name: args.rounds or n for name, n in ROUNDS.items()}
        results = {
            name: {"per_second": rate, "target": TARGETS[name], "ok": rate >= TARGETS[name], "calls": calls[name]}
            for name, rate in rates.items()
        }
        print(json.dumps({"seed": args.seed, "repeats": args.repeats or REPEATS, "results": results}, indent=2))
    else:
        print(report(rates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
