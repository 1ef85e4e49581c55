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

from ...engine.cards import Card
from ...engine.seats import seat_index, seat_name
from ...play.actions import ORDINALS
from ...play.round import friends_revealed, friends_wanted
from ..base import Answer, BankError, Puzzle, PuzzleView, Solution, Topic
from ..schema import FriendsSpec

__all__ = ["FriendsPuzzle", "call_words", "card_words"]


_JOKERS = {"SJ": "small joker", "BJ": "big joker"}


def card_words(card: Card) -> str:
    """A called card in a sentence: "A♥", "small joker"."""
    return _JOKERS.get(card.rank, card.symbol()) if card.is_joker else card.symbol()


def call_words(card: Card, ordinal: int) -> str:
    """A call in words: "the second A♥", "the first big joker"."""
    return f"the {ORDINALS[ordinal]} {card_words(card)}"


class FriendsPuzzle(Puzzle, spec_type=FriendsSpec):
    """The dealer's calls and the called cards played so far: yes or no, is this seat on the dealer's team now?"""

    idea_text = (
        "In Finding Friends (找朋友 zhǎo péngyou) a friend is whoever PLAYS the called copy, counted in the "
        "order the copies are played, and only from that moment on (RULES §11)."
    )

    spec: FriendsSpec
    answer_kind = "yesno"

    def __init__(self, spec: FriendsSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        rules, n = self.rules, self.rules.players
        if rules.partnership != "friends" or n < 5:
            raise BankError(
                f"puzzle {self.id}: Finding Friends is played by 5 or more players: set rules: {{players: 5}} (or "
                "{players: 6, partnership: friends})"
            )
        if len(spec.calls) != friends_wanted(n):
            raise BankError(
                f"puzzle {self.id}: with {n} players the dealer calls {friends_wanted(n)} card(s), not {len(spec.calls)}"
            )
        for call in spec.calls:
            if call.ordinal > rules.decks:
                raise BankError(
                    f"puzzle {self.id}: there is no {ORDINALS[call.ordinal]} copy of a card in {rules.decks} decks"
                )
        _ = (self.dealer, self.asked, self.calls, self.holds)  # a bad seat or call is refused now, by name
        for seat, cards in self.plays:
            if not any(c in self.called for c in cards):
                raise BankError(f"puzzle {self.id}: {seat_name(seat, n)}'s play holds no called card: leave it out")

    def _seat(self, name: str, what: str) -> int:
        try:
            return seat_index(name, self.rules.players)
        except ValueError as e:
            raise BankError(f"puzzle {self.id}: {what}: {e}") from None

    @cached_property
    def dealer(self) -> int:
        return self._seat(self.spec.dealer, "dealer")

    @cached_property
    def asked(self) -> int:
        return self._seat(self.spec.ask, "ask")

    @cached_property
    def called(self) -> list[Card]:
        found = []
        for call in self.spec.calls:
            cards = self._cards(call.card, "called card")
            if len(cards) != 1:
                raise BankError(f"puzzle {self.id}: a call names one card, not {call.card!r}")
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
                raise BankError(f"puzzle {self.id}: play {k} is written 'Seat 3: AH', not {text!r}")
            found.append((self._seat(seat, f"play {k}"), self._cards(cards, f"play {k}")))
        return found

    @cached_property
    def holds(self) -> list[tuple[int, list[Card]]]:
        return [
            (self._seat(seat, "holds"), self._cards(cards, f"{seat}'s cards"))
            for seat, cards in self.spec.holds.items()
        ]

    def _card_groups(self) -> list[list[Card]]:
        return [[c for _, cards in self.plays for c in cards], *(cards for _, cards in self.holds)]

    def _name(self, seat: int) -> str:
        return seat_name(seat, self.rules.players)

    def view(self) -> PuzzleView:
        n, decks = self.rules.players, self.rules.decks
        calls = " and ".join(call_words(card, ordinal) for card, ordinal in self.calls)
        context = f"{n} players, {decks} decks. {self._name(self.dealer)} deals and calls {calls}."
        if not self.plays:
            context += " No called card has been played yet."
        rows = [(f"{self._name(s)} played", tuple(cards)) for s, cards in self.plays]
        rows += [(f"{self._name(s)} holds", tuple(cards)) for s, cards in self.holds]
        return replace(super().view(), context=context, rows=tuple(rows))

    @cached_property
    def _verdict(self) -> tuple[bool, str]:
        dealer, asked = self.dealer, self.asked
        friends = friends_revealed(dealer, self.calls, self.plays)
        rule = "Finding Friends (找朋友 zhǎo péngyou, RULES §11)"
        who = self._name(asked)
        if asked == dealer:
            return True, f"Yes: {who} is the dealer, the head of the dealer's team ({rule})."
        steps = self._story()
        if asked in friends:
            return True, (
                f"Yes. {rule}: whoever plays a called copy joins the dealer's team from that moment. {steps} "
                f"So {who} is on the dealer's team now."
            )
        holds = next((cards for s, cards in self.holds if s == asked and any(c in self.called for c in cards)), None)
        held = (
            f" {who} holds a called card but has not played the called copy: holding it is not enough, only playing "
            "it makes a friend, and only from then on."
            if holds
            else ""
        )
        spent = ""
        if self._spent():
            spent = " A call that the dealer (or a friend already revealed) answers himself is spent: one friend fewer."
        return False, (
            f"No. {rule}: a friend is whoever plays the called copy, from that moment on; until then the teams are "
            f"hidden. {steps}{held}{spent} {who} is not on the dealer's team now."
        ).replace("  ", " ")

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
            return "No called card has been played yet."
        parts = []
        for card, ordinal in self.calls:
            count, told = 0, []
            for seat, cards in self.plays:
                for c in cards:
                    if c == card:
                        count += 1
                        mark = " — the called copy" if count == ordinal else ""
                        name = self._name(seat) + (" (the dealer)" if seat == self.dealer else "")
                        told.append(f"{name} played the {ORDINALS[count]} {card_words(card)}{mark}")
            call = call_words(card, ordinal)
            parts.append(
                f"The call is {call}: " + ("; ".join(told) if told else f"no {card_words(card)} played yet") + "."
            )
        return " ".join(parts)

    def solve(self) -> Solution:
        return "yes" if self._verdict[0] else "no"

    def judge(self, answer: Answer) -> tuple[bool, str]:
        return self._is_solution(answer), self._verdict[1]
