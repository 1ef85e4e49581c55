"""The puzzle bank: schema, engine-computed answers, the checks of check-exercises, the generator."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_tutor import Card
from shengji_tutor.app.cli import main as cli
from shengji_tutor.puzzles import BankError, check_bank, load_bank
from shengji_tutor.puzzles.generate import GENERATED_KINDS, generate

BANK = load_bank()
KIND_FIELDS = {
    "legal": 'trump: 7C\n    leader: East\n    trick: ["8D 8D"]\n    hand: JD QD 3S 4S\n    play: JD QD',
}


def test_the_bank_has_at_least_60_puzzles_across_lessons_2_to_9() -> None:
    assert len(BANK) >= 60
    lessons = {p.lesson for p in BANK.values()}
    assert set(range(2, 10)) <= lessons
    for lesson in range(2, 10):
        puzzles = [p for p in BANK.values() if p.lesson == lesson]
        assert len(puzzles) >= 6, lesson
        assert {p.difficulty for p in puzzles} >= {1, 2, 3}, f"lesson {lesson} needs rising difficulty"
        assert all(p.hint for p in puzzles), f"lesson {lesson}: every puzzle has a hint"


def test_the_bank_passes_every_check() -> None:
    assert check_bank(BANK) == []


@pytest.mark.parametrize("pid", list(BANK))
def test_each_solution_is_graded_correct_with_a_rule(pid: str) -> None:
    puzzle = BANK[pid]
    grade = puzzle.grade(puzzle.solve())
    assert grade.correct
    assert "RULES" in grade.explanation


@pytest.mark.parametrize("pid", [p for p in BANK if BANK[p].spec.misconceptions])
def test_misconceptions_are_wrong_and_named(pid: str) -> None:
    puzzle = BANK[pid]
    for m in puzzle.spec.misconceptions:
        grade = puzzle.grade(m.answer)
        assert not grade.correct
        assert grade.explanation.startswith(m.says)


def test_answers_are_accepted_in_every_learner_form() -> None:
    play = next(p for p in BANK.values() if p.kind == "play")
    tokens = play.solve()
    assert play.grade(" ".join(tokens)).correct
    assert play.grade([Card.parse(t) for t in tokens]).correct
    yesno = next(p for p in BANK.values() if p.kind == "legal")
    answer = yesno.solve()
    assert yesno.grade(answer == "yes").correct
    assert yesno.grade(answer.upper()).correct


@pytest.mark.parametrize("bad", ["ZZ", None, 3.5, ["AS", 7]])
def test_unreadable_answers_are_graded_wrong_with_a_message(bad: object) -> None:
    play = next(p for p in BANK.values() if p.kind == "play")
    grade = play.grade(bad)
    assert not grade.correct
    assert "could not read" in grade.explanation


def write_topic(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "ex"
    folder.mkdir()
    (folder / "t.yaml").write_text("topic: t\nlesson: 4\ntitle: T\npuzzles:\n" + body, encoding="utf-8")
    return folder


def legal_puzzle(expect: str, extra: str = "", hand: str = "JD QD 3S 4S") -> str:
    return (
        '  - id: t-one\n    kind: legal\n    trump: 7C\n    leader: East\n    trick: ["8D 8D"]\n'
        f"    hand: {hand}\n    play: JD QD\n    prompt: Is this legal or not?\n    expect: {expect}\n{extra}"
    )


def test_check_exercises_accepts_a_good_bank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check-exercises", "--dir", str(write_topic(tmp_path, legal_puzzle("yes")))]) == 0
    assert "0 problems" in capsys.readouterr().out


def test_check_exercises_fails_when_the_engine_disagrees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check-exercises", "--dir", str(write_topic(tmp_path, legal_puzzle("no")))]) == 1
    assert "engine disagrees" in capsys.readouterr().err


def test_check_exercises_fails_on_impossible_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_topic(tmp_path, legal_puzzle("yes", hand="JD QD 8D 3S"))  # 8D 8D led + 8D held = 3 copies
    assert cli(["check-exercises", "--dir", str(folder)]) == 1
    assert "copies of 8D" in capsys.readouterr().err


def test_check_exercises_fails_on_a_schema_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_topic(tmp_path, legal_puzzle("yes", extra="    colour: red\n"))
    assert cli(["check-exercises", "--dir", str(folder)]) == 1
    assert "colour" in capsys.readouterr().err


def test_a_false_unique_claim_is_caught(tmp_path: Path) -> None:
    body = (
        '  - id: t-two\n    kind: play\n    trump: 7C\n    leader: West\n    trick: ["3S"]\n'
        "    hand: 9S 10S 4H\n    unique: true\n    prompt: What do you play here?\n"
    )
    problems = check_bank(load_bank(write_topic(tmp_path, body)))
    assert any("unique" in p for p in problems)


def test_a_play_puzzle_without_an_answer_is_caught(tmp_path: Path) -> None:
    body = (
        '  - id: t-three\n    kind: play\n    goal: win\n    trump: 7C\n    leader: West\n    trick: ["AS"]\n'
        "    hand: 9S 10S 4H\n    prompt: Win this trick if you can.\n"
    )
    problems = check_bank(load_bank(write_topic(tmp_path, body)))
    assert any("no play meets the goal" in p for p in problems)


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BankError, match="twice"):
        load_bank(write_topic(tmp_path, legal_puzzle("yes") + legal_puzzle("yes")))


@pytest.mark.parametrize("kind", GENERATED_KINDS)
def test_generated_puzzles_pass_the_banks_checks(kind: str) -> None:
    from shengji_tutor.puzzles import check_puzzle

    for seed in range(3):
        puzzle = generate(kind, None, seed=seed)
        assert check_puzzle(puzzle) == []
        assert puzzle.grade(puzzle.solve()).correct
        assert puzzle.difficulty in (1, 2, 3)


def test_generation_respects_the_difficulty() -> None:
    for level in (1, 2, 3):
        assert generate("winner", level, seed=level).difficulty == level


def test_generation_refuses_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="cannot generate"):
        generate("poker")
