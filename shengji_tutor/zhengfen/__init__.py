"""Zheng Fen (挣分 zhèngfēn, "fighting for points"): Sheng ji's climbing cousin (RULES §12), its own engine.

One deck of 54, 3–6 players each for themselves, Sheng ji's cards and points;
every rule the engine had to settle is written in the docstring of the module
that applies it.

- ``rules``: ``ZhengFenRules`` (3–6 players, a target of 500 or 1000), the order, the errors;
- ``combos``: the kinds of combination, ``classify``, what beats what, every combination of a hand;
- ``game``: ``Game``, the state machine (deal, ``Play``/``Pass``, taking the pile, scoring), and ``View``;
- ``bots``: ``RandomBot`` and ``HeuristicBot``; ``record``: ``play_game`` and ``GameRecord``.

>>> from shengji_tutor.zhengfen import play_game
>>> record = play_game(players=3, seed=2)
>>> len(record.scores), record.replayed() == record
(3, True)
"""

from __future__ import annotations

from .bots import Bot, HeuristicBot, RandomBot
from .combos import (
    Combination,
    Kind,
    beats_verdict,
    classify,
    combination_verdict,
    combinations,
    plays_beating,
    refusal,
)
from .game import Action, Game, Pass, Play, Trick, View
from .record import GameRecord, GameRecordError, play_game
from .rules import ORDER, CombinationError, TurnError, ZhengFenError, ZhengFenRules, ZhengFenRulesError, value

__all__ = [
    "ORDER",
    "Action",
    "Bot",
    "Combination",
    "CombinationError",
    "Game",
    "GameRecord",
    "GameRecordError",
    "HeuristicBot",
    "Kind",
    "Pass",
    "Play",
    "RandomBot",
    "Trick",
    "TurnError",
    "View",
    "ZhengFenError",
    "ZhengFenRules",
    "ZhengFenRulesError",
    "beats_verdict",
    "classify",
    "combination_verdict",
    "combinations",
    "play_game",
    "plays_beating",
    "refusal",
    "value",
]
