"""A friend in a browser at ``okey101 host --web`` who leaves sees, on the page the browser
shows then, the link that takes the seat back from another browser (with the seat's token):
the quit dialog's text on the game's canvas could be neither clicked nor copied, and the
page after it did not show the link at all. The server gives each browser only its own
seat's link."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path
from typing import Any

import aiohttp
from test_web_hosted import wait_for_output
from test_web_hosted_close import drawn, host_alone, seated_page, wait_for
from web_helpers import (  # noqa: F401 - the browser fixture
    HOSTED_LINK,
    TIMEOUT,
    Served,
    Terminal,
    chromium_browser,
    chromium_launched,
    hosted,
    visitor_id,
)

from okey_tui import storage
from okey_tui.net.protocol import looks_like_token
from okey_tui.web.server import visitor_dirs


def test_the_server_gives_a_friend_who_left_their_own_seats_link_and_nobody_else_any(
    tmp_path: Path,
) -> None:
    with host_alone(tmp_path, "--bots", "easy") as (process, log):
        link = wait_for(log, HOSTED_LINK.pattern, process).group(0)
        code = link.rsplit("code=", 1)[1]
        base = link.split("/?", 1)[0]

        async def seat_link(session: aiohttp.ClientSession, **query: str) -> tuple[int, str]:
            async with session.get(f"{base}/seat", params=query) as response:
                if response.status != 200:
                    return response.status, ""
                return response.status, (await response.json())["link"]

        async def visit() -> None:
            session, websocket = await seated_page(link, "Deniz")
            other = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
            elsewhere = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
            async with session, other, elsewhere:
                assert isinstance(websocket, aiohttp.ClientWebSocketResponse)
                await asyncio.to_thread(wait_for, log, r"Deniz joined \(seat 1\)", process)
                await drawn(websocket, "Enter starts the match")
                await websocket.send_json(["stdin", "\r"])
                await asyncio.to_thread(wait_for, log, r"The match has started", process)
                await websocket.close()  # the friend leaves
                await asyncio.to_thread(wait_for, log, r"Deniz lost the connection", process)
                status, given = await seat_link(session, code=code, name="Deniz")
                assert status == 200
                stem = f"{link}&name=Deniz&token="
                assert given.startswith(stem), given
                assert looks_like_token(given.removeprefix(stem))
                # Another browser with the table's link has no seat: no token.
                async with other.get(link) as response:
                    assert response.status == 200
                assert await seat_link(other, code=code, name="Deniz") == (200, "")
                # A browser without the table's code gets nothing at all.
                assert (await seat_link(elsewhere, name="Deniz"))[0] == 403
                # The link takes the seat back from a browser that never sat there.
                async with elsewhere.get(given) as response:
                    assert response.status == 200
                token = given.removeprefix(stem)
                back = await elsewhere.ws_connect(
                    f"{base.replace('http', 'ws', 1)}/ws/join/{code}/Deniz/{token}"
                    "?width=100&height=30",
                    headers={"Origin": base},
                )
                await asyncio.to_thread(wait_for, log, r"Deniz is back \(seat 1\)", process)
                await back.close()

        asyncio.run(visit())
    said = log.read_text()
    assert said.count("joined") == 1, said


def test_a_friend_who_quits_in_the_lobby_is_told_the_seat_is_free(tmp_path: Path, browser) -> None:
    """A browser friend who quit before the match began read "Back to the game takes your seat
    back … A bot plays your seat if you are not back soon": the seat had gone back to the
    table, and no bot plays it. The page says the seat is free (the server tells it of that
    browser: ``left``), with Back to the game, and no seat's link."""
    with hosted(tmp_path, "--bots", "easy") as host:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        terminal = Terminal.open(page, host.url + "&name=Ece")
        terminal.wait_for("Enter starts the match")
        terminal.press("q")
        wait_for_output(host, "seat 1 is free")
        page.wait_for_selector("#closed", state="visible", timeout=TIMEOUT * 1000)
        page.wait_for_function(
            "document.getElementById('closed-reason').textContent.includes('is free')",
            timeout=TIMEOUT * 1000,
        )
        said = page.locator("#closed").inner_text()
        assert "You left before the match began: your seat is free" in said, said
        assert "A bot plays your seat" not in said, said
        assert page.get_by_role("button", name="Back to the game").is_visible()
        assert not page.locator("#seat").is_visible()


