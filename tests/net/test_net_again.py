"""Another match at the same table: at a match's end the people there may play again
without a new table, a new code and everyone joining anew (they had to quit, and the
host to open another table)."""

from __future__ import annotations

import json
from pathlib import Path

from net_helpers import play_hand_out, seat_four, settle
from test_net_remote_ui import a_hand_played_out

from okey_tui.engine.rules import RuleSet
from okey_tui.net.protocol import ErrorCode
from okey_tui.net.server import TableServer


async def test_everyone_asking_again_deals_a_new_match_at_the_same_table() -> None:
    notices: list[str] = []
    async with a_hand_played_out(hands=1) as (server, tables):
        server.on_notice = notices.append
        first = server.match
        assert first is not None and first.is_over
        await settle(tables, server)
        assert all(t.match_over and t.match_number == 1 for t in tables)
        for table in tables[:3]:
            await table.again()
        # Three of four asked: the table waits for Can, and every seat is told who is ready.
        await tables[3].wait_for(lambda: sum(s.ready for s in tables[3].seats()) == 3, 5)
        assert server.match is first and server.waiting_for() == ["Can"]
        await tables[3].again()
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        await settle(tables, server)
        second = server.match
        assert second is not first and not second.is_over
        assert second.seed == first.seed + 1  # the next deals, as okey101 play's n deals
        assert server.match_number == 2 and any("Match 2 has started" in n for n in notices)
        for table in tables:
            # Nothing of the last match: no results, totals at 0, the new deal's log alone.
            assert table.match_number == 2 and table.hand_number == 0
            assert not table.match_over and not table.hand_over
            assert table.results == [] and table.totals() == (0, 0, 0, 0)
            assert table.report() is None
            assert [e.kind for e in table.events][:1] == [second.hand.events[0].kind]
            assert len(table.events) == len(second.hand.events)
            assert sorted(map(str, table.view().rack)) == sorted(
                map(str, second.hand.racks[table.seat])
            )
        assert not any(s.ready for s in server.seats)
        # The new match is played as the first was, and scored on its own.
        await play_hand_out(server, tables)
        await settle(tables, server)
        assert tables[0].match_over and len(tables[0].results) == 1


async def test_again_while_the_match_is_played_is_refused_and_the_table_goes_on() -> None:
    async with a_hand_played_out(hands=3) as (server, tables):
        await settle(tables, server)
        version = server.version
        await tables[1].again()
        await tables[1].wait_for(lambda: bool(tables[1].errors), 5)
        assert tables[1].errors[-1][0] == ErrorCode.MATCH_NOT_OVER.value
        assert server.version == version and server.match_number == 1
        assert not server.seats[1].ready
        # The next hand comes as ever.
        for table in tables:
            await table.next_hand()
        await tables[0].wait_for(lambda: tables[0].hand_number == 1, 5)
        assert tables[0].match_number == 1


async def test_a_late_again_for_a_match_played_past_is_let_pass() -> None:
    async with a_hand_played_out(hands=1) as (server, tables):
        await settle(tables, server)
        for table in tables:
            await table.again()
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        await settle(tables, server)
        version = server.version
        # Can's second word, for match 1, reaches the table in match 2: no error, no ready.
        await tables[3]._send_quietly({"type": "again", "match": 1})
        await tables[3].ping(7)
        await tables[3].wait_for(lambda: 7 in tables[3].pongs, 5)
        assert not tables[3].errors and server.version == version
        assert not server.seats[3].ready


async def test_those_still_there_play_again_when_the_others_have_gone() -> None:
    async with a_hand_played_out(hands=1) as (server, tables):
        await settle(tables, server)
        for table in tables[:2]:
            await table.again()
        await tables[0].wait_for(lambda: sum(s.ready for s in tables[0].seats()) == 2, 5)
        assert server.match_number == 1
        # Zeynep and Can quit at the match's end: the two who asked play on, bots for the rest.
        await tables[2].close(quitting=True)
        await tables[3].close(quitting=True)
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        assert server.match is not None and not server.match.is_over


async def test_the_host_deals_the_new_match_without_waiting_for_the_late() -> None:
    notices: list[str] = []
    async with a_hand_played_out(hands=1) as (server, tables):
        server.on_notice = notices.append
        await settle(tables, server)
        # Nobody asked: the host has nothing to deal.
        assert server.waiting_for() == [] and not server.deal_now()
        await tables[0].again()
        await tables[1].wait_for(lambda: any(s.ready for s in tables[1].seats()), 5)
        assert server.waiting_for() == ["Mehmet", "Zeynep", "Can"]
        assert server.deal_now()
        await tables[1].wait_for(lambda: tables[1].match_number == 2, 5)
        assert tables[1].host_dealt
        assert any(
            "The host dealt match 2 without waiting for Mehmet, Zeynep, Can" in n for n in notices
        )


async def test_the_saved_table_knows_which_match_it_plays(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    server = TableServer(RuleSet(hands=1), 7, ("easy",) * 4, grace=0.0, save_path=path)
    await server.start()
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        await play_hand_out(server, tables)
        await settle(tables, server)
        assert not path.exists()  # a finished match is no table to open again
        for table in tables:
            await table.again()
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        saved = json.loads(path.read_text())
        assert saved["extra"]["table"]["match_number"] == 2
    finally:
        for table in tables:
            await table.close()
        await server.close()
    resumed = TableServer.resume(path)
    assert resumed.match_number == 2 and resumed.resumable
    # A save from before matches were counted opens as the first.
    saved["extra"]["table"].pop("match_number")
    path.write_text(json.dumps(saved))
    assert TableServer.resume(path).match_number == 1
