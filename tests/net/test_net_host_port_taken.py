"""``okey101 host`` on a port something else listens on: one line and exit status 1, before
any table is shown (the seated host showed the lobby with a join code for a table that never
opened, "okey101 join 127.0.0.1:{port}" unformatted, then the system's English words)."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from net_helpers import RULES, listening_port

from okey_tui.cli import main
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer, listen_problem

# Seconds the host may take to refuse (it starts Python and imports the game); a host
# that shows the table instead waits for a key and runs into it.


@pytest.fixture
def busy_port() -> Iterator[int]:
    with listening_port() as port:
        yield port


REFUSED_WITHIN = 30


def host_said(args: list[str], home: Path | None = None) -> tuple[int, str, str]:
    """``okey101 ARGS`` (a host that does not sit): its exit status, what it printed and its
    error output, run in this process as click runs a command (no Python started and the game
    imported again for each): a host with no screen of its own refuses the same way."""
    result = CliRunner().invoke(main, args, env=None if home is None else {"HOME": str(home)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("seat", [["--name", "Veli"], ["--no-seat"], ["--autoplay", "easy"]])
def test_a_port_in_use_is_one_line_and_status_1_before_any_table(
    seat: list[str], busy_port: int, tmp_path: Path
) -> None:
    args = ["host", "--port", str(busy_port), *seat]
    if seat[0] != "--name":
        status, out, err = host_said(args, home=tmp_path)
    else:  # a process of its own: a seated host that showed its lobby would wait for a key
        try:
            done = subprocess.run(
                [sys.executable, "-m", "okey_tui", *args],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=REFUSED_WITHIN,
                env={**os.environ, "HOME": str(tmp_path)},
            )
        except subprocess.TimeoutExpired as exc:
            pytest.fail(f"the host showed a table instead of refusing the port: {exc.stdout!r}")
        status, out, err = done.returncode, done.stdout, done.stderr
    said = (
        f"Error: port {busy_port} on 127.0.0.1 is in use (another okey101 still open there, "
        "or another program): close it, or give another --port"
    )
    assert (status, err.strip()) == (1, said), out
    assert out == ""  # no lobby, no join code


def hosted_on(port: int) -> Path:
    """A started table saved as a host's (okey101 host --resume opens it), on ``port``."""
    from okey_tui import storage
    from okey_tui.engine.match import Match

    server = TableServer(
        RULES, 7, ("easy",) * 4, port=port, save_path=storage.new_save_path(storage.hosted_dir())
    )
    server.match = Match(RULES, 7)
    server.save_now()
    assert server.save_path is not None and server.save_path.exists()
    return server.save_path


@pytest.mark.parametrize("seat", [["--no-seat"], ["--autoplay", "easy"]])
def test_resuming_on_a_port_in_use_says_the_players_come_back_to_it(
    seat: list[str], busy_port: int
) -> None:
    """The table's own port, where its friends rejoin by themselves: "give another --port"
    alone sent the host to a port nobody would find. Said as such, the save kept."""
    saved = hosted_on(busy_port)
    status, out, err = host_said(["host", "--resume", *seat])
    said = (
        f"Error: port {busy_port} on 127.0.0.1 is in use (another okey101 still open there, "
        "or another program), and this table's players come back to it: close that and "
        "resume again, or give another --port and tell them the new address"
    )
    assert (status, err.strip()) == (1, said), out
    assert out == "" and "Traceback" not in err
    assert saved.exists()  # nothing of the table lost: resumed once the port is free


def test_resuming_on_another_port_given_that_is_in_use_is_the_plain_message(
    busy_port: int,
) -> None:
    with listening_port() as saved_port:
        hosted_on(saved_port)
    status, out, err = host_said(["host", "--resume", "--no-seat", "--port", str(busy_port)])
    assert status == 1, out
    assert err.startswith(f"Error: port {busy_port} on 127.0.0.1 is in use (")
    assert "come back" not in err


def test_a_reason_other_than_a_port_in_use_is_the_systems() -> None:
    refused = PermissionError(errno.EACCES, "Permission denied")
    assert listen_problem(refused, "0.0.0.0", 80) == (
        "cannot listen on port 80: permission denied (give another --port)"
    )
    unknown = OSError(errno.EOPNOTSUPP, "Operation not supported")  # in the system's words
    assert listen_problem(unknown, "0.0.0.0", 80) == (
        "cannot listen on port 80: Operation not supported (give another --port)"
    )


async def test_the_port_bound_first_is_the_one_the_table_serves_on(busy_port: int) -> None:
    server = TableServer(RULES, 7, ("easy",) * 4, port=busy_port, grace=0.0)
    with pytest.raises(OSError) as taken:
        server.bind()
    assert taken.value.errno == errno.EADDRINUSE
    server = TableServer(RULES, 7, ("easy",) * 4, port=0, grace=0.0)
    port = server.bind()
    assert port != 0
    try:
        # Bound is taken: nothing else gets the port between bind() and start().
        with socket.socket() as other, pytest.raises(OSError):
            other.bind(("127.0.0.1", port))
        assert await server.start() == port
        table = await RemoteTable.join(server.url, server.code, "Ayşe")
        await table.close()
    finally:
        await server.close()


def test_a_port_bound_and_never_served_is_let_go() -> None:
    server = TableServer(RULES, 7, ("easy",) * 4, port=0, grace=0.0)
    port = server.bind()
    server.release()
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))


def test_resuming_a_table_still_served_in_another_terminal_says_so() -> None:
    """The table is open in another okey101 (on its port): "there is no table to resume:
    host a new one" sent the host to open a second table beside the one still running."""
    from okey_tui import storage

    with listening_port() as port:
        saved = hosted_on(port)
        held = storage.MatchLock(saved)  # the other okey101 serving it
        try:
            status, out, err = host_said(["host", "--resume", "--no-seat"])
        finally:
            held.release()
    said = (
        f"Error: another okey101 is serving the table {saved.stem} right now: close it there first"
    )
    assert (status, err.strip()) == (1, said), out
    assert saved.exists()


def test_a_seated_host_with_no_terminal_says_so_and_leaves_no_table(tmp_path: Path) -> None:
    """``nohup okey101 host`` (its input no terminal) ended in a traceback once the table
    was set up (NoTerminalError from the seat's screen): one line, status 1, nothing kept;
    ``--no-seat`` is the way to serve under nohup."""
    done = subprocess.run(
        [sys.executable, "-m", "okey_tui", "host", "--port", "0", "--name", "Veli"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=REFUSED_WITHIN,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("Error: okey101 host sits you at the table"), done.stderr
    assert "--no-seat" in done.stderr and done.stdout == ""
    from okey_tui import storage

    assert not list(storage.hosted_dir().glob("*.json"))  # the folders of this test's own
