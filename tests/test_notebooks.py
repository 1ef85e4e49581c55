"""Every notebook executes headless without errors, and is committed without outputs; a lesson shows no bare
Python value (a tuple, a list, a dict, a bool, a number) where it should show cards or a sentence."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from bare_values import SHOWN_KEYS, disagreements, python_values, tokens_in
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_there_are_notebooks() -> None:
    assert any(p.name == "widgets-gallery.ipynb" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] == "code":
            assert not cell.get("outputs"), f"{path.name} has saved outputs"
            assert cell.get("execution_count") is None


PAGES = [p for p in NOTEBOOKS if not p.name[:2].isdigit()]
"""The notebooks that are not lessons (the one page, practice, review, the instructor's console, the gallery). The
lessons run once per test run, in tests/test_lessons.py (every check of what they show is made there), and in
real kernels in the shell's and the browser's tests."""


@pytest.mark.slow
@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_notebook_executes(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    assert bare_values(nb) == []
    assert tokens_shown(nb) == []


def shown_texts(nb: nbformat.NotebookNode) -> list[str]:
    """What an executed notebook shows: its outputs' HTML and text, and the fields a learner reads of every widget
    drawn (markup included)."""
    texts = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            texts.append(str(data.get("text/html", "")) + " " + str(output.get("text", "")))
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in state.values():
        fields = model.get("state", {})
        texts += [str(fields[k]) for k in SHOWN_KEYS if isinstance(fields.get(k), str)]
    return texts


def tokens_shown(nb: nbformat.NotebookNode) -> list[str]:
    """Each place of an executed notebook's outputs and drawn widgets that shows a joker's token or code
    (``bare_values.tokens_in``)."""
    return tokens_in(shown_texts(nb))


def bare_values(nb: nbformat.NotebookNode) -> list[str]:
    """The plain-text outputs of a notebook that read as Python values rather than cards or sentences: a value shown
    with nothing richer than its repr, or a printed line."""
    texts = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                texts.extend(str(output.get("text", "")).splitlines())
            elif output.get("output_type") in ("execute_result", "display_data"):
                data = output.get("data", {})
                if not any(
                    kind in data for kind in ("text/html", "image/svg+xml", "application/vnd.jupyter.widget-view+json")
                ):
                    texts.append(str(data.get("text/plain", "")))
    return python_values(texts)


def test_the_check_for_bare_values_finds_them() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in ("(True, False)", "print(('trump', 'H'))", "print('80 wins')")]
    NotebookClient(nb, timeout=60, kernel_name="python3").execute()
    assert bare_values(nb) == ["(True, False)", "('trump', 'H')"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_lessons_own_words_agree(path: Path) -> None:
    """Every sentence the lesson's author wrote — its text, and the explanations its steps show once answered (in
    its code) — agrees in number and article: "1 point", "an 8"."""
    nb = nbformat.read(path, as_version=4)
    assert disagreements(str(cell.source) for cell in nb.cells) == []
