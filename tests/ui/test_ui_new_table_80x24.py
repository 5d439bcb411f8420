"""The new-table screen at 80x24: the whole form in sight, and where unfinished matches push
lines below the fold, the form's frame names them."""

from __future__ import annotations

from textual.widgets import Input
from ui_helpers import _session

from okey_tui import i18n, storage
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow


def save_a_match() -> None:
    session = _session(TableSettings(bots=("easy", "easy", "easy")), 3)
    storage.save(session.match, session.save_extra(), storage.new_save_path())


def in_sight(screen: NewTableScreen) -> list[bool]:
    """For every line of the form (each choice, the name box): whether it shows whole."""
    form = screen.query_one("#new-table")
    seen = form.scrollable_content_region
    lines = [*screen.query(OptionRow), screen.query_one("#opt-name", Input)]
    return [seen.y <= line.region.y and line.region.bottom <= seen.bottom for line in lines]


async def test_at_80x24_every_line_of_the_form_is_in_sight() -> None:
    """At 80x24 the form showed down to "Colour-blind tiles": "People here" and the name
    field lay below the fold, with nothing to say so. The title is on the form's frame,
    the name's label beside its box and no line is left blank: all of it shows."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        assert all(in_sight(screen)), in_sight(screen)
        form = screen.query_one("#new-table")
        assert "101 Okey — a new table" in str(form.border_title)
        assert not screen.query_one("#new-table-title").display
        assert not form.border_subtitle  # nothing below
        try:  # another language: the form is made anew, its title on its frame
            await pilot.press("down", "right")
            await pilot.pause()
            assert i18n.current_language() == "tr"
            assert "101 Okey — yeni masa" in str(screen.query_one("#new-table").border_title)
            assert all(in_sight(screen)), in_sight(screen)
        finally:
            i18n.set_language("en")


async def test_at_80x24_the_frame_names_the_lines_below_the_fold() -> None:
    """With an unfinished match listed above the choices, the last lines are below the
    fold: the frame says which ("▼ below: … Your name"), and no longer once they show."""
    save_a_match()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        form = screen.query_one("#new-table")
        shown = in_sight(screen)
        assert not all(shown)
        said = str(form.border_subtitle)
        assert said.startswith("▼ below: ") and said.endswith("Your name"), said
        rows = list(screen.query(OptionRow))
        hidden = [row.label for row, seen in zip(rows, shown[: len(rows)], strict=True) if not seen]
        assert hidden[0] in said, (hidden, said)
        screen.query_one("#opt-name").focus()
        # The form scrolls to the name box: the frame's words follow the scrolling at once,
        # where the lines are on the screen only at the next layout, so wait for both.
        for _ in range(50):
            await pilot.pause(0.01)
            if in_sight(screen)[-1] and not form.border_subtitle:
                break
        assert in_sight(screen)[-1]
        assert not form.border_subtitle


async def test_at_120x40_the_form_is_laid_out_as_before() -> None:
    """The title keeps its own line over the form, the name's label its line over the
    framed box, and no line is below the fold."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        form = screen.query_one("#new-table")
        assert screen.query_one("#new-table-title").display and not form.border_title
        name = screen.query_one("#opt-name", Input)
        label = screen.query_one("#name-row .field-label")
        assert label.region.bottom <= name.region.y
        assert name.outer_size.height == 3
        assert all(in_sight(screen)) and not form.border_subtitle


async def test_at_80x24_a_long_meaning_is_said_whole() -> None:
    """Under the form the focused line's meaning had three lines: at 80 columns Challenge's
    takes four, and its end ("... taken only for a pair.") was cut. It takes its fourth."""
    from rendered import screen_text

    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "right", "right")  # Game type: Challenge
        await pilot.pause()
        about = app.screen.query_one("#new-table-about")
        said = str(about.render())
        assert said.startswith("Challenge:") and said.endswith("taken only for a pair.")
        shown = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "taken only for a pair." in shown
        assert about.outer_size.height == 4 and about.region.bottom == 23  # the footer's row
        await pilot.press("down")  # Penalties: three lines again, every line of the form
        await pilot.pause()
        assert about.outer_size.height == 3
        assert all(in_sight(app.screen))


async def test_the_focused_line_is_in_sight_after_the_window_was_resized() -> None:
    """Unfinished matches listed, People here chosen at 80x24; the window went wide, then
    below the least size, then back to 80x24: the form was left scrolled to its top, People
    here below the fold, and → changed a line nobody could see."""
    for _ in range(3):
        save_a_match()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        rows = list(screen.query(OptionRow))
        people = next(row for row in rows if row.id == "opt-people")
        people.focus()
        for _ in range(50):
            await pilot.pause(0.01)
            if in_sight(screen)[rows.index(people)]:
                break
        assert in_sight(screen)[rows.index(people)]
        for width, height in ((120, 40), (60, 16), (80, 24)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
        assert app.screen is screen and screen.focused is people
        for _ in range(50):
            await pilot.pause(0.01)
            if in_sight(screen)[rows.index(people)]:
                break
        assert in_sight(screen)[rows.index(people)], "People here is out of sight"
        # In the 80x24 layout again (the name's box was framed as at 120x40).
        name = screen.query_one("#opt-name", Input)
        assert name.outer_size.height == 1, name.outer_size
        assert not screen.query_one("#new-table-title").display
