"""Lesson 10's coached game: the learner declares, buries, calls and plays; illegal choices are refused with
the rule, every trick is explained, undo works, every decision is recorded, the round ends with the score."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest

from benchmarks.app import decide_as
from shengji_tutor.engine.cards import RANKS, Card, deck, format_cards, joker_words, points
from shengji_tutor.engine.errors import ShengjiError
from shengji_tutor.engine.plays import strength_spent
from shengji_tutor.engine.rules import RuleSet
from shengji_tutor.engine.seats import SEATS, SOUTH
from shengji_tutor.engine.tricks import check_throw, explain_trick
from shengji_tutor.play.bots import HeuristicBot, declarations_for
from shengji_tutor.play.coached_hand import CoachedHand
from shengji_tutor.play.coaching import Accuracy
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.record import Position
from shengji_tutor.play.round import PlayerView, Round
from shengji_tutor.play.search import Budget
from shengji_tutor.store.schema import StoreError
from shengji_tutor.ui.coach import CoachedGame
from shengji_tutor.ui.widgets import TrickTable

FRIENDS = RuleSet(partnership="friends")
BOT = HeuristicBot()


def learner_hand(game: CoachedGame) -> list[str]:
    return [str(c) for c in game.round.hand(SOUTH)]


def text(game: CoachedGame) -> str:
    """What the coach says, as plain text."""
    return re.sub(r"<[^>]+>", " ", game.coach.value).replace("&#x27;", "'")


def decide_like_a_bot(game: CoachedGame, declare: bool = False) -> None:
    """Make the learner's current decision as the heuristic bot would (passing, unless ``declare``)."""
    decide_as(game, BOT, declare)


def ready_to_play(game: CoachedGame) -> CoachedGame:
    """Declare nothing, bury and call as the bot would, until the learner is asked to play."""
    while game.awaiting not in ("play", None):
        decide_like_a_bot(game)
    return game


def first_game(wanted: Callable[[CoachedGame], bool], rules: RuleSet | None = None) -> CoachedGame:
    for seed in range(60):
        game = CoachedGame(CoachedHand(grading=None, seed=seed, rules=rules))
        if wanted(game):
            return game
    raise AssertionError("no seed gave the position wanted")


def south_deals(game: CoachedGame) -> bool:
    return game.round.dealer == SOUTH


def buttons(game: CoachedGame) -> list[str]:
    return [
        b.children[1].description if b is not game.pass_button else b.description for b in game.declare_box.children
    ]


# -- playing --------------------------------------------------------------------------------------


def test_an_illegal_play_is_refused_with_the_rule_and_changes_nothing() -> None:
    for seed in range(30):
        game = ready_to_play(CoachedGame(CoachedHand(grading=None, seed=seed)))
        rnd = game.round
        if not rnd.trick:
            continue
        lead = rnd.trick[0]
        legal = {tuple(sorted(c.id for c in p)) for p in rnd.legal_plays(SOUTH)}
        hand = list(rnd.hand(SOUTH))
        bad = next(
            (
                hand[i : i + len(lead)]
                for i in range(len(hand) - len(lead) + 1)
                if tuple(sorted(c.id for c in hand[i : i + len(lead)])) not in legal
            ),
            None,
        )
        if bad is None:
            continue
        before = (learner_hand(game), [list(p) for p in rnd.trick], len(rnd.tricks), list(game.decisions))
        game.play(bad)
        assert 'data-verdict="incorrect"' in game.coach.value
        assert "RULES §6" in game.coach.value
        assert (learner_hand(game), [list(p) for p in game.round.trick], len(game.round.tricks)) == before[:3]
        assert game.decisions == before[3]
        return
    raise AssertionError("no seed gave a position with an illegal play to try")


def test_undo_takes_back_the_last_play() -> None:
    game = first_game(lambda g: g.awaiting == "play")  # no decision before the first play
    before = learner_hand(game)
    tricks = len(game.round.tricks)
    play = next(iter(game.round.legal_plays(SOUTH)))
    game.play(list(play))
    assert learner_hand(game) != before
    assert not game.undo_button.disabled
    game.undo()
    assert learner_hand(game) == before
    assert len(game.round.tricks) == tricks
    assert game.undo_button.disabled
    game.undo()
    assert "nothing to take back" in game.coach.value


def test_a_whole_hand_ends_with_the_score_explained() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=7))
    while not game.round.done:
        decide_like_a_bot(game)
    assert "The round is over" in game.coach.value
    assert "RULES §9" in game.coach.value
    assert game.hand.disabled
    assert game.play_button.disabled
    assert game.awaiting is None


def test_trick_explanations_speak_to_the_learner() -> None:
    game = ready_to_play(CoachedGame(CoachedHand(grading=None, seed=9)))
    game.play(list(next(iter(game.round.legal_plays(SOUTH)))))
    said = text(game)
    assert "South" not in said
    assert "You " in said or "your " in said


