"""Throws (甩牌 shuǎipái): is it safe, and what must be played when it fails? (RULES §8)

Two ways to pose it. With the other hands **shown** (``others``) the engine's
``check_throw`` judges the throw against them, and the learner sees only what
decides: each player's cards of the thrown suit, the rest folded away (trumps
cannot stop a throw; they may ruff it later). With the hands **hidden**
(``unseen``), as at a real table, the learner knows only the cards played so far
(``played``), the rest of their own hand (``held``) and how many cards they have
not seen: the throw is safe only if no card they have not seen could beat any of
its units, wherever it is — so it is judged against one imagined hand holding
every unseen card of the suit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, and_all, deck, format_cards, listed
from ...engine.seats import SEATS, said_name
from ...engine.tricks import ThrowCheck, check_throw
from ...engine.units import lead_format, shape_noun
from ...i18n import N_, t, tn
from ..base import Answer, AnswerKind, Puzzle, PuzzleView, Solution, seat_order, spec_cards
from ..schema import ThrowSpec
from ..teaching import sentences


class ThrowPuzzle(Puzzle, spec_type=ThrowSpec):
    """A throw and the other hands (shown or hidden): ``ask: safe`` (yes or no) or ``ask: forced`` (the cards to
    play instead)."""

    idea_text = N_(
        "A throw (甩牌 shuǎi pái) stands only if nobody else can beat ANY one of its units in that suit: check "
        "each single, pair and tractor on its own (RULES §8)."
    )

    spec: ThrowSpec

    @property
    def answer_kind(self) -> AnswerKind:
        return AnswerKind.CARDS if self.spec.ask == "forced" else AnswerKind.YESNO

    @property
    def hidden(self) -> bool:
        """The other hands are hidden: the learner reasons from the cards seen."""
        return self.spec.unseen is not None

    lead = spec_cards("lead", N_("lead: {problem}"))

    @cached_property
    def others(self) -> list[list[Card]]:
        """The other players' hands, in play order after the leader (none when they are hidden)."""
        return [self._cards(h, N_("other hand: {problem}")) for h in self.spec.others]

    played = spec_cards("played", N_("played: {problem}"))
    """Hidden hands: the cards played in earlier tricks."""

    held = spec_cards("held", N_("held: {problem}"))
    """Hidden hands: the rest of the leader's hand (and the kitty, if the leader buried it)."""

    @property
    def other_names(self) -> list[str]:
        return seat_order(SEATS.index(self.spec.leader))[1:]

    def _card_groups(self) -> list[list[Card]]:
        if self.hidden:
            return [self.lead + self.played + self.held]
        return [self.lead, *self.others]

    # -- what decides: the thrown suit ------------------------------------------------------------

    @cached_property
    def _suit(self) -> str:
        return self.trump.suit_of(self.lead[0])

    @property
    def _suit_words(self) -> str:
        return t("trumps") if self._suit == "trump" else self.trump.suit_name(self._suit)

    def _of_suit(self, cards: list[Card]) -> list[Card]:
        return self.trump.sorted(c for c in cards if self.trump.suit_of(c) == self._suit)

    @cached_property
    def unseen_of_suit(self) -> list[Card]:
        """Hidden hands: every card of the thrown suit the leader has not seen (in some other hand, or the kitty)."""
        known = Counter(self.lead + self.played + self.held)
        return self._of_suit(list((Counter(deck(self.rules.decks)) - known).elements()))

    def view(self) -> PuzzleView:
        view = replace(super().view(), hand=tuple(self.lead), hand_label=t("Your throw"))
        if self.hidden:
            return replace(view, context=self._seen_context())
        shown = [(name, self._of_suit(hand)) for name, hand in zip(self.other_names, self.others, strict=False)]
        others = tuple((name, tuple(cards)) for name, cards in shown if cards)
        return replace(view, others=others, context=self._folded_context(shown))

    def _folded_context(self, shown: list[tuple[str, list[Card]]]) -> str:
        """What the picture leaves out: every other player's cards outside the thrown suit, counted."""
        words = self._suit_words
        folded = [(name, len(hand) - len(cards)) for (name, cards), hand in zip(shown, self.others, strict=False)]
        counts = [
            tn("{n} other card in {seat}'s hand", "{n} other cards in {seat}'s hand", n, seat=said_name(name))
            if not k
            # TRANSLATORS: more of the cards not shown, after "3 other cards in West's hand": "2 in East's"
            else t("{n} in {seat}'s", n=n, seat=said_name(name))
            for k, (name, n) in enumerate((name, n) for name, n in folded if n)
        ]
        void = [said_name(name) for name, cards in shown if not cards]
        parts = [
            t("At {trump}.", trump=self.trump.describe()),
            t("Only {suit} can stop a throw of {suit}, so only those are shown.", suit=words),
        ]
        if counts:
            parts.append(t("Not shown: {counts}.", counts=listed(counts, last=False)))
        if void:
            parts.append(
                tn("{seats} has no {suit}.", "{seats} have no {suit}.", len(void), seats=and_all(void), suit=words)
            )
        return sentences(parts)

    def _seen_context(self) -> str:
        words = self._suit_words
        played, held = self._of_suit(self.played), self._of_suit(self.held)
        unseen = self.spec.unseen or 0
        return sentences(
            [
                t("At {trump}.", trump=self.trump.describe()),
                t("The {suit} played so far: {cards}.", suit=words, cards=format_cards(played))
                if played
                else t("The {suit} played so far: none.", suit=words),
                t("The {suit} in the rest of your hand: {cards}.", suit=words, cards=format_cards(held))
                if held
                else t("The {suit} in the rest of your hand: none.", suit=words),
                tn(
                    "You have not seen {n} card (the other hands, and the kitty unless you buried it).",
                    "You have not seen {n} cards (the other hands, and the kitty unless you buried it).",
                    unseen,
                ),
            ]
        )

    # -- the verdict ------------------------------------------------------------------------------

    @cached_property
    def _throw(self) -> ThrowCheck:
        if self.hidden:
            return check_throw(self.lead, [self.unseen_of_suit], self.trump, self.rules, names=["someone"])
        return check_throw(self.lead, self.others, self.trump, self.rules, names=self.other_names)

    @cached_property
    def _reason(self) -> str:
        check = self._throw
        if not self.hidden:
            return check.reason
        words = self._suit_words
        units = lead_format(self.lead, self.trump, self.rules).units
        low = min(u.top for u in units)
        above = [c for c in self.unseen_of_suit if self.trump.key(c) > low]
        if check.ok and not above:
            return t(
                "None of the unseen {suit} is higher than your lowest unit, so nothing can beat any unit of your throw: "
                "it is safe (RULES §8). Trumps may still ruff it.",
                suit=words,
            )
        seen = t("The unseen {suit} above your lowest unit: {cards}.", suit=words, cards=format_cards(above))
        if check.ok:
            safe = t(
                "None of them, in any hand, beats a unit of your throw (a single needs a higher single, a pair a higher "
                "pair, a tractor a higher tractor), so it is safe (RULES §8). Trumps may still ruff it."
            )
            return sentences([seen, safe])
        forced = lead_format(list(check.forced), self.trump, self.rules).units[0]
        said = [
            seen,
            t(
                "Whoever holds {cards} beats your {shape} {unit}: the throw is not safe (RULES §8), and if it fails you "
                "must play that unit alone.",
                cards=format_cards(check.beaten_by),
                shape=shape_noun(forced.length, forced.width),
                unit=format_cards(forced.cards),
            ),
        ]
        more = [u.describe() for u in check.failing if Counter(u.cards) != Counter(check.forced)]
        if more:
            beaten = more[0]
            for unit in more[1:]:
                # TRANSLATORS: a list of the units of a throw that could be beaten: "a pair (8♥ 8♥) and your a single (3♥)"
                beaten = t("{list} and your {item}", list=beaten, item=unit)
            said.append(t("Unseen {suit} could beat your {units} too.", suit=words, units=beaten))
        return sentences(said)

    def solve(self) -> Solution:
        if self.spec.ask == "safe":
            return "yes" if self._throw.ok else "no"
        return [str(c) for c in self._throw.forced]

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._reason

    def checks(self) -> list[str]:
        problems = []
        if len(lead_format(self.lead, self.trump, self.rules).units) < 2:
            problems.append(t("the lead is a single unit, not a throw"))
        if self.hidden:
            unseen = self.spec.unseen or 0
            most = len(deck(self.rules.decks)) - len(self.lead) - len(self.played) - len(self.held)
            if not len(self.unseen_of_suit) <= unseen <= most:
                problems.append(
                    t(
                        "unseen is {unseen}, but the learner has not seen {count} {suit} and at most {most} cards in all",
                        unseen=unseen,
                        count=len(self.unseen_of_suit),
                        suit=self._suit_words,
                        most=most,
                    )
                )
        return problems
