"""Bad input (RULES §9a, API.md): every public function rejects it with a ``ValueError`` subclass.

Malformed cards, mixed-suit leads, plays of the wrong length, cards not in the hand,
impossible card counts and arguments of the wrong type must all end in an error a
learner can read, never in a ``TypeError``, ``KeyError``, ``IndexError`` or
``AttributeError`` from deep inside the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from shengji_tutor import (
    Card,
    CardParseError,
    IllegalLeadError,
    ImpossibleCardsError,
    InvalidTrumpError,
    RuleSet,
    RuleSetError,
    ShengjiError,
    Trump,
    as_cards,
    check_throw,
    deck,
    explain_trick,
    format_cards,
    is_tractor,
    kitty_bonus,
    kitty_multiplier,
    lead_format,
    legal_follow,
    level_change,
    next_dealer,
    parse_cards,
    points,
    trick_winner,
)

T = Trump("7", "C")
HAND = "AS KS 3S 4H"
ONE_DECK = RuleSet(decks=1)
THREE_DECKS = RuleSet(decks=3)
HOLD = level_change(30)
UNRELATED = (TypeError, KeyError, IndexError, AttributeError)

Call = Callable[[], object]


def wrong(value: object) -> Any:
    """A value of the wrong type, passed on purpose (typed ``Any`` for the type checker)."""
    return value


def case(
    name: str,
    call: Call,
    *patterns: str,
    error: type[Exception] = ValueError,
) -> Any:
    """One row of a table: ``call()`` must raise ``error`` whose message matches every pattern."""
    return pytest.param(call, error, patterns, id=name)


def check(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    """``call()`` raises ``error`` (a ValueError subclass) and its message matches every pattern."""
    assert issubclass(error, ValueError)
    try:
        with pytest.raises(error) as e:
            call()
    except UNRELATED as unrelated:
        pytest.fail(f"unrelated {type(unrelated).__name__} instead of a ValueError subclass: {unrelated}")
    message = str(e.value)
    assert message.strip(), "the error needs a message"
    for pattern in patterns:
        assert re.search(pattern, message, re.IGNORECASE), f"{pattern!r} not in {message!r}"


# -- malformed cards -------------------------------------------------------------------------

MALFORMED = [
    case("parse_cards", lambda: parse_cards("AS 1H"), "1H", error=CardParseError),
    case("parse_cards-concatenated", lambda: parse_cards("5H5H4X"), "4X", error=CardParseError),
    case("parse_cards-joker-with-suit", lambda: parse_cards("BJH"), "H", error=CardParseError),
    case("points", lambda: points("5H 1H"), "1H", error=CardParseError),
    case("lead_format", lambda: lead_format("AS 1H", T), "1H", error=CardParseError),
    case("is_tractor", lambda: is_tractor("AS AS 1S 1S", T), "1S", error=CardParseError),
    case("legal_follow-hand", lambda: legal_follow("AS 1H", "QS", "AS", T), "1H", error=CardParseError),
    case("legal_follow-lead", lambda: legal_follow(HAND, "QX", "KS", T), "QX", error=CardParseError),
    case("legal_follow-play", lambda: legal_follow(HAND, "QS", "KX", T), "KX", error=CardParseError),
    case("trick_winner-lead", lambda: trick_winner(["QX", "AS"], T), "QX", error=CardParseError),
    case("trick_winner-follower", lambda: trick_winner(["QS", "1H"], T), "1H", error=CardParseError),
    case("explain_trick", lambda: explain_trick(["QS", "KS", "ZZ"], T), "ZZ", error=CardParseError),
    case("check_throw-lead", lambda: check_throw("AS 1S", ["KS"], T), "1S", error=CardParseError),
    case("check_throw-other-hand", lambda: check_throw("AS KS", ["2S", "QS 1H"], T), "1H", error=CardParseError),
    case("kitty_multiplier", lambda: kitty_multiplier("1H 1H", T), "1H", error=CardParseError),
    case("kitty_bonus-kitty", lambda: kitty_bonus("5H 1H", "AS", T), "1H", error=CardParseError),
    case("kitty_bonus-play", lambda: kitty_bonus("5H", "1H", T), "1H", error=CardParseError),
    case("Card", lambda: Card("1", "H"), "1", error=CardParseError),
    case("Card-joker-with-suit", lambda: Card("BJ", "H"), "joker|suit", error=CardParseError),
    case("Card.parse-two-cards", lambda: Card.parse("AS KS"), "AS KS|2|two", error=CardParseError),
    case("as_cards-list-item", lambda: as_cards(["AS", "1H"]), "1H", error=CardParseError),
]


@pytest.mark.parametrize(("call", "error", "patterns"), MALFORMED)
def test_bad_input_malformed_cards(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: lead_format(["AS", "1H"], T), id="lead_format"),
        pytest.param(lambda: points(["5H", "1H"]), id="points"),
        pytest.param(lambda: trick_winner([["QS", "QS"], ["KS", "1H"]], T), id="trick_winner"),
    ],
)
def test_bad_input_malformed_card_in_a_list_names_its_position(call: Call) -> None:
    """API: CardParseError names the bad token and its position; in ``["AS", "1H"]`` that is 2."""
    with pytest.raises(CardParseError) as e:
        call()
    assert "1H" in str(e.value)
    assert e.value.position == 2
    assert re.search(r"\b2\b", str(e.value).replace("1H", " ")), str(e.value)


# -- mixed-suit and empty leads (RULES §5) -----------------------------------------------------

MIXED = [
    case("lead_format", lambda: lead_format("9S9S8H8H", T), "suit", error=IllegalLeadError),
    case("lead_format-rank-card", lambda: lead_format("2C2C ASAS", T), "suit|trump", error=IllegalLeadError),
    case(
        "legal_follow",
        lambda: legal_follow("4H 3S 2S 2D", "9S9S8H8H", "4H 3S 2S 2D", T),
        "suit",
        error=IllegalLeadError,
    ),
    case("trick_winner", lambda: trick_winner(["9S9S8H8H", "2D2D3D3D"], T), "suit", error=IllegalLeadError),
    case("explain_trick", lambda: explain_trick(["2C2C ASAS", "2D2D3D3D"], T), "suit", error=IllegalLeadError),
    case("check_throw", lambda: check_throw("2C2C ASAS", ["3D"], T), "suit", error=IllegalLeadError),
    case("kitty_multiplier", lambda: kitty_multiplier("9S9S8H8H", T), "suit", error=IllegalLeadError),
    case("kitty_bonus", lambda: kitty_bonus("5H", "9S9S8H8H", T), "suit", error=IllegalLeadError),
    # an empty lead is no lead at all
    case("lead_format-empty", lambda: lead_format("", T), "card|empty"),
    case("legal_follow-empty-lead", lambda: legal_follow("AS", "", "", T), "card|empty"),
    case("trick_winner-empty-lead", lambda: trick_winner(["", ""], T), "card|empty"),
    case("trick_winner-no-plays", lambda: trick_winner([], T), "lead|play|empty"),
    case("check_throw-empty", lambda: check_throw("", ["AS"], T), "card|empty"),
    case("kitty_multiplier-empty", lambda: kitty_multiplier("", T), "card|empty"),
]


@pytest.mark.parametrize(("call", "error", "patterns"), MIXED)
def test_bad_input_mixed_suit_lead(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


def test_bad_input_mixed_suits_are_simply_not_a_tractor() -> None:
    """``is_tractor`` answers a question: mixed suits are no tractor, not an error."""
    assert is_tractor("9S9S8H8H", T) is False
    assert is_tractor("7H7H6H6H", T) is False


# -- plays of the wrong length (RULES §6: exactly as many cards as were led) -------------------

WRONG_LENGTH = [
    case("legal_follow-short", lambda: legal_follow("AS KS 3S", "QS QS", "KS", T), r"\b2\b", r"\b1\b"),
    case("legal_follow-long", lambda: legal_follow("AS KS 3S", "QS", "AS KS", T), r"\b1\b", r"\b2\b"),
    case("legal_follow-empty", lambda: legal_follow("AS KS 3S", "QS", "", T), r"\b1\b", r"\b0\b"),
    case("trick_winner-short", lambda: trick_winner(["QS QS", "KS"], T), r"\b2\b", r"\b1\b"),
    case("trick_winner-long", lambda: trick_winner(["QS", "KS AS"], T), r"\b1\b", r"\b2\b"),
    case("trick_winner-empty-follow", lambda: trick_winner(["QS", ""], T), r"\b1\b", r"\b0\b"),
    case("explain_trick", lambda: explain_trick(["QS QS", "AS KS", "3S"], T), r"\b2\b", r"\b1\b"),
    case("trick_winner-too-many-plays", lambda: trick_winner(["AS", "KS", "QS", "JS", "10S"], T), r"\b5\b|\b4\b"),
    case(
        "check_throw-too-many-hands",
        lambda: check_throw("AS KS", ["2S", "3S", "4S", "5S"], T),
        r"\b4\b|\b3\b",
    ),
    case("explain_trick-too-few-names", lambda: explain_trick(["QS", "KS"], T, names=["West"]), "name"),
]


@pytest.mark.parametrize(("call", "error", "patterns"), WRONG_LENGTH)
def test_bad_input_wrong_length(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


# -- cards not in the hand ---------------------------------------------------------------------

NOT_IN_HAND = [
    case("legal_follow", lambda: legal_follow("AS KS 3S", "QS", "JS", T), "JS|J♠", "hand"),
    case("legal_follow-second-copy", lambda: legal_follow("AS KS 3S", "QS QS", "KS KS", T), "KS|K♠", "hand"),
    case("legal_follow-empty-hand", lambda: legal_follow("", "QS", "JS", T), "JS|J♠", "hand"),
    case(
        "legal_follow-card-lists",
        lambda: legal_follow(parse_cards("AS KS"), parse_cards("QS"), parse_cards("2H"), T),
        "2H|2♥",
        "hand",
    ),
]


@pytest.mark.parametrize(("call", "error", "patterns"), NOT_IN_HAND)
def test_bad_input_cards_not_in_hand(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


# -- impossible card counts (RULES §9a) --------------------------------------------------------

AS3 = (r"AS|A♠", r"\b3\b")

IMPOSSIBLE = [
    case("lead_format", lambda: lead_format("AS AS AS", T), *AS3, error=ImpossibleCardsError),
    case("is_tractor", lambda: is_tractor("AS AS AS KS KS", T), *AS3, error=ImpossibleCardsError),
    case("kitty_multiplier", lambda: kitty_multiplier("AS AS AS", T), *AS3, error=ImpossibleCardsError),
    case("legal_follow-hand-and-lead", lambda: legal_follow("AS AS KS", "AS", "KS", T), *AS3),
    case("legal_follow-lead-and-hand", lambda: legal_follow("AS KS", "AS AS", "AS KS", T), *AS3),
    case("legal_follow-hand-alone", lambda: legal_follow("AS AS AS KS", "QS", "KS", T), *AS3),
    case("trick_winner", lambda: trick_winner(["AS", "AS", "AS"], T), *AS3),
    case("trick_winner-pairs", lambda: trick_winner(["AS AS", "AS KS"], T), *AS3),
    case("trick_winner-jokers", lambda: trick_winner(["BJ", "BJ", "2C", "BJ"], T), "BJ", r"\b3\b"),
    case("explain_trick", lambda: explain_trick(["AS", "KS", "AS", "AS"], T), *AS3),
    case("check_throw-throw-and-hands", lambda: check_throw("AS KS", ["AS 2S", "AS"], T), *AS3),
    case("check_throw-one-hand", lambda: check_throw("AS KS", ["AS AS"], T), *AS3),
    case("check_throw-hands-alone", lambda: check_throw("QS KS", ["3H 3H", "3H"], T), r"3H|3♥", r"\b3\b"),
    # one deck: two copies are already too many
    case("one-deck-lead_format", lambda: lead_format("AS AS", T, ONE_DECK), r"AS|A♠", r"\b2\b"),
    case("one-deck-legal_follow", lambda: legal_follow("AS KS", "AS", "KS", T, ONE_DECK), r"AS|A♠", r"\b2\b"),
    case("one-deck-trick_winner", lambda: trick_winner(["AS", "AS"], T, ONE_DECK), r"AS|A♠", r"\b2\b"),
    case("one-deck-check_throw", lambda: check_throw("AS KS", ["AS"], T, ONE_DECK), r"AS|A♠", r"\b2\b"),
    case("one-deck-kitty_multiplier", lambda: kitty_multiplier("BJ BJ", T, ONE_DECK), "BJ", r"\b2\b"),
    # three decks: four copies
    case("three-decks-trick_winner", lambda: trick_winner(["AS", "AS", "AS", "AS"], T, THREE_DECKS), "AS|A♠", r"\b4"),
    case("three-decks-lead_format", lambda: lead_format("AS AS AS AS", T, THREE_DECKS), "AS|A♠", r"\b4"),
    # functions without a RuleSet: two decks by default, never more than three
    case(
        "kitty_bonus-kitty-and-play",
        lambda: kitty_bonus("AS AS", "AS", T),
        *AS3,
    ),
    case(
        "kitty_bonus-kitty-alone",
        lambda: kitty_bonus("KS KS KS", "AS", T),
        r"KS|K♠",
        r"\b3\b",
    ),
    case(
        "points-four-copies",
        lambda: points("AS AS AS AS"),
        "AS|A♠",
        r"\b4\b",
    ),
]


@pytest.mark.parametrize(("call", "error", "patterns"), IMPOSSIBLE)
def test_bad_input_impossible_card_counts(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


def test_bad_input_possible_counts_are_accepted() -> None:
    """The limit is the number of decks: exactly that many copies is fine."""
    assert trick_winner(["AS", "AS"], T) == 0
    assert trick_winner(["AS", "AS", "AS", "KS"], T, THREE_DECKS) == 0
    assert bool(legal_follow("AS KS", "AS", "AS", T)) is True
    assert check_throw("AS KS", ["AS", "2S"], T).ok is False
    assert lead_format("AS AS AS", T, THREE_DECKS).kind == "tuple"
    assert is_tractor("AS AS KS KS", T) is True
    assert points(deck(3)) == 300


# -- arguments of the wrong type -----------------------------------------------------------------


def _wrong_card_lists() -> list[Any]:
    out = []
    values: tuple[tuple[str, Any], ...] = (("None", None), ("int", 5), ("ints", [1, 2]), ("None-item", ["AS", None]))
    for label, v in values:
        out += [
            case(f"parse_cards-{label}", partial(parse_cards, v)),
            case(f"points-{label}", partial(points, v)),
            case(f"as_cards-{label}", partial(as_cards, v)),
            case(f"lead_format-{label}", partial(lead_format, v, T)),
            case(f"is_tractor-{label}", partial(is_tractor, v, T)),
            case(f"legal_follow-hand-{label}", partial(legal_follow, v, "QS", "KS", T)),
            case(f"legal_follow-lead-{label}", partial(legal_follow, HAND, v, "KS", T)),
            case(f"legal_follow-play-{label}", partial(legal_follow, HAND, "QS", v, T)),
            case(f"trick_winner-play-{label}", partial(trick_winner, ["QS", v], T)),
            case(f"explain_trick-lead-{label}", partial(explain_trick, [v, "QS"], T)),
            case(f"check_throw-lead-{label}", partial(check_throw, v, ["2S"], T)),
            case(f"check_throw-hand-{label}", partial(check_throw, "AS KS", ["2S", v], T)),
            case(f"kitty_multiplier-{label}", partial(kitty_multiplier, v, T)),
            case(f"kitty_bonus-kitty-{label}", partial(kitty_bonus, v, "AS", T)),
            case(f"kitty_bonus-play-{label}", partial(kitty_bonus, "5H", v, T)),
        ]
    return out


WRONG_TYPES_CARDS = _wrong_card_lists()

_TRICK_LIST_BUG = "a list of plays that is None or an int raises TypeError (enumerate) instead of a ShengjiError"

WRONG_TYPES_LISTS = [
    case("trick_winner-None", lambda: trick_winner(wrong(None), T)),
    case("trick_winner-int", lambda: trick_winner(wrong(5), T)),
    case("trick_winner-ints", lambda: trick_winner(wrong([1, 2]), T)),
    case("trick_winner-str", lambda: trick_winner("QS KS", T), "list|play"),
    case("explain_trick-None", lambda: explain_trick(wrong(None), T)),
    case("explain_trick-int", lambda: explain_trick(wrong(5), T)),
    case(
        "explain_trick-names-int",
        lambda: explain_trick(["QS", "KS"], T, names=wrong(5)),
    ),
    case("check_throw-others-None", lambda: check_throw("AS KS", wrong(None), T)),
    case("check_throw-others-int", lambda: check_throw("AS KS", wrong(5), T)),
    case("check_throw-others-ints", lambda: check_throw("AS KS", wrong([1, 2]), T)),
    case("check_throw-others-str", lambda: check_throw("AS KS", "2S 3S", T), "hand|list"),
]


WRONG_TYPES_TRUMP_RULES = [
    *[
        case(f"{name}-trump-{label}", call)
        for label, bad in (("None", wrong(None)), ("int", wrong(7)))
        for name, call in (
            ("lead_format", partial(lead_format, "AS", bad)),
            ("is_tractor", partial(is_tractor, "AS AS KS KS", bad)),
            ("legal_follow", partial(legal_follow, HAND, "QS", "KS", bad)),
            ("trick_winner", partial(trick_winner, ["QS", "KS"], bad)),
            ("explain_trick", partial(explain_trick, ["QS", "KS"], bad)),
            ("check_throw", partial(check_throw, "AS KS", ["2S"], bad)),
            ("kitty_multiplier", partial(kitty_multiplier, "AS", bad)),
            ("kitty_bonus", partial(kitty_bonus, "5H", "AS", bad)),
        )
    ],
    *[
        case(f"{name}-rules-int", call)
        for name, call in (
            ("lead_format", lambda: lead_format("AS", T, wrong(3))),
            ("is_tractor", lambda: is_tractor("AS AS KS KS", T, wrong(3))),
            ("legal_follow", lambda: legal_follow(HAND, "QS", "KS", T, wrong(3))),
            ("trick_winner", lambda: trick_winner(["QS", "KS"], T, wrong(3))),
            ("explain_trick", lambda: explain_trick(["QS", "KS"], T, wrong(3))),
            ("check_throw", lambda: check_throw("AS KS", ["2S"], T, wrong(3))),
            ("kitty_multiplier", lambda: kitty_multiplier("AS", T, wrong(3))),
            ("level_change", lambda: level_change(40, wrong(3))),
            ("next_dealer", lambda: next_dealer(0, HOLD, wrong(3))),
        )
    ],
]

WRONG_TYPES_VALUES = [
    case("level_change-None", lambda: level_change(wrong(None)), "point"),
    case("level_change-str", lambda: level_change(wrong("40")), "point"),
    case("level_change-list", lambda: level_change(wrong([40])), "point"),
    case("Trump-rank-None", lambda: Trump(wrong(None), "C"), "rank", error=InvalidTrumpError),
    case("Trump-rank-int", lambda: Trump(wrong(7), "C"), "rank", error=InvalidTrumpError),
    case("Trump-rank-list", lambda: Trump(wrong(["7"]), "C"), "rank", error=InvalidTrumpError),
    case("Trump-suit-int", lambda: Trump("7", wrong(3)), "suit", error=InvalidTrumpError),
    case("Trump-suit-list", lambda: Trump("7", wrong(["C"])), "suit", error=InvalidTrumpError),
    case("RuleSet-decks-None", lambda: RuleSet(decks=wrong(None)), "decks", error=RuleSetError),
    case("RuleSet-decks-str", lambda: RuleSet(decks=wrong("2")), "decks", error=RuleSetError),
    case("RuleSet-decks-list", lambda: RuleSet(decks=wrong([2])), "decks", error=RuleSetError),
    case("RuleSet-decks-0", lambda: RuleSet(decks=0), "decks", error=RuleSetError),
    case("RuleSet-decks-4", lambda: RuleSet(decks=4), "decks", error=RuleSetError),
    case("RuleSet-players-None", lambda: RuleSet(players=wrong(None)), "players", error=RuleSetError),
    case("RuleSet-players-3", lambda: RuleSet(players=3), "players", error=RuleSetError),
    case("RuleSet-players-9", lambda: RuleSet(players=9), "players", error=RuleSetError),
    case("RuleSet-follow-None", lambda: RuleSet(follow=wrong(None)), "follow", error=RuleSetError),
    case("RuleSet-follow-int", lambda: RuleSet(follow=wrong(5)), "follow", error=RuleSetError),
    case("RuleSet-follow-typo", lambda: RuleSet(follow="protect"), "follow", error=RuleSetError),
    case("RuleSet-throw_evaluation", lambda: RuleSet(throw_evaluation="best"), "throw_evaluation", error=RuleSetError),
    case("RuleSet-throw_evaluation-list", lambda: RuleSet(throw_evaluation=wrong([1])), "throw", error=RuleSetError),
    case("RuleSet-kitty_multiplier", lambda: RuleSet(kitty_multiplier="double"), "kitty", error=RuleSetError),
    case("RuleSet-kitty_multiplier-None", lambda: RuleSet(kitty_multiplier=wrong(None)), "kitty", error=RuleSetError),
    case("RuleSet-throw_penalty-None", lambda: RuleSet(throw_penalty=wrong(None)), "penalty", error=RuleSetError),
    case("RuleSet-throw_penalty-negative", lambda: RuleSet(throw_penalty=-10), "penalty", error=RuleSetError),
    case("RuleSet-throw_penalty-str", lambda: RuleSet(throw_penalty=wrong("10")), "penalty", error=RuleSetError),
    case("Card-None", lambda: Card(wrong(None)), error=CardParseError),
    case("Card-int", lambda: Card(wrong(5), "H"), error=CardParseError),
    case("Card-suit-int", lambda: Card("A", wrong(5)), error=CardParseError),
    case("Card.parse-None", lambda: Card.parse(wrong(None)), error=CardParseError),
    case(
        "Card.from_id-out-of-range",
        lambda: Card.from_id(99),
    ),
    case(
        "Trump.is_trump-None",
        lambda: T.is_trump(wrong(None)),
    ),
    case(
        "Trump.suit_of-int",
        lambda: T.suit_of(wrong(5)),
    ),
    case(
        "Trump.key-list",
        lambda: T.key(wrong([1])),
    ),
    case("Trump.sorted-None", lambda: T.sorted(wrong(None))),
    case("next_dealer-dealer-None", lambda: next_dealer(wrong(None), HOLD), "dealer|seat"),
    case("next_dealer-dealer-str", lambda: next_dealer(wrong("0"), HOLD), "dealer|seat"),
    case("next_dealer-dealer-out-of-range", lambda: next_dealer(4, HOLD), "dealer|seat"),
    case("next_dealer-dealer-negative", lambda: next_dealer(-1, HOLD), "dealer|seat"),
    case(
        "next_dealer-change-None",
        lambda: next_dealer(0, wrong(None)),
    ),
    case(
        "next_dealer-change-str",
        lambda: next_dealer(0, wrong("declarers")),
    ),
    case(
        "deck-None",
        lambda: deck(wrong(None)),
    ),
    case(
        "deck-str",
        lambda: deck(wrong("2")),
    ),
    case(
        "format_cards-None",
        lambda: format_cards(wrong(None)),
    ),
    case(
        "format_cards-ints",
        lambda: format_cards(wrong([1])),
    ),
]


@pytest.mark.parametrize(("call", "error", "patterns"), WRONG_TYPES_CARDS)
def test_bad_input_wrong_type_cards(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


@pytest.mark.parametrize(("call", "error", "patterns"), WRONG_TYPES_LISTS)
def test_bad_input_wrong_type_lists(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


@pytest.mark.parametrize(("call", "error", "patterns"), WRONG_TYPES_TRUMP_RULES)
def test_bad_input_wrong_type_trump_or_rules(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


@pytest.mark.parametrize(("call", "error", "patterns"), WRONG_TYPES_VALUES)
def test_bad_input_wrong_type_values(call: Call, error: type[Exception], patterns: tuple[str, ...]) -> None:
    check(call, error, patterns)


def test_bad_input_errors_share_one_family() -> None:
    """errors.py: every engine error is a ShengjiError, itself a ValueError."""
    for error in (CardParseError, IllegalLeadError, ImpossibleCardsError, InvalidTrumpError, RuleSetError):
        assert issubclass(error, ShengjiError)
    assert issubclass(ShengjiError, ValueError)
