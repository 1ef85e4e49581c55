"""The sampler of hidden hands: every deal it draws agrees with what the player saw, and it draws them uniformly.

Two independent checks. Replaying random rounds, at every decision the true
hidden hands agree with ``Knowledge.of(view)`` (so every fact it derives is
true) and so does a drawn deal. On small endgames, a brute-force oracle lists
every deal of the unseen cards (copies told apart, as a shuffle tells them
apart), keeps those that satisfy constraints the test states itself, and the
sampler's frequencies are compared with those by a chi-square test.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import pytest

from shengji_tutor import Card, PlayerView, RandomBot, Round, RuleSet, Trump, parse_cards
from shengji_tutor.engine.trump import TRUMP
from shengji_tutor.play.bots import TableBot
from shengji_tutor.play.game import run_round
from shengji_tutor.play.round import Declaration, Trick
from shengji_tutor.play.sampler import STOCK, Fact, ImpossibleKnowledge, Knowledge, Sampler

T7C = Trump("7", "C")
SUIT = T7C.suit_table
S, H, D = 0, 1, 2  # effective suits of the id layer (SUITS order S H D C)

# -- replaying random rounds ---------------------------------------------------------------------------

ROUNDS = [  # (rules, seeds): 500 rounds in all, over the variants the round's conformance tests cover
    (RuleSet(), 150),
    (RuleSet(decks=1), 80),
    (RuleSet(decks=3), 30),
    (RuleSet(players=5), 60),
    (RuleSet(players=6), 40),
    (RuleSet(players=6, partnership="friends"), 40),
    (RuleSet(decks=3, players=6, partnership="friends"), 15),
    (RuleSet(throw_penalty=10), 40),
    (RuleSet(no_declaration="kitty"), 25),
    (RuleSet(decks=1, players=6, kitty_size=6), 20),
]


def truth(rnd: Round, knowledge: Knowledge) -> dict[int, list[int]]:
    """The hidden holders' real cards."""
    out = {s: sorted(c.id for c in rnd.hand(s)) for s in knowledge.sizes if s != STOCK}
    if STOCK in knowledge.sizes:
        stock = rnd.deck_order[rnd.dealt :] if rnd.phase == "deal" else list(rnd.discards)
        out[STOCK] = sorted(c.id for c in stock)
    return out


class CheckingBot(TableBot):
    """A random bot that, before each answer, checks the sampler against the round it is playing in."""

    def __init__(self, rnd: Round, seed: str, checks: list[int]) -> None:
        self.rnd = rnd
        self.inner = RandomBot(random.Random(seed), throw_rate=0.3)
        self.rng = random.Random(f"sample:{seed}")
        self.checks = checks

    def check(self, view: PlayerView) -> None:
        knowledge = Knowledge.of(view)
        real = truth(self.rnd, knowledge)
        assert knowledge.broken(real) == [], f"a fact about seat {view.seat}'s view is false"
        drawn = knowledge.sampler().sample(self.rng)
        assert knowledge.broken(drawn) == []
        self.checks[0] += 1

    def declare(self, view: PlayerView) -> Sequence[Card] | None:
        if view.dealt % 7 == 0:  # the deal asks often: check some of those views
            self.check(view)
        return self.inner.declare(view)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        self.check(view)
        return self.inner.discard(view)

    def call(self, view: PlayerView) -> Sequence[tuple[Card, int]]:
        return self.inner.call(view)

    def play(self, view: PlayerView) -> Sequence[Card]:
        self.check(view)
        return self.inner.play(view)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "seeds"), ROUNDS, ids=lambda x: repr(x) if isinstance(x, RuleSet) else str(x))
def test_every_fact_is_true_and_every_drawn_deal_agrees_with_them(rules: RuleSet, seeds: int) -> None:
    for seed in range(seeds):
        checks = [0]
        dealer = None if seed % 3 == 0 else seed % rules.players
        rnd = Round(rules, seed=seed, dealer=dealer)
        bots = [CheckingBot(rnd, f"{seed}:{seat}", checks) for seat in range(rules.players)]
        run_round(rnd, bots)
        assert checks[0] > len(rnd.tricks) * rules.players, "every play decision (and the discard) was checked"


@pytest.mark.parametrize(
    "rules",
    [RuleSet(chao_dipi=True, red_five="5H+5D"), RuleSet(chao_dipi=True, players=5, redeal="no-trump")],
    ids=["chao-dipi-red-fives", "chao-dipi-friends-redeal"],
)
def test_every_fact_is_true_with_chao_dipi(rules: RuleSet) -> None:
    """RULES §11: after overturns the kitty changes hands and is buried again; what each view knows stays true.
    The bots overturn whenever they can, so that it happens."""
    overturns = 0
    for seed in range(25):
        checks = [0]
        rnd = Round(rules, seed=seed, dealer=seed % rules.players, rank="4")
        bots = [CheckingBot(rnd, f"{seed}:{seat}", checks) for seat in range(rules.players)]
        for bot in bots:
            bot.inner.declare_rate = 1.0
        run_round(rnd, bots)
        overturns += len(rnd.overturns)
    assert overturns >= 3


