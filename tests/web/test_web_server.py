"""The server of ``okey101 web`` without a browser: visitors are told apart by a cookie and get
dirs of their own, the number of tables is capped, idle tables are closed, a closed page ends
its process. A stand-in app (fake_app.py) plays the game's part, so these run in well under a
second each."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shlex
import socket
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from click.testing import CliRunner

from okey_tui import i18n, storage
from okey_tui.cli import main
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.settings import TableSettings, save_settings
from okey_tui.web.server import (
    COOKIE,
    FULL_RETRY,
    TABLE_AWAY,
    TABLE_GONE,
    HostedTable,
    Visit,
    WebServer,
    limits_line,
    play_command,
    unfinished_practice,
    valid_visitor_id,
    visitor_dirs,
)

FAKE = Path(__file__).with_name("fake_app.py")
SEAT_TOKEN = "ekrC5mtuvWL3D2AK7MPtlxghw-2Vnwul"


def fake_command(*args: str) -> str:
    return "exec " + shlex.join([sys.executable, str(FAKE), *args])


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[object]:
    """``serve(**options)``: a running server (stopped, with all its tables, at the end)."""
    started: list[tuple[WebServer, TestServer]] = []

    async def start(**options: object) -> tuple[WebServer, TestServer]:
        options.setdefault("command", fake_command())
        server = WebServer(tmp_path / "web", **options)  # type: ignore[arg-type]
        test_server = TestServer(server.make_app(), host="127.0.0.1")
        await test_server.start_server()
        started.append((server, test_server))
        return server, test_server

    yield start
    for _, test_server in started:
        await test_server.close()


async def visit(
    test_server: TestServer, visitor: str | None = None
) -> tuple[aiohttp.ClientSession, str]:
    """A browser of its own that loads the page: the session and the visitor id it was given."""
    # unsafe: keep cookies of an IP address (127.0.0.1), as a browser does.
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    if visitor:
        session.cookie_jar.update_cookies({COOKIE: visitor}, test_server.make_url("/"))
    async with session.get(test_server.make_url("/")) as response:
        assert response.status == 200
        given = response.cookies[COOKIE].value
    return session, given


# The idle time of the tests of an idle table, counted from the table's start: at 0.6 s
# a loaded machine (the suite beside games in tmux) started the app after it, and the
# table closed before its first message was read.
IDLE = 1.5


async def open_table(
    session: aiohttp.ClientSession,
    test_server: TestServer,
    kind: str = "table",
    headers: dict[str, str] | None = None,
) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, object]]:
    """The page's WebSocket and what the app behind it says about itself."""
    url = test_server.make_url(f"/ws/{kind}").with_query(width=100, height=30)
    websocket = await session.ws_connect(
        url, headers={"Origin": str(test_server.make_url("")), **(headers or {})}
    )
    message = await websocket.receive(timeout=10)
    assert message.type == aiohttp.WSMsgType.BINARY, message
    return websocket, json.loads(message.data)


async def closed_reason(websocket: aiohttp.ClientWebSocketResponse) -> str:
    message = await websocket.receive(timeout=10)
    while message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
        message = await websocket.receive(timeout=10)
    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), message
    return str(message.extra or "")


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def wait_gone(pid: object, timeout: float = 5.0) -> None:
    """The app's process has ended."""
    await until(lambda: not running(int(str(pid))), timeout, f"process {pid} is still running")


