"""The lay-down area: groups of tiles staged for an opening or new melds. No Textual here."""

from __future__ import annotations

from dataclasses import dataclass, field

from okey_tui.engine.actions import Lay, Open
from okey_tui.engine.melds import Meld, MeldKind
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.scoring import opening_bonus
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import _, ngettext


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
        that earns the big opening bonus says so (``7 / 5 pairs: −101 when you open``)."""
        opened = view.opening is not None
        if self.pairs:
            count = self.pair_count()
            if opened:
                return ngettext("{n} pair", "{n} pairs", count).format(n=count)
            said = _("{n} / {floor} pairs").format(n=count, floor=view.pairs_floor)
            return self._with_bonus(view, said, OpeningKind.PAIRS, count)
        points = self.points()
        if opened:
            return ngettext("{n} point", "{n} points", points).format(n=points)
        return self._with_bonus(view, f"{points} / {view.melds_floor}", OpeningKind.MELDS, points)

    def _with_bonus(self, view: PlayerView, said: str, kind: OpeningKind, value: int) -> str:
        """``said`` and, when laying these melds opens and the table (the engine) gives a
        bonus for an opening this big, what it takes off the hand score."""
        bonus = opening_bonus(view.rules, kind, value) if self.reached(view) else 0
        if not bonus:
            return said
        return _("{progress}: −{points} when you open").format(progress=said, points=-bonus)

    def reached(self, view: PlayerView) -> bool:
        if view.opening is not None:
            return bool(self.melds)
        if self.pairs:
            return self.pair_count() >= view.pairs_floor
        return self.points() >= view.melds_floor

    def action(self, view: PlayerView) -> Open | Lay:
        melds = tuple(self.melds)
        return Lay(melds) if view.opening is not None else Open(melds)
