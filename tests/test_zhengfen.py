"""Zheng Fen's rule tables (RULES §12 and the seed 002): each kind recognised and refused, what beats what,
sequences ending (not starting) with 2, the specials, and bad input refused with a clear message."""

from __future__ import annotations

import pytest

from shengji_tutor import Card, ShengjiError, parse_cards
from shengji_tutor.zhengfen import (
    ORDER,
    CombinationError,
    Game,
    GameRecord,
    GameRecordError,
    Kind,
    Pass,
    Play,
    RandomBot,
    TurnError,
    ZhengFenError,
    ZhengFenRules,
    ZhengFenRulesError,
    classify,
    combinations,
    play_game,
    plays_beating,
    refusal,
    value,
)

# -- RULES §12: the card order ----------------------------------------------------------------


def test_the_order_is_3_up_to_ace_then_2_then_the_jokers_whatever_the_suit() -> None:
    cards = parse_cards("3S 4H 5D 6C 7S 8H 9D 10C JS QH KD AC 2S SJ BJ")
    assert [value(c) for c in cards] == list(range(15))
    assert ORDER[-3:] == ("2", "SJ", "BJ")
    assert value(parse_cards("2C")[0]) == value(parse_cards("2H")[0])


# -- RULES §12: every kind recognised --------------------------------------------------------

KINDS = [
    ("7H", Kind.SINGLE, "7", 1),
    ("BJ", Kind.SINGLE, "BJ", 1),
    ("6S 6H", Kind.PAIR, "6", 1),
    ("2S 2H", Kind.PAIR, "2", 1),
    ("7S 7H 7D", Kind.TRIPLE, "7", 1),
    ("QS QH QD QC", Kind.FOUR, "Q", 1),
    ("8S 8H 9S 9D 10C 10H JS JD", Kind.PAIRS, "J", 4),
    ("KS KH AS AH 2S 2C", Kind.PAIRS, "2", 3),
    ("7S 7H 7D 8S 8H 8D 9S 9H 9C", Kind.TRIPLES, "9", 3),
    ("4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C", Kind.FOURS, "6", 3),
    ("4S 4H 4D QC QD", Kind.POKER, "4", 1),
    ("7S 7H 7D AC 2C", Kind.POKER, "7", 1),
    ("JS JH JD 5C KC", Kind.POKER, "J", 1),
    ("9S 9H 9D SJ 3C", Kind.POKER, "9", 1),
    ("3H 4H 5H 6H 7H", Kind.STRAIGHT, "7", 5),
    ("10D JD QD KD AD 2D", Kind.STRAIGHT, "2", 6),
    ("5S 10H KD", Kind.MIXED_510K, "K", 1),
    ("5S 10S KD", Kind.MIXED_510K, "K", 1),
    ("5C 10C KC", Kind.PURE_510K, "K", 1),
    ("2S 2H 2D 2C", Kind.FOUR_TWOS, "2", 1),
]


@pytest.mark.parametrize(("cards", "kind", "top", "length"), KINDS)
def test_rules_12_each_kind_is_recognised(cards: str, kind: Kind, top: str, length: int) -> None:
    combo = classify(cards)
    assert (combo.kind, ORDER[combo.top], combo.length) == (kind, top, length)
    assert sorted(c.id for c in combo.cards) == sorted(c.id for c in parse_cards(cards))
    assert combo in combinations(cards), "every combination of a hand is enumerated"


REFUSED = [
    ("SJ BJ", "none of Zheng Fen's kinds"),  # two ranks: the jokers are no pair
    ("6S 7S", "none of Zheng Fen's kinds"),
    ("8S 8H 9S 9D", "a run of pairs needs 3 or more of them, not 2"),
    ("4S 4H 4D 4C 5S 5H 5D 5C", "a run of fours needs 3 or more of them, not 2"),  # the seed's example shows two
    ("7S 7H 7D 8S 8H 8D", "a run of triples needs 3 or more"),
    ("2S 2H 3S 3H 4S 4H", "a sequence may end with a 2 but neither start with one"),
    ("2H 3H 4H 5H 6H", "a sequence may end with a 2 but neither start with one"),
    ("AH 2H 3H 4H 5H", "nor run on past it to the 3"),  # no wrap past 2
    ("KS KH AS AH 2S 2H 3S 3H", "nor run on past it to the 3"),
    ("2S 2H 2D 3S 3H 3D 4S 4H 4D", "may end with a 2 but neither start with one"),
    ("QS QH 2S 2H 3S 3H", "its ranks are not consecutive"),
    ("3H 4H 5H 6H", "none of Zheng Fen's kinds"),  # a straight needs five
    ("3H 4H 5H 6H 7S", "all be of one suit"),
    ("8S 8H 10S 10H QS QH", "its ranks are not consecutive"),
    ("KS KH AS AH 2S 2H SJ BJ", "none of Zheng Fen's kinds"),
    ("7S 7H 7D 7C 3C", "none of Zheng Fen's kinds"),  # four and a card is no poker hand
    ("7S 7H 7D 3C", "none of Zheng Fen's kinds"),
    ("7S 7H 7D 3C 4C 5C", "none of Zheng Fen's kinds"),
    ("5S 10H QD", "none of Zheng Fen's kinds"),
    ("5S 5H 10H KD", "none of Zheng Fen's kinds"),
]


