"""What a mouse player in the browser missed, second round: the piles' list follows the
table while open, a taken tile dropped back on its pile is given back, a drop on a meld
says that meld's reason, the log's title words press l, the key bar shows e at a
practice table, and a drag marks the slot it would go to."""

from __future__ import annotations

from rendered import screen_text
from rich.console import Console
from rich.style import Style
from test_ui_drop_on_meld import drop, meld_point
from test_ui_mouse import slot_offset
from textual.widgets import Static
from ui_helpers import at_position, status_text, table_app, wait_for_human

from okey_tui.engine.actions import Discard
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ConfirmScreen, PilesScreen
from okey_tui.ui.screens.help import mouse_legend
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.keybar import KeyBar
from okey_tui.ui.widgets.rack import FACE_DROP, SLOT, RackWidget
from tests.positions import position


async def test_the_piles_list_follows_the_table_while_open() -> None:
    """The bots played on behind the piles' list and it showed the piles of before."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen)
        if table.view.phase is Phase.DRAW:
            await pilot.press("d")
            await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        piles = app.screen
        assert isinstance(piles, PilesScreen)
        before = str(piles.query_one("#piles", Static).render())
        tile = table.view.rack[0]
        assert await table.act(Discard(tile))  # the others play on behind the list
        await wait_for_human(pilot, app)
        await pilot.pause()
        assert app.screen is piles
        now = table.view
        shown = str(piles.query_one("#piles", Static).render())
        assert shown != before
        titles = [line for line in shown.splitlines() if "→" in line]
        assert [t.rsplit("(", 1)[1] for t in titles] == [
            f"{len(pile)})" for pile in now.discards
        ], shown


def pile_point(app, seat: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    pile = app.screen.query_one(f"#pile-{seat}")
    return pile.region.x + 2, pile.region.y + 1


async def test_the_taken_tile_dropped_on_the_left_pile_is_given_back() -> None:
    """Dropped back on the pile it came from, the taken R10 stayed: "R10 stays in its slot:
    drop a tile on a slot of the rack, on your pile…". It goes back as g gives it; another
    tile dropped there is told that only the taken one goes back, and how."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R8 R9 K11 K12 K13 B11 B12 B13 Y11 Y12 Y13 Y1 Y5", "", "", ""],
            phase="d",
            discards=("", "", "", "R10"),
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t")
        await pilot.pause()
        view = screen.view
        assert view.taken is not None and view.taken.tile == Tile.parse("R10")
        before = list(screen.rack.slots)
        await drop(pilot, screen, "K11", pile_point(app, 3))
        said = " ".join(status_text(screen).split())
        assert said.startswith("K11 stays in its slot: only R10, the tile you took"), said
        assert "g gives it back" in said, said
        assert screen.rack.slots == before and screen.view.taken is not None
        await drop(pilot, screen, "R10", pile_point(app, 3))
        if isinstance(app.screen, ConfirmScreen):  # a give-back that costs a penalty asks
            await pilot.press("y")
            await pilot.pause()
        view = screen.view
        assert view.taken is None
        assert view.discards[3][-1] == Tile.parse("R10"), view.discards
        assert view.phase is Phase.PLAY and len(view.rack) == 14


async def test_a_drop_on_a_meld_says_the_engine_s_first_reason_for_that_meld() -> None:
    """Before the opening a tile dropped on a pair said "Nothing can be added to a pair",
    the first reason being that the player had not opened; after it, B6 dropped on the run
    B4 B5 B6 said "B6 does not fit any meld on the table" instead of why that run does not
    take it."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K5 R4 R6 K1 B6", "", "", ""], openings="-/-/-/p5", table=("3:B3B3", "3:K6K7K8")
        )
        screen = await at_position(pilot, app, hand)
        await drop(pilot, screen, "K5", meld_point(app, 1))
        said = " ".join(status_text(screen).split())
        assert said.startswith("Only a player who has opened may add tiles"), said
        hand = position(
            ["K5 R4 R6 K1 B6", "", "", ""],
            openings="m101/-/-/m101",
            table=("0:K10K11K12K13", "3:B4B5B6"),
        )
        screen = await at_position(pilot, app, hand)
        await drop(pilot, screen, "B6", meld_point(app, 2))
        said = " ".join(status_text(screen).split())
        assert said.startswith("B6 does not fit the run B4 B5 B6"), said
        assert [str(tm.meld) for tm in app.session.hand.table] == ["K10 K11 K12 K13", "B4 B5 B6"]


async def test_a_click_on_the_log_title_s_key_words_presses_l() -> None:
    """The key bar's "l Log" hid the log on a click, the log's title "Log · l hides" did
    not; the title's words "Log" still do nothing."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.log_shown()
        log = screen.query_one("#log")
        title = str(log.border_title)
        assert title == "Log · l hides"
        line = screen_text(app).splitlines()[log.region.y][log.region.x :]
        await pilot.click("#log", offset=(line.index("Log"), 0))
        await pilot.pause()
        assert screen.log_shown(), "a click on 'Log' does nothing"
        await pilot.click("#log", offset=(line.index("l hides") + 2, 0))
        await pilot.pause()
        assert not screen.log_shown()


