"""l hides the log beside the table; the next table (a reloaded web page, the next
``okey101 play``) showed it again. Hidden on a terminal wide enough to show it, it stays
hidden; a look at the log over a small terminal's table is not remembered."""

from __future__ import annotations

from ui_helpers import at_the_table

from okey_tui.settings import TableSettings, load_settings
from okey_tui.ui.app import make_app

SETTINGS = TableSettings(bots=("easy", "easy", "easy"))


async def test_the_log_hidden_with_l_stays_hidden_at_the_next_table() -> None:
    app = make_app(settings=SETTINGS, ask=False, seed=125, bot_delay=0, remember=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, app)
        assert screen.log_shown()
        await pilot.press("l")
        assert not screen.log_shown() and load_settings().log_hidden is True
    again = make_app(settings=load_settings(), ask=False, seed=126, bot_delay=0, remember=True)
    async with again.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, again)
        assert not screen.log_shown()
        await pilot.press("l")  # shown again: so at the next table
        assert screen.log_shown() and load_settings().log_hidden is False


async def test_a_look_at_the_log_on_a_small_terminal_is_not_remembered() -> None:
    app = make_app(settings=SETTINGS, ask=False, seed=125, bot_delay=0, remember=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, app)
        assert not screen.log_shown()
        await pilot.press("l")
        assert screen.log_shown()
        await pilot.press("l")
        assert not screen.log_shown()
    assert load_settings().log_hidden is False
