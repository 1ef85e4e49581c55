"""Lesson 10's coached hand as a model, without widgets: ``CoachedHand``.

The learner sits South unless given another seat (with five or six players, "Seat 3") and makes every
decision of that seat: declaring trump during the deal (亮主 liàngzhǔ) or passing,
burying the kitty as dealer (埋底 máidǐ), calling a friend in Finding Friends
(找朋友 zhǎo péngyou), and playing; with RULES §11's house rules also showing a
hopeless hand for a redeal, and overturning the trump (or passing) in chao dipi
(炒地皮), then burying the kitty again. The other seats are bots.

The round is driven by ``play.game.advance`` (``engine.turns.take_turns``, the turn loop bots' rounds share):
the round asks who decides (a player who could declare when dealt a trump-rank
card or a joker, and everyone who could once the deal is complete; with a
``redeal`` rule each hopeless hand, from the dealer on; with chao dipi each player
in turn), the bots answer at once, and the loop stops when the learner is asked. In
chao dipi the learner is asked only when they hold a pair that overturns (otherwise
they pass). Every action goes through ``Round.apply``, so the round's rules are
the only rules: an illegal choice is refused with the round's reason and changes
nothing.

Each decision the round accepts is kept in ``decisions`` as a ``Decision``: what
the learner saw just before deciding and what they chose, graded by the coach
(``play.coaching``) with ``grading``'s budget. What the coach says after each
step (``said``: the sentences of ``coach_text``) is the model's; drawing it is the
view's (``ui.coach.CoachedGame``). At the end of the hand the costliest mistakes
of play are kept in ``keeper`` (the learner's progress store) to solve again.
``saved()`` and ``resume(text)`` keep the hand across a reload.

>>> from shengji_tutor import HeuristicBot
>>> from shengji_tutor.play.coached_hand import CoachedHand
>>> hand = CoachedHand(seed=4, grading=None)
>>> while not hand.round.done:
...     view, bot = hand.round.view(hand.seat), HeuristicBot()
...     changed = hand.decide(bot.act(view))
>>> hand.round.done, len(hand.decisions) >= 10, hand.said.notes[-1].startswith("The round is over.")
(True, True, True)
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

from ..engine.cards import RANKS, Card, CardsLike, as_cards, listed
from ..engine.declaring import Declaration
from ..engine.errors import CardParseError, RuleSetError, ShengjiError
from ..engine.rules import Partnership, RuleSet, rules_or_default
from ..engine.seats import SOUTH, seat_label
from ..engine.trump import Trump
from ..i18n import N_, t, tn
from . import coach_text as text
from .actions import Action, Call, DealCard, Declare, Discard, FinishDeal, Pass, Play, ShowHand, called_card
from .bots import Bot, HeuristicBot, declarations_for
from .coaching import (
    COACH_BUDGET,
    Accuracy,
    Assessment,
    CoachGrade,
    Option,
    assess_burial,
    assess_call,
    assess_declaration,
    assess_overturn,
    assess_play,
    calls_in,
    cards_in,
    hint_ladder,
    judge_plays,
    reasons_for,
)
from .game import advance
from .record import Position, RecordError
from .round import CallError, DecisionKind, IllegalPlayError, Phase, PlayerView, Round, Trick
from .saved_verdicts import assessment_from_dict, assessment_to_dict, choice_from_json, choice_to_json
from .search import Budget

__all__ = ["KEPT_GRADES", "PLAYERS", "CoachedHand", "Decision", "MistakeKeeper", "Said", "Snapshot"]

PLAYERS = (4, 5, 6)
"""The table sizes the coached game seats (and its house-rules chooser offers)."""

Choice: TypeAlias = tuple[Card, ...] | tuple[tuple[Card, int], ...]
"""Cards declared, buried or played (empty for a pass), or a call's ``(card, ordinal)`` pairs."""
ActionMaker: TypeAlias = Callable[[], Action]
"""Builds the learner's action; reading the learner's cards may fail, inside ``decide``."""

