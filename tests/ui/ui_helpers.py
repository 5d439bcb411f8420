"""Shared helpers for the UI tests: building the app and driving the rack by keys."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.widgets import Static

from okey_tui import storage
from okey_tui.bots.driver import play_bot_step, safe_action
from okey_tui.engine.state import Hand, Phase
from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.hotseat import configure
from okey_tui.settings import TableSettings
from okey_tui.table import HandReport
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.session import Session
from okey_tui.ui.widgets.rack import RackWidget

# Seed 125: the human starts with 22 tiles and can open with 105 (no okey needed).
OPENING_SEED = 125


def status_text(screen: TableScreen) -> str:
    """The table's status line, as shown."""
    return str(screen.query_one("#status", Static).render())


def table_app(seed: int = OPENING_SEED, **changes: object) -> OkeyApp:
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(**changes)
    return make_app(settings=settings, ask=False, seed=seed, bot_delay=0, remember=False)


def late_app(seed: int = OPENING_SEED, turns_left: int = 2, **changes: object) -> OkeyApp:
    """The app resumed late in the first hand: a person to draw, ``turns_left`` draws from the end.

    The hand is played by the engine as the table would play it if the people only
    drew and threw (the bots by their own levels, people by the driver's safe move):
    once to its end to count the people's draws, then again up to ``turns_left``
    draws before the end, saved as ``okey101 play`` saves a match. The app resumes
    that save, so a test drives only the hand's last turns by keys, and a test that
    plays on with safe moves (``to_summary``) ends exactly as it would from the deal.
    """
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(**changes)
    draws = _play_first_hand(settings, seed)
    assert draws > turns_left, f"seed {seed}: the people draw only {draws} times in hand 1"
    session = _session(settings, seed)
    _play_first_hand(settings, seed, session, stop_at=draws - turns_left)
    session.viewer = session.hand.turn
    storage.save(session.match, session.save_extra(), storage.new_save_path())
    return make_app(settings=settings, ask=False, bot_delay=0, resume=True)


def _session(settings: TableSettings, seed: int) -> Session:
    session = Session(settings.rules(), seed, settings.name, settings.bots)
    configure(session, settings)
    return session


def _play_first_hand(
    settings: TableSettings, seed: int, session: Session | None = None, stop_at: int | None = None
) -> int:
    """Play hand 1 until a person's ``stop_at``-th draw (or its end); the people's draws seen."""
    session = session or _session(settings, seed)
    hand = session.hand
    draws = 0
    for _ in range(2000):
        if hand.is_over:
            return draws
        seat = hand.turn
        if seat in session.humans:
            if hand.phase is Phase.DRAW:
                if draws == stop_at:
                    return draws
                draws += 1
            hand.apply(safe_action(session.view(seat)))
        else:
            bot = session.bots[seat]
            assert bot is not None
            play_bot_step(hand, bot)
    raise AssertionError("hand 1 did not end")


def burst(app: App[object], *keys: str) -> None:
    """Keys that arrive together, as from a fast typist, a slow link or the browser: all
    are queued before the app handles the first (the pilot waits after each key)."""
    characters = {"enter": "\r", "space": " ", "tab": "\t"}
    for key in keys:
        character = characters.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, character))


async def goto(pilot, screen, index: int) -> None:
    """Move the rack cursor to slot ``index`` as a player does: to a tile with the arrow
    keys (↑ ↓ to its row, then ← → from tile to tile), to an empty slot with a click."""
    rack = screen.rack
    if rack.slots[index] is None:
        screen.post_message(RackWidget.SlotClicked(index))
        await pilot.pause()
    else:
        row, target = rack.row_of(screen.cursor), rack.row_of(index)
        if row != target:
            await pilot.press(*(["down" if target > row else "up"] * abs(target - row)))
        key = "right" if rack.place(index)[1] >= rack.place(screen.cursor)[1] else "left"
        for _ in range(rack.cols):
            if screen.cursor == index:
                break
            await pilot.press(key)
    assert screen.cursor == index


