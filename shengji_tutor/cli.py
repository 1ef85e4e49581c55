"""The ``shengji-tutor`` command."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__


def check_exercises(directory: Path | None) -> int:
    """Validate the puzzle bank against the schema and the engine; print each problem."""
    from .puzzles import BankError, check_bank, load_bank

    try:
        bank = load_bank(directory)
    except BankError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    problems = check_bank(bank)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    kinds = sorted({p.kind for p in bank.values()})
    topics = sorted({p.topic for p in bank.values()})
    status = "FAILED" if problems else "ok"
    print(f"{len(bank)} puzzles in {len(topics)} topics ({', '.join(kinds)}): {len(problems)} problems — {status}")
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="shengji-tutor",
        description="Sheng ji (升级) tutor: a rules engine and an interactive course.",
    )
    parser.add_argument("--version", action="version", version=f"shengji-tutor {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = commands.add_parser("check-exercises", help="check every puzzle against the schema and the engine")
    check.add_argument("--dir", type=Path, default=None, help="the exercises folder (default: exercises/)")
    run = commands.add_parser("serve", help="serve the course with Voilà (what `make serve` runs)")
    run.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", "8866")), help="port (default 8866 or $PORT)"
    )
    run.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    args = parser.parse_args(argv)
    if args.command == "check-exercises":
        return check_exercises(args.dir)
    if args.command == "serve":
        from .app import serve

        print(f"The course: http://{args.host}:{args.port}/  (widget gallery: /voila/render/widgets-gallery.ipynb)")
        serve(args.port, args.host)
    parser.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
