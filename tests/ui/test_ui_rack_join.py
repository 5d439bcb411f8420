"""j puts a tile beside the group it makes the best meld with: a newcomer took eleven
shift+→ (splitting a pair on the way) to put K5 beside B5 Y5, Tab and shift+End keeping
it apart from every group. u undoes it as any move."""

from __future__ import annotations

from ui_helpers import (
    OPENING_SEED,
    at_position,
    goto,
    select_tiles,
    set_rows,
    status_text,
    table_app,
)

from okey_tui.engine.tiles import Tile, parse_tiles
from tests.positions import position


def row(screen, n: int) -> str:  # type: ignore[no-untyped-def]
    rack = screen.rack
    cells = rack.slots[n * rack.cols : (n + 1) * rack.cols]
    return " ".join(str(t) if t else "." for t in cells).rstrip(" .")


def rows_of(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [row(screen, r) for r in range(2)]


async def j_on(pilot, screen, tile: str) -> str:  # type: ignore[no-untyped-def]
    """j pressed with the cursor on ``tile``: the line then."""
    await goto(pilot, screen, screen.rack.slots.index(Tile.parse(tile)))
    await pilot.press("j")
    await pilot.pause()
    return status_text(screen)


async def test_j_joins_a_tile_to_the_group_it_makes_a_meld_with_and_u_undoes_it() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K1 K3 K5 R8 R8 B5 Y5", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        groups = ["K1 K3 K5", "R8 R8", "B5 Y5"]
        screen.rack.arrange([parse_tiles(g) for g in groups], [])
        screen.render_all()
        before = list(screen.rack.slots)
        assert row(screen, 0) == "K1 K3 K5 . R8 R8 . B5 Y5"
        said = await j_on(pilot, screen, "K5")
        assert row(screen, 0) == "K1 K3 . . R8 R8 . B5 Y5 K5", row(screen, 0)
        assert said == "K5 is beside B5 Y5 now: set 15", said
        assert screen.rack.slots[screen.cursor] == Tile.parse("K5")  # the cursor went along
        # K1 makes no meld with a group, and stands beside K3 already: nothing moves.
        said = await j_on(pilot, screen, "K1")
        assert said == "K1 is beside K3 already: K2 would make a run with them", said
        assert row(screen, 0) == "K1 K3 . . R8 R8 . B5 Y5 K5"
        await pilot.press("u")
        await pilot.pause()
        assert screen.rack.slots == before


async def test_j_leaves_a_tile_of_a_meld_and_says_why_nothing_moved() -> None:
    """j on B11 of the set Y11 B11 K11 took it out to make a pair with an okey elsewhere,
    breaking the set; on an okey in a run, and on a tile with no partner or no room, it
    said "no group that has room beside it" whatever the reason."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        hand = position(["Y11 B11 K11 B8 R2 R3 R4 K6 Y9 Y10 R9", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "Y11 B11 K11 . R2 R3 R4 B8 . K6", "Y9 Y10 . R9")
        before = list(screen.rack.slots)
        cases = [
            ("B11", "B11 is in a meld already (set 33): shift+arrows move it by hand"),
            ("B8", "B8★ is in a meld already (run 14): shift+arrows move it by hand"),
            ("K6", "K6 makes a meld with no group on your rack"),
        ]
        for tile, said in cases:
            assert await j_on(pilot, screen, tile) == said, tile
            assert screen.rack.slots == before, tile


async def test_j_while_a_taken_tile_has_its_room_keeps_it_and_g_slides_back() -> None:
    """A tile taken from the left came in between R6 and R8, R8 R9 moving a slot aside:
    a j elsewhere then cleared that room, and g left R8 R9 apart from R5 R6 with a hole."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R5 R6 R8 R9 B5 Y5 K5 Y12", "", "", ""],
            phase="d",
            discards=["", "", "", "R7"],
            openings="m101/-/-/-",
        )
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "R5 R6 R8 R9 . . . B5 Y5 . . K5 . Y12")
        await pilot.press("t")
        await pilot.pause()
        assert row(screen, 0) == "R5 R6 R7 R8 R9 . . B5 Y5 . . K5 . Y12", row(screen, 0)
        await j_on(pilot, screen, "K5")
        assert row(screen, 0) == "R5 R6 R7 R8 R9 . . B5 Y5 K5 . . . Y12", row(screen, 0)
        # R8 R9 selected as g gives R7 back: they slide back, the selection with them.
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("R8")))
        await pilot.press("space", "right", "space")
        await pilot.press("g")
        await pilot.pause()
        assert row(screen, 0) == "R5 R6 R8 R9 . . . B5 Y5 K5 . . . Y12", row(screen, 0)
        picked = sorted(str(screen.rack.slots[i]) for i in screen.selected)
        assert picked == ["R8", "R9"], picked


