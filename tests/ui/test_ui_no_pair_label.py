"""The rack's labels follow what the seat may lay (rules §9), as the engine rules it.

After an opening with runs and sets, s (sort) left two K8 side by side and the rack
showed "── pair ───" under them in the meld style, while the status said "Sorted: 0 points
in runs and sets": a melds opener lays no pairs, so a pair is no meld for them. It now
stands plain, like any group that is no meld; a pairs opener still sees "pair" (and no
"run" under three in a row), and before the opening a pair still counts towards a pairs
opening. p after a runs-and-sets opening says that pairs do not lay for them."""

from __future__ import annotations

import pytest
from ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

from okey_tui.engine.melds import MeldKind
from okey_tui.engine.tiles import Tile
from okey_tui.messages import meld_kind
from okey_tui.ui.widgets.rack import RackWidget

RACK = "K8 K8 R6 R7 R8 Y1 B11 K13"  # the okey is B8 (indicator B7)
OPENED = {"melds": "m101/-/-/-", "pairs": "p5/-/-/-", "not yet": "-/-/-/-"}
TABLE = {"melds": ("0:Y9Y10Y11",), "pairs": ("0:Y9Y9",), "not yet": ()}


def group_of(rack: RackWidget, tiles: str) -> tuple[str, bool]:
    """The label under the group holding exactly ``tiles``, and whether it is a meld."""
    layout = rack.layout_model
    wanted = sorted(tiles.split())
    for start, (label, is_meld, size) in rack.labels().items():
        held = [str(t) for i in range(start, start + size) if (t := layout.slots[i])]
        if sorted(held) == wanted:
            return label, is_meld
    raise AssertionError(f"no group {tiles} on the rack: {layout.slots}")


async def sorted_at(opened: str, key: str):  # type: ignore[no-untyped-def]
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position([RACK, "", "", ""], openings=OPENED[opened], table=TABLE[opened])
        screen = await at_position(pilot, app, hand)
        await pilot.press(key)
        await pilot.pause()
        rack = screen.rack_widget
        return rack, rack.render().plain, " ".join(status_text(screen).split())


@pytest.mark.parametrize("key", ["s", "p"])
async def test_after_a_runs_and_sets_opening_a_pair_has_no_meld_label(key: str) -> None:
    rack, drawn, status = await sorted_at("melds", key)
    label, is_meld = group_of(rack, "K8 K8")
    assert not is_meld and label == "·", (label, drawn)
    assert meld_kind(MeldKind.PAIR) not in drawn, drawn
    if key == "s":  # the run still shows as one
        assert group_of(rack, "R6 R7 R8") == (f"{meld_kind(MeldKind.RUN)} 21", True), drawn
    else:
        # p sorts by pairs all the same, and says plainly they do not lay for this seat.
        assert "you opened with runs and sets: pairs do not lay for you" in status, status
        assert "o stages" not in status, status


async def test_a_pairs_opener_sees_the_pair_and_no_run() -> None:
    rack, drawn, _status = await sorted_at("pairs", "s")
    assert group_of(rack, "K8 K8") == (meld_kind(MeldKind.PAIR), True), drawn
    assert not group_of(rack, "R6 R7 R8")[1], drawn


async def test_before_the_opening_a_pair_and_a_run_are_both_melds() -> None:
    rack, drawn, _status = await sorted_at("not yet", "s")
    assert group_of(rack, "K8 K8") == (meld_kind(MeldKind.PAIR), True), drawn
    assert group_of(rack, "R6 R7 R8")[1], drawn


async def test_the_selection_line_reads_no_pair_after_a_runs_and_sets_opening() -> None:
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position([RACK, "", "", ""], openings=OPENED["melds"], table=TABLE["melds"])
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "K8 K8")
        line = screen.selection_text(screen.view)
        assert line is not None and "=" not in line.plain, line.plain
        assert Tile.parse("K8") in screen.selected_tiles()


async def test_s_with_no_run_or_set_after_the_opening_does_not_offer_o() -> None:
    """ "Sorted: 0 points in runs and sets · o stages the groups": o had nothing to stage."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K8 K8 Y1 B11 K13 R3", "", "", ""],
            openings=OPENED["melds"],
            table=TABLE["melds"],
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        await pilot.pause()
        status = " ".join(status_text(screen).split())
        assert "0 points in runs and sets" in status, status
        assert "o stages" not in status and "no group to lay down yet" in status, status
