"""The class server (``app.class_server``): the learner cap, the class-full page, the pre-heated pools, the log.

The cap is tested twice: on ``CappedKernelManager`` with a stand-in for the Jupyter server's kernel start (so
that a start can be held half-way), and over HTTP, with a burst of page opens against a real class server.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web

from benchmarks.browser import free_port, running
from shengji_tutor.app.class_server import STATUS_PATH, scrub_student
from shengji_tutor.app.classroom import CappedKernelManager, classroom_command, classroom_env
from shengji_tutor.app.serve import NOTEBOOKS
from shengji_tutor.store.keys import key_fingerprint

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)

CAP = 2
BURST = 12
PAGES = ("course.ipynb", "instructor.ipynb")
"""The course's one page (with its pre-heated pool) and the instructor's (no pool: it starts its kernel)."""
OLD_LESSON = "02-points.ipynb"
"""An old lesson address: sent to the course's page."""
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')

# -- the manager, with kernel starts that wait until the test lets them finish ----------------------------------


class Starts:
    """A stand-in for the Jupyter server's kernel start: each start waits for ``finish`` (or ``fail``)."""

    def __init__(self) -> None:
        self.live: list[str] = []
        self.gates: dict[str, asyncio.Future[bool]] = {}

    async def start(self, *, kernel_id: str, **kwargs: Any) -> str:
        self.gates[kernel_id] = asyncio.get_running_loop().create_future()
        if not await self.gates[kernel_id]:
            raise RuntimeError("the kernel died while starting")
        self.live.append(kernel_id)
        return kernel_id

    def finish(self, ok: bool = True) -> None:
        waiting = [gate for gate in self.gates.values() if not gate.done()]
        waiting[0].set_result(ok)


@pytest.fixture
def starts(monkeypatch: pytest.MonkeyPatch) -> Starts:
    fake = Starts()
    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", lambda _manager, **kwargs: fake.start(**kwargs))
    return fake


def capped(starts: Starts, cap: int) -> CappedKernelManager:
    manager = CappedKernelManager(max_learners=cap)
    manager.list_kernel_ids = lambda: list(starts.live)  # type: ignore[method-assign]
    return manager


