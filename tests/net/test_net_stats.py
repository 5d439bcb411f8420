"""Hands played at a table with friends count in each person's own statistics
(``okey101 stats``), as hands played at home do: once each, though the table tells a
hand's result again to a seat back after a rejoin. A real table on loopback; the other
seats are bots; every wait is bounded."""

from __future__ import annotations

from net_helpers import easy_move, shows, until

from okey_tui import stats
from okey_tui.engine.rules import RuleSet
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.table import TableScreen

MAX_MOVES = 400  # far more of one seat's moves than a hand takes


async def play_out(pilot, app: RemoteApp) -> None:  # type: ignore[no-untyped-def]
    """The app's seat plays its turns (an easy bot's moves) until the hand is scored."""
    for _ in range(MAX_MOVES):
        table = app.table
        assert table is not None
        if table.hand_over:
            return
        if table.has_view and table.view().turn == table.seat:
            await easy_move(table)
        else:
            await pilot.pause(0.02)
    raise AssertionError("the hand never ended")


async def test_a_network_hand_counts_once_in_the_players_own_statistics() -> None:
    server = TableServer(RuleSet(hands=3), 7, ("easy",) * 4, grace=60.0)
    await server.start()
    try:
        app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await pilot.press("enter")  # the lead starts
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            await play_out(pilot, app)
            # Written as the table's word of the scored hand comes: the view may say the
            # hand is over a message before it (on a busy machine the app closed between).
            await until(pilot, lambda: len(stats.read()) == 1, "the hand written")
            assert app.table is not None
            seat, token = app.table.seat, app.table.token
        records = stats.read()
        assert len(records) == 1
        (record,) = records
        assert record["play"] == stats.NETWORK and record["hand"] == 1
        assert [line["kind"] for line in record["seats"]] == [
            "human" if n == seat else "easy" for n in range(4)
        ]
        assert record["seats"][seat]["name"] == "Ayşe"
        assert stats.summarise(records)["Ayşe"].hands == 1

        # Back with the seat's token: the table tells the scored hand again; it is not
        # counted again. The next hand counts as the second.
        again = RemoteApp(Seat(server.url, token=token, name="Ayşe"))
        async with again.run_test(size=(120, 40)) as pilot:
            await until(
                pilot,
                lambda: again.table is not None and again.table.hand_over,
                "the scored hand told again",
            )
            assert len(stats.read()) == 1
            assert again.table is not None
            await again.table.next_hand()
            await until(
                pilot,
                lambda: again.table is not None and again.table.hand_number == 1,
                "the second hand",
            )
            await play_out(pilot, again)
            await until(pilot, lambda: len(stats.read()) == 2, "the second hand written")
        assert [r["hand"] for r in stats.read()] == [1, 2]
        assert stats.summarise(stats.read())["Ayşe"].hands == 2
    finally:
        await server.close()
