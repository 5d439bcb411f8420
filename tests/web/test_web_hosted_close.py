"""``okey101 host --web`` seen from a browser friend's page without a browser: the real host
and the real friend's game, the page's WebSocket opened as the browser opens it.

However the table closes, the page's close carries the table's reason (its close code and
words), never the bare close of a game that ended first: the page would show its default
words ("You are no longer at the table") instead of "the host closed the table". A page
reloaded before the match begins keeps its seat and name, as it does once it has begun."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
from web_helpers import HOSTED_LINK, TIMEOUT, as_at_a_terminal

from okey_tui.web.server import TABLE_AWAY


@contextlib.contextmanager
def host_alone(tmp_path: Path, *args: str) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """``okey101 host --no-seat --web`` in a process group of its own (as a terminal runs a
    command: Ctrl+C there reaches the whole group, the friends' games included); its output
    in a file. Always stopped."""
    log = tmp_path / "host.log"
    command = ["host", "--no-seat", "--port", "0", "--web", "--web-port", "0", *args]
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "okey_tui", *command],
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=environment,
            start_new_session=True,
            preexec_fn=as_at_a_terminal,
        )
    try:
        yield process, log
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def wait_for(log: Path, pattern: str, process: subprocess.Popen[bytes]) -> re.Match[str]:
    deadline = time.monotonic() + TIMEOUT
    while not (found := re.search(pattern, log.read_text(errors="replace"))):
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"{pattern!r} not printed:\n{log.read_text(errors='replace')}")
        time.sleep(0.05)
    return found


async def seated_page(
    link: str, name: str, session: aiohttp.ClientSession | None = None
) -> tuple[aiohttp.ClientSession, object]:
    """A browser friend's page at the table of ``link``: its session (the browser: a new
    one unless given) and WebSocket."""
    if session is None:
        session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with session.get(link) as response:
        assert response.status == 200
    base = link.split("/?", 1)[0]
    code = link.rsplit("code=", 1)[1]
    websocket = await session.ws_connect(
        f"{base.replace('http', 'ws', 1)}/ws/join/{code}/{name}?width=100&height=30",
        headers={"Origin": base},
    )
    return session, websocket


async def drawn(websocket: aiohttp.ClientWebSocketResponse, text: str) -> None:
    """Wait until the game has drawn ``text`` on the page (the words of one line, in the
    bytes of its drawing)."""
    seen = b""
    deadline = time.monotonic() + TIMEOUT
    while text.encode() not in seen:
        assert time.monotonic() < deadline, f"{text!r} was not drawn"
        message = await websocket.receive(timeout=TIMEOUT)
        assert message.type == aiohttp.WSMsgType.BINARY, (text, message)
        seen = seen[-4000:] + message.data


async def close_of(websocket: aiohttp.ClientWebSocketResponse) -> tuple[int | None, str]:
    """The page's close: its code and reason (the game's drawing read past, for at most
    ``TIMEOUT`` seconds: a game that goes on drawing is a page never closed)."""
    deadline = time.monotonic() + TIMEOUT
    message = await websocket.receive(timeout=TIMEOUT)
    while message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
        assert time.monotonic() < deadline, "the page was not closed"
        message = await websocket.receive(timeout=TIMEOUT)
    return websocket.close_code, str(message.extra or "")


def games_of(process: subprocess.Popen[bytes]) -> list[int]:
    """The friends' games the host runs (its page's thread starts them), on Linux."""
    tasks = Path(f"/proc/{process.pid}/task")
    return [
        int(pid)
        for task in tasks.iterdir()
        for pid in (task / "children").read_text().split()
        if "join" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
    ]


def test_a_page_reloaded_in_the_lobby_keeps_its_seat_and_ctrl_c_closes_it_saying_why(
    tmp_path: Path,
) -> None:
    """One table, from its lobby until the host's Ctrl+C.

    A browser friend who reloaded the page in the lobby gave up the seat (the table freed
    it, the game forgot its token) and came back as a new guest. The reload (the page's
    WebSocket closed, the same browser back) takes the same seat back, and its name, as it
    does once the match has begun.

    Ctrl+C reached the friends' games too (the same process group): a game ended before
    the page was closed with the table's reason, and the page said only its default
    words. A friend's game goes on after Ctrl+C (the friend starts the match after it),
    and Ctrl+C at the host's terminal closes the page with the reason (the match begun:
    the page waits for the table to come back)."""
    with host_alone(tmp_path, "--bots", "easy") as (process, log):
        link = wait_for(log, HOSTED_LINK.pattern, process).group(0)

        async def visit() -> tuple[int | None, str]:
            session, websocket = await seated_page(link, "Deniz")
            async with session:
                assert isinstance(websocket, aiohttp.ClientWebSocketResponse)
                await asyncio.to_thread(wait_for, log, r"Deniz joined \(seat 1\)", process)
                await drawn(websocket, "Enter starts the match")
                await websocket.close()  # F5: the page goes, the same browser comes back
                _session, again = await seated_page(link, "Deniz", session)
                assert isinstance(again, aiohttp.ClientWebSocketResponse)
                await asyncio.to_thread(wait_for, log, r"Deniz is back \(seat 1\)", process)
                await drawn(again, "Enter starts the match")  # the lead's lobby again
                said = log.read_text()
                assert "is free" not in said and "Deniz 2" not in said, said
                assert said.count("joined") == 1, said

                # The game of the page before the reload ends (asked to quit): then one.
                deadline = time.monotonic() + TIMEOUT
                while len(games := games_of(process)) != 1:
                    assert time.monotonic() < deadline, f"the friend's games: {games}"
                    await asyncio.sleep(0.05)
                os.kill(games[0], signal.SIGINT)  # the friend's game gets Ctrl+C: it plays on
                await again.send_json(["stdin", "\r"])  # and starts the match
                await asyncio.to_thread(wait_for, log, r"The match has started", process)
                os.killpg(process.pid, signal.SIGINT)  # Ctrl+C at the host's terminal
                return await close_of(again)

        code, reason = asyncio.run(visit())
        process.wait(TIMEOUT)
    assert code == TABLE_AWAY, (code, reason)
    assert "host closed the table" in reason, reason
