"""Classroom sessions: classes with a join code, students' attempts, the instructor's view.

>>> from shengji_tutor.classroom import ClassroomStore
>>> import tempfile, pathlib
>>> store = ClassroomStore(f"sqlite:///{pathlib.Path(tempfile.mkdtemp()) / 'c.sqlite'}")
>>> code = store.create_class("Tuesday club", "a-long-secret-key")
>>> me = store.join(code, "  Ana  ")
>>> store.record_attempt(me, "pairs-keep-your-pair", "yes", False)
>>> [(a.display_name, a.puzzle_id, a.correct) for a in store.attempts(code, "a-long-secret-key")]
[('Ana', 'pairs-keep-your-pair', False)]
"""

from __future__ import annotations

from ..store.classroom import Attempt, ClassroomError, ClassroomStore, WrongKeyError, clean_name, new_instructor_key

__all__ = ["Attempt", "ClassroomError", "ClassroomStore", "WrongKeyError", "clean_name", "new_instructor_key"]
