"""A drag says where the tile may go while it is held: with the mouse down and moving, the
tile stayed put, nothing lit up off the rack and the line kept its old words, so a mouse
or tablet player could not tell a drag had begun. Let go on an empty slot, the turn's
words come back."""

from __future__ import annotations

import pytest
from test_ui_mouse import slot_offset
from ui_helpers import OPENING_SEED, at_position, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.widgets.rack import RackWidget
from tests.positions import position


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_tile_held_in_a_drag_says_where_it_may_go(size: tuple[int, int]) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        screen = await at_position(
            pilot, app, position(["K5 R4 R6 K1 K2", "", "", ""], openings="-/-/-/-")
        )
        rack = screen.query_one(RackWidget)
        source = screen.rack.slots.index(Tile.parse("K5"))
        empty = next(i for i, t in enumerate(screen.rack.slots) if t is None and i > source + 2)
        before = status_text(screen)
        await pilot.mouse_down(RackWidget, offset=slot_offset(rack, source))
        await pilot.hover(RackWidget, offset=slot_offset(rack, source))
        assert status_text(screen) == before  # pressed, not yet moved off its slot
        await pilot.hover(RackWidget, offset=slot_offset(rack, empty))
        await pilot.pause()
        said = status_text(screen)
        assert said == "Moving K5: drop on a rack slot, your pile, the lay-down box or a meld", said
        # One line, at 80 columns too: a second moved the table a row up under the finger.
        assert screen.status_lines(said) == 1
        await pilot.mouse_up(RackWidget, offset=slot_offset(rack, empty))
        await pilot.pause()
        assert screen.rack.slots[empty] == Tile.parse("K5")
        assert not status_text(screen).startswith("Moving"), status_text(screen)
