"""Lesson 12's questions and words about Zheng Fen (挣分 zhèngfēn), each graded by the zhengfen engine (RULES §12).

- ``kind_words(cards)``: what the engine calls a group of cards, or why it is no combination;
- ``beats_line(play, table)``: the engine's words on whether a play beats the table;
- ``which_is_combination(groups)``: which of these is a legal combination?
- ``pick_combination(hand, kind)``: select a combination of one kind from a hand;
- ``which_beats(table, plays)``: which of these plays may go on the table?
- ``pile_points(actions, leader)``: how many points does the pile's taker take?
- ``game_winner(record, hands)``: after these hands' points, who leads the race to 500?

>>> from shengji_tutor.course.zhengfen_questions import beats_line, kind_words, which_beats
>>> print(beats_line("9D 9C", "7H 7S"))
✓ A pair of 9s (9♦ 9♣) beats a pair of 7s (7♠ 7♥): the same kind, and higher (RULES §12).
>>> kind_words("2H 3H 4H 5H 6H")
'✗ 2♥ 3♥ 4♥ 5♥ 6♥ is no combination: a sequence may end with a 2 but neither start with one nor run on past it to the 3 (RULES §12).'
>>> q = which_beats("7H 7S", ["2C", "9D 9C"])
>>> q.grade("9♦ 9♣").correct, q.grade("2♣").explanation
(True, 'A single 2♣ is a single, not a pair: only the same kind, or a special, beats the table (RULES §12).')
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..engine.cards import Card, CardsLike, and_all, as_cards, either, format_cards, sentence_case
from ..engine.seats import SEATS
from ..i18n import t, te, tn
from ..ui.render import hand_svg
from ..zhengfen import (
    CombinationError,
    GameRecord,
    Kind,
    beats_verdict,
    classify,
    combination_verdict,
    combinations,
)
from ..zhengfen.pile import walk_pile
from .questions import StepQuestion, choose, number, pick

__all__ = [
    "beats_line",
    "game_winner",
    "kind_words",
    "pick_combination",
    "pile_points",
    "which_beats",
    "which_is_combination",
]


def kind_words(cards: CardsLike) -> str:
    """✓ and what the cards make, or ✗ and the rule they break — the engine's words, in the reader's language."""
    right, why = combination_verdict(as_cards(cards, "the cards"))
    return f"{'✓' if right else '✗'} {why}"


def beats_line(play: CardsLike, table: CardsLike) -> str:
    """✓ or ✗, and the engine's words on whether ``play`` beats ``table`` (both combinations), in the reader's
    language."""
    right, why = beats_verdict(classify(play), classify(table))
    return f"{'✓' if right else '✗'} {why}"


def which_is_combination(groups: Sequence[CardsLike], *, prompt: str, hint: str = "") -> StepQuestion:
    """Which of these groups of cards is a legal combination? Each verdict is the engine's (``classify``)."""
    verdicts = {}
    pictures = []
    for group in groups:
        cards = as_cards(group, "the cards")
        verdicts[format_cards(cards)] = combination_verdict(cards)
        pictures.append(hand_svg(cards, None, sort=False))
    right = [choice for choice, (ok, _) in verdicts.items() if ok]
    return choose(
        prompt,
        verdicts,
        _answer(right, verdicts[right[0]][1]),
        picture="".join(f'<div class="sjt-other">{p}</div>' for p in pictures),
        hint=hint,
    )


def _answer(right: Sequence[str], why: str) -> str:
    """The right answers and why: "9♦ 9♣: a pair of 9s beats …"."""
    # TRANSLATORS: {answer} is the right answer (cards: "9♦ 9♣", or several), {why} the engine's sentence on it.
    return t("{answer}: {why}", answer=either(list(right)), why=why)


def _picture(label: str, cards: Sequence[Card]) -> str:
    return f'<div class="sjt-group-label">{escape(label)}</div>{hand_svg(cards, None, sort=False)}'


def pick_combination(hand: CardsLike, kind: Kind, *, prompt: str, hint: str = "") -> StepQuestion:
    """Select a combination of ``kind`` in ``hand``; any other pick is told what the engine makes of it."""
    cards = as_cards(hand, "the hand")
    found = combinations(cards, [kind])
    if not found:
        raise ValueError(f"the hand holds no {kind.label}")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        try:
            combo = classify(picked)
        except CombinationError:
            return False, combination_verdict(picked)[1]
        if combo.kind != kind:
            return False, t(
                "That is {combination}, not {kind} (RULES §12).", combination=combo.describe(), kind=kind.label
            )
        return True, combination_verdict(picked)[1]

    solution = t("For example {plays}.", plays=either([format_cards(c.cards) for c in found[:3]]))
    return pick(prompt, cards, judge, solution, example=found[0].cards, hint=hint)


