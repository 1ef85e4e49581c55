"""Questions a lesson asks before it explains, each graded by the rules engine.

As on lichess's Learn pages, the first demo of each idea is a small task: "select
the pair in this hand", "who wins this trick?", "how many points?". A ``Question``
is a plain value (no widget), a ``StepQuestion``: its prompt, how it is answered
(``kind``, one of the answer kinds every question shares — cards picked from a
hand, one of a few ``choices``, a whole number …), what the learner sees, and
``grade(answer) -> Grade`` — the one grading path of every question, puzzles too
(``engine.grading.Question``). A wrong answer's grade says what is wrong
with *that* answer and names the rule, without giving the solution away; the
solution, in words, is kept for a learner who asks for it. ``steps.Step`` shows a
question on the page and the lesson's explanation once it is answered.

The constructors below build the questions about cards, tricks and throws;
``round_questions`` has those about a whole round (dealing, scoring, declaring).

>>> from shengji_tutor import Trump
>>> from shengji_tutor.course.questions import pick_pair, who_wins
>>> q = who_wins(["8H 8H", "AH KH", "3H 3H", "9H 9H"], Trump("7", "C"))
>>> q.grade("East").correct, q.grade("West").explanation
(True, 'West plays A♥ K♥: that is not a pair, so it cannot beat the lead. Two singles never beat a pair (RULES §7).')
>>> print(pick_pair("QS QD 7S 7H QS", Trump("7", "C")).grade(["7S", "7H"]).explanation)
7♠ 7♥ have the same rank but different suits, equal in strength here: two singles, not a pair (RULES §4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine.cards import Card, CardsLike, as_cards, either, format_cards, listed, points
from ..engine.errors import IllegalLeadError
from ..engine.follow import legal_follow, wrong_size
from ..engine.grading import ANSWER_KINDS, AnswerError, AnswerKind, Question, Solution, fixed_choices
from ..engine.plays import legal_plays
from ..engine.rules import RuleSet
from ..engine.scoring import points_counted, points_miscounted
from ..engine.seats import SEATS
from ..engine.tractors import tractor_reason
from ..engine.tricks import ThrowCheck, check_throw, explain_trick
from ..engine.trump import Trump
from ..engine.units import Unit, is_tractor, lead_format, shape_noun
from ..i18n import DEFAULT, N_, language, t, te, tn
from ..ui.render import hand_svg, trick_svg

__all__ = [
    "NOBODY",
    "StepQuestion",
    "choose",
    "count_points",
    "lead_verdict",
    "next_leader",
    "number",
    "pick",
    "pick_follow",
    "pick_pair",
    "pick_suit",
    "pick_throw",
    "pick_tractor",
    "pick_trumps",
    "seat_word",
    "seats_from",
    "throw_question",
    "units_in_words",
    "who_wins",
]

NOBODY = N_("Nobody: it is safe")
"""The choice of ``throw_question(ask="blocker")`` that says no player can stop the throw (the answer, in English;
its button reads it in the learner's language)."""

_SEAT_WORDS = (N_("North"), N_("West"), N_("South"), N_("East"))
"""The seats' names (``engine.seats.SEATS``), marked for the catalogs: the answers stay English, the words are read
in the learner's language (``seat_word``)."""


def seat_word(name: str) -> str:
    """A seat's name (``"North"``, as ``SEATS`` and the answers spell it) in the language read now."""
    return t(name)


@dataclass(frozen=True, eq=False)
class StepQuestion(Question):
    """One task a lesson's step sets, graded by the engine.

    ``kind`` is its answer kind (``engine.grading.ANSWER_KINDS``): ``"cards"`` (pick
    cards from ``hand``; ``count`` of them, 0 for any number), ``"order"`` (every card
    of ``hand``, highest first), ``"choice"`` (one of ``choices``), ``"number"`` (a
    whole number), ``"seat"`` or ``"yesno"``.
    ``judged(given)`` is the engine's ``(right, why)`` on a canonical answer.
    ``picture`` is SVG drawn above the answer (a trick, some cards); ``trump`` is the
    trump the hand is drawn with (None draws it without trump marks, when they would
    give the answer away). ``solution`` is the answer in words, shown only when the
    learner asks; ``hint`` a nudge shown after a wrong answer.
    """

    prompt: str
    kind: AnswerKind
    judged: Callable[[str], tuple[bool, str]]
    solution: str
    picture: str = ""
    hand: tuple[Card, ...] = ()
    trump: Trump | None = None
    count: int = 0
    choices: tuple[str, ...] = ()  # a field where the base has a property
    hint: str = ""
    example: Solution | None = None
    """One right answer, as a learner gives it (worked out by the engine): "Show me" picks it, tests check it."""

    def __post_init__(self) -> None:
        if self.kind not in ANSWER_KINDS:
            raise ValueError(f"a question is answered in one of {', '.join(ANSWER_KINDS)}, not {self.kind!r}")
        if self.kind in (AnswerKind.CARDS, AnswerKind.ORDER) and not self.hand:
            raise ValueError("a question answered with cards needs a hand to pick them from")
        if self.kind == AnswerKind.CHOICE and len(self.choices) < 2:
            raise ValueError("a choice needs at least two choices")
        if not self.choices and self.kind in (AnswerKind.SEAT, AnswerKind.YESNO):
            object.__setattr__(self, "choices", fixed_choices(self.kind))
        if self.example is None:
            raise ValueError("a question needs one right answer, worked out by the engine")

    @property
    def answer_kind(self) -> AnswerKind:
        return self.kind

    def solve(self) -> Solution:
        assert self.example is not None
        return self.example

    def judge(self, given: str) -> tuple[bool, str]:
        return self.judged(given)

    def solution_text(self) -> str:
        return self.solution


# -- the three kinds ------------------------------------------------------------------------------


def pick(
    prompt: str,
    hand: CardsLike,
    judge: Callable[[list[Card]], tuple[bool, str]],
    solution: str,
    *,
    example: Sequence[Card],
    count: int = 0,
    trump: Trump | None = None,
    picture: str = "",
    hint: str = "",
) -> StepQuestion:
    """Pick cards from ``hand``; ``judge(picked) -> (right, why)`` decides (it must ask the engine)."""
    cards = tuple(as_cards(hand, "the hand"))

    def judged(given: str) -> tuple[bool, str]:
        picked = as_cards(given, "your pick")
        if Counter(picked) - Counter(cards):
            raise AnswerError(t("{cards} is not in the hand shown.", cards=format_cards(picked)))
        if not picked:
            raise AnswerError(t("Pick some cards first."))
        return judge(picked)

    return StepQuestion(
        prompt, AnswerKind.CARDS, judged, solution, picture, cards, trump, count, hint=hint, example=list(example)
    )


def choose(
    prompt: str, verdicts: dict[str, tuple[bool, str]], solution: str, *, picture: str = "", hint: str = ""
) -> StepQuestion:
    """One of a few choices; ``verdicts`` gives each choice's (right, why), worked out by the engine beforehand."""
    if not any(right for right, _ in verdicts.values()):
        raise ValueError(f"none of the choices is right: {', '.join(verdicts)}")
    example = next(choice for choice, (right, _) in verdicts.items() if right)
    return StepQuestion(
        prompt,
        AnswerKind.CHOICE,
        verdicts.__getitem__,
        solution,
        picture,
        choices=tuple(verdicts),
        hint=hint,
        example=example,
    )


def number(
    prompt: str, right: int, judge: Callable[[int], str], solution: str, *, picture: str = "", hint: str = ""
) -> StepQuestion:
    """A whole number: ``right`` (from the engine) is correct; ``judge(n)`` says what is wrong with another ``n``,
    or why ``right`` is right."""

    def judged(given: str) -> tuple[bool, str]:
        return int(given) == right, judge(int(given))

    return StepQuestion(prompt, AnswerKind.NUMBER, judged, solution, picture, hint=hint, example=right)


# -- words for groups of cards (never naming a throw: lesson 7 teaches them) -----------------------

_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

_SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "trump": N_("trumps")}
"""An effective suit's name, as a group of cards of it is named ("trumps", "hearts")."""
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "trump": N_("trump")}
"""An effective suit's name as ``Trump.suit_name`` says it ("trump", "hearts")."""
_UNITS_OF = {
    # TRANSLATORS: {units} is a list of units of cards in words ("a pair", "two pairs and a single"): the cards of
    # one suit, named as a lesson names them ("a pair of spades", "two singles of trumps").
    "S": N_("{units} of spades"),
    "H": N_("{units} of hearts"),
    "D": N_("{units} of diamonds"),
    "C": N_("{units} of clubs"),
    "trump": N_("{units} of trumps"),
}


