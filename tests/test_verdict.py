"""Verdicts as measurements (play/verdict.py): the best chosen on some deals, losses measured on fresh ones, and a
choice graded down only when its loss's lower bound clears the line; undecided choices are raced, then close."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from shengji_tutor.play import verdict
from shengji_tutor.play.verdict import Plan, Values, Z, race, status_of

PLAN = Plan(select=8, measure=16, cap=128)


def noisy(truth: Sequence[float], sd: float, seed: int = 0) -> tuple[Values, list[tuple[str, int, int, list[int]]]]:
    """A ``values`` for ``race`` where choice k is worth ``truth[k]`` plus deal-by-deal noise shared by every
    choice (paired deals) and a little of its own; and the log of what it was asked."""
    rng = random.Random(seed)
    shared = {s: [rng.gauss(0, 1.0) for _ in range(2000)] for s in ("select", "measure")}
    own = {s: [[rng.gauss(0, sd) for _ in range(2000)] for _ in truth] for s in ("select", "measure")}
    shared["again"] = [rng.gauss(0, 1.0) for _ in range(2000)]  # a second look's stream
    own["again"] = [[rng.gauss(0, sd) for _ in range(2000)] for _ in truth]
    asked: list[tuple[str, int, int, list[int]]] = []

    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        asked.append((stream, start, count, list(which)))
        return [[truth[k] + shared[stream][d] + own[stream][k][d] for d in range(start, start + count)] for k in which]

    return values, asked


def streams(worth: dict[str, list[float]], own: float) -> Values:
    """A ``values`` where choice k is worth ``worth[stream][k]`` (a stream not named: as on "measure") plus a
    deal's noise shared by every choice (sd 1) and its own (sd ``own``), the same whichever choices are asked."""

    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        lead = worth.get(stream, worth["measure"])
        return [
            [
                lead[k]
                + random.Random(f"{stream}:{d}").gauss(0, 1.0)
                + random.Random(f"{stream}:{d}:{k}").gauss(0, own)
                for d in range(start, start + count)
            ]
            for k in which
        ]

    return values


@pytest.mark.parametrize(
    ("loss", "error", "final", "status"),
    [
        (0.5, 0.05, False, "worse"),  # the lower bound clears the line
        (0.1 + Z * 0.05, 0.05, False, "worse"),  # exactly on it
        (0.1 + Z * 0.05 - 0.001, 0.05, False, ""),  # a hair short: measure more
        (0.1 + Z * 0.05 - 0.001, 0.05, True, "close"),  # ... and at the cap it is a close call, not a guess
        (0.0, 0.02, False, "good"),  # the upper bound stays under the line
        (-0.3, 0.1, False, "good"),  # better than the best on the fresh deals
        (0.12, 0.0, False, "worse"),  # no noise at all
    ],
)
def test_a_verdict_is_decided_only_by_its_confidence_bounds(
    loss: float, error: float, final: bool, status: str
) -> None:
    assert status_of(loss, error, 0.1, final) == status


def test_a_clear_loser_is_graded_down_fast_and_a_twin_of_the_best_is_good() -> None:
    values, _asked = noisy([0.0, 0.0, -0.8], sd=0.05)
    best, measured = race(3, values, PLAN)
    statuses = {m.index: m.status for m in measured}
    assert statuses[best] == "best"
    assert statuses[2] == "worse"
    assert statuses[1 - best if best in (0, 1) else 0] == "good"
    loser = next(m for m in measured if m.index == 2)
    assert loser.deals == PLAN.measure  # decided at the first look
    assert loser.loss == pytest.approx(0.8, abs=0.1)


def test_the_loss_is_measured_on_fresh_deals_not_those_the_best_was_chosen_on() -> None:
    values, asked = noisy([0.0, -0.3], sd=0.3)
    race(2, values, PLAN)
    streams = [a[0] for a in asked]
    assert streams[0] == "select"
    assert "measure" in streams
    assert all(a[1] >= 0 for a in asked)
    first_measure = next(a for a in asked if a[0] == "measure")
    assert first_measure[1] == 0  # the measurement starts its own stream: no deal of the selection is reused


