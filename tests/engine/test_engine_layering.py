"""The engine, the bots and the logic modules are headless: importing them loads no UI library.

Each check runs in a fresh interpreter, so nothing another test imported hides a leak.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import okey_tui.bots
import okey_tui.engine

UI_LIBRARIES = ("textual", "rich", "click")

# Modules that promise to be free of Textual (and Rich and Click): the engine, the
# bots, and the logic the screens and commands sit on.
HEADLESS = (
    ["okey_tui.engine"]
    + [f"okey_tui.engine.{m.name}" for m in pkgutil.iter_modules(okey_tui.engine.__path__)]
    + ["okey_tui.bots"]
    + [f"okey_tui.bots.{m.name}" for m in pkgutil.iter_modules(okey_tui.bots.__path__)]
    + [
        "okey_tui.practice",
        "okey_tui.storage",
        "okey_tui.settings",
        "okey_tui.stats",
        "okey_tui.hotseat",
        "okey_tui.autoplay",
    ]
)


def _loaded_after(code: str) -> set[str]:
    probe = (
        code + f"\nprint('LOADED:' + ','.join(m for m in {UI_LIBRARIES!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", "import sys\n" + probe], capture_output=True, text=True, check=True
    )
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("LOADED:")
    return set(filter(None, last.removeprefix("LOADED:").split(",")))


def test_headless_modules_import_without_textual_rich_or_click() -> None:
    assert "okey_tui.engine.state" in HEADLESS and "okey_tui.bots.driver" in HEADLESS
    code = f"import importlib\nfor name in {HEADLESS!r}:\n    importlib.import_module(name)"
    assert _loaded_after(code) == set()


def test_the_probe_sees_a_ui_import() -> None:
    """The check can fail: a module that pulls in Rich is caught."""
    assert _loaded_after("import rich.text") >= {"rich"}


@pytest.mark.parametrize("argv", [["--help"]])
def test_okey101_help_imports_click_only(argv: list[str]) -> None:
    code = (
        "from okey_tui import cli\n"
        "try:\n"
        f"    cli.main({argv!r})\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
    )
    assert _loaded_after(code) == {"click"}
