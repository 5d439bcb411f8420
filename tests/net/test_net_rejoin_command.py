"""The command that takes a seat back is copied whole: on a line of its own, unwrapped in
the quit question where the screen is wide enough, and printed whole on the terminal.

A play-tester pressed q at a table joined from a terminal and read "okey101 join
127.0.0.1:18101 / --token / o-AXE-vWep…" over three lines of the dialog; after quitting, the
terminal split the token itself ("…--token o-AXE-vWepCWDa7ght" / "Cdwvrk3R4SKrjK …").
"""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner
from net_helpers import open_table, shows, until
from textual.app import App
from textual.widgets import Static

from okey_tui import storage
from okey_tui.cli import main
from okey_tui.net.client import RemoteTable
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen


def screen_rows(app: App[Any]) -> list[str]:
    update = app.screen._compositor.render_update(full=True)
    return ["".join(strip.text for strip in row) for row in update.strips]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_quit_question_keeps_the_rejoin_command_on_one_line(
    size: tuple[int, int],
) -> None:
    server = await open_table(bot_delay=5, grace=60.0)
    lead = await RemoteTable.join(server.url, server.code, "Ayşe")
    app = RemoteApp(Seat(server.url, code=server.code, name="Mehmet"), keep_seat=True)
    try:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await lead.start()
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            await pilot.press("q")
            await until(pilot, lambda: shows(app, ConfirmScreen), "the quit question")
            await pilot.pause(0.1)
            table = app.table
            assert table is not None and table.token
            address = server.url.removeprefix("ws://")
            command = f"okey101 join {address} --token {table.token}"
            question = str(app.screen.query_one(".dialog-title", Static).render())
            # Each command on a line of its own; the token's is not the only way back from
            # this computer, which keeps it: the same command with the code takes it too.
            assert f"\n  {command}\n" in question, question
            assert question.endswith(f"\n  okey101 join {address} {server.code}"), question
            rows = screen_rows(app)
            assert any(command in row for row in rows), "\n".join(rows)
            assert any(f"okey101 join {address} {server.code}" in row for row in rows)
    finally:
        await lead.close()
        await server.close()


async def test_a_seat_taken_with_its_token_alone_is_told_the_token_command() -> None:
    """No join code known here (the seat was taken back with --token): the note offers
    only the --token command, never "okey101 join ADDRESS" with a code it does not know."""
    server = await open_table(bot_delay=5, grace=60.0)
    first = await RemoteTable.join(server.url, server.code, "Mehmet")
    try:
        await first.start()
        await first.wait_for(lambda: first.has_view, 5)
        token = first.token
        await first.close()
        app = RemoteApp(Seat(server.url, token=token), keep_seat=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, TableScreen), "back at the table")
            assert app.table is not None
            note = app.table.leave_note() or ""
            address = server.url.removeprefix("ws://")
            assert note.endswith(f"\n  okey101 join {address} --token {token}"), note
            assert "on this computer" not in note, note
    finally:
        await server.close()


def test_after_quitting_the_terminal_prints_the_command_whole_on_its_own_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = "o-AXE-vWepCWDa7ghtCdwvrk3R4SKrjK"

    class Seated:
        started = True

        def leave_note(self) -> str:  # as RemoteTable.leave_note says it
            return (
                "Your seat is kept (a bot plays it if you are not back soon). To take it "
                f"back, run:\n  okey101 join 127.0.0.1:18101 --token {token}\nor, on this "
                "computer (it keeps the token):\n  okey101 join 127.0.0.1:18101 K7M2QX"
            )

    def quit_seated(self) -> None:  # type: ignore[no-untyped-def]
        storage.keep_seat_token(self.table_key, token)
        self.table = Seated()

    monkeypatch.setattr(RemoteApp, "run", quit_seated)
    result = CliRunner().invoke(
        main, ["join", "127.0.0.1:18101", "K7M2QX", "--name", "Ayşe"], env={"COLUMNS": "60"}
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    command = f"  okey101 join 127.0.0.1:18101 --token {token}"
    assert command in lines, result.output  # whole, though wider than the terminal
    assert "  okey101 join 127.0.0.1:18101 K7M2QX" in lines, result.output
    # The words around it wrapped between words, within the terminal's 60 columns.
    assert all(len(line) <= 60 for line in lines if line != command), result.output
    assert "Your seat is kept" in lines[0], result.output
