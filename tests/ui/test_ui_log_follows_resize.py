"""The log at its newest line stays there as the terminal changes size: shrinking the
window kept the log's top line, and the newest lines went out of sight below (a
play-tester's 200x50 -> 120x40), as they did when the log came back at a wider size."""

from __future__ import annotations

from rich.text import Text
from ui_helpers import at_the_table, table_app

from okey_tui.ui.widgets.board import GameLog


def at_newest(log: GameLog) -> bool:
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def settled_at_newest(pilot, log: GameLog) -> bool:  # type: ignore[no-untyped-def]
    """Whether the log comes to its newest line once laid out at the new size (a few
    refreshes: the lines are wrapped again, then the box has its size)."""
    for _ in range(25):
        if at_newest(log):
            return True
        await pilot.pause(0.02)
    return False


async def a_long_log(pilot, app) -> GameLog:  # type: ignore[no-untyped-def]
    """At the table, the log written longer than it can show."""
    table = await at_the_table(pilot, app)
    log = table.query_one("#log", GameLog)
    for n in range(60):
        log.write(Text(f"line {n}"))
    await pilot.pause()
    return log


async def test_a_shorter_window_keeps_the_newest_log_line_in_sight() -> None:
    app = table_app()
    async with app.run_test(size=(200, 50)) as pilot:
        log = await a_long_log(pilot, app)
        assert at_newest(log)
        await pilot.resize_terminal(120, 40)
        assert await settled_at_newest(pilot, log), (log.scroll_y, log.max_scroll_y)
        # Shown again at a size with room for it (hidden at 80x24), lines written meanwhile.
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        log.write(Text("written while hidden"))
        await pilot.resize_terminal(200, 50)
        assert await settled_at_newest(pilot, log), (log.scroll_y, log.max_scroll_y)


async def test_a_log_scrolled_back_stays_where_the_player_read() -> None:
    app = table_app()
    async with app.run_test(size=(200, 50)) as pilot:
        log = await a_long_log(pilot, app)
        width = log.scrollable_content_region.width
        log.scroll_to(y=3, animate=False, immediate=True)
        await pilot.resize_terminal(190, 40)  # shorter, the log as wide (its lines as wrapped)
        await pilot.pause()
        assert log.scrollable_content_region.width == width
        assert log.scroll_y == 3 < log.max_scroll_y
