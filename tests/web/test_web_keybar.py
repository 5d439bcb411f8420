"""The key bar stays on one line at a browser's practice table (about 122 columns): one
space between keys when two would push "q Quit" onto a line of its own; a second line
only when even that does not fit (80 columns)."""

from __future__ import annotations

import pytest
from test_web_table_selection import table_app

from okey_tui.engine.state import Phase
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.keybar import KeyBar


async def bar_at(
    width: int, practice: bool, next_turn: bool = False, usable: bool = False
) -> tuple[str, list[str]]:
    """The bar on the person's first turn (the starter's: no d, t or g), or with
    ``next_turn`` on their next, which begins with a draw (every key of the table); the
    labels of its keys, or with ``usable`` of those usable now."""
    app = table_app(practice=practice)
    async with app.run_test(size=(width, 40)) as pilot:
        for _ in range(500):
            if isinstance(app.screen, TableScreen) and app.screen.query(KeyBar):
                break
            await pilot.pause(0.01)
        await pilot.pause()
        if next_turn:
            await pilot.press("x")
            for _ in range(500):
                if app.session.human_to_play and app.session.hand.phase is Phase.DRAW:
                    break
                await pilot.pause(0.01)
            await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        bar.draw()
        entries = bar.entries()
        return str(bar.render()), [label.plain for _k, label, on in entries if on or not usable]


@pytest.mark.parametrize(("width", "practice"), [(122, True), (100, False)])
async def test_a_bar_that_nearly_fits_stays_on_one_line(width: int, practice: bool) -> None:
    shown, labels = await bar_at(width, practice, next_turn=True)
    assert "d Draw" in labels and "g Give" in labels, labels
    assert "\n" not in shown, shown
    assert shown == " " + " ".join(labels)
    assert len(shown) <= width


async def test_room_to_spare_keeps_two_spaces_and_too_little_wraps() -> None:
    shown, labels = await bar_at(160, True)
    assert shown == " " + "  ".join(labels)
    # Below 100 columns the greyed keys are left out; the bar keeps the two lines every
    # key would take.
    shown, labels = await bar_at(80, True, usable=True)
    lines = shown.split("\n")
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines)
    assert "  ".join(labels) == "  ".join(line.strip() for line in lines if line.strip())