def test_a_trick_the_learner_finishes_is_explained() -> None:
    game = ready_to_play(CoachedGame(CoachedHand(grading=None, seed=1)))
    finished = 0
    while not game.round.done:
        rnd = game.round
        last, count = len(rnd.trick) == 3, len(rnd.tricks)  # South's play finishes the trick
        decide_like_a_bot(game)
        if last:
            trick = rnd.tricks[count]
            names = ["you" if (trick.leader + k) % 4 == SOUTH else SEATS[(trick.leader + k) % 4] for k in range(4)]
            assert game.round.trump is not None
            reason = explain_trick(trick.plays, game.round.trump, names=names).reason
            assert reason in text(game)
            finished += 1
    assert finished


def test_a_failed_throw_names_the_player_the_cards_and_the_unit_they_beat() -> None:
    for seed in range(30):
        game = ready_to_play(CoachedGame(CoachedHand(grading=None, seed=seed)))
        while not game.round.done:
            rnd = game.round
            assert rnd.trump is not None
            if not rnd.trick:
                others = [list(rnd.hand((SOUTH + k) % 4)) for k in (1, 2, 3)]
                for throw in _one_suit_throws(rnd.hand(SOUTH), rnd.trump.suit_of):
                    check = check_throw(throw, others, rnd.trump)
                    if check.ok:
                        continue
                    game.play(throw)
                    blocker = SEATS[(SOUTH + 1 + (check.blocker or 0)) % 4]
                    forced = format_cards(check.forced)
                    assert (
                        f"Your throw {format_cards(throw)} failed: {blocker} holds {format_cards(check.beaten_by)}, "
                        f"which beats your {forced}, so you play only {forced} (RULES §8)."
                    ) in text(game)
                    assert game.decisions[-1].choice == tuple(throw)  # the decision is the throw as tried
                    return
            decide_like_a_bot(game)
    raise AssertionError("no seed gave the learner a throw that fails")


def _one_suit_throws(hand: Sequence[Card], suit_of: Callable[[Card], str]) -> list[list[Card]]:
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(suit_of(card), []).append(card)
    return [cards for suit, cards in by_suit.items() if suit != "trump" and len(set(cards)) > 1]


# -- declaring (亮主) ------------------------------------------------------------------------------


def test_the_deal_stops_for_the_learners_declarations_and_pass_goes_on() -> None:
    game = first_game(lambda g: g.awaiting == "declare" and not g.round.deal_complete)
    rnd = game.round
    options = declarations_for(rnd.view(SOUTH))
    assert options
    assert buttons(game) == [joker_words(f"Declare {format_cards(o)}") for o in options] + ["Pass"]
    assert "<svg" in game.declare_box.children[0].children[0].value  # each declaration drawn as cards
    assert game.declare_box.layout.display is None
    assert game.hand.disabled
    assert "you may declare trump" in text(game)
    dealt, view = rnd.dealt, rnd.view(SOUTH)
    game.play_selected()
    assert "It is not your turn" in text(game)
    assert game.round.dealt == dealt
    game.pass_button.click()
    assert [(d.kind, d.view, d.choice) for d in game.decisions] == [("declare", view, ())]
    assert game.round.dealt > dealt or game.round.phase != "deal"


def test_once_the_play_starts_the_table_shows_the_trick_not_the_deal() -> None:
    game = first_game(lambda g: g.awaiting == "declare" and bool(ready_to_play(g).round.trick))
    assert game.table.plays
    assert game.table.caption == ""


def test_declaring_makes_the_learners_suit_trump() -> None:
    for seed in range(40):
        game = CoachedGame(CoachedHand(grading=None, seed=seed))
        if game.awaiting != "declare":
            continue
        count = len(game.round.declarations)
        option = game.declare_box.children[-2]  # the strongest declaration is listed last
        option.children[1].click()
        made = game.round.declarations[count]  # bots may override it later in the deal
        assert made.seat == SOUTH
        assert game.decisions[-1].kind == "declare"
        assert game.decisions[-1].choice == made.cards
        while game.round.phase == "deal":
            decide_like_a_bot(game)
        final = game.round.declaration
        if final is not None and final.seat == SOUTH and final.suit is not None:
            assert game.round.trump is not None
            assert game.round.trump.suit == final.suit
            assert "your declaration stands" in text(game)
            return
    raise AssertionError("no seed let the learner's declaration stand")


class Silent(HeuristicBot):
    """Never declares."""

    def declare(self, view: PlayerView) -> None:
        return None


def test_when_nobody_declares_the_cards_are_dealt_again() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=3))
    game.bots = [Silent() for _ in range(4)]
    game.new_hand()
    while game.round.redeals == 0:
        assert game.awaiting == "declare"
        game.pass_declaration()
    assert "dealt again" in text(game)
    assert game.round.phase == "deal"
    while game.round.phase == "deal":
        assert game.awaiting == "declare"
        game.declare(declarations_for(game.round.view(SOUTH))[0])
    assert game.round.declaration is not None
    assert game.round.declaration.seat == SOUTH
    assert game.round.trump is not None
    assert game.round.trump.suit == game.round.declaration.suit


