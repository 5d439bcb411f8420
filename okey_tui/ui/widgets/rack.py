"""The rack widget: draws a :class:`RackLayout` with its cursor and selection."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import ROWS, RackLayout
from okey_tui.ui.tiles import FACE, FACE_CURSOR, FACE_SELECTED, face_lines

SLOT = 4  # a 3-cell tile face and a 1-cell gap
WOOD = "#6b4423"
PAD = 1
OKEY_FACE = "#c9efc0"  # a marked okey: a green face


class RackWidget(Widget):
    """Two rows of slots. The table screen sets ``layout``, ``cursor`` and ``selected``."""

    can_focus = False

    class SlotClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class TileDragged(Message):
        """A tile was dragged from slot ``source`` and dropped at screen position (x, y)."""

        def __init__(self, source: int, target: int | None, x: int, y: int) -> None:
            super().__init__()
            self.source = source
            self.target = target
            self.screen_x = x
            self.screen_y = y

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.layout_model = RackLayout()
        self.okey: Tile | None = None
        self.cursor = 0
        self.selected: set[int] = set()
        self.colour_blind = False
        self.mark_okeys = False  # practice tables: okeys on a face of their own
        self._press: int | None = None

    def show(
        self, layout: RackLayout, okey: Tile, cursor: int, selected: set[int], colour_blind: bool
    ) -> None:
        self.layout_model = layout
        self.okey = okey
        self.cursor = cursor
        self.selected = set(selected)
        self.colour_blind = colour_blind
        self.refresh()

    def render(self) -> Text:
        rack = self.layout_model
        okey = self.okey
        wood = Style(bgcolor=WOOD)
        marker_style = Style(color="#ffd24a", bgcolor=WOOD, bold=True)
        out = Text()
        pad = self.pad()
        for row in range(ROWS):
            top, bottom, marks = Text(" " * pad, wood), Text(" " * pad, wood), Text(" " * pad, wood)
            for col in range(rack.cols):
                index = rack.index(row, col)
                tile = rack.slots[index]
                face = FACE
                if index in self.selected:
                    face = FACE_SELECTED
                if index == self.cursor:
                    face = FACE_CURSOR if index not in self.selected else "#9be7a0"
                okey_mark = self.mark_okeys and tile is not None and tile == okey
                if okey_mark and face == FACE:
                    face = OKEY_FACE
                if tile is None or okey is None:
                    empty = Style(color="#a07850", bgcolor=WOOD)
                    if index == self.cursor:
                        empty = Style(color="#1a1a1a", bgcolor=FACE_CURSOR)
                    top.append(" · ", empty)
                    bottom.append("   ", empty)
                else:
                    t, b = face_lines(tile, okey, face=face, colour_blind=self.colour_blind)
                    top.append_text(t)
                    bottom.append_text(b)
                top.append(" ", wood)
                bottom.append(" ", wood)
                if index == self.cursor:
                    marks.append(" ▲  ", marker_style)
                elif index in self.selected:
                    marks.append("▔▔▔ ", marker_style)
                elif okey_mark:
                    marks.append("okey", marker_style)
                else:
                    marks.append("    ", wood)
            for line in (top, bottom, marks):
                out.append_text(line)
                out.append("\n")
        out.rstrip()
        return out

    def pad(self) -> int:
        """Cells left of the first slot: the rack sits in the middle."""
        return max(PAD, (self.size.width - self.layout_model.cols * SLOT) // 2)

    def slot_at(self, x: int, y: int) -> int | None:
        """The slot under a point in the widget's content, or None."""
        rack = self.layout_model
        pad = self.pad()
        col = (x - pad) // SLOT
        row = y // 3
        if x < pad or not 0 <= col < rack.cols or not 0 <= row < ROWS:
            return None
        return rack.index(row, col)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._press = self.slot_at(event.x, event.y)
        if self._press is not None:
            self.capture_mouse()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        source, self._press = self._press, None
        self.capture_mouse(False)
        if source is None:
            return
        inside = self.region.contains(event.screen_x, event.screen_y)
        target = self.slot_at(event.x, event.y) if inside else None
        if inside and target == source:
            self.post_message(self.SlotClicked(source))
        else:
            self.post_message(
                self.TileDragged(source, target, int(event.screen_x), int(event.screen_y))
            )
