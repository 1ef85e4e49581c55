"""Property tests (hypothesis) for the rules engine: invariants over random deals.

A deal is a seeded shuffle of two decks into four hands of 25 (and a kitty of 8);
the trump is random (any rank, any suit or no-trump). The reference order and the
reference follow rules below are written from RULES.md §3, §4 and §6 alone, so the
engine is checked against an independent reading of the rules.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_tutor import (
    Card,
    RuleSet,
    Trump,
    check_throw,
    deck,
    explain_trick,
    lead_format,
    legal_follow,
    parse_cards,
    points,
    trick_winner,
)

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
DISTINCT: list[Card] = list(dict.fromkeys(deck(1)))

Hand = list[Card]
Deal = tuple[list[Hand], Hand]

# -- strategies -----------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """Two decks shuffled with a seeded ``random.Random`` into 4 hands of 25 and a kitty of 8."""
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    cards = deck(2)
    random.Random(seed).shuffle(cards)
    return [cards[25 * i : 25 * (i + 1)] for i in range(4)], cards[100:]


trumps = st.builds(Trump, st.sampled_from(RANKS), st.sampled_from([*SUITS, None]))
red_five_trumps = st.builds(
    Trump, st.sampled_from(RANKS), st.sampled_from([*SUITS, None]), st.sampled_from(["5H", "5H+5D"])
)
"""RULES §11's red five (红五): at rank 5 the fives are rank cards, so these are ordinary trumps there."""


# -- a reference reading of RULES §3 ---------------------------------------------------------------


def ref_red_fives(trump: Trump) -> list[str]:
    """RULES §11: the red fives above the big joker, lowest first ([] when the rank is 5: they are rank cards)."""
    if trump.rank == "5" or trump.red_five is None:
        return []
    return ["5D", "5H"] if trump.red_five == "5H+5D" else ["5H"]


def ref_suit(card: Card, trump: Trump) -> str:
    """RULES §3: jokers, every trump-rank card and every trump-suit card are trump (§11: and the red fives)."""
    if card.suit is None or card.rank == trump.rank or card.suit == trump.suit or str(card) in ref_red_fives(trump):
        return "trump"
    return card.suit


def ref_level(card: Card, trump: Trump) -> int:
    """RULES §3-§4: the position along the effective suit's chain, consecutive integers.

    Plain suit: 2 … A without the rank. Trump chain: trump-suit 2 … A without the
    rank, then off-suit rank cards (all equal), then the on-suit rank card, SJ, BJ.
    No-trump: rank cards (all equal), SJ, BJ. With red fives (RULES §11) they leave
    their suit and follow the big joker.
    """
    fives = ref_red_fives(trump)

    def plain(suit: str | None) -> list[str]:
        return [r for r in RANKS if r != trump.rank and f"{r}{suit}" not in fives]

    chain_base = 0 if trump.suit is None else len(plain(trump.suit))
    big = chain_base + (2 if trump.suit is None else 3)
    if str(card) in fives:
        return big + 1 + fives.index(str(card))
    if card.rank == "BJ":
        return big
    if card.rank == "SJ":
        return big - 1
    if card.rank == trump.rank:
        if trump.suit is None:
            return 0
        return chain_base + (1 if card.suit == trump.suit else 0)
    return plain(card.suit).index(card.rank)


def ref_pairs(cards: Sequence[Card]) -> list[Card]:
    """The distinct cards held at least twice (2 decks: a pair)."""
    return [c for c, n in Counter(cards).items() if n >= 2]


def ref_has_tractor(pair_cards: Sequence[Card], trump: Trump, length: int) -> bool:
    """Whether pairs of one effective suit hold ``length`` pairs at consecutive levels (RULES §4)."""
    levels = {ref_level(c, trump) for c in pair_cards}
    return any(all(top - i in levels for i in range(length)) for top in levels)


RefUnit = tuple[int, int, int]
"""(cards, top level, length in tuples) of one unit of a lead, as the strategies below build it."""


