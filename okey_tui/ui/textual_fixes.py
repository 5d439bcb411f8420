"""A fix for a memory leak in Textual, applied when the front end is imported.

Textual 8.2 caches ``StylesCache.get_inner_outer`` with ``functools.lru_cache`` on the
method itself, so the cache's keys hold ``self``: the styles cache of each of the last
1024 widgets ever drawn stays in memory with every line it drew (upstream:
https://github.com/Textualize/textual/issues/6665). In a match each hand's summary and
each dialog added theirs; in the tests, where many tables run in one process, they piled
up to 720 000 objects, which every full pass of Python's garbage collector walked again
(passes of up to 0.8 s). The result depends only on the two colours, so the fix caches
it on them. ``textual._styles_cache`` is private: pyproject.toml pins Textual to 8.2.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from rich.style import Style
from textual._styles_cache import StylesCache
from textual.color import Color

InnerOuter = Callable[[object, Color, Color], tuple[Style, Style]]


def apply() -> None:
    """Caches the inner and outer backgrounds on the colours alone (once; idempotent)."""
    method = StylesCache.__dict__["get_inner_outer"]
    original: InnerOuter | None = getattr(method, "__wrapped__", None)
    if original is None:
        return  # a Textual without the leak, or already fixed

    @lru_cache(1024)
    def by_colours(base_background: Color, background: Color) -> tuple[Style, Style]:
        return original(None, base_background, background)

    def get_inner_outer(
        self: StylesCache, base_background: Color, background: Color
    ) -> tuple[Style, Style]:
        return by_colours(base_background, background)

    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[method-assign,assignment]


apply()
