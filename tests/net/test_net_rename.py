"""A friend changes the name they sit under in the lobby: a browser friend sat as "Guest"
with nothing telling them how to be anyone else. The lobby says whom the others see and
that n changes it; the table takes the new name (numbered if someone has it) until the
match starts. Real tables on 127.0.0.1; bounded waits."""

from __future__ import annotations

import json

from net_helpers import open_table, shows, until
from textual.widgets import Input, Static
from websockets.asyncio.client import connect

from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import PROTOCOL_VERSION
from okey_tui.ui.remote import LobbyScreen, NameScreen, RemoteApp, Seat


def names(table: RemoteTable) -> list[str]:
    return [s.name for s in table.seats() if s.level is None]


async def test_two_guests_are_told_apart_and_one_takes_a_name_of_their_own() -> None:
    server = await open_table()
    tables: list[RemoteTable] = []
    try:
        tables.append(await RemoteTable.join(server.url, server.code, "Guest"))
        tables.append(await RemoteTable.join(server.url, server.code, "Guest"))
        second = tables[1]
        await second.wait_for(lambda: len(names(second)) == 2, 5)
        assert names(second) == ["Guest", "Guest 2"]
        await tables[0].rename("Deniz")
        # The name it had is free: the second guest takes the plain name back.
        await second.wait_for(lambda: names(second) == ["Deniz", "Guest"], 5)
        await second.rename("deniz")  # sounds the same as one taken: a number after it
        await second.wait_for(lambda: names(second) == ["Deniz", "deniz 2"], 5)
        assert [s.name for s in server.seats if s.human] == ["Deniz", "deniz 2"]
    finally:
        for table in tables:
            await table.close()
        await server.close()


async def test_a_rename_to_a_name_another_has_is_numbered_not_theirs() -> None:
    """The friend who joined first renamed to the name of one who joined later, and took
    it: the other, who did nothing, was renamed "İlkay Işık 2" and told their name was
    taken. The later asker is numbered; the other keeps their name."""
    server = await open_table()
    tables: list[RemoteTable] = []
    try:
        tables.append(await RemoteTable.join(server.url, server.code, "Ali"))
        tables.append(await RemoteTable.join(server.url, server.code, "İlkay Işık"))
        first, second = tables
        await second.wait_for(lambda: len(names(second)) == 2, 5)
        await first.rename("ilkay ışık")  # sounds the same as the second friend's
        await second.wait_for(lambda: names(second) == ["ilkay ışık 2", "İlkay Işık"], 5)
        await first.rename("Ali")  # free again: the number goes
        await second.wait_for(lambda: names(second) == ["Ali", "İlkay Işık"], 5)
    finally:
        for table in tables:
            await table.close()
        await server.close()


async def test_a_rename_is_refused_once_the_match_has_started_or_when_empty() -> None:
    server = await open_table()
    try:
        async with connect(server.url) as ws:

            async def say(message: dict[str, object]) -> dict[str, object]:
                await ws.send(json.dumps(message))
                while True:
                    reply = json.loads(await ws.recv())
                    if reply["type"] in ("error", "welcome"):
                        return dict(reply)

            hello = {"type": "hello", "v": PROTOCOL_VERSION, "code": server.code, "name": "Ali"}
            assert (await say(hello))["type"] == "welcome"
            assert (await say({"type": "rename", "name": " \t"}))["code"] == "bad-field"
            assert (await say({"type": "rename", "name": "x" * 17}))["code"] == "bad-field"
            # Every screen's word for its own player: refused, saying why (it was taken as
            # "Player 1", and said as "You is taken at this table").
            refused = await say({"type": "rename", "name": "You"})
            assert refused["code"] == "bad-field", refused
            assert "is what each player's own screen calls them" in str(refused), refused
            assert server.seats[0].name == "Ali"
            server.start_match()
            assert (await say({"type": "rename", "name": "Veli"}))["code"] == "started"
        assert server.seats[0].name == "Ali"
    finally:
        await server.close()


def lobby_name(app: RemoteApp) -> str:
    line = app.screen.query_one("#lobby-name", Static)
    return str(line.render()) if line.display else ""


async def test_a_guest_is_told_how_to_change_their_name_and_changes_it() -> None:
    server = await open_table(bot_delay=5)
    other = await RemoteTable.join(server.url, server.code, "Ayşe")
    app = RemoteApp(Seat(server.url, code=server.code, name="Guest"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: shows(app, LobbyScreen) and app.table is not None, "seated")
            await until(pilot, lambda: "You sit as Guest" in lobby_name(app), "the name line")
            assert "n changes your name" in lobby_name(app)
            await pilot.press("n")
            await until(pilot, lambda: shows(app, NameScreen), "the name box")
            box = app.screen.query_one(Input)
            assert box.value == "Guest"
            box.value = "   "
            await pilot.press("enter")  # no name: said, and the box stays
            assert shows(app, NameScreen)
            assert "1-16 characters" in str(app.screen.query_one("#rename-hint", Static).render())
            box.value = "Ayşe"
            await pilot.press("enter")
            await until(pilot, lambda: shows(app, LobbyScreen), "back in the lobby")
            await until(pilot, lambda: "You sit as Ayşe 2" in lobby_name(app), "the new name")
            assert app.lobby_alert == "Ayşe is taken at this table: you sit as Ayşe 2"
            assert server.seats[1].name == "Ayşe 2"
            await other.wait_for(lambda: "Ayşe 2" in names(other), 5)
            # Once the match starts the name is kept: no line, no key.
            await other.start()
            await until(pilot, lambda: not app.can_rename, "started")
            assert not app.name_line()
    finally:
        await other.close()
        await server.close()


async def test_a_seat_taken_back_keeps_the_name_it_chose_without_a_false_note() -> None:
    """A browser friend who chose "Elif" and reloads the page comes back with the seat's
    token and the link's "Guest": the seat is still Elif's, and nothing says "Guest is
    taken at this table: you sit as Elif"."""
    server = await open_table(bot_delay=5, grace=60.0)
    first = await RemoteTable.join(server.url, server.code, "Guest")
    try:
        await first.rename("Elif")
        await first.wait_for(lambda: names(first) == ["Elif"], 5)
        await first.start()
        await first.wait_for(lambda: first.started, 5)
        token = first.token
        await first.close()
        app = RemoteApp(Seat(server.url, code=server.code, name="Guest", token=token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None and app.table.started, "back")
            await pilot.pause(0.1)
            assert app.own_name() == "Elif"
            assert app.lobby_alert == ""
    finally:
        await first.close()
        await server.close()