def slot_of(screen, tile: Tile, avoid: set[int] = frozenset()) -> int:  # type: ignore[assignment]
    for i, t in enumerate(screen.rack.slots):
        if t == tile and i not in avoid and i not in screen.selected:
            return i
    raise AssertionError(f"{tile} is not on the rack")


async def select_tiles(pilot, screen, names: str) -> None:  # type: ignore[no-untyped-def]
    """Select the named tiles on the rack (``"R1 R1 K5"``: each copy in its own slot)."""
    for tile in parse_tiles(names):
        await goto(pilot, screen, slot_of(screen, tile))
        await pilot.press("space")


async def wait_for_human(pilot, app, limit: int = 500) -> None:
    """Let the bot worker play until it is the human's turn or the hand is over."""
    for _ in range(limit):
        session = app.session
        if session.hand.is_over or session.human_to_play:
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError("the bots did not hand the turn back")


async def wait_for_screen(pilot, app, kind, limit: int = 500) -> None:  # type: ignore[no-untyped-def]
    """Until ``app`` shows a ``kind`` screen (a dialog, the privacy screen, the table)."""
    for _ in range(limit):
        if isinstance(app.screen, kind):
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError(f"{kind.__name__} did not appear; the screen is {app.screen}")


async def at_the_table(pilot, app: OkeyApp) -> TableScreen:  # type: ignore[no-untyped-def]
    """The table screen on the person's turn (at a hot-seat table, past the privacy screen)."""
    from okey_tui.ui.screens.privacy import PrivacyScreen

    if app.settings.humans > 1:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
    await wait_for_human(pilot, app)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


async def sorted_table(pilot, app):  # type: ignore[no-untyped-def]
    """The table screen of ``app`` once it shows, its rack sorted with ``s`` (groups apart)."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await pilot.press("s")
    return screen


async def at_position(pilot, app, hand):  # type: ignore[no-untyped-def]
    """Once the bots hand the turn over, the table is put at ``hand`` (a position built by
    ``tests.positions``) and the screen shows it; the table screen is returned."""
    await wait_for_human(pilot, app)
    app.session.hand.restore(hand)
    screen = app.screen
    screen.new_hand()
    await pilot.pause()
    return screen


async def back_to_the_table(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Esc until the table screen is on top again (a question left open answered no, a
    chooser or the piles closed), as a player leaves a dialog; at most five."""
    for _ in range(5):
        if isinstance(app.screen, TableScreen):
            return
        await pilot.press("escape")
        await pilot.pause()
    raise AssertionError(f"the table did not come back; the screen is {app.screen}")


async def checks_at_one_table(pilot, app, *checks) -> None:  # type: ignore[no-untyped-def]
    """Run ``checks`` (``async def check(pilot, app)``, each putting the table at its own
    position with :func:`at_position`) one after another in the one app: a check's
    dialog left open is closed first. A failure names its check in the traceback."""
    for check in checks:
        await back_to_the_table(pilot, app)
        await check(pilot, app)


async def opened_beside_a_run(pilot, app, rack: str, left: str):  # type: ignore[no-untyped-def]
    """Seat 0, opened, to draw with ``rack`` and ``left`` on offer; seat 2's K5-K8 on the
    table. The table screen is returned."""
    from tests.positions import position

    hand = position(
        [rack, "", "", ""],
        phase="d",
        discards=["", "", "", left],
        table=["2:K5K6K7K8"],
        openings="m101/-/m101/-",
    )
    return await at_position(pilot, app, hand)


async def added_after_arranging(pilot, app, hand, moved: str, tiles: str):  # type: ignore[no-untyped-def]
    """The table put at ``hand``, the rack arranged by hand (the tile ``moved`` a slot to the
    right), then ``tiles`` selected and `a` pressed: the table screen, and the rack's slots
    just before `a` (what an undo should bring back). A hot-seat table's privacy screen,
    shown as the new deal passes the terminal, is passed first."""
    from okey_tui.ui.screens.privacy import PrivacyScreen

    screen = await at_position(pilot, app, hand)
    assert isinstance(screen, TableScreen)
    if isinstance(app.screen, PrivacyScreen):
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
    await goto(pilot, screen, slot_of(screen, Tile.parse(moved)))
    await pilot.press("space", "shift+right", "escape")  # a move by hand
    arranged = list(screen.rack.slots)
    await select_tiles(pilot, screen, tiles)
    await pilot.press("a")
    await pilot.pause()
    return screen, arranged


