"""Scoring a round: the kitty (底牌 dǐpái) bonus and the level table (RULES §9).

>>> from shengji_tutor import Trump, kitty_multiplier, level_change
>>> level_change(0)
LevelChange(side='declarers', levels=3, points=0)
>>> level_change(125)
LevelChange(side='attackers', levels=1, points=125)
>>> kitty_multiplier("QS QS", Trump("7", "C"))
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CardsLike, as_cards, check_copies, points
from .errors import RuleSetError, ShengjiError
from .rules import RuleSet, rules_or_default
from .trump import Trump, check_trump
from .units import lead_format

__all__ = [
    "LevelChange",
    "RoundScore",
    "kitty_bonus",
    "kitty_multiplier",
    "largest_unit",
    "level_change",
    "next_dealer",
]


@dataclass(frozen=True)
class LevelChange:
    """Who goes up after a round: ``side`` is ``"declarers"`` or ``"attackers"``.

    ``levels`` is how many levels that side gains; the attackers may take over
    with 0 (80–115 points with two decks). ``points`` is the attackers' total that
    was scored (negative totals count as 0).
    """

    side: str
    levels: int
    points: int

    @property
    def takeover(self) -> bool:
        """The attackers become the declarers next round."""
        return self.side == "attackers"

    def describe(self) -> str:
        if self.side == "declarers":
            return f"The attackers scored {self.points}: the declarers hold and go up {self.levels} level{'s' if self.levels > 1 else ''}."
        if self.levels == 0:
            return f"The attackers scored {self.points}: they become the declarers, with no level change."
        return (
            f"The attackers scored {self.points}: they become the declarers and go up "
            f"{self.levels} level{'s' if self.levels > 1 else ''}."
        )


@dataclass(frozen=True)
class RoundScore:
    """A finished round's score, counted for the attackers (RULES §8–§9).

    ``trick_points``: the card points the attackers won in tricks; ``penalty_points``:
    throw penalties (+ for each declarer's failed throw, − for an attacker's);
    ``kitty_multiplier`` and ``kitty_bonus``: 0 unless the attackers won the last
    trick; ``total`` adds them up, and ``level_change`` is the level table's verdict on it.
    """

    trick_points: int
    penalty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    level_change: LevelChange

    @property
    def total(self) -> int:
        """The attackers' points for the level table (a negative total counts as 0 there)."""
        return self.trick_points + self.penalty_points + self.kitty_bonus


def kitty_multiplier(winning_play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> int:
    """What the kitty's points are multiplied by when the attackers win the last trick.

    The winning play is split as ``lead_format`` splits a lead; its largest unit
    has ``c`` cards. Default ``"times"``: 2 × c (single ×2, pair ×4, triple ×6,
    2-pair tractor ×8); variant ``"power"``: 2 ** c; variant ``"cards"`` (RULES §11):
    2 × every card of the play, whatever its units (a pair and a single ×6).

    >>> from shengji_tutor import RuleSet, Trump, kitty_multiplier
    >>> kitty_multiplier("8H 8H 9H 9H", Trump("7", "C"))
    8
    >>> kitty_multiplier("8H 8H 9H 9H", Trump("7", "C"), RuleSet(kitty_multiplier="power"))
    16
    >>> kitty_multiplier("AH AH KH", Trump("7", "C")), kitty_multiplier("AH AH KH", Trump("7", "C"), RuleSet(kitty_multiplier="cards"))
    (4, 6)
    """
    rules = rules_or_default(rules)
    play = as_cards(winning_play, "the winning play")
    size = largest_unit(play, trump, rules)  # also refuses a play that no trick could be won with
    if rules.kitty_multiplier == "cards":
        return 2 * len(play)
    return 2 * size if rules.kitty_multiplier == "times" else 2**size


def largest_unit(play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> int:
    """How many cards the largest unit of a play holds, split as ``lead_format`` splits a lead (RULES §9).

    >>> from shengji_tutor import Trump
    >>> from shengji_tutor.engine.scoring import largest_unit
    >>> largest_unit("8H 8H 9H 9H 3H", Trump("7", "C"))
    4
    """
    check_trump(trump)
    fmt = lead_format(as_cards(play, "the winning play"), trump, rules_or_default(rules))
    return max(u.width * u.length for u in fmt.units)


def kitty_bonus(kitty: CardsLike, winning_play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> int:
    """The kitty's points times ``kitty_multiplier`` of the last trick's winning play."""
    rules = rules_or_default(rules)
    kitty_cards = as_cards(kitty, "the kitty")
    play = as_cards(winning_play, "the winning play")
    check_copies([kitty_cards, play], rules.decks, "the kitty and the winning play")
    return points(kitty_cards) * kitty_multiplier(play, trump, rules)


def level_change(attacker_points: int, rules: RuleSet | None = None) -> LevelChange:
    """The result of a round from the attackers' points (RULES §9).

    Bands are 20 × decks wide (40 with two decks): 0 → declarers +3; below one
    band → +2; below two → +1; from two bands (80) the attackers take over, and
    go up one level for each further band (120 → +1, 160 → +2, …).

    >>> from shengji_tutor import level_change
    >>> [level_change(p).levels for p in (0, 5, 35, 40, 75)]
    [3, 2, 2, 1, 1]
    >>> [(level_change(p).side, level_change(p).levels) for p in (80, 115, 120, 200, 240)]
    [('attackers', 0), ('attackers', 0), ('attackers', 1), ('attackers', 3), ('attackers', 4)]
    """
    rules = rules_or_default(rules)
    if type(attacker_points) is not int:
        raise ShengjiError(f"attacker points must be a whole number, not {attacker_points!r}")
    p = max(0, attacker_points)
    step = rules.step
    if p == 0:
        return LevelChange("declarers", 3, p)
    if p < step:
        return LevelChange("declarers", 2, p)
    if p < 2 * step:
        return LevelChange("declarers", 1, p)
    return LevelChange("attackers", p // step - 2, p)


def next_dealer(
    dealer: int, change: LevelChange, rules: RuleSet | None = None, declarers: Sequence[int] | None = None
) -> int:
    """The seat that deals next (RULES §9): the next seat after the dealer, counter-clockwise, on the
    side that goes up — the dealer's partner if the declarers hold, else the next attacker.

    ``declarers`` is the dealer's side; by default the fixed partnerships (every other seat). Finding
    Friends rounds pass the side as it was revealed.

    >>> from shengji_tutor import RuleSet, level_change, next_dealer
    >>> next_dealer(0, level_change(30)), next_dealer(0, level_change(90))
    (2, 1)
    >>> next_dealer(0, level_change(30), RuleSet(players=5), declarers=(0, 3))
    3
    """
    rules = rules_or_default(rules)
    if not isinstance(change, LevelChange):
        raise ShengjiError(f"next_dealer needs the round's LevelChange (from level_change), not {change!r}")
    n = rules.players
    if type(dealer) is not int or not 0 <= dealer < n:
        raise RuleSetError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    side = set(range(dealer % 2, n, 2) if declarers is None else declarers)
    if change.side == "attackers":
        side = set(range(n)) - side
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        if seat in side:
            return seat
    return dealer
