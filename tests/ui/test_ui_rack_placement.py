"""Tiles that arrive or move a long way join no group (issue: a play-tester's rack report).

A drawn or taken tile comes in apart from every group, marked "new" where it can be
seen; Home, End and Tab leave an empty slot between the selection and the other groups;
after a tile leaves the rack the cursor goes the same way whatever took it.
"""

from __future__ import annotations

import doctest
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ui_helpers import at_position, goto, select_tiles, status_text, table_app, wait_for_human

from okey_tui.engine import solver
from okey_tui.engine.tiles import Tile, full_set, parse_tiles
from okey_tui.ui import rack as rack_module
from okey_tui.ui.rack import ROWS, RackLayout, near_parts
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import SLOT, RackWidget
from tests.positions import position

# Seed 7 (practice, no tips): the human draws first; after d and s the upper row holds
# "set 3" (R1 B1 K1) and "set 30" (Y10 B10 K10), the lower row sixteen tiles side by side.
SEED = 7


def rows(rack: RackLayout) -> list[str]:
    """The rack as text, a row a line: tiles, and '.' for an empty slot."""
    return [
        " ".join(
            str(t) if t is not None else "."
            for t in rack.slots[r * rack.cols : (r + 1) * rack.cols]
        )
        for r in range(ROWS)
    ]


def layout(upper: str, lower: str) -> RackLayout:
    """A rack from its two rows as text ('.' for an empty slot)."""
    cells = [upper.split(), lower.split()]
    assert len(cells[0]) == len(cells[1])
    rack = RackLayout(cols=len(cells[0]))
    rack.slots = [None if c == "." else Tile.parse(c) for row in cells for c in row]
    return rack


def touches_a_group(rack: RackLayout, index: int) -> bool:
    row, col = rack.place(index)
    return any(
        0 <= c < rack.cols and rack.slots[rack.index(row, c)] is not None
        for c in (col - 1, col + 1)
    )


async def discard(pilot, app) -> None:
    """x, and yes to a practice table's warning about that discard if it asks."""
    await pilot.press("x")
    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")
        await pilot.pause()


def mark_line(screen: TableScreen, row: int) -> str:
    """The line under a row of the rack as drawn: each group's value, the marks."""
    widget = screen.query_one(RackWidget)
    return "".join(segment.text for segment in widget.render_line(3 * row + 2))


def under(screen: TableScreen, index: int) -> str:
    """The four cells under the tile in slot ``index`` (its face and the gap after it)."""
    widget = screen.query_one(RackWidget)
    row, col = screen.rack.place(index)
    x = widget.pad() + col * SLOT
    return mark_line(screen, row)[x : x + SLOT]


def test_the_rack_module_examples_hold():
    """okey_tui/ui/rack.py is not among the doctest paths: its examples run here."""
    failed, tried = doctest.testmod(rack_module)
    assert tried > 0 and failed == 0


# -- a tile that arrives ------------------------------------------------------------------


def test_a_drawn_tile_does_not_fill_a_hole_between_groups():
    """The play-tester's rack: the lower row full but for the hole B5 left between B1 and
    B11. The drawn R9 went into the hole, gluing two groups into one; the upper row's
    right end was free. It goes there."""
    rack = layout(
        "R1 B1 K1 . Y10 B10 K10 . . . . . . . . .",
        "R7 R9 R11 R12 Y3 Y5 Y12 Y13 B1 . B11 B11 K3 K4 K7 K13",
    )
    slot = rack.put_new(Tile.parse("R9"))
    assert slot == rack.index(0, rack.cols - 1)
    assert not touches_a_group(rack, slot)


def test_a_drawn_tile_is_not_glued_to_the_tile_at_the_lower_rows_end():
    """The lower row's last slot taken, the one before it free: the tile went there, next
    to the last tile. It goes to the nearest slot apart from it, on the lower row."""
    rack = layout(
        "R1 R2 R3 . . . . .",
        "K5 K6 . . . . . B9",
    )
    slot = rack.put_new(Tile.parse("Y1"))
    assert slot == rack.index(1, 5)


