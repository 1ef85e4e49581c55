"""The deeper reference for the suite's cheap errors (benchmarks/error_cost.py) runs and measures both ways."""

from __future__ import annotations

import math

import pytest

from benchmarks.error_cost import CHEAP, cost, main

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)


def test_an_error_is_priced_by_search_bot_play_outs_beside_the_heuristics(capsys: pytest.CaptureFixture[str]) -> None:
    # no-ruff-partner-2: five cards left, the ruff of a partner's sure trick costs about 5 points in every play-out
    got = cost(("no-ruff-partner-2", 6))
    assert got.name in CHEAP
    assert (got.error, got.good, got.cards) == ("2♠", "5♥", 5)
    for mean, error in (got.searched, got.heuristic):
        assert 0.0 < mean < 0.1
        assert math.isfinite(error)
    # and the command prints a line per position
    assert main(["--deals", "3", "--workers", "1", "no-overruff-partner-2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("no-overruff-partner-2")
    assert "search play-outs" in out
