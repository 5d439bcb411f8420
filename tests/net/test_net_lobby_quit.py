"""The host's q in the lobby, once a friend sits there: it closed the table at once, and
the friend's lobby said the host had closed it. It asks first, as at the table; with
only bots seated, q quits at once as before. Pilot tests on a loopback table."""

from __future__ import annotations

from net_helpers import shows, until

from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat
from okey_tui.ui.screens.dialogs import ConfirmScreen


def hosted() -> tuple[TableServer, RemoteApp]:
    server = TableServer(RuleSet(hands=1), 11, ("easy",) * 4, host="127.0.0.1", port=0)
    return server, RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)


async def test_the_hosts_q_in_the_lobby_asks_once_a_friend_is_seated() -> None:
    server, app = hosted()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        friend = await RemoteTable.join(server.url, server.code, "Ayşe")
        try:
            await until(
                pilot,
                lambda: any(i.name == "Ayşe" for i in app.table.seats()),  # type: ignore[union-attr]
                "the friend is listed",
            )
            await pilot.press("q")
            await until(pilot, lambda: shows(app, ConfirmScreen), "the question")
            question = app.screen
            assert isinstance(question, ConfirmScreen)
            assert "Quit the game?" in question.question
            assert "closes it for everyone" in question.question
            assert app.is_running and friend.connected
            await pilot.press("n")
            await until(pilot, lambda: shows(app, LobbyScreen), "back in the lobby")
            await pilot.pause(0.1)
            assert app.is_running and friend.connected
            await pilot.press("q")
            await until(pilot, lambda: shows(app, ConfirmScreen), "asked again")
            await pilot.press("y")
            await until(pilot, lambda: not app.is_running, "the host quits")
        finally:
            await friend.close()
    await server.close()


async def test_the_hosts_q_in_the_lobby_with_only_bots_seated_quits_at_once() -> None:
    server, app = hosted()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the host quits")
        assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
    await server.close()


async def test_a_friends_q_in_the_lobby_quits_at_once() -> None:
    server = TableServer(RuleSet(hands=1), 11, ("easy",) * 4, host="127.0.0.1", port=0)
    await server.start()
    first = await RemoteTable.join(server.url, server.code, "Mehmet")
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table is not None or app.problem, "seated")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "the friend quits")
    finally:
        await first.close()
        await server.close()
