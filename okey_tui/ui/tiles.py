"""How a tile looks: a light face with the number in the tile's colour.

Every colour also has a letter (R Y B K) and, in the colour-blind setting,
a shape, so no one has to tell the colours apart by hue alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from okey_tui.engine.melds import Meld
from okey_tui.engine.tiles import Colour, Tile
from okey_tui.messages import any_colour_okey

# The rack's faces stay apart in a 256-colour terminal too (tmux, many terminals): there
# an orange "just drawn" face became the cursor's yellow.
FACE = "#f4ecd8"
FACE_CURSOR = "#ffd75f"  # a full yellow: the cream faces around it are a pale one
FACE_SELECTED = "#a9d8ff"
FACE_CURSOR_SELECTED = "#9be7a0"
FACE_FRESH = "#ffd0ec"  # the tile just drawn or taken
FACE_OKEY = "#dccfff"  # a marked okey (practice tables): lavender, not the selection's green
FACE_DIM = "#b9b2a2"
FACE_TOP = "#fffaf0"  # the top of a discard pile: the tile that can be taken
INK = {
    # Red and yellow far apart in hue and lightness: a bright red, a dark gold.
    Colour.RED: "#d0161b",
    Colour.YELLOW: "#735a00",  # 4.5:1 or more on the face and the cursor (#8c6e00 3.5)
    Colour.BLUE: "#1d4fc4",
    Colour.BLACK: "#151515",
}
FALSE_INK = "#137a3a"
# Text that says less than the rest ("empty", "not opened", "No melds on the table yet"):
# a pale sage, 4.5:1 or more on every panel, the highlighted one too, in 256 colours as
# well (the terminal's dim was 3.6:1 on your own panel, 2.8:1 in 256 colours).
QUIET = "#b8d4c6"
OKEY_MARK = "#137a3a"
# The colour-blind shapes (yellow's a cross: a triangle, ▲, was the cursor's pointer one
# line below it).
SHAPES = {Colour.RED: "◆", Colour.YELLOW: "✚", Colour.BLUE: "■", Colour.BLACK: "●"}
# A terminal of 16 colours (TERM=xterm, the Linux console) has no dark gold: a yellow
# tile's number came out in the terminal's yellow on white, hard to read, and under the
# cursor yellow on yellow. There a yellow tile is bright yellow on a dark face, each face
# of the rack (the cursor's, a selection's...) a dark one of its own.
FEW_YELLOW = "#ffff00"
FEW_YELLOW_FACES = {  # each the nearest of a standard colour: black, bright black, blue...
    FACE: "#000000",
    FACE_CURSOR: "#404040",
    FACE_SELECTED: "#000080",
    FACE_CURSOR_SELECTED: "#008000",
    FACE_FRESH: "#800080",
    FACE_OKEY: "#800000",
}
# There too a blue tile's number is the terminal's blue, not its bright blue (which was
# bright blue on the selection's bright cyan), and the okey's star a green of its own on
# a light face and a bright green on a yellow tile's dark one (its dark green came out
# the terminal's dark grey, faint on both). A marked okey's lavender face was the
# cream's white: the number then stands light on its colour, as without colours.
FEW_BLUE = "#0000aa"
FEW_STAR = "#00aa00"
FEW_STAR_ON_DARK = "#55ff55"
NO_COLOUR_INK = "#000000"
_few_colours = False
# NO_COLOR: Textual draws every colour as a grey of its lightness, and a marked okey's
# lavender face came out a grey a shade from the cream ones (k seemed to do nothing).
_no_colour = False


def use_few_colours(few: bool) -> None:
    """Draw the tiles for a terminal of 16 colours (``few``) or more."""
    global _few_colours
    _few_colours = few


def use_no_colour(none: bool) -> None:
    """Draw the tiles for a screen without colours (``NO_COLOR``): a marked okey's face
    then stands out by its lightness, dark with a light number."""
    global _no_colour
    _no_colour = none


def ink(tile: Tile) -> str:
    if _no_colour:
        # Textual draws each colour as a grey of its lightness: red, yellow and blue came
        # out one mid grey on the light grey face (about 3:1), told apart by the letter
        # alone; the letter and the number now read dark, as on a printed tile.
        return NO_COLOUR_INK
    if _few_colours and tile.colour is Colour.BLUE:
        return FEW_BLUE
    return FALSE_INK if tile.colour is None else INK[tile.colour]


def tile_style(tile: Tile, face: str, **more: bool) -> Style:
    """A tile's number (or letter) on ``face``: its ink, bold; on a terminal of 16 colours
    a yellow tile bright yellow on a dark face."""
    if _few_colours and tile.colour is Colour.YELLOW:
        dark = FEW_YELLOW_FACES.get(face, "#000000")
        return Style(color=FEW_YELLOW, bgcolor=dark, bold=True, **more)  # type: ignore[arg-type]
    if (_no_colour or _few_colours) and face == FACE_OKEY:
        return Style(color=FACE, bgcolor=ink(tile), bold=True, **more)  # type: ignore[arg-type]
    return Style(color=ink(tile), bgcolor=face, bold=True, **more)  # type: ignore[arg-type]


def star_style(tile: Tile, face: str) -> Style:
    """The okey's star beside ``tile``'s letter or name, on ``face`` as that tile's style
    draws it (see :data:`FEW_STAR`)."""
    style = tile_style(tile, face)
    if (_no_colour or _few_colours) and face == FACE_OKEY and tile.colour is not Colour.YELLOW:
        star = FACE  # on a marked okey's dark face, as light as the number
    elif _few_colours:
        star = FEW_STAR_ON_DARK if tile.colour is Colour.YELLOW else FEW_STAR
    else:
        star = OKEY_MARK
    return Style(color=star, bgcolor=style.bgcolor, bold=True)


def face_lines(
    tile: Tile, okey: Tile, *, face: str = FACE, colour_blind: bool = False, big: bool = False
) -> tuple[Text, ...]:
    """The lines of a tile on the rack: two of 3 cells, or (``big``: a big terminal) three
    of 5, the number in the middle of the face with room all round it, the colour's
    letter under it between the colour-blind shape and the okey's star."""
    style = tile_style(tile, face)
    # (On a marked okey's dark face without colours, the star as light as the number: in
    # its green it was the face's grey, and went.)
    star = star_style(tile, face)
    if tile.is_false_okey:
        if big:
            return Text(" " * 5, style), Text("  ✦  ", style), Text("  F  ", style)
        return Text(" ✦ ", style), Text(" F ", style)
    assert tile.colour is not None
    mark = SHAPES[tile.colour] if colour_blind else " "
    gap = " " if big else ""  # a big face has room between the shape, letter and star
    bottom = Text(f"{mark}{gap}{tile.colour.letter}{gap}", style)
    if tile == okey:
        bottom.append("★", star)
    else:
        bottom.append(" ", style)
    if big:
        return Text(" " * 5, style), Text(f"{tile.number:^5}", style), bottom
    return Text(f"{tile.number:>2} ", style), bottom


