"""Every ``>>>`` example in the package runs on its own, the way a reader pastes it.

This is the one runner of the package's examples (pytest's ``--doctest-modules`` is
not used): each example runs in an empty namespace, so an example that uses a name
without importing it fails, and the failure shows doctest's own report.
"""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil

import pytest

import shengji_tutor

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(shengji_tutor.__path__, "shengji_tutor.")
    if ".migrations" not in info.name
)
FINDER = doctest.DocTestFinder(exclude_empty=True)


UNIMPORTABLE: dict[str, str] = {}
"""Modules that could not be imported to look for examples, with why (``test_every_module_is_read``)."""


def examples() -> list[doctest.DocTest]:
    found: list[doctest.DocTest] = []
    for name in ["shengji_tutor", *MODULES]:
        try:
            module = importlib.import_module(name)
        except ImportError as e:  # an extra not installed (``pip install -e '.[test,hub]'`` installs them all)
            UNIMPORTABLE[name] = f"{type(e).__name__}: {e}"
            continue
        found.extend(t for t in FINDER.find(module, name) if t.examples and t.name.startswith(name))
    return found


EXAMPLES = examples()


def test_every_module_is_read_for_examples() -> None:
    assert UNIMPORTABLE == {}, "install the extras: pip install -e '.[test,hub]'"


def test_the_package_has_examples() -> None:
    assert len(EXAMPLES) >= 30


@pytest.mark.parametrize("test", EXAMPLES, ids=[t.name for t in EXAMPLES])
def test_an_example_imports_what_it_uses(test: doctest.DocTest) -> None:
    test.globs = {"__name__": "__pasted__"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    runner.run(test, out=report.write)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, (
        f"{test.name} (line {test.lineno}) fails when pasted into a fresh interpreter:\n{report.getvalue()}"
    )
