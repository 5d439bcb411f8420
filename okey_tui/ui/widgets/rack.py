"""The rack widget: draws a :class:`RackLayout` with its cursor and selection."""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from okey_tui.engine.melds import MeldKind
from okey_tui.engine.tiles import Tile, is_number
from okey_tui.engine.view import PlayerView, is_pairs_only
from okey_tui.i18n import _, current_language
from okey_tui.messages import meld_kind
from okey_tui.ui.rack import ROWS, RackLayout, rack_reading
from okey_tui.ui.tiles import (
    FACE,
    FACE_CURSOR,
    FACE_CURSOR_SELECTED,
    FACE_FRESH,
    FACE_OKEY,
    FACE_SELECTED,
    face_lines,
)

SLOT = 4  # a 3-cell tile face and a 1-cell gap (the tiles' usual size)
PAD = 1


class Geometry(NamedTuple):
    """The size of the rack's tiles: a face ``face`` cells across and ``lines`` high. A slot
    is a face and the 1-cell gap after it; a row of the rack is its tiles' lines and the
    line of marks and values under them."""

    face: int
    lines: int

    @property
    def slot(self) -> int:
        return self.face + 1

    @property
    def row(self) -> int:
        return self.lines + 1

    def shape(self, middle: str, side: str = " ") -> str:
        """A mark under a tile: ``middle`` from the face's middle cell, ``side`` filling
        the face's other cells.

        >>> NORMAL.shape("▲", "▔"), BIG.shape("▲", "▔"), BIG.shape("▲+")
        ('▔▲▔', '▔▔▲▔▔', '  ▲+ ')
        """
        half = self.face // 2
        return side * half + middle + side * (self.face - half - len(middle))

    def under(self, word: str) -> str:
        """A word under a tile, a slot long: from the face's first cell (a 3-cell face),
        or its second (a wider one: nearer the middle), cut to the slot.

        >>> NORMAL.under("okey"), BIG.under("new"), BIG.under("okey")
        ('okey', ' new  ', ' okey ')
        """
        return f"{self.lead}{word}"[: self.slot].ljust(self.slot)

    @property
    def lead(self) -> str:
        """The blanks before a word under a tile (:meth:`under`)."""
        return " " * max(0, self.face // 2 - 1)


NORMAL = Geometry(3, 2)
BIG = Geometry(5, 3)
# A terminal at least this big (columns, lines) draws the rack's tiles BIG: 16 slots of 6
# cells take 96 columns, and the rack's 8 lines (6 at the usual size) still leave the table's
# middle row (the side seats, the melds) more lines than at 120x40. Narrower or shorter
# (150x40, 120x40, 80x24) the tiles keep their usual size.
BIG_FROM = (150, 44)
LABEL_MELD = "#b6f0a0"
# The "·" under a group that is no meld says so: 4.5:1 or more on the felt's wood and the
# dark look's (the empty slots' dots, which say nothing, stay quiet at about 2:1).
LABEL_NONE = "#e8d2ae"
# The slot a dragged tile would go to, while the button is held: a peach face, apart from
# the cursor's, the selection's, the new tile's and a marked okey's.
FACE_DROP = "#ffd8a8"
# An empty slot's dot: on the wood, or on the face colour of the drop's or the cursor's slot.
EMPTY = Style(color="#a07850")
EMPTY_DROP = Style(color="#1a1a1a", bgcolor=FACE_DROP)
EMPTY_CURSOR = Style(color="#1a1a1a", bgcolor=FACE_CURSOR)


def layable_kinds(view: PlayerView) -> frozenset[MeldKind]:
    """The kinds of meld the viewer may lay, as the engine rules them: only pairs for a
    pairs opener or a Going Pairs seat, no pairs after a runs-and-sets opening (rules §9),
    any kind before the opening (towards either kind of opening)."""
    if is_pairs_only(view):
        return frozenset({MeldKind.PAIR})
    return frozenset(kind for kind in MeldKind if view.lay_kind_refusal(kind) is None)


def group_label(
    tiles: list[Tile], okey: Tile, kinds: Collection[MeldKind] | None = None
) -> tuple[str, bool]:
    """What shows under a group: its meld of ``kinds`` (None: any kind) as ``o`` stages it
    (:func:`~okey_tui.ui.rack.rack_reading`) and its value, or a neutral mark. A meld of a kind the seat may not lay is no meld for it: a run or a
    set for a pairs opener, a pair after a runs-and-sets opening (:func:`layable_kinds`)."""
    best = rack_reading(tiles, okey, kinds)
    if best is None:
        return "·", False
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
    if kind and is_number(points):
        return f"{kind[0]}{points}"
    return label


class Mark(NamedTuple):
    """The marks under one tile of a group, as :func:`label_place` weighs them: the
    cells they cover on the group's line (from the line's first cell), whether they are
    the new tile's word, and whether the value may take their place."""

    cells: frozenset[int]
    word: bool = False
    gives_way: bool = False


def label_place(
    forms: Sequence[str],
    width: int,
    marks: Sequence[Mark] = (),
    left: int = 0,
    right: int = 0,
    ruled: bool = False,
) -> tuple[int, str, frozenset[int], bool] | None:
    """Where a group's value goes on its line ``width`` cells long: its first cell, the
    form shown (the first of ``forms`` that fits, the fullest first), the marks it takes
    the place of (their places in ``marks``) and whether the line keeps its rule (a
    meld's, with ``ruled``). None: no room.

    The value is never cut and never touches a mark: a blank cell stands between them,
    and after the new tile's word a rule cell too ("new ─ run 34": "new run 34" read as
    one phrase). It stands nearest the line's middle. Only marks that give way are ever
    left out for it, the fewest (whole, never a part of one), the value then in the
    room they leave. ``left`` and ``right`` cells beyond the line's ends are free too
    (empty slots beside the group): the fullest form goes on into them, as little as it
    needs, rather than a shorter one on the line; never wholly past the line's ends (a
    value beyond them read as no group's, or the next one's).

    A ruled line's value has its rule on both sides ("─ run 27 ─") or on neither (a mark,
    the line's end): a rule on one side only read as a label cut short, the mark on the
    other written into it ("─ run 33 ▲", " pair ─"). Where neither fits, the line goes
    without its rule (the value's fullest form first, then a rule kept).

    >>> label_place(["run 27", "r27"], 11)
    (2, 'run 27', frozenset(), True)
    >>> label_place(["run 27", "r27"], 11, [Mark(frozenset({5}))])  # the ▲ under the middle
    (1, 'r27', frozenset(), True)
    >>> new = Mark(frozenset({0, 1, 2}), word=True)  # "new" under the first tile
    >>> label_place(["run 27", "r27"], 11, [new])
    (6, 'r27', frozenset(), True)
    >>> chosen = [Mark(frozenset(range(at, at + 3)), gives_way=True) for at in (0, 4, 8)]
    >>> label_place(["set 27", "s27"], 11, chosen)  # all three ▔▔▔: the middle one gives way
    (4, 's27', frozenset({1}), True)
    >>> label_place(["set 27", "s27"], 11, [m._replace(gives_way=False) for m in chosen]) is None
    True
    >>> new = Mark(frozenset({4, 5, 6, 7}), word=True)  # "▲new" under the middle tile
    >>> label_place(["run 15", "r15"], 11, [new])  # no room beside the group
    (0, 'r15', frozenset(), True)
    >>> label_place(["run 15", "r15"], 11, [new], left=5)  # an empty slot before it
    (-3, 'run 15', frozenset(), True)
    >>> label_place(["run 15", "r15"], 11, [new], left=2, right=3)  # not room enough
    (0, 'r15', frozenset(), True)
    >>> label_place(["run 33", "r33"], 11, [Mark(frozenset({9}))], ruled=True)  # ▲ at the end
    (1, 'run 33', frozenset(), True)
    >>> label_place(["pair"], 7, ruled=True)  # no room for a rule on both sides
    (1, 'pair', frozenset(), False)
    >>> new = Mark(frozenset({4, 5, 6, 7}), word=True)  # "▲new" under the second of four
    >>> label_place(["run 18", "r18"], 15, [new], right=4, ruled=True)
    (11, 'run 18', frozenset(), False)
    """
    return _label_place(tuple(forms), width, tuple(marks), left, right, ruled)


@functools.lru_cache(maxsize=4096)
def _label_place(
    forms: tuple[str, ...],
    width: int,
    marks: tuple[Mark, ...],
    left: int,
    right: int,
    ruled: bool,
) -> tuple[int, str, frozenset[int], bool] | None:
    """:func:`label_place`, kept: the rack is drawn at every key, its groups' lines
    mostly as they were."""
    centre = (width - 1) / 2
    best: tuple[tuple[float, ...], tuple[int, str, frozenset[int], bool]] | None = None
    for rank, text in enumerate(forms):
        size = len(text)
        for start in range(max(-left, 1 - size), min(width + right - size, width - 1) + 1):
            end = start + size  # the cell after the value: kept blank, as the one before
            hit: set[int] = set()
            for k, mark in enumerate(marks):
                low = start - 3 if mark.word else start - 1
                if any(low <= cell <= end for cell in mark.cells):
                    hit.add(k)
            if any(not marks[k].gives_way for k in hit):
                continue
            where = start + (size - 1) / 2
            room = centre
            if hit:  # the value in the room the marks left
                cells = [c for k in hit for c in marks[k].cells]
                room = (min(cells) + max(cells)) / 2
            beyond = max(0, -start) + max(0, start + size - width)  # cells off the line
            kept = {c for k, mark in enumerate(marks) if k not in hit for c in mark.cells}

            def rule(at: int, kept: set[int] = kept) -> bool:
                """Whether the rule shows at ``at`` (a mark keeps a blank beside it)."""
                return 0 <= at < width and not {at - 1, at, at + 1} & kept

            framed = not ruled or rule(start - 2) == rule(end + 1)
            for bare in (False, True) if ruled else (False,):
                if not bare and not framed:
                    continue
                key = (len(hit), rank, bare, beyond, abs(where - room), abs(where - centre), start)
                if best is None or key < best[0]:
                    best = key, (start, text, frozenset(hit), not bare)
    return None if best is None else best[1]


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

    class TileHeld(Message):
        """A tile pressed in slot ``source`` is being dragged away from it (once a drag)."""

        def __init__(self, source: int) -> None:
            super().__init__()
            self.source = source

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
        # The kinds of meld the seat may lay (layable_kinds; None: any): a group of
        # another kind shows no meld under it.
        self.kinds: frozenset[MeldKind] | None = None
        self._press: int | None = None
        self._press_value: int | None = None  # the group whose value a press was on
        self.drop_at: int | None = None  # the slot under a dragged tile, marked until the drop
        self._held = False  # the pressed tile has been dragged off its slot (TileHeld said)
        # (row, cell) -> the first slot of the group whose value went on there, past it.
        self._spilled: dict[tuple[int, int], int] = {}
        self._drawn: tuple[object, ...] | None = None  # what the last refresh drew
        # The rack's lines as last made (render), with what they were made from; and each
        # line's strip (the terminal's cells) with the line it was made from. A cursor
        # move changes the lines of one row: the other row's lines keep their strips.
        # (Lines wider than the rack are wrapped: then drawn whole, as Textual draws them.)
        self._lines: tuple[tuple[object, ...], list[Text], bool] | None = None
        self._strips: dict[int, tuple[tuple[object, ...], Strip]] = {}
        # The tiles' faces as made for this okey (see faces).
        self._faces: dict[tuple[object, ...], tuple[Text, ...]] = {}
        self._faces_okey: Tile | None = None
        self.geometry = NORMAL  # the tiles' size: BIG on a big terminal (see fit)
        self._terminal: tuple[int, int] | None = None  # the size fit was told

    def fit(self, width: int, height: int) -> None:
        """The tiles' size for a terminal ``width`` x ``height``: BIG from ``BIG_FROM`` on,
        where the rack at that size fits the width, else the usual one. The rack's height
        follows (okey.tcss: ``#rack.-big``); the arrangement, the cursor and the selection
        are the table's and stay as they are."""
        self._terminal = (width, height)
        self._choose_size()

    def _choose_size(self) -> None:
        if self._terminal is None:
            return
        width, height = self._terminal
        room = 2 * PAD + self.layout_model.cols * BIG.slot
        big = width >= max(BIG_FROM[0], room) and height >= BIG_FROM[1]
        geometry = BIG if big else NORMAL
        if geometry == self.geometry:
            return
        self.geometry = geometry
        self._press = self._press_value = None  # a press at the old size is no press now
        self.drop_at = None
        self.set_class(big, "-big")
        self._drawn = self.drawn()
        self.refresh(layout=True)

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
        self._choose_size()  # the rack's slots may be more or fewer than before
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
            self.kinds,
            self.drop_at,
            self.geometry,
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
            label, ok = group_label(tiles, self.okey, self.kinds)
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
        self._spilled = {}
        size = self.geometry
        big = size == BIG
        # An empty slot: a dot on the number's line (the face's middle one, the upper of two).
        number_line = (size.lines - 1) // 2
        empty_lines = [
            size.shape("·") if k == number_line else " " * size.face for k in range(size.lines)
        ]
        for row in range(ROWS):
            # The cursor's slot has a mark on either side, in the gaps: it shows whatever
            # the line under it shows, and in any colours.
            edge = " " * (pad - 1)
            before = "▐" if self.cursor == rack.index(row, 0) else " "
            lines = [Text(edge, wood).append(before, marker_style) for _line in range(size.lines)]
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
                if index == self.drop_at:
                    face = FACE_DROP
                if tile is None or okey is None:
                    empty = EMPTY
                    if index == self.drop_at:
                        empty = EMPTY_DROP
                    elif index == self.cursor:
                        empty = EMPTY_CURSOR
                    for line, text in zip(lines, empty_lines, strict=True):
                        line.append(text, empty)
                else:
                    faces = self.faces(tile, okey, face, big)
                    for line, part in zip(lines, faces, strict=True):
                        line.append_text(part)
                gap = " "
                if index == self.cursor:
                    gap = "▌"
                elif col + 1 < rack.cols and index + 1 == self.cursor:
                    gap = "▐"
                for line in lines:
                    line.append(gap, marker_style if gap != " " else wood)
                col += 1
            marks = self._mark_line(row, labels, okey, marker_style, wood)
            for line in (*lines, marks):
                out.append_text(line)
                out.append("\n")
        out.rstrip()
        return out

    def faces(self, tile: Tile, okey: Tile, face: str, big: bool) -> tuple[Text, ...]:
        """A tile's lines on the rack (:func:`face_lines`), made once a hand for each look:
        the rack is drawn again at every key, its tiles mostly as they were."""
        if okey != self._faces_okey:
            self._faces.clear()  # (a new hand: the faces of the last one's okey go)
            self._faces_okey = okey
        key = (tile, face, self.colour_blind, big)
        found = self._faces.get(key)
        if found is None:
            found = face_lines(tile, okey, face=face, colour_blind=self.colour_blind, big=big)
            self._faces[key] = found
        return found

    def render_line(self, y: int) -> Strip:
        """Line ``y`` as Textual draws it from :meth:`render`'s text, drawn line by line:
        a line whose text, width and look are as last drawn keeps its strip."""
        width = self.size.width
        style = self.visual_style
        made_from: tuple[object, ...] = (self._drawn, self.size, current_language(), style)
        if self._lines is None or self._lines[0] != made_from:
            made = list(self.render().split("\n"))
            self._lines = (made_from, made, any(line.cell_len > width for line in made))
            self.make_strips(made, width)
        _made_from, lines, wrapped = self._lines
        if self.text_selection is not None or wrapped:
            return super().render_line(y)  # a selection, or lines wrapped: drawn whole
        if not 0 <= y < len(lines):
            return Strip.blank(width, style.rich_style)
        return self._strips[y][1]

    def make_strips(self, lines: list[Text], width: int) -> None:
        """The strips of the ``lines`` that changed since they were last made, all in one
        text (the others left blank in it): each line's cells carry its place in the rack,
        as drawn with the others (a click finds its slot by them)."""
        style = self.visual_style
        keys = [(line.plain, tuple(line.spans), line.style, width, style) for line in lines]
        changed = [
            y for y, key in enumerate(keys) if y not in self._strips or self._strips[y][0] != key
        ]
        if not changed:
            return
        text = Text("\n").join(line if y in changed else Text() for y, line in enumerate(lines))
        visual = visualize(self, text, markup=False)
        strips = Visual.to_strips(self, visual, width, len(lines), style)
        blank = Strip.blank(width, style.rich_style)  # (as Textual draws a line past them)
        for y in changed:
            self._strips[y] = (keys[y], strips[y] if y < len(strips) else blank)

    def _mark_line(
        self,
        row: int,
        labels: dict[int, tuple[str, bool, int]],
        okey: Tile | None,
        marker: Style,
        wood: Style,
    ) -> Text:
        """Under the tiles, from the widget's left edge: each group's value, the cursor,
        the new tile, marked okeys. A group's value too long for its own line beside the
        new tile's word goes on into the empty slots beside it (see :meth:`_group_line`)."""
        rack = self.layout_model
        pad = self.pad()
        size = self.geometry
        slot = size.slot
        end = pad + rack.cols * slot
        total = max(end, self.size.width)
        cells: list[tuple[str, Style]] = [(" ", wood)] * total
        # Each cell's piece of the line: the wood before the rack, a slot's marks, a cell
        # of a group's line. A piece is drawn as one span (the look stays as it was).
        piece = [0] * pad + list(range(1, total - pad + 1))
        # The cells a value may go on into: the empty slots that show nothing, and the
        # wood either side of the rack.
        free = [True] * pad + [False] * (end - pad) + [True] * (total - end)
        groups: list[tuple[int, int]] = []  # (first cell, first slot)
        col = 0
        while col < rack.cols:
            index = rack.index(row, col)
            x = pad + col * slot
            if index in labels:
                groups.append((x, index))
                col += labels[index][2]
                continue
            tile = rack.slots[index]
            text, style = " " * slot, wood
            if index in self.fresh and tile is not None and index not in self.selected:
                text, style = self._fresh_mark(index, marker)
            elif index == self.cursor:
                shape = size.shape("▲", "▔") if index in self.selected else size.shape("▲")
                text, style = f"{shape} ", marker
            elif index in self.selected:
                text, style = f"{size.shape('▔', '▔')} ", marker
            elif self.mark_okeys and tile is not None and tile == okey:
                text, style = size.under(_("okey")).rstrip(), marker
            for k, ch in enumerate(text):
                cells[x + k] = (ch, style)
                piece[x + k] = -x - 1
            free[x : x + slot] = [tile is None and not text.strip()] * slot
            col += 1
        shown = end  # the line's length: the rack's, or as far as a value went on
        for x, index in groups:
            label, ok, length = labels[index]
            width = length * slot - 1
            before = 0  # the free cells just before the group, and just after its gap
            while x - before > 0 and free[x - before - 1]:
                before += 1
            after = 0
            while x + width + 1 + after < total and free[x + width + 1 + after]:
                after += 1
            # Two blank cells between a value gone on and whatever is beyond: one read
            # it with the next group's rule.
            room = (max(0, before - 2), max(0, after - 1))
            line = self._group_line(index, length, label, ok, marker, wood, room)
            for at, cell in line.items():
                cells[x + at] = cell
                if not 0 <= at <= width:
                    free[x + at] = False
                    self._spilled[(row, x + at)] = index
                    shown = max(shown, x + at + 1)
        out = Text()
        run, run_style, run_piece = "", wood, 0
        for (ch, style), part in zip(cells[:shown], piece, strict=False):
            if (style, part) != (run_style, run_piece) and run:
                out.append(run, run_style)
                run = ""
            run, run_style, run_piece = run + ch, style, part
        out.append(run, run_style)
        return out

    def _group_line(
        self,
        index: int,
        length: int,
        label: str,
        ok: bool,
        marker: Style,
        wood: Style,
        room: tuple[int, int] = (0, 0),
    ) -> dict[int, tuple[str, Style]]:
        """The cells under a group of ``length`` tiles from slot ``index`` (and the gap
        after it), by their place from the group's first cell: the group's value and each
        tile's marks, none over another.

        Each tile's marks show whole under it: the cursor's ▲, a selected tile's ▔▔▔, the
        new tile's word. The value stands apart from them (:func:`label_place`: a blank
        cell between, " ─ " after the word), whole if there is room, else as its points
        with the kind's letter ("r27"); a meld's rule runs under the other tiles, a blank
        cell between it and a mark or the value. On a line too crowded even so, the value
        is given room in turn: the ▲ goes first (the cursor's tile keeps its ▐ ▌
        either side), then the new tile's word for a "+" under it; last, a meld's value
        takes the place of the fewest other tiles' marks, whole (a selected tile's colour
        still shows it selected), the cursor's ▔▲▔ last, down to its ▲ first. A group that
        makes no meld shows its "·" only where the selection's marks leave room.

        Beside the new tile's word, the value whole may go on past the group's ends into
        ``room`` (free cells before, after): "r15 ▲new" under R4 R5 R6 with R5 new read
        as a shortened value, the new tile as the reason, though the slots either side
        were empty. Only with no room there is it shortened.

        A meld's value has its rule on both sides or on neither ("─ run 18 ─", "r18 ▲new
        ───"); where it can have neither, the line has no rule ("    ▲new   run 18",
        " pair  "): a rule on one side read as a label cut short by the mark."""
        width = length * self.geometry.slot - 1
        style = Style(color=LABEL_MELD if ok else LABEL_NONE, bold=ok)
        rule = "─" if ok else " "
        inside = range(index, index + length)
        cursor = self.cursor if self.cursor in inside else -1
        forms = list(dict.fromkeys([label, short_label(label)]))
        # (▲ shown, "new" as a word, which marks give way: none, all but the cursor's,
        # those with the cursor's ▔▲▔ down to a ▲, all), the fullest first.
        steps = [(True, True, 0), (False, True, 0), (True, False, 0), (False, False, 0)]
        if ok:
            steps += [(False, False, 1), (False, False, 2), (False, False, 3)]
        marks: dict[int, tuple[dict[int, tuple[str, Style]], bool]] | None = None
        placed: tuple[int, str, frozenset[int], bool] | None = None
        for arrow, word, give in steps:
            if not arrow and cursor < 0 and not give:
                continue  # no ▲ to give up: the same as the step before
            tried = self._tile_marks(index, length, marker, arrow, word, give)
            if self._touching(tried):
                continue  # "yeni" against the next tile's ▔▔▔: the word goes first
            marks = tried if marks is None else marks  # with no room for the value
            order = sorted(tried)
            weighed = [
                Mark(
                    frozenset(tried[i][0]),
                    word=tried[i][1],
                    gives_way=give >= 3 or (give >= 1 and i != cursor),
                )
                for i in order
            ]
            beside = room if any(mark.word for mark in weighed) else (0, 0)
            placed = label_place(forms, width, weighed, *beside, ruled=ok)
            if placed is not None:
                marks = {i: tried[i] for k, i in enumerate(order) if k not in placed[2]}
                break
        assert marks is not None  # a "+" or a ▲ touches no other mark
        shown = {at: cell for cells, _word in marks.values() for at, cell in cells.items()}
        value: dict[int, tuple[str, Style]] = {}
        if placed is not None:
            left, text, _gone, ruled = placed
            rule = rule if ruled else " "  # no rule that could frame the value
            value = {left + k: (ch, style) for k, ch in enumerate(text)}
        drawn = shown.keys() | value.keys()
        cells: dict[int, tuple[str, Style]] = {}
        for at in range(width):
            if at in drawn:
                cells[at] = shown.get(at) or value[at]
            elif {at - 1, at + 1} & drawn:
                cells[at] = (" ", style)  # a blank between the rule and a mark or the value
            else:
                cells[at] = (rule, style)
        cells[width] = shown.get(width) or value.get(width) or (" ", wood)
        # The value where it went on past the group's ends.
        cells.update((at, cell) for at, cell in value.items() if not 0 <= at <= width)
        return cells

    def _tile_marks(
        self, index: int, length: int, marker: Style, arrow: bool, word: bool, give: int
    ) -> dict[int, tuple[dict[int, tuple[str, Style]], bool]]:
        """The marks under the tiles of the group of ``length`` tiles from slot ``index``:
        slot -> (cells on the group's line, is the new tile's word), with the cursor's ▲
        (``arrow``), the new tile's word or a "+" (``word``), the cursor's ▔▲▔ as a ▲
        alone from ``give`` 2 (see :meth:`_group_line`)."""
        size = self.geometry
        inside = range(index, index + length)
        cursor = self.cursor if self.cursor in inside else -1
        # A new tile once selected is marked as selected (the selection is what acts).
        fresh = [i for i in sorted(self.fresh) if i in inside and i not in self.selected]
        marks: dict[int, tuple[dict[int, tuple[str, Style]], bool]] = {}
        for i in sorted(self.selected):
            if i in inside:
                # The cursor on a selected tile: the ▲ between the selection's marks, so the
                # cursor does not hide whether its tile is selected.
                shape = size.shape("▲", "▔") if give < 2 else size.shape("▲")
                if i != cursor:
                    shape = size.shape("▔", "▔")
                marks[i] = self._cells(i - index, shape, marker), False
        if arrow and cursor >= 0 and cursor not in marks and (cursor not in fresh or not word):
            marks[cursor] = self._cells(cursor - index, size.shape("▲"), marker), False
        for i in fresh:
            if word:
                # As under a tile alone: its own cells and the gap after it (after the
                # group's last tile, the one after the line).
                text, mark_style = self._fresh_mark(i, marker, arrow)
                marks[i] = self._cells(i - index, text, mark_style), True
            else:  # beside the ▲ when the cursor is on it: "▲+"
                plus = size.shape("▲+" if arrow and i == cursor else "+")
                marks[i] = self._cells(i - index, plus, marker), False
        return marks

    @staticmethod
    def _touching(marks: dict[int, tuple[dict[int, tuple[str, Style]], bool]]) -> bool:
        """Whether the marks of two tiles stand side by side, read as one."""
        owner = {at: slot for slot, (cells, _word) in marks.items() for at in cells}
        return any(owner.get(at + 1, slot) != slot for at, slot in owner.items())

    def _cells(self, tile: int, text: str, style: Style) -> dict[int, tuple[str, Style]]:
        """The cells of ``text`` under the group's tile ``tile`` (its place in the group),
        its blanks left out."""
        at = tile * self.geometry.slot
        return {at + k: (ch, style) for k, ch in enumerate(text) if ch != " "}

    def _fresh_mark(self, index: int, marker: Style, arrow: bool = True) -> tuple[str, Style]:
        """The cells under the new tile in slot ``index`` (a slot's: 4, or 6 for big tiles):
        the word, the cursor's ▲ too (with ``arrow``)."""
        word = _("new")
        size = self.geometry
        if index != self.cursor or not arrow:
            return size.under(word), marker
        if len(f"{size.lead}▲{word}") > size.slot:
            # No room for the cursor's ▲ beside a longer word ("yeni"): the word shows it.
            return size.under(word), marker + Style(reverse=True)
        return size.under(f"▲{word}"), marker

    def pad(self) -> int:
        """Cells left of the first slot: the rack sits in the middle."""
        return max(PAD, (self.size.width - self.layout_model.cols * self.geometry.slot) // 2)

    def slot_at(self, x: int, y: int) -> int | None:
        """The slot under a point in the widget's content, or None."""
        rack = self.layout_model
        pad = self.pad()
        size = self.geometry
        col = (x - pad) // size.slot
        row = y // size.row
        if x < pad or not 0 <= col < rack.cols or not 0 <= row < ROWS:
            return None
        return rack.index(row, col)

    def value_at(self, x: int, y: int) -> int | None:
        """The first slot of the group whose value went on past it to this point, or None."""
        size = self.geometry
        return self._spilled.get((y // size.row, x)) if y % size.row == size.lines else None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._held = False
        self._press = self.slot_at(event.x, event.y)
        self._press_value = self.value_at(event.x, event.y)
        if self._press is not None or self._press_value is not None:
            self.capture_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """With a tile held, the slot it would go to is marked (the rack said nothing of
        where a drop would put it until the button was let go)."""
        if self._press is None:
            return
        inside = self.region.contains(event.screen_x, event.screen_y)
        target = self.slot_at(event.x, event.y) if inside else None
        if target != self._press and not self._held:
            self._held = True  # the drag has begun: the screen says where a tile may go
            self.post_message(self.TileHeld(self._press))
        self.mark_drop(None if target == self._press else target)

    def mark_drop(self, target: int | None) -> None:
        if target != self.drop_at:
            self.drop_at = target
            self._drawn = self.drawn()
            self.refresh()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.mark_drop(None)
        source, self._press = self._press, None
        value, self._press_value = self._press_value, None
        self.capture_mouse(False)
        if value is not None:  # a group's value past its ends: as under the group
            if value == self.value_at(event.x, event.y):
                self.post_message(self.GroupClicked(self.layout_model.group_at(value)))
            return
        if source is None:
            return
        inside = self.region.contains(event.screen_x, event.screen_y)
        target = self.slot_at(event.x, event.y) if inside else None
        if inside and target == source:
            group = self.layout_model.group_at(source)
            # Under a group that is a meld (or of two or three tiles): its value, which
            # selects the group. Under a long block that is none (an unsorted row of 15), a
            # click a line low selected every tile of it: the tile above, as on the tile.
            label = self.labels().get(group[0]) if group else None
            valued = label is not None and (label[1] or len(group) <= 3)
            if event.y % self.geometry.row == self.geometry.lines and len(group) > 1 and valued:
                self.post_message(self.GroupClicked(group))
            else:
                self.post_message(self.SlotClicked(source))
        else:
            self.post_message(
                self.TileDragged(source, target, int(event.screen_x), int(event.screen_y))
            )
