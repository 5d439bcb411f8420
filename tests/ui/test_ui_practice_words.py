"""What a practice table says to a learner: the line after an undo, the tip beside the hint.

Each test plays the table by keys, as a player would.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static
from ui_helpers import (
    OPENING_SEED,
    at_position,
    checks_at_one_table,
    goto,
    slot_of,
    status_text,
    table_app,
    wait_for_human,
)

from okey_tui import i18n
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.table import TableScreen
from tests.positions import position

# -- 1. an undo says what it undid -----------------------------------------------------------
# Meld 2 (Zeynep's K6 K7 K8) takes the player's K9; OPENING_RACK opens with 128 (two runs
# and a run of K). The others hold tiles that meld nothing, so they draw and discard.
RACK = "K9 K10 K11 R1 R1 B2 B12 Y7 Y3"
OPENING_RACK = "Y10 Y11 Y12 Y13 B10 B11 B12 B13 K11 K12 K13 R2 Y3 K9"
TABLE = ("0:R10R11R12R13", "3:K6K7K8")
OTHERS = ("R3 B5 Y8 K2 R6 B9 Y1 K4", "B3 R5 Y9 K1 B6 R8 Y2 K3", "Y4 K5 B7 R9 Y6 B1 R4 K13")
MIDDLE = "B4 Y5 R7 K1"


async def a_turn_after_a_round(pilot, app, rack: str, openings: str) -> TableScreen:  # type: ignore[no-untyped-def]
    """The position above, the player to discard: Y3 goes, the others play a round, the
    player draws. The turn that comes has moves of the player's and the others' before it
    in the hand (the undo re-reads the log: these moves are not news)."""
    hand = position(
        [rack, *OTHERS], table=TABLE, openings=openings, middle=MIDDLE, discards=("", "", "", "")
    )
    screen = await at_position(pilot, app, hand)
    assert isinstance(screen, TableScreen)
    await goto(pilot, screen, slot_of(screen, Tile.parse("Y3")))
    await pilot.press("x")
    await wait_for_human(pilot, app)
    await pilot.press("d")
    await pilot.pause()
    return screen


async def u_after_a_draw_says_a_draw_is_not_undone(pilot, app) -> None:  # type: ignore[no-untyped-def]
    # u right after the draw said "Nothing of yours to undo this turn", as if there had
    # been no draw; before the draw the words stay.
    screen = await a_turn_after_a_round(pilot, app, RACK, "m101/-/-/m101")
    rack = list(app.session.hand.racks[0])
    await pilot.press("u")
    await pilot.pause()
    said = status_text(screen)
    assert said.startswith("A draw is not undone (its tile has been seen)"), said
    assert app.session.hand.racks[0] == rack


async def undoing_an_add_says_what_was_undone(pilot, app) -> None:  # type: ignore[no-untyped-def]
    screen = await a_turn_after_a_round(pilot, app, RACK, "m101/-/-/m101")
    table = [str(tm.meld) for tm in app.session.hand.table]
    await goto(pilot, screen, slot_of(screen, Tile.parse("K9")))
    await pilot.press("a")
    await pilot.pause()
    assert "Added K9 to meld 2" in status_text(screen), status_text(screen)
    await pilot.press("u")
    await pilot.pause()
    assert status_text(screen) == "Undone: adding K9 to meld 2", status_text(screen)
    assert [str(tm.meld) for tm in app.session.hand.table] == table


async def opened_and_undone(pilot, app) -> TableScreen:  # type: ignore[no-untyped-def]
    screen = await a_turn_after_a_round(pilot, app, OPENING_RACK, "-/-/-/m101")
    await pilot.press("s", "o", "enter")
    await pilot.pause()
    assert app.session.hand.openings[0] is not None, status_text(screen)
    await pilot.press("u")
    await pilot.pause()
    assert app.session.hand.openings[0] is None
    return screen


async def undoing_the_opening_says_so(pilot, app) -> None:  # type: ignore[no-untyped-def]
    screen = await opened_and_undone(pilot, app)
    assert status_text(screen) == "Undone: the opening", status_text(screen)


async def test_at_one_practice_table_what_u_says_after_a_draw_an_add_and_the_opening() -> None:
    """One practice table (seed 125, 120x40), each check from a position of its own played
    a round on: u after a draw says a draw is not undone (and changes nothing); undoing an
    add says what was undone (the table as before); undoing the opening says so."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await checks_at_one_table(
            pilot,
            app,
            u_after_a_draw_says_a_draw_is_not_undone,
            undoing_an_add_says_what_was_undone,
            undoing_the_opening_says_so,
        )