# -- the kitty (埋底) and the call (找朋友) --------------------------------------------------------------


def test_the_learner_buries_the_kitty_when_dealing_and_a_wrong_burial_changes_nothing() -> None:
    game = ready_kitty(first_game(south_deals))
    rnd, k = game.round, game.rules.kitty
    assert game.awaiting == "bury"
    assert game.hand.max_selected == k
    assert not game.hand.disabled
    assert game.bury_button.layout.display is None
    hand, view = learner_hand(game), rnd.view(SOUTH)
    decisions = list(game.decisions)
    game.bury(rnd.hand(SOUTH)[: k - 1])
    assert 'data-verdict="incorrect"' in game.coach.value
    assert f"exactly {k} cards" in text(game)
    missing = next(c for c in deck(1) if c not in rnd.hand(SOUTH))
    game.bury([*rnd.hand(SOUTH)[: k - 1], missing])
    assert 'data-verdict="incorrect"' in game.coach.value
    assert (learner_hand(game), game.round.phase, game.decisions) == (hand, "kitty", decisions)
    chosen = list(BOT.discard(view))
    game.hand.select(chosen)
    game.bury_button.click()
    assert game.round.phase != "kitty"
    assert sorted(c.id for c in game.round.discards) == sorted(c.id for c in chosen)
    last = game.decisions[-1]
    assert (last.kind, last.view, last.choice) == ("bury", view, tuple(chosen))


def ready_kitty(game: CoachedGame) -> CoachedGame:
    while game.awaiting == "declare":
        game.pass_declaration()
    return game


def test_finding_friends_the_learner_calls_and_the_status_says_who_is_on_which_side() -> None:
    game = ready_kitty(first_game(south_deals, FRIENDS))
    game.bury(BOT.discard(game.round.view(SOUTH)))
    assert game.awaiting == "call"
    assert game.call_box.layout.display is None
    assert "no friend is called yet" in game.status.value
    game.call([("AH", 3)])
    assert "Not allowed: the ordinal of a called card is 1 to 2, not 3" in text(game)
    assert game.awaiting == "call"
    game.call_cards[0].value = "AH"
    game.call_ordinals[0].value = 2
    game.call_button.click()
    assert game.round.calls == ((Card("A", "H"), 2),)
    assert game.decisions[-1].kind == "call"
    assert game.decisions[-1].choice == ((Card("A", "H"), 2),)
    assert "hidden until the second A♥ is played" in game.status.value
    while not game.round.done and "hidden" in game.status.value:
        decide_like_a_bot(game)
    assert "attackers: " in game.status.value
    assert game.round.done or len(game.round.declarers) + len(game.round.attackers) == 4


def test_finding_friends_other_dealers_call_for_themselves() -> None:
    game = ready_to_play(first_game(lambda g: g.round.dealer != SOUTH, FRIENDS))
    dealer = SEATS[game.round.dealer or 0]
    assert game.round.calls
    assert f"{dealer} calls the " in text(game)
    assert f"declarers: {dealer} (dealer)" in game.status.value


# -- the trump rank ----------------------------------------------------------------------------------


def test_the_trump_rank_changes_from_hand_to_hand_and_is_explained() -> None:
    ranks = [CoachedGame(CoachedHand(grading=None, seed=seed)).round.rank for seed in range(12)]
    assert len(set(ranks)) > 3
    assert set(ranks) <= set(RANKS)
    assert ranks == [CoachedGame(CoachedHand(grading=None, seed=seed)).round.rank for seed in range(12)]  # seeded
    game = CoachedGame(CoachedHand(grading=None, seed=5))
    rank = game.round.rank
    assert f"the trump rank is {rank}. Every card of rank {rank} ({rank}♠ {rank}♥ {rank}♦ {rank}♣) is a trump" in text(
        game
    )
    assert all(CoachedGame(CoachedHand(grading=None, seed=seed, rank="5")).round.rank == "5" for seed in range(3))
    hands = [game.round.rank]
    for _ in range(5):
        game.new_hand()
        hands.append(game.round.rank)
    assert len(set(hands)) > 1


# -- the decisions, for grading ----------------------------------------------------------------------


def test_every_decision_is_recorded_with_the_view_before_it_and_undo_takes_it_back() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=9))  # South deals: declares, buries, plays
    while len(game.decisions) < 6 or game.decisions[-1].kind != "play":
        view, asked = game.round.view(SOUTH), game.awaiting
        count = len(game.decisions)
        decide_like_a_bot(game, declare=True)
        assert len(game.decisions) == count + 1
        decision = game.decisions[-1]
        assert decision.kind == asked
        assert decision.view == view
        assert all(c in view.hand for c in decision.choice if isinstance(c, Card))
    kinds = [d.kind for d in game.decisions]
    assert {"declare", "bury", "play"} <= set(kinds)
    while game.decisions:
        last = game.decisions[-1]
        game.undo()
        assert game.round.view(SOUTH) == last.view
        assert game.awaiting == last.kind
        assert game.decisions == [] or game.decisions[-1] is not last
    assert game.undo_button.disabled


