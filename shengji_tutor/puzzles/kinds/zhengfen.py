"""Zheng Fen (挣分 zhèngfēn) puzzles, graded by the zhengfen engine (RULES §12; lesson 12).

- ``combination``: is this a legal combination? (``classify``: its kind, or the rule the cards break);
- ``beats``: may this play go on the table? (``Combination.beats``; ``refusal`` says why not);
- ``pile``: who takes the pile, and how many points? (the last player to play, once every other player
  has passed, takes every card played to it, RULES §12).

The cards are drawn as printed: Zheng Fen has no trumps (the spec's trump is unused).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards
from ...engine.seats import seat_index, seat_name
from ...zhengfen import Combination, CombinationError, classify, refusal
from ...zhengfen.pile import PileWalk, walk_pile
from ..base import Answer, AnswerKind, BankError, Puzzle, PuzzleView, Solution
from ..schema import BeatsSpec, CombinationSpec, PileSpec
from .card_group import CardGroupPuzzle

__all__ = ["BeatsPuzzle", "CombinationPuzzle", "PilePuzzle", "beats_words", "combination_words"]

RULE = "(RULES §12)"
_OTHERS = {3: "two", 4: "three", 5: "four", 6: "five"}
PASS = "pass"


def _named(why: str) -> str:
    """The engine's sentence, capitalised, naming the rule once, with one full stop."""
    why = why.rstrip(".")
    why = why if RULE in why else f"{why} {RULE}"
    return f"{why[:1].upper()}{why[1:]}."


def combination_words(cards: list[Card]) -> tuple[bool, str]:
    """Whether the cards are a Zheng Fen combination, and the engine's sentence saying what they make or why not.

    >>> from shengji_tutor import parse_cards
    >>> from shengji_tutor.puzzles.kinds.zhengfen import combination_words
    >>> combination_words(parse_cards("QH KH AH 2H JH"))
    (True, 'A straight of 5 hearts to 2 (J♥ Q♥ K♥ A♥ 2♥): a legal combination (RULES §12).')
    """
    try:
        combo = classify(cards)
    except CombinationError as e:
        return False, _named(str(e))
    return True, _named(f"{combo.describe()}: a legal combination")


def beats_words(play: Combination, table: Combination) -> tuple[bool, str]:
    """Whether ``play`` may go on ``table``, and why, naming the rule.

    >>> from shengji_tutor.puzzles.kinds.zhengfen import beats_words
    >>> from shengji_tutor.zhengfen import classify
    >>> beats_words(classify("2C"), classify("7H 7S"))[1]
    'A single 2♣ is a single, not a pair: only the same kind, or a special, beats the table (RULES §12).'
    """
    if not play.beats(table):
        return False, _named(refusal(play, table))
    if play.kind.special and not table.kind.special:
        return True, _named(f"{play.describe()} is a special: it beats every other kind, {table.describe()} too")
    if play.kind.special:
        return True, _named(f"{play.describe()} is a higher special than {table.describe()}")
    return True, _named(f"{play.describe()} beats {table.describe()}: the same kind, and higher")


class CombinationPuzzle(CardGroupPuzzle, spec_type=CombinationSpec):
    """Some cards: yes or no, are they a legal Zheng Fen combination?"""

    spec: CombinationSpec
    answer_kind = "yesno"

    def view(self) -> PuzzleView:
        return replace(super().view(), hand=tuple(self.cards), hand_label="The cards", mark_trumps=False)

    @cached_property
    def _verdict(self) -> tuple[bool, str]:
        return combination_words(self.cards)

    def solve(self) -> Solution:
        return "yes" if self._verdict[0] else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._verdict[1]


class BeatsPuzzle(Puzzle, spec_type=BeatsSpec):
    """A combination on the table and a play: yes or no, does the play beat it?"""

    spec: BeatsSpec
    answer_kind = "yesno"

    @cached_property
    def table(self) -> list[Card]:
        return self._cards(self.spec.table, "table")

    @cached_property
    def play(self) -> list[Card]:
        return self._cards(self.spec.play, "play")

    def _card_groups(self) -> list[list[Card]]:
        return [self.table + self.play]

    def view(self) -> PuzzleView:
        return replace(
            super().view(),
            rows=(("On the table", tuple(self.table)),),
            hand=tuple(self.play),
            hand_label="The play",
            mark_trumps=False,
            sort_hand=False,
        )

    @cached_property
    def _verdict(self) -> tuple[bool, str]:
        try:
            return beats_words(classify(self.play), classify(self.table))
        except CombinationError as e:
            raise BankError(f"puzzle {self.id}: {e}") from None

    def solve(self) -> Solution:
        return "yes" if self._verdict[0] else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._verdict[1]

    def checks(self) -> list[str]:
        try:
            self._verdict  # noqa: B018 - both must be combinations
        except BankError as e:
            return [str(e)]
        return []


class PilePuzzle(Puzzle, spec_type=PileSpec):
    """A pile played out at a table of 3 to 6: who takes it, or how many points does it hold?"""

    spec: PileSpec

    @property
    def answer_kind(self) -> AnswerKind:
        return "seat" if self.spec.ask == "taker" else "number"

    @cached_property
    def actions(self) -> list[list[Card] | None]:
        """Each turn's cards, or None for a pass."""
        return [
            None if text.strip().lower() == PASS else self._cards(text, f"action {i + 1}")
            for i, text in enumerate(self.spec.actions)
        ]

    def _card_groups(self) -> list[list[Card]]:
        return [[c for cards in self.actions if cards for c in cards]]

    @cached_property
    def _walk(self) -> PileWalk:
        """The pile as the engine walks it (``walk_pile``): its taker, its cards, what the game would refuse."""
        players = self.spec.players
        return walk_pile(self.actions, seat_index(self.spec.leader, players), players)

    @property
    def _pile(self) -> tuple[str, list[Card], tuple[str, ...]]:
        walk = self._walk
        taker = "" if walk.taker is None else seat_name(walk.taker, walk.players)
        return taker, list(walk.cards), walk.problems

    def _story(self) -> str:
        return self._walk.story()

    def view(self) -> PuzzleView:
        _, pile, _ = self._pile
        return replace(
            super().view(),
            hand=tuple(pile),
            hand_label="The pile",
            mark_trumps=False,
            sort_hand=False,
            context=self._story() + ".",
        )

    def solve(self) -> Solution:
        taker, pile, _ = self._pile
        return taker if self.spec.ask == "taker" else sum(c.points for c in pile)

    def judge(self, answer: Answer) -> tuple[bool, str]:
        taker, pile, _ = self._pile
        scoring = [c for c in pile if c.points]
        count = (
            f"{format_cards(scoring)}: {' + '.join(str(c.points) for c in scoring)} = {sum(c.points for c in pile)}"
            if scoring
            else "no 5s, 10s or kings: 0"
        )
        why = (
            f"{taker} made the last play and the {_OTHERS[self.spec.players]} others passed, so {taker} takes the "
            f"pile: every card played to it, not just the last play, and its points, {count} {RULE}."
        )
        return self._is_solution(answer), why

    def checks(self) -> list[str]:
        return [f"puzzle {self.id}: {p}" for p in self._pile[2]]
