"""The play-outs' player (play/policy.py): legal everywhere, blind to the hidden hands, and what it promises."""

from __future__ import annotations

import random

import pytest

from benchmarks.policy import run
from shengji_tutor import HeuristicBot, Round, RuleSet
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.policy import steady_play
from shengji_tutor.play.rollout import Table, finish_round
from shengji_tutor.play.sampler import STOCK, Knowledge

H = HeuristicBot()


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(decks=1), RuleSet(players=5, partnership="friends")], ids=str)
def test_every_play_is_legal(rules: RuleSet) -> None:
    for seed in range(12):
        rnd = Round(rules, seed=seed, dealer=seed % rules.players)
        prepare_round(rnd, [H] * rules.players)
        finish_round(rnd, steady_play, checked=True)  # every follow judged as Round judges it
        assert rnd.phase == "done"


def test_it_never_reads_a_hidden_hand() -> None:
    for seed in range(15):
        rnd = Round(seed=seed, dealer=seed % 4)
        prepare_round(rnd, [H] * 4)
        for _ in range(seed * 3):
            s = rnd.to_act
            assert s is not None
            rnd.play(s, H.play(rnd.view(s)))
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        sampler = Knowledge.of(view).sampler()
        choices = set()
        for k in range(4):  # other deals of the hidden cards, the same view
            hidden = sampler.sample(random.Random(k))
            kitty = hidden.pop(STOCK, [])
            choices.add(tuple(steady_play(Table(Round.position(view, hidden, kitty)), seat)))
        assert len(choices) == 1, seed


def test_it_is_measured_on_paired_deals() -> None:
    figures = run(deals=40, seed=3)
    assert figures["low"] <= figures["mean"] <= figures["high"]
    assert 0 < figures["attack_points"] < 200
