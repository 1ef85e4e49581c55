"""Whole games of Zheng Fen (OpenSpiel's random-play conformance): every player count 3–6, random and heuristic
bots, many seeds. Each record is checked against RULES §12 from its own data — cards conserved, every play beats
the one before it in its pile or is a lead, the last player takes the pile, points conserved, the game ends with
one player alone at the top at or above the target — and replays to itself; hypothesis checks that ``classify``
and ``combinations`` agree on random hands."""

from __future__ import annotations

import random
from itertools import combinations as choose

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_tutor import Card, deck
from shengji_tutor.zhengfen import (
    Bot,
    CombinationError,
    Game,
    GameRecord,
    HeuristicBot,
    Pass,
    Play,
    RandomBot,
    TurnError,
    View,
    ZhengFenError,
    ZhengFenRules,
    classify,
    combinations,
    play_game,
)

FULL_DECK = sorted(c.id for c in deck(1))
SEEDS = range(4)


def _bots(kind: str, players: int, seed: int) -> list[Bot]:
    if kind == "random":
        return [RandomBot(f"{seed}:{s}") for s in range(players)]
    if kind == "heuristic":
        return [HeuristicBot() for _ in range(players)]
    return [HeuristicBot() if s % 2 else RandomBot(f"{seed}:{s}") for s in range(players)]


def check_game(record: GameRecord) -> None:
    n, target = record.rules.players, record.rules.target
    assert len(record.deals) == len(record.dealers) == len(record.tricks) == len(record.hand_points)
    assert record.dealers[0] == record.first_dealer
    totals = [0] * n
    for h, (order, tricks, points) in enumerate(zip(record.deals, record.tricks, record.hand_points, strict=True)):
        assert sorted(c.id for c in order) == FULL_DECK, "one deck of 54, each card once"
        played: list[int] = []
        for trick in tricks:
            first, *rest = trick.actions
            assert isinstance(first, Play), "a pile opens with a lead, never a pass"
            assert first.seat == trick.leader
            table = classify(first.cards)
            last = first.seat
            for action in rest:
                if isinstance(action, Play):
                    combo = classify(action.cards)
                    assert combo.beats(table), f"{combo.describe()} does not beat {table.describe()}"
                    table, last = combo, action.seat
            assert trick.taker == last, "the last player to play takes the pile"
            assert trick.points == sum(c.points for p in trick.plays for c in p.cards)
            played.extend(c.id for p in trick.plays for c in p.cards)
        assert sorted(played) == FULL_DECK, "every card of the hand is played exactly once"
        taken = [sum(t.points for t in tricks if t.taker == s) for s in range(n)]
        assert list(points) == taken
        assert sum(points) == 100, "points as in Sheng ji: 100 a deck"
        for s in range(n):
            totals[s] += points[s]
        best = max(totals)
        alone = [s for s in range(n) if totals[s] == best] == [record.winner]
        finished = h == len(record.deals) - 1
        assert (best >= target and len([v for v in totals if v == best]) == 1) == finished, "ends when one leads"
        if finished:
            assert alone
        else:
            assert record.dealers[h + 1] == tricks[-1].taker, "the last player to play deals the next hand"
    assert list(record.scores) == totals
    assert record.scores[record.winner] >= target
    for h in range(len(record.deals)):
        check_turns(record, h)


def _next_holder(held: list[set[int]], seat: int) -> int | None:
    n = len(held)
    return next(((seat + k) % n for k in range(1, n + 1) if held[(seat + k) % n]), None)


def check_turns(record: GameRecord, h: int) -> None:
    """The deal goes round from the dealer; the 3♥ leads; the turn goes round skipping empty hands; a pile ends
    when every other holder of cards has passed, and its taker (or the next holder) leads."""
    n = record.rules.players
    held: list[set[int]] = [set() for _ in range(n)]
    for k, card in enumerate(record.deals[h]):
        held[(record.dealers[h] + k) % n].add(card.id)
    assert max(map(len, held)) - min(map(len, held)) <= 1
    leader: int | None = next(s for s in range(n) if Card("3", "H").id in held[s])
    for trick in record.tricks[h]:
        assert trick.leader == leader
        actor, last, passes = None, trick.leader, 0
        for action in trick.actions:
            expected = leader if actor is None else _next_holder(held, actor)
            assert action.seat == expected, "the turn goes round, skipping players with no cards"
            others = sum(1 for s in range(n) if s != last and held[s])
            assert actor is None or passes < others, "the pile is taken once all the others have passed"
            if isinstance(action, Play):
                held[action.seat] -= {c.id for c in action.cards}
                last, passes = action.seat, 0
            else:
                passes += 1
            actor = action.seat
        assert passes == sum(1 for s in range(n) if s != last and held[s])
        leader = last if held[last] else _next_holder(held, last)
    assert leader is None, "the hand ends when every hand is empty"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("bots", ["random", "heuristic", "mixed"])