async def test_undoing_the_opening_says_so_in_turkish() -> None:
    i18n.set_language("tr")
    try:
        app = table_app(OPENING_SEED, practice=True, tips=False)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await opened_and_undone(pilot, app)
            said = status_text(screen)
            assert said == "Geri alındı: açılış", said
    finally:
        i18n.set_language("en")


# -- 2. the tip to open and the expert's hint to hold agree ---------------------------------
# The rack opens with 128, but the expert holds the opening back (tests/bots/test_expert.py):
# none of its guesses goes out in one turn, and it holds all the same.
FAR_FROM_STRAIGHT = "R10 R11 R12 R13 K10 K11 K12 K13 Y11 Y12 Y13 B2 K5 Y7 R3 B9 K1 Y3 R6 B12 B5 K7"
HOLD_MIDDLE = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
NOT_THE_STARTER = 3  # the person's first turn starts with a draw: no tip to open yet


def hint_shown(screen: TableScreen) -> str:
    from okey_tui.ui.widgets.hints import HintPanel

    return str(screen.query_one(HintPanel).query_one("#hints-text", Static).render())


async def a_hold_with_the_tip_to_open(pilot, app, hints_first: bool) -> TableScreen:  # type: ignore[no-untyped-def]
    """The rack above, the person to play, first-hand tips on; ``hints_first``: the hint
    panel opened before the moment (else after the tip shows)."""
    await wait_for_human(pilot, app)
    if hints_first:
        await pilot.press("h")
    hold = position([FAR_FROM_STRAIGHT, "", "", ""], middle=HOLD_MIDDLE, rest="rack1")
    screen = await at_position(pilot, app, hold)
    if not hints_first:
        assert screen.practice.tip_shown is not None
        await pilot.press("h")
    await pilot.pause()
    return screen


@pytest.mark.parametrize("hints_first", [True, False])
async def test_the_tip_to_open_does_not_contradict_the_hint_to_hold(hints_first: bool) -> None:
    app = table_app(NOT_THE_STARTER, practice=True, tips=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await a_hold_with_the_tip_to_open(pilot, app, hints_first)
        hint = hint_shown(screen)
        assert "The expert's choice\nHold your opening back: discard" in hint, hint
        tip = screen.practice.tip_shown
        assert tip is not None and tip.startswith("You can open"), tip
        # The tip tells how to open, and that the hint beside it would wait, and why:
        # not an instruction to open against the hint's to hold.
        assert "the hint says why the expert would wait" in tip, tip
        assert "Opening now is the safe choice" in tip, tip
        assert "Press s to sort it" not in tip
        box = screen.query_one("#tip", Static)
        assert box.has_class("-shown") and str(box.render()) == tip, "the words on the table"
        # The hint's first line says why the expert holds though none of the guesses went
        # out in one turn, and that opening now instead is safer.
        first = hint.split("\n")[2]  # under the heading and the headline
        assert first.startswith("In none of the 8 guesses"), first
        assert "but the expert holds anyway" in first, first
        assert "Opening now instead is safer" in first, first


async def test_without_the_hints_the_tip_says_h_tells_whether_to_wait() -> None:
    app = table_app(NOT_THE_STARTER, practice=True, tips=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        hold = position([FAR_FROM_STRAIGHT, "", "", ""], middle=HOLD_MIDDLE, rest="rack1")
        screen = await at_position(pilot, app, hold)
        tip = screen.practice.tip_shown
        assert tip is not None and "h: whether the expert would open now or hold it back" in tip
        await pilot.press("h", "h")  # the hints shown, then hidden again
        await pilot.pause()
        assert screen.practice.tip_shown == tip


async def test_the_tip_beside_the_hint_to_hold_in_turkish() -> None:
    i18n.set_language("tr")
    try:
        app = table_app(NOT_THE_STARTER, practice=True, tips=True)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await a_hold_with_the_tip_to_open(pilot, app, hints_first=True)
            tip = screen.practice.tip_shown
            assert tip is not None and "uzmanın neden bekleyeceğini İpuçları anlatıyor" in tip, tip
            hint = hint_shown(screen)
            assert "ama uzman çekilecek taş kaldıkça yine de açmayı erteler" in hint, hint
            assert "maçta" not in hint.lower(), hint  # a new match is level: not behind
            assert "Ama şimdi açmak daha güvenli olurdu" in hint, hint
    finally:
        i18n.set_language("en")
