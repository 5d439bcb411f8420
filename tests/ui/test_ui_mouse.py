"""Mouse play: click selects, drag moves tiles within the rack, drag onto your pile discards."""

from __future__ import annotations

from ui_helpers import table_app, wait_for_human

from okey_tui.messages import tile_text
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import SLOT, RackWidget


def slot_offset(widget: RackWidget, index: int) -> tuple[int, int]:
    row, col = widget.layout_model.place(index)
    return widget.pad() + col * SLOT + 1, row * 3 + 1


async def the_human_s_rack(pilot, app) -> tuple[TableScreen, RackWidget]:  # type: ignore[no-untyped-def]
    """The table screen once the person is to play, and its rack widget."""
    await wait_for_human(pilot, app)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen, screen.query_one(RackWidget)


async def test_click_selects_and_drag_moves_a_tile() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, rack = await the_human_s_rack(pilot, app)
        first = next(i for i, t in enumerate(screen.rack.slots) if t is not None)
        tile = screen.rack.slots[first]
        await pilot.click(RackWidget, offset=slot_offset(rack, first))
        assert first in screen.selected
        await pilot.click(RackWidget, offset=slot_offset(rack, first))
        assert first not in screen.selected

        empty = next(i for i, t in enumerate(screen.rack.slots) if t is None)
        await pilot.mouse_down(RackWidget, offset=slot_offset(rack, first))
        await pilot.mouse_up(RackWidget, offset=slot_offset(rack, empty))
        await pilot.pause()
        assert screen.rack.slots[empty] == tile
        assert screen.rack.slots[first] is None


async def test_a_tile_dropped_on_another_trades_places_with_it_and_says_so() -> None:
    """A tile dropped on an occupied slot swaps with the tile there: it did so silently, and
    the other tile seemed to jump by itself. The line names both, and u puts them back."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, rack = await the_human_s_rack(pilot, app)
        slots = screen.rack.slots
        filled = [i for i, t in enumerate(slots) if t is not None]
        first = filled[0]
        second = next(i for i in filled[1:] if slots[i] != slots[first])
        a, b = slots[first], slots[second]
        before = list(slots)
        await pilot.mouse_down(RackWidget, offset=slot_offset(rack, first))
        await pilot.mouse_up(RackWidget, offset=slot_offset(rack, second))
        await pilot.pause()
        assert (screen.rack.slots[first], screen.rack.slots[second]) == (b, a)
        line = str(screen.status_line.render())
        okey = screen.view.okey
        said = f"{tile_text(a, okey)} and {tile_text(b, okey)} swapped places (u puts them back)"
        assert line.startswith(said), line
        await pilot.press("u")
        await pilot.pause()
        assert screen.rack.slots == before


async def drag_to_own_pile(pilot, screen, rack: RackWidget, source: int) -> None:  # type: ignore[no-untyped-def]
    """Drag the tile of slot ``source`` onto the player's own pile, and let it land."""
    pile = screen.query_one("#pile-0")
    await pilot.mouse_down(RackWidget, offset=slot_offset(rack, source))
    x = pile.region.x + 2 - rack.region.x
    y = pile.region.y + 1 - rack.region.y
    await pilot.mouse_up(RackWidget, offset=(x, y))
    await pilot.pause()


async def test_dragging_a_tile_onto_your_pile_discards_it() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, rack = await the_human_s_rack(pilot, app)
        hand = app.session.hand
        if hand.phase.value == "d":
            await pilot.press("d")
        source = next(i for i, t in enumerate(screen.rack.slots) if t is not None)
        tile = screen.rack.slots[source]
        before = list(hand.discards[0])
        await drag_to_own_pile(pilot, screen, rack, source)
        assert app.session.hand.discards[0][: len(before) + 1] == [*before, tile]


