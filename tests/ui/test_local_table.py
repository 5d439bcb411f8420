"""The local table tells its screen about the bots' moves: every move when the bots pause
between moves, at most once a frame (and always after the last move) when they do not."""

from __future__ import annotations

import asyncio

import pytest
from ui_helpers import OPENING_SEED, _session

from okey_tui.bots.driver import safe_action
from okey_tui.settings import TableSettings
from okey_tui.ui import local_table
from okey_tui.ui.local_table import LocalTable


async def _bots_round(bot_delay: float) -> tuple[int, list[int], int]:
    """The person discards; the three bots play until the turn comes back.

    The moves the bots made, the number of events the table had at each call of the
    listener, and the number it had once the bots stopped.
    """
    session = _session(TableSettings(bots=("easy", "easy", "easy")), OPENING_SEED)
    table = LocalTable(session, bot_delay=bot_delay)
    told: list[int] = []
    table.set_listener(lambda: told.append(len(session.events)))
    assert session.human_to_play
    await table.act(safe_action(table.view()))
    before = len(session.events)
    told.clear()  # the person's own move
    for _ in range(500):
        if not table.bots_playing:
            break
        await asyncio.sleep(0.01)
    assert not table.bots_playing and session.human_to_play
    await table.close()
    return len(session.events) - before, told, len(session.events)


async def test_bots_with_a_pause_tell_the_screen_every_move() -> None:
    moves, told, end = await _bots_round(bot_delay=0.001)
    assert moves >= 6  # three bots, each draws and discards
    assert len(told) == moves
    assert told[-1] == end


async def test_instant_bots_tell_the_screen_once_a_frame_and_after_their_last_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(local_table, "BOT_FRAME", 3600.0)  # a frame longer than the round
    moves, told, end = await _bots_round(bot_delay=0)
    assert moves >= 6
    assert told == [end]  # once, with every move made


def test_a_penalty_before_a_resume_is_told_with_its_tile_and_turn_in_the_report(tmp_path) -> None:
    """The hand's first moves live in the save, not in the resumed hand: the summary still
    says which tile cost the penalty, and on which turn."""
    from okey_tui import storage
    from okey_tui.engine.actions import Discard
    from okey_tui.engine.tiles import Tile
    from okey_tui.ui.session import Session
    from tests.positions import position

    session = _session(TableSettings(bots=("easy", "easy", "easy")), OPENING_SEED)
    session.hand.restore(position(["B8 R5 K3", "R1", "R2", "R3"], middle="K13", rest="discard2"))
    session.act(Discard(Tile.parse("B8")))  # the okey thrown: +101
    path = tmp_path / "match.json"
    storage.save(session.match, session.save_extra(), path)
    saved = storage.load(path)
    assert saved is not None
    resumed = Session.resume(saved, None)
    resumed.play_bots()
    assert resumed.hand.is_over
    resumed.finish_hand()
    report = LocalTable(resumed).report()
    assert report is not None
    (note,) = report.notes
    assert (note.seat, note.tile, note.turn) == (0, Tile.parse("B8"), 1)


def test_a_match_saved_in_the_middle_of_a_turn_tells_that_turn_once_after_a_resume(
    tmp_path,
) -> None:
    """A hand saved mid-turn is rebuilt by replaying the turn's moves: the log kept with
    the save already holds them, and the resumed log tells each move once."""
    from okey_tui import storage
    from okey_tui.bots.base import make_bot
    from okey_tui.engine.actions import Open
    from okey_tui.ui.session import Session

    session = _session(TableSettings(bots=("easy", "easy", "easy")), OPENING_SEED)
    opening = make_bot("normal").choose(session.view())
    assert isinstance(opening, Open)
    session.act(opening)  # laid down; the turn goes on until a discard
    path = tmp_path / "match.json"
    storage.save(session.match, session.save_extra(), path)
    saved = storage.load(path)
    assert saved is not None
    resumed = Session.resume(saved, None)
    assert [(e.kind, e.seat) for e in resumed.events] == [("deal", 0), ("open", 0)]
    assert [e.text for e in resumed.events] == [e.text for e in session.events]


async def test_a_move_chosen_while_the_bots_are_held_waits_for_them_to_go_on() -> None:
    """The quit question holds the bots: a move a bot was still thinking of as it opened
    landed under it. It waits until the bots go on."""
    import threading

    session = _session(TableSettings(bots=("easy", "easy", "easy")), OPENING_SEED)
    table = LocalTable(session, bot_delay=0)
    thinking, answer = threading.Event(), threading.Event()
    choose = session.choose

    def slow_choose(seat, view):  # type: ignore[no-untyped-def]
        thinking.set()
        answer.wait(5)
        return choose(seat, view)

    session.choose = slow_choose  # type: ignore[method-assign]
    table.set_listener(lambda: None)
    await table.act(safe_action(table.view()))
    for _ in range(500):  # the first bot is thinking
        if thinking.is_set():
            break
        await asyncio.sleep(0.01)
    assert thinking.is_set()
    moves = len(session.events)
    table.hold_bots(True)
    answer.set()  # it has chosen, under the question
    await asyncio.sleep(0.2)
    assert len(session.events) == moves and table.bots_playing
    table.hold_bots(False)
    for _ in range(500):
        if len(session.events) > moves:
            break
        await asyncio.sleep(0.01)
    assert len(session.events) > moves
    await table.close()
