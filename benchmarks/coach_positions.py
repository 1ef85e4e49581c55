"""Positions where a strong player's choice is not in doubt: a fixed suite for measuring the coach.

    python -m benchmarks.coach_positions        # list the suite: name, theme, accepted plays, the error

A coach is worth trusting when it agrees with a strong player wherever a
strong player would not hesitate. Each ``Position`` is such a decision in a real
round: the deciding player's ``view``, every play (or burial) a strong player
accepts there (``accepted``; ``accepts`` compares by ``play_signature``, so
interchangeable cards count as one, and a burial by its cards), the obvious
error (``error``: legal, not accepted) and ``why`` in one sentence. The themes:

- ``feed-sure-partner``: a partner's winner that no opponent can beat
  (``certainty.side_sure`` for every legal play): give it the most points you
  can without breaking a pair or spending a trump; the error gives nothing;
- ``no-ruff-partner``: void in the suit a partner is surely winning: discard
  (the most points, as above), do not ruff; the error is the cheapest ruff;
- ``no-overruff-partner``: a partner's ruff is surely winning: do not ruff over it;
- ``nothing-to-boss``: an opponent is sure to win, whatever you play: play a
  0-point card (no trump wasted, no pair broken, no boss card thrown), not a 5, 10 or K;
- ``take-points-last``: last to play, 10 points or more on the table, an
  opponent winning and a card of the suit that beats it: win the trick;
- ``smallest-winning-ruff``: last to play and void in a suit, points on the table:
  ruff with the smallest trump that wins, not a big one (being last, it is certain);
- ``keep-pairs``: a single led, the trick beyond your reach, your cards of the
  suit worth nothing: play a lone low card, not one from your pair;
- ``draw-trumps``: early in the round, a declarer leading who holds more trumps
  than all the others together, a long side suit and no side card to cash: lead a
  trump, not a low card of the long suit;
- ``bury-void``: the dealer buries (phase ``"kitty"``): a burial of no trump, no
  point card and no ace that empties a short plain suit, not one holding a trump
  or a 10 or K;
- ``keep-last-trick``: two cards left, the dealer's kitty rich in points, and a
  trump no unseen card can beat: keep it for the last trick (the attackers would
  multiply the kitty), play the other card now.

**How positions are chosen.** Rounds of ``HeuristicBot`` self-play are replayed
from seeds 0, 1, 2 … (two decks, four players, rank 2); for ``keep-last-trick``
the dealer buries its plain point cards instead (a rich kitty), and the bots play
on. Each decision is tested against every theme's filter; the filters are strict
(the player's alternatives are all weighed with the engine: ``legal_plays``,
``winner_of``, ``certainty``), and where a strong player might hesitate — the
best feed breaks a pair, a fed king is a boss, the smallest ruff breaks a trump
pair, a low single is higher than the pair — the decision is dropped. So is one
where a strong player may choose otherwise for a reason of their own (each was
once in the suite, and the engine's best there was that other choice): a trump
5, 10 or K fed to a partner's sure trick gives more than any discard; a winning
ruff last to play can carry points; a side tractor is as strong a first lead as
a trump; a dealer holding both top trumps keeps the last trick and so may bury
points to make a void (lesson 9's rule: bury no points *unless* you are sure of
the last trick). At most
one position per theme comes from one round, and at most ``PER_THEME`` per
theme; the scan stops when every theme has them. The suite is deterministic.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from shengji_tutor.engine.seats import SOUTH

if not __package__:  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tutor import HeuristicBot, Round, RuleSet
from shengji_tutor.engine.cards import Card, deck, format_cards, parse_cards
from shengji_tutor.engine.ids import TRUMP, count_ids, decompose, lead_units, placements, winner_of
from shengji_tutor.engine.plays import legal_plays, strength_spent
from shengji_tutor.engine.trump import Trump
from shengji_tutor.play.certainty import current_winner, side_sure, sure_winner
from shengji_tutor.play.game import advance, prepare_round
from shengji_tutor.play.round import PlayerView
from shengji_tutor.play.sampler import STOCK, Knowledge, unseen_counts
from shengji_tutor.play.search import play_signature
from shengji_tutor.puzzles.positions import build_round

__all__ = ["THEMES", "Position", "accepts", "positions"]

THEMES = (
    "feed-sure-partner",
    "no-ruff-partner",
    "no-overruff-partner",
    "nothing-to-boss",
    "take-points-last",
    "smallest-winning-ruff",
    "keep-pairs",
    "draw-trumps",
    "bury-void",
    "keep-last-trick",
)
PER_THEME = 4
"""Positions kept per theme (fewer when the scan runs out of seeds)."""
SEEDS = 1000
"""Rounds the scan may replay."""
PLAY_CAP = 400
"""Legal plays weighed at one decision; a decision with more is dropped (it is not a clear one)."""
RULES = RuleSet()

Play = tuple[Card, ...]


@dataclass(frozen=True)
class Position:
    """One decision whose answer is not in doubt (see the module docstring)."""

    name: str
    """Unique, kebab-case: the theme and a number, ``"feed-sure-partner-1"``."""
    theme: str
    """One of ``THEMES``."""
    view: PlayerView
    """The deciding player's view: phase ``"play"``, or ``"kitty"`` for a burial (the kitty in hand)."""
    accepted: tuple[Play, ...]
    """Every play (or burial) a strong player accepts here."""
    error: Play
    """The obvious error: legal, not accepted."""
    why: str
    """One sentence: why the accepted plays are right and the error wrong."""


