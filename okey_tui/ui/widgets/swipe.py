"""Panes that scroll when dragged: the log, the hints, the summary, the help.

In the browser a finger drawn over the game reaches it as a drag of the mouse (the page
turns touch moves into mouse moves, so that a finger can move tiles), and a swipe over
the log did nothing: only its one-column scroll bar moved it. A drag with the button
held now scrolls a pane as a swipe scrolls a page (its content follows the pointer); a
press and release without a move is still a click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.containers import VerticalScroll

if TYPE_CHECKING:
    from textual.widget import Widget

    _Scrolling = Widget
else:  # a plain mixin: a Widget base of its own put Widget's styles before the pane's
    _Scrolling = object


class DragScrolls(_Scrolling):
    """A mixin for a scrolling widget: a drag with the left button scrolls it."""

    # Where the drag began (the pointer's screen row) and how far the pane was scrolled.
    _swipe: tuple[float, float] | None = None
    # The last press was dragged up or down: the click Textual makes of its release is no
    # click (a swipe in the log that ended on its title pressed l).
    swiped = False

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._swipe = (event.screen_y, self.scroll_y) if event.button == 1 else None
        self.swiped = False

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._swipe is None:
            return
        if event.button != 1:  # let go outside the pane: the drag is over
            self._swipe = None
            return
        began, scrolled = self._swipe
        if event.screen_y == began:
            return  # along the line: a text selection on a dialog goes on
        if not self.swiped:
            # A drag up or down scrolls: not a selection of the text under it too (on a
            # dialog, whose selection would scroll the pane back as it neared an edge).
            self.swiped = True
            self.screen.clear_selection()
        target = max(0.0, min(self.max_scroll_y, scrolled - (event.screen_y - began)))
        if target != self.scroll_y:
            self.scroll_to(y=target, animate=False, immediate=True)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self._swipe = None


class SwipeScroll(DragScrolls, VerticalScroll):
    """A VerticalScroll that a drag (a finger's swipe in the browser) scrolls."""