NOT_NOW = {
    DecisionKind.DECLARE: N_("You can declare only when the deal stops for you."),
    DecisionKind.OVERTURN: N_(
        "You can overturn the trump only in your turn of chao dipi (炒地皮), after the kitty is buried."
    ),
    DecisionKind.SHOW: N_(
        "You can show your hand only after the deal, when it holds nothing the table's redeal rule names."
    ),
    DecisionKind.BURY: N_("Only the dealer buries the kitty, once they have picked it up."),
    DecisionKind.CALL: N_("Only the dealer calls a friend, once the kitty is buried."),
    DecisionKind.PLAY: N_("It is not your turn."),
}
"""What the learner is told when they try a decision the round is not asking them for (English: shown with ``t``)."""
AGAIN = {
    DecisionKind.DECLARE: N_("Taken back: declare or pass again."),
    DecisionKind.OVERTURN: N_("Taken back: overturn or pass again."),
    DecisionKind.SHOW: N_("Taken back: show or keep your hand again."),
    DecisionKind.BURY: N_("Taken back: bury again."),
    DecisionKind.CALL: N_("Taken back: call again."),
    DecisionKind.PLAY: N_("Taken back: play again."),
}
"""What the learner is told of an undone decision: what it is to make again (English: shown with ``t``)."""
PROMPTS = {
    DecisionKind.DECLARE: N_("You may declare trump (亮主): pick a declaration, or Pass."),
    DecisionKind.SHOW: N_("You may show your hopeless hand for a redeal, or keep it."),
    DecisionKind.OVERTURN: N_("Chao dipi (炒地皮): overturn the trump with a stronger pair, or Pass."),
    DecisionKind.CALL: N_("Call your friend (找朋友): pick a card and which copy of it, then press Call."),
    DecisionKind.PLAY: N_("Your turn: pick your cards and press Play."),
}
"""What the learner is asked to do, by decision (burying says how many cards: ``CoachedHand.prompt``)."""

KEPT_GRADES = (CoachGrade.MISTAKE, CoachGrade.BLUNDER)
"""The grades of the plays kept to solve again ("learn from your mistakes"): the costliest of a hand among them."""


class MistakeKeeper(Protocol):
    """Where a learner's costly plays are kept (a ``store.ProgressStore``): ``keep_mistake`` returns its id."""

    def keep_mistake(self, position: str, answer: str, grade: str, loss: float) -> int: ...


@dataclass(frozen=True)
class Decision:
    """One decision of the learner, as the round accepted it.

    ``kind`` is what the round asked (``DecisionKind``: declare, overturn, show,
    bury, call or play); ``view`` is the learner's ``PlayerView`` just before deciding;
    ``choice`` the cards declared, overturned with, buried or played (a failed
    throw as it was tried; an empty tuple for a pass or a hand kept), the hand
    shown, or the ``(card, ordinal)`` calls.
    """

    kind: DecisionKind
    view: PlayerView
    choice: Choice
    position: Position | None = None
    """The round just before the decision, to set it up again (a mistake becomes a puzzle)."""
    hints: int = 0
    """Hints the learner asked for before deciding."""
    assessment: Assessment | None = None
    """The coach's verdict (``None`` when the game does not grade)."""


@dataclass(frozen=True)
class Snapshot:
    """What the view draws for one seat now, taken whole after each change (``CoachedHand.snapshot``): that seat's
    hand and what the whole table may see, nothing of the other hands. The words in it (``sides``, ``prompt``) are
    in the language read when it was taken, which is when it is drawn."""

    seat: int
    players: int
    phase: Phase
    asked: DecisionKind | None
    """What the seat is asked for now (``None``: not its turn)."""
    trump: Trump
    """The trump fixed, or during the deal the one the standing declaration would make."""
    rank: str
    dealt: int
    declared: Declaration | None
    """The standing declaration, during the deal."""
    trick: tuple[tuple[Card, ...], ...]
    leader: int
    last: Trick | None
    """The last trick finished, shown while no card of the next one is played."""
    tricks_done: int
    hand: tuple[Card, ...]
    pick: int
    """How many cards an answer picks: the kitty's when burying, the lead's when following, 0 when any number."""
    declarations: tuple[tuple[Card, ...], ...]
    """What the seat may declare (or overturn with) when it is asked to."""
    attackers_points: int
    undo: bool
    """Whether there is a decision to take back."""
    sides: str
    prompt: str


@dataclass(frozen=True)
class Said:
    """What the coach says now: sentences, and ``bad`` when it refuses something."""

    notes: tuple[str, ...] = ()
    bad: bool = False


