"""Smoke test for the engine benchmark: it runs and reports a rate per function (no timing assertions)."""

from __future__ import annotations

import pytest

from benchmarks.engine import TARGETS, main, run


def test_run_reports_a_positive_rate_per_function() -> None:
    rates = run(calls=200, seed=1, rounds=1)
    assert set(rates) == set(TARGETS)
    for name, rate in rates.items():
        assert isinstance(rate, float), name
        assert rate > 0, name


def test_main_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--calls", "50", "--rounds", "1", "--seed", "2", "--json"]) == 0
    assert '"trick_winner"' in capsys.readouterr().out