async def test_j_moves_the_groups_a_slot_beyond_along_and_says_so() -> None:
    """On a sorted rack every group stands a slot from the next: j on K6 for Y6 B6 said no
    free slot stays apart (a newcomer's Y8 for Y9-Y13 at the row's start too). The groups
    beyond move a slot along, as far as a free slot apart, and the line names them."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K6 R1 Y6 B6 R9 R12", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K6 . R1", "Y6 B6 . R9 . R12")
        said = await j_on(pilot, screen, "K6")
        assert said == "K6 is beside Y6 B6 now (R9 and R12 moved a slot to make room): set 18", said
        assert row(screen, 1) == "Y6 B6 K6 . R9 . R12", row(screen, 1)
        await pilot.press("u")  # practice or not, u takes a move of the rack back
        await pilot.pause()
        assert row(screen, 1) == "Y6 B6 . R9 . R12", row(screen, 1)


async def test_j_says_which_group_a_tile_goes_with_when_no_slot_beside_it_is_free() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "K6 R1 Y6 B6 R9 R12 K1 K3 B9 Y11 R13"
        hand = position([tiles, "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        # Every group a slot from the next up to the row's end: no slot along is free.
        set_rows(screen, "K6 . R1", "Y6 B6 . R9 . R12 . K1 . K3 . B9 . Y11 . R13")
        before = list(screen.rack.slots)
        said = await j_on(pilot, screen, "K6")
        assert said == (
            "K6 makes a meld with Y6 B6, but no free slot beside it stays apart from the "
            "other groups: shift+arrows move it by hand"
        ), said
        assert screen.rack.slots == before


async def test_a_refused_tab_or_shift_end_names_j_when_it_would_join_the_tile() -> None:
    """A newcomer's K5 beside B5 Y5 across the row: Tab said "No other gap holds 1 tile"
    and shift+End that every free slot touched a group, with the gap they meant in sight."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        upper = "R1 R2 R3 . Y5 Y6 Y7 . B9 B10 B11 . K7 K8 K9"
        lower = "K1 K3 K5 . R8 R8 . Y1 Y1 . B13 K12 . . B5 Y5"
        tiles = " ".join(t for t in f"{upper} {lower}".split() if t != ".")
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(screen, upper, lower)
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K5")))
        for key in ("tab", "shift+end"):
            await pilot.press(key)
            await pilot.pause()
            said = status_text(screen)
            assert said.endswith(" · j puts K5 beside B5 Y5"), (key, said)
        await pilot.press("j")
        await pilot.pause()
        assert row(screen, 1).endswith("B13 K12 . K5 B5 Y5"), row(screen, 1)


