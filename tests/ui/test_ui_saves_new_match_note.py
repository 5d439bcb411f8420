"""A new match started while others are saved says once that they are kept, and how to
get back to them: a player feared that starting anew had lost them."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import wait_and_arrange, wait_for_human

from okey_tui.settings import TableSettings
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.setup import NewTableScreen
from okey_tui.ui.screens.table import TableScreen

SETTINGS = TableSettings(bots=("easy", "easy", "easy"), hands=3)


def kept_notes(app: OkeyApp) -> list[str]:
    return [n.message for n in app._notifications if "unfinished match" in n.message]


async def told(pilot: Pilot[None], app: OkeyApp) -> list[str]:
    """The notes said so far, once the app has run what it queued for after the table's
    first refresh (the note is queued there as the match starts): a callback queued now
    runs after those. Waiting a whole second for a note that never came made this test
    the suite's longest wait."""
    ran: list[bool] = []
    app.call_after_refresh(ran.append, True)
    for _ in range(100):
        if ran:
            break
        await pilot.pause(0.01)
    assert ran, "the app never ran what it queued for after a refresh"
    return kept_notes(app)


async def test_a_new_match_says_once_that_the_unfinished_ones_are_kept() -> None:
    first = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_and_arrange(pilot, first)  # a move of the player's own: the match is kept
        assert not await told(pilot, first), "no other match: nothing to say"

    # Started with flags (no new-table screen in sight): said on the table.
    second = make_app(settings=SETTINGS, ask=False, seed=10, bot_delay=0)
    async with second.run_test(size=(80, 24)) as pilot:
        await wait_and_arrange(pilot, second)
        assert await told(pilot, second) == [
            "Your other unfinished match is kept: okey101 play lists it to resume."
        ]
        # A note that goes by itself: the table's own line still says what to do.
        assert isinstance(second.screen, TableScreen)
        status = str(second.screen.query_one("#status", Static).render())
        assert status and "kept" not in status, status

    # Started from the new-table screen with two saved; a second new match in the same
    # run is not told again.
    third = make_app(bot_delay=0)
    async with third.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(third.screen, NewTableScreen)
        await pilot.press("enter")
        await wait_for_human(pilot, third)
        assert isinstance(third.screen, TableScreen)
        assert await told(pilot, third) == [
            "Your 2 other unfinished matches are kept: okey101 play lists them to resume."
        ]
        third.start(third.settings)
        await pilot.pause()
        await wait_for_human(pilot, third)
        assert len(kept_notes(third)) == 1

    # A match resumed is not a new one: nothing said.
    fourth = make_app(bot_delay=0, resume=True)
    async with fourth.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, fourth)
        assert isinstance(fourth.screen, TableScreen)
        assert not await told(pilot, fourth)
