"""The player's rack (istaka): two rows of slots, free arrangement with gaps.

The engine keeps a hand as a multiset of tiles; where each tile sits on the
rack is the player's business, so the UI owns it here. No Textual here.

>>> from okey_tui.engine.tiles import parse_tiles
>>> rack = RackLayout(cols=5)
>>> rack.sync(parse_tiles("R1 R2 K9"))
>>> rack.tiles()
[Tile.parse('R1'), Tile.parse('R2'), Tile.parse('K9')]
>>> rack.sync(parse_tiles("R1 K9"))
>>> rack.slots[:3]
[Tile.parse('R1'), None, Tile.parse('K9')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from okey_tui.engine.tiles import Tile

ROWS = 2
DEFAULT_COLS = 16


class RackLayout:
    """``ROWS`` x ``cols`` slots, each empty or holding one tile."""

    def __init__(self, cols: int = DEFAULT_COLS) -> None:
        self.cols = cols
        self.slots: list[Tile | None] = [None] * (ROWS * cols)

    def __len__(self) -> int:
        return len(self.slots)

    def tiles(self) -> list[Tile]:
        return [t for t in self.slots if t is not None]

    def count(self) -> int:
        return sum(1 for t in self.slots if t is not None)

    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def place(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def sync(self, tiles: Iterable[Tile]) -> None:
        """Make the rack hold exactly ``tiles`` (as a multiset), moving as little as possible.

        Tiles that left are taken out of their slots (from the right end
        first); new tiles go to the first free slot after the last tile.
        """
        want = Counter(tiles)
        have = Counter(self.tiles())
        for tile, extra in (have - want).items():
            for i in range(len(self.slots) - 1, -1, -1):
                if extra == 0:
                    break
                if self.slots[i] == tile:
                    self.slots[i] = None
                    extra -= 1
        for tile, missing in (want - have).items():
            for _ in range(missing):
                self._put(tile)

    def _put(self, tile: Tile) -> int:
        used = [i for i, t in enumerate(self.slots) if t is not None]
        start = used[-1] + 1 if used else 0
        for i in list(range(start, len(self.slots))) + list(range(start)):
            if self.slots[i] is None:
                self.slots[i] = tile
                return i
        self._grow()
        return self._put(tile)

    def _grow(self) -> None:
        rows = [self.slots[r * self.cols : (r + 1) * self.cols] for r in range(ROWS)]
        self.cols += 1
        self.slots = [t for row in rows for t in [*row, None]]

    def arrange(self, groups: Sequence[Sequence[Tile]], rest: Sequence[Tile] = ()) -> None:
        """Lay groups left to right with a gap between them, then the loose tiles.

        A group that does not fit on the row goes to the next row; when
        gaps do not fit at all, the tiles are packed without them.
        """
        pieces = [list(g) for g in groups if g] + ([list(rest)] if rest else [])
        total = sum(len(p) for p in pieces)
        while total > len(self.slots):
            self._grow()
        layout = self._flow(pieces, gaps=True) or self._flow(pieces, gaps=False)
        if layout is None:  # pragma: no cover - the slots always hold every tile packed
            layout = [t for p in pieces for t in p]
            layout += [None] * (len(self.slots) - len(layout))
        self.slots = layout

    def _flow(self, pieces: list[list[Tile]], gaps: bool) -> list[Tile | None] | None:
        slots: list[Tile | None] = [None] * len(self.slots)
        row, col = 0, 0
        for piece in pieces:
            queue = list(piece)
            if col and col + len(queue) > self.cols and len(queue) <= self.cols:
                row, col = row + 1, 0
            while queue:
                if row >= ROWS:
                    return None
                if col >= self.cols:
                    row, col = row + 1, 0
                    continue
                slots[self.index(row, col)] = queue.pop(0)
                col += 1
            if gaps and col:
                col += 1
        return slots

    def move(self, indices: Iterable[int], step: int) -> list[int] | None:
        """Shift the tiles at ``indices`` by ``step`` slots (±1 along a row, ±cols across rows).

        Tiles in the way swap into the freed slots. Returns the new indices,
        or ``None`` (nothing moved) when a tile would leave the rack.
        """
        chosen = sorted(set(indices), reverse=step > 0)
        horizontal = abs(step) == 1
        for i in chosen:
            j = i + step
            if not 0 <= j < len(self.slots):
                return None
            if horizontal and self.place(i)[0] != self.place(j)[0]:
                return None
        for i in chosen:
            j = i + step
            self.slots[i], self.slots[j] = self.slots[j], self.slots[i]
        return sorted(i + step for i in chosen)

    def swap(self, a: int, b: int) -> None:
        self.slots[a], self.slots[b] = self.slots[b], self.slots[a]


def without(tiles: Iterable[Tile], taken: Iterable[Tile]) -> list[Tile]:
    """``tiles`` minus ``taken``, as multisets."""
    left = Counter(tiles)
    left.subtract(Counter(taken))
    return [t for t, n in left.items() for _ in range(max(n, 0))]
