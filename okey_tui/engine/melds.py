"""Runs, sets and pairs: validity, okey readings, values, and table changes.

A meld keeps two things per place: the tile physically laid (``tiles``) and
the tile it counts as (``stands_for``). They differ only for a wild okey.
A false okey is laid as ``F`` and always stands for the okey's own tile.

>>> from okey_tui.engine.tiles import parse_tiles
>>> okey = Tile.parse("B8")
>>> [m.text(okey) for m in readings(parse_tiles("R12 R13 B8"), okey)]
['*R11R12R13']
>>> best = readings(parse_tiles("R5 B8 B8"), okey)[0]
>>> best.text(okey), best.value
('R5*R6*R7', 18)
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from okey_tui.engine.errors import ErrorCode, MeldError, NotationError
from okey_tui.engine.tiles import COLOURS, Colour, Tile, is_number, parse_compact


class MeldKind(enum.Enum):
    RUN = "run"
    SET = "set"
    PAIR = "pair"


@dataclass(frozen=True, slots=True)
class Meld:
    """A run, set or pair as laid on the table."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    stands_for: tuple[Tile, ...]

    @property
    def value(self) -> int:
        """The sum of the numbers the tiles stand for."""
        return sum(t.number for t in self.stands_for)

    @property
    def low(self) -> int:
        return self.stands_for[0].number

    @property
    def high(self) -> int:
        return self.stands_for[-1].number

    @property
    def colour(self) -> Colour | None:
        return self.stands_for[0].colour

    def wild_places(self, okey: Tile) -> list[int]:
        return [i for i, t in enumerate(self.tiles) if t == okey]

    @property
    def any_colour(self) -> bool:
        """Whether an okey in this meld stands for no colour in particular: in a set of
        three, any colour the set misses (taking it off needs both: rules §9), so the
        colour it is written with is only a way of writing it. A run's okey, and a set of
        four's, stand for one tile."""
        return self.kind is MeldKind.SET and len(self.tiles) < len(COLOURS)

    def text(self, okey: Tile) -> str:
        """Compact text: laid tiles, a wild okey written as ``*`` and what it stands for."""
        parts = []
        for laid, meant in zip(self.tiles, self.stands_for, strict=True):
            parts.append(f"*{meant}" if laid == okey else str(laid))
        return "".join(parts)

    def notation(self) -> str:
        """The compact text without knowing the okey: a tile laid for another is ``*`` + it.

        The same as :meth:`text` except for an okey laid as itself (written plainly here).
        """
        parts = []
        for laid, meant in zip(self.tiles, self.stands_for, strict=True):
            wild = laid != meant and not laid.is_false_okey
            parts.append(f"*{meant}" if wild else str(laid))
        return "".join(parts)

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.stands_for)

    def __repr__(self) -> str:
        return f"<Meld {self.notation()}>"


def effective(tile: Tile, okey: Tile) -> Tile:
    """What a non-wild tile plays as: a false okey plays as the okey's tile."""
    return okey if tile.is_false_okey else tile


def is_wild(tile: Tile, okey: Tile) -> bool:
    return tile == okey


def parse_meld(text: str, okey: Tile) -> Meld:
    """Read a meld in the compact text of :meth:`Meld.text` and check it."""
    laid: list[Tile] = []
    meant: list[Tile] = []
    pos = 0
    while pos < len(text):
        wild = text[pos] == "*"
        if wild:
            pos += 1
        end = pos + 1
        while end < len(text) and is_number(text[end]):
            end += 1
        tile = parse_compact(text[pos:end])
        if len(tile) != 1:
            raise NotationError(f"'{text}' is not a meld", code=ErrorCode.NOT_A_MELD, text=text)
        if wild:
            if tile[0].is_false_okey:
                raise NotationError(
                    f"'{text}': an okey stands for a tile, not for F",
                    code=ErrorCode.NOT_A_MELD,
                    text=text,
                )
            laid.append(okey)
            meant.append(tile[0])
        else:
            if tile[0] == okey:
                raise NotationError(
                    f"'{text}': {okey} is the okey this hand; write it as *X (what it stands for)",
                    code=ErrorCode.NOT_A_MELD,
                    text=text,
                    okey=okey,
                )
            laid.append(tile[0])
            meant.append(effective(tile[0], okey))
        pos = end
    return make_meld(laid, meant, okey)


