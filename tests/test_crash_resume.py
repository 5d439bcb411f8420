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
        else:
            time.sleep(rng.uniform(0.1, 0.6) + 0.1 * attempt)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            kills += 1
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
