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


async def test_the_bot_across_is_said_to_be_the_partner_at_a_partners_table() -> None:
    """At a partners table the bot across is your partner: its line says so, as soon as
    Play is set to partners, and no longer once it is set back."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        across = screen.query_one("#opt-bot-2", OptionRow)
        screen.query_one("#opt-partners", OptionRow).focus()
        for label in ("Bot across (partner)", "Bot across from you"):
            await pilot.press("right")
            await pilot.pause()
            assert across.label == label
            screen.scroll_to_widget(across, animate=False)
            await pilot.pause()
            assert f"{label:<20} ◀" in screen_text(app), screen_text(app)


async def test_the_table_options_say_what_they_allow_within_the_label_column() -> None:
    """ "Pairs opener adds" left a player asking "adds what?", and "Give-back of left" read
    as a typo: the lines say what is allowed or charged, each within the label column."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        for row_id, label in (
            ("#opt-pairs-opener-lays-off", "Lay off after pairs"),
            ("#opt-give-back-penalty", "Give back a discard"),
        ):
            row = screen.query_one(row_id, OptionRow)
            assert row.label == label
            screen.scroll_to_widget(row, animate=False)
            await pilot.pause()
            assert f"{label:<20} ◀" in screen_text(app), screen_text(app)
