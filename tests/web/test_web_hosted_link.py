"""A friend in a browser at ``okey101 host --web``: quitting says how to come back in the
browser (the table's link), not a terminal command with the web server's own loopback
address; the link with ``&token=`` takes the seat back from another browser. And the page
fits its font to the window whenever the window changes size."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer, make_mocked_request
from test_web_server import fake_command

from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.web import WEB_LINK_ENV, link_with_token
from okey_tui.web.server import (
    SESSION_KEPT,
    SESSION_OPENED,
    HostedTable,
    Visit,
    WebServer,
    join_command,
    page_script,
    valid_token,
)

TOKEN = "ekrC5mtuvWL3D2AK7MPtlxghw-2Vnwul"


async def test_a_friend_in_a_browser_is_told_to_open_the_link_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = TableServer(RuleSet(hands=1), 11, ("easy",) * 4, host="127.0.0.1", port=0)
    await server.start()
    try:
        friend = await RemoteTable.join(server.url, server.code, "Deniz")
        try:
            # Before the match begins a seat left is given up, in a browser as in a terminal.
            link = "http://192.168.1.5:8000/?code=K7M2QX&name=Deniz"
            monkeypatch.setenv(WEB_LINK_ENV, link)
            note = friend.leave_note() or ""
            assert "your seat is free" in note and "table's link" in note and "token" not in note
            server.start_match()
            await friend.wait_for(lambda: friend.started, 5)
            # In a terminal: the command that takes the seat back.
            monkeypatch.delenv(WEB_LINK_ENV, raising=False)
            assert f"--token {friend.token}" in (friend.leave_note() or "")
            # In a browser (the web server set the link): no terminal, no loopback address.
            monkeypatch.setenv(WEB_LINK_ENV, link)
            note = friend.leave_note() or ""
            assert "okey101 join" not in note and "--token" not in note
            assert server.url not in note and "127.0.0.1" not in note
            assert "open the table's link again in this browser" in note
            # The link with the token is on the page shown next (test_web_seat_link.py), whole
            # and clickable: in the dialog it broke over three lines between its borders.
            assert friend.token not in note and "page shown next has the link" in note
        finally:
            await friend.close()
    finally:
        await server.close()


def test_a_link_with_a_token() -> None:
    assert link_with_token("http://h/?code=A", "abcdefgh") == "http://h/?code=A&token=abcdefgh"
    assert link_with_token("http://h/", "abcdefgh") == "http://h/?token=abcdefgh"
    assert valid_token(TOKEN)
    assert not valid_token("short") and not valid_token("a b;rm -rf ~ x") and not valid_token(None)


def test_a_token_in_the_link_takes_that_seat_back() -> None:
    """The friend's ``okey101 join`` gets the link's token (a bad one is left out)."""
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    server = WebServer(Path("unused"), table=table)
    visit = Visit("0" * 32, None)  # type: ignore[arg-type]

    def command(path: str, **match: str) -> list[str]:
        request = make_mocked_request("GET", path, match_info=match)
        return shlex.split(server.command_for(visit, request, "join"))

    args = command(f"/ws/join/ABC123/Deniz/{TOKEN}", code="ABC123", name="Deniz", token=TOKEN)
    assert args[-5:] == ["ABC123", "--name", "Deniz", "--token", TOKEN]
    args = command("/ws/join/ABC123/Deniz/x", code="ABC123", name="Deniz", token="x;y")
    assert "--token" not in args
    assert "--token" not in shlex.split(join_command("ws://h:1", "ABC123", "Deniz"))
    # No name on the link: no --name, the game sits them as a guest. "--name Guest" read as
    # a name asked for, and each reload during the match said a name does not change.
    args = command(f"/ws/join/ABC123/-/{TOKEN}", code="ABC123", name="-", token=TOKEN)
    assert "--name" not in args and args[-3:] == ["ABC123", "--token", TOKEN], args


def test_a_browser_friend_who_gave_no_name_is_a_guest(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from okey_tui import web
    from okey_tui.commands.join import unnamed

    monkeypatch.setenv(web.WEB_ENV, "1")
    assert unnamed() == "Guest"
    monkeypatch.delenv(web.WEB_ENV)
    assert unnamed() not in ("", "Guest")  # the computer's user (or "Player")


async def test_the_page_passes_the_token_on_and_the_game_gets_its_link(tmp_path: Path) -> None:
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    server = WebServer(tmp_path / "web", command=fake_command(), table=table)
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    try:
        async with session:
            page = test_server.make_url("/").with_query(code="ABC123", name="Deniz", token=TOKEN)
            async with session.get(page) as response:
                html = await response.text()
            host = f"{test_server.host}:{test_server.port}"
            assert f'data-session-websocket-url="ws://{host}/ws/join/ABC123/Deniz/{TOKEN}"' in html
            # A made-up token is no part of the page: the page says it is not valid.
            bad = test_server.make_url("/").with_query(code="ABC123", token="<b>")
            async with session.get(bad) as response:
                said = await response.text()
            assert response.status == 400 and "token in this link is not valid" in said
            assert "<b>" not in said and "ws/join" not in said

            url = test_server.make_url(f"/ws/join/ABC123/Deniz/{TOKEN}").with_query(
                width=100, height=30
            )
            origin = {"Origin": str(test_server.make_url(""))}
            websocket = await session.ws_connect(url, headers=origin)
            about = json.loads((await websocket.receive(timeout=10)).data)
            # The link the friend's browser opened, without the token.
            assert about["web_link"] == f"http://{host}/?code=ABC123&name=Deniz"
            await websocket.close()
    finally:
        await test_server.close()


async def test_a_visitor_at_a_table_of_their_own_gets_no_table_link(tmp_path: Path) -> None:
    server = WebServer(tmp_path / "web", command=fake_command())
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    try:
        async with session:
            async with session.get(test_server.make_url("/")) as response:
                assert response.status == 200
            url = test_server.make_url("/ws/table").with_query(width=100, height=30)
            origin = {"Origin": str(test_server.make_url(""))}
            websocket = await session.ws_connect(url, headers=origin)
            about = json.loads((await websocket.receive(timeout=10)).data)
            assert about["web_link"] is None
            await websocket.close()
    finally:
        await test_server.close()


async def test_the_page_refits_its_font_when_the_window_changes_size(tmp_path: Path) -> None:
    """textual-serve picks the font size once; the served script keeps its terminal session
    for the page and lets it measure the font once the terminal is open; the page's resize
    handler picks the size again and fits the terminal."""
    assert page_script(f"a;{SESSION_OPENED},b") == f"a;{SESSION_OPENED}{SESSION_KEPT},b"
    assert page_script("nothing to find") == "nothing to find"
    server = WebServer(tmp_path / "web", command=fake_command())
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(test_server.make_url("/static/js/textual.js")) as response:
                assert response.status == 200
                script = await response.text()
            assert f"{SESSION_OPENED}{SESSION_KEPT}" in script
            async with session.get(test_server.make_url("/")) as response:
                html = await response.text()
    finally:
        await test_server.close()
    handler = html[html.index('addEventListener("load"') :]
    assert "window.okeySession" in handler and "window.onresize" in handler
    assert "setTimeout(okeyRefit" in handler
    refit = html[html.index("function okeyRefit()") :]
    assert "okeyFitFont(session)" in refit and "session.fit()" in refit
    assert "function okeyOpened(session) { okeyFitFont(session); }" in html
