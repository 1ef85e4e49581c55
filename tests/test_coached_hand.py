"""The coached hand's model (``play.coached_hand.CoachedHand``): a whole coached hand with no widget at all."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from shengji_tutor import HeuristicBot, RuleSet
from shengji_tutor.engine.seats import SOUTH
from shengji_tutor.play.coached_hand import CoachedHand
from shengji_tutor.play.round import DecisionKind
from shengji_tutor.play.search import Budget

QUICK = Budget(samples=4, candidates=4)


def test_the_model_plays_a_whole_hand_without_jupyter() -> None:
    """Importable, and playable to the end, in an interpreter where ipywidgets cannot be imported at all."""
    script = textwrap.dedent(
        """
        import sys
        for name in ("ipywidgets", "traitlets", "IPython", "anywidget"):
            sys.modules[name] = None  # any import of them now fails
        from shengji_tutor import HeuristicBot
        from shengji_tutor.engine.seats import SOUTH
        from shengji_tutor.play.coached_hand import CoachedHand
        from shengji_tutor.play.search import Budget
        hand = CoachedHand(seed=3, grading=Budget(samples=2, candidates=2))
        while not hand.round.done:
            assert hand.decide(HeuristicBot().act(hand.round.view(SOUTH))), hand.said
        print(len(hand.decisions), hand.accuracy() is not None)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    decisions, reviewed = done.stdout.split()
    assert int(decisions) >= 10
    assert reviewed == "True"


def test_a_refused_decision_says_why_and_changes_nothing() -> None:
    hand = CoachedHand(seed=9, grading=None)
    while hand.awaiting is not DecisionKind.PLAY:
        hand.decide(HeuristicBot().act(hand.round.view(SOUTH)))
    before = hand.saved()
    assert not hand.bury("3H 3H 3H 3H 3H 3H 3H 3H")  # not asked: it is a play
    assert hand.said.notes == ("Only the dealer buries the kitty, once they have picked it up.",)
    assert not hand.play("BJ BJ BJ")
    assert hand.said.bad
    assert "Not allowed" in hand.said.notes[0]
    assert hand.saved() == before


def test_each_kind_of_decision_is_graded_by_its_own_grader_and_undo_takes_it_back() -> None:
    hand = CoachedHand(seed=5, rules=RuleSet(players=5), grading=QUICK)
    kinds = set()
    while not hand.round.done and len(kinds) < 3:
        asked = hand.awaiting
        assert asked is not None
        assert hand.decide(HeuristicBot().act(hand.round.view(SOUTH)))
        kinds.add(asked)
        if asked in (DecisionKind.BURY, DecisionKind.CALL, DecisionKind.PLAY):
            assert hand.decisions[-1].assessment is not None, asked
            assert hand.decisions[-1].assessment.kind == asked
    history, made = len(hand.round.history), len(hand.decisions)
    assert hand.undo()
    assert len(hand.decisions) == made - 1
    assert len(hand.round.history) < history
    assert hand.awaiting is not None
    assert hand.said.notes[0].startswith("Taken back")


def test_a_saved_hand_is_taken_up_by_another_model_where_it_was() -> None:
    hand = CoachedHand(seed=2, grading=QUICK)
    for _ in range(4):
        hand.decide(HeuristicBot().act(hand.round.view(SOUTH)))
    again = CoachedHand(seed=7, grading=QUICK)
    again.resume(hand.saved())
    assert again.saved() == hand.saved()
    assert json.loads(again.saved())["format"] == 4
    assert [d.kind for d in again.decisions] == [d.kind for d in hand.decisions]
    assert again.awaiting == hand.awaiting


def test_a_hand_kept_at_a_redeal_table_is_saved_and_taken_up_again() -> None:
    """A saved hand holding the answer to "show your hopeless hand?" reads back (its kind was once refused)."""
    rules = RuleSet(decks=1, redeal="no-points")
    hand = CoachedHand(seed=1, rules=rules, grading=None)
    while hand.awaiting is not DecisionKind.SHOW:
        assert hand.awaiting is not None
        assert hand.decide(HeuristicBot().act(hand.round.view(SOUTH)))
    assert hand.keep_hand()
    assert hand.decisions[-1].kind is DecisionKind.SHOW
    assert hand.decisions[-1].choice == ()
    again = CoachedHand(seed=8, grading=None)
    again.resume(hand.saved())
    assert [d.kind for d in again.decisions] == [d.kind for d in hand.decisions]
    assert again.saved() == hand.saved()


def test_the_learner_may_sit_at_any_seat_and_the_hand_is_theirs_to_the_end() -> None:
    """The model asks the seat it was given, never a fixed South: North plays a whole hand, saved and taken up."""
    north = CoachedHand(seed=4, grading=None, seat=0)
    asked = 0
    while not north.round.done:
        assert north.round.to_act == 0
        assert north.decide(HeuristicBot().act(north.round.view(0))), north.said
        asked += 1
        if asked == 6:
            again = CoachedHand(seed=1, grading=None)
            again.resume(north.saved())
            assert again.seat == 0
            assert again.saved() == north.saved()
    assert all(d.view.seat == 0 for d in north.decisions)
    assert len(north.decisions) == asked >= 10


def test_a_seat_the_table_does_not_have_is_refused_by_name() -> None:
    import pytest

    from shengji_tutor.engine.errors import RuleSetError

    with pytest.raises(RuleSetError, match="one of the table's 4 seats, not 4"):
        CoachedHand(seed=1, grading=None, seat=4)
    six = CoachedHand(seed=1, grading=None, rules=RuleSet(players=6), seat=5)
    with pytest.raises(RuleSetError, match="seats, not 5"):
        six.set_rules(RuleSet())
    assert six.rules.players == 6


def test_a_snapshot_holds_what_the_seat_may_see_and_is_asked() -> None:
    """The view draws one value (``CoachedHand.snapshot``): the learner's hand only, what they are asked, how many
    cards an answer picks, the declarations they may make."""
    for seat in (0, 2):
        hand = CoachedHand(seed=6, grading=None, seat=seat)
        while hand.awaiting is not None:
            view = hand.snapshot()
            assert view.seat == seat
            assert view.asked is hand.awaiting
            assert sorted(c.id for c in view.hand) == sorted(c.id for c in hand.round.hand(seat))
            if view.asked is DecisionKind.BURY:
                assert view.pick == hand.rules.kitty
            if view.asked is DecisionKind.DECLARE:
                assert all(len(cards) >= 1 for cards in view.declarations)
            if view.asked is DecisionKind.PLAY and view.trick:
                assert view.pick == len(view.trick[0])
            assert hand.decide(HeuristicBot().act(hand.round.view(seat)))
        assert hand.snapshot().asked is None