def ref_legal(
    hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card], trump: Trump, units: Sequence[RefUnit]
) -> bool:
    """RULES §6 with two decks, for leads with at most one tractor (of two pairs).

    Suit first; then a matching tractor if the hand has one; then as many pairs as
    were led in total (pairs inside the tractor count), as far as the hand has them.
    """
    suit = ref_suit(lead[0], trump)
    n = len(lead)
    held = [c for c in hand if ref_suit(c, trump) == suit]
    played = [c for c in play if ref_suit(c, trump) == suit]
    if len(played) < min(n, len(held)):
        return False  # §6.1: as many cards of the led suit as possible
    if len(held) <= n or n == 1:
        return True
    held_pairs = ref_pairs(held)
    played_pairs = ref_pairs(played)
    tractors = [u for u in units if u[2] > 1]
    assert all(u[2] == 2 for u in tractors)
    assert len(tractors) <= 1
    if tractors and ref_has_tractor(held_pairs, trump, 2) and not ref_has_tractor(played_pairs, trump, 2):
        return False  # §6.2: a tractor lead is answered by a tractor of the same shape
    pairs_led = sum(u[2] for u in units if u[0] > 1)
    return len(played_pairs) >= min(pairs_led, len(held_pairs))


# -- helpers ----------------------------------------------------------------------------------------


def distinct_plays(hand: Sequence[Card], n: int) -> Iterator[list[Card]]:
    """Every distinct multiset of ``n`` cards from ``hand``."""
    seen: set[tuple[int, ...]] = set()
    ordered = sorted(hand, key=lambda c: c.id)
    for combo in combinations(ordered, n):
        ids = tuple(c.id for c in combo)
        if ids not in seen:
            seen.add(ids)
            yield list(combo)


