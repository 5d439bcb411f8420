"""Every dialog can be left with the mouse alone.

In the browser a player with a mouse only could not answer "Quit the game?" or "Take it
anyway?", leave the hand's summary, or close the discard piles or a chooser: the words
"y: yes", "Esc: close" and the rest did nothing on a click, and the key bar under a dialog
(which shows the dialog's keys) never got the click, the dialog being over it. Now a
click on a key's words in the dialog, or on its key in the key bar, does what the key
does, and a click outside the box says no, cancels or closes (but for the summary).
"""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from ui_helpers import back_to_the_table, last_hand_report, table_app, wait_for_human

from okey_tui import i18n
from okey_tui.table import SeatInfo
from okey_tui.ui.screens.dialogs import ChooserScreen, ConfirmScreen, KeyHint, PilesScreen
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.keybar import KeyBar

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


async def click_words(pilot, app, words: str) -> None:  # type: ignore[no-untyped-def]
    """A click on ``words`` in the dialog's line of keys."""
    hint = app.screen.query_one(KeyHint)
    line = str(hint.render())
    assert words in line, (words, line)
    await pilot.click(hint, offset=(line.index(words) + 1, 0))
    await pilot.pause()


async def click_bar_key(pilot, app, key: str) -> None:  # type: ignore[no-untyped-def]
    """A click on ``key`` in the table's key bar (under the dialog on top)."""
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    bar = table.query_one(KeyBar)
    spans = [(line, start) for line, start, _end, k in bar._spans if k == key]
    assert spans, (key, str(bar.render()))
    line, start = spans[0]
    await pilot.click(offset=(bar.region.x + start, bar.region.y + line))
    await pilot.pause()


async def a_question_is_answered_by_a_click(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """In the language set: "y: yes" and "n: no" in the box, y and n in the key bar, a click
    outside the box (no); the box keeps its size at 80x24."""
    yes_key, no_key = i18n.answer_keys()
    yes_words = i18n._("{key}: yes").format(key=yes_key)
    no_words = i18n._("{key}: no").format(key=no_key)
    await wait_for_human(pilot, app)
    answers: list[bool | None] = []
    ways = [
        (lambda: click_words(pilot, app, yes_words), True),
        (lambda: click_words(pilot, app, no_words), False),
        (lambda: click_bar_key(pilot, app, yes_key), True),
        (lambda: click_bar_key(pilot, app, no_key), False),
        (lambda: pilot.click(offset=(0, 0)), False),  # outside the box: no
    ]
    for way, answer in ways:
        app.push_screen(ConfirmScreen("Take it anyway?"), answers.append)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await way()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert answers[-1] is answer
    # The box keeps its size at 80x24: its two lines and the frame.
    app.push_screen(ConfirmScreen("Quit the game?"))
    await pilot.pause()
    assert app.screen.query_one("#confirm").outer_size.height == 7


async def test_a_question_is_answered_by_a_click_in_turkish_at_80x24() -> None:
    i18n.set_language("tr")
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await a_question_is_answered_by_a_click(pilot, app)


async def the_piles_and_a_chooser_close_by_a_click(pilot, app) -> None:  # type: ignore[no-untyped-def]
    await wait_for_human(pilot, app)
    table = app.screen
    assert isinstance(table, TableScreen)
    for way in ("words", "bar", "outside"):
        app.push_screen(PilesScreen(table.table.seats(), table.view))
        await pilot.pause()
        assert isinstance(app.screen, PilesScreen)
        if way == "words":
            await click_words(pilot, app, "Esc: close")
        elif way == "bar":
            await click_bar_key(pilot, app, "escape")
        else:
            await pilot.click(offset=(0, 0))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), way
    chosen: list[str | None] = []
    for way in ("cancel", "outside", "choose", "bar"):
        options: list[tuple[str, str]] = [("one", "a"), ("two", "b")]
        app.push_screen(ChooserScreen("Which?", options), chosen.append)
        await pilot.pause()
        # The key bar under it says both its keys, as its line does (it said Esc alone).
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert [key for key, _label in table.query_one(KeyBar).items()] == ["enter", "escape"]
        if way == "cancel":
            await click_words(pilot, app, "Esc: cancel")
        elif way == "outside":
            await pilot.click(offset=(0, 0))
        else:
            app.screen.query_one(OptionList).highlighted = 1
            if way == "choose":
                await click_words(pilot, app, "Enter: choose")
            else:
                await click_bar_key(pilot, app, "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), way
    assert chosen == [None, None, "b", "b"]


async def the_summary_is_left_by_a_click(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Its line of keys and the key bar's keys act on a click; a click beside it does
    nothing (a stray click does not leave the hand's scores)."""
    await wait_for_human(pilot, app)
    report = last_hand_report(11)
    for way, expected in (
        (lambda: click_words(pilot, app, "Esc: see the table"), "table"),
        (lambda: click_words(pilot, app, "Enter or n: new match"), "new"),
        (lambda: click_bar_key(pilot, app, "n"), "new"),
        (lambda: click_bar_key(pilot, app, "escape"), "table"),
    ):
        left: list[str] = []
        app.push_screen(HandSummaryScreen(report, SEATS, 0), left.append)
        await pilot.pause()
        await pilot.pause()
        await pilot.click(offset=(0, 0))
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        await way()
        assert left == [expected]
        assert isinstance(app.screen, TableScreen)


async def test_the_summary_is_left_by_a_click_at_80x24() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await the_summary_is_left_by_a_click(pilot, app)


async def test_at_120x40_a_question_the_piles_a_chooser_and_the_summary_are_left_by_a_click() -> (
    None
):
    """One English table at 120x40: a question is answered by a click (its words, the key
    bar's keys, outside the box: no); the piles and a chooser close by a click; the
    summary is left by a click (a click beside it does nothing)."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await a_question_is_answered_by_a_click(pilot, app)
        await back_to_the_table(pilot, app)
        await the_piles_and_a_chooser_close_by_a_click(pilot, app)
        await the_summary_is_left_by_a_click(pilot, app)
