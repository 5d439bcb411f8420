"""Taking a seat back: a token is only forgotten when the table does not know it, a seat
whose old connection is silent is taken over, wrong codes do not shut a player out of their
own seat, a host who closes the table says so, and bots never wear a person's name.

Every table is a real server on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from net_helpers import (
    Limits,
    a_friend_at_a_table_to_reopen,
    a_started_table,
    open_table,
    shows,
    until,
)
from websockets.asyncio.client import connect

from okey_tui import storage
from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.protocol import PROTOCOL_VERSION
from okey_tui.net.server import TableServer, bot_names
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat, seat_in_use
from okey_tui.ui.screens.table import TableScreen


async def started_table(**options: object) -> tuple[TableServer, RemoteTable]:
    """A table whose match has started, with Ayşe seated (and the lead)."""
    server = await open_table(bot_delay=5, grace=60.0, **options)
    ayse = await RemoteTable.join(server.url, server.code, "Ayşe")
    await ayse.start()
    await ayse.wait_for(lambda: ayse.has_view, 5)
    return server, ayse


# -- the server ------------------------------------------------------------------------


async def test_a_seat_whose_connection_no_longer_answers_is_taken_back_with_its_token() -> None:
    """A laptop off its network (here: a client that stops reading) leaves a connection the
    table still counts as open: the same token on a new connection takes the seat."""
    server, ayse = await started_table(limits=Limits(alive_check=0.3))
    back: RemoteTable | None = None
    try:
        ayse._ws.transport.pause_reading()  # answers no ping from now on
        back = await RemoteTable.rejoin(server.url, ayse.token, timeout=5)
        assert back.seat == ayse.seat and back.token == ayse.token
        await back.wait_for(lambda: back is not None and back.has_view, 5)
        assert server.seats[ayse.seat].conn is not None
        # The old connection, once it reads again, is told why it was closed.
        ayse._ws.transport.resume_reading()
        await ayse.wait_for(lambda: not ayse.connected, 5) if ayse.connected else None
        assert ayse.closed_why == "replaced"
        assert back.connected
    finally:
        if back is not None:
            await back.close()
        await ayse.close()
        await server.close()


async def test_a_seat_whose_connection_answers_is_not_taken_over() -> None:
    server, ayse = await started_table()  # 3 s to answer: plenty on a loaded machine
    try:
        with pytest.raises(JoinError) as info:
            await RemoteTable.rejoin(server.url, ayse.token, timeout=5)
        assert info.value.code == "token-in-use"
        assert info.value.name == "Ayşe"  # whose seat the token is
        assert ayse.connected and ayse.closed_why is None
    finally:
        await ayse.close()
        await server.close()


async def test_a_valid_token_is_let_in_from_an_address_blocked_for_wrong_codes() -> None:
    """Friends behind one router share an address: one friend's wrong codes do not shut the
    others out of their own seats; a new seat (hello) is refused, saying for how long."""
    server, ayse = await started_table(limits=Limits(code_tries=3))
    back: RemoteTable | None = None
    try:
        token, seat = ayse.token, ayse.seat
        await ayse.close()
        codes = []
        for _ in range(3):
            with pytest.raises(JoinError) as info:
                await RemoteTable.join(server.url, "WRONG1", "Guess", timeout=5)
            codes.append(info.value.code)
        assert codes == ["bad-code", "bad-code", "too-many-tries"]
        back = await RemoteTable.rejoin(server.url, token, timeout=5)
        assert back.seat == seat
        # A guessed token from the blocked address is refused, and so is a hello, saying
        # that the address is blocked and when to try again.
        with pytest.raises(JoinError) as info:
            await RemoteTable.rejoin(server.url, "guessed-token-000", timeout=5)
        assert info.value.code == "too-many-tries"
        async with connect(server.url) as ws:
            hello = {"type": "hello", "v": PROTOCOL_VERSION, "code": server.code, "name": "B"}
            await ws.send(json.dumps(hello))
            reply = json.loads(await ws.recv())
        assert reply["code"] == "too-many-tries"
        assert 0 < reply["retry_after"] <= 300
        assert "blocked" in reply["message"] and "5 minutes" in reply["message"]
    finally:
        if back is not None:
            await back.close()
        await server.close()


async def test_a_block_for_wrong_codes_ends_after_a_while() -> None:
    """The table's clock for wrong codes is the test's: a block of 0.3 s of the real
    clock ran out before the next join on a loaded machine (the join was let in)."""
    server = await open_table(limits=Limits(code_tries=2, code_block=60))
    now = [1000.0]
    server._tries.clock = lambda: now[0]
    table: RemoteTable | None = None
    try:
        for _ in range(2):
            with pytest.raises(JoinError):
                await RemoteTable.join(server.url, "WRONG1", "Guess", timeout=5)
        now[0] += 59
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, server.code, "Ayşe", timeout=5)
        assert info.value.code == "too-many-tries"
        now[0] += 2
        table = await RemoteTable.join(server.url, server.code, "Ayşe", timeout=5)
        assert table.seat == 0
    finally:
        if table is not None:
            await table.close()
        await server.close()


async def test_the_host_closing_the_table_tells_every_client_first() -> None:
    server, ayse = await started_table()
    await server.close()
    await ayse.wait_for(lambda: not ayse.connected, 5) if ayse.connected else None
    assert ayse.closed_why == "host-closed"
    await ayse.close()


def test_bots_never_take_the_name_of_a_person_at_the_table() -> None:
    assert bot_names([None] * 4) == ["Ayşe", "Mehmet", "Zeynep", "Can"]
    names = bot_names(["Mehmet", None, None, None])
    assert names[0] == "Mehmet" and names[2:] == ["Zeynep", "Can"]
    assert names[1] not in ("Mehmet", "Can", "Zeynep")
    # Written without the Turkish letters, or in other case, a name is the same name.
    assert not any(n.startswith("Ayşe") for n in bot_names(["ayse", None, None, None]))
    assert len(set(bot_names([None, "Can", None, None]))) == 4


async def test_the_hosts_bot_does_not_wear_the_hosts_name() -> None:
    server = await open_table()
    host = await RemoteTable.join(server.url, server.code, "Mehmet")
    try:
        await host.wait_for(lambda: len(host.seats()) == 4, 5)
        names = [s.name for s in host.seats()]
        assert names[0] == "Mehmet"
        assert not any("Mehmet" in n for n in names[1:]), names
        assert len(set(names)) == 4
    finally:
        await host.close()
        await server.close()


# -- the terminal ----------------------------------------------------------------------


async def test_join_run_again_while_the_seat_is_open_keeps_the_token_and_says_why() -> None:
    """The same okey101 join, run again while the first still plays: the token kept in the
    data dir stays (before: forgotten, then "only its players can rejoin" for good)."""
    server, ayse = await started_table()
    key = f"{server.url} {server.code}"
    storage.keep_seat_token(key, ayse.token)  # what the first okey101 join kept
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"), keep_seat=True)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: bool(app.problem), "the refusal")
            assert app.problem == seat_in_use("Ayşe", kept=True)
            assert storage.seat_token(key) == ayse.token
            assert isinstance(app.screen, LobbyScreen)
            # Once the first terminal is closed, r takes the seat back.
            await ayse.close()
            await until(pilot, lambda: app.can_retry, "r offered")
            await pilot.press("r")
            await until(pilot, lambda: shows(app, TableScreen), "the table")
            assert app.table is not None and app.table.seat == 0
    finally:
        await ayse.close()
        await server.close()


async def test_a_join_on_a_computer_that_holds_another_players_seat_says_whose() -> None:
    """Ayşe once took her seat back here with --token (kept by the table's address); Zeki
    now joins with the code on this computer while she plays elsewhere. He read "Your seat
    is open in another terminal", of a seat that was never his."""
    server, ayse = await started_table()
    storage.keep_seat_token(f"{server.url} ", ayse.token)
    app = RemoteApp(Seat(server.url, code=server.code, name="Zeki"), keep_seat=True)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: bool(app.problem), "the refusal")
            flat = " ".join(app.problem.split())
            assert flat.startswith("This computer holds Ayşe's seat at this table"), flat
            assert "to sit as someone else, join from another computer" in flat, flat
            assert "Your seat" not in flat
            assert storage.seat_token(f"{server.url} ") == ayse.token  # still hers
    finally:
        await ayse.close()
        await server.close()