def _count(n: int) -> str:
    """How many units a list of units says: in words in English ("a", "two"), in figures in the other languages
    (their messages put the number where their grammar wants it)."""
    return _NUMBERS.get(n, str(n)) if language() == DEFAULT else str(n)


def units_in_words(cards: CardsLike, trump: Trump, rules: RuleSet | None = None) -> str:
    """What a group of cards of one effective suit splits into, as the engine splits a lead (RULES §5), in words:
    "a pair of spades", "two singles of trumps", "two pairs and a single of hearts", "a 2-pair tractor of hearts".

    >>> from shengji_tutor import Trump
    >>> from shengji_tutor.course.questions import units_in_words
    >>> units_in_words("7S 7H", Trump("7", "C")), units_in_words("KD QD QD 10D 10D", Trump("7", "C"))
    ('two singles of trumps', 'two pairs and a single of diamonds')
    """
    fmt = lead_format(cards, trump, rules)
    shapes: dict[str, tuple[Unit, int]] = {}
    for unit in fmt.units:
        first, n = shapes.get(_unit_name(unit), (unit, 0))
        shapes[_unit_name(unit)] = (first, n + 1)
    return t(_UNITS_OF[fmt.suit], units=listed([_units_said(unit, n) for unit, n in shapes.values()]))


