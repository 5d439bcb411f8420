"""Nothing lost: a match killed at random moments and resumed ends exactly like one never killed."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from okey_tui import storage

ARGS = ["--seed", "7", "--hands", "3", "--seats", "easy,normal,hard,easy"]


def autoplay(save: Path, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "okey_tui.autoplay", "--save", str(save), "--out", str(out), *ARGS],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def stamp(save: Path) -> tuple[int, int] | None:
    """Which version of the save is on disk (each save replaces the file whole)."""
    try:
        found = save.stat()
    except FileNotFoundError:
        return None
    return found.st_ino, found.st_mtime_ns


def kill_after_saves(
    process: subprocess.Popen[bytes], save: Path, saves: int, rng: random.Random
) -> bool:
    """Let the match write its save about ``saves`` more times, then kill it at once.

    Counting saves rather than seconds puts the kill in the middle of the match on a
    fast machine and a loaded one alike; the short random wait after the last save
    seen lets the kill land anywhere in the next action, a save being written included.
    Returns whether the process was killed (False: it ended first).
    """
    seen, count = stamp(save), 0
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        now = stamp(save)
        if now != seen:
            seen, count = now, count + 1
        if count >= saves:
            time.sleep(rng.uniform(0, 0.003))
            if process.poll() is not None:
                return False
            process.send_signal(signal.SIGKILL)
            process.wait()
            return True
        time.sleep(0.0005)
    if process.poll() is None:
        process.kill()
        process.wait()
        raise AssertionError(f"the match wrote its save {count} times in 60 s, not {saves}")
    return False


def test_a_killed_match_resumes_and_ends_as_if_never_interrupted(tmp_path: Path) -> None:
    calm = autoplay(tmp_path / "calm.json", tmp_path / "calm-out.json")
    assert calm.wait(timeout=120) == 0, calm.stderr.read() if calm.stderr else ""
    expected = json.loads((tmp_path / "calm-out.json").read_text())

    save, out = tmp_path / "rough.json", tmp_path / "rough-out.json"
    rng = random.Random(2026)
    kills = 0
    for attempt in range(9):
        process = autoplay(save, out)
        if attempt == 8:  # enough interruptions: let it finish
            process.wait(timeout=120)
        elif kill_after_saves(process, save, rng.randint(3, 30), rng):
            kills += 1
        if process.returncode == -signal.SIGKILL:
            # Whatever moment the kill hit, the save on disk is a whole, loadable match.
            if save.exists():
                assert storage.load(save) is not None
            continue
        assert process.returncode == 0, process.stderr.read() if process.stderr else ""
        break
    else:  # pragma: no cover - the last run is never interrupted
        raise AssertionError("the match never finished")
    assert kills >= 2, "the test must really interrupt the match"
    assert json.loads(out.read_text()) == expected
