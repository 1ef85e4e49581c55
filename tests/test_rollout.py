"""The lean play-outs (``play.rollout``) play exactly as ``Round`` driven by ``HeuristicBot`` did.

Two checks, on seeded rounds of many rule variants:

- decision by decision, ``heuristic_play`` on the lean state of a round gives the same cards, in the same order,
  as ``HeuristicBot.play`` on the player's view (the two policies must stay in step: a change to the bot's play
  fails here until ``heuristic_play`` follows it);
- play-out by play-out, ``search.play_out`` from positions at the first lead and mid-round, from the seat to act,
  with the search's candidates, the heuristic's throws and throws that fail, ends in the same round (every trick,
  the points, the friends, the failed throws, the history, the hands) with the same ``_Outcome`` as the old path
  (``reference_play_outs``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from shengji_tutor import HeuristicBot, Round, RuleSet, Trump
from shengji_tutor.engine.cards import Card, cards_of
from shengji_tutor.engine.ids import TRUMP, decompose
from shengji_tutor.play import search
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.rollout import Table, finish_round, finish_round_reference, heuristic_play, reference_play_outs
from shengji_tutor.play.round import IllegalPlayError, PlayerView
from shengji_tutor.play.search import Budget, candidate_plays, play_out

SEEDS = 8
"""Rounds per variant: enough to meet throws (that stand and that fail) and friends in every variant."""

VARIANTS = {
    "house": (RuleSet(), "2"),
    "1-deck": (RuleSet(decks=1, throw_penalty=10), "7"),
    "3-decks": (RuleSet(decks=3, throw_penalty=5), "K"),
    "5-friends": (RuleSet(players=5), "3"),
    "6-friends": (RuleSet(players=6, partnership="friends", decks=3), "Q"),
    "6-fixed": (RuleSet(players=6), "4"),
    "red-five": (RuleSet(red_five="5H+5D", kitty_multiplier="power"), "9"),
    "red-five-at-5": (RuleSet(red_five="5H", red_five_penalty=20), "5"),
    "kitty-cards": (RuleSet(kitty_multiplier="cards", throw_evaluation="all"), "A"),
    "hook": (RuleSet(hook_and_needle=True, follow="protect-longer", decks=3), "J"),
    "needle-5": (RuleSet(hook_and_needle=True, players=5, throw_penalty=10), "A"),
    "chao-7": (RuleSet(chao_dipi=True, players=7), "6"),
}


def _round(rules: RuleSet, rank: str, seed: int, no_trump: bool = False) -> Round:
    """A seeded round of heuristic bots at its first lead (with ``no_trump``, its trump turned to no-trump)."""
    rnd = Round(rules, seed=seed, dealer=seed % rules.players, rank=rank)
    prepare_round(rnd, [HeuristicBot()] * rules.players)
    if no_trump:
        rnd.trump = Trump(rank, None, rules.red_five)
    return rnd


def _advance(rnd: Round, plays: int) -> None:
    bot = HeuristicBot()
    for _ in range(plays):
        if rnd.phase != "play":
            return
        seat = rnd.to_act
        assert seat is not None
        rnd.play(seat, bot.play(rnd.view(seat)))


def _ids(cards: object) -> list[int]:
    return [c.id for c in cards]  # type: ignore[attr-defined]


# -- decision by decision ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_lean_policy_plays_every_decision_as_the_heuristic_bot(name: str) -> None:
    rules, rank = VARIANTS[name]
    bot = HeuristicBot()
    decisions = throws = 0
    for seed in range(SEEDS):
        rnd = _round(rules, rank, seed, no_trump=seed % 4 == 3)
        while rnd.phase == "play":
            seat = rnd.to_act
            assert seat is not None
            cards = bot.play(rnd.view(seat))
            assert heuristic_play(Table(rnd), seat) == _ids(cards), f"seed {seed}, trick {len(rnd.tricks)}"
            decisions += 1
            if not rnd.trick and len(decompose(_ids(cards), rnd.trump.key_table)) > 1:  # type: ignore[union-attr]
                throws += 1
            rnd.play(seat, cards)
    assert decisions >= SEEDS * rules.hand_size
    assert throws > 0, "the heuristic's throws were met"


# -- play-out by play-out -------------------------------------------------------------------------------------


def _state(rnd: Round) -> tuple[object, ...]:
    return (
        rnd.phase,
        rnd.tricks,
        rnd.points_won,
        rnd.friends,
        rnd.declarers,
        rnd.failed_throws,
        rnd.history,
        rnd._called_plays,
        [list(h) for h in rnd._state.hands],
        rnd.score(),
        rnd.next_dealer(),
    )


def _failing_throw(view: PlayerView) -> tuple[Card, ...] | None:
    """A lead of a whole plain suit of several units (most such throws fail), if the hand has one."""
    trump = view.trump
    assert trump is not None
    suits: dict[int, list[Card]] = {}
    for c in view.hand:
        if trump.suit_table[c.id] != TRUMP:
            suits.setdefault(trump.suit_table[c.id], []).append(c)
    for cards in sorted(suits.values(), key=len, reverse=True):
        if len(decompose(_ids(cards), trump.key_table)) > 1:
            return tuple(cards)
    return None


def _positions(rules: RuleSet, rank: str, seeds: range, marks: tuple[int, ...]) -> Iterator[tuple[Round, int]]:
    """Rounds at the first lead and ``marks`` plays in, each with the seat to act."""
    for seed in seeds:
        rnd = _round(rules, rank, seed, no_trump=seed % 4 == 3)
        done = 0
        for mark in marks:
            _advance(rnd, mark - done)
            done = mark
            if rnd.phase != "play":
                break
            seat = rnd.to_act
            assert seat is not None
            yield rnd, seat


def _compare(view: PlayerView, hidden: dict[int, list[int]], kitty: list[int], play: tuple[Card, ...]) -> bool:
    """The play played out both ways from the position; whether its trick was led with a throw that failed."""
    old, new = Round.position(view, hidden, kitty), Round.position(view, hidden, kitty)
    with reference_play_outs():
        expected = play_out(old, view.seat, play)
    got = play_out(new, view.seat, play)
    assert got == expected
    assert _state(new) == _state(old)
    return any(t.attempted is not None for t in new.tricks[len(view.tricks) :])


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_lean_play_out_ends_as_the_old_one(name: str) -> None:
    rules, rank = VARIANTS[name]
    failed = 0
    for rnd, seat in _positions(rules, rank, range(SEEDS), (0, 1, 2 * rules.players + 3, 5 * rules.players)):
        view = rnd.view(seat)
        hidden = {s: list(rnd._state.hands[s]) for s in range(rules.players) if s != seat}
        plays = candidate_plays(view, 3)
        throw = _failing_throw(view) if view.leading else None
        if throw is not None:
            plays.append(throw)
        for play in plays:
            failed += _compare(view, hidden, [c.id for c in rnd.discards], play)
    assert failed > 0, "a failed throw was played out"


def test_a_play_out_from_a_trick_led_with_a_failed_throw() -> None:
    rules, rank = RuleSet(throw_penalty=10), "2"
    met = 0
    for seed in range(12):
        rnd = _round(rules, rank, seed)
        _advance(rnd, 8)
        seat = rnd.to_act
        assert seat is not None
        throw = _failing_throw(rnd.view(seat)) if not rnd.trick else None
        if throw is None:
            continue
        rnd.play(seat, throw)
        if rnd.attempted is None:
            continue
        met += 1
        follower = rnd.to_act
        assert follower is not None
        view = rnd.view(follower)
        assert view.attempted is not None
        hidden = {s: list(rnd._state.hands[s]) for s in range(rules.players) if s != follower}
        for play in candidate_plays(view, 3):
            _compare(view, hidden, [c.id for c in rnd.discards], play)
    assert met >= 3


def test_the_search_values_plays_as_before() -> None:
    rnd = _round(RuleSet(players=5), "2", 3)
    _advance(rnd, 13)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    budget = Budget(samples=4, candidates=4)
    with reference_play_outs():
        expected = search.evaluate_plays(view, budget, seed=1)
    assert search.evaluate_plays(view, budget, seed=1) == expected


def test_chao_dipi_overturns_are_played_out_as_before() -> None:
    from shengji_tutor.play.bots import declarations_for
    from shengji_tutor.play.game import advance

    rules = RuleSet(chao_dipi=True)
    for seed in range(40):
        rnd = Round(rules, seed=seed, dealer=seed % 4)
        advance(rnd, [HeuristicBot() for _ in range(4)], until="chao")
        seat = rnd.to_act
        if rnd.phase == "chao" and seat is not None and declarations_for(rnd.view(seat)):
            break
    else:
        raise AssertionError("no seed gives a chao dipi turn with an overturn")
    view = rnd.view(seat)
    options = [None, declarations_for(view)[0]]
    budget = Budget(samples=3, candidates=2)
    with reference_play_outs():
        expected = search.overturn_runs(view, options, budget, seed=2)
    assert search.overturn_runs(view, options, budget, seed=2) == expected


def test_a_policy_can_be_given_and_every_follow_is_judged_when_checked() -> None:
    rnd = _round(RuleSet(), "2", 1)
    seen: list[int] = []

    def counting(table: Table, seat: int) -> list[int]:
        seen.append(seat)
        return heuristic_play(table, seat)

    finish_round(rnd, counting, checked=True)
    assert rnd.phase == "done"
    assert len(seen) == sum(len(t.plays) for t in rnd.tricks)

    def reckless(table: Table, seat: int) -> list[int]:  # follows with the first cards in hand, legal or not
        if table.trick:
            return list(table.hands[seat][: len(table.trick[0])])
        return heuristic_play(table, seat)

    rnd = _round(RuleSet(), "2", 1)
    with pytest.raises(IllegalPlayError, match="illegal"):
        finish_round(rnd, reckless, checked=True)


def test_a_policy_s_failed_throw_is_judged_as_the_round_judges_it() -> None:
    def thrower(table: Table, seat: int) -> list[int]:  # leads a whole plain suit when it holds several units
        if not table.trick:
            suit, key = table.tables.suit, table.tables.key
            for s in (0, 1, 2, 3):
                cards = [i for i in table.hands[seat] if suit[i] == s]
                if len(decompose(cards, key)) > 1:
                    return cards
        return heuristic_play(table, seat)

    failed = 0
    for seed in range(4):
        rules = RuleSet(throw_penalty=10, players=5) if seed % 2 else RuleSet(throw_penalty=10)
        lean, driven = _round(rules, "2", seed), _round(rules, "2", seed)
        finish_round(lean, thrower, checked=True)
        while driven.phase == "play":  # the same policy, each play judged by the round itself
            seat = driven.to_act
            assert seat is not None
            driven.play(seat, cards_of(thrower(Table(driven), seat)))
        assert _state(lean) == _state(driven)
        failed += len(lean.failed_throws)
    assert failed > 0


def test_a_round_out_of_its_play_phase_is_played_out_the_old_way() -> None:
    rnd = _round(RuleSet(), "2", 2)
    _advance(rnd, 10_000)
    assert rnd.phase == "done"
    before = rnd.tricks
    finish_round(rnd)  # nothing left to play
    assert rnd.tricks == before


@pytest.mark.slow
def test_a_thousand_rounds_end_the_same_by_the_lean_loop_and_by_the_round_with_heuristic_bots() -> None:
    """Issue 41's conformance check: from the first lead of 1,000 seeded rounds (every variant in turn), the lean
    loop (``finish_round``) and the reference driver (``Round`` with ``HeuristicBot`` in every seat) end in the same
    round: the same actions, tricks, points, friends, failed throws, hands, score and next dealer."""
    variants = list(VARIANTS.values())
    for seed in range(1000):
        rules, rank = variants[seed % len(variants)]
        lean, reference = (_round(rules, rank, seed, no_trump=seed % 7 == 3) for _ in range(2))
        finish_round(lean)
        finish_round_reference(reference)
        assert _state(lean) == _state(reference), f"seed {seed}"


def test_a_play_out_that_does_not_use_up_the_hands_is_refused_and_changes_nothing() -> None:
    """``Round.played_out``, the lean loop's hook: tricks that leave a card in a hand, or that are not led by the
    last trick's winner, name the problem and leave the round as it was."""
    from shengji_tutor.play.round import ActionError

    lean = _round(RuleSet(), "2", 5)
    table = Table(lean)
    while not table.play(seat := (table.leader + len(table.trick)) % table.n, heuristic_play(table, seat)):
        pass
    before = _state_in_play(lean)
    with pytest.raises(ActionError, match="use up the hands"):
        lean.played_out(table.played[:-1])
    with pytest.raises(ActionError, match="not led by seat"):
        lean.played_out([dataclasses.replace(table.played[0], leader=(lean.leader + 1) % 4), *table.played[1:]])
    assert _state_in_play(lean) == before
    lean.played_out(table.played)
    reference = _round(RuleSet(), "2", 5)
    finish_round_reference(reference)
    assert _state(lean) == _state(reference)


def _state_in_play(rnd: Round) -> tuple[object, ...]:
    return (rnd.phase, list(rnd.tricks), list(rnd.points_won), rnd.history, [rnd.hand(s) for s in range(rnd.players)])
