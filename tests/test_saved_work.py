"""Nothing a learner did is lost on a reload: a coached hand, a Zheng Fen game and the practice streak are kept
in the learner's store and taken up again where they were; a switch that would end them asks first."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from benchmarks.app import decide_as
from shengji_tutor.course.steps import Step
from shengji_tutor.course.zhengfen_table import ZhengFenTable
from shengji_tutor.engine.rules import RuleSet
from shengji_tutor.engine.seats import SOUTH
from shengji_tutor.play.bots import HeuristicBot
from shengji_tutor.play.coached_hand import CoachedHand
from shengji_tutor.play.record import RecordError
from shengji_tutor.play.search import Budget
from shengji_tutor.store.progress import ProgressStore
from shengji_tutor.store.schema import StoreError
from shengji_tutor.ui.coach import CoachedGame
from shengji_tutor.zhengfen import GameRecordError as ZhengFenRecordError
from shengji_tutor.zhengfen.seated import SeatedGame

if TYPE_CHECKING:  # a type only: a process this file spawns must not import tests/conftest.py,
    from conftest import Migrations  # which the repository's own conftest.py hides when it runs under pytest-xdist

QUICK = Budget(samples=4, candidates=4)
BOT = HeuristicBot()


@pytest.fixture
def refusing_store(learner: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    """The page's learner, whose store refuses to keep work in progress (a database gone read-only)."""

    def refuse(self: ProgressStore, place: str, state: str) -> None:
        raise StoreError("the database is read-only")

    monkeypatch.setattr(ProgressStore, "save_work", refuse)
    return learner


def decide(game: CoachedGame, times: int) -> None:
    """Make ``times`` of the learner's decisions as the heuristic bot would (declaring when it can)."""
    for _ in range(times):
        if game.awaiting is None:
            return
        decide_as(game, BOT, declare=True)


def shown(game: CoachedGame) -> tuple[object, ...]:
    """What the learner sees of a hand: the table, the hand, the status line, the verdict and the summary."""
    return (
        game.table.plays,
        game.table.leader,
        [str(c) for c in game.round.hand(SOUTH)],
        game.status.value,
        game.verdict.value,
        game.summary.value,
        game.awaiting,
    )


def without_runs(game: CoachedGame) -> list[object]:
    """The decisions with their verdicts, less each option's per-deal runs (a saved verdict keeps its figures)."""
    out: list[object] = []
    for d in game.decisions:
        a = d.assessment
        options = None if a is None else [(o.choice, o.value, o.loss, o.error, o.status, o.detail) for o in a.options]
        out.append((d.kind, d.choice, d.view, d.position, d.hints, options, None if a is None else a.reasons))
    return out


# -- the coached hand ------------------------------------------------------------------------------------


@pytest.mark.parametrize("decisions", [0, 1, 3, 8])
def test_a_saved_hand_resumes_where_it_was_with_its_verdicts(decisions: int) -> None:
    game = CoachedGame(CoachedHand(seed=9, grading=QUICK))  # South deals: declares, buries, plays
    decide(game, decisions)
    text = game.saved()
    again = CoachedGame(
        CoachedHand(seed=123, grading=QUICK)
    )  # a new page: another hand dealt, then the saved one taken up
    again.resume(text)
    assert without_runs(again) == without_runs(game)
    assert shown(again)[:3] == shown(game)[:3]
    assert again.round.history == game.round.history
    assert again.awaiting == game.awaiting
    assert "Welcome back" in again.coach.value
    assert again.saved() == text  # what is saved again is what was saved
    decide(game, 2)  # both go on the same way: the same bots, the same cards
    decide(again, 2)
    assert again.round.history == game.round.history


def test_undo_and_the_next_hands_go_on_after_a_resume() -> None:
    game = CoachedGame(CoachedHand(seed=9, grading=None))
    decide(game, 5)
    again = CoachedGame(CoachedHand(grading=None))
    again.resume(game.saved())
    for played in (game, again):
        played.undo()
        played.undo()
    assert again.round.history == game.round.history
    assert [d.kind for d in again.decisions] == [d.kind for d in game.decisions]
    game.new_hand()
    again.new_hand()  # the series goes on: the same next deal as if the page had never been reloaded
    assert again.round.deals == game.round.deals


