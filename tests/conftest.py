"""Every test runs with temporary config and data dirs: a developer's own settings,
saved match and statistics are never read or written."""

from __future__ import annotations

import asyncio
import gc
import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from textual import _wait as textual_wait
from textual import constants as textual_constants
from textual.app import App
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.visual import RichVisual, Visual
from textual.widget import Widget
from xdist.plugin import pytest_xdist_auto_num_workers as xdist_auto_num_workers

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
# Most of a UI test's time went to those steps. The tests sample every 0.5 ms and call
# a step idle under 0.3 ms of CPU (handling a key takes several ms); the pilot still
# waits for every pending message to be handled (``_wait_for_screen``) before a test looks.
textual_wait.SLEEP_GRANULARITY = 1 / 2000
textual_wait.SLEEP_IDLE = 0.0003

# Textual scrolls smoothly (Home, End, PgDn in a dialog; a form following its focus), 50
# lines a second or over 0.2-0.3 s, and a test has to wait for the scrolling to end before
# it looks: 40 s of the UI tests' waiting in all, the CPU idle meanwhile. The apps the
# tests run here (``run_test``) move each scroll and style change straight to its end, on
# the animator's next frame, as Textual's own TEXTUAL_ANIMATIONS=none does; what a test
# looks at is the same. okey101 started in tmux, in a browser or as a host is not told
# (the setting is this process's, not the environment's) and scrolls smoothly there.
textual_constants.TEXTUAL_ANIMATIONS = "none"  # type: ignore[misc]


# A headless app (``run_test``) draws every change of the screen, as a terminal's does,
# and throws the drawing away: 40% of the UI tests' CPU went to drawings nobody saw. Here
# a headless app lays its screen out after every change (sizes, scrolling, where a click
# lands: all as in a terminal) but draws it only when a test looks at it
# (``export_screenshot``, the snapshot tests). As each app's run ends, every widget on
# its screens builds what it would draw (its ``render()``, the markup of its text, the
# lines of a widget that draws line by line, a Rich renderable of our own), so a widget
# that cannot draw what it holds still fails its test; turning that into the terminal's
# cells (Textual's work, the same for every widget) was a fifth of a UI test's CPU and is
# left out. The tests that run okey101 in tmux, in a browser or as a host draw every
# frame, as a player's terminal does.
_compositor_refresh = Screen._compositor_refresh


def _refresh_without_drawing(self: Screen[object]) -> None:
    app = self.app
    if not (app.is_headless and self is app.screen and not app.is_inline):
        _compositor_refresh(self)
        return
    self._compositor._dirty_regions.clear()
    self._dirty_widgets.clear()
    app._update_mouse_over(self)


Screen._compositor_refresh = _refresh_without_drawing  # type: ignore[method-assign]
_run_test = App.run_test


def _build_what_each_widget_draws(app: App[object]) -> None:
    for screen in [*app._background_screens, app.screen]:
        for widget in screen.walk_children(with_self=True):
            if not widget.display or not widget.region.area:
                continue
            if type(widget).render_line is not Widget.render_line:
                widget.render_lines(Region(0, 0, *widget.outer_size))  # draws line by line
                continue
            visual = widget._render()  # render() and the markup of its text
            if isinstance(visual, RichVisual):  # a Rich renderable: our own drawing code runs
                Visual.to_strips(widget, visual, *widget.size, widget.visual_style)


@asynccontextmanager
async def _run_test_drawn_at_the_end(
    self: App[object], *args: Any, **kwargs: Any
) -> AsyncIterator[Pilot[object]]:
    async with _run_test(self, *args, **kwargs) as pilot:
        yield pilot
        if self.is_running and self._screen_stack:
            _build_what_each_widget_draws(self)


App.run_test = _run_test_drawn_at_the_end  # type: ignore[method-assign,assignment]

# Every app parses the same stylesheets (Textual's defaults, each widget's, okey.tcss) into
# the same rules, about 15 ms an app: the tests' apps share what a first one parsed (for the
# same CSS, source, scope and colour variables). The rules are not changed once parsed.
_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(
    self: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (css, read_from, is_default_rules, tie_breaker, scope, *sorted(self._variables.items()))
    rules = _PARSED.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        _PARSED[key] = rules
    return rules


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]

# The pilot's pause ends by asking the screen to refresh, which queues the callbacks
# waiting for that refresh (``call_after_refresh``) without running them: whether they
# ran before the test looked depended on timing. The pause now lets them run.
_pause = Pilot.pause


