"""The game's terms in the course's three languages (``glossary.yaml``): one entry per idea, as players say it.

>>> from shengji_tutor.i18n.terms import glossary
>>> tractor = glossary()["tractor"]
>>> tractor.zh, tractor.pinyin, tractor.ru
('拖拉机', 'tuōlājī', 'трактор')
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from importlib import resources

import yaml

__all__ = ["Term", "glossary"]

TONES = {"\u0304", "\u0301", "\u030c", "\u0300"}
"""The four tone marks of pinyin (combining macron, acute, caron, grave), as NFD spells them."""


@dataclass(frozen=True)
class Term:
    """One idea of the game: its key, the Chinese term with pinyin, the English and Russian words, and a short
    gloss in each language."""

    key: str
    zh: str
    pinyin: str
    en: str
    ru: str
    en_gloss: str
    ru_gloss: str
    zh_gloss: str

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"the glossary's {self.key!r} has no {name}")
        if not TONES & set(unicodedata.normalize("NFD", self.pinyin)):
            raise ValueError(f"the glossary's {self.key!r}: pinyin {self.pinyin!r} carries no tone mark")


@functools.cache
def glossary() -> dict[str, Term]:
    """Every term of ``glossary.yaml`` by its key (read once); a missing field, a pinyin without tones or a key
    given twice is a ValueError naming it."""
    text = (resources.files(__package__) / "glossary.yaml").read_text(encoding="utf-8")
    out: dict[str, Term] = {}
    for entry in yaml.safe_load(text)["terms"]:
        term = Term(**{k: str(v) for k, v in entry.items()})
        if term.key in out:
            raise ValueError(f"the glossary gives {term.key!r} twice")
        out[term.key] = term
    return out
