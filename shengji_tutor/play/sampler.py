"""Hidden hands: what one player knows of the cards they cannot see, and deals drawn from it.

A search bot (``play.search``) plays each candidate out on many deals of the
unseen cards. Those deals must agree with everything the player has seen,
or the bot plans against hands that cannot exist. ``Knowledge.of(view)``
collects, from a ``PlayerView`` only:

- the **unseen cards**: the whole deck minus the player's own hand, every card
  played, and the kitty when this player buried it;
- **how many cards each hidden holder has**: every other seat (its hand size
  minus what it played) and the **stock** (``STOCK``): the kitty when someone
  else buried it, and during the deal the cards not yet dealt;
- **voids**: a seat that played fewer cards of the led suit than the lead had
  holds none of that suit (RULES §6: you follow suit as far as you can), and one
  that did not follow a trump lead holds no trump;
- **cards shown**: a declaration (亮主 liàngzhǔ) shows its cards, which stay in
  the declarer's hand (or, for the dealer, possibly in the kitty they buried),
  and a failed throw (甩牌) shows the cards the leader tried to play; each such
  fact, less the copies that seat has played since, is a lower bound.

``Knowledge.sampler()`` then draws deals **uniformly** among all deals that
satisfy these facts, exactly rather than by rejection: unseen cards fall into
classes (one per effective suit, one per card id with a lower bound), holders
with the same constraints are merged into groups, and a dynamic programme over
the groups counts the ways to complete a deal from each partial one; a deal is
drawn group by group with those counts as weights, then each group's cards are
shuffled among its seats. Copies of a card are told apart while counting, as a
shuffled deck tells them apart, so each deal has the probability the shuffle
gives it.

What it does not use (a deal may contradict these, rarely): what a follower's
choice among legal plays suggests, and the pairs a follower showed they lack
(a follower who broke no pair may still hold one). These are inferences about
play, not facts.

>>> import random
>>> from shengji_tutor import HeuristicBot, Round
>>> from shengji_tutor.play.game import prepare_round
>>> from shengji_tutor.play.sampler import Knowledge
>>> rnd = Round(seed=3, dealer=0)
>>> prepare_round(rnd, [HeuristicBot()] * 4)
>>> k = Knowledge.of(rnd.view(1))
>>> sorted(k.sizes.items())  # the kitty (-1, ``STOCK``) and the three other hands
[(-1, 8), (0, 25), (2, 25), (3, 25)]
>>> deal = k.sampler().sample(random.Random(0))
>>> sorted((h, len(cards)) for h, cards in deal.items()) == sorted(k.sizes.items())
True
>>> k.broken(deal)
[]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb, factorial

from ..engine.cards import Card
from ..engine.ids import N_CARD_IDS, TRUMP, count_ids
from ..engine.trump import Trump
from .round import Phase, PlayerView

__all__ = ["STOCK", "Fact", "ImpossibleKnowledge", "Knowledge", "Sampler", "unseen_counts"]

STOCK = -1
"""The holder of cards in no hidden hand: the kitty someone else buried, or (during the deal) the undealt cards."""


class ImpossibleKnowledge(ValueError):
    """No deal of the unseen cards agrees with what the player knows (the view contradicts itself)."""


@dataclass(frozen=True)
class Fact:
    """``holders`` together hold at least ``copies`` of card ``card_id`` (a declaration or a throw showed them)."""

    holders: frozenset[int]
    card_id: int
    copies: int
    why: str

    def __str__(self) -> str:
        who = " or ".join("the kitty" if h == STOCK else f"seat {h}" for h in sorted(self.holders))
        return f"{who} hold(s) at least {self.copies} × {Card.from_id(self.card_id)} ({self.why})"


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows of the cards it cannot see (see the module docstring)."""

    seat: int
    unseen: tuple[int, ...]
    """The ids of the unseen cards, one entry per copy, sorted."""
    sizes: Mapping[int, int]
    """Cards held by each hidden holder: the other seats, and ``STOCK`` when it holds any."""
    voids: Mapping[int, frozenset[int]]
    """Effective suits (``trump.suit_table`` values, ``TRUMP`` for trump) each seat has shown it lacks."""
    facts: tuple[Fact, ...]
    suit_table: tuple[int, ...]

    @classmethod
    def of(cls, view: PlayerView) -> Knowledge:
        """Everything ``view``'s seat knows of the hidden cards (only what the view shows)."""
        rules = view.rules
        n = rules.players
        trump = view.trump if view.trump is not None else Trump(view.rank, None)
        suit = trump.suit_table
        unseen = [i for i, copies in unseen_counts(view).items() for _ in range(copies)]

        played: list[list[int]] = [[] for _ in range(n)]
        """Every card each seat has played this round, in order."""
        voids: dict[int, set[int]] = {s: set() for s in range(n)}
        tricks = [(t.leader, t.plays, t.attempted) for t in view.tricks]
        if view.trick:
            tricks.append((view.leader if view.leader is not None else 0, view.trick, view.attempted))
        shown_at: list[tuple[int, int, dict[int, int], bool]] = []
        """(seat, how many of its plays came before, cards shown, shown before the kitty exchange)."""
        for seat, cards in _declared(view).items():
            shown_at.append((seat, 0, cards, True))
        for leader, plays, attempted in tricks:
            lead = [c.id for c in plays[0]]
            if attempted is not None:
                shown_at.append((leader, len(played[leader]), count_ids([c.id for c in attempted]), False))
            led = suit[lead[0]]
            for k, play in enumerate(plays):
                seat = (leader + k) % n
                ids = [c.id for c in play]
                if k and sum(1 for i in ids if suit[i] == led) < len(lead):
                    voids[seat].add(led)
                played[seat].extend(ids)

        sizes = _sizes(view, played)
        hidden = {s: v for s, v in sizes.items() if v > 0 or s != STOCK}
        return cls(
            seat=view.seat,
            unseen=tuple(unseen),
            sizes=hidden,
            voids={s: frozenset(v) for s, v in voids.items() if s != view.seat and v},
            facts=_strongest(_shown(view, played, shown_at)),
            suit_table=tuple(suit),
        )

    def broken(self, deal: Mapping[int, Sequence[int]]) -> list[str]:
        """Every way ``deal`` (hidden holder -> card ids) contradicts this knowledge; empty when it agrees."""
        out: list[str] = []
        if sorted(deal) != sorted(self.sizes):
            out.append(f"the deal fills holders {sorted(deal)}, not {sorted(self.sizes)}")
        if sorted(i for cards in deal.values() for i in cards) != list(self.unseen):
            out.append("the deal's cards are not exactly the unseen cards")
        for holder, cards in deal.items():
            if len(cards) != self.sizes.get(holder, -1):
                out.append(f"holder {holder} has {len(cards)} cards, not {self.sizes.get(holder)}")
            for s in self.voids.get(holder, ()):
                if any(self.suit_table[i] == s for i in cards):
                    out.append(f"seat {holder} showed it has no {_suit_name(s)}, but holds some")
        out.extend(f"not so: {fact}" for fact in self.facts if not _holds(deal, fact))
        return out

    def sampler(self) -> Sampler:
        """A sampler of uniformly random deals agreeing with this knowledge (built once, drawn from many times)."""
        return Sampler(self)


