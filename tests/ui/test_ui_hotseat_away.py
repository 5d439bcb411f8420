"""Hot-seat tables: z hides the person's own rack while they step away, and Enter gives it
back as they left it (the order, the cursor, the selection, melds staged)."""

from __future__ import annotations

from itertools import combinations

from rendered import screen_text
from test_ui_hotseat import assert_no_private_tile, hotseat_app
from ui_helpers import goto, status_text, table_app, wait_for_screen

from okey_tui.engine.melds import readings
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import RackWidget


def a_meld_in(rack, okey):
    """Three tiles of ``rack`` that make a meld as they are (no okey among them)."""
    plain = [t for t in rack if t != okey]
    for three in combinations(plain, 3):
        if readings(three, okey):
            return three
    raise AssertionError("no meld of three in the rack")


async def test_z_hides_the_rack_mid_turn_and_enter_gives_it_back_as_it_was():
    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        assert session.viewer == 0 and session.hand.turn == 0
        # Ayşe stages a meld, selects a tile and leaves the cursor on another.
        meld = a_meld_in(session.hand.racks[0], session.hand.okey)
        for tile in meld:
            index = next(
                i for i, t in enumerate(screen.rack.slots) if t == tile and i not in screen.selected
            )
            await goto(pilot, screen, index)
            await pilot.press("space")
        await pilot.press("o")
        await pilot.pause()
        assert len(screen.staging.melds) == 1
        filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
        await goto(pilot, screen, filled[0])
        await pilot.press("space")
        await goto(pilot, screen, filled[-1])
        slots, cursor = list(screen.rack.slots), screen.cursor
        selected, staged = set(screen.selected), list(screen.staging.melds)
        events = len(session.events)

        await pilot.press("z")
        await wait_for_screen(pilot, app, PrivacyScreen)
        text = screen_text(app)
        assert "Ayşe's rack is hidden — press Enter to play on" in text
        assert not app.screen.query(RackWidget)
        assert_no_private_tile(session, text, (0, 2))
        assert len(session.events) == events and session.hand.turn == 0  # nothing played

        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        assert session.viewer == 0
        assert list(screen.rack.slots) == slots
        assert screen.cursor == cursor
        assert set(screen.selected) == selected
        assert list(screen.staging.melds) == staged
        # The staged meld is still the player's to lay or put back: Esc clears the
        # selection, Esc again brings the meld's tiles home.
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not screen.staging.melds
        back = sorted(str(t) for t in screen.rack.slots if t is not None)
        assert back == sorted(str(t) for t in session.hand.racks[0])


async def test_z_does_nothing_at_a_table_of_one_person():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        assert screen.check_action("hide_rack", ()) is False
        await pilot.press("z")
        await pilot.pause()
        assert app.screen is screen and not screen.hidden
        assert status_text(screen) == (
            "z hides your rack at a table people share at one screen: here only you see it"
        )
