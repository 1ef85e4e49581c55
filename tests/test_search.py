"""The search bot and ``evaluate_plays``: legal, seeded, explained; positions rebuilt exactly from a view."""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import pairwise

import pytest

from shengji_tutor import (
    Card,
    HeuristicBot,
    PlayValue,
    Round,
    RuleSet,
    SearchBot,
    Trump,
    evaluate_plays,
    lead_format,
    legal_follow,
    level_change,
)
from shengji_tutor.play.bots import declarations_for
from shengji_tutor.play.game import advance, prepare_round
from shengji_tutor.play.resample import Deal, Resampler
from shengji_tutor.play.round import PhaseError, PlayerView
from shengji_tutor.play.sampler import STOCK, Knowledge
from shengji_tutor.play.search import (
    POINTS_WEIGHT,
    Budget,
    blur,
    blurred_levels,
    burials,
    candidate_plays,
    play_out,
)

SMALL = Budget(samples=3, candidates=4)


def round_at(rules: RuleSet, seed: int, plays: int) -> Round:
    """A round of heuristic bots, ``plays`` plays into the play phase."""
    rnd = Round(rules, seed=seed, dealer=seed % rules.players)
    bots = [HeuristicBot() for _ in range(rules.players)]
    prepare_round(rnd, bots)
    for _ in range(plays):
        seat = rnd.to_act
        assert seat is not None
        rnd.play(seat, bots[seat].play(rnd.view(seat)))
    return rnd


def hidden_of(rnd: Round, seat: int) -> tuple[dict[int, list[int]], list[int]]:
    hands = {s: [c.id for c in rnd.hand(s)] for s in range(rnd.players) if s != seat}
    return hands, [c.id for c in rnd.discards]


@pytest.mark.parametrize(
    "rules", [RuleSet(), RuleSet(players=5), RuleSet(decks=1, throw_penalty=10)], ids=["4p", "friends", "1deck"]
)
@pytest.mark.parametrize("plays", [0, 6, 13, 30])
def test_a_position_is_the_round_as_the_view_shows_it(rules: RuleSet, plays: int) -> None:
    rnd = round_at(rules, seed=7, plays=plays)
    seat = rnd.to_act
    assert seat is not None
    hands, kitty = hidden_of(rnd, seat)
    copy = Round.position(rnd.view(seat), hands, kitty)
    for s in range(rules.players):
        assert copy.view(s) == rnd.view(s), f"seat {s} sees the same round"
    assert (copy.declarers, copy.failed_throws, copy.penalty_points) == (
        rnd.declarers,
        rnd.failed_throws,
        rnd.penalty_points,
    )
    bots = [HeuristicBot() for _ in range(rules.players)]
    for r in (rnd, copy):  # played on alike, they end alike
        while r.phase == "play":
            s = r.to_act
            assert s is not None
            r.play(s, bots[s].play(r.view(s)))
    assert copy.score() == rnd.score()


def test_a_position_needs_the_play_phase() -> None:
    rnd = Round(RuleSet(), seed=1, dealer=0)
    with pytest.raises(PhaseError, match="during the play"):
        Round.position(rnd.view(0), {})


@pytest.mark.parametrize("plays", [0, 1, 5, 22])
def test_every_evaluated_play_is_legal_and_the_best_comes_first(plays: int) -> None:
    rnd = round_at(RuleSet(), seed=3, plays=plays)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    assert view.trump is not None
    values = evaluate_plays(view, SMALL)
    assert 1 <= len(values) <= SMALL.candidates
    for v in values:
        assert isinstance(v, PlayValue)
        if view.trick:
            assert legal_follow(view.hand, view.trick[0], v.play, view.trump, view.rules)
        else:
            assert lead_format(v.play, view.trump, view.rules).kind != "throw" or v.play == tuple(
                HeuristicBot().play(view)
            ), "a throw is searched only when it is the heuristic's"
            assert not Counter(v.play) - Counter(view.hand)
        assert v.samples == SMALL.samples
        assert v.stderr >= 0
        assert -4 <= v.level_change <= 4
        assert v.attacker_points >= 0
    assert [v.value for v in values] == sorted((v.value for v in values), reverse=True)


