"""The optional rules of RULES §10–§11 as ``RuleSet`` switches: what each accepts, refuses and does.

Each rule's test is named after it and quotes RULES' wording; the defaults are
checked to be the house rules, so every switch is off unless asked for.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

import pytest

from shengji_tutor import (
    Declaration,
    DeclarationError,
    HeuristicBot,
    InvalidTrumpError,
    LevelChange,
    OutOfTurnError,
    PhaseError,
    Round,
    RoundRecord,
    RuleSet,
    RuleSetError,
    ShengjiError,
    Trump,
    is_tractor,
    legal_follow,
    level_change,
    parse_cards,
    play_match,
    play_round,
    points,
    trick_winner,
)
from shengji_tutor.engine.declaring import judge_overturn
from shengji_tutor.engine.scoring import hooked_back_to, level_after, red_five_points
from shengji_tutor.play.actions import Declare, Discard, Pass, ShowHand
from shengji_tutor.play.game import new_levels, prepare_round, run_round
from shengji_tutor.play.record import record_of
from shengji_tutor.play.round import DecisionKind, RedealError

# -- the switches --------------------------------------------------------------------------------


def test_every_variant_is_off_by_default() -> None:
    rules = RuleSet()
    assert rules.first_dealer == "first-declarer"
    assert rules.mandatory_levels == ()
    assert (rules.chao_dipi, rules.hook_and_needle) == (False, False)
    assert (rules.red_five, rules.red_five_penalty, rules.redeal) == (None, 10, None)
    assert rules.kitty_multiplier == "times"


EVERY_VARIANT: list[dict[str, Any]] = [
    {"first_dealer": "winning-declaration"},
    {"mandatory_levels": ("5", "10", "K")},
    {"chao_dipi": True},
    {"hook_and_needle": True},
    {"red_five": "5H"},
    {"red_five": "5H+5D", "red_five_penalty": 20},
    {"redeal": "no-trump"},
    {"redeal": "no-points"},
    {"kitty_multiplier": "cards"},
    {"players": 5},
    {"decks": 3},
]


@pytest.mark.parametrize("one", range(len(EVERY_VARIANT)))
@pytest.mark.parametrize("other", range(len(EVERY_VARIANT)))
def test_every_two_variants_compose(one: int, other: int) -> None:
    """Any two switches can be played together (RULES §11: each is a switch of its own)."""
    fields = {**EVERY_VARIANT[one], **EVERY_VARIANT[other]}
    rules = RuleSet(**fields)
    for name, value in fields.items():
        assert getattr(rules, name) == value
    assert RuleSet(**asdict(rules)) == rules  # a saved round's rules read back


def test_mandatory_levels_are_spelt_as_ranks_and_kept_in_rank_order() -> None:
    assert RuleSet(mandatory_levels=["K", "t", "5"]).mandatory_levels == ("5", "10", "K")
    assert RuleSet(mandatory_levels=["A"]) == RuleSet(mandatory_levels=("A",))


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"first_dealer": "last-declarer"}, "first_dealer must be one of"),
        ({"mandatory_levels": "10"}, "mandatory_levels must be a tuple of ranks"),
        ({"mandatory_levels": ("10", "1")}, "'1', which is not a rank"),
        ({"mandatory_levels": ("10", "T")}, "names 10 twice"),
        ({"mandatory_levels": (10,)}, "10, which is not a rank"),
        ({"chao_dipi": "yes"}, "chao_dipi must be True or False"),
        ({"hook_and_needle": 1}, "hook_and_needle must be True or False"),
        ({"red_five": "5D"}, "red_five must be one of None, '5H', '5H+5D'"),
        ({"red_five": "5H", "red_five_penalty": -5}, "red_five_penalty must be a whole number from 0"),
        ({"red_five_penalty": 20}, "no red five is played"),
        ({"redeal": "no-kings"}, "redeal must be one of None, 'no-trump', 'no-points'"),
        ({"decks": 1, "chao_dipi": True}, "one deck holds no pair"),
    ],
)
def test_an_impossible_ruleset_is_refused_by_name(fields: dict[str, Any], words: str) -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet(**fields)
    assert words in str(info.value)


# -- who deals the first round (RULES §10) --------------------------------------------------------


@pytest.mark.parametrize(("first_dealer", "dealer"), [("first-declarer", 3), ("winning-declaration", 1)])
def test_first_dealer_first_declarer_or_winning_declaration(first_dealer: str, dealer: int) -> None:
    """RULES §10: 'the first declarer becomes dealer ... (variant first_dealer="winning-declaration":
    the player whose declaration stands)'."""
    rnd = Round(RuleSet(first_dealer=first_dealer), seed=21)  # East holds a 2, West a pair of 2s
    rnd.deal_all()
    rnd.declare(3, [next(c for c in rnd.hand(3) if c.rank == "2")])
    pair = next(c for c in rnd.hand(1) if c.rank == "2" and rnd.hand(1).count(c) == 2)
    rnd.declare(1, [pair, pair])
    assert rnd.finish_deal()
    assert rnd.dealer == dealer
    assert rnd.trump == Trump("2", pair.suit)


