"""Cards on screen as SVG text: a card, a hand, a trick table. Pure functions, no widgets.

In the spirit of python-chess's ``chess.svg``: everything is drawn in code (no
card art, no web fonts), every card is an ``<svg role="img">`` with an
``aria-label`` in words, and the rules modules never import this one (``Card``
reaches it only through a lazy ``_repr_svg_``).

>>> from shengji_tutor import Card, Trump
>>> from shengji_tutor.ui.render import card_svg
>>> svg = card_svg(Card("10", "H"), Trump("7", "H"))
>>> 'aria-label="10 of hearts, 10 points, trump"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from ..engine.cards import Card, CardsLike, as_cards
from ..engine.seats import said_name, seat_names
from ..engine.trump import Trump
from ..i18n import t, tn

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "INDEX_WIDTH",
    "card_label",
    "card_svg",
    "hand_html",
    "hand_svg",
    "trick_svg",
]

CARD_WIDTH = 60
CARD_HEIGHT = 84
INDEX_WIDTH = 28
"""The strip on a card's left that holds its rank, suit and point badge: what a fanned hand leaves in view."""
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# two colours (red/black) by default; four colours for learners who tell red and black apart poorly
_TWO_COLOURS = {"S": "#1d1d1f", "C": "#1d1d1f", "H": "#c8102e", "D": "#c8102e"}
_FOUR_COLOURS = {"S": "#1d1d1f", "C": "#1b7a3a", "H": "#c8102e", "D": "#1f5fbf"}
_GOLD = "#c99a06"
_HIGHLIGHT = "#2f80ed"

# Suit marks as paths in a 14 × 14 box centred on (0, 0).
_SUIT_PATHS = {
    "H": "M0,-2.6 C-1.2,-6.4 -7,-6.2 -7,-1.6 C-7,2.2 -2.6,4.4 0,7 C2.6,4.4 7,2.2 7,-1.6 C7,-6.2 1.2,-6.4 0,-2.6 Z",
    "D": "M0,-7 L5.4,0 L0,7 L-5.4,0 Z",
    "S": (
        "M0,-7 C-2.2,-4 -7,-1.8 -7,1.8 C-7,4.8 -3.2,5.6 -1,3.4 L-2.4,7 L2.4,7 L1,3.4 "
        "C3.2,5.6 7,4.8 7,1.8 C7,-1.8 2.2,-4 0,-7 Z"
    ),
    "C": (
        "M0,-7 A3.3,3.3 0 0 1 2.6,-1.6 A3.3,3.3 0 1 1 1.1,3.2 L2.4,7 L-2.4,7 L-1.1,3.2 "
        "A3.3,3.3 0 1 1 -2.6,-1.6 A3.3,3.3 0 0 1 0,-7 Z"
    ),
}


def card_label(card: Card, trump: Trump | None = None) -> str:
    """The card in words for screen readers, in the reader's language: ``"10 of hearts, 10 points, trump"``."""
    name = card.name()
    is_trump = trump is not None and trump.is_trump(card)
    if card.points:
        if is_trump:
            # TRANSLATORS: a card as a screen reader says it: its name, its points, and that it is a trump.
            return tn("{card}, {n} point, trump", "{card}, {n} points, trump", card.points, card=name)
        return tn("{card}, {n} point", "{card}, {n} points", card.points, card=name)
    if is_trump:
        return t("{card}, trump", card=name)
    return name


def _suit_mark(suit: str, x: float, y: float, scale: float, colour: str) -> str:
    return f'<path d="{_SUIT_PATHS[suit]}" transform="translate({x:g},{y:g}) scale({scale:g})" fill="{colour}"/>'


def _text(x: float, y: float, size: float, weight: int, words: str, colour: str = "#12301c") -> str:
    """Words centred on ``x``: a point badge's number, a joker's size, a trick table's names and points."""
    return (
        f'<text x="{x:g}" y="{y:g}" text-anchor="middle" font-family="{FONT}" font-size="{size}" '
        f'font-weight="{weight}" fill="{colour}">{words}</text>'
    )


