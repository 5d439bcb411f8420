"""Hot-seat: the screen that hides every rack while the terminal changes hands."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from okey_tui.i18n import N_, _
from okey_tui.ui.translate import translate_bindings


class PrivacyScreen(Screen[None]):
    """A whole screen, so nothing of the table behind it is drawn. Enter dismisses it.

    ``recap`` lists what the others did since the incoming player's last turn
    (``first``: since the hand began, as this is their first turn in it): only
    what everybody saw (draws from the middle show no tile).
    """

    # q quits as it does at the table (the question behind this screen: the match is saved).
    BINDINGS = [
        Binding("enter", "ready", N_("Ready"), priority=True),
        Binding("q", "app.quit_here", N_("Quit")),
    ]

    def __init__(
        self,
        title: str,
        recap: Text | None = None,
        note: str = "",
        first: bool = False,
        hand: str = "",
    ) -> None:
        super().__init__(classes="privacy-screen")
        translate_bindings(self)
        self.title_text = title
        self.hand = hand  # "Hand 2/3": which hand the recap is of
        self.recap = recap
        self.note = note
        self.first = first
        self._recap_parts: tuple[Static, VerticalScroll, Static] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            # A name is text, never markup ("Ali [/b]").
            yield Static(self.title_text, id="privacy-title", markup=False)
            yield Static(
                self.note or _("Every rack is hidden. Only the player named above should look."),
                id="privacy-note",
                markup=False,
            )
            if self.recap is not None:
                heading = _("This hand so far") if self.first else _("Since your last turn")
                if self.hand:
                    heading = f"{self.hand} · {heading}"
                # Kept, so that show_recap can change them once they are made.
                self._recap_parts = (
                    Static(heading, classes="field-label"),
                    VerticalScroll(id="privacy-recap"),
                    Static(self.recap),
                )
                label, box, lines = self._recap_parts
                label.display = box.display = bool(self.recap.plain.strip())
                yield label
                with box:
                    yield lines
        yield Footer()

    def on_mount(self) -> None:
        self._show_latest()

    def _show_latest(self) -> None:
        """The recap's newest lines in sight: on a small terminal its box scrolls, and the
        last lines (the tile on offer now) matter most."""
        if self._recap_parts is not None:
            box = self._recap_parts[1]
            self.call_after_refresh(box.scroll_end, animate=False, immediate=True)

    def show_recap(self, recap: Text) -> None:
        """The table moved while the screen was up (the bots playing before a hand's first
        person): the recap as it stands now."""
        self.recap = recap
        if self._recap_parts is not None:  # else compose, still to come, shows ``recap``
            label, box, lines = self._recap_parts
            label.display = box.display = bool(recap.plain.strip())
            lines.update(recap)
            self._show_latest()

    def action_ready(self) -> None:
        self.dismiss(None)