# -- mandatory levels (RULES §11) -------------------------------------------------------------------

LEVEL = {rank: i for i, rank in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))}
WON = 13


@pytest.mark.parametrize(
    ("mandatory", "start", "rise", "played", "end"),
    [
        (("10",), "9", 2, {"9"}, "10"),  # the seed: 'they will have to play 10 first, instead of going to jack'
        (("10",), "9", 1, {"9"}, "10"),  # rising onto it is not passing it
        (("10",), "10", 2, {"9", "10"}, "Q"),  # played as declarers: passed freely
        (("10",), "10", 1, {"9"}, "10"),  # standing on it unplayed: any rise would pass it
        (("10",), "10", 0, set(), "10"),
        (("5", "10"), "4", 3, {"4"}, "5"),  # the first mandatory level passed stops the rise
        (("5", "10"), "5", 6, {"5"}, "10"),
        (("10",), "J", 3, set(), "A"),  # already past it
        ((), "9", 3, set(), "Q"),
        (("A",), "K", 3, {"K"}, "A"),  # a side must play A before it wins
        (("A",), "A", 1, {"A"}, WON),
    ],
)
def test_mandatory_levels_a_rise_stops_on_an_unplayed_one(
    mandatory: tuple[str, ...], start: str, rise: int, played: set[str], end: str | int
) -> None:
    """RULES §11: 'a team's level never passes a mandatory level it has not played as declarers: a rise
    that would pass it stops on it'."""
    rules = RuleSet(mandatory_levels=mandatory)
    after = level_after(LEVEL[start], rise, {LEVEL[r] for r in played}, rules)
    assert after == (end if isinstance(end, int) else LEVEL[end])


@pytest.mark.parametrize(("level", "rise"), [(-1, 1), (14, 0), (3, -1), ("9", 1), (3, 1.0)])
def test_level_after_refuses_what_is_not_a_level(level: Any, rise: Any) -> None:
    with pytest.raises(ShengjiError, match="must be a whole number from 0 to 13"):
        level_after(level, rise)


def test_a_match_never_passes_a_mandatory_level_a_side_has_not_played() -> None:
    rules = RuleSet(mandatory_levels=("5", "10", "K"))
    match = play_match(rules, seed=3, bots=[HeuristicBot()] * 4)
    levels = [0] * 4
    played: list[set[int]] = [set() for _ in range(4)]
    stops = [LEVEL[r] for r in rules.mandatory_levels]
    for record in match.rounds:
        before = list(levels)
        for s in record.declarers:
            played[s].add(LEVEL[record.rank])
        change = record.level_change
        side = record.declarers if change.side == "declarers" else record.attackers
        for s in side:
            free = before[s] + change.levels
            blocked = [m for m in stops if before[s] <= m < free and m not in played[s]]
            levels[s] = blocked[0] if blocked else free
        assert all(levels[s] <= before[s] for s in range(4) if s not in side)
    assert tuple(levels) == match.levels
    assert match.finished
    assert any(r.rank in rules.mandatory_levels for r in match.rounds)


# -- hook and needle (RULES §11) ---------------------------------------------------------------------

HOOKED = RuleSet(hook_and_needle=True)


@pytest.mark.parametrize(
    ("trump", "play", "back_to"),
    [
        (Trump("J", "H"), "JS", "2"),  # the hook: trump rank J, a J in the last trick's winning play
        (Trump("J", "H"), "JH JH", "2"),
        (Trump("J", None), "QS JS JS", "2"),
        (Trump("A", "C"), "AD", "J"),  # the needle: trump rank A
        (Trump("A", "C"), "BJ", None),  # no card of the rank
        (Trump("J", "H"), "AH", None),
        (Trump("Q", "H"), "QH", None),  # only ranks J and A hook or needle
        (Trump("K", "S"), "AS", None),
    ],
)
def test_hook_and_needle_the_declarers_drop_back(trump: Trump, play: str, back_to: str | None) -> None:
    """RULES §11: 'when the trump rank is J (hook) or A (needle) and the attackers win the last trick with a
    play containing a card of that rank, the declarers' level drops back to 2 (hook) or J (needle)'."""
    assert hooked_back_to(play, trump, HOOKED) == back_to
    assert hooked_back_to(play, trump) is None  # off by default


