"""Serving a class: Voilà for a room of students, with a cap on live kernels and idle-kernel culling.

``shengji-tutor classroom`` runs the course app listening on all interfaces,
with pre-heated kernels, idle kernels culled, and at most ``--max-kernels``
kernels alive so that a room of students cannot exhaust the machine (a student
beyond the cap is told the class is full, and can retry when someone leaves).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import traitlets
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web

from ..store.keys import ENV_DB, ENV_KEY, key_fingerprint, key_matches
from .serve import NOTEBOOKS, voila_command, voila_env

__all__ = [
    "ENV_DB",
    "ENV_KEY",
    "CappedKernelManager",
    "classroom_command",
    "classroom_env",
    "key_fingerprint",
    "key_matches",
]


class CappedKernelManager(AsyncMappingKernelManager):
    """A kernel manager that refuses new kernels beyond ``max_kernels`` (HTTP 503, with a readable reason)."""

    max_kernels = traitlets.Int(60, config=True, help="Most kernels alive at once (pre-heated ones included).")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, f"The class is full ({self.max_kernels} learners): try again in a minute.")
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id


def classroom_command(
    port: int,
    host: str = "0.0.0.0",
    *,
    max_kernels: int = 60,
    cull_idle_seconds: int = 1200,
    notebooks: Path | None = None,
) -> list[str]:
    """The Voilà command line for a class.

    ``max_kernels`` counts learners: the cap passed to Voilà adds one pre-heated kernel per notebook.
    """
    folder = notebooks or NOTEBOOKS
    preheated = len(list(folder.glob("*.ipynb")))
    return [
        *voila_command(port, ip=host, notebooks=folder),
        "--VoilaConfiguration.multi_kernel_manager_class=shengji_tutor.app.classroom.CappedKernelManager",
        f"--CappedKernelManager.max_kernels={max_kernels + preheated}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=True",
    ]


def classroom_env(db_url: str, instructor_key: str, data_dir: Path | None = None) -> dict[str, str]:
    """The environment kernels inherit: the store's URL and the instructor key's fingerprint (never the key)."""
    env = voila_env(data_dir)
    env[ENV_DB] = db_url
    env[ENV_KEY] = key_fingerprint(instructor_key)
    return env
