"""The okey101 Textual app and the one factory that builds it for the CLI and the tests."""

from __future__ import annotations

import random

from textual import events
from textual.app import App

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
        bot_delay: float = 0.6,
        remember: bool = True,
    ) -> None:
        super().__init__()
        self.settings = (settings or TableSettings()).checked()
        self.ask = ask
        self.seed = seed
        self.bot_delay = max(0.0, bot_delay)
        self.remember = remember
        self.colour_blind = self.settings.colour_blind
        self.session: Session | None = None

    def on_mount(self) -> None:
        if self.ask:
            self.show_new_table()
        else:
            self.start(self.settings)
        self.check_size()

    def show_new_table(self) -> None:
        from okey_tui.ui.screens.setup import NewTableScreen

        self.push_screen(NewTableScreen(self.settings), self.start)

    def start(self, settings: TableSettings | None) -> None:
        from okey_tui.ui.screens.table import TableScreen

        if settings is None:
            self.exit()
            return
        self.settings = settings
        if self.remember:
            save_settings(settings)
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        self.session = Session(settings.rules(), seed, settings.name, settings.bots)
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


def make_app(
    *,
    settings: TableSettings | None = None,
    ask: bool | None = None,
    seed: int | None = None,
    bot_delay: float = 0.6,
    remember: bool = True,
) -> OkeyApp:
    """The app as ``okey101 play`` runs it. ``settings=None`` loads the remembered choices.

    ``ask`` shows the new-table screen first (default: when no settings are given).
    """
    if ask is None:
        ask = settings is None
    if settings is None:
        settings = load_settings()
    return OkeyApp(settings, ask=ask, seed=seed, bot_delay=bot_delay, remember=remember)
