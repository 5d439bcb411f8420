"""Every stop of ↑ ↓ on the new-table screen is a line in sight, highlighted.

80x24 in Turkish with unfinished matches: ↑ on the first "devam et" line moved the focus
to the scrolling box itself, nothing highlighted and nothing scrolled (the key bar
changed to "↑ ↓ Satır ⏎ Başla"); a second ↑ showed the name box.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input
from ui_helpers import _session

from okey_tui import i18n, storage
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow, SaveRow


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


def save_a_match() -> None:
    session = _session(TableSettings(bots=("easy", "easy", "easy")), 3)
    storage.save(session.match, session.save_extra(), storage.new_save_path())


@pytest.mark.parametrize("language", ["tr", "en"])
async def test_up_from_the_resume_line_lands_on_a_line_in_sight(language: str) -> None:
    i18n.set_language(language)
    save_a_match()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        first = screen.query(SaveRow).first()
        first.focus()
        await pilot.pause()
        for _ in range(len(screen.focus_chain) + 1):  # round every stop, and past the first
            await pilot.press("up")
            await pilot.pause()
            focused = app.focused
            # A line that shows its focus (the reverse mark, the text box's cursor)...
            assert isinstance(focused, OptionRow | SaveRow | Input), type(focused)
            # ...and is in sight, the form scrolled to it.
            form = focused.parent
            while form is not None and form.id != "new-table":
                form = form.parent
            assert form is not None
            seen = form.scrollable_content_region
            for _frame in range(50):  # the form scrolls smoothly: give it a few frames
                if seen.y <= focused.region.y and focused.region.bottom <= seen.bottom:
                    break
                await pilot.pause(0.01)
            assert seen.y <= focused.region.y and focused.region.bottom <= seen.bottom, (
                focused,
                focused.region,
                seen,
            )
