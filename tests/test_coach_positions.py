"""The coach's benchmark positions (``benchmarks.coach_positions``): a suite the engine agrees with.

Every accepted play and every error is played through a real round filled in
from a sampled deal (``Round.position``), so the engine judges it legal; a burial
must be the kitty's size and come from the hand. The certainty the feeding and
no-ruff themes rest on is asked again of ``certainty.side_sure``.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter

import pytest

from benchmarks.coach_positions import THEMES, Position, accepts, positions
from shengji_tutor import Card, PlayerView, Round
from shengji_tutor.engine.ids import TRUMP
from shengji_tutor.engine.plays import lead_units, legal_plays
from shengji_tutor.play.certainty import side_sure, sure_winner
from shengji_tutor.play.sampler import STOCK, Knowledge, unseen_counts

pytestmark = pytest.mark.slow  # servers, searches or a wheel: seconds each (make test-fast skips them)


@pytest.fixture(scope="module")
def suite() -> list[Position]:
    start = time.perf_counter()
    built = positions()
    assert time.perf_counter() - start < 60  # a guard against a runaway scan, not a benchmark
    return built


def test_the_suite_is_large_and_covers_every_theme(suite: list[Position]) -> None:
    assert len(suite) >= 30
    counts = Counter(p.theme for p in suite)
    assert set(counts) == set(THEMES)
    for theme in THEMES:
        assert counts[theme] >= (2 if theme in ("keep-last-trick", "draw-trumps") else 3), theme


def test_names_are_unique_and_kebab_case(suite: list[Position]) -> None:
    names = [p.name for p in suite]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", n) for n in names)
    assert all(p.why and p.why.endswith(".") for p in suite)


def test_the_suite_is_deterministic(suite: list[Position]) -> None:
    again = positions()
    assert [(p.name, p.accepted, p.error) for p in again] == [(p.name, p.accepted, p.error) for p in suite]


def _legal(position: Position, play: tuple[Card, ...]) -> bool:
    """Whether the engine plays exactly this from the view, in a round filled in from a sampled deal (an illegal
    play raises; a throw that fails would be replaced by another unit)."""
    view = position.view
    hidden = Knowledge.of(view).sampler().sample(random.Random(position.name))
    kitty = hidden.pop(STOCK, [])
    rnd = Round.position(view, hidden, kitty)
    played = rnd.play(view.seat, play)
    return sorted(c.id for c in played) == sorted(c.id for c in play)


def test_every_play_is_legal_and_the_error_is_not_accepted(suite: list[Position]) -> None:
    for p in suite:
        assert p.accepted, p.name
        assert not accepts(p, p.error), p.name
        assert all(accepts(p, a) for a in p.accepted), p.name
        if p.theme == "bury-void":
            assert p.view.phase == "kitty", p.name
            assert p.view.seat == p.view.kitty_holder, p.name
            held = Counter(c.id for c in p.view.hand)
            for burial in (*p.accepted, p.error):
                assert len(burial) == p.view.rules.kitty, p.name
                assert not Counter(c.id for c in burial) - held, p.name
            continue
        assert p.view.phase == "play", p.name
        for play in (*p.accepted, p.error):
            assert _legal(p, play), (p.name, play)


def test_burials_void_a_suit_and_keep_trumps_and_points(suite: list[Position]) -> None:
    for p in suite:
        if p.theme != "bury-void":
            continue
        trump = p.view.trump
        assert trump is not None
        assert any(trump.is_trump(c) or c.points >= 10 for c in p.error), p.name
        for burial in p.accepted:
            assert not any(trump.is_trump(c) or c.points for c in burial), p.name
            left = Counter(c.id for c in p.view.hand) - Counter(c.id for c in burial)
            had = {trump.suit_of(c) for c in p.view.hand if not trump.is_trump(c)}
            kept = {trump.suit_of(Card.from_id(i)) for i in left.elements() if not trump.is_trump(Card.from_id(i))}
            assert had - kept, p.name  # some plain suit is now empty


def test_the_certainty_claims_hold(suite: list[Position]) -> None:
    """Feed and no-ruff themes: the partner's win is certain (for every accepted play); nothing-to-boss and
    keep-pairs: the winner is certain whatever is played."""
    for p in suite:
        view = p.view
        if p.theme == "feed-sure-partner":
            assert all(side_sure(view, a) for a in (*p.accepted, p.error)), p.name
        elif p.theme in ("no-ruff-partner", "no-overruff-partner"):
            assert all(side_sure(view, a) for a in p.accepted), p.name
        elif p.theme in ("nothing-to-boss", "keep-pairs"):
            winners = {sure_winner(view, a) for a in (*p.accepted, p.error)}
            (winner,) = winners
            assert winner is not None, p.name
            assert winner != view.seat, p.name


def test_the_themes_say_what_they_claim(suite: list[Position]) -> None:
    for p in suite:
        view = p.view
        trump = view.trump
        assert trump is not None
        points = [sum(c.points for c in a) for a in p.accepted]
        error_points = sum(c.points for c in p.error)
        if p.theme == "feed-sure-partner":
            assert min(points) >= 10, p.name
            assert error_points == 0, p.name
        elif p.theme == "nothing-to-boss":
            assert max(points) == 0, p.name
            assert error_points >= 10, p.name
        elif p.theme in ("no-ruff-partner", "no-overruff-partner"):
            assert all(not trump.is_trump(c) for a in p.accepted for c in a), p.name
            assert all(trump.is_trump(c) for c in p.error), p.name
        elif p.theme in ("take-points-last", "smallest-winning-ruff"):
            assert len(view.trick) == view.rules.players - 1, p.name
        elif p.theme == "draw-trumps":
            assert view.leading, p.name
            assert view.seat in view.declarers, p.name
            assert all(trump.is_trump(c) for a in p.accepted for c in a), p.name
            assert not trump.is_trump(p.error[0]), p.name
        elif p.theme == "keep-last-trick":
            assert len(view.hand) == 2, p.name
            assert sum(c.points for c in view.discards) >= 20, p.name


def test_no_position_where_a_strong_player_may_choose_otherwise(suite: list[Position]) -> None:
    """The suite keeps out what a strong player may do instead of the theme's answer (each seen as the engine's
    best in a position the suite once held): feed a trump 5, 10 or K to a partner's sure trick rather than discard
    less, ruff with a trump that carries points when last, lead a side tractor before drawing trumps, and bury
    points to make a void when both top trumps keep the last trick."""
    for p in suite:
        view = p.view
        trump = view.trump
        assert trump is not None
        hand = [c.id for c in view.hand]
        if p.theme in ("no-ruff-partner", "no-overruff-partner", "smallest-winning-ruff"):
            most = max(sum(c.points for c in a) for a in p.accepted)
            follows = {tuple(sorted(c.id for c in a)) for a in p.accepted} | {tuple(sorted(c.id for c in p.error))}
            trump_points = [
                sum(c.points for c in u)
                for u in _trump_plays(view)
                if tuple(sorted(c.id for c in u)) not in follows and side_sure(view, u)
            ]
            assert all(points <= most for points in trump_points), p.name
        elif p.theme == "draw-trumps":
            assert not any(len(u) >= 4 for u in lead_units(hand, trump) if trump.suit_table[u[0]] != TRUMP), p.name
        elif p.theme == "bury-void":
            top = max((c for c in view.hand if trump.is_trump(c)), key=trump.key)
            unseen_higher = any(
                trump.suit_table[i] == TRUMP and trump.key_table[i] >= trump.key(top) for i in unseen_counts(view)
            )
            assert unseen_higher or hand.count(top.id) < 2, p.name


def _trump_plays(view: PlayerView) -> list[tuple[Card, ...]]:
    """The legal follows that hold a trump."""
    trump = view.trump
    assert trump is not None
    plays = legal_plays(view.hand, view.trick[0], trump, view.rules)
    return [tuple(p) for p in plays if any(trump.is_trump(c) for c in p)]


def test_a_burial_in_doubt_meets_more_deals_until_it_is_decided(suite: list[Position]) -> None:
    """A burial that makes no void where one was there for the making costs about a quarter of a level; at a
    choice's cap (192 deals, ± 0.07) it stayed a close call; one burial judged may use four times that."""
    from shengji_tutor.play.coaching import COACH_BUDGET, assess_burial, burial_plan, choice_plan

    assert burial_plan(COACH_BUDGET).cap == 4 * choice_plan(COACH_BUDGET).cap
    p = next(q for q in suite if q.name == "bury-void-1")
    verdict = assess_burial(p.view, p.error, COACH_BUDGET, 0)
    assert verdict.grade != "good"
    assert not verdict.chosen.close
    assert len(verdict.chosen.runs) > choice_plan(COACH_BUDGET).cap  # decided beyond the old cap


