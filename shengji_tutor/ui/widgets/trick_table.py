"""The trick table: four seats (North, West, South, East — play goes counter-clockwise), or five to eight."""

from __future__ import annotations

from collections.abc import Sequence

import traitlets

from ...engine.cards import CardsLike, as_cards, joker_words
from ...engine.rules import RuleSet
from ...engine.seats import SEATS, SOUTH
from ...engine.tricks import explain_trick
from ...engine.trump import Trump
from ..render import trick_svg
from ._base import SafeWidget, module_text

__all__ = ["TrickTable"]


class TrickTable(SafeWidget):
    """Who led, what each seat played, the winner outlined, the points in the middle.

    ``plays`` start with the leader's; ``leader`` and ``winner`` are seats, one per
    name in ``names`` (four: 0 North, 1 West, 2 South, 3 East; more players: "Seat 1",
    "Seat 2", … around the table in play order). ``bottom`` is the seat drawn at the
    foot of the table (the learner's; with an odd number of seats, the nearer of
    the two lowest places): the seats turn round the table, in the same order.
    With four seats South is at the bottom as it always is. The picture is drawn
    in Python; the page only shows it.
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
        bottom: int | None = None,
        caption: str = "",
    ) -> None:
        super().__init__()
        self.names: tuple[str, ...] = ()
        self.bottom: int | None = None
        self.trump = trump
        self.show(plays, leader, winner, caption=caption, names=names, bottom=bottom)

    @classmethod
    def explained(
        cls,
        plays: Sequence[CardsLike],
        trump: Trump,
        leader: int = 0,
        *,
        names: Sequence[str] = SEATS,
        rules: RuleSet | None = None,
    ) -> TrickTable:
        """A whole trick with the engine's verdict: the winner outlined and its reason as the caption
        (``explain_trick``)."""
        order = [names[(leader + k) % len(names)] for k in range(len(plays))]
        result = explain_trick(plays, trump, rules, names=order)
        winner = (leader + result.winner) % len(names)
        return cls(plays, leader, trump, winner, names=names, caption=result.reason)

    def show(
        self,
        plays: Sequence[CardsLike],
        leader: int = 0,
        winner: int | None = None,
        *,
        trump: Trump | None = None,
        caption: str | None = None,
        names: Sequence[str] | None = None,
        bottom: int | None = None,
    ) -> None:
        """Draw a trick (plays from the leader on, in play order); ``names`` (and ``bottom``) seat a new table."""
        seat_names = tuple(names) if names is not None else self.names
        n = len(seat_names)
        if not 4 <= n <= 8 or not all(isinstance(name, str) and name for name in seat_names):
            raise ValueError(f"a table seats 4 to 8 named players, not {seat_names!r}")
        if bottom is None:  # a new table puts seat 2 (South, the learner) at the bottom; the same table keeps its own
            bottom = SOUTH if names is not None or self.bottom is None else self.bottom
        last = n - 1
        if type(bottom) is not int or not 0 <= bottom < n:
            raise ValueError(f"the seat at the bottom is a seat from 0 to {last}, not {bottom!r}")
        if type(leader) is not int or not 0 <= leader < n:
            raise ValueError(f"the leader is a seat from 0 to {last}, not {leader!r}")
        if winner is not None and (type(winner) is not int or not 0 <= winner < n):
            raise ValueError(f"the winner is a seat from 0 to {last}, not {winner!r}")
        if len(plays) > n:
            raise ValueError(f"a table of {n} seats shows at most {n} plays, not {len(plays)}")
        cards = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]  # refuse bad cards before any change
        use = trump if trump is not None else self.trump
        turn = (n // 2 - bottom) % n  # trick_svg puts seat 0 at the top and seat n // 2 at the bottom
        placed = tuple(seat_names[(k - turn) % n] for k in range(n))
        picture = trick_svg(
            cards,
            (leader + turn) % n,
            use,
            winner=None if winner is None else (winner + turn) % n,
            names=placed,
        )
        self.trump = use
        self.names, self.bottom = seat_names, bottom
        self.plays, self.leader, self.winner = cards, leader, winner
        with self.hold_sync():
            self.svg = picture
            if caption is not None:
                self.caption = joker_words(caption)
