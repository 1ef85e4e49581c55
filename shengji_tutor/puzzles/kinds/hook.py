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

from ...engine.cards import Card, format_cards, rank_plural
from ...engine.scoring import hooked_back_to
from ..base import Answer, BankError, Puzzle, PuzzleView, Solution, Topic
from ..schema import HookSpec

__all__ = ["HookPuzzle"]

_NAMES = {"J": ("hook", "勾 gōu", "2"), "A": ("needle", "针 zhēn", "J")}
"""The trump rank: the rule's name, its Chinese term, and the level the declarers drop back to."""


class HookPuzzle(Puzzle, spec_type=HookSpec):
    """The last trick's winning play and who won it: yes or no, do the declarers go back?"""

    idea_text = (
        "Hook and needle (勾 gōu / 针 zhēn) asks two things: did the ATTACKERS win the last trick, and does "
        "their winning play hold a card of the trump rank, J (the hook) or A (the needle)? (RULES §11)"
    )

    spec: HookSpec
    answer_kind = "yesno"

    def __init__(self, spec: HookSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        if not self.rules.hook_and_needle:
            raise BankError(
                f"puzzle {self.id}: a hook puzzle is played under hook and needle: set rules: {{hook_and_needle: true}}"
            )
        if self.trump.rank not in _NAMES:
            raise BankError(
                f"puzzle {self.id}: hook and needle applies at trump rank J (the hook) or A (the needle), not at "
                f"rank {self.trump.rank}"
            )

    @cached_property
    def last_trick(self) -> list[Card]:
        return self._cards(self.spec.last_trick, "last trick")

    def _card_groups(self) -> list[list[Card]]:
        return [self.last_trick]

    def view(self) -> PuzzleView:
        label = f"The last trick's winning play ({self.spec.last_trick_by})"
        return replace(super().view(), hand=tuple(self.last_trick), hand_label=label)

    @cached_property
    def _verdict(self) -> tuple[bool, str]:
        rank = self.trump.rank
        name, chinese, back = _NAMES[rank]
        rule = f"At trump rank {rank}, the {name} ({chinese}, RULES §11)"
        play = format_cards(self.last_trick)
        a_rank = f"{'an' if rank == 'A' else 'a'} {rank}"
        if self.spec.last_trick_by == "declarers":
            return False, (
                f"No. {rule} punishes only a last trick the attackers win. The declarers won it with {play}, so "
                f"their level does not drop, {rank_plural(rank)} or not; the round is scored as usual (RULES §9)."
            )
        if hooked_back_to(self.last_trick, self.trump, self.rules) is None:
            return False, (
                f"No. {rule} needs {a_rank} in the attackers' winning play, and {play} holds none. The declarers "
                "keep their level, and the round is scored as usual (RULES §9)."
            )
        hooks = [c for c in self.last_trick if c.rank == rank]
        holds = "" if len(hooks) == len(self.last_trick) else f", which holds {format_cards(hooks)}"
        return True, (
            f"Yes. {rule} applies: the attackers won the last trick with {play}{holds}. The declarers drop "
            f"back to {back}, on top of the round's normal result. Any {rank} in the play counts, whatever its suit."
        )

    def solve(self) -> Solution:
        return "yes" if self._verdict[0] else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._verdict[1]
