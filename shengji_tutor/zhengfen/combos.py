"""Zheng Fen's combinations: what a play may be (``classify``), what beats what (``Combination.beats``), and
every combination a hand holds (``combinations``) — RULES §12, settled where it is silent by the seed.

The kinds, in the order RULES §12 and the seed list them (``Kind``):

1. a single; 2. a pair; 3. a triple; 4. four of a kind (cards of one rank; SJ and
   BJ are two ranks, so they are no pair);
5. three or more consecutive pairs; 6. three or more consecutive triples;
7. three or more consecutive fours (the seed's example, 4-4-4-4-5-5-5-5, shows
   two, but RULES §12 says three or more, and RULES decides);
8. a five-card "poker" hand: a triple and any two other cards (a pair, two
   single cards, point cards or jokers: the seed's four poker hands are all
   "a triple and two cards", so they are one kind). The two cards may not be of
   the triple's rank: four of a kind and a card is no poker hand;
9. a straight: five or more consecutive cards of one suit;
10. the specials, low to high: 5-10-K of mixed suits (RULES's "mixed": any
    three suits that are not all one; the seed says "all different suits", but
    a 5♥ 10♥ K♠ would then be no combination at all), 5-10-K of one suit, and
    the four 2s (a special, not a four of a kind).

The order of the kinds matters only among the specials: a pair never beats a
single, although RULES lists it higher, for the seed has each next player play
"a higher combination of the corresponding kind", or a special.

Sequences (kinds 5, 6, 7 and 9) follow the order 3 < 4 < … < A < 2 and never wrap:
one may end with a 2 (Q-K-A-2) but not start with one (2-3-4 is refused), and
jokers are in none.

What beats what — the engine's reading, where RULES and the seed are silent:

- A non-special is beaten only by the **same kind of the same length** (a run of
  three pairs by a higher run of three pairs, never by four) that is **strictly
  higher**: by its rank for singles and tuples, by its top rank for a sequence
  (a straight's suit never counts), by its triple for a poker hand (the two
  other cards never count). Equal ranks do not beat each other.
- A special beats every non-special, however long, and every lower special:
  four 2s beat both 5-10-Ks, a 5-10-K of one suit beats a mixed one. Two
  5-10-Ks of the same sort are equal (suits have no order), so neither beats
  the other.

>>> from shengji_tutor.zhengfen import classify
>>> pair, higher = classify("7H 7S"), classify("2C 2D")
>>> pair.describe(), higher.beats(pair), pair.beats(higher)
('a pair of 7s (7♠ 7♥)', True, False)
>>> classify("QH KH AH 2H JH").describe()
'a straight of 5 hearts to 2 (J♥ Q♥ K♥ A♥ 2♥)'
>>> classify("5S 10H KD").beats(classify("JC QC KC AC 2C"))
True
>>> classify("2H 3H 4H 5H 6H")
Traceback (most recent call last):
...
shengji_tutor.zhengfen.rules.CombinationError: 2♥ 3♥ 4♥ 5♥ 6♥ is no combination: a sequence may end with a 2 but neither start with one nor run on past it to the 3 (RULES §12)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations as choose
from itertools import pairwise, product

from ..engine.cards import SUIT_NAMES, Card, CardsLike, as_cards, check_copies, format_cards, listed, sentence_case
from ..engine.errors import ImpossibleCardsError
from ..i18n import DEFAULT, N_, language, t
from .rules import ORDER, TWO, CombinationError, value

__all__ = [
    "Combination",
    "Kind",
    "beats_verdict",
    "classify",
    "combination_verdict",
    "combinations",
    "plays_beating",
    "refusal",
]


class Kind(enum.IntEnum):
    """The kinds of combination, in the order RULES §12 lists them; ``special`` ones beat every other kind."""

    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    FOUR = 4
    PAIRS = 5
    """Three or more consecutive pairs."""
    TRIPLES = 6
    FOURS = 7
    POKER = 8
    """A triple and two other cards."""
    STRAIGHT = 9
    """Five or more consecutive cards of one suit."""
    MIXED_510K = 10
    PURE_510K = 11
    FOUR_TWOS = 12

    @property
    def special(self) -> bool:
        return self >= Kind.MIXED_510K

    @property
    def label(self) -> str:
        """The kind in words, in the reader's language: ``"three or more consecutive pairs"``."""
        return t(_LABELS[self])


