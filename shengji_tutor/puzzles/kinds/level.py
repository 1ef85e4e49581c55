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

from ...engine.cards import RANKS, Card, format_cards, listed, points
from ...engine.grading import AnswerKind
from ...engine.rules import RuleSet
from ...engine.scoring import Side, kitty_bonus, kitty_multiplier, largest_unit, level_after, level_change
from ...engine.trump import Trump
from ...i18n import N_, t, tn
from ..base import PuzzleView, SettledPuzzle, spec_cards
from ..schema import LevelSpec
from ..teaching import sentences

__all__ = ["LevelPuzzle", "band_words", "multiplier_words"]


def band_words(total: int, rules: RuleSet) -> str:
    """The row of the level table a total falls in, with its edges for these decks (RULES §9), in the reader's
    language."""
    step = rules.step
    p = max(0, total)
    if p == 0:
        return t("0 (the declarers go up 3 levels)")
    if p < step:
        return t("5–{high} (the declarers go up 2 levels)", high=step - 5)
    if p < 2 * step:
        return t("{low}–{high} (the declarers go up 1 level)", low=step, high=2 * step - 5)
    low = p // step * step
    levels = p // step - 2
    if not levels:
        return t("{low}–{high} (the attackers take over with no level change)", low=low, high=low + step - 5)
    return tn(
        "{low}–{high} (the attackers take over and go up {n} level)",
        "{low}–{high} (the attackers take over and go up {n} levels)",
        levels,
        low=low,
        high=low + step - 5,
    )


def _rise_words(levels: int, other_side_wins: bool) -> str:
    """What a side's rise is, in words (the reader's language): "go up 2 levels", "go up 1 level", "stay where they
    are"; when the other side takes the round (``other_side_wins``), "go up no level: the other side takes the round".

    >>> from shengji_tutor.puzzles.kinds.level import _rise_words
    >>> _rise_words(2, False), _rise_words(0, False), _rise_words(0, True)
    ('go up 2 levels', 'stay where they are', 'go up no level: the other side takes the round')
    """
    # TRANSLATORS: what a side (the declarers or the attackers, plural) does after the round: "So the declarers …"
    if other_side_wins:
        return t("go up no level: the other side takes the round")
    if not levels:
        return t("stay where they are")
    return tn("go up {n} level", "go up {n} levels", levels)


_SO = {
    "declarers": (N_("So the declarers {rise} (RULES §9)."), N_("So the declarers {rise}.")),
    "attackers": (N_("So the attackers {rise} (RULES §9)."), N_("So the attackers {rise}.")),
}
"""A side's rise as the explanation ends (``_rise_words``), naming the rule or not."""
_STAND = {"declarers": N_("The declarers stand at {rank}."), "attackers": N_("The attackers stand at {rank}.")}


_MANDATORY = {
    "none": N_("No rise, so no mandatory level is passed; this table's mandatory levels are {levels} (RULES §11)."),
    "past A": N_(
        "From {start} that is past A: they win the match; this table's mandatory levels are {levels} "
        "(RULES §11), and none is passed without being played."
    ),
    "passes none": N_(
        "From {start} that is to {rank}; this table's mandatory levels are {levels} (RULES §11), and "
        "none is passed without being played."
    ),
    "stands": N_(
        "But they stand on {start}, a mandatory level they have not played as declarers: this table's "
        "mandatory levels are {levels} (RULES §11), so they stay on {start} and must play it first."
    ),
    "stops": N_(
        "But {rank} is a mandatory level: this table's mandatory levels are {levels} (RULES §11). From "
        "{start} the rise would pass {rank}, so it stops on it: they must play {rank} first."
    ),
}
"""How a rise meets the mandatory levels (RULES §11): no rise, past A, passing none, held on the level the side
stands on, or stopped on one."""


def _mandatory_words(start: int, table: int, after: int, levels: str) -> str:
    """Whether the table's rise from ``start`` passes a mandatory level, or where it stops to play one (RULES §11)."""
    if table == 0:
        case = "none"
    elif after == len(RANKS):  # the rise goes past A (however far the table would take it): the match is won
        case = "past A"
    elif after - start == table:
        case = "passes none"
    else:
        case = "stands" if after == start else "stops"
    rank = None if case == "past A" else RANKS[after]  # past A: no rank to name
    return t(_MANDATORY[case], start=RANKS[start], rank=rank, levels=levels)


def multiplier_words(play: list[Card], trump: Trump, rules: RuleSet) -> str:
    """How the kitty's multiplier comes from the last trick's winning play, under the table's rule (in the reader's
    language)."""
    m = kitty_multiplier(play, trump, rules)
    if rules.kitty_multiplier == "cards":
        return t(
            "×{m}, 2 × all {count} cards of the play — this table's house rule (RULES §11); by the default rule only "
            "its largest unit counts (×{default})",
            m=m,
            count=len(play),
            default=2 * largest_unit(play, trump, rules),
        )
    unit = largest_unit(play, trump, rules)
    if rules.kitty_multiplier == "power":
        return tn(
            "×{m}, 2 to the power of the {n} card of its largest unit (a variant, RULES §9)",
            "×{m}, 2 to the power of the {n} cards of its largest unit (a variant, RULES §9)",
            unit,
            m=m,
        )
    return tn(
        "×{m}, 2 × the {n} card of its largest unit (RULES §9)",
        "×{m}, 2 × the {n} cards of its largest unit (RULES §9)",
        unit,
        m=m,
    )


