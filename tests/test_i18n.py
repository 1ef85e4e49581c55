"""Every sentence in the reader's language: catalogs complete and sound, plurals right, the language chosen and kept."""

from __future__ import annotations

import ast
import re
import shutil
import string
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from shengji_tutor.app.cli import main as cli
from shengji_tutor.course import pages
from shengji_tutor.course.language import asked_language, page_language
from shengji_tutor.course.shell import Shell, course
from shengji_tutor.i18n import LANGUAGES, choose, language, set_language, t, te, th, tn, translate, use
from shengji_tutor.i18n.catalogs import KEYWORDS, check, extract, fields, package_dir, po_path, update
from shengji_tutor.i18n.terms import Term, glossary
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.puzzles.bank import untranslated
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.schema import read_spec
from shengji_tutor.store.keys import ENV_DB
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.store.schema import StoreError

PACKAGE = package_dir()
REVIEW = (
    "The one you first got wrong comes back in your review until you get it right at once.",
    "The {n} you first got wrong come back in your review until you get them right at once.",
)
QUESTIONS = (
    "{answered} of {n} question of this lesson answered: {left} to go.",
    "{answered} of {n} questions of this lesson answered: {left} to go.",
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")
    pages.use_shell(None)


def test_russian_plurals_take_the_form_each_number_asks_for() -> None:
    with use("ru"):
        said = {n: tn(*QUESTIONS, n, answered=0, left=n) for n in (0, 1, 2, 5, 11, 21, 22, 25)}
    vopros = {n: re.search(r"из \d+ (\w+)", text).group(1) for n, text in said.items()}  # type: ignore[union-attr]
    # "из N вопроса" after 1 and 21 (genitive singular), "из N вопросов" after 0, 2, 5, 11, 22, 25
    assert vopros == {0: "вопросов", 1: "вопроса", 2: "вопросов", 5: "вопросов", 11: "вопросов", 21: "вопроса"} | {
        22: "вопросов",
        25: "вопросов",
    }
    with use("ru"):
        forms = {n: tn(*REVIEW, n).split()[1] for n in (0, 1, 2, 5, 11, 21, 22, 25)}
    assert forms == {0: "задач,", 1: "задача,", 2: "задачи,", 5: "задач,", 11: "задач,", 21: "задача,"} | {
        22: "задачи,",
        25: "задач,",
    }
    with use("zh"):  # Chinese has one form, the number in it
        assert tn(*REVIEW, 1) == "第一次答错的 1 道题会回到你的复习里，直到你一次就答对为止。"
    assert tn(*REVIEW, 1).startswith("The one you")
    assert tn(*REVIEW, 3).startswith("The 3 you")


def _messages() -> list[tuple[str, ...]]:
    return [m.id if isinstance(m.id, tuple) else (m.id,) for m in extract() if m.id]


def _sample_values(text: str) -> dict[str, object]:
    """A value for each placeholder of ``text`` that its format spec takes: a date for ``{date:%d %b %Y}``, a
    number for ``{share:.0f}``, else a string that shows where it went."""
    values: dict[str, object] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name is None:
            continue
        values[name] = datetime(2026, 12, 6) if spec and "%" in spec else 1.5 if spec else f"<{name}>"
    return values


def test_every_translation_keeps_its_placeholders_and_formats() -> None:
    ids = _messages()
    assert len(ids) >= 40
    for code in ("zh", "ru"):
        with po_path(code).open("rb") as fp:
            catalog = read_po(fp, locale=code if code == "ru" else "zh_Hans")
        for key in ids:
            message = catalog.get(key if len(key) > 1 else key[0])
            assert message is not None, f"{code}: {key[0]!r} is not in the catalog"
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms:
                assert form, f"{code}: {key[0]!r} untranslated"
                names = fields(form)
                assert names == fields(key[-1]), f"{code}: {key[0]!r} → {form!r}"
                values = _sample_values(form)
                filled = form.format(**values)
                assert all(v in filled for v in values.values() if isinstance(v, str))
        # and through the runtime catalog: every message comes back translated, placeholders filled
        for key in ids:
            values = _sample_values(key[-1])
            got = translate(code, key[0], **values) if len(key) == 1 else None
            words = re.sub(r"\{[^}]*\}|RULES", "", key[0])  # references to RULES.md stay as they are
            if got is not None and re.search(r"[A-Za-z]{2,}", words):  # a message of words, not only placeholders
                assert got != key[0].format(**values), f"{code}: {key[0]!r} is read in English"


def test_a_message_is_a_whole_literal_sentence_outside_any_f_string() -> None:
    """Babel reads only literal messages outside f-strings: any other would silently stay English."""
    found: set[str] = set()
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for sub in ast.walk(node)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
                continue
            if path.parent.name == "i18n" and path.name == "__init__.py":
                continue  # the functions themselves, and their examples
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            if id(node) in inside:
                problems.append(f"{where}: {node.func.id}() inside an f-string")
            spec = KEYWORDS[node.func.id]
            for k in spec if isinstance(spec, tuple) else (1,):
                if isinstance(k, tuple):
                    continue  # a context ("declaring"), not a message
                arg = node.args[k - 1] if len(node.args) >= k else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
                elif not (
                    node.func.id in ("t", "translate") and isinstance(arg, ast.Name | ast.Attribute | ast.Subscript)
                ):
                    problems.append(f"{where}: {node.func.id}()'s message is not a literal")
    assert not problems
    assert found <= {key[0] for key in _messages()} | {key[-1] for key in _messages()}


def test_the_catalog_check_names_every_problem(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "mod.py").write_text(
        'from shengji_tutor.i18n import t, tn\nt("Hello {name}")\nt("Bye")\ntn("{n} trick", "{n} tricks", 2)\n'
    )
    update(root)
    first = {r.code: r for r in check(root)}
    assert first["ru"].missing == ["Hello {name}", "Bye", "{n} trick"] or sorted(first["ru"].missing) == sorted(
        ["Hello {name}", "Bye", "{n} trick"]
    )
    assert not first["ru"].problems
    path = po_path("ru", root)
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgid "Hello {name}"\nmsgstr ""', 'msgid "Hello {name}"\nmsgstr "Привет, {имя}"')
    text = text.replace('msgid "Bye"\nmsgstr ""', '#, fuzzy\nmsgid "Bye"\nmsgstr "Пока"')
    text = text.replace('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""', 'msgstr[0] "{n} взятка"\nmsgstr[1] "взятки"')
    path.write_text(text, encoding="utf-8")
    report = {r.code: r for r in check(root)}["ru"]
    said = "\n".join(report.problems)
    assert "lost {name}" in said
    assert "invented {имя}" in said
    assert "{n} trick" in report.missing  # a plural form left out is a form untranslated
    assert "lost {n}" in said
    assert "is not shengji_tutor.po compiled" in said  # edited without compiling
    assert report.fuzzy == ["Bye"]
    assert not report.complete
    shutil.rmtree(root)


def test_the_command_reports_each_language_and_fails_only_on_a_wrong_catalog(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli(["check-translations", "--complete"]) == 0
    out = capsys.readouterr().out
    assert "中文 (zh):" in out
    assert "Русский (ru):" in out
    assert "0 fuzzy, 0 with problems" in out


def test_the_language_is_the_address_s_then_the_learner_s_then_the_browser_s() -> None:
    assert choose(None, None, None) == "en"
    assert choose(None, None, "de-CH, de;q=0.9, zh-CN;q=0.8, ru;q=0.7") == "zh"
    assert choose(None, None, "ru;q=0.5, zh;q=0, en;q=0.4") == "ru"
    assert choose(None, None, "fr, *;q=0.5") == "en"
    assert choose(None, "ru", "zh-TW") == "ru"
    assert choose("zh", "ru", "en") == "zh"
    assert choose("xx", "ru", "en") == "ru"  # an address's language the course does not have is passed over
    assert asked_language("student=ab&lang=zh") == "zh"
    with pytest.raises(ValueError, match=r"no language 'de': it is written in en \(English\), zh \(中文\), ru"):
        set_language("de")
    assert language() == "en"


def test_words_escape_for_html_and_markup_goes_in_whole() -> None:
    with use("zh"):
        assert te("Lesson {number} of {count}", number="<4>", count=13) == "第 &lt;4&gt; 课（共 13 课）"
        assert th("Signed in as {name} in class {code}.", name="<b>Ana</b>", code="K7") == (
            "你已作为 <b>Ana</b> 登录班级 K7。"
        )
    assert t("Finished") == "Finished"
    assert set(LANGUAGES) == {"en", "zh", "ru"}


@pytest.fixture
def solo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv(ENV_DB, raising=False)
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    return tmp_path


def test_a_learner_s_language_is_kept_and_a_bad_one_refused(solo: Path) -> None:
    store = ProgressStore()
    assert store.language() is None
    store.save_language("ru")
    assert ProgressStore().language() == "ru"
    with pytest.raises(StoreError, match="no language 'klingon'"):
        store.save_language("klingon")
    assert ProgressStore().language() == "ru"  # what was kept stays


def test_a_page_reads_the_browser_s_language_unless_the_address_or_the_learner_chose(
    solo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "ru-RU,ru;q=0.9,en;q=0.5")
    assert page_language(ProgressStore()) == "ru"
    monkeypatch.setenv("QUERY_STRING", "lang=zh")
    assert page_language(ProgressStore()) == "zh"
    monkeypatch.setenv("QUERY_STRING", "")
    ProgressStore().save_language("en")
    assert page_language(ProgressStore()) == "en"


def _nav(shell: Shell) -> str:
    return "".join(str(getattr(c, "value", "")) for c in shell.content.children)


def test_switching_language_redraws_the_place_in_it_and_keeps_the_choice(solo: Path) -> None:
    shell = course()
    shell.router.browser_event({"event": "navigate", "route": "pairs"})
    assert "Course home" in _nav(shell)
    assert shell.router.title == "4. Pairs · Sheng ji tutor"
    shell.router.browser_event({"event": "language", "lang": "zh"})
    assert language() == "zh"
    assert shell.place is not None
    assert shell.place.route == "pairs"  # the same place
    page = _nav(shell)
    assert "课程首页" in page  # the course bar in Chinese
    assert "4. 对子" in page
    assert "duìzi" not in page  # a Chinese page's title is the term itself: no pinyin beside it
    assert '<a aria-current="true" lang="zh" data-lang="zh">中文</a>' in page
    assert shell.router.query == "lang=zh"  # a reload keeps it
    assert ProgressStore().language() == "zh"  # and so does a later visit
    with pytest.raises(Exception, match="a language is one of en, zh, ru"):
        shell.router._language({"lang": "fr"})
    assert language() == "zh"
    shell.router.browser_event({"event": "language", "lang": "ru"})
    assert "Главная" in _nav(shell)
    assert "对子 duìzi" in _nav(shell)  # the Russian page gives the Chinese term with its pinyin
    assert shell.router.query == "lang=ru"


def test_the_glossary_gives_each_idea_in_three_languages_and_the_titles_use_it(tmp_path: Path) -> None:
    terms = glossary()
    assert len(terms) >= 35
    for key in ("pair", "tractor", "throw", "kitty", "trump", "trick", "follow", "finding_friends", "zheng_fen"):
        assert key in terms
    assert terms["throw"].zh == "甩牌"
    # a lesson's title in each language says the glossary's word for its idea
    titles = {"Pairs": "pair", "Tractors": "tractor", "Following": "follow", "The kitty and scoring": "kitty"}
    for english, key in titles.items():
        with use("zh"):
            assert terms[key].zh in t(english)
        with use("ru"):
            assert terms[key].ru.split()[0][:-1].lower() in t(english).lower()  # its stem: Russian inflects
    with pytest.raises(ValueError, match="pinyin 'tuolaji' carries no tone mark"):
        Term("tractor", "拖拉机", "tuolaji", "tractor", "трактор", "a", "б", "丙")
    with pytest.raises(ValueError, match="has no ru"):
        Term("tractor", "拖拉机", "tuōlājī", "tractor", " ", "a", "б", "丙")


def _spec(**more: object) -> dict[str, object]:
    return {
        "id": "pairs-keep-your-pair",
        "kind": "legal",
        "trump": "10D",
        "leader": "East",
        "trick": ["KH KH"],
        "hand": "8H 8H 4H 3S",
        "play": "8H 4H",
        "prompt": "East leads K♥ K♥. You hold 8♥ 8♥ 4♥ 3♠ and play 8♥ 4♥. Is that legal?",
        "hint": "Look for a pair in the led suit.",
        "expect": "no",
        "misconceptions": [{"answer": "yes", "says": "You may not keep your pair and play two singles."}],
        **more,
    }


ZH = {"prompt": "东家首出 K♥ K♥。这样出合法吗？", "hint": "找找首出那门里的对子。", "says": ["有对子就要出对子。"]}
RU = {"prompt": "Восток заходит с K♥ K♥. Такой ход разрешён?", "hint": "Поищите пару.", "says": ["Пару нельзя беречь."]}


def test_a_puzzle_speaks_the_reader_s_language_and_the_bank_wants_every_one() -> None:
    spec = read_spec(_spec(zh=ZH, ru=RU))
    puzzle = Puzzle.from_spec(spec, Topic("pairs", 4, "Pairs"))
    with use("zh"):
        assert puzzle.prompt == ZH["prompt"]
        assert puzzle.hint == ZH["hint"]
        assert puzzle.grade("yes").explanation.startswith("有对子就要出对子。")  # the misconception, in Chinese
    with use("ru"):
        assert puzzle.prompt.startswith("Восток заходит")
    assert puzzle.prompt.startswith("East leads")
    assert untranslated(spec) == []
    bare = read_spec(_spec(zh=ZH))
    assert untranslated(bare) == [
        "it has no words in Русский: give a ru: block beside the English (prompt, hint, says…)"
    ]
    with use("ru"):  # a puzzle dealt without its words in a language reads in English
        assert Puzzle.from_spec(bare, Topic("pairs", 4, "Pairs")).prompt.startswith("East leads")
    with pytest.raises(ValueError, match="the ru words say 2 misconceptions, the English 1"):
        read_spec(_spec(ru={**RU, "says": ["a", "b"]}))
    with pytest.raises(ValueError, match="the English has hint, and the zh words must match it"):
        read_spec(_spec(zh={"prompt": ZH["prompt"], "says": ZH["says"]}))
    with pytest.raises(ValueError, match="Extra inputs are not permitted"):
        read_spec(_spec(zh={**ZH, "answer": "no"}))


def test_every_puzzle_of_the_bank_has_its_words_in_every_language() -> None:
    bank = load_bank()
    assert len(bank) >= 200
    assert [pid for pid, puzzle in bank.items() if untranslated(puzzle.spec)] == []
    with use("ru"):
        prompts = {pid: puzzle.prompt for pid, puzzle in bank.items()}
    assert not [pid for pid, text in prompts.items() if text == bank[pid].spec.prompt]  # none left in English


def test_the_course_s_bank_is_checked_for_its_translations_and_a_class_s_questions_are_not(tmp_path: Path) -> None:
    from shengji_tutor.puzzles import check_bank

    folder = tmp_path / "ex"
    folder.mkdir()
    body = (
        '  - id: t-one\n    kind: legal\n    trump: 7C\n    leader: East\n    trick: ["8D 8D"]\n'
        "    hand: JD QD 3S 4S\n    play: JD QD\n    prompt: Is this legal or not?\n    expect: yes\n"
        "    zh:\n      prompt: 这样出合法吗？\n"
    )
    (folder / "t.yaml").write_text("topic: t\nlesson: 4\ntitle: T\npuzzles:\n" + body, encoding="utf-8")
    bank = load_bank(folder)
    assert check_bank(bank) == []  # a class's own questions, say: written in one language
    assert check_bank(bank, translated=True) == [
        "t-one: it has no words in Русский: give a ru: block beside the English (prompt, hint, says…)"
    ]


def test_a_kept_mistake_is_shown_in_the_language_read_now_and_counts_once_across_languages() -> None:
    from shengji_tutor.course.dashboard import weak_spots
    from shengji_tutor.store.mastery import Attempt

    bank = load_bank()
    puzzle = bank["pairs-keep-your-pair"]
    kept = []
    for code in ("en", "zh"):  # the same wrong answer, made once read in English and once in Chinese
        with use(code):
            kept.append(puzzle.grade("yes").misconception_id)
    assert kept == ["misconception:0", "misconception:0"]  # a meaning, whatever the language
    history = [Attempt(puzzle.id, False, "yes", float(k), mistake=m) for k, m in enumerate(kept)]
    with use("ru"):
        spots = weak_spots(history, bank)
    mine = [s for s in spots if s.detail.startswith("2")]
    assert len(mine) == 1  # one misconception, twice
    assert mine[0].what  # its first sentence, in Russian
    assert mine[0].what in puzzle.spec.words("ru").says[0]


def test_the_same_english_word_takes_the_translation_of_where_it_is_shown() -> None:
    from shengji_tutor.i18n import tc

    with use("zh"):  # declining to declare trump, and passing at Zheng Fen's table
        assert (tc("declaring", "Pass"), t("Pass")) == ("不亮", "不要")
    assert tc("declaring", "Pass") == "Pass"


def test_the_coach_s_measured_sentence_is_known_in_every_language() -> None:
    from shengji_tutor.play.coaching import is_measured

    for code in ("en", "zh", "ru"):
        with use(code):
            said = tn(
                "Over {n} deal of the hidden cards your play averaged {mine}; {cards} averaged {best}.",
                "Over {n} deals of the hidden cards your play averaged {mine}; {cards} averaged {best}.",
                48,
                mine="+0.12",
                cards="K♠",
                best="+0.40",
            )
            assert is_measured(said), (code, said)
            assert not is_measured(t("Finished"))
