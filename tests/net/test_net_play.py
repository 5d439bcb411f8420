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
        await tables[0].wait_for(lambda: [s.name for s in tables[0].seats()] == names)
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
