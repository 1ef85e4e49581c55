"""Questions an instructor writes for their class: built with the card picker, answered by the engine, checked as
the bank is, kept in the class's store, pushed live, exported and imported as the bank's YAML."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from shengji_tutor.app.classroom import key_fingerprint
from shengji_tutor.classroom import ClassroomError, ClassroomStore, WrongKeyError
from shengji_tutor.classroom.screens import OWN, InstructorConsole, LivePanel
from shengji_tutor.classroom.session import Learner
from shengji_tutor.i18n import use
from shengji_tutor.puzzles import BankError, check_bank, load_bank
from shengji_tutor.puzzles.authoring import Draft, class_question, read_questions_yaml
from shengji_tutor.puzzles.schema import TopicFile
from shengji_tutor.store.schema import StoreError
from shengji_tutor.store.validate import review_item

KEY = "instructor-key-for-tests"
WHO_WINS = Draft("winner", trump="2S", leader="East", trick=("9H", "KH", "3S", "AH"))
"""East leads 9♥, North K♥, West ruffs with 3♠ (spades are trumps), South A♥: West wins."""


def test_a_draft_is_read_and_answered_as_a_bank_puzzle_is() -> None:
    puzzle = class_question(WHO_WINS.spec(), "class-k7qx2m-1", lesson=3)
    assert puzzle.solve() == "West"
    assert "RULES" in puzzle.grade("West").explanation
    assert puzzle.prompt == "Who wins this trick?"  # the kind's words until the instructor writes their own
    legal = Draft("legal", trick=("9H 9H",), hand="KH 3H 4C", play="KH 4C")
    assert class_question(legal.spec(), "class-k7qx2m-2", 6).solve() == "no"  # two hearts held: both must follow


@pytest.mark.parametrize(
    ("draft", "said"),
    [
        (Draft("winner", trick=("9H",)), "the trick needs at least 2 plays"),
        (Draft("legal", trick=("9H",), hand=""), "the hand is empty"),
        (Draft("legal", trick=("9H",), hand="KH 3H"), "the play in question is empty"),
    ],
)
def test_a_draft_says_what_it_still_lacks(draft: Draft, said: str) -> None:
    assert any(said in m for m in draft.missing())


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ({**WHO_WINS.spec(), "trick": ["9H", "9H", "9H"]}, "3 copies of 9♥, but 2 decks hold only 2"),
        ({**WHO_WINS.spec(), "prompt": "Who?"}, "the question: needs at least 10 characters"),
        (
            {**WHO_WINS.spec(), "prompt": "Who wins \u202ethis trick?"},
            "control or invisible characters (it has U+202E)",
        ),
        ({**WHO_WINS.spec(), "prompt": "W" * 401}, "the question has at most 400 characters"),
        ({**WHO_WINS.spec(), "trump": "1Z"}, "the trump"),
        ({**WHO_WINS.spec(), "kind": "poker"}, "a question's kind is one of the bank's"),
        (
            Draft("points", trick=("KH AH KD",)).spec(),
            "K♥ A♥ K♦ mixes diamonds and hearts: a lead must be all one suit",
        ),
    ],
)
def test_a_question_the_engine_cannot_use_is_refused_in_words(spec: dict[str, object], said: str) -> None:
    with pytest.raises(BankError, match=re.escape(said)):
        class_question(spec, "class-k7qx2m-1", lesson=3)


def test_no_puzzle_of_the_bank_takes_an_id_a_class_question_has(tmp_path: Path) -> None:
    assert not [p for p in load_bank() if p.startswith("class-")]
    (tmp_path / "t.yaml").write_text(
        yaml.safe_dump({"topic": "t", "lesson": 3, "title": "T", "puzzles": [WHO_WINS.spec() | {"id": "class-a-1"}]})
    )
    with pytest.raises(BankError, match="starts as a class's own questions' do"):
        load_bank(tmp_path)


def test_a_class_question_is_recorded_but_never_reviewed() -> None:
    with pytest.raises(StoreError, match="not reviewed"):
        review_item("class-k7qx2m-1")


# -- the store, on SQLite and PostgreSQL ---------------------------------------------------------


def new_class(url: str) -> tuple[ClassroomStore, str]:
    store = ClassroomStore(url)
    return store, store.create_class("Club", KEY, [3, 6])


def test_a_saved_question_is_numbered_in_its_class_and_read_back_by_its_students(url: str) -> None:
    store, code = new_class(url)
    first = store.save_question(code, KEY, WHO_WINS.spec(), 3)
    second = store.save_question(code, KEY, {**WHO_WINS.spec(), "prompt": "Which seat takes this trick?"}, 5)
    assert (first, second) == (f"class-{code.lower()}-1", f"class-{code.lower()}-2")
    again = ClassroomStore(url).questions(code)  # another kernel, a student's
    assert list(again) == [first, second]
    assert again[second].prompt == "Which seat takes this trick?"
    assert (again[second].lesson, again[second].solve()) == (5, "West")
    other = store.create_class("Other", KEY)
    assert store.questions(other) == {}


def test_a_question_is_refused_whole_and_nothing_is_kept(url: str) -> None:
    store, code = new_class(url)
    with pytest.raises(ClassroomError, match="2 decks hold only 2"):
        store.save_question(code, KEY, {**WHO_WINS.spec(), "trick": ["9H", "9H", "9H"]}, 3)
    with pytest.raises(ClassroomError, match="a lesson from 1 to 13"):
        store.save_question(code, KEY, WHO_WINS.spec(), 14)
    with pytest.raises(WrongKeyError):
        store.save_question(code, "not-the-key-at-all", WHO_WINS.spec(), 3)
    assert store.questions(code) == {}
    store.end_class(code, KEY)
    with pytest.raises(ClassroomError, match="ended"):
        store.save_question(code, KEY, WHO_WINS.spec(), 3)


def test_a_class_question_is_pushed_and_answered_like_a_bank_puzzle(url: str) -> None:
    store, code = new_class(url)
    pid = store.save_question(code, KEY, WHO_WINS.spec(), 3)
    with pytest.raises(ClassroomError, match="has no question"):
        store.push_question(code, KEY, f"class-{code.lower()}-9")
    other = store.create_class("Other", KEY)
    with pytest.raises(ClassroomError, match="has no question"):
        store.push_question(other, KEY, pid)  # one class's question is not another's
    live = store.push_question(code, KEY, pid)
    assert store.class_info(code).live_puzzle == pid
    learner = Learner(store.join(code, "Ana"), "Ana", code)
    panel = LivePanel(store, learner)
    try:
        assert panel.card is not None
        assert "Who wins this trick?" in panel.card.prompt
        panel.card.browser_event({"event": "answer", "value": "West"})
        panel.card.browser_event({"event": "check"})
        assert panel.card.verdict == "correct"
        assert panel.card.error == ""  # recorded, and not put in a review queue the review could not show
        assert panel.progress.review_queue(until=float("inf")) == []
        [attempt] = store.attempts(code, KEY)
        assert (attempt.puzzle_id, attempt.answer, attempt.correct, attempt.live) == (pid, "West", True, live)
        store.reveal(code, KEY)
        panel.refresh()
        assert "The answer: West" in panel.status.value
    finally:
        panel.poller.stop()


def test_a_class_s_questions_go_out_as_the_bank_s_yaml_and_come_back(url: str, tmp_path: Path) -> None:
    store, code = new_class(url)
    store.save_question(code, KEY, WHO_WINS.spec(), 3)
    store.save_question(code, KEY, Draft("legal", trick=("9H 9H",), hand="KH 3H 4C", play="KH 4C").spec(), 6)
    text = store.export_questions(code, KEY)
    parts = list(yaml.safe_load_all(text))
    assert [p["lesson"] for p in parts] == [3, 6]
    for n, part in enumerate(parts):  # each part is a topic file the bank takes as it is
        TopicFile.model_validate(part)
        folder = tmp_path / f"bank{n}"
        folder.mkdir()
        (folder / f"{part['topic']}.yaml").write_text(yaml.safe_dump(part, allow_unicode=True), encoding="utf-8")
        assert check_bank(load_bank(folder)) == []
    other = store.create_class("Next term", KEY)
    imported = store.import_questions(other, KEY, text)
    assert imported == [f"class-{other.lower()}-1", f"class-{other.lower()}-2"]
    back = store.questions(other)
    assert [(p.kind, p.lesson, p.solve()) for p in back.values()] == [("winner", 3, "West"), ("legal", 6, "no")]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("topic: [unclosed", "this is not YAML"),
        ("", "the file holds no questions"),
        ("topic: t\nlesson: 3\ntitle: T\npuzzles: []\n", "not a topic file of the bank"),
    ],
)
def test_a_bad_file_of_questions_is_refused_and_changes_nothing(url: str, text: str, said: str) -> None:
    store, code = new_class(url)
    with pytest.raises(ClassroomError, match=said):
        store.import_questions(code, KEY, text)
    good = WHO_WINS.spec() | {"id": "one"}
    bad = {**WHO_WINS.spec(), "id": "two", "trick": ["9H"]}
    both = yaml.safe_dump({"topic": "t", "lesson": 3, "title": "T", "puzzles": [good, bad]})
    with pytest.raises(ClassroomError, match=r"question 'two': the trick so far: needs at least 2 \(it has 1\)"):
        store.import_questions(code, KEY, both)  # one refused refuses them all, named by its id
    assert store.questions(code) == {}


def test_reading_questions_keeps_each_one_s_lesson() -> None:
    text = yaml.safe_dump({"topic": "t", "lesson": 4, "title": "T", "puzzles": [WHO_WINS.spec() | {"id": "x"}]})
    [(lesson, data)] = read_questions_yaml(text)
    assert (lesson, data["kind"], data["trick"]) == (4, "winner", ["9H", "KH", "3S", "AH"])


# -- the console ------------------------------------------------------------------------------------


@pytest.fixture
def console(tmp_path: Path) -> Iterator[InstructorConsole]:
    store = ClassroomStore(f"sqlite:///{tmp_path / 'c.sqlite'}")
    c = InstructorConsole(store, key_fingerprint(KEY))
    c.key.value = KEY
    assert c.unlock()
    c.class_name.value = "Club"
    assert c.create() is not None
    yield c
    if c.poller is not None:
        c.poller.stop()


def test_the_console_writes_a_question_with_the_card_picker_and_pushes_it(console: InstructorConsole) -> None:
    writer = console.writer
    assert console.code is not None
    writer.kind.value = "winner"
    writer.rank.value, writer.suit.value, writer.leader.value = "2", "S", "East"
    writer.check()
    assert "the trick needs at least 2 plays" in writer.result.value  # nothing placed yet: said, not guessed
    for card in ("9H", "KH", "3S", "AH"):
        pick(writer, card)
        writer.place("trick")
    assert "East 9♥, North K♥, West 3♠, South A♥" in writer.placed.value
    writer.prompt.value = "Who takes this trick?"
    writer.hint.value = "Spades are trumps."
    assert writer.check() is not None
    assert "The engine's answer: <strong>West</strong>" in writer.result.value
    assert "Who takes this trick?" in writer.result.value  # the preview students will see
    saved = writer.save()
    assert saved == f"class-{console.code.lower()}-1"
    assert console.lesson_choice.value == OWN  # listed under "Your questions", chosen and previewed
    assert console.live_choice.value == saved
    assert "Who takes this trick?" in console.preview_box.value
    console.push(console.live_choice.value)
    assert console.store.class_info(console.code).live_puzzle == saved


def test_the_console_says_why_a_question_cannot_be_saved(console: InstructorConsole) -> None:
    writer = console.writer
    writer.kind.value = "legal"
    pick(writer, "9H")
    writer.place("trick")
    pick(writer, "KH", "3H")
    writer.place("hand")
    pick(writer, "4C")
    writer.place("play")
    assert "4♣ is not all in the hand (K♥ 3♥)" in writer.result.value
    assert writer.save() is None
    assert "the play in question is empty" in writer.result.value
    assert console.store.questions(console.code or "") == {}


def test_the_console_exports_and_imports_the_class_s_questions(console: InstructorConsole) -> None:
    assert console.code is not None
    console.store.save_question(console.code, KEY, WHO_WINS.spec(), 3)
    text = console.writer.export()
    assert "download=" in console.writer.export_box.value
    assert "kind: winner" in text
    assert console.writer.import_text("nonsense: [") == []
    assert "This is not YAML (line 1)" in console.writer.import_box.value
    assert "nothing was imported" in console.writer.import_box.value
    assert console.writer.import_text(text) == []  # the class has it already: not twice
    assert "Imported 0 questions" in console.writer.import_box.value
    other = yaml.safe_load(text) | {"lesson": 4}
    other["puzzles"][0]["prompt"] = "And now: who wins this trick?"
    assert console.writer.import_text(yaml.safe_dump(other, allow_unicode=True)) == [f"class-{console.code.lower()}-2"]
    assert "Imported 1 question" in console.writer.import_box.value
    assert [label for label, _ in console.lesson_choice.options][-1] == "Your questions (2)"
    titles = [label for label, _ in console.live_choice.options]
    assert titles == [
        "1. Who wins this trick? — 9♥ · K♥ · 3♠ · A♥",
        "2. And now: who wins this trick? — 9♥ · K♥ · 3♠ · A♥",
    ]


def pick(writer: object, *cards: str) -> None:
    """Select ``cards`` in the writer's picker, as clicks would."""
    from shengji_tutor.engine.cards import parse_cards

    picker = writer.picker  # type: ignore[attr-defined]
    wanted = parse_cards(" ".join(cards))
    chosen: list[int] = []
    for card in wanted:
        chosen.append(next(i for i, c in enumerate(picker.hand) if c == card and i not in chosen))
    picker.selected = chosen


