"""Fresh puzzles for practice mode: every kind at every difficulty, with answers that cannot be guessed.

Most positions come from rounds that four heuristic bots play (``play_round``):
a trick of the round, or a player's hand before it, becomes the puzzle. What
those rounds hardly ever give is dealt to order (``construct``): a kitty with
points (the bots never bury any) and throws, half of which stand (nine in ten
of the bots' throws fail). A generated puzzle passes the same checks as a
hand-written one (``check_puzzle``) before it is shown.

The difficulty (1–3; drawn at random when none is asked) comes from the puzzle's
structure:

- winner, legal, play: the lead. A single is easy, a pair harder, a tractor or a
  throw hardest (one deck has no pair: a throw of two singles is 2 there); a ruff
  adds a level to a winner puzzle, a goal of winning the trick one to a play puzzle;
- points: the cards of one trick (1), the points still out after the first
  tricks (2, the tricks shown), the kitty's bonus at the last trick (3);
- throw: a throw of singles (1), with a pair (2), with a tractor (3); what must
  be played instead of a failed throw is 3 too;
- order: trump-rank cards among the trumps, and how many cards;
- best: how many cards South still holds (``BEST_HAND_SIZES``).

Under a table's own house rules (``rules=RuleSet(...)``, four players in fixed
partnerships) the rounds are played, the positions dealt and the puzzles graded
under those rules, and the puzzle's spec carries them (``rules:``, the fields that
differ from the house rules, ``rule_changes``): three decks bring triples, a red five
tops the trumps, one deck has no pair, ``follow="protect-longer"`` changes what
may be played against a pair when a triple is held (with two decks no tuple is
wider than a pair, so it changes nothing there).

So that an answer is not a guess: a legal? puzzle shows a legal play or a near
miss (a legal play with one card changed) half the time each, a "Is the throw
safe?" puzzle stands half the time, a what-do-you-play puzzle accepts at most
``MAX_ACCEPTED`` plays, and at difficulties 2 and 3 most legal and play puzzles
are led by pairs, tractors and throws.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cached_property
from itertools import islice
from typing import Any

from ..engine.cards import RANKS, Card, format_cards, sentence_case
from ..engine.errors import RuleSetError
from ..engine.follow import legal_follow
from ..engine.plays import legal_plays, random_follow
from ..engine.rules import DEFAULT_RULES, Partnership, RuleSet, rule_changes
from ..engine.seats import seat_label
from ..engine.trump import Trump
from ..engine.units import UnitKind, lead_format
from ..i18n import N_, t, tn
from ..play.bots import HeuristicBot
from ..play.coaching import hint_ladder
from ..play.game import play_round
from ..play.record import RoundRecord
from .authoring import FORMS
from .bank import check_puzzle
from .base import Puzzle, Topic
from .construct import kitty_position, throw_position
from .finder import Found, find_positions
from .kinds.play import PlayPuzzle
from .schema import SEATS, read_spec, spoken
from .teaching import deck_words, sentences

__all__ = [
    "BEST_HAND_SIZES",
    "GENERATED_KINDS",
    "LEVELS",
    "MAX_ACCEPTED",
    "THEME_IDEAS",
    "generate",
    "practice_rules",
]

GENERATED_KINDS = ("winner", "legal", "play", "points", "throw", "order", "best")
LEVELS = (1, 2, 3)
MAX_ACCEPTED = 3
"""A what-do-you-play puzzle accepts at most this many plays: with more, almost any card of the suit is right."""
_WIN_GOAL_PLAYS = 60
"""A goal of winning is judged by trying every legal play in the trick: a position with more is passed over."""
_POSITIONS = 12
"""How many positions of a round a maker tries before it asks for another round."""

_TOPIC = Topic("practice", 0, "Practice")
_BEST_REFUSES = {
    "chao_dipi": N_(
        "chao dipi (炒地皮) overturns the trump after the kitty, which a best puzzle's notation cannot say"
    ),
}
"""The house rules a best puzzle cannot be written under (``positions.position_fields`` writes one declaration
and one burial, and ``finder.deal_round`` deals no overturn), with the reason the learner is given (English: shown
with ``t``)."""


def practice_rules(rules: RuleSet | None) -> RuleSet:
    """``rules`` if practice puzzles can be made under them (four players in fixed partnerships: the puzzles name
    North, West, South and East), the house rules for ``None``; otherwise a ``RuleSetError`` (a ``ValueError``)
    that says why."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"rules must be a RuleSet (or None for the house rules), not {rules!r}")
    if rules.players != 4:
        raise RuleSetError(
            t(
                "practice puzzles seat four players (North, West, South and East), and these rules seat {players}",
                players=rules.players,
            )
        )
    if rules.partnership != Partnership.FIXED:
        raise RuleSetError(t("practice puzzles seat two fixed partnerships, not Finding Friends (找朋友 zhǎo péngyou)"))
    return rules


