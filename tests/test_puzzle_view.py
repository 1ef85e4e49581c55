"""A puzzle on a PuzzleCard: ``puzzle_card_args`` turns the puzzle's plain view into the card's arguments."""

from __future__ import annotations

import pytest

from shengji_tutor.engine.cards import joker_words
from shengji_tutor.puzzles import load_bank
from shengji_tutor.ui.puzzle_view import puzzle_card_args
from shengji_tutor.ui.widgets import PuzzleCard

BANK = load_bank()


@pytest.mark.parametrize("pid", list(BANK))
def test_every_puzzle_shows_on_a_card_and_is_graded_there(pid: str) -> None:
    puzzle = BANK[pid]
    view = puzzle.view()
    card = PuzzleCard(**puzzle_card_args(puzzle))
    assert (card.puzzle_id, card.prompt, card.kind) == (puzzle.id, joker_words(puzzle.prompt), puzzle.answer_kind)
    assert sorted(str(c) for c in card._cards) == sorted(str(c) for c in view.hand)
    assert card.hand_label == view.hand_label
    assert bool(card.trick) == bool(view.trick or view.others or view.taken or view.rows)
    for name, _cards in view.others:
        assert f"{name} holds" in card.trick
    assert card._grade(puzzle.solve()).correct  # the card grades with the puzzle, in Python


def test_a_throw_shows_the_other_hands_in_play_order() -> None:
    puzzle = next(p for p in BANK.values() if p.kind == "throw" and len(p.view().others) == 3)
    picture = puzzle_card_args(puzzle)["picture"]
    names = [name for name, _cards in puzzle.view().others]
    assert [picture.index(f"{name} holds") for name in names] == sorted(picture.index(f"{n} holds") for n in names)