def accepts(position: Position, choice: Sequence[Card]) -> bool:
    """Whether ``choice`` is one of the position's accepted plays (by ``play_signature``) or burials (by cards)."""
    if position.view.phase == "kitty":
        return sorted(c.id for c in choice) in [sorted(c.id for c in a) for a in position.accepted]
    trump = position.view.trump
    assert trump is not None
    mine = play_signature(choice, trump)
    return any(play_signature(a, trump) == mine for a in position.accepted)


def positions() -> list[Position]:
    """The suite: up to ``PER_THEME`` positions per theme, in ``THEMES`` order, the same every time."""
    kept: dict[str, list[Position]] = {theme: [] for theme in THEMES}
    for theme, view, accepted, error, why in _written():
        kept[theme].append(Position(f"{theme}-{len(kept[theme]) + 1}", theme, view, tuple(accepted), error, why))
    for seed in range(SEEDS):
        wanted = {t for t in THEMES if len(kept[t]) < PER_THEME}
        if not wanted:
            break
        for theme, view, accepted, error, why in _scan(seed, wanted):
            name = f"{theme}-{len(kept[theme]) + 1}"
            kept[theme].append(Position(name, theme, view, tuple(accepted), error, why))
    return [p for theme in THEMES for p in kept[theme]]


# -- the scan ------------------------------------------------------------------------------------------

Found = tuple[str, PlayerView, list[Play], Play, str]
"""(theme, view, accepted, error, why)."""


def _scan(seed: int, wanted: set[str]) -> Iterator[Found]:
    """The positions of round ``seed`` (at most one per wanted theme), then of its rich-kitty twin."""
    bot = HeuristicBot()
    bots = [bot] * RULES.players
    done: set[str] = set()
    rnd = Round(RULES, seed=seed)
    advance(rnd, bots, until="kitty")
    if "bury-void" in wanted:
        hit = _bury_void(rnd.view(rnd.to_act or 0))
        if hit is not None:
            done.add("bury-void")
            yield ("bury-void", *hit)
    prepare_round(rnd, bots)
    play_themes = [t for t in _PLAY_THEMES if t in wanted]
    while not rnd.done and play_themes:
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        for theme in play_themes:
            if theme in done:
                continue
            hit = _PLAY_THEMES[theme](view)
            if hit is not None:
                done.add(theme)
                yield (theme, *hit)
                break
        rnd.play(seat, bot.play(view))
    if "keep-last-trick" in wanted:
        hit = _rich_kitty_round(seed)
        if hit is not None:
            yield ("keep-last-trick", *hit)


