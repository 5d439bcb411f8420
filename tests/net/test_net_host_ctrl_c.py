"""Ctrl+C (SIGINT) or SIGTERM at the terminal of ``okey101 host``: the friends are told the
host closed the table, as when a seated host quits with q, before their connections close.
With ``--no-seat``, cancelling the server's ``serve_forever`` closed every connection with
1001 at once: each friend read a lost connection (and tried to take the seat back) and the
host's terminal said each of them had lost the connection. SIGTERM killed the host (seated
or not) without a word to anyone."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

import pytest
from net_helpers import (
    console_host,
    ctrl_c_as_at_a_terminal,
    host_at_a_terminal,
    read_until,
)

from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import Closing

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
    async with console_host(tmp_path, ctrl_c_as_at_a_terminal, TIMEOUT) as host:
        friend = await host.join("Deniz")
        try:
            await friend.start()  # the first to join starts the match
            await read_until(host.process.stdout, host.said, "The match has started")
            await friend.wait_for(lambda: friend.has_view)
            why = await stopped_as_seen_by(host.process, friend, stop)
        finally:
            await friend.close()
    output = "".join(host.said)
    assert why == Closing.HOST_CLOSED.value, output
    assert "lost the connection" not in output, output
    assert host.process.returncode == 0, output


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
async def test_the_seated_host_stopped_by_a_signal_tells_a_friend_it_closed_the_table(
    tmp_path: Path, stop: signal.Signals
) -> None:
    async with host_at_a_terminal(
        tmp_path, "--name", "Host", before=ctrl_c_as_at_a_terminal, timeout=TIMEOUT
    ) as host:
        friend = await host.join("Deniz")
        try:
            await friend.wait_for(lambda: len(friend.seats()) == 4)
            os.write(host.terminal.leader, b"\r")  # the host starts the match
            await friend.wait_for(lambda: friend.has_view)
            why = await stopped_as_seen_by(host.process, friend, stop)
        finally:
            await friend.close()
    assert why == Closing.HOST_CLOSED.value, host.process.returncode
    assert host.process.returncode == 0
