"""The coach's verdicts as JSON: a coached hand half played is saved with the grades its decisions got.

A verdict took the play-outs a second or so to measure; saving it keeps the
learner's graded decisions as they were told them, rather than measuring them again
(with other deals, a close call could come out the other way). Cards are tokens
such as ``"10H"``; a Finding Friends call's ``(card, ordinal)`` a two-item list. The
runs behind each figure (one value per sampled deal) are not kept: nothing shown
after the verdict reads them, and they are most of its size.

A verdict is kept as what it is made of, not as sentences: its reasons are said again
when it is read (``coaching.reasons_for``, from the decision's view), in the language
of the page that reads it, so a hand begun in Chinese reads in English after a switch.

>>> from shengji_tutor.engine.cards import parse_cards
>>> from shengji_tutor.play.coaching import Assessment, Option
>>> from shengji_tutor.play.round import DecisionKind
>>> from shengji_tutor.play.verdict import RaceStatus
>>> from shengji_tutor.play.saved_verdicts import assessment_from_dict, assessment_to_dict
>>> mine = Option(tuple(parse_cards("3S")), -0.2, 0.05, 0.15, 0.04, status=RaceStatus.WORSE)
>>> best = Option(tuple(parse_cards("AS")), -0.05, 0.05, 0.0, 0.0, status=RaceStatus.BEST)
>>> verdict = Assessment(DecisionKind.PLAY, mine, best, (best, mine), ("A♠ wins the trick.",), 24)
>>> saved = assessment_to_dict(verdict)
>>> "reasons" in saved, assessment_from_dict(saved, lambda kind, chosen, top: ("A♠ wins the trick.",)) == verdict
(False, True)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any, TypeAlias

from ..engine.cards import Card
from ..engine.errors import ShengjiError
from .coaching import Assessment, Option
from .round import DecisionKind
from .search import PlayValue
from .verdict import RaceStatus

__all__ = ["SavedVerdictError", "assessment_from_dict", "assessment_to_dict", "choice_from_json", "choice_to_json"]

_KINDS = frozenset(DecisionKind) - {DecisionKind.DEAL, DecisionKind.SHOW}
"""The decisions the coach judges."""
_STATUSES = tuple(status.value for status in RaceStatus)
_FIGURES = ("value", "stderr", "loss", "error")


class SavedVerdictError(ShengjiError):
    """A saved verdict that cannot be read (the message names what is wrong)."""


def assessment_to_dict(assessment: Assessment) -> dict[str, Any]:
    """``assessment`` as JSON-ready data."""
    return {
        "kind": assessment.kind,
        "options": [_option_to_dict(o) for o in assessment.options],
        "chosen": _option_to_dict(assessment.chosen),
        "best": _option_to_dict(assessment.best),
        "samples": assessment.samples,
    }


Words: TypeAlias = Callable[[DecisionKind, Option, Option], tuple[str, ...]]
"""Says a verdict's reasons from its kind, the choice and the best (``coaching.reasons_for`` with its view)."""


def assessment_from_dict(data: Any, words: Words) -> Assessment:
    """The ``Assessment`` that ``assessment_to_dict`` wrote, its reasons said by ``words`` in the language read now
    (sentences an older version kept are not read); ``SavedVerdictError`` names what is wrong."""
    try:
        kind = data["kind"]
        if kind not in _KINDS:
            raise SavedVerdictError(f"a verdict is on a play, burial, declaration, call or overturn, not {kind!r:.30}")
        options = tuple(_option_from_dict(o) for o in data["options"])
        chosen, best = _option_from_dict(data["chosen"]), _option_from_dict(data["best"])
        samples = data["samples"]
        if type(samples) is not int or samples < 0:
            raise SavedVerdictError(f"a verdict's deals are counted by a whole number, not {samples!r:.20}")
        kind = DecisionKind(kind)
        return Assessment(kind, chosen, best, options, words(kind, chosen, best), samples)
    except SavedVerdictError:
        raise
    except (ShengjiError, KeyError, TypeError, ValueError, IndexError) as e:
        raise SavedVerdictError(f"not a saved verdict: {type(e).__name__}: {e}") from None


def choice_to_json(choice: tuple[Any, ...]) -> list[Any]:
    """A decision's cards (or a call's ``(card, ordinal)`` pairs) as JSON: tokens, and ``[token, ordinal]`` lists."""
    return [_item_to_json(c) for c in choice]


def choice_from_json(data: Any) -> tuple[Any, ...]:
    """The choice ``choice_to_json`` wrote; ``SavedVerdictError`` names what is wrong."""
    try:
        return tuple(_item_from_json(c) for c in data)
    except SavedVerdictError:
        raise
    except (ShengjiError, TypeError, ValueError) as e:
        raise SavedVerdictError(f"not a saved choice of cards: {type(e).__name__}: {e}") from None


def _option_to_dict(option: Option) -> dict[str, Any]:
    out: dict[str, Any] = {"choice": choice_to_json(option.choice), "status": option.status}
    out.update({name: getattr(option, name) for name in _FIGURES})
    if option.detail is not None:
        detail = dataclasses.asdict(option.detail)
        detail["play"] = [str(c) for c in option.detail.play]
        out["detail"] = detail
    return out


def _option_from_dict(data: Any) -> Option:
    status = data["status"]
    if status not in _STATUSES:
        raise SavedVerdictError(f"a verdict's status is one of {', '.join(map(repr, _STATUSES))}, not {status!r:.20}")
    value, stderr, loss, error = (_number(data[name], name) for name in _FIGURES)
    detail = None
    if data.get("detail") is not None:
        fields = dict(data["detail"])
        fields["play"] = tuple(Card.parse(t) for t in fields["play"])
        detail = PlayValue(**fields)
    choice = choice_from_json(data["choice"])
    return Option(choice, value, stderr, loss, error, detail=detail, status=RaceStatus(status))


def _number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise SavedVerdictError(f"a verdict's {name} is a number, not {value!r:.20}")
    return float(value)


def _item_to_json(item: Any) -> Any:
    """A card as its token; a call's ``(card, ordinal)`` as ``[token, ordinal]``."""
    if isinstance(item, Card):
        return str(item)
    card, ordinal = item
    return [str(card), int(ordinal)]


def _item_from_json(item: Any) -> Any:
    if isinstance(item, str):
        return Card.parse(item)
    token, ordinal = item
    if type(ordinal) is not int:
        raise SavedVerdictError(f"a call names which copy by a whole number, not {ordinal!r:.20}")
    return (Card.parse(token), ordinal)