def make_meld(laid: Sequence[Tile], meant: Sequence[Tile], okey: Tile) -> Meld:
    """Check an explicit reading and return the meld, runs put in order."""
    if len(laid) != len(meant):
        raise MeldError("Each tile needs one reading", code=ErrorCode.READING_MISMATCH)
    for a, b in zip(laid, meant, strict=True):
        if b.is_false_okey:
            raise MeldError(
                "A tile cannot stand for a false okey", code=ErrorCode.STANDS_FOR_FALSE_OKEY
            )
        if not is_wild(a, okey) and effective(a, okey) != b:
            raise MeldError(
                f"{a} can only count as {effective(a, okey)}, not {b}",
                code=ErrorCode.TILE_CANNOT_COUNT_AS,
                tile=a,
                counts_as=effective(a, okey),
                meant=b,
            )
    if all(is_wild(a, okey) for a in laid):
        raise MeldError(
            "A meld needs at least one tile that is not an okey", code=ErrorCode.ONLY_OKEYS
        )
    pairs = sorted(zip(laid, meant, strict=True), key=lambda p: (p[1].number, p[1].sort_key()))
    kind = _kind_of(pairs, okey)
    return Meld(kind, tuple(a for a, _ in pairs), tuple(b for _, b in pairs))


def _kind_of(pairs: Sequence[tuple[Tile, Tile]], okey: Tile) -> MeldKind:
    """The kind of meld the tiles make as read (each pair: a tile as laid, what it counts
    as), or a refusal naming the tiles as the player laid them, with the okey, so that an
    okey and a false okey are written as the rack shows them, not as what they were read."""
    meant = [m for _, m in pairs]
    n = len(meant)
    if n == 2:
        if meant[0] != meant[1]:
            laid = _as_laid(pairs)
            raise MeldError(
                f"{_words(laid)} are not a pair: a pair is two identical tiles",
                code=ErrorCode.NOT_A_PAIR,
                tiles=laid,
                okey=okey,
            )
        return MeldKind.PAIR
    if n < 3:
        laid = _as_laid(pairs)
        raise MeldError(
            f"{_words(laid)}: a run or set needs at least three tiles",
            code=ErrorCode.TOO_FEW_TILES,
            count=n,
            tiles=laid,
            okey=okey,
        )
    colours = {t.colour for t in meant}
    numbers = [t.number for t in meant]
    if len(colours) == 1:
        if numbers == list(range(numbers[0], numbers[0] + n)):
            return MeldKind.RUN
        laid = _as_laid(pairs)
        raise MeldError(
            f"{_words(laid)} is not a run: a run is consecutive numbers of one colour, and 1 "
            "only comes before 2",
            code=ErrorCode.NOT_A_RUN,
            tiles=laid,
            okey=okey,
        )
    if len(set(numbers)) == 1:
        if len(colours) != n:  # (four colours: never more than four tiles)
            laid = _as_laid(pairs)
            raise MeldError(
                f"{_words(laid)} is not a set: a set is 3 or 4 tiles of one number, each a "
                "different colour",
                code=ErrorCode.NOT_A_SET,
                tiles=laid,
                okey=okey,
            )
        return MeldKind.SET
    laid = _as_laid(pairs)
    raise MeldError(
        f"{_words(laid)} is neither a run (one colour, consecutive numbers) nor a set (one "
        "number, different colours)",
        code=ErrorCode.NOT_A_RUN_OR_SET,
        tiles=laid,
        okey=okey,
    )


def _as_laid(pairs: Sequence[tuple[Tile, Tile]]) -> tuple[Tile, ...]:
    """The tiles as laid, in the order they were read."""
    return tuple(a for a, _ in pairs)


