"""Every test runs with temporary config and data dirs: a developer's own settings,
saved match and statistics are never read or written."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OKEY101_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("OKEY101_DATA_DIR", str(tmp_path / "data"))
