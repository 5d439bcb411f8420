"""Below 80 x 24 in a browser the notice speaks of the page and the browser window: it said
"The terminal is 102×23", and a visitor has no terminal to make bigger. (The page shrinks
its font first: tests/web/test_web_resize_browser.py.) In a terminal it stays as it was."""

from __future__ import annotations

import pytest
from test_web_table_selection import table_app
from textual.widgets import Static

from okey_tui.ui.screens.dialogs import TooSmallScreen
from okey_tui.web import WEB_ENV


@pytest.mark.parametrize("browser", [True, False])
async def test_the_small_notice_names_the_browser_window_in_a_browser(
    browser: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if browser:
        monkeypatch.setenv(WEB_ENV, "1")
    else:
        monkeypatch.delenv(WEB_ENV, raising=False)
    app = table_app()
    async with app.run_test(size=(102, 23)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small", Static).render())
    assert "102×23" in text and "80×24" in text and "q quits" in text, text
    assert ("terminal" in text) is not browser, text
    assert ("browser window" in text) is browser, text
