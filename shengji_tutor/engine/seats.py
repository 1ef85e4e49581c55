"""Seats and their names: seats are numbered in play order (counter-clockwise).

With four players they are North, West, South, East, and partners sit two seats
apart (North–South, West–East); with more players they are "Seat 1", "Seat 2", …

>>> from shengji_tutor.engine.seats import seat_name, seat_index
>>> seat_name(2), seat_name(4, players=6), seat_index(" east ")
('South', 'Seat 5', 3)
"""

from __future__ import annotations

__all__ = ["SEATS", "seat_index", "seat_name", "seat_names"]

SEATS: tuple[str, str, str, str] = ("North", "West", "South", "East")
"""The four seats in play order: North leads to West, then South, then East."""


def seat_name(seat: int, players: int = 4) -> str:
    """North, West, South, East with four players (play goes counter-clockwise); else "Seat 1"…"""
    return SEATS[seat] if players == 4 else f"Seat {seat + 1}"


def seat_names(players: int = 4) -> tuple[str, ...]:
    """Every seat's name, in play order."""
    return SEATS if players == 4 else tuple(seat_name(s, players) for s in range(players))


def seat_index(name: object, players: int = 4) -> int:
    """The seat a name (any case) or a seat number stands for; ``ValueError`` names the choices."""
    names = seat_names(players)
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < players:
        return name
    if isinstance(name, str):
        wanted = name.strip().casefold()
        for seat, seat_label in enumerate(names):
            if seat_label.casefold() == wanted:
                return seat
    raise ValueError(f"choose a seat ({', '.join(names)}), not {name!r}")
