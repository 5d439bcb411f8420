"""Bots decide from a PlayerView alone: hidden tiles cannot change a choice."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import pytest
from positions import redeal_hidden

from okey_tui.bots import LEVELS, Bot, make_bot
from okey_tui.bots.expert import ExpertBot
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Hand
from okey_tui.engine.view import PlayerView


def _bot(level: str) -> Bot:
    """A bot of the level; the expert with few worlds (the test checks what it sees,
    not how well it plays) and no time cap, so that only its view decides."""
    if level == "expert":
        return ExpertBot(samples=4, budget_ms=60_000)
    return make_bot(level)


def _positions(levels: list[str], seed: int, hands: int = 1) -> list[Hand]:
    """Positions met while bots play, one per bot decision point."""
    match = Match(RuleSet(hands=hands), seed)
    bots = [_bot(level) for level in levels]
    found: list[Hand] = []
    hand = match.hand
    while not hand.is_over:
        found.append(parse_position(format_position(hand)))
        hand.apply(bots[hand.turn].choose(PlayerView.of(hand, hand.turn)))
    return found


def test_player_view_has_no_field_for_hidden_tiles() -> None:
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert "racks" not in names and "middle" not in names
    assert {"rack", "middle_count", "rack_counts"} <= names


@pytest.mark.parametrize("level", LEVELS)
def test_choice_does_not_depend_on_hidden_tiles(level: str) -> None:
    """Sections 2-3: other racks and the middle's order are hidden; bots cannot use them."""
    rng = random.Random(7)
    checked = 0
    differing_hidden = 0
    for seed in (3, 11):
        for hand in _positions([level] * 4, seed):
            seat = hand.turn
            variant = redeal_hidden(hand, seat, rng)
            if variant.racks != hand.racks or variant.middle != hand.middle:
                differing_hidden += 1
            view_a = PlayerView.of(hand, seat)
            view_b = PlayerView.of(variant, seat)
            assert view_a == view_b
            choice_a = _bot(level).choose(view_a)
            choice_b = _bot(level).choose(view_b)
            assert choice_a == choice_b, format_position(hand)
            checked += 1
    assert checked >= 20
    assert differing_hidden >= checked // 2


def test_bots_import_no_ui_libraries() -> None:
    code = (
        "import sys, okey_tui.bots, okey_tui.bots.easy, okey_tui.bots.normal, "
        "okey_tui.bots.hard, okey_tui.bots.expert, okey_tui.bots.arena\n"
        "bad = [m for m in ('textual', 'rich', 'click') if m in sys.modules]\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
