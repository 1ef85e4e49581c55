"""The round as a state machine (RULES §8–§11): deal and declare, kitty, calls, tricks, score.

Every round here is built from a fixed deck order, so every hand is known. Cards are
dealt one at a time in play order starting at the dealer (seat 0 when there is no
dealer yet); the last ``rules.kitty`` cards are the kitty. Layouts are written per
*role* (role 0 is the first to draw, role 1 the next, ...), so one deck order serves
every dealer: seat = (dealer + role) % players.

Every refused action is checked twice: the error names the problem (and the rule),
and a snapshot of everything observable is the same before and after.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from shengji_tutor import (
    ActionError,
    CallError,
    Card,
    Declaration,
    DeclarationError,
    IllegalPlayError,
    KittyError,
    LevelChange,
    OutOfTurnError,
    PhaseError,
    Round,
    RuleSet,
    Trump,
    deck,
    level_change,
    parse_cards,
    points,
)
from shengji_tutor.engine.scoring import RoundScore
from shengji_tutor.play.actions import DEAL_CARD, FINISH_DEAL, Call, DealCard, Declare, Discard, FinishDeal, Play
from shengji_tutor.play.round import CHANCE, DecisionKind

DEFAULT = RuleSet()
FIVE = RuleSet(players=5)
LOW_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def suit_run(suit: str) -> list[Card]:
    """The 24 cards of a suit without its 2s (two decks), low to high, two of each."""
    return [Card(r, suit) for r in LOW_RANKS for _ in range(2)]


def wrong(value: object) -> Any:
    """A value of the wrong type, passed on purpose (typed ``Any`` for the type checker)."""
    return value


def order_for(hands: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> list[Card]:
    """The deck order that deals ``hands[role]`` (in that order) and leaves ``kitty``."""
    n, size = len(hands), len(hands[0])
    assert all(len(h) == size for h in hands), [len(h) for h in hands]
    return [hands[p % n][p // n] for p in range(size * n)] + list(kitty)


def filled(
    rules: RuleSet,
    heads: Sequence[str],
    kitty: str = "",
    tails: Sequence[str] = (),
) -> list[Card]:
    """A deck order where role r's hand starts with ``heads[r]`` and ends with ``tails[r]``;
    the rest of each hand, then of the kitty, is filled from the unused cards in ``deck`` order."""
    n, size = rules.players, rules.hand_size
    spare = list(deck(rules.decks))

    def take(text: str) -> list[Card]:
        out = cards(text)
        for c in out:
            spare.remove(c)
        return out

    head = [take(heads[r]) if r < len(heads) else [] for r in range(n)]
    tail = [take(tails[r]) if r < len(tails) else [] for r in range(n)]
    kitty_cards = take(kitty)
    hands = []
    for r in range(n):
        need = size - len(head[r]) - len(tail[r])
        hands.append(head[r] + spare[:need] + tail[r])
        del spare[:need]
    kitty_cards += spare
    assert len(kitty_cards) == rules.kitty
    return order_for(hands, kitty_cards)


# -- observing the state ---------------------------------------------------------------------


def snapshot(rnd: Round) -> dict[str, object]:
    """Everything a caller can observe about a round."""
    seats = range(rnd.players)
    return {
        "phase": rnd.phase,
        "to_act": rnd.to_act,
        "hands": [rnd.hand(s) for s in seats],
        "views": [rnd.view(s) for s in seats],
        "declaration": rnd.declaration,
        "declarations": rnd.declarations,
        "dealer": rnd.dealer,
        "trump": rnd.trump,
        "kitty": tuple(rnd.kitty),
        "discards": tuple(rnd.discards),
        "calls": tuple(rnd.calls),
        "friends": tuple(rnd.friends),
        "declarers": rnd.declarers,
        "tricks": tuple(rnd.tricks),
        "trick": tuple(tuple(p) for p in rnd.trick),
        "attempted": None if rnd.attempted is None else tuple(rnd.attempted),
        "leader": rnd.leader,
        "points_won": tuple(rnd.points_won),
        "penalty_points": rnd.penalty_points,
        "dealt": rnd.dealt,
        "redeals": rnd.redeals,
        "deck_order": rnd.deck_order,
        "deals": rnd.deals,
        "start_hands": tuple(tuple(h) for h in rnd.start_hands),
        "done": rnd.done,
        "history": rnd.history,
    }


def refuse(rnd: Round, error: type[Exception], action: Callable[[], object], *words: str) -> str:
    """``action`` raises ``error`` whose message contains ``words``, and changes nothing."""
    before = snapshot(rnd)
    with pytest.raises(error) as info:
        action()
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert snapshot(rnd) == before
    rnd.check_invariants()
    return message


def turn(rnd: Round) -> tuple[str, int | None]:
    """The phase and the seat awaited (read through a function, so each read is fresh)."""
    return rnd.phase, rnd.to_act


def dealt_round(order: Sequence[Card], dealer: int | None = 0, rules: RuleSet = DEFAULT, rank: str = "2") -> Round:
    rnd = Round(rules, deck_order=order, dealer=dealer, rank=rank)
    rnd.deal_all()
    return rnd


def remove(hand: Sequence[Card], keep: Sequence[Card]) -> list[Card]:
    """``hand`` without one copy of each card of ``keep`` (the dealer's discard when keeping ``keep``)."""
    rest = list(hand)
    for c in keep:
        rest.remove(c)
    return rest


def auto(rnd: Round, seat: int) -> tuple[Card, ...]:
    """Play the first legal play the engine lists."""
    return rnd.play(seat, next(iter(rnd.legal_plays(seat))))


def finish_automatically(rnd: Round) -> None:
    while not rnd.done:
        seat = rnd.to_act
        assert seat is not None
        auto(rnd, seat)
        rnd.check_invariants()


# -- the "suits" layout: every player long in one suit ------------------------------------
#
# Rank 2, role 0 declares no-trump with SJ SJ (only the jokers and the 2s are trump).
#   role 0: SJ SJ + 23 spades        role 1: 24 hearts + 3S
#   role 2: 23 diamonds + 2D 2D      role 3: 23 clubs + 2C 2C
#   kitty:  BJ BJ 2S 2S 2H 2H 3D 3C

S, H, D, C = (suit_run(s) for s in "SHDC")
SUITS_HANDS: list[list[Card]] = [
    cards("SJ SJ") + S[1:],
    H + S[:1],
    D[1:] + cards("2D 2D"),
    C[1:] + cards("2C 2C"),
]
SUITS_KITTY = cards("BJ BJ 2S 2S 2H 2H 3D 3C")
SUITS_ORDER = order_for(SUITS_HANDS, SUITS_KITTY)
TRUMPS = cards("BJ BJ SJ SJ 2S 2S 2H 2H")
# Scenario A: the dealer buries 50 points and keeps every trump: the declarers take all 25 tricks.
DISCARD_A = cards("3D 3C 5S 5S 10S 10S KS KS")
# Scenario B: the dealer buries 50 points and keeps 3C, which an attacker's AC wins in the last trick.
DISCARD_B = cards("KS KS 10S 10S 5S 5S 4S 3D")


def suits_kitty(dealer: int = 0, rules: RuleSet = DEFAULT) -> Round:
    rnd = dealt_round(SUITS_ORDER, dealer, rules)
    rnd.declare(dealer, "SJ SJ")
    assert rnd.finish_deal() is True
    return rnd


def suits_play(dealer: int = 0, discard: Sequence[Card] = DISCARD_A, rules: RuleSet = DEFAULT) -> Round:
    rnd = suits_kitty(dealer, rules)
    rnd.discard(dealer, discard)
    return rnd


def script_a() -> dict[int, list[Card]]:
    lead = TRUMPS + cards("AS AS QS QS JS JS 9S 9S 8S 8S 7S 7S 6S 6S 4S 4S 3S")
    return {0: lead, 1: H[:8] + S[:1] + H[8:], 2: cards("2D 2D") + D[1:], 3: cards("2C 2C") + C[1:]}


def script_b() -> dict[int, list[Card]]:
    lead = TRUMPS + cards("AS AS QS QS JS JS 9S 9S 8S 8S 7S 7S 6S 6S 4S 3S 3C")
    hearts = remove(H, cards("4H"))
    diamonds = remove(D[1:], cards("4D"))
    clubs = remove(C[1:], cards("AC"))
    return {
        0: lead,
        1: hearts[:8] + S[:1] + hearts[8:] + cards("4H"),
        2: cards("2D 2D") + diamonds + cards("4D"),
        3: cards("2C 2C") + clubs + cards("AC"),
    }


def play_script(rnd: Round, dealer: int, script: dict[int, list[Card]]) -> None:
    """Each seat plays the next card of its role's list, one card per trick."""
    queues = {role: list(q) for role, q in script.items()}
    while not rnd.done:
        seat = rnd.to_act
        assert seat is not None
        card = queues[(seat - dealer) % rnd.players].pop(0)
        assert rnd.play(seat, [card]) == (card,)
        rnd.check_invariants()
    assert all(not q for q in queues.values())


# -- dealing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "dealer"), [(DEFAULT, None), (DEFAULT, 0), (DEFAULT, 1), (DEFAULT, 3), (FIVE, 2)])
def test_deal_one_card_at_a_time_in_play_order_from_the_dealer(rules: RuleSet, dealer: int | None) -> None:
    order = deck(rules.decks)
    random.Random(11).shuffle(order)
    rnd = Round(rules, deck_order=order, dealer=dealer)
    first = 0 if dealer is None else dealer
    n = rules.players
    assert rnd.phase == "deal"
    assert rnd.deck_order == tuple(order)
    for k in range(rules.hand_size * n):
        seat = (first + k) % n
        assert rnd.drawer == seat
        assert rnd.dealt == k
        card = rnd.deal_next()
        assert card == order[k]
        assert rnd.hand(seat)[-1] == card
        assert len(rnd.hand(seat)) == k // n + 1
    assert rnd.deal_complete
    assert rnd.drawer is None
    assert [len(rnd.hand(s)) for s in range(n)] == [rules.hand_size] * n
    for s in range(n):
        assert list(rnd.hand(s)) == order[(s - first) % n : rules.hand_size * n : n]
    rnd.check_invariants()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"dealer": 4}, "the dealer must be a seat from 0 to 3, not 4"),
        ({"dealer": wrong("1")}, "the dealer must be a seat"),
        ({"rank": "1"}, "the trump rank must be one of 2-10, J, Q, K, A"),
        ({"rank": "BJ"}, "the trump rank must be one of"),
        ({"deck_order": deck(2)[:-1]}, "each of the 108 cards of 2 decks once"),
        ({"deck_order": [*deck(2)[:-1], Card("A", "S")]}, "each of the 108 cards"),
        ({"deck_order": deck(1)}, "each of the 108 cards"),
    ],
)
def test_a_round_needs_a_seat_a_rank_and_a_whole_deck(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ActionError, match=re.escape(words)):
        Round(**kwargs)