def _units_said(unit: Unit, n: int) -> str:
    """``n`` units of ``unit``'s shape, in words: "a pair", "two singles", "a 2-pair tractor"."""
    # TRANSLATORS: {count} is how many units there are: a word in English ("a", "two"), a figure in your language.
    count, length, width = _count(n), unit.length, unit.width
    if length > 1 and width == 2:
        return tn("{count} {length}-pair tractor", "{count} {length}-pair tractors", n, count=count, length=length)
    if length > 1 and width == 3:
        return tn("{count} {length}-triple tractor", "{count} {length}-triple tractors", n, count=count, length=length)
    if length > 1:
        return tn(
            "{count} {length}-{width}-tuple tractor",
            "{count} {length}-{width}-tuple tractors",
            n,
            count=count,
            length=length,
            width=width,
        )
    if width == 1:
        return tn("{count} single", "{count} singles", n, count=count)
    if width == 2:
        return tn("{count} pair", "{count} pairs", n, count=count)
    if width == 3:
        return tn("{count} triple", "{count} triples", n, count=count)
    return tn("{count} {width}-tuple", "{count} {width}-tuples", n, count=count, width=width)


def _unit_name(unit: Unit) -> str:
    """A unit's shape as the questions name it among themselves ("pair", "2-pair tractor"; ``_unit_size`` reads it)."""
    kind = {1: "single", 2: "pair", 3: "triple"}.get(unit.width, f"{unit.width}-tuple")
    return f"{unit.length}-{kind} tractor" if unit.length > 1 else kind


def _unit_text(unit: Unit) -> str:
    """``"pair 10♦ 10♦"``: a unit's name and cards."""
    return f"{shape_noun(unit.length, unit.width)} {format_cards(unit.cards)}"


