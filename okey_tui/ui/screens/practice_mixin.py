"""What the table screen adds at a practice table and at a hot-seat table.

Practice: the hint panel (``h``), penalty confirms, undo within the turn
(``u``), a rule reference on every refusal, okeys marked on the rack, and
first-hand tips. Hot-seat: the privacy screen between two people's turns,
the racks kept apart, and a recap of what happened since a player's last turn.

The logic lives in :mod:`okey_tui.practice` and :mod:`okey_tui.hotseat`; this
mixin only wires it to the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import RichLog

from okey_tui.engine.actions import Action
from okey_tui.engine.errors import OkeyError
from okey_tui.hotseat import next_human
from okey_tui.practice import TurnUndo, hint_for, penalty_warning, why
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.tips import Walkthrough
from okey_tui.ui.widgets.board import PilePanel, PlayerPanel, event_line
from okey_tui.ui.widgets.hints import HintPanel
from okey_tui.ui.widgets.rack import RackWidget

if TYPE_CHECKING:
    from okey_tui.ui.session import Session

PRACTICE_KEYS = {"hints", "undo"}
# Events worth telling a returning player about (their own draws never show a tile).
RECAP_KINDS = {
    "deal",
    "draw",
    "take",
    "giveback",
    "discard",
    "open",
    "lay",
    "add",
    "swap",
    "takeback",
    "penalty",
    "pairs",
    "empty",
}


class PracticeMixin:
    """Mixed into :class:`~okey_tui.ui.screens.table.TableScreen`."""

    session: Session
    rack: RackLayout
    _logged: int

    if TYPE_CHECKING:
        app: Any

        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def query(self, selector: Any = None) -> Any: ...
        def set_status(self, message: str, error: bool = False) -> None: ...
        def changed(self) -> None: ...
        def render_all(self) -> None: ...
        def refresh_bindings(self) -> None: ...
        def notify(self, message: str, **kwargs: Any) -> None: ...

    def init_practice(self) -> None:
        self.undo = TurnUndo()
        settings = getattr(self.app, "settings", None)
        tips = bool(getattr(settings, "tips", True))
        # The session keeps the tips shown, so a resumed match does not give them again.
        self.walkthrough = Walkthrough(
            enabled=self.session.practice and tips, shown=self.session.tips_shown
        )
        self.mark_okeys = self.session.practice or bool(getattr(settings, "mark_okeys", False))
        self.hints_on = False
        self.hidden = False  # hot-seat: the racks are hidden while the terminal changes hands
        self.seen_upto: dict[int, int] = {}
        self.seat_layouts: dict[int, RackLayout] = {}
        self.tips_waiting: list[str] = []
        self.tip_shown: str | None = None

    # -- who sits at the screen ---------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return len(self.session.humans) > 1

    def place_panels(self) -> None:
        """The viewer always sits at the bottom: turn the seats around them."""
        viewer = self.session.viewer
        for panel in self.query(PlayerPanel):
            panel.seat = (int(str(panel.id).rsplit("-", 1)[1]) + viewer) % 4
        for pile in self.query(PilePanel):
            pile.seat = (int(str(pile.id).rsplit("-", 1)[1]) + viewer) % 4

    def rebuild_log(self) -> None:
        """Write the log again from the start, as the viewer may see it."""
        self.query_one("#log", RichLog).clear()
        self._logged = 0

    def hide_racks(self) -> None:
        self.hidden = True
        self.app.clear_notifications()
        self.tips_waiting.clear()  # a tip may speak of the rack being hidden
        self.action_next_tip()
        self.query_one(RackWidget).show(RackLayout(), self.session.hand.okey, -1, set(), False)

    def recap(self, seat: int) -> Text:
        """What everyone did since ``seat`` last had the screen: public events only."""
        session = self.session
        view = session.view(seat)
        text = Text()
        for event in session.events[self.seen_upto.get(seat, 0) :]:
            if event.kind not in RECAP_KINDS or (event.kind == "draw" and event.seat == seat):
                continue
            if text:
                text.append("\n")
            text.append_text(event_line(session, event, view))
        return text

    def pass_to(self, seat: int, then: Callable[[], None] | None = None, new: bool = False) -> None:
        """Hide every rack and ask for the terminal to go to ``seat`` (``new``: a new hand)."""
        from okey_tui.ui.screens.privacy import PrivacyScreen

        session = self.session
        if not new:
            self.seen_upto[session.viewer] = len(session.events)
            self.seat_layouts[session.viewer] = self.rack
        self.hide_racks()
        name = session.seat_name(seat)
        screen = PrivacyScreen(f"Pass to {name} — press Enter when ready", self.recap(seat))

        def ready(_: object = None) -> None:
            self.take_seat(seat)
            if then is not None:
                then()

        self.app.push_screen(screen, ready)

    def take_seat(self, seat: int) -> None:
        session = self.session
        session.viewer = seat
        self.hidden = False
        self.rack = self.seat_layouts.pop(seat) if seat in self.seat_layouts else RackLayout()
        self.staging.clear()  # type: ignore[attr-defined]
        self.selected.clear()  # type: ignore[attr-defined]
        self.fresh.clear()  # type: ignore[attr-defined]
        self.cursor = 0
        self.undo.clear()
        self.rebuild_log()
        self.set_status(
            f"{session.seat_name(seat)}, it is your turn" if session.human_to_play else ""
        )
        self.changed()

    def hand_over_if_needed(self) -> bool:
        """Hot-seat: when another person's turn has come, pass the terminal first."""
        session = self.session
        if not self.hotseat or not session.human_to_play or session.hand.turn == session.viewer:
            return False
        if self.hidden:
            return True
        self.pass_to(session.hand.turn)
        return True

    def practice_new_hand(self) -> bool:
        """At a new hand: forget the turn's steps; hot-seat passes to the first person to play."""
        self.undo.clear()
        self.seen_upto = {}
        self.seat_layouts = {}
        if not self.hotseat:
            return False
        first = next_human(self.session.humans, self.session.hand.turn)
        self.pass_to(first, new=True)
        self.session.viewer = first
        return True

    def before_summary(self, show: Callable[[], None]) -> None:
        """Hot-seat: hide the last rack before the hand summary shows everyone's tiles."""
        if not self.hotseat:
            show()
            return
        from okey_tui.ui.screens.privacy import PrivacyScreen

        self.hide_racks()
        self.app.push_screen(
            PrivacyScreen(
                "The hand is over — press Enter to see the hand summary",
                note="The summary shows the tiles left in every rack, as at a real table.",
            ),
            lambda _=None: show(),
        )

    # -- practice ------------------------------------------------------------------------
    def practice_refusal(self, action: str) -> str:
        """Why ``h`` or ``u`` does nothing now."""
        if not self.session.practice:
            what = "Hints" if action == "hints" else "Undo"
            return f"{what}: only at a practice table (okey101 play --practice)"
        return "Nothing of yours to undo this turn"

    def practice_allowed(self, action: str) -> bool | None:
        if not self.session.practice:
            return False
        if action == "undo":
            return True if self.undo.can_undo(self.session.hand) else None
        return True

    def error_text(self, exc: OkeyError) -> str:
        return why(exc) if self.session.practice else str(exc)

    def record_step(self, action: Action, applied: bool | None) -> None:
        """Undo bookkeeping around an action: ``None`` before it, then whether it applied."""
        if not self.session.practice:
            return
        if applied is None:
            self.undo.before(self.session.hand, action)
        else:
            self.undo.after(self.session.hand, action, applied)

    def confirm_penalty(
        self, action: Action, then: Callable[[], object], always: bool = False
    ) -> bool:
        """Ask before an action that costs points: at a practice table, or at every table
        with ``always``. True if it asked."""
        if not (self.session.practice or always) or not self.session.human_to_play:
            return False
        warning = penalty_warning(self.session.view(), action)
        if warning is None:
            return False
        from okey_tui.ui.screens.dialogs import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                then()
            else:
                self.set_status("Nothing done: no penalty")

        self.app.push_screen(ConfirmScreen(f"{warning}\n\nDo it anyway?"), answer)
        return True

    def action_undo(self) -> None:
        hand = self.session.hand
        label = self.undo.undo(hand)
        if label is None:
            self.set_status("Nothing of yours to undo this turn", error=True)
            return
        self.staging.clear()  # type: ignore[attr-defined]
        self.selected.clear()  # type: ignore[attr-defined]
        self.rebuild_log()
        self.session.autosave()
        self.set_status(f"Undone: {label}")
        self.changed()

    def action_hints(self) -> None:
        self.hints_on = not self.hints_on
        self.query_one("#main").set_class(self.hints_on, "-hints")
        self.render_hints()
        self.set_status("Hints shown: h hides them" if self.hints_on else "Hints hidden")

    def action_mark_okeys(self) -> None:
        self.mark_okeys = not self.mark_okeys
        self.set_status("Okeys marked on the rack" if self.mark_okeys else "Okey marks off")
        self.render_all()

    def render_hints(self) -> None:
        if not self.hints_on or self.hidden:
            return
        self.query_one(HintPanel).show(hint_for(self.session.view()))

    def show_tips(self) -> None:
        session = self.session
        if not session.human_to_play or session.hand.turn != session.viewer or self.hidden:
            return
        self.tips_waiting += self.walkthrough.due(session.view())
        if self.tip_shown is None:
            self.action_next_tip()

    def action_next_tip(self) -> None:
        """Tips show one at a time in the table's middle row (never the rack, piles or log)."""
        box = self.query_one("#tip")
        self.tip_shown = self.tips_waiting.pop(0) if self.tips_waiting else None
        box.set_class(self.tip_shown is not None, "-shown")
        if self.tip_shown is not None:
            more = f" · {len(self.tips_waiting)} more" if self.tips_waiting else ""
            box.border_title = "Tip"
            box.border_subtitle = f"n: got it{more}"
            box.update(self.tip_shown)
        self.refresh_bindings()
