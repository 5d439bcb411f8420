"""Practice tables (okey101 play --practice): hints, penalty confirms, undo, rule references."""

from __future__ import annotations

from collections import Counter

import pytest
from rendered import screen_text
from textual.widgets import Static
from ui_helpers import (
    OPENING_SEED,
    at_position,
    back_to_the_table,
    goto,
    select_tiles,
    slot_of,
    status_text,
    table_app,
    wait_for_human,
)

from okey_tui.engine import solver
from okey_tui.engine.actions import Open
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.notation import format_position
from okey_tui.engine.state import Opening, OpeningKind, TableMeld
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.widgets.hints import HintPanel

HINT_SEED = 3  # the human is not the starter; after the bots it holds 108 in melds


def practice_app(seed: int, **changes: object):
    return table_app(seed, practice=True, tips=False, **changes)


async def hint_shows_the_solvers_best_opening(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """h opens the hint panel; its total against the floor is the solver's on the human's rack."""
    await wait_for_human(pilot, app)
    hand = app.session.hand
    check = solver.opening_check(hand.racks[0], hand.okey, 101, 5)
    await pilot.press("h")
    await pilot.pause()
    panel = app.screen.query_one(HintPanel)
    assert panel.display
    text = str(panel.query_one("#hints-text", Static).render())
    assert f"{check.value} / 101" in text
    assert f"{check.pair_count} / 5 pairs" in text
    assert "Safest discards" in text
    assert "K13 — leave it:" in text  # the left discard, in the expert's lines
    assert f"{check.value} / 101" in screen_text(app)
    await pilot.press("h")
    await pilot.pause()
    assert not panel.display


async def a_playable_discard_asks_first_and_explains_the_penalty(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """§12: throwing a tile that fits a table meld costs +101; every table asks before it
    (a player who drew with d has the new tile under the cursor: x would throw it at once)."""
    hand = app.session.hand
    okey = hand.okey
    # Seat 1 has a run R3-R5 on the table; the human holds R6.
    hand.table.append(TableMeld(1, parse_meld("R3R4R5", okey)))
    hand.openings[1] = Opening(OpeningKind.MELDS, 101)
    hand.racks[0][0] = Tile.parse("R6")
    app.screen.new_hand()
    await pilot.pause()
    screen = app.screen
    await goto(pilot, screen, slot_of(screen, Tile.parse("R6")))
    await pilot.press("x")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    assert "+101" in app.screen.question and "meld 1" in app.screen.question
    await pilot.press("n")
    await pilot.pause()
    assert hand.discards[0] == [] and hand.penalty_points(0) == 0
    await pilot.press("x", "y")
    await pilot.pause()
    assert hand.discards[0][-1] == Tile.parse("R6")
    assert hand.penalty_points(0) == 101


async def undo_takes_back_the_opening_at_a_practice_table(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """u restores the position before the human's own step this turn (a practice table;
    at a normal table, never: :func:`undo_does_nothing_at_a_normal_table`)."""
    screen = app.screen
    hand = app.session.hand
    before = format_position(hand)
    best = solver.best_melds(hand.racks[0], hand.okey)
    assert await screen.act(Open(best.melds))
    await pilot.pause()
    assert hand.openings[0] is not None
    await pilot.press("u")
    await pilot.pause()
    assert hand.openings[0] is None
    assert format_position(hand) == before
    assert "Undone: the opening" in status_text(screen)


async def undo_does_nothing_at_a_normal_table(pilot, app) -> None:  # type: ignore[no-untyped-def]
    hand = app.session.hand
    best = solver.best_melds(hand.racks[0], hand.okey)
    assert await app.screen.act(Open(best.melds))
    await pilot.press("u")
    await pilot.pause()
    assert hand.openings[0] is not None


async def a_refusal_names_the_rule(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The starter cannot draw: the engine's reason, then the rules section (§6 A turn)."""
    await pilot.press("d")
    assert "You cannot draw" in status_text(app.screen)
    assert "(rules §6 A turn)" in status_text(app.screen)


def test_hint_panel(snap_compare):
    """Seed 3, practice table, the human to draw: the hint panel replaces the log column.
    It starts with the expert's choice ("Draw from the middle" under its heading, and
    why K13 is not worth taking), then shows the best opening in tile colours with "108 / 101: enough to open", the pairs
    count against 5 and three safest discards each with a reason; K13's advice is not
    repeated under a "Left discard" heading. The panel's bottom border says "{ } scroll".
    Okeys on the rack have a green face and "okey" under them."""

    async def run_before(pilot) -> None:
        await wait_for_human(pilot, pilot.app)
        await pilot.press("h")
        await pilot.pause()

    assert snap_compare(practice_app(HINT_SEED), terminal_size=(120, 40), run_before=run_before)


async def on_a_narrow_terminal_the_hints_come_over_the_table(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """At 80x24 h shows the hints in the table's place (the rack stays), all but its row
    of piles: the left discard a hint may name (t takes it), the seat's own panel and the
    lay-down area stay below them; h again brings the table back. At 120x40 they stand
    beside the table."""
    await pilot.pause()
    screen = app.screen
    board, hints = screen.query_one("#board"), screen.query_one("#hints")
    top, middle, bottom = (screen.query_one(f"#{row}-row") for row in ("top", "mid", "bottom"))
    await pilot.press("h")
    await pilot.pause()
    assert hints.display and hints.size.width >= 70
    assert not top.display and not middle.display
    assert board.display and bottom.display and screen.query_one("#pile-3").region.height
    assert hints.region.bottom <= bottom.region.y  # the hints above the piles, not over them
    assert screen.query_one("#rack").display
    await pilot.press("h")
    await pilot.pause()
    assert board.display and not hints.display and top.display and middle.display
    await pilot.resize_terminal(120, 40)
    await pilot.press("h")
    await pilot.pause()
    assert board.display and hints.display


async def undoing_a_take_back_takes_the_laid_tiles_not_their_twins_off_the_rack(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """B13 is in a run and, loose, once more: after an opening, its take-back and u, the
    loose B13 is still in its own slot and the run's slots are empty again."""
    from tests.positions import position

    rack = "R9 R10 R11 R12 K9 K10 K11 K12 B11 B12 B13 B13 Y2 Y4"
    await wait_for_human(pilot, app)
    hand = app.session.hand
    hand.restore(position([rack, "", "", ""], indicator="Y8"))
    screen = app.screen
    screen.new_hand()
    await pilot.pause()
    await pilot.press("s", "o", "enter")
    assert hand.openings[0] is not None and hand.racks[0].count(Tile.parse("B13")) == 1
    opened = list(screen.rack.slots)
    await pilot.press("b")
    assert isinstance(app.screen, ConfirmScreen)
    await pilot.press("y")
    assert hand.openings[0] is None
    await pilot.press("u")
    await pilot.pause()
    assert hand.openings[0] is not None
    assert screen.rack.slots == opened


async def test_a_tip_and_a_tall_lay_down_area_leave_the_indicator_in_sight_at_80x24():
    """The middle row keeps a line of its own: a first-hand tip over it and Going Pairs
    (a taller lay-down area) at 80x24 used to squeeze out the indicator and the okey."""
    app = table_app(1, practice=True, tips=True, game_type="challenge")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        assert app.screen.practice.tip_shown
        await pilot.press("P")
        await pilot.pause()
        await pilot.press("y")
        # The rows are fitted after a refresh or two (more on a busy machine): wait for the
        # layout to settle, at most 2 s; a squeezed middle row never shows the line.
        for _ in range(100):
            if app.session.hand.going_pairs[0] and "Indicator" in screen_text(app):
                break
            await pilot.pause(0.02)
        assert app.session.hand.going_pairs[0]
        assert app.screen.practice.tip_shown
        assert "Indicator" in screen_text(app)


def test_at_the_draw_the_left_discard_advice_is_given_once_at_the_top():
    """Y6 on the left makes nothing: the expert (first in the panel) draws and says why Y6 is
    left; the panel does not say it again under a "Left discard" heading."""
    from okey_tui.engine.actions import DrawMiddle
    from okey_tui.engine.view import PlayerView
    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.hints import hint_text
    from tests.test_practice import NINETY_FOUR, position

    hint = hint_for(PlayerView.of(position(NINETY_FOUR, left="Y6"), 0))
    assert hint.expert is not None and isinstance(hint.expert.action, DrawMiddle)
    assert hint.left is not None and not hint.left.worth
    text = hint_text(hint).plain
    assert text.count(hint.left.reason) == 1
    assert text.index(hint.left.reason) < text.index("Best opening on your rack")
    assert "Left discard" not in text


def test_a_finish_that_opens_lays_the_opening_before_the_swap_and_shows_every_meld():
    """§8 and §9: only an opened seat swaps an okey, and a swapped okey does not count toward
    the opening; so a seat that goes out on its opening lays the opening first, then swaps,
    then lays the meld the okey goes into. The panel lists those steps in that order."""
    from okey_tui.engine.state import Phase
    from okey_tui.engine.view import PlayerView
    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.hints import hint_text
    from tests.test_practice import position

    rack = "K10 K11 K12 K13 R11 Y11 B11 R12 Y12 B12 R4 Y1 Y2 K2"
    hand = position(rack, table=("R3*R4R5",), phase=Phase.PLAY)
    hint = hint_for(PlayerView.of(hand, 0))
    assert hint.finish is not None and hint.finish.swaps and hint.finish.later
    text = hint_text(hint).plain
    finish = text[text.index("You can finish now") :]
    steps = [line.split()[0] for line in finish.splitlines()[1:] if line]
    assert steps[:4] == ["lay", "swap", "lay", "then"], finish
    assert "Y1 Y2 ★Y3" in finish


async def at_80x24_the_hint_panel_scrolls_by_keys(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Over the table at 80x24 the hints are longer than the panel: } scrolls them down a
    page and { back up (the mouse is not needed); the panel's border says so (the help
    screen lists the keys: checked in the test). Without the panel the keys do nothing
    but say why."""
    await wait_for_human(pilot, app)
    await pilot.press("right_curly_bracket")
    assert "h shows them" in status_text(app.screen)
    await pilot.press("d", "h")  # drawn, the expert says more: the panel overflows
    await pilot.pause()
    panel = app.screen.query_one(HintPanel)
    assert panel.max_scroll_y > 0 and panel.scroll_y == 0
    assert "{ } scroll" in str(panel.border_subtitle)
    page = max(1, panel.scrollable_content_region.height - 1)
    await pilot.press("right_curly_bracket")
    assert panel.scroll_y == min(page, panel.max_scroll_y)  # at once, not after a refresh
    await pilot.press("left_curly_bracket")
    assert panel.scroll_y == 0


async def new_advice_in_the_hint_panel_is_read_from_its_top(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """At 80x24 the hint panel kept where { } had scrolled it last turn: the next turn's
    expert's choice was out of sight. The same advice drawn again keeps the scroll."""
    import dataclasses

    from okey_tui.practice import hint_for

    await wait_for_human(pilot, app)
    await pilot.press("h")
    await pilot.pause()
    panel = app.screen.query_one(HintPanel)
    hint = hint_for(app.screen.view)
    assert hint.expert is not None
    long = dataclasses.replace(hint.expert, lines=hint.expert.lines + ("…",) * 30)
    hint = dataclasses.replace(hint, expert=long)  # longer than the panel
    panel.show(hint)
    await pilot.pause()
    assert panel.max_scroll_y > 0
    panel.scroll_end(animate=False, immediate=True)
    await pilot.pause()
    bottom = panel.scroll_y
    assert bottom > 0
    panel.show(hint)  # drawn again, same advice: where the player scrolled
    await pilot.pause()
    assert panel.scroll_y == bottom
    other = dataclasses.replace(long, headline="Discard K13")
    panel.show(dataclasses.replace(hint, expert=other))  # the next decision
    await pilot.pause()
    assert panel.scroll_y == 0


async def an_add_undone_puts_the_cursor_on_the_tile_that_came_back(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """u after adding R8 put R8 back but left the cursor on K1: the next a said "K1 does
    not fit any meld on the table"."""
    from ui_helpers import goto, slot_of

    from okey_tui.engine.tiles import Tile
    from tests.positions import position

    await wait_for_human(pilot, app)
    hand = app.session.hand
    hand.restore(
        position(
            ["R8 K1 K2 K9 Y4", "R1 R2 R3", "Y1 Y2 Y3", "K4 K5 K6"],
            table=("1:R5R6R7", "0:B1B2B3"),
            openings="m101/m101/-/-",
            phase="p",
        )
    )
    screen = app.screen
    screen.new_hand()
    await pilot.pause()
    r8 = Tile.parse("R8")
    home = slot_of(screen, r8)
    await goto(pilot, screen, home)
    await pilot.press("a")
    await pilot.pause()
    assert r8 in hand.table[0].meld.tiles and screen.cursor != home
    await pilot.press("u")
    await pilot.pause()
    assert screen.rack.slots[home] == r8 and screen.cursor == home


async def with_hints_up_at_120x40_the_lay_down_area_keeps_room_for_an_opening(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With hints beside the table at 120x40 the lay-down area was 12 columns wide: the
    staged opening was cut and an okey warning ran a word a line. The piles and the seats
    give it room while the hints are up."""
    await wait_for_human(pilot, app)
    await pilot.press("h")
    await pilot.pause()
    laydown = app.screen.query_one("#laydown")
    assert laydown.size.width >= len("Opening: 105 / 101") + 4, laydown.size
    assert app.screen.query_one("#hints").display


async def the_hint_panel_says_it_scrolls_only_when_it_does(pilot, app, scrolls: bool) -> None:  # type: ignore[no-untyped-def]
    """ "{ } scroll" stood under the hint panel with nothing more to see."""
    await wait_for_human(pilot, app)
    await pilot.press("h")
    await pilot.pause()
    await pilot.pause()
    panel = app.screen.query_one("#hints")
    assert bool(panel.max_scroll_y) is scrolls, app.size
    assert ("scroll" in str(panel.border_subtitle)) is scrolls, app.size


async def e_puts_the_cursor_on_the_hints_discard_and_x_follows_the_hint(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A learner read "Discard B4" in the hint panel and walked the cursor to it tile by
    tile. e puts the cursor on the tile the hint names (x then discards it); where the
    hint names no discard, e says so and moves nothing."""
    from okey_tui.engine.actions import Discard

    await wait_for_human(pilot, app)
    screen = app.screen
    await pilot.press("h")
    await pilot.pause()
    expert = screen.query_one(HintPanel).shown_expert()
    assert expert is not None and isinstance(expert.action, Discard), expert
    tile = expert.action.tile
    assert "e puts the cursor on it; x discards it" in screen_text(app)
    await pilot.press("space")  # a tile selected: x would discard it, not the cursor's
    assert screen.selected
    await pilot.press("e")
    assert not screen.selected
    assert screen.rack.slots[screen.cursor] == tile
    assert status_text(screen).startswith(f"The cursor is on {tile}")
    hand = app.session.hand
    await pilot.press("x")
    await pilot.pause()
    thrown = [e for e in hand.events if e.kind == "discard" and e.seat == 0]
    assert thrown and thrown[0].tiles == (tile,), [e.text for e in hand.events]


async def e_with_melds_staged_puts_them_back_so_that_x_follows_the_hint(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With melds staged, x is refused ("Enter lays them, Esc puts them back"), so e then x
    did not do what the hint said: e puts the staged melds back first."""
    from okey_tui.engine.actions import Discard

    await wait_for_human(pilot, app)
    screen = app.screen
    await pilot.press("h", "s", "o")
    await pilot.pause()
    assert screen.staging.melds
    expert = screen.query_one(HintPanel).shown_expert()
    assert expert is not None and isinstance(expert.action, Discard), expert
    tile = expert.action.tile
    await pilot.press("e")
    assert not screen.staging.melds
    assert screen.rack.slots[screen.cursor] == tile
    assert status_text(screen).startswith("The staged melds are back on the rack · ")
    assert Counter(screen.rack.tiles()) == Counter(screen.view.rack)
    await pilot.press("x")
    await pilot.pause()
    hand = app.session.hand
    thrown = [e for e in hand.events if e.kind == "discard" and e.seat == 0]
    assert thrown and thrown[0].tiles == (tile,), [e.text for e in hand.events]


async def e_points_at_the_loose_copy_of_the_hints_discard_not_the_one_in_a_run(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """After s the rack held R11 R12 R13 (run 36) and a loose R11 among six leftovers, and
    the hint said "Discard R11: you hold two". e put the cursor on the run's R11 (its
    group was the smaller), and x then broke the player's own run: e points at the copy
    in no meld."""
    from okey_tui.engine.actions import Discard
    from okey_tui.engine.melds import readings
    from tests.positions import position

    rack = "R11 R12 R13 B8 B9 B10 Y1 B1 K1 Y5 B5 K5 R2 R4 B3 B4 R11 K7 B8 K2 K6 K8"
    hand = position([rack, "", "", ""], indicator="Y1")
    screen = await at_position(pilot, app, hand)
    await pilot.press("s")
    await pilot.pause()
    r11 = Tile.parse("R11")
    expert = screen.practice.hint_now().expert
    assert expert is not None and expert.action == Discard(r11), expert
    okey = screen.view.okey

    def in_meld(slot: int) -> bool:
        group = [screen.rack.slots[i] for i in screen.rack.group_at(slot)]
        return len(group) > 1 and bool(readings(group, okey))

    copies = [i for i, t in enumerate(screen.rack.slots) if t == r11]
    assert len(copies) == 2 and sorted(map(in_meld, copies)) == [False, True]
    await pilot.press("e")
    assert screen.rack.slots[screen.cursor] == r11
    assert not in_meld(screen.cursor)
    (kept,) = [i for i in copies if i != screen.cursor]
    await pilot.press("x")
    await pilot.pause()
    thrown = [e.tiles for e in app.session.hand.events if e.kind == "discard" and e.seat == 0]
    assert thrown == [(r11,)], thrown
    assert screen.rack.slots[kept] == r11 and in_meld(kept)  # the run stays whole


async def e_follows_a_finish_that_begins_with_an_okey_swap_step_by_step(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The hint said "Go out this turn" (swap the okey from meld 2 giving K6, lay Y3 Y4 ★,
    discard B1), and e said "The hint names no tile to discard, add or lay down now". e
    puts the cursor on the tile to give and says w swaps it; w does, and e then follows
    the finish's next steps to the end of the hand."""
    from okey_tui.engine.actions import SwapOkey
    from tests.positions import position

    hand = position(
        ["K6 Y3 Y4 B1", "R1 R2", "Y1 Y2", "K1"],
        indicator="R12",
        table=("0:R8B8K8", "2:K5*K6K7"),
        openings="m101/-/m101/-",
    )
    screen = await at_position(pilot, app, hand)
    expert = screen.practice.hint_now()
    assert expert.expert is not None and expert.expert.headline == "Go out this turn"
    swap = expert.expert.action
    assert isinstance(swap, SwapOkey), swap
    given = swap.tiles[0]
    await goto(pilot, screen, slot_of(screen, Tile.parse("B1")))
    await pilot.press("e")
    assert screen.rack.slots[screen.cursor] == given
    said = status_text(screen)
    assert said == (
        f"The cursor is on {given}, the hint's swap: w puts it into meld "
        f"{swap.target + 1} for its okey"
    ), said
    await pilot.press("w")
    await pilot.pause()
    game = app.session.hand
    assert given in game.table[swap.target].meld.tiles
    assert screen.view.okey in game.racks[0]
    for _ in range(4):  # the rest of the finish: e, then what the line says to press
        if game.is_over:
            break
        await pilot.press("e")
        await pilot.pause()
        key = "enter" if screen.staging.melds else "x"
        await pilot.press(key)
        await pilot.pause()
    assert game.is_over and not game.racks[0]


async def e_at_the_draw_says_the_hint_names_no_discard(pilot, app) -> None:  # type: ignore[no-untyped-def]
    await wait_for_human(pilot, app)
    screen = app.screen
    await pilot.press("h")
    await pilot.pause()
    before = screen.cursor
    await pilot.press("e")
    assert screen.cursor == before
    # A hint to draw or take names no tile: e says the key the hint means (it said only
    # "The hint names no tile to discard, add or lay down now").
    said = status_text(screen)
    assert said in (
        "The hint is to draw: d draws a tile from the middle",
        "The hint is to take the left discard: t takes it",
    ), said


async def e_with_the_hints_put_away_still_points_at_the_hint_s_discard(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With the hints hidden (at 80x24 they cover the table), e said "Hints hidden: h shows
    them" and left the cursor where it was, and x then discarded that tile, not the one the
    hint names."""
    from okey_tui.engine.actions import Discard

    await wait_for_human(pilot, app)
    screen = app.screen
    assert not app.session.hints  # put away
    expert = screen.practice.hint_now().expert
    assert expert is not None and isinstance(expert.action, Discard), expert
    await pilot.press("e")
    assert screen.rack.slots[screen.cursor] == expert.action.tile
    assert "the hint's discard: x discards it" in status_text(screen)


async def e_points_at_the_tile_a_lay_off_hint_names_and_says_a_adds_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The hint said "Lay off K10 on meld 3 now", and e said the hint names no tile to
    discard: it puts the cursor on the tile and says a adds it."""
    from ui_helpers import at_position

    from okey_tui.engine.actions import AddTile
    from tests.positions import position

    # Opened, to play: K9 goes on seat 2's K5-K8 (meld 1).
    hand = position(
        ["R10 Y1 K2 B4 K9", "", "", ""],
        phase="p",
        table=["2:K5K6K7K8"],
        openings="m101/-/m101/-",
    )
    screen = await at_position(pilot, app, hand)
    expert = screen.practice.hint_now().expert
    assert expert is not None and expert.action == AddTile(Tile.parse("K9"), 0), expert
    await pilot.press("e")
    assert screen.rack.slots[screen.cursor] == Tile.parse("K9")
    assert "the hint's lay-off: a adds it to meld 1" in status_text(screen)


async def e_then_a_adds_to_the_meld_the_hint_names(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The line said "a adds it to meld 1", and a asked "Add to which meld?" of melds 1 and
    2, both of which take K9: a adds it to the meld the hint names, as said."""
    from okey_tui.engine.actions import AddTile
    from okey_tui.ui.screens.dialogs import ChooserScreen
    from tests.positions import position

    hand = position(
        ["R10 Y1 K2 B4 K9", "", "", ""],
        phase="p",
        table=["2:K5K6K7K8", "3:K10K11K12"],
        openings="m101/-/m101/m101",
    )
    screen = await at_position(pilot, app, hand)
    expert = screen.practice.hint_now().expert
    assert expert is not None and isinstance(expert.action, AddTile), expert
    target = expert.action.target
    await pilot.press("e")
    assert f"a adds it to meld {target + 1}" in status_text(screen)
    await pilot.press("a")
    await pilot.pause()
    assert not isinstance(app.screen, ChooserScreen)
    assert Tile.parse("K9") in app.session.hand.table[target].meld.tiles


async def e_then_a_lays_the_okey_as_the_hint_reads_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The hint said "Lay off B8★ on meld 1 as Y10", e said "a adds it to meld 1", and a
    asked which tile the okey stands for (Y5 or Y10): e names the reading, a follows it."""
    from okey_tui.engine.actions import AddTile
    from okey_tui.ui.screens.dialogs import ChooserScreen
    from tests.positions import position

    # The okey is B8 (indicator B7): it goes on Y6-Y9 as Y5 or as Y10, then K2 goes out.
    hand = position(
        ["B8 K2", "", "", ""],
        phase="p",
        table=["2:Y6Y7Y8Y9"],
        openings="m101/-/m101/-",
    )
    screen = await at_position(pilot, app, hand)
    expert = screen.practice.hint_now().expert
    assert expert is not None and isinstance(expert.action, AddTile), expert
    meant = expert.action.meant
    assert meant in (Tile.parse("Y5"), Tile.parse("Y10")), expert.action
    await pilot.press("e")
    assert f"a adds it to meld 1 as {meant}" in status_text(screen)
    await pilot.press("a")
    await pilot.pause()
    assert not isinstance(app.screen, ChooserScreen)
    assert meant in app.session.hand.table[0].meld.stands_for


async def e_stages_the_pair_the_hint_lays_and_enter_lays_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A pairs opener drew the second K12; the hint said "Lay K12 K12 now", and e said the
    hint names no tile to discard or add (the cursor stayed on K12, and x would have thrown
    it). e stages the pair the hint names and says what Enter and Esc do; Esc puts it back
    where it was, and e then Enter lays it down."""
    from okey_tui.engine.actions import Lay
    from tests.positions import position

    hand = position(
        ["R1 Y5 B9 K3 K12 B2 K12", "", "", ""],
        phase="p",
        table=["0:R7R7", "0:B4B4", "0:Y8Y8", "0:K5K5", "0:R11R11"],
        openings="p5/-/-/-",
    )
    screen = await at_position(pilot, app, hand)
    expert = screen.practice.hint_now().expert
    assert expert is not None and isinstance(expert.action, Lay), expert
    melds = list(expert.action.melds)
    before = list(screen.rack.slots)
    await pilot.press("e")
    await pilot.pause()
    assert screen.staging.melds == melds
    assert Counter(screen.rack.tiles()) + Counter(screen.staging.tiles()) == Counter(
        screen.view.rack
    )
    said = status_text(screen)
    assert said.startswith("K12 K12 staged, the hint's lay-down: Enter lays them down"), said
    assert "Esc puts them back" in said
    await pilot.press("escape")
    await pilot.pause()
    assert not screen.staging.melds and screen.rack.slots == before
    await pilot.press("e", "enter")
    await pilot.pause()
    mine = [m.meld for m in app.session.hand.table if m.owner == 0]
    assert melds[0] in mine, mine
    assert Tile.parse("K12") not in app.session.hand.racks[0]


def five_pairs_to_open():  # type: ignore[no-untyped-def]
    """The player to discard with 22 tiles, the hint to open now with five pairs (the
    position of tests/test_practice.py's pairs opening)."""
    from tests.positions import position

    rack = "R1 R1 R2 R3 R4 R4 R5 R5 R8 R11 Y3 Y5 Y5 Y8 Y11 B1 B7 B8 B12 B12 K1 K8"
    return position([rack, "", "", ""], indicator="R8", middle="R7 K2 Y6 B4 R6 K6 Y7", rest="rack1")


async def e_stages_the_hints_opening_and_enter_opens_with_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The hint said "Open now with 5 pairs": e stages those pairs (the tiles the rack
    holds, nothing else), and Enter opens with them, as the hint said."""
    from okey_tui.engine.actions import Open

    screen = await at_position(pilot, app, five_pairs_to_open())
    expert = screen.practice.hint_now().expert
    assert expert is not None and isinstance(expert.action, Open), expert
    melds = list(expert.action.melds)
    # A pair staged by hand first: e puts it back, and says so (it went without a word).
    await select_tiles(pilot, screen, "R1 R1")
    await pilot.press("o")
    await pilot.pause()
    assert len(screen.staging.melds) == 1
    await pilot.press("space")  # a tile selected: e stages the hint's melds, not it
    await pilot.press("e")
    await pilot.pause()
    assert screen.staging.melds == melds and not screen.selected
    said = status_text(screen)
    assert said.startswith("The staged melds are back on the rack · "), said
    # With its total, as o's line says it (it came back after a refusal without it).
    assert "staged, the hint's opening (5 / 5 pairs): Enter opens with them" in said, said
    await pilot.press("enter")
    await pilot.pause()
    hand = app.session.hand
    assert hand.openings[0] is not None
    assert [m.meld for m in hand.table if m.owner == 0] == melds


async def e_off_a_practice_table_says_hints_are_for_practice(pilot, app) -> None:  # type: ignore[no-untyped-def]
    await wait_for_human(pilot, app)
    await pilot.press("e")
    assert "only at a practice table" in status_text(app.screen)


async def test_at_80x24_a_tip_gives_way_to_the_melds_just_laid():
    """At 80x24 the first hand's tip, back once the staged melds were laid, left the melds
    box its frame and the indicator's line: the melds just laid were out of sight until n.
    While the tip would leave the table's melds no line, it gives way (the middle row has
    the rows for both now: the tip stays, and the melds are in sight under it)."""
    app = table_app(OPENING_SEED, practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        practice = app.screen.practice
        assert practice.tip_shown and not practice.tip_aside
        await pilot.press("s", "o", "enter")
        for _ in range(100):  # the rows are fitted after a refresh or two
            await pilot.pause(0.02)
            if "1:B5 B6 B7" in screen_text(app):
                break
        assert app.session.hand.openings[0] is not None
        assert "1:B5 B6 B7" in screen_text(app)
        assert "Indicator" in screen_text(app)


async def h_keeps_the_turns_step_on_the_line(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Showing the hints put "Hints shown: h hides them" in place of "Your turn: d draw
    from the middle …": the turn's step stays said after it."""
    await wait_for_human(pilot, app)
    screen = app.screen
    for _ in range(2):
        await pilot.press("h")
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith("Hints "), said
        assert said.endswith(screen.turn_hint()), said


async def h_with_melds_staged_keeps_what_enter_and_esc_do_on_the_line(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """e staged the hint's opening ("Enter opens with them, Esc puts them back"); h then
    said "Hints hidden: h shows them · Your turn: open if you can (o), then x discards …",
    though x is refused while melds are staged: the staged line's words stay."""
    screen = await at_position(pilot, app, five_pairs_to_open())
    await pilot.press("e")
    await pilot.pause()
    assert screen.staging.melds
    staged = status_text(screen)
    assert "Enter opens with them, Esc puts them back" in staged, staged
    for shown in ("Hints shown: h hides them", "Hints hidden: h shows them"):
        await pilot.press("h")
        await pilot.pause()
        assert status_text(screen) == f"{shown} · {staged}"


@pytest.mark.parametrize(
    ("rack", "nearer"),
    [
        ("R1 R1 Y1 Y1 B5 B5 K9 K9 R3 R7 Y4 Y9 Y12 B2 B10 B11 K6 K12 R10 Y6 B13 K3", True),
        ("R1 R1 Y1 Y1 B5 B6 K9 R3 R7 Y4 Y9 Y12 B2 B10 B11 K10 K11 K12 K13 Y13 B13 K3", False),
    ],
)
def test_the_pairs_line_stands_out_when_the_pairs_are_the_nearer_opening(
    rack: str, nearer: bool
) -> None:
    """ "4 / 5 pairs: 1 pair short" was dimmed under "0 / 101" while the safest discards
    kept those pairs: the nearer of the two openings is the one that stands out."""
    from okey_tui.engine.view import PlayerView
    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.hints import hint_text
    from tests.positions import position

    hint = hint_for(PlayerView.of(position([rack, "", "", ""], indicator="B7"), 0))
    assert hint.check is not None and not hint.check.can_open_pairs
    text = hint_text(hint)
    line = hint.pairs_line()
    start = text.plain.index(line)
    styles = {str(s.style) for s in text.spans if s.start <= start < s.end}
    assert styles == ({"yellow"} if nearer else {"dim"}), styles
    melds = text.plain.index(hint.opening_line())
    assert {str(s.style) for s in text.spans if s.start <= melds < s.end} == {"yellow"}


async def the_hint_panel_says_what_e_does_with_a_lay_off_or_a_lay_down(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Under a discard the panel said "e puts the cursor on it; x discards it", and under a
    lay-off or a lay-down nothing, though e follows those too: it says how."""
    from tests.positions import position

    for rack, table, openings, said in (
        # Opened, to play: K9 goes on seat 2's K5-K8.
        (
            "R10 Y1 K2 B4 K9",
            ["2:K5K6K7K8"],
            "m101/-/m101/-",
            "e puts the cursor on it; a adds it there",
        ),
        # Opened with pairs, holding K12 K12: the hint lays the pair.
        (
            "R1 Y5 B9 K3 K12 B2 K12",
            ["0:R7R7", "0:B4B4", "0:Y8Y8", "0:K5K5", "0:R11R11"],
            "p5/-/-/-",
            "e stages them; Enter lays them down",
        ),
    ):
        hand = position([rack, "", "", ""], phase="p", table=table, openings=openings)
        await at_position(pilot, app, hand)
        if not app.session.hints:
            await pilot.press("h")
            await pilot.pause()
        text = screen_text(app)
        assert said in text, text
        assert "x discards it" not in text


async def from_the_deal(pilot, app, deal, *checks) -> None:  # type: ignore[no-untyped-def]
    """Each check from ``deal`` (the table's first position), the hints put away first."""
    await at_positions(pilot, app, *checks, deal=deal)


async def at_positions(pilot, app, *checks, deal=None) -> None:  # type: ignore[no-untyped-def]
    """Each check at a position of its own (or from ``deal``), the hints put away first."""
    for check in checks:
        await back_to_the_table(pilot, app)
        if app.session.hints:
            await pilot.press("h")
            await pilot.pause()
        if deal is not None:
            await at_position(pilot, app, deal)
        await check(pilot, app)


async def test_a_practice_table_at_120x40_from_its_deal_and_at_positions():
    """One practice table (seed 125, 120x40, the hints put away before each check). From
    its deal: a refusal names the rule; u takes back the opening; a playable discard asks
    first and explains the penalty; h keeps the turn's step on the line; with the hints up
    the lay-down area keeps room for an opening; e puts the cursor on the hint's discard
    and x follows the hint; e with melds staged puts them back so that x follows the hint.
    At positions of their own: undoing a take-back takes the laid tiles, not their twins,
    off the rack; an add undone puts the cursor on the tile that came back; e points at
    the loose copy of the hint's discard; e points at the tile a lay-off hint names and
    says a adds it; e then a adds to the meld the hint names; e stages the pair the hint
    lays and Enter lays it; e stages the hint's opening and Enter opens with it; h with
    melds staged keeps what Enter and Esc do on the line; the hint panel says what e does
    with a lay-off or a lay-down; last, e follows a finish that begins with an okey swap,
    step by step, to the end of the hand."""
    app = practice_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        deal = app.session.hand.copy()
        await from_the_deal(
            pilot,
            app,
            deal,
            a_refusal_names_the_rule,
            undo_takes_back_the_opening_at_a_practice_table,
            a_playable_discard_asks_first_and_explains_the_penalty,
            h_keeps_the_turns_step_on_the_line,
            with_hints_up_at_120x40_the_lay_down_area_keeps_room_for_an_opening,
            e_puts_the_cursor_on_the_hints_discard_and_x_follows_the_hint,
            e_with_melds_staged_puts_them_back_so_that_x_follows_the_hint,
        )
        await at_positions(
            pilot,
            app,
            undoing_a_take_back_takes_the_laid_tiles_not_their_twins_off_the_rack,
            an_add_undone_puts_the_cursor_on_the_tile_that_came_back,
            e_points_at_the_loose_copy_of_the_hints_discard_not_the_one_in_a_run,
            e_points_at_the_tile_a_lay_off_hint_names_and_says_a_adds_it,
            e_then_a_adds_to_the_meld_the_hint_names,
            e_then_a_lays_the_okey_as_the_hint_reads_it,
            e_stages_the_pair_the_hint_lays_and_enter_lays_it,
            e_stages_the_hints_opening_and_enter_opens_with_it,
            h_with_melds_staged_keeps_what_enter_and_esc_do_on_the_line,
            the_hint_panel_says_what_e_does_with_a_lay_off_or_a_lay_down,
            e_follows_a_finish_that_begins_with_an_okey_swap_step_by_step,
        )


async def test_a_normal_table_from_its_deal_asks_before_a_playable_discard_and_has_no_undo_or_e():
    """A normal table (seed 125, 120x40), from its deal each time: a playable discard asks
    first and explains the penalty (every table does); u never takes back the opening; e
    says hints are for practice tables."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        deal = app.session.hand.copy()
        await from_the_deal(
            pilot,
            app,
            deal,
            a_playable_discard_asks_first_and_explains_the_penalty,
            undo_does_nothing_at_a_normal_table,
            e_off_a_practice_table_says_hints_are_for_practice,
        )


async def test_seed_3_at_120x40_the_hint_has_the_solvers_opening_and_e_at_the_draw_names_no_discard():
    """A practice table where the human is not the starter (seed 3, 120x40), its turn
    beginning with a draw: h shows the solver's best opening (then hides it); e at the draw
    says the hint names no discard."""
    app = practice_app(HINT_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await hint_shows_the_solvers_best_opening(pilot, app)
        await e_at_the_draw_says_the_hint_names_no_discard(pilot, app)


async def test_a_practice_table_at_80x24_then_larger():
    """A practice table (seed 125) at 80x24, from its deal each time, the hints put away
    first: e with the hints put away still points at the hint's discard; the hint panel
    says "{ } scroll" as it scrolls; the hints come over the table, and stand beside it
    once the terminal is 120x40. At 160x60, from the deal, the panel does not scroll and
    does not say it does."""
    app = practice_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        deal = app.session.hand.copy()
        await from_the_deal(
            pilot,
            app,
            deal,
            e_with_the_hints_put_away_still_points_at_the_hint_s_discard,
            lambda pilot, app: the_hint_panel_says_it_scrolls_only_when_it_does(pilot, app, True),
            on_a_narrow_terminal_the_hints_come_over_the_table,
        )
        await pilot.resize_terminal(160, 60)
        await from_the_deal(
            pilot,
            app,
            deal,
            lambda pilot, app: the_hint_panel_says_it_scrolls_only_when_it_does(pilot, app, False),
        )


async def test_seed_3_at_80x24_new_advice_is_read_from_the_top_and_the_panel_scrolls_by_keys():
    """A practice table where the human is not the starter (seed 3, 80x24): new advice in
    the hint panel is read from its top (the same advice keeps the scroll); then, the
    hints put away, the panel scrolls by keys ({ }), and the help screen lists the keys."""
    from okey_tui.ui.screens.help import key_rows
    from okey_tui.ui.screens.table import TableScreen

    app = practice_app(HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_positions(
            pilot,
            app,
            new_advice_in_the_hint_panel_is_read_from_its_top,
            at_80x24_the_hint_panel_scrolls_by_keys,
        )
    rows = dict(key_rows(TableScreen.BINDINGS, {}))
    assert rows["left_curly_bracket right_curly_bracket"] == (
        "scroll the hint panel up / down (practice tables)"
    )
