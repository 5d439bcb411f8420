"""Shared helpers for the UI tests: building the app and driving the rack by keys."""

from __future__ import annotations

from okey_tui.engine.tiles import Tile
from okey_tui.settings import TableSettings
from okey_tui.ui.app import OkeyApp, make_app

# Seed 125: the human starts with 22 tiles and can open with 105 (no okey needed).
OPENING_SEED = 125


def table_app(seed: int = OPENING_SEED, **changes: object) -> OkeyApp:
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(**changes)
    return make_app(settings=settings, ask=False, seed=seed, bot_delay=0, remember=False)


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