def deniz_starts_the_match(browser: Any, host: Served) -> tuple[Any, Terminal]:
    """Deniz's browser sits at the hosted table and starts the match: its page and
    terminal, the first hand dealt."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    terminal = Terminal.open(page, host.url + "&name=Deniz")
    terminal.wait_for("Enter starts the match")
    terminal.press("Enter")
    wait_for_output(host, "The match has started")
    terminal.wait_for("Indicator")
    return page, terminal


def test_a_late_browser_is_promised_no_seat_and_the_friend_who_quit_gets_their_seats_link(
    tmp_path: Path, browser
) -> None:
    """One table, Deniz's match begun.

    A second browser opens the table's link once the match has begun, is told it came
    late, and quits: the page said "Back to the game takes your seat back: this browser keeps
    it. A bot plays your seat if you are not back soon." to someone who never had a seat.
    It says they had none (the server knows no seat of this browser), with no Back to the game
    and no seat's link.

    Then Deniz, seated, quits: the page says, as before, that the seat waits, with Start
    again, and shows the link that takes the seat back from another browser (the quit
    dialog's text on the game's canvas could be neither clicked nor copied, and the page
    after it did not show the link at all): the seat's token in it, the link's text its
    address. Opened in another browser, it takes the seat back (no new seat joins)."""
    with hosted(tmp_path, "--hands", "3", "--bots", "easy", "--bot-delay", "0") as host:
        page, terminal = deniz_starts_the_match(browser, host)
        context = browser.new_context()
        try:
            late_page = context.new_page()
            late = Terminal.open(late_page, host.url + "&name=Ece")
            late.wait_for("The match has started")
            late.press("q")
            late_page.wait_for_function(
                "document.body.classList.contains('-late')", timeout=TIMEOUT * 1000
            )
            late_page.wait_for_selector("#closed", state="visible", timeout=TIMEOUT * 1000)
            said = late_page.locator("#closed").inner_text()
            assert "You had no seat at this table." in said, said
            assert "takes your seat back" not in said and "A bot plays your seat" not in said
            assert "no longer at the table" not in said
            assert not late_page.get_by_role("button", name="Back to the game").is_visible()
            assert not late_page.locator("#seat").is_visible()
        finally:
            context.close()
        # The friend at the table leaves: their seat waits, and its link is there.
        terminal.press("q")
        terminal.wait_for("Your seat is kept")
        terminal.press("y")
        page.wait_for_function("!document.getElementById('seat').hidden", timeout=TIMEOUT * 1000)
        assert page.locator("#seat").is_visible()
        assert page.locator("#closed").is_visible()
        said = page.locator("#closed").inner_text()
        assert "takes your seat back" in said and "had no seat" not in said, said
        assert page.get_by_role("button", name="Back to the game").is_visible()
        link = page.locator("#seat-link")
        assert link.is_visible()
        href = link.get_attribute("href") or ""
        assert href == link.inner_text().strip()
        assert href.startswith(host.url + "&name=Deniz&token="), href
        assert looks_like_token(href.rsplit("token=", 1)[1])
        page.close()
        # Opened in another browser, it takes the seat back.
        context = browser.new_context()
        try:
            elsewhere = context.new_page()
            again = Terminal.open(elsewhere, href)
            wait_for_output(host, "Deniz is back (seat 1)")
            again.wait_for("Indicator")
        finally:
            context.close()
        assert "joined" not in host.output().split("Deniz joined (seat 1)", 1)[1]


# Kept by a page before its own script runs: each close of its WebSockets (code, reason,
# whether the closing handshake completed), so a failing check says which close the page had.
CLOSES_KEPT = """(() => {
  const Native = window.WebSocket;
  window.okeyCloses = [];
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("close", (event) => {
        window.okeyCloses.push([event.code, event.reason, event.wasClean]);
      });
    }
  };
})();"""


def test_links_with_a_token_of_no_seat_show_a_notice_with_the_way_to_the_table(
    tmp_path: Path, browser
) -> None:
    """One table's lobby.

    A made-up token: its page was a line of plain text at the top of an empty page. It
    has a title, the words and a button to the table's link without the token, which sits
    the friend at the table (Deniz, seat 1).

    A seat's link with one character of its token changed (or a link of an earlier
    table) started the friend's game, which said "The table said no: No seat has this token.
    Join with the table's code instead: okey101 join …", a command nobody can type in a
    browser. The page says the link is not a seat at this table, in a notice of the page's
    own, and its button to the table's link sits the friend at a free seat (Ece, seat 2)."""
    with hosted(tmp_path, "--bots", "easy") as host:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        # The terminal kept for the test (Terminal.open) once the button leads to the table.
        terminal = Terminal.open(page, host.url + "&name=Deniz&token=abc")
        title = page.get_by_role("heading", name="okey101: this link's token is not valid")
        assert title.is_visible()
        assert "token in this link is not valid" in page.locator("#text").inner_text()
        way = page.get_by_role("link", name="Open the table's link")
        assert way.is_visible()
        # The words sit in the middle of the window, under the title, above the link.
        box = page.locator("main").bounding_box()
        assert box is not None and box["y"] > 800 / 4 and box["y"] + box["height"] < 800 * 3 / 4
        way.click()
        page.wait_for_url(host.url + "&name=Deniz", timeout=TIMEOUT * 1000)
        wait_for_output(host, "Deniz joined (seat 1)")

        # A seat's token with one character changed.
        terminal.wait_for("Enter starts the match")
        data, _config = visitor_dirs(host.root, visitor_id(page))
        seats = json.loads((data / storage.seats_path().name).read_text(encoding="utf-8"))
        (token,) = seats.values()
        changed = ("B" if token[0] == "A" else "A") + token[1:]
        context = browser.new_context()
        try:
            other = context.new_page()
            other.set_viewport_size({"width": 1280, "height": 800})
            other.goto(host.url + f"&name=Ece&token={changed}", wait_until="domcontentloaded")
            title = other.get_by_role("heading", name="okey101: this link is not a seat here")
            assert title.is_visible()
            said = other.locator("#text").inner_text()
            assert "not, or no longer, a seat at this table" in said, said
            assert "free seat" in said, said
            assert "okey101 join" not in other.inner_text("body")
            assert other.locator("#terminal").count() == 0
            way = other.get_by_role("link", name="Open the table's link")
            way.click()
            other.wait_for_url(host.url + "&name=Ece", timeout=TIMEOUT * 1000)
            wait_for_output(host, "Ece joined (seat 2)")
        finally:
            context.close()
        assert "No seat has this token" not in host.output()


