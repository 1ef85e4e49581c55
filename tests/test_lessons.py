"""The lessons teach by asking first, and say what the rules say.

Every idea of lessons 1–9 and 11–13 opens with a step the engine grades, before any
other demo, and its explanation exists only once the learner has answered; no lesson
shows a bare Python value; the lessons name no throw before lesson 7, teach the
seed's kitty rule as another table's house rule, and label the engine's own
decisions on declaring as such.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest
from bare_values import SHOWN_KEYS, disagreements, python_values, tokens_in

from shengji_tutor import RuleSet, Trump, format_cards, kitty_multiplier, lead_format, trick_winner
from shengji_tutor.course import pages
from shengji_tutor.course.catalogue import LESSONS, find_lesson
from shengji_tutor.course.lesson_runner import LessonRun, run_lesson
from shengji_tutor.course.questions import StepQuestion, count_points, pick_pair, units_in_words, who_wins
from shengji_tutor.course.round_questions import first_round, next_dealer_question
from shengji_tutor.course.steps import WRONG_BEFORE_SHOW_ME, Step, TrickStepper
from shengji_tutor.engine.declaring import Declaration, judge_declaration
from shengji_tutor.store.keys import ENV_DB
from shengji_tutor.ui.widgets import PuzzleCard, TrickTable

SEVEN_CLUBS = Trump("7", "C")
STEPPED = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13)
"""The lessons whose ideas each open with a step (lesson 10 is one whole coached hand)."""
NOT_IDEAS = {"Puzzles", "Glossary", "How this app works", "Play by your table's rules"}
"""Sections that teach no idea of the game: the puzzles at the end, the glossary, the app's own tour."""


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, LessonRun]]:
    """Every lesson run once, as the course's one page runs it, by a learner on their own."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SHENGJI_TUTOR_DATA", str(tmp_path_factory.mktemp("data")))
        mp.delenv(ENV_DB, raising=False)
        mp.setenv("QUERY_STRING", "")
        runs = {lesson.number: run_lesson(lesson.notebook) for lesson in LESSONS}
        yield runs
    pages.use_shell(None)


def descendants(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def steps_in(run: LessonRun) -> list[Step]:
    return [x for piece in run.pieces for x in descendants(piece) if isinstance(x, Step)]


def page_text(run: LessonRun) -> str:
    """What the lesson shows as text: its HTML (steps' prompts, feedback and revealed explanations included) and
    the captions of its trick pictures, tags removed."""
    parts = []
    for piece in run.pieces:
        for x in descendants(piece):
            if isinstance(x, w.HTML):
                parts.append(re.sub(r"<svg.*?</svg>|<style>.*?</style>", " ", str(x.value), flags=re.S))
            elif isinstance(x, TrickTable):
                parts.append(str(x.caption))
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts)))


def answered(run: LessonRun) -> LessonRun:
    """Every step of the lesson answered with the engine's own answer, so that every explanation is on the page."""
    for step in steps_in(run):
        step.answer(step.question.example)
    return run


# -- the widget ----------------------------------------------------------------------------------------


def make_step(question: StepQuestion, then_calls: list[int]) -> Step:
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
    assert step.work.solved
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
    assert step.work.wrong == 0
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
    assert step.work.wrong == 0  # a typo is not a wrong answer
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
    assert not step.work.solved
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


# -- every lesson --------------------------------------------------------------------------------------


def sections(run: LessonRun) -> list[tuple[str, list[str]]]:
    """The lesson's ``##`` sections in order, each as what it shows: "step" for a step, "demo" for any other
    picture, widget or printed output."""
    found: list[tuple[str, list[str]]] = [("", [])]
    for piece in run.pieces:
        if isinstance(piece, Step):
            found[-1][1].append("step")
        elif isinstance(piece, w.HTML):
            for part in re.split(r"(<h2[^>]*>.*?</h2>)", str(piece.value), flags=re.S):
                heading = re.fullmatch(r"<h2[^>]*>(.*?)</h2>", part, flags=re.S)
                if heading:
                    found.append((html.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).strip(), []))
                elif "<svg" in part or 'class="sjt-output"' in part:
                    found[-1][1].append("demo")
        else:
            found[-1][1].append("demo")
    return found[1:]


