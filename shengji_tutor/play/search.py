"""A bot that knows good play: each candidate is played out on many deals of the hidden cards.

``evaluate_plays(view, budget)`` is determinized Monte Carlo search (the
"perfect-information Monte Carlo" of bridge and skat programs, OpenSpiel's
determinized MCTS without the tree): it draws ``budget.samples`` deals of the
cards the player cannot see from ``play.sampler`` (uniform among the deals that
agree with everything the player saw), and on each deal plays every candidate,
then plays the round out with ``HeuristicBot`` in every seat. The same deals
serve every candidate, so their differences are measured on equal luck.

A play's value is the player's side's outcome: the signed level change (levels
the side goes up, minus the levels the other side goes up) plus a small share
of the points, so that among plays that change no level the one that wins
points ranks higher. The level change is the level table's, *blurred*: the
attackers' total a play-out ends with is an estimate (the bots that play the
round out are not the players who will), so each total counts for the levels it
brings averaged over an error of a few points (``blurred_levels``; ``blur``:
half a band at the first trick, less as the points are won, none when all are).
A point then counts for its share of a level on every deal rather than a whole
level on the few where it crosses a line: the same mean, and much less noise in
the difference between two plays. ``PlayValue`` keeps what a coach needs to explain it: the
points this trick and the rest of the round, the attackers' final points, the
trumps a play spends and the pairs it breaks.

``SearchBot`` plays the steady player's play (``policy.steady_choice``: the heuristic
bot's plan, without the errors a strong player never makes) unless the best play found beats it
on fresh deals too (the gain's lower confidence bound above zero: the deals a play
was chosen on flatter it, so they cannot confirm it); it buries
the kitty and declares trump by the same method (among a few sensible burials;
declaring now, passing, or its strongest declaration in each suit). It calls
friends (Finding Friends) as ``HeuristicBot`` does.

>>> from shengji_tutor import RuleSet, SearchBot, play_round
>>> from shengji_tutor.play.search import Budget
>>> record = play_round(RuleSet(decks=1), seed=4, bots=[SearchBot(seed=s, budget=Budget(samples=2, recheck=8)) for s in range(4)])
>>> record.score.level_change.side in ("declarers", "attackers")
True
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TypeVar

from ..engine.cards import Card
from ..engine.declaring import Declaration
from ..engine.ids import cards_of, count_ids, lead_units, winner_of
from ..engine.plays import legal_plays, strength_spent
from ..engine.rules import Partnership, RuleSet
from ..engine.scoring import Side
from ..engine.trump import Trump
from .actions import DEAL_CARD, Play
from .bots import HeuristicBot, TableBot, declarations_for
from .game import prepare_round
from .policy import steady_choice
from .resample import Deal, Resampler
from .rollout import finish_round
from .round import DeclarationError, Phase, PlayerView, Round, Trick

__all__ = [
    "Budget",
    "PlayDeals",
    "PlayValue",
    "SearchBot",
    "burial_runs",
    "burials",
    "call_runs",
    "candidate_plays",
    "declaration_options",
    "declaration_runs",
    "evaluate_plays",
    "fingerprint",
    "overturn_options",
    "overturn_runs",
    "pairs_broken",
    "play_out",
    "play_signature",
    "play_value",
    "scored",
    "search_plays",
]

_T = TypeVar("_T")

POINTS_WEIGHT = 0.01
"""Value of one point to the side that wins it, in levels: enough to order plays that change no level."""
CONFIDENCE = 1.645
"""How many standard errors a play's gain over the default (the steady player's play), re-checked on fresh deals, must clear zero by
for the search bot to prefer it (a one-sided 95% bound): with few samples the best-looking play is often only the
luckiest, and the deals it was chosen on flatter it."""


@dataclass(frozen=True)
class Budget:
    """How much a decision may think: ``samples`` deals of the hidden cards, each candidate played out once on each.

    At most ``candidates`` plays are searched: when there are more, the
    cheapest, the dearest and the steady player's choice are kept (see ``candidate_plays``).
    """

    samples: int = 8
    candidates: int = 6
    recheck: int = 96
    """Fresh deals on which the search bot re-checks a play (or burial, declaration) that looked better than
    its default (the steady player's play; for a burial or declaration the heuristic's) before it plays it
    (``SearchBot``). 96, not 24: on the same 400 paired deals against the heuristic bot, +0.70 levels a round
    (+0.65 … +0.75) against +0.60 (+0.56 … +0.65) — more deals confirm more of the real improvements — at 0.08 s
    a decision's median and 0.40 s its p95 (``benchmarks.strength``)."""

    def __post_init__(self) -> None:
        for name in ("samples", "candidates", "recheck"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"a budget's {name} is a whole number of at least 1, not {value!r}")


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class PlayValue:
    """The expected outcome of one play for the player's side, averaged over the sampled deals.

    ``value`` (what plays are sorted by) is ``level_change + POINTS_WEIGHT ×
    points``; ``stderr`` is its standard error. ``level_change`` is signed
    for the player's side; ``attacker_points`` the attackers' final total
    (kitty and penalties included); ``trick_points`` the points this trick
    brings the side (negative when the other side takes them) and
    ``later_points`` the same for the tricks after it.
    """

    play: tuple[Card, ...]
    value: float
    stderr: float
    level_change: float
    attacker_points: float
    trick_points: float
    later_points: float
    trumps_spent: int
    pairs_broken: int
    samples: int
    kitty_points: float = 0.0
    """The kitty bonus for the side: what the attackers add from the kitty when they win the last trick (RULES §9),
    positive when the player is an attacker, negative when a declarer; 0 when the declarers keep the last trick."""

    def __str__(self) -> str:
        cards = " ".join(map(str, self.play))
        return (
            f"{cards}: {self.level_change:+.2f} levels ± {self.stderr:.2f}, "
            f"{self.trick_points:+.1f} points this trick, {self.later_points:+.1f} after"
        )


