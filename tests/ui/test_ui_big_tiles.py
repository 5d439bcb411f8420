"""Bigger tiles on a big terminal: from 150x44 on, the rack's tiles are 5 cells by 3 lines
(the usual 3 by 2 left a full-screen window mostly empty felt, the tiles hard to read
from a normal distance). The marks, the values under the groups and every point the
mouse maps to a slot follow the size; a resize switches between the sizes and keeps the
arrangement, the cursor and the selection. At 120x40 and 80x24 nothing changes (the
snapshot tests of those sizes stay as they were)."""

from __future__ import annotations

import pytest
from rack_test_helpers import COLS, MORE_GROUPS, OKEY, check_framed, pieces, rack_of, subsets
from rich.console import Console
from rich.text import Text
from ui_helpers import goto, sorted_table, table_app, wait_for_human

from okey_tui import i18n
from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import BIG, NORMAL, Geometry, RackWidget, group_label, short_label

BIG_SIZES = [(150, 44), (160, 45), (180, 50), (200, 60)]
NORMAL_SIZES = [(80, 24), (120, 40), (150, 40), (150, 43), (149, 60)]


def slot_offset(widget: RackWidget, index: int, line: int = 1) -> tuple[int, int]:
    """A point on the tile in slot ``index`` (its ``line``: 0 the face's first), from the
    widget's top left, at the widget's present tile size."""
    size = widget.geometry
    row, col = widget.layout_model.place(index)
    return widget.pad() + col * size.slot + size.face // 2, row * size.row + line


def lines_of(widget: RackWidget) -> list[Text]:
    return list(widget.render().split("\n"))


def background(line: Text, cell: int) -> str | None:
    """The face colour of a cell of a rendered line (None: the rack's wood)."""
    style = line.get_style_at_offset(Console(), cell)
    return None if style.bgcolor is None else style.bgcolor.name


async def human_rack(pilot, app) -> tuple[TableScreen, RackWidget]:  # type: ignore[no-untyped-def]
    await wait_for_human(pilot, app)
    screen = await sorted_table(pilot, app)
    await pilot.pause()
    return screen, screen.query_one(RackWidget)


@pytest.mark.parametrize("size", BIG_SIZES + NORMAL_SIZES)
async def test_the_tiles_size_follows_the_terminal_and_everything_stays_in_sight(
    size: tuple[int, int],
) -> None:
    """Big tiles from 150 columns and 44 lines on; the rack, the status line and the key
    bar inside the terminal, and the table's middle row (the side seats and the melds)
    keeps as many lines as at 120x40 with the usual tiles."""
    app = table_app()
    async with app.run_test(size=size) as pilot:
        screen, widget = await human_rack(pilot, app)
        big = size[0] >= 150 and size[1] >= 44
        assert widget.geometry == (BIG if big else NORMAL), size
        assert widget.has_class("-big") is big
        assert widget.size.height == 2 * widget.geometry.row  # two rows of tiles and marks
        width, height = size
        for name in ("#rack", "#status", "#keys", "#board"):
            region = screen.query_one(name).region
            assert region.right <= width and region.bottom <= height, (name, region)
        rack = widget.region
        assert screen.query_one("#board").region.bottom <= rack.y
        assert rack.bottom <= screen.query_one("#status").region.y
        if big:
            # At 120x40 the middle row has 21 lines (the rack 6, the status 2, the keys 1).
            assert screen.query_one("#mid-row").region.height >= 21
            # The whole rack with room either side.
            assert widget.pad() + widget.layout_model.cols * BIG.slot < width


@pytest.mark.parametrize("size", [(200, 60), (120, 40)])
async def test_each_tile_is_drawn_on_a_face_of_its_size_with_its_number_and_letter(
    size: tuple[int, int],
) -> None:
    app = table_app()
    async with app.run_test(size=size) as pilot:
        screen, widget = await human_rack(pilot, app)
        geometry: Geometry = widget.geometry
        lines = lines_of(widget)
        assert len(lines) == 2 * geometry.row
        rack = screen.rack
        okey = screen.view.okey
        checked = 0
        for index, tile in enumerate(rack.slots):
            row, col = rack.place(index)
            x = widget.pad() + col * geometry.slot
            face = lines[row * geometry.row : row * geometry.row + geometry.lines]
            cells = [line.plain[x : x + geometry.face] for line in face]
            if tile is None:
                assert "".join(cells).strip() == "·", cells
                continue
            # The face: its colour over every cell of every line, the wood (or a cursor
            # mark) in the gap after it.
            for line in face:
                colours = {background(line, cell) for cell in range(x, x + geometry.face)}
                assert len(colours) == 1 and None not in colours, (tile, line.plain)
                assert background(line, x + geometry.face) is None, (tile, line.plain)
            text = "\n".join(cells)
            if tile.is_false_okey:
                assert "✦" in text and "F" in text
            else:
                assert str(tile.number) in text and tile.colour is not None
                assert tile.colour.letter in cells[-1]
                assert ("★" in cells[-1]) is (tile == okey)
            if geometry == BIG:
                # The number on the middle line, room above it and either side of it.
                assert cells[0].strip() == "" and cells[1].strip() in (str(tile.number), "✦")
                assert cells[1][0] == " " and cells[1][-1] == " "
            checked += 1
        assert checked == rack.count()


