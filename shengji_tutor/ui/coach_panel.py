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
from ..i18n import N_, t, te, th
from ..play.coaching import GRADES, Accuracy, Assessment, CoachGrade, grade_words
from ..play.round import DecisionKind
from .render import hand_svg

__all__ = ["CLOSE_LABEL", "GRADE_LABELS", "YOUR_KIND", "HintLadder", "accuracy_html", "verdict_html"]

GRADE_LABELS = {"good": N_("Good"), "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"), "blunder": N_("Blunder")}
"""The grades' badges, in English (a badge shows ``t(GRADE_LABELS[grade])``)."""
CLOSE_LABEL = N_("Close call")
"""The badge of a verdict the evidence leaves undecided (``Assessment.close``): not graded down, and said so."""
YOUR_KIND = {
    "play": N_("Your play:"),
    "bury": N_("Your burial:"),
    "declare": N_("Your declaration:"),
    "call": N_("Your friend call:"),
    "overturn": N_("Your choice in chao dipi:"),
}
"""The title of the verdict on each kind of decision, in English (shown as ``t(YOUR_KIND[kind])``)."""
_BETTER = {
    "play": N_("Better play: {choice}"),
    "bury": N_("Better burial: {choice}"),
    "declare": N_("Better declaration: {choice}"),
    "call": N_("Better friend call: {choice}"),
    "overturn": N_("Better choice in chao dipi: {choice}"),
}
"""The line under a verdict that names the better choice (``{choice}``: its cards, drawn), by kind of decision."""
_CALLED = {1: N_("the first {card}"), 2: N_("the second {card}"), 3: N_("the third {card}")}
"""A friend call's card in words: "the second A♥" (three decks at most)."""
_HINT_NAMES = (N_("The idea:"), N_("The suit:"), N_("The cards:"))
"""The three steps of the hint ladder, in English."""


def _html(message: str, /, **html: str) -> str:
    """``th`` for a message kept in a table (``message`` is English marked with ``N_``): translated, its words
    escaped, its placeholders filled with the markup given."""
    return escape(t(message), quote=False).format(**html)


def _said(headline: str) -> str:
    """What a verdict's headline says after its grade ("Mistake: about 0.40 levels worse…"), after either colon."""
    return headline.replace("：", ":", 1).split(":", 1)[-1].strip()


def _cards(cards: Sequence[Card], trump: Trump | None) -> str:
    return f'<span class="sjt-coach-cards">{hand_svg(cards, trump, width=44)}</span>'


def _choice(assessment: Assessment, choice: tuple[Any, ...], trump: Trump | None) -> str:
    """A choice drawn: cards as pictures, a pass in words, a friend call as "the first A♥"."""
    if assessment.kind == DecisionKind.CALL:
        return escape(", ".join(_called(c, o) for c, o in choice))
    if not choice:
        # TRANSLATORS: a choice the coach names: declaring nothing ("Better declaration: passing").
        return te("passing")
    return _cards(choice, trump)


def _called(card: Card, ordinal: int) -> str:
    """A called copy in words: "the second A♥"."""
    if ordinal in _CALLED:
        return t(_CALLED[ordinal], card=card.symbol())
    return f"the {ordinal} {card.symbol()}"  # no fourth copy in three decks


def verdict_html(assessment: Assessment, trump: Trump | None, *, title: str = "") -> str:
    """The coach's verdict on one decision, as HTML: grade badge, headline, the better play (when there is one)
    drawn as cards, and the reasons, each naming what was measured."""
    grade = assessment.grade
    head = f"{escape(title)} " if title else ""
    badge, label = ("close", t(CLOSE_LABEL)) if assessment.close else (grade, t(GRADE_LABELS[grade]))
    said = _said(assessment.headline()) if grade is not CoachGrade.GOOD or assessment.close else ""
    parts = [
        f'<div class="sjt-verdict" data-grade="{badge}" role="status" aria-live="polite">',
        f'<div class="sjt-verdict-head">{head}<span class="sjt-grade" data-grade="{badge}">'
        f"{escape(label)}</span> {escape(said)}</div>",
    ]
    if grade is not CoachGrade.GOOD:
        better = _choice(assessment, assessment.best.choice, trump)
        if assessment.kind in _BETTER:
            line = _html(_BETTER[assessment.kind], choice=better)
        else:
            line = f"Better {escape(assessment.kind)}: {better}"
        parts.append(f'<div class="sjt-better">{line}</div>')
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
    accuracy = te("Your accuracy")
    summary = escape(review.summary())
    if hints_used:
        # TRANSLATORS: {accuracy} is "Your accuracy" in bold; {summary} the coach's summary of the round.
        head = th(
            "{accuracy}: {summary} Hints used: {n}.",
            accuracy=f"<strong>{accuracy}</strong>",
            summary=summary,
            n=hints_used,
        )
    else:
        # TRANSLATORS: {accuracy} is "Your accuracy" in bold; {summary} the coach's summary of the round.
        head = th("{accuracy}: {summary}", accuracy=f"<strong>{accuracy}</strong>", summary=summary)
    parts = [
        '<div class="sjt-review">',
        f'<div class="sjt-review-head">{head}</div>',
        f'<div class="sjt-counts">{cells}</div>',
    ]
    worst = review.costliest(3)
    if worst:
        costliest = te("Your costliest decisions:")
        parts.append(f'<div class="sjt-review-head">{costliest}</div><ol class="sjt-costliest">')
        for a in worst:
            label = escape(t(GRADE_LABELS[a.grade]))
            # TRANSLATORS: one of the round's costliest decisions: {grade} its badge, {headline} how much it cost,
            # {mine} the choice made and {better} the better one (cards drawn), {reason} the coach's first reason.
            item = th(
                "{grade} {headline} You: {mine} Better: {better} {reason}",
                grade=f'<span class="sjt-grade" data-grade="{a.grade}">{label}</span>',
                headline=escape(_said(a.headline())),
                mine=_choice(a, a.chosen.choice, trump),
                better=_choice(a, a.best.choice, trump),
                reason=escape(a.reasons[0]) if a.reasons else "",
            )
            parts.append(f"<li>{item}</li>")
        parts.append("</ol>")
    else:
        well = te("No mistakes this round: well played.")
        parts.append(f"<div>{well}</div>")
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
        self.button = w.Button(
            description=t("Hint"), tooltip=t("A hint: first the idea, then the suit, then the cards")
        )
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
        self.button.description = t("Hint")

    def next_hint(self) -> str:
        """Give the next hint (and record it); "" when there is none left or no decision."""
        if self._source is None or self.used >= 3:
            return ""
        if not self._hints:
            self._hints = tuple(self._source())
        hint = self._hints[self.used]
        self.used += 1
        self.total += 1
        names = [escape(t(name)) for name in _HINT_NAMES]
        self.text.value = "".join(
            f'<div class="sjt-hint-step"><strong>{names[k]}</strong> {escape(joker_words(self._hints[k]))}</div>'
            for k in range(self.used)
        )
        self.button.disabled = self.used >= 3
        self.button.description = (
            t("Hint") if self.used >= 3 else t("Another hint ({number} of {total})", number=self.used + 1, total=3)
        )
        if self._on_hint is not None:
            self._on_hint(self.used)
        return hint
