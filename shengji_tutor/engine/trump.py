"""Trump (主 zhǔ) and card order: which cards are trump, and how every card ranks.

A round has a trump rank (the declarers' level) and usually a trump suit. The
order of a card depends on both, so all order questions go through a ``Trump``.
Its tables are computed once, when the ``Trump`` is made: the engine then looks
up a card's effective suit and order key by the card's integer id.

Keys are consecutive integers along the order used for tractors, so two tuples
are adjacent in a tractor exactly when their keys differ by one:

- a plain suit runs 2 … A with the trump rank removed (keys 0..11);
- with a trump suit the trump chain runs: trump-suit cards 2 … A without the rank
  (0..11), off-suit rank cards (12, all equal), the rank card of the trump suit
  (13), small joker (14), big joker (15);
- at no-trump (无主 wúzhǔ) the trump chain is: rank cards (0, all equal), small
  joker (1), big joker (2).

>>> from shengji_tutor import Card, Trump, parse_cards
>>> t = Trump("7", "C")
>>> [t.key(c) for c in parse_cards("AC 7H 7S 7C SJ BJ")]
[11, 12, 12, 13, 14, 15]
>>> t.suit_of(Card("7", "H")), t.suit_of(Card("8", "H"))
('trump', 'H')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from ..i18n import t
from .cards import (
    BIG_JOKER_ID,
    N_CARD_IDS,
    RANKS,
    SMALL_JOKER_ID,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardsLike,
    as_cards,
    rank_plural,
    trump_rank,
)
from .errors import CardParseError, InvalidTrumpError

__all__ = ["TRUMP", "Trump", "check_trump"]

TRUMP = 4
"""The effective-suit index of trump cards; plain suits are 0..3 in ``SUITS`` order."""

_SUIT_INPUT = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}
_DISPLAY_ORDER = (TRUMP, 0, 1, 3, 2)  # trump, then ♠ ♥ ♣ ♦: colours alternate on screen
_NATURAL_ORDER = (0, 1, 3, 2, 0)  # a card's own suit (S H D C, jokers) in that display order


_RED_FIVES = {None: (), "5H": (1 * 13 + 3,), "5H+5D": (1 * 13 + 3, 2 * 13 + 3)}
"""The ``red_five`` variant's cards as ids (5♥, 5♦: suit index × 13 + rank index), highest first."""