def test_seats_outside_the_table_are_refused() -> None:
    rnd = dealt_round(SUITS_ORDER)
    refuse(rnd, ActionError, lambda: rnd.hand(4), "a seat is a number from 0 to 3, not 4")
    refuse(rnd, ActionError, lambda: rnd.view(-1), "not -1")
    refuse(rnd, ActionError, lambda: rnd.declare(wrong(True), "SJ SJ"), "not True")
    assert Round(rank="t").rank == "10"


def test_hand_and_kitty_sizes() -> None:
    assert (DEFAULT.hand_size, DEFAULT.kitty) == (25, 8)
    assert (FIVE.hand_size, FIVE.kitty) == (20, 8)
    rnd = dealt_round(SUITS_ORDER, dealer=2)
    assert [len(rnd.hand(s)) for s in range(4)] == [25, 25, 25, 25]
    assert rnd.hand(2) == tuple(SUITS_HANDS[0])
    assert rnd.hand(3) == tuple(SUITS_HANDS[1])
    assert rnd.hand(1) == tuple(SUITS_HANDS[3])
    assert rnd.deck_order[-8:] == tuple(SUITS_KITTY)


def test_deal_all_then_no_more_cards() -> None:
    rnd = dealt_round(SUITS_ORDER)
    refuse(rnd, PhaseError, rnd.deal_next, "deal is complete", "finish_deal")
    before = snapshot(rnd)
    rnd.deal_all()  # nothing left to deal: a no-op
    assert snapshot(rnd) == before
    assert rnd.dealt == 100


def test_finish_deal_before_the_deal_is_complete_is_refused() -> None:
    rnd = Round(deck_order=SUITS_ORDER, dealer=0)
    for _ in range(40):
        rnd.deal_next()
    rnd.declare(0, "SJ SJ")
    refuse(rnd, PhaseError, rnd.finish_deal, "not complete", "60 cards to go")


def test_to_act_in_every_phase() -> None:
    rnd = Round(deck_order=SUITS_ORDER, dealer=1)
    assert (turn(rnd), rnd.decision, rnd.drawer) == (("deal", CHANCE), DecisionKind.DEAL, 1)
    assert list(rnd.legal_actions(CHANCE)) == [DEAL_CARD]
    rnd.deal_next()  # a single small joker to West declares nothing: nobody is asked, the table deals on
    assert (turn(rnd), rnd.drawer) == (("deal", CHANCE), 2)
    rnd.deal_all()  # the last card, a 2♣, goes to North, who may declare with it
    assert (turn(rnd), rnd.decision) == (("deal", 0), DecisionKind.DECLARE)
    assert [str(a) for a in rnd.legal_actions(0)] == [
        "North declares with 2♣",
        "North declares with 2♣ 2♣",
        "North passes",
    ]
    assert [str(a) for a in rnd.legal_actions(1)] == ["West declares with SJ SJ"]  # anyone may declare, unasked
    assert list(rnd.legal_actions(CHANCE)) == []  # the table waits for the answer
    rnd.pass_turn(0)
    assert turn(rnd) == ("deal", 1)  # then everyone who could declare, from the dealer on
    refuse(rnd, OutOfTurnError, lambda: rnd.pass_turn(2), "South is not asked to declare now")
    rnd.declare(1, "SJ SJ")
    assert turn(rnd) == ("deal", CHANCE)  # nothing left overrides small jokers: the table finishes the deal
    assert list(rnd.legal_actions(CHANCE)) == [FINISH_DEAL]
    rnd.finish_deal()
    assert (turn(rnd), rnd.decision) == (("kitty", 1), DecisionKind.BURY)
    rnd.discard(1, DISCARD_A)
    assert turn(rnd) == ("play", 1)
    rnd.play(1, "BJ")
    assert turn(rnd) == ("play", 2)
    rnd.play(2, "3H")
    rnd.play(3, "2D")
    assert turn(rnd) == ("play", 0)
    rnd.play(0, "2C")
    assert rnd.tricks[-1].winner == 1
    assert turn(rnd) == ("play", 1)
    friends = Round(FIVE, deck_order=filled(FIVE, ["2H"]), dealer=0)
    friends.deal_all()
    friends.declare(0, "2H")
    friends.finish_deal()
    friends.discard(0, friends.hand(0)[-8:])
    assert (turn(friends), friends.decision) == (("call", 0), DecisionKind.CALL)
    assert rnd.view(1).decision is DecisionKind.PLAY
    assert rnd.view(2).decision is None
    rnd.play(1, rnd.hand(1)[:1])
    while not rnd.done:
        rnd.play(rnd.to_act, next(iter(rnd.legal_plays(rnd.to_act))))
    assert (turn(rnd), rnd.decision, list(rnd.legal_actions(1))) == (("done", None), None, [])


