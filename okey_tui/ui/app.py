"""The okey101 Textual app and the one factory that builds it for the CLI and the tests."""

from __future__ import annotations

import contextlib
import gc
import os
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from textual import events
from textual.actions import SkipAction
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from okey_tui import storage
from okey_tui.hotseat import configure as configure_table
from okey_tui.i18n import N_, _, ngettext, os_problem
from okey_tui.settings import TableSettings, load_settings, save_settings, take_problems
from okey_tui.ui.screens.dialogs import MIN_HEIGHT, MIN_WIDTH, ConfirmScreen, TooSmallScreen
from okey_tui.ui.session import Session
from okey_tui.web import in_browser

# Seconds between two looks, in a browser's game, at whether the web server is still there.
SERVER_CHECK = 1.0
# The width from which the hints and the log stand side by side (see okey.tcss, -roomy).
ROOMY_WIDTH = 170
# Seconds the note that other matches are kept shows, where the log is out of sight.
SAVES_KEPT_NOTE_S = 5.0


def few_colours(color_system: str | None, headless: bool) -> bool:
    """Whether the terminal shows 16 colours (TERM=xterm, the Linux console), as Rich
    reads the environment; a headless app (the tests' snapshots) draws in full colour
    whatever the environment.

    >>> few_colours("standard", False), few_colours("256", False), few_colours("standard", True)
    (True, False, False)
    """
    return not headless and color_system in ("standard", "windows")


class NoTerminalError(RuntimeError):
    """The game was started with no terminal to read keys from or draw on (its input or
    its output redirected)."""


