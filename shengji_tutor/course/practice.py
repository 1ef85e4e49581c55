"""Practice mode: endless fresh puzzles generated from simulated games, by topic and difficulty.

The streak counts puzzles in a row solved on the first try without a hint: it
rises once per puzzle (checking the same right answer again does not count),
and a wrong answer, a hint-assisted answer or a shown answer ends it. It is kept
in the learner's progress store (with their best), so a reload or a new visit
goes on counting. A topic answered wrong comes back in the learner's review
(``store.answers.Recorder``).

The puzzles are made under the learner's own house rules (``ui.house_rules``'s
chooser above them, for a table of four): a change is kept in their progress
store (``ProgressStore.save_house_rules``), so lesson 10's hand and the next
visit use it too, and the next puzzle is made under it. Rules practice cannot
seat (five players, Finding Friends) leave RULES.md's rules in place, and say so.
"""

from __future__ import annotations

import json
import random
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.errors import RuleSetError
from ..engine.rules import RuleSet
from ..i18n import N_, t, te, th
from ..puzzles import Puzzle
from ..store.answers import Outcome, Recorder
from ..store.failures import log
from ..store.progress import ProgressStore
from ..store.schema import StoreError
from ..ui.house_rules import HouseRules
from ..ui.puzzle_view import puzzle_card_args
from ..ui.widgets import Disclosure, PuzzleCard
from .learning import practice_item, practice_table
from .pages import learner_progress, route_detail

__all__ = ["PRACTICE_TOPICS", "RULES_TITLE", "Practice", "practice"]


PRACTICE_TOPICS = {
    N_("Who wins the trick?"): "winner",
    N_("Is this play legal?"): "legal",
    N_("What do you play?"): "play",
    N_("Count the points"): "points",
    N_("Throws"): "throw",
    N_("Order the trumps"): "order",
    N_("Play well"): "best",
}
"""The practice topics by their English names (the menu's values; its labels read them in the learner's language)."""

LEVELS = (N_("Easy"), N_("Medium"), N_("Hard"))
"""The difficulties 1, 2 and 3 by name (read in the learner's language)."""

_NONE_OF_LEVEL = {
    1: N_("No easy puzzle of this topic could be made ({error}); here is one of any level."),
    2: N_("No medium puzzle of this topic could be made ({error}); here is one of any level."),
    3: N_("No hard puzzle of this topic could be made ({error}); here is one of any level."),
}
"""What the page says when the generator has no puzzle of the difficulty asked for, by difficulty."""


STREAK_PLACE = "practice"
"""Where the practice streak is kept in the learner's progress store (``ProgressStore.save_work``)."""

RULES_TITLE = N_("House rules (RULES §11)")
"""The title of the practice page's house-rules panel (lesson 10's has the same), in English: shown as
``t(RULES_TITLE)``."""


