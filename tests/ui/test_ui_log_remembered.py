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


async def test_a_terminal_several_people_share_neither_applies_nor_keeps_the_choice() -> None:
    """The log hidden at an earlier table was Ayşe's at a hot-seat table, not Mehmet's (his
    came back): each person's l is their own there, from the size's choice, and none of
    them rewrites the remembered choice."""
    from ui_helpers import wait_for_screen

    from okey_tui.settings import save_settings
    from okey_tui.ui.screens.privacy import PrivacyScreen
    from okey_tui.ui.screens.table import TableScreen

    save_settings(TableSettings(log_hidden=True))
    settings = load_settings().with_changes(
        humans=2, human_names=("Mehmet",), name="Ayşe", bots=("easy", "easy", "easy")
    )
    app = make_app(settings=settings, ask=False, seed=125, bot_delay=0, remember=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.log_shown()  # Ayşe's: as the size has it
        await pilot.press("l")
        assert not screen.log_shown()
        assert load_settings().log_hidden is True  # untouched: hidden before, still
        await pilot.press("l")
        assert screen.log_shown() and load_settings().log_hidden is True
