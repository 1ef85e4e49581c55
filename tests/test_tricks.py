"""RULES §7 (winning the trick) as tables named after the rule.

Each row is ``(plays, expected winner)``: ``plays[0]`` is the lead, then the
followers in play order. Expected winners are read off RULES.md §3, §4 and §7
(and the API.md example), not copied from the engine.
"""

from __future__ import annotations

import pytest

from shengji_tutor import PlayNote, RuleSet, TrickResult, Trump, explain_trick, trick_winner

T7C = Trump("7", "C")
NT7 = Trump("7", None)
ALL = RuleSet(throw_evaluation="all")

# -- RULES §7: the printed examples, 7♣ dominant -------------------------------------------------

PRINTED_EXAMPLES = [
    pytest.param(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], 3, id="API-md-example"),
    pytest.param(["8D 8D", "9D 9D", "5C 5C"], 2, id="seed-West-ruffs-5C5C"),
    pytest.param(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], 3, id="seed-South-over-ruffs-10C10C"),
    pytest.param(["8D 8D", "JD QD", "JC QC", "10D 2S"], 0, id="seed-singles-cannot-beat-the-pair"),
    pytest.param(["KD QD", "5C 5C", "10C 3C"], 2, id="KD-QD-East-10C-beats-5C"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JC", "10C 10C 2C 2C 4C"], 2, id="East-10C10C-beats-8C8C"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JC", "6C 6C 3C 3C AC"], 1, id="South-keeps-the-pairs-decide"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JD"], 0, id="South-not-all-trump-cannot-win"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JD", "6C 6C 3C 3C AC"], 2, id="East-beats-a-mixed-South"),
    pytest.param(["AD KD KD", "7H 7H 9C", "7S 7S AC"], 1, id="AD-KDKD-equal-pairs-first-wins"),
]


@pytest.mark.parametrize(("plays", "winner"), PRINTED_EXAMPLES)
def test_printed_examples(plays: list[str], winner: int) -> None:
    assert trick_winner(plays, T7C) == winner
    assert explain_trick(plays, T7C).winner == winner


# -- RULES §3 + §7: single tricks and ties --------------------------------------------------------

SINGLES = [
    pytest.param(["8H", "KH", "2H", "AH"], T7C, 3, id="highest-heart"),
    pytest.param(["8H", "3C"], T7C, 1, id="any-trump-beats-a-heart"),
    pytest.param(["AH", "7D"], T7C, 1, id="off-suit-rank-card-is-trump"),
    pytest.param(["8H", "AS"], T7C, 0, id="off-suit-discard-never-wins"),
    pytest.param(["8H", "AS", "KD", "QS"], T7C, 0, id="all-discards"),
    pytest.param(["AC", "7H"], T7C, 1, id="7H-above-AC"),
    pytest.param(["7H", "7C"], T7C, 1, id="7C-above-7H"),
    pytest.param(["7C", "SJ", "BJ"], T7C, 2, id="jokers-on-top"),
    pytest.param(["KH", "KH"], T7C, 0, id="tie-identical-first-wins"),
    pytest.param(["7H", "7S"], T7C, 0, id="tie-off-suit-rank-cards-lead-keeps"),
    pytest.param(["AC", "7H", "7S", "7D"], T7C, 1, id="tie-first-of-equal-rank-cards"),
    pytest.param(["AC", "7D", "7S", "7C"], T7C, 3, id="on-suit-rank-above-equal-ones"),
    pytest.param(["6H", "8H"], T7C, 1, id="rank-gap-8H-above-6H"),
    # no-trump (无主): only jokers and rank cards are trump; the four rank cards are equal
    pytest.param(["AS", "7H"], NT7, 1, id="no-trump-7H-is-trump"),
    pytest.param(["AS", "2C"], NT7, 0, id="no-trump-clubs-are-plain"),
    pytest.param(["7S", "7H", "7C"], NT7, 0, id="no-trump-rank-cards-equal"),
    pytest.param(["7S", "7H", "SJ"], NT7, 2, id="no-trump-SJ-above-rank-cards"),
    pytest.param(["2C", "AC", "KC"], NT7, 1, id="no-trump-club-lead"),
]


@pytest.mark.parametrize(("plays", "trump", "winner"), SINGLES)
def test_single_tricks_and_ties(plays: list[str], trump: Trump, winner: int) -> None:
    assert trick_winner(plays, trump) == winner


