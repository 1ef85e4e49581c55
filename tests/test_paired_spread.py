"""The spread benchmark (benchmarks/paired_spread.py) measures a flipping decision's paired differences."""

from __future__ import annotations

import math

import pytest

from benchmarks.paired_spread import FLIPS, main, spread

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)


def test_a_decision_s_loss_spread_and_the_deals_a_steady_verdict_needs(capsys: pytest.CaptureFixture[str]) -> None:
    got = spread(45, 12)
    assert got.index in FLIPS
    assert got.asked != got.best
    assert got.sd_levels > 0
    assert got.sd_points > 0
    assert got.error == pytest.approx(got.sd_levels / math.sqrt(12))
    assert got.deals_needed == math.ceil((got.sd_levels / 0.01) ** 2)
    own, *others = got.blurred
    assert own[1] == pytest.approx(got.loss)
    assert len(others) == 2
    assert main(["--deals", "4", "45"]) == 0
    assert capsys.readouterr().out.startswith("decision 45: BJ 4♦ Q♠ 6♠ 5♣ against")
