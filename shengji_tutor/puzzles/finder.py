"""Finding best-play positions by self-play: decisions where the search's best play clearly beats the heuristic's.

``find_positions(seed)`` deals a round as a best puzzle's notation deals it
(one declaration, the dealer's burial), lets bots play it (``HeuristicBot`` in
every seat, or ``SearchBot``), and at each decision late in the round (a hand of
``hand_sizes`` cards) asks whether the position teaches something against a
**reference** player: the heuristic bot by default, or one of ``BEGINNERS``,
the curriculum's misconceptions played as rules ("always win the trick if you
can", "throw away your lowest card", "save your trumps for the end"):

1. the position is written in the notation (the deciding seat turned to South)
   and played again by the engine (``build_round``); it needs 2 to ``max_plays``
   distinct legal plays;
2. a cheap screen: every distinct legal play on a few deals (``SCREEN``); the
   reference play must lose at least ``SCREEN_LOSS`` against the best;
   then the position is judged as a best puzzle is graded (``GRADING_BUDGET``,
   seed 0): the reference play must be rejected and the judgement must have a
   clear margin (``margin_problems``);
3. the same at the other seeds of ``STABILITY_SEEDS`` (``stability_problems``).

What passes is a ``Found``: the notation's fields, the judged options, the
reference play and a guess of the theme (``guess_theme``). The practice
generator (``generate("best")``) turns the first one into a puzzle; authors
read many and write the lesson's puzzles from them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import RANKS, Card
from ..engine.ids import winner_of
from ..engine.plays import strength_spent
from ..engine.rules import RuleSet
from ..engine.seats import SOUTH
from ..engine.trump import Trump
from ..play.bots import Bot, HeuristicBot
from ..play.coaching import CoachGrade, Option, judge_plays
from ..play.round import PlayerView, Round
from ..play.search import Budget, SearchBot, candidate_plays, play_signature
from .kinds.best import GRADING_BUDGET, STABILITY_SEEDS, accepted, margin_problems, stability_problems
from .positions import position_fields, round_of

__all__ = [
    "BEGINNERS",
    "SCREEN",
    "SCREEN_LOSS",
    "Found",
    "Reference",
    "always_win",
    "deal_round",
    "examine",
    "find_positions",
    "guess_theme",
    "lowest_card",
    "save_trumps",
]

SCREEN = Budget(samples=6, candidates=GRADING_BUDGET.candidates)
"""The cheap first look at a decision: every distinct play on the first 6 of the grading deals."""
SCREEN_LOSS = 0.25
"""How much (25 points) the reference play must lose at the screen, and half as much more than its standard
error, to be judged at the grading budget."""


@dataclass(frozen=True)
class Found:
    """A position worth a puzzle: the notation's ``fields`` (South to play), the ``options`` judged at the grading
    budget (seed 0, best first), the ``reference`` play there (rejected), a guessed ``theme`` and South's ``view``."""

    fields: dict[str, Any]
    options: tuple[Option, ...]
    reference: tuple[Card, ...]
    theme: str
    view: PlayerView

    @property
    def accept(self) -> list[tuple[Card, ...]]:
        """The accepted plays, best first."""
        return [o.choice for o in self.options if o.grade == CoachGrade.GOOD]


Reference = Callable[[PlayerView], Sequence[Card] | None]
"""A player whose play a position must clearly beat; ``None`` when its rule does not apply to the decision."""


def _winning_partner(view: PlayerView, trump: Trump) -> bool:
    assert view.leader is not None
    before = [[c.id for c in p] for p in view.trick]
    return (view.leader + winner_of(before, trump, view.rules)) % view.rules.players in view.partner_seats()


def always_win(view: PlayerView) -> Sequence[Card] | None:
    """The rule "always win the trick if you can": the cheapest play taking the trick from a partner who has it."""
    trump = view.trump
    assert trump is not None
    if view.leading or not _winning_partner(view, trump):
        return None
    before = [[c.id for c in p] for p in view.trick]
    wins = [
        p
        for p in candidate_plays(view, GRADING_BUDGET.candidates)
        if winner_of([*before, [c.id for c in p]], trump, view.rules) == len(before)
    ]
    return min(wins, key=lambda p: strength_spent(p, trump)) if wins else None


def lowest_card(view: PlayerView) -> Sequence[Card] | None:
    """The rule "throw away your lowest card, even if it is a 10": the play of the lowest ranks, points or not,
    while an opponent is winning (only when it holds a 10)."""
    trump = view.trump
    assert trump is not None
    if view.leading or _winning_partner(view, trump):
        return None
    play = min(candidate_plays(view, GRADING_BUDGET.candidates), key=lambda p: sum(trump.key(c) for c in p))
    return play if any(c.rank == "10" for c in play) else None


def save_trumps(view: PlayerView) -> Sequence[Card] | None:
    """The rule "save your trumps for the end": lead as the heuristic bot does, but no trump while a plain card is
    left."""
    trump = view.trump
    assert trump is not None
    plain = [c for c in view.hand if not trump.is_trump(c)]
    if not view.leading or not plain or len(plain) == len(view.hand):
        return None
    play = HeuristicBot().play(view)
    return play if not trump.is_trump(play[0]) else [max(plain, key=trump.key)]


