"""The course module: lesson headers with progress, puzzle sets that remember, the home page, practice mode."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.course import LESSONS, Practice, PuzzleSet, home, lesson_footer, lesson_header, practice, puzzle_set
from shengji_tutor.course.catalogue import puzzles_of
from shengji_tutor.store import db
from shengji_tutor.store.keys import ENV_DB
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.store.schema import StoreError

KEY = "a-long-secret-key"
UNREACHABLE = "postgresql+psycopg://sjt@127.0.0.1:1/gone"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    return ProgressStore()


def test_lessons_are_numbered_and_link_to_their_notebooks() -> None:
    assert [x.number for x in LESSONS] == list(range(1, 14))
    root = Path(__file__).resolve().parents[1] / "notebooks"
    assert all((root / x.notebook).exists() for x in LESSONS)


def test_solving_a_puzzle_moves_the_header_and_the_set_on(store: ProgressStore) -> None:
    header = lesson_header(4, store)
    assert "0 of 14 mastered" in header.value
    puzzles = puzzle_set(4, header, store)
    first = puzzles.puzzle
    solve_in_the_page(puzzles)
    assert puzzles.card.verdict == "correct"
    assert "1 of 14 mastered" in header.value
    assert store.solved() == {first.id}
    puzzles.card.browser_event({"event": "next"})
    assert puzzles.puzzle.id != first.id
    again = puzzle_set(4, None, store)
    assert again.puzzle.id != first.id  # a new visit opens at the first puzzle not solved yet


def solve_in_the_page(puzzles: PuzzleSet | Practice) -> None:
    """Answer the shown puzzle correctly through its card, as a learner would, and press Check."""
    answer_in_the_page(puzzles, puzzles.puzzle.solve())


def answer_in_the_page(puzzles: PuzzleSet | Practice, answer: Any) -> None:
    """Give ``answer`` to the shown puzzle through its card, as a learner would, and press Check."""
    if isinstance(answer, str) and puzzles.puzzle.answer_kind in ("cards", "order"):
        answer = answer.split()
    answer = puzzles.puzzle.canonical_answer(answer) if puzzles.puzzle.answer_kind == "yesno" else answer
    card = puzzles.card
    if puzzles.puzzle.answer_kind in ("cards", "order"):
        hand = [str(c) for c in card._cards]
        card.selected = []
        for token in answer:
            index = next(i for i, t in enumerate(hand) if t == token and i not in card.selected)
            card.browser_event({"event": "toggle", "index": index})
    else:
        card.browser_event({"event": "answer", "value": answer})
    card.browser_event({"event": "check"})


def counting(monkeypatch: pytest.MonkeyPatch, counts: Counter[str], owner: Any, name: str) -> None:
    """Count the calls of ``owner.name`` in ``counts["Owner.name"]``."""
    original: Callable[..., Any] = getattr(owner, name)
    key = f"{owner.__name__.rpartition('.')[2]}.{name}"

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[key] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)


def test_a_classroom_page_builds_its_store_once_and_runs_no_migration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from alembic import command

    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    db.migrate(url)  # the server, when it starts
    room = ClassroomStore(url)
    code = room.create_class("Club", KEY, lessons=[4])
    ana, bo = room.join(code, "Ana"), room.join(code, "Bo")
    monkeypatch.setattr(db, "_engines", {})  # a fresh kernel: no engine yet, the schema not checked yet
    monkeypatch.setattr(db, "_current", set())
    monkeypatch.setenv(ENV_DB, url)
    monkeypatch.setenv("QUERY_STRING", f"student={ana}")
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "solo"))
    counts: Counter[str] = Counter()
    counting(monkeypatch, counts, ClassroomStore, "__init__")
    counting(monkeypatch, counts, ProgressStore, "__init__")
    counting(monkeypatch, counts, db, "_create_engine")
    counting(monkeypatch, counts, command, "upgrade")

    header = lesson_header(4)
    footer = lesson_footer(4).data
    page = home()
    try:
        puzzles = puzzle_set(4, header)
        first = puzzles.puzzle
        solve_in_the_page(puzzles)
        solve_in_the_page(puzzles)
    finally:
        page.children[-1].poller.stop()  # the live-question panel polls the class
    found = re.findall(r'href="([^"]+)"', header.value + footer + page.children[0].value)
    links = [link for link in found if "lang=" not in link]  # the language switch: the same page, another language
    assert {link for link in found if "lang=" in link} == {f"?student={ana}&amp;lang=zh", f"?student={ana}&amp;lang=ru"}
    assert len(links) >= 13
    assert all(link.endswith(f"?student={ana}") for link in links)
    assert counts == Counter({"ClassroomStore.__init__": 1, "ProgressStore.__init__": 1, "db._create_engine": 1})
    assert not (tmp_path / "solo").exists()  # a student's progress is in their class, not in a local file
    recorded = [(a.display_name, a.puzzle_id, a.correct) for a in room.attempts(code, KEY)]
    assert recorded == [("Ana", first.id, True)] * 2  # each Check recorded once: progress and class alike
    assert "1 of 14 mastered" in header.value
    monkeypatch.setenv("QUERY_STRING", f"student={bo}")
    assert "0 of 14 mastered" in lesson_header(4).value  # Bo's page: Bo's progress


def test_a_preheated_header_waits_for_its_learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("SHENGJI_TUTOR_REQUEST_SEEN", raising=False)
    header = lesson_header(4)
    assert "mastered" not in header.value  # drawn at once, without anyone's progress
    assert not (tmp_path / "progress.sqlite").exists()
    monkeypatch.setenv("SHENGJI_TUTOR_REQUEST_SEEN", "1")  # the learner opened the page
    header.refresh()
    assert "0 of 14 mastered" in header.value


def test_the_footer_links_the_neighbouring_lessons() -> None:
    footer = lesson_footer(5).data
    assert 'href="04-pairs.ipynb"' in footer
    assert 'href="06-following.ipynb"' in footer


def test_the_home_page_lists_every_lesson_with_progress(store: ProgressStore) -> None:
    page = home(store).value
    for lesson in LESSONS:
        assert f'href="{lesson.notebook}"' in page
    assert "0 of 12 mastered" in page


def test_a_lesson_whose_puzzles_are_not_written_yet_still_shows(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shengji_tutor.course import pages

    monkeypatch.delitem(pages.NO_PUZZLES, 10)  # lesson 10: no puzzles, and nothing said instead
    page = home(store).value
    assert 'href="10-play-a-hand.ipynb"' in page
    note = puzzle_set(10, None, store)
    assert not isinstance(note, PuzzleSet)
    assert "on their way" in note.value


def test_practice_counts_a_streak_once_per_puzzle_on_a_first_try(store: ProgressStore) -> None:
    widget = practice(seed=3, store=store)
    first = widget.puzzle
    solve_in_the_page(widget)
    assert widget.streak == 1
    for _ in range(3):  # Check again and again on the same puzzle: still one
        widget.card.check()
    assert widget.streak == 1
    widget.next()
    assert widget.puzzle.id != first.id
    solve_in_the_page(widget)
    assert widget.streak == 2
    widget.next()
    widget.card.show_hint()  # right, but with a hint: not a first try
    solve_in_the_page(widget)
    assert (widget.streak, widget.best) == (0, 2)
    assert "right first try, without a hint" in widget.counter.value
    assert store.review_queue()[0].item.startswith("practice/")  # the hinted topic comes back for review
    assert store.history() == []  # generated puzzles are not the bank's: no attempts saved


def class_puzzles(tmp_path: Path) -> tuple[ClassroomStore, str, PuzzleSet]:
    """A class with one student (Ana), and lesson 4's puzzles on her page."""
    room = ClassroomStore(f"sqlite:///{tmp_path / 'class.sqlite'}")
    code = room.create_class("Club", KEY, lessons=[4])
    ana = room.join(code, "Ana")
    return room, code, PuzzleSet(puzzles_of(4), ProgressStore.of_student(room.url, ana))


