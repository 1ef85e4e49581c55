"""Lesson 10: a whole hand against bots, with a coach, under the house rules the learner picks — the view.

``CoachedGame`` draws a ``play.coached_hand.CoachedHand`` (the model: the round,
the bots, the learner's decisions, grading, undo, saving) with widgets: the
table, the learner's hand, the buttons each question needs (declare or pass,
show or keep a hopeless hand, bury, call, play), the coach's sentences, the
verdict on the last graded decision, the hint ladder, the end-of-hand summary and
the house-rules chooser, which applies from a new hand. Every button calls the
model; after each change the view is drawn again from it and the hand is handed
to ``on_save``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from ..engine.cards import Card, CardsLike, deck, format_cards, joker_words
from ..engine.rules import Partnership, RuleSet, rules_or_default
from ..engine.seats import seat_label, seat_names
from ..engine.trump import Trump
from ..i18n import t, tc, th, tn
from ..play import coach_text as text
from ..play.bots import Bot
from ..play.coached_hand import KEPT_GRADES, PLAYERS, CoachedHand, Decision, MistakeKeeper, Snapshot
from ..play.round import DecisionKind, Phase, Round, friends_wanted
from ..play.search import Budget
from .coach_panel import YOUR_KIND, HintLadder, accuracy_html, verdict_html
from .house_rules import HouseRules
from .render import hand_svg, not_saved_html
from .widgets import Confirm, Disclosure, HandPicker, TrickTable

__all__ = ["KEPT_GRADES", "PLAYERS", "CoachedGame", "Decision", "MistakeKeeper"]


class CoachedGame(w.VBox):  # type: ignore[misc]
    """The view of a coached hand (``hand``, a ``CoachedHand``) from its learner's seat: the table drawn from that
    seat, with its hand at the bottom, the other seats' bots playing (``HeuristicBot`` by default); the model keeps
    the game, the grading and the hints, this draws its snapshots and hands it the learner's actions.

    A change in the house-rules chooser deals a new hand with the rules picked (asking first
    while a hand the learner has played in is under way) and calls ``on_rules(rules)``
    (to keep the learner's choice). Nothing is lost on a reload: after every change
    of the hand ``on_save(saved())`` is called (its answer, "" or the store's reason it
    could not keep the hand, is shown), and ``resume(text)`` takes the hand up again.
    """

    def __init__(
        self,
        hand: CoachedHand,
        *,
        on_rules: Callable[[RuleSet], None] | None = None,
        on_save: Callable[[str], str] | None = None,
    ) -> None:
        self.model = hand
        self.on_save = on_save
        self.on_rules = on_rules
        self.table = TrickTable(names=self._seat_names(), bottom=self.model.seat)
        self.hand = HandPicker(label=self._hand_label())
        self.status, self.coach, self.verdict, self.summary = (
            _area(name) for name in ("sjt-game-status", "sjt-coach", "sjt-coach-verdict", "sjt-coach-summary")
        )
        self.save_note = w.HTML()
        """Why the hand could not be saved, while it could not ("" once a save succeeds)."""
        self.hints = HintLadder(on_hint=self._hint_opened)
        self._hints_for: int | None = None
        """The history length the hint ladder was armed at (it is re-armed at each new decision)."""
        self._build_deal_controls()
        self._build_rules_box()
        super().__init__(
            [
                self.status,
                self.save_note,
                self.table,
                self.hand,
                self.declare_box,
                self.show_box,
                self.call_box,
                self._build_buttons(),
                self.hints,
                self.coach,
                self.verdict,
                self.summary,
                self.rules_box,
            ]
        )
        self.add_class("sjt-coached-game")
        self._drawn_hand()

    def _build_deal_controls(self) -> None:
        """What the deal and the kitty ask for: the declarations and Pass, showing a hopeless hand, a friend call."""
        self.declare_box = w.HBox(layout=w.Layout(align_items="flex-end", flex_flow="row wrap"))
        self.declare_box.add_class("sjt-declare-options")
        # TRANSLATORS: the button that declines to declare trump (in Chinese 不亮), not Zheng Fen's pass
        self.pass_button = w.Button(description=tc("declaring", "Pass"), tooltip=t("Do not declare now"))
        self.show_button = w.Button(
            description=t("Show my hand"),
            button_style="warning",
            tooltip=t("Show your hopeless hand to the table: the same dealer deals again (RULES §11)"),
        )
        self.keep_button = w.Button(description=t("Keep my hand"), tooltip=t("Play this hand as it is"))
        self.show_box = w.HBox([self.show_button, self.keep_button])
        self.show_box.add_class("sjt-show-hand")
        # TRANSLATORS: the button of Finding Friends with which the dealer calls the card that names a friend.
        self.call_button = w.Button(description=t("Call"), button_style="success", tooltip=t("Call your friend"))
        self.call_box = w.VBox()
        self._call_rows()
        self.pass_button.on_click(
            lambda _b: self.pass_overturn() if self.awaiting is DecisionKind.OVERTURN else self.pass_declaration()
        )
        self.show_button.on_click(lambda _b: self.show_hand())
        self.keep_button.on_click(lambda _b: self.keep_hand())
        self.call_button.on_click(lambda _b: self.call_selected())

    def _build_rules_box(self) -> None:
        """The house-rules chooser, folded, with the question asked before new rules end a hand under way."""
        self.house_rules = HouseRules(self.rules, players=PLAYERS)
        self.house_rules.on_change(self._rules_chosen)
        _show(self.house_rules.heading, False)  # the accordion's title names it
        self.pending_rules: RuleSet | None = None
        """House rules the learner picked while a hand is under way: the game asks before dealing anew with them."""
        self.confirm = Confirm(self._switch_confirmed, self._switch_refused, no=t("Keep playing this hand"))
        self.rules_box = Disclosure(w.VBox([self.house_rules, self.confirm]), t("House rules (RULES §11)"))
        self.rules_box.add_class("sjt-house-rules-box")

    def _build_buttons(self) -> w.HBox:
        """Play, Bury, Undo and New hand."""
        self.play_button = w.Button(description=t("Play"), button_style="success", tooltip=t("Play the selected cards"))
        self.bury_button = w.Button(description=t("Bury"), button_style="success", tooltip=t("Bury the selected cards"))
        self.undo_button = w.Button(description=t("Undo"), tooltip=t("Take back your last decision"))
        self.new_button = w.Button(description=t("New hand"), tooltip=t("Deal a new hand"))
        self.play_button.on_click(lambda _b: self.play_selected())
        self.bury_button.on_click(lambda _b: self.bury_selected())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_hand())
        return w.HBox(
            [self.play_button, self.bury_button, self.undo_button, self.new_button],
            layout=w.Layout(flex_flow="row wrap"),
        )

    # -- the model, as the lesson and its tests read it --------------------------------------------

    @property
    def round(self) -> Round:
        return self.model.round

    @property
    def decisions(self) -> list[Decision]:
        return self.model.decisions

    @property
    def awaiting(self) -> DecisionKind | None:
        """What the learner is asked for now (``CoachedHand.awaiting``)."""
        return self.model.awaiting

    @property
    def rules(self) -> RuleSet:
        return self.model.rules

    @property
    def bots(self) -> list[Bot]:
        return self.model.bots

    @bots.setter
    def bots(self, bots: list[Bot]) -> None:
        self.model.bots = bots

    @property
    def grading(self) -> Budget | None:
        return self.model.grading

    @grading.setter
    def grading(self, budget: Budget | None) -> None:
        self.model.grading = budget

    @property
    def kept(self) -> list[int]:
        return self.model.kept

    @property
    def keep_error(self) -> str:
        return self.model.keep_error

    # -- the learner's decisions ----------------------------------------------------------------

    def new_hand(self) -> None:
        """Shuffle and deal a new hand with a trump rank of its own; the deal stops when you can declare."""
        if self.pending_rules is not None:  # a new hand answers the question: the rules in play stay
            self._switch_refused()
        self.model.new_hand()
        self._drawn_hand()

    def set_rules(self, rules: RuleSet) -> None:
        """Play these house rules (4 to 6 players, RULES §11's variants) from a new hand on, dealt now."""
        rules = rules_or_default(rules)
        if rules == self.rules:
            return
        self.model.set_rules(rules)  # refused (RuleSetError) before anything changes
        self.house_rules.rules = rules
        self._call_rows()
        self._drawn_hand()

    def declare(self, cards: CardsLike) -> None:
        """Declare trump with these cards (RULES §10) when the deal waits for you."""
        self._changed(self.model.declare(cards))

    def pass_declaration(self) -> None:
        """Do not declare now: the deal goes on."""
        self._changed(self.model.pass_declaration())

    def overturn(self, cards: CardsLike) -> None:
        """Chao dipi (炒地皮, RULES §11): overturn the trump with this stronger pair, then bury the kitty again."""
        self._changed(self.model.overturn(cards))

    def pass_overturn(self) -> None:
        """Chao dipi: do not overturn the trump this turn."""
        self._changed(self.model.pass_overturn())

    def show_hand(self) -> None:
        """Show your hopeless hand for a redeal (RULES §11)."""
        self._changed(self.model.show_hand())

    def keep_hand(self) -> None:
        """Keep a hand you could show for a redeal, and play it."""
        self._changed(self.model.keep_hand())

    def bury_selected(self) -> None:
        """Bury the cards picked in the hand (the dealer, after taking the kitty)."""
        self.bury(self.hand.selection)

    def bury(self, cards: CardsLike) -> None:
        """Bury these cards as the kitty (埋底 máidǐ): exactly as many as it held; a wrong burial changes nothing."""
        self._changed(self.model.bury(cards))

    def call_selected(self) -> None:
        """Call the cards and ordinals picked in the dropdowns."""
        if any(d.value is None for d in self.call_cards):
            self._say([t("Pick the card to call first.")], tone="bad")
            return
        self.call([(d.value, o.value) for d, o in zip(self.call_cards, self.call_ordinals, strict=True)])

    def call(self, calls: Sequence[tuple[Card | str, int]]) -> None:
        """Finding Friends: call ``(card, ordinal)`` pairs, "the second A♥ played" being ``("AH", 2)`` (RULES §11)."""
        self._changed(self.model.call(calls))

    def play_selected(self) -> None:
        """Play the cards picked in the hand; an illegal play is refused with the engine's reason."""
        self.play(self.hand.selection)

    def play(self, cards: CardsLike) -> None:
        """Play these cards to the trick (a lead that is a throw may fail: RULES §8)."""
        self._changed(self.model.play(cards))

    def undo(self) -> None:
        """Take back your last decision (and everything that happened after it)."""
        undone = self.model.undo()
        if undone:
            self.verdict.value = self.summary.value = ""
            self._hints_for = None
        self._changed(undone, decided=False)

    def saved(self) -> str:
        """This hand as JSON, to take it up again after a reload (``CoachedHand.saved``)."""
        return self.model.saved()

    def resume(self, text: str) -> None:
        """Take up the hand ``saved()`` wrote, where it was; ``RecordError`` names what it cannot read, and the hand
        in play stays as it was."""
        self.model.resume(text)
        self._drop_rules_question()
        self.house_rules.rules = self.rules
        self._call_rows()
        self.table.show([], 0, names=self._seat_names(), bottom=self.model.seat)
        self.hand.label = self._hand_label()
        self._hints_for = None
        graded = self.model.last_graded()
        self.verdict.value = "" if graded is None else self._verdict(graded)
        self._show_summary()
        self._show_said()
        self._refresh()

    def save_hand(self) -> None:
        """Hand the hand to ``on_save``; why it could not be kept (if so) is shown under the status line."""
        if self.on_save is not None:
            self.save_note.value = not_saved_html(self.on_save(self.saved()), "hand", "deal a new one")

    # -- drawing the model ------------------------------------------------------------------------

    def _drawn_hand(self) -> None:
        """A hand dealt anew (or new rules): everything drawn from the start."""
        self.table.show([], 0, names=self._seat_names(), bottom=self.model.seat)
        self.hand.label = self._hand_label()
        self.verdict.value = self.summary.value = ""
        self._hints_for = None
        self._show_said()
        self._refresh()
        self.save_hand()

    def _changed(self, changed: bool, *, decided: bool = True) -> None:
        """After a call of the model: its words shown; when the hand changed, the verdict on the decision just made
        (when ``decided`` and graded), the summary, and a save."""
        self._show_said()
        if not changed:
            return
        last = self.decisions[-1] if decided and self.decisions else None
        if last is not None and last.assessment is not None:
            self.verdict.value = self._verdict(last)
        self._show_summary()
        self._refresh()
        self.save_hand()

    def _verdict(self, decision: Decision) -> str:
        assert decision.assessment is not None
        trump = decision.view.trump or self.model.deal_trump()
        kind = decision.kind
        title = t(YOUR_KIND[kind]) if kind in YOUR_KIND else f"Your {kind}:"
        return verdict_html(decision.assessment, trump, title=title)

    def _show_summary(self) -> None:
        """The hand's accuracy summary, and what was kept of it, once the hand is over."""
        review = self.model.accuracy()
        if review is None:
            self.summary.value = ""
            return
        html = accuracy_html(review, self.round.trump, hints_used=sum(d.hints for d in self.decisions))
        if self.kept:
            # TRANSLATORS: “Learn from your mistakes” is the name of the course's page that gives them back.
            kept = tn(
                "This mistake is kept for you to solve again: find them under “Learn from your mistakes”.",
                "These {n} mistakes are kept for you to solve again: find them under “Learn from your mistakes”.",
                len(self.kept),
            )
            html += f'<div class="sjt-kept">{kept}</div>'
        if self.keep_error:
            html += f'<div class="sjt-error">{escape(self.keep_error)}</div>'
        self.summary.value = html

    def _show_said(self) -> None:
        said = self.model.said
        self._say(said.notes, tone="bad" if said.bad else "")

    def _hint_opened(self, opened: int) -> None:
        """The learner opened a hint: the model counts it for the decision at hand."""
        self.model.hints_open = opened

    def _arm_hints(self) -> None:
        """A new play to make: the hint ladder will search this position if a hint is asked for."""
        hints = self.model.hints()
        if hints is None:
            self.hints.set_hints(None)
            self._hints_for = None
            return
        key, ladder = hints
        if self._hints_for == key:
            return
        self._hints_for = key
        self.hints.set_hints(ladder)

    def _rules_chosen(self, rules: RuleSet) -> None:
        """The learner picked new house rules in the chooser: a new hand with them, and they are kept. While a hand
        the learner has played in is under way, the game asks first: new rules end it."""
        self.model.bots_for(rules)  # rules the table cannot seat are refused before anything is asked
        if self.decisions and not self.round.done:
            self.pending_rules = rules
            # TRANSLATORS: asked before new house rules end the hand being played (keep the <strong> markup).
            question = tn(
                "<strong>New house rules start a new hand.</strong> The hand you are playing ends here, with the "
                "decision you made in it. Deal a new hand with these rules?",
                "<strong>New house rules start a new hand.</strong> The hand you are playing ends here, with the "
                "{n} decisions you made in it. Deal a new hand with these rules?",
                len(self.decisions),
            )
            self.confirm.ask(f"<p>{question}</p>", yes=t("Deal a new hand with them"))
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

    def _seat_names(self) -> tuple[str, ...]:
        """The table's names: North, West, South, East; with more players "Seat 1"…, the learner's marked."""
        players = self.rules.players
        names = seat_names(players)
        if players == 4:
            return names
        # TRANSLATORS: the learner's seat at a table of five or more ("Seat 3 (you)").
        you = t("{seat} (you)", seat=seat_label(self.model.seat, players))
        return tuple(you if s == self.model.seat else n for s, n in enumerate(names))

    def _hand_label(self) -> str:
        return t("Your hand ({seat})", seat=seat_label(self.model.seat, self.rules.players))

    def _call_rows(self) -> None:
        """One card and one ordinal dropdown per friend the dealer calls (none with fixed partners)."""
        friends = friends_wanted(self.rules.players) if self.rules.partnership == Partnership.FRIENDS else 0
        ordinals = [(t(text.ORDINALS[k + 1]), k + 1) for k in range(self.rules.decks)]
        # TRANSLATORS: the two dropdowns of a friend call read together: "Card A♥ [second] played".
        card, played = t("Card"), t("played")
        self.call_cards = [w.Dropdown(description=card, layout=w.Layout(width="11em")) for _ in range(friends)]
        self.call_ordinals = [w.Dropdown(options=ordinals, description=played) for _ in range(friends)]
        rows = [w.HBox([c, o]) for c, o in zip(self.call_cards, self.call_ordinals, strict=True)]
        self.call_box.children = [*rows, self.call_button]

    def _refresh(self) -> None:
        """Draw the model's snapshot of the learner's seat (``CoachedHand.snapshot``): nothing else is read."""
        view = self.model.snapshot()
        asked = view.asked
        self._draw_table(view)
        self.hand.set_hand(view.hand, view.trump)
        self.hand.max_selected = view.pick
        self.hand.disabled = asked is not DecisionKind.BURY and asked is not DecisionKind.PLAY
        self.play_button.disabled = asked is not DecisionKind.PLAY
        playing = view.phase is Phase.PLAY or view.phase is Phase.DONE
        _show(self.play_button, playing)
        _show(self.bury_button, asked is DecisionKind.BURY)
        _show(self.call_box, asked is DecisionKind.CALL)
        declaring = asked is DecisionKind.DECLARE or asked is DecisionKind.OVERTURN
        _show(self.declare_box, declaring)
        _show(self.show_box, asked is DecisionKind.SHOW)
        self.undo_button.disabled = not view.undo
        self._arm_hints()
        _show(self.hints, self.grading is not None and view.phase is Phase.PLAY)
        if declaring:
            overturn = asked is DecisionKind.OVERTURN
            options = [self._declare_option(cards, view, overturn) for cards in view.declarations]
            self.pass_button.tooltip = t("Do not overturn the trump now") if overturn else t("Do not declare now")
            self.declare_box.children = [*options, self.pass_button]
        if asked is DecisionKind.CALL:
            plain_first = sorted(deck(1), key=lambda c: (view.trump.is_trump(c), view.trump.sort_key(c)))
            for dropdown in self.call_cards:
                dropdown.options = [(c.symbol(), str(c)) for c in plain_first]
        meter = [
            th("trump rank {rank}", rank=f"<strong>{escape(view.rank)}</strong>"),
            escape(view.sides),
            th("attackers' points so far: {points}", points=f"<strong>{view.attackers_points}</strong>"),
            escape(view.prompt),
        ]
        if playing:
            most = self.rules.hand_size  # as many tricks as cards in a hand, at most
            trick = escape(t("Trick {n}", n=min(view.tricks_done + 1, most)))
            meter.insert(0, f"<strong>{trick}</strong>")
        self.status.value = f'<div class="sjt-meter">{" · ".join(meter)}</div>'

    def _draw_table(self, view: Snapshot) -> None:
        """The table: the deal so far, the trick being played, or the last trick until the next one starts."""
        trump = view.trump
        if view.phase is Phase.DEAL:
            decl = view.declared
            if decl:
                who = text.name(decl.seat, view.seat, view.players).capitalize()
                caption = tn(
                    "Dealing: {n} card dealt · {who} declared {cards}",
                    "Dealing: {n} cards dealt · {who} declared {cards}",
                    view.dealt,
                    who=who,
                    cards=format_cards(decl.cards),
                )
            else:
                caption = tn("Dealing: {n} card dealt", "Dealing: {n} cards dealt", view.dealt)
            self.table.show([], 0, trump=trump, caption=caption)
        elif view.trick:
            self.table.show(view.trick, view.leader, trump=trump, caption="")
        elif view.last is not None:
            last = view.last
            self.table.show(list(last.plays), last.leader, last.winner, trump=trump, caption=t("The last trick"))
        else:
            self.table.show([], view.leader, trump=trump, caption="")

    def _declare_option(self, cards: tuple[Card, ...], view: Snapshot, overturn: bool) -> w.VBox:
        """One declaration (or chao dipi overturn) the learner can make: its cards drawn as the hand draws them, a
        button."""
        if overturn:
            button = w.Button(
                description=joker_words(t("Overturn with {cards}", cards=format_cards(cards))),
                tooltip=t("Show this pair to make its suit trump, then bury the kitty again"),
            )
            button.on_click(lambda _b: self.overturn(cards))
        else:
            button = w.Button(
                description=joker_words(t("Declare {cards}", cards=format_cards(cards))),
                tooltip=t("Show these cards to declare trump"),
            )
            button.on_click(lambda _b: self.declare(cards))
        picture = w.HTML(hand_svg(cards, Trump(view.rank, cards[0].suit, self.rules.red_five), width=40))
        return w.VBox([picture, button])

    def _say(self, notes: Sequence[str], tone: str = "") -> None:
        verdict = ' data-verdict="incorrect"' if tone == "bad" else ""
        paragraphs = "".join(f"<p>{escape(joker_words(n))}</p>" for n in notes)
        self.coach.value = f'<div class="sjt-feedback"{verdict} role="status" aria-live="polite">{paragraphs}</div>'


def _area(css_class: str) -> w.HTML:
    """An empty HTML area of the game, styled by ``css_class``."""
    area = w.HTML()
    area.add_class(css_class)
    return area


def _show(widget: w.Widget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"