def test_a_browser_with_no_seat_is_told_the_host_closed_the_table_not_to_wait(
    tmp_path: Path, browser
) -> None:
    """A browser that came after the match began was on its page when the host closed the
    table: the page waited for the table ("This page waits for the table and takes you back
    to your seat by itself"), for a seat it never had. It says the host closed the table,
    with nothing to wait for; the seated friend's page waits, as before."""
    with hosted(tmp_path, "--hands", "3", "--bots", "easy", "--bot-delay", "0") as host:
        page, terminal = deniz_starts_the_match(browser, host)
        context = browser.new_context()
        try:
            late_page = context.new_page()
            late_page.add_init_script(CLOSES_KEPT)
            late = Terminal.open(late_page, host.url + "&name=Ece")
            late.wait_for("The match has started")
            host.process.send_signal(signal.SIGINT)  # the host closes the table
            host.process.wait(TIMEOUT)
            late_page.wait_for_function(
                "document.body.classList.contains('-closed')", timeout=TIMEOUT * 1000
            )
            said = late_page.locator("#closed").inner_text()
            closes = late_page.evaluate("window.okeyCloses")
            assert "The host closed the table." in said, (said, closes)
            assert "seat is kept" not in said, (said, closes)
            assert not late_page.locator("#away").is_visible()
            assert not late_page.get_by_role("button", name="Stop waiting").is_visible()
            assert not late_page.get_by_role("button", name="Back to the game").is_visible()
        finally:
            context.close()
        # The friend seated waits for the table to come back.
        page.wait_for_function("document.body.classList.contains('-away')", timeout=TIMEOUT * 1000)
        assert "Your seat is kept" in page.locator("#away").inner_text()
