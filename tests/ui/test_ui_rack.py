"""The rack handles like real tiles: groups, fast selection, nothing scrambled (issue: the rack).

Each test starts from a seeded deal where the human starts with 22 tiles, arranges
with ``s`` and plays by keys, then checks the exact slots of the tiles.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rendered import screen_text
from test_ui_mouse import slot_offset
from ui_helpers import burst, goto, sorted_table, status_text, table_app

from okey_tui.engine import solver
from okey_tui.engine.actions import AddTile
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import legal_actions
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import RackWidget

# Seed 42: best melds R9-R12, K9-K11, R5 Y5 K5, R13 Y13 K13 (126); opening with R9-R11
# instead leaves R12 to add to that run afterwards.
ADD_SEED = 42


def slots_of(screen: TableScreen, tile: Tile) -> list[int]:
    return [i for i, t in enumerate(screen.rack.slots) if t == tile]


async def test_sort_then_o_then_enter_opens_the_arranged_hand():
    """s arranges groups with gaps and shows each group's value; o stages every group that
    is a meld ("Opening: 105 / 101"), Enter lays them down: two keys after arranging."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        hand = app.session.hand
        best = solver.best_melds(hand.racks[0], hand.okey)
        await pilot.press("s")
        text = screen_text(app)
        for meld in best.melds:
            assert f"{meld.kind.value} {meld.value}" in text
        leftover = sorted(best.leftover, key=Tile.sort_key)
        await pilot.press("o")
        assert "Opening: 105 / 101" in str(screen.query_one("#laydown").render())
        await pilot.press("enter")
        assert hand.openings[0] is not None and hand.openings[0].value == best.value
        assert sorted(map(str, screen.rack.tiles())) == sorted(map(str, leftover))


async def test_escape_puts_staged_tiles_back_in_their_own_slots():
    """A set staged from the second copy of K5 leaves the first copy where it is; Esc puts
    every staged tile back in the slot it came from."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("s")
        k5 = slots_of(screen, Tile.parse("K5"))
        assert len(k5) == 2, "seed 125 deals two K5"
        picks = [slots_of(screen, Tile.parse("R5"))[0], slots_of(screen, Tile.parse("B5"))[0]]
        picks.append(k5[1])
        before = list(screen.rack.slots)
        for slot in picks:
            await goto(pilot, screen, slot)
            await pilot.press("space")
        await pilot.press("o")
        assert [str(t) for t in screen.staging.melds[0].tiles].count("K5") == 1
        assert all(screen.rack.slots[i] is None for i in picks)
        assert screen.rack.slots[k5[0]] == Tile.parse("K5")
        assert all(screen.rack.slots[i] == before[i] for i in range(len(before)) if i not in picks)
        await pilot.press("escape")
        assert screen.rack.slots == before


async def test_staged_melds_come_back_whole_after_the_rack_was_sorted_again():
    """s, o stages every meld; p arranges what is left over the melds' old slots. Esc puts
    each staged meld back side by side, in its order, apart from the other tiles: not
    one tile here and one there at the end of the rack."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("s", "o")
        staged = [list(m.tiles) for m in screen.staging.melds]
        assert len(staged) == 4
        await pilot.press("p", "escape", "escape")
        assert not screen.staging.melds
        rack = screen.rack
        for meld in staged:
            assert meld in [[rack.slots[i] for i in group] for group in rack.groups()], meld


