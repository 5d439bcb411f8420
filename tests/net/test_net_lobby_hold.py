"""Before the match begins, a seat whose connection is lost (a browser page reloaded: its
game ends without quitting) waits for its person a while, with the name they chose there;
one left on purpose is free at once. Real tables on 127.0.0.1; bounded waits."""

from __future__ import annotations

import pytest
from net_helpers import open_table

from okey_tui.net import server as table_server
from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.protocol import ErrorCode


def people(table: RemoteTable) -> list[tuple[int, str, bool]]:
    return [(s.seat, s.name, s.connected) for s in table.seats() if s.level is None]


async def test_a_lost_connection_keeps_the_lobby_seat_and_its_chosen_name() -> None:
    server = await open_table()
    others = await RemoteTable.join(server.url, server.code, "Mehmet")
    guest = await RemoteTable.join(server.url, server.code, "Guest")
    try:
        await guest.rename("Deniz")
        await others.wait_for(lambda: "Deniz" in [n for _s, n, _c in people(others)], 5)
        token, seat = guest.token, guest.seat
        await guest.close()  # lost, not left: the page was reloaded
        await others.wait_for(lambda: (seat, "Deniz", False) in people(others), 5)
        # Nobody takes it meanwhile: the next to join sits elsewhere.
        newcomer = await RemoteTable.join(server.url, server.code, "Deniz")
        assert newcomer.seat != seat
        await newcomer.close(quitting=True)
        back = await RemoteTable.rejoin(server.url, token)
        try:
            assert back.seat == seat
            await back.wait_for(lambda: (seat, "Deniz", True) in people(back), 5)
        finally:
            await back.close(quitting=True)
    finally:
        await others.close()
        await server.close()


async def test_a_seat_left_on_purpose_is_free_at_once() -> None:
    server = await open_table()
    others = await RemoteTable.join(server.url, server.code, "Mehmet")
    try:
        leaving = await RemoteTable.join(server.url, server.code, "Deniz")
        seat = leaving.seat
        await leaving.close(quitting=True)
        await others.wait_for(lambda: all(s != seat for s, _n, _c in people(others)), 5)
        assert not server.seats[seat].human
    finally:
        await others.close()
        await server.close()


async def test_a_seat_not_taken_back_in_time_is_free_and_its_token_is_no_guess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the hold the seat is free; the token a browser kept for it is refused as no
    seat's, and not counted against the address as a guessed one (the host was told of a
    wrong join code)."""
    monkeypatch.setattr(table_server, "LOBBY_HOLD", 0.2)
    server = await open_table()
    alerts: list[str] = []
    server.on_alert = alerts.append
    others = await RemoteTable.join(server.url, server.code, "Mehmet")
    try:
        gone = await RemoteTable.join(server.url, server.code, "Deniz")
        token, seat = gone.token, gone.seat
        await gone.close()
        await others.wait_for(lambda: all(s != seat for s, _n, _c in people(others)), 5)
        for _try in range(server.limits.code_tries + 1):
            with pytest.raises(JoinError) as refused:
                await RemoteTable.rejoin(server.url, token)
            assert refused.value.code == ErrorCode.BAD_TOKEN.value
        assert not alerts, alerts
        again = await RemoteTable.join(server.url, server.code, "Deniz")
        await again.close(quitting=True)
    finally:
        await others.close()
        await server.close()


async def test_a_seat_held_when_the_match_starts_is_its_persons_and_a_bot_plays_it() -> None:
    server = await open_table(bot_delay=0.0, grace=0.0)
    lead = await RemoteTable.join(server.url, server.code, "Mehmet")
    away = await RemoteTable.join(server.url, server.code, "Deniz")
    token, seat = away.token, away.seat
    try:
        await away.close()
        await lead.wait_for(lambda: (seat, "Deniz", False) in people(lead), 5)
        server.start_match()
        await lead.wait_for(lambda: lead.started, 5)
        assert server.seats[seat].name == "Deniz" and server.bot_covers(server.seats[seat])
        back = await RemoteTable.rejoin(server.url, token)
        assert back.seat == seat
        await back.close(quitting=True)
    finally:
        await lead.close()
        await server.close()
