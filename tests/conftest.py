"""Every test runs with temporary config and data dirs: a developer's own settings,
saved match and statistics are never read or written."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from textual import _wait as textual_wait

# Python told to write no bytecode (PYTHONDONTWRITEBYTECODE, common in containers)
# compiles the package from source again in every process, and the suite starts many
# (the CLI, tmux, network, browser and crash tests start okey101 or a host), while
# pytest rewrites the asserts of every test module again in each worker: 60 s of the
# 194 s of CPU of a run of the suite went to compiling. The suite keeps its bytecode in
# .pytest_cache/pycache instead, outside the source folders, for itself and the
# processes it starts (they inherit the environment).
if sys.dont_write_bytecode:
    PYCACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache"
    sys.pycache_prefix = str(PYCACHE)
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Property tests: "ci" (the default) is derandomized, so a run, and a failure, repeats
# exactly; "dev" (HYPOTHESIS_PROFILE=dev) draws fresh random examples, more of them
# where a test leaves the count to the profile. Hypothesis prints a failing example
# either way.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", derandomize=False, max_examples=500, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Textual's pilot waits after every key press until the app looks idle: it sleeps in
# steps of 20 ms and stops after a step in which the process used under 1 ms of CPU.
# Most of a UI test's time went to those steps. The tests sample every 2 ms and call
# a step idle under 0.3 ms of CPU (a redraw takes several ms); the pilot still waits
# for every pending message to be handled (``_wait_for_screen``) before a test looks.
textual_wait.SLEEP_GRANULARITY = 1 / 500
textual_wait.SLEEP_IDLE = 0.0003


def pytest_collection_finish(session: pytest.Session) -> None:
    """What importing and collecting built (the modules, the tests and their parameters:
    about 160 000 objects) lives to the end of the run, and Python's collector walked it
    again at each of its full passes, 90 to 160 of them in a worker. It is frozen out of
    the collector's sight, and the passes come less often (a young generation of 2000
    objects, not 700): the UI tests took a quarter to a third less CPU. Set before the first test."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(2000, 10, 10)


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OKEY101_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("OKEY101_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests speak English whatever the developer's locale; a test asks for Turkish itself."""
    from okey_tui import i18n

    monkeypatch.setenv(i18n.ENV_LANG, "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# Tests that mostly wait on other processes (a browser, tmux, a host and its clients):
# they run first, so each worker's waiting overlaps the other's work on the quick tests
# instead of leaving one worker waiting alone at the end of the run.
WAITING_FIRST = (
    "tests/web/test_web_browser.py",
    "tests/web/test_web_hosted.py",
    "tests/ui/test_ui_tmux.py",
    "tests/net/test_net_friends.py",
    "tests/net/test_net_resume.py",
    "tests/test_crash_resume.py",
    "tests/test_kill_new_match.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(WAITING_FIRST))  # stable
