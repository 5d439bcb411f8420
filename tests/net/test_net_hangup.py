"""A closed terminal at ``okey101 host`` (its window shut, an ssh session dropped: the
host gets SIGHUP) closes the table as Ctrl+C does: every friend is told the host closed
it, and the match is saved as it stands. The host ended at once: the friends read a lost
connection and waited for it ("cannot be reached: waiting for its host"). The terminal is
gone by the time SIGHUP comes, every write to it fails: the host ends without an error all
the same. A host started under nohup, SIGHUP ignored, keeps serving."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import ctrl_c_as_at_a_terminal, read_until

from okey_tui import storage
from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import Closing
from okey_tui.net.server import TABLE_KEY
from tests.terminals import Terminal, on_a_terminal_of_its_own, open_terminal

TIMEOUT = 30.0
SAID = "bir el daha?"


def host_command(*options: str) -> list[str]:
    return [
        *(sys.executable, "-m", "okey_tui", "host", "--port", "0", "--bots", "easy"),
        *("--bot-delay", "0.5", "--grace", "30", *options),
    ]


def environment(tmp_path: Path) -> dict[str, str]:
    """The host's own folders, in a terminal of 120 x 40."""
    return {
        **{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
        "TERM": "xterm-256color",
        "HOME": str(tmp_path / "home"),
        "OKEY101_CONFIG_DIR": str(tmp_path / "config"),
        "OKEY101_DATA_DIR": str(tmp_path / "data"),
    }


def saved_chat(tmp_path: Path) -> list[str]:
    """The chat of the one table the host saved, which it let go of (``okey101 host
    --resume`` opens it)."""
    found = storage.list_saves(tmp_path / "data" / "tables")
    assert len(found.entries) == 1, found
    entry = found.entries[0]
    assert not storage.in_use(entry.path)
    return [line["text"] for line in entry.saved.extra[TABLE_KEY]["chat"]]


@pytest.mark.parametrize("options", [("--no-seat",), ("--name", "Host")], ids=["serving", "seated"])
async def test_the_hosts_terminal_closed_tells_a_friend_it_closed_the_table(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    leader, follower = open_terminal()
    host = await asyncio.create_subprocess_exec(
        *host_command(*options),
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=environment(tmp_path),
        start_new_session=True,
        preexec_fn=on_a_terminal_of_its_own,
    )
    os.close(follower)
    terminal = Terminal(leader)
    try:
        async with asyncio.timeout(TIMEOUT):
            joined = await terminal.until(rb"okey101 join ([0-9.]+:[0-9]+) (\w+)")
            address, code = (part.decode() for part in joined.groups())
            friend = await RemoteTable.join(f"ws://{address}", code, "Deniz")
            try:
                await friend.wait_for(lambda: len(friend.seats()) == 4)
                if "--no-seat" in options:
                    await friend.start()  # the first to join starts
                else:
                    os.write(leader, b"\r")  # the host starts at their seat
                await friend.wait_for(lambda: friend.has_view)
                # Said just now: the table saves it a moment later.
                await friend.say(SAID)
                await friend.wait_for(lambda: any(c.text == SAID for c in friend.table_chat))
                terminal.close()  # the window shut
                with contextlib.suppress(ConnectionError):
                    await friend.wait_for(lambda: friend.closed_why is not None, TIMEOUT)
            finally:
                await friend.close()
            await host.wait()
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
        terminal.close()
    assert friend.closed_why == Closing.HOST_CLOSED.value, host.returncode
    assert host.returncode == 0  # no error writing to the terminal gone
    assert SAID in saved_chat(tmp_path)


def as_under_nohup() -> None:
    ctrl_c_as_at_a_terminal()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


async def test_a_host_started_under_nohup_keeps_serving_on_sighup(tmp_path: Path) -> None:
    host = await asyncio.create_subprocess_exec(
        *host_command("--no-seat"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=environment(tmp_path),
        preexec_fn=as_under_nohup,
    )
    said: list[str] = []
    assert host.stdout is not None
    try:
        async with asyncio.timeout(TIMEOUT):
            joined = await read_until(host.stdout, said, r"okey101 join (\S+) (\w+)")
            address, code = joined.groups()
            friend = await RemoteTable.join(f"ws://{address}", code, "Deniz")
            try:
                host.send_signal(signal.SIGHUP)
                # The table still seats who comes, and the friend sits on.
                other = await RemoteTable.join(f"ws://{address}", code, "Ece")
                await other.close()
                assert friend.connected and friend.closed_why is None
                assert host.returncode is None
                host.terminate()  # then closed as a service stopped is
                with contextlib.suppress(ConnectionError):
                    await friend.wait_for(lambda: friend.closed_why is not None, TIMEOUT)
            finally:
                await friend.close()
            rest, _ = await host.communicate()
            said.append(rest.decode())
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
    assert friend.closed_why == Closing.HOST_CLOSED.value, "".join(said)
