"""One module a kind of puzzle, each a ``Puzzle`` subclass declared with the spec class it reads.

Importing this package imports every module in it, so a new kind is one new file
here (plus its spec class in ``schema.py``): ``Puzzle.from_spec`` finds it by its spec type.
"""

from __future__ import annotations

from importlib import import_module
from pkgutil import iter_modules

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
