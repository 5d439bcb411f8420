"""A person at a table on another computer plays on the same table screen (pilot tests).

The table is a real server on loopback; the other seats are scripted clients or
bots. Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from net_helpers import (
    crash,
    make_certificate,
    open_table,
    play_hand_out,
    reopenable_port,
    screen_statics_text,
    seat_four,
    settle,
    shows,
    until,
)
from textual.widgets import RichLog, Static
from textual.widgets._toast import Toast

from okey_tui.bots.driver import safe_action
from okey_tui.commands.host import join_line
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Phase
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.table import SeatInfo
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen


async def start_as_lead(pilot, app: RemoteApp) -> TableScreen:
    """Seated as the lead player, start the match: the table screen."""
    await until(pilot, lambda: app.table is not None, "seated")
    await pilot.press("enter")  # the lead starts
    await until(pilot, lambda: shows(app, TableScreen), "the table screen")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def status_line(screen: TableScreen) -> object:
    return screen.query_one("#status", Static).render()


def lobby_text(app: RemoteApp) -> str:
    screen = app.screen
    return screen_statics_text(screen)


async def play_friend(friend: RemoteTable) -> None:
    """The scripted friend plays its turn (draw or take, then a plain discard)."""
    while friend.view().my_turn:
        await friend.act(safe_action(friend.view()))


async def drop_and_rejoin(
    pilot, app: RemoteApp, server: TableServer, screen: TableScreen
) -> TableScreen:  # type: ignore[no-untyped-def]
    """Seat 0's line drops; the app joins again by itself and opens a new table screen."""
    first = app.table
    conn = server.seats[0].conn
    assert conn is not None and first is not None
    await conn.ws.close()
    await until(pilot, lambda: app.table is not first, "rejoined", tries=500)
    await until(pilot, lambda: app.screen is not screen, "a new table screen")
    # Pushed is not yet composed: on a busy machine its status line was not there yet.
    await until(pilot, lambda: bool(app.screen.query("#status")), "the new screen composed")
    again = app.screen
    assert isinstance(again, TableScreen) and again is not screen
    return again


async def until_my_turn(pilot, screen: TableScreen, friend: RemoteTable) -> None:  # type: ignore[no-untyped-def]
    """Until it is the screen's seat's turn: the scripted friend and the bots play."""
    for _ in range(40):
        await play_friend(friend)
        if screen.my_turn:
            return
        await pilot.pause(0.05)
    raise AssertionError("the turn never came")


async def test_a_joiner_plays_on_the_table_screen_and_each_move_reaches_the_other_seat() -> None:
    server = await open_table(bot_delay=0)
    friend = await RemoteTable.join(server.url, server.code, "Mehmet")  # the lead
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await until(pilot, lambda: "Ayşe" in lobby_text(app), "the lobby lists the seats")
            assert isinstance(app.screen, LobbyScreen)
            assert "Waiting for Mehmet to start" in lobby_text(app)
            await friend.start()
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await until(pilot, lambda: screen.rack.count() > 0, "the rack dealt")
            seat = screen.table.seat
            assert seat == 1 and screen.table is app.table
            await until_my_turn(pilot, screen, friend)
            if screen.view.phase.value == "d":
                await pilot.press("d")
                await until(pilot, lambda: bool(screen.fresh), "the drawn tile on the rack")
                assert screen.cursor in screen.fresh  # the cursor waits on the new tile
            assert server.match is not None
            hand = server.match.hand
            before = len(hand.discards[seat])
            tile = screen.rack.slots[screen.cursor]
            assert tile is not None
            await pilot.press("x")
            await until(pilot, lambda: len(hand.discards[seat]) == before + 1, "the discard")
            assert hand.discards[seat][-1] == tile  # the tile under the cursor, no other
            await friend.wait_for(lambda: friend.view().discards[seat][-1:] == (tile,), 5)
            assert any(
                e.kind == "discard" and e.seat == seat and e.tiles == (tile,) for e in friend.events
            )
    finally:
        await friend.close()
        await server.close()


async def test_at_80x24_the_hosts_lobby_shows_the_join_command_whole_on_one_line() -> None:
    """A friend copies the command from the host's lobby: at 80 columns it stays on one
    line, the code included, rather than wrapping the code onto the next."""
    server = TableServer(open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0)
    port = server.bind()
    line = join_line(server.code, "192.168.100.200", port, tls=True)
    app = RemoteApp(Seat("", name="Host", join_line=line), server=server)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        assert not app.problem
        update = app.screen._compositor.render_update(full=True)
        shown = ["".join(strip.text for strip in row) for row in update.strips]
        command = f"okey101 join 192.168.100.200:{port} {server.code} --tls"
        assert any(command in row for row in shown), "\n".join(shown)
        assert any(f"Join code {server.code} · friends run:" in row for row in shown)


