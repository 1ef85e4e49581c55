"""The course installs anywhere: build the wheel, install it into a fresh venv outside the
checkout, and from another folder check the puzzles and serve the home page.

The fresh venv gets only the wheel (``--no-deps``); the third-party libraries it
needs come from the checkout's environment through a ``.pth`` path line, which
adds their folder without activating the checkout's editable install. So
everything of ``shengji_tutor`` that runs comes from the wheel, and nothing is
downloaded.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from benchmarks.browser import free_port, running

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{args} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # no build isolation: setuptools comes from this environment, nothing is downloaded
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", out, ROOT, cwd=out)
    (path,) = out.glob("shengji_tutor-*.whl")
    return path


@pytest.fixture(scope="module")
def fresh(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new venv outside the checkout with only the wheel installed; returns its bin folder."""
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=venv.parent)
    bin_dir = venv / "bin"
    site = Path(
        subprocess.check_output(
            [bin_dir / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    (site / "checkout_libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(bin_dir / "python", "-m", "pip", "install", "--no-deps", "--no-index", wheel, cwd=venv.parent)
    return bin_dir


def test_the_wheel_ships_the_lessons_the_puzzles_the_template_and_the_migrations(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for lesson in ROOT.joinpath("notebooks").glob("*.ipynb"):
        assert f"shengji_tutor/course/notebooks/{lesson.name}" in names
    for topic in ROOT.joinpath("exercises").glob("*.yaml"):
        assert f"shengji_tutor/puzzles/exercises/{topic.name}" in names
    assert "shengji_tutor/app/voila_app/voila/templates/shengji/conf.json" in names
    assert any(n.startswith("shengji_tutor/store/migrations/versions/") for n in names)
    assert "shengji_tutor/ui/widgets/puzzle_card.js" in names
    assert "shengji_tutor/py.typed" in names


def test_the_installed_package_comes_from_the_wheel(fresh: Path, tmp_path: Path) -> None:
    where = run(fresh / "python", "-c", "import shengji_tutor; print(shengji_tutor.__file__)", cwd=tmp_path)
    assert str(fresh.parent) in where
    assert str(ROOT) not in where


def test_check_exercises_runs_from_another_folder(fresh: Path, tmp_path: Path) -> None:
    # the wheel's own bank, found from elsewhere; the searches of its best puzzles are checked in test_best_puzzles
    out = run(fresh / "shengji-tutor", "check-exercises", "--quick", cwd=tmp_path)
    assert "0 problems — ok" in out, out


def test_serve_from_another_folder_answers_the_home_page(fresh: Path, tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SHENGJI_TUTOR")}
    env["SHENGJI_TUTOR_DATA"] = str(tmp_path / "data")
    # the libraries' own data files (Voilà's base templates) come from the checkout's environment too
    env["JUPYTER_PATH"] = str(Path(sysconfig.get_paths()["data"]) / "share" / "jupyter")
    log = tmp_path / "serve.log"
    command = [str(fresh / "shengji-tutor"), "serve", f"--port={port}"]
    with running(command, port, log, env, timeout=240, cwd=tmp_path) as base:
        deadline = time.monotonic() + 240
        while True:  # as a browser does, follow the warming page until the home page is ready
            with urllib.request.urlopen(f"{base}/voila/render/00-home.ipynb", timeout=300) as reply:
                status, body = reply.status, reply.read().decode()
            if "Preparing the course" not in body or time.monotonic() > deadline:
                break
            time.sleep(2)
        assert status == 200
        assert "00-home" in body or "Sheng ji" in body, body[:2000]
    said = log.read_text()
    assert str(ROOT / "shengji_tutor") not in said
    assert str(ROOT / "notebooks") not in said
