"""Who deals next? (RULES §9)"""

from __future__ import annotations

from functools import cached_property

from ...engine.grading import AnswerKind
from ...engine.scoring import Side, level_change, next_dealer
from ...engine.seats import SEATS, seat_label
from ...i18n import N_, t
from ..base import SettledPuzzle
from ..schema import DealerSpec
from ..teaching import sentences


class DealerPuzzle(SettledPuzzle, spec_type=DealerSpec):
    """The dealer and the attackers' points: the learner names the next dealer."""

    idea_text = N_("Who deals next depends on which side won the round and by how much (RULES §9).")

    spec: DealerSpec
    answer_kind = AnswerKind.SEAT

    @cached_property
    def _settled(self) -> tuple[str, str]:
        dealer = SEATS.index(self.spec.dealer)
        change = level_change(max(0, self.spec.attacker_points), self.rules)
        seat = next_dealer(dealer, change, self.rules)
        why = (
            t("In RULES §9, the declarers hold, so the dealer's partner deals next: {seat}.", seat=seat_label(seat))
            if change.side == Side.DECLARERS
            else t(
                "In RULES §9, the attackers take over, so the player after the dealer (counter-clockwise) deals next: "
                "{seat}.",
                seat=seat_label(seat),
            )
        )
        return SEATS[seat], sentences([change.describe(), why])
