"""shengji-tutor: the rules engine and course for Sheng ji (升级 shēngjí, Tractor / 拖拉机).

The names below are the engine contract (API.md); lessons, puzzles and the
classroom use only these.

>>> from shengji_tutor import Trump, trick_winner, points
>>> trick_winner(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], Trump("7", "C"))
3
"""

from __future__ import annotations

from .engine.cards import Card, as_cards, deck, format_cards, parse_cards, points
from .engine.declaring import Declaration
from .engine.errors import (
    CardParseError,
    IllegalLeadError,
    ImpossibleCardsError,
    InvalidTrumpError,
    PlayError,
    RuleSetError,
    ShengjiError,
)
from .engine.follow import Verdict, legal_follow
from .engine.grading import Grade
from .engine.plays import legal_plays
from .engine.rules import RuleSet
from .engine.scoring import LevelChange, kitty_bonus, kitty_multiplier, level_change, next_dealer
from .engine.seats import seat_name
from .engine.tricks import PlayNote, ThrowCheck, TrickResult, check_throw, explain_trick, trick_winner
from .engine.trump import Trump
from .engine.units import Format, Unit, is_tractor, lead_format
from .play.bots import Bot, HeuristicBot, RandomBot
from .play.game import MatchRecord, play_match, play_round
from .play.record import RecordError, RoundRecord
from .play.round import (
    ActionError,
    CallError,
    DecisionKind,
    DeclarationError,
    IllegalPlayError,
    KittyError,
    OutOfTurnError,
    Phase,
    PhaseError,
    PlayerView,
    RedealError,
    Round,
    Trick,
)
from .play.search import PlayValue, SearchBot, evaluate_plays

__version__ = "0.1.0"

__all__ = [
    "ActionError",
    "Bot",
    "CallError",
    "Card",
    "CardParseError",
    "DecisionKind",
    "Declaration",
    "DeclarationError",
    "Format",
    "Grade",
    "HeuristicBot",
    "IllegalLeadError",
    "IllegalPlayError",
    "ImpossibleCardsError",
    "InvalidTrumpError",
    "KittyError",
    "LevelChange",
    "MatchRecord",
    "OutOfTurnError",
    "Phase",
    "PhaseError",
    "PlayError",
    "PlayNote",
    "PlayValue",
    "PlayerView",
    "RandomBot",
    "RecordError",
    "RedealError",
    "Round",
    "RoundRecord",
    "RuleSet",
    "RuleSetError",
    "SearchBot",
    "ShengjiError",
    "ThrowCheck",
    "Trick",
    "TrickResult",
    "Trump",
    "Unit",
    "Verdict",
    "__version__",
    "as_cards",
    "check_throw",
    "deck",
    "evaluate_plays",
    "explain_trick",
    "format_cards",
    "is_tractor",
    "kitty_bonus",
    "kitty_multiplier",
    "lead_format",
    "legal_follow",
    "legal_plays",
    "level_change",
    "next_dealer",
    "parse_cards",
    "play_match",
    "play_round",
    "points",
    "seat_name",
    "trick_winner",
]
