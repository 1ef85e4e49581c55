"""Positions dealt to order, for the practice puzzles that self-played rounds do not give.

The practice generator (``generate``) takes most positions from rounds the
heuristic bots play, but two kinds of position hardly ever come up there:

- a **kitty worth counting** (lesson 8): the bots never bury points, so the
  kitty of a simulated round scores nothing;
- a **throw that stands** (RULES §8): among real hands about nine throws in ten
  fail, and a throw of singles (the easy kind) is rarely tried.

Here such positions are dealt from fresh decks (two, or as many as the ``RuleSet`` says; the cards
counted, so no card is held more often than the decks hold it): ``kitty_position`` makes a kitty with points
and the last trick's winning play, ``throw_position`` a throw in a plain suit
and the other three hands, then deals those hands again card by card until
the engine's ``check_throw`` gives the verdict asked for (safe or failing).
The engine still judges every puzzle made from them. Under a table's own rules
the shapes follow the decks (``throw_shapes``, ``winning_shapes``): one deck has no
pair, so its throws and winning plays are singles; three decks add triples.

>>> import random
>>> from shengji_tutor.engine.tricks import check_throw
>>> from shengji_tutor.puzzles.construct import throw_position
>>> trump, lead, others = throw_position(random.Random(3), level=2, safe=True)
>>> check_throw(lead, others, trump).ok
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.cards import RANKS, SUITS, Card, deck
from ..engine.rules import RuleSet, rules_or_default
from ..engine.tricks import check_throw
from ..engine.trump import TRUMP, Trump
from ..engine.units import Unit, lead_format

__all__ = [
    "THROW_SHAPES",
    "WINNING_SHAPES",
    "kitty_position",
    "random_trump",
    "throw_position",
    "throw_shapes",
    "winning_shapes",
]

Shape = tuple[tuple[int, int], ...]
"""A play's units as (length, width): (1, 1) a single, (1, 2) a pair, (2, 2) a tractor of two pairs."""

THROW_SHAPES: dict[int, tuple[Shape, ...]] = {
    1: (((1, 1), (1, 1)), ((1, 1), (1, 1), (1, 1))),
    2: (((1, 2), (1, 1)), ((1, 2), (1, 1), (1, 1)), ((1, 2), (1, 2))),
    3: (((2, 2), (1, 1)), ((2, 2), (1, 2)), ((2, 2), (1, 1), (1, 1))),
}
"""The throws of each difficulty: singles (1), with a pair (2), with a tractor (3)."""
WINNING_SHAPES: tuple[Shape, ...] = (
    ((1, 1),),
    ((1, 2),),
    ((2, 2),),
    ((3, 2),),
    ((1, 2), (1, 1)),
    ((2, 2), (1, 1)),
)
"""The last trick's winning plays of a kitty puzzle: each multiplier from ×2 to ×12, and throws whose
largest unit is not all their cards."""
_ONE_DECK_THROWS: dict[int, tuple[Shape, ...]] = {
    1: (((1, 1), (1, 1)),),
    2: (((1, 1), (1, 1), (1, 1)),),
    3: (((1, 1), (1, 1), (1, 1), (1, 1)),),
}
"""One deck holds no pair (RULES §1, §4): its throws are two, three or four singles."""
_TRIPLE_THROWS: dict[int, tuple[Shape, ...]] = {
    1: (),
    2: (((1, 3), (1, 1)), ((1, 3), (1, 2))),
    3: (((2, 3), (1, 1)), ((1, 3), (2, 2))),
}
"""Three decks add triples (RULES §4): a triple in a throw makes it a level harder, a triple tractor hardest."""
_ONE_DECK_WINNING: tuple[Shape, ...] = (((1, 1),), ((1, 1), (1, 1)))
_TRIPLE_WINNING: tuple[Shape, ...] = (((1, 3),), ((2, 3),), ((1, 3), (1, 1)))
_HAND_SIZES = {1: range(5, 9), 2: range(6, 11), 3: range(8, 13)}
"""How many cards each other player holds in a throw puzzle: fewer at the easier levels, to read faster."""
_REPAIRS = 40
"""At most this many cards dealt again before a throw position is given up (a few suffice)."""


