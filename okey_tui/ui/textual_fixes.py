"""Fixes for two faults of Textual, applied when the front end is imported.

**A memory leak.** Textual 8.2 caches ``StylesCache.get_inner_outer`` with
``functools.lru_cache`` on the method itself, so the cache's keys hold ``self``: the
styles cache of each of the last 1024 widgets ever drawn stays in memory with every line
it drew (upstream: https://github.com/Textualize/textual/issues/6665). In a match each
hand's summary and each dialog added theirs; in the tests, where many tables run in one
process, they piled up to 720 000 objects, which every full pass of Python's garbage
collector walked again (passes of up to 0.8 s). The result depends only on the two
colours, so the fix caches it on them. ``textual._styles_cache`` is private: pyproject.toml pins Textual to 8.2.

**A screen resized for ever.** A screen lays itself out at the size a ``Resize`` it
handles carries, and a layout that changes its size sends it a ``Resize`` of that size.
A screen under another one (the table under hot-seat's privacy screen, a dialog or the
help) gets each terminal resize twice, from the app and from the screen on top; when
sizes come faster than the app handles them, two of another size can wait in its queue
with other messages between them, and then each sends the other back: the screen laid
out at one size, then the other, hundreds of times a second, for ever, never letting
the app read a key (3 headless runs in 10 of rapid resizes at a hot-seat table; not
seen in tmux, whose resizes come slower).
A screen is always the terminal's size (okey101 never runs inline), and the app sends
every screen a ``Resize`` of each size the terminal takes, so a screen drops a ``Resize``
of a size the terminal no longer has.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import lru_cache

from rich.style import Style
from textual import events
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.message import Message
from textual.screen import Screen

InnerOuter = Callable[[object, Color, Color], tuple[Style, Style]]
Dispatch = Callable[[Screen[object], Message], Awaitable[None]]


def apply() -> None:
    """Both fixes (once; idempotent)."""
    cache_inner_outer_by_colours()
    drop_stale_screen_resizes()


def cache_inner_outer_by_colours() -> None:
    """Caches the inner and outer backgrounds on the colours alone."""
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


def stale(screen: Screen[object], message: Message) -> bool:
    """``message`` resizes ``screen`` to a size the terminal no longer has."""
    app = screen.app
    return isinstance(message, events.Resize) and not app.is_inline and message.size != app.size


def drop_stale_screen_resizes() -> None:
    """A screen handles no ``Resize`` of a size the terminal had before (the app sends it
    the size the terminal has now)."""
    dispatch: Dispatch = Screen._dispatch_message
    if getattr(dispatch, "drops_stale_resizes", False):
        return  # already fixed

    async def _dispatch_message(self: Screen[object], message: Message) -> None:
        if not stale(self, message):
            await dispatch(self, message)

    _dispatch_message.drops_stale_resizes = True  # type: ignore[attr-defined]
    Screen._dispatch_message = _dispatch_message  # type: ignore[method-assign,assignment]


apply()
