"""The lessons teach by asking first: a step shows a question the engine grades, says what is wrong with a wrong
answer without giving the solution, and builds its explanation only once the learner has answered."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as w

from shengji_tutor import Trump, format_cards, trick_winner
from shengji_tutor.course.questions import Question, count_points, pick_pair, who_wins
from shengji_tutor.course.round_questions import next_dealer_question
from shengji_tutor.course.steps import WRONG_BEFORE_SHOW_ME, Step, TrickStepper

SEVEN_CLUBS = Trump("7", "C")


def descendants(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


# -- the widget ----------------------------------------------------------------------------------------


def make_step(question: Question, then_calls: list[int]) -> Step:
    def then() -> list[w.Widget]:
        then_calls.append(1)
        return [w.HTML("the trick again, with its winner")]

    return Step(question, "Only a **higher pair** beats a pair (RULES §7).", then=then)


def state_text(widget: w.Widget) -> str:
    """Everything the page has been sent about a widget and its children."""
    return " ".join(str(x.get_state()) for x in descendants(widget))


def test_a_wrong_answer_says_what_is_wrong_and_keeps_the_explanation_away() -> None:
    calls: list[int] = []
    step = make_step(who_wins(["8H 8H", "AH KH", "3H 3H", "9H 9H"], SEVEN_CLUBS), calls)
    assert step.explanation.children == ()
    grade = step.answer("West")
    assert not grade.correct
    assert "Two singles never beat a pair" in step.feedback.value
    assert "Not quite" in step.feedback.value
    assert 'data-verdict="incorrect"' in step.feedback.value
    assert "East" not in step.feedback.value  # the winner is not given away
    assert step.explanation.children == ()
    assert not step.explained
    assert calls == []  # what follows the explanation is not even built
    assert "higher pair" not in state_text(step)  # nor is the explanation anywhere in the page's state
    assert step.choice_buttons["West"].button_style == "danger"
    assert not step.choice_buttons["East"].disabled


def test_a_right_answer_reveals_the_explanation_and_what_follows_it() -> None:
    calls: list[int] = []
    step = make_step(who_wins(["8H 8H", "AH KH", "3H 3H", "9H 9H"], SEVEN_CLUBS), calls)
    step.answer("South")
    grade = step.answer("East")
    assert grade.correct
    assert step.solved
    assert step.explained
    assert "East wins the trick" in step.feedback.value
    text, more = step.explanation.children
    assert "<strong>higher pair</strong>" in text.value
    assert "RULES §7" in text.value
    assert more.value == "the trick again, with its winner"
    assert calls == [1]
    assert all(b.disabled for b in step.choice_buttons.values())
    assert step.answer("North") is grade  # answered: nothing changes any more
    assert calls == [1]


def test_a_cards_step_grades_the_picked_cards_and_only_then_explains() -> None:
    step = Step(pick_pair("QS QD 7S 7H QS SJ BJ", SEVEN_CLUBS), "Identical means same rank and same suit (RULES §4).")
    assert step.picker is not None
    step.picker.select("7S")
    assert step.check() is None  # one card of two is not an answer yet
    assert "Pick 2 cards first" in step.feedback.value
    assert step.wrong == 0
    step.picker.select("7S 7H")
    grade = step.check()
    assert grade is not None
    assert not grade.correct
    assert "two singles, not a pair" in step.feedback.value
    assert step.explanation.children == ()
    step.picker.select("QS QS")
    grade = step.check()
    assert grade is not None
    assert grade.correct
    assert "same rank and same suit" in step.explanation.children[0].value
    assert step.picker.disabled


def test_a_number_step_reads_the_number_typed() -> None:
    step = Step(count_points("10H KH 5H"), "A 10 is worth 10 (RULES §2).")
    assert step.number is not None
    assert step.check() is None
    assert "Type a number first" in step.feedback.value
    step.number.value = "twenty"
    grade = step.check()
    assert grade is not None
    assert grade.rule == "input"
    assert step.wrong == 0  # a typo is not a wrong answer
    step.number.value = "20"
    grade = step.check()
    assert grade is not None
    assert "a 10 is worth 10 points" in grade.explanation  # the misconception is named
    assert not step.explained
    step.number.value = " 25 "
    grade = step.check()
    assert grade is not None
    assert grade.correct
    assert step.explained


def test_show_me_comes_after_wrong_answers_and_shows_the_answer() -> None:
    step = Step(pick_pair("QS QD 7S 7H QS SJ BJ", SEVEN_CLUBS), "Identical means same rank and same suit (RULES §4).")
    assert step.picker is not None
    assert step.show_me.layout.display == "none"
    for wrong in ("7S 7H", "SJ BJ")[:WRONG_BEFORE_SHOW_ME]:
        step.picker.select(wrong)
        step.check()
    assert step.show_me.layout.display is None
    step.reveal()
    assert step.explained
    assert not step.solved
    assert format_cards(step.picker.selection) == "Q♠ Q♠"
    assert "The answer:" in step.feedback.value
    assert "same rank and same suit" in step.explanation.children[0].value
    assert step.show_me.layout.display == "none"


def test_the_trick_stepper_shows_each_play_and_then_the_engines_winner() -> None:
    plays = ["9H", "4H", "KH", "10H"]
    stepper = TrickStepper(plays, SEVEN_CLUBS, leader=1)
    assert stepper.table.plays == []
    for shown in range(1, 5):
        stepper.step()
        assert [format_cards(p) for p in stepper.table.plays] == [format_cards(p) for p in plays[:shown]]
        assert stepper.table.winner is None
        assert stepper.table.caption == stepper.result.notes[shown - 1].sentence
    assert stepper.next.description == "Who wins?"
    stepper.step()
    assert stepper.table.winner == (1 + trick_winner(plays, SEVEN_CLUBS)) % 4 == stepper.winner
    assert "wins the trick" in stepper.table.caption
    assert stepper.next.disabled
    assert not stepper.again.disabled
    stepper.restart()
    assert stepper.table.plays == []
    assert not stepper.next.disabled


def test_a_seat_that_would_deal_had_the_round_gone_the_other_way_is_told_so() -> None:
    question = next_dealer_question(0, 90)
    assert question.grade("West").correct
    assert "if the declarers had held" in question.grade("South").explanation
