"""A table in this process: the :class:`TableInterface` over a :class:`Session`. No Textual.

The table screen sits at a :class:`LocalTable` for ``okey101 play`` exactly as
it sits at a :class:`~okey_tui.net.client.RemoteTable` for ``okey101 join``:
it reads the seat's view, sends actions and is told of changes. Here the
bots play in this process (their choice in a worker thread, at the table's
pace), the match is saved after every action, and a hand that ends is
scored at once.

Two things only a table in this process offers: undo within a turn (a
practice table; the steps are the engine's own snapshots) and, for a
hot-seat table, :meth:`sit` to turn the table to another person's seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence

from okey_tui.engine.actions import Action, AddTile
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.state import Event, Hand
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, okey_readings, plan_adds
from okey_tui.i18n import _, at_name
from okey_tui.messages import added_tiles_text
from okey_tui.practice import TurnUndo
from okey_tui.table import (
    ActionRefused,
    ChatLine,
    Departures,
    HandReport,
    HandSummary,
    SeatInfo,
    SeatLine,
    TableInterface,
    hand_report,
)
from okey_tui.ui.session import Session, StagedKept

# Bots playing without a pause redraw the table at most this often (seconds): 20 frames a second.
BOT_FRAME = 0.05

log = logging.getLogger(__name__)


class LocalTable:
    """One match in this process, seen from the seat whose rack is on the screen."""

    def __init__(self, session: Session, bot_delay: float = 0.5, undo: bool = False) -> None:
        self.session = session
        self.bot_delay = bot_delay
        self._undo = TurnUndo() if undo else None
        self._listener: Callable[[], None] | None = None
        self._bots: asyncio.Task[None] | None = None
        self._chat: list[ChatLine] = []
        self._go = asyncio.Event()  # cleared: the bots wait (hold_bots)
        self._go.set()

    # -- who sits here ------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.session.viewer

    def sit(self, seat: int) -> None:
        """Hot-seat: the screen now shows ``seat`` (one of the table's people)."""
        if seat not in self.session.humans:
            raise ValueError(_("Seat {seat} is not a person's").format(seat=seat + 1))
        self.session.viewer = seat

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play at this terminal."""
        return self.session.humans

    def seats(self) -> Sequence[SeatInfo]:
        session = self.session
        return [SeatInfo(s, session.seat_name(s), session.seat_level(s)) for s in range(4)]

    # -- what the seat sees ----------------------------------------------------------------------
    def view(self) -> PlayerView:
        return self.session.view()

    @property
    def events(self) -> Sequence[Event]:
        seat = self.seat
        return [
            Event(e.kind, e.seat, e.text, (), e.value) if e.kind == "draw" and e.seat != seat else e
            for e in self.session.events
        ]

    @property
    def turn(self) -> int:
        return self.session.hand.turn

    @property
    def hand_number(self) -> int:
        return self.session.match.hand_number

    @property
    def hand_over(self) -> bool:
        return self.session.hand.is_over

    @property
    def match_over(self) -> bool:
        return self.session.match.is_over

    @property
    def match_number(self) -> int:
        return 1  # a new match at this terminal is a new table (OkeyApp.new_match)

    @property
    def results(self) -> Sequence[HandSummary]:
        summaries = []
        for n, result in enumerate(self.session.match.results, start=1):
            lines = tuple(
                SeatLine(
                    s.seat,
                    s.finish,
                    sum(t.number for t in s.tiles_left),
                    s.okeys_in_hand,
                    s.penalties,
                    s.bonus,
                    s.total,
                    s.formula,
                )
                for s in result.seats
            )
            summaries.append(HandSummary(n, result.outcome, lines))
        return summaries

    def totals(self) -> tuple[int, ...]:
        return tuple(self.session.match.totals())

    @property
    def turn_ends(self) -> float | None:
        return None  # no turn time at one terminal

    @property
    def next_hand_at(self) -> float | None:
        return None  # the next hand waits for the players at one terminal

    def bot_takes_seat_at(self, seat: int) -> float | None:
        return None  # nobody is away from one terminal

    def report(self) -> HandReport | None:
        return hand_report(self.session.match, self.session.events)

    @property
    def chat_lines(self) -> Sequence[ChatLine]:
        return self._chat

    def layout(self) -> list[str | None] | None:
        return self.session.layouts.get(self.seat)

    def keep_layout(self, slots: list[str | None], departures: Departures | None = None) -> None:
        self.session.layouts[self.seat] = list(slots)
        if departures is None:
            self.session.departures.pop(self.seat, None)
        else:
            self.session.departures[self.seat] = departures
        self.session.autosave()

    def departures(self) -> Departures | None:
        return self.session.departures.get(self.seat)

    def keep_staged(self, melds: Sequence[str]) -> None:
        """The melds staged now at this seat (their texts), kept with the match: one saved
        at this moment gets them back staged (:meth:`keep_layout` saves it)."""
        if melds:
            kept = StagedKept(self.hand_number, len(self.events), tuple(melds))
            self.session.staged[self.seat] = kept
        else:
            self.session.staged.pop(self.seat, None)

    def staged_kept(self) -> tuple[str, ...]:
        """The melds this seat had staged as the match was saved, while nothing has
        happened at the table since; () for none."""
        kept = self.session.staged.get(self.seat)
        if kept is None or (kept.hand, kept.events) != (self.hand_number, len(self.events)):
            return ()
        return kept.melds

    def leave_note(self) -> str | None:
        return leave_note(self.session)

    def quit_closes_table(self) -> bool:
        return False  # the people at this terminal quit together

    def replay_command(self) -> str | None:
        from okey_tui.settings import DEFAULT_NAME, PLAYER_N, replay_command
        from okey_tui.web import in_browser

        session = self.session
        match = session.match
        if not match.is_over or in_browser():  # a page has no command line to type it in
            return None
        # At a shared terminal, its people by the names they gave ("" for none): the
        # command seated one person against three bots.
        people = [session.seat_name(seat, english=True) for seat in session.humans]
        typed = [
            ""
            if (seat == 0 and session.name == DEFAULT_NAME) or name == PLAYER_N.format(n=n)
            else name
            for n, (seat, name) in enumerate(zip(session.humans, people, strict=True), start=1)
        ]
        return replay_command(
            match.seed,
            match.rules,
            typed,
            side_by_side=tuple(session.humans) == (0, 1),
            levels=session.levels,
            practice=session.practice,
            tips=session.tips,
        )

    # -- acting -------------------------------------------------------------------------------
    async def act(self, action: Action) -> None:
        self._act(action)
        self._after_change()

    async def act_all(self, actions: Sequence[Action]) -> None:
        """All of ``actions`` or none (one key's moves, as `a` adding several tiles); at a
        practice table they are one step for u, as they were one key."""
        hand = self.session.hand
        saved = hand.copy()
        undo_steps = list(self._undo.steps) if self._undo is not None else []
        logged = len(self.session.events)
        try:
            for action in actions:
                self._act(action)
        except ActionRefused:
            hand.restore(saved)
            if self._undo is not None:
                self._undo.steps[:] = undo_steps
            self.session.autosave()
            raise
        self._one_undo_step(undo_steps, actions, logged)
        self._after_change()

    def _one_undo_step(
        self, before: list[tuple[str, Hand]], actions: Sequence[Action], logged: int
    ) -> None:
        """The undo steps ``actions`` left after the steps ``before`` become one, the table
        as it was before the first: u undid an add of three tiles one tile at a time, the
        meld showing a half-undone add in between. (The engine's snapshots, as for a step.)"""
        undo = self._undo
        if undo is None:
            return
        steps = undo.steps
        kept = len(before)
        if len(steps) <= kept or any(a is not b for a, b in zip(steps, before, strict=False)):
            return  # nothing of these to undo (a step that reveals a tile cleared them)
        label = batch_label(actions, self.session.events[logged:], self.session.hand.okey)
        steps[kept:] = [(label or steps[-1][0], steps[kept][1])]

    async def check(self, action: Action) -> ActionRefused | None:
        if not self.session.human_to_play:
            return self._not_your_turn()
        try:
            self.session.hand.check(action)
        except OkeyError as exc:
            return ActionRefused.from_error(exc)
        return None

    async def plan_adds(
        self, tiles: Sequence[Tile], target: int, okey_as: Tile | None = None
    ) -> tuple[list[AddTile], Tile | None]:
        return plan_adds(self.session.hand, tiles, target, okey_as)

    async def okey_readings(self, tiles: Sequence[Tile], target: int) -> list[Tile]:
        return okey_readings(self.session.hand, tiles, target)

    async def say(self, text: str) -> None:
        """Chat at a table in this process is a note in the log for the people here."""
        self._chat.append(ChatLine(self.seat, self.session.seat_name(self.seat), text[:200]))
        self._notify()

    async def next_hand(self) -> None:
        if not self.hand_over or self.match_over:
            return
        if self._undo is not None:
            self._undo.clear()
        self.session.next_hand()
        self._after_change()

    def _act(self, action: Action) -> None:
        session = self.session
        if not session.human_to_play:
            raise self._not_your_turn()
        undo = self._undo
        if undo is not None:
            undo.before(session.hand, action)
        try:
            session.act(action)
        except OkeyError as exc:
            if undo is not None:
                undo.after(session.hand, action, False)
            raise ActionRefused.from_error(exc) from None
        if undo is not None:
            undo.after(session.hand, action, True)

    def _not_your_turn(self) -> ActionRefused:
        from okey_tui.engine.errors import ErrorCode

        code = ErrorCode.NOT_YOUR_TURN
        who = self.session.seat_name(self.turn)
        message = _("It is {who}'s turn: wait for your turn").format(who=at_name(who))
        return ActionRefused("NotYourTurnError", code.value, message, rule=code.rule)

    # -- undo (a practice table) --------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self._undo is not None and self._undo.can_undo(self.session.hand)

    def undo(self) -> str | None:
        """Take back this seat's last step of the turn; what was undone (None: nothing)."""
        if self._undo is None:
            return None
        label = self._undo.undo(self.session.hand)
        if label is not None:
            self.session.autosave()
        return label

    # -- the bots and the listener -------------------------------------------------------------
    @property
    def listener(self) -> Callable[[], None] | None:
        return self._listener

    def set_listener(self, listener: Callable[[], None] | None) -> None:
        """Listen to the table, which then begins (or resumes) play: a hand that ended is
        scored, the bots move if it is their turn. ``None`` stops the bots (the screen left)."""
        self._listener = listener
        if listener is None:
            if self._bots is not None:
                self._bots.cancel()
                self._bots = None
            return
        self._after_change(notify=False)

    def hold_bots(self, held: bool) -> None:
        """The bots wait before their next move (``held``), or go on: the table holds still
        while the person decides whether to quit (the bots played on under the question)."""
        if held:
            self._go.clear()
        else:
            self._go.set()

    @property
    def bots_playing(self) -> bool:
        return self._bots is not None and not self._bots.done()

    async def close(self) -> None:
        """Stop the bots (the screen is going away)."""
        if self._bots is not None:
            self._bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots
            self._bots = None

    def _after_change(self, notify: bool = True) -> None:
        session = self.session
        if session.hand.is_over and not session.match.hand_scored:
            session.finish_hand()
        if session.bots_to_play and not self.bots_playing:
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())
        if notify:
            self._notify()

    async def _run_bots(self) -> None:
        """The bots play until a person is to play or the hand ends.

        With a pause between moves the screen is told of every move. Without one (bot
        delay 0) the moves come faster than a screen can show them: the screen is told
        at most once a frame (``BOT_FRAME``), and always after the last move.
        """
        session = self.session
        loop = asyncio.get_running_loop()
        told = loop.time()
        untold = False
        while session.bots_to_play:
            await asyncio.sleep(self.bot_delay)
            await self._go.wait()
            seat = session.hand.turn
            view = session.view(seat)
            action = await asyncio.to_thread(session.choose, seat, view)
            # Held while the bot thought (q then): the move waits for the answer too (it
            # landed under the quit question). Nobody else moves meanwhile: it still holds.
            await self._go.wait()
            session.apply_bot(seat, view, action)
            if session.hand.is_over and not session.match.hand_scored:
                session.finish_hand()
            untold = True
            if self.bot_delay > 0 or loop.time() - told >= BOT_FRAME:
                self._notify()
                told, untold = loop.time(), False
        if untold:
            self._notify()

    def _notify(self) -> None:
        if self._listener is None:
            return
        try:
            self._listener()
        except Exception:  # a screen's fault must not stop the table
            log.exception("the table listener failed")


def batch_label(actions: Sequence[Action], events: Sequence[Event], okey: Tile) -> str | None:
    """What u undoes for one key's ``actions`` (``events`` the moves they logged): the
    tiles added and the meld, as `a` said them ("adding K9 K10 K11 to meld 2"), each meld
    in turn for tiles added to several ("adding R10 to meld 6, Y1 to meld 7"); None for
    another batch (the steps' own words then)."""
    adds = [a for a in actions if isinstance(a, AddTile)]
    if not adds or len(adds) != len(actions):
        return None
    added = [e for e in events if e.kind == "add"][-len(adds) :]
    # The melds in the order the tiles went on, each meld's tiles together.
    each = [
        (added_tiles_text([e for e, a in zip(added, adds, strict=False) if a.target == t], okey), t)
        for t in dict.fromkeys(a.target for a in adds)
    ]
    if len(each) == 1:
        tiles, target = each[0]
        return _("adding {tiles} to meld {n}").format(tiles=tiles, n=target + 1)
    parts = ", ".join(_("{tiles} to meld {n}").format(tiles=t, n=n + 1) for t, n in each)
    return _("adding {adds}").format(adds=parts)


def _is_a_table_interface(table: LocalTable) -> TableInterface:
    """Never called: mypy checks here that a LocalTable is a TableInterface."""
    return table


def leave_note(session: Session) -> str | None:
    """How to go on with the match when it is left unfinished (the quit question says it,
    and the terminal keeps it once the game closes); None when nothing is left to go on."""
    unsaved = session.unsaved_note()  # the last write failed: not "the match is saved"
    if unsaved:
        return unsaved
    path = session.save_path
    if path is None or session.match.is_over:
        return None
    if session.untouched():
        # The bots may have played already: what nobody made is the people's move.
        if len(session.humans) > 1:
            return _("Nobody at the table has made a move yet: the match is not kept.")
        return _("You have not made a move yet: the match is not kept.")
    from okey_tui.web import in_browser

    if in_browser():  # okey101 web: the page's Back to the game button, not a command
        return _("The match is saved: Back to the game on this page continues it.")
    # The command on a line of its own, whole to copy: the quit question wrapped it.
    return _("The match is saved. This continues it:\n  okey101 play --resume {id}").format(
        id=path.stem
    )
