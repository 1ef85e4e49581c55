"""Learning that sticks: attempts saved with their hints, honest mastery, the FSRS review queue, the home page's view.

Everything is driven through the puzzle card's events, as a learner's browser drives it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shengji_tutor.course import home, lesson_header, puzzle_set
from shengji_tutor.course.catalogue import puzzles_of
from shengji_tutor.course.dashboard import weak_spots
from shengji_tutor.course.learning import practice_item
from shengji_tutor.course.puzzle_sets import PuzzleSet
from shengji_tutor.course.review import ReviewQueue, review_page, review_puzzle
from shengji_tutor.engine.cards import joker_words
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.puzzles.generate import GENERATED_KINDS
from shengji_tutor.store import validate
from shengji_tutor.store.mastery import Mastery
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.store.reviews import Rating, ReviewItem, end_of_day
from shengji_tutor.store.schema import StoreError
from shengji_tutor.ui.widgets import PuzzleCard

BANK = load_bank()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    return ProgressStore()


def answer(card: PuzzleCard, puzzle: Puzzle, right: bool) -> None:
    """Give the right answer (or a wrong one) through the card's events, and press Check."""
    solution = puzzle.solve()
    kind = puzzle.answer_kind
    if kind in ("cards", "order"):
        hand = [str(c) for c in card._cards]
        card.selected = []
        tokens = list(solution) if isinstance(solution, list) else str(solution).split()
        if not right and kind == "order":
            tokens = tokens[::-1]
        elif not right:  # a wrong pick of as many cards: the first cards of the hand that are not the answer
            tokens = [t for t in hand if t not in tokens][: len(tokens)]
        for token in tokens:
            index = next(i for i, t in enumerate(hand) if t == token and i not in card.selected)
            card.browser_event({"event": "toggle", "index": index})
    elif kind == "yesno":
        given = solution if right else ("no" if solution == "yes" else "yes")
        card.browser_event({"event": "answer", "value": given})
    elif kind == "number":
        card.browser_event({"event": "answer", "value": int(solution) if right else int(solution) + 5})
    else:
        seats = [s for s in card.choices if s != solution]
        card.browser_event({"event": "answer", "value": solution if right else seats[0]})
    card.browser_event({"event": "check"})
    assert card.error == "", card.error
    assert card.verdict == ("correct" if right else "incorrect")


# -- the store ----------------------------------------------------------------------------------------


def test_an_attempt_keeps_its_hint_steps_and_mistake(store: ProgressStore) -> None:
    store.record("pairs-keep-your-pair", False, "yes", mistake="Two singles never beat a pair.")
    store.record("pairs-keep-your-pair", True, "no", hints=2)
    store.record("pairs-keep-your-pair", False, "", revealed=True)
    tries = store.history()
    assert [(a.correct, a.hints, a.revealed, a.mistake) for a in tries] == [
        (False, 0, False, "Two singles never beat a pair."),
        (True, 2, False, ""),
        (False, 0, True, ""),
    ]


def test_a_page_hears_each_attempt_as_the_store_wrote_it(store: ProgressStore) -> None:
    """The recorder passes on the row the store wrote (its canonical answer and its time), not a copy of its own."""
    from shengji_tutor.engine.grading import Attempts, Grade
    from shengji_tutor.puzzles import load_bank
    from shengji_tutor.store.answers import Recorder

    class Card:
        work, error = Attempts(hints=2, hints_open=1), ""

        def on_check(self, listener: object) -> None:
            self.check = listener

        def on_reveal(self, listener: object) -> None:
            self.reveal = listener

    card = Card()
    heard: list[object] = []
    recorder = Recorder(card, store)  # type: ignore[arg-type]
    recorder.on_saved = heard.append
    recorder.show(load_bank()["pairs-keep-your-pair"])
    card.check(Grade(False, "No.", answer="yes"), "yes")  # type: ignore[operator]
    card.reveal()  # type: ignore[operator]
    assert heard == store.history()
    assert [(a.answer, a.hints, a.revealed) for a in store.history()] == [("yes", 1, False), ("", 1, True)]


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"hints": -1}, "hint steps used"),
        ({"hints": True}, "hint steps used"),
        ({"hints": 99}, "hint steps used"),
        ({"revealed": "yes"}, "whether the answer was shown"),
        ({"revealed": True, "correct": True}, "a shown answer does not count as solved"),
        ({"mistake": "a\x00b"}, "cannot be stored"),
    ],
)
def test_a_bad_attempt_is_refused_and_changes_nothing(
    store: ProgressStore, fields: dict[str, object], problem: str
) -> None:
    args: dict[str, object] = {"correct": False, **fields}
    correct = args.pop("correct")
    with pytest.raises(StoreError, match=problem):
        store.record("pairs-keep-your-pair", correct, "x", **args)  # type: ignore[arg-type]
    assert store.history() == []


