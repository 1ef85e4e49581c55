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
from functools import cache

from ..engine.cards import SUIT_NAMES, Card, CardsLike, as_cards, format_cards, points
from ..engine.declaring import Declaration, judge_declaration, possible_declarations
from ..engine.rules import RuleSet
from ..engine.scoring import kitty_bonus, kitty_multiplier, largest_unit, level_change, next_dealer
from ..engine.seats import SEATS
from ..engine.trump import Trump
from ..play.coaching import BURY_RULE
from ..play.round import ActionError, Round
from ..ui.render import FONT, hand_svg
from .questions import StepQuestion, choose, number, pick

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
    return f"{sentence.rstrip().rstrip('.')} ({rule})."


def partner_question(seat: int = 2) -> StepQuestion:
    """Who is your partner (RULES §1)? The engine's round says which seats are on ``seat``'s side."""
    view = _dealt_round().view(seat)
    partner = view.partner_seats()[0]
    verdicts = {}
    for other in range(4):
        if other == seat:
            continue
        if other == partner:
            why = f"{SEATS[other]} sits opposite you: partners sit opposite, so {SEATS[seat]} and {SEATS[other]} are a team (RULES §1)."
        else:
            mate = _dealt_round().view(other).partner_seats()[0]
            why = f"{SEATS[other]} sits next to you, on the other team: {SEATS[other]}'s partner is {SEATS[mate]} (RULES §1)."
        verdicts[SEATS[other]] = (other == partner, why)
    return choose(
        f"You sit {SEATS[seat]}. Who is your partner?",
        verdicts,
        f"{SEATS[partner]}, opposite you.",
        picture=seating_svg(seat),
    )


