"""A panel that opens and closes under a real button, so that the keyboard reaches it (ipywidgets' Accordion draws
its header as a div that Tab skips)."""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import traitlets

from ...i18n import t

__all__ = ["Disclosure"]


class Disclosure(w.VBox):  # type: ignore[misc]
    """``title`` on a button; pressing it (click, Enter or Space) shows or hides ``content``. ``selected_index`` is 0
    while open and None while closed, as an Accordion's, so a caller may observe it.

    >>> import ipywidgets as w
    >>> from shengji_tutor.ui.widgets.disclosure import Disclosure
    >>> panel = Disclosure(w.VBox(), "House rules")
    >>> panel.toggle.description, panel.body.layout.display
    ('▸ House rules', 'none')
    >>> panel.toggle.click(); panel.toggle.description, panel.selected_index, panel.body.layout.display
    ('▾ House rules', 0, None)
    """

    selected_index = traitlets.Int(None, allow_none=True)

    def __init__(self, content: w.Widget, title: str) -> None:
        self.content = content
        self.title = title
        self.toggle = w.Button(
            description=f"▸ {title}", tooltip=t("Show or hide: {title}", title=title), layout=w.Layout(width="auto")
        )
        self.toggle.add_class("sjt-disclosure-toggle")
        self.body = w.Box([content])
        self.body.layout.display = "none"
        super().__init__([self.toggle, self.body])
        self.add_class("sjt-disclosure")
        self.toggle.on_click(lambda _b: setattr(self, "selected_index", None if self.selected_index == 0 else 0))
        self.observe(self._draw, "selected_index")

    def get_title(self, index: int) -> str:
        """The panel's title (``index`` 0: it has one panel, as an Accordion of one)."""
        if index != 0:
            raise IndexError(f"a disclosure has one panel, not {index + 1}")
        return self.title

    def _draw(self, _change: Any = None) -> None:
        shown = self.selected_index == 0
        self.toggle.description = f"{'▾' if shown else '▸'} {self.title}"
        self.body.layout.display = None if shown else "none"
