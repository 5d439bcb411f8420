"""The engine and the bots are headless: importing them loads no UI library."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import okey_tui.engine


def test_engine_and_bots_import_without_textual_rich_or_click() -> None:
    modules = ["okey_tui.engine"] + [
        f"okey_tui.engine.{m.name}" for m in pkgutil.iter_modules(okey_tui.engine.__path__)
    ]
    modules += ["okey_tui.bots", "okey_tui.bots.base"]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in ('textual', 'rich', 'click') if m in sys.modules)\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
    assert "okey_tui.engine.state" in modules and "okey_tui.engine.view" in modules
