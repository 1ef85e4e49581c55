"""RULES §6 (跟牌 gēnpái, following) as tables named after the rule.

Every expected value is read off RULES.md §3-§6 (and the misconceptions of
CURRICULUM.md lessons 4-6), not copied from the engine's output. Each row is
``(hand, lead, play, legal)``: ``hand`` is the follower's whole hand before playing.
Unless a table says otherwise the trump is rank 7, clubs (7♣ dominant).
"""

from __future__ import annotations

import pytest

from shengji_tutor import RuleSet, Trump, Verdict, legal_follow

T7C = Trump("7", "C")
NT7 = Trump("7", None)
THREE_DECKS = RuleSet(decks=3)
THREE_DECKS_PROTECT = RuleSet(decks=3, follow="protect-longer")


def judge(hand: str, lead: str, play: str, legal: bool, trump: Trump = T7C, rules: RuleSet | None = None) -> Verdict:
    """Run ``legal_follow`` and check the parts of the verdict every row shares."""
    verdict = legal_follow(hand, lead, play, trump, rules)
    assert isinstance(verdict, Verdict)
    assert verdict.legal is legal, f"hand {hand!r}, lead {lead!r}, play {play!r}: {verdict.reason}"
    assert bool(verdict) is verdict.legal
    # a sentence a learner can read
    assert isinstance(verdict.reason, str)
    reason = verdict.reason.strip()
    assert len(reason.split()) >= 4, reason
    assert reason[0].isupper(), reason
    assert reason.endswith((".", ")", "!")), reason
    return verdict


# -- RULES §6: the seed example, 7♣ dominant, East leads 8♦8♦ ---------------------------------

SEED_EXAMPLE = [
    pytest.param("9D 9D 3D 4S 5S", "9D 9D", True, id="North-9D9D-beats-it"),
    pytest.param("JD QD 3S 4S", "JD QD", True, id="North-JD-QD-no-diamond-pair"),
    pytest.param("JD QD 3D 4S", "JD QD", True, id="North-three-diamonds-no-pair-any-two"),
    pytest.param("JC QC 4S 5H", "JC QC", True, id="West-void-trump-singles"),
    pytest.param("JC QC 4S 5H", "4S 5H", True, id="West-void-discards"),
    pytest.param("5C 5C 4S", "5C 5C", True, id="West-void-ruffs-5C5C"),
    pytest.param("10D 2S 3H", "10D 2S", True, id="South-only-10D-plays-10D-2S"),
    pytest.param("10C 10C 3S", "10C 10C", True, id="South-void-over-ruffs-10C10C"),
    pytest.param("9D 9D 3D 4S", "9D 3D", False, id="North-breaks-the-9D-pair"),
    pytest.param("10D 2S 3H", "2S 3H", False, id="South-keeps-back-the-only-diamond"),
    pytest.param("10D 2S 3C", "3C 2S", False, id="South-ruffs-while-holding-a-diamond"),
]


@pytest.mark.parametrize(("hand", "play", "legal"), SEED_EXAMPLE)
def test_seed_example_east_leads_8d8d(hand: str, play: str, legal: bool) -> None:
    judge(hand, "8D 8D", play, legal)


# -- RULES §6.1: follow suit ---------------------------------------------------------------------

