"""The hand picker: a hand sorted by the trump order, grouped by suit; click cards to select them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from ...engine.cards import Card, CardsLike, as_cards
from ...engine.trump import Trump
from ...i18n import N_, t, tn
from ..render import card_label, card_svg
from ._base import BrowserError, SafeWidget, module_text, whole_number

__all__ = ["HandPicker", "card_entries"]

SUIT_GROUP_LABELS = {"S": N_("♠ Spades"), "H": N_("♥ Hearts"), "D": N_("♦ Diamonds"), "C": N_("♣ Clubs")}
"""A hand's groups by suit, named in English (a group shows ``group_label(suit)``, in the reader's language)."""


def group_label(group: str) -> str:
    """A group of cards named in the reader's language: "Trump 主", "♠ Spades"…, "Jokers" (the jokers without a trump)."""
    if group == "trump":
        # TRANSLATORS: the group of a hand that holds its trumps; 主 (zhǔ) is the Chinese word the course teaches.
        return t("Trump 主")
    if group in SUIT_GROUP_LABELS:
        return t(SUIT_GROUP_LABELS[group])
    return t("Jokers")


def card_entries(
    cards: Sequence[Card],
    trump: Trump | None,
    highlight: Sequence[int] = (),
    four_colour: bool = False,
    one_group: str | None = None,
) -> list[dict[str, Any]]:
    """What the page needs to draw each card: token, label, picture, group (plain JSON). With ``one_group`` every
    card is in one group of that label, in the order given (a game whose suits do not rank the cards)."""
    out = []
    for i, card in enumerate(cards):
        group = trump.suit_of(card) if trump is not None else card.suit or "joker"
        label = group_label(group)
        if one_group is not None:
            group, label = "all", one_group
        out.append(
            {
                "token": str(card),
                "label": card_label(card, trump),
                "svg": card_svg(card, trump, highlight=i in highlight, four_colour=four_colour),
                "group": group,
                "group_label": label,
                # in the trump group a change of suit gets a gap (7♣ 7♣ | 7♠ 7♠); nowhere else
                "part": (card.suit or "joker") if group == "trump" else group,
            }
        )
    return out


def toggled(selected: Sequence[int], index: int, limit: int) -> list[int] | None:
    """``selected`` with card ``index`` unpicked if it is picked, else picked; None when that would pick more than
    ``limit`` cards (0: no limit)."""
    chosen = list(selected)
    if index in chosen:
        chosen.remove(index)
        return chosen
    return None if limit and len(chosen) >= limit else [*chosen, index]


class HandPicker(SafeWidget):
    """A hand to pick cards from. ``selection`` is the picked cards, in the order they were picked.

    ``max_selected`` (0 = no limit) caps the selection, ``disabled`` freezes it,
    ``highlight`` marks cards (a hint). Keyboard: Tab to a card, Space or Enter toggles.
    """

    _esm = module_text("hand_picker")
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    highlight = traitlets.List(traitlets.Int()).tag(sync=True)
    max_selected = traitlets.Int(0).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("Your hand").tag(sync=True)
    heading = traitlets.Unicode("Your hand").tag(sync=True)
    """The hand's title as the page shows it: ``label``, and how many cards to pick ("Your hand — pick 2")."""

    def __init__(
        self,
        cards: CardsLike = (),
        trump: Trump | None = None,
        *,
        max_selected: int = 0,
        disabled: bool = False,
        label: str | None = None,
        four_colour: bool = False,
        one_group: str | None = None,
    ) -> None:
        """``label`` is the hand's title (by default "Your hand", in the reader's language)."""
        super().__init__(max_selected=max_selected, disabled=disabled, label=t("Your hand") if label is None else label)
        self._title()
        self.four_colour = four_colour
        self.one_group = one_group
        """When set, the cards are one group of this label, in the order given, rather than grouped by suit."""
        self._hand: list[Card] = []
        self._trump = trump
        self._listeners: list[Callable[[list[Card]], None]] = []
        self.set_hand(cards, trump)

    # -- Python API ---------------------------------------------------------------------

    @property
    def hand(self) -> list[Card]:
        """The cards shown, in display order (sorted by the trump order when there is a trump)."""
        return list(self._hand)

    @property
    def trump(self) -> Trump | None:
        return self._trump

    @property
    def selection(self) -> list[Card]:
        """The selected cards, in the order they were picked."""
        return [self._hand[i] for i in self.selected]

    def set_hand(self, cards: CardsLike, trump: Trump | None = None) -> None:
        """Show a new hand (clears the selection and the hint)."""
        hand = as_cards(cards, "the hand")
        self._trump = trump
        self._hand = trump.sorted(hand) if trump is not None else hand
        with self.hold_sync():
            self.selected = []
            self.highlight = []
            self.cards = card_entries(self._hand, trump, four_colour=self.four_colour, one_group=self.one_group)

    def select(self, cards: CardsLike) -> None:
        """Select exactly these cards (from Python: a demo, a replay)."""
        wanted = as_cards(cards, "the selection")
        self.selected = self._indices(wanted)

    def clear(self) -> None:
        self.selected = []

    def hint(self, cards: CardsLike) -> None:
        """Highlight these cards (a hint); an empty list removes the hint."""
        indices = self._indices(as_cards(cards, "the hint"))
        self.highlight = indices
        self.cards = card_entries(self._hand, self._trump, indices, self.four_colour, self.one_group)

    def on_selection(self, callback: Callable[[list[Card]], None]) -> None:
        """Call ``callback(selection)`` whenever the selection changes."""
        self._listeners.append(callback)

    # -- browser events -------------------------------------------------------------------

    def _events(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        return {"toggle": self._toggle}

    @traitlets.observe("label", "max_selected")
    def _title(self, _change: object = None) -> None:
        n = self.max_selected
        # TRANSLATORS: a hand's title when the learner picks cards from it: {label} is "Your hand" or the like.
        self.heading = t("{label} — pick {n}", label=self.label, n=n) if n else self.label

    def _toggle(self, content: dict[str, Any]) -> None:
        if self.disabled:
            raise BrowserError(t("this hand is not active now"))
        index = whole_number(content, "index", 0, len(self._hand))
        token = content.get("token")
        if token is not None and token != str(self._hand[index]):
            raise BrowserError(f"card {index} is {self._hand[index]}, not {token!r}")
        chosen = toggled(self.selected, index, self.max_selected)
        if chosen is None:
            n = self.max_selected
            raise BrowserError(
                tn(
                    "you may pick at most {n} card: unpick one first",
                    "you may pick at most {n} cards: unpick one first",
                    n,
                )
            )
        self.selected = chosen

    @traitlets.observe("selected")
    def _announce(self, _change: dict[str, Any]) -> None:
        selection = self.selection
        for callback in self._listeners:
            callback(selection)

    def _indices(self, wanted: list[Card]) -> list[int]:
        free = list(range(len(self._hand)))
        out = []
        for card in wanted:
            match = next((i for i in free if self._hand[i] is card), None)
            if match is None:
                raise BrowserError(f"{card} is not in this hand")
            free.remove(match)
            out.append(match)
        return out
