"""The JupyterHub recipe: the course as hub services, no personal servers, the store's URL only where it is needed.

The first tests read the recipe with a stand-in ``get_config``. The rest start
one replica exactly as the hub would (its command, and the environment that
JupyterHub's ``Service.start`` builds from the recipe's entry) against
PostgreSQL and a stand-in hub API, then try what a student's browser could:
run code in a page's kernel, open JupyterLab, a terminal, the contents or the
kernels API, and look for the store's credentials in everything sent back.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import runpy
import secrets
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.cookiejar import CookieJar
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar, TypeVar
from urllib.parse import parse_qs, urlsplit

import pytest
from jupyterhub import orm
from jupyterhub.objects import Hub
from jupyterhub.services.service import _MockUser, _ServiceSpawner

from benchmarks.browser import free_port, running
from shengji_tutor.app.hub import NoServers
from shengji_tutor.app.serve import NOTEBOOKS, TEMPLATE_ROOT
from shengji_tutor.course.places import route_of
from shengji_tutor.store.keys import ENV_DB, ENV_KEY, key_fingerprint, key_matches

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # servers on the shared PostgreSQL database

T = TypeVar("T")


def run_alone(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on an event loop of its own thread: the browser tests' Playwright keeps a loop
    running on the main thread for the whole session, where ``asyncio.run`` would refuse."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


RECIPE = Path(__file__).resolve().parents[1] / "deploy" / "jupyterhub" / "jupyterhub_config.py"
FINGERPRINT = key_fingerprint("a-long-secret-key")


class Section:
    def __getattr__(self, name: str) -> Any:
        value = Section()
        object.__setattr__(self, name, value)
        return value


def load(monkeypatch: pytest.MonkeyPatch, db: str, **env: str) -> Any:
    monkeypatch.setenv(ENV_DB, db)
    monkeypatch.setenv(ENV_KEY, FINGERPRINT)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    config = Section()
    runpy.run_path(str(RECIPE), init_globals={"get_config": lambda: config})
    return config


def test_the_course_runs_as_replicas_that_alone_hold_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    c = load(monkeypatch, "postgresql://u:p@db/shengji", SHENGJI_TUTOR_REPLICAS="3", SHENGJI_TUTOR_FIRST_PORT="9100")
    services = c.JupyterHub.services
    assert [s["name"] for s in services] == ["shengji-0", "shengji-1", "shengji-2"]
    assert [s["url"] for s in services] == ["http://127.0.0.1:9100", "http://127.0.0.1:9101", "http://127.0.0.1:9102"]
    for service in services:
        assert service["command"][-2:] == ["hub-service", "--max-kernels=40"]
        assert service["environment"] == {ENV_DB: "postgresql://u:p@db/shengji", ENV_KEY: FINGERPRINT}


def test_nobody_gets_a_personal_server(monkeypatch: pytest.MonkeyPatch) -> None:
    c = load(monkeypatch, "postgresql://u:p@db/shengji")
    assert c.JupyterHub.spawner_class == f"{NoServers.__module__}.{NoServers.__name__}"
    assert "environment" not in vars(c.Spawner)  # the store's URL is never handed to a user's process
    (user_role,) = c.JupyterHub.load_roles
    assert user_role["name"] == "user"
    assert user_role["scopes"] == [
        "read:users:name!user",
        "read:users:groups!user",
        "access:services!service=shengji-0",
        "access:services!service=shengji-1",
    ]
    with pytest.raises(RuntimeError, match="no personal servers"):
        run_alone(NoServers().start())


@pytest.mark.parametrize(("user_id", "replica"), [(1, "shengji-1"), (2, "shengji-0"), (7, "shengji-1")])
def test_the_hub_sends_each_student_to_a_replica(monkeypatch: pytest.MonkeyPatch, user_id: int, replica: str) -> None:
    c = load(monkeypatch, "postgresql://u:p@db/shengji")
    handler = SimpleNamespace(current_user=SimpleNamespace(id=user_id), base_url="/")
    assert c.JupyterHub.default_url(handler) == f"/services/{replica}/"
    assert c.JupyterHub.default_url(SimpleNamespace(current_user=None, base_url="/")) == ""  # to the login page


def test_a_sqlite_store_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="postgresql"):
        load(monkeypatch, "sqlite:////tmp/c.sqlite")


def test_a_missing_key_fingerprint_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="fingerprint"):
        load(monkeypatch, "postgresql://u:p@db/shengji", SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH="")


def test_the_template_the_replicas_use_exists() -> None:
    assert (TEMPLATE_ROOT / "voila" / "templates" / "shengji" / "conf.json").exists()


def test_the_fingerprint_command_in_the_recipe_works() -> None:
    command = re.search(r'``python -c "(.+?)"``', RECIPE.read_text())
    assert command is not None
    code = command.group(1).replace("YOUR KEY", "a-long-secret-key")
    fingerprint = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert key_matches("a-long-secret-key", fingerprint.strip())


def test_a_replica_started_outside_a_hub_refuses_to_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.app.cli import main

    monkeypatch.delenv("JUPYTERHUB_SERVICE_URL", raising=False)
    monkeypatch.setenv(ENV_DB, "postgresql://u:p@db/shengji")
    assert main(["hub-service"]) == 2


# One replica, run as the hub runs it.

SERVICE_TOKEN = secrets.token_hex(16)
"""The replica's hub API token (JupyterHub makes one per service): it must reach neither kernels nor browsers."""
STUDENT = "student-" + secrets.token_hex(8)
OUTSIDER = "outsider-" + secrets.token_hex(8)


