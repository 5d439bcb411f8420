"""A hosted table survives kill -9: ``okey101 host --resume`` opens it again from its
autosave, on its port with its join code, and its players rejoin with their tokens to
the same seat, rack and rack order. Real processes on 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path

import click
import pytest
from net_helpers import play_step, start_host

from okey_tui import storage
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.server import TableServer

NAMES = ("Ayşe", "Mehmet", "Zeynep", "Can")


async def rejoin(url: str, token: str) -> RemoteTable:
    """The seat back, trying while the host starts again (at most 10 s)."""
    for _ in range(100):
        try:
            return await RemoteTable.rejoin(url, token, timeout=2)
        except (OSError, TimeoutError, JoinError):
            await asyncio.sleep(0.1)
    raise AssertionError("the seat could not be taken back")


def hosted_save() -> Path:
    saves = sorted(storage.hosted_dir().glob("*.json"))
    assert len(saves) == 1, saves
    return saves[0]


async def test_kill_9_then_host_resume_gives_every_seat_its_rack_and_rack_order_back() -> None:
    first, text = await start_host(
        "--port", "0", "--hands", "3", "--bots", "easy", "--seed", "5", "--bot-delay", "0"
    )
    found = re.search(r"Join with: okey101 join (\S+):(\d+) (\w+)", text)
    assert found is not None
    host, port, code = found.groups()
    url = f"ws://{host}:{port}"
    tables = [await RemoteTable.join(url, code, name) for name in NAMES]
    second: asyncio.subprocess.Process | None = None
    backs: list[RemoteTable] = []
    try:
        await tables[0].start()
        for t in tables:
            await t.wait_for(lambda t=t: t.has_view, 10)
        for _ in range(11):  # some moves: draws, discards, maybe a lay
            await play_step(tables)
        top = max(t.version for t in tables)
        for t in tables:
            await t.wait_for(lambda t=t: t.version == top, 10)
        # Seat 2 puts its rack in its own order (reversed, a gap in the middle).
        slots: list[str | None] = [str(tile) for tile in reversed(tables[1].view().rack)]
        slots.insert(len(slots) // 2, None)
        slots += [None] * (len(slots) % 2)
        tables[1].keep_layout(slots)
        await tables[2].say("hâlâ buradayım")
        async with asyncio.timeout(10):  # the rack order and the chat reach the autosave
            while True:
                saved = storage.load(hosted_save())
                assert saved is not None
                seats = saved.extra["table"]["seats"]
                if seats[1]["layout"] == slots and saved.extra["table"]["chat"]:
                    break
                await asyncio.sleep(0.05)
        before = [t.view() for t in tables]
        tokens = [t.token for t in tables]

        first.send_signal(signal.SIGKILL)  # no goodbye, no last save
        await first.wait()
        for t in tables:
            await t.wait_for(lambda t=t: not t.connected, 10)

        second, text = await start_host("--resume")
        assert f"resumed on ws://127.0.0.1:{port}" in text  # the same port, the same code
        assert f"{port} {code}" in text
        backs = [await rejoin(url, token) for token in tokens]
        for n, back in enumerate(backs):
            await back.wait_for(lambda back=back: back.has_view, 10)
            assert back.seat == n
            assert back.view() == before[n]  # the same rack, table, piles, turn
        assert backs[1].layout() == slots
        assert [line.text for line in backs[0].chat_lines] == ["hâlâ buradayım"]
        assert [s.name for s in backs[0].seats()] == list(NAMES)

        # The match goes on from there: a full round of moves, every seat's rack follows.
        for _ in range(8):
            await play_step(backs)
        top = max(t.version for t in backs)
        for back in backs:
            await back.wait_for(lambda back=back, top=top: back.version == top, 10)
        assert [back.view() for back in backs] != before
    finally:
        for t in [*tables, *backs]:
            await t.close()
        for process in (first, second):
            if process is not None and process.returncode is None:
                process.terminate()
                async with asyncio.timeout(10):
                    await process.wait()


def test_a_save_that_is_not_a_hosted_tables_is_refused_whole(tmp_path: Path) -> None:
    match = Match(RuleSet(hands=1), 3)
    good = {
        "version": 1,
        "code": "ABC234",
        "port": 0,
        "levels": ["easy"] * 4,
        "seats": [{"name": "Ayşe", "token": "t" * 20, "joined": 1, "layout": None}] * 4,
        "chat": [],
    }
    for broken in (
        {},  # a local match's save
        {"table": {**good, "version": 9}},
        {"table": {**good, "levels": ["wizard"] * 4}},
        {"table": {**good, "seats": []}},
        {"table": {**good, "code": "no such code!"}},
    ):
        path = tmp_path / "table.json"
        storage.save(match, broken, path)
        with pytest.raises(ValueError):
            TableServer.resume(path)
    path = tmp_path / "table.json"
    storage.save(match, {"table": good}, path)
    server = TableServer.resume(path)
    assert server.code == "ABC234" and [s.name for s in server.seats] == ["Ayşe"] * 4
    assert server.started and server.match is not None


async def test_a_resumed_table_tells_its_hand_from_the_deal_with_each_penalty_in_full(
    tmp_path: Path,
) -> None:
    """The moves of a hand before the table was resumed live in the table's save: a seat
    that comes back reads them in its log, each once (a turn under way is replayed), and
    the hand's report names the tile and the turn of a penalty paid before the resume."""
    from net_helpers import open_table, seat_four

    from okey_tui.engine.actions import Discard, DrawMiddle, parse_action
    from okey_tui.engine.tiles import Tile
    from tests.positions import position

    path = tmp_path / "table.json"
    first = await open_table(save_path=path, grace=60.0)  # no bot plays a seat that leaves
    tables = await seat_four(first)
    try:
        await tables[0].start()
        for t in tables:
            await t.wait_for(lambda t=t: t.has_view, 10)
        assert first.match is not None
        # A short hand: seat 1 draws the last tile of the middle after seat 0's throw.
        hand = first.match.hand
        runs = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12"
        hand.restore(position(["B8 R5 K3", runs, "R2", "R3"], middle="R1", rest="discard2"))
        hand.apply(Discard(Tile.parse("B8")))  # the okey thrown: +101
        hand.apply(DrawMiddle())
        # Seat 1 opens and has not thrown yet: the save is made in the middle of its turn.
        hand.apply(parse_action("open R10R11R12R13 Y10Y11Y12Y13 K10K11K12", hand.okey))
        first.save_now()
        tokens = [t.token for t in tables]
    finally:
        for t in tables:
            await t.close()
        await first.close()

    second = TableServer.resume(path, grace=0.0)
    await second.start()
    back: RemoteTable | None = None
    try:
        # Seat 3 comes back; bots play the seats still away, and the hand ends.
        back = await rejoin(second.url, tokens[3])
        await back.wait_for(lambda: back is not None and back.hand_over, 10)
        thrown = [e for e in back.events if e.kind == "discard" and e.seat == 0]
        assert [e.tiles for e in thrown] == [(Tile.parse("B8"),)]
        # The turn under way was replayed from the save, and is told once.
        assert [e.seat for e in back.events if e.kind == "open"] == [1]
        report = back.report()
        assert report is not None
        (note,) = report.notes
        assert (note.seat, note.tile, note.turn) == (0, Tile.parse("B8"), 1)
    finally:
        if back is not None:
            await back.close()
        await second.close()


