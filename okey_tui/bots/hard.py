"""The hard bot: everything the normal bot does, plus table sense.

It counts every tile it has seen (discards, table, indicator, its rack) to
judge which tiles are still live, avoids feeding the player on its right,
may hold an opening back to go out in one turn, opens early when floors
rise, declares Going Pairs at a Challenge table with a pairs hand, and at a
partners table never minds feeding its partner.
"""

from __future__ import annotations

from okey_tui.bots.brain import PlannerBot, Style

STYLE = Style(
    level="hard",
    take_for_layoffs=True,
    avoid_playable=True,
    keep_okey_for_finish=True,
    swap_okeys=True,
    pairs_plan=True,
    partials=True,
    guard_okeys=True,
    plan_finish=True,
    lookahead=True,
    aim_floor=True,
    hunt_okeys=True,
    count_tiles=True,
    guard_right=True,
    hold_for_straight=True,
    going_pairs=True,
)


def make() -> PlannerBot:
    return PlannerBot(STYLE)