@pytest.mark.parametrize("number", STEPPED)
def test_each_idea_opens_with_a_step_before_any_other_demo(lessons: dict[int, LessonRun], number: int) -> None:
    run = lessons[number]
    assert run.error is None
    ideas = [(title, shown) for title, shown in sections(run) if title not in NOT_IDEAS]
    assert len(ideas) >= 3, [title for title, _ in ideas]
    for title, shown in ideas:
        assert "step" in shown, f"lesson {number}, {title!r}: no step"
        assert shown[0] == "step", f"lesson {number}, {title!r}: {shown[0]} before the first step"


@pytest.mark.parametrize("number", STEPPED)
def test_every_step_is_graded_by_the_engine_and_names_the_rule(lessons: dict[int, LessonRun], number: int) -> None:
    steps = steps_in(lessons[number])
    assert steps
    for step in steps:
        q = step.question
        right = q.grade(q.example)
        assert right.correct, (q.prompt, right.explanation)
        assert "RULES §" in right.explanation, q.prompt
        assert "RULES §" in step._explanation, q.prompt
        wrong = [c for c in q.choices if c != q.example] if q.kind == "choice" else []
        if q.kind == "number":
            wrong = [q.example + 5]
        for answer in wrong:
            grade = q.grade(answer)
            if not grade.correct:
                assert "RULES §" in grade.explanation or "Look again" in grade.explanation, (q.prompt, answer)


def bare_values(run: LessonRun) -> list[str]:
    """What the lesson printed or showed as plain text (a notebook's text output) that reads as a Python value."""
    shown = [
        html.unescape(text)
        for piece in run.pieces
        for x in descendants(piece)
        if isinstance(x, w.HTML)
        for text in re.findall(r'<pre class="sjt-output">(.*?)</pre>', str(x.value), flags=re.S)
    ]
    return python_values(shown)


def test_the_check_for_bare_values_finds_them(tmp_path: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in ("(True, False)", "print(('trump', 'H'))", "print('80 wins')")]
    nbformat.write(nb, tmp_path / "raw.ipynb")
    assert bare_values(run_lesson("raw.ipynb", tmp_path)) == ["(True, False)", "('trump', 'H')"]


@pytest.mark.parametrize("number", [lesson.number for lesson in LESSONS])
def test_no_lesson_shows_a_bare_python_value(lessons: dict[int, LessonRun], number: int) -> None:
    assert bare_values(lessons[number]) == []


"""What a page must not show: the jokers' tokens (say "big joker"), and code."""


def shown_texts(run: LessonRun) -> list[str]:
    """Every field a learner reads of every widget the lesson drew (markup included)."""
    return [
        str(getattr(x, key))
        for piece in run.pieces
        for x in descendants(piece)
        for key in SHOWN_KEYS
        if isinstance(getattr(x, key, None), str)
    ]


def tokens_shown(run: LessonRun) -> list[str]:
    """Each place the lesson shows a joker's token or code, with the text around it (``bare_values.tokens_in``)."""
    return tokens_in(shown_texts(run))


@pytest.mark.parametrize("number", [lesson.number for lesson in LESSONS])
def test_no_lesson_shows_a_jokers_token_or_code(lessons: dict[int, LessonRun], number: int) -> None:
    assert tokens_shown(lessons[number]) == []


def test_the_check_for_tokens_finds_them() -> None:
    run = LessonRun("none.ipynb")
    run.pieces = [w.HTML("<p>Lead the BJ now</p>"), w.Button(description="RuleSet(decks=3)")]
    assert len(tokens_shown(run)) == 2


@pytest.mark.parametrize("number", [lesson.number for lesson in LESSONS])
def test_what_a_lesson_shows_agrees_in_number_and_article(lessons: dict[int, LessonRun], number: int) -> None:
    assert disagreements(shown_texts(lessons[number])) == []


@pytest.mark.parametrize("number", [n for n in STEPPED if n < 7])
def test_no_lesson_before_lesson_7_names_a_throw(lessons: dict[int, LessonRun], number: int) -> None:
    text = page_text(answered(lessons[number])).replace(find_lesson(7).title, "lesson 7")  # the course's links
    for found in re.finditer(r"throw", text, flags=re.I):
        around = text[max(0, found.start() - 80) : found.end() + 80]
        assert "lesson 7" in around, f"lesson {number} names a throw: …{around}…"