def test_the_same_view_seed_and_budget_give_the_same_values_and_choice() -> None:
    rnd = round_at(RuleSet(), seed=11, plays=9)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    assert evaluate_plays(view, SMALL, seed=5) == evaluate_plays(view, SMALL, seed=5)
    assert SearchBot(seed=2, budget=SMALL).play(view) == SearchBot(seed=2, budget=SMALL).play(view)


def test_a_play_value_counts_the_trumps_it_spends_and_the_pairs_it_breaks() -> None:
    rnd = round_at(RuleSet(), seed=5, plays=0)
    view = rnd.view(rnd.dealer or 0)
    assert view.trump is not None
    held = Counter(view.hand)
    for v in evaluate_plays(view, Budget(samples=1, candidates=12)):
        used = Counter(v.play)
        assert v.trumps_spent == sum(1 for c in v.play if view.trump.is_trump(c))
        assert v.pairs_broken == sum(1 for c, n in used.items() if held[c] >= 2 and n % 2 == 1)
        assert str(v).startswith(" ".join(map(str, v.play)))


def test_points_this_trick_and_after_add_up_to_the_sides_trick_points() -> None:
    """With one sample, a play's trick and later points are one play-out's: they sum to the side's margin."""
    rnd = round_at(RuleSet(decks=1), seed=2, plays=4)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    for v in evaluate_plays(view, Budget(samples=1, candidates=3)):
        assert float(v.trick_points).is_integer()
        assert float(v.later_points).is_integer()
        assert abs(v.trick_points) <= 200
        assert abs(v.later_points) <= 200


def test_plays_differing_only_in_interchangeable_cards_are_searched_once() -> None:
    rnd = round_at(RuleSet(), seed=8, plays=0)
    view = rnd.view(rnd.dealer or 0)
    candidates = candidate_plays(view, 100)
    assert view.trump is not None
    keys = [tuple(sorted((view.trump.suit_of(c), view.trump.key(c), c.points) for c in play)) for play in candidates]
    assert len(keys) == len(set(keys))


def test_a_budget_is_whole_positive_numbers() -> None:
    with pytest.raises(ValueError, match="samples is a whole number of at least 1"):
        Budget(samples=0)
    with pytest.raises(ValueError, match="candidates"):
        Budget(candidates=2.5)  # type: ignore[arg-type]


def test_plays_are_evaluated_only_during_the_play() -> None:
    rnd = Round(RuleSet(), seed=1, dealer=0)
    with pytest.raises(ValueError, match="'deal' phase"):
        evaluate_plays(rnd.view(0))


def test_the_search_bot_buries_as_many_cards_of_its_hand_as_the_kitty_held() -> None:
    rnd = Round(RuleSet(), seed=4, dealer=2)
    advance(rnd, [HeuristicBot() for _ in range(4)], until="kitty")  # the bots' driver, stopped at the kitty
    view = rnd.view(2)
    options = burials(view)
    assert options[0] == tuple(HeuristicBot().discard(view))
    chosen = SearchBot(seed=1, budget=Budget(samples=3)).discard(view)
    assert tuple(chosen) in options
    assert len(chosen) == view.rules.kitty
    assert not Counter(chosen) - Counter(view.hand)
    rnd.discard(2, chosen)  # the round accepts it


def test_the_search_bot_weighs_a_burial_on_as_many_deals_as_a_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """A burial shapes the whole round: it is chosen on ``budget.samples`` deals and re-checked on
    ``budget.recheck`` fresh ones, as a play is (it was a third of each: two deals to choose a burial on)."""
    from shengji_tutor.play import search

    rnd = Round(RuleSet(), seed=4, dealer=2)
    advance(rnd, [HeuristicBot() for _ in range(4)], until="kitty")
    asked: list[tuple[str, int]] = []
    real = search.burial_runs

    def counting(view: PlayerView, which: list[tuple[Card, ...]], budget: Budget, seed: str, **kw: int) -> object:
        asked.append((seed, kw["samples"]))
        return real(view, which, budget, seed, **kw)

    monkeypatch.setattr(search, "burial_runs", counting)
    budget = Budget(samples=6, recheck=10)
    SearchBot(seed=1, budget=budget).discard(rnd.view(2))
    assert asked[0] == ("1", 6)
    assert all(n == 10 for _, n in asked[1:])  # a re-check, when the search's choice is not the heuristic's
    assert all(seed.endswith(":recheck") for seed, _ in asked[1:])