async def test_a_seat_taken_back_with_its_token_is_kept_for_the_next_join() -> None:
    server, ayse = await started_table()
    token = ayse.token
    await ayse.close()
    try:
        app = RemoteApp(Seat(server.url, token=token), keep_seat=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, TableScreen), "the table")
        assert storage.seat_token(f"{server.url} ") == token
        # The join by code, run again later, finds it.
        again = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"), keep_seat=True)
        async with again.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(again, TableScreen), "the table again")
            assert again.table is not None and again.table.seat == 0
    finally:
        await server.close()


async def test_a_seat_kept_under_another_address_of_the_table_is_named_with_the_way_back() -> None:
    """Ayşe's seat is kept under 127.0.0.1; she types localhost: the table said only that
    the match had started, though she ran okey101 join on her own computer. The command
    with the address her seat is kept under is said (her token is not sent elsewhere)."""
    server, ayse = await started_table()
    storage.keep_seat_token(f"{server.url} {server.code}", ayse.token)
    await ayse.close()
    elsewhere = server.url.replace("127.0.0.1", "localhost")
    try:
        app = RemoteApp(Seat(elsewhere, code=server.code, name="Ayşe"), keep_seat=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: bool(app.problem), "refused")
        port = server.url.rsplit(":", 1)[1]
        assert "The match has started" in app.problem
        way_back = f"\n  okey101 join 127.0.0.1:{port} {server.code}"
        assert app.problem.endswith(way_back), app.problem
        assert storage.seat_token(f"{server.url} {server.code}") == ayse.token
    finally:
        await server.close()


