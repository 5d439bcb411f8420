"""A Static that redraws only when what it shows has changed.

The table screen shows every box again after each key (``render_all``): the rack's
cursor moved, the panels, piles and melds are as they were. Textual lays out and
redraws a Static on every ``update``, even with the same text; a box here is left
alone when its new text equals the one it shows, so a key costs one redraw of the
boxes it changed, not of the whole table.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def same_text(a: object, b: object) -> bool:
    """Equal texts: the same characters, spans and base style (rich compares the first two)."""
    return isinstance(a, Text) and isinstance(b, Text) and a == b and a.style == b.style


class SteadyStatic(Static):
    """A Static whose ``update`` with the text it already shows does nothing."""

    _shown: VisualType | None = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if same_text(content, self._shown):
            return
        self._shown = content.copy() if isinstance(content, Text) else content
        super().update(content, layout=layout)


def set_title(widget: Widget, title: str) -> None:
    """Sets a box's border title, as text (a name may hold "[/b]": never markup);
    Textual redraws the box on every assignment, so only a new title is assigned."""
    shown = Content(title)
    if widget.border_title != shown.markup:
        widget.border_title = shown


def set_subtitle(widget: Widget, subtitle: str) -> None:
    """Sets a box's border subtitle, as :func:`set_title` does its title."""
    shown = Content(subtitle)
    if widget.border_subtitle != shown.markup:
        widget.border_subtitle = shown
