"""A terminal of 16 colours (TERM=xterm, the Linux console): the yellow tiles' dark gold
came out as the terminal's yellow on a white face (hard to read) and, under the cursor,
yellow on yellow. There a yellow tile is bright yellow on a dark face of its own for each
state of the rack; the other colours, and every tile in a terminal of more colours, as
before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.color import Color, ColorSystem
from ui_helpers import table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui import tiles
from okey_tui.ui.tiles import FACE, FACE_CURSOR, FACE_SELECTED, chip, face_lines


@pytest.fixture
def few() -> Iterator[None]:
    tiles.use_few_colours(True)
    yield
    tiles.use_few_colours(False)


def standard(color: Color | None) -> int:
    """The colour a terminal of 16 colours shows (its number, 0-15)."""
    assert color is not None
    number = color.downgrade(ColorSystem.STANDARD).number
    assert number is not None
    return number


def test_a_yellow_tile_is_bright_yellow_on_a_dark_face_in_16_colours(few: None) -> None:
    okey = Tile.parse("B1")
    faces = set()
    for face in (FACE, FACE_CURSOR, FACE_SELECTED):
        style = face_lines(Tile.parse("Y3"), okey, face=face)[0].style
        assert not isinstance(style, str)
        assert standard(style.color) == 11, face  # bright yellow
        assert standard(style.bgcolor) in (0, 8, 4), face  # black, bright black, blue
        faces.add(standard(style.bgcolor))
    assert len(faces) == 3  # the cursor and a selection still show
    red = chip(Tile.parse("R3"), okey).style
    assert not isinstance(red, str) and red.color is not None
    assert red.color.name == tiles.INK[Tile.parse("R3").colour]  # type: ignore[index]


def test_in_more_colours_a_yellow_tile_keeps_its_dark_gold() -> None:
    style = chip(Tile.parse("Y3"), Tile.parse("B1")).style
    assert not isinstance(style, str) and style.color is not None
    assert style.color.name == tiles.INK[Tile.parse("Y3").colour]  # type: ignore[index]


async def test_the_game_draws_for_the_terminal_s_colours() -> None:
    """The terminal's colours as Rich reads them decide; a headless app (the snapshots)
    draws in full colour, whatever the environment."""
    from okey_tui.ui.app import few_colours

    assert few_colours("standard", headless=False) and few_colours("windows", headless=False)
    assert not few_colours("256", headless=False) and not few_colours("truecolor", False)
    assert not few_colours("standard", headless=True)
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not tiles._few_colours


def test_without_colours_a_marked_okey_stands_out_by_its_lightness() -> None:
    """NO_COLOR: Textual draws each colour as a grey of its lightness, and a marked okey's
    lavender face came a shade from the cream ones (k seemed to do nothing). There the
    marked okey is dark with a light number; with colours it keeps its lavender face."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.color import Color as TextualColor
    from textual.filter import Monochrome

    from okey_tui.ui.tiles import FACE_OKEY

    okey = Tile.parse("R5")

    def grey(face: str) -> int:
        style = face_lines(okey, okey, face=face)[0].style
        assert isinstance(style, Style)
        [shown] = Monochrome().apply([Segment("x", style)], TextualColor(0, 0, 0))
        assert shown.style is not None and shown.style.bgcolor is not None
        return shown.style.bgcolor.get_truecolor().red

    assert abs(grey(FACE_OKEY) - grey(FACE)) < 40  # with colours: a shade apart in grey
    tiles.use_no_colour(True)
    try:
        assert abs(grey(FACE_OKEY) - grey(FACE)) > 150, (grey(FACE_OKEY), grey(FACE))
        assert abs(grey(FACE_CURSOR) - grey(FACE)) < 40  # the other faces as before
        # The star on the dark face stands out from it too (in its green, it was gone).
        bottom = face_lines(okey, okey, face=FACE_OKEY)[1]
        [star] = [span.style for span in bottom.spans if bottom.plain[span.start] == "★"]
        assert isinstance(star, Style) and star.color is not None and star.bgcolor is not None
        [drawn] = Monochrome().apply([Segment("★", star)], TextualColor(0, 0, 0))
        shown = drawn.style
        assert shown is not None and shown.color is not None and shown.bgcolor is not None
        assert abs(shown.color.get_truecolor().red - shown.bgcolor.get_truecolor().red) > 150
    finally:
        tiles.use_no_colour(False)


def test_in_16_colours_blue_the_star_and_a_marked_okey_read_on_their_faces(few: None) -> None:
    """An odd-terminal play-test: a selected blue tile was bright blue on bright cyan, the
    okey's star the terminal's dark grey (faint on the white face, and on a yellow tile's
    black), and a marked okey's face the cream's white (k seemed to do nothing)."""
    from okey_tui.ui.tiles import FACE_OKEY

    okey = Tile.parse("B1")
    blue = chip(Tile.parse("B7"), okey, face=FACE_SELECTED).style
    assert not isinstance(blue, str)
    assert (standard(blue.color), standard(blue.bgcolor)) == (4, 14)  # blue on bright cyan

    def star(tile: Tile, face: str = FACE) -> tuple[int, int]:
        bottom = face_lines(tile, tile, face=face)[1]
        [style] = [s.style for s in bottom.spans if bottom.plain[s.start] == "★"]
        assert not isinstance(style, str)
        return standard(style.color), standard(style.bgcolor)

    assert star(Tile.parse("R5")) == (2, 15)  # green on white
    assert star(Tile.parse("Y5")) == (10, 0)  # bright green on a yellow tile's black
    # A marked okey: its number light on its colour, the star as light.
    marked = face_lines(Tile.parse("R5"), Tile.parse("R5"), face=FACE_OKEY)
    number = marked[0].style
    assert not isinstance(number, str)
    assert (standard(number.color), standard(number.bgcolor)) == (15, 1)
    assert star(Tile.parse("R5"), FACE_OKEY) == (15, 1)


def test_without_colours_every_tile_s_number_is_dark_on_its_face() -> None:
    """NO_COLOR: red, yellow and blue numbers came out one mid grey on the light face."""
    okey = Tile.parse("B1")
    tiles.use_no_colour(True)
    try:
        for text in ("R7", "Y7", "B7", "K7"):
            style = chip(Tile.parse(text), okey).style
            assert not isinstance(style, str) and style.color is not None
            assert style.color.get_truecolor() == (0, 0, 0), text
    finally:
        tiles.use_no_colour(False)
    style = chip(Tile.parse("R7"), okey).style
    assert not isinstance(style, str) and style.color is not None
    assert style.color.name == tiles.INK[Tile.parse("R7").colour]  # type: ignore[index]
