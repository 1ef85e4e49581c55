"""Declaring trump (亮主 liàngzhǔ, RULES §10): with what, and what overrides what.

During the deal a player shows cards to fix the trump suit:

- one card of the trump rank (strength 1) names its suit;
- a pair of identical trump-rank cards (strength 2) overrides a single;
- a pair of small jokers (3) or big jokers (4) declares no-trump and overrides
  everything weaker; a single joker declares nothing;
- a player who holds the declaration may only reinforce their single into the
  pair of the same suit (they may not switch suit).

This module is the one home of that rule: the round (``Round.declare``), the bots
and the "can you declare?" puzzles all ask it.

>>> from shengji_tutor.engine.cards import format_cards, parse_cards
>>> from shengji_tutor.engine.declaring import Declaration, judge_declaration, possible_declarations
>>> current = Declaration.of(1, tuple(parse_cards("2H")))
>>> verdict = judge_declaration("2S 2S", rank="2", current=current, seat=0)
>>> bool(verdict), verdict.declaration.suit
(True, 'S')
>>> print(judge_declaration("2D", rank="2", current=current, seat=0).reason)
2♦ does not override West's 2♥: a pair overrides a single, small jokers override a pair, big jokers override small jokers (RULES §10)
>>> [format_cards(d) for d in possible_declarations("2D 2D SJ BJ 9C", rank="2", current=current, seat=0)]
['2♦ 2♦']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..i18n import N_, t
from .cards import SUIT_NAMES, Card, CardsLike, as_cards, format_cards, rank_plural, trump_rank
from .explain import Ruling
from .rules import RuleSet, rules_or_default
from .seats import seat_label
from .trump import Trump, check_trump

__all__ = [
    "STRENGTH_WORDS",
    "Declaration",
    "DeclarationVerdict",
    "can_declare",
    "chao_strength",
    "hopeless_hand",
    "judge_declaration",
    "judge_overturn",
    "possible_declarations",
    "possible_overturns",
]

OWN_DECLARATION = (
    "overriding your own declaration is not allowed at this course's table: RULES §10 leaves it open, so the course "
    "decides"
)
"""RULES §10 lets a player reinforce their own single into a pair and says nothing of overriding themselves in
another suit or with jokers; this engine refuses that, and every message that applies it says it is a house rule
(each such message says it whole, in the same words)."""

STRENGTH_WORDS = {
    1: N_("a single rank card"),
    2: N_("a pair of rank cards"),
    3: N_("a pair of small jokers"),
    4: N_("a pair of big jokers"),
}
"""Each declaration strength in words (English: a sentence shows ``t(STRENGTH_WORDS[strength])``)."""
_STRONGER_THAN = {
    0: N_("a trump-rank card or a pair of jokers"),
    1: N_("a pair of rank cards or a pair of jokers"),
    2: N_("a pair of jokers"),
    3: N_("a pair of big jokers"),
}
THE_DECLARATION, THE_HAND = N_("the declaration"), N_("the hand")
"""The cards an error message names (``as_cards``'s ``what``)."""


@dataclass(frozen=True)
class Declaration:
    """A trump declaration (亮主 liàngzhǔ): who, with which cards, for which suit.

    ``strength``: 1 a single rank card, 2 a pair of rank cards, 3 a pair of small
    jokers, 4 a pair of big jokers (RULES §10). ``suit`` is ``None`` for no-trump.
    """

    seat: int
    cards: tuple[Card, ...]
    suit: str | None
    strength: int
    dealt: int = 0
    """How many cards had been dealt when it was made (for replays)."""

    @classmethod
    def of(cls, seat: int, cards: tuple[Card, ...], dealt: int = 0) -> Declaration:
        """The declaration these (already judged) cards make: suit and strength."""
        card = cards[0]
        if card.is_joker:
            return cls(seat, cards, None, 4 if card.rank == "BJ" else 3, dealt)
        return cls(seat, cards, card.suit, len(cards), dealt)


class DeclarationVerdict(Ruling[tuple[str]]):
    """Whether a declaration is allowed now, and why (RULES §10). Truthy iff allowed.

    ``declaration`` is what it would declare (``None`` when the cards declare nothing).
    """

    __slots__ = ("_declaration",)

    def __init__(self, legal: bool, declaration: Declaration | None, reason: str | Callable[[], str]) -> None:
        super().__init__(legal, lambda: (reason() if callable(reason) else reason,))
        self._declaration = declaration

    @property
    def declaration(self) -> Declaration | None:
        return self._declaration

    def __repr__(self) -> str:
        return f"DeclarationVerdict(legal={self._legal}, reason={self.reason!r})"


def judge_declaration(
    cards: CardsLike,
    rank: str,
    current: Declaration | None = None,
    seat: int = 0,
    players: int = 4,
    dealt: int = 0,
) -> DeclarationVerdict:
    """May ``seat`` declare with ``cards`` now, at trump rank ``rank``, over ``current``? (RULES §10)

    Whether the player holds the cards is the caller's question (the round checks it).
    """
    rank = trump_rank(rank)
    shown = tuple(as_cards(cards, THE_DECLARATION))
    if len(shown) not in (1, 2) or (len(shown) == 2 and shown[0] is not shown[1]):
        return DeclarationVerdict(
            False,
            None,
            lambda: t(
                "declare with one {rank} or a pair of identical cards, not {cards} (RULES §10)",
                rank=rank,
                cards=format_cards(shown),
            ),
        )
    card = shown[0]
    if card.is_joker and len(shown) != 2:
        return DeclarationVerdict(False, None, lambda: t("a joker declares no-trump only as a pair (RULES §10)"))
    if not card.is_joker and card.rank != rank:
        return DeclarationVerdict(
            False,
            None,
            lambda: t(
                "only a card of the trump rank {rank} declares a suit, not {cards} (RULES §10)",
                rank=rank,
                cards=format_cards(shown),
            ),
        )
    return _against(Declaration.of(seat, shown, dealt), current, players)


def _against(decl: Declaration, current: Declaration | None, players: int) -> DeclarationVerdict:
    """The verdict on well-formed cards: allowed unless the declaration ``current`` stands against them (RULES §10)."""
    if current is not None:
        if current.seat == decl.seat:
            if not (decl.strength == 2 and current.strength == 1 and decl.suit == current.suit):
                return DeclarationVerdict(
                    False,
                    decl,
                    lambda: t(
                        "you already hold the declaration: you may only reinforce your single into a pair of the same "
                        "suit (RULES §10 allows that; overriding your own declaration is not allowed at this course's "
                        "table: RULES §10 leaves it open, so the course decides)"
                    ),
                )
        elif decl.strength <= current.strength:
            held = current
            return DeclarationVerdict(
                False,
                decl,
                lambda: t(
                    "{cards} does not override {seat}'s {held}: a pair overrides a single, small jokers override a "
                    "pair, big jokers override small jokers (RULES §10)",
                    cards=format_cards(decl.cards),
                    seat=seat_label(held.seat, players),
                    held=format_cards(held.cards),
                ),
            )
    return DeclarationVerdict(True, decl, lambda: _declares(decl))


_MAKES_TRUMP = {
    False: (N_("{cards} declares no-trump (RULES §10)"), N_("{cards} declares {suit} as the trump suit (RULES §10)")),
    True: (
        N_("{cards} overturns to no-trump (RULES §11)"),
        N_("{cards} overturns to {suit} as the trump suit (RULES §11)"),
    ),
}
"""What a declaration makes trump (no-trump, a suit), in words; ``True``: a chao dipi overturn's (English: ``t``)."""


def _declares(decl: Declaration, overturn: bool = False) -> str:
    no_trump, a_suit = _MAKES_TRUMP[overturn]
    cards = format_cards(decl.cards)
    if decl.suit is None:
        return t(no_trump, cards=cards)
    return t(a_suit, cards=cards, suit=t(SUIT_NAMES[decl.suit]))


def possible_declarations(
    hand: CardsLike, rank: str, current: Declaration | None = None, seat: int = 0, players: int = 4
) -> list[tuple[Card, ...]]:
    """Every declaration the hand could make now that ``judge_declaration`` allows, in hand order."""
    rank = trump_rank(rank)
    counts = Counter(as_cards(hand, THE_HAND))
    out: list[tuple[Card, ...]] = []
    for card, n in counts.items():
        options: list[tuple[Card, ...]] = []
        if card.is_joker:
            options = [(card, card)] if n >= 2 else []
        elif card.rank == rank:
            options = [(card,)] + ([(card, card)] if n >= 2 else [])
        out.extend(cards for cards in options if judge_declaration(cards, rank, current, seat, players))
    return out


def can_declare(
    hand: CardsLike, rank: str, current: Declaration | None = None, by_you: bool = False
) -> DeclarationVerdict:
    """Can this hand declare (or override ``current``) now? The strongest option, explained (RULES §10).

    ``by_you`` says the declaration on the table is the player's own (they may only reinforce it).
    """
    rank = trump_rank(rank)
    seat = 0
    if current is not None:  # whose it is decides whether overriding or only reinforcing is allowed
        current = replace(current, seat=seat if by_you else seat + 1)
    options = possible_declarations(hand, rank, current, seat)
    best = max(options, key=lambda cards: Declaration.of(seat, cards).strength, default=None)
    chosen = None if best is None else Declaration.of(seat, best)
    if current is None:
        if chosen is None:
            return DeclarationVerdict(
                False,
                None,
                t("Nobody has declared, but you hold no {rank} and no pair of jokers (RULES §10).", rank=rank),
            )
        return DeclarationVerdict(
            True,
            chosen,
            t("Nobody has declared yet: you may declare with {cards} (RULES §10).", cards=_symbols(chosen.cards)),
        )
    if by_you:
        if chosen is not None:
            return DeclarationVerdict(
                True,
                chosen,
                t(
                    "The declaration is your own single {single}: you may reinforce it into the pair {pair} (RULES §10), "
                    "but not switch to another suit (overriding your own declaration is not allowed at this course's "
                    "table: RULES §10 leaves it open, so the course decides).",
                    single=_symbols(current.cards),
                    pair=_symbols(chosen.cards),
                ),
            )
        return DeclarationVerdict(
            False,
            None,
            t(
                "The declaration is your own: you may only reinforce a single into a pair of the same suit (RULES §10 "
                "allows that; overriding your own declaration is not allowed at this course's table: RULES §10 leaves "
                "it open, so the course decides)."
            ),
        )
    return _overrides(current, chosen)


def _overrides(current: Declaration, chosen: Declaration | None) -> DeclarationVerdict:
    """What the hand's strongest option does against another player's declaration ``current`` (RULES §10)."""
    table = format_cards(current.cards)
    if chosen is not None:
        return DeclarationVerdict(
            True,
            chosen,
            t(
                "{cards} overrides {table}: {stronger} beats {weaker} (RULES §10).",
                cards=_symbols(chosen.cards),
                table=table,
                stronger=t(STRENGTH_WORDS[chosen.strength]),
                weaker=t(STRENGTH_WORDS[current.strength]),
            ),
        )
    if current.strength == 4:
        return DeclarationVerdict(
            False,
            None,
            t("Nothing overrides {table}: a pair of big jokers is the strongest declaration (RULES §10).", table=table),
        )
    return DeclarationVerdict(
        False,
        None,
        t(
            "Nothing in your hand overrides {table}: only {stronger} would (RULES §10).",
            table=table,
            stronger=t(_STRONGER_THAN[current.strength]),
        ),
    )


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards)