async def test_j_points_to_s_in_an_unsorted_block_and_to_a_for_a_table_meld() -> None:
    """The refusal said "s sorts the rack into groups" right after s; a tile that fits a
    table meld (which a adds at once) was told only that it made no meld on the rack."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R8 K1 Y5 B13 R2 K9", "", "", ""],
            phase="p",
            table=["1:R9R10R11R12"],
            openings="m101/m101/-/-",
        )
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K1 Y5 B13 R2 . K9", "R8")
        for tile, said in [
            ("Y5", "Y5 makes a meld with no group on your rack (s sorts the rack into groups)"),
            ("R8", "R8 makes a meld with no group on your rack: a adds it to a meld on the table"),
            ("K9", "K9 makes a meld with no group on your rack"),
        ]:
            assert await j_on(pilot, screen, tile) == said, tile
        # Just sorted, s would give the same rack: not offered then (it was, after s).
        await pilot.press("s")
        await pilot.pause()
        block = max(screen.rack.groups(), key=len)
        tile = str(screen.rack.slots[block[0]])
        assert len(block) >= 4, rows_of(screen)
        assert await j_on(pilot, screen, tile) == f"{tile} makes a meld with no group on your rack"


async def test_shift_end_at_the_rows_end_says_so_and_leaves_no_step_to_undo() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R1 R2 R3 K9", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        cols = screen.rack.cols
        set_rows(screen, "R1 R2 R3", " ".join(["."] * (cols - 1) + ["K9"]))
        before = list(screen.rack.slots)
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K9")))
        await pilot.press("shift+end")
        await pilot.pause()
        assert status_text(screen).startswith("No free slot for 1 tile nearer the end"), (
            status_text(screen)
        )
        await pilot.press("u")
        await pilot.pause()
        assert "Undone: the move" not in status_text(screen), status_text(screen)
        assert screen.rack.slots == before


def test_a_tile_joined_past_the_tiles_moved_for_a_taken_one_keeps_them_there() -> None:
    """R8 R9 slid a slot aside for R7, taken from the left; j then put R10 after R9. g gave
    R7 back and slid R8 R9 back, leaving R10 standing apart from the run it was put in."""
    from okey_tui.ui.rack import RackLayout

    rack = RackLayout(cols=10)
    upper = "R5 R6 R8 R9 . . R10"
    rack.slots = [None if t == "." else Tile.parse(t) for t in upper.split(" ")]
    rack.slots += [None] * (20 - len(rack.slots))
    okey = Tile.parse("B1")
    assert rack.put_beside(Tile.parse("R7"), okey) == 2 and rack.room is not None  # R8 R9 aside
    moved = rack.join(6, okey)
    assert moved == {6: 5}, moved
    rack.sync(parse_tiles("R5 R6 R8 R9 R10"))  # R7 given back
    shown = " ".join(str(t) if t else "." for t in rack.slots[:7])
    assert shown == "R5 R6 . R8 R9 R10 .", shown


async def test_j_puts_a_tile_beside_the_lone_tile_it_makes_most_of_a_run_or_a_set_with() -> None:
    """A drawn K6 with a lone K5 on the rack: j said "K6 makes a meld with no group" and
    three shift+← put it there. It goes beside the lone tile the most tiles would complete
    (K5: K4 or K7; K8 only K7), and the line names the tiles to come."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 R1 R2 K8 K6 Y5 R5 B12", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K5 . . R1 R2 . K8 . K6", "Y5 . . . R5 . . B12")
        said = await j_on(pilot, screen, "K6")
        assert said == "K6 is beside K5 now: K4 or K7 would make a run with them", said
        assert rows_of(screen) == ["K5 K6 . R1 R2 . K8", "Y5 . . . R5 . . B12"]
        said = await j_on(pilot, screen, "R5")
        assert said == "R5 is beside Y5 now: B5 or K5 would make a set with them", said
        assert row(screen, 1) == "Y5 R5 . . . . . B12", row(screen, 1)
        # B12 goes with no lone tile (Y5 R5 stand together): nothing moves.
        assert await j_on(pilot, screen, "B12") == "B12 makes a meld with no group on your rack"
        await pilot.press("u", "u")
        await pilot.pause()
        assert rows_of(screen) == ["K5 . . R1 R2 . K8 . K6", "Y5 . . . R5 . . B12"]


async def test_j_puts_the_okey_where_it_makes_the_most_points_in_a_run_or_a_set() -> None:
    """j on the okey said "An okey fits anywhere" and left the player eight keys of moving
    it; it goes where it adds the most points to a run or a set (Y12 Y13: 36)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        hand = position(["K5 K7 R1 B8 Y12 Y13 R9", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K5 K7 . R1 . B8", ". . Y12 Y13 . R9")
        said = await j_on(pilot, screen, "B8")
        assert row(screen, 1) == ". ★ Y12 Y13 . R9".replace("★", "B8"), row(screen, 1)
        assert said.startswith("B8★ is beside Y12 Y13 now: run 36"), said
        # With no group of two tiles that takes it, the okey stays and the line says so.
        set_rows(screen, "K5 . K9 . R1 . B8", "Y12 . . Y3 . R9")
        said = await j_on(pilot, screen, "B8")
        assert said.startswith("The okey makes a run or a set with no group on your rack"), said


async def test_j_says_a_tile_stands_beside_its_lone_tile_already_or_has_no_room_there() -> None:
    """j on Y9 of Y7 Y9 said "Y9 makes a meld with no group on your rack", as it did on Y4
    with a lone Y3 boxed in between two groups: a play-test read both as "fits nothing"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["Y7 Y9 R1 R5 R6 R7 Y3 K1 K2 K3 K4 Y4", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "Y7 Y9 . R1", "R5 R6 R7 . Y3 . K1 K2 K3 K4 . . Y4")
        before = list(screen.rack.slots)
        said = await j_on(pilot, screen, "Y9")
        assert said == "Y9 is beside Y7 already: Y8 would make a run with them", said
        said = await j_on(pilot, screen, "Y4")
        assert said == (
            "Y4 makes two thirds of a run with Y3 (Y2 or Y5 to come), but no free slot beside "
            "it stays apart from the other groups: shift+arrows move it by hand"
        ), said
        assert screen.rack.slots == before


