"""The rack widget alone, drawn for the tests of the line under a group (its value, the
marks under its tiles and the meld's rule): test_ui_rack_labels, test_ui_big_tiles and
test_ui_rack_label_rule check the same drawings, each for what it is about."""

from __future__ import annotations

from collections.abc import Iterator

from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.widgets.rack import Geometry, RackWidget, group_label

OKEY = Tile.parse("Y2")
# Each group starts at slot 0 of the upper row; the rest of the rack is empty.
GROUPS = {
    "pair": "K5 K5",
    "run of three": "R6 R7 R8",
    "set of three": "Y9 B9 K9",
    "run of four": "B10 B11 B12 B13",
    "no meld": "K13 R9",
}
MORE_GROUPS = {**GROUPS, "run of five": "K8 K9 K10 K11 K12"}
COLS = 11


def rack_of(tiles: str, cols: int = COLS, at: int = 0) -> RackLayout:
    """The group from slot ``at`` of the upper row of a rack ``cols`` slots wide; the
    rest empty (``cols`` the group's size: no room beside it, as at a full row's ends)."""
    rack = RackLayout(cols=cols)
    upper = [Tile.parse(t) for t in tiles.split()]
    rack.slots = [*[None] * at, *upper, *[None] * (2 * cols - len(upper) - at)]
    return rack


def subsets(size: int) -> Iterator[set[int]]:
    for bits in range(1 << size):
        yield {i for i in range(size) if bits >> i & 1}


def marks_line(
    widget: RackWidget,
    rack: RackLayout,
    cursor: int,
    fresh: set[int],
    selected: set[int],
) -> str:
    """The line under the rack's upper row as ``widget`` draws it at its present tile size
    (shown as the table shows it, one arrangement after another), from the first slot's
    first cell."""
    widget.show(rack, OKEY, cursor, selected, False, fresh=fresh)
    return widget.render().plain.split("\n")[widget.geometry.lines][widget.pad() :]


def widget_of(geometry: Geometry) -> RackWidget:
    """A rack widget drawing tiles of ``geometry``'s size."""
    widget = RackWidget()
    widget.geometry = geometry
    return widget


def pieces(line: str, forms: list[str]) -> tuple[list[tuple[int, str]], int]:
    """The pieces of ``line`` between its blanks, each with its first cell: the value
    (the first of ``forms`` found with a blank or the line's end either side) as one
    piece "§"; and where the value starts (-1: not shown)."""
    start = -1
    for form in forms:
        at = line.find(form)
        while at >= 0:
            before = line[at - 1] if at else " "
            after = line[at + len(form)] if at + len(form) < len(line) else " "
            if before == " " and after == " ":
                start = at
                line = line[:at] + "§" + " " * (len(form) - 1) + line[at + len(form) :]
                break
            at = line.find(form, at + 1)
        if start >= 0:
            break
    found, at = [], 0
    for piece in line.split(" "):
        if piece:
            found.append((at, piece))
        at += len(piece) + 1
    return found, start


def framing(line: str, start: int, end: int, width: int) -> tuple[bool, bool]:
    """Whether a rule stands before the value (cells ``start``..``end`` - 1 of the group's
    line ``width`` cells long), a blank between, and whether one stands after it."""

    def rule(at: int) -> bool:
        return 0 <= at < width and line[at] == "─"

    return rule(start - 2), rule(end + 1)


def check_framed(
    line: str, tiles: str, at: int, width: int, value: tuple[str, bool] | None = None
) -> None:
    """The value of the group from cell ``at`` (``width`` cells) is framed on both sides or
    on neither, and no rule on the group's line stands against it. (``value``: the group's
    label and whether it is a meld, when the caller has it already.)"""
    label, meld = value or group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    if not meld:
        return
    kind, _space, points = label.rpartition(" ")
    forms = [label] + ([f"{kind[0]}{points}"] if kind else [])
    _pieces, start = pieces(line, forms)
    assert start >= 0, (label, line)
    shown = next(form for form in forms if line.startswith(form, start))
    left, right = framing(line[at:], start - at, start - at + len(shown), width)
    assert left == right, (label, line[max(0, at - 8) : at + width + 8])
    for cell in (start - 1, start + len(shown)):  # a blank either side, never the rule
        assert cell < 0 or cell >= len(line) or line[cell] == " ", line
