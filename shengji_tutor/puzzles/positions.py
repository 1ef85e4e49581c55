"""A position in a real round, written down for a puzzle, and played again by the engine.

A "best" puzzle (lesson 11) is a decision in a whole round. Its YAML says how
the round went, the way a player would tell it — the hands as dealt, the kitty,
who declared, what the dealer buried, every trick — and ``build_round`` plays
exactly that through the round's own actions (``Round(deck_order=…)``,
``declare``, ``finish_deal``, ``discard``, ``play``), so the engine checks every
step: a hand of the wrong size, a card held twice, an illegal follow, a throw
that would have failed, a trick led by the wrong seat all raise a ``BankError``
that names the step. ``position_fields`` writes a round back in the same
notation (the finder and the practice generator use it).

A trick is one line, its plays in order from the leader, separated by ``|``,
optionally after the leader's name (which is then checked)::

    "West: AS | KS | 3S | 4S"

>>> from shengji_tutor.puzzles.positions import read_trick
>>> read_trick("West: AS | KS | 3S 3S | BJ")
('West', ['AS', 'KS', '3S 3S', 'BJ'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from ..engine.cards import Card, either, format_cards, parse_cards
from ..engine.errors import ShengjiError
from ..engine.rules import Partnership, RuleSet, rules_or_default
from ..engine.seats import SEATS, SOUTH, seat_label
from ..engine.trump import Trump
from ..i18n import N_, t
from ..play.round import Phase, Round
from .base import BankError
from .schema import parse_trump

__all__ = ["build_round", "position_fields", "read_trick", "round_of", "trick_line"]

"""The seat whose decision a best puzzle is: the learner always sits South."""


def read_trick(line: str) -> tuple[str | None, list[str]]:
    """A trick's line as (the leader's name or ``None``, each play's card text)."""
    leader: str | None = None
    head, sep, rest = line.partition(":")
    if sep and head.strip().casefold() in {s.casefold() for s in SEATS}:
        leader, line = head.strip().capitalize(), rest
    plays = [p.strip() for p in line.split("|")]
    return leader, [p for p in plays if p] if plays != [""] else []


def trick_line(leader: int, plays: Sequence[Sequence[Card]], names: Sequence[str] = SEATS) -> str:
    """The line of a trick led by seat ``leader`` (plays in order from the leader)."""
    return f"{names[leader]}: " + " | ".join(format_cards(p, symbols=False) for p in plays)


@contextmanager
def _refused(what: str, **values: object) -> Iterator[None]:
    """The engine's refusal (a ``ShengjiError``) of a step, as the ``BankError`` said by ``what``, an ``N_`` message
    with ``{problem}``."""
    try:
        yield
    except ShengjiError as e:
        raise BankError(t(what, problem=e, **values)) from None


def _cards(text: str, what: str, **values: object) -> list[Card]:
    """The cards of ``text``; ``BankError`` said by ``what``, an ``N_`` message with ``{problem}``."""
    with _refused(what, **values):
        return parse_cards(text)


def build_round(
    rules: RuleSet,
    trump: Trump,
    dealer: str,
    hands: Mapping[str, str],
    kitty: str,
    bury: str,
    tricks: Sequence[str],
    trick: str,
    declared: str = "",
) -> Round:
    """The round these fields describe, played by the engine up to South's decision.

    Every step goes through the round's own actions; ``BankError`` names the
    first step the engine refuses (the partial round is dropped: nothing is kept).
    """
    n = rules.players
    dealt = _hands(rules, hands)
    stock = _cards(kitty, N_("kitty: {problem}"))
    if len(stock) != rules.kitty:
        raise BankError(t("the kitty as dealt holds {want} cards, not {count}", want=rules.kitty, count=len(stock)))
    first = SEATS.index(dealer)
    taken = dict.fromkeys(range(n), 0)
    order: list[Card] = []
    for p in range(rules.hand_size * n):
        seat = (first + p) % n
        order.append(dealt[seat][taken[seat]])
        taken[seat] += 1
    with _refused(N_("the hands and the kitty: {problem}")):
        rnd = Round(rules, dealer=first, rank=trump.rank, deck_order=[*order, *stock])
    rnd.deal_all()
    _declare(rnd, declared, trump, dealt, first)
    with _refused(N_("bury: {problem}")):
        rnd.discard(first, _cards(bury, N_("bury: {problem}")))
    for number, line in enumerate(tricks, 1):
        _play_trick(rnd, line, t("trick {number}", number=number), whole=True)
        if rnd.done and number < len(tricks):
            raise BankError(t("trick {number}: the round is over after it, yet more tricks follow", number=number))
    if rnd.done:
        raise BankError(t("the round is over after these tricks: there is no decision left"))
    _play_trick(rnd, trick, t("the trick so far"), whole=False)
    if rnd.to_act != SOUTH:
        raise BankError(
            t(
                "after these plays it is {seat}'s turn: a best puzzle is South's decision",
                seat=seat_label(rnd.to_act or 0),
            )
        )
    return rnd


