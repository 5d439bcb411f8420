"""The hints once the hand is over: at 80x24 the panel comes over the table, and Esc from
the hand's summary showed a panel saying only "The hand is over: nothing to decide until the
next one." over every meld on the table the look was for."""

from __future__ import annotations

import pytest
from test_ui_table_feedback import play_human_plainly
from ui_helpers import late_app, status_text, wait_for_screen

from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen


async def test_esc_from_the_summary_shows_the_melds_not_a_hint_panel_at_80x24() -> None:
    app = late_app(3, turns_left=1, hands=3, practice=True, tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if not screen.practice.hints_on:
            await pilot.press("h")
            await pilot.pause()
        hints, melds = screen.query_one("#hints"), screen.query_one("#mid-row")
        assert hints.display and not melds.display  # over the table, as they come at 80x24
        await play_human_plainly(pilot, app, lambda: False)
        await wait_for_screen(pilot, app, HandSummaryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert not hints.display and melds.display
        assert screen.practice.hints_on  # kept for the next hand
        await pilot.press("enter")  # the summary again, then the next hand
        await pilot.pause()
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        await pilot.pause()
        assert app.screen is screen and screen.table.hand_number == 1
        assert hints.display and not melds.display


@pytest.mark.parametrize("hands", [3, 1])
async def test_h_once_the_hand_is_over_says_when_the_hints_come(hands: int) -> None:
    """h on the table looked at after the hand said "Hints shown" and showed nothing; it
    says they come with the next hand, and after the match's last hand, where "from the
    next hand" promised a hand that never came, that the match is over."""
    app = late_app(3, turns_left=1, hands=hands, practice=True, tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if screen.practice.hints_on:
            await pilot.press("h")
            await pilot.pause()
        await play_human_plainly(pilot, app, lambda: False)
        await wait_for_screen(pilot, app, HandSummaryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.table.match_over == (hands == 1)
        await pilot.press("h")
        await pilot.pause()
        said = status_text(screen)
        if hands == 1:
            assert "next hand" not in said
            assert said.startswith("Hints on for the next match: this one is over"), said
        else:
            assert said.startswith("Hints on: they show from the next hand"), said
        assert not screen.query_one("#hints").display