class Spy(HeuristicBot):
    """A heuristic bot that notes each time it is asked to declare: its seat, the cards dealt, the declaration."""

    def __init__(self, log: list[tuple[int, int, object]]) -> None:
        self.log = log

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        self.log.append((view.seat, view.dealt, view.declaration))
        return super().declare(view)


def test_the_deal_kitty_and_call_go_as_the_bots_driver_runs_them() -> None:
    """With South deciding as the heuristic bot does, the round's actions are exactly ``prepare_round``'s, and
    the bots are asked to declare at the same moments (seed 10 pauses South for the deal's last card)."""
    for rules in (None, FRIENDS):
        for seed in range(25):
            asked: list[tuple[int, int, object]] = []
            game = CoachedGame(CoachedHand(grading=None, seed=seed, rules=rules, bots=[Spy(asked) for _ in range(4)]))
            while game.awaiting not in ("play", None):
                decide_like_a_bot(game, declare=True)
            rnd = game.round
            first, *later = rnd.deals
            again = Round(rnd.rules, dealer=rnd.dealer, rank=rnd.rank, deck_order=first, redeal_orders=later)
            driver_asked: list[tuple[int, int, object]] = []
            prepare_round(again, [Spy(driver_asked) for _ in range(4)])
            assert rnd.history[: len(again.history)] == again.history
            assert asked == [a for a in driver_asked if a[0] != SOUTH]


# -- the coach grades every decision ------------------------------------------------------------------

QUICK = Budget(samples=4, candidates=4)


class Keeper:
    """A progress store's ``keep_mistake``, in memory (or failing, like a store that cannot be written)."""

    def __init__(self, fail: bool = False) -> None:
        self.kept: list[tuple[str, str, str, float]] = []
        self.fail = fail

    def keep_mistake(self, position: str, answer: str, grade: str, loss: float) -> int:
        if self.fail:
            raise StoreError("the database is read-only")
        self.kept.append((position, answer, grade, loss))
        return len(self.kept)


def worst_play(game: CoachedGame) -> list[Card]:
    """The dearest legal play (most trumps and high cards spent): a deliberately bad play, most of the time."""
    view = game.round.view(SOUTH)
    assert view.trump is not None
    trump = view.trump

    def dearness(play: tuple[Card, ...]) -> tuple[int, int]:
        return strength_spent(play, trump), points(play)

    return list(max(game.round.legal_plays(SOUTH), key=dearness))


def test_a_bad_play_is_graded_with_the_better_play_drawn_and_a_reason() -> None:
    # seed 6, trick 13: North is winning and South ruffs with its highest trump (see test_coaching)
    for seed in range(20):
        game = ready_to_play(CoachedGame(CoachedHand(seed=seed, grading=QUICK)))
        while game.awaiting == "play" and not game.round.trick:
            game.play(list(BOT.play(game.round.view(SOUTH))))
        if game.awaiting != "play":
            continue
        game.play(worst_play(game))
        verdict = game.decisions[-1].assessment
        assert verdict is not None
        if verdict.grade == "good":
            continue
        html = game.verdict.value
        assert f'data-grade="{verdict.grade}"' in html
        assert "Your play:" in html
        assert "Better play:" in html
        assert html.count("<svg") >= 1  # the better play drawn as cards
        assert "<li>" in html
        assert verdict.reasons
        return
    raise AssertionError("no seed gave a bad play a grade below good")


def test_every_decision_is_graded_and_the_hand_ends_with_the_summary_and_kept_mistakes() -> None:
    keeper = Keeper()
    game = CoachedGame(CoachedHand(seed=9, grading=QUICK, keeper=keeper))  # South deals: declares, buries, plays
    while game.awaiting is not None:
        if game.awaiting == "play":
            game.play(worst_play(game))
        else:
            decide_like_a_bot(game, declare=True)
    kinds = {d.kind for d in game.decisions}
    assert {"declare", "bury", "play"} <= kinds
    assert all(d.assessment is not None for d in game.decisions)
    assert all(d.assessment.kind == d.kind for d in game.decisions if d.assessment)
    review = Accuracy(tuple(d.assessment for d in game.decisions if d.assessment))
    summary = game.summary.value
    assert "Your accuracy" in summary
    assert review.summary() in summary
    worst = [a for a in review.costliest(3) if a.kind == "play" and a.grade in ("mistake", "blunder")]
    assert worst, "playing the dearest card every time makes mistakes"
    assert "Your costliest decisions" in summary
    assert [(k[2], k[3]) for k in keeper.kept] == [
        (a.grade, a.loss) for a in sorted(worst, key=lambda a: [d.assessment for d in game.decisions].index(a))
    ]
    assert game.kept == list(range(1, len(worst) + 1))
    for position, answer, _grade, _loss in keeper.kept:  # each kept position is the play's, and replays
        view = Position.from_json(position).view()
        assert view.seat == SOUTH
        assert any(" ".join(map(str, d.choice)) == answer and d.view == view for d in game.decisions)
    assert "kept for you to solve again" in summary