def evaluate_plays(view: PlayerView, budget: Budget | None = None, seed: int | str = 0) -> list[PlayValue]:
    """Every candidate play of the player whose view it is (legal ones only), best first.

    Seeded: the same view, budget and seed give the same values.
    """
    if view.phase != Phase.PLAY or view.trump is None:
        raise ValueError(f"plays are evaluated during the play, not in the '{view.phase}' phase")
    budget = budget or DEFAULT_BUDGET
    return [value for value, _ in search_plays(view, candidate_plays(view, budget.candidates), budget, seed)]


def search_plays(
    view: PlayerView, candidates: Sequence[tuple[Card, ...]], budget: Budget, seed: int | str
) -> list[tuple[PlayValue, list[float]]]:
    """Each candidate's value and its value on each sampled deal (the same deals, in order, for every play),
    best first. Seeded by ``seed`` and the view, so a play added to ``candidates`` meets the same deals."""
    assert view.trump is not None
    rng = random.Random(f"{seed}:{fingerprint(view)}")
    resampler = Resampler(view)
    runs: list[list[_Outcome]] = [[] for _ in candidates]
    for _ in range(budget.samples):
        deal = resampler.draw(rng)
        for k, play in enumerate(candidates):
            runs[k].append(play_out(resampler.round(deal), view.seat, play))
    trump = view.trump
    out = [
        (play_value(view, play, outcomes), [o.value for o in outcomes])
        for play, outcomes in zip(candidates, runs, strict=True)
    ]
    return sorted(out, key=lambda vr: (-vr[0].value, strength_spent(vr[0].play, trump)))


class PlayDeals:
    """Plays played out on the deals of named streams (one seeded sequence of deals per name), each deal drawn
    once and kept and each outcome kept: ``values`` is what ``play.verdict.race`` asks for."""

    def __init__(self, view: PlayerView, plays: Sequence[tuple[Card, ...]], seed: int | str) -> None:
        self.view = view
        self.plays = list(plays)
        self.seed = seed
        self.resampler = Resampler(view)
        self._rngs: dict[str, random.Random] = {}
        self._deals: dict[str, list[Deal]] = {}
        self.outcomes: dict[tuple[str, int], list[_Outcome]] = {}

    def deal(self, stream: str, k: int) -> Deal:
        """Deal ``k`` of the stream named ``stream``, drawn once (``Resampler.draw_as_buried``) and kept, so that
        every play meets the same deals."""
        deals = self._deals.setdefault(stream, [])
        if stream not in self._rngs:
            self._rngs[stream] = random.Random(f"{self.seed}:{stream}:{fingerprint(self.view)}")
        rng = self._rngs[stream]
        while len(deals) <= k:
            deals.append(self.resampler.draw_as_buried(rng))
        return deals[k]

    def values(self, stream: str, start: int, count: int, which: Sequence[int]) -> list[list[float]]:
        out = []
        for k in which:
            got = self.outcomes.setdefault((stream, k), [])
            while len(got) < start + count:
                deal = self.deal(stream, len(got))
                got.append(play_out(self.resampler.round(deal), self.view.seat, self.plays[k]))
            out.append([o.value for o in got[start : start + count]])
        return out


