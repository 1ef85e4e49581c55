"""The coach's judgement (play/coaching.py): grades from paired losses, reasons read off what was measured, hints.

Positions come from seeded rounds of heuristic bots, so every test sees the same
cards; the figures asserted are the search's own (same deals, same seed).
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from shengji_tutor import RuleSet
from shengji_tutor.engine.cards import Card, parse_cards
from shengji_tutor.engine.ids import winner_of
from shengji_tutor.play.actions import Discard
from shengji_tutor.play.bots import HeuristicBot
from shengji_tutor.play.certainty import sure_winner
from shengji_tutor.play.coaching import (
    BLUNDER,
    INACCURACY,
    KITTY_REACH,
    MISTAKE,
    Accuracy,
    Assessment,
    Option,
    assess_burial,
    assess_call,
    assess_declaration,
    assess_play,
    grade_of,
    hint_ladder,
    play_plan,
    play_reasons,
)
from shengji_tutor.play.game import advance, prepare_round
from shengji_tutor.play.record import Position, RecordError
from shengji_tutor.play.round import PlayerView, Round
from shengji_tutor.play.search import Budget, PlayValue, candidate_plays
from shengji_tutor.play.verdict import Z
from shengji_tutor.ui.coach_panel import HintLadder, accuracy_html, verdict_html

H = HeuristicBot()


def view_at(seed: int, tricks: int, seat: int = 2, rank: str = "2", rules: RuleSet | None = None) -> PlayerView:
    """``seat``'s view at its first turn once ``tricks`` tricks are over, in a round of heuristic bots."""
    rnd = Round(rules, seed=seed, dealer=0, rank=rank)
    prepare_round(rnd, [H] * rnd.players)
    while not (len(rnd.tricks) >= tricks and rnd.to_act == seat):
        s = rnd.to_act
        assert s is not None
        rnd.play(s, H.play(rnd.view(s)))
    return rnd.view(seat)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# -- grades ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "error", "grade"),
    [
        (0.0, 0.0, "good"),
        (INACCURACY - 0.01, 0.0, "good"),
        (INACCURACY, 0.0, "inaccuracy"),
        (MISTAKE, 0.0, "mistake"),
        (BLUNDER, 0.0, "blunder"),
        (BLUNDER, (BLUNDER - INACCURACY) / Z + 0.001, "good"),  # its lower bound short of the line: not graded down
        (BLUNDER, (BLUNDER - INACCURACY) / Z - 0.001, "inaccuracy"),  # past the first line only, by its bound
        (0.5, 0.11, "inaccuracy"),  # a mistake by its mean, but its lower bound (0.28) clears only the first line
        (0.5, 0.05, "mistake"),  # its lower bound (0.40) clears the mistake line too
        (BLUNDER + 0.1, 0.02, "blunder"),
    ],
)
def test_grades_follow_the_thresholds_and_the_lower_confidence_bound(loss: float, error: float, grade: str) -> None:
    assert grade_of(loss, error) == grade


def test_a_raced_option_grades_by_its_status() -> None:
    worse = Option(cards("3D"), -0.4, 0.01, 0.4, 0.01, status="worse")
    close = Option(cards("3D"), -0.4, 0.01, 0.4, 0.2, status="close")
    assert (worse.grade, worse.close) == ("mistake", False)
    assert (close.grade, close.close) == ("good", True)


# -- plays -------------------------------------------------------------------------------------


def test_ruffing_a_trick_the_partner_has_won_is_graded_with_the_reason() -> None:
    view = view_at(6, 12)
    before = [[c.id for c in p] for p in view.trick]
    assert view.trump is not None
    assert view.leader is not None
    assert (view.leader + winner_of(before, view.trump, view.rules)) % 4 == 0  # North, the partner, is winning
    ruff = (max((c for c in view.hand if view.trump.is_trump(c)), key=view.trump.key),)
    verdict = assess_play(view, ruff)
    assert verdict.grade in ("mistake", "blunder")
    assert verdict.loss - Z * verdict.error >= INACCURACY
    assert not view.trump.is_trump(verdict.best.choice[0])
    assert "You spent a trump on a trick your partner North had already won." in verdict.reasons
    assert verdict.chosen.choice == ruff
    assert verdict.best in verdict.accepted
    assert verdict.chosen not in verdict.accepted
    assert verdict.headline().startswith(verdict.grade.capitalize())
    again = assess_play(view, ruff)
    assert again == verdict  # seeded: the same view and seed give the same verdict


