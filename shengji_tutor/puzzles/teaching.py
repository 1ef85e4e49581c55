"""How a puzzle teaches rather than tells: its hint ladder, what a wrong answer is told, and the shown answer.

The best tutors give the answer away last. A puzzle's **hint ladder** climbs from
the idea to the answer: first the rule to think about ("look at the led suit
first"), then the author's hint for this position, then — for a puzzle answered
with cards — the cards themselves, highlighted in the hand. A **wrong answer**
is told what is wrong with it and which rule decides (``mistake``), not the
solution; the solution comes only when the learner asks for it
(``solution_text``, the "Show answer" button), and then the puzzle does not
count as solved.

>>> from shengji_tutor.puzzles import load_bank
>>> from shengji_tutor.puzzles.teaching import hint_ladder
>>> puzzle = load_bank()["following-ruff-to-win"]
>>> steps = hint_ladder(puzzle)
>>> len(steps) >= 2, steps[0].text.startswith("Look at the led suit first")
(True, True)
>>> sorted(str(c) for c in steps[-1].cards) == sorted(puzzle.solve())  # the last rung: the answer's cards
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import ShengjiError
from ..engine.units import lead_format

if TYPE_CHECKING:
    from .base import Puzzle

__all__ = [
    "GENERIC_IDEA",
    "RULE_TITLES",
    "HintStep",
    "answer_hint",
    "deck_words",
    "hide_answer",
    "hint_ladder",
    "idea",
    "mistake",
    "rule_pointer",
    "solution_text",
    "tokens",
    "without_method",
]

RULE_TITLES = {
    "1": "the table and the deck",
    "2": "point cards",
    "3": "the trump order",
    "4": "pairs and tractors",
    "5": "leading",
    "6": "following the lead",
    "7": "who wins a trick",
    "8": "throws and their penalty",
    "9": "scoring a round",
    "9a": "impossible input",
    "10": "dealing, declaring and the kitty",
    "11": "the house rules",
    "12": "Zheng Fen",
}
"""RULES.md's sections by number, as a sentence names them."""

GENERIC_IDEA = "Read the prompt again and find the rule it asks about: the lesson's examples show it at work."


@dataclass(frozen=True)
class HintStep:
    """One rung of a hint ladder: a sentence, and the cards of the hand it highlights (none for most rungs)."""

    text: str
    cards: tuple[Card, ...] = ()


_RULE_REF = re.compile(r"RULES §(\d+a?)")


def rule_pointer(why: str) -> str:
    """The rules an explanation applies, as a pointer that gives nothing else away: "The rule here: … (RULES §6)."

    >>> from shengji_tutor.puzzles.teaching import rule_pointer
    >>> rule_pointer("You must follow with your pair of hearts (RULES §6).")
    'The rule here: following the lead (RULES §6).'
    >>> rule_pointer("no reference")
    ''
    """
    seen: list[str] = []
    for number in _RULE_REF.findall(why):
        if number not in seen and number in RULE_TITLES:
            seen.append(number)
    if not seen:
        return ""
    named = "; ".join(f"{RULE_TITLES[n]} (RULES §{n})" for n in seen)
    return f"The rule here: {named}."


DECK_WORDS = {1: "One deck holds", 2: "Two decks hold", 3: "Three decks hold"}


def deck_words(decks: int) -> str:
    """The decks as a sentence's subject: "One deck holds", "Two decks hold" (1 to 3 decks, RULES §1)."""
    return DECK_WORDS[decks]


def idea(puzzle: Puzzle) -> str:
    """The idea behind ``puzzle``'s kind (its class's ``idea``), as its own rules have it (one deck takes over at
    40, three at 120).

    >>> from shengji_tutor.puzzles.bank import load_bank
    >>> from shengji_tutor.puzzles.teaching import idea
    >>> idea(load_bank()["kitty-scoring-level-one-deck"]).split(" — ")[1][:43]
    'below 40 the declarers climb, from 40 the a'
    """
    return puzzle.idea()


