"""A click on the lay-down box stages, as o does (the box says "o stages your groups"): with
tiles selected a click there did nothing and said nothing, though a drop there stages."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, select_tiles, table_app

from okey_tui.ui.widgets.board import LayDownArea
from tests.positions import position


async def test_a_click_on_the_lay_down_box_stages_the_selection() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot, app, position(["R4 R5 R6 K1 Y9", "", "", ""], openings="-/-/-/-")
        )
        await select_tiles(pilot, screen, "R4 R5 R6")
        assert not screen.staging.melds
        await pilot.click(LayDownArea, offset=(3, 2))
        await pilot.pause()
        assert [str(m) for m in screen.staging.melds] == ["R4 R5 R6"]
