"""Lesson 11's pictures say what the engine says, and each live demo really shows its idea."""

from __future__ import annotations

from functools import cache

import pytest

from shengji_tutor import explain_trick, points
from shengji_tutor.course.ideas import DEMOS, IDEAS, demo_panel, idea_examples, illustrations
from shengji_tutor.course.strategy import (
    EXAMPLE_TRUMP,
    SOUTH,
    decisions,
    naive_burial,
    unseen,
)
from shengji_tutor.engine.cards import SUITS, as_cards
from shengji_tutor.engine.ids import winner_of
from shengji_tutor.engine.trump import Trump
from shengji_tutor.play.round import PlayerView
from shengji_tutor.play.search import strength_spent
from shengji_tutor.play.verdict import Z
from shengji_tutor.ui.engine_panel import EnginePanel, Thoughts, think, winning_seat

SEAT_NAMES = ["North", "West", "South", "East"]


@cache
def verdict(idea: str) -> tuple[PlayerView, Thoughts]:
    demo = DEMOS[idea]
    view = demo.view()
    return view, think(view, demo.budget, 0, demo.compare(view))


def takes_trick(view: PlayerView, play: tuple[object, ...]) -> bool:
    assert view.trump is not None
    before = [[c.id for c in p] for p in view.trick]
    return winner_of([*before, [c.id for c in play]], view.trump, view.rules) == len(before)  # type: ignore[attr-defined]


# -- the pictures -------------------------------------------------------------------------------------


def test_every_idea_has_an_example_a_counter_example_and_a_demo() -> None:
    for idea in IDEAS:
        kinds = {item.good for item in illustrations(idea)}
        assert kinds == {True, False}, idea
    assert set(IDEAS) <= set(DEMOS)
    with pytest.raises(ValueError, match="no idea 'luck'"):
        illustrations("luck")


TRICKS = [(idea, k, item) for idea in IDEAS for k, item in enumerate(illustrations(idea)) if item.plays]


@pytest.mark.parametrize(("idea", "k", "item"), TRICKS, ids=[f"{i}-{k}" for i, k, _ in TRICKS])
def test_a_trick_picture_names_the_winner_the_engine_finds(idea: str, k: int, item: object) -> None:
    plays = list(item.plays)  # type: ignore[attr-defined]
    leader = item.leader  # type: ignore[attr-defined]
    result = explain_trick(plays, EXAMPLE_TRUMP, names=[SEAT_NAMES[(leader + i) % 4] for i in range(4)])
    assert (leader + result.winner) % 4 == item.winner  # type: ignore[attr-defined]


def test_the_pictures_are_cards_not_tokens() -> None:
    for idea in IDEAS:
        row = idea_examples(idea)
        for figure in row.children:
            picture = figure.children[1]
            drawn = getattr(picture, "svg", None) or picture.value
            assert "<svg" in drawn, idea


def test_the_burial_and_declaring_pictures_hold_what_their_captions_say() -> None:
    good, bad = illustrations("bury")
    trump = EXAMPLE_TRUMP
    assert points(good.cards) == 0
    assert not any(trump.is_trump(c) for c in as_cards(good.cards))
    assert points(bad.cards) > 0
    assert any(trump.is_trump(c) for c in as_cards(bad.cards))
    long, short, jokers = illustrations("declare")
    hearts, spades = Trump("7", "H"), Trump("7", "S")
    assert sum(map(hearts.is_trump, as_cards(long.cards))) > 2 * sum(map(spades.is_trump, as_cards(short.cards)))
    assert sum(1 for c in as_cards(short.cards) if c.suit == "H") == 6
    assert all(c.is_joker for c in as_cards(jokers.cards))


# -- the demo positions -----------------------------------------------------------------------------


@pytest.mark.parametrize("idea", list(DEMOS))
def test_a_demo_is_the_same_position_every_time_and_south_decides(idea: str) -> None:
    demo = DEMOS[idea]
    view = demo.view()
    assert view == demo.view()
    assert view.seat == SOUTH
    expected = {"bury": "kitty", "declare": "deal"}.get(idea, "play")
    assert view.phase == expected


def test_the_scan_finds_the_stored_positions() -> None:
    for idea in ("give", "declare"):
        demo = DEMOS[idea]
        found = dict(decisions(demo.seed, demo.dealer, demo.rank))
        assert found[demo.step] == demo.view()


def test_points_win_the_trick_that_takes_the_attackers_over_80() -> None:
    view, result = verdict("points")
    attackers = [s for s in range(4) if s not in view.declarers]
    before = sum(view.points_won[s] for s in attackers)
    assert SOUTH in attackers
    assert before < 80 <= before + sum(points(p) for p in view.trick) + points(result.best.choice)
    assert takes_trick(view, result.best.choice)
    best = result.best.option.detail
    assert best is not None
    assert best.attacker_points >= 80
    losers = [t for t in result.thoughts if not takes_trick(view, t.choice)]
    assert losers
    assert all(t.grade != "good" for t in losers)


def test_counting_leads_the_highest_card_still_out() -> None:
    view, result = verdict("counting")
    trump = view.trump
    assert trump is not None
    assert view.leading
    (card,) = result.best.choice
    hidden = unseen(view)
    assert not trump.is_trump(card)
    assert card.rank != "A"
    assert not [c for c in hidden if trump.suit_of(c) == trump.suit_of(card) and trump.key(c) > trump.key(card)]
    beaten = [
        t
        for t in result.thoughts
        if len(t.choice) == 1
        and not trump.is_trump(t.choice[0])
        and any(
            trump.suit_of(c) == trump.suit_of(t.choice[0]) and trump.key(c) > trump.key(t.choice[0]) for c in hidden
        )
    ]
    assert beaten
    assert all(t.grade != "good" for t in beaten)


