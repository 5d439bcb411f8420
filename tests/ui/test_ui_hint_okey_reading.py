"""Adding an okey that could stand for either end of a meld: after e, a adds it as the
hint reads it (the line says which); without a hint the chooser opens on a reading nobody
can swap out, never simply the first.

The hint said "Lay off R2★ (an okey) on meld 1 as R11 now … both R11 are in sight: nobody
can swap it out" and "a adds it there"; e then a opened "Add to which meld, the okey as
which tile?" on its first row, the okey as R6 with "+101 to you if a player holding R6
takes it", and Enter laid it there."""

from __future__ import annotations

from ui_helpers import at_position, goto, slot_of, status_text, table_app

from okey_tui.engine.actions import AddTile
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ChooserScreen
from tests.positions import position

OKEY = Tile.parse("R2")  # the indicator is R1
R6, R11 = Tile.parse("R6"), Tile.parse("R11")


def okey_beside_a_run(seen: tuple[str, str]):  # type: ignore[no-untyped-def]
    """Seat 0, opened, to play with the okey and K9 K10 (K9 K10 ★K11 would leave the okey
    where a K11 swaps it out); seat 2's R7-R10 on the table takes the okey as R6 or R11.
    ``seen``: the discards of seats 0 and 2 (both R11 in sight, and maybe both R6)."""
    return position(
        ["R2 K9 K10 Y1 Y5 B3", "", "", ""],
        indicator="R1",
        phase="p",
        discards=(seen[0], "", seen[1], ""),
        table=["2:R7R8R9R10"],
        openings="m101/-/m101/-",
    )


def highlighted_reading(chooser: ChooserScreen) -> Tile | None:  # type: ignore[type-arg]
    """What the okey stands for in the chooser's highlighted row."""
    from textual.widgets import OptionList

    index = chooser.query_one(OptionList).highlighted
    assert index is not None
    steps = chooser.options[index][1]
    return next(step.meant for step in steps if step.tile == OKEY)


def readings(chooser: ChooserScreen) -> list[Tile | None]:  # type: ignore[type-arg]
    return [next(s.meant for s in steps if s.tile == OKEY) for _label, steps in chooser.options]


async def test_e_then_a_lays_the_okey_as_the_hint_reads_it() -> None:
    """Both R6 and both R11 in sight: either reading is safe, the hint names R11 (the
    higher meld), e says "a adds it to meld 1 as R11", and a lays it so, not as R6 (the
    chooser's first row), with no question between."""
    app = table_app(practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, okey_beside_a_run(("R11 R6", "R11 R6")))
        expert = screen.practice.hint_now().expert
        assert expert is not None and expert.action == AddTile(OKEY, 0, R11), expert
        await pilot.press("e")
        assert screen.rack.slots[screen.cursor] == OKEY
        assert "a adds it to meld 1 as R11" in status_text(screen)
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen), type(app.screen)
        laid = app.session.hand.table[0].meld
        assert laid.tiles[-1] == OKEY and laid.stands_for[-1] == R11, laid


async def test_a_without_a_hint_opens_on_the_reading_nobody_can_swap_out() -> None:
    """Both R11 in sight, no R6: the okey as R6 is swappable (+101), as R11 it is not.
    Selected and added without a hint (no practice), the chooser opens on R11."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, okey_beside_a_run(("R11", "R11")))
        await goto(pilot, screen, slot_of(screen, OKEY))
        await pilot.press("space", "a")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen), type(chooser)
        assert readings(chooser) == [R6, R11]
        assert "+101" in str(chooser.options[0][0]) and "+101" not in str(chooser.options[1][0])
        assert highlighted_reading(chooser) == R11
        await pilot.press("enter")
        await pilot.pause()
        laid = app.session.hand.table[0].meld
        assert laid.tiles[-1] == OKEY and laid.stands_for[-1] == R11, laid


async def test_e_then_a_follows_the_hint_when_its_reading_is_the_one_at_risk_elsewhere() -> None:
    """The practice table with the tester's position (both R11 in sight, R6 not): e then
    a lays the okey as R11, as the hint said."""
    app = table_app(practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, okey_beside_a_run(("R11", "R11")))
        await pilot.press("e", "a")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen), type(app.screen)
        assert app.session.hand.table[0].meld.stands_for[-1] == R11
        assert screen.view.rack.count(OKEY) == 0
