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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import ShengjiError
from ..engine.grading import AnswerKind
from ..engine.seats import said_name
from ..engine.units import lead_format
from ..i18n import N_, language, t, tn

if TYPE_CHECKING:
    from .base import Puzzle

__all__ = [
    "GENERIC_IDEA",
    "RULE_TITLES",
    "HintStep",
    "answer_hint",
    "clause_gap",
    "deck_words",
    "hide_answer",
    "hint_ladder",
    "idea",
    "method_sentence",
    "mistake",
    "rule_pointer",
    "sentence_gap",
    "sentences",
    "solution_text",
    "tokens",
    "without_method",
]

RULE_TITLES = {
    "1": N_("the table and the deck"),
    "2": N_("point cards"),
    "3": N_("the trump order"),
    "4": N_("pairs and tractors"),
    "5": N_("leading"),
    "6": N_("following the lead"),
    "7": N_("who wins a trick"),
    "8": N_("throws and their penalty"),
    "9": N_("scoring a round"),
    "9a": N_("impossible input"),
    "10": N_("dealing, declaring and the kitty"),
    "11": N_("the house rules"),
    "12": N_("Zheng Fen"),
}
"""RULES.md's sections by number, as a sentence names them (English: a sentence shows ``t(RULE_TITLES[n])``)."""

GENERIC_IDEA = N_("Read the prompt again and find the rule it asks about: the lesson's examples show it at work.")


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
    if len(seen) == 1:
        # TRANSLATORS: {rule} names a section of the rules ("following the lead"); {number} is its number ("6")
        return t("The rule here: {rule} (RULES §{number}).", rule=t(RULE_TITLES[seen[0]]), number=seen[0])
    if language() == "zh":  # full-width brackets and semicolon in Chinese
        named = "；".join(t(RULE_TITLES[n]) + "（RULES §" + n + "）" for n in seen)
    else:
        named = clause_gap().join(t(RULE_TITLES[n]) + " (RULES §" + n + ")" for n in seen)
    # TRANSLATORS: {rules} lists several sections of the rules, "following the lead (RULES §6); who wins a trick (RULES §7)"
    return t("The rule here: {rules}.", rules=named)


DECK_WORDS = {1: N_("One deck"), 2: N_("Two decks"), 3: N_("Three decks")}
"""The decks as a sentence's subject (1 to 3 decks, RULES §1), in English: a sentence shows ``deck_words``."""


def deck_words(decks: int) -> str:
    """The decks as a sentence's subject, in the reader's language: "One deck", "Two decks" (1 to 3 decks, RULES §1);
    its verb agrees through ``tn`` with the number of decks."""
    return t(DECK_WORDS[decks])


SHAPE_NAMES = {
    "single": N_("a single"),
    "pair": N_("a pair"),
    "tuple": N_("a tuple"),
    "tractor": N_("a tractor"),
    "throw": N_("a throw"),
}
"""A lead's kind (``lead_format(...).kind``) as a sentence names it, in English: shown with ``t``."""


def sentence_gap() -> str:
    """What stands between two sentences in the reader's language: a space, none in Chinese (its full stop 。 takes
    the room)."""
    return "" if language() == "zh" else " "


def clause_gap() -> str:
    """What stands between the clauses of a list in the reader's language: "; ", and "；" in Chinese."""
    return "；" if language() == "zh" else "; "


