"""A player's own look goes with them to a friend's table: colour-blind shapes and the dark
table chosen at home were the defaults again in `okey101 join` (and at the host's own
terminal), and turning the shapes on there was forgotten by the next game. A browser
visitor's seat (run for them on the host's computer) neither reads nor writes the host's
choices."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from net_helpers import open_table, shows, until

from okey_tui.cli import main
from okey_tui.net.protocol import BRIDGE_ENV, VISITOR_ENV
from okey_tui.settings import TableSettings, load_settings, save_settings
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.table import TableScreen


def test_only_the_look_is_taken_from_the_players_choices() -> None:
    mine = TableSettings(
        theme="dark", colour_blind=True, practice=True, game_type="rising", bots=("hard",) * 3
    )
    assert mine.own_choices() == TableSettings(theme="dark", colour_blind=True)
    quiet = TableSettings(bell=False, bots=("easy",) * 3)
    assert quiet.own_choices() == TableSettings(bell=False)


async def test_a_seat_at_a_friends_table_looks_as_the_player_chose_and_keeps_a_change() -> None:
    save_settings(TableSettings(theme="dark", colour_blind=True, practice=True, bell=False))
    server = await open_table(bot_delay=0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"), own_choices=True)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            assert app.has_class("-theme-dark")
            assert not app.settings.practice  # the host's table: no hints of one's own
            assert not app.settings.bell  # no bell on this player's turns: their choice
            await until(pilot, lambda: "Ayşe" in str(server.seats), "seated")
            await pilot.press("enter")  # the lead starts the match
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.colour_blind
            await pilot.press("c")
            assert not screen.colour_blind
            assert load_settings().colour_blind is False  # kept for next time
            assert load_settings().theme == "dark" and load_settings().practice
    finally:
        await server.close()


async def test_a_seat_not_the_players_own_neither_reads_nor_writes_their_choices() -> None:
    save_settings(TableSettings(theme="dark", colour_blind=False))
    server = await open_table(bot_delay=0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Zeynep"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            assert not app.has_class("-theme-dark")
            await until(pilot, lambda: "Zeynep" in str(server.seats), "seated")
            await pilot.press("enter")
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert not screen.colour_blind
            await pilot.press("c")
            assert screen.colour_blind
            assert load_settings().colour_blind is False  # as saved: not turned on
    finally:
        await server.close()


@pytest.mark.parametrize(("bridge", "own"), [(False, True), (True, False)])
def test_okey101_join_takes_the_players_look_and_not_for_a_browsers_visitor(
    monkeypatch: pytest.MonkeyPatch, bridge: bool, own: bool
) -> None:
    """`okey101 join` at a terminal sits with the player's look; run by the host's web page
    for a browser's visitor (the bridge in its environment), with the defaults."""
    from okey_tui.commands import terminal

    save_settings(TableSettings(colour_blind=True))
    seen: list[RemoteApp] = []
    monkeypatch.setattr(terminal, "run_app", seen.append)  # no screen: only the app made
    if bridge:
        monkeypatch.setenv(BRIDGE_ENV, "k" * 32)
        monkeypatch.setenv(VISITOR_ENV, "10.0.0.7")
    result = CliRunner().invoke(main, ["join", "127.0.0.1", "ABCDEF"])
    assert result.exit_code == 0, result.output
    (app,) = seen
    assert app.settings.colour_blind is own
    assert app.own_choices is own
