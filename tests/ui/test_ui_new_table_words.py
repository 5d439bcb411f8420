"""The new-table screen's words, as play-testers read them."""

from __future__ import annotations

from rendered import screen_text

from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow


async def test_the_practice_and_bot_lines_say_it_plainly() -> None:
    """Practice off read "No hints: a table like any other."; the bots' lines "Bot (right)",
    "Bot (across)", "Bot (left)", like a form's labels rather than words."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        # The practice line has the focus: what it means is said under the form.
        assert screen.query_one("#opt-practice", OptionRow).has_focus
        assert "No hints: an ordinary table." in screen_text(app)
        labels = [screen.query_one(f"#opt-bot-{n}", OptionRow).label for n in (1, 2, 3)]
        assert labels == ["Bot on your right", "Bot across from you", "Bot on your left"]
        text = screen_text(app)
        for label in labels:
            assert f"{label:<20} ◀" in text, text