def test_the_best_play_is_graded_good() -> None:
    view = view_at(6, 12)
    best = assess_play(view, "AS").best.choice
    verdict = assess_play(view, best)
    assert verdict.grade == "good"
    assert verdict.reasons[0] == "The best play found."
    assert verdict.headline() == "Good."


def test_a_close_call_meets_more_deals() -> None:
    view = view_at(7, 17)
    verdict = assess_play(view, cards("2S"), budget=Budget(samples=12))
    assert verdict.samples > 12  # the first twelve deals left it in doubt
    assert verdict.chosen.detail is not None
    assert verdict.chosen.detail.samples == verdict.samples
    assert len(verdict.chosen.runs) == verdict.samples
    assert verdict.samples <= play_plan(Budget(samples=12)).cap
    assert verdict.best.detail is not None
    assert verdict.best.detail.samples == verdict.samples  # the best met the same fresh deals


def test_the_loss_is_measured_on_deals_the_best_was_not_chosen_on() -> None:
    view = view_at(7, 17)
    verdict = next(
        v
        for v in (assess_play(view, p, budget=Budget(samples=12)) for p in candidate_plays(view, 6))
        if v.best.choice != v.chosen.choice
    )
    chose = assess_play(view, verdict.best.choice, budget=Budget(samples=12))
    assert chose.grade == "good"
    assert chose.reasons[0] == "The best play found."
    # the best's figures in the first verdict are from the fresh deals, as when it is the learner's own choice
    # (then measured against the runner-up on them): not from the deals it was chosen on
    n = min(len(verdict.best.runs), len(chose.chosen.runs))
    assert n >= 48
    assert verdict.best.runs[:n] == chose.chosen.runs[:n]


def _option(play: tuple[Card, ...], loss: float, **measured: float) -> Option:
    value = {"level_change": 0.0, "attacker_points": 80.0, "trick_points": 0.0, "later_points": 0.0}
    value["kitty_points"] = 0.0
    value.update(measured)
    detail = PlayValue(
        play=play,
        value=-loss,
        stderr=0.01,
        trumps_spent=int(measured.pop("trumps", 0)),
        pairs_broken=int(measured.pop("pairs", 0)),
        samples=12,
        **{k: v for k, v in value.items() if k not in ("trumps", "pairs")},
    )
    return Option(play, -loss, 0.01, loss, 0.01, detail)


def _following_view(opponent_winning: bool) -> PlayerView:
    """A trick South follows, with the opponent (or the partner) winning it so far."""
    for seed in range(40):
        view = view_at(seed, 3)
        if not view.trick or view.trump is None or view.leader is None:
            continue
        w = (view.leader + winner_of([[c.id for c in p] for p in view.trick], view.trump, view.rules)) % 4
        if (w % 2 == 1) == opponent_winning:
            return view
    raise AssertionError("no seed gave the position")


def test_giving_points_to_a_winning_opponent_is_named() -> None:
    view = _following_view(opponent_winning=True)
    assert view.trump is not None
    assert view.leader is not None
    w = (view.leader + winner_of([[c.id for c in p] for p in view.trick], view.trump, view.rules)) % 4
    name = ("North", "West", "South", "East")[w]
    ten, small = cards("10D"), cards("3D")
    reasons = play_reasons(view, _option(ten, 0.4), _option(small, 0.0))
    if sure_winner(view, ten) == w:  # nobody still to play can beat the winner: the points are surely given
        assert reasons[0].startswith(f"You gave {name} 10 points: nobody still to play can beat {name}'s")
    else:  # someone after South may still take it: the coach does not say the points went to the winner
        assert reasons[0].startswith(f"You put 10 points on a trick {name} is winning so far (")
    assert "was winning the trick" not in " ".join(reasons)
    assert reasons[0].endswith("play a card worth nothing (3♦).")
    # the same play giving no points is not blamed for points
    reasons = play_reasons(view, _option(cards("4D"), 0.4), _option(small, 0.0))
    assert not any("points:" in r for r in reasons)


