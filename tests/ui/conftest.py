"""UI test fixtures: a temporary config dir, so no test reads or writes real settings."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _temp_config(tmp_path, monkeypatch):
    monkeypatch.setenv("OKEY101_CONFIG_DIR", str(tmp_path / "config"))
    yield tmp_path / "config"
