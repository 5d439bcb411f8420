"""UI test fixtures: a temporary config dir, so no test reads or writes real settings; the
languages a test asks for by taking ``language``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from okey_tui import i18n


@pytest.fixture(autouse=True)
def _temp_config(tmp_path, monkeypatch):
    monkeypatch.setenv("OKEY101_CONFIG_DIR", str(tmp_path / "config"))
    yield tmp_path / "config"


@pytest.fixture(params=["en", "tr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each language in turn, set for the test (and English again after it)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