# -- declaring trump (RULES §10) -----------------------------------------------------------------
#
# Every 2 and joker is placed: role 0 2H … 2C, AS AS … 2H (last card), role 1 2S 2S,
# role 2 SJ SJ, role 3 BJ BJ 2C, kitty 2D 2D.

DECL_ORDER = filled(DEFAULT, ["2H 2C AS AS", "2S 2S", "SJ SJ", "BJ BJ 2C"], kitty="2D 2D", tails=["2H"])


def declaring(dealer: int | None = 0) -> Round:
    return dealt_round(DECL_ORDER, dealer)


def test_declare_a_single_rank_card() -> None:
    rnd = declaring()
    decl = rnd.declare(0, "2H")
    assert decl == Declaration(0, (Card("2", "H"),), "H", 1, 100)
    assert rnd.declaration == decl
    assert rnd.declarations == (decl,)
    assert len(rnd.hand(0)) == 25  # declaring shows the card, it stays in the hand
    assert all(rnd.view(s).declaration == decl for s in range(4))
    assert rnd.finish_deal() is True
    assert rnd.trump == Trump("2", "H")
    assert rnd.dealer == 0


def test_declare_as_soon_as_the_card_is_dealt() -> None:
    rnd = Round(deck_order=DECL_ORDER, dealer=0)
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H"), "does not hold", "2H")
    rnd.deal_next()
    assert rnd.declare(0, "2H").dealt == 1
    while rnd.dealt < 96:
        rnd.deal_next()
    # the second 2H is role 0's last card, dealt 97th: until then there is no pair to reinforce with
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H 2H"), "holds only 1")
    rnd.deal_next()
    decl = rnd.declare(0, "2H 2H")
    assert (decl.seat, decl.suit, decl.strength, decl.dealt) == (0, "H", 2, 97)


@pytest.mark.parametrize("dealer", [0, 2])
def test_override_chain_single_pair_small_jokers_big_jokers(dealer: int) -> None:
    rnd = declaring(dealer)
    # roles hold the cards: seat = (dealer + role) % 4
    seat = [(dealer + r) % 4 for r in range(4)]
    assert rnd.declare(seat[0], "2H").strength == 1
    pair = rnd.declare(seat[1], "2S 2S")
    assert (pair.seat, pair.suit, pair.strength) == (seat[1], "S", 2)
    small = rnd.declare(seat[2], "SJ SJ")
    assert (small.seat, small.suit, small.strength) == (seat[2], None, 3)
    big = rnd.declare(seat[3], "BJ BJ")
    assert (big.seat, big.suit, big.strength) == (seat[3], None, 4)
    assert rnd.declaration == big
    assert [d.strength for d in rnd.declarations] == [1, 2, 3, 4]
    assert rnd.finish_deal()
    assert rnd.trump == Trump("2", None)
    assert rnd.dealer == dealer  # a dealer who is already known keeps the deal


def test_pair_then_small_joker_pair_gives_no_trump() -> None:
    rnd = declaring()
    rnd.declare(1, "2S 2S")
    rnd.declare(2, "SJ SJ")
    rnd.finish_deal()
    assert rnd.trump == Trump("2", None)
    assert rnd.trump.suit is None


def test_reinforce_your_own_single_into_a_pair() -> None:
    rnd = declaring()
    rnd.declare(0, "2H")
    decl = rnd.declare(0, "2H 2H")
    assert (decl.seat, decl.suit, decl.strength) == (0, "H", 2)
    # the reinforced pair is a pair like any other: another pair does not override it
    refuse(rnd, DeclarationError, lambda: rnd.declare(1, "2S 2S"), "does not override", "RULES §10")
    assert rnd.declare(2, "SJ SJ").strength == 3


def test_declare_refusals_name_the_rule() -> None:
    rnd = declaring()
    refuse(rnd, DeclarationError, lambda: rnd.declare(1, "2H"), "cannot declare with 2H", "West does not hold it")
    refuse(rnd, DeclarationError, lambda: rnd.declare(3, "2C 2C"), "East holds only 1 of it")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "AS"), "only a card of the trump rank 2", "RULES §10")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "AS AS"), "only a card of the trump rank 2", "RULES §10")
    refuse(rnd, DeclarationError, lambda: rnd.declare(2, "SJ"), "joker declares no-trump only as a pair", "RULES §10")
    refuse(rnd, DeclarationError, lambda: rnd.declare(3, "BJ"), "only as a pair", "RULES §10")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H 2C"), "pair of identical cards", "RULES §10")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H 2H 2C"), "RULES §10")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, ""), "RULES §10")
    refuse(rnd, ActionError, lambda: rnd.declare(4, "2H"), "a seat is a number from 0 to 3")
    refuse(rnd, ActionError, lambda: rnd.declare(wrong("0"), "2H"), "a seat is a number")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2X"), "2X")
    assert rnd.declaration is None


def test_a_declaration_that_does_not_override_is_refused() -> None:
    rnd = declaring()
    rnd.declare(0, "2H")
    refuse(rnd, DeclarationError, lambda: rnd.declare(3, "2C"), "does not override", "North", "RULES §10")
    rnd.declare(1, "2S 2S")
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H 2H"), "does not override", "RULES §10")
    rnd.declare(3, "BJ BJ")
    refuse(rnd, DeclarationError, lambda: rnd.declare(2, "SJ SJ"), "does not override", "big jokers", "RULES §10")
    assert rnd.declaration is not None
    assert rnd.declaration.seat == 3


def test_redeclaring_over_your_own_declaration_only_reinforces() -> None:
    rnd = declaring()
    rnd.declare(0, "2C")
    msg = "you may only reinforce your single into a pair of the same suit"
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H 2H"), msg, "RULES §10")  # a different suit
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2H"), msg)
    refuse(rnd, DeclarationError, lambda: rnd.declare(0, "2C"), msg)  # the same single again
    other = declaring()
    other.declare(1, "2S 2S")
    refuse(other, DeclarationError, lambda: other.declare(1, "2S 2S"), msg)


def test_declaring_outside_the_deal_phase_is_refused() -> None:
    rnd = declaring()
    rnd.declare(0, "2H")
    rnd.finish_deal()
    refuse(rnd, PhaseError, lambda: rnd.declare(2, "SJ SJ"), "cannot declare trump now", "'kitty'")
    rnd.discard(0, rnd.hand(0)[-8:])
    refuse(rnd, PhaseError, lambda: rnd.declare(2, "SJ SJ"), "'play' phase")