def _words(tiles: Iterable[Tile]) -> str:
    return " ".join(map(str, tiles))


ALL_KINDS = frozenset(MeldKind)


def readings(
    tiles: Iterable[Tile], okey: Tile, kinds: Iterable[MeldKind] | None = None
) -> list[Meld]:
    """Every way a group of tiles can be read as a meld, highest value first.

    Sets with okeys get one reading (the missing colours in R Y B K order):
    which colour an okey stands for in a set changes neither its value nor
    what can be added to it.
    """
    allowed = frozenset(kinds) if kinds is not None else ALL_KINDS
    return list(_readings(tuple(tiles), okey, allowed))


@functools.lru_cache(maxsize=8192)
def _readings(laid: tuple[Tile, ...], okey: Tile, allowed: frozenset[MeldKind]) -> tuple[Meld, ...]:
    """:func:`readings`, kept for the groups asked about again: the rack's groups at every
    key, a bot's or a search's groups many times over (the melds are immutable; each
    caller gets a list of its own)."""
    wild = [t for t in laid if is_wild(t, okey)]
    fixed = [effective(t, okey) for t in laid if not is_wild(t, okey)]
    if not fixed:
        return ()
    n = len(laid)
    found: list[Meld] = []
    fixed_laid = [t for t in laid if not is_wild(t, okey)]

    def build(meant_for_wild: Sequence[Tile]) -> Meld | None:
        try:
            return make_meld(fixed_laid + wild, fixed + list(meant_for_wild), okey)
        except MeldError:
            return None

    if n == 2 and MeldKind.PAIR in allowed:
        meld = build([fixed[0]] * len(wild))
        if meld is not None:
            found.append(meld)
    if n >= 3 and MeldKind.RUN in allowed:
        colour = fixed[0].colour
        numbers = {t.number for t in fixed}
        if all(t.colour == colour for t in fixed) and len(numbers) == len(fixed):
            assert colour is not None
            for start in range(1, 15 - n):
                span = set(range(start, start + n))
                if numbers <= span:
                    missing = sorted(span - numbers)
                    meld = build([Tile(colour, k) for k in missing])
                    if meld is not None:
                        found.append(meld)
    if n in (3, 4) and MeldKind.SET in allowed:
        number = fixed[0].number
        present = {t.colour for t in fixed}
        if all(t.number == number for t in fixed) and len(present) == len(fixed):
            missing_colours = [c for c in COLOURS if c not in present]
            meld = build([Tile(c, number) for c in missing_colours[: len(wild)]])
            if meld is not None:
                found.append(meld)
    order = {MeldKind.RUN: 0, MeldKind.SET: 1, MeldKind.PAIR: 2}
    found.sort(key=lambda m: (-m.value, order[m.kind], m.low))
    return tuple(found)


