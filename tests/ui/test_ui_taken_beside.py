"""A tile taken from the left must be laid this turn: it comes in beside the group it makes a
meld with when a free slot there touches no other group, into the gap that joins two groups
when together they make one meld, and into a run's middle (or its end against another group)
when that group's tiles on one side can move one slot aside into a free slot that touches no
other group; otherwise the line says which group it goes with. No other group's tile moves,
and g moves the tiles moved aside back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from ui_helpers import checks_at_one_table, opened_beside_a_run, select_tiles, table_app

from okey_tui.engine.melds import MeldKind
from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.screens.table import TableScreen


def faces(screen: TableScreen) -> list[str]:
    return [str(t) if t is not None else "_" for t in screen.rack.slots]


async def arranged(pilot, app, row: str, left: str) -> TableScreen:  # type: ignore[no-untyped-def]
    """Seat 0 (opened), ``left`` on offer, its upper row arranged as ``row`` says."""
    screen = await opened_beside_a_run(
        pilot, app, " ".join(t for t in row.split() if t != "_"), left
    )
    slots = [None if t == "_" else Tile.parse(t) for t in row.split()]
    screen.rack.slots = slots + [None] * (len(screen.rack.slots) - len(slots))
    screen.render_all()
    return screen


async def taken_at(  # type: ignore[no-untyped-def]
    pilot, app, row: str, left: str, moves: bool = False, selected: str = ""
) -> tuple[list[str], str]:
    """Seat 0 (opened) arranges its upper row as ``row`` says (``_`` a free slot), selects
    ``selected`` and takes ``left``: the rack's slots after the take, and the status line.
    Unless ``moves``, no tile but the taken one changes slots; the selection stays on its
    tiles."""
    screen = await arranged(pilot, app, row, left)
    if selected:
        await select_tiles(pilot, screen, selected)
    chosen = sorted(str(screen.rack.slots[i]) for i in screen.selected)
    before = faces(screen)
    await pilot.press("t")
    await pilot.pause()
    assert app.session.hand.taken is not None
    after = faces(screen)
    status = str(screen.query_one("#status").render())
    assert sorted(str(screen.rack.slots[i]) for i in screen.selected) == chosen
    moved = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    if not moves:
        assert len(moved) == 1 and before[moved[0]] == "_", "only the taken tile came in"
    assert sorted(t for t in after if t != "_") == sorted([*(t for t in before if t != "_"), left])
    return after, status


async def arranged_and_taken(
    row: str, left: str, moves: bool = False, selected: str = ""
) -> tuple[list[str], str]:
    """:func:`taken_at` at a table of its own (seed 125, 120x40)."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        return await taken_at(pilot, app, row, left, moves, selected)


async def a_taken_tile_comes_in_beside_the_set_it_makes(pilot, app) -> None:  # type: ignore[no-untyped-def]
    after, status = await taken_at(pilot, app, "R5 Y5 _ _ K1 K2 K3", "B5")
    assert after[:4] == ["R5", "Y5", "B5", "_"]
    assert status.startswith("You took B5, now beside R5 Y5: set 15 · lay it down this turn")


async def a_taken_tile_lower_than_a_run_goes_at_its_low_end(pilot, app) -> None:  # type: ignore[no-untyped-def]
    after, status = await taken_at(pilot, app, "_ _ B10 B11 B12 _ K1", "B9")
    assert after[:5] == ["_", "B9", "B10", "B11", "B12"]
    assert status.startswith("You took B9, now beside B10 B11 B12: run 42")


async def a_taken_tile_never_joins_two_groups_and_the_line_says_where_it_goes(pilot, app) -> None:  # type: ignore[no-untyped-def]
    # Y11 Y12 _ R5 Y5: the slot after Y12 touches R5 Y5, so Y13 comes in apart.
    after, status = await taken_at(pilot, app, "Y11 Y12 _ R5 Y5 _ _ K1", "Y13")
    assert after[:8] == ["Y11", "Y12", "_", "R5", "Y5", "_", "_", "K1"]
    assert status.startswith("You took Y13: run 36 with Y11 Y12 · lay it down")


