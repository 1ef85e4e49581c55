"""A finished round as data: ``RoundRecord``, saved as JSON, replayed step by step.

The record keeps everything needed to play the round again action by action
(the deal order, each declaration with the moment it was made, the kitty
discard, the friend calls, every play), plus the results, so that a saved game
can be replayed in a lesson or turned into a puzzle.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.declaring import Declaration
from ..engine.errors import ShengjiError
from ..engine.rules import RuleSet
from ..engine.scoring import LevelChange
from ..engine.seats import seat_name
from ..engine.trump import Trump
from .round import Round, Trick

__all__ = ["RecordError", "RoundRecord", "record_of"]

FORMAT_VERSION = 1


class RecordError(ShengjiError):
    """A saved round that cannot be read."""


@dataclass(frozen=True)
class RoundRecord:
    """One whole round: the deal, trump, kitty, 25 tricks (with two decks) and the score."""

    rules: RuleSet
    rank: str
    trump: Trump
    dealer: int
    first_round: bool
    deal: tuple[Card, ...]
    declarations: tuple[Declaration, ...]
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards at the start of play (after the kitty exchange)."""
    kitty: tuple[Card, ...]
    """The dealer's discards (the kitty that is scored)."""
    picked_up: tuple[Card, ...]
    """The kitty as dealt, before the exchange."""
    calls: tuple[tuple[Card, int], ...]
    declarers: tuple[int, ...]
    tricks: tuple[Trick, ...]
    attacker_points: int
    penalty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    level_change: LevelChange
    next_dealer: int
    redeals: int = 0

    @property
    def attackers(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.rules.players) if s not in self.declarers)

    # -- JSON -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as JSON text (cards as tokens such as ``"10H"``)."""
        data: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "rules": asdict(self.rules),
            "rank": self.rank,
            "trump": {"rank": self.trump.rank, "suit": self.trump.suit},
            "dealer": self.dealer,
            "first_round": self.first_round,
            "deal": _tokens(self.deal),
            "declarations": [{"seat": d.seat, "cards": _tokens(d.cards), "dealt": d.dealt} for d in self.declarations],
            "hands": [_tokens(h) for h in self.hands],
            "kitty": _tokens(self.kitty),
            "picked_up": _tokens(self.picked_up),
            "calls": [[str(c), o] for c, o in self.calls],
            "declarers": list(self.declarers),
            "tricks": [
                {
                    "leader": t.leader,
                    "plays": [_tokens(p) for p in t.plays],
                    "winner": t.winner,
                    "points": t.points,
                    "attempted": None if t.attempted is None else _tokens(t.attempted),
                }
                for t in self.tricks
            ],
            "attacker_points": self.attacker_points,
            "penalty_points": self.penalty_points,
            "kitty_multiplier": self.kitty_multiplier,
            "kitty_bonus": self.kitty_bonus,
            "level_change": asdict(self.level_change),
            "next_dealer": self.next_dealer,
            "redeals": self.redeals,
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> RoundRecord:
        """Read a record written by ``to_json``; ``RecordError`` names what is wrong."""
        try:
            d = json.loads(text)
            if d.get("format") != FORMAT_VERSION:
                raise RecordError(f"unknown record format {d.get('format')!r} (this version reads {FORMAT_VERSION})")
            rules = RuleSet(**d["rules"])
            return cls(
                rules=rules,
                rank=d["rank"],
                trump=Trump(d["trump"]["rank"], d["trump"]["suit"]),
                dealer=d["dealer"],
                first_round=d["first_round"],
                deal=_cards(d["deal"]),
                declarations=tuple(
                    Declaration.of(x["seat"], _cards(x["cards"]), x["dealt"]) for x in d["declarations"]
                ),
                hands=tuple(_cards(h) for h in d["hands"]),
                kitty=_cards(d["kitty"]),
                picked_up=_cards(d["picked_up"]),
                calls=tuple((parse_cards(c)[0], o) for c, o in d["calls"]),
                declarers=tuple(d["declarers"]),
                tricks=tuple(
                    Trick(
                        t["leader"],
                        tuple(_cards(p) for p in t["plays"]),
                        t["winner"],
                        t["points"],
                        None if t["attempted"] is None else _cards(t["attempted"]),
                    )
                    for t in d["tricks"]
                ),
                attacker_points=d["attacker_points"],
                penalty_points=d["penalty_points"],
                kitty_multiplier=d["kitty_multiplier"],
                kitty_bonus=d["kitty_bonus"],
                level_change=LevelChange(**d["level_change"]),
                next_dealer=d["next_dealer"],
                redeals=d["redeals"],
            )
        except RecordError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            raise RecordError(f"not a saved round: {type(e).__name__}: {e}") from None

    # -- replay -------------------------------------------------------------------------------

    def replay(self) -> Iterator[tuple[str, Round]]:
        """Play the round again action by action, yielding ``(action, round)`` after each.

        The same ``Round`` object is yielded each time, updated; ``action`` says what
        just happened (``"deal"``, ``"declare"``, ``"kitty"``, ``"call"``, ``"play"``).
        The engine re-checks every action, so a tampered record raises an ``ActionError``.
        """
        rnd = Round(self.rules, dealer=None if self.first_round else self.dealer, rank=self.rank, deck_order=self.deal)
        pending = list(self.declarations)
        while True:
            while pending and pending[0].dealt == rnd.dealt:
                d = pending.pop(0)
                rnd.declare(d.seat, d.cards)
                yield "declare", rnd
            if rnd.deal_complete:
                break
            rnd.deal_next()
            yield "deal", rnd
        rnd.finish_deal()
        rnd.discard(self.dealer, self.kitty)
        yield "kitty", rnd
        if self.rules.partnership == "friends":
            rnd.call(self.dealer, self.calls)
            yield "call", rnd
        for trick in self.tricks:
            for k, cards in enumerate(trick.plays):
                seat = (trick.leader + k) % self.rules.players
                rnd.play(seat, trick.attempted if k == 0 and trick.attempted is not None else cards)
                yield "play", rnd

    def replayed(self) -> RoundRecord:
        """The record of playing this round again: equal to ``self`` for a faithful record."""
        steps = list(self.replay())
        return record_of(steps[-1][1], redeals=self.redeals)

    def describe_trick(self, index: int) -> str:
        """One line per trick for transcripts: ``"3. West leads …; South wins 15"``."""
        t = self.tricks[index]
        n = self.rules.players
        parts = [f"{seat_name(t.seat_of(k, n), n)} {format_cards(p)}" for k, p in enumerate(t.plays)]
        if t.attempted:
            parts[0] += f" (throw {format_cards(t.attempted)} failed)"
        return f"{index + 1}. " + ", ".join(parts) + f" → {seat_name(t.winner, n)} wins {t.points}"


def record_of(rnd: Round, redeals: int | None = None) -> RoundRecord:
    """The record of a finished ``Round``."""
    if not rnd.done:
        raise RecordError("the round is not finished")
    assert rnd.trump is not None
    assert rnd.dealer is not None
    total, multiplier, bonus, change = rnd.score()
    return RoundRecord(
        rules=rnd.rules,
        rank=rnd.rank,
        trump=rnd.trump,
        dealer=rnd.dealer,
        first_round=rnd.first_round,
        deal=rnd.deck_order,
        declarations=rnd.declarations,
        hands=tuple(tuple(Card.from_id(i) for i in h) for h in rnd.start_hands),
        kitty=tuple(Card.from_id(i) for i in rnd.discards),
        picked_up=tuple(Card.from_id(i) for i in rnd.kitty),
        calls=tuple((Card.from_id(c), o) for c, o in rnd.calls),
        declarers=rnd.declarers,
        tricks=tuple(rnd.tricks),
        attacker_points=total,
        penalty_points=rnd.penalty_points,
        kitty_multiplier=multiplier,
        kitty_bonus=bonus,
        level_change=change,
        next_dealer=rnd.next_dealer(),
        redeals=rnd.redeals if redeals is None else redeals,
    )


def _tokens(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))
