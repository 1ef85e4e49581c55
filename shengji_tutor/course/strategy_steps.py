"""Lesson 11's first step for each idea: a small position the learner plays before the lesson explains the idea.

Each idea of "Playing well" (策略 cèlüè, ``strategy.IDEAS``) opens with a task graded by
the engine — a card to play into a trick, a lead, a count, a burial, a declaration —
and then the idea's explanation, naming the rule or the count it rests on. The
examples, counter-examples and live demos of ``strategy`` follow it in the lesson.

>>> from shengji_tutor.course.strategy_steps import idea_question
>>> q = idea_question("give")
>>> q.grade(["KD"]).correct, q.grade(["3D"]).correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..engine.cards import Card, CardsLike, as_cards, format_cards
from ..engine.declaring import judge_declaration
from ..engine.follow import legal_follow
from ..engine.plays import legal_plays
from ..engine.scoring import level_change
from ..engine.seats import SEATS
from ..engine.tricks import TrickResult, explain_trick
from ..engine.trump import Trump
from ..ui.render import hand_svg, trick_svg
from .questions import Question, pick, seats_from, who_wins
from .round_questions import cite, kitty_question, pick_burial
from .steps import Step
from .strategy import EXAMPLE_TRUMP, IDEAS, SOUTH, examples

__all__ = ["EXPLANATIONS", "idea_question", "idea_step"]

Goal = Callable[[list[Card], TrickResult], tuple[bool, str]]


def _play_question(prompt: str, hand: CardsLike, trick: list[str], leader: int, goal: Goal) -> Question:
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
        f"{format_cards(good[0])}.",
        example=good[0],
        count=len(lead),
        trump=trump,
        picture=picture,
    )


def _reach_80(have: int, leader: int, picked: list[Card], result: TrickResult) -> tuple[bool, str]:
    if result.winner != 3:
        winner = SEATS[(leader + result.winner) % 4]
        return (
            False,
            f"Legal, but {winner} keeps the trick and its {result.points} points: your side stays at {have} (RULES §7).",
        )
    total = have + result.points
    return level_change(total).takeover, cite(
        f"You take {result.points} points: {have} + {result.points} = {total}. {level_change(total).describe()}",
        "RULES §9",
    )


def _give(picked: list[Card], result: TrickResult) -> tuple[bool, str]:
    if result.winner != 1:
        return (
            False,
            "Your partner North was winning the trick; now it is yours, and a high card is spent for nothing (RULES §7).",
        )
    if not picked[0].points:
        return False, f"Legal, and North still wins — but {picked[0].symbol()} adds no points for your side (RULES §2)."
    return (
        True,
        f"North keeps the trick and your {picked[0].symbol()} adds {picked[0].points} points to it: {result.points} for your side (RULES §2, §7).",
    )


def _keep_pair(hand: CardsLike, picked: list[Card], result: TrickResult) -> tuple[bool, str]:
    del result
    left = list(as_cards(hand))
    for card in picked:
        left.remove(card)
    broken = [c for c in picked if as_cards(hand).count(c) == 2]
    if broken:
        c = broken[0]
        return False, (
            f"Legal, but it breaks your {c.symbol()} {c.symbol()}: the {c.symbol()} left is a single, and two singles "
            "never beat a pair (RULES §7)."
        )
    kept = [c for c in set(left) if left.count(c) == 2]
    return (
        True,
        f"Legal, and you keep {' and '.join(f'{c.symbol()} {c.symbol()}' for c in kept)} together for later (RULES §7).",
    )


def _sure_lead(hand: CardsLike, unseen: CardsLike) -> Question:
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
                f"{format_cards(trump.sorted(set(above)))} {'is' if len(set(above)) == 1 else 'are'} still out and beat{'s' if len(set(above)) == 1 else ''} your {card.symbol()} (RULES §3).",
            )
        return (
            True,
            f"Every card above your {card.symbol()} in its suit has been played: it is the highest still out (RULES §3).",
        )

    good = [c for c in cards if not higher(c)]
    return pick(
        "Late in the round you lead. Below are the cards you have not seen yet. Which of your cards can nobody "
        "beat in its suit? Pick it, then press Check.",
        cards,
        judge,
        f"{format_cards(good)}.",
        example=good[:1],
        count=1,
        trump=trump,
        picture=f'<div class="sjt-group-label">Cards you have not seen</div>{hand_svg(out, trump)}',
    )


def _declare_long(hand: CardsLike, rank: str = "7") -> Question:
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
            return False, verdict.reason[0].upper() + verdict.reason[1:] + "."
        n = trumps_if(picked[0])
        if n < most:
            return (
                False,
                f"Legal, but declaring with {picked[0].symbol()} makes only {n} of your cards trumps; another 7 makes {most} (RULES §3).",
            )
        return True, f"Declaring with {picked[0].symbol()} makes {n} of your cards trumps (RULES §3, §10)."

    good = [c for c in options if trumps_if(c) == most]
    return pick(
        "Twelve cards dealt, trump rank 7, nobody has declared. Pick the card to declare with, then press Check.",
        cards,
        judge,
        f"{format_cards(good)}.",
        example=good[:1],
        count=1,
    )


def idea_question(idea: str) -> Question:
    """The task that opens ``idea`` (one of ``strategy.IDEAS``), graded by the engine."""
    t = EXAMPLE_TRUMP
    if idea == "points":
        trick, leader = ["KD", "5D", "QD"], 3
        return _play_question(
            "You are South, an attacker; your side has 65 points. East, North and West have played. Pick your card.",
            "AD 4D 9S",
            trick,
            leader,
            lambda picked, result: _reach_80(65, leader, picked, result),
        )
    if idea == "counting":
        return _sure_lead("KH QS JD 6C", "AS 10S 8S AD KD 3H 2H 8C")
    if idea == "trumps":
        return who_wins(
            ["QS", "2C", "9S", "4D"],
            t,
            leader=SOUTH,
            prompt="Nobody has led trumps yet. You lead Q♠; East has no spades but one trump left. Who wins?",
        )
    if idea == "give":
        return _play_question(
            "North, your partner, is winning with A♦ and you play last. Pick your card.",
            "KD 3D 2C",
            ["9D", "AD", "5D"],
            3,
            _give,
        )
    if idea == "pairs":
        hand = "QH QH JH 3S"
        return _play_question(
            "West leads a single 4♥ and North plays 9♥. Pick your card — you want to win tricks later too.",
            hand,
            ["4H", "9H"],
            1,
            partial(_keep_pair, hand),
        )
    if idea == "kitty":
        return kitty_question("KS 10D 5H 3S 4S 6D 8D 9D", "2C 2C", t)
    if idea == "bury":
        return pick_burial(
            "3S 4S 6S 9S JS 2D 3D 4H KS KS 10D 10D 5H 5H 2C 8C",
            t,
            prompt="You are the dealer and hold these 16 cards. Pick 8 to bury, then press Check.",
        )
    if idea == "declare":
        return _declare_long("7H AH KH 10H 8H 5H 3H QS 4S 9D 7S JC")
    raise ValueError(f"there is no idea {idea!r} in lesson 11: choose one of {', '.join(IDEAS)}")


EXPLANATIONS: dict[str, str] = {
    "points": (
        "Keep a running count of the points the attackers have won (5s, 10s and Ks — lesson 2). Below 80 the "
        "declarers hold; from 80 the attackers take over (RULES §9, lesson 8). A trick that carries points near the "
        "line is worth a high card or a trump; a trick without points rarely is."
    ),
    "counting": (
        "Two decks hold 36 trumps when a suit is trump (24 of the suit, the eight rank cards, four jokers). Count "
        "the trumps and the aces that have been played: a card is the **highest still out** once every card above "
        "it has been seen, and only then is it a sure winner in its suit (RULES §3)."
    ),
    "trumps": (
        '*"Save all your trumps for the end"* is a beginner\'s mistake. When you hold many trumps, leading them '
        "early (调主 diàozhǔ) pulls the opponents' trumps out. Each trump you lead draws at most two of theirs, one "
        "from each opponent (and one of your partner's). Once they have none, your long plain suit is safe, because "
        "nobody can trump (毙 bì) it any more (RULES §6.3, §7). With few trumps, keep them: a trump lead then only "
        "draws your partner's."
    ),
    "give": (
        '*"Always win the trick if you can"* — not when your partner is already winning it: winning it again gains '
        "nothing and spends a high card (RULES §7: a trick has one winner). Instead **give** your partner your point "
        "cards (垫分 diànfēn), which count for your side wherever they land in its tricks (RULES §2).\n\n"
        'The other way round, when an opponent is winning the trick, play no points into it. *"Throw away your '
        'lowest card"* is wrong when that card is a 10 or a 5: a higher card without points costs nothing.'
    ),
    "pairs": (
        "A pair lead can only be beaten by a pair, a tractor lead only by a tractor (RULES §7, lessons 4 and 5). "
        "Break a pair to follow a single lead and you have two singles, which never beat a pair. Follow singles "
        "with singles when you can, and keep your pairs (对子 duìzi) and tractors (拖拉机 tuōlājī) together for later (RULES §7)."
    ),
    "kitty": (
        "Whoever wins the **last** trick decides the kitty (底牌 dǐpái): if the attackers win it, the kitty's points "
        "count for them, multiplied — ×2 with a single, ×4 with a pair (RULES §9, lesson 8). Attackers: keep a high "
        "trump or a trump pair for the end when the kitty may be rich (抠底 kōudǐ). Declarers: keep control of the "
        "last trick, above all when you buried points."
    ),
    "bury": (
        "The dealer picks up the kitty and buries as many cards (埋底 máidǐ). Three rules of thumb:\n\n"
        "- **make a void**: bury all the cards of a short plain suit, and you can trump that suit's leads;\n"
        "- **keep your trumps**: they win tricks, and the last one;\n"
        '- **bury points only when it is safe**: *"bury your points in the kitty, they are safe there"* holds only '
        "if your side keeps the last trick — otherwise they come back multiplied (RULES §9)."
    ),
    "declare": (
        "Declare (亮主 liàngzhǔ) when the suit of your rank card is one you hold **many** cards of: they all become "
        "trumps (RULES §3, §10). A rank card in a short suit makes a weak trump — better wait, or let someone else "
        "declare. A pair of rank cards overrides a single, and a pair of jokers overrides both (lesson 9): keep a "
        "joker pair to take the trump back late in the deal."
    ),
}
"""Each idea's explanation, shown once its first step is answered."""


def idea_step(idea: str) -> Step:
    """The first step of ``idea``: its task, then its explanation and its example and counter-example
    (``strategy.examples``), which answer the task and so appear only once it is answered or shown."""
    return Step(idea_question(idea), EXPLANATIONS[idea], then=lambda: [examples(idea)])