def kept_here(tmp_path: Path, puzzles: PuzzleSet) -> list[tuple[str, bool]]:
    """The attempts kept in the local progress file under the student's id."""
    local = ProgressStore(tmp_path / "data" / "progress.sqlite", learner=puzzles.store.learner)
    return [(a[0], a[1]) for a in local.attempts()]


@pytest.mark.parametrize(
    ("failure", "why"),
    [
        (lambda room, code, puzzles: room.end_class(code, KEY), "this class has ended"),
        (  # the database server went away
            lambda room, code, puzzles: setattr(puzzles.store, "engine", sa.create_engine(UNREACHABLE)),
            "the class's database cannot be reached",
        ),
    ],
    ids=["ended", "unreachable"],
)
def test_an_attempt_the_class_cannot_take_is_kept_on_this_computer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: Callable[[ClassroomStore, str, PuzzleSet], None], why: str
) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "data"))
    room, code, puzzles = class_puzzles(tmp_path)
    first = puzzles.puzzle
    failure(room, code, puzzles)
    solve_in_the_page(puzzles)
    assert puzzles.card.verdict == "correct"
    assert puzzles.card.error == f"Saved on this computer, but not sent to your class: {why}."
    assert kept_here(tmp_path, puzzles) == [(first.id, True)]
    assert room.attempts(code, KEY) == []
    assert "1 solved" in puzzles.card.progress  # what was kept here counts, and the page stays up