BEGINNERS: dict[str, Reference] = {
    "always-win": always_win,
    "lowest-card": lowest_card,
    "save-trumps": save_trumps,
}
"""The curriculum's misconceptions as players, for finding positions that show each one wrong."""


def deal_round(seed: int, rules: RuleSet | None = None) -> Round:
    """A round at a random rank and dealer, dealt, declared once (the first seat from the dealer whose heuristic
    bot would declare) and buried by the heuristic bot: ready for the first lead. Redeals draw a new deal."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    while True:
        rnd = Round(rules, seed=rng, dealer=rng.randrange(4), rank=rng.choice(RANKS))
        rnd.deal_all()
        assert rnd.dealer is not None
        for k in range(rnd.players):
            seat = (rnd.dealer + k) % rnd.players
            cards = bot.declare(rnd.view(seat))
            if cards:
                rnd.declare(seat, cards)
                break
        if rnd.declaration is None:
            continue
        rnd.finish_deal()
        rnd.discard(rnd.dealer, bot.discard(rnd.view(rnd.dealer)))
        return rnd


def find_positions(
    seed: int,
    hand_sizes: range = range(5, 11),
    search: bool = False,
    stable: bool = True,
    rules: RuleSet | None = None,
    max_plays: int = 12,
    reference: Reference | None = None,
) -> Iterator[Found]:
    """The positions of one self-played round (seeded) that make best puzzles, in the order they arise.

    ``search``: the round is played by ``SearchBot``s (slower, stronger play
    before the position) instead of ``HeuristicBot``s. ``stable``: check the
    other seeds too (otherwise only seed 0's judgement and margin).
    ``reference``: whose play the best must clearly beat (default: the heuristic bot's).
    """
    rnd = deal_round(seed, rules)
    bots: list[Bot] = [SearchBot(seed=f"{seed}:{s}") if search else HeuristicBot() for s in range(rnd.players)]
    while not rnd.done:
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        if len(view.hand) in hand_sizes:
            found = examine(rnd, stable, max_plays, reference)
            if found is not None:
                yield found
        rnd.apply(bots[seat].act(view))


def examine(rnd: Round, stable: bool = True, max_plays: int = 12, reference: Reference | None = None) -> Found | None:
    """The decision of the seat to act in ``rnd`` as a best puzzle, when it makes one (see the module docstring);
    a decision with more than ``max_plays`` distinct plays is passed over (slow to judge, hard to read)."""
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    trump = view.trump
    assert trump is not None
    if not 2 <= len(candidate_plays(view, max_plays + 1)) <= max_plays:
        return None
    rule = reference or HeuristicBot().play
    if rule(view) is None:
        return None
    fields = position_fields(rnd, seat)
    south = round_of(fields, rnd.rules).view(SOUTH)
    theirs = rule(south)
    if theirs is None:
        return None
    mine = tuple(theirs)
    sig = play_signature(mine, trump)
    screen = [o for o in judge_plays(south, SCREEN, 0) if play_signature(o.choice, trump) == sig]
    if not screen or screen[0].loss < SCREEN_LOSS or screen[0].loss - screen[0].error < SCREEN_LOSS / 2:
        return None
    options = judge_plays(south, GRADING_BUDGET, STABILITY_SEEDS[0])
    if sig in accepted(options, south) or margin_problems(options):
        return None
    accept = [o.choice for o in options if o.grade == CoachGrade.GOOD]
    if stable and stability_problems(south, accept, known={STABILITY_SEEDS[0]: options}):
        return None
    return Found(fields, tuple(options), mine, guess_theme(south, options, mine), south)


def guess_theme(view: PlayerView, options: Sequence[Option], heuristic: Sequence[Card]) -> str:
    """The lesson's idea a position most likely teaches, read off the best play against the reference play."""
    trump = view.trump
    assert trump is not None
    best = options[0]
    theirs = next(o for o in options if play_signature(o.choice, trump) == play_signature(heuristic, trump))
    b, h = best.detail, theirs.detail
    assert b is not None
    assert h is not None
    if b.kitty_points - h.kitty_points >= 5:
        return "last-trick"
    if h.pairs_broken > b.pairs_broken:
        return "keeping-pairs"
    if view.leading:
        if trump.is_trump(best.choice[0]) != trump.is_trump(heuristic[0]):
            return "leading-trumps"
        if len(best.choice) > 1:
            return "keeping-pairs"
        return "counting-trumps"
    partner = _winning_partner(view, trump)
    mine_pts = sum(c.points for c in heuristic)
    best_pts = sum(c.points for c in best.choice)
    if partner and best_pts > mine_pts:
        return "giving-points"
    if not partner and mine_pts > best_pts:
        return "protecting-points"
    if h.trumps_spent != b.trumps_spent:
        return "counting-trumps"
    return "counting-points"