async def test_the_host_sits_at_its_own_table_and_starts_it_with_enter() -> None:
    server = TableServer(open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=0)
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        assert not app.problem
        assert f"Join code {server.port}" in lobby_text(app)
        friend = await RemoteTable.join(server.url, server.code, "Ayşe")
        try:
            await until(pilot, lambda: "Seat 2: Ayşe" in lobby_text(app), "the friend is listed")
            # A bot's seat: its name, then that it is a bot and its level.
            assert "Seat 3: Zeynep (bot, easy)" in lobby_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            assert server.started
            await friend.wait_for(lambda: friend.has_view, 5)
            assert friend.view().rack_counts == app.table.view().rack_counts  # type: ignore[union-attr]
        finally:
            await friend.close()


async def test_a_dropped_connection_takes_the_same_seat_and_rack_order_back() -> None:
    # Slow bots: nobody moves while the line is down, so the rack is exactly as it was.
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await start_as_lead(pilot, app)
            await pilot.press("s")  # sort: groups with gaps, kept by the table
            slots = screen.rack_slots()
            assert None in slots[: len(slots) // 2 + 1]
            first = app.table
            assert first is not None
            await until(pilot, lambda: server.seats[0].layout == slots, "the rack order kept")
            again = await drop_and_rejoin(pilot, app, server, screen)
            assert again.table.seat == 0
            await until(pilot, lambda: again.rack_slots() == slots, "the same rack order")
            assert server.seats[0].conn is not None and server.seats[0].name == "Ayşe"
    finally:
        await server.close()


async def test_chat_said_before_a_rejoin_is_in_the_new_log() -> None:
    """After a dropped line the rebuilt log had every move but no chat line: the lines
    said before are in it now."""
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friend = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Mehmet")
            screen = await start_as_lead(pilot, app)
            await friend.say("merhaba")
            first = app.table
            assert first is not None
            await until(pilot, lambda: bool(first.chat_lines), "the line heard")
            again = await drop_and_rejoin(pilot, app, server, screen)
            await pilot.pause()
            log = again.query_one("#log", RichLog)
            text = " ".join(line.text.strip() for line in log.lines)
            # Before the hand's moves (from its indicator on), told as said earlier: at the
            # log's end it read as if Mehmet had just said it again.
            assert "Said earlier at this table: Mehmet: merhaba Indicator" in text, text
    finally:
        if friend is not None:
            await friend.close()
        await server.close()


async def test_a_host_at_their_own_table_is_told_of_a_wrong_join_code() -> None:
    """A wrong join code went to the log only: a host playing at their own table never
    knew someone was guessing. It is said on the host's screen, with the tries left: in
    the lobby on a line under the join command (a note over the screen covered the
    command the host was reading out), at the table in a note."""
    server = TableServer(open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=0)
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    said = "Someone at 127.0.0.1 gave a wrong join code"

    async def guess() -> None:
        with contextlib.suppress(Exception):
            guesser = await RemoteTable.join(server.url, "WRONG1", "Eve")
            await guesser.close()

    def noted() -> bool:
        return any(said in str(t.render()) for t in app.screen.query(Toast))

    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        await guess()
        await until(pilot, lambda: said in lobby_text(app), "the host told in the lobby")
        assert "(4 tries left)" in lobby_text(app) and not noted()
        assert lobby_text(app).index("Join code") < lobby_text(app).index(said)
        # The same address then gives the right code (a friend's typo): the warning goes.
        friend = await RemoteTable.join(server.url, server.code, "Deniz")
        await until(pilot, lambda: said not in lobby_text(app), "the warning taken back")
        await friend.close()
        screen = await start_as_lead(pilot, app)
        await guess()
        await until(pilot, noted, "the host told at the table")
        assert app.screen is screen
        assert all(s.name != "Eve" for s in server.seats)
    await server.close()


async def test_a_wrong_join_code_is_said_in_the_lobby_and_nothing_else_happens() -> None:
    server = await open_table()
    app = RemoteApp(Seat(server.url, code="WRONG1", name="Ayşe"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "said no" in lobby_text(app), "the refusal")
            assert "said no: wrong join code" in lobby_text(app)
            assert app.table is None and not server.started
            assert all(not s.human for s in server.seats)
            # r sent the same code again and used up a try: it is not offered for a wrong code.
            said = lobby_text(app)
            assert "r tries again" not in said and "run okey101 join again" in said, said
            await pilot.press("r")
            await pilot.pause(0.2)
            assert lobby_text(app) == said
    finally:
        await server.close()


def open_rules():
    from okey_tui.engine.rules import RuleSet

    return RuleSet(hands=1)


async def test_a_table_nobody_serves_is_explained_not_shown_as_an_errno() -> None:
    # A free port below the ephemeral range: no test beside it is given it, and the client's
    # own connection cannot land on it and connect to itself.
    port = reopenable_port()
    app = RemoteApp(Seat(f"ws://127.0.0.1:{port}", code="ABCDEF", name="Ayşe"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.problem), "the join gives up")
        assert "nothing answers at that address and port" in app.problem
        assert "Errno" not in app.problem and "Errno" not in lobby_text(app)
        assert app.table is None
        # Nobody to chat with: / is not offered and opens nothing.
        assert "slash" not in app.screen.active_bindings
        await pilot.press("slash")
        assert isinstance(app.screen, LobbyScreen)


async def test_the_host_is_told_that_quitting_closes_the_table_and_a_friend_how_to_return() -> None:
    server = TableServer(open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=5)
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        friend = await RemoteTable.join(server.url, server.code, "Ayşe")
        try:
            assert app.table is not None and app.table.hosting
            # In the lobby a seat left is given up, and a table never played has nothing
            # to open again: the friend is told the seat is free, the host nothing.
            assert app.table.leave_note() is None
            lobby_note = friend.leave_note() or ""
            assert "your seat is free for the next person" in lobby_note
            assert "--token" not in lobby_note and "okey101 join" in lobby_note
            await app.table.start()
            await until(pilot, lambda: friend.started and app.table.started, "started")
            note = app.table.leave_note()
            assert note is not None and "quitting closes it for everyone" in note
            assert "okey101 host --resume" in note
            assert not friend.hosting
            # As the host prints the address (not ws://…), so the line is the one to run.
            address = server.url.removeprefix("ws://")
            assert f"okey101 join {address} --token {friend.token}" in (friend.leave_note() or "")
        finally:
            await friend.close()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_when_the_table_is_gone_the_lobby_says_how_to_take_the_seat_back(
    monkeypatch, size: tuple[int, int]
) -> None:
    from test_net_rejoin_command import screen_rows

    from okey_tui.ui import remote

    monkeypatch.setattr(remote, "REJOIN_TRIES", 2)  # two quick tries, then wait for the host
    monkeypatch.setattr(remote, "REJOIN_PAUSE", 0.05)
    monkeypatch.setattr(remote, "HOST_BACK_PAUSE", 0.05)
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table is not None, "seated")
        token = app.table.token
        await pilot.press("enter")  # Ayşe, the first to sit, starts: the match is kept
        await until(pilot, lambda: shows(app, TableScreen), "the table screen")
        await crash(server)  # the host's okey101 dies without a word
        await until(pilot, lambda: "cannot be reached" in app.problem, "said", tries=200)
        await until(pilot, lambda: shows(app, LobbyScreen), "back in the lobby")
        assert "waiting for its host to open it again" in app.problem
        address = server.url.removeprefix("ws://")
        # The command on a line of its own, the keys on the next: copied whole.
        command = f"okey101 join {address} --token {token}"
        assert app.problem.endswith(f"\n  {command}"), app.problem
        assert f"\n  {command}\n" in app.lobby_status(), app.lobby_status()
        assert isinstance(app.screen, LobbyScreen)
        # On the screen too, at 80x24: on one row, the keys not after it.
        await pilot.pause(0.1)
        rows = screen_rows(app)
        assert any(command in row for row in rows), "\n".join(rows)
        assert not any(command in row and "quits" in row for row in rows)


async def test_a_table_gone_before_its_match_began_is_not_waited_for(monkeypatch) -> None:
    """The host's okey101 killed in the lobby: the friend was told to wait for
    ``okey101 host --resume``, which has no table to open before the first deal (nothing
    is kept). Told so, with what to do, and no seat to take back is promised."""
    from okey_tui.ui import remote

    monkeypatch.setattr(remote, "REJOIN_TRIES", 2)
    monkeypatch.setattr(remote, "REJOIN_PAUSE", 0.05)
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table is not None, "seated")
        await crash(server)  # in the lobby
        await until(pilot, lambda: "cannot be reached" in app.problem, "said", tries=200)
        assert "its match had not begun: its host cannot open it again" in app.problem
        assert "host --resume" not in app.problem and "--token" not in app.problem
        assert not app.seat_waiting and isinstance(app.screen, LobbyScreen)


