"""JupyterHub recipe: shengji-tutor for a big class, as hub services — no personal servers, one PostgreSQL store.

When one machine's ``shengji-tutor classroom`` is not enough, or students
should log in with school accounts, run the course behind JupyterHub. The hub
only logs students in. The course runs as ``SHENGJI_TUTOR_REPLICAS`` hub
services (``shengji-0``, ``shengji-1``, …): each a standalone Voilà class
server on 127.0.0.1, behind the hub's proxy at ``/services/shengji-N/``, with
its own kernel cap, all writing to one PostgreSQL store. Nobody gets a
personal Jupyter server, so no student can run code of their own; the store's
URL goes only to the services. A student who opens the hub is sent to their
replica (chosen by their hub account), logs in there through the hub (OAuth),
and joins the class with its code as in ``shengji-tutor classroom``.

Set these environment variables where the hub runs:

- ``SHENGJI_TUTOR_CLASSROOM_DB``: ``postgresql://user:password@db-host/shengji``
- ``SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH``: the output of
  ``python -c "from shengji_tutor.store.keys import key_fingerprint; print(key_fingerprint('YOUR KEY'))"``
- optionally ``SHENGJI_TUTOR_REPLICAS`` (default 2), ``SHENGJI_TUTOR_MAX_KERNELS``
  (learners per replica, default 40) and ``SHENGJI_TUTOR_FIRST_PORT`` (default
  10101: replica N listens on 127.0.0.1, port FIRST_PORT + N)

and start it with ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``
from the Python environment where ``shengji-tutor[hub]`` is installed.
"""

from __future__ import annotations

import os
import sys
from typing import Any

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by JupyterHub when it reads this file

store = os.environ["SHENGJI_TUTOR_CLASSROOM_DB"]
if not store.startswith("postgresql://"):
    raise SystemExit("SHENGJI_TUTOR_CLASSROOM_DB must be a postgresql:// URL: many servers share one store")
fingerprint = os.environ.get("SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH", "")
if "$" not in fingerprint:
    raise SystemExit("SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH must be the instructor key's fingerprint (salt$hash)")
replicas = [f"shengji-{n}" for n in range(int(os.environ.get("SHENGJI_TUTOR_REPLICAS", "2")))]
first_port = int(os.environ.get("SHENGJI_TUTOR_FIRST_PORT", "10101"))
max_kernels = int(os.environ.get("SHENGJI_TUTOR_MAX_KERNELS", "40"))

# Students log in with the hub's authenticator (choose one that fits your school: OAuth, LDAP, …), and say whom
# it admits: JupyterHub 5 and later admit nobody until c.Authenticator.allowed_users (or allow_all) is set.
c.JupyterHub.authenticator_class = os.environ.get("SHENGJI_TUTOR_AUTHENTICATOR", "jupyterhub.auth.PAMAuthenticator")
c.JupyterHub.bind_url = os.environ.get("SHENGJI_TUTOR_HUB_URL", "http://0.0.0.0:8000")

# No personal servers: a Jupyter server runs whatever its user types. Users may only open the course and
# say who they are to it (OAuth asks for their name and groups); the default "user" role ("self") would let
# them start a server, so the hub warns that "self" is missing: that is the point. The spawner refuses even
# an admin's request.
c.JupyterHub.spawner_class = "shengji_tutor.app.hub.NoServers"
c.JupyterHub.load_roles = [
    {
        "name": "user",
        "description": "Open the course, nothing else",
        "scopes": [
            "read:users:name!user",
            "read:users:groups!user",
            *(f"access:services!service={name}" for name in replicas),
        ],
    }
]

# The course: one standalone Voilà per replica (`shengji-tutor hub-service`). The store's URL and the key's
# fingerprint are in these services' environment only; the hub adds its OAuth settings, and the proxy
# routes /services/<name>/ to each url.
c.JupyterHub.services = [
    {
        "name": name,
        "url": f"http://127.0.0.1:{first_port + n}",
        "command": [sys.executable, "-m", "shengji_tutor.app.cli", "hub-service", f"--max-kernels={max_kernels}"],
        "environment": {"SHENGJI_TUTOR_CLASSROOM_DB": store, "SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH": fingerprint},
        "oauth_no_confirm": True,
        "display": False,
        "timeout": 180,  # seconds the hub waits for a replica to listen (it migrates the store first)
    }
    for n, name in enumerate(replicas)
]


def replica_for(handler: Any) -> str:
    """Where the hub sends a logged-in user: a replica by account number (accounts made in turn spread evenly).

    A student may open any replica: identity and progress are in the shared store, not in the replica.
    """
    user = handler.current_user
    if user is None:
        return ""  # not logged in: the hub's login page, which comes back here
    return f"{handler.base_url}services/{replicas[user.id % len(replicas)]}/"


c.JupyterHub.default_url = replica_for
