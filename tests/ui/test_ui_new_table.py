"""The new-table screen: leaving it keeps what was remembered; Enter remembers the choices."""

from __future__ import annotations

import pytest

from okey_tui import i18n
from okey_tui.settings import load_settings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow
from okey_tui.ui.screens.table import TableScreen


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("key", ["escape", "ctrl+c"])
async def test_quitting_the_new_table_screen_keeps_the_remembered_choices(key: str) -> None:
    """A player cycled the lines (2 people here, partners, 13 hands, expert bots) and left
    with Esc ("Quit"): the next ``play --practice`` was a hot-seat partners match of 13
    hands. Leaving (Esc, Ctrl+C) keeps what was remembered before; Enter remembers the
    choices of a match it starts. The language, whose line says it is remembered for next
    time, is kept when chosen here."""
    from okey_tui.settings import save_settings

    save_settings(load_settings().with_changes(hands=5, bots=("easy", "hard", "easy")))
    before = load_settings()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        for row_id in ("#opt-hands", "#opt-bot-1", "#opt-partners", "#opt-people", "#opt-pace"):
            screen.query_one(row_id, OptionRow).focus()
            await pilot.press("right")
        await pilot.pause()
        chosen = screen.chosen()
        assert (chosen.hands, chosen.bots, chosen.humans, chosen.bot_delay) != (
            before.hands,
            before.bots,
            before.humans,
            before.bot_delay,
        )
        screen.query_one("#opt-lang", OptionRow).focus()
        await pilot.press("right")
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
    assert load_settings() == before.with_changes(language="tr")


async def test_quitting_without_choosing_a_language_writes_nothing() -> None:
    from okey_tui.settings import save_settings, settings_path

    save_settings(load_settings().with_changes(hands=3, partners=True))
    written = settings_path().read_bytes()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        screen.query_one("#opt-hands", OptionRow).focus()
        await pilot.press("right", "right")
        screen.query_one("#opt-name").focus()
        await pilot.press(*"Abcdefghijklmnopqrstu")  # 21 letters: over the 16 allowed
        await pilot.press("escape")
        await pilot.pause()
    assert settings_path().read_bytes() == written


async def test_at_80x24_practice_and_the_language_are_the_first_lines_in_sight() -> None:
    """A newcomer looking for practice (hints and tips) found it on the 15th line, below the
    fold at 80x24: it is the first line, the cursor on it, the language next."""
    from rendered import screen_text

    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "opt-practice"
        shown = screen_text(app)
        assert "Practice" in shown and "Language" in shown, shown
        assert shown.index("Practice") < shown.index("Language") < shown.index("Game type")


async def test_the_bot_delay_flag_shows_on_the_pace_line_and_a_change_there_is_played() -> None:
    """okey101 play --bot-delay 0.2: the screen said "normal: 0.6 s between the bots'
    moves" while the flag's 0.2 was played, a pace chosen there was ignored, and the 0.6
    shown was remembered. The line shows the flag's pace; one chosen there is played and
    remembered; the flag's own is for this match only."""
    from rendered import screen_text

    before = load_settings().bot_delay
    for change in (False, True):
        app = make_app(ask=True, seed=1, bot_delay=0.2)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewTableScreen)
            row = screen.query_one("#opt-pace", OptionRow)
            assert row.value == 0.2
            row.focus()
            await pilot.pause()
            assert "0.2 s between the bots' moves" in screen_text(app)

            if change:
                await pilot.press("left")  # 0.3, fast (▶ goes faster)
            await pilot.press("enter")
            await pilot.pause()
            assert app.bot_delay == (0.3 if change else 0.2)
        assert load_settings().bot_delay == (0.3 if change else before)


async def test_a_table_screen_replaced_before_it_was_shown_stays_quiet() -> None:
    """A friend's table reconnected twice in a row (the host opened it again): the first
    new table screen was replaced before it was shown, then its mount and its callbacks
    after the refresh looked for widgets already gone (No nodes match '#log') and the app
    crashed. The newer screen shows the table."""
    from ui_helpers import table_app

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        first = app.table_screen(session)
        second = app.table_screen(session)
        app.switch_or_push(first)
        app.switch_or_push(second)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is second and first not in app.screen_stack
        assert second.query_one("#rack") is not None


@pytest.mark.parametrize(("row_id", "ends"), [("#opt-pace", (1.2, 0.0)), ("#opt-hands", (1, 13))])
async def test_a_scale_stops_at_its_ends_and_the_pace_gets_faster_to_the_right(
    row_id: str, ends: tuple[object, object]
) -> None:
    """▶ on the pace went from "normal" to "slow", and past "slow" round to "instant";
    past 13 hands to 1. A scale stops at its ends (their arrow gone); ▶ is faster."""
    from rendered import screen_text

    app = make_app(ask=True, seed=1, bot_delay=0.6)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        row = app.screen.query_one(row_id, OptionRow)
        row.focus()
        for key, end in (("left", ends[0]), ("right", ends[1])):
            for _ in range(len(row.values) + 2):
                await pilot.press(key)
            await pilot.pause()
            assert row.value == end
            line = next(line for line in screen_text(app).splitlines() if row.label in line)
            assert ("◀" in line) == (key == "right") and ("▶" in line) == (key == "left"), line
        if row_id == "#opt-pace":
            await pilot.press("left")
            assert row.value == 0.3  # from instant, one step slower: fast


async def test_a_click_on_enter_sit_down_sits_down() -> None:
    """A mouse player clicked "Enter: sit down" under the form: nothing happened (a dialog's
    keys answer a click). It sits down, as Enter does."""
    from rich.cells import cell_len

    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hint = app.screen.query_one("#new-table-hint")
        before = cell_len("↑ ↓ choose a line · ← → change it · ")
        await pilot.click("#new-table-hint", offset=(before - 3, 0))  # "change it": read only
        await pilot.pause()
        assert app.screen.query("#new-table-hint")
        await pilot.click("#new-table-hint", offset=(before + 3, 0))
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen), hint
