"""Bots: they see only their own view, they play legally, and the heuristic bot plays like a sensible beginner."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from shengji_tutor import (
    Card,
    HeuristicBot,
    PlayerView,
    RandomBot,
    Round,
    RuleSet,
    Trump,
    legal_follow,
    parse_cards,
    play_round,
)
from shengji_tutor.play.actions import Action, Discard, Play
from shengji_tutor.play.game import head_to_head, run_round
from shengji_tutor.play.round import CHANCE, Declaration, Trick

RULES = RuleSet()
T7C = Trump("7", "C")

VIEW_FIELDS = {
    "decision",
    "seat",
    "phase",
    "rules",
    "rank",
    "hand",
    "trump",
    "dealer",
    "declaration",
    "leader",
    "trick",
    "tricks",
    "discards",
    "declarers",
    "calls",
    "points_won",
    "declarations",
    "dealt",
    "attempted",
    "overturns",
}


def reachable_cards(obj: object, seen: set[int] | None = None) -> Counter[Card]:
    """Every Card reachable from ``obj`` through fields and containers, counted once per place it stands."""
    seen = set() if seen is None else seen
    out: Counter[Card] = Counter()
    if isinstance(obj, Card):
        out[obj] += 1
        return out
    if isinstance(obj, str | int | float | bool | type(None)):
        return out
    assert not isinstance(obj, Round), "a view must not reach the Round"
    if id(obj) in seen:
        return out
    seen.add(id(obj))
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            out += reachable_cards(getattr(obj, f.name), seen)
    elif isinstance(obj, tuple | list):
        for x in obj:
            out += reachable_cards(x, seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += reachable_cards(k, seen) + reachable_cards(v, seen)
    elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        for name in getattr(obj, "__slots__", ()) or vars(obj):
            out += reachable_cards(getattr(obj, name, None), seen)
    return out


def visible_cards(view: PlayerView) -> Counter[Card]:
    """What a player may legitimately see: own hand, the table, own discards, public declarations and calls."""
    out = Counter(view.hand) + Counter(view.discards)
    for play in view.trick:
        out += Counter(play)
    for trick in view.tricks:
        for play in trick.plays:
            out += Counter(play)
        out += Counter(trick.attempted or ())
    out += Counter(view.declaration.cards if view.declaration else ())
    out += Counter(view.attempted or ())
    for d in (*view.declarations, *view.overturns):  # every declaration (and chao dipi overturn) was shown
        out += Counter(d.cards)
    out += Counter(c for c, _ in view.calls)
    return out


class SpyBot:
    """Acts like the random bot, and keeps every view it is given."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.views: list[PlayerView] = []

    def act(self, view: PlayerView) -> Action:
        self.views.append(view)
        return self.inner.act(view)


@pytest.mark.parametrize(
    "rules",
    [RuleSet(), RuleSet(players=5), RuleSet(decks=1), RuleSet(chao_dipi=True, redeal="no-points")],
    ids=["4p", "friends", "1deck", "chao-dipi-redeal"],
)
def test_a_bot_sees_only_its_own_hand_and_the_table(rules: RuleSet) -> None:
    spies = [SpyBot(seat) for seat in range(rules.players)]
    play_round(rules, seed=3, bots=spies)
    for seat, spy in enumerate(spies):
        assert spy.views, "every bot was asked something"
        for view in spy.views:
            assert {f.name for f in dataclasses.fields(view)} == VIEW_FIELDS, "a new view field needs review"
            assert view.seat == seat
            reached = reachable_cards(view)
            allowed = visible_cards(view)
            leaked = reached - allowed
            assert not leaked, f"seat {seat} could read {leaked}"


def same_cards(action: Action) -> tuple[object, ...]:
    """An action with its cards in any order (a play lists its cards in hand order; a bot may not)."""
    cards = getattr(action, "cards", ())
    return (
        type(action),
        getattr(action, "seat", None),
        frozenset(Counter(cards).items()),
        getattr(action, "calls", ()),
    )


@pytest.mark.parametrize(
    ("rules", "seed"),
    [(RuleSet(), 3), (RuleSet(players=5), 3), (RuleSet(chao_dipi=True, redeal="no-points"), 4)],
    ids=["4p", "friends", "chao-dipi-redeal"],
)
def test_every_action_a_bot_takes_is_one_the_round_lists_for_its_seat(rules: RuleSet, seed: int) -> None:
    rnd = Round(rules, seed=seed)
    bots = [RandomBot(f"{seed}:{s}") for s in range(rules.players)]
    taken: Counter[str] = Counter()
    while not rnd.done:
        seat = rnd.to_act
        assert seat is not None
        if seat == CHANCE:
            (action,) = rnd.legal_actions(CHANCE)
        else:
            view = rnd.view(seat)
            assert view.decision is rnd.decision is not None
            action = bots[seat].act(view)
            if isinstance(action, Discard):  # every burial is listed lazily: 13 million of them
                assert len(action.cards) == rules.kitty
                assert not Counter(action.cards) - Counter(rnd.hand(seat))
            elif not (isinstance(action, Play) and view.leading and len(action.cards) > 1):  # a throw is not listed
                assert same_cards(action) in {same_cards(a) for a in rnd.legal_actions(seat)}, action
        taken[type(action).__name__] += 1
        rnd.apply(action)
    assert taken["DealCard"] >= rnd.rules.hand_size * rnd.players
    assert taken["Play"] >= rnd.rules.hand_size
    assert taken["Pass"] > 0, "random bots pass some of what they are asked"
    if rules.players == 5:
        assert taken["Call"] == 1