def test_a_drawn_tile_on_a_crowded_rack_touches_as_little_as_it_can():
    """No free slot apart from the groups: beside one group rather than between two, and
    beside a lone tile rather than a meld."""
    rack = layout(
        "R1 R2 R3 . Y4 Y5 Y6 .",
        "K5 K6 K7 . B1 . . B9",
    )
    # Between R3 and Y4 or K7 and B1 it would join two groups; after Y6 it spoils a meld.
    assert rack.put_new(Tile.parse("Y13")) == rack.index(1, 6)  # beside B9 alone
    rack = layout(
        "R1 R2 R3 . Y4 Y5 Y6 .",
        "K5 K6 K7 . B1 . . .",
    )
    assert rack.put_new(Tile.parse("Y13")) == rack.index(1, 7)  # apart: the lower row's end


@given(st.lists(st.booleans(), min_size=2 * 8, max_size=2 * 8))
def test_a_new_tile_joins_no_group_while_the_rack_has_a_slot_apart(filled: list[bool]):
    """Whatever the rack, a new tile touches a group only when no free slot touches none."""
    rack = RackLayout(cols=8)
    rack.slots = [Tile.parse("R1") if f else None for f in filled]
    before = list(rack.slots)
    apart = [i for i, t in enumerate(before) if t is None and not touches_a_group(rack, i)]
    if None not in before:
        return
    slot = rack.put_new(Tile.parse("K13"))
    assert before[slot] is None
    assert [t for i, t in enumerate(rack.slots) if i != slot] == [
        t for i, t in enumerate(before) if i != slot
    ]
    if apart:
        assert slot in apart
        lower = [i for i in apart if rack.row_of(i) == ROWS - 1]
        assert slot == max(lower or apart)


