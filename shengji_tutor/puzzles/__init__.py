"""The puzzle bank: YAML data in ``exercises/``, answers computed by the engine.

>>> from shengji_tutor.puzzles import load_bank
>>> bank = load_bank()
>>> puzzle = next(iter(bank.values()))
>>> puzzle.grade(puzzle.solve()).correct
True
"""

from __future__ import annotations

from .bank import BankError, Puzzle, check_bank, check_puzzle, exercises_dir, load_bank, load_topics
from .base import PuzzleView, answer_text
from .schema import KINDS, SEATS

__all__ = [
    "KINDS",
    "SEATS",
    "BankError",
    "Puzzle",
    "PuzzleView",
    "answer_text",
    "check_bank",
    "check_puzzle",
    "exercises_dir",
    "load_bank",
    "load_topics",
]
