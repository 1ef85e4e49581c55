"""Browser fixtures: a Voilà server on a free local port, and headless Chromium through Playwright.

Playwright drives the system Chromium (``/usr/bin/chromium``, or ``SJT_CHROMIUM``);
nothing is downloaded. Without a browser these tests skip locally, and with
CI=true the skip counts as a failure (see the top-level conftest).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.browser import CHROMIUM_FLAGS, chromium_path, free_port, running

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def serve(command: list[str], port: int, log: Path, env: dict[str, str]) -> Iterator[str]:
    with running(command, port, log, env) as base:
        yield base


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve notebooks/ with Voilà on 127.0.0.1; yields the base URL."""
    from shengji_tutor.app.serve import voila_command, voila_env

    port = free_port()
    work = tmp_path_factory.mktemp("voila")
    # a page gone without a word frees its kernel after 8 s here (20 s served): the test of it waits less
    command = [*voila_command(port, notebooks=NOTEBOOKS), f"--CourseKernelManager.unattended_grace={GRACE}"]
    yield from serve(command, port, work / "voila.log", voila_env(work / "data"))


GRACE = 8
"""Seconds the test server lets a learner's kernel run idle with no page connected (``unattended_grace``)."""


CLASS_KEY = "browser-test-instructor-key"


@pytest.fixture(scope="session")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app run as a class (`shengji-tutor classroom`), on 127.0.0.1; yields (base URL, store URL)."""
    from shengji_tutor.app.classroom import classroom_command, classroom_env, key_fingerprint

    port = free_port()
    work = tmp_path_factory.mktemp("classroom")
    db = f"sqlite:///{work / 'classroom.sqlite'}"
    env = classroom_env(db, key_fingerprint(CLASS_KEY), work / "data")
    command = classroom_command(port, "127.0.0.1", max_kernels=30, notebooks=NOTEBOOKS)
    for base in serve(command, port, work / "voila.log", env):
        yield base, db


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 over a copy of notebooks/ (so autosave never touches the repository)."""
    port = free_port()
    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(NOTEBOOKS, work / "notebooks")
    env = os.environ | {
        "SHENGJI_TUTOR_DATA": str(work / "data"),
        "JUPYTER_CONFIG_DIR": str(work / "config"),
        "JUPYTERLAB_WORKSPACES_DIR": str(work / "workspaces"),
        "JUPYTERLAB_SETTINGS_DIR": str(work / "settings"),
    }
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--allow-root",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={work / 'notebooks'}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    yield from serve(command, port, work / "lab.log", env)


def _outside(url: str) -> bool:
    """Is ``url`` fetched from anywhere but this machine (a CDN, a font service …)?"""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in ("127.0.0.1", "localhost")


# A known race inside jupyterlab_widgets 3.0.17, not in the course: a Box posts a Lumino resize message to each
# child view when the views of its new children are made (`update_children(...).then(...)`, and a layout view does
# the same once drawn); when a view is taken off the page before that promise settles (its place left while the
# machine is loaded), the message reaches a view already disposed, whose `_view` is null, and Lumino's message
# loop logs the TypeError. The message had nothing left to resize: nothing the learner sees changes. Only that
# exact error, thrown from the widget manager's `processMessage` on a null view, is kept aside (in
# `page.upstream_races`); every other console error still fails a test.
UPSTREAM_RACE = re.compile(
    r"^TypeError: Cannot read properties of null \(reading 'processLuminoMessage'\)\n\s+at \w+\.processMessage "
    r"\(\S+/@jupyter-widgets/jupyterlab-manager/static/"
)


def upstream_race(text: str) -> bool:
    """Is this console error the widget manager's resize-after-dispose race (``UPSTREAM_RACE``)?"""
    return UPSTREAM_RACE.match(text) is not None


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found (install Debian's chromium package, or set SJT_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    yield watched(context.new_page())
    context.close()


def watched(pg: Any) -> Any:
    """``pg``, noting what ``helpers.no_trouble`` checks: script errors, console errors, requests to other machines
    and failed responses."""
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.page_errors = errors
    console: list[str] = []
    upstream: list[str] = []
    pg.on(
        "console",
        lambda m: (upstream if upstream_race(m.text) else console).append(m.text) if m.type == "error" else None,
    )
    pg.console_errors = console
    pg.upstream_races = upstream
    outside: list[str] = []
    pg.on("request", lambda r: outside.append(r.url) if _outside(r.url) else None)
    pg.outside_requests = outside
    failed: list[str] = []
    pg.on("response", lambda r: failed.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    pg.failed_responses = failed
    return pg