def test_only_the_dealer_sees_the_discards() -> None:
    spies = [SpyBot(seat) for seat in range(4)]
    record = play_round(RULES, seed=5, bots=spies)
    for seat, spy in enumerate(spies):
        late = [v for v in spy.views if v.phase == "play"]
        assert late
        if seat == record.dealer:
            assert all(Counter(v.discards) == Counter(record.kitty) for v in late)
        else:
            assert all(v.discards == () for v in late)


def test_the_heuristic_bot_beats_the_random_bot_over_200_rounds() -> None:
    rng = random.Random(11)
    result = head_to_head(lambda seat: HeuristicBot(), lambda seat: RandomBot(rng.randrange(2**32)), rounds=200, seed=1)
    assert result.rounds == 200
    assert result.win_rate > 0.75, result


# -- the heuristic bot's habits, on hand-made views ---------------------------------------------


def view(
    hand: str,
    trick: Sequence[str],
    seat: int,
    leader: int,
    tricks: Sequence[Trick] = (),
    trump: Trump = T7C,
) -> PlayerView:
    return PlayerView(
        seat=seat,
        phase="play",
        rules=RULES,
        rank=trump.rank,
        hand=tuple(parse_cards(hand)),
        trump=trump,
        dealer=0,
        declaration=Declaration(0, (Card("7", "C"),), "C", 1),
        leader=leader,
        trick=tuple(tuple(parse_cards(p)) for p in trick),
        tricks=tuple(tricks),
        discards=(),
        declarers=(0, 2),
        calls=(),
        points_won=(0, 0, 0, 0),
    )


def legal(v: PlayerView, play: Sequence[Card]) -> bool:
    assert v.trump is not None
    return bool(legal_follow(v.hand, v.trick[0], play, v.trump, v.rules))


def test_gives_points_to_a_partner_who_is_winning() -> None:
    # seat 2's partner (seat 0) leads the ace of hearts; seat 1 plays low; seat 2 smears the K.
    v = view("KH 3H 4S 5S", ["AH", "2H"], seat=2, leader=0)
    play = HeuristicBot().play(v)
    assert [str(c) for c in play] == ["KH"]
    assert legal(v, play)


def test_wins_a_trick_with_points_as_cheaply_as_it_can() -> None:
    # the opponent led 10H (10 points); seat 1 holds QH, KH and AH: the queen is enough.
    v = view("QH KH AH 3S", ["10H"], seat=1, leader=0)
    assert [str(c) for c in HeuristicBot().play(v)] == ["QH"]


def test_does_not_waste_a_high_trump_on_a_ruff() -> None:
    # void in hearts, the opponent's KH is worth 10: ruff with the lowest trump, not the big joker.
    v = view("BJ SJ 2C 3S", ["KH"], seat=1, leader=0)
    assert [str(c) for c in HeuristicBot().play(v)] == ["2C"]


def test_discards_without_points_when_it_cannot_win() -> None:
    v = view("3H 10H 4S", ["AH"], seat=1, leader=0)
    play = HeuristicBot().play(v)
    assert [str(c) for c in play] == ["3H"]


def test_throws_only_when_no_unseen_card_beats_it() -> None:
    # K♠ and Q♠ Q♠: both A♠ are unseen, so the single K♠ could be beaten and K♠ Q♠ Q♠ is not safe ...
    hand = "KS QS QS 3D"
    unsafe = HeuristicBot().play(view(hand, [], seat=0, leader=0))
    assert sorted(str(c) for c in unsafe) != ["KS", "QS", "QS"]
    # ... until both aces have been played: then nobody can beat K♠, nor Q♠ Q♠ (no pair of A♠ or K♠ is left).
    gone = Trick(1, tuple(tuple(parse_cards(p)) for p in ("AS", "AS", "4S", "5S")), 1, 5)
    safe = HeuristicBot().play(view(hand, [], seat=0, leader=0, tricks=[gone]))
    assert sorted(str(c) for c in safe) == ["KS", "QS", "QS"]


def test_random_bot_plays_legally_from_its_view() -> None:
    rnd = Round(RULES, seed=2)
    bots = [RandomBot(s) for s in range(4)]
    record = run_round(rnd, bots)
    assert sum(len(p) for t in record.tricks for p in t.plays) == 100  # every card of the 4 hands played