# -- tricks -----------------------------------------------------------------------------------------


def seats_from(leader: int, count: int = 4) -> list[str]:
    """The seat names of ``count`` plays from ``leader`` on, in play order (counter-clockwise)."""
    return [SEATS[(leader + k) % 4] for k in range(count)]


def who_wins(
    plays: Sequence[CardsLike],
    trump: Trump,
    *,
    leader: int = 0,
    prompt: str | None = None,
    rules: RuleSet | None = None,
    hint: str = "",
) -> StepQuestion:
    """The trick is on the table: name the seat that wins it (RULES §7). A wrong seat is told why its play does not
    win, from the engine's note on that play. ``prompt`` defaults to "Who wins this trick?"."""
    groups = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]
    names = seats_from(leader, len(groups))
    result = explain_trick(groups, trump, rules, names=names)
    verdicts = {
        name: (True, result.reason) if k == result.winner else (False, result.why_not(k, name))
        for k, name in enumerate(names)
    }
    picture = trick_svg(groups, leader, trump)
    said = t("{seat} wins the trick.", seat=seat_word(names[result.winner]))
    asked = t("Who wins this trick?") if prompt is None else prompt
    return choose(asked, verdicts, said, picture=picture, hint=hint)


def next_leader(
    plays: Sequence[CardsLike], trump: Trump, *, leader: int = 0, rules: RuleSet | None = None
) -> StepQuestion:
    """The trick is over: who leads the next one? Its winner, as the engine finds it (RULES §7; the round then
    gives the lead to the winner)."""
    groups = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]
    names = seats_from(leader, len(groups))
    result = explain_trick(groups, trump, rules, names=names)
    winner = names[result.winner]
    verdicts = {}
    for seat in SEATS:
        said = seat_word(seat)
        if seat == winner:
            verdicts[seat] = (
                True,
                t("{reason} The winner of a trick leads the next one: {seat}.", reason=result.reason, seat=said),
            )
        elif seat == names[0]:
            verdicts[seat] = (
                False,
                t(
                    "{seat} led this trick, but the lead does not stay: it goes to the trick's winner (RULES §7 says "
                    "who).",
                    seat=said,
                ),
            )
        else:
            verdicts[seat] = (
                False,
                t("{seat} did not win this trick, and only the winner leads the next one (RULES §7).", seat=said),
            )
    picture = trick_svg(groups, leader, trump, winner=(leader + result.winner) % 4)
    return choose(
        t("The trick is over. Who leads the next one?"),
        verdicts,
        t("{seat}, who won it.", seat=seat_word(winner)),
        picture=picture,
    )


def lead_verdict(cards: CardsLike, trump: Trump, rules: RuleSet | None = None) -> str:
    """Whether ``cards`` may be led together, as the engine says (RULES §5), never naming a throw:
    "9♥ 9♥: a pair of hearts, all one suit (RULES §5)." or the engine's refusal.

    >>> from shengji_tutor import Trump
    >>> from shengji_tutor.course.questions import lead_verdict
    >>> print(lead_verdict("9H 9S", Trump("7", "C")))
    9♥ 9♠ mixes hearts and spades: a lead must be all one suit, or all trump (RULES §5).
    """
    try:
        words = units_in_words(cards, trump, rules)
    except IllegalLeadError as e:
        return str(e).rstrip(".") + "."
    return t("{cards}: {units}, all one suit (RULES §5).", cards=format_cards(cards), units=words)


def count_points(
    cards: CardsLike,
    *,
    prompt: str | None = None,
    trump: Trump | None = None,
    hint: str = "",
) -> StepQuestion:
    """How many points (RULES §2)? A wrong total is told which way it is off, and a 10 counted as 5 is named.
    ``prompt`` defaults to "How many points are these cards worth?"."""
    group = as_cards(cards, "the cards")
    total = points(group)

    def judge(n: int) -> str:
        return points_counted(group) if n == total else points_miscounted(group, n)

    picture = hand_svg(group, trump, sort=False)
    asked = t("How many points are these cards worth?") if prompt is None else prompt
    return number(asked, total, judge, _points_said(total), picture=picture, hint=hint)


