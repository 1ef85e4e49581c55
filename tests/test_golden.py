"""Golden playthroughs: a few seeded games whose every action is committed, so that a change to the bots, the
shuffle or the rules shows in the diff of ``tests/golden/``, not only as a test that fails.

Each file is one game, one action a line as the engine describes it, then the outcome. When a change is meant to
alter them, write them again and read the diff before committing::

    SJT_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from shengji_tutor import HeuristicBot, RuleSet, play_round
from shengji_tutor.zhengfen import play_game

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SJT_UPDATE_GOLDEN") == "1"


def sheng_ji(rules: RuleSet, seed: int) -> str:
    """A round of heuristic bots: every action (declarations, the burial, friend calls, every play), the score."""
    record = play_round(rules, seed=seed, bots=[HeuristicBot() for _ in range(rules.players)])
    lines = [repr(rules), f"seed {seed}, dealer {record.dealer}, {record.trump.describe()}"]
    lines += [action.describe(rules.players) for action in record.history]
    score = record.score
    lines.append(f"attackers {score.total} points: {score.level_change}")
    return "\n".join(lines) + "\n"


def zheng_fen(players: int, seed: int) -> str:
    """A game of Zheng Fen (挣分) to 500 points: every play and pass, each hand's points, the scores."""
    record = play_game(players=players, seed=seed)
    lines = [f"Zheng Fen, {players} players, to 500, seed {seed}"]
    lines += [action.describe(players) for action in record.history]
    lines += [f"hand {k + 1}: {list(points)}" for k, points in enumerate(record.hand_points)]
    lines.append(f"scores {list(record.scores)}, winner seat {record.winner}")
    return "\n".join(lines) + "\n"


GAMES: dict[str, Callable[[], str]] = {
    "sheng-ji-4-players-seed-0": lambda: sheng_ji(RuleSet(), 0),
    "sheng-ji-4-players-seed-1": lambda: sheng_ji(RuleSet(), 1),
    "sheng-ji-5-players-friends-seed-2": lambda: sheng_ji(RuleSet(players=5, decks=2, partnership="friends"), 2),
    "zheng-fen-4-players-seed-0": lambda: zheng_fen(4, 0),
}


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_game_plays_as_committed(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    played = GAMES[name]()
    if UPDATE:
        path.write_text(played, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: write it with SJT_UPDATE_GOLDEN=1"
    committed = path.read_text(encoding="utf-8")
    assert played == committed, f"{name} plays differently: SJT_UPDATE_GOLDEN=1 rewrites it, then read the diff"


def test_every_golden_file_is_a_game_of_the_list() -> None:
    """A file whose game left the list would stay committed and never be checked."""
    assert {p.stem for p in GOLDEN.glob("*.txt")} == set(GAMES)
