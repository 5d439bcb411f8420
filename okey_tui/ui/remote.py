"""Playing at a table on another computer: the lobby, then the same table screen as at home.

``okey101 join`` and the seated ``okey101 host`` run :class:`RemoteApp`. It
connects a :class:`~okey_tui.net.client.RemoteTable` (the host's own table
too: the host sits at their server through loopback, like everyone else),
shows the lobby until the match starts, then the one
:class:`~okey_tui.ui.screens.table.TableScreen`. A dropped connection is
taken back with the seat's token: the same seat, rack and rack order.
"""

from __future__ import annotations

import asyncio
import hashlib
import ssl
import time
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.measure import Measurement
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Input, Static
from websockets.exceptions import InvalidHandshake

from okey_tui import stats, storage
from okey_tui.engine.state import SEATS
from okey_tui.hotseat import screen_word_name
from okey_tui.i18n import N_, _, ngettext, os_problem
from okey_tui.messages import bot_level
from okey_tui.net.client import (
    JoinError,
    RemoteTable,
    join_address,
    not_a_table_reason,
    unreachable_reason,
)
from okey_tui.net.protocol import MAX_NAME, Bridge, Closing, ErrorCode, clean_text
from okey_tui.settings import TableSettings, load_settings
from okey_tui.storage import JSONObject
from okey_tui.ui.app import OkeyApp
from okey_tui.ui.screens.dialogs import ConfirmScreen, Dialog
from okey_tui.ui.translate import translate_bindings

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

    from okey_tui.net.server import TableServer
    from okey_tui.ui.remote_screens import RemoteTableScreen
    from okey_tui.ui.screens.table import TableScreen

# Tries to take the seat back after the connection drops, this many seconds apart.
REJOIN_TRIES = 30
REJOIN_PAUSE = 1.0
# After the host closed the table: how often, and for how long, the seat is tried again,
# so that the friend sits back down by itself once the host opens it again.
HOST_BACK_PAUSE = 3.0
HOST_BACK_WAIT = 30 * 60.0


def seat_in_use(name: str = "", *, kept: bool = False) -> str:
    """Why a seat's token was refused with ``token-in-use``: said where the player acts.
    ``name``: the seat's, as the table says it (an older table does not); ``kept``: the
    token is the one this computer kept from an earlier join, not one the player gave
    (a computer where Ayşe once sat, where Zeki now joins with the code: the seat is
    hers, not his).

    The table refuses the token only while the seat's other connection answers: the seat
    is open in another window (a terminal, a browser tab), and stays so until it is quit
    or closed there ("try again in a minute" sent the player waiting for nothing)."""
    if name and kept:
        return _(
            "This computer holds {name}'s seat at this table, and it is open in another "
            "window: if it is yours, play on there, or quit there (or close that window) "
            "and try again here; to sit as someone else, join from another computer"
        ).format(name=name)
    if name:
        return _(
            "{name}'s seat is open in another window (a terminal or a browser tab): play on "
            "there, or quit there (or close that window) and try again here"
        ).format(name=name)
    return _(
        "Your seat is open in another window (a terminal or a browser tab): play on there, "
        "or quit there (or close that window) and try again here"
    )


@dataclass(frozen=True)
class Seat:
    """Where to connect and how to sit: a join code and a name, or a seat's token."""

    url: str
    code: str = ""
    name: str = ""
    token: str = ""
    ssl_context: ssl.SSLContext | None = None
    # What the host tells friends, shown in the host's lobby ("{port}": the port opened).
    join_line: str = ""
    # A browser's seat on the host's own web page: its connections say so (see Bridge).
    bridge: Bridge | None = None
    # The name was asked for (okey101 join --name), not this computer's user name: a seat
    # taken back under another name says which it keeps.
    name_given: bool = False


# Refusals that r would only hear again.
FINAL_NOS = {ErrorCode.BAD_CODE.value, ErrorCode.BAD_TOKEN.value, ErrorCode.STARTED.value}


def table_words(table: RemoteTable) -> str:
    """The table's kind and length ("Rising, partners · 3 hands"); "" when the host said
    no rules. At a partners table each seat's line names its partner (:meth:`LobbyScreen
    .show`)."""
    from okey_tui.ui.session import table_type

    rules = table.rules
    if rules is None:
        return ""
    return _("{table} · {hands}").format(
        table=table_type(rules)[1],
        hands=ngettext("{n} hand", "{n} hands", rules.hands).format(n=rules.hands),
    )


class ChatLines:
    """The lobby's chat and news lines, each a speaker's name (or a "·" for news) and what
    was said, a line too long for the box wrapped under its own text: at 80 columns the
    wrapped part began under the name and read as a line of its own."""

    def __init__(self, lines: Sequence[tuple[str | None, str]] = ()) -> None:
        self.lines = list(lines)

    def __str__(self) -> str:
        return "\n".join(f"{name}: {text}" if name else f"· {text}" for name, text in self.lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        shown = Text()
        for number, (name, said) in enumerate(self.lines):
            lead = Text(f"{name}: " if name is not None else "· ", "bold")
            # Under its own text, unless the name takes half the line: then under the name.
            indent = lead.cell_len if lead.cell_len <= width // 2 else 0
            rest = Text(said)
            if indent:
                parts = list(rest.wrap(console, width - indent, overflow="fold"))
                shown.append_text(lead)
                for k, part in enumerate(parts or [Text()]):
                    if k:
                        shown.append("\n" + " " * indent)
                    shown.append_text(part)
            else:
                shown.append_text(lead)
                shown.append_text(rest)
            if number < len(self.lines) - 1:
                shown.append("\n")
        yield shown

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, Text(str(self)))