def best_reading(
    tiles: Iterable[Tile], okey: Tile, kinds: Iterable[MeldKind] | None = None
) -> Meld:
    """The highest-valued reading, or a :class:`MeldError` saying why there is none.

    The refusal speaks of the kinds asked for (what the player may lay): two tiles
    are too few for a run or set where no pair may be laid (a melds opener's), two
    unlike tiles make no meld where both may (either was meant), and any other count
    is no pair where only pairs may.

    >>> two = [Tile.parse("Y3"), Tile.parse("Y5")]
    >>> best_reading(two, Tile.parse("B8"), [MeldKind.RUN, MeldKind.SET])
    Traceback (most recent call last):
    ...
    okey_tui.engine.errors.MeldError: Y3 Y5: a run or set needs at least three tiles
    >>> best_reading(two, Tile.parse("B8"))
    Traceback (most recent call last):
    ...
    okey_tui.engine.errors.MeldError: Y3 Y5 make no meld: a pair is two identical tiles, a run or set at least three
    """
    laid = list(tiles)
    allowed = set(kinds) if kinds is not None else set(MeldKind)
    found = readings(laid, okey, allowed)
    if found:
        return found[0]
    fixed = [effective(t, okey) for t in laid if not is_wild(t, okey)]
    if not fixed:
        raise MeldError(
            "A meld needs at least one tile that is not an okey", code=ErrorCode.ONLY_OKEYS
        )
    if len(laid) < 3 and MeldKind.PAIR not in allowed:
        raise MeldError(
            f"{' '.join(map(str, laid))}: a run or set needs at least three tiles",
            code=ErrorCode.TOO_FEW_TILES,
            count=len(laid),
            tiles=tuple(laid),
            okey=okey,
        )
    if len(laid) == 2 and MeldKind.PAIR in allowed and allowed & {MeldKind.RUN, MeldKind.SET}:
        # Neither a pair nor enough for a run or set: the refusal names both, for the
        # player may have meant either (a run's first two tiles, or a pair).
        raise MeldError(
            f"{' '.join(map(str, laid))} make no meld: a pair is two identical tiles, "
            "a run or set at least three",
            code=ErrorCode.TWO_TILES_NO_MELD,
            tiles=tuple(laid),
            okey=okey,
        )
    if len(laid) != 2 and allowed == {MeldKind.PAIR}:
        raise MeldError(
            f"{' '.join(map(str, laid))} are not a pair: a pair is two identical tiles",
            code=ErrorCode.NOT_A_PAIR,
            tiles=tuple(laid),
            okey=okey,
        )
    wild = [t for t in laid if is_wild(t, okey)]
    # Let make_meld explain the problem with the tiles as they are: each tile read as
    # itself, the okeys as the first of them (a reading was pairing the okey's place in
    # ``laid`` with another tile's meaning: "Y9 can only count as Y9, not R7" for R7 ★ Y9).
    make_meld(
        [t for t in laid if not is_wild(t, okey)] + wild, fixed + [fixed[0]] * len(wild), okey
    )
    # Read as laid they make a meld, but of a kind not asked for (R5 Y5 B5 where only
    # runs may go).
    asked = " or ".join(kind.value for kind in MeldKind if kind in allowed)
    raise MeldError(
        f"{' '.join(map(str, laid))} make no {asked}",
        code=ErrorCode.NOT_A_RUN_OR_SET,
        tiles=tuple(laid),
        okey=okey,
    )


# -- changes to a meld on the table --------------------------------------------


def extensions(meld: Meld, tile: Tile, okey: Tile) -> list[Meld]:
    """The melds that adding ``tile`` to ``meld`` can give (empty if it does not fit).

    Runs grow at either end (within 1..13); a 3-tile set takes its missing
    colour. Nothing is added to a pair. An okey may stand for whichever fits.
    """
    if meld.kind is MeldKind.PAIR:
        return []
    options: list[Tile] = []
    if meld.kind is MeldKind.RUN:
        colour = meld.colour
        assert colour is not None
        if meld.low > 1:
            options.append(Tile(colour, meld.low - 1))
        if meld.high < 13:
            options.append(Tile(colour, meld.high + 1))
    elif len(meld.tiles) == 3:
        present = {t.colour for t in meld.stands_for}
        options += [Tile(c, meld.low) for c in COLOURS if c not in present]
        if not is_wild(tile, okey):
            reread = _set_reread(meld, tile, okey)
            if reread is not None:
                return [reread]
    if not is_wild(tile, okey):
        target = effective(tile, okey)
        options = [t for t in options if t == target]
    return [make_meld(meld.tiles + (tile,), meld.stands_for + (meant,), okey) for meant in options]


def _set_reread(meld: Meld, tile: Tile, okey: Tile) -> Meld | None:
    """A 3-tile set takes the colour an okey stands for: the okey moves to the free colour.

    Which missing colour an okey stands for in a set does not matter
    (docs/rules.md), so the real tile of that colour may still be added.
    """
    real = effective(tile, okey)
    if real.number != meld.low:
        return None
    for place in meld.wild_places(okey):
        if meld.stands_for[place] != real:
            continue
        present = {t.colour for t in meld.stands_for}
        free = [c for c in COLOURS if c not in present]
        meant = list(meld.stands_for)
        meant[place] = Tile(free[0], meld.low)
        return make_meld(meld.tiles + (tile,), tuple(meant) + (real,), okey)
    return None


