"""A whole hand over loopback WebSockets: four people, the host's engine decides."""

from __future__ import annotations

from net_helpers import MAX_ACTIONS, open_table, play_step, seat_four, settle

from okey_tui.engine.actions import DrawMiddle
from okey_tui.table import ActionRefused


async def test_four_players_play_a_hand_to_its_score() -> None:
    server = await open_table()
    try:
        tables = await seat_four(server)
        names = ["Ayşe", "Mehmet", "Zeynep", "Can"]
        # Every seat a person's (the bots before them bear these names too).
        await tables[0].wait_for(
            lambda: [(s.name, s.level) for s in tables[0].seats()] == [(n, None) for n in names]
        )
        assert tables[0].lead == 0
        assert all(s.level is None and s.connected for s in tables[0].seats())
        await tables[0].start()
        await settle(tables, server)
        for _ in range(MAX_ACTIONS):
            if server.match is not None and server.match.hand_scored:
                break
            await play_step(tables)
        assert server.match is not None and server.match.hand_scored
        for t in tables:
            await t.wait_for(lambda t=t: t.hand_over)
            assert t.totals() == tuple(server.match.totals())
            assert t.results[-1].totals() == server.match.results[-1].totals()
        assert server.bot_replacements == 0
    finally:
        for t in tables:
            await t.close()
        await server.close()


async def test_an_illegal_action_is_refused_with_the_engines_error_and_changes_nothing() -> None:
    server = await open_table()
    try:
        tables = await seat_four(server)
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        hand = server.match.hand
        before = hand.position()
        starter = tables[hand.turn]
        # The starter was dealt the extra tile: there is no draw on the first turn.
        try:
            await starter.act(DrawMiddle())
        except ActionRefused as exc:
            assert exc.error == "NotYourTurnError"
            assert exc.code == "first-turn-no-draw"
        else:
            raise AssertionError("the draw was accepted")
        other = tables[(hand.turn + 1) % 4]
        try:
            await other.act_text("discard R1")
        except ActionRefused as exc:
            assert exc.code == "not-your-turn"
            # The player to play by name ("seat 1" read against the protocol's seats,
            # which count from 0, was another seat).
            name = server.seats[hand.turn].name
            assert name and exc.args[0] == f"It is not your turn: {name} plays", exc.args
        else:
            raise AssertionError("an action out of turn was accepted")
        try:
            await starter.act_text("fly away")
        except ActionRefused as exc:
            assert exc.error == "NotationError"
        else:
            raise AssertionError("nonsense was accepted")
        assert server.match.hand.position() == before
    finally:
        for t in tables:
            await t.close()
        await server.close()


async def test_a_plan_of_adds_gives_the_okeys_readings_and_follows_the_one_chosen() -> None:
    """plan answers with what an okey among the tiles may stand for (readings), and an
    okey_as makes the okey stand for that tile; a bad okey_as is refused, nothing changes."""
    from okey_tui.engine.tiles import Tile
    from tests.positions import position

    server = await open_table()
    try:
        tables = await seat_four(server)
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        hand = server.match.hand
        hand.restore(
            position(
                ["B10 B8 K1 K2 K9", "R1 R2 R3", "Y1 Y2 Y3", "K4 K5 K6"],
                table=("1:B6B7*B8B9",),
                openings="m101/m101/-/-",
                phase="p",
            )
        )
        server._broadcast_state()  # the seats see the position set up here
        before = hand.position()
        ayse = tables[0]
        await ayse.wait_for(lambda: ayse.view().okey == hand.okey and len(ayse.view().table) == 1)
        b10, okey = Tile.parse("B10"), hand.okey
        assert await ayse.okey_readings([b10, okey], 0) == [Tile.parse("B5"), Tile.parse("B11")]
        steps, bad = await ayse.plan_adds([okey, b10], 0, okey_as=Tile.parse("B11"))
        assert bad is None and [s.text(okey) for s in steps] == ["add B10>0", "add *B11>0"]
        assert await ayse.okey_readings([b10], 0) == []
        errors = len(ayse.errors)
        await ayse._ws.send('{"type":"plan","tiles":"B10 B8","target":0,"id":999,"okey_as":"Z9"}')
        await ayse.wait_for(lambda: len(ayse.errors) > errors)
        assert ayse.errors[-1][0] == "bad-field"
        assert hand.position() == before
    finally:
        for t in tables:
            await t.close()
        await server.close()
