"""Staged melds put back (Esc, u) go to their own slots and move nothing else.

With two groups staged and a tile moved into the first one's old slots, putting them back
sent the first group into the second one's free slots (touching nothing), and the second
to the other row, while the line said "Undone: the staged melds are back in their slots".
Now every group whose slots are free goes back to exactly them first; only a group whose
slots are taken goes elsewhere, whole, where it pushes no tile, and the line says which
group went where and why.
"""

from __future__ import annotations

import pytest
from ui_helpers import OPENING_SEED, goto, sorted_table, status_text, table_app, wait_for_human

from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.messages import tiles_text
from okey_tui.ui.rack import ROWS, RackLayout
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.staging import put_back_notes
from okey_tui.ui.widgets.rack import group_label

OKEY = Tile.parse("B13")


def layout(upper: str, lower: str) -> RackLayout:
    """A rack from its two rows as text ('.' for an empty slot)."""
    cells = [upper.split(), lower.split()]
    assert len(cells[0]) == len(cells[1])
    rack = RackLayout(cols=len(cells[0]))
    rack.slots = [None if c == "." else Tile.parse(c) for row in cells for c in row]
    return rack


def rows(rack: RackLayout) -> list[str]:
    return [
        " ".join(str(t) if t else "." for t in rack.slots[r * rack.cols : (r + 1) * rack.cols])
        for r in range(ROWS)
    ]


def stage(rack: RackLayout, *groups: list[int]) -> list[list[Tile]]:
    """Take each group of slots off the rack, as o stages a meld, one after another."""
    return [[t for _, t in rack.take(group)] for group in groups]


def unmoved(rack: RackLayout, before: list[Tile | None]) -> bool:
    """Every tile that was on the rack is still in its slot."""
    return all(rack.slots[i] == t for i, t in enumerate(before) if t is not None)


def side_by_side_apart(rack: RackLayout, tiles: list[Tile]) -> bool:
    """``tiles`` stand side by side, in this order, as a group of their own."""
    return any([rack.slots[i] for i in group] == tiles for group in rack.groups())


def test_the_play_testers_rack_each_group_with_free_slots_goes_back_to_them():
    """Sorted, B5 B6 B7 and R9 Y9 B9 staged, the false okey moved into slot 0: R9 Y9 B9 went
    to the lower row though its slots were free, B5 B6 B7 into them."""
    rack = layout(
        "B5 B6 B7 . R9 Y9 B9 . R12 Y12 B12 . Y8 B8 K8 .",
        "F K5 K7 . K11 K13 . R5 B3 B11 K1 K5 . . . .",
    )
    staged = stage(rack, [0, 1, 2], [4, 5, 6])
    assert rack.move_to([16], 0, 0) == {16: 0}  # F into the first staged run's old place
    before = list(rack.slots)
    rack.bring_back(staged)
    assert rows(rack)[0].startswith("F . . . R9 Y9 B9 . R12"), rows(rack)
    assert unmoved(rack, before), rows(rack)
    assert side_by_side_apart(rack, parse_tiles("B5 B6 B7")), rows(rack)
    (went,) = rack.elsewhere
    assert list(went.tiles) == parse_tiles("B5 B6 B7") and went.whole and went.known
    (note,) = put_back_notes(rack, OKEY)
    assert note.startswith("B5 B6 B7 went back on the ") and "slots were taken" in note, note


def test_a_group_that_cannot_go_home_takes_no_other_groups_slots():
    """R9 R10 R11 staged first, K1 then moved into its place: it pushed Y9 Y10 Y11 out of
    their free slots, and they B8 B9 B10 out of theirs, down to the other row."""
    rack = layout(
        "R9 R10 R11 . Y9 Y10 Y11 . B8 B9 B10 . . . . .",
        "K1 . . . . . . . . . . . . . . .",
    )
    staged = stage(rack, [0, 1, 2], [4, 5, 6], [8, 9, 10])
    rack.move_to([16], 0, 1)
    before = list(rack.slots)
    filled = rack.bring_back(staged)
    assert rows(rack)[0] == ". K1 . . Y9 Y10 Y11 . B8 B9 B10 . R9 R10 R11 .", rows(rack)
    assert filled == [12, 13, 14, 4, 5, 6, 8, 9, 10]
    assert unmoved(rack, before)
    assert [list(w.tiles) for w in rack.elsewhere] == [parse_tiles("R9 R10 R11")]
    assert put_back_notes(rack, OKEY) == [
        "R9 R10 R11 went back on the upper row, right of B10: its slots were taken"
    ]


def test_a_group_whose_row_has_no_room_goes_to_the_other_row_not_into_a_home_there():
    """R7 R8 R9 (lower row, staged first) lost a slot to Y4 and its row has no room apart:
    it goes to the upper row, beside, not into, the slots B1 B2 B3 come back to."""
    rack = layout("B1 B2 B3 . . . . .", "Y4 . R7 R8 R9 . K6 .")
    staged = stage(rack, [10, 11, 12], [0, 1, 2])
    rack.move_to([8], 1, 3)  # Y4 into R8's slot
    before = list(rack.slots)
    rack.bring_back(staged)
    assert rows(rack) == ["B1 B2 B3 . R7 R8 R9 .", ". . . Y4 . . K6 ."], rows(rack)
    assert unmoved(rack, before)
    assert put_back_notes(rack, OKEY) == [
        "R7 R8 R9 went back on the upper row, right of B3: its slots were taken"
    ]