def _hands(rules: RuleSet, hands: Mapping[str, str]) -> dict[int, list[Card]]:
    """The hands as dealt, by seat: four of them, each as large as the rules deal."""
    if rules.players != 4 or rules.partnership != Partnership.FIXED:
        raise BankError(t("a best puzzle is a four-player round with fixed partnerships"))
    missing = [s for s in SEATS if s not in hands]
    if missing or len(hands) != rules.players:
        raise BankError(
            t(
                "hands: give the four hands as dealt, North, West, South and East (missing: {missing})",
                missing=str(missing),
            )
        )
    dealt = {
        SEATS.index(s): _cards(text, N_("{seat}'s hand: {problem}"), seat=seat_label(SEATS.index(s)))
        for s, text in hands.items()
    }
    for seat, cards in dealt.items():
        if len(cards) != rules.hand_size:
            raise BankError(
                t(
                    "{seat} is dealt {count} cards here: with {decks} decks every hand is dealt {size}",
                    seat=seat_label(seat),
                    count=len(cards),
                    decks=rules.decks,
                    size=rules.hand_size,
                )
            )
    return dealt


def _declare(rnd: Round, declared: str, trump: Trump, dealt: Mapping[int, list[Card]], dealer: int) -> None:
    """Declare as written (else as the trump's first holder would) and end the deal: it must fix the puzzle's trump."""
    seat, shown = _declaration(declared, trump, dealt, dealer)
    with _refused(N_("declared: {seat} {cards}: {problem}"), seat=seat_label(seat), cards=format_cards(shown)):
        rnd.declare(seat, shown)
        rnd.finish_deal()
    if rnd.trump != trump:
        raise BankError(
            t(
                "declared: {cards} makes {made}, not the puzzle's {trump}",
                cards=format_cards(shown),
                made=rnd.trump.describe(),
                trump=trump.describe(),
            )
            if rnd.trump
            else t(
                "declared: {cards} makes no trump, not the puzzle's {trump}",
                cards=format_cards(shown),
                trump=trump.describe(),
            )
        )


def round_of(fields: Mapping[str, Any], rules: RuleSet | None = None) -> Round:
    """``build_round`` for the fields as ``position_fields`` writes them (the trump as text, "5H")."""
    rules = rules_or_default(rules)
    return build_round(
        rules,
        Trump(*parse_trump(fields["trump"]), rules.red_five),
        fields["dealer"],
        fields["hands"],
        fields["kitty"],
        fields["bury"],
        fields["tricks"],
        fields["trick"],
        fields.get("declared", ""),
    )


def _declaration(declared: str, trump: Trump, hands: Mapping[int, list[Card]], dealer: int) -> tuple[int, list[Card]]:
    """Who declares and with what: as written ("North 5H"), else the first holder of the trump from the dealer on."""
    if declared.strip():
        name, _, cards = declared.strip().partition(" ")
        if name.capitalize() not in SEATS:
            raise BankError(
                t(
                    "declared: write the seat, then the cards shown (like {example}), not {text}",
                    example="'North 5H'",
                    text=repr(declared),
                )
            )
        return SEATS.index(name.capitalize()), _cards(cards, N_("declared: {problem}"))
    options = [[Card(trump.rank, trump.suit)]] if trump.suit else [[Card("BJ")] * 2, [Card("SJ")] * 2]
    for wanted in options:
        for k in range(len(hands)):
            seat = (dealer + k) % len(hands)
            if hands[seat].count(wanted[0]) >= len(wanted):
                return seat, wanted
    shown = either([format_cards(w) for w in options])
    raise BankError(
        t(
            "nobody is dealt {cards} to declare {trump}: say who declared (declared: …)",
            cards=shown,
            trump=trump.describe(),
        )
    )


