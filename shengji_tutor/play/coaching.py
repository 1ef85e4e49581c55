"""The coach's judgement of a decision: what it costs against the best one found, and why, in words.

Every decision of a round — a play, a burial, a declaration or a pass, a friend
call — is judged the same way, as a measurement (``play.verdict``): the
learner's choice and the sensible alternatives are played out on sampled deals
of the hidden cards (``play.search``); the **best** is chosen on one set of
deals, and the **loss** of each choice judged is measured against it on fresh
deals, deal by deal, in the search's value units (one unit is a level, the
level table blurred by the play-outs' uncertainty: ``search.blurred_levels``; a
point is ``POINTS_WEIGHT`` = 0.01 of a unit more). Its ``error`` is the standard error of
that paired difference. Measuring on the deals the best was chosen on would let
the luckiest play win and inflate every other play's loss.

A choice is graded below good only when the lower confidence bound of its loss
(``verdict.Z`` errors below it) reaches ``INACCURACY``; it is then an
**inaccuracy** (under ``MISTAKE``), a **mistake** (under ``BLUNDER``) or a
**blunder**. A choice still in doubt is measured on more deals, up to a cap; one
still in doubt there is a **close call** (``Option.close``), not graded down and
said to be close. The same verdicts decide a "best" puzzle's answer set: every
play not graded down is accepted.

The reasons are read off what the play-outs measured — the points of this trick
and of the later ones, the kitty bonus, the trumps a play spends, the pairs it
breaks — and off the position (who is winning the trick, and whether anyone
still to play can beat it: ``play.certainty``), never picked from canned text.

>>> from shengji_tutor.play.coaching import grade_of
>>> [str(grade_of(*measured)) for measured in ((0.05, 0.01), (0.5, 0.05), (0.5, 0.4), (1.2, 0.1))]
['good', 'mistake', 'good', 'blunder']
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..engine.cards import (
    SUIT_NAMES,
    Card,
    CardsLike,
    and_all,
    as_cards,
    either,
    format_cards,
    listed,
    points,
    sentence_case,
)
from ..engine.closed import Closed
from ..engine.ids import winner_of
from ..engine.plays import strength_spent
from ..engine.seats import seat_label
from ..engine.tricks import judge_throw
from ..engine.trump import Trump
from ..engine.units import decompose
from ..i18n import N_, t, tn
from .certainty import beaters, current_winner, side_sure
from .coach_text import joined
from .dominance import reason as dominance_reason
from .dominance import surely_better
from .policy import steady_choice
from .round import DecisionKind, Phase, PlayerView
from .sampler import unseen_counts
from .search import (
    Budget,
    PlayDeals,
    PlayValue,
    burial_runs,
    burials,
    call_runs,
    candidate_plays,
    declaration_options,
    declaration_runs,
    overturn_options,
    overturn_runs,
    pairs_broken,
    play_signature,
    play_value,
)
from .verdict import Measured, Plan, RaceStatus, Z, race

__all__ = [
    "BLUNDER",
    "BURY_RULE",
    "COACH_BUDGET",
    "GRADES",
    "INACCURACY",
    "KITTY_REACH",
    "MISTAKE",
    "Accuracy",
    "Assessment",
    "CoachGrade",
    "Option",
    "assess_burial",
    "assess_call",
    "assess_declaration",
    "assess_overturn",
    "assess_play",
    "calls_in",
    "cards_in",
    "grade_of",
    "grade_words",
    "hint_ladder",
    "in_levels",
    "judge_plays",
    "play_reasons",
    "reasons_for",
]


class CoachGrade(Closed):
    """The coach's grade of a decision, from the best to the worst (a ``StrEnum``: it reads and saves as its word)."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


GRADES = tuple(CoachGrade)
INACCURACY = 0.10
"""A loss of a tenth of a level or more is an inaccuracy, when it is larger than the noise (early in a two-deck round,
where a point of the attackers' total is worth about 0.035 of a level, that is about three points)."""
MISTAKE = 0.30
"""A third of a level (about nine points' worth early in a two-deck round) or more: a mistake."""
BLUNDER = 0.80
"""Most of a level: a blunder."""
BURY_RULE = N_(
    "Bury no points unless you are sure to keep the last trick: if the attackers win it, the kitty's points count "
    "for them, multiplied (RULES §9)."
)
"""The rule of burying, as lesson 9 and the coach both say it (English: shown with ``t``)."""
COACH_BUDGET = Budget(samples=12, candidates=6)
"""What the coach spends on one decision: twelve deals of the hidden cards, six plays each."""


def grade_of(loss: float, error: float) -> CoachGrade:
    """The grade of a choice that loses ``loss`` (value units) against the best, with standard error ``error``: below
    good only when the loss's lower confidence bound (``verdict.Z`` errors below it) reaches ``INACCURACY``. A raced
    verdict (``Option.status``) grades the same way at the end of its race."""
    if loss - Z * error < INACCURACY:
        return CoachGrade.GOOD
    return _band(loss, error)


_HEADLINES = {
    "inaccuracy": N_("Inaccuracy: about {loss} worse than the best (± {error})."),
    "mistake": N_("Mistake: about {loss} worse than the best (± {error})."),
    "blunder": N_("Blunder: about {loss} worse than the best (± {error})."),
}
"""A graded-down verdict's headline: the grade, the loss and its error."""
_HEADLINES_AT_LEAST = {
    "inaccuracy": N_(
        "Inaccuracy: about {loss} worse than the best (± {error}); surely at least {least}, an inaccuracy's size."
    ),
    "mistake": N_("Mistake: about {loss} worse than the best (± {error}); surely at least {least}, a mistake's size."),
    "blunder": N_("Blunder: about {loss} worse than the best (± {error}); surely at least {least}, a blunder's size."),
}
"""The headline when the measured loss is past a worse line than its grade's: the bound that decided the grade too."""


def _band(loss: float, error: float) -> CoachGrade:
    """The grade of a loss known to be past the line between good and not good: the worst line its lower confidence
    bound clears, as for the first line. A loss of 0.50 ± 0.11 levels, measured on the 48 deals that sufficed to
    show it is past the first line, is an inaccuracy, not a mistake: the evidence shows no more (on 384 deals the
    same play lost 0.22)."""
    low = loss - Z * error
    if low < MISTAKE:
        return CoachGrade.INACCURACY
    if low < BLUNDER:
        return CoachGrade.MISTAKE
    return CoachGrade.BLUNDER


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
    status: RaceStatus = RaceStatus.UNDECIDED
    """A raced verdict's status (``play.verdict``): "best", "good", "close" or "worse"; "" for a judgement of
    every option on the same deals (``judge``), graded by ``grade_of``."""

    @property
    def grade(self) -> CoachGrade:
        if not self.status:
            return grade_of(self.loss, self.error)
        return _band(self.loss, self.error) if self.status == RaceStatus.WORSE else CoachGrade.GOOD

    @property
    def close(self) -> bool:
        """A close call: at the most deals the verdict may use, the loss could still be on either side of the
        line, so the choice is not graded down and is said to be close."""
        return self.status == RaceStatus.CLOSE