async def test_a_seat_taken_back_under_another_name_asked_for_says_the_name_it_keeps() -> None:
    """Bob came back with ``--name Robert`` mid-match: he sat as Bob without a word. The
    seat keeps its name (the names are fixed once the match has begun), and says so; one
    who asked for no name (the computer's user name) is told nothing."""
    server, ayse = await started_table()
    storage.keep_seat_token(f"{server.url} {server.code}", ayse.token)
    await ayse.close()
    said = "You are back in your seat as Ayşe: a name does not change once the match has begun"
    try:
        for name_given in (True, False):
            seat = Seat(server.url, code=server.code, name="Robert", name_given=name_given)
            app = RemoteApp(seat, keep_seat=True)
            async with app.run_test(size=(120, 40)) as pilot:
                await until(pilot, lambda app=app: shows(app, TableScreen), "the table")
                assert app.table is not None and app.table.seat == 0
                notes = [str(n.message) for n in app._notifications]
                assert (said in notes) == name_given, notes
    finally:
        await server.close()


async def play_until_the_host_closes(pilot, app: RemoteApp, server: TableServer) -> None:  # type: ignore[no-untyped-def]
    """The friend sits, starts the match (the lead), and the host closes the table: the
    friend is told."""
    await until(pilot, lambda: app.table is not None, "seated")
    await pilot.press("enter")  # the lead starts
    await until(pilot, lambda: shows(app, TableScreen), "the table")
    await server.close()  # the host quits
    await until(pilot, lambda: "host closed the table" in app.problem, "told", 100)


async def test_a_host_who_closes_the_table_is_told_at_once_and_r_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    async with a_friend_at_a_table_to_reopen(tmp_path, (120, 40)) as table:
        server, app, pilot = table.server, table.app, table.pilot
        # Told at once (the reconnection would have tried for 30 s), in the lobby.
        await play_until_the_host_closes(pilot, app, server)
        assert "okey101 host --resume" in app.problem
        assert "r tries again" in app.lobby_status()
        assert isinstance(app.screen, LobbyScreen)
        assert app.screen.check_action("chat", ()) is False  # nobody to chat with
        assert app.can_retry
        await table.reopen()
        await pilot.press("r")
        await until(pilot, lambda: shows(app, TableScreen), "back at the table")
        assert app.table is not None and app.table.seat == 0 and app.table.connected


async def test_a_host_who_closes_the_lobby_leaves_no_seat_to_wait_for() -> None:
    """The host quit in the lobby: friends were told their seat was kept until okey101 host
    --resume, which has no match to open, and they waited for nothing. Now they are told
    to join a new table; r is not offered and the seat's token is forgotten."""
    server = await open_table(bot_delay=5, grace=60.0)
    key = f"{server.url} {server.code}"
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"), keep_seat=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None, "seated")
        assert storage.seat_token(key) == app.table.token
        await server.close()  # the host quits before anyone starts the match
        await until(pilot, lambda: "host closed the table" in app.problem, "told", 100)
        assert "before the match began" in app.problem
        assert "--resume" not in app.problem
        assert not app.can_retry and "r tries again" not in app.lobby_status()
        assert storage.seat_token(key) is None


