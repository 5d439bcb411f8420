"""A visitor's game whose server is gone without a word (killed, crashed) ends by itself.

Its pipes closed, textual-serve's driver went on drawing into the broken pipe at full speed
with nobody to see it (a leftover game of a killed test server ran at 60% of a core for
as long as the machine was up) and did not end even on SIGTERM."""

from __future__ import annotations

import os
import select
import time
from pathlib import Path

from web_helpers import a_visitors_game


def test_a_visitors_game_ends_once_its_server_is_gone(tmp_path: Path) -> None:
    game = a_visitors_game(tmp_path)
    assert game.stdin is not None and game.stdout is not None
    try:
        # The game draws, as a page's server reads it, until its table is up (bounded).
        drawn = b""
        deadline = time.monotonic() + 60
        while b"Your turn" not in drawn and time.monotonic() < deadline:
            ready, _, _ = select.select([game.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(game.stdout.fileno(), 65536)
                assert chunk, "the game ended before its table was drawn"
                drawn = drawn[-4096:] + chunk
        assert b"Your turn" in drawn, "the table was never drawn"
        assert game.poll() is None
        # The server is gone: its ends of the pipes close.
        game.stdin.close()
        game.stdout.close()
        game.wait(timeout=30)  # it ends by itself (before the fix: it ran on)
        assert game.returncode is not None
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