def which_beats(table: CardsLike, plays: Sequence[CardsLike], *, prompt: str = "") -> StepQuestion:
    """Which of ``plays`` may go on ``table``? Each choice's verdict is the engine's (``Combination.beats``)."""
    on_table = classify(table)
    shown = on_table.describe()
    verdicts = {}
    for play in plays:
        combo = classify(play)
        verdicts[format_cards(as_cards(play, "a play"))] = beats_verdict(combo, on_table)
    right = [choice for choice, (ok, _) in verdicts.items() if ok]
    return choose(
        prompt or sentence_case(t("{table} is on the table. Which of these plays beats it?", table=shown)),
        verdicts,
        _answer(right, verdicts[right[0]][1]),
        picture=_picture(t("On the table"), on_table.cards),
        hint=t("Look at the kind on the table first: only the same kind, or a special, can beat it."),
    )


def _pile(actions: Sequence[str], leader: str) -> tuple[str, list[Card], str]:
    """The taker, the pile's cards and the turns in words, as the engine walks the pile (``walk_pile``); a pile the
    game would refuse is refused here too."""
    walk = walk_pile([None if text == "pass" else text for text in actions], SEATS.index(leader), len(SEATS))
    if walk.problems or walk.taker is None:
        raise ValueError(f"not a pile the game plays: {'; '.join(walk.problems)}")
    return SEATS[walk.taker], list(walk.cards), walk.story()


def pile_points(actions: Sequence[str], leader: str) -> StepQuestion:
    """A pile played out at four (``actions``: cards or ``pass``, in play order from ``leader``): how many points
    does its taker take?"""
    taker_seat, pile, story = _pile(actions, leader)
    taker = t(taker_seat)
    total = sum(c.points for c in pile)
    scoring = [c for c in pile if c.points]
    count = f"{format_cards(scoring)}: {' + '.join(str(c.points) for c in scoring)} = {total}"

    def judge(n: int) -> str:
        if n == total:
            # TRANSLATORS: {count} is the sum of the pile's points: "5♥ 10♠ K♦: 5 + 10 + 10 = 25".
            return t(
                "{taker} played last and the others passed, so {taker} takes the whole pile: {count} (RULES §12).",
                taker=taker,
                count=count,
            )
        mine = sum(c.points for c in as_cards(actions[_last_play(actions)], "a play"))
        if n == mine:
            return t(
                "{points} is only {taker}'s own play: the taker takes every card played to the pile (RULES §12).",
                points=n,
                taker=taker,
            )
        return t("Not {points}: count every 5 (5 points), 10 and king (10 points) in the pile (RULES §12).", points=n)

    return number(
        # TRANSLATORS: {story} tells the pile turn by turn: "North plays 5♥; West plays 10♠; …; East passes".
        t("{story}. How many points does {taker} take?", story=story, taker=taker),
        total,
        judge,
        t("{total}: {count}.", total=total, count=count),
        picture=_picture(t("The pile"), pile),
        hint=t("The taker takes every card played to the pile. Count its 5s, 10s and kings."),
    )


def _last_play(actions: Sequence[str]) -> int:
    return max(i for i, text in enumerate(actions) if text != "pass")


def game_winner(record: GameRecord, hands: int) -> StepQuestion:
    """The first ``hands`` hands of a game the bots played (four players): who leads the race to 500 after them?"""
    if record.rules.players != len(SEATS):
        raise ValueError("the question is asked at a table of four")
    totals = [sum(points[seat] for points in record.hand_points[:hands]) for seat in range(len(SEATS))]
    best = max(totals)
    rows = "".join(
        "<tr><td>" + te("Hand {number}", number=h + 1) + "</td>" + "".join(f"<td>{p}</td>" for p in points) + "</tr>"
        for h, points in enumerate(record.hand_points[:hands])
    )
    seats = "".join("<th>" + escape(t(s)) + "</th>" for s in SEATS)
    picture = f'<table class="sjt-scores"><tr><th></th>{seats}</tr>{rows}</table>'
    verdicts = {}
    for s in range(len(SEATS)):
        # TRANSLATORS: {sum} adds a player's points hand by hand ("20 + 35 + 10"), {total} is their total.
        added = " + ".join(str(p[s]) for p in record.hand_points[:hands])
        verdicts[SEATS[s]] = (
            totals[s] == best,
            t(
                "{seat} has {sum} = {total} — the most: each hand's piles add to the total, and the first to 500 wins "
                "(RULES §12).",
                seat=t(SEATS[s]),
                sum=added,
                total=totals[s],
            )
            if totals[s] == best
            else t(
                "{seat} has {sum} = {total}, less than {best}: add each hand's points to the total (RULES §12).",
                seat=t(SEATS[s]),
                sum=added,
                total=totals[s],
                best=best,
            ),
        )
    leaders = [t(SEATS[s]) for s in range(len(SEATS)) if totals[s] == best]
    said = and_all(leaders)
    return choose(
        tn(
            "Each hand deals out 100 points. After this {n} hand, who is closest to 500?",
            "Each hand deals out 100 points. After these {n} hands, who is closest to 500?",
            hands,
        ),
        verdicts,
        # TRANSLATORS: {leaders} is who leads (one seat, or several tied), {best} their score.
        t("{leaders}, with {best}.", leaders=said, best=best),
        picture=picture,
        hint=t("Add up each player's column."),
    )