def _shown(view: PlayerView, played: list[list[int]], shown: list[tuple[int, int, dict[int, int], bool]]) -> list[Fact]:
    """The facts still given by the cards other seats showed (``shown``: ``Knowledge.of``'s ``shown_at``), less the
    copies each has ``played`` since."""
    facts: list[Fact] = []
    dealer_hidden = view.dealer is not None and view.dealer != view.seat and view.phase in _BURIED
    buriers = {view.dealer, *(d.seat for d in view.overturns)}
    """Who may have buried a card it showed (the dealer; with chao dipi, each who overturned and took the kitty)."""
    for seat, before, cards, pre_kitty in shown:
        if seat == view.seat:
            continue
        if pre_kitty and view.overturns and seat in buriers:
            continue  # chao dipi (RULES §11): a card it showed may be buried, or in any later taker's hand
        since = count_ids(played[seat][before:])
        holders = {seat}
        if pre_kitty and dealer_hidden and seat == view.dealer:
            holders.add(STOCK)  # the dealer may have buried a card it showed
        why = "shown in a declaration" if pre_kitty else "shown in a failed throw"
        for cid, copies in cards.items():
            left = copies - since.get(cid, 0)
            if left > 0:
                facts.append(Fact(frozenset(holders), cid, left, why))
    return facts


def _permuted(rng: random.Random, items: Sequence[int]) -> list[int]:
    """``items`` in a uniformly random order: sorted by independent uniform keys, which is about twice as fast as
    ``rng.shuffle`` (one C call per card instead of a Python ``_randbelow``); drawing deals is as much of a search's
    time as playing them out."""
    key = rng.random
    return sorted(items, key=lambda _: key())


