"""The view's helpers that the table, the practice hints and the bots read, checked in
the engine's own tests (mutation testing runs only these): which tiles swap an okey, an
okey laid where others could swap it, the readings an okey may take on a table meld,
which seat may touch the table, which new melds an opened seat may lay, and the opening
that lays a taken discard."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import AddTile, Open, TakeDiscard
from okey_tui.engine.errors import ErrorCode
from okey_tui.engine.melds import MeldKind, parse_meld
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import (
    PlayerView,
    exposed_add,
    okey_readings,
    okeys_left_open,
    swap_tiles,
    taken_opening,
)

OKEY = Tile.parse("B8")  # the indicator is B7 in the positions of these tests


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


@pytest.mark.parametrize(
    ("meld", "place", "swapped_by"),
    [
        ("R3*R4R5", 1, "R4"),  # a run: the tile it stands for
        ("R7Y7*B7", 2, "B7 K7"),  # a set of three: both colours it lacks
        ("R7Y7B7*K7", 3, "K7"),  # a set of four: the one colour left
        ("R7*R7", 1, ""),  # a pair: never
    ],
)
def test_the_tiles_that_swap_an_okey_out(meld: str, place: int, swapped_by: str) -> None:
    read = parse_meld(meld, OKEY)
    assert swap_tiles(read, place) == (tiles(swapped_by) if swapped_by else ())


def test_an_okey_added_where_others_could_swap_it_is_said_with_the_tiles_that_would(
    pos,
) -> None:  # noqa: ANN001
    """The okey added as R7 to R4 ★R5 R6 (the meld's own okey standing for R5): R7 is
    unseen, so it could be swapped; the false okey plays only as B8 and stands in for
    nothing; and with two tiles in the rack the add leaves the finishing discard."""
    hand = pos(
        ["B8 Y1 K2", "", "", ""],
        discards=["R5", "R5", "", ""],  # both R5 seen: the meld's own okey is safe
        table=["2:R4*R5R6"],
        openings="m101/-/m101/-",
    )
    view = PlayerView.of(hand, 0)
    meld = view.table[0].meld
    assert exposed_add(view, meld, OKEY, Tile.parse("R7")) == (Tile.parse("R7"),)
    assert exposed_add(view, meld, OKEY, Tile.parse("R3")) == (Tile.parse("R3"),)
    assert exposed_add(view, meld, Tile.parse("F"), Tile.parse("R7")) == ()
    short = pos(["B8 Y1", "", "", ""], table=["2:R4*R5R6"], openings="m101/-/m101/-")
    assert exposed_add(PlayerView.of(short, 0), meld, OKEY, Tile.parse("R7")) == ()


def test_a_tile_laid_off_that_leaves_ones_own_okey_open_to_a_swap_is_named(pos) -> None:  # noqa: ANN001
    """K11 onto one's own R11 ★ B11: the okey stood for Y11 or K11 (a swap needed both), now
    for Y11 alone: one Y11 takes it. Not said when both Y11 are in sight, at a table without
    penalties, for another seat's meld, for a run whose okey stands as it did, or when the
    add leaves the finishing discard."""
    k11, y11 = Tile.parse("K11"), Tile.parse("Y11")
    add = [AddTile(k11, 0)]
    rack = ["K11 R1 K2", "", "", ""]
    mine = ["0:R11*Y11B11"]
    view = PlayerView.of(pos(rack, table=mine, openings="m101/-/-/-"), 0)
    assert okeys_left_open(view, add) == [(0, y11, (y11,), 0)]
    both_seen = pos(rack, table=mine, openings="m101/-/-/-", discards=["", "Y11", "Y11", ""])
    assert okeys_left_open(PlayerView.of(both_seen, 0), add) == []
    no_penalty = pos(rack, table=mine, openings="m101/-/-/-", rules="classic/11+n")
    assert okeys_left_open(PlayerView.of(no_penalty, 0), add) == []
    theirs = pos(rack, table=["1:R11*Y11B11"], openings="m101/m101/-/-")
    assert okeys_left_open(PlayerView.of(theirs, 0), add) == []
    run = pos(["R6 R1 K2", "", "", ""], table=["0:R3*R4R5"], openings="m101/-/-/-")
    assert okeys_left_open(PlayerView.of(run, 0), [AddTile(Tile.parse("R6"), 0)]) == []
    last = pos(["K11 R1", "", "", ""], table=mine, openings="m101/-/-/-")
    assert okeys_left_open(PlayerView.of(last, 0), add) == []
    # At a partners table the partner's okey is the team's +101: said, the partner named.
    partners = pos(rack, table=["2:R11*Y11B11"], openings="m101/-/m101/-", rules="classic/11+p")
    assert okeys_left_open(PlayerView.of(partners, 0), add) == [(0, y11, (y11,), 2)]


def test_an_okey_among_tiles_laid_off_may_stand_for_a_tile_only_an_earlier_step_offers(
    pos,
) -> None:  # noqa: ANN001
    """The okey and R8 onto R4 R5 R6: the okey goes first (R8 waits for R7), as R3 or R7;
    only R7 lets R8 follow."""
    hand = pos(["B8 R8 K1", "", "", ""], table=["2:R4R5R6"], openings="m101/-/m101/-")
    assert okey_readings(hand, [OKEY, Tile.parse("R8")], 0) == [Tile.parse("R7")]
    assert okey_readings(hand, [OKEY], 0) == [Tile.parse("R3"), Tile.parse("R7")]
    assert okey_readings(hand, [Tile.parse("R8")], 0) == []  # no okey among them


def test_whether_another_seat_may_touch_the_table(pos) -> None:  # noqa: ANN001
    hand = pos(["R1 R2", "", "", ""], openings="-/m101/p5/-")
    view = PlayerView.of(hand, 0)
    assert not view.can_touch_table()  # the viewer has not opened
    assert view.can_touch_table(1)  # runs and sets
    assert not view.can_touch_table(2)  # a pairs opener, at a table that keeps it off


@pytest.mark.parametrize(
    ("opening", "kind", "refused"),
    [
        ("m101", MeldKind.PAIR, ErrorCode.MELDS_OPENER_LAYS_NO_PAIRS),
        ("m101", MeldKind.RUN, None),
        ("p5", MeldKind.SET, ErrorCode.PAIRS_OPENER_LAYS_PAIRS),
        ("p5", MeldKind.PAIR, None),
        ("-", MeldKind.PAIR, None),  # not opened: the opening's own checks decide
    ],
)
def test_which_new_melds_an_opened_seat_may_lay(
    pos, opening: str, kind: MeldKind, refused: ErrorCode | None
) -> None:  # noqa: ANN001
    hand = pos(["R1 R2", "", "", ""], openings=f"{opening}/-/-/-")
    error = PlayerView.of(hand, 0).lay_kind_refusal(kind)
    assert (None if error is None else error.code) == refused


def taken(pos, rack: str, left: str, **fields: object) -> PlayerView:  # noqa: ANN001
    """Seat 0 has taken ``left`` from the left pile."""
    hand = pos([rack, "", "", ""], phase="d", discards=["", "", "", left], **fields)
    hand.apply(TakeDiscard())
    return PlayerView.of(hand, 0)


def test_the_opening_that_lays_a_taken_discard_with_melds(pos) -> None:  # noqa: ANN001
    """R10 taken: R10 R11 R12 R13 with K12 K13 K11 and Y11 Y12 Y13: 46 + 36 + 36 = 118,
    the most points the rack makes with it; the engine takes that opening."""
    view = taken(pos, "R11 R12 R13 K11 K12 K13 Y11 Y12 Y13 B1 R1", "R10")
    opening = taken_opening(view)
    assert opening is not None
    assert sum(m.value for m in opening) == 118
    assert any(Tile.parse("R10") in m.tiles for m in opening)


def test_the_opening_that_lays_a_taken_discard_with_pairs(pos) -> None:  # noqa: ANN001
    """Y5 taken: the fifth pair with the rack's Y5; the rack's other tiles stay, and one
    is kept for the discard."""
    view = taken(pos, "R2 R2 Y3 Y3 B9 B9 K12 K12 Y5 R7 K1", "Y5")
    opening = taken_opening(view)
    assert opening is not None and len(opening) == 5
    assert all(m.kind is MeldKind.PAIR for m in opening)
    assert tiles("Y5 Y5") in [m.tiles for m in opening]


def test_runs_and_sets_come_before_pairs_when_both_open(pos) -> None:  # noqa: ANN001
    """K13 taken: with the okey (B8) it makes a fifth pair, and it makes the set K13 R13 Y13
    B13 of 109 points with R7 Y7 K7 and Y12 K12 ★: the runs and sets are the opening said
    (a player told "5 pairs" took the pairs opening, whose tiles left count double)."""
    view = taken(pos, "R7 Y7 K7 Y12 K12 B8 R13 Y13 B13 R8 R8 B10 B10 K1 K1 Y4 Y4", "K13")
    opening = taken_opening(view)
    assert opening is not None
    assert all(m.kind is not MeldKind.PAIR for m in opening)
    assert sum(m.value for m in opening) == 109


def test_a_pairs_opening_keeps_a_tile_for_the_discard(pos) -> None:  # noqa: ANN001
    """Five pairs and the taken tile's twin make six pairs of twelve tiles with nothing
    left to throw: the opening lays five of them."""
    view = taken(pos, "R2 R2 Y3 Y3 B9 B9 K12 K12 R6 R6 Y5", "Y5")
    opening = taken_opening(view)
    assert opening is not None and len(opening) == 5
    assert tiles("Y5 Y5") in [m.tiles for m in opening]


@pytest.mark.parametrize(
    ("rack", "left", "fields"),
    [
        ("R11 R12 R13 K11 K12 K13 B1 R1", "R10", {}),  # 82 with it: short of 101
        ("R2 R2 Y3 Y3 B9 B9 R7 K1", "Y5", {}),  # three pairs and no twin
        ("R11 R12 R13 K11 K12 K13 Y11 Y12 Y13 B1", "R10", {"openings": "-/-/-/-!"}),
    ],
)
def test_no_opening_lays_the_taken_discard(
    pos, rack: str, left: str, fields: dict[str, object]
) -> None:  # noqa: ANN001
    """Short of the floor; or (the last) taken from a player Going Pairs, which only
    opens pairs, at a Challenge table."""
    if fields:
        fields = {**fields, "rules": "challenge/11"}
    assert taken_opening(taken(pos, rack, left, **fields)) is None


def test_no_opening_is_looked_for_without_a_taken_tile_or_once_opened(pos) -> None:  # noqa: ANN001
    hand = pos(["R11 R12 R13 K11 K12 K13 Y11 Y12 Y13 B1", "", "", ""], phase="d")
    assert taken_opening(PlayerView.of(hand, 0)) is None
    opened = taken(pos, "R11 R12 K1", "R13", openings="m101/-/-/-")
    assert taken_opening(opened) is None


def test_the_opening_that_lays_a_taken_okey(pos) -> None:  # noqa: ANN001
    """The okey taken from the left stands in a run of the rack's tiles; the engine takes
    the opening."""
    hand = pos(
        ["R11 R12 K11 K12 K13 Y11 Y12 Y13 B1 R1", "", "", ""],
        phase="d",
        discards=["", "", "", "B8"],
    )
    hand.apply(TakeDiscard())
    opening = taken_opening(PlayerView.of(hand, 0))
    assert opening is not None and any(OKEY in m.tiles for m in opening)
    hand.apply(Open(opening))
    assert hand.openings[0] is not None


@pytest.mark.parametrize(
    ("rack", "left", "laid_with"),
    [
        # Exactly the floor, and only with a run of five: R9-R13 (55) and K10-K13 (46).
        ("R9 R10 R12 R13 K10 K11 K12 K13 B1 Y3", "R11", "R9 R10 R11 R12 R13"),
        # Only in a set: R10 Y10 K10 (30) with K11-K13 (36) and Y11-Y13 (36).
        ("Y10 K10 K11 K12 K13 Y11 Y12 Y13 B1 R3", "R10", "R10 Y10 K10"),
        # With the rack's okey (B8) in a run: R10 R11 ★R12 (33) beside two runs of 36.
        ("R11 B8 K11 K12 K13 Y11 Y12 Y13 B1 R3", "R10", "R10 R11 B8"),
        # With the false okey (it plays as B8) in a run: B7 F B9 (24) and three more melds.
        ("F B9 K11 K12 K13 Y11 Y12 Y13 R11 R12 R13 R1", "B7", "B7 F B9"),
        # The false okey taken: B6 B7 F (21) and the same three melds.
        ("B6 B7 K11 K12 K13 Y11 Y12 Y13 R11 R12 R13 R1", "F", "B6 B7 F"),
    ],
)
def test_the_opening_that_lays_a_taken_discard_finds_every_meld_it_can_go_in(
    pos, rack: str, left: str, laid_with: str
) -> None:  # noqa: ANN001
    view = taken(pos, rack, left)
    opening = taken_opening(view)
    assert opening is not None
    assert tiles(laid_with) in [m.tiles for m in opening]
    assert sum(m.value for m in opening) >= view.melds_floor


def test_a_pairs_opening_pairs_the_taken_discard_with_the_okey(pos) -> None:  # noqa: ANN001
    """Four pairs, the okey and Y12 taken: Y12 ★Y12 makes the fifth pair."""
    view = taken(pos, "R2 R2 Y3 Y3 B9 B9 K13 K13 B8 R7 K1", "Y12")
    opening = taken_opening(view)
    assert opening is not None and len(opening) == 5
    assert (Tile.parse("Y12"), OKEY) in [m.tiles for m in opening]


def test_the_opening_with_the_taken_discard_is_the_one_worth_most(pos) -> None:  # noqa: ANN001
    """R12 taken: the first way found to lay it makes 109; another makes 118, and that
    is the one."""
    view = taken(pos, "R9 R10 R11 Y9 Y10 Y11 Y13 K10 K11 K12 K13", "R12")
    opening = taken_opening(view)
    assert opening is not None
    assert sum(m.value for m in opening) == 118


def test_a_false_okey_added_as_its_own_tile_is_never_swapped(pos) -> None:  # noqa: ANN001
    """F (the false okey, B8) added to B5 B6 B7 plays as B8 itself: no okey stands in."""
    hand = pos(["F Y1 K2", "", "", ""], table=["2:B5B6B7"], openings="m101/-/m101/-")
    view = PlayerView.of(hand, 0)
    assert exposed_add(view, view.table[0].meld, Tile.parse("F"), OKEY) == ()


def test_the_opening_that_lays_a_taken_discard_looks_past_a_group_met_twice(pos) -> None:  # noqa: ANN001
    """R10 taken: the rack's two R9 make every group with an R9 twice over; the set
    R10 Y10 K10, after them, is the one way it opens (with K11-K13 and Y11-Y13: 102)."""
    view = taken(pos, "R9 R9 R12 Y10 K10 K11 K12 K13 Y11 Y12 Y13", "R10")
    opening = taken_opening(view)
    assert opening is not None
    assert tiles("R10 Y10 K10") in [m.tiles for m in opening]


def test_a_pairs_opening_with_the_taken_discard_is_the_one_with_most_pairs(pos) -> None:  # noqa: ANN001
    """K12 taken, with its twin and the okey in the rack: paired with the okey (met first)
    it leaves five pairs; paired with its twin, the okey pairs K5 as well: six."""
    view = taken(pos, "R2 R2 Y3 Y3 B9 B9 R6 R6 K12 B8 K5 R7", "K12")
    opening = taken_opening(view)
    assert opening is not None and len(opening) == 6
    assert tiles("K12 K12") in [m.tiles for m in opening]


def test_two_pairs_openings_as_long_are_told_apart_without_comparing_melds(pos) -> None:  # noqa: ANN001
    """Y5 taken: with its twin or with the okey, five pairs either way (the sixth would
    leave no tile to throw); the first found is laid."""
    view = taken(pos, "R2 R2 Y3 Y3 B9 B9 K12 K12 Y5 B8 R7", "Y5")
    opening = taken_opening(view)
    assert opening is not None and len(opening) == 5
    assert tiles("Y5 Y5") in [m.tiles for m in opening]
