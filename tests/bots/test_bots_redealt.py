"""Bots on positions that bot-only play seldom reaches: the hidden tiles of a real
position dealt anew, then the hand played to its end.

A bot that has opened holds, in bot-only play, just the tiles it could not lay; a
re-deal gives it any rack, as a person at the table could leave it. On such
positions a pairs opener once took a discard its pairs did not use, laid other
pairs, took them back (+101) and laid them again, up to the driver's cap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from positions import redeal_hidden

from okey_tui.bots import make_bot
from okey_tui.bots.driver import play_bot_turn
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import PenaltyReason, Phase

# Penalties a bot chooses to pay; swapped-out okeys are the other seat's choice.
OWN_FAULTS = {
    PenaltyReason.TAKE_BACK,
    PenaltyReason.OKEY_DISCARD,
    PenaltyReason.PLAYABLE_DISCARD,
    PenaltyReason.GIVE_BACK,
}


# Normal: of seeds 6000-6011, the loop (take-backs, turns cut short) showed before the fix
# on 6002, 6010 and 6011, kept here with 6000, a hand it never touched.
@pytest.mark.parametrize(
    ("level", "seeds"), [("normal", (6000, 6002, 6010, 6011)), ("hard", (6002,))]
)
def test_bots_pay_no_penalty_of_their_own_on_redealt_positions(
    level: str, seeds: Sequence[int]
) -> None:
    played = replaced = 0
    for seed in seeds:
        rng = random.Random(seed)
        hand = Match(RuleSet(hands=1), seed).hand
        bots = [make_bot(level) for _ in range(4)]
        while not hand.is_over:
            seat = hand.turn
            if hand.phase is Phase.DRAW:
                world = redeal_hidden(hand, seat, rng)
                others = [make_bot(level) for _ in range(4)]
                while not world.is_over:
                    # Counts illegal attempts and turns cut short by the driver's cap.
                    replaced += play_bot_turn(world, others[world.turn], (0, 0, 0, 0))
                faults = [p for p in world.penalties if p.reason in OWN_FAULTS]
                assert not faults, (seed, faults)
                played += 1
            play_bot_turn(hand, bots[seat], (0, 0, 0, 0))
    assert played >= 15 * len(seeds)
    assert replaced == 0
