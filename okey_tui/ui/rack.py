"""The player's rack (istaka): two rows of slots, free arrangement with gaps.

The engine keeps a hand as a multiset of tiles; where each tile sits on the
rack is the player's business, so the UI owns it here. No Textual here.

Tiles next to each other on a row, between empty slots, form a *group*: the
way players split their melds on a real rack. Nothing here moves a tile the
player did not ask to move: tiles that leave the rack leave their own slots,
tiles that come back (Esc, undo, take-back) return to the slots they left,
and a new tile goes to a free slot apart from every group, at the right end
of the lower row if it can (a tile taken from the left, which must be laid
this turn, goes beside the group it makes a meld with, where a free slot
there touches no other group, or into its place inside that group: the only
time tiles move unasked, that group's tiles on one side of the place, one slot
along, back again if the tile is given back). Keys that move tiles a long way
(Home, End, Tab) never put them against another group.

>>> from okey_tui.engine.tiles import parse_tiles
>>> rack = RackLayout(cols=5)
>>> rack.arrange([parse_tiles("R1 R2 R3")], parse_tiles("K9"))
>>> rack.groups()
[[0, 1, 2], [4]]
>>> rack.take([1])
[(1, Tile.parse('R2'))]
>>> rack.sync(parse_tiles("R1 R2 R3 K9"))
([1], [])
>>> rack.slots[:5]
[Tile.parse('R1'), Tile.parse('R2'), Tile.parse('R3'), None, Tile.parse('K9')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from okey_tui.engine.errors import OkeyError
from okey_tui.engine.melds import Meld, MeldKind, effective, is_wild, readings
from okey_tui.engine.state import Event
from okey_tui.engine.tiles import COLOURS, Tile
from okey_tui.table import RACK_COLS, RACK_ROWS, Departures, turn_mark

ROWS = RACK_ROWS
DEFAULT_COLS = RACK_COLS
# What :attr:`RackLayout.joined` says when j split the tile's own block (no other group).
OWN_BLOCK: tuple[int, ...] = ()
# Loose tiles of one colour stay side by side while their numbers are this close: one
# tile between them would make a run.
NEAR = 2


def near_parts(tiles: Sequence[Tile], okey: Tile) -> list[list[Tile]]:
    """Loose tiles split the way players keep them: each half-made run of one colour
    (numbers no more than ``NEAR`` apart) on its own, in colour order, then each pair of
    copies of one tile (no run or set, but a pair), then the tiles that have no such
    neighbour together (with a second copy of a tile in a half-made run: a pair alone
    stays a pair), then the okeys. A false okey goes where the tile it stands for would.
    The parts come first that :meth:`RackLayout.arrange` keeps apart first on a full
    rack: a half-made run before a pair, which makes no run or set.

    >>> from okey_tui.engine.tiles import parse_tiles
    >>> okey = Tile.parse("B7")
    >>> tiles = parse_tiles("K8 R5 Y11 R12 Y13 B7 F K7 K1")
    >>> [" ".join(map(str, part)) for part in near_parts(tiles, okey)]
    ['Y11 Y13', 'K7 K8', 'R5 R12 F K1', 'B7']
    >>> [" ".join(map(str, p)) for p in near_parts(parse_tiles("R1 R2 R4 R4 K9 K9"), okey)]
    ['R1 R2 R4', 'K9 K9', 'R4']
    >>> [" ".join(map(str, p)) for p in near_parts(parse_tiles("B11 B11 K3 K4 K13"), okey)]
    ['K3 K4', 'B11 B11', 'K13']
    """

    def face(tile: Tile) -> Tile:
        return okey if tile.is_false_okey else tile

    okeys = [t for t in tiles if t == okey]
    runs: list[list[Tile]] = []
    for tile in sorted((t for t in tiles if t != okey), key=lambda t: face(t).sort_key()):
        if runs:
            last, here = face(runs[-1][-1]), face(tile)
            if last.colour == here.colour and here.number - last.number <= NEAR:
                runs[-1].append(tile)
                continue
        runs.append([tile])
    # A second copy goes with the loose tiles ("R1 R2 R4 R4" read as one half-made run),
    # unless the copies are all the part holds (a pair stays a pair).
    spares: list[Tile] = []
    for n, run in enumerate(runs):
        faces = [face(t) for t in run]
        if len(set(faces)) > 1:
            runs[n] = [t for i, t in enumerate(run) if faces[i] not in faces[:i]]
            spares += [t for i, t in enumerate(run) if faces[i] in faces[:i]]
    alone = sorted(
        [run[0] for run in runs if len(run) == 1] + spares, key=lambda t: face(t).sort_key()
    )
    half_made = [run for run in runs if len({face(t) for t in run}) > 1]
    pairs = [run for run in runs if len(run) > 1 and len({face(t) for t in run}) == 1]
    return half_made + pairs + [p for p in (alone, okeys) if p]


class Elsewhere(NamedTuple):
    """A staged group put back that did not go to its own slots (:meth:`RackLayout.bring_back`)."""

    tiles: tuple[Tile, ...]  # in the order they stand now
    slots: tuple[int, ...]  # where they went
    whole: bool  # side by side; False: no free slots side by side held it, so one by one
    known: bool  # its own slots were known, and one or more was taken (False: not known)


class RackLayout:
    """``ROWS`` x ``cols`` slots, each empty or holding one tile."""

    def __init__(self, cols: int = DEFAULT_COLS) -> None:
        self.cols = cols
        self.slots: list[Tile | None] = [None] * (ROWS * cols)
        # Tiles that left their slots since the turn began, newest last: where
        # they go back to if the engine returns them (Esc, undo, take-back).
        self.left: list[tuple[int, Tile]] = []
        # Where tiles held off the rack since before the turn began (staged melds) left
        # from, newest last: only those tiles go back there (:meth:`bring_back`), never a
        # drawn or taken copy of one (it is new: :meth:`put_new`).
        self.kept: list[tuple[int, Tile]] = []
        # Tiles that came back to their slots this turn, newest last: the ones that
        # leave again when the return is undone, not their twins elsewhere on the rack.
        self.back: list[tuple[int, Tile]] = []
        # The tiles the last sync moved aside (old slot -> new slot) to make room for a
        # tile taken from the left (see :meth:`put_beside`), or back when it left.
        self.shifted: dict[int, int] = {}
        # Room made this turn: the slot the taken tile went to and the tiles moved aside
        # for it (old slot, new slot, tile), moved back if it leaves that slot (g).
        self.room: tuple[int, list[tuple[int, int, Tile]]] | None = None
        # The groups the last :meth:`bring_back` could not put in their own slots.
        self.elsewhere: list[Elsewhere] = []
        # The group the last :meth:`join` put its tile beside (its slots before the move;
        # :data:`OWN_BLOCK` for the tile's own block split), for j again: the next group.
        self.joined: tuple[int, ...] | None = None

    def __len__(self) -> int:
        return len(self.slots)

    def copy(self) -> RackLayout:
        """The same slots, and the same memory of where tiles left from."""
        other = RackLayout(self.cols)
        other.slots = list(self.slots)
        other.left = list(self.left)
        other.kept = list(self.kept)
        other.back = list(self.back)
        other.room = self.room
        return other

    def tiles(self) -> list[Tile]:
        return [t for t in self.slots if t is not None]

    def count(self) -> int:
        return sum(1 for t in self.slots if t is not None)

    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def place(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def row_of(self, index: int) -> int:
        return index // self.cols

    # -- groups -------------------------------------------------------------------
    def slot_of(
        self,
        tile: Tile,
        apart: bool = False,
        okey: Tile | None = None,
        kinds: Sequence[MeldKind] | None = None,
    ) -> int | None:
        """The slot holding ``tile`` (its first copy), or None; ``apart``: the copy that
        stands most apart (in the smallest group, the rightmost of those), where a new
        tile comes in, so that a copy in a meld is left alone. With ``okey`` given, a copy
        in a group that reads as a meld (of ``kinds``: what the group's label under the
        rack says) comes last, however small its group: a loose copy among six leftovers
        goes before the one in ``R11 R12 R13``.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=10)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], parse_tiles("R2"))
        >>> rack.slot_of(Tile.parse("R2")), rack.slot_of(Tile.parse("R2"), apart=True)
        (1, 4)
        """
        copies = [i for i, t in enumerate(self.slots) if t == tile]
        if not copies:
            return None
        if apart:

            def place(i: int) -> tuple[bool, int, int]:
                group = self.group_at(i)
                return (self._makes_meld(group, okey, kinds), len(group), -i)

            return min(copies, key=place)
        return copies[0]

    def _makes_meld(
        self, group: Sequence[int], okey: Tile | None, kinds: Sequence[MeldKind] | None
    ) -> bool:
        """Whether the tiles of ``group`` (two or more) read as a meld, as the group's
        label under the rack reads them (False with no ``okey`` to read them by)."""
        if okey is None or len(group) < 2:
            return False
        tiles = [t for i in group if (t := self.slots[i]) is not None]
        return bool(readings(tiles, okey, kinds))

    def groups(self, ignore: Iterable[int] = ()) -> list[list[int]]:
        """Runs of neighbouring tiles on a row, between gaps, as slot indices (the slots
        in ``ignore``, tiles about to move, count as empty)."""
        skip = set(ignore)
        found: list[list[int]] = []
        for row in range(ROWS):
            current: list[int] = []
            for col in range(self.cols):
                i = self.index(row, col)
                if self.slots[i] is not None and i not in skip:
                    current.append(i)
                elif current:
                    found.append(current)
                    current = []
            if current:
                found.append(current)
        return found

    def group_at(self, index: int) -> list[int]:
        """The group holding slot ``index`` (empty for an empty slot)."""
        for group in self.groups():
            if index in group:
                return group
        return []

    def tile_after(self, index: int) -> int | None:
        """Where the cursor goes when the tile at ``index`` left the rack: the nearest tile
        on its right on its row, else on its left, else the nearest on the other row (the
        right one of two as near).

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=6)
        >>> rack.arrange([parse_tiles("R1 R2 R3"), parse_tiles("K9")])
        >>> rack.take([2]), rack.tile_after(2)  # R3 left: K9, two slots on, not R2 beside
        ([(2, Tile.parse('R3'))], 4)
        >>> rack.take([4]), rack.tile_after(4)  # K9 left: nothing on its right, so R2
        ([(4, Tile.parse('K9'))], 1)
        """
        row, col = self.place(index)
        right = [c for c in range(col + 1, self.cols)]
        left = [c for c in range(col - 1, -1, -1)]
        other = sorted(range(self.cols), key=lambda c: (abs(c - col), -c))
        for r, cols in ((row, right), (row, left), (1 - row, other)):
            for c in cols:
                if self.slots[self.index(r, c)] is not None:
                    return self.index(r, c)
        return None

    def next_tile(self, index: int, step: int) -> int:
        """Where ← (``step`` −1) or → (+1) takes the cursor from ``index``: the next tile
        along its row, past the empty slots; at the row's last (or first) tile it stays.
        It went round the row: a player who pressed → once too often was on the row's
        first tile, and x threw it. A tile alone on its row keeps the cursor; from an empty
        slot with no tile that way, the nearest tile.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("R1"), parse_tiles("K9")])  # R1 · K9 in slots 0 and 2
        >>> rack.next_tile(0, 1), rack.next_tile(2, 1), rack.next_tile(0, -1)
        (2, 2, 0)
        >>> rack.next_tile(8, 1)  # the lower row is empty: to the nearest tile
        0
        """
        row, col = self.place(index)
        c = col + step
        while 0 <= c < self.cols:
            if self.slots[self.index(row, c)] is not None:
                return self.index(row, c)
            c += step
        if self.slots[index] is not None:
            return index
        nearest = self.nearest_tile(index)
        return index if nearest is None else nearest

    def across(self, index: int, row: int) -> int:
        """Where ↑ or ↓ takes the cursor from ``index`` to ``row``: the tile there nearest
        its column (the one on the left of two as near); a row with no tile keeps it."""
        found = self._nearest_in_row(row, self.place(index)[1])
        return index if found is None else found

    def row_end_tile(self, row: int, end: int) -> int:
        """Home (``end`` −1) or End (+1) with nothing selected: the first or last tile of
        ``row``, else its first or last slot."""
        cols = range(self.cols) if end < 0 else range(self.cols - 1, -1, -1)
        for c in cols:
            if self.slots[self.index(row, c)] is not None:
                return self.index(row, c)
        return self.index(row, 0 if end < 0 else self.cols - 1)

    def nearest_tile(self, index: int) -> int | None:
        """The occupied slot nearest to ``index``, its own row first."""
        row, col = self.place(index)
        found = self._nearest_in_row(row, col)
        return found if found is not None else self._nearest_in_row(1 - row, col)

    def _nearest_in_row(self, row: int, col: int) -> int | None:
        """The tile on ``row`` nearest to column ``col`` (the left one of two as near)."""
        for c in sorted(range(self.cols), key=lambda c: (abs(c - col), c)):
            if self.slots[self.index(row, c)] is not None:
                return self.index(row, c)
        return None

    # -- tiles leaving and coming back ----------------------------------------------
    def take(self, indices: Iterable[int]) -> list[tuple[int, Tile]]:
        """Empty exactly these slots and remember where each tile came from."""
        taken: list[tuple[int, Tile]] = []
        for i in sorted(set(indices)):
            tile = self.slots[i]
            if tile is not None:
                self.slots[i] = None
                taken.append((i, tile))
        self.left.extend(taken)
        return taken

    def forget(self, keep: Iterable[Tile] = ()) -> None:
        """A new turn: tiles that left earlier are gone for good, but for ``keep`` (tiles
        still held off the rack, as staged melds are): they remember their slots.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=4)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], parse_tiles("K9"))
        >>> staged = rack.take([0, 1, 2])
        >>> rack.forget(keep=parse_tiles("R1 R2 R3"))
        >>> rack.bring_back([parse_tiles("R1 R2 R3")])
        [0, 1, 2]
        """
        wanted = Counter(keep)
        kept: list[tuple[int, Tile]] = []
        # The newest departure of a tile is its home.
        for index, tile in reversed([*self.kept, *self.left]):
            if wanted[tile] > 0:
                wanted[tile] -= 1
                kept.append((index, tile))
        self.kept = kept[::-1]
        self.left = []
        self.back.clear()
        self.room = None

    def sync(
        self,
        tiles: Iterable[Tile],
        prefer: Iterable[int] = (),
        taken: tuple[Tile, Tile, Sequence[MeldKind] | None] | None = None,
    ) -> tuple[list[int], list[int]]:
        """Make the rack hold exactly ``tiles`` (as a multiset), moving nothing else.

        A tile that is no longer held leaves a slot in ``prefer`` if one holds
        it, else the slot it last came back to, else the rightmost copy (and
        is remembered as having left that slot). A tile that came back returns
        to the slot it left this turn (or the nearest free one); a new tile (a drawn copy
        of a staged tile too: staged tiles go back by :meth:`bring_back`) goes where
        :meth:`put_new` puts it, but the tile of ``taken`` (the tile taken from the
        left, the okey and the meld kinds this seat may lay) where :meth:`put_beside`
        does when it finds a group for it (the tiles it moved aside are in
        :attr:`shifted`; they move back when that tile leaves its slot again). Returns the
        slots of the returned and the new tiles.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=4)
        >>> rack.arrange([parse_tiles("B12 B13")], parse_tiles("B13"))
        >>> laid = rack.take([0, 1])  # B12 and the first B13 are laid down
        >>> rack.sync(parse_tiles("B12 B13 B13"))  # taken back: home again
        ([0, 1], [])
        >>> rack.sync(parse_tiles("B13"))  # that undone: the loose B13 stays
        ([], [])
        >>> rack.slots[:4]
        [None, None, None, Tile.parse('B13')]
        """
        self.shifted = {}
        want = Counter(tiles)
        have = Counter(self.tiles())
        preferred = list(prefer)
        back = [i for i, _ in reversed(self.back)]
        for tile, extra in (have - want).items():
            order = [i for i in preferred if 0 <= i < len(self.slots)]
            order += [i for i in back if i < len(self.slots) and i not in order]
            order += [i for i in range(len(self.slots) - 1, -1, -1) if i not in order]
            for i in order:
                if extra == 0:
                    break
                if self.slots[i] == tile:
                    self.slots[i] = None
                    self.left.append((i, tile))
                    extra -= 1
                    if self.room is not None and self.room[0] == i:
                        self._close_room()
        self.back = [(i, t) for i, t in self.back if self.slots[i] == t]
        returned: list[int] = []
        new: list[int] = []
        for tile, missing in (want - have).items():
            for _ in range(missing):
                home = self._recall(tile)
                if home is not None:
                    returned.append(self._put_near(tile, home))
                    self.back.append((returned[-1], tile))
                elif taken is not None and tile == taken[0]:
                    beside = self.put_beside(*taken)
                    new.append(self.put_new(tile) if beside is None else beside)
                else:
                    new.append(self.put_new(tile))
        return sorted(returned), sorted(new)

    def bring_back(self, groups: Sequence[Sequence[Tile]]) -> list[int]:
        """Groups of tiles coming back together (staged melds put back), each whole.

        Every group whose own slots (the ones its tiles left) are all free goes back to
        exactly them, before any other group comes back: a group that cannot go home never
        takes another's slots. A group whose slots are taken, even one of them (or not
        known: the rack was sorted since), goes side by side, in the order its tiles stood,
        into the free slots nearest to where it was: apart from other tiles on its row or
        the other row if there is room, else next to them. No tile on the rack moves for
        it. With no free slots side by side for it anywhere, its tiles go one by one where
        new tiles would (:meth:`put_new`). Returns the slots filled, group by group; the
        groups that did not go to their own slots are in :attr:`elsewhere`.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=6)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], parse_tiles("K9"))
        >>> run = [t for _, t in rack.take([0, 1, 2])]
        >>> rack.swap(1, 4)  # K9 moved into the run's old place meanwhile
        >>> rack.bring_back([run])
        [3, 4, 5]
        >>> rack.slots[:6]
        [None, Tile.parse('K9'), None, Tile.parse('R1'), Tile.parse('R2'), Tile.parse('R3')]
        >>> rack.elsewhere
        [Elsewhere(tiles=(Tile.parse('R1'), Tile.parse('R2'), Tile.parse('R3')), slots=(3, 4, 5), whole=True, known=True)]
        """
        self.elsewhere = []
        # The newest departures first: the group staged last recalls its slots first, so
        # that of two copies of a tile in two groups each finds the slot its copy left.
        homes: list[list[int | None]] = []
        for group in reversed(groups):
            homes.insert(0, [self._recall(tile, kept=True) for tile in reversed(group)][::-1])
        filled: dict[int, list[int]] = {}
        astray: list[int] = []
        for n, group in enumerate(groups):
            back = [h for h in homes[n] if h is not None and h < len(self.slots)]
            if len(set(back)) == len(back) == len(group) and all(
                self.slots[h] is None for h in back
            ):
                filled[n] = self._fill(back, group)
            else:
                astray.append(n)
        for n in astray:
            filled[n] = self._elsewhere(groups[n], homes[n])
        return [i for n in range(len(groups)) for i in filled[n]]

    def _elsewhere(self, group: Sequence[Tile], home: Sequence[int | None]) -> list[int]:
        """A group that cannot go back to its own slots (``home``, each tile's or None):
        see :meth:`bring_back`. Returns the slots it went to."""
        known = sorted((h, k) for k, h in enumerate(home) if h is not None and h < len(self.slots))
        # In the order the tiles stood on the rack; those whose slot is not known after.
        order = [k for _, k in known] + [k for k in range(len(group)) if home[k] is None]
        order += [k for k in range(len(group)) if k not in order]
        tiles = [group[k] for k in order]
        if known:
            row, col = self.place(known[0][0])
        else:
            row, col = ROWS - 1, self.cols - len(group)
        for apart in (True, False):
            for r in (row, 1 - row):
                start = self._span(r, len(tiles), col, apart)
                if start is not None:
                    slots = self._fill(list(range(start, start + len(tiles))), tiles)
                    self.elsewhere.append(Elsewhere(tuple(tiles), tuple(slots), True, bool(known)))
                    return slots
        for tile in tiles:
            self.back.append((self.put_new(tile), tile))
        slots = [i for i, _ in self.back[-len(tiles) :]]  # after any widening of the rack
        self.elsewhere.append(Elsewhere(tuple(tiles), tuple(slots), False, bool(known)))
        return slots

    def _span(self, row: int, length: int, col: int, apart: bool) -> int | None:
        """The first slot of ``length`` free slots on ``row`` nearest to column ``col``
        (with ``apart``, only where no tile touches either end)."""
        start = self.free_span(row, length, col, apart=apart)
        return None if start is None else self.index(row, start)

    def _fill(self, slots: Sequence[int], tiles: Sequence[Tile]) -> list[int]:
        for i, tile in zip(slots, tiles, strict=True):
            self.slots[i] = tile
            self.back.append((i, tile))
        return list(slots)

    def _recall(self, tile: Tile, kept: bool = False) -> int | None:
        """The slot ``tile`` last left this turn (forgotten now); with ``kept``, else the
        one it left before the turn began, held off the rack since (:attr:`kept`). None:
        no such memory."""
        for memory in (self.left, self.kept) if kept else (self.left,):
            for n in range(len(memory) - 1, -1, -1):
                if memory[n][1] == tile:
                    return memory.pop(n)[0]
        return None

    def _put_near(self, tile: Tile, index: int) -> int:
        """Put ``tile`` in slot ``index``, or the free slot nearest to it on its row."""
        if index < len(self.slots) and self.slots[index] is None:
            self.slots[index] = tile
            return index
        row, col = self.place(min(index, len(self.slots) - 1))
        for d in range(1, self.cols):
            for c in (col + d, col - d):
                if 0 <= c < self.cols and self.slots[self.index(row, c)] is None:
                    self.slots[self.index(row, c)] = tile
                    return self.index(row, c)
        return self.put_new(tile)

    def put_new(self, tile: Tile) -> int:
        """A drawn or taken tile: a free slot that touches no group, as far right as it can
        on the lower row, else on the upper row; away from the slots tiles off the rack
        (staged melds) go back to, and from beside them, where it can (there it would
        join their group when they come back). Only on a rack too full for that does it
        touch tiles, where it does least harm: beside one group rather than between two,
        beside the smallest group, nearest the right end of the lower row.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=5)
        >>> rack.arrange([parse_tiles("R1 R2"), parse_tiles("R4")], parse_tiles("K1 K2 K3 K4 K5"))
        >>> laid = rack.take([6, 7, 8])  # K2 K3 K4 leave: R1 R2 _ R4 _ / K1 _ _ _ K5
        >>> rack.put_new(Tile.parse("Y9"))  # the one slot apart from every group
        7
        >>> rack.put_new(Tile.parse("Y8"))  # none left: beside one tile, not between two
        4
        """
        free = [i for i, t in enumerate(self.slots) if t is None]
        if not free:
            self._grow()
            return self.put_new(tile)
        lower = ROWS - 1
        homes = self.homes()

        def harm(i: int) -> tuple[int, bool, int, bool, int]:
            row, col = self.place(i)
            sides = [self._reach(row, col, step) for step in (-1, 1)]
            touched = [n for n in sides if n]
            around = {self.index(row, c) for c in (col - 1, col, col + 1) if 0 <= c < self.cols}
            return len(touched), bool(around & homes), sum(touched), row != lower, -col

        best = min(free, key=harm)
        self.slots[best] = tile
        return best

    def homes(self) -> set[int]:
        """The slots tiles off the rack go back to (staged or laid this turn): kept free."""
        return {i for i, _ in [*self.left, *self.kept]}

    def free_apart(self, row: int, col: int, step: int, homes: set[int]) -> bool:
        """Whether the slot at ``col`` of ``row`` is free and no tile's home (``homes``),
        with a free slot or the row's end beyond it (``step`` on): a tile put there joins
        no other group on that side."""
        if not 0 <= col < self.cols:
            return False
        i = self.index(row, col)
        if self.slots[i] is not None or i in homes:
            return False
        beyond = col + step
        return not 0 <= beyond < self.cols or self.slots[self.index(row, beyond)] is None

    def partners(
        self,
        tile: Tile,
        okey: Tile,
        kinds: Sequence[MeldKind] | None = None,
        ignore: Iterable[int] = (),
        wild: bool = False,
    ) -> list[list[int]]:
        """The groups ``tile`` makes a meld with (all their tiles and it: ``R3`` with
        ``R5 R6 ★`` as well, though the okey only moves along), best first: a run or a
        set before a pair, then the most points gained. None for a wild tile, which fits
        anywhere, unless ``wild`` (j, asked of the okey): then the groups of two tiles or
        more it makes a run or a set with. The slots in ``ignore`` count as empty (the
        tile's own, once it is in)."""
        okey_in = is_wild(tile, okey)
        if okey_in and not wild:
            return []
        found: list[tuple[tuple[bool, int], list[int]]] = []
        for group in self.groups(ignore):
            held = [t for i in group if (t := self.slots[i]) is not None]
            after = readings([*held, tile], okey, kinds)
            if not after or (okey_in and after[0].kind is MeldKind.PAIR):
                continue
            before = readings(held, okey, kinds)
            gain = after[0].value - (before[0].value if before else 0)
            found.append(((after[0].kind is not MeldKind.PAIR, gain), group))
        found.sort(key=lambda f: f[0], reverse=True)
        return [group for _, group in found]

    def put_beside(
        self,
        tile: Tile,
        okey: Tile,
        kinds: Sequence[MeldKind] | None = None,
        push: bool = False,
        wild: bool = False,
        skip: Collection[tuple[int, ...]] = (),
    ) -> int | None:
        """A tile taken from the left (laid this turn, so it is wanted in a meld): in the
        best group it makes a meld with (:meth:`partners`), where its tiles then read as
        that meld. A set or a pair takes it at either end; a run only where its tiles read
        in order (not ``R8 R10 R9``, nor ``R12 ★ R13``).

        First where no tile moves: a free slot at an end of the group whose other side is
        free too (no other group joins), or a free slot that joins the group to the next
        when all of them read as one meld (``R7`` into ``R5 R6 _ R8 R9``). Else, when the
        tile's place in a run is inside the group (``R7`` for ``R5 R6 R8 R9``) or at an end
        that touches another group, the group's tiles on one side of that place move one
        slot along their row, into a free slot that touches no other group: the fewest
        tiles that can, and only that group's (``push``, j's: the groups a slot beyond move
        along too, see :meth:`_room_in`) (they are in :attr:`shifted`, and move back
        if the tile leaves that slot, as g gives it back). A pairs opener's tile that no
        group takes goes beside its twin at a group's end (:meth:`_beside_twin`). ``None``
        (the caller puts it apart) when no such group has room. ``wild`` (j, asked of the
        okey): an okey goes where it makes a run or a set too (:meth:`partners`). The
        groups in ``skip`` (their slots) are passed over (j again: the next group); the
        one it went beside is in :attr:`joined`.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("B9 B10 B11"), parse_tiles("K5 Y5")], [])
        >>> rack.slots[:7]  # B9 B10 B11 _ K5 Y5 _
        [Tile.parse('B9'), Tile.parse('B10'), Tile.parse('B11'), None, Tile.parse('K5'), Tile.parse('Y5'), None]
        >>> rack.put_beside(Tile.parse("R5"), Tile.parse("R1"))  # the set K5 Y5 R5
        6
        >>> rack.put_beside(Tile.parse("B12"), Tile.parse("R1")) is None  # slot 3 joins K5
        True
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("R5 R6 R8 R9")], [])
        >>> rack.put_beside(Tile.parse("R7"), Tile.parse("B1")), rack.shifted
        (2, {2: 3, 3: 4})
        >>> " ".join(str(t) for t in rack.slots[:6] if t)  # R8 R9 moved a slot right
        'R5 R6 R7 R8 R9'
        """
        self.shifted = {}
        self.joined = None
        groups = [g for g in self.partners(tile, okey, kinds, wild=wild) if tuple(g) not in skip]

        def at_an_end(group: list[int]) -> int | None:
            """A free slot at an end of ``group`` where it all reads as one meld."""
            row, first = self.place(group[0])
            last = self.place(group[-1])[1]
            for col in (last + 1, first - 1):
                if not 0 <= col < self.cols or self.slots[self.index(row, col)] is not None:
                    continue
                if self._reads_as_meld(self._block_with(row, col, tile), okey, kinds):
                    self.slots[self.index(row, col)] = tile
                    self.room = None
                    return self.index(row, col)
            return None

        def made_room(group: list[int]) -> int | None:
            """Its place in ``group`` once tiles move a slot aside for it."""
            room = self._room_in(group, tile, okey, kinds, push)
            if room is None:
                return None
            slot, moved = room
            self._shift(moved)
            self.room = (
                slot,
                [(old, new, t) for old, new in moved.items() if (t := self.slots[new])],
            )
            self.slots[slot] = tile
            return slot

        # A taken tile goes where no tile moves first; j (``push``), the player's own ask,
        # with the best group, tiles moving aside if they must: the okey went on to B13 of
        # B10-B12, which had room, not R7 of R5 R6, which had none (13 points, not 18).
        tries = (
            [(place, group) for group in groups for place in (at_an_end, made_room)]
            if push
            else [(place, group) for place in (at_an_end, made_room) for group in groups]
        )
        for place, group in tries:
            slot = place(group)
            if slot is not None:
                self.joined = tuple(group)
                return slot
        if kinds is not None and set(kinds) == {MeldKind.PAIR} and not skip:
            # (Not for j again: beside its twin again, it went nowhere new.)
            return self._beside_twin(tile, okey)
        return None

    def _beside_twin(self, tile: Tile, okey: Tile) -> int | None:
        """A pairs opener's taken tile whose twin ends a group that is no pair with it
        (``B6`` for ``B6 B7``): in the free slot on the twin's outer side, when the slot
        past it is free too (no other group joins), so the pair stands side by side and
        no tile moves. None when there is no such slot.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("K2"), parse_tiles("B6 B7")], [])
        >>> rack.slots[:5]  # K2 _ B6 B7 _
        [Tile.parse('K2'), None, Tile.parse('B6'), Tile.parse('B7'), None]
        >>> rack.put_beside(Tile.parse("B7"), Tile.parse("R1"), [MeldKind.PAIR])
        4
        >>> rack.put_beside(Tile.parse("B6"), Tile.parse("R1"), [MeldKind.PAIR]) is None
        True
        """
        if is_wild(tile, okey):
            return None
        for group in self.groups():
            for end, step in ((group[0], -1), (group[-1], 1)):
                if self.slots[end] != tile:
                    continue
                row, col = self.place(end)
                outer, past = col + step, col + 2 * step
                if not 0 <= outer < self.cols or self.slots[self.index(row, outer)] is not None:
                    continue
                if 0 <= past < self.cols and self.slots[self.index(row, past)] is not None:
                    continue
                self.slots[self.index(row, outer)] = tile
                self.room = None
                return self.index(row, outer)
        return None

    def _block_with(self, row: int, col: int, tile: Tile) -> list[Tile]:
        """The tiles that would stand side by side on ``row`` with ``tile`` in the free
        column ``col``, in their order."""
        before: list[Tile] = []
        c = col - 1
        while c >= 0 and (t := self.slots[self.index(row, c)]) is not None:
            before.insert(0, t)
            c -= 1
        after: list[Tile] = []
        c = col + 1
        while c < self.cols and (t := self.slots[self.index(row, c)]) is not None:
            after.append(t)
            c += 1
        return [*before, tile, *after]

    @staticmethod
    def _reads_as_meld(tiles: Sequence[Tile], okey: Tile, kinds: Sequence[MeldKind] | None) -> bool:
        """Whether ``tiles``, as they stand, read as one meld of ``kinds`` (a run in order)."""
        found = readings(tiles, okey, kinds)
        return bool(found) and (found[0].kind is not MeldKind.RUN or in_order(tiles, okey))

    def _room_in(
        self,
        group: list[int],
        tile: Tile,
        okey: Tile,
        kinds: Sequence[MeldKind] | None,
        push: bool = False,
    ) -> tuple[int, dict[int, int]] | None:
        """Where ``tile`` goes in ``group`` when tiles of the group move one slot aside for
        it (see :meth:`put_beside`): its slot and the moves (old slot -> new slot), the
        fewest tiles moving (to the right of two as few), or ``None``. ``push`` (j, the
        player's own ask): the groups a slot beyond on that side move a slot along too, as
        far as a free slot apart (a sorted rack leaves every group a slot from the next).

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=10)
        >>> rack.arrange([parse_tiles("Y9 Y10 Y11"), parse_tiles("B1 B2 B3")], [])
        >>> rack._room_in([0, 1, 2], Tile.parse("Y8"), Tile.parse("R1"), None) is None
        True
        >>> rack._room_in([0, 1, 2], Tile.parse("Y8"), Tile.parse("R1"), None, push=True)
        (0, {0: 1, 1: 2, 2: 3, 4: 5, 5: 6, 6: 7})
        """
        row, first = self.place(group[0])
        last = self.place(group[-1])[1]
        held = [t for i in group if (t := self.slots[i]) is not None]
        homes = self.homes()

        def free_apart(col: int, step: int) -> bool:
            return self.free_apart(row, col, step, homes)

        def pushed(col: int, step: int) -> list[int] | None:
            """The slots of the tiles from ``col`` on (``step`` ±1) that move a slot along
            when the group's side moves: up to the first free slot whose other side is free
            too, the groups a slot away on the way moving with it (on a sorted rack every
            group stands one slot from the next); None when the row has no such slot."""
            slots: list[int] = []
            while 0 <= col < self.cols:
                i = self.index(row, col)
                if self.slots[i] is None and free_apart(col, step):
                    return slots
                if self.slots[i] is not None:
                    slots.append(i)
                elif i in homes:
                    return None
                col += step
            return None

        options: list[tuple[int, int, int, dict[int, int]]] = []
        if push:
            right, left = pushed(last + 1, 1), pushed(first - 1, -1)
        else:  # only the group's own tiles move
            right = [] if free_apart(last + 1, 1) else None
            left = [] if free_apart(first - 1, -1) else None
        for p in range(len(held) + 1):
            if not self._reads_as_meld([*held[:p], tile, *held[p:]], okey, kinds):
                continue
            if p < len(held) and right is not None:  # held[p:] one slot right
                moving = [*group[p:], *right]
                options.append((len(moving), 0, group[p], {i: i + 1 for i in moving}))
            elif p == len(held) and right:  # at the group's end, the groups beyond along
                slot = self.index(row, last + 1)
                options.append((len(right), 0, slot, {i: i + 1 for i in right}))
            if p > 0 and left is not None:  # held[:p] one slot left
                moving = [*group[:p], *left]
                options.append((len(moving), 1, group[p - 1], {i: i - 1 for i in moving}))
            elif p == 0 and left:  # at the group's start, the groups before it along
                slot = self.index(row, first - 1)
                options.append((len(left), 1, slot, {i: i - 1 for i in left}))
        if not options:
            return None
        _, _, slot, moved = min(options, key=lambda o: o[:2])
        return slot, moved

    def _place(self, moved: dict[int, int]) -> None:
        """Move tiles (old slot -> new slot, each new slot free or left by another of
        them)."""
        tiles = {old: self.slots[old] for old in moved}
        for old in moved:
            self.slots[old] = None
        for old, new in moved.items():
            self.slots[new] = tiles[old]

    def _shift(self, moved: dict[int, int]) -> None:
        """Move tiles as :meth:`_place` does; the memory of tiles that came back follows
        them."""
        self._place(moved)
        self.follow(moved)
        self.shifted = {**self.shifted, **moved}

    def _close_room(self) -> None:
        """The taken tile left the slot room was made for: the tiles moved aside for it go
        back, if they still stand where they were moved and their old slots are free."""
        assert self.room is not None
        _, moved = self.room
        self.room = None
        news = {new for _, new, _ in moved}
        if any(self.slots[new] != t for _, new, t in moved):
            return
        if any(self.slots[old] is not None and old not in news for old, _, _ in moved):
            return
        if moved:
            # A tile put since against the far end of the moved tiles (j, a drag) belongs
            # to their group now: sliding them back would leave it standing apart.
            row, col = self.place(max(news) if moved[0][1] > moved[0][0] else min(news))
            far = col + (1 if moved[0][1] > moved[0][0] else -1)
            if 0 <= far < self.cols and self.slots[self.index(row, far)] is not None:
                return
        self._shift({new: old for old, new, _ in moved})

    def _reach(self, row: int, col: int, step: int) -> int:
        """How many tiles stand side by side next to (row, col), going ``step`` (±1)."""
        n, c = 0, col + step
        while 0 <= c < self.cols and self.slots[self.index(row, c)] is not None:
            n, c = n + 1, c + step
        return n

    def _grow(self) -> None:
        rows = [self.slots[r * self.cols : (r + 1) * self.cols] for r in range(ROWS)]
        old = self.cols
        self.cols += 1
        self.slots = [t for row in rows for t in [*row, None]]
        self.left = [(i + i // old, t) for i, t in self.left]
        self.kept = [(i + i // old, t) for i, t in self.kept]
        self.back = [(i + i // old, t) for i, t in self.back]
        if self.room is not None:
            slot, moved = self.room
            wider = [(a + a // old, b + b // old, t) for a, b, t in moved]
            self.room = (slot + slot // old, wider)

    # -- the memory of a turn, kept and given back ------------------------------------------
    def departures(self, hand: int, events: Sequence[Event]) -> Departures:
        """This rack's memory of the turn (see :class:`Departures`), to keep with its slots:
        the turn of hand ``hand`` whose events so far are ``events``."""
        return Departures(
            hand,
            turn_mark(events),
            tuple((i, str(t)) for i, t in self.left),
            tuple((i, str(t)) for i, t in self.back),
        )

    def recall_departures(
        self,
        memory: Departures | None,
        *,
        hand: int,
        events: Sequence[Event],
        on_turn: bool,
        off_rack: Iterable[Tile],
    ) -> bool:
        """Take back a memory kept with these slots, when it is of the turn under way (hand
        ``hand``, whose events so far are ``events``; ``on_turn``: the rack's seat is playing
        it) and fits the slots and ``off_rack`` (the tiles the table shows off every rack):
        each tile remembered as gone is there, each one remembered as back is in its slot.
        Anything else is left out whole (the rack then has no memory, as at a new turn).
        True if it was taken.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=4)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], parse_tiles("K9"))
        >>> laid = rack.take([0, 1, 2])
        >>> kept = rack.departures(0, [])
        >>> again = RackLayout(cols=4)
        >>> again.slots = list(rack.slots)
        >>> now = dict(hand=0, events=[], on_turn=True)
        >>> again.recall_departures(kept, off_rack=parse_tiles("R1 R2"), **now)  # R3 not laid
        False
        >>> discarded = [Event("discard", 1, "")]  # a turn later
        >>> again.recall_departures(kept, **{**now, "events": discarded}, off_rack=[t for _, t in laid])
        False
        >>> again.recall_departures(kept, off_rack=parse_tiles("R1 R2 R3 K5"), **now)
        True
        >>> again.sync(parse_tiles("R1 R2 R3 K9"))  # taken back: each in the slot it left
        ([0, 1, 2], [])
        """
        self.left, self.kept, self.back = [], [], []
        if memory is None or not on_turn:
            return False
        if (memory.hand, memory.turn) != (hand, turn_mark(events)):
            return False  # kept in another turn: forgotten at this one's start
        try:
            left = [(i, Tile.parse(t)) for i, t in memory.left]
            back = [(i, Tile.parse(t)) for i, t in memory.back]
        except OkeyError:
            return False
        size = len(self.slots)
        if any(not 0 <= i < size for i, _ in left):
            return False
        if any(not 0 <= i < size or self.slots[i] != t for i, t in back):
            return False
        if Counter(t for _, t in left) - Counter(off_rack):
            return False  # a tile remembered as gone that the table does not show
        self.left, self.back = left, back
        return True

    # -- arranging --------------------------------------------------------------------
    def arrange(
        self,
        groups: Sequence[Sequence[Tile]],
        rest: Sequence[Tile] = (),
        rest_parts: Sequence[Sequence[Tile]] = (),
    ) -> None:
        """Lay groups left to right with a gap between them, then the loose tiles.

        A group that does not fit on the row goes to the next row; when
        gaps do not fit at all, the tiles are packed without them. The loose
        tiles go in ``rest_parts`` (the same tiles as ``rest``, split) with a gap
        between the parts while room is left for the next two drawn tiles apart from
        every group (and each other): every part apart when that leaves the room, else
        the first parts apart and the others side by side after them.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rest = parse_tiles("K1 K2 Y9 Y12")
        >>> parts = [rest[:2], rest[2:3], rest[3:]]
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], rest, parts)
        >>> rack.groups()
        [[0, 1, 2], [4, 5], [7], [8]]
        >>> rack = RackLayout(cols=6)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], rest, parts)
        >>> rack.groups()  # no room for two draws with Y9 and Y12 apart: they go together
        [[0, 1, 2], [4, 5], [6, 7]]
        >>> rack = RackLayout(cols=5)
        >>> rack.arrange([parse_tiles("R1 R2 R3")], rest, parts)
        >>> rack.groups()  # no room for two draws with any part apart: side by side
        [[0, 1, 2], [5, 6, 7, 8]]
        """
        pieces = [list(g) for g in groups if g] + ([list(rest)] if rest else [])
        total = sum(len(p) for p in pieces)
        while total > len(self.slots):
            self._grow()
        melds = [list(g) for g in groups if g]
        parts = [list(p) for p in rest_parts if p]
        layout = None
        # As many parts apart as leave room for two draws, the first ones first; the
        # parts that do not fit so go together, in the order of ``rest``.
        for apart in range(len(parts), 1, -1):
            together = without(rest, [t for p in parts[: apart - 1] for t in p])
            tried = self._flow([*melds, *parts[: apart - 1], together], gaps=True)
            if tried is not None and self._room_apart(tried) >= 2:
                layout = tried
                break
        layout = layout or self._flow(pieces, gaps=True) or self._flow(pieces, gaps=False)
        if layout is None:  # pragma: no cover - the slots always hold every tile packed
            layout = [t for p in pieces for t in p]
            layout += [None] * (len(self.slots) - len(layout))
        self.slots = layout
        self.left.clear()
        self.kept.clear()
        self.back.clear()
        self.room = None

    def _room_apart(self, slots: list[Tile | None]) -> int:
        """How many new tiles ``slots`` hold, one after another, each in a free slot that
        touches no tile on its row.

        >>> x = Tile.parse("R1")
        >>> rack = RackLayout(cols=6)
        >>> [rack._room_apart([x if c == "x" else None for c in row + "xxxxxx"])
        ...  for row in ("......", "x.....", "x..x..", "x.x.x.", "xxxx..")]
        [3, 2, 1, 0, 1]
        """
        room = 0
        for r in range(ROWS):
            row: list[object] = list(slots[r * self.cols : (r + 1) * self.cols])
            for c in range(self.cols):
                # Left to right, each new tile in the first slot it can take: the most.
                if all(t is None for t in row[max(0, c - 1) : c + 2]):
                    row[c] = "new"
                    room += 1
        return room

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

    # -- moving -----------------------------------------------------------------------
    def move(self, indices: Iterable[int], step: int) -> dict[int, int] | None:
        """Shift the tiles at ``indices`` by ``step`` slots along their row (±1).

        A tile in the way hops over to the slot the moved tiles left, as when
        sliding a tile along a real rack. Returns old slot → new slot for every
        tile that moved, or ``None`` (nothing moved) when a tile would leave its row.
        """
        chosen = sorted(set(indices), reverse=step > 0)
        for i in chosen:
            j = i + step
            if not 0 <= j < len(self.slots) or self.row_of(i) != self.row_of(j):
                return None
        where = list(range(len(self.slots)))  # where[k]: the slot whose tile is now at k
        for i in chosen:
            j = i + step
            self.slots[i], self.slots[j] = self.slots[j], self.slots[i]
            where[i], where[j] = where[j], where[i]
        return {old: new for new, old in enumerate(where) if old != new}

    def slots_before(self, moved: dict[int, int]) -> list[Tile | None]:
        """The slots as they were before the tiles moved so (old slot → new slot)."""
        before = list(self.slots)
        for new in moved.values():
            before[new] = None
        for old, new in moved.items():
            before[old] = self.slots[new]
        return before

    def company_before(self, moved: dict[int, int]) -> set[int]:
        """The slots now of the tiles that stood in a group with the tiles moved so (old slot
        → new slot) before they moved: a slide inside a group is no move beside another.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.slots[0:3] = parse_tiles("K6 K9 K8")  # K8 slid right past K9
        >>> sorted(rack.company_before({1: 2, 2: 1}))
        [0, 1, 2]
        """
        before = self.slots_before(moved)
        company: set[int] = set()
        for old in moved:
            if before[old] is None:
                continue  # an empty slot the tiles moved over
            row, col = self.place(old)
            while col > 0 and before[self.index(row, col - 1)] is not None:
                col -= 1
            while col < self.cols and before[self.index(row, col)] is not None:
                i = self.index(row, col)
                company.add(moved.get(i, i))
                col += 1
        return company

    def follow(self, moved: dict[int, int]) -> None:
        """Tiles changed slots (old slot → new): the tiles that came back are known there."""
        self.back = [(moved.get(i, i), t) for i, t in self.back]

    def swap(self, a: int, b: int) -> None:
        self.slots[a], self.slots[b] = self.slots[b], self.slots[a]

    def free_span(
        self,
        row: int,
        length: int,
        near: int,
        ignore: Iterable[int] = (),
        apart: bool = False,
    ) -> int | None:
        """The start column of ``length`` free slots on ``row`` nearest to column ``near``.

        Slots in ``ignore`` (the tiles being moved) count as free. With ``apart``, only
        where no other tile touches either end: tiles put there join no group.
        """
        starts = self.free_starts(row, length, ignore, apart)
        if not starts:
            return None
        return min(starts, key=lambda c: (abs(c - near), c))

    def free_starts(
        self, row: int, length: int, ignore: Iterable[int] = (), apart: bool = False
    ) -> list[int]:
        """Every start column of ``length`` free slots on ``row`` (see :meth:`free_span`)."""
        skip = set(ignore)

        def free(c: int) -> bool:
            i = self.index(row, c)
            return self.slots[i] is None or i in skip

        starts = []
        for c in range(self.cols - length + 1):
            if not all(free(c + k) for k in range(length)):
                continue
            if apart and (
                (c > 0 and not free(c - 1)) or (c + length < self.cols and not free(c + length))
            ):
                continue
            starts.append(c)
        return starts

    def move_to(self, indices: Iterable[int], row: int, col: int) -> dict[int, int] | None:
        """Put the tiles at ``indices`` side by side from (row, col), in their order.

        Only the moved tiles change slots. Returns old slot → new slot, or
        ``None`` when the span is not free (nothing moves).
        """
        chosen = sorted(i for i in set(indices) if self.slots[i] is not None)
        if not chosen or col < 0 or col + len(chosen) > self.cols or not 0 <= row < ROWS:
            return None
        targets = [self.index(row, col + k) for k in range(len(chosen))]
        if any(self.slots[t] is not None and t not in chosen for t in targets):
            return None
        tiles = [self.slots[i] for i in chosen]
        for i in chosen:
            self.slots[i] = None
        for t, tile in zip(targets, tiles, strict=True):
            self.slots[t] = tile
        return dict(zip(chosen, targets, strict=True))

    def move_by(self, indices: Iterable[int], offset: int) -> dict[int, int] | None:
        """Move the tiles at ``indices`` by ``offset`` slots as a block, each staying on a row.

        Only the moved tiles change slots; ``None`` when a target is taken
        by another tile or off the rack (nothing moves).
        """
        chosen = sorted(i for i in set(indices) if self.slots[i] is not None)
        if not chosen:
            return None
        targets = [i + offset for i in chosen]
        if any(not 0 <= t < len(self.slots) for t in targets):
            return None
        if len({self.row_of(t) for t in targets}) > len({self.row_of(i) for i in chosen}):
            return None  # the block would wrap round the end of a row
        if any(self.slots[t] is not None and t not in chosen for t in targets):
            return None
        tiles = [self.slots[i] for i in chosen]
        for i in chosen:
            self.slots[i] = None
        for t, tile in zip(targets, tiles, strict=True):
            self.slots[t] = tile
        return dict(zip(chosen, targets, strict=True))

    def to_end(self, indices: Iterable[int], end: int) -> dict[int, int] | None:
        """Home (``end`` < 0) or End: the tiles side by side at the start or the end of
        the row of the first, apart from the other groups.

        At the row's end when that is free, else in the free slots nearest to it that
        leave an empty slot before the next group; never further from that end than they
        are. ``None`` (nothing moves) when there is no such place.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("R1 R2 R3"), parse_tiles("K4 K7")])
        >>> rack.to_end([4, 5], -1)  # Home: R1-R3 hold the start; after them, one slot apart
        {4: 4, 5: 5}
        >>> rack.to_end([4, 5], 1)  # End: the row's end is free
        {4: 6, 5: 7}
        >>> rack.to_end([6, 7], -1)  # Home again: back, not against R3
        {6: 4, 7: 5}
        """
        chosen = sorted(i for i in set(indices) if self.slots[i] is not None)
        if not chosen:
            return None
        row, col = self.place(chosen[0])
        starts = self.free_starts(row, len(chosen), chosen, apart=True)
        if end < 0:
            start = min((c for c in starts if c <= col), default=None)
        else:
            start = max((c for c in starts if c >= col), default=None)
        if start is None:
            return None
        return self.move_to(chosen, row, start)

    def join(
        self,
        index: int,
        okey: Tile,
        kinds: Sequence[MeldKind] | None = None,
        passed: Collection[tuple[int, ...]] = (),
    ) -> dict[int, int] | None:
        """Move the tile at ``index`` beside the group it makes the best meld with, as a
        tile taken from the left comes in (:meth:`put_beside`: at an end of the group, or
        into its run, that group's tiles on one side moving a slot along when they must),
        and, the player having asked, the groups a slot beyond moving along too where the
        group has no room (a sorted rack: Y8 drawn for Y9-Y13 at the row's start).
        Returns what moved (old slot → new), or ``None`` (nothing moves) when no group
        takes it with room beside it, or it would only go back where it is. The group it
        went beside is in :attr:`joined`.

        ``passed`` (j again, the rack as it was before the last j): the groups it went
        beside already (:attr:`joined` of each), passed over for the next one it makes a
        meld with; ``None`` when no other has room. The fallbacks for a tile that makes
        no meld with any group (two thirds of one) are not tried again.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=10)
        >>> rack.arrange([parse_tiles("K1 K3 K5"), parse_tiles("R8 R8"), parse_tiles("B5 Y5")])
        >>> rack.join(2, Tile.parse("B1"))  # K5 to B5 Y5: the set B5 Y5 K5
        {2: 9}
        >>> " ".join(str(t) if t else "_" for t in rack.slots[:10])
        'K1 K3 _ _ R8 R8 _ B5 Y5 K5'
        >>> rack.join(0, Tile.parse("B1")) is None  # K1 makes a meld with no group
        True
        """
        self.joined = None
        tile = self.slots[index]
        if tile is None:
            return None
        # A move by hand: the taken tile's room stays as it was (g still slides back what
        # moved aside for it, if it stands there), and the memory of tiles that came back
        # follows the move once, where the caller remaps it (put_beside's shift moved it).
        before, back, room = list(self.slots), list(self.back), self.room
        # A meld first (the tile's own block split, a group, another block), then two
        # thirds of one (its own block split, a lone tile): R11 of R10 R11 K3 goes to
        # R12 R13 elsewhere before it splits K3 off.
        if OWN_BLOCK not in passed:
            split = self._split_own_block(index, okey, kinds, melds_only=True)
            if split is not None:
                self.back, self.room = back, room  # (the caller remaps the memory once)
                self.joined = OWN_BLOCK
                return split
        if self.meld_in_block(index, okey, kinds) is not None:
            # It stands in a meld already, with no room to set it apart: never taken out of
            # it (K7 of K1 K5 K6 K7 K10 went beside a lone K9, breaking K5 K6 K7).
            return None
        skip = set(passed)
        target: int | None = None
        while True:
            self.slots[index] = None
            target = self.put_beside(tile, okey, kinds, push=True, wild=True, skip=skip)
            if not passed or target != index or self.joined is None:
                break
            # j again, and this group would put it back where it stood: the next one.
            skip.add(self.joined)
            self.slots = list(before)
        if target is None:
            target = self._out_of_a_block(tile, okey, kinds, skip)
            if target is None and not passed:
                self.slots[index] = tile
                split = self._split_own_block(index, okey, kinds)
                if split is not None:
                    self.back, self.room = back, room
                    return split
                self.slots[index] = None
                target = self._beside_lone(tile, okey, kinds, index)
        moved = {} if target is None else {index: target, **self.shifted}
        self.shifted = {}
        self.back, self.room = back, room
        if target is None or target == index:
            self.slots = before
            self.joined = None
            return None
        return moved

    def meld_in_block(
        self, index: int, okey: Tile, kinds: Sequence[MeldKind] | None
    ) -> list[int] | None:
        """The slots of the longest run or set (three tiles or more, as they stand) that the
        tile in slot ``index`` makes with the tiles beside it in its block, a block that is
        no meld as a whole (K5 K6 K7 for K6 of K1 K5 K6 K7 K10); None when it makes none.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.slots[0:5] = parse_tiles("K1 K5 K6 K7 K10")
        >>> rack.meld_in_block(2, Tile.parse("B1"), None), rack.meld_in_block(0, Tile.parse("B1"), None)
        ([1, 2, 3], None)
        """
        block = self.group_at(index)
        tiles = [t for i in block if (t := self.slots[i]) is not None]
        if len(tiles) < 4 or readings(tiles, okey, kinds):
            return None
        at = block.index(index)
        best: list[int] | None = None
        for first in range(at + 1):
            for end in range(max(at + 1, first + 3), len(block) + 1):
                if end - first == len(block) or (best is not None and end - first <= len(best)):
                    continue
                part = tiles[first:end]
                if self._reads_as_meld(part, okey, kinds):
                    best = block[first:end]
        return best

    def _meld_value(self, slots: list[int], okey: Tile, kinds: Sequence[MeldKind] | None) -> int:
        """The points of the tiles in ``slots`` as one meld as they stand, or 0."""
        tiles = [t for i in slots if (t := self.slots[i]) is not None]
        if len(tiles) < 2 or not self._reads_as_meld(tiles, okey, kinds):
            return 0
        return readings(tiles, okey, kinds)[0].value

    def _split_own_block(
        self,
        index: int,
        okey: Tile,
        kinds: Sequence[MeldKind] | None,
        melds_only: bool = False,
    ) -> dict[int, int] | None:
        """j on a tile of a block that is no meld, whose tiles at one end with it make a
        meld (``R11`` of ``R8 R10 R11 R12``) or, with none (and not ``melds_only``), two
        thirds of a run or a set (``R10`` of ``R8 R10 K3``): the block's rest moves a slot
        away from them (else they move a slot away from it), into a free slot with a free
        slot or the row's end beyond it. Tiles in the block's middle (``K6`` of ``K1 K5
        K6 K7 K10``): the rest on each side moves a slot away. What moved (old slot →
        new), or ``None``: no such tiles, no room.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.slots[2:6] = parse_tiles("R8 R10 R11 R12")  # _ _ R8 R10 R11 R12 _ _
        >>> rack._split_own_block(4, Tile.parse("B1"), None)  # R8 a slot to the left
        {2: 1}
        >>> rack._split_own_block(4, Tile.parse("B1"), None) is None  # a meld on its own
        True
        >>> rack = RackLayout(cols=8)
        >>> rack.slots[1:6] = parse_tiles("K1 K5 K6 K7 K10")
        >>> rack._split_own_block(3, Tile.parse("B1"), None)  # K1 left, K10 right
        {1: 0, 5: 6}
        >>> rack = RackLayout(cols=8)
        >>> rack.slots[0:5] = parse_tiles("K1 K5 K6 K7 K10")  # at the row's start
        >>> rack._split_own_block(2, Tile.parse("B1"), None)  # the run one on, K10 two
        {1: 2, 2: 3, 3: 4, 4: 6}
        """
        group = self.group_at(index)
        held = [t for i in group if (t := self.slots[i]) is not None]
        tile = self.slots[index]
        if tile is None or len(held) < 3 or readings(held, okey, kinds):
            return None
        wanted = [k for k in (MeldKind.RUN, MeldKind.SET) if kinds is None or k in kinds]
        homes = self.homes()
        row, first = self.place(group[0])
        last = self.place(group[-1])[1]
        best: tuple[tuple[int, int], dict[int, int]] | None = None
        # The part at an end of the block, the rest on one side (True: the part on the
        # right), or in its middle, the rest on both sides (K6 of K1 K5 K6 K7 K10).
        parts: list[tuple[list[int], bool | None]] = []
        for cut in range(1, len(group)):
            parts += [(group[cut:], True), (group[:cut], False)]
        for left in range(1, len(group) - 2):
            parts += [(group[left:right], None) for right in range(left + 2, len(group))]
        for part, part_on_right in parts:
            if index not in part:
                continue
            tiles = [t for i in part if (t := self.slots[i]) is not None]
            if len(tiles) >= 3 and (value := self._meld_value(part, okey, kinds)):
                # The points of the melds the block is left as, the part's and the rest's:
                # the okey of Y1 Y2 Y3 ★ R4 Y4 B4 K4 went with R4 Y4 B4 (a set of 16 with it
                # as K4), leaving K4 alone and the run of Y1 Y2 Y3 ★ broken.
                sides = (group[: group.index(part[0])], group[group.index(part[-1]) + 1 :])
                key = (2, value + sum(self._meld_value(side, okey, kinds) for side in sides))
            elif melds_only:
                continue
            elif len(tiles) == 2 and wanted and not any(is_wild(t, okey) for t in tiles):
                count = len(completing(tiles[0], tiles[1], okey, wanted))
                if not count:
                    continue
                key = (1, count)
            else:
                continue
            before = group[: group.index(part[0])]
            after = group[group.index(part[-1]) + 1 :]
            if part_on_right is None:
                # In the middle: the rest on each side a slot away from it; at a row's end
                # (no room on one side), the tiles from the part on two slots the other way.
                left = self.free_apart(row, first - 1, -1, homes)
                right = self.free_apart(row, last + 1, 1, homes)
                if left and right:
                    moves = {i: i - 1 for i in before} | {i: i + 1 for i in after}
                elif right and self.free_apart(row, last + 2, 1, homes):
                    moves = {i: i + 1 for i in part} | {i: i + 2 for i in after}
                elif left and self.free_apart(row, first - 2, -1, homes):
                    moves = {i: i - 1 for i in part} | {i: i - 2 for i in before}
                else:
                    continue
            else:
                # The rest a slot away from the part, else the part a slot away from it.
                rest = before if part_on_right else after
                step = -1 if part_on_right else 1
                rest_end = first if part_on_right else last
                part_end = last if part_on_right else first
                if self.free_apart(row, rest_end + step, step, homes):
                    moves = {i: i + step for i in rest}
                elif self.free_apart(row, part_end - step, -step, homes):
                    moves = {i: i - step for i in part}
                else:
                    continue
            if best is None or key > best[0]:
                best = (key, moves)
        if best is None:
            return None
        self._shift(best[1])
        moved, self.shifted = self.shifted, {}
        return moved

    def _out_of_a_block(
        self,
        tile: Tile,
        okey: Tile,
        kinds: Sequence[MeldKind] | None,
        skip: Collection[tuple[int, ...]] = (),
    ) -> int | None:
        """Where j puts a tile that makes a meld with tiles at one end of a block that is no
        meld (``R11`` for ``R8 R10 R12``, ``K9`` for ``Y2 Y2 K7 K8``), or in its middle
        (``K7`` for ``K1 K5 K6 K9 K10``): those tiles and it become a group of their own,
        the rest of the block a slot apart. At an end, the block's rest, a gap and the
        meld (the tile in its place) fill the block's slots and two more, one on either
        side (else two on its right, else two on its left); in the middle, three more, a
        gap either side of the meld; all free, with a free slot or the row's end beyond
        them. The meld worth the most points first, then the one of the most tiles of the
        block, then one at an end. The tiles moved are in :attr:`shifted`; ``None`` when
        no block has such a meld and room. The blocks in ``skip`` (their slots) are passed
        over (j again); the one used is in :attr:`joined`.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("R8 R10 R12")], [])
        >>> rack._out_of_a_block(Tile.parse("R11"), Tile.parse("B1"), None)
        3
        >>> " ".join(str(t) if t else "_" for t in rack.slots[:6]), rack.shifted
        ('R8 _ R10 R11 R12 _', {1: 2, 2: 4})
        >>> rack = RackLayout(cols=10)
        >>> rack.slots[1:6] = parse_tiles("K1 K5 K6 K9 K10")
        >>> rack._out_of_a_block(Tile.parse("K7"), Tile.parse("B1"), None)
        4
        >>> " ".join(str(t) if t else "_" for t in rack.slots[:10])
        'K1 _ K5 K6 K7 _ K9 K10 _ _'
        """
        homes = self.homes()

        def room_from(row: int, start: int, group: list[int], span: int) -> bool:
            """Whether ``span`` slots from column ``start`` on its row hold the block
            ``group``, its gaps and the tile: each slot there the block's or free (no
            tile's home), and beyond them a free slot or the row's end (no other group
            joins)."""
            end = start + span - 1
            if start < 0 or end >= self.cols:
                return False
            for col in range(start, end + 1):
                i = self.index(row, col)
                if i not in group and (self.slots[i] is not None or i in homes):
                    return False
            ends = (start - 1, end + 1)
            return all(
                not 0 <= c < self.cols or self.slots[self.index(row, c)] is None for c in ends
            )

        best: tuple[tuple[int, int], dict[int, int], int, tuple[int, ...]] | None = None
        for group in self.groups():
            held = [t for i in group if (t := self.slots[i]) is not None]
            if len(held) < 3 or readings(held, okey, kinds) or tuple(group) in skip:
                continue  # a meld already (j never breaks one), or no rest beside a meld
            row, first = self.place(group[0])
            count = len(group)
            # The meld at an end: the block, a gap and the tile take two slots more, a
            # slot out on either side (else two on the right, or two on the left). In
            # the middle (K7 for K1 K5 K6 K9 K10): three more, a gap either side of it.
            splits: list[tuple[list[int], list[int], list[int], int]] = []
            at_end = next(
                (c for c in (first - 1, first, first - 2) if room_from(row, c, group, count + 2)),
                None,
            )
            if at_end is not None:
                for cut in range(1, count - 1):
                    splits.append((group[cut:], [], group[:cut], at_end))  # rest, meld
                    splits.append((group[: count - cut], group[count - cut :], [], at_end))
            in_middle = next(
                (
                    c
                    for c in (first - 1, first - 2, first, first - 3)
                    if room_from(row, c, group, count + 3)
                ),
                None,
            )
            if in_middle is not None:
                for left in range(1, count - 2):
                    for right in range(left + 2, count):
                        splits.append((group[left:right], group[right:], group[:left], in_middle))
            # (part: the meld's tiles of the block; after: the rest on its right, before:
            # on its left; start: the first column they take.)
            for part, after, before, start in splits:
                tiles = [t for i in part if (t := self.slots[i]) is not None]
                for at in range(len(part) + 1):
                    meld = [*tiles[:at], tile, *tiles[at:]]
                    if not self._reads_as_meld(meld, okey, kinds):
                        continue
                    value = readings(meld, okey, kinds)[0].value
                    order: list[int | None] = [*part[:at], -1, *part[at:]]
                    if before:
                        order = [*before, None, *order]
                    if after:
                        order = [*order, None, *after]
                    moves: dict[int, int] = {}
                    put = -1
                    for k, old in enumerate(order):
                        new = self.index(row, start + k)
                        if old == -1:
                            put = new
                        elif old is not None:
                            moves[old] = new
                    key = (value, len(part))
                    if best is None or key > best[0]:
                        best = (key, moves, put, tuple(group))
        if best is None:
            return None
        _key, moves, put, block = best
        self._shift({old: new for old, new in moves.items() if old != new})
        self.slots[put] = tile
        self.room = None
        self.joined = block
        return put

    def meld_in_a_block(
        self, tile: Tile, okey: Tile, kinds: Sequence[MeldKind] | None, ignore: Iterable[int] = ()
    ) -> tuple[list[Tile], list[Tile]] | None:
        """The best meld ``tile`` makes with tiles side by side in a block of three or more
        that is no meld (K11 K13 of K9 K11 K13 for K12), room or not: the block's tiles and
        the meld's (in order, the tile among them), or None. The slots in ``ignore`` count
        as empty (the tile's own)."""
        best: tuple[int, list[Tile], list[Tile]] | None = None
        for group in self.groups(ignore):
            held = [t for i in group if (t := self.slots[i]) is not None]
            if len(held) < 3 or readings(held, okey, kinds):
                continue
            for first in range(len(held)):
                for end in range(first + 2, len(held) + 1):
                    part = held[first:end]
                    for at in range(len(part) + 1):
                        meld = [*part[:at], tile, *part[at:]]
                        if not self._reads_as_meld(meld, okey, kinds):
                            continue
                        value = readings(meld, okey, kinds)[0].value
                        if best is None or value > best[0]:
                            best = (value, held, meld)
        return None if best is None else (best[1], best[2])

    def lone_partners(
        self,
        tile: Tile,
        okey: Tile,
        kinds: Sequence[MeldKind] | None,
        start: int,
        ignore: Iterable[int] = (),
    ) -> list[int]:
        """The slots of the tiles standing alone (a group of one) that ``tile`` makes two
        thirds of a run or a set with (K5 for K6: K4 or K7 to come), best first: the most
        tiles to complete them, then the nearest to ``start``. The slots in ``ignore``
        count as empty. None for the okey, nor where only pairs may be laid."""
        wanted = [k for k in (MeldKind.RUN, MeldKind.SET) if kinds is None or k in kinds]
        if not wanted or is_wild(tile, okey):
            return []
        found: list[tuple[int, int, int]] = []
        for group in self.groups(ignore):
            partner = self.slots[group[0]]
            if len(group) != 1 or partner is None or is_wild(partner, okey):
                continue
            count = len(completing(partner, tile, okey, wanted))
            if count:
                found.append((-count, abs(group[0] - start), group[0]))
        return [slot for _count, _far, slot in sorted(found)]

    def _beside_lone(
        self, tile: Tile, okey: Tile, kinds: Sequence[MeldKind] | None, start: int
    ) -> int | None:
        """Where j puts a tile no group makes a meld with: beside the best of
        :meth:`lone_partners` that has a free slot beside it whose other side is free too
        (it joins no other group), on the side its number goes up to when there is room.
        ``None`` when none has room."""
        homes = self.homes()
        for lone in self.lone_partners(tile, okey, kinds, start):
            partner = self.slots[lone]
            assert partner is not None
            row, col = self.place(lone)
            up = effective(tile, okey).number >= effective(partner, okey).number
            for c in (col + 1, col - 1) if up else (col - 1, col + 1):
                slot = self.index(row, c) if 0 <= c < self.cols else None
                if slot is None or self.slots[slot] is not None or slot in homes:
                    continue
                if len(self._block_with(row, c, tile)) == 2:  # no other group joins
                    self.slots[slot] = tile
                    self.room = None
                    return slot
        return None

    def next_gap(self, indices: Iterable[int]) -> dict[int, int] | None:
        """Move the tiles past the next group on their right, into the gap after it.

        They stand one empty slot after that group (or at the start of a row) and
        one before whatever follows (or at the row's end): they join no group. Tiles
        side by side with a group after them on their row and no room right after it
        change places with that group (:meth:`swap_past`): on a sorted rack, its groups
        a slot apart, they went to the far end of the rack. Otherwise a gap too small
        for them is passed by; pressed again and again, the tiles visit every gap that
        holds them, round to the start after the last. ``None`` (nothing moves) when
        no other gap holds them.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=10)
        >>> rack.arrange([parse_tiles("R1 R2 R3"), parse_tiles("K4"), parse_tiles("Y5 Y6")])
        >>> rack.next_gap([4])  # K4 past Y5 Y6, an empty slot between, at the row's end
        {4: 9}
        >>> rack.next_gap([9])  # on to the lower row, empty
        {9: 10}
        >>> rack.next_gap([10])  # round to the start: one slot after R3, one before Y5
        {10: 4}
        >>> rack.next_gap([0, 1])  # R1 R2 pass the gaps too small for two
        {0: 10, 1: 11}
        >>> rack.next_gap([2])  # R3 a slot before K4, no room after it: they change places
        {2: 4, 4: 2}
        """
        chosen = sorted(i for i in set(indices) if self.slots[i] is not None)
        if not chosen:
            return None
        swapped = self.swap_past(chosen, 1)
        if swapped is not None:
            return swapped
        # Past the next tile after them; with none, on from where they are.
        ahead = (i for i, t in enumerate(self.slots) if t is not None and i > chosen[-1])
        beyond = next(ahead, chosen[-1])
        places = {self.index(row, 0) for row in range(ROWS)}
        for group in self.groups(ignore=chosen):
            row, end = self.place(group[-1])
            if end + 2 < self.cols:
                places.add(self.index(row, end + 2))
        return self._into_first_gap(chosen, sorted(places, key=lambda i: (i <= beyond, i)))

    def gap_before(self, indices: Iterable[int]) -> dict[int, int] | None:
        """Move the tiles back past the group on their left, into the gap before it: the
        way back of :meth:`next_gap`.

        They stand one empty slot before that group and one after whatever comes before
        (or at the row's start): they join no group. Tiles side by side with a group before
        them on their row and no room right before it change places with that group
        (:meth:`swap_past`). Otherwise a gap too small for them is passed by; pressed
        again and again, the tiles visit every gap before them that holds them, and stop
        at the first: back never moves them on (``None``, nothing moves, when no gap
        before them holds them).

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=10)
        >>> rack.arrange([parse_tiles("R1 R2 R3"), parse_tiles("K4"), parse_tiles("Y5")])
        >>> rack.move_to([4], 0, 7), rack.move_to([6], 0, 9)  # R1 R2 R3 · · · · K4 · Y5
        ({4: 7}, {6: 9})
        >>> rack.gap_before([9])  # Y5 back past K4, an empty slot either side
        {9: 5}
        >>> rack.gap_before([5]) is None  # no gap before R1, two slots away: Y5 stays
        True
        >>> rack.move_to([5], 1, 9)  # Y5 at the end of the lower row
        {5: 19}
        >>> rack.gap_before([19])  # back past K4, the group before it
        {19: 5}
        >>> rack.move_to([5], 0, 4), rack.gap_before([4])  # a slot after R3: they swap
        ({5: 4}, {4: 0, 0: 2, 1: 3, 2: 4})
        """
        chosen = sorted(i for i in set(indices) if self.slots[i] is not None)
        if not chosen:
            return None
        swapped = self.swap_past(chosen, -1)
        if swapped is not None:
            return swapped
        length = len(chosen)
        # Back past the tile before them (with none, there is no gap before them).
        behind = max(
            (i for i, t in enumerate(self.slots) if t is not None and i < chosen[0]),
            default=chosen[0],
        )
        places = {self.index(row, self.cols - length) for row in range(ROWS)}
        for group in self.groups(ignore=chosen):
            row, start = self.place(group[0])
            if start - 1 - length >= 0:
                places.add(self.index(row, start - 1 - length))
        order = sorted((i for i in places if i + length - 1 < behind), reverse=True)
        return self._into_first_gap(chosen, order)

    def swap_past(self, chosen: list[int], step: int) -> dict[int, int] | None:
        """The tiles at ``chosen``, a whole group, change places with the group next to
        them on their row (``step`` 1: the one after them, -1: before them) one empty slot
        away, as a sort leaves groups, the slot between the two kept, so each stays whole
        and apart; not when the tiles fit apart just past that group (Tab and shift+Tab
        move them there). Returns old slot → new slot for every tile moved; ``None`` when
        nothing moves.

        >>> from okey_tui.engine.tiles import parse_tiles
        >>> rack = RackLayout(cols=8)
        >>> rack.arrange([parse_tiles("R1 R2"), parse_tiles("K4 K5 K6")])
        >>> rack.swap_past([0, 1], 1)  # R1 R2 · K4 K5 K6 becomes K4 K5 K6 · R1 R2
        {1: 5, 0: 4, 3: 0, 4: 1, 5: 2}
        >>> rack.swap_past([4, 5], -1)  # and back
        {4: 0, 5: 1, 0: 3, 1: 4, 2: 5}
        >>> rack.swap_past([3, 4, 5], 1) is None  # no group after K4 K5 K6 on their row
        True
        >>> rack.swap_past([3, 4], 1) is None  # K4 K5, part of a group: not swapped
        True
        >>> rack.move_to([0, 1], 0, 0)  # R1 R2 · K4 K5 K6 again
        {0: 0, 1: 1}
        >>> rack.move_to([3, 4, 5], 0, 5), rack.swap_past([0, 1], 1)  # two slots apart
        ({3: 5, 4: 6, 5: 7}, None)
        """
        if self.group_at(chosen[0]) != chosen:
            return None  # part of a group, or tiles apart: Tab takes them into a gap
        row = self.row_of(chosen[0])
        on_row = [g for g in self.groups(ignore=chosen) if self.row_of(g[0]) == row]
        if step > 0:
            group = next((g for g in on_row if g[0] > chosen[-1]), None)
        else:
            group = next((g for g in reversed(on_row) if g[-1] < chosen[0]), None)
        if group is None:
            return None
        length = len(chosen)
        col = self.place(group[-1])[1] + 2 if step > 0 else self.place(group[0])[1] - 1 - length
        if col in self.free_starts(row, length, chosen, apart=True):
            return None
        first, second = (chosen, group) if step > 0 else (group, chosen)
        gap = second[0] - first[-1] - 1
        if gap > 1:
            return None  # groups far apart: a swap would carry the other one as far
        # The second block first, then the gap, then the first block, on the same slots.
        start = first[0]
        moved = {old: start + k for k, old in enumerate(second)}
        moved.update({old: start + len(second) + gap + k for k, old in enumerate(first)})
        self._place(moved)
        # The chosen tiles first in the mapping, as the other moves give them.
        return {old: moved[old] for old in sorted(chosen, reverse=step > 0)} | {
            old: moved[old] for old in group
        }

    def _into_first_gap(self, chosen: list[int], order: Iterable[int]) -> dict[int, int] | None:
        """Move the tiles at ``chosen`` to the first slot of ``order`` where they stand side
        by side apart from every group (not where they are already)."""
        length = len(chosen)
        for first in order:
            row, col = self.place(first)
            if col not in self.free_starts(row, length, chosen, apart=True):
                continue
            if list(range(first, first + length)) == chosen:
                continue  # where they are already
            return self.move_to(chosen, row, col)
        return None


def completing(
    first: Tile, second: Tile, okey: Tile, kinds: Sequence[MeldKind] | None = None
) -> list[tuple[Tile, MeldKind]]:
    """The tiles (no okey) that make a run or a set of ``kinds`` with ``first`` and
    ``second``, and the kind of that meld, in the order of the tiles' colours and numbers
    (the engine's readings say which).

    >>> okey = Tile.parse("B1")
    >>> [f"{t} {k.value}" for t, k in completing(Tile.parse("K5"), Tile.parse("K6"), okey)]
    ['K4 run', 'K7 run']
    >>> [str(t) for t, _k in completing(Tile.parse("R5"), Tile.parse("Y5"), okey)]
    ['B5', 'K5']
    >>> completing(Tile.parse("R5"), Tile.parse("Y9"), okey)
    []
    """
    found: list[tuple[Tile, MeldKind]] = []
    for colour in COLOURS:
        for number in range(1, 14):
            third = Tile(colour, number)
            if is_wild(third, okey):
                continue
            meld = readings([first, second, third], okey, kinds)
            if meld and meld[0].kind is not MeldKind.PAIR:
                found.append((third, meld[0].kind))
    return found


def in_order(tiles: Sequence[Tile], okey: Tile) -> bool:
    """Whether ``tiles``, as they stand on the rack, read as a run in order, up or down:
    one of the engine's readings of them as a run has each tile that is no okey in its
    place (an okey stands for the tile its place needs).

    >>> from okey_tui.engine.tiles import parse_tiles
    >>> okey = Tile.parse("B8")
    >>> [in_order(parse_tiles(t), okey) for t in ("R8 R9 R10", "R10 R9 R8", "R8 R10 R9")]
    [True, True, False]
    >>> [in_order(parse_tiles(t), okey) for t in ("R12 B8 R13", "R11 B8 R13", "B8 R1 R2")]
    [False, True, False]
    """
    return any(_in_place(run, tiles, okey) for run in readings(tiles, okey, (MeldKind.RUN,)))


def _in_place(run: Meld, tiles: Sequence[Tile], okey: Tile) -> bool:
    """Whether ``run`` (a reading of ``tiles``) has each of ``tiles`` that is no okey where
    it stands, up or down."""
    fixed = [(i, effective(t, okey)) for i, t in enumerate(tiles) if not is_wild(t, okey)]
    return any(
        all(meant[i] == tile for i, tile in fixed)
        for meant in (run.stands_for, run.stands_for[::-1])  # low to high, or high to low
    )


def rack_reading(
    tiles: Sequence[Tile], okey: Tile, kinds: Iterable[MeldKind] | None = None
) -> Meld | None:
    """The meld a group of the rack reads as, the one ``o`` stages and its label values:
    the highest reading of ``kinds``, where a run's okeys stand for the tiles their places
    need when its tiles stand in order, as on a real rack; the highest of all when no run
    reading has its tiles in order. None when the group is no meld.

    >>> from okey_tui.engine.tiles import parse_tiles
    >>> okey = Tile.parse("B8")
    >>> [" ".join(map(str, rack_reading(parse_tiles(t), okey).stands_for))
    ...  for t in ("R3 R4 B8", "B8 R3 R4", "R4 R3 B8", "R3 B8 R4")]
    ['R3 R4 R5', 'R2 R3 R4', 'R2 R3 R4', 'R3 R4 R5']
    >>> rack_reading(parse_tiles("R3 R5"), okey) is None
    True
    """
    found = readings(tiles, okey, kinds)
    placed = (m for m in found if m.kind is not MeldKind.RUN or _in_place(m, tiles, okey))
    return next(placed, found[0] if found else None)


def without(tiles: Iterable[Tile], taken: Iterable[Tile]) -> list[Tile]:
    """``tiles`` minus ``taken``, as multisets."""
    left = Counter(tiles)
    left.subtract(Counter(taken))
    return [t for t, n in left.items() for _ in range(max(n, 0))]
