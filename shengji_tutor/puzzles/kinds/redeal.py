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

from ...engine.cards import SUIT_NAMES, format_cards
from ...engine.declaring import hopeless_hand
from ...engine.trump import Trump
from ..base import Answer, BankError, HandPuzzle, PuzzleView, Solution, Topic
from ..schema import RedealSpec

__all__ = ["RedealPuzzle"]


class RedealPuzzle(HandPuzzle, spec_type=RedealSpec):
    """A hand after the deal: yes or no, may it be shown for a redeal?"""

    idea_text = (
        "Which cards count? For no-trump: jokers, every card of the trump rank in any suit, the trump suit "
        "(and red fives when played). For no-points: every 5, 10 and K (RULES §11, §3, §2)."
    )

    spec: RedealSpec
    answer_kind = "yesno"

    def __init__(self, spec: RedealSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        if self.rules.redeal is None:
            raise BankError(
                f"puzzle {self.id}: a redeal puzzle names the table's rule: set rules: {{redeal: no-trump}} or "
                "{redeal: no-points}"
            )

    def view(self) -> PuzzleView:
        # the trump marks would give a no-trump question away: the hand is shown as dealt
        return replace(super().view(), mark_trumps=self.rules.redeal != "no-trump")

    @cached_property
    def _verdict(self) -> tuple[bool, str]:
        hand, trump = self.hand, self.trump
        hopeless = hopeless_hand(hand, trump, self.rules)
        if self.rules.redeal == "no-trump":
            rule = "Under the redeal rule (RULES §11) a hand with no trump at all may be shown"
            found = [c for c in trump.sorted(hand) if trump.is_trump(c)]
            if hopeless:
                why = f"{_trumps(trump)}, and your hand holds none of them (RULES §3)"
            else:
                verb = "is a trump" if len(found) == 1 else "are trumps"
                why = f"{_trumps(trump)}, so {format_cards(found)} {verb} (RULES §3)"
        else:
            rule = "Under the redeal rule (RULES §11) a hand with no point card (no 5, 10 or K) may be shown"
            found = [c for c in hand if c.points]
            if hopeless:
                why = "your hand holds no 5, 10 or K (RULES §2)"
            else:
                why = f"{format_cards(found)} {'scores' if len(found) == 1 else 'score'} points (RULES §2)"
        head = "Yes" if hopeless else "No"
        return hopeless, f"{head}. {rule}: {why}."

    def solve(self) -> Solution:
        return "yes" if self._verdict[0] else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._verdict[1]


def _trumps(trump: Trump) -> str:
    """Which cards are trump, in words: "at rank 7 with hearts trump, the trumps are the jokers, every 7 and every
    heart" (RULES §3), with the red fives when the table plays them (RULES §11)."""
    kinds = ["the jokers", f"every {trump.rank} of any suit"]
    if trump.suit is not None:
        kinds.append(f"every {SUIT_NAMES[trump.suit].rstrip('s')}")
    fives = [c for c in trump.trump_cards() if c.rank == "5" and c.suit != trump.suit] if trump.red_five else []
    if fives:
        kinds.append(f"{format_cards(fives)} (red five, RULES §11)")
    at = "no-trump" if trump.suit is None else f"{SUIT_NAMES[trump.suit]} trump"
    return f"at rank {trump.rank} with {at}, the trumps are {', '.join(kinds[:-1])} and {kinds[-1]}"
