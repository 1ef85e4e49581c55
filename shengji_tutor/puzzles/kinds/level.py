"""What is the level change? How many levels one side goes up after a round (RULES §9).

The engine counts: the attackers' points in tricks, plus the kitty (底牌 dǐpái)
multiplied when they won the last trick (``kitty_bonus``, with the table's
``kitty_multiplier``), then the level table (``level_change``). The answer is the
levels the asked side gains: 0 when the other side goes up, and 0 for the
attackers when they only take over. With mandatory levels (RULES §11) and the
side's ``level`` given, ``level_after`` stops the rise on a mandatory level the
side has not played as declarers.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.cards import RANKS, Card, format_cards, points
from ...engine.rules import RuleSet
from ...engine.scoring import kitty_bonus, kitty_multiplier, largest_unit, level_after, level_change
from ...engine.trump import Trump
from ..base import Answer, Puzzle, PuzzleView, Solution
from ..schema import LevelSpec

__all__ = ["LevelPuzzle", "band_words", "multiplier_words"]


def band_words(total: int, rules: RuleSet) -> str:
    """The row of the level table a total falls in, with its edges for these decks (RULES §9)."""
    step = rules.step
    p = max(0, total)
    if p == 0:
        return "0 (the declarers go up 3 levels)"
    if p < step:
        return f"5–{step - 5} (the declarers go up 2 levels)"
    if p < 2 * step:
        return f"{step}–{2 * step - 5} (the declarers go up 1 level)"
    low = p // step * step
    levels = p // step - 2
    rise = f"and go up {levels} level{'s' if levels > 1 else ''}" if levels else "with no level change"
    return f"{low}–{low + step - 5} (the attackers take over {rise})"


def _rise_words(levels: int, other_side_wins: bool) -> str:
    """What a side's rise is, in words: "go up 2 levels", "go up 1 level", "stay where they are"; when the other
    side takes the round (``other_side_wins``), "go up no level: the other side takes the round".

    >>> from shengji_tutor.puzzles.kinds.level import _rise_words
    >>> _rise_words(2, False), _rise_words(0, False), _rise_words(0, True)
    ('go up 2 levels', 'stay where they are', 'go up no level: the other side takes the round')
    """
    if other_side_wins:
        return "go up no level: the other side takes the round"
    if not levels:
        return "stay where they are"
    return f"go up {levels} level{'s' if levels != 1 else ''}"


def multiplier_words(play: list[Card], trump: Trump, rules: RuleSet) -> str:
    """How the kitty's multiplier comes from the last trick's winning play, under the table's rule."""
    m = kitty_multiplier(play, trump, rules)
    if rules.kitty_multiplier == "cards":
        return (
            f"×{m}, 2 × all {len(play)} cards of the play — this table's house rule (RULES §11); by the default "
            f"rule only its largest unit counts (×{2 * largest_unit(play, trump, rules)})"
        )
    unit = largest_unit(play, trump, rules)
    cards = f"{unit} card{'s' if unit > 1 else ''}"
    if rules.kitty_multiplier == "power":
        return f"×{m}, 2 to the power of the {cards} of its largest unit (a variant, RULES §9)"
    return f"×{m}, 2 × the {cards} of its largest unit (RULES §9)"