# -- chao dipi (炒地皮 chǎo dìpí, RULES §11) ---------------------------------------------------------

_CHAO_PAIRS = {"BJ": 6, "SJ": 5, "S": 4, "H": 3, "C": 2, "D": 1}
"""RULES §11: BJ pair > SJ pair > trump-rank pair of ♠ > ♥ > ♣ > ♦."""


def chao_strength(declaration: Declaration | None) -> int:
    """A declaration's strength in chao dipi's order: 6 a pair of big jokers, 5 of small jokers, 4 to 1 a pair of
    trump-rank ♠ ♥ ♣ ♦; a single (or no declaration, when the kitty fixed the suit) is 0, below every pair.

    >>> from shengji_tutor.engine.cards import parse_cards
    >>> from shengji_tutor.engine.declaring import Declaration, chao_strength
    >>> [chao_strength(Declaration.of(0, tuple(parse_cards(c)))) for c in ("BJ BJ", "2S 2S", "2D 2D", "2S")]
    [6, 4, 1, 0]
    """
    if declaration is None or len(declaration.cards) < 2:
        return 0
    card = declaration.cards[0]
    return _CHAO_PAIRS[card.rank if card.is_joker else str(card.suit)]


def judge_overturn(
    cards: CardsLike, rank: str, standing: Declaration | None, seat: int = 0, players: int = 4
) -> DeclarationVerdict:
    """Chao dipi (RULES §11): may ``seat`` overturn the ``standing`` declaration with ``cards`` after the kitty
    exchange? Only a pair overturns — of jokers, or of trump-rank cards — and only a stronger one in chao dipi's
    order (``chao_strength``). Whether the player holds the cards is the caller's question.

    >>> from shengji_tutor.engine.cards import parse_cards
    >>> from shengji_tutor.engine.declaring import Declaration, judge_overturn
    >>> standing = Declaration.of(1, tuple(parse_cards("2H 2H")))
    >>> bool(judge_overturn("2S 2S", "2", standing)), judge_overturn("2S 2S", "2", standing).declaration.suit
    (True, 'S')
    >>> print(judge_overturn("2C 2C", "2", standing).reason)
    2♣ 2♣ does not overturn 2♥ 2♥: a pair of big jokers > small jokers > trump-rank cards of ♠ > ♥ > ♣ > ♦ (RULES §11)
    """
    rank = trump_rank(rank)
    shown = tuple(as_cards(cards, THE_DECLARATION))
    if len(shown) != 2 or shown[0] is not shown[1] or not (shown[0].is_joker or shown[0].rank == rank):
        return DeclarationVerdict(
            False,
            None,
            lambda: t(
                "chao dipi overturns with a pair of jokers or of trump-rank {ranks}, not {cards} (RULES §11)",
                ranks=rank_plural(rank),
                cards=format_cards(shown),
            ),
        )
    decl = Declaration.of(seat, shown)
    if chao_strength(decl) <= chao_strength(standing):
        assert standing is not None
        held = standing
        return DeclarationVerdict(
            False,
            decl,
            lambda: t(
                "{cards} does not overturn {held}: a pair of big jokers > small jokers > trump-rank cards of "
                "♠ > ♥ > ♣ > ♦ (RULES §11)",
                cards=format_cards(decl.cards),
                held=format_cards(held.cards),
            ),
        )
    return DeclarationVerdict(True, decl, lambda: _declares(decl, overturn=True))


