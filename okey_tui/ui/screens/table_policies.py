"""What a practice table and a hot-seat table add to the table screen: two policies it owns.

:class:`Practice` — the hint panel (``h``), undo within the turn (``u``, where
the table offers it), a rule reference on every refusal, okeys marked on the
rack, and first-hand tips. Its confirm before an action that costs a penalty
(a discard, a take-back, a give-back) serves every table.

:class:`HotSeat` — the privacy screen between two people's turns, each
person's rack kept apart, and a recap of what happened since a player's
last turn. Only a table in this process (:class:`LocalTable`) can be shared
by several people at one terminal.

The rules and the words live in :mod:`okey_tui.practice` and
:mod:`okey_tui.hotseat`; the policies only wire them to the screen.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from okey_tui.engine.actions import (
    Action,
    AddTile,
    Discard,
    DrawMiddle,
    Lay,
    Open,
    SwapOkey,
    TakeDiscard,
)
from okey_tui.engine.errors import RULE_SECTIONS
from okey_tui.engine.melds import Meld, MeldKind, is_wild
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, is_pairs_only
from okey_tui.hotseat import next_human, since_last_turn, turn_so_far
from okey_tui.i18n import _, current_language, ngettext, possessive, to_name
from okey_tui.messages import meld_text, rule_section, tile_text
from okey_tui.practice import Hint, hint_for, penalty_question, penalty_warning
from okey_tui.table import ActionRefused
from okey_tui.ui.local_table import LocalTable
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.tips import Tip, Walkthrough, expert_waits
from okey_tui.ui.widgets.board import MeldsView, event_line
from okey_tui.ui.widgets.hints import HintPanel
from okey_tui.ui.widgets.rack import RackWidget

if TYPE_CHECKING:
    from okey_tui.ui.screens.privacy import PrivacyScreen
    from okey_tui.ui.screens.table import TableScreen

PRACTICE_KEYS = {"hints", "scroll_hints", "undo", "hint_tile"}
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


def refusal_text(refused: ActionRefused, with_rule: bool) -> str:
    """The table's refusal for the player, with the rule it enforces at a practice table."""
    message = refused.text()
    if with_rule and refused.rule is not None and refused.rule in RULE_SECTIONS:
        return f"{message} ({rule_section(refused.rule)})"
    return message


