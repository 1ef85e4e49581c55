"""Helpers for driving the app in a real browser: used by the benchmarks and the browser tests, never by the app.

Headless Chromium from the system (``/usr/bin/chromium``, Debian's package):
nothing is downloaded at run time.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["CHROMIUM_FLAGS", "chromium_path", "free_port", "running"]

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
def running(
    command: list[str],
    port: int,
    log: Path,
    env: dict[str, str],
    timeout: float = 120,
    cwd: Path | None = None,
    ready: str = "/",
) -> Iterator[str]:
    """Run a local server (in ``cwd``) while the block runs; yields its base URL once ``ready`` answers."""
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(base + ready, timeout=5):
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
