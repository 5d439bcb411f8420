"""Playing 101 Okey by key presses (the app driven by Textual's pilot, bots at full speed)."""

from __future__ import annotations

from textual import events
from textual.widgets import Static
from ui_helpers import (
    OPENING_SEED,
    at_position,
    back_to_the_table,
    burst,
    checks_at_one_table,
    goto,
    late_app,
    opened_beside_a_run,
    slot_of,
    status_text,
    table_app,
    wait_for_human,
)

from okey_tui.engine import solver
from okey_tui.engine.melds import MeldKind, readings
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen


async def an_opening_by_keys_then_a_discard(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The human opens with 105 by staging four melds, lays them down and discards."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    hand = app.session.hand
    assert hand.turn == 0 and len(hand.racks[0]) == 22
    best = solver.best_melds(hand.racks[0], hand.okey)
    assert best.value == 105
    await pilot.press("s")
    for meld in best.melds:
        for tile in meld.tiles:
            await goto(pilot, screen, slot_of(screen, tile))
            await pilot.press("space")
        await pilot.press("o")
    laydown = str(screen.query_one("#laydown").render())
    assert "105 / 101" in laydown
    await pilot.press("enter")
    assert hand.openings[0] is not None and hand.openings[0].value == 105
    assert len(hand.table) == 4
    # The status line says what was done and what the turn asks for next (the table
    # holds only this seat's melds, so nothing of the rack fits one: no a).
    status = str(screen.query_one("#status").render())
    assert status == "You opened with 105 points: x discards the tile under the cursor"
    # Discard: the first tile on the rack.
    first = next(i for i, t in enumerate(screen.rack.slots) if t is not None)
    await goto(pilot, screen, first)
    tile = screen.rack.slots[first]
    await pilot.press("x")
    assert hand.discards[0][-1] == tile
    await wait_for_human(pilot, app)
    assert hand.turn == 0 and hand.phase is Phase.DRAW


# Seed 30 (easy bots): the starter's rack holds melds of 154 points, 133 without K6 K7 K8.
SPARE_MELD_SEED = 30


async def test_a_meld_laid_after_the_opening_is_told_as_such():
    """Opened with every group but K6 K7 K8, then that group laid in the same turn: the
    status line says what each lay-down was, and what the turn asks for next."""
    app = table_app(SPARE_MELD_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        rack = screen.rack
        await pilot.press("s")
        spare = next(g for g in rack.groups() if "K6" in [str(rack.slots[i]) for i in g])
        okey = screen.view.okey
        for group in rack.groups():
            if group != spare and readings([rack.slots[i] for i in group], okey):
                await goto(pilot, screen, group[0])
                await pilot.press("m", "o")
        await pilot.press("enter")
        opening = screen.view.opening
        assert opening is not None and opening.value == 133
        assert status_text(screen).startswith("You opened with 133 points: ")
        await goto(pilot, screen, spare[0])
        await pilot.press("m", "o", "enter")
        assert len(app.session.hand.table) == 5
        said = status_text(screen)
        assert said.startswith("You laid down 1 meld: ") and "x discards" in said
        assert "133" not in said


async def play_to_the_end_by_keys(pilot, app) -> int:
    """Draw (d) and throw the last tile of the rack (x) until the hand is over; the turns played."""
    screen = app.screen
    hand = app.session.hand
    turns = 0
    while not hand.is_over:
        await wait_for_human(pilot, app)
        if hand.is_over:
            break
        turns += 1
        if hand.phase is Phase.DRAW:
            await pilot.press("d")
            if hand.is_over:
                break
        filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
        await goto(pilot, screen, filled[-1])
        await pilot.press("x")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # a tile of a ready opening: asked first
            await pilot.press("y")
    await pilot.pause()
    return turns


async def test_the_last_turns_by_keys_end_in_the_summary_and_closing_while_it_is_built_is_clean():
    """From a late position (resumed from its save), draw and discard until the middle runs
    out: the hand's summary. Then the app closing while the hand's summary is built (the app
    closed as a hand ended, at a friend's table on a busy machine) closes cleanly: "No nodes
    match '#summary-body'" on the way out."""
    app = late_app(turns_left=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        hand = app.session.hand
        assert hand.turn == 0 and hand.phase is Phase.DRAW
        assert await play_to_the_end_by_keys(pilot, app) >= 1
        assert isinstance(app.screen, HandSummaryScreen)
        assert app.session.match.results, "the hand was scored"
        await pilot.press("escape")  # a look at the table
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.show_summary(again=True)
        assert isinstance(app.screen, HandSummaryScreen) and not app.screen.is_mounted


async def illegal_keys_show_the_engine_message_and_change_nothing(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The starter cannot draw; an opening below the floor is refused with its points."""
    screen = app.screen
    hand = app.session.hand
    before = (list(hand.racks[0]), len(hand.middle), hand.phase)
    await pilot.press("d")
    assert "first turn has no draw" in status_text(screen)
    assert (list(hand.racks[0]), len(hand.middle), hand.phase) == before
    # Stage one run only and try to open with it.
    best = solver.best_melds(hand.racks[0], hand.okey)
    await pilot.press("s")
    meld = best.melds[0]
    for tile in meld.tiles:
        await goto(pilot, screen, slot_of(screen, tile))
        await pilot.press("space")
    await pilot.press("o", "enter")
    assert f"Your opening is {meld.value} points; this table needs 101" in status_text(screen)
    assert hand.openings[0] is None and not hand.table
    assert list(hand.racks[0]) == before[0]
    # Taking back with nothing laid is not allowed either.
    await pilot.press("b")
    assert "laid nothing" in status_text(screen)


async def a_key_of_no_use_says_where_the_keys_are_and_changes_nothing(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """f, ; or ! did nothing at all, not even a word: the line says ? shows the keys."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    hand = app.session.hand
    before = (list(hand.racks[0]), len(hand.middle), hand.phase, list(screen.rack.slots))
    for key, named in (("f", "f"), ("semicolon", ";"), ("exclamation_mark", "!")):
        await pilot.press(key)
        said = status_text(screen)
        assert "? shows them all" in said and said.startswith(named), said
    # Alt+s was said to be "s", which is the sort's key (a terminal's Esc s, as Textual
    # reads it: the key alt+s, the character s; the pilot gives no character).
    app.post_message(events.Key("alt+s", "s"))
    await pilot.pause()
    said = status_text(screen)
    assert said.startswith("alt+s is not a key of the game"), said
    # Ctrl+s and F2 said nothing, the line still naming the key before them.
    for key, named in (("ctrl+s", "ctrl+s"), ("f2", "F2")):
        await pilot.press(key)
        said = status_text(screen)
        assert said.startswith(f"{named} is not a key of the game"), said
    # n puts a tip away: with none in sight it said nothing at all.
    await pilot.press("n")
    assert status_text(screen).startswith("n puts away a tip"), said
    assert (
        list(hand.racks[0]),
        len(hand.middle),
        hand.phase,
        list(screen.rack.slots),
    ) == before
    # The next key of the game puts the turn's words back.
    await pilot.press("right")
    assert "? shows them all" not in status_text(screen)
    # A key of the game is never called one of no use.
    await pilot.press("s")
    assert "not a key of the game" not in status_text(screen)


async def rack_cursor_selection_and_moving_tiles(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Arrows move the cursor, space selects, shift+left/right slide the selected tile
    along its row, shift+down takes it to the other row (straight under it, else the nearest free
    slot apart from the groups) and leaves every other tile where it was."""
    screen = app.screen
    rack = screen.rack
    tile, second = rack.slots[0], rack.slots[1]
    await pilot.press("space", "shift+right")
    assert rack.slots[1] == tile and rack.slots[0] == second
    before = list(rack.slots)
    await pilot.press("shift+down")
    # Straight under it when free, else the nearest free slot apart from the groups.
    free = [c for c in range(rack.cols) if before[rack.index(1, c)] is None]
    apart = [
        c
        for c in free
        if (c == 0 or before[rack.index(1, c - 1)] is None)
        and (c == rack.cols - 1 or before[rack.index(1, c + 1)] is None)
    ]
    target = 1 if 1 in free else min(apart, key=lambda c: (abs(c - 1), c))
    assert rack.slots[rack.index(1, target)] == tile
    assert screen.selected == {rack.index(1, target)}
    assert rack.slots[1] is None
    moved = {1, rack.index(1, target)}
    assert all(rack.slots[i] == before[i] for i in range(len(rack)) if i not in moved)
    assert sorted(map(str, rack.tiles())) == sorted(map(str, app.session.hand.racks[0]))


async def test_quit_asks_first():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("q")
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_ctrl_c_and_ctrl_q_ask_as_q_does_and_quit_when_pressed_again():
    """A terminal's usual ways out ask the game's own question (Textual's Ctrl+Q quit at
    once, and its Ctrl+C only showed an English note); pressed again at it, they quit."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        for key in ("ctrl+c", "ctrl+q"):
            await pilot.press(key)
            assert isinstance(app.screen, ConfirmScreen), key
            await pilot.press("n")
            assert isinstance(app.screen, TableScreen), key
        assert not app._notifications, [n.message for n in app._notifications]
        await pilot.press("ctrl+c", "ctrl+c")
    assert app.return_code == 0


async def too_small_terminal_says_how_big_it_must_be(pilot, app) -> None:  # type: ignore[no-untyped-def]
    await pilot.resize_terminal(60, 20)
    await pilot.pause()
    text = str(app.screen.query_one("#too-small", Static).render())
    assert "80×24" in text
    await pilot.resize_terminal(80, 24)
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)


async def test_okey_group_offers_its_readings_highest_first():
    """Seed 17: R5 R6 and the okey read as R5-R6-R7 (18) or R4-R5-R6 (15); the chooser
    lists 18 first and the choice goes to the lay-down area."""
    from okey_tui.ui.screens.dialogs import ChooserScreen

    app = table_app(17)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        hand = app.session.hand
        okey = hand.okey
        from okey_tui.engine.tiles import Tile

        for tile in (Tile.parse("R5"), Tile.parse("R6"), okey):
            await goto(pilot, screen, slot_of(screen, tile))
            await pilot.press("space")
        await pilot.press("o")
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        values = [meld.value for _, meld in chooser.options]
        assert values == sorted(values, reverse=True) and values[0] == 18
        await pilot.press("down", "enter")
        assert app.screen is screen
        assert [m.value for m in screen.staging.melds] == [values[1]]
        assert "15 / 101" in str(screen.query_one("#laydown").render())
        await pilot.press("escape")
        assert not screen.staging.melds and len(screen.rack.tiles()) == 22


async def test_new_table_screen_starts_and_remembers(_temp_config):
    """Enter starts with the chosen options; the next start offers them again."""
    from okey_tui.settings import load_settings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        # A newcomer's lines first: practice (focused), then the language.
        assert app.focused is not None and app.focused.id == "opt-practice"
        await pilot.press("down", "down")
        assert app.focused is not None and app.focused.id == "opt-type"
        await pilot.press("down", "right")  # penalties: off
        await pilot.press("down", "down", "left")  # hands: 9
        await pilot.press("down", "right")  # Ayşe: hard
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        rules = app.session.rules
        assert not rules.penalties and rules.hands == 9
        assert app.session.levels[0] == "hard"
    saved = load_settings()
    assert not saved.penalties and saved.hands == 9 and saved.bots[0] == "hard"
    again = make_app(seed=3, bot_delay=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, NewTableScreen)
        # The pace line shows --bot-delay's pace, which is for one match: not remembered.
        assert again.screen.chosen() == saved.with_changes(bot_delay=0.0)
        assert saved.bot_delay != 0.0


def test_play_command_options():
    from click.testing import CliRunner

    from okey_tui.cli import main

    runner = CliRunner()
    result = runner.invoke(main, ["play", "--help"])
    assert result.exit_code == 0
    for option in (
        "--type",
        "--hands",
        "--no-penalty",
        "--partners",
        "--bots",
        "--seed",
        "--bot-delay",
        "--name",
    ):
        assert option in result.output
    bad = runner.invoke(main, ["play", "--hands", "4"])
    assert bad.exit_code != 0 and "1, 3, 5, 7, 9, 11 or 13" in bad.output
    bad = runner.invoke(main, ["play", "--bots", "easy,hard"])
    assert bad.exit_code != 0 and "--bots" in bad.output


async def test_end_of_match_names_the_winner_and_n_starts_a_new_match():
    """A one-hand match: after the hand the summary names the winner(s); n deals a new match."""
    app = late_app(hands=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end_by_keys(pilot, app)
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        match = app.session.match
        assert match.is_over
        winners = str(summary.query_one("#winners").render())
        assert "The match is over" in winners
        assert app.session.seat_name(match.winners()[0]) in winners
        old = app.session
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session is not old
        assert not app.session.match.results and app.session.match.hand_number == 0


async def test_new_table_keys_in_one_burst_apply_in_order(_temp_config):
    """Keys that arrive together (a fast typist, a slow link, the browser) act in the
    order typed: ← → change the line that was chosen when they were pressed, and Enter
    starts with every change made before it."""
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        burst(app, "down", "down", "right", "down")  # game type: the next; then penalties
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "opt-pen"
        assert screen.chosen().game_type == "rising"
        assert screen.chosen().penalties
        burst(app, "down", "down", "left", "left", "enter")  # hands: 11 -> 7, then sit down
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.rules.hands == 7


async def test_new_table_enter_in_the_name_box_starts(_temp_config):
    """In the name box Enter sits down as on every other line, and the key bar says so."""
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        screen.query_one("#opt-name").focus()
        await pilot.pause()
        assert screen.active_bindings["enter"].binding.action == "start"
        await pilot.press("ctrl+u", *"Zeynep", "up", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.seat_name(0) == "Zeynep"


async def a_and_w_that_fit_no_meld_speak_of_the_whole_table_not_of_meld_1(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With a pair as meld 1, a tile that fits nowhere is not refused "because of a pair"."""
    from tests.positions import position

    await wait_for_human(pilot, app)
    hand = app.session.hand
    hand.restore(
        position(
            ["K10 R4 Y5", "", "", ""],
            openings="m129/-/p5/-",
            table=["2:R13R13", "0:R8R9R10", "0:Y11*Y12Y13"],
        )
    )
    screen = app.screen
    screen.new_hand()
    await pilot.pause()
    await goto(pilot, screen, slot_of(screen, hand.racks[0][0]))
    tile = screen.rack.slots[screen.cursor]
    await pilot.press("a")
    assert (
        status_text(screen) == f"{tile} does not fit any meld on the table, nor does any other tile"
    )
    await pilot.press("w")
    assert status_text(screen) == "No okey on the table stands for a tile you hold"


async def a_take_back_after_laying_the_taken_tile_does_not_speak_of_a_draw(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A player took K9 from the left and laid it off, then pressed b: the question said
    "Your draw stays in your hand", and they had drawn nothing."""
    screen = await opened_beside_a_run(pilot, app, "R10 Y1 K2", "K9")
    await pilot.press("t")
    assert app.session.hand.taken is not None
    await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K9")))
    await pilot.press("a")
    assert app.session.hand.laid_this_turn() and not app.session.hand.taken_pending()
    await pilot.press("b")
    assert isinstance(app.screen, ConfirmScreen)
    question = str(app.screen.question)
    assert "Your draw" not in question and "drew or took this turn" in question


async def before_opening_t_asks_when_the_left_discard_cannot_bring_an_opening(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Unopened at 36 points, t took K1 with no word: a tile taken before opening must go
    into an opening this turn, and with it there was none. t now asks first then, and
    takes at once a tile that brings the opening."""
    from ui_helpers import at_position

    from tests.positions import position

    for rack, left, asks in (
        ("R10 R11 R12 Y1 K9 K2", "K7", True),  # no opening with K7: it could only go back
        ("R11 R12 R13 Y11 Y12 Y13 B12 B13", "B11", False),  # B11 makes 108: an opening
    ):
        hand = position([rack, "", "", ""], phase="d", discards=["", "", "", left])
        await at_position(pilot, app, hand)
        await pilot.press("t")
        await pilot.pause()
        if not asks:
            assert app.session.hand.taken is not None, left
            continue
        assert isinstance(app.screen, ConfirmScreen), left
        assert f"Even with {left} your tiles make no opening" in str(app.screen.question)
        # How near it comes, in numbers.
        assert "this turn (33 / 101 points, 0 / 5 pairs)" in str(app.screen.question)
        await pilot.press("n")
        assert app.session.hand.taken is None
    # B11 makes 108 here too, but the player on the left is Going Pairs (Challenge): the
    # tile may only make a pair. t said "your tiles make no opening" of a rack that opens.
    rack, left = "R11 R12 R13 Y11 Y12 Y13 B12 B13", "B11"
    hand = position(
        [rack, "", "", ""],
        phase="d",
        rules="challenge/11",
        openings="-/-/-/-!",
        discards=["", "", "", left],
    )
    await at_position(pilot, app, hand)
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    question = str(app.screen.question)
    assert question.startswith("B11 was discarded by a Going Pairs player"), question
    assert "make no opening" not in question, question
    await pilot.press("n")
    assert app.session.hand.taken is None


async def taking_a_left_discard_that_goes_nowhere_asks_first_and_the_take_back_says_so(
    pilot, app
) -> None:  # type: ignore[no-untyped-def]
    """Late in a hand a player took K7, which fit nowhere, then laid K9 off: x was refused
    (a taken tile must be laid), g too (something was laid), and only a take-back at +101
    was left; its question spoke of "melds" and "your draw". Now t asks first when the
    tile goes nowhere, and the take-back names the taken tile that stays."""
    screen = await opened_beside_a_run(pilot, app, "R10 Y1 K9", "K7")
    await pilot.press("t")
    assert isinstance(app.screen, ConfirmScreen)
    assert "K7 fits no meld on the table" in str(app.screen.question)
    await pilot.press("n")
    # With the turn's step still to take ("Nothing taken" alone left the draw unsaid).
    said = status_text(screen)
    assert app.session.hand.taken is None and said.startswith("Nothing taken · Your turn: d "), said
    await pilot.press("t")
    await pilot.press("y")
    assert app.session.hand.taken is not None
    await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K9")))
    await pilot.press("a")
    # Laying K9 asks first too: after it, g can no longer give K7 back.
    assert isinstance(app.screen, ConfirmScreen)
    assert "K7, the tile you took from the left, fits nowhere yet" in str(app.screen.question)
    await pilot.press("y")
    assert app.session.hand.laid_this_turn()
    await pilot.press("b")
    assert isinstance(app.screen, ConfirmScreen)
    question = str(app.screen.question)
    assert "moves on the table" in question and "K7, taken from the left, stays" in question


async def p_pairs_the_taken_tile_with_the_okey_so_that_the_opening_uses_it(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """After t took K9, p paired the okey with K13 and left K9 loose, and the pairs opening
    it staged was refused ("K9 must be part of your opening"). p now pairs the taken tile
    with the okey, and s p o Enter opens."""
    from ui_helpers import at_position

    from tests.positions import position

    # Indicator B7: the okey is B8. Four pairs, K13, the okey; K9 on offer.
    hand = position(
        ["R1 R1 Y2 Y2 B3 B3 K4 K4 K13 B8 R6", "", "", ""],
        phase="d",
        discards=["", "", "", "K9"],
    )
    await at_position(pilot, app, hand)
    await pilot.press("t")
    await pilot.pause()
    assert app.session.hand.taken is not None
    screen = app.screen
    await pilot.press("p")
    groups = [g for g in screen.rack.groups() if len(g) == 2]
    pairs = [sorted(str(screen.rack.slots[i]) for i in g) for g in groups]
    assert ["B8", "K9"] in pairs, pairs
    await pilot.press("o", "enter")
    await pilot.pause()
    opening = app.session.hand.openings[0]
    assert opening is not None, status_text(screen)
    assert app.session.hand.taken_pending() is False


async def a_run_staged_after_a_pairs_opening_is_refused_for_the_pairs(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """After opening with pairs, o on B9-B12 said "B9 B10 B11 B12 are not a pair: a pair
    is two identical tiles": the reason is the pairs opening, and the line now says so."""
    from ui_helpers import at_position

    from tests.positions import position

    hand = position(
        ["B9 B10 B11 B12 K1 K5", "", "", ""],
        phase="p",
        openings="p5/-/-/-",
        table=["0:R1R1", "0:Y2Y2", "0:B3B3", "0:K4K4", "0:R6R6"],
    )
    screen = await at_position(pilot, app, hand)
    for name in ("B9", "B10", "B11", "B12"):
        screen.selected.add(screen.rack.slots.index(Tile.parse(name)))
    await pilot.press("o")
    said = status_text(screen)
    assert "you lay only pairs" in said and "not a pair" not in said, said
    assert not screen.staging.melds


async def with_the_middle_empty_taking_a_tile_that_goes_nowhere_says_giving_back_ends_it(
    pilot, app
) -> None:  # type: ignore[no-untyped-def]
    """The question said "you could only give it back (g)"; with the middle empty, giving
    it back ends the hand, which a player learned only by pressing g."""
    from ui_helpers import at_position

    from tests.positions import position

    hand = position(
        ["R10 Y1 K9 K2", "", "", ""], phase="d", discards=["", "", "", "K7"], rest="discard1"
    )
    assert not hand.middle
    await at_position(pilot, app, hand)
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    question = str(app.screen.question)
    assert "The middle is empty: giving the tile back ends the hand" in question
    await pilot.press("n")
    assert app.session.hand.taken is None


async def the_chooser_of_an_okey_add_says_what_a_swap_out_would_cost(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The lay-down box warns of an okey another seat could swap out; the chooser of a,
    placing an okey on a table meld, said nothing of the +101."""
    from okey_tui.ui.screens.dialogs import ChooserScreen

    screen = await opened_beside_a_run(pilot, app, "B8 Y1 K2 R10", "")
    await pilot.press("d")
    await pilot.pause()
    await goto(pilot, screen, screen.rack.slots.index(Tile.parse("B8")))  # the okey
    await pilot.press("a")
    await pilot.pause()
    chooser = app.screen
    assert isinstance(chooser, ChooserScreen)
    labels = [str(label) for label, _steps in chooser.options]
    assert any("okey as K4" in s and "+101 to you if a player holding K4" in s for s in labels)
    assert any("okey as K9" in s and "holding K9" in s for s in labels), labels


async def two_okeys_standing_for_one_tile_are_warned_of_once(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Two okeys as R9 (in two runs) staged: the line said "★R9 can be swapped out: you
    would pay +101" twice."""
    from ui_helpers import at_position

    from okey_tui.engine.melds import parse_meld
    from tests.positions import position

    # Indicator B7: the okey is B8.
    hand = position(
        ["R8 B8 R10 R10 R11 B8 K1 K2 K3 R13", "", "", ""], phase="p", openings="m101/-/-/-"
    )
    screen = await at_position(pilot, app, hand)
    okey = screen.view.okey
    for meld, tiles in (("R8*R9R10", "R8 B8 R10"), ("*R9R10R11", "B8 R10 R11")):
        screen.staging.melds.append(parse_meld(meld, okey))
        screen.took([screen.rack.slots.index(Tile.parse(t)) for t in tiles.split()])
    screen.after_staging("Staged 2 groups")
    said = status_text(screen)
    assert (
        said.count("★R9") == 1 and "2 okeys as ★R9: +101 to you for each one swapped out" in said
    ), said
    assert "+101 to you for each one" in said


async def with_the_middle_empty_a_move_before_the_draw_says_what_the_turn_can_do(
    pilot, app
) -> None:  # type: ignore[no-untyped-def]
    """With the middle empty, o before drawing said "draw a tile first": there is no tile
    to draw; the line says what the turn can do (take the left tile, or d ends the hand)."""
    from ui_helpers import at_position

    from tests.positions import position

    hand = position(
        ["R10 Y1 K9 K2", "", "", ""], phase="d", discards=["", "", "", "K7"], rest="discard1"
    )
    screen = await at_position(pilot, app, hand)
    await pilot.press("x")
    said = status_text(screen)
    assert "draw a tile first" not in said and "d ends the hand" in said, said


async def the_app_closing_while_a_table_screen_is_built_closes_cleanly(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A table screen switched to is on top of the stack at once and mounted later: the
    app closing in between (q while a friend's table reconnected) removed its widgets
    first, and building the table on the way out failed ("No nodes match '#log'")."""
    while not (isinstance(app.screen, TableScreen) and app.screen.is_mounted):
        await pilot.pause(0.01)
    app.switch_screen(app.table_screen(app.session))
    assert not app.screen.is_mounted  # the app closes before it is built


async def test_a_run_staged_after_declaring_going_pairs_is_refused_for_the_declaration():
    """Going Pairs declared, not opened: o on a run said "you opened with pairs or go
    pairs (rules §9)". The declaration is the reason, and its section is the game types'."""
    from ui_helpers import wait_for_human

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        await pilot.press("P", "y")
        await pilot.pause()
        assert screen.view.going_pairs[screen.view.seat] and screen.view.opening is None
        await pilot.press("s")
        await pilot.pause()
        okey = screen.view.okey
        runs = [
            g
            for g in screen.rack.groups()
            if len(g) >= 3
            and readings([screen.rack.slots[i] for i in g], okey, {MeldKind.RUN, MeldKind.SET})
        ]
        assert runs, "the sorted rack has a run or a set"
        screen.selected.update(runs[0])
        await pilot.press("o")
        said = status_text(screen)
        assert "but you declared Going Pairs: you open only with pairs" in said, said
        assert "(rules §13 Game types)" in said and "opened with pairs" not in said, said
        assert not screen.staging.melds


async def test_a_block_of_several_tiles_after_going_pairs_is_refused_for_the_declaration():
    """Going Pairs declared: o on K5 K6 K7 K12 K13 (m takes the block) said only "are not a
    pair: a pair is two identical tiles", not why only pairs go."""
    from ui_helpers import at_position

    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 K6 K7 K12 K13 R1 R1 Y2", "", "", ""], rules="challenge/11", phase="p")
        screen = await at_position(pilot, app, hand)
        await pilot.press("P", "y")
        await pilot.pause()
        assert screen.view.going_pairs[screen.view.seat]
        block = [
            i for i, t in enumerate(screen.rack.slots) if t is not None and t.colour.name == "BLACK"
        ]
        screen.selected.update(block)
        await pilot.press("o")
        said = status_text(screen)
        assert said.startswith("K5 K6 K7 K12 K13 are not a pair, and you declared Going Pairs"), (
            said
        )
        assert "(rules §13 Game types)" in said, said
        assert not screen.staging.melds


async def test_one_tile_where_only_pairs_go_is_said_to_be_one_tile():
    """Going Pairs declared, o on R11 alone said "R11 are not a pair"."""
    from ui_helpers import at_position

    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 K5 R7 Y1 B3 R11", "", "", ""], rules="challenge/11", phase="p")
        screen = await at_position(pilot, app, hand)
        await pilot.press("P", "y")
        await pilot.pause()
        screen.selected.add(screen.rack.slots.index(Tile.parse("R11")))
        await pilot.press("o")
        said = status_text(screen)
        assert said.startswith("R11 alone is no pair: a pair is two identical tiles"), said
        assert not screen.staging.melds


async def test_pairs_side_by_side_in_one_group_after_going_pairs_are_staged_each():
    """Going Pairs declared: o on the block K5 K5 R7 R7 said "K5 K5 R7 R7 are not a pair";
    both pairs are staged."""
    from ui_helpers import at_position

    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 K5 R7 R7 Y1 B3 R11", "", "", ""], rules="challenge/11", phase="p")
        screen = await at_position(pilot, app, hand)
        await pilot.press("P", "y")
        await pilot.pause()
        block = [
            i for i, t in enumerate(screen.rack.slots) if t is not None and str(t) in ("K5", "R7")
        ]
        assert len(block) == 4
        screen.selected.update(block)
        await pilot.press("o")
        said = status_text(screen)
        assert sorted(str(m) for m in screen.staging.melds) == ["K5 K5", "R7 R7"], said
        assert said.startswith("Staged 2 pairs"), said


async def test_pairs_with_an_okey_among_them_are_asked_one_by_one_not_called_no_pair():
    """Going Pairs declared, K5 K5 R7 and the okey selected: "K5 K5 R7 B8★ are not a
    pair", of tiles that make two pairs, the okey's partner the player's to say."""
    from ui_helpers import at_position

    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8.
        hand = position(["K5 K5 R7 B8 Y1 B3 R11", "", "", ""], rules="challenge/11", phase="p")
        screen = await at_position(pilot, app, hand)
        await pilot.press("P", "y")
        await pilot.pause()
        picked = [
            i
            for i, t in enumerate(screen.rack.slots)
            if t is not None and str(t) in ("K5", "R7", "B8")
        ]
        screen.selected.update(picked)
        await pilot.press("o")
        said = status_text(screen)
        assert "make pairs with an okey among them: select each pair on its own" in said, said
        assert sorted(said.split(" make ")[0].split()) == ["B8★", "K5", "K5", "R7"], said
        assert not screen.staging.melds


async def test_o_with_nothing_selected_stages_pairs_side_by_side_in_one_group_too():
    """Going Pairs declared, four pairs: R6 R6 moved against K10 K10, o staged the two
    pairs apart and left that group out without a word (Esc then counted 4 pairs)."""
    from ui_helpers import at_position, set_rows

    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K10 K10 R6 R6 B10 B10 Y3 Y3 K1 B5 R12", "", "", ""], rules="challenge/11", phase="p"
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("P", "y")
        await pilot.pause()
        set_rows(screen, "K10 K10 R6 R6 . B10 B10 . Y3 Y3 . K1 . B5 . R12")
        await pilot.press("o")
        await pilot.pause()
        said = status_text(screen)
        staged = sorted(str(m) for m in screen.staging.melds)
        assert staged == ["B10 B10", "K10 K10", "R6 R6", "Y3 Y3"], said
        assert said.startswith("Staged 4 pairs"), said


async def test_keys_at_one_table_from_the_deal_then_at_positions_then_small_and_closing():
    """One table (seed 125, 120x40). From its deal, put back before each: illegal keys
    show the engine's message and change nothing; the rack's cursor, selection and moves;
    an opening by keys, then a discard. Then, each at a position of its own: a and w that
    fit no meld speak of the whole table; a take-back after laying the taken tile does
    not speak of a draw; before opening t asks when the left discard cannot bring an
    opening (and takes one that can); taking a left discard that goes nowhere asks first
    and the take-back says so; p pairs the taken tile with the okey; a run staged after a
    pairs opening is refused for the pairs; with the middle empty, taking a tile that goes
    nowhere says giving back ends the hand, and a move before the draw says what the turn
    can do; the chooser of an okey add says what a swap-out costs; two okeys standing for
    one tile are warned of once. Then a too small terminal says how big it must be (the
    table back at 80x24); there, from the deal, a key of no use says where the keys are;
    last, the app closing while a table screen is built closes cleanly."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        deal = app.session.hand.copy()
        for check in (
            illegal_keys_show_the_engine_message_and_change_nothing,
            rack_cursor_selection_and_moving_tiles,
            an_opening_by_keys_then_a_discard,
        ):
            await back_to_the_table(pilot, app)
            await at_position(pilot, app, deal)
            await check(pilot, app)
        await checks_at_one_table(
            pilot,
            app,
            a_and_w_that_fit_no_meld_speak_of_the_whole_table_not_of_meld_1,
            a_take_back_after_laying_the_taken_tile_does_not_speak_of_a_draw,
            before_opening_t_asks_when_the_left_discard_cannot_bring_an_opening,
            taking_a_left_discard_that_goes_nowhere_asks_first_and_the_take_back_says_so,
            p_pairs_the_taken_tile_with_the_okey_so_that_the_opening_uses_it,
            a_run_staged_after_a_pairs_opening_is_refused_for_the_pairs,
            with_the_middle_empty_taking_a_tile_that_goes_nowhere_says_giving_back_ends_it,
            with_the_middle_empty_a_move_before_the_draw_says_what_the_turn_can_do,
            the_chooser_of_an_okey_add_says_what_a_swap_out_would_cost,
            two_okeys_standing_for_one_tile_are_warned_of_once,
            too_small_terminal_says_how_big_it_must_be,
        )
        assert app.size == (80, 24)
        await back_to_the_table(pilot, app)
        await at_position(pilot, app, deal)
        await a_key_of_no_use_says_where_the_keys_are_and_changes_nothing(pilot, app)
        await the_app_closing_while_a_table_screen_is_built_closes_cleanly(pilot, app)