async def test_j_puts_the_okey_in_its_best_group_though_tiles_must_move_aside() -> None:
    """The okey went on to B13 of B10 B11 B12, which had room, not R7 of R5 R6 (18 points),
    which had none: the best group comes first, the groups beyond moving a slot along."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        hand = position(["K1 R5 R6 B10 B11 B12 B8", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K1 . R5 R6 . B10 B11 B12 . B8")
        said = await j_on(pilot, screen, "B8")
        assert row(screen, 0) == "K1 . R5 R6 B8 . B10 B11 B12", row(screen, 0)
        assert said == (
            "B8★ is beside R5 R6 now (B10 B11 B12 moved a slot to make room): run 18"
            " · j again: beside B10 B11 B12"
        ), said


async def test_j_again_puts_the_tile_beside_the_next_group_then_back_where_it_stood() -> None:
    """j put the okey beside its best group, and another group was then twelve keys away
    (select it, shift+arrows along the rows). j again, nothing else done: the next group it
    makes a meld with, from the rack as it stood; past the last, back where it stood. u
    undoes the whole round at once, as one move."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        hand = position(["K1 R5 R6 B10 B11 B12 B8 Y3 K3", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K1 . R5 R6 . B10 B11 B12 . B8", ". Y3 K3")
        before = list(screen.rack.slots)
        said = await j_on(pilot, screen, "B8")
        assert rows_of(screen) == ["K1 . R5 R6 B8 . B10 B11 B12", ". Y3 K3"], rows_of(screen)
        assert said.endswith(" · j again: beside B10 B11 B12"), said
        await pilot.press("j")
        await pilot.pause()
        said = status_text(screen)
        assert rows_of(screen) == ["K1 . R5 R6 . B10 B11 B12 B8", ". Y3 K3"], rows_of(screen)
        assert said == "B8★ is beside B10 B11 B12 now: run 46 · j again: beside Y3 K3", said
        assert screen.rack.slots[screen.cursor] == Tile.parse("B8")  # the cursor went along
        await pilot.press("j")
        await pilot.pause()
        assert rows_of(screen) == ["K1 . R5 R6 . B10 B11 B12", ". Y3 K3 B8"], rows_of(screen)
        assert status_text(screen) == (
            "B8★ is beside Y3 K3 now: set 9 · j again puts it back where it stood"
        ), status_text(screen)
        await pilot.press("j")
        await pilot.pause()
        assert screen.rack.slots == before
        said = status_text(screen)
        assert said == ("B8★ is back where it stood: no other group takes it"), said
        # Round again from the start: the best group first.
        await pilot.press("j")
        await pilot.pause()
        assert rows_of(screen) == ["K1 . R5 R6 B8 . B10 B11 B12", ". Y3 K3"], rows_of(screen)
        await pilot.press("j")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert screen.rack.slots == before, rows_of(screen)
        # Another key between the two j: a j of its own (B8 stands in a meld: it stays).
        await j_on(pilot, screen, "B8")
        await pilot.press("right", "left")
        await pilot.pause()
        said = await j_on(pilot, screen, "B8")
        assert said == "B8★ is in a meld already (run 18): shift+arrows move it by hand", said