def throw_shapes(level: int, rules: RuleSet | None = None) -> tuple[Shape, ...]:
    """The throws of difficulty ``level`` with the rules' decks: ``THROW_SHAPES`` with two, singles only with one,
    with triples too with three."""
    decks = rules_or_default(rules).decks
    if decks == 1:
        return _ONE_DECK_THROWS[level]
    return THROW_SHAPES[level] + (_TRIPLE_THROWS[level] if decks == 3 else ())


def winning_shapes(rules: RuleSet | None = None) -> tuple[Shape, ...]:
    """The last trick's winning plays with the rules' decks: ``WINNING_SHAPES`` with two, singles only with one,
    with triples too with three."""
    decks = rules_or_default(rules).decks
    if decks == 1:
        return _ONE_DECK_WINNING
    return WINNING_SHAPES + (_TRIPLE_WINNING if decks == 3 else ())


def random_trump(rng: random.Random, red_five: str | None = None) -> Trump:
    """Any trump rank, a trump suit, or now and then no-trump (one deal in eight); ``red_five`` as the rules
    say (RULES §11)."""
    return Trump(rng.choice(RANKS), None if rng.random() < 0.125 else rng.choice(SUITS), red_five)


def _suit_cards(trump: Trump, s: int) -> dict[int, list[Card]]:
    """The distinct cards of effective suit ``s`` by order key (a trump key may hold several equal cards)."""
    by_key: dict[int, list[Card]] = {}
    for card in set(deck(1)):
        if trump.suit_table[card.id] == s:
            by_key.setdefault(trump.key(card), []).append(card)
    return {k: sorted(cards, key=lambda c: c.id) for k, cards in sorted(by_key.items())}


def _run(
    rng: random.Random, by_key: dict[int, list[Card]], top: int, shape: tuple[int, int], stock: Counter[Card]
) -> list[Card]:
    """A run of ``length`` tuples of ``width`` identical cards (``shape``) with its highest at key ``top``, from
    the stock (empty when the stock does not hold it)."""
    length, width = shape
    cards: list[Card] = []
    for k in range(top - length + 1, top + 1):
        held = [c for c in by_key.get(k, []) if stock[c] >= width]
        if not held:
            return []
        cards += [rng.choice(held)] * width
    return cards


def _units(
    rng: random.Random, trump: Trump, s: int, shape: Shape, stock: Counter[Card], rules: RuleSet | None = None
) -> list[Card] | None:
    """Cards of effective suit ``s`` that split into exactly the units of ``shape`` (RULES §5), taken out of
    ``stock``; high cards are likelier, as players throw from the top. ``None`` when the suit has no room."""
    by_key = _suit_cards(trump, s)
    keys = list(by_key)
    used: set[int] = set()  # keys taken: every unit on keys of its own, so that none merges with another
    tuples: set[int] = set()  # keys of tuples: a tuple next to one would join it into a tractor
    cards: list[Card] = []
    for length, width in shape:
        tops = [
            k
            for k in keys
            if all(j in by_key and j not in used for j in range(k - length + 1, k + 1))
            and (width == 1 or not {k - length, k + 1} & tuples)
        ]
        tops.sort(key=lambda k: -(k + 1) * rng.random())  # a random order, weighted towards the top of the suit
        run = next((r for r in (_run(rng, by_key, k, (length, width), stock) for k in tops) if r), None)
        if run is None:
            return None
        span = {trump.key(c) for c in run}
        used |= span
        if width > 1:
            tuples |= span
        cards += run
        stock.subtract(run)
    fmt = lead_format(cards, trump, rules)
    if sorted((u.length, u.width) for u in fmt.units) != sorted(shape):  # pragma: no cover - a safety net
        return None
    return cards


def kitty_position(rng: random.Random, rules: RuleSet | None = None) -> tuple[Trump, list[Card], list[Card]]:
    """A kitty (8 cards with the house rules, ``rules.kitty`` otherwise; one to four of them point cards) and the
    attackers' winning play of the last trick: ``(trump, kitty, winning_play)``; the play is a single, a pair,
    a tractor or a throw (``winning_shapes``), in trumps or a plain suit. What the kitty is worth is for the
    engine to say (``kitty_multiplier``, RULES §9)."""
    rules = rules_or_default(rules)
    shapes = winning_shapes(rules)
    while True:
        trump = random_trump(rng, rules.red_five)
        stock = Counter(deck(rules.decks))
        suit = TRUMP if rng.random() < 0.6 else rng.choice([i for i, s in enumerate(SUITS) if s != trump.suit])
        play = _units(rng, trump, suit, rng.choice(shapes), stock, rules)
        if play is None:  # no-trump has only three trump keys: a shape that does not fit is dealt again
            continue
        left = [c for c in stock.elements() if not trump.is_trump(c)]  # a dealer buries plain cards
        scoring = [c for c in left if c.points]
        plain = [c for c in left if not c.points]
        count = rng.choice((1, 1, 2, 2, 3, 4))
        kitty = rng.sample(scoring, count) + rng.sample(plain, rules.kitty - count)
        rng.shuffle(kitty)
        return trump, kitty, play


