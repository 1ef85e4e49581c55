"""The coached hand's model (``play.coached_hand.CoachedHand``): a whole coached hand with no widget at all."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from shengji_tutor import HeuristicBot, RuleSet
from shengji_tutor.play.coached_hand import LEARNER, CoachedHand
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
        from shengji_tutor.play.coached_hand import LEARNER, CoachedHand
        from shengji_tutor.play.search import Budget
        hand = CoachedHand(seed=3, grading=Budget(samples=2, candidates=2))
        while not hand.round.done:
            assert hand.decide(HeuristicBot().act(hand.round.view(LEARNER))), hand.said
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
        hand.decide(HeuristicBot().act(hand.round.view(LEARNER)))
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
        assert hand.decide(HeuristicBot().act(hand.round.view(LEARNER)))
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
        hand.decide(HeuristicBot().act(hand.round.view(LEARNER)))
    again = CoachedHand(seed=7, grading=QUICK)
    again.resume(hand.saved())
    assert again.saved() == hand.saved()
    assert json.loads(again.saved())["format"] == 2
    assert [d.kind for d in again.decisions] == [d.kind for d in hand.decisions]
    assert again.awaiting == hand.awaiting


def test_a_hand_kept_at_a_redeal_table_is_saved_and_taken_up_again() -> None:
    """A saved hand holding the answer to "show your hopeless hand?" reads back (its kind was once refused)."""
    rules = RuleSet(decks=1, redeal="no-points")
    hand = CoachedHand(seed=1, rules=rules, grading=None)
    while hand.awaiting is not DecisionKind.SHOW:
        assert hand.awaiting is not None
        assert hand.decide(HeuristicBot().act(hand.round.view(LEARNER)))
    assert hand.keep_hand()
    assert hand.decisions[-1].kind is DecisionKind.SHOW
    assert hand.decisions[-1].choice == ()
    again = CoachedHand(seed=8, grading=None)
    again.resume(hand.saved())
    assert [d.kind for d in again.decisions] == [d.kind for d in hand.decisions]
    assert again.saved() == hand.saved()