async def test_a_table_that_deals_by_itself_says_so_in_the_lobby() -> None:
    server = TableServer(
        open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=5, start_at=3
    )
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        await until(pilot, lambda: "once 3 people sit (1 now)" in lobby_text(app), "the count")
        assert "Enter starts it sooner" in lobby_text(app)
        friend = await RemoteTable.join(server.url, server.code, "Ayşe")
        try:
            await until(pilot, lambda: "(2 now)" in lobby_text(app), "a second person")
            assert friend.start_at == 3
            assert not server.started
        finally:
            await friend.close()


async def test_at_80x24_a_friends_chat_line_shows_over_the_table() -> None:
    """The log is hidden at 80x24, so a chat line from another seat also shows as a note
    over the table, titled with the name; the seat's own line too (titled "You": the sender
    saw nothing of it); many lines make one note, not a column of them."""
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friend = None

    def noted(text: str) -> list:
        return [n for n in app._notifications if n.message == text]

    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Mehmet")
            await pilot.press("enter")  # Ayşe, the first to sit, starts
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, TableScreen) and not screen.log_shown()
            await friend.say("merhaba")
            await until(pilot, lambda: bool(noted("merhaba")), "the friend's line noted")
            assert [n.title for n in noted("merhaba")] == ["Mehmet"]
            # A line that looks like markup (even a click that would quit) is shown as typed.
            said = "[@click=app.quit]selam[/]"
            await friend.say(said)
            await until(pilot, lambda: bool(noted(said)), "the bracketed line noted")
            await until(
                pilot,
                lambda: any(said in str(t.render()) for t in app.screen.query(Toast)),
                "the line shown as typed",
            )
            # Many lines at once: one note, the newest, never a column of them.
            for n in range(12):
                await friend.say(f"line {n}")
            await until(pilot, lambda: bool(noted("line 11")), "the last line noted")
            await pilot.pause()
            notes = list(app._notifications)
            assert len(notes) == 1 and notes[0].title.startswith("Mehmet")
            table = app.table
            assert table is not None
            await table.say("selam")
            await until(
                pilot, lambda: any(c.text == "selam" for c in table.chat_lines), "own line back"
            )
            # The seat's own line shows as a note too, titled "You": the log is hidden,
            # and the sender saw nothing of a line the others got.
            await until(pilot, lambda: bool(noted("selam")), "the own line noted")
            assert [n.title for n in noted("selam")] == ["You"]
    finally:
        if friend is not None:
            await friend.close()
        await server.close()


