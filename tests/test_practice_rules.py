"""Practice under the learner's own house rules: chosen once on the practice page, kept in their progress store,
read again when the page opens, and used by the review of a practice topic.

The chooser is driven through its controls, as a learner's browser drives it.
"""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest

from shengji_tutor.course.learning import practice_item
from shengji_tutor.course.practice import PRACTICE_TOPICS, Practice
from shengji_tutor.course.review import ReviewQueue, review_puzzle
from shengji_tutor.engine.rules import RuleSet
from shengji_tutor.puzzles import Puzzle
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.store.reviews import Rating, ReviewItem


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    return ProgressStore()


def said(page: Practice) -> str:
    """The streak line and the notes under it, as the learner reads them."""
    return unescape(page.counter.value)


def topic(kind: str) -> str:
    return next(name for name, k in PRACTICE_TOPICS.items() if k == kind)


def test_a_change_of_rules_makes_the_next_puzzle_under_them_and_is_kept(store: ProgressStore) -> None:
    page = Practice(seed=1, store=store)
    assert page.rules == RuleSet()
    assert page.puzzle.spec.rules == {}
    first = page.card.puzzle_id
    page.house.decks.value = 3
    assert page.card.puzzle_id != first  # a new puzzle at once
    assert page.puzzle.rules == RuleSet(decks=3)
    assert page.puzzle.spec.rules == {"decks": 3}
    assert store.house_rules() == RuleSet(decks=3)
    page.house.red_five.value = "5H"
    assert page.puzzle.spec.rules == {"decks": 3, "red_five": "5H"}
    page.next()
    assert page.puzzle.rules == RuleSet(decks=3, red_five="5H")
    assert "RULES.md" not in said(page)


def test_the_chooser_is_drawn_when_the_learner_opens_the_house_rules(store: ProgressStore) -> None:
    page = Practice(seed=1, store=store)
    assert page.rules_panel.get_title(0) == "House rules (RULES §11)"
    assert page.rules_panel.content.children == ()  # closed: none of its menus on the page yet
    page.rules_panel.selected_index = 0
    assert page.rules_panel.content.children == (page.house,)


def test_reopening_the_page_reads_the_kept_rules(store: ProgressStore) -> None:
    Practice(seed=1, store=store).house.kitty_multiplier.value = "power"
    again = Practice(seed=2, store=ProgressStore())  # a new visit: a new kernel, the same progress file
    assert again.rules == RuleSet(kitty_multiplier="power")
    assert again.house.rules == again.rules
    assert again.house.kitty_multiplier.value == "power"
    assert again.puzzle.rules == again.rules


def test_kept_rules_practice_cannot_seat_leave_the_default_and_say_so(store: ProgressStore) -> None:
    six = RuleSet(players=6, decks=3)  # the learner's table for lesson 10's hand
    store.save_house_rules(six)
    page = Practice(seed=1, store=store)
    assert page.rules == RuleSet()
    assert page.puzzle.rules == RuleSet()
    assert page.house.players.value == 4
    assert "Practice uses RULES.md's house rules" in said(page)
    assert "these rules seat 6" in said(page)
    assert store.house_rules() == six  # only a change on this page replaces them


def test_finding_friends_at_four_is_refused_and_nothing_changes(store: ProgressStore) -> None:
    page = Practice(seed=1, store=store)
    page.house.decks.value = 1
    shown = page.card.puzzle_id
    page.house.partnership.value = "friends"
    assert page.rules == RuleSet(decks=1)
    assert page.house.rules == RuleSet(decks=1)
    assert page.house.partnership.value == "fixed"
    assert page.card.puzzle_id == shown
    assert "Not for practice" in said(page)
    assert "Finding Friends" in said(page)
    assert store.house_rules() == RuleSet(decks=1)


def test_a_best_puzzle_under_chao_dipi_is_made_under_the_default_and_says_so(store: ProgressStore) -> None:
    store.save_house_rules(RuleSet(chao_dipi=True))
    page = Practice(seed=1, store=store)
    assert page.puzzle.rules == RuleSet(chao_dipi=True)
    page.level.value = 1
    page.topic.value = topic("best")
    assert page.puzzle.kind == "best"
    assert page.puzzle.rules == RuleSet()
    assert "chao dipi" in said(page)


def reviewed(store: ProgressStore, kept: RuleSet, kind: str, level: int) -> Puzzle:
    """The puzzle the review page shows for practice topic ``kind``/``level`` missed, with ``kept`` house rules."""
    store.save_house_rules(kept)
    store.schedule(practice_item(kind, level), Rating.Again)
    queue = ReviewQueue(store, seed=3)
    assert queue.recorder is not None
    assert queue.recorder.puzzle is not None
    return queue.recorder.puzzle


def test_a_practice_topic_comes_back_in_review_under_the_kept_rules(store: ProgressStore) -> None:
    puzzle = reviewed(store, RuleSet(decks=1), "points", 2)
    assert (puzzle.kind, puzzle.difficulty, puzzle.rules) == ("points", 2, RuleSet(decks=1))
    assert "One deck holds 100 points" in puzzle.hint


@pytest.mark.slow
def test_review_of_a_practice_topic_falls_back_to_the_default(store: ProgressStore) -> None:
    assert reviewed(store, RuleSet(players=5), "winner", 1).rules == RuleSet()
    best, fresh = review_puzzle(ReviewItem(practice_item("best", 1), 0.0, 1, Rating.Again), 3, RuleSet(chao_dipi=True))
    assert (best.kind, best.rules, fresh) == ("best", RuleSet(), True)