def _play_trick(rnd: Round, line: str, what: str, whole: bool) -> None:
    """Play one trick's line through the engine; ``whole``: it must be a finished trick. ``what`` names the trick
    in the reader's language ("trick 3", "the trick so far")."""
    leader, plays = read_trick(line)
    n = rnd.players
    if whole and len(plays) != n:
        raise BankError(
            t(
                "{trick}: a finished trick has {n} plays, this one {count} ({line})",
                trick=what,
                n=n,
                count=len(plays),
                line=repr(line),
            )
        )
    if not whole and len(plays) >= n:
        raise BankError(t("the trick so far has {count} plays: a finished trick belongs in tricks", count=len(plays)))
    if leader is not None and plays and SEATS.index(leader) != rnd.to_act:
        raise BankError(
            t(
                "{trick} is led by {seat} (who won the trick before), not by {leader}",
                trick=what,
                seat=seat_label(rnd.to_act or 0),
                leader=seat_label(SEATS.index(leader)),
            )
        )
    for text in plays:
        seat = rnd.to_act
        assert seat is not None
        cards = _cards(text, N_("{trick}, {seat}'s play: {problem}"), trick=what, seat=seat_label(seat))
        with _refused(
            N_("{trick}: {seat} plays {cards}: {problem}"), trick=what, seat=seat_label(seat), cards=format_cards(cards)
        ):
            played = rnd.play(seat, cards)
        if sorted(c.id for c in played) != sorted(c.id for c in cards):
            raise BankError(
                t(
                    "{trick}: {seat}'s throw {cards} fails (RULES §8): the engine plays {played} instead; write that "
                    "play",
                    trick=what,
                    seat=seat_label(seat),
                    cards=format_cards(cards),
                    played=format_cards(played),
                )
            )


def position_fields(rnd: Round, seat: int | None = None) -> dict[str, Any]:
    """The fields of a best puzzle at ``rnd``'s decision for ``seat`` (default: the seat to act), seats turned so
    that this seat is South. The notation has one declaration: the one standing when the deal ended (earlier ones
    it overrode, and what they showed, are left out)."""
    seat = rnd.to_act if seat is None else seat
    if rnd.phase != Phase.PLAY or seat is None or seat != rnd.to_act:
        raise ValueError("a position is taken at a decision of the play, for the seat to act")
    if rnd.declaration is None or rnd.dealer is None or rnd.trump is None:
        raise ValueError("the notation needs the declaration that fixed the trump (nobody declared here)")
    n = rnd.players
    names = [SEATS[(s - seat + SOUTH) % n] for s in range(n)]
    trump = rnd.trump
    dealt: dict[int, list[Card]] = {s: [] for s in range(n)}
    order = rnd.deck_order
    size = rnd.rules.hand_size * n
    for p, card in enumerate(order[:size]):
        dealt[(rnd.dealer + p) % n].append(card)
    decl = rnd.declaration  # the one standing: an earlier, overridden declaration is not written

    def text(cards: Sequence[Card]) -> str:
        return format_cards(trump.sorted(cards), symbols=False)

    trick = trick_line(rnd.leader, rnd.trick, names)
    return {
        "trump": f"{trump.rank}{trump.suit or 'NT'}",
        "dealer": names[rnd.dealer],
        "declared": f"{names[decl.seat]} {format_cards(decl.cards, symbols=False)}",
        "hands": {SEATS[k]: text(dealt[names.index(SEATS[k])]) for k in range(n)},
        "kitty": text(order[size:]),
        "bury": text(rnd.view(rnd.dealer).discards),
        "tricks": [trick_line(t.leader, t.plays, names) for t in rnd.tricks],
        "trick": trick if rnd.trick else "",
    }
