"""What a lesson must never show: a bare Python value (a tuple, a list, a dict, a bool, a number) where cards or a
sentence belong. Shared by the lesson runner's test (tests/test_lessons.py) and the notebooks' (tests/test_notebooks.py)."""

from __future__ import annotations

import ast
from collections.abc import Iterable


def python_values(texts: Iterable[str]) -> list[str]:
    """The texts, whole or line by line, that read as a Python value rather than as words."""
    found = []
    for text in texts:
        text = text.strip()
        for line in [text, *text.splitlines()] if "\n" in text else [text]:
            try:
                value = ast.literal_eval(line.strip())
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if isinstance(value, tuple | list | dict | set | bool | int | float) or value is None:
                found.append(line.strip())
    return found
