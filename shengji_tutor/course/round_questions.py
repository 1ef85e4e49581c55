"""Questions about a whole round, each graded by the engine: partners, the order of play and of a round, the 80
line, the kitty, the level table, the next dealer, declaring trump and burying (RULES §1, §9, §10, §11).

``questions`` has the ``StepQuestion`` value and the questions about cards and tricks; these are built the same way,
for lessons 1, 2, 8 and 9.

>>> from shengji_tutor.course.round_questions import next_dealer_question
>>> q = next_dealer_question(0, 30)
>>> q.grade("South").correct, q.grade("West").explanation
(True, 'West would deal next if the attackers had taken over; with 30 points the declarers hold (RULES §9).')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from html import escape

from ..engine.cards import Card, CardsLike, as_cards, either, format_cards, points
from ..engine.declaring import Declaration, judge_declaration, possible_declarations
from ..engine.rules import RuleSet
from ..engine.scoring import Side, kitty_bonus, kitty_multiplier, largest_unit, level_change, next_dealer
from ..engine.seats import SEATS
from ..engine.trump import Trump
from ..i18n import N_, t, te, tn
from ..play.coaching import BURY_RULE
from ..play.record import RoundRecord
from ..play.round import ActionError, Phase, Round
from ..ui.render import FONT, hand_svg
from .questions import StepQuestion, choose, number, pick, seat_word

__all__ = [
    "ROUND_PARTS",
    "cite",
    "first_dealer_question",
    "kitty_question",
    "levels_question",
    "multiplier_question",
    "next_dealer_question",
    "next_player",
    "partner_question",
    "pick_burial",
    "pick_declaration",
    "pick_to_take_over",
    "round_in_words",
    "round_part_after_deal",
    "seating_svg",
    "takeover_question",
]


def cite(sentence: str, rule: str) -> str:
    """A sentence with its rule before the full stop: ``cite("They hold.", "RULES §9")`` → "They hold (RULES §9)."."""
    # TRANSLATORS: a sentence (its full stop taken off) and the rule that says so: "They hold (RULES §9)."
    return t("{sentence} ({rule}).", sentence=sentence.rstrip().rstrip(".。"), rule=rule)


def _seat(seat: int) -> str:
    """A seat's name in the learner's language."""
    return seat_word(SEATS[seat])


def _seat_said(seat: int) -> str:
    """A seat as an answer: "South."."""
    return t("{seat}.", seat=_seat(seat))


_SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
"""A plain suit's name, as "you have no spades left" says it."""


def partner_question(seat: int = 2) -> StepQuestion:
    """Who is your partner (RULES §1)? The engine's round says which seats are on ``seat``'s side."""
    view = _dealt_round().view(seat)
    partner = view.partner_seats()[0]
    verdicts = {}
    for other in range(4):
        if other == seat:
            continue
        if other == partner:
            why = t(
                "{seat} sits opposite you: partners sit opposite, so {you} and {seat} are a team (RULES §1).",
                seat=_seat(other),
                you=_seat(seat),
            )
        else:
            mate = _dealt_round().view(other).partner_seats()[0]
            why = t(
                "{seat} sits next to you, on the other team: {seat}'s partner is {partner} (RULES §1).",
                seat=_seat(other),
                partner=_seat(mate),
            )
        verdicts[SEATS[other]] = (other == partner, why)
    return choose(
        t("You sit {seat}. Who is your partner?", seat=_seat(seat)),
        verdicts,
        t("{seat}, opposite you.", seat=_seat(partner)),
        picture=seating_svg(seat),
    )


def seating_svg(you: int | None = None) -> str:
    """The four seats around the table, North at the top (as the trick pictures draw them), ``you`` marked."""
    spots = {0: (180, 34), 1: (52, 125), 2: (180, 220), 3: (308, 125)}
    labels = []
    for seat, (x, y) in spots.items():
        name = te("{seat} (you)", seat=_seat(seat)) if seat == you else escape(_seat(seat))
        labels.append(
            f'<text x="{x}" y="{y}" text-anchor="middle" font-size="16" font-weight="{700 if seat == you else 400}" '
            f'fill="#12301c">{name}</text>'
        )
    table = te("the table: North at the top, West left, South at the bottom, East right")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" width="360" height="240" viewBox="0 0 360 240" '
        f'aria-label="{table}" font-family="{FONT}">'
        '<rect x="100" y="50" width="160" height="140" rx="20" fill="#e3efe5" stroke="#9fbfa6"/>'
        f"{''.join(labels)}</svg>"
    )