# -- what a view tells ---------------------------------------------------------------------------------


def view(
    seat: int,
    hand: str,
    tricks: Sequence[Trick] = (),
    trick: Sequence[str] = (),
    leader: int = 0,
    dealer: int = 0,
    declarations: Sequence[Declaration] = (),
    discards: str = "",
    rules: RuleSet | None = None,
) -> PlayerView:
    rules = rules or RuleSet(decks=1)
    return PlayerView(
        seat=seat,
        phase="play",
        rules=rules,
        rank="7",
        hand=tuple(parse_cards(hand)),
        trump=T7C,
        dealer=dealer,
        declaration=declarations[-1] if declarations else None,
        leader=leader,
        trick=tuple(tuple(parse_cards(p)) for p in trick),
        tricks=tuple(tricks),
        discards=tuple(parse_cards(discards)),
        declarers=(dealer, (dealer + 2) % rules.players),
        calls=(),
        points_won=(0,) * rules.players,
        declarations=tuple(declarations),
        dealt=rules.hand_size * rules.players,
    )


def trick(leader: int, *plays: str, attempted: str | None = None) -> Trick:
    cards = tuple(tuple(parse_cards(p)) for p in plays)
    return Trick(leader, cards, leader, 0, tuple(parse_cards(attempted)) if attempted else None)


def test_a_seat_that_did_not_follow_suit_is_void_in_it() -> None:
    k = Knowledge.of(view(0, "AS", [trick(0, "KH", "3H", "4S", "5D")], leader=0))
    assert k.voids == {2: frozenset({H}), 3: frozenset({H})}


def test_a_seat_that_did_not_follow_a_trump_lead_holds_no_trump() -> None:
    k = Knowledge.of(view(0, "AS", [trick(1, "3C", "7H", "4S", "BJ")]))  # 7♥ is a trump: seat 2 followed
    assert k.voids == {3: frozenset({TRUMP})}


def test_playing_part_of_a_pair_from_the_suit_is_still_following() -> None:
    k = Knowledge.of(view(0, "AS", [trick(1, "KH KH", "3H 4H", "5H 9D", "AH AH")]))
    assert k.voids == {3: frozenset({H})}  # seat 2 followed with two hearts; seat 3 ran out after one


def test_the_trick_in_progress_shows_voids_too() -> None:
    k = Knowledge.of(view(3, "AS", trick=["QD", "2S"], leader=1))
    assert k.voids == {2: frozenset({D})}


def test_a_declared_card_is_still_in_the_declarers_hand_unless_played() -> None:
    declared = Declaration(1, (Card("7", "C"),), "C", 1)
    k = Knowledge.of(view(0, "AS", declarations=[declared], dealer=0))
    assert k.facts == (Fact(frozenset({1}), Card("7", "C").id, 1, "shown in a declaration"),)
    played = Knowledge.of(view(0, "AS", [trick(0, "AD", "7C", "3D", "4D")], declarations=[declared], dealer=0))
    assert played.facts == ()


def test_the_dealers_declared_card_may_be_buried_in_the_kitty() -> None:
    declared = Declaration(2, (Card("7", "H"), Card("7", "H")), "H", 2)
    k = Knowledge.of(view(0, "AS", declarations=[declared], dealer=2, rules=RuleSet()))
    assert k.facts == (Fact(frozenset({2, STOCK}), Card("7", "H").id, 2, "shown in a declaration"),)


def test_a_failed_throw_shows_the_cards_that_stayed_in_hand() -> None:
    failed = trick(1, "KH", "3H", "4H", "5H", attempted="AH KH")
    k = Knowledge.of(view(0, "AS", [failed]))
    assert k.facts == (Fact(frozenset({1}), Card("A", "H").id, 1, "shown in a failed throw"),)


def test_sizes_count_the_cards_each_seat_has_played() -> None:
    rules = RuleSet(decks=1)  # 12 cards each, a kitty of 6
    k = Knowledge.of(view(1, "2S", [trick(0, "AD", "3D", "4D", "5D")], trick=["6S"], leader=3))
    assert dict(k.sizes) == {0: 11, 2: 11, 3: 10, STOCK: rules.kitty}
    as_dealer = Knowledge.of(view(0, "2S", [trick(0, "AD", "3D", "4D", "5D")], discards="2H 3H 4H 5H 6H 8H"))
    assert STOCK not in as_dealer.sizes


