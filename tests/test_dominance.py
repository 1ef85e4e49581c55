"""A play surely no worse: when a trick's winner is certain, the play that wastes less is found and said in words
true of every deal (``play.dominance``), on the coach's position suite and on decisions of self-play."""

from __future__ import annotations

import pytest

from benchmarks.coach_positions import accepts, positions
from shengji_tutor import HeuristicBot, Round, RuleSet, parse_cards
from shengji_tutor.play.dominance import certain_side, reason, surely_better, waste
from shengji_tutor.play.game import prepare_round

SUITE = {p.name: p for p in positions()}


@pytest.mark.parametrize(
    "name",
    [
        n
        for n in SUITE
        if n.startswith(("no-ruff-partner", "keep-pairs", "smallest-winning-ruff-1", "nothing-to-boss-2"))
    ],
)
def test_the_obvious_error_has_a_surely_better_play_that_a_strong_player_accepts(name: str) -> None:
    position = SUITE[name]
    better = surely_better(position.view, position.error)
    assert better is not None
    assert accepts(position, better)
    said = reason(position.view, position.error, better)
    assert "whatever you play (RULES §7)" in said
    theme = name.rsplit("-", 1)[0]
    wanted = {
        "no-ruff-partner": "keeps your trump",
        "keep-pairs": "keeps your pair together",
        "smallest-winning-ruff": "with a lower trump",
        "nothing-to-boss": "fewer point",
    }[theme]
    assert wanted in said


@pytest.mark.parametrize("name", [n for n in SUITE if n.startswith(("draw-trumps", "take-points-last"))])
def test_nothing_is_said_where_the_tricks_winner_is_not_certain_or_the_player_leads(name: str) -> None:
    position = SUITE[name]
    if position.view.phase != "play":
        return
    better = surely_better(position.view, position.error)
    assert better is None or certain_side(position.view, position.error) is not None


def test_every_surely_better_play_of_self_play_has_the_same_certain_outcome_and_wastes_less() -> None:
    """On every decision of a few self-play rounds: a play found surely better has the same certain winner's side
    and is no worse in points, trumps, pairs and strength (and better in one)."""
    bot, found = HeuristicBot(), 0
    for seed in range(4):
        rnd = Round(RuleSet(), seed=seed, dealer=seed % 4, rank="2")
        prepare_round(rnd, [bot] * 4)
        while not rnd.done:
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            play = tuple(bot.play(view))
            better = surely_better(view, play)
            if better is not None:
                found += 1
                side = certain_side(view, play)
                assert side is not None
                assert certain_side(view, better) == side
                assert waste(view, play).no_better_than(waste(view, better), side)
            rnd.play(seat, play)
    assert found > 0


@pytest.mark.parametrize("name", ["keep-pairs-1", "no-ruff-partner-1"])
def test_the_coach_names_the_sure_improvement_and_recommends_it(name: str) -> None:
    """The play-outs cannot see what a broken pair or a trump spent on a partner's sure trick costs; the coach
    still says, in words true of every deal, which play surely does as well, and recommends a play a strong player
    accepts — without grading the learner down by it (a grade is a measured loss)."""
    from shengji_tutor.play.coaching import COACH_BUDGET, assess_play

    position = SUITE[name]
    verdict = assess_play(position.view, position.error, COACH_BUDGET)
    assert accepts(position, verdict.best.choice)
    assert any("surely does as well" in r for r in verdict.reasons)
    assert verdict.grade == "good" or verdict.chosen.loss - 1.96 * verdict.chosen.error > 0.09


def test_the_search_bot_never_plays_what_surely_wastes() -> None:
    """``SearchBot`` ends on a play nothing surely betters: where the trick's winner is certain it keeps the trump,
    the pair and the points a play that wins (or loses) the same trick would keep."""
    from shengji_tutor.play.search import SearchBot

    bot = SearchBot(seed=0)
    for position in SUITE.values():
        if position.view.phase == "play" and position.view.trick:
            assert surely_better(position.view, bot.play(position.view)) is None, position.name


def test_a_lower_card_from_another_suit_is_no_sure_improvement() -> None:
    """South (S J, A♠, Q♥ and clubs) follows a trick its partner North surely wins: Q♥ keeps the higher card, but
    leaves South void in hearts instead of spades, and the play-outs measured A♠ ahead of Q♥ on fresh deals. Lower
    cards alone are a sure gain only from the same suits."""
    bot = HeuristicBot()
    rnd = Round(RuleSet(), seed=6, dealer=0, rank="2")  # South's first turn after 12 tricks (test_coaching.view_at)
    prepare_round(rnd, [bot] * 4)
    while not (len(rnd.tricks) >= 12 and rnd.to_act == 2):
        seat = rnd.to_act
        assert seat is not None
        rnd.play(seat, bot.play(rnd.view(seat)))
    view = rnd.view(2)
    assert view.trump is not None
    assert not view.trump.is_trump(parse_cards("AS")[0])
    assert certain_side(view, parse_cards("AS")) == "ours"
    better = surely_better(view, parse_cards("AS"))
    assert better is None or {c.suit for c in better} == {"S"}
    assert not waste(view, parse_cards("AS")).no_better_than(waste(view, parse_cards("QH")), "ours")


def test_a_lower_trump_kept_back_is_not_said_to_win_a_trick_the_other_side_wins() -> None:
    """Decision 45 of the trust benchmark: West's lead is sure to win; the learner's BJ 4♦ Q♠ 6♠ 5♣ (spades
    trump) is surely no better than BJ 4♦ 6♠ 3♠ 5♣, which follows with a lower trump. It wins nothing: it was told
    "wins it with a lower trump" beside "the trick is West's whatever you play"."""
    from benchmarks.coach_trust import collect

    d = collect(8, 8, 0, 24)[45]
    better = surely_better(d.view, d.choice)
    assert better is not None
    said = reason(d.view, d.choice, better)
    assert "follows with a lower trump, keeping the higher one" in said
    assert "wins it" not in said
    assert "the trick is West's whatever you play" in said
