"""A person away from a network table keeps their seat for the grace period, then a bot
plays it: the others see the seconds left counted down (under the seat's panel, and on
the line while the table waits on that person's turn), until the person is back or the
bot took the seat. They saw only "away", and "a bot plays if they are not back soon".

Every table is a real server on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from net_helpers import open_table, screen_statics_text, shows, until
from textual.widgets import Static

from okey_tui import i18n
from okey_tui.bots.driver import safe_action
from okey_tui.net.client import RemoteTable
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.board import PlayerPanel


@pytest.fixture
def turkish() -> Iterator[None]:
    i18n.set_language("tr")
    yield
    i18n.set_language("en")


def panel_of(screen: TableScreen, seat: int) -> PlayerPanel:
    return next(p for p in screen.player_panels if p.seat == seat)


def under(screen: TableScreen, seat: int) -> str:
    """What the seat's panel says under it (its border's subtitle)."""
    return str(panel_of(screen, seat).border_subtitle or "")


def inside_lines(screen: TableScreen, seat: int) -> str:
    """The seat's panel's lines (its frame aside)."""
    return str(panel_of(screen, seat).render())


def seconds_in(text: str, pattern: str) -> int | None:
    found = re.search(pattern, text, re.MULTILINE)
    return None if found is None else int(found.group(1))


def status(screen: TableScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def at_the_table(pilot, app: RemoteApp, *names: str) -> list[RemoteTable]:  # type: ignore[no-untyped-def]
    """Ayşe sits first (seat 0), the friends ``names`` after her, and she starts."""
    await until(pilot, lambda: app.table is not None, "seated")
    assert app.table is not None
    friends = [await RemoteTable.join(app.seat_info.url, app.seat_info.code, n) for n in names]
    await until(pilot, lambda: names[-1] in lobby(app), "the friends seated")
    await pilot.press("enter")  # Ayşe, the first to sit, starts
    await until(pilot, lambda: shows(app, TableScreen), "the table")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: screen.rack.count() > 0, "the rack dealt")
    return friends


def lobby(app: RemoteApp) -> str:
    return screen_statics_text(app.screen)


def table_screen(app: RemoteApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


async def test_the_others_see_the_grace_counted_down_under_the_panel_until_the_person_is_back() -> (
    None
):
    # 59.5 s: the count shows 60 and is down to 59 half a second after he leaves
    server = await open_table(bot_delay=5, grace=59.5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    mehmet: RemoteTable | None = None
    back: RemoteTable | None = None
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            (mehmet,) = await at_the_table(pilot, app, "Mehmet")  # seat 1, at the side
            screen = table_screen(app)
            assert "away" not in under(screen, 1)
            await mehmet.close(quitting=True)  # he quits (q)
            count = r"bot in (\d+) s"
            await until(pilot, lambda: seconds_in(under(screen, 1), count) is not None, "counted")
            first = seconds_in(under(screen, 1), count)
            assert first is not None and 55 <= first <= 60, under(screen, 1)
            # The note of his leaving says how long the table keeps the seat.
            said = [str(n.message) for n in app._notifications]
            assert any(
                re.fullmatch(r"Mehmet left the table: a bot plays their seat if they are not "
                             r"back in (5\d|60) s", n) for n in said
            ), said  # fmt: skip
            # Down with the table's clock, as it counts.
            await until(
                pilot,
                lambda: (seconds_in(under(screen, 1), count) or first) < first,
                "counted down",
                tries=200,
            )
            back = await RemoteTable.rejoin(server.url, mehmet.token)
            await until(pilot, lambda: under(screen, 1) == "", "back: no count, no away")
            await pilot.pause(0.6)  # a tick of the clock: the count does not come back
            assert under(screen, 1) == ""
    finally:
        for table in (mehmet, back):
            if table is not None:
                await table.close()
        await server.close()


async def test_once_the_grace_is_over_the_panel_says_a_bot_plays_the_seat() -> None:
    # 1.5 s: long enough for the countdown to be seen on a loaded machine before it ends.
    server = await open_table(bot_delay=5, grace=1.5)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    mehmet: RemoteTable | None = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            (mehmet,) = await at_the_table(pilot, app, "Mehmet")
            screen = table_screen(app)
            await mehmet.close()
            await until(pilot, lambda: "bot in" in under(screen, 1), "counted")
            await until(pilot, lambda: under(screen, 1) == "a bot plays", "the bot's", tries=300)
            assert server.bot_covers(server.seats[1])  # as the table has it
    finally:
        if mehmet is not None:
            await mehmet.close()
        await server.close()


async def test_at_80x24_the_panel_across_and_the_line_on_his_turn_count_down() -> None:
    """At 80x24 the panel across says it all; a side panel, 10 columns wide, keeps "away"
    (nothing cut off), and the line counts down on that person's turn, then says he is
    back."""
    server = await open_table(bot_delay=0, grace=59.5)  # the count down soon after he leaves
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    friends: list[RemoteTable] = []
    back: RemoteTable | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            # Mehmet at seat 1 plays after Ayşe; Zeynep sits across.
            friends = await at_the_table(pilot, app, "Mehmet", "Zeynep")
            mehmet, zeynep = friends
            screen = table_screen(app)
            # Mehmet away on his turn: the friends play up to Ayşe's, she plays, then the
            # table waits on him.
            for _ in range(100):
                if screen.my_turn:
                    break
                for friend in friends:
                    if friend.has_view and friend.view().my_turn:
                        await friend.act(safe_action(friend.view()))
                await pilot.pause(0.05)
            assert screen.my_turn
            if screen.view.phase.value == "d":
                await pilot.press("d")
                await until(pilot, lambda: bool(screen.fresh), "the drawn tile")
            await pilot.press("x")
            await until(pilot, lambda: screen.table.turn == 1, "Mehmet's turn")
            await mehmet.close()
            await zeynep.close()
            across = r"^away · a bot plays in (\d+) s$"
            await until(pilot, lambda: seconds_in(under(screen, 2), across) is not None, "across")
            await until(pilot, lambda: under(screen, 1) == "away", "the side panel")
            # Its border has no room for the seconds: they are on a line inside the panel.
            inside = r"^bot in (\d+) s$"
            await until(
                pilot, lambda: seconds_in(inside_lines(screen, 1), inside) is not None, "inside"
            )
            line = r"waiting for Mehmet \(away: a bot plays in (\d+) s\)$"
            await until(pilot, lambda: seconds_in(status(screen), line) is not None, "the line")
            assert status(screen).startswith("You discarded"), status(screen)
            first = seconds_in(status(screen), line)
            assert first is not None
            await until(
                pilot,
                lambda: (seconds_in(status(screen), line) or first) < first,
                "the line counted down",
                tries=200,
            )
            assert status(screen).startswith("You discarded"), status(screen)
            back = await RemoteTable.rejoin(server.url, mehmet.token)
            await until(
                pilot, lambda: status(screen).endswith("waiting for Mehmet"), "back, on the line"
            )
            assert under(screen, 1) == ""
            await back.wait_for(lambda: back is not None and back.has_view, 5)
            while back.view().my_turn:
                await back.act(safe_action(back.view()))
    finally:
        for table in [*friends, back]:
            if table is not None:
                await table.close()
        await server.close()


async def test_the_table_tells_each_away_seat_its_seconds_and_none_once_back() -> None:
    server = await open_table(bot_delay=5, grace=30.0)
    ayse = await RemoteTable.join(server.url, server.code, "Ayşe", record=True)
    mehmet = await RemoteTable.join(server.url, server.code, "Mehmet")
    back: RemoteTable | None = None
    try:
        await ayse.start()
        await ayse.wait_for(lambda: ayse.has_view, 5)
        assert [ayse.bot_takes_seat_at(n) for n in range(4)] == [None] * 4  # before: none
        await mehmet.close()
        await ayse.wait_for(lambda: ayse.bot_takes_seat_at(1) is not None, 5)
        assert [ayse.bot_takes_seat_at(n) is None for n in (0, 2, 3)] == [True] * 3
        assert ayse.received is not None
        lobby = [m for m in ayse.received if '"away_left"' in m][-1]
        assert re.search(r'"away_left": ?(29\.\d|30(\.0)?)\b', lobby), lobby
        back = await RemoteTable.rejoin(server.url, mehmet.token)
        await ayse.wait_for(lambda: ayse.bot_takes_seat_at(1) is None, 5)
    finally:
        for table in (ayse, mehmet, back):
            if table is not None:
                await table.close()
        await server.close()


async def test_at_80x24_in_turkish_a_side_panel_counts_down_inside_not_cut_in_its_border(
    turkish: None,
) -> None:
    """ "╰─ bağlantı … ─╯": the Turkish words for away fill a side panel's border at 80x24,
    so its person's seconds were never seen. The panel says both inside, whole, and counts
    down; its border cuts nothing."""
    server = await open_table(bot_delay=5, grace=89.5)  # the count down soon after he leaves
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    mehmet: RemoteTable | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            (mehmet,) = await at_the_table(pilot, app, "Mehmet")  # seat 1, at the side
            screen = table_screen(app)
            await mehmet.close()
            count = r"^bot:? (\d+) sn?( sonra)?$"
            await until(
                pilot, lambda: seconds_in(inside_lines(screen, 1), count) is not None, "inside"
            )
            assert "bağlantı yok" in inside_lines(screen, 1).splitlines()
            assert "…" not in under(screen, 1)
            first = seconds_in(inside_lines(screen, 1), count)
            assert first is not None and 80 <= first <= 90
            await until(
                pilot,
                lambda: (seconds_in(inside_lines(screen, 1), count) or first) < first,
                "counted down",
                tries=200,
            )
            panel = panel_of(screen, 1)
            width = panel.content_size.width
            assert all(len(line) <= width for line in inside_lines(screen, 1).splitlines())
    finally:
        if mehmet is not None:
            await mehmet.close()
        await server.close()