def greedy_follow(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> list[Card]:
    """A follow built from RULES §6 step by step (two decks): tractors, then pairs, then singles."""
    suit = ref_suit(lead[0], trump)
    n = len(lead)
    held = [c for c in hand if ref_suit(c, trump) == suit]
    rest = [c for c in hand if ref_suit(c, trump) != suit]
    if len(held) <= n:
        return held + rest[: n - len(held)]
    left = Counter(held)
    play: list[Card] = []
    fmt = lead_format(lead, trump)
    pairs_led = sum(u.length for u in fmt.units if u.width == 2)
    pairs_played = 0
    for unit in fmt.units:
        if unit.length < 2:
            continue
        by_level: dict[int, Card] = {}
        for c, k in left.items():
            if k >= 2:
                by_level.setdefault(ref_level(c, trump), c)
        for top in sorted(by_level, reverse=True):
            if all(top - i in by_level for i in range(unit.length)):
                for i in range(unit.length):
                    c = by_level[top - i]
                    left[c] -= 2
                    play += [c, c]
                pairs_played += unit.length
                break
    for c in list(left):
        if pairs_played >= pairs_led:
            break
        if left[c] >= 2:
            left[c] -= 2
            play += [c, c]
            pairs_played += 1
    singles = [c for c, k in left.items() for _ in range(k)]
    return play + singles[: n - len(play)]


def some_legal_follow(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> list[Card] | None:
    """A legal follow: the greedy one, else the first legal one found by brute force."""
    play = greedy_follow(hand, lead, trump)
    if legal_follow(hand, lead, play, trump):
        return play
    suit = ref_suit(lead[0], trump)
    held = [c for c in hand if ref_suit(c, trump) == suit]
    for candidate in distinct_plays(held, len(lead)):  # len(held) > len(lead) here
        if legal_follow(hand, lead, candidate, trump):
            return candidate
    return None


@st.composite
def leads(draw: st.DrawFn, hand: Sequence[Card], trump: Trump) -> list[Card]:
    """A single, a pair, some pairs of one suit, or a random same-suit subset (up to 6 cards) of the leader's hand."""
    kind = draw(st.sampled_from(["single", "pair", "pairs", "subset"]))
    pairs = ref_pairs(hand)
    if kind == "pair" and pairs:
        card = draw(st.sampled_from(pairs))
        return [card, card]
    if kind == "pairs" and pairs:
        suit = draw(st.sampled_from(sorted({ref_suit(c, trump) for c in pairs})))
        mine = [c for c in pairs if ref_suit(c, trump) == suit]
        chosen = draw(st.lists(st.sampled_from(mine), min_size=1, max_size=3, unique=True))
        return [c for c in chosen for _ in range(2)]
    if kind == "subset":
        suit = draw(st.sampled_from(sorted({ref_suit(c, trump) for c in hand})))
        cards = [c for c in hand if ref_suit(c, trump) == suit]
        picks = draw(st.lists(st.integers(0, len(cards) - 1), min_size=1, max_size=min(6, len(cards)), unique=True))
        return [cards[i] for i in sorted(picks)]
    return [draw(st.sampled_from(list(hand)))]


def off_suit(play: Sequence[Card], lead: Sequence[Card], trump: Trump) -> bool:
    """All cards neither of the led effective suit nor trump."""
    led = ref_suit(lead[0], trump)
    return all(ref_suit(c, trump) not in (led, "trump") for c in play)


# -- RULES §2: points --------------------------------------------------------------------------------


def test_two_decks_hold_200_points() -> None:
    assert points(deck(2)) == 200
    assert points(deck(1)) == 100


@given(deals())
def test_a_deal_holds_200_points(deal: Deal) -> None:
    hands, kitty = deal
    assert sum(points(h) for h in hands) + points(kitty) == 200
    assert [len(h) for h in hands] == [25, 25, 25, 25]
    assert len(kitty) == 8


# -- notation ------------------------------------------------------------------------------------------


@given(deals())
def test_parse_cards_round_trips(deal: Deal) -> None:
    hands, kitty = deal
    for cards in [*hands, kitty]:
        assert parse_cards(" ".join(map(str, cards))) == cards
        assert parse_cards(",".join(map(str, cards))) == cards


@given(st.sampled_from(DISTINCT))
def test_card_repr_evaluates_back(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card
    assert parse_cards(str(card)) == [card]


# -- RULES §3: card order ----------------------------------------------------------------------------


@given(st.one_of(trumps, red_five_trumps), st.sampled_from(DISTINCT))
def test_effective_suit_matches_rules(trump: Trump, card: Card) -> None:
    assert trump.suit_of(card) == ref_suit(card, trump)
    assert trump.is_trump(card) == (ref_suit(card, trump) == "trump")


@given(st.one_of(trumps, red_five_trumps))
def test_key_order_matches_rules_within_each_suit(trump: Trump) -> None:
    for suit in [*SUITS, "trump"]:
        cards = [c for c in DISTINCT if ref_suit(c, trump) == suit]
        for a in cards:
            for b in cards:
                ka, kb = trump.key(a), trump.key(b)
                la, lb = ref_level(a, trump), ref_level(b, trump)
                assert (ka < kb) == (la < lb), (str(a), str(b))
                assert (ka == kb) == (la == lb), (str(a), str(b))


@given(st.one_of(trumps, red_five_trumps), st.sampled_from(DISTINCT), st.sampled_from(DISTINCT))
def test_single_tricks_follow_the_order(trump: Trump, a: Card, b: Card) -> None:
    """A total preorder: b beats a exactly when it is higher in a's suit, or a trump over a non-trump."""
    winner = trick_winner([[a], [b]], trump)
    sa, sb = ref_suit(a, trump), ref_suit(b, trump)
    if sa == sb:
        assert winner == (1 if trump.key(b) > trump.key(a) else 0)
        # never both directions: equal cards keep the lead with the first played
        reverse = trick_winner([[b], [a]], trump)
        assert not (winner == 1 and reverse == 1)
        if trump.key(a) == trump.key(b):
            assert winner == 0
            assert reverse == 0
    elif sb == "trump":
        assert winner == 1
    else:
        assert winner == 0


@given(st.one_of(trumps, red_five_trumps), st.lists(st.sampled_from(DISTINCT), min_size=3, max_size=3))
def test_order_is_transitive(trump: Trump, three: list[Card]) -> None:
    a, b, c = three

    def beats(x: Card, y: Card) -> bool:  # y played after x takes the trick
        return trick_winner([[x], [y]], trump) == 1

    if beats(a, b) and beats(b, c):
        assert beats(a, c)


# -- RULES §6 and §7 on random deals ---------------------------------------------------------------------


@given(st.data(), deals(), trumps)
def test_every_follower_has_a_legal_follow_and_the_trick_has_a_winner(
    data: st.DataObject, deal: Deal, trump: Trump
) -> None:
    hands, _ = deal
    lead = data.draw(leads(hands[0], trump), label="lead")
    plays: list[list[Card]] = [lead]
    for hand in hands[1:]:
        play = some_legal_follow(hand, lead, trump)
        assert play is not None, f"no legal follow to {lead} from {hand} at {trump}"
        assert Counter(play) <= Counter(hand)
        plays.append(play)
    winner = trick_winner(plays, trump)
    assert 0 <= winner < len(plays)
    assert explain_trick(plays, trump).winner == winner
    if winner > 0:
        assert not off_suit(plays[winner], lead, trump)


@given(st.data(), deals(), trumps)
def test_random_tricks_have_a_winner_and_discards_never_win(data: st.DataObject, deal: Deal, trump: Trump) -> None:
    """Any plays of the right size (legal or not): the winner is one of them, never an all-off-suit follower."""
    hands, _ = deal
    lead = data.draw(leads(hands[0], trump), label="lead")
    plays: list[list[Card]] = [lead]
    for i, hand in enumerate(hands[1:], 1):
        picks = data.draw(
            st.lists(st.integers(0, 24), min_size=len(lead), max_size=len(lead), unique=True), label=f"play {i}"
        )
        plays.append([hand[j] for j in picks])
    winner = trick_winner(plays, trump)
    assert 0 <= winner < len(plays)
    result = explain_trick(plays, trump)
    assert result.winner == winner
    assert len(result.notes) == len(plays)
    for i, play in enumerate(plays[1:], 1):
        if off_suit(play, lead, trump):
            assert winner != i
            assert result.notes[i].status == "off-suit"


# -- leads built from RULES §4-§5: a single, a pair, a 2-pair tractor or a throw ------------------------


@functools.cache
def ref_tractors(trump: Trump, suit: str) -> list[tuple[Card, Card]]:
    """Every (higher, lower) pair of distinct cards of ``suit`` at consecutive levels (RULES §4)."""
    cards = [c for c in DISTINCT if ref_suit(c, trump) == suit]
    return [(h, lo) for h in cards for lo in cards if ref_level(lo, trump) == ref_level(h, trump) - 1]


def effective_suits(trump: Trump) -> list[str]:
    return [*(s for s in SUITS if s != trump.suit), "trump"]


@st.composite
def structured_leads(draw: st.DrawFn, trump: Trump, led: str) -> tuple[list[Card], list[RefUnit]]:
    """A lead of the effective suit ``led`` and its units.

    A throw has an optional 2-pair tractor, pairs at least two levels away from
    every other pair, and singles, so that its units are unambiguous.
    """
    in_led = [c for c in DISTINCT if ref_suit(c, trump) == led]
    kind = draw(st.sampled_from(["single", "pair", "tractor", "throw"]))
    if kind == "single":
        card = draw(st.sampled_from(in_led))
        return [card], [(1, ref_level(card, trump), 1)]
    if kind == "pair":
        card = draw(st.sampled_from(in_led))
        return [card, card], [(2, ref_level(card, trump), 1)]
    if kind == "tractor":
        hi, lo = draw(st.sampled_from(ref_tractors(trump, led)))
        return [hi, hi, lo, lo], [(4, ref_level(hi, trump), 2)]
    units: list[RefUnit] = []
    lead: list[Card] = []
    used_levels: set[int] = set()
    if draw(st.booleans()):
        hi, lo = draw(st.sampled_from(ref_tractors(trump, led)))
        lead += [hi, hi, lo, lo]
        units.append((4, ref_level(hi, trump), 2))
        used_levels |= {ref_level(hi, trump), ref_level(lo, trump)}
    for card in draw(st.lists(st.sampled_from(in_led), max_size=2, unique=True)):
        level = ref_level(card, trump)
        if all(abs(level - u) >= 2 for u in used_levels):
            lead += [card, card]
            units.append((2, level, 1))
            used_levels.add(level)
    singles = [c for c in in_led if c not in lead]
    for card in draw(st.lists(st.sampled_from(singles), min_size=max(0, 2 - len(units)), max_size=3, unique=True)):
        lead.append(card)
        units.append((1, ref_level(card, trump), 1))
    return lead, units


# -- RULES §6: legal_follow agrees with the reference for single, pair and 2-pair tractor leads ---------


@st.composite
def follow_positions(draw: st.DrawFn) -> tuple[Trump, list[Card], list[RefUnit], list[Card]]:
    """A trump, a lead with its units, and a follower's hand.

    The follower's cards of the led suit are drawn with repeats (and sometimes a
    tractor), so that pairs and tractors in the led suit are common; copies never
    exceed the two decks.
    """
    trump = draw(trumps)
    led = draw(st.sampled_from(effective_suits(trump)))
    lead, units = draw(structured_leads(trump, led))
    available = Counter(dict.fromkeys(DISTINCT, 2)) - Counter(lead)
    hand: list[Card] = []
    own = [(h, lo) for h, lo in ref_tractors(trump, led) if available[h] == available[lo] == 2]
    hold_tractor = draw(st.booleans())
    if own and hold_tractor:
        h, lo = draw(st.sampled_from(own))
        hand += [h, h, lo, lo]
        available -= Counter(hand)
    in_suit = [c for c in DISTINCT if ref_suit(c, trump) == led and available[c] > 0]
    other = [c for c in DISTINCT if ref_suit(c, trump) != led]
    picks = Counter(draw(st.lists(st.sampled_from(in_suit), max_size=8))) if in_suit else Counter()
    hand += [c for c, k in picks.items() for _ in range(min(k, available[c]))]
    short = max(0, len(lead) - len(hand))
    hand += draw(st.lists(st.sampled_from(other), min_size=short, max_size=max(4, short), unique=True))
    return trump, lead, units, hand


def candidate_plays(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> Iterator[list[Card]]:
    """Every distinct play with as many led-suit cards as possible, and plays one such card short."""
    n = len(lead)
    suit = ref_suit(lead[0], trump)
    held = [c for c in hand if ref_suit(c, trump) == suit]
    others = [c for c in hand if ref_suit(c, trump) != suit]
    k = min(n, len(held))
    for part in distinct_plays(held, k):
        for fill in distinct_plays(others, n - k):
            yield part + fill
    if k > 0 and len(others) > n - k:
        for part in distinct_plays(held, k - 1):
            yield part + others[: n - k + 1]


@settings(max_examples=300)
@given(follow_positions())
def test_legal_follow_agrees_with_reference(position: tuple[Trump, list[Card], list[RefUnit], list[Card]]) -> None:
    trump, lead, units, hand = position
    for play in candidate_plays(hand, lead, trump):
        verdict = legal_follow(hand, lead, play, trump)
        expected = ref_legal(hand, lead, play, trump, units)
        assert verdict.legal == expected, (
            f"trump {trump.rank}{trump.suit}: hand {' '.join(map(str, hand))}, lead {' '.join(map(str, lead))}, "
            f"play {' '.join(map(str, play))}: {verdict.reason}"
        )
        assert bool(verdict) == verdict.legal


# -- RULES §7: trick_winner agrees with a reference for leads without a tractor inside a throw --------


def ref_value(play: Sequence[Card], units: Sequence[RefUnit], trump: Trump) -> int | None:
    """The level of the play's unit compared under RULES §7 ("highest"), or None if it cannot win.

    The play must split into the lead's units: a 2-pair tractor (if led) among its
    pairs, as many pairs as were led in total, the rest singles. The largest led
    component is the tractor, else a pair, else a single; the play's best unit of
    that shape is compared.
    """
    pairs = ref_pairs(play)
    pairs_led = sum(u[2] for u in units if u[0] > 1)
    if len(pairs) < pairs_led:
        return None
    levels = {ref_level(c, trump) for c in pairs}
    if any(u[2] == 2 for u in units):
        tops = [t for t in levels if t - 1 in levels]
        return max(tops) if tops else None
    if pairs_led:
        return max(levels)
    return max(ref_level(c, trump) for c in play)


def ref_winner(plays: Sequence[Sequence[Card]], units: Sequence[RefUnit], trump: Trump) -> int:
    lead = plays[0]
    led = ref_suit(lead[0], trump)
    winner, best_class, best = 0, int(led == "trump"), ref_value(lead, units, trump)
    assert best is not None
    for i, play in enumerate(plays[1:], 1):
        suits = {ref_suit(c, trump) for c in play}
        if suits == {"trump"}:
            cls = 1
        elif suits == {led}:
            cls = 0
        else:
            continue  # neither all led suit nor all trump
        value = ref_value(play, units, trump)
        if value is None:
            continue
        if cls > best_class or (cls == best_class and value > best):
            winner, best_class, best = i, cls, value
    return winner


@st.composite
def tricks(draw: st.DrawFn) -> tuple[Trump, list[RefUnit], list[list[Card]]]:
    """A lead (single, pair, 2-pair tractor or throw) with its units, and 1-5 follows."""
    trump = draw(trumps)
    available = Counter(dict.fromkeys(DISTINCT, 2))
    led = draw(st.sampled_from(effective_suits(trump)))
    lead, units = draw(structured_leads(trump, led))
    available -= Counter(lead)
    n = len(lead)
    plays = [lead]
    for _ in range(draw(st.integers(min_value=1, max_value=5))):
        pool_name = draw(st.sampled_from(["led", "trump", "led", "trump", "any"]))
        if pool_name == "any":
            pool = DISTINCT
        else:
            pool = [c for c in DISTINCT if ref_suit(c, trump) == (led if pool_name == "led" else "trump")]
        play: list[Card] = []
        if n >= 4 and draw(st.booleans()):  # sometimes a tractor
            suit = ref_suit(pool[0], trump) if pool_name != "any" else led
            options = [(h, lo) for h, lo in ref_tractors(trump, suit) if available[h] == available[lo] == 2]
            if options:
                h, lo = draw(st.sampled_from(options))
                play = [h, h, lo, lo]
        for card, twice in draw(st.lists(st.tuples(st.sampled_from(pool), st.booleans()), max_size=8)):
            for _ in range(2 if twice else 1):
                if len(play) < n and available[card] - play.count(card) > 0:
                    play.append(card)
        spare = [c for c in DISTINCT if available[c] - play.count(c) > 0]
        while len(play) < n:  # fill up with any card still in the decks
            card = draw(st.sampled_from(spare))
            if available[card] - play.count(card) > 0:
                play.append(card)
        available -= Counter(play)
        plays.append(play)
    return trump, units, plays


@settings(max_examples=300)
@given(tricks())
def test_trick_winner_agrees_with_reference(trick: tuple[Trump, list[RefUnit], list[list[Card]]]) -> None:
    trump, units, plays = trick
    rules = RuleSet(players=max(4, len(plays)))
    expected = ref_winner(plays, units, trump)
    got = trick_winner(plays, trump, rules)
    shown = " | ".join(" ".join(map(str, p)) for p in plays)
    assert got == expected, f"trump {trump.rank}{trump.suit}: {shown}"
    assert explain_trick(plays, trump, rules).winner == got


# -- RULES §8: check_throw agrees with a reference ------------------------------------------------------


def ref_beats(holding: Sequence[Card], unit: RefUnit, trump: Trump) -> bool:
    """RULES §8: a higher single, a higher pair, or a higher run of two pairs in the led suit."""
    cards, top, length = unit
    if cards == 1:
        return any(ref_level(c, trump) > top for c in holding)
    levels = {ref_level(c, trump) for c in ref_pairs(holding)}
    return any(t > top and all(t - i in levels for i in range(length)) for t in levels)


@st.composite
def throws(draw: st.DrawFn) -> tuple[Trump, list[Card], list[RefUnit], list[list[Card]]]:
    """A lead (usually a throw) with its units, and 1-3 other hands biased towards the led suit."""
    trump = draw(trumps)
    led = draw(st.sampled_from(effective_suits(trump)))
    in_led = [c for c in DISTINCT if ref_suit(c, trump) == led]
    lead, units = draw(structured_leads(trump, led))
    available = Counter(dict.fromkeys(DISTINCT, 2)) - Counter(lead)
    others: list[list[Card]] = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        hand: list[Card] = []
        cards = st.one_of(st.sampled_from(in_led), st.sampled_from(DISTINCT))
        picks = draw(st.lists(st.tuples(cards, st.booleans()), max_size=10))
        for card, twice in picks:
            for _ in range(2 if twice else 1):
                if available[card] > 0:
                    available[card] -= 1
                    hand.append(card)
        others.append(hand)
    return trump, lead, units, others


@settings(max_examples=300)
@given(throws())
def test_check_throw_agrees_with_reference(case: tuple[Trump, list[Card], list[RefUnit], list[list[Card]]]) -> None:
    trump, lead, units, others = case
    led = ref_suit(lead[0], trump)
    holdings = [[c for c in hand if ref_suit(c, trump) == led] for hand in others]
    firsts = [(u, next((j for j, h in enumerate(holdings) if ref_beats(h, u, trump)), None)) for u in units]
    failing = [(u, j) for u, j in firsts if j is not None]
    result = check_throw(lead, others, trump)
    shown = f"trump {trump.rank}{trump.suit}: lead {' '.join(map(str, lead))}, others {[' '.join(map(str, h)) for h in others]}"
    if len(units) == 1 or not failing:  # a single-unit lead is not a throw and always passes
        assert result.ok, shown
        assert Counter(result.forced) == Counter(lead), shown
        assert result.blocker is None, shown
        return
    assert not result.ok, shown
    smallest, blocker = min(failing, key=lambda f: (f[0][0], f[0][1]))
    assert len(result.forced) == smallest[0], shown
    assert max(ref_level(c, trump) for c in result.forced) == smallest[1], shown
    assert Counter(result.forced) <= Counter(lead), shown
    assert result.blocker == blocker, shown
    assert len(result.failing) == len(failing), shown
