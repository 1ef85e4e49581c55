"""Following (跟牌 gēnpái): is a play a legal answer to the lead? (RULES §6)

A follower plays as many cards as were led and must, in order:

1. follow **suit**: as many cards of the led effective suit as possible;
2. follow **structure** within that suit, largest units first: a matching tractor
   for each led tractor it can, then as many tuples of each width as were led in
   total, then singles;
3. when void in the led suit, play anything (ruffing with trumps is allowed, not
   required).

The check works by counting: for the lead's demand (its tractors, its tuples by
width) we count what the follower's whole holding in the suit could supply, and
what the play does supply. The play is legal when it supplies, item by item, at
least what the holding could. The first item it falls short on names the rule
in the verdict's ``reason``.

>>> from shengji_tutor import Trump, legal_follow
>>> t = Trump("7", "C")
>>> v = legal_follow("8H 8H 4H 3S", "KH KH", "8H 4H", t)
>>> bool(v), v.reason
(False, 'You hold a pair of hearts (8♥ 8♥), so you must play it (RULES §6.2: follow the structure of the lead).')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise

from ..i18n import N_, t, tn
from .cards import N_CARD_IDS, Card, CardsLike, card_ids, cards_of, check_id_copies, format_cards
from .errors import PlayError
from .explain import Ruling
from .rules import RuleSet, rules_or_default
from .trump import TRUMP, Trump, check_trump
from .units import (
    THE_LEAD,
    RawUnit,
    count_ids,
    decompose,
    lead_suit,
    placements,
    shape_count,
    shape_of,
    shape_words,
    suit_label,
    suit_words,
)

__all__ = ["Verdict", "legal_follow", "wrong_size"]


def wrong_size(lead_size: int) -> str:
    """What a follow of another number of cards than the lead's is told (RULES §6); ``legal_follow`` judges only a
    follow of the lead's size."""
    return tn(
        "The lead has {n} card, so play exactly {n} (RULES §6).",
        "The lead has {n} cards, so play exactly {n} (RULES §6).",
        lead_size,
    )


Explain = Callable[[], tuple[str, tuple[Card, ...]]]
"""Builds (reason, holding) on first use: bots and simulations never pay for sentences."""


class Verdict(Ruling[tuple[str, tuple[Card, ...]]]):
    """Whether a follow is legal, and why. Truthy iff legal.

    ``rule`` names the rule that decided: ``"follow-suit"`` (§6.1),
    ``"follow-structure"`` (§6.2), ``"void"`` (§6.3) or ``"single"``.
    ``reason`` is a sentence for the learner; ``holding`` lists cards from the
    hand that show what was required (the pair you hold, the hearts you kept
    back), so a lesson can highlight them. Both are built on first access, so
    bots and simulations never pay for sentences. Read-only.
    """

    __slots__ = ("_rule",)

    def __init__(self, legal: bool, rule: str, explain: Explain) -> None:
        # the bases' fields set here directly: a verdict is made on every call, most never explained
        self._legal = legal
        self._explain = explain
        self._explained = None
        self._rule = rule

    @property
    def rule(self) -> str:
        return self._rule

    @property
    def holding(self) -> tuple[Card, ...]:
        return self._get()[1]

    def __repr__(self) -> str:
        return f"Verdict(legal={self._legal}, rule={self._rule!r}, reason={self.reason!r})"


# -- validation shared by the functions that take a hand and a play ------------

YOUR_HAND, YOUR_PLAY, HAND_AND_LEAD = N_("your hand"), N_("your play"), N_("the hand and the lead")
"""The cards an error message names (``as_cards``'s ``what``)."""


