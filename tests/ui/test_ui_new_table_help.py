"""? on the new-table screen: a newcomer met a form of table options, pressed ? and got
nothing, no word of the game nor of Practice. The help says what the game is, what the
screen is for and its keys, then the rules; its own keys are shown under it."""

from __future__ import annotations

import pytest
from rendered import screen_text
from textual.widgets import Footer, Input

from okey_tui import i18n
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.help import HelpScreen
from okey_tui.ui.screens.setup import NewTableScreen


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_help_on_the_new_table_screen(key: str) -> None:
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, NewTableScreen)
        await pilot.press(key)
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        text = " ".join(screen_text(app).split())  # all of it in sight at 80x24 but the rules
        assert "Turn Practice on" in text and "lowest total wins" in text
        # The screen's keys, the lines' ← → too, then the rules; not the table's mouse.
        for words in ("↑ ↓ Go to the line", "← → Change the line's choice", "esc Quit"):
            assert words in text, words
        assert help_screen.query("#rules")
        assert not help_screen.query("#mouse-legend") and not help_screen.query("#rack-legend")
        # Its keys in sight: no table key bar below it here.
        footer = help_screen.query_one(Footer)
        assert footer.region.bottom == 24 and footer.region.height >= 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup


async def test_a_question_mark_in_the_name_box_is_typed() -> None:
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, NewTableScreen)
        name = setup.query(Input).first()
        name.focus()
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is setup and name.value.endswith("?"), name.value  # typed, "You" selected
        # The bar offers the key that opens the help from there: F1, not ?.
        bar = screen_text(app).splitlines()[-1]
        assert "F1 Help" in bar and "? Help" not in bar, bar
        await pilot.press("f1")  # F1 opens it from there
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