def test_lesson_1_explains_a_trick_who_leads_one_suit_and_a_round_in_order(lessons: dict[int, LessonRun]) -> None:
    run = answered(lessons[1])
    text = page_text(run)
    for words in ("leads", "one suit", "RULES §5", "The winner of a trick leads the next one", "counter-clockwise"):
        assert words in text, words
    parts = ["Deal and declare", "The kitty", "25 tricks", "The last trick", "The score", "The next dealer"]
    where = [text.index(part) for part in parts]
    assert where == sorted(where)
    stepper = next(x for piece in run.pieces for x in descendants(piece) if isinstance(x, TrickStepper))
    for _ in range(5):
        stepper.step()
    assert stepper.table.winner == (stepper.leader + trick_winner(stepper.plays, SEVEN_CLUBS)) % 4


def test_lesson_7_describes_the_ruffed_throw_as_the_engine_splits_it(lessons: dict[int, LessonRun]) -> None:
    text = page_text(answered(lessons[7]))
    lead = "KD QD QD 10D 10D"
    assert units_in_words(lead, SEVEN_CLUBS) == "two pairs and a single of diamonds"
    largest = lead_format(lead, SEVEN_CLUBS).units[0]
    assert (largest.length, largest.width) == (1, 2)
    assert "North led two pairs and a single of diamonds, so the largest component is a pair" in text
    assert "pair and singles led" not in text


def test_lesson_8_teaches_the_seeds_kitty_rule_as_another_tables_house_rule(lessons: dict[int, LessonRun]) -> None:
    text = page_text(answered(lessons[8]))
    throw = "AH AH KH"
    house = kitty_multiplier(throw, SEVEN_CLUBS)
    by_cards = kitty_multiplier(throw, SEVEN_CLUBS, RuleSet(kitty_multiplier="cards"))
    assert (house, by_cards) == (4, 6)
    row = re.search(r"A♥ A♥ K♥\s+a pair and a single of hearts\s+×(\d+)\s+×(\d+)", text)
    assert row is not None
    assert (int(row.group(1)), int(row.group(2))) == (house, by_cards)
    assert "RULES §11" in text
    assert "house rule" in text
    assert "three cards … sixfold" in text
    assert "not the number of cards" not in text  # it is not a beginner's mistake


def test_lesson_9_says_what_the_engine_does_with_your_own_declaration_and_who_deals_first(
    lessons: dict[int, LessonRun],
) -> None:
    text = page_text(answered(lessons[9]))
    own = Declaration.of(2, tuple(Trump("7", "H").sorted("7H")))
    refusal = judge_declaration("7S 7S", "7", own, 2)
    assert not refusal
    assert refusal.reason in text
    assert judge_declaration("7H 7H", "7", own, 2)
    assert "(house rule)" in text
    assert "RULES is silent" in text or "says nothing about overriding" in text
    assert "you may not override yourself" not in text
    rnd, opening, standing = first_round()
    assert rnd.dealer == opening.seat != standing.seat
    assert "the first player to declare becomes the dealer" in text
    assert f"the dealer is {['North', 'West', 'South', 'East'][opening.seat]}" in text


@pytest.mark.parametrize("number", STEPPED)
def test_a_step_in_a_lesson_is_a_widget_the_page_can_route(lessons: dict[int, LessonRun], number: int) -> None:
    """Steps are plain ipywidgets (no Output area, no interactive), and never the puzzle card the browser tests
    look for at the end of a lesson."""
    for step in steps_in(lessons[number]):
        kinds = {type(x) for x in descendants(step)}
        assert w.Output not in kinds
        assert PuzzleCard not in kinds
        assert not any(issubclass(k, w.interactive) for k in kinds)


def test_each_idea_of_lesson_11_opens_with_its_own_step() -> None:
    from shengji_tutor.course.ideas import EXPLANATIONS, IDEAS, idea_question

    assert set(EXPLANATIONS) == set(IDEAS)
    for idea in IDEAS:
        question = idea_question(idea)
        assert question.grade(question.example).correct, idea
    give = idea_question("give")
    assert "adds no points" in give.grade(["3D"]).explanation  # partner North wins either way: give the K♦
    pairs = idea_question("pairs")
    assert "breaks your Q♥ Q♥" in pairs.grade(["QH"]).explanation


def test_the_lessons_with_steps_are_the_catalogues() -> None:
    assert {find_lesson(n).number for n in STEPPED} == set(STEPPED)