async def test_a_bots_moves_for_an_away_player_are_still_the_bots_after_a_resume(
    tmp_path: Path,
) -> None:
    """A bot played for an away player, and the table was saved in the middle of that turn:
    the resumed table replays the turn, and its log still says the bot played it."""
    from net_helpers import open_table, seat_four

    from okey_tui.engine.actions import Discard, DrawMiddle, parse_action
    from okey_tui.engine.tiles import Tile
    from tests.positions import position

    path = tmp_path / "table.json"
    first = await open_table(save_path=path, grace=60.0)
    tables = await seat_four(first)
    try:
        await tables[0].start()
        await tables[0].wait_for(lambda: tables[0].has_view, 10)
        assert first.match is not None
        hand = first.match.hand
        runs = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12"
        hand.restore(position(["B8 R5 K3", runs, "R2", "R3"], middle="R1", rest="discard2"))
        hand.apply(Discard(Tile.parse("R5")))
        # A bot plays seat 1 for its person, who is away: it draws and opens, and the
        # table is saved before it throws (the opening is replayed on a resume).
        for action in (
            DrawMiddle(),
            parse_action("open R10R11R12R13 Y10Y11Y12Y13 K10K11K12", hand.okey),
        ):
            first._mark_stand_in(hand, 1, len(hand.apply(action)))
        first.save_now()
        token = tables[1].token
    finally:
        for t in tables:
            await t.close()
        await first.close()

    second = TableServer.resume(path, grace=60.0)
    assert second.match is not None and second.match.hand.events  # the turn was replayed
    await second.start()
    back: RemoteTable | None = None
    try:
        back = await rejoin(second.url, token)
        await back.wait_for(lambda: back is not None and back.has_view, 10)
        played = [e for e in back.events if e.seat == 1]
        assert [e.kind for e in played] == ["draw", "open"]
        assert all(e.bot for e in played)
    finally:
        if back is not None:
            await back.close()
        await second.close()


