"""Lesson 13, House rules (RULES §11): its questions and demos are the engine's, under each variant's RuleSet, and
every variant has at least three engine-graded puzzles."""

from __future__ import annotations

import html
import re

import pytest

from shengji_tutor import RuleSet, Trump
from shengji_tutor.course import house_rules as h
from shengji_tutor.course.catalogue import find_lesson, puzzles_of
from shengji_tutor.store.progress import ProgressStore


def test_the_lesson_is_in_the_catalogue_after_zheng_fen() -> None:
    lesson = find_lesson(13)
    assert lesson.notebook == "13-house-rules.ipynb"
    assert "找朋友" in lesson.chinese


def test_the_decks_table_is_the_level_tables_lines_for_each_deck_count() -> None:
    page = h.decks_table().data
    rows = re.findall(r"<tr><th scope='row'>(.*?)</th>(.*?)</tr>", page)
    cells = [re.findall(r"<td>(.*?)</td>", row) for _, row in rows]
    assert [c[0] for c in cells] == ["54", "108", "162"]
    assert [c[1] for c in cells] == ["100", "200", "300"]
    assert [c[2] for c in cells] == [str(RuleSet(decks=d).kitty) for d in (1, 2, 3)]
    assert [c[-1] for c in cells] == ["40", "80", "120"]
    assert "打百分" in page


def test_a_triple_is_three_identical_cards_with_three_decks() -> None:
    q = h.pick_triple("7H 7H 7H 6H 6H 9S QD", Trump("2", "C"), prompt="Select a triple.")
    assert q.grade(q.example).correct
    wrong = q.grade(["7H", "6H", "6H"])
    assert not wrong.correct
    assert "a pair and a single" in wrong.explanation
    assert "RULES §4" in wrong.explanation
    with pytest.raises(ValueError, match="no triple"):
        h.pick_triple("7H 7H 6H", Trump("2", "C"), prompt="x")


def test_a_rise_stops_on_a_mandatory_level_as_the_seed_says() -> None:
    q = h.mandatory_question("9", 2, ("10",))
    assert q.example == "10"
    assert "stops on it" in q.grade("J").explanation
    passing = h.mandatory_question("3", 2, ("5",))
    assert passing.example == "5"
    assert "passes no mandatory level" in passing.grade("5").explanation
    table = h.mandatory_table(("5", "10", "K"), [("9", 2), ("Q", 3)]).data
    assert "<td>9</td><td>+2</td><td>J</td><td>10</td>" in table
    assert "<td>Q</td><td>+3</td><td>past A: the match is won</td><td>K</td>" in table


@pytest.mark.parametrize(
    ("trump", "play", "winners", "right"),
    [
        (Trump("J", "S"), "JH", "attackers", "Back to 2, on top of the usual result"),
        (Trump("J", "S"), "KS KS", "attackers", "Only the usual result"),
        (Trump("J", "S"), "JH", "declarers", "Only the usual result"),
        (Trump("A", "H"), "AD", "attackers", "Back to J, on top of the usual result"),
    ],
)
def test_hook_and_needle_need_the_attackers_last_trick_with_the_rank(
    trump: Trump, play: str, winners: str, right: str
) -> None:
    q = h.hook_question(trump, play, winners)
    assert q.example == right
    for choice in q.choices:
        assert q.grade(choice).correct == (choice == right)
        assert "RULES §11" in q.grade(choice).explanation


def test_the_red_five_is_the_highest_trump_and_not_just_a_five() -> None:
    q = h.pick_highest_trump("BJ SJ 5H 7C AC", Trump("7", "C", red_five="5H"), prompt="x")
    assert [str(c) for c in q.example] == ["5H"]
    big = q.grade(["BJ"])
    assert not big.correct
    assert "5♥ ranks above it" in big.explanation
    plain = h.pick_highest_trump("BJ SJ 5H 7C AC", Trump("7", "C"), prompt="x")
    assert [str(c) for c in plain.example] == ["BJ"]  # without the rule the 5♥ is a plain heart
    lines = html.unescape(h.red_five_lines().data)
    assert lines.count("<li>") == 3
    assert "no penalty" in lines
    assert "10 added to the attackers' total" in lines
    assert "10 taken off" in lines


def test_chao_dipi_overturns_only_with_a_stronger_pair() -> None:
    q = h.pick_overturn("7C 7C 7S 7S SJ 3D", "7", "7H 7H", prompt="x")
    assert q.grade(["7S", "7S"]).correct
    assert "does not overturn" in q.grade(["7C", "7C"]).explanation
    assert "pair of jokers or of trump-rank 7s" in q.grade(["SJ"]).explanation
    with pytest.raises(ValueError, match="no pair"):
        h.pick_overturn("7C 7C 3D", "7", "BJ BJ", prompt="x")


