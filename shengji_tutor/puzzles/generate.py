"""Fresh puzzles from simulated rounds, for practice mode.

A round is played by four heuristic bots (``play_round``); a position in it
becomes a puzzle of the wanted kind. A generated puzzle passes the same checks
as a hand-written one (``check_puzzle``) before it is shown, and is tagged with a
difficulty from its structure: singles are easy, pairs harder, tractors, throws
and ruffs hardest. A best puzzle (lesson 11) is a late decision of a self-played
round where the search's best play clearly beats the heuristic bot's
(``finder.find_positions``); its difficulty is the number of cards in hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from ..engine.cards import RANKS, Card, format_cards
from ..engine.follow import legal_follow
from ..engine.ids import lead_units
from ..engine.tricks import check_throw
from ..engine.trump import Trump
from ..engine.units import lead_format
from ..play.bots import HeuristicBot
from ..play.coaching import hint_ladder
from ..play.game import play_round
from ..play.record import RoundRecord
from .bank import check_puzzle
from .base import Puzzle, Topic
from .finder import find_positions
from .schema import SEATS, PuzzleSpec, SpecBase

__all__ = ["BEST_HAND_SIZES", "GENERATED_KINDS", "THEME_IDEAS", "generate"]

GENERATED_KINDS = ("winner", "legal", "play", "points", "throw", "order", "best")
_SPEC: TypeAdapter[SpecBase] = TypeAdapter(PuzzleSpec)
_TOPIC = Topic("practice", 0, "Practice")


def _tokens(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _trump_text(trump: Trump) -> str:
    return f"{trump.rank}{trump.suit or 'NT'}"


def _difficulty(lead: Sequence[Card], trump: Trump, plays: Sequence[Sequence[Card]] = ()) -> int:
    fmt = lead_format(list(lead), trump)
    ruffed = any(trump.is_trump(p[0]) for p in plays[1:]) and not trump.is_trump(lead[0])
    if fmt.kind in ("tractor", "throw"):
        return 3
    if fmt.kind in ("pair", "tuple"):
        return 3 if ruffed else 2
    return 2 if ruffed else 1


def _hands_before(record: RoundRecord, index: int) -> list[list[Card]]:
    """Each seat's cards at the start of trick ``index``."""
    hands = [Counter(h) for h in record.hands]
    for t in record.tricks[:index]:
        for k, play in enumerate(t.plays):
            hands[t.seat_of(k, 4)] -= Counter(play)
    return [list(h.elements()) for h in hands]


def _round(seed: int) -> RoundRecord:
    """A round at a random level and dealer, so every trump rank comes up."""
    pick = random.Random(seed)
    rank, dealer = pick.choice(RANKS), pick.randrange(4)
    return play_round(seed=seed, bots=[HeuristicBot() for _ in range(4)], dealer=dealer, rank=rank)


def _winner(record: RoundRecord, rng: random.Random) -> dict[str, Any] | None:
    t = rng.choice(record.tricks)
    lead = t.plays[0]
    fmt = lead_format(list(lead), record.trump)
    return {
        "kind": "winner",
        "trick": [_tokens(p) for p in t.plays],
        "leader": SEATS[t.leader],
        "prompt": f"{SEATS[t.leader]} leads {fmt.describe()}. Who wins the trick?",
        "hint": "Check who followed suit, who ruffed, and compare only plays of the lead's shape.",
        "difficulty": _difficulty(lead, record.trump, t.plays),
    }


def _position(record: RoundRecord, rng: random.Random) -> tuple[int, int, list[Card]]:
    index = rng.randrange(len(record.tricks))
    k = rng.randrange(1, 4)
    t = record.tricks[index]
    hand = _hands_before(record, index)[t.seat_of(k, 4)]
    return index, k, hand


def _legal(record: RoundRecord, rng: random.Random) -> dict[str, Any] | None:
    index, k, hand = _position(record, rng)
    t = record.tricks[index]
    lead = list(t.plays[0])
    play = list(t.plays[k])
    if rng.random() < 0.5:  # an illegal play, the kind beginners make
        for _ in range(30):
            candidate = rng.sample(hand, len(lead))
            if not legal_follow(hand, lead, candidate, record.trump):
                play = candidate
                break
    return {
        "kind": "legal",
        "trick": [_tokens(p) for p in t.plays[:k]],
        "leader": SEATS[t.leader],
        "hand": _tokens(hand),
        "play": _tokens(play),
        "prompt": f"You hold these cards and play {format_cards(play)}. Is that legal?",
        "hint": "Suit first, then structure: pairs and tractors must be answered in kind if you can.",
        "difficulty": _difficulty(lead, record.trump),
    }


