"""The house-rules chooser: the optional rules of RULES §11 as labelled controls, read into a ``RuleSet``.

Every control names its rule (with the Chinese term and its pinyin where there is
one) and says in a tooltip what the rule does. The engine judges every choice:
``RuleSet`` refuses a combination it cannot play (chao dipi with one deck, fixed
partners with five players...) with a reason, which the chooser shows next to
its controls while it keeps the last valid rules and puts the controls back.

>>> from shengji_tutor.ui.house_rules import HouseRules
>>> chooser = HouseRules()
>>> chooser.decks.value = 1
>>> chooser.chao_dipi.value = True
>>> chooser.rules.chao_dipi, chooser.decks.value
(False, 1)
>>> chooser.error.value != ""
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.cards import RANKS
from ..engine.errors import RuleSetError
from ..engine.rules import Partnership, RuleSet, rules_or_default
from ..i18n import t, te, th, tn

__all__ = ["HouseRules"]

OFF = "off"
"""A dropdown's "Off" (a dropdown whose value is None shows nothing selected, not its "Off")."""


def _on(value: str) -> str | None:
    """A dropdown's choice as the rules say it: None for "Off"."""
    return None if value == OFF else value


_WIDE = {"description_width": "initial"}


class HouseRules(w.VBox):  # type: ignore[misc]
    """Choose the house rules: players, partnership, decks and the optional rules of RULES §11.

    ``rules`` is the current choice, always a valid ``RuleSet`` (the fields the
    chooser has no control for, such as ``follow``, are kept as given);
    ``players`` the table sizes offered. ``on_change(callback)`` registers a
    callback called with the new ``RuleSet`` each time the learner changes it; a
    callback that cannot play them raises ``RuleSetError``, and the chooser keeps
    the old rules and shows why, as it does for rules the engine refuses.
    Setting ``rules`` from Python redraws the controls without calling back.
    """

    def __init__(self, rules: RuleSet | None = None, *, players: Sequence[int] = (4, 5, 6)) -> None:
        self.players_offered = tuple(players)
        if not self.players_offered or any(type(n) is not int or not 4 <= n <= 8 for n in self.players_offered):
            raise RuleSetError(f"players offered must be whole numbers from 4 to 8, not {players!r}")
        self._callbacks: list[Callable[[RuleSet], None]] = []
        self._drawing = False
        self._controls: tuple[w.ValueWidget, ...] = (*self._build_table(), *self._build_optional_rules())
        self.error = w.HTML()
        self.error.add_class("sjt-house-rules-error")
        title = te("House rules")
        self.heading = w.HTML(f"<strong>{title}</strong>")
        """The chooser's title (a page that gives it a title of its own may hide it)."""
        super().__init__([self.heading, *self._controls, self.error])
        self.add_class("sjt-house-rules")
        self._rules = rules_or_default(rules)
        self.rules = self._rules  # checks the table size and draws the controls
        for control in self._controls:
            control.observe(self._changed, names="value")

    def _build_table(self) -> tuple[w.ValueWidget, ...]:
        """The table's controls: the players, the partnership and the decks (in the order they are shown)."""
        self.players = w.ToggleButtons(
            options=[(str(n), n) for n in self.players_offered],
            description=t("Players"),
            tooltips=[
                tn("{n} player around the table", "{n} players around the table", n) for n in self.players_offered
            ],
            style=_WIDE,
        )
        self.partnership = w.ToggleButtons(
            options=[(t("Fixed partners"), "fixed"), (t("Finding Friends 找朋友 (zhǎo péngyou)"), "friends")],
            description=t("Partnership"),
            tooltips=[
                t("Partners sit alternately for the whole hand (an even number of players)"),
                t("The dealer calls a card; whoever plays it joins the dealer's side (needed with an odd number)"),
            ],
            style=_WIDE,
        )
        self.decks = w.ToggleButtons(
            options=[("1", 1), ("2", 2), ("3", 3)],
            description=t("Decks"),
            tooltips=[
                tn("{n} pack of 54 cards shuffled together", "{n} packs of 54 cards shuffled together", n)
                for n in (1, 2, 3)
            ],
            style=_WIDE,
        )
        return (self.players, self.partnership, self.decks)

    def _build_optional_rules(self) -> tuple[w.ValueWidget, ...]:
        """The optional rules' controls (RULES §11), in the order they are shown."""
        self.mandatory_levels = w.SelectMultiple(
            options=list(RANKS),
            rows=4,
            description=t("Mandatory levels (必打 bì dǎ)"),
            tooltip=t("A side's level never passes these ranks until it has played them as declarers"),
            style=_WIDE,
        )
        self.chao_dipi = w.Checkbox(
            description=t("Chao dipi 炒地皮 (chǎo dìpí)"),
            tooltip=t("After the kitty is buried, others may overturn the trump with a stronger pair and rebury it"),
            indent=False,
        )
        self.hook_and_needle = w.Checkbox(
            description=t("Hook and needle 勾/针 (gōu / zhēn)"),
            tooltip=t("At trump rank J (A), attackers who win the last trick with a J (an A) send declarers back"),
            indent=False,
        )
        self.red_five = w.Dropdown(
            options=[(t("Off"), OFF), ("5♥", "5H"), ("5♥ + 5♦", "5H+5D")],
            description=t("Red five 红五 (hóng wǔ)"),
            tooltip=t("The red five ranks above the big joker; losing it to the other side costs 10 points"),
            style=_WIDE,
        )
        self.redeal = w.Dropdown(
            options=[(t("Off"), OFF), (t("No trump"), "no-trump"), (t("No points"), "no-points")],
            description=t("Redeal on a hopeless hand"),
            tooltip=t(
                "After the deal, a player with no trump (no point card) may show the hand and have it dealt again"
            ),
            style=_WIDE,
        )
        self.kitty_multiplier = w.Dropdown(
            options=[(t("Times"), "times"), (t("Power"), "power"), (t("Cards"), "cards")],
            description=t("Kitty multiplier (底牌 dǐpái)"),
            tooltip=t(
                "When attackers win the last trick, the kitty's points count 2 × the cards of the winning play's "
                "largest unit (times), 2 to that number (power), or 2 × all its cards (cards)"
            ),
            style=_WIDE,
        )
        return (
            self.mandatory_levels,
            self.chao_dipi,
            self.hook_and_needle,
            self.red_five,
            self.redeal,
            self.kitty_multiplier,
        )

    @property
    def rules(self) -> RuleSet:
        """The current house rules (a valid ``RuleSet``)."""
        return self._rules

    @rules.setter
    def rules(self, rules: RuleSet) -> None:
        rules = rules_or_default(rules)
        if rules.players not in self.players_offered:
            offered = ", ".join(str(n) for n in self.players_offered)
            raise RuleSetError(f"this table seats {offered} players, not {rules.players}")
        self._rules = rules
        self.error.value = ""
        self._draw()

    def on_change(self, callback: Callable[[RuleSet], None]) -> None:
        """Call ``callback(rules)`` each time the learner changes the house rules."""
        self._callbacks.append(callback)

    def _draw(self) -> None:
        """Put every control on the current rules."""
        r = self._rules
        self._drawing = True
        try:
            self.players.value = r.players
            self.players.disabled = len(self.players_offered) == 1
            self.partnership.value = r.partnership
            self.partnership.disabled = r.players % 2 == 1  # an odd table must find friends
            self.decks.value = r.decks
            self.mandatory_levels.value = r.mandatory_levels
            self.chao_dipi.value = r.chao_dipi
            self.hook_and_needle.value = r.hook_and_needle
            self.red_five.value = r.red_five or OFF
            self.redeal.value = r.redeal or OFF
            self.kitty_multiplier.value = r.kitty_multiplier
        finally:
            self._drawing = False

    def _changed(self, _change: Any) -> None:
        """A control changed: the engine judges the new rules; refused, the old ones stay and the reason shows."""
        if self._drawing:
            return
        players = self.players.value
        partnership = Partnership.FRIENDS if players % 2 else Partnership(self.partnership.value)
        same_table = (players, self.decks.value) == (self._rules.players, self._rules.decks)
        try:
            rules = replace(
                self._rules,
                players=players,
                partnership=partnership,
                decks=self.decks.value,
                mandatory_levels=tuple(self.mandatory_levels.value),
                chao_dipi=self.chao_dipi.value,
                hook_and_needle=self.hook_and_needle.value,
                red_five=_on(self.red_five.value),
                red_five_penalty=self._rules.red_five_penalty if _on(self.red_five.value) is not None else 10,
                redeal=_on(self.redeal.value),
                kitty_multiplier=self.kitty_multiplier.value,
                kitty_size=self._rules.kitty_size if same_table else None,  # a set kitty fits only its table
            )
        except RuleSetError as e:
            self._refuse(e)
            return
        old, self.rules = self._rules, rules
        if rules == old:
            return
        try:
            for callback in self._callbacks:
                callback(rules)
        except RuleSetError as e:  # a callback may refuse rules it cannot play
            self._rules = old
            self._refuse(e)

    def _refuse(self, error: RuleSetError) -> None:
        """Put the controls back on the rules kept, and say why the choice was refused."""
        self._draw()
        # TRANSLATORS: {reason} is why the engine refuses the house rules picked.
        said = th("Not possible: {reason}", reason=escape(str(error)))
        self.error.value = f'<div class="sjt-error" role="alert">{said}</div>'