async def sort_and_throw_b5(pilot, app) -> tuple[TableScreen, RackLayout, int]:  # type: ignore[no-untyped-def]
    """The play-tester's first turn: d, s, then B5 thrown, which leaves a hole between B1
    and B11 in the lower row. The table screen, its rack and B5's column."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await wait_for_human(pilot, app)
    await pilot.press("d", "s")
    rack = screen.rack
    b5 = rows(rack)[1].split().index("B5")
    await goto(pilot, screen, rack.index(1, b5))
    await discard(pilot, app)
    return screen, rack, b5


async def test_drawn_tiles_come_in_apart_from_the_groups_turn_after_turn():
    """The play-tester's game: d, s, x on B5 leaves a hole between B1 and B11. The drawn
    tile came into that hole, without its "new" mark; later draws into other holes. Now
    each drawn tile comes in apart from every group, marked "new", the cursor on it, and
    no other tile moves."""
    app = table_app(SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, rack, b5 = await sort_and_throw_b5(pilot, app)
        for hole in (1, 3, 12):  # each turn keeps the drawn tile, makes another hole
            await wait_for_human(pilot, app)
            assert not app.session.hand.is_over
            before = list(rack.slots)
            await pilot.press("d")
            (new,) = screen.fresh
            assert before[new] is None and rack.slots[new] is not None
            assert not touches_a_group(rack, new), rows(rack)
            assert rack.slots[rack.index(1, b5)] is None, "the hole B5 left stays a hole"
            assert all(rack.slots[i] == before[i] for i in range(len(before)) if i != new)
            assert screen.cursor == new
            assert under(screen, new) == "▲new"
            kept = list(rack.slots)
            await goto(pilot, screen, rack.index(1, hole))
            await discard(pilot, app)
            assert rack.slots == [
                None if i == rack.index(1, hole) else t for i, t in enumerate(kept)
            ]


async def test_the_new_mark_shows_when_the_new_tile_stands_in_a_group():
    """A tile moved next to the new one makes a group with it: the group's value ("·")
    was drawn over the "new" mark. The mark shows under the new tile, the ▲ with it when
    the cursor is there, and the value beside it."""
    app = table_app(SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, rack, b5 = await sort_and_throw_b5(pilot, app)
        await wait_for_human(pilot, app)
        await pilot.press("d")
        (new,) = screen.fresh
        row, col = rack.place(new)
        assert col == rack.cols - 1 and row == 1, rows(rack)
        # K13, on the same row, slid along it until it stands beside the new tile
        k13 = rows(rack)[1].split().index("K13")
        await goto(pilot, screen, rack.index(1, k13))
        await pilot.press("space", *["shift+right"] * (col - 1 - k13), "escape")
        assert rack.group_at(new) == [new - 1, new], rows(rack)
        assert str(rack.slots[new - 1]) == "K13"
        assert under(screen, new).rstrip() == "new", mark_line(screen, 1)
        await pilot.press("right")
        assert under(screen, new) == "▲new", mark_line(screen, 1)
        assert "·" in under(screen, new - 1)  # the group's value, beside the mark


async def test_sorting_a_full_rack_keeps_the_half_made_runs_apart_that_leave_room():
    """On a rack too full for every half-made run apart, s put all the loose tiles in one
    lump. It keeps the first ones apart while two drawn tiles still find a slot apart,
    the half-made runs before a pair of copies of one tile (B11 B11 makes no run or set:
    it kept its gap while K3 K4 stood in the lump)."""
    app = table_app(SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for_human(pilot, app)
        await pilot.press("d", "s")
        rack = screen.rack
        assert rows(rack)[1].startswith("Y12 Y13 . K3 K4 . B1 B5 B11 B11 K7 K13 ."), rows(rack)
        assert rack._room_apart(list(rack.slots)) >= 2


TWO_SETS = [parse_tiles("R1 B1 K1"), parse_tiles("Y10 B10 K10")]
LEFT_OVER = [t for t in full_set() if not t.is_false_okey and t.number not in (1, 10)]


@given(st.permutations(LEFT_OVER), st.integers(12, 16))
def test_a_pair_of_copies_keeps_its_gap_only_when_every_half_made_run_keeps_one(
    tiles: list[Tile], size: int
):
    """s on a full rack: the tiles left over from the melds split as near_parts splits them;
    a pair of copies of one tile stands as a group of its own only when every half-made run
    does too (the runs and sets s arranges for have a use for those, none for the pair)."""
    okey = Tile.parse("R13")
    rest = sorted(tiles[:size], key=Tile.sort_key)
    parts = near_parts(rest, okey)
    rack = RackLayout()
    rack.arrange(TWO_SETS, rest, parts)
    shown = [[rack.slots[i] for i in group] for group in rack.groups()]
    half_made = [
        p
        for p in parts
        if okey not in p
        and len({t.colour for t in p}) == 1
        and all(0 < b.number - a.number <= 2 for a, b in pairwise(p))
    ]
    pairs = [p for p in parts if len(p) == 2 and p[0] == p[1] != okey]
    if any(p in shown for p in pairs):
        assert all(p in shown for p in half_made), rows(rack)


def test_a_rule_stands_between_the_new_mark_and_the_groups_value():
    """ "yeni seri 34", "new run 34": the mark and the value read as one phrase. A rule
    cell stands between them; and the cursor on a selected tile shows both, "▔▲▔" (the ▲
    alone hid that the tile was selected), a blank between it and the next tile's mark
    ("▔▔▔─▔▲▔" read as one mark)."""
    rack = layout(
        "R1 R2 R3 R4 . . . . . . .",
        "K5 K6 . . . . . . . . .",
    )
    widget = RackWidget()
    widget.show(rack, Tile.parse("Y2"), 11, set(), False, fresh={0})
    group = widget.render().plain.split("\n")[2][widget.pad() :][: 4 * SLOT - 1]
    assert group.startswith("new ─") and "run 10" in group, group
    widget.show(rack, Tile.parse("Y2"), 2, {1, 2}, False)
    group = widget.render().plain.split("\n")[2][widget.pad() :][: 4 * SLOT - 1]
    assert group[SLOT : 3 * SLOT - 1] == "▔▔▔ ▔▲▔", group
    widget.show(rack, Tile.parse("Y2"), 11, {11}, False)  # a tile alone, in the other row
    alone = widget.render().plain.split("\n")[5][widget.pad() :]
    assert alone.startswith("▔▲▔"), alone


@pytest.mark.parametrize("fresh", [6, 8])
def test_the_new_mark_is_drawn_over_the_groups_value_not_under_it(fresh: int):
    """The widget alone: a new tile at either end of a group ("K13 R9 K12", no meld) has
    "new" under it, with the ▲ when the cursor is on it; the group's "·" and the
    cursor's ▲ on another tile of the group show beside it."""
    rack = layout(
        "R1 R2 R3 . . . K13 R9 K12 . .",
        "K5 K6 . . . . . . . . .",
    )
    widget = RackWidget()

    def marks(cursor: int) -> str:
        widget.show(rack, Tile.parse("Y2"), cursor, set(), False, fresh={fresh})
        line = widget.render().plain.split("\n")[2]
        group = line[widget.pad() + 6 * SLOT :][: 3 * SLOT]
        at = (fresh - 6) * SLOT
        assert "·" in group[:at] + group[at + SLOT :], group
        return group[at : at + SLOT]

    assert marks(0) == "new "
    assert marks(fresh) == "▲new"
    assert marks(7) == "new "
    assert "▲" in widget.render().plain.split("\n")[2][widget.pad() + 6 * SLOT :]