class Practice:
    """Hints, undo, rule references, okey marks and tips; the confirm before a penalty (every table)."""

    def __init__(
        self,
        screen: TableScreen,
        on: bool,
        tips: bool = True,
        tips_shown: set[tuple[int, str]] | None = None,
        mark_okeys: bool = False,
    ) -> None:
        self.screen = screen
        self.on = on
        # The tips already shown live with the match, so a resumed match does not repeat them.
        self.walkthrough = Walkthrough(
            enabled=on and tips, shown=tips_shown if tips_shown is not None else set()
        )
        self.mark_okeys = on or mark_okeys
        self.hints_on = False
        self.tips_waiting: list[Tip] = []
        self.tip: Tip | None = None
        # The tip is out of sight while staged melds need its rows (it comes back after).
        self.tip_aside = False
        self._hint: tuple[object, Hint] | None = None  # the last hint, and what it is for

    # -- keys -------------------------------------------------------------------------------
    def allowed(self, action: str) -> bool | None:
        """``h``, ``{ }``, ``e`` and ``u``: hidden off a practice table, greyed when there
        is nothing to scroll, point at or undo."""
        if not self.on:
            return False
        if action == "scroll_hints":
            return True if self.hints_on else None
        if action == "hint_tile":
            # Hidden hints are not worked out at every key: e works them out when pressed.
            return True if not self.hints_on or self.hint_tile() is not None else None
        if action == "undo":
            table = self.screen.table
            return True if isinstance(table, LocalTable) and table.can_undo else None
        return True

    def refusal(self, action: str) -> str:
        """Why ``h``, ``{ }``, ``e`` or ``u`` does nothing now."""
        if not self.on:
            if action in ("hints", "scroll_hints", "hint_tile"):
                return _("Hints: only at a practice table (okey101 play --practice)")
            return _(
                "Nothing to undo: u puts staged melds back and undoes a sort or a move of "
                "your tiles until the next move on the table (and, at a practice table, okey101 play --practice, your steps "
                "this turn)"
            )
        if action == "scroll_hints":
            return _("Hints hidden: h shows them")
        if action == "hint_tile":
            # A hint to draw or take names no tile: e said only that, not the key to press.
            screen = self.screen
            expert = self.hint_now().expert if screen.my_turn and not screen.hidden else None
            if expert is not None and isinstance(expert.action, DrawMiddle):
                return _("The hint is to draw: d draws a tile from the middle")
            if expert is not None and isinstance(expert.action, TakeDiscard):
                return _("The hint is to take the left discard: t takes it")
            return _("The hint names no tile to discard, add or lay down now")
        return self.nothing_to_undo()

    def nothing_to_undo(self) -> str:
        """What ``u`` says with no step of this turn to undo; after a draw, that a draw is
        not undone (it said only "Nothing of yours to undo this turn", as if there had
        been no draw)."""
        screen = self.screen
        events = screen.table.events
        start = turn_so_far(events, screen.view.seat) if screen.my_turn else None
        if start is not None and any(e.kind == "draw" for e in events[start:]):
            return _("A draw is not undone (its tile has been seen): nothing else of yours to undo")
        return _("Nothing of yours to undo this turn")

    def error_text(self, refused: ActionRefused) -> str:
        return refusal_text(refused, with_rule=self.on)

    def confirm(self, action: Action, then: Callable[[], object]) -> bool:
        """Ask before an action that costs points (at every table). True if it asked
        (``then`` runs on yes)."""
        screen = self.screen
        if not screen.my_turn:
            return False
        warning = penalty_warning(screen.view, action)
        if warning is None:
            return False
        from okey_tui.ui.screens.dialogs import ConfirmScreen

        async def answer(yes: bool | None) -> None:
            if not yes:
                screen.set_status(_("Nothing done: no penalty"))
                return
            result = then()
            if inspect.isawaitable(result):
                await result

        question = warning + "\n\n" + penalty_question(screen.view, action)
        screen.ask_of_turn(ConfirmScreen(question), answer)
        return True

    def undo(self) -> None:
        screen = self.screen
        table = screen.table
        label = table.undo() if isinstance(table, LocalTable) else None
        if label is None:
            screen.set_status(self.nothing_to_undo(), error=True)
            return
        screen.put_back_staged()
        screen.selected.clear()
        before = list(screen.rack.slots)
        screen.changed()
        # The log written again once the screen has caught up: rewritten before, it held
        # this seat's earlier moves and the others' after them as news, so the screen took
        # the turn for one come round again and put "Your turn: …" over the line below.
        screen.rebuild_log()
        screen.render_all()
        screen.set_status(_("Undone: {step}").format(step=label))
        # The cursor goes to the tile that came back (an add undone): the next key acts
        # on it, not on the tile the cursor happened to sit on.
        after = screen.rack.slots  # (the rack may have grown: its new slots count too)
        back = [i for i, now in enumerate(after) if now and (i >= len(before) or not before[i])]
        if back:
            screen.cursor = back[0]
            screen.render_rack()
        # The table saved the step undone before the tiles were back in their slots: the
        # rack as the player sees it now is what the match keeps.
        screen.keep_rack()

    def toggle_hints(self) -> None:
        self.show_hints(not self.hints_on)
        said = _("Hints shown: h hides them") if self.hints_on else _("Hints hidden: h shows them")
        if self.hints_on and self.screen.table.match_over:
            # No next hand to wait for: "from the next hand" promised one.
            said = _("Hints on for the next match: this one is over")
        elif self.hints_on and self.screen.table.hand_over:
            # The panel waits for the next hand (it said "shown" and showed nothing).
            said = _("Hints on: they show from the next hand (h hides them)")
        if self.screen.my_turn:  # the turn's step stays said ("Your turn: d draw …")
            said += " · " + self.screen.step_now()
        self.screen.set_status(said)

    def show_hints(self, shown: bool) -> None:
        """The hint panel shown or not; the match keeps the choice for a resume."""
        self.hints_on = shown
        self.screen.query_one("#main").set_class(shown, "-hints")
        self.render_hints()
        self.reword_tip()
        table = self.screen.table
        if isinstance(table, LocalTable):
            table.session.hints = shown

    def toggle_okey_marks(self) -> None:
        self.mark_okeys = not self.mark_okeys
        # Kept for the next tables, as c and B are (k was forgotten at each start).
        remember = getattr(self.screen.app, "remember_choice", None)
        if remember is not None:
            remember(mark_okeys=self.mark_okeys)
        if not self.mark_okeys:
            said = _("Okey marks off")
        elif any(is_wild(tile, self.screen.view.okey) for tile in self.screen.view.rack):
            said = _("Okeys marked on the rack")
        else:  # "marked" over a rack with none read as a mark missing
            said = _("Okeys marked on the rack: you hold none now")
        self.screen.set_status(said)
        self.screen.render_all()

    def hint_now(self, view: PlayerView | None = None) -> Hint:
        """The hint for the table now, worked out once for each view (and language)."""
        view = self.screen.view if view is None else view
        made_from = (view, current_language())
        if self._hint is None or self._hint[0] != made_from:
            self._hint = (made_from, hint_for(view))
        return self._hint[1]

    def hint_tile(self) -> Discard | AddTile | Open | Lay | SwapOkey | None:
        """The expert's discard, lay-off, opening, lay-down or okey swap now, if the hint
        says one (a finish's first step among them; hidden hints are worked out for it: e
        pointed nowhere while they were put away, and x then discarded the tile the cursor
        happened to be on)."""
        screen = self.screen
        if not screen.my_turn or screen.hidden:
            return None
        expert = self.hint_now().expert
        if expert is None or not isinstance(
            expert.action, Discard | AddTile | Open | Lay | SwapOkey
        ):
            return None
        return expert.action

    def cursor_to_hint(self) -> None:
        """``e``: the cursor to the tile the hint says to discard, to add to a table meld or
        to give for a meld's okey (of two copies, the one apart from the player's groups)
        and no tile selected, so that ``x`` (or ``a``, or ``w``) follows the hint; the
        melds it says to open with or lay down staged, so that Enter lays them. Staged
        melds go back to their slots first (as Esc puts them): the hint is not to lay them,
        and ``x`` is refused while melds are staged."""
        screen = self.screen
        action = self.hint_tile()
        said = []
        if action is not None and screen.staging.melds:
            screen.put_back_staged()
            screen.sync_rack()
            screen.keep_rack()
            said.append(_("The staged melds are back on the rack"))
        if isinstance(action, Open | Lay):
            if screen.stage_melds(action.melds):
                self.staged_hint(action, replaced=bool(said))
                return
            action = None
        view = screen.view
        kinds = (MeldKind.PAIR,) if is_pairs_only(view) else None
        # Of two copies, not the one in a group that makes a meld: the hint keeps the meld.
        given: Tile | None = None  # the tile the hint names: to discard, add or give
        if isinstance(action, SwapOkey):
            given = action.tiles[0]
        elif isinstance(action, Discard | AddTile):
            given = action.tile
        slot = (
            None
            if given is None
            else screen.rack.slot_of(given, apart=True, okey=view.okey, kinds=kinds)
        )
        if given is None or slot is None:
            screen.set_status(
                _("The hint names no tile to discard, add or lay down now"), error=True
            )
            return
        screen.cursor = slot
        screen.selected.clear()  # x discards a selected tile before the cursor's
        screen.render_all()
        screen.refresh_bindings()
        tile = tile_text(given, screen.view.okey)
        if isinstance(action, SwapOkey):
            # A finish's first step (or the hint's swap): w then gives it for that okey.
            screen.hint_swap = (action, len(screen.table.events))
            said.append(
                _(
                    "The cursor is on {tile}, the hint's swap: w puts it into meld {n} for its okey"
                ).format(tile=tile, n=action.target + 1)
            )
        elif isinstance(action, AddTile):
            screen.hint_add = (slot, action, len(screen.table.events))
            if action.meant is not None and is_wild(given, view.okey):
                said.append(
                    _(
                        "The cursor is on {tile}, the hint's lay-off: a adds it to meld {n} "
                        "as {meant}"
                    ).format(tile=tile, n=action.target + 1, meant=action.meant)
                )
            else:
                said.append(
                    _("The cursor is on {tile}, the hint's lay-off: a adds it to meld {n}").format(
                        tile=tile, n=action.target + 1
                    )
                )
        else:
            said.append(
                _("The cursor is on {tile}, the hint's discard: x discards it").format(tile=tile)
            )
        screen.set_status(" · ".join(said))

    def staged_hint(self, action: Open | Lay, replaced: bool = False) -> None:
        """The line once ``e`` staged the melds of the hint's opening or lay-down: which,
        and what Enter and Esc do (and, as for melds staged with o, an okey that could be
        swapped out); first, with ``replaced``, that the melds the player had staged went
        back to the rack (they went without a word)."""
        screen = self.screen
        okey = screen.view.okey
        melds = ", ".join(meld_text(meld, okey) for meld in action.melds)
        if isinstance(action, Open):
            # With its total, as o's line gives it ("Opening: 106 / 101"): the line comes
            # back to this one after a refusal, and said nothing of the points.
            line = _(
                "{melds} staged, the hint's opening ({progress}): Enter opens with them, Esc "
                "puts them back"
            )
        else:
            line = _(
                "{melds} staged, the hint's lay-down: Enter lays them down, Esc puts them back"
            )
        progress = screen.staging.progress(screen.view)
        said = line.format(melds=melds, progress=progress)
        if replaced:
            said = _("The staged melds are back on the rack") + " · " + said
        screen.after_staging("", said)

    def render_hints(self, view: PlayerView | None = None) -> None:
        """The hint panel for the table now (``view``: the table's view, when the caller
        has it)."""
        if not self.hints_on or self.screen.hidden:
            return
        # The hint is the view's alone: made again only for a new view (the table drawn
        # again after a key that moved only the rack's tiles reads the hint it had).
        hint = self.hint_now(view)
        # Over, the hand leaves nothing to decide: the panel gives its place back to the
        # log, and on a small terminal to the table (Esc from the summary showed a panel
        # saying so over every meld on the table); the next hand brings it back.
        self.screen.query_one("#main").set_class(not hint.over, "-hints")
        self.screen.query_one(HintPanel).show(hint, self.screen.seat_name)

    # -- tips ------------------------------------------------------------------------------
    @property
    def tip_shown(self) -> str | None:
        """The text of the tip over the table, if one is."""
        if self.tip is None:
            return None
        # In fewer words on a short terminal: a tip of four lines left the melds one line.
        return self.tip.words(
            self.expert_waits(), short=self.screen.app.has_class("-short"), view=self.screen.view
        )

    def tips_after(self) -> str:
        """The key bar's word beside n's "Got it" on a short terminal, where the tip has no
        frame to say "n: got it · 2 more": a newcomer left the second tip over the table
        all hand, and never saw the third ("You can open"). Empty elsewhere."""
        waiting = len(self.tips_waiting)
        if not waiting or not self.tip_in_sight or not self.screen.app.has_class("-short"):
            return ""
        return ngettext("({n} more)", "({n} more)", waiting).format(n=waiting)

    @property
    def tip_in_sight(self) -> bool:
        """A tip shows over the table (not put aside for staged melds): n puts it away."""
        return self.tip is not None and not self.tip_aside

    def set_tip_aside(self, aside: bool) -> None:
        """The tip out of sight (or back) while staged melds need its rows."""
        aside = aside and self.tip is not None
        if aside == self.tip_aside:
            return
        self.tip_aside = aside
        screen = self.screen
        screen.query_one("#tip", Static).set_class(self.tip is not None and not aside, "-shown")
        screen.refresh_bindings()  # n: only for a tip in sight
        # The rows the tip gives or takes back, once laid out (as when a tip is put away).
        screen.call_after_refresh(screen.fit_bottom_row)
        screen.call_after_refresh(screen.query_one(MeldsView).say_if_more)

    def expert_waits(self) -> bool:
        """Whether the hint shown says the expert would not open now (a tip to open then
        says so, not only how to open)."""
        if not self.hints_on:
            return False
        return expert_waits(self.screen.view, self.screen.query_one(HintPanel).shown_expert())

    def reword_tip(self) -> None:
        """The tip shown, as it reads beside the hint shown now (shown, hidden, changed)."""
        text = self.tip_shown
        box = self.screen.query_one("#tip", Static)
        if text is not None:
            box.border_subtitle = self.tip_subtitle()  # the tips come due meanwhile counted
            self.screen.refresh_bindings()  # and in the key bar (tips_after)
        if text is not None and str(box.render()) != text:
            box.update(text)
            self.screen.call_after_refresh(self.screen.fit_bottom_row)

    def tip_subtitle(self) -> str:
        """The tip's frame's "n: got it", with the count of the tips waiting after it."""
        waiting = len(self.tips_waiting)
        if not waiting:
            return _("n: got it")
        return ngettext("n: got it · {n} more", "n: got it · {n} more", waiting).format(n=waiting)

    def show_tips(self) -> None:
        screen = self.screen
        if not screen.my_turn or screen.hidden:
            return
        # A tip about the draw once drawn, about opening once opened (it hid the melds
        # just laid): past, read or not.
        self.drop_past_tips(show_next=False)
        self.tips_waiting += self.walkthrough.due(screen.view)
        if self.tip is None:
            self.next_tip()
        else:
            self.reword_tip()

    def drop_past_tips(self, show_next: bool = True) -> None:
        """Put away the tips whose moment has gone by, read or not: the starter's tip (no
        draw this turn) stayed over the others' turns after the first discard."""
        view = self.screen.view
        self.tips_waiting = [tip for tip in self.tips_waiting if not tip.past(view)]
        if self.tip is not None and self.tip.past(view):
            self.tip = None
            if show_next:
                self.next_tip()

    def drop_tips(self) -> None:
        self.tips_waiting.clear()
        self.next_tip()

    def next_tip(self) -> None:
        """Tips show one at a time in the table's middle row (never the rack, piles or log)."""
        box = self.screen.query_one("#tip", Static)
        self.tip = self.tips_waiting.pop(0) if self.tips_waiting else None
        box.set_class(self.tip is not None and not self.tip_aside, "-shown")
        if self.tip is not None:
            box.border_title = _("Tip")
            box.border_subtitle = self.tip_subtitle()
            box.update(self.tip_shown or "")
        self.screen.refresh_bindings()
        # The tip shares the middle row with the melds: once laid out, say whether all show,
        # and let the lay-down area below take the room the tip leaves (or gives back).
        self.screen.call_after_refresh(self.screen.fit_bottom_row)
        self.screen.call_after_refresh(self.screen.query_one(MeldsView).say_if_more)


