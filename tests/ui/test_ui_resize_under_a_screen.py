"""Rapid resizes while a screen stands over the table (hot-seat's privacy screen, a
dialog, the help): the table screen got the terminal's sizes twice, and two of them
waiting with other messages between sent each other back for ever (the table laid out
at one size, then the other, hundreds of times a second), and the game answered no key.
Found by headless resizing storms at a hot-seat table (3 runs in 10 froze)."""

from __future__ import annotations

import asyncio

from textual import events
from textual.geometry import Size
from textual.message import Message
from ui_helpers import table_app, wait_for_screen

from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.table import TableScreen


class Spinning(Exception):
    pass


class Between(Message):
    """Any message between two sizes (in a drag: the table's own redrawing)."""


async def test_sizes_the_terminal_had_leave_the_table_under_the_privacy_screen_alone() -> None:
    app = table_app(humans=2, human_names=("Mehmet",), name="Ayşe")  # hot-seat
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert app.screen is not table
        resized: list[Size] = []
        post = table.post_message

        def counted(message: Message) -> bool:
            if isinstance(message, events.Resize):
                resized.append(message.size)
                if len(resized) > 100:  # the spin never lets the test's clock run: end it
                    raise Spinning(f"the table resized itself {len(resized)} times")
            return post(message)

        table.post_message = counted  # type: ignore[method-assign]
        # Two sizes the terminal had on the way to 120x40, with a message between them.
        for size in (Size(80, 24), None, Size(100, 30)):
            table.post_message(events.Resize(size, size) if size else Between())
        await asyncio.sleep(0.3)  # not pilot.pause(): a table that spins never idles
        resized.clear()
        await asyncio.sleep(0.3)
        assert len(resized) == 0, f"the table resized itself {len(resized)} times in 0.3 s"
        assert table.size == app.size == Size(120, 40)
        # The game answers: the person takes the terminal and sees their rack.
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert app.screen is table and table.size == Size(120, 40)


async def test_a_table_under_the_help_takes_80x24_again_after_the_notice_of_a_small_terminal() -> (
    None
):
    """At 80x24 with the help open, the window went wide, then below the least size, then
    back to 80x24: the help closed on the wide layout squeezed into 80 columns (the log's
    column beside a table four columns wide, the melds box two), as the size the table had
    when the help came up was the size it came back to, and nothing styled it again."""
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, app, TableScreen)
        table = app.screen
        log = table.query_one("#log")
        assert not log.display or not log.region  # at 80x24 the log has no column
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not table
        for width, height in ((120, 40), (60, 16), (80, 24)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
        await pilot.pause()
        # Behind the help, still open, the table is in its 80x24 layout too.
        assert not log.region, f"the log's column behind the help: {log.region}"
        await pilot.press("escape")
        await wait_for_screen(pilot, app, TableScreen)
        await pilot.pause()
        assert app.screen is table
        assert not log.region, f"the log's column at 80x24: {log.region}"
        middle = table.query_one("#centre")
        assert middle.region.width >= 20, f"the table's middle is {middle.region.width} wide"
