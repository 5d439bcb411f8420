"""The table screen: the rack, the table, the keys. Renders only from the human's view."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from okey_tui.engine.actions import (
    Action,
    AddTile,
    Discard,
    DrawMiddle,
    GiveBack,
    SwapOkey,
    TakeBack,
    TakeDiscard,
)
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.melds import Meld, MeldKind, best_reading, readings
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, is_pairs_only, legal_actions
from okey_tui.ui.rack import RackLayout, without
from okey_tui.ui.screens.dialogs import ChooserScreen, ConfirmScreen, PilesScreen
from okey_tui.ui.screens.practice_mixin import PRACTICE_KEYS, PracticeMixin
from okey_tui.ui.session import Session
from okey_tui.ui.staging import Staging
from okey_tui.ui.tiles import chips, meld_chips
from okey_tui.ui.widgets.board import (
    CentreInfo,
    GameLog,
    LayDownArea,
    MeldsView,
    PilePanel,
    PlayerPanel,
    TableMarks,
    event_line,
)
from okey_tui.ui.widgets.hints import HintPanel
from okey_tui.ui.widgets.keybar import KeyBar
from okey_tui.ui.widgets.rack import RackWidget

# Actions that need it to be the human's turn, and what to say when it is not.
ENGINE_KEYS = {"draw", "take", "give_back", "take_back", "discard", "add", "swap", "commit"}


class TableScreen(PracticeMixin, Screen[None]):
    """One hand after another at the table, until the match ends."""

    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "←", show=False),
        Binding("right", "cursor(1, 0)", "→", show=False),
        Binding("up", "cursor(0, -1)", "↑", show=False),
        Binding("down", "cursor(0, 1)", "↓", show=False),
        Binding("shift+left", "shift(-1, 0)", "Move", show=False),
        Binding("shift+right", "shift(1, 0)", "Move", show=False),
        Binding("shift+up", "shift(0, -1)", "Move", show=False),
        Binding("shift+down", "shift(0, 1)", "Move", show=False),
        Binding("space", "select", "Select", show=False),
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take"),
        Binding("g", "give_back", "Give"),
        Binding("o", "stage", "Open"),
        Binding("enter", "commit", "Lay down", show=False),
        Binding("a", "add", "Add"),
        Binding("w", "swap", "Swap"),
        Binding("b", "take_back", "Back"),
        Binding("x", "discard", "Discard"),
        Binding("s", "arrange('melds')", "Sort"),
        Binding("p", "arrange('pairs')", "Pairs"),
        Binding("v", "piles", "Piles", show=False),
        Binding("escape", "unstage", "Unstage", show=False),
        Binding("c", "colour_blind", "Colour-blind", show=False),
        Binding("h", "hints", "Hints"),
        Binding("u", "undo", "Undo"),
        Binding("k", "mark_okeys", "Mark okeys", show=False),
        Binding("l", "toggle_log", "Log"),
        Binding("n", "next_tip", "Got it"),
        Binding("pageup", "scroll_melds(-1)", "Melds ↑", show=False),
        Binding("pagedown", "scroll_melds(1)", "Melds ↓", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_table", "Quit"),
    ]

    def __init__(self, session: Session, bot_delay: float = 0.5) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.rack = RackLayout()
        self.cursor = 0
        self.selected: set[int] = set()
        self.staging = Staging()
        self.colour_blind = False
        self._logged = 0
        self._summary_shown = False
        self.table_marks = TableMarks()
        self.moves_seen: list[str] = []  # other seats' table moves since the human last played
        self.init_practice()

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="board"):
                with Horizontal(id="top-row"):
                    yield PilePanel(2, id="pile-2")
                    yield PlayerPanel(2, id="seat-2")
                    yield PilePanel(1, id="pile-1")
                with Horizontal(id="mid-row"):
                    yield PlayerPanel(3, id="seat-3")
                    with Vertical(id="centre"):
                        yield CentreInfo(id="centre-info")
                        yield MeldsView(id="melds")
                    yield PlayerPanel(1, id="seat-1")
                    yield Static(id="tip")
                with Horizontal(id="bottom-row"):
                    yield PilePanel(3, id="pile-3")
                    yield PlayerPanel(0, id="seat-0")
                    yield LayDownArea(id="laydown")
                    yield PilePanel(0, id="pile-0")
            yield GameLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=16)
            yield HintPanel(id="hints")
        yield RackWidget(id="rack")
        yield Static(id="status")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.colour_blind = bool(getattr(self.app, "colour_blind", False))
        self.session.layout_source = self.saved_layouts
        self.new_hand()

    def saved_layouts(self) -> dict[int, list[str | None]]:
        """Every person's rack as the autosave keeps it: tile texts, None for a gap."""
        racks = dict(self.seat_layouts)
        racks[self.session.viewer] = self.rack
        return {
            seat: [None if t is None else str(t) for t in rack.slots]
            for seat, rack in racks.items()
        }

    def restore_layouts(self) -> None:
        """Put the tiles back where they were when a resumed match was saved."""
        saved, self.session.layouts = self.session.layouts, {}
        for seat, slots in saved.items():
            if not slots or len(slots) % 2:
                continue
            try:
                tiles = [None if t is None else Tile.parse(str(t)) for t in slots]
            except OkeyError:
                continue
            rack = RackLayout(cols=len(tiles) // 2)
            rack.slots = tiles
            if seat == self.session.viewer and not self.hidden:
                self.rack = rack
            else:
                self.seat_layouts[seat] = rack

    def on_resize(self, event: events.Resize) -> None:
        # Panels choose their line breaks by width: draw them again at the new size.
        self.call_after_refresh(self.render_all)

    # -- state helpers -----------------------------------------------------------
    @property
    def view(self) -> PlayerView:
        return self.session.view()

    def new_hand(self) -> None:
        self.rack = RackLayout()
        self.staging.clear()
        self.selected.clear()
        self.cursor = 0
        self._logged = 0
        self._summary_shown = False
        self.table_marks.reset()
        self.query_one("#log", RichLog).clear()
        self.set_status("")
        self.practice_new_hand()
        self.restore_layouts()
        self.changed()

    def rack_tiles(self) -> list[Tile]:
        return without(self.view.rack, self.staging.tiles())

    def changed(self) -> None:
        """Re-render everything from the view, then hand over to the bots or the summary."""
        self.sync_rack()
        self.render_all()
        self.refresh_bindings()
        if self.session.hand.is_over:
            self.show_summary()
        elif self.session.bots_to_play:
            self.run_bots()
        elif not self.hand_over_if_needed():
            self.show_tips()

    def sync_rack(self) -> None:
        self.rack.sync(self.rack_tiles())
        self.selected = {i for i in self.selected if self.rack.slots[i] is not None}
        self.cursor = max(0, min(self.cursor, len(self.rack) - 1))

    def render_all(self) -> None:
        view = self.view
        session = self.session
        self.place_panels()
        for panel in self.query(PlayerPanel):
            panel.show(session, view)
        for pile in self.query(PilePanel):
            pile.show(session, view)
        self.query_one(CentreInfo).show(session, view)
        # Hot-seat: each person also sees what the others at the terminal did.
        self.moves_seen += self.table_marks.update(
            session, None if self.hotseat else session.viewer
        )
        self.query_one(MeldsView).show(session, view, self.table_marks.marks)
        laydown = self.query_one(LayDownArea)
        laydown.show(view, self.staging, self.selection_text(view))
        # The lay-down area grows (the melds above give way) rather than cut its melds off.
        self.query_one("#bottom-row").styles.height = max(
            4 if self.app.has_class("-compact") else 5, laydown.needed_height()
        )
        self.render_rack()
        log = self.query_one("#log", RichLog)
        events_ = session.events
        for event in events_[self._logged :]:
            log.write(event_line(session, event, view))
        self._logged = len(events_)
        self.render_hints()

    def render_rack(self) -> None:
        if self.hidden:
            return
        self.query_one(RackWidget).mark_okeys = self.mark_okeys
        self.query_one(RackWidget).show(
            self.rack, self.view.okey, self.cursor, self.selected, self.colour_blind
        )

    def selection_text(self, view: PlayerView) -> Text | None:
        tiles = self.selected_tiles()
        if not tiles:
            return None
        text = Text("Selected: ", "dim")
        text.append_text(chips(tiles, view.okey))
        found = readings(tiles, view.okey)
        if found:
            text.append(f"  = {found[0].kind.value} {found[0].value}", "green")
        return text

    def selected_tiles(self) -> list[Tile]:
        return [t for i in sorted(self.selected) if (t := self.rack.slots[i]) is not None]

    def set_status(self, message: str, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.set_class(error, "-error")
        status.update(Text(message))

    # -- what is allowed now -----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in PRACTICE_KEYS:
            return self.practice_allowed(action) or False  # hidden when it would do nothing
        if action == "next_tip":
            return bool(self.tip_shown)
        if not self.is_current_screen():
            return True
        session = self.session
        hand = session.hand
        if hand.is_over:
            return action in ("help", "quit_table", "piles", "cursor", "select", "colour_blind")
        if action not in ENGINE_KEYS:
            return True
        if not session.human_to_play:
            return None
        view = self.view
        playing = view.phase is Phase.PLAY
        if action == "draw":
            return True if view.phase is Phase.DRAW else None
        if action == "take":
            return True if view.phase is Phase.DRAW and view.left_discard is not None else None
        if action == "give_back":
            return True if view.taken is not None and not view.laid_this_turn else None
        if action == "take_back":
            return True if view.laid_this_turn else None
        if action == "discard":
            ok = playing and view.taken is None and view.okeys_owed == 0
            return True if ok else None
        if action in ("add", "swap"):
            ok = playing and view.can_touch_table() and bool(view.table)
            return True if ok else None
        if action == "commit":
            return True if playing and self.staging.melds else None
        return True

    def is_current_screen(self) -> bool:
        try:
            return self.app.screen is self
        except Exception:
            return False

    def on_key(self, event: events.Key) -> None:
        """A greyed-out key still explains itself: the engine says why it is not allowed."""
        practice = next(
            (b.action for b in self.BINDINGS if b.key == event.key and b.action in PRACTICE_KEYS),
            None,
        )
        if practice is not None and not self.check_action(practice, ()):
            event.stop()
            self.set_status(self.practice_refusal(practice), error=True)
            return
        binding_action = {
            "d": "draw",
            "t": "take",
            "g": "give_back",
            "b": "take_back",
            "x": "discard",
            "a": "add",
            "w": "swap",
        }.get(event.key)
        if binding_action is None or self.check_action(binding_action, ()):
            return
        event.stop()
        self.explain(binding_action)

    def explain(self, action: str) -> None:
        session = self.session
        if session.hand.is_over:
            self.set_status("The hand is over", error=True)
            return
        if not session.human_to_play:
            who = session.seat_name(session.hand.turn)
            self.set_status(f"It is {who}'s turn: wait for your turn", error=True)
            return
        probe: Action | None = {
            "draw": DrawMiddle(),
            "take": TakeDiscard(),
            "give_back": GiveBack(),
            "take_back": TakeBack(),
        }.get(action)
        if action == "discard":
            tile = self.rack.slots[self.cursor] or (self.view.rack[0] if self.view.rack else None)
            probe = Discard(tile) if tile is not None else None
        if action in ("add", "swap"):
            tile = self.rack.slots[self.cursor] or self.view.rack[0]
            probe = AddTile(tile, 0) if action == "add" else SwapOkey(0, (tile,))
        if probe is not None:
            try:
                session.hand.check(probe)
            except OkeyError as exc:
                self.set_status(self.error_text(exc), error=True)
                return
        if action in ("add", "swap") and not self.view.table:
            self.set_status("There are no melds on the table yet", error=True)
            return
        self.set_status("That is not possible now", error=True)

    # -- engine moves ----------------------------------------------------------------
    def act(self, action: Action, quiet: bool = False) -> bool:
        self.record_step(action, None)
        try:
            self.session.act(action)
        except OkeyError as exc:
            self.record_step(action, False)
            self.set_status(self.error_text(exc), error=True)
            self.render_all()
            return False
        self.record_step(action, True)
        if not quiet:
            self.set_status("")
        self.changed()
        return True

    def action_draw(self) -> None:
        self.act(DrawMiddle())

    def action_take(self) -> None:
        self.act(TakeDiscard())

    def action_give_back(self) -> None:
        if not self.confirm_penalty(GiveBack(), lambda: self.act(GiveBack())):
            self.act(GiveBack())

    def action_take_back(self, confirmed: bool = False) -> None:
        if not confirmed and self.confirm_penalty(
            TakeBack(), lambda: self.action_take_back(confirmed=True)
        ):
            return
        self.staging.clear()
        if self.act(TakeBack(), quiet=True):
            self.set_status("You took back this turn's melds")

    def action_discard(self) -> None:
        tile = self.rack.slots[self.cursor]
        if tile is None:
            self.set_status("Put the cursor on the tile to discard (the slot is empty)", True)
            return
        index = self.cursor
        if self.confirm_penalty(Discard(tile), lambda: self.discard_at(index, tile)):
            return
        self.discard_at(index, tile)

    def discard_at(self, index: int, tile: Tile) -> None:
        self.selected.discard(index)
        self.act(Discard(tile))

    # -- the rack ------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        row, col = self.rack.place(self.cursor)
        col = (col + dx) % self.rack.cols
        row = (row + dy) % 2
        self.cursor = self.rack.index(row, col)
        self.render_rack()

    def action_select(self) -> None:
        if self.rack.slots[self.cursor] is None:
            self.set_status("There is no tile under the cursor to select", True)
            return
        self.selected ^= {self.cursor}
        self.render_all()

    def action_shift(self, dx: int, dy: int) -> None:
        chosen = set(self.selected) or (
            {self.cursor} if self.rack.slots[self.cursor] is not None else set()
        )
        if not chosen:
            self.action_cursor(dx, dy)
            return
        step = dx if dx else dy * self.rack.cols
        moved = self.rack.move(chosen, step)
        if moved is None:
            self.set_status("The tiles are at the edge of the rack")
            return
        if self.selected:
            self.selected = set(moved)
        if self.cursor in chosen:
            self.cursor += step
        self.render_rack()
        self.session.autosave()

    def action_arrange(self, by: str) -> None:
        from okey_tui.engine import solver

        tiles = self.rack_tiles()
        okey = self.view.okey
        found = solver.best_melds(tiles, okey) if by == "melds" else solver.best_pairs(tiles, okey)
        what = f"{found.value} points in runs and sets" if by == "melds" else f"{found.pairs} pairs"
        self.rack.arrange(
            [list(m.tiles) for m in found.melds], sorted(found.leftover, key=Tile.sort_key)
        )
        self.selected.clear()
        self.set_status(f"Arranged: {what}")
        self.render_all()
        self.session.autosave()

    def action_colour_blind(self) -> None:
        self.colour_blind = not self.colour_blind
        remember = getattr(self.app, "remember_colour_blind", None)
        if remember is not None:
            remember(self.colour_blind)
        self.set_status("Colour-blind shapes " + ("on" if self.colour_blind else "off"))
        self.render_rack()

    def on_rack_widget_slot_clicked(self, message: RackWidget.SlotClicked) -> None:
        self.cursor = message.index
        if self.rack.slots[message.index] is not None:
            self.selected ^= {message.index}
        self.render_all()

    def on_rack_widget_tile_dragged(self, message: RackWidget.TileDragged) -> None:
        source = message.source
        tile = self.rack.slots[source]
        if tile is None:
            return
        if message.target is not None:
            self.rack.swap(source, message.target)
            self.selected = {
                message.target if i == source else source if i == message.target else i
                for i in self.selected
            }
            self.cursor = message.target
            self.render_rack()
            self.session.autosave()
            return
        try:
            widget, _ = self.get_widget_at(message.screen_x, message.screen_y)
        except Exception:
            return
        node: Any = widget
        while node is not None and not isinstance(node, LayDownArea | PilePanel | MeldsView):
            node = node.parent
        if isinstance(node, PilePanel) and node.seat == self.session.viewer:
            self.cursor = source
            self.action_discard()
        elif isinstance(node, LayDownArea):
            if source not in self.selected:
                self.selected = {source}
            self.action_stage()
        elif isinstance(node, MeldsView):
            self.cursor = source
            if source not in self.selected:
                self.selected = {source}
            self.action_add()

    # -- staging and laying down ---------------------------------------------------------
    def allowed_kinds(self, view: PlayerView) -> set[MeldKind]:
        if is_pairs_only(view) or self.staging.pairs:
            return {MeldKind.PAIR}
        if view.opening is not None or self.staging.melds:
            return {MeldKind.RUN, MeldKind.SET}
        return {MeldKind.RUN, MeldKind.SET, MeldKind.PAIR}

    def action_stage(self) -> None:
        tiles = self.selected_tiles()
        if not tiles:
            if self.staging.melds:
                self.action_commit()
            else:
                self.set_status("Select tiles with space, then press o to stage them")
            return
        view = self.view
        kinds = self.allowed_kinds(view)
        found = readings(tiles, view.okey, kinds)
        if not found:
            try:
                best_reading(tiles, view.okey, kinds)
                message = f"{' '.join(map(str, tiles))} cannot go with the staged melds"
            except OkeyError as exc:
                message = str(exc)
            self.set_status(message, error=True)
            return
        if len(found) > 1:
            options: list[tuple[Text | str, Any]] = []
            for meld in found:
                label = meld_chips(meld, view.okey)
                label.append(f"  {meld.kind.value}, {meld.value}")
                options.append((label, meld))
            self.app.push_screen(
                ChooserScreen("Which reading? (highest first)", options), self._staged
            )
            return
        self._staged(found[0])

    def _staged(self, meld: Meld | None) -> None:
        if meld is None:
            return
        self.staging.melds.append(meld)
        self.selected.clear()
        self.sync_rack()
        self.set_status(f"Staged {meld} ({meld.value}): {self.staging.progress(self.view)}")
        self.render_all()
        self.refresh_bindings()

    def action_commit(self) -> None:
        if not self.staging.melds:
            self.set_status("Nothing is staged: select tiles and press o")
            return
        action = self.staging.action(self.view)
        staged = list(self.staging.melds)
        self.staging.clear()
        if not self.act(action, quiet=True):
            self.staging.melds.extend(staged)
            self.sync_rack()
            self.render_all()
            return
        self.set_status(f"Laid down: {self.view.opening.describe() if self.view.opening else ''}")

    def action_unstage(self) -> None:
        if self.selected:
            self.selected.clear()
            self.render_all()
            return
        if self.staging.melds:
            self.staging.clear()
            self.set_status("The staged tiles are back on the rack")
        self.selected.clear()
        self.sync_rack()
        self.render_all()
        self.refresh_bindings()

    # -- the table ------------------------------------------------------------------
    def choose(
        self, title: str, options: list[tuple[Text | str, Any]], then: Callable[[Any], None]
    ) -> None:
        if len(options) == 1:
            then(options[0][1])
        else:
            self.app.push_screen(ChooserScreen(title, options), then)

    def action_add(self) -> None:
        view = self.view
        tiles = self.selected_tiles() or (
            [t] if (t := self.rack.slots[self.cursor]) is not None else []
        )
        if not tiles:
            self.set_status("Select the tiles to add (space), then press a", True)
            return
        legal = [a for a in legal_actions(view) if isinstance(a, AddTile) and a.tile == tiles[0]]
        if not legal:
            probe = AddTile(tiles[0], 0)
            try:
                self.session.hand.check(probe)
                self.set_status(f"{tiles[0]} does not fit any meld on the table", True)
            except OkeyError as exc:
                msg = str(exc)
                if "does not fit" in msg or "Nothing can be added" in msg:
                    msg = f"{tiles[0]} does not fit any meld on the table"
                self.set_status(msg, True)
            return
        options: list[tuple[Text | str, Any]] = []
        for action in legal:
            label = Text(f"{action.target + 1}: ")
            label.append_text(meld_chips(view.table[action.target].meld, view.okey))
            if action.meant is not None:
                label.append(f"  (okey as {action.meant})")
            options.append((label, action))

        def then(first: AddTile | None) -> None:
            if first is None or not self.act(first):
                return
            rest = list(tiles[1:])
            while rest:
                for tile in rest:
                    fits = [
                        a
                        for a in legal_actions(self.view)
                        if isinstance(a, AddTile) and a.tile == tile and a.target == first.target
                    ]
                    if fits and self.act(fits[0]):
                        rest.remove(tile)
                        break
                else:
                    self.set_status(
                        f"{' '.join(map(str, rest))} did not fit meld {first.target + 1}", True
                    )
                    return
            self.selected.clear()
            self.render_all()

        self.choose("Add to which meld?", options, then)

    def action_swap(self) -> None:
        view = self.view
        legal = [a for a in legal_actions(view) if isinstance(a, SwapOkey)]
        if not legal:
            self.set_status("No okey on the table stands for a tile you hold", True)
            return
        options: list[tuple[Text | str, Any]] = []
        for action in legal:
            label = Text(f"{action.target + 1}: ")
            label.append_text(meld_chips(view.table[action.target].meld, view.okey))
            label.append("  give ")
            label.append_text(chips(action.tiles, view.okey))
            options.append((label, action))
        self.choose("Take which okey?", options, lambda a: a is not None and self.act(a))

    # -- bots ---------------------------------------------------------------------------
    @work(exclusive=True, group="bots")
    async def run_bots(self) -> None:
        session = self.session
        self.moves_seen.clear()
        while session.bots_to_play:
            await asyncio.sleep(self.bot_delay)
            seat = session.hand.turn
            view = session.view(seat)
            action = await asyncio.to_thread(session.choose, seat, view)
            session.apply_bot(seat, view, action)
            self.sync_rack()
            self.render_all()
            self.refresh_bindings()
            if self.moves_seen and self.bot_delay:
                self.set_status(self.moves_seen[-1])  # say it while the table shows it
        self.changed_after_bots()

    def changed_after_bots(self) -> None:
        if self.session.hand.is_over:
            self.show_summary()
        else:
            self.refresh_bindings()
            if self.hand_over_if_needed():
                return
            if self.session.human_to_play and not self.query_one("#status", Static).has_class(
                "-error"
            ):
                # What the others did on the table, then what the human can do.
                moves = self.moves_seen[-2:]
                self.set_status(" · ".join([*moves, "Your turn" if moves else self.turn_hint()]))
            self.show_tips()

    def turn_hint(self) -> str:
        view = self.view
        if view.phase is Phase.DRAW:
            if view.left_discard is not None:
                return f"Your turn: d draw from the middle, or t take {view.left_discard}"
            return "Your turn: d draw from the middle"
        return "Your turn: play, then x discards the tile under the cursor"

    # -- the log and the melds at any size -----------------------------------------------
    def action_toggle_log(self) -> None:
        """Hide the log column; on a small terminal, show the log over the table instead."""
        main = self.query_one("#main")
        main.toggle_class("-log-toggled")
        narrow = self.app.has_class("-narrow")
        shown = main.has_class("-log-toggled") == narrow
        if shown:
            self.query_one("#log", RichLog).scroll_end(animate=False)
        self.set_status(("Log shown" if shown else "Log hidden") + ": l toggles it")

    def action_scroll_melds(self, pages: int) -> None:
        melds = self.query_one(MeldsView)
        melds.scroll_to(y=melds.scroll_y + pages * max(1, melds.size.height - 1), animate=False)

    # -- end of hand, help, quit ------------------------------------------------------------
    def show_summary(self) -> None:
        if self._summary_shown:
            return
        self._summary_shown = True
        from okey_tui.ui.screens.summary import HandSummaryScreen

        result = self.session.finish_hand()
        self.before_summary(
            lambda: self.app.push_screen(
                HandSummaryScreen(self.session, result), self._after_summary
            )
        )

    def _after_summary(self, choice: str | None) -> None:
        if choice == "quit":
            self.app.exit()
            return
        if choice == "new":
            self.app.new_match()  # type: ignore[attr-defined]
            return
        self.session.next_hand()
        self.new_hand()

    def action_piles(self) -> None:
        self.app.push_screen(PilesScreen(self.session, self.view))

    def on_pile_panel_opened(self, message: PilePanel.Opened) -> None:
        self.action_piles()

    def action_help(self) -> None:
        from okey_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.BINDINGS))

    def action_quit_table(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        saved = self.session.save_path is not None and not self.session.match.is_over
        question = (
            "Quit the game?\nThe match is saved: okey101 play --resume continues it."
            if saved
            else "Quit the game?"
        )
        self.app.push_screen(ConfirmScreen(question), answer)
