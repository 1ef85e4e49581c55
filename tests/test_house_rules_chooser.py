"""The house-rules chooser (ui/house_rules.py): every control reads into a valid RuleSet; refusals keep the old one."""

from __future__ import annotations

import pytest

from shengji_tutor.engine.errors import RuleSetError
from shengji_tutor.engine.rules import RuleSet
from shengji_tutor.ui.house_rules import HouseRules


def test_the_chooser_starts_on_the_rules_given() -> None:
    rules = RuleSet(players=6, partnership="friends", decks=3, chao_dipi=True, red_five="5H", follow="protect-longer")
    chooser = HouseRules(rules)
    assert chooser.rules == rules
    assert (chooser.players.value, chooser.partnership.value, chooser.decks.value) == (6, "friends", 3)
    assert chooser.chao_dipi.value
    assert chooser.red_five.value == "5H"
    assert HouseRules().rules == RuleSet()


@pytest.mark.parametrize(
    ("control", "value", "field", "expected"),
    [
        ("decks", 3, "decks", 3),
        ("chao_dipi", True, "chao_dipi", True),
        ("hook_and_needle", True, "hook_and_needle", True),
        ("red_five", "5H+5D", "red_five", "5H+5D"),
        ("redeal", "no-points", "redeal", "no-points"),
        ("kitty_multiplier", "cards", "kitty_multiplier", "cards"),
        ("mandatory_levels", ("K", "5", "10"), "mandatory_levels", ("5", "10", "K")),
        ("partnership", "friends", "partnership", "friends"),
        ("players", 6, "players", 6),
    ],
)
def test_each_control_changes_its_rule_and_calls_back(
    control: str, value: object, field: str, expected: object
) -> None:
    chooser = HouseRules()
    seen: list[RuleSet] = []
    chooser.on_change(seen.append)
    getattr(chooser, control).value = value
    assert getattr(chooser.rules, field) == expected
    assert seen == [chooser.rules]
    assert chooser.error.value == ""


def test_chao_dipi_with_one_deck_is_refused_by_name_and_the_old_rules_stay() -> None:
    chooser = HouseRules(RuleSet(chao_dipi=True))
    seen: list[RuleSet] = []
    chooser.on_change(seen.append)
    chooser.decks.value = 1
    assert chooser.rules == RuleSet(chao_dipi=True)
    assert chooser.decks.value == 2  # the control is put back
    assert "chao dipi" in chooser.error.value
    assert "2 or 3 decks" in chooser.error.value
    assert seen == []
    chooser.chao_dipi.value = False  # a valid change clears the message
    assert chooser.error.value == ""
    assert seen == [RuleSet()]


def test_an_odd_table_finds_friends() -> None:
    chooser = HouseRules()
    chooser.players.value = 5
    assert chooser.rules.players == 5
    assert chooser.rules.partnership == "friends"
    assert chooser.partnership.value == "friends"
    assert chooser.partnership.disabled
    chooser.players.value = 4
    assert not chooser.partnership.disabled
    assert chooser.rules.players == 4


def test_a_one_size_table_and_rules_it_cannot_seat() -> None:
    chooser = HouseRules(players=(4,))
    assert chooser.players.options == (("4", 4),)
    assert chooser.players.disabled
    with pytest.raises(RuleSetError, match="seats 4 players, not 6"):
        HouseRules(RuleSet(players=6), players=(4,))


def test_setting_rules_from_python_redraws_without_calling_back() -> None:
    chooser = HouseRules()
    seen: list[RuleSet] = []
    chooser.on_change(seen.append)
    chooser.rules = RuleSet(decks=3, redeal="no-trump")
    assert chooser.decks.value == 3
    assert chooser.redeal.value == "no-trump"
    assert seen == []


def test_every_control_is_labelled_and_explained() -> None:
    chooser = HouseRules()
    for control in chooser._controls:
        assert control.description
        assert control.tooltip or all(control.tooltips)
    assert "炒地皮" in chooser.chao_dipi.description
    assert "找朋友" in chooser.partnership.options[1][0]


def test_a_rule_that_is_off_shows_off_in_its_dropdown() -> None:
    """RULES.md plays without the red five and without redeals: their dropdowns read "Off", not a blank (a dropdown
    whose value is None shows no choice at all), and choosing "Off" again turns the rule off."""
    chooser = HouseRules()
    assert (chooser.red_five.label, chooser.redeal.label) == ("Off", "Off")
    chooser.red_five.value = "5H"
    assert chooser.rules.red_five == "5H"
    chooser.red_five.value = next(v for label, v in chooser.red_five.options if label == "Off")
    assert chooser.rules.red_five is None
    assert chooser.red_five.label == "Off"
    chooser.rules = RuleSet(redeal="no-trump")
    chooser.rules = RuleSet()
    assert chooser.redeal.label == "Off"
