"""How `make test` spreads the suite over the cores (conftest.py's ``group_of``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("repository_conftest", ROOT / "conftest.py")
assert _spec is not None
assert _spec.loader is not None
scheduling = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scheduling)  # the repository's conftest.py ("conftest" names tests/conftest.py here)
BROWSER_SECOND, group_of, postgres_files = scheduling.BROWSER_SECOND, scheduling.group_of, scheduling.postgres_files
BANK_FILES = scheduling.BANK_FILES


def test_a_files_tests_stay_together_and_postgresql_files_share_one_process() -> None:
    assert group_of("tests/test_round.py::test_x") == group_of("tests/test_round.py::test_y") == "tests/test_round.py"
    assert postgres_files()
    for path in postgres_files():
        assert group_of(f"{path}::test_x") == "postgres"


def test_the_browser_tests_run_in_two_processes_each_file_in_one() -> None:
    files = sorted(p.name for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    groups = {name: group_of(f"tests/browser/{name}::test_x") for name in files}
    assert set(groups.values()) == {"browser-1", "browser-2"}
    assert {name for name, group in groups.items() if group == "browser-2"} == BROWSER_SECOND
    assert groups["test_a11y.py"] == "browser-1"


def test_the_files_that_judge_the_bank_share_one_process() -> None:
    assert {group_of(f"{path}::test_x") for path in BANK_FILES} == {"bank"}
    assert all((ROOT / path).exists() for path in BANK_FILES)
    assert not BANK_FILES & postgres_files()