# -- RULES §4 + §7: pairs and tractors ------------------------------------------------------------

PAIRS_AND_TRACTORS = [
    pytest.param(["3D 3D", "AD KD"], T7C, 0, id="two-higher-singles-never-beat-a-pair"),
    pytest.param(["3D 3D", "AC KC"], T7C, 0, id="two-trump-singles-never-beat-a-pair"),
    pytest.param(["3D 3D", "BJ SJ"], T7C, 0, id="SJ-BJ-is-not-a-pair"),
    pytest.param(["3D 3D", "4D 4D"], T7C, 1, id="higher-pair-wins"),
    pytest.param(["3D 3D", "2C 2C"], T7C, 1, id="trump-pair-beats-any-plain-pair"),
    pytest.param(["3D 3D", "AS AS"], T7C, 0, id="off-suit-pair-never-wins"),
    pytest.param(["8H 8H", "7S 7H"], T7C, 0, id="7S-7H-is-not-a-pair"),
    pytest.param(["ADAD", "7S7S", "7H7H"], T7C, 1, id="equal-trump-pairs-first-wins"),
    pytest.param(["ADAD", "7S7S", "7C7C"], T7C, 2, id="7C7C-above-7S7S"),
    # a tractor is beaten only by a higher tractor of the same shape
    pytest.param(["5H5H4H4H", "AHAHKHKH"], T7C, 1, id="higher-tractor-wins"),
    pytest.param(["5H5H4H4H", "8H8H6H6H"], T7C, 1, id="tractor-across-the-rank-gap-wins"),
    pytest.param(["5H5H4H4H", "AHAH QHQH"], T7C, 0, id="two-higher-pairs-do-not-beat-a-tractor"),
    pytest.param(["5H5H4H4H", "AHAH KH QH"], T7C, 0, id="higher-pair-does-not-beat-a-tractor"),
    pytest.param(["5H5H4H4H", "3C3C2C2C"], T7C, 1, id="trump-tractor-ruffs"),
    pytest.param(["5H5H4H4H", "ACAC QCQC"], T7C, 0, id="trump-pairs-not-a-tractor-cannot-ruff"),
    pytest.param(["5H5H4H4H", "3C3C2C2C", "5C5C4C4C"], T7C, 2, id="higher-trump-tractor-over-ruffs"),
    pytest.param(["5H5H4H4H", "3C3C2C2C", "7S7S7H7H"], T7C, 1, id="7S7S-7H7H-is-not-a-tractor"),
    pytest.param(["5H5H4H4H", "3C3C2C2C", "7H7HACAC"], T7C, 2, id="trump-chain-ACAC-7H7H"),
    pytest.param(["5H5H4H4H3H3H", "AHAHKHKH 2H2H"], T7C, 0, id="shorter-tractor-plus-pair-cannot-win"),
    pytest.param(["5H5H4H4H3H3H", "10H10H9H9H8H8H"], T7C, 1, id="3-pair-tractor-beats-3-pair-tractor"),
    pytest.param(["5S5S4S4S", "SJSJ7H7H"], NT7, 1, id="no-trump-chain-rank-SJ"),
    pytest.param(["5S5S4S4S", "BJBJ7H7H"], NT7, 0, id="no-trump-BJ-7H-not-consecutive"),
    pytest.param(["5S5S4S4S", "2C2C3C3C"], NT7, 0, id="no-trump-clubs-are-plain"),
]


@pytest.mark.parametrize(("plays", "trump", "winner"), PAIRS_AND_TRACTORS)
def test_pairs_and_tractors(plays: list[str], trump: Trump, winner: int) -> None:
    assert trick_winner(plays, trump) == winner


# -- RULES §7: throws, "highest" (default) against the variant "all" ------------------------------

