"""The puzzle bank: schema, engine-computed answers, the checks of check-exercises, the generator."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import pytest

import shengji_tutor
from shengji_tutor import Card
from shengji_tutor.app.cli import main as cli
from shengji_tutor.puzzles import KINDS, BankError, Puzzle, PuzzleView, check_bank, check_puzzle, load_bank
from shengji_tutor.puzzles.base import Answer, Solution, Topic, kind_classes
from shengji_tutor.puzzles.generate import GENERATED_KINDS, generate
from shengji_tutor.puzzles.schema import SpecBase

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


@pytest.mark.slow
@pytest.mark.parametrize(
    "kind", [k for k in GENERATED_KINDS if k != "best"]
)  # best: one per difficulty in test_generate
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


# -- one class per kind, behind one protocol -----------------------------------------------------


def test_every_kind_has_exactly_one_class() -> None:
    classes = kind_classes()
    per_kind = Counter(cls.kind for cls in classes.values())
    assert {kind: per_kind[kind] for kind in KINDS} == dict.fromkeys(KINDS, 1)
    for puzzle in BANK.values():
        assert type(puzzle) is classes[type(puzzle.spec)]
        assert puzzle.kind == puzzle.spec.kind


class RiddleSpec(SpecBase):
    kind: Literal["riddle"]
    points: int


def test_a_new_spec_type_is_one_class_away() -> None:
    class RiddlePuzzle(Puzzle, spec_type=RiddleSpec):
        spec: RiddleSpec
        answer_kind = "number"

        def solve(self) -> Solution:
            return self.spec.points

        def judge(self, answer: Answer) -> tuple[bool, str]:
            return self._is_solution(answer), "Kings score 10 (RULES §2)."

    spec = RiddleSpec(id="riddle-king", kind="riddle", prompt="How much does a king score?", points=10)
    puzzle = Puzzle.from_spec(spec, Topic("riddles", 2, "Riddles"))
    assert isinstance(puzzle, RiddlePuzzle)
    assert puzzle.kind == "riddle"
    assert puzzle.grade(" 10 ").correct
    assert not puzzle.grade(5).correct
    assert puzzle.view() == PuzzleView(puzzle.trump)
    assert check_puzzle(puzzle) == []
    with pytest.raises(TypeError, match="already RiddlePuzzle"):

        class RiddleAgain(Puzzle, spec_type=RiddleSpec):
            pass


def test_a_spec_without_a_class_is_refused() -> None:
    class OrphanSpec(SpecBase):
        kind: Literal["orphan"]

    with pytest.raises(BankError, match="no puzzle class reads a OrphanSpec"):
        Puzzle.from_spec(OrphanSpec(id="orphan", kind="orphan", prompt="Nobody reads this one."), Topic("t", 2, "T"))


@pytest.mark.parametrize("pid", list(BANK))
def test_the_view_is_plain_data_that_holds_the_answer(pid: str) -> None:
    puzzle = BANK[pid]
    view = puzzle.view()
    assert isinstance(view, PuzzleView)
    hash(view)  # frozen, tuples all the way down: nothing on screen can change the puzzle
    assert all(isinstance(c, Card) for c in view.hand)
    assert "<" not in view.context
    if puzzle.answer_kind in ("cards", "order"):  # the learner can pick the solution from the cards shown
        assert not Counter(puzzle.solve()) - Counter(str(c) for c in view.hand)


def test_no_module_outside_the_puzzles_reads_a_puzzles_private_fields() -> None:
    root = Path(shengji_tutor.__file__).parent
    offenders = []
    for path in sorted(root.rglob("*.py")):
        if "puzzles" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                owner = ast.unparse(node.value)
                if "puzzle" in owner.rsplit(".", 1)[-1].lower():
                    offenders.append(f"{path.relative_to(root)}:{node.lineno} {ast.unparse(node)}")
    assert offenders == []


# -- every answer in one canonical form ----------------------------------------------------------


def puzzle_of(kind: str, answer_kind: str) -> Puzzle:
    return next(p for p in BANK.values() if p.kind == kind and p.answer_kind == answer_kind)


H4, H8 = Card.parse("4H"), Card.parse("8H")


@pytest.mark.parametrize(
    ("kind", "answer_kind", "answers", "canonical"),
    [
        ("play", "cards", ["8H 4H", "4H 8H", "4h,8h", [H8, H4], ["8H", "4H"]], "4H 8H"),
        ("throw", "cards", ["10s 10s 9s", "9S, 10S, 10S", "9S TS 10S"], "9S 10S 10S"),
        ("order", "order", ["8H 4H", "8h,4h", [H8, H4]], "8H 4H"),
        ("order", "order", ["4H 8H", [H4, H8]], "4H 8H"),
        ("winner", "seat", ["North", " north ", "NORTH", 0], "North"),
        ("dealer", "seat", ["east", 3], "East"),
        ("points", "number", [45, "45", " 45 ", "045"], "45"),
        ("points", "number", [-5, "-5"], "-5"),
        ("legal", "yesno", ["yes", "Y", " YES ", "true", True], "yes"),
        ("declare", "yesno", ["no", "n", "False", False], "no"),
        ("throw", "yesno", ["y", True], "yes"),
    ],
)
def test_canonical_answer_per_kind(kind: str, answer_kind: str, answers: list[Any], canonical: str) -> None:
    puzzle = puzzle_of(kind, answer_kind)
    assert {puzzle.canonical_answer(a) for a in answers} == {canonical}
    assert puzzle.canonical_answer(canonical) == canonical  # the canonical form reads as itself


@pytest.mark.parametrize(
    ("answer_kind", "bad", "message"),
    [
        ("cards", "ZZ", "cannot read card 'ZZ'"),
        ("cards", None, "card string or a list of cards"),
        ("cards", ["AS", 7], "item 2 is not a card"),
        ("order", 3.5, "card string or a list of cards"),
        ("seat", "Northeast", "choose a seat"),
        ("seat", True, "choose a seat"),
        ("seat", 4, "choose a seat"),
        ("number", "many", "a whole number is needed"),
        ("number", 4.5, "a whole number is needed"),
        ("number", True, "a number is needed"),
        ("yesno", "maybe", "answer yes or no"),
        ("yesno", 1, "answer yes or no"),
    ],
)
def test_an_unreadable_answer_says_why(answer_kind: str, bad: object, message: str) -> None:
    puzzle = next(p for p in BANK.values() if p.answer_kind == answer_kind)
    with pytest.raises(ValueError, match=message):
        puzzle.canonical_answer(bad)


@pytest.mark.parametrize("pid", list(BANK))
def test_grading_reads_answers_through_the_canonical_form(pid: str) -> None:
    puzzle = BANK[pid]
    solution = puzzle.solve()
    assert puzzle.grade(puzzle.canonical_answer(solution)).correct
    if puzzle.answer_kind == "cards":
        assert isinstance(solution, list)
        assert puzzle.grade(list(reversed(solution))).correct
    for m in puzzle.spec.misconceptions:  # a misconception is recognised in any form of its answer
        shown = puzzle.canonical_answer(m.answer)
        variant = " ".join(reversed(shown.split())) if puzzle.answer_kind == "cards" else shown.lower()
        assert puzzle.grade(variant).explanation.startswith(m.says)


@pytest.mark.parametrize("pid", [p for p in BANK if BANK[p].rules.decks != 2])
def test_a_puzzle_with_other_decks_hears_of_its_own_numbers(pid: str) -> None:
    """The hints the course writes (the idea, the last rung) and its verdicts read the puzzle's rules: one deck takes
    over at 40 and holds 100 points, not two decks' 80 and 200. (An author's own text may contrast the two.)"""
    import re

    from shengji_tutor.puzzles.teaching import idea

    puzzle = BANK[pid]
    line, total = 2 * puzzle.rules.step, puzzle.rules.total_points
    wrong = {n for n in (80, 200) if n not in (line, total)}
    steps = puzzle.hint_steps()
    written = [idea(puzzle), steps[-1].text, puzzle.grade(puzzle.solve()).explanation]
    authored = [puzzle.spec.explain or "", puzzle.spec.hint or "", *(m.says for m in puzzle.spec.misconceptions)]
    for text in written:
        for part in authored:
            text = text.replace(part, "")
        found = {int(n) for n in re.findall(r"(?<![\d−-])\b(\d+)\b", text)} & wrong
        assert not found, f"{pid} says {sorted(found)} (its line is {line}, its decks hold {total}): {text!r}"
        assert not re.search(r"\b1 decks\b|\b0 levels\b", text), text


def test_the_idea_of_a_level_puzzle_names_the_tables_own_line() -> None:
    from shengji_tutor.puzzles.teaching import idea

    ones = [p for p in BANK.values() if p.kind == "level" and p.rules.decks == 1]
    twos = [p for p in BANK.values() if p.kind == "level" and p.rules.decks == 2]
    assert ones
    assert twos
    assert all("below 40 the declarers climb" in idea(p) for p in ones)
    assert all("below 80 the declarers climb" in idea(p) for p in twos)


def test_a_declaring_puzzle_before_any_declaration_shows_no_trump() -> None:
    """Lesson 9: "nobody has declared" must not sit under a header that names a trump suit, nor beside a hand
    whose aces are framed as trumps."""
    undeclared = [p for p in BANK.values() if p.kind == "declare" and not p.spec.declared]
    assert undeclared
    for puzzle in undeclared:
        view = puzzle.view()
        assert "Nobody has declared" in view.context
        assert "trump suit" in view.context
        assert "are trump" not in view.context
        assert not view.mark_trumps
    standing = BANK["declaring-single-over-single"].view()
    assert "The declaration standing: 2♠" in standing.context


def test_a_puzzle_that_speaks_of_fines_says_they_are_a_house_rule() -> None:
    """Lesson 7 says this course's table fines no failed throw: a puzzle with fines names them a house rule."""
    import re

    from shengji_tutor.course.catalogue import LESSONS

    for puzzle in BANK.values():
        prompt = puzzle.spec.prompt
        if re.search(r"penalt|\bfine", prompt, re.I):
            assert "house rule" in prompt or puzzle.rules.throw_penalty or puzzle.rules.red_five, puzzle.id
    assert "penalt" not in next(lesson.title for lesson in LESSONS if lesson.number == 7).lower()


