"""A new match started while others are saved says once that they are kept, and how to
get back to them: a player feared that starting anew had lost them. It is said in the
log, covering nothing; a note in the corner only where the log is out of sight (the note
covered the seat across and the log, and at a shared terminal the privacy screen)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import wait_and_arrange, wait_for_human

from okey_tui.settings import TableSettings
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.setup import NewTableScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.board import GameLog

SETTINGS = TableSettings(bots=("easy", "easy", "easy"), hands=3)


def kept_notes(app: OkeyApp) -> list[str]:
    return [n.message for n in app._notifications if "unfinished match" in n.message]


async def logged(pilot: Pilot[None], app: OkeyApp) -> str:
    """The log's text, shown (l) if it is out of sight: its lines wrap at its width."""
    screens = [s for s in app.screen_stack if isinstance(s, TableScreen)]
    assert screens, "no table"
    screen = screens[-1]
    if not screen.log_shown():
        await pilot.press("l")
        await pilot.pause()
    log = screen.query_one("#log", GameLog)
    return " ".join(" ".join(line.text for line in log.lines).split())


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
        said = "Your other unfinished match is kept: okey101 play lists it to resume."
        # At 80x24 the log is out of sight: a short note too.
        assert await told(pilot, second) == [said]
        text = await logged(pilot, second)
        # Once, and first: at full pace the bots' first moves came before it.
        assert text.count(said) == 1 and text.startswith(said), text
        # A note that goes by itself: the table's own line still says what to do.
        assert isinstance(second.screen, TableScreen)
        status = str(second.screen.query_one("#status", Static).render())
        assert status and "kept" not in status, status

    # Started from the new-table screen with two saved; a second new match in the same
    # run is not told again.
    third = make_app(bot_delay=0, seed=11)  # a deal of its own: a random one may end first
    async with third.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(third.screen, NewTableScreen)
        await pilot.press("down", "down")  # past the two matches' lines: a new table
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


async def test_where_the_log_shows_only_the_log_says_it() -> None:
    first = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)
    second = make_app(settings=SETTINGS, ask=False, seed=10, bot_delay=0)
    async with second.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, second)
        assert not await told(pilot, second), "the log says it: no note over the table"
        said = "Your other unfinished match is kept: okey101 play lists it to resume."
        text = await logged(pilot, second)
        # Once, and first: at full pace the bots' first moves came before it.
        assert text.count(said) == 1 and text.startswith(said), text


async def test_a_shared_terminal_is_told_in_the_log_not_over_the_privacy_screen() -> None:
    first = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_and_arrange(pilot, first)
    shared = TableSettings(bots=("easy",) * 3, humans=2, human_names=("Mehmet",), name="Ayşe")
    second = make_app(settings=shared, ask=False, seed=10, bot_delay=0)
    async with second.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            if isinstance(second.screen, PrivacyScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(second.screen, PrivacyScreen)
        assert not await told(pilot, second), "a note over the privacy screen"
        await pilot.press("enter")
        await wait_for_human(pilot, second)
        assert not await told(pilot, second), "a note again after Enter"
        # The log keeps it for whoever opens it (l), written anew for each person.
        said = "Your other unfinished match is kept: okey101 play lists it to resume."
        text = await logged(pilot, second)
        # Once, and first: at full pace the bots' first moves came before it.
        assert text.count(said) == 1 and text.startswith(said), text