def check_play(hand_ids: Sequence[int], play_ids: Sequence[int], extra_ids: Sequence[int], decks: int) -> None:
    """The play comes from the hand; hand and extra cards hold no impossible copies."""
    counts = [0] * N_CARD_IDS
    for i in hand_ids:
        counts[i] += 1
    for i in play_ids:
        if play_ids.count(i) > counts[i]:
            held = counts[i]
            card = cards_of([i])[0]
            if held == 0:
                raise PlayError(t("you play {card} but you do not hold it in your hand", card=card))
            raise PlayError(
                tn(
                    "you play {card} but you hold only {n} of it in your hand",
                    "you play {card} but you hold only {n} of it in your hand",
                    held,
                    card=card,
                )
            )
    for i in extra_ids:
        counts[i] += 1
    if max(counts) > decks:
        check_id_copies((hand_ids, extra_ids), decks, HAND_AND_LEAD)


# -- the demand of a lead and what a holding can supply ------------------------


def demand_of(units: Sequence[RawUnit]) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """The led tractors' shapes (largest first) and the led tuples counted by width."""
    shapes = [(u[0], u[1]) for u in units if u[0] > 1]
    tuples: dict[int, int] = {}
    for length, width, _, _ in units:
        if width > 1:
            tuples[width] = tuples.get(width, 0) + length
    return shapes, tuples


def lead_demand(lead_ids: Sequence[int], key: Sequence[int]) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """``demand_of(decompose(lead_ids, key))``, without building the units when the lead holds only pairs and singles.

    Pairs at distinct keys make a tractor of every run of consecutive keys (RULES §5), so
    the shapes are those runs' lengths, longest first.
    """
    counts = count_ids(lead_ids)
    pair_keys = [key[cid] for cid, c in counts.items() if c == 2]
    if len(counts) + len(pair_keys) != len(lead_ids) or len(set(pair_keys)) < len(pair_keys):
        return demand_of(decompose(lead_ids, key))  # wider tuples, or pairs of equal rank (off-suit trump rank cards)
    if not pair_keys:
        return [], {}
    pair_keys.sort()
    runs: list[int] = []
    run = 1
    for low, high in pairwise(pair_keys):
        if high == low + 1:
            run += 1
        else:
            if run > 1:
                runs.append(run)
            run = 1
    if run > 1:
        runs.append(run)
    runs.sort(reverse=True)
    return [(length, 2) for length in runs], {2: len(pair_keys)}


def _fits(count: int, width: int, exact: bool) -> bool:
    return count == width if exact else count >= width


def _tractor_counts(
    counts: dict[int, int], key: Sequence[int], shapes: Sequence[tuple[int, int]], exact: bool
) -> tuple[int, ...]:
    """Lexicographically best 0/1 vector of led tractors matched by disjoint tractors in ``counts``."""
    if not shapes:
        return ()
    length, width = shapes[0]
    rest = shapes[1:]
    best: tuple[int, ...] = (0, *_tractor_counts(counts, key, rest, exact))
    for _, chosen in list(placements(counts, key, length, width, exact)):
        for cid in chosen:
            counts[cid] -= width
        got = (1, *_tractor_counts(counts, key, rest, exact))
        for cid in chosen:
            counts[cid] += width
        if got > best:
            best = got
        if not rest:
            break
    return best


def _tuple_counts(counts: dict[int, int], tuples: dict[int, int], exact: bool) -> list[int]:
    """How many led tuples of each width (widest first) the holding can supply.

    A missing triple is answered by a pair (plus a single), so the shortfall at one
    width is added to the demand at the next narrower width (RULES §6.2).
    """
    if not tuples:
        return []
    remaining = dict(counts)
    out = []
    carry = 0
    for width in range(max(tuples), 1, -1):
        cap = tuples.get(width, 0) + carry
        usable = sorted((c for c in remaining.items() if _fits(c[1], width, exact)), key=lambda x: x[1])
        got = min(cap, len(usable))
        for cid, _ in usable[:got]:
            remaining[cid] -= width
        out.append(got)
        carry = cap - got
    return out