def card_svg(
    card: Card,
    trump: Trump | None = None,
    *,
    selected: bool = False,
    highlight: bool = False,
    four_colour: bool = False,
    dimmed: bool = False,
    width: int = CARD_WIDTH,
) -> str:
    """One card as a standalone ``<svg>``.

    Rank and suit in two corners, a large suit mark, a badge on point cards, a
    gold edge on trump cards (when ``trump`` is given), a blue ring when
    ``highlight`` (a hint), lifted and outlined when ``selected``.

    The rank, the suit and the point badge all sit in the card's left strip
    (``INDEX_WIDTH`` wide), as on a real card's index: in a fanned hand each card
    covers all but that strip of the one before it, and what a learner reads
    stays in view (``<g class="sjt-index">`` holds the rank and suit, ``sjt-points`` the badge).
    """
    height = round(width * CARD_HEIGHT / CARD_WIDTH)
    label = card_label(card, trump)
    is_trump = trump is not None and trump.is_trump(card)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sjt-card-svg" role="img" aria-label="{escape(label)}" '
        f'width="{width}" height="{height}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">',
        f"<title>{escape(label)}</title>",
    ]
    face = "#f1f1f1" if dimmed else "#ffffff"
    edge, edge_width = ("#8a8a8a", 1.0)
    if is_trump:
        edge, edge_width = (_GOLD, 3.0)
    if selected:
        edge, edge_width = (_HIGHLIGHT, 3.5)
    parts.append(_ring(1.5, 6, face, edge, edge_width))
    if is_trump and not selected:
        parts.append(_ring(4.5, 4, "none", _GOLD, 0.8, "2 2"))
    if highlight:
        parts.append(_ring(-1, 8, "none", _HIGHLIGHT, 2.5, "5 3"))
    parts.append(_joker(card) if card.is_joker else _suit_face(card, four_colour))
    if card.points:  # under the suit mark, in the index strip
        badge = '<circle cx="11.5" cy="44" r="8" fill="#ffd84d" stroke="#9a7b00" stroke-width="0.8"/>'
        parts.append(f'<g class="sjt-points">{badge}{_text(11.5, 47.4, 9.5, 700, str(card.points), "#3d3000")}</g>')
    parts.append("</svg>")
    return "".join(parts)


def _ring(inset: float, rx: int, fill: str, stroke: str, width: float, dashes: str = "") -> str:
    """A card-sized rectangle ``inset`` inside the card's edge (outside it when negative): its face, or a ring."""
    dashed = f' stroke-dasharray="{dashes}"' if dashes else ""
    return (
        f'<rect x="{inset}" y="{inset}" width="{CARD_WIDTH - 2 * inset:g}" height="{CARD_HEIGHT - 2 * inset:g}" '
        f'rx="{rx}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dashed}/>'
    )


