"""A hosted table's link opened with a wrong join code says the code is wrong and how many
tries the address has left (the terminal's join says "Wrong join code (4 tries left)");
a link with no code at all still says to open the host's link, and is no guess."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from okey_tui.web import server as web_server
from okey_tui.web.server import HostedTable, WebServer


@pytest.fixture
async def hosted(tmp_path: Path) -> AsyncIterator[TestServer]:
    table = HostedTable(url=lambda: "ws://127.0.0.1:9", code="ABC123")
    server = WebServer(tmp_path / "web", table=table)
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    yield test_server
    await test_server.close()


async def page(session: aiohttp.ClientSession, test_server: TestServer, code: str | None):  # type: ignore[no-untyped-def]
    url = test_server.make_url("/")
    async with session.get(url if code is None else url.with_query(code=code)) as response:
        return response.status, await response.text()


async def test_a_wrong_code_in_the_link_is_said_with_the_tries_left(hosted: TestServer) -> None:
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar) as browser:
        status, text = await page(browser, hosted, None)
        assert status == 403 and "open the link the host gave you" in text
        assert "wrong" not in text.lower()
        tries = web_server.CODE_TRIES
        status, text = await page(browser, hosted, "WRONG1")
        assert status == 403
        assert f"The join code in this link is wrong ({tries - 1} tries left)" in text
        assert "This table is for the host's friends" not in text
        for left in range(tries - 2, 0, -1):
            status, text = await page(browser, hosted, "WRONG1")
            word = "try" if left == 1 else "tries"
            assert f"is wrong ({left} {word} left)" in text
        status, text = await page(browser, hosted, "WRONG1")  # the last try: blocked
        assert status == 403 and "Too many wrong join codes" in text
