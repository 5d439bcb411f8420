"""The starter of a later hand is told why their rack holds a tile more and their turn no
draw: a player who had finished hand 1 asked why they had 22 tiles again (the finisher
starts the next hand; the first hand's tip says it only of the first)."""

from __future__ import annotations

from ui_helpers import _play_first_hand, _session, status_text, wait_for_human, wait_for_screen

from okey_tui import storage
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen

SEED = 1  # hand 1 played by the driver ends with seat 0 to start hand 2


async def test_the_starter_of_a_later_hand_is_told_why_there_is_no_draw() -> None:
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(hands=3)
    session = _session(settings, SEED)
    _play_first_hand(settings, SEED, session)
    assert session.hand.is_over and session.match.next_starter() == 0
    storage.save(session.match, session.save_extra(), storage.new_save_path())
    app = make_app(settings=settings, ask=False, bot_delay=0, resume=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, HandSummaryScreen)
        await pilot.press("enter")  # the next hand
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert app.session.match.hand_number == 1 and app.session.hand.turn == 0  # (from 0)
        said = status_text(screen)
        assert said.startswith("You start this hand: 22 tiles, and no draw · Your turn"), said