def _a_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal (a closed or missing one is not)."""
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # closed
        return False


def no_terminal() -> str | None:
    """Why the game cannot run here, with no terminal to read keys from or draw on (said
    before anything is done for it: a start refused so kept the choices it was given as
    remembered); None: it can."""
    if in_browser():
        return None
    if os.environ.get("TERM") == "dumb":
        # An editor's shell buffer: the screen's drawing came out as escape codes.
        return _(
            "okey101 draws a full screen, and this terminal says it cannot "
            "(TERM=dumb): run it in a terminal window, or give the terminal's "
            "kind, like TERM=xterm-256color okey101 play"
        )
    if not sys.stdin.isatty():
        # Textual read the end of a file or pipe as keys, over and over: the game spun a
        # core for as long as it was left running, with nobody to play it.
        return _(
            "okey101 reads its keys from a terminal, and its input here is a "
            "file or a pipe: run it in a terminal window (okey101 web serves "
            "the game to a browser)"
        )
    if not all(_a_terminal(s) for s in (sys.__stdout__, sys.__stderr__)):
        # okey101 play | cat: drawn at 80x24 whatever the window (its size is read from
        # the output), deaf to resizes; with 2> file, drawn into the file and nothing on
        # the screen.
        return _(
            "okey101 draws its screen on the terminal, and its output here goes "
            "to a file or a pipe: run it with nothing redirected (no >, 2> or |; "
            "okey101 web serves the game to a browser)"
        )
    return None


class OkeyApp(App[None]):
    """Starts at the new-table screen unless the table is already chosen."""

    CSS_PATH = "okey.tcss"
    TITLE = "okey101"
    ENABLE_COMMAND_PALETTE = False

    # Keys shown by a word rather than by the label on the key (esc, tab, home, end, pgdn, ⏎).
    KEY_WORDS = {"space": N_("space")}

    # Ctrl+Q and Ctrl+C (a terminal's usual ways out) quit as q does where q asks first:
    # on the table, the game's own question in the player's language (a host is told that
    # quitting closes the table for everyone), over any dialog open on it too. Pressed again
    # at that question, they quit. Textual's own Ctrl+Q quit at once, and its Ctrl+C only
    # said, in English, which key quits. Ctrl+C still copies text selected in a text box or
    # with the mouse.
    BINDINGS = [
        Binding("ctrl+q", "quit_here", show=False, priority=True, system=True),
        Binding("ctrl+c", "quit_here(True)", show=False, priority=True, system=True),
        # As in any terminal program: the game stops in the background till fg (it did
        # nothing). Not in a browser, where nothing can be suspended.
        Binding("ctrl+z", "suspend_here", show=False, priority=True, system=True),
    ]
    ASKING_QUITS = ("quit_table", "quit_game")

    def get_key_display(self, binding: Binding) -> str:
        """A key as the key bar, the footer and the help show it, in the player's language."""
        shown = super().get_key_display(binding)
        word = self.KEY_WORDS.get(shown)
        return _(word) if word is not None else shown

    def __init__(
        self,
        settings: TableSettings | None = None,
        *,
        ask: bool = True,
        seed: int | None = None,
        bot_delay: float | None = None,
        remember: bool = True,
        resume: bool | str = False,
        lock: storage.MatchLock | None = None,
        message: str = "",
    ) -> None:
        super().__init__()
        # The table of the match on screen. Flags change it for one match only:
        # the remembered choices change on the new-table screen alone.
        self.settings = (settings or TableSettings()).checked()
        self.ask = ask
        self.seed = seed
        self.fixed_delay = bot_delay
        # Real play: autosave, statistics and remembered choices; not for throwaway tables.
        self.remember = remember
        self.resume_first = resume
        self.first_message = message
        self.session: Session | None = None
        self.lock = lock
        self.save_path: Path | None = None
        self.saves = storage.SaveList()
        # Whether the players were told that a new match keeps the unfinished ones.
        self.told_saves_kept = False

    @property
    def colour_blind(self) -> bool:
        return self.settings.colour_blind

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_delay if self.fixed_delay is None else max(0.0, self.fixed_delay)

    def run(self, *args: Any, **kwargs: Any) -> None:
        """Runs the app (in a terminal unless ``headless``, as the snapshot tests run it).

        What is loaded before the first screen (the modules, Textual's and ours) lives as
        long as the program: it is frozen out of the garbage collector's sight, so its
        full passes during a match walk only what the match made (a hand against three
        hard bots: a median pass of 63 ms instead of 78)."""
        if not kwargs.get("headless"):
            refused = no_terminal()
            if refused is not None:
                raise NoTerminalError(refused)
            gc.collect()
            gc.freeze()
        return super().run(*args, **kwargs)

    def on_mount(self) -> None:
        from okey_tui.ui.tiles import use_few_colours, use_no_colour

        use_few_colours(few_colours(self.console.color_system, self.is_headless))
        use_no_colour(self.no_color)
        if not in_browser() and not self.is_headless:
            self.end_on_hangup()  # before the first table is saved
        self.apply_theme()
        self.open_first_screen()
        self.check_size()
        if in_browser():
            # The web server that runs this game for a browser may die without closing it
            # (its process killed): the game would play on unseen, and a seat it holds at a
            # hosted table would keep the friend's page out once it is back. It ends then
            # (the match is saved as on any quit).
            server = os.getppid()

            def server_gone() -> None:
                if os.getppid() != server:
                    self.exit()

            self.set_interval(SERVER_CHECK, server_gone)

    def open_first_screen(self) -> None:
        """The new-table screen, a resumed match, or the table of the given settings."""
        if self.resume_first:
            match_id = self.resume_first if isinstance(self.resume_first, str) else ""
            self.action_resume(match_id)
        elif self.ask:
            self.show_new_table(self.first_message)
        else:
            self.start(self.settings)
            self.tell(self.first_message)

    def tell(self, message: str) -> None:
        """Say on the table what went wrong before it opened (a save set aside, settings
        that could not be used): the new-table screen has a place for it; the table not."""
        if message:
            self.notify(message, severity="warning", timeout=30, markup=False)
        self.first_message = ""

    def on_unmount(self) -> None:
        self.leave_saves()

    def leave_saves(self) -> None:
        """What leaving the game keeps, as q keeps it: the cursors moved since the last
        move, the lock released, and a match nobody at the table has played dropped."""
        self.keep_moved_cursors()
        self.release_lock()
        self.drop_untouched()

    def keep_moved_cursors(self) -> None:
        """A cursor moved since the last move written with the match, where it was."""
        session = self.session
        if (
            session is not None
            and session.cursors != session.saved_cursors
            and not session.match.is_over
            and not session.untouched()
        ):
            session.autosave()

    def action_suspend_here(self) -> None:
        """Ctrl+Z: the cursors moved since the last move kept first (a stopped game may be
        killed), then the process stopped till the shell's fg brings it back."""
        self.keep_moved_cursors()
        self.action_suspend_process()

    def end_on_hangup(self) -> None:
        """The terminal closing (its window shut, an ssh session dropped: SIGHUP) or the
        process told to end (SIGTERM) ends the game as q does. It ended at once: a match
        nobody had played was kept (q drops it) and they piled up in the list, and the
        cursors moved since the last move were lost. Signals a run ignores (nohup) stay
        ignored, and a command's own handling of them is left to it (``okey101 host``
        closes its table, telling the friends)."""
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        hangup = getattr(signal, "SIGHUP", None)  # none on Windows
        for number in (hangup, signal.SIGTERM):
            if number is None or signal.getsignal(number) != signal.SIG_DFL:
                continue
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self.hang_up, number)

    def hang_up(self, number: int) -> None:
        import signal

        self.leave_saves()
        if number == getattr(signal, "SIGHUP", None):
            # The terminal is gone: nothing is left to draw or to set back as it was.
            os._exit(128 + number)
        self.exit()

    def drop_untouched(self) -> None:
        """A match nobody at the table has played yet is not kept: starting okey101 and
        quitting at once leaves no unfinished match behind in the list (and no note)."""
        session = self.session
        if session is not None and session.save_path is not None and session.untouched():
            with contextlib.suppress(OSError):  # it cannot be deleted: left, as a match kept
                storage.discard(session.save_path)
            session.save_path = None

    def release_lock(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def remember_choice(self, **changes: object) -> None:
        """A choice of the player's own made at the table (``colour_blind``, ``bell``), for
        this table and, in real play, for the next ones."""
        self.settings = self.settings.with_changes(**changes)
        if self.remember:
            # Only this choice: the table's flags are not the remembered choices.
            self.keep_choice(changes)

    def keep_choice(self, changes: dict[str, object]) -> None:
        """A choice made at the table written to the settings; said when it could not be."""
        unsaved = save_settings(load_settings().with_changes(**changes))
        if unsaved:
            said = _("Your choices were not remembered: {why}").format(why=unsaved)
            self.notify(said, severity="warning", timeout=10, markup=False)

    def apply_theme(self) -> None:
        self.set_class(self.settings.theme == "dark", "-theme-dark")

    def refresh_saves(self) -> list[str]:
        """Read the unfinished matches again; the messages of any file set aside."""
        if not self.remember:
            self.saves = storage.SaveList()
            return []
        self.saves = storage.list_saves()
        return [str(problem) for problem in self.saves.problems]

    def show_new_table(self, message: str = "", current: bool = False) -> None:
        """The new-table screen, its lines as last remembered, or with ``current`` (``t`` at
        a match's end) as the table just played (a Rising table of one hand, started with
        flags, came back as the remembered Classic of 11)."""
        from okey_tui.ui.screens.setup import NewTableScreen

        problems = self.refresh_saves() + self.saves.reminders()
        remembered = load_settings() if self.remember and not current else self.settings
        if self.fixed_delay is not None:
            # --bot-delay: the pace line shows the pace this match is played at.
            remembered = remembered.with_changes(bot_delay=self.bot_delay)
        problems += take_problems()  # a settings file set aside (now or at the start)
        message = "\n".join(m for m in (message, *problems) if m)
        screen = NewTableScreen(remembered, self.saves.entries, message)
        self.push_screen(screen, self.start_chosen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return bool(self.saves.entries) and self.session is None
        return True

    async def action_quit_here(self, copies: bool = False) -> None:
        """Quit as the screen's own quit key does (asking first where it asks), else at once."""
        if copies and self._has_text_to_copy():
            raise SkipAction()  # the text box's or the screen's own Ctrl+C: copy
        for screen in reversed(self.screen_stack):
            if isinstance(screen, ConfirmScreen) and screen.quits:
                self.exit()  # asked already: pressed again, it quits
                return
            for action in self.ASKING_QUITS:
                if screen.check_action(action, ()) is not False and hasattr(
                    screen, f"action_{action}"
                ):
                    await self.run_action(action, screen)
                    return
        self.exit()

    def _has_text_to_copy(self) -> bool:
        focused = self.focused
        if isinstance(focused, Input):
            return bool(focused.selected_text)
        return bool(self.screen.get_selected_text())

    def action_resume(self, match_id: str = "") -> None:
        """Continue an unfinished match (by default the most recently played) where it stopped."""
        problems = self.refresh_saves()
        entry = self.saves.find(match_id) if match_id else next(iter(self.saves.entries), None)
        if entry is None:
            missing = (
                _("There is no unfinished match {id} to resume.").format(id=match_id)
                if match_id
                else _("There is no saved match to resume: start a new one.")
            )
            said = (self.first_message, *problems, missing)
            self.show_or_replace_new_table("\n".join(m for m in said if m))
            self.first_message = ""
            return
        try:
            lock = self.lock_for(entry.path)
        except (storage.SaveInUseError, storage.LockFolderError) as exc:
            # Said on the new-table screen, the match untouched (a lock folder that cannot
            # be made ended the app in a traceback).
            self.show_or_replace_new_table(str(exc))
            return
        if lock is not self.lock:
            self.release_lock()
            self.lock = lock
        self.save_path = entry.path
        self.session = Session.resume(entry.saved, entry.path, record_stats=self.remember)
        if self.fixed_delay is None:
            self.fixed_delay = self.session.bot_delay  # the match's own pace, if it had one
        else:
            self.session.bot_delay = self.fixed_delay  # --bot-delay on resume: its pace now
        # This table's options, for a new match after it: not remembered.
        self.settings = table_of(self.session, self.settings)
        self.switch_or_push(self.table_screen(self.session))
        self.call_after_refresh(self.show_resumed_status)
        self.tell("\n".join(m for m in (self.first_message, *problems) if m))

    def show_resumed_status(self) -> None:
        """Say the match was resumed and what the player on screen does now, in this phase."""
        from okey_tui.ui.screens.table import TableScreen
        from okey_tui.ui.widgets.board import lay_when

        if in_browser() and self.session is not None:
            # okey101 web brings a visitor who reloads, or starts again after quitting, back
            # to the match saved during their visit: a match resumed and left with no move
            # counts as played now (they came back to the new-table screen).
            self.session.autosave()
        screen = self.screen
        if not isinstance(screen, TableScreen):
            return
        if screen.my_turn and not screen.hidden:
            # Where the person had left the cursor, when the save kept it (a single seat's
            # table: a hot-seat person's comes back as the terminal passes to them).
            kept = self.session is not None and screen.table.seat in self.session.saved_cursors
            screen.mark_taken_new(keep_cursor=kept)
            if not screen.restage_kept():
                screen.set_status(_("Match resumed.") + " " + screen.turn_hint())
            elif screen.staging.reached(screen.view) and lay_when(screen.view) == "now":
                # What the staged melds wait for ("open if you can (o)" was said of them).
                screen.set_status(
                    _("Match resumed with the melds you had staged.")
                    + " "
                    + _("Enter lays them down, Esc puts them back")
                )
            else:
                screen.set_status(
                    _("Match resumed with the melds you had staged.") + " " + screen.turn_hint()
                )
        elif not screen.table.hand_over and screen.hidden:
            screen.set_status(_("Match resumed."))
        elif not screen.table.hand_over:
            # Who plays now: "Match resumed." alone stayed on through the bots' turns, and
            # at a slow pace the table looked stuck.
            table = screen.table
            screen.set_status(
                _("Match resumed: {player} is playing").format(
                    player=table.seats()[table.turn].name
                )
            )

    def lock_for(self, path: Path) -> storage.MatchLock:
        if self.lock is not None and self.lock.path == path:
            return self.lock
        return storage.MatchLock(path)

    def show_or_replace_new_table(self, message: str) -> None:
        from okey_tui.ui.screens.setup import NewTableScreen

        if isinstance(self.screen, NewTableScreen):
            self.screen.show_message(message)
            self.screen.show_saves(self.saves.entries)
            self.screen.refresh_bindings()
        else:
            self.show_new_table(message)

    def remember_choices(self, settings: TableSettings) -> str:
        """The new-table screen's choices, kept for next time (not for throwaway tables).
        A pace left as ``--bot-delay`` set it is for this match only: not kept. Why they
        were not kept, or ""."""
        if self.fixed_delay is not None and settings.bot_delay == self.bot_delay:
            settings = settings.with_changes(bot_delay=load_settings().bot_delay)
        if not self.remember:
            return ""
        unsaved = save_settings(settings)
        return _("Your choices were not remembered: {why}").format(why=unsaved) if unsaved else ""

    def start_chosen(self, settings: TableSettings | None) -> None:
        """The new-table screen's choice: remembered for next time, then played.

        With ``--bot-delay``, the pace on the screen is played: the flag's, unless changed
        there (a change on the screen was shown, then ignored)."""
        unsaved = ""
        if settings is not None:
            # Not kept (the settings file not writable): said on the table, not dropped.
            unsaved = self.remember_choices(settings)
            # The flag's pace left as it was stays the match's own, saved with it for a
            # resume (dropped here, the save had none: resumed at the remembered pace).
            # A pace chosen there is the remembered one now, followed as it is.
            if settings.bot_delay != self.bot_delay:
                self.fixed_delay = None
        self.start(settings)
        if unsaved:
            self.tell(unsaved)

    def start(self, settings: TableSettings | None) -> None:
        if settings is None:
            self.exit()
            return
        self.settings = settings
        self.apply_theme()
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        self.session = Session(
            settings.rules(),
            seed,
            settings.name,
            settings.bots,
            expert_budget_ms=float(settings.expert_budget_ms),
        )
        configure_table(self.session, settings)
        self.session.tips = settings.tips
        self.session.record_stats = self.remember
        self.session.bot_delay = self.fixed_delay  # a pace of its own, played again on resume
        self.release_lock()
        kept = self.other_saves()
        self.save_path = None  # the last match's, if any: this one's once it has one
        if self.remember:
            self.session.fresh = True
            try:
                self.session.save_path = self.claim_save_path()
            except OSError as exc:  # no saves folder can be made (a file in its place)
                self.session.not_saved(os_problem(exc))  # played all the same, and told so
                self.session.claim_save = self.retry_save_path  # and saved once it can be
            else:
                self.session.autosave()
        screen = self.table_screen(self.session)
        self.switch_or_push(screen)
        self.call_after_refresh(self.tell_table_news, screen)
        if kept:
            self.call_after_refresh(self.tell_saves_kept, kept)

    def claim_save_path(self) -> Path:
        """A save of the new match's own, locked for this okey101 (no other match is ever
        overwritten); ``OSError`` when the saves folder cannot be made or locked."""
        path = storage.new_save_path()
        self.lock = storage.MatchLock(path)
        self.save_path = path
        return path

    def retry_save_path(self) -> Path | None:
        """:meth:`claim_save_path` again, as the match goes on (None while it still fails)."""
        try:
            return self.claim_save_path()
        except OSError:
            return None

    def other_saves(self) -> int:
        """How many unfinished matches there are as a new one starts (counted the first
        time only: the players are told once that they are kept)."""
        if not self.remember or self.told_saves_kept:
            return 0
        problems = self.refresh_saves()  # with flags, the new-table screen did not read them
        if problems:
            self.notify("\n".join(problems), severity="warning", timeout=30, markup=False)
        return len(self.saves.entries)

    def tell_saves_kept(self, count: int) -> None:
        """Say once, as a new match starts, that the unfinished ones are kept and how to
        get back to them: the first line of the table's log, where it covers nothing (a
        note in the corner covered the seat across and the log for ten seconds, and at a
        shared terminal came again over the privacy screen and after Enter). Only where
        the log is out of sight (a small terminal) and the table is someone's to see, a
        short note as well, gone in a few seconds; the table's own line (whose turn it
        is, what to press) is left as it is."""
        from rich.text import Text

        from okey_tui.ui.screens.table import TableScreen

        self.told_saves_kept = True
        if in_browser():  # okey101 web: no command to type there
            said = ngettext(
                "Your other unfinished match is kept: the new-table screen lists it.",
                "Your {n} other unfinished matches are kept: the new-table screen lists them.",
                count,
            )
        else:
            said = ngettext(
                "Your other unfinished match is kept: okey101 play lists it to resume.",
                "Your {n} other unfinished matches are kept: okey101 play lists them to resume.",
                count,
            )
        said = said.format(n=count)
        screen = self.screen_stack[-1] if self.screen_stack else None
        tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        if not tables:
            self.notify(said, timeout=SAVES_KEPT_NOTE_S, markup=False)
            return
        table = tables[-1]
        in_sight = screen is table and not table.hidden and not table.log_shown()
        match = table.table
        hand = match.hand_number
        # For the first hand only: the next hand's log starts afresh without it. First
        # in the log: at full pace the bots' first moves were written before it, and it
        # came in between two of them.
        table.game_log.pin(Text(said, "dim"), lambda: match.hand_number == hand)
        table.rebuild_log()
        table.render_all()
        if in_sight:
            self.notify(said, timeout=SAVES_KEPT_NOTE_S, markup=False)

    def tell_table_news(self, screen: Screen[None]) -> None:
        """What the table found wrong as it opened (the match cannot be saved), told on it."""
        from okey_tui.ui.screens.table import TableScreen

        if isinstance(screen, TableScreen) and screen.is_current:
            screen.tell_table_news()

    def leave_note(self) -> str | None:
        """What the terminal keeps once the game closes: how to go on with the match left
        unfinished (None without one), or that its last moves could not be saved."""
        from okey_tui.ui.local_table import leave_note

        if self.session is None:
            return None
        return self.session.unsaved_note() or leave_note(self.session)

    def table_screen(self, session: Session) -> Screen[None]:
        """The table screen at this match, played in this process."""
        from okey_tui.ui.local_table import LocalTable
        from okey_tui.ui.screens.table import TableScreen

        table = LocalTable(session, self.bot_delay, undo=session.practice)
        return TableScreen(
            table, practice=session.practice, tips=session.tips, tips_shown=session.tips_shown
        )

    def switch_or_push(self, screen: object) -> None:
        from textual.screen import Screen

        assert isinstance(screen, Screen)
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def match_dealt(self, old: Screen[Any]) -> None:
        """The table under ``old`` (a table screen) dealt another match (a network table's
        people played again): the app gives it a screen of its own. A table at this
        terminal deals no match by itself (new_match opens it anew)."""

    def new_match(self) -> None:
        """After a match: the same table, a fresh seed (or the next one, when seeded)."""
        if self.seed is not None:
            self.seed += 1
        self.start(self.settings)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int | None = None, height: int | None = None) -> None:
        if width is None or height is None:
            width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        # Under the quit question q asked there: shown once, not again over the question.
        below = any(isinstance(screen, TooSmallScreen) for screen in self.screen_stack)
        if small and not below:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()
            # The screens under the notice (a dialog, and the table behind it) kept the
            # layout of a size they last had: at 80x24 the wide layout showed behind the
            # help. Styled again for this size.
            self.call_after_refresh(self.restyle_screens)
        elif not small and below:
            # Grown under the quit question q asked on the notice: the notice goes now
            # (it stayed behind the question, "The terminal is 79×24").
            self.call_later(self.drop_small_notice)
        self.set_class(height < 34 or width < 110, "-compact")
        # A short terminal: a first-hand tip loses its frame, so the table's middle row
        # keeps the indicator and the okey in sight beside it.
        short = height < 30
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            from okey_tui.ui.screens.table import TableScreen

            for screen in self.screen_stack:  # a tip in its fewer words there, or in full
                if isinstance(screen, TableScreen):
                    screen.practice.reword_tip()
        # Below 100 columns the log has no column of its own: l shows it over the table.
        self.set_class(width < 100, "-narrow")
        # Room for the hints and the log side by side, the table at its own size beside
        # them (at 200x50 the hints took the log's place and squeezed the seats' panels).
        self.set_class(width >= ROOMY_WIDTH, "-roomy")

    def restyle_screens(self) -> None:
        for screen in self.screen_stack:
            if screen.is_attached:
                screen.update_node_styles(animate=False)

    async def drop_small_notice(self) -> None:
        """The notice of a terminal too small goes from under the quit question once the
        window is big enough: the question is asked again over the game, as q asks it
        there."""
        stack = self.screen_stack
        notice = next((s for s in stack if isinstance(s, TooSmallScreen)), None)
        width, height = self.size
        if notice is None or width < MIN_WIDTH or height < MIN_HEIGHT:
            return
        above = stack[stack.index(notice) + 1 :]
        if not above or not all(isinstance(s, ConfirmScreen) and s.quits for s in above):
            return  # it goes when the screen over it does
        # All off the stack at once: the notice, back on top for a moment, would pop
        # itself as well (its resume checks the size).
        popped = [self.pop_screen() for _screen in (*above, notice)]
        for done in popped:
            await done
        await self.action_quit_here()


def make_app(
    *,
    settings: TableSettings | None = None,
    ask: bool | None = None,
    seed: int | None = None,
    bot_delay: float | None = None,
    remember: bool = True,
    resume: bool | str = False,
    lock: storage.MatchLock | None = None,
    message: str = "",
) -> OkeyApp:
    """The app as ``okey101 play`` runs it. ``settings=None`` loads the remembered choices.

    ``ask`` shows the new-table screen first (default: when no settings are given).
    """
    if ask is None:
        ask = settings is None
    if settings is None:
        settings = load_settings()
    return OkeyApp(
        settings,
        ask=ask,
        seed=seed,
        bot_delay=bot_delay,
        remember=remember,
        resume=resume,
        lock=lock,
        message=message,
    )


def table_of(session: Session, base: TableSettings) -> TableSettings:
    """The table settings a resumed match was started with (look and pace stay ``base``'s)."""
    rules = session.rules
    humans = session.humans
    return base.with_changes(
        game_type=rules.game_type.value,
        penalties=rules.penalties,
        partners=rules.partners,
        hands=rules.hands,
        finisher_scores_zero=rules.finisher_scores_zero,
        pairs_opener_lays_off=rules.pairs_opener_lays_off,
        finish_opening_needs_floor=rules.finish_opening_needs_floor,
        give_back_penalty=rules.give_back_penalty,
        bots=session.levels,
        name=session.name,
        humans=len(humans),
        human_names=session.human_names,
        humans_partners=humans != (0, 1),
        practice=session.practice,
        tips=session.tips,
    ).checked()