async def a_taken_tile_whose_meld_spans_two_groups_comes_in_apart_naming_them(pilot, app) -> None:  # type: ignore[no-untyped-def]
    # Y8 and K8 each in a group of its own: R8 makes the set R8 Y8 K8 with both, beside
    # neither; the line said only "You took R8: lay it down this turn".
    after, status = await taken_at(pilot, app, "Y8 R1 _ K8 R3 _ _ K1", "R8")
    assert after[:8] == ["Y8", "R1", "_", "K8", "R3", "_", "_", "K1"]
    assert status.startswith("You took R8: set 24 with Y8 K8 · lay it down this turn"), status


async def a_taken_tile_that_would_read_out_of_order_at_a_runs_end_comes_in_apart(
    pilot, app
) -> None:  # type: ignore[no-untyped-def]
    # R9 between R8 and R10, with no free slot after R10 that touches no group: beside
    # them it would read R8 R10 R9, and R10 has no room to move aside.
    after, status = await taken_at(pilot, app, "R8 R10 _ K1 K2 K3", "R9")
    assert after[:6] == ["R8", "R10", "_", "K1", "K2", "K3"]
    assert status.startswith("You took R9: run 27 with R8 R10 · lay it down")


async def a_taken_tile_slots_into_the_middle_of_a_run_the_tiles_after_it_a_slot_on(
    pilot, app
) -> None:  # type: ignore[no-untyped-def]
    """R5 R6 R8 R9 and R7 taken: it came in apart; a player slides R8 R9 along and puts R7
    between. The tiles after its place move one slot right (the fewer of the two sides;
    of two as few, the right), into a free slot that touches no group; R8 stays selected."""
    after, status = await taken_at(
        pilot, app, "_ _ R5 R6 R8 R9 _ _ K1 K2 K3", "R7", moves=True, selected="R8"
    )
    assert after[:11] == ["_", "_", "R5", "R6", "R7", "R8", "R9", "_", "K1", "K2", "K3"]
    assert status.startswith(
        "You took R7, now beside R5 R6 R8 R9 (R8 R9 moved a slot to make room): run 35 · lay"
    )
    after, status = await taken_at(pilot, app, "_ _ R8 R10 _ _ K1 K2 K3", "R9", moves=True)
    assert after[:9] == ["_", "_", "R8", "R9", "R10", "_", "K1", "K2", "K3"]
    assert status.startswith("You took R9, now beside R8 R10 (R10 moved a slot to make room)")


async def the_tiles_before_its_place_move_back_when_the_other_side_has_no_room(pilot, app) -> None:  # type: ignore[no-untyped-def]
    # R5 R6 R7 R9 with K1 two slots after R9: R5 R6 R7 go one slot left instead.
    after, status = await taken_at(pilot, app, "_ _ R5 R6 R7 R9 _ K1", "R8", moves=True)
    assert after[:8] == ["_", "R5", "R6", "R7", "R8", "R9", "_", "K1"]
    assert status.startswith("You took R8, now beside R5 R6 R7 R9 (R5 R6 R7 moved a slot to")


async def a_taken_tile_fills_the_gap_that_makes_two_groups_one_run(pilot, app) -> None:  # type: ignore[no-untyped-def]
    after, status = await taken_at(pilot, app, "R5 R6 _ R8 R9 _ K1 K2 K3", "R7")
    assert after[:5] == ["R5", "R6", "R7", "R8", "R9"]
    assert status.startswith("You took R7, now beside R5 R6 R8 R9: run 35 · lay it down")


async def a_run_against_another_group_moves_a_slot_away_from_it_for_its_end(pilot, app) -> None:  # type: ignore[no-untyped-def]
    # After R6 the free slot touches K1 K2 K3: R5 R6 move a slot left, R7 after them.
    after, status = await taken_at(pilot, app, "_ _ R5 R6 _ K1 K2 K3", "R7", moves=True)
    assert after[:8] == ["_", "R5", "R6", "R7", "_", "K1", "K2", "K3"]
    assert status.startswith("You took R7, now beside R5 R6 (R5 R6 moved a slot to make room)")