async def test_e_is_in_the_key_bar_while_the_hints_name_a_move() -> None:
    """The key the hints teach (e) was never in the key bar: a player with a mouse could
    not follow a hint. At a practice table, with the hints shown naming a discard, "e
    Follow" is in the bar, still on one line at 120 columns, and a click on it puts the
    cursor on the hint's tile; with the hints hidden it is not shown."""
    app = table_app(practice=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bar = screen.query_one("#keys", KeyBar)
        assert not screen.practice.hints_on
        assert "e Follow" not in str(bar.render())
        await pilot.press("h")
        await pilot.pause()
        hinted = screen.practice.hint_tile()
        assert isinstance(hinted, Discard), hinted
        shown = str(bar.render())
        assert "e Follow" in shown and "\n" not in shown.rstrip("\n"), shown
        goal = screen.rack.slots.index(hinted.tile)
        if screen.cursor == goal:  # the cursor elsewhere first, to see it move
            await pilot.press("left" if goal else "right")
        assert screen.cursor != goal
        start = next(s for _line, s, _end, key in bar._spans if key == "e")
        await pilot.click(bar, offset=(start, 0))
        await pilot.pause()
        assert screen.rack.slots[screen.cursor] == hinted.tile


def test_the_help_s_mouse_part_says_where_c_k_and_b_are() -> None:
    """c, k and B are not in the key bar: the mouse part says so, and where they are."""
    console = Console(width=200, record=True, color_system=None)
    console.print(mouse_legend())
    lines = [" ".join(line.split()) for line in console.export_text().splitlines()]
    line = next((line for line in lines if line.startswith("c, k and B")), "")
    assert "not in the key bar" in line and "colour-blind" in line and "okeys" in line, lines
    assert "B the bell" in line, lines


async def test_a_dragged_tile_marks_the_slot_it_would_go_to() -> None:
    """With the button held over another slot nothing showed where the tile would go: that
    slot's face is marked while the tile is held there, and the mark goes with the drop."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rack = screen.query_one(RackWidget)
        slots = screen.rack.slots
        source = next(i for i, t in enumerate(slots) if t is not None)
        target = next(i for i, t in enumerate(slots) if t is not None and t != slots[source])
        empty = next(i for i, t in enumerate(slots) if t is None)

        def faces(index: int) -> set[str]:
            """The background colours of the slot's top line."""
            row, col = rack.layout_model.place(index)
            line = rack.render().split("\n")[row * 3]
            x = rack.pad() + col * SLOT
            return {
                str(span.style.bgcolor.triplet.hex)  # type: ignore[union-attr]
                for span in line.divide([x, x + 3])[1].spans
                if isinstance(span.style, Style) and span.style.bgcolor is not None
            }

        assert FACE_DROP not in faces(target)
        await pilot.mouse_down(RackWidget, offset=slot_offset(rack, source))
        await pilot.hover(RackWidget, offset=slot_offset(rack, source))
        assert rack.drop_at is None  # over the tile's own slot: nothing marked
        await pilot.hover(RackWidget, offset=slot_offset(rack, target))
        await pilot.pause()
        assert rack.drop_at == target and FACE_DROP in faces(target)
        await pilot.hover(RackWidget, offset=slot_offset(rack, empty))
        await pilot.pause()
        assert rack.drop_at == empty and FACE_DROP not in faces(target)
        await pilot.mouse_up(RackWidget, offset=slot_offset(rack, empty))
        await pilot.pause()
        assert rack.drop_at is None and FACE_DROP not in faces(empty)
        assert screen.rack.slots[empty] == slots[source] or screen.rack.slots[source] is None
