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

from ..engine.cards import (
    RANKS,
    SUIT_NAMES,
    Card,
    CardsLike,
    and_all,
    as_cards,
    either,
    format_cards,
    listed,
    sentence_case,
)
from ..engine.declaring import Declaration, chao_strength, hopeless_hand, judge_overturn, possible_overturns
from ..engine.rules import Partnership, RuleSet
from ..engine.scoring import hooked_back_to, level_after, level_change, red_five_points
from ..engine.seats import seat_label, seat_name
from ..engine.tricks import trick_winner
from ..engine.trump import Trump
from ..engine.units import UnitKind, lead_format
from ..i18n import N_, t, te, th, tn
from ..play.bots import HeuristicBot
from ..play.game import play_round
from ..play.record import RoundRecord
from ..play.round import friends_revealed
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

_DECK_NAMES = {
    1: N_("one deck (打百分 dǎ bǎifēn, 四十分 sìshí fēn)"),
    2: N_("two decks (the house rule)"),
    3: N_("three decks"),
}


def _ruled(answer: str) -> str:
    """An answer followed by the rule it rests on: "10 (RULES §11)."."""
    # TRANSLATORS: {answer} is the answer to a question (a rank, some cards, "Yes"): the rule follows it.
    return t("{answer} (RULES §11).", answer=answer)


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
        name = escape(t(_DECK_NAMES[decks]))
        rows.append(
            f"<tr><th scope='row'>{name}</th><td>{54 * decks}</td>"
            f"<td>{rules.total_points}</td><td>{rules.kitty}</td><td>{rules.hand_size}</td>"
            f"<td>0–{one - 5}</td><td>{over}</td></tr>"
        )
    columns = (
        t("Decks"),
        t("Cards"),
        t("Points"),
        t("Kitty"),
        t("Each hand"),
        t("Declarers go up 2 or 3 with"),
        t("Attackers take over from"),
    )
    head = "<tr>" + "".join(f"<th scope='col'>{escape(c)}</th>" for c in columns) + "</tr>"
    said = tn(
        "{n} player: what changes with the number of decks (RULES §1, §9)",
        "{n} players: what changes with the number of decks (RULES §1, §9)",
        players,
    )
    caption = f"<caption>{escape(said)}</caption>"
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
            return False, t(
                "{error}. A triple is three cards of one suit and rank (RULES §4).", error=str(e).rstrip(".")
            )
        if len(fmt.units) == 1 and fmt.units[0].kind == UnitKind.TRIPLE:
            return True, t(
                "{cards} is a triple: with three decks every card has three copies, and three identical cards make "
                "one unit: a higher triple of the suit beats it, or a trump triple from a player out of the suit "
                "(RULES §4, §7).",
                cards=format_cards(picked),
            )
        return False, t(
            # TRANSLATORS: {units} is what the cards make, in words: "a pair and a single of hearts".
            "{cards} is {units}: a triple is three identical cards, the same rank and the same suit (RULES §4).",
            cards=format_cards(picked),
            units=units_in_words(picked, trump, rules),
        )

    example = [triples[0]] * 3
    return pick(
        prompt,
        cards,
        judge,
        t("{cards}: three identical cards (RULES §4).", cards=format_cards(example)),
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
    named = listed(list(rules.mandatory_levels), last=False)
    choices = list(dict.fromkeys([RANKS[start], RANKS[min(start + 1, 12)], right, RANKS[min(plain, 12)]]))
    choices.sort(key=RANKS.index)
    verdicts = {choice: _rise_verdict(choice, level, rise, right, plain, named) for choice in choices}
    prompt = tn(
        "Mandatory levels: {named}. Your team played {level} as declarers and goes up {n} level. Which rank does it "
        "play next?",
        "Mandatory levels: {named}. Your team played {level} as declarers and goes up {n} levels. Which rank does it "
        "play next?",
        rise,
        named=named,
        level=level,
    )
    hint = t("Count the ranks up from your level, and stop on a mandatory one you have not played yet.")
    return choose(prompt, verdicts, _ruled(right), hint=hint)


def _rise_verdict(choice: str, level: str, rise: int, right: str, plain: int, named: str) -> tuple[bool, str]:
    """The verdict on ``choice`` as the rank a side plays after going up ``rise`` from ``level``: ``right`` with the
    mandatory levels ``named``, ``plain`` (a place in ``RANKS``) without them (RULES §11)."""
    k, after = RANKS.index(choice), RANKS.index(right)
    if k == after and after != plain:
        return True, t(
            "Right: {right}. Without the rule the team would go from {level} to {plain}; {right} is "
            "mandatory, so the rise stops on it, and the team must play {right} as declarers before it may "
            "pass it (RULES §11).",
            right=right,
            level=level,
            plain=RANKS[min(plain, 12)],
        )
    if k == after:
        return True, t(
            "Right: {right}. The rise passes no mandatory level ({named}) (RULES §11).", right=right, named=named
        )
    if k == plain:
        return False, t(
            "{choice} is where a rise of {rise} from {level} ends without the rule; {right} is mandatory, so "
            "the rise stops on it (RULES §11).",
            choice=choice,
            rise=rise,
            level=level,
            right=right,
        )
    if k == _rank(level):
        return False, t(
            "The side stays at {level} only when it does not go up; it goes up {rise}, and has already "
            "played {level} (RULES §11).",
            level=level,
            rise=rise,
        )
    return False, t(
        "A rise stops only on a mandatory level ({named}); {choice} is not one (RULES §11).",
        named=named,
        choice=choice,
    )


def _level_name(level: int) -> str:
    return t("past A: the match is won") if level >= len(RANKS) else RANKS[level]


def mandatory_table(mandatory: Sequence[str], cases: Sequence[tuple[str, int]]) -> HTML:
    """Rises with and without ``mandatory`` levels, side by side: (level played, rise) per row (RULES §11)."""
    rules = RuleSet(mandatory_levels=tuple(mandatory))
    rows = []
    for level, rise in cases:
        start = _rank(level)
        plain, after = level_after(start, rise), level_after(start, rise, {start}, rules)
        note = t("stops on a mandatory level") if after != plain else t("passes no mandatory level")
        rows.append(
            f"<tr><td>{level}</td><td>+{rise}</td><td>{escape(_level_name(plain))}</td>"
            f"<td>{escape(_level_name(after))}</td><td>{escape(note)}</td></tr>"
        )
    columns = (
        t("Played"),
        t("Rise"),
        t("Without the rule"),
        # TRANSLATORS: the column of the rises with these mandatory levels: "Mandatory 5, 10, K".
        t("Mandatory {levels}", levels=listed(list(rules.mandatory_levels), last=False)),
        t("Why"),
    )
    head = "<tr>" + "".join(f"<th scope='col'>{escape(c)}</th>" for c in columns) + "</tr>"
    return HTML(f'<table class="sjt-table">{head}{"".join(rows)}</table>')


# -- hook and needle (RULES §11) ------------------------------------------------------------------------

_HOOK_NAMES = {"J": N_("the hook (勾 gōu)"), "A": N_("the needle (针 zhēn)")}
"""The rule's name at each rank it plays at."""

_HOOK_WORDS = {
    "J": {
        "back": N_(
            "The attackers won the last trick with a play holding a J: the hook (勾 gōu) sends the declarers' level "
            "back to {level}, on top of the round's usual result (RULES §11)."
        ),
        "declarers": N_(
            "The declarers won the last trick themselves. The hook (勾 gōu) needs the attackers to win the last trick "
            "with a J in their play (RULES §11)."
        ),
        "none": N_(
            "{cards} holds no J. The hook (勾 gōu) needs the attackers to win the last trick with a J in their play "
            "(RULES §11)."
        ),
        "hint": N_("Two things matter: who won the last trick, and whether their play holds a J."),
    },
    "A": {
        "back": N_(
            "The attackers won the last trick with a play holding an A: the needle (针 zhēn) sends the declarers' "
            "level back to {level}, on top of the round's usual result (RULES §11)."
        ),
        "declarers": N_(
            "The declarers won the last trick themselves. The needle (针 zhēn) needs the attackers to win the last "
            "trick with an A in their play (RULES §11)."
        ),
        "none": N_(
            "{cards} holds no A. The needle (针 zhēn) needs the attackers to win the last trick with an A in their "
            "play (RULES §11)."
        ),
        "hint": N_("Two things matter: who won the last trick, and whether their play holds an A."),
    },
}
"""What ``hook_question`` says at each rank: why the declarers drop back (``back``), or why not (the declarers won
the trick; the winning play holds no card of the rank), and its hint."""

_HOOKED = {"2": N_("Back to 2, on top of the usual result"), "J": N_("Back to J, on top of the usual result")}
"""The choice that says the declarers drop back, by the rank they drop to (an answer: its button reads it in the
learner's language)."""
USUAL = N_("Only the usual result")
"""The choice that says nothing more happens."""

_HOOK_PROMPTS = {
    "attackers": N_(
        "Hook and needle is on; the trump rank is {rank}. The attackers win the last trick with {cards}. What "
        "happens to the declarers' level?"
    ),
    "declarers": N_(
        "Hook and needle is on; the trump rank is {rank}. The declarers win the last trick with {cards}. What "
        "happens to the declarers' level?"
    ),
}


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
    words = _HOOK_WORDS[rank]
    if back is not None:
        why_right = t(words["back"], level=back)
        # TRANSLATORS: {why} is the whole explanation that follows.
        why_wrong = t("Not this time. {why}", why=why_right)
    elif winners == "declarers":
        why_right = t(words["declarers"])
        # TRANSLATORS: {why} is the whole explanation that follows.
        why_wrong = t("No. {why}", why=why_right)
    else:
        why_right = t(words["none"], cards=format_cards(cards))
        why_wrong = t("No. {why}", why=why_right)
    hooked, usual = _HOOKED[drop], USUAL
    verdicts = {
        hooked: (back is not None, why_right if back is not None else why_wrong),
        usual: (back is None, why_right if back is None else why_wrong),
    }
    return choose(
        t(_HOOK_PROMPTS[winners], rank=rank, cards=format_cards(cards)),
        verdicts,
        # TRANSLATORS: {answer} is the right choice ("Only the usual result"), {why} the explanation.
        t("{answer}. {why}", answer=t(hooked) if back else t(usual), why=why_right),
        picture=hand_svg(cards, trump),
        hint=t(words["hint"]),
    )


_HOOK_LINES = {
    "back": N_("Trump rank {rank}, the attackers win the last trick with {cards}: **back to {level}**."),
    "attackers": N_("Trump rank {rank}, the attackers win the last trick with {cards}: **the usual result**."),
    "declarers": N_("Trump rank {rank}, the declarers win the last trick with {cards}: **the usual result**."),
}


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
        line = _HOOK_LINES["back"] if back else _HOOK_LINES[winners]
        lines.append("- " + t(line, rank=rank, cards=format_cards(as_cards(play, "play")), level=back))
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
            return False, t("Pick one card: the single highest trump.")
        card = picked[0]
        if trump.key(card) == trump.key(best):
            if card in trump_fives(trump):
                return True, t(
                    "{card} is the highest trump here, higher even than the big joker (RULES §11).",
                    card=format_cards([card]),
                )
            return True, t("{card} is the highest trump here (RULES §11).", card=format_cards([card]))
        return (
            False,
            t(
                "{card} is not the highest: {best} ranks above it (RULES §3, §11).",
                card=format_cards([card]),
                best=format_cards([best]),
            ),
        )

    return pick(
        prompt,
        cards,
        judge,
        t("{card}: the highest trump under these rules (RULES §11).", card=format_cards([best])),
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
        (_RED_FIVE_TRICKS[0], True, N_("A declarer leads 5♥, the top trump, and wins the trick with it")),
        (
            _RED_FIVE_TRICKS[1],
            False,
            N_(
                "An attacker leads a pair of small jokers; a declarer with no trump pair must follow with 5♥ 3♣; "
                "the jokers win"
            ),
        ),
        (
            _RED_FIVE_TRICKS[1],
            True,
            N_(
                "A declarer leads a pair of small jokers; an attacker with no trump pair must follow with 5♥ 3♣; "
                "the jokers win"
            ),
        ),
    ):
        _, _, penalty = _red_five_trick(plays, declarer_leads)
        if penalty == 0:
            verdict = t("no penalty")
        elif penalty > 0:
            verdict = tn("{n} added to the attackers' total", "{n} added to the attackers' total", penalty)
        else:
            verdict = tn("{n} taken off the attackers' total", "{n} taken off the attackers' total", -penalty)
        # TRANSLATORS: {story} tells a trick; {verdict} (in bold) is what the red five's penalty does to the score.
        line = th("{story}: {verdict}.", story=escape(t(story)), verdict=f"<strong>{escape(verdict)}</strong>")
        lines.append(f"<li>{line}</li>")
    return HTML(f'<ul class="sjt-story">{"".join(lines)}</ul>')


def red_five_penalty_question() -> StepQuestion:
    """The attackers win a trick holding the declarers' 5♥: by how much does it change the attackers' total? The
    trick's points plus the penalty, from ``trick_winner`` and ``red_five_points`` (RULES §2, §11)."""
    plays = _RED_FIVE_TRICKS[1]
    winner, pts, penalty = _red_five_trick(plays, declarer_leads=False)
    assert winner == 0
    assert penalty > 0
    total = pts + penalty
    attacker, declarer = t("Attacker"), t("Declarer")
    return number(
        t(
            "Red five table (5♥), trump rank 7, clubs trump. An attacker leads the small jokers as a pair; a "
            "declarer, with no trump pair, must follow with 5♥ 3♣; the others discard. The attackers win the trick. "
            "By how many points does it raise the attackers' total?"
        ),
        total,
        lambda n: _penalty_said(n, pts, penalty),
        t(
            "{total}: {pts} card points and the {penalty}-point penalty (RULES §11).",
            total=total,
            pts=pts,
            penalty=penalty,
        ),
        picture=trick_svg(plays, 0, _RED_FIVE_TRUMP, winner=0, names=[attacker, declarer, attacker, declarer]),
        hint=t("Two things count: the points of the cards in the trick, and what losing a red five costs."),
    )


def _penalty_said(n: int, pts: int, penalty: int) -> str:
    """What the answer ``n`` is told when a red five is lost in a trick of ``pts`` card points: right with both,
    the points alone, the penalty alone, or neither (RULES §2, §11)."""
    total = pts + penalty
    if n == total:
        return t(
            "Right: the attackers take the trick's {pts} points, and the declarers pay {penalty} for losing their "
            "red five: {pts} + {penalty} = {total} (RULES §11).",
            pts=pts,
            penalty=penalty,
            total=total,
        )
    if n == pts:
        return t(
            "{pts} counts only the card points. The red five is no ordinary 5 at this table: losing it costs its "
            "team {penalty} more (RULES §11).",
            pts=pts,
            penalty=penalty,
        )
    if n == penalty:
        return t(
            "{penalty} is only the penalty: the trick's {pts} card points count too (RULES §2, §11).",
            penalty=penalty,
            pts=pts,
        )
    return t(
        "Count the trick's card points (5♥ is worth 5), then add the red-five penalty of {penalty} (RULES §11).",
        penalty=penalty,
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
        return bool(verdict), sentence_case(reason) + ("" if reason.endswith((".", "。")) else ".")

    strongest = max(good, key=lambda p: chao_strength(Declaration.of(2, p)))
    return pick(
        prompt,
        cards,
        judge,
        _ruled(either([format_cards(p) for p in good])),
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
        steps.append(
            t(
                "{seat} declared with {cards} during the deal.",
                seat=seat_label(decl.seat),
                cards=format_cards(decl.cards),
            )
        )
    dealer = seat_label(record.dealer)
    steps.append(
        tn(
            "{seat} picked up the kitty and buried {n} card.",
            "{seat} picked up the kitty and buried {n} cards.",
            rules.kitty,
            seat=dealer,
        )
    )
    steps += _overturns_said(record, rules.kitty)
    steps.append(
        t(
            "Everyone else passed. {dealer} still leads the first trick, and the declarers are still {declarers}.",
            dealer=dealer,
            declarers=and_all([seat_label(s) for s in record.declarers]),
        )
    )
    items = "".join(f"<li>{escape(s)}</li>" for s in steps)
    last = record.overturns[-1]
    label = te("The pair that overturned:")
    return HTML(
        f'<div class="sjt-story"><ol>{items}</ol><div class="sjt-group-label">{label}</div>'
        f"{hand_svg(last.cards, record.trump)}</div>"
    )


def _overturns_said(record: RoundRecord, kitty: int) -> list[str]:
    """Each pair that overturned the trump in ``record``, in words: who, with what, and the trump it made (RULES
    §11)."""
    steps = []
    for over in record.overturns:
        seat, cards = seat_label(over.seat), format_cards(over.cards)
        if over.suit is None:
            steps.append(
                tn(
                    "{seat} overturned with {cards}: there is no trump suit now (jokers). They took the kitty up and "
                    "buried {n} card of their own.",
                    "{seat} overturned with {cards}: there is no trump suit now (jokers). They took the kitty up and "
                    "buried {n} cards of their own.",
                    kitty,
                    seat=seat,
                    cards=cards,
                )
            )
        else:
            steps.append(
                tn(
                    "{seat} overturned with {cards}: {suit} are trump now. They took the kitty up and buried {n} card "
                    "of their own.",
                    "{seat} overturned with {cards}: {suit} are trump now. They took the kitty up and buried {n} cards "
                    "of their own.",
                    kitty,
                    seat=seat,
                    cards=cards,
                    suit=t(SUIT_NAMES[over.suit]),
                )
            )
    return steps


def _first_round(rules: RuleSet, seed: int, wanted: Callable[[RoundRecord], bool]) -> RoundRecord:
    """The first round from ``seed`` on, played by heuristic bots, for which ``wanted(record)`` is true."""
    for s in range(seed, seed + 200):
        record = play_round(rules, seed=s, bots=[HeuristicBot() for _ in range(rules.players)], dealer=0)
        if wanted(record):
            return record
    raise ValueError(f"no round from seed {seed} on shows what the lesson needs")


# -- redeal on a hopeless hand (RULES §11) -----------------------------------------------------------------

_REDEAL_WORDS = {
    "no-trump": {
        "prompt": N_(
            "This table redeals a hand with no trump. The trump is {trump}. May you show this hand and ask for a "
            "redeal?"
        ),
        "yes": N_(
            "Yes, it may: the hand has no joker, no card of the trump rank and no card of the trump suit (RULES §11)."
        ),
        "no": N_(
            "It may be shown: it has no joker, no card of the trump rank and no card of the trump suit, and this "
            "table redeals such a hand (RULES §11)."
        ),
        "hint": N_("Look at every card: is any of them a trump?"),
    },
    "no-points": {
        "prompt": N_(
            "This table redeals a hand with no point card. The trump is {trump}. May you show this hand and ask for "
            "a redeal?"
        ),
        "yes": N_("Yes, it may: the hand has no 5, no 10 and no king (RULES §11)."),
        "no": N_("It may be shown: it has no 5, no 10 and no king, and this table redeals such a hand (RULES §11)."),
        "hint": N_("Look at every card: is any of them a point card?"),
    },
}
"""What ``redeal_question`` says under each redeal rule: its prompt, its verdicts on a hopeless hand (``yes``: the
right answer's, ``no``: the wrong one's) and its hint."""

SHOW_IT, PLAY_IT = N_("Yes, show it"), N_("No, play it")
"""The choices of ``redeal_question`` (answers: their buttons read them in the learner's language)."""


def redeal_question(hand: CardsLike, trump: Trump, redeal: str) -> StepQuestion:
    """May this hand be shown to force a redeal under ``redeal`` ("no-trump" or "no-points")? The engine's
    ``hopeless_hand`` decides (RULES §11)."""
    rules = RuleSet(redeal=redeal)
    cards = as_cards(hand, "the hand")
    may = hopeless_hand(cards, trump, rules)
    words = _REDEAL_WORDS["no-trump" if redeal == "no-trump" else "no-points"]
    spoilers = [c for c in cards if (trump.is_trump(c) if redeal == "no-trump" else c.points)]
    if may:
        yes, no = t(words["yes"]), t(words["no"])
    else:
        # TRANSLATORS: what separates the reasons of a list ("7♥ is a trump…; 2♦ is a trump…").
        why = t("; ").join(_spoiler_words(c, trump, redeal) for c in spoilers)
        # TRANSLATORS: {why} is why the hand is not hopeless: "2♦ is a trump, since it has the trump rank, 2 (RULES §3)".
        yes = t("No: {why}. A hand with even one may not be shown (RULES §11).", why=why)
        no = t("Right: {why}, so the hand is not hopeless (RULES §11).", why=why)
    return choose(
        t(words["prompt"], trump=trump.describe()),
        {SHOW_IT: (may, yes), PLAY_IT: (not may, no)},
        t("Yes (RULES §11).") if may else t("No (RULES §11)."),
        picture=hand_svg(cards, None),
        hint=t(words["hint"]),
    )


def _spoiler_words(card: Card, trump: Trump, redeal: str) -> str:
    """Why ``card`` keeps a hand from being hopeless, naming the rule: a trump and which kind, or a point card."""
    shown = format_cards([card])
    if redeal == "no-points":
        return t("{card} is a point card, worth {points} (RULES §2)", card=shown, points=card.points)
    if card.is_joker:
        return t("{card} is a trump, as every joker is (RULES §3)", card=shown)
    if card.rank == trump.rank:
        return t("{card} is a trump, since it has the trump rank, {rank} (RULES §3)", card=shown, rank=trump.rank)
    if card in trump_fives(trump):
        return t("{card} is a trump, the red five (RULES §11)", card=shown)
    return t("{card} is a trump, of the trump suit (RULES §3)", card=shown)


# -- Finding Friends (找朋友 zhǎo péngyou, RULES §11) --------------------------------------------------------

NOBODY_YET = N_("Nobody yet")
"""The choice of ``friend_question`` that says no friend has shown themselves so far (an answer, in English: its
button reads it in the learner's language)."""

_SEAT_CHOICES = (N_("Seat 1"), N_("Seat 2"), N_("Seat 3"), N_("Seat 4"), N_("Seat 5"), N_("Seat 6"))
"""The seats of a table of five or six as ``friend_question``'s choices name them (answers, in English), marked for
the catalogs so that their buttons read them in the learner's language."""

_CALLS = {1: N_("the first {card}"), 2: N_("the second {card}"), 3: N_("the third {card}")}
"""A call in words by its ordinal: "the second A♥" (three decks at most)."""

_NOT_THAT_ONE = {
    1: N_("{seat} played a copy of the called card, but not the first one: {rule}."),
    2: N_("{seat} played a copy of the called card, but not the second one: {rule}."),
    3: N_("{seat} played a copy of the called card, but not the third one: {rule}."),
}


def _call_words(calls: Sequence[tuple[Card, int]]) -> str:
    """The dealer's calls in words, in the language read now: "the second A♥ and the first big joker"."""
    return and_all([t(_CALLS[o], card=c.name() if c.is_joker else c.symbol()) for c, o in calls])


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
    verdicts, right, rule = _friend_verdicts(players, dealer, called, plays, holder)
    dealer_name = seat_label(dealer, players)
    prompt = tn(
        "{n} player, Finding Friends. {dealer} deals and calls {calls}. {story} Who is {dealer}'s friend now?",
        "{n} players, Finding Friends. {dealer} deals and calls {calls}. {story} Who is {dealer}'s friend now?",
        players,
        dealer=dealer_name,
        calls=_call_words(called),
        story=story,
    )
    return choose(
        prompt,
        verdicts,
        # TRANSLATORS: {friends} is the answer (seats, or "Nobody yet"), {rule} the rule it rests on.
        t("{friends}: {rule}.", friends=right, rule=rule),
        hint=hint or t("Count the copies of the called card in the order they were played."),
    )


def _friend_verdicts(
    players: int, dealer: int, calls: list[tuple[Card, int]], plays: Sequence[tuple[int, CardsLike]], holder: int | None
) -> tuple[dict[str, tuple[bool, str]], str, str]:
    """Each choice's verdict once ``plays`` are played (``friends_revealed`` decides), the right answer in words
    and the rule that ends each verdict."""
    friends = friends_revealed(dealer, calls, plays)
    dealer_name = seat_label(dealer, players)
    right = listed([seat_label(s, players) for s in friends], last=False) if friends else t(NOBODY_YET)
    played = {seat for seat, cards in plays if any(c in dict(calls) for c in as_cards(cards, "a play"))}
    verdicts: dict[str, tuple[bool, str]] = {}
    calls_said = _call_words(calls)
    # TRANSLATORS: the rule that ends each verdict; {calls} is the dealer's call: "the second A♥".
    rule = t("the friend is the player of {calls}, from the moment they play it (RULES §11)", calls=calls_said)
    for seat in [s for s in range(players) if s != dealer]:
        name = seat_label(seat, players)
        if seat in friends:
            why = t(
                "Right: {seat} played the called copy and joined {dealer}: {rule}.",
                seat=name,
                dealer=dealer_name,
                rule=rule,
            )
        elif seat == holder:
            why = t(
                "{seat} holds the called card but has not played it: holding is not playing, and {rule}.",
                seat=name,
                rule=rule,
            )
        elif seat in played:
            why = t(_NOT_THAT_ONE[calls[0][1]], seat=name, rule=rule)
        else:
            why = t("{seat} has not played the called copy: {rule}.", seat=name, rule=rule)
        verdicts[seat_name(seat, players)] = (seat in friends, why)
    nobody = t(
        "Right: nobody has played {calls} yet, so the teams are still hidden: {rule}.", calls=calls_said, rule=rule
    )
    someone = t("Someone has: {friends} played the called copy, and {rule}.", friends=right, rule=rule)
    verdicts[NOBODY_YET] = (not friends, someone if friends else nobody)
    return verdicts, right, rule


def friends_story(seed: int = 0, players: int = 5) -> HTML:
    """A real Finding Friends round of ``players`` heuristic bots: the dealer's call, the trick in which each friend
    showed themselves by playing the called copy, and the teams at the end (RULES §11)."""
    rules = RuleSet(players=players, partnership=Partnership.FRIENDS)
    record = _first_round(rules, seed, lambda r: bool(r.calls) and len(r.declarers) > 1)
    calls = list(record.calls)
    names = [seat_label(s, players) for s in range(players)]
    dealer = names[record.dealer]
    said = te("{dealer} deals, buries the kitty and calls {calls}.", dealer=dealer, calls=_call_words(calls))
    parts = [f"<p>{said}</p>"]
    seen: list[tuple[int, tuple[Card, ...]]] = []
    known: tuple[int, ...] = ()
    for n, trick in enumerate(record.tricks, 1):
        seats = [(trick.leader + k) % players for k in range(players)]
        for seat, play in zip(seats, trick.plays, strict=True):
            seen.append((seat, tuple(play)))
        now = friends_revealed(record.dealer, calls, seen)
        for friend in now:
            if friend not in known:
                shown = th(
                    "Trick {number}: {seat} plays the called copy and is {dealer}'s friend from this moment on. Until "
                    "then the teams were hidden.",
                    number=n,
                    seat=escape(names[friend]),
                    dealer=escape(dealer),
                )
                parts.append(
                    f"<p>{shown}</p>"
                    + trick_svg(trick.plays, trick.leader, record.trump, winner=trick.winner, names=names)
                )
        known = now
    team = [names[s] for s in record.declarers]
    others = [names[s] for s in range(players) if s not in record.declarers]
    end = tn(
        "At the end: {team} against {others}. The attackers took {n} point (RULES §9, §11).",
        "At the end: {team} against {others}. The attackers took {n} points (RULES §9, §11).",
        record.score.total,
        team=and_all(team),
        others=listed(others, last=False),
    )
    parts.append(f"<p>{escape(end)}</p>")
    return HTML(f'<div class="sjt-story">{"".join(parts)}</div>')
