"""One pile of Zheng Fen written out turn by turn, and walked as the game plays it (RULES §12).

A pile is the turns from its lead to the passes that end it: each turn a combination's
cards or a pass. ``walk_pile`` checks each turn as ``Game`` would (the leader may not
pass; each play must be a combination that beats the table; the pile ends when every
other player has passed in a row) and says who takes it: the last player to play,
with every card played to it. Lessons and puzzles that tell a pile in words use it, so
a pile on the page is always one the engine would have played.

>>> from shengji_tutor.zhengfen.pile import walk_pile
>>> pile = walk_pile(["5H", "10S", "KD", None, None, None], leader=0, players=4)
>>> pile.taker, pile.points, pile.problems
(2, 25, ())
>>> walk_pile(["7H 7S", "2C", None, None, None], leader=0, players=4).problems[0]
'West: a single 2♣ is a single, not a pair: only the same kind, or a special, beats the table (RULES §12)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card, CardsLike, as_cards, format_cards
from ..engine.seats import seat_label
from ..i18n import t
from .combos import Combination, classify, refusal
from .rules import CombinationError

__all__ = ["PileWalk", "walk_pile"]


@dataclass(frozen=True)
class PileWalk:
    """A pile as walked: ``turns`` (seat, the cards played as given, or ``None`` for a pass) in order; ``taker`` the last seat to
    play (``None`` if nobody did); ``cards`` every card played to it; ``problems`` what the game would refuse, each
    naming the seat (empty when the pile is one the game plays)."""

    players: int
    turns: tuple[tuple[int, tuple[Card, ...] | None], ...]
    taker: int | None
    cards: tuple[Card, ...]
    problems: tuple[str, ...]

    @property
    def points(self) -> int:
        """The points the taker takes: every 5, 10 and king played to the pile."""
        return sum(c.points for c in self.cards)

    def story(self) -> str:
        """The turns in words, in the reader's language: "North plays 5♥; West passes; …"."""
        turns = [
            t("{seat} passes", seat=seat_label(seat, self.players))
            if played is None
            else t("{seat} plays {cards}", seat=seat_label(seat, self.players), cards=format_cards(played))
            for seat, played in self.turns
        ]
        # TRANSLATORS: what separates the turns of a pile told in words ("North plays 5♥; West passes").
        return t("; ").join(turns)


def walk_pile(actions: Sequence[CardsLike | None], leader: int, players: int) -> PileWalk:
    """Walk a pile's turns (each a combination's cards, or ``None`` for a pass) from seat ``leader`` at a table of
    ``players``; what the game would refuse is collected in ``problems``, never raised."""
    if not 3 <= players <= 6 or not 0 <= leader < players:
        raise ValueError(f"a Zheng Fen pile has 3 to 6 players and a leader among them, not {players} and {leader}")
    table: Combination | None = None
    taker: int | None = None
    cards: list[Card] = []
    turns: list[tuple[int, tuple[Card, ...] | None]] = []
    problems: list[str] = []
    passes = 0
    for turn, action in enumerate(actions):
        seat = (leader + turn) % players
        name = seat_label(seat, players)
        if action is None:
            if table is None:
                problems.append(t("{seat} leads and may not pass (RULES §12)", seat=name))
            turns.append((seat, None))
            passes += 1
            continue
        if table is not None and passes >= players - 1:
            problems.append(t("the pile was taken before {seat} plays", seat=name))
        played = tuple(as_cards(action, "a play"))
        try:
            combo = classify(played)
        except CombinationError as e:
            # TRANSLATORS: {seat} is a player, {reason} why their play is refused.
            problems.append(t("{seat}: {reason}", seat=name, reason=e))
            continue
        if table is not None and not combo.beats(table):
            problems.append(t("{seat}: {reason}", seat=name, reason=refusal(combo, table)))
        turns.append((seat, played))
        table, taker, passes = combo, seat, 0
        cards.extend(played)
    if passes != players - 1:
        problems.append(
            t(
                "the pile ends when the {others} others have passed, not after {passes} passes",
                others=players - 1,
                passes=passes,
            )
        )
    return PileWalk(players, tuple(turns), taker, tuple(cards), tuple(problems))
