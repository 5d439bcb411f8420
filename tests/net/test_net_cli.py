"""okey101 host --no-seat serves a table; bad arguments exit 2; join needs a code or a token."""

from __future__ import annotations

import asyncio
import re
import shutil
import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from net_helpers import listening_port, make_certificate, start_host

from okey_tui import storage
from okey_tui.cli import main
from okey_tui.commands.join import parse_address
from okey_tui.net.client import RemoteTable, unreachable_reason


@pytest.fixture
def busy_port() -> Iterator[int]:
    with listening_port() as port:
        yield port


@pytest.mark.parametrize(
    "args",
    [
        ["host", "--hands", "4", "--no-seat"],
        ["host", "--bots", "wizard", "--no-seat"],
        ["host", "--port", "70000", "--no-seat"],
        ["host", "--cert", __file__, "--no-seat"],  # a cert without its key
        ["host", "--resume", "--hands", "3", "--no-seat"],  # a resumed table keeps its choices
        ["host", "--grace", "-1", "--no-seat"],
        ["host", "--start-at", "5", "--no-seat"],
        ["host", "--web", "--web-port", "70000", "--no-seat"],
        ["join", "example.org:0", "ABCDEF"],
        ["join", "a:b:c", "ABCDEF"],
        ["join", "127.0.0.1", "!!"],
        ["join", "127.0.0.1"],
        ["join", "bad..host", "9QFT5Y"],
        ["join", ".example", "25RCHG"],
        ["join", "a" * 70 + ".com", "25RCHG"],
        ["join", "ab." * 90 + "com:8101", "25RCHG"],
        ["join", "bad!host", "25RCHG"],
        ["join", "[not-ipv6]:8101", "25RCHG"],
    ],
)
def test_bad_arguments_exit_2_with_a_message_and_no_traceback(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "Error" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_join_code_too_short_is_told_how_long_a_code_is(lang: str) -> None:
    """``join … ABC`` was refused as "not the letters and digits the host printed", which
    ABC is, but a code has six of them."""
    result = CliRunner().invoke(main, ["--lang", lang, "join", "127.0.0.1:44661", "ABC"])
    assert result.exit_code == 2, result.output
    flat = " ".join(result.output.split())
    assert "6" in flat and "8QHP2E" in flat and "ABC" in flat, result.output
    assert ("KOD" if lang == "tr" else "CODE") in flat, result.output  # as its usage line


def test_join_without_a_code_names_the_code_on_a_word_of_its_own() -> None:
    """``join HOST`` alone said "give the table's join CODE (…)", which Turkish could
    only inflect as "KODUnu": the code is asked for in words, its usage name beside them."""
    result = CliRunner().invoke(main, ["join", "127.0.0.1:18101", "--name", "Mehmet"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    said = result.output.strip().splitlines()[-1]
    assert said == "Error: give the table's join code (CODE), or --token to take your seat back"


@pytest.mark.parametrize(
    "ports", [["--port", "18123", "--web-port", "18123"], ["--web-port", "8101"]]
)
def test_the_table_and_its_web_page_need_ports_of_their_own(ports: list[str]) -> None:
    """``--web`` on the table's own port (given, or the default 8101) is refused before
    anything listens: the page took the port and the table then failed with "give another
    --port", exit status 1."""
    result = CliRunner().invoke(main, ["host", "--no-seat", "--web", *ports])
    assert result.exit_code == 2, result.output
    assert "--port and --web-port are both" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "options"),
    [
        (["--no-seat", "--name", "Ayşe"], ["--no-seat", "--name"]),
        (
            ["--no-seat", "--start-when-full", "--start-at", "2"],
            ["--start-when-full", "--start-at"],
        ),
    ],
)
def test_options_that_contradict_each_other_are_refused_naming_both(
    args: list[str], options: list[str], busy_port: int
) -> None:
    """--no-seat ignored --name, and --start-when-full overruled --start-at, silently. (The
    busy port: a command that is not refused fails to listen instead of serving on.)"""
    result = CliRunner().invoke(main, ["host", "--port", str(busy_port), *args])
    assert result.exit_code == 2, result.output
    assert all(o in result.output for o in options) and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "option"),
    [(["--port", "{busy}"], "--port"), (["--web", "--web-port", "{busy}"], "--web-port")],
)
def test_a_port_in_use_leaves_no_lock_file_behind(
    args: list[str], option: str, busy_port: int
) -> None:
    """A table that could not listen saved nothing: no ``.lock`` stays in ``tables/``. The
    message names the port and the option to change (the web page's said it in the
    system's words: "error while attempting to bind on address ('127.0.0.1', …)")."""
    from okey_tui import storage

    args = ["host", "--no-seat", "--port", "0", *(a.format(busy=busy_port) for a in args)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    said = (
        f"Error: port {busy_port} on 127.0.0.1 is in use (another okey101 still open there, "
        f"or another program): close it, or give another {option}\n"
    )
    assert result.output == said
    assert list(storage.hosted_dir().glob("*")) == []


def test_a_web_page_whose_loop_closed_stops_quietly() -> None:
    """``host --web`` with the web port in use: the page's thread ends by itself, and its
    event loop closes a moment before the thread does. Stopped in that moment, the page
    raised "Event loop is closed" in place of the message that the port is in use (seen
    once in a CI run: exit 1, no message)."""
    import threading

    from okey_tui.commands.host import _WebPage

    page = _WebPage(None, 0, public=False)  # type: ignore[arg-type]  # the table is not read
    ending = threading.Event()
    page._thread = threading.Thread(target=ending.wait, args=(5,))
    page._thread.start()  # still ending
    page._loop = asyncio.new_event_loop()
    page._stop = asyncio.Event()
    page._loop.close()  # already closed
    threading.Timer(0.05, ending.set).start()
    page.stop()
    assert not page._thread.is_alive()
    _WebPage(None, 0, public=False).stop()  # type: ignore[arg-type]  # never started: nothing to stop


def test_resume_with_no_table_saved_says_so_and_exits_1() -> None:
    result = CliRunner().invoke(main, ["host", "--resume", "--no-seat"])
    assert result.exit_code == 1, result.output
    assert "no table to resume" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("resume", [False, True], ids=["new", "resume"])
def test_a_file_where_the_locks_go_ends_host_saying_why_not_in_a_traceback(resume: bool) -> None:
    """The locks folder unusable (a file in its place, or the data folder read-only):
    ``host`` and ``host --resume`` ended in a traceback (LockFolderError)."""
    from okey_tui.engine.match import Match
    from okey_tui.engine.rules import RuleSet
    from okey_tui.net.server import TableServer

    if resume:
        server = TableServer(
            RuleSet(hands=1),
            7,
            ("easy",) * 4,
            save_path=storage.new_save_path(storage.hosted_dir()),
        )
        server.match = Match(RuleSet(hands=1), 7)
        server.save_now()
    locks = storage.data_dir() / storage.LOCKS
    locks.parent.mkdir(parents=True, exist_ok=True)
    locks.write_text("not a folder\n", "utf-8")
    args = ["host", "--resume", "--no-seat"] if resume else ["host", "--port", "0", "--no-seat"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    said = " ".join(result.output.split())
    assert "cannot be locked against a second okey101 in" in said and "OKEY101_DATA_DIR" in said
    assert "Traceback" not in result.output
    assert locks.read_text("utf-8") == "not a folder\n"


def test_addresses_read_with_and_without_a_port() -> None:
    assert parse_address("192.168.1.5") == ("192.168.1.5", 8101)
    assert parse_address("box.local:9000") == ("box.local", 9000)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    assert parse_address("box.example.:9000") == ("box.example.", 9000)
    assert parse_address("çay.local") == ("çay.local", 8101)
    assert parse_address("my_box") == ("my_box", 8101)


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("bad..host", "no empty part between dots"),
        (".example", "no empty part between dots"),
        ("a" * 64 + ".com", "at most 63 characters"),
        ("ab." * 90 + "com", "at most 253 characters"),
        ("bad!host:8101", "has no '!'"),
        # A port in digits 0-9: "²" ended in "invalid literal for int()", "٨٠" was 80.
        ("box.local:\u00b2", "is not a port"),
        ("\uff11\uff12\uff17.0.0.1:9", "write its digits 0-9"),
        ("box.local:\u0668\u0660", "is not a port"),
    ],
)
def test_a_name_no_computer_can_have_is_refused_saying_why(address: str, said: str) -> None:
    """``join bad..host CODE`` ended in a traceback from the idna codec, with exit status 0."""
    result = CliRunner().invoke(main, ["join", address, "9QFT5Y"])
    assert result.exit_code == 2, result.output
    flat = " ".join(result.output.split())
    host, _colon, port = address.partition(":")
    quoted = f"'{port}'" if said == "is not a port" else f"'{host}' is not an address"
    assert quoted in flat and said in flat, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("url", ["ws://bad..host:47201", "ws://" + "a" * 70 + ".com:47201"])
