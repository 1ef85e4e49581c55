"""The class server's instructor key: kept (hashed) across restarts, rotated on demand, never printed with a secret.

``shengji-tutor classroom`` is started here for real, up to the moment it would hand over to Voilà: ``os.execvpe``
is replaced, and the environment it would give the kernels builds the instructor's page as a kernel would.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from class_answers import answer_as

from shengji_tutor.app.cli import main
from shengji_tutor.classroom.screens import InstructorConsole
from shengji_tutor.classroom.session import classroom_store
from shengji_tutor.store.classroom import ClassroomError, ClassroomStore, WrongKeyError
from shengji_tutor.store.keys import ENV_DB, ENV_KEY, key_fingerprint, key_matches, server_key_file

Start = Callable[..., tuple[dict[str, str], str]]


class Exec(Exception):
    """Where the command would have become Voilà."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env


def refuse_exec(file: str, args: list[str], env: dict[str, str]) -> None:
    raise Exec(env)


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Start:
    """``start(*flags)`` runs ``shengji-tutor classroom`` on a store in ``tmp_path``; returns (kernels' env, output)."""
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(os, "execvpe", refuse_exec)
    db = f"sqlite:///{tmp_path / 'classroom.sqlite'}"

    def run(*flags: str) -> tuple[dict[str, str], str]:
        with pytest.raises(Exec) as started:
            main(["classroom", "--host", "127.0.0.1", "--db", db, *flags])
        return started.value.env, capsys.readouterr().out

    return run


def printed_key(out: str) -> str:
    found = re.search(r"Instructor key:\s+(\S+)   \(keep it private", out)
    assert found is not None, out
    return found.group(1)


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[dict[str, str]], InstructorConsole]]:
    """``kernel(env)``: the instructor's console as a kernel of a server started with ``env`` builds it."""
    consoles: list[InstructorConsole] = []

    def console(env: dict[str, str]) -> InstructorConsole:
        monkeypatch.setenv(ENV_DB, env[ENV_DB])
        monkeypatch.setenv(ENV_KEY, env[ENV_KEY])
        store = classroom_store()
        assert store is not None
        consoles.append(InstructorConsole(store, address=f"page-{len(consoles)}"))  # apart: no shared wait
        return consoles[-1]

    yield console
    for c in consoles:
        if c.poller is not None:
            c.poller.stop()


def unlocks(console: InstructorConsole, key: str) -> bool:
    console.key.value = key
    return console.unlock()


def test_a_class_stays_openable_after_a_restart(
    start: Start, kernel: Callable[[dict[str, str]], InstructorConsole]
) -> None:
    env, out = start()
    key = printed_key(out)
    store = ClassroomStore(env[ENV_DB])
    code = store.create_class("Tuesday club", key)
    answer_as(store, store.join(code, "Ana"), "pairs-keep-your-pair", "no", True)

    env, out = start()  # a plain restart keeps the key, and says so without printing it
    assert key not in out
    assert "the same as before" in out
    assert key_matches(key, env[ENV_KEY])
    console = kernel(env)
    assert unlocks(console, key)
    assert console.open_class(code)
    assert "Ana,,pairs-keep-your-pair,No,correct" in console.export()


def test_a_new_key_locks_out_the_old_one_and_opens_the_old_classes(
    start: Start, kernel: Callable[[dict[str, str]], InstructorConsole]
) -> None:
    env, out = start()
    old = printed_key(out)
    code = ClassroomStore(env[ENV_DB]).create_class("Club", old)

    env, out = start("--new-key")
    new = printed_key(out)
    assert new != old
    assert not unlocks(kernel(env), old)
    console = kernel(env)
    assert unlocks(console, new)
    assert console.open_class(code)  # the server's key opens every class of its store

    env, out = start("--instructor-key", "chosen-by-the-teacher")  # sets the key, which the next start keeps
    assert printed_key(out) == "chosen-by-the-teacher"
    env, _ = start()
    assert not unlocks(kernel(env), new)
    assert unlocks(kernel(env), "chosen-by-the-teacher")


def test_the_key_is_kept_hashed_and_only_its_owner_can_read_it(start: Start) -> None:
    _, out = start()
    key = printed_key(out)
    kept = server_key_file()
    assert key not in kept.read_text()
    assert key_matches(key, kept.read_text().strip())
    assert kept.stat().st_mode & 0o077 == 0