_LABELS = {
    Kind.SINGLE: N_("a single"),
    Kind.PAIR: N_("a pair"),
    Kind.TRIPLE: N_("a triple"),
    Kind.FOUR: N_("four of a kind"),
    Kind.PAIRS: N_("three or more consecutive pairs"),
    Kind.TRIPLES: N_("three or more consecutive triples"),
    Kind.FOURS: N_("three or more consecutive fours"),
    Kind.POKER: N_("a poker hand (a triple and two cards)"),
    Kind.STRAIGHT: N_("a straight (five or more consecutive cards of one suit)"),
    Kind.MIXED_510K: N_("5-10-K of mixed suits"),
    Kind.PURE_510K: N_("5-10-K of one suit"),
    Kind.FOUR_TWOS: N_("four 2s"),
}
_WIDTH_KIND = {2: Kind.PAIRS, 3: Kind.TRIPLES, 4: Kind.FOURS}
_TUPLE_KIND = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.FOUR}

# TRANSLATORS (the combinations in words): {ranks} is the rank the cards share ("7s", "jacks" in English; as it is
# printed on the cards — 7, J, A — in your language), {cards} the cards themselves (7♠ 7♥), {length} how many tuples a
# run holds or how many cards a straight holds, {rank} the top rank of a straight.
_DESCRIPTIONS = {
    Kind.PAIR: N_("a pair of {ranks} ({cards})"),
    Kind.TRIPLE: N_("a triple of {ranks} ({cards})"),
    Kind.FOUR: N_("four of {ranks} ({cards})"),
    Kind.PAIRS: N_("{length} consecutive pairs to {ranks} ({cards})"),
    Kind.TRIPLES: N_("{length} consecutive triples to {ranks} ({cards})"),
    Kind.FOURS: N_("{length} consecutive fours to {ranks} ({cards})"),
    Kind.POKER: N_("a poker hand on three {ranks} ({cards})"),
    Kind.MIXED_510K: N_("5-10-K of mixed suits ({cards})"),
    Kind.PURE_510K: N_("5-10-K of one suit ({cards})"),
    Kind.FOUR_TWOS: N_("four 2s ({cards})"),
}
"""Each kind's combination in words, but a single's and a straight's."""
_STRAIGHTS = {
    "S": N_("a straight of {length} spades to {rank} ({cards})"),
    "H": N_("a straight of {length} hearts to {rank} ({cards})"),
    "D": N_("a straight of {length} diamonds to {rank} ({cards})"),
    "C": N_("a straight of {length} clubs to {rank} ({cards})"),
}
"""A straight in words, by its suit."""
_SHORT_RUNS = {
    2: N_("a run of pairs needs {least} or more of them, not {count} (RULES §12)"),
    3: N_("a run of triples needs {least} or more of them, not {count} (RULES §12)"),
    4: N_("a run of fours needs {least} or more of them, not {count} (RULES §12)"),
}
"""Why a run of two tuples is no combination, by the tuples' width."""
_510K = (ORDER.index("5"), ORDER.index("10"), ORDER.index("K"))
MIN_STRAIGHT = 5
MIN_RUN = 3


@dataclass(frozen=True)
class Combination:
    """A legal play: its ``kind``, its ``cards`` (low to high), the ``top`` rank that decides between two of its kind
    (an index into ``ORDER``) and its ``length`` (tuples in a run, cards in a straight, else 1)."""

    kind: Kind
    cards: tuple[Card, ...]
    top: int
    length: int = 1

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)

    def beats(self, table: Combination) -> bool:
        """Whether this may be played on ``table`` (see the module docstring)."""
        if self.kind.special:
            return not table.kind.special or self.kind > table.kind
        return self.kind == table.kind and self.length == table.length and self.top > table.top

    def describe(self) -> str:
        """The combination in words, with its cards, in the reader's language: ``'a pair of 7s (7♥ 7♠)'``."""
        cards = format_cards(self.cards)
        if self.kind == Kind.SINGLE:
            return t("a single {card}", card=cards)
        if self.kind == Kind.STRAIGHT:
            suit = self.cards[0].suit
            assert suit is not None
            return t(_STRAIGHTS[suit], length=self.length, rank=ORDER[self.top], cards=cards)
        return t(_DESCRIPTIONS[self.kind], ranks=_plural(ORDER[self.top]), length=self.length, cards=cards)


