"""The discard piles' titles and subtitles whole, however narrow the piles.

With the hints panel open at 120x40 the piles narrow to 14 columns: in Turkish the
titles read "Mehmet'…" and "Zeynep'…", and the player's own pile "yerin ·…", its tile
count lost. A pile says whose it is and how many tiles it holds in the words there is room
for: whose it is ("Mehmet's", over the subtitle "pile"), the count alone, never a word cut
short but a name cut before its ending ("Mehm…'in"): the name alone read as a second panel
of that player, beside the panel titled so.
"""

from __future__ import annotations

import pytest
from rendered import screen_text
from ui_helpers import OPENING_SEED, table_app, wait_for_human

from okey_tui import i18n
from okey_tui.i18n import _, pgettext
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.board import PilePanel

NOT_THE_STARTER = 3  # every seat has discarded once when the person's second turn comes


def pile_borders(app, pile: PilePanel) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The pile's top and bottom border lines as the screen shows them."""
    lines = screen_text(app).splitlines()
    region = pile.region
    top = lines[region.y][region.x : region.right]
    bottom = lines[region.bottom - 1][region.x : region.right]
    return top, bottom


async def every_pile_filled(pilot, app) -> TableScreen:  # type: ignore[no-untyped-def]
    """The person's second turn: each seat, the person's own included, has discarded."""
    await wait_for_human(pilot, app)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("x")
    await pilot.pause()
    if not screen.view.discards[0]:
        await pilot.press("y")  # asked first: the tile was worth a penalty
    await wait_for_human(pilot, app)
    assert all(screen.view.discards), "every pile holds a tile"
    return screen


# At 80x24 the hints come over the table: there the piles are seen without them (15 wide).
@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize(
    ("size", "hints"), [((120, 40), True), ((120, 40), False), ((80, 24), False)]
)
async def test_every_pile_says_whose_and_how_many_whole(
    language: str, size: tuple[int, int], hints: bool
) -> None:
    i18n.set_language(language)
    try:
        app = table_app(NOT_THE_STARTER, practice=True, tips=False)
        async with app.run_test(size=size) as pilot:
            screen = await every_pile_filled(pilot, app)
            if hints:
                await pilot.press("h")
                await pilot.pause()
            piles = list(screen.query(PilePanel))
            assert len(piles) == 4
            for pile in piles:
                top, bottom = pile_borders(app, pile)
                # A name may be cut before its ending, nothing else.
                assert "…" not in top.replace("…'", "'") and "…" not in bottom, (top, bottom)
                count = len(screen.view.discards[pile.seat])
                # The count whole: after the word ("pile · 2", "pile 2") or alone ("─ 2 ─",
                # where a bare "· 2" read as a stray mark).
                word = _("pile") if pile.seat else pgettext("you", "pile")
                assert (
                    f"· {count} " in bottom
                    or f" {word} {count} ─" in bottom
                    or f"─ {count} ─" in bottom
                ), (top, bottom)
                if size == (80, 24) and not pile.seat:  # "Senin" over "1" alone, once
                    assert f" {word} {count} ─" in bottom, (top, bottom)
                assert "─ · " not in bottom, (top, bottom)
                if pile.seat:  # whose it is, never the name alone (the panel's title)
                    name = app.session.seat_name(pile.seat)
                    title = str(pile.border_title)
                    assert title != name and title.startswith(name[:4]) and "'" in title, title
                    if size[0] >= 120:  # the bots' names whole, beside the hints too
                        assert title.startswith(name + "'"), title  # "Mehm…'in" read as a slip
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(120, 40), (80, 30)])
async def test_a_pile_shows_as_many_of_its_tiles_as_its_box_holds_newest_first(size):
    """A pile showed its three newest tiles, with lines to spare in its box: a player reads
    the whole pile. Now it shows as many as fit, newest first, each tile whole. (At 80x24
    the top row's piles have one line, which holds three tiles.)"""
    from ui_helpers import at_position

    from tests.positions import position

    pile = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12"  # K12 on top
    app = table_app()
    async with app.run_test(size=size) as pilot:
        hand = position(
            ["R13 Y13", "", "", ""], indicator="K1", phase="d", discards=["", pile, "", ""]
        )
        screen = await at_position(pilot, app, hand)
        panel = next(p for p in screen.query(PilePanel) if p.seat == 1)
        text = str(panel.render())
        width, height = panel.content_size
        shown = text.split()
        assert shown == pile.split()[::-1][: len(shown)]  # newest first, in order
        lines = text.splitlines()
        assert len(lines) <= height and all(len(line) <= width for line in lines)
        # Another tile would not fit: the last line is full, or every line is used.
        assert len(shown) > 3
        assert len(lines) == height or len(shown) == 12


@pytest.mark.parametrize("language", ["en", "tr"])
@pytest.mark.parametrize(
    ("names", "shown"),
    [
        # The people's own names: Player 1 and Player 2 (Oyuncu 1, Oyuncu 2).
        ((), {"en": "P2's", "tr": "O2'nin"}),
        (("Alexander",), {"en": "Alexan…'s", "tr": "Alexa…'in"}),
        (("Ayşe Nur Kaya",), {"en": "ANK's", "tr": "ANK'ın"}),
    ],
)
async def test_a_pile_too_narrow_for_its_name_still_says_whose_pile(
    language: str, names: tuple[str, ...], shown: dict[str, str]
) -> None:
    """At 80x24 at a hot-seat table the pile of a person whose name's "…'s" does not fit
    read "Player 2", beside the panel titled "Player 2", as a second panel of that player:
    it says whose pile it is in fewer letters, as the other piles there do ("Ayşe's")."""
    from okey_tui.ui.screens.privacy import PrivacyScreen

    i18n.set_language(language)
    try:
        app = table_app(OPENING_SEED, humans=2, human_names=names, name="")
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):  # past the screen that hands the terminal over
                await pilot.pause()
                if isinstance(app.screen, PrivacyScreen):
                    await pilot.press("enter")
                if isinstance(app.screen, TableScreen):
                    break
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.view.seat == 0
            await pilot.pause()
            pile = screen.query_one("#pile-2", PilePanel)  # the other person's, across
            assert str(pile.border_title) == shown[language]
            top, _bottom = pile_borders(app, pile)
            assert f"─ {shown[language]} ─" in top, top
            panels = {str(panel.border_title) for panel in screen.query(".player")}
            piles = [str(p.border_title) for p in screen.query(PilePanel)]
            assert len(set(piles)) == 4 and not panels & set(piles), (panels, piles)
    finally:
        i18n.set_language("en")
