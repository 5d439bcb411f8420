"""Property tests repeat in CI (a derandomized profile) and explore locally (HYPOTHESIS_PROFILE=dev)."""

from __future__ import annotations

import os

from hypothesis import settings


def test_ci_is_derandomized_and_dev_is_random() -> None:
    assert settings.get_profile("ci").derandomize
    assert not settings.get_profile("dev").derandomize
    assert settings.get_profile("dev").max_examples > settings.get_profile("ci").max_examples


def test_the_chosen_profile_is_loaded() -> None:
    chosen = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
    assert settings.default.derandomize == chosen.derandomize