def test_mastery_is_counted_honestly(store: ProgressStore) -> None:
    store.record("pairs-keep-your-pair", True, "no")
    store.record("pairs-keep-your-pair", False, "yes")  # a later slip does not undo a first try
    store.record("points-count-a-trick", True, "25", hints=1)
    store.record("order-plain-suit", False, "x")
    store.record("order-plain-suit", True, "y")
    store.record("following-ruff-to-win", False, "", revealed=True)
    assert store.mastery() == {
        "pairs-keep-your-pair": Mastery.FIRST_TRY,
        "points-count-a-trick": Mastery.WITH_HINTS,
        "order-plain-suit": Mastery.AFTER_WRONG,
        "following-ruff-to-win": Mastery.NOT_YET,
    }
    store.schedule("order-plain-suit", Rating.Again)
    store.schedule("order-plain-suit", Rating.Good)  # came back, right first try
    assert store.mastery()["order-plain-suit"] is Mastery.REVIEWED


def test_the_review_queue_follows_fsrs(store: ProgressStore) -> None:
    now = 1_800_000_000.0
    due = store.schedule("pairs-keep-your-pair", Rating.Again, at=now)
    assert now < due <= now + 600  # wrong: back within minutes, by FSRS's first learning step
    assert [i.item for i in store.review_queue(until=now + 600)] == ["pairs-keep-your-pair"]
    later = store.schedule("pairs-keep-your-pair", Rating.Good, at=due)
    assert later > due
    again = store.schedule("pairs-keep-your-pair", Rating.Good, at=later)
    assert again - later > 12 * 3600  # once learnt, a day or more apart
    assert store.review_queue(until=later + 60) == []
    assert store.in_review("pairs-keep-your-pair")
    assert not store.in_review("order-plain-suit")


@pytest.mark.parametrize("item", ["practice/nothing/2", "practice/points/4", "no-such-puzzle", 7])
def test_a_bad_review_item_is_refused(store: ProgressStore, item: object) -> None:
    with pytest.raises(StoreError):
        store.schedule(item, Rating.Again)  # type: ignore[arg-type]
    assert store.review_queue(until=end_of_day() + 10**9) == []


def test_the_stores_practice_kinds_are_the_generators() -> None:
    assert tuple(validate.PRACTICE_KINDS) == tuple(GENERATED_KINDS)


# -- a lesson's puzzles -------------------------------------------------------------------------------


def first_of(number: int, store: ProgressStore) -> PuzzleSet:
    puzzles = puzzle_set(number, None, store)
    assert isinstance(puzzles, PuzzleSet)
    return puzzles


def test_a_wrong_answer_puts_the_puzzle_in_the_review_queue(store: ProgressStore) -> None:
    puzzles = first_of(4, store)
    puzzle = puzzles.puzzle
    answer(puzzles.card, puzzle, right=False)
    assert [i.item for i in store.review_queue()] == [puzzle.id]
    assert "comes back in your review" in puzzles.card.progress
    answer(puzzles.card, puzzle, right=True)  # solved now, but after a wrong answer: still due, rated once
    assert store.review_queue()[0].reviews == 1
    assert store.mastery()[puzzle.id] is Mastery.AFTER_WRONG
    assert store.due_today() == 1


def test_a_first_try_stays_out_of_the_queue_and_hints_put_it_in(store: ProgressStore) -> None:
    puzzles = first_of(4, store)
    answer(puzzles.card, puzzles.puzzle, right=True)
    assert store.review_queue(until=end_of_day() + 10**9) == []
    puzzles.next()
    hinted = puzzles.puzzle
    puzzles.card.browser_event({"event": "hint"})
    answer(puzzles.card, hinted, right=True)
    assert store.history()[-1].hints == 1
    queue = store.review_queue(until=end_of_day() + 10**9)
    assert [(i.item, i.last_rating) for i in queue] == [(hinted.id, Rating.Hard)]


