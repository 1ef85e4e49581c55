"""The trick table: four seats (North, West, South, East — play goes counter-clockwise)."""

from __future__ import annotations

from collections.abc import Sequence

import traitlets

from ...engine.cards import CardsLike, as_cards
from ...engine.seats import SEATS
from ...engine.trump import Trump
from ..render import trick_svg
from ._base import SafeWidget, module_text

__all__ = ["TrickTable"]


class TrickTable(SafeWidget):
    """Who led, what each seat played, the winner outlined, the points in the middle.

    ``plays`` start with the leader's; ``leader`` and ``winner`` are seats (0 North,
    1 West, 2 South, 3 East). The picture is drawn in Python; the page only shows it.
    """

    _esm = module_text("trick_table")
    svg = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        plays: Sequence[CardsLike] = (),
        leader: int = 0,
        trump: Trump | None = None,
        winner: int | None = None,
        *,
        names: Sequence[str] = SEATS,
        caption: str = "",
    ) -> None:
        super().__init__()
        self.names = tuple(names)
        self.trump = trump
        self.show(plays, leader, winner, caption=caption)

    def show(
        self,
        plays: Sequence[CardsLike],
        leader: int = 0,
        winner: int | None = None,
        *,
        trump: Trump | None = None,
        caption: str | None = None,
    ) -> None:
        """Draw a trick (plays from the leader on, in play order)."""
        if type(leader) is not int or not 0 <= leader < 4:
            raise ValueError(f"the leader is a seat from 0 to 3, not {leader!r}")
        if winner is not None and (type(winner) is not int or not 0 <= winner < 4):
            raise ValueError(f"the winner is a seat from 0 to 3, not {winner!r}")
        if len(plays) > 4:
            raise ValueError(f"a four-seat table shows at most 4 plays, not {len(plays)}")
        cards = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]  # refuse bad cards before any change
        use = trump if trump is not None else self.trump
        picture = trick_svg(cards, leader, use, winner=winner, names=self.names)
        self.trump = use
        self.plays, self.leader, self.winner = cards, leader, winner
        with self.hold_sync():
            self.svg = picture
            if caption is not None:
                self.caption = caption
