"""RULES.md sections 8 and 11: an okey laid in a run or set can be swapped out by a seat
holding the tile it stands for, and the seat that laid it pays +101. ``exposed_okeys``
says which okeys of melds about to be laid another seat could take, from what the
laying seat has seen."""

from __future__ import annotations

import pytest

from okey_tui.engine.melds import parse_meld
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, exposed_add, exposed_okeys

OKEY = Tile.parse("B8")  # the indicator is B7


def exposed(pos, rack: str, meld: str, discards=("", "", "", "")) -> list[str]:  # noqa: ANN001
    # K13 more in the rack: the lay leaves two tiles, not the finishing discard alone.
    rack = f"{rack} K13"
    view = PlayerView.of(pos([rack, "", "", ""], discards=discards, rest="middle"), 0)
    return [str(meant) for meant, _tiles in exposed_okeys(view, [parse_meld(meld, OKEY)])]


def test_an_okey_in_a_run_is_exposed_while_a_copy_of_its_tile_is_unseen(pos) -> None:
    assert exposed(pos, "R8 B8 R10 K1", "R8*R9R10") == ["R9"]
    # One R9 in the seat's own rack: the other copy may be anyone's.
    assert exposed(pos, "R8 B8 R10 R9 K1", "R8*R9R10") == ["R9"]
    # Both copies seen (one in the rack, one in a pile): nobody can swap it.
    assert exposed(pos, "R8 B8 R10 R9 K1", "R8*R9R10", ("", "R9", "", "")) == []


def test_a_four_tile_set_needs_its_missing_colour_a_three_tile_set_both(pos) -> None:
    assert exposed(pos, "R5 Y5 B5 B8 K1", "R5Y5B5*K5") == ["K5"]
    assert exposed(pos, "R5 Y5 B5 B8 K1", "R5Y5B5*K5", ("K5 K5", "", "", "")) == []
    # R5 Y5 and the okey as K5: a swap gives K5 and B5 at once; both B5 seen, so no seat
    # holds the pair of tiles it needs, though a K5 is unseen.
    assert exposed(pos, "R5 Y5 B8 K1", "R5Y5*K5") == ["K5"]
    assert exposed(pos, "R5 Y5 B8 K1", "R5Y5*K5", ("B5 B5", "", "", "")) == []


@pytest.mark.parametrize("meld", ["R8R9R10", "*R3R3"])
def test_no_okey_or_an_okey_in_a_pair_is_never_exposed(pos, meld: str) -> None:
    assert exposed(pos, "R8 R9 R10 R3 B8 K1", meld) == []


def test_a_false_okey_plays_as_the_okeys_tile(pos) -> None:
    """B8 is the okey: a run that needs B8 for real takes a false okey, which is seen."""
    assert exposed(pos, "B6 B7 B8 K1 F", "B6B7*B8") == ["B8"]
    assert exposed(pos, "B6 B7 B8 K1 F", "B6B7*B8", ("F", "", "", "")) == []


def test_a_lay_that_leaves_only_the_finishing_discard_exposes_nothing(pos) -> None:
    """The box warned "★R9 can be swapped out: you would pay +101" for melds whose lay
    leaves one tile: the discard that follows ends the hand, and nobody can swap."""
    finishing = PlayerView.of(pos(["R8 B8 R10 K1", "", "", ""], rest="middle"), 0)
    assert exposed_okeys(finishing, [parse_meld("R8*R9R10", OKEY)]) == []
    going_on = PlayerView.of(pos(["R8 B8 R10 K1 K3", "", "", ""], rest="middle"), 0)
    assert [str(t) for t, _ in exposed_okeys(going_on, [parse_meld("R8*R9R10", OKEY)])] == ["R9"]


def test_an_okey_added_to_a_table_run_is_exposed_while_its_tile_is_unseen(pos) -> None:
    """The chooser of a said nothing of the +101 an okey added as R6 can cost: the engine
    says which tiles could swap it out, as for melds about to be laid."""
    table = ["1:R3R4R5"]
    view = PlayerView.of(pos(["B8 K1 K2 K3", "", "", ""], table=table, rest="middle"), 0)
    run = view.table[0].meld
    assert [str(t) for t in exposed_add(view, run, OKEY, Tile.parse("R6"))] == ["R6"]
    assert [str(t) for t in exposed_add(view, run, OKEY, Tile.parse("R2"))] == ["R2"]
    both_seen = pos(["B8 K1 K2 R6", "", "", ""], table=table, discards=("R6", "", "", ""))
    view = PlayerView.of(both_seen, 0)
    assert exposed_add(view, view.table[0].meld, OKEY, Tile.parse("R6")) == ()
    # The add leaves only the finishing discard: the hand ends first.
    last = PlayerView.of(pos(["B8 K1", "", "", ""], table=table, rest="middle"), 0)
    assert exposed_add(last, last.table[0].meld, OKEY, Tile.parse("R6")) == ()
