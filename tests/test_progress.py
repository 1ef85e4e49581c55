"""The progress store keeps every attempt across restarts, per learner."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from shengji_tutor.store.progress import ProgressStore, default_path


def test_progress_survives_a_new_store_on_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    ProgressStore(path).record("pairs-one", True, "8H 8H")
    ProgressStore(path).record("pairs-two", False, "yes")
    again = ProgressStore(path)
    assert again.solved() == {"pairs-one"}
    assert [a[:3] for a in again.attempts()] == [("pairs-one", True, "8H 8H"), ("pairs-two", False, "yes")]
    assert again.solved(["pairs-two", "pairs-one", "other"]) == {"pairs-one"}


def test_learners_are_kept_apart(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    ProgressStore(path, learner="ana").record("x", True)
    assert ProgressStore(path, learner="bo").solved() == set()


def test_the_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    assert default_path() == tmp_path / "progress.sqlite"


@pytest.mark.parametrize("bad", ["", None, 5])
def test_bad_puzzle_ids_are_refused(tmp_path: Path, bad: object) -> None:
    store = ProgressStore(tmp_path / "p.sqlite")
    with pytest.raises(ValueError, match="puzzle id"):
        store.record(bad, True)  # type: ignore[arg-type]
    assert store.attempts() == []


def _write(path: str, n: int, who: int) -> None:
    store = ProgressStore(path, learner=f"l{who}")
    for i in range(n):
        store.record(f"p{i}", i % 2 == 0)


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "p.sqlite")
    ProgressStore(path)
    spawn = multiprocessing.get_context("spawn")  # like kernels: fresh processes, not forks of one using SQLite
    procs = [spawn.Process(target=_write, args=(path, 40, k)) for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    total = sum(len(ProgressStore(path, learner=f"l{k}").attempts()) for k in range(4))
    assert total == 160
