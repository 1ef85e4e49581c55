"""Chao dipi (炒地皮 chǎo dìpí, RULES §11): can you overturn the trump, and with which pair?

After the dealer's kitty exchange the others may, in turn, overturn the standing
declaration with a stronger pair: BJ pair > SJ pair > trump-rank pair of ♠ > ♥ > ♣
> ♦. A single card never overturns, nor a weaker or equal pair.
``engine.declaring.judge_overturn`` (one pair), ``possible_overturns`` (a hand) and
``chao_strength`` (the order) decide, as they do in a round.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards, parse_cards, rank_plural
from ...engine.declaring import Declaration, chao_strength, judge_overturn, possible_overturns
from ..base import Answer as AnswerT
from ..base import AnswerKind, BankError, HandPuzzle, PuzzleView, Solution, Topic
from ..schema import OverturnSpec

__all__ = ["OverturnPuzzle"]

ORDER = "BJ pair > SJ pair > trump-rank pair of ♠ > ♥ > ♣ > ♦"


class OverturnPuzzle(HandPuzzle, spec_type=OverturnSpec):
    """A hand and the standing declaration: can it be overturned (yes/no), or which pair overturns it (cards)?"""

    idea_text = (
        "Chao dipi (炒地皮 chǎo dìpí) overturns only with a pair, and only with a stronger one: BJ pair > SJ "
        "pair > trump-rank pair of ♠ > ♥ > ♣ > ♦ (RULES §11)."
    )

    spec: OverturnSpec

    def __init__(self, spec: OverturnSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        if not self.rules.chao_dipi:
            raise BankError(
                f"puzzle {self.id}: an overturn puzzle is played under chao dipi: set rules: {{chao_dipi: true}}"
            )
        cards = self.declared
        rank = self.trump.rank
        pair = len(cards) == 2 and cards[0] is cards[1]
        if not ((len(cards) in (1, 2) and all(c.rank == rank for c in cards)) or (pair and cards[0].is_joker)):
            raise BankError(
                f"puzzle {self.id}: the standing declaration is one or two trump-rank cards ({rank_plural(rank)}) or a pair of "
                f"jokers, not {format_cards(cards)}"
            )
        if len(cards) == 2 and not pair:
            raise BankError(f"puzzle {self.id}: a declaration of two cards is a pair, not {format_cards(cards)}")
        if self.standing.suit != self.trump.suit:
            fixed = "no-trump" if self.standing.suit is None else f"{self.standing.suit} trump"
            raise BankError(f"puzzle {self.id}: the declaration {format_cards(cards)} fixes {fixed}: give it as trump")
        if Counter(self.shown) - Counter(self.hand):
            raise BankError(
                f"puzzle {self.id}: the cards you show ({format_cards(self.shown)}) are not all in your hand"
            )

    @property
    def answer_kind(self) -> AnswerKind:
        return "cards" if self.spec.ask == "pick" else "yesno"

    @cached_property
    def declared(self) -> list[Card]:
        return self._cards(self.spec.declared, "declaration")

    @cached_property
    def shown(self) -> list[Card]:
        return self._cards(self.spec.show, "the cards you show") if self.spec.show else []

    @cached_property
    def standing(self) -> Declaration:
        return Declaration.of(1, tuple(self.declared))

    def _card_groups(self) -> list[list[Card]]:
        return [*super()._card_groups(), self.declared]

    def view(self) -> PuzzleView:
        shown = f" You show {format_cards(self.shown)}." if self.shown else ""
        context = f"Standing declaration: {format_cards(self.declared)}.{shown}"
        return replace(super().view(), context=context, max_cards=2 if self.spec.ask == "pick" else 0)

    @cached_property
    def overturns(self) -> list[tuple[Card, ...]]:
        """The pairs of the hand that overturn the standing declaration, strongest first."""
        found = possible_overturns(self.hand, self.trump.rank, self.standing)
        return sorted(found, key=lambda p: chao_strength(Declaration.of(0, p)), reverse=True)

    def _rule(self) -> str:
        return (
            f"Chao dipi (炒地皮 chǎo dìpí, RULES §11) overturns {format_cards(self.declared)} only with a stronger "
            f"pair: {ORDER}."
        )

    def _hand_words(self) -> str:
        if self.overturns:
            pairs = " or ".join(format_cards(p) for p in self.overturns)
            return f"Your hand overturns it with {pairs}."
        return "Nothing in your hand overturns it."

    def _verdict(self) -> tuple[bool, str]:
        if self.shown:
            ok, why = self._ruling(self.shown)
            return ok, f"{'Yes' if ok else 'No'} (炒地皮 chǎo dìpí): {why}"
        head = "Yes" if self.overturns else "No"
        return bool(self.overturns), f"{head}. {self._rule()} {self._hand_words()}"

    def _ruling(self, cards: list[Card]) -> tuple[bool, str]:
        """``judge_overturn`` on these cards, with chao dipi's order named once."""
        ruling = judge_overturn(cards, self.trump.rank, self.standing)
        single = " A single card never overturns." if len(cards) == 1 else ""
        order = "" if "♠ > ♥" in ruling.reason else f" The order: {ORDER}."
        return bool(ruling), f"{ruling.reason}.{single}{order}"

    def solve(self) -> Solution:
        if self.spec.ask == "pick":
            if not self.overturns:
                raise BankError(f"puzzle {self.id}: no pair of the hand overturns {format_cards(self.declared)}")
            return [str(c) for c in self.overturns[0]]
        return "yes" if self._verdict()[0] else "no"

    def judge(self, answer: AnswerT) -> tuple[bool, str]:
        if self.spec.ask == "can":
            return self._is_solution(answer), self._verdict()[1]
        picked = parse_cards(self.canonical_answer(answer))
        if Counter(picked) - Counter(self.hand):
            return False, f"Pick the pair from your hand. {self._rule()} {self._hand_words()}"
        ok, why = self._ruling(picked)
        return ok, f"Chao dipi (炒地皮 chǎo dìpí): {why} {self._hand_words()}"
