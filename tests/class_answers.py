"""A student's answer written as the course writes it, for tests that need attempts in a class's store."""

from __future__ import annotations

from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.store.progress import ProgressStore


def answer_as(store: ClassroomStore, student_id: str, puzzle_id: str, answer: str, correct: bool) -> None:
    """Record ``answer`` to ``puzzle_id`` by the class's student ``student_id``, as ``store.answers.Recorder`` does
    (through the student's progress in the class's store), written exactly as given."""
    ProgressStore(url=store.url, learner=student_id).record(puzzle_id, correct, answer)