def test_a_store_that_cannot_keep_the_mistakes_says_so_and_the_hand_still_ends() -> None:
    game = CoachedGame(CoachedHand(seed=9, grading=QUICK, keeper=Keeper(fail=True)))
    while game.awaiting is not None:
        if game.awaiting == "play":
            game.play(worst_play(game))
        else:
            decide_like_a_bot(game)
    assert game.round.done
    assert "could not be kept for review: the database is read-only" in game.summary.value
    assert game.kept == []


def test_the_hint_ladder_gives_the_idea_the_suit_then_the_cards_and_is_recorded() -> None:
    game = ready_to_play(CoachedGame(CoachedHand(seed=4, grading=QUICK)))
    assert game.awaiting == "play"
    assert not game.hints.button.disabled
    first = game.hints.next_hint()
    second = game.hints.next_hint()
    third = game.hints.next_hint()
    assert first
    assert second.startswith("Play ")
    assert third.startswith("Play ")
    assert game.hints.button.disabled
    best = third[len("Play ") : -1]
    hand = {c.symbol() for c in game.round.hand(SOUTH)}
    assert set(best.split()) <= hand  # the cards named are the learner's
    game.play(list(BOT.play(game.round.view(SOUTH))))
    assert game.decisions[-1].hints == 3
    if game.awaiting == "play":  # a new decision: the ladder starts again
        assert game.hints.used == 0
        assert not game.hints.button.disabled


def test_undo_takes_the_verdict_back_with_the_play() -> None:
    game = ready_to_play(CoachedGame(CoachedHand(seed=4, grading=QUICK)))
    game.play(worst_play(game))
    assert game.verdict.value
    game.undo()
    assert game.verdict.value == ""
    assert all(d.kind != "play" for d in game.decisions)


def test_without_grading_there_are_no_verdicts_or_hints() -> None:
    game = ready_to_play(CoachedGame(CoachedHand(seed=4, grading=None)))
    assert game.hints.button.disabled
    game.play(worst_play(game))
    assert game.decisions[-1].assessment is None
    assert game.verdict.value == ""


def test_the_learner_can_switch_to_finding_friends_from_the_next_hand() -> None:
    chosen: list[RuleSet] = []
    game = CoachedGame(CoachedHand(grading=None, seed=3), on_rules=chosen.append)
    assert game.rules.partnership == "fixed"
    assert game.call_cards == []
    game.house_rules.partnership.value = "friends"  # what the chooser in the page does
    assert game.rules.partnership == "friends"
    assert game.round.rules.partnership == "friends"  # a new hand was dealt with it
    assert chosen == [FRIENDS], "the page is told, to keep the learner's house rules"
    assert len(game.call_cards) == 1
    assert game.call_box.children[-1] is game.call_button
    game.set_rules(RuleSet())
    assert game.house_rules.partnership.value == "fixed"
    assert game.call_cards == []
    assert chosen == [FRIENDS], "rules set from Python are not the learner's choice"
    with pytest.raises(ShengjiError, match="4, 5 or 6 players"):
        game.set_rules(RuleSet(players=8))
    assert game.rules == RuleSet()


# -- every house rule: five and six players, chao dipi, a hopeless hand redealt ----------------------


def first_legal(game: CoachedGame) -> None:
    """The learner's current decision made simply: keep the hand, pass, play the first legal play; the rest as
    the bot."""
    asked = game.awaiting
    if asked == "show":
        game.keep_hand()
    elif asked == "overturn":
        game.pass_overturn()
    elif asked == "play":
        game.play(list(next(iter(game.round.legal_plays(SOUTH)))))
    else:
        decide_like_a_bot(game)


def as_the_bot(game: CoachedGame) -> None:
    """The learner's current decision as the heuristic bot (and ``play.game``'s driver) makes it."""
    view = game.round.view(SOUTH)
    if game.awaiting == "show":
        game.show_hand()  # the heuristic bot always shows a hopeless hand
    elif game.awaiting == "overturn":
        cards = BOT.declare(view)
        game.overturn(cards) if cards else game.pass_overturn()
    else:
        decide_like_a_bot(game, declare=True)


def said(game: CoachedGame, decide: Callable[[CoachedGame], None], until: Callable[[CoachedGame], bool]) -> str:
    """Everything the coach said from the start until ``until(game)`` (each decision made by ``decide``)."""
    notes = [text(game)]
    while not until(game):
        decide(game)
        notes.append(text(game))
    return " ".join(notes)


