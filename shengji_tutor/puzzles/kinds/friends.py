"""Finding Friends (找朋友 zhǎo péngyou, RULES §11): is this player on the dealer's team now?

With five or more players the dealer calls cards after the kitty exchange ("the
second A♥ played"); whoever plays the called copy joins the dealer's team from
that moment, and until then the teams are hidden. Holding the card is not enough,
and a dealer who plays it himself has spent the call. The puzzle is graded by
``play.round.friends_revealed``, the very function a ``Round`` counts its friends with.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, and_all
from ...engine.rules import Partnership
from ...engine.seats import seat_index, seat_label
from ...i18n import N_, t, tn
from ...play.round import friends_revealed, friends_wanted
from ..base import BankError, PuzzleView, Topic, YesNoPuzzle
from ..schema import FriendsSpec
from ..teaching import clause_gap, sentences

__all__ = ["FriendsPuzzle", "call_words", "card_words"]


_JOKERS = {"SJ": N_("small joker"), "BJ": N_("big joker")}
_COPIES = {1: N_("the first {card}"), 2: N_("the second {card}"), 3: N_("the third {card}")}
"""A copy of a card by the order it is played in (three decks at most): "the second A♥"."""
_JOKER_COPIES = {
    ("SJ", 1): N_("the first small joker"),
    ("SJ", 2): N_("the second small joker"),
    ("SJ", 3): N_("the third small joker"),
    ("BJ", 1): N_("the first big joker"),
    ("BJ", 2): N_("the second big joker"),
    ("BJ", 3): N_("the third big joker"),
}


def card_words(card: Card) -> str:
    """A called card in a sentence, in the reader's language: "A♥", "small joker"."""
    return t(_JOKERS[card.rank]) if card.is_joker and card.rank in _JOKERS else card.symbol()


def call_words(card: Card, ordinal: int) -> str:
    """A call in words, in the reader's language: "the second A♥", "the first big joker"."""
    if card.is_joker and (card.rank, ordinal) in _JOKER_COPIES:
        return t(_JOKER_COPIES[(card.rank, ordinal)])
    return t(_COPIES[ordinal], card=card_words(card))


_RULE_WORDS = {
    "players": "rules: {players: 5}",
    "six": "{players: 6, partnership: friends}",
}