WRITTEN_DRAWS = (
    # (trump, South's hand as dealt: the dealer, long in trumps, with a long side suit and no side winner)
    ("2S", "BJ BJ SJ 2S 2S 2H 2D 2C AS AS KS QS JS 10S 9S 9S 8S 7S 6S 3H 4H 6H 7H 8H 9H"),
    ("2H", "BJ SJ SJ 2H 2H 2S 2C 2D AH KH KH QH JH 10H 9H 8H 7H 6H 5H 3D 4D 6D 7D 8D 9D"),
)
"""Deals written down (``puzzles.positions.build_round``) for ``draw-trumps``, rare in the bots' rounds: the
others' hands are the rest of the deck, shuffled by a seeded ``random.Random``; the kitty is buried as dealt."""
WRITTEN_KITTY = "3C 4C 6C 7C 3D 4D 6D 7D"


def _written() -> Iterator[Found]:
    """The written positions, each tested by its theme's filter like any other (a position it refuses is left out)."""
    for k, (trump_text, south) in enumerate(WRITTEN_DRAWS):
        trump = Trump(trump_text[:-1], trump_text[-1])
        kitty = parse_cards(WRITTEN_KITTY) if trump_text == "2S" else parse_cards("3C 4C 6C 7C 3S 4S 6S 7S")
        rest = Counter(deck(RULES.decks))
        rest.subtract(Counter([*parse_cards(south), *kitty]))
        others = list(rest.elements())
        random.Random(f"draw-trumps:{k}").shuffle(others)
        size = RULES.hand_size
        hands = {"South": south}
        for n, seat in enumerate(("North", "West", "East")):
            hands[seat] = format_cards(others[n * size : (n + 1) * size], symbols=False)
        text = format_cards(kitty, symbols=False)
        rnd = build_round(RULES, trump, "South", hands, text, text, [], "", declared=f"South 2{trump_text[-1]}")
        hit = _draw_trumps(rnd.view(SOUTH))
        if hit is not None:
            yield ("draw-trumps", *hit)


def _rich_kitty_round(seed: int) -> tuple[PlayerView, list[Play], Play, str] | None:
    """Round ``seed`` with the dealer burying its plain point cards, played on by the bots to the dealer's
    decision with two cards left."""
    bot = HeuristicBot()
    rnd = Round(RULES, seed=seed)
    advance(rnd, [bot] * RULES.players, until="kitty")
    dealer = rnd.to_act
    assert dealer is not None
    assert rnd.trump is not None
    trump = rnd.trump
    hand = rnd.hand(dealer)
    rnd.discard(dealer, sorted(hand, key=lambda c: (trump.is_trump(c), -c.points, trump.key(c)))[: RULES.kitty])
    while not rnd.done:
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        if seat == dealer and len(view.hand) == 2:
            return _keep_last_trick(view)
        rnd.play(seat, bot.play(view))
    return None  # pragma: no cover - every round reaches two cards a hand


# -- helpers -------------------------------------------------------------------------------------------


def _trump(view: PlayerView) -> Trump:
    assert view.trump is not None
    return view.trump


def _points(cards: Sequence[Card]) -> int:
    return sum(c.points for c in cards)


def _trumps(view: PlayerView, cards: Sequence[Card]) -> int:
    trump = _trump(view)
    return sum(1 for c in cards if trump.is_trump(c))


