"""Serving a class: Voilà for a room of students, with a cap on learners and idle-kernel culling.

``shengji-tutor classroom`` runs the course app listening on all interfaces,
with pre-heated kernels, idle kernels culled, and at most ``max_kernels``
learners' kernels alive so that a room of students cannot exhaust the machine
(a student beyond the cap is told at once that the class is full, and can
retry when someone leaves). The server process is ``app.class_server``: Voilà
with the class's page handler, which takes a pre-heated kernel only when one
is ready and a seat is free.

The cap counts learners, not kernels: a kernel waiting in a lesson's pre-heated
pool takes no seat, so refilling a pool is never refused and a lesson never
stays cold; a kernel counts from the moment it starts to start (a burst of page
opens cannot overshoot the cap while kernels boot) until it is shut down.
"""

from __future__ import annotations

import math
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import traitlets
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.ioloop import PeriodicCallback

from ..classroom.session import LISTEN_ENV
from ..i18n import tn
from ..store.keys import ENV_DB, ENV_KEY, key_fingerprint, key_matches
from .serve import NOTEBOOKS, voila_command, voila_env

__all__ = [
    "ENV_DB",
    "ENV_KEY",
    "LEARNER_MEMORY",
    "CappedKernelManager",
    "CourseKernelManager",
    "capacity",
    "classroom_command",
    "classroom_env",
    "kernel_started",
    "key_fingerprint",
    "key_matches",
    "machine_memory",
    "pool_tasks",
]

PREHEAT = "VOILA_PREHEAT"
"""Voilà sets this in a kernel's environment to "True" when the kernel is started for a pre-heated pool."""