async def test_discard_throws_the_selected_copy_and_marks_the_drawn_tile():
    """x throws the selected copy of a duplicate, the other copy stays in its slot; the next
    drawn tile comes in at the right end of the lower row, marked as new."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("s")
        first, second = slots_of(screen, Tile.parse("K5"))
        before = list(screen.rack.slots)
        await goto(pilot, screen, second)
        await pilot.press("space")
        await goto(pilot, screen, first)  # the cursor elsewhere: the selection decides
        await pilot.press("x")
        assert app.session.hand.discards[0][-1] == Tile.parse("K5")
        assert screen.rack.slots[second] is None and screen.rack.slots[first] == Tile.parse("K5")
        assert all(screen.rack.slots[i] == before[i] for i in range(len(before)) if i != second)
        from ui_helpers import wait_for_human

        await wait_for_human(pilot, app)
        kept = list(screen.rack.slots)
        await pilot.press("d")
        new = [i for i, t in enumerate(screen.rack.slots) if t is not None and kept[i] is None]
        assert len(new) == 1 and screen.fresh == set(new)
        rack = screen.rack
        assert rack.row_of(new[0]) == 1 and rack.place(new[0])[1] >= rack.cols - 2
        assert all(screen.rack.slots[i] == kept[i] for i in range(len(kept)) if i not in new)
        assert "new" in screen_text(app)


async def test_take_back_asks_first_and_returns_the_tiles_to_their_slots():
    """At a penalty table (not practice), b asks and names +101; n does nothing, y takes the
    opening back and every tile returns to the slot it left."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        hand = app.session.hand
        await pilot.press("s")
        before = list(screen.rack.slots)
        await pilot.press("o", "enter")
        assert hand.openings[0] is not None
        await pilot.press("b")
        assert isinstance(app.screen, ConfirmScreen)
        assert "+101" in screen_text(app)
        await pilot.press("n")
        assert hand.openings[0] is not None and app.screen is screen
        await pilot.press("b")
        await pilot.press("y")
        await pilot.pause()
        assert hand.openings[0] is None and not hand.table
        assert screen.rack.slots == before


