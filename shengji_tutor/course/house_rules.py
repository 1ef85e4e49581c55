"""Lesson 13's questions and live demos of the house rules (RULES §11), each worked out by the engine.

Every function takes the variant's ``RuleSet`` (or builds it) and asks the same
engine functions a round uses, so the lesson can never teach a rule the engine
does not play:

- ``decks_table()``: one, two and three decks side by side — kitty, hands, the level table's lines;
- ``pick_triple(hand)``: with three decks, select a triple;
- ``mandatory_question(level, rise, mandatory)`` and ``mandatory_table(...)``: where a rise stops;
- ``hook_question(rank, play, winners)`` and ``hook_lines()``: hook and needle (勾 gōu / 针 zhēn);
- ``pick_highest_trump(hand, trump, red_five)`` and ``red_five_lines()``: the red five (红五 hóng wǔ);
- ``pick_overturn(hand, rank, standing)`` and ``chao_story(seed)``: chao dipi (炒地皮 chǎo dìpí);
- ``redeal_question(hand, trump, redeal)``: may this hand be shown for a redeal?
- ``friend_question(...)`` and ``friends_story(seed)``: Finding Friends (找朋友 zhǎo péngyou).

>>> from shengji_tutor.course.house_rules import hook_question, mandatory_question
>>> q = mandatory_question("9", 2, ("10",))
>>> q.grade("10").correct, q.grade("J").explanation
(True, 'J is where a rise of 2 from 9 ends without the rule; 10 is mandatory, so the rise stops on it (RULES §11).')
>>> from shengji_tutor import Trump
>>> hook_question(Trump("J", "S"), "JS JS", "attackers").grade("Back to 2, on top of the usual result").correct
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from IPython.display import HTML

from ..engine.cards import RANKS, SUIT_NAMES, Card, CardsLike, as_cards, counted, format_cards
from ..engine.declaring import Declaration, chao_strength, hopeless_hand, judge_overturn, possible_overturns
from ..engine.rules import RuleSet
from ..engine.scoring import hooked_back_to, level_after, level_change, red_five_points
from ..engine.seats import seat_name
from ..engine.tricks import trick_winner
from ..engine.trump import Trump
from ..engine.units import lead_format
from ..play.actions import ORDINALS
from ..play.bots import HeuristicBot
from ..play.game import play_round
from ..play.record import RoundRecord
from ..play.round import friends_revealed
from ..puzzles.kinds.friends import call_words
from ..ui.render import hand_svg, trick_svg
from .questions import StepQuestion, choose, number, pick, units_in_words

__all__ = [
    "NOBODY_YET",
    "chao_story",
    "decks_table",
    "friend_question",
    "friends_story",
    "hook_lines",
    "hook_question",
    "mandatory_question",
    "mandatory_table",
    "pick_highest_trump",
    "pick_overturn",
    "pick_triple",
    "red_five_lines",
    "red_five_penalty_question",
    "redeal_question",
]

_DECK_NAMES = {1: "one deck (打百分 dǎ bǎifēn, 四十分 sìshí fēn)", 2: "two decks (the house rule)", 3: "three decks"}


# -- one deck, three decks (RULES §1, §9) ---------------------------------------------------------------


def _lines(rules: RuleSet) -> tuple[int, int]:
    """The fewest points with which the declarers go up only 1 level, and with which the attackers take over."""
    one = min(p for p in range(0, rules.total_points + 1, 5) if level_change(p, rules).levels <= 1)
    over = min(p for p in range(0, rules.total_points + 1, 5) if level_change(p, rules).takeover)
    return one, over


def decks_table(players: int = 4) -> HTML:
    """One, two and three decks at a table of ``players``: the cards, the kitty, the hands and the lines of the
    level table — every figure from the engine's ``RuleSet`` and ``level_change`` (RULES §1, §9)."""
    rows = []
    for decks in (1, 2, 3):
        rules = RuleSet(decks=decks, players=players)
        one, over = _lines(rules)
        rows.append(
            f"<tr><th scope='row'>{escape(_DECK_NAMES[decks])}</th><td>{54 * decks}</td>"
            f"<td>{rules.total_points}</td><td>{rules.kitty}</td><td>{rules.hand_size}</td>"
            f"<td>0–{one - 5}</td><td>{over}</td></tr>"
        )
    head = (
        "<tr><th scope='col'>Decks</th><th scope='col'>Cards</th><th scope='col'>Points</th>"
        "<th scope='col'>Kitty</th><th scope='col'>Each hand</th>"
        "<th scope='col'>Declarers go up 2 or 3 with</th><th scope='col'>Attackers take over from</th></tr>"
    )
    caption = f"<caption>{players} players: what changes with the number of decks (RULES §1, §9)</caption>"
    return HTML(f'<table class="sjt-table">{caption}{head}{"".join(rows)}</table>')