@pytest.mark.parametrize(
    ("quits", "said"),
    [(True, "Mehmet left the table"), (False, "Mehmet lost the connection")],
)
async def test_a_friend_who_goes_and_comes_back_is_noted_on_the_table(
    quits: bool, said: str
) -> None:
    """Another person going, then coming back, each shows a note over the table (the
    panel alone said "away", easy to miss). A friend who quits "left the table"; one whose
    connection is cut (killed, the network down) "lost the connection": both were said as
    leaving the table."""
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))

    def noted(part: str) -> bool:
        return any(part in str(n.message) for n in app._notifications)

    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Mehmet")
            await pilot.press("enter")
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            await until(pilot, lambda: len(app.screen.table.seats()) == 4, "the seats known")
            assert not noted("Mehmet")
            token = friend.token
            if quits:
                await friend.close(quitting=True)
            else:
                friend._ws.transport.abort()  # no close at all, as from a process killed
            await until(pilot, lambda: noted(said), "the going noted")
            other = "Mehmet lost the connection" if quits else "Mehmet left the table"
            assert not noted(other) and not noted("Mehmet is back")
            await friend.close()
            friend = await RemoteTable.rejoin(server.url, token)
            await until(pilot, lambda: noted("Mehmet is back at the table"), "the return noted")
            await friend.close()
    finally:
        await server.close()


@pytest.mark.parametrize("quits", [True, False])
async def test_the_table_hears_a_quit_as_a_quit_and_a_closed_browser_tab_as_a_lost_connection(
    quits: bool,
) -> None:
    """Mehmet quits (q, the app's own exit): the others are told he left. His browser tab
    closed ends his app without that (the page asks it to quit): they are told his
    connection was lost. Both were said as leaving the table."""
    from textual import messages

    server = await open_table(bot_delay=5)
    lead = await RemoteTable.join(server.url, server.code, "Ayşe")
    app = RemoteApp(Seat(server.url, code=server.code, name="Mehmet"))

    def mehmet() -> list[SeatInfo]:
        return [s for s in lead.seats() if s.name == "Mehmet"]

    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await lead.start()
            await until(pilot, lambda: shows(app, TableScreen), "the table")
            if quits:
                app.exit()
            else:  # what the page's quit does, as textual's web driver reads it
                app.post_message(messages.ExitApp())
        await lead.wait_for(lambda: any(not s.connected for s in mehmet()), 5)
        assert [s.dropped for s in mehmet()] == [not quits]
    finally:
        await lead.close()
        await server.close()