def chip(
    tile: Tile,
    okey: Tile | None = None,
    *,
    meant: Tile | None = None,
    face: str = FACE,
    standing: bool = False,
) -> Text:
    """One tile on one line: ``R7`` on a light face; an okey shows a star and what it plays.
    ``standing``: an okey laid as itself reads as one standing for a tile (``★B8``, not
    ``B8★``), where it is named apart from the tiles it stands among."""
    style = tile_style(tile, face)
    if okey is not None and tile == okey and meant is not None and (meant != tile or standing):
        shown = tile_style(meant, face, italic=True)
        text = Text("★", star_style(meant, face))
        text.append(str(meant), shown)
        return text
    label = "F✦" if tile.is_false_okey else str(tile)
    text = Text(label, style)
    if okey is not None and tile == okey:
        text.append("★", star_style(tile, face))
    return text


def chips(tiles: Iterable[Tile], okey: Tile | None = None) -> Text:
    return Text(" ").join(chip(t, okey) for t in tiles)


def around_tiles(said: str, tiles: Text, style: str = "") -> Text:
    """A translated line whose tiles stand where the language puts them, its ``{tiles}``
    the chips ``tiles`` ("K13 karşılığında", not "ver K13"): the words around them in
    ``style``.

    >>> around_tiles("give {tiles} now", Text("K13")).plain
    'give K13 now'
    """
    before, _tiles, after = said.partition("{tiles}")
    return Text(before, style).append_text(tiles).append(after, style)


def meld_chips(meld: Meld, okey: Tile) -> Text:
    """A meld with each okey showing what it stands for; in a set of three, its number
    alone (it stands for any colour the set misses: ``Meld.any_colour``)."""
    return Text(" ").join(meld_chip_list(meld, okey))


def meld_chip_list(meld: Meld, okey: Tile) -> list[Text]:
    """Each tile of a meld as :func:`meld_chips` shows it, one by one (for a caller that
    marks some of them)."""
    parts = []
    for laid, meant in zip(meld.tiles, meld.stands_for, strict=True):
        if any_colour_okey(meld, laid, meant, okey):
            mark = FEW_STAR if _few_colours else OKEY_MARK
            text = Text("★", Style(color=mark, bgcolor=FACE, bold=True))
            text.append(str(meant.number), Style(color=mark, bgcolor=FACE, bold=True, italic=True))
            parts.append(text)
        else:
            parts.append(chip(laid, okey, meant=meant))
    return parts
