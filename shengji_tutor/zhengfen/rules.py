"""Zheng Fen's table and card order: ``ZhengFenRules``, the errors, ``value`` (RULES §12).

Zheng Fen (挣分 zhèngfēn, "fighting for points") is played with one deck of 54
cards by 3 to 6 players, each for themselves. The cards are Sheng ji's ``Card``
values and notation (``10H``, ``A♠``, ``SJ``, ``BJ``), but the order is fixed:
3 < 4 < … < K < A < 2 < SJ < BJ, whatever the suit. Points are Sheng ji's (RULES
§2): 5s score 5, 10s and kings 10, so every hand deals out 100 points.

>>> from shengji_tutor.zhengfen import ZhengFenRules, value
>>> from shengji_tutor import Card
>>> ZhengFenRules(players=3, target=1000)
ZhengFenRules(players=3, target=1000)
>>> value(Card("A", "S")) < value(Card("2", "C")) < value(Card("SJ")) < value(Card("BJ"))
True
>>> ZhengFenRules(players=7)
Traceback (most recent call last):
...
shengji_tutor.zhengfen.rules.ZhengFenRulesError: Zheng Fen is played by 3 to 6 players, not 7
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.errors import ShengjiError

__all__ = [
    "ORDER",
    "TARGETS",
    "CombinationError",
    "TurnError",
    "ZhengFenError",
    "ZhengFenRules",
    "ZhengFenRulesError",
    "value",
]

ORDER: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
"""The ranks from low to high (RULES §12): suits never order cards in Zheng Fen."""
TARGETS: tuple[int, ...] = (500, 1000)
"""The scores a game is played to: 500 by default, 1000 as the seed's longer variant."""
MIN_PLAYERS, MAX_PLAYERS = 3, 6
_VALUE: dict[str, int] = {rank: i for i, rank in enumerate(ORDER)}
TWO = _VALUE["2"]
"""The value of a 2: the highest a sequence may reach (jokers are in no sequence)."""


class ZhengFenError(ShengjiError):
    """Base class of every error Zheng Fen's engine raises on bad input (a ``ShengjiError``, so a ``ValueError``)."""


class ZhengFenRulesError(ZhengFenError):
    """A table outside the game's range: players 3–6, a target of 500 or 1000."""


class CombinationError(ZhengFenError):
    """Cards that are no Zheng Fen combination; the message says which rule they break."""


class TurnError(ZhengFenError):
    """An action the game refuses: out of turn, cards not held, a play that does not beat the table, a pass on a lead."""


@dataclass(frozen=True)
class ZhengFenRules:
    """One table: how many play (3–6, each for themselves) and the score that wins (500, or 1000)."""

    players: int = 4
    target: int = 500

    def __post_init__(self) -> None:
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ZhengFenRulesError(
                f"Zheng Fen is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players!r}"
            )
        if type(self.target) is not int or self.target not in TARGETS:
            raise ZhengFenRulesError(f"a game of Zheng Fen is played to 500 or 1000 points, not {self.target!r}")


def value(card: Card) -> int:
    """The card's place in Zheng Fen's order: 0 for a 3 up to 12 for a 2, 13 for SJ and 14 for BJ."""
    return _VALUE[card.rank]
