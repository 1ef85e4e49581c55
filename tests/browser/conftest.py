"""Browser fixtures: a Voilà server on a free local port, and headless Chromium through Playwright.

Playwright drives the system Chromium (``/usr/bin/chromium``, or ``SJT_CHROMIUM``);
nothing is downloaded. Without a browser these tests skip locally, and with
CI=true the skip counts as a failure (see the top-level conftest).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("SJT_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(command: list[str], port: int, log: Path, env: dict[str, str]) -> Iterator[str]:
    """Run a local server until the test session ends; yields its base URL once it answers."""
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(base + "/", timeout=5):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{command[2]} did not start:\n{log.read_text()}") from None
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve notebooks/ with Voilà on 127.0.0.1; yields the base URL."""
    from shengji_tutor.app import voila_command, voila_env

    port = free_port()
    work = tmp_path_factory.mktemp("voila")
    yield from serve(voila_command(port, notebooks=NOTEBOOKS), port, work / "voila.log", voila_env(work / "data"))


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
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.page_errors = errors  # type: ignore[attr-defined]
    yield pg
    context.close()