@cache
def _dealt_round() -> Round:
    """A round with its cards dealt (for what the engine says about seats and phases)."""
    rnd = Round(seed=2, dealer=0, rank="2")
    rnd.deal_all()
    return rnd


def next_player(leader: int) -> StepQuestion:
    """Who plays after ``leader`` (RULES §1: play goes counter-clockwise, and seats are numbered in play order)?"""
    following = (leader + 1) % 4
    verdicts = {}
    for seat in range(4):
        k = (seat - leader) % 4
        if seat == following:
            why = t(
                "Play goes counter-clockwise: after {leader} comes {seat} (RULES §1).",
                leader=_seat(leader),
                seat=_seat(seat),
            )
        elif seat == leader:
            why = t("{seat} has just played: each player plays once in a trick (RULES §6).", seat=_seat(seat))
        elif k == 2:
            why = t("{seat} plays third: play goes counter-clockwise (RULES §1).", seat=_seat(seat))
        else:
            why = t("{seat} plays fourth: play goes counter-clockwise (RULES §1).", seat=_seat(seat))
        verdicts[SEATS[seat]] = (seat == following, why)
    return choose(t("{seat} leads. Who plays next?", seat=_seat(leader)), verdicts, _seat_said(following))


def takeover_question(rules: RuleSet | None = None) -> StepQuestion:
    """How many points do the attackers need to take over (RULES §9)? The engine's level table decides."""
    total = (rules or RuleSet()).total_points
    line = min(p for p in range(0, total + 1, 5) if level_change(p, rules).takeover)

    def judge(n: int) -> str:
        # TRANSLATORS: {result} is the engine's sentence on that score ("The attackers take over …").
        if n == line:
            return t("{result} Five points less would not do (RULES §9).", result=level_change(n, rules).describe())
        if n < line:
            return t("Not enough. {result}", result=cite(level_change(max(n, 0), rules).describe(), "RULES §9"))
        # TRANSLATORS: {answer} is the number of points the learner typed.
        return t("{answer} is enough, but fewer points already do it (RULES §9).", answer=n)

    return number(
        t("The attackers collect points in their tricks. How many do they need, at least, to take over as declarers?"),
        line,
        judge,
        t("{total} points.", total=line),
        # TRANSLATORS: {total} is the points in all the cards: 100 a deck (200 with two decks).
        hint=t("There are {total} points in the cards; the line is less than half of them.", total=total),
    )


def pick_to_take_over(hand: CardsLike, have: int, rules: RuleSet | None = None) -> StepQuestion:
    """The attackers have ``have`` points: pick the card that, won in a trick, takes them over the line (RULES §9)."""
    cards = as_cards(hand, "the hand")
    good = [c for c in cards if level_change(have + c.points, rules).takeover]
    if not good:
        raise ValueError(f"no card takes {have} points over the line")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        total = have + points(picked)
        said = t(
            "{have} + {card} = {total}. {result}",
            have=have,
            card=points(picked),
            total=total,
            result=level_change(total, rules).describe(),
        )
        return level_change(total, rules).takeover, cite(said, "RULES §2, §9")

    return pick(
        # TRANSLATORS: {have} is a number of points, a multiple of 5 (70).
        t(
            "The attackers have {have} points, and they are about to win one more card. Which card takes them over "
            "the line? Pick it, then press Check.",
            have=have,
        ),
        cards,
        judge,
        t("{cards}.", cards=format_cards(good)),
        example=good[:1],
        count=1,
    )


ROUND_PARTS: dict[str, str] = {
    "kitty": N_("The dealer takes the kitty and buries 8 cards"),
    "trick": N_("The dealer leads the first trick"),
    "score": N_("The round is scored"),
    "dealer": N_("The next dealer is chosen"),
}
"""The parts of a round a learner may think come right after the deal, by what the engine would be asked to do (in
English: they are the question's answers; their buttons read them in the learner's language)."""


