"""What a key and a change of the table cost the table screen, in processor time.

Runs the table headless (``app.run_test``, a 120x40 terminal, the screen drawn as a
terminal's is) at a seeded table of three easy bots, and plays a fixed sequence of
keys over a few turns: cursor moves, selecting, sorting, staging and putting back,
undo, discarding; and between the player's turns, the bots' moves (each one a change
of the table the screen shows). Reported, the median of the runs:

- per key: the processor time from the key to the screen settled after it;
- per table change: the processor time from the player's discard (x) to their next
  turn, less what the bots spent choosing their moves (timed in their own thread), over
  the changes of the table the screen heard meanwhile (the discard, each bot's draw and
  discard).

    python benchmarks/bench_ui_keys.py [--runs 5] [--seed 125] [--turns 3] [--undrawn]

``--undrawn`` lays the screen out after every change but does not draw it, as the
UI tests do (tests/conftest.py): what is left is the screen's own work, and Textual's.

The figures are the process's processor time (``time.process_time``), so a busy
machine slows them less than it does the wall clock; they still vary by a few per
cent from run to run. No figure is checked: this is a measure, not a test.

On the project's two-core machine (the defaults, 89 keys and 24 table changes a run,
median of 5 runs, each tree measured right after the other): at 47b1d3c, 23.9 ms a key
and 13.0 ms a table change drawn, 11.3 and 7.1 ms ``--undrawn``; once the table screen
left alone the boxes whose inputs had not changed, kept its widgets at hand, worked
the keys' state out once a change and the key bar made its labels once (9d031a7,
3e1ba53, e34b285), 21.4 and 10.6 ms drawn, 9.8 and 5.5 ms ``--undrawn``. Most of
what is left is Textual's: its messages, layout and drawing, and the pilot's waits.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# The keys of one of the player's turns, after the draw (the first turn has 22 tiles).
TURN_KEYS = (
    "s",
    "right",
    "right",
    "right",
    "down",
    "left",
    "up",
    "space",
    "right",
    "space",
    "escape",
    "m",
    "escape",
    "o",
    "escape",
    "p",
    "u",
    "s",
    "home",
    "end",
    "shift+left",
    "u",
    "left_square_bracket",
    "escape",
    "tab",
    "k",
    "k",
    "l",
    "l",
)


def undrawn() -> None:
    """A headless app lays its screen out but does not draw it (as in the UI tests)."""
    from textual.screen import Screen

    def refresh_without_drawing(self: Screen[object]) -> None:
        self._compositor._dirty_regions.clear()
        self._dirty_widgets.clear()
        self.app._update_mouse_over(self)

    Screen._compositor_refresh = refresh_without_drawing  # type: ignore[method-assign]


@contextlib.contextmanager
def bots_timed() -> Iterator[list[tuple[int, float]]]:
    """While the block runs, each bot's choice as (its seat, the processor time its thread
    spent choosing): what the bots think is not the screen's work, and is taken off."""
    from okey_tui.ui.session import Session

    chosen: list[tuple[int, float]] = []
    plain_choose = Session.choose

    def choose(self: Session, seat: int, view: Any) -> Any:
        started = time.thread_time()
        try:
            return plain_choose(self, seat, view)
        finally:
            chosen.append((seat, time.thread_time() - started))

    Session.choose = choose  # type: ignore[method-assign]
    try:
        yield chosen
    finally:
        Session.choose = plain_choose  # type: ignore[method-assign]


async def one_run(seed: int, turns: int) -> tuple[list[float], list[float], int]:
    """The CPU seconds of each key, of each bots' phase (less their choices), and the
    number of table changes the screen heard."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.table import TableScreen

    changes = 0
    plain_changed = TableScreen.on_table_screen_table_changed

    def changed(self: TableScreen, message: TableScreen.TableChanged) -> None:
        nonlocal changes
        changes += 1
        plain_changed(self, message)

    TableScreen.on_table_screen_table_changed = changed  # type: ignore[method-assign]
    try:
        with bots_timed() as chosen:
            settings = TableSettings(bots=("easy", "easy", "easy"))
            # A small pause between the bots' moves: the screen hears of every one of them
            # (with none, it hears at most once a frame, and how often depends on the clock).
            app = make_app(settings=settings, ask=False, seed=seed, bot_delay=0.001, remember=False)
            keys: list[float] = []
            phases: list[float] = []
            async with app.run_test(size=(120, 40)) as pilot:
                session = app.session

                async def wait_for_the_player() -> None:
                    for _ in range(2000):
                        if session.hand.is_over or session.human_to_play:
                            break
                        await pilot.pause(0.001)
                    await pilot.pause()
                    await pilot._wait_for_screen()

                async def press(key: str) -> None:
                    started = time.process_time()
                    await pilot.press(key)
                    await pilot.pause()
                    await pilot._wait_for_screen()  # what waited for the refresh ran too
                    keys.append(time.process_time() - started)

                async def discard_and_bots_play() -> None:
                    """x, and the bots' turns that follow it: the table changes."""
                    changes_before = changes
                    chosen.clear()
                    started = time.process_time()
                    await pilot.press("x")
                    await wait_for_the_player()
                    assert changes > changes_before, "x discarded nothing"
                    phases.append(time.process_time() - started - sum(t for _seat, t in chosen))

                await wait_for_the_player()
                changes = 0
                for turn in range(turns):
                    screen = app.screen
                    assert isinstance(screen, TableScreen), screen
                    if turn:
                        await press("d")
                    for key in TURN_KEYS:
                        await press(key)
                    await discard_and_bots_play()
                    if session.hand.is_over:
                        break
            return keys, phases, changes
    finally:
        TableScreen.on_table_screen_table_changed = plain_changed  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=125)
    parser.add_argument("--turns", type=int, default=3, help="the player's turns in a run")
    parser.add_argument("--undrawn", action="store_true", help="lay out, do not draw")
    args = parser.parse_args()
    if args.undrawn:
        undrawn()
    with tempfile.TemporaryDirectory() as private:
        # No settings, saves or statistics of the machine's player are read or written.
        os.environ["OKEY101_CONFIG_DIR"] = str(Path(private) / "config")
        os.environ["OKEY101_DATA_DIR"] = str(Path(private) / "data")
        os.environ["OKEY101_LANG"] = "en"
        per_key: list[float] = []
        per_change: list[float] = []
        for run in range(args.runs):
            gc.collect()
            keys, phases, changes = asyncio.run(one_run(args.seed, args.turns))
            key_ms = 1000 * sum(keys) / len(keys)
            change_ms = 1000 * sum(phases) / max(1, changes)
            per_key.append(key_ms)
            per_change.append(change_ms)
            print(
                f"run {run + 1}: {len(keys)} keys, {key_ms:.2f} ms a key; "
                f"{changes} table changes, {change_ms:.2f} ms a change",
                file=sys.stderr,
            )
    print(
        f"median of {args.runs} runs: {statistics.median(per_key):.2f} ms of CPU a key, "
        f"{statistics.median(per_change):.2f} ms a table change"
    )


if __name__ == "__main__":
    main()
