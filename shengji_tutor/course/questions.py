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

from ..engine.cards import SUIT_NAMES, Card, CardsLike, as_cards, format_cards, points
from ..engine.errors import IllegalLeadError
from ..engine.follow import legal_follow
from ..engine.grading import ANSWER_KINDS, AnswerError, AnswerKind, Question, Solution, fixed_choices
from ..engine.plays import legal_plays
from ..engine.rules import RuleSet
from ..engine.seats import SEATS
from ..engine.tricks import ThrowCheck, check_throw, explain_trick
from ..engine.trump import Trump
from ..engine.units import Unit, is_tractor, lead_format
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
    "seats_from",
    "throw_question",
    "units_in_words",
    "who_wins",
]

NOBODY = "Nobody: it is safe"
"""The choice of ``throw_question(ask="blocker")`` that says no player can stop the throw."""


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
        if self.kind in ("cards", "order") and not self.hand:
            raise ValueError("a question answered with cards needs a hand to pick them from")
        if self.kind == "choice" and len(self.choices) < 2:
            raise ValueError("a choice needs at least two choices")
        if not self.choices and self.kind in ("seat", "yesno"):
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
            raise AnswerError(f"{format_cards(picked)} is not in the hand shown.")
        if not picked:
            raise AnswerError("Pick some cards first.")
        return judge(picked)

    return StepQuestion(
        prompt, "cards", judged, solution, picture, cards, trump, count, hint=hint, example=list(example)
    )


def choose(
    prompt: str, verdicts: dict[str, tuple[bool, str]], solution: str, *, picture: str = "", hint: str = ""
) -> StepQuestion:
    """One of a few choices; ``verdicts`` gives each choice's (right, why), worked out by the engine beforehand."""
    if not any(right for right, _ in verdicts.values()):
        raise ValueError(f"none of the choices is right: {', '.join(verdicts)}")
    example = next(choice for choice, (right, _) in verdicts.items() if right)
    return StepQuestion(
        prompt, "choice", verdicts.__getitem__, solution, picture, choices=tuple(verdicts), hint=hint, example=example
    )


def number(
    prompt: str, right: int, judge: Callable[[int], str], solution: str, *, picture: str = "", hint: str = ""
) -> StepQuestion:
    """A whole number: ``right`` (from the engine) is correct; ``judge(n)`` says what is wrong with another ``n``,
    or why ``right`` is right."""

    def judged(given: str) -> tuple[bool, str]:
        return int(given) == right, judge(int(given))

    return StepQuestion(prompt, "number", judged, solution, picture, hint=hint, example=right)


# -- words for groups of cards (never naming a throw: lesson 7 teaches them) -----------------------

_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def units_in_words(cards: CardsLike, trump: Trump, rules: RuleSet | None = None) -> str:
    """What a group of cards of one effective suit splits into, as the engine splits a lead (RULES §5), in words:
    "a pair of spades", "two singles of trumps", "two pairs and a single of hearts", "a 2-pair tractor of hearts".

    >>> from shengji_tutor import Trump
    >>> from shengji_tutor.course.questions import units_in_words
    >>> units_in_words("7S 7H", Trump("7", "C")), units_in_words("KD QD QD 10D 10D", Trump("7", "C"))
    ('two singles of trumps', 'two pairs and a single of diamonds')
    """
    fmt = lead_format(cards, trump, rules)
    shapes: dict[str, int] = {}
    for unit in fmt.units:
        shapes[_unit_name(unit)] = shapes.get(_unit_name(unit), 0) + 1
    parts = [f"{_NUMBERS.get(n, str(n))} {name}{'s' if n > 1 else ''}" for name, n in shapes.items()]
    words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{words} of {'trumps' if fmt.suit == 'trump' else SUIT_NAMES[fmt.suit]}"


def _unit_name(unit: Unit) -> str:
    if unit.length > 1:
        return f"{unit.length}-pair tractor" if unit.width == 2 else f"{unit.length}-{unit.kind} tractor"
    return {1: "single", 2: "pair", 3: "triple"}.get(unit.width, f"{unit.width}-tuple")


def _unit_text(unit: Unit) -> str:
    """``"pair 10♦ 10♦"``: a unit's name and cards."""
    return f"{_unit_name(unit)} {format_cards(unit.cards)}"


def _one_suit(cards: Sequence[Card], trump: Trump) -> str | None:
    """Why these cards are not of one effective suit (None when they are)."""
    suits = sorted({trump.suit_name(trump.suit_of(c)) for c in cards})
    if len(suits) < 2:
        return None
    return f"{format_cards(cards)} mixes {' and '.join(suits)}"


