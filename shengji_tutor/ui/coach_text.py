"""What lesson 10's coach says about a round, seen from the learner's seat ``you``.

Pure functions of a four-seat ``Round``: a sentence for each moment of the hand
(the trump rank, a declaration, the end of the deal, a failed throw, a trick, the
score) and the sides as the table knows them. The learner is "you" in every
sentence; the other seats go by their names. ``CoachedGame`` decides when to say them.
"""

from __future__ import annotations

from ..engine.cards import SUIT_NAMES, SUITS, Card, cards_of, format_cards, points
from ..engine.declaring import Declaration
from ..engine.seats import SEATS
from ..engine.tricks import explain_trick
from ..play.round import Round, Trick

__all__ = [
    "ORDINALS",
    "deal_words",
    "declared",
    "final_words",
    "name",
    "rank_words",
    "sides",
    "throw_words",
    "trick_words",
]

ORDINALS = ("first", "second", "third")
"""A called card's ordinal in words: the "second" A♥ played is ordinal 2."""


def name(seat: int, you: int) -> str:
    return "you" if seat == you else SEATS[seat]


def rank_words(rnd: Round, you: int) -> str:
    """The hand's trump rank: every card of it is a trump, whatever suit is declared."""
    rank = rnd.rank
    assert rnd.dealer is not None
    deals = "You deal" if rnd.dealer == you else f"{SEATS[rnd.dealer]} deals"
    of_rank = " ".join(Card(rank, s).symbol() for s in SUITS)
    return (
        f"A new hand: the trump rank is {rank}. Every card of rank {rank} ({of_rank}) is a trump, "
        f"with the jokers, whichever suit becomes trump (RULES §3). {deals}: the cards come one at a time, "
        f"and whoever is dealt a {rank} may show it to make its suit trump (亮主 liàngzhǔ, RULES §10)."
    )


def declared(made: Declaration) -> str:
    """A bot's declaration, as the table saw it."""
    suit = f"{SUIT_NAMES[made.suit]} would be trump" if made.suit else "no-trump (only jokers and rank cards)"
    return f"{SEATS[made.seat]} declares with {format_cards(made.cards)}: {suit}."


def deal_words(rnd: Round, you: int) -> str:
    """The deal is over: whose declaration stands, the trump, who takes the kitty, the sides and the goal."""
    assert rnd.dealer is not None
    assert rnd.trump is not None
    decl, dealer, rules = rnd.declaration, rnd.dealer, rnd.rules
    if decl is None:
        stands = "nobody declared, so the kitty fixes the trump"
    else:
        stands = ("your" if decl.seat == you else f"{SEATS[decl.seat]}'s") + " declaration stands"
    words = [f"The deal is complete and {stands}: {rnd.trump.describe()}."]
    if dealer == you:
        k = rules.kitty
        words.append(
            f"You are the dealer: the {k} kitty cards are now in your hand. Pick {k} cards to bury "
            "(埋底 máidǐ) and press Bury: if the attackers win the last trick, the points you bury "
            "count for them, multiplied (RULES §9)."
        )
    else:
        words.append(f"{SEATS[dealer]} deals and takes the kitty.")
    if rules.partnership == "friends":
        words.append(
            f"Finding Friends (找朋友 zhǎo péngyou): {name(dealer, you)} will call a card, and whoever plays "
            "that copy of it joins the dealer's side; until then the sides are hidden (RULES §11)."
        )
    else:
        partner, target = SEATS[(you + 2) % 4], 2 * rules.step
        words.append(
            f"You and {partner} are the declarers: keep the attackers under {target} points."
            if you in rnd.declarers
            else f"You and {partner} are the attackers: win {target} points or more to take over."
        )
    return " ".join(words)


def throw_words(rnd: Round, you: int) -> str:
    """The failed throw of the trick so far: who tried what, who beat which unit with which cards (RULES §8)."""
    check, blocker = rnd.throw_check, rnd.throw_blocker
    if check is None or blocker is None or rnd.attempted is None:
        return ""
    leader, forced = rnd.leader, format_cards(check.forced)
    if leader == you:
        whose, plays = "Your", "you play"
    else:
        whose, plays = f"{SEATS[leader]}'s", f"{SEATS[leader]} plays"
    holds = "you hold" if blocker == you else f"{SEATS[blocker]} holds"
    return (
        f"{whose} throw {format_cards(cards_of(rnd.attempted))} failed: {holds} {format_cards(check.beaten_by)}, "
        f"which beats {whose.lower()} {forced}, so {plays} only {forced} (RULES §8)."
    )


def trick_words(rnd: Round, trick: Trick, you: int) -> str:
    """Who won a finished trick and why."""
    assert rnd.trump is not None
    names = [name(trick.seat_of(k, 4), you) for k in range(4)]
    return explain_trick(trick.plays, rnd.trump, rnd.rules, names=names).reason


def final_words(rnd: Round) -> str:
    """The score step by step: trick points, the kitty, the level change (RULES §9)."""
    score = rnd.score()
    kitty = cards_of(rnd.discards)
    last = rnd.tricks[-1]
    lines = [f"The round is over. The attackers won {score.total - score.kitty_bonus} points in tricks."]
    if last.winner in rnd.attackers:
        lines.append(
            f"{SEATS[last.winner]} (an attacker) won the last trick, so the kitty ({format_cards(kitty)}, "
            f"{points(kitty)} points) counts ×{score.kitty_multiplier}: +{score.kitty_bonus} (RULES §9)."
        )
    else:
        lines.append(f"The declarers won the last trick, so the kitty's {points(kitty)} points stay theirs.")
    lines.append(score.level_change.describe()[:-1] + " (RULES §9).")
    return " ".join(lines)


def sides(rnd: Round, you: int) -> str:
    """Who is known to be on which side, as the table knows it: in Finding Friends a friend is
    known only once the called card is played (RULES §11)."""
    if rnd.dealer is None or rnd.phase == "deal":
        return "the sides are known once the deal is over"
    if rnd.rules.partnership == "fixed":
        side = "declarers" if you in rnd.declarers else "attackers"
        return f"you and {SEATS[(you + 2) % 4]} are the {side}"
    declarers = f"{name(rnd.dealer, you)} (dealer)" + "".join(f", {name(s, you)} (friend)" for s in rnd.friends)
    if rnd.phase in ("kitty", "call"):
        return f"declarers: {declarers}; no friend is called yet"
    view = rnd.view(you)
    played = view.played_cards()
    hidden = [f"the {ORDINALS[o - 1]} {c.symbol()}" for c, o in view.calls if played.count(c) < o]
    if hidden:
        return f"declarers: {declarers}; the other sides are hidden until {' and '.join(hidden)} is played"
    return f"declarers: {declarers} · attackers: {', '.join(name(s, you) for s in rnd.attackers)}"
