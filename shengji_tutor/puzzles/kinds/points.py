"""How many points? The cards shown, the kitty's bonus, the points still out (RULES §2, §9)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property
from typing import Any

from ...engine.cards import Card, format_cards, parse_cards, points
from ...engine.scoring import kitty_multiplier, largest_unit
from ..base import Answer, PuzzleView, Solution, TrickPuzzle
from ..schema import PointsSpec
from ..teaching import HintStep, deck_words


class PointsPuzzle(TrickPuzzle, spec_type=PointsSpec):
    """A count of points; ``spec.count`` says of what: ``cards``, ``kitty``, ``remaining`` or ``attackers``."""

    idea_text = (
        "Only three ranks score: each 5 is worth 5, each 10 and each king 10. Find those cards first (RULES §2)."
    )

    spec: PointsSpec
    answer_kind = "number"

    def _card_groups(self) -> list[list[Card]]:
        spec = self.spec
        texts = (spec.cards, spec.kitty, spec.winning_play, *spec.taken)
        return [*super()._card_groups(), *(self._cards(text, "cards") for text in texts)]

    def view(self) -> PuzzleView:
        view = super().view()
        if self.spec.taken:  # the tricks a count of the points still out (or the attackers') is about
            view = replace(view, taken=tuple(tuple(self._cards(text, "taken")) for text in self.spec.taken))
        if self.spec.count not in ("kitty", "cards") or self.trick:
            return view
        shown = self._cards(self.spec.kitty or self.spec.cards, "cards")
        label = "The kitty" if self.spec.count == "kitty" else "The cards"
        return replace(view, hand=tuple(shown), hand_label=label)

    @cached_property
    def _points(self) -> tuple[int, str]:
        spec = self.spec
        if spec.count == "cards":
            cards = self._cards(spec.cards, "cards") + [c for p in self.trick for c in p]
            return points(cards), _points_sum(cards)
        if spec.count == "kitty":
            kitty = self._cards(spec.kitty, "kitty")
            play = self._cards(spec.winning_play, "winning play")
            m = kitty_multiplier(play, self.trump, self.rules)
            unit = largest_unit(play, self.trump, self.rules)
            base = points(kitty)
            if self.rules.kitty_multiplier == "cards":  # the house rule of RULES §11: every card of the play counts
                n = len(play)
                return base * m, (
                    f"The kitty holds {base} points ({_points_terms(kitty)}). The attackers won the last trick with "
                    f"{format_cards(play)}, {n} card{'s' if n > 1 else ''}; at this table (the house rule "
                    f"kitty_multiplier='cards', RULES §11) the kitty counts 2 × {n} = ×{m}: {base} × {m} = "
                    f"{base * m} (RULES §9)."
                )
            rule = (
                f"2 × {unit} card{'s' if unit > 1 else ''}"
                if self.rules.kitty_multiplier == "times"
                else f"2 to the power {unit}"
            )
            return base * m, (
                f"The kitty holds {base} points ({_points_terms(kitty)}). The attackers won the last trick with "
                f"{format_cards(play)}, whose largest unit has {unit} card{'s' if unit > 1 else ''}, so the kitty "
                f"counts {rule} = ×{m}: {base} × {m} = {base * m} (RULES §9)."
            )
        taken = [c for text in spec.taken for c in self._cards(text, "taken")]
        if spec.count == "remaining":
            total = self.rules.total_points
            gone = points(taken)
            return total - gone, (
                f"{deck_words(self.rules.decks)} {total} points; the tricks shown hold {gone}, "
                f"so {total - gone} are still out (RULES §2)."
            )
        return points(taken), _points_sum(taken)

    def solve(self) -> Solution:
        return self._points[0]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._points[1]

    shows_points = False  # counting them is the puzzle

    def own_mistake(self, given: str, why: str) -> str:
        right = int(str(self.solve()))
        return f"{given} is too {'many' if int(given) > right else 'few'}."

    def last_hint(self) -> HintStep | None:
        """The cards that score here (or, for what remains or the kitty, how to count it)."""
        spec: Any = self.spec
        count = getattr(spec, "count", "cards")
        if count == "remaining":
            return HintStep(
                f"Count the points in the tricks shown, then take them from {self.rules.total_points}: "
                f"{deck_words(self.rules.decks).lower()} {self.rules.total_points} points."
            )
        if count == "kitty":
            return HintStep(
                "Count the kitty's points first. Then look at the last trick's winning play: its largest unit sets "
                "the multiplier (a single doubles, a pair quadruples — RULES §9)."
            )
        groups: list[str] = [spec.cards] if count == "cards" else list(getattr(spec, "taken", ()))
        cards = [c for text in groups if text for c in parse_cards(text)]
        cards += [c for play in self.trick for c in play] if count == "cards" else []
        scoring = [c for c in cards if c.points]
        if not scoring:
            return HintStep("Look for 5s, 10s and kings: are there any at all?")
        return HintStep(f"The cards that score here: {format_cards(scoring)}. Add them up.")


def _points_terms(cards: Iterable[Card]) -> str:
    scoring = [c for c in cards if c.points]
    return " + ".join(f"{c.symbol()} {c.points}" for c in scoring) if scoring else "no point cards"


def _points_sum(cards: Iterable[Card]) -> str:
    scoring = [c for c in cards if c.points]
    if not scoring:
        return "None of these cards score: only 5s, 10s and kings do (RULES §2)."
    terms = " + ".join(f"{c.symbol()} {c.points}" for c in scoring)
    return (
        f"{terms} = {sum(c.points for c in scoring)}: fives score 5, tens and kings 10, nothing else scores (RULES §2)."
    )