def test_first_round_a_lone_declarer_becomes_dealer() -> None:
    rnd = declaring(dealer=None)
    assert (rnd.to_act, rnd.decision, rnd.dealer) == (0, DecisionKind.DECLARE, None)  # the first to draw is asked
    rnd.declare(2, "SJ SJ")
    assert rnd.finish_deal()
    assert rnd.dealer == 2
    assert rnd.trump == Trump("2", None)
    assert (rnd.phase, rnd.to_act) == ("kitty", 2)
    assert len(rnd.hand(2)) == 33
    rnd.discard(2, rnd.hand(2)[:8])
    assert rnd.declarers == (0, 2)
    assert rnd.to_act == 2  # the dealer leads the first trick


def test_first_round_the_first_declarer_becomes_dealer_even_when_overridden() -> None:
    rnd = declaring(dealer=None)
    rnd.declare(3, "2C")
    rnd.declare(1, "2S 2S")
    rnd.finish_deal()
    assert rnd.trump == Trump("2", "S")
    assert rnd.dealer == 3


def test_nobody_declares_with_a_random_deck_redeals() -> None:
    rnd = Round(seed=5, dealer=1)
    first_order = rnd.deck_order
    rnd.deal_all()
    assert rnd.finish_deal() is False
    assert rnd.redeals == 1
    assert (rnd.phase, rnd.dealt, rnd.to_act, rnd.drawer) == ("deal", 0, CHANCE, 1)
    assert all(rnd.hand(s) == () for s in range(4))
    assert (rnd.declaration, rnd.trump) == (None, None)
    assert rnd.deck_order != first_order
    assert sorted(c.id for c in rnd.deck_order) == sorted(c.id for c in deck(2))
    rnd.deal_all()
    seat, card = next((s, c) for s in range(4) for c in rnd.hand(s) if c.rank == "2")
    rnd.declare(seat, [card])
    assert rnd.finish_deal() is True
    assert rnd.trump == Trump("2", card.suit)
    assert rnd.dealer == 1
    assert rnd.redeals == 1


def test_nobody_declares_with_a_fixed_deck_order_is_refused() -> None:
    rnd = dealt_round(SUITS_ORDER)
    refuse(rnd, DeclarationError, rnd.finish_deal, "nobody declared", "cannot be redealt", "RULES §10")
    assert rnd.redeals == 0


@pytest.mark.parametrize(
    ("kitty", "suit"),
    [
        ("AS 3H 2D 2C", "D"),  # the kitty's first trump-rank card fixes the suit
        ("3S 4H KD 5C 6C 7S 8H 9S", "D"),  # no rank card: its highest card
    ],
)
def test_variant_no_declaration_kitty_fixes_the_suit(kitty: str, suit: str) -> None:
    rules = RuleSet(no_declaration="kitty")
    order = filled(rules, [], kitty=kitty)  # the kitty starts with these cards
    assert order[100 : 100 + len(cards(kitty))] == cards(kitty)
    rnd = Round(rules, deck_order=order)
    rnd.deal_all()
    assert rnd.declaration is None
    assert rnd.finish_deal() is True
    assert rnd.trump == Trump("2", suit)
    assert rnd.dealer == 0
    assert rnd.redeals == 0


# -- the kitty (RULES §10) ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 3])
def test_dealer_takes_the_kitty(dealer: int) -> None:
    rnd = suits_kitty(dealer)
    assert rnd.kitty == tuple(SUITS_KITTY)
    assert rnd.hand(dealer) == tuple(SUITS_HANDS[0] + SUITS_KITTY)
    assert all(len(rnd.hand(s)) == 25 for s in range(4) if s != dealer)
    rnd.check_invariants()


def test_kitty_discard_refusals() -> None:
    rnd = suits_kitty(dealer=1)
    refuse(rnd, KittyError, lambda: rnd.discard(1, DISCARD_A[:7]), "discards exactly 8", "not 7")
    refuse(rnd, KittyError, lambda: rnd.discard(1, [*DISCARD_A, Card("9", "S")]), "discards exactly 8", "not 9")
    refuse(rnd, KittyError, lambda: rnd.discard(1, []), "discards exactly 8", "not 0")
    refuse(rnd, KittyError, lambda: rnd.discard(1, [*DISCARD_A[:7], Card("3", "H")]), "3H", "does not hold")
    refuse(rnd, KittyError, lambda: rnd.discard(1, cards("3D 3D 5S 5S 10S 10S KS KS")), "3D", "holds only 1")
    refuse(rnd, OutOfTurnError, lambda: rnd.discard(2, DISCARD_A), "West's turn", "not South's")
    refuse(rnd, OutOfTurnError, lambda: rnd.discard(0, DISCARD_A), "turn")
    refuse(rnd, PhaseError, lambda: rnd.play(1, "BJ"), "cannot play cards now", "'kitty'")
    refuse(rnd, PhaseError, lambda: rnd.call(1, [("AH", 1)]), "'kitty'")
    refuse(rnd, PhaseError, rnd.deal_next, "'kitty'")
    refuse(rnd, PhaseError, rnd.score, "'kitty'")
    refuse(rnd, PhaseError, lambda: rnd.legal_plays(1), "'kitty'")
    rnd.discard(1, DISCARD_A)
    assert len(rnd.hand(1)) == 25
    assert (rnd.phase, rnd.to_act) == ("play", 1)
    refuse(rnd, PhaseError, lambda: rnd.discard(1, rnd.hand(1)[:8]), "cannot discard to the kitty now", "'play'")


def test_discard_out_of_phase_during_the_deal() -> None:
    rnd = dealt_round(SUITS_ORDER)
    refuse(rnd, PhaseError, lambda: rnd.discard(0, rnd.hand(0)[:8]), "'deal' phase")


def test_discard_is_seen_only_by_the_dealer() -> None:
    rnd = suits_play(dealer=2)
    assert rnd.discards == tuple(DISCARD_A)
    assert rnd.view(2).discards == tuple(DISCARD_A)
    assert all(rnd.view(s).discards == () for s in (0, 1, 3))
    assert rnd.view(2).hand == rnd.hand(2)
    assert rnd.view(2).declarers == (0, 2)
    assert rnd.view(1).leader == 2
    rnd.check_invariants()


# -- playing tricks -----------------------------------------------------------------------------


def test_play_refusals_on_the_lead() -> None:
    rnd = suits_play()
    refuse(rnd, OutOfTurnError, lambda: rnd.play(1, "3S"), "it is North's turn", "not West's")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(0, "3H"), "cannot play 3H", "North does not hold it")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(0, "AS AS AS"), "holds only 2")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(0, ""), "a lead needs at least one card")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(0, "AS 2S"), "mixes", "a lead must be all one suit", "RULES §5")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(0, "AS AS BJ"), "mixes", "RULES §5")
    refuse(rnd, ActionError, lambda: rnd.play(7, "AS"), "a seat is a number")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(0, "A"), "missing suit")


def test_play_refusals_on_the_follow() -> None:
    rnd = suits_play()
    rnd.play(0, "AS")
    refuse(rnd, OutOfTurnError, lambda: rnd.play(2, "3D"), "West's turn")
    refuse(rnd, OutOfTurnError, lambda: rnd.play(0, "QS"), "West's turn")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(1, "3S 3H"), "exactly 1", "not 2", "RULES §6")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(1, ""), "exactly 1", "not 0")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(1, "3D"), "does not hold")
    before = snapshot(rnd)
    with pytest.raises(IllegalPlayError) as info:
        rnd.play(1, "AH")
    assert snapshot(rnd) == before
    assert "spade" in info.value.reason
    assert "3♠" in info.value.reason
    assert "RULES §6.1" in info.value.reason
    assert str(info.value) == f"illegal play: {info.value.reason}"
    assert [list(p) for p in rnd.legal_plays(1)] == [cards("3S")]
    assert rnd.play(1, "3S") == (Card("3", "S"),)


