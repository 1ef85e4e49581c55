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

__all__ = ["CHROMIUM_FLAGS", "chromium_path", "free_port", "running", "server_kernels"]

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


def server_kernels(port: int) -> dict[str, tuple[int, float]]:
    """pid → (resident bytes, CPU seconds) of each kernel of the Voilà server listening on ``port`` (its ipykernel
    children, read from /proc: Linux only)."""
    proc = Path("/proc")
    page = os.sysconf("SC_PAGE_SIZE")
    ticks = os.sysconf("SC_CLK_TCK")

    def command(p: Path) -> str:
        try:
            return (p / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            return ""

    servers = {
        p.name
        for p in proc.iterdir()
        if p.name.isdigit() and f"--port={port}" in command(p) and "voila" in command(p).lower()
    }
    found = {}
    for p in proc.iterdir():
        if not p.name.isdigit() or "ipykernel" not in command(p):
            continue
        try:
            fields = (p / "stat").read_text().rsplit(")", 1)[1].split()
            resident = int((p / "statm").read_text().split()[1]) * page
        except (OSError, IndexError, ValueError):
            continue
        if fields[1] in servers:  # fields: state, ppid, …, utime (12th), stime (13th)
            found[p.name] = (resident, (int(fields[11]) + int(fields[12])) / ticks)
    return found
