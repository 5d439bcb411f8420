"""Actions a player can take, as frozen values with a text form that reads back.

>>> okey = Tile.parse("B8")
>>> action = parse_action("open R1R2R3 K9Y9*B9", okey)
>>> action.text(okey)
'open R1R2R3 Y9*B9K9'
>>> parse_action("add *R4>2", okey)
<AddTile *R4>2>
>>> action
<Open R1R2R3 Y9*B9K9>
"""

from __future__ import annotations

from dataclasses import dataclass

from okey_tui.engine.errors import ErrorCode, NotationError
from okey_tui.engine.melds import Meld, parse_meld
from okey_tui.engine.tiles import Tile, is_number, parse_compact


class _Short:
    """A short ``repr`` in the action notation: ``<Discard K5>``, ``<AddTile *R4>2>``."""

    __slots__ = ()

    def _args(self) -> str:
        return ""

    def __repr__(self) -> str:
        args = self._args()
        return f"<{type(self).__name__}{' ' + args if args else ''}>"


@dataclass(frozen=True, slots=True, repr=False)
class DrawMiddle(_Short):
    """Draw the next tile of the middle (ends the hand when the middle is empty)."""

    def text(self, okey: Tile) -> str:
        return "draw"


@dataclass(frozen=True, slots=True, repr=False)
class TakeDiscard(_Short):
    """Take the top tile of the left neighbour's discard pile."""

    def text(self, okey: Tile) -> str:
        return "take"


@dataclass(frozen=True, slots=True, repr=False)
class GiveBack(_Short):
    """Return the taken discard and draw from the middle instead."""

    def text(self, okey: Tile) -> str:
        return "giveback"


@dataclass(frozen=True, slots=True, repr=False)
class Open(_Short):
    """The first lay-down: runs and sets, or pairs, all in one action."""

    melds: tuple[Meld, ...]

    def _args(self) -> str:
        return " ".join(m.notation() for m in self.melds)

    def text(self, okey: Tile) -> str:
        return "open " + " ".join(m.text(okey) for m in self.melds)


@dataclass(frozen=True, slots=True, repr=False)
class Lay(_Short):
    """New melds after opening (pairs only, for a pairs opener)."""

    melds: tuple[Meld, ...]

    def _args(self) -> str:
        return " ".join(m.notation() for m in self.melds)

    def text(self, okey: Tile) -> str:
        return "lay " + " ".join(m.text(okey) for m in self.melds)


@dataclass(frozen=True, slots=True, repr=False)
class AddTile(_Short):
    """Add one tile to table meld number ``target``; ``meant`` says what an okey stands for."""

    tile: Tile
    target: int
    meant: Tile | None = None

    def _args(self) -> str:
        tile = f"*{self.meant}" if self.meant is not None else str(self.tile)
        return f"{tile}>{self.target}"

    def text(self, okey: Tile) -> str:
        tile = f"*{self.meant}" if self.tile == okey and self.meant is not None else str(self.tile)
        return f"add {tile}>{self.target}"


@dataclass(frozen=True, slots=True, repr=False)
class SwapOkey(_Short):
    """Put real tiles into table meld ``target`` and take its okey into the hand."""

    target: int
    tiles: tuple[Tile, ...]

    def _args(self) -> str:
        return f"{self.target} " + "".join(str(t) for t in self.tiles)

    def text(self, okey: Tile) -> str:
        return f"swap {self.target} " + "".join(str(t) for t in self.tiles)


@dataclass(frozen=True, slots=True, repr=False)
class TakeBack(_Short):
    """Undo everything laid on the table this turn (a penalty at penalty tables)."""

    def text(self, okey: Tile) -> str:
        return "takeback"


@dataclass(frozen=True, slots=True, repr=False)
class DeclarePairs(_Short):
    """Challenge: declare Going Pairs (open only with pairs this hand)."""

    def text(self, okey: Tile) -> str:
        return "pairs"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(_Short):
    """Discard one tile onto your pile; the last tile finishes the hand."""

    tile: Tile

    def _args(self) -> str:
        return str(self.tile)

    def text(self, okey: Tile) -> str:
        return f"discard {self.tile}"


Action = (
    DrawMiddle
    | TakeDiscard
    | GiveBack
    | Open
    | Lay
    | AddTile
    | SwapOkey
    | TakeBack
    | DeclarePairs
    | Discard
)

_SIMPLE: dict[str, Action] = {
    "draw": DrawMiddle(),
    "take": TakeDiscard(),
    "giveback": GiveBack(),
    "takeback": TakeBack(),
    "pairs": DeclarePairs(),
}


def parse_action(text: str, okey: Tile) -> Action:
    """Read an action in the text form its ``text`` method writes."""
    words = text.strip().split()
    if not words:
        raise NotationError("An empty action", code=ErrorCode.NOT_AN_ACTION)
    verb, args = words[0].lower(), words[1:]
    if verb in _SIMPLE and not args:
        return _SIMPLE[verb]
    if verb in ("open", "lay") and args:
        melds = tuple(parse_meld(arg, okey) for arg in args)
        return Open(melds) if verb == "open" else Lay(melds)
    if verb == "discard" and len(args) == 1:
        return Discard(Tile.parse(args[0]))
    if verb == "add" and len(args) == 1 and ">" in args[0]:
        tile_text, _, target_text = args[0].partition(">")
        target = _index(target_text, text)
        if tile_text.startswith("*"):
            return AddTile(okey, target, Tile.parse(tile_text[1:]))
        return AddTile(Tile.parse(tile_text), target)
    if verb == "swap" and len(args) == 2:
        return SwapOkey(_index(args[0], text), tuple(parse_compact(args[1])))
    raise NotationError(
        f"'{text.strip()}' is not an action (draw, take, giveback, open M.., lay M.., "
        "add T>N, swap N TT, takeback, pairs, discard T)",
        code=ErrorCode.NOT_AN_ACTION,
    )


def _index(text: str, whole: str) -> int:
    if not is_number(text):
        raise NotationError(
            f"'{whole.strip()}': '{text}' is not a table meld number", code=ErrorCode.NOT_AN_ACTION
        )
    return int(text)