async def _pause_and_settle(self: Pilot[object], delay: float | None = None) -> None:
    await _pause(self, delay)
    await self._wait_for_screen()


Pilot.pause = _pause_and_settle  # type: ignore[method-assign]

# The app hands a new size to its screens from a timer (1/120 s after the resize), not from
# its queue: a pause could end before the timer fired, and on a loaded machine a test looked
# at the old size (the big tiles at 200x60 still small). The pilot's resize now waits, a
# bounded while, for the size to be handed over, then for the screens to take it.
_resize_terminal = Pilot.resize_terminal


async def _resize_and_settle(self: Pilot[object], width: int, height: int) -> None:
    await _resize_terminal(self, width, height)
    app = self.app
    for _ in range(400):  # at most about 2 s
        if app._resize_timer is None and app._resize_event is None:
            break
        await asyncio.sleep(0.005)
    await self.pause()


Pilot.resize_terminal = _resize_and_settle  # type: ignore[method-assign]


def pytest_collection_finish(session: pytest.Session) -> None:
    """What importing and collecting built (the modules, the tests and their parameters:
    about 160 000 objects) lives to the end of the run, and Python's collector walked it
    again at each of its full passes, 90 to 160 of them in a worker. It is frozen out of
    the collector's sight, and the passes come far less often: a young generation of
    100 000 objects (700 by default), 50 young passes to a middle one and the full pass left
    to the explicit ``gc.collect()`` calls, as a worker's memory stays under 300 MB
    anyway. Three UI test files spent 5.0 s of their 26 s of CPU collecting with a young
    generation of 2000 and 10 passes to the next (the setting before), 3.5 s with this
    (measured with ``gc.callbacks``). Set before the first test."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)


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


@pytest.fixture(autouse=True)
def _hints_by_the_view_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A practice hint's search stops at its time budget, so on a busy machine (the suite's
    workers and the processes they start share two cores) it weighed fewer deals and said
    something else: tests give it all the time it needs, and only the view decides."""
    from okey_tui import practice

    monkeypatch.setattr(practice, "HINT_BUDGET_MS", 1e9)
    practice.forget_hints()  # a test may give the expert a search of its own making


@pytest.fixture(autouse=True)
def _keys_at_once_on_the_last_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match's last summary lets a moment pass before Enter deals a new match (a key
    typed as it came up was meant for the table); a test's keys come at machine speed,
    so tests press at once, and tests/ui/test_ui_summary_type_ahead.py keeps the moment."""
    from okey_tui.ui.screens import summary

    monkeypatch.setattr(summary, "TYPE_AHEAD", 0.0)
    from okey_tui.ui.screens import privacy

    monkeypatch.setattr(privacy, "PASS_GUARD", 0.0)  # the same for the pass screen


# Tests that mostly wait on other processes (a browser, tmux, a host and its clients):
# they run first, so each worker's waiting overlaps the other's work on the quick tests
# instead of leaving one worker waiting alone at the end of the run.
WAITING_FIRST = (
    "tests/web/test_web_browser.py",
    "tests/web/test_web_resize_browser.py",
    "tests/web/test_web_hosted.py",
    "tests/web/test_web_hosted_link.py",
    "tests/ui/test_ui_tmux.py",
    "tests/net/test_net_friends.py",
    "tests/net/test_net_resume.py",
    "tests/test_crash_resume.py",
    "tests/test_kill_new_match.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(WAITING_FIRST))  # stable


# xdist's own hook, marked optional: a run without xdist (mutmut's, ``-p no:xdist``) stopped
# at "unknown hook" before collecting a test, so scripts/mutation.py could not run.
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker a core and one more. A fifth of a run's time goes to tests
    that mostly wait (on a browser, tmux, a host or a clock) while their worker's core
    sits idle; the extra worker fills it. On two cores, eight runs each: 83.6-92.2 s with
    three workers against 92.4-100.9 s with two (docs/testing.md).
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still sets the count."""
    cores = xdist_auto_num_workers(config)  # xdist's own count: the cores, or the variable
    return cores if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") else cores + 1


@pytest.fixture(autouse=True)
def _settings_problems_said() -> Iterator[None]:
    """A settings problem queued for the new-table screen and never taken by the test
    that caused it would be said in the next test of its worker: each test takes its own
    (the ones it checks), and one left over fails the test that left it."""
    yield
    from okey_tui import settings as okey_settings

    left = okey_settings.take_problems()
    assert not left, f"settings problems never said: {left}"