@pytest.mark.parametrize(
    ("before", "declarers", "change", "back_to", "after"),
    [
        ([9, 9, 9, 9], (0, 2), LevelChange("declarers", 1, 60), "2", [0, 9, 0, 9]),  # held, and hooked anyway
        ([9, 4, 9, 4], (0, 2), LevelChange("attackers", 2, 170), "2", [0, 6, 0, 6]),  # and the attackers rise
        ([12, 7, 12, 7], (0, 2), LevelChange("declarers", 2, 10), "J", [9, 7, 9, 7]),  # needled back from A
        ([9, 4, 9, 4], (0, 2), LevelChange("declarers", 1, 50), None, [10, 4, 10, 4]),
    ],
)
def test_hook_and_needle_in_addition_to_the_normal_result(
    before: list[int], declarers: tuple[int, ...], change: LevelChange, back_to: str | None, after: list[int]
) -> None:
    record = play_round(HOOKED, seed=1, bots=[HeuristicBot()] * 4)
    score = replace(record.score, level_change=change, hooked_back_to=back_to)
    levels = list(before)
    new_levels(levels, [set() for _ in range(4)], replace(record, declarers=declarers, score=score))
    assert levels == after


# -- red five: the penalty (RULES §11) --------------------------------------------------------------

RED = RuleSet(red_five="5H+5D")


@pytest.mark.parametrize(
    ("plays", "attacking", "winner", "points"),
    [
        (["5H", "3S", "AS", "4S"], [False, True, True, False], 2, 10),  # a declarer's five captured: +10
        (["AS", "5H", "KS", "4S"], [False, True, False, True], 0, -10),  # an attacker's five captured: -10
        (["5H", "3S", "AS", "4S"], [False, True, False, True], 2, 0),  # won by the owner's own side
        (["5H 5D", "3S 3S", "AS AS", "4S 4S"], [False, True, True, False], 2, 20),  # each five counts
        (["5S", "3S", "AS", "4S"], [False, True, True, False], 2, 0),  # 5♠ is not red
    ],
)
def test_red_five_penalty_for_the_owners_side(
    plays: list[str], attacking: list[bool], winner: int, points: int
) -> None:
    """RULES §11: 'when the other team wins a trick containing one, the owner's team pays red_five_penalty
    (default 10) points: added to the attackers' total if the owner is a declarer, subtracted if an attacker'."""
    assert red_five_points(plays, attacking, winner, RED) == points
    assert red_five_points(plays, attacking, winner, replace(RED, red_five_penalty=25)) == points * 5 // 2
    assert red_five_points(plays, attacking, winner) == 0  # off by default


def test_only_the_named_red_five_is_penalised() -> None:
    assert red_five_points(["5D", "3S", "AS", "4S"], [False, True, True, False], 2, RuleSet(red_five="5H")) == 0


def test_red_five_points_refuses_a_trick_without_sides() -> None:
    with pytest.raises(ShengjiError, match="a side for each of the 4 plays"):
        red_five_points(["5H", "3S", "AS", "4S"], [False, True], 2, RED)


# -- red five: the card order (RULES §11) ---------------------------------------------------------

RED_SEVEN_CLUBS = Trump("7", "C", red_five="5H+5D")


def test_red_fives_rank_above_the_big_joker() -> None:
    """RULES §11: 'the named five(s) rank above the big joker as the highest trumps (still worth 5 points each)'."""
    t = RED_SEVEN_CLUBS
    order = [str(c) for c in t.sorted("2C AC 7H 7C SJ BJ 5D 5H")]
    assert order == ["5H", "5D", "BJ", "SJ", "7C", "7H", "AC", "2C"]
    assert [t.suit_of(c) for c in parse_cards("5H 5D 5S 5C")] == ["trump", "trump", "S", "trump"]
    assert trick_winner(["BJ", "5D", "5H", "SJ"], t) == 2
    assert trick_winner(["4H", "5H", "AH", "2H"], t) == 1  # a trump ruffs hearts
    assert points("5H 5D") == 10
    only_hearts = Trump("7", "C", red_five="5H")
    assert only_hearts.suit_of(parse_cards("5D")[0]) == "D"
    assert trick_winner(["BJ", "5D", "5H", "SJ"], only_hearts) == 2


