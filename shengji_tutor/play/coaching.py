"""The coach's judgement of a decision: what it costs against the best one found, and why, in words.

Every decision of a round — a play, a burial, a declaration or a pass, a friend
call — is judged the same way: the learner's choice and the sensible
alternatives are played out on the same sampled deals of the hidden cards
(``play.search``), and the **loss** is how much worse the choice does than the
best alternative, deal by deal, in the search's value units (one unit is a level;
a point is ``POINTS_WEIGHT`` = 0.01 of a unit, so a loss of 0.10 is worth ten
points). Its ``error`` is the standard error of that paired difference.

A choice is **good** when it loses less than ``INACCURACY`` or no more than
``NOISE`` errors (the evaluation cannot tell it from the best); otherwise an
**inaccuracy** (under ``MISTAKE``), a **mistake** (under ``BLUNDER``) or a
**blunder**. The same rule decides a "best" puzzle's answer set: every play that
grades good is accepted.

The reasons are read off what the play-outs measured — the points of this trick
and of the later ones, the kitty bonus, the trumps a play spends, the pairs it
breaks — and off the position (who was winning the trick), never picked from
canned text at random.

>>> from shengji_tutor.play.coaching import grade_of
>>> grade_of(0.05, 0.01), grade_of(0.5, 0.05), grade_of(0.5, 0.4), grade_of(1.2, 0.1)
('good', 'mistake', 'good', 'blunder')
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import SUIT_NAMES, Card, CardsLike, as_cards, format_cards, points
from ..engine.ids import winner_of
from ..engine.seats import seat_name
from ..engine.trump import Trump
from .round import PlayerView
from .search import (
    Budget,
    PlayValue,
    burial_runs,
    burials,
    call_runs,
    candidate_plays,
    declaration_options,
    declaration_runs,
    overturn_options,
    overturn_runs,
    play_signature,
    search_plays,
)

__all__ = [
    "BLUNDER",
    "COACH_BUDGET",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "NOISE",
    "Assessment",
    "Option",
    "Review",
    "assess_burial",
    "assess_call",
    "assess_declaration",
    "assess_overturn",
    "assess_play",
    "grade_of",
    "hint_ladder",
    "judge",
    "judge_plays",
    "play_reasons",
]

GRADES = ("good", "inaccuracy", "mistake", "blunder")
INACCURACY = 0.10
"""A loss of a tenth of a level (ten points) or more is an inaccuracy, when it is larger than the noise."""
MISTAKE = 0.30
"""A third of a level (thirty points) or more: a mistake."""
BLUNDER = 0.80
"""Most of a level: a blunder."""
NOISE = 1.5
"""A loss no larger than this many standard errors is not told apart from the best: the choice grades good."""
COACH_BUDGET = Budget(samples=12, candidates=6)
"""What the coach spends on one decision: twelve deals of the hidden cards, six plays each."""


def grade_of(loss: float, error: float) -> str:
    """The grade of a choice that loses ``loss`` (value units) against the best, with standard error ``error``."""
    if loss < INACCURACY or loss <= NOISE * error:
        return "good"
    if loss < MISTAKE:
        return "inaccuracy"
    if loss < BLUNDER:
        return "mistake"
    return "blunder"


@dataclass(frozen=True)
class Option:
    """One choice as the play-outs valued it: ``value`` (mean, value units) and its ``stderr``; ``loss`` against
    the best option and that loss's ``error`` (paired, on the same deals); ``detail`` the play's ``PlayValue``."""

    choice: tuple[Any, ...]
    value: float
    stderr: float
    loss: float
    error: float
    detail: PlayValue | None = None
    runs: tuple[float, ...] = ()
    """The choice's value on each sampled deal (the same deals for every option of a judgement)."""

    @property
    def grade(self) -> str:
        return grade_of(self.loss, self.error)