def _tokens(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _puzzle(fields: dict[str, Any], pid: str, trump: Trump, rules: RuleSet = DEFAULT_RULES) -> Puzzle:
    """The puzzle of these spec fields, with its id, its trump and the rules it is graded under."""
    changes = rule_changes(rules)
    spec = read_spec(
        fields | {"id": pid, "trump": f"{trump.rank}{trump.suit or 'NT'}"} | ({"rules": changes} if changes else {})
    )
    return Puzzle.from_spec(spec, _TOPIC)


def _lead_level(lead: Sequence[Card], trump: Trump, rules: RuleSet = DEFAULT_RULES) -> int:
    """A lead's difficulty: a single 1, a pair (a triple) 2, a tractor or a throw 3. One deck has no pair: there a
    throw of two singles is 2, of more 3."""
    kind = lead_format(list(lead), trump, rules).kind
    if rules.decks == 1 and kind == UnitKind.THROW:
        return 2 if len(lead) == 2 else 3
    return 1 if kind == UnitKind.SINGLE else 2 if kind in (UnitKind.PAIR, UnitKind.TUPLE) else 3


def _difficulty(
    lead: Sequence[Card], trump: Trump, plays: Sequence[Sequence[Card]] = (), rules: RuleSet = DEFAULT_RULES
) -> int:
    """A whole trick's difficulty: its lead's, one more when a plain lead is ruffed."""
    ruffed = any(trump.is_trump(p[0]) for p in plays[1:]) and not trump.is_trump(lead[0])
    return min(3, _lead_level(lead, trump, rules) + ruffed)


class _Deal:
    """One attempt's material: a round the bots play under the rules (a random level and dealer, so every trump
    rank comes up), played only when a maker asks for it (the constructed kinds never do)."""

    def __init__(self, seed: int, rules: RuleSet = DEFAULT_RULES) -> None:
        self.seed = seed
        self.rules = rules

    @cached_property
    def record(self) -> RoundRecord:
        pick = random.Random(self.seed)
        rank, dealer = pick.choice(RANKS), pick.randrange(4)
        bots = [HeuristicBot() for _ in range(4)]
        return play_round(self.rules, seed=self.seed, bots=bots, dealer=dealer, rank=rank)

    @cached_property
    def hands(self) -> list[list[list[Card]]]:
        """``hands[i][seat]``: the seat's cards at the start of trick ``i``."""
        held = [Counter(h) for h in self.record.hands]
        out = []
        for tr in self.record.tricks:
            out.append([list(h.elements()) for h in held])
            for k, play in enumerate(tr.plays):
                held[tr.seat_of(k, 4)] -= Counter(play)
        return out

    def positions(self, rng: random.Random, level: int) -> list[tuple[int, int]]:
        """``(trick, k)``: the ``k``-th player (1–3) to follow a lead of difficulty ``level``, in a random order.
        Under ``follow="protect-longer"`` the positions where it matters (``_protects``) come first."""
        trump = self.record.trump
        found = [
            (i, k)
            for i, tr in enumerate(self.record.tricks)
            if _lead_level(tr.plays[0], trump, self.rules) == level
            for k in range(1, 4)
        ]
        rng.shuffle(found)
        if self.rules.follow == "protect-longer":
            found.sort(key=lambda p: not _protects(self.follower(*p), self.record.tricks[p[0]].plays[0], trump))
        return found[:_POSITIONS]

    def follower(self, index: int, k: int) -> list[Card]:
        """The hand of the ``k``-th player of trick ``index`` before they play."""
        tr = self.record.tricks[index]
        return self.hands[index][tr.seat_of(k, 4)]


def _protects(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> bool:
    """Does ``follow="protect-longer"`` change what this hand may play to this lead (RULES §6)? Only when a tuple
    is led and the hand holds a wider one of the suit (a triple against a pair: three decks)."""
    suit = trump.suit_of(lead[0])
    led = Counter(lead)
    held = Counter(c for c in hand if trump.suit_of(c) == suit)
    narrowest = min((n for n in led.values() if n > 1), default=0)
    return narrowest > 0 and max(held.values(), default=0) > narrowest


Maker = Callable[[_Deal, random.Random, int, str], Puzzle | None]
"""Makes a puzzle of the given difficulty from a deal (or returns ``None`` when this deal has none): its
arguments are the deal, the generator's random source, the difficulty and the puzzle's id."""


def _winner(deal: _Deal, rng: random.Random, level: int, pid: str) -> Puzzle | None:
    record, rules = deal.record, deal.rules
    tricks = [tr for tr in record.tricks if _difficulty(tr.plays[0], record.trump, tr.plays, rules) == level]
    if not tricks:
        return None
    tr = rng.choice(tricks)
    fmt = lead_format(list(tr.plays[0]), record.trump, rules)
    fields = {
        "kind": "winner",
        "trick": [_tokens(p) for p in tr.plays],
        "leader": SEATS[tr.leader],
        **spoken(
            lambda: {
                "prompt": t(
                    "{seat} leads {lead}. Who wins the trick?", seat=seat_label(tr.leader), lead=fmt.describe()
                ),
                "hint": t("Check who followed suit, who ruffed, and compare only plays of the lead's shape."),
            }
        ),
        "difficulty": level,
    }
    return _puzzle(fields, pid, record.trump, rules)


def _follow(hand: Sequence[Card], lead: Sequence[Card], trump: Trump, rng: random.Random, rules: RuleSet) -> list[Card]:
    """A random legal follow (``random_follow``)."""
    ids = random_follow([c.id for c in hand], [c.id for c in lead], trump, rules, rng)
    return [Card.from_id(i) for i in ids]


def _near_miss(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump, rng: random.Random, rules: RuleSet
) -> list[Card] | None:
    """An illegal play a beginner makes: a legal follow with one card swapped for another of the hand (an
    off-suit card while the suit lasts, a single where a pair was due). ``None`` when every play is legal
    (the hand is void in the suit)."""
    base = _follow(hand, lead, trump, rng, rules)
    rest = list((Counter(hand) - Counter(base)).elements())
    for _ in range(20 if rest else 0):
        play = list(base)
        play[rng.randrange(len(play))] = rng.choice(rest)
        if not legal_follow(hand, lead, play, trump, rules):
            return play
    return None


def _protected(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump, rng: random.Random, rules: RuleSet
) -> list[Card]:
    """A legal follow under ``follow="protect-longer"`` that keeps a wider tuple whole where the house rule would
    break it, if a few random follows give one (the variant shown); else any legal follow."""
    house = replace(rules, follow="no-protections")
    plays = [_follow(hand, lead, trump, rng, rules) for _ in range(10)]
    return next((p for p in plays if not legal_follow(hand, lead, p, trump, house)), plays[0])


def _legal(deal: _Deal, rng: random.Random, level: int, pid: str) -> Puzzle | None:
    record, rules = deal.record, deal.rules
    legal = rng.random() < 0.5  # the answer: yes half the time
    for index, k in deal.positions(rng, level):
        tr = record.tricks[index]
        hand, lead = deal.follower(index, k), list(tr.plays[0])
        play: list[Card] | None
        if legal and _protects(hand, lead, record.trump) and rules.follow == "protect-longer":
            play = _protected(hand, lead, record.trump, rng, rules)
        elif legal:
            play = list(tr.plays[k]) if rng.random() < 0.5 else _follow(hand, lead, record.trump, rng, rules)
        else:
            play = _near_miss(hand, lead, record.trump, rng, rules)
        if play is None:
            continue
        fields = {
            "kind": "legal",
            "trick": [_tokens(p) for p in tr.plays[:k]],
            "leader": SEATS[tr.leader],
            "hand": _tokens(hand),
            "play": _tokens(play),
            **spoken(_legal_words, play),
            "difficulty": level,
        }
        return _puzzle(fields, pid, record.trump, rules)
    return None


def _legal_words(play: Sequence[Card]) -> dict[str, str]:
    return {
        "prompt": t("You hold these cards and play {cards}. Is that legal?", cards=format_cards(play)),
        "hint": t("Suit first, then structure: pairs and tractors must be answered in kind if you can."),
    }


_WIN = ("win", "cheapest-win")
_PLAY_LEVELS: dict[int, tuple[tuple[int, tuple[str, ...], int], ...]] = {
    1: ((1, ("legal",), 1),),
    2: ((2, ("legal",), 30), (1, _WIN, 1)),
    3: ((3, ("legal",), 1), (3, _WIN, 1), (2, _WIN, 1)),
}
"""A play puzzle's difficulty from its lead's and its goal (winning adds one): (lead's difficulty, goals,
weight). Four in five of difficulty 2 are led by a pair, so most play puzzles have a lead of several cards."""
_PROMPTS = {
    "legal": (N_("What do you play?"), N_("Follow the led suit first; then match its pairs and tractors.")),
    "win": (
        N_("Win this trick if you can: what do you play?"),
        N_("Only a play of the lead's shape, all in its suit or all trumps, can win the trick."),
    ),
    "cheapest-win": (
        N_("Win this trick as cheaply as you can: what do you play?"),
        N_("Of the plays that win, keep your high cards and trumps: play the lowest one that still wins."),
    ),
}
"""A play puzzle's prompt and hint by its goal (English: shown with ``t``)."""


def _goal_words(goal: str) -> dict[str, str]:
    prompt, hint = _PROMPTS[goal]
    return {"prompt": t(prompt), "hint": t(hint)}


def _play(deal: _Deal, rng: random.Random, level: int, pid: str) -> Puzzle | None:
    record, rules = deal.record, deal.rules
    options = _PLAY_LEVELS[level]
    lead_level, goals, _ = rng.choices(options, weights=[w for *_, w in options])[0]
    for index, k in deal.positions(rng, lead_level):
        tr = record.tricks[index]
        hand, lead = deal.follower(index, k), tr.plays[0]
        count = sum(1 for _ in islice(legal_plays(hand, lead, record.trump, rules), _WIN_GOAL_PLAYS + 1))
        for goal in rng.sample(goals, len(goals)):
            if count > (MAX_ACCEPTED if goal == "legal" else _WIN_GOAL_PLAYS):
                continue
            fields = {
                "kind": "play",
                "trick": [_tokens(p) for p in tr.plays[:k]],
                "leader": SEATS[tr.leader],
                "hand": _tokens(hand),
                "goal": goal,
                **spoken(_goal_words, goal),
                "difficulty": level,
            }
            puzzle = _puzzle(fields, pid, record.trump, rules)
            assert isinstance(puzzle, PlayPuzzle)
            if 1 <= len(puzzle.correct_plays) <= MAX_ACCEPTED:
                return puzzle
    return None


_KITTY_HINTS = {
    "times": N_("The kitty's points are multiplied by 2 × the cards in the winning play's largest unit."),
    "power": N_("The kitty's points are multiplied by 2 to the power of the cards in the winning play's largest unit."),
    "cards": N_("The kitty's points are multiplied by 2 × every card of the winning play."),
}
"""The kitty puzzle's hint under each ``kitty_multiplier`` (RULES §9, §11)."""


def _points(deal: _Deal, rng: random.Random, level: int, pid: str) -> Puzzle | None:
    rules = deal.rules
    if level == 3:
        return _kitty_points(rules, rng, pid)
    record = deal.record
    if level == 1:
        tr = rng.choice([tr for tr in record.tricks if tr.points] or list(record.tricks))
        fields = {
            "kind": "points",
            "count": "cards",
            "trick": [_tokens(p) for p in tr.plays],
            "leader": SEATS[tr.leader],
            **spoken(lambda: {"prompt": t(FORMS["points"].prompt), "hint": t("Only 5s, 10s and kings score.")}),
            "difficulty": 1,
        }
        return _puzzle(fields, pid, record.trump, rules)
    n = rng.randrange(3, 8)
    fields = {
        "kind": "points",
        "count": "remaining",
        "taken": [_tokens([c for p in tr.plays for c in p]) for tr in record.tricks[:n]],
        **spoken(
            lambda: {
                "prompt": tn(
                    "After this {n} trick, how many points are still out?",
                    "After these {n} tricks, how many points are still out?",
                    n,
                ),
                "hint": tn(
                    "{decks} holds {total} points; subtract what the tricks shown hold.",
                    "{decks} hold {total} points; subtract what the tricks shown hold.",
                    rules.decks,
                    decks=deck_words(rules.decks),
                    total=rules.total_points,
                ),
            }
        ),
        "difficulty": 2,
    }
    return _puzzle(fields, pid, record.trump, rules)


def _kitty_points(rules: RuleSet, rng: random.Random, pid: str) -> Puzzle:
    """Difficulty 3 of the points puzzles: the kitty's worth, in a position dealt to order (``kitty_position``)."""
    trump, kitty, winning = kitty_position(rng, rules)
    fields = {
        "kind": "points",
        "count": "kitty",
        "kitty": _tokens(trump.sorted(kitty)),
        "winning_play": _tokens(trump.sorted(winning)),
        **spoken(
            lambda: {
                "prompt": t(
                    "The attackers win the last trick with {cards}. What is the kitty worth to them?",
                    cards=format_cards(winning),
                ),
                "hint": t(_KITTY_HINTS[rules.kitty_multiplier]),
            }
        ),
        "difficulty": 3,
    }
    return _puzzle(fields, pid, trump, rules)


def _throw(deal: _Deal, rng: random.Random, level: int, pid: str) -> Puzzle | None:
    """A throw dealt to order (``construct.throw_position``). At difficulty 3 a third of the puzzles ask what a
    failed throw leaves you to play, the rest whether a tractor's throw is safe; a safe-or-not question is
    answered yes half the time at every difficulty."""
    forced = level == 3 and rng.random() < 1 / 3
    safe = not forced and rng.random() < 0.5
    shape = rng.choice(LEVELS) if forced else level
    trump, lead, others = throw_position(rng, shape, safe, rules=deal.rules)
    fields = {
        "kind": "throw",
        "lead": _tokens(trump.sorted(lead)),
        "others": [_tokens(trump.sorted(h)) for h in others],
        "leader": "South",
        "ask": "forced" if forced else "safe",
        **spoken(
            lambda: {
                "prompt": t(
                    "You throw {cards}. It fails: what must you play instead?", cards=format_cards(trump.sorted(lead))
                )
                if forced
                else t("You throw {cards}. Is the throw safe?", cards=format_cards(trump.sorted(lead))),
                "hint": sentences(
                    [t("A throw fails only if another player holds a higher unit of the same shape in that suit.")]
                    + ([t("Then you play your smallest unit that can be beaten.")] if forced else [])
                ),
            }
        ),
        "difficulty": level,
    }
    return _puzzle(fields, pid, trump, deal.rules)


_ORDER_HINT = N_("Jokers first, then the trump-rank cards, then the trump suit from the ace down.")
_RED_FIVE_HINTS = {
    "5H": N_(
        "The red five 5♥ first (RULES §11), then the jokers, the trump-rank cards and the trump suit from the ace down."
    ),
    "5H+5D": N_(
        "The red fives first, 5♥ above 5♦ (RULES §11), then the jokers, the trump-rank cards and the trump suit "
        "from the ace down."
    ),
}


def _order(deal: _Deal, rng: random.Random, level: int, pid: str) -> Puzzle | None:
    """Trumps to sort. Under a red five (RULES §11) half the puzzles hold one, so that its place is asked."""
    trump = deal.record.trump
    pool = sorted({c for h in deal.record.hands for c in h if trump.is_trump(c)}, key=lambda c: c.id)
    n = rng.randrange(4, 8)
    if len(pool) < n:
        return None
    fives = [c for c in deal.rules.red_fives if c in pool] if trump.red_five else []
    if fives and rng.random() < 0.5:
        five = rng.choice(fives)
        cards = [five, *rng.sample([c for c in pool if c != five], n - 1)]
        rng.shuffle(cards)
    else:
        cards = rng.sample(pool, n)
    has_rank = any(c.rank == trump.rank or c in fives for c in cards)
    fields = {
        "kind": "order",
        "cards": _tokens(cards),
        **spoken(
            lambda: {
                "prompt": t("{trump}. Sort these trumps, highest first.", trump=sentence_case(trump.describe())),
                "hint": t(_RED_FIVE_HINTS[trump.red_five]) if trump.red_five else t(_ORDER_HINT),
            }
        ),
        "difficulty": 3 if has_rank and n >= 6 else (2 if has_rank else 1),
    }
    return _puzzle(fields, pid, trump, deal.rules)


_MAKERS: dict[str, Maker] = {
    "winner": _winner,
    "legal": _legal,
    "play": _play,
    "points": _points,
    "throw": _throw,
    "order": _order,
}


BEST_HAND_SIZES = {1: range(5, 7), 2: range(7, 9), 3: range(9, 11)}
"""A best puzzle's difficulty is how many cards South still holds: the fewer, the easier to see through."""
THEME_IDEAS = {
    "counting-points": N_("Count the points (分 fēn) won against the 80 line and those still out before you choose."),
    "counting-trumps": N_("Count the trumps (主 zhǔ) and aces still out: a card nobody can beat wins its trick."),
    "leading-trumps": N_("Leading trumps draws the opponents' trumps, so your long suit is safe afterwards."),
    "giving-points": N_("When your partner is winning the trick, give points; do not take the trick from them."),
    "protecting-points": N_("When an opponent is winning the trick, keep your points: play a card worth nothing."),
    "keeping-pairs": N_("A pair (对子 duìzi) or tractor (拖拉机 tuōlājī) kept for the end beats a pair led later."),
    "last-trick": N_("Whoever wins the last trick decides the kitty (底牌 dǐpái): keep the strength for it."),
}
"""The idea of each theme in one sentence: a generated best puzzle's teaching text (English: shown with ``t``)."""


BEST_PROMPT = N_("South to play. What is the best play here?")
"""A best puzzle's question, whoever deals it (the bank's generator, the console's "Deal a position")."""


def _best_words(found: Found) -> dict[str, str]:
    return {
        "prompt": t(BEST_PROMPT),
        "hint": hint_ladder(found.view, found.options[0].choice)[0],
        "explain": t(THEME_IDEAS[found.theme]),
    }


def _best(difficulty: int | None, seed: int, attempts: int, rules: RuleSet = DEFAULT_RULES) -> Puzzle:
    """A best puzzle from self-play: the first position ``find_positions`` finds (seed 0's margin only: practice
    grades at seed 0, and the three-seed check is for the bank)."""
    refused = [why for name, why in _BEST_REFUSES.items() if getattr(rules, name) != getattr(DEFAULT_RULES, name)]
    if refused:
        raise RuleSetError(t("a best puzzle cannot be made under these rules: {why}", why=t(refused[0])))
    sizes = BEST_HAND_SIZES[difficulty] if difficulty is not None else range(5, 11)
    changes = rule_changes(rules)
    rng = random.Random(seed)
    for attempt in range(attempts):
        for found in find_positions(rng.randrange(1 << 30), sizes, stable=False, rules=rules):
            size = len(found.view.hand)
            fields = found.fields | {
                "kind": "best",
                "id": f"gen-best-{seed}-{attempt}",
                "theme": found.theme,
                "accept": [_tokens(p) for p in found.accept],
                "difficulty": next(level for level, hand in BEST_HAND_SIZES.items() if size in hand),
                **spoken(_best_words, found),
            }
            if changes:
                fields["rules"] = changes
            puzzle = Puzzle.from_spec(read_spec(fields), _TOPIC)
            if not check_puzzle(puzzle):
                return puzzle
    raise RuntimeError(f"no best puzzle of difficulty {difficulty} found in {attempts} simulated rounds")


def generate(
    kind: str, difficulty: int | None = None, seed: int = 0, attempts: int = 60, rules: RuleSet | None = None
) -> Puzzle:
    """A fresh puzzle of ``kind`` at ``difficulty`` 1–3 (drawn at random when ``None``) that passes the bank's
    checks; seeded. ``rules``: the table's house rules (``None``: RULES.md's), under which the round is played,
    the puzzle dealt and graded; they need four players in fixed partnerships (``practice_rules``), and a best
    puzzle refuses chao dipi (``RuleSetError``, a ``ValueError``, says why). ``RuntimeError`` when
    ``attempts`` deals gave none (it names the kind and the difficulty)."""
    if kind not in GENERATED_KINDS:
        raise ValueError(f"cannot generate {kind!r} puzzles; choose one of {', '.join(GENERATED_KINDS)}")
    if difficulty is not None and difficulty not in LEVELS:
        raise ValueError(f"difficulty is 1, 2 or 3, not {difficulty!r}")
    table = practice_rules(rules)
    if kind == "best":
        return _best(difficulty, seed, attempts, table)
    rng = random.Random(seed)
    level = difficulty or rng.choice(LEVELS)
    for attempt in range(attempts):
        deal = _Deal(rng.randrange(1 << 30), table)
        for _ in range(10):
            puzzle = _MAKERS[kind](deal, rng, level, f"gen-{kind}-{seed}-{attempt}")
            if puzzle is not None and puzzle.difficulty == level and not check_puzzle(puzzle):
                return puzzle
    raise RuntimeError(f"no {kind} puzzle of difficulty {level} found in {attempts} deals")