@pytest.mark.parametrize(("cards", "why"), REFUSED)
def test_rules_12_non_combinations_are_refused_with_the_reason(cards: str, why: str) -> None:
    with pytest.raises(CombinationError, match="is no combination") as e:
        classify(cards)
    assert why in str(e.value)
    wanted = sorted(c.id for c in parse_cards(cards))
    assert all(sorted(c.id for c in combo.cards) != wanted for combo in combinations(cards))


# -- RULES §12: what beats what ------------------------------------------------------------

BEATS = [
    # same kind, higher
    ("8H", "7S", True),
    ("2C", "AS", True),
    ("SJ", "2C", True),
    ("BJ", "SJ", True),
    ("7H", "7S", False),  # equal ranks never beat: suits have no order
    ("3S 3H", "2S 2H", False),
    ("2S 2H", "AS AH", True),
    ("KS KH KD", "QS QH QD", True),
    ("AS AH AD AC", "KS KH KD KC", True),
    ("9S 9H 10S 10H JS JH", "8S 8H 9D 9C 10D 10C", True),
    ("KS KH AS AH 2S 2C", "QS QH KD KC AD AC", True),
    ("4H 5H 6H 7H 8H", "3S 4S 5S 6S 7S", True),  # a straight by its top card, suit apart
    ("4H 5H 6H 7H 8H", "4S 5S 6S 7S 8S", False),
    ("8S 8H 8D 3C 4C", "7S 7H 7D AC AD", True),  # a poker hand by its triple
    ("8S 8H 8D 3C 4C", "7S 7H 7D 2C BJ", True),
    # another kind never beats, whatever its ranks (the curriculum's misconception)
    ("2S 2H", "3C", False),
    ("2S 2H 2D", "3C 3D", False),
    ("AS AH AD AC", "3C 3D 3H", False),
    ("JH QH KH AH 2H", "3S 3H 3D 4C 4H", False),
    ("3S 3H 3D 4C 4H", "4H 5H 6H 7H 8H", False),
    # sequences of other lengths do not compare
    ("9S 9H 10S 10H JS JH QS QH", "3S 3H 4S 4H 5S 5H", False),
    ("10S JS QS KS AS 2S", "3H 4H 5H 6H 7H", False),
    # specials beat every other kind, however long or high
    ("5S 10H KD", "BJ", True),
    ("5S 10H KD", "4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C", True),
    ("5S 10H KD", "10D JD QD KD AD 2D", True),
    ("5C 10C KC", "5S 10H KD", True),
    ("5S 10H KD", "5C 10C KC", False),
    ("2S 2H 2D 2C", "5C 10C KC", True),
    ("2S 2H 2D 2C", "AS AH AD AC", True),
    ("5C 10C KC", "2S 2H 2D 2C", False),
    ("5H 10H KH", "5C 10C KC", False),  # two of one sort are equal
    ("5S 10H KD", "5D 10C KS", False),
    ("BJ", "5S 10H KD", False),
    ("AS AH AD AC", "2S 2H 2D 2C", False),
]


@pytest.mark.parametrize(("play", "table", "beats"), BEATS)
def test_rules_12_a_play_beats_the_same_kind_higher_or_is_a_special(play: str, table: str, beats: bool) -> None:
    p, t = classify(play), classify(table)
    assert p.beats(t) is beats
    assert (refusal(p, t) == "") is beats
    if beats:
        assert not t.beats(p), "beating is one way"


