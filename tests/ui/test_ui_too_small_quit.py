"""Below 80x24 the "terminal is 70×20" notice took no key, q included, and did not say how
to leave: q asks to quit as at the table (the match is saved either way), the notice says
q quits, and growing the terminal under the question brings the table back after it."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets import Static
from ui_helpers import table_app

from okey_tui import i18n
from okey_tui.ui.screens.dialogs import ConfirmScreen, TooSmallScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.keybar import KeyBar


def keys_shown(screen: Screen[object]) -> list[str]:
    """The keys the screen's key bar shows."""
    return [key for key, _label in screen.query_one(KeyBar).items()]


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("language", "says"), [("en", "q quits"), ("tr", "q çıkar")])
async def test_q_on_the_small_terminal_notice_asks_to_quit(language: str, says: str) -> None:
    i18n.set_language(language)
    app = table_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small", Static).render())
        assert "70×20" in text and says in text, text
        notice = app.screen
        assert keys_shown(notice) == ["q"]
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen), type(app.screen)
        await pilot.pause()
        # The key bar under the question says its keys (it said "q Quit" still).
        assert keys_shown(notice) == list(i18n.answer_keys()[:2]), keys_shown(notice)
        await pilot.press(i18n.answer_keys()[1])  # no: the notice again, still small
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.pause()
        assert keys_shown(notice) == ["q"]
        await pilot.press("q")
        await pilot.press(i18n.answer_keys()[0])
    assert app.return_code == 0


async def test_ctrl_c_on_the_notice_asks_too() -> None:
    app = table_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+c")
    assert app.return_code == 0


async def test_a_terminal_grown_under_the_question_shows_the_table_after_it() -> None:
    app = table_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), type(app.screen)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)


async def test_the_notice_under_the_question_goes_when_the_window_grows() -> None:
    """q on the notice, then the window grew: the notice stayed behind the question
    ("The terminal is 70×20"). It goes at once, the question still there to answer."""
    app = table_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.resize_terminal(120, 40)
        for _ in range(5):
            await pilot.pause()
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert isinstance(app.screen, ConfirmScreen) and app.screen.quits
        assert isinstance(app.screen_stack[-2], TableScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), type(app.screen)
        await pilot.press("q")  # asked again, and yes quits
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
    assert app.return_code == 0