def test_a_void_player_may_play_anything_and_trumps_ruff() -> None:
    rnd = suits_play(dealer=0)
    rnd.play(0, "AS")
    rnd.play(1, "3S")
    rnd.play(2, "2D")  # void in spades: a ruff with a trump
    rnd.play(3, "AC")
    trick = rnd.tricks[-1]
    assert trick.winner == 2
    assert (rnd.leader, rnd.to_act) == (2, 2)
    assert rnd.view(0).leader == 2


def test_a_throw_that_no_one_can_beat_stands() -> None:
    rnd = suits_play()
    assert rnd.play(0, "AS AS QS") == tuple(cards("AS AS QS"))
    refuse(rnd, IllegalPlayError, lambda: rnd.play(1, "3S 3H"), "exactly 3", "not 2")
    rnd.play(1, "3S 3H 4H")
    rnd.play(2, "3D 4D 4D")
    rnd.play(3, "3C 4C 4C")
    trick = rnd.tricks[-1]
    assert trick.attempted is None
    assert trick.plays[0] == tuple(cards("AS AS QS"))
    assert trick.winner == 0
    assert rnd.penalty_points == 0


# -- failed throws (RULES §8) ---------------------------------------------------------------------
#
# Rank 2, role 0 declares spades with 2S.
#   role 0: 2S AH QH QH + 21 spades       role 1: KH KH AD KD + 21 clubs
#   role 2: AD 3H 4H 3S + 21 diamonds     role 3: 5H 6H + 15 hearts (AH, pairs JH…7H, …) + 8 more
THROW_HANDS: list[list[Card]] = [
    cards("2S AH QH QH") + S[3:],
    cards("KH KH AD KD") + C[3:],
    cards("AD 3H 4H 3S") + D[:-3],
    cards("5H 6H AH JH JH 10H 10H 9H 9H 8H 8H 7H 7H 6H 5H 4H 3H 3C 3C 4C 3S 4S 2H 2H 2D"),
]
THROW_ORDER = order_for(THROW_HANDS, cards("2D 2C 2C 2S SJ SJ BJ BJ"))


def throwing(dealer: int, penalty: int) -> Round:
    rnd = dealt_round(THROW_ORDER, dealer, RuleSet(throw_penalty=penalty))
    rnd.declare(dealer, "2S")
    rnd.finish_deal()
    rnd.discard(dealer, "5S 5S 6S 6S 7S 7S 8S 8S")
    return rnd


@pytest.mark.parametrize("dealer", [0, 1, 3])
@pytest.mark.parametrize("penalty", [0, 10])
def test_failed_throws_are_replaced_by_the_forced_unit_and_penalised(dealer: int, penalty: int) -> None:
    rnd = throwing(dealer, penalty)
    seat = [(dealer + r) % 4 for r in range(4)]
    assert rnd.trump == Trump("2", "S")
    # role 0 (declarer) throws AH + QH QH: role 1's KH KH beats the pair, nothing beats AH
    played = rnd.play(seat[0], "AH QH QH")
    assert played == tuple(cards("QH QH"))
    assert rnd.penalty_points == penalty  # a declarer failed: points for the attackers
    assert rnd.view(seat[1]).lead == tuple(cards("QH QH"))
    assert Card("A", "H") in rnd.hand(seat[0])  # the rest of the throw is taken back
    rnd.play(seat[1], "KH KH")
    rnd.play(seat[2], "3H 4H")
    rnd.play(seat[3], "JH JH")
    first = rnd.tricks[0]
    assert first.attempted == tuple(cards("AH QH QH"))
    assert first.plays[0] == tuple(cards("QH QH"))
    assert (first.leader, first.winner, first.points) == (seat[0], seat[1], 20)
    assert rnd.points_won[seat[1]] == 20
    # role 1 (attacker) throws AD KD: role 2 holds the other AD, which beats KD
    assert rnd.play(seat[1], "AD KD") == (Card("K", "D"),)
    assert rnd.penalty_points == 0  # an attacker failed: points taken off the attackers
    rnd.play(seat[2], "AD")
    rnd.play(seat[3], "3C")
    rnd.play(seat[0], "AH")
    second = rnd.tricks[1]
    assert second.attempted == tuple(cards("AD KD"))
    assert second.plays[0] == (Card("K", "D"),)
    assert second.winner == seat[2]
    assert Card("A", "D") in rnd.hand(seat[1])  # taken back after the failed throw
    rnd.check_invariants()


def test_an_attackers_failed_throw_alone_is_negative() -> None:
    rnd = throwing(0, 25)
    assert rnd.play(0, "QH QH") == tuple(cards("QH QH"))  # a pair is not a throw
    assert rnd.penalty_points == 0
    rnd.play(1, "KH KH")
    rnd.play(2, "3H 4H")
    rnd.play(3, "JH JH")
    rnd.play(1, "AD KD")
    assert rnd.penalty_points == -25


# The seed examples of RULES §8 at 7♣, in a round with five cards a hand (kitty 88).
FIVE_CARDS = RuleSet(kitty_size=88)


@pytest.mark.parametrize(
    ("throw", "blocker", "forced"),
    [
        ("KD QD", "KD", "QD"),
        ("KD QD QD 10D 10D", "AD", "KD"),
        ("KD QD QD 10D 10D", "JD JD", "10D 10D"),
    ],
)
def test_seed_examples_of_failed_throws(throw: str, blocker: str, forced: str) -> None:
    order = filled(FIVE_CARDS, ["", blocker, "7C"])
    rnd = dealt_round(order, dealer=0, rules=FIVE_CARDS, rank="7")
    rnd.declare(2, "7C")
    rnd.finish_deal()
    keep = cards(throw)
    keep += [c for c in rnd.hand(0) if c.suit == "H"][: 5 - len(keep)]
    rnd.discard(0, remove(rnd.hand(0), keep))
    assert rnd.play(0, throw) == tuple(cards(forced))
    assert rnd.attempted == tuple(cards(throw))
    assert rnd.throw_blocker == 1
    assert rnd.throw_check is not None
    assert rnd.throw_check.beaten_by == tuple(cards(blocker))
    finish_automatically(rnd)
    assert rnd.throw_blocker is None
    assert rnd.tricks[0].attempted == tuple(cards(throw))
    assert rnd.tricks[0].plays[0] == tuple(cards(forced))


# -- whole rounds: 25 tricks, score, next dealer (RULES §9) --------------------------------------------


def check_trick_chain(rnd: Round, dealer: int) -> None:
    assert rnd.tricks[0].leader == dealer
    for before, after in zip(rnd.tricks, rnd.tricks[1:], strict=False):
        assert after.leader == before.winner  # the winner leads the next trick
    won = [0] * rnd.players
    for t in rnd.tricks:
        assert t.points == points([c for p in t.plays for c in p])
        won[t.winner] += t.points
    assert rnd.points_won == won