def test_j_on_random_racks_moves_tiles_and_never_loses_or_invents_one() -> None:
    """RackLayout.join on 60 random racks (21 or 22 tiles of a deal, okeys and a false
    okey among them, scattered in groups and gaps), on every tile in turn: the rack holds
    the same tiles after each j, a tile that moves lands in a slot that was free or was
    freed by the tiles moved along, and what join says moved is what moved."""
    from collections import Counter
    from random import Random

    from okey_tui.engine.melds import MeldKind
    from okey_tui.engine.tiles import full_set
    from okey_tui.ui.rack import RackLayout

    rng = Random(2026)
    kinds_choices = [None, (MeldKind.RUN, MeldKind.SET), (MeldKind.PAIR,)]
    for _rack in range(60):
        tiles = full_set()
        rng.shuffle(tiles)
        hand, okey = tiles[: rng.choice((21, 22))], rng.choice(tiles[30:])
        if okey.is_false_okey:
            okey = Tile.parse("R5")
        rack = RackLayout(cols=16)
        slots: list[Tile | None] = [None] * 32
        for tile, slot in zip(hand, rng.sample(range(32), len(hand)), strict=False):
            slots[slot] = tile
        rack.slots = slots
        kinds = rng.choice(kinds_choices)
        for index in range(32):
            if rack.slots[index] is None:
                continue
            before = list(rack.slots)
            moved = rack.join(index, okey, kinds)
            assert Counter(t for t in rack.slots if t) == Counter(t for t in before if t)
            if moved is None:
                assert rack.slots == before
                continue
            for old, new in moved.items():
                assert rack.slots[new] == before[old], (old, new)
            unmoved = set(range(32)) - set(moved) - set(moved.values())
            assert all(rack.slots[i] == before[i] for i in unmoved)


async def test_j_takes_a_tile_out_of_a_block_into_the_meld_it_makes_there() -> None:
    """j on R11 with R8 R10 R12 side by side said "R11 makes a meld with no group on your
    rack", as on K9 beside Y2 Y2 K7 K8: the tiles it makes a meld with become a group of
    their own with it, the block's rest a slot apart, and the line names what moved."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R8 R10 R12 R11 Y2 Y2 K7 K8 K9 B5", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, ". R8 R10 R12 . . . R11", "Y2 Y2 K7 K8 . . . K9 . . B5")
        said = await j_on(pilot, screen, "R11")
        assert row(screen, 0) == "R8 . R10 R11 R12", row(screen, 0)
        assert said == "R11 is beside R10 R12 now (R8 and R12 moved a slot to make room): run 33"
        said = await j_on(pilot, screen, "K9")
        assert row(screen, 1) == "Y2 Y2 . K7 K8 K9 . . . . B5", row(screen, 1)
        assert said.startswith("K9 is beside K7 K8 now"), said
        await pilot.press("u", "u")
        await pilot.pause()
        assert rows_of(screen) == [". R8 R10 R12 . . . R11", "Y2 Y2 K7 K8 . . . K9 . . B5"]


async def test_j_on_a_tile_of_a_block_splits_off_the_meld_it_makes_there() -> None:
    """j on R11 of R8 R10 R11 R12 moved R11 out, after R12 (beside its lone tile), and broke
    the run it stood in; on R10 of R8 R10 K3 it went round R8. The block's rest moves a
    slot away from the meld (or the two thirds of one) the tile makes at its end."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R8 R10 R11 R12 Y8 Y10 K3 B5", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, ". . R8 R10 R11 R12 . . B5", ". Y8 Y10 K3")
        said = await j_on(pilot, screen, "R11")
        assert row(screen, 0) == ". R8 . R10 R11 R12 . . B5", row(screen, 0)
        # Said as the meld set apart (R11 had not moved: "R11 is beside R10 R12 now").
        assert said == "R10 R11 R12 stand apart now, a slot from R8: run 33", said
        said = await j_on(pilot, screen, "Y10")
        assert row(screen, 1) == ". Y8 Y10 . K3", row(screen, 1)
        assert said == "Y10 is beside Y8 now: Y9 would make a run with them", said


def test_j_prefers_a_meld_elsewhere_to_two_thirds_of_one_in_its_own_block() -> None:
    """R11 of R10 R11 K3 split K3 off (two thirds of a run) though R12 R13 stood apart:
    a meld comes first, then two thirds of one."""
    from okey_tui.ui.rack import RackLayout

    rack = RackLayout(cols=10)
    rack.slots[1:4] = parse_tiles("R10 R11 K3")
    rack.slots[6:8] = parse_tiles("R12 R13")
    moved = rack.join(2, Tile.parse("B1"))
    assert moved == {2: 5}, moved  # before R12 R13: the run R11 R12 R13
    shown = " ".join(str(t) if t else "_" for t in rack.slots[:10])
    assert shown == "_ R10 _ K3 _ R11 R12 R13 _ _", shown


