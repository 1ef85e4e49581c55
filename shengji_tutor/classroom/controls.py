"""What the classroom's screens share in laying out controls and wording refusals."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..engine.cards import sentence_case

__all__ = ["FIT", "row", "sentence"]

FIT: dict[str, Any] = {"style": {"description_width": "initial"}}
"""A control's label takes the room its words need (ipywidgets gives every label 148 px)."""


def row(*controls: w.Widget) -> w.HBox:
    """Controls side by side that wrap onto the next line on a narrow screen (none is wider than the screen:
    the course's stylesheet, ``ui/course.css``)."""
    return w.HBox(list(controls), layout=w.Layout(flex_flow="row wrap"))


def sentence(error: Exception) -> str:
    """An error's message as the start of a sentence (``capitalize`` would lower a class code's letters)."""
    return sentence_case(str(error))