@dataclass
class SeatPlace:
    """What a person at a shared terminal gets back at their turn: their rack order, where
    their cursor was and how far they had scrolled the melds box."""

    rack: RackLayout
    cursor: int = 0
    scroll: float = 0.0
    # A rack hidden mid-turn (z): the melds staged and the tiles selected, as they were.
    staged: tuple[Meld, ...] = ()
    selected: frozenset[int] = frozenset()


@dataclass(frozen=True)
class SeatLook:
    """What a person at a shared terminal chose to see, kept from hand to hand: the hints
    shown or hidden (h), the log shown or hidden (l; None: as the terminal's size has it),
    and whether l brought the log into the hints' place (and the log's choice before)."""

    hints: bool = False
    log: bool | None = None
    log_over_hints: bool = False
    log_before_hints: bool | None = None


class HotSeat:
    """Several people at one terminal, each with their own seat and rack."""

    def __init__(self, screen: TableScreen, table: LocalTable) -> None:
        self.screen = screen
        self.table = table
        # Each person's rack, cursor and melds box as they left them (one person's scrolling
        # never moves another's view of the table).
        self.seat_places: dict[int, SeatPlace] = {}
        # How many of the hand's moves (TableScreen.hand_moves) each person has seen, as
        # their last turn ended: the line at their next turn says those after.
        self.read: dict[int, int] = {}
        # Each person's hints and log, shown or hidden as they left them (h at one turn
        # left the hints over the table for the next person, who had never asked for them).
        self.looks: dict[int, SeatLook] = {}
        # The privacy screen passing the terminal, and to whom, while it is up.
        self.passing: tuple[int, PrivacyScreen] | None = None

    def recap(self, seat: int) -> Text:
        """What everyone did since ``seat``'s last turn (since the hand began before its
        first): public events only. A match resumed in the middle of the seat's turn adds
        what the person did in it before the break, by their name as every line here
        ("Mehmet took R5 from the left"; a draw without its tile, as every draw here): the
        screen is everyone's while the terminal is passed ("You drew" named nobody)."""
        table = self.table
        seats = table.seats()
        view = table.session.view(seat)
        events = table.session.events
        now = turn_so_far(events, seat)
        text = Text()
        for event in events[since_last_turn(events, seat) or 0 : now]:
            if event.kind not in RECAP_KINDS or (event.kind == "draw" and event.seat == seat):
                continue
            if text:
                text.append("\n")
            text.append_text(event_line(seats, event, view, named=True))
        if now is not None:
            if text:
                text.append("\n")
            text.append(_("This turn, before the break:"), "bold")
            for event in events[now:]:
                if event.kind in RECAP_KINDS:
                    text.append("\n")
                    hidden = replace(event, tiles=()) if event.kind == "draw" else event
                    text.append_text(event_line(seats, hidden, view, named=True))
        return text

    def hide_racks(self) -> None:
        screen = self.screen
        screen.hidden = True
        screen.app.clear_notifications()
        screen.practice.drop_tips()  # a tip may speak of the rack being hidden
        screen.query_one(RackWidget).show(RackLayout(), screen.view.okey, -1, set(), False)

    def pass_to(
        self,
        seat: int,
        then: Callable[[], None] | None = None,
        new: bool = False,
        away: bool = False,
    ) -> None:
        """Hide every rack and ask for the terminal to go to ``seat`` (``new``: a new hand;
        ``away``: the person at the terminal hid their own rack, z, to step away; they get
        it back as they left it, staged melds and selection too)."""
        from okey_tui.ui.screens.privacy import PrivacyScreen

        screen, table = self.screen, self.table
        self.keep_look(table.seat)
        if not new:
            # The moves this person has seen: the line tells them only those after.
            self.read[table.seat] = len(screen.hand_moves)
            scroll = screen.query_one(MeldsView).scroll_y
            place = SeatPlace(screen.rack, screen.cursor, scroll)
            if away:
                staged, selected = tuple(screen.staging.melds), frozenset(screen.selected)
                place = replace(place, staged=staged, selected=selected)
            self.seat_places[table.seat] = place
            screen.keep_rack()
        self.hide_racks()
        name = table.seats()[seat].name
        # Which hand of the match: the recap under it speaks of "this hand".
        hand = _("Hand {number}/{hands}").format(
            number=table.hand_number + 1, hands=screen.view.rules.hands
        )
        title = _("Pass to {name} — press Enter when ready").format(name=to_name(name))
        if away:
            title = _("{owner} rack is hidden — press Enter to play on").format(
                owner=possessive(name)
            )
        first = since_last_turn(table.session.events, seat) is None
        note = ""
        if first:
            # At a person's first turn of a hand (a short recap) the note tells of z too.
            note = _(
                "Every rack is hidden. Only the player named above should look. "
                "At the table, z hides your rack while you step away."
            )
            hand_now = table.session.hand
            if hand_now.turn == seat and not any(hand_now.discards):
                # Why the second name of four went first: the starter moves round.
                note += " " + _(
                    "{name} starts this hand: {n} tiles, and the first turn is a discard, "
                    "with no draw."
                ).format(name=name, n=len(hand_now.racks[seat]))
        privacy = PrivacyScreen(
            title,
            self.recap(seat),
            note=note,
            first=first,
            hand=hand,
        )

        def ready(_: object = None) -> None:
            if self.passing is None or self.passing[1] is not privacy:
                return  # dropped: the hand ended behind it (drop_pass)
            self.passing = None
            self.take_seat(seat)
            if then is not None:
                then()

        self.passing = (seat, privacy)
        screen.app.push_screen(privacy, ready)

    def keep_look(self, seat: int) -> None:
        """Keep what the person at ``seat`` chose to see, as the terminal leaves them."""
        screen = self.screen
        self.looks[seat] = SeatLook(
            screen.practice.hints_on,
            screen.log_choice(),
            screen._log_over_hints,
            screen._log_before_hints,
        )

    def give_look(self, seat: int) -> None:
        """The hints and the log as the person at ``seat`` left them (hidden hints, and the
        log as the terminal's size has it, for a person who never chose)."""
        screen = self.screen
        look = self.looks.get(seat, SeatLook())
        screen.choose_log(look.log)
        screen._log_over_hints = look.log_over_hints
        screen._log_before_hints = look.log_before_hints
        screen.game_log.retitle(over_hints=look.log_over_hints)
        practice = screen.practice
        if practice.on and practice.hints_on != look.hints:
            practice.show_hints(look.hints)

    def table_moved(self) -> None:
        """The others played while the terminal is being passed (the bots after a person's
        turn, or before a hand's first person): the recap on the privacy screen tells what
        they did."""
        if self.passing is not None:
            seat, privacy = self.passing
            privacy.show_recap(self.recap(seat))

    def drop_pass(self) -> None:
        """The hand ended while the terminal was being passed (a bot went out behind the
        privacy screen): that screen goes, and nobody takes a seat through it."""
        if self.passing is None:
            return
        privacy = self.passing[1]
        self.passing = None
        if privacy.is_current:
            privacy.dismiss(None)

    def take_seat(self, seat: int) -> None:
        screen, table = self.screen, self.table
        table.sit(seat)
        screen.hidden = False
        place = self.seat_places.pop(seat, None) or SeatPlace(RackLayout())
        screen.rack = place.rack
        screen.staging.clear()
        screen.staging.melds.extend(place.staged)
        screen.selected.clear()
        screen.selected.update(place.selected)
        screen.fresh.clear()
        screen.cursor = min(place.cursor, max(len(screen.rack) - 1, 0))
        # The turn came through the privacy screen: the screen waits for nobody, so the
        # person's own first move does not bring back the "your turn" line (a draw says
        # which tile came in).
        screen.waiting = False
        self.give_look(seat)
        screen.rebuild_log()
        # A resumed match: the melds this person had staged as it was saved.
        restaged = not place.staged and screen.restage_kept()
        # Whose turn it is, and what the turn starts with (a draw, or the starter's throw);
        # taken early, while bots still play, who is playing (the line was blank).
        if screen.my_turn:
            said = screen.turn_hint()
            if restaged:
                said = _("Your staged melds are staged again.") + " " + said
            # What the others did since this person's turn, as the line says it to a player
            # alone (the pass screen said it, and was gone as the person planned a move).
            moves = [
                (m, rank)
                for m, rank, who in screen.hand_moves[self.read.get(seat, 0) :]
                if who != seat
            ]
            said = screen.news_line(
                [
                    *screen.last_and_kept([m for m, _r in moves], [r for _m, r in moves]),
                    *screen.okey_left_warning(),
                ],
                [m for m, _r in moves],
                screen.as_starter(said),
            )
            screen.say_turn_news(said)
        else:
            screen.set_status(
                _("{name}, your turn comes next: {player} is playing").format(
                    name=table.seats()[seat].name, player=table.seats()[table.turn].name
                )
            )
        screen.changed()
        # The cursor on a tile of the person's own rack (their slot 0 may be empty: x threw
        # nothing), on the tile drawn or taken this turn when the match was resumed after it,
        # unless the match kept where the person had left it (then only the mark comes back).
        if screen.my_turn:
            screen.mark_taken_new(keep_cursor=seat in table.session.saved_cursors)
        screen.cursor_to_a_tile()
        screen.render_rack()
        melds = screen.query_one(MeldsView)
        screen.call_after_refresh(melds.scroll_to, y=place.scroll, animate=False)

    def pass_if_needed(self) -> bool:
        """When the turn has left the person at the terminal and another person plays next
        (perhaps after bots), pass the terminal at once: the rack is covered while the
        bots play, not left face up till they are done. True if it did."""
        table = self.table
        if table.hand_over or table.turn == table.seat:
            return False
        seat = next_human(table.people, table.turn)
        if seat == table.seat:
            return False
        if self.screen.hidden:
            return True
        self.pass_to(seat)
        return True

    def new_hand(self) -> None:
        """At a new hand the terminal goes to the first person to play."""
        self.seat_places = {}
        self.read = {}
        table = self.table
        first = next_human(table.people, table.turn)
        if table.hand_over:
            # A match resumed at its summary: the summary hides the racks first, and the
            # next hand passes the terminal.
            self.hide_racks()
        else:
            self.pass_to(first, new=True)
        table.sit(first)

    def kept_layouts(self) -> dict[int, list[str | None] | None]:
        """Every person's rack order as the table kept it (a resumed match)."""
        layouts = self.table.session.layouts
        return {seat: layouts.get(seat) for seat in self.table.people}

    def show_rack_after_hand(self) -> str:
        """The look at the finished hand's table (Esc on its summary): the rack of the seat
        the table is seen from, the person who played last (the pile marked as theirs),
        as they had arranged it. The hand is over and the summary shows every rack's tiles
        left, as at a real table when the tiles are turned up: an empty rack there read as
        tiles gone. The line to say, naming whose rack it is."""
        screen, table = self.screen, self.table
        if screen.hidden:
            place = self.seat_places.pop(table.seat, None)
            if place is not None:  # a match resumed at its summary: the order it kept
                screen.rack, screen.cursor = place.rack, place.cursor
            screen.hidden = False
            screen.sync_rack()
            screen.cursor_to_a_tile()
            screen.render_rack()
        name = table.seats()[table.seat].name
        return _("The hand as it ended, {owner} rack below: Enter brings back the summary").format(
            owner=possessive(name)
        )

    def before_summary(self, show: Callable[[], None]) -> None:
        """Hide the last rack before the hand summary shows everyone's tiles."""
        from okey_tui.ui.screens.privacy import PrivacyScreen

        self.drop_pass()
        self.hide_racks()
        self.screen.app.push_screen(
            PrivacyScreen(
                _("The hand is over — press Enter to see the hand summary"),
                note=_("The summary shows the tiles left in every rack, as at a real table."),
            ),
            lambda _=None: show(),
        )
