"""On a tall terminal a summary that fits above the rack stands there, the whole rack in
sight under it; a taller one covers the rack to its last row. Centred, its foot covered
the rack's first rows and left its last ones showing under it (at 200x50 a row of colour
letters and a dot, at 120x40 a dot)."""

from __future__ import annotations

import pytest
from test_ui_summary_opens_at_top import SEATS
from ui_helpers import at_the_table, last_hand_report, table_app

from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.widgets.rack import RackWidget


@pytest.mark.parametrize("size", [(200, 50), (120, 40)])
async def test_the_summary_leaves_the_rack_whole_or_covers_it_whole(size: tuple[int, int]) -> None:
    app = table_app()
    async with app.run_test(size=size) as pilot:
        table = await at_the_table(pilot, app)
        rack = table.query_one(RackWidget).region
        for hands in (1, 11):
            summary = HandSummaryScreen(last_hand_report(hands), SEATS, 0)
            app.push_screen(summary)
            for _ in range(3):
                await pilot.pause()
            box = summary.query_one("#summary").region
            assert box.y >= 0, (box, rack)
            if box.height <= rack.y:
                assert box.bottom <= rack.y, (hands, box, rack)  # the rack in sight, whole
            else:
                assert box.bottom >= rack.bottom, (hands, box, rack)  # none of it under the box
            app.pop_screen()
            await pilot.pause()
