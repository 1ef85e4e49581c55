"""What a lesson must never show: a bare Python value (a tuple, a list, a dict, a bool, a number) where cards or a
sentence belong, a joker's token or code, a count or article that disagrees with its word. Shared by the lesson runner's test (tests/test_lessons.py) and the notebooks' (tests/test_notebooks.py)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

SHOWN_KEYS = ("value", "description", "caption", "prompt", "context", "feedback", "hint_text", "tooltip", "label")
"""The widget fields a learner reads."""
TOKENS = re.compile(r"(?<![\w-])[SB]J(?![\w-])|RuleSet\(|\b[a-z]+_[a-z_]+=")
"""What a page must not show: the jokers' tokens (say "big joker"), and code."""


def plain_text(markup: str) -> str:
    """What a reader sees of ``markup``: its style sheets, pictures, scripts and tags left out."""
    return re.sub(r"<[^>]*>", " ", re.sub(r"<(style|svg|script)\b.*?</\1>", " ", markup, flags=re.S))


def tokens_in(texts: Iterable[str]) -> list[str]:
    """Each place in ``texts`` that shows a joker's token or code, with the text around it (``plain_text``)."""
    found = []
    for text in texts:
        plain = plain_text(text)
        found += [plain[max(0, m.start() - 40) : m.end() + 20] for m in TOKENS.finditer(plain)]
    return found


def python_values(texts: Iterable[str]) -> list[str]:
    """The texts, whole or line by line, that read as a Python value rather than as words."""
    found = []
    for text in texts:
        text = text.strip()
        for line in [text, *text.splitlines()] if "\n" in text else [text]:
            try:
                value = ast.literal_eval(line.strip())
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if isinstance(value, tuple | list | dict | set | bool | int | float) or value is None:
                found.append(line.strip())
    return found


PLURALS = (
    "points|cards|levels|tricks|decks|pairs|trumps|tractors|mistakes|blunders|inaccuracies|decisions|questions|"
    "puzzles|players|hands|seats|ranks|suits|throws|hints|kings|tens|fives|aces|jokers|copies|units|rounds|"
    "games|friends|times|reviews|answers|steps|lessons"
)
ONE_PLURAL = re.compile(rf"(?<![\d.,])(?<!Seat )\b1 (?:more |other |extra )?({PLURALS})\b")
"""A count of one with a plural noun: "1 points", "+1 points", "1 more trumps" ("Seat 1" is a name)."""
A_VOWEL = re.compile(
    r"(?:(?<![\w♠♥♣♦])a|(?:^|(?<=[.!?:] ))A) (?:(?:8|11|18|80)\b|(?![Oo]ne\b|[Oo]ne-|[Oo]nce\b)[AaEeIiOo]\w|A[♠♥♣♦]|8[♠♥♣♦])"
)
"""An article "a" before a vowel sound: "a 8", "a ace", "a A♠" (not "a one-deck", "a unit": those start with a
consonant sound; a capital A only opening a sentence, since "rank A every…" is the ace's rank)."""
AN_CONSONANT = re.compile(r"\b[Aa]n (?:[bcdfgjklmnpqrstvwxzBCDFGJKLMNPQRSTVWXZ]\w|[2-79][♠♥♣♦]?\b|10\b|K[♠♥♣♦])")
"""An article "an" before a consonant sound: "an king", "an 7", "an K♠"."""


def disagreements(texts: Iterable[str]) -> list[str]:
    """Each place in ``texts`` (markup stripped) where a count or an article does not agree with its word."""
    found = []
    for text in texts:
        plain = re.sub(r"\s+", " ", plain_text(text))
        for pattern in (ONE_PLURAL, A_VOWEL, AN_CONSONANT):
            found += [plain[max(0, m.start() - 30) : m.end() + 15] for m in pattern.finditer(plain)]
    return found