# -- tricks -----------------------------------------------------------------------------------------


def seats_from(leader: int, count: int = 4) -> list[str]:
    """The seat names of ``count`` plays from ``leader`` on, in play order (counter-clockwise)."""
    return [SEATS[(leader + k) % 4] for k in range(count)]


def who_wins(
    plays: Sequence[CardsLike],
    trump: Trump,
    *,
    leader: int = 0,
    prompt: str = "Who wins this trick?",
    rules: RuleSet | None = None,
    hint: str = "",
) -> StepQuestion:
    """The trick is on the table: name the seat that wins it (RULES §7). A wrong seat is told why its play does not
    win, from the engine's note on that play."""
    groups = [as_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]
    names = seats_from(leader, len(groups))
    result = explain_trick(groups, trump, rules, names=names)
    verdicts: dict[str, tuple[bool, str]] = {}
    for note in result.notes:
        name, shown = names[note.index], format_cards(note.cards)
        if note.index == result.winner:
            verdicts[name] = (True, result.reason)
        elif note.status in ("off-suit", "wrong-format"):
            verdicts[name] = (False, note.sentence)
        elif note.status == "lead":
            verdicts[name] = (False, f"{name} led {shown}, but a later play beat it (RULES §7).")
        elif note.status == "beats":
            verdicts[name] = (
                False,
                f"{name}'s {shown} beat the play that was winning before it, but a later play beat it in turn (RULES §7).",
            )
        else:
            verdicts[name] = (
                False,
                f"{name}'s {shown} does not beat the play that was winning when it came (RULES §7).",
            )
    picture = trick_svg(groups, leader, trump)
    return choose(prompt, verdicts, f"{names[result.winner]} wins the trick.", picture=picture, hint=hint)


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
        if seat == winner:
            verdicts[seat] = (True, f"{result.reason} The winner of a trick leads the next one: {seat}.")
        elif seat == names[0]:
            verdicts[seat] = (
                False,
                f"{seat} led this trick, but the lead does not stay: it goes to the trick's winner (RULES §7 says who).",
            )
        else:
            verdicts[seat] = (
                False,
                f"{seat} did not win this trick, and only the winner leads the next one (RULES §7).",
            )
    picture = trick_svg(groups, leader, trump, winner=(leader + result.winner) % 4)
    return choose("The trick is over. Who leads the next one?", verdicts, f"{winner}, who won it.", picture=picture)


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
    return f"{format_cards(cards)}: {words}, all one suit (RULES §5)."


def count_points(
    cards: CardsLike,
    *,
    prompt: str = "How many points are these cards worth?",
    trump: Trump | None = None,
    hint: str = "",
) -> StepQuestion:
    """How many points (RULES §2)? A wrong total is told which way it is off, and a 10 counted as 5 is named."""
    group = as_cards(cards, "the cards")
    total = points(group)
    scoring = [c for c in group if c.points]
    if scoring:
        terms = " + ".join(f"{c.symbol()} {c.points}" for c in scoring)
        right = f"{terms} = {total}: fives score 5, tens and kings 10, nothing else scores (RULES §2)."
    else:
        right = "None of these cards score: only 5s, 10s and kings do (RULES §2)."
    tens_as_fives = total - 5 * sum(1 for c in group if c.rank == "10")

    def judge(n: int) -> str:
        if n == total:
            return right
        if n == tens_as_fives:
            return f"Not {n}: a 10 is worth 10 points, like a king, not 5 (RULES §2)."
        if n > total:
            return f"{n} is too many: only 5s, 10s and kings score; aces, jokers and the other cards add nothing (RULES §2)."
        return f"{n} is too few: every 5 is worth 5, every 10 and every king 10 (RULES §2)."

    picture = hand_svg(group, trump, sort=False)
    return number(prompt, total, judge, f"{total} points.", picture=picture, hint=hint)


# -- picking from a hand -----------------------------------------------------------------------------


def pick_trumps(
    hand: CardsLike, trump: Trump, *, prompt: str = "Select every trump in this hand, then press Check.", hint: str = ""
) -> StepQuestion:
    """Select every trump (RULES §3); the hand is drawn without trump marks, which would give the answer away."""
    return pick_suit(hand, trump, "trump", prompt=prompt, hint=hint)