def test_show_answer_counts_as_not_solved(store: ProgressStore) -> None:
    puzzles = first_of(4, store)
    puzzle = puzzles.puzzle
    answer(puzzles.card, puzzle, right=False)
    puzzles.card.browser_event({"event": "reveal"})
    assert puzzles.card.feedback == joker_words(puzzle.solution_text())
    assert store.history()[-1].revealed
    assert puzzle.id not in store.solved()
    assert store.mastery()[puzzle.id] is Mastery.NOT_YET


def test_too_few_cards_records_nothing(store: ProgressStore) -> None:
    puzzles = first_of(6, store)
    while not (puzzles.puzzle.answer_kind == "cards" and puzzles.card.max_selected > 1):
        puzzles.next()
    puzzles.card.browser_event({"event": "toggle", "index": 0})
    puzzles.card.browser_event({"event": "check"})
    assert puzzles.card.feedback.startswith(f"Pick {puzzles.card.max_selected} cards")
    assert store.history() == []


def test_the_lesson_header_shows_mastery_not_checks(store: ProgressStore) -> None:
    header = lesson_header(4, store)
    puzzles = puzzle_set(4, header, store)
    assert isinstance(puzzles, PuzzleSet)
    answer(puzzles.card, puzzles.puzzle, right=False)
    answer(puzzles.card, puzzles.puzzle, right=True)
    assert "0 of 14 mastered · 1 solved" in header.value


# -- the review page ----------------------------------------------------------------------------------


def test_the_review_page_serves_what_is_due_and_reschedules_it(store: ProgressStore) -> None:
    puzzles = first_of(4, store)
    missed = puzzles.puzzle
    answer(puzzles.card, missed, right=False)
    review = ReviewQueue(store, seed=1)
    assert review.card is not None
    assert review.card.puzzle_id == missed.id  # the first time back: the puzzle itself
    assert "1 puzzle to review today" in review.status.value
    answer(review.card, missed, right=True)
    item = store.review_queue(until=end_of_day() + 10**9)[0]
    assert (item.reviews, item.last_rating) == (2, Rating.Good)
    assert item.due > store.history()[-1].at + 60  # moved further out
    review.card.browser_event({"event": "next"})  # still being learnt (FSRS's next step is minutes away): back today,
    assert review.card.puzzle_id.startswith(f"gen-{missed.kind}-")  # as a fresh puzzle of the same kind
    assert "A fresh puzzle on the same idea" in review.card.progress


def test_a_second_review_is_a_fresh_puzzle_on_the_same_idea() -> None:
    original = next(p for p in BANK.values() if p.kind == "winner")
    fresh, is_fresh = review_puzzle(ReviewItem(original.id, 0.0, 2, Rating.Again), seed=5)
    assert is_fresh
    assert (fresh.kind, fresh.difficulty) == (original.kind, original.difficulty)
    assert fresh.id != original.id
    same, is_fresh = review_puzzle(ReviewItem(original.id, 0.0, 1, Rating.Again), seed=5)
    assert (same.id, is_fresh) == (original.id, False)
    topic, is_fresh = review_puzzle(ReviewItem(practice_item("points", 1), 0.0, 1, Rating.Again), seed=5)
    assert (topic.kind, topic.difficulty, is_fresh) == ("points", 1, True)


def test_the_empty_review_page_says_what_comes_here(store: ProgressStore) -> None:
    page = review_page(store)
    assert "Nothing to review today" in page.children[0].status.value
    assert "Mistakes from your hands" in page.children[1].value


# -- the home page ------------------------------------------------------------------------------------


def test_the_home_page_shows_reviews_due_mastery_and_weak_spots(store: ProgressStore) -> None:
    assert "Nothing to review today" in home(store).value
    puzzles = first_of(4, store)
    for _ in range(3):
        answer(puzzles.card, puzzles.puzzle, right=False)
        puzzles.next()
    page = home(store).value
    assert re.search(r"<strong>3 puzzles</strong> to review today", page)
    assert 'aria-label="Lesson 4, Pairs: 0 of 14 puzzles mastered, 0 solved"' in page
    assert "Your weak spots" in page
    assert "Pairs (对子 duìzi)" in page
    assert "0 of 3 right first try" in page