def hint_ladder(puzzle: Puzzle) -> tuple[HintStep, ...]:
    """The puzzle's hint steps, from the idea to the answer (two or three)."""
    steps = [HintStep(idea(puzzle))]
    if puzzle.hint and puzzle.hint != steps[0].text:
        steps.append(HintStep(puzzle.hint))
    last = puzzle.last_hint()
    if last is not None:
        steps.append(last)
    if len(steps) == 1:  # no author's hint and nothing to highlight: a second rung from the explanation's rules
        pointer = rule_pointer(_explanation(puzzle))
        steps.append(HintStep(pointer or "Work it out step by step, one card at a time, as the lesson's examples do."))
    return tuple(steps)


def answer_hint(puzzle: Puzzle) -> HintStep | None:
    """The last rung by the way the puzzle is answered: the cards of the answer highlighted, or the lead's shape
    to work with (``Puzzle.last_hint`` unless a kind says more)."""
    answer_kind = puzzle.answer_kind
    if answer_kind == "cards":
        try:
            cards = tuple(parse_cards(" ".join(tokens(puzzle.solve()))))
        except ShengjiError:
            return None
        return HintStep(f"Look at the highlighted card{'s' if len(cards) > 1 else ''}: {format_cards(cards)}.", cards)
    if answer_kind == "order":
        try:
            top = parse_cards(" ".join(tokens(puzzle.solve())))[:1]
        except ShengjiError:
            return None
        return HintStep(f"Start with the highlighted card, {format_cards(top)}: it ranks highest here.", tuple(top))
    if answer_kind == "seat":
        trick = getattr(puzzle, "trick", None)
        if trick:
            try:
                shape = lead_format(trick[0], puzzle.trump, puzzle.rules).kind
            except ShengjiError:
                return None
            return HintStep(
                f"The lead {format_cards(trick[0])} is a {shape}. Cross out every play that is not a {shape} in the "
                "led suit or in trumps: only the others can win, and the highest of those wins."
            )
    return None


def tokens(solution: object) -> list[str]:
    if isinstance(solution, str):
        return solution.split()
    if isinstance(solution, Sequence):
        return [str(c) for c in solution]
    return [str(solution)]


def _explanation(puzzle: Puzzle) -> str:
    try:
        return puzzle.judge(puzzle.canonical_answer(puzzle.solve()))[1]
    except (ShengjiError, ValueError, TypeError):
        return ""


def mistake(puzzle: Puzzle, given: str, why: str, says: str = "") -> str:
    """What a wrong answer ``given`` (canonical text) is told the first time: what is wrong with it and the rule,
    without the solution. ``why`` is the engine's full explanation; ``says`` the author's misconception, if one
    matched."""
    pointer = rule_pointer(why) or rule_pointer(puzzle.idea())
    try:
        own = puzzle.own_mistake(given, why)
    except (ShengjiError, ValueError):
        own = ""
    parts = [p for p in (says, own, pointer) if p]
    if not says and not own:
        parts.insert(0, "Not this one.")
    return " ".join(parts)


METHOD = re.compile(r" ?\(The best play was chosen on some deals[^)]*\)")
"""The sentence of a best puzzle's verdict that says how plays are measured (said once, with the answer)."""


def without_method(why: str) -> str:
    return METHOD.sub("", why)


def hide_answer(why: str, puzzle: Puzzle) -> str:
    """``why`` with the right plays it names replaced by "another play" (the engine's sentence, minus the answer)."""
    plays = (
        getattr(puzzle, "correct_plays", None)
        or getattr(puzzle, "accept", None)
        or [parse_cards(" ".join(tokens(puzzle.solve())))]
    )
    for play in plays:
        why = why.replace(format_cards(play), "another play")
    return why.replace(" another play would.", "")


def solution_text(puzzle: Puzzle) -> str:
    """The answer, in words, with the engine's explanation: what "Show answer" shows."""
    solution = puzzle.solve()
    kind = puzzle.answer_kind
    if kind in ("cards", "order"):
        shown = format_cards(parse_cards(" ".join(tokens(solution))))
        if kind == "order":
            shown = shown.replace(" ", " > ")
    elif kind == "yesno":
        shown = "Yes" if str(solution) == "yes" else "No"
    else:
        shown = str(solution)
    text = f"The answer: {shown}. {_explanation(puzzle)}".strip()
    extra = puzzle.solution_extra()
    return f"{text} {extra}" if extra else text
