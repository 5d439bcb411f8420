"""A visitor's game reads on past the keys it cannot read: a key sequence whose number is
past Unicode (Textual's reader raised ValueError) or an empty key message (read as the
end of the input) ended the game's input, and the game with it, its page closed."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import time
from pathlib import Path

from textual import events
from textual.drivers import web_driver
from web_helpers import a_visitors_game, packet

from okey_tui.web.driver import PageInput

UNREADABLE = [
    "\x1b[1000000000P",
    "\x1b[65535;5;1000000000C",
    "",
    "\x1b[999999999999999999~",  # OverflowError in the reader
    "\x1b[99999999999999999999u",  # RuntimeError (StopIteration inside its generator)
]


def keys(parser: PageInput, data: str) -> list[str]:
    return [event.key for event in parser.feed(data) if isinstance(event, events.Key)]


def test_the_page_input_drops_what_it_cannot_read_and_reads_on() -> None:
    parser = PageInput()
    for data in UNREADABLE:
        assert keys(parser, data) == []
        assert keys(parser, "d") == ["d"]
    assert keys(parser, "\x1b[A") == ["up"]
    # The visitor's driver reads its page's keys with it.
    assert web_driver.XTermParser is PageInput


def read_until(game: subprocess.Popen[bytes], text: bytes) -> None:
    """What the game draws, as a page's server reads it (its colours left out), until
    ``text`` (bounded)."""
    assert game.stdout is not None
    drawn = b""
    deadline = time.monotonic() + 60
    while text not in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", drawn):
        assert time.monotonic() < deadline, f"never drawn: {text!r}"
        ready, _, _ = select.select([game.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(game.stdout.fileno(), 65536)
            assert chunk, "the game ended"
            drawn = drawn[-65536:] + chunk


def test_a_visitors_game_goes_on_past_keys_it_cannot_read(tmp_path: Path) -> None:
    game = a_visitors_game(tmp_path)
    assert game.stdin is not None
    try:
        read_until(game, b"Your turn")
        for data in UNREADABLE:
            game.stdin.write(packet(b"D", data.encode()))
        game.stdin.write(packet(b"D", b"s"))  # then a key of the game's: sort the rack
        game.stdin.flush()
        read_until(game, b"Sorted")
        assert game.poll() is None
        game.stdin.write(packet(b"M", json.dumps({"type": "quit"}).encode()))
        game.stdin.flush()
        game.wait(timeout=30)
    finally:
        if game.poll() is None:
            game.kill()
