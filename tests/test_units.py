"""Units and lead formats (RULES §4 combinations, §5 leading)."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tutor import (
    Card,
    IllegalLeadError,
    RuleSet,
    Trump,
    Unit,
    is_tractor,
    kitty_multiplier,
    lead_format,
    parse_cards,
    trick_winner,
)

SEVEN_CLUBS = Trump("7", "C")
THREE_DECKS = RuleSet(decks=3)


def bag(cards: str | tuple[Card, ...] | list[Card]) -> Counter[str]:
    items = parse_cards(cards) if isinstance(cards, str) else cards
    return Counter(str(c) for c in items)


def shapes(units: tuple[Unit, ...]) -> list[tuple[int, int]]:
    """(length, width) of each unit, in order."""
    return [(u.length, u.width) for u in units]


# -- §4 tractors: the printed table -----------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("5H5H4H4H", True),
        ("JSJS10S10S9S9S8S8S", True),
        ("5C5C4C4C3C3C", True),
        ("8H8H6H6H", True),
        ("7C7C7H7HACAC", True),
        ("BJBJSJSJ7C7C", True),
        ("10H10H8H8H", False),
        ("7H7H6H6H", False),
        ("7C7C6C6C", False),
        ("7S7S7H7H", False),
    ],
)
def test_tractor_printed_examples_at_7c(cards: str, expected: bool) -> None:
    assert is_tractor(cards, SEVEN_CLUBS) is expected
    assert is_tractor(parse_cards(cards), SEVEN_CLUBS) is expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("5H5H4H4H", True),
        ("JSJS10S10S9S9S8S8S", True),
        ("5C5C4C4C3C3C", True),
        ("8H8H6H6H", True),
        ("7C7C7H7HACAC", True),
        ("BJBJSJSJ7C7C", True),
    ],
)
def test_tractor_printed_examples_lead_as_one_tractor(cards: str, expected: bool) -> None:
    f = lead_format(cards, SEVEN_CLUBS)
    assert f.kind == "tractor"
    assert len(f.units) == 1
    assert f.units[0].width == 2
    assert f.units[0].length == len(parse_cards(cards)) // 2


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # the order of the cards in the string does not matter
        ("4H4H5H5H", True),
        ("8S 9S 10S JS JS 10S 9S 8S", True),
        # the trump chain at 7♣
        ("KC KC AC AC", True),
        ("AC AC 7D 7D", True),
        ("7S 7S 7C 7C", True),
        ("7C 7C SJ SJ", True),
        ("SJ SJ BJ BJ", True),
        ("AC AC 7D 7D 7C 7C SJ SJ BJ BJ", True),
        ("KC KC 7D 7D", False),
        ("AC AC 7C 7C", False),
        ("7D 7D SJ SJ", False),
        # a tractor needs two or more tuples of width 2 or more, all of one width
        ("5H 4H", False),
        ("5H5H", False),
        ("5H5H4H", False),
        ("5H5H4H4H3H", False),
        ("9H9H 5H5H4H4H", False),
        ("", False),
        # a pair plus a tractor is not exactly one tractor
        ("7S7S 7H7H 7C7C", False),
    ],
)
def test_tractor_more_cases_at_7c(cards: str, expected: bool) -> None:
    assert is_tractor(cards, SEVEN_CLUBS) is expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("5H5H5H4H4H4H", True),
        ("5H5H5H4H4H4H3H3H3H", True),
        ("5H5H5H4H4H", False),
        ("8H8H8H6H6H6H", True),
        ("7C7C7C7H7H7H", True),
        ("7S7S7S7H7H7H", False),
        ("AC AC AC 7H 7H 7H", True),
    ],
)
def test_tractor_of_triples_with_three_decks(cards: str, expected: bool) -> None:
    assert is_tractor(cards, SEVEN_CLUBS, THREE_DECKS) is expected


# -- §4 tuples: what is a pair and what is not -----------------------------------------------


@pytest.mark.parametrize("cards", ["AS AS", "7S 7S", "7C 7C", "BJ BJ", "SJ SJ", "10H 10H", "2D 2D"])
def test_pair_is_two_identical_cards(cards: str) -> None:
    f = lead_format(cards, SEVEN_CLUBS)
    assert f.kind == "pair"
    (u,) = f.units
    assert (u.width, u.length) == (2, 1)
    assert bag(u.cards) == bag(cards)


@pytest.mark.parametrize("cards", ["7S 7H", "SJ BJ", "7D 7C"])
def test_pair_not_equal_trumps(cards: str) -> None:
    """7S+7H are equal in order but of different suits; SJ+BJ are different jokers."""
    f = lead_format(cards, SEVEN_CLUBS)
    assert f.kind == "throw"
    assert shapes(f.units) == [(1, 1), (1, 1)]
    # two singles never beat a pair, whatever their rank
    assert trick_winner(["8H 8H", cards], SEVEN_CLUBS) == 0
    assert kitty_multiplier(cards, SEVEN_CLUBS) == 2


def test_pair_not_at_no_trump_either() -> None:
    f = lead_format("7S 7H", Trump("7", None))
    assert f.kind == "throw"
    assert shapes(f.units) == [(1, 1), (1, 1)]


def test_pair_not_queens_of_two_suits() -> None:
    """QS+QD are not a pair: at 7♣ they are not even one suit, so they cannot be led together."""
    with pytest.raises(IllegalLeadError):
        lead_format("QS QD", SEVEN_CLUBS)
    assert is_tractor("QS QS QD QD", SEVEN_CLUBS) is False


# -- §5 lead parsing ---------------------------------------------------------------------------


def test_lead_triple_and_pair_with_three_decks() -> None:
    f = lead_format("5H5H5H4H4H", SEVEN_CLUBS, THREE_DECKS)
    assert f.kind == "throw"
    assert shapes(f.units) == [(1, 3), (1, 2)]
    assert bag(f.units[0].cards) == bag("5H 5H 5H")
    assert bag(f.units[1].cards) == bag("4H 4H")


def test_lead_three_pair_tractor_plus_pair_at_7c() -> None:
    f = lead_format("ACAC 7H7H 7S7S 7C7C", SEVEN_CLUBS)
    assert f.kind == "throw"
    assert f.suit == "trump"
    assert shapes(f.units) == [(3, 2), (1, 2)]
    tractor, pair = f.units
    assert tractor.top == SEVEN_CLUBS.key(Card("7", "C"))
    assert bag(tractor.cards) in (bag("AC AC 7H 7H 7C 7C"), bag("AC AC 7S 7S 7C 7C"))
    assert bag(pair.cards) in (bag("7H 7H"), bag("7S 7S"))
    assert bag(tractor.cards) + bag(pair.cards) == bag("ACAC 7H7H 7S7S 7C7C")


@pytest.mark.parametrize(
    ("cards", "rules", "expected"),
    [
        # identical cards form the widest tuple first
        ("AH AH AH", THREE_DECKS, [(1, 3)]),
        ("AH AH AH KH", THREE_DECKS, [(1, 3), (1, 1)]),
        # tuples join into tractors, longest first
        ("9H9H8H8H 5H5H4H4H3H3H", None, [(3, 2), (2, 2)]),
        ("AH 2H2H 5H5H4H4H", None, [(2, 2), (1, 2), (1, 1)]),
        ("AH 3H3H 5H5H4H4H", None, [(3, 2), (1, 1)]),
        ("2H 3H3H 9H9H9H", THREE_DECKS, [(1, 3), (1, 2), (1, 1)]),
        ("5H5H5H 4H4H4H 3H3H", THREE_DECKS, [(2, 3), (1, 2)]),
        # widths do not mix inside a tractor
        ("6H6H6H 5H5H", THREE_DECKS, [(1, 3), (1, 2)]),
        # the seed's throws
        ("KD QD", None, [(1, 1), (1, 1)]),
        ("KD QDQD 10D10D", None, [(1, 2), (1, 2), (1, 1)]),
        ("KD QDQD JDJD", None, [(2, 2), (1, 1)]),
        ("AD KDKD", None, [(1, 2), (1, 1)]),
        # off-suit rank pairs are equal, so never consecutive; one joins the chain
        ("7S7S 7H7H 7D7D ACAC", None, [(2, 2), (1, 2), (1, 2)]),
    ],
)
def test_lead_units(cards: str, rules: RuleSet | None, expected: list[tuple[int, int]]) -> None:
    f = lead_format(cards, SEVEN_CLUBS, rules)
    assert shapes(f.units) == expected
    assert sum(bag(u.cards).total() for u in f.units) == len(parse_cards(cards))
    assert sum((bag(u.cards) for u in f.units), Counter()) == bag(cards)


@pytest.mark.parametrize(
    ("cards", "first_cards"),
    [
        # two pairs: the higher first
        ("3H3H KHKH", "KH KH"),
        ("KH 3H3H", "3H 3H"),
        # the tractor before any tuple, the longer tractor before the shorter
        ("AHAH 4H4H3H3H", "4H4H3H3H"),
        ("QHQHJHJH 5H5H4H4H3H3H", "5H5H4H4H3H3H"),
        # among singles, the highest
        ("2S AS 9S", "AS"),
    ],
)
def test_lead_units_largest_first(cards: str, first_cards: str) -> None:
    f = lead_format(cards, SEVEN_CLUBS)
    assert bag(f.units[0].cards) == bag(first_cards)


def test_lead_units_largest_first_prefers_more_tuples_over_width() -> None:
    f = lead_format("KHKHKH QHQHQH 5H5H4H4H3H3H", SEVEN_CLUBS, THREE_DECKS)
    assert shapes(f.units) == [(3, 2), (2, 3)]


# -- Format.kind and Unit fields ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "rules", "kind"),
    [
        ("AS", None, "single"),
        ("BJ", None, "single"),
        ("AS AS", None, "pair"),
        ("7H 7H", None, "pair"),
        ("AS AS AS", THREE_DECKS, "tuple"),
        ("5H5H4H4H", None, "tractor"),
        ("7C7C7H7HACAC", None, "tractor"),
        ("5H5H5H4H4H4H", THREE_DECKS, "tractor"),
        ("AS KS", None, "throw"),
        ("AS KS KS", None, "throw"),
        ("5H5H4H4H 2H", None, "throw"),
        ("5H5H5H4H4H", THREE_DECKS, "throw"),
    ],
)
def test_format_kind(cards: str, rules: RuleSet | None, kind: str) -> None:
    assert lead_format(cards, SEVEN_CLUBS, rules).kind == kind


@pytest.mark.parametrize(
    ("cards", "rules", "width", "length"),
    [
        ("AS", None, 1, 1),
        ("AS AS", None, 2, 1),
        ("AS AS AS", THREE_DECKS, 3, 1),
        ("5H5H4H4H", None, 2, 2),
        ("JSJS10S10S9S9S8S8S", None, 2, 4),
        ("5H5H5H4H4H4H", THREE_DECKS, 3, 2),
    ],
)
def test_unit_width_length_cards(cards: str, rules: RuleSet | None, width: int, length: int) -> None:
    (u,) = lead_format(cards, SEVEN_CLUBS, rules).units
    assert u.width == width
    assert u.length == length
    assert len(u.cards) == width * length
    assert bag(u.cards) == bag(cards)
    assert all(isinstance(c, Card) for c in u.cards)


@pytest.mark.parametrize(
    ("cards", "top"),
    [("5H5H4H4H", "5H"), ("8H8H6H6H", "8H"), ("BJBJSJSJ7C7C", "BJ"), ("7C7C7H7HACAC", "7C"), ("QS", "QS")],
)
def test_unit_top_is_its_highest_tuple(cards: str, top: str) -> None:
    (u,) = lead_format(cards, SEVEN_CLUBS).units
    assert u.top == SEVEN_CLUBS.key(Card.parse(top))


def test_format_describe_names_shape_and_suit() -> None:
    text = lead_format("8D 8D", SEVEN_CLUBS).describe()
    assert "pair" in text
    assert "diamond" in text
    assert "tractor" in lead_format("5H5H4H4H", SEVEN_CLUBS).describe()


# -- §5 illegal leads ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump"),
    [
        ("9S9S8H8H", SEVEN_CLUBS),
        ("2C2C ASAS", SEVEN_CLUBS),
        ("AH 7H 8H", SEVEN_CLUBS),  # 7H is trump, the others hearts
        ("AC 2D", SEVEN_CLUBS),
        ("AC AC 7C 7C", Trump("7", None)),  # at no-trump AC is a plain club
        ("BJ AS", Trump("7", None)),
    ],
)
def test_lead_mixed_suits_is_illegal(cards: str, trump: Trump) -> None:
    with pytest.raises(IllegalLeadError) as e:
        lead_format(cards, trump)
    assert isinstance(e.value, ValueError)
    assert "suit" in str(e.value).lower()


def test_lead_errors_are_value_errors() -> None:
    assert issubclass(IllegalLeadError, ValueError)


@pytest.mark.parametrize(
    ("cards", "suit"),
    [("7S 7S", "trump"), ("BJ", "trump"), ("AC KC", "trump"), ("AH KH", "H"), ("8D8D", "D")],
)
def test_lead_effective_suit(cards: str, suit: str) -> None:
    f = lead_format(cards, SEVEN_CLUBS)
    assert f.suit == suit
    assert {u.suit for u in f.units} == {suit}