def _points_said(total: int) -> str:
    """``"25 points."``: a number of points as an answer."""
    # TRANSLATORS: a number of points, always a multiple of 5 (0, 25, 80 …), said as the answer to a question.
    return t("{total} points.", total=total)


# -- picking from a hand -----------------------------------------------------------------------------


def pick_trumps(hand: CardsLike, trump: Trump, *, prompt: str | None = None, hint: str = "") -> StepQuestion:
    """Select every trump (RULES §3); the hand is drawn without trump marks, which would give the answer away.
    ``prompt`` defaults to "Select every trump in this hand, then press Check."."""
    asked = t("Select every trump in this hand, then press Check.") if prompt is None else prompt
    return pick_suit(hand, trump, "trump", prompt=asked, hint=hint)


def pick_suit(hand: CardsLike, trump: Trump, suit: str, *, prompt: str, hint: str = "") -> StepQuestion:
    """Select every card whose effective suit is ``suit`` ("trump" or a suit letter) (RULES §3)."""
    cards = as_cards(hand, "the hand")
    wanted = [c for c in cards if trump.suit_of(c) == suit]
    what = t(_SUITS[suit])
    if not wanted:
        raise ValueError(f"the hand holds no {_SUITS[suit]}")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        for card in picked:
            now = trump.suit_of(card)
            if now != suit:
                if now == "trump":
                    return False, t(
                        "{card} is not one of the {what} now: it is a trump: {why} (RULES §3).",
                        card=card.symbol(),
                        what=what,
                        why=_why_trump(card, trump),
                    )
                return False, t(
                    "{card} is not one of the {what} now: it is a card of {suit} (RULES §3).",
                    card=card.symbol(),
                    what=what,
                    suit=t(_SUIT_NAMES[now]),
                )
        missing = sum((Counter(wanted) - Counter(picked)).values())
        if missing:
            return False, tn(
                "All you picked are {what}, but the hand holds one more (RULES §3).",
                "All you picked are {what}, but the hand holds {count} more (RULES §3).",
                missing,
                what=what,
                count=_count(missing),
            )
        if suit == "trump":
            # TRANSLATORS: the items of a list of cards, each with why it is trump: "BJ (a joker is always trump); …".
            listing = t("; ").join(
                t("{card} ({why})", card=c.symbol(), why=_why_trump(c, trump)) for c in trump.sorted(wanted)
            )
        else:
            listing = format_cards(trump.sorted(wanted))
        # TRANSLATORS: {what} is "trumps" or a suit ("hearts"); {cards} lists them.
        return True, t("The {what}: {cards} (RULES §3).", what=what, cards=listing)

    solution = t("The {what}: {cards}.", what=what, cards=format_cards(trump.sorted(wanted)))
    return pick(prompt, cards, judge, solution, example=wanted, hint=hint)


def _why_trump(card: Card, trump: Trump) -> str:
    """Why ``card`` is a trump (RULES §3): a joker, the trump rank, or the trump suit."""
    if card.is_joker:
        return t("a joker is always trump")
    if card.rank == trump.rank:
        return t("every {rank} is trump at rank {rank}", rank=trump.rank)
    return t("{suit} are trump", suit=t(_SUITS[trump.suit])) if trump.suit else t("it is trump")


