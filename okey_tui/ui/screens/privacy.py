"""Hot-seat: the screen that hides every rack while the terminal changes hands."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from okey_tui.i18n import N_, _
from okey_tui.ui.translate import translate_bindings
from okey_tui.ui.widgets.board import scroll_note
from okey_tui.ui.widgets.keybar import KeyBar
from okey_tui.ui.widgets.steady import set_subtitle

# Seconds the pass screen lets pass before Enter shows the next person's rack: an Enter
# typed by the person who just played (out of habit, Enter lays melds down) showed it to
# them from 0.6 s on.
PASS_GUARD = 1.0


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
        self._shown_at = time.monotonic()
        self._recap_rows: int | None = None  # the rows the recap's box was last fitted to

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
        # The table's key bar: under the quit question (q) it shows the question's keys
        # (a footer went on saying "⏎ Ready  q Quit" while only y and n answered).
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()
        if not self.app.is_running:
            return  # the app closing as the screen is built: its widgets are gone
        # Enter greyed in the key bar while it does nothing (an Enter in that second went
        # unanswered, with no sign why), then shown as ready.
        if PASS_GUARD > 0:  # (a timer of no time is refused)
            self.set_timer(PASS_GUARD, self.refresh_bindings)
        if self._recap_parts is not None:
            box = self._recap_parts[1]
            # The frame's foot says what the box hides, as the box scrolls or grows; grown
            # (the bots played on), it shows its newest lines once they are laid out.
            self.watch(box, "scroll_y", self._say_if_more, init=False)
            self.watch(box, "virtual_size", self._grown, init=False)
        self._show_latest()

    def _grown(self) -> None:
        if self._recap_parts is not None:
            self._recap_parts[1].scroll_end(animate=False, immediate=True)
        self._say_if_more()

    def on_resize(self) -> None:
        self._show_latest()

    def _show_latest(self) -> None:
        """The recap's newest lines in sight: on a small terminal its box scrolls, and the
        last lines (the tile on offer now) matter most. Once the screen is laid out (the
        room the box has depends on how the lines above it wrap), the box is fitted to
        that room, then scrolled to its end once laid out at that height."""
        if self._recap_parts is not None:
            self.call_after_refresh(self._fit_recap)

    def _fit_recap(self) -> None:
        """Bound the recap's box by the room the frame leaves it.

        The frame (``#privacy``) grows with its lines up to its ``max-height``; a box in
        it with ``height: auto`` does not know that bound, so a recap taller than the room
        made the box as tall as its lines, the frame cut its bottom off, and the box,
        showing all its lines as far as it knew, had nothing to scroll: the newest lines
        were out of sight and no key brought them. The box's ``max-height`` is set here
        to the rows the frame has below the lines above it (the stylesheet's own
        ``max-height`` of the box stays the upper bound)."""
        if self._recap_parts is None or not self.is_attached:
            return
        box = self._recap_parts[1]
        frame = self.query_one("#privacy", Vertical)
        cap = box.styles.base.max_height  # the stylesheet's
        rows = int(cap.resolve(self.size, self.app.size)) if cap is not None else None
        limit = frame.styles.max_height
        if limit is not None and box.display:
            # The frame is laid out in the screen's area above its footer.
            footer = self.query_one(KeyBar)
            free = self.size.height - (footer.outer_size.height if footer.display else 0)
            outer = int(limit.resolve(Size(self.size.width, free), self.app.size))
            above = box.region.y - frame.content_region.y  # title, note, heading
            room = outer - frame.styles.gutter.height - above - box.styles.margin.bottom
            room = max(1, room)
            rows = room if rows is None else min(rows, room)
        if rows != self._recap_rows:
            self._recap_rows = rows
            box.styles.max_height = rows
        self.call_after_refresh(box.scroll_end, animate=False, immediate=True)
        self.call_after_refresh(self._say_if_more)

    def _say_if_more(self) -> None:
        """When the recap does not all fit, the frame's foot says how many of its lines
        lie above and below what shows, and the keys that scroll them."""
        if self._recap_parts is None or not self.is_attached:
            return
        box = self._recap_parts[1]
        said = scroll_note(box.scroll_y, box.max_scroll_y) if box.display else ""
        set_subtitle(self.query_one("#privacy", Vertical), said)

    def show_recap(self, recap: Text) -> None:
        """The table moved while the screen was up (the bots playing before a hand's first
        person): the recap as it stands now."""
        self.recap = recap
        if self._recap_parts is not None:  # else compose, still to come, shows ``recap``
            label, box, lines = self._recap_parts
            label.display = box.display = bool(recap.plain.strip())
            lines.update(recap)
            if box.display and self.focused is None:
                box.focus()  # ↑ ↓ PgUp PgDn scroll it (it was hidden: nothing had the focus)
            self._show_latest()

    def guarded(self) -> bool:
        """Whether the screen came up too lately for an Enter to be the next player's."""
        return time.monotonic() - self._shown_at < PASS_GUARD

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ready" and self.guarded():
            return None  # greyed: the last player's key, not the next one's
        return True

    def action_ready(self) -> None:
        if self.guarded():
            return  # the last player's key, not the next one's
        self.dismiss(None)
