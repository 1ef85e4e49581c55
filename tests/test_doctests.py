"""Every ``>>>`` example in the package runs on its own, the way a reader pastes it.

pytest's ``--doctest-modules`` (see pyproject.toml) runs each example with its
module's names in scope; this test runs them again in an empty namespace, so an
example that uses a name without importing it fails here.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import shengji_tutor

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(shengji_tutor.__path__, "shengji_tutor.")
    if ".migrations" not in info.name
)
FINDER = doctest.DocTestFinder(exclude_empty=True)


def examples() -> list[doctest.DocTest]:
    found: list[doctest.DocTest] = []
    for name in ["shengji_tutor", *MODULES]:
        module = importlib.import_module(name)
        found.extend(t for t in FINDER.find(module, name) if t.examples and t.name.startswith(name))
    return found


EXAMPLES = examples()


def test_the_package_has_examples() -> None:
    assert len(EXAMPLES) >= 30


@pytest.mark.parametrize("test", EXAMPLES, ids=[t.name for t in EXAMPLES])
def test_an_example_imports_what_it_uses(test: doctest.DocTest) -> None:
    test.globs = {"__name__": "__pasted__"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda _text: None)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{test.name} (line {test.lineno}) fails when pasted into a fresh interpreter"
