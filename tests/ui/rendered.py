"""The text a Textual app shows right now, read from its screenshot (for privacy tests)."""

from __future__ import annotations

import html
import re


def screen_text(app) -> str:
    """Every line of the current screen as plain text, as a person would read it."""
    svg = app.export_screenshot()
    rows: dict[float, list[str]] = {}
    for match in re.finditer(r"<text([^>]*)>(.*?)</text>", svg, re.S):
        y = re.search(r'y="([\d.]+)"', match.group(1))
        text = html.unescape(re.sub("<[^>]+>", "", match.group(2))).replace("\xa0", " ")
        rows.setdefault(float(y.group(1)) if y else -1.0, []).append(text)
    return "\n".join("".join(parts) for _, parts in sorted(rows.items()))


def shows_tile(text: str, tile: object) -> bool:
    """Whether the tile's name (``K1``, not part of ``K13``) appears in ``text``."""
    return re.search(rf"(?<![A-Z0-9]){re.escape(str(tile))}(?![0-9])", text) is not None
