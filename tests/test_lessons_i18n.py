"""Every lesson the same in every language: the same cells, steps and demos, the same answers and the same numbers
the engine computes — only the words change."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest

import shengji_tutor.i18n as i18n
from shengji_tutor.course.catalogue import LESSONS
from shengji_tutor.course.lesson_runner import run_lesson
from shengji_tutor.course.steps import Step
from shengji_tutor.store.keys import ENV_DB

pytestmark = pytest.mark.slow  # every lesson run three times: seconds each

LANGS = ("en", "zh", "ru")


@pytest.fixture(autouse=True)
def solo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv(ENV_DB, raising=False)
    monkeypatch.setenv("QUERY_STRING", "")
    yield
    i18n.set_language("en")


def _widgets(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


def _run(
    notebook: str, code: str, monkeypatch: pytest.MonkeyPatch, data: Path
) -> tuple[list[str], list[object], Counter[str]]:
    """Run ``notebook`` in ``code``: the shapes of what it shows, its steps' answers, and the numbers in the values
    the lesson's sentences are filled with (what the engine computed)."""
    numbers: Counter[str] = Counter()
    real = i18n._format

    def recording(text: str, values: dict[str, object]) -> str:
        for value in values.values():
            if isinstance(value, int | float | str):
                numbers.update(re.findall(r"\d+", str(value)))
        return real(text, values)

    monkeypatch.setattr(i18n, "_format", recording)
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(data / code))  # a learner of its own: no work kept from another run
    monkeypatch.setenv("QUERY_STRING", f"lang={code}&seed=7")  # the same deal for lesson 10's hand in each
    run = run_lesson(notebook)
    assert run.error is None, run.error
    shown = [w_ for piece in run.pieces for w_ in _widgets(piece)]
    shapes = [type(x).__name__ for x in shown]
    answers: list[object] = [x.question.solve() for x in shown if isinstance(x, Step)]
    return shapes, answers, numbers


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_a_lesson_has_the_same_steps_answers_and_numbers_in_every_language(
    lesson: object, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    notebook = lesson.notebook  # type: ignore[attr-defined]
    run_lesson(notebook)  # once first: what a kernel does once (reading the bank, say) is not counted in one language
    runs = {code: _run(notebook, code, monkeypatch, tmp_path) for code in LANGS}
    english_shapes, english_answers, english_numbers = runs["en"]
    for code in ("zh", "ru"):
        shapes, answers, numbers = runs[code]
        assert shapes == english_shapes, f"{code}: the lesson shows other widgets"
        assert answers == english_answers, f"{code}: a step's answer changed"
        assert set(numbers) == set(english_numbers), f"{code}: the engine's numbers differ"
