"""Deadlines: the finishing search gives up at its step budget or its clock, and says so."""

from __future__ import annotations

from okey_tui.engine.budget import Deadline
from okey_tui.engine.melds import make_meld
from okey_tui.engine.solver import finish_plan
from okey_tui.engine.tiles import Tile, parse_tiles

OKEY = Tile.parse("B8")
TABLE = [make_meld(parse_tiles("R3 B8 R5"), parse_tiles("R3 R4 R5"), OKEY)]
# Open with 36, swap the okey off the table, lay it again, throw K1.
HAND = parse_tiles("K11 K12 K13 R4 Y9 Y10 K1")


def _plan(deadline: Deadline | None) -> object:
    return finish_plan(HAND, OKEY, TABLE, None, floor=36, deadline=deadline)


def test_a_step_budget_stops_the_search_at_the_same_place_every_time() -> None:
    free = _plan(None)
    counted = Deadline(steps=10**9)
    assert _plan(counted) == free and free is not None
    assert counted.used > 1 and not counted.ran_out
    # Exactly enough steps: the same plan; one fewer: no answer, and the deadline says why.
    enough = Deadline(steps=counted.used)
    assert _plan(enough) == free and not enough.ran_out
    short = Deadline(steps=counted.used - 1)
    assert _plan(short) is None and short.ran_out


def test_a_passed_deadline_stops_the_search_at_its_first_step() -> None:
    reads: list[int] = []

    def clock() -> float:
        reads.append(1)
        return 100.0

    late = Deadline(at=50.0, clock=clock)
    assert _plan(late) is None and late.ran_out and late.used == 1
    assert len(reads) == 1


def test_a_deadline_not_reached_changes_nothing() -> None:
    deadline = Deadline(at=200.0, clock=lambda: 100.0)
    assert _plan(deadline) == _plan(None)
    assert not deadline.expired() and not deadline.ran_out


def test_a_hand_that_cannot_finish_is_told_apart_from_one_out_of_time() -> None:
    counted = Deadline(steps=10**9)
    assert finish_plan(HAND, OKEY, TABLE, None, floor=37, deadline=counted) is None
    assert not counted.ran_out