def test_the_chao_dipi_story_is_a_real_round_with_an_overturn() -> None:
    story = h.chao_story().data
    assert "overturned with" in story
    assert "still leads the first trick" in story


@pytest.mark.parametrize(
    ("hand", "trump", "redeal", "may", "named"),
    [
        ("3S 4S 6S 8C 9C JC QD 2D", Trump("2", "H"), "no-trump", False, "2♦"),
        ("3S 4S 6S 8C 9C JC QD AD", Trump("2", "H"), "no-trump", True, "no joker"),
        ("3S 4S 6S 8C 9C JC QD SJ", Trump("2", "H"), "no-trump", False, "SJ"),
        ("3S 4S 6S 8C 9C JC QD AD", Trump("2", "H"), "no-points", True, "no 5"),
        ("3S 4S 6S 8C 9C JC QD KD", Trump("2", "H"), "no-points", False, "K♦"),
    ],
)
def test_a_hopeless_hand_is_the_engines(hand: str, trump: Trump, redeal: str, may: bool, named: str) -> None:
    q = h.redeal_question(hand, trump, redeal)
    assert q.example == ("Yes, show it" if may else "No, play it")
    wrong = next(c for c in q.choices if c != q.example)
    assert named in q.grade(q.example).explanation + q.grade(wrong).explanation
    assert "RULES §11" in q.grade(wrong).explanation


def test_the_friend_is_whoever_plays_the_called_copy_not_whoever_holds_it() -> None:
    q = h.friend_question(5, 0, [("AH", 2)], [(2, "AH")], story="Seat 3 plays the first A♥.", holder=3)
    assert q.example == h.NOBODY_YET
    assert "holding is not playing" in q.grade("Seat 4").explanation
    assert "not the second one" in q.grade("Seat 3").explanation
    later = h.friend_question(5, 0, [("AH", 2)], [(2, "AH"), (3, "AH")], story="Then Seat 4 plays the other.")
    assert later.example == "Seat 4"
    assert not later.grade(h.NOBODY_YET).correct
    spent = h.friend_question(5, 0, [("AH", 1)], [(0, "AH"), (3, "AH")], story="Seat 1 plays it first.")
    assert spent.example == h.NOBODY_YET  # the dealer played the called copy: the call is spent


def test_the_friends_story_shows_the_trick_that_revealed_the_friend() -> None:
    story = h.friends_story(seed=0, players=5).data
    assert "friend from this moment on" in story
    assert "<svg" in story
    assert "Seat 5" in story
    six = h.friends_story(seed=0, players=6).data
    assert "calls the" in six
    assert " and " in six


def test_every_house_rule_has_at_least_three_engine_graded_puzzles() -> None:
    puzzles = puzzles_of(13)
    switches = {
        "Finding Friends": lambda r: r.partnership == "friends",
        "one deck": lambda r: r.decks == 1,
        "three decks": lambda r: r.decks == 3,
        "mandatory levels": lambda r: bool(r.mandatory_levels),
        "hook and needle": lambda r: r.hook_and_needle,
        "red five": lambda r: r.red_five is not None,
        "chao dipi": lambda r: r.chao_dipi,
        "redeal": lambda r: r.redeal is not None,
    }
    for name, applies in switches.items():
        mine = [p for p in puzzles if applies(p.rules)]
        assert len(mine) >= 3, (name, [p.id for p in mine])
        for puzzle in mine:
            assert puzzle.grade(puzzle.solve()).correct, puzzle.id


# -- the learner's own table: lesson 10's and 13's hand keep the rules the learner picks ----------------------


def test_a_hand_is_dealt_by_the_learners_kept_rules_and_a_change_is_kept(learner: ProgressStore) -> None:
    from shengji_tutor.course.coached import play_a_hand

    learner.save_house_rules(RuleSet(red_five="5H"))
    game = play_a_hand(seed=1)
    assert game.rules.red_five == "5H"
    assert game.round.rules.red_five == "5H"
    game.house_rules.decks.value = 3
    assert learner.house_rules().decks == 3
    assert learner.house_rules().red_five == "5H"
    assert game.round.rules.decks == 3  # the next hand is dealt by them


def test_a_lessons_own_table_leaves_the_kept_rules_alone_until_the_learner_changes_them(
    learner: ProgressStore,
) -> None:
    from shengji_tutor.course.coached import play_a_hand

    learner.save_house_rules(RuleSet(decks=3))
    game = play_a_hand(rules=RuleSet(players=5), seed=2)
    assert game.rules.players == 5
    assert game.rules.partnership == "friends"
    assert learner.house_rules() == RuleSet(decks=3)
    game.house_rules.players.value = 6
    assert learner.house_rules().players == 6
