"""The trump chooser: pick a rank and a suit (or no-trump) and watch the whole deck re-sort."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from ...engine.cards import RANKS, SUITS, Card
from ...engine.trump import Trump
from ...i18n import t
from ..render import card_svg
from ._base import BrowserError, SafeWidget, module_text
from .hand_picker import SUIT_GROUP_LABELS, group_label

__all__ = ["TrumpChooser"]


class TrumpChooser(SafeWidget):
    """Rank 2..A and suit ♠ ♥ ♦ ♣ or no-trump (无主); shows every card grouped into trump and plain suits.

    ``trump`` is the chosen ``Trump``; ``on_change(callback)`` is told of each choice.
    """

    _esm = module_text("trump_chooser")
    rank = traitlets.Unicode("2").tag(sync=True)
    suit = traitlets.Unicode("S").tag(sync=True)
    """A suit letter, or "NT" for no-trump."""
    ranks = traitlets.List(traitlets.Unicode(), default_value=list(RANKS)).tag(sync=True)
    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    """The controls' words, in the reader's language: ``rank`` and ``suit`` (the rank's label and the suits'
    legend) and ``suits``, the suit choices as ``[value, words]`` pairs ("S", "♠ Spades"; "NT", "No-trump 无主")."""

    def __init__(self, rank: str = "2", suit: str | None = "S") -> None:
        super().__init__()
        self.labels = _labels()
        self._listeners: list[Callable[[Trump], None]] = []
        self.choose(rank, suit)

    @property
    def trump(self) -> Trump:
        return Trump(self.rank, None if self.suit == "NT" else self.suit)

    def choose(self, rank: str, suit: str | None) -> None:
        """Set the trump from Python (validated like a choice in the page)."""
        trump = Trump(rank, suit)  # raises InvalidTrumpError for nonsense
        with self.hold_sync():
            self.rank = trump.rank
            self.suit = trump.suit or "NT"
            self.groups = _deck_groups(trump)
            self.summary = trump.describe()
        for callback in self._listeners:
            callback(trump)

    def on_change(self, callback: Callable[[Trump], None]) -> None:
        self._listeners.append(callback)

    def _events(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        return {"choose": self._choose}

    def _choose(self, content: dict[str, Any]) -> None:
        rank, suit = content.get("rank"), content.get("suit")
        if rank not in RANKS:
            raise BrowserError(f"unknown trump rank {rank!r}")
        if suit != "NT" and suit not in SUITS:
            raise BrowserError(f"unknown trump suit {suit!r}")
        self.choose(rank, None if suit == "NT" else suit)


def _deck_groups(trump: Trump) -> list[dict[str, Any]]:
    """Every distinct card, grouped into the trump suit and the plain suits, each high to low."""
    deck = trump.sorted([Card.from_id(i) for i in range(54)])
    groups: dict[str, list[Card]] = {}
    for card in deck:
        groups.setdefault(trump.suit_of(card), []).append(card)
    return [
        {
            "group": name,
            # TRANSLATORS: a group of the deck ("♠ Spades", "Trump 主") and how many cards it holds.
            "label": t("{group} ({count})", group=group_label(name), count=len(cards)),
            "cards": [{"token": str(c), "svg": card_svg(c, trump, width=44)} for c in cards],
        }
        for name, cards in groups.items()
    ]


def _labels() -> dict[str, Any]:
    """What the page writes on the controls, in the reader's language."""
    suits = [[suit, t(SUIT_GROUP_LABELS[suit])] for suit in SUITS]
    return {
        "rank": t("Trump rank"),
        "suit": t("Trump suit"),
        "suits": [*suits, ["NT", t("No-trump 无主")]],
    }
