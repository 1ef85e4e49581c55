"""What lesson 10's coach says about a round, seen from the learner's seat ``you``.

Pure functions of a ``Round`` of 4 to 6 seats: a sentence for each moment of the hand
(the trump rank, a declaration, the end of the deal, a failed throw, a trick, the
score) and the sides as the table knows them. The learner is "you" in every
sentence; the other seats go by their names. ``CoachedGame`` decides when to say them.
"""

from __future__ import annotations

from ..engine.cards import SUIT_NAMES, SUITS, Card, format_cards, points, rank_plural, with_article
from ..engine.declaring import Declaration
from ..engine.seats import seat_name
from ..engine.tricks import explain_trick
from .actions import ORDINALS
from .round import Round, Trick, friends_wanted

__all__ = [
    "ORDINALS",
    "chao_over_words",
    "chao_words",
    "deal_words",
    "declared",
    "final_words",
    "name",
    "overturned",
    "rank_words",
    "shown_words",
    "sides",
    "throw_words",
    "trick_words",
]

"""A called card's ordinal in words: the "second" A♥ played is ordinal 2."""


def name(seat: int, you: int, players: int = 4) -> str:
    """A seat as the coach says it: "you" for the learner, else the seat's name at a table of ``players``."""
    return "you" if seat == you else seat_name(seat, players)


def rank_words(rnd: Round, you: int) -> str:
    """The hand's trump rank: every card of it is a trump, whatever suit is declared."""
    rank = rnd.rank
    if rnd.dealer is None:  # a match's first round: the first declarer will deal
        deals = "This is the match's first round, so nobody deals yet: whoever declares first becomes the dealer"
    else:
        who = "you deal" if rnd.dealer == you else f"{seat_name(rnd.dealer, rnd.players)} deals"
        deals = f"The match is under way and the last round made the dealer (RULES §9): {who} this hand"
    of_rank = " ".join(Card(rank, s).symbol() for s in SUITS)
    return (
        f"A new hand: the trump rank is {rank}. Every card of rank {rank} ({of_rank}) is a trump, "
        f"with the jokers, whichever suit becomes trump (RULES §3). {deals}. The cards come one at a time, "
        f"and whoever is dealt {with_article(rank)} may show it to make its suit trump (亮主 liàngzhǔ, RULES §10)."
    )


def declared(made: Declaration, players: int = 4) -> str:
    """A bot's declaration, as the table saw it."""
    suit = f"{SUIT_NAMES[made.suit]} would be trump" if made.suit else "no-trump (only jokers and rank cards)"
    return f"{seat_name(made.seat, players)} declares with {format_cards(made.cards)}: {suit}."


def deal_words(rnd: Round, you: int) -> str:
    """The deal is over: whose declaration stands, the trump, who takes the kitty, the sides and the goal."""
    assert rnd.dealer is not None
    assert rnd.trump is not None
    decl, dealer, rules = rnd.declaration, rnd.dealer, rnd.rules
    if decl is None:
        stands = "nobody declared, so the kitty fixes the trump"
    else:
        stands = ("your" if decl.seat == you else f"{seat_name(decl.seat, rnd.players)}'s") + " declaration stands"
    words = [f"The deal is complete and {stands}: {rnd.trump.describe()}."]
    if dealer == you:
        k = rules.kitty
        words.append(
            f"You are the dealer: the {k} kitty cards are now in your hand. Pick {k} cards to bury "
            "(埋底 máidǐ) and press Bury: if the attackers win the last trick, the points you bury "
            "count for them, multiplied (RULES §9)."
        )
    else:
        words.append(f"{seat_name(dealer, rnd.players)} deals and takes the kitty.")
    if rules.partnership == "friends":
        calls = "a card" if friends_wanted(rnd.players) == 1 else f"{friends_wanted(rnd.players)} cards"
        words.append(
            f"Finding Friends (找朋友 zhǎo péngyou): {name(dealer, you, rnd.players)} will call {calls}, and whoever "
            "plays that copy joins the dealer's side; until then the sides are hidden (RULES §11)."
        )
    else:
        target = 2 * rules.step
        words.append(
            f"You and {_partners(rnd, you)} are the declarers: keep the attackers under {target} points."
            if you in rnd.declarers
            else f"You and {_partners(rnd, you)} are the attackers: win {target} points or more to take over."
        )
    return " ".join(words)


def _partners(rnd: Round, you: int) -> str:
    """Your fixed partners (every other seat), by name: "North", or "Seat 1 and Seat 5"."""
    partners = [seat_name(s, rnd.players) for s in range(rnd.players) if s != you and s % 2 == you % 2]
    return " and ".join(partners)