def test_knowledge_that_contradicts_itself_is_refused() -> None:
    k = Knowledge(
        seat=0,
        unseen=tuple(sorted(c.id for c in parse_cards("AH KS"))),
        sizes={1: 1, 2: 1},
        voids={1: frozenset({H})},
        facts=(Fact(frozenset({1}), Card("A", "H").id, 1, "shown in a failed throw"),),
        suit_table=SUIT,
    )
    with pytest.raises(ImpossibleKnowledge, match="none of that suit"):
        k.sampler()
    with pytest.raises(ImpossibleKnowledge, match="no deal"):
        dataclasses.replace(k, facts=(), voids={1: frozenset({H, S})}).sampler()


# -- uniform, against brute force ----------------------------------------------------------------------

Deal = tuple[tuple[int, tuple[int, ...]], ...]


def brute_force(
    unseen: Sequence[int], sizes: Mapping[int, int], ok: Callable[[dict[int, list[int]]], bool]
) -> Counter[Deal]:
    """Every deal of the unseen copies (told apart) to the holders, kept when ``ok``, by the cards each holds."""
    holders = sorted(sizes)
    out: Counter[Deal] = Counter()

    def deal(i: int, left: tuple[int, ...], acc: dict[int, list[int]]) -> None:
        if i == len(holders):
            if ok(acc):
                out[key(acc)] += 1
            return
        for chosen in itertools.combinations(left, sizes[holders[i]]):
            rest = tuple(x for x in left if x not in chosen)
            deal(i + 1, rest, {**acc, holders[i]: [unseen[x] for x in chosen]})

    deal(0, tuple(range(len(unseen))), {})
    return out


def key(deal: Mapping[int, Sequence[int]]) -> Deal:
    return tuple((h, tuple(sorted(cards))) for h, cards in sorted(deal.items()))


def chi_square_ok(expected: Counter[Deal], sampler: Sampler, draws: int, seed: int) -> tuple[float, float]:
    """The chi-square statistic of ``draws`` sampled deals against the brute-force weights, and its 99.9 % bound."""
    rng = random.Random(seed)
    seen = Counter(key(sampler.sample(rng)) for _ in range(draws))
    assert set(seen) <= set(expected), "every drawn deal is one the brute force keeps"
    total = sum(expected.values())
    stat = sum((seen[d] - draws * w / total) ** 2 / (draws * w / total) for d, w in expected.items())
    df = len(expected) - 1
    bound = df + 3.1 * math.sqrt(2 * df) + 10  # well above the 99.9 % point of chi-square(df) for these sizes
    return stat, bound


def ids(text: str) -> list[int]:
    return sorted(c.id for c in parse_cards(text))


def suit_voids(voids: Mapping[int, set[int]], suit: Sequence[int] = SUIT) -> Callable[[dict[int, list[int]]], bool]:
    return lambda deal: all(suit[i] not in voids.get(h, set()) for h, cards in deal.items() for i in cards)


def test_a_one_deck_endgame_with_voids_is_drawn_uniformly() -> None:
    unseen = ids("AS KS 3S AH 9H 4D BJ 2C")
    sizes = {1: 2, 2: 3, 3: 3}
    voids = {1: {H}, 2: {TRUMP}}
    k = Knowledge(0, tuple(unseen), sizes, {s: frozenset(v) for s, v in voids.items()}, (), SUIT)
    expected = brute_force(unseen, sizes, suit_voids(voids))
    sampler = k.sampler()
    assert sampler.exact
    assert sampler.count() == sum(expected.values())
    stat, bound = chi_square_ok(expected, sampler, 6000, seed=1)
    assert stat < bound


def test_a_one_deck_endgame_with_a_kitty_and_a_shown_card_is_drawn_uniformly() -> None:
    unseen = ids("AS KS 3S AH 9H 4D BJ 2C 5C")
    sizes = {1: 2, 2: 2, 3: 2, STOCK: 3}
    voids = {2: {S}, 3: {H, TRUMP}}
    ace = Card("A", "H").id
    facts = (Fact(frozenset({1}), ace, 1, "shown in a failed throw"),)
    k = Knowledge(0, tuple(unseen), sizes, {s: frozenset(v) for s, v in voids.items()}, facts, SUIT)

    def ok(deal: dict[int, list[int]]) -> bool:
        return suit_voids(voids)(deal) and ace in deal[1]

    expected = brute_force(unseen, sizes, ok)
    stat, bound = chi_square_ok(expected, k.sampler(), 8000, seed=2)
    assert stat < bound