class Practice(w.VBox):  # type: ignore[misc]
    """Practice mode: pick a topic, a difficulty and the table's house rules, then endless fresh puzzles, with a
    streak counter. ``rules`` are the house rules the puzzles are made under."""

    def __init__(self, seed: int | None = None, store: ProgressStore | None = None) -> None:
        from ..puzzles.generate import generate

        self._generate = generate
        self.store = learner_progress(store)
        self.note = ""
        self._rng = random.Random(seed)
        self.streak, self.best = _kept_streak(self.store)
        self.save_note = ""
        self.topic = w.Dropdown(options=[(t(name), name) for name in PRACTICE_TOPICS], description=t("Topic"))
        self.level = w.ToggleButtons(
            options=[(t(name), k) for k, name in enumerate(LEVELS, 1)], description=t("Difficulty")
        )
        asked = _topic_of(route_detail())  # the address asked for a topic (#practice/points): start there
        if asked is not None:
            self.topic.value = asked
        self.rules, why = practice_table(self.store.house_rules())
        self.rules_note = t("Practice uses RULES.md's house rules: {why}.", why=why) if why else ""
        self.house = HouseRules(self.rules, players=(4,))
        self.house.on_change(self._rules_changed)
        self.rules_panel = Disclosure(w.VBox(), t(RULES_TITLE))
        self.rules_panel.observe(self._open_rules, "selected_index")
        self.counter = w.HTML()
        self.counter.add_class("sjt-streak")
        self.card = PuzzleCard(**self._fresh())
        self.recorder = Recorder(self.card, self.store, self._decided)
        self._track()
        self.card.on_next(self.next)
        self.topic.observe(lambda _change: self.next(), "value")
        self.level.observe(lambda _change: self.next(), "value")
        super().__init__([w.HBox([self.topic, self.level]), self.rules_panel, self.counter, self.card])
        self.add_class("sjt-practice")
        self._show_streak()

    def _fresh(self) -> dict[str, Any]:
        kind = PRACTICE_TOPICS[self.topic.value]
        level = self.level.value
        self.note = ""
        try:
            puzzle = self._make(kind, level)
        except RuntimeError as e:  # the generator says why it has none of this difficulty: say so, take another
            self.note = t(_NONE_OF_LEVEL[level], error=e)
            puzzle = self._make(kind, None)
        self.puzzle = puzzle
        return {"has_next": True, **puzzle_card_args(puzzle)}

    def _make(self, kind: str, level: int | None) -> Puzzle:
        """A puzzle under the chosen rules, or under RULES.md's where its kind refuses them (a best puzzle under
        chao dipi), saying so."""
        seed = self._rng.randrange(1 << 30)
        try:
            return self._generate(kind, level, seed=seed, rules=self.rules)
        except RuleSetError as e:
            self.note = t("This puzzle is played under RULES.md's house rules: {error}.", error=e)
            return self._generate(kind, level, seed=seed)

    def _open_rules(self, change: dict[str, Any]) -> None:
        """The learner opened the house rules: the chooser goes in (until then the page draws none of its controls,
        so the topic and the difficulty are the page's only menu and toggle buttons)."""
        if change["new"] is not None:
            self.rules_panel.content.children = [self.house]

    def _rules_changed(self, rules: RuleSet) -> None:
        """The learner chose other house rules: kept in their store, and the next puzzle is made under them. Rules
        practice cannot seat are refused: the chooser goes back to the rules before, and the page says why."""
        table, why = practice_table(rules)
        if why:
            self.house.rules = self.rules
            self.rules_note = t("Not for practice: {why}. The rules before stay.", why=why)
            self._show_streak()
            return
        self.rules = table
        try:
            self.store.save_house_rules(table)
            self.rules_note = ""
        except StoreError as e:
            self.rules_note = t("These rules are used here but could not be kept for next time: {error}", error=e)
        self.next()

    def show_detail(self, kind: str) -> None:
        """Open on the topic of puzzle kind ``kind`` (the address ``#practice/<kind>``; an unknown kind: no change)."""
        name = _topic_of(kind)
        if name is not None and name != self.topic.value:
            self.topic.value = name  # its observer deals a puzzle of the topic

    def _track(self) -> None:
        kind = PRACTICE_TOPICS[self.topic.value]
        self.recorder.show(self.puzzle, practice_item(kind, self.puzzle.difficulty), saved=False)
        self._show_streak()

    def next(self) -> None:
        """A new puzzle of the chosen topic and difficulty."""
        self.card.load(**self._fresh())
        self._track()

    def _decided(self, outcome: Outcome) -> None:
        """A puzzle's first answer: a first try adds one to the streak, anything else ends it (once per puzzle)."""
        self.streak = self.streak + 1 if outcome.first_try else 0
        self.best = max(self.best, self.streak)
        problem = self.store.keep_work(STREAK_PLACE, json.dumps({"streak": self.streak, "best": self.best}))
        self.save_note = (
            t("Your streak could not be kept for next time: {problem}.", problem=problem) if problem else ""
        )
        self._show_streak()

    def _show_streak(self) -> None:
        flame = "🔥 " if self.streak >= 3 else ""
        notes = (self.rules_note, self.note, self.save_note)
        note = "".join(f'<p class="sjt-note">{escape(n)}</p>' for n in notes if n)
        # TRANSLATORS: {streak} is the number of puzzles solved in a row (in bold), {best} the learner's best streak.
        line = th("Streak: {streak} · best: {best}", streak=f"<strong>{self.streak}</strong>", best=self.best)
        aside = te("(puzzles in a row right first try, without a hint)")
        self.counter.value = (
            f'<p class="sjt-streak-line" aria-live="polite">{flame}{line} <span class="sjt-aside">{aside}</span>'
            f"</p>{note}"
        )


def _kept_streak(store: ProgressStore) -> tuple[int, int]:
    """The streak and best the learner left practice with (0, 0 the first time, or when what was kept is not one)."""
    text = store.work(STREAK_PLACE)
    if text is None:
        return 0, 0
    data = json.loads(text)  # the store keeps only JSON objects
    streak, best = data.get("streak"), data.get("best")
    if type(streak) is not int or type(best) is not int or not 0 <= streak <= best:
        log.warning("practice streak of %s not read: %.60s", store.learner, text)
        return 0, 0
    return streak, best


def _topic_of(kind: str) -> str | None:
    """The practice topic of puzzle kind ``kind`` (None: no such topic)."""
    return next((name for name, k in PRACTICE_TOPICS.items() if k == kind), None)


def practice(seed: int | None = None, store: ProgressStore | None = None) -> Practice:
    """The practice-mode widget (the page's learner's: a topic they get wrong comes back in their review)."""
    return Practice(seed, store)
