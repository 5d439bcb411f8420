"""Staged melds are laid down or put back with the mouse alone.

After o (clicked in the key bar) the box said "Opening: 105 / 101" and the status line
"Enter lays them down", but the key bar had no Enter and a click on the box's
"⏎ lay down · Esc back" did nothing: a player with a mouse only could not open. While melds
are staged the key bar shows "⏎ Lay down" and "esc Put back" (the keys that do nothing
now left out, so that it keeps to one line at 120 columns), and a click on either, or on
the box's words, does what the key does.
"""

from __future__ import annotations

import pytest
from rendered import screen_text
from ui_helpers import table_app, wait_for_human

from okey_tui import i18n
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.keybar import KeyBar


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


async def staged(pilot, app):  # type: ignore[no-untyped-def]
    """The seat's groups staged with the keys in the bar (s, then o), by clicks: the table
    screen, and its rack before o."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await click_bar_key(pilot, screen, "s")
    rack = list(screen.rack.slots)
    await click_bar_key(pilot, screen, "o")
    assert screen.staging.melds
    return screen, rack


async def click_bar_key(pilot, screen: TableScreen, key: str) -> None:  # type: ignore[no-untyped-def]
    bar = screen.query_one(KeyBar)
    spans = [(line, start) for line, start, _end, k in bar._spans if k == key]
    assert spans, (key, str(bar.render()))
    line, start = spans[0]
    await pilot.click(offset=(bar.region.x + start, bar.region.y + line))
    await pilot.pause()


async def click_words(pilot, app, words: str) -> None:  # type: ignore[no-untyped-def]
    """A click on ``words`` where the screen shows them (once)."""
    rows = [(y, line) for y, line in enumerate(screen_text(app).splitlines()) if words in line]
    assert len(rows) == 1, (words, rows)
    y, line = rows[0]
    await pilot.click(offset=(line.index(words) + 1, y))
    await pilot.pause()


@pytest.mark.parametrize(
    ("language", "size"), [("en", (120, 40)), ("tr", (120, 40)), ("en", (80, 24))]
)
async def test_the_key_bar_lays_staged_melds_down_and_puts_them_back(
    language: str, size: tuple[int, int]
) -> None:
    i18n.set_language(language)
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen, rack = await staged(pilot, app)
        bar = screen.query_one(KeyBar)
        labels = {key: label.plain for key, label in bar.items()}
        assert labels["enter"].endswith(i18n._("Lay down")), labels
        assert labels["escape"].endswith(i18n._("Put back")), labels
        if size[0] == 120:
            assert bar.size.height == 1, str(bar.render())
        await click_bar_key(pilot, screen, "escape")
        assert not screen.staging.melds
        assert screen.rack.slots == rack and screen.view.opening is None
        # Nothing staged: neither key in the bar.
        assert {"enter", "escape"}.isdisjoint(key for key, _label in bar.items())
        await staged(pilot, app)
        await click_bar_key(pilot, screen, "enter")
        assert screen.view.opening is not None and not screen.staging.melds


async def test_the_lay_down_box_s_words_act_on_a_click() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen, rack = await staged(pilot, app)
        await click_words(pilot, app, "Esc back")
        assert not screen.staging.melds and screen.view.opening is None
        assert screen.rack.slots == rack
        await staged(pilot, app)
        await click_words(pilot, app, "⏎ lay down")
        assert screen.view.opening is not None and not screen.staging.melds