def test_a_search_bot_sees_only_its_view() -> None:
    """The sampler is the only way hidden cards enter the search: every deal it draws agrees with the view."""
    rnd = round_at(RuleSet(), seed=6, plays=10)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    knowledge = Knowledge.of(view)
    hands, kitty = hidden_of(rnd, seat)
    assert knowledge.broken({**hands, STOCK: kitty}) == []
    other = dataclasses.replace(view)  # a view is all a search needs: equal views, equal values
    assert evaluate_plays(other, SMALL) == evaluate_plays(view, SMALL)


def test_the_search_bot_declares_one_of_the_declarations_the_round_allows_or_passes() -> None:
    rnd = Round(RuleSet(), seed=9, dealer=1)
    bot = SearchBot(seed=3, budget=Budget(samples=3))
    asked = 0
    while not rnd.deal_complete:
        card = rnd.deal_next()
        seat = rnd.dealt % 4  # who drew it: the dealer, seat 1, draws the first card
        if card.rank != rnd.rank and not card.is_joker:
            continue
        view = rnd.view(seat)
        options = declarations_for(view)
        if not options:
            continue
        choice = bot.declare(view)
        asked += 1
        assert choice is None or tuple(choice) in options
        assert choice == SearchBot(seed=3, budget=Budget(samples=3)).declare(view), "seeded: the same choice again"
        if choice:
            rnd.declare(seat, choice)  # the round accepts it
    assert asked


def test_in_finding_friends_the_search_bot_buries_by_search_and_the_round_accepts_it() -> None:
    rnd = Round(RuleSet(players=5), seed=4, dealer=1)
    advance(rnd, [HeuristicBot() for _ in range(5)], until="kitty")
    view = rnd.view(1)
    chosen = SearchBot(seed=2, budget=Budget(samples=3)).discard(view)
    assert tuple(chosen) in burials(view)
    rnd.discard(1, chosen)
    assert rnd.phase == "call"


# -- chao dipi (RULES §11): the search bot overturns or passes by search ------------------------------------


CHAO = RuleSet(chao_dipi=True)


def _chao_turn(rules: RuleSet = CHAO) -> tuple[Round, PlayerView]:
    """The first seeded round whose chao dipi turn offers a player a pair that overturns, and that player's view."""
    import random

    for seed in range(200):
        rnd = Round(rules, seed=random.Random(seed), dealer=0, rank="2")
        advance(rnd, [HeuristicBot() for _ in range(rules.players)], until="chao")
        if rnd.phase == "chao" and declarations_for(rnd.view(rnd.to_act)):  # type: ignore[arg-type]
            return rnd, rnd.view(rnd.to_act)  # type: ignore[arg-type]
    raise AssertionError("no seed gives a chao dipi turn with an overturn")


def test_chao_dipi_options_are_the_heuristics_choice_passing_and_every_overturn() -> None:
    from shengji_tutor.play.search import overturn_options

    _, view = _chao_turn()
    options = overturn_options(view)
    assert options[0] == (tuple(HeuristicBot().declare(view) or ()) or None)
    assert None in options
    assert set(declarations_for(view)) <= set(options)
    assert len(options) == len(set(options))


