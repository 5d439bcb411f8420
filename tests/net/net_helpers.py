"""Loopback tables for the network tests: every wait is bounded in time and count."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen

from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import choose_action, safe_action
from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import Limits, TableServer
from okey_tui.table import ActionRefused
from tests.terminals import (
    Terminal,
    on_a_terminal_of_its_own,
    start_at_a_terminal,
    terminal_environment,
)

RULES = RuleSet(hands=1)
MAX_ACTIONS = 2000  # far more than any hand takes


@contextlib.contextmanager
def listening_port() -> Iterator[int]:
    """A loopback port something else listens on, for as long as the block runs."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


def reopenable_port() -> int:
    """A free loopback port below the system's ephemeral range, for a table closed and
    opened again on its port: the tests beside it ask for port 0, so none of them can be
    given this port in between (and a friend's retries can never reach their table)."""
    low = 20000
    with contextlib.suppress(OSError, ValueError):
        low = min(low, int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0]))
    for port in random.Random().sample(range(low - 10000, low), 200):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError("no free port below the ephemeral range")


async def until(pilot, predicate, what: str, tries: int = 300) -> None:  # type: ignore[no-untyped-def]
    """Wait (a bounded number of short pauses of the app under ``pilot``) until
    ``predicate()`` holds; fail naming ``what`` otherwise."""
    for _ in range(tries):
        if predicate():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never happened: {what}")


def shows(app: App[Any], kind: type[Screen[Any]]) -> bool:
    """Whether ``app`` shows a ``kind`` screen, mounted. A screen switched to is on top of
    the stack at once, and composed and mounted later: a test that ended there shut the
    app down under the screen being mounted, whose widgets were gone when it looked for
    them (the app's error, raised as the test ended)."""
    return bool(app.screen_stack) and isinstance(app.screen, kind) and app.screen.is_mounted


async def open_table(**kwargs: object) -> TableServer:
    options: dict[str, object] = {"levels": ("easy",) * 4, "grace": 0.0}
    options.update(kwargs)
    server = TableServer(RULES, 7, **options)  # type: ignore[arg-type]
    await server.start()
    return server


async def reopenable_table(path: Path) -> TableServer:
    """A table saved at ``path``, on a port it can be opened on again (okey101 host
    --resume): a friend's turn of 5 s for a bot, 60 s of grace for an away seat."""
    return await open_table(bot_delay=5, grace=60.0, save_path=path, port=reopenable_port())


async def reopened(path: Path, port: int) -> TableServer:
    """The table saved at ``path`` opened again on its port (okey101 host --resume)."""
    resumed = TableServer.resume(path, port=port, bot_delay=5, grace=60.0)
    await resumed.start()
    return resumed


@dataclass
class FriendAtATable:
    """Ayşe's terminal (``app``, driven by ``pilot``) at a table saved at ``path`` that
    its host can close and open again (``reopen``: okey101 host --resume)."""

    server: TableServer
    path: Path
    app: Any  # a RemoteApp
    pilot: Any
    resumed: TableServer | None = None

    async def reopen(self) -> TableServer:
        self.resumed = await reopened(self.path, self.server.port)
        return self.resumed


@contextlib.asynccontextmanager
async def a_friend_at_a_table_to_reopen(
    tmp_path: Path, size: tuple[int, int] = (120, 40), **run: Any
) -> AsyncIterator[FriendAtATable]:
    """A table saved under ``tmp_path`` (:func:`reopenable_table`) and Ayşe's terminal
    joined to it, run at ``size`` (``run``: more of ``run_test``'s options); the table and
    its reopening closed after."""
    from okey_tui.ui.remote import RemoteApp, Seat

    path = tmp_path / "table.json"
    server = await reopenable_table(path)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    table: FriendAtATable | None = None
    try:
        async with app.run_test(size=size, **run) as pilot:
            table = FriendAtATable(server, path, app, pilot)
            yield table
    finally:
        if table is not None and table.resumed is not None:
            await table.resumed.close()
        await server.close()


