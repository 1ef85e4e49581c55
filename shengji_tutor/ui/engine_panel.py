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
from ..engine.seats import seat_label, seat_names
from ..engine.trump import Trump
from ..i18n import N_, t, te, tn
from ..play.bots import HeuristicBot
from ..play.coaching import (
    CoachGrade,
    Option,
    assess_burial,
    assess_declaration,
    in_levels,
    is_measured,
    judge_plays,
    play_reasons,
)
from ..play.round import DecisionKind, Phase, PlayerView
from ..play.search import Budget
from .render import card_label, hand_svg, trick_svg

__all__ = ["PANEL_BUDGET", "EnginePanel", "PanelLine", "Thought", "Thoughts", "think", "winning_seat"]

PANEL_BUDGET = Budget(samples=24, candidates=6)
"""What one press of the button spends: 24 deals of the hidden cards, six plays (about a second mid-round)."""

GRADE_WORDS = {
    "good": N_("as good as the best"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
"""A choice's grade in the verdict's table, in English (shown as ``t(GRADE_WORDS[grade])``)."""
_CAPTIONS = {
    "play": N_(
        "Each play played out over deals of the cards you cannot see, best first: the best chosen on "
        "{samples} of them, each other play measured against it on fresh ones (worked out in "
        "{seconds} s). Figures are levels for your side: the level change the round ends with, and a "
        "hundredth of a level for each point your side takes, so that plays which change no level are still "
        "ordered. “As good as the best” means the difference is within the noise of the sampling."
    ),
    "bury": N_(
        "Each burial played out over deals of the cards you cannot see, best first: the best chosen on "
        "{samples} of them, each other burial measured against it on fresh ones (worked out in "
        "{seconds} s). Figures are levels for your side: the level change the round ends with, and a "
        "hundredth of a level for each point your side takes, so that plays which change no level are still "
        "ordered. “As good as the best” means the difference is within the noise of the sampling."
    ),
    "declare": N_(
        "Each choice played out over deals of the cards you cannot see, best first: the best chosen on "
        "{samples} of them, each other choice measured against it on fresh ones (worked out in "
        "{seconds} s). Figures are levels for your side: the level change the round ends with, and a "
        "hundredth of a level for each point your side takes, so that plays which change no level are still "
        "ordered. “As good as the best” means the difference is within the noise of the sampling."
    ),
}
"""The caption of the verdict's table, by kind of decision (``{samples}`` deals, ``{seconds}`` of work)."""


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
    return tuple(r for r in reasons if not is_measured(r))


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
    if view.phase == Phase.PLAY:
        options = judge_plays(view, budget, seed, extra=compare)
        best = options[0]
        thoughts = [Thought(o.choice, o, _spoken(play_reasons(view, o, best))) for o in options]
        kind, samples = "play", budget.samples
    elif view.phase in (Phase.KITTY, Phase.DEAL):
        if view.phase == Phase.KITTY:
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
                reasons = (t("The best choice found."),) if o is judged.best else ()
            thoughts.append(Thought(tuple(o.choice), o, reasons))
        kind, samples = ("bury" if view.phase == Phase.KITTY else "declare"), judged.samples
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
    me = seat_label(view.seat, n)
    parts = ['<div class="sjt-engine">']
    if title:
        parts.append(f'<p class="sjt-engine-title">{escape(title)}</p>')
    parts.append('<div class="sjt-engine-position">')
    if view.phase == Phase.PLAY and view.leader is not None and n == 4:
        parts.append(
            f'<div class="sjt-engine-trick">{trick_svg(view.trick, view.leader, trump, names=seat_names(n))}</div>'
        )
    lines = []
    if trump is not None:
        lines.append(PanelLine(t("Trump: {trump}.", trump=trump.describe())))
    if view.phase == Phase.PLAY:
        lines += _play_lines(view, me)
    elif view.phase == Phase.KITTY:
        burying = tn(
            "You are {seat}, the dealer: you picked up the kitty and bury {n} card.",
            "You are {seat}, the dealer: you picked up the kitty and bury {n} cards.",
            view.rules.kitty,
            seat=me,
        )
        lines.append(PanelLine(burying))
    elif view.phase == Phase.DEAL:
        lines += _deal_lines(view, me)
    lines.extend(facts)
    items = []
    for fact in lines:
        pictures = _picture(fact.cards, trump, width=36) if fact.cards else ""
        items.append(f"<li>{escape(fact.label)}{pictures}</li>")
    parts.append(f'<ul class="sjt-engine-facts">{"".join(items)}</ul></div>')
    hand_label = tn("Your hand ({seat}, {n} card)", "Your hand ({seat}, {n} cards)", len(view.hand), seat=me)
    hand = trump.sorted(view.hand) if trump is not None else Trump(view.rank, None).sorted(view.hand)
    parts.append(
        f'<p class="sjt-engine-title">{escape(hand_label)}</p>{_picture(hand, trump, width=48, sort=False)}</div>'
    )
    return joker_words("".join(parts))


def _play_lines(view: PlayerView, me: str) -> list[PanelLine]:
    """The facts of a position in play: your side and the attackers' points so far, and who is winning the trick."""
    n = view.rules.players
    attackers = sum(view.points_won[s] for s in range(n) if s not in view.declarers)
    if view.seat in view.declarers:
        you_are = tn(
            "You are {seat}, a declarer. The attackers have won {n} point so far.",
            "You are {seat}, a declarer. The attackers have won {n} points so far.",
            attackers,
            seat=me,
        )
    else:
        you_are = tn(
            "You are {seat}, an attacker. The attackers have won {n} point so far.",
            "You are {seat}, an attacker. The attackers have won {n} points so far.",
            attackers,
            seat=me,
        )
    winner = winning_seat(view)
    if winner is None:
        return [PanelLine(you_are)]
    on_table = sum(points(p) for p in view.trick)
    if winner in view.partner_seats():
        winning = tn(
            "Your partner {seat} is winning the trick so far ({n} point on it).",
            "Your partner {seat} is winning the trick so far ({n} points on it).",
            on_table,
            seat=seat_label(winner, n),
        )
    else:
        winning = tn(
            "{seat} is winning the trick so far ({n} point on it).",
            "{seat} is winning the trick so far ({n} points on it).",
            on_table,
            seat=seat_label(winner, n),
        )
    return [PanelLine(you_are), PanelLine(winning)]


def _deal_lines(view: PlayerView, me: str) -> list[PanelLine]:
    """The facts of a position in the deal: the cards dealt so far, and who has declared with what."""
    dealt = tn(
        "You are {seat}. The trump rank is {rank}; {n} card is dealt so far.",
        "You are {seat}. The trump rank is {rank}; {n} cards are dealt so far.",
        view.dealt,
        seat=me,
        rank=view.rank,
    )
    if view.declaration is None:
        return [PanelLine(dealt), PanelLine(t("Nobody has declared yet."))]
    # TRANSLATORS: followed by the pictures of the cards the seat declared with.
    declared = t("{seat} has declared with", seat=seat_label(view.declaration.seat, view.rules.players))
    return [PanelLine(dealt), PanelLine(declared, tuple(view.declaration.cards))]


def verdict_html(view: PlayerView, verdict: Thoughts) -> str:
    """The verdict as a table: each choice's cards, its average outcome, its grade and the reasons."""
    trump = view.trump
    plays = verdict.kind == DecisionKind.PLAY
    head = [t("Choice"), t("Levels for your side") if plays else t("Value for your side")]
    if plays:
        head += [t("Attackers' points"), t("Points this trick")]
    head += [t("Verdict"), t("Why")]
    rows = []
    for k, thought in enumerate(verdict.thoughts):
        choice = _picture(thought.choice, trump, sort=False) if thought.choice else te("Pass (declare nothing)")
        cells = [f'<th scope="row">{choice}</th>']
        d = thought.option.detail
        if plays and d is not None:
            cells += [
                f"<td>{d.level_change:+.2f}</td>",
                f"<td>{d.attacker_points:.0f}</td>",
                f"<td>{d.trick_points:+.0f}</td>",
            ]
        else:
            # TRANSLATORS: a choice's value in levels for the player's side, signed ("+0.25 levels").
            value = te("{value} levels", value=f"{thought.option.value:+.2f}")
            cells.append(f"<td>{value}</td>")
        if k == 0:
            best = te("best")
            grade = f'<span class="sjt-engine-grade-good">{best}</span>'
        else:
            css = "good" if thought.grade == CoachGrade.GOOD else "bad"
            said = escape(t(GRADE_WORDS[thought.grade]))
            grade = f'<span class="sjt-engine-grade-{css}">{said}</span>'
            if thought.grade != CoachGrade.GOOD:
                # TRANSLATORS: {loss} is how much worse than the best a choice is, in levels ("0.40 levels").
                worse = te("{loss} worse", loss=in_levels(thought.option.loss))
                grade += f"<br>{worse}"
        cells.append(f"<td>{grade}</td>")
        reasons = "".join(f"<li>{escape(r)}</li>" for r in thought.reasons)
        cells.append(f"<td><ul>{reasons}</ul></td>" if reasons else "<td></td>")
        rows.append(f'<tr data-best="{"true" if k == 0 else "false"}">{"".join(cells)}</tr>')
    caption = t(_CAPTIONS[verdict.kind], samples=verdict.samples, seconds=f"{verdict.seconds:.1f}")
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
        button: str | None = None,
    ) -> None:
        self.view = view
        self.budget = budget or PANEL_BUDGET
        self.seed = seed
        self.compare = [tuple(c) for c in compare]
        self.verdict: Thoughts | None = None
        self.position = w.HTML(position_html(view, title, facts))
        words = t("What does the engine think?") if button is None else button
        self.button = w.Button(description=words, button_style="primary", tooltip=t("Run the search on this position"))
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
            busy = te("The engine is playing the position out…")
            self.output.value = f'<p class="sjt-engine" role="status">{busy}</p>'
            try:
                self.verdict = think(self.view, self.budget, self.seed, self.compare)
            finally:
                self.button.disabled = False
        self.output.value = verdict_html(self.view, self.verdict)
        return self.verdict