def run_alone(scenario: Coroutine[Any, Any, None]) -> None:
    """Run a scenario on an event loop of its own thread: the browser tests' Playwright keeps a loop
    running on the main thread for the whole session, where ``asyncio.run`` would refuse."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()


LEARNER = {"env": {"VOILA_PREHEAT": "False"}}
POOL = {"env": {"VOILA_PREHEAT": "True"}}


def test_a_kernel_takes_its_seat_while_it_starts_and_frees_it_if_the_start_fails(starts: Starts) -> None:
    async def scenario() -> None:
        manager = capped(starts, 1)
        first = asyncio.ensure_future(manager.start_kernel(**LEARNER))
        await asyncio.sleep(0)
        assert manager.learners() == 1  # still booting, already counted
        with pytest.raises(web.HTTPError) as refused:
            await manager.start_kernel(**LEARNER)
        assert refused.value.status_code == 503
        assert "The class is full (1 learners)" in str(refused.value.log_message)
        starts.finish(ok=False)
        with pytest.raises(RuntimeError):
            await first
        assert manager.learners() == 0  # the failed start gave its seat back
        second = asyncio.ensure_future(manager.start_kernel(**LEARNER))
        await asyncio.sleep(0)
        starts.finish()
        assert await second in starts.live
        assert manager.learners() == 1

    run_alone(scenario())


def test_a_pre_heated_pool_is_refilled_even_when_the_class_is_full(starts: Starts) -> None:
    async def scenario() -> None:
        manager = capped(starts, 1)
        learner = asyncio.ensure_future(manager.start_kernel(**LEARNER))
        await asyncio.sleep(0)
        starts.finish()
        await learner
        assert manager.full()
        refill = asyncio.ensure_future(manager.start_kernel(**POOL))
        await asyncio.sleep(0)
        assert manager.learners() == 1  # a pool's kernel takes no seat, starting or started
        starts.finish()
        pooled = await refill
        pool = asyncio.get_running_loop().create_future()
        pool.set_result({"kernel_id": pooled})
        manager._pools = {"02-points.ipynb": [pool]}  # type: ignore[attr-defined]  # as Voilà's pooling subclass
        assert manager.learners() == 1
        assert manager.preheated() == {"02-points.ipynb": 1}
        manager._pools["02-points.ipynb"].pop(0)  # type: ignore[attr-defined]  # a learner takes it: now it counts
        assert manager.learners() == 2

    run_alone(scenario())


def test_a_failed_pool_start_is_replaced_so_the_lesson_is_never_left_cold() -> None:
    async def scenario() -> None:
        manager = CappedKernelManager(max_learners=1)
        failed = asyncio.get_running_loop().create_future()
        failed.set_exception(web.HTTPError(503))
        refills: list[str] = []
        manager._pools = {"02-points.ipynb": [failed]}  # type: ignore[attr-defined]
        manager.fill_if_needed = lambda notebook_name: refills.append(notebook_name)  # type: ignore[attr-defined]
        assert not manager.pool_ready("02-points.ipynb")  # so the page starts a kernel of its own
        assert refills == ["02-points.ipynb"]
        assert manager._pools["02-points.ipynb"] == []  # type: ignore[attr-defined]

    run_alone(scenario())


def test_a_kernel_whose_page_is_gone_gives_its_seat_back_after_a_short_grace() -> None:
    """No page connected and quiet for the grace period: shut down; a busy kernel (still rendering its page), a
    connected one, a recently active one and a pre-heated one are kept."""
    from datetime import datetime, timedelta
    from types import SimpleNamespace

    from shengji_tutor.app.classroom import CourseKernelManager

    manager = CourseKernelManager(unattended_grace=20.0)
    quiet = datetime.now(UTC) - timedelta(seconds=60)
    kernels = {
        "never-connected": SimpleNamespace(execution_state="idle", last_activity=quiet),
        "rendering": SimpleNamespace(execution_state="busy", last_activity=quiet),
        "just-active": SimpleNamespace(execution_state="idle", last_activity=datetime.now(UTC)),
        "connected": SimpleNamespace(execution_state="idle", last_activity=quiet),
        "left": SimpleNamespace(execution_state="idle", last_activity=quiet),
        "pooled": SimpleNamespace(execution_state="idle", last_activity=quiet),
    }
    manager._kernels.update(kernels)  # type: ignore[attr-defined]
    pool_task = asyncio.Future(loop=asyncio.new_event_loop())
    pool_task.set_result({"kernel_id": "pooled"})
    manager._pools = {"course.ipynb": [pool_task]}  # type: ignore[attr-defined]
    for kernel_id in kernels:
        manager._kernel_connections[kernel_id] = 0
        manager._alone_since[kernel_id] = 0.0  # alone since the start of time
    manager.notify_connect("connected")
    manager.notify_connect("left")
    assert sorted(manager.unattended(now=100.0)) == ["never-connected"]
    manager.notify_disconnect("left")  # its page's connection closed (or was dropped, silent to the pings)
    left_at = manager._alone_since["left"]
    assert "left" not in manager.unattended(now=left_at + 19)
    assert "left" in manager.unattended(now=left_at + 21)
    assert "connected" not in manager.unattended(now=left_at + 1000)


def test_a_students_id_is_scrubbed_from_an_address() -> None:
    line = "503 GET /voila/render/02-points.ipynb?student=abc_DEF-123 (127.0.0.1): The class is full"
    assert scrub_student(line) == "503 GET /voila/render/02-points.ipynb?student=*** (127.0.0.1): The class is full"


# -- a real class server, over HTTP ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, int]]:
    """A class server for the course's page and the instructor's, with a cap of two learners; yields (base URL,
    its log, its port)."""
    work = tmp_path_factory.mktemp("class-server")
    notebooks = work / "notebooks"
    notebooks.mkdir()
    for name in (*PAGES, OLD_LESSON):
        shutil.copy(NOTEBOOKS / name, notebooks / name)
    port = free_port()
    env = classroom_env(f"sqlite:///{work / 'classroom.sqlite'}", key_fingerprint("class-server-test-key"), work)
    command = classroom_command(port, "127.0.0.1", max_kernels=CAP, notebooks=notebooks)
    command.append("--CourseKernelManager.unattended_grace=600")  # the burst's pages never connect: keep them
    with running(command, port, work / "server.log", env) as base:
        yield base, work / "server.log", port


def fetch(url: str, method: str = "GET") -> tuple[int, str]:
    request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    if method == "POST":  # what the page's script sends: the XSRF cookie and the same token in a header
        request.add_header("Cookie", "_xsrf=class-server-test")
        request.add_header("X-XSRFToken", "class-server-test")
    try:
        with urllib.request.urlopen(request, timeout=300) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def status(base: str) -> dict[str, Any]:
    code, text = fetch(base + STATUS_PATH)
    assert code == 200
    reply: dict[str, Any] = json.loads(text)
    return reply


def wait_until(what: str, done: Callable[[], bool], timeout: float = 240) -> None:
    """Wait for a state the server reaches in its own time (kernels boot at the machine's speed)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        time.sleep(0.5)


def command_line(process: psutil.Process) -> str:
    try:
        return " ".join(process.cmdline())
    except psutil.Error:  # it ended while we looked
        return ""


def kernel_processes(port: int) -> int:
    """The server's kernels, counted as processes (not as the server counts them)."""
    server = next(p for p in psutil.Process().children(recursive=True) if f"--port={port}" in command_line(p))
    return sum("ipykernel_launcher" in command_line(p) for p in server.children(recursive=True))


def test_a_burst_of_page_opens_seats_no_more_learners_than_the_cap(class_server: tuple[str, Path, int]) -> None:
    base, log, port = class_server
    heated = {PAGES[0]: 1, PAGES[1]: 0, OLD_LESSON: 0}  # only the course's page keeps a kernel pre-heated
    wait_until("the course's pre-heated kernel", lambda: status(base)["preheated"] == heated)
    pages = (f"{OLD_LESSON}?student=burst-token-", "instructor.ipynb?student=burst-token-")
    urls = [f"{base}/voila/render/{pages[i % 2]}{i}" for i in range(BURST)]
    with ThreadPoolExecutor(BURST) as pool:
        replies = list(pool.map(fetch, urls))

    assert sorted(code for code, _ in replies) == [200] * CAP + [503] * (BURST - CAP)
    for code, page in replies:
        if code == 503:  # the course's page, not tornado's bare "503: Service Unavailable"
            assert "The class is full — try again in a minute" in page
            assert "Service Unavailable" not in page
    assert status(base)["learners"] == CAP
    # the refused pages emptied no pool: the course's page has its pre-heated kernel again, beside the learners'
    wait_until("the pool to refill", lambda: status(base)["preheated"] == heated)
    assert kernel_processes(port) == CAP + 1

    # a learner leaves; the next one gets the course's pre-heated kernel
    leaving = KERNEL_ID.search(next(page for code, page in replies if code == 200))
    assert leaving is not None
    assert fetch(f"{base}/voila/api/shutdown/{leaving.group(1)}", method="POST")[0] == 204
    wait_until("the seat to free", lambda: status(base)["learners"] == CAP - 1)
    code, page = fetch(f"{base}/voila/render/{PAGES[0]}")
    assert code == 200
    mine = KERNEL_ID.search(page)
    assert mine is not None
    assert f"Using pre-heated kernel: {mine.group(1)} for {PAGES[0]}" in log.read_text()
    assert status(base)["learners"] == CAP


def test_the_log_never_shows_a_students_id(class_server: tuple[str, Path, int]) -> None:
    base, log, _ = class_server
    assert fetch(f"{base}/voila/render/missing.ipynb?student=secret-token")[0] == 404
    assert fetch(f"{base}/voila/render/missing.ipynb?%73tud%65nt=coded-token")[0] == 404  # the server reads "student"
    wait_until("the refusal in the log", lambda: "missing.ipynb?%73tud%65nt=***" in log.read_text())
    text = log.read_text()
    assert "missing.ipynb?student=***" in text
    assert "secret-token" not in text
    assert "coded-token" not in text
    assert "burst-token" not in text


def test_the_default_cap_fits_a_24_gib_machine_and_a_cap_too_large_is_named() -> None:
    """The learners' memory measured by benchmarks/learners.py against the class's cap (docs/measurements.md)."""
    import inspect

    from shengji_tutor.app.classroom import LEARNER_MEMORY, capacity

    default = inspect.signature(classroom_command).parameters["max_kernels"].default
    room, fits = capacity(default, 24 * 2**30)
    assert fits, room
    assert 80 * 2**20 <= LEARNER_MEMORY <= 128 * 2**20
    room, fits = capacity(400, 24 * 2**30)
    assert not fits
    assert "--max-kernels 196" in room


def test_no_contents_api_and_no_traceback_for_odd_addresses(class_server: tuple[str, Path, int]) -> None:
    """The notebooks are not listed, and addresses the server has no page for answer 404, not 500 and a traceback."""
    base, log, _ = class_server
    for path in ("/voila/api/contents", "/voila/api/contents/notebooks", "/api/contents"):
        code, body = fetch(base + path)
        assert code == 404, (path, code, body[:200])
        assert ".ipynb" not in body
    for path in ("/logout", "/voila/templates/..%2f..%2f..%2fetc%2fpasswd", "/voila/templates/..%2fconf.json"):
        code, body = fetch(base + path)
        assert code in (200, 404), (path, code)  # /logout: sent to the course (a redirect, followed)
        assert "root:" not in body
    time.sleep(0.5)
    assert "Traceback" not in log.read_text()


def test_a_replica_stops_with_its_kernels_when_the_process_that_started_it_ends(tmp_path: Path) -> None:
    """A hub's replica (``--ClassServer.stop_with_parent``) whose hub is gone stops serving and shuts its kernels
    down, instead of running on with nobody to route students to it."""
    import subprocess
    import sys

    port = free_port()
    env = classroom_env(f"sqlite:///{tmp_path / 'classroom.sqlite'}", key_fingerprint("replica-test-key"), tmp_path)
    command = [*classroom_command(port, "127.0.0.1", max_kernels=2), "--ClassServer.stop_with_parent=True"]
    log = tmp_path / "replica.log"
    hub = subprocess.Popen(  # stands in for the hub: starts the replica as its child, then is killed
        [
            sys.executable,
            "-c",
            "import subprocess, sys, time; subprocess.Popen(sys.argv[1:]); time.sleep(600)",
            *command,
        ],
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        wait_until("the replica to start", lambda: fetch_ok(f"http://127.0.0.1:{port}/"), timeout=120)
        replica = next(p for p in psutil.Process(hub.pid).children() if f"--port={port}" in command_line(p))
        wait_until("its pre-heated kernel", lambda: any("ipykernel" in command_line(c) for c in replica.children()))
        kernels = [c for c in replica.children(recursive=True) if "ipykernel" in command_line(c)]
        hub.kill()
        hub.wait()
        wait_until("the replica to stop", lambda: not replica.is_running() or replica.status() == "zombie", timeout=60)
        wait_until("its kernels to stop", lambda: not any(k.is_running() and k.status() != "zombie" for k in kernels))
    finally:
        hub.kill()
        for p in psutil.process_iter():
            if f"--port={port}" in command_line(p):
                p.kill()
    assert "has ended: stopping" in log.read_text()


def fetch_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except OSError:
        return False
