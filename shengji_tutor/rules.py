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
    "kitty_multiplier": ("times", "power"),
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
    - ``kitty_multiplier``: ``"times"`` (2 × cards of the largest unit) or
      ``"power"`` (2 ** cards of the largest unit) (RULES §9).
    - ``throw_penalty``: points per failed throw given to the other side (RULES §8).

    >>> RuleSet(decks=3).decks
    3
    >>> RuleSet(follow="protect")
    Traceback (most recent call last):
    ...
    shengji_tutor.errors.RuleSetError: follow must be one of 'no-protections', 'protect-longer', not 'protect'
    """

    decks: int = 2
    players: int = 4
    follow: str = "no-protections"
    throw_evaluation: str = "highest"
    kitty_multiplier: str = "times"
    throw_penalty: int = 0

    def __post_init__(self) -> None:
        for name, lo, hi in (("decks", 1, 3), ("players", 4, 8), ("throw_penalty", 0, 1000)):
            value = getattr(self, name)
            if type(value) is not int or not lo <= value <= hi:
                raise RuleSetError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}")
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise RuleSetError(f"{name} must be one of {allowed}, not {value!r}")

    @property
    def total_points(self) -> int:
        """Points in all the decks: 100 per deck."""
        return 100 * self.decks

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