def test_a_table_hosted_with_a_web_page_keeps_its_port_for_the_resume(tmp_path: Path) -> None:
    """host --web, killed, then host --resume: nothing served the page again, and the
    friends who had joined from a browser could not come back. The table keeps its page's
    port, and the resume serves it there (host.py); a bad port in the save is ignored."""
    match = Match(RuleSet(hands=1), 3)
    server = TableServer(RuleSet(hands=1), 3, ("easy",) * 4, save_path=tmp_path / "t.json")
    server.web_port = 18002
    table = server.table_extra()["table"]
    assert isinstance(table, dict) and table["web_port"] == 18002
    path = tmp_path / "table.json"
    storage.save(match, {"table": table}, path)
    assert TableServer.resume(path).web_port == 18002
    for bad in (None, "18002", True, 0, 70000):
        storage.save(match, {"table": {**table, "web_port": bad}}, path)
        assert TableServer.resume(path).web_port is None
    plain = TableServer(RuleSet(hands=1), 3, ("easy",) * 4).table_extra()["table"]
    assert isinstance(plain, dict) and "web_port" not in plain


def test_a_resumed_table_keeps_its_turn_time_and_pace_unless_given_again(
    tmp_path: Path,
) -> None:
    """okey101 host --resume played on with no turn time and the default pace: the players
    had been told "Each turn has 40 s", and the table waited for ever on a person who had
    gone. The table keeps both in its save; given again, the new ones count."""
    path = tmp_path / "table.json"
    server = TableServer(
        RuleSet(hands=1), 3, ("easy",) * 4, port=0, save_path=path, bot_delay=0.3, turn_time=40
    )
    server.match = Match(RuleSet(hands=1), 3)
    server.save_now()
    again = TableServer.resume(path)
    assert (again.turn_time, again.bot_delay) == (40.0, 0.3)
    given = TableServer.resume(path, paces={"turn_time": 0.0})
    assert (given.turn_time, given.bot_delay) == (0.0, 0.3)


def test_a_resumed_table_keeps_its_grace_period_unless_given_again(tmp_path: Path) -> None:
    """A table hosted with --grace 20 and resumed counted an away seat down from 30 s:
    the save kept the turn time and the pace, not the grace period. It keeps it now; given
    again, the new one counts."""
    path = tmp_path / "table.json"
    server = TableServer(RuleSet(hands=1), 3, ("easy",) * 4, port=0, save_path=path, grace=20)
    server.match = Match(RuleSet(hands=1), 3)
    server.save_now()
    assert TableServer.resume(path).grace == 20.0
    assert TableServer.resume(path, paces={"grace": 45.0}).grace == 45.0


@pytest.mark.parametrize(("given", "passed"), [([], None), (["--grace", "12"], 12.0)])
def test_host_resume_passes_a_grace_period_only_when_one_is_given(
    monkeypatch: pytest.MonkeyPatch, given: list[str], passed: float | None
) -> None:
    """``okey101 host --resume`` gave the table 30 s whatever it was hosted with: --grace's
    default went to the resume as if typed, over the table's own."""
    from click.testing import CliRunner

    from okey_tui.cli import main
    from okey_tui.commands import host as host_command

    seen: list[tuple[dict[str, object], dict[str, float]]] = []

    def resumed(
        port: int | None, options: dict[str, object], paces: dict[str, float], table_id: str
    ) -> None:
        seen.append((options, paces))
        raise click.ClickException("stop here")

    monkeypatch.setattr(host_command, "_resumed", resumed)
    result = CliRunner().invoke(main, ["host", "--resume", "--no-seat", *given])
    assert result.exit_code == 1 and "stop here" in result.output, result.output
    [(options, paces)] = seen
    assert "grace" not in options
    assert paces.get("grace") == passed
