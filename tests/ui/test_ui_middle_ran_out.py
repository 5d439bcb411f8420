"""When the middle runs out, the log and the end-of-hand summary say who was to draw from
it: "The hand is over (the middle ran out as Ayşe was to draw)". They said only "the
middle ran out", and a player could not tell whose draw ended the hand."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from okey_tui.engine.actions import DrawMiddle
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, score_hand
from okey_tui.engine.state import EndKind, Hand, Outcome
from okey_tui.engine.view import PlayerView
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import explain_hand
from okey_tui.ui.widgets.board import event_line
from tests.positions import position

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["Ali", "Ayşe", "Mehmet", "Zeynep"])]


def ran_out(to_draw: int) -> Hand:
    """A hand whose middle is empty at ``to_draw``'s draw, and that draw."""
    racks = ["K1 K2", "Y1 Y2", "R1 R2", "B1 B2"]
    hand = position(racks, turn=to_draw, phase="d", rest=f"discard{(to_draw + 1) % 4}")
    assert not hand.middle
    hand.apply(DrawMiddle())
    assert hand.outcome is not None and hand.outcome.kind is EndKind.EMPTY_MIDDLE
    return hand


def end_line(hand: Hand, viewer: int) -> str:
    end = next(event for event in hand.events if event.kind == "end")
    return event_line(SEATS, end, PlayerView.of(hand, viewer)).plain


def summary_head(outcome: Outcome, hand: Hand, you: int | None) -> str:
    result = HandResult(outcome, score_hand(hand).seats)
    totals = result.totals()
    report = HandReport(
        1, 1, result, hand.indicator, tuple(hand.table), None, (), (totals,), totals, True,
        (0,), RuleSet.from_code("classic/1"), (False,) * 4,
    )  # fmt: skip
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(explain_hand(report, SEATS, you))
    return console.export_text().splitlines()[0].rstrip()


@pytest.mark.parametrize("to_draw", range(4))
def test_the_log_says_who_was_to_draw(to_draw: int) -> None:
    hand = ran_out(to_draw)
    name = SEATS[to_draw].name
    other = (to_draw + 2) % 4
    said = f"The hand is over (the middle ran out as {name} was to draw)"
    assert end_line(hand, other) == said
    # Said to the seat that was to draw, it is theirs.
    assert end_line(hand, to_draw) == "The hand is over (the middle ran out as you were to draw)"


def test_the_summary_says_who_was_to_draw() -> None:
    hand = ran_out(1)
    outcome = hand.outcome
    assert outcome is not None
    assert summary_head(outcome, hand, 0) == "Hand 1/1: the middle ran out as Ayşe was to draw"
    assert summary_head(outcome, hand, 1) == "Hand 1/1: the middle ran out as you were to draw"
    # A shared screen (hot seat) speaks to nobody: the seat by its name.
    assert summary_head(outcome, hand, None) == "Hand 1/1: the middle ran out as Ayşe was to draw"


def test_an_older_tables_outcome_without_the_seat_reads_as_before() -> None:
    """A table from before the field sends no seat to draw: nothing is guessed."""
    hand = ran_out(2)
    unknown = Outcome(EndKind.EMPTY_MIDDLE)
    assert summary_head(unknown, hand, 0) == "Hand 1/1: the middle ran out"
    hand.outcome = unknown
    assert end_line(hand, 0) == "The hand is over (the middle ran out)"
