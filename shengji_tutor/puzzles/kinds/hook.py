"""Hook and needle (勾 gōu / 针 zhēn, RULES §11): do the declarers drop back to 2 (or J)?

At trump rank J (the hook) or A (the needle), attackers who win the last trick
with a play holding a card of that rank send the declarers back to 2 (or J), on
top of the round's normal result. ``engine.scoring.hooked_back_to`` decides from
the winning play; the puzzle adds who won the trick: the rule punishes only a
last trick the attackers win.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards
from ...engine.scoring import hooked_back_to
from ...i18n import N_, t
from ..base import BankError, PuzzleView, Topic, YesNoPuzzle, spec_cards
from ..schema import HookSpec

__all__ = ["HookPuzzle"]

_NAMES = {
    "J": {
        "declarers": N_(
            "No. At trump rank J, the hook (勾 gōu, RULES §11) punishes only a last trick the attackers win. The "
            "declarers won it with {play}, so their level does not drop, jacks or not; the round is scored as usual "
            "(RULES §9)."
        ),
        "none": N_(
            "No. At trump rank J, the hook (勾 gōu, RULES §11) needs a J in the attackers' winning play, and {play} "
            "holds none. The declarers keep their level, and the round is scored as usual (RULES §9)."
        ),
        "all": N_(
            "Yes. At trump rank J, the hook (勾 gōu, RULES §11) applies: the attackers won the last trick with {play}. "
            "The declarers drop back to 2, on top of the round's normal result. Any J in the play counts, whatever "
            "its suit."
        ),
        "some": N_(
            "Yes. At trump rank J, the hook (勾 gōu, RULES §11) applies: the attackers won the last trick with {play}, "
            "which holds {hooks}. The declarers drop back to 2, on top of the round's normal result. Any J in the "
            "play counts, whatever its suit."
        ),
    },
    "A": {
        "declarers": N_(
            "No. At trump rank A, the needle (针 zhēn, RULES §11) punishes only a last trick the attackers win. The "
            "declarers won it with {play}, so their level does not drop, aces or not; the round is scored as usual "
            "(RULES §9)."
        ),
        "none": N_(
            "No. At trump rank A, the needle (针 zhēn, RULES §11) needs an A in the attackers' winning play, and "
            "{play} holds none. The declarers keep their level, and the round is scored as usual (RULES §9)."
        ),
        "all": N_(
            "Yes. At trump rank A, the needle (针 zhēn, RULES §11) applies: the attackers won the last trick with "
            "{play}. The declarers drop back to J, on top of the round's normal result. Any A in the play counts, "
            "whatever its suit."
        ),
        "some": N_(
            "Yes. At trump rank A, the needle (针 zhēn, RULES §11) applies: the attackers won the last trick with "
            "{play}, which holds {hooks}. The declarers drop back to J, on top of the round's normal result. Any A in "
            "the play counts, whatever its suit."
        ),
    },
}
"""The trump rank (J, the hook; A, the needle) and the verdict: the declarers won the last trick, the attackers'
winning play holds no card of the rank, it is all of the rank, or it holds some."""
_LABELS = {
    "attackers": N_("The last trick's winning play (attackers)"),
    "declarers": N_("The last trick's winning play (declarers)"),
}


class HookPuzzle(YesNoPuzzle, spec_type=HookSpec):
    """The last trick's winning play and who won it: yes or no, do the declarers go back?"""

    idea_text = N_(
        "Hook and needle (勾 gōu / 针 zhēn) asks two things: did the ATTACKERS win the last trick, and does "
        "their winning play hold a card of the trump rank, J (the hook) or A (the needle)? (RULES §11)"
    )

    spec: HookSpec

    def __init__(self, spec: HookSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        if not self.rules.hook_and_needle:
            said = t(
                "a hook puzzle is played under hook and needle: set {setting}", setting="rules: {hook_and_needle: true}"
            )
            raise BankError(f"puzzle {self.id}: {said}")
        if self.trump.rank not in _NAMES:
            said = t(
                "hook and needle applies at trump rank J (the hook) or A (the needle), not at rank {rank}",
                rank=self.trump.rank,
            )
            raise BankError(f"puzzle {self.id}: {said}")

    last_trick = spec_cards("last_trick", N_("last trick: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        return [self.last_trick]

    def view(self) -> PuzzleView:
        label = t(_LABELS[self.spec.last_trick_by])
        return replace(super().view(), hand=tuple(self.last_trick), hand_label=label)

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        rank = self.trump.rank
        said = _NAMES[rank]
        play = format_cards(self.last_trick)
        if self.spec.last_trick_by == "declarers":
            return False, t(said["declarers"], play=play)
        if hooked_back_to(self.last_trick, self.trump, self.rules) is None:
            return False, t(said["none"], play=play)
        hooks = [c for c in self.last_trick if c.rank == rank]
        if len(hooks) == len(self.last_trick):
            return True, t(said["all"], play=play)
        return True, t(said["some"], play=play, hooks=format_cards(hooks))
