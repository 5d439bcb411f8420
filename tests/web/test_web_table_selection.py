"""Dragging a tile never selects text: Textual's own mouse selection (a blue highlight over
the panels and the rack, seen in the browser) is off on the table screen, and stays on
where copying text helps (a dialog's token)."""

from __future__ import annotations

from textual.events import MouseMove
from textual.widgets import Static

from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import SLOT, RackWidget


def table_app(**changes: object):  # type: ignore[no-untyped-def]
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(**changes)
    return make_app(settings=settings, ask=False, seed=125, bot_delay=0, remember=False)


async def test_dragging_over_the_table_selects_no_text() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if isinstance(app.screen, TableScreen) and app.screen.query(RackWidget):
                break
            await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rack = screen.query_one(RackWidget)
        # Press on a tile, move up over the panels with the button held, let go.
        await pilot.mouse_down(RackWidget, offset=(rack.pad() + 1, 1))
        await pilot._post_mouse_events(
            [MouseMove],
            RackWidget,
            offset=(rack.pad() + 4 * SLOT, -10),
            button=1,
        )
        await pilot.pause()
        assert not screen.selections
        assert screen.get_selected_text() is None


async def test_a_dialog_over_the_table_keeps_text_selection() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.pause(0.01)
        await app.push_screen(ConfirmScreen("Quit the game?\nokey101 join ws://h:1 --token abc"))
        await pilot.pause()
        dialog = app.screen
        assert dialog.allow_select
        assert any(w.allow_select for w in dialog.query(Static))
