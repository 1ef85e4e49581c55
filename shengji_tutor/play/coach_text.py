"""What lesson 10's coach says about a round, seen from the learner's seat ``you``.

Pure functions of a ``Round`` of 4 to 6 seats: a sentence for each moment of the hand
(the trump rank, a declaration, the end of the deal, a failed throw, a trick, the
score) and the sides as the table knows them, in the reader's language. The learner
is "you" in every sentence; the other seats go by their names. ``CoachedGame``
decides when to say them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import SUIT_NAMES, SUITS, Card, format_cards, listed, points, rank_plural, with_article
from ..engine.declaring import Declaration
from ..engine.rules import Partnership
from ..engine.seats import seat_label, seat_name
from ..engine.tricks import explain_trick
from ..i18n import language, t, tn
from .actions import ORDINALS, called_card
from .round import Phase, Round, Trick, friends_wanted

__all__ = [
    "ORDINALS",
    "chao_over_words",
    "chao_words",
    "deal_words",
    "declared",
    "final_words",
    "joined",
    "name",
    "overturned",
    "rank_words",
    "shown_words",
    "sides",
    "throw_words",
    "trick_words",
]

"""A called card's ordinal in words: the "second" A♥ played is ordinal 2."""


def joined(sentences: Iterable[str]) -> str:
    """Sentences one after another, as the reader's language writes them: a space between two, none in Chinese."""
    return ("" if language() == "zh" else " ").join(sentences)


def name(seat: int, you: int, players: int = 4) -> str:
    """A seat as the coach says it, in the reader's language: "you" for the learner, else the seat's name at a table
    of ``players``."""
    return t("you") if seat == you else seat_label(seat, players)


def rank_words(rnd: Round, you: int) -> str:
    """The hand's trump rank: every card of it is a trump, whatever suit is declared."""
    rank = rnd.rank
    if rnd.dealer is None:  # a match's first round: the first declarer will deal
        deals = t("This is the match's first round, so nobody deals yet: whoever declares first becomes the dealer.")
    elif rnd.dealer == you:
        deals = t("The match is under way and the last round made the dealer (RULES §9): you deal this hand.")
    else:
        deals = t(
            "The match is under way and the last round made the dealer (RULES §9): {seat} deals this hand.",
            seat=seat_label(rnd.dealer, rnd.players),
        )
    of_rank = " ".join(Card(rank, s).symbol() for s in SUITS)
    if with_article(rank).startswith("an "):
        # TRANSLATORS: the same sentence as "… whoever is dealt a {rank} …": English writes "an" before 8, A
        dealt = t(
            "The cards come one at a time, and whoever is dealt an {rank} may show it to make its suit trump "
            "(亮主 liàngzhǔ, RULES §10).",
            rank=rank,
        )
    else:
        dealt = t(
            "The cards come one at a time, and whoever is dealt a {rank} may show it to make its suit trump "
            "(亮主 liàngzhǔ, RULES §10).",
            rank=rank,
        )
    return joined(
        [
            t("A new hand: the trump rank is {rank}.", rank=rank),
            t(
                "Every card of rank {rank} ({cards}) is a trump, with the jokers, whichever suit becomes trump "
                "(RULES §3).",
                rank=rank,
                cards=of_rank,
            ),
            deals,
            dealt,
        ]
    )


def declared(made: Declaration, players: int = 4) -> str:
    """A bot's declaration, as the table saw it."""
    seat, cards = seat_label(made.seat, players), format_cards(made.cards)
    if made.suit:
        return t(
            "{seat} declares with {cards}: {suit} would be trump.",
            seat=seat,
            cards=cards,
            suit=t(SUIT_NAMES[made.suit]),
        )
    return t("{seat} declares with {cards}: no-trump (only jokers and rank cards).", seat=seat, cards=cards)