class FriendsPuzzle(YesNoPuzzle, spec_type=FriendsSpec):
    """The dealer's calls and the called cards played so far: yes or no, is this seat on the dealer's team now?"""

    idea_text = N_(
        "In Finding Friends (找朋友 zhǎo péngyou) a friend is whoever PLAYS the called copy, counted in the "
        "order the copies are played, and only from that moment on (RULES §11)."
    )

    spec: FriendsSpec

    def __init__(self, spec: FriendsSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        rules, n = self.rules, self.rules.players
        if rules.partnership != Partnership.FRIENDS or n < 5:
            said = t(
                "Finding Friends is played by 5 or more players: set {setting} (or {other})",
                setting=_RULE_WORDS["players"],
                other=_RULE_WORDS["six"],
            )
            raise BankError(f"puzzle {self.id}: {said}")
        if len(spec.calls) != friends_wanted(n):
            said = t(
                "with {players} players the dealer calls {count} card(s), not {given}",
                players=n,
                count=friends_wanted(n),
                given=len(spec.calls),
            )
            raise BankError(f"puzzle {self.id}: {said}")
        for call in spec.calls:
            if call.ordinal > rules.decks:
                said = (
                    tn(
                        "there is no second copy of a card in {n} deck",
                        "there is no second copy of a card in {n} decks",
                        rules.decks,
                    )
                    if call.ordinal == 2
                    else tn(
                        "there is no third copy of a card in {n} deck",
                        "there is no third copy of a card in {n} decks",
                        rules.decks,
                    )
                )
                raise BankError(f"puzzle {self.id}: {said}")
        _ = (self.dealer, self.asked, self.calls, self.holds)  # a bad seat or call is refused now, by name
        for seat, cards in self.plays:
            if not any(c in self.called for c in cards):
                said = t("{seat}'s play holds no called card: leave it out", seat=self._name(seat))
                raise BankError(f"puzzle {self.id}: {said}")

    def _seat(self, name: str, what: str, **values: object) -> int:
        """The seat ``name`` stands for; ``BankError`` said by ``what`` (an ``N_`` message with ``{problem}``)."""
        try:
            return seat_index(name, self.rules.players)
        except ValueError as e:
            said = t(what, problem=e, **values)
            raise BankError(f"puzzle {self.id}: {said}") from None

    @cached_property
    def dealer(self) -> int:
        return self._seat(self.spec.dealer, N_("dealer: {problem}"))

    @cached_property
    def asked(self) -> int:
        return self._seat(self.spec.ask, N_("ask: {problem}"))

    @cached_property
    def called(self) -> list[Card]:
        found = []
        for call in self.spec.calls:
            cards = self._cards(call.card, N_("called card: {problem}"))
            if len(cards) != 1:
                said = t("a call names one card, not {text}", text=repr(call.card))
                raise BankError(f"puzzle {self.id}: {said}")
            found.append(cards[0])
        return found

    @cached_property
    def calls(self) -> list[tuple[Card, int]]:
        return [(card, call.ordinal) for card, call in zip(self.called, self.spec.calls, strict=True)]

    @cached_property
    def plays(self) -> list[tuple[int, list[Card]]]:
        found = []
        for k, text in enumerate(self.spec.plays, 1):
            seat, sep, cards = text.partition(":")
            if not sep:
                said = t(
                    "play {number} is written {example}, not {text}", number=k, example="'Seat 3: AH'", text=repr(text)
                )
                raise BankError(f"puzzle {self.id}: {said}")
            what = N_("play {number}: {problem}")
            found.append((self._seat(seat, what, number=k), self._cards(cards, what, number=k)))
        return found

    @cached_property
    def holds(self) -> list[tuple[int, list[Card]]]:
        return [
            (self._seat(seat, N_("holds: {problem}")), self._cards(cards, N_("{seat}'s cards: {problem}"), seat=seat))
            for seat, cards in self.spec.holds.items()
        ]

    def _card_groups(self) -> list[list[Card]]:
        return [[c for _, cards in self.plays for c in cards], *(cards for _, cards in self.holds)]

    def _name(self, seat: int) -> str:
        return seat_label(seat, self.rules.players)

    def view(self) -> PuzzleView:
        n, decks = self.rules.players, self.rules.decks
        calls = and_all([call_words(card, ordinal) for card, ordinal in self.calls])
        context = t(
            "{players} players, {decks} decks. {dealer} deals and calls {calls}.",
            players=n,
            decks=decks,
            dealer=self._name(self.dealer),
            calls=calls,
        )
        if not self.plays:
            context = sentences([context, t("No called card has been played yet.")])
        rows = [(t("{seat} played", seat=self._name(s)), tuple(cards)) for s, cards in self.plays]
        rows += [(t("{seat} holds", seat=self._name(s)), tuple(cards)) for s, cards in self.holds]
        return replace(super().view(), context=context, rows=tuple(rows))

    @cached_property
    def _settled(self) -> tuple[bool, str]:
        dealer, asked = self.dealer, self.asked
        friends = friends_revealed(dealer, self.calls, self.plays)
        who = self._name(asked)
        if asked == dealer:
            return True, t(
                "Yes: {seat} is the dealer, the head of the dealer's team (Finding Friends (找朋友 zhǎo péngyou, "
                "RULES §11)).",
                seat=who,
            )
        steps = self._story()
        if asked in friends:
            return True, sentences(
                [
                    t(
                        "Yes. Finding Friends (找朋友 zhǎo péngyou, RULES §11): whoever plays a called copy joins the "
                        "dealer's team from that moment."
                    ),
                    steps,
                    t("So {seat} is on the dealer's team now.", seat=who),
                ]
            )
        holds = next((cards for s, cards in self.holds if s == asked and any(c in self.called for c in cards)), None)
        said = [
            t(
                "No. Finding Friends (找朋友 zhǎo péngyou, RULES §11): a friend is whoever plays the called copy, from "
                "that moment on; until then the teams are hidden."
            ),
            steps,
        ]
        if holds:
            said.append(
                t(
                    "{seat} holds a called card but has not played the called copy: holding it is not enough, only "
                    "playing it makes a friend, and only from then on.",
                    seat=who,
                )
            )
        if self._spent():
            said.append(
                t("A call that the dealer (or a friend already revealed) answers himself is spent: one friend fewer.")
            )
        said.append(t("{seat} is not on the dealer's team now.", seat=who))
        return False, sentences(said).replace("  ", " ")

    def _spent(self) -> bool:
        """Whether fewer friends joined than calls were answered: the dealer (or a friend already revealed) played
        a called copy, and that call is spent."""
        answered = sum(
            1 for card, ordinal in self.calls if sum(c == card for _, cards in self.plays for c in cards) >= ordinal
        )
        return len(friends_revealed(self.dealer, self.calls, self.plays)) < answered

    def _story(self) -> str:
        """The called copies as they were played, counted: "Seat 3 played the first A♥; Seat 5 the second." """
        if not self.plays:
            return t("No called card has been played yet.")
        parts = []
        for card, ordinal in self.calls:
            count, told = 0, []
            for seat, cards in self.plays:
                for c in cards:
                    if c == card:
                        count += 1
                        name = self._name(seat)
                        if seat == self.dealer:
                            name = t("{seat} (the dealer)", seat=name)
                        copy = call_words(card, count)
                        told.append(
                            t("{seat} played {copy} — the called copy", seat=name, copy=copy)
                            if count == ordinal
                            else t("{seat} played {copy}", seat=name, copy=copy)
                        )
            call = call_words(card, ordinal)
            parts.append(
                t("The call is {call}: {plays}.", call=call, plays=clause_gap().join(told))
                if told
                else t("The call is {call}: no {card} played yet.", call=call, card=card_words(card))
            )
        return sentences(parts)
