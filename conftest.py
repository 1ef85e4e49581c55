"""Repository-wide pytest setup: hypothesis profiles, CI strictness, which tests share a worker. Doctests import
what they use."""

from __future__ import annotations

import functools
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

settings.register_profile(
    "ci", derandomize=True, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if IN_CI else "dev")

# A test that reads or writes a learner's progress without a data folder of its own (a lesson's header builds the
# default ``ProgressStore``) must never touch the developer's own progress, nor another test run's: each run (each
# worker) gets an empty data folder of its own, which a test may still replace with its own.
os.environ["SHENGJI_TUTOR_DATA"] = tempfile.mkdtemp(prefix="sjt-test-data-")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """With CI=true a test that cannot run is a failure, never a skip."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"


ROOT = Path(__file__).resolve().parent
USES_POSTGRES = re.compile(r"SJT_POSTGRES_URL|pytest\.mark\.postgres|def test_\w+\([^)]*\burl: str")
"""How a test file shows it uses the one PostgreSQL database: it reads its URL, is marked ``postgres``, or has a
test taking the ``url`` fixture (tests/conftest.py), whose second value is that database."""


@functools.cache
def postgres_files() -> frozenset[str]:
    """The test files that use the one PostgreSQL database (``USES_POSTGRES``), as node ids begin."""
    return frozenset(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests").rglob("test_*.py")
        if USES_POSTGRES.search(p.read_text(encoding="utf-8"))
    )


def group_of(nodeid: str) -> str:
    """Which tests share one process when ``make test`` spreads the suite over the cores (pytest-xdist).

    A test file's tests stay together, so a fixture a file builds once (its lessons run, its server started) is
    built once; the files that judge the bank's best puzzles share one process (``BANK_FILES``). The browser tests run in two processes of about four minutes each (``BROWSER_SECOND``), each with
    its own Voilà server and Chromium: in one process they were the suite's long pole (472 s). The files that use
    the one PostgreSQL database share one process: one of them migrates it down and up again, which no other test
    may see half done.
    """
    path = nodeid.split("::", 1)[0]
    if path.startswith("tests/browser/"):
        return "browser-2" if path.rsplit("/", 1)[-1] in BROWSER_SECOND else "browser-1"
    if path in BANK_FILES:
        return "bank"
    return "postgres" if path in postgres_files() else path


BANK_FILES = frozenset(("tests/test_puzzles.py", "tests/test_best_puzzles.py", "tests/test_agreement.py"))
"""Test files that judge every best puzzle of the bank: one process, so that each puzzle's search (``load_bank``
is cached, and each best puzzle keeps its judged plays) runs once, not once per file (23 s each)."""


BROWSER_SECOND = frozenset(("test_course.py", "test_kernels.py", "test_coached_hand.py", "test_learning.py"))
"""The browser files of the second browser process (about half of the browser tests' time: the accessibility walk,
the classroom and the short files make the first; the classroom moved over once the kernel tests grew by a
minute)."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist hands whole groups (``group_of``) to its processes. (Its own ``xdist_group`` marks are not
    used: pytest 9.2 keeps a node's id where xdist 3.8 no longer finds it to add the group.)"""
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return GroupScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every browser test is ``slow`` (``make test-fast`` leaves the slow ones out); a test that uses PostgreSQL
    in a file ``USES_POSTGRES`` does not recognise is refused, since it could run beside one that migrates it."""
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path.startswith("tests/browser/"):
            item.add_marker(pytest.mark.slow)
        uses = "url" in getattr(item, "fixturenames", ()) or item.get_closest_marker("postgres") is not None
        if uses and path not in postgres_files():
            raise pytest.UsageError(f"{item.nodeid} uses PostgreSQL, but its file does not say so (USES_POSTGRES)")
