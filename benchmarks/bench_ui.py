"""What the game's screens cost in processor time: a start, a key, a bot's turn.

Runs the app headless (``app.run_test``, a 120x40 terminal, plain Textual: every change
drawn as a terminal's is, none of the UI tests' shortcuts) at a seeded table of three
easy bots, and times with ``time.process_time`` (the whole process, so a busy machine
slows the figures less than it does the wall clock):

- start: from making the app to the player's first turn, the table drawn;
- cursor: a cursor move on the rack (right or left), to the screen settled after it;
- select: space on the tile under the cursor (selecting, then unselecting it);
- bot turn: from the player's discard (x) to their next turn, less what the bots spent
  choosing their moves (timed in their own thread), over the bots' turns meanwhile
  (the player's discard shown is counted in with them);
- help open, help close: ? over the table, and Esc;
- setup focus: a focus move (down, up) on the new-table screen.

Each figure is the median and the 90th percentile of its repetitions: ``--runs`` apps,
each playing ``--turns`` of the player's turns (each turn: ``--keys`` cursor moves and
as many selects, one help opened and closed, then x and the bots' turns), and
``--keys`` focus moves on a new-table screen of each run.

    python benchmarks/bench_ui.py [--runs 3] [--turns 4] [--keys 8] [--seed 125] \\
        [--json FILE]

No settings, saves or statistics of the machine's player are read or written. No
figure is checked: this is a measure, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_ui_keys import bots_timed

SIZE = (120, 40)

# The figures in the order they are printed.
NAMES = (
    "start",
    "cursor",
    "select",
    "bot turn",
    "help open",
    "help close",
    "setup focus",
)


def p90(values: list[float]) -> float:
    """The 90th percentile (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.9 * len(ordered)) - 1))]


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot._wait_for_screen()  # what waited for the refresh ran too


async def timed_key(pilot: Any, key: str) -> float:
    started = time.process_time()
    await pilot.press(key)
    await settle(pilot)
    return time.process_time() - started


def thought(chosen: list[tuple[int, float]]) -> float:
    """The processor time the bots spent choosing."""
    return sum(seconds for _seat, seconds in chosen)


def bot_turns(chosen: list[tuple[int, float]]) -> int:
    """The bots' turns among their choices: a seat's choices in a row are one turn."""
    seats = [seat for seat, _seconds in chosen]
    return sum(1 for i, seat in enumerate(seats) if i == 0 or seats[i - 1] != seat)


async def table_run(seed: int, turns: int, keys: int, figures: dict[str, list[float]]) -> None:
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.dialogs import ConfirmScreen
    from okey_tui.ui.screens.help import HelpScreen
    from okey_tui.ui.screens.table import TableScreen

    with bots_timed() as chosen:
        started = time.process_time()
        settings = TableSettings(bots=("easy", "easy", "easy"))
        # A small pause between the bots' moves: the screen hears of every one of them.
        app = make_app(settings=settings, ask=False, seed=seed, bot_delay=0.001, remember=False)
        async with app.run_test(size=SIZE) as pilot:
            session = app.session

            async def wait_for_the_player() -> None:
                # (Not the pilot's pause: each of those draws the screen, as no terminal
                # does, and more often the longer the bots take.)
                waited = time.monotonic()
                while not (session.hand.is_over or session.human_to_play):
                    assert time.monotonic() - waited < 120, "the bots never gave the turn back"
                    await asyncio.sleep(0.002)
                await settle(pilot)

            await wait_for_the_player()
            figures["start"].append(time.process_time() - started - thought(chosen))
            for turn in range(turns):
                screen = app.screen
                assert isinstance(screen, TableScreen), screen
                if turn:
                    await pilot.press("d")
                    await settle(pilot)
                for n in range(keys):
                    key = "left" if n % 2 else "right"  # back where it was after two
                    figures["cursor"].append(await timed_key(pilot, key))
                for _ in range(keys):
                    figures["select"].append(await timed_key(pilot, "space"))
                figures["help open"].append(await timed_key(pilot, "question_mark"))
                assert isinstance(app.screen, HelpScreen), app.screen
                figures["help close"].append(await timed_key(pilot, "escape"))
                assert app.screen is screen, app.screen
                chosen.clear()
                started = time.process_time()
                await pilot.press("x")
                if isinstance(app.screen, ConfirmScreen):  # "discard it all the same?"
                    await pilot.press("y")
                await wait_for_the_player()
                spent = time.process_time() - started - thought(chosen)
                turns_played = bot_turns(chosen)
                assert turns_played, "x discarded nothing"
                figures["bot turn"].append(spent / turns_played)
                if session.hand.is_over:
                    break


async def setup_run(keys: int, figures: dict[str, list[float]]) -> None:
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    app = make_app(ask=True, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewTableScreen), app.screen
        for n in range(keys):
            key = "down" if n % 6 < 3 else "up"
            figures["setup focus"].append(await timed_key(pilot, key))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="apps started")
    parser.add_argument("--turns", type=int, default=4, help="the player's turns in a run")
    parser.add_argument("--keys", type=int, default=8, help="keys of each kind in a turn")
    parser.add_argument("--seed", type=int, default=125)
    parser.add_argument("--json", metavar="FILE", help="write the figures (ms) to FILE too")
    args = parser.parse_args()
    if min(args.runs, args.turns, args.keys) < 1:
        parser.error("--runs, --turns and --keys take a number from 1")
    figures: dict[str, list[float]] = {name: [] for name in NAMES}
    with tempfile.TemporaryDirectory() as private:
        # No settings, saves or statistics of the machine's player are read or written.
        os.environ["OKEY101_CONFIG_DIR"] = str(Path(private) / "config")
        os.environ["OKEY101_DATA_DIR"] = str(Path(private) / "data")
        os.environ["OKEY101_LANG"] = "en"
        import okey_tui.ui.app  # noqa: F401  (imported before the first start is timed)

        for run in range(args.runs):
            gc.collect()
            asyncio.run(table_run(args.seed, args.turns, args.keys, figures))
            gc.collect()
            asyncio.run(setup_run(args.keys, figures))
            print(f"run {run + 1} of {args.runs} done", file=sys.stderr)
    rows = {
        name: {
            "n": len(values),
            "median_ms": 1000 * statistics.median(values),
            "p90_ms": 1000 * p90(values),
        }
        for name, values in figures.items()
        if values
    }
    print(f"{'':12} {'n':>4} {'median ms':>10} {'p90 ms':>8}")
    for name, row in rows.items():
        print(f"{name:12} {row['n']:>4} {row['median_ms']:>10.2f} {row['p90_ms']:>8.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
