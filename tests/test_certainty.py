"""Who can still beat a trick (``play.certainty``): rule tables on small endgames, and a brute-force check.

The tables use four-card hands (``kitty_size=92``) and the dealer's view: the
dealer buried the kitty and knows it, so the cards it cannot see are exactly
the ones a test names, and each answer can be worked out by hand.

The brute-force check replays seeded rounds of ``HeuristicBot``: at many
decisions, for each candidate play, it draws deals of the hidden cards from
the sampler, fills the round in, plays the candidate, and tries every legal play
of every later seat. Whenever one beats the trick's winner, that seat must be
among ``beaters`` (soundness). ``beaters`` must also be useful: it often finds
nobody when one seat is left to play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from shengji_tutor import Card, HeuristicBot, PlayerView, Round, RuleSet, Trump, parse_cards
from shengji_tutor.engine.cards import cards_of, deck
from shengji_tutor.engine.ids import decompose, lead_units, legal_plays, winner_of
from shengji_tutor.play.certainty import beaters, current_winner, side_sure, sure_winner
from shengji_tutor.play.game import prepare_round
from shengji_tutor.play.round import Trick
from shengji_tutor.play.sampler import STOCK, Knowledge
from shengji_tutor.play.search import candidate_plays

SMALL = RuleSet(kitty_size=92)
"""Four cards a hand: 92 lie in the kitty."""
T2S = Trump("2", "S")
"""Rank 2, spades trump: the trumps are the jokers, the 2s and the spades."""


def table(hand: str, unseen: str, trick: Sequence[str] = (), tricks: Sequence[tuple[int, str]] = ()) -> PlayerView:
    """Seat 0's view, as the dealer: ``hand`` now, the hidden hands holding exactly ``unseen`` between them.

    ``trick`` is the trick so far (plays from its leader, who is whoever makes seat 0 next); ``tricks`` the finished
    tricks, each a leader and its plays written ``"AH | 3H | 5D | 4H"``. Every other card is in the kitty seat 0 buried.
    """
    done = []
    for leader, line in tricks:
        plays = tuple(tuple(parse_cards(p)) for p in line.split("|"))
        index = winner_of([[c.id for c in p] for p in plays], T2S, SMALL)
        done.append(Trick(leader, plays, (leader + index) % 4, sum(c.points for p in plays for c in p)))
    now = tuple(tuple(parse_cards(p)) for p in trick)
    shown = [*parse_cards(hand), *parse_cards(unseen), *(c for p in now for c in p)]
    shown += [c for t in done for p in t.plays for c in p]
    kitty = Counter(deck(2))
    kitty.subtract(Counter(shown))
    assert min(kitty.values()) >= 0, "a card is named more often than the decks hold it"
    leader = (-len(now)) % 4
    view = PlayerView(
        seat=0,
        phase="play",
        rules=SMALL,
        rank="2",
        hand=tuple(parse_cards(hand)),
        trump=T2S,
        dealer=0,
        declaration=None,
        leader=leader,
        trick=now,
        tricks=tuple(done),
        discards=tuple(kitty.elements()),
        declarers=(0, 2),
        calls=(),
        points_won=(0, 0, 0, 0),
    )
    knowledge = Knowledge.of(view)
    assert sum(knowledge.sizes.values()) == len(knowledge.unseen), "the hidden hands do not hold the unseen cards"
    return view


# twelve hearts: they fill the hidden hands, so nobody can be void in hearts
HEARTS = "KH KH QH QH JH JH 10H 10H 9H 9H 8H 8H"

BEATERS = [
    # (rule, seat 0's hand, the unseen cards, the trick so far, finished tricks, seat 0's play, the beaters)
    ("a boss single, no trump unseen: nobody beats it", "AH AH 3D 4D", HEARTS, (), (), "AH", ()),
    (
        "a single under the other copy of the ace: anyone may hold it",
        "KH 3D 4D 5D",
        "AH KH QH QH JH JH 10H 10H 9H 9H 8H 8H",
        (),
        (),
        "KH",
        (1, 2, 3),
    ),
    (
        "equal cards: the ace played first keeps the trick",
        "AH 3D 4D 5D",
        "AH KH KH QH QH JH JH 10H 10H 9H 9H 8H",
        (),
        (),
        "AH",
        (),
    ),
    (
        "a seat may ruff only if it can be void: ten hearts in twelve cards",
        "AH AH 3D 4D",
        "KH KH QH QH JH JH 10H 10H 9H 9H 3S 4S",
        (),
        (),
        "AH",
        (),
    ),
    (
        "a seat not known void may be void, and ruff",
        "AH AH 3D 4D",
        "KH KH QH QH 9H 9H 3S 4S 5S 6S 7S 8S",
        (),
        (),
        "AH",
        (1, 2, 3),
    ),
    (
        "a seat known void in the suit may ruff",
        "AH 4D 5D",
        "KH QH JH 10H 9H 9H 3S 4S 5S",
        (),
        [(0, "AH | 7H | 3D | 8H")],
        "AH",
        (2,),
    ),
    (
        "no trumps unseen: a seat void in the suit must discard",
        "AH 4D 5D",
        "KH QH JH 10H 9H 9H 3C 4C 5C",
        (),
        [(0, "AH | 7H | 3D | 8H")],
        "AH",
        (),
    ),
    (
        "a seat void in the suit and in trump cannot ruff",
        "AH 4D",
        "KH QH JH 3S 5C 6C",
        (),
        [(0, "AH | 7H | 3D | 8H"), (0, "AS | 4S | 5C | 6S")],
        "AH",
        (),
    ),
    (
        "a pair is beaten only by a higher pair: two higher singles do not",
        "KH KH 3D 4D",
        "AH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 3H",
        (),
        (),
        "KH KH",
        (),
    ),
    (
        "a higher pair unseen beats a pair",
        "KH KH 3D 4D",
        "AH AH JH 10H 9H 8H 7H 6H 5H 4H 3H 3H",
        (),
        (),
        "KH KH",
        (1, 2, 3),
    ),
    ("a trump pair ruffs a pair", "KH KH 4D 5D", "AH QH JH 10H 9H 8H 7H 6H 3S 3S 3C 4C", (), (), "KH KH", (1, 2, 3)),
    (
        "two trumps that are no pair do not ruff a pair",
        "KH KH 4D 5D",
        "AH QH JH 10H 9H 8H 7H 6H 3S 4S 3C 4C",
        (),
        (),
        "KH KH",
        (),
    ),
    (
        "a tractor is beaten by a higher tractor",
        "5H 5H 4H 4H",
        "7H 7H 6H 6H 3D 4D 5D 6D 7D 8D 9D 10D",
        (),
        (),
        "5H 5H 4H 4H",
        (1, 2, 3),
    ),
    (
        "pairs that are not consecutive make no tractor",
        "5H 5H 4H 4H",
        "8H 8H 6H 6H 3D 4D 5D 6D 7D 8D 9D 10D",
        (),
        (),
        "5H 5H 4H 4H",
        (),
    ),
    (
        "the last to play leaves nobody after it",
        "3H 4D 5D",
        "AH AH KH KH 3S 4S",
        ("AS", "BJ", "SJ"),
        [(1, "AC | 7C | 3C | 8C")],
        "3H",
        (),
    ),
    (
        "an over-ruff needs a trump above the ruff",
        "KS 4D 5D 6D",
        "KH KH QH QH JH JH 3S 4S 5S 6S 7S",
        ("5H",),
        (),
        "KS",
        (),
    ),
    (
        "an over-ruff by a seat that may be void",
        "KS 4D 5D 6D",
        "KH KH QH QH JH JH 3S 4S AS 6S 7S",
        ("5H",),
        (),
        "KS",
        (1, 2),
    ),
    (
        "a throw that may fail: whoever holds the ace beats the king led alone",
        "AH KH 4D 5D",
        "AH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 3H",
        (),
        (),
        "AH KH",
        (1, 2, 3),
    ),
    (
        "a throw of bosses stands, and nobody can ruff",
        "AH AH KH 5D",
        "KH QH QH JH JH 10H 10H 9H 9H 8H 8H 7H",
        (),
        (),
        "AH AH KH",
        (),
    ),
]


@pytest.mark.parametrize(
    ("hand", "unseen", "trick", "tricks", "play", "expected"),
    [case[1:] for case in BEATERS],
    ids=[case[0] for case in BEATERS],
)
def test_beaters(
    hand: str, unseen: str, trick: tuple[str, ...], tricks: list[tuple[int, str]], play: str, expected: tuple[int, ...]
) -> None:
    view = table(hand, unseen, trick, tricks)
    assert beaters(view, parse_cards(play)) == expected


def test_current_winner_and_sure_winner() -> None:
    """A partner's boss ace, nobody left who can ruff: sure to win, and so the trick is the side's."""
    view = table("3H 4D 5D 6D", "KH KH QH QH JH JH 10H 10H 9H 9H", ("AH", "4H"))  # seat 2 led; seat 1 is last
    assert current_winner(view) == 2
    assert beaters(view, parse_cards("3H")) == ()
    assert sure_winner(view, parse_cards("3H")) == 2
    assert side_sure(view, parse_cards("3H"))
    assert current_winner(table("AH AH 3D 4D", HEARTS)) is None


def test_a_partner_who_can_beat_keeps_the_trick_on_the_side() -> None:
    """Seat 0 leads a king; only its partner (seat 2) can hold the ace: the winner is not sure, the side is."""
    view = table("KH 3D 4D", "AH 5C 6C 7C 8C 9C 10C JC QC", (), [(0, "AH | 7C | 3H | 8C")])  # 1 and 3 lack hearts
    assert beaters(view, parse_cards("KH")) == (2,)
    assert sure_winner(view, parse_cards("KH")) is None
    assert side_sure(view, parse_cards("KH"))


def test_the_view_s_phase_is_checked() -> None:
    rnd = Round(seed=3, dealer=0)
    with pytest.raises(ValueError, match="during the play"):
        beaters(rnd.view(0), parse_cards("3H"))


# -- the brute force ---------------------------------------------------------------------------------------


def _can_beat(rnd: Round, seat: int) -> bool:
    """Whether ``seat``'s hand in this filled-in round holds a legal play that beats the trick so far."""
    trump = rnd.trump
    assert trump is not None
    trick = [[c.id for c in p] for p in rnd.trick]
    for play in legal_plays(rnd.hand(seat), cards_of(trick[0]), trump, rnd.rules):
        ids = [c.id for c in play]
        if winner_of([*trick, ids], trump, rnd.rules) == len(trick):
            return True
    return False