@dataclass(frozen=True)
class Assessment:
    """The coach's verdict on one decision of the kind ``kind`` (a play, a burial, a declaration, a call, an overturn).

    ``chosen`` and ``best`` are among ``options`` (best first); ``reasons``
    are sentences for the learner, the most telling first, each naming what
    was measured.
    """

    kind: DecisionKind
    chosen: Option
    best: Option
    options: tuple[Option, ...]
    reasons: tuple[str, ...]
    samples: int

    @property
    def grade(self) -> CoachGrade:
        return self.chosen.grade

    @property
    def loss(self) -> float:
        return self.chosen.loss

    @property
    def error(self) -> float:
        return self.chosen.error

    @property
    def close(self) -> bool:
        """The verdict is a close call (``Option.close``): the choice is not graded down."""
        return self.chosen.close

    @property
    def accepted(self) -> tuple[Option, ...]:
        """Every option that grades good: as good as the best as far as the evaluation can tell."""
        return tuple(o for o in self.options if o.grade == CoachGrade.GOOD)

    def headline(self) -> str:
        """One line: the grade and, when it is not good, the loss with its error. When the measured loss is past a
        worse line than its grade's (its lower bound is not), the bound that decided the grade is said too, so that
        "a mistake" is not read against "about 0.83 levels", a blunder's size."""
        if self.close:
            return (
                t("Close call: both plays are reasonable here.") if self.kind == DecisionKind.PLAY else t("Close call.")
            )
        if self.grade == CoachGrade.GOOD:
            return t("Good.")
        loss, error = in_levels(self.loss), in_levels(self.error)
        if _band(self.loss, 0.0) != self.grade:
            least = in_levels(self.loss - Z * self.error)
            return t(_HEADLINES_AT_LEAST[self.grade], loss=loss, error=error, least=least)
        return t(_HEADLINES[self.grade], loss=loss, error=error)

    def said(self) -> str:
        """The headline without its grade (what is left to say beside a badge that shows the grade): "about 0.42
        levels worse than the best (± 0.08).", "both plays are reasonable here."; "" for a good verdict, which says
        only its grade."""
        if self.grade == CoachGrade.GOOD and not self.close:
            return ""
        return re.split("[:：]", self.headline(), maxsplit=1)[-1].strip()


@dataclass(frozen=True)
class Accuracy:
    """A round's graded decisions, in the order they were made: the accuracy summary and the costliest mistakes.

    >>> from shengji_tutor.play.coaching import Accuracy
    >>> {str(grade): n for grade, n in Accuracy(()).counts().items()}
    {'good': 0, 'inaccuracy': 0, 'mistake': 0, 'blunder': 0}
    """

    assessments: tuple[Assessment, ...]

    def counts(self) -> dict[CoachGrade, int]:
        """How many decisions in each grade (every grade listed, in order)."""
        out = dict.fromkeys(GRADES, 0)
        for a in self.assessments:
            out[a.grade] += 1
        return out

    def costliest(self, k: int = 3) -> list[Assessment]:
        """The ``k`` decisions that lost most, among those graded below good, costliest first."""
        bad = [a for a in self.assessments if a.grade != CoachGrade.GOOD]
        return sorted(bad, key=lambda a: -a.loss)[:k]

    def summary(self) -> str:
        """One sentence: "14 decisions graded: 11 good, 2 inaccuracies, 1 mistake, no blunder."."""
        counts = self.counts()
        parts = []
        for grade, n in counts.items():
            if n or grade is CoachGrade.GOOD:
                parts.append(_counted(grade, n))
            else:
                parts.append(t(_NONE[grade]))
        total = len(self.assessments)
        close = sum(1 for a in self.assessments if a.close)
        graded = listed(parts, last=False)
        if not close:
            return tn("{n} decision graded: {grades}.", "{n} decisions graded: {grades}.", total, grades=graded)
        return tn(
            "{n} decision graded: {grades} ({close}).",
            "{n} decisions graded: {grades} ({close}).",
            total,
            grades=graded,
            close=tn("{n} of the good ones close call", "{n} of the good ones close calls", close),
        )


def _counted(grade: CoachGrade, n: int) -> str:
    """A grade with a count, in a summary: "2 inaccuracies"."""
    if grade is CoachGrade.INACCURACY:
        return tn("{n} inaccuracy", "{n} inaccuracies", n)
    if grade is CoachGrade.MISTAKE:
        return tn("{n} mistake", "{n} mistakes", n)
    if grade is CoachGrade.BLUNDER:
        return tn("{n} blunder", "{n} blunders", n)
    # TRANSLATORS: decisions graded good, counted ("11 good")
    return tn("{n} good", "{n} good", n)


_NONE = {"inaccuracy": N_("no inaccuracy"), "mistake": N_("no mistake"), "blunder": N_("no blunder")}
"""A grade no decision met, in a summary (English: shown with ``t``)."""


def grade_words(grade: CoachGrade | str, count: int) -> str:
    """A grade as a count says it, in the reader's language, without the count (shown apart): 1 mistake, 2 mistakes,
    3 good.

    >>> from shengji_tutor.play.coaching import grade_words
    >>> grade_words("mistake", 1), grade_words("mistake", 2), grade_words("inaccuracy", 0), grade_words("good", 2)
    ('mistake', 'mistakes', 'inaccuracies', 'good')
    """
    said, number = _counted(CoachGrade(grade), count), str(count)
    return said.replace(number, "", 1).strip() if number in said else said


def in_levels(loss: float) -> str:
    """A loss in words, in levels: the unit the play-outs measure (early in a round a point of the attackers' total
    is worth about ``1 / RuleSet.step`` of a level in the level it brings, and ``search.POINTS_WEIGHT`` more)."""
    # TRANSLATORS: a fraction of a level, always with two decimals ("0.42 levels")
    return t("{levels} levels", levels=f"{loss:.2f}")