def test_the_winners_curse_does_not_inflate_the_losses() -> None:
    # six equal choices: judged on the deals the best was picked on, every other one would seem to lose
    downs = 0
    for seed in range(40):
        values, _ = noisy([0.0] * 6, sd=0.4, seed=seed)
        _, measured = race(6, values, PLAN)
        downs += sum(1 for m in measured if m.status == "worse")
    assert downs <= 0.05 * 40 * 5  # at most one in twenty equal choices graded down


def test_a_loss_near_the_line_is_raced_to_the_cap_then_called_close() -> None:
    values, asked = noisy([0.0, -0.1], sd=0.6)
    _best, measured = race(2, values, PLAN)
    other = next(m for m in measured if m.status != "best")
    assert other.status == "close"
    assert other.deals == PLAN.cap
    assert other.low < PLAN.threshold <= other.high
    # only the choices still in doubt (and the best) met the extra deals
    assert all(sorted(a[3]) == [0, 1] for a in asked if a[0] == "measure")


def test_focus_measures_only_the_choices_asked_about() -> None:
    values, asked = noisy([0.0, -0.9, -0.9, -0.05], sd=0.05)
    best, measured = race(4, values, PLAN, focus=[3])
    assert best == 0
    assert [m.index for m in measured] == [0, 3]
    assert all(set(a[3]) <= {0, 3} for a in asked if a[0] == "measure")