def round_part_after_deal() -> StepQuestion:
    """The cards are dealt and the trump declared: what comes next? Each choice is tried on a real round, which
    refuses an action out of its turn (RULES §10, §9)."""
    verdicts = {}
    for part, words in ROUND_PARTS.items():
        rnd = _round_after_deal()
        try:
            _do(rnd, part)
        except ActionError as e:
            del e  # the engine's refusal names its phases; the learner reads them in words
            verdicts[words] = (False, _not_yet(rnd.phase))
        else:
            verdicts[words] = (
                True,
                t(
                    "Right after the deal the dealer picks up the kitty (底牌 dǐpái) and buries as many cards face "
                    "down (RULES §10)."
                ),
            )
    return choose(
        t("The cards are dealt and the trump is declared. What happens next?"), verdicts, t(ROUND_PARTS["kitty"])
    )


def _round_after_deal() -> Round:
    rnd = Round(seed=2, dealer=0, rank="2")
    rnd.deal_all()
    seat, card = next((s, c) for s in range(4) for c in rnd.hand(s) if c.rank == "2")
    rnd.declare(seat, [card])
    rnd.finish_deal()
    return rnd


def _do(rnd: Round, part: str) -> None:
    dealer = rnd.dealer
    assert dealer is not None
    if part == "kitty":
        rnd.discard(dealer, list(rnd.hand(dealer))[: rnd.rules.kitty])
    elif part == "trick":
        rnd.play(dealer, [rnd.hand(dealer)[0]])
    elif part == "score":
        rnd.score()
    else:
        rnd.next_dealer()


def _not_yet(phase: Phase) -> str:
    """Why the engine refuses a part of the round in ``phase``, in words."""
    if phase == Phase.KITTY:
        return t("Not yet: the engine refuses that now, because the dealer still holds the kitty's cards (RULES §10).")
    if phase == Phase.PLAY:
        return t("Not yet: the engine refuses that now, because the tricks have not been played (RULES §10).")
    if phase == Phase.DEAL:
        return t("Not yet: the engine refuses that now, because the deal is not over (RULES §10).")
    # TRANSLATORS: {phase} is the engine's name of a part of the round, in English ("score").
    return t(
        "Not yet: the engine refuses that now, because the round is in its {phase} phase (RULES §10).", phase=phase
    )


# -- scoring ---------------------------------------------------------------------------------------


def kitty_question(
    kitty: CardsLike, winning_play: CardsLike, trump: Trump, rules: RuleSet | None = None
) -> StepQuestion:
    """The attackers win the last trick with ``winning_play``: how many points does the kitty give them (RULES §9)?"""
    cards = as_cards(kitty, "the kitty")
    play = as_cards(winning_play, "the winning play")
    base = points(cards)
    m = kitty_multiplier(play, trump, rules)
    bonus = kitty_bonus(cards, play, trump, rules)

    def judge(n: int) -> str:
        if n == bonus:
            # TRANSLATORS: {base} and {bonus} are numbers of points; {n} the cards of the largest unit; {times} the
            # multiplier.
            return tn(
                "The kitty holds {base} points; won with {cards}, whose largest unit has {n} card, they count "
                "×{times}: {base} × {times} = {bonus} (RULES §9).",
                "The kitty holds {base} points; won with {cards}, whose largest unit has {n} cards, they count "
                "×{times}: {base} × {times} = {bonus} (RULES §9).",
                largest_unit(play, trump, rules),
                base=base,
                cards=format_cards(play),
                times=m,
                bonus=bonus,
            )
        if n == base:
            return t(
                "{base} is the kitty's points alone: won by the attackers on the last trick, they count multiplied "
                "(RULES §9).",
                base=base,
            )
        if base and n % base == 0:
            return t(
                "That is ×{times}: the multiplier is 2 × the cards of the largest unit of the winning play (RULES §9).",
                times=n // base,
            )
        # TRANSLATORS: {answer} is the number the learner typed.
        return t("Not {answer}: count the kitty's points, then multiply them (RULES §9).", answer=n)

    return number(
        t(
            "The attackers win the last trick with {cards}. How many points does this kitty give them?",
            cards=format_cards(play),
        ),
        bonus,
        judge,
        t("{bonus} points ({base} × {times}).", bonus=bonus, base=base, times=m),
        picture=hand_svg(cards, trump),
    )