def test_reasons_come_from_what_was_measured() -> None:
    view = _following_view(opponent_winning=False)
    a, b = cards("3D"), cards("4D")
    trumpy = play_reasons(view, _option(a, 0.5, trumps=2), _option(b, 0.0))
    assert any("2 more trumps" in r for r in trumpy)
    broken = play_reasons(view, _option(a, 0.5, pairs=1), _option(b, 0.0))
    assert any("4♦ follows without breaking your pair" in r for r in broken)  # the real cause, named
    kitty = play_reasons(view, _option(a, 0.5, kitty_points=-20), _option(b, 0.0, kitty_points=10))
    assert not any("kitty" in r for r in kitty)  # the last trick is far off: the kitty is not the cause
    near_end = dataclasses.replace(view, hand=view.hand[:KITTY_REACH])
    kitty = play_reasons(near_end, _option(a, 0.5, kitty_points=-20), _option(b, 0.0, kitty_points=10))
    assert any("kitty's bonus swings about 30 points" in r for r in kitty)
    later = play_reasons(view, _option(a, 0.5, later_points=-15), _option(b, 0.0, later_points=5))
    assert any("about 10 more points go to the other side in the tricks that follow" in r for r in later)
    plain = play_reasons(view, _option(a, 0.5), _option(b, 0.0))
    assert not any("trump" in r or "pair" in r or "kitty" in r for r in plain)


def test_the_hint_ladder_gives_the_idea_then_the_suit_then_the_cards() -> None:
    view = _following_view(opponent_winning=False)
    best = assess_play(view, H.play(view)).best.choice
    idea, suit, play = hint_ladder(view, best)
    assert idea.startswith("Your partner North is winning this trick")
    assert suit.startswith("Play ")
    assert str(best[0].symbol()) not in suit
    assert play == "Play " + " ".join(c.symbol() for c in best) + "."


# -- burying, declaring, calling ------------------------------------------------------------------


def _kitty_view(seed: int) -> PlayerView:
    rnd = Round(seed=seed, dealer=0, rank="2")
    advance(rnd, [H] * 4, until="kitty")
    seat = rnd.to_act
    assert seat is not None
    return rnd.view(seat)


def test_burying_trumps_and_points_is_explained() -> None:
    view = _kitty_view(1)
    assert view.trump is not None
    trumps = sorted((c for c in view.hand if view.trump.is_trump(c)), key=view.trump.key, reverse=True)
    bad = tuple(trumps[:8])
    verdict = assess_burial(view, bad, budget=Budget(samples=12))
    assert verdict.kind == "bury"
    assert verdict.grade != "good"
    assert any("more trump" in r for r in verdict.reasons)
    good = assess_burial(view, verdict.best.choice, budget=Budget(samples=12))
    assert good.grade == "good"


def _deal_view(seed: int) -> PlayerView:
    """South's view when the deal is complete and South could declare (nobody has yet)."""
    for s in range(seed, seed + 50):
        rnd = Round(seed=s, dealer=0, rank="2")
        rnd.deal_all()
        view = rnd.view(2)
        from shengji_tutor.play.bots import declarations_for

        if declarations_for(view):
            return view
    raise AssertionError("no seed let South declare")


def test_passing_or_declaring_is_judged_on_the_same_deals() -> None:
    view = _deal_view(0)
    passing = assess_declaration(view, None, budget=Budget(samples=8))
    assert passing.kind == "declare"
    assert passing.chosen.choice == ()
    choices = {o.choice for o in passing.options}
    assert () in choices
    assert len(choices) >= 2
    best = passing.best.choice
    again = assess_declaration(view, best or None, budget=Budget(samples=8))
    assert again.grade == "good"
    assert again.best.choice == best
    if passing.grade != "good":  # the reason names the better declaration and the trumps it makes
        assert any("trump" in r for r in passing.reasons)


def test_calling_a_card_you_hold_is_named() -> None:
    rules = RuleSet(partnership="friends")
    rnd = Round(rules, seed=2, dealer=0, rank="2")
    advance(rnd, [H] * 4, until="call")
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    held = next(c for c in view.hand if c.rank == "A" and view.trump is not None and not view.trump.is_trump(c))
    verdict = assess_call(view, [(held, 1)], budget=Budget(samples=6))
    assert verdict.kind == "call"
    assert any(r.startswith(f"You hold {held.symbol()} yourself") for r in verdict.reasons)
    assert verdict.chosen.choice == ((held, 1),)


def test_the_call_the_heuristic_would_make_is_graded_too() -> None:
    """The heuristic's call is the only other option, so the learner's same call is a race of one: it is measured
    and graded good (it once crashed the coached hand with a KeyError)."""
    rules = RuleSet(partnership="friends")
    rnd = Round(rules, seed=2, dealer=0, rank="2")
    advance(rnd, [H] * 4, until="call")
    view = rnd.view(rnd.dealer or 0)
    verdict = assess_call(view, H.call(view), budget=Budget(samples=4))
    assert verdict.grade == "good"
    assert len(verdict.chosen.runs) >= 2
    assert verdict.best is verdict.chosen or verdict.best.choice == verdict.chosen.choice


