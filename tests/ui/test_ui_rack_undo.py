"""u puts the rack back as it was before a sort or a move of its tiles, at every table:
an `s` pressed by mistake scrambled a rack arranged by hand, and u answered "Nothing of
yours to undo this turn"."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, goto, status_text, table_app, wait_for_human

from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen


async def test_u_puts_back_the_rack_before_a_sort_and_a_move_at_a_normal_table():
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for_human(pilot, app)
        rack = screen.rack
        dealt = list(rack.slots)
        first = next(i for i, t in enumerate(dealt) if t is not None)
        await goto(pilot, screen, first)
        await pilot.press("space", "shift+right", "escape")  # a move by hand
        moved = list(rack.slots)
        assert moved != dealt
        pointed = rack.slots[screen.cursor]
        await pilot.press("s")
        assert rack.slots != moved
        await pilot.press("u")
        assert rack.slots == moved, "the sort undone: the rack as the player had it"
        assert rack.slots[screen.cursor] == pointed, "the cursor on the same tile"
        assert "Undone: the sort" in status_text(screen)
        await pilot.press("u")
        assert rack.slots == dealt and "Undone: the move" in status_text(screen)
        await pilot.press("u")
        assert rack.slots == dealt
        assert "Nothing to undo" in status_text(screen)
        await pilot.press("s", "u")
        assert "Undone: the sort" in status_text(screen)
        before = list(rack.slots)
        last = max(i for i, t in enumerate(rack.slots) if t is not None)
        await goto(pilot, screen, last)
        await pilot.press("space", "shift+right", "escape")  # a move: the line is stale
        assert rack.slots != before
        assert status_text(screen) == screen.turn_hint(), status_text(screen)


async def test_at_a_practice_table_u_undoes_the_table_step_then_the_sort_before_it():
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for_human(pilot, app)
        rack = screen.rack
        dealt = list(rack.slots)
        hand = app.session.hand
        await pilot.press("s", "o", "enter")
        assert hand.openings[0] is not None
        await pilot.press("u")
        assert hand.openings[0] is None and "Undone: the opening" in status_text(screen)
        await pilot.press("u")
        assert rack.slots == dealt and "Undone: the sort" in status_text(screen)


async def test_a_sort_is_not_undone_after_a_move_on_the_table():
    """After a discard (a move on the table, not undone), u no longer puts back the rack
    of before: its tiles are not the tiles the rack holds now."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for_human(pilot, app)
        await pilot.press("s", "x")
        if isinstance(app.screen, ConfirmScreen):  # a tile that costs a penalty asks
            await pilot.press("y")
        await wait_for_human(pilot, app)
        kept = list(screen.rack.slots)
        await pilot.press("u")
        assert screen.rack.slots == kept
        assert "Nothing to undo" in status_text(screen)


async def test_u_puts_staged_melds_back_then_undoes_the_sort_before_them():
    """Staging is the newest step: u puts the melds back in their slots (as Esc does), and
    the sort before it stays undoable. u answered "Nothing of yours to undo this turn" with
    melds staged, and at a practice table undid an older step of the table instead."""
    for practice in (False, True):
        app = table_app(OPENING_SEED, practice=practice, tips=False)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await wait_for_human(pilot, app)
            rack = screen.rack
            dealt = list(rack.slots)
            await pilot.press("s")
            sorted_rack = list(rack.slots)
            await pilot.press("o")
            assert screen.staging.melds
            assert screen.check_action("undo", ()) is True, "u is offered with melds staged"
            await pilot.press("u")
            assert not screen.staging.melds
            assert rack.slots == sorted_rack, "the staged tiles back in their own slots"
            assert "Undone: the staged melds are back" in status_text(screen)
            assert rack.slots[screen.cursor] is not None
            await pilot.press("u")
            assert rack.slots == dealt and "Undone: the sort" in status_text(screen)
            assert app.session.hand.openings[0] is None


async def test_x_with_staged_melds_below_the_floor_offers_only_esc():
    """Enter cannot lay an opening below the floor: the refusal of x says so, not "Enter
    lays them"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for_human(pilot, app)
        await pilot.press("s")
        first = next(i for i, t in enumerate(screen.rack.slots) if t is not None)
        await goto(pilot, screen, first)
        await pilot.press("m", "o")  # one group staged: short of 101
        assert len(screen.staging.melds) == 1
        assert not screen.staging.reached(screen.view)
        await pilot.press("x")
        said = status_text(screen)
        assert "they do not open" in said and "Esc puts them back" in said, said
        assert "Enter lays them" not in said
        await pilot.press("o")  # every group: enough to open
        assert screen.staging.reached(screen.view)
        await pilot.press("x")
        assert "Enter lays them" in status_text(screen)
        assert app.session.hand.openings[0] is None