_MULTIPLIER_WORDS = {
    # TRANSLATORS: how a table counts the kitty's multiplier, said after "This table counts …".
    "times": N_("2 × the cards of the largest unit of the winning play (the house rule)"),
    "power": N_("2 to the power of the cards of the largest unit"),
    "cards": N_("2 × every card of the winning play"),
}


def multiplier_question(winning_play: CardsLike, trump: Trump, rules: RuleSet, prompt: str) -> StepQuestion:
    """What is the kitty's multiplier under ``rules`` (RULES §9, §11)? An answer another table's rule gives is named."""
    play = as_cards(winning_play, "the winning play")
    right = kitty_multiplier(play, trump, rules)
    own = t(_MULTIPLIER_WORDS[rules.kitty_multiplier])
    others: dict[int, str] = {}
    for name in _MULTIPLIER_WORDS:  # the house rule first: its answer is named as the house rule's
        if name != rules.kitty_multiplier:
            others.setdefault(kitty_multiplier(play, trump, RuleSet(decks=rules.decks, kitty_multiplier=name)), name)

    def judge(n: int) -> str:
        # TRANSLATORS: {rule} and {other} say how a table counts the kitty's multiplier ("2 × every card of the
        # winning play"); {times} is a multiplier.
        if n == right:
            return t(
                "This table counts {rule}: {cards} makes ×{times} (RULES §9, §11).",
                rule=own,
                cards=format_cards(play),
                times=right,
            )
        if n in others:
            return t(
                "×{times} is what a table counting {other} would say; this one counts {rule} (RULES §9, §11).",
                times=n,
                other=t(_MULTIPLIER_WORDS[others[n]]),
                rule=own,
            )
        return t("Not ×{times}: this table counts {rule} (RULES §9, §11).", times=n, rule=own)

    return number(prompt, right, judge, t("×{times}.", times=right), picture=hand_svg(play, trump))


def levels_question(attacker_points: int, rules: RuleSet | None = None) -> StepQuestion:
    """The attackers scored ``attacker_points``: how many levels does the side that goes up climb (RULES §9)?"""
    change = level_change(attacker_points, rules)

    def judge(n: int) -> str:
        if n == change.levels:
            return cite(change.describe(), "RULES §9")
        band = _band(change.side, n, rules)
        if band is None and change.takeover:
            return tn(
                "The attackers never climb {n} level in one round (RULES §9).",
                "The attackers never climb {n} levels in one round (RULES §9).",
                n,
            )
        if band is None:
            return tn(
                "The declarers never climb {n} level in one round (RULES §9).",
                "The declarers never climb {n} levels in one round (RULES §9).",
                n,
            )
        # TRANSLATORS: {band} and {points} are numbers of points, multiples of 5.
        if change.takeover:
            return tn(
                "The attackers climb {n} level with {band} points, not with {points} (RULES §9).",
                "The attackers climb {n} levels with {band} points, not with {points} (RULES §9).",
                n,
                band=band,
                points=attacker_points,
            )
        return tn(
            "The declarers climb {n} level with {band} points, not with {points} (RULES §9).",
            "The declarers climb {n} levels with {band} points, not with {points} (RULES §9).",
            n,
            band=band,
            points=attacker_points,
        )

    if change.takeover:
        asked = t(
            "The attackers scored {points} points, so the attackers take over. How many levels do the attackers go up?",
            points=attacker_points,
        )
        hint = t("Find {points} in the table: in which band does it fall when they take over?", points=attacker_points)
    else:
        asked = t(
            "The attackers scored {points} points, so the declarers hold. How many levels do the declarers go up?",
            points=attacker_points,
        )
        hint = t("Find {points} in the table: in which band does it fall when they hold?", points=attacker_points)
    return number(asked, change.levels, judge, change.describe(), hint=hint)


