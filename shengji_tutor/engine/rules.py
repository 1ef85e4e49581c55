"""Rule variants: ``RuleSet``, a frozen switchboard of the house rules' variants.

Every field's default is the house rule in RULES.md; each other value is a
variant named there. Functions take ``rules=None`` to mean ``RuleSet()``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ..i18n import t
from .cards import RANKS, Card, normal_rank
from .closed import Closed
from .errors import RuleSetError

__all__ = ["DEFAULT_RULES", "Partnership", "RuleSet", "rule_changes", "rules_or_default"]


class Partnership(Closed):
    """How the players pair up (``RuleSet.partnership``); a ``StrEnum``, so ``"fixed"`` is read as it was."""

    FIXED = "fixed"
    """Partners sit alternately, the same all match."""
    FRIENDS = "friends"
    """Finding Friends (找朋友): the dealer calls friend cards each round (RULES §11)."""


_CHOICES = {
    "follow": ("no-protections", "protect-longer"),
    "throw_evaluation": ("highest", "all"),
    "kitty_multiplier": ("times", "power", "cards"),
    "partnership": ("fixed", "friends"),
    "no_declaration": ("redeal", "kitty"),
    "first_dealer": ("first-declarer", "winning-declaration"),
    "red_five": (None, "5H", "5H+5D"),
    "redeal": (None, "no-trump", "no-points"),
}


@dataclass(frozen=True)
class RuleSet:
    """The variants of RULES.md as switches.

    - ``decks``: 1, 2 or 3 packs of 54 cards (RULES §1).
    - ``players``: 4 to 8, seats numbered in play order (RULES §1).
    - ``follow``: ``"no-protections"`` (a wider tuple in hand must be broken to
      answer a narrower one) or ``"protect-longer"`` (it need not be) (RULES §6).
    - ``throw_evaluation``: ``"highest"`` (only the largest led component is
      compared) or ``"all"`` (every unit must beat) (RULES §7).
    - ``kitty_multiplier``: ``"times"`` (2 × cards of the largest unit),
      ``"power"`` (2 ** cards of the largest unit) (RULES §9) or ``"cards"``
      (2 × every card of the winning play, the seed's "three cards: sixfold") (RULES §11).
    - ``throw_penalty``: points per failed throw given to the other side (RULES §8).
    - ``kitty_size``: cards in the kitty (底牌 dǐpái); ``None`` derives it from the
      decks and players: the largest equal hands that leave at least 2 × decks + 2
      cards (8 with two decks and four players, 6 with one deck).
    - ``partnership``: ``"fixed"`` (partners sit alternately; even player counts)
      or ``"friends"`` (Finding Friends 找朋友: the dealer calls cards, whoever plays
      them joins the dealer; odd counts need it) (RULES §11). ``None`` picks
      ``"fixed"`` for an even number of players and ``"friends"`` for an odd one.
    - ``no_declaration``: when nobody declares trump, ``"redeal"`` or ``"kitty"``
      (the kitty's first trump-rank card, else its highest card, fixes the suit) (RULES §10).
    - ``first_dealer``: who deals a match's first round: ``"first-declarer"`` (the
      first player to declare, even if overridden) or ``"winning-declaration"``
      (the player whose declaration stands) (RULES §10).

    The optional rules of RULES §11, all off by default:

    - ``mandatory_levels``: ranks a side must play as declarers before its level
      may pass them, e.g. ``("5", "10", "K")``; spelt as ranks (``"T"`` is ``"10"``),
      kept in rank order. A rise that would pass one stops on it (``level_after``).
    - ``chao_dipi`` (炒地皮 chǎo dìpí): after the kitty exchange the others may
      overturn the trump with a stronger pair and bury the kitty again. It needs
      2 or 3 decks: one deck holds no pair to overturn with.
    - ``hook_and_needle`` (勾 / 针): at trump rank J (A), attackers who win the last
      trick with a J (an A) send the declarers back to 2 (J) (``hooked_back_to``).
    - ``red_five`` (红五 hóng wǔ): ``None``, ``"5H"`` or ``"5H+5D"``: those fives
      rank above the big joker (5♥ above 5♦), and a side whose red five the other
      side captures pays ``red_five_penalty`` points (default 10) per five. In a round
      whose trump rank is 5 a red five is a trump-rank card like the other fives
      (the rank cannot be refused: a side must play its level), and only the
      penalty applies; ``Trump`` is where that is decided, per round.
    - ``redeal``: ``None``, ``"no-trump"`` or ``"no-points"``: after the deal a player
      whose hand has no trump (no point card) may show it and have the same dealer
      deal again.

    >>> from shengji_tutor import RuleSet
    >>> RuleSet(decks=3).decks
    3
    >>> RuleSet(mandatory_levels=["K", "t", "5"]).mandatory_levels
    ('5', '10', 'K')
    >>> RuleSet(follow="protect")
    Traceback (most recent call last):
    ...
    shengji_tutor.engine.errors.RuleSetError: follow must be one of 'no-protections', 'protect-longer', not 'protect'
    >>> RuleSet(decks=1, chao_dipi=True)
    Traceback (most recent call last):
    ...
    shengji_tutor.engine.errors.RuleSetError: chao dipi (炒地皮) overturns the trump with a pair, and one deck holds no pair: play it with 2 or 3 decks
    """

    decks: int = 2
    players: int = 4
    follow: str = "no-protections"
    throw_evaluation: str = "highest"
    kitty_multiplier: str = "times"
    throw_penalty: int = 0
    kitty_size: int | None = None
    partnership: Partnership | None = None
    """``None`` until ``__post_init__`` chooses by the number of players; a ``Partnership`` after it."""
    no_declaration: str = "redeal"
    first_dealer: str = "first-declarer"
    mandatory_levels: tuple[str, ...] = ()
    chao_dipi: bool = False
    hook_and_needle: bool = False
    red_five: str | None = None
    red_five_penalty: int = 10
    redeal: str | None = None

    def __post_init__(self) -> None:
        if self.partnership is None and type(self.players) is int:
            object.__setattr__(self, "partnership", Partnership.FRIENDS if self.players % 2 else Partnership.FIXED)
        object.__setattr__(self, "mandatory_levels", _levels(self.mandatory_levels))
        self._check_values()
        object.__setattr__(self, "partnership", Partnership(str(self.partnership)))
        if self.partnership is Partnership.FIXED and self.players % 2:
            raise RuleSetError(
                t(
                    "{n} players cannot sit in fixed partnerships; use partnership='friends' (Finding Friends)",
                    n=self.players,
                )
            )
        if self.chao_dipi and self.decks == 1:
            raise RuleSetError(
                t(
                    "chao dipi (炒地皮) overturns the trump with a pair, and one deck holds no pair: "
                    "play it with 2 or 3 decks"
                )
            )
        if self.red_five is None and self.red_five_penalty != 10:
            raise RuleSetError(
                t(
                    "red_five_penalty={penalty} is set, but no red five is played: set red_five='5H' or '5H+5D' too",
                    penalty=self.red_five_penalty,
                )
            )
        total = 54 * self.decks
        if self.kitty_size is not None:
            k = self.kitty_size
            if type(k) is not int or not 0 < k < total or (total - k) % self.players:
                raise RuleSetError(
                    t(
                        "a kitty of {kitty} cards does not leave equal hands: {total} cards minus the kitty must "
                        "divide among {n} players",
                        kitty=repr(k),
                        total=total,
                        n=self.players,
                    )
                )

    def _check_values(self) -> None:
        """Each field alone, before the fields are weighed together: switches are True or False, counts whole numbers
        in range, words among their choices."""
        for name in ("chao_dipi", "hook_and_needle"):
            if type(getattr(self, name)) is not bool:
                raise RuleSetError(
                    t("{name} must be True or False, not {value}", name=name, value=repr(getattr(self, name)))
                )
        for name, lo, hi in (
            ("decks", 1, 3),
            ("players", 4, 8),
            ("throw_penalty", 0, 1000),
            ("red_five_penalty", 0, 1000),
        ):
            value = getattr(self, name)
            if type(value) is not int or not lo <= value <= hi:
                raise RuleSetError(
                    t(
                        "{name} must be a whole number from {lo} to {hi}, not {value}",
                        name=name,
                        lo=lo,
                        hi=hi,
                        value=repr(value),
                    )
                )
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise RuleSetError(
                    t("{name} must be one of {allowed}, not {value}", name=name, allowed=allowed, value=repr(value))
                )

    @property
    def total_points(self) -> int:
        """Points in all the decks: 100 per deck."""
        return 100 * self.decks

    @property
    def kitty(self) -> int:
        """Cards in the kitty: ``kitty_size``, or derived from decks and players."""
        if self.kitty_size is not None:
            return self.kitty_size
        total, least = 54 * self.decks, 2 * self.decks + 2
        hand = (total - least) // self.players
        return total - hand * self.players

    @property
    def hand_size(self) -> int:
        """Cards each player is dealt before the kitty exchange."""
        return (54 * self.decks - self.kitty) // self.players

    @property
    def red_fives(self) -> tuple[Card, ...]:
        """The red fives (红五) of the ``red_five`` variant, highest first: (), (5♥,) or (5♥, 5♦)."""
        if self.red_five is None:
            return ()
        return tuple(Card("5", suit) for suit in self.red_five.replace("5", "").split("+"))

    @property
    def step(self) -> int:
        """The width of one band of the level table: 20 points per deck (RULES §9)."""
        return 20 * self.decks


def _plain(value: Any) -> Any:
    """A choice as the word it is (a ``Partnership`` as ``"fixed"``), so that YAML and JSON writers take it."""
    return value.value if isinstance(value, StrEnum) else value


def _levels(value: object) -> tuple[str, ...]:
    """``mandatory_levels`` as canonical ranks in rank order; anything else is refused by name."""
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise RuleSetError(
            t("mandatory_levels must be a tuple of ranks such as ('5', '10', 'K'), not {value}", value=repr(value))
        )
    ranks: list[str] = []
    for item in value:
        rank = normal_rank(item)
        if rank is None:
            raise RuleSetError(
                t("mandatory_levels holds {item}, which is not a rank (2-10, J, Q, K, A)", item=repr(item))
            )
        if rank in ranks:
            raise RuleSetError(t("mandatory_levels names {rank} twice", rank=rank))
        ranks.append(rank)
    return tuple(sorted(ranks, key=RANKS.index))


DEFAULT_RULES = RuleSet()


def rules_or_default(rules: RuleSet | None) -> RuleSet:
    """``rules``, or the house rules for ``None``; anything else is refused by name."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"rules must be a RuleSet (or None for the house rules), not {rules!r}")
    return rules


def rule_changes(rules: RuleSet) -> dict[str, Any]:
    """The fields of ``rules`` that differ from the house rules, as JSON-ready values (a tuple as a list), so that
    ``RuleSet(**rule_changes(rules)) == rules``: a puzzle's ``rules:`` and a learner's kept house rules are these.

    >>> from shengji_tutor.engine.rules import RuleSet, rule_changes
    >>> rule_changes(RuleSet(decks=3, red_five="5H")), rule_changes(RuleSet())
    ({'decks': 3, 'red_five': '5H'}, {})
    """
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"rules must be a RuleSet, not {rules!r}")
    changes: dict[str, Any] = {}
    for field in fields(RuleSet):
        value = getattr(rules, field.name)
        if value != getattr(DEFAULT_RULES, field.name):
            changes[field.name] = list(value) if isinstance(value, tuple) else _plain(value)
    return changes
