"""The course module: lesson headers with progress, puzzle sets that remember, the home page, practice mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_tutor.course import LESSONS, home, lesson_footer, lesson_header, practice, puzzle_set
from shengji_tutor.store.progress import ProgressStore


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    return ProgressStore()


def test_lessons_are_numbered_and_link_to_their_notebooks() -> None:
    assert [x.number for x in LESSONS] == list(range(1, 11))
    root = Path(__file__).resolve().parents[1] / "notebooks"
    assert all((root / x.notebook).exists() for x in LESSONS)


def test_solving_a_puzzle_moves_the_header_and_the_set_on(store: ProgressStore) -> None:
    header = lesson_header(4, store)
    assert "0 of 14 puzzles solved" in header.value
    puzzles = puzzle_set(4, header, store)
    first = puzzles.puzzle
    answer = first.solve()
    if first.answer_kind in ("cards", "order"):
        hand = [str(c) for c in puzzles.card._cards]
        for token in answer:
            index = next(i for i, t in enumerate(hand) if t == token and i not in puzzles.card.selected)
            puzzles.card.browser_event({"event": "toggle", "index": index})
    else:
        puzzles.card.browser_event({"event": "answer", "value": answer})
    puzzles.card.browser_event({"event": "check"})
    assert puzzles.card.verdict == "correct"
    assert "1 of 14 puzzles solved" in header.value
    assert store.solved() == {first.id}
    puzzles.card.browser_event({"event": "next"})
    assert puzzles.puzzle.id != first.id
    again = puzzle_set(4, None, store)
    assert again.puzzle.id != first.id  # a new visit opens at the first puzzle not solved yet


def test_the_footer_links_the_neighbouring_lessons() -> None:
    footer = lesson_footer(5).data
    assert 'href="04-pairs.ipynb"' in footer
    assert 'href="06-following.ipynb"' in footer


def test_the_home_page_lists_every_lesson_with_progress(store: ProgressStore) -> None:
    page = home(store).value
    for lesson in LESSONS:
        assert f'href="{lesson.notebook}"' in page
    assert "0 of 12 puzzles solved" in page


def test_practice_deals_fresh_puzzles_and_counts_a_streak() -> None:
    widget = practice(seed=3)
    first = widget.puzzle
    answer = first.solve()
    grade = first.grade(answer)
    widget._checked(grade, answer)
    assert widget.streak == 1
    widget.next()
    assert widget.puzzle.id != first.id
    widget._checked(widget.puzzle.grade("nonsense"), "nonsense")
    assert widget.streak == 0
    assert widget.best == 1
