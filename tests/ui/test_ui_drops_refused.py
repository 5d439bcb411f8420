"""A drop that does nothing says why, and leaves the selection as it was.

A tile dropped past the rack's last slot (or where no tile goes) was silently ignored; a
pairs opener dropping K5 on the pair B3 B3 was told "you may not add tiles to runs and
sets"; and after a refused drop on a table meld the dragged tile stayed selected in place
of the tiles selected before.
"""

from __future__ import annotations

from test_ui_drop_on_meld import drop, meld_point
from test_ui_mouse import slot_offset
from ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.widgets.rack import SLOT, RackWidget
from tests.positions import position


async def test_a_drop_past_the_rack_s_last_slot_or_on_nothing_says_why() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot, app, position(["K5 R4 R6 K1 K2", "", "", ""], openings="-/-/-/-")
        )
        rack = screen.query_one(RackWidget)
        before = list(screen.rack.slots)
        past = rack.pad() + rack.layout_model.cols * SLOT + 1
        assert past < rack.size.width, "the rack has room past its last slot"
        source = before.index(Tile.parse("K5"))
        await pilot.mouse_down(RackWidget, offset=slot_offset(rack, source))
        await pilot.mouse_up(RackWidget, offset=(past, 1))
        await pilot.pause()
        assert screen.rack.slots == before
        assert status_text(screen).startswith("K5 stays in its slot: the rack has no slot there")
        # On another seat's pile: where a tile goes, said.
        pile = screen.query_one("#pile-1")
        x, y = pile.region.x + 2 - rack.region.x, pile.region.y + 1 - rack.region.y
        await pilot.mouse_down(RackWidget, offset=slot_offset(rack, source))
        await pilot.mouse_up(RackWidget, offset=(x, y))
        await pilot.pause()
        assert screen.rack.slots == before
        said = " ".join(status_text(screen).split())
        assert said.startswith("K5 stays in its slot: drop a tile on a slot of the rack"), said


async def test_a_pairs_opener_s_drop_on_a_pair_says_nothing_is_added_to_a_pair() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K5 R4 R6 K1 K2", "", "", ""], openings="p5/-/-/-", table=("0:B3B3", "3:K6K7K8")
        )
        screen = await at_position(pilot, app, hand)
        await drop(pilot, screen, "K5", meld_point(app, 1))
        said = " ".join(status_text(screen).split())
        assert said.startswith("Nothing can be added to a pair"), said
        # On the run, the pairs opener's rule, which names runs and sets.
        await drop(pilot, screen, "K5", meld_point(app, 2))
        said = " ".join(status_text(screen).split())
        assert "you may not add tiles to runs and sets" in said, said
        assert [str(tm.meld) for tm in app.session.hand.table] == ["B3 B3", "K6 K7 K8"]


async def test_a_refused_drop_on_a_meld_leaves_the_selection_as_it_was() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K9 R12 K5 R1", "", "", ""],
            openings="m101/-/-/m101",
            table=("0:K10K11K12K13", "3:K6K7K8"),
        )
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R1")
        selected = set(screen.selected)
        assert selected
        await drop(pilot, screen, "R12", meld_point(app, 1))
        assert screen.selected == selected
        # The refusal stays on the line.
        assert "R12 does not fit the run K10 K11 K12 K13" in status_text(screen)


async def test_a_pairs_opener_s_a_with_only_pairs_on_the_table_says_nothing_is_added_to_a_pair() -> (
    None
):
    # "not to runs and sets" read oddly with no run or set on the table to speak of.
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 R4 R6 K1 K2", "", "", ""], openings="p5/-/-/-", table=("0:B3B3",))
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "K5")
        await pilot.press("a")
        said = " ".join(status_text(screen).split())
        assert said.startswith("Nothing can be added to a pair"), said
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K5 R4 R6 K1 K2", "", "", ""], openings="p5/-/-/-", table=("0:B3B3", "3:K6K7K8")
        )
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "K5")
        await pilot.press("a")
        said = " ".join(status_text(screen).split())
        assert "you may not add tiles to runs and sets" in said, said
        assert [str(tm.meld) for tm in app.session.hand.table] == ["B3 B3", "K6 K7 K8"]
