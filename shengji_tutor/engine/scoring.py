"""Scoring a round: the kitty (底牌 dǐpái) bonus and the level table (RULES §9).

>>> from shengji_tutor import Trump, kitty_multiplier, level_change
>>> level_change(0)
LevelChange(side=Side.DECLARERS, levels=3, points=0)
>>> level_change(125)
LevelChange(side=Side.ATTACKERS, levels=1, points=125)
>>> kitty_multiplier("QS QS", Trump("7", "C"))
4
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..i18n import N_, t, tn
from .cards import RANKS, CardsLike, as_cards, check_copies, points
from .closed import Closed
from .errors import RuleSetError, ShengjiError
from .rules import RuleSet, rules_or_default
from .trump import Trump, check_trump
from .units import lead_format

__all__ = [
    "LevelChange",
    "RoundScore",
    "Side",
    "hooked_back_to",
    "kitty_bonus",
    "kitty_multiplier",
    "largest_unit",
    "level_after",
    "level_change",
    "next_dealer",
    "points_counted",
    "points_miscounted",
    "red_five_points",
]


WINNING_PLAY = N_("the winning play")
"""The cards an error message names (``as_cards``'s ``what``)."""


class Side(Closed):
    """Who goes up after a round (``LevelChange.side``); a ``StrEnum``, so it reads and saves as its word."""

    DECLARERS = "declarers"
    ATTACKERS = "attackers"


@dataclass(frozen=True)
class LevelChange:
    """Who goes up after a round: ``side`` is ``"declarers"`` or ``"attackers"``.

    ``levels`` is how many levels that side gains; the attackers may take over
    with 0 (80–115 points with two decks). ``points`` is the attackers' total that
    was scored (negative totals count as 0).
    """

    side: Side
    levels: int
    points: int

    @property
    def takeover(self) -> bool:
        """The attackers become the declarers next round."""
        return self.side == Side.ATTACKERS

    def describe(self) -> str:
        """The result in a sentence, in the reader's language."""
        if self.side == Side.DECLARERS:
            return tn(
                "The attackers scored {points}: the declarers hold and go up {n} level.",
                "The attackers scored {points}: the declarers hold and go up {n} levels.",
                self.levels,
                points=self.points,
            )
        if self.levels == 0:
            return t(
                "The attackers scored {points}: they become the declarers, with no level change.", points=self.points
            )
        return tn(
            "The attackers scored {points}: they become the declarers and go up {n} level.",
            "The attackers scored {points}: they become the declarers and go up {n} levels.",
            self.levels,
            points=self.points,
        )


@dataclass(frozen=True)
class RoundScore:
    """A finished round's score, counted for the attackers (RULES §8–§9).

    ``trick_points``: the card points the attackers won in tricks; ``penalty_points``:
    throw penalties (+ for each declarer's failed throw, − for an attacker's);
    ``kitty_multiplier`` and ``kitty_bonus``: 0 unless the attackers won the last
    trick; ``red_five_points``: the red-five penalties (RULES §11, ``red_five_points``);
    ``total`` adds them up, and ``level_change`` is the level table's verdict on it.
    ``hooked_back_to``: with hook and needle, the level the declarers drop back to
    (``"2"`` or ``"J"``), else ``None``.
    """

    trick_points: int
    penalty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    level_change: LevelChange
    red_five_points: int = 0
    hooked_back_to: str | None = None

    @property
    def total(self) -> int:
        """The attackers' points for the level table (a negative total counts as 0 there)."""
        return self.trick_points + self.penalty_points + self.kitty_bonus + self.red_five_points


def points_counted(cards: CardsLike) -> str:
    """Why ``cards`` hold the points they do, card by card (RULES §2): what a right count is told.

    >>> from shengji_tutor.engine.scoring import points_counted
    >>> points_counted("5H KD 2C")
    '5♥ 5 + K♦ 10 = 15: fives score 5, tens and kings 10, nothing else scores (RULES §2).'
    """
    scoring = [c for c in as_cards(cards) if c.points]
    if not scoring:
        return t("None of these cards score: only 5s, 10s and kings do (RULES §2).")
    terms = " + ".join(f"{c.symbol()} {c.points}" for c in scoring)
    # TRANSLATORS: {terms} is a sum of card values ("5♥ 5 + K♦ 10"); {total} its total.
    return t(
        "{terms} = {total}: fives score 5, tens and kings 10, nothing else scores (RULES §2).",
        terms=terms,
        total=points(scoring),
    )


def points_miscounted(cards: CardsLike, given: int) -> str:
    """What a count of ``given`` points for ``cards`` got wrong, without the right count (RULES §2): a 10 counted
    as 5, or too many, or too few. ``given`` must not be the right count.

    >>> from shengji_tutor.engine.scoring import points_miscounted
    >>> points_miscounted("10H KD", 15)
    'Not 15: a 10 is worth 10 points, like a king, not 5 (RULES §2).'
    """
    group = as_cards(cards)
    total = points(group)
    if given == total:
        raise ValueError(f"{given} is the right count of {len(group)} cards' points")
    # TRANSLATORS: {answer} is the number the learner typed.
    if given == total - 5 * sum(1 for c in group if c.rank == "10"):
        return t("Not {answer}: a 10 is worth 10 points, like a king, not 5 (RULES §2).", answer=given)
    if given > total:
        return t(
            "{answer} is too many: only 5s, 10s and kings score; aces, jokers and the other cards add nothing "
            "(RULES §2).",
            answer=given,
        )
    return t("{answer} is too few: every 5 is worth 5, every 10 and every king 10 (RULES §2).", answer=given)


def kitty_multiplier(winning_play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> int:
    """What the kitty's points are multiplied by when the attackers win the last trick.

    The winning play is split as ``lead_format`` splits a lead; its largest unit
    has ``c`` cards. Default ``"times"``: 2 × c (single ×2, pair ×4, triple ×6,
    2-pair tractor ×8); variant ``"power"``: 2 ** c; variant ``"cards"`` (RULES §11):
    2 × every card of the play, whatever its units (a pair and a single ×6).

    >>> from shengji_tutor import RuleSet, Trump, kitty_multiplier
    >>> kitty_multiplier("8H 8H 9H 9H", Trump("7", "C"))
    8
    >>> kitty_multiplier("8H 8H 9H 9H", Trump("7", "C"), RuleSet(kitty_multiplier="power"))
    16
    >>> kitty_multiplier("AH AH KH", Trump("7", "C")), kitty_multiplier("AH AH KH", Trump("7", "C"), RuleSet(kitty_multiplier="cards"))
    (4, 6)
    """
    rules = rules_or_default(rules)
    play = as_cards(winning_play, WINNING_PLAY)
    size = largest_unit(play, trump, rules)  # also refuses a play that no trick could be won with
    if rules.kitty_multiplier == "cards":
        return 2 * len(play)
    return 2 * size if rules.kitty_multiplier == "times" else 2**size


def largest_unit(play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> int:
    """How many cards the largest unit of a play holds, split as ``lead_format`` splits a lead (RULES §9).

    >>> from shengji_tutor import Trump
    >>> from shengji_tutor.engine.scoring import largest_unit
    >>> largest_unit("8H 8H 9H 9H 3H", Trump("7", "C"))
    4
    """
    check_trump(trump)
    fmt = lead_format(as_cards(play, WINNING_PLAY), trump, rules_or_default(rules))
    return max(u.width * u.length for u in fmt.units)


def kitty_bonus(kitty: CardsLike, winning_play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> int:
    """The kitty's points times ``kitty_multiplier`` of the last trick's winning play."""
    rules = rules_or_default(rules)
    kitty_cards = as_cards(kitty, N_("the kitty"))
    play = as_cards(winning_play, WINNING_PLAY)
    check_copies([kitty_cards, play], rules.decks, N_("the kitty and the winning play"))
    return points(kitty_cards) * kitty_multiplier(play, trump, rules)


def level_change(attacker_points: int, rules: RuleSet | None = None) -> LevelChange:
    """The result of a round from the attackers' points (RULES §9).

    Bands are 20 × decks wide (40 with two decks): 0 → declarers +3; below one
    band → +2; below two → +1; from two bands (80) the attackers take over, and
    go up one level for each further band (120 → +1, 160 → +2, …).

    >>> from shengji_tutor import level_change
    >>> [level_change(p).levels for p in (0, 5, 35, 40, 75)]
    [3, 2, 2, 1, 1]
    >>> [(level_change(p).side.value, level_change(p).levels) for p in (80, 115, 120, 200, 240)]
    [('attackers', 0), ('attackers', 0), ('attackers', 1), ('attackers', 3), ('attackers', 4)]
    """
    rules = rules_or_default(rules)
    if type(attacker_points) is not int:
        raise ShengjiError(t("attacker points must be a whole number, not {points}", points=repr(attacker_points)))
    p = max(0, attacker_points)
    step = rules.step
    if p == 0:
        return LevelChange(Side.DECLARERS, 3, p)
    if p < step:
        return LevelChange(Side.DECLARERS, 2, p)
    if p < 2 * step:
        return LevelChange(Side.DECLARERS, 1, p)
    return LevelChange(Side.ATTACKERS, p // step - 2, p)


def next_dealer(
    dealer: int, change: LevelChange, rules: RuleSet | None = None, declarers: Sequence[int] | None = None
) -> int:
    """The seat that deals next (RULES §9): the next seat after the dealer, counter-clockwise, on the
    side that goes up — the dealer's partner if the declarers hold, else the next attacker.

    ``declarers`` is the dealer's side; by default the fixed partnerships (every other seat). Finding
    Friends rounds pass the side as it was revealed.

    >>> from shengji_tutor import RuleSet, level_change, next_dealer
    >>> next_dealer(0, level_change(30)), next_dealer(0, level_change(90))
    (2, 1)
    >>> next_dealer(0, level_change(30), RuleSet(players=5), declarers=(0, 3))
    3
    """
    rules = rules_or_default(rules)
    if not isinstance(change, LevelChange):
        raise ShengjiError(f"next_dealer needs the round's LevelChange (from level_change), not {change!r}")
    n = rules.players
    if type(dealer) is not int or not 0 <= dealer < n:
        raise RuleSetError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    side = set(range(dealer % 2, n, 2) if declarers is None else declarers)
    if change.side == Side.ATTACKERS:
        side = set(range(n)) - side
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        if seat in side:
            return seat
    return dealer


_HOOKS = {"J": "2", "A": "J"}
"""Hook and needle (勾 / 针): the trump rank, and the level its declarers drop back to."""


def hooked_back_to(winning_play: CardsLike, trump: Trump, rules: RuleSet | None = None) -> str | None:
    """Hook and needle (RULES §11): the level the declarers drop back to when the attackers won the last trick with
    ``winning_play``, else ``None``.

    At trump rank J (the hook, 勾) a winning play holding a J of any suit sends them
    back to 2; at rank A (the needle, 针) one holding an A sends them back to J. The
    caller says the attackers won it. Which J (or A) it is does not matter, nor
    whether it is the card that won: RULES says "a play containing a card of that rank".

    >>> from shengji_tutor import RuleSet, Trump
    >>> from shengji_tutor.engine.scoring import hooked_back_to
    >>> hooked_back_to("JS", Trump("J", "H"), RuleSet(hook_and_needle=True))
    '2'
    >>> hooked_back_to("AH AH", Trump("A", None), RuleSet(hook_and_needle=True)), hooked_back_to("JS", Trump("J", "H"))
    ('J', None)
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    play = as_cards(winning_play, WINNING_PLAY)
    if not rules.hook_and_needle or trump.rank not in _HOOKS:
        return None
    return _HOOKS[trump.rank] if any(c.rank == trump.rank for c in play) else None


def level_after(level: int, rise: int, played: Collection[int] = (), rules: RuleSet | None = None) -> int:
    """A side's level after rising ``rise`` levels from ``level``, with mandatory levels (RULES §11).

    Levels are indices into 2 … A (0 is 2, 12 is A, 13 has passed A and won). A
    mandatory level the side has not played as declarers (``played``, the levels it
    has played as declarers) is never passed: a rise that would pass it stops on it
    — the seed's "if 10 is mandatory and a team goes up 2 ranks after playing 9, they
    will have to play 10 first". A side standing on such a level stays there, since
    any rise would pass it. A rise to a mandatory level is not stopped (it will play it).

    >>> from shengji_tutor import RuleSet
    >>> from shengji_tutor.engine.scoring import level_after
    >>> from shengji_tutor.engine.cards import RANKS
    >>> rules = RuleSet(mandatory_levels=("10",))
    >>> nine, ten = RANKS.index("9"), RANKS.index("10")
    >>> RANKS[level_after(nine, 2, {nine}, rules)]  # 10 is mandatory: the rise of 2 stops on it
    '10'
    >>> RANKS[level_after(ten, 2, {nine, ten}, rules)], RANKS[level_after(nine, 2)]  # played 10; no such rule
    ('Q', 'J')
    """
    rules = rules_or_default(rules)
    top = len(RANKS)
    for name, value, lo, hi in (("level", level, 0, top), ("rise", rise, 0, top)):
        if type(value) is not int or not lo <= value <= hi:
            raise ShengjiError(f"the {name} must be a whole number from {lo} to {hi}, not {value!r}")
    target = min(level + rise, top)
    for rank in rules.mandatory_levels:
        stop = RANKS.index(rank)
        if level <= stop < target and stop not in played:
            return stop
    return target


def red_five_points(
    plays: Sequence[CardsLike], attacking: Sequence[bool], winner: int, rules: RuleSet | None = None
) -> int:
    """The red-five (红五) penalty of one trick, for the attackers' total (RULES §11).

    ``plays`` are the trick's plays, ``attacking[k]`` whether play ``k``'s player is an
    attacker, ``winner`` the index of the winning play. Every red five the other side
    captures costs its owner's side ``rules.red_five_penalty``: + when the owner is a
    declarer, − when an attacker (the level table counts a negative total as 0, so the
    attackers' total never drops below 0 for it). Each captured red five counts,
    two in one trick twice; a red five buried in the kitty is not captured in a trick
    and costs nothing.

    >>> from shengji_tutor import RuleSet
    >>> from shengji_tutor.engine.scoring import red_five_points
    >>> rules = RuleSet(red_five="5H")
    >>> lost = ["SJ SJ", "5H 3C", "4S 6S", "8D 9D"]  # trump 7♣: the small jokers win, 5♥ must follow them
    >>> red_five_points(["5H", "3C", "4C", "6C"], [False, True, False, True], winner=0, rules=rules)  # won with it
    0
    >>> red_five_points(lost, [True, False, True, False], winner=0, rules=rules)  # a declarer's 5♥ lost
    10
    >>> red_five_points(lost, [False, True, False, True], winner=0, rules=rules)  # an attacker's 5♥ lost
    -10
    """
    rules = rules_or_default(rules)
    cards = [as_cards(p, N_("a play")) for p in plays]
    if len(attacking) != len(cards) or type(winner) is not int or not 0 <= winner < len(cards):
        raise ShengjiError(
            f"red_five_points needs a side for each of the {len(cards)} plays and the index of the winning one, "
            f"not {len(attacking)} sides and winner {winner!r}"
        )
    fives = set(rules.red_fives)
    total = 0
    for play, owner_attacks in zip(cards, attacking, strict=True):
        if owner_attacks == attacking[winner]:
            continue
        captured = sum(1 for c in play if c in fives)
        total += captured * rules.red_five_penalty * (-1 if owner_attacks else 1)
    return total
