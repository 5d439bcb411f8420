"""The normal bot: a solid club player.

It keeps tiles that half-make runs and sets, weighs a pairs plan against a
melds plan, takes the left discard only when it completes an opening or a
lay-off this turn, swaps okeys, lays off, avoids the penalties of the rules
(okey and playable throws, take-backs) and keeps an okey for the finishing
throw when it can.
"""

from __future__ import annotations

from okey_tui.bots.brain import PlannerBot, Style

STYLE = Style(
    level="normal",
    take_for_layoffs=True,
    avoid_playable=True,
    keep_okey_for_finish=True,
    swap_okeys=True,
    pairs_plan=True,
    partials=True,
    guard_okeys=True,
)


def make() -> PlannerBot:
    return PlannerBot(STYLE)
