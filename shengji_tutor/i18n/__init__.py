"""Every sentence a person reads, in their language: English, 简体中文 or Русский.

The text is written in English in the code, inside ``t("…")`` (or ``tn`` for a
sentence that depends on a number, ``N_`` for text kept in a table and
translated where it is shown), and translated through gettext catalogs, one per
language: ``shengji_tutor/locale/<language>/LC_MESSAGES/shengji_tutor.po``,
compiled beside it to ``.mo`` (``shengji-tutor update-translations`` extracts,
merges and compiles them; ``shengji-tutor check-translations`` says how complete
each is). A message is a whole sentence with named placeholders —
``t("{seat} wins the trick with {cards}.", seat=…, cards=…)`` — never English
fragments joined, so that a translation can put the words in its own order.
Plurals take the language's own forms (Russian has three: 1 взятка, 2 взятки,
5 взяток, 21 взятка): ``tn("{n} trick", "{n} tricks", n)``, the English singular and
plural, and the number.

Which language is read: one kernel serves one learner, so the language is the
process's (``set_language``, chosen by the course from the address's ``?lang=``,
the learner's saved choice or the browser's ``Accept-Language``: ``choose``);
``use(language)`` changes it for a block (a server answering several people, a
test). Card notation (10♥, BJ) is the same in every language.

Only the standard library is imported here (the engine's sentences are
translated too); Babel, which reads and writes the catalogs, is imported by the
tools in ``i18n.catalogs`` alone.

>>> from shengji_tutor.i18n import t, tn, use
>>> one, many = "{answered} of {n} question of this lesson answered: {left} to go.", "{answered} of {n} questions of this lesson answered: {left} to go."
>>> with use("ru"):
...     [tn(one, many, n, answered=1, left=n - 1) for n in (5, 21)]
['Отвечено на 1 из 5 вопросов урока, осталось 4.', 'Отвечено на 1 из 21 вопроса урока, осталось 20.']
>>> with use("zh"):
...     t("Lesson {number} of {count}", number=4, count=13)
'第 4 课（共 13 课）'
>>> t("Lesson {number} of {count}", number=4, count=13)
'Lesson 4 of 13'
"""

from __future__ import annotations

import contextvars
import functools
import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape as html_escape
from importlib import resources

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "choose",
    "language",
    "language_of",
    "set_language",
    "t",
    "tc",
    "te",
    "th",
    "tn",
    "translate",
    "use",
]

LANGUAGES = {"en": "English", "zh": "中文", "ru": "Русский"}
"""The course's languages, by the code the address uses (``?lang=zh``), each named in itself."""
DEFAULT = "en"
DOMAIN = "shengji_tutor"
LOCALES = {"en": "en", "zh": "zh_Hans", "ru": "ru"}
"""Each language's catalog folder (its CLDR locale: Babel's plural forms come from it)."""

_process = DEFAULT
_override: contextvars.ContextVar[str | None] = contextvars.ContextVar("shengji_tutor_language", default=None)


def language_of(code: str | None) -> str | None:
    """The course's language for a code as people and browsers write it (``zh``, ``zh-CN``, ``zh-Hans``, ``ru-RU``,
    ``EN``), or None when it is none of the three.

    >>> from shengji_tutor.i18n import language_of
    >>> [language_of(c) for c in ("zh-CN", "ru_RU", "EN", "de", "", None)]
    ['zh', 'ru', 'en', None, None, None]
    """
    if not code:
        return None
    base = re.split(r"[-_]", code.strip().lower(), maxsplit=1)[0]
    return base if base in LANGUAGES else None


def _checked(code: str) -> str:
    found = language_of(code)
    if found is None or found != code:
        names = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise ValueError(f"the course has no language {code!r}: it is written in {names}")
    return found


def language() -> str:
    """The language text is read in now."""
    return _override.get() or _process


def set_language(code: str) -> None:
    """Read this process's text in ``code`` ("en", "zh" or "ru") from now on."""
    global _process
    _process = _checked(code)


@contextmanager
def use(code: str) -> Iterator[None]:
    """Read the text of this block in ``code`` (this thread and task only)."""
    token = _override.set(_checked(code))
    try:
        yield
    finally:
        _override.reset(token)


@functools.cache
def _catalog(code: str) -> gettext.NullTranslations:
    if code == DEFAULT:
        return gettext.NullTranslations()
    path = resources.files("shengji_tutor") / "locale" / LOCALES[code] / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    except FileNotFoundError:
        return gettext.NullTranslations()


def _format(text: str, values: dict[str, object]) -> str:
    return text.format(**values) if values else text


def translate(code: str, message: str, /, **values: object) -> str:
    """``message`` in the language ``code``, its ``{placeholders}`` filled from ``values``."""
    return _format(_catalog(_checked(code)).gettext(message), values)


def t(message: str, /, **values: object) -> str:
    """``message`` in the language read now, its ``{placeholders}`` filled from ``values``."""
    return _format(_catalog(language()).gettext(message), values)


def tc(context: str, message: str, /, **values: object) -> str:
    """``t`` for a message whose words depend on where it is shown: the same English ("Pass"), a translation per
    ``context`` ("declaring": 不亮, where Zheng Fen's table says 不要).

    >>> from shengji_tutor.i18n import tc, use
    >>> with use("zh"):
    ...     tc("declaring", "Pass")
    '不亮'
    """
    return _format(_catalog(language()).pgettext(context, message), values)


def te(message: str, /, **values: object) -> str:
    """``t``, escaped for HTML (text and attribute values alike).

    >>> from shengji_tutor.i18n import te
    >>> te("{a} < {b}", a='"x"', b=1)
    '&quot;x&quot; &lt; 1'
    """
    return html_escape(t(message, **values), quote=True)


def th(message: str, /, **html: object) -> str:
    """``message`` in the language read now as HTML: its words escaped, its ``{placeholders}`` filled with ``html``
    as given (markup the caller built and escaped: a link, a name in bold).

    >>> from shengji_tutor.i18n import th
    >>> th("{name} & friends", name="<b>Ana</b>")
    '<b>Ana</b> &amp; friends'
    """
    return _format(html_escape(_catalog(language()).gettext(message), quote=False), html)


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of a sentence that fits the number ``n`` (``{n}`` is filled with it) in the language read now."""
    return _format(_catalog(language()).ngettext(singular, plural, n), {"n": n, **values})


def N_(message: str) -> str:
    """``message`` as it is: marked for the catalogs, translated with ``t`` where it is shown."""
    return message


def choose(asked: str | None = None, saved: str | None = None, accept: str | None = None) -> str:
    """The language to read: the address's ``?lang=`` (``asked``), else the learner's ``saved`` choice, else the
    first of the browser's ``Accept-Language`` the course has (by its weights), else English.

    >>> from shengji_tutor.i18n import choose
    >>> choose(None, None, "de-DE,de;q=0.9,ru;q=0.8,en;q=0.7"), choose("zh", "ru", "en"), choose(None, "ru", "zh")
    ('ru', 'zh', 'ru')
    """
    for code in (asked, saved):
        found = language_of(code)
        if found is not None:
            return found
    ranked: list[tuple[float, int, str]] = []
    for k, part in enumerate((accept or "").split(",")):
        name, _, params = part.strip().partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                continue
        found = language_of(name)
        if found is not None and weight > 0:
            ranked.append((-weight, k, found))
    return min(ranked)[2] if ranked else DEFAULT