async def until(check: Callable[[], bool], timeout: float = 5.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(what or "timed out")
        await asyncio.sleep(0.02)


async def no_tables(server: WebServer) -> None:
    await until(lambda: server.visits == {}, what=f"tables still open: {list(server.visits)}")


async def test_each_visitor_gets_an_id_and_dirs_of_their_own(serve, tmp_path: Path) -> None:
    server, test_server = await serve()
    first, first_id = await visit(test_server)
    second, second_id = await visit(test_server)
    assert valid_visitor_id(first_id) and valid_visitor_id(second_id)
    assert first_id != second_id
    async with first, second:
        # The page keeps a visitor's id on the next visit.
        async with first.get(test_server.make_url("/")) as again:
            assert again.cookies[COOKIE].value == first_id
        ws1, about1 = await open_table(first, test_server)
        ws2, about2 = await open_table(second, test_server)
        visitors = tmp_path / "web" / "visitors"
        assert about1["data"] == str(visitors / first_id / "data")
        assert about1["config"] == str(visitors / first_id / "config")
        assert about2["data"] == str(visitors / second_id / "data")
        assert about1["pid"] != about2["pid"]
        # Keys reach the visitor's own app.
        await ws1.send_str(json.dumps(["stdin", "d"]))
        echoed = await ws1.receive(timeout=5)
        assert echoed.data == b"echo:d"
        await ws1.close()
        await ws2.close()
        await wait_gone(about1["pid"])
        await wait_gone(about2["pid"])
    await no_tables(server)


# What no page of ours sends: each is refused, and the table goes on.
NOT_A_PAGES_MESSAGE = [
    '["stdin", "\\ud800"]',  # a lone surrogate: no text a keyboard types (no UTF-8)
    "[" * 5000 + "]" * 5000,  # nested past what Python reads
    "not JSON",
    "42",
    '"stdin"',
    '{"stdin": "d"}',
    "[]",
    '["stdin"]',
    '["stdin", 5]',
    '["resize", "wide"]',
    '["resize", {"width": "x", "height": 1e999}]',
    '["ping"]',
    '["ping", [[[0]]]]',
]


async def test_a_message_no_page_sends_is_refused_and_the_table_goes_on(serve) -> None:
    """A page's WebSocket is open to anyone who loads the page: a lone surrogate in a key
    (the server could not encode it) ended the visitor's table with a traceback."""
    server, test_server = await serve()
    browser, _ = await visit(test_server)
    async with browser:
        websocket, about = await open_table(browser, test_server)
        for message in NOT_A_PAGES_MESSAGE:
            await websocket.send_str(message)
        await websocket.send_bytes(b"\x00\xff")
        # The table is still there, and the page's own messages still reach it, in order.
        await websocket.send_str(json.dumps(["ping", "7"]))
        await websocket.send_str(json.dumps(["stdin", "ğ"]))
        pong = await websocket.receive(timeout=5)
        assert pong.type == aiohttp.WSMsgType.TEXT and json.loads(pong.data) == ["pong", "7"]
        echoed = await websocket.receive(timeout=5)
        assert echoed.data == "echo:ğ".encode()
        assert list(server.visits.values())[0].app is not None
        await websocket.close()
        await wait_gone(about["pid"])
    await no_tables(server)


async def test_a_request_the_server_cannot_read_is_one_line_of_its_log_not_a_traceback(
    serve, caplog: pytest.LogCaptureFixture
) -> None:
    """aiohttp logged a request line past its limit (anyone who reaches the page can send
    one) with a traceback on the server's terminal, as if the server had failed."""
    _, test_server = await serve()
    browser, _ = await visit(test_server)
    async with browser:
        with caplog.at_level(logging.INFO):
            async with browser.get(test_server.make_url("/ws/join/" + "a" * 9000)) as refused:
                assert refused.status == 400
            # The server goes on.
            async with browser.get(test_server.make_url("/")) as page:
                assert page.status == 200
    said = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in said] == [
        ("WARNING", "refused a request from 127.0.0.1 that could not be read (HTTP 400)", None)
    ]


async def test_a_made_up_cookie_is_replaced(serve) -> None:
    _, test_server = await serve()
    session, given = await visit(test_server, visitor="../../etc")
    async with session:
        assert valid_visitor_id(given)


async def test_the_next_visitor_over_the_cap_is_asked_to_come_back(serve) -> None:
    server, test_server = await serve(max_visitors=1)
    first, _ = await visit(test_server)
    second, _ = await visit(test_server)
    async with first, second:
        ws1, _ = await open_table(first, test_server)
        async with second.get(test_server.make_url("/")) as page:
            assert page.status == 503 and page.headers["Retry-After"] == str(FULL_RETRY)
            text = await page.text()
            # The page tries again by itself, and says so (a visitor reloaded by hand).
            said = f"This page tries again every {FULL_RETRY} s and seats you once it is free"
            assert said in text
            assert f"setTimeout(function () {{ location.reload(); }}, {FULL_RETRY * 1000})" in text
            assert f"if ({FULL_RETRY * 1000} > 0)" in text
        # A page loaded before the cap was reached: its table is refused with the reason.
        url = test_server.make_url("/ws/table")
        ws2 = await second.ws_connect(url, headers={"Origin": str(test_server.make_url(""))})
        assert "try again in a few minutes" in await closed_reason(ws2)
        assert ws2.close_code == 1013
        # The visitor who has the table still loads the page.
        async with first.get(test_server.make_url("/")) as page:
            assert page.status == 200
        await ws1.close()
    await no_tables(server)


async def test_a_second_tab_takes_the_table_over(serve) -> None:
    server, test_server = await serve()
    browser, _ = await visit(test_server)
    async with browser:
        ws1, about1 = await open_table(browser, test_server)
        ws2, about2 = await open_table(browser, test_server)
        reason = await closed_reason(ws1)
        # "Your match is saved" was said of a deal nobody had played, which is not kept.
        assert "another tab" in reason and NOTHING_KEPT in reason
        await wait_gone(about1["pid"])
        assert len(server.visits) == 1
        await ws2.close()


