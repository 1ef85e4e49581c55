"""The coach's trust, in small (benchmarks/coach_trust.py runs it in full): pinned decisions of the benchmark's
coached hands keep their verdict's class at three seeds, and the benchmark reports its figures.

The pinned decisions are ones the coach before the raced verdicts (c840b13) graded good at one seed and down at
another; a verdict measured on fresh deals, graded down only past its confidence bound, keeps them.
"""

from __future__ import annotations

import pytest

from benchmarks import coach_trust
from benchmarks.coach_trust import SEEDS, assess, collect

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)

HANDS, PER_HAND = 8, 8
"""The benchmark's default decisions (``collect(8, 8)``), which the pinned indices refer to."""
PINNED = {
    4: False,  # a play the old coach called a mistake at seed 0 and good at 1 and 2; the deep search: good
    20: False,  # good, good, inaccuracy before; the deep search: good
    34: True,  # good, blunder, mistake before; the deep search: an inaccuracy
    40: False,  # good, inaccuracy, good before
    42: False,  # a burial: good, mistake, good before
    43: True,  # good, mistake, good before; the deep search: a mistake
    60: False,  # good, mistake, good before
}
"""Decision index -> graded down (True) or not, at every seed."""


@pytest.mark.parametrize("index", sorted(PINNED))
def test_a_pinned_decision_keeps_its_class_at_three_seeds(index: int) -> None:
    d = collect(HANDS, PER_HAND)[index]
    grades = [assess(d.kind, d.view, d.choice, seed).grade for seed in SEEDS]
    assert [g != "good" for g in grades] == [PINNED[index]] * len(SEEDS), grades


def test_a_decision_at_the_threshold_is_a_close_call_or_an_inaccuracy_and_names_the_same_better_play() -> None:
    """Decision 30 (6♥ where A♥ is better) loses about 0.12 levels, measured at ten seeds, just past the 0.10 of an
    inaccuracy (the deep search: an inaccuracy): at the coach's budget it is a close call at most seeds and clears
    the bound at about one in ten, so its class is no pin. What must not move is the rest of the verdict: never
    worse than an inaccuracy (good only as a close call), and always A♥ as the better play (the old coach: good,
    good, inaccuracy)."""
    d = collect(HANDS, PER_HAND)[30]
    for seed in SEEDS:
        a = assess(d.kind, d.view, d.choice, seed)
        assert a.grade == "inaccuracy" or (a.grade == "good" and a.close), (seed, a.grade)
        assert [str(c) for c in a.best.choice] == ["AH"], seed


def test_the_pinned_decisions_are_the_benchmarks() -> None:
    decisions = collect(HANDS, PER_HAND)
    assert len(decisions) >= 60
    assert {d.kind for d in decisions} >= {"play", "bury", "declare"}
    assert sum(d.kind == "declare" for d in decisions) >= 8  # a sample of declarations, not one
    assert decisions[42].kind == "bury"
    assert all(decisions[k].kind == "play" for k in PINNED if k != 42)
    assert any(PINNED.values())
    assert not all(PINNED.values())  # both a play graded down and plays that are not


def test_the_benchmark_reports_stability_agreement_and_time() -> None:
    figures, graded = coach_trust.run(hands=1, per_hand=2, deep=2, workers=1, limit=2)
    assert figures["decisions"] == len(graded) == 2
    for name in ("class_kept", "grade_kept", "recommendation_accepted", "deep_class_agree", "play_median_s"):
        assert 0 <= figures[name] <= (1 if not name.endswith("_s") else 60), name
    assert all(len(g.verdicts) == len(SEEDS) and g.deep is not None for g in graded)


def test_a_play_is_graded_against_the_play_a_strong_player_makes_not_the_races_own_choice() -> None:
    """Decision 53 (Q♥ J♥ into West's trump tractor, breaking the Q♥ pair): the race chose J♥ 7♥ at seed 0, and 8♥ 7♥,
    surely no worse, was swapped in after the losses were measured against J♥ 7♥, so Q♥ J♥ was "as good as 8♥ 7♥"
    though 8♥ 7♥ did 0.16 levels better on the same deals (and a mistake at seed 1). Measured against 8♥ 7♥, it is
    graded down at every seed."""
    d = collect(HANDS, PER_HAND)[53]
    for seed in SEEDS:
        a = assess(d.kind, d.view, d.choice, seed)
        assert a.grade != "good", seed
        assert [str(c) for c in a.best.choice] == ["8H", "7H"], seed


def test_a_close_call_contradicts_no_verdict_though_it_changes_what_the_learner_reads() -> None:
    def said(grade: str, close: bool = False) -> coach_trust.SeedVerdict:
        return coach_trust.SeedVerdict(grade, close, (), (), 0.1)

    def graded(*verdicts: coach_trust.SeedVerdict) -> coach_trust.Graded:
        return coach_trust.Graded(0, "play", verdicts, (True,) * len(verdicts), None)

    figures = coach_trust.summarise(
        [
            graded(said("good", True), said("good", True), said("inaccuracy")),  # close at two seeds: no contradiction
            graded(said("good"), said("good"), said("mistake")),  # decided good, then graded down: a contradiction
            graded(said("good"), said("good"), said("good")),
            graded(said("good", True), said("good"), said("good")),  # the class is kept, what is read is not
        ]
    )
    assert figures["class_kept"] == 2 / 4
    assert figures["verdict_kept"] == 1 / 4
    assert figures["contradicted"] == 1 / 4
