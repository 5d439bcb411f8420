"""The lobby says who came and went: a friend sitting down, taking another name, losing
the connection and coming back, leaving. The host, looking away a moment, saw only the
list of seats changed. Pilot test on a loopback table; bounded waits."""

from __future__ import annotations

from net_helpers import until
from textual.widgets import Static

from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat


def chat_text(app: RemoteApp) -> str:
    lobby = app.screen
    assert isinstance(lobby, LobbyScreen)
    return str(lobby.query_one("#lobby-chat", Static).content)


async def test_the_lobby_says_who_sat_down_left_lost_the_connection_and_came_back() -> None:
    server = TableServer(RuleSet(hands=1), 11, ("easy",) * 4, host="127.0.0.1", port=0)
    app = RemoteApp(Seat("", name="Hosty", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby shows")
        assert "sat down" not in chat_text(app)  # the host's own seat is no news
        friend = await RemoteTable.join(server.url, server.code, "Ayşe")
        seat = friend.seat + 1
        try:
            await until(pilot, lambda: "Ayşe sat down" in chat_text(app), "Ayşe sat down")
            assert f"· Ayşe sat down at seat {seat}" in chat_text(app), chat_text(app)
            await friend.say("merhaba")
            await friend.rename("Deniz")
            await until(pilot, lambda: "now sits as" in chat_text(app), "the new name")
            # In the order they happened, among the chat's lines.
            lines = chat_text(app).splitlines()
            assert lines[-3:] == [
                f"· Ayşe sat down at seat {seat}",
                "Ayşe: merhaba",
                "· Ayşe now sits as Deniz",
            ], lines
            token = friend.token
            await friend.close()  # lost, not left (a page reloaded)
            await until(pilot, lambda: "lost the connection" in chat_text(app), "the loss")
            assert f"Deniz lost the connection: seat {seat} is kept" in chat_text(app)
            friend = await RemoteTable.rejoin(server.url, token)
            await until(pilot, lambda: "is back" in chat_text(app), "the return")
            assert f"· Deniz is back at seat {seat}" in chat_text(app)
            await friend.close(quitting=True)
            await until(pilot, lambda: "is free" in chat_text(app), "the leaving")
            assert chat_text(app).splitlines()[-1] == f"· Deniz left: seat {seat} is free"
        finally:
            await friend.close()
    await server.close()
