"""A verdict is a measurement: choose the best choice on some deals, measure the others' losses on fresh ones.

Judging choices by playing them out on sampled deals has two traps. **The
winner's curse**: if the best choice is picked on the same deals the losses are
measured on, the luckiest choice looks best and every other choice's loss is
inflated by that luck. **Grading on noise**: a loss a little above the line
between good and not good may be nothing but sampling error. ``race`` avoids both:

1. **Selection.** Every choice is played on ``Plan.select`` deals of one stream.
   The choices that might still be within the threshold of the leader (paired,
   deal by deal) get as many deals again, and the leader of those is the
   **best**. Ties go to the earlier choice, so a caller orders its choices by
   what a player prefers when nothing else tells them apart. A choice that the
   caller's logic shows is surely no worse than the best on every deal
   (``surely``) is the best instead: few deals cannot tell such twins apart, and
   every loss is then measured against the one a strong player would make. So is a
   ``default`` (the play a strong player makes by rule) while it is still in
   contention: the selection's few deals crown no rival over it.
2. **Measurement.** On a *fresh* stream of deals, each choice being judged is
   played beside the best, and its **loss** is the mean of the paired
   differences (best − it), with the standard error of that mean.
3. **A second look.** When the fresh deals show a measured choice surely ahead
   of the best (the upper bound of its loss below zero), the selection was
   unlucky: that choice is the best instead, and every loss is measured again
   against it on a third stream of deals ("again"), so that the deals that
   crowned it do not also measure the others.
4. **Racing.** A choice is **worse** only when the lower confidence bound of its
   loss (``loss − z × error``) reaches the threshold, **good** when the upper
   bound stays under it. A choice still in doubt gets twice the deals, up to
   ``Plan.cap``; one still in doubt there is a **close** call, said as such,
   never guessed. Decided choices stop drawing deals, so a clear verdict is fast
   and a close one is careful. The bound is wider at the early looks
   (``z = Z × (cap / deals) ** 0.25``, a Wang–Tsiatis boundary): a few deals
   with a lucky run, or with a spread they underestimate, decide nothing.

The deals come from the caller's ``values(stream, start, count, which)``: the
values of choices ``which`` on deals ``start`` to ``start + count`` of the stream
named ``stream`` ("select", "measure" or "again"), the same deals for every choice.

>>> import random
>>> from shengji_tutor.play.verdict import Plan, race
>>> rng = random.Random(0)
>>> truth = [0.0, -0.05, -0.6]   # three choices; the last loses 0.6 on average
>>> noise = [[rng.gauss(0, 0.3) for _ in range(400)] for _ in ("select", "measure")]
>>> def values(stream, start, count, which):
...     deals = noise[stream == "measure"][start:start + count]
...     return [[truth[k] + d for d in deals] for k in which]
>>> best, measured = race(3, values, Plan(select=8, measure=16, cap=128))
>>> best, [m.status for m in measured]
(0, [RaceStatus.BEST, RaceStatus.GOOD, RaceStatus.WORSE])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.closed import Closed

__all__ = ["SLIGHT", "STATUSES", "Measured", "Plan", "RaceStatus", "Values", "Z", "look_z", "race", "status_of"]

Z = 1.96
"""How many standard errors past the line a loss must be to decide a verdict: a one-sided 97.5% bound at each
look, so that over the few looks a race takes (each with twice the deals) at most about one verdict in twenty is
decided wrongly."""


class RaceStatus(Closed):
    """A choice's verdict at the end of a race (see the module docstring); ``UNDECIDED`` while it is measured on,
    and for a judgement made without a race."""

    BEST = "best"
    GOOD = "good"
    CLOSE = "close"
    WORSE = "worse"
    UNDECIDED = ""


STATUSES = (RaceStatus.BEST, RaceStatus.GOOD, RaceStatus.CLOSE, RaceStatus.WORSE)
SLIGHT = 0.5
"""A lead surely under this share of the line, between two choices whose verdicts are decided, is not measured on
to learn whether it is surely there at all: it would change which is named the best, not any grade, and measuring
a lead of a hundredth of a level to the cap took seconds (decision 31 of the trust benchmark: 2.3 s)."""

Values = Callable[[str, int, int, Sequence[int]], Sequence[Sequence[float]]]
"""``values(stream, start, count, which)``: each choice of ``which``'s value on those deals of that stream."""