def throw_position(
    rng: random.Random, level: int, safe: bool, hand_size: int | None = None, rules: RuleSet | None = None
) -> tuple[Trump, list[Card], list[list[Card]]]:
    """A throw of difficulty ``level`` (``throw_shapes``: ``THROW_SHAPES`` with two decks) in a plain suit, and the
    other three hands, dealt so that the throw stands (``safe``) or fails: ``(trump, lead, others)``."""
    rules = rules_or_default(rules)
    shapes = throw_shapes(level, rules)
    while True:
        trump = random_trump(rng, rules.red_five)
        s = rng.choice([i for i, suit in enumerate(SUITS) if suit != trump.suit])
        stock = Counter(deck(rules.decks))
        lead = _units(rng, trump, s, rng.choice(shapes), stock, rules)
        if lead is None:
            continue
        pool = list(stock.elements())
        rng.shuffle(pool)
        n = hand_size or rng.choice(_HAND_SIZES[level])
        others = [pool[k * n : (k + 1) * n] for k in range(3)]
        stock = Counter(pool[3 * n :])
        if _deal_until(rng, trump, s, lead, others, stock, safe, rules):
            return trump, lead, others


def _deal_until(
    rng: random.Random,
    trump: Trump,
    s: int,
    lead: list[Card],
    others: list[list[Card]],
    stock: Counter[Card],
    safe: bool,
    rules: RuleSet,
) -> bool:
    """Change the other hands (in place) a card or a unit at a time until the throw's verdict is ``safe``:
    a card that beats the throw is swapped for one of another suit, or a unit that beats it is given to a
    player. ``False`` when that cannot be done (the throw holds the top of the suit and must fail)."""
    for _ in range(_REPAIRS):
        check = check_throw(lead, others, trump, rules)
        if check.ok == safe:
            return True
        if safe:
            assert check.blocker is not None
            hand = others[check.blocker]
            out = rng.choice(check.beaten_by)
            hand.remove(out)
            stock[out] += 1
            _swap_in(rng, trump, s, hand, stock, 1)
        elif not _give_a_beater(rng, trump, s, lead_format(lead, trump, rules).units, others, stock):
            return False
    return False


def _swap_in(rng: random.Random, trump: Trump, s: int, hand: list[Card], stock: Counter[Card], n: int) -> None:
    """Add ``n`` cards from the stock to the hand, none of effective suit ``s``."""
    offsuit = [c for c in stock.elements() if trump.suit_table[c.id] != s]
    for card in rng.sample(offsuit, n):
        hand.append(card)
        stock[card] -= 1


def _give_a_beater(
    rng: random.Random, trump: Trump, s: int, units: Sequence[Unit], others: list[list[Card]], stock: Counter[Card]
) -> bool:
    """Give one other player a unit from the stock that beats one of the throw's units (RULES §8): a higher
    single, a higher pair, a higher tractor of the same shape; that player gives back as many cards of other
    suits. ``False`` when no unit of the throw can be beaten with the cards left."""
    by_key = _suit_cards(trump, s)
    for unit in rng.sample(list(units), len(units)):
        tops = [k for k in by_key if k > unit.top]
        rng.shuffle(tops)
        beater = next((r for r in (_run(rng, by_key, k, unit.shape, stock) for k in tops) if r), None)
        if beater is None:
            continue
        hands = [h for h in others if sum(trump.suit_table[c.id] != s for c in h) >= len(beater)]
        if not hands:
            return False
        hand = rng.choice(hands)
        for card in rng.sample([c for c in hand if trump.suit_table[c.id] != s], len(beater)):
            hand.remove(card)
            stock[card] += 1
        hand.extend(beater)
        stock.subtract(beater)
        return True
    return False