def _plural(rank: str) -> str:
    """A rank's cards as a combination names them: "7s", "jacks" in English; in another language the rank as the
    cards print it ("7", "J"), which its sentences put where their grammar wants it."""
    if language() != DEFAULT:
        return rank
    return {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces", "SJ": "small jokers", "BJ": "big jokers"}.get(
        rank, rank + "s"
    )


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (value(c), c.id)))


def classify(cards: CardsLike) -> Combination:
    """The combination these cards make, or ``CombinationError`` saying why they make none.

    >>> from shengji_tutor.zhengfen import classify
    >>> classify("4S 4H 4D QC QD").describe()
    'a poker hand on three 4s (4♠ 4♥ 4♦ Q♦ Q♣)'
    >>> classify("8H 8S 9H 9S")
    Traceback (most recent call last):
    ...
    shengji_tutor.zhengfen.rules.CombinationError: 8♥ 8♠ 9♥ 9♠ is no combination: a run of pairs needs 3 or more of them, not 2 (RULES §12)
    """
    group = as_cards(cards, "the play")
    if not group:
        raise CombinationError(t("a play needs at least one card"))
    try:
        check_copies([group], 1, "the play")
    except ImpossibleCardsError as e:
        raise CombinationError(str(e)) from None
    combo = _combination(group)
    if isinstance(combo, str):
        # TRANSLATORS: {reason} is the rule the cards break ("its ranks are not consecutive").
        raise CombinationError(t("{cards} is no combination: {reason}", cards=format_cards(group), reason=combo))
    return combo


def _combination(group: list[Card]) -> Combination | str:
    """The combination of distinct cards, or the reason they make none."""
    cards = _sorted(group)
    n = len(cards)
    counts = Counter(value(c) for c in cards)
    values = sorted(counts)
    if len(counts) == 1:
        if n == 4 and values[0] == TWO:
            return Combination(Kind.FOUR_TWOS, cards, TWO)
        return Combination(_TUPLE_KIND[n], cards, values[0])
    if n == 3 and tuple(values) == _510K:
        pure = len({c.suit for c in cards}) == 1
        return Combination(Kind.PURE_510K if pure else Kind.MIXED_510K, cards, values[-1])
    widths = set(counts.values())
    if n == 5 and sorted(counts.values()) in ([2, 3], [1, 1, 3]):
        return Combination(Kind.POKER, cards, next(v for v, k in counts.items() if k == 3))
    if len(widths) == 1 and (width := widths.pop()) > 1:
        reason = _run_refusal(values)
        if reason:
            return reason
        if len(values) < MIN_RUN:
            return t(_SHORT_RUNS[width], least=MIN_RUN, count=len(values))
        return Combination(_WIDTH_KIND[width], cards, values[-1], len(values))
    if n >= MIN_STRAIGHT and max(counts.values()) == 1 and len({c.suit for c in cards}) == 1:
        reason = _run_refusal(values)
        if reason:
            return reason
        return Combination(Kind.STRAIGHT, cards, values[-1], n)
    if max(counts.values()) == 1 and n >= MIN_STRAIGHT and not _run_refusal(values):
        return t("the cards of a straight must all be of one suit")
    # TRANSLATORS: {kinds} lists every kind of combination ("a single, a pair, …").
    return t("it is none of Zheng Fen's kinds ({kinds})", kinds=listed([k.label for k in Kind], last=False))