def test_an_overturn_is_played_out_under_its_new_trump_with_the_kitty_reburied(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.play import search

    rnd, view = _chao_turn()
    pair = declarations_for(view)[0]
    started: list[dict[str, object]] = []
    real = search._play_out_from

    def spy(start: Round, seat: int):  # type: ignore[no-untyped-def]
        started.append(  # as the play-out starts (it then plays the round out in place)
            {
                "trump": start.trump,
                "overturner": start.overturns[-1].seat if start.overturns else None,
                "discards": len(start.discards),
                "hand": len(start.hand(view.seat)),
                "phase": start.phase,
                "leader": start.leader,
            }
        )
        return real(start, seat)

    monkeypatch.setattr(search, "_play_out_from", spy)
    runs = search.overturn_runs(view, [None, pair], Budget(samples=2, candidates=2), seed=1)
    assert [len(r) for r in runs] == [2, 2]
    kept, turned = started[0], started[1]
    assert kept["trump"] == view.trump  # passing: the trump stands, the kitty stays with its holder
    assert kept["overturner"] is None
    trump = turned["trump"]
    assert isinstance(trump, Trump)
    assert trump.suit == (None if pair[0].is_joker else pair[0].suit)
    assert turned["overturner"] == view.seat
    assert turned["discards"] == CHAO.kitty
    assert turned["hand"] == len(view.hand)  # took the kitty up and buried as many cards
    for start in (kept, turned):
        assert start["phase"] == "play"
        assert start["leader"] == rnd.dealer  # the dealer still leads (RULES §11)


def test_the_search_bot_overturns_or_passes_with_one_of_the_options() -> None:
    from shengji_tutor.play.search import overturn_options

    rnd, view = _chao_turn()
    choice = SearchBot(seed=0, budget=Budget(samples=4, candidates=2)).declare(view)
    assert (tuple(choice) if choice else None) in overturn_options(view)
    if choice:
        rnd.declare(view.seat, choice)  # the round accepts it
        assert rnd.overturns[-1].seat == view.seat


def test_chao_dipi_runs_are_for_a_chao_turn_with_fixed_partners() -> None:
    from shengji_tutor.play.search import overturn_runs

    _, view = _chao_turn()
    with pytest.raises(ValueError, match="chao dipi turn"):
        overturn_runs(dataclasses.replace(view, phase="play"), [None], Budget(samples=2, candidates=2))
    with pytest.raises(ValueError, match="fixed partners"):
        overturn_runs(
            dataclasses.replace(view, rules=RuleSet(chao_dipi=True, players=5)), [None], Budget(samples=2, candidates=2)
        )


# -- the kitty as the burier would bury it (RULES §8) ------------------------------------------------


def _kitty_points(deals: list[Deal]) -> list[int]:
    from shengji_tutor.engine.cards import Card

    return [sum(Card.from_id(i).points for i in d.kitty) for d in deals]


def test_sampled_kitties_hold_points_as_rarely_as_the_bots_bury_them() -> None:
    import random

    real, modelled, uniform = [], [], []
    for seed in range(24):
        rnd = round_at(RuleSet(), seed, 4 * 4)  # four tricks in: the burier has played, and shown voids
        assert rnd.dealer is not None
        real.append(sum(c.points for c in rnd.discards))
        view = rnd.view((rnd.dealer + 1) % 4)  # an attacker: the kitty is hidden
        resampler = Resampler(view)
        rng = random.Random(seed)
        deals = [resampler.draw_as_buried(rng) for _ in range(8)]
        broken = resampler.sampler.knowledge.broken
        assert all(not broken({**d.hidden, STOCK: d.kitty}) for d in deals)  # every deal agrees with what was seen
        modelled += _kitty_points(deals)
        uniform += _kitty_points([resampler.draw(rng) for _ in range(8)])
    mean = sum(real) / len(real)
    assert sum(modelled) / len(modelled) <= mean + 4  # about what the burier really buries ...
    assert sum(1 for p in modelled if p == 0) >= 0.75 * len(modelled)
    assert sum(uniform) / len(uniform) >= mean + 8  # ... where a uniform kitty holds many more points


def test_the_burier_and_a_view_before_the_burial_draw_uniform_kitties() -> None:
    import random

    rnd = round_at(RuleSet(), 3, 8)
    assert rnd.dealer is not None
    view = rnd.view(rnd.dealer)
    resampler = Resampler(view)
    assert resampler.draw_as_buried(random.Random(1)) == resampler.draw(random.Random(1))


# -- the search bot overrides its heuristic only on fresh evidence -------------------------------------


def test_the_search_bot_rechecks_a_challenger_on_fresh_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_tutor.play import search

    asked: list[str] = []
    real = search.PlayDeals.values

    def spy(self: search.PlayDeals, stream: str, start: int, count: int, which: object) -> object:
        asked.append(stream)
        return real(self, stream, start, count, which)  # type: ignore[arg-type]

    monkeypatch.setattr(search.PlayDeals, "values", spy)
    bot = SearchBot(seed=0, budget=Budget(samples=4, candidates=4, recheck=6))
    rechecked = 0
    for seed in range(10):
        rnd = round_at(RuleSet(), seed, 12)
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        asked.clear()
        play = tuple(bot.play(view))
        rechecked += "recheck" in asked
        steady = tuple(search._no_waste(view, search.candidate_plays(view, bot.budget.candidates)[0]))
        if play != steady:  # it overrode the steady player's play (which the candidates list first) ...
            assert asked == ["select", "recheck"]  # ... never on the deals it was chosen on alone
    assert rechecked >= 1


def test_a_budget_names_a_bad_recheck() -> None:
    with pytest.raises(ValueError, match="recheck is a whole number of at least 1"):
        Budget(recheck=0)


def test_a_candidate_list_always_holds_a_trump_lead_and_a_follow_that_keeps_pairs() -> None:
    from shengji_tutor.play.search import pairs_broken

    leads = follows = 0
    for seed in range(30):
        rnd = round_at(RuleSet(), seed, seed % 20)
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        trump = view.trump
        assert trump is not None
        for cap in (2, 6):
            found = candidate_plays(view, cap)
            assert len(found) <= cap
            if view.leading and any(trump.is_trump(c) for c in view.hand):
                assert any(trump.is_trump(p[0]) for p in found), (seed, cap)
                leads += 1
            elif not view.leading:
                fewest = min(pairs_broken(view.hand, p) for p in candidate_plays(view, 400))
                assert min(pairs_broken(view.hand, p) for p in found) == fewest, (seed, cap)
                follows += 1
    assert leads >= 4
    assert follows >= 4


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_unblurred_levels_are_the_level_tables_for_the_declarers(decks: int) -> None:
    """With no blur the value's level part is exactly the table's verdict, signed for the declarers."""
    rules = RuleSet(decks=decks, players=4 if decks < 3 else 6)
    for points in range(0, 100 * decks + 60, 5):
        change = level_change(points, rules)
        signed = change.levels if change.side == "declarers" else -change.levels
        assert blurred_levels(points, rules.step, 0) == signed


def test_a_blurred_point_costs_its_share_of_a_level_everywhere() -> None:
    """Blurred by half a band, the levels fall steadily with the attackers' points: each 10 points costs about a
    quarter of a level (10 / 40) wherever the total lies, where the table itself charges a whole level at a line
    and nothing between lines; at the extremes the blur fades to the table."""
    step = 40
    values = [blurred_levels(p, step, step / 2) for p in range(0, 201, 5)]
    assert all(a > b for a, b in pairwise(values))
    for p in range(40, 161, 5):
        assert blurred_levels(p, step, step / 2) - blurred_levels(p + 10, step, step / 2) == pytest.approx(
            0.25, abs=0.02
        )
    assert blurred_levels(40, step, 0) - blurred_levels(50, step, 0) == 0  # the table: nothing between lines
    assert blurred_levels(75, step, 0) - blurred_levels(85, step, 0) == 1  # ... and a whole level across one


def test_the_blur_shrinks_with_the_points_still_out_to_none_when_all_are_won() -> None:
    rules = RuleSet()
    assert blur(rules, rules.total_points) == rules.step / 2
    assert blur(rules, 100) == pytest.approx(rules.step / 2 / 4)
    assert blur(rules, 40) < 1
    assert blur(rules, 0) == 0
    assert blurred_levels(75, rules.step, blur(rules, 40)) == pytest.approx(1, abs=0.01)  # 2.5 points from a line


def test_a_play_outs_value_is_its_blurred_levels_and_its_points() -> None:
    """Early in a round a play-out's value is the blurred level table (not a whole number of levels) plus a
    hundredth of a level for each point of the side's margin; the level change it reports is the table's."""
    rnd = round_at(RuleSet(), seed=3, plays=0)
    seat = rnd.to_act
    assert seat is not None
    spread = blur(rnd.rules, rnd.rules.total_points)  # nothing won yet
    out = play_out(rnd, seat, HeuristicBot().play(rnd.view(seat)))
    declarer = seat in rnd.declarers
    held = blurred_levels(out.attacker_points, rnd.rules.step, spread)
    points = -out.attacker_points if declarer else out.attacker_points
    assert out.value == pytest.approx((held if declarer else -held) + POINTS_WEIGHT * points)
    change = level_change(out.attacker_points, rnd.rules)
    assert out.level_change == (change.levels if (change.side == "declarers") == declarer else -change.levels)
    assert not float(held).is_integer()
