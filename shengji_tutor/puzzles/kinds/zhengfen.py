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
from ...engine.seats import said_name, seat_index, seat_name
from ...i18n import N_, language, t
from ...zhengfen import Combination, CombinationError, classify, refusal
from ...zhengfen.pile import PileWalk, walk_pile
from ..base import Answer, AnswerKind, BankError, Puzzle, PuzzleView, Solution, YesNoPuzzle, spec_cards
from ..schema import BeatsSpec, CombinationSpec, PileSpec
from .card_group import CardGroupPuzzle

__all__ = ["BeatsPuzzle", "CombinationPuzzle", "PilePuzzle", "beats_words", "combination_words"]

RULE = "(RULES §12)"
_TAKES = {
    3: N_(
        "{seat} made the last play and the two others passed, so {seat} takes the pile: every card played to it, not "
        "just the last play, and its points, {count} (RULES §12)."
    ),
    4: N_(
        "{seat} made the last play and the three others passed, so {seat} takes the pile: every card played to it, not "
        "just the last play, and its points, {count} (RULES §12)."
    ),
    5: N_(
        "{seat} made the last play and the four others passed, so {seat} takes the pile: every card played to it, not "
        "just the last play, and its points, {count} (RULES §12)."
    ),
    6: N_(
        "{seat} made the last play and the five others passed, so {seat} takes the pile: every card played to it, not "
        "just the last play, and its points, {count} (RULES §12)."
    ),
}
"""Who takes the pile, by the players at the table (3 to 6)."""
PASS = "pass"


def _stop() -> str:
    """A sentence's full stop in the reader's language (the engine's clauses end without one)."""
    return "。" if language() == "zh" else "."


def _named(why: str) -> str:
    """The engine's sentence, capitalised, naming the rule once, with one full stop (in the reader's language)."""
    why = why.rstrip(".。")
    if "RULES §12" not in why:
        why = f"{why}（RULES §12）" if language() == "zh" else f"{why} {RULE}"
    return f"{why[:1].upper()}{why[1:]}{_stop()}"


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
    return True, _named(t("{combination}: a legal combination (RULES §12)", combination=combo.describe()))


def beats_words(play: Combination, table: Combination) -> tuple[bool, str]:
    """Whether ``play`` may go on ``table``, and why, naming the rule.

    >>> from shengji_tutor.puzzles.kinds.zhengfen import beats_words
    >>> from shengji_tutor.zhengfen import classify
    >>> beats_words(classify("2C"), classify("7H 7S"))[1]
    'A single 2♣ is a single, not a pair: only the same kind, or a special, beats the table (RULES §12).'
    """
    if not play.beats(table):
        return False, _named(refusal(play, table))
    values = {"play": play.describe(), "table": table.describe()}
    if play.kind.special and not table.kind.special:
        return True, _named(t("{play} is a special: it beats every other kind, {table} too (RULES §12)", **values))
    if play.kind.special:
        return True, _named(t("{play} is a higher special than {table} (RULES §12)", **values))
    return True, _named(t("{play} beats {table}: the same kind, and higher (RULES §12)", **values))


class CombinationPuzzle(CardGroupPuzzle, YesNoPuzzle, spec_type=CombinationSpec):
    """Some cards: yes or no, are they a legal Zheng Fen combination?"""

    spec: CombinationSpec

    def view(self) -> PuzzleView:
        return replace(super().view(), hand=tuple(self.cards), hand_label=t("The cards"), mark_trumps=False)

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        return combination_words(self.cards)


class BeatsPuzzle(YesNoPuzzle, spec_type=BeatsSpec):
    """A combination on the table and a play: yes or no, does the play beat it?"""

    spec: BeatsSpec

    table = spec_cards("table", N_("table: {problem}"))
    play = spec_cards("play", N_("play: {problem}"))

    def _card_groups(self) -> list[list[Card]]:
        return [self.table + self.play]

    def view(self) -> PuzzleView:
        return replace(
            super().view(),
            rows=((t("On the table"), tuple(self.table)),),
            hand=tuple(self.play),
            hand_label=t("The play"),
            mark_trumps=False,
            sort_hand=False,
        )

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        try:
            return beats_words(classify(self.play), classify(self.table))
        except CombinationError as e:
            raise BankError(f"puzzle {self.id}: {e}") from None

    def checks(self) -> list[str]:
        try:
            self._settled  # noqa: B018 - both must be combinations
        except BankError as e:
            return [str(e)]
        return []


class PilePuzzle(Puzzle, spec_type=PileSpec):
    """A pile played out at a table of 3 to 6: who takes it, or how many points does it hold?"""

    spec: PileSpec

    @property
    def answer_kind(self) -> AnswerKind:
        return AnswerKind.SEAT if self.spec.ask == "taker" else AnswerKind.NUMBER

    @cached_property
    def actions(self) -> list[list[Card] | None]:
        """Each turn's cards, or None for a pass."""
        return [
            None if text.strip().lower() == PASS else self._cards(text, N_("action {number}: {problem}"), number=i + 1)
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
            hand_label=t("The pile"),
            mark_trumps=False,
            sort_hand=False,
            context=self._story() + _stop(),
        )

    def solve(self) -> Solution:
        taker, pile, _ = self._pile
        return taker if self.spec.ask == "taker" else sum(c.points for c in pile)

    def judge(self, answer: Answer) -> tuple[bool, str]:
        taker, pile, _ = self._pile
        scoring = [c for c in pile if c.points]
        colon = "：" if language() == "zh" else ": "
        count = (
            f"{format_cards(scoring)}{colon}{' + '.join(str(c.points) for c in scoring)} = {sum(c.points for c in pile)}"
            if scoring
            else t("no 5s, 10s or kings: 0")
        )
        why = t(_TAKES[self.spec.players], seat=said_name(taker), count=count)
        return self._is_solution(answer), why

    def checks(self) -> list[str]:
        return [f"puzzle {self.id}: {p}" for p in self._pile[2]]