def pick_pair(hand: CardsLike, trump: Trump, *, prompt: str | None = None, hint: str = "") -> StepQuestion:
    """Select a pair: two identical cards (RULES §4). A look-alike is told why it is not one. ``prompt`` defaults
    to "Select the pair in this hand, then press Check."."""
    cards = as_cards(hand, "the hand")
    pairs = [c for c, n in Counter(cards).items() if n >= 2]
    if not pairs:
        raise ValueError("the hand holds no pair")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        shown = format_cards(picked)
        if len(picked) != 2:
            # TRANSLATORS: {count} is how many cards the learner picked (not 2).
            return False, t("A pair is two cards; you picked {count} (RULES §4).", count=len(picked))
        first, second = picked
        if first is second:
            return True, t(
                "{cards}: two identical cards, same rank and same suit — a pair (对子 duìzi) (RULES §4).", cards=shown
            )
        equal = trump.same_order(picked)
        if first.rank == second.rank and not first.is_joker:
            if equal:
                return False, t(
                    "{cards} have the same rank but different suits, equal in strength here: two singles, not a "
                    "pair (RULES §4).",
                    cards=shown,
                )
            return False, t(
                "{cards} have the same rank but different suits: two singles, not a pair (RULES §4).", cards=shown
            )
        if equal:
            return False, t(
                "{cards} are two different cards, equal in strength here: two singles, not a pair (RULES §4).",
                cards=shown,
            )
        return False, t("{cards} are two different cards: two singles, not a pair (RULES §4).", cards=shown)

    solution = either([f"{c.symbol()} {c.symbol()}" for c in pairs])
    return pick(
        t("Select the pair in this hand, then press Check.") if prompt is None else prompt,
        cards,
        judge,
        t("The pair: {cards}.", cards=solution),
        example=[pairs[0], pairs[0]],
        count=2,
        trump=trump,
        hint=hint,
    )


def pick_tractor(
    hand: CardsLike,
    trump: Trump,
    *,
    count: int = 4,
    prompt: str | None = None,
    hint: str = "",
    rules: RuleSet | None = None,
) -> StepQuestion:
    """Select a tractor of ``count`` cards (RULES §4); a group that is not one is told what it is instead.
    ``prompt`` defaults to "Select a tractor in this hand, then press Check."."""
    cards = as_cards(hand, "the hand")
    tractors = {tuple(trump.sorted(g)) for g in combinations(cards, count) if is_tractor(g, trump, rules)}
    if not tractors:
        raise ValueError(f"the hand holds no tractor of {count} cards")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        return is_tractor(picked, trump, rules), tractor_reason(picked, trump, rules)

    order = sorted(tractors, key=lambda group: [trump.sort_key(c) for c in group])
    asked = t("Select a tractor in this hand, then press Check.") if prompt is None else prompt
    solution = t("A tractor: {cards}.", cards=either([format_cards(group) for group in order]))
    return pick(asked, cards, judge, solution, example=order[0], count=count, trump=trump, hint=hint)


def pick_follow(
    hand: CardsLike,
    lead: CardsLike,
    trump: Trump,
    *,
    prompt: str,
    keep_trumps: bool = False,
    rules: RuleSet | None = None,
    hint: str = "",
) -> StepQuestion:
    """Pick a legal follow to ``lead`` (RULES §6); with ``keep_trumps``, a legal one without trumps (a discard)."""
    cards = as_cards(hand, "the hand")
    led = as_cards(lead, "the lead")
    good = [
        p for p in legal_plays(cards, led, trump, rules) if not keep_trumps or not any(trump.is_trump(c) for c in p)
    ]
    if not good:
        raise ValueError("no play meets the question")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        if len(picked) != len(led):
            return False, wrong_size(len(led))
        verdict = legal_follow(cards, led, picked, trump, rules)
        if not verdict:
            return False, verdict.reason
        trumps = [c for c in picked if trump.is_trump(c)]
        if keep_trumps and trumps:
            return False, _trumps_spent(trumps, ruff=len(trumps) == len(picked))
        return True, verdict.reason

    solution = t("For example {cards}.", cards=format_cards(good[0]))
    return pick(prompt, cards, judge, solution, example=good[0], count=len(led), trump=trump, hint=hint)


