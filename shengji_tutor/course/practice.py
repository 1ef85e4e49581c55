"""Practice mode: endless fresh puzzles generated from simulated games, by topic and difficulty."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from ..engine.grading import Grade
from ..ui.puzzle_view import puzzle_card_args
from ..ui.widgets import PuzzleCard

__all__ = ["PRACTICE_TOPICS", "Practice", "practice"]


PRACTICE_TOPICS = {
    "Who wins the trick?": "winner",
    "Is this play legal?": "legal",
    "What do you play?": "play",
    "Count the points": "points",
    "Throws": "throw",
    "Order the trumps": "order",
    "Play well": "best",
}


class Practice(w.VBox):  # type: ignore[misc]
    """Practice mode: pick a topic and a difficulty, then endless fresh puzzles, with a streak counter."""

    def __init__(self, seed: int | None = None) -> None:
        from ..puzzles.generate import generate

        self._generate = generate
        self._rng = random.Random(seed)
        self.streak = 0
        self.best = 0
        self.topic = w.Dropdown(options=list(PRACTICE_TOPICS), description="Topic")
        self.level = w.ToggleButtons(options=[("Easy", 1), ("Medium", 2), ("Hard", 3)], description="Difficulty")
        self.counter = w.HTML()
        self.counter.add_class("sjt-streak")
        self.card = PuzzleCard(**self._fresh())
        self.card.on_check(self._checked)
        self.card.on_next(self.next)
        self.topic.observe(lambda _change: self.next(), "value")
        self.level.observe(lambda _change: self.next(), "value")
        super().__init__([w.HBox([self.topic, self.level]), self.counter, self.card])
        self.add_class("sjt-practice")
        self._show_streak()

    def _fresh(self) -> dict[str, Any]:
        kind = PRACTICE_TOPICS[self.topic.value]
        level = self.level.value
        try:
            puzzle = self._generate(kind, level, seed=self._rng.randrange(1 << 30))
        except RuntimeError:  # some kinds have no easy puzzles (a throw is never easy): take any level
            puzzle = self._generate(kind, None, seed=self._rng.randrange(1 << 30))
        self.puzzle = puzzle
        return {"has_next": True, **puzzle_card_args(puzzle)}

    def next(self) -> None:
        """A new puzzle of the chosen topic and difficulty."""
        self.card.load(**self._fresh())

    def _checked(self, grade: Grade, _answer: Any) -> None:
        self.streak = self.streak + 1 if grade.correct else 0
        self.best = max(self.best, self.streak)
        self._show_streak()

    def _show_streak(self) -> None:
        flame = "🔥 " if self.streak >= 3 else ""
        self.counter.value = (
            f'<div class="sjt-meter" aria-live="polite">{flame}Streak: <strong>{self.streak}</strong> · '
            f"best: {self.best}</div>"
        )


def practice(seed: int | None = None) -> Practice:
    """The practice-mode widget."""
    return Practice(seed)
