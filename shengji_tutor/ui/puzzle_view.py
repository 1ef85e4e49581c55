"""A puzzle on a ``PuzzleCard``: ``puzzle_card_args(puzzle)`` turns ``puzzle.view()`` into the card's arguments.

The puzzle says what the learner sees as plain data (``PuzzleView``); drawing it is
this module's job, and grading stays in Python: the card gets ``puzzle.grade``.

>>> from shengji_tutor.puzzles import load_bank
>>> from shengji_tutor.ui.puzzle_view import puzzle_card_args
>>> args = puzzle_card_args(load_bank()["pairs-keep-your-pair"])
>>> str(args["kind"]), args["puzzle_id"]
('yesno', 'pairs-keep-your-pair')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ..engine.cards import Card
from ..engine.grading import AnswerKind
from ..engine.seats import said_name
from ..engine.trump import Trump
from ..i18n import t, te
from ..puzzles import Puzzle, PuzzleView
from .render import hand_svg

__all__ = ["puzzle_card_args"]


def puzzle_card_args(puzzle: Puzzle) -> dict[str, Any]:
    """The keyword arguments of ``PuzzleCard(...)`` / ``PuzzleCard.load(...)`` that show ``puzzle``."""
    view = puzzle.view()
    args: dict[str, Any] = {
        "puzzle_id": puzzle.id,
        "prompt": puzzle.prompt,
        "kind": puzzle.answer_kind,
        "grade": puzzle.grade,
        "trump": view.trump if view.mark_trumps else None,  # None: the cards as printed, no trump marks
        "max_cards": view.max_cards,
        "trick": view.trick,
        "leader": view.leader,
        "hand": view.hand,
        "hand_label": view.hand_label,
        "sort_hand": view.sort_hand,
        "context": view.context,
        "hint_steps": puzzle.hint_steps(),
        "solution": puzzle.solution_text,
        "show_points": puzzle.shows_points,
    }
    if puzzle.answer_kind is AnswerKind.CHOICE:
        args["choices"] = puzzle.choices
    if view.others:
        args["picture"] = _others_svg(view)
    if view.taken:
        taken = ((t("Trick {n}", n=n), cards) for n, cards in enumerate(view.taken, 1))
        args["picture"] = _labelled_rows(taken, view.trump)
    if view.rows:
        args["picture"] = _labelled_rows(view.rows, None)  # as they are: no trump marks
    return args


def _others_svg(view: PuzzleView) -> str:
    """The other players' hands of a throw puzzle, one labelled row each."""
    rows = "".join(
        f'<div class="sjt-other"><div class="sjt-group-label">{_holds(name)}</div>{hand_svg(cards, view.trump)}</div>'
        for name, cards in view.others
    )
    return f'<div class="sjt-others">{rows}</div>'


def _holds(name: str) -> str:
    """The label above another player's cards ("West holds"), as HTML."""
    # TRANSLATORS: the label above the cards another player holds; {seat} is a seat's name ("West").
    return te("{seat} holds", seat=said_name(name))


def _labelled_rows(rows: Iterable[tuple[str, Sequence[Card]]], trump: Trump | None) -> str:
    """Cards in labelled rows, in the order given (the tricks a count of points is about, Zheng Fen's table)."""
    drawn = "".join(
        f'<div class="sjt-taken-trick"><div class="sjt-group-label">{escape(label)}</div>'
        f"{hand_svg(cards, trump, sort=False)}</div>"
        for label, cards in rows
    )
    return f'<div class="sjt-taken">{drawn}</div>'