def test_a_refusal_names_the_rule() -> None:
    assert "only the same kind, or a special, beats the table (RULES §12)" in refusal(classify("2S 2H"), classify("3C"))
    assert "only a higher special beats it" in refusal(classify("BJ"), classify("5S 10H KD"))
    assert "as long as" in refusal(classify("9S 9H 10S 10H JS JH QS QH"), classify("3S 3H 4S 4H 5S 5H"))
    assert "is not higher than" in refusal(classify("7H"), classify("7S"))
    assert "only equals" in refusal(classify("5H 10H KH"), classify("5C 10C KC"))


def test_the_plays_beating_a_table_are_that_kind_higher_and_the_specials() -> None:
    plays = plays_beating("3S 8H 8D 9C 5S 10H KD 2H 2D 2S 2C", classify("7S 7C"))
    described = sorted(p.describe() for p in plays)
    assert "a pair of 8s (8♥ 8♦)" in described
    assert "four 2s (2♠ 2♥ 2♦ 2♣)" in described
    assert "5-10-K of mixed suits (5♠ 10♥ K♦)" in described
    assert all(p.kind in (Kind.PAIR, Kind.MIXED_510K, Kind.FOUR_TWOS) for p in plays)
    assert len(plays) == 1 + 6 + 1 + 1  # 88, six pairs of 2s, the 5-10-K, the four 2s


# -- bad input: a ShengjiError that names the problem --------------------------------------

BAD_CARDS = [
    ("", "a play needs at least one card"),
    ("AS AS", "2 copies of AS, but 1 deck holds only 1"),
    ("AS 1H", "cannot read card '1H'"),
]


@pytest.mark.parametrize(("cards", "message"), BAD_CARDS)
def test_bad_cards_are_refused(cards: str, message: str) -> None:
    with pytest.raises(ShengjiError) as e:
        classify(cards)
    assert message in str(e.value)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "3 to 6 players, not 2"),
        ({"players": 7}, "3 to 6 players, not 7"),
        ({"players": True}, "3 to 6 players, not True"),
        ({"players": "4"}, "3 to 6 players, not '4'"),
        ({"target": 600}, "500 or 1000 points, not 600"),
    ],
)
def test_a_table_outside_the_rules_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ZhengFenRulesError) as e:
        ZhengFenRules(**kwargs)  # type: ignore[arg-type]
    assert message in str(e.value)


HANDS = (
    "3H 3S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S SJ",  # North holds 3♥: North leads
    "4S 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H BJ",
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",
    "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
)


def deck_for(hands: tuple[str, ...], dealer: int) -> list[Card]:
    """The deck order that deals ``hands`` (card k goes to seat (dealer + k) mod n)."""
    n = len(hands)
    held = [list(parse_cards(h)) for h in hands]
    return [held[(dealer + k) % n].pop(0) for k in range(54)]


def test_the_deal_goes_round_from_the_dealer_and_the_3_of_hearts_leads() -> None:
    game = Game(ZhengFenRules(players=4), first_dealer=0, deck_orders=[deck_for(HANDS, 0)])
    assert [" ".join(map(str, h)) for h in game.hands] == [" ".join(map(str, parse_cards(h))) for h in HANDS]
    assert game.to_act == 0
    assert game.table is None


def _state(game: Game) -> object:
    return (game.to_act, game.table, game.last, [list(h) for h in game.hands], list(game.history), list(game.scores))


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Pass(0), "it is West's turn, not North's"),
        (Pass(True), "it is West's turn, not True's"),
        (Play(1, tuple(parse_cards("5S"))), "West does not hold 5♠"),
        (Play(1, tuple(parse_cards("4H 5H"))), "is no combination"),
        (Play(1, tuple(parse_cards("4H"))), "4♥ is not higher than a single 7♠"),
        (Play(1, tuple(parse_cards("4S 4H"))), "only the same kind, or a special, beats the table"),
        ("pass", "an action is a Play or a Pass, not str"),
    ],
)
def test_a_refused_action_names_the_problem_and_changes_nothing(action: Play | Pass, message: str) -> None:
    game = Game(ZhengFenRules(players=4), first_dealer=0, deck_orders=[deck_for(HANDS, 0)])
    game.apply(Play(0, tuple(parse_cards("7S"))))
    before = _state(game)
    with pytest.raises(ZhengFenError) as e:
        game.apply(action)
    assert message in str(e.value)
    assert _state(game) == before


