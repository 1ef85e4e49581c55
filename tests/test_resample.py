"""``play.resample``: every round a search plays out on agrees with the view it was drawn for (issue 41 item 3)."""

from __future__ import annotations

import random

import pytest

from shengji_tutor import HeuristicBot, Round, RuleSet
from shengji_tutor.engine.turns import CHANCE
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.resample import Resampler, resample
from shengji_tutor.play.round import Phase, PlayerView


def _seen(view: PlayerView) -> tuple[object, ...]:
    """What a seat sees of a round in play: its hand, the tricks, the trick, the points, the sides, the kitty."""
    return (view.hand, view.tricks, view.trick, view.points_won, view.declarers, view.discards, view.leader)


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(players=5, partnership="friends"), RuleSet(decks=1)])
@pytest.mark.parametrize("seed", range(3))
def test_a_resampled_round_shows_its_seat_what_the_real_round_showed(rules: RuleSet, seed: int) -> None:
    rnd = Round(rules, seed=seed, dealer=seed % rules.players)
    bots = [HeuristicBot() for _ in range(rules.players)]
    prepare_round(rnd, bots)
    rng = random.Random(seed)
    while not rnd.done:
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        again = resample(view, rng)
        assert _seen(again.view(seat)) == _seen(view)
        again.check_invariants()  # every card in exactly one place
        assert [len(again.hand(s)) for s in range(rules.players)] == [len(rnd.hand(s)) for s in range(rules.players)]
        rnd.apply(bots[seat].act(view))


def test_a_deal_is_played_on_by_every_option_alike_and_a_choice_starts_from_its_own_view() -> None:
    rnd = Round(RuleSet(), seed=4, dealer=0)
    prepare_round(rnd, [HeuristicBot()] * 4)
    view = rnd.view(rnd.to_act or 0)
    resampler = Resampler(view)
    deal = resampler.draw(random.Random(1))
    first, second = resampler.round(deal), resampler.round(deal)
    assert first is not second
    assert [first.hand(s) for s in range(4)] == [second.hand(s) for s in range(4)]
    first.play(view.seat, first.legal_plays(view.seat).__next__())  # one option played on ...
    assert len(second.hand(view.seat)) == len(view.hand)  # ... leaves the other's round as drawn


def test_in_the_deal_the_drawn_order_deals_every_seat_the_cards_it_was_dealt() -> None:
    rnd = Round(RuleSet(), seed=6, dealer=1)
    while rnd.dealt < 40:
        if rnd.to_act == CHANCE:
            rnd.apply(rnd.chance_action())
        else:
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(HeuristicBot().act(rnd.view(seat)))
    view = rnd.view(2)
    assert view.phase is Phase.DEAL
    resampler = Resampler(view)
    for k in range(5):
        again = resampler.round(resampler.draw(random.Random(k)))
        for _ in range(view.dealt):
            again.deal_next()
        assert sorted(c.id for c in again.hand(2)) == sorted(c.id for c in view.hand)
        assert [len(again.hand(s)) for s in range(4)] == [len(rnd.hand(s)) for s in range(4)]
