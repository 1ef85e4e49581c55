"""Lesson 13's puzzles (RULES §11, the house rules): each variant has engine-graded puzzles under its own RuleSet, and
the new kinds — mandatory levels in ``level``, ``hook``, ``overturn``, ``redeal``, ``friends`` — grade right and wrong
answers by the engine, name the rule, and refuse a spec that does not hold together."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from shengji_tutor.engine.cards import RANKS
from shengji_tutor.engine.rules import RuleSet
from shengji_tutor.engine.scoring import level_after
from shengji_tutor.play import round as round_module
from shengji_tutor.play.bots import RandomBot
from shengji_tutor.play.game import run_round
from shengji_tutor.play.round import Round, friends_revealed
from shengji_tutor.puzzles import BankError, Puzzle, load_bank
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.schema import read_spec
from shengji_tutor.puzzles.teaching import GENERIC_IDEA
from shengji_tutor.ui.puzzle_view import puzzle_card_args

BANK = load_bank()
LESSON = {pid: p for pid, p in BANK.items() if p.lesson == 13}

TOPIC = Topic("house-rules", 13, "House rules")


def puzzle(kind: str, **fields: Any) -> Puzzle:
    spec = read_spec({"kind": kind, "id": f"t-{kind}", "prompt": "A question for the test.", **fields})
    return Puzzle.from_spec(spec, TOPIC)


# -- the lesson's bank ----------------------------------------------------------------------------

VARIANTS = {
    "Finding Friends": lambda p: p.rules.partnership == "friends",
    "one deck": lambda p: p.rules.decks == 1 and p.kind != "redeal",
    "three decks": lambda p: p.rules.decks == 3 and p.rules.partnership != "friends",
    "mandatory levels": lambda p: bool(p.rules.mandatory_levels),
    "hook and needle": lambda p: p.rules.hook_and_needle,
    "red five": lambda p: p.rules.red_five is not None,
    "chao dipi": lambda p: p.rules.chao_dipi,
    "redeal": lambda p: p.rules.redeal is not None,
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_has_three_puzzles_under_its_rules(variant: str) -> None:
    found = [p for p in LESSON.values() if VARIANTS[variant](p)]
    assert len(found) >= 3, variant
    for p in found:
        assert p.grade(p.solve()).correct
        assert p.spec.misconceptions, f"{p.id}: a wrong answer beginners give"


def test_the_lesson_holds_the_curriculums_misconceptions() -> None:
    says = " ".join(m.says for p in LESSON.values() for m in p.spec.misconceptions)
    assert "not whoever holds the called card" in says
    assert "Red five is not just a 5" in says
    for p in LESSON.values():
        assert p.topic == "house-rules"
        assert p.hint
        assert "RULES §11" in p.grade(p.solve()).explanation or p.rules.decks != 2, p.id  # decks: RULES §1


def test_the_lesson_uses_every_new_kind() -> None:
    kinds = Counter(p.kind for p in LESSON.values())
    assert {k: kinds[k] >= 3 for k in ("hook", "overturn", "redeal", "friends")} == dict.fromkeys(
        ("hook", "overturn", "redeal", "friends"), True
    )
    for p in LESSON.values():  # each kind names its own idea (the hint ladder's first rung)
        assert p.idea() != GENERIC_IDEA


@pytest.mark.parametrize("pid", list(LESSON))
def test_each_puzzle_shows_what_the_learner_needs(pid: str) -> None:
    p = LESSON[pid]
    view = p.view()
    assert puzzle_card_args(p)["prompt"] == p.prompt
    assert view.hand or view.trick or view.rows or view.context, pid
    if p.kind == "friends":
        assert "calls the" in view.context
        assert all(label.startswith("Seat ") for label, _ in view.rows)


# -- mandatory levels ------------------------------------------------------------------------------


def test_the_seeds_example_ten_mandatory_stops_a_rise_of_two_from_nine() -> None:
    p = LESSON["house-mandatory-stops-on-ten"]
    assert p.rules.mandatory_levels == ("10",)
    assert p.solve() == 1 == level_after(RANKS.index("9"), 2, {RANKS.index("9")}, p.rules) - RANKS.index("9")
    wrong = p.grade(2)
    assert not wrong.correct
    assert "RULES §11" in wrong.explanation
    assert "stops on it" in wrong.explanation
    assert wrong.misconception == 0  # the author foresaw +2: their words, and the rule, come first
    assert "10 is mandatory" in wrong.mistake
    assert "RULES §11" in wrong.mistake


def test_without_the_rule_the_same_round_rises_two() -> None:
    fields = {"trump": "9S", "attacker_points": 25, "side": "declarers", "level": "9"}
    assert puzzle("level", **fields).solve() == 2
    assert puzzle("level", rules={"mandatory_levels": ["10"]}, **fields).solve() == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rules": {"mandatory_levels": ["10"]}}, "give its level"),
        ({"level": "Z"}, "level is a rank"),
        ({"level": "8"}, "must be the trump rank 9"),
    ],
)
def test_a_bad_mandatory_level_spec_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        puzzle("level", trump="9S", attacker_points=25, side="declarers", **fields)


# -- hook and needle ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "by", "play", "answer"),
    [
        ("JH", "attackers", "JS", "yes"),
        ("JH", "attackers", "JS JS", "yes"),
        ("AD", "attackers", "AS 3S", "yes"),
        ("JH", "attackers", "BJ", "no"),
        ("JH", "declarers", "JS", "no"),
    ],
)
def test_a_hook_is_graded_by_hooked_back_to(trump: str, by: str, play: str, answer: str) -> None:
    p = puzzle("hook", trump=trump, rules={"hook_and_needle": True}, last_trick_by=by, last_trick=play)
    assert p.solve() == answer
    wrong = p.grade("no" if answer == "yes" else "yes")
    assert not wrong.correct
    assert "RULES §11" in wrong.explanation
    assert ("勾 gōu" if trump[0] == "J" else "针 zhēn") in wrong.explanation
    assert p.rules.hook_and_needle


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"trump": "JH", "rules": {}}, "hook_and_needle: true"),
        ({"trump": "QH", "rules": {"hook_and_needle": True}}, "not at rank Q"),
    ],
)
def test_a_bad_hook_spec_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(BankError, match=message):
        puzzle("hook", last_trick_by="attackers", last_trick="JS", **fields)


# -- chao dipi ---------------------------------------------------------------------------------------

CHAO = {"rules": {"chao_dipi": True}}


@pytest.mark.parametrize(
    ("trump", "declared", "hand", "show", "answer"),
    [
        ("2D", "2D 2D", "BJ 2S 4C", "BJ", "no"),  # a single never overturns
        ("9H", "9H 9H", "9C 9C 3S", "9C 9C", "no"),  # a weaker pair
        ("9H", "9H 9H", "9S 9S 3S", "9S 9S", "yes"),
        ("9NT", "SJ SJ", "BJ BJ 3S", "BJ BJ", "yes"),
        ("9NT", "SJ SJ", "9S 9S 3S", "", "no"),  # no pair of the hand beats small jokers
        ("9H", "9H", "9D 9D 3S", "", "yes"),  # any pair beats a single
    ],
)
def test_an_overturn_is_graded_by_chao_dipi_order(trump: str, declared: str, hand: str, show: str, answer: str) -> None:
    p = puzzle("overturn", trump=trump, declared=declared, hand=hand, show=show, **CHAO)
    assert p.answer_kind == "yesno"
    assert p.solve() == answer
    wrong = p.grade("no" if answer == "yes" else "yes")
    assert not wrong.correct
    assert "RULES §11" in wrong.explanation
    assert "炒地皮" in wrong.explanation


def test_pick_the_pair_accepts_every_overturning_pair_and_nothing_else() -> None:
    p = puzzle("overturn", trump="QH", declared="QH QH", ask="pick", hand="QD QD QS QS BJ BJ AH AH", **CHAO)
    assert p.answer_kind == "cards"
    assert p.view().max_cards == 2
    assert p.solve() == ["BJ", "BJ"]  # the strongest first
    assert p.grade("QS QS").correct
    assert p.grade("BJ BJ").correct
    for wrong in ("QD QD", "AH AH", "QS", "SJ SJ"):
        assert not p.grade(wrong).correct, wrong
    assert "Pick the pair from your hand" in p.grade("SJ SJ").explanation


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rules": {}}, "chao_dipi: true"),
        ({"declared": "AH AH"}, "trump-rank cards"),
        ({"declared": "2S 2S"}, "fixes S trump"),
        ({"show": "2S 2S"}, "not all in your hand"),
    ],
)
def test_a_bad_overturn_spec_is_refused(fields: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {"trump": "2H", "declared": "2H 2H", "hand": "2C 2C 3S", **CHAO, **fields}
    with pytest.raises(BankError, match=message):
        puzzle("overturn", **base)


def test_show_goes_with_a_can_question() -> None:
    with pytest.raises(ValidationError, match="ask: can"):
        puzzle("overturn", trump="2H", declared="2H 2H", hand="2S 2S", ask="pick", show="2S 2S", **CHAO)


# -- redeal ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "trump", "hand", "answer", "named"),
    [
        ("no-trump", "3S", "AH QH 8H KD 9D JC", "yes", "none of them"),
        ("no-trump", "8D", "AS 8H 2H", "no", "8♥ is a trump"),  # a rank card of another suit
        ("no-trump", "KC", "SJ AS 2D", "no", "SJ is a trump"),  # a joker
        ("no-points", "7H", "AS QS JD 9C", "yes", "no 5, 10 or K"),
        ("no-points", "7H", "AS QS JD 5C", "no", "5♣ scores"),
        ("no-points", "7H", "AS KS", "no", "K♠ scores"),
    ],
)
def test_a_redeal_is_graded_by_hopeless_hand(rule: str, trump: str, hand: str, answer: str, named: str) -> None:
    p = puzzle("redeal", trump=trump, hand=hand, rules={"redeal": rule})
    assert p.solve() == answer
    assert p.rules.redeal == rule
    wrong = p.grade("no" if answer == "yes" else "yes")
    assert not wrong.correct
    assert "RULES §11" in wrong.explanation
    assert named in wrong.explanation
    assert p.view().mark_trumps == (rule != "no-trump")  # the trump marks would give a no-trump question away


def test_a_red_five_is_a_trump_for_the_redeal() -> None:
    p = puzzle("redeal", trump="3S", hand="5H AD 9C", rules={"redeal": "no-trump", "red_five": "5H"})
    assert p.solve() == "no"
    assert "red five" in p.grade("yes").explanation


def test_a_redeal_puzzle_needs_the_rule() -> None:
    with pytest.raises(BankError, match="redeal: no-trump"):
        puzzle("redeal", trump="3S", hand="AH")


# -- Finding Friends --------------------------------------------------------------------------------

FIVE = {"rules": {"players": 5}, "dealer": "Seat 1"}


@pytest.mark.parametrize(
    ("calls", "plays", "ask", "answer", "named"),
    [
        ([("AH", 2)], ["Seat 3: AH", "Seat 4: AH"], "Seat 3", "no", "Seat 4 played the second A♥ — the called copy"),
        ([("AH", 2)], ["Seat 3: AH", "Seat 4: AH"], "Seat 4", "yes", "joins the dealer's team from that moment"),
        ([("AH", 1)], ["Seat 1: AH", "Seat 4: AH"], "Seat 4", "no", "spent: one friend fewer"),
        ([("AH", 2)], ["Seat 1: AH", "Seat 4: AH"], "Seat 4", "yes", "Seat 1 (the dealer) played the first A♥"),
        ([("AH", 2)], ["Seat 5: AH AH"], "Seat 5", "yes", "Seat 5 played the second A♥"),
        ([("BJ", 1)], [], "Seat 2", "no", "No called card has been played yet"),
    ],
)
def test_a_friend_is_graded_by_the_rounds_function(
    calls: list[tuple[str, int]], plays: list[str], ask: str, answer: str, named: str
) -> None:
    p = puzzle("friends", calls=[{"card": c, "ordinal": o} for c, o in calls], plays=plays, ask=ask, **FIVE)
    assert p.solve() == answer
    assert p.rules.partnership == "friends"
    wrong = p.grade("no" if answer == "yes" else "yes")
    assert not wrong.correct
    assert "RULES §11" in wrong.explanation
    assert "找朋友" in wrong.explanation
    assert named in wrong.explanation


def test_a_holder_is_no_friend_until_the_card_is_played() -> None:
    fields = {**FIVE, "calls": [{"card": "BJ"}], "holds": {"Seat 4": "BJ 3H"}, "ask": "Seat 4"}
    before = puzzle("friends", **fields)
    assert before.solve() == "no"
    assert "holding it is not enough" in before.grade("yes").explanation
    assert ("Seat 4 holds", tuple(before.view().rows[0][1])) == before.view().rows[0]
    after = puzzle("friends", plays=["Seat 4: BJ"], **fields)
    assert after.solve() == "yes"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_round_counts_its_friends_with_the_puzzles_function(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def spy(dealer: int, calls: Any, plays: Any) -> tuple[int, ...]:
        asked.append(dealer)
        return friends_revealed(dealer, calls, plays)

    monkeypatch.setattr(round_module, "friends_revealed", spy)
    rules = RuleSet(players=5)
    rnd = Round(rules, seed=random.Random(seed))
    run_round(rnd, [RandomBot(random.Random(seed + k)) for k in range(5)])
    assert rnd.dealer is not None  # a called card was played, and the round asked the function
    assert asked
    calls = list(rnd.calls)
    plays = [((t.leader + k) % 5, play) for t in rnd.tricks for k, play in enumerate(t.plays)]
    assert tuple(rnd.friends) == friends_revealed(rnd.dealer, calls, plays)


def test_six_players_call_two_cards_and_a_friend_joins_once() -> None:
    calls = [{"card": "BJ", "ordinal": 1}, {"card": "AC", "ordinal": 1}]
    rules = {"players": 6, "partnership": "friends"}
    plays = ["Seat 3: BJ", "Seat 3: AC", "Seat 5: AC"]
    p = puzzle("friends", rules=rules, dealer="Seat 1", calls=calls, plays=plays, ask="Seat 3")
    assert p.solve() == "yes"
    late = puzzle("friends", rules=rules, dealer="Seat 1", calls=calls, plays=plays, ask="Seat 5")
    assert late.solve() == "no"
    assert "spent" in late.grade("yes").explanation


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rules": {"players": 4}}, "5 or more players"),
        ({"calls": [{"card": "AH"}, {"card": "BJ"}]}, "calls 1 card"),
        ({"calls": [{"card": "AH", "ordinal": 3}]}, "no third copy"),
        ({"calls": [{"card": "AH AS"}]}, "names one card"),
        ({"plays": ["Seat 3 AH"]}, "written 'Seat 3: AH'"),
        ({"plays": ["Seat 3: KS"]}, "holds no called card"),
        ({"plays": ["Seat 9: AH"]}, "choose a seat"),
        ({"ask": "North"}, "choose a seat"),
        ({"plays": ["Seat 3: AH", "Seat 4: AH AH"]}, "3 copies"),
    ],
)
def test_a_bad_friends_spec_is_refused(fields: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {**FIVE, "calls": [{"card": "AH", "ordinal": 2}], "ask": "Seat 3", **fields}
    with pytest.raises(BankError, match=message):
        puzzle("friends", **base)


def test_a_rise_past_a_under_mandatory_levels_wins_the_match_and_says_so() -> None:
    """From K the table's three levels go past A: the match is won, whatever the mandatory levels (it once raised
    an IndexError naming a rank past A)."""
    fields = {"trump": "KS", "attacker_points": 0, "side": "declarers", "level": "K"}
    p = puzzle("level", rules={"mandatory_levels": ["10"]}, **fields)
    assert p.solve() == 2  # K -> past A: two levels are all there are
    wrong = p.grade(3)
    assert not wrong.correct
    assert "past A" in wrong.explanation
