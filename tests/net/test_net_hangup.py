"""A closed terminal at ``okey101 host`` (its window shut, an ssh session dropped: the
host gets SIGHUP) closes the table as Ctrl+C does: every friend is told the host closed
it, and the match is saved as it stands. The host ended at once: the friends read a lost
connection and waited for it ("cannot be reached: waiting for its host"). The terminal is
gone by the time SIGHUP comes, every write to it fails: the host ends without an error all
the same. A host started under nohup, SIGHUP ignored, keeps serving."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest
from net_helpers import console_host, ctrl_c_as_at_a_terminal, host_at_a_terminal

from okey_tui import storage
from okey_tui.net.protocol import Closing
from okey_tui.net.server import TABLE_KEY

TIMEOUT = 30.0
SAID = "bir el daha?"


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
    async with host_at_a_terminal(tmp_path, *options, timeout=TIMEOUT) as host:
        friend = await host.join("Deniz")
        try:
            await friend.wait_for(lambda: len(friend.seats()) == 4)
            if "--no-seat" in options:
                await friend.start()  # the first to join starts
            else:
                os.write(host.terminal.leader, b"\r")  # the host starts at their seat
            await friend.wait_for(lambda: friend.has_view)
            # Said just now: the table saves it a moment later.
            await friend.say(SAID)
            await friend.wait_for(lambda: any(c.text == SAID for c in friend.table_chat))
            host.terminal.close()  # the window shut
            with contextlib.suppress(ConnectionError):
                await friend.wait_for(lambda: friend.closed_why is not None, TIMEOUT)
        finally:
            await friend.close()
    assert friend.closed_why == Closing.HOST_CLOSED.value, host.process.returncode
    assert host.process.returncode == 0  # no error writing to the terminal gone
    assert SAID in saved_chat(tmp_path)


def as_under_nohup() -> None:
    ctrl_c_as_at_a_terminal()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


async def test_a_host_started_under_nohup_keeps_serving_on_sighup(tmp_path: Path) -> None:
    async with console_host(tmp_path, as_under_nohup, TIMEOUT) as host:
        friend = await host.join("Deniz")
        try:
            host.process.send_signal(signal.SIGHUP)
            # The table still seats who comes, and the friend sits on.
            other = await host.join("Ece")
            await other.close()
            assert friend.connected and friend.closed_why is None
            assert host.process.returncode is None
            host.process.terminate()  # then closed as a service stopped is
            with contextlib.suppress(ConnectionError):
                await friend.wait_for(lambda: friend.closed_why is not None, TIMEOUT)
        finally:
            await friend.close()
    assert friend.closed_why == Closing.HOST_CLOSED.value, "".join(host.said)