def test_a_finished_hand_resumes_with_its_summary_and_is_not_kept_twice() -> None:
    kept: list[str] = []

    class Keeper:
        def keep_mistake(self, position: str, answer: str, grade: str, loss: float) -> int:
            kept.append(answer)
            return len(kept)

    game = CoachedGame(CoachedHand(seed=4, grading=QUICK, keeper=Keeper()))
    while game.awaiting is not None:
        decide(game, 1)
    assert game.round.done
    count = len(kept)
    again = CoachedGame(CoachedHand(grading=QUICK, keeper=Keeper()))
    again.resume(game.saved())
    assert again.round.done
    assert "Your accuracy" in again.summary.value
    assert again.summary.value == game.summary.value
    assert len(kept) == count  # resuming does not keep the hand's mistakes again
    assert "how it ended" in again.coach.value


def test_a_hand_saved_by_the_version_before_is_taken_up_where_it_was() -> None:
    """Format 1 kept the deal's bookkeeping (who was asked to declare) beside each decision; the round knows it now."""
    game = CoachedGame(CoachedHand(seed=9, grading=QUICK))
    decide(game, 4)
    data = json.loads(game.saved())
    data["format"] = 1
    data |= {"asked": 0, "paused": None, "shown": 0}
    for row in data["decisions"]:
        row["before"] = [row["before"], 0, None, 0]
    again = CoachedGame(CoachedHand(seed=5, grading=QUICK))
    again.resume(json.dumps(data))
    assert again.saved() == game.saved()
    assert shown(again) == shown(game)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "not json",
        "[]",
        '{"format": 99}',
        "position",
        "history",
        "explained",
        "old place",
        "decision kind",
        "verdict",
        "rng",
    ],
)
def test_a_saved_hand_that_cannot_be_read_is_refused_by_name_and_changes_nothing(bad: str) -> None:
    game = CoachedGame(CoachedHand(seed=9, grading=QUICK))
    decide(game, 4)
    data = json.loads(game.saved())
    if bad == "position":
        position = json.loads(data["position"])
        position["history"][-1]["cards"] = "BJ BJ BJ"  # a play the engine refuses: West holds no such cards
        data["position"] = json.dumps(position)
    elif bad == "history":
        data["decisions"][0]["before"] = 10_000
    elif bad == "explained":
        data["explained"] = -1
    elif bad == "old place":
        data["format"] = 1
        data["decisions"][0]["before"] = "early"
    elif bad == "decision kind":
        data["decisions"][0]["kind"] = "cheat"
    elif bad == "verdict":
        graded = next(d for d in data["decisions"] if d["assessment"] is not None)
        graded["assessment"]["options"][0]["loss"] = "a lot"
    elif bad == "rng":
        data["rng"] = [3, [1, 2], None]
    text = bad if bad in ("", "not json", "[]", '{"format": 99}') else json.dumps(data)
    other = CoachedGame(CoachedHand(seed=5, grading=QUICK))
    decide(other, 2)
    before = (other.saved(), shown(other))
    with pytest.raises(RecordError, match=r"saved|record|position|not|format|hand"):
        other.resume(text)
    assert (other.saved(), shown(other)) == before


def test_every_change_of_the_hand_is_handed_to_on_save_and_a_failure_is_said() -> None:
    saves: list[str] = []
    answer = [""]

    def save(text: str) -> str:
        saves.append(text)
        return answer[0]

    game = CoachedGame(CoachedHand(seed=9, grading=None), on_save=save)
    assert len(saves) == 1  # the hand dealt
    decide(game, 2)
    assert len(saves) == 3
    game.undo()
    assert len(saves) == 4
    assert saves[-1] == game.saved()
    assert game.save_note.value == ""
    answer[0] = "the disk is full"  # the store's reason
    decide(game, 1)
    assert "the disk is full" in game.save_note.value
    assert "a reload would deal a new one" in game.save_note.value
    answer[0] = ""
    decide(game, 1)
    assert game.save_note.value == ""


