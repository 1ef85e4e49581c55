"""Units and lead formats: singles, tuples (对子 duìzi = pair), tractors (拖拉机 tuōlājī), throws (甩牌 shuǎipái).

A set of cards of one effective suit decomposes into **units** (RULES §5):
identical cards form the widest tuple first, tuples of the same width then join
into tractors (longest run first), and what is left stays tuples and singles.
One unit led is a single, pair, tuple or tractor lead; several units are a throw.

>>> from shengji_tutor import Trump, is_tractor, lead_format
>>> t = Trump("7", "C")
>>> f = lead_format("ACAC 7H7H 7S7S 7C7C", t)
>>> f.kind.value, [(u.length, u.width) for u in f.units]
('throw', [(3, 2), (1, 2)])
>>> is_tractor("8H8H 6H6H", t), is_tractor("7S7S 7H7H", t)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from operator import itemgetter
from typing import NamedTuple

from ..i18n import N_, t, tn
from .cards import SUITS, Card, CardsLike, and_all, as_cards, cards_of, check_copies, format_cards, listed
from .closed import Closed
from .errors import IllegalLeadError
from .rules import RuleSet, rules_or_default
from .trump import TRUMP, Trump, check_trump

__all__ = [
    "Format",
    "Unit",
    "UnitKind",
    "is_tractor",
    "lead_format",
    "shape_count",
    "shape_noun",
    "suit_label",
    "suit_words",
]


class UnitKind(Closed):
    """What a unit is (``Unit.kind``) and what a lead is (``Format.kind``); a ``StrEnum``, so it reads and saves as its
    word. A unit of three identical cards is a ``TRIPLE``; a lead of three or more identical cards is a ``TUPLE``."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    TUPLE = "tuple"
    TRACTOR = "tractor"
    THROW = "throw"
    """Several units led at once (甩牌): only a ``Format`` is a throw."""


class RawUnit(NamedTuple):
    """A unit in the id layer: ``length`` tuples of ``width`` identical cards, the highest at key ``top``."""

    length: int
    width: int
    top: int
    ids: tuple[int, ...]


THE_LEAD = N_("the lead")
"""The lead, as an error message names it (``as_cards``'s ``what``)."""


def suit_label(suit_index: int) -> str:
    """The public name of an effective-suit index: ``"trump"`` or ``"S"``…"""
    return "trump" if suit_index == TRUMP else SUITS[suit_index]


_SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"), N_("trumps"))
"""Each effective suit's cards in words, by suit index (``TRUMP`` last)."""
_SUIT_WORD = (N_("spade"), N_("heart"), N_("diamond"), N_("club"), N_("trump"))
"""The same, for one card."""
_SHAPE_OF = {
    "S": N_("{shape} of spades"),
    "H": N_("{shape} of hearts"),
    "D": N_("{shape} of diamonds"),
    "C": N_("{shape} of clubs"),
    "trump": N_("{shape} of trumps"),
}
"""A shape (``shape_words``, ``shape_count``) in an effective suit, by ``suit_label``: "a pair of hearts"."""
_THROW_OF = {
    "S": N_("a throw of spades: {units}"),
    "H": N_("a throw of hearts: {units}"),
    "D": N_("a throw of diamonds: {units}"),
    "C": N_("a throw of clubs: {units}"),
    "trump": N_("a throw of trumps: {units}"),
}


def suit_words(suit_index: int, count: int = 2) -> str:
    """The effective suit in words for sentences, in the reader's language: ``"trumps"`` / ``"hearts"``, singular for
    one card."""
    words = _SUIT_WORD[suit_index] if count == 1 else _SUIT_WORDS[suit_index]
    return t(words)


def shape_of(suit: str, shape: str) -> str:
    """A shape in words in an effective suit (``suit_label``): ``"a pair of hearts"``, ``"2 pairs of trumps"``."""
    return t(_SHAPE_OF[suit], shape=shape)


_BY_WIDTH = {1: UnitKind.SINGLE, 2: UnitKind.PAIR, 3: UnitKind.TRIPLE}


