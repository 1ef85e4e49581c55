"""The ``shengji-tutor`` command."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from .. import __version__
from ..i18n import DEFAULT, language_of, t, tn, use


def cli_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the command's messages: the process's locale, as the first of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set names it (``zh_CN.UTF-8`` → zh, ``ru_RU.UTF-8`` → ru); English for any other.

    >>> from shengji_tutor.app.cli import cli_language
    >>> cli_language({"LANG": "zh_CN.UTF-8"}), cli_language({"LC_ALL": "ru_RU.UTF-8", "LANG": "zh_CN"})
    ('zh', 'ru')
    >>> cli_language({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}), cli_language({"LANG": "de_DE.UTF-8"}), cli_language({})
    ('en', 'en', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return language_of(value.split(".", 1)[0]) or DEFAULT
    return DEFAULT


def check_exercises(directory: Path | None, quick: bool = False) -> int:
    """Validate the puzzle bank against the schema and the engine, the searches of best puzzles included (on every
    core) unless ``quick``; print each problem."""
    from ..puzzles import BankError, check_bank, load_bank

    try:
        bank = load_bank(directory)
    except BankError as e:
        return _refuse(t("error: {problem}", problem=e), 1)
    # the course's own bank has its words in every language; a folder of a class's questions is in one
    problems = check_bank(
        bank, thorough=not quick, workers=os.cpu_count() or 1, searches=not quick, translated=directory is None
    )
    for problem in problems:
        print(t("error: {problem}", problem=problem), file=sys.stderr)
    kinds = sorted({p.kind for p in bank.values()})
    topics = sorted({p.topic for p in bank.values()})
    print(
        t(
            "{puzzles} in {topics} ({kinds}): {problems} — {status}",
            puzzles=tn("{n} puzzle", "{n} puzzles", len(bank)),
            topics=tn("{n} topic", "{n} topics", len(topics)),
            kinds=", ".join(kinds),
            problems=tn("{n} problem", "{n} problems", len(problems)),
            status=t("FAILED") if problems else t("ok"),
        )
    )
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
    from .classroom import classroom_command, classroom_env
    from .serve import migrate_progress

    if key is not None and len(key) < KEY_MIN_LENGTH:
        return _refuse(
            tn(
                "error: the instructor key needs at least {n} character (--new-key makes one)",
                "error: the instructor key needs at least {n} characters (--new-key makes one)",
                KEY_MIN_LENGTH,
            )
        )
    key_file = server_key_file()
    try:
        stored = None if key or new_key else load_fingerprint(key_file)
    except ValueError as e:
        return _refuse(t("error: {problem}: start with --new-key, or --instructor-key KEY", problem=e))
    url = db or default_url()
    try:
        migrate(url)  # create or upgrade the schema now (kernels then only check it), and fail early on a bad URL
    except Exception as e:
        problem = redacted(str(e))
        return _refuse(
            t("error: cannot open the classroom store {store}: {problem}", store=redacted(url), problem=problem)
        )
    migrate_progress()  # visitors who have not joined a class keep their progress in the local file
    if stored is None:  # only now, once the server can start: a key that is printed is a key that works
        key = key or new_instructor_key()
        stored = save_fingerprint(key_file, key)
    shown = socket.gethostbyname(socket.gethostname()) if host in ("0.0.0.0", "") else host
    _announce(f"http://{shown}:{port}/", key, key_file, url, max_kernels)
    sys.stdout.flush()
    command = classroom_command(port, host, max_kernels=max_kernels)
    os.execvpe(command[0], command, classroom_env(url, stored, host=host))


def _refuse(message: str, status: int = 2) -> int:
    """Print ``message`` (an error) on stderr; the exit status."""
    print(message, file=sys.stderr)
    return status


def _announce(site: str, key: str | None, key_file: Path, url: str, max_kernels: int) -> None:
    """What the class server prints at its start: where students and the instructor go, the key (``None``: the
    stored one), the store and how many learners the machine can take."""
    from .classroom import capacity

    # TRANSLATORS: the lines the class server prints at its start are aligned: keep the values one under the other.
    print(t("Students join at:   {address}   (then enter the class code and their name)", address=site))
    print(t("Instructor page:    {address}", address=f"{site}voila/render/instructor.ipynb"))
    if key:
        print(t("Instructor key:     {key}   (keep it private: it unlocks names and answers)", key=key))
    else:
        print(
            t(
                "Instructor key:     the same as before (kept hashed in {file}, so it cannot be shown;\n"
                "                    --new-key makes a fresh one, --instructor-key KEY sets one)",
                file=key_file,
            )
        )
    print(t("Store:              {store}", store=redacted(url)))
    room, fits = capacity(max_kernels)
    print(
        tn(
            "Capacity:           {n} learner at once ({room})",
            "Capacity:           {n} learners at once ({room})",
            max_kernels,
            room=room,
        )
    )
    if not fits:
        print(
            tn(
                "warning: {n} learner's kernel may not fit in this machine's memory: {room}",
                "warning: {n} learners' kernels may not fit in this machine's memory: {room}",
                max_kernels,
                room=room,
            ),
            file=sys.stderr,
        )


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
                t(
                    "warning: the password in --db shows in this machine's process list: put the URL in ${variable} "
                    "or in a file for --db-file instead",
                    variable=ENV_DB,
                ),
                file=sys.stderr,
            )
        return given
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").split()
        except OSError as e:
            raise ValueError(
                t("cannot read the store's URL from {file}: {problem}", file=file, problem=e.strerror or e)
            ) from None
        if not lines:
            raise ValueError(t("{file} holds no store URL (one line: sqlite:///… or postgresql://…)", file=file))
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
            print(t("  problem: {problem}", problem=problem))
        for message in report.fuzzy:
            print(t("  fuzzy: {message}", message=repr(message[:70])))
        if complete:
            for message in report.missing[:20]:
                print(t("  untranslated: {message}", message=repr(message[:70])))
            if len(report.missing) > 20:
                more = len(report.missing) - 20
                print(tn("  … and {n} more untranslated", "  … and {n} more untranslated", more))
        failed = failed or bool(report.problems or report.fuzzy or (complete and report.missing))
    return 1 if failed else 0


def update_translations() -> int:
    """Merge the code's messages into each catalog and compile it (``i18n.catalogs.update``), saying what changed."""
    from ..i18n import LANGUAGES
    from ..i18n.catalogs import po_path, update

    for code, (added, dropped) in update().items():
        print(
            tn(
                "{language} ({code}): {path}: {n} message new, {dropped} gone",
                "{language} ({code}): {path}: {n} messages new, {dropped} gone",
                added,
                language=LANGUAGES[code],
                code=code,
                path=po_path(code),
                dropped=dropped,
            )
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command: its messages (and the help of its options) in the language of the process's locale
    (``cli_language``); argparse's own words ("usage:", "options:") stay in English."""
    with use(cli_language()):
        return run(argv)


def run(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "hub-service":
        from .hub import run_replica

        return run_replica(args.max_kernels)
    if args.command == "classroom":
        try:
            db = store_url(args.db, args.db_file)
        except ValueError as e:
            return _refuse(t("error: {problem}", problem=e))
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


def _parser() -> argparse.ArgumentParser:
    """The command's options: a subcommand each for the puzzles, the translations, serving and the classroom."""
    parser = argparse.ArgumentParser(
        prog="shengji-tutor",
        description=t("Sheng ji (升级) tutor: a rules engine and an interactive course."),
    )
    parser.add_argument("--version", action="version", version=f"shengji-tutor {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = commands.add_parser("check-exercises", help=t("check every puzzle against the schema and the engine"))
    check.add_argument("--dir", type=Path, default=None, help=t("the exercises folder (default: exercises/)"))
    check.add_argument(
        "--quick",
        action="store_true",
        help=t("no searches (best puzzles' answers are not graded): the schema and rules checks only"),
    )
    words = commands.add_parser(
        "check-translations", help=t("how complete each language's catalog is, and every problem in it")
    )
    words.add_argument(
        "--complete", action="store_true", help=t("fail when a message is untranslated (not only when one is wrong)")
    )
    commands.add_parser(
        "update-translations", help=t("merge the code's messages into each language's catalog and compile it")
    )
    run = commands.add_parser("serve", help=t("serve the course with Voilà (what `make serve` runs)"))
    run.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", "8866")), help=t("port (default 8866 or $PORT)")
    )
    run.add_argument("--host", default="127.0.0.1", help=t("interface to listen on (default 127.0.0.1)"))
    _classroom_parsers(commands)
    return parser


def _classroom_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The subcommands that serve a class: the class server, and a replica run by JupyterHub."""
    room = commands.add_parser("classroom", help=t("serve the course to a class (all interfaces, kernel cap, culling)"))
    room.add_argument("--host", default="0.0.0.0", help=t("interface to listen on (default: all)"))
    room.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8866")))
    where = room.add_mutually_exclusive_group()
    where.add_argument(
        "--db",
        default=None,
        help=t(
            "store URL: sqlite:///path (default) or postgresql://user:pw@host/db (a password here shows in the "
            "process list: use --db-file or $SHENGJI_TUTOR_CLASSROOM_DB)"
        ),
    )
    where.add_argument("--db-file", type=Path, default=None, help=t("a file holding the store's URL (e.g. mode 0600)"))
    which_key = room.add_mutually_exclusive_group()
    which_key.add_argument(
        "--instructor-key", default=None, help=t("set the instructor key (12 characters or more); kept for restarts")
    )
    which_key.add_argument("--new-key", action="store_true", help=t("make and print a fresh instructor key"))
    room.add_argument("--max-kernels", type=int, default=60, help=t("most learners connected at once (default 60)"))
    hub = commands.add_parser("hub-service", help=t("a class server replica run by JupyterHub (deploy/)"))
    hub.add_argument(
        "--max-kernels", type=int, default=40, help=t("most learners on this replica at once (default 40)")
    )


if __name__ == "__main__":
    raise SystemExit(main())
