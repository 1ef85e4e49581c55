"""Learn from your mistakes: a costly play from the learner's own hand comes back as a "find a better play" puzzle.

Lesson 10's coach keeps the plays it graded mistake or blunder (the costliest of
a hand) in the learner's store, each as the ``Position`` before it and the play
made. ``mistake_puzzle`` sets the position up again, writes it in the best-play
notation (``positions.position_fields``) and judges it as a best puzzle is
judged: the learner's own play and the sensible alternatives raced on deals of
the hidden cards (``coaching.judge_plays``, ``MISTAKE_BUDGET``, seed 0: the best
chosen on some, the others measured on fresh ones), and every play not graded
down is accepted. A play outside those is judged live
against the best by the same rule. When this closer look finds the learner's
play good after all, there is no puzzle (``None``): the mistake can be let go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from functools import cached_property

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.seats import SOUTH
from ..i18n import t
from ..play.coaching import CoachGrade, Option, judge_plays
from ..play.record import Position
from ..play.search import Budget, play_signature
from .base import Topic
from .finder import guess_theme
from .kinds.best import BestPuzzle, Signature
from .positions import position_fields, round_of
from .schema import BestSpec, spoken

__all__ = ["MISTAKES", "MISTAKE_BUDGET", "MistakePuzzle", "mistake_puzzle"]

MISTAKE_BUDGET = Budget(samples=24, candidates=8)
"""A kept mistake is judged with the best chosen on 24 deals and the learner's play and up to 8 sensible others
measured on 96 fresh ones (more while in doubt): one to a few seconds early in a hand, where every play-out is a whole
round."""
MISTAKES = Topic("mistakes", 10, "Learn from your mistakes")


class MistakePuzzle(BestPuzzle, spec_type=None):
    """A best puzzle from one of the learner's hands, judged with ``MISTAKE_BUDGET`` on the plays it names."""

    judged: tuple[Option, ...] = ()
    """The plays judged when the puzzle was made (the learner's and the sensible others), best first."""
    budget = MISTAKE_BUDGET

    @cached_property
    def _judged(self) -> set[Signature]:
        return {self._signature(o.choice) for o in self.judged}

    def judgement(self, play: Sequence[Card]) -> tuple[Option, Option]:
        """A judged play's figures from the puzzle's judgement; any other play judged live (``BestPuzzle``'s way)."""
        by_sig = {self._signature(o.choice): o for o in self.judged}
        found = by_sig.get(self._signature(play))
        return (found, self.judged[0]) if found is not None else super().judgement(play)


def mistake_puzzle(position: str, answer: str, mistake_id: int) -> MistakePuzzle | None:
    """The puzzle of a kept mistake (``Position`` JSON before the play, the play made as tokens), or ``None`` when
    a closer look grades that play good after all."""
    rnd = Position.from_json(position).round()
    if rnd.to_act != SOUTH:
        raise ValueError("a kept mistake is a decision of South's, the learner's seat")
    fields = position_fields(rnd, SOUTH)
    view = round_of(fields, rnd.rules).view(SOUTH)
    trump = view.trump
    assert trump is not None
    mine = tuple(parse_cards(answer))
    options = judge_plays(view, MISTAKE_BUDGET, 0, extra=[mine])
    good = [o.choice for o in options if o.grade == CoachGrade.GOOD]
    if any(play_signature(p, trump) == play_signature(mine, trump) for p in good):
        return None
    spec = BestSpec(
        kind="best",
        id=f"mistake-{mistake_id}",
        theme=guess_theme(view, options, mine),
        accept=tuple(format_cards(p, symbols=False) for p in good),
        difficulty=2,
        **spoken(
            lambda: {
                "prompt": t(
                    "From one of your own hands: you played {cards} here, and the coach found a better play. What "
                    "would you play now?",
                    cards=format_cards(mine),
                ),
                "hint": t("Look at who is winning the trick and what is still out before you choose."),
            }
        ),
        rules=asdict(rnd.rules),
        **fields,
    )
    puzzle = MistakePuzzle(spec, MISTAKES)
    puzzle.judged = tuple(options)
    return puzzle