def test_a_group_with_a_slot_taken_on_its_own_row_goes_apart_on_that_row():
    rack = layout("B1 B2 B3 . . . . .", "Y4 . R7 R8 R9 . . .")
    staged = stage(rack, [10, 11, 12], [0, 1, 2])
    rack.move_to([8], 1, 3)
    rack.bring_back(staged)
    assert rows(rack) == ["B1 B2 B3 . . . . .", ". . . Y4 . R7 R8 R9"], rows(rack)
    assert put_back_notes(rack, OKEY) == [
        "R7 R8 R9 went back on the lower row, right of Y4: its slots were taken"
    ]


def test_of_two_copies_of_a_tile_in_two_groups_each_group_finds_its_own_slots():
    """R5 R6 R7 and R5 Y5 K5 staged, then B1 into the run's first slot: the run took the
    set's R5 slot as its own (the newest R5 to leave), so went back split, R5 apart from
    R6 R7, and the set, its R5 slot taken, went elsewhere."""
    rack = layout("R5 R6 R7 . R5 Y5 K5 .", "B1 . . . . . . .")
    staged = stage(rack, [0, 1, 2], [4, 5, 6])
    rack.move_to([8], 0, 0)
    rack.bring_back(staged)
    assert rows(rack) == ["B1 . . . R5 Y5 K5 .", "R5 R6 R7 . . . . ."], rows(rack)
    assert put_back_notes(rack, OKEY) == [
        "R5 R6 R7 went back alone on the lower row: its slots were taken"
    ]


def test_a_group_with_no_free_slots_side_by_side_goes_one_by_one_and_says_so():
    """No row has three free slots side by side: the run's tiles go into single free slots
    (where drawn tiles would), the tiles on the rack stay, and the line says it plainly."""
    rack = layout("K1 . K3 . K5 Y5", "Y1 Y2 R7 R8 R9 .")
    staged = stage(rack, [8, 9, 10])
    rack.move_to([7], 1, 3)  # Y2 into R8's slot: ". . ." nowhere any more
    before = list(rack.slots)
    filled = rack.bring_back(staged)
    assert unmoved(rack, before), rows(rack)
    assert sorted((t for i in filled if (t := rack.slots[i])), key=Tile.sort_key) == parse_tiles(
        "R7 R8 R9"
    )
    assert all(before[i] is None for i in filled)
    (went,) = rack.elsewhere
    assert not went.whole
    assert put_back_notes(rack, OKEY) == [
        "R7 R8 R9 had no free slots side by side: its tiles went into free slots one by one"
    ]


def test_groups_with_free_slots_all_go_home_and_nothing_is_said_of_them():
    rack = layout("R1 R2 R3 . K4 K5 K6 .", "Y9 . . . . . . .")
    before = list(rack.slots)
    staged = stage(rack, [0, 1, 2], [4, 5, 6])
    assert rack.bring_back(staged) == [0, 1, 2, 4, 5, 6]
    assert rack.slots == before and rack.elsewhere == []
    assert put_back_notes(rack, OKEY) == []


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("key", ["u", "escape"])
async def test_at_the_table_put_back_leaves_free_slots_to_their_group_and_says_where(key, size):
    """The play-tester's sequence (200x60, not size-bound): sorted, the first two melds
    staged with m o, a tile of the other row moved into the first meld's slots, then u or
    Esc. The line keeps to the status rows (at 80x24 Esc's note and the turn's steps took
    three lines: the note is said, the steps left out)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen = await sorted_table(pilot, app)
        assert isinstance(screen, TableScreen)
        rack = screen.rack
        okey = screen.view.okey
        melds = [
            g
            for g in rack.groups()
            if len(g) >= 3 and group_label([rack.slots[i] for i in g], okey)[1]
        ]
        assert len(melds) >= 2, rows(rack)
        first, second = melds[0], melds[1]
        tiles = {n: [rack.slots[i] for i in g] for n, g in enumerate((first, second))}
        for group in (first, second):
            await goto(pilot, screen, group[0])
            await pilot.press("m", "o")
        assert len(screen.staging.melds) == 2
        row = rack.row_of(first[0])
        other = next(i for i, t in enumerate(rack.slots) if t and rack.row_of(i) != row)
        await goto(pilot, screen, other)
        await pilot.press("space", "shift+up" if row == 0 else "shift+down", "escape")
        assert any(rack.slots[i] is not None for i in first), rows(rack)
        before = list(rack.slots)
        await pilot.press(key)
        assert not screen.staging.melds
        assert unmoved(rack, before), rows(rack)
        assert [rack.slots[i] for i in second] == tiles[1], rows(rack)
        assert side_by_side_apart(rack, tiles[0]), rows(rack)
        said = status_text(screen)
        assert "back in their slots" not in said, said
        went = tiles_text([t for t in tiles[0] if t], okey)
        assert f"{went} went back on the " in said and "its slots were taken" in said, said
        lines = 2 if app.has_class("-short") else 3
        assert screen.status_lines(said) <= lines, said