async def test_dragging_one_of_several_selected_tiles_onto_your_pile_discards_nothing() -> None:
    """A selected tile takes the selection along, and x refuses a selection of two: the
    drop discarded the dragged tile alone, with no question, the other still selected."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, rack = await the_human_s_rack(pilot, app)
        if app.session.hand.phase.value == "d":
            await pilot.press("d")
        first, second = [i for i, t in enumerate(screen.rack.slots) if t is not None][:2]
        for index in (first, second):
            await pilot.click(RackWidget, offset=slot_offset(rack, index))
        assert screen.selected == {first, second}
        slots = list(screen.rack.slots)
        before = list(app.session.hand.discards[0])
        await drag_to_own_pile(pilot, screen, rack, first)
        assert app.session.hand.discards[0] == before and screen.rack.slots == slots
        assert screen.selected == {first, second}
        line = str(screen.status_line.render())
        assert line.startswith("Select one tile to discard (Esc clears the selection)"), line


async def test_on_the_new_table_screen_the_left_arrow_steps_back(_temp_config) -> None:
    """A click anywhere on a line stepped its value on, ◀ too: on a phone going back meant
    going round every value. ◀ steps back, the value and ▶ step on, the label and the empty
    line past ▶ only focus (a click to bring a browser page to the front changed a choice)."""
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import LABEL_WIDTH, VALUE_WIDTH, NewTableScreen, OptionRow

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        row = app.screen.query_one("#opt-hands", OptionRow)
        pad = 1  # the line's padding
        left, right = pad + LABEL_WIDTH + 1, pad + LABEL_WIDTH + 3 + VALUE_WIDTH + 1
        start = row.value
        await pilot.click("#opt-hands", offset=(left, 0))
        back = row.value
        await pilot.click("#opt-hands", offset=(right, 0))
        assert row.value == start and back != start
        await pilot.click("#opt-hands", offset=(pad + 2, 0))  # the label
        assert row.value == start and row.has_focus
        await pilot.click("#opt-hands", offset=(right + 1, 0))  # past ▶
        await pilot.click("#opt-hands", offset=(right + 20, 0))
        assert row.value == start
        await pilot.click("#opt-hands", offset=(left + 3, 0))  # the value
        assert row.value != start


async def test_a_click_on_the_middle_draws_and_on_the_left_pile_takes() -> None:
    """In the browser a click on "Middle: 17" did nothing and a click on the left pile (its
    "t take" line) opened the piles' list: a mouse player could draw only from the key
    bar. At this seat's draw a click on the middle draws and one on the left pile takes
    its top tile; at other times a click on a pile still lists the piles."""
    from okey_tui.engine.state import Phase
    from okey_tui.ui.screens.dialogs import PilesScreen

    for target in ("#centre-info", "#pile-3"):
        app = table_app(bots=("normal", "normal", "normal"))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for_human(pilot, app)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if screen.view.phase is not Phase.DRAW:  # the starter: discard first
                await pilot.press("x")
                await pilot.pause()
                if not isinstance(app.screen, TableScreen):  # a penalty asks first
                    await pilot.press("y")
                await wait_for_human(pilot, app)
            view = screen.view
            assert view.phase is Phase.DRAW and view.left_discard is not None
            top, rack = view.left_discard, len(view.rack)
            await pilot.click(target)
            await pilot.pause()
            view = screen.view
            assert view.phase is Phase.PLAY and len(view.rack) == rack + 1, target
            taken = view.taken is not None
            assert taken == (target == "#pile-3"), target
            if taken:
                assert view.taken is not None and view.taken.tile == top
            await pilot.click("#pile-1")  # another seat's pile: the list of piles
            await pilot.pause()
            assert isinstance(app.screen, PilesScreen)


async def test_a_click_on_ones_own_pile_discards_the_one_tile_selected():
    """A mouse player selected a tile and clicked their pile: every pile was shown. With one
    tile selected in the turn's discard, the click discards it (as a drop there does); with
    none selected, or two, the piles are shown as before."""
    from okey_tui.engine.state import Phase
    from okey_tui.ui.screens.dialogs import PilesScreen

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if screen.view.phase is Phase.DRAW:
            await pilot.click("#centre-info")  # draw
            await pilot.pause()
        assert screen.view.phase is Phase.PLAY
        await pilot.click("#pile-0")  # nothing selected: the piles
        await pilot.pause()
        assert isinstance(app.screen, PilesScreen)
        await pilot.press("escape")
        await pilot.pause()
        hand = app.session.hand
        filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
        rack = screen.query_one(RackWidget)
        await pilot.click(RackWidget, offset=slot_offset(rack, filled[0]))
        await pilot.click(RackWidget, offset=slot_offset(rack, filled[1]))
        await pilot.pause()
        assert len(screen.selected) == 2
        await pilot.click("#pile-0")  # two selected: which one is not plain
        await pilot.pause()
        assert isinstance(app.screen, PilesScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.click(RackWidget, offset=slot_offset(rack, filled[1]))  # one left selected
        await pilot.pause()
        (index,) = screen.selected
        tile = screen.rack.slots[index]
        discards = len(hand.discards[0])
        await pilot.click("#pile-0")
        await pilot.pause()
        if not isinstance(app.screen, TableScreen):  # a penalty or the opening asks first
            await pilot.press("y")
            await pilot.pause()
        assert len(hand.discards[0]) == discards + 1 and hand.discards[0][-1] == tile