class FakeHubAPI(BaseHTTPRequestHandler):
    """The two hub endpoints a replica calls: who holds this token (and with which scopes), and OAuth's code → token."""

    users: ClassVar[dict[str, dict[str, Any]]] = {
        STUDENT: {"kind": "user", "name": "student", "scopes": ["access:services!service=shengji-0"]},
        OUTSIDER: {"kind": "user", "name": "outsider", "scopes": []},
    }

    def do_GET(self) -> None:
        token = self.headers.get("Authorization", "").removeprefix("token ")
        self.answer(self.users.get(token) if self.path == "/hub/api/user" else None)

    def do_POST(self) -> None:
        form = self.rfile.read(int(self.headers["Content-Length"])).decode()
        secret_ok = f"client_secret={SERVICE_TOKEN}" in form  # the replica proves it is the service the hub started
        self.answer({"access_token": STUDENT} if self.path == "/hub/api/oauth2/token" and secret_ok else None)

    def answer(self, reply: dict[str, Any] | None) -> None:
        self.send_response(200 if reply else 403)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps(reply or {"error": "refused"}).encode())

    def log_message(self, *args: Any) -> None:
        return None


@dataclass(frozen=True)
class Replica:
    base: str  # http://127.0.0.1:port/services/shengji-0/
    store: str
    log: Path


def service_env(service: dict[str, Any], hub_port: int) -> dict[str, str]:
    """What JupyterHub's ``Service.start`` passes a managed service: its environment, the service's URLs, OAuth."""
    name = service["name"]
    env = {
        **service["environment"],
        "JUPYTERHUB_SERVICE_NAME": name,
        "JUPYTERHUB_SERVICE_URL": service["url"],
        "JUPYTERHUB_SERVICE_PREFIX": f"/services/{name}/",
    }
    spawner = _ServiceSpawner(
        cmd=service["command"],
        environment=env,
        api_token=SERVICE_TOKEN,
        oauth_client_id=f"service-{name}",
        _service_name=name,
        hub=Hub(ip="127.0.0.1", port=hub_port, base_url="/hub/"),
        user=_MockUser(name="", server=orm.Server(base_url=env["JUPYTERHUB_SERVICE_PREFIX"])),
    )
    env = spawner.get_env()
    env.pop("JUPYTERHUB_ACTIVITY_URL", None)
    return env


