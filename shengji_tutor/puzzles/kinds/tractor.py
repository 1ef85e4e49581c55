"""Is this a tractor (拖拉机 tuōlājī)? (RULES §4)

The engine's ``is_tractor`` decides and ``engine.tractors.tractor_reason`` says why, as a lesson's step says it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.tractors import tractor_reason
from ...engine.units import is_tractor
from ...i18n import N_, t
from ..base import PuzzleView, YesNoPuzzle
from ..schema import TractorSpec
from .card_group import CardGroupPuzzle

__all__ = ["TractorPuzzle"]


class TractorPuzzle(CardGroupPuzzle, YesNoPuzzle, spec_type=TractorSpec):
    """Some cards: yes or no, are they a tractor?"""

    idea_text = N_(
        "A tractor (拖拉机 tuōlājī) is two or more pairs of one suit next to each other in the card order. "
        "Cards that have left the suit (the trump rank) leave no gap behind them (RULES §4)."
    )

    spec: TractorSpec

    def view(self) -> PuzzleView:
        return replace(super().view(), hand=tuple(self.cards), hand_label=t("The cards"))

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        return is_tractor(self.cards, self.trump, self.rules), tractor_reason(self.cards, self.trump, self.rules)

    def checks(self) -> list[str]:
        return [] if len(self.cards) >= 2 else [t("a tractor question needs at least two cards")]
