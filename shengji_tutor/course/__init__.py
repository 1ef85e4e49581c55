"""The course: the lesson catalogue, lesson pages, puzzle sets with saved progress, practice mode.

Lesson notebooks (shipped in ``notebooks/`` beside this module) stay a few cells
long: they call ``lesson_header``, ``cards``, ``puzzle_set`` and ``lesson_footer``.
"""

from __future__ import annotations

from .catalogue import LESSONS, Lesson
from .pages import cards, finish_line, home, lesson_footer, lesson_header, page_header
from .practice import Practice, practice
from .puzzle_sets import PuzzleSet, puzzle_set

__all__ = [
    "LESSONS",
    "Lesson",
    "Practice",
    "PuzzleSet",
    "cards",
    "finish_line",
    "home",
    "lesson_footer",
    "lesson_header",
    "page_header",
    "practice",
    "puzzle_set",
]
