"""Cards and notation (API.md "Notation"; RULES §1 deck, §2 point cards)."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter

import pytest

from shengji_tutor import Card, CardParseError, deck, parse_cards, points

ALL_TOKENS = [r + s for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + [
    "SJ",
    "BJ",
]


def tokens(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text)]


# -- reading ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # separators: spaces, commas, both, runs of them
        ("AS KH QD JC", ["AS", "KH", "QD", "JC"]),
        ("AS,KH,QD", ["AS", "KH", "QD"]),
        ("AS, KH ,QD ,  JC", ["AS", "KH", "QD", "JC"]),
        ("  AS \t KH\n", ["AS", "KH"]),
        # tokens written together
        ("5H5H4H4H", ["5H", "5H", "4H", "4H"]),
        ("10H10H8H8H", ["10H", "10H", "8H", "8H"]),
        ("BJBJSJSJ7C7C", ["BJ", "BJ", "SJ", "SJ", "7C", "7C"]),
        ("JSJS10S10S9S9S8S8S", ["JS", "JS", "10S", "10S", "9S", "9S", "8S", "8S"]),
        ("ACAC 7H7H, 7S7S 7C7C", ["AC", "AC", "7H", "7H", "7S", "7S", "7C", "7C"]),
        # unicode suits
        ("A♠ K♥ Q♦ J♣", ["AS", "KH", "QD", "JC"]),
        ("7♣7♣", ["7C", "7C"]),
        ("10♥ T♥", ["10H", "10H"]),
        # T for 10
        ("TS TH TD TC", ["10S", "10H", "10D", "10C"]),
        # case-insensitive
        ("as kh qd jc", ["AS", "KH", "QD", "JC"]),
        ("th Th tH 10h", ["10H", "10H", "10H", "10H"]),
        ("sj bj Sj bJ", ["SJ", "BJ", "SJ", "BJ"]),
        ("5h5H4h4H", ["5H", "5H", "4H", "4H"]),
    ],
)
def test_notation_reads(text: str, expected: list[str]) -> None:
    assert tokens(text) == expected


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_notation_str_is_canonical_and_round_trips(token: str) -> None:
    (card,) = parse_cards(token)
    assert str(card) == token
    assert parse_cards(str(card)) == [card]
    assert parse_cards(token.lower()) == [card]


def test_notation_canonical_forms() -> None:
    assert str(Card("10", "H")) == "10H"
    assert str(Card("T", "H")) == "10H"
    assert str(Card("A", "S")) == "AS"
    assert str(Card("BJ")) == "BJ"
    assert str(Card("SJ")) == "SJ"
    assert str(parse_cards("t♥")[0]) == "10H"


def test_notation_whole_deck_round_trips_as_text() -> None:
    cards = deck(2)
    text = " ".join(str(c) for c in cards)
    assert parse_cards(text) == cards
    assert parse_cards("".join(str(c) for c in cards)) == cards


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_repr_evaluates_back(token: str) -> None:
    (card,) = parse_cards(token)
    again = eval(repr(card), {"Card": Card})
    assert again == card
    assert again is card  # interned


# -- value semantics ----------------------------------------------------------------


def test_card_interning() -> None:
    assert Card("10", "H") is Card("T", "h")
    assert Card("10", "H") is parse_cards("10H")[0]
    assert parse_cards("AS AS")[0] is parse_cards("AS AS")[1]
    assert Card("bj") is Card("BJ")


def test_card_equality_and_hash() -> None:
    a, b, c = parse_cards("AS AS AH")
    assert a == b
    assert hash(a) == hash(b)
    assert a != c
    assert Card("SJ") != Card("BJ")
    assert len({a, b, c}) == 2
    assert Counter(parse_cards("AS AS AH"))[Card("A", "S")] == 2
    assert {Card("7", "C"): "dominant"}[parse_cards("7♣")[0]] == "dominant"


def test_card_is_immutable() -> None:
    card = Card("A", "S")
    with pytest.raises(AttributeError):
        card.rank = "K"
    with pytest.raises(AttributeError):
        card.suit = "H"
    with pytest.raises(AttributeError):
        del card.rank
    assert str(card) == "AS"


def test_card_has_no_order() -> None:
    """STYLE: order depends on the trump, so it goes through ``Trump.key``, never ``<``."""
    with pytest.raises(TypeError):
        _ = Card("A", "S") < Card("K", "S")  # type: ignore[operator]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_card_pickles(protocol: int) -> None:
    cards = parse_cards("AS 10H BJ SJ 2C")
    again = pickle.loads(pickle.dumps(cards, protocol=protocol))
    assert again == cards
    assert all(x is y for x, y in zip(again, cards, strict=True))


def test_card_copies_are_the_same_card() -> None:
    card = Card("Q", "D")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bad", "position"),
    [
        ("AS 1H", "1H", 2),
        ("1H", "1H", 1),
        ("AS KH ZZ", "ZZ", 3),
        ("AS,KH,QX", "QX", 3),
        ("AS 10", "10", 2),
        ("A", "A", 1),
        ("AS 11S", "11S", 2),
        ("5H5H 4X", "4X", 3),
        ("5H5H4X", "4X", 3),
        ("AS KH QD JC 10C 9C 8C 7C 6C 5C XX", "XX", 11),
    ],
)
def test_parse_error_names_token_and_position(text: str, bad: str, position: int) -> None:
    with pytest.raises(CardParseError) as e:
        parse_cards(text)
    message = str(e.value)
    assert bad in message
    assert re.search(rf"\b{position}\b", message.replace(bad, " ")), message
    assert e.value.position == position


def test_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)
    with pytest.raises(ValueError, match="1H"):
        parse_cards("AS 1H")


@pytest.mark.parametrize(
    ("rank", "suit"),
    [("1", "H"), ("A", "X"), ("A", None), ("BJ", "H"), ("11", "S"), ("", "S")],
)
def test_card_constructor_rejects_bad_cards(rank: str, suit: str | None) -> None:
    with pytest.raises(CardParseError):
        Card(rank, suit)


# -- points (RULES §2) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "value"),
    [
        *[(f"5{s}", 5) for s in "SHDC"],
        *[(f"10{s}", 10) for s in "SHDC"],
        *[(f"K{s}", 10) for s in "SHDC"],
        *[(f"A{s}", 0) for s in "SHDC"],
        *[(f"{r}{s}", 0) for r in ("2", "3", "4", "6", "7", "8", "9", "J", "Q") for s in "SC"],
        ("SJ", 0),
        ("BJ", 0),
        ("T♥", 10),
    ],
)
def test_points_per_card(token: str, value: int) -> None:
    assert points(token) == value
    assert points(parse_cards(token)) == value


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("5H 10S KD 2C", 25),
        ("", 0),
        ("AS BJ SJ QH JH", 0),
        ("5H5H 10D10D KC KC", 50),
    ],
)
def test_points_of_a_card_list(cards: str, value: int) -> None:
    assert points(cards) == value
    assert points(parse_cards(cards)) == value


@pytest.mark.parametrize(("decks", "total"), [(1, 100), (2, 200), (3, 300)])
def test_points_per_deck(decks: int, total: int) -> None:
    assert points(deck(decks)) == total


# -- deck (RULES §1) ------------------------------------------------------------------


@pytest.mark.parametrize(("decks", "size"), [(1, 54), (2, 108), (3, 162)])
def test_deck_holds_each_card_once_per_pack(decks: int, size: int) -> None:
    cards = deck(decks)
    assert len(cards) == size
    counts = Counter(str(c) for c in cards)
    assert set(counts) == set(ALL_TOKENS)
    assert set(counts.values()) == {decks}


def test_deck_default_is_two_packs() -> None:
    cards = deck()
    assert len(cards) == 108
    assert points(cards) == 200
    assert Counter(cards)[Card("BJ")] == 2
    assert Counter(cards)[Card("SJ")] == 2