def test_a_refused_decision_saves_nothing() -> None:
    saves: list[str] = []
    game = CoachedGame(CoachedHand(seed=9, grading=None), on_save=lambda t: saves.append(t) or "")
    while game.awaiting != "play":
        decide(game, 1)
    count = len(saves)
    game.play(["BJ", "BJ", "BJ"])  # not in the hand
    assert len(saves) == count


# -- the page: lesson 10's hand comes back after a reload -----------------------------------------------


def test_lesson_10s_hand_comes_back_after_a_reload(learner: ProgressStore) -> None:
    from shengji_tutor.course.coached import play_a_hand

    game = play_a_hand()
    decide(game, 3)
    history = game.round.history
    assert learner.work("hand") is not None
    again = play_a_hand()  # the page reloaded: a new kernel, the same learner
    assert again.round.history == history
    assert len(again.decisions) == 3
    assert "Welcome back" in again.coach.value


def test_an_address_asking_for_another_series_deals_it(learner: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.course.coached import play_a_hand

    monkeypatch.setenv("QUERY_STRING", "seed=4")
    game = play_a_hand()
    decide(game, 3)
    assert play_a_hand().round.history == game.round.history  # the same address: resumed
    monkeypatch.setenv("QUERY_STRING", "seed=5")
    other = play_a_hand()
    assert other.decisions == []
    assert other.round.deals == CoachedGame(CoachedHand(seed=5, grading=None)).round.deals


def test_each_page_keeps_its_own_hand(learner: ProgressStore) -> None:
    from shengji_tutor.course.coached import play_a_hand

    mine = play_a_hand()
    decide(mine, 2)
    five = play_a_hand(rules=RuleSet(players=5), seed=13, saved_as="five-player-hand", lesson=None)
    decide(five, 1)
    assert play_a_hand().round.history == mine.round.history
    assert play_a_hand(rules=RuleSet(players=5), seed=13, saved_as="five-player-hand").round.history == (
        five.round.history
    )


def test_a_saved_hand_the_engine_refuses_deals_a_new_one(learner: ProgressStore) -> None:
    from shengji_tutor.course.coached import play_a_hand

    learner.save_work("hand", json.dumps({"format": 1, "position": "{}"}))
    game = play_a_hand()  # the page opens with a new hand rather than an error
    assert game.decisions == []
    assert game.awaiting is not None


def test_a_finished_hand_marks_lesson_10_done(learner: ProgressStore) -> None:
    from shengji_tutor.course.coached import play_a_hand

    game = play_a_hand()
    game.grading = None
    assert learner.lessons_done() == set()
    while game.awaiting is not None:
        decide(game, 1)
    assert learner.lessons_done() == {"play-a-hand"}


def test_a_store_that_cannot_save_the_hand_says_so_and_the_hand_goes_on(refusing_store: ProgressStore) -> None:
    from shengji_tutor.course.coached import play_a_hand

    game = play_a_hand(seed=9)
    decide(game, 2)
    assert len(game.decisions) == 2
    assert "could not be saved: the database is read-only" in game.save_note.value


# -- new house rules while a hand is under way ------------------------------------------------------------


def test_new_house_rules_ask_before_ending_a_hand_under_way() -> None:
    chosen: list[RuleSet] = []
    game = CoachedGame(CoachedHand(seed=9, grading=None), on_rules=chosen.append)
    decide(game, 3)
    history = game.round.history
    game.house_rules.decks.value = 3
    assert game.confirm.layout.display != "none"
    assert "3 decisions" in game.confirm.text.value
    assert game.round.history == history  # nothing dealt yet
    assert chosen == []
    game.confirm.no_button.click()
    assert game.confirm.layout.display == "none"
    assert game.house_rules.rules == game.rules == RuleSet()
    assert game.house_rules.decks.value == 2  # the chooser back on the rules in play
    assert game.round.history == history
    game.house_rules.decks.value = 3
    game.confirm.yes_button.click()
    assert game.rules.decks == 3
    assert game.round.rules.decks == 3
    assert game.decisions == []
    assert chosen == [RuleSet(decks=3)]
    assert game.confirm.layout.display == "none"


def test_new_house_rules_before_any_decision_deal_at_once() -> None:
    game = CoachedGame(CoachedHand(seed=9, grading=None))
    game.house_rules.decks.value = 3
    assert game.round.rules.decks == 3
    assert game.confirm.layout.display == "none"


# -- the store ------------------------------------------------------------------------------------------


def test_work_is_kept_per_learner_and_place_and_replaced(url: str) -> None:
    ana, bo = ProgressStore(url=url, learner="ana"), ProgressStore(url=url, learner="bo")
    assert ana.work("hand") is None
    ana.save_work("hand", '{"a": 1}')
    ana.save_work("zhengfen", '{"z": 1}')
    ana.save_work("hand", '{"a": 2}')
    assert ProgressStore(url=url, learner="ana").work("hand") == '{"a": 2}'
    assert ana.work("zhengfen") == '{"z": 1}'
    assert bo.work("hand") is None
    ana.forget_work("hand")
    assert ana.work("hand") is None
    assert ana.work("zhengfen") == '{"z": 1}'


@pytest.mark.parametrize(
    ("place", "state", "says"),
    [
        ("Hand", "{}", "lower-case letters"),
        ("", "{}", "lower-case letters"),
        ("x" * 41, "{}", "1 to 40"),
        ("hand", "[1]", "a JSON object"),
        ("hand", "not json", "not JSON"),
        ("hand", '{"a": "\x00"}', "not JSON"),
        ("hand", '{"a": "' + "x" * 2_000_001 + '"}', "at most"),
        ("hand", 42, "JSON text"),
    ],
)
def test_bad_work_is_refused_by_name_and_keeps_what_was_kept(
    tmp_path: Path, place: str, state: object, says: str
) -> None:
    store = ProgressStore(tmp_path / "p.sqlite")
    store.save_work("hand", '{"kept": true}')
    with pytest.raises(StoreError, match=says):
        store.save_work(place, state)  # type: ignore[arg-type]
    assert store.work("hand") == '{"kept": true}'


def test_lessons_done_are_kept_once_per_learner(url: str) -> None:
    store = ProgressStore(url=url, learner="ana")
    store.finish_lesson("start-here")
    store.finish_lesson("start-here")
    store.finish_lesson("play-a-hand")
    assert ProgressStore(url=url, learner="ana").lessons_done() == {"start-here", "play-a-hand"}
    assert ProgressStore(url=url, learner="bo").lessons_done() == set()
    with pytest.raises(StoreError, match="a lesson is named"):
        store.finish_lesson("Start Here!")


def test_a_store_that_cannot_be_read_has_no_work_and_the_page_opens(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    store = ProgressStore(path)
    store.save_work("hand", "{}")
    store.finish_lesson("start-here")
    path.unlink()
    store.engine.dispose()
    path.mkdir()  # the file is gone and a folder holds its name: nothing can be read
    assert store.work("hand") is None
    assert store.lessons_done() == set()


def test_migration_0006_adds_the_work_and_lessons_done_and_takes_them_back(migrations: Migrations) -> None:
    added = {"work_in_progress", "lessons_done"}
    migrations.alembic("upgrade", "0005")
    assert not added & migrations.tables()
    store = ProgressStore(url=migrations.url)  # a store at 0005 is upgraded when it is opened
    store.save_work("hand", "{}")
    store.finish_lesson("start-here")
    assert added <= migrations.tables()
    migrations.alembic("downgrade", "0005")
    assert not added & migrations.tables()
    migrations.alembic("upgrade", "head")
    assert ProgressStore(url=migrations.url).work("hand") is None


# -- Zheng Fen ---------------------------------------------------------------------------------------------


def play_turns(table: ZhengFenTable, turns: int, seed: int = 1) -> None:
    """The learner's next ``turns`` turns: a legal play, or now and then a pass."""
    rng = random.Random(seed)
    for _ in range(turns):
        if table.game.done:
            return
        plays = table.legal_plays()
        if table.game.table is not None and (not plays or rng.random() < 0.3):
            assert table.pass_turn()
        else:
            assert table.play(rng.choice(plays).cards)


def seen(table: ZhengFenTable) -> tuple[object, ...]:
    return (
        table.status.value,
        table.pile_view.value,
        table.news.value,
        table.scores.value,
        table.hand_result.value,
        [str(c) for c in table.game.hands[table.seat]],
        table.players.value,
    )


@pytest.mark.parametrize(("players", "turns"), [(4, 0), (4, 5), (3, 40), (6, 12)])
def test_a_saved_zheng_fen_game_resumes_as_it_was(players: int, turns: int) -> None:
    table = ZhengFenTable(SeatedGame(seed=7, players=players))
    play_turns(table, turns)
    again = ZhengFenTable(SeatedGame(seed=1))
    again.resume(table.saved())
    assert seen(again) == seen(table)
    assert again.game.history == table.game.history
    assert again.game.scores == table.game.scores
    assert again.saved() == table.saved()
    assert "Welcome back" in again.verdict.value
    play_turns(table, 3, seed=2)
    play_turns(again, 3, seed=2)
    assert again.game.history == table.game.history


def test_a_zheng_fen_game_played_in_asks_before_a_new_table_after_a_resume() -> None:
    table = ZhengFenTable(SeatedGame(seed=7))
    play_turns(table, 2)
    again = ZhengFenTable(SeatedGame(seed=7))
    again.resume(table.saved())
    again.players.value = 5  # the learner's moves count after a reload too
    assert again.confirm.asking
    assert again.game.rules.players == 4


@pytest.mark.parametrize("bad", ["", "[]", '{"format": 2}', "seat", "cards"])
def test_a_saved_zheng_fen_game_that_cannot_be_read_is_refused_and_changes_nothing(bad: str) -> None:
    table = ZhengFenTable(SeatedGame(seed=7))
    play_turns(table, 4)
    data = json.loads(table.saved())
    if bad == "seat":
        data["history"][0]["seat"] = "north"
    elif bad == "cards":
        data["history"][-1] = {"action": "play", "seat": data["history"][-1]["seat"], "cards": "BJ BJ BJ BJ"}
    text = json.dumps(data) if bad in ("seat", "cards") else bad
    other = ZhengFenTable(SeatedGame(seed=3))
    play_turns(other, 2)
    before = (other.saved(), seen(other))
    with pytest.raises(ZhengFenRecordError, match="Zheng Fen game"):
        other.resume(text)
    assert (other.saved(), seen(other)) == before


def test_lesson_12s_game_comes_back_after_a_reload(learner: ProgressStore) -> None:
    from shengji_tutor.course.zhengfen_table import zheng_fen_game

    table = zheng_fen_game(seed=12)
    play_turns(table, 6)
    table.players.value = 3
    table.confirm.yes_button.click()  # a new table of three, asked and answered
    play_turns(table, 3)
    again = zheng_fen_game(seed=12)  # the page reloaded
    assert again.game.rules.players == 3
    assert again.game.history == table.game.history
    learner.save_work("zhengfen", '{"format": 1, "seed": 1, "players": 9, "history": []}')
    fresh = zheng_fen_game(seed=12)  # a game the engine refuses: a new game rather than an error
    assert fresh.game.rules.players == 4
    assert fresh.game.history == ZhengFenTable(SeatedGame(seed=12)).game.history


def test_a_zheng_fen_game_the_store_cannot_keep_says_so(refusing_store: ProgressStore) -> None:
    from shengji_tutor.course.zhengfen_table import zheng_fen_game

    table = zheng_fen_game(seed=12)
    play_turns(table, 1)
    assert "could not be saved: the database is read-only" in table.save_note.value


# -- the practice streak -----------------------------------------------------------------------------------


def test_the_practice_streak_and_best_come_back_after_a_reload(learner: ProgressStore) -> None:
    from test_course import solve_in_the_page

    from shengji_tutor.course.practice import practice

    widget = practice(seed=3)
    solve_in_the_page(widget)
    widget.next()
    solve_in_the_page(widget)
    assert (widget.streak, widget.best) == (2, 2)
    again = practice(seed=4)  # the page reloaded
    assert (again.streak, again.best) == (2, 2)
    assert "Streak: <strong>2</strong>" in again.counter.value
    again.card.show_hint()
    solve_in_the_page(again)  # with a hint: the streak ends, the best stays
    assert (practice(seed=5).streak, practice(seed=5).best) == (0, 2)


@pytest.mark.parametrize("kept", ['{"streak": "ten"}', '{"streak": 5, "best": 2}', '{"streak": -1, "best": 0}'])
def test_a_kept_streak_that_is_not_one_starts_at_zero(learner: ProgressStore, kept: str) -> None:
    from shengji_tutor.course.practice import practice

    learner.save_work("practice", kept)
    widget = practice(seed=3)
    assert (widget.streak, widget.best) == (0, 0)


# -- lessons without puzzles are marked done on the home page's path ------------------------------------------


def lesson_one_steps() -> list[Step]:
    """Lesson 1's page begun: its header, then two of its questions."""
    from shengji_tutor.course import lesson_header
    from shengji_tutor.course.round_questions import partner_question, takeover_question

    lesson_header(1)
    return [Step(partner_question(2), "Partners sit opposite (RULES §1)."), Step(takeover_question(), "80 (RULES §9).")]


def test_lesson_1_is_finished_when_every_question_is_answered(learner: ProgressStore) -> None:
    from shengji_tutor.course import finish_line, home

    first, second = lesson_one_steps()
    line = finish_line(1)
    assert "0 of 2 questions of this lesson answered: 2 to go" in line.value
    assert "Lesson 1, Start here: the game in five minutes" in home().value
    assert first.answer("North").correct  # South's partner, first try
    assert "1 of 2 questions of this lesson answered: 1 to go" in line.value
    assert learner.lessons_done() == set()
    second.reveal()  # "Show me" finishes a question too
    assert learner.lessons_done() == {"start-here"}
    assert "Lesson 1 complete: Start here" in line.value
    assert "answered all 2 questions, 1 of them on the first try" in line.value
    assert 'rel="next"' in line.value
    assert "review" not in line.value  # a lesson's questions do not come back in the review
    page = home().value
    assert "Lesson 1, Start here: finished (the game in five minutes)" in page
    assert "✓ Finished · the game in five minutes" in page
    assert "Lesson 10, Play a hand: a whole round against three bots" in page  # not finished yet


def test_a_lesson_page_counts_only_its_own_steps(learner: ProgressStore) -> None:
    from shengji_tutor.course import finish_line, lesson_header
    from shengji_tutor.course.round_questions import partner_question

    Step(partner_question(2), "from another page (RULES §1).")  # a lesson run before, in the same kernel
    lesson_one_steps()
    assert "0 of 2 questions" in finish_line(1).value
    lesson_header(1)
    assert finish_line(1).value == ""  # no questions: nothing to finish, nothing marked
    assert learner.lessons_done() == set()


def test_a_finished_hand_marks_lesson_10_on_the_path(learner: ProgressStore) -> None:
    from shengji_tutor.course import home

    learner.finish_lesson("play-a-hand")
    assert "Lesson 10, Play a hand: finished (a whole round against three bots)" in home().value


def test_a_hand_begun_in_chinese_reads_in_english_after_a_switch_every_sentence() -> None:
    """Issue 41: a saved hand keeps its verdicts as what they are made of, not as sentences; read on an English page
    it says every reason, the verdict, the summary and the status as a hand played in English says them."""
    from shengji_tutor.i18n import use

    with use("zh"):
        chinese = CoachedGame(CoachedHand(seed=9, grading=QUICK))
        decide(chinese, 60)  # to the end of the hand: every kind of verdict it has, and the summary
        saved = chinese.saved()
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese.verdict.value)  # it was read in Chinese
    with use("en"):
        english = CoachedGame(CoachedHand(seed=9, grading=QUICK))
        decide(english, 60)
        again = CoachedGame(CoachedHand(seed=5, grading=QUICK))
        again.resume(saved)
        assert [d.assessment.reasons for d in again.decisions if d.assessment] == [
            d.assessment.reasons for d in english.decisions if d.assessment
        ]
        assert shown(again)[3:6] == shown(english)[3:6]  # the status line, the verdict and the summary
