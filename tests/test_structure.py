"""The package's structure, kept: closed sets compared as enums, never as strings (issue 41).

A closed set here is an attribute whose values are an enum's members: a round's ``phase`` (``Phase``), a decision's
or a unit's ``kind`` (``DecisionKind``, ``UnitKind``, ``AnswerKind``, ``CellKind``), a coach's ``grade``
(``CoachGrade``), a level change's ``side`` (``Side``), the rules' ``partnership`` (``Partnership``). Comparing one
with a string literal works today (they are ``StrEnum``s) and breaks silently when a member is renamed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "shengji_tutor"
CLOSED = {"phase", "kind", "grade", "decision", "side", "partnership", "status"}
ALWAYS_CLOSED = {"phase", "grade", "decision", "asked", "awaiting", "partnership"}
"""Local names that only ever hold a closed set's member (``kind`` and ``side`` also name open sets: a puzzle's
kind, the dominance proof's "ours" and "theirs")."""


def _sources() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if "migrations" not in p.parts]


def _is_string_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.Set | ast.List):
        return bool(node.elts) and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    return False


def string_comparisons(source: str) -> list[int]:
    """The lines where a closed set's attribute is compared with a string literal (or a tuple of them)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            closed = any(
                (isinstance(s, ast.Attribute) and s.attr in CLOSED)
                or (isinstance(s, ast.Name) and s.id in ALWAYS_CLOSED)
                for s in sides
            )
            if closed and any(_is_string_literal(s) for s in sides):
                found.append(node.lineno)
    return found


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ('if rnd.phase == "play":\n    pass', [1]),
        ('x = view.phase in ("kitty", "deal")', [1]),
        ('x = "good" != o.grade', [1]),
        ('if phase == "deal":\n    pass', [1]),
        ("x = rnd.phase is Phase.PLAY", []),
        ('x = rnd.name == "play"', []),
    ],
)
def test_the_check_finds_a_string_compared_with_a_closed_set(source: str, lines: list[int]) -> None:
    assert string_comparisons(source) == lines


def test_closed_sets_are_compared_as_enums() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in _sources()
        for line in string_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert not found, "compare with the enum's member (Phase.PLAY, CoachGrade.GOOD, ...), not a string: " + ", ".join(
        found
    )


def test_learner_is_defined_at_most_once() -> None:
    """A view takes a seat: a fixed ``LEARNER`` seat may be one model's default, nowhere else (STYLE 9)."""
    defined = [
        f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
        for path in _sources()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "LEARNER" for target in node.targets)
    ]
    assert len(defined) <= 1, defined


LONGEST = 50
"""No function of the package is longer than this, ``def`` to its last line (issue 41 brought 55 down to none)."""


def test_no_function_is_longer_than_fifty_lines() -> None:
    """A function that grows past a screen is split by meaning (a helper, a table of data), so that it can be read
    in one sitting; the migrations, the database's history, aside."""
    long = [
        f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in _sources()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > LONGEST
    ]
    assert not long, "split these by meaning: " + ", ".join(long)


CHANGES = {"append", "extend", "remove", "pop", "clear", "insert", "add", "update", "discard", "setdefault", "sort"}
OWN_INSTANCES = {
    ("play/round.py", "rnd"): "Round.position builds a round of its own class, field by field",
    ("course/shell.py", "self.content"): "ipywidgets' DOM classes trait, set at once so that the page changes once",
}
"""Where a private field of another object may be written, and why."""


def private_writes(source: str) -> list[tuple[int, str]]:
    """Each line where a private field (``_name``) of an object other than ``self``/``cls`` is assigned or changed
    in place (``x._f = …``, ``x._f += …``, ``x._f.append(…)``), with the object written."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CHANGES:
            targets = [node.func.value]
        else:
            continue
        for target in targets:
            for sub in ast.walk(target):
                if not (isinstance(sub, ast.Attribute) and sub.attr.startswith("_") and not sub.attr.startswith("__")):
                    continue
                if not (isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls")):
                    found.append((node.lineno, ast.unparse(sub.value)))
    return found


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("rnd._history.append(play)", [(1, "rnd")]),
        ("rnd._trick = []", [(1, "rnd")]),
        ("table.rnd._attempted = None", [(1, "table.rnd")]),
        ("self._trick = []\nself.tricks.append(t)\nrnd.friends = []", []),
    ],
)
def test_the_check_finds_a_private_field_written_from_outside(source: str, found: list[tuple[int, str]]) -> None:
    assert private_writes(source) == found


def test_no_module_writes_another_objects_private_fields() -> None:
    """Issue 41 item 3: a driver plays a round through its own questions or its one documented hook
    (``Round.play_state``/``Round.played_out``), never by writing its fields (the lean play-out loop wrote 13)."""
    found = [
        f"{path.relative_to(PACKAGE).as_posix()}:{line} {who}"
        for path in _sources()
        for line, who in private_writes(path.read_text(encoding="utf-8"))
        if (path.relative_to(PACKAGE).as_posix(), who) not in OWN_INSTANCES
    ]
    assert not found, "use the object's own methods: " + ", ".join(found)


SAYERS = {"t", "tn", "tc", "te", "th", "N_"}


def sentences_written_twice(sources: dict[str, str], shortest: int = 25) -> list[str]:
    """Each message (longer than ``shortest`` characters) that stands in two files: a teaching concept's words
    written twice, which drift apart (issue 41 item 1)."""
    where: dict[str, set[str]] = {}
    for name, source in sources.items():
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SAYERS):
                continue
            said = node.args[-1] if node.func.id == "tc" and len(node.args) > 1 else node.args[0] if node.args else None
            if isinstance(said, ast.Constant) and isinstance(said.value, str) and len(said.value) > shortest:
                where.setdefault(said.value, set()).add(name)
    return sorted(f"{message!r} in {', '.join(sorted(files))}" for message, files in where.items() if len(files) > 1)


def test_the_check_finds_a_sentence_written_in_two_files() -> None:
    one = 'x = t("The lead has {n} cards, so play exactly {n}.")'
    assert sentences_written_twice({"a.py": one, "b.py": one}) != []
    assert sentences_written_twice({"a.py": one, "b.py": 'x = t("Something else entirely, said once.")'}) == []


def test_every_sentence_is_written_once() -> None:
    """The engine says each rule's words once; the lessons, the puzzles and the coach call it."""
    sources = {str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8") for p in _sources()}
    twice = sentences_written_twice(sources)
    assert not twice, "say it in one place and call it: " + "; ".join(twice)