THROWS = [
    # (plays, winner with "highest", winner with "all")
    pytest.param(["KD QD", "5C 5C", "10C 3C"], 2, 1, id="KD-QD-3C-does-not-beat-5C"),
    pytest.param(["KD QD", "5C 5C", "10C 6C"], 2, 2, id="KD-QD-both-singles-higher"),
    pytest.param(["AD KD", "5C 3C", "9C 4C"], 2, 2, id="highest-with-highest"),
    pytest.param(["AD KD", "5C 3C", "6C 2C"], 2, 1, id="second-single-lower"),
    pytest.param(["AD KD", "5C 3C", "5C 4C"], 1, 1, id="equal-is-not-higher"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JC", "10C 10C 2C 2C 4C"], 2, 1, id="second-pair-lower"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JC", "10C 10C 6C 6C QC"], 2, 2, id="every-unit-higher"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JC", "6C 6C 3C 3C AC"], 1, 1, id="the-pairs-decide"),
    pytest.param(["AD KD KD", "7H 7H 9C", "7S 7S AC"], 1, 1, id="equal-pairs-first-wins"),
    pytest.param(["AD KD KD", "5C 5C 3C", "6C 6C 2C"], 2, 1, id="pair-higher-single-lower"),
    pytest.param(["AD KD KD", "5C 5C 3C", "8C 6C 6C"], 2, 2, id="pair-and-single-higher"),
    pytest.param(["AD KD KD", "5C 5C 3C", "AC KC QC"], 1, 1, id="singles-cannot-match-the-pair"),
    # the largest component is the tractor
    pytest.param(["AH KH KH QH QH", "5C 5C 4C 4C 2C", "9C 9C 8C 8C 3C"], 2, 2, id="tractor-decides"),
    pytest.param(["AH KH KH QH QH", "5C 5C 4C 4C AC", "9C 9C 8C 8C 3C"], 2, 1, id="tractor-higher-single-lower"),
    pytest.param(["AH KH KH QH QH", "5C 5C 4C 4C 2C", "AC AC 9C 9C 3C"], 1, 1, id="pairs-do-not-match-a-tractor"),
    # a tractor may be split into the lead's pairs (K♦K♦ 10♦10♦ is not a tractor at rank 7)
    pytest.param(["KD KD 10D 10D", "5C 5C 4C 4C"], 1, 1, id="tractor-split-into-pairs"),
    pytest.param(["KD KD 10D 10D", "5C 5C 4C 4C", "6C 6C 2C 2C"], 2, 1, id="pairs-6C-beats-5C"),
    # plays in the led suit are compared too (the trick does not check the throw)
    pytest.param(["KD QD", "AD 3D"], 1, 0, id="in-suit-challenger"),
    pytest.param(["KD QD", "AD 3D", "4S 5S"], 1, 0, id="in-suit-challenger-then-discard"),
]


@pytest.mark.parametrize(("plays", "highest", "every"), THROWS)
def test_throw_evaluation_highest_and_all(plays: list[str], highest: int, every: int) -> None:
    assert trick_winner(plays, T7C) == highest
    assert trick_winner(plays, T7C, RuleSet(throw_evaluation="highest")) == highest
    assert trick_winner(plays, T7C, ALL) == every
    assert explain_trick(plays, T7C, ALL).winner == every


# -- RULES §4 + §7 with 3 decks: triples ----------------------------------------------------------

THREE_DECKS = [
    pytest.param(["8D8D8D", "9D9D9D", "ADADAD"], 2, id="higher-triple-wins"),
    pytest.param(["8D8D8D", "5C5C5C"], 1, id="trump-triple-ruffs"),
    pytest.param(["8D8D8D", "ACAC KC"], 0, id="pair-and-single-never-beat-a-triple"),
    pytest.param(["8D8D8D", "9D9D 10D"], 0, id="higher-pair-and-single-in-suit-cannot-win"),
    pytest.param(["8D8D8D6D6D6D", "5C5C5C4C4C4C"], 1, id="triple-tractor-ruffs"),
    pytest.param(["8D8D8D6D6D6D", "ACACAC KCKC QC"], 0, id="triple-and-pair-not-a-triple-tractor"),
    pytest.param(["5H5H4H4H", "9C9C9C 8C"], 0, id="triple-and-single-not-a-tractor"),
    pytest.param(["AD KDKDKD", "5C5C5C 3C", "9C9C 8C 3C"], 1, id="throw-triple-matched-only-by-a-triple"),
]


@pytest.mark.parametrize(("plays", "winner"), THREE_DECKS)
def test_three_decks(plays: list[str], winner: int) -> None:
    assert trick_winner(plays, T7C, RuleSet(decks=3)) == winner


# -- RULES §1: 5 to 8 players ---------------------------------------------------------------------

