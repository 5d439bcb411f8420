"""What a table screen needs from a table, wherever the table runs.

A table screen shows one seat. It reads that seat's
:class:`~okey_tui.engine.view.PlayerView`, sends the seat's actions through
:meth:`TableInterface.act` and learns of changes through a listener. The
same screen can then sit at a local table (the match runs in this process)
or at a remote one (:class:`okey_tui.net.client.RemoteTable`, where the
host's engine decides). No Textual here.

The contract:

* ``view()`` is the only source of tiles: it never holds another seat's
  rack or the order of the middle.
* ``act`` either succeeds or raises :class:`ActionRefused` carrying the
  engine's refusal (error class name, code if the error has one, message);
  a refused action changes nothing.
* ``events`` is the log this seat may see for the current hand: another
  seat's draw from the middle carries no tile.
* The listener is called (in the event loop) after every change: a new
  view, events, a chat line, seats joining or leaving, a hand ending.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from okey_tui.engine.actions import Action
from okey_tui.engine.state import Event, Outcome
from okey_tui.engine.view import PlayerView


class ActionRefused(Exception):
    """The table refused an action; the table is unchanged.

    ``error`` is the engine error's class name (``OpeningError``...),
    ``code`` the error's code when the engine gives one. Decide on those,
    never on the words of ``message``, which is for the player.
    """

    def __init__(self, error: str, code: str | None, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a person (``level`` None) or a bot of ``level``.

    ``connected`` is False for a person whose connection dropped (a bot of
    the table's level plays for them until they come back).
    """

    seat: int
    name: str
    level: str | None
    connected: bool = True


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's line of a hand's score sheet (points: lower is better)."""

    seat: int
    finish: int
    left_sum: int
    okeys_in_hand: int
    penalties: int
    bonus: int
    total: int
    note: str


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A scored hand: how it ended and every seat's line."""

    number: int
    outcome: Outcome
    seats: tuple[SeatLine, ...]

    def totals(self) -> list[int]:
        return [line.total for line in self.seats]


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of table chat (``seat`` None: a notice from the table itself)."""

    seat: int | None
    name: str
    text: str


class TableInterface(Protocol):
    """A table as one seat's screen sees it."""

    @property
    def seat(self) -> int:
        """The seat this screen plays (0-3)."""
        ...

    def view(self) -> PlayerView:
        """What this seat may see now."""
        ...

    @property
    def events(self) -> Sequence[Event]:
        """The current hand's events this seat may see, oldest first."""
        ...

    def seats(self) -> Sequence[SeatInfo]:
        """The four seats: names, people or bot levels, connected or not."""
        ...

    @property
    def turn(self) -> int:
        """The seat to play."""
        ...

    @property
    def hand_over(self) -> bool:
        """The current hand has ended (its summary is the last of ``results``)."""
        ...

    @property
    def match_over(self) -> bool: ...

    @property
    def results(self) -> Sequence[HandSummary]:
        """The scored hands of the match so far."""
        ...

    def totals(self) -> tuple[int, ...]:
        """Each seat's match total."""
        ...

    @property
    def chat_lines(self) -> Sequence[ChatLine]: ...

    async def act(self, action: Action) -> None:
        """Play ``action`` for this seat; raises :class:`ActionRefused` when illegal."""
        ...

    async def say(self, text: str) -> None:
        """Send one line of chat (the table may shorten or refuse it)."""
        ...

    async def next_hand(self) -> None:
        """This seat is ready for the next hand (after ``hand_over``)."""
        ...

    def set_listener(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` after every change to the table."""
        ...