def test_whole_games_keep_every_rule(players: int, bots: str) -> None:
    for seed in SEEDS:
        record = play_game(players, seed, bots=_bots(bots, players, seed))
        check_game(record)
        assert record.replayed() == record
        assert GameRecord.from_json(record.to_json()) == record


def test_a_game_to_1000_and_the_default_game() -> None:
    record = play_game(players=5, seed=3, target=1000, bots=_bots("random", 5, 3))
    check_game(record)
    assert max(record.scores) >= 1000
    default = play_game()
    check_game(default)
    assert default.rules.players == 4
    assert default.rules.target == 500
    assert default == play_game(players=4, seed=0), "seeded: the same game again"


def test_every_decision_offers_exactly_the_legal_actions() -> None:
    record = play_game(players=3, seed=7, bots=_bots("random", 3, 7))
    for _action, game in record.replay():
        if game.to_act is None:
            break
        view = game.view()
        actions = game.legal_actions()
        assert actions == view.legal_actions() == game.legal_actions(game.to_act)
        for other in range(3):  # a player waiting for their turn sees the table, and may do nothing
            if other != game.to_act:
                assert game.view(other).hand == tuple(game.hands[other])
                assert not game.view(other).turn
                assert game.legal_actions(other) == []
        assert (Pass(view.seat) in actions) is (view.table is not None)
        for a in actions:
            if isinstance(a, Play):
                assert all(c in view.hand for c in a.cards)
                assert view.table is None or classify(a.cards).beats(view.table)


def test_the_heuristic_bot_outscores_random_bots() -> None:
    wins = 0
    games = 12
    for seed in range(games):
        seat = seed % 4
        bots: list[Bot] = [HeuristicBot() if s == seat else RandomBot(f"{seed}:{s}") for s in range(4)]
        wins += play_game(4, seed, bots=bots).winner == seat
    assert wins >= games * 3 // 4, f"the heuristic bot won {wins} of {games} games against three random bots"


def test_the_heuristic_bot_passes_rather_than_spend_a_special_on_an_empty_pile() -> None:
    from shengji_tutor.zhengfen import ZhengFenRules

    hand = tuple(Card.parse(t) for t in ["2S", "2H", "2D", "2C", "5S", "10H", "KD", "3C"])
    view = View(ZhengFenRules(), 0, hand, classify("AS"), 1, 0, (8, 10, 10, 10), (0, 0, 0, 0))
    assert HeuristicBot().act(view) == Pass(0)
    rich = View(ZhengFenRules(), 0, hand, classify("AS"), 1, 40, (8, 10, 10, 10), (0, 0, 0, 0))
    assert isinstance(HeuristicBot().act(rich), Play)
    lead = View(ZhengFenRules(), 0, hand, None, None, 0, (8, 10, 10, 10), (0, 0, 0, 0))
    assert HeuristicBot().act(lead) == Play(0, (Card("3", "C"),)), "it leads its lowest combination"


ONE_DECK = list(deck(1))


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(min_value=4, max_value=12))
def test_classify_accepts_exactly_the_enumerated_combinations(rng: random.Random, size: int) -> None:
    hand = rng.sample(ONE_DECK, size)
    found = {frozenset(c.id for c in combo.cards): combo for combo in combinations(hand)}
    assert len(found) == len(combinations(hand)), "each set of cards once"
    for combo in found.values():
        assert classify(combo.cards) == combo
    for k in range(1, min(size, 6) + 1):
        for cards in choose(hand, k):
            key = frozenset(c.id for c in cards)
            try:
                combo = classify(cards)
            except CombinationError:
                assert key not in found
            else:
                assert found[key] == combo


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_beating_is_a_strict_order(rng: random.Random) -> None:
    combos = combinations(rng.sample(ONE_DECK, 14))
    sample = rng.sample(combos, min(len(combos), 25))
    for a in sample:
        assert not a.beats(a)
        for b in sample:
            if a.beats(b):
                assert not b.beats(a)
                for c in sample:
                    if b.beats(c):
                        assert a.beats(c)


