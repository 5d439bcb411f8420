"""The table's looks at any size: the log as l left it after a resize (pilot tests)."""

from __future__ import annotations

from textual.widgets import RichLog
from ui_helpers import OPENING_SEED, status_text, table_app

from okey_tui.ui.screens.table import Board, TableScreen


async def _settle(pilot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        await pilot.pause()


def _log_and_board(screen: TableScreen) -> tuple[bool, bool]:
    """Whether the log and the table (the board) are on the screen."""
    log = screen.query_one("#log", RichLog)
    board = screen.query_one(Board)
    return log.display and log.size.width > 0, board.display and board.size.width > 0


async def test_a_log_hidden_by_l_stays_hidden_when_the_window_shrinks():
    """l at 120x40 hid the log; at 90x26 the log then covered the whole table (l's
    choice was a flip of what the size had)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("l")
        await _settle(pilot)
        assert status_text(screen) == "Log hidden: l shows it"
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(90, 26)
        await _settle(pilot)
        assert not screen.log_shown()
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert _log_and_board(screen) == (False, True)


async def test_a_log_shown_by_l_on_a_small_terminal_stays_when_the_window_grows():
    """l at 80x24 showed the log over the table; at 120x40 the log column was gone."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("l")
        await _settle(pilot)
        assert status_text(screen).startswith("Log shown")
        assert _log_and_board(screen) == (True, False)
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert screen.log_shown()
        assert _log_and_board(screen) == (True, True)  # a column beside the table
        await pilot.press("l")  # and l hides it there
        await _settle(pilot)
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(80, 24)
        await _settle(pilot)
        assert _log_and_board(screen) == (False, True)


async def test_the_log_in_the_hints_place_stays_when_the_window_grows():
    """Practice at 80x24, hints up, l: the log in the hints' place; at 120x40 neither
    the log nor the hints were shown. l then gives the place back to the hints."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if not screen.practice.hints_on:
            await pilot.press("h")
            await _settle(pilot)
        await pilot.press("l")
        await _settle(pilot)
        assert "hints' place" in status_text(screen)
        assert _log_and_board(screen) == (True, False)
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert _log_and_board(screen) == (True, True)
        await pilot.press("l")
        await _settle(pilot)
        assert screen.practice.hints_on
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(80, 24)  # the hints over the table, the log as before
        await _settle(pilot)
        assert not screen.log_shown()