async def seat_four(server: TableServer, record: bool = False) -> list[RemoteTable]:
    tables = []
    for name in ("Ayşe", "Mehmet", "Zeynep", "Can"):
        tables.append(await RemoteTable.join(server.url, server.code, name, record=record))
    return tables


async def play_step(tables: list[RemoteTable]) -> None:
    """The seat to play makes one move (an easy bot's choice; its fallback if refused)."""
    version = max(t.version for t in tables)
    await tables[0].wait_for(lambda: tables[0].version >= version, 5)
    view = tables[0].view()
    table = tables[view.turn]
    await table.wait_for(lambda: table.version >= version, 5)
    await easy_move(table)


async def play_hand_out(server: TableServer, tables: list[RemoteTable]) -> None:
    """The four people play the hand under way to its end, every move at once."""
    assert server.match is not None
    for _ in range(MAX_ACTIONS):
        if server.match.hand_scored:
            return
        await play_step(tables)
    raise AssertionError("the hand never ended")


async def easy_move(table: RemoteTable) -> None:
    """The table's seat makes an easy bot's move (its fallback if refused)."""
    own = table.view()
    action, _ = choose_action(make_bot("easy"), own)
    try:
        await table.act(action if action is not None else safe_action(own))
    except ActionRefused:
        await table.act(safe_action(own))


async def crash(server: TableServer) -> None:
    """The host's okey101 dies (kill -9, a power cut): every connection is cut without a
    word, then the server is closed."""
    for conn in list(server._conns):
        conn.ws.transport.abort()
    await server.close()


async def settle(tables: list[RemoteTable], server: TableServer) -> None:
    """Wait until every client has the server's latest state."""
    for t in tables:
        await t.wait_for(lambda t=t: t.has_view and t.version == server.version, 5)


@contextlib.asynccontextmanager
async def a_started_table(**kwargs: object) -> AsyncIterator[tuple[TableServer, list[RemoteTable]]]:
    """A table (``open_table``'s options) with four people seated and its first hand dealt,
    every client caught up; every client and the server closed after."""
    server = await open_table(**kwargs)
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        yield server, tables
    finally:
        for t in tables:
            await t.close()
        await server.close()


# -- an okey101 in a process of its own ------------------------------------------------------
async def read_until(stream: asyncio.StreamReader, seen: list[str], pattern: str) -> re.Match[str]:
    """Lines of ``stream`` into ``seen`` until one matches ``pattern``; that match."""
    while True:
        raw = await stream.readline()
        if not raw:
            raise AssertionError(f"{pattern!r} never came:\n" + "".join(seen))
        seen.append(raw.decode())
        found = re.search(pattern, seen[-1])
        if found is not None:
            return found


