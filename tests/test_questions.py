"""One question system: a lesson's steps and the puzzles are both ``engine.grading.Question``s, with one set of
answer kinds, one path from a raw answer to a grade, and one rule for showing the answer (issue 25, item 3)."""

from __future__ import annotations

import pytest

from shengji_tutor import Trump, as_cards
from shengji_tutor.course.ideas import IDEAS, idea_question
from shengji_tutor.course.questions import StepQuestion, choose, count_points, number, who_wins
from shengji_tutor.course.steps import Step
from shengji_tutor.engine.grading import ANSWER_KINDS, AnswerError, Question, read_answer
from shengji_tutor.puzzles import load_bank
from shengji_tutor.ui.puzzle_view import puzzle_card_args
from shengji_tutor.ui.widgets import PuzzleCard

BANK = load_bank()
TRUMP = Trump("7", "C")


def test_steps_and_puzzles_are_one_kind_of_question() -> None:
    steps = [idea_question(name) for name in IDEAS]
    assert all(isinstance(q, Question) for q in [*steps, *BANK.values()])
    kinds = {q.answer_kind for q in [*steps, *BANK.values()]}
    assert kinds <= set(ANSWER_KINDS)
    assert kinds == set(ANSWER_KINDS)  # every kind is in use, and nothing else


def test_a_number_is_read_the_same_way_by_a_step_and_by_a_puzzle() -> None:
    step = count_points(["KH", "10H", "5H"])
    puzzle = next(p for p in BANK.values() if p.answer_kind == "number")
    for question in (step, puzzle):
        grade = question.grade("many")
        assert (grade.correct, grade.rule) == (False, "input")
        assert grade.explanation == "I could not read that answer: a whole number is needed, not 'many'"
        assert question.grade(f" {question.solve()} ").correct  # the same reader trims both


def test_a_step_says_why_it_cannot_judge_in_its_own_sentence_and_counts_no_wrong_answer() -> None:
    q = who_wins(["AC", "7C", "3C", "KC"], TRUMP)
    step = Step(q, "The rank card of the trump suit sits above the ace.")
    assert list(step.choice_buttons) == list(q.choices) == ["North", "West", "South", "East"]
    grade = step.answer("Northeast")
    assert (grade.rule, grade.explanation) == ("input", "Choose one of: North, West, South, East.")
    assert step.work.wrong == 0
    assert step.show_me.layout.display == "none"
    with pytest.raises(AnswerError, match="Choose one of: Ruff, Pass"):
        read_answer("choice", "Duck", ["Ruff", "Pass"])


def test_seat_and_yes_no_steps_get_a_button_per_answer() -> None:
    yesno = StepQuestion(
        "Is it a pair?", "yesno", lambda given: (given == "no", "Different suits."), "No.", example="no"
    )
    step = Step(yesno, "Two cards are a pair only when they are the same card (RULES §4).")
    assert [b.description for b in step.choice_buttons.values()] == ["Yes", "No"]
    step.choice_buttons["yes"].click()
    assert step.work.wrong == 1
    step.choice_buttons["no"].click()
    assert step.work.solved
    assert step.explained


def test_one_question_shows_on_a_step_and_on_a_puzzle_card_with_the_same_verdicts() -> None:
    q = choose(
        "Your partner's ace is winning. Ruff it or pass?",
        {"Ruff": (False, "Partner is winning: a trump there wastes it."), "Pass": (True, "Partner already wins.")},
        "Pass: partner's ace wins the trick.",
    )
    step = Step(q, "Never take a trick from your partner.")
    card = PuzzleCard("partner", q.prompt, q.answer_kind, grade=q.grade, choices=q.choices, solution=q.solution_text)
    assert card.choices == list(step.choice_buttons) == ["Ruff", "Pass"]
    with pytest.raises(Exception, match="choose one of Ruff, Pass"):
        card._answer({"value": "Duck"})
    for answer in ("Ruff", "Pass"):
        card.browser_event({"event": "answer", "value": answer})
        from_card = card.check()
        assert from_card is not None
        assert from_card == q.grade(answer) == step.answer(answer)


def test_every_answer_kind_has_a_puzzle_card() -> None:
    for kind in ANSWER_KINDS:
        choices = ("One", "Two") if kind == "choice" else ()
        card = PuzzleCard("k", "?", kind, grade=lambda _a: None, hand="AS KS", choices=choices)  # type: ignore[arg-type,return-value]
        assert card.kind == kind


def test_a_bank_puzzle_with_choices_reaches_the_card_with_them() -> None:
    puzzle = next(p for p in BANK.values() if p.answer_kind == "seat")
    assert puzzle_card_args(puzzle).get("choices") is None  # a seat's buttons are the seats
    assert puzzle.choices == ("North", "West", "South", "East")


def test_a_step_number_answer_goes_through_the_reader() -> None:
    q = number("How many?", 25, lambda n: "Right: 25." if n == 25 else f"Not {n}.", "25.")
    assert q.grade("25").correct
    assert q.grade(25).correct
    assert not q.grade(True).correct
    assert q.grade(True).rule == "input"


def test_a_step_can_ask_for_an_order_as_a_puzzle_does() -> None:
    hand = ("AS", "BJ", "7C")

    def judged(given: str) -> tuple[bool, str]:
        return given == "BJ 7C AS", "The big joker, then the trump-rank card of the trump suit, then the ace."

    q = StepQuestion("Highest first.", "order", judged, "BJ, 7♣, A♠.", hand=tuple(as_cards(" ".join(hand))), trump=TRUMP,
                     example=["BJ", "7C", "AS"])  # fmt: skip
    step = Step(q, "Trumps rank above every other suit (RULES §3).")
    assert step.picker is not None
    assert step.picker.max_selected == 3
    step.picker.select("AS BJ")
    assert step.check() is None  # two of three cards: not an answer yet
    assert step.work.wrong == 0
    step.picker.select("AS BJ 7C")
    assert not step.check()
    step.picker.select("BJ 7C AS")
    grade = step.check()
    assert grade is not None
    assert grade.correct
