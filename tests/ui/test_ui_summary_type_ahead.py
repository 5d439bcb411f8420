"""The match's last summary: a key typed as it came up (Enter laying down melds as the hand
ended) dealt a new match at once, and the final standings were gone unseen. Enter and n
deal the new match only once the summary has been up a moment."""

from __future__ import annotations

import pytest
from ui_helpers import table_app

from okey_tui.ui.screens import summary
from okey_tui.ui.screens.summary import HandSummaryScreen


async def test_enter_on_the_last_summary_waits_a_moment(monkeypatch: pytest.MonkeyPatch):
    from ui_helpers import last_hand_report

    monkeypatch.setattr(summary, "TYPE_AHEAD", 0.5)
    answers: list[str | None] = []
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(
            HandSummaryScreen(last_hand_report(3), app.screen.table.seats(), 0), answers.append
        )
        await pilot.pause()
        await pilot.press("enter", "n")  # as it comes up: for the table, not a new match
        assert isinstance(app.screen, HandSummaryScreen) and answers == []
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        assert answers == ["new"]
