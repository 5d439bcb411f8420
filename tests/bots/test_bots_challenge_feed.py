"""At a Challenge table with penalties, the player on your right who takes your discard
and uses it makes you pay its value ×10 (rules §12). The hard bot's fear of feeding that
player grows with the tile's value there: of two loose tiles as likely to be used, an
opened hard bot throws the low one at a Challenge table (a 5 costs 50 if used, a 9 costs
90), and the high one elsewhere (it leaves fewer points in hand)."""

from __future__ import annotations

import pytest
from positions import position

from okey_tui.bots import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.actions import Discard
from okey_tui.engine.tiles import Tile


def thrown(rack: str, rules: str) -> Tile:
    """What an opened hard seat 0 throws from ``rack`` (nothing of it fits the table)."""
    hand = position(
        [rack, "", "", ""],
        indicator="B7",
        phase="p",
        rules=rules,
        table=["0:R10R11R12R13", "0:B1B2B3"],
        openings="m101/-/-/-",
    )
    action = play_bot_step(hand, make_bot("hard")).action
    assert isinstance(action, Discard), action
    return action.tile


@pytest.mark.parametrize(
    ("rack", "low", "high"),
    [("K5 Y9", "K5", "Y9"), ("Y5 K9", "Y5", "K9"), ("R5 B9 K2", "K2", "B9")],
)
def test_at_a_challenge_table_the_low_tile_goes_elsewhere_the_high_one(
    rack: str, low: str, high: str
) -> None:
    assert thrown(rack, "challenge/3") == Tile.parse(low)
    assert thrown(rack, "classic/3") == Tile.parse(high)
    assert thrown(rack, "rising/3") == Tile.parse(high)
