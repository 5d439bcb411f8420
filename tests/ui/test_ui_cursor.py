"""The rack's cursor in plain sight, a status line that says what is true now, and arrow
keys that stop at the rack's edge (issue: found at the table)."""

from __future__ import annotations

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style
from test_ui_looks import contrast
from textual.widgets import Static
from ui_helpers import at_position, goto, sorted_table, table_app, wait_for_human

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import SLOT, RackWidget, group_label, short_label
from tests.positions import position


def cells(rack: RackWidget) -> list[list[tuple[str, Style]]]:
    """Each line of the rack as drawn: one (character, style) a cell, the look's own
    background filled in where the text leaves it out."""
    ground = Style(bgcolor=rack.styles.background.rich_color)
    lines = []
    for y in range(rack.size.height):
        line: list[tuple[str, Style]] = []
        for segment in rack.render_line(y):
            style = ground + (segment.style or Style())
            line += [(ch, style) for ch in segment.text]
        lines.append(line + [(" ", ground)] * (rack.size.width - len(line)))
    return lines


def in_256(colour: object) -> str:
    assert isinstance(colour, Color)
    return colour.downgrade(ColorSystem.EIGHT_BIT).get_truecolor().hex


def cursor_signs(screen: TableScreen) -> tuple[str, str, str]:
    """What shows left of the cursor's slot, right of it, and under it (on the line of
    the groups' values), each a sign that can be read in 256 colours: the empty string
    where the cell shows nothing that stands out from the rack."""
    rack = screen.query_one(RackWidget)
    row, col = screen.rack.place(screen.cursor)
    x = rack.pad() + col * SLOT
    lines = cells(rack)

    def sign(ch: str, style: Style) -> str:
        if not ch.strip() or style.color is None or style.bgcolor is None:
            return ""
        seen = contrast(in_256(style.color), in_256(style.bgcolor))
        return ch if seen >= 3 else ""

    left = sign(*lines[3 * row][x - 1]) + sign(*lines[3 * row + 1][x - 1])
    right = sign(*lines[3 * row][x + 3]) + sign(*lines[3 * row + 1][x + 3])
    under = "".join(sign(*lines[3 * row + 2][x + i]) for i in range(3))
    return left, right, under


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_cursor_is_plain_to_see_on_a_freshly_dealt_rack(size):
    """A fresh deal is one long group on the upper row: its value line hid the cursor's ▲,
    and in 256 colours (tmux) the cursor's face was hardly another colour than the rest, so
    a player threw R9 for R12. Now the cursor's slot has a mark on either side and the ▲
    under it, in a colour that stands out from the rack, in both looks, with the
    colour-blind shapes on or off, wherever the cursor goes."""
    for theme in ("felt", "dark"):
        for colour_blind in (False, True):
            app = table_app(theme=theme, colour_blind=colour_blind)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                screen = app.screen
                rack = screen.rack
                first = rack.groups()[0]
                assert len(first) >= 8, "a fresh deal: one long group"
                lower = rack.index(1, 0)
                empty = rack.slots.index(None)
                for slot in (first[0], first[len(first) // 2], first[-1], lower, empty):
                    await goto(pilot, screen, slot)
                    left, right, under = cursor_signs(screen)
                    where = (theme, colour_blind, slot)
                    assert len(left) == 2 and len(right) == 2, (where, left, right)
                    assert "▲" in under, (where, under)


def status(screen: TableScreen) -> tuple[str, bool]:
    line = screen.query_one("#status", Static)
    return str(line.render()), line.has_class("-error")


async def test_an_error_in_the_status_line_goes_at_the_next_key_that_changes_something():
    """space on an empty slot says there is nothing to select; that stayed there while the
    cursor moved on and tiles were selected. A key that changes nothing leaves the error;
    the next that changes something brings back the turn's prompt."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        prompt = status(screen)
        assert prompt == (screen.turn_hint(), False)
        empty = screen.rack.slots.index(None)
        await goto(pilot, screen, empty)
        await pilot.press("space")
        error = status(screen)
        assert error[1], error
        await pilot.press("down")  # the lower row: nowhere lower to go
        assert status(screen) == error
        await pilot.press("left")
        assert status(screen) == prompt
        await pilot.press("space")  # a tile there: it is selected
        assert screen.selected
        await goto(pilot, screen, empty)  # a click: ← → go from tile to tile
        await pilot.press("space")
        assert status(screen) == error
        await pilot.press("left", "space")  # the cursor moved, then the tile is unselected
        assert status(screen) == prompt and not screen.selected


@pytest.mark.parametrize(("row", "key"), [(0, "up"), (1, "down")])
async def test_up_and_down_stop_at_the_racks_edge(row, key):
    """The rack has two rows: ↓ on the lower row went up to the upper one (and ↑ on the
    upper row down to the lower one). ↑ and ↓ move the cursor on the rack as they read:
    at the edge they stop."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.rack.index(row, 3)
        await goto(pilot, screen, start)
        await pilot.press(key)
        assert screen.cursor == start
        await pilot.press("up" if key == "down" else "down")
        assert screen.cursor == screen.rack.index(1 - row, 3)


async def test_on_the_middle_tile_of_a_three_tile_meld_the_cursor_and_the_points_both_show():
    """A 3-tile group's value line has no room for "Run 27" beside the ▲ under its middle
    tile: the ▲ was hidden under the words. Now the points with the kind's letter stand
    beside it ("r27")."""
    from okey_tui.engine.solver import best_melds

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        rack = screen.rack
        okey = screen.view.okey
        meld = max(best_melds(list(screen.view.rack), okey).melds, key=lambda m: len(m.tiles))
        three = list(meld.tiles[:3])
        value, is_meld = group_label(three, okey)
        assert is_meld, value
        slots: list[int] = []
        for tile in three:
            slots.append(next(i for i, t in enumerate(rack.slots) if t == tile and i not in slots))
        col = rack.free_span(1, 3, rack.cols - 3)
        assert col is not None and rack.move_to(slots, 1, col) is not None
        screen.render_rack()
        await goto(pilot, screen, rack.index(1, col + 1))
        _left, _right, under = cursor_signs(screen)
        assert "▲" in under, under
        label = "".join(ch for ch, _style in cells(screen.query_one(RackWidget))[5])
        short = short_label(value)
        assert short == f"{value[0]}{value.split()[-1]}", short
        assert f" {short} ▲" in label or f"▲ {short} " in label, label


async def test_a_selected_tile_is_marked_under_it_inside_a_group_as_alone():
    """The selection showed in a group by its colour alone (a loose tile had ▔▔▔ under it):
    now every selected tile but the cursor's has the mark, and the group keeps its value
    beside the marks where there is room."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await sorted_table(pilot, app)
        rack = screen.query_one(RackWidget)
        group = next(g for g in screen.rack.groups() if len(g) >= 4)
        await goto(pilot, screen, group[0])
        await pilot.press("space")
        await goto(pilot, screen, group[-1])

        def under(slot: int) -> str:
            row, col = screen.rack.place(slot)
            x = rack.pad() + col * SLOT
            return "".join(ch for ch, _style in cells(rack)[3 * row + 2][x : x + 3])

        assert under(group[0]) == "▔▔▔", "a selected tile in a group is marked"
        assert "▔" not in under(group[1]), "a tile not selected is not"
        assert "▲" in under(group[-1]), "the cursor's tile shows the cursor"
        tiles = [t for i in group if (t := screen.rack.slots[i]) is not None]
        points = group_label(tiles, screen.view.okey)[0].split()[-1]
        line = "".join(ch for ch, _style in cells(rack)[3 * screen.rack.place(group[0])[0] + 2])
        assert points in line, (points, line)


async def test_home_with_the_slots_before_full_says_which_way_is_full():
    """Home on the last tile of a group that starts the row said "No room for 1 tile on
    this row" beside empty slots: it says the start's side is full and moves nothing."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        first = screen.rack.groups()[0]
        assert first[0] == 0 and None in screen.rack.slots
        await goto(pilot, screen, first[-1])
        before = list(screen.rack.slots)
        await pilot.press("space", "shift+home")
        assert screen.rack.slots == before
        text, error = status(screen)
        assert error and "nearer the start of this row" in text, text


async def test_a_refused_move_to_the_other_row_is_said_until_a_move_works():
    """shift+↑ on the upper row says the tiles are there already; that stayed after a
    shift+↓ had moved them. It is a refusal like the others: the move that works ends it."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await goto(pilot, screen, screen.rack.groups()[0][0])
        await pilot.press("space", "shift+up")
        assert status(screen)[1], "refused, said as an error"
        before = list(screen.rack.slots)
        await pilot.press("shift+down")
        assert screen.rack.slots != before, "the tile went to the lower row"
        assert status(screen) == (screen.turn_hint(), False)


async def test_a_selected_new_tile_is_marked_as_selected():
    """The word "new" under a drawn tile took the place of the selection's ▔▔▔, so a new
    tile selected with space looked unselected. Once selected it is marked as selected;
    unselected, "new" comes back."""
    app = table_app(bots=("normal",) * 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("x")  # the starter's first turn: no draw
        await wait_for_human(pilot, app)
        await pilot.press("d")
        (drawn,) = screen.fresh
        rack = screen.query_one(RackWidget)

        def under(slot: int) -> str:
            row, col = screen.rack.place(slot)
            x = rack.pad() + col * SLOT
            return "".join(ch for ch, _style in cells(rack)[3 * row + 2][x : x + 3])

        await pilot.press("space")  # the cursor waits on the new tile
        away = next(i for i, t in enumerate(screen.rack.slots) if t is not None and i != drawn)
        await goto(pilot, screen, away)
        assert drawn in screen.selected and drawn in screen.fresh
        assert under(drawn) == "▔▔▔", under(drawn)
        await goto(pilot, screen, drawn)
        await pilot.press("space")
        await goto(pilot, screen, away)
        assert under(drawn) == "new", under(drawn)


async def test_home_with_free_slots_only_against_groups_says_how_to_get_there():
    """Home on the row's last tile with free slots before it, each against a group, said
    "No free slot for 1 tile nearer the start of this row" beside those free slots. It
    still keeps the tile apart from the groups (nothing moves), and says so and how to go."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rack = screen.rack
        tiles = rack.tiles()
        cols = rack.cols
        upper = [None, *tiles[:2], None, *tiles[2 : cols - 2]]
        lower = tiles[cols - 2 :]
        rack.slots = upper + lower + [None] * (cols - len(lower))
        screen.render_all()
        await goto(pilot, screen, cols - 1)
        before = list(rack.slots)
        await pilot.press("space", "shift+home")
        assert rack.slots == before
        text, error = status(screen)
        assert error and "touches a group" in text and "shift+←" in text, text


async def test_left_and_right_go_from_tile_to_tile_past_the_gaps():
    """Late in a hand the rack is mostly gaps: → stopped on every empty slot (9 presses to
    reach a tile 9 slots away) and Home put the cursor on an empty first slot. Now ← → go
    from tile to tile along the row and stop at its ends (going round it, a player who
    pressed → once too often threw the row's first tile), Home and End go to the row's
    first and last tile, and ↑ ↓ to the nearest tile on the other row; no tile moves."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        rack = screen.rack
        await pilot.press("s")  # groups apart: gaps between them
        arranged = list(rack.slots)
        assert any(
            rack.slots[i] is None and rack.slots[i - 1] is not None for i in range(1, rack.cols)
        ), "a sorted rack has gaps on its upper row"
        for row in range(2):
            tiles = [i for i, t in enumerate(rack.slots) if t is not None and rack.row_of(i) == row]
            if not tiles:
                continue
            await goto(pilot, screen, tiles[0])
            seen = []
            for _ in tiles:
                await pilot.press("right")
                seen.append(screen.cursor)
            assert seen == [*tiles[1:], tiles[-1]], row  # on tiles only, staying at the end
            seen = []
            for _ in tiles:
                await pilot.press("left")
                seen.append(screen.cursor)
            assert seen == [*reversed(tiles[:-1]), tiles[0]], row  # back, staying at the first
            await pilot.press("end")
            assert screen.cursor == tiles[-1]
            await pilot.press("home")
            assert screen.cursor == tiles[0]
        upper = [i for i, t in enumerate(rack.slots) if t is not None and rack.row_of(i) == 0]
        lower = [i for i, t in enumerate(rack.slots) if t is not None and rack.row_of(i) == 1]
        assert upper and lower, "tiles on both rows after sorting"
        await goto(pilot, screen, upper[-1])
        await pilot.press("down")
        col = rack.place(upper[-1])[1]
        nearest = min(lower, key=lambda i: (abs(rack.place(i)[1] - col), i))
        assert screen.cursor == nearest
        assert rack.slots == arranged


def _lay_out(screen: TableScreen, upper_group: int) -> tuple[int, int]:
    """The rack's own tiles in slots chosen for the tests of shift+↑: ``upper_group`` tiles
    from the upper row's start, two tiles under columns 3-4, the rest far to the right on
    both rows. Returns the slots of the two tiles."""
    rack = screen.rack
    assert rack.cols >= 16
    tiles = rack.tiles()
    slots: list = [None] * len(rack.slots)
    for c in range(upper_group):
        slots[rack.index(0, c)] = tiles.pop()
    pair = rack.index(1, 3), rack.index(1, 4)
    for i in pair:
        slots[i] = tiles.pop()
    far = [rack.index(1, c) for c in range(rack.cols - 1, 5, -1)]
    far += [rack.index(0, c) for c in range(rack.cols - 1, 7, -1)]
    for i in far[: len(tiles)]:
        slots[i] = tiles.pop()
    assert not tiles
    rack.slots[:] = slots
    screen.render_all()
    return pair


async def test_shift_up_keeps_the_tiles_apart_and_says_while_they_touch_a_group():
    """shift+↑ put two tiles straight up, beside a set: the set's value turned to a dot,
    and slid apart with shift+→ the line still said they stood beside a group. They now go
    to the nearest free slots apart from the groups; slid against the set, the line says
    so, and slid apart again it says the turn's next step."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        rack = screen.rack
        pair = _lay_out(screen, upper_group=3)
        tiles = [rack.slots[i] for i in pair]
        screen.selected = set(pair)
        await pilot.press("shift+up")
        assert [rack.slots[rack.index(0, c)] for c in (4, 5)] == tiles
        assert rack.slots[rack.index(0, 3)] is None  # a gap between them and the set
        assert status(screen) == (screen.turn_hint(), False)
        await pilot.press("shift+left")
        text, error = status(screen)
        assert not error and "beside another group" in text, text
        await pilot.press("shift+right")
        assert status(screen) == (screen.turn_hint(), False)


async def test_the_note_about_a_move_goes_at_the_next_key_that_changes_something():
    """ "Now beside another group" stayed in the status line after Esc, End or ← as if the
    tiles had just moved: it now goes, as an error does, at the next key that changes the
    rack, the cursor or the selection, and stays while nothing changes."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        for key in ("escape", "end", "left"):
            pair = _lay_out(screen, upper_group=3)
            screen.selected = set(pair)
            await pilot.press("shift+up", "shift+left")
            note = "shift+← → slides the tiles along the row"  # beside a group, or in one
            assert note in status(screen)[0]
            screen.render_rack()  # nothing changed: the note stays
            assert note in status(screen)[0]
            await pilot.press(key)
            assert status(screen) == (screen.turn_hint(), False), key


@pytest.mark.parametrize("key", ["shift+up", "shift+down"])
async def test_shift_up_or_down_gathers_a_selection_on_both_rows(key: str):
    """A tile selected on each row: shift+↓ gathered them on the lower row, and shift+↑
    said "The tiles are on that row already". Both now gather them, side by side, apart
    from the groups of that row."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        rack = screen.rack
        pair = _lay_out(screen, upper_group=3)
        chosen = {rack.index(0, 0), pair[0]}
        tiles = [rack.slots[i] for i in sorted(chosen)]
        screen.selected = set(chosen)
        await pilot.press(key)
        row = 0 if key == "shift+up" else 1
        now = sorted(screen.selected)
        assert [rack.slots[i] for i in now] == tiles and {rack.row_of(i) for i in now} == {row}
        assert rack.group_at(now[0]) == now, rack.slots
        assert not status(screen)[1], status(screen)


async def test_shift_up_with_the_slots_above_taken_keeps_the_tiles_apart():
    """With the slots straight above taken, shift+↑ put the tiles in the nearest free slots,
    against the group there. They now go to the nearest free slots apart from every
    group."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        rack = screen.rack
        pair = _lay_out(screen, upper_group=4)  # the group holds column 3
        tiles = [rack.slots[i] for i in pair]
        screen.selected = set(pair)
        await pilot.press("shift+up")
        assert [rack.slots[rack.index(0, c)] for c in (5, 6)] == tiles
        assert rack.slots[rack.index(0, 4)] is None  # a gap between them and the group
        assert status(screen) == (screen.turn_hint(), False)


async def test_x_with_a_tile_selected_and_the_cursor_on_another_asks_which():
    """A click (or space) selected B8, the arrows took the cursor to K10, and x threw B8
    while the line said "x discards the tile under the cursor". A discard is for good:
    x now asks, naming both tiles; no keeps both, yes throws the selected one."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if screen.view.phase.value == "d":
            await pilot.press("d")
            await pilot.pause()
        rack = screen.rack
        tiles = [i for i, t in enumerate(rack.slots) if t is not None]
        chosen, other = tiles[0], tiles[1]
        await goto(pilot, screen, chosen)
        await pilot.press("space")
        await goto(pilot, screen, other)
        count = len(app.session.hand.racks[0])
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), status(screen)
        question = app.screen.question
        assert str(rack.slots[chosen]) in question and str(rack.slots[other]) in question
        await pilot.press("n")
        await pilot.pause()
        assert len(app.session.hand.racks[0]) == count and screen.selected == {chosen}
        thrown = rack.slots[chosen]
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # a tile that costs a penalty asks again
            await pilot.press("y")
            await pilot.pause()
        assert app.session.hand.discards[0][-1] == thrown


async def test_extending_into_a_gap_keeps_the_cursor_and_says_why():
    """] at the end of a group put the cursor on the empty slot after it, selected nothing
    more and said nothing; ] again went one more empty slot. The cursor stays on the tile
    and the line says [ and ] extend along side-by-side tiles."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await sorted_table(pilot, app)
        group = screen.rack.groups()[0]
        end = group[-1]
        assert screen.rack.slots[end + 1] is None, "a gap after the first group"
        await goto(pilot, screen, end)
        await pilot.press("right_square_bracket")
        text, error = status(screen)
        assert screen.cursor == end and screen.selected == {end}
        assert error and "No tile beside it on the right" in text, text


async def test_home_and_end_move_the_cursor_even_with_a_tile_selected():
    """With K1 selected, Home (meant for the cursor) carried K1 to the start of the row and
    x then threw it: two players fell into it. Home and End only move the cursor now;
    shift+Home and shift+End move the selection, as shift+arrows move tiles."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await sorted_table(pilot, app)
        rack = screen.rack
        group = rack.groups()[-1]
        row = rack.row_of(group[-1])
        await goto(pilot, screen, group[-1])
        await pilot.press("space")
        before = list(rack.slots)
        await pilot.press("home")
        on_row = [i for i, t in enumerate(rack.slots) if t is not None and rack.row_of(i) == row]
        assert rack.slots == before and screen.cursor == on_row[0]
        assert screen.selected == {group[-1]}
        await pilot.press("end")
        assert rack.slots == before and screen.cursor == on_row[-1]


async def test_a_tile_slid_into_a_meld_is_said_to_make_it_not_to_touch_a_group():
    """A play-tester slid R6 against R7 R8: the rack read "run 21" under them while the
    line still warned "Now beside another group". A move that makes a meld says the meld;
    tiles that touch a group and make none still hear the warning."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R6 R7 R8 Y2 K11 B4 B9", "", "", ""])
        screen = await at_position(pilot, app, hand)
        rack = screen.rack
        slots: list = [None] * len(rack.slots)
        for col, name in ((0, "R6"), (2, "R7"), (3, "R8"), (6, "Y2"), (9, "K11"), (12, "B4")):
            slots[rack.index(0, col)] = Tile.parse(name)
        slots[rack.index(1, 0)] = Tile.parse("B9")
        rack.slots[:] = slots
        screen.cursor = rack.index(0, 0)
        screen.render_all()
        await pilot.press("shift+right")  # R6 R7 R8
        text, error = status(screen)
        assert not error and text.startswith("Now in a group: run 21"), text
        await goto(pilot, screen, rack.index(0, 6))
        await pilot.press("shift+left", "shift+left")  # Y2 against R6 R7 R8: no meld
        text, error = status(screen)
        assert text.startswith("Now beside run 21, which no longer counts as a meld"), text


async def test_a_tile_slid_inside_its_own_group_is_not_said_to_touch_another():
    """Shift+→ on K8 of K6 K8 K9 (K8 past K9, the group the same tiles) said "Now beside
    another group": there is none. Slid on out of its group against Y2, it is said."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K6 K8 K9 Y2 B4 B9", "", "", ""])
        screen = await at_position(pilot, app, hand)
        rack = screen.rack
        slots: list = [None] * len(rack.slots)
        for col, name in ((0, "K6"), (1, "K8"), (2, "K9"), (4, "Y2"), (9, "B4")):
            slots[rack.index(0, col)] = Tile.parse(name)
        slots[rack.index(1, 0)] = Tile.parse("B9")
        rack.slots[:] = slots
        screen.cursor = rack.index(0, 1)
        screen.render_all()
        await pilot.press("shift+right")  # K6 K9 K8
        assert [str(t) for t in rack.slots[:3]] == ["K6", "K9", "K8"]
        text, _error = status(screen)
        assert "another group" not in text, text
        await pilot.press("shift+right")  # K6 K9 _ K8 Y2: beside Y2 now
        text, _error = status(screen)
        assert "Now beside another group" in text, text


async def test_the_cursor_leaves_the_slot_of_a_tile_played_for_the_seat() -> None:
    """At a network table a bot threw the tile under the cursor as the turn's time ran
    out: the cursor was left on the empty slot (x then threw nothing). It goes to the
    nearest tile."""
    from ui_helpers import OPENING_SEED, table_app, wait_for_human

    from okey_tui.engine.actions import Discard

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        tile = screen.rack.slots[screen.cursor]
        assert tile is not None
        app.session.hand.apply(Discard(tile))  # played for the seat, not by its keys
        screen.changed()
        await pilot.pause()
        assert screen.rack.slots[screen.cursor] is not None, screen.cursor