class LevelPuzzle(SettledPuzzle, spec_type=LevelSpec):
    """The attackers' points (and the kitty, when they won the last trick): how many levels does a side go up?"""

    idea_text = N_(
        "Add what the attackers won: their tricks, and the kitty multiplied if they took the last trick. "
        "Then find that total's row in the level table — below {line} the declarers climb, from {line} the "
        "attackers take over (RULES §9)."
    )

    spec: LevelSpec
    answer_kind = AnswerKind.NUMBER

    kitty = spec_cards("kitty", N_("kitty: {problem}"))
    last_trick = spec_cards("last_trick", N_("last trick: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        return [self.kitty + self.last_trick]

    def view(self) -> PuzzleView:
        view = replace(super().view(), context=self._table_words())
        return replace(view, hand=tuple(self.kitty), hand_label=t("The kitty")) if self.kitty else view

    def _table_words(self) -> str:
        """The house rules that change the level table, for the view ("" at the usual table of two decks)."""
        rules, words = self.rules, []
        if rules.decks != 2:
            words.append(
                tn(
                    "{n} deck: rows of {step} points.",
                    "{n} decks: rows of {step} points.",
                    rules.decks,
                    step=rules.step,
                )
            )
        if rules.mandatory_levels:
            words.append(t("Mandatory levels: {levels}.", levels=listed(rules.mandatory_levels, last=False)))
        if self.spec.level:
            words.append(t(_STAND[self.spec.side], rank=RANKS[self.spec.level_index or 0]))
        return sentences(words)

    @cached_property
    def _settled(self) -> tuple[int, str]:
        spec, rules = self.spec, self.rules
        total, parts = spec.attacker_points, []
        if self.kitty:
            bonus = kitty_bonus(self.kitty, self.last_trick, self.trump, rules)
            total += bonus
            parts.append(
                t(
                    "The attackers won the last trick with {cards}, so the kitty's {points} points count {multiplier}: "
                    "{won} + {bonus} = {total}.",
                    cards=format_cards(self.last_trick),
                    points=points(self.kitty),
                    multiplier=multiplier_words(self.last_trick, self.trump, rules),
                    won=spec.attacker_points,
                    bonus=bonus,
                    total=total,
                )
            )
        if total < 0:
            parts.append(t("A total of {total} counts as 0.", total=total))
        change = level_change(total, rules)
        gained = change.levels if change.side == spec.side else 0
        parts.append(
            tn(
                "In the level table for {n} deck, {points} points is in the row {row}.",
                "In the level table for {n} decks, {points} points is in the row {row}.",
                rules.decks,
                points=max(0, total),
                row=band_words(total, rules),
            )
        )
        start = spec.level_index
        if start is None or not rules.mandatory_levels:
            parts.append(t(_SO[spec.side][0], rise=_rise_words(gained, change.side != spec.side)))
            return gained, sentences(parts)
        parts.append(
            tn(
                "The table gives the declarers {n} level (RULES §9).",
                "The table gives the declarers {n} levels (RULES §9).",
                gained,
            )
            if spec.side == Side.DECLARERS
            else tn(
                "The table gives the attackers {n} level (RULES §9).",
                "The table gives the attackers {n} levels (RULES §9).",
                gained,
            )
        )
        return self._mandatory(start, gained, parts)

    def _mandatory(self, start: int, table: int, parts: list[str]) -> tuple[int, str]:
        """The rise from ``start`` under mandatory levels (``level_after``), and why (RULES §11)."""
        side, rules = self.spec.side, self.rules
        played = {start} if side is Side.DECLARERS else set()  # the declarers are playing their level now
        after = level_after(start, table, played, rules)
        parts.append(_mandatory_words(start, table, after, listed(rules.mandatory_levels, last=False)))
        gained = after - start
        parts.append(t(_SO[side][1], rise=_rise_words(gained, False)))
        return gained, sentences(parts)

    def own_mistake(self, given: str, why: str) -> str:
        right = int(str(self.solve()))
        many = int(given) > right
        if self.spec.level and self.rules.mandatory_levels:
            if many:
                return t(
                    "{given} is too many levels: find the total's row again, then check whether the rise passes a "
                    "mandatory level.",
                    given=given,
                )
            return t(
                "{given} is too few levels: find the total's row again, then check whether the rise passes a "
                "mandatory level.",
                given=given,
            )
        if many:
            return t("{given} is too many levels: find the total's row again.", given=given)
        return t("{given} is too few levels: find the total's row again.", given=given)
