"""Lesson 10: play a whole hand against heuristic bots, with a coach, under the house rules the learner picks.

The learner sits South (with five or six players, "Seat 3") and makes every
decision of that seat: declaring trump during the deal (亮主 liàngzhǔ) or passing,
burying the kitty as dealer (埋底 máidǐ), calling a friend in Finding Friends
(找朋友 zhǎo péngyou), and playing; with RULES §11's house rules also showing a
hopeless hand for a redeal, and overturning the trump (or passing) in chao dipi
(炒地皮), then burying the kitty again. The house rules are picked in a
``HouseRules`` chooser under the game and apply from a new hand.
The coach refuses an illegal choice with the round's reason (nothing changes),
explains every finished trick (who won and why), lets the learner take back
their last decision, and at the end shows the score, the kitty and the level
change step by step (the sentences are in ``coach_text``).

The round is driven by ``play.game.advance``, the one turn loop every round uses:
the round asks who decides (a player who could declare when dealt a trump-rank
card or a joker, and everyone who could once the deal is complete; with a
``redeal`` rule each hopeless hand, from the dealer on; with chao dipi each player
in turn), the bots answer at once, and the loop stops when South is asked. In
chao dipi South is asked only when they hold a pair that overturns (otherwise
they pass). Every action goes through ``Round.apply``, so the round's rules are
the only rules.

Each accepted decision of the learner is kept in ``CoachedGame.decisions`` as a
``Decision``: what South saw just before deciding and what they chose, for
grading afterwards. ``play.coaching`` judges declarations during the deal,
burials, calls, plays and, with fixed partners, chao dipi's overturns and passes
(``assess_overturn``); a shown hand only asks for a new deal and is not graded.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol, TypeAlias

import ipywidgets as w

from ..engine.cards import RANKS, Card, CardsLike, as_cards, deck, format_cards, joker_words
from ..engine.errors import CardParseError, RuleSetError, ShengjiError
from ..engine.rules import RuleSet, rules_or_default
from ..engine.seats import seat_name, seat_names
from ..engine.trump import Trump
from ..play.actions import Action, Call, DealCard, Declare, Discard, FinishDeal, Pass, Play, ShowHand
from ..play.bots import Bot, HeuristicBot, declarations_for
from ..play.coaching import (
    COACH_BUDGET,
    Assessment,
    Review,
    assess_burial,
    assess_call,
    assess_declaration,
    assess_overturn,
    assess_play,
    hint_ladder,
    judge_plays,
)
from ..play.game import advance
from ..play.record import Position, RecordError
from ..play.round import CallError, DecisionKind, IllegalPlayError, PlayerView, Round, friends_wanted
from ..play.saved_verdicts import assessment_from_dict, assessment_to_dict, choice_from_json, choice_to_json
from ..play.search import Budget
from . import coach_text as text
from .coach_panel import KIND_WORDS, HintLadder, review_html, verdict_html
from .house_rules import HouseRules
from .render import hand_svg, not_saved_html
from .widgets import Confirm, Disclosure, HandPicker, TrickTable

__all__ = ["KEPT_GRADES", "LEARNER", "PLAYERS", "CoachedGame", "Decision", "MistakeKeeper"]

LEARNER = 2  # South; "Seat 3" with five or six players
PLAYERS = (4, 5, 6)
"""The table sizes the coached game seats (and its house-rules chooser offers)."""

Choice: TypeAlias = tuple[Card, ...] | tuple[tuple[Card, int], ...]
"""Cards declared, buried or played (empty for a pass), or a call's ``(card, ordinal)`` pairs."""
_ActionMaker: TypeAlias = Callable[[], Declare | Discard | Call | Play | Pass | ShowHand]
"""Builds the learner's action; reading the learner's cards may fail, inside ``_decide``."""
_NOT_NOW = {
    "declare": "You can declare only when the deal stops for you.",
    "overturn": "You can overturn the trump only in your turn of chao dipi (炒地皮), after the kitty is buried.",
    "show": "You can show your hand only after the deal, when it holds nothing the table's redeal rule names.",
    "bury": "Only the dealer buries the kitty, once they have picked it up.",
    "call": "Only the dealer calls a friend, once the kitty is buried.",
    "play": "It is not your turn.",
}


KEPT_GRADES = ("mistake", "blunder")
"""The grades of the plays kept to solve again ("learn from your mistakes"): the costliest of a hand among them."""


class MistakeKeeper(Protocol):
    """Where a learner's costly plays are kept (a ``store.ProgressStore``): ``keep_mistake`` returns its id."""

    def keep_mistake(self, position: str, answer: str, grade: str, loss: float) -> int: ...


@dataclass(frozen=True)
class Decision:
    """One decision of the learner, as the round accepted it.

    ``kind`` is ``"declare"``, ``"overturn"`` (chao dipi), ``"show"`` (a hopeless
    hand), ``"bury"``, ``"call"`` or ``"play"``; ``view`` is South's ``PlayerView``
    just before deciding; ``choice`` the cards declared, overturned with, buried or
    played (a failed throw as it was tried; an empty tuple for a pass or a hand
    kept), the hand shown, or the ``(card, ordinal)`` calls.
    """

    kind: str
    view: PlayerView
    choice: Choice
    position: Position | None = None
    """The round just before the decision, to set it up again (a mistake becomes a puzzle)."""
    hints: int = 0
    """Hints the learner asked for before deciding."""
    assessment: Assessment | None = None
    """The coach's verdict (``None`` when the game does not grade)."""


