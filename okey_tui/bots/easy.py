"""The easy bot: plays legally and simply.

It opens as soon as it can, lays off what it can and throws the tile it
needs least. Beginner's habits: it takes the left discard only for an
opening, ignores what the next player collects, does not count tiles,
never swaps okeys and does not notice when a throw could go on the table.
"""

from __future__ import annotations

from okey_tui.bots.brain import PlannerBot, Style

STYLE = Style(level="easy")


def make() -> PlannerBot:
    return PlannerBot(STYLE)
