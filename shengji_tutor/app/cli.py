"""The ``shengji-tutor`` command."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import __version__


def check_exercises(directory: Path | None, quick: bool = False) -> int:
    """Validate the puzzle bank against the schema and the engine, the searches of best puzzles included (on every
    core) unless ``quick``; print each problem."""
    from ..puzzles import BankError, check_bank, load_bank

    try:
        bank = load_bank(directory)
    except BankError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    problems = check_bank(bank, thorough=not quick, workers=os.cpu_count() or 1, searches=not quick)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    kinds = sorted({p.kind for p in bank.values()})
    topics = sorted({p.topic for p in bank.values()})
    status = "FAILED" if problems else "ok"
    print(f"{len(bank)} puzzles in {len(topics)} topics ({', '.join(kinds)}): {len(problems)} problems — {status}")
    return 1 if problems else 0


def classroom(host: str, port: int, db: str | None, key: str | None, new_key: bool, max_kernels: int) -> int:
    """Start the class server; print the join URL and the instructor key.

    The server keeps its key across restarts, hashed in the data directory: ``key`` sets (rotates to) a
    given key, ``new_key`` makes a fresh one, and neither keeps the stored one (or makes one on a first start).
    """
    import socket

    from ..classroom import new_instructor_key
    from ..store.classroom import default_url
    from ..store.db import migrate
    from ..store.keys import KEY_MIN_LENGTH, load_fingerprint, save_fingerprint, server_key_file
    from .classroom import capacity, classroom_command, classroom_env
    from .serve import migrate_progress

    if key is not None and len(key) < KEY_MIN_LENGTH:
        print(
            f"error: the instructor key needs at least {KEY_MIN_LENGTH} characters (--new-key makes one)",
            file=sys.stderr,
        )
        return 2
    key_file = server_key_file()
    try:
        stored = None if key or new_key else load_fingerprint(key_file)
    except ValueError as e:
        print(f"error: {e}: start with --new-key, or --instructor-key KEY", file=sys.stderr)
        return 2
    url = db or default_url()
    try:
        migrate(url)  # create or upgrade the schema now (kernels then only check it), and fail early on a bad URL
    except Exception as e:
        print(f"error: cannot open the classroom store {redacted(url)}: {redacted(str(e))}", file=sys.stderr)
        return 2
    migrate_progress()  # visitors who have not joined a class keep their progress in the local file
    if stored is None:  # only now, once the server can start: a key that is printed is a key that works
        key = key or new_instructor_key()
        stored = save_fingerprint(key_file, key)
    shown = socket.gethostbyname(socket.gethostname()) if host in ("0.0.0.0", "") else host
    print(f"Students join at:   http://{shown}:{port}/   (then enter the class code and their name)")
    print(f"Instructor page:    http://{shown}:{port}/voila/render/instructor.ipynb")
    if key:
        print(f"Instructor key:     {key}   (keep it private: it unlocks names and answers)")
    else:
        print(f"Instructor key:     the same as before (kept hashed in {key_file}, so it cannot be shown;")
        print("                    --new-key makes a fresh one, --instructor-key KEY sets one)")
    print(f"Store:              {redacted(url)}")
    room, fits = capacity(max_kernels)
    print(f"Capacity:           {max_kernels} learners at once ({room})")
    if not fits:
        print(f"warning: {max_kernels} learners' kernels may not fit in this machine's memory: {room}", file=sys.stderr)
    sys.stdout.flush()
    command = classroom_command(port, host, max_kernels=max_kernels)
    os.execvpe(command[0], command, classroom_env(url, stored, host=host))


def store_url(given: str | None, file: Path | None) -> str | None:
    """The class store's URL: ``--db``, else the first line of ``--db-file``, else ``$SHENGJI_TUTOR_CLASSROOM_DB``,
    else None (the default SQLite file). A URL in a file or the environment never shows in the process list, as
    a ``--db`` argument does (a warning says so when it holds a password).

    >>> from shengji_tutor.app.cli import store_url
    >>> store_url("sqlite:///c.sqlite", None)
    'sqlite:///c.sqlite'
    """
    from ..store.keys import ENV_DB  # the kernels read the store's URL from the same variable

    if given is not None:
        if re.search(r"://[^/@:\s]*:[^@\s]+@", given):
            print(
                f"warning: the password in --db shows in this machine's process list: put the URL in "
                f"${ENV_DB} or in a file for --db-file instead",
                file=sys.stderr,
            )
        return given
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").split()
        except OSError as e:
            raise ValueError(f"cannot read the store's URL from {file}: {e.strerror or e}") from None
        if not lines:
            raise ValueError(f"{file} holds no store URL (one line: sqlite:///… or postgresql://…)")
        return lines[0]
    return os.environ.get(ENV_DB) or None


def redacted(text: str) -> str:
    """``text`` with the password of any URL in it shown as ``***``.

    >>> from shengji_tutor.app.cli import redacted
    >>> redacted("postgresql://sjt:hunter2@db.example:5432/class")
    'postgresql://sjt:***@db.example:5432/class'
    """
    return re.sub(r"(://[^/@:\s]*:)[^@\s]*@", r"\1***@", text)


def check_translations(complete: bool = False) -> int:
    """Print each language's completeness and problems (``i18n.catalogs.check``): 1 when a translation is wrong
    (a placeholder lost, a fuzzy message, a stale ``.mo``), or with ``complete`` untranslated; else 0."""
    from ..i18n.catalogs import check

    failed = False
    for report in check():
        print(report.line())
        for problem in report.problems:
            print(f"  problem: {problem}")
        for message in report.fuzzy:
            print(f"  fuzzy: {message[:70]!r}")
        if complete:
            for message in report.missing[:20]:
                print(f"  untranslated: {message[:70]!r}")
            if len(report.missing) > 20:
                print(f"  … and {len(report.missing) - 20} more untranslated")
        failed = failed or bool(report.problems or report.fuzzy or (complete and report.missing))
    return 1 if failed else 0


def update_translations() -> int:
    """Merge the code's messages into each catalog and compile it (``i18n.catalogs.update``), saying what changed."""
    from ..i18n import LANGUAGES
    from ..i18n.catalogs import po_path, update

    for code, (added, dropped) in update().items():
        print(f"{LANGUAGES[code]} ({code}): {po_path(code)}: {added} messages new, {dropped} gone")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="shengji-tutor",
        description="Sheng ji (升级) tutor: a rules engine and an interactive course.",
    )
    parser.add_argument("--version", action="version", version=f"shengji-tutor {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = commands.add_parser("check-exercises", help="check every puzzle against the schema and the engine")
    check.add_argument("--dir", type=Path, default=None, help="the exercises folder (default: exercises/)")
    check.add_argument(
        "--quick",
        action="store_true",
        help="no searches (best puzzles' answers are not graded): the schema and rules checks only",
    )
    words = commands.add_parser(
        "check-translations", help="how complete each language's catalog is, and every problem in it"
    )
    words.add_argument(
        "--complete", action="store_true", help="fail when a message is untranslated (not only when one is wrong)"
    )
    commands.add_parser(
        "update-translations", help="merge the code's messages into each language's catalog and compile it"
    )
    run = commands.add_parser("serve", help="serve the course with Voilà (what `make serve` runs)")
    run.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", "8866")), help="port (default 8866 or $PORT)"
    )
    run.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    room = commands.add_parser("classroom", help="serve the course to a class (all interfaces, kernel cap, culling)")
    room.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    room.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8866")))
    where = room.add_mutually_exclusive_group()
    where.add_argument(
        "--db",
        default=None,
        help="store URL: sqlite:///path (default) or postgresql://user:pw@host/db (a password here shows in the "
        "process list: use --db-file or $SHENGJI_TUTOR_CLASSROOM_DB)",
    )
    where.add_argument("--db-file", type=Path, default=None, help="a file holding the store's URL (e.g. mode 0600)")
    which_key = room.add_mutually_exclusive_group()
    which_key.add_argument(
        "--instructor-key", default=None, help="set the instructor key (12 characters or more); kept for restarts"
    )
    which_key.add_argument("--new-key", action="store_true", help="make and print a fresh instructor key")
    room.add_argument("--max-kernels", type=int, default=60, help="most learners connected at once (default 60)")
    hub = commands.add_parser("hub-service", help="a class server replica run by JupyterHub (deploy/)")
    hub.add_argument("--max-kernels", type=int, default=40, help="most learners on this replica at once (default 40)")
    args = parser.parse_args(argv)
    if args.command == "hub-service":
        from .hub import run_replica

        return run_replica(args.max_kernels)
    if args.command == "classroom":
        try:
            db = store_url(args.db, args.db_file)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        return classroom(args.host, args.port, db, args.instructor_key, args.new_key, args.max_kernels)
    if args.command == "check-exercises":
        return check_exercises(args.dir, args.quick)
    if args.command == "check-translations":
        return check_translations(args.complete)
    if args.command == "update-translations":
        return update_translations()
    if args.command == "serve":
        from .serve import serve

        return serve(args.port, args.host)
    parser.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
