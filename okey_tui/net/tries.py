"""Wrong join codes counted by address: a few tries, then the address is refused for a
while. The table (``okey101 host``) and its web page (``host --web``) count them alike."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

# Where the host's own web page gives each visitor's ``okey101 join`` the table's bridge key
# and the visitor's address (see :class:`okey_tui.net.protocol.Bridge`): the table counts
# that browser's wrong codes on their own, apart from the terminals on the host's computer.
BRIDGE_ENV = "OKEY101_TABLE_BRIDGE"
VISITOR_ENV = "OKEY101_TABLE_VISITOR"

# Addresses counted at once before those whose tries no longer count are forgotten.
KEPT = 1024


@dataclass
class _Guesses:
    """Wrong codes (or tokens) from one address."""

    wrong: int = 0
    last: float = 0.0  # when the last one came (the clock's time)
    blocked_until: float = 0.0  # the address is refused until then


class CodeTries:
    """``tries`` wrong codes per address, then a block of ``block`` seconds; wrong tries
    older than a block lasts are forgotten, and so is a block that has ended.

    >>> now = [0.0]
    >>> tries = CodeTries(2, 60.0, clock=lambda: now[0])
    >>> tries.wrong("10.0.0.2"), tries.wrong("10.0.0.2"), tries.blocked_for("10.0.0.2")
    (1, 0, 60.0)
    >>> now[0] = 61.0
    >>> tries.blocked_for("10.0.0.2"), tries.left("10.0.0.2")
    (0.0, 2)
    """

    def __init__(
        self, tries: int, block: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.tries = tries
        self.block = block
        self.clock = clock
        self._by_address: dict[str, _Guesses] = {}

    def _over(self, guesses: _Guesses, now: float) -> bool:
        if guesses.blocked_until:
            return guesses.blocked_until <= now
        return now - guesses.last >= self.block

    def _counted(self, address: str) -> _Guesses | None:
        """The wrong tries of ``address`` that still count, if any."""
        guesses = self._by_address.get(address)
        if guesses is not None and self._over(guesses, self.clock()):
            del self._by_address[address]
            return None
        return guesses

    def left(self, address: str) -> int:
        """The tries ``address`` has left."""
        guesses = self._counted(address)
        return self.tries - (guesses.wrong if guesses is not None else 0)

    def blocked_for(self, address: str) -> float:
        """Seconds until ``address`` may try again (0.0: it is not blocked)."""
        guesses = self._counted(address)
        if guesses is None or not guesses.blocked_until:
            return 0.0
        return guesses.blocked_until - self.clock()

    def wrong(self, address: str) -> int:
        """Count a wrong code from ``address``; the tries it has left (0: it is blocked
        now, for ``block`` seconds)."""
        now = self.clock()
        guesses = self._counted(address)
        if guesses is None:
            if len(self._by_address) >= KEPT:  # many addresses: keep those still counted
                for key in [a for a, g in self._by_address.items() if self._over(g, now)]:
                    del self._by_address[key]
            guesses = self._by_address[address] = _Guesses()
        guesses.wrong += 1
        guesses.last = now
        left = max(0, self.tries - guesses.wrong)
        if not left:
            guesses.blocked_until = now + self.block
        return left

    def blocked(self) -> list[str]:
        """The addresses blocked now."""
        return [a for a in list(self._by_address) if self.blocked_for(a) > 0]

    def forget(self) -> None:
        """Every address may try again now, with all its tries (the host lifted the blocks)."""
        self._by_address.clear()