def check_done(rnd: Round) -> None:
    assert rnd.done
    assert rnd.phase == "done"
    assert rnd.to_act is None
    assert all(rnd.hand(s) == () for s in range(rnd.players))
    refuse(rnd, PhaseError, lambda: rnd.play(rnd.leader, "AS"), "'done' phase")
    refuse(rnd, PhaseError, lambda: rnd.discard(rnd.leader, "AS"), "'done' phase")
    refuse(rnd, PhaseError, lambda: rnd.declare(0, "2S"), "'done' phase")
    refuse(rnd, PhaseError, rnd.deal_next, "'done' phase")
    rnd.check_invariants()


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_declarers_take_every_trick_and_hold(dealer: int) -> None:
    rnd = suits_play(dealer, DISCARD_A)
    refuse(rnd, PhaseError, rnd.score, "cannot score the round now", "'play'")
    refuse(rnd, PhaseError, rnd.next_dealer, "'play'")
    play_script(rnd, dealer, script_a())
    check_done(rnd)
    assert len(rnd.tricks) == 25
    assert all(len(t.plays) == 4 and all(len(p) == 1 for p in t.plays) for t in rnd.tricks)
    assert {t.winner for t in rnd.tricks} == {dealer}
    check_trick_chain(rnd, dealer)
    assert rnd.points_won[dealer] == 150
    assert points(DISCARD_A) == 50
    # 50 points are buried, but the declarers won the last trick: no kitty bonus
    assert rnd.score() == RoundScore(0, 0, 0, 0, LevelChange("declarers", 3, 0))
    assert rnd.next_dealer() == (dealer + 2) % 4  # the declarers hold: the dealer's partner deals


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_attackers_win_the_last_trick_and_the_kitty_decides(dealer: int) -> None:
    rnd = suits_play(dealer, DISCARD_B)
    play_script(rnd, dealer, script_b())
    check_done(rnd)
    assert len(rnd.tricks) == 25
    check_trick_chain(rnd, dealer)
    last = rnd.tricks[-1]
    attacker = (dealer + 3) % 4
    assert (last.leader, last.winner, last.points) == (dealer, attacker, 0)
    assert last.plays[3] == (Card("A", "C"),)
    assert rnd.points_won[attacker] == 0
    assert points(DISCARD_B) == 50
    # the attackers took no points in tricks, but the kitty's 50 count double (a single won the last trick)
    assert rnd.score() == RoundScore(0, 0, 2, 100, LevelChange("attackers", 0, 100))
    assert rnd.score().total == 100
    assert rnd.next_dealer() == (dealer + 1) % 4  # the attackers take over: the next player deals


# Four cards a hand (kitty 92): the last trick is the only one.
FOUR_CARDS = RuleSet(kitty_size=92)
FOUR_POWER = RuleSet(kitty_size=92, kitty_multiplier="power")


@pytest.mark.parametrize(("rules", "multiplier"), [(FOUR_CARDS, 8), (FOUR_POWER, 16)])
@pytest.mark.parametrize("dealer", [0, 3])
def test_kitty_multiplier_of_a_tractor_winning_the_last_trick(rules: RuleSet, multiplier: int, dealer: int) -> None:
    hands = [cards("3H 3H 4H 4H"), cards("5H 5H 6H 6H"), cards("2S 7H 8H 9H"), cards("3D 4D 5D 6D")]
    spare = list(deck(2))
    for c in (c for h in hands for c in h):
        spare.remove(c)
    rnd = dealt_round(order_for(hands, spare), dealer, rules)
    seat = [(dealer + r) % 4 for r in range(4)]
    rnd.declare(seat[2], "2S")
    rnd.finish_deal()
    assert len(rnd.hand(dealer)) == 96
    rnd.discard(dealer, remove(rnd.hand(dealer), cards("3H 3H 4H 4H")))
    buried = points(rnd.discards)
    assert buried == 185
    rnd.play(seat[0], "3H 3H 4H 4H")
    refuse(rnd, IllegalPlayError, lambda: rnd.play(seat[1], "5H 6H 5H 3D"), "does not hold")
    rnd.play(seat[1], "5H 5H 6H 6H")
    rnd.play(seat[2], "7H 8H 9H 2S")
    rnd.play(seat[3], "3D 4D 5D 6D")
    check_done(rnd)
    assert len(rnd.tricks) == 1
    assert rnd.tricks[0].winner == seat[1]
    score = rnd.score()
    assert (score.trick_points, score.kitty_multiplier, score.kitty_bonus) == (15, multiplier, 185 * multiplier)
    assert score.total == 15 + 185 * multiplier
    assert score.level_change == level_change(score.total, rules)


# Penalties in the score, four cards a hand.
PENALTY_HANDS = [cards("KH QH 3S 4S"), cards("AH 5H 5D 6D"), cards("2S 3H 7C 8C"), cards("6H 7H 9C 10C")]


def penalty_round(penalty: int, keep: str) -> Round:
    spare = list(deck(2))
    for c in (c for h in PENALTY_HANDS for c in h):
        spare.remove(c)
    rules = RuleSet(kitty_size=92, throw_penalty=penalty)
    rnd = dealt_round(order_for(PENALTY_HANDS, spare), 0, rules)
    rnd.declare(2, "2S")
    rnd.finish_deal()
    rnd.discard(0, remove(rnd.hand(0), cards(keep)))
    return rnd


def attackers_total(rnd: Round) -> int:
    """RULES §8–§9: trick points of the attackers, plus penalties, plus the kitty bonus."""
    last = rnd.tricks[-1]
    total = rnd.points_won[1] + rnd.points_won[3] + rnd.penalty_points
    if last.winner in (1, 3):
        winning = last.plays[(last.winner - last.leader) % 4]
        assert len(winning) == 1  # a single wins the last trick: the kitty counts double
        total += 2 * points(rnd.discards)
    return total


def test_a_declarers_failed_throw_counts_for_the_attackers() -> None:
    rnd = penalty_round(100, "AH KH AD JC")
    assert rnd.play(0, "AH KH") == (Card("K", "H"),)  # West's AH beats KH
    assert rnd.penalty_points == 100
    rnd.play(1, "AH")
    rnd.play(2, "3H")
    rnd.play(3, "6H")
    assert rnd.tricks[0].winner == 1
    finish_automatically(rnd)
    score = rnd.score()
    assert score.penalty_points == 100
    assert score.total == attackers_total(rnd)
    assert score.total >= 100
    assert score.level_change == level_change(score.total)
    assert score.level_change.side == "attackers"


def test_a_negative_total_after_an_attackers_failed_throw_counts_as_zero() -> None:
    rnd = penalty_round(1000, "KH AD JC QC")
    rnd.play(0, "KH")
    rnd.play(1, "AH")
    rnd.play(2, "3H")
    rnd.play(3, "6H")
    assert rnd.play(1, "5D 6D") == (Card("5", "D"),)  # North's AD beats 5D
    assert rnd.penalty_points == -1000
    finish_automatically(rnd)
    assert rnd.tricks[1].attempted == tuple(cards("5D 6D"))
    score = rnd.score()
    assert score.penalty_points == -1000
    assert score.total == attackers_total(rnd) < 0
    assert score.level_change == level_change(0) == LevelChange("declarers", 3, 0)
    assert rnd.next_dealer() == 2


def test_a_random_round_plays_out_consistently() -> None:
    rnd = Round(seed=3, dealer=2)
    while True:
        rnd.deal_all()
        holders = [(s, c) for s in range(4) for c in rnd.hand(s) if c.rank == "2"]
        if holders:
            seat, card = holders[0]
            rnd.declare(seat, [card])
        if rnd.finish_deal():
            break
    rnd.discard(2, rnd.hand(2)[:8])
    finish_automatically(rnd)
    check_done(rnd)
    assert sum(len(t.plays[0]) for t in rnd.tricks) == 25
    check_trick_chain(rnd, 2)
    score = rnd.score()
    last = rnd.tricks[-1]
    if last.winner in rnd.attackers:
        assert score.kitty_multiplier >= 2
    else:
        assert (score.kitty_multiplier, score.kitty_bonus) == (0, 0)
    assert score.trick_points == sum(rnd.points_won[s] for s in rnd.attackers)
    assert score.total == score.trick_points + score.kitty_bonus
    assert score.level_change == level_change(max(score.total, 0))
    assert rnd.next_dealer() == (3 if score.level_change.takeover else 0)


