"""A turn time (``okey101 host --turn-time``): a person who lets their turn run past it
no longer stalls the table; their seat's bot plays the rest of that turn, the log says
so, and the person plays their own next turn. Without one, the table waits."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from net_helpers import easy_move, open_table, shows, until
from test_net_remote_ui import lobby_text, status_line
from textual.pilot import Pilot
from textual.widgets import RichLog

from okey_tui.engine.actions import Action, Discard
from okey_tui.engine.state import Phase
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.board import PlayerPanel
from tests.ui.rendered import screen_text

AYSE = 0


@contextlib.asynccontextmanager
async def alone_at_a_table(turn_time: float) -> AsyncIterator[tuple[TableServer, RemoteTable]]:
    """Ayşe at seat 1 with three bots, the match started, and her turn come."""
    server = await open_table(turn_time=turn_time, levels=("easy",) * 4)
    ayse = await RemoteTable.join(server.url, server.code, "Ayşe")
    try:
        await ayse.start()
        await ayse.wait_for(lambda: ayse.has_view and ayse.view().turn == AYSE, 5)
        yield server, ayse
    finally:
        await ayse.close()
        await server.close()


@contextlib.asynccontextmanager
async def on_her_screen(
    turn_time: float, lobby_says: str = ""
) -> AsyncIterator[tuple[RemoteApp, Pilot[None], TableScreen]]:
    """Ayşe's screen at a table of bots: she starts the match from the lobby (which says
    ``lobby_says``) and her turn has come."""
    server = await open_table(turn_time=turn_time, bot_delay=0)
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: "Ayşe" in lobby_text(app), "seated")
            assert lobby_says in lobby_text(app)
            if lobby_says:  # on the screen, not only in a widget's text (it was cut off)
                await pilot.pause()
                assert lobby_says in screen_text(app), screen_text(app)
            await pilot.press("enter")  # the lead starts the match
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await until(pilot, lambda: screen.my_turn, "her turn")
            yield app, pilot, screen
    finally:
        await server.close()


@contextlib.asynccontextmanager
async def news_held_back(screen: TableScreen, table: RemoteTable) -> AsyncIterator[None]:
    """Her screen hears of no change of the table meanwhile, then of all of them at once:
    as when several changes reach the table before the screen handles the first."""
    table.set_listener(None)
    try:
        yield
    finally:
        table.set_listener(screen.tell_table_changed)
    screen.tell_table_changed()


def her_moves(table: RemoteTable) -> list[tuple[str, bool]]:
    return [(e.kind, e.bot) for e in table.events if e.seat == AYSE and e.kind != "deal"]


async def test_a_turn_that_runs_past_the_turn_time_is_played_by_the_seats_bot() -> None:
    notices: list[str] = []
    async with alone_at_a_table(0.3) as (server, ayse):
        server.on_notice = notices.append
        assert her_moves(ayse) == []
        # She does nothing: her bot draws and discards for her, and the turn moves on.
        await ayse.wait_for(lambda: any(kind == "discard" for kind, _ in her_moves(ayse)), 5)
        moves = her_moves(ayse)
        assert moves and all(bot for _, bot in moves), moves
        assert any("Time is up for Ayşe" in n for n in notices), notices
        # Her next turn is hers again: she plays it herself, in time, and no bot does.
        await ayse.wait_for(lambda: ayse.view().turn == AYSE or ayse.hand_over, 5)
        if not ayse.hand_over:
            played = len(her_moves(ayse))
            await easy_move(ayse)
            await ayse.wait_for(lambda: len(her_moves(ayse)) > played, 5)
            assert not any(bot for _, bot in her_moves(ayse)[played:])


async def test_a_turn_begun_in_time_is_finished_by_the_bot_when_the_time_runs_out() -> None:
    """She drew, then stopped: the bot throws for her; her draw stays hers."""
    async with alone_at_a_table(0.5) as (_server, ayse):
        await easy_move(ayse)  # her draw (or take)
        await ayse.wait_for(lambda: her_moves(ayse) != [], 5)
        first = her_moves(ayse)[0]
        assert first[1] is False
        await ayse.wait_for(lambda: ayse.view().turn != AYSE or ayse.hand_over, 5)
        assert her_moves(ayse)[0] == first
        assert her_moves(ayse)[-1][1] is True  # the rest of the turn: her bot's


async def test_without_a_turn_time_the_table_waits_for_the_person() -> None:
    async with alone_at_a_table(0.0) as (server, ayse):
        version = server.version
        await asyncio.sleep(0.5)
        assert server.version == version and ayse.view().turn == AYSE
        assert ayse.view().phase is Phase.DRAW and her_moves(ayse) == []


async def test_the_screen_counts_the_turn_down_and_says_the_bot_played() -> None:
    """Ayşe's own screen: the seconds left beside her name, and the log's word that a bot
    played for her once they ran out; then her line says it as her next turn comes."""
    lobby = "Each turn has 2 s: a bot plays the rest of a turn that runs over"
    async with on_her_screen(2.0, lobby) as (_app, pilot, screen):
        mine = screen.query_one("#seat-0", PlayerPanel)
        await until(pilot, lambda: not screen.waiting, "her screen has seen her turn come")

        def title() -> str:
            return str(mine.border_title)

        await until(pilot, lambda: title().startswith("▶ Ayşe · ") and "s" in title(), "clock")
        # Counted once her turn is on the screen (the same change that draws her clock says
        # her turn came): before it, a first turn that came after the deal was not counted.
        came = screen.turns_came  # her screen has said her turn came this many times
        assert title().removeprefix("▶ Ayşe · ").removesuffix(" s") in ("1", "2")
        # What her line said each time her turn came, and the events it had spoken for: read
        # later, the line may say the moves after (her next turn run out too, on a busy
        # machine, and a bot's opening after it).
        said_at: dict[int, tuple[str, int]] = {}
        turn_came = screen.turn_came

        def turn_came_and_said() -> None:
            turn_came()
            said_at[screen.turns_came] = (str(status_line(screen)), screen._covered_told[1])

        screen.turn_came = turn_came_and_said  # type: ignore[method-assign]
        log = screen.query_one("#log", RichLog)
        await until(
            pilot,
            lambda: any("A bot for you" in line.text for line in log.lines),
            "the log says a bot played for her",
            tries=400,
        )
        await until(pilot, lambda: not title().startswith("▶"), "her turn passed")
        assert " s" not in title()
        # Her next turn: her line says first what the bot did for her (the log, out of
        # sight on a small screen, was the only word of it).
        await until(
            pilot,
            lambda: screen.turns_came > came or screen.table.hand_over,
            "her screen says her turn came again",
        )
        if came + 1 in said_at:
            line, said_up_to = said_at[came + 1]
            assert line.startswith("A bot for you"), line
            # Said once: the line led with it again turns later. Only a bot's move for her
            # made after the line said it is still to say: the moves the screen had seen
            # when it spoke are not.
            assert said_up_to <= len(screen.table.events)
            newer = screen.table.events[said_up_to:]
            assert all(any(e is n for n in newer) for e in screen.covered())
        else:
            assert screen.table.hand_over  # the hand ended before her turn came again


async def test_a_turn_gone_round_in_one_change_still_says_what_the_bot_did() -> None:
    """Her turn ran out, her bot played it and the others theirs before her screen handled
    the first of those changes (a busy computer, bots without delay): the screen, told
    once with her turn back, still says what the bot did and that it is her turn."""
    async with on_her_screen(1.0) as (_app, pilot, screen):
        table = screen.table
        assert isinstance(table, RemoteTable)
        await until(pilot, lambda: not screen.waiting, "her screen has seen her turn come")
        async with news_held_back(screen, table):  # until her turn is back
            await table.wait_for(
                lambda: (
                    any(e.bot and e.seat == AYSE for e in table.events)
                    and table.view().turn == AYSE
                    and table.view().phase is Phase.DRAW
                ),
                10,
            )
        await pilot.pause()  # handled at once: her next turn has 1 s before a bot plays it
        said = str(status_line(screen))
        assert said.startswith("A bot for you"), said
        assert "Your turn" in said


async def test_a_discard_answered_after_the_others_played_says_her_turn_came_back() -> None:
    """The table's answer to her discard reaches her screen only after the others (bots
    without delay) have played and her turn is back: her line says it is her turn, as
    when their moves come one by one, not what she discarded a round ago."""
    async with on_her_screen(0.0) as (_app, pilot, screen):
        table = screen.table
        assert isinstance(table, RemoteTable)
        await pilot.press("d")
        await until(pilot, lambda: screen.view.phase is Phase.PLAY, "she drew")
        send = table.act

        async def answered_late(action: Action, timeout: float = 10.0) -> None:
            async with news_held_back(screen, table):  # the changes wait behind the answer
                await send(action, timeout)
                await table.wait_for(
                    lambda: table.view().turn == AYSE and table.view().phase is Phase.DRAW, 10
                )

        table.act = answered_late  # type: ignore[method-assign]
        assert await screen.act(Discard(screen.view.rack[0]))
        said = str(status_line(screen))
        assert said.endswith((screen.turn_hint(), "Your turn")), said
        assert "You discarded" not in said  # the move that ended her last turn is old news
        await pilot.pause()
        assert str(status_line(screen)) == said  # the late news changes nothing


async def test_back_on_a_turn_whose_time_ran_out_while_away_the_bot_plays_it() -> None:
    """Her connection dropped on her turn and the time ran out while the grace period kept
    her seat: back at the table, the clock said 0 s but nobody played; now her bot does."""
    server = await open_table(turn_time=0.3, grace=30.0, levels=("easy",) * 4)
    ayse = await RemoteTable.join(server.url, server.code, "Ayşe")
    back: RemoteTable | None = None
    try:
        await ayse.start()
        await ayse.wait_for(lambda: ayse.has_view and ayse.view().turn == AYSE, 5)
        token = ayse.token
        await ayse.close()
        await asyncio.sleep(0.6)  # her time runs out while she is away
        assert server.match is not None and server.match.hand.turn == AYSE
        back = await RemoteTable.rejoin(server.url, token)
        table = back
        await table.wait_for(lambda: any(kind == "discard" for kind, _ in her_moves(table)), 5)
        assert all(bot for _, bot in her_moves(table))
    finally:
        if back is not None:
            await back.close()
        await server.close()


async def test_the_line_warns_as_the_last_ten_seconds_come_and_a_turn_in_time_is_hers() -> None:
    """An 11 s turn: her line says when 10 s are left (not as the turn comes, over the
    news of the others' moves), and counts down with the clock (it said "10 seconds left"
    beside a clock at 5 s); she plays in time, and no bot plays for her."""
    async with on_her_screen(11.0) as (app, pilot, screen):
        said = "10 seconds left: then a bot plays the rest of your turn"
        assert said not in str(status_line(screen))
        await until(pilot, lambda: said in str(status_line(screen)), "the warning", tries=600)
        later = "9 seconds left: then a bot plays the rest of your turn"
        await until(pilot, lambda: later in str(status_line(screen)), "the count", tries=600)
        table = app.table
        assert isinstance(table, RemoteTable)
        for _ in range(4):  # her own moves, in time (an easy bot's choice)
            if not screen.my_turn:
                break
            version = table.version
            await easy_move(table)
            await until(pilot, lambda v=version: table.version > v, "her move")
        await until(pilot, lambda: not screen.my_turn, "her discard")
        mine = [e for e in table.events if e.seat == AYSE and e.kind != "deal"]
        assert mine and not any(e.bot for e in mine)


async def test_melds_staged_in_a_turn_the_bot_played_on_go_back_on_the_rack() -> None:
    """Her turn ran out with melds staged: the bot threw for her, and her screen showed
    the staged opening ("Opening: 24 / 101", "Esc back") through the others' turns."""
    async with on_her_screen(2.0) as (_app, pilot, screen):
        await until(pilot, lambda: not screen.waiting, "her screen has seen her turn come")
        await pilot.press("d", "s", "o")
        await until(pilot, lambda: bool(screen.staging.melds), "melds staged")
        staged = sorted(map(str, screen.staging.tiles()))
        await until(pilot, lambda: not screen.my_turn, "the bot played on", tries=400)
        await pilot.pause()
        assert not screen.staging.melds
        held = sorted(map(str, screen.view.rack))
        on_rack = sorted(str(t) for t in screen.rack.slots if t is not None)
        assert on_rack == held  # every tile she holds on the rack, none left staged
        assert set(staged) & set(held)  # the staged tiles are among them (but a thrown one)