def _suit_face(card: Card, four_colour: bool) -> str:
    """A suited card's rank and suit in two corners, and its large suit mark."""
    assert card.suit is not None
    colour = (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[card.suit]
    size = 15 if card.rank == "10" else 17
    corner = (
        f'<text x="6" y="19" font-family="{FONT}" font-size="{size}" font-weight="700" fill="{colour}" '
        f'letter-spacing="-1">{card.rank}</text>' + _suit_mark(card.suit, 11.5, 28, 0.62, colour)
    )
    return (
        f'<g class="sjt-index">{corner}</g>'  # the top-left corner: what a fanned hand shows
        f'<g transform="rotate(180 {CARD_WIDTH / 2:g} {CARD_HEIGHT / 2:g})">{corner}</g>'
        + _suit_mark(card.suit, CARD_WIDTH / 2 + 3, CARD_HEIGHT / 2 + 2, 1.65, colour)  # clear of the badge
    )


def _joker(card: Card) -> str:
    big = card.rank == "BJ"
    colour = "#c8102e" if big else "#1d1d1f"
    star = "M0,-9 L2.6,-2.8 L9,-2.8 L3.9,1.2 L5.8,7.6 L0,3.8 L-5.8,7.6 L-3.9,1.2 L-9,-2.8 L-2.6,-2.8 Z"
    letters = "".join(
        f'<text x="9" y="{14 + 9.5 * i}" text-anchor="middle" font-family="{FONT}" font-size="9" '
        f'font-weight="700" fill="{colour}">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    scale = 2.0 if big else 1.45
    word = "BIG" if big else "SMALL"
    return (
        letters + f'<path d="{star}" transform="translate({CARD_WIDTH / 2 + 5:g},{CARD_HEIGHT / 2:g}) scale({scale})" '
        f'fill="{colour if big else "none"}" stroke="{colour}" stroke-width="{0.6 if big else 1.1}"/>'
        + _text(CARD_WIDTH / 2 + 5, CARD_HEIGHT - 9, 7.5, 700, word, colour)
    )


def hand_svg(
    cards: CardsLike,
    trump: Trump | None = None,
    *,
    selected: Sequence[int] = (),
    highlight: Sequence[int] = (),
    four_colour: bool = False,
    width: int = CARD_WIDTH,
    sort: bool = True,
) -> str:
    """A hand as one ``<svg>``: cards overlapping, sorted by the trump order and grouped by effective suit.

    ``selected`` and ``highlight`` are indices into the sorted hand (see ``Trump.sorted``).
    """
    group = as_cards(cards, "the hand")
    if sort and trump is not None:
        group = trump.sorted(group)
    height = round(width * CARD_HEIGHT / CARD_WIDTH)
    step, gap = round(width * INDEX_WIDTH / CARD_WIDTH), round(width * 0.3)  # each card's index strip shows
    x, lift = 0, 10
    inner = []
    previous: str | None = None
    part: str | None = None
    for i, card in enumerate(group):
        suit = trump.suit_of(card) if trump is not None else (card.suit or "J")
        if previous is not None:
            x += step + (gap if suit != previous else gap // 2 if (card.suit or "J") != part else 0)
        previous, part = suit, card.suit or "J"  # trumps of another suit (7♣ 7♣, then 7♠ 7♠): half a group's gap
        y = 0 if i in selected else lift
        svg = card_svg(
            card, trump, selected=i in selected, highlight=i in highlight, four_colour=four_colour, width=width
        )
        inner.append(f'<g transform="translate({x},{y})">{svg}</g>')
    total = (x + width) if group else width
    if trump is not None:
        # TRANSLATORS: what a screen reader says of a picture of a hand; {trump} is the trump in words.
        label = tn("hand of {n} card, {trump}", "hand of {n} cards, {trump}", len(group), trump=trump.describe())
    else:
        label = tn("hand of {n} card", "hand of {n} cards", len(group))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sjt-hand-svg" role="img" aria-label="{escape(label)}" '
        f'width="{total}" height="{height + lift}" viewBox="0 0 {total} {height + lift}">' + "".join(inner) + "</svg>"
    )


def not_saved_html(problem: str, what: str, instead: str) -> str:
    """The note under a game whose work its store could not keep (``problem``: the store's reason, "" once kept):
    what could not be saved, that play goes on, and what a reload would do instead.

    >>> from shengji_tutor.ui.render import not_saved_html
    >>> note = not_saved_html("the disk is full", "hand", "deal a new one")
    >>> "Your hand could not be saved: the disk is full. The hand goes on, but a reload would deal a new one." in note
    True
    >>> not_saved_html("", "hand", "deal a new one")
    ''
    """
    if not problem:
        return ""
    if (what, instead) == ("hand", "deal a new one"):
        said = t(
            "Your hand could not be saved: {problem}. The hand goes on, but a reload would deal a new one.",
            problem=problem,
        )
    elif (what, instead) == ("game", "start a new one"):
        said = t(
            "Your game could not be saved: {problem}. The game goes on, but a reload would start a new one.",
            problem=problem,
        )
    else:  # another caller's words, in English
        said = f"Your {what} could not be saved: {problem}. The {what} goes on, but a reload would {instead}."
    return f'<div class="sjt-error" role="alert">{escape(said)}</div>'


def hand_html(cards: CardsLike, trump: Trump | None = None) -> str:
    """A hand as HTML (for ``_repr_html_``): the SVG inside a div."""
    return f'<div class="sjt-hand">{hand_svg(cards, trump)}</div>'


_TABLE_CARD = 44
"""A card's width on a trick table."""
_EDGE = 8
"""The felt left between a play's cards and the table's edge."""
_MIDDLE = 50
"""Half the width kept clear around the table's middle (the trick's points) by the plays of the side seats."""


def _seat_angle(seat: int, seats: int) -> float:
    """Where ``seat`` sits around a trick table of ``seats``: counter-clockwise from the top, in radians."""
    return math.pi / 2 + 2 * math.pi * seat / seats


def _trick_table_size(seats: int, by_seat: dict[int, list[Card]], w: float) -> tuple[float, float, float]:
    """The table's width and height, and the step between a play's cards, for the plays ``by_seat``.

    A play fans its cards 0.55 of a card apart. When a side seat's throw would not
    fit between the table's edge and its middle, the fan closes up, but never so far
    that a card's index (rank, suit, points) is hidden; if it still does not fit, the
    table grows wider. A table's picture scales to its box, so a wider table is drawn
    smaller rather than running off a phone.
    """
    size_w, size_h = 460.0, 360.0
    step = w * 0.55
    index = w * INDEX_WIDTH / CARD_WIDTH + 1
    side = [len(p) for s, p in by_seat.items() if abs(math.cos(_seat_angle(s, seats))) > 0.5]
    longest = max(side, default=0)
    if longest > 1:
        room = size_w / 2 - _EDGE - _MIDDLE
        step = max(index, min(step, (room - w) / (longest - 1)))
        size_w = max(size_w, 2 * ((longest - 1) * step + w + _EDGE + _MIDDLE))
    return size_w, size_h, step


def trick_svg(
    plays: Sequence[CardsLike],
    leader: int = 0,
    trump: Trump | None = None,
    *,
    winner: int | None = None,
    names: Sequence[str] | None = None,
    points: int | None = None,
    four_colour: bool = False,
    show_points: bool = True,
) -> str:
    """A trick table: with four seats North at the top, West left, South at the bottom, East right.

    Play goes counter-clockwise (North → West → South → East); with more players the
    seats sit around the table in the same direction. ``plays`` start with the
    leader's; ``leader`` and ``winner`` are seats. The leader is marked "led", the
    winner outlined, and the trick's points shown in the middle (not with
    ``show_points=False``: a puzzle whose answer is that total).
    """
    cards = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]
    names = _table_names(names, len(cards), leader, winner)
    seats = len(names)
    by_seat = {(leader + k) % seats: play for k, play in enumerate(cards)}
    table = _trick_table_size(seats, by_seat, _TABLE_CARD)
    size_w, size_h, _ = table
    cx0, cy0, rx, ry = size_w / 2, size_h / 2, size_w / 2 - 92, size_h / 2 - 62
    parts = []
    total = sum(c.points for p in cards for c in p) if points is None else points
    for seat in range(seats):
        angle = _seat_angle(seat, seats)
        centre = (cx0 + rx * math.cos(angle), cy0 - ry * math.sin(angle))
        play = by_seat.get(seat, [])
        tag = _seat_tag(said_name(names[seat]), led=seat == leader and bool(play), wins=seat == winner)
        svgs = [card_svg(card, trump, four_colour=four_colour, width=_TABLE_CARD) for card in play]
        parts.append(_seat_svg(svgs, tag, centre, table, wins=seat == winner))
    if show_points:
        middle = escape(tn("{n} point", "{n} points", total))
        parts.append(_text(size_w / 2, size_h / 2 + 5, 15, 700, middle))
    label = _trick_label(
        said_name(names[leader]), None if winner is None else said_name(names[winner]), total, show_points
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sjt-trick-svg" role="img" aria-label="{escape(label)}" '
        f'width="{size_w:g}" height="{size_h:g}" viewBox="0 0 {size_w:g} {size_h:g}">'
        f'<rect x="0" y="0" width="{size_w:g}" height="{size_h:g}" rx="18" fill="#e3efe5" stroke="#9fbfa6"/>'
        + "".join(parts)
        + "</svg>"
    )


def _table_names(names: Sequence[str] | None, plays: int, leader: int, winner: int | None) -> Sequence[str]:
    """The names of a trick table's seats (by default as many as the plays, the leader and the winner need, at least
    four); a table that cannot seat them is refused."""
    if names is None:
        names = seat_names(max(4, plays, leader + 1, (winner or 0) + 1))
    seats = len(names)
    if not 0 <= leader < seats or (winner is not None and not 0 <= winner < seats) or plays > seats:
        raise ValueError(f"a table of {seats} seats cannot show leader {leader}, winner {winner}, {plays} plays")
    return names


def _seat_svg(
    svgs: list[str], tag: str, centre: tuple[float, float], table: tuple[float, float, float], *, wins: bool
) -> str:
    """One seat at a trick table (its width, height and the step between a play's cards): the cards it played
    (``svgs``), outlined when it wins (a dashed place before it plays), and its name, under the play in the table's
    lower half."""
    (cx, cy), (size_w, size_h, step), w = centre, table, _TABLE_CARD
    h = round(w * CARD_HEIGHT / CARD_WIDTH)
    span = (len(svgs) - 1) * step + w if svgs else w
    x0 = min(max(cx - span / 2, _EDGE), size_w - _EDGE - span)  # a long throw stays on the table
    parts = []
    if wins:
        parts.append(
            f'<rect x="{x0 - 6:g}" y="{cy - h / 2 - 6:g}" width="{span + 12:g}" height="{h + 12:g}" rx="9" '
            f'fill="#fff4c2" stroke="{_GOLD}" stroke-width="2.5"/>'
        )
    for i, svg in enumerate(svgs):
        parts.append(f'<g transform="translate({x0 + i * step:g},{cy - h / 2:g})">{svg}</g>')
    if not svgs:
        parts.append(
            f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w}" height="{h}" rx="5" fill="none" '
            'stroke="#b9c3b9" stroke-dasharray="4 3"/>'
        )
    ty = cy + h / 2 + 18 if cy > size_h / 2 + 1 else cy - h / 2 - 10
    parts.append(_text(cx, ty, 13, 700 if wins else 400, escape(tag)))
    return "".join(parts)


def _seat_tag(seat: str, *, led: bool, wins: bool) -> str:
    """A seat's name at the trick table, marked when it led the trick and when it wins it."""
    if led and wins:
        # TRANSLATORS: a seat's name on the trick table: it led this trick and wins it.
        return t("{seat} · led · wins", seat=seat)
    if led:
        return t("{seat} · led", seat=seat)
    if wins:
        return t("{seat} · wins", seat=seat)
    return seat


def _trick_label(leader: str, winner: str | None, total: int, show_points: bool) -> str:
    """A trick table in words, for screen readers: who led, who wins, the points on it."""
    if winner is None:
        if show_points:
            return tn("trick: {leader} led, {n} point", "trick: {leader} led, {n} points", total, leader=leader)
        return t("trick: {leader} led", leader=leader)
    if show_points:
        return tn(
            "trick: {leader} led, {winner} wins, {n} point",
            "trick: {leader} led, {winner} wins, {n} points",
            total,
            leader=leader,
            winner=winner,
        )
    return t("trick: {leader} led, {winner} wins", leader=leader, winner=winner)
