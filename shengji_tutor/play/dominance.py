"""A play that is surely no worse: when the trick's winner is certain whatever the player does, the play that wastes
less is at least as good, and the coach can say so without sampling a single deal.

While following, ``certainty`` can prove that the trick goes to one side whatever the player plays (a partner's
winner nobody can beat, an opponent's boss). Between two plays with the same certain outcome, the trick's result
is the same, so the one that gives the other side fewer points, spends fewer trumps, breaks fewer pairs and throws
lower cards — or, when the trick is the player's side's, gives it more points — is surely no worse. The play-outs
often cannot measure that difference (a trump kept for later matters in some deals only), so the coach uses it
where the play-outs cannot tell the plays apart: to recommend the play a strong player would make, and to say why
in words that are true of every deal (``reason``). It never grades a play down by it: a grade is a measured loss.

>>> from shengji_tutor.play.dominance import Waste
>>> ruff, discard = Waste(points=0, trumps=1, pairs=0, strength=40), Waste(points=0, trumps=0, pairs=0, strength=12)
>>> ruff.no_better_than(discard, "ours"), discard.no_better_than(ruff, "ours")
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice

from ..engine.cards import Card, format_cards
from ..engine.plays import legal_plays, strength_spent
from ..engine.seats import seat_label
from ..i18n import t, tn
from .certainty import side_sure, sure_winner
from .round import PlayerView
from .search import pairs_broken

__all__ = ["LEGAL_LIMIT", "Waste", "certain_side", "reason", "surely_better"]

LEGAL_LIMIT = 400
"""Legal plays looked at, at most: a void follow to a long throw has thousands, and then nothing is said."""


@dataclass(frozen=True)
class Waste:
    """What a play gives up in a trick whose winner is certain: its points, trumps, broken pairs and strength."""

    points: int
    trumps: int
    pairs: int
    strength: int
    suits: tuple[int, ...] = ()
    """The effective suits of the cards played, sorted: what the hand is left short of."""

    def no_better_than(self, other: Waste, side: str) -> bool:
        """Is ``other`` at least as good in every respect and better in one, the trick going to ``side``?

        It spends no more trumps, breaks no more pairs and throws no higher cards (a higher card might win a
        trick later), and gives the trick's winner more points in the player's side's trick (``"ours"``), fewer in
        the other side's (``"theirs"``). Lower cards alone are no gain when they come from other suits: the hand
        is then left short in another suit (void in spades instead of hearts, say), which may matter more than a
        queen kept instead of an ace — the play-outs measured exactly that.
        """
        points_ok = other.points >= self.points if side == "ours" else other.points <= self.points
        if not points_ok or other.trumps > self.trumps or other.pairs > self.pairs or other.strength > self.strength:
            return False
        if (other.points, other.trumps, other.pairs) == (self.points, self.trumps, self.pairs):
            return other.strength < self.strength and other.suits == self.suits
        return True


def certain_side(view: PlayerView, play: Sequence[Card]) -> str | None:
    """``"ours"`` when the trick surely goes to the player's side after ``play``, ``"theirs"`` when it surely goes to
    the other side, ``None`` when it is not certain (or the player leads: nothing is known of the others' plays)."""
    if not view.trick:
        return None
    if side_sure(view, play):
        return "ours"
    winner = sure_winner(view, play)
    if winner is not None and winner not in view.partner_seats() and winner != view.seat:
        return "theirs"
    return None


def waste(view: PlayerView, play: Sequence[Card]) -> Waste:
    trump = view.trump
    assert trump is not None
    return Waste(
        points=sum(c.points for c in play),
        trumps=sum(1 for c in play if trump.is_trump(c)),
        pairs=pairs_broken(view.hand, play),
        strength=strength_spent(play, trump),
        suits=tuple(sorted(trump.suit_table[c.id] for c in play)),
    )


def surely_better(
    view: PlayerView, play: Sequence[Card], among: Iterable[Sequence[Card]] | None = None
) -> tuple[Card, ...] | None:
    """The play (of ``among``, by default every legal follow) that is surely no worse than ``play`` and wastes least,
    when the trick's winner is certain after both; ``None`` when there is none or nothing is certain."""
    side = certain_side(view, play)
    if side is None or view.trump is None:
        return None
    mine = waste(view, play)
    if among is None:
        among = islice(legal_plays(view.hand, view.trick[0], view.trump, view.rules), LEGAL_LIMIT)
    found: list[tuple[Waste, tuple[Card, ...]]] = []
    for other in among:
        w = waste(view, other)
        if mine.no_better_than(w, side):
            found.append((w, tuple(other)))
    if side == "ours":
        found.sort(key=lambda f: (-f[0].points, f[0].trumps, f[0].pairs, f[0].strength))
    else:
        found.sort(key=lambda f: (f[0].points, f[0].trumps, f[0].pairs, f[0].strength))
    # the least wasteful first; the certainty, dearer to work out, only until one keeps the trick's outcome
    return next((other for _w, other in found if certain_side(view, other) == side), None)


def reason(view: PlayerView, play: Sequence[Card], better: Sequence[Card]) -> str:
    """Why ``better`` is surely no worse than ``play``, in a sentence true of every deal."""
    side = certain_side(view, play)
    mine, theirs = waste(view, play), waste(view, better)
    winner = sure_winner(view, play)
    who = seat_label(winner, view.rules.players) if winner is not None else t("them")
    gains = []
    if side == "ours" and theirs.points > mine.points:
        gains.append(
            tn(
                "brings your side {n} more point",
                "brings your side {n} more points",
                theirs.points - mine.points,
            )
        )
    if side == "theirs" and theirs.points < mine.points:
        gains.append(
            tn("gives {seat} {n} fewer point", "gives {seat} {n} fewer points", mine.points - theirs.points, seat=who)
        )
    if theirs.trumps < mine.trumps:
        gains.append(t("keeps your trump") if mine.trumps - theirs.trumps == 1 else t("keeps your trumps"))
    elif theirs.trumps and theirs.trumps == mine.trumps:
        if winner == view.seat:  # the player's own card wins the trick: it wins it with the lower trump
            gains.append(t("wins it with a lower trump, keeping the higher one"))
        else:
            gains.append(t("follows with a lower trump, keeping the higher one"))
    if theirs.pairs < mine.pairs:
        gains.append(t("keeps your pair together"))
    if not gains:
        gains.append(t("keeps your higher cards for later"))
    done = gains[0]
    for gain in gains[1:]:
        # TRANSLATORS: two things a play does, joined ("keeps your trump and keeps your pair together")
        done = t("{done} and {more}", done=done, more=gain)
    if side == "ours":
        return t(
            "{cards} surely does as well and {gains}: the trick is your side's whatever you play (RULES §7), so that "
            "saving is free.",
            cards=format_cards(better),
            gains=done,
        )
    return t(
        "{cards} surely does as well and {gains}: the trick is {seat}'s whatever you play (RULES §7), so that "
        "saving is free.",
        cards=format_cards(better),
        gains=done,
        seat=who,
    )
