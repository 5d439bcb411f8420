"""The new-table screen's bot lines: one for each seat a bot takes, and only those, as
People here changes."""

from __future__ import annotations

from textual.widgets import Input

from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow


async def choose_people(pilot, screen: NewTableScreen, steps: int) -> None:
    """People here stepped ``steps`` times to the right from where it is."""
    screen.query_one("#opt-people", OptionRow).focus()
    await pilot.press(*["right"] * steps)
    await pilot.pause()


# People here's choices in order, and the seats bots take with each: 1 on your right,
# 2 across, 3 on your left.
BOT_SEATS = [(1, 2, 3), (1, 3), (2, 3), (3,), ()]


async def test_only_the_seats_bots_take_have_a_bot_line() -> None:
    """People here 2 across still showed "Bot across from you" where a person sits, and
    with 3 people all three bot lines though one bot plays. Each People here choice shows
    the lines of the seats bots take; with no bot the pace is marked as doing nothing. A
    level chosen for a seat a person then takes is kept, and back when a bot sits there."""
    from rendered import screen_text

    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        across = screen.query_one("#opt-bot-2", OptionRow)
        across.focus()
        await pilot.press("right")  # normal to hard
        level = across.value
        assert level != TableSettings().bots[1]
        for steps, seats in enumerate(BOT_SEATS):
            if steps:
                await choose_people(pilot, screen, 1)
            shown = screen_text(app)
            for seat in (1, 2, 3):
                row = screen.query_one(f"#opt-bot-{seat}", OptionRow)
                assert row.display == (seat in seats), (steps, seat)
                assert (row.label in shown) == (seat in seats), (steps, seat)
            pace = next(line for line in shown.splitlines() if "Bot pace" in line)
            assert ("(no bots)" in pace) == (not seats), pace
            assert screen.chosen().bots[1] == level
        screen.query_one("#opt-people", OptionRow).focus()
        await pilot.press(*["left"] * (len(BOT_SEATS) - 1))  # back to 1 (you): three bots
        await pilot.pause()
        assert across.display and across.value == level
        assert "Bot across from you" in screen_text(app)


async def test_at_80x24_the_form_fits_with_every_people_choice() -> None:
    """Lines shown and hidden as People here changes: the form still fits 80x24."""
    from test_ui_new_table_80x24 import in_sight

    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        for steps in range(len(BOT_SEATS)):
            if steps:
                await choose_people(pilot, screen, 1)
            rows = [*screen.query(OptionRow), screen.query_one("#opt-name", Input)]
            seen = in_sight(screen)
            assert all(s for row, s in zip(rows, seen, strict=True) if row.display), steps
            assert not screen.query_one("#new-table").border_subtitle


async def test_at_80x24_people_here_stays_in_sight_as_bot_lines_come_back() -> None:
    """With an unfinished match listed at 80x24, People here from 4 round to 1 (you)
    brought three bot lines back above it and pushed it, the cursor on it, below the fold.
    The form scrolls to it, and its frame names what is below."""
    from test_ui_new_table_80x24 import save_a_match

    save_a_match()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        people = screen.query_one("#opt-people", OptionRow)
        form = screen.query_one("#new-table")
        people.focus()
        await pilot.wait_for_scheduled_animations()  # the form scrolled down to it
        await pilot.press("left")  # 4: no bot lines
        await pilot.pause()
        await pilot.press("right")  # 1 (you): three bot lines back
        for _ in range(50):  # the form scrolls to it, then says what is below
            await pilot.pause(0.01)
            seen = form.scrollable_content_region
            in_sight = seen.y <= people.region.y and people.region.bottom <= seen.bottom
            if in_sight and str(form.border_subtitle) == "▼ below: Your name":
                break
        seen = form.scrollable_content_region
        assert seen.y <= people.region.y and people.region.bottom <= seen.bottom, people.region
        assert str(form.border_subtitle) == "▼ below: Your name"
