"""Scoring a round (RULES §9): the level table, the kitty multiplier, the next dealer."""

from __future__ import annotations

import pytest

from shengji_tutor import (
    LevelChange,
    RuleSet,
    Trump,
    kitty_bonus,
    kitty_multiplier,
    level_change,
    next_dealer,
)

SEVEN_CLUBS = Trump("7", "C")
POWER = RuleSet(kitty_multiplier="power")

# -- level table ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker_points", "side", "levels"),
    [
        (0, "declarers", 3),
        (5, "declarers", 2),
        (35, "declarers", 2),
        (40, "declarers", 1),
        (75, "declarers", 1),
        (80, "attackers", 0),
        (115, "attackers", 0),
        (120, "attackers", 1),
        (155, "attackers", 1),
        (160, "attackers", 2),
        (195, "attackers", 2),
        (200, "attackers", 3),
        (235, "attackers", 3),
        (240, "attackers", 4),
        (275, "attackers", 4),
        (280, "attackers", 5),
        (400, "attackers", 8),
    ],
)
def test_level_table_two_decks(attacker_points: int, side: str, levels: int) -> None:
    for rules in (None, RuleSet(), RuleSet(decks=2)):
        change = level_change(attacker_points, rules)
        assert isinstance(change, LevelChange)
        assert (change.side, change.levels) == (side, levels)


@pytest.mark.parametrize(
    ("attacker_points", "side", "levels"),
    [
        (0, "declarers", 3),
        (5, "declarers", 2),
        (15, "declarers", 2),
        (20, "declarers", 1),
        (35, "declarers", 1),
        (40, "attackers", 0),
        (55, "attackers", 0),
        (60, "attackers", 1),
        (75, "attackers", 1),
        (80, "attackers", 2),
        (95, "attackers", 2),
        (100, "attackers", 3),
        (115, "attackers", 3),
        (120, "attackers", 4),
    ],
)
def test_level_table_one_deck(attacker_points: int, side: str, levels: int) -> None:
    change = level_change(attacker_points, RuleSet(decks=1))
    assert (change.side, change.levels) == (side, levels)


@pytest.mark.parametrize(
    ("attacker_points", "side", "levels"),
    [
        (0, "declarers", 3),
        (5, "declarers", 2),
        (55, "declarers", 2),
        (60, "declarers", 1),
        (115, "declarers", 1),
        (120, "attackers", 0),
        (175, "attackers", 0),
        (180, "attackers", 1),
        (235, "attackers", 1),
        (240, "attackers", 2),
        (295, "attackers", 2),
        (300, "attackers", 3),
        (355, "attackers", 3),
        (360, "attackers", 4),
    ],
)
def test_level_table_three_decks(attacker_points: int, side: str, levels: int) -> None:
    change = level_change(attacker_points, RuleSet(decks=3))
    assert (change.side, change.levels) == (side, levels)


@pytest.mark.parametrize("attacker_points", [-5, -40, -200])
@pytest.mark.parametrize("decks", [1, 2, 3])
def test_level_table_negative_counts_as_zero(attacker_points: int, decks: int) -> None:
    change = level_change(attacker_points, RuleSet(decks=decks))
    assert (change.side, change.levels) == ("declarers", 3)


def test_level_table_change_fields() -> None:
    assert level_change(125).takeover
    assert not level_change(75).takeover
    assert level_change(125).points == 125
    assert level_change(-10).points == 0
    for p in (0, 30, 60, 90, 130, 210):
        assert isinstance(level_change(p).describe(), str)
        assert str(p) in level_change(p).describe()


# -- kitty multiplier ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winning_play", "rules", "times", "power"),
    [
        ("AS", None, 2, 2),
        ("BJ", None, 2, 2),
        ("QS QS", None, 4, 4),
        ("7H 7H", None, 4, 4),
        ("AS AS AS", RuleSet(decks=3), 6, 8),
        ("8H8H9H9H", None, 8, 16),
        ("5H5H4H4H", None, 8, 16),
        ("BJBJSJSJ7C7C", None, 12, 64),
        ("5H5H5H4H4H4H", RuleSet(decks=3), 12, 64),
        # the winning play's own units, split as lead_format splits it
        ("7S 7H", None, 2, 2),
        ("SJ BJ", None, 2, 2),
        ("AD KD", None, 2, 2),
        ("AD KDKD", None, 4, 4),
        ("5C5C 3C3C", None, 4, 4),
        ("AH 3H3H 5H5H4H4H", None, 12, 64),
        ("AH 2H2H 5H5H4H4H", None, 8, 16),
        ("KH KH KH 5H", RuleSet(decks=3), 6, 8),
    ],
)
def test_kitty_multiplier(winning_play: str, rules: RuleSet | None, times: int, power: int) -> None:
    decks = rules.decks if rules is not None else 2
    assert kitty_multiplier(winning_play, SEVEN_CLUBS, rules) == times
    assert kitty_multiplier(winning_play, SEVEN_CLUBS, RuleSet(decks=decks, kitty_multiplier="times")) == times
    assert kitty_multiplier(winning_play, SEVEN_CLUBS, RuleSet(decks=decks, kitty_multiplier="power")) == power


