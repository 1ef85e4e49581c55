"""The coach's reasons are true of the position: on every position of the trust suite (benchmarks.coach_positions)
the obvious error is graded and each sentence that claims something about the trick is checked against it —
who is winning, whether that is certain (``play.certainty``), the points, the pairs, the trumps, the cards."""

from __future__ import annotations

import re
from functools import cache

import pytest

from benchmarks.coach_positions import Position, positions
from shengji_tutor.engine.cards import Card, parse_cards, points
from shengji_tutor.engine.ids import winner_of
from shengji_tutor.engine.plays import strength_spent
from shengji_tutor.engine.seats import seat_name
from shengji_tutor.play.certainty import beaters, current_winner, side_sure, sure_winner
from shengji_tutor.play.coaching import KITTY_REACH, Assessment, assess_play
from shengji_tutor.play.search import pairs_broken

CARDS = r"((?:(?:BJ|SJ|(?:10|[2-9JQKA])[♠♥♣♦])\s?)+)"


@cache
def _suite() -> tuple[Position, ...]:
    return tuple(p for p in positions() if p.view.phase == "play")


@cache
def _verdict(name: str) -> Assessment:
    p = next(p for p in _suite() if p.name == name)
    return assess_play(p.view, p.error, seed=0)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text.replace("♠", "S").replace("♥", "H").replace("♣", "C").replace("♦", "D")))


def _seat(p: Position, name: str) -> int:
    n = p.view.rules.players
    return next(s for s in range(n) if seat_name(s, n) == name)


def _wins(p: Position, play: tuple[Card, ...]) -> bool:
    view = p.view
    assert view.trump is not None
    before = [[c.id for c in q] for q in view.trick]
    return winner_of([*before, [c.id for c in play]], view.trump, view.rules) == len(before)


@pytest.mark.slow
def test_the_suite_gives_the_reasons_something_to_claim() -> None:
    claims = [r for p in _suite() for r in _verdict(p.name).reasons if not r.startswith("Over ")]
    assert len(_suite()) >= 30
    assert len(claims) >= 20


@pytest.mark.parametrize("name", [p.name for p in _suite()])
def test_every_reason_is_true_of_the_position(name: str) -> None:
    p = next(q for q in _suite() if q.name == name)
    view, verdict = p.view, _verdict(name)
    trump = view.trump
    assert trump is not None
    mine, best = verdict.chosen.choice, verdict.best.choice
    for reason in verdict.reasons:
        if m := re.match(r"You gave (\w+) (\d+) points: nobody still to play can beat", reason):
            assert sure_winner(view, mine) == _seat(p, m[1]) == current_winner(view), reason
            assert points(mine) == int(m[2]), reason
        if m := re.match(r"You put (\d+) points on a trick (\w+) is winning so far", reason):
            assert current_winner(view) == _seat(p, m[2]), reason
            assert points(mine) == int(m[1]), reason
            assert sure_winner(view, mine) is None, reason  # not certain: so it is not said to be given
            if inside := re.search(r"\((.+) could still take it\)", reason):
                for who in inside[1].split(" or "):
                    assert _seat(p, who) in beaters(view, mine), reason
        if "had already won" in reason:
            assert side_sure(view, best), reason
        if m := re.search(r"was winning \(only (.+) could still beat it\)", reason):
            assert not side_sure(view, best), reason
            for who in m[1].split(" or "):
                assert _seat(p, who) in beaters(view, best), reason
        if "is sure to win it, so give points" in reason:
            assert side_sure(view, best), reason
        if m := re.match(CARDS + r" follows without breaking your pair", reason):
            assert _cards(m[1]) == best
            assert pairs_broken(view.hand, best) == 0 < pairs_broken(view.hand, mine), reason
        if m := re.match(r"A lower trump wins this too: " + CARDS, reason):
            lower = _cards(m[1].rstrip("."))
            assert _wins(p, lower)
            assert _wins(p, mine), reason
            assert strength_spent(lower, trump) < strength_spent(mine, trump), reason
        if m := re.match(CARDS + r" wins the trick from (\w+)", reason):
            assert _wins(p, _cards(m[1])), reason
            assert not _wins(p, mine), reason
            assert current_winner(view) == _seat(p, m[2]), reason
            if "nobody after you can beat it" in reason:
                assert beaters(view, _cards(m[1])) == (), reason
        if m := re.match(r"Your play spends (\d+) more trumps? than " + CARDS, reason):
            spent = sum(1 for c in mine if trump.is_trump(c)) - sum(1 for c in best if trump.is_trump(c))
            assert spent == int(m[1]), reason
        if reason.startswith("Keep control of the last trick"):
            assert len(view.hand) <= KITTY_REACH, reason
        assert "a small card (" not in reason  # a 5 is a point card: the old advice named 5s as small


def test_a_good_play_surely_behind_the_best_is_told_so_with_the_cause() -> None:
    # keeping K♠ back from a partner's sure trick costs less than an inaccuracy in the play-outs, but surely some:
    # "Good, though", not "As good as"
    verdict = _verdict("feed-sure-partner-1")
    chosen = verdict.chosen
    assert verdict.grade == "good"
    assert chosen.loss - 1.96 * chosen.error > 0
    assert re.fullmatch(
        r"Good, though K♠ is a little better: about 0\.0\d levels on average, less than an inaccuracy\.",
        verdict.reasons[0],
    )
    assert "is sure to win it, so give points: K♠ adds 10" in verdict.reasons[1]
    assert not any(r.startswith("As good as") for r in verdict.reasons)