@dataclass(frozen=True)
class Plan:
    """How many deals a verdict may use: ``select`` to choose the best on (twice that for the choices still in
    contention), ``measure`` fresh deals to begin measuring the losses, and at most ``cap`` fresh deals for a
    choice still in doubt. ``threshold`` is the loss (value units) a choice must clearly reach to be worse."""

    select: int
    measure: int
    cap: int
    threshold: float = 0.10

    def __post_init__(self) -> None:
        for name in ("select", "measure", "cap"):
            value = getattr(self, name)
            if type(value) is not int or value < 2:
                raise ValueError(f"a plan's {name} is a whole number of at least 2, not {value!r}")
        if self.cap < self.measure:
            raise ValueError(f"a plan's cap ({self.cap}) is at least its first measurement ({self.measure})")


@dataclass(frozen=True)
class Measured:
    """One choice's verdict: its ``loss`` against the best on fresh deals and that loss's standard ``error``,
    on ``deals`` fresh deals of ``stream``; ``status`` is "best", "good", "close" or "worse" (see the module
    docstring). ``mean`` is its mean value on the selection deals it met."""

    index: int
    loss: float
    error: float
    deals: int
    status: RaceStatus
    mean: float
    stream: str = "measure"
    """The stream whose deals measured it ("measure", or "again" after a second look)."""

    @property
    def low(self) -> float:
        """The lower confidence bound of the loss."""
        return self.loss - Z * self.error

    @property
    def high(self) -> float:
        """The upper confidence bound of the loss."""
        return self.loss + Z * self.error


def status_of(loss: float, error: float, threshold: float, final: bool, z: float = Z) -> RaceStatus:
    """ "worse" when the loss's lower bound (``z`` errors below it) reaches ``threshold``, "good" when its upper
    bound stays under it, else "close" once no more deals will come (``final``) or "" (undecided: measure more).

    >>> from shengji_tutor.play.verdict import status_of
    >>> status_of(0.5, 0.05, 0.1, False), status_of(0.02, 0.03, 0.1, False), status_of(0.12, 0.1, 0.1, True)
    (RaceStatus.WORSE, RaceStatus.GOOD, RaceStatus.CLOSE)
    """
    if loss - z * error >= threshold:
        return RaceStatus.WORSE
    if loss + z * error < threshold:
        return RaceStatus.GOOD
    return RaceStatus.CLOSE if final else RaceStatus.UNDECIDED


