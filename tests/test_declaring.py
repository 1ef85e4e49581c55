"""RULES §10, declaring trump: one home for the rule (engine/declaring.py), asked by the round,
the bots and the declare puzzles."""

from __future__ import annotations

import pytest

from shengji_tutor import Card, Declaration, parse_cards
from shengji_tutor.engine.declaring import can_declare, judge_declaration, possible_declarations


def decl(seat: int, text: str) -> Declaration:
    return Declaration.of(seat, tuple(parse_cards(text)))


@pytest.mark.parametrize(
    ("cards", "current", "seat", "legal", "says"),
    [
        ("2H", None, 0, True, "hearts as the trump suit"),
        ("2H 2H", None, 0, True, "hearts"),
        ("SJ SJ", None, 0, True, "no-trump"),
        ("BJ", None, 0, False, "a joker declares no-trump only as a pair"),
        ("3H", None, 0, False, "only a card of the trump rank 2"),
        ("2H 2S", None, 0, False, "a pair of identical cards"),
        ("2H 2H 2H", None, 0, False, "a pair of identical cards"),
        ("2S 2S", decl(1, "2H"), 0, True, "spades"),
        ("2S", decl(1, "2H"), 0, False, "does not override West's 2♥"),
        ("SJ SJ", decl(1, "2H 2H"), 0, True, "no-trump"),
        ("SJ SJ", decl(1, "SJ SJ"), 0, False, "does not override"),
        ("BJ BJ", decl(1, "SJ SJ"), 0, True, "no-trump"),
        ("2H 2H", decl(0, "2H"), 0, True, "hearts"),  # reinforcing your own single
        ("2S 2S", decl(0, "2H"), 0, False, "reinforce your single into a pair of the same suit"),
        ("BJ BJ", decl(0, "2H"), 0, False, "you already hold the declaration"),
    ],
)
def test_judge_declaration_follows_rules_10(
    cards: str, current: Declaration | None, seat: int, legal: bool, says: str
) -> None:
    verdict = judge_declaration(cards, "2", current, seat)
    assert bool(verdict) is legal
    assert says in verdict.reason
    assert "RULES §10" in verdict.reason


def test_a_refused_declaration_still_says_what_it_would_declare() -> None:
    verdict = judge_declaration("2S", "2", decl(1, "2H 2H"), 0)
    assert not verdict
    assert verdict.declaration == Declaration(0, (Card("2", "S"),), "S", 1)


def test_the_rank_may_be_spelled_t_for_ten() -> None:
    assert judge_declaration("10H", "t")
    assert possible_declarations("10H 10H 9C", "T") == [(Card("10", "H"),), (Card("10", "H"), Card("10", "H"))]


def test_possible_declarations_are_exactly_those_judge_declaration_allows() -> None:
    hand = parse_cards("2H 2H 2S SJ SJ BJ 9C 9C")
    for current in (None, decl(1, "2D"), decl(1, "2D 2D"), decl(1, "SJ SJ"), decl(0, "2H")):
        options = possible_declarations(hand, "2", current, 0)
        candidates = [(c,) for c in set(hand)] + [(c, c) for c in set(hand)]
        allowed = {
            cards
            for cards in candidates
            if hand.count(cards[0]) >= len(cards) and judge_declaration(cards, "2", current, 0)
        }
        assert set(options) == allowed


@pytest.mark.parametrize(
    ("hand", "declared", "by_you", "can", "says"),
    [
        ("2H 5S", "", False, True, "Nobody has declared yet: you may declare with 2♥"),
        ("3H 5S", "", False, False, "you hold no 2 and no pair of jokers"),
        ("2S 2S 5S", "2H", False, True, "2♠ 2♠ overrides 2♥: a pair of rank cards beats a single rank card"),
        ("2S 5S", "2H", False, False, "only a pair of rank cards or a pair of jokers would"),
        ("BJ BJ", "SJ SJ", False, True, "a pair of big jokers beats a pair of small jokers"),
        ("SJ SJ", "BJ BJ", False, False, "a pair of big jokers is the strongest declaration"),
        ("2H 2H", "2H", True, True, "you may reinforce it into the pair 2♥ 2♥"),
        ("2S 2S", "2H", True, False, "you may only reinforce a single into a pair of the same suit"),
    ],
)
def test_can_declare_explains_the_strongest_option(
    hand: str, declared: str, by_you: bool, can: bool, says: str
) -> None:
    current = decl(1, declared) if declared else None
    verdict = can_declare(hand, "2", current, by_you=by_you)
    assert bool(verdict) is can
    assert says in verdict.reason, verdict.reason


def test_a_bad_rank_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="trump rank must be one of"):
        judge_declaration("2H", "1")
