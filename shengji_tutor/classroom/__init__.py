"""Classroom sessions: classes with a join code, students' attempts, the instructor's view.

>>> from shengji_tutor.classroom import ClassroomStore
>>> import tempfile, pathlib
>>> store = ClassroomStore(f"sqlite:///{pathlib.Path(tempfile.mkdtemp()) / 'c.sqlite'}")
>>> code = store.create_class("Tuesday club", "a-long-secret-key")
>>> me = store.join(code, "  Ana  ")
>>> from shengji_tutor.store.progress import ProgressStore
>>> ProgressStore(url=store.url, learner=me).record("pairs-keep-your-pair", False, "yes")  # as the course records
>>> [(a.display_name, a.puzzle_id, a.correct) for a in store.attempts(code, "a-long-secret-key")]
[('Ana', 'pairs-keep-your-pair', False)]
"""

from __future__ import annotations

from ..store.classroom import (
    ClassAttempt,
    ClassroomError,
    ClassroomStore,
    WrongKeyError,
    clean_name,
    new_instructor_key,
)

__all__ = ["ClassAttempt", "ClassroomError", "ClassroomStore", "WrongKeyError", "clean_name", "new_instructor_key"]