def possible_overturns(hand: CardsLike, rank: str, standing: Declaration | None) -> list[tuple[Card, ...]]:
    """Every pair of ``hand`` that would overturn ``standing`` in chao dipi (``judge_overturn``), in hand order."""
    rank = trump_rank(rank)
    counts = Counter(as_cards(hand, THE_HAND))
    pairs = [(c, c) for c, n in counts.items() if n >= 2 and (c.is_joker or c.rank == rank)]
    return [p for p in pairs if judge_overturn(p, rank, standing)]


# -- a hopeless hand (RULES §11) --------------------------------------------------------------------


def hopeless_hand(hand: CardsLike, trump: Trump, rules: RuleSet | None = None) -> bool:
    """Whether ``hand`` may be shown to force a redeal (RULES §11, ``redeal``): with ``"no-trump"`` it holds no
    trump (under the trump just fixed, red fives included), with ``"no-points"`` no 5, 10 or K; never when the
    variant is off.

    >>> from shengji_tutor import RuleSet, Trump
    >>> from shengji_tutor.engine.declaring import hopeless_hand
    >>> hopeless_hand("3S 4S AD", Trump("2", "H"), RuleSet(redeal="no-trump")), hopeless_hand("3S 4S AD", Trump("2", "H"))
    (True, False)
    >>> hopeless_hand("3S 4S AD", Trump("2", "S"), RuleSet(redeal="no-trump"))
    False
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    cards = as_cards(hand, THE_HAND)
    if rules.redeal == "no-trump":
        return not any(trump.is_trump(c) for c in cards)
    if rules.redeal == "no-points":
        return not any(c.points for c in cards)
    return False