class LobbyScreen(Screen[None]):
    """Who sits at the table until the match starts; the lead starts it with Enter."""

    BINDINGS = [
        Binding("enter", "start", N_("Start the match")),
        Binding("slash", "chat", N_("Chat")),
        Binding("n", "rename", N_("Change your name")),
        Binding("r", "retry", N_("Try again")),
        # The host's: an address blocked for wrong join codes may try again at once.
        Binding("u", "unblock", N_("Lift the block")),
        Binding("q", "quit_game", N_("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self._shown_text = ""  # the lines shown that may be kept whole (see fit)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="lobby"):
            yield Static(_("okey101 — a table with friends"), classes="dialog-title")
            # Names, chat lines and addresses are text, never markup ("Ali [/b]").
            yield Static(id="lobby-join", markup=False)
            # Wrong join codes, said here in the lobby: a note over the screen covered the
            # join command the host was about to read out again.
            yield Static(id="lobby-alert", markup=False)
            # What table it is, and at a partners table who partners whom (friends asked
            # it in the chat: nothing said so before the deal).
            yield Static(id="lobby-table", markup=False)
            yield Static(id="lobby-seats")
            # The name a friend sits under, and how to change it (a browser sits as "Guest").
            yield Static(id="lobby-name", markup=False)
            # The table's turn time, under the seats (their list keeps four lines: a line
            # added to it was cut off).
            yield Static(id="lobby-turn", markup=False)
            # The chat takes the room the rest leaves, its newest lines in sight: on a short
            # terminal a few long lines pushed the line of what happens next out of the box.
            with VerticalScroll(id="lobby-chat-box"):
                yield Static(id="lobby-chat")
            yield Static(id="lobby-status", classes="dialog-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        if isinstance(self.app, RemoteApp):
            self.show(self.app)

    def show(self, app: RemoteApp) -> None:
        seat = app.seat_info
        self.query_one("#lobby-join", Static).update(seat.join_line)
        alert = self.query_one("#lobby-alert", Static)
        # Said of the table this seat is at: once the table is gone ("you sit as Bora 2"
        # after the host closed it) the line goes with it.
        said = app.lobby_alert if app.table is not None and not app.problem else ""
        if app.server is not None and app.server.blocked():
            # The host may let them in again at once (a friend's typos at the host's own
            # computer had shut every friend there out for five minutes).
            said += ("\n" if said else "") + _("u lifts the block")
        alert.update(said)
        alert.display = bool(said)
        table = app.table
        seats = Text()
        if table is not None:
            names = {info.seat: info.name for info in table.seats()}
            partners = table.rules is not None and table.rules.partners and len(names) == SEATS
            for info in table.seats():
                mark = "▶ " if info.seat == table.seat else "  "
                if info.level:  # a bot's seat: its name is a name alone ("Mehmet")
                    who = _("{name} (bot, {level})").format(
                        name=info.name, level=bot_level(info.level)
                    )
                else:
                    who = info.name
                if not info.connected:
                    who += " — " + _("away")
                seat_line = _("Seat {n}: {who}").format(n=info.seat + 1, who=who)
                if partners:  # who partners whom, before the deal (friends asked it)
                    partner = names[(info.seat + 2) % SEATS]
                    seat_line += " · " + _("partners with {name}").format(name=partner)
                seats.append(f"{mark}{seat_line}\n")
        self.query_one("#lobby-seats", Static).update(seats)
        kind = self.query_one("#lobby-table", Static)
        said_kind = table_words(table) if table is not None else ""
        kind.update(said_kind)
        kind.display = bool(said_kind)
        name_line = self.query_one("#lobby-name", Static)
        said_name = app.name_line()
        name_line.update(said_name)
        name_line.display = bool(said_name)
        turn = self.query_one("#lobby-turn", Static)
        timed = table is not None and bool(table.turn_time)
        turn.display = timed
        if table is not None and timed:
            turn.update(
                _(
                    "Each turn has {seconds} s: a bot plays the rest of a turn that runs over"
                ).format(seconds=f"{table.turn_time:g}")
            )
        chat = ChatLines()
        if table is not None:
            app.note_lobby_changes(table)
            # What was said at the table: a notice of the table screen's own ("the host
            # closed the table and opened it again") read as news under the seats of a
            # table closed once more. Among the lines, who came and went.
            heard = list(table.table_chat)
            lines: list[tuple[str | None, str]] = []
            news = iter(app.lobby_news)
            coming = next(news, None)
            for number in range(len(heard) + 1):
                while coming is not None and coming[0] <= number:
                    lines.append((None, coming[1]))
                    coming = next(news, None)
                if number < len(heard):
                    line = heard[number]
                    lines.append((line.name if line.seat is not None else None, line.text))
            chat = ChatLines(lines[-6:])
        self.query_one("#lobby-chat", Static).update(chat)
        status = app.lobby_status()
        self.query_one("#lobby-status", Static).update(status)
        self.fit(seat.join_line + "\n" + status)
        self.refresh_bindings()
        self.call_after_refresh(self.fit_chat)

    def fit_chat(self) -> None:
        """The chat as tall as the room the box leaves it (the box at most 90% of the
        screen, its other lines whole), scrolled to its newest line."""
        try:
            box = self.query_one("#lobby", Vertical)
            chat = self.query_one("#lobby-chat-box", VerticalScroll)
        except NoMatches:  # the lobby went meanwhile (the match began, the table closed)
            return
        tallest = int((self.size.height - 1) * 0.9)  # the box's max-height, over the key bar
        # The other lines' rows, with the margins between them (the larger of two that meet).
        others = 0
        below = 0  # the margin under the line before
        for number, child in enumerate(c for c in box.children if c.display):
            margin = child.styles.margin
            others += max(below, margin.top) if number else margin.top
            others += 0 if child is chat else child.outer_size.height
            below = margin.bottom
        others += below
        chat.styles.max_height = max(1, tallest - box.styles.gutter.height - others)
        chat.scroll_end(animate=False)

    def fit(self, text: str | None = None) -> None:
        """A command on a line of its own (the join command, the seat's --token) kept
        whole where the screen is wide enough: at 80 columns the box widens past 90%."""
        from okey_tui.ui.screens.dialogs import fit_whole_lines

        if text is not None:
            self._shown_text = text
        fit_whole_lines(self.query_one("#lobby", Vertical), self._shown_text, self.size.width)

    def on_resize(self) -> None:
        self.fit()
        self.call_after_refresh(self.fit_chat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        app = self.app
        if action == "start" and isinstance(app, RemoteApp):
            table = app.table
            return table is not None and table.lead == table.seat and not table.started
        if action == "chat" and isinstance(app, RemoteApp):
            # Nobody to say it to before a seat is taken, or once the table is gone.
            return app.table is not None and app.table.connected
        if action == "retry" and isinstance(app, RemoteApp):
            return app.can_retry
        if action == "rename" and isinstance(app, RemoteApp):
            return app.can_rename
        if action == "unblock" and isinstance(app, RemoteApp):
            return app.server is not None and bool(app.server.blocked())
        return True

    def action_rename(self) -> None:
        app = self.app
        if isinstance(app, RemoteApp) and app.can_rename:
            app.push_screen(NameScreen(app.own_name()), app.rename)

    def action_unblock(self) -> None:
        app = self.app
        if isinstance(app, RemoteApp) and app.server is not None:
            lifted = app.server.forgive()
            if lifted:
                app.notify(
                    _("Block lifted: {who} may try the join code again").format(
                        who=", ".join(lifted)
                    ),
                    timeout=6,
                    markup=False,
                )
            app.show_lobby()

    def action_retry(self) -> None:
        app = self.app
        if isinstance(app, RemoteApp):
            app.retry()

    async def action_start(self) -> None:
        app = self.app
        if isinstance(app, RemoteApp) and app.table is not None and app.table.connected:
            await app.table.start()

    def action_chat(self) -> None:
        app = self.app
        if isinstance(app, RemoteApp):
            app.action_chat()

    def action_quit_game(self) -> None:
        """q (and Ctrl+C): the host with a person seated beside them is asked first, as at
        the table (the host's q closed the lobby under a friend's feet); else it quits."""
        app = self.app
        question = app.lobby_quit_question() if isinstance(app, RemoteApp) else None
        if question is None:
            app.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                app.exit()

        app.push_screen(ConfirmScreen(question, quits=True), answer)


class NameScreen(Dialog[str | None]):
    """The name to sit under, typed in a box as a chat line is (1-16 characters, as
    ``--name`` takes); a click beside the box cancels, as beside the other dialogs."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.current = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="rename"):
            yield Static(
                _("Your name at the table (Enter keeps it, Esc cancels)"), classes="dialog-title"
            )
            yield Input(value=self.current, max_length=MAX_NAME, id="rename-line")
            yield Static(
                _("At most {n} characters.").format(n=MAX_NAME),
                id="rename-hint",
                classes="dialog-hint",
                markup=False,
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = clean_text(event.value, MAX_NAME)
        if not name:
            self.query_one("#rename-hint", Static).update(
                _("A name is 1-{n} characters: type one, or Esc keeps {name}.").format(
                    n=MAX_NAME, name=self.current
                )
            )
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


def hand_record(table: RemoteTable, name: str) -> JSONObject | None:
    """The statistics' line for the hand the table has just scored, for this seat alone
    (``name``: this person's own name, as their local hands are written); the others'
    seats are told by their kind (a bot's level, or another person). None when the
    table has not told the hand or the rules yet.

    The match is known by a digest of the seat's token (and its number at the table,
    from the second): the same for the whole match at this seat, after a rejoin or the
    host's --resume too (a hand the table tells again is known as written), never the
    token itself."""
    report = table.report()
    if (
        report is None
        or not table.hand_over
        or not table.has_view
        or table.seat not in range(len(table.seats()))
    ):
        return None
    rules = table.view().rules
    seats = table.seats()
    names = [s.name for s in seats]
    names[table.seat] = name or names[table.seat]
    kinds = [
        "human" if s.seat == table.seat else (stats.FRIEND if s.level is None else s.level)
        for s in seats
    ]
    digest = hashlib.sha256(table.token.encode()).hexdigest()[:16]
    # Another match the same people played at the table after it is another match: its
    # hands are not the first's told again.
    again = f"-{table.match_number}" if table.match_number > 1 else ""
    return stats.record_of(
        report.result,
        match=f"{stats.NETWORK}-{digest}{again}",
        game_type=rules.game_type.value,
        hand=report.number,
        hands=report.hands,
        names=names,
        kinds=kinds,
        result_of_match=(report.winners, report.totals) if report.match_over else None,
        play=stats.NETWORK,
        stand_in=stand_in_of(table),
    )


def stand_in_of(table: RemoteTable) -> set[str]:
    """What a bot did for this seat's person while they were away, as the hand's events
    mark it (``bot``): its opening, its finishing discard (the hand's last move)."""
    done: set[str] = set()
    events = table.events
    for event in events:
        if event.seat == table.seat and event.bot and event.kind == "open":
            done.add(stats.BOT_OPENED)
    outcome = table.view().outcome
    if outcome is not None and outcome.finisher == table.seat:
        moves = [e for e in events if e.seat == table.seat and e.kind == "discard"]
        if moves and moves[-1].bot:
            done.add(stats.BOT_FINISHED)
    return done


def reopened_note(old: RemoteTable | None, new: RemoteTable) -> str:
    """What a seat back at its table after a connection ``old`` is told when the table was
    opened again meanwhile (okey101 host --resume): another run of the table's server
    seated it. Only the lobby had said the host closed it, and the log read on as if
    nothing had happened. "" when the table was not opened again (a connection that
    dropped alone comes back to the same run)."""
    if old is None or old is new or old.url != new.url:
        return ""
    if not (old.instance and new.instance) or old.instance == new.instance:
        return ""
    if old.closed_why == Closing.HOST_CLOSED.value:
        return _("The host closed the table and opened it again: the match goes on where it was")
    # Its host's okey101 stopped without a word (a crash, a computer off): the table went.
    return _(
        "The connection to the table was lost, and its host opened it again: the match "
        "goes on where it was"
    )


def carry_layout(old: RemoteTable, new: RemoteTable) -> None:
    """The rack order kept on a dead connection goes to the same seat's new one, with its
    memory of the turn: the player arranged it while the connection was down (a sort, a
    move), and the table, which kept the order from before, would have put it back. An
    order of a hand that is over (the old connection died before it heard of the deal) is
    not carried: laid over the new rack, it would scatter it."""
    kept, memory = old.layout(), old.departures()
    same_seat = old.url == new.url and old.seat == new.seat
    if old.layout_hand is None or old.match_number != new.match_number:
        return  # nothing kept, or not known to be of the hand under way (or of this match)
    if same_seat and kept is not None and (kept, memory) != (new.layout(), new.departures()):
        new.keep_layout(kept, memory, hand=old.layout_hand)


class RemoteApp(OkeyApp):
    """One seat at a remote table (or at the host's own server, for the host)."""

    def __init__(
        self,
        seat: Seat,
        *,
        server: TableServer | None = None,
        settings: TableSettings | None = None,
        keep_seat: bool = False,
        record_stats: bool = True,
        own_choices: bool = False,
    ) -> None:
        if settings is None and own_choices:
            # The player's own look at another's table (their colour-blind shapes, their
            # dark table): it was the defaults, whatever they had chosen at home.
            settings = load_settings().own_choices()
        super().__init__(settings or TableSettings(), ask=False, remember=False)
        # A change of look or sound here (c, B) is the player's own choice, kept for next
        # time: not for a browser's visitor (the host's web page runs this for them, on the
        # host's files).
        self.own_choices = own_choices
        self.seat_info = seat
        self.server = server
        # Remember the seat's token, so running the same okey101 join again takes it back.
        self.keep_seat = keep_seat
        # Each scored hand goes to this person's statistics (okey101 stats), as at home.
        self.record_stats = record_stats
        self.table_key = f"{seat.url} {seat.code}"
        self.table: RemoteTable | None = None
        self.problem = ""
        self.lobby_alert = ""  # the host's latest alert while the lobby shows (a wrong code)
        # Who came and went in the lobby, each with the count of chat lines before it (where
        # it goes among them); and the seats as the lobby last showed them.
        self.lobby_news: list[tuple[int, str]] = []
        self._lobby_seen: dict[int, tuple[str, bool, bool]] | None = None
        self._news_of: RemoteTable | None = None  # the table they are of (a rejoin: another)
        self._name_checked = False  # whether the seat's name was compared with the one asked
        self._rename_note = ""  # what the lobby says of a number after the name asked
        self._rejoining = False
        self._connecting = False
        self.final_no = False  # the table's no would be the same again (a wrong code): no r
        # The code of the table's last refusal to seat this player (protocol.ErrorCode's
        # value; "" once seated): the lobby says what r can do after it.
        self.refused = ""
        # What the table screen of the seat now taken back says first: the host had closed
        # the table and opened it again (see reopened_note).
        self._back_note = ""
        self.quitting = False  # the player chose to quit (see exit)
        # The seat is kept while its table is closed or out of reach, waiting for its host
        # to open it again: a quit then is no failure (see waiting_note).
        self.seat_waiting = False

    def exit(
        self,
        result: None = None,
        return_code: int = 0,
        message: RenderableType | None = None,
    ) -> None:
        """Every quit the player chooses comes here (q, Ctrl+C, the end of the match):
        the table is told they left on purpose. A browser tab closed ends the app
        without it, and the others read that the connection was lost."""
        self.quitting = True
        if self.table is not None and not self.table.started:
            # Given up before the match began: the table frees the seat, and its token takes
            # nothing back (a browser's page, asking as the game ended, said a bot would
            # play it). Forgotten now, before the screen goes.
            self.forget_seat()
        super().exit(result, return_code, message)

    def remember_choice(self, **changes: object) -> None:
        super().remember_choice(**changes)
        if self.own_choices:
            self.keep_choice(changes)

    def open_first_screen(self) -> None:
        self.push_screen(LobbyScreen())
        self.run_worker(self.connect(), exclusive=True, group="connect")

    @on(events.Unmount)
    async def close_connections(self) -> None:
        """Leave the table (the seat is kept for a rejoin) and close the host's server.

        The host's server closes first: the friends lose the table, and are not told
        before that the host left it and a bot plays their seat."""
        if self.table is not None:
            self.table.on_close = None
        if self.server is not None:
            await self.server.close()
        if self.table is not None:
            await self.table.close(quitting=self.quitting)

    # -- connecting --------------------------------------------------------------------
    async def connect(self) -> None:
        if self.server is not None:
            # Wrong join codes are said to the host at the table, not only to the log.
            self.server.on_alert = self.alert
            try:
                port = await self.server.start()
            except OSError as exc:
                self.problem = _("Cannot open the table: {error} (give another --port)").format(
                    error=os_problem(exc)
                )
                # A table that never opened has no join code to give out.
                self.seat_info = replace(self.seat_info, join_line="")
                self.show_lobby()
                return
            self.seat_info = replace(
                self.seat_info,
                url=self.server.local_url,
                code=self.server.code,
                join_line=self.seat_info.join_line.replace("{port}", str(port)),
            )
            self.show_lobby()
            if self.server.started and self.seat_info.join_line:
                # A resumed match skips the lobby, the one place that says where friends
                # join (a page on a new --web-port 0 has a new link): said over the table.
                self.notify(self.seat_info.join_line, timeout=12)
        self._connecting = True
        try:
            await self.take_seat()
        finally:
            self._connecting = False
            if self.table is None or not self.table.connected:
                self.show_lobby()  # r (try again) is offered again

    def alert(self, text: str) -> None:
        """Something the host should know (a wrong join code): in the lobby, on a line of
        its own under the join command; at the table, a note over it. An empty ``text``:
        the last one no longer holds (the address that gave a wrong code got in)."""
        if isinstance(self.screen, LobbyScreen) or not text:
            # Taken back ("") wherever the host is: the lobby shown later never says it.
            self.lobby_alert = text
            self.show_lobby()
            return
        if text:  # "" takes back a warning the lobby showed: nothing to say at the table
            self.notify(text, severity="warning", timeout=10, markup=False)

    async def take_seat(self) -> None:
        """Sit: the seat's token (given, or kept from the last join here) takes it back,
        else the join code takes a free seat. Only a token the table does not know is
        forgotten: a seat still open elsewhere keeps it (the player is told)."""
        seat = self.seat_info
        key = self.table_key
        kept: str | None = None
        if self.keep_seat and not seat.token:
            kept = storage.seat_token(key)
            if kept is None and seat.code:  # a seat taken back with --token: kept by address
                key = self.token_key
                kept = storage.seat_token(key)
        try:
            table: RemoteTable | None = None
            if seat.token or kept:
                try:
                    table = await RemoteTable.rejoin(
                        seat.url,
                        seat.token or kept or "",
                        ssl_context=seat.ssl_context,
                        bridge=seat.bridge,
                    )
                except JoinError as exc:
                    if seat.token or exc.code != ErrorCode.BAD_TOKEN.value:
                        raise
                    storage.keep_seat_token(key, None)  # the table has no such seat
            if table is None:
                table = await RemoteTable.join(
                    seat.url, seat.code, seat.name, ssl_context=seat.ssl_context, bridge=seat.bridge
                )
        except JoinError as exc:
            self.refused = exc.code
            # The table's words after a colon start in lower case ("The table said no:
            # Every seat is taken" read as two sentences).
            if exc.code == ErrorCode.TOKEN_IN_USE.value:
                self.problem = seat_in_use(exc.name, kept=not seat.token)
            elif exc.code == ErrorCode.BAD_CODE.value:
                # r would send the same code again, and use up one more of the tries.
                self.problem = _(
                    "The table said no: {reason}. Check the code with the host, then run "
                    "okey101 join again"
                ).format(reason=exc.reason)
            elif exc.code == ErrorCode.BAD_TOKEN.value:
                # A --token of a seat given up (left before the match began) or of another
                # table: only the join code seats the player now. The command on a line of
                # its own, as every command the player is to copy.
                self.problem = _(
                    "The table said no: {reason}. Join with the table's code instead:\n"
                    "  okey101 join {url} CODE"
                ).format(reason=exc.reason, url=join_address(seat.url))
            elif exc.code == ErrorCode.STARTED.value:
                # The words say who may come back and how: "The table said no: The match
                # has started: …" put a colon after a colon.
                self.problem = exc.message
                # A seat kept here under another address of the table (localhost for
                # 127.0.0.1): the command that takes it back, on a line of its own. The
                # seat's token goes only where it was given.
                other = [u for u in storage.seat_addresses(seat.code) if u != seat.url]
                if self.keep_seat and other:
                    self.problem += "\n" + _(
                        "This computer keeps your seat at a table with this code under "
                        "another address; this takes it back:\n  okey101 join {address} {code}"
                    ).format(address=join_address(other[0]), code=seat.code)
            else:
                self.problem = _("The table said no: {reason}").format(reason=exc.reason)
            # The same no again: the same code (one more of its tries used), a token no seat
            # has, a match that has begun.
            if exc.code in FINAL_NOS:
                self.final_no = True
            self.show_lobby()
            return
        except (OSError, TimeoutError) as exc:
            self.problem = _("Cannot reach the table at {url}: {error}").format(
                url=seat.url, error=unreachable_reason(exc)
            )
            self.show_lobby()
            return
        except InvalidHandshake:
            self.problem = _("Cannot reach the table at {url}: {error}").format(
                url=seat.url, error=not_a_table_reason()
            )
            self.show_lobby()
            return
        self.sit(table)

    def match_dealt(self, old: Screen[Any]) -> None:
        """The people at the table played again: the new match on a screen of its own in
        place of ``old`` (the last match's table, and what was over it: its summary, a
        question, the help). The seat's token is kept for the new match (a seat left
        now is taken back by the same okey101 join)."""
        table = self.table
        if table is None or old not in self.screen_stack:
            return
        from okey_tui.ui.remote_screens import RemoteTableScreen

        self.keep_token(table)
        # This seat did not ask for it: the host dealt it without waiting (D).
        late = (
            self.server is None  # the host's own seat is never dealt without
            and isinstance(old, RemoteTableScreen)
            and not old.asked_next
            and table.host_dealt
        )
        while self.screen is not old:
            self.pop_screen()
        screen = self.remote_screen(table)
        self.switch_screen(screen)
        if late:
            self.call_after_refresh(screen.say_dealt_without_you)
        self.call_after_refresh(self.check_size)

    def note_the_way_back(self, table: RemoteTable) -> None:
        """What ``table``'s leave note can say: the join code of this seat (a seat taken
        back with its kept token knows it from the command), and whether this computer
        keeps the token (then the same okey101 join takes the seat back)."""
        table.code = table.code or self.seat_info.code
        table.token_kept = self.keep_seat

    @property
    def token_key(self) -> str:
        """Where a seat taken with --token (no join code) keeps its token: the address."""
        return f"{self.seat_info.url} "

    def sit(self, table: RemoteTable) -> None:
        old = self.table
        if old is not None and old is not table:  # a dead connection, given up on
            old.on_close = old.on_hand_over = None
            old.set_listener(None)
            carry_layout(old, table)
        self._back_note = reopened_note(old, table)
        self.table = table
        self.problem = ""
        self.refused = ""
        self.seat_waiting = False
        self.note_the_way_back(table)
        if self.server is not None:  # the host's own seat: host --resume gives it back
            self.server.host_seat = table.seat
            table.hosting = True
        # Rejoining later takes the seat back with its token.
        self.seat_info = replace(self.seat_info, token=table.token)
        table.on_close = self.connection_lost
        table.on_hand_over = partial(self.record_hand, table)
        table.set_listener(self.table_changed)
        self._name_checked = False
        self.record_hand(table)  # the table told a scored hand before the seat was taken
        self.keep_token(table)
        self.table_changed()

    def keep_token(self, table: RemoteTable) -> None:
        """Keep the seat's token on this computer (when it keeps seats): a join by code
        under the table's address and code, a seat taken with --token by its address."""
        if self.keep_seat:
            storage.keep_seat_token(
                self.table_key if self.seat_info.code else self.token_key, table.token
            )

    def remote_screen(self, table: RemoteTable) -> RemoteTableScreen:
        """The table screen of this seat: the host's own has D, to deal between hands."""
        from okey_tui.ui.remote_screens import HostTableScreen, RemoteTableScreen

        if self.server is not None:
            return HostTableScreen(table, self.server)
        return RemoteTableScreen(table)

    def record_hand(self, table: RemoteTable) -> None:
        """Add the hand the table has just scored to this person's statistics, as a hand
        played on this computer is: once, though the table tells it again to a seat back
        after a rejoin or a resume. A file that cannot be written is said."""
        if not self.record_stats or table is not self.table:
            return
        record = hand_record(table, clean_text(self.seat_info.name, MAX_NAME))
        if record is None:
            return
        try:
            stats.append_once(record)
        except OSError as exc:
            self.notify(
                _(
                    "The statistics of this hand could not be written ({error}): "
                    "okey101 stats will not count it."
                ).format(error=os_problem(exc)),
                severity="error",
                timeout=30,
                markup=False,
            )

    def table_changed(self) -> None:
        """Between the lobby and the table: the table screen listens for itself once shown."""

        table = self.table
        if table is None:
            return
        if not table.connected:
            self.connection_lost()
            return
        if table.match_over:
            self.forget_seat()
        self.tell_if_renamed(table)
        if table.started and table.has_view:
            shown = self.shown_table()
            if shown is None or shown.table is not table:  # first shown, or a new connection
                self.switch_or_push(self.remote_screen(table))
                self.tell_back_note(table)
            return
        self.show_lobby()

    def tell_back_note(self, table: RemoteTable) -> None:
        """Say what happened to the table while this seat was away from it (the host closed
        it and opened it again), on the table screen just opened for ``table``: in its log
        as a notice of the table's after the moves it shows, and over the table. Where the
        log is out of sight (a narrow terminal) the log's own note of a new line says it."""
        note, self._back_note = self._back_note, ""
        if not note:
            return
        table.add_notice(note)  # after the screen counted the chat it opens with
        if not self.has_class("-narrow"):
            self.notify(note, timeout=10, markup=False)

    def tell_if_renamed(self, table: RemoteTable) -> None:
        """The table gives a name a person there has already a number ("Bora 2"): the
        joiner was not told, and looked for "Bora" among the seats. Said in the lobby as
        the seats come, and again as they change before the match starts: the first Bora
        gone, the table gives the plain name back, and the note goes."""
        mine = next((s.name for s in table.seats() if s.seat == table.seat), None)
        if self._name_checked or mine is None:
            return
        if not table.code or not table.asked_name:
            # A seat taken back with its token keeps its name (one changed in the lobby, a
            # browser's reload asking for "Guest" again): no rename to tell, but to one
            # who asked for another name (--name), once the match has begun.
            self._name_checked = True
            asked = clean_text(self.seat_info.name, MAX_NAME)
            if self.seat_info.name_given and table.started and asked and asked != mine:
                self.notify(
                    _(
                        "You are back in your seat as {name}: a name does not change once "
                        "the match has begun"
                    ).format(name=mine),
                    timeout=8,
                    markup=False,
                )
            return
        self._name_checked = table.started  # the names are kept once the match starts
        asked = clean_text(self.seat_info.name, MAX_NAME)  # as the table cleans it
        if self.server is not None or not asked:
            return
        if mine == asked:
            note = ""
        elif screen_word_name([asked]) is not None:  # not taken: every screen's own word
            note = _("{name} is what each player's own screen calls them: you sit as {given}")
            note = note.format(name=asked, given=mine)
        else:
            note = _("{name} is taken at this table: you sit as {given}").format(
                name=asked, given=mine
            )
        if note != self._rename_note:
            if self.lobby_alert in ("", self._rename_note):
                self.lobby_alert = note
            self._rename_note = note

    def own_name(self) -> str:
        """The name the table shows for this seat (the one asked for, before it tells)."""
        table = self.table
        mine = (
            None
            if table is None
            else next((s.name for s in table.seats() if s.seat == table.seat), None)
        )
        return mine or clean_text(self.seat_info.name, MAX_NAME)

    @property
    def can_rename(self) -> bool:
        """Whether n may change the seat's name: seated, and the match not started."""
        table = self.table
        return table is not None and table.connected and not table.started and not self.problem

    def name_line(self) -> str:
        """What a friend's lobby says of their name: whom the others see, and how to change
        it (a browser friend sat as "Guest" with no way to know). The host named
        themselves (n changes it all the same)."""
        if self.server is not None or not self.can_rename:
            return ""
        return _("You sit as {name} · n changes your name").format(name=self.own_name())

    def rename(self, name: str | None) -> None:
        """Sit under ``name`` (from the name box): the table says in the lobby whether it
        took a number after it ("Ayşe 2")."""
        table = self.table
        if not name or table is None or not self.can_rename:
            return
        self.seat_info = replace(self.seat_info, name=name)
        table.asked_name = name  # what the command that sits them down again asks for
        self._name_checked = False  # the note of a number after the name, for this name
        self.run_worker(table.rename(name), group="rename")

    def forget_seat(self) -> None:
        """The seat's token is no use any more (the match is over, or the seat was given
        up before it began): the next okey101 join takes a seat with the code, and does
        not first try the token (the host counted that try as a wrong join code)."""
        if self.keep_seat:
            storage.keep_seat_token(self.table_key, None)
            storage.keep_seat_token(self.token_key, None)

    def note_lobby_changes(self, table: RemoteTable) -> None:
        """Who sat down, left, lost the connection, came back or took another name since the
        lobby last showed the seats: a line each among the chat's ("· Bora 2 sat down at
        seat 4"). The host, looking away a moment, saw only the list of seats changed."""
        if table is not self._news_of:  # another table's seats, or its lines: none of them
            self._news_of, self._lobby_seen, self.lobby_news = table, None, []
        seen = {
            info.seat: (info.name, info.level is None, info.connected) for info in table.seats()
        }
        before, self._lobby_seen = self._lobby_seen, seen
        if before is None or table.started:
            return  # the seats as first shown are no news
        for seat, (name, human, connected) in seen.items():
            if seat == table.seat or seat not in before:
                continue
            old, was_human, was_connected = before[seat]
            if human and not was_human:
                said = _("{name} sat down at seat {seat}").format(name=name, seat=seat + 1)
            elif was_human and not human:
                said = _("{name} left: seat {seat} is free").format(name=old, seat=seat + 1)
            elif human and was_connected and not connected:
                said = _("{name} lost the connection: seat {seat} is kept for them a while")
                said = said.format(name=name, seat=seat + 1)
            elif human and connected and not was_connected:
                said = _("{name} is back at seat {seat}").format(name=name, seat=seat + 1)
            elif human and name != old:
                said = _("{old} now sits as {name}").format(old=old, name=name)
            else:
                continue
            self.lobby_news.append((len(table.table_chat), said))

    def show_lobby(self) -> None:
        lobby = next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)
        if lobby is not None and lobby.is_mounted:
            lobby.show(self)

    def lobby_quit_question(self) -> str | None:
        """What the lobby asks before the host quits: closing the table sends away the
        people seated at it (bots are not asked after). None: q quits at once."""
        table = self.table
        if table is None or not table.quit_closes_table():
            return None
        if not any(info.level is None and info.seat != table.seat for info in table.seats()):
            return None
        note = table.leave_note() or _("You host this table: quitting closes it for everyone.")
        return _("Quit the game?") + "\n" + note

    def lobby_status(self) -> str:
        if self.problem:
            # After a command on a line of its own, the keys on the next: "… --token X · q
            # quits" was copied with the keys.
            apart = "\n" if "\n" in self.problem else " · "
            if self.can_retry and self.refused == ErrorCode.TABLE_FULL.value:
                # A seat comes free when someone leaves the lobby: r then takes it.
                return self.problem + apart + _("r tries again once someone leaves · q quits")
            if self.can_retry:
                return self.problem + apart + _("r tries again · q quits")
            return self.problem + apart + _("q quits")
        table = self.table
        if table is None:
            return _("Connecting to {url}…").format(url=self.seat_info.url)
        when = ""
        if table.start_at is not None:  # okey101 host --start-at: the table deals by itself
            people = sum(1 for s in table.seats() if s.level is None)
            when = ngettext(
                "The match starts once {n} person sits ({now} now)",
                "The match starts once {n} people sit ({now} now)",
                table.start_at,
            ).format(n=table.start_at, now=people)
        if table.lead == table.seat:
            if when:
                return _("{when} · Enter starts it sooner (empty seats are bots)").format(when=when)
            return _("Enter starts the match when everyone is here (empty seats are bots)")
        if when:
            return _("{when} · / chats · q quits").format(when=when)
        lead = next((s.name for s in table.seats() if s.seat == table.lead), None)
        if lead is None:
            return _("Waiting for the first player to start the match · / chats · q quits")
        return _("Waiting for {name} to start the match · / chats · q quits").format(name=lead)

    def shown_table(self) -> TableScreen | None:
        """The table screen of the stack (the newest), if it holds one."""
        from okey_tui.ui.screens.table import TableScreen

        shown = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        return shown[-1] if shown else None

    @property
    def can_retry(self) -> bool:
        """Whether r may try to sit again: a friend's seat, not connected, not connecting,
        and not refused for a wrong join code (the same code would be refused again)."""
        if self.server is not None or self._rejoining or self._connecting or self.final_no:
            return False
        return self.table is None or not self.table.connected

    def retry(self) -> None:
        """Try once more to sit (the seat's token, once it has one): r in the lobby."""
        if not self.can_retry:
            return
        self.problem = ""
        self._connecting = True  # until the worker ends: no second try meanwhile
        self.show_lobby()
        self.run_worker(self.connect(), exclusive=True, group="connect")

    def show_problem(self, problem: str) -> None:
        """Say ``problem`` in the lobby, the table screen closed (the table is gone)."""
        self.problem = problem
        if self.table is not None:
            self.table.set_listener(None)  # the table screen is told of no more changes
        shown = self.shown_table()
        if shown is not None and shown.is_mounted:
            # Through the table screen's own queue: the changes it was told of before are
            # drawn first, never on a screen being taken down.
            shown.call_later(self._to_lobby)
        else:
            self._to_lobby()

    def _to_lobby(self) -> None:
        if self.screen_stack and not isinstance(self.screen, LobbyScreen):
            self.switch_or_push(LobbyScreen())
            # The table's notes (a chat line, who left) go with its screen: one stayed for
            # seconds over the lobby that says the host closed the table. Through the app's
            # queue: after any note the table screen posted before it closed.
            self.call_later(self.clear_notifications)
        self.call_after_refresh(self.show_lobby)

    def connection_lost(self) -> None:
        if self._rejoining or self.table is None:
            return
        why = self.table.closed_why
        if why == Closing.HOST_CLOSED.value and not self.table.started:
            # Nothing to open again: host --resume opens a match once it has begun.
            self.forget_seat()
            self.final_no = True
            self.show_problem(
                _(
                    "The host closed the table before the match began: there is no seat to "
                    "wait for. Ask them to host a new table, then join it"
                )
            )
            return
        if why == Closing.HOST_CLOSED.value and self.table.match_over:
            # Nothing left to open again: host --resume has no finished match to open.
            self.forget_seat()
            self.final_no = True
            self.show_problem(_("The match is over and the host has closed the table"))
            return
        if why == Closing.HOST_CLOSED.value:
            # The table comes back only when its host opens it again: the seat is tried
            # now and then meanwhile (r tries at once).
            self.seat_waiting = bool(self.seat_info.token)
            self.show_problem(
                _(
                    "The host closed the table. Your seat is kept: when they open it again "
                    "(okey101 host --resume) you sit back down by yourself"
                )
            )
            if self.server is None and self.seat_info.token:
                self.run_worker(self.wait_for_host(), exclusive=True, group="connect")
            return
        if why == Closing.REPLACED.value:
            self.show_problem(
                _("Your seat was taken back in another terminal (okey101 join was run again)")
            )
            return
        self._rejoining = True
        said = _("The connection to the table dropped: taking the seat back…")
        self.notify(said, timeout=4)
        # The table's own line says it until the seat is back (or the lobby says why not).
        shown = self.shown_table()
        if shown is not None:
            shown.set_status(said, error=True)
        self.run_worker(self.rejoin(), exclusive=True, group="connect")

    def waiting_note(self) -> str:
        """What the terminal keeps of a seat waiting for its table, once the player quits
        the wait: it is kept, and the command that takes it back (the wait had ended with
        "Error: … you sit back down by yourself", exit status 1, and nothing waiting)."""
        seat = self.seat_info
        return _(
            "Your seat is kept: once the host opens the table again (okey101 host --resume), "
            "take it back with:\n  okey101 join {url} --token {token}"
        ).format(url=join_address(seat.url), token=seat.token)

    async def wait_for_host(self) -> None:
        """The host closed the table: try the seat again every few seconds, for a while,
        and sit back down when the host opens the table again (okey101 host --resume).
        Quiet meanwhile: the lobby says what happened, and r still tries at once."""
        seat = self.seat_info
        deadline = time.monotonic() + HOST_BACK_WAIT
        while time.monotonic() < deadline:
            await asyncio.sleep(HOST_BACK_PAUSE)
            try:
                table = await RemoteTable.rejoin(
                    seat.url, seat.token, ssl_context=seat.ssl_context, bridge=seat.bridge
                )
            except JoinError as exc:
                if exc.code in (ErrorCode.TOKEN_IN_USE.value, ErrorCode.BAD_TOKEN.value):
                    return  # seated elsewhere, or another table on that address: r says
                continue
            except (OSError, TimeoutError, InvalidHandshake):
                continue
            told = reopened_note(self.table, table)
            self.sit(table)
            if not told:
                self.notify(_("Back at the table."), timeout=3)
            return

    async def rejoin(self) -> None:
        old = self.table
        seat = self.seat_info
        try:
            for _try in range(REJOIN_TRIES):
                try:
                    table = await RemoteTable.rejoin(
                        seat.url, seat.token, ssl_context=seat.ssl_context, bridge=seat.bridge
                    )
                except JoinError as exc:
                    if exc.code == ErrorCode.TOKEN_IN_USE.value:
                        # The table checked: the seat's other connection answers.
                        self._rejoining = False
                        self.show_problem(seat_in_use())
                        return
                    if exc.code == ErrorCode.BAD_TOKEN.value:
                        self._rejoining = False
                        self.show_problem(
                            _("The table said no: {reason}").format(reason=exc.reason)
                        )
                        return
                    await asyncio.sleep(REJOIN_PAUSE)
                    continue
                except (OSError, TimeoutError, InvalidHandshake):
                    await asyncio.sleep(REJOIN_PAUSE)
                    continue
                if old is not None:
                    old.on_close = old.on_hand_over = None
                    old.set_listener(None)
                    await old.close()
                    carry_layout(old, table)
                self._back_note = told = reopened_note(old, table)
                self.table = table
                table.hosting = self.server is not None
                self.note_the_way_back(table)
                table.on_close = self.connection_lost
                table.on_hand_over = partial(self.record_hand, table)
                self.record_hand(table)  # a hand scored while the connection was down
                table.set_listener(self.table_changed)
                self.table_changed()
                if not told:
                    self.notify(_("Back at the table."), timeout=3)
                return
            # Its host's okey101 stopped without a word (killed, the computer off): the
            # seat is kept as after a close, and tried as long (giving up after these few
            # tries told the friend the table was gone while its host was opening it again).
            self._rejoining = False  # r tries at once meanwhile
            if old is not None and not old.started:
                # Before the first deal nothing is kept: host --resume has no table to open
                # (the friend was told to wait for it, for half an hour).
                self.show_problem(
                    _(
                        "The table cannot be reached, and its match had not begun: its host "
                        "cannot open it again. Ask them to host a new table, then join it "
                        "(r tries this one again)"
                    )
                )
                return
            self.seat_waiting = bool(seat.token)
            self.show_problem(
                _(
                    "The table cannot be reached: waiting for its host to open it again "
                    "(okey101 host --resume), and you sit back down by yourself. If you quit "
                    "meanwhile, this takes the seat back:\n"
                    "  okey101 join {url} --token {token}"
                ).format(url=join_address(seat.url), token=seat.token)
            )
            if self.server is None and seat.token:
                await self.wait_for_host()
        finally:
            self._rejoining = False

    # -- chat ---------------------------------------------------------------------------
    def action_chat(self) -> None:
        async def send(line: str | None) -> None:
            if line and self.table is not None:
                await self.table.say(line)

        from okey_tui.ui.screens.dialogs import ChatScreen

        self.push_screen(ChatScreen(), send)