def _trumps_spent(trumps: list[Card], *, ruff: bool) -> str:
    """Why a legal follow that plays ``trumps`` is wrong when the learner wanted to keep them: a ``ruff`` (all
    trumps on a plain lead), or a discard that spends one (RULES §6.3)."""
    if ruff:
        return tn(
            "Legal, but {cards} is a trump: that is a ruff (毙 bì), and you wanted to keep your trumps (RULES §6.3).",
            "Legal, but {cards} are trumps: that is a ruff (毙 bì), and you wanted to keep your trumps (RULES §6.3).",
            len(trumps),
            cards=format_cards(trumps),
        )
    return tn(
        "Legal, but {cards} is a trump: a discard that spends a trump, and you wanted to keep your trumps. "
        "It is no ruff either: a ruff is all trumps (RULES §6.3).",
        "Legal, but {cards} are trumps: a discard that spends a trump, and you wanted to keep your trumps. "
        "It is no ruff either: a ruff is all trumps (RULES §6.3).",
        len(trumps),
        cards=format_cards(trumps),
    )


def pick_throw(
    hand: CardsLike, trump: Trump, units: Sequence[str], *, prompt: str, rules: RuleSet | None = None, hint: str = ""
) -> StepQuestion:
    """Pick a lead made of ``units`` ("pair", "single", "2-pair tractor" …), all of one suit (RULES §5)."""
    cards = as_cards(hand, "the hand")
    wanted = Counter(units)
    size = sum(_unit_size(u) for u in units)

    def shape(group: Sequence[Card]) -> Counter[str] | None:
        try:
            return Counter(_unit_name(u) for u in lead_format(group, trump, rules).units)
        except IllegalLeadError:
            return None

    good = next((list(g) for g in combinations(cards, size) if shape(g) == wanted), None)
    if good is None:
        raise ValueError(f"the hand holds no lead of {', '.join(units)}")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        verdict = lead_verdict(picked, trump, rules)
        found = shape(picked)
        if found is None:
            return False, verdict
        words = units_in_words(picked, trump, rules)
        shown = format_cards(picked)
        if found == wanted:
            return True, t(
                "{cards}: {units}, led at once — a throw (甩牌 shuǎipái) (RULES §5).", cards=shown, units=words
            )
        return False, t("{cards} is {units}: not the units asked for (RULES §5).", cards=shown, units=words)

    solution = t("For example {cards}.", cards=format_cards(good))
    return pick(prompt, cards, judge, solution, example=good, trump=trump, hint=hint)


_UNIT_SIZES = {"single": 1, "pair": 2, "triple": 3}


def _unit_size(name: str) -> int:
    """The cards in a unit named as ``_unit_name`` names it: "pair" 2, "2-pair tractor" 4."""
    if name.endswith(" tractor"):
        length, kind = name.removesuffix(" tractor").split("-", 1)
        return int(length) * _UNIT_SIZES[kind]
    return _UNIT_SIZES[name]


# -- throws ------------------------------------------------------------------------------------------


def throw_question(
    lead: CardsLike,
    others: Sequence[CardsLike],
    trump: Trump,
    *,
    ask: str = "blocker",
    leader: int = 0,
    prompt: str = "",
    rules: RuleSet | None = None,
    hint: str = "",
) -> StepQuestion:
    """A throw and the other players' hands (RULES §8), as ``ThrowPuzzle`` asks about them. ``ask="blocker"``: who
    can stop it? Any player who alone would make it fail is right, or ``NOBODY`` when it is safe. ``ask="forced"``:
    it failed, so pick the unit it forces you to lead, the smallest that someone can beat."""
    hands = [as_cards(h, "a hand") for h in others]
    throw, names = as_cards(lead, "the throw"), seats_from(leader, len(hands) + 1)[1:]
    check = check_throw(throw, hands, trump, rules, names=names)
    picture = _hands_picture(names, hands, trump)
    if ask == "blocker":
        verdicts = _blockers(throw, hands, names, check, trump, rules)
        return choose(prompt or t("Who can stop this throw?"), verdicts, check.reason, picture=picture, hint=hint)
    if ask != "forced":
        raise ValueError(f"ask about a throw's 'blocker' or its 'forced' unit, not {ask!r}")
    if check:
        raise ValueError("the throw is safe: nothing is forced")
    return pick(
        prompt or t("Your throw failed. Select the cards you must lead instead, then press Check."),
        throw,
        _forced_judge(throw, check, trump, rules),
        t("{cards}.", cards=format_cards(check.forced)),
        example=check.forced,
        trump=trump,
        picture=picture,
        hint=hint,
    )


