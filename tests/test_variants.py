"""The optional rules of RULES §10–§11 as ``RuleSet`` switches: what each accepts, refuses and does.

Each rule's test is named after it and quotes RULES' wording; the defaults are
checked to be the house rules, so every switch is off unless asked for.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import pytest

from shengji_tutor import Round, RuleSet, RuleSetError, Trump

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