@pytest.mark.parametrize(("players", "partnership"), [(5, "friends"), (6, "friends"), (6, "fixed")])
def test_a_hand_of_five_or_six_is_played_to_the_end(players: int, partnership: str) -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=2, rules=RuleSet(players=players, partnership=partnership)))
    assert len(game.bots) == players
    assert game.hand.label == "Your hand (Seat 3)"
    assert game.table.names[SOUTH] == "Seat 3 (you)"
    assert len(game.call_cards) == {(5, "friends"): 1, (6, "friends"): 2, (6, "fixed"): 0}[players, partnership]
    revealed_while_hidden: list[int] = []
    while game.awaiting is not None:
        rnd = game.round
        status = re.sub(r"<[^>]+>", " ", game.status.value)
        if rnd.phase == "play":
            friends = [s for s in range(players) if f"Seat {s + 1} (friend)" in status]
            assert friends == [s for s in rnd.friends if s != SOUTH], "a friend is shown once they played the card"
            if "hidden" in status:
                revealed_while_hidden.append(len(rnd.tricks))
        first_legal(game)
    rnd = game.round
    assert rnd.done
    assert len(rnd.tricks) <= rnd.rules.hand_size
    words = " ".join(text(game).split())
    assert "The round is over." in words
    assert "South" not in words
    assert "North" not in words
    if partnership == "friends":
        assert revealed_while_hidden, "the sides stayed hidden for a while"
    else:
        assert "you and Seat 1 and Seat 5 are the" in game.status.value
    assert svg_label(game).startswith("trick: Seat")


def svg_label(game: CoachedGame) -> str:
    match = re.search(r'aria-label="([^"]*)"', game.table.svg)
    assert match is not None
    return match.group(1)


def test_a_hand_of_five_graded_with_undo() -> None:
    game = ready_to_play(CoachedGame(CoachedHand(grading=QUICK, seed=2, rules=RuleSet(players=5))))
    game.play(list(next(iter(game.round.legal_plays(SOUTH)))))
    assert game.decisions[-1].assessment is not None
    game.undo()
    assert game.awaiting == "play"


def test_the_table_seats_six_with_the_learner_at_the_bottom() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=2, rules=RuleSet(players=6)))
    table = game.table
    table.show(["AS", "KS", "QS", "JS", "10S", "9S"], 4, 4)
    label = svg_label(game)
    assert label == "trick: Seat 5 led, Seat 5 wins, 20 points"
    names = re.findall(r'<text[^>]*font-size="13"[^>]*>([^<]*)</text>', table.svg)
    assert [n.split(" · ")[0] for n in names] == [
        "Seat 6",
        "Seat 1",
        "Seat 2",
        "Seat 3 (you)",
        "Seat 4",
        "Seat 5",
    ], "from the top counter-clockwise, in play order, the learner at the foot"
    ys = [float(y) for y in re.findall(r'<text x="[^"]*" y="([^"]*)"[^>]*font-size="13"', table.svg)]
    assert ys[3] == max(ys), "the learner's seat is the lowest"
    assert len(re.findall(r'class="sjt-card-svg"|<svg', table.svg)) >= 7, "six cards drawn"
    with pytest.raises(ValueError, match="at most 6 plays"):
        table.show(["AS"] * 7, 0)
    four = CoachedGame(CoachedHand(grading=None, seed=2))
    assert four.table.names == tuple(SEATS)
    assert four.table.svg == TrickTable(four.table.plays, four.table.leader, four.round.trump, four.table.winner).svg


def test_three_decks_give_the_hand_picker_a_long_hand_to_bury_from() -> None:
    game = first_game(south_deals, RuleSet(decks=3))
    while game.awaiting == "declare":
        game.pass_declaration()
    assert game.awaiting == "bury"
    kitty = game.rules.kitty
    assert len(game.hand.hand) == game.rules.hand_size + kitty >= 48
    assert game.hand.max_selected == kitty
    burial = BOT.discard(game.round.view(SOUTH))
    game.hand.select(burial)
    game.bury_selected()
    assert game.awaiting != "bury"
    assert len(game.round.hand(SOUTH)) == game.rules.hand_size


CHAO = RuleSet(chao_dipi=True)


def test_chao_dipi_a_bot_overturns_and_the_coach_says_so() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=39, rules=CHAO))  # West overturns East's 5♦ with 5♠ 5♠
    words = text(game)
    assert "Chao dipi (炒地皮 chǎo dìpí)" in words
    assert "West overturns with 5♠ 5♠: spades are trump now; West takes the kitty and reburies 8 cards" in words
    assert "You hold no pair that overturns the trump: you pass." in words
    assert "Everyone else passed, so the trump stands" in words
    rnd = game.round
    assert [d.seat for d in rnd.overturns] == [1]
    assert rnd.trump is not None
    assert rnd.trump.suit == "S"
    assert rnd.buriers == [rnd.dealer, 1]
    assert game.awaiting in ("play", None)


