"""Smoke tests for the benchmarks: each runs small and reports its figures (no timing assertions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import classroom_load
from benchmarks.engine import TARGETS, main, run
from shengji_tutor.play.search import Budget

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)


def test_run_reports_a_positive_rate_per_function() -> None:
    rates = run(calls=200, seed=1, rounds=1, repeats=1)
    assert set(rates) == set(TARGETS)
    for name, rate in rates.items():
        assert isinstance(rate, float), name
        assert rate > 0, name


def test_main_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--calls", "50", "--rounds", "1", "--seed", "2", "--repeats", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"trick_winner"' in out
    assert '"repeats": 1' in out


def test_a_small_class_load_loses_nothing_while_a_dashboard_reads(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    r = classroom_load.run(url, students=2, attempts=5, dashboards=1, refresh=0.05)
    assert (r["expected"], r["recorded"], r["lost"]) == (10, 10, 0)
    assert (r["write_errors"], r["read_errors"]) == (0, 0)
    assert r["reads"] >= 1
    assert r["write_p50_ms"] <= r["write_p95_ms"]
    assert r["read_p50_ms"] <= r["read_p95_ms"] <= r["read_max_ms"]


def test_a_small_live_session_counts_every_students_answer(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    r = classroom_load.live_run(url, students=3, refresh=0.2, think=(0.05, 0.2))
    assert r["counted"] == 3  # every student's answer counted on the dashboard
    assert 0 <= r["seen_p50_s"] <= r["seen_p95_s"] < 5
    assert 0 <= r["counted_p50_s"] <= r["counted_p95_s"] < 5


def test_the_load_dashboards_refresh_as_often_as_the_console() -> None:
    from shengji_tutor.classroom.screens import REFRESH_SECONDS

    assert classroom_load.REFRESH_SECONDS == REFRESH_SECONDS


def test_a_few_paired_deals_give_a_strength_figure_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import strength

    # a tiny budget, its re-check too (the default re-checks a challenger on 96 fresh deals: most of the time)
    result = strength.run(deals=2, budget=strength.parse_budget("1x2x4"), opponent="random")
    assert result.deals == 2
    assert result.low <= result.mean <= result.high
    assert result.decisions > 0
    assert result.decision_median <= result.decision_p95
    assert strength.main(["--deals", "2", "--budget", "1x2x4", "--opponent", "random"]) == 0
    assert "paired deals = 4 rounds" in capsys.readouterr().out


def test_a_budget_is_written_samples_x_candidates() -> None:
    from benchmarks.strength import parse_budget

    assert (parse_budget("24x10").samples, parse_budget("24x10").candidates) == (24, 10)
    assert parse_budget("24x10").recheck == Budget().recheck  # the default re-check
    assert parse_budget("8x6x96") == Budget(samples=8, candidates=6, recheck=96)
    for bad in ("24", "8x6x96x2", "8xsix"):
        with pytest.raises(ValueError, match="SAMPLESxCANDIDATES"):
            parse_budget(bad)


def test_the_rollout_rate_is_measured() -> None:
    from benchmarks.strength import rollout_rate

    assert rollout_rate(rollouts=3) > 0


def test_the_coach_benchmark_times_each_kind_of_verdict_against_the_search_bot() -> None:
    from benchmarks.app import coaching
    from shengji_tutor.play.search import Budget

    figures = coaching(hands=1, budget=Budget(samples=2, candidates=2))
    assert figures["play"] > 0
    assert figures["search"] > 0
    assert figures["ratio"] == figures["play"] / figures["search"]
    assert figures["play_p95"] >= figures["play"]
    assert figures["decisions"] >= 10
    assert figures["save"] > 0
    assert figures["save_ratio"] == figures["save"] / figures["play"]
    assert figures["resume"] > 0


def test_the_chao_dipi_benchmark_pairs_the_search_and_heuristic_choices_on_real_turns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from benchmarks import chao
    from shengji_tutor.play.search import Budget

    result = chao.run(turns=6, budget=Budget(2, 2))
    assert result.turns == 6
    assert 0 <= result.differ <= 6
    assert result.low <= result.mean <= result.high
    assert result.median_seconds > 0
    assert chao.main(["--turns", "3", "--budget", "2x2"]) == 0
    assert "levels per turn (95% CI" in capsys.readouterr().out