def test_kitty_multiplier_power_sequence() -> None:
    """RULES §9 variant "power": ×2, ×4, ×8, ×16."""
    three = RuleSet(decks=3, kitty_multiplier="power")
    assert [
        kitty_multiplier("AS", SEVEN_CLUBS, POWER),
        kitty_multiplier("AS AS", SEVEN_CLUBS, POWER),
        kitty_multiplier("AS AS AS", SEVEN_CLUBS, three),
        kitty_multiplier("AS AS KS KS", SEVEN_CLUBS, POWER),
    ] == [2, 4, 8, 16]


@pytest.mark.parametrize(
    ("winning_play", "rules", "multiplier"),
    [
        ("AS", None, 2),
        ("QS QS", None, 4),
        ("AS AS AS", RuleSet(decks=3), 6),
        ("8H8H9H9H", None, 8),
        ("AH AH KH", None, 6),  # the seed's "three cards: sixfold", where the house rule says ×4
        ("AD KD", None, 4),
        ("AH 3H3H 5H5H4H4H", None, 14),
    ],
)
def test_kitty_multiplier_by_card_count(winning_play: str, rules: RuleSet | None, multiplier: int) -> None:
    """RULES §11 variant "cards": 2 × every card of the winning play, whatever its units."""
    decks = rules.decks if rules is not None else 2
    assert kitty_multiplier(winning_play, SEVEN_CLUBS, RuleSet(decks=decks, kitty_multiplier="cards")) == multiplier


def test_kitty_multiplier_by_card_count_still_refuses_a_mixed_play() -> None:
    from shengji_tutor import IllegalLeadError

    with pytest.raises(IllegalLeadError):
        kitty_multiplier("9S 8H", SEVEN_CLUBS, RuleSet(kitty_multiplier="cards"))


def test_kitty_multiplier_accepts_card_lists() -> None:
    from shengji_tutor import parse_cards

    assert kitty_multiplier(parse_cards("QS QS"), SEVEN_CLUBS) == 4


@pytest.mark.parametrize(
    ("kitty", "winning_play", "rules", "bonus"),
    [
        ("5H 10S KD 2C 3C 4C 6C 8C", "AS", None, 50),
        ("5H 10S KD 2C 3C 4C 6C 8C", "QS QS", None, 100),
        ("5H 10S KD 2C 3C 4C 6C 8C", "9H9H8H8H", None, 200),
        ("5H 10S KD 2C 3C 4C 6C 8C", "9H9H8H8H", POWER, 400),
        ("2C 3C 4C 6C 8C 9C JC QC", "QS QS", None, 0),
    ],
)
def test_kitty_bonus(kitty: str, winning_play: str, rules: RuleSet | None, bonus: int) -> None:
    assert kitty_bonus(kitty, winning_play, SEVEN_CLUBS, rules) == bonus


# -- next dealer --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "attacker_points", "expected"),
    [
        # declarers hold: the dealer's partner (opposite seat) deals
        (0, 0, 2),
        (0, 75, 2),
        (1, 30, 3),
        (2, 40, 0),
        (3, 5, 1),
        # attackers take over: the player after the dealer deals
        (0, 80, 1),
        (1, 120, 2),
        (2, 200, 3),
        (3, 115, 0),
    ],
)
def test_next_dealer_four_players(dealer: int, attacker_points: int, expected: int) -> None:
    assert next_dealer(dealer, level_change(attacker_points)) == expected


@pytest.mark.parametrize(("decks", "points", "expected"), [(1, 35, 2), (1, 40, 1), (3, 115, 2), (3, 120, 1)])
def test_next_dealer_uses_the_deck_bands(decks: int, points: int, expected: int) -> None:
    rules = RuleSet(decks=decks)
    assert next_dealer(0, level_change(points, rules), rules) == expected