async def test_the_server_closing_a_page_waits_for_the_pages_answer(serve) -> None:
    """The server closed a page's connection from another task than the one reading it:
    aiohttp then cut the connection right after its close frame, without reading the
    page's answer, and a message the page had just sent crossed the close: the connection
    was reset and the page lost the frame, reading a lost connection (1006) with no reason
    (a browser without a seat said nothing of the host closing the table). The server
    now reads the page's answer before it closes the connection (here an idle table's
    close, answered with a code of the page's own, 4321, which the server heard)."""
    server, test_server = await serve(idle_seconds=IDLE)
    browser, visitor = await visit(test_server)
    async with browser:
        url = test_server.make_url("/ws/table").with_query(width=100, height=30)
        websocket = await browser.ws_connect(
            url, headers={"Origin": str(test_server.make_url(""))}, autoclose=False
        )
        about = json.loads((await websocket.receive(timeout=10)).data)
        seen = server.visits[visitor].websocket
        message = await websocket.receive(timeout=10)
        while message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
            message = await websocket.receive(timeout=10)
        assert message.type == aiohttp.WSMsgType.CLOSE, message
        assert "without a move" in str(message.extra)
        await websocket.close(code=4321)  # the page's answer
        await wait_gone(about["pid"])
    for _ in range(100):  # the server's task reading the answer may still be on its way
        if seen.close_code is not None:
            break
        await asyncio.sleep(0.05)
    assert seen.close_code == 4321, (seen.close_code, seen.exception())


NOTHING_KEPT = "An unfinished match is kept once a move has been made in it"


async def test_an_idle_table_is_closed(serve) -> None:
    server, test_server = await serve(idle_seconds=IDLE)
    browser, visitor = await visit(test_server)
    async with browser:
        websocket, about = await open_table(browser, test_server)
        reason = await closed_reason(websocket)
        # "A match you have played in is kept", said to a visitor who had sat down and made
        # no move, read as their match kept: the new-table screen they came back to had none.
        assert "without a move" in reason and NOTHING_KEPT in reason
        await wait_gone(about["pid"])
    await no_tables(server)
    # When the visit ended and began are kept: back soon, the visitor goes on with it.
    ended, began = server.left[visitor]
    assert began <= ended <= time.time()


async def test_an_idle_table_closed_says_the_match_played_in_it_is_kept(serve) -> None:
    server, test_server = await serve(idle_seconds=IDLE)
    browser, visitor = await visit(test_server)
    async with browser:
        websocket, about = await open_table(browser, test_server)
        keep_match(visitor_dirs(server.root, visitor)[0], practice=False)  # a move's save
        reason = await closed_reason(websocket)
        assert "without a move" in reason and "Your match is kept" in reason, reason
        assert NOTHING_KEPT not in reason
        await wait_gone(about["pid"])
    await no_tables(server)


async def test_an_app_that_does_not_quit_is_killed(serve) -> None:
    server, test_server = await serve(command=fake_command("--stubborn"), quit_grace=0.3)
    browser, _ = await visit(test_server)
    async with browser:
        websocket, about = await open_table(browser, test_server)
        await websocket.close()
        await wait_gone(about["pid"])


async def test_another_site_cannot_open_a_table(serve) -> None:
    _, test_server = await serve()
    browser, _ = await visit(test_server)
    async with browser:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.ws_connect(
                test_server.make_url("/ws/table"), headers={"Origin": "http://evil.example"}
            )
        assert refused.value.status == 403


async def test_without_the_cookie_the_page_says_it_needs_one(serve) -> None:
    server, test_server = await serve()
    async with aiohttp.ClientSession() as browser:
        websocket = await browser.ws_connect(test_server.make_url("/ws/table"))
        assert "needs cookies" in await closed_reason(websocket)
    await no_tables(server)


def test_the_command_of_a_table_and_of_a_practice_table() -> None:
    table = shlex.split(play_command("table", ["--bot-delay", "0"]))
    practice = shlex.split(play_command("practice"))
    assert table[0] == "exec" and table[2:] == ["-m", "okey_tui", "play", "--bot-delay", "0"]
    assert practice[-2:] == ["play", "--practice"]


def keep_match(data: Path, practice: bool) -> str:
    """An unfinished match saved in the visitor's data dir ``data``: its id."""
    path = storage.new_save_path(storage.saves_dir(data))
    storage.save(Match(RuleSet(hands=3), seed=5), {"practice": practice}, path)
    return path.stem


def test_the_practice_link_opened_again_goes_on_with_the_practice_match(tmp_path: Path) -> None:
    """A reload of ``/?practice=1`` dealt a new practice match while the one being played
    waited unseen: it goes on with the latest unfinished practice match instead."""
    server = WebServer(tmp_path / "web", play_args=["--bot-delay", "0", "--seed", "3"])
    visitor = "a" * 32
    data, _config = visitor_dirs(tmp_path / "web", visitor)
    visit = Visit(visitor, None)  # type: ignore[arg-type]

    def command() -> list[str]:
        return shlex.split(server.command_for(visit, None, "practice"))  # type: ignore[arg-type]

    assert command()[-6:] == ["play", "--bot-delay", "0", "--seed", "3", "--practice"]
    keep_match(data, practice=False)
    assert unfinished_practice(data) is None
    assert command()[-1] == "--practice"
    played = keep_match(data, practice=True)
    assert unfinished_practice(data) == played
    # The match as it was: no table flags (play refuses --seed with --resume), the pace kept.
    assert command()[-5:] == ["play", "--bot-delay", "0", "--resume", played]
    # The plain link still offers every unfinished match on the new-table screen.
    assert shlex.split(server.command_for(visit, None, "table"))[-1] == "3"  # type: ignore[arg-type]