def test_every_step_keeps_its_answer_out_of_the_page(lessons: dict[int, LessonRun]) -> None:
    """Before an answer, no step has sent its explanation to the page (checked on a fresh run of lesson 4)."""
    del lessons
    run = run_lesson(find_lesson(4).notebook)
    for step in steps_in(run):
        assert step.explanation.children == ()
        assert step._explanation[:40] not in state_text(step)


def test_a_discard_holding_a_trump_is_not_called_a_ruff() -> None:
    """Lesson 6: on 8♥ 8♥, 3♣ 4♠ spends a trump but is no ruff (a ruff is all trumps); 3♣ 3♣ is one."""
    from shengji_tutor.course.questions import pick_follow

    q = pick_follow("3C 3C 4S 5D", "8H 8H", Trump("7", "C"), keep_trumps=True, prompt="Keep your trumps.")
    mixed, ruff, discard = q.grade("3C 4S"), q.grade("3C 3C"), q.grade("4S 5D")
    assert not mixed.correct
    assert "that is a ruff" not in mixed.explanation
    assert "a ruff is all trumps" in mixed.explanation
    assert not ruff.correct
    assert "that is a ruff" in ruff.explanation
    assert discard.correct


def _before(notebook: str, code: str) -> str:
    """The markdown of ``notebook`` above its first code cell that holds ``code``."""
    import json

    from shengji_tutor.course.places import NOTEBOOK_DIR

    cells = json.loads((NOTEBOOK_DIR / notebook).read_text(encoding="utf-8"))["cells"]
    at = next(k for k, c in enumerate(cells) if c["cell_type"] == "code" and code in "".join(c["source"]))
    return " ".join("".join(c["source"]) for c in cells[:at] if c["cell_type"] == "markdown")


def test_lesson_13_teaches_the_needle_and_the_overturn_order_before_asking() -> None:
    """The needle is not first met in a puzzle, and chao dipi's order is not guessed before it is taught."""
    hook = _before("13-house-rules.ipynb", "hook_question(")
    assert "needle" in hook
    assert "back to rank **J**" in hook
    assert "back to rank **2**" in hook
    chao = _before("13-house-rules.ipynb", "pick_overturn(")
    assert "♠ spades, then ♥ hearts, then ♣ clubs, then ♦ diamonds" in chao
    assert "small jokers" in chao


def test_a_declaring_step_shows_the_hand_sorted_not_in_deal_order() -> None:
    """Lesson 9's replayed deal: 25 cards in the order dealt would sit under a suit label each run of a suit."""
    from shengji_tutor import Round
    from shengji_tutor.course.round_questions import pick_declaration

    deal = Round(rank="7", seed=232, dealer=2)
    deal.deal_all()
    q = pick_declaration(deal.hand(2), "7", "Override it.", declared="7S 7S", by=3, seat=2)
    order = Trump("7", None)
    assert list(q.hand) == order.sorted(q.hand)
    assert list(q.hand) != list(deal.hand(2))
    runs = sum(1 for a, b in zip(q.hand, q.hand[1:], strict=False) if order.suit_of(a) != order.suit_of(b))
    assert runs <= 4  # the trumps, then at most four plain suits


def test_lesson_7s_try_it_says_whose_hands_it_shows() -> None:
    import json

    from shengji_tutor.course.places import NOTEBOOK_DIR

    cells = json.loads((NOTEBOOK_DIR / "07-throws.ipynb").read_text(encoding="utf-8"))["cells"]
    shown = [c for c in cells if c["cell_type"] == "code" and "cards(OTHERS[" in "".join(c["source"])]
    assert len(shown) == 3
    for seat in ("West", "South", "East"):
        assert any(f'label=t("{seat} holds")' in "".join(c["source"]) for c in shown), seat  # in the reader's language


def _prose(notebook: str) -> list[str]:
    """A lesson's words for the learner: its markdown cells and the long strings of its code cells."""
    import ast
    import json

    from shengji_tutor.course.places import NOTEBOOK_DIR

    out = []
    for cell in json.loads((NOTEBOOK_DIR / notebook).read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            out.append(source)
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value.strip()) > 30:
                out.append(node.value)
    return out


CODE_ON_A_PAGE = (
    r"RuleSet\(",
    r"\b[a-z]+_[a-z_]+\s*=",  # a keyword argument: first_dealer="…"
    r"`[^`]+`",  # markdown code
    r"\bseed rules\b",
)


