"""The puzzle bank: its YAML files read and validated, each puzzle built as its kind's class, the checks.

Every answer is computed by the rules engine when the puzzle is asked; an
``expect`` in the YAML is only the author's claim, which ``check_bank`` (and
``shengji-tutor check-exercises``) compares with the engine.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

import yaml
from pydantic import TypeAdapter, ValidationError

from ..engine.errors import ShengjiError
from ..i18n import LANGUAGES, t
from . import kinds  # noqa: F401  (declares every kind of puzzle, for Puzzle.from_spec)
from .base import BankError, Puzzle, Topic
from .schema import TRANSLATED, SpecBase, TopicFile

__all__ = ["BankError", "Puzzle", "check_bank", "check_puzzle", "exercises_dir", "load_bank", "load_topics"]


def exercises_dir() -> Path:
    """Where the puzzle YAML lives: ``$SHENGJI_TUTOR_EXERCISES``, or the bank shipped in the package
    (``shengji_tutor/puzzles/exercises``, which the checkout's top-level ``exercises/`` links to)."""
    env = os.environ.get("SHENGJI_TUTOR_EXERCISES")
    return Path(env) if env else Path(str(files(__package__) / "exercises"))


# -- the bank -------------------------------------------------------------------------------

TOPIC_FILE = TypeAdapter(TopicFile)
CLASS_PREFIX = "class-"
"""How the ids of the questions an instructor writes for a class begin ("class-k7qx2m-3"): no puzzle of the bank's
may begin so."""


def load_topics(directory: Path | None = None) -> list[tuple[TopicFile, Path]]:
    """Every topic file, validated against the schema; ``BankError`` names the file and the problem."""
    directory = directory or exercises_dir()
    out = []
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            out.append((TOPIC_FILE.validate_python(data), path))
        except (yaml.YAMLError, ValidationError) as e:
            raise BankError(f"{path.name}: {e}") from None
    return out


def load_bank(directory: Path | None = None) -> dict[str, Puzzle]:
    """All hand-authored puzzles by id, in lesson order (read once per folder and process)."""
    return dict(_load_bank(str((directory or exercises_dir()).resolve())))


@lru_cache(maxsize=8)
def _load_bank(directory: str) -> tuple[tuple[str, Puzzle], ...]:
    bank: dict[str, Puzzle] = {}
    for topic_file, path in sorted(load_topics(Path(directory)), key=lambda tp: (tp[0].lesson, tp[0].topic)):
        topic = Topic(topic_file.topic, topic_file.lesson, topic_file.title)
        for spec in topic_file.puzzles:
            if spec.id in bank:
                raise BankError(f"{path.name}: the puzzle id {spec.id!r} is used twice")
            if spec.id.startswith(CLASS_PREFIX):
                raise BankError(f"{path.name}: the puzzle id {spec.id!r} starts as a class's own questions' do")
            bank[spec.id] = Puzzle.from_spec(spec, topic)
    return tuple(bank.items())


def check_bank(
    bank: dict[str, Puzzle], thorough: bool = False, workers: int = 1, searches: bool = True, translated: bool = False
) -> list[str]:
    """Every problem the engine finds in the bank (an empty list means all is well); with ``translated``, every
    puzzle without its words in each of the course's languages too (``untranslated``: the course's own bank).

    ``thorough`` adds each kind's ``thorough_checks`` (the searches of best puzzles), run by ``workers``
    processes while this one does the other checks; without ``searches`` no answer of a kind that grades by
    search is graded (``check-exercises --quick``: the schema and the rules only).
    """
    slow = [p for p in bank.values() if thorough and type(p).thorough_checks is not Puzzle.thorough_checks]
    jobs = [(p.spec, Topic(p.topic, p.lesson, "")) for p in slow]
    with ExitStack() as stack:
        if workers > 1 and len(jobs) > 1:
            pool = stack.enter_context(ProcessPoolExecutor(min(workers, len(jobs))))
            found: Iterable[list[str]] = pool.map(_thorough, jobs)
        else:
            found = map(_thorough, jobs)
        problems: list[str] = []
        for pid, puzzle in bank.items():
            try:
                missing = untranslated(puzzle.spec) if translated else []
                problems.extend(f"{pid}: {p}" for p in [*missing, *check_puzzle(puzzle, searches)])
            except (ShengjiError, ValueError, TypeError) as e:
                problems.append(f"{pid}: {type(e).__name__}: {e}")
        for puzzle, more in zip(slow, found, strict=True):
            problems.extend(f"{puzzle.id}: {p}" for p in more)
    return problems


def _thorough(job: tuple[SpecBase, Topic]) -> list[str]:
    """One puzzle's thorough checks (in a worker process: the puzzle is built again from its spec)."""
    spec, topic = job
    try:
        return Puzzle.from_spec(spec, topic).thorough_checks()
    except (ShengjiError, ValueError, TypeError) as e:
        return [f"{type(e).__name__}: {e}"]


def untranslated(spec: SpecBase) -> list[str]:
    """What a puzzle of the bank lacks of its words in the course's other languages (the schema checks that the
    words given match the English: a hint where it has one, a ``says`` for each misconception). A class's own
    question and a practice puzzle dealt on the spot are written in one language, and are not asked this."""
    return [
        f"it has no words in {LANGUAGES[code]}: give a {code}: block beside the English (prompt, hint, says…)"
        for code in TRANSLATED
        if getattr(spec, code) is None
    ]


def check_puzzle(puzzle: Puzzle, searches: bool = True) -> list[str]:
    """The checks of one puzzle: its kind's own checks, it solves, the engine agrees with the author, claims hold
    (its answers graded, unless its kind grades by search and ``searches`` is off)."""
    problems = puzzle.checks()
    spec = puzzle.spec
    if not searches and puzzle.grades_by_search:
        return problems
    try:
        solution = puzzle.solve()
    except BankError as e:  # a puzzle without an answer
        return [*problems, str(e)]
    grade = puzzle.grade(solution)
    if not grade.correct:
        problems.append(
            t("its own solution {answer} is graded wrong: {why}", answer=repr(solution), why=grade.explanation)
        )
    if spec.expect is not None:
        expected = puzzle.grade(spec.expect)
        if not expected.correct:
            problems.append(
                t(
                    "the author expects {answer}, the engine disagrees: {why}",
                    answer=repr(spec.expect),
                    why=expected.explanation,
                )
            )
    for m in spec.misconceptions:
        if puzzle.grade(m.answer).correct:
            problems.append(t("the misconception answer {answer} is graded correct", answer=repr(m.answer)))
    if not grade.explanation or "RULES" not in grade.explanation + spec.explain:
        problems.append(t("the explanation names no rule"))
    return problems