def big_line(
    widget: RackWidget, rack: RackLayout, cursor: int, fresh: set[int], selected: set[int]
) -> str:
    """The line under the upper row of big tiles, from the first slot's first cell, as
    ``widget`` (fitted to a big terminal) draws it."""
    widget.show(rack, OKEY, cursor, selected, False, fresh=fresh)
    assert widget.geometry == BIG
    return widget.render().plain.split("\n")[BIG.lines][widget.pad() :]


@pytest.mark.parametrize("name", list(MORE_GROUPS))
def test_under_big_tiles_the_marks_and_the_value_stand_apart_each_whole(
    language: str, name: str
) -> None:
    """As under the usual tiles (test_ui_rack_labels), with the big tiles' marks: any tiles
    of a group selected, the cursor on any or away, any one new: every piece of the line
    is a whole mark under its tile's face, the value whole, or the meld's rule; and a
    meld's value is framed by its rule on both sides or on neither
    (test_ui_rack_label_rule.py)."""
    tiles = MORE_GROUPS[name]
    size = len(tiles.split())
    label, meld = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    kind, _space, points = label.rpartition(" ")
    forms = [label] + ([f"{kind[0]}{points}"] if kind else [])
    word = i18n._("new")
    rack = rack_of(tiles)
    middle = BIG.face // 2
    widget = RackWidget()
    widget.fit(*BIG_SIZES[-1])
    for selected in subsets(size):
        for cursor in [*range(size), COLS + 3]:
            for fresh in [set(), *({i} for i in range(size))]:
                whole = big_line(widget, rack, cursor, fresh, selected)
                check_framed(whole, tiles, 0, size * BIG.slot - 1, (label, meld))
                line = whole.rstrip()
                found, start = pieces(line, forms)
                shown_fresh = fresh - selected
                for at, piece in found:
                    tile, cell = divmod(at, BIG.slot)
                    if piece == "§" or (meld and set(piece) == {"─"}):
                        continue
                    if piece in ("▔▔▔▔▔", "▔▔▲▔▔"):
                        assert cell == 0 and tile in selected, (piece, line)
                        assert (piece == "▔▔▲▔▔") == (tile == cursor), line
                    elif piece in ("▲", "▲+", "+"):
                        assert cell == middle, (piece, line)
                        assert ("▲" in piece) <= (tile == cursor), line
                        assert ("+" in piece) <= (tile in shown_fresh), line
                    elif piece in (word, f"▲{word}"):
                        assert cell == 1 and tile in shown_fresh, (piece, line)
                    else:
                        raise AssertionError(f"{piece!r} is no whole mark nor the value: {line!r}")
                if meld:
                    assert start >= 0, (label, line)
                for tile in selected - {cursor}:
                    under = line[tile * BIG.slot : tile * BIG.slot + BIG.face]
                    assert under == "▔" * BIG.face or "▔" not in under, (tile, line)


async def test_the_marks_and_the_values_under_big_tiles_stand_under_their_tiles() -> None:
    """The cursor's ▐ ▌ either side of its face on each of its lines and its ▲ under the
    face's middle; a selected tile's ▔ under its whole face; every group's value on the
    line under the group."""
    app = table_app()
    async with app.run_test(size=(180, 50)) as pilot:
        screen, widget = await human_rack(pilot, app)
        rack = screen.rack
        groups = [g for g in rack.groups() if len(g) > 1]
        assert groups
        first, second = groups[0][0], groups[-1][-1]
        await goto(pilot, screen, first)
        await pilot.press("space")
        await goto(pilot, screen, second)
        await pilot.pause()
        size = widget.geometry
        assert size == BIG
        lines = [line.plain for line in lines_of(widget)]
        pad = widget.pad()

        def cells(index: int, line: int) -> str:
            row, col = rack.place(index)
            x = pad + col * size.slot
            return lines[row * size.row + line].ljust(x + size.slot)[x - 1 : x + size.slot]

        for line in range(size.lines):
            around = cells(second, line)
            assert around[0] == "▐" and around[-1] == "▌", around
        assert cells(second, size.lines)[1 : 1 + size.face] == "  ▲  "
        assert cells(first, size.lines)[1 : 1 + size.face] == "▔" * size.face
        labels = widget.labels()
        for group in groups:
            row, col = rack.place(group[0])
            x = pad + col * size.slot
            under = lines[row * size.row + size.lines][x : x + len(group) * size.slot]
            label = labels[group[0]][0]
            shown = [form for form in (label, short_label(label), "·") if form in under.split()]
            assert shown or label in under, (label, under)