def test_weak_spots_name_the_repeated_misconception_and_link_to_practise_it(store: ProgressStore) -> None:
    puzzle = next(p for p in BANK.values() if p.spec.misconceptions and p.kind in ("winner", "points", "legal"))
    wrong = puzzle.spec.misconceptions[0].answer
    for _ in range(2):
        grade = puzzle.grade(wrong)
        store.record(puzzle.id, False, str(wrong), mistake=grade.misconception_id)
    spots = weak_spots(store.history(), BANK)
    said = next(s for s in spots if s.detail == "2 times")
    assert puzzle.spec.misconceptions[0].says.startswith(said.what.rstrip("."))
    assert said.route == f"practice/{puzzle.kind}"


def test_a_route_detail_opens_practice_on_that_topic(store: ProgressStore) -> None:
    from shengji_tutor.course.practice import Practice

    widget = Practice(seed=1, store=store)
    widget.show_detail("points")
    assert widget.puzzle.kind == "points"
    widget.show_detail("no-such-topic")  # unknown: nothing changes
    assert widget.puzzle.kind == "points"


def test_lesson_puzzles_of_every_lesson_have_a_ladder_of_two_or_three_steps() -> None:
    for number in range(1, 14):
        for puzzle in puzzles_of(number):
            steps = puzzle.hint_steps()
            assert 2 <= len(steps) <= 3, (puzzle.id, steps)
            assert all(step.text.strip() for step in steps)
            if puzzle.answer_kind == "cards":
                assert steps[-1].cards, puzzle.id  # the last rung shows the cards


def test_the_app_page_opens_practice_on_the_topic_its_address_names(store: ProgressStore) -> None:
    from shengji_tutor.course import pages
    from shengji_tutor.course.shell import Shell

    shell = Shell()
    try:
        shell.router.browser_event({"event": "navigate", "route": "practice/points"})
        practice = next(p for p in shell.content.children if hasattr(p, "show_detail"))
        assert practice.puzzle.kind == "points"  # dealt on the topic from the start, not after a winner puzzle
        assert practice.card.puzzle_id.startswith("gen-points-")
        shell.router.browser_event({"event": "navigate", "route": "practice/order"})
        assert practice.puzzle.kind == "order"  # the same practice, kept, moves to the new topic
    finally:
        pages.use_shell(None)


def test_a_kitty_count_at_a_cards_multiplier_table_explains_that_rule() -> None:
    from shengji_tutor.puzzles import Puzzle
    from shengji_tutor.puzzles.base import Topic
    from shengji_tutor.puzzles.schema import PointsSpec

    spec = PointsSpec(
        id="kitty-cards-table",
        kind="points",
        count="kitty",
        trump="7C",
        kitty="KD 5S 2H 3H 4H 6H 8H 9H",
        winning_play="AH AH KH",
        prompt="How many points does the kitty give the attackers?",
        rules={"kitty_multiplier": "cards"},
    )
    puzzle = Puzzle.from_spec(spec, Topic("kitty", 8, "Kitty"))
    assert puzzle.solve() == 15 * 6  # a pair and a single: three cards, ×6 at this table (×4 by default)
    why = puzzle.grade(90).explanation
    assert "2 × 3 = ×6" in why
    assert "RULES §11" in why
    assert "power" not in why


def _a_wrong_answer(puzzle: Puzzle) -> object | None:
    solution = puzzle.solve()
    kind = puzzle.answer_kind
    if kind == "yesno":
        return "no" if solution == "yes" else "yes"
    if kind == "number":
        return int(str(solution)) + 5
    if kind == "seat":
        return next((s for s in ("North", "West", "South", "East") if not puzzle.grade(s).correct), None)
    if kind == "order":
        return list(reversed(list(solution))) if len(set(solution)) > 1 else None
    hand = [str(c) for c in puzzle.view().hand]
    tokens = list(solution) if isinstance(solution, list) else [str(solution)]
    others = [t for t in hand if t not in tokens]
    wrong = [*tokens[1:], *others[:1]] if others else None
    return wrong if wrong and len(wrong) == len(tokens) and not puzzle.grade(wrong).correct else None


