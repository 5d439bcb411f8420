"""Pictures of the main screens (pytest-textual-snapshot). Review diffs by eye before updating."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, goto, late_app, slot_of, table_app, wait_for_human

from okey_tui.bots.driver import safe_action as fallback_action
from okey_tui.engine import solver
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app


async def settle(pilot) -> None:
    """Let the game log finish scrolling, so the picture does not depend on timing."""
    from textual.widgets import RichLog

    for _ in range(2):
        await pilot.pause()
        for screen in pilot.app.screen_stack:
            for log in screen.query(RichLog):
                log.scroll_end(animate=False, immediate=True)
        await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    # Then until the screens' layout holds still: the key bar settles its lines after a
    # refresh, and on a busy machine the picture was taken one row early (the table's rack
    # behind the hand's summary showed its numbers' line instead of its colours').
    before = None
    for _ in range(20):
        now = tuple(
            (id(widget), widget.region)
            for screen in pilot.app.screen_stack
            for widget in screen.walk_children(with_self=True)
        )
        if now == before:
            break
        before = now
        await pilot.pause()


def test_new_table_screen(snap_compare):
    """The new-table screen: game type Classic, penalties on, individual, 11 hands,
    three normal bots by seat, the four other table options at the house rules (finisher
    writes -101, pairs opener adds no, finish needs no floor, give-back free), the name
    field and the language line (English), the hint "Enter: sit down" just below the fold;
    under the form, in gold above the footer, what the focused line means ("Classic: open
    with 101 points or 5 pairs; the floors never rise."); no saved matches, so no resume
    lines."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    assert snap_compare(app, terminal_size=(100, 30))


async def mid_hand(pilot) -> None:
    app = pilot.app
    screen = app.screen
    await pilot.press("s")
    filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
    await goto(pilot, screen, filled[-1])
    await pilot.press("x")
    await wait_for_human(pilot, app)
    await pilot.press("d")
    await settle(pilot)


def test_table_mid_hand(snap_compare):
    """Seed 125 after the human's first discard and the bots' replies: the rack of two rows
    with gaps, the indicator and okey, the middle count, four piles titled "…'s pile" with
    their top tile bright, the human's panel highlighted for the turn, Mehmet's pairs on the
    table, the log of draws and discards, and every key in the key bar."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(120, 40), run_before=mid_hand)


def test_table_mid_hand_at_80x24(snap_compare):
    """The same moment at 80x24: no log column (l shows it), the melds in the centre, the
    whole lay-down area, the four piles, the scores, and the keys on two lines, none cut."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(80, 24), run_before=mid_hand)


def test_lay_down_area_with_running_total(snap_compare):
    """Two melds staged in the lay-down area with the running total against the floor
    ("… / 101" in yellow, not yet enough) and a third group selected on the rack; the key
    bar names "⏎ Lay down" and "esc Put back", the keys that do nothing now left out."""

    async def run_before(pilot) -> None:
        app = pilot.app
        screen = app.screen
        hand = app.session.hand
        best = solver.best_melds(hand.racks[0], hand.okey)
        await pilot.press("s")
        for meld in best.melds[:2]:
            for tile in meld.tiles:
                await goto(pilot, screen, slot_of(screen, tile))
                await pilot.press("space")
            await pilot.press("o")
        for tile in best.melds[2].tiles:
            await goto(pilot, screen, slot_of(screen, tile))
            await pilot.press("space")

    assert snap_compare(table_app(OPENING_SEED), terminal_size=(120, 40), run_before=run_before)


async def to_summary(pilot) -> None:
    app = pilot.app
    session = app.session
    for _ in range(80):
        await wait_for_human(pilot, app)
        if session.hand.is_over:
            break
        table = app.screen.table
        await table.act(fallback_action(table.view()))
        if session.human_to_play:
            await table.act(fallback_action(table.view()))
    await settle(pilot)
    # The log behind the dialog scrolls on its own schedule; the picture is about
    # the summary, so the log is emptied to keep it the same from run to run.
    from textual.widgets import RichLog

    for log in app.screen_stack[-2].query(RichLog):
        log.clear()
    await settle(pilot)


def test_hand_summary(snap_compare):
    """The end of hand 1 (seed 7, the human only draws and discards; the middle runs out):
    each seat's arithmetic (202 not opened, N left) and tiles left, the match line and the
    score sheet."""
    assert snap_compare(late_app(7), terminal_size=(120, 40), run_before=to_summary)


def test_hand_summary_with_penalties(snap_compare):
    """Seed 17: Zeynep finishes. Her melds and last discard on top; each score's arithmetic
    (Mehmet: N in hand × 2 as a pairs opener, + 101 penalties); under Ayşe and Mehmet the
    penalty, its reason, the tile and the turn."""
    assert snap_compare(table_app(17), terminal_size=(120, 40), run_before=to_summary)


def test_hand_summary_with_penalties_at_80x24(snap_compare):
    """The same summary at 80x24: all of it on one screen, the score sheet as one match line."""
    assert snap_compare(table_app(17), terminal_size=(80, 24), run_before=to_summary)


def test_help_screen(snap_compare):
    """The help screen: "This table" (Classic, 11 hands, penalties, individual, the four
    options at the house rules), the table's keys (from its bindings), then the rules page."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(100, 30), press=["question_mark"])


def test_help_screen_at_120x40(snap_compare):
    """The help at 120x40: the rules of this table, then arrows, shift+arrows, space, then
    every table key, one line each."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(120, 40), press=["question_mark"])


def test_help_screen_at_80x24(snap_compare):
    """The help at 80x24 fills the screen: this table's rules, the keys scroll, the rules
    follow."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(80, 24), press=["question_mark"])


def test_compact_table_at_80x24(snap_compare):
    """The smallest supported terminal: no log column, every panel and the rack still visible."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(80, 24))
