"""The line after staging says what Enter does now: before this turn's draw the table
refuses a lay-down ("draw a tile first"), and the line had said "Enter lays them down"
while the lay-down box said "d draw first"."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, status_text, table_app

from tests.positions import position

# 138 points in three runs, before the draw: the opening is staged but cannot be laid yet.
RACK = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B10 B11 B12 B13 K1 K3 K5 K7 K9 Y2 Y4 Y6 B2"


async def test_staged_before_the_draw_the_line_says_d_first() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""], phase="d"))
        await pilot.press("s", "o")
        await pilot.pause()
        line = status_text(screen)
        assert "Opening: 138 / 101" in line, line
        assert line.endswith("d draws first, then Enter lays them down"), line
        await pilot.press("enter")  # refused, as the line said
        await pilot.pause()
        assert screen.staging.melds, "the staged melds stay"
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("enter")  # after the draw Enter lays them
        await pilot.pause()
        assert screen.view.opening is not None
