"""The ``shengji-tutor`` command."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from . import __version__

SUBCOMMANDS: dict[str, str] = {}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="shengji-tutor",
        description="Sheng ji (升级) tutor: a rules engine and an interactive course.",
    )
    parser.add_argument("--version", action="version", version=f"shengji-tutor {__version__}")
    parser.parse_args(argv)
    print(f"shengji-tutor {__version__}")
    if SUBCOMMANDS:
        for name, help_text in SUBCOMMANDS.items():
            print(f"  {name:20} {help_text}")
    else:
        print("No subcommands yet: the engine is used from Python (see README.md).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
