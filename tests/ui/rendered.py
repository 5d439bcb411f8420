"""The text a Textual app shows right now, as a person would read it (for privacy tests)."""

from __future__ import annotations

import re


def screen_text(app) -> str:
    """Every line of the current screen as plain text, as a person would read it: the
    screen drawn as a terminal would show it (with the screens a dialog leaves in sight
    under it), each line's text with its trailing blanks cut."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    lines = ["".join(strip.text for strip in line) for line in update.strips]
    return "\n".join(line.rstrip() for line in lines)


def shows_tile(text: str, tile: object) -> bool:
    """Whether the tile's name (``K1``, not part of ``K13``) appears in ``text``."""
    return re.search(rf"(?<![A-Z0-9]){re.escape(str(tile))}(?![0-9])", text) is not None
