"""Trump and card order (RULES §3; the trump chain of §4)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from shengji_tutor import Card, InvalidTrumpError, Trump, is_tractor, parse_cards

SEVEN_CLUBS = Trump("7", "C")


def card(token: str) -> Card:
    (c,) = parse_cards(token)
    return c


def assert_order(trump: Trump, groups: list[list[str]]) -> None:
    """``groups`` are high to low; cards inside a group are equal, groups strictly decrease."""
    keys = [[trump.key(card(t)) for t in group] for group in groups]
    for group, ks in zip(groups, keys, strict=True):
        assert len(set(ks)) == 1, f"{group} should be equal"
    tops = [ks[0] for ks in keys]
    for (hi, lo), (khi, klo) in zip(pairwise(groups), pairwise(tops), strict=True):
        assert khi > klo, f"{hi} should rank above {lo}"
    suits = {trump.suit_of(card(t)) for group in groups for t in group}
    assert len(suits) == 1, "one effective suit"


# -- the printed example: 7♣ dominant ----------------------------------------------------

TRUMP_AT_7C = [["BJ"], ["SJ"], ["7C"], ["7S", "7H", "7D"]] + [
    [r + "C"] for r in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")
]
HEARTS_AT_7C = [[r + "H"] for r in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")]


def test_trump_order_printed_example_trumps() -> None:
    assert_order(SEVEN_CLUBS, TRUMP_AT_7C)
    for group in TRUMP_AT_7C:
        for t in group:
            assert SEVEN_CLUBS.is_trump(card(t)), t
            assert SEVEN_CLUBS.suit_of(card(t)) == "trump", t


def test_trump_order_printed_example_hearts() -> None:
    assert_order(SEVEN_CLUBS, HEARTS_AT_7C)
    for group in HEARTS_AT_7C:
        for t in group:
            assert not SEVEN_CLUBS.is_trump(card(t)), t
            assert SEVEN_CLUBS.suit_of(card(t)) == "H", t
    assert SEVEN_CLUBS.suit_of(card("7H")) == "trump"


@pytest.mark.parametrize("suit", ["S", "D"])
def test_trump_order_other_plain_suits_at_7c(suit: str) -> None:
    groups = [[r + suit] for r in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")]
    assert_order(SEVEN_CLUBS, groups)
    assert {SEVEN_CLUBS.suit_of(card(g[0])) for g in groups} == {suit}


def test_trump_sorted_follows_the_order() -> None:
    everything = [t for group in TRUMP_AT_7C for t in group]
    shuffled = list(reversed(everything))
    got = [str(c) for c in SEVEN_CLUBS.sorted(" ".join(shuffled))]
    assert got[:3] == ["BJ", "SJ", "7C"]
    assert sorted(got[3:6]) == ["7D", "7H", "7S"]
    assert got[6:] == [g[0] for g in TRUMP_AT_7C[4:]]
    # trump first, plain suits after, every suit high to low
    mixed = SEVEN_CLUBS.sorted("2H 7H BJ AC 7C 3S AH")
    assert [SEVEN_CLUBS.suit_of(c) for c in mixed][:4] == ["trump"] * 4
    assert [str(c) for c in mixed][:4] == ["BJ", "7C", "7H", "AC"]
    assert [str(c) for c in mixed if c.suit == "H" and c.rank != "7"] == ["AH", "2H"]


# -- equal cards -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "equal"),
    [
        (Trump("7", "C"), ["7S", "7H", "7D"]),
        (Trump("7", "S"), ["7H", "7D", "7C"]),
        (Trump("A", "H"), ["AS", "AD", "AC"]),
        (Trump("2", "D"), ["2S", "2H", "2C"]),
        (Trump("10", "S"), ["10H", "10D", "10C"]),
        (Trump("7", None), ["7S", "7H", "7D", "7C"]),
    ],
)
def test_trump_off_suit_rank_cards_are_equal(trump: Trump, equal: list[str]) -> None:
    keys = {trump.key(card(t)) for t in equal}
    assert len(keys) == 1
    assert all(trump.suit_of(card(t)) == "trump" for t in equal)


@pytest.mark.parametrize(
    ("trump", "high", "low"),
    [
        (Trump("7", "S"), "7S", "7H"),
        (Trump("A", "H"), "AH", "AS"),
        (Trump("2", "D"), "2D", "2C"),
        (Trump("10", "S"), "10S", "10C"),
    ],
)
def test_trump_on_suit_rank_card_above_off_suit(trump: Trump, high: str, low: str) -> None:
    assert trump.key(card(high)) > trump.key(card(low))
    assert trump.key(card("SJ")) > trump.key(card(high))


@pytest.mark.parametrize("suit", ["S", "H", "D", "C", None])
@pytest.mark.parametrize("rank", ["2", "7", "10", "A"])
def test_trump_jokers_always_top(rank: str, suit: str | None) -> None:
    t = Trump(rank, suit)
    bj, sj = card("BJ"), card("SJ")
    assert t.is_trump(bj)
    assert t.is_trump(sj)
    assert t.key(bj) > t.key(sj)
    others = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC")) if t.is_trump(c)]
    assert all(t.key(sj) > t.key(c) for c in others)


# -- no-trump (无主) -----------------------------------------------------------------------


def test_trump_no_trump_only_jokers_and_rank_cards() -> None:
    t = Trump("7", None)
    trumps = {str(c) for c in parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC") + " SJ BJ")}
    trumps = {x for x in trumps if t.is_trump(card(x))}
    assert trumps == {"7S", "7H", "7D", "7C", "SJ", "BJ"}
    assert_order(t, [["BJ"], ["SJ"], ["7S", "7H", "7D", "7C"]])


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_trump_no_trump_plain_suits(suit: str) -> None:
    t = Trump("7", None)
    groups = [[r + suit] for r in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")]
    assert_order(t, groups)
    assert t.suit_of(card("A" + suit)) == suit
    assert not t.is_trump(card("A" + suit))


# -- trump rank A and 2 --------------------------------------------------------------------


def test_trump_rank_ace_order() -> None:
    t = Trump("A", "S")
    assert_order(
        t,
        [["BJ"], ["SJ"], ["AS"], ["AH", "AD", "AC"]]
        + [[r + "S"] for r in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")],
    )
    # in the plain suits the king is the highest card
    assert_order(t, [[r + "H"] for r in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")])


def test_trump_rank_two_order() -> None:
    t = Trump("2", "H")
    assert_order(
        t,
        [["BJ"], ["SJ"], ["2H"], ["2S", "2D", "2C"]]
        + [[r + "H"] for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")],
    )
    assert_order(t, [[r + "C"] for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")])


@pytest.mark.parametrize(
    ("trump", "cards", "expected"),
    [
        # rank A: K of the trump suit is the highest non-rank card, then an off-suit A
        (Trump("A", "S"), "KS KS AH AH", True),
        (Trump("A", "S"), "AH AH AS AS", True),
        (Trump("A", "S"), "QS QS KS KS", True),
        (Trump("A", "S"), "KS KS AH AH AS AS SJ SJ BJ BJ", True),
        (Trump("A", "S"), "AH AH AD AD", False),
        (Trump("A", "S"), "KH KH QH QH", True),
        (Trump("A", "S"), "AS AS SJ SJ", True),
        # rank 2: A of the trump suit, then off-suit 2; 3 is the lowest card of every suit
        (Trump("2", "H"), "AH AH 2S 2S", True),
        (Trump("2", "H"), "2C 2C 2H 2H", True),
        (Trump("2", "H"), "4H 4H 3H 3H", True),
        (Trump("2", "H"), "4S 4S 3S 3S", True),
        (Trump("2", "H"), "3S 3S 2S 2S", False),
        (Trump("2", "H"), "AS AS KS KS", True),
        # no-trump: rank card (any suit) -> SJ -> BJ
        (Trump("7", None), "7S 7S SJ SJ", True),
        (Trump("7", None), "7C 7C SJ SJ BJ BJ", True),
        (Trump("7", None), "7S 7S 7H 7H", False),
        (Trump("7", None), "AC AC 7C 7C", False),
        (Trump("7", None), "8C 8C 6C 6C", True),
    ],
)
def test_trump_chain_tractors(trump: Trump, cards: str, expected: bool) -> None:
    assert is_tractor(cards, trump) is expected


# -- construction ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "same_as"),
    [
        (("T", "H"), ("10", "H")),
        (("10", "♥"), ("10", "H")),
        (("q", "s"), ("Q", "S")),
        (("7", "♣"), ("7", "C")),
    ],
)
def test_trump_accepts_notation_spellings(args: tuple[str, str], same_as: tuple[str, str]) -> None:
    a, b = Trump(*args), Trump(*same_as)
    for c in parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC") + " SJ BJ"):
        assert a.is_trump(c) == b.is_trump(c)
        assert a.suit_of(c) == b.suit_of(c)
        assert a.key(c) == b.key(c)


@pytest.mark.parametrize(
    ("rank", "suit", "fragment"),
    [
        ("1", "C", "'1'"),
        ("11", "C", "'11'"),
        ("BJ", "C", "BJ"),
        ("SJ", None, "SJ"),
        ("", "C", "rank"),
        ("7", "X", "'X'"),
        ("7", "", "suit"),
        ("7", "SJ", "SJ"),
        ("7", "clubs", "clubs"),
    ],
)
def test_trump_invalid_inputs(rank: str, suit: str | None, fragment: str) -> None:
    with pytest.raises(InvalidTrumpError) as e:
        Trump(rank, suit)
    assert isinstance(e.value, ValueError)
    assert fragment in str(e.value)
    word = "rank" if suit in ("C", None) else "suit"
    assert word in str(e.value)


def test_trump_describe_names_rank_and_suit() -> None:
    assert "7" in SEVEN_CLUBS.describe()
    assert "club" in SEVEN_CLUBS.describe()
    assert "no-trump" in Trump("7", None).describe()


def test_the_trump_in_words_uses_no_term_the_course_has_not_taught() -> None:
    """Lesson 2's headers come before lesson 3 teaches the trump order: no "(7♣ dominant)"."""
    assert Trump("7", "C").describe() == "rank 7, clubs are trump"
    assert "dominant" not in Trump("7", None).describe()


def test_a_ranks_cards_in_the_plural_read_as_words() -> None:
    """ "only jokers and As are trump" reads "as": the face ranks are said as aces, kings, queens, jacks."""
    assert "only jokers and aces are trump" in Trump("A", None).describe()
    assert "only jokers and 7s are trump" in Trump("7", None).describe()