def _stderr(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


# -- plays ------------------------------------------------------------------------------------


def judge_plays(
    view: PlayerView,
    budget: Budget | None = None,
    seed: int | str = 0,
    extra: Sequence[Sequence[Card]] = (),
    candidates: Sequence[Sequence[Card]] | None = None,
) -> list[Option]:
    """Every candidate play (``candidate_plays``, or ``candidates``) and each of ``extra`` raced as ``assess_play``
    races one (``play.verdict.race``): the best chosen on one set of deals, every other play measured against it on
    fresh ones until its verdict is decided or the cap is reached (a close call). Best first, then by loss.

    Plays that differ only in interchangeable cards count once (the first spelling is kept); ties go to the play
    that breaks no pair and spends no trump, then to the order given.
    """
    budget = budget or COACH_BUDGET
    plays = _preferred(view, _plays(view, budget, extra, candidates))
    _, options = _race_plays(view, plays, budget, seed)
    return sorted(options.values(), key=lambda o: (o.status != RaceStatus.BEST, o.loss))


def _race_plays(
    view: PlayerView,
    plays: Sequence[tuple[Card, ...]],
    budget: Budget,
    seed: int | str,
    focus: Sequence[int] | None = None,
) -> tuple[int, dict[int, Option]]:
    """``plays`` raced (``play.verdict.race``, the deals of ``PlayDeals``): the best's index, and each measured
    play's option by index. The best's figures are from the fresh deals when anything was measured against it
    there (on as many as the most any play met), else from the deals it was chosen on (a single play: those are
    played now, so that its outcome is still told).

    The race cannot tell twins apart (a trump kept matters in few deals), so logic does: a candidate surely no
    worse than the one chosen (``play.dominance``: the trick's winner certain after both, and it wastes less) is
    the best instead, before any loss is measured, so that every loss is against the play a strong player makes.
    (Swapped in after the race, it left the losses measured against the race's own choice: a play was "as good
    as" 8♥ 7♥ while 8♥ 7♥ did 0.16 levels better on the same deals.) And the steady player's play
    (``policy.steady_choice``: feed a partner sure to win, keep pairs, draw trumps when long) is the race's default:
    the one chosen while the selection's few deals leave it in contention, a rival surely ahead of it on fresh
    deals being the best by the race's second look, as ``SearchBot`` keeps it unless fresh deals confirm a better
    play."""

    def surely(k: int) -> int | None:
        sure = surely_better(view, plays[k], among=plays)
        return None if sure is None else plays.index(sure)

    trump = view.trump
    assert trump is not None
    steady = play_signature(steady_choice(view), trump)
    default = next((k for k, p in enumerate(plays) if play_signature(p, trump) == steady), None)
    deals = PlayDeals(view, plays, seed)
    best, measured = race(len(plays), deals.values, play_plan(budget), focus, surely, default)
    deepest = max(m.deals for m in measured)
    if not deepest and ("select", best) not in deals.outcomes:
        deals.values("select", 0, play_plan(budget).select, [best])
    out = {}
    for m in measured:
        if m.status != RaceStatus.BEST:
            out[m.index] = _option(deals, m.index, m.stream, m, m.deals)
        elif deepest:
            out[m.index] = _option(deals, m.index, m.stream, m, deepest)
        else:
            out[m.index] = _option(deals, m.index, "select", m, len(deals.outcomes[("select", best)]))
    return best, out


def _plays(
    view: PlayerView, budget: Budget, extra: Sequence[Sequence[Card]], candidates: Sequence[Sequence[Card]] | None
) -> list[tuple[Card, ...]]:
    trump = view.trump
    if view.phase != Phase.PLAY or trump is None:
        raise ValueError(f"plays are judged during the play, not in the '{view.phase}' phase")
    plays = [tuple(p) for p in (candidates if candidates is not None else candidate_plays(view, budget.candidates))]
    seen = {play_signature(p, trump) for p in plays}
    sure = [surely_better(view, p) for p in [*plays, *map(tuple, extra)]]
    extra = [*extra, *(p for p in sure if p is not None)]  # what is surely no worse is always weighed too
    for p in extra:
        if play_signature(p, trump) not in seen:
            seen.add(play_signature(p, trump))
            plays.append(tuple(p))
    return plays


def play_plan(budget: Budget) -> Plan:
    """The deals a verdict on a play may use at ``budget``: the best chosen on ``budget.samples`` deals (twice as
    many for the plays in contention), the loss measured on four times as many fresh ones, and up to 32 times as
    many for a play still in doubt (a play-out costs about a millisecond: ``play.rollout``)."""
    n = max(2, budget.samples)
    return Plan(select=n, measure=4 * n, cap=32 * n)


def choice_plan(budget: Budget) -> Plan:
    """The deals a verdict on a burial, a declaration, a friend call or a chao dipi choice may use: twice a play's
    (each deal plays the whole round, and a choice shapes all of it), up to eight times that for a close call."""
    n = 2 * max(2, budget.samples)
    return Plan(select=n, measure=n, cap=8 * n)


def burial_plan(budget: Budget) -> Plan:
    """The deals a verdict on one burial may use: a choice's (``choice_plan``), with four times the cap for a
    burial still in doubt. Each deal plays the whole round from the kitty, so a burial's outcome varies more than a
    play's (about ± 0.07 levels over 192 deals: of the position suite's four burials that make no void, measured at
    three seeds, 6 of 12 verdicts stayed close calls at the old cap, 2 of 12 at this one), and it is judged once a
    hand: at most about 2 s, where the old cap took 0.7 s."""
    plan = choice_plan(budget)
    return dataclasses.replace(plan, cap=4 * plan.cap)


def _option(deals: PlayDeals, k: int, stream: str, measured: Measured, count: int) -> Option:
    """Play ``k``'s option in a race: its figures over the first ``count`` deals of ``stream`` it met."""
    outcomes = deals.outcomes[(stream, k)][:count]
    detail = play_value(deals.view, deals.plays[k], outcomes)
    runs = tuple(o.value for o in outcomes)
    return Option(
        deals.plays[k], detail.value, detail.stderr, measured.loss, measured.error, detail, runs, measured.status
    )


def _preferred(view: PlayerView, plays: Sequence[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """``plays`` in the order a player prefers them when the play-outs cannot tell them apart: breaking no pair,
    then the order given (the play-outs' own choice first: ``candidate_plays``)."""
    return sorted(plays, key=lambda p: pairs_broken(view.hand, p))


def assess_play(view: PlayerView, play: CardsLike, budget: Budget | None = None, seed: int | str = 0) -> Assessment:
    """The coach's verdict on ``play`` (legal, by the player whose view it is) with the reasons in words.

    The best play is chosen among the candidates on one set of sampled deals and the loss of ``play`` is measured
    against it on fresh ones (``play.verdict.race``): the play is graded down only when the lower bound of its loss
    clears ``INACCURACY``; a play still in doubt meets more deals, and one still in doubt at the cap is a close
    call, said as such.
    """
    budget = budget or COACH_BUDGET
    trump = view.trump
    play = tuple(as_cards(play))
    plays = _preferred(view, _plays(view, budget, [play], None))
    assert trump is not None
    sig = play_signature(play, trump)
    mine = next(k for k, p in enumerate(plays) if play_signature(p, trump) == sig)
    best, raced = _race_plays(view, plays, budget, seed, focus=[mine])
    top = raced[best]
    chosen = dataclasses.replace(raced[mine], choice=play)
    options = (top,) if best == mine else (top, chosen)
    reasons = reasons_for(DecisionKind.PLAY, view, chosen, top)
    return Assessment(DecisionKind.PLAY, chosen, top, options, reasons, len(chosen.runs))


def reasons_for(kind: DecisionKind, view: PlayerView, chosen: Option, best: Option) -> tuple[str, ...]:
    """A verdict's reasons in words, in the language read now, from what they are made of: the view the decision
    was made from, the choice and the best with their measured figures. A verdict is kept as those (a saved hand
    keeps no sentence): its reasons are said again in the language of the page that shows it.

    A play that had no rival (the player's last cards, or the only play up to cards that play alike) is said so.
    """
    if kind is DecisionKind.PLAY:
        if len(candidate_plays(view, 2)) == 1:
            return (_only_play(view, cards_in(chosen.choice)),)
        return tuple(play_reasons(view, chosen, best))
    if kind is DecisionKind.BURY:
        assert view.trump is not None
        return tuple(_burial_reasons(view, chosen, best, view.trump))
    if kind is DecisionKind.DECLARE:
        return tuple(_declaration_reasons(view, chosen, best))
    if kind is DecisionKind.OVERTURN:
        return tuple(_overturn_reasons(view, chosen, best))
    if kind is DecisionKind.CALL:
        return tuple(_call_reasons(view, chosen, best))
    raise ValueError(f"the coach gives no reasons for a decision to {kind}")


def cards_in(choice: tuple[Any, ...]) -> tuple[Card, ...]:
    """The cards of a decision's choice (declared, buried, played; none in a pass or a friend call)."""
    return tuple(c for c in choice if isinstance(c, Card))


def calls_in(choice: tuple[Any, ...]) -> tuple[tuple[Card, int], ...]:
    """The ``(card, ordinal)`` calls of a friend call's choice (none in any other choice)."""
    return tuple(c for c in choice if isinstance(c, tuple))


def _only_play(view: PlayerView, play: Sequence[Card]) -> str:
    """Why a play that had no rival is good, in words: the player's last cards, or the only play (up to cards that
    play alike) that the rules of following allow."""
    if len(play) == len(view.hand):
        return t("Your last cards: there was nothing else to play.")
    if view.trick:
        return t(
            "Your only play: the rules for following the lead (RULES §6) allowed nothing else, apart from cards "
            "that play the same."
        )
    return t("Your only play: every lead you could make plays the same.")


def play_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    """Why ``chosen`` is (or is not) as good as ``best``, both judged on the same deals, in sentences for a learner."""
    mine, top = chosen.detail, best.detail
    assert mine is not None
    assert top is not None
    assert view.trump is not None
    sure = _surely_better(view, chosen.choice)
    if chosen.grade == CoachGrade.GOOD:
        if play_signature(chosen.choice, view.trump) == play_signature(best.choice, view.trump):
            first = t("As good as any play the play-outs measured.") if sure else t("The best play found.")
            return [first, *sure, *_measured(chosen, None)]
        return _good_reasons(view, chosen, best, mine, top, sure) + _measured(chosen, best)
    out = [*sure, *_causes(view, mine, top)]
    if not out:
        brought = round(mine.trick_points)
        out.append(
            tn(
                "Over the deals measured your play brought your side {points} point in this trick and {later} in "
                "the tricks after it; {cards} brought {top} and {top_later}.",
                "Over the deals measured your play brought your side {points} points in this trick and {later} in "
                "the tricks after it; {cards} brought {top} and {top_later}.",
                abs(brought),
                points=f"{brought:+d}",
                later=f"{mine.later_points:+.0f}",
                cards=format_cards(top.play),
                top=f"{top.trick_points:+.0f}",
                top_later=f"{top.later_points:+.0f}",
            )
        )
    return out + _measured(chosen, best)


def _good_reasons(
    view: PlayerView, chosen: Option, best: Option, mine: PlayValue, top: PlayValue, sure: list[str]
) -> list[str]:
    """``play_reasons`` for a play graded good that plays unlike the best (the caller adds what was measured):
    whether it is surely behind, and by how much the play-outs can tell."""
    if chosen.close and chosen.loss - Z * chosen.error > 0:  # surely behind, but maybe not by the line
        return [
            tn(
                "{cards} did better over {n} fresh deal, by about {loss} (± {error}), but whether by a tenth of a "
                "level, the line for an inaccuracy, is still in doubt.",
                "{cards} did better over {n} fresh deals, by about {loss} (± {error}), but whether by a tenth of "
                "a level, the line for an inaccuracy, is still in doubt.",
                mine.samples,
                cards=format_cards(best.choice),
                loss=in_levels(chosen.loss),
                error=in_levels(chosen.error),
            ),
            *sure,
            *_causes(view, mine, top),
        ]
    if chosen.close:
        return [
            tn(
                "{cards} may be a little better, but over {n} fresh deal the difference could be on either side "
                "of the line for an inaccuracy (a tenth of a level).",
                "{cards} may be a little better, but over {n} fresh deals the difference could be on either "
                "side of the line for an inaccuracy (a tenth of a level).",
                mine.samples,
                cards=format_cards(best.choice),
            ),
            *sure,
        ]
    if chosen.loss - Z * chosen.error > 0:  # surely behind, by less than an inaccuracy
        return [
            t(
                "Good, though {cards} is a little better: about {loss} levels on average, less than an inaccuracy.",
                cards=format_cards(best.choice),
                loss=f"{chosen.loss:.2f}",
            ),
            *sure,
            *(_follow_reasons(view, mine, top) if view.trick else []),
        ]
    return [
        t("As good as {cards} as far as the play-outs can tell.", cards=format_cards(best.choice)),
        *sure,
    ]


def _causes(view: PlayerView, mine: PlayValue, top: PlayValue) -> list[str]:
    """What the play-outs saw ``top`` do better than ``mine``, in sentences (none when nothing stands out)."""
    out: list[str] = []
    of_trumps = False  # a reason already speaks of trumps
    if view.trick:
        follow, of_trumps = _follow(view, mine, top)
        out += follow
    else:
        out += _lead_reasons(view, mine, top)
    if view.trick and mine.trumps_spent > top.trumps_spent and not of_trumps:
        out.append(
            tn(
                "Your play spends {n} more trump than {cards}: trumps win tricks later, keep them.",
                "Your play spends {n} more trumps than {cards}: trumps win tricks later, keep them.",
                mine.trumps_spent - top.trumps_spent,
                cards=format_cards(top.play),
            )
        )
    if mine.pairs_broken > top.pairs_broken:
        if view.trick and not top.pairs_broken:
            out.append(
                t(
                    "{cards} follows without breaking your pair: a pair beats a pair led later, two single cards "
                    "cannot.",
                    cards=format_cards(top.play),
                )
            )
        else:
            out.append(
                t(
                    "You broke a pair: a pair beats a pair led later, two single cards cannot. Keep pairs and "
                    "tractors together for the end."
                )
            )
    return out + _later_reasons(view, mine, top)


def _lead_reasons(view: PlayerView, mine: PlayValue, top: PlayValue) -> list[str]:
    """The reasons about a lead: whether it is a throw that may fail, and the points ``top`` brings in this trick
    when they are clearly more than ``mine``'s."""
    out = _throw_risk(view, mine.play)
    if top.trick_points - mine.trick_points >= 5:
        brought = round(mine.trick_points)
        if brought == 0:
            said = t(
                "Your lead brings your side no points in this trick on average; {cards} brings {top}.",
                cards=format_cards(top.play),
                top=f"{top.trick_points:+.0f}",
            )
        else:
            said = tn(
                "Your lead brings your side {points} point in this trick on average; {cards} brings {top}.",
                "Your lead brings your side {points} points in this trick on average; {cards} brings {top}.",
                abs(brought),
                points=f"{brought:+d}",
                cards=format_cards(top.play),
                top=f"{top.trick_points:+.0f}",
            )
        out.append(said)
    return out


def _later_reasons(view: PlayerView, mine: PlayValue, top: PlayValue) -> list[str]:
    """What ``top`` does better after this trick: the kitty's bonus near the end, else the points of the later
    tricks (at most one of the two)."""
    if top.kitty_points - mine.kitty_points >= 5 and len(view.hand) <= KITTY_REACH:
        return [
            tn(
                "Keep control of the last trick: the kitty's bonus swings about {n} point your way with {cards} "
                "(RULES §9).",
                "Keep control of the last trick: the kitty's bonus swings about {n} points your way with {cards} "
                "(RULES §9).",
                round(top.kitty_points - mine.kitty_points),
                cards=format_cards(top.play),
            )
        ]
    if top.later_points - mine.later_points >= 8:  # signed points: each point that changes sides counts twice
        moved = (top.later_points - mine.later_points) / 2
        return [
            tn(
                "It lets about {n} more point go to the other side in the tricks that follow.",
                "It lets about {n} more points go to the other side in the tricks that follow.",
                round(moved),
            )
        ]
    return []


def _throw_risk(view: PlayerView, play: Sequence[Card]) -> list[str]:
    """For a lead of several units (a throw), whether the cards still out could beat one of them (RULES §8), in a
    sentence naming the unit the leader would then have to lead alone; nothing for a safe throw or a single unit."""
    trump = view.trump
    assert trump is not None
    ids = [c.id for c in play]
    if len(decompose(ids, trump.key_table)) < 2:
        return []
    out = [i for i, n in unseen_counts(view).items() for _ in range(n)]
    check = judge_throw(ids, [out], trump)
    if check.ok:
        return []
    return [
        t(
            "Your throw may fail (RULES §8): an opponent may hold cards that beat {cards}, and then you must lead "
            "{cards} alone.",
            cards=format_cards(check.forced),
        )
    ]


def _surely_better(view: PlayerView, play: Sequence[Card]) -> list[str]:
    """A play surely no worse than ``play`` where the trick's winner is certain (``play.dominance``), said in a
    sentence true of every deal; nothing when there is none. It names a free improvement the play-outs may be too
    coarse to measure, and never changes a grade."""
    better = surely_better(view, play)
    return [] if better is None else [dominance_reason(view, play, better)]


KITTY_REACH = 5
"""The kitty's bonus is given as a reason only this close to the end (cards in hand): earlier, who takes the last
trick is too far off for one play to be the cause."""


def _names(view: PlayerView, seats: Sequence[int]) -> str:
    return either(seat_label(s, view.rules.players) for s in seats)


def _follow_reasons(view: PlayerView, mine: PlayValue, top: PlayValue) -> list[str]:
    """The reasons about a follow: who is winning the trick and whether that is certain given the seats still to
    play (``play.certainty``), the points given and taken, and the cheaper way to win."""
    return _follow(view, mine, top)[0]


def _follow(view: PlayerView, mine: PlayValue, top: PlayValue) -> tuple[list[str], bool]:
    """``_follow_reasons``, and whether one of them speaks of trumps (the trumps a play spends are then said)."""
    trump = view.trump
    assert trump is not None
    before = [[c.id for c in p] for p in view.trick]
    w = current_winner(view)
    assert w is not None
    wins = [winner_of([*before, [c.id for c in p]], trump, view.rules) == len(before) for p in (mine.play, top.play)]
    seat = seat_label(w, view.rules.players)
    if w in view.partner_seats():  # ``w`` is a partner: "your partner North"
        return _partner_reasons(view, mine, top, seat, wins)
    out: list[str] = []
    of_trumps = False
    if points(mine.play) > points(top.play) and not wins[0]:
        out.append(_gave_words(view, mine, top, w, wins[1]))
    if wins[1] and not wins[0]:
        out.append(_taken_words(view, top, seat))
    if (
        all(wins)
        and mine.trumps_spent
        and top.trumps_spent
        and strength_spent(mine.play, trump) > strength_spent(top.play, trump)
    ):
        of_trumps = True
        out.append(t("A lower trump wins this too: {cards}.", cards=format_cards(top.play)))
    return out, of_trumps


def _partner_reasons(
    view: PlayerView, mine: PlayValue, top: PlayValue, seat: str, wins: list[bool]
) -> tuple[list[str], bool]:
    """``_follow`` when a partner (``seat``) is winning the trick: taking it from them, and giving them points."""
    mine_pts, top_pts = points(mine.play), points(top.play)
    sure = side_sure(view, top.play)
    threats = _names(view, [s for s in beaters(view, top.play) if s not in view.partner_seats()])
    out: list[str] = []
    of_trumps = False
    if wins[0] and not wins[1]:
        of_trumps = mine.trumps_spent > top.trumps_spent
        out.append(_overtaken_words(seat, threats, sure, mine.trumps_spent if of_trumps else 0))
    if top_pts > mine_pts:
        values = {"seat": seat, "cards": format_cards(top.play), "top": top_pts, "mine": mine_pts}
        if sure:
            said = t(
                "Your partner {seat} is sure to win it, so give points: {cards} adds {top} to your side's "
                "tricks, your play {mine}.",
                **values,
            )
        else:
            said = t(
                "Your partner {seat} is likely to win it, so give points: {cards} adds {top} to your side's "
                "tricks, your play {mine}.",
                **values,
            )
        out.append(said)
    return out, of_trumps


def _overtaken_words(seat: str, threats: str, sure: bool, trumps: int) -> str:
    """You took the trick from your partner ``seat`` (spending ``trumps`` trumps more than needed, if any), who had
    already won it (``sure``) or was winning it with only ``threats`` left to beat it."""
    if trumps >= 2 and sure:
        return t("You spent a trump pair on a trick your partner {seat} had already won.", seat=seat)
    if trumps >= 2:
        return t(
            "You spent a trump pair on a trick your partner {seat} was winning (only {threats} could still beat it).",
            seat=seat,
            threats=threats,
        )
    if trumps and sure:
        return t("You spent a trump on a trick your partner {seat} had already won.", seat=seat)
    if trumps:
        return t(
            "You spent a trump on a trick your partner {seat} was winning (only {threats} could still beat it).",
            seat=seat,
            threats=threats,
        )
    if sure:
        return t("You took the trick from your partner {seat}, who had already won.", seat=seat)
    return t(
        "You took the trick from your partner {seat}, who was winning (only {threats} could still beat it).",
        seat=seat,
        threats=threats,
    )


def _gave_words(view: PlayerView, mine: PlayValue, top: PlayValue, w: int, win_it: bool) -> str:
    """Your play gave points to the opponent ``w`` winning the trick, where ``top`` gives fewer (and wins it when
    ``win_it``); said for a trick nobody still to play can take from ``w``, else by ``_put_words``."""
    n = view.rules.players
    seat, better = seat_label(w, n), format_cards(top.play)
    mine_pts, top_pts = points(mine.play), points(top.play)
    later = beaters(view, mine.play)  # the winner stays ``w`` after this play: it does not win
    if later:
        return _put_words(_names(view, [s for s in later if s != w]), seat, better, win_it, mine_pts, top_pts)
    assert view.leader is not None
    values = {"seat": seat, "cards": format_cards(view.trick[(w - view.leader) % n]), "play": better}
    if win_it:
        return tn(
            "You gave {seat} {n} point: nobody still to play can beat {seat}'s {cards}, so win it ({play}).",
            "You gave {seat} {n} points: nobody still to play can beat {seat}'s {cards}, so win it ({play}).",
            mine_pts,
            **values,
        )
    if not top_pts:
        return tn(
            "You gave {seat} {n} point: nobody still to play can beat {seat}'s {cards}, so play a card "
            "worth nothing ({play}).",
            "You gave {seat} {n} points: nobody still to play can beat {seat}'s {cards}, so play a card "
            "worth nothing ({play}).",
            mine_pts,
            **values,
        )
    return tn(
        "You gave {seat} {n} point: nobody still to play can beat {seat}'s {cards}, so give as few "
        "points as you can ({play}).",
        "You gave {seat} {n} points: nobody still to play can beat {seat}'s {cards}, so give as few "
        "points as you can ({play}).",
        mine_pts,
        **values,
    )


def _put_words(others: str, seat: str, better: str, win_it: bool, mine_pts: int, top_pts: int) -> str:
    """``_gave_words`` for a trick ``seat`` is only winning so far, with the ``others`` still to play who could take
    it (named: said by ``_contested_words``) or none ("")."""
    if others:
        return _contested_words(others, seat, better, win_it, mine_pts, top_pts)
    if win_it:
        return tn(
            "You put {n} point on a trick {seat} is winning so far: win it ({play}).",
            "You put {n} points on a trick {seat} is winning so far: win it ({play}).",
            mine_pts,
            seat=seat,
            play=better,
        )
    if not top_pts:
        return tn(
            "You put {n} point on a trick {seat} is winning so far: play a card worth nothing ({play}).",
            "You put {n} points on a trick {seat} is winning so far: play a card worth nothing ({play}).",
            mine_pts,
            seat=seat,
            play=better,
        )
    return tn(
        "You put {n} point on a trick {seat} is winning so far: give as few points as you can ({play}).",
        "You put {n} points on a trick {seat} is winning so far: give as few points as you can ({play}).",
        mine_pts,
        seat=seat,
        play=better,
    )


def _contested_words(others: str, seat: str, better: str, win_it: bool, mine_pts: int, top_pts: int) -> str:
    """``_put_words`` when ``others`` (still to play) could take the trick from ``seat``."""
    values = {"seat": seat, "others": others, "play": better}
    if win_it:
        return tn(
            "You put {n} point on a trick {seat} is winning so far ({others} could still take it): win it ({play}).",
            "You put {n} points on a trick {seat} is winning so far ({others} could still take it): win it ({play}).",
            mine_pts,
            **values,
        )
    if not top_pts:
        return tn(
            "You put {n} point on a trick {seat} is winning so far ({others} could still take it): play "
            "a card worth nothing ({play}).",
            "You put {n} points on a trick {seat} is winning so far ({others} could still take it): "
            "play a card worth nothing ({play}).",
            mine_pts,
            **values,
        )
    return tn(
        "You put {n} point on a trick {seat} is winning so far ({others} could still take it): give "
        "as few points as you can ({play}).",
        "You put {n} points on a trick {seat} is winning so far ({others} could still take it): "
        "give as few points as you can ({play}).",
        mine_pts,
        **values,
    )


def _taken_words(view: PlayerView, top: PlayValue, seat: str) -> str:
    """``top`` wins the trick from the opponent ``seat`` (and whether anyone after you can beat it), with the
    points it takes."""
    total = sum(points(p) for p in view.trick) + points(top.play)
    values = {"cards": format_cards(top.play), "seat": seat}
    if beaters(view, top.play):
        if total:
            return tn(
                "{cards} wins the trick from {seat}: {n} point.",
                "{cards} wins the trick from {seat}: {n} points.",
                total,
                **values,
            )
        return t("{cards} wins the trick from {seat}.", **values)
    if total:
        return tn(
            "{cards} wins the trick from {seat} and nobody after you can beat it: {n} point.",
            "{cards} wins the trick from {seat} and nobody after you can beat it: {n} points.",
            total,
            **values,
        )
    return t("{cards} wins the trick from {seat} and nobody after you can beat it.", **values)


def _measured(chosen: Option, best: Option | None) -> list[str]:
    """What the play-outs measured, as a sentence: the side's average level change (and the best's)."""
    mine = chosen.detail
    samples = mine.samples if mine is not None else 0
    if best is not None and best.detail is not None:
        return [
            tn(
                "Over {n} deal of the hidden cards your play averaged {mine}; {cards} averaged {best}.",
                "Over {n} deals of the hidden cards your play averaged {mine}; {cards} averaged {best}.",
                samples,
                mine=_levels(chosen),
                cards=format_cards(best.choice),
                best=_levels(best),
            )
        ]
    return [
        tn(
            "Over {n} deal of the hidden cards your play averaged {mine}.",
            "Over {n} deals of the hidden cards your play averaged {mine}.",
            samples,
            mine=_levels(chosen),
        )
    ]


def is_measured(reason: str) -> bool:
    """Is ``reason`` the closing sentence of what the play-outs measured ("Over 48 deals of the hidden cards your
    play averaged …"), in the language read now? (The engine panel shows those numbers in its table.)"""
    for n in (1, 2, 5, 21):  # a number of each plural form
        for text in (
            tn(
                "Over {n} deal of the hidden cards your play averaged {mine}; {cards} averaged {best}.",
                "Over {n} deals of the hidden cards your play averaged {mine}; {cards} averaged {best}.",
                n,
                mine="\0",
                cards="\0",
                best="\0",
            ),
            tn(
                "Over {n} deal of the hidden cards your play averaged {mine}.",
                "Over {n} deals of the hidden cards your play averaged {mine}.",
                n,
                mine="\0",
            ),
        ):
            pattern = re.escape(text).replace(re.escape(str(n)), r"\d+", 1).replace(re.escape("\0"), ".+?")
            if re.fullmatch(pattern, reason):
                return True
    return False


def _levels(option: Option) -> str:
    d = option.detail
    assert d is not None
    return tn(
        "{change} levels for your side ({n} point to the attackers)",
        "{change} levels for your side ({n} points to the attackers)",
        round(d.attacker_points),
        change=f"{d.level_change:+.2f}",
    )


# -- the hint ladder ----------------------------------------------------------------------------


def hint_ladder(view: PlayerView, best: Sequence[Card]) -> tuple[str, str, str]:
    """Three hints towards ``best``, each giving more away: the idea, then the suit, then the cards."""
    trump = view.trump
    assert trump is not None
    return (_idea(view, best, trump), _suit_hint(best, trump), t("Play {cards}.", cards=format_cards(best)))


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
        if w in view.partner_seats():
            idea = tn(
                "Your partner {seat} is winning this trick ({n} point on the table): a chance to give points, not "
                "to win it.",
                "Your partner {seat} is winning this trick ({n} points on the table): a chance to give points, not "
                "to win it.",
                on_table,
                seat=seat_label(w, n),
            )
        else:
            idea = tn(
                "{seat} is winning this trick with {cards} ({n} point on the table): win it if it is worth it, "
                "otherwise give nothing away.",
                "{seat} is winning this trick with {cards} ({n} points on the table): win it if it is worth it, "
                "otherwise give nothing away.",
                on_table,
                seat=seat_label(w, n),
                cards=format_cards(view.trick[k]),
            )
        if have:
            return idea
        if lead_suit == "trump":
            void = t("You have no trumps: you may trump or discard anything.")
        else:
            void = t("You have no {suit}: you may trump or discard anything.", suit=t(SUIT_NAMES[lead_suit]))
        return joined([idea, void])
    if trump.is_trump(best[0]):
        return t("Think about trumps: leading them draws the opponents' trumps, so your long plain suit becomes safe.")
    if len(best) >= 2:
        return t("A pair or tractor that nobody can beat wins its trick and keeps the lead.")
    unseen = _unseen_higher(view, best[0], trump)
    if unseen == 0:
        return t("Lead a card that is the highest still out: nobody can beat it in its suit.")
    return t(
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
        return t("Play trumps.") if suit == "trump" else t("Play from your {suits}.", suits=_suit_words(suit))
    suits = sorted({trump.suit_of(c) for c in best})
    return t("Play from your {suits}.", suits=and_all(_suit_words(s) for s in suits))


def _suit_words(suit: str) -> str:
    return t("trumps") if suit == "trump" else t(SUIT_NAMES[suit])


# -- burying, declaring, calling ----------------------------------------------------------------


def _race_choices(
    kind: DecisionKind,
    view: PlayerView,
    choices: Sequence[_C],
    runs_of: Callable[[list[_C], str, int, int], list[list[float]]],
    plan: Plan,
    mine: int,
    every: bool = False,
    default: int | None = None,
) -> Assessment:
    """Race ``choices`` (``play.verdict.race``) on the values ``runs_of(choices, stream, skip, count)`` gives: the
    verdict on the learner's (``choices[mine]``) decision of the kind ``kind``, with its options measured (the best
    first; every choice with ``every``, else the best and the learner's) and the fresh deals the learner's was
    measured on. ``default`` is the race's."""
    cache: dict[tuple[str, int], list[float]] = {}

    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        missing = [k for k in which if len(cache.get((stream, k), ())) < start + count]
        if missing:
            have = min(len(cache.get((stream, k), ())) for k in missing)
            got = runs_of([choices[k] for k in missing], stream, have, start + count - have)
            for k, r in zip(missing, got, strict=True):
                cache[(stream, k)] = cache.get((stream, k), [])[:have] + r
        return [cache[(stream, k)][start : start + count] for k in which]

    best, measured = race(len(choices), values, plan, focus=None if every else [mine], default=default)
    out: dict[int, Option] = {}
    for m in measured:
        stream = "select" if m.status == RaceStatus.BEST and not cache.get((m.stream, m.index)) else m.stream
        if (stream, m.index) not in cache:  # a lone choice wins the race unmeasured: measure it for its figures
            values(stream, 0, 2, [m.index])
        runs = cache[(stream, m.index)][: max(m.deals, 2)] if stream != "select" else cache[(stream, m.index)]
        choice: Any = choices[m.index]
        out[m.index] = Option(
            tuple(choice or ()),
            sum(runs) / len(runs),
            _stderr(runs),
            m.loss,
            m.error,
            runs=tuple(runs),
            status=m.status,
        )
    options = tuple(out[m.index] for m in sorted(measured, key=lambda m: (m.status != RaceStatus.BEST, m.loss)))
    chosen, top = out[mine], out[best]
    return Assessment(kind, chosen, top, options, reasons_for(kind, view, chosen, top), len(chosen.runs))


def assess_burial(
    view: PlayerView,
    burial: Sequence[Card],
    budget: Budget | None = None,
    seed: int | str = 0,
    every: bool = False,
) -> Assessment:
    """The verdict on the dealer's burial (``view`` in its kitty phase, with the kitty in hand): the burial is
    raced against a few sensible ones (``burials``) as a play is (``assess_play``); with ``every``, every one of
    them is measured, not only the learner's and the best. The heuristic's burial (the first of ``burials``, the
    one ``SearchBot`` starts from) is the race's default: the best while the selection leaves it in contention,
    unless another is surely ahead of it on fresh deals."""
    budget = budget or COACH_BUDGET
    trump = view.trump
    assert trump is not None
    options = [tuple(b) for b in burials(view)]
    key = sorted(c.id for c in burial)
    if all(sorted(c.id for c in o) != key for o in options):
        options.append(tuple(burial))
    mine = next(k for k, o in enumerate(options) if sorted(c.id for c in o) == key)

    def runs_of(which: list[tuple[Card, ...]], stream: str, skip: int, count: int) -> list[list[float]]:
        return burial_runs(view, which, budget, f"{seed}:{stream}", samples=count, skip=skip)

    # one burial judged: as many deals as it takes; every burial judged (the engine's panel shows them all, on a
    # learner's click): a choice's plan, which keeps the panel at 2-3 s where this one took 7 s
    plan = choice_plan(budget) if every else burial_plan(budget)
    return _race_choices(DecisionKind.BURY, view, options, runs_of, plan, mine, every, default=0)  # the heuristic's


def _burial_reasons(view: PlayerView, chosen: Option, best: Option, trump: Trump) -> list[str]:
    mine = chosen.choice
    out: list[str] = []
    if chosen.grade != CoachGrade.GOOD:
        out += _burial_faults(view, mine, best.choice, trump)
    else:
        voids = _voids_made(view, mine, trump)
        if voids:
            out.append(
                t("Your burial empties your {suits}: good.", suits=and_all(t(SUIT_NAMES[s]) for s in sorted(voids)))
            )
        if points(mine):  # lesson 9's rule holds even where the play-outs found the risk small
            out.append(
                tn(
                    "But you buried {n} point, a risk: bury no points unless you are sure to keep the last trick: if "
                    "the attackers win it, the kitty's points count for them, multiplied (RULES §9). On the sampled "
                    "deals this time it cost less than an inaccuracy.",
                    "But you buried {n} points, a risk: bury no points unless you are sure to keep the last trick: "
                    "if the attackers win it, the kitty's points count for them, multiplied (RULES §9). On the "
                    "sampled deals this time it cost less than an inaccuracy.",
                    points(mine),
                )
            )
    out.append(
        t(
            "Over the sampled deals your burial averaged {mine}; the best found {best}.",
            mine=f"{chosen.value:+.2f}",
            best=f"{best.value:+.2f}",
        )
    )
    return out


def _burial_faults(view: PlayerView, mine: Sequence[Card], top: Sequence[Card], trump: Trump) -> list[str]:
    """What a burial graded down does worse than the best one, ``top``: the trumps and points it buries, and the
    voids it does not make."""
    out: list[str] = []
    k = sum(1 for c in mine if trump.is_trump(c)) - sum(1 for c in top if trump.is_trump(c))
    if k > 0:
        out.append(
            tn(
                "You buried {n} more trump than needed: trumps win tricks, keep them.",
                "You buried {n} more trumps than needed: trumps win tricks, keep them.",
                k,
            )
        )
    if points(mine) > points(top):
        buried = tn("You buried {n} point.", "You buried {n} points.", points(mine))
        out.append(joined([buried, t(BURY_RULE)]))
    voids_top, voids_mine = _voids_made(view, top, trump), _voids_made(view, mine, trump)
    if voids_top - voids_mine:
        out.append(
            t(
                "{cards} empties your {suits}: with a void you can trump that suit's leads.",
                cards=format_cards(top),
                suits=and_all(t(SUIT_NAMES[s]) for s in sorted(voids_top - voids_mine)),
            )
        )
    return out


def _voids_made(view: PlayerView, burial: Sequence[Card], trump: Trump) -> set[str]:
    kept = list(view.hand)
    for c in burial:
        kept.remove(c)
    before = {trump.suit_of(c) for c in view.hand if not trump.is_trump(c)}
    after = {trump.suit_of(c) for c in kept if not trump.is_trump(c)}
    return before - after


_CardsOrPass = tuple[Card, ...] | None
_C = TypeVar("_C")


def _judge_cards_or_pass(
    kind: DecisionKind,
    view: PlayerView,
    options: list[_CardsOrPass],
    choice: Sequence[Card] | None,
    runs_of: Callable[[list[_CardsOrPass], str, int, int], list[list[float]]],
    budget: Budget,
    every: bool,
) -> Assessment:
    """Race a choice of cards or a pass (``None``) among ``options`` (the choice added when missing), on the runs
    ``runs_of(options, stream, skip, count)`` gives (``_race_choices``, with ``choice_plan``)."""
    mine = tuple(choice) if choice else None
    if mine not in options:
        options.append(mine)
    return _race_choices(kind, view, options, runs_of, choice_plan(budget), options.index(mine), every)


def assess_declaration(
    view: PlayerView,
    choice: Sequence[Card] | None,
    budget: Budget | None = None,
    seed: int | str = 0,
    every: bool = False,
) -> Assessment:
    """The verdict on declaring ``choice`` (or passing: ``None``) at this point of the deal."""
    budget = budget or COACH_BUDGET

    def runs_of(which: list[_CardsOrPass], stream: str, skip: int, count: int) -> list[list[float]]:
        return declaration_runs(view, which, budget, f"{seed}:{stream}", later=True, samples=count, skip=skip)

    return _judge_cards_or_pass(DecisionKind.DECLARE, view, declaration_options(view), choice, runs_of, budget, every)


def assess_overturn(
    view: PlayerView,
    choice: Sequence[Card] | None,
    budget: Budget | None = None,
    seed: int | str = 0,
    every: bool = False,
) -> Assessment:
    """The verdict on overturning the trump with ``choice`` in chao dipi's turn (RULES §11), or passing (``None``):
    each choice played out on the same sampled deals (``overturn_runs``; fixed partners)."""
    budget = budget or COACH_BUDGET

    def runs_of(which: list[_CardsOrPass], stream: str, skip: int, count: int) -> list[list[float]]:
        return overturn_runs(view, which, budget, f"{seed}:{stream}", samples=count, skip=skip)

    return _judge_cards_or_pass(DecisionKind.OVERTURN, view, overturn_options(view), choice, runs_of, budget, every)


def _trumps_under(view: PlayerView, cards: Sequence[Card]) -> tuple[str, int]:
    """The trump an overturn with ``cards`` makes (the one standing when ``cards`` is empty), in words, and how many
    of the hand's cards are trumps under it."""
    if cards:
        trump = Trump(view.rank, None if cards[0].is_joker else cards[0].suit, view.rules.red_five)
    else:
        assert view.trump is not None
        trump = view.trump
    name = t("no-trump") if trump.suit is None else t(SUIT_NAMES[trump.suit])
    return name, sum(1 for c in view.hand if trump.is_trump(c))


def _overturn_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    out: list[str] = []
    now, held_now = _trumps_under(view, ())
    if chosen.grade != CoachGrade.GOOD:
        if best.choice and not chosen.choice:
            suit, held = _trumps_under(view, best.choice)
            out.append(
                tn(
                    "Overturning with {cards} makes {suit} trump: {n} of your cards would be trumps, against "
                    "{held_now} under {now} now, and you would bury the kitty yourself (RULES §11).",
                    "Overturning with {cards} makes {suit} trump: {n} of your cards would be trumps, against "
                    "{held_now} under {now} now, and you would bury the kitty yourself (RULES §11).",
                    held,
                    cards=format_cards(best.choice),
                    suit=suit,
                    held_now=held_now,
                    now=now,
                )
            )
        elif chosen.choice and not best.choice:
            suit, held = _trumps_under(view, chosen.choice)
            out.append(
                sentence_case(
                    tn(
                        "{suit} gives you {n} trumps against {held_now} under {now}: not enough to be worth "
                        "overturning, so passing was better (RULES §11).",
                        "{suit} gives you {n} trumps against {held_now} under {now}: not enough to be worth "
                        "overturning, so passing was better (RULES §11).",
                        held,
                        suit=suit,
                        held_now=held_now,
                        now=now,
                    )
                )
            )
        elif chosen.choice and best.choice:
            out.append(_overturn_suits(view, chosen.choice, best.choice))
    out.append(_averaged(chosen, best))
    return out


def _overturn_suits(view: PlayerView, mine: Sequence[Card], best: Sequence[Card]) -> str:
    """Why overturning with ``best`` beats overturning with ``mine``: the trumps each would give."""
    (s1, h1), (s2, h2) = _trumps_under(view, mine), _trumps_under(view, best)
    return sentence_case(
        tn(
            "{suit} gives you {n} trumps, {other} {other_held}: overturn into your long suit (RULES §11).",
            "{suit} gives you {n} trumps, {other} {other_held}: overturn into your long suit (RULES §11).",
            h2,
            suit=s2,
            other=s1,
            other_held=h1,
        )
    )


def _support(view: PlayerView, cards: Sequence[Card]) -> tuple[str, int]:
    """The suit a declaration makes trump, in words, and how many of the hand's cards would then be trumps."""
    if not cards or cards[0].is_joker:
        return t("no-trump"), sum(1 for c in view.hand if c.is_joker or c.rank == view.rank)
    suit = cards[0].suit
    assert suit is not None
    return t(SUIT_NAMES[suit]), sum(1 for c in view.hand if c.suit == suit or c.rank == view.rank or c.is_joker)


def _declaration_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    out: list[str] = []
    if chosen.grade != CoachGrade.GOOD:
        if best.choice and not chosen.choice:
            suit, held = _support(view, best.choice)
            out.append(
                tn(
                    "Declaring {cards} makes {suit} trump while you hold {n} cards that would be trumps: a long "
                    "trump suit wins the round.",
                    "Declaring {cards} makes {suit} trump while you hold {n} cards that would be trumps: a long "
                    "trump suit wins the round.",
                    held,
                    cards=format_cards(best.choice),
                    suit=suit,
                )
            )
        elif chosen.choice and not best.choice:
            suit, held = _support(view, chosen.choice)
            out.append(
                tn(
                    "With only {n} cards that would be trumps, {suit} is a weak trump suit: passing was better.",
                    "With only {n} cards that would be trumps, {suit} is a weak trump suit: passing was better.",
                    held,
                    suit=suit,
                )
            )
        elif chosen.choice and best.choice:
            (s1, h1), (s2, h2) = _support(view, chosen.choice), _support(view, best.choice)
            out.append(
                sentence_case(
                    tn(
                        "{suit} gives you {n} trumps, {other} {other_held}: declare in your long suit.",
                        "{suit} gives you {n} trumps, {other} {other_held}: declare in your long suit.",
                        h2,
                        suit=s2,
                        other=s1,
                        other_held=h1,
                    )
                )
            )
    jokers = [c for c in view.hand if c.is_joker]
    if len(jokers) >= 2 and len({c.id for c in jokers}) < len(jokers):
        out.append(t("Your joker pair can override another player's declaration later (RULES §10)."))
    out.append(_averaged(chosen, best))
    return out


def _averaged(chosen: Option, best: Option) -> str:
    """What the play-outs measured of a declaration or a chao dipi choice, and of the best."""
    return t(
        "Over the sampled deals your choice averaged {mine}; the best found {best}.",
        mine=f"{chosen.value:+.2f}",
        best=f"{best.value:+.2f}",
    )


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

    def runs_of(which: list[tuple[tuple[Card, int], ...]], stream: str, skip: int, count: int) -> list[list[float]]:
        return call_runs(view, which, budget, f"{seed}:{stream}", samples=count, skip=skip)

    return _race_choices(DecisionKind.CALL, view, options, runs_of, choice_plan(budget), options.index(mine), True)


def _call_reasons(view: PlayerView, chosen: Option, best: Option) -> list[str]:
    """Why a friend call is good or not: a first copy called that the dealer holds, and what the call averaged."""
    out: list[str] = []
    held = {c.id for c in view.hand}
    for card, ordinal in calls_in(chosen.choice):
        if card.id in held and ordinal == 1:
            out.append(
                t(
                    "You hold {card} yourself: if you play it first, you are your own friend. Call a card you do "
                    "not hold.",
                    card=format_cards([card]),
                )
            )
    out.append(
        t(
            "Over the sampled deals your call averaged {mine}; the best found {best}.",
            mine=f"{chosen.value:+.2f}",
            best=f"{best.value:+.2f}",
        )
    )
    return out