async def giving_the_tile_back_moves_the_tiles_moved_aside_back(pilot, app) -> None:  # type: ignore[no-untyped-def]
    screen = await arranged(pilot, app, "_ _ R5 R6 R8 R9 _ _ K1 K2 K3", "R7")
    before = faces(screen)
    await pilot.press("t")
    await pilot.pause()
    assert faces(screen)[4] == "R7"
    await pilot.press("g")
    await pilot.pause()
    assert app.session.hand.taken is None
    (drawn,) = screen.fresh
    after = faces(screen)
    assert [t for i, t in enumerate(after) if i != drawn] == [
        t for i, t in enumerate(before) if i != drawn
    ]


RUN_TILES = [f"R{n}" for n in range(3, 10)] + ["K5", "Y5"]


@given(
    st.lists(st.sampled_from([*RUN_TILES, "_", "_", "_"]), min_size=16, max_size=16),
    st.sampled_from(RUN_TILES),
)
def test_only_the_partner_group_moves_and_only_a_slot(cells: list[str], taken: str):
    """Whatever the rack: the taken tile ends in a group that reads as a meld in order; a
    tile moves only in the group it joins, one slot along its row; every group it does not
    join keeps its tiles and slots."""
    rack = RackLayout(cols=8)
    rack.slots = [None if c == "_" else Tile.parse(c) for c in cells]
    before = list(rack.slots)
    okey = Tile.parse("B1")
    kinds = (MeldKind.RUN, MeldKind.SET)
    slot = rack.put_beside(Tile.parse(taken), okey, kinds)
    if slot is None:
        assert rack.slots == before and not rack.shifted
        return
    assert before[slot] is None or slot in rack.shifted
    joined = rack.group_at(slot)
    tiles = [t for i in joined if (t := rack.slots[i])]
    assert RackLayout._reads_as_meld(tiles, okey, kinds)
    for old, new in rack.shifted.items():
        assert abs(old - new) == 1 and rack.row_of(old) == rack.row_of(new)
        assert new in joined and rack.slots[new] == before[old]
    untouched = [i for i in range(len(before)) if i not in joined and i not in rack.shifted]
    assert all(rack.slots[i] == before[i] for i in untouched)
    old = RackLayout(cols=8)
    old.slots = before
    assert all(old.group_at(i) == rack.group_at(i) for i in untouched if before[i] is not None)


async def a_taken_tile_that_moves_the_okey_along_a_run_still_goes_with_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    # Indicator B7: B8 is the okey. R3 with R5 R6 ★ makes R3 ★ R5 R6, the same 18 points:
    # the run is named, and R3 comes in apart (at the run's end it would read out of order).
    after, status = await taken_at(pilot, app, "_ _ R5 R6 B8 _ K1 K2 K3", "R3")
    assert after[:9] == ["_", "_", "R5", "R6", "B8", "_", "K1", "K2", "K3"]
    # The okey written by what it stands for with R3 (★R4), as the melds write it.
    assert status.startswith("You took R3: run 18 with R5 R6 ★R4 · lay it down")


async def on_a_full_rack_the_line_names_the_group_the_tile_goes_with_not_its_neighbour(
    pilot, app
) -> None:  # type: ignore[no-untyped-def]
    """Every free slot touched a group: Y6 came in after R11 R12, and the line said
    "now beside R11 R12: ·"."""
    upper = "R1 R2 R3 _ Y7 Y8 _ K4 K5 _ Y9 Y10 _ R11 R12 _"
    lower = "K11 K12 _ B1 B1 _ Y6 Y7 _ R6 K6 _ B12 B13 _ Y13"
    after, status = await taken_at(pilot, app, f"{upper} {lower}", "Y6")
    assert "now beside" not in status
    assert status.startswith("You took Y6: run 21 with Y7 Y8 · lay it down"), status


async def a_taken_tile_that_fits_nothing_is_offered_only_back(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Taken though the question said it fits nowhere, x was refused with "a adds it to a
    meld, o stages it, g gives it back": only g can do anything with it."""
    from ui_helpers import opened_beside_a_run, status_text

    from okey_tui.ui.screens.dialogs import ConfirmScreen

    screen = await opened_beside_a_run(pilot, app, "R1 R5 Y9 B3", "K11")
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen), status_text(screen)
    await pilot.press("y")
    await pilot.pause()
    assert app.session.hand.taken is not None
    await pilot.press("x")
    await pilot.pause()
    said = status_text(screen)
    assert said.endswith(" · g gives it back"), said
    assert "a adds" not in said and "o stages" not in said, said