WRONG = [(p, w) for p in BANK.values() if p.kind != "best" and (w := _a_wrong_answer(p)) is not None]


def test_nearly_every_puzzle_has_a_simple_wrong_answer_to_try() -> None:
    assert len(WRONG) >= 0.9 * sum(p.kind != "best" for p in BANK.values())


@pytest.mark.parametrize(("puzzle", "wrong"), WRONG, ids=[p.id for p, _w in WRONG])
def test_a_first_wrong_answer_names_the_rule_not_the_solution(puzzle: Puzzle, wrong: object) -> None:
    grade = puzzle.grade(wrong)
    assert not grade.correct
    assert grade.mistake
    assert "RULES §" in grade.mistake or grade.misconception is not None, grade.mistake
    assert puzzle.solution_text() not in grade.mistake
    if puzzle.answer_kind in ("cards", "order") and grade.misconception is None:
        from shengji_tutor.engine.cards import format_cards, parse_cards

        answer = format_cards(parse_cards(" ".join(puzzle.solve())))
        assert answer not in grade.mistake, grade.mistake


def test_next_on_the_review_page_goes_through_every_due_item(store: ProgressStore) -> None:
    missed = [p for p in puzzles_of(4) if p.kind in ("winner", "legal")][:4]
    for puzzle in missed:
        store.schedule(puzzle.id, Rating.Again)
    review = ReviewQueue(store, seed=2)
    seen = []
    for _ in range(len(missed)):
        assert review.card is not None
        seen.append(review.card.puzzle_id)
        review.card.browser_event({"event": "next"})  # skipped, not answered
    assert sorted(seen) == sorted(p.id for p in missed)  # each once, in turn, though none was answered
    assert review.card is not None
    assert review.card.puzzle_id == seen[0]  # then round again


def test_a_puzzle_missed_just_before_midnight_is_still_todays_review(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Missed a few seconds before midnight, a puzzle comes back minutes later, after midnight: the review page must not say "nothing to
    review today" until tomorrow (this test's twin failed when the suite ran at 23:55)."""
    import datetime as dt

    from shengji_tutor.store import reviews

    late = dt.datetime.now().astimezone().replace(hour=23, minute=59, second=50, microsecond=0).timestamp()
    due = store.schedule("pairs-is-it-legal-two-singles", Rating.Again, at=late)
    assert due > end_of_day(late)  # it comes back after midnight
    monkeypatch.setattr(reviews.time, "time", lambda: late)
    assert [i.item for i in store.review_queue()] == ["pairs-is-it-legal-two-singles"]
    assert store.due_today() == 1


def test_a_check_writes_the_graded_answer_and_the_misconceptions_id_in_one_insert_and_two_selects(
    store: ProgressStore,
) -> None:
    """The lean write (issue 41): the grade carries the canonical answer and the misconception's id, and the set counts
    its progress from what it saved, so a Check on a lesson's puzzle set writes its attempt with one INSERT and reads
    no more than whether the learner's class is still open; the first answer of a showing also puts the puzzle in
    the review queue (its row read, and written). Before: 6 SELECTs (the progress read twice over)."""
    import collections

    import sqlalchemy as sa

    header = lesson_header(4, store)
    puzzles = puzzle_set(4, header, store)
    puzzle = next(p for p in puzzles.puzzles if p.spec.misconceptions and p.answer_kind == "yesno")
    puzzles.show(puzzles.puzzles.index(puzzle))
    said: collections.Counter[str] = collections.Counter()

    @sa.event.listens_for(store.engine, "before_cursor_execute")
    def count(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        said[statement.split()[0].upper()] += 1

    wrong = {True: "yes", False: "no"}.get(puzzle.spec.misconceptions[0].answer)  # as a browser sends it
    for first in (True, False):
        said.clear()
        puzzles.card.browser_event({"event": "answer", "value": wrong})
        puzzles.card.browser_event({"event": "check"})
        assert puzzles.card.verdict == "incorrect"
        assert said["INSERT"] == (2 if first else 1), said
        assert said["SELECT"] <= (2 if first else 1), said
    assert "0 of 14 mastered · 0 solved" in header.value  # counted without reading the record again
    answers = [(a.answer, a.mistake) for a in store.history() if a.puzzle_id == puzzle.id]
    assert answers == [(puzzle.canonical_answer(wrong), "misconception:0")] * 2
