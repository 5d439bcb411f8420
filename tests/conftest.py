"""Every test runs with temporary config and data dirs: a developer's own settings,
saved match and statistics are never read or written."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests: "ci" (the default) is derandomized, so a run, and a failure, repeats
# exactly; "dev" (HYPOTHESIS_PROFILE=dev) draws fresh random examples, more of them
# where a test leaves the count to the profile. Hypothesis prints a failing example
# either way.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", derandomize=False, max_examples=500, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
