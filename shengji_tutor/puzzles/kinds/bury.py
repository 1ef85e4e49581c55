"""Which cards would you bury in the kitty (底牌 dǐpái)? (RULES §9–§10)

The dealer takes the kitty and buries as many cards (RULES §10): that is the
rule, and a burial that breaks it is wrong. Among legal burials the puzzle
accepts every **good** one, judged by what it gives away:

1. it buries as few trumps as the hand allows (trumps win tricks and guard the
   last trick, which decides the kitty);
2. then it risks as few points as the hand allows: if the attackers win the last
   trick they score the kitty's points multiplied (RULES §9), so points in the
   kitty are not "safe there";
3. with ``void: true`` it also empties a plain suit of the hand, so the dealer can
   ruff that suit's leads (and the puzzle's checks make sure that costs nothing
   in 1 or 2).

The explanation says what the learner's burial risked, in points and trumps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, and_all, either, format_cards, parse_cards, points
from ...engine.grading import AnswerKind
from ...engine.scoring import kitty_multiplier
from ...i18n import N_, t, tn
from ..base import Answer, HandPuzzle, PuzzleView, Solution
from ..schema import BurySpec
from ..teaching import sentences

__all__ = ["BuryPuzzle"]

Cost = tuple[int, int]
"""A burial's cost: (trumps buried, points buried), compared in that order."""


