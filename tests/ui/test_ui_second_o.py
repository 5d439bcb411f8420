"""A second ``o`` with nothing new to stage lays nothing down: only Enter does.

Seed 125 at 80x24: ``s o o`` opened the hand with 105 (the second ``o`` laid the staged
melds down), where the status line and the help say Enter lays them; a held ``o`` key
or a double click on "o Open" in the key bar did the same, and taking the tiles back
then needed ``b`` at a cost.
"""

from __future__ import annotations

import pytest
from ui_helpers import status_text, table_app

from okey_tui import i18n
from okey_tui.ui.screens.table import TableScreen


@pytest.mark.parametrize("language", ["en", "tr"])
async def test_s_o_o_keeps_the_melds_staged_and_enter_opens(language: str) -> None:
    i18n.set_language(language)
    try:
        await play_s_o_o(language)
    finally:
        i18n.set_language("en")


async def play_s_o_o(language: str) -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = app.session.hand
        await pilot.press("s", "o")
        staged = list(screen.staging.melds)
        assert len(staged) == 4
        await pilot.press("o", "o")  # again, and once more as a held key repeats it
        assert hand.openings[0] is None
        assert not hand.table
        assert screen.staging.melds == staged
        said = status_text(screen)
        assert {
            "en": "Staged already: Enter lays them down, Esc puts them back",
            "tr": "Zaten hazırda: Enter indirir, Esc ıstakaya geri koyar",
        }[language] in said, said
        await pilot.press("enter")
        assert hand.openings[0] is not None and hand.openings[0].value == 105
        assert not screen.staging.melds


async def test_a_second_o_below_the_floor_says_the_melds_do_not_open() -> None:
    """Seed 5: the sorted groups make 84 points, below the floor. A second o lays nothing
    (the table would refuse it) and says why Enter would not open."""
    app = table_app(5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = app.session.hand
        await pilot.press("s", "o")
        staged = list(screen.staging.melds)
        assert staged and screen.staging.points() == 84
        await pilot.press("o")
        assert hand.openings[0] is None and not hand.table
        assert screen.staging.melds == staged
        said = status_text(screen)
        assert "Staged already, and at 84 / 101 they do not open" in said, said