@pytest.mark.parametrize(
    ("red_five", "cards", "tractor"),
    [
        ("5H", "BJ BJ 5H 5H", True),  # the top of the trump chain
        ("5H+5D", "BJ BJ 5D 5D", True),
        ("5H+5D", "5D 5D 5H 5H", True),
        ("5H+5D", "BJ BJ 5H 5H", False),  # 5♦ lies between
        ("5H+5D", "SJ SJ 5D 5D", False),  # the big joker lies between
        ("5H", "4H 4H 6H 6H", True),  # the gap the red five leaves in its suit, like the trump rank's
        ("5H", "4D 4D 6D 6D", False),  # 5♦ is an ordinary diamond
        ("5H+5D", "4D 4D 6D 6D", True),
    ],
)
def test_red_fives_in_tractors(red_five: str, cards: str, tractor: bool) -> None:
    """RULES §4: tractors are consecutive in the effective suit's order; the red fives extend the trump chain."""
    assert is_tractor(cards, Trump("7", "C", red_five=red_five)) is tractor


def test_a_red_five_follows_trump_not_its_suit() -> None:
    verdict = legal_follow(hand="5H 3S 4S", lead="AH", play="5H", trump=RED_SEVEN_CLUBS)
    assert verdict  # void in hearts once the 5♥ is trump
    assert not legal_follow(hand="5H 3C 4S", lead="AC", play="4S", trump=RED_SEVEN_CLUBS)


def test_at_rank_five_the_red_fives_are_rank_cards() -> None:
    """The rank is the declarers' level and cannot be refused, so at rank 5 a red five is a trump-rank card."""
    assert Trump("5", "S", red_five="5H") == Trump("5", "S")
    assert trick_winner(["BJ", "5H", "5S"], Trump("5", "S", red_five="5H")) == 0


def test_a_trump_says_where_its_red_fives_are() -> None:
    assert RED_SEVEN_CLUBS.describe() == "rank 7, clubs are trump (5♥ and 5♦ above the big joker)"
    assert (
        Trump("7", None, red_five="5H").describe().endswith("7s and the red fives (5♥ above the big joker) are trump")
    )
    assert repr(RED_SEVEN_CLUBS) == "Trump(rank='7', suit='C', red_five='5H+5D')"
    assert eval(repr(RED_SEVEN_CLUBS)) == RED_SEVEN_CLUBS  # repr evaluates back


def test_a_trump_refuses_an_unknown_red_five() -> None:
    with pytest.raises(InvalidTrumpError, match="red_five must be None, '5H' or '5H\\+5D'"):
        Trump("7", "C", red_five="5S")


def test_the_round_deals_its_trump_with_the_red_fives() -> None:
    rnd = Round(RuleSet(red_five="5H"), seed=5, dealer=0)
    prepare_round(rnd, [HeuristicBot()] * 4)
    assert rnd.trump is not None
    assert rnd.trump.red_five == "5H"
    assert rnd.trump.suit_of(parse_cards("5H")[0]) == "trump"


# -- a hopeless hand (RULES §11) ------------------------------------------------------------------


def snapshot(rnd: Round) -> tuple[object, ...]:
    """What a refused action must leave as it was."""
    seats = range(rnd.players)
    return (rnd.phase, rnd.to_act, rnd.trump, rnd.redeals, rnd.history, [rnd.view(s) for s in seats], rnd.discards)


def refused(rnd: Round, error: type[Exception], action: Any, *words: str) -> None:
    before = snapshot(rnd)
    with pytest.raises(error) as info:
        action()
    for word in words:
        assert word in str(info.value)
    assert snapshot(rnd) == before


def spades_declared(rules: RuleSet, seed: int, declarer: int) -> Round:
    rnd = Round(rules, seed=seed, dealer=1)
    rnd.deal_all()
    rnd.declare(declarer, "2S")
    assert rnd.finish_deal()
    return rnd