class CourseKernelManager(AsyncMappingKernelManager):
    """The course server's kernel manager: no kernel outlives its page for long, and a pre-heated kernel that is
    shut down is replaced at once.

    **Pages that are gone.** A page closed normally asks for its kernel's shutdown; a page lost without that (a
    laptop asleep, a browser killed, the network gone, or an address fetched by a script that never opens the
    page's connection) left its kernel — and, in a class, its seat — until the idle cull, 20 minutes later. Now a
    learner's kernel with no page connected, idle for ``unattended_grace`` seconds, is shut down (checked every
    ``SWEEP`` seconds; the server pings each page's connection every 10 s and drops one silent for 25 s, so a
    page that vanished without a word is noticed within a minute). A kernel still rendering its page is busy and
    kept; a pre-heated kernel waits for its learner and is kept. The learner who comes back reloads the same
    address: their identity and place are in it, their work in the store.

    **A pool kept full.** Voilà makes this class the base of its pooling manager, whose ``shutdown_kernel`` takes
    the kernel out of its pool and then calls this one; Voilà itself refills a pool only when a page takes a kernel
    from it, so a pool kernel shut down any other way left the page's pool empty, and every learner after it
    waited for a cold kernel.
    """

    unattended_grace = traitlets.Float(
        20.0, config=True, help="Seconds a learner's kernel may run idle with no page connected before it is shut down."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._alone_since: dict[str, float] = {}  # kernel id → when its last page connection closed (or it started)
        self._sweeper: PeriodicCallback | None = None

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        if self._kernel_connections.get(kernel_id, 0) == 0:
            self._alone_since.setdefault(kernel_id, time.monotonic())
        if self._sweeper is None:
            self._sweeper = PeriodicCallback(self.sweep, SWEEP * 1000)
            self._sweeper.start()
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id in self and self._kernel_connections.get(kernel_id, 0) <= 0:
            self._alone_since[kernel_id] = time.monotonic()

    def unattended(self, now: float | None = None) -> list[str]:
        """The learners' kernels to shut down now: no page connected, not busy, and quiet for the grace period."""
        now = time.monotonic() if now is None else now
        waiting = preheated_kernels(self)
        found = []
        for kernel_id, since in list(self._alone_since.items()):
            if kernel_id not in self:
                self._alone_since.pop(kernel_id, None)
                continue
            if kernel_id in waiting or now - since < self.unattended_grace:
                continue
            kernel = self.get_kernel(kernel_id)
            if getattr(kernel, "execution_state", "") in ("busy", "starting"):
                continue
            last = getattr(kernel, "last_activity", None)
            quiet = (datetime.now(UTC) - last).total_seconds() if isinstance(last, datetime) else math.inf
            if quiet >= self.unattended_grace:
                found.append(kernel_id)
        return found

    async def sweep(self) -> None:
        """Shut down the kernels whose pages are gone (``unattended``)."""
        for kernel_id in self.unattended():
            self._alone_since.pop(kernel_id, None)
            self.log.info("Kernel %s: no page connected for %g s, shutting it down", kernel_id, self.unattended_grace)
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception:  # a kernel gone meanwhile, or failing to stop: the next sweep tries again
                self.log.warning("Kernel %s could not be shut down", kernel_id, exc_info=True)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self._alone_since.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        for notebook in list(pool_tasks(self)):  # a pool that is full already is left as it is
            self.fill_if_needed(notebook_name=notebook)  # type: ignore[attr-defined]  # Voilà's pooling subclass


SWEEP = 5.0
"""Seconds between two looks for kernels whose pages are gone."""


class CappedKernelManager(CourseKernelManager):
    """A kernel manager that refuses a learner's kernel beyond ``max_learners`` (HTTP 503, the class-full page).

    Voilà makes it the base of its pooling manager (``voila_kernel_manager_factory``), whose ``_pools`` map a
    notebook to the tasks starting or holding its pre-heated kernels; those kernels take no seat.
    """

    max_learners = traitlets.Int(60, config=True, help="Most learners' kernels alive at once (pre-heated not counted).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting: dict[str, bool] = {}  # kernel id → started for a pool; counted before it is up
        self.log.info(
            "The class takes at most %d learners at once (pre-heated kernels take no seat)", self.max_learners
        )

    def learners(self) -> int:
        """Kernels that are serving (or starting to serve) a learner's page."""
        kernels = set(self.list_kernel_ids()) | set(self._starting)
        return len(kernels - self._waiting())

    def full(self) -> bool:
        return self.learners() >= self.max_learners

    def preheated(self) -> dict[str, int]:
        """How many started pre-heated kernels wait in each notebook's pool."""
        return {notebook: sum(kernel_started(task) for task in pool) for notebook, pool in self._pool_tasks().items()}

    def pool_ready(self, notebook: str) -> bool:
        """Is the notebook's next pre-heated kernel started, so that taking it is instant and counted at once?

        A pool start that failed is replaced here, so a lesson never stays cold.
        """
        pool = self._pool_tasks().get(notebook, [])
        if pool and pool[0].done() and not kernel_started(pool[0]):
            pool.pop(0)
            self.fill_if_needed(notebook_name=notebook)  # type: ignore[attr-defined]  # Voilà's pooling subclass
            return False
        return bool(pool) and kernel_started(pool[0])

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.pop("kernel_id", None)
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        for_pool = (kwargs.get("env") or {}).get(PREHEAT) == "True"
        if not for_pool and self.full():
            raise web.HTTPError(503, f"The class is full ({self.max_learners} learners): try again in a minute.")
        kernel_id = kernel_id or self.new_kernel_id()
        self._starting[kernel_id] = for_pool  # the seat is taken before the kernel boots, and freed if it fails
        try:
            started: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        finally:
            del self._starting[kernel_id]
        return started

    def _pool_tasks(self) -> dict[str, list[Any]]:
        return pool_tasks(self)

    def _waiting(self) -> set[str]:
        """Kernels in a pre-heated pool: starting for one, or started and not yet taken by a learner."""
        return {kernel_id for kernel_id, for_pool in self._starting.items() if for_pool} | preheated_kernels(self)


def preheated_kernels(manager: object) -> set[str]:
    """The ids of the started kernels waiting in a pre-heated pool."""
    return {
        task.result()["kernel_id"] for pool in pool_tasks(manager).values() for task in pool if kernel_started(task)
    }


def pool_tasks(manager: object) -> dict[str, list[Any]]:
    """Voilà's pools (``_pools``, set by its pooling subclass of the kernel manager): notebook → tasks starting or
    holding a pre-heated kernel; empty without pre-heating."""
    pools: dict[str, list[Any]] = getattr(manager, "_pools", {})
    return pools


def kernel_started(task: Any) -> bool:
    """Did this pool task start its kernel (done, not cancelled, no error)?"""
    return bool(task.done() and not task.cancelled() and task.exception() is None)


LEARNER_MEMORY = 100 * 2**20
"""Memory one learner takes: their kernel after the whole course measured 86–92 MiB resident (benchmarks/app.py
and benchmarks/learners.py), rounded up."""
MEMORY_SHARE = 0.8
"""The share of the machine's memory a class's kernels may take (the server, the system and the store need some)."""


def machine_memory() -> int:
    """This machine's memory in bytes (0 when it cannot be read)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return 0


def capacity(max_kernels: int, memory: int | None = None) -> tuple[str, bool]:
    """What ``max_kernels`` learners need against the machine's memory: (a sentence, whether it fits).

    >>> from shengji_tutor.app.classroom import capacity
    >>> capacity(60, 24 * 2**30)
    ("about 5.9 GiB for 60 learners of this machine's 24.0 GiB: fits (it holds about 196)", True)
    >>> capacity(300, 24 * 2**30)[1]
    False
    """
    memory = machine_memory() if memory is None else memory
    need = f"{max_kernels * LEARNER_MEMORY / 2**30:.1f}"
    if memory <= 0:
        unknown = tn(
            "about {need} GiB for {n} learner (this machine's memory is unknown)",
            "about {need} GiB for {n} learners (this machine's memory is unknown)",
            max_kernels,
            need=need,
        )
        return unknown, True
    holds = int(memory * MEMORY_SHARE // LEARNER_MEMORY)
    values = {"need": need, "memory": f"{memory / 2**30:.1f}", "holds": holds}
    if max_kernels <= holds:
        room = tn(
            "about {need} GiB for {n} learner of this machine's {memory} GiB: fits (it holds about {holds})",
            "about {need} GiB for {n} learners of this machine's {memory} GiB: fits (it holds about {holds})",
            max_kernels,
            **values,
        )
        return room, True
    too_many = tn(
        "about {need} GiB for {n} learner of this machine's {memory} GiB: too many: it holds about {holds} "
        "(--max-kernels {holds})",
        "about {need} GiB for {n} learners of this machine's {memory} GiB: too many: it holds about {holds} "
        "(--max-kernels {holds})",
        max_kernels,
        **values,
    )
    return too_many, False


def classroom_command(
    port: int,
    host: str = "0.0.0.0",
    *,
    max_kernels: int = 60,
    cull_idle_seconds: int = 1200,
    notebooks: Path | None = None,
) -> list[str]:
    """The class server's command line; ``max_kernels`` counts learners (pre-heated kernels take no seat)."""
    return [
        *voila_command(
            port,
            ip=host,
            notebooks=notebooks or NOTEBOOKS,
            module="shengji_tutor.app.class_server",
            cull_idle_seconds=cull_idle_seconds,
            kernel_manager="shengji_tutor.app.classroom.CappedKernelManager",
        ),
        f"--CappedKernelManager.max_learners={max_kernels}",
    ]


def classroom_env(db_url: str, fingerprint: str, data_dir: Path | None = None, host: str = "") -> dict[str, str]:
    """The environment kernels inherit: the store's URL and the server key's fingerprint (never the key), and the
    address the server listens on (``host``: the join address must be one it answers)."""
    env = voila_env(data_dir)
    env[ENV_DB] = db_url
    env[ENV_KEY] = fingerprint
    env[LISTEN_ENV] = host
    return env