@pytest.fixture(scope="module")
def replica(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Replica]:
    postgres = os.environ.get("SJT_POSTGRES_URL")
    if not postgres:
        pytest.skip("set SJT_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)")
    # A marker in the store's URL: had any part of the URL reached a browser, the marker would be there too.
    store = f"{postgres}{'&' if '?' in postgres else '?'}application_name=canary{secrets.token_hex(8)}"
    hub = ThreadingHTTPServer(("127.0.0.1", 0), FakeHubAPI)
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    work = tmp_path_factory.mktemp("hub")
    port = free_port()
    with pytest.MonkeyPatch.context() as mp:
        c = load(mp, store, SHENGJI_TUTOR_FIRST_PORT=str(port))
    service = c.JupyterHub.services[0]
    env = service_env(service, hub.server_address[1])
    env["SHENGJI_TUTOR_DATA"] = str(work / "data")  # the visitors' progress file, kept out of the home folder
    prefix = env["JUPYTERHUB_SERVICE_PREFIX"]
    try:
        with running(
            service["command"], port, work / "replica.log", env, ready=f"{prefix}voila/static/voila.js"
        ) as base:
            yield Replica(base + prefix, store, work / "replica.log")
    finally:
        hub.shutdown()


class _Refuse(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None  # a redirect is an answer to look at, not to follow


def fetch(
    url: str, token: str | None = STUDENT, method: str = "GET", cookies: CookieJar | None = None
) -> tuple[int, dict[str, str], str]:
    headers = {"Authorization": f"token {token}"} if token else {}
    request = urllib.request.Request(url, method=method, headers=headers, data=b"{}" if method == "POST" else None)
    opener = urllib.request.build_opener(
        _Refuse, urllib.request.HTTPCookieProcessor(CookieJar() if cookies is None else cookies)
    )
    try:
        with opener.open(request, timeout=300) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()


def open_page(replica: Replica, notebook: str) -> tuple[str, str]:
    """Render a page as a student; returns its HTML and its kernel's id."""
    status, _, html = fetch(replica.base + f"voila/render/{notebook}")
    assert status == 200, html[:500]
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert kernel is not None, html[:500]
    return html, kernel.group(1)


def secrets_of(replica: Replica) -> list[str]:
    """What no browser may see: the store's URL (and its marker, and its user:password), the key, the hub token."""
    url = urlsplit(replica.store)
    found = [replica.store, url.query, url.netloc.rpartition("@")[0] + "@", FINGERPRINT, SERVICE_TOKEN]
    if url.password and len(url.password) >= 8:  # a short password is a word that may occur anywhere
        found.append(url.password)
    return found


def assert_no_secret(replica: Replica, text: str, where: str) -> None:
    for secret in secrets_of(replica):
        assert secret not in text, f"{where} holds a secret"


def kernel_environment(kernel_id: str) -> dict[str, str]:
    """The environment of the kernel process with this id (Linux: /proc)."""
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and kernel_id in (proc / "cmdline").read_text():
                pairs = (proc / "environ").read_bytes().split(b"\0")
                return dict(p.decode().partition("=")[::2] for p in pairs if p)
        except OSError:
            continue
    raise AssertionError(f"no process for kernel {kernel_id}")


async def talk_to_kernel(replica: Replica, kernel_id: str) -> list[dict[str, Any]]:
    """Send an execute_request that would print the environment, then a comm_info_request; return all replies.

    A kernel handles shell requests in order, so once the comm_info_request is answered (and its idle
    status published), anything the execute_request caused would already have arrived.
    """
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    url = replica.base.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels"
    ws = await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {STUDENT}"}))

    def request(msg_type: str, content: dict[str, Any]) -> str:
        msg_id = secrets.token_hex(8)
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": "s", "version": "5.3"}
        message = {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell"}
        ws.write_message(json.dumps(message))
        return msg_id

    code = "import os; print(dict(os.environ))"
    request("execute_request", {"code": code, "silent": False, "store_history": False, "user_expressions": {}})
    probe = request("comm_info_request", {})
    received: list[dict[str, Any]] = []
    answered = idle = False
    while not (answered and idle):
        raw = await ws.read_message()
        assert raw is not None, "the kernel's websocket closed"
        assert_no_secret(replica, str(raw), "a kernel message")
        message = json.loads(raw)
        received.append(message)
        if message["parent_header"].get("msg_id") == probe:
            answered |= message["msg_type"] == "comm_info_reply"
            idle |= message["msg_type"] == "status" and message["content"]["execution_state"] == "idle"
    ws.close()
    return received


def test_a_page_kernel_runs_no_code_sent_from_the_browser(replica: Replica) -> None:
    _, kernel_id = open_page(replica, "course.ipynb")
    assert (
        kernel_environment(kernel_id)[ENV_DB] == replica.store
    )  # the kernel holds the store: the message filter is what protects it
    received = run_alone(asyncio.wait_for(talk_to_kernel(replica, kernel_id), timeout=60))
    kinds = {(m["msg_type"], m["parent_header"].get("msg_type")) for m in received}
    assert ("comm_info_reply", "comm_info_request") in kinds  # the channel works …
    assert not {parent for _, parent in kinds} & {"execute_request"}  # … and the code never reached the kernel
    assert 'Received message of type "execute_request", which is not allowed' in replica.log.read_text()


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "api/kernels"),
        ("POST", "api/kernels"),
        ("GET", "api/sessions"),
        ("POST", "api/sessions"),
        ("GET", "lab"),
        ("GET", "tree"),
        ("GET", "api/terminals"),
        ("POST", "api/terminals"),
        ("GET", "terminals/websocket/1"),
        ("GET", "api/contents"),
        ("GET", "api/contents/00-home.ipynb"),
        ("GET", "files/00-home.ipynb"),
        ("GET", "api/kernelspecs"),
        ("GET", "voila/files/00-home.ipynb"),
        ("POST", "voila/render/00-home.ipynb"),
    ],
)
def test_nothing_but_the_course_is_reachable(replica: Replica, method: str, path: str) -> None:
    status, _, _ = fetch(replica.base + path, method=method)
    assert status in (403, 404, 405)