async def a_pairs_openers_taken_tile_comes_in_beside_its_twin(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A pairs opener takes B6 for a pair with the B6 of B6 B7: it came in apart, at the
    row's end; it comes in on the twin's free side, and the line names the pair."""
    screen = await pairs_opener_takes_b6(pilot, app, "K2 _ _ B6 B7 _ _ Y10")
    assert faces(screen)[:8] == ["K2", "_", "B6", "B6", "B7", "_", "_", "Y10"], faces(screen)
    said = str(screen.query_one("#status").render())
    assert said.startswith("You took B6, now beside B6: pair · lay it down"), said


async def a_pairs_openers_taken_tile_with_no_room_by_its_twin_names_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """No free slot beside the twin but one that touches K2: B6 comes in apart, and the
    line still names the pair it makes (it said only "lay it down this turn")."""
    screen = await pairs_opener_takes_b6(pilot, app, "K2 _ B6 B7 _ Y10")
    assert faces(screen)[:6] == ["K2", "_", "B6", "B7", "_", "Y10"], faces(screen)
    said = str(screen.query_one("#status").render())
    assert said.startswith("You took B6: pair with B6 · lay it down"), said


async def pairs_opener_takes_b6(pilot, app, row: str) -> TableScreen:  # type: ignore[no-untyped-def]
    """Seat 0, opened with pairs, its upper row arranged as ``row`` says, takes B6."""
    from ui_helpers import at_position

    from tests.positions import position

    hand = position(
        ["K2 B6 B7 Y10", "", "", ""],
        phase="d",
        discards=["", "", "", "B6"],
        table=["0:R3R3", "0:Y4Y4", "0:K8K8", "0:B9B9", "0:R12R12"],
        openings="p5/-/-/-",
    )
    screen = await at_position(pilot, app, hand)
    cells = row.split()
    screen.rack.slots = [None if t == "_" else Tile.parse(t) for t in cells] + [None] * (
        len(screen.rack.slots) - len(cells)
    )
    screen.render_all()
    await pilot.press("t")
    await pilot.pause()
    assert app.session.hand.taken is not None
    return screen


async def test_each_take_from_the_left_at_one_table():
    """One table (seed 125, 120x40), the rack arranged anew and the tile offered for each
    check: a taken tile comes in beside the set it makes; lower than a run, at its low
    end; it never joins two groups, and the line says where it goes; a meld spanning two
    groups comes in apart, naming them; a tile that would read out of order at a run's
    end comes in apart; it slots into the middle of a run, the tiles after it a slot on;
    the tiles before its place move back when the other side has no room; it fills the
    gap that makes two groups one run; a run against another group moves a slot away for
    its end; giving the tile back moves the tiles moved aside back; a tile that moves the
    okey along a run still goes with it; on a full rack the line names the group, not the
    neighbour; a tile that fits nothing is offered only back."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await checks_at_one_table(
            pilot,
            app,
            a_taken_tile_comes_in_beside_the_set_it_makes,
            a_taken_tile_lower_than_a_run_goes_at_its_low_end,
            a_taken_tile_never_joins_two_groups_and_the_line_says_where_it_goes,
            a_taken_tile_whose_meld_spans_two_groups_comes_in_apart_naming_them,
            a_taken_tile_that_would_read_out_of_order_at_a_runs_end_comes_in_apart,
            a_taken_tile_slots_into_the_middle_of_a_run_the_tiles_after_it_a_slot_on,
            the_tiles_before_its_place_move_back_when_the_other_side_has_no_room,
            a_taken_tile_fills_the_gap_that_makes_two_groups_one_run,
            a_run_against_another_group_moves_a_slot_away_from_it_for_its_end,
            a_taken_tile_that_moves_the_okey_along_a_run_still_goes_with_it,
            on_a_full_rack_the_line_names_the_group_the_tile_goes_with_not_its_neighbour,
            giving_the_tile_back_moves_the_tiles_moved_aside_back,
            a_taken_tile_that_fits_nothing_is_offered_only_back,
            a_pairs_openers_taken_tile_comes_in_beside_its_twin,
            a_pairs_openers_taken_tile_with_no_room_by_its_twin_names_it,
        )
