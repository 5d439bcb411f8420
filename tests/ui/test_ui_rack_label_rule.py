"""A group's value on the rack stands with the meld's rule on both sides of it, or on
neither: never a rule on one side and a mark or nothing on the other.

Seen at 120x40 after d and s: "─── ▲new ─ run 18   ─── set 52 ────" (the run's value went
on past the group, its rule open on the left and nothing on the right, read as the new
tile's mark written into the run's label), "─ run 33 ▲" (the cursor's ▲ where the rule
closes the value) and " pair ─      pair ─" (each pair's rule on one side only). Now the
value is framed "─ run 18 ─", or stands with no rule beside it ("r18 ▲new ───",
" pair  "), the line then drawn without a rule where none can frame it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_ui_rack_labels import COLS, MORE_GROUPS, OKEY, pieces, rack_of, subsets

from okey_tui import i18n
from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.widgets.rack import BIG, NORMAL, Geometry, RackWidget, group_label


@pytest.fixture(params=["en", "tr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def marks_line(
    rack: RackLayout, size: Geometry, cursor: int, fresh: set[int], selected: set[int]
) -> str:
    """The line under the rack's upper row, from the first slot's first cell."""
    widget = RackWidget()
    widget.geometry = size
    widget.show(rack, OKEY, cursor, selected, False, fresh=fresh)
    return widget.render().plain.split("\n")[size.lines][widget.pad() :]


def framing(line: str, start: int, end: int, width: int) -> tuple[bool, bool]:
    """Whether a rule stands before the value (cells ``start``..``end`` - 1 of the group's
    line ``width`` cells long), a blank between, and whether one stands after it."""

    def rule(at: int) -> bool:
        return 0 <= at < width and line[at] == "─"

    return rule(start - 2), rule(end + 1)


def check_framed(line: str, tiles: str, at: int, width: int) -> None:
    """The value of the group from cell ``at`` (``width`` cells) is framed on both sides or
    on neither, and no rule on the group's line stands against it."""
    label, meld = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
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


def racks(tiles: str) -> Iterator[tuple[RackLayout, int]]:
    """The group on the upper row with no room beside it, with empty slots after it, and
    with empty slots on both sides; and its first slot."""
    size = len(tiles.split())
    yield rack_of(tiles, cols=size), 0
    yield rack_of(tiles), 0
    yield rack_of(tiles, at=3), 3


@pytest.mark.parametrize("geometry", [NORMAL, BIG], ids=["usual", "big"])
@pytest.mark.parametrize("name", list(MORE_GROUPS))
def test_a_value_is_framed_by_its_rule_on_both_sides_or_on_neither(
    language: str, name: str, geometry: Geometry
) -> None:
    tiles = MORE_GROUPS[name]
    size = len(tiles.split())
    width = size * geometry.slot - 1
    for rack, first in racks(tiles):
        at = first * geometry.slot
        away = rack.cols + min(3, rack.cols - 1)  # the cursor on the lower row
        for selected in subsets(size) if size <= 4 else [set(), {0}, {1, 2}]:
            for cursor in [*range(size), None]:
                for fresh in [set(), *({i} for i in range(size))]:
                    line = marks_line(
                        rack,
                        geometry,
                        away if cursor is None else first + cursor,
                        {first + i for i in fresh},
                        {first + i for i in selected},
                    )
                    check_framed(line, tiles, at, width)


@pytest.mark.parametrize(
    ("tiles", "rack_cols", "at", "cursor", "fresh", "bad"),
    [
        ("K8 K9 K10 K11", COLS, 0, 1, 1, "─── ▲new ─ run"),  # went on past the group
        ("K10 K11 K12", COLS, 0, 2, None, "─ run 33 ▲"),
        ("K5 K5", COLS, 0, COLS + 2, None, " pair ─"),
    ],
)
def test_the_lines_seen_at_the_table_are_drawn_cleanly(
    tiles: str, rack_cols: int, at: int, cursor: int, fresh: int | None, bad: str
) -> None:
    rack = rack_of(tiles, cols=rack_cols, at=at)
    line = marks_line(rack, NORMAL, cursor, set() if fresh is None else {fresh}, set())
    assert bad not in line, line
    check_framed(line, tiles, at * NORMAL.slot, len(tiles.split()) * NORMAL.slot - 1)
