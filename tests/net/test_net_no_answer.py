"""A table that leaves a move or a question unanswered past the wait (a host on a busy
machine, a poor link) is said on the line like a refusal, and the game goes on: the
person's app raised TimeoutError out of a key (the app ended with a traceback).

Every table is a real server on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import pytest
from net_helpers import open_table

from okey_tui.engine.actions import DrawMiddle
from okey_tui.engine.tiles import Tile
from okey_tui.net import client
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.table import NO_ANSWER, ActionRefused
from okey_tui.ui.local_table import LocalTable
from tests.positions import position
from tests.ui.ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

SILENT = "The table did not answer in time: look at the table, then try again"


def ignored(self: TableServer, *args: object) -> None:
    """The table's handler of a move or question, left without an answer."""


async def test_a_move_or_question_the_table_leaves_unanswered_is_refused_with_a_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client, "ANSWER_WAIT", 0.2)
    server = await open_table()
    try:
        table = await RemoteTable.join(server.url, server.code, "Ayşe")
        await table.start()
        await table.wait_for(lambda: table.has_view, 5)
        for handler in ("_act", "_check", "_plan"):
            monkeypatch.setattr(TableServer, handler, ignored)
        with pytest.raises(ActionRefused) as moved:
            await table.act(DrawMiddle())
        assert (moved.value.code, moved.value.message) == (NO_ANSWER, SILENT)
        asked = await table.check(DrawMiddle())
        assert asked is not None and asked.code == NO_ANSWER
        with pytest.raises(ActionRefused) as planned:
            await table.plan_adds([Tile.parse("R1")], 0)
        assert planned.value.code == NO_ANSWER
        # The seat is still at the table: nothing was cut off.
        assert table.connected
        await table.close()
    finally:
        await server.close()


async def test_an_add_whose_plan_the_table_leaves_unanswered_is_said_and_adds_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``a`` asks the table for each meld's order of the tiles: unanswered, the line says
    so and the rack and the table are as they were (the app ended with the error)."""

    async def unanswered(self: LocalTable, *args: object, **kwargs: object) -> object:
        raise ActionRefused("TimeoutError", NO_ANSWER, SILENT, worded=True)

    monkeypatch.setattr(LocalTable, "plan_adds", unanswered)
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K9 K5 Y7 R1 R1 B2 B12", "", "", ""],
            table=("0:K10K11K12K13", "3:K6K7K8"),
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "K5 K9")
        await pilot.press("a")
        await pilot.pause()
        assert app.is_running
        assert status_text(screen) == SILENT
        assert [str(tm.meld) for tm in app.session.hand.table] == ["K10 K11 K12 K13", "K6 K7 K8"]
        assert {"K5", "K9"} <= set(map(str, app.session.hand.racks[0]))
