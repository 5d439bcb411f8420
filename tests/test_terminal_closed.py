"""The terminal of ``okey101 play`` closed (its window shut, an ssh session dropped:
SIGHUP): the game ends as q ends it. It ended at once: a match nobody had played yet was
kept (q drops it), and each window closed that way left one more "resume" line on the
new-table screen; a match the player had arranged their rack in is kept, with the rack."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from tests.terminals import start_at_a_terminal, terminal_environment

TIMEOUT = 60
PLAY = (sys.executable, "-m", "okey_tui", "play", "--bot-delay", "0", "--seed", "9")


def saves_in(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "data" / "saves"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


async def closed_after(tmp_path: Path, keys: bytes, drawn: bytes) -> int:
    """Start a table, type ``keys``, wait for ``drawn``, shut the terminal; the exit code."""
    game, terminal = await start_at_a_terminal(PLAY, terminal_environment(tmp_path))
    try:
        async with asyncio.timeout(TIMEOUT):
            await terminal.until(rb"Indicator")
            while not saves_in(tmp_path):  # the deal is saved as the table opens
                await asyncio.sleep(0.05)
            if keys:
                await terminal.until(rb"Your turn")  # the bots before the player have played
                os.write(terminal.leader, keys)
                await terminal.until(drawn)
            terminal.close()  # the window shut
            return await game.wait()
    finally:
        terminal.close()
        if game.returncode is None:
            game.kill()
            await game.wait()


async def test_a_table_nobody_played_is_not_kept_when_its_terminal_closes(
    tmp_path: Path,
) -> None:
    code = await closed_after(tmp_path, b"", b"")
    assert code == 129, code  # ended by the hangup, as a terminal's program is
    assert saves_in(tmp_path) == []


async def test_a_rack_arranged_is_kept_when_the_terminal_closes(tmp_path: Path) -> None:
    await closed_after(tmp_path, b"s", rb"Sorted")
    (save,) = saves_in(tmp_path)
    layouts = json.loads(save.read_text("utf-8"))["extra"]["layouts"]
    assert list(layouts) == ["0"], layouts  # the sorted rack, as the player left it