def test_copies_of_a_shown_card_are_weighed_as_a_shuffle_weighs_them() -> None:
    """Two decks: seat 1 showed one 7♥ of the two unseen; holding both is half as likely as placing one first makes it."""
    unseen = ids("7H 7H AS KS 3D 4D")
    sizes = {1: 2, 2: 2, 3: 2}
    seven = Card("7", "H").id
    facts = (Fact(frozenset({1}), seven, 1, "shown in a declaration"),)
    k = Knowledge(0, tuple(unseen), sizes, {}, facts, SUIT)
    expected = brute_force(unseen, sizes, lambda deal: seven in deal[1])
    stat, bound = chi_square_ok(expected, k.sampler(), 6000, seed=3)
    assert stat < bound


def test_a_dealers_declared_card_in_hand_or_kitty_is_drawn_uniformly() -> None:
    unseen = ids("7H AS KS 3D 4D 5S")
    sizes = {2: 2, 3: 2, STOCK: 2}
    seven = Card("7", "H").id
    facts = (Fact(frozenset({2, STOCK}), seven, 1, "shown in a declaration"),)
    k = Knowledge(0, tuple(unseen), sizes, {3: frozenset({S})}, facts, SUIT)
    expected = brute_force(unseen, sizes, lambda deal: seven in deal[2] + deal[STOCK] and suit_voids({3: {S}})(deal))
    stat, bound = chi_square_ok(expected, k.sampler(), 6000, seed=4)
    assert stat < bound


def endgame(seat_of_view: int, cards_left: int) -> tuple[Round, PlayerView]:
    """A one-deck round played by random bots until each hand has ``cards_left`` cards, and a player's view."""
    rules = RuleSet(decks=1)
    for seed in itertools.count():
        rnd = Round(rules, seed=seed, dealer=0)
        bots = [RandomBot(random.Random(f"{seed}:{s}")) for s in range(4)]
        from shengji_tutor.play.game import prepare_round

        prepare_round(rnd, bots)
        while rnd.phase == "play" and not (len(rnd.hand(0)) == cards_left and not rnd.trick):
            seat = rnd.to_act
            assert seat is not None
            rnd.play(seat, bots[seat].play(rnd.view(seat)))
        v = rnd.view(seat_of_view)
        if Knowledge.of(v).voids and not Knowledge.of(v).facts:  # someone has shown a void; nobody showed cards
            return rnd, v
    raise AssertionError("unreachable")


def oracle_voids(v: PlayerView) -> dict[int, set[int]]:
    """Voids read off the finished tricks by the rule itself (RULES §6), independently of ``Knowledge``."""
    assert v.trump is not None
    out: dict[int, set[int]] = {}
    for t in v.tricks:
        led = v.trump.suit_of(t.plays[0][0])
        for k, play in enumerate(t.plays[1:], start=1):
            if sum(1 for c in play if v.trump.suit_of(c) == led) < len(t.plays[0]):
                out.setdefault((t.leader + k) % 4, set()).add(TRUMP if led == "trump" else "SHDC".index(led))
    return out


@pytest.mark.parametrize(("seat", "cards_left"), [(0, 2), (1, 1)], ids=["the-dealer", "an-attacker"])
def test_a_real_one_deck_endgame_is_drawn_uniformly(seat: int, cards_left: int) -> None:
    rnd, v = endgame(seat, cards_left)
    k = Knowledge.of(v)
    voids = oracle_voids(v)
    real = truth(rnd, k)
    unseen = sorted(i for cards in real.values() for i in cards)
    assert list(k.unseen) == unseen
    assert v.trump is not None
    expected = brute_force(unseen, {h: len(c) for h, c in real.items()}, suit_voids(voids, v.trump.suit_table))
    assert key(real) in expected
    sampler = k.sampler()
    assert sampler.count() == sum(expected.values())
    stat, bound = chi_square_ok(expected, sampler, 4000, seed=5)
    assert stat < bound


def test_when_counting_is_too_much_work_draws_still_agree_and_stay_near_uniform(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unseen = ids("AS KS 3S AH 9H 4D BJ 2C")
    sizes = {1: 2, 2: 3, 3: 3}
    voids = {1: {H}, 2: {TRUMP}}
    k = Knowledge(0, tuple(unseen), sizes, {s: frozenset(v) for s, v in voids.items()}, (), SUIT)
    monkeypatch.setattr(Sampler, "WORK", 0)
    sampler = k.sampler()
    assert not sampler.exact
    with pytest.raises(ValueError, match="approximate"):
        sampler.count()
    expected = brute_force(unseen, sizes, suit_voids(voids))
    rng = random.Random(6)
    seen = Counter(key(sampler.sample(rng)) for _ in range(3000))
    assert set(seen) <= set(expected)
    assert len(seen) == len(expected), "every consistent deal can be drawn"
