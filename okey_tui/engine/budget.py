"""Deadlines for searches that must answer in time.

A :class:`Deadline` is handed down to a search (the finishing search, a
bot's planning); the search calls :meth:`Deadline.tick` in its loops and
stops with :class:`OutOfTime` once the deadline has passed. It ends at a
point of a clock (wall clock by default, any function for tests) or after a
number of steps (ticks), whichever comes first: a step budget stops a
search at the same place on every machine.

>>> deadline = Deadline(steps=2)
>>> deadline.tick(); deadline.expired()
False
>>> deadline.tick(); deadline.expired()
True
>>> deadline.tick()
Traceback (most recent call last):
...
okey_tui.engine.budget.OutOfTime: the search ran out of its budget (2 steps)
>>> Deadline(at=5.0, clock=lambda: 6.0).expired()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Deadline", "OutOfTime"]

# The clock is read once every this many steps (reading it costs more than a step).
_CLOCK_EVERY = 8


class OutOfTime(Exception):
    """A search stopped at its deadline; it has no answer."""


class Deadline:
    """When a search must stop: at clock time ``at``, after ``steps`` ticks, or both."""

    __slots__ = ("at", "clock", "steps", "used")

    def __init__(
        self,
        at: float | None = None,
        steps: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.at = at
        self.steps = steps
        self.clock = clock
        self.used = 0

    @classmethod
    def after(cls, seconds: float, clock: Callable[[], float] = time.perf_counter) -> Deadline:
        """A deadline ``seconds`` from now on ``clock``."""
        return cls(clock() + seconds, clock=clock)

    def __repr__(self) -> str:
        return f"Deadline(at={self.at!r}, steps={self.steps!r}, used={self.used})"

    def expired(self) -> bool:
        """Whether the deadline has passed (reads the clock)."""
        if self.steps is not None and self.used >= self.steps:
            return True
        return self.at is not None and self.clock() >= self.at

    def tick(self) -> None:
        """One step of work; raise :class:`OutOfTime` once the deadline has passed."""
        self.used += 1
        if self.steps is not None and self.used > self.steps:
            raise OutOfTime(f"the search ran out of its budget ({self.steps} steps)")
        if self.at is not None and self.used % _CLOCK_EVERY == 1 and self.clock() >= self.at:
            raise OutOfTime("the search ran out of time")

    def check(self) -> None:
        """Raise :class:`OutOfTime` if the deadline has passed."""
        if self.expired():
            raise OutOfTime("the search ran out of time")
