"""Someone who joins a table whose match has begun is told who may still sit down there,
and how: its own players, with the same okey101 join on their computer or with the
--token printed when they left.

A play-tester read "Masa kabul etmedi: Oyun başladı: yalnızca oyuncuları geri dönebilir"
("only its players can rejoin"): neither whose players, nor how they come back.
"""

from __future__ import annotations

import pytest
from net_helpers import open_table, until
from textual.widgets import Static

from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.ui.remote import RemoteApp, Seat


async def test_a_late_joiner_is_told_who_can_come_back_and_how() -> None:
    server = await open_table(bot_delay=5)
    player = await RemoteTable.join(server.url, server.code, "Ayşe")
    try:
        await player.start()
        await player.wait_for(lambda: player.started, 5)
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, server.code, "Deniz", timeout=5)
        said = info.value.message
        assert "only the players at the table can come back" in said, said
        assert "okey101 join on their own computer" in said, said
        assert "--token they were given when they left" in said, said
        app = RemoteApp(Seat(server.url, code=server.code, name="Deniz"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: bool(app.problem), "refused")
            # The words alone, not after "The table said no:" (a colon after a colon).
            assert app.problem == said
            status = str(app.screen.query_one("#lobby-status", Static).render())
            assert status.startswith("The match has started: only the players"), status
            assert not app.can_retry  # the same no again: r is not offered
    finally:
        await player.close()
        await server.close()


async def test_leaving_the_lobby_says_the_command_with_the_name_asked_for() -> None:
    """Quit in the lobby as "Bora 2" (Bora was taken), the note said "okey101 join ADDRESS
    CODE sits you down again": run as printed, it sat the person under another name."""
    server = await open_table(bot_delay=5)
    player = await RemoteTable.join(server.url, server.code, "Bora Kaya")
    try:
        note = player.leave_note()
        assert note is not None
        assert note.splitlines()[-1].endswith(f" {server.code} --name 'Bora Kaya'"), note
    finally:
        await player.close()
        await server.close()
