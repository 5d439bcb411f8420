"""Deadlines for searches that must answer in time.

A :class:`Deadline` is handed down to a search (the finishing search, a
bot's planning); the search calls :meth:`Deadline.tick` in its loops and
gives up, with no answer, once the deadline has passed (``ran_out`` then
tells a search that gave up from one that found nothing). It ends at a
point of a clock (wall clock by default, any function for tests) or after
a number of steps (ticks), whichever comes first: a step budget stops a
search at the same place on every machine.

>>> deadline = Deadline(steps=2)
>>> deadline.tick(), deadline.tick(), deadline.ran_out
(False, False, False)
>>> deadline.tick(), deadline.ran_out
(True, True)
>>> Deadline(at=5.0, clock=lambda: 6.0).expired()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Deadline"]

# The clock is read once every this many steps (reading it costs more than a step).
_CLOCK_EVERY = 8


class Deadline:
    """When a search must stop: at clock time ``at``, after ``steps`` ticks, or both."""

    __slots__ = ("at", "clock", "ran_out", "steps", "used")

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
        self.ran_out = False  # a tick found the deadline passed: the search gave up

    def __repr__(self) -> str:
        return f"Deadline(at={self.at!r}, steps={self.steps!r}, used={self.used})"

    def expired(self) -> bool:
        """Whether the deadline has passed (reads the clock)."""
        if self.ran_out or (self.steps is not None and self.used >= self.steps):
            return True
        return self.at is not None and self.clock() >= self.at

    def tick(self) -> bool:
        """One step of work; True (and ``ran_out`` set) once the deadline has passed."""
        if self.ran_out:
            return True
        self.used += 1
        if self.steps is not None and self.used > self.steps:
            self.ran_out = True
        elif self.at is not None and self.used % _CLOCK_EVERY == 1:
            self.ran_out = self.clock() >= self.at
        return self.ran_out
