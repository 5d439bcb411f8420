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
from rack_test_helpers import (
    COLS,
    MORE_GROUPS,
    OKEY,
    check_framed,
    marks_line,
    rack_of,
    subsets,
    widget_of,
)

from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.widgets.rack import BIG, NORMAL, Geometry, group_label


def racks(tiles: str) -> Iterator[tuple[RackLayout, int]]:
    """The group on the upper row with no room beside it, and with empty slots on both
    sides; and its first slot. (The group with empty slots after it, from the row's first
    slot, is checked in the same drawings as its marks: test_ui_rack_labels.py and
    test_ui_big_tiles.py, every selection of its tiles.)"""
    size = len(tiles.split())
    yield rack_of(tiles, cols=size), 0
    yield rack_of(tiles, at=3), 3


@pytest.mark.parametrize("geometry", [NORMAL, BIG], ids=["usual", "big"])
@pytest.mark.parametrize("name", list(MORE_GROUPS))
def test_a_value_is_framed_by_its_rule_on_both_sides_or_on_neither(
    language: str, name: str, geometry: Geometry
) -> None:
    tiles = MORE_GROUPS[name]
    size = len(tiles.split())
    width = size * geometry.slot - 1
    widget = widget_of(geometry)
    value = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    for rack, first in racks(tiles):
        at = first * geometry.slot
        away = rack.cols + min(3, rack.cols - 1)  # the cursor on the lower row
        for selected in subsets(size) if size <= 4 else [set(), {0}, {1, 2}]:
            for cursor in [*range(size), None]:
                for fresh in [set(), *({i} for i in range(size))]:
                    line = marks_line(
                        widget,
                        rack,
                        away if cursor is None else first + cursor,
                        {first + i for i in fresh},
                        {first + i for i in selected},
                    )
                    check_framed(line, tiles, at, width, value)


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
    fresh_slots = set() if fresh is None else {fresh}
    line = marks_line(widget_of(NORMAL), rack, cursor, fresh_slots, set())
    assert bad not in line, line
    check_framed(line, tiles, at * NORMAL.slot, len(tiles.split()) * NORMAL.slot - 1)