def _blockers(
    throw: list[Card], hands: list[list[Card]], names: list[str], whole: ThrowCheck, trump: Trump, rules: RuleSet | None
) -> dict[str, tuple[bool, str]]:
    """Each other player's verdict (does their hand alone stop the throw?), and ``NOBODY``'s."""
    led = lead_format(throw, trump, rules).suit
    suit = t(_SUITS[led])
    verdicts: dict[str, tuple[bool, str]] = {}
    for name, held in zip(names, hands, strict=True):
        alone = check_throw(throw, [held], trump, rules, names=[name])
        if not alone:
            verdicts[name] = (True, alone.reason)
            continue
        ruffs = [c for c in held if trump.is_trump(c)] if led != "trump" else []
        if ruffs:
            # TRANSLATORS: {suit} is the suit of the throw ("hearts"); {trumps} the player's trumps.
            why = t(
                "{seat} holds nothing in {suit} that beats a part of your throw (RULES §8). Their trumps ({trumps}) "
                "do not count: only {suit} can stop a throw of {suit}.",
                seat=seat_word(name),
                suit=suit,
                trumps=format_cards(ruffs),
            )
        else:
            why = t(
                "{seat} holds nothing in {suit} that beats a part of your throw (RULES §8).",
                seat=seat_word(name),
                suit=suit,
            )
        verdicts[name] = (False, why)
    if whole:
        verdicts[NOBODY] = (True, whole.reason)
    else:
        verdicts[NOBODY] = (
            False,
            t("Look again: one of the other players holds a higher part in the suit (RULES §8)."),
        )
    return verdicts


def _forced_judge(
    throw: list[Card], check: ThrowCheck, trump: Trump, rules: RuleSet | None
) -> Callable[[list[Card]], tuple[bool, str]]:
    """Judges a pick of the unit a failed throw forces: the smallest failing one (RULES §8)."""
    forced = Counter(check.forced)
    units = lead_format(throw, trump, rules).units
    failing = [Counter(u.cards) for u in check.failing]

    def judge(picked: list[Card]) -> tuple[bool, str]:
        if Counter(picked) == forced:
            return True, check.reason
        unit = next((u for u in units if Counter(u.cards) == Counter(picked)), None)
        if unit is None:
            return (
                False,
                t(
                    "{cards} is not one of the units of your throw: lead one whole unit (RULES §8).",
                    cards=format_cards(picked),
                ),
            )
        # TRANSLATORS: {unit} is a unit of the learner's throw and its cards ("pair 10♦ 10♦").
        if Counter(unit.cards) in failing:
            return False, t(
                "Someone can beat your {unit}, but another unit of your throw fails too, and a failed throw forces "
                "the smallest failing unit (RULES §8).",
                unit=_unit_text(unit),
            )
        return False, t(
            "Nobody can beat your {unit} in the suit, so it is not a failing unit (RULES §8).", unit=_unit_text(unit)
        )

    return judge


def _hands_picture(names: Sequence[str], hands: Sequence[Sequence[Card]], trump: Trump) -> str:
    """The other players' hands, one labelled row each (as the throw puzzles draw them)."""
    rows = []
    for name, held in zip(names, hands, strict=True):
        label = te("{seat} holds", seat=seat_word(name))
        rows.append(f'<div class="sjt-other"><div class="sjt-group-label">{label}</div>{hand_svg(held, trump)}</div>')
    return "".join(rows)