async def test_a_question_or_a_chooser_open_as_the_bot_plays_her_turn_is_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Add to which meld?" open as her turn ran out: the bot played, the match's summary
    came over the chooser, and Enter on it added a tile she no longer held: the host's
    game ended in a traceback. A penalty question left open the same way answered y with
    nothing done. Both close as the turn is played for her; neither answers."""
    from okey_tui.ui.screens.dialogs import ChooserScreen, ConfirmScreen

    answered: list[object] = []

    async def then(answer: object) -> None:
        answered.append(answer)

    async with on_her_screen(2.0) as (app, pilot, screen):
        await until(pilot, lambda: not screen.waiting, "her screen has seen her turn come")
        await pilot.press("d")
        await until(pilot, lambda: screen.view.phase is Phase.PLAY, "she drew")
        await screen.choose("Add to which meld?", [("one", 1), ("two", 2)], then)
        await pilot.pause()
        assert isinstance(app.screen, ChooserScreen)
        await until(pilot, lambda: not screen.my_turn, "the bot played on", tries=400)
        await until(pilot, lambda: app.screen is screen, "the chooser closed")
        await pilot.press("enter")  # nothing chosen: the table's own Enter
        await pilot.pause()
        await until(pilot, lambda: screen.my_turn, "her turn again", tries=600)
        await until(pilot, lambda: not screen.waiting, "her screen has seen it")
        # The penalty question of a move, as x on a playable tile asks it (the question
        # itself made up here: her hand may hold no such tile).
        from okey_tui.engine.actions import DrawMiddle
        from okey_tui.ui.screens import table_policies

        monkeypatch.setattr(table_policies, "penalty_warning", lambda view, action: "+101")
        monkeypatch.setattr(table_policies, "penalty_question", lambda view, action: "Sure?")
        assert screen.practice.confirm(DrawMiddle(), lambda: then("discarded"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await until(pilot, lambda: not screen.my_turn, "the bot played on", tries=400)
        await until(pilot, lambda: app.screen is screen, "the question closed")
        await pilot.press("y")
        await pilot.pause()
        assert answered == []
        assert app.is_running