def _band(side: Side, levels: int, rules: RuleSet | None) -> int | None:
    """The fewest attackers' points with which ``side`` climbs ``levels`` levels in one round (None: no score does)."""
    changes = ((p, level_change(p, rules)) for p in range(0, 401, 5))
    return next((p for p, change in changes if change.side == side and change.levels == levels), None)


def next_dealer_question(dealer: int, attacker_points: int, rules: RuleSet | None = None) -> StepQuestion:
    """Who deals next (RULES §9)? A seat that would deal had the round gone the other way is told so."""
    change = level_change(attacker_points, rules)
    right = next_dealer(dealer, change, rules)
    other = level_change(0 if change.takeover else 200, rules)
    elsewhere = next_dealer(dealer, other, rules)
    verdicts = {}
    for seat in range(4):
        name, said = SEATS[seat], _seat(seat)
        if seat == right and change.takeover:
            why = t(
                "{result} The attackers take over, so the player after the dealer (counter-clockwise) deals next: "
                "{seat} (RULES §9).",
                result=change.describe(),
                seat=said,
            )
        elif seat == right:
            why = t(
                "{result} The declarers hold, so the dealer's partner deals next: {seat} (RULES §9).",
                result=change.describe(),
                seat=said,
            )
        elif seat == elsewhere and change.takeover:
            # TRANSLATORS: {points} is the attackers' score, a multiple of 5.
            why = t(
                "{seat} would deal next if the declarers had held; with {points} points the attackers take over "
                "(RULES §9).",
                seat=said,
                points=attacker_points,
            )
        elif seat == elsewhere:
            why = t(
                "{seat} would deal next if the attackers had taken over; with {points} points the declarers hold "
                "(RULES §9).",
                seat=said,
                points=attacker_points,
            )
        elif seat == dealer:
            why = t("{seat} dealt this round, and the deal always moves on (RULES §9).", seat=said)
        else:
            why = t("{seat} is not on the side that goes up after this round (RULES §9).", seat=said)
        verdicts[name] = (seat == right, why)
    prompt = t(
        "{dealer} dealt, and the attackers scored {points}. Who deals the next round?",
        dealer=_seat(dealer),
        points=attacker_points,
    )
    return choose(prompt, verdicts, _seat_said(right))


# -- the deal -------------------------------------------------------------------------------------


def pick_declaration(
    hand: CardsLike,
    rank: str,
    prompt: str,
    *,
    declared: CardsLike = (),
    by: int = 1,
    seat: int = 2,
    hint: str = "",
) -> StepQuestion:
    """Pick cards to declare with, over ``declared`` (shown by seat ``by``; ``by == seat``: your own declaration),
    as the engine's ``judge_declaration`` allows (RULES §10). The hand is shown sorted: the jokers and the rank's
    cards (trumps whatever is declared) first, then each suit high to low, not in the order it was dealt."""
    cards = Trump(rank, None).sorted(as_cards(hand, "the hand"))
    shown = tuple(as_cards(declared, "the declaration"))
    current = Declaration.of(by, shown) if shown else None
    allowed = possible_declarations(cards, rank, current, seat)
    if not allowed:
        raise ValueError("nothing in the hand may declare now")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        verdict = judge_declaration(picked, rank, current, seat)
        reason = verdict.reason
        return bool(verdict), reason[0].upper() + reason[1:] + ("" if reason.endswith((".", "。")) else ".")

    solution = either([format_cards(group) for group in allowed])
    return pick(prompt, cards, judge, t("{cards}.", cards=solution), example=allowed[0], hint=hint)


def first_dealer_question(seed: int = 2, rank: str = "2") -> StepQuestion:
    """A match's first round (RULES §10): West declares with a single, East overrides with a pair. Who deals? The
    engine's round plays the deal and says."""
    rnd, first, last = first_round(seed, rank)
    dealer = rnd.dealer
    assert dealer is not None
    verdicts = {}
    for seat in range(4):
        name, said = SEATS[seat], _seat(seat)
        if seat == dealer:
            verdicts[name] = (True, t("In the first round the first declarer deals: {seat} (RULES §10).", seat=said))
        elif seat == last.seat:
            verdicts[name] = (
                False,
                t(
                    "{seat}'s pair fixed the trump, but the dealer of a first round is the first to declare "
                    "(RULES §10).",
                    seat=said,
                ),
            )
        else:
            verdicts[name] = (False, t("{seat} did not declare at all in this deal (RULES §10).", seat=said))
    prompt = t(
        "First round of a match: nobody has dealt yet. {first} declares with {first_cards}, then {last} overrides "
        "with {last_cards}. Who deals?",
        first=_seat(first.seat),
        first_cards=format_cards(first.cards),
        last=_seat(last.seat),
        last_cards=format_cards(last.cards),
    )
    return choose(prompt, verdicts, _seat_said(dealer))