def deal_words(rnd: Round, you: int) -> str:
    """The deal is over: whose declaration stands, the trump, who takes the kitty, the sides and the goal."""
    assert rnd.dealer is not None
    assert rnd.trump is not None
    decl, dealer, rules = rnd.declaration, rnd.dealer, rnd.rules
    trump = rnd.trump.describe()
    if decl is None:
        stands = t("The deal is complete and nobody declared, so the kitty fixes the trump: {trump}.", trump=trump)
    elif decl.seat == you:
        stands = t("The deal is complete and your declaration stands: {trump}.", trump=trump)
    else:
        stands = t(
            "The deal is complete and {seat}'s declaration stands: {trump}.",
            seat=seat_label(decl.seat, rnd.players),
            trump=trump,
        )
    words = [stands]
    if dealer == you:
        words.append(
            tn(
                "You are the dealer: the {n} kitty card is now in your hand. Pick {n} card to bury (埋底 máidǐ) and "
                "press Bury: if the attackers win the last trick, the points you bury count for them, multiplied "
                "(RULES §9).",
                "You are the dealer: the {n} kitty cards are now in your hand. Pick {n} cards to bury (埋底 máidǐ) "
                "and press Bury: if the attackers win the last trick, the points you bury count for them, "
                "multiplied (RULES §9).",
                rules.kitty,
            )
        )
    else:
        words.append(t("{seat} deals and takes the kitty.", seat=seat_label(dealer, rnd.players)))
    words.append(_goal_words(rnd, you, dealer))
    return joined(words)


def _goal_words(rnd: Round, you: int, dealer: int) -> str:
    """The sides and the goal once the deal is over: who will call friends (Finding Friends), or which fixed side
    you are on and the points it plays for."""
    rules = rnd.rules
    if rules.partnership == Partnership.FRIENDS:
        wanted = friends_wanted(rnd.players)
        if dealer == you:
            return tn(
                "Finding Friends (找朋友 zhǎo péngyou): you will call a card, and whoever plays that copy joins "
                "the dealer's side; until then the sides are hidden (RULES §11).",
                "Finding Friends (找朋友 zhǎo péngyou): you will call {n} cards, and whoever plays that copy "
                "joins the dealer's side; until then the sides are hidden (RULES §11).",
                wanted,
            )
        return tn(
            "Finding Friends (找朋友 zhǎo péngyou): {seat} will call a card, and whoever plays that copy "
            "joins the dealer's side; until then the sides are hidden (RULES §11).",
            "Finding Friends (找朋友 zhǎo péngyou): {seat} will call {n} cards, and whoever plays that copy "
            "joins the dealer's side; until then the sides are hidden (RULES §11).",
            wanted,
            seat=seat_label(dealer, rnd.players),
        )
    if you in rnd.declarers:
        return tn(
            "You and {partners} are the declarers: keep the attackers under {n} point.",
            "You and {partners} are the declarers: keep the attackers under {n} points.",
            2 * rules.step,
            partners=_partners(rnd, you),
        )
    return tn(
        "You and {partners} are the attackers: win {n} point or more to take over.",
        "You and {partners} are the attackers: win {n} points or more to take over.",
        2 * rules.step,
        partners=_partners(rnd, you),
    )


def _partners(rnd: Round, you: int) -> str:
    """Your fixed partners (every other seat), by name: "North", or "Seat 1 and Seat 5"."""
    return listed([seat_label(s, rnd.players) for s in range(rnd.players) if s != you and s % 2 == you % 2])


def throw_words(rnd: Round, you: int) -> str:
    """The failed throw of the trick so far: who tried what, who beat which unit with which cards (RULES §8)."""
    check, blocker = rnd.throw_check, rnd.throw_blocker
    if check is None or blocker is None or rnd.attempted is None:
        return ""
    leader, forced = rnd.leader, format_cards(check.forced)
    tried, beaten_by = format_cards(rnd.attempted), format_cards(check.beaten_by)
    if leader == you:
        return t(
            "Your throw {cards} failed: {seat} holds {beaten_by}, which beats your {forced}, so you play only "
            "{forced} (RULES §8).",
            cards=tried,
            seat=seat_label(blocker, rnd.players),
            beaten_by=beaten_by,
            forced=forced,
        )
    if blocker == you:
        return t(
            "{leader}'s throw {cards} failed: you hold {beaten_by}, which beats {leader}'s {forced}, so {leader} "
            "plays only {forced} (RULES §8).",
            leader=seat_label(leader, rnd.players),
            cards=tried,
            beaten_by=beaten_by,
            forced=forced,
        )
    return t(
        "{leader}'s throw {cards} failed: {seat} holds {beaten_by}, which beats {leader}'s {forced}, so {leader} "
        "plays only {forced} (RULES §8).",
        leader=seat_label(leader, rnd.players),
        cards=tried,
        seat=seat_label(blocker, rnd.players),
        beaten_by=beaten_by,
        forced=forced,
    )


