"""A key that reaches a table screen before it is set up (on_mount: its widgets built,
its hand shown) does nothing. Found at a friend's table: rack moves in a burst got the
seat's connection dropped; as it came back, the new table screen was put up and a key
of the burst reached it before it was built, and the game ended in a traceback
("'RemoteTableScreen' object has no attribute 'rack_widget'")."""

from __future__ import annotations

import pytest
from ui_helpers import table_app, wait_for_screen

from okey_tui.ui.screens.table import TableScreen


@pytest.mark.parametrize("action", ["cursor(-1, 0)", "shift(1, 0)", "arrange('melds')", "draw"])
async def test_a_key_before_the_screen_is_set_up_does_nothing(action: str) -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, app, TableScreen)
        shown = app.screen
        assert app.session is not None
        hand_before = str(app.session.hand.racks)
        fresh = app.table_screen(app.session)  # as a table coming back puts one up
        assert await app.run_action(action, fresh) is False
        assert str(app.session.hand.racks) == hand_before
        # Once up, the same key acts.
        app.switch_screen(fresh)
        await wait_for_screen(pilot, app, TableScreen)
        await pilot.pause()
        assert app.screen is fresh and fresh is not shown
        cursor = fresh.cursor
        assert await app.run_action("cursor(1, 0)", fresh) is True
        assert fresh.cursor != cursor