class LevelPuzzle(Puzzle, spec_type=LevelSpec):
    """The attackers' points (and the kitty, when they won the last trick): how many levels does a side go up?"""

    idea_text = (
        "Add what the attackers won: their tricks, and the kitty multiplied if they took the last trick. "
        "Then find that total's row in the level table — below {line} the declarers climb, from {line} the "
        "attackers take over (RULES §9)."
    )

    spec: LevelSpec
    answer_kind = "number"

    @cached_property
    def kitty(self) -> list[Card]:
        return self._cards(self.spec.kitty, "kitty")

    @cached_property
    def last_trick(self) -> list[Card]:
        return self._cards(self.spec.last_trick, "last trick")

    def _card_groups(self) -> list[list[Card]]:
        return [self.kitty + self.last_trick]

    def view(self) -> PuzzleView:
        view = replace(super().view(), context=self._table_words())
        return replace(view, hand=tuple(self.kitty), hand_label="The kitty") if self.kitty else view

    def _table_words(self) -> str:
        """The house rules that change the level table, for the view ("" at the usual table of two decks)."""
        rules, words = self.rules, []
        if rules.decks != 2:
            words.append(f"{rules.decks} deck{'s' if rules.decks > 1 else ''}: rows of {rules.step} points.")
        if rules.mandatory_levels:
            words.append(f"Mandatory levels: {', '.join(rules.mandatory_levels)}.")
        if self.spec.level:
            words.append(f"The {self.spec.side} stand at {RANKS[self.spec.level_index or 0]}.")
        return " ".join(words)

    @cached_property
    def _result(self) -> tuple[int, str]:
        spec, rules = self.spec, self.rules
        total, parts = spec.attacker_points, []
        if self.kitty:
            bonus = kitty_bonus(self.kitty, self.last_trick, self.trump, rules)
            total += bonus
            parts.append(
                f"The attackers won the last trick with {format_cards(self.last_trick)}, so the kitty's "
                f"{points(self.kitty)} points count {multiplier_words(self.last_trick, self.trump, rules)}: "
                f"{spec.attacker_points} + {bonus} = {total}."
            )
        if total < 0:
            parts.append(f"A total of {total} counts as 0.")
        change = level_change(total, rules)
        gained = change.levels if change.side == spec.side else 0
        decks = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}"
        parts.append(
            f"In the level table for {decks}, {max(0, total)} points is in the row {band_words(total, rules)}."
        )
        start = spec.level_index
        if start is None or not rules.mandatory_levels:
            parts.append(f"So the {spec.side} {_rise_words(gained, change.side != spec.side)} (RULES §9).")
            return gained, " ".join(parts)
        parts.append(f"The table gives the {spec.side} {gained} level{'s' if gained != 1 else ''} (RULES §9).")
        return self._mandatory(start, gained, parts)

    def _mandatory(self, start: int, table: int, parts: list[str]) -> tuple[int, str]:
        """The rise from ``start`` under mandatory levels (``level_after``), and why (RULES §11)."""
        side, rules = self.spec.side, self.rules
        played = {start} if side == "declarers" else set()  # the declarers are playing their level now
        after = level_after(start, table, played, rules)
        mandatory = ", ".join(rules.mandatory_levels)
        rule = f"this table's mandatory levels are {mandatory} (RULES §11)"
        if table == 0:
            parts.append(f"No rise, so no mandatory level is passed; {rule}.")
        elif after - start == table:
            where = "past A: they win the match" if after == len(RANKS) else f"to {RANKS[after]}"
            parts.append(f"From {RANKS[start]} that is {where}; {rule}, and none is passed without being played.")
        elif after == start and table:
            parts.append(
                f"But they stand on {RANKS[start]}, a mandatory level they have not played as declarers: "
                f"{rule}, so they stay on {RANKS[start]} and must play it first."
            )
        else:
            parts.append(
                f"But {RANKS[after]} is a mandatory level: {rule}. From {RANKS[start]} the rise would pass "
                f"{RANKS[after]}, so it stops on it: they must play {RANKS[after]} first."
            )
        gained = after - start
        parts.append(f"So the {side} {_rise_words(gained, False)}.")
        return gained, " ".join(parts)

    def solve(self) -> Solution:
        return self._result[0]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._result[1]

    def own_mistake(self, given: str, why: str) -> str:
        right = int(str(self.solve()))
        again = "find the total's row again"
        if self.spec.level and self.rules.mandatory_levels:
            again += ", then check whether the rise passes a mandatory level"
        return f"{given} is too {'many' if int(given) > right else 'few'} levels: {again}."