def _broken(view: PlayerView, play: Sequence[Card]) -> int:
    """Pairs (or wider tuples) in hand that the play takes some but not all of."""
    held = count_ids([c.id for c in view.hand])
    used = count_ids([c.id for c in play])
    return sum(1 for i, c in used.items() if held[i] >= 2 and c < held[i])


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def _follows(view: PlayerView) -> list[Play] | None:
    """The distinct legal follows (one per ``play_signature``), or ``None`` when there are too many to weigh."""
    trump = _trump(view)
    plays = list(islice(legal_plays(view.hand, view.trick[0], trump, view.rules), PLAY_CAP + 1))
    if len(plays) > PLAY_CAP:
        return None
    distinct: dict[tuple[tuple[int, int, int], ...], Play] = {}
    for p in plays:
        distinct.setdefault(play_signature(p, trump), p)
    return sorted(distinct.values(), key=lambda p: (strength_spent(p, trump), [c.id for c in p]))


def _wins(view: PlayerView, play: Sequence[Card]) -> bool:
    """The play takes the lead of the trick so far (RULES §7)."""
    trick = [[c.id for c in p] for p in view.trick]
    return winner_of([*trick, [c.id for c in play]], _trump(view), view.rules) == len(trick)


def _boss_card(view: PlayerView, card: Card) -> bool:
    """A plain card no unseen card of its suit outranks: it would win a trick of its suit later."""
    trump = _trump(view)
    s, k = trump.suit_table[card.id], trump.key_table[card.id]
    if s == TRUMP:
        return False
    return not any(trump.suit_table[i] == s and trump.key_table[i] > k for i in unseen_counts(view))


def _boss_trump(view: PlayerView, card: Card) -> bool:
    """A trump no unseen card equals or outranks: it wins any single-card trick it is played to."""
    trump = _trump(view)
    suit, key = trump.suit_table, trump.key_table
    return trump.is_trump(card) and not any(suit[i] == TRUMP and key[i] >= key[card.id] for i in unseen_counts(view))


def _boss_unit(view: PlayerView, unit: Sequence[int]) -> bool:
    """No unseen cards can form a higher unit of this unit's shape in its suit (as ``HeuristicBot`` judges it)."""
    trump = _trump(view)
    suit, key = trump.suit_table, trump.key_table
    s = suit[unit[0]]
    held = {i: c for i, c in unseen_counts(view).items() if suit[i] == s}
    raw = decompose(list(unit), key)[0]
    for cand, _ in placements(held, key, raw[0], raw[1]):
        return cand[2] <= raw[2]
    return True


def _led_suit(view: PlayerView) -> int:
    return _trump(view).suit_table[view.trick[0][0].id]


def _in_suit(view: PlayerView, s: int) -> list[Card]:
    trump = _trump(view)
    return [c for c in view.hand if trump.suit_table[c.id] == s]


def _side(view: PlayerView) -> set[int]:
    return {view.seat, *view.partner_seats()}


def _feeds(view: PlayerView, plays: Sequence[Play]) -> list[Play] | None:
    """The plays giving the most points without a trump spent or a pair broken, when they give at least 10, no
    other play gives more, and none of them throws a boss card; else ``None`` (the feed is in doubt)."""
    fewest = min(_trumps(view, p) for p in plays)
    clean = [p for p in plays if _trumps(view, p) == fewest and not _broken(view, p)]
    if not clean:
        return None
    best = max(_points(p) for p in clean)
    if best < 10 or best < max(_points(p) for p in plays):
        return None
    feeds = [p for p in clean if _points(p) == best]
    if any(_boss_card(view, c) for p in feeds for c in p):
        return None
    return feeds


def _nothing(view: PlayerView, plays: Sequence[Play]) -> list[Play]:
    """The 0-point plays that spend no trump it need not, break no pair and throw no boss card."""
    fewest = min(_trumps(view, p) for p in plays)
    return [
        p
        for p in plays
        if not _points(p)
        and _trumps(view, p) == fewest
        and not _broken(view, p)
        and not any(_boss_card(view, c) for c in p)
    ]


# -- the themes of the play -----------------------------------------------------------------------------

Hit = tuple[PlayerView, list[Play], Play, str] | None