def pick_suit(hand: CardsLike, trump: Trump, suit: str, *, prompt: str, hint: str = "") -> StepQuestion:
    """Select every card whose effective suit is ``suit`` ("trump" or a suit letter) (RULES §3)."""
    cards = as_cards(hand, "the hand")
    wanted = [c for c in cards if trump.suit_of(c) == suit]
    name = trump.suit_name(suit)
    what = "trumps" if suit == "trump" else name
    if not wanted:
        raise ValueError(f"the hand holds no {what}")

    def why_trump(card: Card) -> str:
        if card.is_joker:
            return "a joker is always trump"
        if card.rank == trump.rank:
            return f"every {trump.rank} is trump at rank {trump.rank}"
        return f"{SUIT_NAMES[trump.suit]} are trump" if trump.suit else "it is trump"

    def judge(picked: list[Card]) -> tuple[bool, str]:
        for card in picked:
            if trump.suit_of(card) != suit:
                now = trump.suit_name(trump.suit_of(card))
                because = f": {why_trump(card)}" if now == "trump" else ""
                return False, f"{card.symbol()} is not one of the {what} now: it is {_a(now)}{because} (RULES §3)."
        missing = sum((Counter(wanted) - Counter(picked)).values())
        if missing:
            return False, f"All you picked are {what}, but the hand holds {_more(missing)} (RULES §3)."
        parts = [f"{c.symbol()} ({why_trump(c)})" for c in trump.sorted(wanted)] if suit == "trump" else []
        listing = "; ".join(parts) if parts else format_cards(trump.sorted(wanted))
        return True, f"The {what}: {listing} (RULES §3)."

    solution = f"The {what}: {format_cards(trump.sorted(wanted))}."
    return pick(prompt, cards, judge, solution, example=wanted, hint=hint)


def _a(suit_name: str) -> str:
    return "a trump" if suit_name == "trump" else f"a card of {suit_name}"


def _more(n: int) -> str:
    return "one more" if n == 1 else f"{_NUMBERS.get(n, str(n))} more"


def pick_pair(
    hand: CardsLike, trump: Trump, *, prompt: str = "Select the pair in this hand, then press Check.", hint: str = ""
) -> StepQuestion:
    """Select a pair: two identical cards (RULES §4). A look-alike is told why it is not one."""
    cards = as_cards(hand, "the hand")
    pairs = [c for c, n in Counter(cards).items() if n >= 2]
    if not pairs:
        raise ValueError("the hand holds no pair")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        shown = format_cards(picked)
        if len(picked) != 2:
            return False, f"A pair is two cards; you picked {len(picked)} (RULES §4)."
        first, second = picked
        if first is second:
            return True, f"{shown}: two identical cards, same rank and same suit — a pair (对子 duìzi) (RULES §4)."
        equal = ", equal in strength here" if trump.same_order(picked) else ""
        if first.rank == second.rank and not first.is_joker:
            return False, f"{shown} have the same rank but different suits{equal}: two singles, not a pair (RULES §4)."
        return False, f"{shown} are two different cards{equal}: two singles, not a pair (RULES §4)."

    solution = " or ".join(f"{c.symbol()} {c.symbol()}" for c in pairs)
    return pick(
        prompt, cards, judge, f"The pair: {solution}.", example=[pairs[0], pairs[0]], count=2, trump=trump, hint=hint
    )


