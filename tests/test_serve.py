"""`make serve` says what it is doing, and prints the course's address only once the server answers it."""

from __future__ import annotations

import io
import socket
import sys
import time

import pytest

from shengji_tutor.app.serve import _answers, run_server

pytestmark = pytest.mark.slow  # real servers: seconds each (make test-fast skips them)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SLOW_SERVER = """
import http.server, sys, time
time.sleep(1.5)  # a server that takes a while to start, as Voila does
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), http.server.SimpleHTTPRequestHandler).serve_forever()
"""


class Watch(io.StringIO):
    """Output that notes, as each line is written, whether the server answered then; it may stop the run there."""

    def __init__(self, url: str, interrupt: bool = False) -> None:
        super().__init__()
        self.url, self.interrupt = url, interrupt
        self.answered: list[tuple[str, bool]] = []

    def write(self, text: str) -> int:
        if text.strip():
            self.answered.append((text.strip(), _answers(self.url)))
            if self.interrupt and text.startswith("ready"):
                raise KeyboardInterrupt  # the learner presses Ctrl-C
        return super().write(text)


def test_the_address_is_printed_only_once_the_server_answers_and_ctrl_c_stops_it() -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    out = Watch(url, interrupt=True)
    started = time.monotonic()
    status = run_server([sys.executable, "-c", SLOW_SERVER, str(port)], {}, url, f"ready at {url}", out=out)
    assert status == 0
    assert out.answered[0] == ("Starting the course server…", False)
    assert out.answered[1] == (f"ready at {url}", True)  # never before the server answers
    assert time.monotonic() - started >= 1.5
    assert out.answered[-1][0] == "The course server is stopped."
    deadline = time.monotonic() + 10
    while _answers(url) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _answers(url)  # Ctrl-C stopped the server too


@pytest.mark.parametrize("code", [0, 3])
def test_a_server_that_stops_before_it_answers_is_reported(code: int) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    out = io.StringIO()
    status = run_server([sys.executable, "-c", f"raise SystemExit({code})"], {}, url, "ready", out=out)
    assert status == (code or 1)
    assert f"stopped before it answered (exit status {code})" in out.getvalue()
    assert "ready" not in out.getvalue().replace("stopped", "")


RUNNER = """
import sys
from shengji_tutor.app.serve import run_server
port = sys.argv[1]
server = [sys.executable, "-c", sys.argv[2], port]
sys.exit(run_server(server, {}, f"http://127.0.0.1:{port}/", "ready"))
"""


def test_sigterm_to_make_serve_stops_the_server_it_started() -> None:
    """A service manager stops `make serve` with SIGTERM: the Voilà it started must not be left running (it would
    hold the port, and the next start would fail)."""
    import signal
    import subprocess

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    runner = subprocess.Popen([sys.executable, "-c", RUNNER, str(port), SLOW_SERVER], stdout=subprocess.PIPE, text=True)
    assert runner.stdout is not None
    lines = [runner.stdout.readline().strip(), runner.stdout.readline().strip()]
    assert lines == ["Starting the course server…", "ready"]
    assert _answers(url)
    runner.send_signal(signal.SIGTERM)
    assert runner.wait(timeout=30) == 0
    deadline = time.monotonic() + 10
    while _answers(url) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _answers(url)
