"""The widget kit the lessons are built from (ipywidgets 8 + anywidget).

Python owns the state and the rules; each widget's ES module only draws what
Python sends and reports clicks. Every value from the browser is validated in
Python, and answer keys never leave the kernel.
"""

from __future__ import annotations

from ._base import BrowserError, SafeWidget
from .confirm import Confirm
from .disclosure import Disclosure
from .hand_picker import HandPicker
from .puzzle_card import ANSWER_KINDS, PuzzleCard
from .trick_table import TrickTable
from .trump_chooser import TrumpChooser

__all__ = [
    "ANSWER_KINDS",
    "BrowserError",
    "Confirm",
    "Disclosure",
    "HandPicker",
    "PuzzleCard",
    "SafeWidget",
    "TrickTable",
    "TrumpChooser",
]