def _feed_sure_partner(view: PlayerView) -> Hit:
    if view.leading or current_winner(view) not in view.partner_seats():
        return None
    plays = _follows(view)
    if plays is None or not all(side_sure(view, p) for p in plays):
        return None
    feeds = _feeds(view, plays)
    zero = _nothing(view, plays)
    if feeds is None or not zero:
        return None
    winner = current_winner(view)
    why = (
        f"Your partner (seat {winner}) is sure to win this trick whatever is played after you, so give it "
        f"{_points(feeds[0])} points ({_cards(feeds[0])}) without breaking a pair or spending a trump; "
        f"{_cards(zero[0])} gives nothing."
    )
    return view, feeds, zero[0], why


def _discard_not_ruff(view: PlayerView, partner_ruffed: bool) -> Hit:
    """Void in the plain suit a partner is surely winning: discard, do not (over-)ruff."""
    if view.leading or current_winner(view) not in view.partner_seats():
        return None
    led = _led_suit(view)
    if led == TRUMP or _in_suit(view, led):
        return None
    trump = _trump(view)
    trick = [[c.id for c in p] for p in view.trick]
    winning = view.trick[winner_of(trick, trump, view.rules)]
    if trump.is_trump(winning[0]) != partner_ruffed:
        return None
    if any(
        _boss_unit(view, u) for u in lead_units([c.id for c in view.hand], trump) if trump.suit_table[u[0]] != TRUMP
    ):
        return None  # a side boss to cash: taking the lead might be worth a trump
    plays = _follows(view)
    if plays is None:
        return None
    discards = [p for p in plays if not _trumps(view, p)]
    ruffs = [p for p in plays if _trumps(view, p) == len(p) and _wins(view, p)]
    if not discards or not ruffs or not all(side_sure(view, p) for p in discards):
        return None
    clean = [p for p in discards if not _broken(view, p)]
    if not clean:
        return None
    best = max(_points(p) for p in clean)
    if best < max(_points(p) for p in discards):
        return None
    if any(_points(p) > best and side_sure(view, p) for p in plays if _trumps(view, p)):
        return None  # a trump 5, 10 or K fed to the sure trick gives more: a strong player may spend it so
    accepted = [p for p in clean if _points(p) == best]
    if any(_boss_card(view, c) for p in accepted for c in p):
        return None
    error = min(ruffs, key=lambda p: strength_spent(p, trump))
    what = "partner's ruff" if partner_ruffed else "partner's winner"
    verb = "ruff over it" if partner_ruffed else "ruff it"
    why = (
        f"Your {what} is sure to win the trick, so discard ({_cards(accepted[0])}, the most points you can give "
        f"without breaking a pair) and keep your trumps; to {verb} with {_cards(error)} wastes a trump."
    )
    return view, accepted, error, why


def _no_ruff_partner(view: PlayerView) -> Hit:
    return _discard_not_ruff(view, partner_ruffed=False)


def _no_overruff_partner(view: PlayerView) -> Hit:
    return _discard_not_ruff(view, partner_ruffed=True)


def _nothing_to_boss(view: PlayerView) -> Hit:
    winner = current_winner(view)
    if view.leading or winner is None or winner in _side(view):
        return None
    plays = _follows(view)
    if plays is None or any(_wins(view, p) for p in plays):
        return None
    if not all(sure_winner(view, p) == winner for p in plays):
        return None
    zero = _nothing(view, plays)
    fewest = min(_trumps(view, p) for p in plays)
    dear = [p for p in plays if _points(p) >= 10 and _trumps(view, p) == fewest]
    if not zero or not dear:
        return None
    error = max(dear, key=lambda p: (_points(p), -strength_spent(p, _trump(view))))
    why = (
        f"Seat {winner} is sure to win this trick and nothing you hold beats it, so play a 0-point card "
        f"({_cards(zero[0])}); {_cards(error)} hands the opponents {_points(error)} points."
    )
    return view, zero, error, why


