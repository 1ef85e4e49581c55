"""A game of Zheng Fen (挣分 zhèngfēn) to play against two to five bots: lesson 12's table (RULES §12).

``ZhengFenTable`` is the view of a ``zhengfen.seated.SeatedGame`` (the model: the game, the
bots, the learner's seat, what happened), drawn from its ``snapshot``; plain ipywidgets: your hand as cards (``HandPicker``), a Play
button that is enabled only when the cards picked are a legal play (a combination,
and one that beats the table — the engine's ``classify`` and ``beats``), a Pass
button (not when you lead), the pile with its points, what happened since your last
turn, and the scores. At four you sit South; at 3, 5 or 6 players (the Players
buttons start a new game) you are Seat 1. The other seats are ``HeuristicBot``s.
The game is the engine's ``Game``, played to 500.

Nothing is lost on a reload: the model's ``saved()`` is handed to ``on_save`` after
each change; ``resume(text)`` takes it up again. ``zheng_fen_game()`` is lesson 12's table for
the page's learner, kept in their progress store.

>>> from shengji_tutor.course.zhengfen_table import ZhengFenTable
>>> from shengji_tutor.zhengfen.seated import SeatedGame
>>> table = ZhengFenTable(SeatedGame(seed=3))
>>> table.game.to_act == table.seat or table.game.done
True
>>> table.pass_button.disabled == (table.game.table is None)
True
>>> lead = table.legal_plays()[0]
>>> table.play(lead.cards)
True
>>> table.game.to_act == table.seat or table.game.done
True
>>> table.set_players(6)
>>> table.game.rules.players, table.seat, len(table.bots)
(6, 0, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from ..engine.cards import Card, CardsLike, format_cards, listed
from ..engine.seats import seat_label
from ..i18n import N_, t, te, th, tn
from ..store.failures import log
from ..ui.render import hand_svg, not_saved_html
from ..ui.widgets import Confirm, HandPicker
from ..zhengfen import Game, GameRecordError, HeuristicBot, Play
from ..zhengfen.seated import Event, HandOver, PileTaken, SeatedGame, Snapshot
from .context import page_context

__all__ = ["ZhengFenTable", "zheng_fen_game"]

RANK_ORDER = N_("Low to high: 3 4 5 … K A 2, then the jokers (RULES §12: suits do not rank the cards)")
"""How the Zheng Fen hand is laid out: one row in the game's order (grouped by suit, a suit came back again and
again, since the cards are sorted by rank). In English: shown as ``t(RANK_ORDER)``."""
PICK = N_("Pick cards, then Play — or Pass.")
"""What the line under the hand says while the learner has picked nothing (in English: shown as ``t(PICK)``)."""


class ZhengFenTable(w.VBox):  # type: ignore[misc]
    """A game of Zheng Fen: the view of a ``SeatedGame`` (``game``), drawn for its learner's seat; you play that
    seat, ``HeuristicBot``s the others (3–6 players)."""

    def __init__(self, game: SeatedGame, *, on_save: Callable[[str], str] | None = None) -> None:
        self.model = game
        self.on_save = on_save
        """Called with ``saved()`` after each change of the game; it answers "" or the store's reason it could not keep
        it (``ProgressStore.keep_work``)."""
        self.status = w.HTML()
        self.pile_view = w.HTML()
        self.news = w.HTML()
        self.scores = w.HTML()
        self.verdict = w.HTML(escape(t(PICK)))
        self.picker = HandPicker([], None, label=self._hand_label(), one_group=t(RANK_ORDER))
        self.picker.on_selection(self._judge)
        self.play_button = w.Button(description=t("Play"), button_style="primary", disabled=True)
        self.play_button.on_click(lambda _b: self.play(self.picker.selection))
        self.pass_button = w.Button(description=t("Pass"))
        self.pass_button.on_click(lambda _b: self.pass_turn())
        self.new_button = w.Button(description=t("New game"))
        self.new_button.on_click(lambda _b: self.new_game())
        self.players = w.ToggleButtons(
            options=[(str(n), n) for n in range(3, 7)],
            value=game.game.rules.players,
            description=t("Players"),
            tooltip=t("Zheng Fen is played by 3 to 6 players: a new game starts at the new table"),
        )
        self.players.observe(lambda change: self.ask_players(change["new"]), names="value")
        self.pending: int | None = None
        """The player count the learner asked for, while the table asks whether to end the game for it."""
        self.confirm = Confirm(self._confirmed, self._kept)
        self.save_note = w.HTML()
        self.hand_result = w.HTML()
        """The last hand's result: each seat's points in it and the scores, as the Sheng ji hand's summary shows."""
        buttons = w.HBox([self.play_button, self.pass_button, self.new_button, self.players])
        super().__init__(
            [
                self.status,
                self.save_note,
                self.hand_result,
                self.pile_view,
                self.news,
                self.picker,
                self.verdict,
                buttons,
                self.confirm,
                self.scores,
            ]
        )
        self.add_class("sjt-zhengfen-table")
        self._show()

    # -- the model's, as the page and the tests read them ---------------------------------------

    @property
    def game(self) -> Game:
        return self.model.game

    @property
    def seat(self) -> int:
        return self.model.seat

    @property
    def seed(self) -> int:
        return self.model.seed

    @property
    def bots(self) -> dict[int, HeuristicBot]:
        return self.model.bots

    def legal_plays(self) -> list[Play]:
        """Your legal plays now (none when it is not your turn)."""
        return self.model.legal_plays()

    def saved(self) -> str:
        """The game as JSON (``SeatedGame.saved``)."""
        return self.model.saved()

    # -- actions --------------------------------------------------------------------------

    def play(self, cards: CardsLike) -> bool:
        """Play these cards, if the engine accepts them; then the bots play until your turn comes back."""
        ok, why = self.model.play(cards)
        if not ok:
            self.verdict.value = escape(why)
            return False
        self.verdict.value = escape(t(PICK))
        self._changed()
        return True

    def pass_turn(self) -> bool:
        """Pass (not on a lead: a leader must play, RULES §12)."""
        if not self.model.pass_turn():
            return False
        self._changed()
        return True

    def new_game(self) -> None:
        self.model.new_game()
        self._kept()
        self._changed()

    def ask_players(self, players: int) -> None:
        """The Players buttons: a new table at once when the learner has not played in this game; else the table
        asks first, since the new table ends the game and its scores (the buttons stay on the count in play)."""
        if players == self.game.rules.players:
            return
        if not self.model.mine and not any(self.game.scores):
            self.set_players(players)
            return
        self.pending = players
        totals = self._each(self.game.scores)
        new_table = tn("A table of {n} starts a new game.", "A table of {n} starts a new game.", players)
        ends = te("This game ends, and its scores ({scores}) with it. End it?", scores=totals)
        self.confirm.ask(
            f"<p><strong>{escape(new_table)}</strong> {ends}</p>",
            yes=tn("End this game: {n} player", "End this game: {n} players", players),
        )
        self.players.value = self.game.rules.players

    def _confirmed(self) -> None:
        if self.pending is not None:
            self.set_players(self.pending)

    def _kept(self) -> None:
        self.pending = None
        self.confirm.close_question()

    def set_players(self, players: int) -> None:
        """A new game at a table of ``players`` (3–6; ``ZhengFenRules`` refuses any other count by name)."""
        self._kept()
        if players == self.game.rules.players:
            return
        self.model.new_game(players)
        self._new_table()
        self._changed()

    def _changed(self) -> None:
        """The game moved on: draw it and keep it."""
        self._show()
        self.save_game()

    # -- nothing lost on a reload ------------------------------------------------------------

    def resume(self, text: str) -> None:
        """Take up the game ``saved()`` wrote (``SeatedGame.resume``: ``GameRecordError`` names what it cannot read,
        and the game in play stays as it was)."""
        self.model.resume(text)
        self._new_table()
        self._kept()
        self._show()
        self.verdict.value = escape(t("Welcome back: this is the game you were playing, where you left it."))

    def save_game(self) -> None:
        """Hand the game to ``on_save``; why it could not be kept (if so) is shown under the status line."""
        if self.on_save is None:
            return
        self.save_note.value = not_saved_html(self.on_save(self.saved()), "game", "start a new one")

    def _new_table(self) -> None:
        """The table's size changed: the Players buttons and the hand's label follow it."""
        players = self.game.rules.players
        if self.players.value != players:
            self.players.value = players
        self.picker.label = self._hand_label()

    def _name(self, seat: int) -> str:
        """A seat's name at this table, in the reader's language."""
        return seat_label(seat, self.game.rules.players)

    def _hand_label(self) -> str:
        return t("Your hand ({seat})", seat=self._name(self.seat))

    def _each(self, numbers: Sequence[int]) -> str:
        """A number for each seat, with its name: "North 120, West 85, South 40, East 155"."""
        return listed([f"{self._name(s)} {n}" for s, n in enumerate(numbers)], last=False)

    def _judge(self, picked: list[Card]) -> None:
        ok, why = self.model.verdict(picked) if picked else (False, t(PICK))
        self.play_button.disabled = not ok
        self.verdict.value = escape(why)

    # -- drawing one snapshot -------------------------------------------------------------

    def _said(self, event: Event) -> str:
        """An event in words, in the language read now."""
        if isinstance(event, PileTaken):
            return tn(
                "{seat} takes the pile: {n} point",
                "{seat} takes the pile: {n} points",
                event.points,
                seat=self._name(event.seat),
            )
        if isinstance(event, HandOver):
            # TRANSLATORS: {scores} is each player's points in the hand: "North 20, West 35, South 0, East 45".
            return t("The hand is over: {scores}", scores=self._each(event.points))
        return event.describe(self.game.rules.players)

    def _hand_result_html(self, view: Snapshot) -> str:
        """The hand just over: each seat's points in it and its score, best first, as a table."""
        hand = view.last_hand
        if hand is None:
            return ""
        number = len(self.game.hand_points)
        rows = sorted(range(view.players), key=lambda s: (-hand[s], s))
        body = "".join(
            f'<tr><th scope="row">{escape(self._player(s))}</th><td>{hand[s]}</td><td>{view.scores[s]}</td></tr>'
            for s in rows
        )
        over = te("Hand {number} is over.", number=number)
        how = te("Each player scores the points in the piles they took (RULES §12); the first to 500 wins.")
        player, this_hand, score = te("Player"), te("This hand"), te("Score")
        return (
            f'<div class="sjt-review sjt-zhengfen-result" role="status"><p><strong>{over}</strong> {how}</p>'
            f'<table><thead><tr><th scope="col">{player}</th><th scope="col">{this_hand}</th>'
            f'<th scope="col">{score}</th></tr></thead><tbody>{body}</tbody></table></div>'
        )

    def _player(self, seat: int) -> str:
        """A seat's name in the hand's result, the learner marked: "South (you)"."""
        return t("{seat} (you)", seat=self._name(seat)) if seat == self.seat else self._name(seat)

    def _status(self, view: Snapshot) -> str:
        if view.over:
            said = (
                te("The game is over: {seat} wins.", seat=self._name(view.winner))
                if view.winner is not None
                else te("The game is over: nobody wins.")
            )
            return f"<b>{said}</b>"
        if view.table is None:
            lead = te("Your lead")
            return th("{your_lead}: play any combination.", your_lead=f"<b>{lead}</b>")
        assert view.last is not None
        turn = te("Your turn.")
        played = te(
            "{seat} played {combination}: beat it with the same kind (or a special), or pass.",
            seat=self._name(view.last),
            combination=view.table.describe(),
        )
        return f"<b>{turn}</b> {played}"

    def _show(self) -> None:
        view = self.model.snapshot(self.seat)
        self.picker.set_hand(list(view.hand), None)
        self.picker.clear()
        self.play_button.disabled = True
        self.pass_button.disabled = view.over or view.table is None
        self.status.value = self._status(view)
        self.hand_result.value = self._hand_result_html(view)
        points = sum(c.points for c in view.pile)
        if view.pile:
            label = escape(tn("The pile: {n} point", "The pile: {n} points", points))
            self.pile_view.value = f'<div class="sjt-group-label">{label}</div>{hand_svg(view.pile, None, sort=False)}'
        else:
            empty = te("The pile is empty.")
            self.pile_view.value = f'<div class="sjt-group-label">{empty}</div>'
        self.news.value = "<br>".join(escape(self._said(e)) for e in view.events)
        # TRANSLATORS: {scores} and {cards} give a number for each player: "North 120, West 85, South 40, East 155".
        self.scores.value = te(
            "Scores (first to 500 wins): {scores}. Cards left: {cards}.",
            scores=self._each(view.scores),
            cards=self._each(view.sizes),
        )

    def __repr__(self) -> str:
        return f"<ZhengFenTable seed={self.seed} {format_cards(self.game.hands[self.seat])}>"


def zheng_fen_game(seed: int = 12, saved_as: str = "zhengfen") -> ZhengFenTable:
    """Lesson 12's table for this page's learner: their game in progress taken up again (kept under ``saved_as`` in
    their progress store after each change), or a new game dealt from ``seed``."""
    store = page_context().progress

    table = ZhengFenTable(SeatedGame(seed=seed))
    kept = store.work(saved_as)
    if kept is not None:
        try:
            table.resume(kept)
        except GameRecordError as e:  # a game this version cannot replay: a new game instead
            log.warning("saved Zheng Fen game of %s not resumed: %s", store.learner, e)
    table.on_save = lambda state: store.keep_work(saved_as, state)
    table.save_game()
    return table
