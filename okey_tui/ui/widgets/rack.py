"""The rack widget: draws a :class:`RackLayout` with its cursor and selection."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from okey_tui.engine.melds import MeldKind, readings
from okey_tui.engine.tiles import Tile
from okey_tui.i18n import _
from okey_tui.messages import meld_kind
from okey_tui.ui.rack import ROWS, RackLayout
from okey_tui.ui.tiles import (
    FACE,
    FACE_CURSOR,
    FACE_CURSOR_SELECTED,
    FACE_FRESH,
    FACE_OKEY,
    FACE_SELECTED,
    face_lines,
)

SLOT = 4  # a 3-cell tile face and a 1-cell gap
PAD = 1
LABEL_MELD = "#b6f0a0"
LABEL_NONE = "#a07850"


def group_label(tiles: list[Tile], okey: Tile, pairs_only: bool = False) -> tuple[str, bool]:
    """What shows under a group: its best meld and value, or a neutral mark (for a seat
    that lays only pairs, a run or a set is no meld)."""
    found = readings(tiles, okey, (MeldKind.PAIR,) if pairs_only else None)
    if not found:
        return "·", False
    best = found[0]
    if best.kind is MeldKind.PAIR:
        return meld_kind(best.kind), True
    return f"{meld_kind(best.kind)} {best.value}", True


def label_place(
    label: str, width: int, point: int = -1, keep: frozenset[int] = frozenset()
) -> tuple[int, str]:
    """Where a group's value goes on its line ``width`` cells long, and as what text: in
    the middle, or beside cell ``point`` (the cursor's ▲) and the cells in ``keep`` (the
    new tile's mark) rather than over them.

    >>> label_place("Run 27", 11)
    (1, ' Run 27 ')
    >>> label_place("Pair", 7, point=1)
    (2, ' Pair')
    >>> label_place("Pair", 7, point=5)
    (0, 'Pair ')
    >>> label_place("Run 27", 11, point=5)  # no room beside it: the points alone
    (1, ' 27 ')
    >>> label_place("Set 30", 11, point=5)[1]
    ' 30 '
    >>> label_place("Pair", 7, point=3)  # no shorter form: the label covers the ▲
    (0, ' Pair ')
    >>> label_place("Set 30", 11, keep=frozenset(range(8, 12)))  # beside "new" on the right
    (0, ' Set 30 ')
    """
    if len(label) + 2 > width:
        return 0, label[:width]
    middle = (width - len(label) - 2) // 2, f" {label} "
    blocked = set(keep) | ({point} if point >= 0 else set())
    if not blocked:
        return middle
    kind, _space, points = label.rpartition(" ")
    tried = [label, points] if kind and points.isdigit() else [label]
    for word in tried:
        placed = _beside(word, width, blocked)
        if placed is not None:
            return placed
    return middle


def _beside(label: str, width: int, blocked: set[int]) -> tuple[int, str] | None:
    """``label`` on a line ``width`` cells long, nearest its middle without covering the
    ``blocked`` cells: with a space each side if there is room, else a space on the side
    of a blocked cell next to it, else none."""
    shapes = [(f" {label} ", True, True), (f" {label}", True, False), (f"{label} ", False, True)]
    # Never glued to a blocked cell ("pairnew"): with no room for a space, no label.
    for text, spaced_before, spaced_after in shapes:
        centre = (width - len(text)) // 2
        starts = [
            s
            for s in range(width - len(text) + 1)
            if not blocked & set(range(s, s + len(text)))
            and (spaced_before or s - 1 not in blocked)
            and (spaced_after or s + len(text) not in blocked)
        ]
        if starts:
            return min(starts, key=lambda s: (abs(s - centre), s)), text
    return None


class RackWidget(Widget):
    """Two rows of slots. The table screen sets ``layout``, ``cursor`` and ``selected``."""

    can_focus = False

    class SlotClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class GroupClicked(Message):
        """The value label under a group was clicked: the group's slots."""

        def __init__(self, indices: list[int]) -> None:
            super().__init__()
            self.indices = indices

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
        self.fresh: set[int] = set()  # the tile just drawn or taken
        self.colour_blind = False
        self.mark_okeys = False  # practice tables: okeys on a face of their own
        self.pairs_only = False  # a pairs opener (or Going Pairs): only pairs are melds
        self._press: int | None = None
        self._drawn: tuple[object, ...] | None = None  # what the last refresh drew

    def show(
        self,
        layout: RackLayout,
        okey: Tile,
        cursor: int,
        selected: set[int],
        colour_blind: bool,
        fresh: set[int] | None = None,
    ) -> None:
        self.layout_model = layout
        self.okey = okey
        self.cursor = cursor
        self.selected = set(selected)
        self.fresh = set(fresh or ())
        self.colour_blind = colour_blind
        drawn = self.drawn()
        if drawn != self._drawn:  # a key that changed nothing here redraws nothing
            self._drawn = drawn
            self.refresh()

    def drawn(self) -> tuple[object, ...]:
        """Everything :meth:`render` draws from, besides the widget's size."""
        rack = self.layout_model
        return (
            tuple(rack.slots),
            rack.cols,
            self.okey,
            self.cursor,
            frozenset(self.selected),
            frozenset(self.fresh),
            self.colour_blind,
            self.mark_okeys,
            self.pairs_only,
        )

    def labels(self) -> dict[int, tuple[str, bool, int]]:
        """Group start slot -> (label, is a meld, group length), for groups of two or more."""
        rack = self.layout_model
        found: dict[int, tuple[str, bool, int]] = {}
        if self.okey is None:
            return found
        for group in rack.groups():
            if len(group) < 2:
                continue
            tiles = [t for i in group if (t := rack.slots[i]) is not None]
            label, ok = group_label(tiles, self.okey, self.pairs_only)
            found[group[0]] = (label, ok, len(group))
        return found

    def render(self) -> Text:
        rack = self.layout_model
        okey = self.okey
        wood = Style()  # the rack's own background (okey.tcss: wood, or grey in the dark look)
        marker_style = Style(color="#ffd24a", bold=True)
        out = Text()
        pad = self.pad()
        labels = self.labels()
        for row in range(ROWS):
            # The cursor's slot has a mark on either side, in the gaps: it shows whatever
            # the line under it shows, and in any colours.
            edge = " " * (pad - 1)
            before = "▐" if self.cursor == rack.index(row, 0) else " "
            top = Text(edge, wood).append(before, marker_style)
            bottom = Text(edge, wood).append(before, marker_style)
            marks = Text(" " * pad, wood)
            col = 0
            while col < rack.cols:
                index = rack.index(row, col)
                tile = rack.slots[index]
                face = FACE
                if index in self.fresh:
                    face = FACE_FRESH
                if index in self.selected:
                    face = FACE_SELECTED
                if index == self.cursor:
                    face = FACE_CURSOR if index not in self.selected else FACE_CURSOR_SELECTED
                okey_mark = self.mark_okeys and tile is not None and tile == okey
                if okey_mark and face == FACE:
                    face = FACE_OKEY
                if tile is None or okey is None:
                    empty = Style(color="#a07850")
                    if index == self.cursor:
                        empty = Style(color="#1a1a1a", bgcolor=FACE_CURSOR)
                    top.append(" · ", empty)
                    bottom.append("   ", empty)
                else:
                    t, b = face_lines(tile, okey, face=face, colour_blind=self.colour_blind)
                    top.append_text(t)
                    bottom.append_text(b)
                gap = " "
                if index == self.cursor:
                    gap = "▌"
                elif col + 1 < rack.cols and index + 1 == self.cursor:
                    gap = "▐"
                top.append(gap, marker_style if gap != " " else wood)
                bottom.append(gap, marker_style if gap != " " else wood)
                col += 1
            marks.append_text(self._mark_line(row, labels, okey, marker_style, wood))
            for line in (top, bottom, marks):
                out.append_text(line)
                out.append("\n")
        out.rstrip()
        return out

    def _mark_line(
        self,
        row: int,
        labels: dict[int, tuple[str, bool, int]],
        okey: Tile | None,
        marker: Style,
        wood: Style,
    ) -> Text:
        """Under the tiles: each group's value, the cursor, the new tile, marked okeys."""
        rack = self.layout_model
        line = Text()
        col = 0
        while col < rack.cols:
            index = rack.index(row, col)
            if index in labels:
                label, ok, length = labels[index]
                width = length * SLOT - 1
                style = Style(color=LABEL_MELD if ok else LABEL_NONE, bold=ok)
                rule = "─" if ok else " "
                # The cursor's ▲ shows under its tile, the value beside it where there is room.
                point = (self.cursor - index) * SLOT + 1
                if not index <= self.cursor < index + length:
                    point = -1
                # A new tile's mark shows under it as under a tile alone: its own cells
                # and the gap after it (after the group's last tile, the one after the line).
                # Once selected, it is marked as selected (the selection is what acts).
                fresh = [
                    i
                    for i in sorted(self.fresh)
                    if index <= i < index + length and i not in self.selected
                ]
                # A selected tile is marked under it as a selected tile alone is: the
                # selection shows in its shape as well as in its colour.
                chosen = [
                    i
                    for i in sorted(self.selected)
                    if index <= i < index + length and i != self.cursor
                ]
                # (the cursor's selected tile too: its marks are drawn round the ▲)
                marked = [*fresh, *chosen]
                if point >= 0 and self.cursor in self.selected:
                    marked.append(self.cursor)
                keep = frozenset(
                    c for i in marked for c in range((i - index) * SLOT, (i - index + 1) * SLOT)
                )
                # A rule cell between the value and a mark beside it: "new run 34" read as
                # one phrase, "new ─ run 34" does not.
                apart = frozenset(c + d for c in keep for d in (-1, 0, 1))
                left, text = label_place(label, width, point, apart)
                cells = [(rule, style)] * width + [(" ", wood)]
                if not keep & set(range(left, left + len(text))):
                    cells[left : left + len(text)] = [(ch, style) for ch in text]
                if point >= 0 and point not in keep and not left <= point < left + len(text):
                    cells[point] = ("▲", marker)
                if point >= 0 and self.cursor in self.selected:
                    # The cursor on a selected tile: the ▲ between the selection's marks, so
                    # the cursor no longer hides whether its tile is selected.
                    at = (self.cursor - index) * SLOT
                    cells[at : at + SLOT - 1] = [("▔", marker), ("▲", marker), ("▔", marker)]
                for i in chosen:
                    at = (i - index) * SLOT
                    cells[at : at + SLOT - 1] = [("▔", marker)] * (SLOT - 1)
                for i in fresh:
                    mark, mark_style = self._fresh_mark(i, marker)
                    at = (i - index) * SLOT
                    cells[at : at + SLOT] = [(ch, mark_style) for ch in mark]
                for ch, cell in cells:
                    line.append(ch, cell)
                col += length
                continue
            tile = rack.slots[index]
            if index in self.fresh and tile is not None and index not in self.selected:
                line.append(*self._fresh_mark(index, marker))
            elif index == self.cursor:
                line.append("▔▲▔ " if index in self.selected else " ▲  ", marker)
            elif index in self.selected:
                line.append("▔▔▔ ", marker)
            elif self.mark_okeys and tile is not None and tile == okey:
                line.append(_("okey")[:4], marker)
            else:
                line.append("    ", wood)
            col += 1
        return line

    def _fresh_mark(self, index: int, marker: Style) -> tuple[str, Style]:
        """The 4 cells under the new tile in slot ``index``: the word, the cursor's ▲ too."""
        word = _("new")
        if index != self.cursor:
            return f"{word[:4]:<4}", marker
        if len(word) > 3:
            # No room for the cursor's ▲ beside a longer word ("yeni"): the word shows it.
            return f"{word[:4]:<4}", marker + Style(reverse=True)
        return f"▲{word:<3}", marker

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
            group = self.layout_model.group_at(source)
            if event.y % 3 == 2 and len(group) > 1:
                self.post_message(self.GroupClicked(group))
            else:
                self.post_message(self.SlotClicked(source))
        else:
            self.post_message(
                self.TileDragged(source, target, int(event.screen_x), int(event.screen_y))
            )
