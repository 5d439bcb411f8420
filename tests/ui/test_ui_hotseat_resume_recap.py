"""Hot-seat: a match left in the middle of a person's turn and resumed. The privacy screen
that gives them the terminal back tells what the others did since their last turn, as it
does for a match resumed before their draw, and what they did this turn before the break."""

from __future__ import annotations

import pytest
from rendered import screen_text, shows_tile
from test_ui_hotseat import bots_done, discard_last_tile, to_mehmets_turn
from ui_helpers import OPENING_SEED, wait_for_screen

from okey_tui import i18n
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.table import TableScreen

# What the person did before the break, by their name as every line of the screen everyone
# sees while the terminal is passed ("You drew" named nobody; the tile taken filled in).
OWN_MOVE = {
    ("en", "draw"): "Mehmet drew from the middle",
    ("en", "take"): "Mehmet took {tile} from the left",
    ("tr", "draw"): "Mehmet ortadan çekti",
    ("tr", "take"): "Mehmet soldan {tile} aldı",
}
SINCE = {"en": "Since your last turn", "tr": "Son sırandan beri"}


def saved_app():  # type: ignore[no-untyped-def]
    """Ayşe and Mehmet at one terminal, the match saved as it is left (as okey101 play does)."""
    settings = TableSettings(bots=("easy",) * 3, humans=2, human_names=("Mehmet",), name="Ayşe")
    return make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0)


async def to_mehmets_second_turn(pilot, app) -> list[str]:  # type: ignore[no-untyped-def]
    """Mehmet and Ayşe play a turn each (draw, discard); Mehmet takes the terminal for his
    second turn. The lines of the recap his privacy screen showed."""
    await to_mehmets_turn(pilot, app)
    await pilot.press("d")
    await discard_last_tile(pilot, app)
    await pilot.press("enter")  # Ayşe
    await wait_for_screen(pilot, app, TableScreen)
    assert app.session.viewer == 0
    await pilot.press("d")
    await discard_last_tile(pilot, app)
    screen = app.screen
    assert isinstance(screen, PrivacyScreen) and screen.recap is not None
    lines = screen.recap.plain.splitlines()
    await pilot.press("enter")  # Mehmet
    await wait_for_screen(pilot, app, TableScreen)
    assert app.session.viewer == 2 and app.session.hand.turn == 2
    return lines


@pytest.mark.parametrize("language", ["en", "tr"])
@pytest.mark.parametrize("move", ["draw", "take"])
async def test_resumed_mid_turn_the_privacy_screen_keeps_the_recap_and_says_the_move(
    move: str, language: str
) -> None:
    """Mehmet drew (or took the left discard), and the match was quit: resumed, his privacy
    screen said only "Pass to Mehmet" (what the others did since his last turn was gone, his
    draw counting as that turn). It shows the same lines as when the terminal first came to
    him, then his move before the break; a draw from the middle shows no tile there, as no
    draw does on this screen (anyone may still be looking at it)."""
    i18n.set_language(language)
    app = saved_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = await to_mehmets_second_turn(pilot, app)
        assert before, "the others played since Mehmet's first turn"
        screen = app.screen
        await pilot.press("d" if move == "draw" else "t")
        await pilot.pause()
        if app.screen is not screen:  # the tile goes nowhere this turn: take it anyway
            await pilot.press("y")
            await pilot.pause()
        last = app.session.hand.events[-1]
        assert (last.kind, last.seat) == (move, 2)
        tile = last.tiles[0]

    again = make_app(settings=app.settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, again, PrivacyScreen)
        privacy = again.screen
        assert isinstance(privacy, PrivacyScreen) and privacy.recap is not None
        lines = privacy.recap.plain.splitlines()
        assert lines[: len(before)] == before, lines
        said = lines[len(before) :]
        own = OWN_MOVE[language, move].format(tile=tile)
        assert len(said) == 2 and said[1] == own, said
        if move == "draw":
            assert not shows_tile(said[1], tile)
        text = screen_text(again)
        assert SINCE[language] in text and own in text, text
        await pilot.press("enter")
        await wait_for_screen(pilot, again, TableScreen)
        assert again.session.viewer == 2 and tile in again.session.hand.racks[2]


async def test_resumed_before_the_draw_the_recap_has_no_line_of_a_move_before_the_break() -> None:
    """Quit on Mehmet's second turn before he drew: the recap is what the others did, with
    nothing said of a turn begun (he had not begun it)."""
    app = saved_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = await to_mehmets_second_turn(pilot, app)
    again = make_app(settings=app.settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, again, PrivacyScreen)
        privacy = again.screen
        assert isinstance(privacy, PrivacyScreen) and privacy.recap is not None
        assert privacy.recap.plain.splitlines() == before
        await bots_done(pilot, again)
