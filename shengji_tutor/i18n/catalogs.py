"""The translation catalogs: extracted from the code, merged, compiled and checked (Babel does the reading and writing).

``shengji-tutor update-translations`` (``update``) finds every message of the
package (``t``, ``tn``, ``N_`` and ``translate`` in its Python files), merges the
set into each language's ``.po`` (new messages empty, messages no longer in the
code dropped) and compiles each to its ``.mo``, which is what the course reads.
``shengji-tutor check-translations`` (``check``) says for each language how many
messages are translated, and names every problem: a message untranslated, marked
fuzzy, a placeholder lost or invented, a plural with the wrong number of forms,
a ``.mo`` that is not the ``.po`` compiled.

A translator edits the ``.po`` file (any PO editor, or a text editor), runs
``update-translations`` to compile it, and ``check-translations`` to see what is
left.
"""

from __future__ import annotations

import contextlib
import io
import json
import string
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract as babel_extract
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DEFAULT, DOMAIN, LANGUAGES, LOCALES

__all__ = ["KEYWORDS", "Report", "check", "extract", "fields", "package_dir", "po_path", "update"]

KEYWORDS: dict[str, Any] = {
    "t": None,
    "tc": ((1, "c"), 2),
    "te": None,
    "th": None,
    "N_": None,
    "tn": (1, 2),
    "translate": (2,),
}
"""The functions whose string arguments are messages (``i18n``): which argument(s) the message is."""
STAMP = datetime(2026, 12, 6, tzinfo=UTC)
"""The catalogs' header dates, fixed so that an update changes a file only where a message changed."""


