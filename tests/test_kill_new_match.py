"""Nothing lost: killing okey101 (kill -9) while it starts a new match never harms the
unfinished match already saved."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from okey_tui import storage
from okey_tui.engine.notation import format_position
from okey_tui.engine.rules import RuleSet
from okey_tui.ui.session import Session

START_B = """
import sys
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
settings = TableSettings(bots=("easy", "easy", "easy"), hands=1)
make_app(settings=settings, ask=False, seed=int(sys.argv[1]), bot_delay=0).run(headless=True)
"""


def save_match_a() -> Path:
    session = Session(RuleSet(hands=3), seed=17, name="Ayşe", levels=("easy", "easy", "easy"))
    session.save_path = storage.new_save_path()
    session.autosave()
    for _ in range(3):  # a few of the human's turns, the bots playing in between
        session.play_bots()
        if session.hand.is_over:
            break
        session.act(session.choose(0, session.view(0)))
    session.play_bots()
    assert session.save_path is not None and not session.match.is_over
    return session.save_path


def test_kill_9_while_starting_match_b_leaves_match_a_intact() -> None:
    a_path = save_match_a()
    a_text = a_path.read_bytes()
    a_loaded = storage.load(a_path)
    assert a_loaded is not None
    a_position = format_position(a_loaded.match.hand)
    rng = random.Random(12)
    env = dict(os.environ)
    for attempt in range(3):
        before = set(storage.saves_dir().glob("*.json"))
        process = subprocess.Popen(
            [sys.executable, "-c", START_B, str(attempt)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if attempt == 2:  # the last one is killed only once match B is on disk
            deadline = time.monotonic() + 30
            while set(storage.saves_dir().glob("*.json")) == before:
                assert time.monotonic() < deadline, "match B never started"
                time.sleep(0.02)
        else:
            time.sleep(rng.uniform(0.05, 1.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert a_path.read_bytes() == a_text
        found = storage.list_saves()
        assert found.problems == []  # every file on disk, B's too, is a whole match
        (entry,) = [e for e in found.entries if e.path == a_path]
        assert format_position(entry.saved.match.hand) == a_position
    assert len(storage.list_saves().entries) >= 2
    storage.MatchLock(a_path).release()  # nothing holds A