async def test_j_sees_a_meld_in_the_middle_of_a_block() -> None:
    """j on K7 with K1 K5 K6 K9 K10 side by side said "K7 makes a meld with no group on
    your rack": K5 K6 stand in the block's middle, tiles on both sides. They and K7 become
    a group of their own, the rest a slot apart either side. j on Y6 of Y1 Y5 Y6 Y7 Y10
    splits off the run it stands in the middle of."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K1 K5 K6 K9 K10 K7 Y1 Y5 Y6 Y7 Y10 B5", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, ". K1 K5 K6 K9 K10 . . . . K7", ". Y1 Y5 Y6 Y7 Y10 . . B5")
        said = await j_on(pilot, screen, "K7")
        assert row(screen, 0) == "K1 . K5 K6 K7 . K9 K10", row(screen, 0)
        assert said == "K7 is beside K5 K6 now (K1 and K9 K10 moved a slot to make room): run 18"
        said = await j_on(pilot, screen, "Y6")
        assert row(screen, 1) == "Y1 . Y5 Y6 Y7 . Y10 . B5", row(screen, 1)
        assert said == "Y5 Y6 Y7 stand apart now, a slot from Y1 and Y10: run 18", said
        await pilot.press("u", "u")
        await pilot.pause()
        assert rows_of(screen) == [". K1 K5 K6 K9 K10 . . . . K7", ". Y1 Y5 Y6 Y7 Y10 . . B5"]


async def test_j_in_a_block_with_no_room_names_the_meld_the_tile_stands_in() -> None:
    """K6 in K1 K5 K6 K7 K10, with K9 a slot past the block and no room to set K5 K6 K7
    apart: j said "K6 makes a meld with no group on your rack" of a tile standing in a
    run. It names the run and why nothing moved; K7 too (it spoke of two thirds of a run
    with K9 instead)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K1 K5 K6 K7 K10 K9 Y2 B5", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "K1 K5 K6 K7 K10 . K9", "Y2 . . B5")
        before = list(screen.rack.slots)
        for tile in ("K6", "K7"):
            said = await j_on(pilot, screen, tile)
            assert said == (
                f"{tile} makes K5 K6 K7 (run 18) with the tiles beside it, but no free slot "
                "lets them stand apart from the rest of the block: shift+arrows move tiles "
                "by hand"
            ), said
            assert screen.rack.slots == before


async def test_shift_tab_names_tab_only_where_tab_has_a_gap(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """shift+Tab said "Tab moves them to a gap after them" where Tab had just said no gap
    holds them: where no gap either way has room, shift+Tab says so as Tab does. (The rack
    finds no gap either way here, whatever the tiles: such racks are rare and long to lay
    out, Tab changing places with a group a slot away where it can.)"""
    from okey_tui.ui.rack import RackLayout

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position(["R4 R5 K9 Y2", "", "", ""], phase="p"))
        set_rows(screen, ". R4 R5 . K9 . Y2")
        await select_tiles(pilot, screen, "R4 R5")
        await pilot.press("shift+tab")  # nothing before them; Tab has a gap after them
        said = status_text(screen)
        assert said == (
            "No gap before them has room for 2 tiles side by side: Tab moves them to a gap "
            "after them"
        ), said
        monkeypatch.setattr(RackLayout, "next_gap", lambda self, chosen: None)
        await pilot.press("shift+tab")
        said = status_text(screen)
        assert said == "No other gap has room for 2 tiles side by side", said