def _throws(view: PlayerView, rng: random.Random, k: int) -> list[tuple[Card, ...]]:
    """A few throws the player could try: two units of one suit together (they may fail)."""
    trump = view.trump
    assert trump is not None
    units = list(lead_units([c.id for c in view.hand], trump))
    held = Counter(c.id for c in view.hand)
    out = []
    for _ in range(k):
        first = rng.choice(units)
        same = [u for u in units if trump.suit_table[u[0]] == trump.suit_table[first[0]] and u != first]
        if not same:
            continue
        both = first + rng.choice(same)
        if all(c <= held[i] for i, c in Counter(both).items()) and len(decompose(both, trump.key_table)) > 1:
            out.append(cards_of(both))
    return out


def _decisions(rules: RuleSet, seeds: range, every: int) -> list[PlayerView]:
    """Views at every ``every``-th decision of seeded ``HeuristicBot`` rounds."""
    bot = HeuristicBot()
    out = []
    for seed in seeds:
        rnd = Round(rules, seed=seed)
        prepare_round(rnd, [bot] * rules.players)
        step = 0
        while not rnd.done:
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            if step % every == seed % every:
                out.append(view)
            rnd.play(seat, bot.play(view))
            step += 1
    return out


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [(RuleSet(), range(4)), (RuleSet(decks=1), range(3)), (RuleSet(players=6), range(2))],
    ids=["two decks", "one deck", "six players"],
)
def test_beaters_are_sound_on_sampled_deals(rules: RuleSet, seeds: range) -> None:
    """No sampled deal lets a seat beat the winner unless ``beaters`` names it; and most seats it names are seen
    to beat it on some of the same few deals (it is not "everybody": the rest are rare deals, like a void)."""
    rng = random.Random(0)
    checked = named_seats = witnessed = 0
    for view in _decisions(rules, seeds, every=6):
        plays = candidate_plays(view, 6)
        if view.leading:
            plays += _throws(view, rng, 2)
        sampler = Knowledge.of(view).sampler()
        for play in plays:
            named = beaters(view, play)
            seen: set[int] = set()
            for _ in range(25):
                hidden = sampler.sample(rng)
                kitty = hidden.pop(STOCK, [])
                rnd = Round.position(view, hidden, kitty)
                rnd.play(view.seat, play)  # a failed throw is replaced by its forced unit, as at the table
                n = rnd.players
                for k in range(len(rnd.trick), n if rnd.trick else 0):
                    seat = (rnd.leader + k) % n
                    checked += 1
                    if seat not in seen and _can_beat(rnd, seat):
                        assert seat in named, (view, play, seat, named)
                        seen.add(seat)
            named_seats += len(named)
            witnessed += len(seen)
    assert checked > 1000
    assert witnessed >= 0.75 * named_seats


def test_beaters_are_not_everybody() -> None:
    """Before the last seat, some plays leave nobody who can beat the trick: a boss led, a partner's boss fed."""
    views = [v for v in _decisions(RuleSet(), range(6), every=3) if len(v.trick) < 3]
    plays = [(v, p) for v in views for p in candidate_plays(v, 6)]
    sure = [(v, p) for v, p in plays if not beaters(v, p)]
    assert len(sure) >= 0.04 * len(plays)
    assert any(v.leading for v, _ in sure)
    assert any(len(v.trick) == 2 for v, _ in sure)
    assert any(side_sure(v, p) and sure_winner(v, p) != v.seat for v, p in plays)


def test_beaters_are_fast() -> None:
    """Well under 5 ms a decision (the coach asks it for every legal play)."""
    import time

    views = _decisions(RuleSet(), range(2), every=2)
    start = time.perf_counter()
    calls = 0
    for view in views:
        for play in candidate_plays(view, 6):
            beaters(view, play)
            calls += 1
    assert (time.perf_counter() - start) / calls < 0.005