class CoachedGame(w.VBox):  # type: ignore[misc]
    """A round in the browser: South is the learner, the other seats are ``HeuristicBot``s.

    ``rank=None`` picks each hand's trump rank (2..A) with the game's seeded rng;
    ``rules`` are the house rules (4 to 6 players, any of RULES §11's variants),
    which the learner may change in the ``house_rules`` chooser: a new hand is then
    dealt with them (``set_rules`` does the same from Python) and ``on_rules(rules)``
    is called (to keep the learner's choice). ``bots`` are the players, one per
    seat (South's is never asked; without them, heuristic bots at any table size).
    ``awaiting`` says what the learner is asked for; ``decisions`` holds the
    learner's decisions in this hand, each graded by the coach (``play.coaching``)
    with ``grading``'s budget (``None``: no grading, no hints). At the end of the
    hand the accuracy summary is shown and the costliest mistakes are kept in
    ``keeper`` (the learner's progress store) to solve again.

    Nothing is lost on a reload: after every change of the hand, ``on_save(saved())``
    is called (its answer, "" or the store's reason it could not keep the hand, is
    shown), and
    ``resume(text)`` takes the hand up again where it was, its decisions graded as
    they were.
    """

    def __init__(
        self,
        seed: int | None = None,
        rank: str | None = None,
        rules: RuleSet | None = None,
        bots: Sequence[Bot] | None = None,
        grading: Budget | None = COACH_BUDGET,
        keeper: MistakeKeeper | None = None,
        on_rules: Callable[[RuleSet], None] | None = None,
        on_save: Callable[[str], str] | None = None,
    ) -> None:
        self.seed = seed
        """The seed the game's hands are dealt from (``None``: a random series)."""
        self.on_save = on_save
        self.rules = rules_or_default(rules)
        self.grading = grading
        self.keeper = keeper
        self.on_rules = on_rules
        self.kept: list[int] = []
        """Ids of the mistakes kept from this hand (in ``keeper``)."""
        self.keep_error = ""
        """Why the mistakes could not be kept, when they could not ("" when they were)."""
        self._given_bots = list(bots) if bots is not None else None
        self.bots: list[Bot] = self._bots_for(self.rules)
        self.rng = random.Random(seed)
        self.rank = rank
        """The trump rank of every hand, or ``None`` for a new one each hand."""
        self.decisions: list[Decision] = []
        self._undo: list[int] = []
        """Per decision in ``decisions``: the round's history length before it (``undo`` goes back there)."""
        self._explained = 0
        """Finished tricks the coach has explained."""
        self.table = TrickTable(names=self._seat_names(), bottom=LEARNER)
        self.hand = HandPicker(label=self._hand_label())
        self.status = w.HTML()
        self.status.add_class("sjt-game-status")
        self.save_note = w.HTML()
        """Why the hand could not be saved, while it could not ("" once a save succeeds)."""
        self.coach = w.HTML()
        self.coach.add_class("sjt-coach")
        self.verdict = w.HTML()
        self.verdict.add_class("sjt-coach-verdict")
        self.summary = w.HTML()
        self.summary.add_class("sjt-coach-summary")
        self.hints = HintLadder()
        self._hints_for: int | None = None
        """The history length the hint ladder was armed at (it is re-armed at each new decision)."""
        self.declare_box = w.HBox(layout=w.Layout(align_items="flex-end", flex_flow="row wrap"))
        self.declare_box.add_class("sjt-declare-options")
        self.pass_button = w.Button(description="Pass", tooltip="Do not declare now")
        self.show_button = w.Button(
            description="Show my hand",
            button_style="warning",
            tooltip="Show your hopeless hand to the table: the same dealer deals again (RULES §11)",
        )
        self.keep_button = w.Button(description="Keep my hand", tooltip="Play this hand as it is")
        self.show_box = w.HBox([self.show_button, self.keep_button])
        self.show_box.add_class("sjt-show-hand")
        self.call_button = w.Button(description="Call", button_style="success", tooltip="Call your friend")
        self.call_box = w.VBox()
        self._call_rows()
        self.house_rules = HouseRules(self.rules, players=PLAYERS)
        self.house_rules.on_change(self._rules_chosen)
        _show(self.house_rules.heading, False)  # the accordion's title names it
        self.pending_rules: RuleSet | None = None
        """House rules the learner picked while a hand is under way: the game asks before dealing anew with them."""
        self.confirm = Confirm(self._switch_confirmed, self._switch_refused, no="Keep playing this hand")
        self.rules_box = Disclosure(w.VBox([self.house_rules, self.confirm]), "House rules (RULES §11)")
        self.rules_box.add_class("sjt-house-rules-box")
        self.play_button = w.Button(description="Play", button_style="success", tooltip="Play the selected cards")
        self.bury_button = w.Button(description="Bury", button_style="success", tooltip="Bury the selected cards")
        self.undo_button = w.Button(description="Undo", tooltip="Take back your last decision")
        self.new_button = w.Button(description="New hand", tooltip="Deal a new hand")
        self.pass_button.on_click(
            lambda _b: self.pass_overturn() if self.awaiting == "overturn" else self.pass_declaration()
        )
        self.show_button.on_click(lambda _b: self.show_hand())
        self.keep_button.on_click(lambda _b: self.keep_hand())
        self.call_button.on_click(lambda _b: self.call_selected())
        self.play_button.on_click(lambda _b: self.play_selected())
        self.bury_button.on_click(lambda _b: self.bury_selected())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_hand())
        buttons = w.HBox(
            [self.play_button, self.bury_button, self.undo_button, self.new_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [
                self.status,
                self.save_note,
                self.table,
                self.hand,
                self.declare_box,
                self.show_box,
                self.call_box,
                buttons,
                self.hints,
                self.coach,
                self.verdict,
                self.summary,
                self.rules_box,
            ]
        )
        self.add_class("sjt-coached-game")
        self.new_hand()

    # -- the learner's decisions ----------------------------------------------------------------

    @property
    def awaiting(self) -> str | None:
        """What the learner is asked for now: ``"declare"``, ``"show"``, ``"bury"``, ``"overturn"``, ``"call"``,
        ``"play"``, or ``None``."""
        rnd = self.round
        return rnd.decision if rnd.to_act == LEARNER else None

    def set_rules(self, rules: RuleSet) -> None:
        """Play these house rules (4 to 6 players, RULES §11's variants) from a new hand on, dealt now."""
        rules = rules_or_default(rules)
        if rules == self.rules:
            return
        bots = self._bots_for(rules)  # refused before anything changes
        self.house_rules.rules = rules
        self.rules, self.bots = rules, bots
        self._call_rows()
        self.new_hand()

    def _rules_chosen(self, rules: RuleSet) -> None:
        """The learner picked new house rules in the chooser: a new hand with them, and they are kept. While a hand
        the learner has played in is under way, the game asks first: new rules end it."""
        self._bots_for(rules)  # rules the table cannot seat are refused before anything is asked
        if self.decisions and not self.round.done:
            self.pending_rules = rules
            n = len(self.decisions)
            made = "the decision" if n == 1 else f"the {n} decisions"
            self.confirm.ask(
                "<p><strong>New house rules start a new hand.</strong> The hand you are playing ends here, with "
                f"{made} you made in it. Deal a new hand with these rules?</p>",
                yes="Deal a new hand with them",
            )
            return
        self._switch_to(rules)

    def _switch_to(self, rules: RuleSet) -> None:
        self._drop_rules_question()
        self.set_rules(rules)
        if self.on_rules is not None:
            self.on_rules(rules)

    def _switch_confirmed(self) -> None:
        if self.pending_rules is not None:
            self._switch_to(self.pending_rules)

    def _switch_refused(self) -> None:
        """Keep playing: the chooser goes back to the rules of the hand in play."""
        self._drop_rules_question()
        self.house_rules.rules = self.rules

    def _drop_rules_question(self) -> None:
        """The question about new house rules no longer stands (answered, or another hand taken up)."""
        self.pending_rules = None
        self.confirm.close_question()

    def _bots_for(self, rules: RuleSet) -> list[Bot]:
        """One bot per seat of ``rules``' table: the bots given, or heuristic bots."""
        if rules.players not in PLAYERS:
            raise RuleSetError(f"the coached game seats 4, 5 or 6 players around its table, not {rules.players}")
        if self._given_bots is None:
            return [HeuristicBot() for _ in range(rules.players)]
        if len(self._given_bots) != rules.players:
            raise RuleSetError(
                f"the coached game needs one bot per seat ({rules.players}), not {len(self._given_bots)}"
            )
        return list(self._given_bots)

    def _seat_names(self) -> tuple[str, ...]:
        """The table's names: North, West, South, East; with more players "Seat 1"…, the learner's marked."""
        names = seat_names(self.rules.players)
        if self.rules.players == 4:
            return names
        return tuple(f"{n} (you)" if s == LEARNER else n for s, n in enumerate(names))

    def _hand_label(self) -> str:
        return f"Your hand ({seat_name(LEARNER, self.rules.players)})"

    def _call_rows(self) -> None:
        """One card and one ordinal dropdown per friend the dealer calls (none with fixed partners)."""
        friends = friends_wanted(self.rules.players) if self.rules.partnership == "friends" else 0
        ordinals = [(text.ORDINALS[k + 1], k + 1) for k in range(self.rules.decks)]
        self.call_cards = [w.Dropdown(description="Card", layout=w.Layout(width="11em")) for _ in range(friends)]
        self.call_ordinals = [w.Dropdown(options=ordinals, description="played") for _ in range(friends)]
        rows = [w.HBox([c, o]) for c, o in zip(self.call_cards, self.call_ordinals, strict=True)]
        self.call_box.children = [*rows, self.call_button]

    def new_hand(self) -> None:
        """Shuffle and deal a new hand with a trump rank of its own; the deal stops when you can declare."""
        rank = self.rank if self.rank is not None else self.rng.choice(RANKS)
        seed, dealer = self.rng.randrange(1 << 30), self.rng.randrange(self.rules.players)
        self.round = Round(self.rules, seed=seed, dealer=dealer, rank=rank)
        self.decisions, self._undo, self.kept, self.keep_error = [], [], [], ""
        self._explained = 0
        if self.pending_rules is not None:  # a new hand answers the question: the rules in play stay
            self._switch_refused()
        self.table.show([], 0, names=self._seat_names(), bottom=LEARNER)
        self.hand.label = self._hand_label()
        self.verdict.value = self.summary.value = ""
        self._hints_for = None
        self._say([text.rank_words(self.round, LEARNER), *self._advance()])
        self._refresh()
        self.save_hand()

    def declare(self, cards: CardsLike) -> None:
        """Declare trump with these cards (RULES §10) when the deal waits for you."""
        if self._expecting("declare"):
            self._act("declare", lambda: Declare(LEARNER, tuple(as_cards(cards, "your declaration"))))

    def pass_declaration(self) -> None:
        """Do not declare now: the deal goes on."""
        if self._expecting("declare"):
            self._act("declare", lambda: Pass(LEARNER))

    def overturn(self, cards: CardsLike) -> None:
        """Chao dipi (炒地皮, RULES §11): overturn the trump with this stronger pair, then bury the kitty again."""
        if self._expecting("overturn"):
            self._act("overturn", lambda: Declare(LEARNER, tuple(as_cards(cards, "your overturn"))))

    def pass_overturn(self) -> None:
        """Chao dipi: do not overturn the trump this turn."""
        if self._expecting("overturn"):
            self._act("overturn", lambda: Pass(LEARNER))

    def show_hand(self) -> None:
        """Show your hopeless hand (no trump, or no point card: the table's ``redeal`` rule) for a redeal (RULES §11)."""
        if self._expecting("show"):
            self._act("show", lambda: ShowHand(LEARNER))

    def keep_hand(self) -> None:
        """Keep a hand you could show for a redeal, and play it."""
        if self._expecting("show"):
            self._act("show", lambda: Pass(LEARNER))

    def bury_selected(self) -> None:
        """Bury the cards picked in the hand (the dealer, after taking the kitty)."""
        self.bury(self.hand.selection)

    def bury(self, cards: CardsLike) -> None:
        """Bury these cards as the kitty (埋底 máidǐ): exactly as many as it held; a wrong burial changes nothing."""
        if self._expecting("bury"):
            self._act("bury", lambda: Discard(LEARNER, tuple(as_cards(cards, "your burial"))))

    def call_selected(self) -> None:
        """Call the cards and ordinals picked in the dropdowns."""
        if any(d.value is None for d in self.call_cards):
            self._say(["Pick the card to call first."], tone="bad")
            return
        self.call([(d.value, o.value) for d, o in zip(self.call_cards, self.call_ordinals, strict=True)])

    def call(self, calls: Sequence[tuple[Card | str, int]]) -> None:
        """Finding Friends: call ``(card, ordinal)`` pairs, "the second A♥ played" being ``("AH", 2)`` (RULES §11)."""
        if self._expecting("call"):
            self._act("call", lambda: Call(LEARNER, _read_calls(calls)))

    def play_selected(self) -> None:
        """Play the cards picked in the hand; an illegal play is refused with the engine's reason."""
        self.play(self.hand.selection)

    def play(self, cards: CardsLike) -> None:
        """Play these cards to the trick (a lead that is a throw may fail: RULES §8)."""
        if not self._expecting("play"):
            return
        if not cards:
            self._say(["Pick the cards you want to play first."])
            return
        self._act("play", lambda: Play(LEARNER, tuple(as_cards(cards, "your play"))))

    def undo(self) -> None:
        """Take back your last decision (and everything that happened after it)."""
        if not self._undo:
            self._say(["There is nothing to take back."])
            return
        history = self._undo.pop()
        decision = self.decisions.pop()
        while len(self.round.history) > history:
            self.round.undo()
        self._explained = min(self._explained, len(self.round.tricks))
        self.verdict.value = self.summary.value = ""
        self._hints_for = None
        again = {"declare": "declare or pass", "overturn": "overturn or pass", "show": "show or keep your hand"}.get(
            decision.kind, decision.kind
        )
        self._say([f"Taken back: {again} again."])
        self._refresh()
        self.save_hand()

    # -- nothing lost on a reload ----------------------------------------------------------------

    def saved(self) -> str:
        """This hand as JSON, to take it up again after a reload (``resume``).

        It holds the round's ``Position`` (how it started and every action so far,
        which the engine replays), the learner's decisions with their verdicts, where
        the deal waits for them, and the game's rng (so the next hands dealt are the
        series' own).
        """
        decisions = [
            {
                "kind": d.kind,
                "choice": choice_to_json(d.choice),
                "hints": d.hints,
                "assessment": None if d.assessment is None else assessment_to_dict(d.assessment),
                "before": before,
            }
            for d, before in zip(self.decisions, self._undo, strict=True)
        ]
        version, state, gauss = self.rng.getstate()
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "seed": self.seed,
                "position": Position.of(self.round).to_json(),
                "explained": self._explained,
                "decisions": decisions,
                "kept": self.kept,
                "keep_error": self.keep_error,
                "rng": [version, list(state), gauss],
            },
            ensure_ascii=False,
        )

    def resume(self, text: str) -> None:
        """Take up the hand ``saved()`` wrote, where it was: its rules, cards, decisions and verdicts.

        The engine replays the round's actions, so a saved hand cannot disagree with
        the rules; anything it cannot read raises ``RecordError`` naming the problem,
        and the hand in play stays as it was.
        """
        state = _read_saved(text, self._bots_for)
        self._drop_rules_question()
        self.rules, self.bots, self.round = state.rules, state.bots, state.round
        self.house_rules.rules = state.rules
        self._call_rows()
        self.decisions, self._undo = state.decisions, state.undo
        self._explained = state.explained
        self.kept, self.keep_error = state.kept, state.keep_error
        self.rng.setstate(state.rng)
        self.seed = state.seed
        self.table.show([], 0, names=self._seat_names(), bottom=LEARNER)
        self.hand.label = self._hand_label()
        self._hints_for = None
        self.verdict.value = ""
        graded = [d for d in self.decisions if d.assessment is not None]
        if graded:
            self._show_verdict(graded[-1])
        self.summary.value = ""
        if self.round.done and self.grading is not None:
            self._show_summary(self._review())
        where = "how it ended" if self.round.done else "where you left it"
        self._say([f"Welcome back: this is the hand you were playing, {where}.", self._prompt()])
        self._refresh()

    def save_hand(self) -> None:
        """Hand the hand to ``on_save``; why it could not be kept (if so) is shown under the status line."""
        if self.on_save is not None:
            self.save_note.value = not_saved_html(self.on_save(self.saved()), "hand", "deal a new one")

    def _expecting(self, kind: str) -> bool:
        """Is the learner asked for ``kind`` now? If not, say so."""
        if self.awaiting == kind:
            return True
        self._say([_NOT_NOW[kind]])
        return False

    def _act(self, kind: str, action: _ActionMaker) -> None:
        """Make a decision, then run the deal and the bots until the learner is asked again."""
        if not self._decide(kind, action):
            return
        rnd = self.round
        notes = [text.throw_words(rnd, LEARNER)] if kind == "play" else []
        if kind == "show" and self.decisions[-1].choice:
            notes.append(text.shown_words(rnd, LEARNER, LEARNER))
        elif kind == "overturn":
            notes.append(self._chao_note(LEARNER, passed=not self.decisions[-1].choice))
        elif kind == "bury":
            notes.append(self._burial_note(LEARNER))
        notes.extend(self._advance())
        self._say([n for n in notes if n] or [self._prompt()])
        self._refresh()
        self.save_hand()

    def _decide(self, kind: str, action: _ActionMaker) -> bool:
        """The one way a learner's decision reaches the round: ``action()`` builds it.

        South's view is taken before the round applies it; the ``Decision`` is kept,
        with what ``undo`` needs, only when the round accepts it.
        """
        rnd = self.round
        view = rnd.view(LEARNER)
        position = Position.of(rnd)
        before = len(rnd.history)
        dealt = self._as_dealt(view) if kind == "show" else ()  # before a redeal takes the kitty away
        try:
            made = action()
            rnd.apply(made)
        except IllegalPlayError as e:
            self._say([f"Not allowed: {e.reason}"], tone="bad")
            return False
        except ShengjiError as e:
            self._say([f"Not allowed: {e}"], tone="bad")
            return False
        choice: Choice
        if isinstance(made, Call):
            choice = made.calls
        elif isinstance(made, Declare | Discard | Play):
            choice = made.cards
        else:
            choice = dealt if isinstance(made, ShowHand) else ()  # the hand shown; a pass, a hand kept (Pass)
        assessment = self._grade(kind, view, choice)
        self.decisions.append(Decision(kind, view, choice, position, self.hints.used, assessment))
        self._undo.append(before)
        self._show_verdict(self.decisions[-1])
        return True

    def _show_verdict(self, decision: Decision) -> None:
        """The coach's verdict on ``decision``, drawn under the game (nothing when it was not graded)."""
        if decision.assessment is not None:
            trump = decision.view.trump or self._deal_trump()
            self.verdict.value = verdict_html(decision.assessment, trump, title=f"Your {KIND_WORDS[decision.kind]}:")

    def _as_dealt(self, view: PlayerView) -> tuple[Card, ...]:
        """South's hand as dealt (a dealer's without the kitty taken up): the hand a redeal rule judges."""
        cards = list(view.hand)
        if view.dealer == LEARNER:
            for cid in self.round.kitty:
                cards.remove(Card.from_id(cid))
        return tuple(cards)

    def _grade(self, kind: str, view: PlayerView, choice: Choice) -> Assessment | None:
        """The coach's verdict on a decision just made (from South's view before it), or None without grading."""
        budget = self.grading
        if budget is None or kind == "show":
            return None  # a shown hand only asks for a new deal: play.coaching has no measure of it
        if kind == "overturn":  # chao dipi (RULES §11): judged with fixed partners (friends are called after it)
            if view.rules.partnership != "fixed":
                return None
            return assess_overturn(view, choice or None, budget)  # type: ignore[arg-type]
        if kind == "play":
            return assess_play(view, choice, budget)  # type: ignore[arg-type]
        if kind == "bury":
            return assess_burial(view, choice, budget)  # type: ignore[arg-type]
        if kind == "call":
            return assess_call(view, choice, budget)  # type: ignore[arg-type]
        return assess_declaration(view, choice or None, budget)  # type: ignore[arg-type]

    def _deal_trump(self) -> Trump:
        """The trump fixed, or during the deal the one the standing declaration would make."""
        rnd = self.round
        decl = rnd.declaration
        return rnd.trump or Trump(rnd.rank, decl.suit if decl is not None else None, rnd.rules.red_five)

    def _end_of_hand(self) -> None:
        """The accuracy summary, and the costliest mistakes kept to solve again."""
        if self.grading is None:
            return
        review = self._review()
        if self.keeper is not None:
            self._keep_mistakes(review)
        self._show_summary(review)

    def _review(self) -> Review:
        return Review(tuple(d.assessment for d in self.decisions if d.assessment is not None))

    def _keep_mistakes(self, review: Review) -> None:
        """The hand's costliest mistakes (and blunders) of play, kept in ``keeper`` to solve again."""
        assert self.keeper is not None
        worst = [a for a in review.costliest(3) if a.kind == "play" and a.grade in KEPT_GRADES]
        for decision in self.decisions:
            a = decision.assessment
            if a is None or decision.position is None or all(a is not b for b in worst):
                continue
            answer = " ".join(str(c) for c in decision.choice)
            try:
                self.kept.append(self.keeper.keep_mistake(decision.position.to_json(), answer, a.grade, a.loss))
            except ShengjiError as e:
                self.keep_error = f"Your mistakes of this hand could not be kept for review: {e}"
                break

    def _show_summary(self, review: Review) -> None:
        """The hand's accuracy summary, and what was kept of it."""
        self.summary.value = review_html(review, self.round.trump, hints_used=sum(d.hints for d in self.decisions))
        if self.kept:
            n = len(self.kept)
            self.summary.value += (
                f'<div class="sjt-kept">{"This mistake is" if n == 1 else f"These {n} mistakes are"} kept for '
                "you to solve again: find them under “Learn from your mistakes”.</div>"
            )
        if self.keep_error:
            self.summary.value += f'<div class="sjt-error">{escape(self.keep_error)}</div>'

    def _arm_hints(self) -> None:
        """A new play to make: the hint ladder will search this position if a hint is asked for."""
        rnd = self.round
        if self.grading is None or self.awaiting != "play":
            self.hints.set_hints(None)
            self._hints_for = None
            return
        if self._hints_for == len(rnd.history):
            return
        self._hints_for = len(rnd.history)
        view, budget = rnd.view(LEARNER), self.grading

        def hints() -> tuple[str, str, str]:
            best = judge_plays(view, budget)[0].choice
            return hint_ladder(view, best)

        self.hints.set_hints(hints)

    # -- the other seats ------------------------------------------------------------------------

    def _advance(self) -> list[str]:
        """Let the table and the bots act (``play.game.advance``) until the learner is asked or the round ends."""
        rnd = self.round
        notes = self._explain_tricks()  # the trick the learner's play finished, first
        seats: list[Bot | None] = [None if s == LEARNER else bot for s, bot in enumerate(self.bots)]

        def seen(action: Action, result: Any) -> None:
            notes.append(self._seen(action, result))

        while advance(rnd, seats, seen=seen) == LEARNER:
            if rnd.decision is DecisionKind.OVERTURN and not declarations_for(rnd.view(LEARNER)):
                rnd.apply(Pass(LEARNER))  # nothing to overturn with: South is not asked
                notes.append(self._chao_note(LEARNER, passed=True, forced=True))
                continue
            notes.append(self._asked_why())
            break
        notes.extend(self._explain_tricks())
        if rnd.done:
            notes.append(text.final_words(rnd, LEARNER))
            self._end_of_hand()
        return [n for n in notes if n]

    def _seen(self, action: Action, result: Any) -> str:
        """What the learner is told of an action of the table or a bot (``""``: nothing worth saying)."""
        rnd = self.round
        if isinstance(action, DealCard):
            return ""
        if isinstance(action, Play):
            words = [text.throw_words(rnd, LEARNER) if len(rnd.trick) == 1 else "", *self._explain_tricks()]
            return " ".join(w for w in words if w)
        if isinstance(action, Declare):
            if rnd.overturns and rnd.overturns[-1] is result:
                return self._chao_note(action.seat, passed=False)
            return text.declared(result, rnd.players)
        if isinstance(action, Pass):
            return self._chao_note(action.seat, passed=True) if rnd.buriers else ""  # chao dipi's passes only
        if isinstance(action, FinishDeal):
            if result:
                return text.deal_words(rnd, LEARNER)
            return "Nobody declared trump, so the cards are shuffled and dealt again (RULES §10)."
        if isinstance(action, ShowHand):
            return text.shown_words(rnd, action.seat, LEARNER)
        if isinstance(action, Discard):
            return self._burial_note(action.seat)
        who = seat_name(action.seat, rnd.players)
        return f"{action.describe(rnd.players)}: whoever plays it joins {who}'s side (RULES §11)."

    def _asked_why(self) -> str:
        """Why the round waits for the learner, when a question of the deal or a hopeless hand stops it."""
        rnd = self.round
        if rnd.decision is DecisionKind.DECLARE:
            last = rnd.history[-1] if rnd.history else None
            dealt = rnd.hand(LEARNER)[-1] if isinstance(last, DealCard) else None
            why = "The deal is complete" if dealt is None else f"You were dealt {dealt.symbol()}"
            return f"{why}: you may declare trump now, or pass (RULES §10)."
        if rnd.decision is DecisionKind.SHOW:
            lacks = "no trump" if rnd.rules.redeal == "no-trump" else "no point card"
            return (
                f"Your hand holds {lacks}: at this table you may show it and have the cards dealt again "
                "(RULES §11), or keep it and play."
            )
        return ""

    def _burial_note(self, seat: int) -> str:
        """Who buried the kitty; with chao dipi, that the turns to overturn the trump begin (again)."""
        rnd = self.round
        k, who = rnd.rules.kitty, text.name(seat, LEARNER, rnd.players)
        again = len(rnd.buriers) > 1
        if seat == LEARNER:
            words = f"You bury {k} cards face down{' again' if again else ''}."
        else:
            words = f"{who} {'takes the kitty and reburies' if again else 'picks up the kitty and buries'} {k} cards face down."
        if rnd.phase != "chao":
            return words
        if again:
            return f"{words} The turns to overturn start again after {text.name(seat, LEARNER, rnd.players)}."
        return f"{words} {text.chao_words(rnd, LEARNER)}"

    def _chao_note(self, seat: int, *, passed: bool, forced: bool = False) -> str:
        """What one turn of chao dipi did: an overturn, or a pass (said only when it ends the turns, or is South's)."""
        rnd = self.round
        if not passed:
            return text.overturned(rnd, rnd.overturns[-1], LEARNER)
        words = ""
        if seat == LEARNER:
            words = "You hold no pair that overturns the trump: you pass. " if forced else "You pass. "
        if rnd.phase != "chao":
            words += text.chao_over_words(rnd)
        return words.strip()

    def _explain_tricks(self) -> list[str]:
        """A sentence for each trick finished since the last one explained (whoever finished it)."""
        rnd = self.round
        notes = [text.trick_words(rnd, trick, LEARNER) for trick in rnd.tricks[self._explained :]]
        self._explained = len(rnd.tricks)
        return notes

    # -- drawing ---------------------------------------------------------------------------------

    def _refresh(self) -> None:
        rnd = self.round
        asked = self.awaiting
        decl = rnd.declaration
        trump = self._deal_trump()  # the deal so far, or the trump fixed
        if rnd.phase == "deal":
            who = text.name(decl.seat, LEARNER, rnd.players).capitalize() if decl else ""
            shown = f" · {who} declared {format_cards(decl.cards)}" if decl else ""
            self.table.show(
                [], 0, trump=trump, caption=f"Dealing: {rnd.dealt} card{'s' if rnd.dealt != 1 else ''} dealt{shown}"
            )
        elif rnd.trick:
            plays = [[Card.from_id(i) for i in p] for p in rnd.trick]
            self.table.show(plays, rnd.leader, trump=trump, caption="")
        elif rnd.tricks:
            last = rnd.tricks[-1]
            self.table.show(list(last.plays), last.leader, last.winner, trump=trump, caption="The last trick")
        else:
            self.table.show([], rnd.leader, trump=trump, caption="")
        self.hand.set_hand(rnd.hand(LEARNER), trump)
        self.hand.max_selected = self.rules.kitty if asked == "bury" else len(rnd.trick[0]) if rnd.trick else 0
        self.hand.disabled = asked not in ("bury", "play")
        self.play_button.disabled = asked != "play"
        _show(self.play_button, rnd.phase in ("play", "done"))
        _show(self.bury_button, asked == "bury")
        _show(self.call_box, asked == "call")
        _show(self.declare_box, asked in ("declare", "overturn"))
        _show(self.show_box, asked == "show")
        self.undo_button.disabled = not self._undo
        self._arm_hints()
        _show(self.hints, self.grading is not None and rnd.phase == "play")
        if asked in ("declare", "overturn"):
            options = [self._declare_option(cards) for cards in declarations_for(rnd.view(LEARNER))]
            self.pass_button.tooltip = "Do not overturn the trump now" if asked == "overturn" else "Do not declare now"
            self.declare_box.children = [*options, self.pass_button]
        if asked == "call":
            plain_first = sorted(deck(1), key=lambda c: (trump.is_trump(c), trump.sort_key(c)))
            for dropdown in self.call_cards:
                dropdown.options = [(c.symbol(), str(c)) for c in plain_first]
        attackers = sum(rnd.points_won[s] for s in rnd.attackers)
        most = self.rules.hand_size  # as many tricks as cards in a hand, at most
        trick = f"<strong>Trick {min(len(rnd.tricks) + 1, most)}</strong> · " if rnd.phase in ("play", "done") else ""
        self.status.value = (
            f'<div class="sjt-meter">{trick}trump rank <strong>{rnd.rank}</strong> · '
            f"{escape(text.sides(rnd, LEARNER))} · attackers' points so far: <strong>{attackers}</strong> · "
            f"{escape(self._prompt())}</div>"
        )

    def _prompt(self) -> str:
        """What the learner is asked to do now, in a sentence."""
        return {
            "declare": "You may declare trump (亮主): pick a declaration, or Pass.",
            "show": "You may show your hopeless hand for a redeal, or keep it.",
            "overturn": "Chao dipi (炒地皮): overturn the trump with a stronger pair, or Pass.",
            "bury": f"Pick {self.rules.kitty} cards to bury (埋底) and press Bury.",
            "call": "Call your friend (找朋友): pick a card and which copy of it, then press Call.",
            "play": "Your turn: pick your cards and press Play.",
        }.get(self.awaiting or "", "Round over." if self.round.done else "")

    def _declare_option(self, cards: tuple[Card, ...]) -> w.VBox:
        """One declaration (or chao dipi overturn) South can make: its cards drawn as the hand draws them, a button."""
        if self.awaiting == "overturn":
            button = w.Button(
                description=joker_words(f"Overturn with {format_cards(cards)}"),
                tooltip="Show this pair to make its suit trump, then bury the kitty again",
            )
            button.on_click(lambda _b: self.overturn(cards))
        else:
            button = w.Button(
                description=joker_words(f"Declare {format_cards(cards)}"), tooltip="Show these cards to declare trump"
            )
            button.on_click(lambda _b: self.declare(cards))
        picture = w.HTML(hand_svg(cards, Trump(self.round.rank, cards[0].suit, self.rules.red_five), width=40))
        return w.VBox([picture, button])

    def _say(self, notes: Sequence[str], tone: str = "") -> None:
        verdict = ' data-verdict="incorrect"' if tone == "bad" else ""
        paragraphs = "".join(f"<p>{escape(joker_words(n))}</p>" for n in notes)
        self.coach.value = f'<div class="sjt-feedback"{verdict} role="status" aria-live="polite">{paragraphs}</div>'