async def test_j_splits_a_meld_in_a_blocks_middle_at_the_rows_start() -> None:
    """R8 R9 R10 Y6 Y7 Y8 R4 Y4 K4 at the row's start, the row's end free: j on Y7 said no
    free slot could set Y6 Y7 Y8 apart (the block's start has no slot before it). The run
    and what follows it move on instead, a slot and two."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "R8 R9 R10 Y6 Y7 Y8 R4 Y4 K4 B5"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(screen, "R8 R9 R10 Y6 Y7 Y8 R4 Y4 K4", "B5")
        said = await j_on(pilot, screen, "Y7")
        assert row(screen, 0) == "R8 R9 R10 . Y6 Y7 Y8 . R4 Y4 K4", row(screen, 0)
        assert "run 21" in said, said


def test_j_on_dense_random_racks_never_breaks_a_meld_a_tile_stands_in() -> None:
    """Racks of long blocks (22 tiles in 32 slots, few gaps), j on every tile: a tile that
    stands in a run or a set inside its block either sets that meld apart or stays; the
    meld's tiles are side by side in their order after it (j had taken K7 out of K1 K5 K6
    K7 K10 for two thirds of a run with a lone K9), and no tile is lost."""
    from collections import Counter
    from random import Random

    from okey_tui.engine.tiles import full_set
    from okey_tui.ui.rack import RackLayout

    rng = Random(7)
    checked = 0
    for _rack in range(40):
        tiles = full_set()
        rng.shuffle(tiles)
        okey = Tile.parse("R5")
        hand = sorted(tiles[:22], key=Tile.sort_key)
        rack = RackLayout(cols=16)
        slots: list[Tile | None] = [None] * 32
        gaps = set(rng.sample(range(32), 10))
        for slot, tile in zip([i for i in range(32) if i not in gaps], hand, strict=True):
            slots[slot] = tile
        rack.slots = slots
        for index in range(32):
            part = rack.meld_in_block(index, okey, None)
            if part is None:
                continue
            checked += 1
            before = list(rack.slots)
            moved = rack.join(index, okey, None) or {}
            assert Counter(t for t in rack.slots if t) == Counter(t for t in before if t)
            now = [moved.get(i, i) for i in part]
            assert now == list(range(now[0], now[0] + len(now))), (part, moved)
            assert len({rack.row_of(i) for i in now}) == 1
            assert [rack.slots[i] for i in now] == [before[i] for i in part]
    assert checked >= 20, checked


async def test_j_on_an_okey_in_a_block_keeps_both_its_melds() -> None:
    """Y1 Y2 Y3 ★ R4 Y4 B4 K4 as one block (the okey as Y4 in the run): j on the okey took
    it into R4 Y4 B4 as K4 (a set of 16), breaking the run and leaving K4 alone ("R4 Y4 B4
    and K4 moved a slot"). The split that keeps the most points in melds wins: the set
    moves a slot away, the run and the okey stay."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "Y1 Y2 Y3 B8 R4 Y4 B4 K4 R11"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(screen, "Y1 Y2 Y3 B8 R4 Y4 B4 K4", "R11")
        await j_on(pilot, screen, "B8")
        assert row(screen, 0) == "Y1 Y2 Y3 B8 . R4 Y4 B4 K4", row(screen, 0)


async def test_a_tile_sent_up_to_a_full_row_goes_beside_one_group_not_between_two() -> None:
    """shift+↑ on R8, the upper row's free slots between groups but one at its end: it went
    between B2 B3 B4 and R6 Y6 K6 (the nearest), one group of them, no meld, and o staged
    neither. It goes beside one group; where it can only go between two melds, the line
    says they no longer count."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "R10 R11 R12 B2 B3 B4 R6 Y6 K6 K12 Y9 B9 R8 K1 R9 K9"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        assert screen.rack.cols == 16
        set_rows(
            screen, "R10 R11 R12 . B2 B3 B4 . R6 Y6 K6 . K12 Y9 B9 .", ". . . . . R8 . K1 R9 K9"
        )
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("R8")))
        await pilot.press("shift+up")
        await pilot.pause()
        assert row(screen, 0) == "R10 R11 R12 . B2 B3 B4 . R6 Y6 K6 . K12 Y9 B9 R8", row(screen, 0)
        set_rows(screen, "R10 R11 R12 . B2 B3 B4 . R6 Y6 K6 . R9 Y9 K9 B9", ". . . . . R8 . K1 K12")
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("R8")))
        await pilot.press("shift+up")
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith("Now beside run 33 and run 9, which no longer count as melds"), said
        # Where the gaps break two melds or one, one: K6 went between run 10 and run 42,
        # and beside R2 R3 (no meld) it broke only run 42.
        tiles = "R5 R6 R7 K1 K2 K3 K4 K9 K10 K11 K12 R2 R3 K6 R10 R11 R12 B2 B3 B4"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(
            screen,
            "R5 R6 R7 . K1 K2 K3 K4 . K9 K10 K11 K12 . R2 R3",
            ". . . . . . . . K6 . R10 R11 R12 B2 B3 B4",
        )
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K6")))
        await pilot.press("shift+up")
        await pilot.pause()
        assert row(screen, 0) == "R5 R6 R7 . K1 K2 K3 K4 . K9 K10 K11 K12 K6 R2 R3", row(screen, 0)
        said = status_text(screen)
        assert said.startswith("Now beside run 42, which no longer counts as a meld"), said


async def test_o_short_of_the_floor_says_when_the_rack_opens_arranged_otherwise() -> None:
    """K13 apart from K11 K12: o staged 79 of 101, and nothing said that the rack opens
    with 115 once sorted (a tile just taken stood apart so, after "with it you can open")."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "R10 R11 R12 R13 Y10 Y11 Y12 K11 K12 K13 B1 Y3"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(screen, "R10 R11 R12 R13 . Y10 Y11 Y12 . K11 K12 . . K13", "B1 . Y3")
        await pilot.press("o")
        await pilot.pause()
        said = status_text(screen)
        assert "Opening: 79 / 101" in said, said
        assert "your tiles open arranged otherwise: Esc, then s and o" in said, said


async def test_j_names_the_meld_a_tile_makes_in_a_block_with_no_room_to_split() -> None:
    """K12 taken, "run 36 with K11 K13" said, the block K9 K11 K13 boxed in by groups: j
    said "K12 makes a meld with no group on your rack". It names the meld and the block."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "R1 R2 R3 K9 K11 K13 Y1 Y2 Y3 B1 B2 B3 K12 R7 Y10 B6"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        assert screen.rack.cols == 16
        set_rows(screen, "R1 R2 R3 . K9 K11 K13 . Y1 Y2 Y3 . B1 B2 B3", "K12 . R7 . Y10 . B6")
        before = list(screen.rack.slots)
        said = await j_on(pilot, screen, "K12")
        assert said == (
            "K12 makes run 36 (K11 K12 K13) in K9 K11 K13, but no free slots let them stand "
            "apart from the rest: shift+arrows move tiles by hand"
        ), said
        assert screen.rack.slots == before


async def test_j_again_after_its_own_block_split_says_the_meld_keeps_the_tile() -> None:
    """j on R11 of K3 R10 R11 R12 set K3 apart; j again said "no other group it makes a
    meld with has room beside it", with room beside Y11 B11: j takes no tile out of the
    run it stands in, and the line says so."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        tiles = "K3 R10 R11 R12 Y11 B11 K7 Y2"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(screen, "K3 R10 R11 R12 . . . . Y11 B11", "K7 . Y2")
        before = list(screen.rack.slots)
        said = await j_on(pilot, screen, "R11")
        assert row(screen, 0).startswith("K3 . R10 R11 R12"), (row(screen, 0), said)
        await pilot.press("j")
        await pilot.pause()
        said = status_text(screen)
        assert screen.rack.slots == before
        assert said == ("R11 is back where it stood, in run 33: j takes no tile out of a meld"), (
            said
        )


async def test_j_again_goes_round_a_block_split_for_the_tile_too() -> None:
    """R9★ went into K9 K11 K12 (a block split for it, K9 ★ K11 K12), and j again said
    "R9★ is in a meld already": a block j splits counts as a group it went beside."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        tiles = "B13 K6 K9 K11 K12 B8 R1 Y5"
        screen = await at_position(pilot, app, position([tiles, "", "", ""], phase="p"))
        set_rows(screen, "R1 . . . Y5", "B13 K6 K9 K11 K12 . B8")
        before = list(screen.rack.slots)
        said = await j_on(pilot, screen, "B8")
        assert said.startswith("B8★ is beside K9 K11 K12 now") and "run 42" in said, said
        await pilot.press("j")
        await pilot.pause()
        assert screen.rack.slots == before
        said = status_text(screen)
        assert said == "B8★ is back where it stood: no other group takes it", said


async def test_j_again_for_a_pairs_opener_does_not_offer_the_same_twin_again() -> None:
    """Opened with pairs, j put Y13 beside its twin and said "j again: beside Y13": j
    again put it in the same slot, and the next j said "in a meld already"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["Y13 R1 K5 Y13 B9", "", "", ""], phase="p", openings="p5/-/-/-")
        screen = await at_position(pilot, app, hand)
        set_rows(screen, "Y13 . . R1 . K5", ". . Y13 . . B9")
        before = list(screen.rack.slots)
        slot = [i for i, t in enumerate(before) if t == Tile.parse("Y13")][-1]
        await goto(pilot, screen, slot)
        await pilot.press("j")
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith("Y13 is beside Y13 now"), said
        assert "j again" not in said, said
        await pilot.press("j")
        await pilot.pause()
        assert screen.rack.slots == before
        assert status_text(screen) == "Y13 is back where it stood: no other group takes it"