def _take_points_last(view: PlayerView) -> Hit:
    winner = current_winner(view)
    if len(view.trick) != view.rules.players - 1 or winner is None or winner in _side(view):
        return None
    on_table = sum(_points(p) for p in view.trick)
    led = _led_suit(view)
    if on_table < 10 or led == TRUMP or len(_in_suit(view, led)) < len(view.trick[0]):
        return None  # a trump lead is the smallest-winning question again
    plays = _follows(view)
    if plays is None:
        return None
    winners = [p for p in plays if _wins(view, p)]
    losers = [p for p in plays if not _wins(view, p)]
    accepted = [p for p in winners if not _broken(view, p)]
    if not accepted or not losers:
        return None
    trump = _trump(view)
    error = min(losers, key=lambda p: (strength_spent(p, trump), _points(p)))
    why = (
        f"You play last and {_cards(accepted[0])} wins the trick: take its {on_table} points; "
        f"{_cards(error)} leaves them to the opponents."
    )
    return view, accepted, error, why


def _smallest_winning_ruff(view: PlayerView) -> Hit:
    winner = current_winner(view)
    if len(view.trick) != view.rules.players - 1 or winner is None or winner in _side(view):
        return None
    led = _led_suit(view)
    on_table = sum(_points(p) for p in view.trick)
    if led == TRUMP or _in_suit(view, led) or on_table < 10:
        return None
    plays = _follows(view)
    if plays is None:
        return None
    trump = _trump(view)
    ruffs = [p for p in plays if _trumps(view, p) == len(p) and _wins(view, p)]
    if len(ruffs) < 2:
        return None
    least = min(strength_spent(p, trump) for p in ruffs)
    accepted = [p for p in ruffs if strength_spent(p, trump) == least]
    error = max(ruffs, key=lambda p: strength_spent(p, trump))
    if any(_broken(view, p) for p in accepted) or strength_spent(error, trump) - least < 3 * len(error):
        return None
    if any(_points(p) > _points(accepted[0]) for p in ruffs if p is not error):
        return None  # a winning ruff with a trump 5, 10 or K banks its points too: a strong player may prefer it
    why = (
        f"You play last, so the smallest trump that wins ({_cards(accepted[0])}) takes the {on_table} points as "
        f"surely as {_cards(error)}, and keeps the big trump for later."
    )
    return view, accepted, error, why


def _keep_pairs(view: PlayerView) -> Hit:
    winner = current_winner(view)
    if view.leading or winner is None or len(view.trick[0]) != 1:
        return None
    trump = _trump(view)
    mine = _in_suit(view, _led_suit(view))
    if not mine or _points(mine):
        return None
    held = Counter(c.id for c in mine)
    pairs = [i for i, c in held.items() if c >= 2]
    lone = [i for i, c in held.items() if c == 1]
    if not pairs or not lone:
        return None
    key = trump.key_table
    if max(key[i] for i in lone) >= min(key[i] for i in pairs):
        return None  # a lone card above a pair: keeping the pair costs a high card, which is in doubt
    plays = _follows(view)
    if plays is None or not all(sure_winner(view, p) == winner for p in plays):
        return None
    accepted = [p for p in plays if p[0].id in lone]
    error = next(p for p in plays if p[0].id == min(pairs, key=lambda i: key[i]))
    why = (
        f"The trick is seat {winner}'s whatever you play and your cards of the suit are worth nothing, so play "
        f"a lone card ({_cards(accepted[0])}) and keep the pair; {_cards(error)} breaks it."
    )
    return view, accepted, error, why


