"""RULES §8 (throws, 甩牌 shuǎipái, and the forced unit of a failed throw) as tables.

Each row is ``(lead, others, ok, forced, blocker)``: ``others`` are the other
players' hands in play order, ``forced`` the cards the leader must play and
``blocker`` the index into ``others`` of the first player (in play order) who
beats the forced unit. Expected values are read off RULES.md, not the engine.
Unless a table says otherwise the trump is rank 7, clubs (7♣ dominant).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest
from pydantic import TypeAdapter, ValidationError

from shengji_tutor import Card, RuleSet, ThrowCheck, Trump, Unit, check_throw, parse_cards
from shengji_tutor.puzzles import Puzzle, check_puzzle
from shengji_tutor.puzzles.base import Topic
from shengji_tutor.puzzles.generate import generate
from shengji_tutor.puzzles.kinds.throw import ThrowPuzzle
from shengji_tutor.puzzles.schema import ThrowSpec

T7C = Trump("7", "C")
NT7 = Trump("7", None)


def same_cards(a: Iterable[Card], b: str) -> bool:
    """Compare card collections as multisets (the order of ``forced`` is not part of the contract)."""
    return Counter(str(c) for c in a) == Counter(str(c) for c in parse_cards(b))


def run(lead: str, others: list[str], trump: Trump = T7C, rules: RuleSet | None = None) -> ThrowCheck:
    result = check_throw(lead, others, trump, rules)
    assert isinstance(result, ThrowCheck)
    assert bool(result) is result.ok
    assert isinstance(result.reason, str)
    assert result.reason.strip()
    return result


# -- RULES §8: the seed examples at 7♣ ------------------------------------------------------------

SEED_EXAMPLES = [
    pytest.param("KD QD", ["4S", "KD 3S", "5H"], "QD", 1, id="KD-QD-someone-holds-KD-forces-QD"),
    pytest.param("KD QD QD 10D 10D", ["AD 3S", "4H", "5S"], "KD", 0, id="someone-holds-AD-forces-KD"),
    pytest.param("KD QD QD 10D 10D", ["3S", "4H", "JD JD 5S"], "10D 10D", 2, id="someone-holds-JDJD-forces-10D10D"),
    pytest.param("KD QD QD 10D 10D", ["JD JD", "AD"], "KD", 1, id="fewest-cards-first-KD-before-10D10D"),
]


@pytest.mark.parametrize(("lead", "others", "forced", "blocker"), SEED_EXAMPLES)
def test_seed_examples(lead: str, others: list[str], forced: str, blocker: int) -> None:
    result = run(lead, others)
    assert result.ok is False
    assert same_cards(result.forced, forced), result.forced
    assert result.blocker == blocker
    assert result.beaten_by, "the blocker's cards that beat the forced unit are named"


# -- RULES §8: throws that stand; .forced is the lead itself ---------------------------------------

STANDS = [
    pytest.param("AD KD", ["QD QD JD", "3S", "4H"], T7C, id="nobody-holds-a-higher-diamond"),
    pytest.param("KD QD", ["BJ BJ SJ 7C 2C", "AC AC", "3C"], T7C, id="trumps-never-make-a-throw-fail"),
    pytest.param("KD QD", ["7D 7D", "5H"], T7C, id="7D-is-a-trump-not-a-diamond"),
    pytest.param("AD KD KD", ["QD QD", "JD JD 9D 9D"], T7C, id="lower-pairs-do-not-beat"),
    pytest.param("AD KD KD QD QD", ["JD JD 10D 10D 9D", "2D 2D"], T7C, id="lower-tractor-does-not-beat"),
    pytest.param("AD 5D 5D 4D 4D", ["KD KD", "QD QD JD"], T7C, id="higher-pair-does-not-beat-a-tractor"),
    pytest.param("AD 5D 5D 4D 4D", ["KD KD JD JD"], T7C, id="higher-pairs-not-consecutive"),
    pytest.param("7H 7H 7S", ["7D 7D", "7S", "AC AC"], T7C, id="equal-rank-cards-do-not-beat"),
    pytest.param("AS KS KS", ["AS", "QS QS"], T7C, id="equal-cards-do-not-beat"),
    pytest.param("AS KS", ["7S 7S", "SJ"], NT7, id="no-trump-rank-cards-are-trumps"),
    # a single-unit lead is not a throw and always passes
    pytest.param("QD", ["AD KD", "AD"], T7C, id="single-always-passes"),
    pytest.param("QD QD", ["AD AD", "KD KD"], T7C, id="pair-always-passes"),
    pytest.param("5D 5D 4D 4D", ["AD AD KD KD"], T7C, id="tractor-always-passes"),
]


@pytest.mark.parametrize(("lead", "others", "trump"), STANDS)
def test_throw_stands(lead: str, others: list[str], trump: Trump) -> None:
    result = run(lead, others, trump)
    assert result.ok is True
    assert same_cards(result.forced, lead)
    assert result.blocker is None


# -- RULES §8: which unit is forced, and who is the blocker ----------------------------------------

FAILS = [
    # smallest failing unit: fewest cards, then lowest by its highest tuple
    pytest.param("KS QS 5S 5S", ["6S 6S", "AS"], T7C, "QS", 1, id="single-before-pair-lowest-single"),
    pytest.param("AS JS JS 5S 5S", ["QS QS"], T7C, "5S 5S", 0, id="lowest-failing-pair"),
    pytest.param("AS JS JS 5S 5S", ["6S 6S", "QS QS"], T7C, "5S 5S", 0, id="lowest-pair-first-blocker"),
    pytest.param("9H 9H 8H 8H 3H 3H", ["JH JH 10H 10H", "4H 4H"], T7C, "3H 3H", 0, id="pair-before-tractor"),
    pytest.param("9H 9H 8H 8H AH AH", ["JH JH 10H 10H", "2H 2H"], T7C, "9H 9H 8H 8H", 0, id="only-tractor-fails"),
    # the blocker is the first in play order among those who beat the chosen unit
    pytest.param("KD QD", ["3S", "AD", "KD"], T7C, "QD", 1, id="first-of-two-blockers"),
    pytest.param("KD JD JD", ["QD QD", "AD"], T7C, "KD", 1, id="blocker-beats-the-forced-unit"),
    pytest.param("KD JD JD", ["AD", "QD QD"], T7C, "KD", 0, id="blocker-first-player"),
    # a longer tractor in hand contains a higher run of the led shape
    pytest.param("AH 9H 9H 8H 8H", ["QH QH JH JH 10H 10H"], T7C, "9H 9H 8H 8H", 0, id="longer-tractor-beats"),
    pytest.param("AH 6H 6H 5H 5H", ["3S", "10H 10H 9H 9H 8H 8H"], T7C, "6H 6H 5H 5H", 1, id="longer-tractor-2nd"),
    # trumps: trump-rank cards and jokers are in the trump suit; equal cards do not beat
    pytest.param("AC KC", ["7H"], T7C, "KC", 0, id="trump-throw-7H-beats"),
    pytest.param("7H 7H 7S", ["7D 7D", "7C"], T7C, "7S", 1, id="trump-throw-7C-beats-7S"),
    pytest.param("AC AC 3C", ["7H 7H", "4C"], T7C, "3C", 0, id="trump-throw-single-fewest-cards"),
    pytest.param("AC AC 3C", ["7S", "4C", "7H 7H"], T7C, "3C", 0, id="trump-throw-single-first-blocker"),
    pytest.param("AS KS", ["7S", "AS"], NT7, "KS", 1, id="no-trump-7S-is-no-spade"),
]


@pytest.mark.parametrize(("lead", "others", "trump", "forced", "blocker"), FAILS)
def test_throw_fails(lead: str, others: list[str], trump: Trump, forced: str, blocker: int) -> None:
    result = run(lead, others, trump)
    assert result.ok is False
    assert same_cards(result.forced, forced), [str(c) for c in result.forced]
    assert result.blocker == blocker


def test_failing_lists_every_beaten_unit() -> None:
    result = run("KD QD QD 10D 10D", ["AD", "JD JD"])
    assert not result.ok
    assert all(isinstance(u, Unit) for u in result.failing)
    failing = sorted(" ".join(str(c) for c in u.cards) for u in result.failing)
    assert failing == ["10D 10D", "KD"]
    assert same_cards(result.forced, "KD")


def test_beaten_by_is_the_blockers_higher_unit() -> None:
    result = run("KD QD QD 10D 10D", ["3S", "JD JD 2H"])
    assert same_cards(result.forced, "10D 10D")
    assert result.blocker == 1
    assert same_cards(result.beaten_by, "JD JD")


def test_three_decks_a_triple_holds_a_higher_pair() -> None:
    result = run("AD QD QD", ["KD KD KD"], T7C, RuleSet(decks=3))
    assert not result.ok
    assert same_cards(result.forced, "QD QD")
    assert result.blocker == 0


def test_reason_of_a_failed_throw_names_the_forced_cards() -> None:
    result = run("KD QD", ["KD 3S"])
    assert "Q" in result.reason
    assert "§8" in result.reason


def test_impossible_copies_are_rejected() -> None:
    with pytest.raises(ValueError, match="KD"):
        check_throw("KD QD", ["KD", "KD"], T7C)


# -- the throw puzzle (lesson 7): only what decides is shown; hidden hands are judged on what is seen --------------

THROWS = Topic("throws", 7, "Throws")
SPEC = TypeAdapter(ThrowSpec)


def throw_puzzle(**fields: object) -> ThrowPuzzle:
    spec = SPEC.validate_python({"kind": "throw", "id": "t-throw", "prompt": "Is this throw safe?", **fields})
    puzzle = Puzzle.from_spec(spec, THROWS)
    assert isinstance(puzzle, ThrowPuzzle)
    return puzzle


def test_a_throw_shows_each_hand_in_the_thrown_suit_only_the_rest_counted() -> None:
    puzzle = throw_puzzle(
        lead="AH QH",
        others=["KH 3H 5S 5S BJ 9C", "2S 4D 6D", "JH 10H 7H 2C"],  # West's 7♥ is a trump at 7♣
    )
    view = puzzle.view()
    assert [(name, " ".join(str(c) for c in cards)) for name, cards in view.others] == [
        ("East", "KH 3H"),
        ("West", "JH 10H"),
    ]
    assert "Not shown: 4 other cards in East's hand, 3 in North's, 2 in West's." in view.context
    assert "North has no hearts" in view.context
    assert puzzle.solve() == "no"  # the engine still judges the whole hands: East's K♥ beats Q♥


def test_a_generated_throw_folds_the_whole_hands_it_was_made_from() -> None:
    puzzle = generate("throw", seed=0)
    assert isinstance(puzzle, ThrowPuzzle)
    suit = puzzle.trump.suit_of(puzzle.lead[0])
    shown = [c for _, cards in puzzle.view().others for c in cards]
    assert all(puzzle.trump.suit_of(c) == suit for c in shown)
    assert len(shown) < sum(len(h) for h in puzzle.others)


HIDDEN = [
    # (lead, played, held, safe): judged on every card of the suit the leader has not seen
    pytest.param("AH QH", "AH KH", "", False, id="the-second-KH-is-still-out"),
    pytest.param("AH QH", "AH KH KH", "", True, id="both-KH-seen"),
    pytest.param("AH KH", "AH", "", True, id="the-unseen-KH-only-ties"),
    pytest.param("AS JS JS", "KS QS", "", True, id="one-KS-one-QS-unseen-no-higher-pair"),
    pytest.param("KC 10C 10C", "AC AC JC", "", False, id="both-QC-unseen-a-higher-pair"),
    pytest.param("KC 10C 10C", "AC AC JC", "QC", True, id="a-QC-in-your-hand"),
    pytest.param("BJ SJ SJ", "", "", True, id="BJ-BJ-impossible"),
]


@pytest.mark.parametrize(("lead", "played", "held", "safe"), HIDDEN)
def test_a_hidden_throw_is_safe_only_if_no_unseen_card_could_beat_it(
    lead: str, played: str, held: str, safe: bool
) -> None:
    puzzle = throw_puzzle(trump="7D", lead=lead, played=played, held=held, unseen=60)
    assert puzzle.solve() == ("yes" if safe else "no")
    grade = puzzle.grade(puzzle.solve())
    assert grade.correct
    assert "RULES §8" in grade.explanation
    assert puzzle.view().others == ()
    assert "You have not seen 60 cards" in puzzle.view().context
    assert check_puzzle(puzzle) == []


def test_a_hidden_throw_names_what_could_beat_it() -> None:
    puzzle = throw_puzzle(trump="7D", lead="KC 10C 10C", played="AC AC JC", unseen=60)
    why = puzzle.grade("no").explanation
    assert "The unseen clubs above your lowest unit: K♣ Q♣ Q♣ J♣." in why
    assert "Whoever holds Q♣ Q♣ beats your pair 10♣ 10♣" in why
    assert "The clubs played so far: A♣ A♣ J♣." in puzzle.view().context


def test_a_hidden_throw_whose_unseen_count_is_impossible_is_reported() -> None:
    puzzle = throw_puzzle(trump="7D", lead="AH QH", played="AH", unseen=3)
    assert any("unseen is 3" in p for p in check_puzzle(puzzle))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"lead": "AH QH"}, "shows the other hands"),
        ({"lead": "AH QH", "others": ["3S"], "unseen": 40}, "not both"),
        ({"lead": "AH QH", "unseen": 40, "ask": "forced"}, "nobody knows who blocks"),
        ({"lead": "AH QH", "others": ["3S"], "played": "KH"}, "give unseen"),
    ],
)
def test_a_throw_spec_is_shown_or_hidden_and_says_so(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        SPEC.validate_python({"kind": "throw", "id": "t-throw", "prompt": "Is this throw safe?", **fields})