def pick_triple(hand: CardsLike, trump: Trump, *, prompt: str, hint: str = "") -> StepQuestion:
    """With three decks, select a triple (three identical cards) in ``hand``: the engine's ``lead_format`` under
    ``RuleSet(decks=3)`` splits the pick into units (RULES §4)."""
    rules = RuleSet(decks=3)
    cards = as_cards(hand, "the hand")
    triples = [c for c in dict.fromkeys(cards) if cards.count(c) >= 3]
    if not triples:
        raise ValueError(f"{format_cards(cards)} holds no triple")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        try:
            fmt = lead_format(picked, trump, rules)
        except ValueError as e:  # IllegalLeadError: two effective suits
            return False, f"{str(e).rstrip('.')}. A triple is three cards of one suit and rank (RULES §4)."
        if len(fmt.units) == 1 and fmt.units[0].kind == "triple":
            return True, (
                f"{format_cards(picked)} is a triple: with three decks every card has three copies, and three "
                "identical cards make one unit: a higher triple of the suit beats it, or a trump triple from a player out "
                "of the suit (RULES §4, §7)."
            )
        return False, (
            f"{format_cards(picked)} is {units_in_words(picked, trump, rules)}: a triple is three identical "
            "cards, the same rank and the same suit (RULES §4)."
        )

    example = [triples[0]] * 3
    return pick(
        prompt,
        cards,
        judge,
        f"{format_cards(example)}: three identical cards (RULES §4).",
        example=example,
        count=3,
        trump=trump,
        hint=hint,
    )


# -- mandatory levels (RULES §11) -----------------------------------------------------------------------


def _rank(text: str) -> int:
    return RANKS.index(text.upper().replace("T", "10"))


def mandatory_question(level: str, rise: int, mandatory: Sequence[str]) -> StepQuestion:
    """A side at ``level`` (having played it as declarers) goes up ``rise`` levels; with ``mandatory`` levels, which
    rank does it play next? The engine's ``level_after`` decides (RULES §11)."""
    rules = RuleSet(mandatory_levels=tuple(mandatory))
    start = _rank(level)
    after = level_after(start, rise, {start}, rules)
    plain = level_after(start, rise)
    right = RANKS[after]
    named = ", ".join(rules.mandatory_levels)
    choices = list(dict.fromkeys([RANKS[start], RANKS[min(start + 1, 12)], right, RANKS[min(plain, 12)]]))
    choices.sort(key=RANKS.index)
    verdicts = {}
    for choice in choices:
        k = RANKS.index(choice)
        if k == after:
            why = (
                f"Right: {right}. Without the rule the team would go from {level} to {RANKS[min(plain, 12)]}; "
                f"{right} is mandatory, so the rise stops on it, and the team must play {right} as declarers "
                "before it may pass it (RULES §11)."
                if after != plain
                else f"Right: {right}. The rise passes no mandatory level ({named}) (RULES §11)."
            )
            verdicts[choice] = (True, why)
        elif k == plain:
            verdicts[choice] = (
                False,
                f"{choice} is where a rise of {rise} from {level} ends without the rule; {right} is mandatory, "
                "so the rise stops on it (RULES §11).",
            )
        elif k == start:
            verdicts[choice] = (
                False,
                f"The side stays at {level} only when it does not go up; it goes up {rise}, and has already "
                f"played {level} (RULES §11).",
            )
        else:
            verdicts[choice] = (
                False,
                f"A rise stops only on a mandatory level ({named}); {choice} is not one (RULES §11).",
            )
    return choose(
        f"Mandatory levels: {named}. Your team played {level} as declarers and goes up {counted(rise, 'level')}. "
        "Which rank does it play next?",
        verdicts,
        f"{right} (RULES §11).",
        hint="Count the ranks up from your level, and stop on a mandatory one you have not played yet.",
    )