def test_the_search_bot_starts_from_the_steady_players_play() -> None:
    from shengji_tutor.play.policy import steady_choice
    from shengji_tutor.play.search import candidate_plays, play_signature

    for p in _suite():
        assert p.view.trump is not None
        first = candidate_plays(p.view, 6)[0]
        assert play_signature(first, p.view.trump) == play_signature(steady_choice(p.view), p.view.trump), p.name


def test_a_burial_with_points_graded_good_still_hears_lesson_9s_rule() -> None:
    """The coach and lesson 9 teach burying the same way: points buried are a risk, even where the play-outs found
    it small enough to grade good."""
    from shengji_tutor import Round
    from shengji_tutor.course.round_questions import pick_burial
    from shengji_tutor.play.coaching import BURY_RULE, Option, _burial_reasons

    rnd = Round(seed=5, dealer=0, rank="2")
    rnd.deal_all()
    seat, two = next((s, c) for s in range(4) for c in rnd.hand(s) if c.rank == "2" and c.suit)
    rnd.declare(seat, [two])
    assert rnd.finish_deal()
    view = rnd.view(rnd.dealer)
    trump = view.trump
    hand = trump.sorted(view.hand)
    dear = [c for c in hand if c.points and not trump.is_trump(c)][:2]
    plain = [c for c in hand if not c.points and not trump.is_trump(c)]
    mine = tuple(dear + plain[: 8 - len(dear)])
    best = tuple(plain[:8])
    assert sum(c.points for c in mine)
    chosen = Option(mine, 0.0, 0.0, 0.02, 0.01, status="good")
    top = Option(best, 0.02, 0.0, 0.0, 0.0, status="best")
    said = " ".join(_burial_reasons(view, chosen, top, trump))
    assert BURY_RULE[1:] in said
    assert "a risk" in said
    lesson = pick_burial(view.hand, trump).grade(list(mine))
    assert not lesson.correct
    assert BURY_RULE in lesson.explanation


def test_a_play_without_a_rival_is_called_the_only_play_not_the_best_found() -> None:
    from shengji_tutor import HeuristicBot, PlayerView, Round
    from shengji_tutor.play.game import prepare_round
    from shengji_tutor.play.search import candidate_plays

    bot = HeuristicBot()
    found: dict[str, PlayerView | None] = {"follow": None, "last": None}
    for seed in range(6):
        rnd = Round(seed=seed, dealer=seed % 4)
        prepare_round(rnd, [bot] * 4)
        while rnd.phase == "play" and not all(found.values()):
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            if len(candidate_plays(view, 40)) == 1:
                kind = "last" if len(view.hand) == 1 else "follow" if view.trick else None
                if kind and found[kind] is None:
                    found[kind] = view
            rnd.play(seat, bot.play(view))
    follow, last = found["follow"], found["last"]
    assert follow is not None
    assert last is not None
    verdict = assess_play(follow, HeuristicBot().play(follow), seed=0)
    assert verdict.grade == "good"
    assert verdict.reasons[0].startswith("Your only play: the rules for following the lead (RULES §6)")
    assert "best play found" not in " ".join(verdict.reasons)
    verdict = assess_play(last, last.hand, seed=0)
    assert verdict.reasons == ("Your last cards: there was nothing else to play.",)


def test_a_throw_that_may_fail_is_told_so_with_the_unit_it_would_come_down_to() -> None:
    """Lesson 10's seed-9 hand: the learner's first lead, A♠ A♠ K♠ K♠ Q♠ 10♠ 8♠ 3♠, is a throw whose 3♠ any
    higher spade still out beats (RULES §8); the tractor A♠ A♠ K♠ K♠ alone is one unit, not a throw."""
    from shengji_tutor.engine.seats import SOUTH
    from shengji_tutor.play.bots import HeuristicBot
    from shengji_tutor.play.coached_hand import CoachedHand
    from shengji_tutor.play.coaching import _throw_risk
    from shengji_tutor.ui.coach import CoachedGame

    bot = HeuristicBot()
    game = CoachedGame(CoachedHand(seed=9, grading=None))
    while game.awaiting != "play":
        view = game.round.view(SOUTH)
        if game.awaiting == "declare":
            game.pass_declaration()
        else:
            game.bury(list(bot.discard(view)))
    view = game.round.view(SOUTH)
    throw = parse_cards("AS AS KS KS QS 10S 8S 3S")
    assert _throw_risk(view, throw) == [
        "Your throw may fail (RULES §8): an opponent may hold cards that beat 3♠, and then you must lead 3♠ alone."
    ]
    assert _throw_risk(view, parse_cards("AS AS KS KS")) == []
    verdict = assess_play(view, throw, seed=0)
    assert verdict.grade != "good"
    assert verdict.reasons[0].startswith("Your throw may fail (RULES §8)")