async def wait_and_arrange(pilot, app) -> None:
    """The bots play to the human's turn, then the player sorts the rack: something of the
    player's own in the match, so it is kept when the app closes (one nobody has touched
    is not)."""
    await wait_for_human(pilot, app)
    await pilot.press("s")
    await pilot.pause()
    assert app.session.layouts, "the sorted rack was not kept"


def last_hand_report(hands: int = 11):  # type: ignore[no-untyped-def]
    """The report of a match's last hand as long as one gets: Mehmet finishes with six melds,
    the three others hold 12 tiles each, two paid penalties (one a Challenge payment), one
    opened big; ``hands`` rows on the score sheet."""
    from okey_tui.engine.melds import parse_meld
    from okey_tui.engine.rules import GameType, RuleSet
    from okey_tui.engine.scoring import HandResult, PenaltyNote, SeatScore
    from okey_tui.engine.state import (
        EndKind,
        Opening,
        OpeningKind,
        Outcome,
        PenaltyReason,
        TableMeld,
    )
    from okey_tui.table import HandReport

    okey = Tile.parse("B8")  # the indicator is B7
    left = tuple(
        map(
            Tile.parse, ("R1", "R2", "R3", "Y5", "Y6", "B9", "B10", "K11", "K12", "K13", "R7", "Y7")
        )
    )
    opened = Opening(OpeningKind.MELDS, 165)

    def line(seat: int, finish: int, penalties: int = 0, bonus: int = 0) -> SeatScore:
        held = () if finish < 0 else left
        total = finish + penalties + bonus
        return SeatScore(
            seat, finish, held, 30, 0, penalties, bonus, opened if bonus else None, total, "",
            str(finish),
        )  # fmt: skip

    lines = (line(0, 60, 101), line(1, 202, 60), line(2, -101), line(3, 60, 0, -101))
    notes = (
        PenaltyNote(0, 101, PenaltyReason.OKEY_DISCARD, 4, okey, 0),
        PenaltyNote(1, 60, PenaltyReason.CHALLENGE_DISCARD, 9, Tile.parse("B6"), 2, rate=10),
    )
    melds = ("B1B2B3", "R2Y2K2", "R10Y10B10", "R12Y12B12", "Y13B13K13", "K5K6K7")
    table = tuple(TableMeld(2, parse_meld(m, okey)) for m in melds)
    totals = tuple(line.total for line in lines)
    rules = RuleSet(game_type=GameType.CHALLENGE, hands=hands)
    return HandReport(
        hands, hands, HandResult(Outcome(EndKind.FINISH, 2), lines), Tile.parse("B7"), table,
        Tile.parse("R1"), notes, (totals,) * hands, tuple(t * hands for t in totals), True,
        (2,), rules, (False,) * 4,
    )  # fmt: skip


def finished_report(hand: Hand, steps: tuple[str, ...], finisher: int = 2) -> HandReport:
    """The report a summary is made from, once ``steps`` (the actions' notation) are played
    on ``hand``, the last of them ``finisher``'s finish."""
    from okey_tui.engine.actions import parse_action
    from okey_tui.engine.match import Match
    from okey_tui.engine.rules import RuleSet
    from okey_tui.table import hand_report

    for step in steps:
        hand.apply(parse_action(step, hand.okey))
    assert hand.is_over and hand.outcome is not None and hand.outcome.finisher == finisher
    match = Match(RuleSet(hands=1), OPENING_SEED)
    match.hand = hand
    match.finish_hand()
    report = hand_report(match)
    assert report is not None
    return report


def set_rows(screen, upper: str, lower: str = "") -> None:  # type: ignore[no-untyped-def]
    """The screen's rack laid out from its rows as text ('.' an empty slot)."""
    rack = screen.rack
    cells = []
    for text in (upper, lower):
        row = text.split()
        cells += [None if c == "." else Tile.parse(c) for c in row]
        cells += [None] * (rack.cols - len(row))
    rack.slots = cells
    screen.render_all()