def _level_name(level: int) -> str:
    return "past A: the match is won" if level >= len(RANKS) else RANKS[level]


def mandatory_table(mandatory: Sequence[str], cases: Sequence[tuple[str, int]]) -> HTML:
    """Rises with and without ``mandatory`` levels, side by side: (level played, rise) per row (RULES §11)."""
    rules = RuleSet(mandatory_levels=tuple(mandatory))
    rows = []
    for level, rise in cases:
        start = _rank(level)
        plain, after = level_after(start, rise), level_after(start, rise, {start}, rules)
        note = "stops on a mandatory level" if after != plain else "passes no mandatory level"
        rows.append(
            f"<tr><td>{level}</td><td>+{rise}</td><td>{_level_name(plain)}</td><td>{_level_name(after)}</td><td>{note}</td></tr>"
        )
    head = (
        "<tr><th scope='col'>Played</th><th scope='col'>Rise</th><th scope='col'>Without the rule</th>"
        f"<th scope='col'>Mandatory {', '.join(rules.mandatory_levels)}</th><th scope='col'>Why</th></tr>"
    )
    return HTML(f'<table class="sjt-table">{head}{"".join(rows)}</table>')


# -- hook and needle (RULES §11) ------------------------------------------------------------------------

_HOOK_NAMES = {"J": "the hook (勾 gōu)", "A": "the needle (针 zhēn)"}


def _hook_result(trump: Trump, play: CardsLike, winners: str) -> str | None:
    if winners != "attackers":
        return None
    return hooked_back_to(play, trump, RuleSet(hook_and_needle=True))


def hook_question(trump: Trump, play: CardsLike, winners: str) -> StepQuestion:
    """Hook and needle at ``trump`` (rank J or A): the ``winners`` ("attackers" or "declarers") take the last trick
    with ``play``. Do the declarers drop back? ``hooked_back_to`` decides (RULES §11)."""
    rank = trump.rank
    if rank not in _HOOK_NAMES or winners not in ("attackers", "declarers"):
        raise ValueError("hook and needle play at trump rank J or A, won by the attackers or the declarers")
    cards = as_cards(play, "the winning play")
    back = _hook_result(trump, cards, winners)
    drop = {"J": "2", "A": "J"}[rank]
    a_rank = f"{'an' if rank == 'A' else 'a'} {rank}"
    name = _HOOK_NAMES[rank]
    needs = f"{name[0].upper()}{name[1:]} needs the attackers to win the last trick with {a_rank} in their play"
    if back is not None:
        why_right = (
            f"The attackers won the last trick with a play holding {a_rank}: {name} sends the declarers' level "
            f"back to {back}, on top of the round's usual result (RULES §11)."
        )
        why_wrong = f"Not this time. {why_right}"
    elif winners == "declarers":
        why_right = f"The declarers won the last trick themselves. {needs} (RULES §11)."
        why_wrong = f"No. {why_right}"
    else:
        why_right = f"{format_cards(cards)} holds no {rank}. {needs} (RULES §11)."
        why_wrong = f"No. {why_right}"
    hooked, usual = f"Back to {drop}, on top of the usual result", "Only the usual result"
    verdicts = {
        hooked: (back is not None, why_right if back is not None else why_wrong),
        usual: (back is None, why_right if back is None else why_wrong),
    }
    who = "The attackers" if winners == "attackers" else "The declarers"
    return choose(
        f"Hook and needle is on; the trump rank is {rank}. {who} win the last trick with {format_cards(cards)}. "
        "What happens to the declarers' level?",
        verdicts,
        f"{hooked if back else usual}. {why_right}",
        picture=hand_svg(cards, trump),
        hint=f"Two things matter: who won the last trick, and whether their play holds {a_rank}.",
    )