def package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def po_path(code: str, root: Path | None = None) -> Path:
    return (root or package_dir()) / "locale" / LOCALES[code] / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(root: Path | None = None) -> Catalog:
    """Every message of the package's code, each with where it is used and the comment above it
    (``# TRANSLATORS: …``), as a template catalog."""
    root = root or package_dir()
    template = Catalog(project="shengji-tutor", creation_date=STAMP, revision_date=STAMP, fuzzy=False)
    found = extract_from_dir(
        str(root),
        method_map=[("locale/**", "ignore"), ("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    )
    # Babel warns of every f-string among a call's arguments, the placeholders' values included (markup built
    # for ``th``); a message that is itself an f-string is what tests/test_i18n.py refuses, by name.
    with contextlib.redirect_stderr(io.StringIO()):
        for filename, lineno, message, comments, context in found:
            template.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
        for filename, cell, message, comments in notebook_messages(root):
            template.add(message, locations=[(filename, cell)], auto_comments=comments)
    return template


NOTEBOOKS = "course/notebooks"
"""Where the lessons are (in the package): their text is in the catalogs too."""


def notebook_messages(root: Path | None = None) -> Iterator[tuple[str, int, str | tuple[str, ...], list[str]]]:
    """The messages of the lesson notebooks: each markdown cell whole (one message: a translator sees the
    paragraph, and a cell's words may move about in it), and the messages of each code cell as Babel finds them in
    Python (``t(…)`` and the rest). Each with its notebook and cell number (from 1), as a location."""
    root = root or package_dir()
    for path in sorted((root / NOTEBOOKS).glob("*.ipynb")):
        where = str(path.relative_to(root))
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        for number, raw in enumerate(cells, start=1):
            source = raw.get("source", "")
            source = "".join(source) if isinstance(source, list) else str(source)
            if not source.strip():
                continue
            if raw.get("cell_type") == "markdown":
                yield where, number, source, ["A lesson's paragraph (markdown): keep its **bold**, lists and links."]
            elif raw.get("cell_type") == "code":
                found = extract_python_text(source)
                for _line, message, comments, _context in found:
                    yield where, number, message, list(comments)


def extract_python_text(source: str) -> list[tuple[int, str | tuple[str, ...], list[str], str | None]]:
    """The messages of a piece of Python (a notebook's code cell), as ``extract_from_dir`` finds them in a file."""
    return [
        (lineno, message, list(comments), context)
        for lineno, message, comments, context in babel_extract(
            "python",
            io.BytesIO(source.encode("utf-8")),
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
    ]


def _read(path: Path, code: str) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=LOCALES[code], domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update(root: Path | None = None, languages: Iterable[str] | None = None) -> dict[str, tuple[int, int]]:
    """Merge the code's messages into each language's ``.po`` and compile its ``.mo``; for each language, the
    messages added and dropped."""
    template = extract(root)
    changes = {}
    for code in languages or [c for c in LANGUAGES if c != DEFAULT]:
        path = po_path(code, root)
        if path.exists():
            catalog = _read(path, code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=LOCALES[code], domain=DOMAIN, project="shengji-tutor", fuzzy=False)
        before = {m.id for m in catalog if m.id}
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()  # a message no longer in the code is gone: the file keeps no graveyard
        catalog.creation_date = catalog.revision_date = STAMP
        catalog.fuzzy = False
        after = {m.id for m in catalog if m.id}
        path.write_bytes(_po_bytes(catalog))
        path.with_suffix(".mo").write_bytes(_mo_bytes(_read(path, code)))  # compiled from the file, as checked
        changes[code] = (len(after - before), len(before - after))
    return changes


def fields(text: str) -> set[str]:
    """The names of a message's ``{placeholders}`` (``string.Formatter``'s reading); a malformed one raises
    ValueError."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@dataclass
class Report:
    """One language's catalog: how complete it is, and what is wrong in it."""

    code: str
    total: int = 0
    translated: int = 0
    fuzzy: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not (self.fuzzy or self.missing or self.problems)

    def line(self) -> str:
        share = 100 * self.translated / self.total if self.total else 100.0
        return (
            f"{LANGUAGES[self.code]} ({self.code}): {self.translated} of {self.total} messages translated "
            f"({share:.0f} %), {len(self.fuzzy)} fuzzy, {len(self.problems)} with problems"
        )


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as its forms (one, or a plural's several)."""
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else (str(value or ""),)


def _problems(message: Message, nplurals: int) -> list[str]:
    ids = _texts(message.id)
    strings = _texts(message.string)
    shown = ids[0][:60]
    try:
        wanted = fields(ids[-1])
    except ValueError as e:
        return [f"{shown!r}: the English message's placeholders are malformed ({e})"]
    out = []
    if isinstance(message.id, tuple) and len(strings) != nplurals:
        out.append(f"{shown!r}: {len(strings)} plural forms, the language has {nplurals}")
    for form in strings:
        if not form:
            continue
        try:
            got = fields(form)
        except ValueError as e:
            out.append(f"{shown!r}: the translation's placeholders are malformed ({e}): {form!r}")
            continue
        if got != wanted:
            lost, extra = sorted(wanted - got), sorted(got - wanted)
            said = "; ".join(
                part
                for part in (
                    f"lost {', '.join('{' + n + '}' for n in lost)}" if lost else "",
                    f"invented {', '.join('{' + n + '}' for n in extra)}" if extra else "",
                )
                if part
            )
            out.append(f"{shown!r}: the translation {said}: {form!r}")
    return out


def check(root: Path | None = None, languages: Sequence[str] | None = None) -> list[Report]:
    """Each language's catalog against the code's messages (see the module docstring)."""
    template = extract(root)
    wanted = [m for m in template if m.id]
    reports = []
    for code in languages or [c for c in LANGUAGES if c != DEFAULT]:
        report = Report(code, total=len(wanted))
        path = po_path(code, root)
        if not path.exists():
            report.missing = [_texts(m.id)[0] for m in wanted]
            report.problems.append(f"no catalog at {path}")
            reports.append(report)
            continue
        catalog = _read(path, code)
        nplurals = catalog.num_plurals
        for m in wanted:
            key = _texts(m.id)[0]
            have = catalog.get(m.id, context=m.context)
            strings = () if have is None else _texts(have.string)
            if have is None or not all(strings):
                report.missing.append(key)
            elif have.fuzzy:
                report.fuzzy.append(key)
            else:
                report.translated += 1
            if have is not None:
                report.problems.extend(_problems(have, nplurals))
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            report.problems.append(f"{mo.name} is not {path.name} compiled: run shengji-tutor update-translations")
        reports.append(report)
    return reports
