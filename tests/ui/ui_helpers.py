"""Shared helpers for the UI tests: building the app and driving the rack by keys."""

from __future__ import annotations

from okey_tui import storage
from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile
from okey_tui.hotseat import configure
from okey_tui.settings import TableSettings
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.session import Session

# Seed 125: the human starts with 22 tiles and can open with 105 (no okey needed).
OPENING_SEED = 125


def table_app(seed: int = OPENING_SEED, **changes: object) -> OkeyApp:
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(**changes)
    return make_app(settings=settings, ask=False, seed=seed, bot_delay=0, remember=False)


def late_app(seed: int = OPENING_SEED, middle_left: int = 3, **changes: object) -> OkeyApp:
    """The app resumed late in the first hand: a person to draw, ``middle_left`` tiles left.

    The turns before are played by the engine (an easy bot in every seat, people's
    seats too) and saved as ``okey101 play`` saves a match; the app resumes that save.
    A test then drives only the hand's last turns by keys, not twenty turns from the deal.
    """
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(**changes)
    session = Session(settings.rules(), seed, settings.name, settings.bots)
    configure(session, settings)
    bot = make_bot("easy")
    hand = session.hand
    for _ in range(1000):
        if hand.is_over:
            raise AssertionError(f"seed {seed}: the hand ended before the middle ran low")
        late = len(hand.middle) <= middle_left
        if late and hand.turn in session.humans and hand.phase is Phase.DRAW:
            break
        play_bot_step(hand, bot)
    else:
        raise AssertionError("the engine's bots did not reach a late position")
    session.viewer = hand.turn
    storage.save(session.match, session.save_extra(), storage.new_save_path())
    return make_app(settings=settings, ask=False, bot_delay=0, resume=True)


async def goto(pilot, screen, index: int) -> None:
    """Move the rack cursor to slot ``index`` with the arrow keys."""
    rack = screen.rack
    row, col = rack.place(screen.cursor)
    trow, tcol = rack.place(index)
    keys = ["down" if trow > row else "up"] * abs(trow - row)
    keys += ["right" if tcol > col else "left"] * abs(tcol - col)
    if keys:
        await pilot.press(*keys)
    assert screen.cursor == index


def slot_of(screen, tile: Tile, avoid: set[int] = frozenset()) -> int:  # type: ignore[assignment]
    for i, t in enumerate(screen.rack.slots):
        if t == tile and i not in avoid and i not in screen.selected:
            return i
    raise AssertionError(f"{tile} is not on the rack")


async def wait_for_human(pilot, app, limit: int = 500) -> None:
    """Let the bot worker play until it is the human's turn or the hand is over."""
    for _ in range(limit):
        session = app.session
        if session.hand.is_over or session.human_to_play:
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError("the bots did not hand the turn back")