def _play(record: RoundRecord, rng: random.Random) -> dict[str, Any] | None:
    index, k, hand = _position(record, rng)
    t = record.tricks[index]
    goal = rng.choice(["legal", "win"])
    return {
        "kind": "play",
        "trick": [_tokens(p) for p in t.plays[:k]],
        "leader": SEATS[t.leader],
        "hand": _tokens(hand),
        "goal": goal,
        "prompt": "What do you play?" if goal == "legal" else "Win this trick if you can: what do you play?",
        "hint": "Follow the led suit first; then match its pairs and tractors.",
        "difficulty": min(3, _difficulty(t.plays[0], record.trump) + (goal == "win")),
    }


def _points(record: RoundRecord, rng: random.Random) -> dict[str, Any] | None:
    choice = rng.random()
    if choice < 0.5:
        t = rng.choice([t for t in record.tricks if t.points] or list(record.tricks))
        return {
            "kind": "points",
            "count": "cards",
            "trick": [_tokens(p) for p in t.plays],
            "leader": SEATS[t.leader],
            "prompt": "How many points are in this trick?",
            "hint": "Only 5s, 10s and kings score.",
            "difficulty": 1,
        }
    if choice < 0.8:
        n = rng.randrange(3, 8)
        taken = [_tokens([c for p in t.plays for c in p]) for t in record.tricks[:n]]
        return {
            "kind": "points",
            "count": "remaining",
            "taken": taken,
            "prompt": f"After these {n} tricks, how many points are still out?",
            "hint": "Two decks hold 200 points; subtract what the tricks shown hold.",
            "difficulty": 2,
        }
    if not any(c.points for c in record.kitty):
        return None
    play = rng.choice(list(lead_units([c.id for c in record.hands[0]], record.trump)))
    winning = [Card.from_id(i) for i in play]
    return {
        "kind": "points",
        "count": "kitty",
        "kitty": _tokens(record.kitty),
        "winning_play": _tokens(winning),
        "prompt": f"The attackers win the last trick with {format_cards(winning)}. What is the kitty worth to them?",
        "hint": "The kitty's points are multiplied by 2 × the cards in the winning play's largest unit.",
        "difficulty": 3,
    }


def _throw(record: RoundRecord, rng: random.Random) -> dict[str, Any] | None:
    index = rng.randrange(len(record.tricks))
    t = record.tricks[index]
    hands = _hands_before(record, index)
    leader = t.leader
    trump = record.trump
    units = list(lead_units([c.id for c in hands[leader]], trump))
    by_suit: dict[int, list[list[int]]] = {}
    for u in units:
        by_suit.setdefault(trump.suit_table[u[0]], []).append(u)
    options = [g for g in by_suit.values() if len(g) >= 2]
    if not options:
        return None
    group = rng.choice(options)
    picked = rng.sample(group, min(len(group), rng.choice([2, 3])))
    need = Counter(i for u in picked for i in u)
    held = Counter(c.id for c in hands[leader])
    if any(held[i] < n for i, n in need.items()):
        return None
    lead = [Card.from_id(i) for i in need.elements()]
    if len(lead_format(lead, trump).units) < 2:
        return None
    others = [hands[(leader + k) % 4] for k in range(1, 4)]
    check = check_throw(lead, others, trump)
    ask = "forced" if not check.ok and rng.random() < 0.6 else "safe"
    return {
        "kind": "throw",
        "lead": _tokens(lead),
        "others": [_tokens(h) for h in others],
        "leader": SEATS[leader],
        "ask": ask,
        "prompt": (
            f"You throw {format_cards(lead)}. "
            + ("It fails: what must you play instead?" if ask == "forced" else "Is the throw safe?")
        ),
        "hint": "A throw fails only if another player holds a higher unit of the same shape in that suit.",
        "difficulty": 3 if ask == "forced" else 2,
    }


