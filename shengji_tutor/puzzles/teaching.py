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
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import ShengjiError
from ..engine.units import lead_format

if TYPE_CHECKING:
    from .base import Puzzle

__all__ = [
    "IDEAS",
    "RULE_TITLES",
    "HintStep",
    "deck_words",
    "hint_ladder",
    "idea",
    "mistake",
    "rule_pointer",
    "solution_text",
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

IDEAS = {
    "winner": (
        "First find the lead's suit and shape (a single, a pair, a tractor). Only a play of the same shape — in the "
        "led suit, or all in trumps — can beat it (RULES §7)."
    ),
    "points": "Only three ranks score: each 5 is worth 5, each 10 and each king 10. Find those cards first (RULES §2).",
    "legal": (
        "Look at the led suit first: if you hold cards of it you must follow it, and match the lead's pairs and "
        "tractors as far as your hand can (RULES §6)."
    ),
    "play": (
        "Look at the led suit first: which plays does RULES §6 allow from your hand? Then ask which of them does the "
        "job the prompt asks for."
    ),
    "order": (
        "Trumps rank from the top: big joker, small joker, the trump rank in the trump suit, the trump rank in the "
        "other suits, then the trump suit from the ace down (RULES §3)."
    ),
    "throw": (
        "A throw (甩牌 shuǎi pái) stands only if nobody else can beat ANY one of its units in that suit: check each "
        "single, pair and tractor on its own (RULES §8)."
    ),
    "dealer": "Who deals next depends on which side won the round and by how much (RULES §9).",
    "declare": (
        "You declare trumps by showing cards of the trump rank; a pair overrides a single, and RULES §10 says who may "
        "override whom."
    ),
    "tractor": (
        "A tractor (拖拉机 tuōlājī) is two or more pairs of one suit next to each other in the card order. Cards that "
        "have left the suit (the trump rank) leave no gap behind them (RULES §4)."
    ),
    "level": (
        "Add what the attackers won: their tricks, and the kitty multiplied if they took the last trick. Then find "
        "that total's row in the level table — below {line} the declarers climb, from {line} the attackers take over "
        "(RULES §9)."
    ),
    "sort": (
        "Trumps (主 zhǔ) are the two jokers, every card of the trump rank in any suit, and every card of the trump "
        "suit. Everything else stays in its printed suit (RULES §3)."
    ),
    "bury": (
        "The kitty (底牌 dǐpái) goes back face down with as many cards as you took. If the attackers win the last "
        "trick they score its points, doubled or more: bury few points and keep your trumps (RULES §9, §10)."
    ),
    "best": (
        "Who is winning the trick so far, and is it your partner? Win it if it is worth it; otherwise give nothing "
        "away."
    ),
    "hook": (
        "Hook and needle (勾 gōu / 针 zhēn) asks two things: did the ATTACKERS win the last trick, and does their "
        "winning play hold a card of the trump rank, J (the hook) or A (the needle)? (RULES §11)"
    ),
    "overturn": (
        "Chao dipi (炒地皮 chǎo dìpí) overturns only with a pair, and only with a stronger one: BJ pair > SJ pair > "
        "trump-rank pair of ♠ > ♥ > ♣ > ♦ (RULES §11)."
    ),
    "redeal": (
        "Which cards count? For no-trump: jokers, every card of the trump rank in any suit, the trump suit (and red "
        "fives when played). For no-points: every 5, 10 and K (RULES §11, §3, §2)."
    ),
    "friends": (
        "In Finding Friends (找朋友 zhǎo péngyou) a friend is whoever PLAYS the called copy, counted in the order "
        "the copies are played, and only from that moment on (RULES §11)."
    ),
}
"""The first rung of every ladder: the idea behind a kind of puzzle (``idea`` fills in what the puzzle's rules
decide, such as ``{line}``: the attackers' points from which they take over)."""

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
    """The idea behind ``puzzle``'s kind, as its own rules have it (one deck takes over at 40, three at 120).

    >>> from shengji_tutor.puzzles.bank import load_bank
    >>> from shengji_tutor.puzzles.teaching import idea
    >>> idea(load_bank()["kitty-scoring-level-one-deck"]).split(" — ")[1][:43]
    'below 40 the declarers climb, from 40 the a'
    """
    return IDEAS.get(puzzle.kind, GENERIC_IDEA).format(line=2 * puzzle.rules.step)


def hint_ladder(puzzle: Puzzle) -> tuple[HintStep, ...]:
    """The puzzle's hint steps, from the idea to the answer (two or three)."""
    steps = [HintStep(idea(puzzle))]
    if puzzle.hint and puzzle.hint != steps[0].text:
        steps.append(HintStep(puzzle.hint))
    last = _last_step(puzzle)
    if last is not None:
        steps.append(last)
    if len(steps) == 1:  # no author's hint and nothing to highlight: a second rung from the explanation's rules
        pointer = rule_pointer(_explanation(puzzle))
        steps.append(HintStep(pointer or "Work it out step by step, one card at a time, as the lesson's examples do."))
    return tuple(steps)


def _last_step(puzzle: Puzzle) -> HintStep | None:
    """The last rung: the cards of the answer highlighted, or the facts to work with."""
    answer_kind = puzzle.answer_kind
    if answer_kind == "cards":
        try:
            cards = tuple(parse_cards(" ".join(_tokens(puzzle.solve()))))
        except ShengjiError:
            return None
        return HintStep(f"Look at the highlighted card{'s' if len(cards) > 1 else ''}: {format_cards(cards)}.", cards)
    if answer_kind == "order":
        try:
            top = parse_cards(" ".join(_tokens(puzzle.solve())))[:1]
        except ShengjiError:
            return None
        return HintStep(f"Start with the highlighted card, {format_cards(top)}: it ranks highest here.", tuple(top))
    if answer_kind == "number" and puzzle.kind == "points":
        return _points_step(puzzle)
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


def _points_step(puzzle: Puzzle) -> HintStep | None:
    spec: Any = puzzle.spec
    count = getattr(spec, "count", "cards")
    if count == "remaining":
        return HintStep(
            f"Count the points in the tricks shown, then take them from {puzzle.rules.total_points}: "
            f"{deck_words(puzzle.rules.decks).lower()} {puzzle.rules.total_points} points."
        )
    if count == "kitty":
        return HintStep(
            "Count the kitty's points first. Then look at the last trick's winning play: its largest unit sets the "
            "multiplier (a single doubles, a pair quadruples — RULES §9)."
        )
    groups: list[str] = [spec.cards] if count == "cards" else list(getattr(spec, "taken", ()))
    cards = [c for text in groups if text for c in parse_cards(text)]
    cards += [c for play in getattr(puzzle, "trick", []) for c in play] if count == "cards" else []
    scoring = [c for c in cards if c.points]
    if not scoring:
        return HintStep("Look for 5s, 10s and kings: are there any at all?")
    return HintStep(f"The cards that score here: {format_cards(scoring)}. Add them up.")


def _tokens(solution: object) -> list[str]:
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
    pointer = rule_pointer(why) or rule_pointer(idea(puzzle) if puzzle.kind in IDEAS else "")
    own = _own_mistake(puzzle, given, why)
    parts = [p for p in (says, own, pointer) if p]
    if not says and not own:
        parts.insert(0, "Not this one.")
    return " ".join(parts)


def _own_mistake(puzzle: Puzzle, given: str, why: str) -> str:
    """The kind's sentence about this wrong answer ("" when it has none to say without giving the answer)."""
    kind = puzzle.kind
    try:
        if kind == "order":
            cards = parse_cards(given)
            for a, b in pairwise(cards):
                if puzzle.trump.key(a) < puzzle.trump.key(b):
                    return f"You put {a.symbol()} above {b.symbol()}, but {b.symbol()} ranks higher."
            return ""
        if kind == "points":
            right = int(str(puzzle.solve()))
            return f"{given} is too {'many' if int(given) > right else 'few'}."
        if kind == "winner":
            return f"{given} does not win this trick."
        if kind == "play":
            return _hide_answer(why, puzzle)
        if kind == "best":  # what the evaluation measured of this play, the better play unnamed
            measured = _hide_answer(_without_method(why), puzzle)
            return f"Another play does better here. {measured}".strip()
        if kind == "level":
            right = int(str(puzzle.solve()))
            again = "find the total's row again"
            if getattr(puzzle.spec, "level", "") and puzzle.rules.mandatory_levels:
                again += ", then check whether the rise passes a mandatory level"
            return f"{given} is too {'many' if int(given) > right else 'few'} levels: {again}."
        if kind == "sort":  # what was left out or picked wrongly, without the full list of the answer
            return re.sub(r" The [\w ]+ here are .*$", "", why)
        if kind == "bury":  # what the burial risked: the mistake itself
            return why
    except (ShengjiError, ValueError):
        return ""
    return ""


METHOD = re.compile(r" ?\(The best play was chosen on some deals[^)]*\)")
"""The sentence of a best puzzle's verdict that says how plays are measured (said once, with the answer)."""


def _without_method(why: str) -> str:
    return METHOD.sub("", why)


def _hide_answer(why: str, puzzle: Puzzle) -> str:
    """``why`` with the right plays it names replaced by "another play" (the engine's sentence, minus the answer)."""
    plays = (
        getattr(puzzle, "correct_plays", None)
        or getattr(puzzle, "accept", None)
        or [parse_cards(" ".join(_tokens(puzzle.solve())))]
    )
    for play in plays:
        why = why.replace(format_cards(play), "another play")
    return why.replace(" another play would.", "")


def solution_text(puzzle: Puzzle) -> str:
    """The answer, in words, with the engine's explanation: what "Show answer" shows."""
    solution = puzzle.solve()
    kind = puzzle.answer_kind
    if kind in ("cards", "order"):
        shown = format_cards(parse_cards(" ".join(_tokens(solution))))
        if kind == "order":
            shown = shown.replace(" ", " > ")
    elif kind == "yesno":
        shown = "Yes" if str(solution) == "yes" else "No"
    else:
        shown = str(solution)
    text = f"The answer: {shown}. {_explanation(puzzle)}".strip()
    if puzzle.kind == "best" and puzzle.spec.misconceptions:  # why the best beats the play beginners choose
        slip = puzzle.spec.misconceptions[0]
        try:
            measured = _without_method(puzzle.judge(puzzle.canonical_answer(slip.answer))[1])
            cards = format_cards(parse_cards(puzzle.canonical_answer(slip.answer)))
        except (ShengjiError, ValueError):
            return text
        text += f" Why not {cards}? {slip.says} {measured.replace('your play', cards)}"
    return text