def _run_refusal(values: list[int]) -> str:
    """Why ranks (ascending, distinct) are not consecutive in a sequence, or ``""`` if they are."""
    if values[-1] > TWO:
        return t("jokers are in no sequence")
    if values == list(range(values[0], values[0] + len(values))):
        return ""
    if values[-1] == TWO and values[0] == 0:
        gaps = [b - a for a, b in pairwise(values)]
        if gaps.count(1) == len(gaps) - 1:  # consecutive but for one gap: the run goes round past the 2 to the 3
            return t("a sequence may end with a 2 but neither start with one nor run on past it to the 3 (RULES §12)")
    return t("its ranks are not consecutive")


# TRANSLATORS (what beats what): {play}, {table}, {higher} and {lower} are combinations in words ("a pair of 7s
# (7♠ 7♥)"), {kind} and {table_kind} kinds of combination ("a single", "a pair").
def refusal(play: Combination, table: Combination) -> str:
    """Why ``play`` does not beat ``table``, in words, in the reader's language (``""`` when it does)."""
    if play.beats(table):
        return ""
    shown, on_table = play.describe(), table.describe()
    if table.kind.special and play.kind.special:
        if play.kind == table.kind:
            return t("{play} only equals {table}: a special beats only a lower special", play=shown, table=on_table)
        return t("{higher} is a higher special than {lower}", higher=on_table, lower=shown)
    if table.kind.special:
        return t("{table} is a special: only a higher special beats it", table=on_table)
    if play.kind != table.kind:
        return t(
            "{play} is {kind}, not {table_kind}: only the same kind, or a special, beats the table (RULES §12)",
            play=shown,
            kind=play.kind.label,
            table_kind=table.kind.label,
        )
    if play.length != table.length:
        return t(
            "{play} is not as long as {table}: sequences compare only with sequences as long",
            play=shown,
            table=on_table,
        )
    return t("{play} is not higher than {table}", play=shown, table=on_table)


def _sentence(why: str) -> str:
    """The engine's words as a sentence: capitalised, naming the rule once (RULES §12), with one full stop."""
    why = why.rstrip(".。")
    if "RULES §12" not in why:
        # TRANSLATORS: {reason} is the engine's words on some cards: the rule they rest on follows.
        why = t("{reason} (RULES §12)", reason=why)
    # TRANSLATORS: {reason} is a sentence without its full stop.
    return t("{reason}.", reason=sentence_case(why))


def combination_verdict(cards: CardsLike) -> tuple[bool, str]:
    """Whether the cards are a combination, and the engine's sentence saying what they make or which rule they break
    (in the reader's language).

    >>> from shengji_tutor.zhengfen import combination_verdict
    >>> combination_verdict("QH KH AH 2H JH")
    (True, 'A straight of 5 hearts to 2 (J♥ Q♥ K♥ A♥ 2♥): a legal combination (RULES §12).')
    """
    try:
        combo = classify(cards)
    except CombinationError as e:
        return False, _sentence(str(e))
    return True, _sentence(t("{combination}: a legal combination", combination=combo.describe()))


def beats_verdict(play: Combination, table: Combination) -> tuple[bool, str]:
    """Whether ``play`` may go on ``table``, and the engine's sentence saying why, naming the rule (in the reader's
    language).

    >>> from shengji_tutor.zhengfen import beats_verdict, classify
    >>> beats_verdict(classify("2C"), classify("7H 7S"))[1]
    'A single 2♣ is a single, not a pair: only the same kind, or a special, beats the table (RULES §12).'
    """
    if not play.beats(table):
        return False, _sentence(refusal(play, table))
    shown, on_table = play.describe(), table.describe()
    if play.kind.special and not table.kind.special:
        return True, _sentence(
            t("{play} is a special: it beats every other kind, {table} too", play=shown, table=on_table)
        )
    if play.kind.special:
        return True, _sentence(t("{higher} is a higher special than {lower}", higher=shown, lower=on_table))
    return True, _sentence(t("{play} beats {table}: the same kind, and higher", play=shown, table=on_table))