def _order(record: RoundRecord, rng: random.Random) -> dict[str, Any] | None:
    trump = record.trump
    pool = sorted({c for h in record.hands for c in h if trump.is_trump(c)}, key=lambda c: c.id)
    n = rng.randrange(4, 8)
    if len(pool) < n:
        return None
    cards = rng.sample(pool, n)
    has_rank = any(c.rank == trump.rank for c in cards)
    return {
        "kind": "order",
        "cards": _tokens(cards),
        "prompt": f"{trump.describe().capitalize()}. Sort these trumps, highest first.",
        "hint": "Jokers first, then the trump-rank cards, then the trump suit from the ace down.",
        "difficulty": 3 if has_rank and n >= 6 else (2 if has_rank else 1),
    }


_MAKERS = {"winner": _winner, "legal": _legal, "play": _play, "points": _points, "throw": _throw, "order": _order}


BEST_HAND_SIZES = {1: range(5, 7), 2: range(7, 9), 3: range(9, 11)}
"""A best puzzle's difficulty is how many cards South still holds: the fewer, the easier to see through."""
THEME_IDEAS = {
    "counting-points": "Count the points (分 fēn) won against the 80 line and those still out before you choose.",
    "counting-trumps": "Count the trumps (主 zhǔ) and aces still out: a card nobody can beat wins its trick.",
    "leading-trumps": "Leading trumps draws the opponents' trumps, so your long suit is safe afterwards.",
    "giving-points": "When your partner is winning the trick, give points; do not take the trick from them.",
    "protecting-points": "When an opponent is winning the trick, keep your points: play a card worth nothing.",
    "keeping-pairs": "A pair (对子 duìzi) or tractor (拖拉机 tuōlājī) kept for the end beats a pair led later.",
    "last-trick": "Whoever wins the last trick decides the kitty (底牌 dǐpái): keep the strength for it.",
}
"""The idea of each theme in one sentence: a generated best puzzle's teaching text."""


def _best(difficulty: int | None, seed: int, attempts: int) -> Puzzle:
    """A best puzzle from self-play: the first position ``find_positions`` finds (seed 0's margin only: practice
    grades at seed 0, and the three-seed check is for the bank)."""
    sizes = BEST_HAND_SIZES[difficulty] if difficulty is not None else range(5, 11)
    rng = random.Random(seed)
    for attempt in range(attempts):
        for found in find_positions(rng.randrange(1 << 30), sizes, stable=False):
            size = len(found.view.hand)
            fields = found.fields | {
                "kind": "best",
                "id": f"gen-best-{seed}-{attempt}",
                "theme": found.theme,
                "accept": [_tokens(p) for p in found.accept],
                "difficulty": next(level for level, hand in BEST_HAND_SIZES.items() if size in hand),
                "prompt": "South to play. What is the best play here?",
                "hint": hint_ladder(found.view, found.options[0].choice)[0],
                "explain": THEME_IDEAS[found.theme],
            }
            puzzle = Puzzle.from_spec(_SPEC.validate_python(fields), _TOPIC)
            if not check_puzzle(puzzle):
                return puzzle
    raise RuntimeError(f"no best puzzle of difficulty {difficulty} found in {attempts} simulated rounds")


def generate(kind: str, difficulty: int | None = None, seed: int = 0, attempts: int = 60) -> Puzzle:
    """A fresh puzzle of ``kind`` (and ``difficulty`` 1–3 when given) that passes the bank's checks."""
    if kind not in GENERATED_KINDS:
        raise ValueError(f"cannot generate {kind!r} puzzles; choose one of {', '.join(GENERATED_KINDS)}")
    if difficulty is not None and difficulty not in (1, 2, 3):
        raise ValueError(f"difficulty is 1, 2 or 3, not {difficulty!r}")
    if kind == "best":
        return _best(difficulty, seed, attempts)
    rng = random.Random(seed)
    for attempt in range(attempts):
        record = _round(rng.randrange(1 << 30))
        for _ in range(10):
            fields = _MAKERS[kind](record, rng)
            if fields is None or (difficulty is not None and fields["difficulty"] != difficulty):
                continue
            fields |= {"id": f"gen-{kind}-{seed}-{attempt}", "trump": _trump_text(record.trump)}
            puzzle = Puzzle.from_spec(_SPEC.validate_python(fields), _TOPIC)
            if not check_puzzle(puzzle):
                return puzzle
    raise RuntimeError(f"no {kind} puzzle of difficulty {difficulty} found in {attempts} simulated rounds")
