"""RULES.md sections 6 and 8: whether a left discard could be laid this turn, checked
against a search over the engine's own moves.

The view answers (``PlayerView.can_use_taken``) before the take, and the table asks
first when the answer is no; a yes the engine then refuses left a player holding a tile
that had to be given back. The search takes the tile and tries every short turn: adds
and okey swaps the engine lists (``legal_actions``), and new melds of the rack's tiles,
up to three steps and one swap, until the taken tile is laid, no okey taken off the
table is still owed and a tile is left to discard. Positions are drawn at random: a
seat that has opened (with runs and sets, or pairs), a few tiles in its rack (where
keeping one for the discard binds; an okey or the false okey at times), runs and sets on
the table, some with an okey; at some, a Challenge table where the discard comes from a
player Going Pairs, or the table option that lets a pairs opener add to runs and sets."""

from __future__ import annotations

import random
from itertools import combinations

from okey_tui.engine.actions import Action, AddTile, Lay, SwapOkey, TakeDiscard
from okey_tui.engine.errors import NotationError, OkeyError
from okey_tui.engine.melds import MeldKind, readings
from okey_tui.engine.state import Hand, OpeningKind
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, legal_actions
from tests.positions import position


def steps(hand: Hand) -> list[Action]:
    """The adds and swaps the engine lists, and every new meld of the rack's tiles."""
    view = PlayerView.of(hand, hand.turn)
    found: list[Action] = [a for a in legal_actions(view) if isinstance(a, AddTile | SwapOkey)]
    assert view.opening is not None
    pairs = view.opening.kind is OpeningKind.PAIRS
    kinds = {MeldKind.PAIR} if pairs else {MeldKind.RUN, MeldKind.SET}
    rack = sorted(view.rack, key=Tile.sort_key)
    for group in sorted(set(combinations(rack, 2 if pairs else 3)), key=str):
        found += [Lay((meld,)) for meld in readings(group, view.okey, kinds)]
    return found


def laid_by_search(hand: Hand, depth: int = 3, swaps: int = 1) -> bool:
    """Whether some turn of at most ``depth`` steps (``swaps`` of them okey swaps) after
    the take lays the taken tile, lays again every okey it took off the table and keeps a
    tile for the discard."""
    if hand.taken is None and not hand.okeys_owed() and hand.racks[hand.turn]:
        return True
    if not depth:
        return False
    for step in steps(hand):
        if isinstance(step, SwapOkey) and not swaps:
            continue
        after = hand.copy()
        try:
            after.apply(step)
        except OkeyError:
            continue
        if laid_by_search(after, depth - 1, swaps - isinstance(step, SwapOkey)):
            return True
    return False


def random_position(rng: random.Random) -> Hand | None:
    """Seat 0 opened and to draw, a left discard on offer; None when the tiles drawn
    would need a third copy of a tile (the caller draws again)."""
    table = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.6:
            colour, low = rng.choice("RYBK"), rng.randint(1, 10)
            tiles = [f"{colour}{n}" for n in range(low, min(14, low + rng.randint(3, 4)))]
        else:
            number = rng.randint(1, 13)
            tiles = [f"{c}{number}" for c in rng.sample("RYBK", rng.randint(3, 4))]
        if rng.random() < 0.4:  # an okey (B8: the indicator is B7) standing for one
            place = rng.randrange(len(tiles))
            tiles[place] = "*" + tiles[place]
        table.append(f"{rng.choice([0, 2])}:{''.join(tiles)}")
    rack = [f"{rng.choice('RYBK')}{rng.randint(1, 13)}" for _ in range(rng.randint(1, 6))]
    for wild in ("B8", "F"):  # an okey, the false okey (it plays as B8)
        if rng.random() < 0.2:
            rack.append(wild)
    left = f"{rng.choice('RYBK')}{rng.randint(1, 13)}"
    left = {0: "B8", 1: "F"}.get(rng.randrange(20), left)
    opening = rng.choice(["m101", "m101", "p5"])
    going_pairs = rng.random() < 0.2  # a Challenge table, the left discard's player Going Pairs
    lays_off = "+l" if rng.random() < 0.3 else ""  # a pairs opener may add to runs and sets
    try:
        return position(
            [" ".join(rack), "", "", ""],
            rules=("challenge/11" if going_pairs else "classic/11") + lays_off,
            phase="d",
            discards=["", "", "", left],
            table=table,
            openings=f"{opening}/-/m101/" + ("-!" if going_pairs else "-"),
        )
    except (AssertionError, NotationError):  # a third copy; B8 laid as itself, not "*X"
        return None


def test_the_view_says_a_left_discard_can_be_laid_exactly_when_a_short_turn_lays_it() -> None:
    rng = random.Random(2026)
    checked = usable = 0
    while checked < 1000:
        hand = random_position(rng)
        if hand is None:
            continue
        checked += 1
        view = PlayerView.of(hand, 0)
        tile = view.left_discard
        assert tile is not None
        taken = hand.copy()
        taken.apply(TakeDiscard())
        found = laid_by_search(taken)
        assert view.can_use_taken(tile) is found, hand.position()
        usable += found
    assert 150 < usable < 850  # both answers come up often
