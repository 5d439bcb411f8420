"""An okey in a set of three stands for any colour the set misses: the table writes its
number alone ("★13 Y13 B13"). Written "★R13 Y13 B13", a player took a real R13 laid off
there for a swap of the okey, and saw the okey turn black by itself ("R13 Y13 B13 ★K13")."""

from __future__ import annotations

from rendered import screen_text
from ui_helpers import at_position, table_app

from okey_tui.ui.widgets.board import MeldsView
from tests.positions import position


async def test_a_set_of_three_writes_its_okey_by_number_and_a_set_of_four_by_its_tile():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        hand = position(
            ["R1 K2", "", "", ""],
            table=["2:*R13Y13B13", "2:R12Y12B12*K12"],
            openings="-/-/m101/-",
        )
        screen = await at_position(pilot, app, hand)
        region = screen.query_one(MeldsView).region
        lines = screen_text(app).splitlines()[region.y : region.bottom]
        shown = "\n".join(line[region.x : region.right] for line in lines)
        assert "★13 Y13 B13" in shown and "★R13" not in shown
        assert "R12 Y12 B12 ★K12" in shown
