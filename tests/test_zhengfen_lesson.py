"""Lesson 12, Zheng Fen (挣分): its puzzles are the zhengfen engine's, their wrong answers name the rule, and the
table plays legal plays only (RULES §12)."""

from __future__ import annotations

import random

import pytest

from shengji_tutor import Card, deck, parse_cards
from shengji_tutor.course.catalogue import find_lesson, puzzles_of
from shengji_tutor.course.zhengfen_questions import pile_points, which_beats, which_is_combination
from shengji_tutor.course.zhengfen_table import ZhengFenTable
from shengji_tutor.engine.seats import SEATS, seat_index, seat_name
from shengji_tutor.puzzles import Puzzle, load_bank
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.kinds.zhengfen import BeatsPuzzle, CombinationPuzzle, PilePuzzle
from shengji_tutor.puzzles.schema import PileSpec
from shengji_tutor.zhengfen import CombinationError, Game, Pass, Play, ZhengFenRules, classify
from shengji_tutor.zhengfen.game import FIRST_LEADER_CARD
from shengji_tutor.zhengfen.seated import SeatedGame

TOPIC = Topic("zheng-fen", 12, "Zheng Fen")


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return puzzles_of(12)


def test_lesson_12_is_zheng_fen_after_playing_well() -> None:
    lesson = find_lesson(12)
    assert (lesson.notebook, lesson.chinese) == ("12-zheng-fen.ipynb", "挣分 zhèngfēn")
    assert find_lesson(11).slug == "playing-well"


def test_each_new_kind_has_three_puzzles_or_more(puzzles: list[Puzzle]) -> None:
    for kind in ("combination", "beats", "pile"):
        assert sum(p.kind == kind for p in puzzles) >= 3, kind


def test_the_curriculums_misconceptions_are_answered(puzzles: list[Puzzle]) -> None:
    said = " ".join(m.says for p in puzzles for m in p.spec.misconceptions)
    assert "only the same kind, or a" in said  # "a higher card of any kind beats the table"
    assert "only end with a 2, never start with one" in said  # "a sequence can start with a 2"