# -- Home, End and Tab --------------------------------------------------------------------


async def drawn_and_laid_out(pilot, app, upper: str, lower: str) -> TableScreen:  # type: ignore[no-untyped-def]
    """Seed 7's table once the human has drawn, the rack's tiles laid out as ``upper`` and
    ``lower`` say (the same tiles, in slots of the test's choosing)."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await wait_for_human(pilot, app)
    await pilot.press("d")
    kept = layout(upper, lower)
    rack = screen.rack
    assert sorted(kept.tiles(), key=Tile.sort_key) == sorted(rack.tiles(), key=Tile.sort_key)
    rack.slots = kept.slots
    screen.fresh.clear()
    screen.render_all()
    return screen


async def test_home_end_and_tab_never_glue_the_selection_to_another_group():
    """K4 K7 selected and taken to the upper row: Home (now shift+Home) slid them against
    "set 30" (they made one group, not a meld any more), and Tab dropped them right after
    the group it skipped. Now each leaves one empty slot between them and any other group, every
    other tile stays, and Tab with no other gap that holds them says so and moves
    nothing."""
    app = table_app(SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        # The melds on the upper row, the loose tiles side by side on the lower row.
        screen = await drawn_and_laid_out(
            pilot,
            app,
            "R1 B1 K1 . Y10 B10 K10 . . . . . . . . .",
            "R7 R9 R11 R12 Y3 Y5 Y12 Y13 B1 B5 B11 B11 K3 K4 K7 K13",
        )
        rack = screen.rack
        k4 = rows(rack)[1].split().index("K4")
        await goto(pilot, screen, rack.index(1, k4))
        await pilot.press("space", "right_square_bracket", "shift+up")
        pair = [rack.slots[i] for i in sorted(screen.selected)]
        assert pair == parse_tiles("K4 K7") and rack.row_of(min(screen.selected)) == 0

        def apart() -> list[int]:
            chosen = sorted(screen.selected)
            assert [rack.slots[i] for i in chosen] == pair
            assert rack.group_at(chosen[0]) == chosen, rows(rack)
            return chosen

        set30 = rack.group_at(rack.index(0, 4))
        for key, col in (
            ("tab", 8),
            ("shift+end", rack.cols - 2),
            ("shift+home", 8),
            ("shift+end", rack.cols - 2),
        ):
            before, chosen = list(rack.slots), set(screen.selected)
            await pilot.press(key)
            now = apart()
            assert rack.place(now[0]) == (0, col), (key, rows(rack))
            assert all(
                rack.slots[i] == before[i] for i in range(len(before)) if i not in chosen | set(now)
            )
        assert rack.group_at(set30[0]) == set30
        await pilot.press("shift+home", "tab")  # after "set 30": the only gap that holds two
        before = list(rack.slots)
        await pilot.press("tab")
        assert rack.slots == before
        assert "No other gap has room for 2 tiles side by side" in status_text(screen)
        await pilot.press("shift+end")  # a move that works: the refusal goes
        assert "gap" not in status_text(screen)


async def test_shift_tab_takes_the_selection_back_past_the_group_before_it():
    """A play-tester moving K13 back along the row pressed shift+← once a slot (8 to 13
    keys a tile) and tried shift+Tab, which did nothing: it is Tab's way back, past the
    group before the tiles into the gap before it (with no room apart there, the two
    change places), and it stops at the first gap."""
    app = table_app(SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await drawn_and_laid_out(
            pilot,
            app,
            ". . R1 B1 K1 . Y10 B10 K10 . K13 . . . . .",
            "R7 R9 R11 R12 Y3 Y5 Y12 Y13 B1 B5 B11 B11 K3 K4 K7 .",
        )
        rack = screen.rack
        k13 = Tile.parse("K13")
        await goto(pilot, screen, rack.index(0, 10))
        before = list(rack.slots)
        # Before Y10 B10 K10 there is no room apart from K1: K13 and they change places,
        # the slot between them kept (it went on past R1 B1 K1 to the row's start, two
        # groups back, in a play-test).
        await pilot.press("shift+tab")
        assert rows(rack)[0].startswith(". . R1 B1 K1 . K13 . Y10 B10 K10 ."), rows(rack)
        said = str(screen.status_line.render())
        assert said == "K13 and Y10 B10 K10 changed places", said
        moved = {rack.index(0, c) for c in range(6, 11)}
        assert all(rack.slots[i] == before[i] for i in range(len(before)) if i not in moved)
        # u names the swap it undoes, then shift+Tab swaps them again.
        swapped = list(rack.slots)
        await pilot.press("u")
        said = str(screen.status_line.render())
        assert said == "Undone: the swap of K13 and Y10 B10 K10", said
        assert rack.slots == before
        await pilot.press("shift+tab")
        assert rack.slots == swapped
        # Before R1 B1 K1 there is room: K13 goes there, to the row's start.
        await pilot.press("shift+tab")
        assert rack.slots[rack.index(0, 0)] == k13, rows(rack)
        # Nothing before the row's start: back never moves it on (it wrapped round to the
        # end, two slots from where it was, in a play-test), and says Tab does.
        before = list(rack.slots)
        await pilot.press("shift+tab")
        assert rack.slots == before, rows(rack)
        said = str(screen.status_line.render())
        assert said == "No gap before it has room for 1 tile: Tab moves it to a gap after it", said
        # Tab takes it on (past R1 B1 K1 and Y10 B10 K10 there is no room apart: on).
        await pilot.press("tab")
        assert rack.slots[rack.index(0, 0)] is None, rows(rack)
        assert "shift+tab" in " ".join(
            key for key, active in screen.active_bindings.items() if active.enabled
        )


def test_tab_passes_a_gap_too_small_and_keeps_a_slot_before_the_next_group():
    """Tab puts the tiles one slot after the group it passes and one before the next:
    a gap of two slots does not hold one tile apart, so a tile taken out of its group goes
    on to the next gap; a whole group changes places with the group it passes instead
    (on a sorted rack, its groups a slot apart, Tab sent it to the far end)."""
    rack = layout(
        "K4 . R1 R2 R3 . . Y5 Y6 . . . .",
        ". . . . . . . . . . . . .",
    )
    assert rack.next_gap([0]) == {0: 4, 2: 0, 3: 1, 4: 2}  # K4 and R1-R3 change places
    assert rows(rack)[0] == "R1 R2 R3 . K4 . . Y5 Y6 . . . ."
    assert rack.next_gap([0]) == {0: 10}  # R1 out of its group: past the gap of two
    assert rack.group_at(10) == [10]


def test_home_does_not_take_the_tiles_away_from_the_start():
    """Home on tiles glued to a group with no room apart nearer the row's start moves
    nothing (it used to slide them to the far end, or against a group)."""
    rack = layout(
        "R1 R2 . K4 Y5 Y6 Y7 . . . . .",
        ". . . . . . . . . . . .",
    )
    assert rack.to_end([3], -1) is None
    assert rack.to_end([3], 1) == {3: 11}


# -- where the cursor goes after a tile leaves ---------------------------------------------


def test_the_cursor_goes_right_then_left_then_to_the_other_row():
    rack = layout(
        "R1 R2 . . . . . Y9",
        "K1 . . . . . . .",
    )
    rack.take([1])
    assert rack.tile_after(1) == rack.index(0, 7)  # right, though R1 is nearer
    rack.take([7])
    assert rack.tile_after(7) == 0  # nothing right: left
    rack.take([0])
    assert rack.tile_after(0) == rack.index(1, 0)  # the row is empty: the other row


def test_arrow_keys_never_leave_the_cursor_on_an_empty_slot_when_a_tile_is_near():
    """← from a tile alone on its row went to an empty slot, and ↑ onto an empty row left
    the cursor where no key acts: a lone tile keeps the cursor, an empty row is not
    entered, and from an empty slot ← → go to the nearest tile."""
    rack = layout(
        ". . . Y9 . . . .",
        "K1 K2 . . . . . .",
    )
    lone = rack.index(0, 3)
    assert rack.next_tile(lone, -1) == lone and rack.next_tile(lone, 1) == lone
    assert rack.across(lone, 1) == rack.index(1, 1)  # the nearest tile below
    empty_row = layout(
        ". . . . . . . .",
        "K1 K2 . . . . . .",
    )
    assert empty_row.across(empty_row.index(1, 0), 0) == empty_row.index(1, 0)
    assert empty_row.next_tile(empty_row.index(0, 5), 1) == empty_row.index(1, 1)


async def test_after_a_lay_off_or_a_discard_the_cursor_goes_the_same_way():
    """Seed 42: opened without R12, the player puts Y12 at the lower row's end and R12 on
    that row two slots past K6. Laying R12 off sent the cursor left to K6 (nearer), a
    later lay-off elsewhere right: now a lay-off and a discard both send the cursor to
    the next tile on its right, Y12."""
    for key in ("a", "x"):
        app = table_app(42)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, TableScreen)
            rack = screen.rack
            await pilot.press("s")
            for name in ("R9", "R10", "R11"):
                await goto(pilot, screen, rack.slots.index(Tile.parse(name)))
                await pilot.press("space")
            await pilot.press("o", "o", "enter")
            assert app.session.hand.openings[0] is not None
            assert rows(rack)[1].startswith("Y2 Y3 . B1 B1 . R3 Y3 Y12 K2 K6 ."), rows(rack)
            await goto(pilot, screen, rack.index(1, 8))  # Y12 to the end of the lower row
            await pilot.press("space", "shift+end", "escape")
            await goto(pilot, screen, rack.slots.index(Tile.parse("R12")))
            # Down: under it B1 is in the way, and the gap after Y3 would touch Y3 and K2,
            # so into the gap past K6
            await pilot.press("shift+down")
            r12 = rack.slots.index(Tile.parse("R12"))
            assert rack.place(r12) == (1, 12), rows(rack)
            assert rack.slots[rack.index(1, rack.cols - 1)] == Tile.parse("Y12"), rows(rack)
            await goto(pilot, screen, r12)
            assert not screen.selected
            await pilot.press(key)
            if isinstance(app.screen, ConfirmScreen):  # a penalty for throwing a tile that fits
                await pilot.press("y")
            assert rack.slots[r12] is None, key
            assert screen.cursor == rack.index(1, rack.cols - 1), key
            assert rack.slots[screen.cursor] == Tile.parse("Y12"), key


async def test_staged_melds_keep_their_slots_through_a_draw_and_block_a_discard():
    """Melds staged before a draw came back after it to other slots (the draw began a
    new turn, and the rack forgot where every tile had left from), swapping rows; and x
    threw a tile while melds were staged, leaving them unlaid. Now Esc after the draw puts
    each staged tile back in its own slot, and x with melds staged is refused, changing
    nothing, until Enter lays them or Esc puts them back."""
    app = table_app(bots=("normal",) * 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("x")  # the starter's first turn: 22 tiles, no draw
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("s", "o")
        staged = screen.staging.tiles()
        assert staged, "seed 125 stages melds after sorting"
        arranged = {i: t for i, t in enumerate(screen.rack.slots) if t is not None}
        await pilot.press("d")
        discarded = len(app.session.hand.discards[0])
        rack = list(screen.rack.slots)
        await pilot.press("x")
        assert screen.staging.tiles() == staged and screen.rack.slots == rack
        assert len(app.session.hand.discards[0]) == discarded, "nothing was thrown"
        assert screen.query_one("#status").has_class("-error")
        await pilot.press("escape")
        assert not screen.staging.melds
        moved = {i: t for i, t in arranged.items() if screen.rack.slots[i] != t}
        assert not moved, f"not back in their own slots: {moved}"


def test_a_drawn_copy_of_a_staged_tile_is_new_and_comes_in_apart():
    """Y11 Y12 Y13 staged out of "Y11 Y12 Y13 K4", then Y13 drawn: the drawn copy went into
    the staged Y13's slot as if it had come back, beside K4 ("10 · 13 4", "·" under the
    pair), without its "new" mark, and the staged run could not go home. It is new: apart
    from every group and from the slots the staged tiles go back to."""
    rack = layout(
        "R10 . Y11 Y12 Y13 K4 . . . .",
        "R1 . B5 . . . . . . K9",
    )
    staged = rack.take([2, 3, 4])
    rack.forget(keep=[t for _, t in staged])  # the draw begins a new turn
    before = list(rack.slots)
    returned, new = rack.sync([*rack.tiles(), Tile.parse("Y13")])
    assert returned == [] and len(new) == 1, (returned, new)
    assert not touches_a_group(rack, new[0]), rows(rack)
    row, col = rack.place(new[0])
    assert all(rack.index(row, c) not in (2, 3, 4) for c in (col - 1, col, col + 1)), rows(rack)
    assert all(rack.slots[i] == t for i, t in enumerate(before) if i != new[0])
    assert rack.bring_back([[t for _, t in staged]]) == [2, 3, 4], rows(rack)


def test_a_drawn_tile_keeps_clear_of_the_slots_staged_tiles_go_back_to():
    """Y11 Y12 Y13 staged from the lower row's end: the drawn tile took the end slot, free
    and apart, and Esc then put the staged run elsewhere. A free slot apart from them too
    comes first; beside them it would join their group once they are back."""
    rack = layout(
        "R1 R2 R3 . . . . .",
        "K5 . . . . Y11 Y12 Y13",
    )
    staged = [t for _, t in rack.take([13, 14, 15])]
    rack.forget(keep=staged)
    _, (new,) = rack.sync([*rack.tiles(), Tile.parse("B9")])
    assert rack.row_of(new) == 1 and rack.place(new)[1] < 4, rows(rack)
    assert not touches_a_group(rack, new), rows(rack)
    assert rack.bring_back([staged]) == [13, 14, 15], rows(rack)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_at_the_table_a_drawn_copy_of_a_staged_tile_comes_in_new_and_apart(size):
    """The play-tester's draw: Y11 Y12 Y13 staged out of "Y11 Y12 Y13 K4", d draws the
    other Y13. It came in where the staged Y13 had stood, beside K4, unmarked; now it is
    marked "new" with the cursor on it, touches no group, and Esc puts the staged run
    back in its own slots."""
    app = table_app(bots=("normal",) * 3)
    async with app.run_test(size=size) as pilot:
        hand = position(["R10 Y11 Y12 Y13 K4 R1 B5 K9", "", "", ""], phase="d", middle="Y13")
        screen = await at_position(pilot, app, hand)
        rack = screen.rack
        upper = ["R10", ".", "Y11", "Y12", "Y13", "K4"]
        lower = ["R1", ".", "B5", ".", "K9"]
        rack.slots = [
            None if c == "." else Tile.parse(c)
            for row in (upper, lower)
            for c in row + ["."] * (rack.cols - len(row))
        ]
        homes = {i: t for i, t in enumerate(rack.slots) if t is not None}
        screen.render_all()
        await select_tiles(pilot, screen, "Y11 Y12 Y13")
        await pilot.press("o")
        assert screen.staging.tiles(), status_text(screen)
        before = list(rack.slots)
        await pilot.press("d")
        (new,) = screen.fresh
        assert rack.slots[new] == Tile.parse("Y13") and before[new] is None, rows(rack)
        assert screen.cursor == new
        assert not touches_a_group(rack, new), rows(rack)
        assert "new" in under(screen, new), under(screen, new)
        await pilot.press("escape")
        assert not screen.staging.melds
        assert all(rack.slots[i] == t for i, t in homes.items()), rows(rack)


async def test_sorting_by_melds_keeps_half_made_runs_apart_and_by_pairs_keeps_the_rest_together():
    """s laid every tile outside its melds in one lump ("F K1 K5 K5 K7 K11 K13 R5 …"), a
    half-made run hidden among loose tiles. Now each run one tile short of joining (K5 K7
    with the false okey, K11 K13) stands apart with a gap each side, the tiles with no
    such neighbour together after them (the spare K5 with them). p (pairs) keeps what is left in one piece: split,
    it could make a run that o would stage instead of the pairs."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("s")
        rack = screen.rack
        assert rows(rack)[1] == "F K5 K7 . K11 K13 . R5 B3 B11 K1 K5 . . . .", rows(rack)
        groups = [[rack.slots[i] for i in g] for g in rack.groups()]
        assert parse_tiles("K11 K13") in groups
        await pilot.press("p")
        found = solver.best_pairs(screen.rack_tiles(), screen.view.okey)
        rest = [i for g in rack.groups()[found.pairs :] for i in g]
        assert len(rest) == len(found.leftover)
        assert rest == list(range(rest[0], rest[0] + len(rest))), rows(rack)  # slot after slot


