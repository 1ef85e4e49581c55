"""Practice's review items and rules. Every answer a learner gives — a lesson's puzzles, practice, the review
page, a live class question — is recorded by the one ``store.answers.Recorder``."""

from __future__ import annotations

from ..engine.errors import RuleSetError
from ..engine.rules import DEFAULT_RULES, RuleSet

__all__ = ["practice_item", "practice_table"]


def practice_item(kind: str, difficulty: int) -> str:
    """The review item of a practice topic: practice puzzles are generated, so the topic comes back."""
    return f"practice/{kind}/{difficulty}"


def practice_table(kept: RuleSet) -> tuple[RuleSet, str]:
    """The rules practice puzzles are made under, from a learner's house rules (``ProgressStore.house_rules``),
    and "" or why they cannot be (then RULES.md's are used): practice seats four players in fixed partnerships
    (``puzzles.generate.practice_rules``), which a table of five or six, say, does not."""
    from ..puzzles.generate import practice_rules  # the generator is loaded when a puzzle is made, not before

    try:
        return practice_rules(kept), ""
    except RuleSetError as e:
        return DEFAULT_RULES, str(e)
