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


def short_label(label: str) -> str:
    """A group's value in few cells, for a line crowded with marks: the points with the
    kind's first letter ("run 27" → "r27", "seri 27" → "s27"); a pair or "·" as it is.

    >>> short_label("run 27"), short_label("pair"), short_label("·")
    ('r27', 'pair', '·')
    """
    kind, _space, points = label.rpartition(" ")
    if kind and points.isdigit():
        return f"{kind[0]}{points}"
    return label


def label_place(
    label: str, width: int, taken: frozenset[int] = frozenset(), apart: frozenset[int] = frozenset()
) -> tuple[int, str] | None:
    """Where a group's value goes on its line ``width`` cells long, and as what text:
    nearest the middle, covering neither the ``taken`` cells (the marks under the tiles)
    nor the ``apart`` ones (a rule cell kept between a word and the value); never glued
    to a mark ("pairnew"): a space or a rule cell between them. None: no room.

    >>> label_place("run 27", 11)
    (1, ' run 27 ')
    >>> label_place("pair", 7, taken=frozenset({1}))  # beside the cursor's ▲
    (2, ' pair')
    >>> label_place("pair", 7, taken=frozenset({5}))
    (0, 'pair ')
    >>> label_place("run 27", 11, taken=frozenset({5})) is None  # no room beside the ▲
    True
    >>> label_place("r27", 11, taken=frozenset({5}))
    (0, ' r27 ')
    >>> new = frozenset(range(4, 8))  # "new " under the middle tile, a rule cell each side
    >>> label_place("r27", 11, taken=new, apart=frozenset({3, 8}))
    (0, 'r27')
    """
    if not taken and not apart:
        if len(label) + 2 > width:
            return 0, label[:width]
        return (width - len(label) - 2) // 2, f" {label} "
    shapes = [f" {label} ", f" {label}", f"{label} ", label]
    # A space between the value and a rule cell where there is room ("run 15 ─new").
    for touching in (taken | apart, taken):
        for text in shapes:
            spaced_before, spaced_after = text.startswith(" "), text.endswith(" ")
            centre = (width - len(text)) // 2
            starts = [
                s
                for s in range(width - len(text) + 1)
                if not (taken | apart) & set(range(s, s + len(text)))
                and (spaced_before or s - 1 not in touching)
                and (spaced_after or s + len(text) not in touching)
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
                for ch, cell in self._group_line(index, length, label, ok, marker, wood):
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

    def _group_line(
        self, index: int, length: int, label: str, ok: bool, marker: Style, wood: Style
    ) -> list[tuple[str, Style]]:
        """The cells under a group of ``length`` tiles from slot ``index`` (and the gap
        after it): the group's value and each tile's marks, none over another.

        Each tile's marks show under it: the cursor's ▲, a selected tile's ▔▔▔, the new
        tile's word. The value goes beside them, whole if there is room, else as its
        points with the kind's letter ("r27"). On a line too crowded even so, the marks
        give room in turn: the ▲ first (the cursor's tile keeps its ▐ ▌ either side),
        then the new tile's word for a "+" under it; last, the value goes over a
        selected tile's ▔▔▔ (its colour still shows it). The value is never hidden."""
        width = length * SLOT - 1
        style = Style(color=LABEL_MELD if ok else LABEL_NONE, bold=ok)
        rule = "─" if ok else " "
        inside = range(index, index + length)
        cursor = self.cursor if self.cursor in inside else -1
        # A new tile once selected is marked as selected (the selection is what acts).
        fresh = [i for i in sorted(self.fresh) if i in inside and i not in self.selected]
        chosen = [i for i in sorted(self.selected) if i in inside]
        forms = list(dict.fromkeys([label, short_label(label)]))
        # (▲ shown, "new" as a word, the value may cover ▔▔▔), the fullest first.
        for arrow, word, over in [
            (True, True, False),
            (False, True, False),
            (True, False, False),
            (False, False, False),
            (True, False, True),
            (False, False, True),
        ]:
            if not arrow and cursor < 0 and not over:
                continue  # no ▲ to give up: the same as the step before
            marks: dict[int, tuple[str, Style]] = {}
            taken: set[int] = set()
            apart: set[int] = set()
            for i in chosen:
                at = (i - index) * SLOT
                # The cursor on a selected tile: the ▲ between the selection's marks, so the
                # cursor does not hide whether its tile is selected.
                shape = "▔▲▔" if i == cursor else "▔▔▔"
                marks.update({at + k: (ch, marker) for k, ch in enumerate(shape)})
                if not over:
                    # A rule cell between the value and a mark beside it.
                    taken |= set(range(at, at + SLOT))
                    apart |= {at - 1, at + SLOT}
                elif i == cursor and arrow:
                    taken |= set(range(at, at + SLOT - 1))
            if arrow and cursor >= 0 and cursor not in chosen and (cursor not in fresh or not word):
                marks[(cursor - index) * SLOT + 1] = ("▲", marker)
                taken.add((cursor - index) * SLOT + 1)
            for i in fresh:
                at = (i - index) * SLOT
                if word:
                    # As under a tile alone: its own cells and the gap after it (after the
                    # group's last tile, the one after the line). A rule cell between it and
                    # the value: "new run 34" read as one phrase, "new ─ run 34" does not.
                    text, mark_style = self._fresh_mark(i, marker, arrow)
                    marks.update({at + k: (ch, mark_style) for k, ch in enumerate(text)})
                    taken |= set(range(at, at + SLOT))
                    apart |= {at - 1, at + SLOT}
                else:  # beside the ▲ when the cursor is on it: "▲+"
                    plus = at + 2 if arrow and i == cursor else at + 1
                    marks[plus] = ("+", marker)
                    taken.add(plus)
            # Over a selection's marks, the shortest value covers the fewest, and it may
            # take the gap after the group too.
            tries = [(text, width) for text in (reversed(forms) if over else forms)]
            if over:
                tries += [(text, width + 1) for text in reversed(forms)]
            for text, room in tries:
                placed = label_place(text, room, frozenset(taken), frozenset(apart))
                if placed is not None:
                    break
            if placed is not None:
                break
        if placed is None:
            # Two new tiles side by side, a "+" under each: the value between them, over
            # what it must (the tiles' own colour still shows them new).
            placed = label_place(forms[-1], width) or (0, forms[-1][:width])
        cells = [(rule, style)] * width + [(" ", wood)]
        left, text = placed
        for k, ch in enumerate(text):
            cells[left + k] = (ch, style)
        for at, cell in marks.items():
            if not left <= at < left + len(text):
                cells[at] = cell
        return cells

    def _fresh_mark(self, index: int, marker: Style, arrow: bool = True) -> tuple[str, Style]:
        """The 4 cells under the new tile in slot ``index``: the word, the cursor's ▲ too
        (with ``arrow``)."""
        word = _("new")
        if index != self.cursor or not arrow:
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