async def start_host(
    *args: str, stdin: int = subprocess.DEVNULL, until: str = "Join with:"
) -> tuple[asyncio.subprocess.Process, str]:
    """``okey101 host --no-seat`` with ``args``, a process of its own (``stdin``: what it
    reads, a terminal's end for one): the process, and what it printed up to the line with
    ``until`` (its join line by default; at most 20 s)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "okey_tui",
        "host",
        "--no-seat",
        *args,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    lines: list[str] = []
    try:
        async with asyncio.timeout(20):
            await read_until(process.stdout, lines, re.escape(until))
    except AssertionError:  # its output ended first: the host stopped
        error = (await process.stderr.read()).decode()
        raise AssertionError("the host stopped: " + "".join(lines) + error) from None
    return process, "".join(lines)


def host_command(*options: str) -> list[str]:
    """``okey101 host`` with easy bots, on a free port, as a process of its own."""
    return [
        *(sys.executable, "-m", "okey_tui", "host", "--port", "0", "--bots", "easy"),
        *("--bot-delay", "0.5", "--grace", "30", *options),
    ]


@dataclass
class Host:
    """``okey101 host`` running in a process of its own: the process, and the address and
    code its join line gave."""

    process: asyncio.subprocess.Process
    address: str
    code: str

    async def join(self, name: str) -> RemoteTable:
        return await RemoteTable.join(f"ws://{self.address}", self.code, name)


@dataclass
class ConsoleHost(Host):
    """``okey101 host --no-seat``, what it said so far."""

    said: list[str]


@contextlib.asynccontextmanager
async def console_host(
    tmp_path: Path, before: Callable[[], None], timeout: float = 30.0
) -> AsyncIterator[ConsoleHost]:
    """``okey101 host --no-seat`` in a process of its own (``before`` runs in it first), its
    output read up to its join line; on leaving, the rest of what it says once it ends
    (the block ends it), or it is killed. All within ``timeout`` seconds."""
    host = await asyncio.create_subprocess_exec(
        *host_command("--no-seat"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=terminal_environment(tmp_path),
        preexec_fn=before,
    )
    said: list[str] = []
    assert host.stdout is not None
    try:
        async with asyncio.timeout(timeout):
            joined = await read_until(host.stdout, said, r"okey101 join (\S+) (\w+)")
            yield ConsoleHost(host, *joined.groups(), said=said)
            rest, _ = await host.communicate()
            said.append(rest.decode())
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()


@dataclass
class HostAtATerminal(Host):
    """``okey101 host`` at a terminal of its own."""

    terminal: Terminal


@contextlib.asynccontextmanager
async def host_at_a_terminal(
    tmp_path: Path,
    *options: str,
    before: Callable[[], None] = on_a_terminal_of_its_own,
    timeout: float = 30.0,
) -> AsyncIterator[HostAtATerminal]:
    """``okey101 host`` with ``options`` at a terminal of its own (``before`` runs in its
    process first: see :func:`tests.terminals.start_at_a_terminal`), up to its join line
    on the screen; on leaving, it is waited for (the block ends it), or killed. All within
    ``timeout`` seconds."""
    host, terminal = await start_at_a_terminal(
        host_command(*options), terminal_environment(tmp_path), before
    )
    try:
        async with asyncio.timeout(timeout):
            joined = await terminal.until(rb"okey101 join ([0-9.]+:[0-9]+) (\w+)")
            address, code = (part.decode() for part in joined.groups())
            yield HostAtATerminal(host, address, code, terminal=terminal)
            await host.wait()
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
        terminal.close()


def ctrl_c_as_at_a_terminal() -> None:
    """In the host's process before it starts: Ctrl+C as a terminal gives it. A suite run
    as a background job (``.ci/run &``) has SIGINT ignored, and a child inherits that:
    Python then installs no Ctrl+C of its own, the host never heard the signal, and
    SIGTERM, which does what Ctrl+C does, killed it (where Ctrl+C is ignored, SIGTERM
    ends the host at once: ``stopped_as_ctrl_c``)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


__all__ = [
    "MAX_ACTIONS",
    "Limits",
    "a_started_table",
    "crash",
    "open_table",
    "play_hand_out",
    "play_step",
    "seat_four",
    "settle",
    "shows",
]


def make_certificate(folder: Path, name: str = "cert") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key (an elliptic
    curve key: made in milliseconds, where an RSA key took up to a second)."""
    cert, key = folder / f"{name}.pem", folder / f"{name}-key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def screen_statics_text(screen: Screen[Any]) -> str:
    """The text of every Static on ``screen``, one after another: the lobby's chat (lines
    wrapped under their own text when drawn) as its lines, the others as drawn."""
    from textual.widgets import Static

    from okey_tui.ui.remote import ChatLines

    said = []
    for widget in screen.query(Static):
        content = widget.content
        said.append(str(content) if isinstance(content, ChatLines) else str(widget.render()))
    return "\n".join(said)