def hook_lines() -> str:
    """Four last tricks under hook and needle, each with the engine's verdict (markdown bullets)."""
    lines = []
    for trump, play, winners in (
        (Trump("J", "H"), "JS 3H", "attackers"),
        (Trump("J", "H"), "KH KH", "attackers"),
        (Trump("J", "H"), "JH JH", "declarers"),
        (Trump("A", "S"), "AD", "attackers"),
    ):
        rank = trump.rank
        back = _hook_result(trump, play, winners)
        result = f"back to {back}" if back else "the usual result"
        lines.append(
            f"- Trump rank {rank}, the {winners} win the last trick with {format_cards(as_cards(play, 'play'))}: "
            f"**{result}**."
        )
    return "\n".join(lines)


# -- the red five (RULES §11) -----------------------------------------------------------------------------


def pick_highest_trump(hand: CardsLike, trump: Trump, *, prompt: str, hint: str = "") -> StepQuestion:
    """Select the highest trump of ``hand`` under ``trump`` (with its ``red_five``): the engine's card order
    decides (RULES §3, §11). The hand is drawn as printed, without trump marks."""
    cards = as_cards(hand, "the hand")
    trumps = [c for c in cards if trump.is_trump(c)]
    if not trumps:
        raise ValueError(f"{format_cards(cards)} holds no trump")
    best = max(trumps, key=trump.key)

    def judge(picked: list[Card]) -> tuple[bool, str]:
        if len(picked) != 1:
            return False, "Pick one card: the single highest trump."
        card = picked[0]
        if trump.key(card) == trump.key(best):
            extra = ", higher even than the big joker" if card in trump_fives(trump) else ""
            return True, f"{format_cards([card])} is the highest trump here{extra} (RULES §11)."
        return (
            False,
            f"{format_cards([card])} is not the highest: {format_cards([best])} ranks above it (RULES §3, §11).",
        )

    return pick(
        prompt,
        cards,
        judge,
        f"{format_cards([best])}: the highest trump under these rules (RULES §11).",
        example=[best],
        count=1,
        trump=None,  # drawn as printed: sorted in trump order, the hand would put the answer first
        hint=hint,
    )


def trump_fives(trump: Trump) -> tuple[Card, ...]:
    """The red fives that rank above the big joker under ``trump`` (none at trump rank 5 or without the rule)."""
    if trump.red_five is None:
        return ()
    return RuleSet(red_five=trump.red_five).red_fives


_RED_FIVE_TRUMP = Trump("7", "C", red_five="5H")
"""The red-five demos' table: trump rank 7, clubs trump, 5♥ the red five."""
_RED_FIVE_TRICKS = (("5H", "3C", "4C", "6C"), ("SJ SJ", "5H 3C", "4S 6S", "8D 9D"))
"""Two tricks at that table: the 5♥ leads and wins; the 5♥ must follow a pair of small jokers and is lost."""


def _red_five_trick(plays: Sequence[str], declarer_leads: bool) -> tuple[int, int, int]:
    """A trick of the red-five table: (the winning play's index, the trick's points, the penalty ``red_five_points``
    gives the attackers' total); seats alternate sides from the leader."""
    rules = RuleSet(red_five="5H")
    winner = trick_winner(plays, _RED_FIVE_TRUMP, rules)
    attacking = [(k % 2 == 0) != declarer_leads for k in range(len(plays))]
    penalty = red_five_points(plays, attacking, winner, rules)
    return winner, sum(c.points for p in plays for c in as_cards(p, "a play")), penalty


def red_five_lines() -> HTML:
    """Tricks holding the 5♥ under ``red_five="5H"``: who wins (``trick_winner``) and the penalty
    (``red_five_points``) — nothing when its owner's side wins, the penalty when the other side does."""
    lines = []
    for plays, declarer_leads, story in (
        (_RED_FIVE_TRICKS[0], True, "A declarer leads 5♥, the top trump, and wins the trick with it"),
        (
            _RED_FIVE_TRICKS[1],
            False,
            "An attacker leads a pair of small jokers; a declarer with no trump pair must follow with 5♥ 3♣; "
            "the jokers win",
        ),
        (
            _RED_FIVE_TRICKS[1],
            True,
            "A declarer leads a pair of small jokers; an attacker with no trump pair must follow with 5♥ 3♣; "
            "the jokers win",
        ),
    ):
        _, _, penalty = _red_five_trick(plays, declarer_leads)
        verdict = (
            "no penalty"
            if penalty == 0
            else f"{abs(penalty)} {'added to' if penalty > 0 else 'taken off'} the attackers' total"
        )
        lines.append(f"<li>{escape(story)}: <strong>{escape(verdict)}</strong>.</li>")
    return HTML(f'<ul class="sjt-story">{"".join(lines)}</ul>')