MANY_PLAYERS = [
    pytest.param(["8D", "9D", "AD", "3C", "5C", "KD"], 6, 4, id="six-singles-highest-trump"),
    pytest.param(["8D8D", "9D9D", "ADAD", "3C3C", "4C 5C", "KDKD"], 6, 3, id="six-pairs-trump-pair"),
    pytest.param(["8D8D", "9D9D", "ADAD", "4S 5S", "4C 5C", "KDKD"], 6, 2, id="six-pairs-no-ruff"),
    pytest.param(["KH", "AH", "7D", "7S", "AC"], 5, 2, id="five-first-equal-rank-card"),
    pytest.param(["KH", "AH", "7D", "7S", "7C"], 5, 4, id="five-on-suit-rank-card"),
    pytest.param(["KD QD", "5C 5C", "10C 3C", "2S 3S", "JD 4D", "AC 2C"], 6, 5, id="six-throw"),
]


@pytest.mark.parametrize(("plays", "players", "winner"), MANY_PLAYERS)
def test_five_and_six_players(plays: list[str], players: int, winner: int) -> None:
    rules = RuleSet(players=players)
    assert trick_winner(plays, T7C, rules) == winner
    assert explain_trick(plays, T7C, rules).winner == winner


def test_more_plays_than_players_is_impossible() -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - any engine error subclassing ValueError
        trick_winner(["8D", "9D", "AD", "3C", "5C"], T7C)


# -- explain_trick: the same winner, a note per play, a reason naming the rule -------------------

STATUSES = [
    pytest.param(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], ["lead", "beats", "beats", "beats"], id="API-example"),
    pytest.param(["8D 8D", "3D 3D", "JC QC", "4S 4S"], ["lead", "loses", "wrong-format", "off-suit"], id="no-beat"),
    pytest.param(["KD QD", "5C 5C", "10C 3C"], ["lead", "beats", "beats"], id="ruffed-throw"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JD"], ["lead", "off-suit"], id="mixed-is-off-suit"),
    pytest.param(["AD KD KD", "7H 7H 9C", "7S 7S AC"], ["lead", "beats", "loses"], id="equal-loses"),
]


@pytest.mark.parametrize(("plays", "statuses"), STATUSES)
def test_explain_trick_notes(plays: list[str], statuses: list[str]) -> None:
    result = explain_trick(plays, T7C)
    assert isinstance(result, TrickResult)
    assert result.winner == trick_winner(plays, T7C)
    assert len(result.notes) == len(plays)
    assert all(isinstance(n, PlayNote) for n in result.notes)
    assert [n.status for n in result.notes] == statuses
    assert [n.index for n in result.notes] == list(range(len(plays)))
    for note in result.notes:
        assert note.sentence.strip()


EXPLAINED = [
    pytest.param(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], 3, ("§7",), id="over-ruff"),
    pytest.param(["8D 8D", "JD QD"], 0, ("§7", "pair"), id="singles-against-a-pair"),
    pytest.param(["KD QD QD 10D 10D", "8C 8C 5C 5C JC", "6C 6C 3C 3C AC"], 1, ("§7", "largest"), id="largest-unit"),
    pytest.param(["AD KD KD", "7H 7H 9C", "7S 7S AC"], 1, ("§7", "equal"), id="equal-pairs"),
    pytest.param(["8H", "AS"], 0, ("§7",), id="discard"),
]


@pytest.mark.parametrize(("plays", "winner", "words"), EXPLAINED)
def test_explain_trick_reason_names_the_rule(plays: list[str], winner: int, words: tuple[str, ...]) -> None:
    names = ["East", "North", "West", "South"][: len(plays)]
    result = explain_trick(plays, T7C, names=names)
    assert result.winner == winner
    assert f"{names[winner]} wins" in result.reason
    for word in words:
        assert word in result.reason, result.reason


def test_impossible_copies_are_rejected() -> None:
    with pytest.raises(ValueError, match="8D"):
        trick_winner(["8D 8D", "8D 3D"], T7C)


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        # The holder 8♣8♣5♣5♣ splits two ways against a pair-and-two-singles lead: pair 8♣8♣ with
        # singles 5♣ 5♣, or pair 5♣5♣ with singles 8♣ 8♣. The engine holds it at its strongest split
        # (highest units first), so 6♣6♣ 10♣ 9♣ — which would beat the weaker split — does not win.
        (["KD KD QD 10D", "8C 8C 5C 5C", "6C 6C 10C 9C"], 1),
        (["KD KD QD 10D", "8C 8C 5C 5C", "9C 9C 6C 6C"], 2),
    ],
)
def test_variant_all_compares_against_the_holders_strongest_split(plays: list[str], winner: int) -> None:
    assert trick_winner(plays, T7C, RuleSet(throw_evaluation="all")) == winner