@dataclass(frozen=True)
class Unit:
    """One unit of a play: a single, a tuple (pair, triple) or a tractor.

    ``width`` is the cards per tuple (1 single, 2 pair, 3 triple), ``length`` the
    tuples in a row (1 unless a tractor), ``top`` the order key of its highest
    tuple (units compare by it), ``suit`` its effective suit.
    """

    cards: tuple[Card, ...]
    width: int
    length: int
    suit: str
    top: int

    @property
    def kind(self) -> UnitKind:
        if self.length > 1:
            return UnitKind.TRACTOR
        return _BY_WIDTH.get(self.width, UnitKind.TUPLE)

    @property
    def shape(self) -> tuple[int, int]:
        """``(length, width)``: only units of the same shape compete (RULES §4)."""
        return (self.length, self.width)

    def describe(self) -> str:
        """``"a pair (8♥ 8♥)"``, ``"a 2-pair tractor (5♥ 5♥ 4♥ 4♥)"``."""
        return t("{shape} ({cards})", shape=shape_words(self.length, self.width), cards=format_cards(self.cards))


_SHAPE_WORDS = (
    N_("a single"),
    N_("a pair"),
    N_("a triple"),
    N_("a {width}-tuple"),
    N_("a {length}-pair tractor"),
    N_("a {length}-triple tractor"),
    N_("a {length}-{width}-tuple tractor"),
)
"""A shape in words, by ``_shape``: a single, a pair, a triple, a wider tuple; a tractor of pairs, triples, wider
tuples (English: shown with ``t``)."""
_SHAPE_NOUNS = (
    N_("single"),
    N_("pair"),
    N_("triple"),
    N_("{width}-tuple"),
    N_("{length}-pair tractor"),
    N_("{length}-triple tractor"),
    N_("{length}-{width}-tuple tractor"),
)
"""The same without the article."""
_HIGHEST_NOUNS = (
    N_("highest single"),
    N_("highest pair"),
    N_("highest triple"),
    N_("highest {width}-tuple"),
    N_("highest {length}-pair tractor"),
    N_("highest {length}-triple tractor"),
    N_("highest {length}-{width}-tuple tractor"),
)
"""The same, the highest of its shape."""


def _shape(length: int, width: int) -> int:
    """Which of the seven ways to say a shape is the one of ``length`` tuples of ``width`` (``_SHAPE_WORDS``)."""
    if length == 1:
        return {1: 0, 2: 1, 3: 2}.get(width, 3)
    return {2: 4, 3: 5}.get(width, 6)


def shape_words(length: int, width: int) -> str:
    """A shape in words, in the reader's language: ``"a single"``, ``"a pair"``, ``"a 3-pair tractor"``."""
    return t(_SHAPE_WORDS[_shape(length, width)], length=length, width=width)


def shape_noun(length: int, width: int, highest: bool = False) -> str:
    """A shape's noun without its article, as a sentence names a unit: ``"pair"``, ``"2-pair tractor"``; with
    ``highest``, ``"highest pair"``."""
    return t((_HIGHEST_NOUNS if highest else _SHAPE_NOUNS)[_shape(length, width)], length=length, width=width)


def shape_count(length: int, width: int, n: int) -> str:
    """``n`` units of a shape in words: ``"a pair"`` (``shape_words``) for one, ``"2 pairs"``, ``"3 2-pair tractors"``."""
    if n == 1:
        return shape_words(length, width)
    if length == 1:
        if width == 1:
            return tn("{n} single", "{n} singles", n)
        if width == 2:
            return tn("{n} pair", "{n} pairs", n)
        if width == 3:
            return tn("{n} triple", "{n} triples", n)
        return tn("{n} {width}-tuple", "{n} {width}-tuples", n, width=width)
    if width == 2:
        return tn("{n} {length}-pair tractor", "{n} {length}-pair tractors", n, length=length)
    if width == 3:
        return tn("{n} {length}-triple tractor", "{n} {length}-triple tractors", n, length=length)
    return tn(
        "{n} {length}-{width}-tuple tractor", "{n} {length}-{width}-tuple tractors", n, length=length, width=width
    )