def throw_words(rnd: Round, you: int) -> str:
    """The failed throw of the trick so far: who tried what, who beat which unit with which cards (RULES §8)."""
    check, blocker = rnd.throw_check, rnd.throw_blocker
    if check is None or blocker is None or rnd.attempted is None:
        return ""
    leader, forced = rnd.leader, format_cards(check.forced)
    if leader == you:
        whose, plays = "Your", "you play"
    else:
        who = seat_name(leader, rnd.players)
        whose, plays = f"{who}'s", f"{who} plays"
    holds = "you hold" if blocker == you else f"{seat_name(blocker, rnd.players)} holds"
    return (
        f"{whose} throw {format_cards(rnd.attempted)} failed: {holds} {format_cards(check.beaten_by)}, "
        f"which beats {whose.lower()} {forced}, so {plays} only {forced} (RULES §8)."
    )


def trick_words(rnd: Round, trick: Trick, you: int) -> str:
    """Who won a finished trick and why."""
    assert rnd.trump is not None
    names = [name(trick.seat_of(k, rnd.players), you, rnd.players) for k in range(rnd.players)]
    return explain_trick(trick.plays, rnd.trump, rnd.rules, names=names).reason


def final_words(rnd: Round, you: int) -> str:
    """The score step by step: trick points, the kitty, the level change (RULES §9)."""
    score = rnd.score()
    kitty = rnd.discards
    last = rnd.tricks[-1]
    lines = [f"The round is over. The attackers won {score.total - score.kitty_bonus} points in tricks."]
    if last.winner in rnd.attackers:
        lines.append(
            f"{name(last.winner, you, rnd.players).capitalize()} (an attacker) won the last trick, so the kitty ({format_cards(kitty)}, "
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
        if rnd.rules.partnership == "friends":  # friends are known only when a called card is played
            return "the dealer and its friends will be the declarers: a friend is known once it plays the called card"
        return "the sides are known once the deal is over"
    if rnd.rules.partnership == "fixed":
        side = "declarers" if you in rnd.declarers else "attackers"
        return f"you and {_partners(rnd, you)} are the {side}"
    n = rnd.players
    declarers = f"{name(rnd.dealer, you, n)} (dealer)" + "".join(f", {name(s, you, n)} (friend)" for s in rnd.friends)
    if rnd.phase in ("kitty", "chao", "call"):
        return f"declarers: {declarers}; no friend is called yet"
    view = rnd.view(you)
    played = view.played_cards()
    hidden = [f"the {ORDINALS[o]} {c.symbol()}" for c, o in view.calls if played.count(c) < o]
    if hidden:
        return f"declarers: {declarers}; the other sides are hidden until {' and '.join(hidden)} is played"
    return f"declarers: {declarers} · attackers: {', '.join(name(s, you, n) for s in rnd.attackers)}"


def chao_words(rnd: Round, you: int) -> str:
    """Chao dipi begins (RULES §11): who may overturn the trump, with what, and what follows."""
    burier = rnd.buriers[-1]
    after = "you" if burier == you else seat_name(burier, rnd.players)
    return (
        f"Chao dipi (炒地皮 chǎo dìpí): going round from the player after {after}, each other player may overturn "
        "the trump with a stronger pair (jokers, then trump-rank pairs ♠ > ♥ > ♣ > ♦) and bury the kitty again, "
        "or pass; it ends when everyone else has passed in a row. The dealer still leads (RULES §11)."
    )


def overturned(rnd: Round, made: Declaration, you: int) -> str:
    """An overturn in chao dipi, as the table saw it: the new trump, and who reburies the kitty."""
    who = name(made.seat, you, rnd.players)
    mine = made.seat == you
    return (
        f"{who.capitalize()} {'overturn' if mine else 'overturns'} with {format_cards(made.cards)}: "
        f"{_trump_now(made, rnd.rank)}; {who} {'take' if mine else 'takes'} the kitty and "
        f"{'bury' if mine else 'reburies'} {rnd.rules.kitty} cards (炒地皮 chǎo dìpí, RULES §11)."
    )


def _trump_now(made: Declaration, rank: str) -> str:
    if made.suit is None:
        return f"it is no-trump now (无主 wúzhǔ: only jokers and {rank_plural(rank)} are trump)"
    return f"{SUIT_NAMES[made.suit]} are trump now"


def chao_over_words(rnd: Round) -> str:
    """Chao dipi is over: the trump that stands; the dealer leads."""
    assert rnd.trump is not None
    return f"Everyone else passed, so the trump stands ({rnd.trump.describe()}) and the dealer leads (RULES §11)."


def shown_words(rnd: Round, seat: int, you: int) -> str:
    """A hopeless hand shown (RULES §11): what it lacked, and the redeal."""
    lacks = "no trump" if rnd.rules.redeal == "no-trump" else "no point card"
    who = "You show your hand" if seat == you else f"{seat_name(seat, rnd.players)} shows a hand"
    return f"{who} with {lacks}: the same dealer shuffles and deals the cards again (RULES §11)."
