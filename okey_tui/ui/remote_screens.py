"""The table screen at a network table: what a seat there is told that a table at home
never says (the host dealt without waiting), and, at the host's own seat, what only the
host may do (deal the next hand without waiting for a friend away from the keys)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.binding import Binding

from okey_tui.i18n import N_, _
from okey_tui.net.client import RemoteTable
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.translate import translate_bindings

if TYPE_CHECKING:
    from okey_tui.net.server import TableServer


class RemoteTableScreen(TableScreen):
    """The table screen of a seat at a network table (``okey101 join``, ``host``)."""

    def __init__(self, table: RemoteTable) -> None:
        super().__init__(table)
        self.remote = table

    async def play_again(self) -> None:
        """Another match at this table, with the same people: dealt once every person
        here wants it (or by the host). Until then the line says whom it waits for."""
        self._asked_next = True
        await self.remote.again()
        if self.remote.match_number == self._match:
            self.say_waiting_for_ready()

    @property
    def asked_next(self) -> bool:
        """Whether this seat asked for the next hand, or at a match's end another match."""
        return self._asked_next

    def say_dealt_without_you(self) -> None:
        """The host dealt another match without waiting for this seat (D): its line says so
        before the turn's words, as a hand dealt so says it."""
        now = self._status_said
        said = _(
            "The host dealt another match without waiting: play your turns, or a bot plays them"
        )
        self.set_status(" · ".join([said, *([now] if now else [])]))

    def dealt_unready_line(self) -> str:
        """Said to a seat still on the summary when the table dealt the next hand: by the
        host's D it was no wait that ran out."""
        if self.remote.host_dealt:
            return _("The host dealt without waiting: play your turns, or a bot plays them")
        return super().dealt_unready_line()


class HostTableScreen(RemoteTableScreen):
    """The table screen of the host who sits at their own table (``okey101 host``)."""

    BINDINGS = [
        Binding(
            "D",
            "deal_now",
            N_("Deal now"),
            tooltip=N_("deal the next hand without waiting for those not ready"),
        )
    ]

    def __init__(self, table: RemoteTable, server: TableServer) -> None:
        super().__init__(table)
        translate_bindings(self)
        self.server = server

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal_now":
            # Only while the table waits between hands for someone here who is not ready.
            return bool(self.server.waiting_for())
        return super().check_action(action, parameters)

    def waiting_for_ready(self) -> str:
        """Whom the table waits for, and that the host need not wait (without a turn time
        a friend gone from the keys held the table up for ever)."""
        line = super().waiting_for_ready()
        if self.server.waiting_for():
            line += " · " + _("D deals it now")
        return line

    def action_deal_now(self) -> None:
        # Dealing is the host's own yes: their screen never reads it as dealt without them.
        self._asked_next = True
        if self.server.deal_now():
            self.refresh_bindings()

    def summary_deal(self) -> tuple[Callable[[], object], Callable[[], bool]] | None:
        """D on the hand's summary too (it did nothing there: the summary keeps the table's
        keys from it), while the table waits for someone here not ready."""
        return self.action_deal_now, lambda: bool(self.server.waiting_for())