def candidate_plays(view: PlayerView, cap: int) -> list[tuple[Card, ...]]:
    """The plays worth searching: every distinct legal play when there are at most ``cap``, else the telling ones.

    Plays that differ only in interchangeable cards (the same order and points in
    the same suit, like two off-suit trump-rank cards without points) count as one.
    The steady player's choice (``policy.steady_choice``) comes first; when there are more than ``cap``, then
    the plays a good player weighs: to a lead, the cheapest play, the cheapest
    that wins the trick so far, the one giving most points and the one giving
    fewest; as a lead, each suit's highest unit and its lowest single. The rest
    of the room goes to the cheapest and the dearest remaining plays (by
    ``strength_spent``) in turn. However small ``cap`` is, a trump lead (when one is legal) and a follow that
    breaks no pair (when there is one) are kept (``_never_left_out``).
    """
    trump = view.trump
    assert trump is not None
    hand = [c.id for c in view.hand]
    if view.leading:
        raw = [cards_of(u) for u in lead_units(hand, trump)]
    else:
        raw = list(islice(legal_plays(view.hand, view.trick[0], trump, view.rules), 400))
    distinct: dict[tuple[tuple[int, int, int], ...], tuple[Card, ...]] = {}
    for play in raw:
        distinct.setdefault(play_signature(play, trump), play)
    plays = sorted(distinct.values(), key=lambda p: (strength_spent(p, trump), [c.id for c in p]))
    telling = [tuple(steady_choice(view)), *_telling(view, plays, trump)]
    low, high = 0, len(plays) - 1
    while low <= high:
        telling += [plays[low], plays[high]]
        low, high = low + 1, high - 1
    chosen: dict[tuple[tuple[int, int, int], ...], tuple[Card, ...]] = {}
    for play in telling:
        if len(chosen) >= cap:
            break
        chosen.setdefault(play_signature(play, trump), play)
    for play in _never_left_out(view, plays, trump):
        sig = play_signature(play, trump)
        if sig not in chosen and len(chosen) > 1:
            chosen.pop(list(chosen)[-1])  # the room goes to a play a player would weigh first
            chosen[sig] = play
    return list(chosen.values())


def _telling(view: PlayerView, plays: list[tuple[Card, ...]], trump: Trump) -> list[tuple[Card, ...]]:
    """The plays a good player weighs (``candidate_plays``): as a lead, each suit's highest unit and lowest single;
    to a lead, the cheapest play, the cheapest that wins the trick so far, and those giving most and fewest points."""
    telling = []
    if view.leading:
        suit = trump.suit_table
        for s in sorted({suit[c.id] for c in view.hand}):
            mine = [p for p in plays if suit[p[0].id] == s]
            telling.append(max(mine, key=lambda p: (len(p), strength_spent(p, trump))))
            telling.append(min((p for p in mine if len(p) == 1), key=lambda p: (p[0].points, strength_spent(p, trump))))
        return telling
    before = [[c.id for c in p] for p in view.trick]
    me = len(before)
    winners = [p for p in plays if winner_of([*before, [c.id for c in p]], trump, view.rules) == me]
    telling.append(plays[0])
    if winners:
        telling.append(winners[0])
    telling.append(max(plays, key=lambda p: (sum(c.points for c in p), -strength_spent(p, trump))))
    telling.append(min(plays, key=lambda p: (sum(c.points for c in p), strength_spent(p, trump))))
    return telling


def _never_left_out(view: PlayerView, plays: Sequence[tuple[Card, ...]], trump: Trump) -> list[tuple[Card, ...]]:
    """The plays a candidate list must hold however small it is: as a lead, the strongest trump lead (drawing
    trumps is a plan a long trump holding calls for); to a lead, the cheapest play that breaks no pair."""
    if view.leading:
        trumps = [p for p in plays if trump.is_trump(p[0])]
        return [max(trumps, key=lambda p: (len(p), strength_spent(p, trump)))] if trumps else []
    keep = min(plays, key=lambda p: (pairs_broken(view.hand, p), sum(c.points for c in p), strength_spent(p, trump)))
    return [keep]