def combinations(hand: CardsLike, kinds: Iterable[Kind] | None = None) -> list[Combination]:
    """Every combination the cards of ``hand`` make (each set of cards once), lows first within each kind;
    only those of ``kinds`` when given.

    >>> from shengji_tutor.zhengfen import Kind, combinations
    >>> [c.describe() for c in combinations("5H 5S 10H KH")]
    ['a single 5♠', 'a single 5♥', 'a single 10♥', 'a single K♥', 'a pair of 5s (5♠ 5♥)', '5-10-K of mixed suits (5♠ 10♥ K♥)', '5-10-K of one suit (5♥ 10♥ K♥)']
    >>> len(combinations("5H 5S 10H KH", kinds=[Kind.SINGLE]))
    4
    """
    group = as_cards(hand, "the hand")
    check_copies([group], 1, "the hand")
    wanted = frozenset(Kind) if kinds is None else frozenset(kinds)
    return list(_combinations(_sorted(group), wanted))


def plays_beating(hand: CardsLike, table: Combination) -> list[Combination]:
    """Every combination of ``hand`` that may be played on ``table``: its kind, higher, and the higher specials.

    >>> from shengji_tutor.zhengfen import classify, plays_beating
    >>> [p.describe() for p in plays_beating("8S 8H 3C 5D 10D KD", classify("7S 7C"))]
    ['a pair of 8s (8♠ 8♥)', '5-10-K of one suit (5♦ 10♦ K♦)']
    """
    kinds = {table.kind, *(k for k in Kind if k.special)}
    return [c for c in combinations(hand, kinds) if c.beats(table)]


def _combinations(hand: tuple[Card, ...], kinds: frozenset[Kind]) -> Iterator[Combination]:
    """The combinations of ``kinds`` among ``hand`` (distinct cards, sorted low to high)."""
    by_value: dict[int, list[Card]] = {}
    for c in hand:
        by_value.setdefault(value(c), []).append(c)
    if Kind.SINGLE in kinds:
        for c in hand:
            yield Combination(Kind.SINGLE, (c,), value(c))
    for width in (2, 3, 4):
        for v, held in by_value.items():
            kind = Kind.FOUR_TWOS if width == 4 and v == TWO else _TUPLE_KIND[width]
            if kind in kinds:
                for cards in choose(held, width):
                    yield Combination(kind, cards, v)
    for width, kind in _WIDTH_KIND.items():
        if kind in kinds:
            yield from _runs(by_value, width)
    if Kind.POKER in kinds:
        for v, held in by_value.items():
            others = [c for c in hand if value(c) != v]
            for triple in choose(held, 3):
                for two in choose(others, 2):
                    low = tuple(c for c in two if value(c) < v)
                    yield Combination(Kind.POKER, low + triple + two[len(low) :], v)
    if Kind.STRAIGHT in kinds:
        yield from _straights(hand)
    if Kind.MIXED_510K in kinds or Kind.PURE_510K in kinds:
        fives, tens, kings = (by_value.get(v, []) for v in _510K)
        for cards in product(fives, tens, kings):
            kind = Kind.PURE_510K if len({c.suit for c in cards}) == 1 else Kind.MIXED_510K
            if kind in kinds:
                yield Combination(kind, cards, _510K[-1])


def _runs(by_value: dict[int, list[Card]], width: int) -> Iterator[Combination]:
    """Runs of ``width``-tuples: every start, every length of three or more, every choice of suits."""
    for start in range(TWO + 1):
        length = 0
        while start + length <= TWO and len(by_value.get(start + length, ())) >= width:
            length += 1
            if length >= MIN_RUN:
                choices = [choose(by_value[v], width) for v in range(start, start + length)]
                for picked in product(*choices):
                    cards = tuple(c for tup in picked for c in tup)
                    yield Combination(_WIDTH_KIND[width], cards, start + length - 1, length)


def _straights(hand: Sequence[Card]) -> Iterator[Combination]:
    for suit in SUIT_NAMES:
        held = {value(c): c for c in hand if c.suit == suit}
        for start in range(TWO + 1):
            run: list[Card] = []
            v = start
            while v in held:
                run.append(held[v])
                v += 1
                if len(run) >= MIN_STRAIGHT:
                    yield Combination(Kind.STRAIGHT, tuple(run), v - 1, len(run))
