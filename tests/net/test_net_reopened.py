"""A friend back at a table its host closed and opened again (okey101 host --resume) is
told so at the table: only the lobby had said the host closed it, and back at the table
the log read on as if nothing had happened. A line that dropped alone says nothing of it.

Every table is a real server on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import (
    a_friend_at_a_table_to_reopen,
    crash,
    open_table,
    reopenable_table,
    reopened,
    screen_statics_text,
    shows,
    until,
)
from textual.widgets import RichLog

from okey_tui.net.server import TableServer
from okey_tui.ui import remote
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat
from okey_tui.ui.screens.table import TableScreen

CLOSED = "The host closed the table and opened it again: the match goes on where it was"
LOST = (
    "The connection to the table was lost, and its host opened it again: the match goes on "
    "where it was"
)


@pytest.fixture(autouse=True)
def quick_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat is tried again every tenth of a second (every few seconds for a player)."""
    monkeypatch.setattr(remote, "HOST_BACK_PAUSE", 0.1)
    monkeypatch.setattr(remote, "HOST_BACK_WAIT", 20.0)
    monkeypatch.setattr(remote, "REJOIN_PAUSE", 0.1)


def log_text(app: RemoteApp) -> str:
    log = app.screen.query_one("#log", RichLog)
    return " ".join(" ".join(line.text.split()) for line in log.lines)  # lines wrap


def noted(app: RemoteApp, text: str) -> int:
    return sum(n.message == text for n in app._notifications)


async def seated_at_the_table(pilot, app: RemoteApp) -> TableScreen:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: app.table is not None, "seated")
    await pilot.press("enter")  # the lead starts
    await until(pilot, lambda: shows(app, TableScreen), "the table")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: screen.rack.count() > 0, "the rack dealt")
    return screen


async def back_at_the_table(pilot, app: RemoteApp, before: TableScreen) -> TableScreen:  # type: ignore[no-untyped-def]
    await until(
        pilot, lambda: shows(app, TableScreen) and app.screen is not before, "back", tries=500
    )
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: screen.rack.count() > 0, "the rack dealt again")
    return screen


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_back_at_a_table_its_host_closed_and_opened_again_the_log_says_so(
    size: tuple[int, int], tmp_path: Path
) -> None:
    async with a_friend_at_a_table_to_reopen(tmp_path, size, notifications=True) as table:
        server, app, pilot = table.server, table.app, table.pilot
        first = await seated_at_the_table(pilot, app)
        await server.close()  # the host quits
        await until(pilot, lambda: "host closed the table" in app.problem, "told", 100)
        assert isinstance(app.screen, LobbyScreen)
        resumed = await table.reopen()
        screen = await back_at_the_table(pilot, app, first)
        # Said over the table once, whether the log is in sight or not (at 80x24 the
        # log's note of a new line says it), and not with a bare "Back at the table."
        await until(pilot, lambda: noted(app, CLOSED) == 1, "said over the table")
        await pilot.pause(0.1)
        assert noted(app, CLOSED) == 1 and noted(app, "Back at the table.") == 0
        if not screen.log_shown():  # 80x24: l shows the log over the table
            await pilot.press("l")
        await until(pilot, lambda: CLOSED in log_text(app), "said in the log")
        # After the hand's moves, as the table's own notice: when it happened.
        text = log_text(app)
        assert text.index("Indicator") < text.index("· " + CLOSED), text

        # Closed once more: the lobby's chat does not give the last reopening as news.
        await resumed.close()
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
        await pilot.pause(0.1)
        lobby = screen_statics_text(app.screen)
        assert "host closed the table" in app.problem and "opened it again" not in lobby


async def test_back_after_the_hosts_okey101_stopped_without_a_word_the_log_says_so(
    tmp_path: Path,
) -> None:
    """The host's okey101 killed (no goodbye): the friend's seat is taken back as the
    table comes back (okey101 host --resume), and the log says it went and came back."""
    async with a_friend_at_a_table_to_reopen(tmp_path, (120, 40), notifications=True) as table:
        server, app, pilot = table.server, table.app, table.pilot
        first = await seated_at_the_table(pilot, app)
        await crash(server)
        await table.reopen()
        await back_at_the_table(pilot, app, first)
        await until(pilot, lambda: LOST in log_text(app), "said in the log")
        assert CLOSED not in log_text(app)
        assert noted(app, LOST) == 1 and noted(app, "Back at the table.") == 0


async def test_a_line_that_dropped_alone_says_nothing_of_the_table_opened_again() -> None:
    server = await open_table(bot_delay=5, grace=60.0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            first = await seated_at_the_table(pilot, app)
            conn = server.seats[0].conn
            assert conn is not None
            await conn.ws.close()  # the line drops; the table runs on
            await back_at_the_table(pilot, app, first)
            await until(pilot, lambda: noted(app, "Back at the table.") == 1, "back")
            assert "opened it again" not in log_text(app)
    finally:
        await server.close()


async def test_each_run_of_a_table_tells_its_seats_another_instance(tmp_path: Path) -> None:
    from okey_tui.net.client import RemoteTable

    path = tmp_path / "table.json"
    server = await reopenable_table(path)
    port = server.port
    resumed: TableServer | None = None
    try:
        ayse = await RemoteTable.join(server.url, server.code, "Ayşe")
        await ayse.start()
        await ayse.wait_for(lambda: ayse.has_view, 5)
        await ayse.close()
        for _ in range(100):  # the table hears the line drop
            if server.seats[0].conn is None:
                break
            await asyncio.sleep(0.02)
        again = await RemoteTable.rejoin(server.url, ayse.token)  # the same run
        assert ayse.instance and again.instance == ayse.instance
        await again.close()
        await crash(server)
        resumed = await reopened(path, port)
        back = await RemoteTable.rejoin(resumed.url, ayse.token)
        assert back.instance and back.instance != ayse.instance
        await back.close()
    finally:
        if resumed is not None:
            await resumed.close()
        await server.close()
