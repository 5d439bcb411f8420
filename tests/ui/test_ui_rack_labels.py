"""The line under a group on the rack: its value ("run 21", "set 27", "pair") and the
marks under its tiles (the cursor's ▲, the new tile's word, a selection's ▔▔▔) never
cover one another.

A 3-tile run whose middle tile was just drawn showed "21 ─▲new───" (the kind cut off),
and a pair with a new tile lost its "pair" altogether. Now the value is always there,
whole or as its points with the kind's letter ("r21", Turkish "s21"), and the new tile
keeps a mark under it, the word or a "+" where the word leaves the value no room."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from okey_tui import i18n
from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.widgets.rack import SLOT, RackWidget, group_label

OKEY = Tile.parse("Y2")
# Each group starts at slot 0 of the upper row; the rest of the rack is empty.
GROUPS = {
    "pair": "K5 K5",
    "run of three": "R6 R7 R8",
    "set of three": "Y9 B9 K9",
    "run of four": "B10 B11 B12 B13",
    "no meld": "K13 R9",
}
COLS = 11


@pytest.fixture(params=["en", "tr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def rack_of(tiles: str) -> RackLayout:
    rack = RackLayout(cols=COLS)
    upper = [Tile.parse(t) for t in tiles.split()]
    rack.slots = [*upper, *[None] * (2 * COLS - len(upper))]
    return rack


def drawn(rack: RackLayout, cursor: int, fresh: set[int], selected: set[int]) -> list[str]:
    """The widget's upper row as plain text, from the first slot: top, bottom, marks."""
    widget = RackWidget()
    widget.show(rack, OKEY, cursor, selected, False, fresh=fresh)
    lines = widget.render().plain.split("\n")
    return [line[widget.pad() - 1 :] for line in lines[:3]]


def readable(line: str, label: str) -> bool:
    """``label`` whole, or its points with the kind's letter, standing apart on ``line``."""
    kind, _space, points = label.rpartition(" ")
    forms = [label] + ([f"{kind[0]}{points}"] if kind else [])
    for form in forms:
        at = line.find(form)
        while at >= 0:
            before = line[at - 1] if at else " "
            after = line[at + len(form)] if at + len(form) < len(line) else " "
            if not before.isalnum() and not after.isalnum() and before not in "▲+":
                return True
            at = line.find(form, at + 1)
    return False


def cases() -> Iterator[tuple[str, int, int]]:
    for name, tiles in GROUPS.items():
        size = len(tiles.split())
        for fresh in range(size):
            for cursor in [*range(size), COLS + 3]:  # on a tile of the group, or elsewhere
                yield name, fresh, cursor


@pytest.mark.parametrize(("name", "fresh", "cursor"), list(cases()))
def test_the_value_the_new_mark_and_the_cursor_all_show(
    language: str, name: str, fresh: int, cursor: int
) -> None:
    tiles = GROUPS[name]
    rack = rack_of(tiles)
    size = len(tiles.split())
    label, _meld = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    top, _bottom, marks = drawn(rack, cursor, {fresh}, set())
    line = marks[1 : 1 + size * SLOT]  # under the group and the gap after it
    assert readable(line, label), (label, line)
    # The new tile keeps its mark under it: the word, or a "+" beside the value.
    under = line[fresh * SLOT : (fresh + 1) * SLOT]
    word = i18n._("new")
    assert word in under or "+" in under, (under, line)
    assert f"{label}{word}" not in line and f"{label}+" not in line, line
    # The cursor: its ▐ ▌ either side of its tile, and a ▲ on the line only under it.
    if cursor < size:
        assert top[cursor * SLOT] == "▐" and top[cursor * SLOT + 4] == "▌", top
        at = line.find("▲")
        assert at < 0 or at // SLOT == cursor, line


def test_a_run_with_its_middle_tile_new_reads_in_either_language(language: str) -> None:
    """The case seen at the table: "21 ─▲new───" under R6 R7 R8 drawn R7."""
    rack = rack_of("R6 R7 R8")
    line = drawn(rack, 1, {1}, set())[2][1 : 1 + 3 * SLOT]
    expected = {"en": "r21─▲new───", "tr": "s21─yeni───"}[language]
    assert line.rstrip() == expected, line


def test_a_pair_with_a_new_tile_keeps_its_name_and_shows_both_marks(language: str) -> None:
    rack = rack_of("K5 K5")
    pair = i18n._("pair")
    assert drawn(rack, 1, {1}, set())[2][1 : 1 + 2 * SLOT] == f"{pair} ▲+ "
    assert drawn(rack, 0, {1}, set())[2][1 : 1 + 2 * SLOT].startswith(f"{pair} +")
    assert drawn(rack, 1, {0}, set())[2][1 : 1 + 2 * SLOT].startswith(f"─+ {pair}")


@pytest.mark.parametrize("cursor", [0, 1, 2])
def test_a_whole_group_selected_still_shows_its_value_and_the_cursor(
    language: str, cursor: int
) -> None:
    """Every tile selected left no cell for the value: it now shows over a selected
    tile's ▔▔▔ (its colour still shows it selected), never over the cursor's ▔▲▔."""
    rack = rack_of("Y9 B9 K9")
    line = drawn(rack, cursor, set(), {0, 1, 2})[2][1 : 1 + 3 * SLOT]
    assert readable(line, group_label(rack.tiles(), OKEY)[0]), line
    assert line[cursor * SLOT : cursor * SLOT + 3] == "▔▲▔", line
    assert line.count("▔") >= 5, line