def test_every_page_needs_a_hub_login_with_access_to_this_replica(replica: Replica) -> None:
    page = replica.base + "voila/render/course.ipynb"
    assert fetch(page, token=OUTSIDER)[0] == 403
    assert fetch(replica.base + "voila/render/00-home.ipynb", token=OUTSIDER)[0] == 403  # an old address too
    assert fetch(replica.base + "voila/classroom/status", token=None)[0] == 302  # to the hub's login
    assert fetch(replica.base + f"api/kernels/{uuid.uuid4()}", token=None)[0] == 403  # an API: refused outright
    assert fetch(replica.base + "voila/api/contents")[0] == 404  # no listing of the notebooks, even logged in
    # A browser without a login is sent to the hub, which sends it back to the callback with a code (OAuth).
    browser = CookieJar()
    status, headers, _ = fetch(page, token=None, cookies=browser)
    assert status == 302
    authorize = urlsplit(headers["Location"])
    assert authorize.path == "/hub/api/oauth2/authorize"
    query = parse_qs(authorize.query)
    assert query["client_id"] == ["service-shengji-0"]
    assert query["redirect_uri"] == ["/services/shengji-0/oauth_callback"]
    callback = f"{replica.base}oauth_callback?code=from-the-hub&state={query['state'][0]}"
    status, headers, _ = fetch(callback, token=None, cookies=browser)
    assert (status, headers["Location"]) == (302, urlsplit(page).path)
    assert fetch(page, token=None, cookies=browser)[0] == 200  # the replica's cookie now holds the hub's token


def test_nothing_sent_to_a_browser_holds_the_store_credentials(replica: Replica) -> None:
    for path in ("", "voila/classroom/status", "voila/static/voila.js"):
        status, headers, body = fetch(replica.base + path)
        assert status == 200
        assert_no_secret(replica, body + json.dumps(headers), path or "the home page")
    for notebook in sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")):
        if route_of(notebook) is not None:  # a place of the course's page: its address sends the browser there
            status, headers, _ = fetch(replica.base + f"voila/render/{notebook}")
            assert (status, urlsplit(headers["Location"]).fragment) == (302, route_of(notebook))
            continue
        html, kernel_id = open_page(replica, notebook)
        assert_no_secret(replica, html, notebook)
        assert fetch(replica.base + f"api/kernels/{kernel_id}", method="DELETE")[0] == 204  # free it for the next