class Sampler:
    """Uniform random deals of the unseen cards that agree with a ``Knowledge`` (see the module docstring).

    Cards a fact puts in one hand are placed there first; the rest is a problem of
    voids only, solved exactly by counting (below). Placing copies first favours
    deals where that hand holds more copies than the fact needs, so such a draw is
    kept with probability ``1 / C(held, needed)`` per fact, which makes the kept
    draws uniform again; a fact spanning two holders (a dealer's declared card may
    be in the kitty) is checked on the finished draw, which is drawn again when it
    fails. Such a fact keeps about as many draws as its holders have room: a dealer's declared card is in its hand
    or the kitty (33 of some 80 unseen cards) on two draws in five, a declared pair on one in six.
    """

    MAX_DRAWS = 10_000
    """Draws allowed before a sampler decides that its facts cannot all hold."""
    WORK = 20_000
    """The most ways of filling one group the exact count may try; beyond it the sampler is approximate."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = k = knowledge
        suit = k.suit_table
        sizes = dict(k.sizes)
        pool = list(k.unseen)
        self._placed: dict[int, list[int]] = {h: [] for h in sizes}
        self._single = [f for f in k.facts if len(f.holders) == 1]
        self._joint = [f for f in k.facts if len(f.holders) > 1]
        self._place_single(pool, sizes)
        holders = sorted(sizes)
        by_suit: dict[int, list[int]] = {}
        for cid in pool:
            by_suit.setdefault(suit[cid], []).append(cid)
        # suits every holder treats alike are one class: their cards are interchangeable
        classes: dict[tuple[bool, ...], list[int]] = {}
        for s in sorted(by_suit):
            column = tuple(s not in k.voids.get(h, ()) for h in holders)
            classes.setdefault(column, []).extend(by_suit[s])
        columns = list(classes)
        self._classes = list(classes.values())
        patterns: dict[tuple[bool, ...], list[int]] = {}
        for i, h in enumerate(holders):
            patterns.setdefault(tuple(col[i] for col in columns), []).append(h)
        groups = [_Group(members, [sizes[h] for h in members], allowed) for allowed, members in patterns.items()]
        groups.sort(key=lambda g: (all(g.allowed), sum(g.allowed), sum(g.caps)))  # the freest group is drawn last
        self._groups = groups
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._total = tuple(len(c) for c in self._classes)
        last = groups[-1] if groups else None
        self._free_last = last is not None and all(last.allowed)
        self._work = self.WORK
        try:
            possible = self._ways(0, self._total) > 0
            self._work = 1 << 62  # counted: drawing only reads the memo
            self.exact = True
            """Whether draws are exactly uniform (the count was cheap enough); else approximately, still consistent."""
        except _TooMuchWork:
            self._memo.clear()
            possible = self._hall(self._total, [sum(g.caps) for g in groups])
            self.exact = False
        if not possible:
            raise ImpossibleKnowledge(f"no deal of the {len(k.unseen)} unseen cards agrees with what seat {k.seat} saw")

    def _place_single(self, pool: list[int], sizes: dict[int, int]) -> None:
        """Place the cards each one-holder fact puts in a hand (``_placed``), taking them from ``pool`` and ``sizes``."""
        k = self.knowledge
        for f in self._single:
            (holder,) = f.holders
            if k.suit_table[f.card_id] in k.voids.get(holder, ()) or holder not in sizes:
                raise ImpossibleKnowledge(f"{f}, yet it showed it has none of that suit")
            for _ in range(f.copies):
                if f.card_id not in pool or sizes[holder] == 0:
                    raise ImpossibleKnowledge(f"{f}, but so many are not unseen")
                pool.remove(f.card_id)
                sizes[holder] -= 1
                self._placed[holder].append(f.card_id)

    def count(self) -> int:
        """How many deals agree with the voids, copies of a card told apart (as a shuffled deck tells them apart).

        This counts the deals with the facts' cards placed (see the class docstring): without facts, every deal.
        Only for an exact sampler (``exact``).
        """
        if not self.exact:
            raise ValueError("this sampler is approximate: counting its deals is too much work")
        within = 1
        for g in self._groups:
            within *= factorial(sum(g.caps))
            for cap in g.caps:
                within //= factorial(cap)
        return self._ways(0, self._total) * within

    def sample(self, rng: random.Random) -> dict[int, list[int]]:
        """One deal: hidden holder -> the card ids it holds (sorted)."""
        for _ in range(self.MAX_DRAWS):
            deal = self._draw(rng)
            keep = 1.0
            for f in self._single:
                (holder,) = f.holders
                keep /= comb(deal[holder].count(f.card_id), f.copies)
            if (keep == 1.0 or rng.random() < keep) and all(_holds(deal, f) for f in self._joint):
                return deal
        raise ImpossibleKnowledge(f"no deal in {self.MAX_DRAWS} draws agreed with: " + "; ".join(map(str, self._joint)))

    def _draw(self, rng: random.Random) -> dict[int, list[int]]:
        # with one group the group's shuffle below is the only one needed; with more, each class is split at random
        pools = self._classes if len(self._groups) == 1 else [_permuted(rng, c) for c in self._classes]
        takes = self._takes(rng) if self.exact else self._greedy_takes(rng)
        rem = list(self._total)
        deal: dict[int, list[int]] = {}
        for group, take in zip(self._groups, takes, strict=True):
            cards: list[int] = []
            for c, x in enumerate(take):
                cards.extend(pools[c][rem[c] - x : rem[c]])
                rem[c] -= x
            cards = _permuted(rng, cards)
            start = 0
            for member, size in zip(group.members, group.caps, strict=True):
                deal[member] = cards[start : start + size]
                start += size
        for holder, placed in self._placed.items():
            deal[holder] = sorted(deal.get(holder, []) + placed)
        return deal

    def _takes(self, rng: random.Random) -> list[tuple[int, ...]]:
        """How many cards of each class each group gets, drawn with the exact counts as weights."""
        rem = list(self._total)
        takes = []
        for g, group in enumerate(self._groups):
            if g == len(self._groups) - 1:
                take = tuple(rem)
            elif self._closed(g):
                # the rest goes to a group that may hold anything: these are any ``cap`` of the cards allowed here
                labels = [c for c, r in enumerate(rem) if group.allowed[c] for _ in range(r)]
                counts = [0] * len(rem)
                for c in rng.sample(labels, sum(group.caps)):
                    counts[c] += 1
                take = tuple(counts)
            else:
                options = [(x, w) for x, w in self._options(g, tuple(rem)) if w]
                pick = rng.randrange(sum(w for _, w in options))
                for x, w in options:
                    take = x
                    pick -= w
                    if pick < 0:
                        break
            takes.append(take)
            rem = [r - x for r, x in zip(rem, take, strict=True)]
        return takes

    def _greedy_takes(self, rng: random.Random) -> list[tuple[int, ...]]:
        """Class counts per group, card by card: each to a group that may hold it, in proportion to its room,
        never to one that would leave the rest impossible (Hall's condition). Consistent, nearly uniform."""
        rem = list(self._total)
        room = [sum(g.caps) for g in self._groups]
        takes = [[0] * len(rem) for _ in self._groups]
        order = [c for c, r in enumerate(rem) for _ in range(r)]
        rng.shuffle(order)
        for c in order:
            rem[c] -= 1
            choices = [g for g, group in enumerate(self._groups) if group.allowed[c] and room[g]]
            while choices:
                g = rng.choices(choices, [room[i] for i in choices])[0]
                room[g] -= 1
                if self._hall(rem, room):
                    takes[g][c] += 1
                    break
                room[g] += 1
                choices.remove(g)
            else:  # pragma: no cover - Hall's condition held before this card, so some group can take it
                raise ImpossibleKnowledge("the approximate sampler found no room for a card")
        return [tuple(t) for t in takes]

    def _hall(self, rem: Sequence[int], room: Sequence[int]) -> bool:
        """Whether the ``rem`` cards of each class fit the groups' ``room`` (every set of classes fits the groups
        that may hold one of them: Hall's condition, which suffices for a transport problem)."""
        if sum(rem) != sum(room):
            return False
        n = len(rem)
        for mask in range(1, 1 << n):
            need = sum(rem[c] for c in range(n) if mask >> c & 1)
            if need and need > sum(
                r
                for g, r in zip(self._groups, room, strict=True)
                if any(g.allowed[c] for c in range(n) if mask >> c & 1)
            ):
                return False
        return True

    # -- the counting ----------------------------------------------------------------

    def _closed(self, g: int) -> bool:
        """Group ``g`` is the last but one and the last may hold anything: its ways have a closed form."""
        return self._free_last and g == len(self._groups) - 2

    def _options(self, g: int, rem: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way group ``g`` can take its cards from ``rem`` (counts per class), with its weight."""
        group = self._groups[g]
        for take in _compositions(sum(group.caps), rem, group.allowed):
            self._work -= 1
            if self._work < 0:
                raise _TooMuchWork
            weight = 1
            for r, x in zip(rem, take, strict=True):
                weight *= comb(r, x)
            yield take, weight * self._ways(g + 1, tuple(r - x for r, x in zip(rem, take, strict=True)))

    def _ways(self, g: int, rem: tuple[int, ...]) -> int:
        """Ways to hand the ``rem`` cards (counts per class) to groups ``g``… (which copies go to which group)."""
        if not self._groups:
            return int(not any(rem))
        group = self._groups[g]
        if g == len(self._groups) - 1:
            return int(all(a or x == 0 for x, a in zip(rem, group.allowed, strict=True)))
        if self._closed(g):  # Vandermonde: choose this group's cards among all it may hold
            return comb(sum(r for r, a in zip(rem, group.allowed, strict=True) if a), sum(group.caps))
        key = (g, rem)
        if key not in self._memo:
            self._memo[key] = sum(w for _, w in self._options(g, rem))
        return self._memo[key]


class _TooMuchWork(Exception):
    """The exact count would take too long: the sampler turns approximate."""


@dataclass
class _Group:
    """Hidden holders with the same voids: they share out the group's cards at random once those are drawn."""

    members: list[int]
    caps: list[int]
    allowed: tuple[bool, ...]


def _holds(deal: Mapping[int, Sequence[int]], fact: Fact) -> bool:
    return sum(1 for h in fact.holders for i in deal.get(h, ()) if i == fact.card_id) >= fact.copies


def _compositions(total: int, rem: Sequence[int], allowed: Sequence[bool]) -> Iterator[tuple[int, ...]]:
    """Every ``x`` with ``sum(x) == total``, ``0 <= x <= rem`` and ``x == 0`` where not allowed."""
    hi = [r if a else 0 for r, a in zip(rem, allowed, strict=True)]
    n = len(hi)
    room = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + hi[i]
    x = [0] * n

    def fill(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == n:
            yield tuple(x)
            return
        for v in range(max(0, left - room[i + 1]), min(hi[i], left) + 1):
            x[i] = v
            yield from fill(i + 1, left - v)

    if total <= room[0]:
        yield from fill(0, total)


def unseen_counts(view: PlayerView) -> dict[int, int]:
    """Copies of each card id (in id order) that ``view``'s player has not seen: in other hands, or in a kitty it
    did not bury (all of them, during the deal, that it was not dealt)."""
    left = [view.rules.decks] * N_CARD_IDS
    for c in view.hand:
        left[c.id] -= 1
    for c in view.played_cards():
        left[c.id] -= 1
    for c in view.discards:
        left[c.id] -= 1
    return {i: n for i, n in enumerate(left) if n}


def _declared(view: PlayerView) -> dict[int, dict[int, int]]:
    """The most copies of each card each seat showed in one of its declarations this deal."""
    out: dict[int, dict[int, int]] = {}
    for d in view.declarations:
        shown = count_ids([c.id for c in d.cards])
        mine = out.setdefault(d.seat, {})
        for cid, copies in shown.items():
            mine[cid] = max(mine.get(cid, 0), copies)
    return out


_BURIED = ("chao", "call", "play", "done")
"""The phases in which the kitty lies buried (in the ``"kitty"`` phase its holder has it in hand)."""


def _sizes(view: PlayerView, played: list[list[int]]) -> dict[int, int]:
    """How many cards each hidden holder has now."""
    rules = view.rules
    n = rules.players
    total = rules.decks * 54
    out: dict[int, int] = {}
    if view.phase == Phase.DEAL:
        first = view.dealer if view.dealer is not None else 0
        for s in range(n):
            if s != view.seat:
                out[s] = view.dealt // n + (1 if (s - first) % n < view.dealt % n else 0)
        out[STOCK] = total - view.dealt
        return out
    for s in range(n):
        if s == view.seat:
            continue
        size = rules.hand_size - len(played[s])
        if view.phase == Phase.KITTY and s == view.kitty_holder:
            size += rules.kitty
        out[s] = size
    out[STOCK] = rules.kitty if view.kitty_holder != view.seat and view.phase in _BURIED else 0
    return out


def _strongest(facts: list[Fact]) -> tuple[Fact, ...]:
    """One fact per (holders, card): the largest lower bound."""
    best: dict[tuple[frozenset[int], int], Fact] = {}
    for f in facts:
        key = (f.holders, f.card_id)
        if key not in best or f.copies > best[key].copies:
            best[key] = f
    return tuple(sorted(best.values(), key=lambda f: (sorted(f.holders), f.card_id)))


def _suit_name(s: int) -> str:
    return "trump" if s == TRUMP else "♠♥♦♣"[s]  # SUITS order: S H D C