def pick_tractor(
    hand: CardsLike,
    trump: Trump,
    *,
    count: int = 4,
    prompt: str = "Select a tractor in this hand, then press Check.",
    hint: str = "",
    rules: RuleSet | None = None,
) -> StepQuestion:
    """Select a tractor of ``count`` cards (RULES §4); a group that is not one is told what it is instead."""
    cards = as_cards(hand, "the hand")
    tractors = {tuple(trump.sorted(g)) for g in combinations(cards, count) if is_tractor(g, trump, rules)}
    if not tractors:
        raise ValueError(f"the hand holds no tractor of {count} cards")

    def judge(picked: list[Card]) -> tuple[bool, str]:
        shown = format_cards(trump.sorted(picked))
        mixed = _one_suit(picked, trump)
        if mixed:
            return False, f"{mixed}: a tractor is pairs of one suit (RULES §4)."
        words = units_in_words(picked, trump, rules)
        if is_tractor(picked, trump, rules):
            return True, f"{shown}: {words} — pairs in a row, a tractor (拖拉机 tuōlājī) (RULES §4)."
        units = lead_format(picked, trump, rules).units
        if any(u.width < 2 for u in units):
            return False, f"{shown} is {words}: a tractor is made of pairs only (RULES §4)."
        if len({u.top for u in units}) < len(units):
            return (
                False,
                f"{shown} is {words}, and they are equal, not consecutive: equal pairs never make a tractor (RULES §4).",
            )
        return False, f"{shown} is {words}, but not in a row: other cards of the suit sit between them (RULES §4)."

    solution = " or ".join(format_cards(t) for t in sorted(tractors, key=lambda t: [trump.sort_key(c) for c in t]))
    example = min(tractors, key=lambda t: [trump.sort_key(c) for c in t])
    return pick(prompt, cards, judge, f"A tractor: {solution}.", example=example, count=count, trump=trump, hint=hint)


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
            return (
                False,
                f"The lead has {len(led)} card{'s' if len(led) > 1 else ''}, so play exactly {len(led)} (RULES §6).",
            )
        verdict = legal_follow(cards, led, picked, trump, rules)
        if not verdict:
            return False, verdict.reason
        trumps = [c for c in picked if trump.is_trump(c)]
        if keep_trumps and trumps:
            spent = f"{format_cards(trumps)} {'is a trump' if len(trumps) == 1 else 'are trumps'}"
            if len(trumps) == len(picked):  # all trumps on a plain lead: a ruff
                return (
                    False,
                    f"Legal, but {spent}: that is a ruff (毙 bì), and you wanted to keep your trumps (RULES §6.3).",
                )
            return False, (
                f"Legal, but {spent}: a discard that spends a trump, and you wanted to keep your trumps. It is no "
                "ruff either: a ruff is all trumps (RULES §6.3)."
            )
        return True, verdict.reason

    solution = f"For example {format_cards(good[0])}."
    return pick(prompt, cards, judge, solution, example=good[0], count=len(led), trump=trump, hint=hint)


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
        if found == wanted:
            return True, f"{format_cards(picked)}: {words}, led at once — a throw (甩牌 shuǎipái) (RULES §5)."
        return False, f"{format_cards(picked)} is {words}: not the units asked for (RULES §5)."

    return pick(prompt, cards, judge, f"For example {format_cards(good)}.", example=good, trump=trump, hint=hint)


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
        return choose(prompt or "Who can stop this throw?", verdicts, check.reason, picture=picture, hint=hint)
    if ask != "forced":
        raise ValueError(f"ask about a throw's 'blocker' or its 'forced' unit, not {ask!r}")
    if check:
        raise ValueError("the throw is safe: nothing is forced")
    return pick(
        prompt or "Your throw failed. Select the cards you must lead instead, then press Check.",
        throw,
        _forced_judge(throw, check, trump, rules),
        f"{format_cards(check.forced)}.",
        example=check.forced,
        trump=trump,
        picture=picture,
        hint=hint,
    )


def _blockers(
    throw: list[Card], hands: list[list[Card]], names: list[str], whole: ThrowCheck, trump: Trump, rules: RuleSet | None
) -> dict[str, tuple[bool, str]]:
    """Each other player's verdict (does their hand alone stop the throw?), and ``NOBODY``'s."""
    suit = units_in_words(throw, trump, rules).rsplit(" of ", 1)[1]
    verdicts: dict[str, tuple[bool, str]] = {}
    for name, held in zip(names, hands, strict=True):
        alone = check_throw(throw, [held], trump, rules, names=[name])
        if not alone:
            verdicts[name] = (True, alone.reason)
            continue
        ruffs = [c for c in held if trump.is_trump(c)] if suit != "trumps" else []
        also = (
            f" Their trumps ({format_cards(ruffs)}) do not count: only {suit} can stop a throw of {suit}."
            if ruffs
            else ""
        )
        verdicts[name] = (False, f"{name} holds nothing in {suit} that beats a part of your throw (RULES §8).{also}")
    if whole:
        verdicts[NOBODY] = (True, whole.reason)
    else:
        verdicts[NOBODY] = (False, "Look again: one of the other players holds a higher part in the suit (RULES §8).")
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
                f"{format_cards(picked)} is not one of the units of your throw: lead one whole unit (RULES §8).",
            )
        if Counter(unit.cards) in failing:
            return False, (
                f"Someone can beat your {_unit_text(unit)}, but another unit of your throw fails too, and a failed "
                "throw forces the smallest failing unit (RULES §8)."
            )
        return False, f"Nobody can beat your {_unit_text(unit)} in the suit, so it is not a failing unit (RULES §8)."

    return judge


def _hands_picture(names: Sequence[str], hands: Sequence[Sequence[Card]], trump: Trump) -> str:
    """The other players' hands, one labelled row each (as the throw puzzles draw them)."""
    return "".join(
        f'<div class="sjt-other"><div class="sjt-group-label">{name} holds</div>{hand_svg(held, trump)}</div>'
        for name, held in zip(names, hands, strict=True)
    )