def test_a_winner_puzzle_and_the_lesson_step_tell_a_wrong_seat_the_same_thing() -> None:
    """Issue 41 item 1: "who wins this trick?" is judged once, where the rule is (``TrickResult.why_not``). A wrong
    seat in a bank puzzle is told, first, what lesson 3's step says of that seat on the same trick (unless its author
    wrote words for that very answer: a misconception)."""
    from shengji_tutor.course.questions import who_wins
    from shengji_tutor.puzzles.kinds.winner import WinnerPuzzle

    told = 0
    for puzzle in BANK.values():
        if not isinstance(puzzle, WinnerPuzzle):
            continue
        step = who_wins(puzzle.trick, puzzle.trump, leader=puzzle.leader, rules=puzzle.rules)
        for seat in puzzle.names[: len(puzzle.trick)]:
            right, why = step.judge(seat)
            grade = puzzle.grade(seat)
            assert grade.correct == right
            if not right and grade.misconception is None:  # else the author's words for that very answer
                assert grade.mistake is not None
                assert why in grade.mistake, (puzzle.id, seat)
                told += 1
    assert told >= 20


def test_a_points_puzzle_and_the_lesson_step_tell_a_wrong_count_the_same_thing() -> None:
    """Issue 41 item 1: counting points is judged and worded once (``scoring.points_counted`` and
    ``points_miscounted``): a bank puzzle counting cards tells a wrong count, first, what lesson 1's step says of it."""
    from shengji_tutor.course.questions import count_points
    from shengji_tutor.puzzles.kinds.points import PointsPuzzle

    told = 0
    for puzzle in BANK.values():
        if not isinstance(puzzle, PointsPuzzle) or puzzle.spec.count != "cards":
            continue
        cards = puzzle._cards(puzzle.spec.cards, "cards") + [c for play in puzzle.trick for c in play]
        step = count_points(cards)
        right = int(str(puzzle.solve()))
        tens = sum(1 for c in cards if c.rank == "10")
        for given in {right - 5, right + 5, right - 5 * tens, right + 10} - {right}:
            ok, why = step.judge(str(given))
            grade = puzzle.grade(str(given))
            assert not ok
            assert not grade.correct
            if grade.misconception is not None:  # the author's words for that very answer
                continue
            assert grade.mistake is not None
            assert why in grade.mistake, (puzzle.id, given)
            told += 1
        assert step.judge(str(right)) == puzzle.judge(str(right))  # and a right count the same sum
    assert told >= 15