@pytest.mark.slow
def test_the_console_deals_a_best_play_question_that_the_search_grades(console: InstructorConsole) -> None:
    from types import SimpleNamespace

    writer = console.writer
    writer.kind.value = "best"
    assert writer.lesson.value == 3  # lesson 11 is not among this class's lessons: the choice stays
    assert writer.check() is None
    assert "deal a position first" in writer.result.value
    writer.seeds = SimpleNamespace(randrange=lambda _n: 3)  # a seed whose first rounds give a position (quick)
    writer.level.value = 1
    dealt = writer.deal()
    assert dealt is not None
    assert dealt["kind"] == "best"
    assert {"zh", "ru"} <= set(dealt)  # the dealt position's words in every language…
    assert "sjt-preview" in writer.result.value
    writer.prompt.value = "Your partner has led: what do you play?"
    assert writer.check() is not None
    assert "The search accepts " in writer.result.value  # what counts, not a learner's verdict on one play
    saved = writer.save()
    assert saved is not None
    puzzle = console.store.questions(console.code or "")[saved]
    assert (puzzle.kind, puzzle.prompt) == ("best", "Your partner has led: what do you play?")
    with use("zh"):  # …until the instructor writes their own: then theirs, in every language
        assert puzzle.prompt == "Your partner has led: what do you play?"
    assert puzzle.grade(puzzle.solve()).correct


def test_the_writer_forgets_what_no_longer_holds_and_refuses_the_same_question_twice(
    console: InstructorConsole,
) -> None:
    writer = console.writer
    for card in ("9H", "KH", "3S", "AH"):
        pick(writer, card)
        writer.place("trick")
    writer.prompt.value = "Who takes this one, class?"
    assert writer.check() is not None
    writer.suit.value = "H"  # another trump: the verdict shown was for spades
    assert writer.result.value == ""
    writer.suit.value = "S"
    saved = writer.save()
    assert saved is not None
    assert writer.prompt.value == ""  # the words were this question's; the cards stay for a variant
    writer.prompt.value = "Who takes this one, class?"
    assert writer.save() is None
    assert "The class has this question already (its question 1): nothing was saved." in writer.result.value
    writer.kind.value = "legal"
    assert writer.prompt.value == ""  # words written for another kind are not carried over
    pick(writer, "5H", "3C")
    writer.place("hand")
    pick(writer, "KH")
    writer.place("play")
    assert "K♥ is not all in the hand (5♥ 3♣)" in writer.result.value
    writer.hand = " ".join(["3C"] * 26)
    assert "a hand holds at most 25 cards" in " ".join(writer.draft.missing())
