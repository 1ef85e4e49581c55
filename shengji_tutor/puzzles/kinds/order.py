"""Sort these cards, highest first (RULES §3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from ...engine.cards import Card, parse_cards
from ...engine.grading import AnswerKind
from ...engine.trump import Trump
from ...i18n import N_, t
from ..base import Answer, Puzzle, PuzzleView, Solution, spec_cards
from ..schema import OrderSpec


class OrderPuzzle(Puzzle, spec_type=OrderSpec):
    """Cards of one effective suit: the learner picks them all, highest first (equal cards in any order)."""

    idea_text = N_(
        "Trumps rank from the top: big joker, small joker, the trump rank in the trump suit, the trump rank "
        "in the other suits, then the trump suit from the ace down (RULES §3)."
    )

    spec: OrderSpec
    answer_kind = AnswerKind.ORDER

    cards = spec_cards("cards", N_("cards: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        return [self.cards]

    def view(self) -> PuzzleView:
        shuffled = list(self.cards)
        random.Random(self.id).shuffle(shuffled)
        return replace(super().view(), hand=tuple(shuffled), hand_label=t("The cards"), sort_hand=False)

    def _ordered(self) -> list[Card]:
        return sorted(self.cards, key=self.trump.sort_key)

    def solve(self) -> Solution:
        return [str(c) for c in self._ordered()]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        order = self._ordered()
        cards = parse_cards(self.canonical_answer(answer))
        if Counter(cards) != Counter(order):
            return False, t("Use every card once, highest first.")
        keys = [self.trump.key(c) for c in cards]
        ok = all(a >= b for a, b in pairwise(keys))
        return ok, t("High to low: {order} (RULES §3).", order=_order_words(order, self.trump))

    def checks(self) -> list[str]:
        if len({self.trump.suit_of(c) for c in self.cards}) != 1:
            return [t("an order puzzle must use cards of one effective suit")]
        return []

    def own_mistake(self, given: str, why: str) -> str:
        for a, b in pairwise(parse_cards(given)):
            if self.trump.key(a) < self.trump.key(b):
                return t("You put {low} above {high}, but {high} ranks higher.", low=a.symbol(), high=b.symbol())
        return ""


def _order_words(cards: Sequence[Card], trump: Trump) -> str:
    parts: list[str] = []
    previous: int | None = None
    for c in cards:
        k = trump.key(c)
        if previous is not None:
            parts.append(" = " if k == previous else " > ")
        parts.append(c.symbol())
        previous = k
    return "".join(parts)
