"""A bot at a network table is named like a hot-seat table's bot: a name alone, which
Turkish inflects ("Can'ın"); that the seat is a bot is said beside the name, never in it.

A Turkish play-tester read "Can (bot)'un" over a bot's pile (the possessive glued after
"(bot)") beside "Zeynep'in" for another bot; the hot-seat table said "Can'ın".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_helpers import shows, until
from textual.widgets import Static

from okey_tui import i18n
from okey_tui.engine.rules import RuleSet
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.table import TableScreen


@pytest.fixture
def turkish() -> Iterator[None]:
    i18n.set_language("tr")
    yield
    i18n.set_language("en")


async def table_titles() -> tuple[list[str], list[str], str]:
    """The host (seat 1) alone with three bots, in the language set: the other seats' pile
    titles and player box subtitles on the table screen, and the lobby's seat lines."""
    server = TableServer(RuleSet(hands=1), 5, ("easy", "easy", "hard", "normal"), bot_delay=5)
    app = RemoteApp(Seat("", name="Ayşe", join_line="{port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        assert not app.problem
        seats = app.screen.query_one("#lobby-seats", Static)
        await until(pilot, lambda: "Can" in str(seats.render()), "the lobby lists the seats")
        lobby = str(app.screen.query_one("#lobby-seats", Static).render())
        await pilot.press("enter")
        await until(pilot, lambda: shows(app, TableScreen), "the table screen")
        screen = app.screen
        await until(pilot, lambda: screen.query_one("#pile-3").border_title, "the piles titled")
        await pilot.pause(0.1)
        piles = [str(screen.query_one(f"#pile-{n}").border_title) for n in (1, 2, 3)]
        boxes = [str(screen.query_one(f"#seat-{n}").border_subtitle) for n in (1, 2, 3)]
    return piles, boxes, lobby


async def test_a_bots_pile_is_titled_with_its_name_inflected_in_turkish(turkish: None) -> None:
    piles, boxes, lobby = await table_titles()
    assert piles == ["Mehmet'in", "Zeynep'in", "Can'ın"], piles
    assert not any("bot" in title for title in piles)
    # Its box says what plays it: a bot of that level, as at the hot-seat table.
    assert boxes == ["kolay", "zor", "normal"], boxes
    assert "Koltuk 3: Zeynep (bot, zor)" in lobby, lobby
    assert "Koltuk 4: Can (bot, normal)" in lobby, lobby


async def test_a_bots_pile_reads_right_in_english() -> None:
    piles, boxes, lobby = await table_titles()
    assert piles == ["Mehmet's pile", "Zeynep's pile", "Can's pile"], piles
    assert boxes == ["easy", "hard", "normal"], boxes
    assert "Seat 2: Mehmet (bot, easy)" in lobby, lobby