def test_a_tractor_puzzle_and_the_lesson_step_say_the_same_of_the_same_cards() -> None:
    """Issue 41 item 1: whether cards are a tractor is explained once (``engine.tractors.tractor_reason``): lesson
    5's step, shown the cards of a bank puzzle picked from a hand, says what the puzzle says of them."""
    from itertools import pairwise

    from shengji_tutor.course.questions import pick_tractor
    from shengji_tutor.engine.units import is_tractor
    from shengji_tutor.puzzles.kinds.tractor import TractorPuzzle

    compared = 0
    for puzzle in BANK.values():
        if not isinstance(puzzle, TractorPuzzle) or len(puzzle.cards) != 4:
            continue
        trump, rules = puzzle.trump, puzzle.rules
        hand = list(puzzle.cards)
        if not is_tractor(hand, trump, rules):  # give the step's hand a tractor to pick as well
            extra = next(
                [Card(a, s), Card(a, s), Card(b, s), Card(b, s)]
                for s in "SHDC"
                for a, b in pairwise("3456789")
                if is_tractor([Card(a, s), Card(a, s), Card(b, s), Card(b, s)], trump, rules)
                and all(hand.count(Card(r, s)) == 0 for r in (a, b))
            )
            hand += extra
        step = pick_tractor(hand, trump, rules=rules)
        picked = " ".join(str(c) for c in puzzle.cards)
        assert step.judge(picked) == (puzzle.solve() == "yes", puzzle.judge(puzzle.solve())[1]), puzzle.id
        compared += 1
    assert compared >= 5


def test_an_authors_misconception_is_said_instead_of_the_kinds_own_words() -> None:
    """A wrong answer the author foresaw is told the author's words and the rule, not the same thing twice (lesson
    2's first puzzle said "A 10 is worth 10 points, not 5" and then "Not 20: a 10 is worth 10 points")."""
    puzzle = BANK["points-count-a-trick"]
    grade = puzzle.grade("20")
    assert grade.misconception is not None
    assert grade.mistake is not None
    assert grade.mistake.count("worth 10 points") == 1
    assert "RULES §2" in grade.mistake