def fits_table(table: Iterable[Meld], tile: Tile, okey: Tile) -> int | None:
    """The index of the first run or set on the table ``tile`` can be added to, or None.

    This is what makes a discard "playable" (a penalty, RULES.md section 11).

    >>> okey = Tile.parse("B8")
    >>> table = [parse_meld("K5K5", okey), parse_meld("R3R4R5", okey)]
    >>> fits_table(table, Tile.parse("R6"), okey), fits_table(table, Tile.parse("K5"), okey)
    (1, None)
    """
    return next(iter(melds_taking(table, tile, okey)), None)


def melds_taking(table: Iterable[Meld], tile: Tile, okey: Tile) -> list[int]:
    """The indexes of every run or set on the table ``tile`` can be added to.

    >>> okey = Tile.parse("B8")
    >>> table = [parse_meld("R7R8R9", okey), parse_meld("K5K5", okey), parse_meld("Y10B10K10", okey)]
    >>> melds_taking(table, Tile.parse("R10"), okey)
    [0, 2]
    """
    return [
        index
        for index, meld in enumerate(table)
        if meld.kind is not MeldKind.PAIR and extensions(meld, tile, okey)
    ]


def wild_changes(old: Meld, new: Meld, okey: Tile) -> tuple[list[Tile], list[Tile]]:
    """What a meld's okeys stopped standing for, and started standing for, after a change.

    Adding an okey gives ``([], [what it stands for])``; a swap gives
    ``([what the freed okey stood for], [])``; a real tile added to a set in
    the colour its okey stood for moves the okey to a free colour.

    >>> okey = Tile.parse("B8")
    >>> run = parse_meld("R3R4R5", okey)
    >>> wild_changes(run, extend(run, okey, Tile.parse("R6"), okey), okey)
    ([], [Tile.parse('R6')])
    """
    old_wild = Counter(old.stands_for[i] for i in old.wild_places(okey))
    new_wild = Counter(new.stands_for[i] for i in new.wild_places(okey))
    return list((old_wild - new_wild).elements()), list((new_wild - old_wild).elements())


def added_meaning(old: Meld, new: Meld) -> Tile:
    """What the tile added to ``old`` (giving ``new``) stands for: an added okey's reading,
    any other tile itself (a false okey the okey's tile). A real tile added to a set of
    three whose okey stood for either missing colour is still itself, though the okey
    now reads as the other colour.

    >>> okey = Tile.parse("Y4")
    >>> three = parse_meld("*R11Y11B11", okey)
    >>> added_meaning(three, extend(three, Tile.parse("R11"), None, okey))
    Tile.parse('R11')
    >>> added_meaning(three, extend(three, okey, None, okey))
    Tile.parse('K11')
    >>> run = parse_meld("R5*R6R7", okey)
    >>> added_meaning(run, extend(run, okey, None, okey))
    Tile.parse('R4')
    >>> run = parse_meld("Y1Y2Y3", okey)
    >>> added_meaning(run, extend(run, Tile.parse("F"), None, okey))
    Tile.parse('Y4')
    """
    tile = next(iter((Counter(new.tiles) - Counter(old.tiles)).elements()))
    readings = [
        meant for laid, meant in zip(new.tiles, new.stands_for, strict=True) if laid == tile
    ]
    if len(set(readings)) == 1:
        return readings[0]
    # Two okeys in the meld: the added one reads as what the meld newly stands for.
    extra = Counter(new.stands_for) - Counter(old.stands_for)
    return next((meant for meant in extra.elements() if meant in readings), readings[0])


