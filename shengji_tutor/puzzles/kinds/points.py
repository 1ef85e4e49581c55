"""How many points? The cards shown, the kitty's bonus, the points still out (RULES §2, §9)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property
from typing import Any

from ...engine.cards import Card, format_cards, parse_cards, points
from ...engine.grading import AnswerKind
from ...engine.scoring import kitty_multiplier, largest_unit, points_counted, points_miscounted
from ...i18n import N_, t, tn
from ..base import PuzzleView, SettledPuzzle, TrickPuzzle
from ..schema import PointsSpec
from ..teaching import HintStep, deck_words


class PointsPuzzle(TrickPuzzle, SettledPuzzle, spec_type=PointsSpec):
    """A count of points; ``spec.count`` says of what: ``cards``, ``kitty``, ``remaining`` or ``attackers``."""

    idea_text = N_(
        "Only three ranks score: each 5 is worth 5, each 10 and each king 10. Find those cards first (RULES §2)."
    )

    spec: PointsSpec
    answer_kind = AnswerKind.NUMBER

    def _card_groups(self) -> list[list[Card]]:
        spec = self.spec
        texts = (spec.cards, spec.kitty, spec.winning_play, *spec.taken)
        return [*super()._card_groups(), *(self._cards(text, N_("cards: {problem}")) for text in texts)]

    def view(self) -> PuzzleView:
        view = super().view()
        if self.spec.taken:  # the tricks a count of the points still out (or the attackers') is about
            view = replace(
                view, taken=tuple(tuple(self._cards(text, N_("taken: {problem}"))) for text in self.spec.taken)
            )
        if self.spec.count not in ("kitty", "cards") or self.trick:
            return view
        shown = self._cards(self.spec.kitty or self.spec.cards, N_("cards: {problem}"))
        label = t("The kitty") if self.spec.count == "kitty" else t("The cards")
        return replace(view, hand=tuple(shown), hand_label=label)

    @cached_property
    def _settled(self) -> tuple[int, str]:
        spec = self.spec
        if spec.count == "cards":
            cards = self._cards(spec.cards, N_("cards: {problem}")) + self._played()
            return points(cards), points_counted(cards)
        if spec.count == "kitty":
            return self._kitty_points()
        taken = self._taken()
        if spec.count == "remaining":
            total = self.rules.total_points
            gone = points(taken)
            return total - gone, tn(
                "{decks} holds {total} points; the tricks shown hold {gone}, so {left} are still out (RULES §2).",
                "{decks} hold {total} points; the tricks shown hold {gone}, so {left} are still out (RULES §2).",
                self.rules.decks,
                decks=deck_words(self.rules.decks),
                total=total,
                gone=gone,
                left=total - gone,
            )
        return points(taken), points_counted(taken)

    def _played(self) -> list[Card]:
        return [c for play in self.trick for c in play]

    def _taken(self) -> list[Card]:
        """The cards of the tricks shown (``spec.taken``)."""
        return [c for text in self.spec.taken for c in self._cards(text, N_("taken: {problem}"))]

    def _kitty_points(self) -> tuple[int, str]:
        """The kitty's worth to the attackers: its points times the multiplier of their winning play (RULES §9)."""
        kitty = self._cards(self.spec.kitty, N_("kitty: {problem}"))
        play = self._cards(self.spec.winning_play, N_("winning play: {problem}"))
        m = kitty_multiplier(play, self.trump, self.rules)
        unit = largest_unit(play, self.trump, self.rules)
        base = points(kitty)
        values = {
            "base": base,
            "terms": _points_terms(kitty),
            "play": format_cards(play),
            "m": m,
            "total": base * m,
        }
        if self.rules.kitty_multiplier == "cards":  # the house rule of RULES §11: every card of the play counts
            return base * m, tn(
                "The kitty holds {base} points ({terms}). The attackers won the last trick with {play}, {n} card; "
                "at this table (the house rule kitty_multiplier='cards', RULES §11) the kitty counts 2 × {n} = "
                "×{m}: {base} × {m} = {total} (RULES §9).",
                "The kitty holds {base} points ({terms}). The attackers won the last trick with {play}, {n} "
                "cards; at this table (the house rule kitty_multiplier='cards', RULES §11) the kitty counts 2 × "
                "{n} = ×{m}: {base} × {m} = {total} (RULES §9).",
                len(play),
                **values,
            )
        if self.rules.kitty_multiplier == "times":
            return base * m, tn(
                "The kitty holds {base} points ({terms}). The attackers won the last trick with {play}, whose "
                "largest unit has {n} card, so the kitty counts 2 × {n} card = ×{m}: {base} × {m} = {total} "
                "(RULES §9).",
                "The kitty holds {base} points ({terms}). The attackers won the last trick with {play}, whose "
                "largest unit has {n} cards, so the kitty counts 2 × {n} cards = ×{m}: {base} × {m} = {total} "
                "(RULES §9).",
                unit,
                **values,
            )
        return base * m, tn(
            "The kitty holds {base} points ({terms}). The attackers won the last trick with {play}, whose largest "
            "unit has {n} card, so the kitty counts 2 to the power {n} = ×{m}: {base} × {m} = {total} (RULES §9).",
            "The kitty holds {base} points ({terms}). The attackers won the last trick with {play}, whose largest "
            "unit has {n} cards, so the kitty counts 2 to the power {n} = ×{m}: {base} × {m} = {total} (RULES §9).",
            unit,
            **values,
        )

    shows_points = False  # counting them is the puzzle

    def own_mistake(self, given: str, why: str) -> str:
        """A count of the cards shown (or of the attackers' tricks) is told what it got wrong, as a lesson's step
        is (``scoring.points_miscounted``); a count of the kitty's bonus or of the points still out, which way."""
        spec = self.spec
        if spec.count == "cards":
            return points_miscounted(self._cards(spec.cards, N_("cards: {problem}")) + self._played(), int(given))
        if spec.count == "attackers":
            return points_miscounted(self._taken(), int(given))
        right = int(str(self.solve()))
        return t("{given} is too many.", given=given) if int(given) > right else t("{given} is too few.", given=given)

    def last_hint(self) -> HintStep | None:
        """The cards that score here (or, for what remains or the kitty, how to count it)."""
        spec: Any = self.spec
        count = getattr(spec, "count", "cards")
        if count == "remaining":
            decks = deck_words(self.rules.decks)
            return HintStep(
                tn(
                    "Count the points in the tricks shown, then take them from {total}: {decks} holds {total} points.",
                    "Count the points in the tricks shown, then take them from {total}: {decks} hold {total} points.",
                    self.rules.decks,
                    total=self.rules.total_points,
                    decks=decks[:1].lower() + decks[1:],
                )
            )
        if count == "kitty":
            return HintStep(
                t(
                    "Count the kitty's points first. Then look at the last trick's winning play: its largest unit "
                    "sets the multiplier (a single doubles, a pair quadruples — RULES §9)."
                )
            )
        groups: list[str] = [spec.cards] if count == "cards" else list(getattr(spec, "taken", ()))
        cards = [c for text in groups if text for c in parse_cards(text)]
        cards += [c for play in self.trick for c in play] if count == "cards" else []
        scoring = [c for c in cards if c.points]
        if not scoring:
            return HintStep(t("Look for 5s, 10s and kings: are there any at all?"))
        return HintStep(t("The cards that score here: {cards}. Add them up.", cards=format_cards(scoring)))


def _points_terms(cards: Iterable[Card]) -> str:
    scoring = [c for c in cards if c.points]
    return " + ".join(f"{c.symbol()} {c.points}" for c in scoring) if scoring else t("no point cards")