async def test_undo_returns_the_opening_to_its_slots():
    """Practice: u after laying the opening puts each tile back where it was."""
    app = table_app(practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("s")
        before = list(screen.rack.slots)
        await pilot.press("o", "enter")
        assert app.session.hand.openings[0] is not None
        await pilot.press("u")
        await pilot.pause()
        assert app.session.hand.openings[0] is None
        assert screen.rack.slots == before


async def test_adding_several_tiles_is_all_or_nothing():
    """Seed 42: open without R12; R12 with a tile that fits nowhere adds nothing and names
    that tile (not a meld the player never chose); R12 alone goes onto its run."""
    app = table_app(ADD_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        hand = app.session.hand
        await pilot.press("s")
        for name in ("R9", "R10", "R11"):
            await goto(pilot, screen, slots_of(screen, Tile.parse(name))[0])
            await pilot.press("space")
        await pilot.press("o")  # the selection: R9 R10 R11
        await pilot.press("o")  # nothing selected: every other group that is a meld
        await pilot.press("enter")
        assert hand.openings[0] is not None
        run = next(n for n, tm in enumerate(hand.table) if str(tm.meld) == "R9 R10 R11")
        r12 = slots_of(screen, Tile.parse("R12"))[0]
        view = app.session.view()
        fits = {a.tile for a in legal_actions(view) if isinstance(a, AddTile)}
        loose = next(i for i, t in enumerate(screen.rack.slots) if t is not None and t not in fits)
        loose_tile = screen.rack.slots[loose]
        table_before = [str(tm.meld) for tm in hand.table]
        rack_before = list(screen.rack.slots)
        for slot in (r12, loose):
            await goto(pilot, screen, slot)
            await pilot.press("space")
        await pilot.press("a")
        assert [str(tm.meld) for tm in hand.table] == table_before
        assert screen.rack.slots == rack_before
        said = status_text(screen)
        assert f"{loose_tile} does not fit any meld on the table: nothing was added" in said, said
        assert "does not fit meld" not in said, said
        await pilot.press("escape")
        await goto(pilot, screen, r12)
        await pilot.press("space", "a")
        assert str(hand.table[run].meld) == "R9 R10 R11 R12"
        assert screen.rack.slots[r12] is None
        assert all(
            screen.rack.slots[i] == rack_before[i] for i in range(len(rack_before)) if i != r12
        )


async def test_group_keys_select_extend_and_move_without_moving_others():
    """m selects the group under the cursor, [ and ] extend the selection, shift+End and
    shift+Home take the selection to the end and the start of its row, Tab to the next gap,
    shift+down to the other row; no other tile changes slot. End and Home move the cursor
    and no tile: "End x" throws the row's last tile, not the one under the cursor, which
    stays in the group the player arranged."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        rack = screen.rack
        await pilot.press("s")
        group = rack.groups()[0]
        await goto(pilot, screen, group[0])
        row, arranged = rack.row_of(group[0]), list(rack.slots)
        on_row = [i for i, t in enumerate(rack.slots) if t is not None and rack.row_of(i) == row]
        await pilot.press("end")  # the row's last tile, not its last slot
        assert rack.slots == arranged and screen.cursor == on_row[-1]
        await pilot.press("home")
        assert rack.slots == arranged and screen.cursor == on_row[0]
        await goto(pilot, screen, group[0])
        await pilot.press("m")
        assert screen.selected == set(group)
        await pilot.press("escape")
        assert not screen.selected
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.selected == set(group[:3])

        def others_unmoved(before: list, chosen: set[int], after: set[int]) -> bool:
            return all(
                rack.slots[i] == before[i] for i in range(len(before)) if i not in chosen | after
            )

        tiles = [rack.slots[i] for i in sorted(screen.selected)]
        for key in ("shift+end", "shift+home", "tab", "shift+down"):
            before, chosen = list(rack.slots), set(screen.selected)
            await pilot.press(key)
            now = set(screen.selected)
            assert [rack.slots[i] for i in sorted(now)] == tiles, key
            assert others_unmoved(before, chosen, now), key
            if key == "shift+end":
                assert min(now) >= min(chosen)
            if key == "shift+home":
                assert min(now) <= min(chosen)
            if key == "shift+down":
                assert all(rack.row_of(i) == 1 for i in now)


async def test_clicking_a_group_label_selects_the_group():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("s")
        group = screen.rack.groups()[1]
        widget = screen.query_one(RackWidget)
        x, y = slot_offset(widget, group[1])
        await pilot.click(RackWidget, offset=(x, y + 1))
        assert screen.selected == set(group)


async def test_dragging_a_selection_moves_it_as_a_block():
    """Two selected tiles dragged by one of them keep their spacing and land in free slots."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        rack = screen.rack
        await pilot.press("s")
        group = rack.groups()[0]
        await goto(pilot, screen, group[0])
        await pilot.press("right_square_bracket")
        pair = sorted(screen.selected)
        tiles = [rack.slots[i] for i in pair]
        target = rack.index(1, rack.cols - 3)
        assert rack.slots[target] is None and rack.slots[target + 1] is None
        before = list(rack.slots)
        widget = screen.query_one(RackWidget)
        await pilot.mouse_down(RackWidget, offset=slot_offset(widget, pair[0]))
        await pilot.mouse_up(RackWidget, offset=slot_offset(widget, target))
        await pilot.pause()
        assert [rack.slots[target], rack.slots[target + 1]] == tiles
        assert screen.selected == {target, target + 1}
        moved = set(pair) | {target, target + 1}
        assert all(rack.slots[i] == before[i] for i in range(len(before)) if i not in moved)


async def test_pairs_arranged_with_p_open_with_o_then_enter():
    """Seed 129: five pairs but only 93 in melds; p arranges the pairs apart, o stages the
    five pairs ("5 / 5 pairs") and Enter opens with pairs."""
    app = table_app(129)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        hand = app.session.hand
        await pilot.press("p")
        assert screen_text(app).count("pair") >= 5
        await pilot.press("o")
        assert "5 / 5 pairs" in str(screen.query_one("#laydown").render())
        await pilot.press("enter")
        opening = hand.openings[0]
        assert opening is not None and opening.kind.name == "PAIRS"


async def test_giving_back_the_taken_tile_leaves_every_other_tile_in_place():
    """t brings the left discard in as the new tile; g gives that very tile back and the
    tile drawn instead arrives as the new one; no other tile moves."""
    from ui_helpers import wait_for_human

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        rack = screen.rack
        await pilot.press("s", "x")
        await wait_for_human(pilot, app)
        hand = app.session.hand
        taken = hand.left_discard(0)
        assert taken is not None, "seed 125: Zeynep leaves a discard on the human's left"
        before = list(rack.slots)
        await pilot.press("t")
        (slot,) = screen.fresh
        assert rack.slots[slot] == taken and before[slot] is None
        await pilot.press("g")
        assert hand.taken is None
        (drawn,) = screen.fresh
        assert all(rack.slots[i] == before[i] for i in range(len(before)) if i != drawn)


async def test_selecting_tiles_redraws_the_rack_not_the_table_around_it(monkeypatch):
    """Selecting changes the rack and the lay-down area's "Selected:" line only: the seats,
    piles, centre and melds keep their drawing (Textual would otherwise lay out and redraw
    every box on every key)."""
    from textual.widget import Widget

    from okey_tui.ui.widgets.board import CentreInfo, PilePanel, PlayerPanel

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("space")  # the lay-down area gains its "Selected:" line
        await pilot.pause()
        refreshed: list[Widget] = []
        original = Widget.refresh

        def counted(self: Widget, *args: object, **kwargs: object) -> Widget:
            refreshed.append(self)
            return original(self, *args, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counted)
        await pilot.press("right", "space", "right", "space")
        assert len(screen.selected) == 3
        assert any(isinstance(w, RackWidget) for w in refreshed)
        around = (PlayerPanel, PilePanel, CentreInfo)
        assert [w for w in refreshed if isinstance(w, around)] == []
        assert screen.query_one("#melds-text") not in refreshed


@pytest.mark.parametrize("theme", ["felt", "dark"])
async def test_the_rack_is_one_colour_edge_to_edge_in_either_look(theme):
    """The wood (or, in the dark look, grey) runs from the left edge to the right one:
    the slots are drawn on the rack's own background, not on wood over a grey rack."""
    app = table_app(theme=theme)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rack = app.screen.query_one(RackWidget)
        background = rack.styles.background.rich_color
        for y in range(rack.size.height):
            strip = list(rack.render_line(y))
            for edge in (strip[0], strip[-1]):
                assert edge.style is not None
                assert edge.style.bgcolor == background, (theme, y)


async def test_rack_keys_in_one_burst_act_as_pressed_one_by_one():
    """Keys that arrive together move the same tiles as the same keys pressed one at a
    time: Tab takes the tile the cursor reached, not the one it left."""
    keys = ("right", "tab", "left", "left", "space", "right", "space", "tab")
    slots = []
    for together in (False, True):
        app = table_app()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            await pilot.press("s")
            await goto(pilot, screen, screen.rack.groups()[1][0])
            before = list(screen.rack.slots)
            if together:
                burst(app, *keys)
                await pilot.pause()
            else:
                await pilot.press(*keys)
            assert screen.rack.slots != before
            slots.append(list(screen.rack.slots))
    assert slots[0] == slots[1]


# Every key of the table but q (its "y" would end the test by quitting); d and x (which
# move the hand on) and the arrows come up more often.
# d and x come often so that hands move on; Esc too, as x is refused while melds are staged.
KEYS_TEXT = (
    "left right up down space m left_square_bracket right_square_bracket "
    "shift+left shift+right shift+up shift+down home end tab t g o enter a w b "
    "s p escape v c h u k l n pageup pagedown question_mark P "
    "d d d d x x x x escape left right left right j j shift+tab shift+home shift+end e"
)
RANDOM_KEYS = KEYS_TEXT.split()


async def test_random_keys_never_lose_or_invent_a_tile():
    """240 random keys at an 80x24 practice table (hints, undo, questions answered y or n
    at random, the help, the piles, the next hand): the app never fails, and after every
    key the rack on the screen holds exactly the seat's tiles less those staged."""
    from random import Random

    from okey_tui.ui.screens.summary import HandSummaryScreen

    rng = Random(80)
    app = table_app(4, practice=True, tips=False, bots=("normal",) * 3)
    async with app.run_test(size=(80, 24)) as pilot:
        for n in range(240):
            screen = app.screen
            if isinstance(screen, ConfirmScreen):
                key = rng.choice(["y", "n"])
            elif isinstance(screen, TableScreen):
                key = rng.choice(RANDOM_KEYS)
            else:  # the help, the piles, a hand's summary
                key = "enter" if isinstance(screen, HandSummaryScreen) else "escape"
            await pilot.press(key)
            screen = app.screen
            if isinstance(screen, TableScreen):
                shown = Counter(t for t in screen.rack.slots if t is not None)
                held = Counter(screen.view.rack) - Counter(screen.staging.tiles())
                assert shown == held, f"key {n} ({key}): {shown - held} extra, {held - shown} gone"
        match = app.session.match
        assert match.results and match.hand_number >= 1, "a hand was played out, the next dealt"


async def test_after_sorting_the_cursor_is_on_a_tile():
    """The cursor left on a slot that sorting empties goes to the nearest tile: the turn
    hint says "x discards the tile under the cursor", and x must find one there."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await sorted_table(pilot, app)
        end = screen.rack.index(0, screen.rack.cols - 1)  # a gap after the groups
        await goto(pilot, screen, end)
        assert screen.rack.slots[screen.cursor] is None
        await pilot.press("s")
        assert screen.rack.slots[screen.cursor] is not None


async def test_tiles_that_fit_different_melds_are_told_where_each_goes():
    """Tiles selected together that each fit a table meld, but no one meld takes them all,
    were refused with "… does not fit meld 1", a meld the player never chose. Each going
    on just one meld, a adds each to its own and the line says where each went (a tile
    that could go on more than one is refused, saying where each goes:
    test_ui_add_to_several_melds.py). Seed 443: R3-R6 and R6-R9 opened without their last
    tiles (101), R6 and R9 kept back."""
    app = table_app(443)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        hand = app.session.hand
        best = solver.best_melds(hand.racks[0], hand.okey)
        runs = [m for m in best.melds if str(m) in ("R3 R4 R5 R6", "R6 R7 R8 R9")]
        assert len(runs) == 2, [str(m) for m in best.melds]
        await pilot.press("s")
        for run in runs:
            for tile in run.tiles[:-1]:
                await goto(pilot, screen, slots_of(screen, tile)[0])
                await pilot.press("space")
            await pilot.press("o")  # the run less its last tile
        await pilot.press("o", "enter")  # every other meld: the opening
        assert hand.openings[0] is not None
        kept = [run.tiles[-1] for run in runs]
        targets: dict[Tile, set[int]] = {}
        for a in legal_actions(app.session.view()):
            if isinstance(a, AddTile) and a.tile in kept:
                targets.setdefault(a.tile, set()).add(a.target)
        assert len(targets) == 2 and not targets[kept[0]] & targets[kept[1]], targets
        table_before = [str(tm.meld) for tm in hand.table]
        rack_before = list(screen.rack.slots)
        for tile in kept:
            await goto(pilot, screen, slots_of(screen, tile)[0])
            await pilot.press("space")
        await pilot.press("a")
        assert all(len(targets[tile]) == 1 for tile in kept), targets
        grown = [str(tm.meld) for tm in hand.table]
        for tile in kept:
            (target,) = targets[tile]
            assert str(tile) in grown[target].split() and grown[target] != table_before[target]
        assert [m for i, m in enumerate(grown) if i not in set().union(*targets.values())] == [
            m for i, m in enumerate(table_before) if i not in set().union(*targets.values())
        ]
        left = Counter(t for t in rack_before if t is not None) - Counter(kept)
        assert Counter(t for t in screen.rack.slots if t is not None) == left
        said = status_text(screen)
        for tile in kept:
            (target,) = targets[tile]
            assert f"{tile} to meld {target + 1}" in said, said


async def test_o_stages_each_selected_group_as_a_meld_of_its_own():
    """Two groups selected with m (to open with them, not with every group) are no one meld
    together: o stages each of them, where it said "R9 … K13 is neither a run nor a set".
    A selection with a part that is no meld stages nothing and names that part."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("s")
        rack = screen.rack
        groups = [g for g in rack.groups() if len(g) >= 3][:2]
        before = list(rack.slots)
        for group in groups:
            await goto(pilot, screen, group[0])
            await pilot.press("m")
        await pilot.press("o")
        staged = [list(m.tiles) for m in screen.staging.melds]
        assert len(staged) == 2, status_text(screen)
        for meld, group in zip(staged, groups, strict=True):
            assert sorted(meld, key=Tile.sort_key) == sorted(
                (before[i] for i in group), key=Tile.sort_key
            )
        assert status_text(screen).startswith("Staged 2 groups. Opening:")
        # o again, nothing selected: the other groups that are melds, said as more.
        await pilot.press("o")
        others = len(screen.staging.melds) - 2
        assert others > 0, "seed 125 sorts into four melds"
        said = f"Staged {others} more group{'s' if others > 1 else ''} ({others + 2} in all)"
        assert status_text(screen).startswith(said), status_text(screen)
        await pilot.press("escape")
        assert rack.slots == before
        # A whole group and one tile of another: the lone tile is named, nothing staged.
        lone = next(g for g in rack.groups() if g not in groups)[0]
        await goto(pilot, screen, groups[0][0])
        await pilot.press("m")
        await goto(pilot, screen, lone)
        await pilot.press("space", "o")
        assert not screen.staging.melds
        assert status_text(screen).startswith(str(before[lone])), status_text(screen)
        assert rack.slots == before


async def test_sorting_keeps_the_new_mark_and_the_cursor_on_their_tiles():
    """d then s: the drawn tile lost its "new" mark and the cursor stayed on its slot,
    over whatever tile sorting put there, so x threw that one. Both follow their tiles."""
    from ui_helpers import wait_for_human

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("x")  # the starter's first turn: 22 tiles, no draw
        await wait_for_human(pilot, app)
        await pilot.press("d")
        drawn = screen.rack.slots[screen.cursor]
        assert drawn is not None and screen.fresh == {screen.cursor}
        for key in ("s", "p", "s"):
            await pilot.press(key)
            assert screen.rack.slots[screen.cursor] == drawn, key
            assert screen.fresh == {screen.cursor}, key
        await pilot.press("x")
        assert app.session.hand.discards[0][-1] == drawn


async def test_tiles_of_a_group_that_make_no_meld_with_a_tile_from_elsewhere_are_named_as_one():
    """R11 K1 of a group and F✦ apart, o: "R11 K1: a run or set needs at least three tiles"
    named two of the three tiles chosen, as if each group were a meld of its own. The three
    are named together, as the one meld the player meant."""
    from ui_helpers import opened_beside_a_run, select_tiles

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "Y6 R11 K1 F R3", "K13")
        await pilot.press("d")
        await pilot.pause()
        row = [
            Tile.parse(t) if t != "_" else None
            for t in ["Y6", "R11", "K1", "_", "_", "F", "_", "R3"]
        ]
        drawn = [t for t in screen.rack.slots if t is not None and t not in row]
        screen.rack.slots = row + drawn + [None] * (len(screen.rack.slots) - len(row) - len(drawn))
        screen.render_all()
        await select_tiles(pilot, screen, "R11 K1 F")
        await pilot.press("o")
        said = status_text(screen)
        assert not screen.staging.melds
        assert not said.startswith("R11 K1:"), said
        assert "F✦ (B8)" in said and "R11" in said and "K1" in said, said


async def test_a_click_under_a_long_block_that_is_no_meld_selects_the_tile_above():
    """A click a line low under an unsorted row (one block of many tiles, no meld) selected
    every tile of the block; it selects the tile above it, as a click on the tile does."""
    from ui_helpers import at_position

    from tests.positions import position

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot, app, position(["R1 Y5 B9 K13 R3 Y7 B11 K2 R6", "", "", ""], phase="p")
        )
        rack = screen.rack
        tiles = [t for t in rack.slots if t is not None]
        assert len(tiles) == 9
        rack.slots[:] = [None] * len(rack.slots)
        rack.slots[: len(tiles)] = tiles  # the nine side by side: one block, no meld
        screen.render_rack()
        await pilot.pause()
        group = rack.group_at(4)
        assert len(group) == 9
        widget = screen.query_one(RackWidget)
        x, y = slot_offset(widget, group[4])
        await pilot.click(RackWidget, offset=(x, y + 1))
        assert screen.selected == {group[4]}
