"""Lesson 10's coached game: illegal plays are refused with the rule, undo works, the round ends with the score."""

from __future__ import annotations

from shengji_tutor.ui.coach import LEARNER, CoachedGame


def learner_hand(game: CoachedGame) -> list[str]:
    return [str(c) for c in game.round.hand(LEARNER)]


def test_an_illegal_play_is_refused_with_the_rule_and_changes_nothing() -> None:
    for seed in range(30):
        game = CoachedGame(seed=seed)
        rnd = game.round
        if not rnd.trick:
            continue
        lead = rnd.trick[0]
        legal = {tuple(sorted(c.id for c in p)) for p in rnd.legal_plays(LEARNER)}
        hand = list(rnd.hand(LEARNER))
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
        before = (learner_hand(game), [list(p) for p in rnd.trick], len(rnd.tricks))
        game.play(bad)
        assert 'data-verdict="incorrect"' in game.coach.value
        assert "RULES §6" in game.coach.value
        assert (learner_hand(game), [list(p) for p in game.round.trick], len(game.round.tricks)) == before
        return
    raise AssertionError("no seed gave a position with an illegal play to try")


def test_undo_takes_back_the_last_play() -> None:
    game = CoachedGame(seed=4)
    before = learner_hand(game)
    tricks = len(game.round.tricks)
    play = next(iter(game.round.legal_plays(LEARNER)))
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
    game = CoachedGame(seed=7)
    while not game.round.done:
        game.play(list(next(iter(game.round.legal_plays(LEARNER)))))
    assert "The round is over" in game.coach.value
    assert "RULES §9" in game.coach.value
    assert game.hand.disabled
    assert game.play_button.disabled


def test_trick_explanations_speak_to_the_learner() -> None:
    game = CoachedGame(seed=9)
    game.play(list(next(iter(game.round.legal_plays(LEARNER)))))
    text = game.coach.value
    assert "South" not in text
    assert "You " in text or "your " in text
