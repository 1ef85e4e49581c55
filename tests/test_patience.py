"""The browser tests' deadlines stretch with the machine's load (issue 41: a busy machine failed two fixed ones)."""

from __future__ import annotations

import pytest

from tests.browser import helpers


@pytest.mark.parametrize(("load", "cores", "stretch"), [(0.3, 2, 1.0), (2.0, 2, 1.0), (8.0, 2, 4.0), (24.0, 2, 8.0)])
def test_a_deadline_is_stretched_by_the_load_per_core(
    monkeypatch: pytest.MonkeyPatch, load: float, cores: int, stretch: float
) -> None:
    monkeypatch.setattr(helpers.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(helpers.os, "cpu_count", lambda: cores)
    assert helpers.patience(120) == pytest.approx(120 * stretch)
    assert helpers.patience_ms(60_000) == pytest.approx(60_000 * stretch, abs=1)