# -- positions ------------------------------------------------------------------------------------


def test_a_position_is_set_up_again_from_its_json() -> None:
    rnd = Round(seed=5, dealer=1, rank="9")
    prepare_round(rnd, [H] * 4)
    for _ in range(7):
        s = rnd.to_act
        assert s is not None
        rnd.play(s, H.play(rnd.view(s)))
    position = Position.of(rnd)
    again = Position.from_json(position.to_json())
    assert again == position
    assert again.seat == rnd.to_act
    assert again.view() == rnd.view(rnd.to_act)


def test_a_tampered_position_is_refused() -> None:
    rnd = Round(seed=5, dealer=1, rank="9")
    prepare_round(rnd, [H] * 4)
    data = json.loads(Position.of(rnd).to_json())
    discard = next(i for i, a in enumerate(data["history"]) if a["action"] == Discard.kind)
    data["history"][discard]["cards"] = "BJ BJ BJ BJ BJ BJ BJ BJ"
    with pytest.raises(RecordError, match="not a saved round or position"):
        Position.from_json(json.dumps(data))
    with pytest.raises(RecordError, match="not a saved round or position"):
        Position.from_json("{")


# -- how the coach shows it (ui/coach_panel.py) ----------------------------------------------------


def _ruff_verdict() -> tuple[PlayerView, Assessment]:
    view = view_at(6, 12)
    assert view.trump is not None
    ruff = (max((c for c in view.hand if view.trump.is_trump(c)), key=view.trump.key),)
    return view, assess_play(view, ruff)


def test_a_verdict_shows_the_grade_the_better_play_as_cards_and_the_reasons() -> None:
    view, verdict = _ruff_verdict()
    html = verdict_html(verdict, view.trump)
    assert f'data-grade="{verdict.grade}"' in html
    assert "Better play:" in html
    assert "<svg" in html  # the better play is drawn, not written as tokens
    assert "your partner North had already won" in html
    good = assess_play(view, verdict.best.choice)
    html = verdict_html(good, view.trump)
    assert 'data-grade="good"' in html
    assert "Better play" not in html


def test_the_round_summary_counts_grades_and_lists_the_costliest() -> None:
    view, bad = _ruff_verdict()
    good = assess_play(view, bad.best.choice)
    review = Accuracy((good, bad, good))
    assert review.counts()[bad.grade] == 1
    assert review.counts()["good"] == 2
    assert review.costliest() == [bad]
    html = accuracy_html(review, view.trump, hints_used=2)
    assert "3 decisions graded: 2 good" in html
    assert "Hints used: 2." in html
    assert "Your costliest decisions" in html
    assert html.count("<li>") == 1
    clean = accuracy_html(Accuracy((good,)), view.trump)
    assert "No mistakes this round" in clean


def test_the_hint_ladder_gives_three_hints_in_order_and_counts_them() -> None:
    asked: list[int] = []
    computed: list[int] = []

    def hints() -> tuple[str, str, str]:
        computed.append(1)
        return ("idea", "suit", "cards")

    ladder = HintLadder(on_hint=asked.append)
    assert ladder.button.disabled
    assert ladder.next_hint() == ""
    ladder.set_hints(hints)
    assert not computed  # nothing is searched until a hint is asked for
    assert ladder.next_hint() == "idea"
    assert "The idea" in ladder.text.value
    assert "The suit" not in ladder.text.value
    assert ladder.next_hint() == "suit"
    assert ladder.next_hint() == "cards"
    assert ladder.button.disabled
    assert ladder.next_hint() == ""
    assert asked == [1, 2, 3]
    assert computed == [1]
    ladder.set_hints(hints)
    assert ladder.used == 0
    assert ladder.total == 3
    assert ladder.text.value == ""


def test_a_headline_whose_loss_looks_worse_than_its_grade_says_the_bound_that_decided_it() -> None:
    best = Option(cards("AS"), 0.0, 0.0, 0.0, 0.0, status="best")
    big = Option(cards("KS"), 0.0, 0.0, 0.83, 0.17, status="worse")  # a blunder's size by its mean, not its bound
    assert Assessment("play", big, best, (best, big), (), 48).headline() == (
        "Mistake: about 0.83 levels worse than the best (± 0.17 levels); surely at least 0.50 levels, a mistake's size."
    )
    plain = Option(cards("KS"), 0.0, 0.0, 0.5, 0.05, status="worse")
    assert Assessment("play", plain, best, (best, plain), (), 384).headline() == (
        "Mistake: about 0.50 levels worse than the best (± 0.05 levels)."
    )