def _pile_by_the_game(puzzle: PilePuzzle) -> tuple[str, int]:
    """Play the puzzle's pile in a real ``Game`` at its table: deal each seat the cards it plays (the leader the 3♥
    too)."""
    n = puzzle.spec.players
    leader = seat_index(puzzle.spec.leader, n)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for turn, cards in enumerate(puzzle.actions):
        if cards:
            hands[(leader + turn) % n].extend(cards)
    hands[leader].append(FIRST_LEADER_CARD)
    rest = [c for c in deck(1) if not any(c in h for h in hands)]
    for seat in range(n):
        while len(hands[seat]) < 54 // n + (seat < 54 % n):
            hands[seat].append(rest.pop())
    order = [hands[k % n][k // n] for k in range(54)]
    game = Game(ZhengFenRules(players=n), first_dealer=0, deck_orders=[order])
    for turn, cards in enumerate(puzzle.actions):
        seat = (leader + turn) % n
        game.apply(Pass(seat) if cards is None else Play(seat, tuple(cards)))
    trick = game.tricks[0][0]
    return seat_name(trick.taker, n), trick.points


def test_every_answer_is_the_engines(puzzles: list[Puzzle]) -> None:
    for p in puzzles:
        if isinstance(p, CombinationPuzzle):
            try:
                classify(p.cards)
                legal = "yes"
            except CombinationError:
                legal = "no"
            assert p.solve() == legal, p.id
        elif isinstance(p, BeatsPuzzle):
            assert p.solve() == ("yes" if classify(p.play).beats(classify(p.table)) else "no"), p.id
        else:
            assert isinstance(p, PilePuzzle)
            taker, points = _pile_by_the_game(p)
            assert p.solve() == (taker if p.spec.ask == "taker" else points), p.id
        assert p.grade(p.spec.expect).correct, p.id


def test_every_wrong_answer_names_the_rule(puzzles: list[Puzzle]) -> None:
    for p in puzzles:
        right = p.solve()
        wrong = {"yes": "no", "no": "yes"}.get(str(right)) or (
            next(s for s in SEATS if s != right) if p.answer_kind == "seat" else int(str(right)) + 5
        )
        grade = p.grade(wrong)
        assert not grade.correct, p.id
        assert "RULES §12" in grade.explanation, (p.id, grade.explanation)
        assert "RULES §12" in grade.mistake, (p.id, grade.mistake)


def test_a_pile_that_breaks_the_rules_is_reported() -> None:
    def problems(*actions: str) -> list[str]:
        spec = PileSpec(id="bad", kind="pile", prompt="Who takes the pile?", actions=actions)
        return PilePuzzle(spec, TOPIC).checks()

    assert problems("7H 7S", "2C", "pass", "pass", "pass") != []  # a single on a pair
    assert problems("7H", "8H", "pass", "pass") != []  # not over: only two passed
    assert problems("pass", "7H", "pass", "pass", "pass") != []  # a leader may not pass
    assert problems("7H", "8H", "pass", "pass", "pass") == []


def test_the_lessons_questions_are_graded_by_the_engine() -> None:
    q = which_beats("JC QC KC AC 2C", ["8H 8S 8D 8C", "5S 10H KD"])
    assert q.example == "5♠ 10♥ K♦"
    assert "only the same kind, or a special" in q.grade("8♥ 8♠ 8♦ 8♣").explanation
    q = which_is_combination(["2S 3S 4S 5S 6S", "JH QH KH AH 2H"], prompt="Which?")
    assert q.example == "J♥ Q♥ K♥ A♥ 2♥"
    assert "may end with a 2 but neither start with one" in q.grade("2♠ 3♠ 4♠ 5♠ 6♠").explanation
    q = pile_points(["5H", "10S", "KD", "pass", "pass", "pass"], "North")
    assert q.example == 25
    assert "only South's own play" in q.grade(10).explanation


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_table_offers_only_legal_plays_and_plays_a_whole_game(players: int) -> None:
    table = ZhengFenTable(SeatedGame(seed=5, players=players))
    assert len(table.game.scores) == players
    assert len(table.bots) == players - 1
    rng = random.Random(5)
    turns = 0
    while not table.game.done:
        turns += 1
        assert turns < 2000
        assert table.pass_button.disabled == (table.game.table is None)
        hand = table.game.hands[table.seat]
        table.picker.select(hand[:2])
        try:
            legal = classify(hand[:2])
            ok = table.game.table is None or legal.beats(table.game.table)
        except CombinationError:
            ok = False
        assert table.play_button.disabled == (not ok)
        plays = table.legal_plays()
        if table.game.table is not None and (not plays or rng.random() < 0.4):
            assert table.pass_turn()
        else:
            assert table.play(rng.choice(plays).cards)
    assert max(table.game.scores) >= 500
    assert "The game is over" in table.status.value
    assert table.play_button.disabled
    assert table.pass_button.disabled


def test_the_players_buttons_start_a_new_game_at_that_table_and_refuse_other_counts() -> None:
    from shengji_tutor.zhengfen import ZhengFenRulesError

    table = ZhengFenTable(SeatedGame(seed=2))
    assert table.seat == 2
    assert "South" in table.picker.label
    table.players.value = 6
    assert table.game.rules.players == 6
    assert table.seat == 0
    assert "Seat 1" in table.picker.label
    assert "Seat 6" in table.scores.value
    assert table.game.to_act == 0 or table.game.done
    with pytest.raises(ZhengFenRulesError, match="players"):
        table.set_players(7)
    assert table.game.rules.players == 6  # nothing changed


def test_the_table_refuses_a_play_that_does_not_beat_the_table() -> None:
    table = ZhengFenTable(SeatedGame(seed=1))
    while table.game.table is None or not any(
        not classify([c]).beats(table.game.table) for c in table.game.hands[table.seat]
    ):
        table.play(table.legal_plays()[0].cards) if table.game.table is None else table.pass_turn()
    weak = next(c for c in table.game.hands[table.seat] if not classify([c]).beats(table.game.table))
    before = list(table.game.hands[table.seat])
    assert not table.play([weak])
    assert "RULES §12" in table.verdict.value
    assert table.game.hands[table.seat] == before
    assert parse_cards(str(weak))


def test_a_beats_puzzle_shows_the_table_as_cards_not_as_a_sheng_ji_trick() -> None:
    from shengji_tutor.ui.puzzle_view import puzzle_card_args

    puzzle = next(p for p in load_bank().values() if p.kind == "beats")
    picture = puzzle_card_args(puzzle)["picture"]
    assert "On the table" in picture
    assert not any(seat in picture for seat in ("North", "West", "South", "East", "led", "points"))


def test_a_pile_puzzle_seats_three_to_six_and_asks_the_taker_only_at_four() -> None:
    from pydantic import ValidationError

    from shengji_tutor.puzzles.schema import PileSpec

    bank = load_bank()
    sizes = {p.spec.players for p in bank.values() if p.kind == "pile"}
    assert {3, 4, 5} <= sizes
    five = bank["zhengfen-pile-five-players"]
    assert five.solve() == 40
    assert "the four others passed" in five.grade(40).explanation
    base = {"kind": "pile", "id": "x", "prompt": "Who takes this pile?", "actions": ["5H", "pass", "pass"]}
    with pytest.raises(ValidationError, match="ask: taker is answered with a seat of a table of four"):
        PileSpec(**base, players=3, leader="Seat 1", ask="taker")
    with pytest.raises(ValidationError, match="leader: choose a seat"):
        PileSpec(**base, players=3, leader="Seat 4", ask="points")
    assert PileSpec(**base, players=3, leader="seat 2", ask="points").leader == "Seat 2"


def test_switching_the_players_of_a_game_in_play_asks_first() -> None:
    """A game the learner has played in is not wiped by a click on Players: the table asks, and keeps the game
    unless the learner ends it."""
    table = ZhengFenTable(SeatedGame(seed=2))
    assert table.play(table.legal_plays()[0].cards)
    game = table.game
    table.players.value = 5
    assert table.game is game
    assert table.players.value == 4
    assert table.confirm.layout.display is None
    assert "ends" in table.confirm.text.value
    table.confirm.no_button.click()
    assert table.game is game
    assert table.confirm.layout.display == "none"
    table.players.value = 5
    table.confirm.yes_button.click()
    assert table.game.rules.players == 5
    assert table.players.value == 5
    assert table.confirm.layout.display == "none"
    table.players.value = 3  # a new game the learner has not played in yet: no question
    assert table.game.rules.players == 3
    assert table.play(table.legal_plays()[0].cards)
    table.players.value = 4
    assert table.confirm.layout.display is None
    table.new_game()  # a new game leaves no question about ending the old one behind
    assert table.confirm.layout.display == "none"
    assert table.pending is None


def test_the_end_of_a_hand_shows_its_result_as_a_table() -> None:
    """Not only a line in the log: each player's points in the hand and the scores, the learner marked."""
    table = ZhengFenTable(SeatedGame(seed=5))
    assert table.hand_result.value == ""
    rng = random.Random(5)
    while not table.game.hand_points:
        plays = table.legal_plays()
        if table.game.table is not None and (not plays or rng.random() < 0.4):
            assert table.pass_turn()
        else:
            assert table.play(rng.choice(plays).cards)
    shown = table.hand_result.value
    assert "Hand 1 is over" in shown
    assert "South (you)" in shown
    assert "RULES §12" in shown
    points = table.game.hand_points[0]
    assert all(f"<td>{p}</td>" in shown for p in points)


def test_the_zheng_fen_hand_is_one_row_in_the_games_order_not_suit_groups_that_repeat() -> None:
    """Zheng Fen's cards rank by value alone (RULES §12), so the hand is sorted by it; grouped by suit as a Sheng ji
    hand is, the same suit came back three or four times ("♦ Diamonds" … "♦ Diamonds"). One labelled row instead."""
    from shengji_tutor.zhengfen import value

    table = ZhengFenTable(SeatedGame(seed=12))
    entries = table.picker.cards
    assert len({e["group"] for e in entries}) == 1
    assert "Low to high" in entries[0]["group_label"]
    shown = [value(c) for c in table.picker.hand]
    assert shown == sorted(shown)


def test_the_zheng_fen_model_plays_without_widgets_and_shows_each_seat_only_its_own_hand() -> None:
    """Issue 41: the table's model (``zhengfen.seated.SeatedGame``) imports no widget, and its snapshot for a seat
    holds that seat's cards and nobody else's: the view draws one such snapshot."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import sys
        for name in ("ipywidgets", "traitlets", "IPython", "anywidget"):
            sys.modules[name] = None
        from shengji_tutor.zhengfen.seated import SeatedGame
        game = SeatedGame(seed=4, players=5)
        while not game.game.done and len(game.game.history) < 80:
            plays = game.legal_plays()
            assert game.play(plays[0].cards)[0] if plays else game.pass_turn()
        print(len(game.game.history))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    from shengji_tutor.zhengfen.seated import SeatedGame

    game = SeatedGame(seed=2)
    for seat in range(4):
        view = game.snapshot(seat)
        assert sorted(c.id for c in view.hand) == sorted(c.id for c in game.game.hands[seat])
        assert view.sizes == tuple(len(h) for h in game.game.hands)
    assert game.snapshot().seat == game.seat == 2


def test_a_zheng_fen_view_takes_its_model_and_two_views_of_one_game_agree() -> None:
    """Issue 41 item 4: the table is the view of a ``SeatedGame`` it is given, as the class tables will need."""
    game = SeatedGame(seed=5)
    first, second = ZhengFenTable(game), ZhengFenTable(game)
    assert first.model is second.model is game
    first.pass_turn() if first.game.table is not None else first.play([first.picker.hand[0]])
    second._show()
    assert second.status.value == first.status.value
    assert second.scores.value == first.scores.value
