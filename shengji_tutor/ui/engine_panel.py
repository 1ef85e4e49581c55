"""What the engine thinks: a position from a real round and a button that shows the search's verdict on it.

A lesson shows a position (the trick so far, the hand, a few facts such as the
trumps still out) and, when the learner presses the button, every sensible
choice played out on the same sampled deals of the hidden cards (``play.search``
through the coach, ``play.coaching``): each choice drawn as cards, with its
average outcome for the player's side and the coach's reasons. ``think`` is
the model (no widget); ``EnginePanel`` draws it.

The verdict is only computed when asked for: a lesson page with several panels
opens at once, and each button costs one search (about a second).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from ..engine.cards import Card, CardsLike, as_cards, joker_words, points
from ..engine.ids import winner_of
from ..engine.seats import seat_name, seat_names
from ..engine.trump import Trump
from ..play.bots import HeuristicBot
from ..play.coaching import Option, assess_burial, assess_declaration, in_levels, judge_plays, play_reasons
from ..play.round import PlayerView
from ..play.search import Budget
from .render import card_label, hand_svg, trick_svg

__all__ = ["PANEL_BUDGET", "EnginePanel", "PanelLine", "Thought", "Thoughts", "think", "winning_seat"]

PANEL_BUDGET = Budget(samples=24, candidates=6)
"""What one press of the button spends: 24 deals of the hidden cards, six plays (about a second mid-round)."""

GRADE_WORDS = {
    "good": "as good as the best",
    "inaccuracy": "inaccuracy",
    "mistake": "mistake",
    "blunder": "blunder",
}


@dataclass(frozen=True)
class PanelLine:
    """A line beside the position: a label and, when it is about cards, the cards (drawn as pictures)."""

    label: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Thought:
    """One choice as the engine judged it: the cards (none for a pass), the ``Option`` and the coach's reasons."""

    choice: tuple[Card, ...]
    option: Option
    reasons: tuple[str, ...]

    @property
    def grade(self) -> str:
        return self.option.grade


@dataclass(frozen=True)
class Thoughts:
    """Every choice judged on the same deals, best first (``kind``: "play", "bury" or "declare")."""

    kind: str
    thoughts: tuple[Thought, ...]
    samples: int
    seconds: float

    @property
    def best(self) -> Thought:
        return self.thoughts[0]

    def of(self, choice: CardsLike) -> Thought:
        """The thought about ``choice`` (the same cards in any order)."""
        key = sorted(c.id for c in as_cards(choice, "the choice"))
        for thought in self.thoughts:
            if sorted(c.id for c in thought.choice) == key:
                return thought
        raise ValueError(f"the engine did not judge {choice!r} here")


def _spoken(reasons: Sequence[str]) -> tuple[str, ...]:
    """The coach's reasons without its closing "Over N deals …" sentence: the table shows those numbers."""
    return tuple(r for r in reasons if not r.startswith("Over "))


def think(
    view: PlayerView, budget: Budget | None = None, seed: int | str = 0, compare: Sequence[Sequence[Card]] = ()
) -> Thoughts:
    """The engine's verdict on the decision ``view`` is at: a play, the dealer's burial, or a declaration.

    Plays: every candidate play (and each of ``compare``) with the coach's reasons
    against the best. Burial: a few sensible burials and ``compare[0]`` (by default
    the heuristic bot's), the reasons about ``compare[0]``. Declaring: passing and
    each declaration the hand allows, the reasons about ``compare[0]`` (by default
    passing).
    """
    budget = budget or PANEL_BUDGET
    start = time.perf_counter()
    if view.phase == "play":
        options = judge_plays(view, budget, seed, extra=compare)
        best = options[0]
        thoughts = [Thought(o.choice, o, _spoken(play_reasons(view, o, best))) for o in options]
        kind, samples = "play", budget.samples
    elif view.phase in ("kitty", "deal"):
        if view.phase == "kitty":
            mine = tuple(compare[0]) if compare else tuple(HeuristicBot().discard(view))
            judged = assess_burial(view, mine, budget, seed, every=True)
        else:
            mine = tuple(compare[0]) if compare else ()
            judged = assess_declaration(view, mine or None, budget, seed, every=True)
        thoughts = []
        for o in judged.options:
            if o is judged.chosen:
                reasons = _spoken(judged.reasons)
            else:
                reasons = ("The best choice found.",) if o is judged.best else ()
            thoughts.append(Thought(tuple(o.choice), o, reasons))
        kind, samples = ("bury" if view.phase == "kitty" else "declare"), judged.samples
    else:
        raise ValueError(f"there is no decision to think about in the '{view.phase}' phase")
    return Thoughts(kind, tuple(thoughts), samples, time.perf_counter() - start)


