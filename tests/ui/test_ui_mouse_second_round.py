"""What a mouse player in the browser missed, second round: the piles' list follows the
table while open, a taken tile dropped back on its pile is given back, a drop on a meld
says that meld's reason, the log's title words press l, the key bar shows e at a
practice table, and a drag marks the slot it would go to."""

from __future__ import annotations

from textual.widgets import Static
from ui_helpers import table_app, wait_for_human

from okey_tui.engine.actions import Discard
from okey_tui.engine.state import Phase
from okey_tui.ui.screens.dialogs import PilesScreen
from okey_tui.ui.screens.table import TableScreen


async def test_the_piles_list_follows_the_table_while_open() -> None:
    """The bots played on behind the piles' list and it showed the piles of before."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen)
        if table.view.phase is Phase.DRAW:
            await pilot.press("d")
            await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        piles = app.screen
        assert isinstance(piles, PilesScreen)
        before = str(piles.query_one("#piles", Static).render())
        tile = table.view.rack[0]
        assert await table.act(Discard(tile))  # the others play on behind the list
        await wait_for_human(pilot, app)
        await pilot.pause()
        assert app.screen is piles
        now = table.view
        shown = str(piles.query_one("#piles", Static).render())
        assert shown != before
        titles = [line for line in shown.splitlines() if "→" in line]
        assert [t.rsplit("(", 1)[1] for t in titles] == [
            f"{len(pile)})" for pile in now.discards
        ], shown
