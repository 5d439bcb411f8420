"""The help's "A turn in a few keys" names the table's opening floor: at a Rising table
it said "101 points or 5 pairs" alone, though an opening must beat the best one laid."""

from __future__ import annotations

from rich.console import Console

from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.ui.screens.help import turn_in_keys


def shown(rules: RuleSet | None) -> str:
    console = Console(width=200, record=True)
    console.print(turn_in_keys(rules))
    return " ".join(console.export_text().split())


def test_the_turn_keys_say_the_floor_rises_where_it_does() -> None:
    classic = shown(RuleSet())
    assert "your opening: 101 points or 5 pairs)" in classic, classic
    rising = shown(RuleSet(game_type=GameType.RISING))
    assert "101 points or 5 pairs, or more: it must beat the best opening of its kind" in rising
    fifty_one = shown(RuleSet(game_type=GameType.FIFTY_ONE))
    assert "51 points or more (it must beat the best opening of runs and sets laid)" in fifty_one
    assert "or 4 pairs" in fifty_one, fifty_one