def trick_words(rnd: Round, trick: Trick, you: int) -> str:
    """Who won a finished trick and why."""
    assert rnd.trump is not None
    n = rnd.players
    seats = [trick.seat_of(k, n) for k in range(n)]
    # the seats' identifiers ("you", "North", "Seat 5"): the engine says them in the reader's language
    names = ["you" if s == you else seat_name(s, n) for s in seats]
    return explain_trick(trick.plays, rnd.trump, rnd.rules, names=names).reason


def final_words(rnd: Round, you: int) -> str:
    """The score step by step: trick points, the kitty, the level change (RULES §9)."""
    score = rnd.score()
    kitty = rnd.discards
    last = rnd.tricks[-1]
    won = score.total - score.kitty_bonus
    lines = [
        tn(
            "The round is over. The attackers won {n} point in tricks.",
            "The round is over. The attackers won {n} points in tricks.",
            won,
        )
    ]
    if last.winner in rnd.attackers:
        values = {"cards": format_cards(kitty), "times": score.kitty_multiplier, "bonus": score.kitty_bonus}
        if last.winner == you:
            lines.append(
                tn(
                    "You (an attacker) won the last trick, so the kitty ({cards}, {n} point) counts ×{times}: "
                    "+{bonus} (RULES §9).",
                    "You (an attacker) won the last trick, so the kitty ({cards}, {n} points) counts ×{times}: "
                    "+{bonus} (RULES §9).",
                    points(kitty),
                    **values,
                )
            )
        else:
            lines.append(
                tn(
                    "{seat} (an attacker) won the last trick, so the kitty ({cards}, {n} point) counts ×{times}: "
                    "+{bonus} (RULES §9).",
                    "{seat} (an attacker) won the last trick, so the kitty ({cards}, {n} points) counts ×{times}: "
                    "+{bonus} (RULES §9).",
                    points(kitty),
                    seat=seat_label(last.winner, rnd.players),
                    **values,
                )
            )
    else:
        lines.append(
            tn(
                "The declarers won the last trick, so the kitty's {n} point stays theirs.",
                "The declarers won the last trick, so the kitty's {n} points stay theirs.",
                points(kitty),
            )
        )
    # TRANSLATORS: {result} is the round's result, a sentence without its final full stop
    lines.append(t("{result} (RULES §9).", result=score.level_change.describe()[:-1]))
    return joined(lines)


def sides(rnd: Round, you: int) -> str:
    """Who is known to be on which side, as the table knows it: in Finding Friends a friend is
    known only once the called card is played (RULES §11)."""
    if rnd.dealer is None or rnd.phase == Phase.DEAL:
        if rnd.rules.partnership == Partnership.FRIENDS:  # friends are known only when a called card is played
            return t(
                "the dealer and its friends will be the declarers: a friend is known once it plays the called card"
            )
        return t("the sides are known once the deal is over")
    if rnd.rules.partnership == Partnership.FIXED:
        if you in rnd.declarers:
            return t("you and {partners} are the declarers", partners=_partners(rnd, you))
        return t("you and {partners} are the attackers", partners=_partners(rnd, you))
    n = rnd.players
    declarers = listed(
        [
            t("{name} (dealer)", name=name(rnd.dealer, you, n)),
            *(t("{name} (friend)", name=name(s, you, n)) for s in rnd.friends),
        ],
        last=False,
    )
    if rnd.phase in (Phase.KITTY, Phase.CHAO, Phase.CALL):
        return t("declarers: {declarers}; no friend is called yet", declarers=declarers)
    view = rnd.view(you)
    played = view.played_cards()
    hidden = [called_card(c, o) for c, o in view.calls if played.count(c) < o]
    if hidden:
        return t(
            "declarers: {declarers}; the other sides are hidden until {cards} is played",
            declarers=declarers,
            cards=listed(hidden),
        )
    return t(
        "declarers: {declarers} · attackers: {attackers}",
        declarers=declarers,
        attackers=listed([name(s, you, n) for s in rnd.attackers], last=False),
    )


