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

from ...engine.cards import Card, either, format_cards, parse_cards, rank_plural
from ...engine.declaring import Declaration, chao_strength, judge_overturn, possible_overturns
from ...i18n import N_, t
from ..base import Answer as AnswerT
from ..base import AnswerKind, BankError, HandPuzzle, PuzzleView, Solution, Topic, spec_cards
from ..schema import OverturnSpec
from ..teaching import sentences

__all__ = ["OverturnPuzzle"]

ORDER = N_("BJ pair > SJ pair > trump-rank pair of ♠ > ♥ > ♣ > ♦")
"""Chao dipi's order of the pairs, in English: a sentence shows ``t(ORDER)``."""


class OverturnPuzzle(HandPuzzle, spec_type=OverturnSpec):
    """A hand and the standing declaration: can it be overturned (yes/no), or which pair overturns it (cards)?"""

    idea_text = N_(
        "Chao dipi (炒地皮 chǎo dìpí) overturns only with a pair, and only with a stronger one: BJ pair > SJ "
        "pair > trump-rank pair of ♠ > ♥ > ♣ > ♦ (RULES §11)."
    )

    spec: OverturnSpec

    def __init__(self, spec: OverturnSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        if not self.rules.chao_dipi:
            said = t("an overturn puzzle is played under chao dipi: set {setting}", setting="rules: {chao_dipi: true}")
            raise BankError(f"puzzle {self.id}: {said}")
        cards = self.declared
        rank = self.trump.rank
        pair = len(cards) == 2 and cards[0] is cards[1]
        if not ((len(cards) in (1, 2) and all(c.rank == rank for c in cards)) or (pair and cards[0].is_joker)):
            said = t(
                "the standing declaration is one or two trump-rank cards ({ranks}) or a pair of jokers, not {cards}",
                ranks=rank_plural(rank),
                cards=format_cards(cards),
            )
            raise BankError(f"puzzle {self.id}: {said}")
        if len(cards) == 2 and not pair:
            said = t("a declaration of two cards is a pair, not {cards}", cards=format_cards(cards))
            raise BankError(f"puzzle {self.id}: {said}")
        if self.standing.suit != self.trump.suit:
            said = (
                t("the declaration {cards} fixes no-trump: give it as trump", cards=format_cards(cards))
                if self.standing.suit is None
                else t(
                    "the declaration {cards} fixes {suit} trump: give it as trump",
                    cards=format_cards(cards),
                    suit=self.standing.suit,
                )
            )
            raise BankError(f"puzzle {self.id}: {said}")
        if Counter(self.shown) - Counter(self.hand):
            said = t("the cards you show ({cards}) are not all in your hand", cards=format_cards(self.shown))
            raise BankError(f"puzzle {self.id}: {said}")

    @property
    def answer_kind(self) -> AnswerKind:
        return AnswerKind.CARDS if self.spec.ask == "pick" else AnswerKind.YESNO

    declared = spec_cards("declared", N_("declaration: {problem}"))
    shown = spec_cards("show", N_("the cards you show: {problem}"))

    @cached_property
    def standing(self) -> Declaration:
        return Declaration.of(1, tuple(self.declared))

    def _card_groups(self) -> list[list[Card]]:
        return [*super()._card_groups(), self.declared]

    def view(self) -> PuzzleView:
        context = t("Standing declaration: {cards}.", cards=format_cards(self.declared))
        if self.shown:
            context += " " + t("You show {cards}.", cards=format_cards(self.shown))
        return replace(super().view(), context=context, max_cards=2 if self.spec.ask == "pick" else 0)

    @cached_property
    def overturns(self) -> list[tuple[Card, ...]]:
        """The pairs of the hand that overturn the standing declaration, strongest first."""
        found = possible_overturns(self.hand, self.trump.rank, self.standing)
        return sorted(found, key=lambda p: chao_strength(Declaration.of(0, p)), reverse=True)

    def _rule(self) -> str:
        return t(
            "Chao dipi (炒地皮 chǎo dìpí, RULES §11) overturns {cards} only with a stronger pair: {order}.",
            cards=format_cards(self.declared),
            order=t(ORDER),
        )

    def _hand_words(self) -> str:
        if self.overturns:
            pairs = either([format_cards(p) for p in self.overturns])
            return t("Your hand overturns it with {pairs}.", pairs=pairs)
        return t("Nothing in your hand overturns it.")

    def _verdict(self) -> tuple[bool, str]:
        if self.shown:
            ok, reason, more = self._ruling(self.shown)
            head = (
                t("Yes (炒地皮 chǎo dìpí): {reason}.", reason=reason)
                if ok
                else t("No (炒地皮 chǎo dìpí): {reason}.", reason=reason)
            )
            return ok, sentences([head, *more])
        head = t("Yes.") if self.overturns else t("No.")
        return bool(self.overturns), sentences([head, self._rule(), self._hand_words()])

    def _ruling(self, cards: list[Card]) -> tuple[bool, str, list[str]]:
        """``judge_overturn`` on these cards: whether they overturn, the engine's reason (a clause, without its full
        stop) and the sentences that follow it, with chao dipi's order named once."""
        ruling = judge_overturn(cards, self.trump.rank, self.standing)
        more = []
        if len(cards) == 1:
            more.append(t("A single card never overturns."))
        if "♠ > ♥" not in ruling.reason:
            more.append(t("The order: {order}.", order=t(ORDER)))
        return bool(ruling), ruling.reason, more

    def solve(self) -> Solution:
        if self.spec.ask == "pick":
            if not self.overturns:
                said = t("no pair of the hand overturns {cards}", cards=format_cards(self.declared))
                raise BankError(f"puzzle {self.id}: {said}")
            return [str(c) for c in self.overturns[0]]
        return "yes" if self._verdict()[0] else "no"

    def judge(self, answer: AnswerT) -> tuple[bool, str]:
        if self.spec.ask == "can":
            return self._is_solution(answer), self._verdict()[1]
        picked = parse_cards(self.canonical_answer(answer))
        if Counter(picked) - Counter(self.hand):
            return False, sentences([t("Pick the pair from your hand."), self._rule(), self._hand_words()])
        ok, reason, more = self._ruling(picked)
        return ok, sentences([t("Chao dipi (炒地皮 chǎo dìpí): {reason}.", reason=reason), *more, self._hand_words()])