@dataclass(frozen=True)
class Assessment:
    """The coach's verdict on one decision (``kind``: "play", "bury", "declare", "call" or "overturn").

    ``chosen`` and ``best`` are among ``options`` (best first); ``reasons``
    are sentences for the learner, the most telling first, each naming what
    was measured.
    """

    kind: str
    chosen: Option
    best: Option
    options: tuple[Option, ...]
    reasons: tuple[str, ...]
    samples: int

    @property
    def grade(self) -> str:
        return self.chosen.grade

    @property
    def loss(self) -> float:
        return self.chosen.loss

    @property
    def error(self) -> float:
        return self.chosen.error

    @property
    def accepted(self) -> tuple[Option, ...]:
        """Every option that grades good: as good as the best as far as the evaluation can tell."""
        return tuple(o for o in self.options if o.grade == "good")

    def headline(self) -> str:
        """One line: the grade and, when it is not good, the loss with its error."""
        if self.grade == "good":
            return "Good."
        loss, error = _units(self.loss), _units(self.error, self.loss)
        return f"{self.grade.capitalize()}: about {loss} worse than the best (± {error})."


@dataclass(frozen=True)
class Review:
    """A round's graded decisions, in the order they were made: the accuracy summary and the costliest mistakes.

    >>> from shengji_tutor.play.coaching import Review
    >>> Review(()).counts()
    {'good': 0, 'inaccuracy': 0, 'mistake': 0, 'blunder': 0}
    """

    assessments: tuple[Assessment, ...]

    def counts(self) -> dict[str, int]:
        """How many decisions in each grade (every grade listed, in order)."""
        out = dict.fromkeys(GRADES, 0)
        for a in self.assessments:
            out[a.grade] += 1
        return out

    def costliest(self, k: int = 3) -> list[Assessment]:
        """The ``k`` decisions that lost most, among those graded below good, costliest first."""
        bad = [a for a in self.assessments if a.grade != "good"]
        return sorted(bad, key=lambda a: -a.loss)[:k]

    def summary(self) -> str:
        """One sentence: "14 decisions: 11 good, 2 inaccuracies, 1 mistake, no blunder."."""
        counts = self.counts()
        plural = {"good": "good", "inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
        parts = []
        for grade, n in counts.items():
            word = grade if n == 1 or grade == "good" else plural[grade]
            parts.append(f"{n} {word}" if n or grade == "good" else f"no {grade}")
        total = len(self.assessments)
        return f"{total} decision{'s' if total != 1 else ''} graded: " + ", ".join(parts) + "."


def _units(loss: float, scale: float | None = None) -> str:
    """A loss in words, in levels when ``scale`` (the loss, by default) is half a level or more, else in points."""
    if abs(loss if scale is None else scale) >= 0.5:
        return f"{loss:.2f} levels"
    return f"{loss * 100:.0f} points"


def judge(choices: Sequence[tuple[Any, ...]], runs: Sequence[Sequence[float]]) -> list[Option]:
    """Options from each choice's values on the same deals, best first (ties keep the given order)."""
    means = [sum(r) / len(r) for r in runs]
    top = max(range(len(choices)), key=lambda k: (means[k], -k))
    out = []
    for choice, r, mean in zip(choices, runs, means, strict=True):
        out.append(Option(choice, mean, _stderr(r), *_paired(runs[top], r), runs=tuple(r)))
    order = sorted(range(len(out)), key=lambda k: (out[k].loss, k))
    return [out[k] for k in order]


def _stderr(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _paired(best: Sequence[float], mine: Sequence[float]) -> tuple[float, float]:
    gains = [a - b for a, b in zip(best, mine, strict=True)]
    return sum(gains) / len(gains), _stderr(gains)


# -- plays ------------------------------------------------------------------------------------


def judge_plays(
    view: PlayerView,
    budget: Budget | None = None,
    seed: int | str = 0,
    extra: Sequence[Sequence[Card]] = (),
    candidates: Sequence[Sequence[Card]] | None = None,
) -> list[Option]:
    """Every candidate play (``candidate_plays``, or ``candidates``) and each of ``extra`` judged on the same deals.

    Plays that differ only in interchangeable cards count once (the first spelling is kept).
    """
    plays = _plays(view, budget or COACH_BUDGET, extra, candidates)
    return _judged(view, plays, [], budget or COACH_BUDGET, seed)


def _plays(
    view: PlayerView, budget: Budget, extra: Sequence[Sequence[Card]], candidates: Sequence[Sequence[Card]] | None
) -> list[tuple[Card, ...]]:
    trump = view.trump
    if view.phase != "play" or trump is None:
        raise ValueError(f"plays are judged during the play, not in the {view.phase!r} phase")
    plays = [tuple(p) for p in (candidates if candidates is not None else candidate_plays(view, budget.candidates))]
    seen = {play_signature(p, trump) for p in plays}
    for p in extra:
        if play_signature(p, trump) not in seen:
            seen.add(play_signature(p, trump))
            plays.append(tuple(p))
    return plays


def _judged(
    view: PlayerView,
    plays: list[tuple[Card, ...]],
    earlier: list[tuple[PlayValue, list[float]]],
    budget: Budget,
    seed: int | str,
) -> list[Option]:
    """Judge ``plays`` on ``budget.samples`` more deals after those of ``earlier`` (the same plays' earlier results)."""
    done = earlier[0][0].samples if earlier else 0
    results = search_plays(view, plays, budget, seed, skip=done)
    if earlier:
        before = {v.play: (v, r) for v, r in earlier}
        results = [(_merge(before[v.play][0], v), before[v.play][1] + r) for v, r in results]
    options = judge([v.play for v, _ in results], [r for _, r in results])
    details = {v.play: v for v, _ in results}
    runs = {v.play: r for v, r in results}
    return [dataclasses.replace(o, detail=details[o.choice], runs=tuple(runs[o.choice])) for o in options]


def _merge(a: PlayValue, b: PlayValue) -> PlayValue:
    """The value of one play over the deals of both ``a`` and ``b`` (the means weighted by their samples)."""
    n = a.samples + b.samples

    def mix(x: float, y: float) -> float:
        return (x * a.samples + y * b.samples) / n

    return dataclasses.replace(
        a,
        value=mix(a.value, b.value),
        level_change=mix(a.level_change, b.level_change),
        attacker_points=mix(a.attacker_points, b.attacker_points),
        trick_points=mix(a.trick_points, b.trick_points),
        later_points=mix(a.later_points, b.later_points),
        kitty_points=mix(a.kitty_points, b.kitty_points),
        samples=n,
    )


def assess_play(
    view: PlayerView,
    play: CardsLike,
    budget: Budget | None = None,
    seed: int | str = 0,
    max_samples: int = 48,
) -> Assessment:
    """The coach's verdict on ``play`` (legal, by the player whose view it is) with the reasons in words.

    When the verdict is in doubt — the play loses more than ``INACCURACY`` but
    not clearly more than the noise — the same plays meet twice as many deals,
    up to ``max_samples``: a clear choice is judged fast, a close one carefully.
    """
    budget = budget or COACH_BUDGET
    trump = view.trump
    play = tuple(as_cards(play))
    plays = _plays(view, budget, [play], None)
    assert trump is not None
    sig = play_signature(play, trump)
    options = _judged(view, plays, [], budget, seed)
    samples = budget.samples
    while True:
        chosen = next(o for o in options if play_signature(o.choice, trump) == sig)
        doubt = INACCURACY <= chosen.loss <= NOISE * chosen.error
        if not doubt or 2 * samples > max_samples:
            break
        earlier = [(o.detail, list(o.runs)) for o in options if o.detail is not None]
        options = _judged(view, plays, earlier, dataclasses.replace(budget, samples=samples), seed)
        samples *= 2
    chosen = dataclasses.replace(chosen, choice=tuple(play))
    best = options[0]
    reasons = play_reasons(view, chosen, best)
    return Assessment("play", chosen, best, tuple(options), tuple(reasons), samples)


def _who(view: PlayerView, seat: int) -> str:
    name = seat_name(seat, view.rules.players)
    return f"your partner {name}" if seat in view.partner_seats() else name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def play_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    """Why ``chosen`` is (or is not) as good as ``best``, both judged on the same deals, in sentences for a learner."""
    mine, top = chosen.detail, best.detail
    assert mine is not None
    assert top is not None
    assert view.trump is not None
    if chosen.grade == "good":
        if play_signature(chosen.choice, view.trump) == play_signature(best.choice, view.trump):
            return ["The best play found.", *_measured(chosen, None)]
        return [
            f"As good as {format_cards(best.choice)} as far as the play-outs can tell.",
            *_measured(chosen, best),
        ]
    trump = view.trump
    out: list[str] = []
    n = view.rules.players
    if view.trick:
        before = [[c.id for c in p] for p in view.trick]
        assert view.leader is not None
        w = (view.leader + winner_of(before, trump, view.rules)) % n
        partner_winning = w in view.partner_seats()
        wins = [
            winner_of([*before, [c.id for c in p]], trump, view.rules) == len(before) for p in (mine.play, top.play)
        ]
        mine_pts, top_pts = points(mine.play), points(top.play)
        on_table = sum(points(p) for p in view.trick)
        if partner_winning:
            if wins[0] and not wins[1] and mine.trumps_spent > top.trumps_spent:
                what = "a trump pair" if mine.trumps_spent >= 2 else "a trump"
                out.append(f"You spent {what} on a trick {_who(view, w)} had already won.")
            elif wins[0] and not wins[1]:
                out.append(f"You took the trick from {_who(view, w)}, who was already winning it.")
            if top_pts > mine_pts:
                out.append(
                    f"{_cap(_who(view, w))} was already winning, so give points: {format_cards(top.play)} "
                    f"adds {top_pts} to your side's tricks, your play {mine_pts}."
                )
        else:
            if mine_pts > top_pts and not wins[0]:
                out.append(
                    f"You gave {seat_name(w, n)} {mine_pts} points: {seat_name(w, n)} was winning the trick, "
                    f"so play {'a small card' if not wins[1] else 'to win it'} ({format_cards(top.play)})."
                )
            if wins[1] and not wins[0]:
                out.append(
                    f"{format_cards(top.play)} wins the trick from {seat_name(w, n)}"
                    + (f" and its {on_table + top_pts} points." if on_table + top_pts else ".")
                )
    elif top.trick_points - mine.trick_points >= 5:
        out.append(
            f"Your lead brings your side {mine.trick_points:+.0f} points in this trick on average; "
            f"{format_cards(top.play)} brings {top.trick_points:+.0f}."
        )
    if mine.trumps_spent > top.trumps_spent and not any("trump" in r for r in out):
        k = mine.trumps_spent - top.trumps_spent
        out.append(f"Your play spends {k} more trump{'s' if k > 1 else ''}: trumps win tricks later, keep them.")
    if mine.pairs_broken > top.pairs_broken:
        out.append(
            "You broke a pair: a pair beats a pair led later, two single cards cannot. Keep pairs and tractors "
            "together for the end."
        )
    if top.kitty_points - mine.kitty_points >= 5:
        out.append(
            f"Keep control of the last trick: the kitty's bonus swings about {top.kitty_points - mine.kitty_points:.0f} "
            f"points your way with {format_cards(top.play)} (RULES §9)."
        )
    elif top.later_points - mine.later_points >= 8:
        out.append(f"It costs about {top.later_points - mine.later_points:.0f} points in the tricks that follow.")
    return out + _measured(chosen, best)


def _measured(chosen: Option, best: Option | None) -> list[str]:
    """What the play-outs measured, as a sentence: the side's average level change (and the best's)."""
    mine = chosen.detail
    samples = mine.samples if mine is not None else 0
    text = f"Over {samples} deals of the hidden cards your play averaged {_levels(chosen)}"
    if best is not None and best.detail is not None:
        text += f"; {format_cards(best.choice)} averaged {_levels(best)}"
    return [text + "."]


def _levels(option: Option) -> str:
    d = option.detail
    assert d is not None
    return f"{d.level_change:+.2f} levels for your side ({d.attacker_points:.0f} points to the attackers)"


# -- the hint ladder ----------------------------------------------------------------------------


def hint_ladder(view: PlayerView, best: Sequence[Card]) -> tuple[str, str, str]:
    """Three hints towards ``best``, each giving more away: the idea, then the suit, then the cards."""
    trump = view.trump
    assert trump is not None
    return (_idea(view, best, trump), _suit_hint(best, trump), f"Play {format_cards(best)}.")


def _idea(view: PlayerView, best: Sequence[Card], trump: Trump) -> str:
    n = view.rules.players
    if view.trick:
        assert view.leader is not None
        before = [[c.id for c in p] for p in view.trick]
        k = winner_of(before, trump, view.rules)
        w = (view.leader + k) % n
        on_table = sum(points(p) for p in view.trick)
        lead_suit = trump.suit_of(view.trick[0][0])
        have = any(trump.suit_of(c) == lead_suit for c in view.hand)
        void = "" if have else f" You have no {_suit_words(lead_suit)}: you may trump or discard anything."
        if w in view.partner_seats():
            return (
                f"{_cap(_who(view, w))} is winning this trick ({on_table} points on the table): "
                f"a chance to give points, not to win it.{void}"
            )
        return (
            f"{seat_name(w, n)} is winning this trick with {format_cards(view.trick[k])} ({on_table} points on the "
            f"table): win it if it is worth it, otherwise give nothing away.{void}"
        )
    if trump.is_trump(best[0]):
        return "Think about trumps: leading them draws the opponents' trumps, so your long plain suit becomes safe."
    if len(best) >= 2:
        return "A pair or tractor that nobody can beat wins its trick and keeps the lead."
    unseen = _unseen_higher(view, best[0], trump)
    if unseen == 0:
        return "Lead a card that is the highest still out: nobody can beat it in its suit."
    return (
        "Count what is still out before you lead: a small lead gives the lead away cheaply, a high one may be beaten."
    )


def _unseen_higher(view: PlayerView, card: Card, trump: Trump) -> int:
    """How many unseen cards of ``card``'s suit rank above it (counting what the player holds and saw as seen)."""
    seen = {c.id for c in view.hand} | {c.id for c in view.played_cards()}
    suit = trump.suit_of(card)
    from ..engine.cards import deck

    return sum(
        1
        for c in deck(view.rules.decks)
        if trump.suit_of(c) == suit and trump.key(c) > trump.key(card) and c.id not in seen
    )


def _suit_hint(best: Sequence[Card], trump: Trump) -> str:
    suit = trump.suit_of(best[0])
    if all(trump.suit_of(c) == suit for c in best):
        return "Play trumps." if suit == "trump" else f"Play from your {_suit_words(suit)}."
    suits = sorted({trump.suit_of(c) for c in best})
    return "Play from your " + " and ".join(_suit_words(s) for s in suits) + "."


def _suit_words(suit: str) -> str:
    return "trumps" if suit == "trump" else SUIT_NAMES[suit]


# -- burying, declaring, calling ----------------------------------------------------------------


def assess_burial(
    view: PlayerView, burial: Sequence[Card], budget: Budget | None = None, seed: int | str = 0
) -> Assessment:
    """The verdict on the dealer's burial (``view`` in its kitty phase, with the kitty in hand)."""
    budget = budget or COACH_BUDGET
    trump = view.trump
    assert trump is not None
    options = [tuple(b) for b in burials(view)]
    key = sorted(c.id for c in burial)
    if all(sorted(c.id for c in o) != key for o in options):
        options.append(tuple(burial))
    runs = burial_runs(view, options, budget, seed)
    judged = judge(options, runs)
    chosen = next(o for o in judged if sorted(c.id for c in o.choice) == key)
    best = judged[0]
    reasons = _burial_reasons(view, chosen, best, trump)
    return Assessment("bury", chosen, best, tuple(judged), tuple(reasons), max(2, budget.samples // 3))


def _burial_reasons(view: PlayerView, chosen: Option, best: Option, trump: Trump) -> list[str]:
    mine, top = chosen.choice, best.choice
    out: list[str] = []
    if chosen.grade != "good":
        k = sum(1 for c in mine if trump.is_trump(c)) - sum(1 for c in top if trump.is_trump(c))
        if k > 0:
            out.append(f"You buried {k} more trump{'s' if k > 1 else ''} than needed: trumps win tricks, keep them.")
        if points(mine) > points(top):
            out.append(
                f"You buried {points(mine)} points: if the attackers win the last trick they score them "
                "multiplied (RULES §9). Bury points only when you are sure to keep the last trick."
            )
        voids_top, voids_mine = _voids_made(view, top, trump), _voids_made(view, mine, trump)
        if voids_top - voids_mine:
            suits = " and ".join(SUIT_NAMES[s] for s in sorted(voids_top - voids_mine))
            out.append(f"{format_cards(top)} empties your {suits}: with a void you can trump that suit's leads.")
    else:
        voids = _voids_made(view, mine, trump)
        if voids:
            out.append(f"Your burial empties your {' and '.join(SUIT_NAMES[s] for s in sorted(voids))}: good.")
    out.append(f"Over the sampled deals your burial averaged {chosen.value:+.2f}; the best found {best.value:+.2f}.")
    return out


def _voids_made(view: PlayerView, burial: Sequence[Card], trump: Trump) -> set[str]:
    kept = list(view.hand)
    for c in burial:
        kept.remove(c)
    before = {trump.suit_of(c) for c in view.hand if not trump.is_trump(c)}
    after = {trump.suit_of(c) for c in kept if not trump.is_trump(c)}
    return before - after


_CardsOrPass = tuple[Card, ...] | None


def _judge_cards_or_pass(
    options: list[_CardsOrPass],
    choice: Sequence[Card] | None,
    runs_of: Callable[[list[_CardsOrPass]], list[list[float]]],
) -> tuple[tuple[Option, ...], Option, Option]:
    """Judge a choice of cards or a pass (``None``) among ``options`` (the choice added when missing), on the runs
    ``runs_of(options)`` gives: every option judged, best first, the learner's, and the best."""
    mine = tuple(choice) if choice else None
    if mine not in options:
        options.append(mine)
    judged = judge([o or () for o in options], runs_of(options))
    chosen = next(o for o in judged if o.choice == (mine or ()))
    return tuple(judged), chosen, judged[0]


def assess_declaration(
    view: PlayerView, choice: Sequence[Card] | None, budget: Budget | None = None, seed: int | str = 0
) -> Assessment:
    """The verdict on declaring ``choice`` (or passing: ``None``) at this point of the deal."""
    budget = budget or COACH_BUDGET
    judged, chosen, best = _judge_cards_or_pass(
        declaration_options(view), choice, lambda options: declaration_runs(view, options, budget, seed, later=True)
    )
    reasons = _declaration_reasons(view, chosen, best)
    return Assessment("declare", chosen, best, judged, tuple(reasons), budget.samples)


def assess_overturn(
    view: PlayerView, choice: Sequence[Card] | None, budget: Budget | None = None, seed: int | str = 0
) -> Assessment:
    """The verdict on overturning the trump with ``choice`` in chao dipi's turn (RULES §11), or passing (``None``):
    each choice played out on the same sampled deals (``overturn_runs``; fixed partners)."""
    budget = budget or COACH_BUDGET
    judged, chosen, best = _judge_cards_or_pass(
        overturn_options(view), choice, lambda options: overturn_runs(view, options, budget, seed)
    )
    reasons = _overturn_reasons(view, chosen, best)
    return Assessment("overturn", chosen, best, judged, tuple(reasons), budget.samples)


def _trumps_under(view: PlayerView, cards: Sequence[Card]) -> tuple[str, int]:
    """The trump an overturn with ``cards`` makes (the one standing when ``cards`` is empty), and how many of the
    hand's cards are trumps under it."""
    if cards:
        trump = Trump(view.rank, None if cards[0].is_joker else cards[0].suit, view.rules.red_five)
    else:
        assert view.trump is not None
        trump = view.trump
    name = "no-trump" if trump.suit is None else SUIT_NAMES[trump.suit]
    return name, sum(1 for c in view.hand if trump.is_trump(c))


def _overturn_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    out: list[str] = []
    now, held_now = _trumps_under(view, ())
    if chosen.grade != "good":
        if best.choice and not chosen.choice:
            suit, held = _trumps_under(view, best.choice)
            out.append(
                f"Overturning with {format_cards(best.choice)} makes {suit} trump: {held} of your cards would be "
                f"trumps, against {held_now} under {now} now, and you would bury the kitty yourself (RULES §11)."
            )
        elif chosen.choice and not best.choice:
            suit, held = _trumps_under(view, chosen.choice)
            out.append(
                f"{suit.capitalize()} gives you {held} trumps against {held_now} under {now}: not enough to be worth "
                "overturning, so passing was better (RULES §11)."
            )
        elif chosen.choice and best.choice:
            (s1, h1), (s2, h2) = _trumps_under(view, chosen.choice), _trumps_under(view, best.choice)
            out.append(f"{s2.capitalize()} gives you {h2} trumps, {s1} {h1}: overturn into your long suit (RULES §11).")
    out.append(f"Over the sampled deals your choice averaged {chosen.value:+.2f}; the best found {best.value:+.2f}.")
    return out


def _support(view: PlayerView, cards: Sequence[Card]) -> tuple[str, int]:
    """The suit a declaration makes trump and how many of the hand's cards would then be trumps."""
    if not cards or cards[0].is_joker:
        return "no-trump", sum(1 for c in view.hand if c.is_joker or c.rank == view.rank)
    suit = cards[0].suit
    assert suit is not None
    return SUIT_NAMES[suit], sum(1 for c in view.hand if c.suit == suit or c.rank == view.rank or c.is_joker)


def _declaration_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    out: list[str] = []
    if chosen.grade != "good":
        if best.choice and not chosen.choice:
            suit, held = _support(view, best.choice)
            out.append(
                f"Declaring {format_cards(best.choice)} makes {suit} trump while you hold {held} cards that would be "
                "trumps: a long trump suit wins the round."
            )
        elif chosen.choice and not best.choice:
            suit, held = _support(view, chosen.choice)
            out.append(f"With only {held} cards that would be trumps, {suit} is a weak trump suit: passing was better.")
        elif chosen.choice and best.choice:
            (s1, h1), (s2, h2) = _support(view, chosen.choice), _support(view, best.choice)
            out.append(f"{s2.capitalize()} gives you {h2} trumps, {s1} {h1}: declare in your long suit.")
    jokers = [c for c in view.hand if c.is_joker]
    if len(jokers) >= 2 and len({c.id for c in jokers}) < len(jokers):
        out.append("Your joker pair can override another player's declaration later (RULES §10).")
    out.append(f"Over the sampled deals your choice averaged {chosen.value:+.2f}; the best found {best.value:+.2f}.")
    return out


def assess_call(
    view: PlayerView, calls: Sequence[tuple[Card, int]], budget: Budget | None = None, seed: int | str = 0
) -> Assessment:
    """The verdict on the dealer's friend call (Finding Friends; ``view`` in its call phase)."""
    from .bots import HeuristicBot

    budget = budget or COACH_BUDGET
    mine = tuple((c, o) for c, o in calls)
    options: list[tuple[tuple[Card, int], ...]] = [tuple(HeuristicBot().call(view))]
    if mine not in options:
        options.append(mine)
    runs = call_runs(view, options, budget, seed)
    judged = judge(options, runs)
    chosen = next(o for o in judged if o.choice == mine)
    best = judged[0]
    out: list[str] = []
    held = {c.id for c in view.hand}
    for card, ordinal in mine:
        if card.id in held and ordinal == 1:
            out.append(
                f"You hold {format_cards([card])} yourself: if you play it first, you are your own friend. "
                "Call a card you do not hold."
            )
    out.append(f"Over the sampled deals your call averaged {chosen.value:+.2f}; the best found {best.value:+.2f}.")
    return Assessment("call", chosen, best, tuple(judged), tuple(out), max(2, budget.samples // 3))
