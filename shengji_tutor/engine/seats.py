"""Seats and their names: seats are numbered in play order (counter-clockwise).

With four players they are North, West, South, East, and partners sit two seats
apart (North–South, West–East); with more players they are "Seat 1", "Seat 2", …
Those English names are the seats' identifiers (answers, records, ``names=``
lists); a sentence shows a seat as ``seat_label`` / ``said_name`` give it, in the
reader's language.

>>> from shengji_tutor.engine.seats import said_name, seat_index, seat_label, seat_name
>>> seat_name(2), seat_name(4, players=6), seat_index(" east ")
('South', 'Seat 5', 3)
>>> seat_label(1), said_name("Player 2"), said_name("you")
('West', 'Player 2', 'you')
"""

from __future__ import annotations

import re

from ..i18n import N_, t

__all__ = ["SEATS", "SOUTH", "out_of_turn", "said_name", "seat_index", "seat_label", "seat_name", "seat_names"]

SEATS: tuple[str, str, str, str] = (N_("North"), N_("West"), N_("South"), N_("East"))
"""The four seats in play order: North leads to West, then South, then East."""
SOUTH = 2
"""South's seat (with five or six players "Seat 3"): where a learner sits unless a table seats them elsewhere."""

YOU = (N_("you"), N_("You"))
"""How the engine's callers name the learner in ``names=`` lists ("you" at a table, "You" in a lesson's step)."""

_NUMBERED = re.compile(r"(Player|Seat) ([1-9][0-9]*)")


def seat_name(seat: int, players: int = 4) -> str:
    """North, West, South, East with four players (play goes counter-clockwise); else "Seat 1"…"""
    return SEATS[seat] if players == 4 else f"Seat {seat + 1}"


def seat_names(players: int = 4) -> tuple[str, ...]:
    """Every seat's name, in play order."""
    return SEATS if players == 4 else tuple(seat_name(s, players) for s in range(players))


def seat_label(seat: int, players: int = 4) -> str:
    """A seat's name as a sentence shows it, in the reader's language ("West", "Seat 5")."""
    return t(SEATS[seat]) if players == 4 else t("Seat {number}", number=seat + 1)


def out_of_turn(to_act: int, other: str, players: int = 4) -> str:
    """What an action by ``other`` (a seat as ``seat_label`` says it) is told while ``to_act`` is to act, in either
    game."""
    return t("it is {seat}'s turn, not {other}'s", seat=seat_label(to_act, players), other=other)


def said_name(name: str) -> str:
    """A player's name as the engine's callers give it (a seat's English name, "you", "Player 2", "Seat 5") as a
    sentence shows it, in the reader's language; any other name is shown as it is."""
    if name in SEATS or name in YOU:
        return t(name)
    numbered = _NUMBERED.fullmatch(name)
    if numbered is not None:
        number = int(numbered.group(2))
        return (
            t("Player {number}", number=number) if numbered.group(1) == "Player" else t("Seat {number}", number=number)
        )
    return name


def seat_index(name: object, players: int = 4) -> int:
    """The seat a name (any case, in English or the reader's language) or a seat number stands for; ``ValueError``
    names the choices."""
    names = seat_names(players)
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < players:
        return name
    if isinstance(name, str):
        wanted = name.strip().casefold()
        for seat, label in enumerate(names):
            if label.casefold() == wanted or seat_label(seat, players).casefold() == wanted:
                return seat
    choices = ", ".join(seat_label(s, players) for s in range(players))
    raise ValueError(t("choose a seat ({choices}), not {name}", choices=choices, name=repr(name)))