@dataclass(frozen=True)
class Format:
    """How a lead splits into units, largest first (RULES §5).

    ``kind`` is ``"single"``, ``"pair"``, ``"tuple"`` (a triple or wider), ``"tractor"``
    or ``"throw"`` (several units). Units are ordered by tuples in a row, then width,
    then height, so ``units[0]`` is the largest led component of RULES §7.
    """

    kind: UnitKind
    units: tuple[Unit, ...]
    suit: str
    cards: tuple[Card, ...]

    def describe(self) -> str:
        """The lead in words, in the reader's language: ``"a pair of diamonds"`` / ``"a throw of hearts: a pair and a
        single"``."""
        if self.kind is not UnitKind.THROW:
            return shape_of(self.suit, shape_words(self.units[0].length, self.units[0].width))
        return t(_THROW_OF[self.suit], units=units_words(self.units))


def units_words(units: Sequence[Unit]) -> str:
    """``"2 pairs and a single"``: a list of units in words, grouped by shape, largest first."""
    groups: dict[tuple[int, int], int] = {}
    for u in units:
        groups[u.shape] = groups.get(u.shape, 0) + 1
    return listed([shape_count(length, width, n) for (length, width), n in groups.items()])


# -- the engine's internal forms -----------------------------------------------


def count_ids(ids: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    return counts


def longest_run(keys: Sequence[int]) -> tuple[int, int]:
    """Among sorted distinct ``keys``, the longest run of consecutive integers: (length, top key).

    Ties go to the higher run.
    """
    best_len, best_top = 0, -1
    run = 0
    prev = None
    for k in keys:
        run = run + 1 if prev is not None and k == prev + 1 else 1
        prev = k
        if run >= best_len:
            best_len, best_top = run, k
    return best_len, best_top


_unit_order: Callable[[RawUnit], tuple[int, int, int]] = itemgetter(0, 1, 2)
"""Units sort by (length, width, top); equal ones keep their order."""
_top: Callable[[RawUnit], int] = itemgetter(2)
raw_unit: Callable[[tuple[int, int, int, tuple[int, ...]]], RawUnit] = partial(tuple.__new__, RawUnit)
"""``RawUnit`` from a 4-tuple without the named tuple's Python-level ``__new__`` (the hot loops make many)."""


def decompose(ids: Sequence[int], key: Sequence[int]) -> list[RawUnit]:
    """Split card ids of one effective suit into units, largest first (RULES §5)."""
    if len(set(ids)) == len(ids):  # all singles (every single lead, most throws): highest first
        units = [raw_unit((1, 1, key[cid], (cid,))) for cid in ids]
        units.sort(key=_top, reverse=True)
        return units
    counts = count_ids(ids)
    units = [raw_unit((1, 1, key[cid], (cid,))) for cid, c in counts.items() if c == 1]
    tuples = [cid for cid, c in counts.items() if c > 1]
    if len(tuples) == 1:  # one pair (or wider tuple) and singles: no tractor
        cid = tuples[0]
        width = counts[cid]
        units.append(raw_unit((1, width, key[cid], (cid,) * width)))
        units.sort(key=_unit_order, reverse=True)
        return units
    by_width: dict[int, dict[int, list[int]]] = {}
    for cid in tuples:
        by_width.setdefault(counts[cid], {}).setdefault(key[cid], []).append(cid)
    for width, at_key in by_width.items():
        for lst in at_key.values():
            if len(lst) > 1:
                lst.sort()
        while len(at_key) > 1:  # one key left makes no tractor
            length, top = longest_run(sorted(at_key))
            if length < 2:
                break
            run_ids: list[int] = []
            for k in range(top, top - length, -1):
                cid = at_key[k].pop(0)
                if not at_key[k]:
                    del at_key[k]
                run_ids.extend([cid] * width)
            units.append(raw_unit((length, width, top, tuple(run_ids))))
        for k, lst in at_key.items():
            for cid in lst:
                units.append(raw_unit((1, width, k, (cid,) * width)))
    units.sort(key=_unit_order, reverse=True)
    return units


def choices(options: list[list[int]]) -> list[list[int]]:
    """Every way to pick one item from each list (the cartesian product, as lists)."""
    out: list[list[int]] = [[]]
    for opts in options:
        out = [[*prev, o] for prev in out for o in opts]
    return out


def placements(
    counts: dict[int, int], key: Sequence[int], length: int, width: int, exact: bool = False
) -> Iterator[tuple[RawUnit, list[int]]]:
    """Every unit of shape (length, width) that the counted ids can form, highest first.

    Yields the unit and the ids it takes ``width`` copies of. With ``exact`` only
    tuples of exactly ``width`` identical cards count (the protect-longer policy).
    """
    by_key: dict[int, list[int]] = {}
    for cid, c in counts.items():
        if c == width or (c > width and not exact):
            by_key.setdefault(key[cid], []).append(cid)
    for top in sorted(by_key, reverse=True):
        if length > 1 and any(k not in by_key for k in range(top - length + 1, top)):
            continue
        for chosen in choices([by_key[k] for k in range(top, top - length, -1)]):
            yield RawUnit(length, width, top, tuple(cid for cid in chosen for _ in range(width))), chosen


def lead_suit(ids: Sequence[int], suit: Sequence[int]) -> int:
    """The one effective suit of a lead, or ``IllegalLeadError`` naming the mix."""
    if not ids:
        raise IllegalLeadError(t("a lead needs at least one card"))
    s = suit[ids[0]]
    for i in ids:
        if suit[i] != s:
            found = sorted({suit[j] for j in ids}, key=lambda x: -x)
            names = and_all([suit_words(x) for x in found])
            raise IllegalLeadError(
                t(
                    "{cards} mixes {suits}: a lead must be all one suit, or all trump (RULES §5)",
                    cards=format_cards(cards_of(ids)),
                    suits=names,
                )
            )
    return s


def make_unit(raw: RawUnit, suit_index: int) -> Unit:
    length, width, top, ids = raw
    return Unit(cards_of(ids), width, length, suit_label(suit_index), top)


def make_format(raws: Sequence[RawUnit], suit_index: int, cards: Sequence[Card]) -> Format:
    units = tuple(make_unit(r, suit_index) for r in raws)
    if len(units) > 1:
        kind = UnitKind.THROW
    else:
        u = units[0]
        kind = UnitKind.TRACTOR if u.length > 1 else _BY_WIDTH.get(u.width, UnitKind.TUPLE)
        if kind is UnitKind.TRIPLE:  # a lead of three identical cards is a tuple lead (RULES §5)
            kind = UnitKind.TUPLE
    return Format(kind, units, suit_label(suit_index), tuple(cards))


# -- the contract ---------------------------------------------------------------


def lead_format(cards: CardsLike, trump: Trump, rules: RuleSet | None = None) -> Format:
    """Split a lead into its units; ``IllegalLeadError`` if it mixes effective suits.

    >>> from shengji_tutor import Trump, lead_format
    >>> f = lead_format("KD QD QD JD JD", Trump("7", "C"))
    >>> f.kind.value, [u.kind.value for u in f.units]
    ('throw', ['tractor', 'single'])
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    lead = as_cards(cards, THE_LEAD)
    check_copies([lead], rules.decks, THE_LEAD)
    ids = [c.id for c in lead]
    s = lead_suit(ids, trump.suit_table)
    return make_format(decompose(ids, trump.key_table), s, lead)


def is_tractor(cards: CardsLike, trump: Trump, rules: RuleSet | None = None) -> bool:
    """True when the cards form exactly one tractor (RULES §4).

    >>> from shengji_tutor import Trump, is_tractor
    >>> t = Trump("7", "C")
    >>> [is_tractor(x, t) for x in ("JSJS10S10S9S9S8S8S", "7C7C7H7HACAC", "7C7C6C6C")]
    [True, True, False]
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    group = as_cards(cards)
    check_copies([group], rules.decks)
    if not group:
        return False
    ids = [c.id for c in group]
    s = trump.suit_table[ids[0]]
    if any(trump.suit_table[i] != s for i in ids):
        return False
    units = decompose(ids, trump.key_table)
    return len(units) == 1 and units[0][0] > 1
