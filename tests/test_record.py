"""``RoundRecord``: a round's starting parameters, deck orders and history of actions, saved as JSON
and replayed; and ``Round.undo`` anywhere in a whole round, for every variant."""

from __future__ import annotations

import json
import random

import pytest

from shengji_tutor import HeuristicBot, RandomBot, RecordError, Round, RoundRecord, RuleSet, play_round
from shengji_tutor.play.actions import DealCard, Play
from shengji_tutor.play.game import run_round

VARIANTS = [
    pytest.param(RuleSet(), id="default"),
    pytest.param(RuleSet(decks=1), id="1deck"),
    pytest.param(RuleSet(decks=3), id="3decks"),
    pytest.param(RuleSet(players=5, throw_penalty=10), id="5players-friends-penalty"),
    pytest.param(RuleSet(players=6), id="6players-fixed"),
    pytest.param(RuleSet(players=6, partnership="friends"), id="6players-friends"),
    pytest.param(RuleSet(follow="protect-longer", throw_evaluation="all"), id="protect-longer-all"),
    pytest.param(RuleSet(kitty_multiplier="power", kitty_size=12), id="power-kitty-12"),
    pytest.param(RuleSet(no_declaration="kitty"), id="no-declaration-kitty"),
]


def start(rules: RuleSet, seed: int) -> tuple[int | None, str]:
    """A match's first round on even seeds; else a dealer and a trump rank drawn from the seed."""
    rng = random.Random(f"start:{seed}")
    if seed % 2 == 0:
        return None, "2"
    return rng.randrange(rules.players), rng.choice(["2", "7", "10", "K", "A"])


def bots(rules: RuleSet, seed: int) -> list[RandomBot] | list[HeuristicBot]:
    if seed % 3 == 2:
        return [HeuristicBot() for _ in range(rules.players)]
    return [RandomBot(random.Random(f"{seed}:{seat}")) for seat in range(rules.players)]


def state(rnd: Round) -> tuple[object, ...]:
    """What every seat sees, and the whole log."""
    return (rnd.phase, rnd.to_act, rnd.deals, rnd.history, tuple(rnd.view(s) for s in range(rnd.players)))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rules", VARIANTS)
def test_a_record_round_trips_through_json_and_replays_to_itself(rules: RuleSet, seed: int) -> None:
    dealer, rank = start(rules, seed)
    record = play_round(rules, seed, bots(rules, seed), dealer=dealer, rank=rank)
    text = record.to_json()
    data = json.loads(text)
    assert data["format"] == 2
    assert set(data) == {"format", "rules", "rank", "dealer", "deals", "history"}
    assert len(data["history"]) == len(record.history)
    again = RoundRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert record.replayed() == record

    steps = list(record.replay())
    assert [a for a, _ in steps] == list(record.history)
    rnd = steps[-1][1]
    assert rnd.history == record.history
    assert rnd.deals == record.deals
    assert rnd.score() == record.score
    assert record.deal == record.deals[-1]
    assert record.redeals == len(record.deals) - 1
    assert record.level_change == record.score.level_change
    assert sum(isinstance(a, DealCard) for a in record.history) == len(record.deals) * rules.hand_size * rules.players


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(players=5), RuleSet(decks=1)], ids=["default", "5", "1deck"])
@pytest.mark.parametrize("seed", range(3))
def test_a_redealt_round_replays_with_every_deal(rules: RuleSet, seed: int) -> None:
    rnd = Round(rules, seed=random.Random(seed))
    for _ in range(seed + 1):  # nobody declares: redealt
        rnd.deal_all()
        assert rnd.finish_deal() is False
    record = run_round(rnd, bots(rules, seed))
    assert record.redeals == seed + 1
    assert len(set(record.deals)) == seed + 2
    assert RoundRecord.from_json(record.to_json()) == record
    assert record.replayed() == record


@pytest.mark.parametrize("rules", VARIANTS)
def test_undo_anywhere_in_a_round_restores_the_state_before_the_action(rules: RuleSet) -> None:
    record = play_round(rules, 11, bots(rules, 11))
    rng = random.Random(3)
    for k in sorted(rng.sample(range(1, len(record.history) + 1), 12)):
        before = Round(rules, deck_order=record.deals[0], redeal_orders=record.deals[1:])
        for action in record.history[: k - 1]:
            before.apply(action)
        rnd = Round(rules, deck_order=record.deals[0], redeal_orders=record.deals[1:])
        for action in record.history[:k]:
            rnd.apply(action)
        assert rnd.undo() == record.history[k - 1]
        assert state(rnd) == state(before), f"after undoing action {k}: {record.history[k - 1]}"


def test_a_tampered_history_is_refused_with_the_rule() -> None:
    record = play_round(seed=3)
    data = json.loads(record.to_json())
    last = len(data["history"]) - 1
    leader_play = next(i for i in range(last, 0, -1) if data["history"][i]["action"] == "play")
    follow = data["history"][leader_play]
    lead = data["history"][leader_play - 3]
    assert (follow["action"], lead["action"]) == ("play", "play")
    swapped = dict(data, history=[*data["history"][: leader_play - 3], follow, *data["history"][leader_play - 2 :]])
    with pytest.raises(RecordError, match="turn"):
        RoundRecord.from_json(json.dumps(swapped))
    with pytest.raises(RecordError, match="not finished"):
        RoundRecord.from_json(json.dumps(dict(data, history=data["history"][:-1])))
    with pytest.raises(RecordError, match="unknown record format 1"):
        RoundRecord.from_json(json.dumps(dict(data, format=1)))
    with pytest.raises(RecordError, match="not an action"):
        RoundRecord.from_json(json.dumps(dict(data, history=[{"action": "shuffle"}])))
    with pytest.raises(RecordError, match="not a saved round"):
        RoundRecord.from_json("[]")


def test_a_failed_throw_is_recorded_as_attempted() -> None:
    rules = RuleSet(throw_penalty=10)
    record = next(r for r in (play_round(rules, s) for s in range(50)) if any(t.attempted for t in r.tricks))
    i, trick = next((i, t) for i, t in enumerate(record.tricks) if t.attempted)
    assert trick.attempted is not None
    plays = [a for a in record.history if isinstance(a, Play)]
    assert plays[i * rules.players] == Play(trick.leader, trick.attempted), "the lead as attempted, not as forced"
    assert RoundRecord.from_json(record.to_json()).tricks == record.tricks
