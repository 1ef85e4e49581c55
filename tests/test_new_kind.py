"""A new kind of puzzle is one file: its spec, its class, its idea, its hints and its words for a wrong answer.

The test writes a toy kind ("how many point cards?", answered yes or no: "are there an even number?") in a
module of its own, outside the package, and a topic file that uses it; then everything a kind of the bank gets
works for it unchanged — reading the YAML, the engine's checks, grading with the kind's own mistake sentence, the
hint ladder that starts from the kind's idea, "Show answer", and the card that shows it. It runs in a fresh
interpreter, so the toy kind never joins the bank of the other tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

TOY_KIND = '''
"""A toy kind: is the number of point cards in a group even? (RULES §2)"""

from typing import Literal

from shengji_tutor.engine.cards import parse_cards
from shengji_tutor.puzzles.base import Answer, Puzzle, PuzzleView, Solution
from shengji_tutor.puzzles.schema import SpecBase


class ParitySpec(SpecBase):
    kind: Literal["parity"]
    cards: str


class ParityPuzzle(Puzzle, spec_type=ParitySpec):
    """Is the number of point cards among ``cards`` even?"""

    idea_text = "Point cards are the 5s, 10s and kings (RULES §2): count them, then halve."
    spec: ParitySpec
    answer_kind = "yesno"

    def _count(self) -> int:
        return sum(1 for c in parse_cards(self.spec.cards) if c.points)

    def solve(self) -> Solution:
        return "yes" if self._count() % 2 == 0 else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        n = self._count()
        return answer == self.solve(), f"The group holds {n} point card{'s' if n != 1 else ''} (RULES §2)."

    def view(self) -> PuzzleView:
        from dataclasses import replace

        return replace(super().view(), hand=tuple(parse_cards(self.spec.cards)), hand_label="The cards")

    def own_mistake(self, given: str, why: str) -> str:
        return "Count the kings too." if given == "yes" else "Count again, card by card."
'''

TOPIC = """
topic: toys
lesson: 2
title: Toy puzzles
puzzles:
  - kind: parity
    id: toy-parity
    prompt: Is the number of point cards here even?
    trump: 7C
    cards: 5H KS 10D 3C
"""

CHECK = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import toy_kind  # the one new file: nothing else in the package is told about it
from shengji_tutor.puzzles import load_bank
from shengji_tutor.puzzles.bank import check_bank
from shengji_tutor.ui.puzzle_view import puzzle_card_args

bank = load_bank(Path(sys.argv[2]))
puzzle = bank["toy-parity"]
wrong, right = puzzle.grade("yes"), puzzle.grade("no")
args = puzzle_card_args(puzzle)
print(json.dumps({
    "kind": puzzle.kind,
    "problems": check_bank(bank),
    "right": right.correct,
    "wrong": [wrong.correct, wrong.mistake],
    "hints": [step.text for step in puzzle.hint_steps()],
    "solution": puzzle.solution_text(),
    "card": [args["kind"], [str(c) for c in args["hand"]], args["show_points"]],
}))
"""


def test_a_new_kind_in_one_file_works_everywhere_a_kind_does(tmp_path: Path) -> None:
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "toy_kind.py").write_text(textwrap.dedent(TOY_KIND))
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "toys.yaml").write_text(TOPIC)
    done = subprocess.run(
        [sys.executable, "-c", CHECK, str(tmp_path / "code"), str(tmp_path / "bank")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["kind"] == "parity"
    assert seen["problems"] == []
    assert seen["right"] is True
    assert seen["wrong"] == [False, "Count the kings too. The rule here: point cards (RULES §2)."]
    assert seen["hints"][0] == "Point cards are the 5s, 10s and kings (RULES §2): count them, then halve."
    assert seen["solution"] == "The answer: No. The group holds 3 point cards (RULES §2)."
    assert seen["card"] == ["yesno", ["5H", "KS", "10D", "3C"], True]


def test_a_kind_nobody_wrote_is_refused_by_name(tmp_path: Path) -> None:
    from shengji_tutor.puzzles import BankError, load_bank

    (tmp_path / "toys.yaml").write_text(TOPIC)
    with pytest.raises(BankError, match=r"a puzzle's kind is one of .*, not 'parity'"):
        load_bank(tmp_path)