SAVE_FORMAT = 2
"""2: the round's position, the learner's decisions (kind, choice, hints, verdict, the history length undo goes back
to) and the game's rng. Format 1 also kept where the deal waited for the learner, which the round now knows itself:
it is read, and that part left out."""
READS = (1, SAVE_FORMAT)


@dataclass(frozen=True)
class _Resumed:
    """A saved hand, read and replayed: everything ``CoachedGame.resume`` puts in place."""

    seed: int | None
    rules: RuleSet
    bots: list[Bot]
    round: Round
    decisions: list[Decision]
    undo: list[int]
    explained: int
    kept: list[int]
    keep_error: str
    rng: tuple[Any, ...]


def _read_saved(text: str, bots_for: Callable[[RuleSet], list[Bot]]) -> _Resumed:
    """Read what ``CoachedGame.saved`` wrote, replaying its round: ``RecordError`` names what is wrong."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") not in READS:
            raise RecordError(f"not a saved hand of this version (format {SAVE_FORMAT})")
        position = Position.from_json(data["position"])  # replayed once here, to check it
        seed = data["seed"]
        if seed is not None and type(seed) is not int:
            raise RecordError(f"a saved hand's seed is a whole number, not {seed!r:.20}")
        rows = data["decisions"]
        befores = [_before(row["before"], len(position.history), data["format"]) for row in rows]
        if any(b < a for a, b in itertools.pairwise(befores)):
            raise RecordError("a saved hand's decisions are not in the order they were made")
        views, rnd = _views_at(position, set(befores))
        explained = _count(data["explained"], "explained", len(rnd.tricks))
        decisions = []
        for row, before in zip(rows, befores, strict=True):
            kind = row["kind"]
            if kind not in KIND_WORDS:
                raise RecordError(f"a saved decision is one of {', '.join(KIND_WORDS)}, not {kind!r:.20}")
            view, at = views[before]
            verdict = row["assessment"]
            decisions.append(
                Decision(
                    kind,
                    view,
                    choice_from_json(row["choice"]),
                    at,
                    _count(row["hints"], "hints", 99),
                    None if verdict is None else assessment_from_dict(verdict),
                )
            )
        kept = data["kept"]
        if not isinstance(kept, list) or not all(type(k) is int for k in kept):
            raise RecordError("a saved hand's kept mistakes are named by whole numbers")
        version, state, gauss = data["rng"]
        rng_state = (version, tuple(state), gauss)
        random.Random().setstate(rng_state)  # refused here, before anything changes
        return _Resumed(
            seed,
            position.rules,
            bots_for(position.rules),
            rnd,
            decisions,
            befores,
            explained,
            kept,
            str(data["keep_error"]),
            rng_state,
        )
    except RecordError:
        raise
    except (ShengjiError, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        raise RecordError(f"not a saved hand: {type(e).__name__}: {e}") from None


def _count(value: Any, what: str, most: int) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise RecordError(f"a saved hand's {what} is a whole number from 0 to {most}, not {value!r:.20}")
    return int(value)


def _before(value: Any, actions: int, version: int) -> int:
    """The history length undo goes back to for one decision (format 1 kept the deal's bookkeeping beside it)."""
    if version == 1:
        if not isinstance(value, list) or len(value) != 4:
            raise RecordError(f"a saved decision's place is a list of four, not {value!r:.20}")
        value = value[0]
    return _count(value, "history", actions)


def _views_at(position: Position, lengths: set[int]) -> tuple[dict[int, tuple[PlayerView, Position]], Round]:
    """South's view and the position at each history length in ``lengths``, and the round at the end: one replay."""
    start = Position(position.rules, position.rank, position.dealer, position.deals, ())
    rnd = start.round()
    out: dict[int, tuple[PlayerView, Position]] = {}
    for k in range(len(position.history) + 1):
        if k in lengths:
            out[k] = (rnd.view(LEARNER), Position.of(rnd))
        if k < len(position.history):
            rnd.apply(position.history[k])
    return out, rnd


def _read_calls(calls: Sequence[tuple[Card | str, int]]) -> tuple[tuple[Card, int], ...]:
    """The learner's calls as ``(card, ordinal)`` pairs; the round judges the cards and ordinals."""
    try:
        return tuple((as_cards([card], "the called card")[0], ordinal) for card, ordinal in calls)
    except CardParseError:
        raise
    except (TypeError, ValueError):
        raise CallError(f"a call is a list of (card, ordinal) pairs, like [('AH', 2)], not {calls!r}") from None


def _show(widget: w.Widget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"