def test_when_all_others_pass_the_last_player_takes_the_pile_and_leads() -> None:
    game = Game(ZhengFenRules(players=4), first_dealer=0, deck_orders=[deck_for(HANDS, 0)])
    opening: list[Play | Pass] = [
        Play(0, tuple(parse_cards("5S"))),
        Play(1, tuple(parse_cards("10H"))),
        Pass(2),
        Pass(3),
    ]
    for action in opening:
        game.apply(action)
    assert game.to_act == 0
    assert game.last == 1
    game.apply(Play(0, tuple(parse_cards("KS"))))
    for seat in (1, 2, 3):
        game.apply(Pass(seat))
    (trick,) = game.tricks[-1]
    assert (trick.leader, trick.taker, trick.points) == (0, 0, 25)
    assert game.to_act == 0
    assert game.table is None
    assert game.view().pile_points == 0


def test_a_leader_cannot_pass_and_a_finished_game_takes_no_action() -> None:
    record = play_game(players=3, seed=5)
    steps = list(record.replay())
    game = steps[-1][1]
    assert game.done
    assert game.to_act is None
    assert game.legal_actions() == []
    with pytest.raises(TurnError, match="the game is over"):
        game.apply(Pass(0))
    with pytest.raises(TurnError, match="nobody is to act"):
        game.view()
    fresh = Game(ZhengFenRules(players=3), seed=5)
    assert fresh.to_act is not None
    with pytest.raises(TurnError, match="a leader cannot pass"):
        fresh.apply(Pass(fresh.to_act))


def test_bad_games_and_records_are_refused() -> None:
    with pytest.raises(TurnError, match="the first dealer is a seat from 0 to 3"):
        Game(ZhengFenRules(), first_dealer=4)
    with pytest.raises(ShengjiError, match="deck order 1 is not the 54 cards of one deck"):
        Game(ZhengFenRules(), deck_orders=["AS 2S"])
    with pytest.raises(ShengjiError, match="4 players need 4 bots, got 2"):
        play_game(players=4, bots=[RandomBot(0), RandomBot(1)])
    with pytest.raises(ZhengFenRulesError, match="3 to 6 players"):
        play_game(players=8)
    record = play_game(players=3, seed=1)
    with pytest.raises(GameRecordError, match="not a saved Zheng Fen game"):
        GameRecord.from_json("{}")
    with pytest.raises(GameRecordError, match="not a saved Zheng Fen game"):
        GameRecord.from_json("not json")
    tampered = record.to_json().replace('"pass"', '"play", "cards": "BJ"', 1)
    with pytest.raises(GameRecordError):
        GameRecord.from_json(tampered)
    short = GameRecord(**{**record.__dict__, "history": record.history[:-1]})
    with pytest.raises(GameRecordError, match="not finished"):
        short.replayed()


# -- a pile walked turn by turn (walk_pile), at every table size ---------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_last_player_to_play_takes_every_card_of_the_pile(players: int) -> None:
    from shengji_tutor.zhengfen.pile import walk_pile

    actions: list[str | None] = ["5H", "10S", "KD", *[None] * (players - 1)]
    pile = walk_pile(actions, leader=1, players=players)
    assert pile.problems == ()
    assert pile.taker == 3 % players
    assert pile.points == 25
    assert [str(c) for c in pile.cards] == ["5H", "10S", "KD"]
    assert pile.story().startswith("West plays 5♥" if players == 4 else "Seat 2 plays 5♥")


@pytest.mark.parametrize(
    ("actions", "problem"),
    [
        ([None, "5H", None, None, None], "leads and may not pass"),
        (["7H 7S", "2C", None, None, None], "only the same kind"),
        (["5H", "10S", None, None], "not after 2 passes"),
        (["5H", None, None, None, "KD"], "the pile was taken before"),
        (["5H 6S", None, None, None], "is no combination"),
    ],
)
def test_a_pile_the_game_would_refuse_is_named(actions: list[str | None], problem: str) -> None:
    from shengji_tutor.zhengfen.pile import walk_pile

    problems = walk_pile(actions, leader=0, players=4).problems
    assert any(problem in p for p in problems), problems


def test_a_pile_needs_a_zheng_fen_table() -> None:
    from shengji_tutor.zhengfen.pile import walk_pile

    with pytest.raises(ValueError, match="3 to 6 players"):
        walk_pile(["5H"], leader=0, players=7)
