"""Why some cards are (or are not) one tractor (拖拉机 tuōlājī), in words naming the rule (RULES §3–§4).

``is_tractor`` (``engine.units``) decides; ``tractor_reason`` says why from the
engine's own order (``Trump.suit_of``, ``Trump.key``): cards of two effective suits
(at rank 7 the 7♥ is a trump, not a heart), a card that is in no pair, tuples of
different widths, two equal tuples (off-suit rank pairs), or a gap — naming the
cards that lie between two pairs in that suit's order. A tractor's reason shows
its chain and, when the pairs look apart, why nothing lies between them. A lesson's
step and a bank puzzle about tractors both say it with this one function.

>>> from shengji_tutor import Trump, parse_cards
>>> from shengji_tutor.engine.tractors import tractor_reason
>>> tractor_reason(parse_cards("8H 8H 6H 6H"), Trump("7", "C"))
'Yes: a 2-pair tractor (8♥ 8♥ 6♥ 6♥): 6♥ → 8♥ are consecutive in hearts: at 7♣ the 7♥ is a trump, ...'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from ..i18n import t, tn
from .cards import RANKS, SUIT_SYMBOLS, Card, and_all, deck, format_cards, listed, with_article
from .rules import RuleSet
from .trump import Trump
from .units import Unit, lead_format, shape_words

__all__ = ["tractor_reason"]


def _suit_words(trump: Trump, suit: str) -> str:
    return t("trumps") if suit == "trump" else trump.suit_name(suit)


def _between(trump: Trump, suit: str, low: int, high: int) -> tuple[str, int]:
    """The cards of ``suit`` strictly between two order keys, high to low (equal cards joined by '/'), and how
    many cards that is."""
    by_key: dict[int, list[Card]] = {}
    for card in trump.sorted(set(deck(1))):
        if trump.suit_of(card) == suit and low < trump.key(card) < high:
            by_key.setdefault(trump.key(card), []).append(card)
    names = ["/".join(c.symbol() for c in cards) for _, cards in sorted(by_key.items(), reverse=True)]
    count = sum(len(cards) for cards in by_key.values())
    if len(names) > 3:
        names = [names[0], f"{names[1]} … {names[-1]}"]
    return listed(names), count


def _at(trump: Trump) -> str:
    """The trump in short, as RULES.md writes it: "at 7♣", "at 7 no-trump" (in the reader's language)."""
    if trump.suit is None:
        return t("at {rank} no-trump", rank=trump.rank)
    # TRANSLATORS: the trump in short, as a sentence ends with it: "at 7♣" (rank 7, clubs trump)
    return t("at {trump}", trump=f"{trump.rank}{SUIT_SYMBOLS[trump.suit]}")


def _chain(trump: Trump) -> str:
    """The top of the trump chain (RULES §4), in words (the reader's language)."""
    if trump.suit is None:
        if with_article(trump.rank).startswith("an "):
            return t("an {rank} of any suit → SJ → BJ", rank=trump.rank)
        return t("a {rank} of any suit → SJ → BJ", rank=trump.rank)
    top = "K" if trump.rank == "A" else "A"
    sym = SUIT_SYMBOLS[trump.suit]
    return t(
        "{top} → an off-suit {rank} → {trump} → SJ → BJ", top=f"{top}{sym}", rank=trump.rank, trump=f"{trump.rank}{sym}"
    )


def _yes(unit: Unit, trump: Trump, suit: str) -> str:
    tops = [u.cards[0] for u in reversed(_tuples(unit))]
    values = {"unit": unit.describe(), "chain": " → ".join(c.symbol() for c in tops)}
    n = len(tops)
    if suit == "trump":
        if any(c.suit is None or c.rank == trump.rank for c in tops):
            return tn(
                "Yes: {unit}: {chain} is consecutive along the trump chain ({trumps}) (RULES §4).",
                "Yes: {unit}: {chain} are consecutive along the trump chain ({trumps}) (RULES §4).",
                n,
                trumps=_chain(trump),
                **values,
            )
        return tn(
            "Yes: {unit}: {chain} is consecutive in the trump suit (RULES §4).",
            "Yes: {unit}: {chain} are consecutive in the trump suit (RULES §4).",
            n,
            **values,
        )
    jumps = any(abs(RANKS.index(a.rank) - RANKS.index(b.rank)) == 2 for a, b in pairwise(tops))
    if jumps:
        return tn(
            "Yes: {unit}: {chain} is consecutive in {suit}: {at} the {gap} is a trump, so nothing is left between them "
            "(RULES §4).",
            "Yes: {unit}: {chain} are consecutive in {suit}: {at} the {gap} is a trump, so nothing is left between "
            "them (RULES §4).",
            n,
            suit=trump.suit_name(suit),
            at=_at(trump),
            gap=f"{trump.rank}{SUIT_SYMBOLS[suit]}",
            **values,
        )
    return tn(
        "Yes: {unit}: {chain} is consecutive in {suit} (RULES §4).",
        "Yes: {unit}: {chain} are consecutive in {suit} (RULES §4).",
        n,
        suit=trump.suit_name(suit),
        **values,
    )


def tractor_reason(cards: Sequence[Card], trump: Trump, rules: RuleSet | None = None) -> str:
    """Why ``cards`` are (or are not) one tractor, in the engine's order (RULES §4), naming the rule; ``rules``
    give the decks (three decks hold triples)."""
    where = _at(trump)
    suits: dict[str, list[Card]] = {}
    for c in trump.sorted(cards):
        suits.setdefault(trump.suit_of(c), []).append(c)
    if len(suits) > 1:
        parts = [
            tn("{cards} is {suit}", "{cards} are {suit}", len(cs), cards=format_cards(cs), suit=_suit_words(trump, s))
            for s, cs in suits.items()
        ]
        said = parts[0]
        for part in parts[1:]:
            # TRANSLATORS: two statements joined, "7♥ 7♥ are trumps and 6♥ 6♥ are hearts"
            said = t("{clauses} and {clause}", clauses=said, clause=part)
        return t(
            "No: {parts} {at}. A tractor is consecutive pairs of one suit, and these cards are in {count} suits "
            "(RULES §3–§4).",
            parts=said,
            at=where,
            count=len(suits),
        )
    (suit,) = suits
    units = sorted(lead_format(list(cards), trump, rules).units, key=lambda u: u.top, reverse=True)
    if len(units) == 1 and units[0].length > 1:
        return _yes(units[0], trump, suit)
    if len(units) == 1:
        return t(
            "No: {unit} is one unit. A tractor needs two or more pairs (or wider tuples) in a row (RULES §4).",
            unit=units[0].describe(),
        )
    singles = [u for u in units if u.width == 1]
    if singles:
        return tn(
            "No: {cards} is in no pair. A tractor is made of pairs only (RULES §4).",
            "No: {cards} are in no pair. A tractor is made of pairs only (RULES §4).",
            len(singles),
            cards=format_cards([c for u in singles for c in u.cards]),
        )
    if len({u.width for u in units}) > 1:
        shapes = and_all([shape_words(u.length, u.width) for u in units])
        return t("No: {shapes}. A tractor's tuples all have the same width (RULES §4).", shapes=shapes)
    return _not_consecutive(units, trump, suit, where)


def _not_consecutive(units: list[Unit], trump: Trump, suit: str, where: str) -> str:
    """Why tuples of one suit and one width are not in a row: two of them are equal, or cards lie between two."""
    tuples = sorted((tu for u in units for tu in _tuples(u)), key=lambda tu: tu.top, reverse=True)
    high, low = next((h, lo) for h, lo in pairwise(tuples) if h.top - lo.top != 1)  # tuples in a row would join
    if high.top == low.top:
        return t(
            "No: {high} and {low} are equal {at} (off-suit rank cards), not consecutive: two equal pairs never make a "
            "tractor (RULES §4).",
            high=format_cards(high.cards),
            low=format_cards(low.cards),
            at=where,
        )
    between, count = _between(trump, suit, low.top, high.top)
    return tn(
        "No: {between} lies between {top} and {bottom} in the order of {suit} {at}, so {high} and {low} are not "
        "consecutive (RULES §4).",
        "No: {between} lie between {top} and {bottom} in the order of {suit} {at}, so {high} and {low} are not "
        "consecutive (RULES §4).",
        count,
        between=between,
        top=high.cards[0].symbol(),
        bottom=low.cards[0].symbol(),
        suit=_suit_words(trump, suit),
        at=where,
        high=format_cards(high.cards),
        low=format_cards(low.cards),
    )


def _tuples(unit: Unit) -> list[Unit]:
    """A unit's tuples, highest first (a pair or triple is its own one tuple)."""
    w = unit.width
    return [
        Unit(unit.cards[i : i + w], w, 1, unit.suit, unit.top - k) for k, i in enumerate(range(0, len(unit.cards), w))
    ]
