"""Tiles, colours, the 106-tile set and the text notation.

>>> Tile.parse("R7")
Tile.parse('R7')
>>> str(Tile.parse("k13"))
'K13'
>>> okey_for(Tile.parse("B13"))
Tile.parse('B1')
>>> format_tiles(parse_tiles("R1, R2 F"))
'R1 R2 F'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from okey_tui.engine.errors import ErrorCode, NotationError


class Colour(enum.Enum):
    """The four tile colours, by their notation letter."""

    RED = "R"
    YELLOW = "Y"
    BLUE = "B"
    BLACK = "K"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return self.name.lower()


COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.BLACK)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: a colour and a number 1-13, or a false okey (no colour, number 0).

    Two copies of the same tile are equal: the engine never tells them apart.
    """

    colour: Colour | None
    number: int
    # The tile's dense index (:attr:`index`), made once: tiles are hashed by the million in
    # sets, counters and the meld readings' cache, and a hash of the colour (an Enum's, a
    # Python call on its name) and the number cost a quarter more. The same in every
    # process, too: a set of tiles comes out in one order whatever the string hashing.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.colour is None:
            if self.number != 0:
                raise NotationError(
                    "A false okey has no number", code=ErrorCode.FALSE_OKEY_HAS_NO_NUMBER
                )
            object.__setattr__(self, "_hash", 52)
            return
        if not 1 <= self.number <= 13:
            raise NotationError(
                f"Tile numbers run from 1 to 13, not {self.number}",
                code=ErrorCode.TILE_NUMBER_OUT_OF_RANGE,
                number=self.number,
            )
        object.__setattr__(self, "_hash", _COLOUR_INDEX[self.colour] * 13 + self.number - 1)

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_false_okey(self) -> bool:
        return self.colour is None

    @property
    def index(self) -> int:
        """A dense index 0..52: colour-major, then number; 52 for a false okey."""
        return self._hash

    @classmethod
    def from_index(cls, index: int) -> Tile:
        if index == 52:
            return FALSE_OKEY
        return cls(COLOURS[index // 13], index % 13 + 1)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile: ``R7``, ``k13``, ``F``."""
        token = text.strip().upper()
        if token == "F":
            return FALSE_OKEY
        match = _TILE_RE.fullmatch(token)
        if match is None:
            raise NotationError(
                f"'{text.strip()}' is not a tile: write a colour letter (R Y B K) and a "
                "number 1-13, like R7 or K13, or F for a false okey",
                code=ErrorCode.NOT_A_TILE,
                text=text.strip(),
            )
        number = int(match.group(2))
        if not 1 <= number <= 13:
            raise NotationError(
                f"'{text.strip()}' is not a tile: numbers run from 1 to 13",
                code=ErrorCode.NOT_A_TILE,
                text=text.strip(),
            )
        return cls(Colour(match.group(1)), number)

    def next_in_colour(self) -> Tile:
        """The tile one higher in the same colour, 13 wrapping to 1 (the okey rule)."""
        if self.colour is None:
            raise NotationError(
                "A false okey has no successor", code=ErrorCode.FALSE_OKEY_INDICATOR
            )
        return Tile(self.colour, self.number % 13 + 1)

    def sort_key(self) -> tuple[int, int]:
        return (4, 0) if self.colour is None else (_COLOUR_INDEX[self.colour], self.number)

    def __str__(self) -> str:
        return "F" if self.colour is None else f"{self.colour.value}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"


# Digits 0-9 only: \d took "R٧" (an Arabic-Indic 7) and "R７" (a full-width one) for R7.
_TILE_RE = re.compile(r"([RYBK])([0-9]{1,2})")
_SPLIT_RE = re.compile(r"[\s,]+")
_COMPACT_RE = re.compile(r"F|[RYBK][0-9]{1,2}", re.IGNORECASE)

FALSE_OKEY = Tile(None, 0)


def is_number(text: str) -> bool:
    """``text`` is a whole number written in the digits 0-9 (``str.isdigit`` takes "²" and
    "٧", which ``int`` refuses or reads as 7).

    >>> is_number("12"), is_number("²"), is_number("٧"), is_number("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles separated by spaces or commas: ``"R1 R2, F"``."""
    return [Tile.parse(tok) for tok in _SPLIT_RE.split(text.strip()) if tok]


def parse_compact(text: str) -> list[Tile]:
    """Read tiles written without separators: ``"R1R2FK13"``."""
    if text in ("", "-"):
        return []
    tiles: list[Tile] = []
    pos = 0
    for match in _COMPACT_RE.finditer(text):
        if match.start() != pos:
            raise NotationError(
                f"'{text}' is not a list of tiles (stuck at '{text[pos:]}')",
                code=ErrorCode.NOT_A_TILE_LIST,
                text=text,
            )
        tiles.append(Tile.parse(match.group(0)))
        pos = match.end()
    if pos != len(text):
        raise NotationError(
            f"'{text}' is not a list of tiles (stuck at '{text[pos:]}')",
            code=ErrorCode.NOT_A_TILE_LIST,
            text=text,
        )
    return tiles


def format_tiles(tiles: Iterable[Tile], sep: str = " ") -> str:
    return sep.join(str(t) for t in tiles)


def format_compact(tiles: Iterable[Tile]) -> str:
    text = "".join(str(t) for t in tiles)
    return text or "-"


def full_set() -> list[Tile]:
    """The 106 tiles: two of each colour and number, and two false okeys."""
    tiles = [Tile(c, n) for c in COLOURS for n in range(1, 14) for _ in range(2)]
    tiles += [FALSE_OKEY, FALSE_OKEY]
    return tiles


def okey_for(indicator: Tile) -> Tile:
    """The wild tile a given indicator names: one higher in its colour (13 names 1)."""
    if indicator.is_false_okey:
        raise NotationError(
            "A false okey cannot be the indicator", code=ErrorCode.FALSE_OKEY_INDICATOR
        )
    return indicator.next_in_colour()


def sort_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=Tile.sort_key)
