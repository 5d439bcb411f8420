"""Another match at the same table: at a match's end the people there may play again
without a new table, a new code and everyone joining anew (they had to quit, and the
host to open another table)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from net_helpers import play_hand_out, settle
from test_net_remote_ui import a_hand_played_out

from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import ErrorCode
from okey_tui.net.server import TableServer


@contextlib.asynccontextmanager
async def one_hand_played(
    seed: int = 7, **options: Any
) -> AsyncIterator[tuple[TableServer, list[RemoteTable]]]:
    """A one-hand table of four people (``options``: the table's), its hand played out to
    its end and every client caught up."""
    async with a_hand_played_out(hands=1, seed=seed, **options) as (server, tables):
        await settle(tables, server)
        yield server, tables


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
    async with one_hand_played(save_path=path) as (_server, tables):
        assert not path.exists()  # a finished match is no table to open again
        for table in tables:
            await table.again()
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        saved = json.loads(path.read_text())
        assert saved["extra"]["table"]["match_number"] == 2
    resumed = TableServer.resume(path)
    assert resumed.match_number == 2 and resumed.resumable
    # A save from before matches were counted opens as the first.
    saved["extra"]["table"].pop("match_number")
    path.write_text(json.dumps(saved))
    assert TableServer.resume(path).match_number == 1


async def test_the_new_matchs_first_turn_has_its_own_clock() -> None:
    """Seed 1: the one-hand match ends on Mehmet's turn, and the next match's first turn is
    his again. The table took it for the same turn going on: no clock started, and a time
    up left over from the last match made a bot throw for him at once."""
    async with one_hand_played(seed=1) as (server, tables):
        assert server.match is not None
        last_turn = server.match.hand.turn
        server.turn_time = 0.3  # from here on each turn has a clock
        for table in tables:
            await table.again()
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        hand = server.match.hand
        assert hand.turn == last_turn  # the case: the same seat to play, hand 0 again
        # His clock runs out, and his bot plays the rest of the turn (with no clock
        # started, the turn waited for ever).
        player = tables[hand.turn]
        await player.wait_for(lambda: any(e.bot for e in player.events), 5)


async def soon(condition: Callable[[], bool]) -> None:
    """Until ``condition`` holds (the table's own state), at most 5 s."""
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never came")


async def test_the_last_matchs_rack_order_never_lays_out_the_new_match() -> None:
    """Ayşe arranged her rack at the end of a one-hand match and lost her connection on its
    summary; the others played again. Her rack order of hand 0 (match 1) was carried to her
    new connection and laid over hand 0 of match 2, scattering the new rack."""
    from okey_tui.ui.remote import carry_layout

    async with one_hand_played() as (server, tables):
        old = tables[0]
        assert server.match is not None
        first = [str(t) for t in server.match.hand.racks[0]]
        old.keep_layout((first + [None] * 30)[:30])  # arranged on the last summary
        await soon(lambda: server.seats[0].layout is not None)
        old._ws.transport.abort()  # her connection dies there
        await soon(lambda: server.seats[0].conn is None)
        for table in tables[1:]:
            await table.again()
        await tables[1].wait_for(lambda: tables[1].match_number == 2, 5)
        new = await RemoteTable.rejoin(server.url, old.token)
        tables.append(new)  # closed with the others
        await new.wait_for(lambda: new.has_view, 5)
        carry_layout(old, new)
        # A late order of the last match, sent straight to the table, is dropped too.
        await new._send_quietly({"type": "layout", "slots": " ".join(first), "hand": 0, "match": 1})
        await new.ping(5)
        await new.wait_for(lambda: 5 in new.pongs, 5)
        assert server.seats[0].layout is None and new.layout() is None


async def test_an_again_for_a_match_not_yet_played_is_no_yes() -> None:
    async with a_hand_played_out(hands=1) as (server, tables):
        await settle(tables, server)
        await tables[1]._send_quietly({"type": "again", "match": 99})
        await tables[1].ping(3)
        await tables[1].wait_for(lambda: 3 in tables[1].pongs, 5)
        assert not server.seats[1].ready and server.match_number == 1
        assert not tables[1].errors


async def test_a_friend_gone_on_purpose_at_the_end_has_a_bot_from_the_next_matchs_start() -> None:
    """Can quit on the last summary; the others played again. At his first turn the table
    waited the grace period for him ("a bot plays in 22 s"), though he had said goodbye."""
    notices: list[str] = []
    async with one_hand_played(grace=60.0) as (server, tables):
        server.on_notice = notices.append
        await tables[3].close(quitting=True)
        await soon(lambda: server.seats[3].conn is None)
        assert "Can left: a bot plays seat 4 until they rejoin" in notices
        for table in tables[:3]:
            await table.again()
        await tables[0].wait_for(lambda: tables[0].match_number == 2, 5)
        assert server.away_left(server.seats[3]) == 0.0
        assert server.bot_covers(server.seats[3])
