"""A deadline on its own: steps, clock and the flag that tells out of time from done."""

from __future__ import annotations

from okey_tui.engine.budget import Deadline


def test_a_new_deadline_has_used_nothing_and_has_not_run_out() -> None:
    deadline = Deadline()
    assert (deadline.at, deadline.steps, deadline.used, deadline.ran_out) == (
        None,
        None,
        0,
        False,
    )
    assert not deadline.expired()
    assert not any(deadline.tick() for _ in range(20)) and deadline.used == 20


def test_a_step_budget_of_two_allows_exactly_two_ticks() -> None:
    deadline = Deadline(steps=2)
    assert not deadline.expired()
    assert deadline.tick() is False and deadline.used == 1
    assert deadline.tick() is False and deadline.used == 2
    assert deadline.expired() and not deadline.ran_out  # spent, but no search gave up
    assert deadline.tick() is True and deadline.ran_out
    # Once out, a tick answers at once and counts nothing more.
    assert deadline.tick() is True and deadline.used == 3
    assert deadline.expired()


def test_a_clock_deadline_passes_at_its_time_not_after() -> None:
    now = [10.0]
    deadline = Deadline(at=10.0, clock=lambda: now[0])
    assert deadline.expired()  # the clock is at the deadline: passed
    assert Deadline(at=10.5, clock=lambda: now[0]).expired() is False
    assert Deadline(clock=lambda: 10**9).expired() is False  # no time set, no end
    ticking = Deadline(at=10.0, clock=lambda: now[0])
    assert ticking.tick() is True and ticking.ran_out is True and ticking.used == 1


def test_the_clock_is_read_on_the_first_tick_and_then_every_eighth() -> None:
    reads: list[int] = []

    def clock() -> float:
        reads.append(1)
        return 0.0

    deadline = Deadline(at=5.0, clock=clock)
    assert not any(deadline.tick() for _ in range(17))
    assert len(reads) == 3  # at ticks 1, 9 and 17
    assert deadline.ran_out is False


def test_a_step_budget_and_a_clock_together_stop_at_whichever_comes_first() -> None:
    late = Deadline(at=1.0, steps=100, clock=lambda: 2.0)
    assert late.tick() is True and late.used == 1
    short = Deadline(at=1.0, steps=1, clock=lambda: 0.0)
    assert short.tick() is False and short.tick() is True and short.used == 2