def test_a_read_only_data_directory_never_stops_the_class_record(tmp_path: Path, unwritable_data: Path) -> None:
    room, code, puzzles = class_puzzles(tmp_path)
    solve_in_the_page(puzzles)
    assert puzzles.card.error == ""
    assert [(a.display_name, a.correct) for a in room.attempts(code, KEY)] == [("Ana", True)]
    assert "1 solved" in puzzles.card.progress


def test_a_solo_learners_unwritable_progress_says_so_in_words(tmp_path: Path, unwritable_data: Path) -> None:
    with pytest.raises(StoreError, match=r"^the progress file on this computer cannot be opened$"):
        ProgressStore()


def test_the_last_puzzle_solved_shows_the_lesson_complete_card(store: ProgressStore) -> None:
    """After every puzzle of a lesson is solved: a card with what was mastered, what comes back in the review, and
    the next lesson — never before."""
    puzzles = puzzle_set(5, None, store)
    assert isinstance(puzzles, PuzzleSet)
    total = len(puzzles.puzzles)
    slipped = False
    for _ in range(total):
        assert puzzles.complete.value == ""
        if not slipped and puzzles.puzzle.spec.misconceptions:  # one wrong answer: solved later, not mastered
            answer_in_the_page(puzzles, puzzles.puzzle.spec.misconceptions[0].answer)
            assert puzzles.card.verdict == "incorrect"
            slipped = True
        solve_in_the_page(puzzles)
        puzzles.card.browser_event({"event": "next"})
    shown = puzzles.complete.value
    assert "Lesson 5 complete" in shown
    assert f"You solved all {total} puzzles, {total - 1} of them on the first try" in shown
    assert "comes back in your review" in shown
    assert 'rel="next"' in shown
    assert "6. " in shown


def test_a_lessons_step_is_recorded_and_shows_on_the_instructors_dashboard(tmp_path: Path) -> None:
    """Issue 41: a "Your turn" step is an answer like a puzzle's: recorded with its hint and a shown answer, kept in
    the class's record, named on the dashboard by its lesson and place, and never put in the review queue."""
    from shengji_tutor import Trump
    from shengji_tutor.classroom.dashboard import puzzle_title, student_html, topics_html
    from shengji_tutor.course.questions import who_wins
    from shengji_tutor.course.steps import Step

    room = ClassroomStore(f"sqlite:///{tmp_path / 'class.sqlite'}")
    code = room.create_class("Club", KEY, lessons=[3])
    ana = ProgressStore.of_student(room.url, room.join(code, "Ana"))
    lesson_header(3, ana)
    trump = Trump("7", "C")
    first = Step(who_wins(["AC", "7C"], trump), "The rank card of the trump suit sits above the ace.")
    second = Step(who_wins(["AS", "KS"], trump), "The ace is the highest plain card.")
    assert (first.id, second.id) == ("step-3-1", "step-3-2")
    assert not first.answer("North").correct
    assert first.answer("West").correct
    second.reveal()
    assert first.error == second.error == ""
    tries = [(a.puzzle_id, a.answer, a.correct, a.revealed) for a in room.attempts(code, KEY)]
    assert tries == [
        ("step-3-1", "North", False, False),
        ("step-3-1", "West", True, False),
        ("step-3-2", "(answer shown)", False, True),
    ]
    attempts = room.attempts(code, KEY)
    assert puzzle_title(None, "step-3-2") == "Lesson 3, step 2"
    assert "Lesson 3, step 1" in student_html("Ana", attempts, {})
    assert "<td>West</td>" in student_html("Ana", attempts, {})  # a seat stays a word; cards are drawn as glyphs
    assert "lesson steps" in topics_html(attempts, {})
    assert ana.review_queue(until=float("inf")) == []  # a step is asked again where the lesson asks it