@dataclass(frozen=True, repr=False)
class Trump:
    """The trump of a round: ``Trump("7", "C")``, or ``Trump("7", None)`` for no-trump.

    ``red_five`` (RULES §11, 红五 hóng wǔ): ``"5H"`` or ``"5H+5D"`` puts those fives
    above the big joker, 5♥ highest, in the trump chain (so BJ BJ 5♥ 5♥ is a
    tractor) and out of their suit (so 4♥ 4♥ 6♥ 6♥ is a tractor, as across the
    trump rank's gap). At trump rank 5 the fives are trump-rank cards, so the red
    five's order does not apply: ``Trump("5", "H", "5H") == Trump("5", "H")``.

    >>> from shengji_tutor import Trump, parse_cards
    >>> t = Trump("7", "C", red_five="5H+5D")
    >>> " ".join(str(c) for c in t.sorted("BJ 5D 5H 7C 5S AH"))
    '5H 5D BJ 7C 5S AH'
    >>> t, Trump("5", "H", "5H")
    (Trump(rank='7', suit='C', red_five='5H+5D'), Trump(rank='5', suit='H'))
    """

    rank: str
    suit: str | None = None
    red_five: str | None = None
    suit_table: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The id layer: each card id's effective suit (0..3 a plain suit in ``SUITS`` order, ``TRUMP`` for trump)."""
    key_table: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The id layer: each card id's order key within its effective suit (consecutive keys make tractors)."""
    order_table: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The id layer: each card id's position for sorting a hand on screen (trumps first, high to low)."""
    higher_tables: tuple[tuple[frozenset[int], ...], ...] = field(init=False, repr=False, compare=False)
    """The id layer: ``higher_tables[s][k]``, the ids of effective suit ``s`` whose key is above ``k`` (0..15)."""

    def __post_init__(self) -> None:
        rank = trump_rank(self.rank, InvalidTrumpError)
        suit: str | None = None
        if self.suit is not None:
            suit = _SUIT_INPUT.get(self.suit.strip().upper()) if isinstance(self.suit, str) else None
            if suit is None:
                raise InvalidTrumpError(
                    t("the trump suit must be S, H, D, C (or None for no-trump), not {suit}", suit=repr(self.suit))
                )
        if self.red_five not in _RED_FIVES:
            raise InvalidTrumpError(t("red_five must be None, '5H' or '5H+5D', not {value}", value=repr(self.red_five)))
        red_five = None if rank == "5" else self.red_five  # at rank 5 the fives are rank cards
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "red_five", red_five)
        suits, keys, order, higher = _id_tables(
            RANKS.index(rank), None if suit is None else SUITS.index(suit), _RED_FIVES[red_five]
        )
        object.__setattr__(self, "suit_table", suits)
        object.__setattr__(self, "key_table", keys)
        object.__setattr__(self, "order_table", order)
        object.__setattr__(self, "higher_tables", higher)

    def __repr__(self) -> str:
        five = "" if self.red_five is None else f", red_five={self.red_five!r}"
        return f"Trump(rank={self.rank!r}, suit={self.suit!r}{five})"

    # -- the contract ---------------------------------------------------------

    def is_trump(self, card: Card) -> bool:
        """Jokers, every card of the trump rank, and every card of the trump suit."""
        return self.suit_table[_card_id(card)] == TRUMP

    def suit_of(self, card: Card) -> str:
        """The effective suit: ``"trump"`` or the plain suit letter ``S H D C``."""
        s = self.suit_table[_card_id(card)]
        return "trump" if s == TRUMP else SUITS[s]

    def key(self, card: Card) -> int:
        """Order within the effective suit (higher wins); equal for equal cards."""
        return self.key_table[_card_id(card)]

    # -- helpers built on the contract ---------------------------------------

    @property
    def no_trump(self) -> bool:
        return self.suit is None

    def sort_key(self, card: Card) -> int:
        """A sort key that groups by effective suit (trump first) and orders high to low.

        Equal cards (off-suit rank cards) are kept apart by suit so that sorting is stable.
        """
        return self.order_table[_card_id(card)]

    def sorted(self, cards: CardsLike) -> list[Card]:
        """Cards as a player holds them: trump first, then ♠ ♥ ♣ ♦, each high to low.

        >>> from shengji_tutor import Trump
        >>> [str(c) for c in Trump("7", "C").sorted("2H 7H BJ AC 7C 3S")]
        ['BJ', '7C', '7H', 'AC', '3S', '2H']
        """
        return sorted(as_cards(cards), key=self.sort_key)

    def group(self, cards: CardsLike) -> dict[str, list[Card]]:
        """Cards grouped by effective suit, in display order, each group high to low."""
        out: dict[str, list[Card]] = {}
        for c in self.sorted(cards):
            out.setdefault(self.suit_of(c), []).append(c)
        return out

    def suit_name(self, suit: str) -> str:
        """``"trump"`` or ``"hearts"`` for an effective suit letter, in the reader's language."""
        return t("trump") if suit == "trump" else t(SUIT_NAMES[suit])

    def describe(self) -> str:
        """In words, in the reader's language: ``"rank 7, clubs are trump"`` or ``"rank 7, no-trump …"``."""
        ranks = rank_plural(self.rank)
        fives = t("5♥ above the big joker") if self.red_five == "5H" else t("5♥ and 5♦ above the big joker")
        if self.suit is None:
            if self.red_five is None:
                return t(
                    "rank {rank}, no-trump (无主 wúzhǔ): only jokers and {ranks} are trump", rank=self.rank, ranks=ranks
                )
            return t(
                "rank {rank}, no-trump (无主 wúzhǔ): only jokers, {ranks} and the red fives ({fives}) are trump",
                rank=self.rank,
                ranks=ranks,
                fives=fives,
            )
        suit = t(SUIT_NAMES[self.suit])
        if self.red_five:
            return t("rank {rank}, {suit} are trump ({fives})", rank=self.rank, suit=suit, fives=fives)
        return t("rank {rank}, {suit} are trump", rank=self.rank, suit=suit)

    def trump_cards(self) -> list[Card]:
        """Every distinct trump card, high to low."""
        return [c for c in self.sorted(Card.from_id(i) for i in range(N_CARD_IDS)) if self.is_trump(c)]

    def same_order(self, cards: Iterable[Card]) -> bool:
        """True when all the cards are equal in order (same effective suit and key)."""
        seen = {(self.suit_table[c.id], self.key_table[c.id]) for c in cards}
        return len(seen) <= 1