def test_chao_dipi_the_learner_overturns_reburies_and_undoes_it() -> None:
    game = CoachedGame(CoachedHand(grading=QUICK, seed=6, rules=CHAO))
    while game.awaiting != "overturn":
        first_legal(game)
    before = game.round.trump
    options = declarations_for(game.round.view(SOUTH))
    assert buttons(game) == [joker_words(f"Overturn with {format_cards(o)}") for o in options] + ["Pass"]
    assert "Chao dipi (炒地皮): overturn the trump" in game.status.value
    game.play(["AS"])
    assert "overturn the trump only in your turn" not in text(game)
    game.overturn(options[0])
    assert game.awaiting == "bury"
    assert joker_words(f"You overturn with {format_cards(options[0])}") in text(game)
    assert game.decisions[-1].kind == "overturn"
    graded = game.decisions[-1].assessment
    assert graded is not None, "an overturn is graded like a declaration (assess_overturn)"
    assert graded.kind == "overturn"
    assert graded.chosen.choice == tuple(options[0])
    assert "choice in chao dipi" in game.verdict.value
    assert len(game.hand.hand) == game.rules.hand_size + game.rules.kitty
    game.bury(BOT.discard(game.round.view(SOUTH)))
    assert game.decisions[-1].kind == "bury"
    assert game.decisions[-1].assessment is not None, "the burial after an overturn is graded as a burial"
    assert game.round.overturns[-1].seat == SOUTH
    game.undo()
    assert game.awaiting == "bury"
    game.undo()
    assert game.awaiting == "overturn"
    assert game.round.trump == before
    assert "overturn or pass again" in text(game)
    game.pass_overturn()
    assert game.decisions[-1].choice == ()
    passed = game.decisions[-1].assessment
    assert passed is not None
    assert passed.chosen.choice == ()
    assert game.awaiting in ("play", "overturn", "call", None)


def test_a_refused_overturn_changes_nothing() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=6, rules=CHAO))
    while game.awaiting != "overturn":
        first_legal(game)
    history = game.round.history
    game.overturn(game.round.hand(SOUTH)[:1])
    assert "Not allowed" in text(game)
    assert game.round.history == history
    assert game.awaiting == "overturn"


HOPELESS = RuleSet(decks=1, redeal="no-points")


def test_the_learner_shows_a_hopeless_hand_and_the_cards_are_dealt_again() -> None:
    game = CoachedGame(CoachedHand(grading=QUICK, seed=1, rules=HOPELESS))
    assert not game.show_box.layout.display
    while game.awaiting != "show":
        first_legal(game)
        assert game.awaiting not in ("play", "bury")
    assert game.round.may_show_hand(SOUTH)
    assert game.show_box.layout.display is None, "the Show button is there only now"
    assert "no point card" in text(game)
    hand = game.model.as_dealt(game.round.view(SOUTH))
    assert not points(hand)
    redeals = game.round.redeals
    game.show_hand()
    assert game.round.redeals == redeals + 1
    assert "You show your hand with no point card: the same dealer shuffles and deals the cards again" in text(game)
    assert game.decisions[-1].kind == "show"
    assert game.decisions[-1].choice == hand
    assert game.decisions[-1].assessment is None
    assert game.show_box.layout.display == "none"
    game.undo()
    assert game.awaiting == "show"
    assert game.model.as_dealt(game.round.view(SOUTH)) == hand
    game.keep_hand()
    assert game.round.redeals == redeals
    assert game.awaiting != "show"


def test_a_bot_shows_a_hopeless_hand_and_the_coach_says_so() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=35, rules=HOPELESS))
    words = said(game, first_legal, lambda g: g.round.phase in ("play", "done"))
    assert re.search(r"(North|West|East) shows a hand with no point card: the same dealer", words)


def test_showing_a_hand_is_refused_when_the_rule_does_not_allow_it() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=1))
    game.show_hand()
    assert "show your hand only after the deal" in text(game)


@pytest.mark.parametrize(
    "rules",
    [CHAO, RuleSet(chao_dipi=True, players=5), HOPELESS, RuleSet(redeal="no-trump", chao_dipi=True, players=6)],
    ids=["chao", "chao-five", "redeal", "both-six"],
)
def test_every_house_rule_goes_as_the_bots_driver_runs_it(rules: RuleSet) -> None:
    """With South deciding as the heuristic bot does (showing a hopeless hand, overturning when it pays), the
    round's actions are exactly ``prepare_round``'s."""
    for seed in range(12):
        game = CoachedGame(CoachedHand(grading=None, seed=seed, rules=rules))
        while game.awaiting not in ("play", None):
            as_the_bot(game)
        rnd = game.round
        first, *later = rnd.deals
        again = Round(rnd.rules, dealer=rnd.dealer, rank=rnd.rank, deck_order=first, redeal_orders=later)
        prepare_round(again, [HeuristicBot() for _ in range(rules.players)])
        assert rnd.history[: len(again.history)] == again.history