async def test_a_click_and_a_drag_at_a_big_size_land_on_the_slot_under_the_mouse() -> None:
    app = table_app()
    async with app.run_test(size=(200, 60)) as pilot:
        screen, widget = await human_rack(pilot, app)
        assert widget.geometry == BIG
        slots = screen.rack.slots
        filled = [i for i, t in enumerate(slots) if t is not None]
        # A tile of the lower row, far right: the mapping is off most there.
        target = max(filled, key=lambda i: (screen.rack.row_of(i), i))
        for line in range(BIG.lines):  # any line of the face
            await pilot.click(RackWidget, offset=slot_offset(widget, target, line))
            assert screen.selected == {target}, (line, screen.selected)
            await pilot.click(RackWidget, offset=slot_offset(widget, target, line))
            assert not screen.selected
        # The gap after a face belongs to its slot, as at the usual size.
        x, y = slot_offset(widget, target)
        await pilot.click(RackWidget, offset=(x + BIG.face - BIG.face // 2, y))
        assert screen.selected == {target}
        await pilot.press("escape")

        tile = slots[target]
        empty = max(i for i, t in enumerate(slots) if t is None and screen.rack.row_of(i) == 0)
        await pilot.mouse_down(RackWidget, offset=slot_offset(widget, target))
        await pilot.hover(RackWidget, offset=slot_offset(widget, empty, 2))
        assert widget.drop_at == empty  # the slot a drop would go to, marked
        await pilot.mouse_up(RackWidget, offset=slot_offset(widget, empty, 2))
        await pilot.pause()
        assert screen.rack.slots[empty] == tile and screen.rack.slots[target] is None
        assert widget.drop_at is None


async def test_a_click_on_a_groups_value_under_big_tiles_selects_the_group() -> None:
    app = table_app()
    async with app.run_test(size=(180, 50)) as pilot:
        screen, widget = await human_rack(pilot, app)
        group = next(g for g in screen.rack.groups() if len(g) > 2)
        # On the line under the group's last tile (not on its face's lines).
        await pilot.click(RackWidget, offset=slot_offset(widget, group[-1], BIG.lines))
        assert screen.selected == set(group)


async def test_a_resize_big_small_big_keeps_the_arrangement_cursor_and_selection() -> None:
    app = table_app()
    async with app.run_test(size=(200, 60)) as pilot:
        screen, widget = await human_rack(pilot, app)
        assert widget.geometry == BIG
        filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
        await goto(pilot, screen, filled[1])
        await pilot.press("space", "shift+right")  # a tile of the player's own placing
        await goto(pilot, screen, filled[-1])
        await pilot.press("space")
        kept = (list(screen.rack.slots), screen.cursor, set(screen.selected))
        assert len(kept[2]) == 2
        for size, geometry in (((120, 40), NORMAL), ((200, 60), BIG), ((80, 24), NORMAL)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert widget.geometry == geometry, size
            assert widget.size.height == 2 * geometry.row, size
            assert (list(screen.rack.slots), screen.cursor, set(screen.selected)) == kept
            # Drawn at the new size: the cursor's ▐ just before its face.
            row, col = screen.rack.place(screen.cursor)
            x = widget.pad() + col * geometry.slot
            assert lines_of(widget)[row * geometry.row].plain[x - 1] == "▐", size
            # And a click goes to the slot drawn under it.
            await pilot.click(RackWidget, offset=slot_offset(widget, screen.cursor))
            assert screen.cursor not in screen.selected
            await pilot.click(RackWidget, offset=slot_offset(widget, screen.cursor))
            assert screen.selected == kept[2]


async def test_a_resize_under_the_help_takes_effect_when_the_table_is_back() -> None:
    """The help on top when the terminal grew: the resize reached the help only; the rack
    takes the big tiles when the table shows again."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, widget = await human_rack(pilot, app)
        assert widget.geometry == NORMAL
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not screen
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.press("escape")
        for _ in range(3):
            await pilot.pause()
        assert app.screen is screen
        assert widget.geometry == BIG and widget.size.height == 2 * BIG.row


def test_a_big_table_with_the_rack_in_groups(snap_compare):
    """Seed 125 at 160x45, the rack sorted: tiles 5 cells by 3 lines on the wooden rack,
    each group's value under it, the cursor's ▐ ▌ and ▲ around the first tile; the rest
    of the table as at 120x40, the melds box taller."""

    async def sort(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for_human(pilot, pilot.app)
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(table_app(), terminal_size=(160, 45), run_before=sort)


async def test_a_resize_behind_the_privacy_screen_takes_effect_when_the_table_is_back() -> None:
    """Hot-seat: the terminal grew while the privacy screen hid the whole table (the resize
    reached the privacy screen only). The next person's rack has the big tiles."""
    from ui_helpers import wait_for_screen

    from okey_tui.ui.screens.privacy import PrivacyScreen

    app = table_app(humans=2, human_names=("Mehmet",), name="Ayşe")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        for _ in range(3):
            await pilot.pause()
        widget = app.screen.query_one(RackWidget)
        assert widget.geometry == BIG and widget.size.height == 2 * BIG.row