def red_five_penalty_question() -> StepQuestion:
    """The attackers win a trick holding the declarers' 5♥: by how much does it change the attackers' total? The
    trick's points plus the penalty, from ``trick_winner`` and ``red_five_points`` (RULES §2, §11)."""
    plays = _RED_FIVE_TRICKS[1]
    winner, pts, penalty = _red_five_trick(plays, declarer_leads=False)
    assert winner == 0
    assert penalty > 0
    total = pts + penalty

    def judge(n: int) -> str:
        if n == total:
            return (
                f"Right: the attackers take the trick's {pts} points, and the declarers pay {penalty} for losing "
                f"their red five: {pts} + {penalty} = {total} (RULES §11)."
            )
        if n == pts:
            return (
                f"{pts} counts only the card points. The red five is no ordinary 5 at this table: losing it costs "
                f"its team {penalty} more (RULES §11)."
            )
        if n == penalty:
            return f"{penalty} is only the penalty: the trick's {pts} card points count too (RULES §2, §11)."
        return f"Count the trick's card points (5♥ is worth 5), then add the red-five penalty of {penalty} (RULES §11)."

    return number(
        "Red five table (5♥), trump rank 7, clubs trump. An attacker leads the small jokers as a pair; a declarer, "
        "with no trump pair, must follow with 5♥ 3♣; the others discard. The attackers win the trick. By how many "
        "points does it raise the attackers' total?",
        total,
        judge,
        f"{total}: {pts} card points and the {penalty}-point penalty (RULES §11).",
        picture=trick_svg(plays, 0, _RED_FIVE_TRUMP, winner=0, names=["Attacker", "Declarer", "Attacker", "Declarer"]),
        hint="Two things count: the points of the cards in the trick, and what losing a red five costs.",
    )


# -- chao dipi (RULES §11) --------------------------------------------------------------------------------


def pick_overturn(hand: CardsLike, rank: str, standing: CardsLike, *, prompt: str, hint: str = "") -> StepQuestion:
    """Chao dipi: the trump was fixed by ``standing`` (a pair, or a single); select a pair of ``hand`` that overturns
    it. The engine's ``judge_overturn`` decides (RULES §11)."""
    cards = as_cards(hand, "the hand")
    shown = tuple(as_cards(standing, "the standing declaration"))
    current = Declaration.of(1, shown)
    good = possible_overturns(cards, rank, current)
    if not good:
        raise ValueError(f"no pair of {format_cards(cards)} overturns {format_cards(shown)}")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        verdict = judge_overturn(picked, rank, current, seat=2)
        reason = verdict.reason
        return bool(verdict), reason[0].upper() + reason[1:] + ("" if reason.endswith(".") else ".")

    strongest = max(good, key=lambda p: chao_strength(Declaration.of(2, p)))
    return pick(
        prompt,
        cards,
        judge,
        f"{' or '.join(format_cards(p) for p in good)} (RULES §11).",
        example=list(strongest),
        count=2,
        trump=None,
        hint=hint,
    )


def chao_story(seed: int | None = None) -> HTML:
    """A real round with chao dipi on and four heuristic bots, in which the trump was overturned: who declared, who
    overturned with what, and who buried the kitty (RULES §11). ``seed``: the first seed to try."""
    rules = RuleSet(chao_dipi=True)
    record = _first_round(rules, seed or 0, lambda r: bool(r.overturns))
    decl = record.declarations[-1] if record.declarations else None
    steps = []
    if decl is not None:
        steps.append(f"{seat_name(decl.seat)} declared with {format_cards(decl.cards)} during the deal.")
    steps.append(f"{seat_name(record.dealer)} picked up the kitty and buried {counted(rules.kitty, 'card')}.")
    for over in record.overturns:
        suit = "there is no trump suit now (jokers)" if over.suit is None else f"{SUIT_NAMES[over.suit]} are trump now"
        steps.append(
            f"{seat_name(over.seat)} overturned with {format_cards(over.cards)}: {suit}. They took the kitty "
            f"up and buried {counted(rules.kitty, 'card')} of their own."
        )
    steps.append(
        f"Everyone else passed. {seat_name(record.dealer)} still leads the first trick, and the declarers are still "
        f"{' and '.join(seat_name(s) for s in record.declarers)}."
    )
    items = "".join(f"<li>{escape(s)}</li>" for s in steps)
    last = record.overturns[-1]
    return HTML(
        f'<div class="sjt-story"><ol>{items}</ol><div class="sjt-group-label">The pair that overturned:</div>'
        f"{hand_svg(last.cards, record.trump)}</div>"
    )