def test_a_groups_value_is_never_glued_to_the_new_mark():
    """A pair whose second tile was just drawn showed "pairnew" under it; then the value
    gave way to the mark. With no room for both words (the pair at the row's start), the
    value stays and the new tile has a "+" under it, a space between them; with empty
    slots before the pair, the value goes on into them and the word stays, a space
    between them."""
    rack = layout(
        "K5 K5 . R1 R2 R3 . . . K5 K5",
        ". . . . . . . . . . .",
    )
    widget = RackWidget()
    for fresh in ({1}, set()):
        widget.show(rack, Tile.parse("Y2"), 3, set(), False, fresh=fresh)
        line = widget.render().plain.split("\n")[2]
        group = line[widget.pad() :][: 2 * SLOT]
        if fresh:
            assert "pairnew" not in group and "pair +" in group, group
            assert group[SLOT + 1] == "+", group
        else:
            assert "pair" in group, group
    widget.show(rack, Tile.parse("Y2"), 3, set(), False, fresh={10})
    line = widget.render().plain.split("\n")[2][widget.pad() :]
    assert line[7 * SLOT : 10 * SLOT].split() == ["pair"], line  # into the empty slots
    assert line[10 * SLOT : 11 * SLOT] == "new ", line


async def test_tab_on_to_the_other_row_says_where_the_tiles_went() -> None:
    """Tab on the upper row's last group sent it to the lower row with no word: the
    player looked for it where it had been."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["Y10 B10 K10 R1 B1 K1 K5 K6 K7 R9", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        screen.rack.slots = layout(
            "Y10 B10 K10 . R1 B1 K1 . . . . . . . . .",
            "K5 K6 K7 . . . . . . . . . . . . R9",
        ).slots
        screen.render_all()
        await select_tiles(pilot, screen, "R1 B1 K1")
        await pilot.press("tab")
        await pilot.pause()
        assert rows(screen.rack)[1].startswith("K5 K6 K7 . R1 B1 K1 ."), rows(screen.rack)
        assert status_text(screen) == "R1 B1 K1 went on to the lower row"