def test_a_damaged_key_file_stops_the_start_until_a_key_is_set(
    start: Start, capsys: pytest.CaptureFixture[str]
) -> None:
    start()
    server_key_file().write_text("not a fingerprint")
    assert main(["classroom", "--db", "sqlite://"]) == 2
    assert "--new-key" in capsys.readouterr().err
    _, out = start("--new-key")
    assert len(printed_key(out)) >= 12


@pytest.mark.parametrize("key", ["short", "elevenchars"])
def test_a_key_shorter_than_twelve_characters_is_refused(
    start: Start, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    assert main(["classroom", "--instructor-key", key]) == 2
    assert "at least 12 characters" in capsys.readouterr().err
    assert not server_key_file().exists()


def test_the_store_password_is_never_printed(start: Start, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classroom", "--db", "postgresql://sjt:hunter2@127.0.0.1:1/none"]) == 2
    err = capsys.readouterr().err
    assert "postgresql://sjt:***@127.0.0.1:1/none" in err
    assert "hunter2" not in err
    assert not server_key_file().exists()  # a server that cannot start makes no key nobody has seen


@pytest.mark.postgres
def test_the_store_password_is_hidden_in_the_banner(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = os.environ.get("SJT_POSTGRES_URL")
    if not url:
        pytest.skip("set SJT_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)")
    password = re.search(r"://[^:/@]+:([^@]+)@", url)
    assert password is not None
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    monkeypatch.setattr(os, "execvpe", refuse_exec)
    with pytest.raises(Exec) as started:
        main(["classroom", "--host", "127.0.0.1", "--db", url])
    out = capsys.readouterr().out
    assert started.value.env[ENV_DB] == url  # the kernels get the real URL; the screen does not
    assert re.search(r"Store:\s+postgresql://[^:/@]+:\*\*\*@", out)
    assert f":{password.group(1)}@" not in out


def test_the_servers_key_opens_every_class_and_each_class_keeps_its_own(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    store = ClassroomStore(url, server_key=key_fingerprint("the-servers-key-now"))
    code = store.create_class("Club", "the-key-it-was-made-with")
    for key in ("the-servers-key-now", "the-key-it-was-made-with"):
        store.check_key(code, key)
    with pytest.raises(WrongKeyError, match="does not open this class"):
        store.check_key(code, "neither-of-the-two")
    with pytest.raises(WrongKeyError, match="does not open this class"):
        ClassroomStore(url).check_key(code, "the-servers-key-now")  # a store of another server
    with pytest.raises(ClassroomError, match="at least 12 characters"):
        store.create_class("Club", "elevenchars")


def test_the_store_url_comes_from_a_file_or_the_environment_and_never_needs_the_command_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A password in ``--db`` shows in ``ps`` until Voilà starts; a file or the environment keeps it out."""
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(os, "execvpe", refuse_exec)
    from_file = f"sqlite:///{tmp_path / 'from-file.sqlite'}"
    (tmp_path / "db-url").write_text(from_file + "\n", encoding="utf-8")
    with pytest.raises(Exec) as started:
        main(["classroom", "--host", "127.0.0.1", "--db-file", str(tmp_path / "db-url")])
    assert started.value.env[ENV_DB] == from_file
    from_env = f"sqlite:///{tmp_path / 'from-env.sqlite'}"
    monkeypatch.setenv(ENV_DB, from_env)
    with pytest.raises(Exec) as started:
        main(["classroom", "--host", "127.0.0.1"])
    assert started.value.env[ENV_DB] == from_env
    assert (tmp_path / "from-env.sqlite").exists()
    capsys.readouterr()
    assert main(["classroom", "--db-file", str(tmp_path / "missing")]) == 2
    assert "cannot read the store's URL from" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # one or the other
        main(["classroom", "--db", from_env, "--db-file", str(tmp_path / "db-url")])


def test_a_password_on_the_command_line_is_warned_about(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from shengji_tutor.app.cli import store_url

    assert store_url("postgresql://sjt:hunter2@db/class", None) == "postgresql://sjt:hunter2@db/class"
    warned = capsys.readouterr().err
    assert "process list" in warned
    assert "hunter2" not in warned
    store_url("postgresql://sjt@db/class", None)  # no password: nothing to warn about
    assert capsys.readouterr().err == ""