def _card_id(card: object) -> int:
    if isinstance(card, Card):
        return card.id
    if isinstance(card, str):
        return Card.parse(card).id
    raise CardParseError(f"expected a card, got {card!r}")


def check_trump(trump: object) -> Trump:
    """``trump`` itself if it is a ``Trump``; anything else is refused by name."""
    if not isinstance(trump, Trump):
        raise InvalidTrumpError(f"expected a Trump such as Trump('7', 'C'), got {trump!r}")
    return trump


@cache
def _id_tables(
    rank: int, trump_suit: int | None, fives: tuple[int, ...] = ()
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[frozenset[int], ...], ...]]:
    """A trump's id tables, built once per rank, suit and red fives: effective suits, keys, display order, higher
    cards."""
    suits, keys = _tables(rank, trump_suit, fives)
    # high to low by effective suit and key; equal cards by natural suit ♠ ♥ ♣ ♦, so colours alternate
    order = tuple(
        _DISPLAY_ORDER.index(suits[i]) * 10_000 + (99 - keys[i]) * 100 + _NATURAL_ORDER[i // 13] * 10 + i % 13
        for i in range(N_CARD_IDS)
    )
    higher = tuple(
        tuple(frozenset(i for i in range(N_CARD_IDS) if suits[i] == s and keys[i] > k) for k in range(_KEYS))
        for s in range(TRUMP + 1)
    )
    return suits, keys, order, higher


_KEYS = 18
"""Keys run from 0 to 17 (with a trump suit: the big joker 15, or with both red fives 17)."""


def _tables(rank: int, trump_suit: int | None, fives: tuple[int, ...] = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each id's effective suit and key: every suit's cards in rank order without the trump rank and the red
    fives, numbered from 0; after the trump suit's cards, the trump chain (see the module docstring), then the
    red fives, lowest first."""
    suits = [0] * N_CARD_IDS
    keys = [0] * N_CARD_IDS
    top = 0
    for s in range(4):
        key = 0
        for r in range(13):
            cid = s * 13 + r
            if r == rank or cid in fives:
                continue
            suits[cid] = TRUMP if s == trump_suit else s
            keys[cid] = key
            key += 1
        if s == trump_suit:
            top = key  # the trump suit's own cards take keys 0 .. top - 1
    for s in range(4):
        cid = s * 13 + rank
        suits[cid] = TRUMP
        keys[cid] = 0 if trump_suit is None else top + (s == trump_suit)
    top = 0 if trump_suit is None else top + 1
    suits[SMALL_JOKER_ID] = suits[BIG_JOKER_ID] = TRUMP
    keys[SMALL_JOKER_ID] = top + 1
    keys[BIG_JOKER_ID] = top + 2
    for k, cid in enumerate(reversed(fives)):
        suits[cid] = TRUMP
        keys[cid] = top + 3 + k
    return tuple(suits), tuple(keys)
