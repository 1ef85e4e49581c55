"""A smoke test of the Zheng Fen benchmark: it runs small and reports its figures (no timing assertions)."""

from __future__ import annotations

import json

import pytest

from benchmarks import zhengfen

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)


def test_a_small_run_reports_games_per_second_and_the_ratio_to_sheng_ji_rounds() -> None:
    result = zhengfen.run(runs=1, games=1, players=3, rounds=1)
    assert set(result) == {"random_games", "heuristic_games", "shengji_rounds", "random_ratio", "heuristic_ratio"}
    assert all(rate > 0 for rate in result.values())
    assert result["random_ratio"] == pytest.approx(result["random_games"] / result["shengji_rounds"])


def test_main_prints_json_and_refuses_a_bad_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert zhengfen.main(["--runs", "1", "--games", "1", "--rounds", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"]["heuristic_games"] > 0
    with pytest.raises(ValueError, match="must be positive"):
        zhengfen.run(runs=0)
    with pytest.raises(SystemExit):
        zhengfen.main(["--players", "7"])
