"""Wrong join codes and the host's own web page: the page's connections (from the host's
computer, like a terminal's ``okey101 join`` there) count a browser's wrong codes on their
own, never with that computer's terminals; the host lifts a block from the lobby, and the
lobby's line of it goes once the block is over. Real tables on 127.0.0.1; bounded waits."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from net_helpers import open_table, until
from textual.widgets import Static
from websockets.asyncio.client import connect

from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.protocol import PROTOCOL_VERSION, Bridge
from okey_tui.net.server import Limits, TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.web.server import HostedTable, WebServer


async def guess(server: TableServer, times: int, bridge: Bridge | None = None) -> list[str]:
    """``times`` wrong join codes (from 127.0.0.1, or through ``bridge``): the errors."""
    codes = []
    for _ in range(times):
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, "WRONG1", "Guess", timeout=5, bridge=bridge)
        codes.append(info.value.code)
    return codes


async def test_wrong_codes_typed_at_the_hosts_computer_leave_its_web_page_open() -> None:
    """Five wrong codes in a terminal on the host's computer blocked 127.0.0.1, and so every
    browser friend, whose seats the host's web page takes from that address too."""
    server = await open_table(limits=Limits(code_tries=2))
    try:
        assert await guess(server, 2) == ["bad-code", "too-many-tries"]
        with pytest.raises(JoinError) as info:  # the terminal is blocked...
            await RemoteTable.join(server.url, server.code, "Late", timeout=5)
        assert info.value.code == "too-many-tries"
        # ... and a friend in a browser still sits, through the host's page.
        friend = await RemoteTable.join(
            server.url, server.code, "Deniz", bridge=Bridge(server.bridge_key, "10.0.0.7")
        )
        assert server.seats[friend.seat].name == "Deniz"
        await friend.close()
    finally:
        await server.close()


async def test_a_browsers_wrong_tries_block_that_browser_alone() -> None:
    """Guessed tokens from one browser (a link's ``&token=``) block that browser's address:
    another browser, and the terminals of the host's computer, still sit."""
    server = await open_table(limits=Limits(code_tries=2))
    alerts: list[str] = []
    server.on_alert = alerts.append
    guesser = Bridge(server.bridge_key, "10.0.0.66")
    try:
        codes = []
        said = []
        for n in range(2):
            with pytest.raises(JoinError) as info:
                await RemoteTable.rejoin(server.url, f"guessed-token-{n}", bridge=guesser)
            codes.append(info.value.code)
            said.append(str(info.value))
        assert codes == ["bad-token", "too-many-tries"]
        # The tries left said, as for a wrong code (nothing warned before the block).
        assert "No seat has this token (1 try left)" in said[0], said
        assert server.blocked() == ["10.0.0.66 (in a browser)"]
        assert "Someone at 10.0.0.66 (in a browser) gave wrong join codes" in alerts[-1]
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, server.code, "Again", bridge=guesser)
        assert info.value.code == "too-many-tries"
        other = await RemoteTable.join(
            server.url, server.code, "Deniz", bridge=Bridge(server.bridge_key, "10.0.0.7")
        )
        terminal = await RemoteTable.join(server.url, server.code, "Ayşe")
        await other.close()
        await terminal.close()
    finally:
        await server.close()


async def test_a_wrong_bridge_key_is_a_wrong_code_of_its_own_address() -> None:
    """Only the host's page knows the key: a connection that says it is the page with
    another key is refused, and counted as a guess from where it comes (127.0.0.1)."""
    server = await open_table(limits=Limits(code_tries=2))
    try:
        forged = Bridge("not-the-key-" + "x" * 20, "10.0.0.7")
        assert await guess_right_code(server, forged) == "bad-code"
        assert server.blocked() == []
        assert await guess_right_code(server, forged) == "too-many-tries"
        assert server.blocked() == ["127.0.0.1"]
        assert not any(s.human for s in server.seats)
    finally:
        await server.close()


async def guess_right_code(server: TableServer, bridge: Bridge) -> str:
    with pytest.raises(JoinError) as info:
        await RemoteTable.join(server.url, server.code, "Forger", timeout=5, bridge=bridge)
    return info.value.code