class SearchBot(TableBot):
    """Plays the best play found on ``budget.samples`` deals when it beats the steady player's play on
    ``budget.recheck`` fresh deals too (by more than ``CONFIDENCE`` standard errors of the gain); buries the kitty by search among a few
    sensible burials, and declares by search too; calls friends as the heuristic bot does. In RULES §11's chao
    dipi it overturns (or passes) by search too, with fixed partners (``overturn_runs``: overturns by the players
    after it are not foreseen), and buries an overturned kitty as the heuristic bot does; its play-outs of a
    declaration or a burial do not foresee overturns.

    ``SearchBot(seed=0)`` searches with the default ``Budget``; the same view,
    seed and budget give the same choice.
    """

    def __init__(self, seed: int | str = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or DEFAULT_BUDGET
        self._heuristic = HeuristicBot()

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        """Declare (or not) as the rounds played out on sampled deals say, the heuristic's choice unless clearly worse.

        See ``declaration_runs``: later declarations by others are not foreseen.
        """
        if view.phase == Phase.CHAO:  # RULES §11's chao dipi: overturn by search (with fixed partners)
            if view.rules.partnership != Partnership.FIXED:
                return self._heuristic.declare(view)
            return _pick(view, overturn_options(view), overturn_runs, self.budget, self.seed)
        return _pick(view, declaration_options(view), declaration_runs, self.budget, self.seed)

    def call(self, view: PlayerView) -> Sequence[tuple[Card, int]]:
        return self._heuristic.call(view)

    def play(self, view: PlayerView) -> Sequence[Card]:
        """The steady player's play (``policy.steady_choice``), unless another candidate played out best on
        ``budget.samples`` deals *and* its gain over it has a positive lower confidence bound on ``budget.recheck``
        fresh deals; then, where the trick's winner is certain, a play that surely does as well for less."""
        return _no_waste(view, self._searched(view))

    def _searched(self, view: PlayerView) -> Sequence[Card]:
        candidates = candidate_plays(view, self.budget.candidates)
        if len(candidates) == 1:
            return candidates[0]
        deals = PlayDeals(view, candidates, self.seed)
        first = deals.values("select", 0, self.budget.samples, range(len(candidates)))
        best = max(range(len(candidates)), key=lambda k: (sum(first[k]), -k))
        if best == 0:  # the steady player's play (candidate_plays puts it first)
            return candidates[0]
        again, base = deals.values("recheck", 0, self.budget.recheck, [best, 0])
        return candidates[best] if _clearly_better(again, base) else candidates[0]

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The burial that plays out best over sampled deals, among the heuristic's and a few variations."""
        if view.overturns:  # a chao dipi burial (RULES §11) is not the dealer's: the heuristic buries it
            return self._heuristic.discard(view)
        return _pick(view, burials(view), burial_runs, self.budget, self.seed)


def declaration_options(view: PlayerView) -> list[tuple[Card, ...] | None]:
    """What a player may do now in the deal: the heuristic bot's choice first, then passing (``None``), then the
    strongest declaration in each suit (and in jokers)."""
    default = HeuristicBot().declare(view)
    strongest: dict[str | None, tuple[Card, ...]] = {}
    for cards in declarations_for(view):
        suit = None if cards[0].is_joker else cards[0].suit
        if len(cards) > len(strongest.get(suit, ())):
            strongest[suit] = cards
    choices: list[tuple[Card, ...] | None] = [tuple(default) if default else None, None, *strongest.values()]
    unique: list[tuple[Card, ...] | None] = []
    for choice in choices:
        if choice not in unique:
            unique.append(choice)
    return unique


def declaration_runs(
    view: PlayerView,
    options: Sequence[Sequence[Card] | None],
    budget: Budget,
    seed: int | str = 0,
    later: bool = False,
    *,
    samples: int | None = None,
    skip: int = 0,
) -> list[list[float]]:
    """Each option's value (declare these cards, or pass: ``None``) on each of ``budget.samples`` sampled deals.

    Each deal completes the cards still to come at random (agreeing with what
    was seen), fixes the trump by this player's declaration or, when it passes,
    by the one standing, and plays the round out with heuristic bots. Later
    declarations are foreseen only with ``later`` (the coach's judgement; the
    search bot's measured strength is without).
    """
    rng = random.Random(f"{seed}:deal:{view.seat}:{view.dealt}:{[c.id for c in view.hand]}")
    resampler = Resampler(view)
    runs: list[list[float]] = [[] for _ in options]
    for _ in range(skip):
        resampler.draw(rng)
    for _ in range(budget.samples if samples is None else samples):
        deal = resampler.draw(rng)
        for k, choice in enumerate(options):
            runs[k].append(_play_out_deal(view, resampler.round(deal), choice, later))
    return runs


def overturn_options(view: PlayerView) -> list[tuple[Card, ...] | None]:
    """What a player may do in chao dipi's turn (RULES §11): the heuristic bot's choice first, then passing
    (``None``), then every other pair that would overturn the trump."""
    default = HeuristicBot().declare(view)
    first = tuple(default) if default else None
    options: list[tuple[Card, ...] | None] = [first]
    for option in (None, *declarations_for(view)):
        if option not in options:
            options.append(option)
    return options


def overturn_runs(
    view: PlayerView,
    options: Sequence[tuple[Card, ...] | None],
    budget: Budget,
    seed: int | str = 0,
    *,
    samples: int | None = None,
    skip: int = 0,
) -> list[list[float]]:
    """Each chao dipi choice's value (overturn with these cards, or pass: ``None``) for the player whose turn it is,
    on each of ``budget.samples`` sampled deals of the hidden hands and the buried kitty (a change of trump shapes
    the whole round, so it is judged on as many deals as a declaration).

    After an overturn the player takes the kitty and buries as the heuristic bot would, under the new trump; after
    a pass the trump stands. Either way the dealer leads and heuristic bots play the round out; overturns by the
    players after this one are not foreseen. Fixed partnerships only (Finding Friends calls after chao dipi).
    """
    if view.phase != Phase.CHAO or view.dealer is None or view.rules.partnership != Partnership.FIXED:
        raise ValueError("overturn_runs judges a chao dipi turn (RULES §11) with fixed partners")
    dealer = view.dealer

    def start(deal: Deal, choice: tuple[Card, ...] | None) -> PlayerView:
        if choice is None:
            return dataclasses.replace(view, phase=Phase.PLAY, leader=dealer)
        overturn = Declaration.of(view.seat, tuple(choice))
        trump = Trump(view.rank, overturn.suit, view.rules.red_five)
        taken = dataclasses.replace(
            view,
            phase=Phase.KITTY,
            hand=(*view.hand, *cards_of(deal.kitty)),
            trump=trump,
            overturns=(*view.overturns, overturn),
            discards=(),
        )
        burial = list(_ROLLOUT.discard(taken))
        kept = list(taken.hand)
        for card in burial:
            kept.remove(card)
        return dataclasses.replace(taken, phase=Phase.PLAY, hand=tuple(kept), discards=tuple(burial), leader=dealer)

    count = budget.samples if samples is None else samples
    return _runs_from(view, options, budget, f"{seed}:chao", start, samples=count, skip=skip)


def burial_runs(
    view: PlayerView,
    options: Sequence[Sequence[Card]],
    budget: Budget,
    seed: int | str = 0,
    *,
    samples: int | None = None,
    skip: int = 0,
) -> list[list[float]]:
    """Each burial's value for the dealer whose view it is, on each of a third of ``budget.samples`` (at least 2)
    sampled deals of the other hands, the round played out by heuristic bots."""
    return _runs_from(
        view, options, budget, f"{seed}", lambda _deal, burial: _buried(view, burial), samples=samples, skip=skip
    )


def call_runs(
    view: PlayerView,
    options: Sequence[Sequence[tuple[Card, int]]],
    budget: Budget,
    seed: int | str = 0,
    *,
    samples: int | None = None,
    skip: int = 0,
) -> list[list[float]]:
    """Each friend call's value for the dealer whose view it is (its call phase, Finding Friends), on each of a
    third of ``budget.samples`` (at least 2) sampled deals, the round played out by heuristic bots."""

    def start(_deal: Deal, calls: Sequence[tuple[Card, int]]) -> PlayerView:
        return dataclasses.replace(view, phase=Phase.PLAY, leader=view.seat, declarers=(view.seat,), calls=tuple(calls))

    return _runs_from(view, options, budget, f"{seed}:call", start, samples=samples, skip=skip)


def _runs_from(
    view: PlayerView,
    options: Sequence[_T],
    budget: Budget,
    seed: str,
    start: Callable[[Deal, _T], PlayerView],
    samples: int | None = None,
    skip: int = 0,
) -> list[list[float]]:
    """Each option's value on ``samples`` sampled deals (by default a third of ``budget.samples``, at least 2),
    after passing over the first ``skip`` deals of the seeded sequence: ``start`` is the view with the option taken
    on the deal, whose round (``Resampler.round``) heuristic bots then play out."""
    rng = random.Random(f"{seed}:{fingerprint(view)}")
    resampler = Resampler(view)
    runs: list[list[float]] = [[] for _ in options]
    for _ in range(skip):
        resampler.draw(rng)
    for _ in range(samples if samples is not None else max(2, budget.samples // 3)):
        deal = resampler.draw(rng)
        for k, option in enumerate(options):
            runs[k].append(_play_out_from(resampler.round(deal, start(deal, option)), view.seat).value)
    return runs


def _pick(
    view: PlayerView,
    options: Sequence[_T],
    runs: Callable[..., list[list[float]]],
    budget: Budget,
    seed: int | str,
) -> _T:
    """The option that played out best on the first ``budget.samples`` deals (``runs(view, options, budget, seed,
    samples=n)``: ``declaration_runs``, ``overturn_runs``, ``burial_runs``), when its gain over the first option
    (the heuristic's) is clearly positive on ``budget.recheck`` fresh deals (``runs(view, pair, budget,
    f"{seed}:recheck", samples=n)``); else the first (the only one, when there is one). A burial or declaration
    plays the whole round out, a thousandth of a second a deal (``play.rollout``), so it gets the deals a play does:
    it shapes the whole round."""
    if len(options) == 1:
        return options[0]
    first = runs(view, list(options), budget, f"{seed}", samples=budget.samples)
    best = max(range(len(options)), key=lambda k: (sum(first[k]), -k))
    if best == 0:
        return options[0]
    again, base = runs(view, [options[best], options[0]], budget, f"{seed}:recheck", samples=budget.recheck)
    return options[best] if _clearly_better(again, base) else options[0]


def _clearly_better(runs: Sequence[float], base: Sequence[float]) -> bool:
    """Whether ``runs`` beat ``base``, deal by deal: the lower confidence bound of the mean gain (``CONFIDENCE``
    standard errors below it) is above zero."""
    gains = [a - b for a, b in zip(runs, base, strict=True)]
    mean = sum(gains) / len(gains)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1) / len(gains))
    return mean - CONFIDENCE * spread > 0


def burials(view: PlayerView) -> list[tuple[Card, ...]]:
    """A few sensible burials: the heuristic bot's, then voiding each short plain suit, keeping points out."""
    trump = view.trump
    assert trump is not None
    size = view.rules.kitty
    base = tuple(HeuristicBot().discard(view))
    out = [base]
    plain: dict[str, list[Card]] = {}
    for c in view.hand:
        if not trump.is_trump(c):
            plain.setdefault(trump.suit_of(c), []).append(c)
    for cards in sorted(plain.values(), key=len):
        if len(cards) > size:
            continue
        rest = sorted(
            (c for c in view.hand if c not in cards),
            key=lambda c: (trump.is_trump(c), c.points, trump.key(c)),
        )
        burial = tuple(sorted(cards + rest[: size - len(cards)], key=lambda c: c.id))
        if sorted(c.id for c in burial) != sorted(c.id for c in base) and burial not in out:
            out.append(burial)
        if len(out) >= 4:
            break
    return out


# -- playing out ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Outcome:
    value: float
    level_change: int
    attacker_points: int
    trick_points: int
    later_points: int
    kitty_points: int = 0


_ROLLOUT = HeuristicBot()


def play_out(rnd: Round, seat: int, play: Sequence[Card]) -> _Outcome:
    """Play ``play`` for ``seat``, then the rest of the round with the heuristic bot in every seat."""
    tricks_before = len(rnd.tricks)
    spread = blur(rnd.rules, rnd.rules.total_points - sum(rnd.points_won))
    rnd.apply(Play(seat, tuple(play)))  # validated by the round: a candidate may be a throw that fails
    outcome = _play_out_from(rnd, seat, spread)
    mine = rnd.declarers if seat in rnd.declarers else rnd.attackers  # the sides as the round ended
    trick_points = _signed_points(rnd.tricks[tricks_before : tricks_before + 1], mine)
    later = _signed_points(rnd.tricks[tricks_before + 1 :], mine)
    return _Outcome(
        outcome.value, outcome.level_change, outcome.attacker_points, trick_points, later, outcome.kitty_points
    )


def _play_out_from(rnd: Round, seat: int, spread: float | None = None) -> _Outcome:
    """The round played out from ``rnd``, for ``seat``'s side: its value is the level table's verdict blurred by
    ``spread`` points (``blurred_levels``; by default the whole round's ``blur``) plus ``POINTS_WEIGHT`` a point."""
    finish_round(rnd)  # the heuristic bot in every seat, on the lean state (play.rollout)
    return scored(rnd, seat, spread)


def scored(rnd: Round, seat: int, spread: float | None = None) -> _Outcome:
    """A round played to its end, for ``seat``'s side, as a play-out is valued: the level table's verdict blurred
    by ``spread`` points (``blurred_levels``; by default the whole round's ``blur``) plus ``POINTS_WEIGHT`` a
    point, with the levels, the attackers' points and the kitty's bonus for the side."""
    score = rnd.score()
    change = score.level_change
    declarer = seat in rnd.declarers
    levels = change.levels if (change.side == Side.DECLARERS) == declarer else -change.levels
    points = -change.points if declarer else change.points
    kitty = -score.kitty_bonus if declarer else score.kitty_bonus
    if spread is None:
        spread = blur(rnd.rules, rnd.rules.total_points)
    held = blurred_levels(change.points, rnd.rules.step, spread)
    value = (held if declarer else -held) + POINTS_WEIGHT * points
    return _Outcome(value, levels, change.points, 0, 0, kitty)


BLUR = 0.5
"""The blur of a play-out's point total at the first trick, in bands of the level table (``RuleSet.step``): half a
band, 20 points with two decks, less than the spread of the attackers' final total over the deals the play-outs
draw there. It shrinks with the square of the share of points still to be won (a quarter of it with half the points
out, about a point with a fifth out), so that where a line of the table is in reach the table counts as it is."""


def blur(rules: RuleSet, unsettled: int) -> float:
    """The blur (points) for a decision with ``unsettled`` points not yet won in a trick (on the table, in hands
    and in the kitty): ``BLUR`` bands when all are, falling with the square of their share (see
    ``blurred_levels``): a total can move only by the points still out, and the fewer they are the better the
    play-outs foresee how they fall."""
    share = min(1.0, max(0, unsettled) / rules.total_points)
    return BLUR * rules.step * share * share


def blurred_levels(points: int, step: int, spread: float) -> float:
    """The declarers' level change for the attackers' ``points`` (their levels up, or minus the attackers' levels
    up: ``engine.scoring.level_change``) averaged over a normal error of ``spread`` points in that total.

    A play-out's total is an estimate: the bots that play the round out are not the players who will, and a
    total a few points from a line of the level table is a real risk of crossing it. Blurred, each point a play
    gives or saves counts for its share of a level on every deal, instead of a whole level on the few deals where
    it crosses a line and nothing on the others: the same mean over deals whose totals spread wider than the blur,
    with a much smaller spread of the differences between two plays. At the last trick (``spread`` 0) the table
    counts exactly. The table drops a level at 5 points, then at every ``step`` (40 with two decks).

    >>> from shengji_tutor.play.search import blurred_levels
    >>> [blurred_levels(p, 40, 0) for p in (0, 5, 35, 40, 80, 120)]
    [3.0, 2.0, 2.0, 1.0, 0.0, -1.0]
    >>> round(blurred_levels(60, 40, 20), 2), round(blurred_levels(70, 40, 20), 2)
    (0.94, 0.69)
    """
    lines = [2.5, *(k * step - 2.5 for k in range(1, max(3, int((points + 6 * spread) // step) + 2)))]
    if spread <= 0.5:
        return 3.0 - sum(1 for line in lines if points > line)
    return 3.0 - sum(0.5 * math.erfc((line - points) / (spread * math.sqrt(2))) for line in lines)


def _signed_points(tricks: Sequence[Trick], side: tuple[int, ...]) -> int:
    """Points of ``tricks`` that ``side`` won, minus those the other side won."""
    return sum(t.points if t.winner in side else -t.points for t in tricks)


def _play_out_deal(view: PlayerView, rnd: Round, choice: Sequence[Card] | None, later: bool = False) -> float:
    """The seat's value when the deal goes as ``rnd`` (a round about to be dealt, ``Resampler.round``) deals it and
    the trump is fixed by ``choice`` (or, when it passes, by the declaration standing), the round then played out
    by heuristic bots.

    With ``later``, the rest of the deal is dealt card by card and every player
    (this one too) may still declare as the heuristic bot would, as ``play.game``
    asks them: passing now is not passing for good.
    """
    rules = view.rules
    if later:
        return _play_out_later(view, rnd, choice)
    rnd.deal_all()
    shown: list[tuple[int, tuple[Card, ...]]] = []
    if view.declarations:  # in a match's first round, the first declarer deals
        shown.append((view.declarations[0].seat, view.declarations[0].cards))
    if choice:
        shown.append((view.seat, tuple(choice)))
    elif view.declaration is not None:
        shown.append((view.declaration.seat, view.declaration.cards))
    for seat, cards in dict.fromkeys(shown):
        try:
            rnd.declare(seat, cards)
        except DeclarationError:  # pragma: no cover - a standing declaration always followed the first
            continue
    if rnd.declaration is None and rules.no_declaration == "redeal":
        return 0.0  # nobody declares: the cards are redealt and nothing changes
    rnd.finish_deal()
    bots = [_ROLLOUT] * rules.players
    prepare_round(rnd, bots)
    return _play_out_from(rnd, view.seat).value


def _play_out_later(view: PlayerView, rnd: Round, choice: Sequence[Card] | None) -> float:
    """``_play_out_deal`` with the declarations still to come: the deal goes on as ``play.game`` drives it."""
    bots = [_ROLLOUT] * rnd.players
    for _ in range(view.dealt):
        rnd.apply(DEAL_CARD)
    for made in view.declarations:
        rnd.declare(made.seat, made.cards)
    if choice:
        rnd.declare(view.seat, tuple(choice))
    try:
        if rnd.deal_complete:  # the last chance: the players after this one (from the dealer) are still asked
            first = view.dealer if view.dealer is not None else 0
            me = (view.seat - first) % rnd.players
            for k in range(me + 1, rnd.players):
                seat = (first + k) % rnd.players
                cards = _ROLLOUT.declare(rnd.view(seat))
                if cards:
                    rnd.declare(seat, cards)
            rnd.finish_deal()
        prepare_round(rnd, bots)
    except DeclarationError:
        return 0.0  # nobody declares: the cards are redealt and nothing changes
    return _play_out_from(rnd, view.seat).value


def _buried(view: PlayerView, burial: Sequence[Card]) -> PlayerView:
    """The dealer's (``view``'s) view once it has buried ``burial`` (and, in Finding Friends, called friends as the
    heuristic bot would): ready to lead."""
    kept = list(view.hand)
    for c in burial:
        kept.remove(c)
    buried = dataclasses.replace(view, hand=tuple(kept), discards=tuple(burial))
    declarers: tuple[int, ...] = tuple(range(view.seat % 2, view.rules.players, 2))
    calls: tuple[tuple[Card, int], ...] = ()
    if view.rules.partnership is Partnership.FRIENDS:  # the dealer calls friends as the heuristic bot would
        declarers, calls = (view.seat,), tuple(_ROLLOUT.call(dataclasses.replace(buried, phase=Phase.CALL)))
    return dataclasses.replace(buried, phase=Phase.PLAY, leader=view.seat, declarers=declarers, calls=calls)


def play_value(view: PlayerView, play: tuple[Card, ...], outcomes: Sequence[_Outcome]) -> PlayValue:
    """A play's ``PlayValue`` over its outcomes on sampled deals (their means; ``stderr`` of the value)."""
    n = len(outcomes)
    values = [o.value for o in outcomes]
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    assert view.trump is not None
    return PlayValue(
        play=play,
        value=mean,
        stderr=math.sqrt(var / n),
        level_change=sum(o.level_change for o in outcomes) / n,
        attacker_points=sum(o.attacker_points for o in outcomes) / n,
        trick_points=sum(o.trick_points for o in outcomes) / n,
        later_points=sum(o.later_points for o in outcomes) / n,
        kitty_points=sum(o.kitty_points for o in outcomes) / n,
        trumps_spent=sum(1 for c in play if view.trump.is_trump(c)),
        pairs_broken=pairs_broken(view.hand, play),
        samples=n,
    )


def _no_waste(view: PlayerView, play: Sequence[Card]) -> Sequence[Card]:
    """``play``, or a play surely no worse where the trick's winner is certain (``play.dominance``): the same trick
    for less (a trump kept, a pair kept, fewer points to the other side, more to one's own)."""
    from .dominance import surely_better  # dominance builds on this module's pairs_broken

    better = surely_better(view, play)
    return play if better is None else better


def pairs_broken(hand: Sequence[Card], play: Sequence[Card]) -> int:
    """Pairs in hand of which the play takes one card and leaves the other."""
    held = count_ids([c.id for c in hand])
    used = count_ids([c.id for c in play])
    return sum(1 for i, c in used.items() if held[i] >= 2 and c % 2 == 1)


def play_signature(play: Sequence[Card], trump: Trump) -> tuple[tuple[int, int, int], ...]:
    """What makes plays different: each card's effective suit, order and points (interchangeable cards agree)."""
    suit, key = trump.suit_table, trump.key_table
    return tuple(sorted((suit[c.id], key[c.id], c.points) for c in play))


def fingerprint(view: PlayerView) -> str:
    """The state of the round as the player sees it, for seeding: the same view always searches the same deals."""
    hand = ",".join(str(c.id) for c in sorted(view.hand, key=lambda c: c.id))
    table = ";".join(",".join(str(c.id) for p in t.plays for c in p) for t in view.tricks)
    trick = ",".join(str(c.id) for p in view.trick for c in p)
    return f"{view.seat}|{hand}|{table}|{trick}"