async def test_a_seat_left_in_the_lobby_is_given_up_and_said_so() -> None:
    """A friend quit in the lobby and was told "Your seat is kept … --token …": the table
    had freed the seat (the next to join took it), and the token then failed, counted
    at the host as a wrong join code. The friend is told the seat is free; the token is
    forgotten, so the same okey101 join takes a seat with the code, no failed try."""
    server = await open_table(bot_delay=5, grace=60.0)
    alerts: list[str] = []
    server.on_alert = alerts.append
    key = f"{server.url} {server.code}"
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"), keep_seat=True)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            note = app.table.leave_note() or ""
            assert "your seat is free for the next person" in note and "--token" not in note
        app.forget_seat()  # as okey101 join does once the screen closes in the lobby
        assert storage.seat_token(key) is None
        again = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"), keep_seat=True)
        async with again.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: again.table is not None or again.problem, "seated again")
            assert again.table is not None and not again.problem
        assert not alerts, alerts
    finally:
        await server.close()


async def test_a_token_no_seat_has_says_to_join_with_the_code_and_offers_no_retry() -> None:
    """ "No seat has this token · r tries again": r sent the same token, refused again."""
    server = await open_table(bot_delay=5, grace=60.0)
    app = RemoteApp(Seat(server.url, token="t" * 22))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: bool(app.problem), "refused")
            assert "said no: no seat has this token" in app.problem
            assert "Join with the table's code instead:\n  okey101 join" in app.problem
            assert not app.can_retry and "r tries again" not in app.lobby_status()
    finally:
        await server.close()


async def test_a_person_back_at_a_table_nobody_was_at_sets_the_bots_playing_again() -> None:
    """Everyone left, so the bots stopped (nobody watches). The first person back, once the
    bots have looked and found nobody, gets the table going: the bots play the turns of the
    seats still away at once, not when someone else comes or goes."""
    async with a_started_table(grace=0.0) as (server, tables):
        notices: list[str] = []
        server.on_notice = notices.append
        back: RemoteTable | None = None
        try:
            for t in tables:
                await t.close()
            for _ in range(500):  # every seat away (at most 5 s)
                if all(seat.conn is None for seat in server.seats):
                    break
                await asyncio.sleep(0.01)
            assert server.match is not None
            hand = server.match.hand
            moves = len(hand.events)
            await asyncio.sleep(0.3)  # the grace is over and the bots have looked
            assert len(hand.events) == moves, "the bots play with nobody at the table"
            # The host's log says so last, not that a bot plays now.
            assert notices[-1] == "Nobody is at the table: the bots wait until someone is back"
            seat = next(i for i in range(4) if i != hand.turn)  # not the turn's own person
            back = await RemoteTable.rejoin(server.url, tables[seat].token)
            for _ in range(500):  # at most 5 s
                if len(hand.events) > moves or server.match.hand is not hand:
                    break
                await asyncio.sleep(0.01)
            assert len(hand.events) > moves or server.match.hand is not hand, (
                "nobody plays the away seats' turns after a person came back"
            )
        finally:
            if back is not None:
                await back.close()


