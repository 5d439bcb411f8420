"""The lay-down area: groups of tiles staged for an opening or new melds. No Textual here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from okey_tui.engine.actions import Lay, Open
from okey_tui.engine.melds import Meld, MeldKind
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.scoring import opening_bonus
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import _, ngettext
from okey_tui.messages import tile_text, tiles_text
from okey_tui.ui.rack import RackLayout


@dataclass
class Staging:
    """Melds the player has put aside to lay down together."""

    melds: list[Meld] = field(default_factory=list)

    def tiles(self) -> list[Tile]:
        return [t for m in self.melds for t in m.tiles]

    def clear(self) -> None:
        self.melds.clear()

    @property
    def pairs(self) -> bool:
        return bool(self.melds) and all(m.kind is MeldKind.PAIR for m in self.melds)

    def points(self) -> int:
        return sum(m.value for m in self.melds if m.kind is not MeldKind.PAIR)

    def pair_count(self) -> int:
        return sum(1 for m in self.melds if m.kind is MeldKind.PAIR)

    def progress(self, view: PlayerView) -> str:
        """The running total against the floor: ``87 / 101`` or ``3 / 5 pairs``; an opening
        that earns the big opening bonus says so (``7 / 5 pairs: -101 when you open``)."""
        opened = view.opening is not None
        if self.pairs:
            count = self.pair_count()
            if opened:
                return ngettext("{n} pair", "{n} pairs", count).format(n=count)
            said = _("{n} / {floor} pairs").format(n=count, floor=view.pairs_floor)
            if count < view.pairs_floor and self.finishes(view):
                return _("{progress}: you go out with it, no floor needed").format(progress=said)
            return self._with_bonus(view, said, OpeningKind.PAIRS, count)
        points = self.points()
        if opened:
            return ngettext("{n} point", "{n} points", points).format(n=points)
        said = f"{points} / {view.melds_floor}"
        if points < view.melds_floor and self.finishes(view):
            # It said "84 / 101" alone, as if refused, until Enter went out with it.
            return _("{progress}: you go out with it, no floor needed").format(progress=said)
        return self._with_bonus(view, said, OpeningKind.MELDS, points)

    def finishes(self, view: PlayerView) -> bool:
        """Whether laying these melds opens and leaves one tile, the discard that goes out:
        a straight out, which needs no floor unless the table asks it (the engine's
        ``floor_waived``)."""
        if view.opening is not None or not self.melds or view.phase is not Phase.PLAY:
            return False
        if view.turn != view.seat:  # staged on another's turn: a draw comes first
            return False
        staged = self.tiles()
        if view.taken is not None and view.taken.tile not in staged:
            return False  # the opening must take the tile taken from the left
        return view.rules.floor_waived(len(view.rack) - len(staged))

    def _with_bonus(self, view: PlayerView, said: str, kind: OpeningKind, value: int) -> str:
        """``said`` and, when laying these melds opens and the table (the engine) gives a
        bonus for an opening this big, what it takes off the hand score."""
        bonus = opening_bonus(view.rules, kind, value) if self.reached(view) else 0
        if not bonus:
            return said
        # The ASCII minus, as every score the summary and the score sheet write (-101).
        return _("{progress}: -{points} when you open").format(progress=said, points=-bonus)

    def reached(self, view: PlayerView) -> bool:
        if view.opening is not None:
            return bool(self.melds)
        if self.pairs:
            return self.pair_count() >= view.pairs_floor or self.finishes(view)
        return self.points() >= view.melds_floor or self.finishes(view)

    def action(self, view: PlayerView) -> Open | Lay:
        melds = tuple(self.melds)
        return Lay(melds) if view.opening is not None else Open(melds)


def put_back_notes(rack: RackLayout, okey: Tile) -> list[str]:
    """What the status line says of each staged group the last
    :meth:`RackLayout.bring_back` did not put in its own slots: where it went, and why.

    >>> from okey_tui.engine.tiles import parse_tiles
    >>> rack = RackLayout(cols=6)
    >>> rack.arrange([parse_tiles("R1 R2 R3")], parse_tiles("K9"))
    >>> run = [t for _, t in rack.take([0, 1, 2])]
    >>> rack.swap(1, 4)  # K9 moved into the run's old place meanwhile
    >>> rack.bring_back([run])
    [3, 4, 5]
    >>> put_back_notes(rack, Tile.parse("B8"))
    ['R1 R2 R3 went back on the upper row, right of K9: its slots were taken']
    """
    notes = []
    for went in rack.elsewhere:
        meld = tiles_text(went.tiles, okey)
        if not went.whole:
            notes.append(
                _(
                    "{meld} had no free slots side by side: its tiles went into free slots "
                    "one by one"
                ).format(meld=meld)
            )
            continue
        place = _place_text(rack, went.slots, okey)
        if went.known:
            said = _("{meld} went back {place}: its slots were taken")
        else:
            said = _("{meld} went back {place}")
        notes.append(said.format(meld=meld, place=place))
    return notes


def _place_text(rack: RackLayout, slots: Sequence[int], okey: Tile) -> str:
    """Where the tiles in ``slots`` (side by side on a row) stand: their row and the
    nearest tile beside them on it."""
    row, first = rack.place(slots[0])
    last = rack.place(slots[-1])[1]
    cells = [rack.slots[rack.index(row, c)] for c in range(rack.cols)]
    left = next((t for t in reversed(cells[:first]) if t is not None), None)
    right = next((t for t in cells[last + 1 :] if t is not None), None)
    upper = row == 0
    if left is not None:
        said = (
            _("on the upper row, right of {tile}")
            if upper
            else _("on the lower row, right of {tile}")
        )
        return said.format(tile=tile_text(left, okey))
    if right is not None:
        said = (
            _("on the upper row, left of {tile}")
            if upper
            else _("on the lower row, left of {tile}")
        )
        return said.format(tile=tile_text(right, okey))
    return _("alone on the upper row") if upper else _("alone on the lower row")
