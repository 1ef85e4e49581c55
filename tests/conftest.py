"""Fixtures shared by the store's tests: a store on each back end, a database that cannot be written, a data
directory that cannot either, a single-user learner of a page, and a store migrated by hand."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa


def _read_only(url: str) -> str:
    """The same database opened read-only: a SQLite file in ``mode=ro`` (root cannot write it either), or
    PostgreSQL sessions whose transactions are all read-only."""
    if url.startswith("sqlite:///"):
        return f"sqlite+pysqlite:///file:{url.removeprefix('sqlite:///')}?mode=ro&uri=true"
    options = {"options": "-c default_transaction_read_only=on"}
    return sa.make_url(url).update_query_dict(options).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store's URL: a fresh SQLite file, then the PostgreSQL database of ``SJT_POSTGRES_URL`` (skipped when unset)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classroom.sqlite'}"
        return
    pg = os.environ.get("SJT_POSTGRES_URL")
    if not pg:
        pytest.skip("set SJT_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)")
    yield pg


@pytest.fixture
def read_only() -> Callable[[str], str]:
    """``read_only(url)``: the URL of the same database, opened read-only."""
    return _read_only


@pytest.fixture
def unwritable_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$SHENGJI_TUTOR_DATA``, a read-only directory (for root, who writes anywhere, a file stands in its place)."""
    data = tmp_path / "read-only-data"
    if os.geteuid() == 0:
        data.write_text("not a directory")
    else:
        data.mkdir()
        data.chmod(0o555)
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(data))
    return data


@pytest.fixture
def learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    """A single-user install's learner with a data folder of their own, as a page in a new kernel finds them
    (``page_context().progress``): their ``ProgressStore``."""
    from shengji_tutor.store.keys import ENV_DB
    from shengji_tutor.store.progress import ProgressStore

    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv(ENV_DB, raising=False)
    monkeypatch.setenv("QUERY_STRING", "")
    return ProgressStore()


@dataclass(frozen=True)
class Migrations:
    """A SQLite store at ``url`` whose schema a test moves by hand with Alembic."""

    path: Path

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    def alembic(self, action: str, revision: str) -> None:
        """``upgrade`` or ``downgrade`` the store to ``revision``."""
        from alembic import command

        from shengji_tutor.store import db

        config = db.alembic_config()
        with db.write(db.engine_for(self.url)) as conn:
            config.attributes["connection"] = conn
            getattr(command, action)(config, revision)

    def tables(self) -> set[str]:
        with sqlite3.connect(self.path) as conn:
            return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


@pytest.fixture
def migrations(tmp_path: Path) -> Migrations:
    """An empty SQLite store to migrate by hand (``Migrations``)."""
    return Migrations(tmp_path / "old.sqlite")
