"""A game of Zheng Fen (挣分 zhèngfēn) to play against two to five bots: lesson 12's table (RULES §12).

``ZhengFenTable`` is plain ipywidgets: your hand as cards (``HandPicker``), a Play
button that is enabled only when the cards picked are a legal play (a combination,
and one that beats the table — the engine's ``classify`` and ``beats``), a Pass
button (not when you lead), the pile with its points, what happened since your last
turn, and the scores. At four you sit South; at 3, 5 or 6 players (the Players
buttons start a new game) you are Seat 1. The other seats are ``HeuristicBot``s.
The game is the engine's ``Game``, played to 500.

Nothing is lost on a reload: ``saved()`` is the game as JSON (its seed, table and
every action, which the engine replays), handed to ``on_save`` after each change;
``resume(text)`` takes it up again. ``zheng_fen_game()`` is lesson 12's table for
the page's learner, kept in their progress store.

>>> from shengji_tutor.course.zhengfen_table import ZhengFenTable
>>> table = ZhengFenTable(seed=3)
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

import json
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from ..engine.cards import Card, CardsLike, as_cards, format_cards, listed
from ..engine.errors import ShengjiError
from ..engine.seats import SEATS, seat_label
from ..engine.turns import take_turns
from ..i18n import N_, t, te, th, tn
from ..store.failures import log
from ..ui.render import hand_svg
from ..ui.widgets import Confirm, HandPicker
from ..zhengfen import (
    Combination,
    CombinationError,
    Game,
    GameRecordError,
    HeuristicBot,
    Pass,
    Play,
    ZhengFenRules,
    classify,
    value,
)
from ..zhengfen import refusal as refusal_words
from ..zhengfen.game import action_from_dict
from .context import page_context

__all__ = ["ZhengFenTable", "zheng_fen_game"]

RANK_ORDER = N_("Low to high: 3 4 5 … K A 2, then the jokers (RULES §12: suits do not rank the cards)")
"""How the Zheng Fen hand is laid out: one row in the game's order (grouped by suit, a suit came back again and
again, since the cards are sorted by rank). In English: shown as ``t(RANK_ORDER)``."""
PICK = N_("Pick cards, then Play — or Pass.")
"""What the line under the hand says while the learner has picked nothing (in English: shown as ``t(PICK)``)."""

SAVE_FORMAT = 1
"""1: the game's seed, its table size and every action (the engine replays them)."""

SOUTH = SEATS.index("South")


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (value(c), c.id))