def first_round(seed: int = 2, rank: str = "2") -> tuple[Round, Declaration, Declaration]:
    """A first round (no dealer yet) in which West declares with a single rank card and East overrides with a pair,
    dealt and finished by the engine: (the round, the first declaration, the one that stands)."""
    rnd = Round(seed=seed, dealer=None, rank=rank)
    rnd.deal_all()
    single = next(c for c in rnd.hand(1) if c.rank == rnd.rank)
    first = rnd.declare(1, [single])
    pair = next(c for c in rnd.hand(3) if c.rank == rnd.rank and rnd.hand(3).count(c) >= 2 and c.suit != single.suit)
    last = rnd.declare(3, [pair, pair])
    rnd.finish_deal()
    return rnd, first, last


def pick_burial(hand: CardsLike, trump: Trump, *, count: int = 8, prompt: str = "", hint: str = "") -> StepQuestion:
    """Bury ``count`` cards: right when they hold no points (RULES §9: buried points come back multiplied when the
    attackers win the last trick) and no trumps (a buried trump never wins a trick). A right burial that throws
    away an ace or a pair is told so; one that empties a plain suit is told it can now ruff that suit."""
    cards = as_cards(hand, "the hand")
    plain = [c for c in cards if not trump.is_trump(c) and not c.points]
    if len(plain) < count:
        raise ValueError(f"the hand holds fewer than {count} plain cards without points")
    length = Counter(trump.suit_of(c) for c in cards)
    cheap = sorted(plain, key=lambda c: (length[trump.suit_of(c)], trump.key(c), trump.sort_key(c)))[:count]
    asked = prompt or tn(
        "You are the dealer. Pick {n} card to bury, then press Check.",
        "You are the dealer. Pick {n} cards to bury, then press Check.",
        count,
    )
    solution = t(
        "For example {cards}: no points, no trumps, the low cards of the short suits.",
        cards=format_cards(trump.sorted(cheap)),
    )
    judge = _burial_judge(cards, count, length, trump)
    return pick(asked, cards, judge, solution, example=cheap, count=count, trump=trump, hint=hint)


def _burial_judge(
    cards: list[Card], count: int, length: Counter[str], trump: Trump
) -> Callable[[list[Card]], tuple[bool, str]]:
    """Judges a burial of ``count`` of ``cards`` (``length``: the cards of each effective suit): wrong with points
    or trumps, right otherwise (RULES §9)."""

    def judge(picked: list[Card]) -> tuple[bool, str]:
        if len(picked) != count:
            return False, tn(
                "Bury exactly {n} card, as many as the kitty held (RULES §10).",
                "Bury exactly {n} cards, as many as the kitty held (RULES §10).",
                count,
            )
        dear = [c for c in picked if c.points]
        if dear:
            bonus = points(picked) * kitty_multiplier("SJ SJ", trump)  # what any pair makes of the kitty
            # TRANSLATORS: {points} and {bonus} are numbers of points; {rule} is a whole sentence of advice.
            return False, tn(
                "{cards} carries {points} points: if the attackers win the last trick with a pair, this kitty gives "
                "them {bonus}. {rule}",
                "{cards} carry {points} points: if the attackers win the last trick with a pair, this kitty gives "
                "them {bonus}. {rule}",
                len(dear),
                cards=format_cards(dear),
                points=points(dear),
                bonus=bonus,
                rule=t(BURY_RULE),
            )
        strong = [c for c in picked if trump.is_trump(c)]
        if strong:
            return False, tn(
                "{cards} is a trump: a buried trump never wins a trick, and trumps control the round. Keep them.",
                "{cards} are trumps: a buried trump never wins a trick, and trumps control the round. Keep them.",
                len(strong),
                cards=format_cards(strong),
            )
        return True, _burial_words(picked, cards, length, trump)

    return judge