def _first_round(rules: RuleSet, seed: int, wanted: Callable[[RoundRecord], bool]) -> RoundRecord:
    """The first round from ``seed`` on, played by heuristic bots, for which ``wanted(record)`` is true."""
    for s in range(seed, seed + 200):
        record = play_round(rules, seed=s, bots=[HeuristicBot() for _ in range(rules.players)], dealer=0)
        if wanted(record):
            return record
    raise ValueError(f"no round from seed {seed} on shows what the lesson needs")


# -- redeal on a hopeless hand (RULES §11) -----------------------------------------------------------------


def redeal_question(hand: CardsLike, trump: Trump, redeal: str) -> StepQuestion:
    """May this hand be shown to force a redeal under ``redeal`` ("no-trump" or "no-points")? The engine's
    ``hopeless_hand`` decides (RULES §11)."""
    rules = RuleSet(redeal=redeal)
    cards = as_cards(hand, "the hand")
    may = hopeless_hand(cards, trump, rules)
    if redeal == "no-trump":
        spoilers = [c for c in cards if trump.is_trump(c)]
        none = "no joker, no card of the trump rank and no card of the trump suit"
    else:
        spoilers = [c for c in cards if c.points]
        none = "no 5, no 10 and no king"
    if may:
        yes = f"Yes, it may: the hand has {none} (RULES §11)."
        no = f"It may be shown: it has {none}, and this table redeals such a hand (RULES §11)."
    else:
        why = "; ".join(_spoiler_words(c, trump, redeal) for c in spoilers)
        yes = f"No: {why}. A hand with even one may not be shown (RULES §11)."
        no = f"Right: {why}, so the hand is not hopeless (RULES §11)."
    rule = "no trump" if redeal == "no-trump" else "no point card"
    return choose(
        f"This table redeals a hand with {rule}. The trump is {trump.describe()}. May you show this hand and ask for "
        "a redeal?",
        {"Yes, show it": (may, yes), "No, play it": (not may, no)},
        f"{'Yes' if may else 'No'} (RULES §11).",
        picture=hand_svg(cards, None),
        hint=f"Look at every card: is any of them a {'trump' if redeal == 'no-trump' else 'point card'}?",
    )


def _spoiler_words(card: Card, trump: Trump, redeal: str) -> str:
    """Why ``card`` keeps a hand from being hopeless, naming the rule: a trump and which kind, or a point card."""
    shown = format_cards([card])
    if redeal == "no-points":
        return f"{shown} is a point card, worth {card.points} (RULES §2)"
    if card.is_joker:
        return f"{shown} is a trump, as every joker is (RULES §3)"
    if card.rank == trump.rank:
        return f"{shown} is a trump, since it has the trump rank, {trump.rank} (RULES §3)"
    if card in trump_fives(trump):
        return f"{shown} is a trump, the red five (RULES §11)"
    return f"{shown} is a trump, of the trump suit (RULES §3)"


# -- Finding Friends (找朋友 zhǎo péngyou, RULES §11) --------------------------------------------------------

NOBODY_YET = "Nobody yet"
"""The choice of ``friend_question`` that says no friend has shown themselves so far."""


def _call_words(calls: Sequence[tuple[Card, int]]) -> str:
    return " and ".join(call_words(c, o) for c, o in calls)


