"""The course as JupyterHub services: replicas of the class server, behind the hub's login, with no personal servers.

``deploy/jupyterhub/jupyterhub_config.py`` runs ``shengji-tutor hub-service``
as several hub-managed services (``shengji-0``, ``shengji-1``, …), each a
standalone Voilà like ``shengji-tutor classroom``: its own port and URL prefix,
its own kernel cap, all writing to one PostgreSQL store. Standalone Voilà
forwards to a kernel only the widget messages (``comm_*``), kernel info and
shutdown, so a browser can never have a kernel run code; there is no
JupyterLab, terminal, contents or kernel-list API either. The hub lends only
the login: ``HubIdentity`` is JupyterHub's own OAuth identity provider for
Jupyter servers, so a request without a hub login is sent to the hub, and a
hub user without ``access:services!service=<this replica>`` is refused.

The store's URL and the instructor key's fingerprint reach a replica only
through its service ``environment``; no student's process ever sees them,
because students have no processes (``NoServers``).
"""

from __future__ import annotations

import os
import sys
from typing import Any
from urllib.parse import urlsplit

from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import JupyterHubIdentityProvider
from jupyterhub.spawner import Spawner

from ..i18n import t
from ..store.db import migrate
from ..store.keys import ENV_DB, ENV_KEY
from .classroom import classroom_command
from .serve import migrate_progress, voila_env

__all__ = ["HubIdentity", "NoServers", "replica_command", "run_replica"]


class HubIdentity(JupyterHubIdentityProvider):  # type: ignore[misc]  # jupyterhub ships no type hints
    """JupyterHub's OAuth login (the one jupyterhub-singleuser uses) for a standalone Voilà.

    Two differences from a Jupyter server: Voilà offers its identity provider a
    login token of its own (``token=""``), which the hub's OAuth replaces (a
    replica without the hub's token refuses to start); and Voilà mounts the
    provider's pages (the OAuth callback, logout) as they are given, where a
    Jupyter server puts its base URL in front, so they are given with the prefix.
    """

    real_accounts = True
    """Its users are the hub's accounts: the course's page hands each kernel its visitor's (``visitor_account``),
    and a class's export shows it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("token", None)
        super().__init__(**kwargs)
        if not self.hub_auth.api_token:
            raise ValueError("JUPYTERHUB_API_TOKEN is not set: run this replica as a JupyterHub service")

    def get_handlers(self) -> list[tuple[Any, ...]]:
        return [(url_path_join(self.hub_auth.base_url, path), *rest) for path, *rest in super().get_handlers()]


class NoServers(Spawner):  # type: ignore[misc]  # jupyterhub ships no type hints
    """The hub's spawner: it starts nothing, because a personal Jupyter server runs any code its user types."""

    async def start(self) -> None:
        raise RuntimeError("This hub serves the course as a service: there are no personal servers.")

    async def stop(self, now: bool = False) -> None:
        return None

    async def poll(self) -> int:
        return 0  # never running


def replica_command(max_kernels: int, service_url: str, prefix: str) -> list[str]:
    """The Voilà command line of one replica: the class server's, on the hub's port and URL prefix, hub login."""
    where = urlsplit(service_url)
    if where.port is None or not where.hostname:
        raise ValueError(f"the service url {service_url!r} needs a host and a port")
    return [
        *classroom_command(where.port, where.hostname, max_kernels=max_kernels),
        f"--Voila.base_url={prefix}",
        "--Voila.port_retries=0",  # the hub's proxy routes to this port only: never drift to another
        f"--Voila.identity_provider_class={HubIdentity.__module__}.{HubIdentity.__qualname__}",
        "--Voila.authorizer_class=jupyterhub.singleuser.extension.JupyterHubAuthorizer",
        "--ClassServer.stop_with_parent=True",  # a replica dies with its hub, kernels and all
    ]


def run_replica(max_kernels: int) -> int:
    """Start one replica from the environment the hub gives a managed service (replaces this process)."""
    store = os.environ.get(ENV_DB, "")
    service_url = os.environ.get("JUPYTERHUB_SERVICE_URL", "")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if not store.startswith("postgresql://") or not os.environ.get(ENV_KEY) or not service_url or not prefix:
        print(
            t(
                "error: run this as a JupyterHub service (deploy/jupyterhub): it needs {store} (postgresql://…), "
                "{key}, JUPYTERHUB_SERVICE_URL and JUPYTERHUB_SERVICE_PREFIX",
                store=ENV_DB,
                key=ENV_KEY,
            ),
            file=sys.stderr,
        )
        return 2
    try:
        migrate(store)  # every replica migrates at start; an advisory lock makes them take turns
    except Exception as e:  # the hub's log shows why, without the password
        reason = str(e).replace(urlsplit(store).password or store, "***")
        print(t("error: cannot open the classroom store: {problem}", problem=reason), file=sys.stderr)
        return 2
    migrate_progress()
    command = replica_command(max_kernels, service_url, prefix)
    name = os.environ.get("JUPYTERHUB_SERVICE_NAME", "")
    print(t("Replica {name} at {address}", name=name, address=f"{service_url}{prefix}"), flush=True)
    os.execvpe(command[0], command, voila_env())