class BuryPuzzle(HandPuzzle, spec_type=BurySpec):
    """The dealer's hand with the kitty: the learner picks the cards to bury; every good burial is right."""

    idea_text = N_(
        "The kitty (底牌 dǐpái) goes back face down with as many cards as you took. If the attackers win the "
        "last trick they score its points, doubled or more: bury few points and keep your trumps (RULES §9, "
        "§10)."
    )

    spec: BurySpec
    answer_kind = AnswerKind.CARDS

    @property
    def size(self) -> int:
        """How many cards to bury: as many as the kitty held."""
        return self.rules.kitty

    def view(self) -> PuzzleView:
        label = tn(
            "Your hand with the kitty: pick {n} card to bury",
            "Your hand with the kitty: pick {n} cards to bury",
            self.size,
        )
        return replace(super().view(), max_cards=self.size, hand_label=label)

    # -- what a burial gives away -----------------------------------------------------------------

    def _trumps(self, cards: Sequence[Card]) -> list[Card]:
        return [c for c in cards if self.trump.is_trump(c)]

    def cost(self, burial: Sequence[Card]) -> Cost:
        return len(self._trumps(burial)), points(burial)

    def voids_made(self, burial: Sequence[Card]) -> list[str]:
        """The plain suits of the hand that the burial empties."""
        kept = Counter(self.hand) - Counter(burial)
        before = {self.trump.suit_of(c) for c in self.hand if not self.trump.is_trump(c)}
        after = {self.trump.suit_of(c) for c in kept.elements() if not self.trump.is_trump(c)}
        return sorted(before - after)

    def _cheapest(self, cards: Sequence[Card], n: int) -> list[Card]:
        """The ``n`` cards that give away least: plain before trump, few points first, low cards first."""
        return sorted(cards, key=lambda c: (self.trump.is_trump(c), c.points, self.trump.key(c)))[:n]

    @cached_property
    def _least(self) -> Cost:
        """The least any legal burial gives away (trumps first, then points)."""
        return self.cost(self._cheapest(self.hand, self.size))

    @cached_property
    def _void_burials(self) -> list[list[Card]]:
        """For each plain suit short enough to bury whole, that suit plus the cheapest cards to fill the kitty."""
        out = []
        for suit in sorted({self.trump.suit_of(c) for c in self.hand if not self.trump.is_trump(c)}):
            whole = [c for c in self.hand if self.trump.suit_of(c) == suit]
            if len(whole) <= self.size:
                rest = list((Counter(self.hand) - Counter(whole)).elements())
                out.append(whole + self._cheapest(rest, self.size - len(whole)))
        return sorted(out, key=self.cost)

    @cached_property
    def best(self) -> list[Card]:
        """A good burial."""
        if self.spec.void and self._void_burials:
            return self._void_burials[0]
        return self._cheapest(self.hand, self.size)

    def _risk(self, cards: Sequence[Card]) -> str:
        """What buried points risk: the attackers' score if they win the last trick (RULES §9)."""
        p = points(cards)
        if not p:
            return t("0 points: if the attackers win the last trick, the kitty gives them nothing")
        single = kitty_multiplier(cards[:1], self.trump, self.rules)
        scoring = format_cards(self.trump.sorted(c for c in cards if c.points))
        if self.rules.decks > 1:
            pair = kitty_multiplier([cards[0], cards[0]], self.trump, self.rules)
            return t(
                "{points} points ({cards}): if the attackers win the last trick they score them ×{single} with a "
                "single ({single_score}), ×{pair} with a pair ({pair_score}), more with a tractor (RULES §9)",
                points=p,
                cards=scoring,
                single=single,
                single_score=single * p,
                pair=pair,
                pair_score=pair * p,
            )
        return t(
            "{points} points ({cards}): if the attackers win the last trick they score them ×{single} with a single "
            "({single_score}) (RULES §9)",
            points=p,
            cards=scoring,
            single=single,
            single_score=single * p,
        )

    # -- the protocol -----------------------------------------------------------------------------

    def solve(self) -> Solution:
        return [str(c) for c in self.best]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        burial = parse_cards(self.canonical_answer(answer))
        stray = Counter(burial) - Counter(self.hand)
        if stray:
            return False, t(
                "{cards}: not in your hand. Bury cards you hold (RULES §10).",
                cards=format_cards(list(stray.elements())),
            )
        if len(burial) != self.size:
            return False, tn(
                "Bury exactly {n} card, as many as the kitty held, not {given} (RULES §10).",
                "Bury exactly {n} cards, as many as the kitty held, not {given} (RULES §10).",
                self.size,
                given=len(burial),
            )
        trumps, _ = self.cost(burial)
        voids = self.voids_made(burial)
        notes = self._faults(burial, trumps, voids)
        if notes:
            return False, sentences(notes)
        said = [
            tn(
                "A good burial: {n} card, as many as the kitty held (RULES §10).",
                "A good burial: {n} cards, as many as the kitty held (RULES §10).",
                self.size,
            ),
            t("It keeps every trump and risks {risk}.", risk=self._risk(burial))
            if not trumps
            else tn(
                "It buries only the {n} trump the hand cannot keep and risks {risk}.",
                "It buries only the {n} trumps the hand cannot keep and risks {risk}.",
                trumps,
                risk=self._risk(burial),
            ),
        ]
        if voids:
            names = and_all([self.trump.suit_name(s) for s in voids])
            said.append(t("It empties your {suits}: you can ruff their leads.", suits=names))
        return True, sentences(said)

    def _faults(self, burial: Sequence[Card], trumps: int, voids: list[str]) -> list[str]:
        """What a legal burial gives away that another would not: trumps, points, or (with ``void``) no void made."""
        least_trumps, least_points = self._least
        notes: list[str] = []
        if trumps > least_trumps:
            cards = format_cards(self._trumps(burial))
            if not least_trumps:
                notes.append(
                    tn(
                        "You buried {n} trump ({cards}): trumps win tricks and guard the last trick, which decides the "
                        "kitty; keep them all.",
                        "You buried {n} trumps ({cards}): trumps win tricks and guard the last trick, which decides the "
                        "kitty; keep them all.",
                        trumps,
                        cards=cards,
                    )
                )
            else:
                notes.append(
                    tn(
                        "You buried {n} trump ({cards}): trumps win tricks and guard the last trick, which decides the "
                        "kitty; only {least} had to go.",
                        "You buried {n} trumps ({cards}): trumps win tricks and guard the last trick, which decides the "
                        "kitty; only {least} had to go.",
                        trumps,
                        cards=cards,
                        least=least_trumps,
                    )
                )
        if points(burial) > least_points:
            notes.append(
                t(
                    "You risk {risk}. A burial risking {least} points was possible.",
                    risk=self._risk(burial),
                    least=least_points,
                )
            )
        if self.spec.void and not voids and not notes:
            suits = sorted({s for b in self._void_burials if self.cost(b) == self._least for s in self.voids_made(b)})
            names = either([self.trump.suit_name(s) for s in suits])
            notes.append(
                t(
                    "Your burial leaves every plain suit in your hand: bury all your {suits} to make a void.",
                    suits=names,
                )
            )
        return notes

    def checks(self) -> list[str]:
        problems = []
        want = self.rules.hand_size + self.size
        if len(self.hand) != want:
            problems.append(
                t("the dealer's hand with the kitty holds {want} cards, not {count}", want=want, count=len(self.hand))
            )
        if self.spec.void:
            if not self._void_burials:
                problems.append(t("no plain suit is short enough to bury whole: void: true cannot be met"))
            elif self.cost(self._void_burials[0]) != self._least:
                problems.append(
                    t("making a void here costs trumps or points: the puzzle would ask for two things at odds")
                )
        return problems

    def own_mistake(self, given: str, why: str) -> str:
        return why  # what the burial risked: the mistake itself