def test_leading_trumps_beats_every_plain_lead() -> None:
    view, result = verdict("trumps")
    trump = view.trump
    assert trump is not None
    assert view.leading
    assert sum(map(trump.is_trump, view.hand)) >= 6
    assert all(map(trump.is_trump, result.best.choice))
    plain = [t for t in result.thoughts if not trump.is_trump(t.choice[0])]
    assert plain
    assert all(t.grade != "good" for t in plain)


def test_give_points_to_a_partner_who_is_winning() -> None:
    view, result = verdict("give")
    assert len(view.trick) == 3  # South plays last: North's win is sure unless South overtakes
    assert winning_seat(view) in view.partner_seats()
    best = result.best.choice
    assert not takes_trick(view, best)
    assert view.trump is not None
    cheapest = min((t.choice for t in result.thoughts), key=lambda p: strength_spent(p, view.trump))
    assert points(best) > points(cheapest)
    overtaking = [t for t in result.thoughts if takes_trick(view, t.choice)]
    assert overtaking  # "always win the trick if you can": here it is worse
    assert all(t.grade != "good" for t in overtaking)


def test_protect_points_from_an_opponent_who_is_winning() -> None:
    view, result = verdict("protect")
    assert len(view.trick) == 3
    winner = winning_seat(view)
    assert winner is not None
    assert winner not in (*view.partner_seats(), SOUTH)
    assert view.trump is not None
    lowest = min(result.thoughts, key=lambda t: strength_spent(t.choice, view.trump))
    assert points(lowest.choice) >= 10  # "throw away your lowest card" even if it is a pair of 5s
    assert points(result.best.choice) < points(lowest.choice)
    assert not takes_trick(view, result.best.choice)
    assert lowest.grade != "good"


def test_keep_the_pair_and_follow_with_a_single() -> None:
    _view, result = verdict("pairs")
    best = result.best.option.detail
    assert best is not None
    assert best.pairs_broken == 0
    breakers = [t for t in result.thoughts if t.option.detail is not None and t.option.detail.pairs_broken]
    assert breakers
    assert all(t.grade != "good" for t in breakers)
    assert any("follows without breaking your pair" in r for t in breakers for r in t.reasons)


def test_the_dealer_who_buried_points_keeps_the_last_trick() -> None:
    view, result = verdict("kitty")
    assert view.dealer == SOUTH
    assert points(view.discards) >= 30
    assert len(view.hand) <= 3
    best = result.best.option.detail
    assert best is not None
    assert best.kitty_points == 0  # the declarers keep the last trick on every deal
    lost = [t for t in result.thoughts if t.option.detail is not None and t.option.detail.kitty_points <= -40]
    assert lost
    assert all(t.grade != "good" for t in lost)


def test_bury_a_void_and_no_points_and_not_the_point_cards() -> None:
    view, result = verdict("bury")
    trump = view.trump
    assert trump is not None
    best = result.best.choice
    assert points(best) == 0
    assert not any(map(trump.is_trump, best))
    kept = list(view.hand)
    for c in best:
        kept.remove(c)
    suits = {trump.suit_of(c) for c in view.hand if not trump.is_trump(c)}
    assert suits - {trump.suit_of(c) for c in kept if not trump.is_trump(c)}  # a plain suit emptied
    naive = result.of(naive_burial(view))
    assert points(naive.choice) >= 40
    assert naive.grade != "good"
    assert any("points" in r for r in naive.reasons)


def test_declare_in_the_long_suit() -> None:
    view, result = verdict("declare")
    best = result.best.choice
    assert best
    assert not best[0].is_joker
    assert len(best) == 2  # a pair: it overrides North's single 7
    held = {s: sum(1 for c in view.hand if c.suit == s and c.rank != view.rank) for s in SUITS}
    assert held[best[0].suit] == max(held.values())  # type: ignore[index]
    passing = next(t for t in result.thoughts if not t.choice)
    # measured on fresh deals, passing is not clearly better than the declaration chosen as the best
    assert passing.option.loss + Z * passing.option.error >= 0


# -- the panel --------------------------------------------------------------------------------------


def test_the_panel_shows_the_position_and_then_the_verdict_as_cards() -> None:
    panel = demo_panel("give")
    assert isinstance(panel, EnginePanel)
    assert "<svg" in panel.position.value
    assert "winning the trick so far" in panel.position.value
    assert panel.output.value == ""
    panel.button.click()
    html = panel.output.value
    assert 'data-best="true"' in html
    assert html.count("<tr") == len(panel.verdict.thoughts) + 1  # type: ignore[union-attr]
    assert 'role="img"' in html
    assert "You took the trick from your partner North" in html


def test_the_panel_refuses_a_round_that_is_over() -> None:
    import dataclasses

    view = dataclasses.replace(DEMOS["give"].view(), phase="done")
    with pytest.raises(ValueError, match="no decision"):
        think(view)


@pytest.mark.parametrize("idea", IDEAS)
def test_an_ideas_examples_appear_only_once_its_task_is_answered(idea: str) -> None:
    """The example and counter-example answer the idea's "Your turn": nothing of them is on the page before."""
    from shengji_tutor.course.ideas import idea_step

    step = idea_step(idea)
    assert list(step.explanation.children) == []
    step.reveal()
    html = " ".join(str(getattr(g, "value", "")) for c in step.explanation.children for g in _walk(c))
    assert "✓ Example" in html
    assert "✗ Counter-example" in html


def _walk(widget: object) -> list[object]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out