def extend(meld: Meld, tile: Tile, meant: Tile | None, okey: Tile) -> Meld:
    """Add one tile to a table meld, or raise a :class:`MeldError` naming the rule."""
    if meld.kind is MeldKind.PAIR:
        raise MeldError(
            "Nothing can be added to a pair", code=ErrorCode.NOTHING_ADDS_TO_A_PAIR, tile=tile
        )
    options = extensions(meld, tile, okey)
    if meant is not None and is_wild(tile, okey):
        options = [m for m in options if m.stands_for.count(meant) > meld.stands_for.count(meant)]
    if not options:
        if meld.kind is MeldKind.RUN:
            raise MeldError(
                f"{tile} does not fit the run {meld}: a run takes the next tile of its colour "
                "at either end",
                code=ErrorCode.TILE_DOES_NOT_FIT,
                tile=tile,
                meld=meld,
                okey=okey,
            )
        if len(meld.tiles) == 4:
            raise MeldError(
                f"The set {meld} already has all four colours",
                code=ErrorCode.SET_IS_FULL,
                tile=tile,
                meld=meld,
                okey=okey,
            )
        raise MeldError(
            f"{tile} does not fit the set {meld}: a set takes its missing colour",
            code=ErrorCode.TILE_DOES_NOT_FIT,
            tile=tile,
            meld=meld,
            okey=okey,
        )
    return options[0]


def swap_okey(meld: Meld, given: Sequence[Tile], okey: Tile) -> Meld:
    """Put real tiles in for an okey in a table run or set; return the new meld.

    Runs and 4-tile sets take exactly the tile the okey stands for; a 3-tile
    set takes both missing colours at once. The caller removes one okey.
    """
    if meld.kind is MeldKind.PAIR:
        raise MeldError("Okeys are never taken from pairs", code=ErrorCode.NO_SWAP_FROM_A_PAIR)
    wilds = meld.wild_places(okey)
    if not wilds:
        raise MeldError(
            f"There is no okey in {meld} to swap",
            code=ErrorCode.NO_OKEY_TO_SWAP,
            meld=meld,
            okey=okey,
        )
    real = [effective(t, okey) for t in given]
    if any(is_wild(t, okey) for t in given):
        raise MeldError(
            "Swap an okey with a real tile, not with the other okey",
            code=ErrorCode.SWAP_WITH_AN_OKEY,
        )
    need = 2 if meld.kind is MeldKind.SET and len(meld.tiles) == 3 else 1
    if len(given) != need:
        if need == 2:
            # The tiles that make the set whole: the okey's tile and the colour not in it.
            number = meld.stands_for[0].number
            whole = tuple(
                Tile(colour, number)
                for colour in COLOURS
                if colour not in {t.colour for t in meld.stands_for}
                or any(meld.stands_for[p] == Tile(colour, number) for p in wilds)
            )
            said = " and ".join(map(str, whole))
            raise MeldError(
                f"To take the okey from the 3-tile set {meld}, give both missing colours at once:"
                f" {said}",
                code=ErrorCode.SWAP_NEEDS_BOTH_COLOURS,
                meld=meld,
                okey=okey,
                wanted=whole,
            )
        raise MeldError("Swap one okey with one tile", code=ErrorCode.SWAP_ONE_FOR_ONE)
    for place in wilds:
        meant = meld.stands_for[place]
        if meant not in real:
            continue
        rest_laid = [t for i, t in enumerate(meld.tiles) if i != place]
        rest_meant = [t for i, t in enumerate(meld.stands_for) if i != place]
        try:
            return make_meld(rest_laid + list(given), rest_meant + real, okey)
        except MeldError:
            continue
    wanted = ", ".join(str(meld.stands_for[p]) for p in wilds)
    raise MeldError(
        f"The okey in {meld} stands for {wanted}: you need that tile to take it",
        code=ErrorCode.SWAP_NEEDS_THE_TILE,
        meld=meld,
        okey=okey,
        wanted=tuple(meld.stands_for[p] for p in wilds),
    )