def test_a_play_asked_about_is_measured_against_the_rival_the_selection_passed_over(suite: list[Position]) -> None:
    """Drawing trumps (draw-trumps-1): the selection crowned 4♥, the twin of the error 3♥, which then lost nothing
    against it; the second look finds BJ BJ surely ahead on fresh deals, and 3♥ is graded against it."""
    from shengji_tutor.play.coaching import assess_play

    p = next(q for q in suite if q.name == "draw-trumps-1")
    verdict = assess_play(p.view, p.error, seed=0)
    assert verdict.grade != "good"
    assert accepts(p, verdict.best.choice)


def test_the_coach_recommends_the_play_a_strong_player_makes_unless_another_is_surely_ahead(
    suite: list[Position],
) -> None:
    """Feeding a partner sure to win (feed-sure-partner-2): K♠, 5♠ and 4♠ differ by less than the selection's
    deals can tell, and the race crowned 5♠ at seed 0 (then graded 4♠ against it). The steady player's K♠ is the
    race's default: no rival is surely ahead of it on the selection deals, so it is the coach's best at every seed."""
    from shengji_tutor.play.coaching import assess_play
    from shengji_tutor.play.policy import steady_choice

    p = next(q for q in suite if q.name == "feed-sure-partner-2")
    assert accepts(p, steady_choice(p.view))
    for seed in (0, 1, 2):
        verdict = assess_play(p.view, p.error, seed=seed)
        assert accepts(p, verdict.best.choice), (seed, verdict.best.choice)
