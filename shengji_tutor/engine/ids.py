"""The id layer: the engine's fast functions on integer card ids, for rounds, bots and search.

The public functions (``legal_follow``, ``trick_winner``, ``check_throw`` …) take
cards in any notation, validate everything and explain their verdicts. Code
that calls the engine thousands of times per second on cards it already
trusts — a round, a bot, a puzzle generator — works one level down, on this
layer:

- a card is its id, ``0..53`` (``card_ids`` / ``cards_of`` convert); a hand is a
  list of ids; ``count_ids`` turns it into ``{id: copies}``;
- a ``Trump`` carries three tables indexed by id: ``suit_table`` (effective suit,
  ``TRUMP`` for trumps), ``key_table`` (order within that suit; consecutive keys
  make tractors) and ``order_table`` (on-screen sorting);
- a unit is a ``RawUnit(length, width, top, ids)``: ``decompose`` splits cards of
  one suit into units, largest first; ``placements`` lists the units of a shape
  a holding can form, highest first;
- ``judge_follow``, ``judge_throw`` and ``winner_of`` are the verdicts on trusted
  ids (explanations built lazily, only when read); ``lead_units``,
  ``legal_plays`` and ``random_follow`` enumerate or draw plays.

Nothing here checks that ids are in range or that copies are possible: the
public functions do that once at the boundary.

>>> from shengji_tutor.engine.cards import card_ids, cards_of
>>> from shengji_tutor.engine.ids import decompose, winner_of
>>> from shengji_tutor.engine.rules import RuleSet
>>> from shengji_tutor.engine.trump import Trump
>>> t = Trump("7", "C")
>>> [(u.length, u.width) for u in decompose(card_ids("8H 8H 6H 6H 3H"), t.key_table)]
[(2, 2), (1, 1)]
>>> winner_of([card_ids("8D 8D"), card_ids("9D 9D"), card_ids("5C 5C"), card_ids("10C 10C")], t, RuleSet())
3
"""

from __future__ import annotations

from .cards import N_CARD_IDS, card_ids, cards_of, check_id_copies
from .follow import judge_follow
from .plays import lead_units, legal_plays, random_follow
from .tricks import judge_throw, winner_of
from .trump import TRUMP
from .units import RawUnit, count_ids, decompose, lead_suit, placements

__all__ = [
    "N_CARD_IDS",
    "TRUMP",
    "RawUnit",
    "card_ids",
    "cards_of",
    "check_id_copies",
    "count_ids",
    "decompose",
    "judge_follow",
    "judge_throw",
    "lead_suit",
    "lead_units",
    "legal_plays",
    "placements",
    "random_follow",
    "winner_of",
]