def test_a_visitor_back_moments_after_leaving_goes_on_with_the_match_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload of the plain address mid-hand opened the new-table screen: one more key (r)
    found the match. Back within BACK_SECONDS of a visit in which a match was saved, the
    visitor goes on with it; later, or with nothing saved in that visit, the screen."""
    import okey_tui.web.server as web_server

    server = WebServer(tmp_path / "web", play_args=["--bot-delay", "0"])
    visitor = "b" * 32
    data, _config = visitor_dirs(tmp_path / "web", visitor)
    visit = Visit(visitor, None)  # type: ignore[arg-type]

    def command() -> list[str]:
        return shlex.split(server.command_for(visit, None, "table"))  # type: ignore[arg-type]

    assert command()[-3:] == ["play", "--bot-delay", "0"]  # a first visit: the screen
    started = time.time()
    played = keep_match(data, practice=False)
    server.left[visitor] = (time.time(), started)
    assert command()[-2:] == ["--resume", played]
    # A visit in which nothing was saved (the match was saved before it began): the screen.
    server.left[visitor] = (time.time(), time.time() + 1)
    assert "--resume" not in command()
    # Back long after: the screen, which offers every unfinished match.
    server.left[visitor] = (time.time() - web_server.BACK_SECONDS - 1, started)
    assert "--resume" not in command()


async def test_the_page_points_its_terminal_at_the_right_table(serve) -> None:
    _, test_server = await serve()
    browser, _ = await visit(test_server)
    async with browser:
        async with browser.get(test_server.make_url("/?practice=1")) as page:
            html = await page.text()
        host = test_server.make_url("").host
        assert f'data-session-websocket-url="ws://{host}:{test_server.port}/ws/practice"' in html
        # The font comes with the page: nothing is fetched from another site.
        assert "googleapis" not in html
        # Its icon too (a browser asked for /favicon.ico and logged a 404).
        assert '<link rel="icon" href="data:image/svg+xml,' in html
        async with browser.get(test_server.make_url("/static/js/textual.js")) as script:
            assert script.status == 200


def test_a_port_in_use_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["web", "--port", str(port)])
    assert result.exit_code == 1, result.output
    # In words of our own (the system's are English), with what to do.
    assert result.output == (
        f"Error: port {port} on 127.0.0.1 is in use (another okey101 still open there, "
        "or another program): close it, or give another --port\n"
    )


async def test_a_visitors_table_speaks_the_language_their_browser_prefers(serve) -> None:
    """Accept-Language reaches the visitor's app as its locale (a language chosen at the
    table, or the server's --lang, still comes first: the game reads those before it)."""
    _server, test_server = await serve()
    turkish, _ = await visit(test_server)
    other, _ = await visit(test_server)
    async with turkish, other:
        ws1, about1 = await open_table(
            turkish, test_server, headers={"Accept-Language": "tr-TR,tr;q=0.9,en;q=0.8"}
        )
        ws2, about2 = await open_table(other, test_server, headers={"Accept-Language": "de-DE"})
        assert about1["language"] == "tr"
        # No language okey101 speaks: the server's own locale, untouched.
        assert about2["language"] == os.environ.get("LANGUAGE")
        await ws1.close()
        await ws2.close()


