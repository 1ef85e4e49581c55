"""Rule variants: ``RuleSet``, a frozen switchboard of the house rules' variants.

Every field's default is the house rule in RULES.md; each other value is a
variant named there. Functions take ``rules=None`` to mean ``RuleSet()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleSetError

__all__ = ["DEFAULT_RULES", "RuleSet", "rules_or_default"]

_CHOICES = {
    "follow": ("no-protections", "protect-longer"),
    "throw_evaluation": ("highest", "all"),
    "kitty_multiplier": ("times", "power", "cards"),
    "partnership": ("fixed", "friends"),
    "no_declaration": ("redeal", "kitty"),
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

    >>> from shengji_tutor import RuleSet
    >>> RuleSet(decks=3).decks
    3
    >>> RuleSet(follow="protect")
    Traceback (most recent call last):
    ...
    shengji_tutor.engine.errors.RuleSetError: follow must be one of 'no-protections', 'protect-longer', not 'protect'
    """

    decks: int = 2
    players: int = 4
    follow: str = "no-protections"
    throw_evaluation: str = "highest"
    kitty_multiplier: str = "times"
    throw_penalty: int = 0
    kitty_size: int | None = None
    partnership: str | None = None
    no_declaration: str = "redeal"

    def __post_init__(self) -> None:
        if self.partnership is None and type(self.players) is int:
            object.__setattr__(self, "partnership", "fixed" if self.players % 2 == 0 else "friends")
        for name, lo, hi in (("decks", 1, 3), ("players", 4, 8), ("throw_penalty", 0, 1000)):
            value = getattr(self, name)
            if type(value) is not int or not lo <= value <= hi:
                raise RuleSetError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}")
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise RuleSetError(f"{name} must be one of {allowed}, not {value!r}")
        if self.partnership == "fixed" and self.players % 2:
            raise RuleSetError(
                f"{self.players} players cannot sit in fixed partnerships; use partnership='friends' (Finding Friends)"
            )
        total = 54 * self.decks
        if self.kitty_size is not None:
            k = self.kitty_size
            if type(k) is not int or not 0 < k < total or (total - k) % self.players:
                raise RuleSetError(
                    f"a kitty of {k!r} cards does not leave equal hands: {total} cards minus the kitty must "
                    f"divide among {self.players} players"
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
    def step(self) -> int:
        """The width of one band of the level table: 20 points per deck (RULES §9)."""
        return 20 * self.decks


DEFAULT_RULES = RuleSet()


def rules_or_default(rules: RuleSet | None) -> RuleSet:
    """``rules``, or the house rules for ``None``; anything else is refused by name."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"rules must be a RuleSet (or None for the house rules), not {rules!r}")
    return rules
