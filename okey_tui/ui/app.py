"""The okey101 Textual app and the one factory that builds it for the CLI and the tests."""

from __future__ import annotations

import random
from pathlib import Path

from textual import events
from textual.app import App

from okey_tui import storage
from okey_tui.hotseat import configure as configure_table
from okey_tui.settings import TableSettings, load_settings, save_settings
from okey_tui.ui.screens.dialogs import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from okey_tui.ui.session import Session


class OkeyApp(App[None]):
    """Starts at the new-table screen unless the table is already chosen."""

    CSS_PATH = "okey.tcss"
    TITLE = "okey101"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        settings: TableSettings | None = None,
        *,
        ask: bool = True,
        seed: int | None = None,
        bot_delay: float | None = None,
        remember: bool = True,
        resume: bool = False,
    ) -> None:
        super().__init__()
        self.settings = (settings or TableSettings()).checked()
        self.ask = ask
        self.seed = seed
        self.fixed_delay = bot_delay
        self.remember = remember
        self.resume_first = resume
        self.session: Session | None = None
        # Autosave and statistics belong to real play, not to throwaway tables.
        self.save_path: Path | None = storage.default_save_path() if remember else None

    @property
    def colour_blind(self) -> bool:
        return self.settings.colour_blind

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_delay if self.fixed_delay is None else max(0.0, self.fixed_delay)

    def on_mount(self) -> None:
        self.apply_theme()
        if self.resume_first:
            self.action_resume()
        elif self.ask:
            self.show_new_table()
        else:
            self.start(self.settings)
        self.check_size()

    def remember_colour_blind(self, on: bool) -> None:
        self.settings = self.settings.with_changes(colour_blind=on)
        if self.remember:
            save_settings(self.settings)

    def apply_theme(self) -> None:
        self.set_class(self.settings.theme == "dark", "-theme-dark")

    def saved_match_label(self) -> str | None:
        """A line about the saved match, if there is one to resume."""
        if self.save_path is None or not self.save_path.exists():
            return None
        return "A saved match is waiting: press r to resume it"

    def show_new_table(self, message: str = "") -> None:
        from okey_tui.ui.screens.setup import NewTableScreen

        screen = NewTableScreen(self.settings, self.saved_match_label(), message)
        self.push_screen(screen, self.start)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.saved_match_label() is not None and self.session is None
        return True

    def action_resume(self) -> None:
        """Continue the saved match exactly where it stopped."""
        from okey_tui.ui.screens.table import TableScreen

        try:
            saved = storage.load(self.save_path)
        except storage.SaveError as exc:
            self.show_or_replace_new_table(str(exc))
            return
        if saved is None:
            self.show_or_replace_new_table("There is no saved match to resume: start a new one.")
            return
        self.session = Session.resume(saved, self.save_path, record_stats=self.remember)
        self.switch_or_push(TableScreen(self.session, self.bot_delay))

    def show_or_replace_new_table(self, message: str) -> None:
        from okey_tui.ui.screens.setup import NewTableScreen

        if isinstance(self.screen, NewTableScreen):
            self.screen.show_message(message)
            self.screen.refresh_bindings()
        else:
            self.show_new_table(message)

    def start(self, settings: TableSettings | None) -> None:
        from okey_tui.ui.screens.table import TableScreen

        if settings is None:
            self.exit()
            return
        self.settings = settings
        self.apply_theme()
        if self.remember:
            save_settings(settings)
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        self.session = Session(settings.rules(), seed, settings.name, settings.bots)
        configure_table(self.session, settings)
        self.session.save_path = self.save_path
        self.session.record_stats = self.remember
        self.session.autosave()
        self.switch_or_push(TableScreen(self.session, self.bot_delay))

    def switch_or_push(self, screen: object) -> None:
        from textual.screen import Screen

        assert isinstance(screen, Screen)
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

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
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()
        self.set_class(height < 34 or width < 110, "-compact")
        # Below 100 columns the log has no column of its own: l shows it over the table.
        self.set_class(width < 100, "-narrow")


def make_app(
    *,
    settings: TableSettings | None = None,
    ask: bool | None = None,
    seed: int | None = None,
    bot_delay: float | None = None,
    remember: bool = True,
    resume: bool = False,
) -> OkeyApp:
    """The app as ``okey101 play`` runs it. ``settings=None`` loads the remembered choices.

    ``ask`` shows the new-table screen first (default: when no settings are given).
    """
    if ask is None:
        ask = settings is None
    if settings is None:
        settings = load_settings()
    return OkeyApp(
        settings, ask=ask, seed=seed, bot_delay=bot_delay, remember=remember, resume=resume
    )