@pytest.mark.parametrize(("redeal", "seed", "declarer", "hopeless"), [("no-points", 1, 0, 0), ("no-trump", 97, 2, 3)])
def test_redeal_a_hopeless_hand_by_the_same_dealer(redeal: str, seed: int, declarer: int, hopeless: int) -> None:
    """RULES §11: 'after the draw, a player holding no trump (or no point card) may show the hand and force a
    redeal by the same dealer'."""
    rules = RuleSet(decks=1, redeal=redeal)
    rnd = spades_declared(rules, seed, declarer)
    first_deal = rnd.deck_order
    others = [s for s in range(4) if s != hopeless and not rnd.may_show_hand(s)]
    assert others == [s for s in range(4) if s != hopeless]
    refused(rnd, RedealError, lambda: rnd.show_hand(others[0]), "does not force a redeal", "RULES §11")
    assert rnd.may_show_hand(hopeless)
    assert (rnd.to_act, rnd.decision) == (hopeless, DecisionKind.SHOW)  # the round asks the one hopeless hand
    assert set(rnd.legal_actions(hopeless)) == {ShowHand(hopeless), Pass(hopeless)}
    assert rnd.view(hopeless).decision is DecisionKind.SHOW
    assert rnd.view(1).decision is None
    rnd.pass_turn(hopeless)  # kept: nobody else may show, so the dealer buries
    assert (rnd.to_act, rnd.decision) == (1, DecisionKind.BURY)
    assert rnd.may_show_hand(hopeless)  # still allowed, unasked, until the burial
    rnd.undo()
    rnd.apply(ShowHand(hopeless))
    assert (rnd.phase, rnd.redeals, rnd.dealer, rnd.trump, rnd.dealt) == ("deal", 1, 1, None, 0)
    assert rnd.deck_order != first_deal
    assert rnd.deals[0] == first_deal
    rnd.undo()
    assert (rnd.phase, rnd.redeals, rnd.deck_order) == ("kitty", 0, first_deal)


def test_a_hopeless_hand_is_refused_where_the_rule_does_not_apply() -> None:
    rnd = spades_declared(RuleSet(decks=1), 1, 0)
    refused(rnd, RedealError, lambda: rnd.show_hand(0), "does not redeal a hopeless hand")
    rnd = spades_declared(RuleSet(decks=1, redeal="no-points"), 1, 0)
    rnd.discard(1, rnd.hand(1)[:6])
    assert not rnd.may_show_hand(0)
    refused(rnd, PhaseError, lambda: rnd.show_hand(0), "before the kitty is buried")


def test_the_dealer_shows_the_hand_as_dealt_not_the_kitty() -> None:
    rules = RuleSet(decks=1, redeal="no-points")
    rnd = spades_declared(rules, 1, 0)
    assert rnd.dealer == 1
    dealt = list(rnd.hand(1))
    for c in rnd.deck_order[-rules.kitty :]:
        dealt.remove(c)
    assert rnd.may_show_hand(1) is (not any(c.points for c in dealt))


# -- chao dipi (RULES §11) ---------------------------------------------------------------------------

CHAO = RuleSet(chao_dipi=True)


def chao_round() -> Round:
    """Seed 17, North deals at rank 2 and declares 2♠; South holds a pair of small jokers, East a pair of 2♥."""
    rnd = Round(CHAO, seed=17, dealer=0)
    rnd.deal_all()
    rnd.declare(0, "2S")
    rnd.finish_deal()
    rnd.discard(0, rnd.hand(0)[-8:])
    return rnd


def test_chao_dipi_overturn_rebury_and_pass() -> None:
    """RULES §11: 'going counter-clockwise from the dealer, each other player may once per turn reveal a stronger
    pair declaration ... that player takes the kitty and buries the same number of cards. It goes on until every
    other player has passed in turn. The declaring team and the dealer do not change'."""
    rnd = chao_round()
    buried = rnd.discards
    assert (rnd.phase, rnd.to_act) == ("chao", 1)
    refused(rnd, OutOfTurnError, lambda: rnd.declare(2, "SJ SJ"), "West's turn")
    rnd.apply(Pass(1))
    assert rnd.to_act == 2
    rnd.apply(Declare(2, tuple(parse_cards("SJ SJ"))))
    assert (rnd.phase, rnd.to_act, rnd.trump) == ("kitty", 2, Trump("2", None))
    assert len(rnd.hand(2)) == 25 + 8
    assert rnd.view(2).hand.count(parse_cards("SJ")[0]) == 2
    assert rnd.discards == ()
    reburied = rnd.hand(2)[:8]
    rnd.apply(Discard(2, reburied))
    assert rnd.view(2).discards == reburied
    assert rnd.view(0).discards == ()  # the dealer no longer knows the kitty
    assert (rnd.phase, rnd.to_act) == ("chao", 3)
    refused(rnd, DeclarationError, lambda: rnd.declare(3, "2H 2H"), "does not overturn", "RULES §11")
    for seat in (3, 0, 1):
        rnd.apply(Pass(seat))
    assert (rnd.phase, rnd.to_act, rnd.dealer, rnd.declarers) == ("play", 0, 0, (0, 2))
    assert [d.seat for d in rnd.overturns] == [2]
    assert rnd.buriers == [0, 2]
    assert rnd.discards == tuple(reburied) != buried
    rnd.check_invariants()


