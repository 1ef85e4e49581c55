"""A question before something that cannot be taken back: a sentence, a red button that does it, one that does not.

A switch that would end work in progress (new house rules while a hand is under
way, another table size in the middle of a game) asks here first, and only the red
button goes through with it.

>>> from shengji_tutor.ui.widgets.confirm import Confirm
>>> done = []
>>> question = Confirm(on_yes=lambda: done.append("yes"), on_no=lambda: done.append("no"))
>>> question.ask("<p>End this game?</p>", yes="End this game")
>>> question.asking, question.yes_button.description
(True, 'End this game')
>>> question.yes_button.click(); done, question.asking
(['yes'], False)
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from ...i18n import t

__all__ = ["Confirm"]


class Confirm(w.VBox):  # type: ignore[misc]
    """Hidden until ``ask(html, yes=…)``; then ``on_yes`` or ``on_no`` runs as the learner answers, and it hides."""

    def __init__(self, on_yes: Callable[[], None], on_no: Callable[[], None], no: str | None = None) -> None:
        """``no`` is the words of the button that does not go through with it (by default "Keep playing")."""
        self.text = w.HTML()
        self.yes_button = w.Button(button_style="danger")
        self.no_button = w.Button(description=t("Keep playing") if no is None else no)
        self._on_yes, self._on_no = on_yes, on_no
        self.yes_button.on_click(lambda _b: self._answer(self._on_yes))
        self.no_button.on_click(lambda _b: self._answer(self._on_no))
        super().__init__([self.text, w.HBox([self.yes_button, self.no_button])])
        self.add_class("sjt-confirm")
        self.layout.display = "none"

    @property
    def asking(self) -> bool:
        return bool(self.layout.display != "none")

    def ask(self, html: str, yes: str) -> None:
        """Show the question ``html`` with ``yes`` on the red button."""
        self.text.value = html
        self.yes_button.description = yes
        self.layout.display = None

    def close_question(self) -> None:
        """Hide the question without an answer (the question no longer stands)."""
        self.layout.display = "none"

    def _answer(self, then: Callable[[], None]) -> None:
        self.close_question()
        then()
