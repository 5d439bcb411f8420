"""The text a Textual app shows right now, read from its screenshot (for privacy tests)."""

from __future__ import annotations

import html
import re

CELL = 12.2  # the width of one terminal cell in Textual's SVG export


def screen_text(app) -> str:
    """Every line of the current screen as plain text, as a person would read it.

    Each piece of text goes to its column (blank cells are not written in the SVG,
    so the pieces are placed by their x position, not simply joined).
    """
    svg = app.export_screenshot()
    rows: dict[float, dict[int, str]] = {}
    for match in re.finditer(r"<text([^>]*)>(.*?)</text>", svg, re.S):
        attrs = match.group(1)
        if "clip-path" not in attrs:
            continue  # the window title, not the screen
        y = re.search(r'y="([\d.]+)"', attrs)
        x = re.search(r'x="([\d.]+)"', attrs)
        text = html.unescape(re.sub("<[^>]+>", "", match.group(2))).replace("\xa0", " ")
        row = rows.setdefault(float(y.group(1)) if y else -1.0, {})
        row[round(float(x.group(1)) / CELL) if x else 0] = text
    lines = []
    for _, pieces in sorted(rows.items()):
        line = ""
        for column, text in sorted(pieces.items()):
            line = line.ljust(column) + text
        lines.append(line.rstrip())
    return "\n".join(lines)


def shows_tile(text: str, tile: object) -> bool:
    """Whether the tile's name (``K1``, not part of ``K13``) appears in ``text``."""
    return re.search(rf"(?<![A-Z0-9]){re.escape(str(tile))}(?![0-9])", text) is not None
