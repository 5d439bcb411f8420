"""A drag with the button held scrolls the log, the hints, the summary and the help: in
the browser a finger's swipe reaches the game as such a drag (the page turns touch moves
into mouse moves, so that a finger can move tiles), and a swipe over the log did nothing
(only its one-column scroll bar moved it). A click without a move is still a click."""

from __future__ import annotations

from textual.events import Click, MouseMove
from ui_helpers import last_hand_report, table_app

from okey_tui.table import SeatInfo
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.widgets.board import GameLog
from okey_tui.ui.widgets.swipe import SwipeScroll

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


async def swipe(pilot, widget, rows: int) -> None:  # type: ignore[no-untyped-def]
    """Press in ``widget``'s middle, move ``rows`` up (negative: down) held, let go."""
    x, y = widget.size.width // 2, widget.size.height // 2
    await pilot.mouse_down(widget, offset=(x, y))
    for step in range(1, abs(rows) + 1):
        moved = y - step if rows > 0 else y + step
        await pilot._post_mouse_events([MouseMove], widget, offset=(x, moved), button=1)
    await pilot.mouse_up(widget, offset=(x, y - rows))
    await pilot.pause()


async def long_log(pilot, app) -> GameLog:  # type: ignore[no-untyped-def]
    """The table's log with more lines than it shows, scrolled to its top."""
    await pilot.pause()
    log = app.screen.query_one(GameLog)
    for n in range(80):
        log.write(f"line {n}")
    await pilot.pause()
    log.scroll_home(animate=False, immediate=True)
    await pilot.pause()
    return log


async def test_a_swipe_up_scrolls_the_summary_and_the_log_and_down_scrolls_back() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await long_log(pilot, app)
        assert log.max_scroll_y > 5
        await swipe(pilot, log, 4)  # the content follows the finger: up shows what is below
        assert log.scroll_y == 4, log.scroll_y
        await swipe(pilot, log, -2)
        assert log.scroll_y == 2, log.scroll_y

        app.push_screen(HandSummaryScreen(last_hand_report(11), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        body = app.screen.query_one("#summary-body", SwipeScroll)
        assert body.max_scroll_y > 3 and body.scroll_y == 0
        await swipe(pilot, body, 3)
        assert body.scroll_y == 3, body.scroll_y
        await swipe(pilot, body, -10)  # no further than the top
        assert body.scroll_y == 0


async def test_a_swipe_ending_on_the_logs_title_is_no_click_and_selects_no_text() -> None:
    """Textual makes a click of any release on the widget pressed: a swipe in the log that
    ended on its title ("l hides") hid the log. On the summary (a dialog, whose text can be
    selected) a swipe also selected the text under it, and the selection's own scrolling
    at the pane's edge pulled the pane back."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await long_log(pilot, app)
        x = next(c for c in range(log.outer_size.width) if log.title_key_at(c, 0) == "l")
        await pilot.mouse_down(log, offset=(x, 4))
        for row in range(3, -1, -1):  # up to the title, in the frame above the lines
            await pilot._post_mouse_events([MouseMove], log, offset=(x, row), button=1)
        await pilot.mouse_up(log, offset=(x, 0))
        # Textual makes a click of the release (the same widget was pressed), with no press.
        await pilot._post_mouse_events([Click], log, offset=(x, 0), button=1)
        await pilot.pause()
        assert log.display and log.scroll_y > 0

        app.push_screen(HandSummaryScreen(last_hand_report(11), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        body = app.screen.query_one("#summary-body", SwipeScroll)
        await swipe(pilot, body, 3)
        assert body.scroll_y == 3
        assert app.screen.get_selected_text() is None