FOLLOW_SUIT = [
    pytest.param("3D 5C", "8D", "3D", True, id="single-in-suit"),
    pytest.param("3D 5C", "8D", "5C", False, id="single-ruff-while-holding-suit"),
    pytest.param("3D 4S", "8D", "4S", False, id="single-discard-while-holding-suit"),
    pytest.param("4S 5C", "8D", "5C", True, id="single-void-ruffs"),
    pytest.param("4S 5C", "8D", "4S", True, id="single-void-discards"),
    pytest.param("3D 5C 6C", "8D 8D", "3D 5C", True, id="pair-lead-short-all-of-them-plus-anything"),
    pytest.param("3D 5C 6C", "8D 8D", "5C 6C", False, id="pair-lead-short-keeps-its-diamond"),
    pytest.param("3D 4D 5S 6S", "AD KD QD", "3D 4D 5S", True, id="throw-short-all-diamonds-plus-one"),
    pytest.param("3D 4D 5S 6S", "AD KD QD", "3D 5S 6S", False, id="throw-short-keeps-a-diamond"),
    pytest.param("3D 4D 9D 5S", "AD KD", "3D 5S", False, id="throw-has-enough-must-play-two-diamonds"),
    pytest.param("3D 4D 9D 5S", "AD KD", "9D 3D", True, id="throw-any-two-diamonds"),
    pytest.param("KH 2H 5C 5C", "AH", "2H", True, id="lowest-heart-is-fine"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal"), FOLLOW_SUIT)
def test_follow_suit_rule(hand: str, lead: str, play: str, legal: bool) -> None:
    judge(hand, lead, play, legal)


# -- RULES §3 + §6.1: trump-rank cards and jokers are in the trump suit -------------------------

TRUMP_SUIT = [
    # at 7♣ the 7♥ is a trump, not a heart
    pytest.param("7H 3H 4S", "AC", "7H", True, T7C, id="7H-follows-a-trump-lead"),
    pytest.param("7H 3H 4S", "AC", "3H", False, T7C, id="3H-is-no-answer-to-a-trump-lead"),
    pytest.param("7H 3H", "AH", "7H", False, T7C, id="7H-cannot-follow-a-heart-lead"),
    pytest.param("7H 3H", "AH", "3H", True, T7C, id="3H-follows-the-heart-lead"),
    pytest.param("7H 4S", "AH", "7H", True, T7C, id="only-7H-means-void-in-hearts-ruff"),
    pytest.param("7H 4S", "AH", "4S", True, T7C, id="only-7H-means-void-in-hearts-discard"),
    pytest.param("2C 3D", "SJ", "2C", True, T7C, id="joker-lead-answered-by-a-club"),
    pytest.param("2C 3D", "SJ", "3D", False, T7C, id="joker-lead-club-kept-back"),
    pytest.param("7D 3D 4S", "BJ", "3D", False, T7C, id="7D-is-a-trump-at-rank-7"),
    pytest.param("7H 7H 3S 4S", "AC AC", "7H 7H", True, T7C, id="trump-pair-lead-7H7H"),
    pytest.param("7H 7H 3S 4S", "AC AC", "7H 3S", False, T7C, id="trump-pair-lead-7H-pair-kept"),
    pytest.param("7H 7S 3S", "AC AC", "7H 7S", True, T7C, id="7H-7S-are-two-trumps"),
    pytest.param("7H 7S 3S", "AC AC", "7H 3S", False, T7C, id="7S-is-a-trump-kept-back"),
    pytest.param("7H 7S 2C 9S", "AC AC", "7S 2C", True, T7C, id="7H-7S-is-not-a-pair"),
    pytest.param("7H 7H 3H 5S", "KH KH", "3H 5S", True, T7C, id="heart-pair-lead-only-3H-is-a-heart"),
    pytest.param("7H 7H 3H 5S", "KH KH", "3H 7H", True, T7C, id="heart-pair-lead-fill-with-trump"),
    pytest.param("7H 7H 3H 5S", "KH KH", "7H 7H", False, T7C, id="heart-pair-lead-7H7H-is-not-hearts"),
    # no-trump (无主): jokers and rank cards are still trump, clubs are a plain suit
    pytest.param("7S 2S 3H", "AS", "2S", True, NT7, id="no-trump-2S-follows-spades"),
    pytest.param("7S 2S 3H", "AS", "7S", False, NT7, id="no-trump-7S-is-no-spade"),
    pytest.param("7S 2C AS", "7H", "7S", True, NT7, id="no-trump-rank-lead-7S"),
    pytest.param("7S 2C AS", "7H", "2C", False, NT7, id="no-trump-clubs-are-not-trump"),
    pytest.param("7D 5C", "SJ", "5C", False, NT7, id="no-trump-joker-lead-7D-kept-back"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal", "trump"), TRUMP_SUIT)
def test_trump_suit_rule(hand: str, lead: str, play: str, legal: bool, trump: Trump) -> None:
    judge(hand, lead, play, legal, trump)


# -- RULES §6.2: a pair lead is answered by a pair of the suit if the hand has one ---------------

PAIR_RULE = [
    pytest.param("3D 3D JD QD", "3D 3D", True, id="plays-its-pair"),
    pytest.param("3D 3D JD QD", "JD QD", False, id="keeps-its-pair-plays-two-singles"),
    pytest.param("3D 3D JD QD", "3D JD", False, id="breaks-its-pair"),
    pytest.param("3D 3D AD AD 4S", "AD AD", True, id="either-pair-will-do"),
    pytest.param("JD QD KD", "JD KD", True, id="no-pair-any-two-diamonds"),
    pytest.param("3C 3C JD QD", "JD QD", True, id="club-pair-is-not-a-diamond-pair"),
    pytest.param("QS QD JD 4S", "QD JD", True, id="QS-QD-is-not-a-pair"),
]


@pytest.mark.parametrize(("hand", "play", "legal"), PAIR_RULE)
def test_pair_rule(hand: str, play: str, legal: bool) -> None:
    judge(hand, "8D 8D", play, legal)


# -- RULES §6.2: a tractor lead is answered by a tractor of the same shape, else by pairs --------

TRACTOR_RULE = [
    # lead 5♥5♥4♥4♥
    pytest.param("9H 9H JH QH 2H", "5H 5H 4H 4H", "9H 9H JH QH", True, id="one-pair-plus-singles"),
    pytest.param("9H 9H JH QH 2H", "5H 5H 4H 4H", "JH QH 9H 2H", False, id="one-pair-skipped"),
    pytest.param("AH AH QH QH 2H", "5H 5H 4H 4H", "AH AH QH QH", True, id="two-pairs-no-tractor"),
    pytest.param("AH AH QH QH 2H", "5H 5H 4H 4H", "AH AH QH 2H", False, id="two-pairs-one-skipped"),
    pytest.param("AH AH QH QH 10H 10H 2H", "5H 5H 4H 4H", "QH QH 10H 10H", True, id="up-to-the-number-led"),
    pytest.param("9H 9H 8H 8H 2H 3H", "5H 5H 4H 4H", "9H 9H 8H 8H", True, id="plays-its-tractor"),
    pytest.param("9H 9H 8H 8H 2H 3H", "5H 5H 4H 4H", "9H 9H 2H 3H", False, id="tractor-broken"),
    pytest.param("9H 9H 8H 8H JH JH", "5H 5H 4H 4H", "JH JH 9H 9H", False, id="two-pairs-instead-of-tractor"),
    pytest.param("9H 9H 8H 8H JH JH", "5H 5H 4H 4H", "9H 9H 8H 8H", True, id="tractor-chosen-over-pairs"),
    # at rank 7, 8-8-6-6 is consecutive: the 7s are trump
    pytest.param("8H 8H 6H 6H 2H 2H", "5H 5H 4H 4H", "6H 6H 2H 2H", False, id="tractor-across-the-rank-gap"),
    pytest.param("8H 8H 6H 6H 2H 2H", "5H 5H 4H 4H", "8H 8H 6H 6H", True, id="tractor-across-the-gap-played"),
    # shorter tractors are not required when the led one is missing
    pytest.param(
        "KS KS QS QS 10S 10S 8S 8S 2S",
        "5S 5S 4S 4S 3S 3S",
        "KS KS 10S 10S 8S 8S",
        True,
        id="3-pair-tractor-missing-any-three-pairs",
    ),
    pytest.param(
        "KS KS QS QS 10S 10S 8S 8S 2S",
        "5S 5S 4S 4S 3S 3S",
        "KS KS QS QS 10S 2S",
        False,
        id="3-pair-tractor-missing-only-two-pairs",
    ),
    # the trump chain: A♣ → off-suit 7 → 7♣ → SJ → BJ; two off-suit 7-pairs are equal, not consecutive
    pytest.param("7C 7C 7H 7H 2C", "BJ BJ SJ SJ", "7C 7C 7H 7H", True, id="trump-chain-7H7H-7C7C"),
    pytest.param("7C 7C 7H 7H 2C", "BJ BJ SJ SJ", "7C 7C 7H 2C", False, id="trump-chain-tractor-broken"),
    pytest.param("7H 7H 7S 7S AC AC 3S", "BJ BJ SJ SJ", "AC AC 7S 7S", True, id="trump-chain-ACAC-7S7S"),
    pytest.param("7H 7H 7S 7S AC AC 3S", "BJ BJ SJ SJ", "7H 7H 7S 7S", False, id="7H7H-7S7S-is-not-a-tractor"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal"), TRACTOR_RULE)
def test_tractor_rule(hand: str, lead: str, play: str, legal: bool) -> None:
    judge(hand, lead, play, legal)


# -- RULES §6.2: throws (甩牌): tractors first, then tuples in total, then singles ----------------

THROW_RULE = [
    # lead A♦ K♦K♦: a pair and a single
    pytest.param("9D 9D 3D 4D 5S", "AD KD KD", "9D 9D 3D", True, id="pair-and-single"),
    pytest.param("9D 9D 3D 4D 5S", "AD KD KD", "9D 3D 4D", False, id="pair-kept-back"),
    # lead A♦ K♦K♦Q♦Q♦: a tractor and a single; tuples inside the led tractor count
    pytest.param("JD JD 9D 9D 3D 2D 4S", "AD KD KD QD QD", "JD JD 9D 9D 2D", True, id="tractor-missing-two-pairs"),
    pytest.param("JD JD 9D 9D 3D 2D 4S", "AD KD KD QD QD", "JD JD 9D 3D 2D", False, id="tractor-missing-pair-kept"),
    # lead K♦K♦Q♦Q♦ 9♦9♦: a tractor and a pair, three pairs in total
    pytest.param(
        "5D 5D 4D 4D 2D 2D 3D 8D 3S", "KD KD QD QD 9D 9D", "5D 5D 4D 4D 2D 2D", True, id="tractor-and-pair-matched"
    ),
    pytest.param(
        "5D 5D 4D 4D 2D 2D 3D 8D 3S", "KD KD QD QD 9D 9D", "5D 5D 4D 4D 3D 8D", False, id="third-pair-kept-back"
    ),
    pytest.param("5D 5D 4D 4D 2D 2D 3D 8D 3S", "KD KD QD QD 9D 9D", "5D 5D 2D 2D 3D 8D", False, id="tractor-kept-back"),
    pytest.param(
        "JD JD 5D 5D 2D 2D 8D 4S", "KD KD QD QD 9D 9D", "JD JD 5D 5D 2D 2D", True, id="no-tractor-three-pairs"
    ),
    pytest.param("JD JD 5D 5D 2D 2D 8D 4S", "KD KD QD QD 9D 9D", "JD JD 5D 5D 2D 8D", False, id="no-tractor-pair-kept"),
    # lead A♠A♠K♠K♠ 9♠9♠8♠8♠: two tractors; a matching tractor for each
    pytest.param(
        "6S 6S 5S 5S 3S 3S 2S 2S 10S 10S JS",
        "AS AS KS KS 9S 9S 8S 8S",
        "6S 6S 5S 5S 3S 3S 2S 2S",
        True,
        id="two-tractors-matched",
    ),
    pytest.param(
        "6S 6S 5S 5S 3S 3S 2S 2S 10S 10S JS",
        "AS AS KS KS 9S 9S 8S 8S",
        "6S 6S 5S 5S 3S 3S 10S 10S",
        False,
        id="two-tractors-one-kept",
    ),
    # a throw of singles asks only for the suit
    pytest.param("3D 3D 9D 5S", "AD KD", "9D 3D", True, id="singles-throw-pair-may-be-split"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal"), THROW_RULE)
def test_throw_rule(hand: str, lead: str, play: str, legal: bool) -> None:
    judge(hand, lead, play, legal)


# -- CURRICULUM.md lessons 4 and 6: each misconception is a wrong answer the engine rejects ------

MISCONCEPTIONS = [
    pytest.param("3D 4D 5C 5S", "8D", "5C", False, id="I-can-ruff-while-holding-the-led-suit"),
    pytest.param("2H 5C 5C 9S", "KH", "5C", False, id="I-can-play-a-trump-instead-of-my-last-heart"),
    pytest.param("2H 5C 5C 9S", "KH KH", "5C 5C", False, id="trump-pair-instead-of-my-last-heart"),
    pytest.param("5C 9S 3S", "KH", "9S", True, id="I-must-ruff-when-void-no-discarding-is-legal"),
    pytest.param("5C 5C 9S 3S", "KH KH", "9S 3S", True, id="I-must-ruff-a-pair-when-void-no"),
    pytest.param("9H 9H JH QH 2H", "5H 5H 4H 4H", "JH QH 9H 2H", False, id="after-a-tractor-lead-I-may-skip-my-pairs"),
    pytest.param("3D 3D JD QD", "8D 8D", "JD QD", False, id="I-may-keep-my-pair-and-play-two-singles"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal"), MISCONCEPTIONS)
def test_curriculum_misconceptions(hand: str, lead: str, play: str, legal: bool) -> None:
    judge(hand, lead, play, legal)


# -- RULES §6.2 with 3 decks: triples, "no protections" (default) vs "protect-longer" ------------

TRIPLES = [
    # a triple in hand and a pair led: the default breaks it, protect-longer need not
    pytest.param("5D 5D 5D 9D 3D", "8D 8D", "9D 3D", False, THREE_DECKS, id="default-must-break-the-triple"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D", "5D 5D", True, THREE_DECKS, id="default-breaks-the-triple"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D", "5D 9D", False, THREE_DECKS, id="default-triple-not-a-pair-played"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D", "9D 3D", True, THREE_DECKS_PROTECT, id="protect-keeps-the-triple"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D", "5D 5D", True, THREE_DECKS_PROTECT, id="protect-may-break-it"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D", "5D 9D", True, THREE_DECKS_PROTECT, id="protect-any-two-diamonds"),
    pytest.param("5D 5D 5D 9D 9D 3D", "8D 8D", "9D 3D", False, THREE_DECKS_PROTECT, id="protect-real-pair-counts"),
    pytest.param("5D 5D 5D 9D 9D 3D", "8D 8D", "9D 9D", True, THREE_DECKS_PROTECT, id="protect-plays-the-pair"),
    # a missing triple is answered by a pair plus a single
    pytest.param("5D 5D 9D 3D 2D", "8D 8D 8D", "5D 5D 9D", True, THREE_DECKS, id="missing-triple-pair-and-single"),
    pytest.param("5D 5D 9D 3D 2D", "8D 8D 8D", "9D 3D 2D", False, THREE_DECKS, id="missing-triple-pair-kept"),
    pytest.param("5D 5D 9D 9D 3D", "8D 8D 8D", "9D 9D 3D", True, THREE_DECKS, id="missing-triple-either-pair"),
    pytest.param("5D 5D 9D 9D 3D", "8D 8D 8D", "5D 9D 3D", False, THREE_DECKS, id="missing-triple-no-pair-played"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D 8D", "5D 5D 5D", True, THREE_DECKS, id="triple-answers-triple"),
    pytest.param("5D 5D 5D 9D 3D", "8D 8D 8D", "5D 5D 9D", False, THREE_DECKS, id="triple-kept-back"),
    # a tractor of triples in hand holds a tractor of pairs (default), but is protected by protect-longer
    pytest.param(
        "5D 5D 5D 4D 4D 4D 9D", "QD QD JD JD", "5D 5D 4D 4D", True, THREE_DECKS, id="default-pairs-from-triples"
    ),
    pytest.param("5D 5D 5D 4D 4D 4D 9D", "QD QD JD JD", "5D 9D 4D 4D", False, THREE_DECKS, id="default-triples-broken"),
    pytest.param(
        "5D 5D 5D 4D 4D 4D 9D", "QD QD JD JD", "5D 9D 4D 4D", True, THREE_DECKS_PROTECT, id="protect-triple-tractor"
    ),
    pytest.param(
        "5D 5D 5D 4D 4D 9D 2D",
        "QD QD JD JD",
        "4D 4D 9D 2D",
        True,
        THREE_DECKS_PROTECT,
        id="protect-only-the-pair-counts",
    ),
    pytest.param(
        "5D 5D 5D 4D 4D 9D 2D", "QD QD JD JD", "5D 4D 9D 2D", False, THREE_DECKS_PROTECT, id="protect-pair-kept-back"
    ),
    # a triple and a pair led: the default breaks a second triple for the pair, protect-longer need not
    pytest.param(
        "5D 5D 5D 9D 9D 9D 3D 2S", "QD QD QD JD JD", "5D 5D 5D 9D 9D", True, THREE_DECKS, id="triple-and-pair-broken"
    ),
    pytest.param(
        "5D 5D 5D 9D 9D 9D 3D 2S", "QD QD QD JD JD", "5D 5D 5D 9D 3D", False, THREE_DECKS, id="triple-and-pair-kept"
    ),
    pytest.param(
        "5D 5D 5D 9D 9D 9D 3D 2S",
        "QD QD QD JD JD",
        "5D 5D 5D 9D 3D",
        True,
        THREE_DECKS_PROTECT,
        id="protect-second-triple",
    ),
    # also inside triple tractors (8-8-8-6-6-6 is consecutive at rank 7)
    pytest.param(
        "AD AD QD QD 3D 4D 2D 9D",
        "8D 8D 8D 6D 6D 6D",
        "AD AD QD QD 3D 4D",
        True,
        THREE_DECKS,
        id="missing-triple-tractor-two-pairs",
    ),
    pytest.param(
        "AD AD QD QD 3D 4D 2D 9D",
        "8D 8D 8D 6D 6D 6D",
        "AD AD 3D 4D 2D 9D",
        False,
        THREE_DECKS,
        id="missing-triple-tractor-pair-kept",
    ),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal", "rules"), TRIPLES)
def test_triples_and_protect_longer(hand: str, lead: str, play: str, legal: bool, rules: RuleSet) -> None:
    judge(hand, lead, play, legal, T7C, rules)


# -- the verdict's reason names the requirement ---------------------------------------------------

REASONS = [
    pytest.param("3D 3D JD QD", "8D 8D", "JD QD", ("pair", "diamond"), id="pair-of-diamonds"),
    pytest.param("3D 5C", "8D", "5C", ("diamond",), id="follow-diamonds"),
    pytest.param("2H 5C 5C 9S", "KH", "5C", ("heart",), id="follow-hearts"),
    pytest.param("7H 3H 4S", "AC", "3H", ("trump",), id="follow-trumps"),
    pytest.param("9H 9H JH QH 2H", "5H 5H 4H 4H", "JH QH 9H 2H", ("pair", "heart"), id="tractor-lead-pair"),
    pytest.param("9H 9H 8H 8H 2H 3H", "5H 5H 4H 4H", "9H 9H 2H 3H", ("tractor", "heart"), id="tractor-lead-tractor"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "words"), REASONS)
def test_reason_names_the_requirement(hand: str, lead: str, play: str, words: tuple[str, ...]) -> None:
    verdict = judge(hand, lead, play, False)
    for word in words:
        assert word in verdict.reason.lower(), verdict.reason


RULE_AND_HOLDING = [
    pytest.param("3D 5C", "8D", "5C", False, "follow-suit", "3D", id="suit-kept-back"),
    pytest.param("3D 4D 5S 6S", "AD KD QD", "3D 5S 6S", False, "follow-suit", "3D 4D", id="suit-all-of-them"),
    pytest.param("3D 3D JD QD", "8D 8D", "JD QD", False, "follow-structure", "3D 3D", id="pair-kept-back"),
    pytest.param(
        "9H 9H 8H 8H 2H 3H", "5H 5H 4H 4H", "9H 9H 2H 3H", False, "follow-structure", "9H 9H 8H 8H", id="tractor"
    ),
    pytest.param("JC QC 4S", "8D 8D", "JC QC", True, "void", "", id="void"),
    pytest.param("5C 9S 3S", "KH", "9S", True, "void", "", id="void-discard"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal", "rule", "holding"), RULE_AND_HOLDING)
def test_verdict_rule_and_holding(hand: str, lead: str, play: str, legal: bool, rule: str, holding: str) -> None:
    """``.rule`` names the part of RULES §6 that decided; ``.holding`` shows the cards that were required."""
    verdict = judge(hand, lead, play, legal)
    assert verdict.rule == rule
    assert sorted(str(c) for c in verdict.holding) == sorted(holding.split())


ONE_CARD_OF_THE_SUIT = [
    pytest.param("3D 5C", "8D", "5C", "diamond", id="one-diamond-single-lead"),
    pytest.param("10D 2S 3H", "8D 8D", "2S 3H", "diamond", id="one-diamond-pair-lead"),
    pytest.param("7H 3H 4S", "AC", "3H", "trump", id="one-trump"),
]


@pytest.mark.parametrize(("hand", "lead", "play", "word"), ONE_CARD_OF_THE_SUIT)
def test_reason_for_a_single_card_of_the_suit_is_grammatical(hand: str, lead: str, play: str, word: str) -> None:
    verdict = judge(hand, lead, play, False)
    assert word in verdict.reason.lower()
    assert f"1 {word}s" not in verdict.reason.lower(), verdict.reason


def test_reason_names_the_tractor_kept_back() -> None:
    verdict = judge("6S 6S 5S 5S 3S 3S 2S 2S 10S 10S JS", "AS AS KS KS 9S 9S 8S 8S", "6S 6S 5S 5S 3S 3S 10S 10S", False)
    assert "tractor" in verdict.reason
    held = [str(c) for c in verdict.holding]
    assert held.count("3S") == 2, held
    assert held.count("2S") == 2, held
    assert "3♠" in verdict.reason or "3S" in verdict.reason, verdict.reason


def test_legal_reason_is_a_sentence_too() -> None:
    verdict = judge("JC QC 4S 5H", "8D 8D", "JC QC", True)
    assert "diamond" in verdict.reason.lower()


def test_cards_may_be_given_as_lists() -> None:
    from shengji_tutor import parse_cards

    verdict = legal_follow(parse_cards("3D 3D JD QD"), parse_cards("8D 8D"), parse_cards("JD QD"), T7C)
    assert not verdict
    assert verdict.legal is False


# -- RULES §6 and §9a: inputs that cannot be judged -----------------------------------------------


def test_a_follow_has_as_many_cards_as_the_lead() -> None:
    with pytest.raises(ValueError, match="3"):
        legal_follow("3D 4D 5D 6S", "8D 8D", "3D 4D 5D", T7C)


def test_impossible_copies_are_rejected() -> None:
    with pytest.raises(ValueError, match="8D"):
        legal_follow("8D 3D 4S", "8D 8D", "8D 3D", T7C)