def friend_question(
    players: int,
    dealer: int,
    calls: Sequence[tuple[Card | str, int]],
    plays: Sequence[tuple[int, CardsLike]],
    *,
    story: str,
    holder: int | None = None,
    hint: str = "",
) -> StepQuestion:
    """Finding Friends at a table of ``players``: the ``dealer`` called ``calls`` ((card, ordinal) pairs) and
    ``plays`` ((seat, cards) in order) have been played so far. Who is the dealer's friend now? The engine's
    ``friends_revealed`` — the function a round itself uses — decides (RULES §11). ``story`` tells the plays in
    words; ``holder`` is a seat the story says holds a called copy it has not played (holding is not playing)."""
    called = [(as_cards([c], "the called card")[0] if isinstance(c, str) else c, o) for c, o in calls]
    friends = friends_revealed(dealer, called, plays)
    dealer_name = seat_name(dealer, players)
    choices = [seat_name(s, players) for s in range(players) if s != dealer] + [NOBODY_YET]
    right = ", ".join(seat_name(s, players) for s in friends) if friends else NOBODY_YET
    played = {seat for seat, cards in plays if any(c in dict(called) for c in as_cards(cards, "a play"))}
    verdicts: dict[str, tuple[bool, str]] = {}
    rule = f"the friend is the player of {_call_words(called)}, from the moment they play it (RULES §11)"
    for choice in choices:
        if choice == NOBODY_YET:
            ok = not friends
            why = f"Right: nobody has played {_call_words(called)} yet, so the teams are still hidden: {rule}."
            verdicts[choice] = (ok, why if ok else f"Someone has: {right} played the called copy, and {rule}.")
            continue
        seat = next(s for s in range(players) if seat_name(s, players) == choice)
        if seat in friends:
            verdicts[choice] = (True, f"Right: {choice} played the called copy and joined {dealer_name}: {rule}.")
        elif seat == holder:
            verdicts[choice] = (
                False,
                f"{choice} holds the called card but has not played it: holding is not playing, and {rule}.",
            )
        elif seat in played:
            nth = ORDINALS[called[0][1]]
            verdicts[choice] = (False, f"{choice} played a copy of the called card, but not the {nth} one: {rule}.")
        else:
            verdicts[choice] = (False, f"{choice} has not played the called copy: {rule}.")
    return choose(
        f"{players} players, Finding Friends. {dealer_name} deals and calls {_call_words(called)}. {story} "
        f"Who is {dealer_name}'s friend now?",
        verdicts,
        f"{right}: {rule}.",
        hint=hint or "Count the copies of the called card in the order they were played.",
    )


def friends_story(seed: int = 0, players: int = 5) -> HTML:
    """A real Finding Friends round of ``players`` heuristic bots: the dealer's call, the trick in which each friend
    showed themselves by playing the called copy, and the teams at the end (RULES §11)."""
    rules = RuleSet(players=players, partnership="friends")
    record = _first_round(rules, seed, lambda r: bool(r.calls) and len(r.declarers) > 1)
    calls = list(record.calls)
    names = [seat_name(s, players) for s in range(players)]
    dealer = names[record.dealer]
    parts = [f"<p>{escape(dealer)} deals, buries the kitty and calls {escape(_call_words(calls))}.</p>"]
    seen: list[tuple[int, tuple[Card, ...]]] = []
    known: tuple[int, ...] = ()
    for n, trick in enumerate(record.tricks, 1):
        seats = [(trick.leader + k) % players for k in range(players)]
        for seat, play in zip(seats, trick.plays, strict=True):
            seen.append((seat, tuple(play)))
        now = friends_revealed(record.dealer, calls, seen)
        for friend in now:
            if friend not in known:
                parts.append(
                    f"<p>Trick {n}: {escape(names[friend])} plays the called copy and is {escape(dealer)}'s "
                    "friend from this moment on. Until then the teams were hidden.</p>"
                    + trick_svg(trick.plays, trick.leader, record.trump, winner=trick.winner, names=names)
                )
        known = now
    team = [names[s] for s in record.declarers]
    others = [names[s] for s in range(players) if s not in record.declarers]
    parts.append(
        f"<p>At the end: {escape(' and '.join(team))} against {escape(', '.join(others))}. The attackers took "
        f"{record.score.total} points (RULES §9, §11).</p>"
    )
    return HTML(f'<div class="sjt-story">{"".join(parts)}</div>')
