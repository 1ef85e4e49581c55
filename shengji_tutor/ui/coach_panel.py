"""How the coach shows a verdict: the grade, the better play drawn as cards, the reasons; the round's summary;
and the hint ladder (the idea, then the suit, then the cards), which counts every hint used.

The judgement itself is ``play.coaching``; this module only draws it (HTML for
an ``ipywidgets.HTML``, cards as the course's SVG pictures).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.cards import Card, joker_words
from ..engine.trump import Trump
from ..play.actions import ORDINALS
from ..play.coaching import GRADES, Accuracy, Assessment, grade_words
from .render import hand_svg

__all__ = ["CLOSE_LABEL", "GRADE_LABELS", "KIND_WORDS", "HintLadder", "accuracy_html", "verdict_html"]

GRADE_LABELS = {"good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
CLOSE_LABEL = "Close call"
"""The badge of a verdict the evidence leaves undecided (``Assessment.close``): not graded down, and said so."""
KIND_WORDS = {
    "play": "play",
    "bury": "burial",
    "declare": "declaration",
    "call": "friend call",
    "overturn": "choice in chao dipi",
}


def _cards(cards: Sequence[Card], trump: Trump | None) -> str:
    return f'<span class="sjt-coach-cards">{hand_svg(cards, trump, width=44)}</span>'


def _choice(assessment: Assessment, choice: tuple[Any, ...], trump: Trump | None) -> str:
    """A choice drawn: cards as pictures, a pass in words, a friend call as "the first A♥"."""
    if assessment.kind == "call":
        return escape(", ".join(f"the {ORDINALS.get(o, str(o))} {c.symbol()}" for c, o in choice))
    if not choice:
        return "passing"
    return _cards(choice, trump)


def verdict_html(assessment: Assessment, trump: Trump | None, *, title: str = "") -> str:
    """The coach's verdict on one decision, as HTML: grade badge, headline, the better play (when there is one)
    drawn as cards, and the reasons, each naming what was measured."""
    grade = assessment.grade
    kind = KIND_WORDS.get(assessment.kind, assessment.kind)
    head = f"{escape(title)} " if title else ""
    badge, label = ("close", CLOSE_LABEL) if assessment.close else (grade, GRADE_LABELS[grade])
    said = assessment.headline().split(":", 1)[-1].strip() if grade != "good" or assessment.close else ""
    parts = [
        f'<div class="sjt-verdict" data-grade="{badge}" role="status" aria-live="polite">',
        f'<div class="sjt-verdict-head">{head}<span class="sjt-grade" data-grade="{badge}">'
        f"{label}</span> {escape(said)}</div>",
    ]
    if grade != "good":
        parts.append(
            f'<div class="sjt-better">Better {kind}: {_choice(assessment, assessment.best.choice, trump)}</div>'
        )
    parts.append('<ul class="sjt-reasons">' + "".join(f"<li>{escape(r)}</li>" for r in assessment.reasons) + "</ul>")
    parts.append("</div>")
    return joker_words("".join(parts))


def accuracy_html(review: Accuracy, trump: Trump | None, *, hints_used: int = 0) -> str:
    """The end-of-round accuracy summary: decisions in each grade, and the two or three costliest mistakes."""
    counts = review.counts()
    cells = "".join(
        f'<div class="sjt-count" data-grade="{g}"><strong>{counts[g]}</strong> {grade_words(g, counts[g])}</div>'
        for g in GRADES
    )
    parts = [
        '<div class="sjt-review">',
        f'<div class="sjt-review-head"><strong>Your accuracy</strong>: {escape(review.summary())}'
        + (f" Hints used: {hints_used}." if hints_used else "")
        + "</div>",
        f'<div class="sjt-counts">{cells}</div>',
    ]
    worst = review.costliest(3)
    if worst:
        parts.append('<div class="sjt-review-head">Your costliest decisions:</div><ol class="sjt-costliest">')
        for a in worst:
            mine = _choice(a, a.chosen.choice, trump)
            better = _choice(a, a.best.choice, trump)
            reason = escape(a.reasons[0]) if a.reasons else ""
            parts.append(
                f'<li><span class="sjt-grade" data-grade="{a.grade}">{GRADE_LABELS[a.grade]}</span> '
                f"{escape(a.headline().split(':', 1)[-1].strip())} You: {mine} Better: {better} {reason}</li>"
            )
        parts.append("</ol>")
    else:
        parts.append("<div>No mistakes this round: well played.</div>")
    parts.append("</div>")
    return joker_words("".join(parts))


class HintLadder(w.VBox):  # type: ignore[misc]
    """A "Hint" button that gives the next hint of three (the idea, the suit, the cards) and counts them.

    ``set_hints(source)`` arms it for a new decision: ``source()`` computes the
    three hints when the first is asked for (the search runs only if the learner
    wants a hint). ``used`` counts hints given for the current decision,
    ``total`` over the ladder's life; ``on_hint(level)`` is called each time.
    """

    def __init__(self, on_hint: Callable[[int], None] | None = None) -> None:
        self.button = w.Button(description="Hint", tooltip="A hint: first the idea, then the suit, then the cards")
        self.button.on_click(lambda _b: self.next_hint())
        self.text = w.HTML()
        self.text.add_class("sjt-hints")
        self._source: Callable[[], Sequence[str]] | None = None
        self._hints: Sequence[str] = ()
        self.used = 0
        self.total = 0
        self._on_hint = on_hint
        super().__init__([self.button, self.text])
        self.add_class("sjt-hint-ladder")
        self.set_hints(None)

    def set_hints(self, source: Callable[[], Sequence[str]] | None) -> None:
        """A new decision (or none: ``None`` disables the button)."""
        self._source = source
        self._hints = ()
        self.used = 0
        self.text.value = ""
        self.button.disabled = source is None
        self.button.description = "Hint"

    def next_hint(self) -> str:
        """Give the next hint (and record it); "" when there is none left or no decision."""
        if self._source is None or self.used >= 3:
            return ""
        if not self._hints:
            self._hints = tuple(self._source())
        hint = self._hints[self.used]
        self.used += 1
        self.total += 1
        names = ("The idea", "The suit", "The cards")
        self.text.value = "".join(
            f'<div class="sjt-hint-step"><strong>{names[k]}:</strong> {escape(joker_words(self._hints[k]))}</div>'
            for k in range(self.used)
        )
        self.button.disabled = self.used >= 3
        self.button.description = "Hint" if self.used >= 3 else f"Another hint ({self.used + 1} of 3)"
        if self._on_hint is not None:
            self._on_hint(self.used)
        return hint