def test_ties_go_to_the_earlier_choice() -> None:
    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        return [[0.5] * count for _ in which]

    best, measured = race(3, values, PLAN)
    assert best == 0
    assert {m.status for m in measured[1:]} == {"good"}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"select": 1, "measure": 16, "cap": 64}, "select is a whole number of at least 2"),
        ({"select": 8, "measure": 16, "cap": 8}, "cap (8) is at least its first measurement (16)"),
        ({"select": 8, "measure": 2.5, "cap": 64}, "measure is a whole number"),
    ],
)
def test_a_bad_plan_is_refused_by_name(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Plan(**fields)  # type: ignore[arg-type]


def test_a_choice_chosen_as_best_is_still_measured_against_the_runner_up() -> None:
    # the selection deals flatter choice 0; on fresh deals choice 1 is clearly better
    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        worth = {"select": [0.5, 0.0], "measure": [0.0, 0.6]}[stream]
        return [[worth[k] + 0.01 * ((d * 7 + k) % 5) for d in range(start, start + count)] for k in which]

    best, measured = race(2, values, PLAN, focus=[0])
    assert best == 1
    assert [(m.index, m.status) for m in measured] == [(1, "best"), (0, "worse")]
    # and when the fresh deals agree with the selection, it stays the best, measured
    best, measured = race(2, lambda s, a, c, w: values("select", a, c, w), PLAN, focus=[0])
    assert best == 0
    assert measured[0].status == "best"
    assert measured[0].deals >= PLAN.measure


def test_a_choice_asked_about_that_does_clearly_better_on_fresh_deals_is_the_best() -> None:
    # choice 0 looks best on the selection deals (rigged), but on fresh deals the choice asked about, 1, is surely
    # better by less than the line: measured on while it is ahead, it is the best, not "good against 0"
    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        out = []
        for k in which:  # the deals' own noise is shared by every choice (paired deals), whatever order they come in
            base = [random.Random(f"{stream}:{d}").gauss(0, 0.2) for d in range(start, start + count)]
            if stream == "select":
                out.append([b + (0.5 if k == 0 else 0.0) for b in base])
            else:
                out.append(
                    [
                        b + (0.06 if k == 1 else 0.0) + random.Random(f"{k}:{start}:{j}").gauss(0, 0.05)
                        for j, b in enumerate(base)
                    ]
                )
        return out

    best, measured = race(2, values, PLAN, focus=[1])
    assert best == 1
    assert [(m.index, m.status) for m in measured] == [(1, "best")]
    # the same race about choice 0 says the same: 1 is the best and 0, surely behind it by less than the line, is
    # good (the verdict does not depend on which of the two plays is asked about)
    best, measured = race(2, values, PLAN, focus=[0])
    assert best == 1
    assert [(m.index, m.status) for m in measured] == [(1, "best"), (0, "good")]
    assert 0 < measured[1].loss < PLAN.threshold


def test_a_choice_chosen_on_lucky_deals_is_not_called_best_when_a_rival_is_surely_ahead_on_fresh_ones() -> None:
    # the selection deals flatter choice 0 by 0.3; on fresh deals 1 is ahead by 0.2 with a wide spread: not clearly
    # past the line, but surely ahead, so 1 is the best and 0's loss is told, measured to the cap if need be
    values = streams({"select": [0.3, 0.0], "measure": [0.0, 0.2]}, own=0.6)
    best, measured = race(2, values, PLAN, focus=[0])
    assert best == 1
    (top, mine) = measured
    assert (top.index, top.status, mine.index) == (1, "best", 0)
    assert mine.status in ("good", "close")
    assert mine.loss - mine.error * Z > 0


def test_a_twin_surely_no_worse_than_the_one_chosen_is_the_best_and_the_losses_are_measured_against_it() -> None:
    # the selection deals flatter choice 0; choice 1 is (by the caller's logic) surely no worse than 0, and on fresh
    # deals it is 0.3 better than both 0 and the choice asked about, 2: measured against 0, 2 would be "good"; the
    # race measures it against 1, the play a strong player makes, and grades it worse
    values, _ = noisy([0.0, 0.3, 0.0], sd=0.1)

    def flattered(stream: str, start: int, count: int, which: Sequence[int]) -> Sequence[Sequence[float]]:
        rows = values(stream, start, count, which)
        return [
            [v + (1.0 if stream == "select" and k == 0 else 0.0) for v in r] for k, r in zip(which, rows, strict=True)
        ]

    best, measured = race(3, flattered, PLAN, focus=[2])
    assert best == 0  # without the logic, the race keeps its own choice and 2 looks as good as it
    assert measured[-1].status == "good"
    best, measured = race(3, flattered, PLAN, focus=[2], surely=lambda k: 1 if k == 0 else None)
    assert best == 1
    assert [(m.index, m.status) for m in measured] == [(1, "best"), (2, "worse")]
    assert measured[1].loss == pytest.approx(0.3, abs=0.1)


def test_a_choice_surely_ahead_of_the_best_on_fresh_deals_is_the_best_and_every_loss_is_measured_again() -> None:
    # the selection deals flatter choice 0 by 0.6 (an unlucky selection); on fresh deals choice 2 is 0.5 ahead of it
    # and choice 1 0.3 ahead: the fresh deals show the best was wrong, so 2 is the best, and the losses of 0 and 1
    # are measured against 2 on a third stream, not on the deals that crowned 2
    truth = {"select": [0.6, 0.0, 0.0], "measure": [0.0, 0.3, 0.5], "again": [0.0, 0.3, 0.5]}
    asked: list[str] = []

    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        asked.append(stream)
        out = []
        for k in which:
            row = []
            for d in range(start, start + count):
                shared = random.Random(f"{stream}:{d}").gauss(0, 1.0)
                row.append(truth[stream][k] + shared + random.Random(f"{stream}:{d}:{k}").gauss(0, 0.1))
            out.append(row)
        return out

    best, measured = race(3, values, PLAN)
    assert best == 2
    assert (measured[0].index, measured[0].status) == (2, "best")
    verdicts = {m.index: m for m in measured[1:]}
    assert set(verdicts) == {0, 1}
    assert {m.stream for m in measured} == {"again"}
    assert [verdicts[k].status for k in (0, 1)] == ["worse", "worse"]
    assert verdicts[0].loss == pytest.approx(0.5, abs=0.1)
    assert verdicts[1].loss == pytest.approx(0.2, abs=0.1)
    assert "again" in asked


def test_without_a_rival_surely_ahead_there_is_no_second_look() -> None:
    values, asked = noisy([0.0, -0.05, -0.6], 0.3)
    best, measured = race(3, values, PLAN)
    assert best == 0
    assert {m.stream for m in measured} == {"measure"}
    assert {stream for stream, *_ in asked} == {"select", "measure"}


def test_one_choice_asked_about_is_measured_against_a_rival_the_selection_passed_over() -> None:
    # the selection deals flatter choice 0 a little over 2 (both stay in contention); the choice asked about, 1, is
    # 0's twin; on fresh deals 2 is clearly the best. Measured against 0 alone, 1 would lose nothing: the second
    # look crowns 2, and 1's loss is measured against it on deals that neither chose it nor crowned it
    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        worth = {"select": [0.05, 0.05, 0.0], "measure": [0.0, 0.0, 0.5], "again": [0.0, 0.0, 0.5]}[stream]
        return [
            [
                worth[k] + 0.3 * ((d * 7 + 3 * k) % 5 == 0) + 0.01 * ((d * 3 + k) % 4)
                for d in range(start, start + count)
            ]
            for k in which
        ]

    best, measured = race(3, values, PLAN, focus=[1])
    assert best == 2
    mine = next(m for m in measured if m.index == 1)
    assert mine.status == "worse"
    assert mine.stream == "again"


def test_the_default_is_the_best_while_it_is_in_contention() -> None:
    # choices 0 and 1 are near twins (1 a little better, by less than the noise of the selection deals); the
    # default, 0, is what a strong player plays by rule: it stays the best, and 1 is measured against it
    values, _ = noisy([0.0, 0.02, -0.8], 0.3, seed=2)
    assert race(3, values, PLAN)[0] == 1  # without a default the noise crowns the leader
    best, measured = race(3, values, PLAN, default=0)
    assert best == 0
    assert {m.index: m.status for m in measured}[1] == "good"
    # a leader surely ahead of the default by more than the line on the selection deals is the best
    values, _ = noisy([0.0, 0.9, -0.8], 0.05)
    best, _ = race(3, values, PLAN, default=0)
    assert best == 1
    # and a default out of contention after the first selection deals is not brought back
    values, _ = noisy([-0.8, 0.0, 0.02], 0.05)
    best, _ = race(3, values, PLAN, default=0)
    assert best != 0


def test_a_choice_chosen_as_best_is_a_close_call_when_a_rival_may_be_a_line_ahead() -> None:
    # the choice asked about, 0, is chosen on flattering selection deals; on fresh deals rival 1 is ahead of it by
    # about the line, too noisily to say whether by more or less: 0 is not "the best found" but a close call
    values = streams({"select": [0.5, 0.0], "measure": [0.0, 0.1]}, own=1.0)
    best, measured = race(2, values, PLAN, focus=[0])
    assert best == 1
    assert [(m.index, m.status) for m in measured] == [(1, "best"), (0, "close")]


def test_a_slight_lead_between_decided_choices_is_not_measured_to_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    # the choice asked about, 0, is the one chosen and good; rival 1 leads it by 0.02 (a fifth of the line) with a
    # spread that takes 500 deals to show the lead surely there. Surely under half the line after 256 deals, it is
    # not measured on: which of two near twins is named the best is not worth a second of the learner's time
    plan = Plan(select=8, measure=16, cap=512)

    def values(stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        lead = 0.0 if stream == "select" else 0.02
        return [[k * (lead + 0.15 * (1 if d % 2 == 0 else -1)) for d in range(start, start + count)] for k in which]

    best, measured = race(2, values, plan, focus=[0], default=0)
    assert (best, measured[0].status) == (0, "best")
    assert measured[0].deals == 256
    monkeypatch.setattr(verdict, "SLIGHT", 0.0)
    assert race(2, values, plan, focus=[0], default=0)[1][0].deals == plan.cap  # measured on, as before


def test_a_default_chosen_over_the_leader_is_measured_against_that_leader() -> None:
    # the selection prefers 1 a little (0 stays in contention, and is the default); on fresh deals 1 is clearly
    # better. Asked about the default, the race measures it against the rivals the selection ranked above it (the
    # leader it overruled) and crowns the leader; 2, ranked below the default, is not measured again
    values = streams({"select": [0.0, 0.05, -0.15], "measure": [0.0, 0.4, 0.0]}, own=0.3)
    asked: list[tuple[str, list[int]]] = []

    def logged(stream: str, start: int, count: int, which: Sequence[int]) -> Sequence[Sequence[float]]:
        asked.append((stream, list(which)))
        return values(stream, start, count, which)

    best, measured = race(3, logged, PLAN, focus=[0], default=0)
    assert best == 1
    assert [(m.index, m.status) for m in measured] == [(1, "best"), (0, "worse")]
    assert all(2 not in which for stream, which in asked if stream == "measure")