def test_the_house_rules_chooser_deals_a_new_hand_under_every_rule() -> None:
    chosen: list[RuleSet] = []
    game = CoachedGame(CoachedHand(grading=None, seed=3), on_rules=chosen.append)
    chooser = game.house_rules
    chooser.players.value = 6
    chooser.decks.value = 3
    chooser.chao_dipi.value = True
    chooser.decks.value = 1  # refused: chao dipi needs a pair
    assert "2 or 3 decks" in chooser.error.value
    assert game.rules == RuleSet(players=6, decks=3, chao_dipi=True)
    assert game.round.rules == game.rules
    assert chosen[-1] == game.rules
    assert len(chosen) == 3
    while game.awaiting is not None:
        first_legal(game)
    assert game.round.done


def test_a_table_the_given_bots_cannot_seat_is_refused_in_the_chooser() -> None:
    game = CoachedGame(CoachedHand(grading=None, seed=3, bots=[HeuristicBot() for _ in range(4)]))
    game.house_rules.players.value = 5
    assert "one bot per seat (5), not 4" in game.house_rules.error.value
    assert game.house_rules.rules == game.rules == RuleSet()
    assert game.house_rules.players.value == 4


def test_the_first_words_of_a_hand_agree_with_lesson_9_on_who_deals() -> None:
    """Lesson 9 teaches that the first declarer deals a match's first round: a coached hand with a dealer says the
    match is under way; a first round says nobody deals yet."""
    from shengji_tutor import Round, RuleSet
    from shengji_tutor.play import coach_text

    later = coach_text.rank_words(Round(RuleSet(), seed=1, dealer=3, rank="5"), 0)
    assert "the match is under way" in later.lower()
    assert "East deals this hand" in later
    first = coach_text.rank_words(Round(RuleSet(), seed=1, rank="5"), 0)
    assert "first round" in first
    assert "whoever declares first becomes the dealer" in first


def test_the_coachs_words_agree_in_number_and_article() -> None:
    """ "whoever is dealt an 8", not "a 8"; Finding Friends' sides during the deal are not "known once the deal is
    over" (a friend is known only when the called card is played)."""
    from shengji_tutor import Round, RuleSet
    from shengji_tutor.play import coach_text

    assert "dealt an 8 may" in coach_text.rank_words(Round(RuleSet(), seed=1, dealer=0, rank="8"), 0)
    assert "dealt a 7 may" in coach_text.rank_words(Round(RuleSet(), seed=1, dealer=0, rank="7"), 0)
    friends = Round(RuleSet(players=5), seed=1, dealer=0, rank="2")
    said = coach_text.sides(friends, 0)
    assert "once the deal is over" not in said
    assert "called card" in said


def test_the_accuracy_counts_agree_in_number() -> None:
    """ "2 mistakes", never "2 mistake"; "1 blunder"; "0 inaccuracies"."""
    from shengji_tutor.play.coaching import Accuracy, Assessment, Option
    from shengji_tutor.ui.coach_panel import accuracy_html

    def graded(loss: float) -> Assessment:
        best = Option(("9♠",), 0.0, 0.0, 0.0, 0.0, status="best")
        mine = Option(("K♠",), -loss, 0.0, loss, 0.0, status="worse")
        return Assessment("play", mine, best, (best, mine), ("Why.",), 48)

    html = accuracy_html(Accuracy((graded(0.4), graded(0.5), graded(0.9))), None)
    assert "<strong>2</strong> mistakes" in html
    assert "<strong>1</strong> blunder<" in html
    assert "<strong>0</strong> inaccuracies" in html
    assert "<strong>0</strong> good" in html


@pytest.mark.parametrize(("seat", "name"), [(SOUTH, "South"), (0, "North")])
def test_the_view_draws_the_seat_its_model_seats_the_learner_at(seat: int, name: str) -> None:
    """One view for any seat (the class tables' ground): the hand, the table's bottom and "you" follow the seat."""
    game = CoachedGame(CoachedHand(seed=6, grading=None, seat=seat))
    while game.awaiting is not None and game.awaiting != "play":
        decide_like_a_bot(game)
    assert game.table.bottom == seat
    assert game.table.names[seat] == name  # at four seats the seat at the bottom is the learner's
    assert sorted(str(c) for c in game.hand.hand) == sorted(str(c) for c in game.round.hand(seat))
    assert game.hand.label == f"Your hand ({name})"
    play = next(iter(game.round.legal_plays(seat)))
    game.play(list(play))
    assert game.model.decisions[-1].view.seat == seat


def test_a_view_takes_its_model_and_two_views_of_one_hand_draw_the_same() -> None:
    """Issue 41 item 4: the view is given the model (a class table will show one game on several screens); what one
    view's learner does, the other view draws once refreshed, from the same snapshot."""
    hand = CoachedHand(seed=6, grading=None)
    first, second = CoachedGame(hand), CoachedGame(hand)
    assert first.model is second.model is hand
    while first.awaiting is not None and first.awaiting != "play":
        decide_like_a_bot(first)
    second._refresh()
    assert [str(c) for c in second.hand.hand] == [str(c) for c in first.hand.hand]
    assert second.status.value == first.status.value
