"""Serving the course: Voilà over ``notebooks/`` with the course template and pre-heated kernels.

``shengji-tutor serve`` (and ``make serve``) runs exactly the command that the
browser tests run, so what is tested is what learners get. The root URL
redirects to the course home page (the template's tree page).
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
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

__all__ = [
    "CHROMIUM_FLAGS",
    "NOTEBOOKS",
    "TEMPLATE_ROOT",
    "chromium_path",
    "free_port",
    "running",
    "voila_command",
    "voila_env",
]

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags for headless Chromium on a closed network (used by the browser tests and benchmarks)."""

TEMPLATE_ROOT = Path(__file__).parent / "voila_app"
"""A Jupyter data directory holding voila/templates/shengji."""
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def voila_command(
    port: int, *, ip: str = "127.0.0.1", notebooks: Path | None = None, preheat: bool = True
) -> list[str]:
    """The Voilà command line for the course."""
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebooks or NOTEBOOKS),
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--no-browser",
        "--template=shengji",
        f"--preheat_kernel={preheat}",
        "--pool_size=1",
        "--show_tracebacks=False",
    ]


def voila_env(data_dir: Path | None = None) -> dict[str, str]:
    """The environment: the template on JUPYTER_PATH, and where progress is kept."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH", "")) if p)
    if data_dir is not None:
        env["SHENGJI_TUTOR_DATA"] = str(data_dir)
    return env


def serve(port: int, ip: str = "127.0.0.1") -> NoReturn:
    """Run the app in the foreground (replaces this process)."""
    command = voila_command(port, ip=ip)
    os.execvpe(command[0], command, voila_env())


def chromium_path() -> str | None:
    """The system Chromium: ``$SJT_CHROMIUM``, ``/usr/bin/chromium``, or ``chromium`` on PATH."""
    for candidate in (os.environ.get("SJT_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running(command: list[str], port: int, log: Path, env: dict[str, str], timeout: float = 120) -> Iterator[str]:
    """Run a local server while the block runs; yields its base URL once it answers."""
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
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
