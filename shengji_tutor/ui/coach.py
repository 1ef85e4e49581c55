"""Lesson 10: play a whole hand against three heuristic bots, with a coach.

The learner sits South. The coach refuses an illegal play with the engine's
reason (nothing changes), explains every finished trick (who won and why),
lets the learner take back their last play, and at the end shows the score,
the kitty and the level change step by step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape

import ipywidgets as w

from ..engine.cards import Card, format_cards, points
from ..engine.errors import ShengjiError
from ..engine.seats import SEATS
from ..engine.tricks import explain_trick
from ..play.bots import HeuristicBot
from ..play.game import prepare_round
from ..play.round import IllegalPlayError, Round
from .widgets import HandPicker, TrickTable

__all__ = ["LEARNER", "CoachedGame"]

LEARNER = 2  # South


class CoachedGame(w.VBox):  # type: ignore[misc]
    """A round in the browser: South is the learner, the other seats are ``HeuristicBot``s."""

    def __init__(self, seed: int | None = None, rank: str = "2") -> None:
        self.rng = random.Random(seed)
        self.rank = rank
        self.bots = [HeuristicBot() for _ in range(4)]
        self.table = TrickTable()
        self.hand = HandPicker(label="Your hand (South)")
        self.status = w.HTML()
        self.status.add_class("sjt-game-status")
        self.coach = w.HTML()
        self.coach.add_class("sjt-coach")
        self.play_button = w.Button(description="Play", button_style="success", tooltip="Play the selected cards")
        self.undo_button = w.Button(description="Undo", tooltip="Take back your last play")
        self.new_button = w.Button(description="New hand", tooltip="Deal a new hand")
        self.play_button.on_click(lambda _b: self.play_selected())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_hand())
        self._undo: list[int] = []
        """For each of the learner's plays that can be taken back: the length of the round's history before it."""
        super().__init__(
            [
                self.status,
                self.table,
                self.hand,
                w.HBox([self.play_button, self.undo_button, self.new_button]),
                self.coach,
            ]
        )
        self.add_class("sjt-coached-game")
        self.new_hand()

    # -- the flow ---------------------------------------------------------------------------

    def new_hand(self) -> None:
        """Deal a fresh round (the bots and the coach declare and bury for everyone)."""
        rnd = Round(seed=self.rng.randrange(1 << 30), dealer=self.rng.randrange(4), rank=self.rank)
        prepare_round(rnd, self.bots)
        assert rnd.dealer is not None
        self.round = rnd
        self._undo = []
        intro = f"{SEATS[rnd.dealer]} deals. {rnd.trump.describe().capitalize() if rnd.trump else ''}. " + (
            "You and North are the declarers: keep the attackers under 80 points."
            if LEARNER in rnd.declarers
            else "You and North are the attackers: win 80 points or more to take over."
        )
        self._say(intro)
        self._bots_until_learner()
        self._refresh()

    def play_selected(self) -> None:
        """Play the cards picked in the hand; an illegal play is refused with the engine's reason."""
        self.play(self.hand.selection)

    def play(self, cards: Sequence[Card]) -> None:
        rnd = self.round
        if rnd.done or rnd.to_act != LEARNER:
            self._say("It is not your turn.")
            return
        if not cards:
            self._say("Pick the cards you want to play first.")
            return
        before = len(rnd.history)
        leading = not rnd.trick
        try:
            played = rnd.play(LEARNER, list(cards))
        except IllegalPlayError as e:
            self._say(f"Not allowed: {e.reason}", tone="bad")
            return
        except ShengjiError as e:
            self._say(f"Not allowed: {e}", tone="bad")
            return
        self._undo.append(before)
        notes = []
        if leading and list(played) != list(cards):
            notes.append(
                f"Your throw {format_cards(cards)} failed: another player could beat part of it, so you play only "
                f"your smallest failing unit, {format_cards(played)} (RULES §8)."
            )
        notes.extend(self._bots_until_learner())
        self._say(" ".join(notes) if notes else "Your turn again.")
        self._refresh()

    def undo(self) -> None:
        """Take back your last play (and the bots' plays after it)."""
        if not self._undo:
            self._say("There is nothing to take back.")
            return
        before = self._undo.pop()
        while len(self.round.history) > before:  # the bots' plays since, then the learner's
            self.round.undo()
        self._say("Taken back: play again.")
        self._refresh()

    def _bots_until_learner(self) -> list[str]:
        """Let the bots play until it is South's turn or the round ends; explain each finished trick."""
        rnd = self.round
        notes: list[str] = []
        explained = len(rnd.tricks)
        while not rnd.done and rnd.to_act != LEARNER:
            seat = rnd.to_act
            assert seat is not None
            rnd.play(seat, self.bots[seat].play(rnd.view(seat)))
        for trick in rnd.tricks[explained:]:
            names = [SEATS[(trick.leader + k) % 4] for k in range(4)]
            names = ["you" if n == "South" else n for n in names]
            assert rnd.trump is not None
            notes.append(explain_trick(trick.plays, rnd.trump, names=names).reason)
        if rnd.done:
            notes.append(self._final_words())
        return notes

    def _final_words(self) -> str:
        rnd = self.round
        score = rnd.score()
        kitty = [Card.from_id(i) for i in rnd.discards]
        last = rnd.tricks[-1]
        lines = [f"The round is over. The attackers won {score.total - score.kitty_bonus} points in tricks."]
        if last.winner in rnd.attackers:
            lines.append(
                f"{SEATS[last.winner]} (an attacker) won the last trick, so the kitty ({format_cards(kitty)}, "
                f"{points(kitty)} points) counts ×{score.kitty_multiplier}: +{score.kitty_bonus} (RULES §9)."
            )
        else:
            lines.append(f"The declarers won the last trick, so the kitty's {points(kitty)} points stay theirs.")
        lines.append(score.level_change.describe()[:-1] + " (RULES §9).")
        return " ".join(lines)

    # -- drawing ---------------------------------------------------------------------------------

    def _refresh(self) -> None:
        rnd = self.round
        trump = rnd.trump
        if rnd.trick:
            plays = [[Card.from_id(i) for i in p] for p in rnd.trick]
            self.table.show(plays, rnd.leader, trump=trump)
        elif rnd.tricks:
            last = rnd.tricks[-1]
            self.table.show(list(last.plays), last.leader, last.winner, trump=trump, caption="The last trick")
        else:
            self.table.show([], rnd.leader, trump=trump, caption="")
        my_turn = not rnd.done and rnd.to_act == LEARNER
        self.hand.set_hand(rnd.hand(LEARNER), trump)
        self.hand.max_selected = len(rnd.trick[0]) if rnd.trick else 0
        self.hand.disabled = not my_turn
        self.play_button.disabled = not my_turn
        self.undo_button.disabled = not self._undo
        attackers = sum(rnd.points_won[s] for s in rnd.attackers)
        side = "declarers" if LEARNER in rnd.declarers else "attackers"
        turn = "Your turn: pick your cards and press Play." if my_turn else ("Round over." if rnd.done else "")
        self.status.value = (
            f'<div class="sjt-meter"><strong>Trick {min(len(rnd.tricks) + 1, 25)}</strong> · you are the {side} · '
            f"attackers' points so far: <strong>{attackers}</strong> · {escape(turn)}</div>"
        )

    def _say(self, text: str, tone: str = "") -> None:
        verdict = ' data-verdict="incorrect"' if tone == "bad" else ""
        self.coach.value = f'<div class="sjt-feedback"{verdict} role="status" aria-live="polite">{escape(text)}</div>'