def winning_seat(view: PlayerView) -> int | None:
    """The seat winning the trick so far (``None`` before the lead)."""
    if not view.trick or view.trump is None or view.leader is None:
        return None
    before = [[c.id for c in p] for p in view.trick]
    return (view.leader + winner_of(before, view.trump, view.rules)) % view.rules.players


# -- drawing ------------------------------------------------------------------------------------


def _picture(cards: Sequence[Card], trump: Trump | None, width: int = 40, sort: bool = True) -> str:
    """Cards as one picture, named in words for screen readers."""
    words = "; ".join(card_label(c, trump) for c in cards)
    return (
        f'<span class="sjt-engine-cards" role="img" aria-label="{escape(words, quote=True)}">'
        f"{hand_svg(cards, trump, width=width, sort=sort)}</span>"
    )


def position_html(view: PlayerView, title: str = "", facts: Sequence[PanelLine] = ()) -> str:
    """The position as the player sees it: the trick so far, the hand, and ``facts``."""
    trump = view.trump
    n = view.rules.players
    me = seat_name(view.seat, n)
    parts = ['<div class="sjt-engine">']
    if title:
        parts.append(f'<p class="sjt-engine-title">{escape(title)}</p>')
    parts.append('<div class="sjt-engine-position">')
    if view.phase == "play" and view.leader is not None and n == 4:
        parts.append(
            f'<div class="sjt-engine-trick">{trick_svg(view.trick, view.leader, trump, names=seat_names(n))}</div>'
        )
    lines = []
    if trump is not None:
        lines.append(PanelLine(f"Trump: {trump.describe()}."))
    if view.phase == "play":
        side = "a declarer" if view.seat in view.declarers else "an attacker"
        attackers = sum(view.points_won[s] for s in range(n) if s not in view.declarers)
        lines.append(PanelLine(f"You are {me}, {side}. The attackers have won {attackers} points so far."))
        winner = winning_seat(view)
        if winner is not None:
            who = "your partner " + seat_name(winner, n) if winner in view.partner_seats() else seat_name(winner, n)
            on_table = sum(points(p) for p in view.trick)
            lines.append(
                PanelLine(f"{who[:1].upper() + who[1:]} is winning the trick so far ({on_table} points on it).")
            )
    elif view.phase == "kitty":
        lines.append(PanelLine(f"You are {me}, the dealer: you picked up the kitty and bury {view.rules.kitty} cards."))
    elif view.phase == "deal":
        lines.append(PanelLine(f"You are {me}. The trump rank is {view.rank}; {view.dealt} cards are dealt so far."))
        if view.declaration is not None:
            lines.append(
                PanelLine(f"{seat_name(view.declaration.seat, n)} has declared with", tuple(view.declaration.cards))
            )
        else:
            lines.append(PanelLine("Nobody has declared yet."))
    lines.extend(facts)
    items = []
    for fact in lines:
        pictures = _picture(fact.cards, trump, width=36) if fact.cards else ""
        items.append(f"<li>{escape(fact.label)}{pictures}</li>")
    parts.append(f'<ul class="sjt-engine-facts">{"".join(items)}</ul></div>')
    hand_label = f"Your hand ({me}, {len(view.hand)} cards)"
    hand = trump.sorted(view.hand) if trump is not None else Trump(view.rank, None).sorted(view.hand)
    parts.append(
        f'<p class="sjt-engine-title">{escape(hand_label)}</p>{_picture(hand, trump, width=48, sort=False)}</div>'
    )
    return joker_words("".join(parts))