def _snapshot(game: Game) -> object:
    return (game.to_act, game.table, game.last, [list(h) for h in game.hands], len(game.history), list(game.scores))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=10_000), st.integers(min_value=3, max_value=6), st.randoms(use_true_random=False)
)
def test_any_cards_are_either_a_legal_action_or_refused_changing_nothing(
    seed: int, players: int, rng: random.Random
) -> None:
    game = Game(ZhengFenRules(players=players), seed=seed)
    bots = [RandomBot(rng.randrange(2**32)) for _ in range(players)]
    for _ in range(rng.randrange(200)):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view()))
    seat = game.to_act
    assert seat is not None
    hand = game.hands[seat]
    cards = tuple(rng.sample(hand, rng.randint(1, min(len(hand), 6))))
    if rng.random() < 0.2:
        cards = (*cards, rng.choice(ONE_DECK))
    action = Play(seat, cards)
    before = _snapshot(game)
    legal = any(
        isinstance(a, Play) and sorted(c.id for c in a.cards) == sorted(c.id for c in cards)
        for a in game.legal_actions()
    )
    try:
        game.apply(action)
    except ZhengFenError:
        assert not legal
        assert _snapshot(game) == before
    else:
        assert legal


# -- a tie at the top plays on (RULES §12: the highest score wins; the engine decides a shared top plays on) -----


def _finish_hand_with(game: Game, scores: list[int], taken: list[int]) -> None:
    """Bring ``game`` to the end of a hand whose players had ``scores`` before it and took ``taken`` in it (set
    up through the game's own hand-ending step, so the winner rule under test is the game's)."""
    game.scores = list(scores)
    game._taken = list(taken)
    game.hands = [[] for _ in game.hands]
    game._end_hand(0)


def test_a_tie_at_the_top_past_the_target_plays_on_with_a_new_hand() -> None:
    game = Game(ZhengFenRules(players=4), seed=3)
    _finish_hand_with(game, [480, 490, 100, 0], [30, 20, 50, 0])  # 510 and 510 share the top
    assert game.scores == [510, 510, 150, 0]
    assert game.winner is None
    assert not game.done
    assert len(game.deals) == 2
    assert game.to_act is not None


def test_a_single_leader_past_the_target_wins_at_the_end_of_the_hand() -> None:
    game = Game(ZhengFenRules(players=4), seed=3)
    _finish_hand_with(game, [480, 490, 100, 0], [40, 20, 40, 0])
    assert game.winner == 0
    assert game.done
    assert len(game.deals) == 1  # no new hand


def test_a_leader_below_the_target_plays_on() -> None:
    game = Game(ZhengFenRules(players=4), seed=3)
    _finish_hand_with(game, [400, 300, 100, 0], [50, 20, 30, 0])
    assert game.winner is None
    assert len(game.deals) == 2


def test_undo_takes_back_each_action_across_hands_and_deals_the_same_cards() -> None:
    """The turn interface of ``play.Round`` (python-chess's push/pop): undo one action at a time, back to the start."""
    rules = ZhengFenRules(players=3)
    game = Game(rules, seed=11)
    bots = _bots("heuristic", 3, 11)
    states = []
    while not game.done:
        states.append((tuple(map(tuple, game.hands)), game.to_act, tuple(game.scores), len(game.deals)))
        game.apply(bots[game.to_act].act(game.view()))
    assert len(game.deals) > 1, "the game spans more than one hand"
    done, history = game.winner, list(game.history)
    for k in range(len(history) - 1, -1, -1):
        assert game.undo() == history[k]
        assert (tuple(map(tuple, game.hands)), game.to_act, tuple(game.scores), len(game.deals)) == states[k]
    with pytest.raises(TurnError, match="nothing to undo"):
        game.undo()
    for action in history:  # the same cards come again: the game ends as it did
        game.apply(action)
    assert game.winner == done


def test_the_one_turn_loop_plays_zheng_fen_and_waits_for_a_person() -> None:
    """``engine.turns.take_turns`` plays a Zheng Fen game as it plays a round of Sheng ji: bots answer, a seat
    without one (a person) stops the loop, and the loop goes on once that person has acted."""
    from shengji_tutor.engine.turns import take_turns

    game = Game(ZhengFenRules(players=4), seed=2)
    bots: list[Bot | None] = [HeuristicBot(), HeuristicBot(), None, HeuristicBot()]
    person = HeuristicBot()
    seen: list[object] = []
    while (seat := take_turns(game, bots, seen=lambda action, _result: seen.append(action))) is not None:
        assert seat == 2 == game.to_act
        game.apply(person.act(game.view(2)))
        seen.append(game.history[-1])
    assert game.done
    assert seen == game.history