async def test_a_friend_who_leaves_and_comes_back_is_noted_in_the_log() -> None:
    """Not only a note that goes: the log keeps "left the table" and "is back"."""
    from textual.widgets import RichLog

    server = await open_table(bot_delay=5, grace=60.0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friend = await RemoteTable.join(server.url, server.code, "Mehmet")
    back: RemoteTable | None = None

    def log_text() -> str:
        log = app.screen.query_one("#log", RichLog)
        return " ".join(" ".join(line.text.split()) for line in log.lines)  # lines wrap

    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await friend.start()  # the lead starts
            await until(pilot, lambda: shows(app, TableScreen), "the table")
            await pilot.pause(0.1)
            await friend.close(quitting=True)  # he quits (q)
            await until(pilot, lambda: "Mehmet left the table" in log_text(), "left, in the log")
            back = await RemoteTable.rejoin(server.url, friend.token)
            await until(pilot, lambda: "Mehmet is back at the table" in log_text(), "back")
    finally:
        if back is not None:
            await back.close()
        await friend.close()
        await server.close()


async def test_a_terminal_whose_seat_was_taken_over_says_so_after_catching_up() -> None:
    """A stopped terminal (its laptop asleep) whose seat another terminal took: when it
    wakes it reads what it missed, then says where the seat went, and does not crash."""
    server = await open_table(bot_delay=0.01, grace=60.0, limits=Limits(alive_check=0.3))
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    other: RemoteTable | None = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await pilot.press("enter")  # the lead starts
            await until(pilot, lambda: shows(app, TableScreen), "the table")
            table = app.table
            assert table is not None
            table._ws.transport.pause_reading()  # asleep: reads nothing, answers no ping
            other = await RemoteTable.rejoin(server.url, table.token, timeout=5)
            await other.wait_for(lambda: other is not None and other.has_view, 5)
            for _ in range(40):  # the other terminal plays on: states wait for the sleeper
                if other.view().my_turn:
                    from okey_tui.bots.driver import safe_action

                    await other.act(safe_action(other.view()))
                await asyncio.sleep(0.02)
            table._ws.transport.resume_reading()
            # The terminal wakes too (fg): it is drawn again at its size, as the news come.
            for size in ((118, 40), (120, 40)) * 10:
                await pilot.resize_terminal(*size)
            await until(pilot, lambda: "another terminal" in app.problem, "told", 600)
            assert isinstance(app.screen, LobbyScreen) and app.is_running
    finally:
        if other is not None:
            await other.close()
        await server.close()


async def test_a_friend_sits_back_down_by_itself_when_the_host_reopens_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host closed the table and opened it again (okey101 host --resume): the friend
    had to notice and press r. The seat is now tried every few seconds meanwhile."""
    from okey_tui.ui import remote

    monkeypatch.setattr(remote, "HOST_BACK_PAUSE", 0.1)
    monkeypatch.setattr(remote, "HOST_BACK_WAIT", 20.0)
    async with a_friend_at_a_table_to_reopen(tmp_path, (120, 40)) as table:
        server, app, pilot = table.server, table.app, table.pilot
        await play_until_the_host_closes(pilot, app, server)
        assert "sit back down by yourself" in app.problem
        await pilot.pause(0.3)  # tries meet a closed port meanwhile: still the lobby
        assert isinstance(app.screen, LobbyScreen)
        await table.reopen()
        await until(pilot, lambda: shows(app, TableScreen), "back, no key", 200)
        assert app.table is not None and app.table.seat == 0 and app.table.connected
        assert not app.seat_waiting


async def test_a_host_who_closes_a_finished_match_sends_nobody_waiting_for_a_resume() -> None:
    """The match over, the host quit: the friends were told their seat was kept for
    okey101 host --resume, which has no finished match to open, and kept trying."""
    from net_helpers import play_hand_out, seat_four, settle

    server = await open_table(bot_delay=0)  # one hand: the match ends with it
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        await play_hand_out(server, tables)
        assert server.match is not None and server.match.is_over
        await tables[0].close()
        app = RemoteApp(Seat(server.url, token=tables[0].token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None and app.table.match_over, "back")
            await server.close()  # the host quits
            await until(pilot, lambda: bool(app.problem), "told")
            assert "The match is over and the host has closed the table" in app.problem
            assert "--resume" not in app.problem and not app.can_retry
    finally:
        for table in tables[1:]:
            await table.close()
        await server.close()


async def test_after_the_hosts_okey101_dies_a_friend_waits_as_long_as_after_a_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's okey101 killed (kill -9): the friend tried for about 30 s, then read
    "The table is gone" and tried no more, while after a close the seat is tried for half
    an hour. Now the same wait: the friend is told the table cannot be reached and that
    it waits for its host, and sits back down by itself when the table opens again."""
    from net_helpers import crash

    from okey_tui.ui import remote

    monkeypatch.setattr(remote, "REJOIN_TRIES", 2)  # the quick tries, soon over
    monkeypatch.setattr(remote, "REJOIN_PAUSE", 0.05)
    monkeypatch.setattr(remote, "HOST_BACK_PAUSE", 0.1)
    monkeypatch.setattr(remote, "HOST_BACK_WAIT", 20.0)
    async with a_friend_at_a_table_to_reopen(tmp_path, (80, 24)) as table:
        server, app, pilot = table.server, table.app, table.pilot
        await until(pilot, lambda: app.table is not None, "seated")
        await pilot.press("enter")  # the lead starts
        await until(pilot, lambda: shows(app, TableScreen), "the table")
        await crash(server)  # no word from the table
        await until(pilot, lambda: "cannot be reached" in app.problem, "told", 200)
        assert "waiting for its host to open it again" in app.problem
        assert app.can_retry and "r tries again" in app.lobby_status()
        assert app.seat_waiting  # a quit now is no failure: the seat is kept
        assert f"--token {app.seat_info.token}" in app.waiting_note()
        await pilot.pause(0.5)  # tries meet a closed port meanwhile: still the lobby
        assert isinstance(app.screen, LobbyScreen)
        await table.reopen()
        await until(pilot, lambda: shows(app, TableScreen), "back, no key", 200)
        assert app.table is not None and app.table.seat == 0 and app.table.connected
