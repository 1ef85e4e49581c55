"""Lesson 11's first step for each idea: a small position the learner plays before the lesson explains the idea.

Each idea of "Playing well" (策略 cèlüè, ``ideas.IDEA_TABLE``) opens with a task graded by
the engine — a card to play into a trick, a lead, a count, a burial, a declaration
(``question_<idea>``) — and then the idea's explanation, naming the rule or the
count it rests on (in the table). The examples, counter-examples and live demos of
``strategy`` follow it in the lesson.

>>> from shengji_tutor.course.strategy_steps import question_give
>>> q = question_give()
>>> q.grade(["KD"]).correct, q.grade(["3D"]).correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..engine.cards import Card, CardsLike, and_all, as_cards, format_cards, sentence_case
from ..engine.declaring import judge_declaration
from ..engine.follow import legal_follow
from ..engine.plays import legal_plays
from ..engine.scoring import level_change
from ..engine.seats import SEATS
from ..engine.tricks import TrickResult, explain_trick
from ..engine.trump import Trump
from ..i18n import t, te, tn
from ..ui.render import hand_svg, trick_svg
from .questions import StepQuestion, pick, seats_from, who_wins
from .round_questions import cite, kitty_question, pick_burial
from .strategy import EXAMPLE_TRUMP, SOUTH

__all__ = [
    "question_bury",
    "question_counting",
    "question_declare",
    "question_give",
    "question_kitty",
    "question_pairs",
    "question_points",
    "question_trumps",
]

Goal = Callable[[list[Card], TrickResult], tuple[bool, str]]


def _play_question(prompt: str, hand: CardsLike, trick: list[str], leader: int, goal: Goal) -> StepQuestion:
    """South plays into ``trick`` (led by ``leader``): a legal play that meets ``goal`` is right (RULES §6, §7)."""
    trump = EXAMPLE_TRUMP
    cards = as_cards(hand, "the hand")
    lead = as_cards(trick[0], "the lead")
    names = [*seats_from(leader, len(trick)), "You"]

    def judge(picked: list[Card]) -> tuple[bool, str]:
        verdict = legal_follow(cards, lead, picked, trump)
        if not verdict:
            return False, verdict.reason
        return goal(picked, explain_trick([*trick, picked], trump, names=names))

    good = [list(p) for p in legal_plays(cards, lead, trump) if judge(list(p))[0]]
    if not good:
        raise ValueError(f"no play meets the goal of {prompt!r}")
    picture = trick_svg(trick, leader, trump)
    return pick(
        prompt,
        cards,
        judge,
        _cards_said(good[0]),
        example=good[0],
        count=len(lead),
        trump=trump,
        picture=picture,
    )


def _cards_said(cards: CardsLike) -> str:
    """An answer that is cards: "K♦."."""
    # TRANSLATORS: the answer to a task, some cards: "K♦.".
    return t("{cards}.", cards=format_cards(cards))


def _reach_80(have: int, leader: int, picked: list[Card], result: TrickResult) -> tuple[bool, str]:
    if result.winner != 3:
        winner = t(SEATS[(leader + result.winner) % 4])
        return (
            False,
            tn(
                "Legal, but {seat} keeps the trick and its {n} point: your side stays at {have} (RULES §7).",
                "Legal, but {seat} keeps the trick and its {n} points: your side stays at {have} (RULES §7).",
                result.points,
                seat=winner,
                have=have,
            ),
        )
    total = have + result.points
    return level_change(total).takeover, cite(
        # TRANSLATORS: {change} is the engine's sentence on what the attackers' total does to the levels.
        tn(
            "You take {n} point: {have} + {n} = {total}. {change}",
            "You take {n} points: {have} + {n} = {total}. {change}",
            result.points,
            have=have,
            total=total,
            change=level_change(total).describe(),
        ),
        "RULES §9",
    )


def _give(picked: list[Card], result: TrickResult) -> tuple[bool, str]:
    card = picked[0].symbol()
    if result.winner != 1:
        return (
            False,
            t(
                "Your partner North was winning the trick; now it is yours, and a high card is spent for nothing "
                "(RULES §7)."
            ),
        )
    if not picked[0].points:
        return False, t("Legal, and North still wins — but {card} adds no points for your side (RULES §2).", card=card)
    return (
        True,
        # TRANSLATORS: {n} is the card's points (5 or 10), {total} the trick's points that go to your side.
        tn(
            "North keeps the trick and your {card} adds {n} point to it: {total} for your side (RULES §2, §7).",
            "North keeps the trick and your {card} adds {n} points to it: {total} for your side (RULES §2, §7).",
            picked[0].points,
            card=card,
            total=result.points,
        ),
    )


def _keep_pair(hand: CardsLike, picked: list[Card], result: TrickResult) -> tuple[bool, str]:
    del result
    left = list(as_cards(hand))
    for card in picked:
        left.remove(card)
    broken = [c for c in picked if as_cards(hand).count(c) == 2]
    if broken:
        c = broken[0]
        return False, t(
            "Legal, but it breaks your {card} {card}: the {card} left is a single, and two singles never beat a pair "
            "(RULES §7).",
            card=c.symbol(),
        )
    kept = [f"{c.symbol()} {c.symbol()}" for c in set(left) if left.count(c) == 2]
    said = and_all(kept)
    # TRANSLATORS: {pairs} is the pairs kept ("Q♥ Q♥", or several joined by "and").
    return True, t("Legal, and you keep {pairs} together for later (RULES §7).", pairs=said)


def _sure_lead(hand: CardsLike, unseen: CardsLike) -> StepQuestion:
    """Lead a card nobody can beat in its suit: no card still out is higher in its effective suit (RULES §3)."""
    trump = EXAMPLE_TRUMP
    cards = as_cards(hand, "the hand")
    out = as_cards(unseen, "the cards not seen")

    def higher(card: Card) -> list[Card]:
        return [c for c in out if trump.suit_of(c) == trump.suit_of(card) and trump.key(c) > trump.key(card)]

    def judge(picked: list[Card]) -> tuple[bool, str]:
        card = picked[0]
        above = higher(card)
        if above:
            return (
                False,
                tn(
                    "{cards} is still out and beats your {card} (RULES §3).",
                    "{cards} are still out and beat your {card} (RULES §3).",
                    len(set(above)),
                    cards=format_cards(trump.sorted(set(above))),
                    card=card.symbol(),
                ),
            )
        return (
            True,
            t(
                "Every card above your {card} in its suit has been played: it is the highest still out (RULES §3).",
                card=card.symbol(),
            ),
        )

    good = [c for c in cards if not higher(c)]
    label = te("Cards you have not seen")
    return pick(
        t(
            "Late in the round you lead. Below are the cards you have not seen yet. Which of your cards can nobody "
            "beat in its suit? Pick it, then press Check."
        ),
        cards,
        judge,
        _cards_said(good),
        example=good[:1],
        count=1,
        trump=trump,
        picture=f'<div class="sjt-group-label">{label}</div>{hand_svg(out, trump)}',
    )


def _declare_long(hand: CardsLike, rank: str = "7") -> StepQuestion:
    """During the deal: declare with the rank card that makes the most of the hand trump (RULES §3, §10)."""
    cards = as_cards(hand, "the hand")

    def trumps_if(card: Card) -> int:
        trump = Trump(rank, card.suit)
        return sum(1 for c in cards if trump.is_trump(c))

    options = [c for c in cards if judge_declaration([c], rank)]
    most = max(trumps_if(c) for c in options)

    def judge(picked: list[Card]) -> tuple[bool, str]:
        verdict = judge_declaration(picked, rank)
        if not verdict:
            # TRANSLATORS: {reason} is a sentence without its full stop.
            return False, t("{reason}.", reason=sentence_case(verdict.reason))
        n = trumps_if(picked[0])
        if n < most:
            return (
                False,
                # TRANSLATORS: {n} is how many of the hand's cards become trumps; the English says "1 of your cards".
                tn(
                    "Legal, but declaring with {card} makes only {n} of your cards trumps; another 7 makes {most} "
                    "(RULES §3).",
                    "Legal, but declaring with {card} makes only {n} of your cards trumps; another 7 makes {most} "
                    "(RULES §3).",
                    n,
                    card=picked[0].symbol(),
                    most=most,
                ),
            )
        return True, tn(
            "Declaring with {card} makes {n} of your cards trumps (RULES §3, §10).",
            "Declaring with {card} makes {n} of your cards trumps (RULES §3, §10).",
            n,
            card=picked[0].symbol(),
        )

    good = [c for c in options if trumps_if(c) == most]
    return pick(
        t("Twelve cards dealt, trump rank 7, nobody has declared. Pick the card to declare with, then press Check."),
        cards,
        judge,
        _cards_said(good),
        example=good[:1],
        count=1,
    )


def question_points() -> StepQuestion:
    """The task that opens the idea 'points'."""
    trick, leader = ["KD", "5D", "QD"], 3
    return _play_question(
        t("You are South, an attacker; your side has 65 points. East, North and West have played. Pick your card."),
        "AD 4D 9S",
        trick,
        leader,
        lambda picked, result: _reach_80(65, leader, picked, result),
    )


def question_counting() -> StepQuestion:
    """The task that opens the idea 'counting'."""
    return _sure_lead("KH QS JD 6C", "AS 10S 8S AD KD 3H 2H 8C")


def question_trumps() -> StepQuestion:
    """The task that opens the idea 'trumps'."""
    return who_wins(
        ["QS", "2C", "9S", "4D"],
        EXAMPLE_TRUMP,
        leader=SOUTH,
        prompt=t("Nobody has led trumps yet. You lead Q♠; East has no spades but one trump left. Who wins?"),
    )


def question_give() -> StepQuestion:
    """The task that opens the idea 'give'."""
    return _play_question(
        t("North, your partner, is winning with A♦ and you play last. Pick your card."),
        "KD 3D 2C",
        ["9D", "AD", "5D"],
        3,
        _give,
    )


def question_pairs() -> StepQuestion:
    """The task that opens the idea 'pairs'."""
    hand = "QH QH JH 3S"
    return _play_question(
        t("West leads a single 4♥ and North plays 9♥. Pick your card — you want to win tricks later too."),
        hand,
        ["4H", "9H"],
        1,
        partial(_keep_pair, hand),
    )


def question_kitty() -> StepQuestion:
    """The task that opens the idea 'kitty'."""
    return kitty_question("KS 10D 5H 3S 4S 6D 8D 9D", "2C 2C", EXAMPLE_TRUMP)


def question_bury() -> StepQuestion:
    """The task that opens the idea 'bury'."""
    return pick_burial(
        "3S 4S 6S 9S JS 2D 3D 4H KS KS 10D 10D 5H 5H 2C 8C",
        EXAMPLE_TRUMP,
        prompt=t("You are the dealer and hold these 16 cards. Pick 8 to bury, then press Check."),
    )


def question_declare() -> StepQuestion:
    """The task that opens the idea 'declare'."""
    return _declare_long("7H AH KH 10H 8H 5H 3H QS 4S 9D 7S JC")