def seating_svg(you: int | None = None) -> str:
    """The four seats around the table, North at the top (as the trick pictures draw them), ``you`` marked."""
    spots = {0: (180, 34), 1: (52, 125), 2: (180, 220), 3: (308, 125)}
    labels = "".join(
        f'<text x="{x}" y="{y}" text-anchor="middle" font-size="16" font-weight="{700 if seat == you else 400}" '
        f'fill="#12301c">{SEATS[seat]}{" (you)" if seat == you else ""}</text>'
        for seat, (x, y) in spots.items()
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" width="360" height="240" viewBox="0 0 360 240" '
        f'aria-label="the table: North at the top, West left, South at the bottom, East right" font-family="{FONT}">'
        '<rect x="100" y="50" width="160" height="140" rx="20" fill="#e3efe5" stroke="#9fbfa6"/>'
        f"{labels}</svg>"
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
            why = f"Play goes counter-clockwise: after {SEATS[leader]} comes {SEATS[seat]} (RULES §1)."
        elif seat == leader:
            why = f"{SEATS[seat]} has just played: each player plays once in a trick (RULES §6)."
        else:
            why = f"{SEATS[seat]} plays {['', 'second', 'third', 'fourth'][k]}: play goes counter-clockwise (RULES §1)."
        verdicts[SEATS[seat]] = (seat == following, why)
    return choose(f"{SEATS[leader]} leads. Who plays next?", verdicts, f"{SEATS[following]}.")


def takeover_question(rules: RuleSet | None = None) -> StepQuestion:
    """How many points do the attackers need to take over (RULES §9)? The engine's level table decides."""
    total = (rules or RuleSet()).total_points
    line = min(p for p in range(0, total + 1, 5) if level_change(p, rules).takeover)

    def judge(n: int) -> str:
        if n == line:
            return f"{level_change(n, rules).describe()} Five points less would not do (RULES §9)."
        if n < line:
            return f"Not enough. {cite(level_change(max(n, 0), rules).describe(), 'RULES §9')}"
        return f"{n} is enough, but fewer points already do it (RULES §9)."

    return number(
        "The attackers collect points in their tricks. How many do they need, at least, to take over as declarers?",
        line,
        judge,
        f"{line} points.",
        hint=f"There are {total} points in the cards; the line is less than half of them.",
    )


def pick_to_take_over(hand: CardsLike, have: int, rules: RuleSet | None = None) -> StepQuestion:
    """The attackers have ``have`` points: pick the card that, won in a trick, takes them over the line (RULES §9)."""
    cards = as_cards(hand, "the hand")
    good = [c for c in cards if level_change(have + c.points, rules).takeover]
    if not good:
        raise ValueError(f"no card takes {have} points over the line")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        total = have + points(picked)
        return level_change(total, rules).takeover, cite(
            f"{have} + {points(picked)} = {total}. {level_change(total, rules).describe()}", "RULES §2, §9"
        )

    return pick(
        f"The attackers have {have} points, and they are about to win one more card. Which card takes them "
        "over the line? Pick it, then press Check.",
        cards,
        judge,
        f"{format_cards(good)}.",
        example=good[:1],
        count=1,
    )


ROUND_PARTS: dict[str, str] = {
    "kitty": "The dealer takes the kitty and buries 8 cards",
    "trick": "The dealer leads the first trick",
    "score": "The round is scored",
    "dealer": "The next dealer is chosen",
}
"""The parts of a round a learner may think come right after the deal, by what the engine would be asked to do."""


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
            verdicts[words] = (
                False,
                f"Not yet: the engine refuses that now, because {_phase_words(rnd.phase)} (RULES §10).",
            )
        else:
            verdicts[words] = (
                True,
                "Right after the deal the dealer picks up the kitty (底牌 dǐpái) and buries as many cards face down "
                "(RULES §10).",
            )
    return choose("The cards are dealt and the trump is declared. What happens next?", verdicts, ROUND_PARTS["kitty"])


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


def _phase_words(phase: str) -> str:
    return {
        "kitty": "the dealer still holds the kitty's cards",
        "play": "the tricks have not been played",
        "deal": "the deal is not over",
    }.get(phase, f"the round is in its {phase} phase")


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
            return (
                f"The kitty holds {base} points; won with {format_cards(play)}, whose largest unit has "
                f"{largest_unit(play, trump, rules)} cards, they count ×{m}: {base} × {m} = {bonus} (RULES §9)."
            )
        if n == base:
            return f"{base} is the kitty's points alone: won by the attackers on the last trick, they count multiplied (RULES §9)."
        if base and n % base == 0:
            return f"That is ×{n // base}: the multiplier is 2 × the cards of the largest unit of the winning play (RULES §9)."
        return f"Not {n}: count the kitty's points, then multiply them (RULES §9)."

    return number(
        f"The attackers win the last trick with {format_cards(play)}. How many points does this kitty give them?",
        bonus,
        judge,
        f"{bonus} points ({base} × {m}).",
        picture=hand_svg(cards, trump),
    )


_MULTIPLIER_WORDS = {
    "times": "2 × the cards of the largest unit of the winning play (the house rule)",
    "power": "2 to the power of the cards of the largest unit",
    "cards": "2 × every card of the winning play",
}


def multiplier_question(winning_play: CardsLike, trump: Trump, rules: RuleSet, prompt: str) -> StepQuestion:
    """What is the kitty's multiplier under ``rules`` (RULES §9, §11)? An answer another table's rule gives is named."""
    play = as_cards(winning_play, "the winning play")
    right = kitty_multiplier(play, trump, rules)
    own = _MULTIPLIER_WORDS[rules.kitty_multiplier]
    others: dict[int, str] = {}
    for name in _MULTIPLIER_WORDS:  # the house rule first: its answer is named as the house rule's
        if name != rules.kitty_multiplier:
            others.setdefault(kitty_multiplier(play, trump, RuleSet(decks=rules.decks, kitty_multiplier=name)), name)

    def judge(n: int) -> str:
        if n == right:
            return f"This table counts {own}: {format_cards(play)} makes ×{right} (RULES §9, §11)."
        if n in others:
            return f"×{n} is what a table counting {_MULTIPLIER_WORDS[others[n]]} would say; this one counts {own} (RULES §9, §11)."
        return f"Not ×{n}: this table counts {own} (RULES §9, §11)."

    return number(prompt, right, judge, f"×{right}.", picture=hand_svg(play, trump))


def levels_question(attacker_points: int, rules: RuleSet | None = None) -> StepQuestion:
    """The attackers scored ``attacker_points``: how many levels does the side that goes up climb (RULES §9)?"""
    change = level_change(attacker_points, rules)
    who = "the attackers" if change.takeover else "the declarers"

    def judge(n: int) -> str:
        if n == change.levels:
            return cite(change.describe(), "RULES §9")
        band = next(
            (
                p
                for p in range(0, 401, 5)
                if level_change(p, rules).side == change.side and level_change(p, rules).levels == n
            ),
            None,
        )
        if band is None:
            return f"{who.capitalize()} never climb {n} levels in one round (RULES §9)."
        return f"{who.capitalize()} climb {n} level{'s' if n != 1 else ''} with {band} points, not with {attacker_points} (RULES §9)."

    side = "take over" if change.takeover else "hold"
    return number(
        f"The attackers scored {attacker_points} points, so {who} {'take over' if change.takeover else 'hold'}. "
        f"How many levels do {who} go up?",
        change.levels,
        judge,
        change.describe(),
        hint=f"Find {attacker_points} in the table: in which band does it fall when they {side}?",
    )


def next_dealer_question(dealer: int, attacker_points: int, rules: RuleSet | None = None) -> StepQuestion:
    """Who deals next (RULES §9)? A seat that would deal had the round gone the other way is told so."""
    change = level_change(attacker_points, rules)
    right = next_dealer(dealer, change, rules)
    other = level_change(0 if change.takeover else 200, rules)
    elsewhere = next_dealer(dealer, other, rules)
    verdicts = {}
    for seat in range(4):
        name = SEATS[seat]
        if seat == right:
            why = (
                "the declarers hold, so the dealer's partner deals next"
                if not change.takeover
                else "the attackers take over, so the player after the dealer (counter-clockwise) deals next"
            )
            verdicts[name] = (True, f"{change.describe()} {why.capitalize()}: {name} (RULES §9).")
        elif seat == elsewhere:
            went = "the declarers had held" if change.takeover else "the attackers had taken over"
            now = "the attackers take over" if change.takeover else "the declarers hold"
            verdicts[name] = (
                False,
                f"{name} would deal next if {went}; with {attacker_points} points {now} (RULES §9).",
            )
        elif seat == dealer:
            verdicts[name] = (False, f"{name} dealt this round, and the deal always moves on (RULES §9).")
        else:
            verdicts[name] = (False, f"{name} is not on the side that goes up after this round (RULES §9).")
    return choose(
        f"{SEATS[dealer]} dealt, and the attackers scored {attacker_points}. Who deals the next round?",
        verdicts,
        f"{SEATS[right]}.",
    )


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
        return bool(verdict), reason[0].upper() + reason[1:] + ("" if reason.endswith(".") else ".")

    solution = " or ".join(format_cards(group) for group in allowed)
    return pick(prompt, cards, judge, f"{solution}.", example=allowed[0], hint=hint)


def first_dealer_question(seed: int = 2, rank: str = "2") -> StepQuestion:
    """A match's first round (RULES §10): West declares with a single, East overrides with a pair. Who deals? The
    engine's round plays the deal and says."""
    rnd, first, last = first_round(seed, rank)
    dealer = rnd.dealer
    assert dealer is not None
    verdicts = {}
    for seat in range(4):
        name = SEATS[seat]
        if seat == dealer:
            verdicts[name] = (True, f"In the first round the first declarer deals: {name} (RULES §10).")
        elif seat == last.seat:
            verdicts[name] = (
                False,
                f"{name}'s pair fixed the trump, but the dealer of a first round is the first to declare (RULES §10).",
            )
        else:
            verdicts[name] = (False, f"{name} did not declare at all in this deal (RULES §10).")
    prompt = (
        f"First round of a match: nobody has dealt yet. {SEATS[first.seat]} declares with {format_cards(first.cards)}, "
        f"then {SEATS[last.seat]} overrides with {format_cards(last.cards)}. Who deals?"
    )
    return choose(prompt, verdicts, f"{SEATS[dealer]}.")


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

    def judge(picked: list[Card]) -> tuple[bool, str]:
        if len(picked) != count:
            return False, f"Bury exactly {count} cards, as many as the kitty held (RULES §10)."
        dear = [c for c in picked if c.points]
        if dear:
            bonus = points(picked) * kitty_multiplier("SJ SJ", trump)  # what any pair makes of the kitty
            return False, (
                f"{format_cards(dear)} carr{'ies' if len(dear) == 1 else 'y'} {points(dear)} points: if the attackers "
                f"win the last trick with a pair, this kitty gives them {bonus}. {BURY_RULE}"
            )
        strong = [c for c in picked if trump.is_trump(c)]
        if strong:
            return False, (
                f"{format_cards(strong)} {'is a trump' if len(strong) == 1 else 'are trumps'}: a buried trump never "
                "wins a trick, and trumps control the round. Keep them."
            )
        left = Counter(cards) - Counter(picked)
        voids = [SUIT_NAMES[s] for s in "SHDC" if length[s] and not any(trump.suit_of(c) == s for c in left.elements())]
        void = f" You have no {' and no '.join(voids)} left: you can ruff those leads." if voids else ""
        waste = [c for c in picked if c.rank == "A" or Counter(picked)[c] == 2]
        pity = (
            f" But {format_cards(trump.sorted(waste))} would have won tricks: low cards of short suits are cheaper."
            if waste
            else ""
        )
        return (
            True,
            f"No points and no trumps in the kitty: nothing for the attackers to win back (RULES §9).{void}{pity}",
        )

    return pick(
        prompt or f"You are the dealer. Pick {count} cards to bury, then press Check.",
        cards,
        judge,
        f"For example {format_cards(trump.sorted(cheap))}: no points, no trumps, the low cards of the short suits.",
        example=cheap,
        count=count,
        trump=trump,
        hint=hint,
    )


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
    attackers = " and ".join(SEATS[s] for s in record.attackers)
    side = "an attacker" if last.winner in record.attackers else "a declarer"
    if score.kitty_bonus:
        kitty = f"the kitty's {points(record.kitty)} points counted ×{score.kitty_multiplier} for the attackers"
    elif not points(record.kitty):
        kitty = "the dealer had buried no points, so the kitty added nothing"
    else:
        kitty = f"the kitty's {points(record.kitty)} points counted for nobody"
    return "\n".join(
        [
            f"1. **Deal and declare**: {SEATS[declared.seat]} declared with {format_cards(declared.cards)}: "
            f"{trump.describe()}.",
            f"2. **The kitty**: {SEATS[record.dealer]}, the dealer, picked up 8 cards and buried 8.",
            f"3. **25 tricks**: {SEATS[record.dealer]} led the first; {attackers}, the attackers, took "
            f"{score.trick_points} points in tricks.",
            f"4. **The last trick**: {SEATS[last.winner]}, {side}, won it: {kitty}.",
            f"5. **The score**: {score.level_change.describe()}",
            f"6. **The next dealer**: {SEATS[record.next_dealer]}.",
        ]
    )
