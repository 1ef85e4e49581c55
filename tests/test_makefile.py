"""The first run of ``make serve`` / ``make test``: setting up says what it does, keeps pip quiet, and shows pip's
log only when pip fails. Run against a stand-in Python, so that nothing is installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/bin/sh
# A stand-in for python3: "-c" checks pass, "-m venv DIR" makes DIR/bin/python (this script), "-m pip" talks a lot
case "$1" in
  -c) exit 0 ;;
esac
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && exit 0
fi
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  i=0
  while [ $i -lt 30 ]; do echo "WARNING: setuptools is deprecated ($i)"; i=$((i + 1)); done
  if [ -n "$PIP_SHOULD_FAIL" ]; then echo "ERROR: no matching distribution for voila"; exit 1; fi
  exit 0
fi
exit 0
"""


def _setup(tmp_path: Path, fail: bool) -> subprocess.CompletedProcess[str]:
    make = shutil.which("make")
    if make is None:
        pytest.fail("make is needed: the README's two commands are make targets")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    env = {"PATH": "/usr/bin:/bin", **({"PIP_SHOULD_FAIL": "1"} if fail else {})}
    return subprocess.run(
        [make, "--no-print-directory", f"PYTHON={fake}", ".venv/.installed"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_setting_up_says_what_it_does_and_keeps_pip_quiet(tmp_path: Path) -> None:
    done = _setup(tmp_path, fail=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("Setting up the course")
    assert "about a minute, once" in lines[0]
    assert lines[-1] == "The course is set up."
    assert "WARNING" not in done.stdout + done.stderr
    assert len(lines) == 2
    assert (tmp_path / ".venv" / ".installed").exists()


def test_a_failing_pip_shows_its_log_and_stops(tmp_path: Path) -> None:
    done = _setup(tmp_path, fail=True)
    assert done.returncode != 0
    assert "ERROR: no matching distribution for voila" in done.stdout
    assert "Setting up failed" in done.stdout
    assert not (tmp_path / ".venv" / ".installed").exists()
