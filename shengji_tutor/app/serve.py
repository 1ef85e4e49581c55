"""Serving the course: Voilà over the lesson notebooks with the course template and pre-heated kernels.

``shengji-tutor serve`` (and ``make serve``) runs exactly the command that the
browser tests run, so what is tested is what learners get. The root URL
redirects to the course home page (the template's tree page).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from importlib.resources import files
from pathlib import Path
from typing import TextIO

from ..classroom.backoff import CLIENT_ENV
from ..course.context import READY_DIR, REQUEST_SEEN
from ..course.places import NOTEBOOK_DIR
from ..course.served import SERVED
from ..i18n import t
from ..store.db import migrate, sqlite_url
from ..store.progress import default_path

__all__ = [
    "CULL_IDLE_SECONDS",
    "NOTEBOOKS",
    "TEMPLATE_ROOT",
    "migrate_progress",
    "run_server",
    "serve",
    "voila_command",
    "voila_env",
]


TEMPLATE_ROOT = Path(str(files(__package__) / "voila_app"))
"""A Jupyter data directory holding voila/templates/shengji (shipped in the package)."""
NOTEBOOKS = NOTEBOOK_DIR
"""The notebooks Voilà serves: the course's, shipped in the package (``course.places.NOTEBOOK_DIR``)."""


IOPUB_TIMEOUT = 60
"""Seconds Voilà waits for a cell's output (only a slow machine ever waits that long: output normally comes first)."""
CULL_IDLE_SECONDS = 1200
"""A learner's kernel idle this long (20 minutes, even with its page still open) is shut down, freeing its memory."""


def voila_command(
    port: int,
    *,
    ip: str = "127.0.0.1",
    notebooks: Path | None = None,
    preheat: bool = True,
    module: str = "shengji_tutor.app.course_server",
    cull_idle_seconds: int = CULL_IDLE_SECONDS,
    kernel_manager: str = "shengji_tutor.app.classroom.CourseKernelManager",
) -> list[str]:
    """The Voilà command line for the course (``module`` runs Voilà: the course's, ``app.course_server``; a class
    runs its own, ``app.class_server``; ``kernel_manager`` replaces a pre-heated kernel that is shut down, and a
    class's caps its learners too).

    Idle kernels are culled after ``cull_idle_seconds`` (checked every minute), as a class's are.
    """
    return [
        sys.executable,
        "-m",
        module,
        str(notebooks or NOTEBOOKS),
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--no-browser",
        "--template=shengji",
        f"--preheat_kernel={preheat}",
        "--pool_size=1",
        "--show_tracebacks=False",
        f"--VoilaConfiguration.multi_kernel_manager_class={kernel_manager}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=True",
        # Voilà waits this long for a cell's output after the kernel says it is done. Its default, 4 s, is too
        # short for a machine busy starting a class's kernels: the page then renders without the course (blank).
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
    ]


PAGE_ONLY = (REQUEST_SEEN, "QUERY_STRING", "VOILA_PREHEAT", "VOILA_KERNEL_ID", CLIENT_ENV)
"""What a kernel learns about its page: never inherited from the shell that starts the server (a kernel started
with ``SHENGJI_TUTOR_REQUEST_SEEN`` set would not wait for its learner, and show every visitor a stranger's page)."""


def voila_env(data_dir: Path | None = None) -> dict[str, str]:
    """The environment: the template on JUPYTER_PATH, and where progress is kept (nothing of another page)."""
    env = {k: v for k, v in os.environ.items() if k not in PAGE_ONLY}
    env[SERVED] = "1"  # the kernels write to the server's log, not to their pages (course.served)
    env[READY_DIR] = tempfile.mkdtemp(prefix="shengji-ready-")  # pre-heated kernels say there when they are ready
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH", "")) if p)
    if data_dir is not None:
        env["SHENGJI_TUTOR_DATA"] = str(data_dir)
    return env


def migrate_progress() -> None:
    """Create or upgrade the progress store's schema before any kernel opens it (kernels then only check it)."""
    migrate(sqlite_url(default_path()))


def serve(port: int, ip: str = "127.0.0.1") -> int:
    """Run the app in the foreground until it stops or Ctrl-C stops it: its exit status.

    The address is printed once the server answers it (Voilà takes a few seconds to
    start and to pre-heat the first page), so the first click on it opens the course
    rather than "connection refused".
    """
    migrate_progress()
    shown = "localhost" if ip in ("127.0.0.1", "0.0.0.0") else ip
    return run_server(
        voila_command(port, ip=ip),
        voila_env(),
        f"http://{'127.0.0.1' if ip == '0.0.0.0' else ip}:{port}/",
        ready=t(
            "The course is ready: {address}  (the widget gallery: {gallery})\nStop it with Ctrl-C.",
            address=f"http://{shown}:{port}/",
            gallery="/voila/render/widgets-gallery.ipynb",
        ),
    )


START_TIMEOUT = 180.0
"""Seconds the server may take to answer before ``run_server`` says it is slow (it keeps waiting)."""


def run_server(
    command: list[str], env: dict[str, str], url: str, ready: str, *, out: TextIO | None = None, poll: float = 0.25
) -> int:
    """Start ``command``, say ``ready`` once ``url`` answers, and wait for it: its exit status.

    A server that stops before it answers is reported (with its status); Ctrl-C stops
    the server and returns 0 (the learner's work is saved as they go: nothing is lost).
    """
    say = out or sys.stdout
    print(t("Starting the course server…"), file=say, flush=True)
    child = subprocess.Popen(command, env=env)
    started, warned = time.monotonic(), False
    previous = signal.signal(signal.SIGTERM, _stop)  # stopped by a service manager: the server goes too
    try:
        while child.poll() is None:
            if _answers(url):
                print(ready, file=say, flush=True)
                return child.wait()
            if not warned and time.monotonic() - started > START_TIMEOUT:
                print(
                    t("The server is slow to start; still waiting for {address} …", address=url), file=say, flush=True
                )
                warned = True
            time.sleep(poll)
        print(
            t("The course server stopped before it answered (exit status {status}).", status=child.returncode),
            file=say,
            flush=True,
        )
        return child.returncode or 1
    except KeyboardInterrupt:
        child.terminate()
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
        print(t("The course server is stopped."), file=say, flush=True)
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop(_signal: int, _frame: object) -> None:
    """SIGTERM, as Ctrl-C: ``run_server`` stops the server it started."""
    raise KeyboardInterrupt


def _answers(url: str) -> bool:
    """Does a server answer ``url`` with any HTTP response (a redirect or an error page counts)?"""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except (OSError, ValueError):
        return False
