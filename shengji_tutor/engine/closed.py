"""``Closed``: the base of the engine's closed sets (a round's phase, a unit's kind, a side, a partnership…).

A closed set is a ``StrEnum``: it reads, saves and syncs to a browser as its word, and it is compared by its
members (``rnd.phase is Phase.PLAY``), never by a string (tests/test_structure.py keeps that). Its ``repr`` names
the member as code does, so that a value holding one still reads back (``LevelChange(side=Side.DECLARERS, ...)``).

>>> from shengji_tutor.engine.scoring import Side
>>> Side.DECLARERS, str(Side.DECLARERS), Side("attackers")
(Side.DECLARERS, 'declarers', Side.ATTACKERS)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Closed"]


class Closed(StrEnum):
    """A closed set of words; see the module docstring."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
