"""What a finished screen drew is freed (okey_tui/ui/textual_fixes.py)."""

from __future__ import annotations

import gc

from textual._styles_cache import StylesCache

from tests.ui.ui_helpers import table_app


def styles_caches() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, StylesCache))


async def test_the_widgets_of_a_finished_table_leave_nothing_behind():
    """Textual kept the styles cache of each of the last 1024 widgets drawn, with every
    line it drew: over a match the screens and dialogs that came and went piled up, and
    every full pass of the garbage collector walked them. Three tables played and closed
    leave none of their widgets' caches alive."""
    widgets = 0
    for seed in (125, 126, 127):
        app = table_app(seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s", "right", "right", "question_mark")  # sort, move, the help
            await pilot.press("escape")
            widgets = max(widgets, len(list(app.screen.walk_children())))
        del app, pilot
    assert widgets > 20, "a table screen has many widgets"
    assert styles_caches() < widgets, "the widgets of closed tables still hold their drawings"
