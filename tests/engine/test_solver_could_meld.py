"""``solver.could_meld``: the quick test that a tile could be in a run or set with some of
a hand (a set needs two more colours of its number, a run two more numbers of its colour
next to it; each okey of the hand stands in for one). False only when no meld can hold
it, so a search may leave the tile out of the melds at once."""

from __future__ import annotations

import random

import pytest

from okey_tui.engine.solver import best_melds, could_meld
from okey_tui.engine.tiles import Tile, full_set, parse_tiles

OKEY = Tile.parse("B8")  # the indicator is B7


@pytest.mark.parametrize(
    ("tile", "hand", "could"),
    [
        ("R5", "Y5 K5", True),  # a set of three
        ("R5", "Y5 R9", False),  # one colour more is not a set
        ("R5", "Y5 B8", True),  # the okey for the third colour
        ("R5", "R5 Y9", False),  # its twin makes no set
        ("R5", "R6 R7", True),  # a run up
        ("R5", "R3 R4", True),  # a run down
        ("R5", "R4 R6", True),  # a run about it
        ("R5", "R4 R7", False),  # a gap, no okey for it
        ("R5", "R4 R7 B8", True),  # the okey fills R6
        ("R5", "Y4 Y6", False),  # another colour's neighbours
        ("R5", "B8 B8", True),  # two okeys: any meld
        ("R1", "R2 R13", False),  # no run past 13 to 1
        ("R13", "R11 R12", True),
        ("R13", "R12 B8", True),
        ("R12", "R13 R1", False),
        ("B8", "R1", True),  # an okey goes anywhere
        ("F", "B9 B10", True),  # the false okey plays as B8
        ("F", "R8 Y8", True),
        ("F", "B7 B10", False),
    ],
)
def test_could_meld_by_its_rules(tile: str, hand: str, could: bool) -> None:
    assert could_meld(Tile.parse(tile), parse_tiles(hand), OKEY) is could


def test_a_tile_that_could_meld_with_nothing_is_never_in_the_best_melds() -> None:
    """On random hands, a tile said to meld with nothing of the rest is loose in the best
    melds of the whole hand, and leaving it out changes their value not at all."""
    rng = random.Random(17)
    tiles = list(full_set())
    loose = 0
    for _ in range(300):
        rng.shuffle(tiles)
        okey = next(t for t in tiles[40:] if not t.is_false_okey)
        hand = tiles[: rng.randint(4, 22)]
        tile = rng.choice(hand)
        rest = list(hand)
        rest.remove(tile)
        if could_meld(tile, rest, okey):
            continue
        loose += 1
        assert tile in best_melds(hand, okey).leftover
        assert best_melds(hand, okey).value == best_melds(rest, okey).value
    assert loose > 0
