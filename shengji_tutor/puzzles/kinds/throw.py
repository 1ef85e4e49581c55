"""Throws (甩牌 shuǎipái): is it safe, and what must be played when it fails? (RULES §8)"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card
from ...engine.seats import SEATS
from ...engine.tricks import ThrowCheck, check_throw
from ...engine.units import lead_format
from ..base import Answer, AnswerKind, Puzzle, PuzzleView, Solution, seat_order
from ..schema import ThrowSpec


class ThrowPuzzle(Puzzle, spec_type=ThrowSpec):
    """A throw and the other hands: ``ask: safe`` (yes or no) or ``ask: forced`` (the cards to play instead)."""

    spec: ThrowSpec

    @property
    def answer_kind(self) -> AnswerKind:
        return "cards" if self.spec.ask == "forced" else "yesno"

    @cached_property
    def lead(self) -> list[Card]:
        return self._cards(self.spec.lead, "lead")

    @cached_property
    def others(self) -> list[list[Card]]:
        """The other players' hands, in play order after the leader."""
        return [self._cards(h, "other hand") for h in self.spec.others]

    @property
    def other_names(self) -> list[str]:
        return seat_order(SEATS.index(self.spec.leader))[1:]

    def _card_groups(self) -> list[list[Card]]:
        return [self.lead, *self.others]

    def view(self) -> PuzzleView:
        others = tuple((name, tuple(hand)) for name, hand in zip(self.other_names, self.others, strict=False))
        return replace(super().view(), hand=tuple(self.lead), hand_label="Your throw", others=others)

    @cached_property
    def _throw(self) -> ThrowCheck:
        return check_throw(self.lead, self.others, self.trump, self.rules, names=self.other_names)

    def solve(self) -> Solution:
        if self.spec.ask == "safe":
            return "yes" if self._throw.ok else "no"
        return [str(c) for c in self._throw.forced]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._throw.reason

    def checks(self) -> list[str]:
        if len(lead_format(self.lead, self.trump, self.rules).units) < 2:
            return ["the lead is a single unit, not a throw"]
        return []