# -- Finding Friends (RULES §11) ----------------------------------------------------------------------
#
# Five players, 20 cards each: role 0 2H KH, role 1 AH, role 3 AH (both copies), the rest filled.

FRIENDS_ORDER = filled(FIVE, ["2H KH", "AH", "", "AH"])


def calling() -> Round:
    rnd = Round(FIVE, deck_order=FRIENDS_ORDER, dealer=0)
    rnd.deal_all()
    rnd.declare(0, "2H")
    rnd.finish_deal()
    rnd.discard(0, [c for c in rnd.hand(0) if c.suit in ("S", "D")][:8])
    assert rnd.phase == "call"
    return rnd


def test_call_refusals() -> None:
    rnd = calling()
    assert FIVE.partnership == "friends"
    refuse(rnd, OutOfTurnError, lambda: rnd.call(1, [("AH", 1)]), "Seat 1's turn", "not Seat 2's")
    refuse(rnd, CallError, lambda: rnd.call(0, []), "calls 1 friend card(s)", "not 0")
    refuse(rnd, CallError, lambda: rnd.call(0, [("AH", 1), ("KS", 1)]), "not 2")
    refuse(rnd, CallError, lambda: rnd.call(0, [("AH", 0)]), "ordinal", "1 to 2", "not 0")
    refuse(rnd, CallError, lambda: rnd.call(0, [("AH", 3)]), "ordinal", "not 3")
    refuse(rnd, CallError, lambda: rnd.call(0, [("AH", wrong("1"))]), "ordinal")
    refuse(rnd, CallError, lambda: rnd.call(0, [("AH", wrong(True))]), "ordinal")
    refuse(rnd, CallError, lambda: rnd.call(0, [wrong(("AH",))]), "(card, ordinal) pair")
    refuse(rnd, CallError, lambda: rnd.call(0, [wrong("AH")]), "(card, ordinal) pair")
    refuse(rnd, CallError, lambda: rnd.call(0, wrong(5)), "list of (card, ordinal) pairs")
    refuse(rnd, CallError, lambda: rnd.call(0, [("ZZ", 1)]), "called card", "ZZ")
    refuse(rnd, CallError, lambda: rnd.call(0, [(wrong(42), 1)]), "called card")
    refuse(rnd, PhaseError, lambda: rnd.play(0, "KH"), "'call' phase")
    assert rnd.calls == ()
    rnd.call(0, [(Card("A", "H"), 1)])
    assert rnd.phase == "play"
    assert rnd.view(3).calls == ((Card("A", "H"), 1),)
    refuse(rnd, PhaseError, lambda: rnd.call(0, [("AH", 1)]), "'play' phase")


@pytest.mark.parametrize(("ordinal", "friend"), [(1, 1), (2, 3)])
def test_the_player_of_the_called_copy_joins_the_declarers(ordinal: int, friend: int) -> None:
    rnd = calling()
    rnd.call(0, [("AH", ordinal)])
    assert list(rnd.declarers) == [0]
    assert list(rnd.attackers) == [1, 2, 3, 4]
    rnd.play(0, "KH")
    rnd.play(1, "AH")
    assert rnd.friends == ([1] if ordinal == 1 else [])
    auto(rnd, 2)
    rnd.play(3, "AH")
    auto(rnd, 4)
    assert rnd.friends == [friend]
    assert rnd.declarers == (0, friend)
    assert rnd.attackers == tuple(s for s in range(5) if s not in (0, friend))
    assert rnd.view(friend).declarers == (0, friend)
    assert rnd.view(friend).partner_seats() == (0,)
    assert rnd.view(2).partner_seats() == ()
    rnd.check_invariants()


def test_the_dealer_playing_the_called_card_finds_no_friend() -> None:
    rnd = calling()
    rnd.call(0, [("KH", 1)])
    rnd.play(0, "KH")
    for seat in range(1, 5):
        auto(rnd, seat)
    assert rnd.friends == []
    assert rnd.declarers == (0,)


# -- the action log: apply, history, undo -------------------------------------------------------------


def replay_of(rnd: Round, **kwargs: Any) -> Round:
    """A fresh round with ``rnd``'s deal, with every action of ``rnd.history`` applied again."""
    again = Round(rnd.rules, dealer=None if rnd.first_round else rnd.dealer, rank=rnd.rank, **kwargs)
    for action in rnd.history:
        again.apply(action)
    return again


def test_every_verb_logs_its_action_and_apply_performs_it() -> None:
    rnd = calling()
    rnd.call(0, [("AH", 2)])
    rnd.play(0, "KH")
    history = rnd.history
    kinds = [type(a) for a in history]
    assert kinds == [DealCard] * 100 + [Declare, FinishDeal, Discard, Call, Play]
    assert history[100:102] == (Declare(0, (Card("2", "H"),)), FinishDeal())
    assert history[-2:] == (Call(0, ((Card("A", "H"), 2),)), Play(0, (Card("K", "H"),)))
    again = replay_of(rnd, deck_order=rnd.deck_order)
    assert snapshot(again) == snapshot(rnd)
    assert [a.describe(5) for a in history[-2:]] == ["Seat 1 calls the second A♥", "Seat 1 plays K♥"]


def test_apply_returns_what_the_verb_returns() -> None:
    rnd = Round(DEFAULT, deck_order=SUITS_ORDER, dealer=0)
    assert rnd.apply(DealCard()) == SUITS_ORDER[0] == rnd.hand(0)[0]
    rnd.deal_all()
    assert rnd.apply(Declare(0, tuple(cards("SJ SJ")))) == rnd.declaration
    assert rnd.apply(FinishDeal()) is True
    assert rnd.apply(Discard(0, tuple(DISCARD_A))) is None
    assert rnd.apply(Play(0, tuple(cards("AS")))) == (Card("A", "S"),)


def test_a_refused_action_leaves_the_history_as_it_was() -> None:
    rnd = suits_play()
    rnd.apply(Play(0, tuple(cards("AS"))))
    refuse(rnd, IllegalPlayError, lambda: rnd.apply(Play(1, tuple(cards("AH")))), "RULES §6.1")
    refuse(rnd, OutOfTurnError, lambda: rnd.apply(Play(2, tuple(cards("3D")))), "West's turn")
    refuse(rnd, PhaseError, lambda: rnd.apply(DealCard()), "'play' phase")
    refuse(rnd, PhaseError, lambda: rnd.apply(Discard(0, ())), "'play' phase")
    refuse(rnd, ActionError, lambda: rnd.apply(wrong("play AS")), "not an action", "'play AS'")
    assert rnd.history[-1] == Play(0, (Card("A", "S"),))


def test_undo_with_nothing_to_undo_is_refused() -> None:
    rnd = Round(seed=2)
    refuse(rnd, ActionError, rnd.undo, "nothing to undo")
    rnd.deal_next()
    assert rnd.undo() == DealCard()
    refuse(rnd, ActionError, rnd.undo, "nothing to undo")


