"""The JupyterHub recipe loads and wires every server to one PostgreSQL store (tested as far as possible here)."""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shengji_tutor.store.keys import key_matches

RECIPE = Path(__file__).resolve().parents[1] / "deploy" / "jupyterhub" / "jupyterhub_config.py"


class Section:
    def __getattr__(self, name: str) -> Any:
        value = Section()
        object.__setattr__(self, name, value)
        return value


def load(monkeypatch: pytest.MonkeyPatch, db: str) -> Any:
    monkeypatch.setenv("SHENGJI_TUTOR_CLASSROOM_DB", db)
    monkeypatch.setenv("SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH", "salt$hash")
    monkeypatch.setenv("SHENGJI_TUTOR_COURSE", "/srv/course")
    config = Section()
    runpy.run_path(str(RECIPE), init_globals={"get_config": lambda: config})
    return config


def test_every_server_runs_the_course_against_one_postgres_store(monkeypatch: pytest.MonkeyPatch) -> None:
    c = load(monkeypatch, "postgresql://u:p@db/shengji")
    assert c.Spawner.default_url == "/voila/render/00-home.ipynb"
    assert c.Spawner.notebook_dir == "/srv/course/notebooks"
    assert c.Spawner.environment["SHENGJI_TUTOR_CLASSROOM_DB"] == "postgresql://u:p@db/shengji"
    assert c.Spawner.environment["SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH"] == "salt$hash"
    assert "--VoilaConfiguration.template=shengji" in c.Spawner.args
    assert any(s["name"] == "idle-culler" for s in c.JupyterHub.services)


def test_a_sqlite_store_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="postgresql"):
        load(monkeypatch, "sqlite:////tmp/c.sqlite")


def test_the_template_folder_the_recipe_names_exists() -> None:
    root = Path(__file__).resolve().parents[1]
    assert (root / "shengji_tutor" / "app" / "voila_app" / "voila" / "templates" / "shengji" / "conf.json").exists()


def test_the_fingerprint_command_in_the_recipe_works() -> None:
    command = re.search(r'``python -c "(.+?)"``', RECIPE.read_text())
    assert command is not None
    code = command.group(1).replace("YOUR KEY", "a-long-secret-key")
    fingerprint = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert key_matches("a-long-secret-key", fingerprint.strip())
