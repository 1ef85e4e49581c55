"""One engine per database, one Alembic schema: where learner progress and classes are kept.

``engine_for(url)`` is the only place engines are made: one per URL per process,
disposed at exit. ``postgresql://`` URLs go through psycopg with a connection
pool. SQLite runs in WAL mode, where readers never wait for the writer: every
transaction goes through ``read`` or ``write``, and only ``write`` takes the
write lock (``BEGIN IMMEDIATE``); a read is a deferred ``BEGIN`` that takes its
snapshot at once. So a dashboard refreshing while a class answers waits for
nobody, and writers queue for the lock one at a time (a deferred write could
find, half-way, that another wrote first, and fail). Both wait out a busy
database in SQLite's busy handler, then retry a bounded number of times with
growing pauses before giving up with a ``StoreError``; PostgreSQL takes the same
path with plain ``BEGIN``.

The schema is versioned by Alembic (``migrations/``). A server runs ``migrate``
when it starts; a kernel opening a store calls ``open_database``, which reads
``alembic_version`` once per process and migrates only when the schema is missing
or old (JupyterLab, where no server ran the migrations). A progress file from
before the shared schema is adopted by the first migration: its attempts are kept.

>>> import pathlib, tempfile
>>> from shengji_tutor.store.db import engine_for, migrate, open_database, read, sqlite_url
>>> url = sqlite_url(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite")
>>> migrate(url)
>>> open_database(url) is engine_for(url)
True
>>> with read(engine_for(url)) as conn:
...     conn.exec_driver_sql("SELECT count(*) FROM attempts").scalar()
0
"""

from __future__ import annotations

import atexit
import contextlib
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import sqlalchemy as sa

from .schema import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "HEAD_REVISION",
    "alembic_config",
    "engine_for",
    "migrate",
    "open_database",
    "read",
    "retry_busy",
    "sqlite_url",
    "write",
]

T = TypeVar("T")

HEAD_REVISION = "0013"
"""The newest migration in ``migrations/versions`` (a test keeps the two in step)."""
MIGRATIONS = Path(__file__).parent / "migrations"
OLD_PROGRESS = "progress_before_alembic"
"""Where an old progress file's ``attempts`` table waits while the schema is created."""
MIGRATION_LOCK = 0x5F7A7506  # PostgreSQL advisory lock: two servers starting at once migrate one after the other
BUSY_TIMEOUT_MS = 15_000
"""How long SQLite's busy handler waits for a lock before a try fails with "database is locked"."""
BUSY_TRIES = 5
"""How many times ``read`` and ``write`` try to start a transaction before giving up (about 75 s in all: under a
class of writers in tight loops on a loaded machine, SQLite's busy handler, which favours newcomers, has kept one
writer waiting 36 s)."""
BUSY_PAUSE = 0.05
"""The first pause between tries, in seconds; each pause doubles, with jitter so that waiters spread out."""
IMMEDIATE = "shengji_tutor_immediate"
"""The execution option that makes a SQLite connection's next ``BEGIN`` take the write lock (set by ``write``)."""

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
def read(engine: sa.Engine) -> Iterator[sa.Connection]:
    """One read transaction: on SQLite a deferred ``BEGIN`` whose snapshot never waits for a writer."""
    with _transaction(engine, immediate=False) as conn:
        yield conn


@contextmanager
def write(engine: sa.Engine) -> Iterator[sa.Connection]:
    """One write transaction (``BEGIN IMMEDIATE`` on SQLite), committed when the block ends, rolled back on error."""
    with _transaction(engine, immediate=True) as conn:
        yield conn


def retry_busy(work: Callable[[], T], tries: int = BUSY_TRIES, pause: float = BUSY_PAUSE) -> T:
    """``work()``, called again while the database answers "locked" or "busy", at most ``tries`` times.

    The pauses between tries double from ``pause`` seconds, each stretched by a
    random factor of 0.5 to 1.5 so that processes that failed together do not
    come back together. Any other error is raised at once; after the last try a
    ``StoreError`` says the database stayed busy (its own error is the cause, for the log).
    """
    began = time.monotonic()
    jitter: random.Random | None = None
    for attempt in range(1, tries + 1):
        try:
            return work()
        except sa.exc.OperationalError as e:
            if not _is_busy(e):
                raise
            if attempt == tries:
                waited = time.monotonic() - began
                raise StoreError(f"the database stayed busy ({tries} tries in {waited:.0f} s): please try again") from e
        jitter = jitter or random.Random()
        time.sleep(pause * 2 ** (attempt - 1) * jitter.uniform(0.5, 1.5))
    raise AssertionError("unreachable")  # pragma: no cover - the last try returns or raises


def dispose_all() -> None:
    """Close every engine's connections (at interpreter exit)."""
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()


@contextmanager
def _transaction(engine: sa.Engine, *, immediate: bool) -> Iterator[sa.Connection]:
    """Connect and begin, retried while the database is busy; the block runs once, on the transaction.

    Only the start is retried, and on SQLite it is where all the waiting is: a
    write holds the write lock from ``BEGIN IMMEDIATE`` to its commit, a read
    holds its snapshot from its ``BEGIN``, so nothing inside the block waits.
    """

    def start() -> tuple[sa.Connection, sa.RootTransaction]:
        conn = engine.connect()
        try:
            return conn, conn.execution_options(**{IMMEDIATE: immediate}).begin()
        except BaseException:
            conn.close()
            raise

    conn, transaction = retry_busy(start, BUSY_TRIES, BUSY_PAUSE)
    with conn, transaction:
        yield conn


def _is_busy(error: sa.exc.OperationalError) -> bool:
    """SQLite's "database is locked" (SQLITE_BUSY), "database table is locked" (SQLITE_LOCKED), or busy."""
    message = str(error.orig).lower()
    return "locked" in message or "busy" in message


def _revision(engine: sa.Engine) -> str | None:
    """The schema's Alembic revision, or None when there is no schema yet (or an old progress file)."""
    try:
        with read(engine) as conn:
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


def _private_file(path: Path) -> None:
    """Make the database's folder, and its file readable and writable by its owner alone (0600: it holds names and
    answers); SQLite gives its -wal and -shm files the same mode. A file an older version made readable by others
    (0644) is made private too, when this user owns it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            with contextlib.suppress(OSError):
                info = file.stat()
                if info.st_uid == os.getuid() and info.st_mode & 0o077:
                    file.chmod(info.st_mode & 0o700)


def _create_engine(url: str) -> sa.Engine:
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        _private_file(Path(url.removeprefix("sqlite:///").split("?", 1)[0]))
    engine = sa.create_engine(url)

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # let SQLAlchemy's BEGIN below be the only transaction control
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_MS)}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        if conn.get_execution_options().get(IMMEDIATE):
            conn.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock now, held to the commit
        else:
            conn.exec_driver_sql("BEGIN")
            conn.exec_driver_sql("PRAGMA schema_version")  # reading the header takes the snapshot now

    return engine


def _forget_connections_after_fork() -> None:
    """A forked child must not use its parent's connections: it opens its own."""
    for engine in _engines.values():
        engine.dispose(close=False)


atexit.register(dispose_all)
os.register_at_fork(after_in_child=_forget_connections_after_fork)
