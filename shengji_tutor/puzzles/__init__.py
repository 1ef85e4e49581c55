"""The puzzle bank: YAML data in ``exercises/``, answers computed by the engine.

>>> bank = load_bank()
>>> puzzle = next(iter(bank.values()))
>>> puzzle.grade(puzzle.solve()).correct
True
"""

from __future__ import annotations

from .bank import BankError, Puzzle, check_bank, check_puzzle, exercises_dir, load_bank, load_topics
from .schema import KINDS, SEATS

__all__ = [
    "KINDS",
    "SEATS",
    "BankError",
    "Puzzle",
    "check_bank",
    "check_puzzle",
    "exercises_dir",
    "load_bank",
    "load_topics",
]
