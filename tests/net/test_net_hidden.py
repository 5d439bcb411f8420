"""A client receives only its seat's view and the public events: never another rack
while the hand is played, the middle's order, another seat's draw or another seat's
token. Once the hand is over, its report turns every rack over, as at a real table."""

from __future__ import annotations

import json
import re
from typing import Any

from net_helpers import MAX_ACTIONS, open_table, play_step, seat_four, settle

from okey_tui.engine.view import PlayerView
from okey_tui.net.protocol import PUBLIC_EVENT_KINDS, event_for, view_from_json

TILE = re.compile(r"F|[RYBK]\d{1,2}")
# Where a tile may appear in what seat 0 receives (list indices left out).
ALLOWED_TILE_PATHS = {
    "view.rack",
    "view.indicator",
    "view.table.tiles",
    "view.table.stands_for",
    "view.table.okey_owners",
    "view.discards",
    "view.taken.tile",
    "events.tiles",
    # The melds a lay, an add or a swap is about: public moves, on the table for all.
    "events.melds.tiles",
    "events.melds.stands_for",
    # The end-of-hand report: the table, the indicator, the penalties' tiles (all public
    # moves) and, the hand being over, every seat's tiles left (sent in no other message).
    "report.indicator",
    "report.table.tiles",
    "report.table.stands_for",
    "report.table.okey_owners",
    "report.last_discard",
    "report.notes.tile",
    "report.seats.tiles_left",
}


def tile_paths(value: Any, path: str = "") -> set[str]:
    """The paths of every string in ``value`` that is exactly a tile."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "type":
                continue
            found |= tile_paths(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for item in value:
            found |= tile_paths(item, path)
    elif isinstance(value, str) and TILE.fullmatch(value):
        found.add(path)
    return found


async def test_every_byte_seat_0_receives_over_a_hand_holds_only_what_it_may_see() -> None:
    server = await open_table()
    tables = await seat_four(server, record=True)
    try:
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        hand = server.match.hand
        middle_at_deal = [str(t) for t in hand.middle]
        secrets_of_others = [t.token for t in tables[1:]]
        seen = 0
        other_draws = 0
        for _ in range(MAX_ACTIONS):
            await settle(tables, server)
            received = tables[0].received
            assert received is not None
            fresh, seen = received[seen:], len(received)
            # The others' racks as the server writes a list (a rack of a few tiles may be
            # a discard pile's too: only those of four or more).
            hidden = [
                json.dumps([str(t) for t in hand.racks[s]], separators=(",", ":"))
                for s in (1, 2, 3)
                if len(hand.racks[s]) >= 4
            ]
            middle_now = [str(t) for t in hand.middle]
            for raw in fresh:
                for token in secrets_of_others:
                    assert token not in raw
                for rack in hidden:
                    # Only the end-of-hand report turns the racks over (checked below).
                    assert rack not in raw or '"type":"hand_over"' in raw
                if len(middle_now) >= 2:
                    assert json.dumps(middle_now[:2])[1:-1] + "]" not in raw
                message = json.loads(raw)
                assert tile_paths(message) <= ALLOWED_TILE_PATHS, message.get("type")
                if "report" in message:
                    assert message["type"] == "hand_over" and hand.is_over, "a rack too soon"
                for line in message.get("report", {}).get("seats", []):
                    # The hand is over: every rack is turned over, as it ended.
                    assert line["tiles_left"] == [str(t) for t in hand.racks[line["seat"]]]
                for event in message.get("events", []):
                    if event["seat"] != 0 and event["kind"] not in PUBLIC_EVENT_KINDS:
                        assert event["tiles"] == []
                        assert "melds" not in event
                        assert not TILE.search(event["text"])
                        other_draws += event["kind"] == "draw"
            # What seat 0 holds now is exactly the engine's view for seat 0.
            assert tables[0].view() == PlayerView.of(hand, 0, tuple(server.match.totals()))
            # and its log is exactly the hand's events as seat 0 may see them.
            assert list(tables[0].events) == [event_for(e, 0) for e in hand.events]
            if hand.is_over:
                break
            await play_step(tables)
        assert hand.is_over
        report = tables[0].report()
        assert report is not None, "the end-of-hand report was received and checked"
        assert [s.tiles_left for s in report.result.seats] == [tuple(r) for r in hand.racks]
        assert other_draws > 0  # the others did draw from the middle, and it was redacted
        # The middle's order never reached seat 0 in one piece.
        everything = "".join(tables[0].received or [])
        assert "".join(middle_at_deal) not in everything.replace('","', "")
        # Every state seat 0 got decodes to a view of seat 0.
        for raw in tables[0].received or []:
            message = json.loads(raw)
            if message["type"] == "state":
                assert view_from_json(message["view"]).seat == 0
    finally:
        for t in tables:
            await t.close()
        await server.close()


def test_another_seats_draw_and_unknown_event_kinds_reach_others_without_tiles() -> None:
    from okey_tui.engine.state import Event
    from okey_tui.engine.tiles import Tile

    draw = Event("draw", 2, "drew from the middle", (Tile.parse("R5"),))
    assert event_for(draw, 2) == draw
    assert event_for(draw, 0).tiles == ()
    secret = Event("peek", 1, "saw K13", (Tile.parse("K13"),), 13)
    assert event_for(secret, 0) == Event("peek", 1, "peek", (), 0)
    discard = Event("discard", 1, "discarded K13", (Tile.parse("K13"),))
    assert event_for(discard, 0) == discard