async def test_a_bad_name_reaching_the_client_is_an_unreachable_table(url: str) -> None:
    """The name resolver refuses such a name with a ValueError: the client raises it as an
    OSError, which every caller says as a table it cannot reach."""
    with pytest.raises(OSError) as raised:
        await RemoteTable.join(url, "9QFT5Y", "Ayşe")
    assert unreachable_reason(raised.value) == "no computer can have that name: check the address"


@pytest.mark.parametrize(
    "link", ["http://192.168.1.5:8000/?code=K7M2QX", "https://okey.example/?code=K7M2QX"]
)
def test_a_browser_link_given_to_join_says_where_it_opens(link: str) -> None:
    """The link ``host --web`` prints opens in a browser; given to ``okey101 join`` it is
    refused as a link (it was called an IPv6 address written wrong, or not a port)."""
    result = CliRunner().invoke(main, ["join", link, "K7M2QX"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"'{link}' is a link: open it in a browser" in result.output, result.output
    assert "IPv6" not in result.output and "not a port" not in result.output


async def test_host_no_seat_prints_the_join_line_and_seats_a_player() -> None:
    process, text = await start_host("--port", "0", "--hands", "1", "--bots", "easy", "--seed", "3")
    assert process.stdout is not None
    try:
        assert "Only this computer can join" in text
        found = re.search(r"Join with: okey101 join (\S+):(\d+) (\w+)", text)
        assert found is not None
        host, port, code = found.groups()
        assert host == "127.0.0.1"
        table = await RemoteTable.join(f"ws://{host}:{port}", code, "Ayşe")
        try:
            assert table.seat == 0
            await table.start()
            await table.wait_for(lambda: table.has_view, 10)
            assert len(table.view().rack) in (21, 22)
        finally:
            await table.close()
        rest: list[str] = []
        async with asyncio.timeout(10):
            while not any("joined" in line for line in rest) and len(rest) < 20:
                rest.append((await process.stdout.readline()).decode())
        assert any("Ayşe joined (seat 1)" in line for line in rest)
    finally:
        process.terminate()
        async with asyncio.timeout(10):
            await process.wait()


async def test_enter_at_the_host_terminal_starts_the_match() -> None:
    import os
    import pty

    leader, follower = pty.openpty()
    try:
        options = ("--hands", "1", "--bots", "easy", "--bot-delay", "0")
        table_options = ("--finisher-zero", "--give-back-penalty")
        process, text = await start_host(
            "--port", "0", *options, *table_options, stdin=follower, until="Ctrl+C"
        )
    finally:
        os.close(follower)
    try:
        assert "press Enter here to start it now" in text
        assert "(classic/1+zg)" in text  # play's table options, taken as they are
        found = re.search(r"Join with: okey101 join (\S+):(\d+) (\w+)", text)
        assert found is not None
        host, port, code = found.groups()
        table = await RemoteTable.join(f"ws://{host}:{port}", code, "Ayşe")
        try:
            await table.wait_for(lambda: len(table.seats()) == 4, 10)
            os.write(leader, b"\n")  # the host starts the match; the player did not
            await table.wait_for(lambda: table.has_view, 10)
        finally:
            await table.close()
    finally:
        process.terminate()
        async with asyncio.timeout(10):
            await process.wait()
        os.close(leader)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_host_with_cert_and_key_serves_over_wss(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)
    process, text = await start_host("--port", "0", "--cert", str(cert), "--key", str(key))
    try:
        assert "open on wss://127.0.0.1:" in text
        found = re.search(r"Join with: okey101 join (\S+):(\d+) (\w+) --tls", text)
        assert found is not None
        host, port, code = found.groups()
        context = ssl.create_default_context(cafile=str(cert))
        table = await RemoteTable.join(f"wss://{host}:{port}", code, "Ayşe", ssl_context=context)
        assert table.seat == 0
        await table.close()
    finally:
        process.terminate()
        async with asyncio.timeout(10):
            await process.wait()


def test_join_leaves_why_it_failed_or_how_to_come_back_on_the_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Once the join screen closes, its last word stays on the terminal: a refusal (exit
    status 1), or the line that takes the seat back."""
    from okey_tui.ui.remote import RemoteApp

    def refused(self) -> None:  # type: ignore[no-untyped-def]
        self.problem = "The table said no: the match has started"

    monkeypatch.setattr(RemoteApp, "run", refused)
    result = CliRunner().invoke(main, ["join", "127.0.0.1:8101", "K7M2QX", "--name", "Ayşe"])
    assert result.exit_code == 1
    assert "The table said no: the match has started" in result.output

    class Seated:
        started = True

        def leave_note(self) -> str:
            return "okey101 join ws://127.0.0.1:8101 --token abc takes it back."

    def quit_seated(self) -> None:  # type: ignore[no-untyped-def]
        storage.keep_seat_token(self.table_key, "abc")
        self.table = Seated()

    monkeypatch.setattr(RemoteApp, "run", quit_seated)
    result = CliRunner().invoke(main, ["join", "127.0.0.1:8101", "K7M2QX", "--name", "Ayşe"])
    assert result.exit_code == 0
    assert "--token abc takes it back" in result.output
    key = "ws://127.0.0.1:8101 K7M2QX"
    assert storage.seat_token(key) == "abc"  # the next join takes the seat back

    # Quit in the lobby: the table frees the seat, so its token is forgotten (the next
    # join would try it first, and the host count that as a wrong join code).
    class InTheLobby(Seated):
        started = False

        def leave_note(self) -> str:
            return "You left before the match began: your seat is free for the next person."

    def quit_in_the_lobby(self) -> None:  # type: ignore[no-untyped-def]
        storage.keep_seat_token(self.table_key, "abc")
        self.table = InTheLobby()
        self.quitting = True  # q: the player chose to quit

    monkeypatch.setattr(RemoteApp, "run", quit_in_the_lobby)
    result = CliRunner().invoke(main, ["join", "127.0.0.1:8101", "K7M2QX", "--name", "Ayşe"])
    assert result.exit_code == 0 and "your seat is free" in result.output
    assert storage.seat_token(key) is None

    # Ended from outside in the lobby (a browser page reloaded: the web page asks the game
    # to end, and the player chose nothing): the table keeps the seat a while for its
    # token, so it is kept, and the page opened again takes the seat back.
    def page_reloaded_in_the_lobby(self) -> None:  # type: ignore[no-untyped-def]
        storage.keep_seat_token(self.table_key, "abc")
        self.table = InTheLobby()

    monkeypatch.setattr(RemoteApp, "run", page_reloaded_in_the_lobby)
    result = CliRunner().invoke(main, ["join", "127.0.0.1:8101", "K7M2QX", "--name", "Ayşe"])
    assert result.exit_code == 0
    assert storage.seat_token(key) == "abc"


def test_a_friend_who_quits_the_wait_for_a_closed_table_is_told_how_to_come_back(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """The host closed the table and the friend's screen waited for it; q there ended in
    "Error: The host closed the table. Your seat is kept: … you sit back down by yourself"
    (exit status 1), though the player chose to quit and nothing waits any more. It is no
    failure: exit 0, and the command that takes the seat back."""
    from okey_tui.ui.remote import RemoteApp

    def quit_the_wait(self) -> None:  # type: ignore[no-untyped-def]
        from dataclasses import replace

        self.seat_info = replace(self.seat_info, token="abcdefgh")
        self.problem = "The host closed the table. Your seat is kept"
        self.seat_waiting = True
        self.quitting = True

    monkeypatch.setattr(RemoteApp, "run", quit_the_wait)
    result = CliRunner().invoke(main, ["join", "127.0.0.1:8101", "K7M2QX", "--name", "Ayşe"])
    assert result.exit_code == 0, result.output
    assert "Error" not in result.output
    assert "okey101 join 127.0.0.1:8101 --token abcdefgh" in result.output

    def lost_the_wait(self) -> None:  # type: ignore[no-untyped-def]
        quit_the_wait(self)
        self.quitting = False  # ended from outside (the terminal closed): said as before

    monkeypatch.setattr(RemoteApp, "run", lost_the_wait)
    result = CliRunner().invoke(main, ["join", "127.0.0.1:8101", "K7M2QX", "--name", "Ayşe"])
    assert result.exit_code == 1 and "The host closed the table" in result.output


def test_the_host_terminal_keeps_how_to_open_an_unfinished_table_again() -> None:
    """A host who quit saw nothing on the terminal (the quit question said it, and went
    with the screen): a started, unfinished match says how to open it again; a table
    whose match never started, or ended, has nothing to say."""
    from okey_tui.commands.host import _closed_note
    from okey_tui.engine.rules import RuleSet
    from okey_tui.net.server import TableServer

    server = TableServer(RuleSet(hands=1), 7, levels=("easy",) * 4)
    assert _closed_note(server) is None  # never started: nothing saved
    server.start_match()
    note = _closed_note(server) or ""
    assert note.endswith("rejoin:\n  okey101 host --resume"), note  # the command on its own line
    assert server.match is not None
    server.match.results.append(object())  # type: ignore[arg-type]  # its one hand played
    assert _closed_note(server) is None


def test_the_host_sits_back_under_the_name_the_table_kept() -> None:
    """host --resume without --name sat the host as "Host" (the table still showed the
    name it kept): the statistics then wrote the hands after the resume under a second
    player. A --name given is used; a new table without one is "Host"."""
    from okey_tui.commands.host import host_name
    from okey_tui.engine.rules import RuleSet
    from okey_tui.net.server import TableServer

    server = TableServer(RuleSet(hands=1), 7, levels=("easy",) * 4)
    assert host_name(None, server) == "Host"
    assert host_name("  Hosta ", server) == "Hosta"
    server.seats[0].name = "Hosta"
    server.host_seat = 0  # as a resumed table's save says
    assert host_name(None, server) == "Hosta"
    assert host_name("", server) == "Hosta"
    assert host_name("Deniz", server) == "Deniz"