async def test_a_hello_with_bridge_fields_of_the_wrong_kind_is_refused() -> None:
    server = await open_table()
    try:
        async with connect(server.url) as ws:
            hello = {"type": "hello", "v": PROTOCOL_VERSION, "code": server.code, "name": "A"}
            await ws.send(json.dumps({**hello, "bridge": 7}))
            assert json.loads(await ws.recv())["code"] == "bad-field"
            await ws.send(json.dumps({**hello, "bridge": "k", "visitor": "x" * 65}))
            assert json.loads(await ws.recv())["code"] == "bad-field"
        assert not any(s.human for s in server.seats)
    finally:
        await server.close()


def alert_line(app: RemoteApp) -> str:
    line = app.screen.query_one("#lobby-alert", Static)
    return str(line.render()) if line.display else ""


async def test_the_host_lifts_a_block_from_the_lobby() -> None:
    """The lobby said "Someone at 127.0.0.1 gave wrong join codes: blocked for 5 minutes"
    and the host could do nothing about it: u lifts it, the line says so, and the right
    code then seats the friend at once."""
    server = TableServer(RuleSet(hands=1), 5, ("easy",) * 4, port=0, limits=Limits(code_tries=2))
    app = RemoteApp(Seat("", name="Host", join_line="Join {port}"), server=server)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table is not None, "the host is seated")
        assert not app.screen.check_action("unblock", ())
        assert "u lifts" not in alert_line(app)
        await guess(server, 2)
        await until(pilot, lambda: "blocked for 5 minutes" in alert_line(app), "the block said")
        assert "u lifts the block" in alert_line(app)
        await pilot.press("u")
        await until(pilot, lambda: alert_line(app) == "", "the line gone")
        assert server.blocked() == []
        friend = await RemoteTable.join(server.url, server.code, "Ayşe", timeout=5)
        await until(pilot, lambda: any(s.name == "Ayşe" for s in app.table.seats()), "seated")  # type: ignore[union-attr]
        await friend.close()


async def test_the_lobby_drops_the_block_line_once_the_block_is_over() -> None:
    """ "blocked for 5 minutes" stayed in the lobby after the block had ended.

    The tries count by a clock of the test's own: with the wall clock and a block of half a
    second, a loaded machine let the first wrong try be forgotten before the second came
    (wrong tries older than a block are), and no block began."""
    server = TableServer(
        RuleSet(hands=1), 5, ("easy",) * 4, port=0, limits=Limits(code_tries=2, code_block=1.0)
    )
    now = [0.0]
    server._tries.clock = lambda: now[0]
    app = RemoteApp(Seat("", name="Host", join_line="Join {port}"), server=server)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table is not None, "the host is seated")
        await guess(server, 2)
        assert server.blocked() == ["127.0.0.1"]
        await until(pilot, lambda: "gave wrong join codes" in alert_line(app), "the block said")
        now[0] = 10.0  # the block is over by the tries' clock; the table looks again after it
        await until(pilot, lambda: alert_line(app) == "", "the line gone", tries=500)
        assert server.blocked() == []
        assert not app.screen.check_action("unblock", ())


async def test_a_browser_friend_sits_through_the_page_while_the_hosts_computer_is_blocked(
    tmp_path: Path,
) -> None:
    """The whole way: the host's web page starts the friend's own ``okey101 join``, which
    says whose browser it serves; the table seats it though 127.0.0.1 is blocked."""
    server = await open_table(limits=Limits(code_tries=2))
    table = HostedTable(
        url=lambda: server.local_url, code=server.code, bridge_key=server.bridge_key
    )
    page = WebServer(tmp_path / "web", table=table, quit_grace=2)
    site = TestServer(page.make_app(), host="127.0.0.1")
    await site.start_server()
    try:
        await guess(server, 2)  # someone at the host's computer mistypes the code
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(site.make_url("/").with_query(code=server.code)) as response:
                assert response.status == 200
            async with session.ws_connect(site.make_url(f"/ws/join/{server.code}/Deniz")) as ws:
                for _ in range(400):
                    if any(s.name == "Deniz" for s in server.seats):
                        break
                    await asyncio.sleep(0.05)
                assert any(s.name == "Deniz" for s in server.seats)
                await ws.close()
        assert server.blocked() == ["127.0.0.1"]
    finally:
        await site.close()
        await server.close()