def _draw_trumps(view: PlayerView) -> Hit:
    if not view.leading or view.seat not in view.declarers or len(view.tricks) > 8:
        return None
    trump = _trump(view)
    suit = trump.suit_table
    mine = [c for c in view.hand if trump.is_trump(c)]
    out = sum(n for i, n in unseen_counts(view).items() if suit[i] == TRUMP)
    if len(mine) < 8 or len(mine) < out:
        return None
    lengths = Counter(suit[c.id] for c in view.hand if not trump.is_trump(c))
    if not lengths:
        return None
    long_suit, length = max(lengths.items(), key=lambda kv: (kv[1], -kv[0]))
    if length < 5:
        return None
    units = list(lead_units([c.id for c in view.hand], trump))
    if any(_boss_unit(view, u) for u in units if suit[u[0]] != TRUMP):
        return None  # a side winner to cash first would be as good a lead
    if any(len(u) >= 4 for u in units if suit[u[0]] != TRUMP):
        return None  # a side tractor is a strong lead too (only a higher tractor or a void with trump pairs beats it)
    low = [c for c in view.hand if suit[c.id] == long_suit and not c.points]
    if not low:
        return None
    error = (min(low, key=lambda c: trump.key(c)),)
    accepted: list[Play] = []
    seen: set[tuple[tuple[int, int, int], ...]] = set()
    for u in units:
        if suit[u[0]] == TRUMP:
            play = tuple(Card.from_id(i) for i in u)
            if play_signature(play, trump) not in seen:
                seen.add(play_signature(play, trump))
                accepted.append(play)
    why = (
        f"You hold {len(mine)} of the {len(mine) + out} trumps still in play and a long side suit: lead trumps to draw "
        f"the opponents' before you play the suit; {_cards(error)} gives the lead away cheaply while they can ruff."
    )
    return view, accepted, error, why


_PLAY_THEMES: dict[str, Callable[[PlayerView], Hit]] = {
    "feed-sure-partner": _feed_sure_partner,
    "no-ruff-partner": _no_ruff_partner,
    "no-overruff-partner": _no_overruff_partner,
    "nothing-to-boss": _nothing_to_boss,
    "take-points-last": _take_points_last,
    "smallest-winning-ruff": _smallest_winning_ruff,
    "keep-pairs": _keep_pairs,
    "draw-trumps": _draw_trumps,
}


# -- the kitty and the last trick ----------------------------------------------------------------------

SHORT = 5
"""The most cards a plain suit may have to be emptied by the burial (a longer suit is worth keeping)."""
BURIALS_CAP = 300
"""The most accepted burials a position may list (more: too loose a choice to be a clear one)."""


def _bury_void(view: PlayerView) -> Hit:
    """The dealer's burial: void a short plain suit, bury no trump, no point card, no ace."""
    if view.phase != "kitty" or view.seat != view.kitty_holder:
        return None
    trump = _trump(view)
    k = view.rules.kitty
    eligible = [c for c in view.hand if not trump.is_trump(c) and not c.points and c.rank != "A"]
    by_suit: dict[str, list[Card]] = {}
    for c in view.hand:
        if not trump.is_trump(c):
            by_suit.setdefault(trump.suit_of(c), []).append(c)
    voidable = {s for s, cards in by_suit.items() if len(cards) <= SHORT and all(c in eligible for c in cards)}
    if not voidable or len(eligible) > 13 or len(eligible) < k:
        return None
    counts = sorted(Counter(c.id for c in eligible).items())
    accepted: list[Play] = []
    for combo in _multisets(counts, k):
        cards = Counter(combo)
        if any(all(cards[c.id] >= by_suit[s].count(c) for c in by_suit[s]) for s in voidable):
            accepted.append(tuple(Card.from_id(i) for i in combo))
    if not accepted or len(accepted) > BURIALS_CAP:
        return None
    dear = [c for c in view.hand if trump.is_trump(c) or c.points >= 10]
    if not dear:
        return None
    top = max((c for c in view.hand if trump.is_trump(c)), key=trump.key, default=None)
    if top is not None and _boss_trump(view, top) and sum(1 for c in view.hand if c.id == top.id) >= 2:
        return None  # both top trumps: the last trick is the dealer's to keep, so burying points is in doubt
    swap = max(dear, key=lambda c: (c.points, trump.is_trump(c)))
    error = (*accepted[0][:-1], swap)
    buried = Counter(c.id for c in accepted[0])
    voided = [
        trump.suit_name(s) for s in sorted(voidable) if all(buried[c.id] >= by_suit[s].count(c) for c in by_suit[s])
    ]
    why = (
        f"Burying {_cards(accepted[0])} empties your {' and '.join(voided)}, so you can ruff them, and keeps every "
        f"trump and point card out of the kitty (any burial like it will do); burying {_cards((swap,))} gives the "
        f"attackers a share of the kitty."
    )
    return view, accepted, error, why


