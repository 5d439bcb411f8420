"""A Static that redraws only when what it shows has changed.

The table screen shows every box again after each key (``render_all``): the rack's
cursor moved, the panels, piles and melds are as they were. Textual lays out and
redraws a Static on every ``update``, even with the same text; a box here is left
alone when its new text equals the one it shows, so a key costs one redraw of the
boxes it changed, not of the whole table. A box whose size its text cannot change (a
width and a height of its own, or its container's share, not ``auto``) is not laid out
again for a new text either: Textual laid out and redrew the whole screen for a panel's
new line, where the box alone needs drawing again.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.css.scalar import Scalar
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def same_text(a: object, b: object) -> bool:
    """Equal texts: the same characters, spans and base style (rich compares the first two)."""
    return isinstance(a, Text) and isinstance(b, Text) and a == b and a.style == b.style


class SteadyStatic(Static):
    """A Static whose ``update`` with the text it already shows does nothing."""

    _shown: VisualType | None = None
    # The width the box's text was laid out for and the lines it took (a box whose height
    # alone follows its text): a new text of as many lines at that width needs no layout.
    _text_lines_at: tuple[int, int] | None = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if same_text(content, self._shown):
            return
        self._shown = content.copy() if isinstance(content, Text) else content
        if not (layout and self.sized_by_text()):
            self._text_lines_at = None
            super().update(content, layout=False)
            return
        width = self.content_size.width
        before, self._text_lines_at = self._text_lines_at, None
        if not width or not self.height_alone_follows():
            super().update(content, layout=True)
            return
        super().update(content, layout=False)
        # (Textual's own measure, kept for the layout when there is one.)
        lines = self.get_content_height(self.size, self.app.size, width)
        self._text_lines_at = (width, lines)
        if self._text_lines_at != before:
            self.refresh(layout=True)  # another height: the screen is laid out again

    def sized_by_text(self) -> bool:
        """Whether what the box shows can change its size: a width or height ``auto``, or
        a share (``1fr``, ``100%``) of a container sized by what it holds."""
        return not (self.fixed_width() and self.fixed_height())

    def height_alone_follows(self) -> bool:
        """A box whose text can change its height, not its width (the status line, the
        key bar: as wide as the screen, as high as their lines)."""
        return self.fixed_width() and self.styles.height is not None and self.styles.height.is_auto

    def fixed_width(self) -> bool:
        parent = self.parent
        return fixed_size(self.styles.width, parent is None or parent.styles.is_auto_width)

    def fixed_height(self) -> bool:
        parent = self.parent
        return fixed_size(self.styles.height, parent is None or parent.styles.is_auto_height)


def fixed_size(size: Scalar | None, parent_auto: bool) -> bool:
    """A width or height that what the box holds cannot change: cells, or a share of a
    container whose own size does not follow what it holds (no size at all is a share:
    the box fills its container)."""
    if size is None:
        return not parent_auto
    if size.is_auto:
        return False
    return size.is_cells or not parent_auto


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
