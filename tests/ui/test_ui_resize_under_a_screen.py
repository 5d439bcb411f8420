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