async def test_the_servers_own_language_comes_before_the_browsers(
    serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    """okey101 web --lang tr: an English browser's table, page and notices speak Turkish
    (only the server's console did); a language the visitor chose at the table still wins."""
    monkeypatch.delenv(i18n.ENV_LANG)
    server, test_server = await serve(language="tr")
    english = {"Accept-Language": "en-US,en;q=0.9"}
    session, _visitor = await visit(test_server)
    async with session:
        async with session.get(test_server.make_url("/"), headers=english) as response:
            page = await response.text()
        assert '<html lang="tr">' in page and "masan hazırlanıyor" in page
        websocket, about = await open_table(session, test_server, headers=english)
        assert about["language"] == "tr"
        await websocket.close()
    assert server.visitor_language(None, "en-US") == "tr"
    server.language = None
    assert server.visitor_language(None, "en-US") == "en"
    await no_tables(server)


@pytest.mark.parametrize(("args", "language"), [(["--lang", "tr"], "tr"), ([], None)])
def test_okey101_web_gives_its_lang_to_the_visitors_tables(
    monkeypatch: pytest.MonkeyPatch, args: list[str], language: str | None
) -> None:
    """``okey101 web --lang tr`` (before or after the command) is every table's language;
    without it each visitor's browser says."""
    import okey_tui.web.server as web_server

    made: list[str | None] = []

    class Stopped(WebServer):
        async def run(self, ready: object, stop: object) -> None:
            made.append(self.language)

    monkeypatch.setattr(web_server, "WebServer", Stopped)
    result = CliRunner().invoke(main, ["web", "--port", "0", *args])
    assert result.exit_code == 0, result.output
    assert made == [language]
    if args:
        made.clear()
        result = CliRunner().invoke(main, [*args, "web", "--port", "0"])
        assert result.exit_code == 0 and made == [language], result.output


async def test_the_page_and_its_notices_speak_the_visitors_language(
    serve, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's own words (setting up, the table is closed, Back to the game) and the reasons a
    table is closed are in the visitor's language: the one they chose at the table, else their
    browser's, as their game speaks."""
    monkeypatch.delenv(i18n.ENV_LANG)
    server, test_server = await serve()
    turkish = {"Accept-Language": "tr-TR,tr;q=0.9,en;q=0.8"}
    session, visitor = await visit(test_server)
    async with session:
        async with session.get(test_server.make_url("/"), headers=turkish) as response:
            page = await response.text()
        assert '<html lang="tr">' in page
        assert "masan hazırlanıyor" in page and "Oyuna dön" in page
        assert "setting up your table" not in page and "The table is closed" not in page
        # A second tab takes the table over: the first is told why, in Turkish.
        ws1, _ = await open_table(session, test_server, headers=turkish)
        ws2, _ = await open_table(session, test_server, headers=turkish)
        assert "başka bir sekmede" in await closed_reason(ws1)
        await ws2.close()
        words_url = test_server.make_url("/words")  # what a page asks as its game ends
        async with session.get(words_url, headers=turkish) as response:
            words = await response.json()
        assert words["lang"] == "tr" and words["start_again"] == "Oyuna dön"
        # The visitor chose English at the table: the page follows, whatever the browser says.
        monkeypatch.setenv("OKEY101_CONFIG_DIR", str(visitor_dirs(tmp_path / "web", visitor)[1]))
        save_settings(TableSettings(language="en"))
        async with session.get(test_server.make_url("/"), headers=turkish) as response:
            page = await response.text()
        assert '<html lang="en">' in page and "setting up your table" in page
        # A page loaded in Turkish before the choice reads the notice's words in English
        # as its game ends ("The table is closed." stayed in the page's first language).
        async with session.get(words_url, headers=turkish) as response:
            words = await response.json()
        assert words["lang"] == "en" and words["closed"] == "The table is closed."
        assert words["start_again"] == "Back to the game" and "kept" in words["closed_reason"]
    # A Turkish browser without the cookie: the WebSocket says why, in Turkish.
    async with aiohttp.ClientSession(headers=turkish) as browser:
        websocket = await browser.ws_connect(test_server.make_url("/ws/table"))
        assert "çerez" in await closed_reason(websocket)
    await no_tables(server)


@pytest.mark.parametrize(("resumable", "over"), [(True, False), (False, False), (False, True)])
async def test_a_friend_at_a_hosted_table_is_told_the_host_closed_it(
    tmp_path: Path, resumable: bool, over: bool
) -> None:
    """host --web: the host quitting stops the page too. The friend's match is the host's (it
    is saved on the host's computer, not as this visitor's), so the page says the host closed
    the table, not "the server stopped, your match is saved". A table its host may open again
    (a match begun and not over) keeps the seat, and its close code has the page wait for it;
    another is gone for good: its close code has the page offer no Back to the game (the page's
    server went with the host), and a finished match is said to be over (the page said only
    that the host closed the table, and Back to the game led nowhere)."""
    table = HostedTable(
        url=lambda: "ws://127.0.0.1:9",
        code="ABC123",
        resumable=lambda: resumable,
        over=lambda: over,
    )
    server = WebServer(tmp_path / "web", command=fake_command(), table=table)
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with session:
        async with session.get(test_server.make_url("/").with_query(code="ABC123")) as response:
            assert response.status == 200
        url = test_server.make_url("/ws/join/ABC123/Deniz").with_query(width=100, height=30)
        websocket = await session.ws_connect(url, headers={"Origin": str(test_server.make_url(""))})
        message = await websocket.receive(timeout=10)
        about = json.loads(message.data)
        # The friend's game kept its seat's token, as okey101 join keeps it.
        visitor = next(c.value for c in session.cookie_jar if c.key == COOKIE)
        data, _config = visitor_dirs(server.root, visitor)
        (data / storage.seats_path().name).write_text(
            json.dumps({"ws://127.0.0.1:9 ABC123": SEAT_TOKEN}), encoding="utf-8"
        )
        closing = asyncio.create_task(test_server.close())  # the host quits
        reason = await closed_reason(websocket)
        await closing
    assert "host closed the table" in reason or "host has closed the table" in reason
    assert "match is saved" not in reason
    assert ("seat is kept" in reason) is resumable
    assert ("The match is over" in reason) is over
    assert websocket.close_code == (TABLE_AWAY if resumable else TABLE_GONE)
    await wait_gone(about["pid"])


async def open_seat(
    session: aiohttp.ClientSession, test_server: TestServer, name: str = "Deniz"
) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, object]]:
    """A hosted table's page (with its code) and the WebSocket of the visitor's seat."""
    async with session.get(test_server.make_url("/").with_query(code="ABC123")) as response:
        assert response.status == 200
    url = test_server.make_url(f"/ws/join/ABC123/{name}").with_query(width=100, height=30)
    websocket = await session.ws_connect(url, headers={"Origin": str(test_server.make_url(""))})
    message = await websocket.receive(timeout=10)
    return websocket, json.loads(message.data)


