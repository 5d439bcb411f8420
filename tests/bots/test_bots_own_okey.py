"""The hard bot's own okey on the table comes home (swapped out for the bot's own tile)
when its meld could lose an okey to a swap; not when the okey at risk there is another
seat's, ours is safe, and the tile given for it goes down anyway.

Found playing a Rising hand against hard bots: Ayşe laid the okey as ★K5 beside
Mehmet's ★K8 (K8 live), took it home with her K5, laid it as ★K4, took it home with her
K4, and so on: seven lines in the log for four tiles she could have added straight away.
Mehmet's ★K8 made the meld look risky, so her own okey, which nobody else could swap
(both K5s in sight), kept coming home."""

from __future__ import annotations

import pytest
from positions import position

from okey_tui.bots import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.actions import Action, AddTile, SwapOkey
from okey_tui.engine.state import Hand

# Seat 1 has opened and holds K5 and K4; on the table Mehmet's (seat 2) K6 K7 ★K8 with
# seat 1's own okey laid at its low end as ★K5. The other K5 is in Mehmet's pile and the
# other K4 in K2 K3 K4: nobody but seat 1 could swap either okey's place there.
TABLE = ["1:R10R11R12R13", "2:K2K3K4", "2:*K5@1K6K7*K8", "2:B10B11B12"]


def seat_1_to_play(rack: str, table: list[str], seat_2_pile: str) -> Hand:
    """Seat 1, opened, to play with ``rack`` after its draw; seat 2 (Mehmet) has opened
    and thrown ``seat_2_pile``; the okey is K11 (indicator K10)."""
    return position(
        ["R3 Y10 R4", rack, "R1 B5 R3", ""],
        indicator="K10",
        turn=1,
        phase="p",
        rules="classic/3",
        table=table,
        discards=("", "", seat_2_pile, ""),
        openings="-/m102/m135/-",
        rest="rack3",
    )


def seat_1_s_turn(hand: Hand, level: str) -> list[Action | None]:
    """Seat 1's turn to its end, played by a bot of ``level``: what it chose, step by step."""
    bot = make_bot(level)
    actions = []
    while hand.turn == 1 and not hand.is_over:
        actions.append(play_bot_step(hand, bot).action)
    return actions


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_an_okey_nobody_else_can_swap_stays_and_the_tiles_go_down_as_they_are(
    level: str,
) -> None:
    hand = seat_1_to_play("K5 K4 Y1 Y12 R2 B4", TABLE, "K5")
    actions = seat_1_s_turn(hand, level)
    assert not any(isinstance(a, SwapOkey) for a in actions), actions
    added = {str(a.tile) for a in actions if isinstance(a, AddTile)}
    assert {"K4", "K5"} <= added, actions
    # The okey is where it was, standing for K5; Mehmet's ★K8 beside it.
    assert hand.table[2].meld.notation() == "K4*K5K6K7*K8", hand.table[2].meld


def test_a_tile_that_goes_nowhere_else_still_takes_our_okey_home() -> None:
    """The same meld, no K2 K3 K4 on the table: K5 goes down only in place of the okey,
    which then goes where nobody can swap it (★R9, both R9s in sight)."""
    table = ["1:R10R11R12R13", "2:*K5@1K6K7*K8", "2:B10B11B12"]
    hand = seat_1_to_play("K5 Y1 Y12 R2 B4", table, "K5 R9 R9")
    actions = seat_1_s_turn(hand, "hard")
    assert isinstance(actions[0], SwapOkey), actions
    assert [tm.meld.notation() for tm in hand.table[:2]] == ["*R9R10R11R12R13", "K5K6K7*K8"]


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_our_okey_nobody_can_swap_is_not_taken_home_to_be_laid_where_someone_could(
    level: str,
) -> None:
    """A practice hint laid the okey off as ★K8 (K8 in hand, the other K8 in a pile: safe),
    then took it home for that K8 to lay R6 ★R7 R8, where it could be swapped out (+101).
    Our okey nobody can swap stays; the real tiles go down as they are."""
    table = ["1:R10R11R12R13", "1:K6K7*K8", "2:B10B11B12"]
    hand = seat_1_to_play("K8 R6 R8 Y1 Y12 B4", table, "K8")
    actions = seat_1_s_turn(hand, level)
    assert not any(isinstance(a, SwapOkey) for a in actions), actions
    assert hand.table[1].meld.notation() == "K6K7*K8", hand.table[1].meld
