"""What happens in a round, as values: the ``Action`` union that ``Round.apply`` performs.

One small frozen value per verb of ``Round`` (like python-chess's ``Move`` or an
OpenSpiel action): ``DealCard`` gives the next card, ``Declare`` shows trump
(亮主 liàngzhǔ), ``FinishDeal`` ends the deal (or redeals), ``Discard`` buries the
kitty (底牌 dǐpái), ``Call`` names the friend cards (找朋友 zhǎo péngyǒu), ``Play``
plays to the trick. Two belong to RULES §11's variants: ``ShowHand`` shows a
hopeless hand to force a redeal, ``Pass`` declines to overturn the trump in chao
dipi (炒地皮), where ``Declare`` overturns it and ``Discard`` buries the kitty again. A round keeps every action it accepted, in order, in
``Round.history``; that log is what ``Round.undo`` and ``RoundRecord.replay``
play again, and what a saved round holds, as plain dicts with card tokens.

>>> from shengji_tutor import parse_cards
>>> from shengji_tutor.play.actions import Play, action_from_dict
>>> play = Play(2, tuple(parse_cards("10H 10H")))
>>> str(play)
'South plays 10♥ 10♥'
>>> play.to_dict()
{'action': 'play', 'seat': 2, 'cards': '10H 10H'}
>>> action_from_dict(play.to_dict()) == play
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from ..engine.cards import Card, format_cards, listed, parse_cards
from ..engine.errors import ShengjiError
from ..engine.seats import seat_label
from ..i18n import N_, t

__all__ = [
    "DEAL_CARD",
    "FINISH_DEAL",
    "ORDINALS",
    "Action",
    "Call",
    "DealCard",
    "Declare",
    "Discard",
    "FinishDeal",
    "Pass",
    "Play",
    "ShowHand",
    "action_from_dict",
    "called_card",
]

ORDINALS = {1: N_("first"), 2: N_("second"), 3: N_("third")}
"""A called copy's ordinal in words: "the second A♥" (three decks at most); English, shown with ``t``."""
_CALLED = {1: N_("the first {card}"), 2: N_("the second {card}"), 3: N_("the third {card}")}


def called_card(card: Card, ordinal: int) -> str:
    """A called card with its copy's ordinal, as a sentence says it in the reader's language: "the second A♥"."""
    if ordinal in _CALLED:
        return t(_CALLED[ordinal], card=card.symbol())
    # TRANSLATORS: a called card by the number of its copy, past the third (not met with three decks or fewer)
    return t("the #{ordinal} {card}", ordinal=ordinal, card=card.symbol())


class _Action:
    """What every action has: a sentence (``describe``, ``str``) and a plain-dict form (``to_dict``)."""

    __slots__ = ()
    kind: ClassVar[str]
    """The ``"action"`` of the dict form."""
    sentence: ClassVar[str] = ""
    """The action as a sentence (English, shown with ``t``; a seat's action fills in ``{seat}`` and ``{cards}``)."""

    def describe(self, players: int = 4) -> str:
        """The action as a sentence in the reader's language, with the seat names of a table of ``players``."""
        return t(self.sentence) if self.sentence else ""

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.kind}

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class _Seat(_Action):
    """An action of one seat (``ShowHand``, ``Pass``; with cards, ``_SeatCards``)."""

    seat: int

    def describe(self, players: int = 4) -> str:
        return t(self.sentence, seat=seat_label(self.seat, players))

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class _SeatCards(_Seat):
    """An action of one seat with some cards: ``Declare``, ``Discard``, ``Play``."""

    cards: tuple[Card, ...]

    def describe(self, players: int = 4) -> str:
        return t(self.sentence, seat=seat_label(self.seat, players), cards=format_cards(self.cards))

    def to_dict(self) -> dict[str, Any]:
        return {**_Seat.to_dict(self), "cards": format_cards(self.cards, symbols=False)}


@dataclass(frozen=True, slots=True)
class DealCard(_Action):
    """Give the next card of the deck to the next player in play order."""

    kind: ClassVar[str] = "deal"
    sentence: ClassVar[str] = N_("deal the next card")


@dataclass(frozen=True, slots=True)
class Declare(_SeatCards):
    """``seat`` declares trump by showing ``cards`` from their hand (RULES §10)."""

    kind: ClassVar[str] = "declare"
    sentence: ClassVar[str] = N_("{seat} declares with {cards}")


@dataclass(frozen=True, slots=True)
class FinishDeal(_Action):
    """End the deal: fix the trump and give the dealer the kitty, or redeal when nobody declared."""

    kind: ClassVar[str] = "finish-deal"
    sentence: ClassVar[str] = N_("finish the deal")


@dataclass(frozen=True, slots=True)
class Discard(_SeatCards):
    """The dealer (``seat``) buries ``cards`` as the kitty (RULES §10)."""

    kind: ClassVar[str] = "discard"
    sentence: ClassVar[str] = N_("{seat} buries {cards}")


@dataclass(frozen=True, slots=True)
class Call(_Action):
    """Finding Friends: the dealer (``seat``) calls ``(card, ordinal)`` pairs (RULES §11)."""

    seat: int
    calls: tuple[tuple[Card, int], ...]
    kind: ClassVar[str] = "call"

    def describe(self, players: int = 4) -> str:
        named = listed([called_card(c, o) for c, o in self.calls], last=False)
        return t("{seat} calls {cards}", seat=seat_label(self.seat, players), cards=named)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.kind, "seat": self.seat, "calls": [[str(c), o] for c, o in self.calls]}


@dataclass(frozen=True, slots=True)
class Play(_SeatCards):
    """``seat`` plays ``cards`` to the trick; for a failed throw (甩牌), the cards attempted."""

    kind: ClassVar[str] = "play"
    sentence: ClassVar[str] = N_("{seat} plays {cards}")


@dataclass(frozen=True, slots=True)
class ShowHand(_Seat):
    """``seat`` shows a hand with no trump (or no point card) and the same dealer deals again (RULES §11)."""

    kind: ClassVar[str] = "show-hand"
    sentence: ClassVar[str] = N_("{seat} shows a hopeless hand: the cards are dealt again")


@dataclass(frozen=True, slots=True)
class Pass(_Seat):
    """Chao dipi (炒地皮): ``seat`` does not overturn the trump this turn (RULES §11)."""

    kind: ClassVar[str] = "pass"
    sentence: ClassVar[str] = N_("{seat} passes")


Action: TypeAlias = DealCard | Declare | FinishDeal | Discard | Call | Play | ShowHand | Pass
"""Anything a round can be asked to do; ``Round.apply`` performs it."""

DEAL_CARD = DealCard()
FINISH_DEAL = FinishDeal()


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action a ``to_dict()`` form stands for; ``ShengjiError`` (a ``ValueError``) if none."""
    kind = data.get("action")
    if kind == DealCard.kind:
        return DEAL_CARD
    if kind == FinishDeal.kind:
        return FINISH_DEAL
    if kind == Call.kind:
        return Call(data["seat"], tuple((Card.parse(c), o) for c, o in data["calls"]))
    for seat_only in (ShowHand, Pass):
        if kind == seat_only.kind:
            return seat_only(data["seat"])
    for cls in (Play, Declare, Discard):
        if kind == cls.kind:
            return cls(data["seat"], tuple(parse_cards(data["cards"])))
    raise ShengjiError(f"not an action of a round: {dict(data)!r}")