@pytest.mark.parametrize("notebook", [f"{n:02d}" for n in range(1, 14)])
def test_a_lesson_shows_no_code_to_the_learner(notebook: str) -> None:
    import re

    from shengji_tutor.course.places import NOTEBOOK_DIR

    (path,) = NOTEBOOK_DIR.glob(f"{notebook}-*.ipynb")
    for text in _prose(path.name):
        for pattern in CODE_ON_A_PAGE:
            found = re.search(pattern, text)
            assert not found, f"{path.name} shows {found.group(0)!r}: {text[:200]!r}"


def test_the_jokers_are_said_in_words_wherever_a_learner_reads() -> None:
    """ "You hold SJ SJ" is code: a step's prompt, its feedback and explanation, a puzzle card and the coach's
    buttons say "two small jokers"."""
    from shengji_tutor.course.round_questions import pick_declaration
    from shengji_tutor.puzzles import load_bank
    from shengji_tutor.ui.puzzle_view import puzzle_card_args
    from shengji_tutor.ui.widgets import PuzzleCard

    q = pick_declaration("SJ SJ 8C KH", "4", "Nobody has declared. You hold SJ SJ: pick what declares.")
    step = Step(q, "A pair of jokers (SJ SJ) declares no-trump (RULES §10).")
    step.answer(["SJ", "SJ"])
    shown = step.prompt.value + step.feedback.value + step.explanation.children[0].value
    assert "two small jokers" in shown
    assert not re.search(r"\bSJ\b", re.sub(r"<[^>]*>", " ", shown))
    card = PuzzleCard(**puzzle_card_args(load_bank()["declaring-first-pair-jokers"]))
    assert "two small jokers" in card.prompt
    assert "SJ" not in card.prompt


def test_lesson_7s_worked_examples_wait_for_their_steps() -> None:
    """The failing Q♥ and the higher ruffing pair answer steps 8 and 12: they are shown once those are answered."""
    import json

    from shengji_tutor.course.places import NOTEBOOK_DIR

    cells = json.loads((NOTEBOOK_DIR / "07-throws.ipynb").read_text(encoding="utf-8"))["cells"]
    for said in ("One more: you throw K♥ K♥ Q♥", "Give South 10♣ 10♣ instead"):
        (cell,) = [c for c in cells if said in "".join(c["source"])]
        source = "".join(cell["source"])
        assert cell["cell_type"] == "code"
        assert source.startswith("Step(")
        assert "then=lambda" in source


def test_a_step_and_a_puzzle_card_keep_one_rule_for_the_hint_and_the_answer() -> None:
    """Issue 41 item 1: a first wrong answer is told only what is wrong; the second opens the (next) hint and offers
    the answer — on a lesson's step as on a puzzle card (``engine.grading.Attempts``)."""
    from shengji_tutor.engine.grading import Grade

    step = Step(
        pick_pair("QS QD 7S 7H QS SJ BJ", SEVEN_CLUBS, hint="Look for two cards alike in rank and suit."),
        "Identical means same rank and same suit (RULES §4).",
    )
    card = PuzzleCard(
        "p",
        "Who wins?",
        "seat",
        grade=lambda answer: Grade(answer == "West", "West's trump wins (RULES §7)."),
        hint="The trump wins.",
        solution="West.",
    )
    assert step.picker is not None
    seen = []
    for wrong_step, wrong_card in (("7S 7H", "North"), ("SJ BJ", "East")):
        step.picker.select(wrong_step)
        step.check()
        card.choice = wrong_card
        card.check()
        seen.append(
            (
                (step.work.hints_open, "Hint:" in step.feedback.value, step.show_me.layout.display is None),
                (card.work.hints_open, "hint" in card.feedback, card.can_reveal),
            )
        )
    assert seen == [((0, False, False), (0, False, False)), ((1, True, True), (1, True, True))]


def test_a_steps_verdict_is_said_once() -> None:
    """The engine's "No: …" / "Yes: …" after the step's own "Not quite." / "Right!" would say the verdict twice."""
    from shengji_tutor.course.questions import pick_tractor

    step = Step(pick_tractor("KH KH 5H 5H 4H 4H 2H 9S 9S", SEVEN_CLUBS), "Pairs in a row (RULES §4).")
    assert step.picker is not None
    step.picker.select("KH KH 5H 5H")
    step.check()
    assert "Not quite.</strong> Q♥ and J♥" in step.feedback.value
    step.picker.select("5H 5H 4H 4H")
    step.check()
    assert "Right!</strong> A 2-pair tractor" in step.feedback.value
