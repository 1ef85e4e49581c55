"""Running a lesson notebook inside another page: its markdown rendered, its code run, its outputs kept in place.

The lesson notebooks are the course's source: JupyterLab opens and runs them as
they are. The course app (``shell.py``) shows them in one page and one kernel
instead, by running their cells here: each markdown cell becomes HTML, each code
cell runs in the lesson's own namespace (a dict, so two lessons never see each
other's names), and what the cell shows — its printed text, what it displays,
and the value of its last line, as in a notebook — is kept in order. Runs of
text become one HTML widget; widgets stay themselves.

>>> from shengji_tutor.course.lesson_runner import split_cell
>>> body, last = split_cell("x = 2\\nx * 21", "<demo>")
>>> namespace = {}
>>> exec(body, namespace); eval(last, namespace)
42
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import io
import json
import sys
import traceback
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import escape
from pathlib import Path
from types import CodeType
from typing import Any

import ipywidgets as w
import mistune

from ..engine.closed import Closed
from ..i18n import DEFAULT, language, te, translate
from .places import NOTEBOOK_DIR

__all__ = [
    "NOTEBOOK_DIR",
    "Cell",
    "LessonRun",
    "cells_of",
    "live_widgets",
    "markdown_html",
    "preload",
    "run_lesson",
    "split_cell",
]

_MARKDOWN = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])


def markdown_html(text: str) -> str:
    """A markdown cell as HTML (the lessons' own text: inline HTML is kept).

    >>> from shengji_tutor.course.lesson_runner import markdown_html
    >>> markdown_html("## Three ranks score\\n\\nA **5** is worth 5.")
    '<h2>Three ranks score</h2>\\n<p>A <strong>5</strong> is worth 5.</p>\\n'
    """
    return str(_MARKDOWN(text))


@functools.lru_cache(maxsize=512)
def translated_html(source: str, code: str) -> str:
    """A markdown cell in the language ``code`` (its whole text is one message of the catalogs), as HTML."""
    return markdown_html(translate(code, source))


class CellKind(Closed):
    """A notebook cell's ``cell_type`` that a lesson shows."""

    MARKDOWN = "markdown"
    CODE = "code"


@dataclass(frozen=True)
class Cell:
    """One notebook cell, ready to show: markdown as HTML, code compiled (``body`` then the shown ``last`` line)."""

    kind: CellKind
    source: str
    html: str = ""
    body: CodeType | None = None
    last: CodeType | None = None


def split_cell(source: str, name: str) -> tuple[CodeType, CodeType | None]:
    """Compile a code cell as a notebook runs it: everything, then its last line's value when it is an expression."""
    tree = ast.parse(source, name)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        final = tree.body.pop()
        assert isinstance(final, ast.Expr)
        last = compile(ast.Expression(final.value), name, "eval")
    return compile(tree, name, "exec"), last


@functools.lru_cache(maxsize=64)
def cells_of(notebook: str, folder: Path = NOTEBOOK_DIR) -> tuple[Cell, ...]:
    """A notebook's cells, parsed, rendered and compiled once per kernel."""
    path = folder / notebook
    document = json.loads(path.read_text(encoding="utf-8"))
    cells = []
    for index, raw in enumerate(document.get("cells", [])):
        source = raw.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        if raw.get("cell_type") == "markdown":
            cells.append(Cell(CellKind.MARKDOWN, source, html=markdown_html(source)))
        elif raw.get("cell_type") == "code" and source.strip():
            body, last = split_cell(source, f"<{notebook}, cell {index + 1}>")
            cells.append(Cell(CellKind.CODE, source, body=body, last=last))
    return tuple(cells)


def preload(notebooks: Iterable[str], folder: Path = NOTEBOOK_DIR) -> None:
    """Read, render and compile these notebooks, and import every module their code imports, so that showing one
    later only runs it (a pre-heated kernel does this before its learner arrives)."""
    for notebook in notebooks:
        for cell in cells_of(notebook, folder):
            if cell.kind != CellKind.CODE:
                continue
            for node in ast.walk(ast.parse(cell.source)):
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        importlib.import_module(alias.name)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    module = importlib.import_module(node.module)
                    for alias in node.names:  # a submodule imported by name (from pkg import module)
                        if not hasattr(module, alias.name):
                            importlib.import_module(f"{node.module}.{alias.name}")


FIRST_CELLS = 4
"""Cells run before the first part of a lesson is shown (its header and first pictures): the rest follows."""


class LessonRun:
    """Running one notebook: its namespace, what it showed so far (``pieces``), and its first error, if any."""

    def __init__(self, notebook: str, folder: Path = NOTEBOOK_DIR) -> None:
        self.notebook = notebook
        self.folder = folder
        self.namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": __builtins__}
        self.pieces: list[w.Widget] = []
        self.error: str | None = None

    def parts(self, first: int = FIRST_CELLS) -> Iterator[list[w.Widget]]:
        """Run the cells, yielding what they show in two parts: the first ``first`` cells, then the rest.

        A cell that raises stops the lesson there, as in a notebook, and shows a short error naming the lesson
        and the cell (the traceback goes to the server's log).
        """
        shown: list[str | w.Widget] = []
        cells = cells_of(self.notebook, self.folder)
        for number, cell in enumerate(cells, start=1):
            if cell.kind == CellKind.MARKDOWN:
                shown.append(cell.html if language() == DEFAULT else translated_html(cell.source, language()))
            else:
                try:
                    shown.extend(_run_code(cell, self.namespace))
                except Exception as e:  # a lesson's own bug: shown in place, logged in full for us
                    traceback.print_exc(file=sys.__stderr__)
                    self.error = f"{self.notebook}, cell {number}: {type(e).__name__}: {e}"
                    notice = te("This part of the lesson could not be shown.")
                    shown.append(
                        f'<div class="sjt-cell-error" role="alert"><strong>{notice}</strong> {escape(self.error)}</div>'
                    )
                    break
            if number == first and number < len(cells):
                yield self._add(shown)
                shown = []
        yield self._add(shown)

    def _add(self, shown: list[str | w.Widget]) -> list[w.Widget]:
        part = list(_merge(shown))
        self.pieces.extend(part)
        return part


def run_lesson(notebook: str, folder: Path = NOTEBOOK_DIR) -> LessonRun:
    """Run a notebook's cells in a fresh namespace; what they show becomes widgets, in order (``pieces``)."""
    run = LessonRun(notebook, folder)
    for _part in run.parts():
        pass
    return run


def _run_code(cell: Cell, namespace: dict[str, Any]) -> list[str | w.Widget]:
    assert cell.body is not None
    with _captured() as (stdout, displayed):
        exec(cell.body, namespace)
        value = eval(cell.last, namespace) if cell.last is not None else None
    shown: list[str | w.Widget] = []
    if stdout.getvalue():
        shown.append(f'<pre class="sjt-output">{escape(stdout.getvalue())}</pre>')
    shown.extend(_from_bundle(data) for data in displayed)
    if value is not None:
        shown.append(_shown(value))
    return shown


@contextlib.contextmanager
def _captured() -> Iterator[tuple[io.StringIO, list[dict[str, Any]]]]:
    """What a cell prints, and what it displays (``display(...)``), kept instead of sent to the page."""
    from IPython.core.interactiveshell import InteractiveShell

    stdout: io.StringIO = io.StringIO()
    displayed: list[dict[str, Any]] = []
    with contextlib.redirect_stdout(stdout):
        if not InteractiveShell.initialized():  # plain Python (tests): display() prints
            yield stdout, displayed
            return
        shell = InteractiveShell.instance()
        sent = shell.display_pub
        shell.display_pub = _keeper(displayed, sent)
        try:
            yield stdout, displayed
        finally:
            shell.display_pub = sent


def _keeper(kept: list[dict[str, Any]], sent: Any) -> Any:
    """A display publisher that keeps what is displayed (the shell's own, ``sent``, is put back after the cell)."""
    from IPython.core.displaypub import DisplayPublisher

    class Keeper(DisplayPublisher):
        def publish(self, data: dict[str, Any], *_args: Any, **_kwargs: Any) -> None:
            kept.append(data)

        def clear_output(self, *_args: Any, **_kwargs: Any) -> None:
            kept.clear()

        def set_parent(self, parent: Any) -> None:  # an Output widget entered in a cell: the kernel's own bookkeeping
            if hasattr(sent, "set_parent"):
                sent.set_parent(parent)

    return Keeper(shell=getattr(sent, "shell", None))  # type: ignore[no-untyped-call]  # IPython's untyped init


def _shown(value: object) -> str | w.Widget:
    """A value as a notebook would show it: a widget itself, else its HTML, SVG or text."""
    if isinstance(value, w.Widget):
        return value
    for method in ("_repr_html_", "_repr_svg_"):
        render = getattr(value, method, None)
        if callable(render):
            markup = render()
            if isinstance(markup, str):
                return markup
    return f'<pre class="sjt-output">{escape(repr(value))}</pre>'


def _from_bundle(data: dict[str, Any]) -> str | w.Widget:
    """Something the cell displayed (a MIME bundle): the widget it names, or its richest text."""
    view = data.get("application/vnd.jupyter.widget-view+json")
    if isinstance(view, dict):
        widget = live_widgets().get(view.get("model_id", ""))
        if widget is not None:
            return widget
    for mime in ("text/html", "image/svg+xml"):
        if isinstance(data.get(mime), str):
            return str(data[mime])
    return f'<pre class="sjt-output">{escape(str(data.get("text/plain", "")))}</pre>'


def live_widgets() -> dict[str, w.Widget]:
    """Every widget alive in this kernel, by model id (ipywidgets 8 keeps them in ``widget._instances``; its public
    ``Widget.widgets`` says the same with a deprecation warning)."""
    from ipywidgets.widgets import widget

    instances: dict[str, w.Widget] = widget._instances
    return instances


def _merge(shown: list[str | w.Widget]) -> Iterator[w.Widget]:
    """Runs of markup as one HTML widget each (fewer widgets for the page to draw); widgets as they are."""
    text: list[str] = []
    for piece in shown:
        if isinstance(piece, str):
            text.append(piece)
            continue
        if text:
            yield _text_widget(text)
            text = []
        yield piece
    if text:
        yield _text_widget(text)


def _text_widget(parts: list[str]) -> w.HTML:
    block = w.HTML('<div class="sjt-lesson-text jp-RenderedHTMLCommon">' + "".join(parts) + "</div>")
    block.add_class("sjt-lesson-block")
    return block