async def test_names_and_lines_that_look_like_markup_are_shown_as_typed() -> None:
    """A name or a chat line with square brackets ("Ali [/b]") is text, not markup: the
    lobby that waits for that player shows it as typed (it used to fail on it)."""
    server = await open_table(bot_delay=5)
    lead = await RemoteTable.join(server.url, server.code, "Ali [/b]")
    app = RemoteApp(Seat(server.url, code=server.code, name="[/]"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await until(pilot, lambda: "Seat 2: [/]" in lobby_text(app), "the seats listed")
            assert "Waiting for Ali [/b] to start the match" in lobby_text(app)
            await lead.say("[/i] hello")
            await until(pilot, lambda: "Ali [/b]: [/i] hello" in lobby_text(app), "the line")
            await lead.start()
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            await pilot.pause()
            assert app.is_running
    finally:
        await lead.close()
        await server.close()


async def test_a_move_while_the_connection_is_down_is_refused_on_screen_not_a_crash(
    monkeypatch,
) -> None:
    """The host quits (or the line drops): until the seat is taken back, a key that asks the
    table for a move says the connection dropped; the app keeps running."""
    from okey_tui.ui import remote

    monkeypatch.setattr(remote, "REJOIN_PAUSE", 0.05)  # keeps trying all through the test
    server = await open_table(bot_delay=0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_as_lead(pilot, app)
        await until(pilot, lambda: screen.my_turn, "Ayşe's turn")
        table = app.table
        assert table is not None
        await crash(server)  # the host's okey101 dies (or the line drops)
        await until(pilot, lambda: not table.connected, "the connection is down")
        # Said on the table before any key is pressed, and it stays said.
        await until(pilot, lambda: "dropped" in str(status_line(screen)), "the line says so")
        await pilot.pause(0.2)
        assert "taking the seat back" in str(status_line(screen))
        await pilot.press("d" if screen.view.phase.value == "d" else "x")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert "connection to the table dropped" in str(status_line(screen))


async def test_a_host_who_quits_closes_the_table_without_first_leaving_their_seat() -> None:
    """Quitting closes the table: the friends are not told first that the host left and a
    bot plays the host's seat (the table is gone, nobody plays it)."""
    server = TableServer(open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=5)
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        friend = await RemoteTable.join(server.url, server.code, "Ayşe", record=True)
        await until(pilot, lambda: "Seat 2: Ayşe" in lobby_text(app), "the friend is listed")
        await pilot.press("enter")
        await friend.wait_for(lambda: friend.has_view, 5)
        host_seat = app.table.seat  # type: ignore[union-attr]
        app.exit()
    with contextlib.suppress(ConnectionError):  # said when the table is gone
        await friend.wait_for(lambda: not friend.connected, 5)
    assert all(s.connected for s in friend.seats() if s.seat == host_seat)
    await friend.close()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_joining_a_tls_table_wrongly_is_explained_in_the_lobby_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert, key = make_certificate(tmp_path)
    other, _other_key = make_certificate(tmp_path, "other")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = await open_table(ssl_context=context)
    monkeypatch.setenv("SSL_CERT_FILE", str(other))  # --tls, but not the host's certificate
    plain = server.url.replace("wss://", "ws://")  # the same table, without --tls
    try:
        for url, said in ((server.url, "certificate"), (plain, "not an okey101 table")):
            app = RemoteApp(Seat(url, code=server.code, name="Ayşe"))
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda app=app: bool(app.problem), "the join gives up")
                assert said in app.problem and "_ssl.c" not in app.problem
                assert app.table is None and isinstance(app.screen, LobbyScreen)
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the way the README says
        app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table is not None or bool(app.problem), "seated")
            assert app.table is not None and not app.problem
    finally:
        await server.close()


async def test_a_host_who_resumes_a_started_table_is_shown_where_friends_join(
    tmp_path: Path,
) -> None:
    """host --resume skips the lobby (the match goes on), the one place that said the join
    code and the web link; a page served on a new --web-port 0 has a new link, and the host
    must still be able to tell it."""
    path = tmp_path / "hosted.json"
    server = TableServer(
        open_rules(), 11, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=5, save_path=path
    )
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_as_lead(pilot, app)
        app.exit()
    resumed = TableServer.resume(path, port=0, host="127.0.0.1", bot_delay=5)
    assert resumed.started and resumed.host_seat is not None
    token = resumed.seats[resumed.host_seat].token or ""
    line = "Join code {port} · In a browser: http://127.0.0.1:1234/?code=" + resumed.code
    app = RemoteApp(Seat("", name="Host", token=token, join_line=line), server=resumed)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: shows(app, TableScreen), "the table screen")
        said = f"Join code {resumed.port} · In a browser: http://127.0.0.1:1234/"
        await until(
            pilot,
            lambda: any(said in str(t.render()) for t in app.screen.query(Toast)),
            "the join line shown over the table",
        )


async def test_the_lobby_shows_every_seat_whatever_the_order_of_its_redraws() -> None:
    """The seat list grew from one line to four while a layout of the screen fell between
    its two updates: Textual kept the size it measured first (one line), and the lobby
    showed only "Seat 1" until the terminal was resized. The list has a height of its own."""
    from textual.app import App

    from okey_tui.ui import app as okey_app

    class Lobby(App[None]):
        CSS_PATH = Path(okey_app.__file__).with_name("okey.tcss")

        def on_mount(self) -> None:
            self.push_screen(LobbyScreen())

    app = Lobby()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seats = app.screen.query_one("#lobby-seats", Static)
        chat = app.screen.query_one("#lobby-chat", Static)
        seats.update("Seat 1: Hasan")
        chat.update("Hasan: hi")
        chat._check_refresh()  # the chat's redraw comes first...
        app.screen._refresh_layout()  # ...and a layout before the seat list's own
        seats.update("Seat 1: Hasan\nSeat 2: Ayşe\nSeat 3: Can\nSeat 4: Deniz")
        await pilot.pause()
        await pilot.pause()
        assert seats.size.height >= 4


