"""One engine per database, one Alembic schema: where learner progress and classes are kept.

``engine_for(url)`` is the only place engines are made: one per URL per process,
disposed at exit. SQLite runs in WAL mode with a busy timeout and immediate write
transactions, so many kernels can write one file at once; ``postgresql://`` URLs
go through psycopg with a connection pool.

The schema is versioned by Alembic (``migrations/``). A server runs ``migrate``
when it starts; a kernel opening a store calls ``open_database``, which reads
``alembic_version`` once per process and migrates only when the schema is missing
or old (JupyterLab, where no server ran the migrations). A progress file from
before the shared schema is adopted by the first migration: its attempts are kept.

>>> import pathlib, tempfile
>>> from shengji_tutor.store.db import engine_for, migrate, open_database, sqlite_url
>>> url = sqlite_url(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite")
>>> migrate(url)
>>> open_database(url) is engine_for(url)
True
"""

from __future__ import annotations

import atexit
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = ["HEAD_REVISION", "alembic_config", "engine_for", "migrate", "open_database", "sqlite_url", "write"]

HEAD_REVISION = "0002"
"""The newest migration in ``migrations/versions`` (a test keeps the two in step)."""
MIGRATIONS = Path(__file__).parent / "migrations"
OLD_PROGRESS = "progress_before_alembic"
"""Where an old progress file's ``attempts`` table waits while the schema is created."""
MIGRATION_LOCK = 0x5F7A7506  # PostgreSQL advisory lock: two servers starting at once migrate one after the other

_engines: dict[str, sa.Engine] = {}
_current: set[str] = set()
"""The URLs whose schema this process has seen at ``HEAD_REVISION``."""
_lock = threading.Lock()


def sqlite_url(path: Path) -> str:
    """The URL of a SQLite file."""
    return f"sqlite:///{path}"


def database_url(url: str) -> str:
    """``postgresql://…`` means psycopg (the driver the package depends on); other URLs are kept."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def engine_for(url: str) -> sa.Engine:
    """This process's engine for ``url``, made on first use (no schema check: see ``open_database``)."""
    url = database_url(url)
    with _lock:
        if url not in _engines:
            _engines[url] = _create_engine(url)
        return _engines[url]


def open_database(url: str) -> sa.Engine:
    """The engine for ``url`` with its schema current: one SELECT per process, a migration only when needed."""
    url = database_url(url)
    engine = engine_for(url)
    if url not in _current:
        if _revision(engine) != HEAD_REVISION:
            migrate(url)
        _current.add(url)
    return engine


def migrate(url: str) -> None:
    """Create or upgrade the schema to ``HEAD_REVISION`` (what a server runs when it starts).

    Safe to run again, and from several processes at once: the upgrade is one
    write transaction (a PostgreSQL advisory lock, or SQLite's write lock).
    """
    from alembic import command  # imported here: a kernel whose schema is current never needs Alembic

    url = database_url(url)
    config = alembic_config()
    with write(engine_for(url)) as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": MIGRATION_LOCK})
        old_progress = _set_aside_old_progress(conn)
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
        if old_progress:
            _adopt_old_progress(conn)
    _current.add(url)


def alembic_config() -> Config:
    """Alembic's configuration for the migrations tree; ``attributes["connection"]`` is where they run."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@contextmanager
def write(engine: sa.Engine) -> Iterator[sa.Connection]:
    """One write transaction (BEGIN IMMEDIATE on SQLite), committed when the block ends, rolled back on error."""
    with engine.connect() as conn, _begin(conn):
        yield conn


def dispose_all() -> None:
    """Close every engine's connections (at interpreter exit)."""
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()


def _begin(conn: sa.Connection) -> sa.RootTransaction:
    """Start a transaction, waiting again while SQLite's busy timeout is not enough."""
    for attempt in range(20):
        try:
            return conn.begin()
        except sa.exc.OperationalError as e:  # pragma: no cover - only under heavy contention
            if ("locked" not in str(e) and "busy" not in str(e)) or attempt == 19:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")  # pragma: no cover


def _revision(engine: sa.Engine) -> str | None:
    """The schema's Alembic revision, or None when there is no schema yet (or an old progress file)."""
    try:
        with engine.connect() as conn:
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    except sa.exc.DBAPIError:  # no alembic_version table
        return None
    return None if version is None else str(version)


def _set_aside_old_progress(conn: sa.Connection) -> bool:
    """Rename the ``attempts`` table of a progress file from before Alembic (it has a ``learner`` column)."""
    inspector = sa.inspect(conn)
    tables = set(inspector.get_table_names())
    if "alembic_version" in tables or "attempts" not in tables:
        return False
    if "learner" not in {column["name"] for column in inspector.get_columns("attempts")}:
        return False
    conn.exec_driver_sql("DROP INDEX IF EXISTS attempts_by_learner")
    conn.exec_driver_sql(f"ALTER TABLE attempts RENAME TO {OLD_PROGRESS}")
    return True


def _adopt_old_progress(conn: sa.Connection) -> None:
    """Copy the old progress rows into the shared ``attempts`` table (solo attempts: no class), in their order."""
    conn.exec_driver_sql(
        "INSERT INTO attempts (student_id, code, puzzle_id, answer, correct, at) "
        "SELECT substr(learner, 1, 40), NULL, substr(puzzle_id, 1, 80), substr(answer, 1, 500), correct, at "
        f"FROM {OLD_PROGRESS} ORDER BY id"
    )
    conn.exec_driver_sql(f"DROP TABLE {OLD_PROGRESS}")


def _create_engine(url: str) -> sa.Engine:
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(url, connect_args={"timeout": 30})

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # let SQLAlchemy's BEGIN below be the only transaction control
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _immediate(conn: sa.Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _forget_connections_after_fork() -> None:
    """A forked child must not use its parent's connections: it opens its own."""
    for engine in _engines.values():
        engine.dispose(close=False)


atexit.register(dispose_all)
os.register_at_fork(after_in_child=_forget_connections_after_fork)
