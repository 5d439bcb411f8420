"""Two friends who give the same name: the second sits as "Ayşe 2" (the lowest number
free, not the seat's number), and is told so in the lobby. If the first Ayşe leaves the
lobby before the match starts, the second takes the plain name back and the note goes;
once the match has started the names stay as they are."""

from __future__ import annotations

from net_helpers import open_table, shows, until

from okey_tui.net.client import RemoteTable
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat


def names(table: RemoteTable) -> list[str]:
    return [s.name for s in table.seats() if s.level is None]


async def test_the_second_of_a_name_is_number_2_and_gets_the_name_back_when_it_is_free() -> None:
    server = await open_table()
    tables: list[RemoteTable] = []
    try:
        tables.append(await RemoteTable.join(server.url, server.code, "Mehmet"))
        tables.append(await RemoteTable.join(server.url, server.code, "Ayşe"))
        second = await RemoteTable.join(server.url, server.code, "Ayşe")
        tables.append(second)
        await second.wait_for(lambda: len(names(second)) == 3, 5)
        assert names(second) == ["Mehmet", "Ayşe", "Ayşe 2"]
        third = await RemoteTable.join(server.url, server.code, "AYSE")  # sounds the same
        tables.append(third)
        await third.wait_for(lambda: len(names(third)) == 4, 5)
        assert names(third) == ["Mehmet", "Ayşe", "Ayşe 2", "AYSE 3"]
        # The first Ayşe leaves the lobby: the others are named again, in join order.
        await tables[1].close(quitting=True)
        await second.wait_for(lambda: len(names(second)) == 3, 5)
        assert names(second) == ["Mehmet", "Ayşe", "AYSE 2"]
        assert [s.name for s in server.seats if s.human] == ["Mehmet", "Ayşe", "AYSE 2"]
        # Once the match has started, a name is kept whoever leaves.
        await tables[0].start()
        await second.wait_for(lambda: second.started, 5)
        await second.close()
        await third.wait_for(lambda: not any(s.connected for s in third.seats()[2:3]), 5)
        assert [s.name for s in server.seats if s.human] == ["Mehmet", "Ayşe", "AYSE 2"]
    finally:
        for t in tables:
            await t.close()
        await server.close()


async def test_the_note_of_a_rename_goes_when_the_plain_name_comes_back() -> None:
    server = await open_table(bot_delay=5)
    first = await RemoteTable.join(server.url, server.code, "Ayşe")
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, LobbyScreen), "the lobby")
            note = "Ayşe is taken at this table: you sit as Ayşe 2"
            await until(pilot, lambda: app.lobby_alert == note, "the note of the rename")
            await first.close(quitting=True)  # leaves on purpose: the name is free
            await until(pilot, lambda: app.lobby_alert == "", "the note gone")
            assert app.table is not None
            mine = [s.name for s in app.table.seats() if s.seat == app.table.seat]
            assert mine == ["Ayşe"]
    finally:
        await first.close()
        await server.close()


async def test_a_friend_who_asks_to_be_called_you_sits_as_their_seat() -> None:
    """Every screen calls its own player "You" ("Sen" in Turkish): a friend named so was
    "You" on the others' screens too ("You discarded R2" of someone else). Such a name is
    the seat's ("Player 2"); the command line refuses it outright (tests/test_cli_checks)."""
    server = await open_table()
    tables: list[RemoteTable] = []
    try:
        tables.append(await RemoteTable.join(server.url, server.code, "Mehmet"))
        second = await RemoteTable.join(server.url, server.code, "you")
        tables.append(second)
        third = await RemoteTable.join(server.url, server.code, "SEN")
        tables.append(third)
        await third.wait_for(lambda: len(names(third)) == 3, 5)
        assert names(third) == ["Mehmet", "Player 2", "Player 3"]
    finally:
        for t in tables:
            await t.close()
        await server.close()
