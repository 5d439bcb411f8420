"""The terminal of ``okey101 web`` or ``okey101 host --web`` closed (its window shut, an
ssh session dropped: SIGHUP): the server stops as on Ctrl+C, each page told why. It ended
at once, and every page read a lost connection (1006) with no reason. The terminal closing
reaches the visitors' games too (the server's process group): a game plays on, and the
server ends it once its page is closed (the game had ended at once, its match not saved as
it stood)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
from aiohttp import WSCloseCode
from test_web_hosted_close import close_of, drawn, games_of, seated_page, wait_for
from web_helpers import HOSTED_LINK, TIMEOUT

from okey_tui.web.server import TABLE_AWAY
from tests.terminals import start_at_a_terminal, terminal_environment


async def test_the_web_servers_terminal_closed_closes_each_page_saying_why(
    tmp_path: Path,
) -> None:
    server, terminal = await start_at_a_terminal(
        (sys.executable, "-m", "okey_tui", "web", "--port", "0", "--seed", "5"),
        terminal_environment(tmp_path),
    )
    try:
        async with asyncio.timeout(TIMEOUT):
            found = await terminal.until(rb"http://127\.0\.0\.1:[0-9]+/")
            base = found.group(0).decode()
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
                async with session.get(base) as response:
                    assert response.status == 200
                page = await session.ws_connect(
                    f"{base}ws/table?width=100&height=30", headers={"Origin": base.rstrip("/")}
                )
                await drawn(page, "Middle: ")  # the visitor's table is dealt
                terminal.close()  # the window shut
                code, _reason = await close_of(page)
            await server.wait()
    finally:
        terminal.close()
        if server.returncode is None:
            server.kill()
            await server.wait()
    assert code == WSCloseCode.GOING_AWAY, code  # the server stopped: the page says so
    assert server.returncode == 0  # no error writing to the terminal gone


def hangs_up_as_at_a_terminal() -> None:
    """Ctrl+C and SIGHUP as a terminal gives them (a suite run in the background or under
    nohup has them ignored, and a child inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


async def test_the_hosts_terminal_closed_closes_a_browser_friends_page_saying_why(
    tmp_path: Path,
) -> None:
    log = tmp_path / "host.log"
    with log.open("wb") as sink:
        host = subprocess.Popen(
            [sys.executable, "-m", "okey_tui", "host", "--no-seat", "--port", "0"]
            + ["--web", "--web-port", "0", "--bots", "easy"],
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=terminal_environment(tmp_path),
            start_new_session=True,  # a group of its own, as a terminal's command has
            preexec_fn=hangs_up_as_at_a_terminal,
        )
    try:
        link = (await asyncio.to_thread(wait_for, log, HOSTED_LINK.pattern, host)).group(0)
        session, page = await seated_page(link, "Deniz")
        async with session:
            assert isinstance(page, aiohttp.ClientWebSocketResponse)
            await drawn(page, "Enter starts the match")
            (game,) = games_of(host)
            os.kill(game, signal.SIGHUP)  # the friend's game alone: it plays on
            await page.send_json(["stdin", "\r"])  # and starts the match
            await asyncio.to_thread(wait_for, log, re.escape("The match has started"), host)
            os.killpg(host.pid, signal.SIGHUP)  # the host's terminal closed: the whole group
            code, reason = await close_of(page)
        await asyncio.to_thread(host.wait, TIMEOUT)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(host.pid, signal.SIGKILL)
        host.wait(10)
    assert code == TABLE_AWAY, (code, reason)  # the table waits for its host
    assert host.returncode == 0, log.read_text()