@pytest.mark.parametrize("plays", [1, 3, 4, 9])
def test_undo_after_a_play_restores_the_exact_state(plays: int) -> None:
    """A play in the middle of a trick, the play that finishes one, the lead of the next."""
    rnd = suits_play(dealer=1, discard=DISCARD_B)
    queues = {role: list(q) for role, q in script_b().items()}

    def play_next() -> Play:
        seat = rnd.to_act
        assert seat is not None
        card = queues[(seat - 1) % 4].pop(0)
        rnd.play(seat, [card])
        return Play(seat, (card,))

    for _ in range(plays - 1):
        play_next()
    before = snapshot(rnd)
    played = play_next()
    assert rnd.history[-1] == played
    assert snapshot(rnd) != before
    assert rnd.undo() == played
    assert snapshot(rnd) == before
    rnd.check_invariants()


def test_undo_takes_back_one_action_at_a_time_to_the_start() -> None:
    rnd = suits_play()
    rnd.play(0, "AS")
    states = []
    while rnd.history:
        states.append(snapshot(rnd))
        last = rnd.history[-1]
        assert rnd.undo() == last
        assert snapshot(rnd) != states[-1]
        if len(rnd.history) % 37 == 0:  # redoing the action taken back gives the same state again
            rnd.apply(last)
            assert snapshot(rnd) == states[-1]
            rnd.undo()
    assert snapshot(rnd) == snapshot(Round(DEFAULT, deck_order=SUITS_ORDER, dealer=0))


def test_undo_through_a_failed_throw() -> None:
    """The history keeps the throw as attempted, so undoing and replaying give the same forced unit."""
    rnd = throwing(0, 10)
    before = snapshot(rnd)
    assert rnd.play(0, "AH QH QH") == tuple(cards("QH QH"))
    assert rnd.history[-1] == Play(0, tuple(cards("AH QH QH")))
    after = snapshot(rnd)
    assert rnd.undo() == Play(0, tuple(cards("AH QH QH")))
    assert snapshot(rnd) == before
    assert rnd.apply(Play(0, tuple(cards("AH QH QH")))) == tuple(cards("QH QH"))
    assert snapshot(rnd) == after
    for seat, play in ((1, "KH KH"), (2, "3H 4H"), (3, "JH JH")):
        rnd.play(seat, play)
    assert rnd.tricks[0].attempted == tuple(cards("AH QH QH"))
    again = replay_of(rnd, deck_order=THROW_ORDER)
    assert snapshot(again) == snapshot(rnd)
    assert again.penalty_points == rnd.penalty_points == 10
    rnd.undo()
    assert (rnd.tricks, rnd.failed_throws) == ([], [0])
    assert rnd.attempted == tuple(cards("AH QH QH"))
    assert rnd.trick == (tuple(cards("QH QH")), tuple(cards("KH KH")), tuple(cards("3H 4H")))


def test_undo_after_a_redeal_deals_the_same_cards() -> None:
    rnd = Round(seed=5, dealer=1)
    first = rnd.deck_order
    rnd.deal_all()
    dealt = snapshot(rnd)
    assert rnd.finish_deal() is False
    second = rnd.deck_order
    redealt = snapshot(rnd)
    for _ in range(7):
        rnd.deal_next()
    while rnd.history[-1] != FinishDeal():
        rnd.undo()
    assert snapshot(rnd) == redealt
    assert rnd.undo() == FinishDeal()
    assert snapshot(rnd) == dealt
    assert (rnd.deck_order, rnd.redeals, rnd.deals) == (first, 0, (first,))
    assert rnd.finish_deal() is False
    assert rnd.deck_order == second, "the redeal after an undo deals the same cards, not a new shuffle"
    assert rnd.deals == (first, second)
    assert snapshot(rnd) == redealt
    rnd.deal_all()
    seat, card = next((s, c) for s in range(4) for c in rnd.hand(s) if c.rank == "2")
    rnd.declare(seat, [card])
    rnd.finish_deal()
    again = replay_of(rnd, deck_order=first, redeal_orders=[second])
    assert snapshot(again) == snapshot(rnd)


def test_a_given_deck_order_is_redealt_only_into_the_given_redeal_orders() -> None:
    second = list(reversed(SUITS_ORDER))
    rnd = Round(DEFAULT, deck_order=SUITS_ORDER, dealer=0, redeal_orders=[second])
    rnd.deal_all()
    assert rnd.finish_deal() is False
    assert list(rnd.deck_order) == second
    rnd.deal_all()
    refuse(rnd, DeclarationError, rnd.finish_deal, "cannot be redealt")
    with pytest.raises(ActionError, match="deck order"):
        Round(redeal_orders=[second])
    with pytest.raises(ActionError, match="each of the 108 cards"):
        Round(deck_order=SUITS_ORDER, redeal_orders=[second[1:]])


def test_the_score_of_a_round() -> None:
    rnd = suits_play(0, DISCARD_B)
    play_script(rnd, 0, script_b())
    score = rnd.score()
    assert score == RoundScore(
        trick_points=0, penalty_points=0, kitty_multiplier=2, kitty_bonus=100, level_change=level_change(100)
    )
    assert score.total == 100 == score.level_change.points
    negative = RoundScore(5, -30, 0, 0, level_change(-25))
    assert negative.total == -25
    assert negative.level_change == LevelChange("declarers", 3, 0)


def test_every_burial_is_listed_once_even_with_two_copies_of_a_card() -> None:
    from itertools import combinations

    from shengji_tutor.play.round import _multisets

    ids = sorted([3, 3, 5, 7, 7, 7, 9])
    for k in range(len(ids) + 1):
        listed = [tuple(m) for m in _multisets(ids, k)]
        assert len(listed) == len(set(listed))
        assert set(listed) == set(combinations(ids, k))


def test_the_rounds_cards_are_cards_and_read_only() -> None:
    """Issue 25, item 5: a round shows its trick, kitty, burial, calls, failed throw and starting hands as cards;
    the card ids behind them are its own (the fast play-out layer reads them), and none can be set from outside."""
    from shengji_tutor.play.bots import HeuristicBot
    from shengji_tutor.play.game import advance

    rules = RuleSet(partnership="friends", players=5, decks=3)
    rnd = Round(rules, seed=3)
    bots = [HeuristicBot() for _ in range(rules.players)]
    while not rnd.done:
        advance(rnd, bots, until=lambda r: r.phase == "play" and bool(r.trick))
        if rnd.done:
            break
        assert all(isinstance(c, Card) for play in rnd.trick for c in play)
        assert all(isinstance(c, Card) for c in (*rnd.kitty, *rnd.discards))
        assert all(isinstance(c, Card) and type(o) is int for c, o in rnd.calls)
        assert all(isinstance(c, Card) for hand in rnd.start_hands for c in hand)
        seat = rnd.to_act
        assert seat is not None
        rnd.play(seat, next(iter(rnd.legal_plays(seat))))
    assert len(rnd.discards) == rules.kitty
    assert len(rnd.kitty) == rules.kitty
    assert rnd.calls
    assert sum(map(len, rnd.start_hands)) == rules.hand_size * rules.players
    throw = throwing(0, 10)
    throw.play(0, "AH QH QH")
    assert (throw.attempted, throw.trick) == (tuple(cards("AH QH QH")), (tuple(cards("QH QH")),))
    for name in ("trick", "kitty", "discards", "calls", "start_hands", "attempted"):
        with pytest.raises(AttributeError):
            setattr(rnd, name, [])
