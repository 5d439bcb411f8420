"""Deadlines: the finishing search stops at its step budget or its clock, and says so."""

from __future__ import annotations

import pytest

from okey_tui.engine.budget import Deadline, OutOfTime
from okey_tui.engine.melds import make_meld
from okey_tui.engine.solver import finish_plan
from okey_tui.engine.tiles import Tile, parse_tiles

OKEY = Tile.parse("B8")
TABLE = [make_meld(parse_tiles("R3 B8 R5"), parse_tiles("R3 R4 R5"), OKEY)]
# Open with 36, swap the okey off the table, lay it again, throw K1.
HAND = parse_tiles("K11 K12 K13 R4 Y9 Y10 K1")


def test_a_step_budget_stops_the_search_at_the_same_place_every_time() -> None:
    free = finish_plan(HAND, OKEY, TABLE, None, floor=36)
    counted = Deadline(steps=10**9)
    assert finish_plan(HAND, OKEY, TABLE, None, floor=36, deadline=counted) == free
    assert free is not None and counted.used > 1
    # Exactly enough steps: the same plan; one fewer: no answer.
    assert finish_plan(HAND, OKEY, TABLE, None, floor=36, deadline=Deadline(steps=counted.used))
    with pytest.raises(OutOfTime):
        finish_plan(HAND, OKEY, TABLE, None, floor=36, deadline=Deadline(steps=counted.used - 1))


def test_a_passed_deadline_stops_the_search_at_its_first_step() -> None:
    clock_calls: list[int] = []

    def clock() -> float:
        clock_calls.append(1)
        return 100.0

    with pytest.raises(OutOfTime):
        finish_plan(HAND, OKEY, TABLE, None, floor=36, deadline=Deadline(at=50.0, clock=clock))
    assert len(clock_calls) == 1


def test_a_deadline_not_reached_changes_nothing() -> None:
    deadline = Deadline(at=200.0, clock=lambda: 100.0)
    assert finish_plan(HAND, OKEY, TABLE, None, floor=36, deadline=deadline) == finish_plan(
        HAND, OKEY, TABLE, None, floor=36
    )
    assert not deadline.expired()
