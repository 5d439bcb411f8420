"""Rules §8: pressing a as a pairs opener, at a table where a pairs opener may not lay
off, names the runs and sets it may not add to (it said "may not add tiles to the table")."""

from __future__ import annotations

from textual.widgets import Static
from ui_helpers import OPENING_SEED, at_position, select_tiles, table_app

from tests.positions import position


async def test_pressing_a_says_it_on_the_status_line() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot,
            app,
            position(["R6 R4 K1 K2", "", "", ""], openings="p5/-/-/-", table=["1:R3*R4R5"]),
        )
        await select_tiles(pilot, screen, "R6")
        await pilot.press("a")
        await pilot.pause()
        status = " ".join(str(screen.query_one("#status", Static).render()).split())
        assert "you may not add tiles to runs and sets (only lay new pairs)" in status, status
        assert len(app.session.hand.table[0].meld.tiles) == 3  # nothing was added