def chao_words(rnd: Round, you: int) -> str:
    """Chao dipi begins (RULES §11): who may overturn the trump, with what, and what follows."""
    burier = rnd.buriers[-1]
    if burier == you:
        return t(
            "Chao dipi (炒地皮 chǎo dìpí): going round from the player after you, each other player may overturn "
            "the trump with a stronger pair (jokers, then trump-rank pairs ♠ > ♥ > ♣ > ♦) and bury the kitty again, "
            "or pass; it ends when everyone else has passed in a row. The dealer still leads (RULES §11)."
        )
    return t(
        "Chao dipi (炒地皮 chǎo dìpí): going round from the player after {seat}, each other player may overturn "
        "the trump with a stronger pair (jokers, then trump-rank pairs ♠ > ♥ > ♣ > ♦) and bury the kitty again, "
        "or pass; it ends when everyone else has passed in a row. The dealer still leads (RULES §11).",
        seat=seat_label(burier, rnd.players),
    )


def overturned(rnd: Round, made: Declaration, you: int) -> str:
    """An overturn in chao dipi, as the table saw it: the new trump, and who reburies the kitty."""
    kitty, cards = rnd.rules.kitty, format_cards(made.cards)
    if made.seat == you:
        if made.suit is None:
            return tn(
                "You overturn with {cards}: it is no-trump now (无主 wúzhǔ: only jokers and {ranks} are trump); you "
                "take the kitty and bury {n} card (炒地皮 chǎo dìpí, RULES §11).",
                "You overturn with {cards}: it is no-trump now (无主 wúzhǔ: only jokers and {ranks} are trump); you "
                "take the kitty and bury {n} cards (炒地皮 chǎo dìpí, RULES §11).",
                kitty,
                cards=cards,
                ranks=rank_plural(rnd.rank),
            )
        return tn(
            "You overturn with {cards}: {suit} are trump now; you take the kitty and bury {n} card "
            "(炒地皮 chǎo dìpí, RULES §11).",
            "You overturn with {cards}: {suit} are trump now; you take the kitty and bury {n} cards "
            "(炒地皮 chǎo dìpí, RULES §11).",
            kitty,
            cards=cards,
            suit=t(SUIT_NAMES[made.suit]),
        )
    seat = seat_label(made.seat, rnd.players)
    if made.suit is None:
        return tn(
            "{seat} overturns with {cards}: it is no-trump now (无主 wúzhǔ: only jokers and {ranks} are trump); "
            "{seat} takes the kitty and reburies {n} card (炒地皮 chǎo dìpí, RULES §11).",
            "{seat} overturns with {cards}: it is no-trump now (无主 wúzhǔ: only jokers and {ranks} are trump); "
            "{seat} takes the kitty and reburies {n} cards (炒地皮 chǎo dìpí, RULES §11).",
            kitty,
            seat=seat,
            cards=cards,
            ranks=rank_plural(rnd.rank),
        )
    return tn(
        "{seat} overturns with {cards}: {suit} are trump now; {seat} takes the kitty and reburies {n} card "
        "(炒地皮 chǎo dìpí, RULES §11).",
        "{seat} overturns with {cards}: {suit} are trump now; {seat} takes the kitty and reburies {n} cards "
        "(炒地皮 chǎo dìpí, RULES §11).",
        kitty,
        seat=seat,
        cards=cards,
        suit=t(SUIT_NAMES[made.suit]),
    )


def chao_over_words(rnd: Round) -> str:
    """Chao dipi is over: the trump that stands; the dealer leads."""
    assert rnd.trump is not None
    return t(
        "Everyone else passed, so the trump stands ({trump}) and the dealer leads (RULES §11).",
        trump=rnd.trump.describe(),
    )


def shown_words(rnd: Round, seat: int, you: int) -> str:
    """A hopeless hand shown (RULES §11): what it lacked, and the redeal."""
    no_trump = rnd.rules.redeal == "no-trump"
    if seat == you:
        if no_trump:
            return t(
                "You show your hand with no trump: the same dealer shuffles and deals the cards again (RULES §11)."
            )
        return t(
            "You show your hand with no point card: the same dealer shuffles and deals the cards again (RULES §11)."
        )
    who = seat_label(seat, rnd.players)
    if no_trump:
        return t(
            "{seat} shows a hand with no trump: the same dealer shuffles and deals the cards again (RULES §11).",
            seat=who,
        )
    return t(
        "{seat} shows a hand with no point card: the same dealer shuffles and deals the cards again (RULES §11).",
        seat=who,
    )