def _has_run(keys: set[int], length: int) -> bool:
    """Do the keys hold ``length`` consecutive integers? (Then the tuples at them make a tractor.)"""
    if len(keys) < length:
        return False
    tops = keys  # keys k with k - 1, ..., k - j also among the keys
    for j in range(1, length):
        tops = tops & {k + j for k in keys}
    return bool(tops)


def supply(
    ids: Sequence[int], key: Sequence[int], shapes: Sequence[tuple[int, int]], tuples: dict[int, int], exact: bool
) -> list[int]:
    counts = count_ids(ids)
    if len(tuples) == 1 and 2 in tuples and (not shapes or (len(shapes) == 1 and shapes[0][1] == 2)):
        # Pairs led, at most one tractor of them: the pairs held say it all.
        pairs = [cid for cid, c in counts.items() if c == 2 or (c > 2 and not exact)]
        held = min(tuples[2], len(pairs))
        if not shapes:
            return [held]
        return [1 if _has_run({key[cid] for cid in pairs}, shapes[0][0]) else 0, held]
    return [*_tractor_counts(counts, key, shapes, exact), *_tuple_counts(counts, tuples, exact)]


def requirement(
    hand_suit: Sequence[int],
    key: Sequence[int],
    shapes: Sequence[tuple[int, int]],
    tuples: dict[int, int],
    rules: RuleSet,
) -> list[int]:
    """What a holding in the led suit must supply, item by item (tractors by shape, then tuples by width)."""
    return supply(hand_suit, key, shapes, tuples, rules.follow == "protect-longer")


def meets(
    play_suit: Sequence[int],
    key: Sequence[int],
    shapes: Sequence[tuple[int, int]],
    tuples: dict[int, int],
    required: Sequence[int],
) -> bool:
    """Does a play's part in the led suit supply at least what is required, item by item?"""
    return all(got >= want for got, want in zip(supply(play_suit, key, shapes, tuples, False), required, strict=True))


# -- explanations -----------------------------------------------------------------


def _structure_reason(
    item: int,
    shapes: Sequence[tuple[int, int]],
    tuples: dict[int, int],
    hand_suit: Sequence[int],
    key: Sequence[int],
    required: Sequence[int],
    exact: bool,
    suit_index: int,
    play_suit: Sequence[int] = (),
) -> tuple[str, tuple[Card, ...]]:
    counts = count_ids(hand_suit)
    if item < len(shapes):
        length, width = shapes[item]
        cards = _tractor_to_name(counts, play_suit, key, length, width, exact)
        return (
            t(
                "You hold {tractor} in {suit} ({cards}), so you must play it "
                "(RULES §6.2: a tractor lead is answered by a tractor of the same shape).",
                tractor=shape_words(length, width),
                suit=suit_words(suit_index),
                cards=format_cards(cards),
            ),
            cards,
        )
    width = max(tuples) - (item - len(shapes))
    need = required[item]
    held = sorted((cid for cid, c in counts.items() if _fits(c, width, exact)), key=lambda cid: -key[cid])
    cards = cards_of(cid for cid in held for _ in range(width))
    what = shape_of(suit_label(suit_index), shape_count(1, width, len(held)))
    if len(held) == 1 and need == 1:
        return (
            t(
                "You hold {what} ({cards}), so you must play it (RULES §6.2: follow the structure of the lead).",
                what=what,
                cards=format_cards(cards),
            ),
            cards,
        )
    return (
        t(
            "You hold {what} ({cards}), so you must play {many} (RULES §6.2: follow the structure of the lead).",
            what=what,
            cards=format_cards(cards),
            many=shape_count(1, width, need),
        ),
        cards,
    )