def _burial_words(picked: list[Card], cards: list[Card], length: Counter[str], trump: Trump) -> str:
    """What a right burial is told: the suits it empties (to ruff later), and the cards that would have won
    tricks."""
    left = Counter(cards) - Counter(picked)
    voids = [_SUITS[s] for s in "SHDC" if length[s] and not any(trump.suit_of(c) == s for c in left.elements())]
    said = t("No points and no trumps in the kitty: nothing for the attackers to win back (RULES §9).")
    if voids:
        gone = t(voids[0])
        for suit in voids[1:]:
            # TRANSLATORS: suits the hand has no cards of any more ("no spades and no hearts"): {most} may itself
            # be such a list.
            gone = t("{most} and no {last}", most=gone, last=t(suit))
        said += " " + t("You have no {suits} left: you can ruff those leads.", suits=gone)
    waste = [c for c in picked if c.rank == "A" or Counter(picked)[c] == 2]
    if waste:
        said += " " + t(
            "But {cards} would have won tricks: low cards of short suits are cheaper.",
            cards=format_cards(trump.sorted(waste)),
        )
    return said


def round_in_words(seed: int = 3, dealer: int = 0) -> str:
    """A whole round four computer players played (heuristic bots, from ``seed``), part by part, as the engine
    counted it: markdown for a lesson."""
    from ..play.bots import HeuristicBot
    from ..play.game import play_round

    record = play_round(seed=seed, bots=[HeuristicBot()] * 4, dealer=dealer, rank="2")
    score = record.score
    trump = record.trump
    declared = record.declarations[-1]
    last = record.tricks[-1]
    attackers = _seat(record.attackers[0])
    for seat in record.attackers[1:]:
        attackers = t("{most} and {last}", most=attackers, last=_seat(seat))
    kitty = _kitty_said(record)
    # TRANSLATORS: {kitty} says what the kitty's points did ("the kitty's 15 points counted ×4 for the attackers").
    if last.winner in record.attackers:
        last_trick = t(
            "4. **The last trick**: {seat}, an attacker, won it: {kitty}.", seat=_seat(last.winner), kitty=kitty
        )
    else:
        last_trick = t(
            "4. **The last trick**: {seat}, a declarer, won it: {kitty}.", seat=_seat(last.winner), kitty=kitty
        )
    return "\n".join(
        [
            # TRANSLATORS: {trump} is the engine's words for the trump ("rank 2, hearts are trump").
            t(
                "1. **Deal and declare**: {seat} declared with {cards}: {trump}.",
                seat=_seat(declared.seat),
                cards=format_cards(declared.cards),
                trump=trump.describe(),
            ),
            t("2. **The kitty**: {seat}, the dealer, picked up 8 cards and buried 8.", seat=_seat(record.dealer)),
            # TRANSLATORS: {attackers} names the two attackers' seats ("West and East"); {points} a multiple of 5.
            t(
                "3. **25 tricks**: {dealer} led the first; {attackers}, the attackers, took {points} points in tricks.",
                dealer=_seat(record.dealer),
                attackers=attackers,
                points=score.trick_points,
            ),
            last_trick,
            # TRANSLATORS: {result} is the engine's sentence on the score and the levels.
            t("5. **The score**: {result}", result=score.level_change.describe()),
            t("6. **The next dealer**: {seat}.", seat=_seat(record.next_dealer)),
        ]
    )


def _kitty_said(record: RoundRecord) -> str:
    """What the kitty's points did in ``record``: counted, multiplied, for the attackers, or for nobody."""
    if record.score.kitty_bonus:
        return t(
            "the kitty's {points} points counted ×{times} for the attackers",
            points=points(record.kitty),
            times=record.score.kitty_multiplier,
        )
    if not points(record.kitty):
        return t("the dealer had buried no points, so the kitty added nothing")
    return t("the kitty's {points} points counted for nobody", points=points(record.kitty))
