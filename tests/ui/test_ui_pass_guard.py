"""The pass screen of a table shared by several people: an Enter typed by the person who
just played (out of habit: Enter lays melds down) showed them the next person's rack from
0.6 s on. Enter shows it only once the screen has been up a moment."""

from __future__ import annotations

import pytest
from ui_helpers import table_app

from okey_tui.ui.screens import privacy
from okey_tui.ui.screens.privacy import PrivacyScreen


async def test_enter_on_the_pass_screen_waits_a_moment(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(privacy, "PASS_GUARD", 0.5)
    answers: list[None] = []
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(PrivacyScreen("Pass to Mehmet"), answers.append)
        await pilot.pause()
        await pilot.press("enter")  # the last player's key, as the screen comes up
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and answers == []
        # Meanwhile the key bar shows Enter greyed: it does nothing yet (it went
        # unanswered with no sign why), then not greyed.
        screen = app.screen
        assert screen.check_action("ready", ()) is None
        await pilot.pause(0.6)
        assert screen.check_action("ready", ()) is True
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PrivacyScreen) and answers == [None]


async def test_at_80_columns_the_pass_screen_shows_enter_greyed_not_q_alone(
    monkeypatch: pytest.MonkeyPatch,
):
    """A narrow key bar leaves out greyed keys to keep the table's keys on fewer lines; the
    pass screen's two keys fit on one, and "q Quit" alone read as no way on."""
    from okey_tui.ui.widgets.keybar import KeyBar

    monkeypatch.setattr(privacy, "PASS_GUARD", 5.0)
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(PrivacyScreen("Pass to Mehmet"))
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("ready", ()) is None  # greyed for now
        bar = screen.query_one(KeyBar)
        shown = " ".join(str(strip.text) for strip in bar.render_lines(bar.region.reset_offset))
        assert "Ready" in shown and "Quit" in shown, shown