class ZhengFenTable(w.VBox):  # type: ignore[misc]
    """A game of Zheng Fen at ``players`` (3–6): you play one seat, ``HeuristicBot``s the others."""

    game: Game
    seat: int
    bots: dict[int, HeuristicBot]

    def __init__(self, seed: int = 0, players: int = 4, on_save: Callable[[str], str] | None = None) -> None:
        self.seed = seed
        self.on_save = on_save
        """Called with ``saved()`` after each change of the game; it answers "" or the store's reason it could not keep
        it (``ProgressStore.keep_work``)."""
        self._seat_up(players)
        self.pile: list[Card] = []
        self.events: list[str] = []
        self._taken = 0
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
            value=players,
            description=t("Players"),
            tooltip=t("Zheng Fen is played by 3 to 6 players: a new game starts at the new table"),
        )
        self.players.observe(lambda change: self.ask_players(change["new"]), names="value")
        self._mine = 0
        """The learner's own actions in this game: a game they have played in is not ended without asking."""
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
        self._bots_play()
        self._show()

    # -- actions --------------------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """Your legal plays now (none when it is not your turn)."""
        if self.game.to_act != self.seat:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, Play)]

    def play(self, cards: CardsLike) -> bool:
        """Play these cards, if the engine accepts them; then the bots play until your turn comes back."""
        picked = as_cards(cards, "your play")
        ok, why = self._verdict(picked)
        if not ok:
            self.verdict.value = escape(why)
            return False
        self._apply(Play(self.seat, tuple(picked)))
        self._mine += 1
        self.verdict.value = escape(t(PICK))
        self._bots_play()
        self._show()
        self.save_game()
        return True

    def pass_turn(self) -> bool:
        """Pass (not on a lead: a leader must play, RULES §12)."""
        if self.game.to_act != self.seat or self.game.table is None:
            return False
        self._apply(Pass(self.seat))
        self._mine += 1
        self._bots_play()
        self._show()
        self.save_game()
        return True

    def new_game(self) -> None:
        self.seed += 1
        self.game = Game(ZhengFenRules(players=self.game.rules.players), seed=self.seed)
        self._cleared()
        self._bots_play()
        self._show()
        self.save_game()

    def ask_players(self, players: int) -> None:
        """The Players buttons: a new table at once when the learner has not played in this game; else the table
        asks first, since the new table ends the game and its scores (the buttons stay on the count in play)."""
        if players == self.game.rules.players:
            return
        if not self._mine and not any(self.game.scores):
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

    def _cleared(self) -> None:
        """What a new game starts without: the pile, the news, the learner's moves, the last hand's result, and a
        question about ending the old game."""
        self.pile, self.events, self._taken, self._mine = [], [], 0, 0
        self.hand_result.value = ""
        self._kept()

    def set_players(self, players: int) -> None:
        """A new game at a table of ``players`` (3–6; ``ZhengFenRules`` refuses any other count by name)."""
        self._kept()
        if players == self.game.rules.players:
            return
        self._new_table(players, self.seed)
        self._bots_play()
        self._show()
        self.save_game()

    # -- nothing lost on a reload ------------------------------------------------------------

    def saved(self) -> str:
        """The game as JSON: its seed, its table size and every action so far (``resume`` replays them)."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "seed": self.seed,
                "players": self.game.rules.players,
                "history": [a.to_dict() for a in self.game.history],
            }
        )

    def resume(self, text: str) -> None:
        """Take up the game ``saved()`` wrote, replaying its actions through the engine: its hands, pile, scores and
        news as they were. Anything it cannot read raises ``GameRecordError`` naming the problem, and the game in play
        stays as it was."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise GameRecordError(f"not a saved Zheng Fen game of this version (format {SAVE_FORMAT})")
            seed, players = data["seed"], data["players"]
            if type(seed) is not int or type(players) is not int:
                raise GameRecordError("a saved Zheng Fen game's seed and table size are whole numbers")
            actions = [action_from_dict(a) for a in data["history"]]
            game = Game(ZhengFenRules(players=players), seed=seed)
            for action in actions:
                game.apply(action)  # checked here, before anything of the table in play changes
        except GameRecordError:
            raise
        except (ShengjiError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise GameRecordError(f"not a saved Zheng Fen game: {type(e).__name__}: {e}") from None
        self._new_table(players, seed)
        for action in actions:
            self._apply(action)
        self._mine = sum(1 for a in actions if a.seat == self.seat)
        self._show()
        self.verdict.value = escape(t("Welcome back: this is the game you were playing, where you left it."))

    def save_game(self) -> None:
        """Hand the game to ``on_save``; why it could not be kept (if so) is shown under the status line."""
        if self.on_save is None:
            return
        problem = self.on_save(self.saved())
        said = te(
            "Your game could not be saved: {problem}. The game goes on, but a reload would start a new one.",
            problem=problem,
        )
        self.save_note.value = f'<div class="sjt-error" role="alert">{said}</div>' if problem else ""

    def _new_table(self, players: int, seed: int) -> None:
        """A new game at a table of ``players`` dealt from ``seed``: the learner's seat, the Players buttons, the hand's
        label, and nothing of the game before."""
        self.seed = seed
        self._seat_up(players)
        if self.players.value != players:
            self.players.value = players
        self.picker.label = self._hand_label()
        self._cleared()

    def _seat_up(self, players: int) -> None:
        game = Game(ZhengFenRules(players=players), seed=self.seed)  # refuses a bad count before anything changes
        self.game, self.seat = game, SOUTH if players == 4 else 0
        self.bots = {s: HeuristicBot() for s in range(players) if s != self.seat}

    def _name(self, seat: int) -> str:
        """A seat's name at this table, in the reader's language."""
        return seat_label(seat, self.game.rules.players)

    def _hand_label(self) -> str:
        return t("Your hand ({seat})", seat=self._name(self.seat))

    def _each(self, numbers: Sequence[int]) -> str:
        """A number for each seat, with its name: "North 120, West 85, South 40, East 155"."""
        return listed([f"{self._name(s)} {n}" for s, n in enumerate(numbers)], last=False)

    # -- the engine's verdicts ------------------------------------------------------------

    def _verdict(self, picked: list[Card]) -> tuple[bool, str]:
        if self.game.to_act != self.seat:
            return False, t("It is not your turn.")
        if not picked:
            return False, t("Pick some cards first.")
        try:
            combo: Combination = classify(picked)
        except CombinationError as e:
            return False, t("{reason}.", reason=e)
        table = self.game.table
        if table is not None and not combo.beats(table):
            return False, t("{reason}.", reason=t("{reason} (RULES §12)", reason=refusal_words(combo, table)))
        return True, t("{combination}: a legal play.", combination=combo.describe())

    def _judge(self, picked: list[Card]) -> None:
        ok, why = self._verdict(picked) if picked else (False, t(PICK))
        self.play_button.disabled = not ok
        self.verdict.value = escape(why)

    # -- the game moving on ---------------------------------------------------------------

    def _apply(self, action: Play | Pass) -> None:
        self._mark = self._counts()
        self.game.apply(action)
        self._applied(action)

    def _counts(self) -> tuple[int, int]:
        """Piles taken and hands finished so far: what an action changed shows against them."""
        return sum(len(t) for t in self.game.tricks), len(self.game.hand_points)

    def _applied(self, action: Play | Pass) -> None:
        """Tell the events of an action the game has just applied (a pile taken, a hand over)."""
        finished, hands = self._mark
        self._mark = self._counts()
        self.events.append(action.describe(self.game.rules.players))
        if isinstance(action, Play):
            self.pile.extend(action.cards)
        if sum(len(t) for t in self.game.tricks) > finished or len(self.game.hand_points) > hands:
            trick = self.game.tricks[hands][-1] if len(self.game.hand_points) > hands else self.game.tricks[-1][-1]
            self.events.append(
                tn(
                    "{seat} takes the pile: {n} point",
                    "{seat} takes the pile: {n} points",
                    trick.points,
                    seat=self._name(trick.taker),
                )
            )
            self.pile = []
        if len(self.game.hand_points) > hands:
            # TRANSLATORS: {scores} is each player's points in the hand: "North 20, West 35, South 0, East 45".
            self.events.append(t("The hand is over: {scores}", scores=self._each(self.game.hand_points[-1])))
            self.hand_result.value = self._hand_result_html()

    def _hand_result_html(self) -> str:
        """The hand just over: each seat's points in it and its score, best first, as a table."""
        game = self.game
        number = len(game.hand_points)
        rows = sorted(range(game.rules.players), key=lambda s: (-game.hand_points[-1][s], s))
        body = "".join(
            f'<tr><th scope="row">{escape(self._player(s))}</th>'
            f"<td>{game.hand_points[-1][s]}</td><td>{game.scores[s]}</td></tr>"
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
        """A seat's name in the hand's result, the learner's marked: "South (you)"."""
        return t("{seat} (you)", seat=self._name(seat)) if seat == self.seat else self._name(seat)

    def _bots_play(self) -> None:
        seats = [self.bots.get(s) for s in range(self.game.rules.players)]  # None: the learner's seat
        self._mark = self._counts()
        take_turns(self.game, seats, seen=lambda action, _result: self._applied(action))

    def _show(self) -> None:
        game = self.game
        mine = _sorted(game.hands[self.seat]) if game.hands else []
        self.picker.set_hand(mine, None)
        self.picker.clear()
        self.play_button.disabled = True
        over = game.to_act is None
        self.pass_button.disabled = over or game.table is None
        if over:
            winner = game.winner
            said = (
                te("The game is over: {seat} wins.", seat=self._name(winner))
                if winner is not None
                else te("The game is over: nobody wins.")
            )
            self.status.value = f"<b>{said}</b>"
        elif game.table is None:
            lead = te("Your lead")
            self.status.value = th("{your_lead}: play any combination.", your_lead=f"<b>{lead}</b>")
        else:
            assert game.last is not None
            turn = te("Your turn.")
            played = te(
                "{seat} played {combination}: beat it with the same kind (or a special), or pass.",
                seat=self._name(game.last),
                combination=game.table.describe(),
            )
            self.status.value = f"<b>{turn}</b> {played}"
        points = sum(c.points for c in self.pile)
        if self.pile:
            label = escape(tn("The pile: {n} point", "The pile: {n} points", points))
            self.pile_view.value = f'<div class="sjt-group-label">{label}</div>{hand_svg(self.pile, None, sort=False)}'
        else:
            empty = te("The pile is empty.")
            self.pile_view.value = f'<div class="sjt-group-label">{empty}</div>'
        self.news.value = "<br>".join(escape(line) for line in self.events[-8:])
        self.events = self.events[-8:]
        sizes = self._each([len(h) for h in game.hands])
        totals = self._each(game.scores)
        # TRANSLATORS: {scores} and {cards} give a number for each player: "North 120, West 85, South 40, East 155".
        self.scores.value = te("Scores (first to 500 wins): {scores}. Cards left: {cards}.", scores=totals, cards=sizes)

    def __repr__(self) -> str:
        return f"<ZhengFenTable seed={self.seed} {format_cards(self.game.hands[self.seat])}>"


def zheng_fen_game(seed: int = 12, saved_as: str = "zhengfen") -> ZhengFenTable:
    """Lesson 12's table for this page's learner: their game in progress taken up again (kept under ``saved_as`` in
    their progress store after each change), or a new game dealt from ``seed``."""
    store = page_context().progress

    table = ZhengFenTable(seed=seed)
    kept = store.work(saved_as)
    if kept is not None:
        try:
            table.resume(kept)
        except GameRecordError as e:  # a game this version cannot replay: a new game instead
            log.warning("saved Zheng Fen game of %s not resumed: %s", store.learner, e)
    table.on_save = lambda state: store.keep_work(saved_as, state)
    table.save_game()
    return table
