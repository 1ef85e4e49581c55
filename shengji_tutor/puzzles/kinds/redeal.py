"""Redeal on a hopeless hand (RULES §11): may you show this hand and have the same dealer deal again?

With ``redeal="no-trump"`` a hand holding no trump may be shown; with
``"no-points"`` a hand holding no point card (no 5, 10 or K). What counts as a
trump is the round's trump order (RULES §3): the jokers, every card of the trump
rank in any suit, the trump suit, and the red fives when the table plays them.
``engine.declaring.hopeless_hand`` decides, as it does in a round.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.cards import format_cards
from ...engine.declaring import hopeless_hand
from ...engine.trump import Trump
from ...i18n import N_, t, tn
from ..base import BankError, HandPuzzle, PuzzleView, Topic, YesNoPuzzle
from ..schema import RedealSpec

__all__ = ["RedealPuzzle"]

_TRUMPS = {
    None: N_("at rank {rank} with no-trump, the trumps are the jokers and every {rank} of any suit"),
    "S": N_("at rank {rank} with spades trump, the trumps are the jokers, every {rank} of any suit and every spade"),
    "H": N_("at rank {rank} with hearts trump, the trumps are the jokers, every {rank} of any suit and every heart"),
    "D": N_(
        "at rank {rank} with diamonds trump, the trumps are the jokers, every {rank} of any suit and every diamond"
    ),
    "C": N_("at rank {rank} with clubs trump, the trumps are the jokers, every {rank} of any suit and every club"),
}
"""Which cards are trump, by the trump suit (RULES §3)."""
_TRUMPS_FIVES = {
    None: N_(
        "at rank {rank} with no-trump, the trumps are the jokers, every {rank} of any suit and {fives} (red five, "
        "RULES §11)"
    ),
    "S": N_(
        "at rank {rank} with spades trump, the trumps are the jokers, every {rank} of any suit, every spade and "
        "{fives} (red five, RULES §11)"
    ),
    "H": N_(
        "at rank {rank} with hearts trump, the trumps are the jokers, every {rank} of any suit, every heart and "
        "{fives} (red five, RULES §11)"
    ),
    "D": N_(
        "at rank {rank} with diamonds trump, the trumps are the jokers, every {rank} of any suit, every diamond and "
        "{fives} (red five, RULES §11)"
    ),
    "C": N_(
        "at rank {rank} with clubs trump, the trumps are the jokers, every {rank} of any suit, every club and "
        "{fives} (red five, RULES §11)"
    ),
}
"""The same with the red fives, when the table plays them (RULES §11)."""


class RedealPuzzle(HandPuzzle, YesNoPuzzle, spec_type=RedealSpec):
    """A hand after the deal: yes or no, may it be shown for a redeal?"""

    idea_text = N_(
        "Which cards count? For no-trump: jokers, every card of the trump rank in any suit, the trump suit "
        "(and red fives when played). For no-points: every 5, 10 and K (RULES §11, §3, §2)."
    )

    spec: RedealSpec

    def __init__(self, spec: RedealSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        if self.rules.redeal is None:
            said = t(
                "a redeal puzzle names the table's rule: set {setting} or {other}",
                setting="rules: {redeal: no-trump}",
                other="{redeal: no-points}",
            )
            raise BankError(f"puzzle {self.id}: {said}")

    def view(self) -> PuzzleView:
        # the trump marks would give a no-trump question away: the hand is shown as dealt
        return replace(super().view(), mark_trumps=self.rules.redeal != "no-trump")

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        hand, trump = self.hand, self.trump
        hopeless = hopeless_hand(hand, trump, self.rules)
        if self.rules.redeal == "no-trump":
            found = [c for c in trump.sorted(hand) if trump.is_trump(c)]
            if hopeless:
                return hopeless, t(
                    "Yes. Under the redeal rule (RULES §11) a hand with no trump at all may be shown: {trumps}, and your "
                    "hand holds none of them (RULES §3).",
                    trumps=_trumps(trump),
                )
            return hopeless, tn(
                "No. Under the redeal rule (RULES §11) a hand with no trump at all may be shown: {trumps}, so {cards} "
                "is a trump (RULES §3).",
                "No. Under the redeal rule (RULES §11) a hand with no trump at all may be shown: {trumps}, so {cards} "
                "are trumps (RULES §3).",
                len(found),
                trumps=_trumps(trump),
                cards=format_cards(found),
            )
        found = [c for c in hand if c.points]
        if hopeless:
            return hopeless, t(
                "Yes. Under the redeal rule (RULES §11) a hand with no point card (no 5, 10 or K) may be shown: your "
                "hand holds no 5, 10 or K (RULES §2)."
            )
        return hopeless, tn(
            "No. Under the redeal rule (RULES §11) a hand with no point card (no 5, 10 or K) may be shown: {cards} "
            "scores points (RULES §2).",
            "No. Under the redeal rule (RULES §11) a hand with no point card (no 5, 10 or K) may be shown: {cards} "
            "score points (RULES §2).",
            len(found),
            cards=format_cards(found),
        )


def _trumps(trump: Trump) -> str:
    """Which cards are trump, in words (the reader's language): "at rank 7 with hearts trump, the trumps are the
    jokers, every 7 of any suit and every heart" (RULES §3), with the red fives when the table plays them (RULES §11)."""
    fives = [c for c in trump.trump_cards() if c.rank == "5" and c.suit != trump.suit] if trump.red_five else []
    if fives:
        return t(_TRUMPS_FIVES[trump.suit], rank=trump.rank, fives=format_cards(fives))
    return t(_TRUMPS[trump.suit], rank=trump.rank)
