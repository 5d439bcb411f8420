"""The line after staging says what Enter does now: before this turn's draw the table
refuses a lay-down ("draw a tile first"), and the line had said "Enter lays them down"
while the lay-down box said "d draw first"."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

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


async def test_every_tile_staged_the_line_says_one_must_stay_before_enter_is_refused() -> None:
    """Every tile of the rack staged after the draw: the line said "Enter lays them down",
    and Enter was refused ("you must keep one tile in hand to discard"). The line says so
    when they are staged; one group put back, Enter lays them."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B10 B11 B12 B13 K1 K2 K3"
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        await pilot.press("s", "o")
        await pilot.pause()
        line = status_text(screen)
        assert len(screen.staging.tiles()) == len(screen.view.rack) == 15
        assert "Opening: 144 / 101" in line, line
        assert "Enter lays them down" not in line, line
        assert line.endswith(
            "every tile is staged, and one must stay in hand to discard: Esc puts them back"
        ), line
        # The lay-down box's foot offered "⏎ lay down" as well.
        from okey_tui.ui.widgets.board import LayDownArea

        foot = str(screen.query_one(LayDownArea).border_subtitle)
        assert "⏎" not in foot and "Esc back" in foot, foot  # (short: the box is narrow)
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.staging.melds
        # The three runs of four staged, K1 K2 K3 kept: Enter lays them.
        await select_tiles(pilot, screen, "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B10 B11 B12 B13")
        await pilot.press("o")
        await pilot.pause()
        line = status_text(screen)
        assert line.endswith("Opening: 138 / 101 — Enter lays them down"), line
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.opening is not None and len(screen.view.rack) == 3
