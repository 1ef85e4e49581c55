"""One module a kind of puzzle, each a ``Puzzle`` subclass declared with the spec class it reads.

Importing this package imports every module in it, so a new kind is one new file
here: its spec class (a ``SpecBase`` with ``kind: Literal["<kind>"]``, which
registers itself for the bank's YAML), its ``Puzzle`` class, and what the kind
teaches — its ``idea_text``, and where it has more to say, ``last_hint``,
``own_mistake`` and ``solution_extra``. ``Puzzle.from_spec`` finds it by its spec
type (``tests/test_new_kind.py`` adds a toy kind this way).
"""

from __future__ import annotations

from importlib import import_module
from pkgutil import iter_modules

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