def test_chao_dipi_refuses_what_is_not_an_overturn() -> None:
    rnd = chao_round()
    refused(rnd, DeclarationError, lambda: rnd.declare(1, rnd.hand(1)[:1]), "with a pair of jokers or of trump-rank 2s")
    refused(rnd, DeclarationError, lambda: rnd.declare(1, "SJ SJ"), "does not hold")
    fresh = Round(CHAO, seed=17, dealer=0)
    refused(fresh, OutOfTurnError, lambda: fresh.pass_turn(0), "North is not asked to declare now")
    rnd.pass_turn(1)
    rnd.pass_turn(2)
    rnd.pass_turn(3)
    assert rnd.phase == "play"
    refused(rnd, PhaseError, lambda: rnd.pass_turn(0), "'play' phase")


def test_chao_dipi_strength_order() -> None:
    """RULES §11: BJ pair > SJ pair > trump-rank pair of ♠ > ♥ > ♣ > ♦; a single is weaker than every pair."""
    pairs = ["BJ BJ", "SJ SJ", "2S 2S", "2H 2H", "2C 2C", "2D 2D"]
    for i, stronger in enumerate(pairs):
        for weaker in pairs[i + 1 :]:
            standing = Declaration.of(1, tuple(parse_cards(weaker)))
            assert judge_overturn(stronger, "2", standing)
            assert not judge_overturn(weaker, "2", Declaration.of(1, tuple(parse_cards(stronger))))
        assert judge_overturn(stronger, "2", Declaration.of(1, tuple(parse_cards("2S"))))
        assert judge_overturn(stronger, "2", None)
        assert not judge_overturn(stronger, "2", Declaration.of(1, tuple(parse_cards(stronger))))


# -- red five in a round ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_rounds_red_five_penalty_is_each_captured_five(seed: int) -> None:
    rules = RuleSet(red_five="5H+5D", red_five_penalty=15)
    record = play_round(rules, seed=seed, bots=[HeuristicBot()] * 4, dealer=0, rank="3")
    expected = 0
    for t in record.tricks:
        for k, play in enumerate(t.plays):
            owner = t.seat_of(k, 4)
            if (owner in record.attackers) != (t.winner in record.attackers):
                fives = sum(1 for c in play if str(c) in ("5H", "5D"))
                expected += 15 * fives * (-1 if owner in record.attackers else 1)
    assert record.score.red_five_points == expected
    assert record.score.total == record.score.trick_points + record.score.kitty_bonus + expected
    assert record.level_change == level_change(record.score.total, rules)


# -- undo, records and replays of the new actions -------------------------------------------------------


def test_undo_takes_back_each_chao_dipi_action() -> None:
    rnd = chao_round()
    steps = [Pass(1), Declare(2, tuple(parse_cards("SJ SJ"))), Discard(2, ()), Pass(3)]
    for action in steps:
        if isinstance(action, Discard):
            action = Discard(2, rnd.hand(2)[:8])
        before = snapshot(rnd)
        rnd.apply(action)
        assert snapshot(rnd) != before
        assert rnd.undo() == action
        assert snapshot(rnd) == before
        rnd.apply(action)


def test_a_chao_dipi_round_is_recorded_and_replayed() -> None:
    rnd = chao_round()
    rnd.pass_turn(1)
    rnd.declare(2, "SJ SJ")
    run_round(rnd, [HeuristicBot()] * 4)
    record = record_of(rnd)
    assert [d.seat for d in record.overturns] == [2]
    assert record.trump == Trump("2", None)
    assert any(isinstance(a, Pass) for a in record.history)
    again = RoundRecord.from_json(record.to_json())
    assert again == record
    assert again.replayed() == record


def test_a_hopeless_hand_is_recorded_and_replayed() -> None:
    rnd = spades_declared(RuleSet(decks=1, redeal="no-points"), 1, 0)
    rnd.show_hand(0)
    run_round(rnd, [HeuristicBot()] * 4)
    record = record_of(rnd)
    assert record.redeals == 1
    assert record.dealer == 1
    assert ShowHand(0) in record.history
    assert RoundRecord.from_json(record.to_json()) == record
