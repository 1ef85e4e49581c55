"""JupyterHub recipe: shengji-tutor for a big class, one Voilà app per student, one PostgreSQL store.

When one machine is not enough (more than about 40–60 students at once on a
2-core server), run the course behind JupyterHub: the hub logs students in and
gives each their own single-user server running the course app; every app
writes to the same PostgreSQL database, so the instructor's console (open on
any of them with the instructor key) sees the whole class.

Set these environment variables where the hub runs:

- ``SHENGJI_TUTOR_CLASSROOM_DB``: ``postgresql://user:password@db-host/shengji``
- ``SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH``: the output of
  ``python -c "from shengji_tutor.store.keys import key_fingerprint; print(key_fingerprint('YOUR KEY'))"``
- ``SHENGJI_TUTOR_COURSE``: the folder holding the course's ``notebooks/``

and start it with ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``.
"""

from __future__ import annotations

import os

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by JupyterHub when it reads this file

course = os.environ.get("SHENGJI_TUTOR_COURSE", "/srv/shengji-tutor")
store = os.environ["SHENGJI_TUTOR_CLASSROOM_DB"]
if not store.startswith("postgresql://"):
    raise SystemExit("SHENGJI_TUTOR_CLASSROOM_DB must be a postgresql:// URL: many servers share one store")

# Students log in with the hub's authenticator (choose one that fits your school: OAuth, LDAP, …).
c.JupyterHub.authenticator_class = os.environ.get("SHENGJI_TUTOR_AUTHENTICATOR", "jupyterhub.auth.PAMAuthenticator")
c.JupyterHub.bind_url = os.environ.get("SHENGJI_TUTOR_HUB_URL", "http://0.0.0.0:8000")

# Each student's single-user server is the course app: Voilà over the notebooks, the course template,
# pre-heated kernels. `voila --no-browser` runs as a Jupyter server extension under jupyterhub-singleuser.
c.Spawner.cmd = ["jupyterhub-singleuser"]
c.Spawner.default_url = "/voila/render/00-home.ipynb"
c.Spawner.notebook_dir = os.path.join(course, "notebooks")
c.Spawner.args = [
    "--ServerApp.jpserver_extensions={'voila': True}",
    "--VoilaConfiguration.template=shengji",
    "--MappingKernelManager.cull_idle_timeout=1200",
    "--MappingKernelManager.cull_interval=60",
]
c.Spawner.environment = {
    "SHENGJI_TUTOR_CLASSROOM_DB": store,
    "SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH": os.environ.get("SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH", ""),
    "JUPYTER_PATH": os.path.join(course, "shengji_tutor", "app", "voila_app"),
}
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0

# Stop servers nobody uses: the idle-culler service (pip install jupyterhub-idle-culler).
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=1800"],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
