"""The rack drawn line by line keeps the strips of the lines that did not change, and
draws exactly what Textual draws from the whole of its text: every change is drawn."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.strip import Strip
from textual.visual import Visual, visualize

from okey_tui.engine.tiles import Tile
from okey_tui.ui.tiles import FACE, FACE_CURSOR, face_lines
from okey_tui.ui.widgets.rack import RackWidget
from tests.ui.ui_helpers import at_the_table, table_app


def cells(strip: Strip) -> list[Segment]:
    return list(strip)


def whole(rack: RackWidget) -> list[list[Segment]]:
    """The rack's lines as Textual draws a widget's text (all its lines at once)."""
    width, height = rack.size
    visual = visualize(rack, rack.render(), markup=False)
    strips = Visual.to_strips(rack, visual, width, height, rack.visual_style)
    return [cells(strip) for strip in strips]


def by_line(rack: RackWidget) -> list[list[Segment]]:
    return [cells(rack.render_line(y)) for y in range(rack.size.height)]


@pytest.mark.parametrize("size", [(120, 40), (80, 24), (160, 50)])
async def test_each_change_of_the_rack_is_drawn_as_its_whole_text_is(
    size: tuple[int, int],
) -> None:
    app = table_app()
    async with app.run_test(size=size) as pilot:
        screen = await at_the_table(pilot, app)
        rack = screen.rack_widget
        assert rack.has_class("-big") == (size[0] >= 150)  # the big tiles too
        before = by_line(rack)
        assert before == whole(rack)
        # A cursor move, a select, a move along the rack, a sort, colour-blind faces, a
        # second row: each drawn as the whole text draws it, and each drawn anew.
        for key in ("right", "space", "shift+right", "s", "c", "down", "space", "c"):
            await pilot.press(key)
            await pilot.pause()
            now = by_line(rack)
            assert now == whole(rack), key
            assert now != before, key
            before = now


async def test_a_cursor_move_makes_the_strips_of_its_row_only() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, app)
        rack = screen.rack_widget
        await pilot.press("home")
        await pilot.pause()
        by_line(rack)
        kept = dict(rack._strips)
        await pilot.press("right")  # along the first row
        await pilot.pause()
        by_line(rack)
        rows = rack.geometry.row
        made = {y for y, (_key, strip) in rack._strips.items() if strip is not kept[y][1]}
        assert made and made <= set(range(rows)), made  # the first row's lines only
        # The same again: no line is made anew.
        kept = dict(rack._strips)
        by_line(rack)
        assert all(rack._strips[y][1] is kept[y][1] for y in kept)


def test_the_faces_kept_follow_the_okey_and_the_look() -> None:
    rack = RackWidget()
    r5, r6 = Tile.parse("R5"), Tile.parse("R6")
    for okey, colour_blind in ((r5, False), (r6, False), (r6, True), (r5, True)):
        rack.colour_blind = colour_blind
        for tile in (r5, r6):
            for face in (FACE, FACE_CURSOR):
                made = face_lines(tile, okey, face=face, colour_blind=colour_blind)
                assert rack.faces(tile, okey, face, False) == made
                # The okey's star on its own face only.
                assert ("★" in made[-1].plain) == (tile == okey)