def _multisets(counts: Sequence[tuple[int, int]], k: int) -> Iterator[list[int]]:
    """Every multiset of ``k`` ids from ``(id, copies)`` pairs, each once."""
    if k == 0:
        yield []
        return
    if not counts:
        return
    (cid, copies), rest = counts[0], counts[1:]
    for take in range(min(copies, k), -1, -1):
        for tail in _multisets(rest, k - take):
            yield [cid] * take + tail


def _keep_last_trick(view: PlayerView) -> Hit:
    """Two cards left, the dealer holds a trump nobody can beat and a kitty rich in points: keep the trump."""
    trump = _trump(view)
    kitty = _points(view.discards)
    if view.seat != view.dealer or kitty < 20 or len(view.hand) != 2 or (view.trick and len(view.trick[0]) != 1):
        return None
    unseen = unseen_counts(view)
    top = [c for c in view.hand if _boss_trump(view, c)]
    if len(top) != 1:
        return None
    (best,) = top
    (other,) = [c for c in view.hand if c is not best]
    if play_signature((other,), trump) == play_signature((best,), trump):
        return None
    if not _opponent_may_beat(view, other):
        return None  # the other card is sure of the last trick too: either play is as good
    if view.trick:
        legal = _follows(view)
        if legal is None or not {play_signature((c,), trump) for c in view.hand} <= {
            play_signature(p, trump) for p in legal
        }:
            return None
    at_stake = (
        sum(_points(p) for p in view.trick)
        + _points(view.hand)
        + sum(Card.from_id(i).points * n for i, n in unseen.items())
    )
    if 2 * kitty <= at_stake:
        return None  # this trick could be worth more than the kitty
    why = (
        f"The kitty holds {kitty} points, which the attackers would double by winning the last trick; "
        f"{_cards((best,))} is sure to win it, so play {_cards((other,))} now and keep {_cards((best,))} for the "
        f"last trick."
    )
    return view, [(other,)], (best,), why


def _opponent_may_beat(view: PlayerView, card: Card, draws: int = 200) -> bool:
    """Whether an opponent may hold a card that beats ``card`` led alone: in one of ``draws`` deals that agree with
    what the player knows (a card shown in a partner's declaration stays with the partner)."""
    trump = _trump(view)
    suit, key = trump.suit_table, trump.key_table
    partners = set(view.partner_seats()) | {view.seat}
    sampler = Knowledge.of(view).sampler()
    rng = random.Random(f"beat:{card.id}")
    for _ in range(draws):
        deal = sampler.sample(rng)
        for seat, ids in deal.items():
            if seat in partners or seat == STOCK:
                continue
            if any(
                suit[i] in (suit[card.id], TRUMP) and (suit[i] != suit[card.id] or key[i] > key[card.id]) for i in ids
            ):
                return True
    return False


def main() -> None:
    """Print the suite."""
    suite = positions()
    counts = Counter(p.theme for p in suite)
    for p in suite:
        accepted = "; ".join(_cards(a) for a in p.accepted[:4]) + (" …" if len(p.accepted) > 4 else "")
        print(f"{p.name:28} accept {accepted:40} error {_cards(p.error)}")
        print(f"{'':28} {p.why}")
    print(f"{len(suite)} positions: " + ", ".join(f"{t} {counts[t]}" for t in THEMES))


if __name__ == "__main__":
    main()