def sentences(parts: Iterable[str]) -> str:
    """Whole sentences one after another, as the reader's language writes them (``sentence_gap``); empty parts left
    out."""
    return sentence_gap().join(part for part in parts if part)


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
        steps.append(
            HintStep(pointer or t("Work it out step by step, one card at a time, as the lesson's examples do."))
        )
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
        text = tn(
            "Look at the highlighted card: {cards}.",
            "Look at the highlighted cards: {cards}.",
            max(1, len(cards)),  # (no card at all only in a puzzle its checks refuse)
            cards=format_cards(cards),
        )
        return HintStep(text, cards)
    if answer_kind == "order":
        try:
            top = parse_cards(" ".join(tokens(puzzle.solve())))[:1]
        except ShengjiError:
            return None
        text = t("Start with the highlighted card, {card}: it ranks highest here.", card=format_cards(top))
        return HintStep(text, tuple(top))
    if answer_kind == "seat":
        trick = getattr(puzzle, "trick", None)
        if trick:
            try:
                shape = lead_format(trick[0], puzzle.trump, puzzle.rules).kind
            except ShengjiError:
                return None
            return HintStep(
                # TRANSLATORS: {shape} is the lead's kind with its article: "a single", "a pair", "a tractor", "a throw"
                t(
                    "The lead {cards} is {shape}. Cross out every play that is not {shape} in the led suit or in "
                    "trumps: only the others can win, and the highest of those wins.",
                    cards=format_cards(trick[0]),
                    shape=t(SHAPE_NAMES[shape]) if shape in SHAPE_NAMES else shape,
                )
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
    matched: the author's words for that very answer, said instead of the kind's own (which would say it again)."""
    pointer = rule_pointer(why) or rule_pointer(puzzle.idea())
    try:
        own = "" if says else puzzle.own_mistake(given, why)
    except (ShengjiError, ValueError):
        own = ""
    parts = [p for p in (says, own, pointer) if p]
    if not says and not own:
        parts.insert(0, t("Not this one."))
    return sentences(parts)


METHOD = N_(
    "(The best play was chosen on some deals of the cards you cannot see, and your play was measured against it on "
    "{samples} others, each played out to the end of the round and scored as RULES §9 says; a play is graded down "
    "only when it is surely worse by more than a tenth of a level.)"
)
"""The sentence of a best puzzle's verdict that says how plays are measured (said once, with the answer); English,
shown with ``t``."""


def method_sentence(samples: int) -> str:
    """How a best puzzle's plays are measured, in the reader's language (``METHOD``)."""
    return t(METHOD, samples=samples)


def without_method(why: str) -> str:
    """``why`` without the sentence that says how plays are measured (in the reader's language)."""
    parts = [re.escape(part) for part in t(METHOD).split("{samples}")]
    return re.sub(r" ?" + r"\d+".join(parts), "", why)


# TRANSLATORS: the sentence after a play that does not win the trick, naming one that would win it: "8♥ would."
WOULD = N_("{cards} would.")
"""The sentence after a play that does not win: the play that would (``hide_answer`` takes it out)."""


def hide_answer(why: str, puzzle: Puzzle) -> str:
    """``why`` with the right plays it names replaced by "another play" (the engine's sentence, minus the answer)."""
    plays = (
        getattr(puzzle, "correct_plays", None)
        or getattr(puzzle, "accept", None)
        or [parse_cards(" ".join(tokens(puzzle.solve())))]
    )
    # TRANSLATORS: stands for the right play, unnamed, in a sentence about a wrong answer ("another play wins too")
    another = t("another play")
    for play in plays:
        why = why.replace(format_cards(play), another)
    return why.replace(sentence_gap() + t(WOULD, cards=another), "")


def solution_text(puzzle: Puzzle) -> str:
    """The answer, in words, with the engine's explanation: what "Show answer" shows."""
    solution = puzzle.solve()
    kind = puzzle.answer_kind
    if kind in (AnswerKind.CARDS, AnswerKind.ORDER):
        shown = format_cards(parse_cards(" ".join(tokens(solution))))
        if kind == AnswerKind.ORDER:
            shown = shown.replace(" ", " > ")
    elif kind == AnswerKind.YESNO:
        shown = t("Yes") if str(solution) == "yes" else t("No")
    elif kind == AnswerKind.SEAT:
        shown = said_name(str(solution))
    else:
        shown = str(solution)
    answer = t("The answer: {answer}.", answer=shown)
    return sentences([answer, _explanation(puzzle).strip(), puzzle.solution_extra()])