def _grade_declaration(view: PlayerView, choice: Choice, budget: Budget) -> Assessment | None:
    return assess_declaration(view, cards_in(choice) or None, budget)


def _grade_overturn(view: PlayerView, choice: Choice, budget: Budget) -> Assessment | None:
    if view.rules.partnership is not Partnership.FIXED:  # chao dipi is judged with fixed partners (friends: later)
        return None
    return assess_overturn(view, cards_in(choice) or None, budget)


GRADERS: dict[DecisionKind, Callable[[PlayerView, Choice, Budget], Assessment | None]] = {
    DecisionKind.DECLARE: _grade_declaration,
    DecisionKind.OVERTURN: _grade_overturn,
    DecisionKind.BURY: lambda view, choice, budget: assess_burial(view, cards_in(choice), budget),
    DecisionKind.CALL: lambda view, choice, budget: assess_call(view, calls_in(choice), budget),
    DecisionKind.PLAY: lambda view, choice, budget: assess_play(view, cards_in(choice), budget),
}
"""How the coach grades each kind of decision (a shown hand only asks for a new deal: nothing measures it)."""


class CoachedHand:
    """A round in which the learner plays one seat and the other seats are bots; see the module docstring.

    ``rank=None`` picks each hand's trump rank (2..A) with the game's seeded rng;
    ``rules`` are the house rules (4 to 6 players, any of RULES §11's variants);
    ``bots`` are the players, one per seat (the learner's is never asked; without them,
    heuristic bots at any table size); ``seat`` is the learner's (South unless given).
    ``hints_open`` is how many hints the learner has opened for the decision at hand.
    """

    def __init__(
        self,
        seed: int | None = None,
        rank: str | None = None,
        rules: RuleSet | None = None,
        bots: Sequence[Bot] | None = None,
        grading: Budget | None = COACH_BUDGET,
        keeper: MistakeKeeper | None = None,
        seat: int = SOUTH,
    ) -> None:
        self.seed = seed
        """The seed the game's hands are dealt from (``None``: a random series)."""
        self.rules = rules_or_default(rules)
        self.seat = _seat_at(seat, self.rules)
        """The learner's seat: the one seat the round asks the learner for (South unless given)."""
        self.grading = grading
        self.keeper = keeper
        self._given_bots = list(bots) if bots is not None else None
        self.bots: list[Bot] = self.bots_for(self.rules)
        self.rng = random.Random(seed)
        self.rank = rank
        """The trump rank of every hand, or ``None`` for a new one each hand."""
        self.new_hand()

    # -- the hand ---------------------------------------------------------------------------------

    def new_hand(self) -> None:
        """Shuffle and deal a new hand with a trump rank of its own; the deal stops when the learner can declare."""
        rank = self.rank if self.rank is not None else self.rng.choice(RANKS)
        seed, dealer = self.rng.randrange(1 << 30), self.rng.randrange(self.rules.players)
        self.round = Round(self.rules, seed=seed, dealer=dealer, rank=rank)
        self.decisions: list[Decision] = []
        self.hints_open = 0
        """Hints the learner has opened for the decision at hand: the view says so as each is opened, and the
        decision made keeps the count (the model never asks its view)."""
        self._undo: list[int] = []
        """Per decision in ``decisions``: the round's history length before it (``undo`` goes back there)."""
        self.kept: list[int] = []
        """Ids of the mistakes kept from this hand (in ``keeper``)."""
        self.keep_error = ""
        """Why the mistakes could not be kept, when they could not ("" when they were)."""
        self.explained = 0
        """Finished tricks the coach has explained."""
        self.said = Said((text.rank_words(self.round, self.seat), *self._advance()))

    def set_rules(self, rules: RuleSet) -> None:
        """Play these house rules (4 to 6 players, RULES §11's variants) from a new hand on, dealt now."""
        rules = rules_or_default(rules)
        if rules == self.rules:
            return
        bots = self.bots_for(rules)  # refused before anything changes
        _seat_at(self.seat, rules)
        self.rules, self.bots = rules, bots
        self.new_hand()

    def bots_for(self, rules: RuleSet) -> list[Bot]:
        """One bot per seat of ``rules``' table: the bots given, or heuristic bots; ``RuleSetError`` if it cannot."""
        if rules.players not in PLAYERS:
            raise RuleSetError(
                t("the coached game seats 4, 5 or 6 players around its table, not {players}", players=rules.players)
            )
        if self._given_bots is None:
            return [HeuristicBot() for _ in range(rules.players)]
        if len(self._given_bots) != rules.players:
            raise RuleSetError(
                t(
                    "the coached game needs one bot per seat ({players}), not {bots}",
                    players=rules.players,
                    bots=len(self._given_bots),
                )
            )
        return list(self._given_bots)

    @property
    def awaiting(self) -> DecisionKind | None:
        """What the learner is asked for now (a ``DecisionKind``: declare, show, bury, overturn, call, play), or
        ``None``."""
        rnd = self.round
        return rnd.decision if rnd.to_act == self.seat else None

    def prompt(self) -> str:
        """What the learner is asked to do now, in a sentence."""
        asked = self.awaiting
        if asked is None:
            return t("Round over.") if self.round.done else ""
        if asked is DecisionKind.BURY:
            return tn(
                "Pick {n} card to bury (埋底) and press Bury.",
                "Pick {n} cards to bury (埋底) and press Bury.",
                self.rules.kitty,
            )
        return t(PROMPTS[asked])

    # -- the learner's decisions ----------------------------------------------------------------

    def declare(self, cards: CardsLike) -> bool:
        """Declare trump with these cards (RULES §10) when the deal waits for you."""
        return self._act(
            DecisionKind.DECLARE, lambda: Declare(self.seat, tuple(as_cards(cards, N_("your declaration"))))
        )

    def pass_declaration(self) -> bool:
        """Do not declare now: the deal goes on."""
        return self._act(DecisionKind.DECLARE, lambda: Pass(self.seat))

    def overturn(self, cards: CardsLike) -> bool:
        """Chao dipi (炒地皮, RULES §11): overturn the trump with this stronger pair, then bury the kitty again."""
        return self._act(DecisionKind.OVERTURN, lambda: Declare(self.seat, tuple(as_cards(cards, N_("your overturn")))))

    def pass_overturn(self) -> bool:
        """Chao dipi: do not overturn the trump this turn."""
        return self._act(DecisionKind.OVERTURN, lambda: Pass(self.seat))

    def show_hand(self) -> bool:
        """Show your hopeless hand (no trump, or no point card: the table's ``redeal`` rule) for a redeal (RULES §11)."""
        return self._act(DecisionKind.SHOW, lambda: ShowHand(self.seat))

    def keep_hand(self) -> bool:
        """Keep a hand you could show for a redeal, and play it."""
        return self._act(DecisionKind.SHOW, lambda: Pass(self.seat))

    def bury(self, cards: CardsLike) -> bool:
        """Bury these cards as the kitty (埋底 máidǐ): exactly as many as it held; a wrong burial changes nothing."""
        return self._act(DecisionKind.BURY, lambda: Discard(self.seat, tuple(as_cards(cards, N_("your burial")))))

    def call(self, calls: Sequence[tuple[Card | str, int]]) -> bool:
        """Finding Friends: call ``(card, ordinal)`` pairs, "the second A♥ played" being ``("AH", 2)`` (RULES §11)."""
        return self._act(DecisionKind.CALL, lambda: Call(self.seat, _read_calls(calls)))

    def play(self, cards: CardsLike) -> bool:
        """Play these cards to the trick (a lead that is a throw may fail: RULES §8)."""
        if self.awaiting is DecisionKind.PLAY and not cards:
            self.said = Said((t("Pick the cards you want to play first."),))
            return False
        return self._act(DecisionKind.PLAY, lambda: Play(self.seat, tuple(as_cards(cards, N_("your play")))))

    def decide(self, action: Action) -> bool:
        """Make the decision the round asks for with an ``Action`` of the learner's seat (as a bot's ``act`` gives it)."""
        asked = self.awaiting
        if asked is None:
            self.said = Said((t("Nothing is asked of you now."),))
            return False
        return self._act(asked, lambda: action)

    def undo(self) -> bool:
        """Take back your last decision (and everything that happened after it)."""
        if not self._undo:
            self.said = Said((t("There is nothing to take back."),))
            return False
        history = self._undo.pop()
        decision = self.decisions.pop()
        while len(self.round.history) > history:
            self.round.undo()
        self.explained = min(self.explained, len(self.round.tricks))
        self.said = Said((t(AGAIN[decision.kind]),))
        return True

    def _act(self, kind: DecisionKind, action: ActionMaker) -> bool:
        """Make a decision, then run the deal and the bots until the learner is asked again; True if it was taken."""
        if self.awaiting != kind:
            self.said = Said((t(NOT_NOW[kind]),))
            return False
        if not self._decide(kind, action):
            return False
        rnd = self.round
        chosen = self.decisions[-1].choice
        notes = [text.throw_words(rnd, self.seat)] if kind is DecisionKind.PLAY else []
        if kind is DecisionKind.SHOW and chosen:
            notes.append(text.shown_words(rnd, self.seat, self.seat))
        elif kind is DecisionKind.OVERTURN:
            notes.append(self._chao_note(self.seat, passed=not chosen))
        elif kind is DecisionKind.BURY:
            notes.append(self._burial_note(self.seat))
        notes.extend(self._advance())
        self.said = Said(tuple(n for n in notes if n) or (self.prompt(),))
        return True

    def _decide(self, kind: DecisionKind, action: ActionMaker) -> bool:
        """The one way a learner's decision reaches the round: ``action()`` builds it.

        The learner's view is taken before the round applies it; the ``Decision`` is kept,
        with what ``undo`` needs, only when the round accepts it.
        """
        rnd = self.round
        view = rnd.view(self.seat)
        position = Position.of(rnd)
        before = len(rnd.history)
        dealt = self.as_dealt(view) if kind is DecisionKind.SHOW else ()  # before a redeal takes the kitty away
        try:
            made = action()
            rnd.apply(made)
        except IllegalPlayError as e:
            self.said = Said((t("Not allowed: {reason}", reason=e.reason),), bad=True)
            return False
        except ShengjiError as e:
            self.said = Said((t("Not allowed: {reason}", reason=e),), bad=True)
            return False
        choice: Choice
        if isinstance(made, Call):
            choice = made.calls
        elif isinstance(made, Declare | Discard | Play):
            choice = made.cards
        else:
            choice = dealt if isinstance(made, ShowHand) else ()  # the hand shown; a pass, a hand kept (Pass)
        assessment = self.grade(kind, view, choice)
        self.decisions.append(Decision(kind, view, choice, position, self.hints_open, assessment))
        self._undo.append(before)
        self.hints_open = 0
        return True

    def as_dealt(self, view: PlayerView) -> tuple[Card, ...]:
        """The learner's hand as dealt (a dealer's without the kitty taken up): the hand a redeal rule judges."""
        cards = list(view.hand)
        if view.dealer == self.seat:
            for card in self.round.kitty:
                cards.remove(card)
        return tuple(cards)

    def grade(self, kind: DecisionKind, view: PlayerView, choice: Choice) -> Assessment | None:
        """The coach's verdict on a decision just made (from the learner's view before it), or None without grading."""
        grader = GRADERS.get(kind)
        if self.grading is None or grader is None:
            return None
        return grader(view, choice, self.grading)

    def snapshot(self) -> Snapshot:
        """What the learner's seat may see and is asked now, in one value for the view to draw."""
        rnd, seat = self.round, self.seat
        asked = self.awaiting
        declaring = asked is DecisionKind.DECLARE or asked is DecisionKind.OVERTURN
        return Snapshot(
            seat=seat,
            players=rnd.players,
            phase=rnd.phase,
            asked=asked,
            trump=self.deal_trump(),
            rank=rnd.rank,
            dealt=rnd.dealt,
            declared=rnd.declaration,
            trick=rnd.trick,
            leader=rnd.leader,
            last=rnd.tricks[-1] if rnd.tricks else None,
            tricks_done=len(rnd.tricks),
            hand=tuple(rnd.hand(seat)),
            pick=self.rules.kitty if asked is DecisionKind.BURY else len(rnd.trick[0]) if rnd.trick else 0,
            declarations=tuple(declarations_for(rnd.view(seat))) if declaring else (),
            attackers_points=sum(rnd.points_won[s] for s in rnd.attackers),
            undo=bool(self.decisions),
            sides=text.sides(rnd, seat),
            prompt=self.prompt(),
        )

    def deal_trump(self) -> Trump:
        """The trump fixed, or during the deal the one the standing declaration would make."""
        rnd = self.round
        decl = rnd.declaration
        return rnd.trump or Trump(rnd.rank, decl.suit if decl is not None else None, rnd.rules.red_five)

    def last_graded(self) -> Decision | None:
        """The learner's last decision the coach graded (its verdict is the one shown), if any."""
        return next((d for d in reversed(self.decisions) if d.assessment is not None), None)

    # -- the end of the hand ------------------------------------------------------------------------

    def accuracy(self) -> Accuracy | None:
        """The hand's accuracy summary, once it is over and graded."""
        if self.grading is None or not self.round.done:
            return None
        return Accuracy(tuple(d.assessment for d in self.decisions if d.assessment is not None))

    def _end_of_hand(self) -> None:
        """The costliest mistakes of play, kept in ``keeper`` to solve again."""
        review = self.accuracy()
        if review is None or self.keeper is None:
            return
        worst = [a for a in review.costliest(3) if a.kind == DecisionKind.PLAY and a.grade in KEPT_GRADES]
        for decision in self.decisions:
            a = decision.assessment
            if a is None or decision.position is None or all(a is not b for b in worst):
                continue
            answer = " ".join(str(c) for c in decision.choice)
            try:
                self.kept.append(self.keeper.keep_mistake(decision.position.to_json(), answer, a.grade, a.loss))
            except ShengjiError as e:
                self.keep_error = t("Your mistakes of this hand could not be kept for review: {error}", error=e)
                break

    def hints(self) -> tuple[int, Callable[[], tuple[str, str, str]]] | None:
        """The hint ladder of the play to make now: the position's key (the history length: the ladder is armed again
        for a new one) and the search that gives the three hints; ``None`` when no play is asked or nothing grades."""
        rnd = self.round
        if self.grading is None or self.awaiting is not DecisionKind.PLAY:
            return None
        view, budget = rnd.view(self.seat), self.grading

        def ladder() -> tuple[str, str, str]:
            best = judge_plays(view, budget)[0].choice
            return hint_ladder(view, best)

        return len(rnd.history), ladder

    # -- the other seats ------------------------------------------------------------------------

    def _advance(self) -> list[str]:
        """Let the table and the bots act (``play.game.advance``) until the learner is asked or the round ends."""
        rnd = self.round
        notes = self._explain_tricks()  # the trick the learner's play finished, first
        seats: list[Bot | None] = [None if s == self.seat else bot for s, bot in enumerate(self.bots)]

        def seen(action: Action, result: Any) -> None:
            notes.append(self._seen(action, result))

        while advance(rnd, seats, seen=seen) == self.seat:
            if rnd.decision is DecisionKind.OVERTURN and not declarations_for(rnd.view(self.seat)):
                rnd.apply(Pass(self.seat))  # nothing to overturn with: the learner is not asked
                notes.append(self._chao_note(self.seat, passed=True, forced=True))
                continue
            notes.append(self._asked_why())
            break
        notes.extend(self._explain_tricks())
        if rnd.done:
            notes.append(text.final_words(rnd, self.seat))
            self._end_of_hand()
        return [n for n in notes if n]

    def _seen(self, action: Action, result: Any) -> str:
        """What the learner is told of an action of the table or a bot (``""``: nothing worth saying)."""
        rnd = self.round
        if isinstance(action, DealCard):
            return ""
        if isinstance(action, Play):
            words = [text.throw_words(rnd, self.seat) if len(rnd.trick) == 1 else "", *self._explain_tricks()]
            return text.joined(w for w in words if w)
        if isinstance(action, Declare):
            if rnd.overturns and rnd.overturns[-1] is result:
                return self._chao_note(action.seat, passed=False)
            return text.declared(result, rnd.players)
        if isinstance(action, Pass):
            return self._chao_note(action.seat, passed=True) if rnd.buriers else ""  # chao dipi's passes only
        if isinstance(action, FinishDeal):
            if result:
                return text.deal_words(rnd, self.seat)
            return t("Nobody declared trump, so the cards are shuffled and dealt again (RULES §10).")
        if isinstance(action, ShowHand):
            return text.shown_words(rnd, action.seat, self.seat)
        if isinstance(action, Discard):
            return self._burial_note(action.seat)
        return t(
            "{seat} calls {cards}: whoever plays it joins {seat}'s side (RULES §11).",
            seat=seat_label(action.seat, rnd.players),
            cards=listed([called_card(c, o) for c, o in action.calls], last=False),
        )

    def _asked_why(self) -> str:
        """Why the round waits for the learner, when a question of the deal or a hopeless hand stops it."""
        rnd = self.round
        if rnd.decision is DecisionKind.DECLARE:
            last = rnd.history[-1] if rnd.history else None
            dealt = rnd.hand(self.seat)[-1] if isinstance(last, DealCard) else None
            if dealt is None:
                return t("The deal is complete: you may declare trump now, or pass (RULES §10).")
            return t("You were dealt {card}: you may declare trump now, or pass (RULES §10).", card=dealt.symbol())
        if rnd.decision is DecisionKind.SHOW:
            if rnd.rules.redeal == "no-trump":
                return t(
                    "Your hand holds no trump: at this table you may show it and have the cards dealt again "
                    "(RULES §11), or keep it and play."
                )
            return t(
                "Your hand holds no point card: at this table you may show it and have the cards dealt again "
                "(RULES §11), or keep it and play."
            )
        return ""

    def _burial_note(self, seat: int) -> str:
        """Who buried the kitty; with chao dipi, that the turns to overturn the trump begin (again)."""
        rnd = self.round
        k = rnd.rules.kitty
        again = len(rnd.buriers) > 1
        if seat == self.seat:
            if again:
                words = tn("You bury {n} card face down again.", "You bury {n} cards face down again.", k)
            else:
                words = tn("You bury {n} card face down.", "You bury {n} cards face down.", k)
        else:
            who = seat_label(seat, rnd.players)
            if again:
                words = tn(
                    "{seat} takes the kitty and reburies {n} card face down.",
                    "{seat} takes the kitty and reburies {n} cards face down.",
                    k,
                    seat=who,
                )
            else:
                words = tn(
                    "{seat} picks up the kitty and buries {n} card face down.",
                    "{seat} picks up the kitty and buries {n} cards face down.",
                    k,
                    seat=who,
                )
        if rnd.phase != Phase.CHAO:
            return words
        if not again:
            return text.joined([words, text.chao_words(rnd, self.seat)])
        if seat == self.seat:
            return text.joined([words, t("The turns to overturn start again after you.")])
        return text.joined(
            [words, t("The turns to overturn start again after {seat}.", seat=seat_label(seat, rnd.players))]
        )

    def _chao_note(self, seat: int, *, passed: bool, forced: bool = False) -> str:
        """What one turn of chao dipi did: an overturn, or a pass (said only when it ends the turns, or is the learner's)."""
        rnd = self.round
        if not passed:
            return text.overturned(rnd, rnd.overturns[-1], self.seat)
        words = []
        if seat == self.seat:
            words.append(t("You hold no pair that overturns the trump: you pass.") if forced else t("You pass."))
        if rnd.phase != Phase.CHAO:
            words.append(text.chao_over_words(rnd))
        return text.joined(words)

    def _explain_tricks(self) -> list[str]:
        """A sentence for each trick finished since the last one explained (whoever finished it)."""
        rnd = self.round
        notes = [text.trick_words(rnd, trick, self.seat) for trick in rnd.tricks[self.explained :]]
        self.explained = len(rnd.tricks)
        return notes

    # -- nothing lost on a reload ----------------------------------------------------------------

    def saved(self) -> str:
        """This hand as JSON, to take it up again after a reload (``resume``).

        It holds the round's ``Position`` (how it started and every action so far,
        which the engine replays), the learner's decisions with their verdicts, and
        the game's rng (so the next hands dealt are the series' own).
        """
        decisions = [
            {
                "kind": d.kind.value,
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
                "seat": self.seat,
                "position": Position.of(self.round).to_json(),
                "explained": self.explained,
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
        state = _read_saved(text, self.bots_for)
        self.rules, self.bots, self.round = state.rules, state.bots, state.round
        self.decisions, self._undo = state.decisions, state.undo
        self.hints_open = 0
        self.explained = state.explained
        self.kept, self.keep_error = state.kept, state.keep_error
        self.rng.setstate(state.rng)
        self.seed, self.seat = state.seed, state.seat
        if self.round.done:
            back = t("Welcome back: this is the hand you were playing, how it ended.")
        else:
            back = t("Welcome back: this is the hand you were playing, where you left it.")
        self.said = Said((back, self.prompt()))


SAVE_FORMAT = 4
"""4: the verdicts without their sentences (said again, in the language read, when the hand is read); 3: the
learner's seat; 2: the round's position, the learner's decisions (kind, choice, hints, verdict, the history length undo goes back
to) and the game's rng. Format 1 also kept where the deal waited for the learner, which the round now knows itself:
it is read, and that part left out."""
READS = (1, 2, 3, SAVE_FORMAT)
KINDS = tuple(k.value for k in DecisionKind if k is not DecisionKind.DEAL)
"""The kinds of decision a saved hand may hold."""


@dataclass(frozen=True)
class _Resumed:
    """A saved hand, read and replayed: everything ``CoachedHand.resume`` puts in place."""

    seed: int | None
    seat: int
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
    """Read what ``CoachedHand.saved`` wrote, replaying its round: ``RecordError`` names what is wrong."""
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
        seat = data.get("seat", SOUTH)  # before format 3, the learner sat South
        if type(seat) is not int or not 0 <= seat < position.rules.players:
            raise RecordError(f"a saved hand's seat is a seat of its table, not {seat!r:.20}")
        views, rnd = _views_at(position, set(befores), seat)
        explained = _count(data["explained"], "explained", len(rnd.tricks))
        decisions = [_decision(row, *views[before]) for row, before in zip(rows, befores, strict=True)]
        kept = data["kept"]
        if not isinstance(kept, list) or not all(type(k) is int for k in kept):
            raise RecordError("a saved hand's kept mistakes are named by whole numbers")
        version, state, gauss = data["rng"]
        rng_state = (version, tuple(state), gauss)
        random.Random().setstate(rng_state)  # refused here, before anything changes
        return _Resumed(
            seed,
            seat,
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


def _decision(row: Any, view: PlayerView, at: Position) -> Decision:
    """One saved decision, made from ``view`` at ``at``, its verdict's reasons said again from that view."""
    kind = row["kind"]
    if kind not in KINDS:
        raise RecordError(f"a saved decision is one of {', '.join(KINDS)}, not {kind!r:.20}")
    verdict = row["assessment"]
    assessment = None if verdict is None else assessment_from_dict(verdict, _words_from(view))
    hints = _count(row["hints"], "hints", 99)
    return Decision(DecisionKind(kind), view, choice_from_json(row["choice"]), at, hints, assessment)


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


def _words_from(view: PlayerView) -> Callable[[DecisionKind, Option, Option], tuple[str, ...]]:
    """A saved verdict's reasons said again from the view its decision was made from, in the language read now."""
    return lambda kind, chosen, best: reasons_for(kind, view, chosen, best)


def _seat_at(seat: int, rules: RuleSet) -> int:
    """``seat`` if it is a seat of ``rules``' table; ``RuleSetError`` naming it otherwise."""
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise RuleSetError(
            t("the learner's seat is one of the table's {players} seats, not {seat}", players=rules.players, seat=seat)
        )
    return seat


def _views_at(position: Position, lengths: set[int], seat: int) -> tuple[dict[int, tuple[PlayerView, Position]], Round]:
    """The learner's view (at ``seat``) and the position at each history length in ``lengths``, and the round at the end: one replay."""
    start = Position(position.rules, position.rank, position.dealer, position.deals, ())
    rnd = start.round()
    out: dict[int, tuple[PlayerView, Position]] = {}
    for k in range(len(position.history) + 1):
        if k in lengths:
            out[k] = (rnd.view(seat), Position.of(rnd))
        if k < len(position.history):
            rnd.apply(position.history[k])
    return out, rnd


def _read_calls(calls: Sequence[tuple[Card | str, int]]) -> tuple[tuple[Card, int], ...]:
    """The learner's calls as ``(card, ordinal)`` pairs; the round judges the cards and ordinals."""
    try:
        return tuple((as_cards([card], N_("the called card"))[0], ordinal) for card, ordinal in calls)
    except CardParseError:
        raise
    except (TypeError, ValueError):
        raise CallError(
            t("a call is a list of (card, ordinal) pairs, like [('AH', 2)], not {calls}", calls=repr(calls))
        ) from None
