"""Actions as values (``play.actions``): readable, JSON-able, and refused by name when unreadable."""

from __future__ import annotations

import json
from typing import Any

import pytest

from shengji_tutor import Card, CardParseError, ShengjiError, parse_cards
from shengji_tutor.play.actions import (
    DEAL_CARD,
    FINISH_DEAL,
    Action,
    Call,
    DealCard,
    Declare,
    Discard,
    FinishDeal,
    Play,
    action_from_dict,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


ACTIONS: list[tuple[Action, str, dict[str, Any]]] = [
    (DealCard(), "deal the next card", {"action": "deal"}),
    (Declare(3, cards("2D 2D")), "East declares with 2♦ 2♦", {"action": "declare", "seat": 3, "cards": "2D 2D"}),
    (FinishDeal(), "finish the deal", {"action": "finish-deal"}),
    (
        Discard(0, cards("3C 4C 6C 8C 9C 3S 4S 2H")),
        "North buries 3♣ 4♣ 6♣ 8♣ 9♣ 3♠ 4♠ 2♥",
        {"action": "discard", "seat": 0, "cards": "3C 4C 6C 8C 9C 3S 4S 2H"},
    ),
    (
        Call(1, ((Card("A", "H"), 2),)),
        "West calls the second A♥",
        {"action": "call", "seat": 1, "calls": [["AH", 2]]},
    ),
    (Play(2, cards("10H 10H")), "South plays 10♥ 10♥", {"action": "play", "seat": 2, "cards": "10H 10H"}),
    (Play(1, cards("BJ SJ")), "West plays BJ SJ", {"action": "play", "seat": 1, "cards": "BJ SJ"}),
]


@pytest.mark.parametrize(("action", "text", "data"), ACTIONS, ids=[type(a).__name__ for a, _, _ in ACTIONS])
def test_an_action_reads_as_a_sentence_and_round_trips_through_json(
    action: Action, text: str, data: dict[str, Any]
) -> None:
    assert str(action) == action.describe() == text
    assert action.to_dict() == data
    again = action_from_dict(json.loads(json.dumps(data)))
    assert again == action
    assert type(again) is type(action)
    assert eval(repr(action)) == action  # repr evaluates back


def test_seat_names_follow_the_number_of_players() -> None:
    assert Play(4, cards("AS")).describe(players=6) == "Seat 5 plays A♠"
    assert Call(0, ((Card("K", "D"), 1), (Card("A", "C"), 2))).describe(5) == "Seat 1 calls the first K♦, the second A♣"


def test_the_deal_and_finish_actions_are_plain_values() -> None:
    assert DealCard() == DEAL_CARD
    assert FinishDeal() == FINISH_DEAL
    assert DEAL_CARD != FINISH_DEAL
    assert Play(2, cards("AS")) != Discard(2, cards("AS")), "the kind of action is part of its value"
    assert len({DEAL_CARD, DealCard(), Play(2, cards("AS")), Play(2, cards("AS"))}) == 2
    with pytest.raises(AttributeError):
        Play(2, cards("AS")).seat = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"action": "shuffle"}, ShengjiError),
        ({}, ShengjiError),
        ({"action": "play", "seat": 2, "cards": "1H"}, CardParseError),
        ({"action": "call", "seat": 0, "calls": [["AH AH", 1]]}, CardParseError),
        ({"action": "play", "cards": "AS"}, KeyError),
    ],
)
def test_an_unreadable_action_is_refused(data: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        action_from_dict(data)