async def test_after_a_discard_the_line_says_which_person_the_table_waits_for() -> None:
    """After a discard the line kept "You discarded R5" while a friend took their time:
    nothing said the table waited on them. Now it says so (a bot's turn needs no word),
    also on a screen opened on the friend's turn (a rejoin)."""
    server = await open_table(bot_delay=0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friend: RemoteTable | None = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Mehmet")  # the next seat
            await until(pilot, lambda: "Mehmet" in lobby_text(app), "Mehmet seated")
            screen = await start_as_lead(pilot, app)
            await until(pilot, lambda: screen.rack.count() > 0, "the rack dealt")
            assert screen.table.seat == 0 and app.table is not None
            assert app.table.seats()[1].name == "Mehmet"
            await until_my_turn(pilot, screen, friend)
            if screen.view.phase.value == "d":
                await pilot.press("d")
                await until(pilot, lambda: bool(screen.fresh), "the drawn tile on the rack")
            await pilot.press("x")
            await until(pilot, lambda: screen.table.turn == 1, "Mehmet's turn")
            # The line follows the turn as the screen takes it in: waited for, not raced.
            await until(pilot, lambda: "waiting for Mehmet" in str(status_line(screen)), "the line")
            line = str(status_line(screen))
            assert line.startswith("You discarded") and "waiting for Mehmet" in line, line
            # Back after a dropped line, on Mehmet's turn: the new screen's line was empty.
            screen = await drop_and_rejoin(pilot, app, server, screen)
            await until(pilot, lambda: screen.table.turn == 1, "Mehmet's turn, seen again")
            await until(
                pilot, lambda: str(status_line(screen)) == "Waiting for Mehmet", "the line again"
            )
            await play_friend(friend)
            await until(pilot, lambda: screen.table.turn != 1, "Mehmet played")
            await pilot.pause()
            assert "waiting for Mehmet" not in str(status_line(screen))
    finally:
        if friend is not None:
            await friend.close()
        await server.close()


async def test_the_line_says_when_the_person_to_play_is_away() -> None:
    """Mehmet's connection dropped on his turn: "waiting for Mehmet" went from the line,
    which kept "You discarded …" for the whole grace period, as if nothing were waited
    for. It says he is away and in how many seconds a bot plays."""
    server = await open_table(bot_delay=0, grace=60.0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friend: RemoteTable | None = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Mehmet")  # the next seat
            await until(pilot, lambda: "Mehmet" in lobby_text(app), "Mehmet seated")
            screen = await start_as_lead(pilot, app)
            await until(pilot, lambda: screen.rack.count() > 0, "the rack dealt")
            await until_my_turn(pilot, screen, friend)
            if screen.view.phase.value == "d":
                await pilot.press("d")
                await until(pilot, lambda: bool(screen.fresh), "the drawn tile on the rack")
            await pilot.press("x")
            await until(pilot, lambda: "waiting for Mehmet" in str(status_line(screen)), "waited")
            await friend.close()
            # With the seconds before a bot plays (counted down: test_net_away_grace.py).
            away = re.compile(r"waiting for Mehmet \(away: a bot plays in (59|60) s\)$")
            await until(pilot, lambda: away.search(str(status_line(screen))), "said away")
            assert str(status_line(screen)).startswith("You discarded")
    finally:
        if friend is not None:
            await friend.close()
        await server.close()


async def test_back_at_the_table_the_line_says_what_a_bot_did_for_you() -> None:
    """A friend away past the grace period came back to "Your turn: …" while a bot had
    thrown the false okey they had moved into place: only the log said so. The line
    says what the bot did for them, then the turn."""
    server = await open_table(bot_delay=0)  # no grace: a bot covers at once
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        hand = server.match.hand
        seat = hand.turn  # the starter: it throws a tile, no draw
        gone = tables[seat]
        await gone.close()
        await tables[(seat + 1) % 4].wait_for(lambda: hand.turn != seat, 5)
        thrown = hand.discards[seat][-1]
        app = RemoteApp(Seat(server.url, token=gone.token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, TableScreen), "back at the table")
            screen = app.screen
            after = server.seats[(seat + 1) % 4].name
            said = f"A bot for you discarded {thrown} · Waiting for {after}"
            await until(pilot, lambda: said in str(status_line(screen)), "what the bot did")
            assert str(status_line(screen)) == said
    finally:
        for table in tables:
            await table.close()
        await server.close()


@contextlib.asynccontextmanager
async def a_hand_played_out(
    hands: int = 3, seed: int = 7, **options: Any
) -> AsyncIterator[tuple[TableServer, list[RemoteTable]]]:
    """Four people play the first hand of ``hands`` to its end, every move at once
    (``options``: the table's, such as a turn time; no grace period unless given)."""
    options = {"grace": 0.0, **options}
    server = TableServer(RuleSet(hands=hands), seed, ("easy",) * 4, **options)
    await server.start()
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        await play_hand_out(server, tables)
        yield server, tables
    finally:
        for table in tables:
            await table.close()
        await server.close()


@contextlib.asynccontextmanager
async def back_at_the_summary() -> AsyncIterator[tuple[RemoteApp, list[RemoteTable]]]:
    """Four people play a hand to its end; the first leaves and comes back on its
    summary through a screen (the app, and the four tables: the first one closed)."""
    async with a_hand_played_out() as (server, tables):
        await tables[0].close()
        yield RemoteApp(Seat(server.url, token=tables[0].token)), tables


async def test_between_hands_the_line_names_the_people_the_table_waits_for() -> None:
    """After Enter on a hand's summary the line said "Waiting for the others": which of
    them? It names the people not ready yet, and one name fewer as each gets ready."""
    async with back_at_the_summary() as (app, tables), app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the summary")
        await pilot.press("enter")
        await until(pilot, lambda: shows(app, TableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        said = "Waiting for Mehmet, Zeynep and Can: the next hand starts when all are ready"
        await until(pilot, lambda: str(status_line(screen)) == said, "three names")
        await tables[2].next_hand()
        said = "Waiting for Mehmet and Can: the next hand starts when all are ready"
        await until(pilot, lambda: str(status_line(screen)) == said, "Zeynep ready")


async def test_between_hands_the_one_not_ready_is_told_the_others_wait() -> None:
    """The others pressed Enter; the one still on the summary read only how the hand
    ended, and the table waited for them with no word. Their line says who is ready."""
    async with back_at_the_summary() as (app, tables), app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the summary")
        table_screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await tables[1].next_hand()
        await tables[2].next_hand()
        said = "Mehmet and Zeynep are ready for the next hand: Enter when you are"
        await until(pilot, lambda: said in str(status_line(table_screen)), "told")


async def test_a_name_taken_at_the_table_is_numbered_and_the_joiner_is_told() -> None:
    """A second Bora sat as "Bora 2" and nothing said so: the joiner looked for "Bora"
    among the seats. The lobby says the name was taken and which one they sit under."""
    server = await open_table(bot_delay=5)
    first = await RemoteTable.join(server.url, server.code, "Bora")
    app = RemoteApp(Seat(server.url, code=server.code, name="Bora"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            assert app.table.seats()[1].name == "Bora 2"
            await until(pilot, lambda: "Bora is taken" in lobby_text(app), "told")
            assert "you sit as Bora 2" in lobby_text(app)
            # The table gone (the host closed it), the line about a seat at it goes too.
            await server.close()
            await until(pilot, lambda: bool(app.problem), "the table gone")
            await pilot.pause()
            assert "Bora is taken" not in lobby_text(app), lobby_text(app)
    finally:
        await first.close()
        await server.close()


async def test_a_seat_taken_back_by_token_is_no_rename_and_leaving_says_the_real_code() -> None:
    """Rejoining with --token (no --name) said "root is taken at this table: you sit as
    Ayse 3": a seat taken back keeps its name. And leaving the lobby said "okey101 join
    ADDRESS CODE" with the word CODE, though the code was known."""
    server = await open_table(bot_delay=5, grace=60.0)
    try:
        bora = await RemoteTable.join(server.url, server.code, "Bora")
        assert bora.code == server.code
        note = bora.leave_note()
        assert note is not None
        assert note.splitlines()[-1].endswith(f" {server.code} --name Bora"), note
        await bora.start()
        await bora.wait_for(lambda: bora.has_view, 5)
        token = bora.token
        await bora.close()
        app = RemoteApp(Seat(server.url, name="root", token=token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, TableScreen), "back at the table")
            assert app.table is not None and app.table.code == ""
            assert app.table.seats()[0].name == "Bora"
            assert "is taken" not in app.lobby_alert
    finally:
        await server.close()


def test_a_rack_arranged_while_the_connection_was_down_goes_to_the_new_connection() -> None:
    """A friend sorted the rack while the host was down; after the automatic reconnect the
    rack was back in the table's old order. The order kept on the dead connection is sent
    on the new one of the same seat (and only of the same seat at the same table)."""
    from types import SimpleNamespace

    from okey_tui.ui.remote import carry_layout

    class Conn(SimpleNamespace):
        def layout(self) -> list[str | None] | None:
            return self.slots  # type: ignore[no-any-return]

        def departures(self) -> None:
            return None

        @property
        def layout_hand(self) -> int | None:
            return None if self.slots is None else 0

        def keep_layout(
            self, slots: list[str | None], departures: None = None, *, hand: int | None = None
        ) -> None:
            self.sent.append(list(slots))
            self.slots = list(slots)

    def conn(url: str, seat: int, slots: list[str | None] | None) -> Conn:
        return Conn(url=url, seat=seat, slots=slots, sent=[], match_number=1)

    sorted_here = ["R1", "R2", "R3", None, "K9"]
    before = ["K9", None, "R3", "R1", "R2"]
    new = conn("ws://127.0.0.1:1", 2, before)
    carry_layout(conn("ws://127.0.0.1:1", 2, sorted_here), new)  # type: ignore[arg-type]
    assert new.sent == [sorted_here] and new.layout() == sorted_here
    for other in (
        conn("ws://127.0.0.1:1", 1, sorted_here),
        conn("ws://10.0.0.2:1", 2, sorted_here),
    ):
        new = conn("ws://127.0.0.1:1", 2, before)
        carry_layout(other, new)  # type: ignore[arg-type]
        assert new.sent == []
    same = conn("ws://127.0.0.1:1", 2, before)
    carry_layout(conn("ws://127.0.0.1:1", 2, before), same)  # type: ignore[arg-type]
    assert same.sent == []  # nothing new to send


async def test_the_lobby_box_stands_in_the_middle_of_a_wide_terminal() -> None:
    """The lobby's box (110 columns at most) sat at the left of a 142-column terminal."""
    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(142, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.pause()
            box = app.screen.query_one("#lobby").region
            assert box.width < 142 and abs(box.x - (142 - box.width) // 2) <= 1, box
    finally:
        await server.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_chat_box_stands_in_the_middle_over_the_table_still_in_sight(
    size: tuple[int, int],
) -> None:
    """``/`` asked for a chat line in a box stuck in the top left corner, the table gone
    from behind it: the box now stands in the middle as every question does, wide enough
    for a line, with the table dimmed behind it; Enter says the line to the table."""
    from okey_tui.ui.screens.dialogs import ChatScreen
    from tests.ui.rendered import screen_text

    server = await open_table(bot_delay=5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friend = None
    try:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Mehmet")
            screen = await start_as_lead(pilot, app)
            await pilot.press("slash")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat box")
            await pilot.pause()
            box = app.screen.query_one("#chat").region
            width, height = size
            assert abs(box.x - (width - box.width) // 2) <= 1, box
            assert abs(box.y - (height - box.height) // 2) <= 1, box
            assert box.width >= 60, box
            shown = screen_text(app)
            assert "Indicator" in shown and "Say to the table" in shown, shown
            await pilot.press(*"merhaba", "enter")
            await until(pilot, lambda: app.screen is screen, "back at the table")
            await friend.wait_for(lambda: any(c.text == "merhaba" for c in friend.chat_lines), 5)
    finally:
        if friend is not None:
            await friend.close()
        await server.close()


async def test_back_after_a_dropped_line_the_drawn_tile_is_new_with_the_cursor_on_it() -> None:
    """Back at the table after the draw (a dropped line, the host's table opened again),
    the cursor stood on the first tile and the drawn one was no longer marked new: "d then
    x" threw a tile of the player's groups. The drawn tile is new again, under the cursor."""
    server = await open_table(bot_delay=0, grace=60)  # no bot plays her seat meanwhile
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await start_as_lead(pilot, app)
            await pilot.press("s", "x")  # the starter's first throw
            await until(
                pilot,
                lambda: screen.my_turn and screen.view.phase is Phase.DRAW,
                "her turn again",
                tries=500,
            )
            before = list(screen.view.rack)
            await pilot.press("d")
            await until(pilot, lambda: screen.view.phase is Phase.PLAY, "drawn")
            (drawn,) = [t for t in screen.view.rack if t not in before] or [
                t for t in set(screen.view.rack) if screen.view.rack.count(t) > before.count(t)
            ]
            again = await drop_and_rejoin(pilot, app, server, screen)
            await until(pilot, lambda: again.my_turn and bool(again.fresh), "the mark back")
            (slot,) = again.fresh
            assert again.rack.slots[slot] == drawn and again.cursor == slot
    finally:
        await server.close()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_lobby_says_what_table_it_is_and_who_partners_whom(
    size: tuple[int, int],
) -> None:
    """Friends in the lobby of a partners table asked in the chat who was whose partner:
    the lobby named no game type, no number of hands, no partners until the deal."""
    from okey_tui.engine.rules import GameType
    from tests.ui.rendered import screen_text

    rules = RuleSet(game_type=GameType.RISING, hands=3, partners=True)
    server = TableServer(rules, 7, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=5)
    await server.start()
    app = RemoteApp(Seat(server.url, code=server.code, name="Gülşen"))
    friend = None
    try:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            friend = await RemoteTable.join(server.url, server.code, "Ayşe")
            await until(pilot, lambda: "Ayşe" in lobby_text(app), "Ayşe seated")
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "Rising, partners · 3 hands" in text, text
            seats = [info.name for info in app.table.seats()]
            assert f"Seat 1: Gülşen · partners with {seats[2]}" in text, text
            assert f"Seat 2: Ayşe · partners with {seats[3]}" in text, text
            # The whole lobby in sight at 80x24: its last line, what Enter does.
            assert "Enter starts the match" in text and "bots)" in text
    finally:
        if friend is not None:
            await friend.close()
        await server.close()
