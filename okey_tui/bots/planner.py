"""Cached hand arrangement for the bots, on top of :mod:`okey_tui.engine.solver`.

A bot asks the same questions many times a turn (the rack changes by one
tile at a time), so the answers are memoised on the sorted rack.

>>> from okey_tui.engine.tiles import parse_tiles
>>> okey = Tile.parse("B8")
>>> plan = arrange(parse_tiles("R1 R2 R3 K9 Y9 B9 R13"), okey)
>>> plan.value, [str(t) for t in plan.leftover]
(33, ['R13'])
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import lru_cache

from okey_tui.engine import solver
from okey_tui.engine.budget import Deadline
from okey_tui.engine.melds import Meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import Arrangement, FinishPlan, MeldsSearch, Outline
from okey_tui.engine.tiles import Tile

__all__ = [
    "Arrangement",
    "OutOfTime",
    "arrange",
    "check",
    "finish",
    "leftover_sum",
    "outline",
    "pairs",
    "search",
    "with_melds",
]


class OutOfTime(Exception):
    """A bot's search reached its deadline before it had an answer."""


def check(deadline: Deadline | None) -> None:
    """Raise :class:`OutOfTime` if ``deadline`` has passed."""
    if deadline is not None and deadline.expired():
        raise OutOfTime


def _key(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=Tile.sort_key))


@lru_cache(maxsize=4096)
def _arrange_cached(tiles: tuple[Tile, ...], okey: Tile) -> Arrangement:
    return solver.best_melds(tiles, okey)


def arrange(tiles: Iterable[Tile], okey: Tile) -> Arrangement:
    """The runs and sets of highest total value that the tiles make, and the rest."""
    return _arrange_cached(_key(tiles), okey)


def outline(tiles: Iterable[Tile], okey: Tile) -> Outline:
    """The value, tiles used and loose tiles of :func:`arrange`'s melds, without the melds
    (from the kept search of the tiles, :func:`search`)."""
    return search(tiles, okey).outline


# The searches of the racks a bot weighs again and again (a rack with each throw, or
# with each tile it might draw or be given); a search keeps a few kilobytes.
_SEARCHES: OrderedDict[tuple[tuple[Tile, ...], Tile], MeldsSearch] = OrderedDict()
_SEARCHES_KEPT = 2048
_SEARCHES_LOCK = threading.Lock()


def search(tiles: Iterable[Tile], okey: Tile) -> MeldsSearch:
    """The best-melds search of ``tiles``, whose variants (a tile or a few less or more)
    share its work: see :class:`okey_tui.engine.solver.MeldsSearch`."""
    key = (_key(tiles), okey)
    with _SEARCHES_LOCK:  # bots think in worker threads
        found = _SEARCHES.get(key)
        if found is not None:
            _SEARCHES.move_to_end(key)
            return found
    made = MeldsSearch(key[0], okey)
    with _SEARCHES_LOCK:
        found = _SEARCHES.setdefault(key, made)
        _SEARCHES.move_to_end(key)
        if len(_SEARCHES) > _SEARCHES_KEPT:
            _SEARCHES.popitem(last=False)
    return found


@lru_cache(maxsize=4096)
def _pairs_cached(tiles: tuple[Tile, ...], okey: Tile) -> Arrangement:
    return solver.best_pairs(tiles, okey)


def pairs(tiles: Iterable[Tile], okey: Tile) -> Arrangement:
    """The most pairs the tiles make (okeys pair with the highest singles)."""
    return _pairs_cached(_key(tiles), okey)


_FinishKey = tuple[
    tuple[Tile, ...],
    Tile,
    tuple[Meld, ...],
    OpeningKind | None,
    bool,
    int | None,
    int | None,
    frozenset[Tile],
]
_FINISH_CACHE_SIZE = 2048
_finish_cache: OrderedDict[_FinishKey, FinishPlan | None] = OrderedDict()


def finish(
    tiles: Iterable[Tile],
    okey: Tile,
    table: Sequence[Meld],
    opened: OpeningKind | None,
    can_lay_off: bool = True,
    floor: int | None = None,
    deadline: Deadline | None = None,
    pairs_floor: int | None = None,
    barred: frozenset[Tile] = frozenset(),
) -> FinishPlan | None:
    """How to go out this turn (see :func:`okey_tui.engine.solver.finish_plan`), no tile
    of ``barred`` thrown.

    With a ``deadline`` the search may give up: then it raises
    :class:`OutOfTime`. Only answers of finished searches are remembered.
    """
    key: _FinishKey = (
        _key(tiles),
        okey,
        tuple(table),
        opened,
        can_lay_off,
        floor,
        pairs_floor,
        barred,
    )
    if key in _finish_cache:
        _finish_cache.move_to_end(key)
        return _finish_cache[key]
    plan = solver.finish_plan(
        key[0], okey, key[2], opened, can_lay_off, floor, deadline, pairs_floor, barred=barred
    )
    if plan is None and deadline is not None and deadline.ran_out:
        raise OutOfTime
    _finish_cache[key] = plan
    if len(_finish_cache) > _FINISH_CACHE_SIZE:
        _finish_cache.popitem(last=False)
    return plan


def with_melds(melds: Sequence[Meld], leftover: Sequence[Tile], okey: Tile) -> Arrangement:
    return Arrangement(tuple(melds), tuple(leftover), okey)


def leftover_sum(tiles: Iterable[Tile], okey: Tile) -> int:
    """What the tiles would count in S: a false okey as the okey's number, okeys 0."""
    return sum(0 if t == okey else (okey.number if t.is_false_okey else t.number) for t in tiles)
