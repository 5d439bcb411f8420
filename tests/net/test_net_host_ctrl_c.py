"""Ctrl+C (SIGINT) or SIGTERM at the terminal of ``okey101 host``: the friends are told the
host closed the table, as when a seated host quits with q, before their connections close.
With ``--no-seat``, cancelling the server's ``serve_forever`` closed every connection with
1001 at once: each friend read a lost connection (and tried to take the seat back) and the
host's terminal said each of them had lost the connection. SIGTERM killed the host (seated
or not) without a word to anyone."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from net_helpers import ctrl_c_as_at_a_terminal, read_until

from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import Closing
from tests.terminals import Terminal

TIMEOUT = 30.0


async def stopped_as_seen_by(
    host: asyncio.subprocess.Process, friend: RemoteTable, stop: int
) -> str | None:
    """Send the host ``stop`` (a signal) and wait for the friend's table to close: why it
    closed (None: closed without a word, a ConnectionError, which the caller's check says)."""
    host.send_signal(stop)
    with contextlib.suppress(ConnectionError):
        await friend.wait_for(lambda: friend.closed_why is not None, TIMEOUT)
    return friend.closed_why


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
async def test_the_host_stopped_at_its_terminal_tells_a_friend_it_closed_the_table(
    tmp_path: Path, stop: signal.Signals
) -> None:
    environment = {**os.environ, "OKEY101_DATA_DIR": str(tmp_path / "host")}
    host = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "okey_tui", "host", "--no-seat", "--port", "0", "--bots", "easy"),
        *("--bot-delay", "0.5", "--grace", "30"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=environment,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    said: list[str] = []
    assert host.stdout is not None
    try:
        async with asyncio.timeout(TIMEOUT):
            joined = await read_until(host.stdout, said, r"okey101 join (\S+) (\w+)")
            address, code = joined.groups()
            friend = await RemoteTable.join(f"ws://{address}", code, "Deniz")
            try:
                await friend.start()  # the first to join starts the match
                await read_until(host.stdout, said, "The match has started")
                await friend.wait_for(lambda: friend.has_view)
                why = await stopped_as_seen_by(host, friend, stop)
            finally:
                await friend.close()
            rest, _ = await host.communicate()
            said.append(rest.decode())
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
    output = "".join(said)
    assert why == Closing.HOST_CLOSED.value, output
    assert "lost the connection" not in output, output
    assert host.returncode == 0, output


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
async def test_the_seated_host_stopped_by_a_signal_tells_a_friend_it_closed_the_table(
    tmp_path: Path, stop: signal.Signals
) -> None:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
        "TERM": "xterm-256color",
        "HOME": str(tmp_path / "home"),
        "OKEY101_CONFIG_DIR": str(tmp_path / "config"),
        "OKEY101_DATA_DIR": str(tmp_path / "data"),
    }
    host = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "okey_tui", "host", "--port", "0", "--name", "Host", "--bots", "easy"),
        *("--bot-delay", "0.5", "--grace", "30"),
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=environment,
        preexec_fn=ctrl_c_as_at_a_terminal,
        start_new_session=True,
    )
    os.close(follower)
    screen = Terminal(leader)
    why: str | None = None
    try:
        async with asyncio.timeout(TIMEOUT):
            joined = await screen.until(rb"okey101 join ([0-9.]+:[0-9]+) (\w+)")
            address, code = (part.decode() for part in joined.groups())
            friend = await RemoteTable.join(f"ws://{address}", code, "Deniz")
            try:
                await friend.wait_for(lambda: len(friend.seats()) == 4)
                os.write(leader, b"\r")  # the host starts the match
                await friend.wait_for(lambda: friend.has_view)
                why = await stopped_as_seen_by(host, friend, stop)
            finally:
                await friend.close()
            await host.wait()
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
        screen.stop()
        os.close(leader)
    assert why == Closing.HOST_CLOSED.value, host.returncode
    assert host.returncode == 0
