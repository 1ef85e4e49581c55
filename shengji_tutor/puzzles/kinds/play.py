"""What do you play? (RULES §6–§7)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards, parse_cards, points
from ...engine.follow import legal_follow, wrong_size
from ...engine.grading import AnswerKind
from ...engine.plays import legal_plays, strength_spent
from ...engine.tricks import explain_trick
from ...i18n import N_, t
from ..base import Answer, BankError, HandPuzzle, PuzzleView, Solution, TrickPuzzle
from ..schema import PlaySpec
from ..teaching import WOULD, hide_answer, sentences


class PlayPuzzle(HandPuzzle, TrickPuzzle, spec_type=PlaySpec):
    """A hand and the trick so far: the learner picks the play that meets the puzzle's ``goal``."""

    idea_text = N_(
        "Look at the led suit first: which plays does RULES §6 allow from your hand? Then ask which of them "
        "does the job the prompt asks for."
    )

    spec: PlaySpec
    answer_kind = AnswerKind.CARDS

    def view(self) -> PuzzleView:
        return replace(super().view(), max_cards=len(self.trick[0]))

    def _wins(self, play: Sequence[Card]) -> bool:
        result = explain_trick([*self.trick, list(play)], self.trump, self.rules)
        return bool(result.winner == len(self.trick))

    def _cost(self, play: Sequence[Card]) -> int:
        return strength_spent(play, self.trump)

    @cached_property
    def correct_plays(self) -> list[tuple[Card, ...]]:
        """Every correct play, per the puzzle's goal (at most 2000 legal plays are considered)."""
        legal = []
        for play in legal_plays(self.hand, self.trick[0], self.trump, self.rules):
            legal.append(play)
            if len(legal) >= 2000:
                break
        goal = self.spec.goal
        if goal == "legal":
            return legal
        if goal == "most-points":
            best = max(points(p) for p in legal)
            return [p for p in legal if points(p) == best]
        if goal == "fewest-points":
            fewest = min(points(p) for p in legal)
            keep = [p for p in legal if points(p) == fewest]
            low = min(self._cost(p) for p in keep)
            return [p for p in keep if self._cost(p) == low]
        winners = [p for p in legal if self._wins(p)]
        if goal == "win" or not winners:
            return winners
        cheapest = min(self._cost(p) for p in winners)
        return [p for p in winners if self._cost(p) == cheapest]

    def solve(self) -> Solution:
        if not self.correct_plays:
            goal = self.spec.goal
            raise BankError(
                t("no play meets the goal {goal}", goal=repr(goal)) if goal != "legal" else t("no legal play")
            )
        return [str(c) for c in self.correct_plays[0]]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        given = self.canonical_answer(answer)
        play = parse_cards(given)
        n = len(self.trick[0])
        if len(play) != n:
            return False, wrong_size(n)
        verdict = legal_follow(self.hand, self.trick[0], play, self.trump, self.rules)
        if not verdict:
            return False, verdict.reason
        goal = self.spec.goal
        if goal == "legal":
            return True, verdict.reason
        correct = self.correct_plays
        names = [*self.names[: len(self.trick)], "you"]
        mine = explain_trick([*self.trick, play], self.trump, self.rules, names=names).notes[-1].sentence
        if given in {self.canonical_answer(p) for p in correct}:
            return True, sentences([verdict.reason, mine])
        best = format_cards(correct[0]) if correct else ""
        if goal in ("win", "cheapest-win") and not self._wins(play):
            said = t("Legal, but it does not win the trick: {trick}", trick=mine)
            if not best:
                return False, said
            would = t(WOULD, cards=best)
            return False, sentences([said, would])
        if goal == "cheapest-win":
            cheaper = t("It wins, but {best} wins too and costs you less: keep your high cards.", best=best)
            return False, sentences([cheaper, mine])
        if goal == "most-points":
            return False, t("Legal, but {best} gives your partner more points.", best=best)
        return False, t("Legal, but {best} gives away fewer points and keeps your strength.", best=best)

    def checks(self) -> list[str]:
        correct = {self.canonical_answer(p) for p in self.correct_plays}
        if self.spec.unique and len(correct) > 1:
            plays = ", ".join(format_cards(p) for p in self.correct_plays[:4])
            return [t("claims a unique answer, but these all qualify: {plays}", plays=plays)]
        return []

    def own_mistake(self, given: str, why: str) -> str:
        return hide_answer(why, self)  # the engine's sentence, the right plays unnamed
