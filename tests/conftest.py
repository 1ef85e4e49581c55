"""Fixtures shared by the store's tests: a store on each back end, a database that cannot be written, a data
directory that cannot either."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
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