def verdict_html(view: PlayerView, verdict: Thoughts) -> str:
    """The verdict as a table: each choice's cards, its average outcome, its grade and the reasons."""
    trump = view.trump
    plays = verdict.kind == "play"
    head = ["Choice", "Levels for your side" if plays else "Value for your side"]
    if plays:
        head += ["Attackers' points", "Points this trick"]
    head += ["Verdict", "Why"]
    rows = []
    for k, t in enumerate(verdict.thoughts):
        choice = _picture(t.choice, trump, sort=False) if t.choice else "Pass (declare nothing)"
        cells = [f'<th scope="row">{choice}</th>']
        d = t.option.detail
        if plays and d is not None:
            cells += [
                f"<td>{d.level_change:+.2f}</td>",
                f"<td>{d.attacker_points:.0f}</td>",
                f"<td>{d.trick_points:+.0f}</td>",
            ]
        else:
            cells.append(f"<td>{t.option.value:+.2f} levels</td>")
        if k == 0:
            grade = '<span class="sjt-engine-grade-good">best</span>'
        else:
            css = "good" if t.grade == "good" else "bad"
            grade = f'<span class="sjt-engine-grade-{css}">{escape(GRADE_WORDS[t.grade])}</span>'
            if t.grade != "good":
                grade += f"<br>{in_levels(t.option.loss)} worse"
        cells.append(f"<td>{grade}</td>")
        reasons = "".join(f"<li>{escape(r)}</li>" for r in t.reasons)
        cells.append(f"<td><ul>{reasons}</ul></td>" if reasons else "<td></td>")
        rows.append(f'<tr data-best="{"true" if k == 0 else "false"}">{"".join(cells)}</tr>')
    what = {"play": "play", "bury": "burial", "declare": "choice"}[verdict.kind]
    caption = (
        f"Each {what} played out over deals of the cards you cannot see, best first: the best chosen on "
        f"{verdict.samples} of them, each other {what} measured against it on fresh ones (worked out in "
        f"{verdict.seconds:.1f} s). Figures are levels for your side: the level change the round ends with, and a "
        "hundredth of a level for each point your side takes, so that plays which change no level are still "
        "ordered. “As good as the best” means the difference is within the noise of the sampling."
    )
    header = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    return joker_words(
        f'<div class="sjt-engine sjt-engine-verdict" data-kind="{verdict.kind}">'
        f'<table class="sjt-engine-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


class EnginePanel(w.VBox):  # type: ignore[misc]
    """A position and a button: pressed, it shows what the search thinks of every choice there.

    ``compare`` adds choices to judge beside the engine's own candidates (a
    tempting mistake, say); ``facts`` are shown beside the position.
    """

    def __init__(
        self,
        view: PlayerView,
        *,
        title: str = "",
        facts: Sequence[PanelLine] = (),
        budget: Budget | None = None,
        seed: int | str = 0,
        compare: Sequence[Sequence[Card]] = (),
        button: str = "What does the engine think?",
    ) -> None:
        self.view = view
        self.budget = budget or PANEL_BUDGET
        self.seed = seed
        self.compare = [tuple(c) for c in compare]
        self.verdict: Thoughts | None = None
        self.position = w.HTML(position_html(view, title, facts))
        self.button = w.Button(description=button, button_style="primary", tooltip="Run the search on this position")
        self.button.layout.width = "auto"
        self.button.on_click(lambda _b: self.think())
        self.output = w.HTML()
        self.output.add_class("sjt-engine-output")
        super().__init__([self.position, self.button, self.output])
        self.add_class("sjt-engine-panel")

    def think(self) -> Thoughts:
        """Run the search (once: a second press shows the same verdict) and show its table."""
        if self.verdict is None:
            self.button.disabled = True
            self.output.value = '<p class="sjt-engine" role="status">The engine is playing the position out…</p>'
            try:
                self.verdict = think(self.view, self.budget, self.seed, self.compare)
            finally:
                self.button.disabled = False
        self.output.value = verdict_html(self.view, self.verdict)
        return self.verdict