def _tractor_to_name(
    counts: dict[int, int], play_suit: Sequence[int], key: Sequence[int], length: int, width: int, exact: bool
) -> tuple[Card, ...]:
    """The tractor a reason names: one the play did not use as one, if there is one; else any the hand holds."""
    kept, played = dict(counts), count_ids(play_suit)
    while True:
        used = next(placements(played, key, length, width), None)
        if used is None:
            break
        for i in used[1]:
            played[i] -= width
            kept[i] -= width
    for holding in (kept, counts):
        for unit, _ in placements(holding, key, length, width, exact):
            return cards_of(unit[3])
    return ()


# -- the contract ----------------------------------------------------------------


def legal_follow(
    hand: CardsLike, lead: CardsLike, play: CardsLike, trump: Trump, rules: RuleSet | None = None
) -> Verdict:
    """Is ``play`` a legal follow to ``lead`` from ``hand`` (the whole hand, play included)?

    Raises ``PlayError`` when the play has the wrong number of cards or is not in
    the hand, ``IllegalLeadError`` for a mixed lead, ``ImpossibleCardsError`` when
    the hand and lead hold more copies of a card than the decks.

    >>> from shengji_tutor import Trump, legal_follow
    >>> t = Trump("7", "C")
    >>> bool(legal_follow("JD QD 3S 4S", "8D 8D", "JD QD", t))
    True
    >>> print(legal_follow("JD QD 3S 4S", "8D 8D", "JD 3S", t).reason)
    You hold 2 diamonds (Q♦ J♦), so you must play all of them (RULES §6.1: follow suit).
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    hand_ids = card_ids(hand, YOUR_HAND)
    lead_ids = card_ids(lead, THE_LEAD)
    play_ids = card_ids(play, YOUR_PLAY)
    s = lead_suit(lead_ids, trump.suit_table)
    n = len(lead_ids)
    if len(play_ids) != n:
        raise PlayError(
            tn(
                "the lead has {n} card, so a follow has exactly {n}; this play has {count}",
                "the lead has {n} cards, so a follow has exactly {n}; this play has {count}",
                n,
                count=len(play_ids),
            )
        )
    check_play(hand_ids, play_ids, lead_ids, rules.decks)
    return judge_follow(hand_ids, lead_ids, play_ids, trump, rules, s)


def judge_follow(
    hand_ids: Sequence[int],
    lead_ids: Sequence[int],
    play_ids: Sequence[int],
    trump: Trump,
    rules: RuleSet,
    s: int | None = None,
) -> Verdict:
    """``legal_follow`` on trusted ids: the play is in the hand, as long as the lead, copies possible.

    For the engine's own callers (rounds, bots), which hold validated state.
    """
    suit, key = trump.suit_table, trump.key_table
    if s is None:
        s = suit[lead_ids[0]]
    n = len(lead_ids)
    hand_suit = [i for i in hand_ids if suit[i] == s]
    play_suit = [i for i in play_ids if suit[i] == s]
    if not hand_suit:
        return Verdict(True, "void", lambda: _void_reason(s, play_ids, suit))
    need = min(n, len(hand_suit))
    if len(play_suit) < need:
        return Verdict(False, "follow-suit", lambda: _suit_reason(s, need, hand_suit, trump))
    if len(hand_suit) <= n:
        return Verdict(True, "follow-suit", lambda: _all_played_reason(s, len(hand_suit) < n))
    if n == 1:
        return Verdict(
            True, "single", lambda: (t("You follow suit with one of your {suit} (RULES §6.1).", suit=suit_words(s)), ())
        )
    return _structure_verdict(lead_ids, hand_suit, play_suit, key, rules, s)


def _structure_verdict(
    lead_ids: Sequence[int], hand_suit: list[int], play_suit: list[int], key: Sequence[int], rules: RuleSet, s: int
) -> Verdict:
    """A lead of several cards, from a hand with more of its suit than it asks: the play must match the lead's pairs
    and tractors as far as the holding can (RULES §6.2)."""
    n = len(lead_ids)
    exact = rules.follow == "protect-longer"
    if n == 2 and lead_ids[0] == lead_ids[1] and (rules.decks <= 2 or not exact):
        # The commonest structured lead, a pair: a held pair (or wider tuple) must be played.
        if play_suit[0] == play_suit[1] or len(set(hand_suit)) == len(hand_suit):
            return Verdict(True, "follow-structure", lambda: _structure_ok(s))
        return Verdict(
            False,
            "follow-structure",
            lambda: _structure_reason(0, [], {2: 1}, hand_suit, key, [1], exact, s, play_suit),
        )
    shapes, tuples = lead_demand(lead_ids, key)
    if not tuples:
        return Verdict(
            True,
            "single",
            lambda: (t("The lead is all singles, so any {suit} will do (RULES §6.1).", suit=suit_words(s)), ()),
        )
    required = requirement(hand_suit, key, shapes, tuples, rules)
    supplied = supply(play_suit, key, shapes, tuples, False)
    for item, (want, got) in enumerate(zip(required, supplied, strict=True)):
        if got < want:
            return Verdict(
                False,
                "follow-structure",
                partial(_structure_reason, item, shapes, tuples, hand_suit, key, required, exact, s, play_suit),
            )
    return Verdict(True, "follow-structure", lambda: _structure_ok(s))


def _void_reason(s: int, play_ids: Sequence[int], suit: Sequence[int]) -> tuple[str, tuple[Card, ...]]:
    reason = t("You have no {suit}, so you may play any cards (RULES §6.3).", suit=suit_words(s))
    if s != TRUMP and all(suit[i] == TRUMP for i in play_ids):
        reason += " " + t("Playing trumps like this is a ruff (毙 bì).")
    return reason, ()


def _suit_reason(s: int, need: int, hand_suit: Sequence[int], trump: Trump) -> tuple[str, tuple[Card, ...]]:
    held = cards_of(sorted(hand_suit, key=trump.order_table.__getitem__))
    n, shown = len(hand_suit), format_cards(held)
    if n == 1 and s == TRUMP:  # then the one card must be played
        reason = t("You hold one trump ({cards}), so you must play it (RULES §6.1: follow suit).", cards=shown)
    elif n == 1:
        reason = t(
            "You hold one {suit} ({cards}), so you must play it (RULES §6.1: follow suit).",
            suit=suit_words(s, 1),
            cards=shown,
        )
    elif need == n:
        reason = tn(
            "You hold {n} {suit} ({cards}), so you must play all of them (RULES §6.1: follow suit).",
            "You hold {n} {suit} ({cards}), so you must play all of them (RULES §6.1: follow suit).",
            n,
            suit=suit_words(s),
            cards=shown,
        )
    elif need == 1:
        reason = tn(
            "You hold {n} {suit} ({cards}), so you must play one of them (RULES §6.1: follow suit).",
            "You hold {n} {suit} ({cards}), so you must play one of them (RULES §6.1: follow suit).",
            n,
            suit=suit_words(s),
            cards=shown,
        )
    else:
        reason = tn(
            "You hold {n} {suit} ({cards}), so you must play {need} of them (RULES §6.1: follow suit).",
            "You hold {n} {suit} ({cards}), so you must play {need} of them (RULES §6.1: follow suit).",
            n,
            suit=suit_words(s),
            cards=shown,
            need=need,
        )
    return reason, held


def _all_played_reason(s: int, short: bool) -> tuple[str, tuple[Card, ...]]:
    if short:
        return t("You play all your {suit} and fill up with other cards (RULES §6.1).", suit=suit_words(s)), ()
    return t("You play all your {suit} (RULES §6.1).", suit=suit_words(s)), ()


def _structure_ok(s: int) -> tuple[str, tuple[Card, ...]]:
    return (
        t(
            "You follow suit with {suit} and match the lead's pairs and tractors as far as your hand allows "
            "(RULES §6.1, §6.2).",
            suit=suit_words(s),
        ),
        (),
    )