def look_z(deals: int, cap: int) -> float:
    """The bound's width, in standard errors, at a look after ``deals`` of at most ``cap``: ``Z`` at the cap,
    wider before it (see the module docstring).

    >>> from shengji_tutor.play.verdict import look_z
    >>> round(look_z(96, 96), 2), round(look_z(24, 96), 2)
    (1.96, 2.77)
    """
    return float(Z * (cap / deals) ** 0.25)


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _gaps(best: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    return _mean_error([a - b for a, b in zip(best, other, strict=False)])


def race(
    count: int,
    values: Values,
    plan: Plan,
    focus: Sequence[int] | None = None,
    surely: Callable[[int], int | None] | None = None,
    default: int | None = None,
) -> tuple[int, list[Measured]]:
    """The best of ``count`` choices and each judged choice's verdict (see the module docstring), by index.

    ``focus`` names the choices to measure (every one by default); the others are chosen among but not
    measured, and have no entry. The best is always first in the list. When the one choice in ``focus`` is the
    one chosen, it is measured on fresh deals all the same, against every rival still in contention after the
    selection (the runner-up at least; those the selection ranked above it when the default was chosen over the
    leader), and a rival surely ahead there is the best: no choice escapes measurement by being chosen. When the
    one choice asked about is another, it is measured against the one chosen, and each other rival still in
    contention meets the one chosen on the first fresh deals: one surely ahead there is the best, and the choice
    asked about is measured again against it (a second look, as every choice has when all are judged). ``surely(k)``, when given, names a choice surely no worse than ``k`` on every deal (or
    ``None``): it replaces the one chosen before anything is measured. ``default``, when given, is the choice a
    strong player makes by rule (the steady player's play, the heuristic's burial): it is the one chosen while it
    is still in contention after the whole selection (the lower bound of its loss to the leader under the line),
    so that near twins are not told apart by the selection's few deals and the recommendation is the same at every
    seed; a rival surely ahead of it on fresh deals is then the best by the second look.
    """
    if count < 1:
        raise ValueError("a race needs at least one choice")
    if count == 1:
        return 0, [Measured(0, 0.0, 0.0, 0, RaceStatus.BEST, 0.0)]
    means, contenders, leader, overruled = _select(values, plan, count, default)
    seen: set[int] = set()
    best = _twin(leader, surely, seen)  # the losses are measured against the play that surely does as well for less
    asked = list(dict.fromkeys(focus)) if focus is not None else []
    if asked == [best]:
        return _chosen_asked(values, plan, best, contenders, means, overruled)
    judged = [k for k in (range(count) if focus is None else asked) if k != best]
    runs, status = _measure(values, best, judged, plan)
    if len(asked) == 1:
        # the one choice asked about did clearly better than the one chosen, on fresh deals: it is the best
        # (measured on, up to the cap, while it is ahead by more than a standard error and that is still in doubt)
        (k,) = judged
        if _measure_on(values, best, k, runs, status, plan, judged_leads=True, settle=False):
            return k, [Measured(k, 0.0, 0.0, len(runs[k]), RaceStatus.BEST, means[k])]
        passing = _rivals_ahead(values, plan, best, [r for r in contenders if r not in (best, k)])
    else:
        # a second look: the selection was unlucky; the choice most surely ahead is the best, and every loss is
        # measured again against it on deals that neither chose it nor crowned it
        passing = [(k, _gaps(runs[best][: len(runs[k])], runs[k])[0]) for k in judged if _ahead(runs[best], runs[k])]
    if passing:
        return _look_again(values, plan, best, judged, passing, surely, seen, means)
    return best, _verdicts(runs, best, judged, status, means)


def _select(
    values: Values, plan: Plan, count: int, default: int | None
) -> tuple[list[float], list[int], int, int | None]:
    """The selection (see the module docstring): each choice's mean on the selection deals it met, the choices in
    contention, the one chosen (the leader, or ``default`` while in contention) and the leader it overruled."""
    everyone = list(range(count))
    first = [list(r) for r in values("select", 0, plan.select, everyone)]
    means = [sum(r) / len(r) for r in first]
    leader = max(everyone, key=lambda k: (means[k], -k))
    contenders = [k for k in everyone if k == leader or _low(first[leader], first[k]) < plan.threshold]
    if len(contenders) > 1:
        more = values("select", plan.select, plan.select, contenders)
        for k, r in zip(contenders, more, strict=True):
            first[k] += list(r)
            means[k] = sum(first[k]) / len(first[k])
        leader = max(contenders, key=lambda k: (means[k], -k))
    overruled = None  # the selection's leader when the default is chosen instead
    if default is not None and default in contenders and _low(first[leader], first[default]) < plan.threshold:
        overruled = None if leader == default else leader
        leader = default  # still in contention after the whole selection: the fresh deals' second look decides
    return means, contenders, leader, overruled


def _chosen_asked(
    values: Values, plan: Plan, best: int, contenders: list[int], means: list[float], overruled: int | None
) -> tuple[int, list[Measured]]:
    """``race`` when the choice asked about is the one chosen: it is still measured on fresh deals, against each
    rival that was in contention (the runner-up at least), and a rival surely ahead there is the best instead
    (the default chosen over the selection's leader: the rivals the selection ranked above it)."""
    rivals = [k for k in contenders if k != best and means[k] > means[best]] if overruled is not None else []
    rivals = (
        rivals
        or [k for k in contenders if k != best]
        or [max((k for k in range(len(means)) if k != best), key=lambda k: (means[k], -k))]
    )
    found, deals = _beaten_by(values, best, rivals, plan, means)
    if found is not None:
        return found[0].index, found
    return best, [Measured(best, 0.0, 0.0, deals, RaceStatus.BEST, means[best])]


def _rivals_ahead(values: Values, plan: Plan, best: int, rivals: list[int]) -> list[tuple[int, float]]:
    """A second look for one choice asked about, not the one chosen: each other rival still in contention after the
    selection meets the one chosen (``best``) on the first fresh deals; those surely ahead there, with their mean
    gaps, are passed to ``_look_again``, and the choice asked about is measured again against the one most surely
    ahead on deals that neither chose it nor crowned it (else a lucky selection among near twins measured the choice
    against its twin: a loss of nothing where the rival's is 0.2 level)."""
    if not rivals:
        return []
    got = values("measure", 0, plan.measure, [best, *rivals])
    chosen = list(got[0])
    return [(r, _gaps(chosen, list(g))[0]) for r, g in zip(rivals, got[1:], strict=True) if _ahead(chosen, g)]


def _look_again(
    values: Values,
    plan: Plan,
    best: int,
    judged: Sequence[int],
    passing: Sequence[tuple[int, float]],
    surely: Callable[[int], int | None] | None,
    seen: set[int],
    means: Sequence[float],
) -> tuple[int, list[Measured]]:
    """A second look: of ``passing`` (each choice surely ahead of ``best`` on fresh deals, with its mean gap to it),
    the one most surely ahead (or the choice surely no worse than it) is the best, and ``best`` and ``judged`` are
    measured again against it on deals that neither chose it nor crowned it."""
    new = _twin(min(passing, key=lambda kg: kg[1])[0], surely, seen)
    again = [k for k in [best, *judged] if k != new]
    runs, status = _measure(values, new, again, plan, "again")
    return new, _verdicts(runs, new, again, status, means, "again")


def _beaten_by(
    values: Values, best: int, rivals: Sequence[int], plan: Plan, means: Sequence[float]
) -> tuple[list[Measured] | None, int]:
    """Each rival raced against ``best`` on the fresh stream (as if the rival were the best): the verdicts of the
    rival that beats ``best`` most clearly, rival first, or None when none does; and the most fresh deals ``best``
    met. A rival beats it when ``best`` is graded worse against it, or when the rival is surely ahead however little
    (the lower bound of ``best``'s loss above zero; measured on, up to the cap, while the rival is ahead by more than
    a standard error and that is still in doubt): the same rule that crowns a choice asked about that did better
    than the one chosen, so a verdict does not depend on which of two plays is asked about. With none beating it, a
    rival ahead of it whose lead may still reach the line (``best``'s verdict against it a close call at the cap)
    is returned the same way: the choice asked about is then a close call, not "the best found" (it was graded good
    at one seed and down at another)."""
    beaten: list[list[Measured]] = []
    doubted: list[list[Measured]] = []
    deals = 0
    for rival in rivals:
        runs, status = _measure(values, rival, [best], plan)
        ahead = _measure_on(values, rival, best, runs, status, plan, judged_leads=False, settle=True)
        deals = max(deals, len(runs[best]))
        verdicts = _verdicts(runs, rival, [best], status, means)
        if status[best] is RaceStatus.WORSE or ahead:
            beaten.append(verdicts)
        elif status[best] is RaceStatus.CLOSE and verdicts[1].loss > 0:
            doubted.append(verdicts)
    found = beaten or doubted
    if not found:
        return None, deals
    return max(found, key=lambda pair: (pair[1].loss, -pair[0].index)), deals  # the earlier of equals


def _measure_on(
    values: Values,
    ref: int,
    judged: int,
    runs: dict[int, list[float]],
    status: dict[int, RaceStatus],
    plan: Plan,
    *,
    judged_leads: bool,
    settle: bool,
) -> bool:
    """Measure ``ref`` and ``judged`` on together (the two met the same deals: one is never measured without the
    other), up to the cap, while ``judged``'s status (its loss against ``ref``) is undecided or the leader —
    ``judged`` with ``judged_leads``, else ``ref`` — is ahead by more than a standard error but not surely ahead;
    ``status[judged]`` follows. Whether the leader is surely ahead at the end (the lower bound of its lead above
    zero). A sure lead ends the measuring at once, unless ``settle`` asks for ``judged``'s status decided too."""
    while True:
        n = len(runs[judged])
        loss, error = _gaps(runs[ref][:n], runs[judged])
        lead = -loss if judged_leads else loss
        sure = lead - look_z(n, plan.cap) * error > 0
        decided = bool(status[judged])
        slight = lead + look_z(n, plan.cap) * error < plan.threshold * SLIGHT
        if n >= plan.cap or (sure and (decided or not settle)) or (decided and (lead <= error or slight)):
            return sure
        size = min(plan.cap, 2 * n)
        for j, r in zip((ref, judged), values("measure", n, size - n, [ref, judged]), strict=True):
            runs[j] = runs[j][:n] + list(r)
        status[judged] = status_of(
            *_gaps(runs[ref], runs[judged]), plan.threshold, size >= plan.cap, look_z(size, plan.cap)
        )


def _twin(k: int, surely: Callable[[int], int | None] | None, seen: set[int]) -> int:
    """``k``, or the choice ``surely`` names as surely no worse than it (and so on, each once: ``seen`` keeps the
    choices already taken, across calls)."""
    seen.add(k)
    while surely is not None and (twin := surely(k)) is not None and twin not in seen:
        k = twin
        seen.add(k)
    return k


def _ahead(best: Sequence[float], other: Sequence[float]) -> bool:
    """Whether ``other`` is ahead of ``best`` on the deals it met by more than ``Z`` standard errors. (Not the
    wider bound of an early look: a second look costs deals, not a verdict, and the verdicts come from it.)"""
    n = len(other)
    loss, error = _gaps(best[:n], other)
    return loss + Z * error < 0


def _low(best: Sequence[float], other: Sequence[float]) -> float:
    """The lower confidence bound of ``other``'s loss against ``best``, deal by deal."""
    loss, error = _gaps(best, other)
    return loss - Z * error


def _verdicts(
    runs: dict[int, list[float]],
    best: int,
    judged: Sequence[int],
    status: dict[int, RaceStatus],
    means: Sequence[float],
    stream: str = "measure",
) -> list[Measured]:
    """The best's entry, then each judged choice's loss against it on the fresh deals of ``stream`` it met."""
    out = [Measured(best, 0.0, 0.0, len(runs[best]), RaceStatus.BEST, means[best], stream)]
    for k in judged:
        loss, error = _gaps(runs[best][: len(runs[k])], runs[k])
        out.append(Measured(k, loss, error, len(runs[k]), status[k], means[k], stream))
    return out


def _measure(
    values: Values, best: int, judged: Sequence[int], plan: Plan, stream: str = "measure"
) -> tuple[dict[int, list[float]], dict[int, RaceStatus]]:
    """Each of ``judged`` raced against ``best`` on a fresh ``stream``: their values there, and their statuses."""
    runs: dict[int, list[float]] = {k: [] for k in [best, *judged]}
    status: dict[int, RaceStatus] = {}
    todo = list(judged)
    size = plan.measure
    done = 0
    while todo:
        got = values(stream, done, size - done, [best, *todo])
        for k, r in zip([best, *todo], got, strict=True):
            runs[k] += list(r)
        done = size
        final = size >= plan.cap
        z = look_z(size, plan.cap)
        for k in todo:
            status[k] = status_of(*_gaps(runs[best], runs[k]), plan.threshold, final, z)
        todo = [k for k in todo if not status[k]]
        size = min(plan.cap, 2 * size)
    return runs, status
