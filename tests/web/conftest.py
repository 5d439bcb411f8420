"""The browser of the browser tests: Debian's Chromium through playwright (see web_helpers)."""

from __future__ import annotations

import pytest
from web_helpers import chromium, missing

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None


@pytest.fixture
def browser():
    if sync_playwright is None:
        missing("playwright is not installed: pip install -e '.[test]'")
    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable)
        try:
            yield launched
        finally:
            launched.close()