async def test_a_second_tab_at_a_hosted_table_says_the_seat_is_kept(serve) -> None:
    """host --web: the match is the host's, not saved as this visitor's. A second tab for the
    same seat closes the first with the seat kept, and so does an idle page."""
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    server, test_server = await serve(table=table, idle_seconds=60)
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with session:
        ws1, about1 = await open_seat(session, test_server)
        ws2, _ = await open_seat(session, test_server)
        reason = await closed_reason(ws1)
        assert "another tab" in reason and "Your seat is kept" in reason
        assert "match is saved" not in reason
        await wait_gone(about1["pid"])
        server.idle_seconds = 0.0
        await server.close_idle()
        reason = await closed_reason(ws2)
        assert "without a move" in reason and "Your seat is kept" in reason
        assert "match is saved" not in reason
    await no_tables(server)


async def test_a_mistyped_address_gets_a_page_with_the_way_to_the_table(
    serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not the bare "404: Not Found": a page in the game's colours and the visitor's
    language, with a link to the table; at a hosted table, no link (the host's link is the
    way in)."""
    monkeypatch.delenv(i18n.ENV_LANG)
    _server, test_server = await serve()
    turkish = {"Accept-Language": "tr-TR,tr;q=0.9"}
    async with aiohttp.ClientSession() as browser:
        for path in ("/nothing/here", "/ws/nothing"):
            async with browser.get(test_server.make_url(path)) as response:
                page = await response.text()
            assert response.status == 404 and response.content_type == "text/html", path
            assert "There is no page at this address." in page and '<a href="/"' in page
            assert 'display:none"><a' not in page
        async with browser.get(test_server.make_url("/nothing"), headers=turkish) as response:
            page = await response.text()
        assert response.status == 404 and '<html lang="tr">' in page
        assert "There is no page" not in page
    _hosted, hosted_server = await serve(table=HostedTable(lambda: "ws://127.0.0.1:1", "ABCD"))
    async with aiohttp.ClientSession() as browser:
        async with browser.get(hosted_server.make_url("/nothing")) as response:
            page = await response.text()
        assert response.status == 404
        assert 'style="display:none"><a href="/"' in page


def test_the_server_says_its_idle_limit_in_words_that_agree_with_the_number() -> None:
    """``okey101 web --idle-minutes 1`` said "closed after 1 minutes"; a span that is not a
    whole number of minutes is said in seconds, as the idle notice says it."""
    folder = Path("visitors")
    assert "closed after 1 minute without a move" in limits_line(8, 60, folder)
    assert "closed after 30 minutes without a move" in limits_line(8, 30 * 60, folder)
    assert "closed after 90 seconds without a move" in limits_line(1, 1.5 * 60, folder)
    assert limits_line(1, 6, folder).startswith("At most 1 table at once")


async def test_wrong_codes_block_an_address_for_a_while_but_never_a_seated_friend(serve) -> None:
    """host --web: five wrong codes from one address blocked it for good, the friend already
    seated from that address too (a reload was refused the right code). The block now lasts
    a while, says so, spares a visitor who came in with the code, and a visit with no code
    at all is not a guess."""
    from okey_tui.web import server as web_server

    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    server, test_server = await serve(table=table)

    def jar() -> aiohttp.ClientSession:
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def status(session: aiohttp.ClientSession, code: str | None) -> tuple[int, str]:
        url = test_server.make_url("/")
        async with session.get(url if code is None else url.with_query(code=code)) as response:
            return response.status, await response.text()

    async with jar() as friend, jar() as guesser, jar() as late:
        assert (await status(friend, "ABC123"))[0] == 200
        for _ in range(3):
            assert (await status(guesser, None))[0] == 403  # no code: not a guess
        assert (await status(late, "ABC123"))[0] == 200
        for _ in range(web_server.CODE_TRIES):
            assert (await status(guesser, "WRONG1"))[0] == 403
        code, page = await status(guesser, "ABC123")
        assert code == 403 and "Too many wrong join codes" in page and "5 minutes" in page
        assert (await status(friend, "ABC123"))[0] == 200, "the seated friend reloads"
        assert (await status(friend, None))[0] == 200
        async with jar() as newcomer:
            assert (await status(newcomer, "ABC123"))[0] == 403
            # The block is over once CODE_BLOCK seconds have passed since the last guess.
            later = time.monotonic() + web_server.CODE_BLOCK
            server.code_tries.clock = lambda: later
            assert (await status(newcomer, "ABC123"))[0] == 200


async def test_a_hosted_page_left_says_the_seat_waits_not_that_matches_are_kept(serve) -> None:
    """A friend who quit a hosted table read "The table is closed. Back to the game to sit down
    again: unfinished matches are kept", the words of okey101 web: the table goes on, and
    Back to the game takes the friend's seat back."""
    _, plain = await serve()
    browser, _ = await visit(plain)
    async with browser, browser.get(plain.make_url("/")) as page:
        html = await page.text()
    assert "unfinished matches are kept" in html and "takes your seat back" not in html
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    _, hosted = await serve(table=table)
    browser = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with browser, browser.get(hosted.make_url("/").with_query(code="ABC123")) as page:
        assert page.status == 200
        html = await page.text()
    assert "takes your seat back" in html and "no longer at the table" in html
    assert "unfinished matches are kept" not in html and "The table is closed" not in html


async def test_a_hosted_page_left_says_a_bot_plays_the_seat_only_if_the_friend_is_not_back(
    serve,
) -> None:
    """The page said "Meanwhile a bot plays your seat." at once, though a bot sits down only
    after the seat's grace period (as the quit dialog and the host's "bot in 23 s" say)."""
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    _, hosted = await serve(table=table)
    browser = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with browser, browser.get(hosted.make_url("/").with_query(code="ABC123")) as page:
        html = await page.text()
    assert "Meanwhile" not in html
    assert "A bot plays your seat if you are not back soon." in html


async def test_a_link_with_a_token_that_is_not_valid_says_so(serve) -> None:
    """A token cut short (or the "…" of an example) was left out of the link silently: the
    friend sat down as someone new, or was told the match had started."""
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    _, hosted_server = await serve(table=table)
    browser = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with browser:
        for token in ("ekrC5mt", "…", "", "a b;rm"):
            url = hosted_server.make_url("/").with_query(code="ABC123", name="Deniz", token=token)
            async with browser.get(url) as response:
                page = await response.text()
            assert response.status == 400, token
            assert "token in this link is not valid" in page, token
            assert "data-session-websocket-url" not in page
            # Titled and with the way back, as the page's other notices: the table's link
            # without the token (the seat comes back in the browser played in).
            assert "<h1>okey101: this link&#x27;s token is not valid</h1>" in page, page
            back = f'<a href="{hosted_server.make_url("/")}?code=ABC123&amp;name=Deniz">'
            assert f'<p class="way" style="">{back}Open the table&#x27;s link</a>' in page, page
        url = hosted_server.make_url("/").with_query(code="ABC123", name="Deniz", token=SEAT_TOKEN)
        async with browser.get(url) as response:
            page = await response.text()
        assert response.status == 200 and f"/ws/join/ABC123/Deniz/{SEAT_TOKEN}" in page
        async with browser.get(hosted_server.make_url("/").with_query(code="ABC123")) as response:
            assert response.status == 200


async def test_a_hosted_page_tells_a_browser_without_a_seat_that_it_had_none(serve) -> None:
    """Once the match has begun, a browser whose game kept no seat's token (it came late)
    is told, when its page closes, that it had no seat, not that Back to the game takes its seat
    back: ``/seat`` says "late" from the browser's own token, and the page opens saying it
    already (no flash of the seat's words). Before the match, or with a seat, not late."""
    begun = [False]
    table = HostedTable(
        url=lambda: "ws://127.0.0.1:9",
        code="ABC123",
        resumable=lambda: begun[0],
        begun=lambda: begun[0],
    )
    server, hosted = await serve(table=table)

    def jar() -> aiohttp.ClientSession:
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def page_and_seat(session: aiohttp.ClientSession, **query: str) -> tuple[str, dict]:
        url = hosted.make_url("/").with_query(code="ABC123", name="Ece", **query)
        async with session.get(url) as response:
            assert response.status == 200
            page = await response.text()
        seat_url = hosted.make_url("/seat").with_query(code="ABC123", name="Ece")
        async with session.get(seat_url) as response:
            assert response.status == 200
            return page, await response.json()

    async with jar() as seated, jar() as late:
        page, answer = await page_and_seat(late)
        # No seat, and no match begun: as if left in the lobby (the seat is free).
        assert answer == {"link": "", "late": False, "left": True} and '<body class="">' in page
        # The seated friend's game kept its seat's token, as okey101 join keeps it.
        _page, _answer = await page_and_seat(seated)
        visitor = next(c.value for c in seated.cookie_jar if c.key == COOKIE)
        data, _config = visitor_dirs(server.root, visitor)
        data.mkdir(parents=True)
        (data / storage.seats_path().name).write_text(
            json.dumps({"ws://127.0.0.1:9 ABC123": SEAT_TOKEN}), encoding="utf-8"
        )
        begun[0] = True
        page, answer = await page_and_seat(late)
        assert answer == {"link": "", "late": True, "left": False}
        assert '<body class="-late">' in page and "You had no seat at this table." in page
        page, answer = await page_and_seat(seated)
        assert answer["late"] is False and answer["link"].endswith(f"&token={SEAT_TOKEN}")
        assert '<body class="">' in page
        # A seat's token in the link: that seat, not a late browser.
        page, _answer = await page_and_seat(late, token=SEAT_TOKEN)
        assert '<body class="">' in page


async def test_a_link_with_a_token_no_seat_has_gets_a_notice_in_a_browsers_words(serve) -> None:
    """A well-formed token no seat of the table has (a link of an earlier table, a character
    changed) started the friend's game, which told them to type ``okey101 join``. The page
    says the link is not a seat here, with the way on for the match's moment, and the
    table's link without the token."""
    begun = [False]
    table = HostedTable(
        url=lambda: "ws://127.0.0.1:9",
        code="ABC123",
        resumable=lambda: begun[0],
        has_seat=lambda token: token == SEAT_TOKEN,
    )
    _, hosted_server = await serve(table=table)
    other = "B" + SEAT_TOKEN[1:]
    url = hosted_server.make_url("/").with_query(code="ABC123", name="Deniz", token=other)
    back = f'<a href="{hosted_server.make_url("/")}?code=ABC123&amp;name=Deniz">'
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
        for started in (False, True):
            begun[0] = started
            async with browser.get(url) as response:
                page = await response.text()
            assert response.status == 404, page
            assert "<h1>okey101: this link is not a seat here</h1>" in page, page
            assert "not, or no longer, a seat at this table" in page, page
            assert ("free seat" in page) is not started, page
            assert ("browser you played in" in page) is started, page
            assert "okey101 join" not in page and "data-session-websocket-url" not in page
            assert f'<p class="way" style="">{back}Open the table&#x27;s link</a>' in page
        # The seat's own token: that seat's page.
        url = url.update_query(token=SEAT_TOKEN)
        async with browser.get(url) as response:
            page = await response.text()
        assert response.status == 200 and f"/ws/join/ABC123/Deniz/{SEAT_TOKEN}" in page


async def test_a_browser_with_no_seat_is_told_the_host_closed_the_table_and_not_to_wait(
    tmp_path: Path,
) -> None:
    """Once the match has begun, the host closing the table had every page wait for it
    (close code TABLE_AWAY, "Your seat is kept if they open it again"), a browser that came
    after the match began too, though it has no seat to come back to. That one is told the
    host closed the table, gone for good; a seat's page waits, whether its browser kept the
    seat's token or its link brought one."""
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123", resumable=lambda: True)
    server = WebServer(tmp_path / "web", command=fake_command(), table=table)
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()

    def jar() -> aiohttp.ClientSession:
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def page(session: aiohttp.ClientSession, path: str) -> aiohttp.ClientWebSocketResponse:
        async with session.get(test_server.make_url("/").with_query(code="ABC123")) as response:
            assert response.status == 200
        url = test_server.make_url(f"/ws/join/ABC123/{path}").with_query(width=100, height=30)
        websocket = await session.ws_connect(url, headers={"Origin": str(test_server.make_url(""))})
        assert (await websocket.receive(timeout=10)).type == aiohttp.WSMsgType.BINARY
        return websocket

    async with jar() as seated, jar() as by_link, jar() as late:
        kept = await page(seated, "Deniz")
        visitor = next(c.value for c in seated.cookie_jar if c.key == COOKIE)
        data, _config = visitor_dirs(server.root, visitor)
        (data / storage.seats_path().name).write_text(
            json.dumps({"ws://127.0.0.1:9 ABC123": SEAT_TOKEN}), encoding="utf-8"
        )
        linked = await page(by_link, f"Ece/{SEAT_TOKEN}")
        seatless = await page(late, "Can")
        closing = asyncio.create_task(test_server.close())  # the host quits
        reasons = [await closed_reason(ws) for ws in (kept, linked, seatless)]
        await closing
    codes = [ws.close_code for ws in (kept, linked, seatless)]
    assert codes == [TABLE_AWAY, TABLE_AWAY, TABLE_GONE], reasons
    assert all("seat is kept" in reason for reason in reasons[:2]), reasons
    assert reasons[2] == "The host closed the table.", reasons
    await no_tables(server)
