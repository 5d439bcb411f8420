"""The table screen: the rack, the table, the keys.

It sits at one :class:`~okey_tui.table.TableInterface` (a match in this process or
a table on another computer) and renders only from that seat's view. A practice
table and a hot-seat table are policies it owns (:mod:`.table_policies`).
"""

from __future__ import annotations

import copy
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widgets import RichLog, Static

from okey_tui.engine.actions import (
    Action,
    AddTile,
    DeclarePairs,
    Discard,
    DrawMiddle,
    GiveBack,
    Lay,
    Open,
    SwapOkey,
    TakeBack,
    TakeDiscard,
)
from okey_tui.engine.errors import ErrorCode, IllegalActionError, OkeyError
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    best_reading,
    effective,
    extend,
    fits_table,
    is_wild,
    make_meld,
    parse_meld,
    readings,
)
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.scoring import GOING_PAIRS_NOT_OPENED, NOT_OPENED
from okey_tui.engine.solver import Arrangement, best_melds
from okey_tui.engine.state import PENALTY, Event, Hand, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import (
    PlayerView,
    exposed_add,
    exposed_okeys,
    guarded_melds,
    is_pairs_only,
    legal_actions,
    okeys_for_held_tiles,
    okeys_left_open,
    taken_opening,
)
from okey_tui.i18n import N_, _, and_list, at_name, decimal, ngettext, or_list
from okey_tui.messages import (
    TEMPLATES,
    added_tiles_text,
    describe_outcome,
    event_text,
    meld_kind,
    meld_text,
    okey_meant,
    pairs_kind,
    placed_text,
    rule_section,
    swap_holders_text,
    tile_text,
    tiles_text,
    you_opened_with,
)
from okey_tui.settings import BELL_AFTER
from okey_tui.table import (
    RACK_SLOTS,
    UNANSWERED,
    ActionRefused,
    ChatLine,
    SeatInfo,
    TableInterface,
    seconds_until,
)
from okey_tui.ui.local_table import LocalTable
from okey_tui.ui.rack import (
    ROWS,
    RackLayout,
    completing,
    in_order,
    near_parts,
    rack_reading,
    without,
)
from okey_tui.ui.screens.dialogs import (
    SECOND_DIGIT,
    ChatScreen,
    Choice,
    ChooserScreen,
    ConfirmScreen,
    Dialog,
    PilesScreen,
)
from okey_tui.ui.screens.table_policies import PRACTICE_KEYS, HotSeat, Practice, SeatPlace
from okey_tui.ui.staging import Staging, put_back_notes
from okey_tui.ui.tiles import around_tiles, chips, meld_chips
from okey_tui.ui.widgets.board import (
    CentreInfo,
    GameLog,
    LayDownArea,
    MeldsView,
    PilePanel,
    PlayerPanel,
    TableMarks,
    cancelled_lines,
    event_line,
    lay_when,
    meld_numbers,
)
from okey_tui.ui.widgets.hints import HintPanel
from okey_tui.ui.widgets.keybar import KeyBar
from okey_tui.ui.widgets.rack import RackWidget, group_label, layable_kinds
from okey_tui.ui.widgets.steady import SteadyStatic

if TYPE_CHECKING:
    from okey_tui.ui.app import OkeyApp

RUN_SET = {MeldKind.RUN, MeldKind.SET}
PAIR = {MeldKind.PAIR}
# The key bar's Enter and Esc while melds are staged, and the actions they stand for.
STAGED_KEYS = {"lay_down": "commit", "put_back": "unstage"}
# The keys of a turn's draw: draw, take the left discard, give it back and draw instead.
# On a turn the table says has no draw (the starter's first) none of them is offered.
DRAW_KEYS = ("draw", "take", "give_back")
# A chat line shows over the table this many seconds while the log is hidden.
CHAT_SHOWN_S = 8.0
# The middle row at its smallest: its frame and the line with the indicator and the okey.
MID_ROW_LINES = 3
# The lines the middle row keeps, at least, when a compact terminal's bottom row takes three.
COMPACT_ROOMY = 7
# At a network table with a turn time, this seat's line warns when this many seconds
# of its turn are left.
CLOCK_WARNING = 10

# The longer words of the help screen for keys that share them.
CURSOR = N_("move the cursor from tile to tile on the rack")
SELECT = N_("select or unselect the tile under the cursor (or click it)")
GROUP = N_("select the group under the cursor (or click its value)")
EXTEND = N_("extend the selection to the left / right")
SLIDE = N_("slide the selection (or the tile under the cursor) along its row")
OTHER_ROW = N_("move the selection to the other row, into free slots apart from the groups")
ROW_ENDS = N_("move the cursor to the row's first / last tile")
BY_NUMBER = N_(
    "move the cursor to the next tile of that number (0: a 10; 10 to 13 also 1, then 0 to 3 "
    "at once; the false okey goes by the number it plays as)"
)
DIGITS = frozenset("1234567890")
SELECTION_TO_ENDS = N_(
    "move the selection (or the tile under the cursor) to the start / end of its row, apart "
    "from the groups"
)
# o on lone tiles for staged melds tries every order of at most this many parts.
LOOSE_PARTS_AT_MOST = 5
JOIN = N_(
    "move the selected tile (or the tile under the cursor) beside the group it makes the best "
    "meld with (with none, beside a lone tile it makes most of a run or a set with; the okey "
    "where it adds the most points); j again: beside the next group"
)
NEXT_GAP = N_(
    "move the selection (or the tile under the cursor) past the next / back past the previous "
    "group, into the gap beside it (a group a slot from it, with no room there, changes places "
    "with it)"
)
STAGE = N_(
    "stage the selection as one meld (tiles of several groups that make none together: each "
    "group's tiles a meld of its own; tiles that make no meld alone but fit a staged meld: "
    "added to it); with nothing selected, every group that is a meld"
)
COMMIT = N_("lay down the staged melds (your opening, or new melds)")
DISCARD = N_("discard the selected tile, or the one under the cursor")
UNSTAGE = N_(
    "clear the selection; then put staged tiles back in their slots; on a small terminal, "
    "close the log or the hints over the table"
)
LOG = N_("show or hide the game log (over the table on a small terminal)")
SCROLL = N_(
    "scroll the table melds up / down (the staged melds while some are out of sight; the log, "
    "when l shows it over the table)"
)
HINT_TILE = N_(
    "put the cursor on the tile the hint says to discard or to add to a table meld, "
    "or stage the melds it says to lay down (practice tables, the hints shown or not)"
)
HINT_SCROLL = N_("scroll the hint panel up / down (practice tables)")
# Refusals that mean "this tile does not fit that meld": said for the whole table instead.
DOES_NOT_FIT = {
    ErrorCode.TILE_DOES_NOT_FIT.value,
    ErrorCode.SET_IS_FULL.value,
    ErrorCode.NOTHING_ADDS_TO_A_PAIR.value,
}
# The same for an okey swap: that meld's okey is not one the tile can take.
NO_OKEY_FOR_IT = {
    ErrorCode.NO_SWAP_FROM_A_PAIR.value,
    ErrorCode.NO_OKEY_TO_SWAP.value,
    ErrorCode.SWAP_NEEDS_BOTH_COLOURS.value,
    ErrorCode.SWAP_ONE_FOR_ONE.value,
    ErrorCode.SWAP_NEEDS_THE_TILE.value,
}

# The keys that ask the engine for an action, and the kind of action each asks for:
# such a key is usable when the engine lists an action of that kind as legal.
ENGINE_ACTIONS: dict[str, type[Action]] = {
    "draw": DrawMiddle,
    "take": TakeDiscard,
    "give_back": GiveBack,
    "take_back": TakeBack,
    "discard": Discard,
    "add": AddTile,
    "swap": SwapOkey,
    "declare_pairs": DeclarePairs,
}


# How many sorts and moves of the rack's tiles u can put back.
RACK_STEPS = 50


@dataclass(frozen=True, slots=True)
class RackStep:
    """The rack before a sort or a move of its tiles."""

    rack: int  # id() of the RackLayout it belongs to (hot seat: each person has one)
    events: int  # the hand's events then: a move on the table since ends it
    slots: list[Tile | None]
    what: str  # "the sort", "the move": what u undoes


def okey_pairs(tiles: Sequence[Tile], okey: Tile) -> bool:
    """Whether ``tiles``, an okey among them, make pairs (two identical tiles each, an okey
    standing for any tile): K5 K5 R7 ★ do.

    >>> from okey_tui.engine.tiles import parse_tiles
    >>> okey = Tile.parse("B8")
    >>> okey_pairs(parse_tiles("K5 K5 R7 B8"), okey), okey_pairs(parse_tiles("K5 R7 B8"), okey)
    (True, False)
    """
    from okey_tui.engine.solver import best_pairs

    # The engine's pairing: every tile in a pair, the okey among them.
    wild = any(is_wild(t, okey) for t in tiles)
    return wild and 2 * len(best_pairs(list(tiles), okey).melds) == len(tiles)


@dataclass(frozen=True, slots=True)
class JoinRound:
    """A tile j moved, for j again: the rack as it was, and the groups tried."""

    rack: int  # id() of the RackLayout (hot seat: each person has one)
    events: int  # the hand's events then: a move on the table since ends the round
    index: int  # the tile's slot before the first j
    target: int  # its slot now
    moved: dict[int, int]  # what the last j moved (old slot -> new)
    origin: list[Tile | None]  # the rack before the first j
    back: list[tuple[int, Tile]]  # the rack's memory then (RackLayout.back, .room)
    room: tuple[int, list[tuple[int, int, Tile]]] | None
    after: list[Tile | None]  # the rack after the last j
    passed: tuple[tuple[int, ...], ...]  # the groups it went beside (RackLayout.joined)


class Board(Vertical):
    """The seats, the piles and the middle: says when its height changes (a two-line key
    bar or status line takes a line from it), so the rows inside share it anew."""

    class Resized(Message):
        pass

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())


def chat_line(line: ChatLine) -> Text:
    """A chat line as the log shows it: "Ayşe: merhaba", a notice of the table "· …"."""
    said = Text(f"{line.name}: " if line.seat is not None else "· ", "bold cyan")
    return said.append(line.text, "cyan")


def pairs_with(found: Arrangement, tiles: list[Tile], taken: Tile, okey: Tile) -> Arrangement:
    """The pairs ``found`` on the rack, or, when they leave ``taken`` (the left discard, which
    must be laid this turn) loose and an okey is in hand, that tile paired with the okey and
    the best pairs of the rest: ``p`` paired the okey with K13 and left the taken K9 out,
    and the opening it staged was refused."""
    from okey_tui.engine import solver

    if any(taken in m.tiles for m in found.melds):
        return found
    wild = next((t for t in tiles if is_wild(t, okey) and t != taken), None)
    if wild is None or taken not in tiles:
        return found
    rest = list(tiles)
    rest.remove(taken)
    rest.remove(wild)
    others = solver.best_pairs(rest, okey)
    pair = make_meld([taken, wild], [taken, taken], okey)
    if others.pairs + 1 < found.pairs:
        return found
    return Arrangement((pair, *others.melds), others.leftover, okey)


BOT_FOR_YOU_RANK = 3  # a bot's move for this seat: the last news to go from the line


def news_that_fits(said: list[tuple[str, int]], fits: Callable[[list[str]], bool]) -> list[str]:
    """The news of ``said`` (each with its rank) that ``fits`` the status line, in order:
    while it does not fit and more than one is left, the lowest rank goes first, the older
    of two alike. A bot's move for this seat (rank 3) outlasts the player's discard taken
    (2), which outlasts an opening or a penalty kept on purpose (1), which outlast the other
    moves (0): the move made for an absent player led the line, and went first when the
    turn's instruction took the room.

    >>> said = [("A bot for you discarded B1", 3), ("Zeynep opened", 1), ("Ali drew", 0)]
    >>> news_that_fits(said, lambda news: len(news) <= 2)
    ['A bot for you discarded B1', 'Zeynep opened']
    >>> news_that_fits(said, lambda news: len(news) <= 1)
    ['A bot for you discarded B1']
    """
    kept = list(said)
    while len(kept) > 1 and not fits([m for m, _rank in kept]):
        del kept[min(range(len(kept)), key=lambda n: (kept[n][1], n))]
    return [m for m, _rank in kept]


def side_by_side(slots: list[int]) -> list[list[int]]:
    """Sorted slots of one row in their runs of neighbours.

    >>> side_by_side([2, 3, 4, 6, 7, 9])
    [[2, 3, 4], [6, 7], [9]]
    """
    parts: list[list[int]] = []
    for slot in slots:
        if parts and parts[-1][-1] == slot - 1:
            parts[-1].append(slot)
        else:
            parts.append([slot])
    return parts


def swap_cost_text(needed: Sequence[Tile], okey: Tile) -> str:
    """What an okey another seat could swap out would cost, said as the lay-down box says it
    for staged melds: the cost, then who ("+101 to you if a player holding R5 takes it")."""
    return _("+{points} to you if a player holding {tiles} takes it").format(
        points=PENALTY, tiles=swap_holders_text(needed, okey)
    )


class TableScreen(Screen[None]):
    """One hand after another at the table, until the match ends."""

    ALLOW_SELECT = False  # a drag moves tiles: no text selection (dialogs over it keep theirs)

    # Every key of the table, once: the key bar shows ``show`` ones by their label, the
    # help screen lists all of them with their tooltip, and a key that cannot be used
    # now explains itself (see on_key).
    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "←", show=False, tooltip=CURSOR),
        Binding("right", "cursor(1, 0)", "→", show=False, tooltip=CURSOR),
        Binding("up", "cursor(0, -1)", "↑", show=False, tooltip=CURSOR),
        Binding("down", "cursor(0, 1)", "↓", show=False, tooltip=CURSOR),
        Binding("space", "select", N_("Select"), show=False, tooltip=SELECT),
        Binding("m", "select_group", N_("Group"), show=False, tooltip=GROUP),
        Binding("left_square_bracket", "extend(-1)", N_("Extend"), show=False, tooltip=EXTEND),
        Binding("right_square_bracket", "extend(1)", N_("Extend"), show=False, tooltip=EXTEND),
        Binding("shift+left", "shift(-1, 0)", N_("Move"), show=False, tooltip=SLIDE),
        Binding("shift+right", "shift(1, 0)", N_("Move"), show=False, tooltip=SLIDE),
        Binding("shift+up", "shift(0, -1)", N_("Move"), show=False, tooltip=OTHER_ROW),
        Binding("shift+down", "shift(0, 1)", N_("Move"), show=False, tooltip=OTHER_ROW),
        Binding("home", "row_end(-1)", N_("First tile"), show=False, tooltip=ROW_ENDS),
        # The digits are read as they are typed (on_key: 1 then 2 is a 12).
        Binding("1,2,3,4,5,6,7,8,9,0", "to_number", N_("To number"), show=False, tooltip=BY_NUMBER),
        Binding("end", "row_end(1)", N_("Last tile"), show=False, tooltip=ROW_ENDS),
        Binding("shift+home", "jump(-1)", N_("To start"), show=False, tooltip=SELECTION_TO_ENDS),
        Binding("shift+end", "jump(1)", N_("To end"), show=False, tooltip=SELECTION_TO_ENDS),
        Binding("tab", "next_gap", N_("Next gap"), show=False, tooltip=NEXT_GAP),
        Binding("shift+tab", "gap_before", N_("Gap before"), show=False, tooltip=NEXT_GAP),
        Binding("j", "join", N_("Join"), show=False, tooltip=JOIN),
        Binding("d", "draw", N_("Draw"), tooltip=N_("draw from the middle")),
        Binding(
            "t", "take", N_("Take"), tooltip=N_("take the left discard (only to use it this turn)")
        ),
        Binding(
            "g", "give_back", N_("Give"), tooltip=N_("give the taken discard back and draw instead")
        ),
        Binding("o", "stage", N_("Open"), tooltip=STAGE),
        # Once the seat has opened, o stages new melds: "Open" there read as a second opening.
        Binding("o", "stage_more", N_("Meld"), tooltip=STAGE),
        # Opened with pairs, o stages pairs: a pair is no "per" to a Turkish player.
        Binding("o", "stage_pair", N_("Pair"), tooltip=STAGE),
        # While melds are staged the key bar shows Enter and Esc, so that a click lays them
        # down or puts them back (the same keys as commit and unstage, which the bar leaves
        # out: Enter and Esc do more than these). Left out otherwise.
        Binding("enter", "lay_down", N_("Lay down"), tooltip=COMMIT),
        Binding("escape", "put_back", N_("Put back"), tooltip=UNSTAGE),
        Binding("enter", "commit", N_("Lay down"), show=False, tooltip=COMMIT),
        Binding(
            "enter",
            "summary",
            N_("Summary"),
            tooltip=N_("the hand's summary again, after a look at the table (Esc there)"),
        ),
        Binding(
            "a",
            "add",
            N_("Add"),
            tooltip=N_(
                "add the selection to a table meld, or each tile to the one meld it goes on "
                "(all or nothing); with nothing selected, every tile that fits; asked which "
                "meld, type its number"
            ),
        ),
        Binding(
            "w",
            "swap",
            N_("Swap"),
            tooltip=N_("swap an okey off the table for the tile it stands for"),
        ),
        Binding(
            "b",
            "take_back",
            N_("Back"),
            tooltip=N_("take back what you laid this turn (asks first where it costs a penalty)"),
        ),
        Binding("x", "discard", N_("Discard"), tooltip=DISCARD),
        Binding(
            "s",
            "arrange('melds')",
            N_("Sort"),
            tooltip=N_("arrange by runs and sets, groups apart"),
        ),
        Binding("p", "arrange('pairs')", N_("Pairs"), tooltip=N_("arrange by pairs, groups apart")),
        Binding(
            "P",
            "declare_pairs",
            N_("Go pairs"),
            tooltip=N_(
                "declare Going Pairs: open only with pairs this hand (Challenge; asks first)"
            ),
        ),
        Binding("escape", "unstage", N_("Unstage"), show=False, tooltip=UNSTAGE),
        Binding(
            "v",
            "piles",
            N_("Piles"),
            show=False,
            tooltip=N_("see every discard pile (or click one)"),
        ),
        Binding(
            "c",
            "colour_blind",
            N_("Colour-blind"),
            show=False,
            tooltip=N_("shapes on your rack's tiles, for colour-blind players (on / off)"),
        ),
        Binding(
            "B",
            "bell",
            N_("Bell"),
            show=False,
            tooltip=N_("the bell as your turn comes after a long wait for the others (on / off)"),
        ),
        Binding(
            "h", "hints", N_("Hints"), tooltip=N_("show or hide the hint panel (practice tables)")
        ),
        # e in the key bar while the hints shown name a move (the key they teach), a click
        # away for a player with a mouse; the same key, always at work, listed by ? alone.
        Binding("e", "follow_hint", N_("Follow"), tooltip=HINT_TILE),
        Binding("e", "hint_tile", N_("To the hint"), show=False, tooltip=HINT_TILE),
        # PageUp/PageDown scroll the melds and [ ] extend the selection: the brackets' twins.
        Binding(
            "left_curly_bracket", "scroll_hints(-1)", N_("Hints ↑"), show=False, tooltip=HINT_SCROLL
        ),
        Binding(
            "right_curly_bracket", "scroll_hints(1)", N_("Hints ↓"), show=False, tooltip=HINT_SCROLL
        ),
        Binding(
            "u",
            "undo",
            N_("Undo"),
            tooltip=N_(
                "undo your last sort or move of tiles, or put staged melds back; at a "
                "practice table, also your last step this turn"
            ),
        ),
        Binding(
            "z",
            "hide_rack",
            N_("Hide rack"),
            show=False,
            tooltip=N_(
                "hide your rack while you step away (a table people share at one screen); "
                "Enter brings it back as you left it"
            ),
        ),
        Binding(
            "k",
            "mark_okeys",
            N_("Mark okeys"),
            show=False,
            tooltip=N_("mark the okeys on the rack (on / off)"),
        ),
        Binding("l", "toggle_log", N_("Log"), tooltip=LOG),
        Binding("n", "next_tip", N_("Got it"), tooltip=N_("put away the tip shown over the table")),
        Binding("pageup", "scroll_melds(-1)", N_("Melds ↑"), show=False, tooltip=SCROLL),
        Binding("pagedown", "scroll_melds(1)", N_("Melds ↓"), show=False, tooltip=SCROLL),
        Binding(
            "slash",
            "chat",
            N_("Chat"),
            tooltip=N_("say a line to the table (a table with friends)"),
        ),
        # F1 too, as at the new-table screen (it was the one key there that did nothing).
        Binding("question_mark,f1", "help", N_("Help"), tooltip=N_("this help"), key_display="?"),
        Binding(
            "q",
            "quit_table",
            N_("Quit"),
            tooltip=N_("quit (asks first; a match you have played in is saved)"),
        ),
    ]

    class TableChanged(Message):
        """The table changed on its own: another seat moved, a hand began or ended."""

    def __init__(
        self,
        table: TableInterface,
        *,
        practice: bool = False,
        tips: bool = True,
        tips_shown: set[tuple[int, str]] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.rack = RackLayout()
        self.cursor = 0
        self.selected: set[int] = set()
        self.fresh: set[int] = set()  # the tile just drawn or taken, until the next move
        self.reveal_meld: int | None = None  # the meld the player just changed, to show
        self._melds_paged = False  # the melds box paged by hand on another's turn (PgUp/PgDn)
        self.staging = Staging()
        self.colour_blind = False
        self.hidden = False  # hot-seat: the racks are hidden while the terminal changes hands
        self._tip_height = 0  # the tip's rows when last in sight (it gives way to staged melds)
        self._logged = 0
        # Chat said before this screen opened (a rejoin) goes into the log, not over the table.
        self._chatted = 0
        self._chat_before = len(table.chat_lines)
        self._present: dict[int, bool] = {}  # people's seats: connected when last shown
        self._chat_noted = -CHAT_SHOWN_S  # time.monotonic() of the last chat note
        self._summary_shown = False
        self._looking = False  # the hand is over and the player looks at the table (Esc)
        self._said_before_look = ""  # the line's words when that look began
        # This seat's time left at the clock's last tick (None: not its turn, or no clock).
        self._clock_left: int | None = None
        self._clock_said = ""  # the line's last warning of the turn's last seconds
        self._asked_next = False
        self._summary_for = -1  # the hand the summary shown was for
        self._waiting_said = ""  # the line last said whom the table waits for
        # The end of the line that last said an away person's seconds before a bot plays
        # their turn, and their seat: counted down with the table (tick_away_wait).
        self._away_said: tuple[int, str] | None = None
        # The table dealt by itself while this seat was on the summary: its first turn says so.
        self._dealt_unready = False
        self._hand = table.hand_number
        # Which match of the table the screen shows: a network table's people may play
        # again at its end, and the next match gets a screen of its own.
        self._match = table.match_number
        # The events up to which the bot's moves for this seat were said (hand, count).
        self._covered_told: tuple[int, int] = (-1, 0)
        self._restored = False  # the kept rack order is put back once, when the screen opens
        # Keys act once the screen is built and its hand shown (on_mount): a key that came
        # as a friend's table reconnected, before then, ended the game in a traceback.
        self._set_up = False
        self.waiting = False  # another seat is playing: its turn ends when ours begins
        # When this seat began waiting for the others (time.monotonic()): a turn that comes
        # after BELL_AFTER seconds of it rings the terminal's bell.
        self.waiting_since: float | None = None
        self.table_marks = TableMarks()
        self.moves_seen: list[str] = []  # other seats' table moves since this seat last played
        self.moves_kept: list[int] = []  # for each: its rank (TableMarks.kept)
        # The hand's moves on the table as the line says them, each with its rank and the
        # seat that made it: at a shared terminal, each person's news since their turn.
        self.hand_moves: list[tuple[str, int, int]] = []
        self.turns_came = 0  # how often this seat's turn came back (see turn_came)
        # The line the turn came with (the others' moves, then the turn's step) and the
        # hand's events then: the prompt again after a rack notice, while nothing was drawn
        # (s first thing put "Sorted: …" over the news, and it never came back).
        self.turn_news: tuple[tuple[int, int, int], str] | None = None
        # The openings (hand number, seat, "melds" or "pairs") the player chose to break
        # with a discard, asked once: not asked of again in that hand.
        self.opening_let_go: set[tuple[int, int, str]] = set()
        self.own_said: list[str] = []  # this seat's discard and its cost, till its next turn
        self._said_log: bool | None = None  # the status line says the log shows (or not)
        # l showed the log in the hints' place: the log's choice before (see log_choice)
        self._log_over_hints = False
        self._log_before_hints: bool | None = None
        self._error_at: tuple[object, ...] | None = None  # the table when it erred or noted
        self._size_hidden: Size | None = None  # the terminal's size when another screen came on top
        self._status_said = ""  # the status line's message
        # The rack as it was before each sort or move of its tiles (u puts it back), with
        # the rack it belongs to and how many of the hand's events there were then.
        self.rack_history: list[RackStep] = []
        self.join_round: JoinRound | None = None  # the last j's tile, for j again
        # The rack as the last sort (s, p) left it.
        self.sorted_as: list[Tile | None] = []
        # The kinds of the engine's actions legal now, worked out once for all the keys
        # (see check_action), and the count of changes they are good for (state_changed).
        self._changes = 0
        self._legal: tuple[tuple[int, ...], frozenset[type[Action]], bool] | None = None
        # Whether the table refuses this seat's draw all this turn (the starter's first
        # turn has none), for the turn it was asked of (see draw_turn); and the turn
        # whose answer is awaited.
        self._no_draw: tuple[tuple[int, ...], bool] | None = None
        # The last digit typed (cursor_to_number): what was typed, when, and the slot the
        # search began after (a 1 then a 2 looks for a 12 from there).
        self._number_typed: tuple[str, float, int] | None = None
        self._no_draw_asked: tuple[int, ...] | None = None
        # e on a lay-off hint: (the slot, the hint's add, the table's events then); a on
        # that tile adds it to the meld the hint names while the table is as it was, an
        # okey as the tile the hint says it stands for (the chooser opens on that).
        self.hint_add: tuple[int, AddTile, int] | None = None
        # e on an okey swap hint: (the swap, the table's events then); w with the cursor on
        # a tile it gives makes that swap while the table is as it was.
        self.hint_swap: tuple[SwapOkey, int] | None = None
        # The line said when melds were last staged, and those melds: h or l keeps its
        # words (Enter, Esc) while the same melds stay staged.
        self.staged_said: tuple[list[Meld], str] | None = None
        self.last_refused: ActionRefused | None = None  # the table's last refusal of a move
        # An opening Enter tried this turn that fell short of the floor: (the turn's mark,
        # see turn_mark; whether it was pairs; its points or pairs; the floor).
        self.short_opening: tuple[tuple[int, ...], bool, int, int] | None = None
        self.practice = Practice(self, practice, tips, tips_shown)
        self.hotseat = (
            HotSeat(self, table)
            if isinstance(table, LocalTable) and len(table.people) > 1
            else None
        )

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # The boxes drawn after every key and move, kept at hand rather than looked up
        # among the screen's widgets each time. The seats' panels and the piles in the
        # order the screen holds them (as a query finds them).
        pile = {n: PilePanel(n, id=f"pile-{n}") for n in range(4)}
        seat = {n: PlayerPanel(n, id=f"seat-{n}") for n in range(4)}
        self.player_panels = [seat[2], seat[3], seat[1], seat[0]]
        self.pile_panels = [pile[2], pile[1], pile[3], pile[0]]
        self.board = Board(id="board")
        self.top_row = Horizontal(id="top-row")
        self.bottom_row = Horizontal(id="bottom-row")
        self.tip_box = SteadyStatic(id="tip")
        self.centre_info = CentreInfo(id="centre-info")
        self.melds_view = MeldsView(id="melds")
        self.laydown = LayDownArea(id="laydown")
        self.game_log = GameLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=16)
        self.rack_widget = RackWidget(id="rack")
        self.status_line = SteadyStatic(id="status")
        self.key_bar = KeyBar(id="keys")
        with Horizontal(id="main"):
            with self.board:
                with self.top_row:
                    yield pile[2]
                    yield seat[2]
                    yield pile[1]
                with Horizontal(id="mid-row"):
                    yield seat[3]
                    with Vertical(id="centre"):
                        yield self.centre_info
                        yield self.melds_view
                    yield seat[1]
                    yield self.tip_box
                with self.bottom_row:
                    yield pile[3]
                    yield seat[0]
                    yield self.laydown
                    yield pile[0]
            yield self.game_log
            yield HintPanel(id="hints")
        yield self.rack_widget
        yield self.status_line
        yield self.key_bar

    @property
    def replaced(self) -> bool:
        """Replaced before it was shown (a friend's table reconnected twice in a row): its
        widgets are gone, and the newer screen listens to the table."""
        return self not in self.app.screen_stack

    def after_refresh(self, step: Callable[[], object]) -> None:
        """``step`` after the next refresh, unless the screen was replaced by then."""
        self.call_after_refresh(lambda: None if self.replaced else step())

    def on_mount(self) -> None:
        if self.replaced or not self.app.is_running:
            # Replaced, or the app closing (q while a friend's table reconnected): its
            # widgets are gone by now, and building the table failed on the way out.
            return
        self.colour_blind = bool(getattr(self.app, "colour_blind", False))
        settings = getattr(self.app, "settings", None)
        self.practice.mark_okeys |= bool(getattr(settings, "mark_okeys", False))
        if getattr(settings, "log_hidden", False) and self.hotseat is None:
            # l hid it at an earlier table (a table several people share keeps to each
            # person's own l, from the size's choice).
            self.show_log(False)
        # The table tells the screen of every change; a table in this process begins play here.
        self.table.set_listener(self.tell_table_changed)
        self.new_hand()
        table = self.table
        if not isinstance(table, LocalTable):
            self.set_interval(0.5, self.tick_turn_clock)  # a network table's turn time
        if self.practice.on and isinstance(table, LocalTable) and table.session.hints:
            self.practice.show_hints(True)  # as the match was left (h had shown them)
            if self.hotseat is not None:  # they were the hints of whoever had the terminal
                self.hotseat.keep_look(table.seat)
        self._set_up = True
        self.refresh_bindings()

    def tell_table_changed(self) -> None:
        self.state_changed()  # (the table has changed already; the screen shows it later)
        self.post_message(self.TableChanged())

    def state_changed(self) -> None:
        """Something the keys depend on may have changed (the table, the staging, the
        selection, the screen on top): what check_action worked out is stale."""
        self._changes += 1

    def refresh_bindings(self) -> None:
        self.state_changed()
        super().refresh_bindings()

    def on_unmount(self) -> None:
        # Its own listener only: the next match's screen, mounted before this one goes,
        # listens already (cleared, the new match's screen froze at its deal).
        if self.table.listener == self.tell_table_changed:
            self.table.set_listener(None)

    def on_table_screen_table_changed(self, message: TableChanged) -> None:
        self.table_moved()
        self.tell_table_news()

    def ended_line(self, event: Event) -> str:
        """How the hand ended ("Zeynep finished: normal finish"), for the line; at a shared
        terminal by name, as the log says it ("You" was whoever played last)."""
        return event_line(
            self.table.seats(), event, self.view, named=self.hotseat is not None
        ).plain

    def tell_table_news(self) -> None:
        """What went wrong behind a table in this process (the match is not being saved, a
        hand's statistics were not written), told once: on the status line, and in a note
        that outlasts it (and shows over the hand's summary)."""
        table = self.table
        if self.hidden or not isinstance(table, LocalTable):
            return  # hot-seat: told once the next person has the terminal
        news = " · ".join(table.session.take_news())
        if news:
            self.set_status(news, error=True)
            self.notify(news, severity="error", timeout=30, markup=False)

    def rack_slots(self, rack: RackLayout | None = None) -> list[str | None]:
        """A rack as the table keeps it: tile texts, None for a gap."""
        return [None if t is None else str(t) for t in (rack or self.rack).slots]

    def keep_rack(self) -> None:
        """The table keeps this seat's rack order (saved with the match, given back on a
        rejoin), staged melds in the slots they left: a match that stops while melds are
        staged gets them back whole, where the player had them. With the order goes where
        the tiles laid this turn left from: a take-back (b) after a resume or a rejoin puts
        them back in those slots, not in at a row's end as new tiles."""
        self.refresh_bindings()  # u shows once a sort or a move can be undone
        if self.hidden:
            return
        rack = self.rack
        if self.staging.melds:
            rack = rack.copy()
            rack.bring_back([list(m.tiles) for m in self.staging.melds])
        memory = rack.departures(self.table.hand_number, self.table.events)
        if isinstance(self.table, LocalTable):  # and the melds staged, to stage again
            okey = self.view.okey
            self.table.keep_staged([meld.text(okey) for meld in self.staging.melds])
            # The cursor as it is now, written with the rack: after a draw it waits on the
            # new tile, and a match killed then resumed marks that copy (the save had the
            # cursor of before the draw, on a twin in a run).
            self.table.session.cursors[self.table.seat] = self.cursor
        self.table.keep_layout(self.rack_slots(rack), memory)

    def restage_kept(self) -> bool:
        """The melds the person at the keys had staged as the match was saved, staged again
        on its resume (they came back to the rack, and nothing said so): True when they
        were. Not after anything happened at the table, nor when the rack lacks a tile."""
        table = self.table
        if not isinstance(table, LocalTable) or self.staging.melds or not self.my_turn:
            return False
        texts = table.staged_kept()
        if not texts or self.hidden:
            return False
        okey = self.view.okey
        try:
            melds = [parse_meld(text, okey) for text in texts]
        except OkeyError:
            return False  # a hand-edited save: the tiles are on the rack, as before
        if not self.stage_melds(melds):
            return False
        self.render_all()
        return True

    def restore_layout(self) -> None:
        """Put the tiles back where they were when the match was saved or the seat left."""
        layouts = {self.table.seat: self.table.layout()}
        if self.hotseat is not None:
            layouts = self.hotseat.kept_layouts()
        for seat, slots in layouts.items():
            if not slots or len(slots) != RACK_SLOTS:
                # A hand-made order (a save edited, a message made by hand): "R1 R2" left
                # the rack 11 columns wide, its tiles packed, for the rest of the hand.
                continue
            try:
                tiles = [None if t is None else Tile.parse(str(t)) for t in slots]
            except OkeyError:
                continue
            rack = RackLayout(cols=len(tiles) // 2)
            rack.slots = tiles
            # Where the tiles laid this turn left from, if kept in this very turn (a resumed
            # turn goes on; a memory of another turn, or one the table contradicts, is left).
            view = self.view
            rack.recall_departures(
                self.table.session.departures.get(seat)
                if isinstance(self.table, LocalTable)
                else self.table.departures(),
                hand=self.table.hand_number,
                events=self.table.events,
                on_turn=view.turn == seat and view.phase is Phase.PLAY,
                off_rack=[t for meld in view.table for t in meld.meld.tiles],
            )
            cursor = 0
            if isinstance(self.table, LocalTable):  # where it was when the match was saved
                saved = self.table.session.cursors.get(seat, 0)
                cursor = saved if saved < len(tiles) and tiles[saved] is not None else 0
            if seat == self.table.seat and not self.hidden:
                self.rack = rack
                self.cursor = cursor
                self.cursor_to_a_tile()
                if not isinstance(self.table, LocalTable) and self.my_turn:
                    # Back at a network table after its draw (a dropped line, the host's
                    # table opened again): the drawn or taken tile is new again, with the
                    # cursor on it, as before (d then x throws it; the cursor was on the
                    # first tile, and x threw a tile of the player's groups).
                    self.mark_taken_new()
            elif self.hotseat is not None:
                self.hotseat.seat_places[seat] = SeatPlace(rack, cursor)

    def on_resize(self, event: events.Resize) -> None:
        # The rack's tiles take their size now, so the layout gives the rack its lines at
        # once; the panels choose their line breaks by width: draw them again at the new size.
        self.rack_widget.fit(event.size.width, event.size.height)
        self.after_refresh(self.render_all)
        self.after_refresh(self.fit_status)
        self.after_refresh(self.log_said_still_true)

    def log_said_still_true(self) -> None:
        """The status line said "Log shown: l hides it" after the window grew or shrank and
        the log came or went with its size: it then says what is true now."""
        if self._said_log is not None and self._said_log != self.log_shown():
            self.set_status(self.prompt())

    def on_screen_suspend(self) -> None:
        self._size_hidden = self.app.size

    def on_screen_resume(self) -> None:
        """A resize while another screen was on top (the privacy screen, a dialog, the
        help) reached only that screen: at 80x24 the wide layout's log column stayed and
        squeezed the table. The styles of the app's size classes and the panels' line
        breaks are brought up to the present size here (styling the whole table again
        only when the size did change; the notice of a small terminal styles every screen
        again as it goes)."""
        if self._size_hidden is not None and self._size_hidden != self.app.size:
            self.update_node_styles(animate=False)
        self._size_hidden = None
        self.after_refresh(self.refit)

    def refit(self) -> None:
        if self.is_current:  # not when the screen was replaced meanwhile (a new match)
            self.render_all()
            self.fit_bottom_row()

    def on_board_resized(self, message: Board.Resized) -> None:
        self.after_refresh(self.fit_bottom_row)

    def on_lay_down_area_widened(self, message: LayDownArea.Widened) -> None:
        self.after_refresh(self.render_all)

    # -- state helpers -----------------------------------------------------------
    @property
    def view(self) -> PlayerView:
        return self.table.view()

    @property
    def my_turn(self) -> bool:
        """This seat is to play (the hand is on)."""
        table = self.table
        return not table.hand_over and table.turn == table.seat

    def mark_taken_new(self, keep_cursor: bool = False) -> None:
        """The tile taken from the left and not yet laid, or drawn this turn (a resumed
        match), is new again, with the cursor on it as after the draw (d then x throws it);
        with ``keep_cursor`` (the save kept where the person had left the cursor, on a tile)
        only the mark comes back (the cursor left on K4 came back on the drawn R11).

        The saved rack names tiles, not which copy came in: with a copy of that tile in a
        run as well, the mark goes to the copy that stands most apart (the smallest group,
        where a new tile comes in), the rightmost of those, so that giving it back never
        takes a tile out of the player's meld. A cursor the save put back on a copy of
        it (the cursor waits on a drawn tile) names that copy: the mark went to the other
        B6, in a run, after a resume."""
        view = self.view
        tile = view.taken.tile if view.taken is not None else self.drawn_this_turn()
        slots = self.rack.slots
        under = slots[self.cursor] if 0 <= self.cursor < len(slots) else None
        # (Only a local table's cursor comes from the save; a network seat's starts at 0.)
        if tile is not None and under == tile and isinstance(self.table, LocalTable):
            slot: int | None = self.cursor
        else:
            slot = None if tile is None else self.rack.slot_of(tile, apart=True)
        if slot is not None:
            self.fresh = {slot}
            if not (keep_cursor and under is not None):
                self.cursor = slot
            self.render_all()

    def drawn_this_turn(self) -> Tile | None:
        """The tile this seat drew from the middle this turn, if it did (its log says)."""
        view = self.view
        if view.phase is not Phase.PLAY:
            return None
        for event in reversed(self.table.events):
            if event.seat != view.seat:
                return None  # another seat's move: this turn began with no draw of ours
            if event.kind == "draw" and event.tiles:
                return event.tiles[0]
        return None

    def waiting_for(self, first: bool = False) -> list[str]:
        """``waiting for Mehmet`` while another person (at a network table) is to play: a
        bot plays at once, a person may take a while, and the line said only what was done.
        ``first``: the line begins with it ("Waiting for Mehmet")."""
        table = self.table
        if self.hotseat is not None or table.hand_over or table.turn == table.seat:
            return []
        info = table.seats()[table.turn]
        if info.level is not None:
            return []  # a bot plays at once
        self._away_said = None
        if not info.connected:
            # The table gives an away person a while to come back before a bot plays: the
            # line said only this seat's discard meanwhile, as if nothing were waited for.
            # Where the table says how long, the seconds are counted down.
            left = self.away_seconds(info.seat)
            if left is None:
                said = (
                    _("Waiting for {name} (away: a bot plays if they are not back soon)")
                    if first
                    else _("waiting for {name} (away: a bot plays if they are not back soon)")
                )
            elif left > 0:
                said = (
                    _("Waiting for {name} (away: a bot plays in {seconds} s)")
                    if first
                    else _("waiting for {name} (away: a bot plays in {seconds} s)")
                )
            else:
                said = (
                    _("Waiting for {name} (away: a bot plays for them)")
                    if first
                    else _("waiting for {name} (away: a bot plays for them)")
                )
            words = said.format(name=info.name, seconds=left)
            self._away_said = (info.seat, words)
            return [words]
        said = _("Waiting for {name}") if first else _("waiting for {name}")
        return [said.format(name=info.name)]

    def away_seconds(self, seat: int) -> int | None:
        """Seconds before a bot takes ``seat`` of its away person (0: a bot plays it), at a
        network table that says it; None otherwise."""
        at = self.table.bot_takes_seat_at(seat)
        return None if at is None else seconds_until(at)

    def tick_away_wait(self) -> None:
        """The line's "waiting for Mehmet (away: a bot plays in 42 s)", counted down with
        the table while nothing else took the line (and said again as he comes back)."""
        if self._away_said is None:
            return
        seat, part = self._away_said
        said = self._status_said
        if not said.endswith(part) or self.table.hand_over or self.table.turn != seat:
            return
        now = self.waiting_for(first=said == part)
        if now and now[0] != part:
            self.set_status(said[: len(said) - len(part)] + now[0])

    def while_waiting(self) -> str:
        """The line while the others play and none of them has moved on the table: this
        seat's own discard (and what it cost), and the person to play ("Waiting for Ayşe"
        as a hand begins or a match is resumed on another person's turn: it was empty)."""
        return " · ".join([*self.own_said, *self.waiting_for(first=not self.own_said)])

    def seat_name(self, seat: int) -> str:
        return self.table.seats()[seat].name

    def new_hand(self) -> None:
        self._hand = self.table.hand_number
        self.hand_moves = []
        self.rack = RackLayout()
        self.rack_history.clear()
        self.staging.clear()
        self.selected.clear()
        self.fresh.clear()
        self.cursor = 0
        self._summary_shown = False
        self._looking = False
        self._asked_next = False  # this seat asked for the next hand; the others may not have
        self.waiting = False
        self.waiting_since = None
        self.table_marks.reset(self.table.events, self.view.table)
        self.rebuild_log()
        # The seat to start (or a match resumed on its turn) is told how the turn goes, and
        # on another person's turn whom the table waits for.
        self.own_said = []
        if self.hotseat is not None:
            self.set_status("")
        elif self.table.hand_over:
            # Back at a finished hand (a rejoin at its summary): how it ended and who is
            # ready, as the line says once a hand ends in sight (it was empty).
            self.say_hand_over()
        else:
            now = self.turn_hint() if self.my_turn else self.while_waiting()
            now = self.as_starter(now)
            # Back at a network table where a bot played this seat meanwhile: what it did
            # (the log alone said it; a player back at the table looks at the line).
            covered = [event_line(self.table.seats(), e, self.view).plain for e in self.covered()]
            self.set_status(" · ".join([*covered[-2:], *([now] if now else [])]))
        if self.hotseat is not None:
            self.hotseat.new_hand()
        if not self._restored:
            self._restored = True
            self.restore_layout()
        self.changed()

    def as_starter(self, line: str) -> str:
        """``line`` said to the starter of a later hand on its first turn, with why there
        is a tile more and no draw: "why 22 tiles again?" asked a player who had finished
        the hand before (the finisher starts the next; the first hand's tip says it of the
        first)."""
        if (
            self.my_turn
            and self.table.hand_number > 0  # (from 0: a later hand)
            and not any(e.kind == "discard" for e in self.table.events)
        ):
            return _("You start this hand: {n} tiles, and no draw · {now}").format(
                n=len(self.view.rack), now=line
            )
        return line

    def covered(self) -> list[Event]:
        """The moves a bot made for this seat while its person was away (a network table),
        since the person's own last move in this hand, and not said on the line before:
        "A bot for you discarded B1" led the line again turns after it was said."""
        seat = self.table.seat
        events = list(self.table.events)
        hand, told = self._covered_told
        start = told if hand == self.table.hand_number else 0
        moves: list[Event] = []
        for at in range(len(events) - 1, start - 1, -1):
            event = events[at]
            if event.seat != seat:
                continue
            if not event.bot:
                break
            moves.append(event)
        self._covered_told = (self.table.hand_number, len(events))
        return moves[::-1]

    def rebuild_log(self) -> None:
        """Write the log again from the start, as the seat on the screen may see it."""
        self.query_one("#log", RichLog).clear()
        self._logged = 0

    def rack_tiles(self) -> list[Tile]:
        return without(self.view.rack, self.staging.tiles())

    def changed(self) -> None:
        """Re-render everything from the view, then wait for the others or show the summary."""
        went_round = self.catch_up()
        self.sync_rack()
        self.render_all()
        self.refresh_bindings()
        table = self.table
        if table.hand_over:
            self.show_summary()
        elif table.turn != table.seat:
            self.practice.drop_past_tips()
            if self.hotseat is not None and self.hotseat.pass_if_needed():
                return
            if not self.waiting:
                self.moves_seen.clear()
                self.moves_kept.clear()
                self.start_waiting()
        elif went_round or (self.waiting and self.hotseat is None):
            # The turn came back before the screen heard of it (a network table).
            self.waiting = False
            self.turn_came()
        else:
            self.practice.show_tips()

    def table_moved(self) -> None:
        """The table changed on its own (another seat played, a hand began): show it."""
        self.close_stale_questions()
        table = self.table
        if table.match_number != self._match:
            # Another match at this table (its people played again): a screen of its own,
            # nothing of the last match's on it.
            cast("OkeyApp", self.app).match_dealt(self)
            return
        if table.hand_number != self._hand:
            # At the summary (or looking at the table behind it) and not ready yet: the
            # table dealt by itself as its wait between hands ran out.
            late = (self._summary_shown or self._looking) and not self._asked_next
            self._close_summary()
            self.new_hand()
            if late:
                now = self._status_said
                self.set_status(" · ".join([self.dealt_unready_line(), *([now] if now else [])]))
                self._dealt_unready = not self.my_turn
            return
        went_round = self.catch_up()
        # Melds staged in a turn the table played on (its turn time ran out, a bot threw
        # for this seat): back on the rack, not shown as staged through the others' turns.
        unstaged = bool(self.staging.melds) and (table.hand_over or table.turn != table.seat)
        if unstaged:
            self.put_back_staged()
        self.sync_rack()
        self.render_all()
        self.refresh_bindings()
        if self.hotseat is not None:
            self.hotseat.table_moved()
        if table.hand_over:
            self.say_hand_over()
            self.show_summary()
        elif table.turn != table.seat:
            self.practice.drop_past_tips()
            if self.hotseat is not None and self.hotseat.pass_if_needed():
                return
            self.start_waiting()
            back = [_("The staged melds are back on the rack")] if unstaged else []
            if self.moves_seen:  # say it while the table shows it
                said = [self.moves_seen[-1], *back, *self.waiting_for()]
                # And the last move kept on purpose before it, where there is room (an
                # opening went from the line at the next lay-off: "Ali added Y6 to meld 1").
                kept = [
                    move
                    for move, rank in zip(self.moves_seen[:-1], self.moves_kept, strict=False)
                    if rank
                ]
                if kept and self.status_lines(" · ".join([kept[-1], *said])) <= self.status_rows():
                    said.insert(0, kept[-1])
                self.set_status(" · ".join(said))
            elif waiting := self.while_waiting():
                self.set_status(" · ".join([*back, waiting]))
        elif self.waiting or went_round:
            self.waiting = False
            self.turn_came()

    def say_hand_over(self) -> None:
        """The line behind a finished hand's summary: how the hand ended, and who is ready
        for the next hand (at a match's end, who wants another match), or whom the table
        waits for once this seat asked."""
        table = self.table
        # How the hand ended ("Zeynep finished: normal finish"), behind the summary:
        # the last move seen on the table ("Zeynep laid meld 16") did not say it.
        ended = [e for e in table.events if e.kind in ("finish", "end")]
        ready = [
            info.name
            for info in table.seats()
            if info.level is None and info.ready and info.seat != table.seat
        ]
        own = next((info for info in table.seats() if info.seat == table.seat), None)
        if own is not None and own.ready:
            # The table counts this seat ready though this screen did not ask (asked
            # before the host's okey101 was opened again, or before a rejoin at the
            # match's end for another match): it says whom it waits for.
            self._asked_next = True
        if self._asked_next:
            # Someone else got ready (or left): the line says whom the table waits for.
            self.say_waiting_for_ready()
        elif ready:
            # The others wait for this seat: its line said only how the hand ended.
            said = ngettext(
                "{names} is ready for the next hand: Enter when you are",
                "{names} are ready for the next hand: Enter when you are",
                len(ready),
            ).format(names=and_list(ready))
            if table.match_over:  # ready for another match at this table
                said = ngettext(
                    "{names} wants another match at this table: Enter if you do too",
                    "{names} want another match at this table: Enter if you do too",
                    len(ready),
                ).format(names=and_list(ready))
            if ended:
                said = self.ended_line(ended[0]) + " · " + said
            self.set_status(said)
        elif ended:
            self.set_status(self.ended_line(ended[0]))
        elif self.moves_seen:
            self.set_status(self.moves_seen[-1])
        from okey_tui.ui.screens.summary import HandSummaryScreen

        if isinstance(self.app.screen, HandSummaryScreen):
            self.app.screen.refresh_bindings()  # the host's D, as the others get ready

    def turn_went_round(self) -> bool:
        """Whether the changes not yet shown end this seat's turn (its own discard, or its
        bot's when its time ran out at a network table) and then hold the others' moves:
        several changes can reach a network table before the screen handles the first (a
        busy computer, bots without delay), and the screen, which never saw the turn
        leave, would not say that it came back. At one terminal the table waits for the
        screen, and hot-seat passes the terminal on its own."""
        if self.hotseat is not None:
            return False
        seat = self.table.seat
        new = list(self.table.events[self._logged :])
        mine = next((i for i, e in enumerate(new) if e.seat == seat), None)
        # Another seat's penalty is no move of theirs: a swap of their okey costs them
        # +101 right after it, and the line said "Your turn: …" over what the swap asks.
        return mine is not None and any(
            e.seat is not None and e.seat != seat and e.kind != "penalty" for e in new[mine + 1 :]
        )

    def catch_up(self) -> bool:
        """Before the changes not yet shown are drawn: whether they took this seat's turn
        round the table unseen (``turn_went_round``); if so, the moves said at its last
        turn are forgotten, so that its line says only those of the turn that comes."""
        went_round = self.turn_went_round()
        if went_round and not self.waiting:
            self.moves_seen.clear()
            self.moves_kept.clear()
        return went_round

    def start_waiting(self) -> None:
        """Another seat is to play: this one waits, from now if it was not waiting yet."""
        if not self.waiting:
            self.waiting_since = time.monotonic()
        self.waiting = True

    def ring_if_long(self) -> None:
        """The terminal's bell, as this seat's turn comes after a long wait for the others
        (a friend's slow turns at a network table, while the player looked elsewhere):
        when the player's choices ask for it, and never at a table several people share."""
        since, self.waiting_since = self.waiting_since, None
        settings = getattr(self.app, "settings", None)
        if since is None or self.hotseat is not None or not getattr(settings, "bell", False):
            return
        if time.monotonic() - since >= BELL_AFTER:
            self.app.bell()

    def turn_came(self) -> None:
        """The others have played: what they did on the table, then what this seat can do."""
        self.turns_came += 1
        self.ring_if_long()
        self.own_said = []
        if not self.query_one("#status", Static).has_class("-error"):
            # The last two moves, and any earlier one that cost this seat points (an okey
            # it laid, swapped out: the +101 on its panel is never left unexplained) or
            # opened (one bot's opening and two adds after it left the opening unsaid).
            seen = self.moves_seen
            kept = self.moves_kept
            # Each with its rank for a line too long: 0 goes first, then 1, 2 and 3.
            said = self.last_and_kept(seen, kept)
            # A bot played this seat's last turn (its time ran out, at a network table):
            # what it did comes first, and goes last (the log, out of sight at 80x24,
            # was the only word of it).
            seats = self.table.seats()
            covered = [event_line(seats, e, self.view).plain for e in self.covered()]
            said = [(line, BOT_FOR_YOU_RANK) for line in covered[-2:]] + said
            if self._dealt_unready:
                # The table dealt this hand while this seat was still on the summary: said
                # until its first turn (the others' moves came over the line before it).
                said.insert(0, (self.dealt_unready_line(), 2))
                self._dealt_unready = False
            said.extend(self.okey_left_warning())
            self.say_turn_news(self.news_line(said, seen, self.turn_hint()))
        self.practice.show_tips()

    def okey_left_warning(self) -> list[tuple[str, int]]:
        """On the turn after which the middle runs out, what an okey still in the rack will
        cost (with its rank for the line), or nothing: said before the hand ends on it (a
        learner kept the okey as the hints advised and met the +101 first on the summary)."""
        view = self.view
        okeys = view.rack.count(view.okey)
        if not okeys or not view.rules.penalties or view.later_draws or not view.middle_count:
            return []
        return [
            (
                ngettext(
                    "The middle runs out before your next turn if the others draw from it: an "
                    "okey still in your rack then costs +{points}",
                    "The middle runs out before your next turn if the others draw from it: each "
                    "okey still in your rack then costs +{points}",
                    okeys,
                ).format(points=PENALTY),
                2,
            )
        ]

    def news_line(self, said: list[tuple[str, int]], seen: list[str], turn: str) -> str:
        """The others' moves ``said`` (each with its rank) before ``turn`` (what this seat
        can do, said whole: "Your turn: d draw from the middle, or t take R5"), kept to the
        status line's rows, and how many of the moves ``seen`` it left to the log.

        What the player must do now matters more than the news, which the log keeps: at
        80x24 the line had said "… opened with 123 points (melds 6-9) · Your turn", the
        keys gone. The older news goes first, what was kept on purpose (an opening, a
        penalty) later, what a bot did for this seat last; the last news left is shortened
        to fit."""
        rows = self.status_rows()

        def line(news: list[str]) -> str:
            return " · ".join([*news, turn])

        news = news_that_fits(said, lambda news: self.status_lines(line(news)) <= rows)
        if news and self.status_lines(line(news)) > rows:
            news = [n for n in [self.shortened(news[0], turn, rows)] if n]
        # The moves left out, counted where there is room (a bot's fourth move went unsaid
        # with no word that there was more): the log has them all.
        left_out = sum(1 for move in seen if move not in news)
        if left_out:
            more = ngettext(
                "{n} more move in the log (l)", "{n} more moves in the log (l)", left_out
            ).format(n=left_out)
            if self.status_lines(line([*news, more])) <= rows:
                news = [*news, more]
        return line(news)

    def last_and_kept(self, moves: list[str], ranks: list[int]) -> list[tuple[str, int]]:
        """Of ``moves`` (with their ``ranks``), the ones the line says: the last two, and
        any earlier one kept on purpose (an opening, a penalty, an add to your meld)."""
        return [
            (move, ranks[i] if i < len(ranks) else 0)
            for i, move in enumerate(moves)
            if i >= len(moves) - 2 or (i < len(ranks) and ranks[i])
        ]

    def shortened(self, news: str, turn: str, rows: int) -> str:
        """``news`` cut at a word, with "…", so that it and ``turn`` after it keep to the
        status line's ``rows``; empty when not even its first two words would."""
        words = news.split(" ")
        for keep in range(len(words) - 1, 1, -1):
            cut = " ".join(words[:keep]).rstrip(" ·,:;") + "…"
            if self.status_lines(f"{cut} · {turn}") <= rows:
                return cut
        return ""

    def sync_rack(self) -> None:
        """Bring the rack in line with the engine's hand.

        A rack that is still empty (a new deal) gets its tiles in order;
        afterwards only the tiles that changed move (see RackLayout.sync).
        """
        if self.hidden:
            return
        tiles = self.rack_tiles()
        pointed = self.rack.slots[self.cursor] if self.cursor < len(self.rack) else None
        if self.rack.count() == 0 and len(tiles) > 2:
            self.rack.arrange([], sorted(tiles, key=Tile.sort_key))
        else:
            self.rack.sync(tiles, prefer=sorted(self.fresh), taken=self.taken_to_place())
            self.remap(self.rack.shifted, follow=False)  # moved aside for a taken tile
        slots = self.rack.slots
        self.selected = {i for i in self.selected if i < len(slots) and slots[i] is not None}
        self.fresh = {i for i in self.fresh if i < len(slots) and slots[i] is not None}
        self.cursor = max(0, min(self.cursor, len(self.rack) - 1))
        if pointed is not None:
            # The tile under the cursor gone (a bot threw it for this seat as the turn's
            # time ran out): the cursor goes to the nearest tile, not an empty slot.
            self.cursor_to_a_tile()

    def taken_to_place(self) -> tuple[Tile, Tile, tuple[MeldKind, ...]] | None:
        """A tile taken from the left is laid this turn: it comes in beside the group it
        makes a meld with (``RackLayout.put_beside``), not apart at the row's end."""
        view = self.view
        if view.taken is None:
            return None
        kinds = (MeldKind.PAIR,) if is_pairs_only(view) else (MeldKind.RUN, MeldKind.SET)
        return view.taken.tile, view.okey, kinds

    def cursor_to_a_tile(self) -> None:
        """A cursor on an empty slot goes to the nearest tile: x throws what it shows."""
        if self.cursor < len(self.rack) and self.rack.slots[self.cursor] is None:
            nearest = self.rack.nearest_tile(self.cursor)
            self.cursor = self.cursor if nearest is None else nearest

    def took(self, slots: Iterable[int]) -> None:
        """Tiles left these slots (a discard, a lay-off, staged melds); a cursor left on an
        empty slot goes to the next tile on its right, else its left, else the other row."""
        chosen = set(slots)
        self.rack.take(chosen)
        self.selected -= chosen
        self.fresh -= chosen
        if self.cursor in chosen:
            after = self.rack.tile_after(self.cursor)
            self.cursor = self.cursor if after is None else after

    def tick_turn_clock(self, said: bool = True, view: PlayerView | None = None) -> None:
        """The turn's time left beside the name of the seat to play, at a network table with
        a turn time. On the clock's own ticks (``said``), this seat's line says it as the
        time passes its last seconds and as it runs out; said as the turn comes, it would
        cover the news of the others' moves (and a turn shorter than the warning is
        warned by its clock alone). ``view``: the table's view, when the caller has it."""
        for panel in self.player_panels:
            # An away person's seconds before a bot takes their seat, under their panel.
            panel.set_away(self.away_seconds(panel.seat))
        if said:
            self.tick_away_wait()
        ends = self.table.turn_ends
        view = self.view if view is None else view
        left = None if ends is None else seconds_until(ends)
        for panel in self.player_panels:
            shown = left is not None and panel.seat == view.turn
            panel.set_clock(_("{seconds} s").format(seconds=left) if shown else "")
        if not said:
            return
        if self._asked_next and self.table.hand_over and self.table.next_hand_at is not None:
            # Ready between hands: the line counts down to the hand the table deals by itself.
            if self._status_said == self._waiting_said:  # nothing else said since
                self.say_waiting_for_ready()
            return
        mine = self.my_turn and view.phase is not Phase.OVER
        before, self._clock_left = self._clock_left, (left if mine else None)
        if left is None or not mine or before is None:
            return
        if left == 0 < before:
            self.set_status(_("Time is up: a bot plays the rest of your turn"))
        elif left <= CLOCK_WARNING < before or (
            # The warning counts down with the clock while nothing else took the line (it
            # said "10 seconds left" beside a clock at 5 s).
            left < before <= CLOCK_WARNING and self._status_said == self._clock_said
        ):
            self._clock_said = ngettext(
                "{seconds} second left: then a bot plays the rest of your turn",
                "{seconds} seconds left: then a bot plays the rest of your turn",
                left,
            ).format(seconds=left)
            self.set_status(self._clock_said)

    def place_panels(self) -> None:
        """The seat on the screen always sits at the bottom: turn the seats around it."""
        seat = self.table.seat
        for panel in self.player_panels:
            panel.seat = (int(str(panel.id).rsplit("-", 1)[1]) + seat) % 4
        for pile in self.pile_panels:
            pile.seat = (int(str(pile.id).rsplit("-", 1)[1]) + seat) % 4

    def fit_bottom_row(self) -> None:
        """The lay-down area grows (the melds above give way) rather than cut its melds off;
        but the middle row keeps its frame and one line under a shown tip: the indicator
        and the okey stay in sight (a tip goes with n). Where there is room the row keeps
        six lines, enough for the prompt with a selection under it or an opening's two
        lines, so that selecting a tile does not move the table a row."""
        tip = self.tip_box
        # A tip just put away may not be laid out yet: its old height would keep its room.
        tip_height = tip.outer_size.height if tip.has_class("-shown") else 0
        if tip_height:
            self._tip_height = tip_height
        room = self.board.size.height - self.top_row.outer_size.height - MID_ROW_LINES
        laydown = self.laydown
        # The row holds your own panel's lines too (a short terminal's row has two).
        needed = max(laydown.needed_height(), self.player_panels[3].needed_height())
        # Staged melds the tip would push out of sight (at 80x24 the melds about to be laid
        # were cut, "▼ 3 · PgDn · n: tip off"): the tip gives way until the staging is over.
        tipped = self.practice.tip_shown is not None
        with_tip = self.bottom_row_height(room - self._tip_height, needed)
        # Melds on the table the tip would leave no line for (at 80x24, after an opening,
        # the melds box kept only the indicator's line): the tip gives way as well.
        no_meld_line = (
            tipped and room - self._tip_height - with_tip < 1 and bool(self.table.view().table)
        )  # (the view made only while a tip shows: this runs at every drawing)
        aside = tipped and ((bool(self.staging.melds) and needed > with_tip) or no_meld_line)
        self.practice.set_tip_aside(aside)
        if tipped and not aside:
            room -= tip_height
        height = self.bottom_row_height(room, needed)
        self.bottom_row.styles.height = height
        laydown.fit(height - 2)

    def bottom_row_height(self, room: int, needed: int) -> int:
        """The lay-down area's row in ``room`` lines, ``needed`` to show all it holds."""
        # A compact terminal keeps two lines in the row, or three where the melds above
        # still keep more than half the board (100x30, a key bar on two lines in Turkish:
        # the player's own score was left out of a panel of two lines).
        base = 6
        if self.app.has_class("-compact"):
            base = 5 if room - 5 >= COMPACT_ROOMY else 4
        return max(base, min(needed, room))

    def render_all(self) -> None:
        # Whatever changed, the keys' state is worked out again (see check_action).
        self.state_changed()
        view = self.view
        table = self.table
        seats = table.seats()
        self.place_panels()
        for panel in self.player_panels:
            panel.show(seats, view)
        self.tick_turn_clock(said=False, view=view)
        for pile in self.pile_panels:
            pile.show(seats, view)
        for above in self.app.screen_stack:
            if isinstance(above, PilesScreen):  # the piles' list open over the table
                above.show(seats, view)
        self.centre_info.show(table.hand_number, view)
        events_ = table.events
        # Hot-seat: each person also sees what the others at the terminal did.
        lines = self.table_marks.update(
            seats, events_, view, None if self.hotseat is not None else table.seat
        )
        kept = self.table_marks.kept
        movers = self.table_marks.movers
        again = int(self.table_marks.replaces_last and bool(self.hand_moves))
        if again:
            self.hand_moves[-1] = (lines[0], kept[0], movers[0])
        self.hand_moves += zip(lines[again:], kept[again:], movers[again:], strict=True)
        if self.table_marks.replaces_last and self.moves_seen:
            # A seat's adds said again with one more ("Zeynep added K7 to meld 2, R4 to
            # meld 1"): at a bot's pace each add comes in an update of its own.
            self.moves_seen[-1], self.moves_kept[-1] = lines[0], kept[0]
            lines, kept = lines[1:], kept[1:]
        self.moves_seen += lines
        self.moves_kept += kept
        melds = self.melds_view
        melds.show(seats, view, self.table_marks.marks)
        if self.reveal_meld is None and not self._melds_paged:
            # The meld the line names ("Mehmet laid meld 15") in sight: on a short terminal
            # it lay below the box's fold, the line naming a meld nobody could see. Not
            # while the player reads the box, paged by hand on the others' turns (it pulled
            # them away from what they had paged to).
            self.reveal_meld = self.table_marks.newest
        if view.my_turn:
            self._melds_paged = False  # (after the news of the turns before it)
        if self.reveal_meld is not None:
            melds.call_after_refresh(melds.reveal, self.reveal_meld)
            self.reveal_meld = None
        self.laydown.show(view, self.staging, self.selection_text(view))
        self.fit_bottom_row()
        self.render_rack(view)
        log = self.game_log
        chat = table.chat_lines
        if self._chatted < self._chat_before:
            # Said before this screen opened (a rejoin, a table opened again): first, and
            # said to be earlier; after the moves it read as said again just now.
            log.write(Text(_("Said earlier at this table:"), "dim"))
            for line in chat[self._chatted : self._chat_before]:
                log.write(chat_line(line))
            self._chatted = self._chat_before
        named = self.hotseat is not None
        for at in range(self._logged, len(events_)):
            event = events_[at]
            if event.kind == "empty":
                continue  # the end's line says it: "The hand is over (the middle ran out)"
            log.write(event_line(seats, event, view, named=named))
            if event.kind == "takeback":
                for cancelled in cancelled_lines(seats, events_, at, None if named else view.seat):
                    log.write(cancelled)
        self._logged = len(events_)
        heard: list[ChatLine] = []
        for line in chat[self._chatted :]:
            log.write(chat_line(line))
            # The seat's own lines too: with the log out of sight (at 80x24) the sender
            # saw nothing of a line the others got as a note.
            heard.append(replace(line, name=_("You")) if line.seat == table.seat else line)
        self._chatted = len(chat)
        if heard and (not self.log_shown() or not self.is_current_screen()):
            # Over the summary, a question or the help too: the log is under them.
            self.note_chat(heard)
        self.note_comings_and_goings(seats)
        self.practice.render_hints(view)

    def note_chat(self, heard: Sequence[ChatLine]) -> None:
        """Chat lines the hidden log would keep from sight, as one note over the table: the
        latest line, and how many came with it. A newer note takes the place of the last
        (a friend who sends many lines never covers the table with notes)."""
        last = heard[-1]
        title = last.name
        if len(heard) > 1:
            more = len(heard) - 1
            title = ngettext(
                "{name} · {n} more line in the log (l)",
                "{name} · {n} more lines in the log (l)",
                more,
            ).format(name=last.name, n=more)
        now = time.monotonic()
        if now - self._chat_noted < CHAT_SHOWN_S:
            # The last chat note still shows: this one replaces it (with any other note
            # older than this line: Textual clears all its notes at once).
            self.app.clear_notifications()
        self._chat_noted = now
        self.notify(last.text, title=title, timeout=CHAT_SHOWN_S, markup=False)

    def note_comings_and_goings(self, seats: Sequence[SeatInfo]) -> None:
        """At a network table: a note when another person leaves (quits, or loses the
        connection) or comes back (their panel says "away" meanwhile)."""
        for info in seats:
            if info.level is not None or info.seat == self.table.seat:
                continue
            before = self._present.get(info.seat)
            self._present[info.seat] = info.connected
            if before is None or before == info.connected:
                continue
            left = None if info.connected else self.away_seconds(info.seat)
            if info.connected:
                said = _("{name} is back at the table")
            elif info.dropped and left:  # killed, the network down, a browser tab closed
                said = _(
                    "{name} lost the connection: a bot plays their seat if they are not back "
                    "in {seconds} s"
                )
            elif info.dropped and left == 0:
                said = _("{name} lost the connection: a bot plays their seat until they are back")
            elif info.dropped:
                said = _(
                    "{name} lost the connection: a bot plays their seat if they are not back soon"
                )
            elif left:  # the table says how long it keeps the seat
                said = _(
                    "{name} left the table: a bot plays their seat if they are not back in "
                    "{seconds} s"
                )
            elif left == 0:  # no grace period at this table
                said = _("{name} left the table: a bot plays their seat until they are back")
            else:
                said = _("{name} left the table: a bot plays their seat if they are not back soon")
            said = said.format(name=info.name, seconds=left)
            self.notify(said, markup=False)  # a name is not markup
            # Kept in the log too, as a note of the table's (a note goes after a while).
            line = Text("· ", "bold cyan").append(said, "cyan")
            self.query_one("#log", RichLog).write(line)

    def render_rack(self, view: PlayerView | None = None) -> None:
        """The rack drawn again (``view``: the table's view, when the caller has it)."""
        self.settle_status()
        if self.hidden:
            return
        if isinstance(self.table, LocalTable):  # kept with the match: a resume puts it back
            self.table.session.cursors[self.table.seat] = self.cursor
        view = self.view if view is None else view
        rack = self.rack_widget
        rack.mark_okeys = self.practice.mark_okeys
        rack.kinds = layable_kinds(view)
        rack.show(self.rack, view.okey, self.cursor, self.selected, self.colour_blind, self.fresh)

    def selection_text(self, view: PlayerView) -> Text | None:
        tiles = self.selected_tiles()
        if not tiles:
            return None
        text = Text(_("Selected:") + " ", "dim")
        text.append_text(chips(tiles, view.okey))
        found = readings(tiles, view.okey, layable_kinds(view))
        if found:
            text.append(f"  = {meld_kind(found[0].kind)} {found[0].value}", "green")
        return text

    def selected_tiles(self) -> list[Tile]:
        return [t for i in sorted(self.selected) if (t := self.rack.slots[i]) is not None]

    def set_status(self, message: str, error: bool = False) -> None:
        self._said_log = None  # the line no longer says whether the log shows
        status = self.status_line
        status.set_class(error, "-error")
        status.update(Text(message))
        self._error_at = self.state_mark() if error else None
        self._status_said = message
        self.fit_status()
        from okey_tui.ui.screens.summary import HandSummaryScreen

        above = self.app.screen if self.is_attached else None
        if isinstance(above, HandSummaryScreen):  # its box leaves the line's rows in sight
            above.call_after_refresh(above.fit_above_line)

    def rack_notice(self, message: str) -> None:
        """A line about the rack's last change: the next key that changes the rack, the
        cursor or the selection puts the turn's prompt back (settle_status), as after an
        error (it said "Undone: the move" after other moves)."""
        self.set_status(message)
        self._error_at = self.state_mark()  # stale, as an error is, at the next change

    def status_lines(self, message: str) -> int:
        """How many lines ``message`` takes in the status line."""
        status = self.status_line
        width = status.content_size.width or self.app.size.width - 2
        return len(Text(message).wrap(self.app.console, max(1, width)))

    def status_rows(self) -> int:
        """The rows the status line's news may take: two on a short terminal, else three."""
        return 2 if self.app.has_class("-short") else 3

    def fit_status(self) -> None:
        """A short terminal has no row to spare for a second line of message: the key bar
        lends one while the message shows, and the table does not move."""
        lines = self.status_lines(self._status_said)
        self.key_bar.lend_a_line(lines > 1 and self.app.has_class("-short"))

    def state_mark(self) -> tuple[object, ...]:
        """What a key can change on this screen: the rack, the cursor, the selection, the
        table's moves. An error stays in the status line while this stays the same."""
        table = self.table
        return (
            tuple(self.rack.slots),
            self.cursor,
            frozenset(self.selected),
            self.colour_blind,
            table.hand_number,
            len(table.events),
        )

    def settle_status(self) -> None:
        """After an error, the first key that changes something brings back the prompt:
        the status line says what is true now, not what went wrong some keys ago."""
        if self._error_at is None or self._error_at == self.state_mark():
            return
        self.set_status(self.prompt())  # an error, or a note about the rack's last change

    def say_turn_news(self, line: str) -> None:
        """The line a turn comes with, kept for :meth:`prompt` while the turn has not moved."""
        self.turn_news = (self.news_mark(), line)
        self.set_status(line)

    def news_mark(self) -> tuple[int, int, int]:
        """The hand, the seat and the hand's events: the line a turn came with is the
        prompt while they stay the same."""
        return (self.table.hand_number, self.view.seat, len(self.table.events))

    def prompt(self) -> str:
        """What the status line says when there is nothing new: the turn's next step, or
        the last move the others made. With melds staged, the line said when they were
        staged (a tile slid along the rack meanwhile had put "Your turn: d draw…" in its
        place, the staged total and Enter's step gone). Before the turn's draw, the line
        the turn came with, the others' moves in it."""
        if self.my_turn:
            news = self.turn_news
            if (
                news is not None
                and news[0] == self.news_mark()
                and self.view.phase is Phase.DRAW
                and not self.staging.melds
            ):
                return news[1]
            return self.step_now()
        return self.moves_seen[-1] if self.moves_seen else ""

    def error_text(self, refused: ActionRefused | OkeyError) -> str:
        if isinstance(refused, OkeyError):
            refused = ActionRefused.from_error(refused)
        view = self.view
        if (
            refused.code == ErrorCode.DRAW_FIRST.value
            and view.phase is Phase.DRAW
            and not view.middle_count
        ):
            # "draw a tile first" with no tile to draw: what the turn can do instead.
            return _("Not yet: {steps}").format(steps=self.turn_steps())
        said = self.practice.error_text(refused)
        if refused.code == ErrorCode.NOT_OPENED.value and view.opening is None:
            way = self.opening_way()  # the refusal said only who may: the way there too
            return f"{said} · {way}" if way else said
        if not self.my_turn:
            return said
        if refused.code == ErrorCode.ALREADY_DRAWN.value:
            # What the turn goes on with: the staged melds' line, when melds are staged.
            return f"{said} · {self.staged_line() or self.turn_steps()}"
        if refused.code == ErrorCode.TAKE_BACK_BEFORE_GIVING_BACK.value:
            return f"{said} · {self.take_back_way()}"
        if refused.code == ErrorCode.TAKEN_MUST_BE_USED.value:
            taken = view.taken
            if taken is not None and any(taken.tile in m.tiles for m in self.staging.melds):
                # Staged already ("o stages it" answered "Staged already"): the staged
                # total, and Enter once it opens.
                return f"{said} · {self.staged_line() or self.turn_steps()}"
            give_back = GiveBack in self.legal_now()[0]
            if not view.taken_still_usable():
                # Taken though it fits nothing (the question said so): a and o cannot help.
                if give_back:
                    return said + " · " + _("g gives it back")
                if view.laid_this_turn:  # too late for g: the one way on, and its cost
                    return f"{said} · {self.take_back_way()}"
                return said
            if self.view.opening is None:  # only an opening can hold it: a adds nothing yet
                if give_back:
                    return said + " · " + _("o stages it in your opening, g gives it back")
                return said + " · " + _("o stages it in your opening")
            if view.taken_swaps():  # it can go in for an okey on the table: w does that
                steps = (
                    _("w gives it for an okey, a adds it to a meld, o stages it, g gives it back")
                    if give_back
                    else _("w gives it for an okey, a adds it to a meld, o stages it")
                )
            elif give_back:
                steps = _("a adds it to a meld, o stages it, g gives it back")
            else:
                steps = _("a adds it to a meld, o stages it")
            return f"{said} · {steps}"
        return said

    def taken_due(self) -> str:
        """After a lay, while the tile taken from the left this turn is still on the rack:
        that it must be laid (x is refused till then), or, where it fits nowhere, the way
        on (b, and its cost); "" when no taken tile waits. The line said "x discards the
        tile under the cursor", and x was refused."""
        view = self.view
        taken = view.taken
        if taken is None:
            return ""
        tile = tile_text(taken.tile, view.okey)
        if view.taken_still_usable() or view.taken_swaps():
            return _("now lay {tile}, taken from the left").format(tile=tile)
        return _("{tile}, taken from the left, fits nowhere: {way}").format(
            tile=tile, way=self.take_back_way()
        )

    def take_back_way(self) -> str:
        """The way on for a seat whose taken tile fits nowhere once it laid something: b
        takes it all back (what that costs here), then g gives the tile back."""
        view = self.view
        cost = view.penalty_for(TakeBack())
        give = view.penalty_for(GiveBack())  # a table option may charge for g too
        if give is not None:
            return _(
                "b takes back what you laid (+{points}), then g gives it back (+{more})"
            ).format(points=0 if cost is None else cost.points, more=give.points)
        if cost is None:
            return _("b takes back what you laid, then g gives it back")
        return _("b takes back what you laid (+{points}), then g gives it back").format(
            points=cost.points
        )

    def opening_way(self) -> str:
        """How this seat opens, so as to touch the table (add, swap) afterwards: the
        points of runs and sets, and pairs where a pairs opener may touch them too, at
        this seat's floors (risen ones included); "" when no opening would (a Going Pairs
        player at a table that keeps pairs openers off runs and sets)."""
        view = self.view
        melds = not view.going_pairs[view.seat]
        pairs = view.rules.pairs_opener_lays_off
        if melds and pairs:
            text = _("open first: {points} points in runs and sets, or {pairs} pairs")
        elif melds:
            text = _("open first: {points} points in runs and sets")
        elif pairs:
            text = _("open first: {pairs} pairs")
        else:
            return ""
        return text.format(points=view.melds_floor, pairs=view.pairs_floor)

    # -- what is allowed now -----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Greys out (None) or hides (False) a key; the engine's legal actions decide.

        While melds are staged, a key that does nothing now is left out rather than greyed
        (``?`` lists every key), so that the bar keeps to one line with Enter and Esc in it,
        but for Enter itself: greyed, it says the melds are laid down later. Before the
        screen is set up (on_mount), no key acts."""
        if not self._set_up:
            return False
        usable = self.key_usable(action)
        if usable is None and self.staging.melds and action != "lay_down":
            return False
        return usable

    def key_usable(self, action: str) -> bool | None:
        """Whether the key of ``action`` does something now (None: greyed; False: hidden)."""
        if action in ("stage", "stage_more", "stage_pair"):
            # One o key, named for what it does: the opening, or new melds (pairs, after an
            # opening with pairs) once opened.
            named = "stage"
            if self.view.opening is not None:
                named = "stage_pair" if is_pairs_only(self.view) else "stage_more"
            if action != named:
                return False
            action = "stage"
        if action in STAGED_KEYS:
            if not self.staging.melds:
                return False
            action = STAGED_KEYS[action]
        if action == "undo" and (self.staging.melds or self.rack_step() is not None):
            return True  # staged melds, a sort or a move of the tiles: at every table
        if action == "follow_hint":
            # Shown only where the hints in sight name a move; else e is the hidden twin's.
            practice = self.practice
            shown = practice.on and practice.hints_on and self.is_current_screen()
            return shown and practice.hint_tile() is not None
        if action in PRACTICE_KEYS:
            return self.practice.allowed(action) or False  # hidden when it would do nothing
        if action == "next_tip":
            return self.practice.tip_in_sight
        if action == "chat":
            return not isinstance(self.table, LocalTable)  # nobody to talk to at a local table
        if action == "hide_rack":
            # Only a shared terminal hides a rack from the others at it, and not once the
            # hand is over (the summary shows every rack).
            return self.hotseat is not None and not self.hidden and not self.table.hand_over
        if action == "declare_pairs" and not self.legal_now()[1]:
            return False  # a Challenge rule: no key for it at other tables
        if action == "declare_pairs" and (
            self.view.going_pairs[self.view.seat] or self.view.opening is not None
        ):
            return False  # declared, or opened: never again this hand (it stayed, greyed)
        if action == "summary":
            return self.table.hand_over and self._looking
        if not self.is_current_screen():
            return True
        if self.table.hand_over:
            looks = ("toggle_log", "scroll_melds")  # the melds and the log, read back
            return action in (
                "help",
                "quit_table",
                "piles",
                "cursor",
                "select",
                "colour_blind",
                "bell",
                *looks,
            )
        if action == "commit":
            return True if self.my_turn and self.staging.melds else None
        if action in DRAW_KEYS and self.turn_has_no_draw():
            return False  # not greyed all turn long: the turn has no draw to make
        kind = ENGINE_ACTIONS.get(action)
        if kind is None:
            return True
        if not self.my_turn:
            return None
        return True if any(issubclass(k, kind) for k in self.legal_now()[0]) else None

    def legal_now(self) -> tuple[frozenset[type[Action]], bool]:
        """The kinds of action the engine lists as legal now, and whether the table plays
        Challenge. Textual asks check_action of every key, many times a change: this is
        worked out again only once something changed (state_changed: every key, every
        change of the table, every drawing of the screen, every refresh of the keys)."""
        table = self.table
        # (With the seat on the screen and the turn: a change never goes unseen.)
        now = (self._changes, table.seat, table.turn, table.hand_number)
        if self._legal is None or self._legal[0] != now:
            view = self.view
            kinds = frozenset(type(a) for a in legal_actions(view))
            self._legal = (now, kinds, view.rules.challenge)
            if view.my_turn and view.phase is Phase.PLAY:
                self.ask_about_the_draw(view)
        return self._legal[1], self._legal[2]

    @staticmethod
    def draw_turn(view: PlayerView) -> tuple[int, ...]:
        """This turn, for the table's answer about its draw: the seat to play, the middle
        and the piles (a draw or a discard ends or begins a turn's play)."""
        return (view.turn, view.middle_count, *(len(pile) for pile in view.discards))

    def ask_about_the_draw(self, view: PlayerView) -> None:
        """On this seat's turn after its draw, or with none (the starter's first turn): ask
        the table once a turn why it refuses a draw now, for the keys (turn_has_no_draw)."""
        turn = (self.table.hand_number, *self.draw_turn(view))
        known = self._no_draw is not None and self._no_draw[0] == turn
        if known or self._no_draw_asked == turn:
            return
        self._no_draw_asked = turn
        self.run_worker(self.hear_about_the_draw(turn), group="no-draw", exit_on_error=False)

    async def hear_about_the_draw(self, turn: tuple[int, ...]) -> None:
        refused = await self.table.check(DrawMiddle())
        if refused is not None and refused.code in UNANSWERED:
            self._no_draw_asked = None  # asked again at the next change
            return
        none = refused is not None and refused.code == ErrorCode.FIRST_TURN_NO_DRAW.value
        self._no_draw = (turn, none)
        if none and self.is_attached:
            self.refresh_bindings()  # d, t and g leave the key bar

    def key_note(self, action: str) -> str:
        """A word the key bar adds to ``action``'s label now (KeyBar): beside n's "Got it"
        on a short terminal, the tips still to come ("(2 more)")."""
        return self.practice.tips_after() if action == "next_tip" else ""

    @classmethod
    def table_bindings(cls) -> list[BindingType]:
        """Every key of this table screen: the table's, then those a kind of table adds
        (the host's D). ``BINDINGS`` alone is the class's own: at the host's seat it was
        D only, and a, w or x refused said nothing, and the help listed D alone."""
        kinds = [klass for klass in reversed(cls.__mro__) if issubclass(klass, TableScreen)]
        return [b for klass in kinds for b in vars(klass).get("BINDINGS", ())]

    def keys_kept_room(self) -> list[Binding]:
        """The keys the key bar leaves out now and keeps the room of (KeyBar): d, t and g
        on a turn with no draw come back on the next, and the table does not move a row
        then (nor when a message takes a second line at 80x24, the bar lending one)."""
        if not self.turn_has_no_draw():
            return []
        return [
            b
            for b in self.table_bindings()
            if isinstance(b, Binding) and b.show and b.action in DRAW_KEYS
        ]

    def turn_has_no_draw(self) -> bool:
        """Whether the table said this turn has no draw at all (the starter's first turn:
        "the starter's first turn has no draw"), so that d, t and g do nothing all turn."""
        if self._no_draw is None or not self._no_draw[1] or not self.my_turn:
            return False
        view = self.view
        return view.phase is Phase.PLAY and self._no_draw[0] == (
            self.table.hand_number,
            *self.draw_turn(view),
        )

    def is_current_screen(self) -> bool:
        try:
            return self.app.screen is self
        except Exception:  # no app or no screen stack yet: the screen is not being shown
            return False

    async def on_key(self, event: events.Key) -> None:
        """A key that cannot be used now still explains itself (the engine says why)."""
        self.state_changed()  # whatever came before it (a test's move of the table)
        if event.key != "j":
            self.join_round = None  # j again is the next key after a j, or none
        if event.key in DIGITS:
            event.stop()
            event.prevent_default()
            self.cursor_to_number(event.key)
            return
        # Any other key ends a number being typed: 1, space, 1 went to an 11 (the second 1
        # read with the first), not to the next 1.
        self._number_typed = None
        actions = [
            # The action's name, as check_action is asked; Enter's and Esc's in the key bar
            # while melds are staged are commit's and unstage's, e's there hint_tile's.
            {**STAGED_KEYS, "follow_hint": "hint_tile"}.get(name, name)
            for b in self.table_bindings()
            if isinstance(b, Binding) and event.key in b.key.split(",")
            for name in [b.action.split("(", 1)[0]]
        ]
        if not actions:
            # A key no one uses here (j, 9, !) did nothing at all: a newcomer is told
            # where the keys are, and nothing changes.
            # Alt+s was said to be "s", which is the sort's key: a key held with a modifier
            # is named with it. Ctrl+s and F2 said nothing, and the line went on saying the
            # key before them was no key of the game.
            modified = bool(event.key.split("+")[:-1])
            function = re.fullmatch(r"f\d+", event.key) is not None
            if (event.is_printable or modified or function) and (
                event.key not in self.active_bindings
            ):
                key = event.key if modified else event.character or event.key
                key = key.upper() if function else key
                self.rack_notice(
                    _("{key} is not a key of the game: ? shows them all").format(key=key)
                )
            return
        # Enter lays melds down, or after a look at the finished hand's table brings
        # back its summary: a key explains itself only when none of its actions runs.
        if any(self.check_action(a, ()) for a in actions):
            return
        action = actions[0]
        if action in PRACTICE_KEYS:
            event.stop()
            self.set_status(self.practice.refusal(action), error=True)
        elif action in ENGINE_ACTIONS:
            event.stop()
            await self.explain(action)
        elif action == "hide_rack":  # a key of hot-seat tables
            event.stop()
            if self.hotseat is None:
                said = _(
                    "z hides your rack at a table people share at one screen: here only you see it"
                )
            else:
                said = _("The hand is over")
            self.set_status(said, error=True)
        elif action == "deal_now":  # the host's D, during a hand: it did nothing at all
            event.stop()
            said = _(
                "D deals the next hand without waiting for those not ready, once this hand is over"
            )
            self.set_status(said, error=True)
        elif action == "chat":  # / at a table of bots alone did nothing at all
            event.stop()
            said = (
                _("/ says a line to the table at a table with friends: here the others are bots")
                if self.hotseat is None
                else _(
                    "/ says a line to friends at a table on the network: here you share a screen"
                )
            )
            self.set_status(said, error=True)
        elif action == "next_tip":  # n with no tip in sight did nothing at all
            event.stop()
            said = _("n puts away a tip shown over the table: there is none now")
            if not self.practice.walkthrough.enabled:  # none ever shows at this table
                said = _("n puts away a tip: tips show at a practice table, in its first hand")
            self.set_status(said, error=True)
        elif action == "commit":  # Enter with nothing staged says what to do
            event.stop()
            if self.my_turn:
                await self.action_commit()
            else:
                await self.explain(action)

    async def explain(self, action: str) -> None:
        table = self.table
        if action == "declare_pairs" and not self.view.rules.challenge:
            # Said before whose turn it is: "wait for your turn" read as P working then.
            said = _(TEMPLATES[ErrorCode.GOING_PAIRS_NOT_CHALLENGE])  # as the engine says it
            self.set_status(said, error=True)
            return
        if table.hand_over:
            self.set_status(_("The hand is over"), error=True)
            return
        if not self.my_turn:
            who = self.seat_name(table.turn)
            said = _("It is {who}'s turn: wait for your turn").format(who=at_name(who))
            self.set_status(said, error=True)
            return
        probes: dict[str, Action] = {
            "draw": DrawMiddle(),
            "take": TakeDiscard(),
            "give_back": GiveBack(),
            "take_back": TakeBack(),
            "declare_pairs": DeclarePairs(),
        }
        probe = probes.get(action)
        view = self.view
        if action == "discard":
            tile = self.rack.slots[self.cursor] or (view.rack[0] if view.rack else None)
            probe = Discard(tile) if tile is not None else None
        if action in ("add", "swap"):
            tile = self.rack.slots[self.cursor] or view.rack[0]
            probe = AddTile(tile, 0) if action == "add" else SwapOkey(0, (tile,))
        if probe is not None:
            refused = await table.check(probe)
            pair_says = (
                self.pair_refusal(refused, probe.tile, None) if isinstance(probe, AddTile) else None
            )
            if pair_says is not None:
                self.set_status(pair_says, error=True)
                return
            # Why meld 1 does not take the tile is no reason for the whole table: said so.
            if refused is not None and isinstance(probe, AddTile) and refused.code in DOES_NOT_FIT:
                self.say_fits_nowhere(probe.tile)
                return
            if refused is not None and action == "swap" and refused.code in NO_OKEY_FOR_IT:
                await self.explain_swap(view)
                return
            if refused is not None:
                self.set_status(self.error_text(refused), error=True)
                return
        if action in ("add", "swap") and not view.table:
            self.set_status(_("There are no melds on the table yet"), error=True)
            return
        self.set_status(_("That is not possible now"), error=True)

    # -- engine moves ----------------------------------------------------------------
    async def act(self, action: Action, quiet: bool = False, slots: Iterable[int] = ()) -> bool:
        """Send ``action`` to the table; ``slots`` are the rack slots of the tiles it uses.

        Only if the table accepts do those exact tiles leave the rack; a
        drawn or taken tile comes in at the right end of the lower row,
        marked until the next move. A refused action changes nothing.
        """
        came = self.turns_came
        self.last_refused = None
        try:
            await self.table.act(action)
        except ActionRefused as exc:
            self.last_refused = exc
            self.set_status(self.error_text(exc), error=True)
            self.render_all()
            return False
        # At a network table the others may have played, and this seat's turn come back,
        # before the answer: the line says that turn, not the move that ended the last.
        self.acted(action, slots, quiet or self.turns_came != came)
        return True

    def acted(self, action: Action, slots: Iterable[int], quiet: bool = False) -> None:
        """The table took ``action``: the tiles of ``slots`` left the rack, new ones came in."""
        prefer = sorted(self.fresh)
        self.took(slots)
        if isinstance(action, GiveBack):
            # The tile given back is gone for good, and the draw that replaces it is a new
            # tile like any other: the given tile's slot is no home to keep it away from
            # (it went to the middle of the rack, not to the lower row's end).
            held = Counter(self.rack_tiles())
            self.rack.sync(list((Counter(self.rack.tiles()) & held).elements()), prefer=prefer)
            # The tiles moved aside for it slid back: the selection and cursor follow.
            self.remap(self.rack.shifted, follow=False)
        if isinstance(action, DrawMiddle | TakeDiscard | Discard | GiveBack):
            # A new turn: what left earlier is gone for good, but staged melds keep
            # their slots for Esc.
            self.rack.forget(keep=self.staging.tiles())
        _, new = self.rack.sync(self.rack_tiles(), prefer=prefer, taken=self.taken_to_place())
        self.remap(self.rack.shifted, follow=False)  # moved aside for a taken tile, or back
        self.fresh = set(new)
        if new:
            self.cursor = new[0]  # the cursor waits on the new tile: d then x throws it
        if not quiet:
            self.set_status(self.came_in_text(action, new))
        # The meld the player just laid or changed is brought into sight (a short
        # terminal shows two lines of melds, maybe scrolled to others).
        if isinstance(action, AddTile | SwapOkey):
            self.reveal_meld = action.target
        elif isinstance(action, Open | Lay):
            self.reveal_meld = len(self.view.table) - 1
        elif isinstance(action, DrawMiddle | TakeDiscard) and new:
            self.reveal_meld = self.fit_index()  # the new tile under the cursor may fit one
        self.keep_rack()
        self.changed()

    def turn_stamp(self) -> tuple[object, ...]:
        """What a question or a chooser about a move is asked of: this hand, the seat's
        tiles, and at its turn the turn's phase (the others' moves change none of them)."""
        view = self.view
        mine = self.my_turn
        return (self.table.hand_number, sorted(map(str, view.rack)), mine, mine and view.phase)

    def ask_of_turn(
        self, screen: Dialog[Any], then: Callable[[Any], None] | Callable[[Any], Awaitable[None]]
    ) -> None:
        """Ask ``screen`` of this moment: a turn played meanwhile (a bot's at the end of the
        turn's time, a network table) closes it unanswered (:meth:`close_stale_questions`)."""
        screen.asked_of = self.turn_stamp()
        if self._error_at is not None and self.my_turn:
            # A refusal of a move before this one read as the question's reason under it
            # ("R13 stays in its slot…" under "Discard it anyway?"): the turn's words.
            self.set_status(self.turn_hint())
        self.app.push_screen(screen, then)

    def close_stale_questions(self) -> None:
        """Close the questions and choosers asked of a moment gone: a bot played the turn
        out (Enter on "Add to which meld?" then added a tile no longer held, and the game
        ended in a traceback; y on "Discard it anyway?" did nothing, unsaid)."""
        stamp = self.turn_stamp()
        while self.is_attached and self.app.screen is not self:
            top = self.app.screen
            asked_of = getattr(top, "asked_of", None)
            if asked_of is None or asked_of == stamp:
                return
            self.app.pop_screen()  # unanswered: its ``then`` is not called

    def left_on_offer(self) -> Tile | None:
        """The left discard, when this seat is to draw now and could take it."""
        view = self.view
        return view.left_discard if self.my_turn and view.phase is Phase.DRAW else None

    def ask_first(
        self, question: str, then: Callable[[], Awaitable[object]], declined: str
    ) -> None:
        """Ask ``question``: yes runs ``then``; no leaves the table as it was, ``declined``
        on the line."""
        from okey_tui.ui.screens.dialogs import ConfirmScreen

        async def answer(yes: bool | None) -> None:
            if yes:
                await then()
            else:
                self.set_status(declined)

        self.ask_of_turn(ConfirmScreen(question), answer)

    async def action_draw(self) -> None:
        view = self.view
        tile = self.left_on_offer()
        if tile is not None and not view.middle_count and view.can_use_taken(tile):
            # With the middle empty d ends the hand (rules §10) while the left discard
            # could still be taken and laid: a d out of habit gave that up unasked.
            question = _(
                "The middle is empty: d ends the hand now, and every seat scores what it "
                "holds. {tile} on your left could still be taken (t) and laid this turn. "
                "End the hand?"
            ).format(tile=tile_text(tile, view.okey))
            self.ask_first(question, lambda: self.act(DrawMiddle()), self.turn_hint())
            return
        await self.act(DrawMiddle())

    async def action_take(self) -> None:
        view = self.view
        tile = self.left_on_offer()
        if tile is not None and not view.can_use_taken(tile):
            # A taken tile must be laid this turn: one that goes nowhere can only be given
            # back, and only before anything else is laid (then a take-back, +101, is the
            # one way out: a player fell into it laying off another tile first).
            only_pairs = view.going_pairs[Hand.left_of(view.seat)]
            if only_pairs and (view.opening is None or view.opening.kind is OpeningKind.MELDS):
                # The reason is who discarded it: "your tiles make no opening" was said of
                # a rack that opened for 133 with it (rules §13, Challenge).
                question = _(
                    "{tile} was discarded by a Going Pairs player: taken, it may only make a "
                    "pair, and that lays nothing for you this turn; a tile taken from the left "
                    "must be laid this turn (rules §7): you could only give it back (g). Take "
                    "it anyway?"
                ).format(tile=tile_text(tile, view.okey))
            elif view.opening is None:
                from okey_tui.engine.solver import opening_check

                # How near it comes, in numbers ("96 / 101" told a player how close).
                check = opening_check(
                    [*view.rack, tile], view.okey, view.melds_floor, view.pairs_floor
                )
                if check.can_open_melds or check.can_open_pairs or is_pairs_only(view):
                    # An opening without it, that it has no place in (or only pairs for
                    # this seat): no points to tell.
                    question = _(
                        "Even with {tile} your tiles make no opening this turn, and a tile "
                        "taken from the left must be laid this turn (rules §7): you could only "
                        "give it back (g). Take it anyway?"
                    ).format(tile=tile_text(tile, view.okey))
                else:
                    question = _(
                        "Even with {tile} your tiles make no opening this turn ({points} / "
                        "{floor} points, {pairs} / {pairs_floor} pairs), and a tile taken from "
                        "the left must be laid this turn (rules §7): you could only give it "
                        "back (g). Take it anyway?"
                    ).format(
                        tile=tile_text(tile, view.okey),
                        points=check.value,
                        floor=view.melds_floor,
                        pairs=check.pair_count,
                        pairs_floor=view.pairs_floor,
                    )
            else:
                question = _(
                    "{tile} fits no meld on the table and makes none with your tiles, and a "
                    "tile taken from the left must be laid this turn (rules §7): you could "
                    "only give it back (g), before you lay anything else. Take it anyway?"
                ).format(tile=tile_text(tile, view.okey))
            give = view.penalty_for(GiveBack())
            if give is not None:  # a table option charges for g: said before the take
                question += "\n\n" + _(
                    "Giving it back costs +{points} at this table (table options)."
                ).format(points=give.points)
            if not view.middle_count:
                # Given back, a tile is replaced by a draw: with none left, the hand ends.
                question += "\n\n" + _(
                    "The middle is empty: giving the tile back ends the hand, as there is no "
                    "tile to draw instead."
                )
            # "Nothing taken" alone dropped the turn's step: the player had still to draw.
            declined = _("Nothing taken") + " · " + self.turn_hint()
            self.ask_first(question, lambda: self.act(TakeDiscard()), declined)
            return
        await self.act(TakeDiscard())

    async def action_give_back(self) -> None:
        if not self.practice.confirm(GiveBack(), lambda: self.act(GiveBack())):
            await self.act(GiveBack())

    def action_declare_pairs(self) -> None:
        """Going Pairs (Challenge) binds the whole hand: the player says yes to it first."""
        from okey_tui.ui.screens.dialogs import ConfirmScreen

        view = self.view
        question = _(
            "Declare Going Pairs? From now on you open only with pairs ({pairs} or more), "
            "never with melds, and a tile you discard may be taken only for a pair. If the "
            "hand ends before you open, you score {points} instead of {single} "
            "(rules §13 Game types)."
        ).format(
            pairs=view.pairs_floor,
            points=GOING_PAIRS_NOT_OPENED,
            single=NOT_OPENED,
        )

        async def answer(yes: bool | None) -> None:
            if not yes:
                self.set_status(_("Nothing done: you may still open with melds"))
                return
            self.put_back_staged()
            self.keep_rack()  # put back, whatever the table says of the declaration
            if await self.act(DeclarePairs(), quiet=True):
                self.set_status(_("You declared Going Pairs: stage pairs with o, then ⏎"))

        self.ask_of_turn(ConfirmScreen(question), answer)

    async def action_take_back(self, confirmed: bool = False) -> None:
        if not confirmed and self.practice.confirm(
            TakeBack(), lambda: self.action_take_back(confirmed=True)
        ):
            return
        self.put_back_staged()
        self.keep_rack()  # put back, whatever the table says of the take-back
        if await self.act(TakeBack(), quiet=True):
            self.set_status(
                _("You took back this turn's moves on the table: the tiles are back in their slots")
            )

    async def action_discard(self, index: int | None = None) -> None:
        if index is None:
            if len(self.selected) > 1:
                self.set_status(_("Select one tile to discard (Esc clears the selection)"), True)
                return
            index = next(iter(self.selected)) if self.selected else self.cursor
        tile = self.rack.slots[index]
        if tile is None:
            self.set_status(_("Put the cursor on the tile to discard (the slot is empty)"), True)
            return
        if self.staged_before_discard():
            return
        under = self.rack.slots[self.cursor]
        if self.selected and under is not None and under != tile and self.my_turn:
            # A tile selected, the cursor moved on to another: which one goes is not plain
            # (a click selects; the prompt speaks of the cursor), and a discard is for good.
            # (Two copies of one tile need no question: the selected copy goes.)
            self.ask_which_discard(index, tile, under)
            return
        await self.discard_checked(index, tile)

    async def discard_checked(self, index: int, tile: Tile) -> None:
        """Discard ``tile`` from slot ``index``; one that costs a penalty (a playable tile,
        an okey) asks first at every table: with the drawn tile under the cursor, d then x
        throws it at once. One that takes away the opening the rack holds asks first too."""
        asked = self.opening_lost_question(tile)
        if asked is None:
            await self.discard_costed(index, tile)
            return
        question, kind = asked
        from okey_tui.practice import penalty_warning
        from okey_tui.ui.screens.dialogs import ConfirmScreen

        # An okey of the opening: one question says the penalty and the opening lost (a
        # second one, after yes, said the penalty only then).
        warning = penalty_warning(self.view, Discard(tile))
        if warning is not None:
            question = warning + "\n\n" + question

        async def answer(yes: bool | None) -> None:
            if not yes:
                self.set_status(_("Nothing discarded"))
                return
            # Let go once, not asked again this hand (a player building runs was asked at
            # two discards in three whether to break the pairs opening).
            self.opening_let_go.add((self.table.hand_number, self.view.seat, kind))
            if warning is not None:
                await self.discard_at(index, tile)
            else:
                await self.discard_costed(index, tile)

        self.ask_of_turn(ConfirmScreen(question), answer)

    async def discard_costed(self, index: int, tile: Tile) -> None:
        """The discard, asked about first when it costs a penalty."""
        if self.practice.confirm(Discard(tile), lambda: self.discard_at(index, tile)):
            return
        await self.discard_at(index, tile)

    def opening_lost_question(self, tile: Tile) -> tuple[str, str] | None:
        """Not opened, the rack's best melds (or pairs) reach this seat's floor and without
        ``tile`` no opening would: what is lost, asked (the tile of a ready opening went
        without a word), with the opening's kind ("melds", "pairs"). None for a tile the
        opening does without, once opened, when the discard is not this turn's to make
        (the table says why), or when the player let that opening go this hand already."""
        from okey_tui.engine.solver import opening_check

        view = self.view
        if view.opening is not None or not self.my_turn:
            return None
        if not any(isinstance(a, Discard) and a.tile == tile for a in legal_actions(view)):
            return None
        by_melds = not view.going_pairs[view.seat]  # a Going Pairs seat opens only pairs
        rest = list(view.rack)
        rest.remove(tile)
        floors = (view.okey, view.melds_floor, view.pairs_floor)
        before, after = opening_check(view.rack, *floors), opening_check(rest, *floors)
        if (by_melds and after.can_open_melds) or after.can_open_pairs:
            return None
        okey = view.okey
        hand = (self.table.hand_number, view.seat)  # (a shared terminal: each person's)
        if by_melds and before.can_open_melds and (*hand, "melds") not in self.opening_let_go:
            return _(
                "{tile} is in your opening ({value} points): without it {left}, below "
                "{floor}. Discard it?"
            ).format(
                tile=tile_text(tile, okey),
                value=before.value,
                left=after.value,
                floor=view.melds_floor,
            ), "melds"
        if before.can_open_pairs and (*hand, "pairs") not in self.opening_let_go:
            return _(
                "{tile} is in your pairs opening ({value} pairs): without it {left}, below "
                "{floor}. Discard it?"
            ).format(
                tile=tile_text(tile, okey),
                value=before.pair_count,
                left=after.pair_count,
                floor=view.pairs_floor,
            ), "pairs"
        return None

    def ask_which_discard(self, index: int, tile: Tile, under: Tile) -> None:
        from okey_tui.ui.screens.dialogs import ConfirmScreen

        okey = self.view.okey
        question = _(
            "Discard {tile}, the selected tile? The cursor is on {other}: to discard that, "
            "answer no, press Esc to clear the selection, then x."
        ).format(tile=tile_text(tile, okey), other=tile_text(under, okey))

        async def answer(yes: bool | None) -> None:
            if not yes:
                self.set_status(_("Nothing discarded"))
                return
            await self.discard_checked(index, tile)

        self.ask_of_turn(ConfirmScreen(question), answer)

    def staged_before_discard(self) -> bool:
        """A discard ends the turn: with melds still staged (not laid), it would leave them
        unplayed, so it is refused, with what to do, and nothing changes."""
        if not self.staging.melds or not self.my_turn:
            return False
        if not any(isinstance(a, Discard) for a in legal_actions(self.view)):
            return False  # not the moment to discard: the table says why
        view = self.view
        if self.staging.reached(view):  # a straight out below the floor too
            said = _(
                "Your staged melds are not laid down: Enter lays them, Esc puts them back, then discard"
            )
        else:
            # Enter would be refused too: below the floor they cannot be laid.
            said = _(
                "Your staged melds are not laid down, and at {progress} they do not open: "
                "Esc puts them back, then discard"
            ).format(progress=self.staging.progress(view))
        self.set_status(said, error=True)
        return True

    async def discard_at(self, index: int, tile: Tile) -> None:
        if self.rack.slots[index] != tile:
            return  # the rack changed while a question was open
        await self.act(Discard(tile), slots=[index])

    # -- the rack ------------------------------------------------------------------
    def remap(self, moved: dict[int, int], follow: bool = True) -> None:
        """Tiles changed slots: the selection, the new-tile mark and the cursor follow them
        (and the rack's memory, unless the rack moved them itself: ``follow`` False)."""
        self.selected = {moved.get(i, i) for i in self.selected}
        self.fresh = {moved.get(i, i) for i in self.fresh}
        self.cursor = moved.get(self.cursor, self.cursor)
        if follow:
            self.rack.follow(moved)

    def chosen_slots(self) -> list[int]:
        """The selected slots, or the slot under the cursor when nothing is selected."""
        if self.selected:
            return sorted(self.selected)
        return [self.cursor] if self.rack.slots[self.cursor] is not None else []

    def moved(self, moved: dict[int, int] | None, why: str, what: str = "") -> None:
        """Tiles moved as ``moved`` says (old slot -> new), or, None, the line says ``why``
        not; u then undoes ``what`` ("the move")."""
        if moved is not None and all(old == new for old, new in moved.items()):
            # Already there (shift+End at the row's end): nothing moved, so no step to undo
            # (u said "Undone: the move" and changed nothing), and the line says why.
            moved = None
        if moved is None:
            # Said as a refusal: it goes at the next key that changes something.
            self.set_status(why, error=True)
            return
        # The tiles they stood with: a slide inside their own group (K8 past K9 in K6 K8
        # K9) said "Now beside another group".
        company = self.rack.company_before(moved)
        self.remember_rack(self.rack.slots_before(moved), what or _("the move"))
        self.remap(moved)
        self.render_all()
        self.keep_rack()
        # Not an error: the player may mean to join them; the group's value changed. Once
        # they stand apart again, the line stops saying so.
        targets = set(moved.values())
        joined = next(
            (group for t in targets if set(group := self.rack.group_at(t)) - targets - company),
            None,
        )
        if joined is None:
            return
        view = self.view
        tiles = [t for i in joined if (t := self.rack.slots[i]) is not None]
        label, is_meld = group_label(tiles, view.okey, layable_kinds(view))
        if is_meld:
            # They made a meld with it: said as done, not as a warning that they touch it.
            self.rack_notice(
                _("Now in a group: {meld} · shift+← → slides the tiles along the row").format(
                    meld=label
                )
            )
        else:
            # The melds it now stands between or beside, which count no more (o staged
            # neither, and nothing said so).
            broken = []
            # (Not the group the tiles stood with before: they were beside it already.)
            for part in side_by_side(sorted(set(joined) - targets - company)):
                part_tiles = [t for i in part if (t := self.rack.slots[i]) is not None]
                part_label, part_meld = group_label(part_tiles, view.okey, layable_kinds(view))
                if part_meld:
                    broken.append(part_label)
            if broken:
                self.rack_notice(
                    ngettext(
                        "Now beside {melds}, which no longer counts as a meld: u puts the "
                        "tiles back, shift+← → slides them along the row",
                        "Now beside {melds}, which no longer count as melds: u puts the tiles "
                        "back, shift+← → slides them along the row",
                        len(broken),
                    ).format(melds=and_list(broken))
                )
            else:
                self.rack_notice(
                    _("Now beside another group: shift+← → slides the tiles along the row")
                )

    def action_cursor(self, dx: int, dy: int) -> None:
        """← → go from tile to tile along their row, past the empty slots, and stop at its
        ends (Home/End go there at once); ↑ ↓ go to the nearest tile on the other row and
        stop at the rack's edge (↓ on the lower row stays). Only shift+arrows and ``[``
        ``]`` go a slot at a time."""
        row = self.rack.row_of(self.cursor)
        if dx:
            self.cursor = self.rack.next_tile(self.cursor, dx)
        elif 0 <= row + dy < ROWS:
            self.cursor = self.rack.across(self.cursor, row + dy)
        self.render_rack()
        self.reveal_fit()

    def reveal_fit(self) -> None:
        """The meld the tile under the cursor could be added to comes into sight in the
        melds box: at 80x24 it shows two lines, and a player paged through it (PgDn three
        times) to find that their R3 went on another seat's set."""
        index = self.fit_index()
        if index is not None:
            self.query_one(MeldsView).reveal(index)

    def fit_index(self) -> int | None:
        """The table meld the tile under the cursor could be added to now, if any."""
        view = self.view
        tile = self.rack.slots[self.cursor]
        if (
            tile is None
            or not self.my_turn
            or view.phase is not Phase.PLAY
            or is_wild(tile, view.okey)  # an okey goes anywhere: nothing to point at
            or not view.can_touch_table()
        ):
            return None
        return fits_table((tm.meld for tm in view.table), tile, view.okey)

    def action_select(self) -> None:
        if self.rack.slots[self.cursor] is None:
            self.set_status(_("There is no tile under the cursor to select"), True)
            return
        self.selected ^= {self.cursor}
        self.render_all()

    def action_select_group(self) -> None:
        group = self.rack.group_at(self.cursor)
        if not group:
            self.set_status(_("Put the cursor on a group of tiles to select it"), True)
            return
        self.toggle_group(group)

    def toggle_group(self, group: list[int]) -> None:
        if set(group) <= self.selected:
            self.selected -= set(group)
        else:
            self.selected |= set(group)
        self.render_all()

    def action_extend(self, dx: int) -> None:
        """Select the tile under the cursor and the next one along the row; with no tile
        there (a gap, the rack's edge) the cursor stays, and the line says so (it went
        onto the empty slot, where no key acts, and nothing said why)."""
        if self.rack.slots[self.cursor] is not None:
            self.selected.add(self.cursor)
        row, col = self.rack.place(self.cursor)
        step = self.rack.index(row, col + dx) if 0 <= col + dx < self.rack.cols else None
        if step is None or self.rack.slots[step] is None:
            self.render_all()
            said = (
                _("No tile beside it on the left: [ and ] extend along side-by-side tiles")
                if dx < 0
                else _("No tile beside it on the right: [ and ] extend along side-by-side tiles")
            )
            self.set_status(said, error=True)
            return
        self.cursor = step
        self.selected.add(self.cursor)
        self.render_all()

    def action_shift(self, dx: int, dy: int) -> None:
        chosen = self.chosen_slots()
        if not chosen:
            self.action_cursor(dx, dy)
            return
        if dy:
            self.to_row(chosen, dy)
            return
        self.moved(self.rack.move(chosen, dx), _("The tiles are at the edge of the rack"))

    def to_row(self, chosen: list[int], dy: int) -> None:
        """Move the tiles to the other row, under or over where they are, into free slots."""
        rack = self.rack
        row, col = rack.place(chosen[0])
        rows = {rack.row_of(i) for i in chosen}
        target = max(0, min(ROWS - 1, row + dy)) if len(rows) > 1 else row + dy
        if not 0 <= target < ROWS or rows == {target}:
            # Refusals: they go at the next key that changes something.
            self.set_status(_("The tiles are on that row already"), error=True)
            return
        if len(rows) > 1:  # on both rows: gathered on one, under the first of the others
            col = min(rack.place(i)[1] for i in chosen if rack.row_of(i) != target)
        starts = rack.free_starts(target, len(chosen), chosen)
        apart = rack.free_starts(target, len(chosen), chosen, apart=True)
        start: int | None
        if col in apart:
            start = col  # straight over or under, apart from the groups there
        else:  # else the nearest free slots apart from them, else straight, else the nearest
            start = rack.free_span(target, len(chosen), col, ignore=chosen, apart=True)
            if start is None and starts:
                # Beside one group rather than between two (R8 dropped between B2 B3 B4
                # and 6 6 6 made one group of them, no meld, and o staged neither), and
                # where the fewest melds stop counting (K6 went between run 10 and run
                # 42, beside R2 R3 it broke one).
                view = self.view
                kinds = layable_kinds(view)
                moving = [t for i in chosen if (t := rack.slots[i]) is not None]

                def beside(c: int, step: int) -> list[Tile]:
                    """The group the tiles would stand against from column ``c`` on, going
                    ``step`` (-1: their left, read in rack order)."""
                    tiles: list[Tile] = []
                    while 0 <= c < rack.cols:
                        i = rack.index(target, c)
                        tile = rack.slots[i]
                        if tile is None or i in chosen:
                            break
                        tiles.append(tile)
                        c += step
                    return tiles[::-1] if step < 0 else tiles

                def cost(c: int) -> tuple[int, int, int, int]:
                    left, right = beside(c - 1, -1), beside(c + len(chosen), 1)
                    around = [g for g in (left, right) if g]
                    if around and group_label([*left, *moving, *right], view.okey, kinds)[1]:
                        broken = 0  # they make a meld with it
                    else:
                        broken = sum(group_label(g, view.okey, kinds)[1] for g in around)
                    return (broken, len(around), abs(c - col), c)

                start = min(starts, key=cost)
        if start is None:
            self.set_status(
                ngettext(
                    "No room for {n} tile on the other row",
                    "No room for {n} tiles side by side on the other row",
                    len(chosen),
                ).format(n=len(chosen)),
                error=True,
            )
            return
        self.moved(rack.move_to(chosen, target, start), "")

    def action_to_number(self) -> None:
        """The digits' binding, listed in the help: on_key reads them as they are typed."""

    def cursor_to_number(self, digit: str) -> None:
        """A digit typed: the cursor to the next tile of that number along the rack (after
        the cursor, round to the start; 0 is 10); a 1 followed at once by 0 to 3 goes to a
        10 to 13 instead, looking from where the 1 was typed, if the rack has one (else the
        digit counts alone). The false okey counts as the number it plays as. Nothing
        moves when the rack has none: the line says so (for a 1, once no second digit
        came: "1 2" with no 1 on the rack flashed "No tile numbered 1")."""
        now = time.monotonic()
        before = self._number_typed
        if (
            before is not None
            and before[0] == "1"
            and now - before[1] <= SECOND_DIGIT
            and digit in "0123"
        ):
            two = 10 + int(digit)
            at = self.next_numbered(two, before[2])
            if at is not None:
                self._number_typed = (str(two), now, before[2])
                self.put_cursor(at)
                return
        number = 10 if digit == "0" else int(digit)
        typed = (digit, now, self.cursor)
        self._number_typed = typed
        at = self.next_numbered(number, self.cursor)
        if at is not None:
            self.put_cursor(at)
        elif digit == "1":  # a 10 to 13 may follow: said only if none does
            self.set_timer(SECOND_DIGIT, lambda: self.say_no_number(typed, 1))
        else:
            self.say_no_number(typed, number)

    def next_numbered(self, number: int, start: int) -> int | None:
        """The slot of the next tile numbered ``number`` after slot ``start``, round the
        rack (the false okey by the number it plays as), if any."""
        okey = self.view.okey
        slots = self.rack.slots
        for step in range(1, len(slots) + 1):
            at = (start + step) % len(slots)
            tile = slots[at]
            if tile is not None and effective(tile, okey).number == number:  # (F: as it plays)
                return at
        return None

    def put_cursor(self, slot: int) -> None:
        self.cursor = slot
        self.render_rack()
        self.reveal_fit()

    def say_no_number(self, typed: tuple[str, float, int], number: int) -> None:
        """No tile numbered ``number``: said, unless another key came since ``typed`` (a
        digit, or any other: 1 then d said it over the draw's line, 0.8 s later)."""
        if self._number_typed is typed and self.is_attached:
            self.set_status(_("No tile numbered {n} on your rack").format(n=number), error=True)

    def action_row_end(self, end: int) -> None:
        """Home/End: the cursor to its row's first/last tile. They never move a tile, a
        selection or not (they carried a selected tile away from a player who meant the
        cursor, and x threw it): shift+Home/End move tiles, as shift+arrows do."""
        self.cursor = self.rack.row_end_tile(self.rack.row_of(self.cursor), end)
        self.render_rack()

    def action_jump(self, end: int) -> None:
        """shift+Home/End: the selected tiles (or the one under the cursor) to the
        start/end of their row, apart from the other groups (RackLayout.to_end)."""
        chosen = self.chosen_slots()
        rack = self.rack
        if not chosen:
            self.set_status(_("Select tiles (or put the cursor on one) to move them"), True)
            return
        row = rack.place(chosen[0])[0]
        # shift+Home and shift+End move tiles only towards that end, into free slots: say
        # which way is full (the row may have room the other way).
        if end < 0:
            no_room = ngettext(
                "No free slot for {n} tile nearer the start of this row",
                "No free slots for {n} tiles side by side nearer the start of this row",
                len(chosen),
            )
        else:
            no_room = ngettext(
                "No free slot for {n} tile nearer the end of this row",
                "No free slots for {n} tiles side by side nearer the end of this row",
                len(chosen),
            )
        moved = rack.to_end(chosen, end)
        col = rack.place(chosen[0])[1]
        nearer = [
            c
            for c in rack.free_starts(row, len(chosen), chosen)
            if (c < col if end < 0 else c > col)
        ]
        if moved is None and nearer:
            # Free slots that way, each against a group: shift+Home/End keep the tiles apart
            # from the groups (so no meld changes under them), and say how to go there.
            if end < 0:
                no_room = ngettext(
                    "Every free slot nearer the start of this row touches a group, and "
                    "shift+Home keeps {n} tile apart: shift+← moves it a slot at a time",
                    "No free slots nearer the start of this row keep {n} tiles apart from "
                    "the groups: shift+← moves them a slot at a time",
                    len(chosen),
                )
            else:
                no_room = ngettext(
                    "Every free slot nearer the end of this row touches a group, and "
                    "shift+End keeps {n} tile apart: shift+→ moves it a slot at a time",
                    "No free slots nearer the end of this row keep {n} tiles apart from "
                    "the groups: shift+→ moves them a slot at a time",
                    len(chosen),
                )
        self.moved(moved, no_room.format(n=len(chosen)) + self.join_hint(chosen))

    def action_next_gap(self, back: bool = False) -> None:
        chosen = self.chosen_slots()
        if not chosen:
            self.set_status(_("Select tiles (or put the cursor on one) to move them"), True)
            return
        no_gap = ngettext(
            "No other gap has room for {n} tile",
            "No other gap has room for {n} tiles side by side",
            len(chosen),
        ).format(n=len(chosen))
        if back and copy.deepcopy(self.rack).next_gap(chosen) is not None:
            # Back never moves them on: Tab does ("holds 1 tile" read as full); said only
            # where Tab would (it was said where Tab found no gap either).
            no_gap = ngettext(
                "No gap before it has room for {n} tile: Tab moves it to a gap after it",
                "No gap before them has room for {n} tiles side by side: Tab moves them to a "
                "gap after them",
                len(chosen),
            ).format(n=len(chosen))
        tiles = [t for i in chosen if (t := self.rack.slots[i]) is not None]
        before = list(self.rack.slots)
        hint = no_gap + self.join_hint(chosen)  # (asked of the rack before the move)
        moved = self.rack.gap_before(chosen) if back else self.rack.next_gap(chosen)
        passed = [t for i in sorted(moved or ()) if i not in chosen and (t := before[i])]
        okey = self.view.okey
        words = {"tiles": tiles_text(tiles, okey), "group": tiles_text(passed, okey)}
        # u names the swap it undoes ("Undone: the move" said nothing of the group passed).
        swap = _("the swap of {tiles} and {group}").format(**words) if passed else ""
        self.moved(moved, hint, swap)
        if passed:  # the group passed moved too: said, the player's arrangement changed
            self.rack_notice(_("{tiles} and {group} changed places").format(**words))
        elif moved and self.rack.row_of(chosen[0]) != self.rack.row_of(moved[chosen[0]]):
            # On to the other row, out of the place the player looked at: said where.
            lower = self.rack.row_of(moved[chosen[0]]) == ROWS - 1
            said = (
                _("{tiles} went on to the lower row")
                if lower
                else _("{tiles} went on to the upper row")
            )
            self.rack_notice(said.format(tiles=tiles_text(tiles, okey)))

    def join_kinds(self) -> tuple[MeldKind, ...]:
        """The kinds of meld j puts a tile with: those this seat may lay."""
        allowed = layable_kinds(self.view)
        return tuple(kind for kind in MeldKind if kind in allowed)

    def join_again(self, chosen: list[int]) -> JoinRound | None:
        """j again on the tile the last j moved, nothing changed since: the rack goes back
        as it was before the first j (the tile, the cursor, the selection, u's step) for the
        next group it makes a meld with. None: a j of its own."""
        round_, self.join_round = self.join_round, None
        if (
            round_ is None
            or round_.rack != id(self.rack)
            or round_.events != len(self.table.events)
            or self.rack.slots != round_.after
            or chosen != [round_.target]
            or self.staging.melds
        ):
            return None
        self.rack.slots = list(round_.origin)
        self.rack.back, self.rack.room = list(round_.back), round_.room
        if self.rack_history and self.rack_history[-1].slots == round_.origin:
            self.rack_history.pop()  # (the next j says its own step for u)
        self.remap({new: old for old, new in round_.moved.items()}, follow=False)
        return round_

    def join_stays(self, index: int) -> str | None:
        """Why j leaves the tile at ``index`` where it is, whatever the groups: it is in a
        meld already (taken out it broke it: B11 of Y11 B11 K11 made a pair with an okey
        elsewhere). None: j may move it."""
        tile = self.rack.slots[index]
        okey = self.view.okey
        if tile is None:
            return None
        own = [t for i in self.rack.group_at(index) if (t := self.rack.slots[i])]
        label, in_meld = group_label(own, okey, layable_kinds(self.view))
        if len(own) > 1 and in_meld:
            return _("{tile} is in a meld already ({meld}): shift+arrows move it by hand").format(
                tile=tile_text(tile, okey), meld=label
            )
        return None

    def join_hint(self, chosen: list[int]) -> str:
        """ " · j puts it beside …" after a refusal of Tab or shift+Home/End that keep one
        tile apart from the groups, when j would put it with the group it makes a meld with
        (a newcomer read "No other gap holds 1 tile" beside the gap they meant)."""
        if len(chosen) != 1:
            return ""
        index = chosen[0]
        tile = self.rack.slots[index]
        view = self.view
        if tile is None or self.join_stays(index) is not None:
            return ""  # the okey, or a tile in a meld already: j leaves it there
        trial = self.rack.copy()  # where j would put it, the rack untouched
        moved = trial.join(index, view.okey, self.join_kinds())
        if moved is None:
            return ""
        target = moved.get(index, index)  # (the tile stays where its block split off)
        group = [t for i in trial.group_at(target) if i != target and (t := trial.slots[i])]
        return " · " + _("j puts {tile} beside {group}").format(
            tile=tile_text(tile, view.okey), group=self.group_words(group, tile)
        )

    def two_thirds(self, index: int, own: list[int]) -> str | None:
        """What j says of the tile at ``index`` standing already beside the one tile of its
        group (``own``, its slots) that it makes two thirds of a run or a set with: "B9 is
        beside B7 already: B8 would make a run with them". None otherwise."""
        slots = self.rack.slots
        tile = slots[index]
        others = [t for i in own if i != index and (t := slots[i])]
        okey = self.view.okey
        if tile is None or len(others) != 1 or readings([*others, tile], okey, self.join_kinds()):
            return None
        if is_wild(tile, okey) or is_wild(others[0], okey):
            return None
        return self.to_come_words(
            others[0],
            tile,
            _("{tile} is beside {group} already: {tiles} would make a run with them"),
            _("{tile} is beside {group} already: {tiles} would make a set with them"),
        )

    def to_come_words(self, partner: Tile, tile: Tile, run: str, set_: str) -> str | None:
        """``run`` or ``set_`` (as ``tile`` and ``partner`` make two thirds of a run or of a
        set) with the tiles that would complete them, "K4 or K7" ({tiles}); None when no
        tile would."""
        okey = self.view.okey
        to_come = completing(partner, tile, okey, self.join_kinds())
        if not to_come:
            return None
        said = run if to_come[0][1] is MeldKind.RUN else set_
        return said.format(
            tile=tile_text(tile, okey),
            group=tile_text(partner, okey),
            tiles=or_list([tile_text(t, okey) for t, _kind in to_come]),
        )

    def action_gap_before(self) -> None:
        self.action_next_gap(back=True)

    def meld_in_block(self, index: int) -> str | None:
        """The meld the tile in slot ``index`` makes with the tiles beside it in a block
        that is no meld (:meth:`RackLayout.meld_in_block`), as the rack labels it ("K5 K6
        K7 (run 18)"); None when it makes none there."""
        view = self.view
        okey = view.okey
        kinds = layable_kinds(view)
        part = self.rack.meld_in_block(index, okey, tuple(kinds))
        if part is None:
            return None
        tiles = [t for i in part if (t := self.rack.slots[i]) is not None]
        label = group_label(tiles, okey, kinds)[0]
        return f"{' '.join(tile_text(t, okey) for t in tiles)} ({label})"

    def action_join(self) -> None:
        """One tile beside the group it makes the best meld with, as a tile taken from the
        left comes in: a newcomer took eleven shift+→ (and split a pair on the way) to put
        K5 beside B5 Y5, Tab and shift+End keeping it apart from every group."""
        chosen = self.chosen_slots()
        again = self.join_again(chosen)
        if again is None and len(chosen) != 1:
            self.set_status(
                _("Select a tile (or put the cursor on one) to join it to a group")
                if not chosen
                else _("j moves one tile at a time: select just one"),
                True,
            )
            return
        index = chosen[0] if again is None else again.index
        tile = self.rack.slots[index]
        assert tile is not None
        view = self.view
        okey = view.okey
        kinds = self.join_kinds()
        word = tile_text(tile, okey)
        stays = None if again is not None else self.join_stays(index)
        if stays is not None:
            self.set_status(stays, True)
            return
        own = self.rack.group_at(index)  # its group's slots, before it moves
        origin = (list(self.rack.slots), list(self.rack.back), self.rack.room)
        passed = () if again is None else again.passed
        moved = self.rack.join(index, okey, kinds, passed)
        joined = self.rack.joined
        slots = self.rack.slots  # the rack's list again: join may have put a copy back
        if moved is None and again is not None:
            # Round the groups it makes a meld with: back where it stood, j again starts over.
            self.render_all()
            self.keep_rack()
            kept_in = self.rack.meld_in_block(index, okey, kinds)
            if kept_in is not None:
                # Its first j set its meld apart in its own block: j takes no tile out of a
                # meld ("no other group … has room" was said with room beside Y11 B11).
                meld = [t for i in kept_in if (t := self.rack.slots[i]) is not None]
                said = _("{tile} is back where it stood, in {meld}: j takes no tile out of a meld")
                self.rack_notice(said.format(tile=word, meld=group_label(meld, okey, kinds)[0]))
                return
            self.rack_notice(
                _("{tile} is back where it stood: no other group takes it").format(tile=word)
            )
            return
        if moved is None:
            partners = self.rack.partners(tile, okey, kinds, ignore=(index,), wild=True)
            if is_wild(tile, okey) and not partners:
                # No group of two tiles or more makes a run or a set with it.
                said = _(
                    "The okey makes a run or a set with no group on your rack: shift+arrows "
                    "(or a drag) put it where you mean"
                )
            elif (inside := self.meld_in_block(index)) is not None:
                # Already standing with the tiles it makes a meld with, in a block that is
                # no meld, with no room to set them apart ("makes a meld with no group"
                # was said of K6 in K1 K5 K6 K7 K10).
                said = _(
                    "{tile} makes {meld} with the tiles beside it, but no free slot lets them "
                    "stand apart from the rest of the block: shift+arrows move tiles by hand"
                ).format(tile=word, meld=inside)
            elif partners:
                partner = [t for i in partners[0] if (t := slots[i])]
                said = _(
                    "{tile} makes a meld with {group}, but no free slot beside it stays apart "
                    "from the other groups: shift+arrows move it by hand"
                ).format(tile=word, group=self.group_words(partner, tile))
            elif (boxed := self.rack.meld_in_a_block(tile, okey, kinds, (index,))) is not None:
                # K12 for K9 K11 K13 with no free slots to split the block: "makes a meld
                # with no group" was said under "You took K12: run 36 with K11 K13".
                block, meld = boxed
                said = _(
                    "{tile} makes {meld} ({tiles}) in {block}, but no free slots let them "
                    "stand apart from the rest: shift+arrows move tiles by hand"
                ).format(
                    tile=word,
                    meld=group_label(meld, okey, kinds)[0],
                    tiles=tiles_text(meld, okey),
                    block=tiles_text(block, okey),
                )
            elif (two_thirds := self.two_thirds(index, own)) is not None:
                said = two_thirds  # beside its lone tile already ("makes a meld with no group")
            elif lone := self.rack.lone_partners(tile, okey, kinds, index, ignore=(index,)):
                other = slots[lone[0]]
                assert other is not None
                boxed_in = self.to_come_words(
                    other,
                    tile,
                    _(
                        "{tile} makes two thirds of a run with {group} ({tiles} to come), but "
                        "no free slot beside it stays apart from the other groups: "
                        "shift+arrows move it by hand"
                    ),
                    _(
                        "{tile} makes two thirds of a set with {group} ({tiles} to come), but "
                        "no free slot beside it stays apart from the other groups: "
                        "shift+arrows move it by hand"
                    ),
                )
                assert boxed_in is not None  # a lone partner is one some tile completes
                said = boxed_in
            elif any(isinstance(a, AddTile) and a.tile == tile for a in legal_actions(view)):
                said = _(
                    "{tile} makes a meld with no group on your rack: a adds it to a meld on "
                    "the table"
                ).format(tile=word)
            elif len(own) >= 4 and slots != self.sorted_as:
                # A long block that is no meld: unsorted, or s's leftovers (just sorted, s
                # would give the same rack: not offered then)
                said = _(
                    "{tile} makes a meld with no group on your rack (s sorts the rack into groups)"
                ).format(tile=word)
            else:
                said = _("{tile} makes a meld with no group on your rack").format(tile=word)
            self.set_status(said, True)
            return
        self.moved(moved, "")
        target = moved.get(index, index)  # (the tile stays where its block split off)
        said = self.joined_words(index, tile, own, moved)
        if joined is not None:
            self.join_round = JoinRound(
                id(self.rack),
                len(self.table.events),
                index,
                target,
                moved,
                *origin,
                list(self.rack.slots),
                (*passed, joined),
            )
            # Where j again would put it, on a copy of the rack as it stood.
            trial = self.rack.copy()
            trial.slots = list(origin[0])
            further = trial.join(index, okey, kinds, self.join_round.passed)
            if further is not None:
                spot = further.get(index, index)
                next_to = [t for i in trial.group_at(spot) if i != spot and (t := trial.slots[i])]
                said += " · " + _("j again: beside {group}").format(
                    group=self.group_words(next_to, tile)
                )
            elif again is not None:
                # The last of several groups: what j again does then (back where it stood,
                # unannounced, read as a fault).
                said += " · " + _("j again puts it back where it stood")
        self.rack_notice(said)

    def joined_words(self, index: int, tile: Tile, own: list[int], moved: dict[int, int]) -> str:
        """What the line says of a tile j moved from slot ``index`` (``own``: its group's
        slots before; ``moved``: old slot -> new)."""
        view = self.view
        okey = view.okey
        kinds = self.join_kinds()
        slots = self.rack.slots
        target = moved.get(index, index)  # (the tile stays where its block split off)
        group = [t for i in self.rack.group_at(target) if (t := slots[i])]
        beside = [t for i in self.rack.group_at(target) if i != target and (t := slots[i])]
        partial = (
            self.to_come_words(
                beside[0],
                tile,
                _("{tile} is beside {group} now: {tiles} would make a run with them"),
                _("{tile} is beside {group} now: {tiles} would make a set with them"),
            )
            if len(beside) == 1 and not readings(group, okey, kinds)
            else None
        )
        if partial is not None:
            # Two thirds of a run or a set: beside the lone tile it goes best with (K6
            # beside K5 took three shift+arrows), the tiles still to come named.
            return partial
        # Its own block split (the tile and its neighbours were side by side already): the
        # meld said as set apart from the rest ("R8 is beside R7 R9 now" was said of a tile
        # that had not moved, and "R4 Y4 K4 moved a slot" of a set that moved whole).
        back = {new: old for old, new in moved.items()}
        now = self.rack.group_at(target)
        if all(back.get(i, i) in own for i in now):
            rest: dict[int, list[Tile]] = {}
            for old in own:
                new = moved.get(old, old)
                if new not in now and (t := slots[new]) is not None:
                    rest.setdefault(self.rack.group_at(new)[0], []).append(t)
            return _("{group} stand apart now, a slot from {rest}: {meld}").format(
                group=tiles_text(group, okey),
                rest=and_list([tiles_text(part, okey) for part in rest.values()]),
                meld=group_label(group, okey, kinds)[0],
            )
        # The tiles moved aside, group by group as they stand now ("R7 R9 and Y3 Y5": the
        # groups a slot beyond moved along with the tile's own read as one).
        parts: dict[int, list[int]] = {}  # each group's first slot -> its moved slots
        for new in sorted(new for old, new in moved.items() if old != index):
            parts.setdefault(self.rack.group_at(new)[0], []).append(new)
        aside = list(parts.values())
        meld = group_label(group, okey, kinds)[0]
        if aside:
            said = _("{tile} is beside {group} now ({moved} moved a slot to make room): {meld}")
        else:
            said = _("{tile} is beside {group} now: {meld}")
        return said.format(
            tile=tile_text(tile, okey),
            group=self.group_words(beside, tile),
            meld=meld,
            moved=and_list(
                [" ".join(tile_text(t, okey) for i in part if (t := slots[i])) for part in aside]
            ),
        )

    def action_arrange(self, by: str) -> None:
        from okey_tui.engine import solver

        tiles = self.rack_tiles()
        view = self.view
        okey = view.okey
        found = solver.best_melds(tiles, okey) if by == "melds" else solver.best_pairs(tiles, okey)
        if by == "pairs" and view.taken is not None:
            found = pairs_with(found, tiles, view.taken.tile, okey)
        # Melds staged already count towards the floor the re-readings keep.
        melds = (
            guarded_melds(view, found.melds, self.staging.melds, shorten=True)
            if by == "melds"
            else found.melds
        )
        # Tiles a run gave up to keep its okey where nobody can swap it out: on the rack.
        given_up = without(
            [t for m in found.melds for t in m.tiles], [t for m in melds for t in m.tiles]
        )
        value = sum(m.value for m in melds)
        what = (
            ngettext("{n} point in runs and sets", "{n} points in runs and sets", value).format(
                n=value
            )
            if by == "melds"
            else ngettext("{n} pair", "{n} pairs", found.pairs).format(n=found.pairs)
        )
        guarded = [
            meant
            for before, meld in zip(found.melds, melds, strict=True)
            if meld != before
            for place in meld.wild_places(okey)
            if (meant := meld.stands_for[place])
            not in {before.stands_for[p] for p in before.wild_places(okey)}
            or len(meld.tiles) < len(before.tiles)
        ]
        if guarded:
            # The sort put an okey at the other end of its run: say why the points are
            # fewer than the highest reading's (lay-down's +101 warning would not come).
            what = _("{what}, {okeys}").format(
                what=what,
                okeys=ngettext(
                    "the okey as {tiles}, where nobody can swap it out",
                    "the okeys as {tiles}, where nobody can swap them out",
                    len(guarded),
                ).format(tiles=" ".join(map(str, guarded))),
            )
            if given_up:
                # The run shortened for it: which tiles it left (a player wondered why
                # R3 R4 stood apart from R6 R7 R8 ★).
                what = _("{what}, {tiles} left out of its run").format(
                    what=what, tiles=tiles_text(given_up, okey)
                )
        staged = self.staging.melds
        if staged and by == "melds" and not self.staging.pairs:
            # The rack's points alone read as the opening's ("39 points · an opening needs
            # 101" with 32 staged): the staged melds' too.
            what = _("{what} ({total} with the staged melds)").format(
                what=what, total=value + sum(m.value for m in staged)
            )
        elif staged and by == "pairs" and self.staging.pairs:
            what = _("{what} ({total} with the staged pairs)").format(
                what=what, total=found.pairs + len(staged)
            )
        slots = self.rack.slots
        pointed = slots[self.cursor]
        new = [t for i in sorted(self.fresh) if (t := slots[i]) is not None]
        rest = sorted([*found.leftover, *given_up], key=Tile.sort_key)
        self.remember_rack(list(slots), _("the sort"))
        # Sorted by melds, the loose tiles split by colour where a run could not join them
        # (half-made runs stand apart). By pairs they stay together: split, they could make
        # a run that o would stage instead of the pairs.
        self.rack.arrange(
            [list(m.tiles) for m in melds],
            rest,
            near_parts(rest, okey) if by == "melds" else (),
        )
        self.follow_tiles(pointed, new)
        self.sorted_as = list(self.rack.slots)  # j does not send the player back to s
        if by == "melds" and is_pairs_only(self.view):
            # A pairs opener (or a Going Pairs seat) lays only pairs: o would refuse the runs
            # and sets this sort shows.
            said = _("Sorted: {what} · you lay only pairs: p sorts by pairs")
        elif by == "pairs" and MeldKind.PAIR not in layable_kinds(self.view):
            # Opened with runs and sets: pairs are no melds for this seat (rules §9), and
            # the rack shows none under them.
            # (On one line at 80 columns: the key bar names s.)
            said = _("Sorted: {what} · you opened with runs and sets: pairs do not lay for you")
        elif (
            by == "melds"
            and self.view.opening is None
            and self.opens_now(tiles, "pairs")
            and (not self.opens_now(tiles, "melds"))
        ):
            # Short of the floor in runs and sets, while the pairs open: said (a player with
            # five pairs read only "an opening needs 101").
            said = _(
                "Sorted: {what} · an opening needs {floor}, and your pairs open: p sorts by pairs"
            ).format(what="{what}", floor=self.view.melds_floor)
        elif (
            self.view.opening is None
            and not self.opens_now(tiles, by)
            and (not self.staging.melds or self.staging.pairs == (by == "pairs"))
            and Staging([*self.staging.melds, *melds]).finishes(self.view)
        ):
            # Every tile but one in melds, short of the floor: a straight out, which needs
            # none ("an opening needs 101" was said of a rack o and Enter took out).
            said = (
                _("Sorted: {what} · all but one tile in melds: o and Enter, then x goes out")
                if by == "melds"
                else _("Sorted: {what} · all but one tile in pairs: o and Enter, then x goes out")
            )
        elif self.view.opening is None and not self.opens_now(tiles, by):
            # "o stages the groups" under 45 points invited an opening the table refuses.
            said = (
                _("Sorted: {what} · an opening needs {floor}").format(
                    what="{what}", floor=self.view.melds_floor
                )
                if by == "melds"
                else _("Sorted: {what} · an opening needs {floor} pairs").format(
                    what="{what}", floor=self.view.pairs_floor
                )
            )
        elif self.view.opening is not None and not found.melds:
            # Opened, and no group o could stage ("0 points in runs and sets · o stages
            # the groups" read as if something would).
            said = _("Sorted: {what} · no group to lay down yet")
        else:
            said = _("Sorted: {what} · o stages the groups")
            self.short_opening = None  # the rack opens as sorted: that refusal is past
        # Said of this arrangement: the next change of the rack puts the turn's line back
        # (it said "Sorted: 54 points" after the tiles were moved about).
        self.rack_notice(said.format(what=what))
        self.render_all()
        self.keep_rack()

    def opens_arranged_otherwise(self) -> str:
        """Short of the floor with what is staged, while the whole rack opens arranged
        another way: which sort arranges it (" · your tiles open arranged otherwise: Esc,
        then s and o"), else "". A tile just taken stood apart from its group, o staged
        67 of 101, and "with it you can open: 103 points" had been said."""
        from okey_tui.engine.solver import opening_check

        view = self.view
        # The groups still on the rack, staged too, reach the floor: o goes on (one group
        # staged at a time, "Esc, then s" told a player in the middle of it to start over).
        pairs = self.staging.pairs
        staged = len(self.staging.melds) if pairs else sum(m.value for m in self.staging.melds)
        for group in self.rack.groups():
            tiles = [t for i in group if (t := self.rack.slots[i]) is not None]
            if pairs:  # a pair, or pairs side by side, as o stages them (pairs_in)
                if len(tiles) == 2:
                    staged += rack_reading(tiles, view.okey, {MeldKind.PAIR}) is not None
                else:
                    staged += len(self.pairs_in(group) or [])
            elif len(tiles) >= 3:
                found = rack_reading(tiles, view.okey, RUN_SET)
                staged += found.value if found is not None else 0
        if staged >= (view.pairs_floor if pairs else view.melds_floor):
            return ""
        check = opening_check(list(view.rack), view.okey, view.melds_floor, view.pairs_floor)
        if check.can_open_melds and not is_pairs_only(view):
            key = "s"
        elif check.can_open_pairs:
            key = "p"
        else:
            return ""
        return " · " + _("your tiles open arranged otherwise: Esc, then {key} and o").format(
            key=key
        )

    def opens_now(self, tiles: list[Tile], by: str) -> bool:
        """Whether ``tiles`` open by ``by`` (melds or pairs) at this seat's floors, as the
        engine's solver judges it, with the melds staged already (of that kind: runs and
        sets and pairs never open together): s with 52 points staged said "an opening needs
        101" of a rack whose 99 made 151 with them."""
        from okey_tui.engine.solver import opening_check

        view = self.view
        staged = self.staging.melds
        if staged and self.staging.pairs != (by == "pairs"):
            return False  # the other kind is staged: this one cannot join it
        melds_floor = view.melds_floor - sum(m.value for m in staged if by == "melds")
        pairs_floor = view.pairs_floor - (len(staged) if by == "pairs" else 0)
        check = opening_check(tiles, view.okey, max(0, melds_floor), max(0, pairs_floor))
        return check.can_open_melds if by == "melds" else check.can_open_pairs

    def action_colour_blind(self) -> None:
        self.colour_blind = not self.colour_blind
        remember = getattr(self.app, "remember_choice", None)
        if remember is not None:
            remember(colour_blind=self.colour_blind)
        self.set_status(
            _("Colour-blind shapes on") if self.colour_blind else _("Colour-blind shapes off")
        )
        self.render_rack()

    def action_bell(self) -> None:
        settings = getattr(self.app, "settings", None)
        on = not getattr(settings, "bell", False)
        remember = getattr(self.app, "remember_choice", None)
        if remember is not None:
            remember(bell=on)
        self.set_status(
            _(
                "Bell on: it rings as your turn comes after {seconds} s or more of the "
                "others' turns (B turns it off)"
            ).format(seconds=decimal(BELL_AFTER))
            if on
            else _("Bell off: B turns it on again")
        )

    def on_rack_widget_slot_clicked(self, message: RackWidget.SlotClicked) -> None:
        self.cursor = message.index
        if self.rack.slots[message.index] is not None:
            self.selected ^= {message.index}
        self.render_all()

    def on_rack_widget_group_clicked(self, message: RackWidget.GroupClicked) -> None:
        self.cursor = message.indices[0]
        self.toggle_group(message.indices)

    def on_rack_widget_tile_held(self, message: RackWidget.TileHeld) -> None:
        """A drag begun: where the tile may go is said while it is held (nothing said it
        until the button was let go, and a mouse player could not tell a drag had begun)."""
        tile = self.rack.slots[message.source]
        if tile is None:
            return
        self.rack_notice(
            # One line at 80 columns: two moved the table a row up under the finger.
            _("Moving {tile}: drop on a rack slot, your pile, the lay-down box or a meld").format(
                tile=tile_text(tile, self.view.okey)
            )
        )

    async def on_rack_widget_tile_dragged(self, message: RackWidget.TileDragged) -> None:
        source = message.source
        tile = self.rack.slots[source]
        if tile is None:
            return
        if message.target is not None:
            if source in self.selected and len(self.selected) > 1:
                self.moved(
                    self.rack.move_by(self.selected, message.target - source),
                    _("The selected tiles do not fit there: another tile is in the way"),
                )
                return
            other = self.rack.slots[message.target]
            self.remember_rack(list(self.rack.slots), _("the move"))
            self.rack.swap(source, message.target)
            self.remap({source: message.target, message.target: source})
            self.cursor = message.target
            self.render_all()
            self.keep_rack()
            if other is not None and other != tile:
                # Dropped on another tile: the two trade places (said, or the other tile
                # seemed to jump by itself).
                okey = self.view.okey
                self.rack_notice(
                    _("{tile} and {other} swapped places (u puts them back)").format(
                        tile=tile_text(tile, okey), other=tile_text(other, okey)
                    )
                )
            return
        try:
            widget: DOMNode | None = self.get_widget_at(message.screen_x, message.screen_y)[0]
        except Exception:
            widget = None
        node = widget
        targets = LayDownArea | PilePanel | MeldsView | RackWidget
        while node is not None and not isinstance(node, targets):
            node = node.parent
        selected = set(self.selected)
        taken = self.view.taken
        if isinstance(node, PilePanel) and node.seat == self.table.seat:
            if source in self.selected and len(self.selected) > 1:
                # A selected tile takes the selection along, and one tile is discarded: as
                # x says (the dragged tile alone went, with the others still selected).
                self.set_status(_("Select one tile to discard (Esc clears the selection)"), True)
            else:
                self.cursor = source
                await self.action_discard(source)
        elif isinstance(node, PilePanel) and taken is not None and node.seat == self.view.left:
            if tile != taken.tile:
                # Only the taken tile goes back there: said, with the key that does it.
                self.set_status(
                    _(
                        "{tile} stays in its slot: only {taken}, the tile you took, goes "
                        "back on the left pile (g gives it back and draws instead)"
                    ).format(
                        tile=tile_text(tile, self.view.okey),
                        taken=tile_text(taken.tile, self.view.okey),
                    ),
                    error=True,
                )
                return
            # The taken tile back where it came from: what g does, the engine deciding.
            await self.action_give_back()
        elif isinstance(node, LayDownArea):
            if source not in self.selected:
                self.selected = {source}
            await self.action_stage()
        elif isinstance(node, MeldsView):
            self.cursor = source
            if source not in self.selected:
                self.selected = {source}
            # Dropped on a meld: added to that one (a drop beside the melds asks which).
            await self.action_add(node.meld_at(message.screen_x, message.screen_y))
        else:
            # Past the rack's last slot, or where a tile goes nowhere: it was ignored, and
            # the tile seemed stuck.
            okey = self.view.okey
            if isinstance(node, RackWidget):
                said = _("{tile} stays in its slot: the rack has no slot there")
            else:
                said = _(
                    "{tile} stays in its slot: drop a tile on a slot of the rack, on your "
                    "pile to discard it, on the lay-down box or on a table meld"
                )
            self.set_status(said.format(tile=tile_text(tile, okey)), error=True)
            return
        if self.app.screen is self and self.rack.slots[source] == tile:
            # Refused (the tile is still in its slot, no question asked): the selection
            # as it was before the drag, not the dragged tile alone ("Selected: R12"). The
            # refusal stays on the line: this is no new change of the player's.
            self.selected = selected
            if self._error_at is not None:
                self._error_at = self.state_mark()
            self.render_all()

    # -- staging and laying down ---------------------------------------------------------
    def allowed_kinds(self, view: PlayerView) -> set[MeldKind]:
        if is_pairs_only(view) or self.staging.pairs:
            return {MeldKind.PAIR}
        if view.opening is not None or self.staging.melds:
            return {MeldKind.RUN, MeldKind.SET}
        return {MeldKind.RUN, MeldKind.SET, MeldKind.PAIR}

    async def action_stage_more(self) -> None:
        await self.action_stage()

    async def action_stage_pair(self) -> None:
        await self.action_stage()

    async def action_stage(self) -> None:
        chosen = sorted(self.selected)
        if not chosen:
            if not self.stage_groups() and self.staging.melds:
                # Nothing new to stage: a second o (a held key, a double click) lays
                # nothing down; only Enter does, as the status line and the help say.
                self.set_status(self.staged_already_text())
            return
        tiles = [t for i in chosen if (t := self.rack.slots[i]) is not None]
        view = self.view
        kinds = self.allowed_kinds(view)
        found = readings(tiles, view.okey, kinds)
        parts = self.parts_by_group(chosen)
        if not found and self.extend_staged(parts, kinds):
            return
        if (
            not found
            and len(parts) > 1
            and any(len(part) > 1 for part in parts)
            and all(self.part_is_meld(part, kinds) for part in parts if len(part) > 1)
        ):
            # Several groups selected that make no one meld together: each its own meld.
            # (Lone tiles picked from here and there are one meld meant: said as one. So
            # are tiles of a group that make no meld by themselves with a tile from
            # elsewhere: R11 K1 of a group and F✦ apart were refused as "R11 K1: a run or
            # set needs at least three tiles", the F✦ left unsaid.)
            self.stage_parts(parts, kinds)
            return
        pairs = self.pairs_in(chosen) if not found and kinds == {MeldKind.PAIR} else None
        if pairs is not None:
            # Pairs side by side in one group (K5 K5 R7 R7, taken whole with m), where only
            # pairs go: each pair staged, as groups apart are (it said "K5 K5 R7 R7 are not
            # a pair"). Not where runs go too: R7 R7 R8 R8 R9 R9 may be two runs.
            self.stage_parts(pairs, {MeldKind.PAIR})
            return
        if not found:
            self.set_status(self.no_meld_text(tiles, kinds), error=True)
            return
        if len(found) > 1:
            # Each reading with what it risks (as the lay-down box says it once staged), the
            # chooser open on the one the rack shows (the group's label, a run's okey where
            # it stands).
            shown = rack_reading(tiles, view.okey, kinds)
            # This reading's okeys only: those of the melds staged before come first in what
            # exposed_okeys lists (laying more leaves no fewer exposed).
            staged = self.staging.melds
            before = len(exposed_okeys(view, staged))
            pays = view.rules.penalties
            options: list[tuple[Text | str, Meld]] = []
            for meld in found:
                label = meld_chips(meld, view.okey)
                label.append(f"  {meld_kind(meld.kind)}, {meld.value}")
                exposed = exposed_okeys(view, [*staged, meld])[before:] if pays else []
                for _meant, needed in exposed:
                    label.append("  " + swap_cost_text(needed, view.okey), "bold yellow")
                options.append((label, meld))
            self.ask_of_turn(
                ChooserScreen(
                    _("Which reading? (highest first)"),
                    options,
                    found.index(shown) if shown in found else 0,
                ),
                lambda meld: self._staged(meld, chosen),
            )
            return
        self._staged(found[0], chosen)

    def extend_staged(self, parts: list[list[int]], kinds: set[MeldKind]) -> bool:
        """``o`` on tiles that make no meld alone but complete or lengthen a staged meld
        (the set R11 Y11 B11 staged, then K11 taken: o on K11 said "a run or set needs at
        least three tiles", and only Esc and staging again took it in). ``parts``: the
        selected slots by group; a part that is a meld by itself is staged as one (R9 Y9
        B9 beside K12), each other part goes to a staged meld (or one staged with it)
        whose reading with it keeps its kind, in the placing of the highest total
        (:meth:`_place_loose`), its okeys read where nobody can swap them when a reading
        allows. All of it or nothing: False, with nothing changed, when a part goes nowhere
        or every part is a meld by itself."""
        view = self.view
        okey = view.okey
        slots = self.rack.slots
        melds = list(self.staging.melds)
        before = len(melds)
        loose: list[list[Tile]] = []
        for part in parts:
            tiles = [t for i in part if (t := slots[i]) is not None]
            found = rack_reading(tiles, okey, kinds) if len(tiles) >= 2 else None
            if found is None:
                loose.append(tiles)
                continue
            melds.append(found)
            # As if staged one by one: pairs go with pairs only, runs and sets together.
            kinds = {MeldKind.PAIR} if found.kind is MeldKind.PAIR else kinds - {MeldKind.PAIR}
        if not loose or len(loose) > LOOSE_PARTS_AT_MOST:
            return False
        placed = self._place_loose(loose, melds, kinds)
        if placed is None:
            return False
        melds, changed = placed
        for k in sorted(changed):
            # An okey read where nobody can swap it out, when a reading allows (as s and a
            # staged group's reading do): the highest reading left it exposed unasked.
            others = [m for j, m in enumerate(melds) if j != k]
            melds[k] = guarded_melds(view, [melds[k]], others)[0]
        self.staging.melds[:] = melds
        self.took([i for part in parts for i in part])
        self.selected.clear()
        added = [t for tiles in loose for t in tiles]
        if len(melds) > before:
            said = _("{staged} · {tiles} added to the staged melds").format(
                staged=self.staged_groups_text(len(melds) - before, before),
                tiles=tiles_text(added, okey),
            )
        elif len(changed) == 1:
            meld = melds[next(iter(changed))]
            said = _("{tiles} added to the staged {meld} ({value})").format(
                tiles=tiles_text(added, okey), meld=meld_text(meld, okey), value=meld.value
            )
        else:
            said = _("{tiles} added to the staged melds").format(tiles=tiles_text(added, okey))
        self.after_staging(said)
        return True

    def _place_loose(
        self, loose: list[list[Tile]], melds: list[Meld], kinds: set[MeldKind]
    ) -> tuple[list[Meld], set[int]] | None:
        """Every part of ``loose`` added to one of ``melds`` (each keeping its kind), in
        whatever order lets them all go (R8 before R9 onto R5 R6 R7, whichever slot came
        first), the assignment of the highest total: the melds then, and which changed.
        None when no assignment places them all."""
        okey = self.view.okey

        def place(
            remaining: tuple[int, ...], now: list[Meld]
        ) -> tuple[int, list[Meld], frozenset[int]] | None:
            if not remaining:
                return sum(m.value for m in now), now, frozenset()
            best: tuple[int, list[Meld], frozenset[int]] | None = None
            for part in remaining:
                rest = tuple(r for r in remaining if r != part)
                for k, staged in enumerate(now):
                    for meld in readings([*staged.tiles, *loose[part]], okey, kinds):
                        if meld.kind is not staged.kind:
                            continue
                        found = place(rest, [*now[:k], meld, *now[k + 1 :]])
                        if found is not None and (best is None or found[0] > best[0]):
                            best = (found[0], found[1], found[2] | {k})
            return best

        placed = place(tuple(range(len(loose))), melds)
        return None if placed is None else (placed[1], set(placed[2]))

    def staged_already_text(self) -> str:
        """What ``o`` says when every group that is a meld is staged already: what Enter
        and Esc do, or, below the opening floor, that Enter would not open."""
        view = self.view
        if self.staging.reached(view):  # a straight out below the floor too
            return _("Staged already: Enter lays them down, Esc puts them back")
        return _(
            "Staged already, and at {progress} they do not open: select more tiles and press o, "
            "or Esc puts them back"
        ).format(progress=self.staging.progress(view))

    def staged_groups_text(self, n: int, before: int) -> str:
        """ "Staged 3 groups", or with melds staged before: "Staged 3 more groups (5 in all)"
        (a second o said "Staged 3 groups" with five staged); pairs by their name (in
        Turkish "5 per", a word for runs and sets, was said of five pairs)."""
        melds = self.staging.melds
        if melds and all(m.kind is MeldKind.PAIR for m in melds):
            if not before:
                return ngettext("Staged {n} pair", "Staged {n} pairs", n).format(n=n)
            return ngettext(
                "Staged {n} more pair ({all} in all)", "Staged {n} more pairs ({all} in all)", n
            ).format(n=n, all=n + before)
        if not before:
            return ngettext("Staged {n} group", "Staged {n} groups", n).format(n=n)
        return ngettext(
            "Staged {n} more group ({all} in all)", "Staged {n} more groups ({all} in all)", n
        ).format(n=n, all=n + before)

    def pairs_only_text(self, tiles: list[Tile], declared: str, opened: str) -> str:
        """Why ``tiles`` are refused where only pairs go, by which of the two it is, with
        its section: a Going Pairs declaration (``declared``, a Challenge rule, §13) is no
        opening (``opened``, §9: "you opened with pairs or go pairs" said both)."""
        view = self.view
        words, section = (declared, 13) if view.opening is None else (opened, 9)
        return words.format(tiles=tiles_text(tiles, view.okey), rule=rule_section(section))

    def no_meld_text(self, tiles: list[Tile], kinds: set[MeldKind]) -> str:
        """Why ``tiles`` cannot be staged: the engine's reason (which rule, which tiles), or,
        when they are a meld of another kind, that it does not go with the staged ones."""
        view = self.view
        okey = view.okey
        run_or_set = readings(tiles, okey, {MeldKind.RUN, MeldKind.SET})
        if kinds == {MeldKind.PAIR} and len(tiles) > 2 and okey_pairs(tiles, okey):
            # Pairs with an okey among them (K5 K5 R7 ★): which tile the okey pairs with is
            # the player's to say ("are not a pair" was said of two pairs).
            return _(
                "{tiles} make pairs with an okey among them: select each pair on its own "
                "(space) and press o"
            ).format(tiles=tiles_text(tiles, okey))
        if kinds == {MeldKind.PAIR} and len(tiles) > 2 and is_pairs_only(view) and not run_or_set:
            # A block of several tiles (m on K5 K6 K7 K12 K13): "are not a pair" left out
            # why only pairs go, said for a run alone.
            return self.pairs_only_text(
                tiles,
                _(
                    "{tiles} are not a pair, and you declared Going Pairs: you open only "
                    "with pairs, two identical tiles each ({rule})"
                ),
                _(
                    "{tiles} are not a pair, and you opened with pairs: you lay only "
                    "pairs, two identical tiles each ({rule})"
                ),
            )
        if kinds == {MeldKind.PAIR} and run_or_set:
            # A run or a set where only pairs go: the reason is the pairs, not the tiles
            # ("B9 B10 B11 B12 are not a pair: a pair is two identical tiles").
            if is_pairs_only(view):
                return self.pairs_only_text(
                    tiles,
                    _(
                        "{tiles} is a run or a set, but you declared Going Pairs: you open "
                        "only with pairs ({rule})"
                    ),
                    _(
                        "{tiles} is a run or a set, but you opened with pairs: you lay only "
                        "pairs ({rule})"
                    ),
                )
            return _(
                "{tiles} is a run or a set, and pairs are staged: an opening is runs and sets "
                "or pairs, never both (rules §8)"
            ).format(tiles=tiles_text(tiles, okey))
        if MeldKind.PAIR not in kinds and readings(tiles, okey, {MeldKind.PAIR}):
            # A pair where only runs and sets go: the reason is the pair, not the count
            # ("R1 R1: a run or set needs at least three tiles").
            refused = view.lay_kind_refusal(MeldKind.PAIR)
            if refused is not None:
                said = ActionRefused.from_error(refused)  # the engine's rule and its section
                if refused.code is ErrorCode.MELDS_OPENER_LAYS_NO_PAIRS:
                    # Said from the tiles, as the refusals of a group are.
                    said.message = _(
                        "{tiles} is a pair, but you opened with runs and sets: pairs are only "
                        "for pairs openers"
                    ).format(tiles=tiles_text(tiles, okey))
                return self.error_text(said)
            return _(
                "{tiles} is a pair, and runs or sets are staged: an opening is runs and sets "
                "or pairs, never both (rules §8)"
            ).format(tiles=tiles_text(tiles, okey))
        if len(tiles) == 1 and kinds == {MeldKind.PAIR}:
            # "R13 are not a pair", of one tile.
            return _("{tile} alone is no pair: a pair is two identical tiles").format(
                tile=tiles_text(tiles, okey)
            )
        try:
            best_reading(tiles, okey, kinds)
        except OkeyError as exc:
            return self.error_text(exc)
        return _("{tiles} cannot go with the staged melds").format(tiles=tiles_text(tiles, okey))

    def parts_by_group(self, chosen: list[int]) -> list[list[int]]:
        """The selected slots ``chosen`` split by the group on the rack each stands in."""
        parts: dict[int, list[int]] = {}
        for i in chosen:
            group = self.rack.group_at(i)
            parts.setdefault(group[0] if group else i, []).append(i)
        return list(parts.values())

    def part_is_meld(self, part: list[int], kinds: set[MeldKind]) -> bool:
        """Whether the tiles in the slots of ``part`` make a meld of ``kinds`` by themselves."""
        tiles = [t for i in part if (t := self.rack.slots[i]) is not None]
        return bool(readings(tiles, self.view.okey, kinds))

    def pairs_in(self, chosen: list[int]) -> list[list[int]] | None:
        """The slots ``chosen`` as pairs of two identical tiles, every tile in one, in rack
        order (None: they are not, or only one pair, or an okey among them, whose pairing
        is the player's to say)."""
        okey = self.view.okey
        by_tile: dict[Tile, list[int]] = {}
        for i in chosen:
            tile = self.rack.slots[i]
            if tile is None or is_wild(tile, okey):
                return None
            by_tile.setdefault(tile, []).append(i)
        if len(by_tile) < 2 or any(len(slots) != 2 for slots in by_tile.values()):
            return None
        return sorted(by_tile.values())

    def stage_parts(self, parts: list[list[int]], kinds: set[MeldKind]) -> None:
        """``o`` with tiles of several groups selected that make no one meld together: the
        selected tiles of each group staged as a meld of their own (read as ``o`` reads
        groups), or none of them, and the first that is no meld named."""
        view = self.view
        melds: list[tuple[Meld, list[int]]] = []
        for part in parts:
            tiles = [t for i in part if (t := self.rack.slots[i]) is not None]
            found = rack_reading(tiles, view.okey, kinds)
            if found is None:
                self.set_status(self.no_meld_text(tiles, kinds), error=True)
                return
            melds.append((found, part))
            # As if staged one by one: pairs go with pairs only, runs and sets together.
            kinds = {MeldKind.PAIR} if found.kind is MeldKind.PAIR else kinds - {MeldKind.PAIR}
        before = len(self.staging.melds)
        for meld, part in melds:
            self.staging.melds.append(meld)
            self.took(part)
        self.selected.clear()
        self.after_staging(self.staged_groups_text(len(melds), before))

    def stage_groups(self) -> bool:
        """``o`` with nothing selected: stage every group on the rack that is a meld.

        Pairs when the hand goes pairs (or the groups make a pairs opening and
        not a melds one); each group read as its label reads it (a run's okeys where
        they stand: :func:`rack_reading`). True if anything was staged.
        """
        view = self.view
        groups = [g for g in self.rack.groups() if len(g) >= 2]
        slots = self.rack.slots
        tiles_of = {g[0]: [t for i in g if (t := slots[i]) is not None] for g in groups}
        melds = {
            g[0]: [(found, g)]
            for g in groups
            if len(g) >= 3 and (found := rack_reading(tiles_of[g[0]], view.okey, RUN_SET))
        }
        # A pair, or pairs side by side in one group (K10 K10 R6 R6), each staged as a pair
        # (o left such a group out, and Esc then counted its pairs).
        pairs: dict[int, list[tuple[Meld, list[int]]]] = {}
        for g in groups:
            parts = [g] if len(g) == 2 else self.pairs_in(g) or []
            read = [
                (found, part)
                for part in parts
                if (found := rack_reading([t for i in part if (t := slots[i])], view.okey, PAIR))
            ]
            if read and len(read) == len(parts):
                pairs[g[0]] = read
        kinds = self.allowed_kinds(view)
        use: dict[int, list[tuple[Meld, list[int]]]]
        if kinds == {MeldKind.PAIR}:
            use = pairs
        elif MeldKind.PAIR not in kinds:
            use = melds
        else:
            points = sum(m.value for found in melds.values() for m, _part in found)
            reach_melds = points >= view.melds_floor
            reach_pairs = sum(len(found) for found in pairs.values()) >= view.pairs_floor
            use = pairs if (reach_pairs and not reach_melds) or (pairs and not melds) else melds
        if not use:
            if not self.staging.melds and kinds == {MeldKind.PAIR}:
                self.set_status(
                    _(
                        "No group on the rack is a pair, and you may lay only pairs: put "
                        "pairs between gaps (p sorts them), or select two tiles with space"
                    ),
                    error=True,
                )
            elif (
                not self.staging.melds
                and MeldKind.PAIR in kinds
                and self.opens_now(self.rack_tiles(), "pairs")
            ):
                # The take had said "with it you can open: 5 pairs": the way there.
                self.set_status(
                    _(
                        "No group on the rack is a meld, and your pairs open: p sorts them "
                        "into pairs, then o"
                    ),
                    error=True,
                )
            elif not self.staging.melds:
                self.set_status(
                    _(
                        "No group on the rack is a meld: put runs and sets between gaps "
                        "(s sorts them), or select tiles with space"
                    ),
                    error=True,
                )
            return False
        before = len(self.staging.melds)
        for g in groups:
            for meld, part in use.get(g[0], []):
                self.staging.melds.append(meld)
                self.took(part)
        self.selected.clear()
        said = self.staged_groups_text(sum(len(found) for found in use.values()), before)
        taken = self.taken_into_staged()
        if taken is not None:
            said += " · " + taken
        self.after_staging(said)
        return True

    def taken_into_staged(self) -> str | None:
        """The tile taken from the left this turn, left on the rack apart from the groups o
        just staged, put in a staged meld it fits (the line had said "You took Y3: set 12
        with R3 B3 K3", and o staged R3 B3 K3 without it: 99 of 101): what the line says
        of it, or None (it is staged already, or fits no staged meld)."""
        view = self.view
        taken = view.taken
        staged = self.staging.tiles()
        if taken is None or taken.tile in staged:
            return None
        kinds = PAIR if self.staging.pairs else RUN_SET
        if taken.from_going_pairs and kinds != PAIR:
            return None  # a Going Pairs player's discard makes only pairs (rules §13)
        # Of two copies, the one standing apart (the other is the player's, in a group).
        copies = [i for i, t in enumerate(self.rack.slots) if t == taken.tile]
        slot = min(copies, key=lambda i: len(self.rack.group_at(i)), default=None)
        if slot is None:
            return None
        placed = self._place_loose([[taken.tile]], list(self.staging.melds), kinds)
        if placed is None:
            return None
        melds, changed = placed
        (k,) = changed
        others = [m for j, m in enumerate(melds) if j != k]
        melds[k] = guarded_melds(view, [melds[k]], others)[0]
        self.staging.melds[:] = melds
        self.took([slot])
        return _("{tiles} added to the staged {meld} ({value})").format(
            tiles=tile_text(taken.tile, view.okey),
            meld=meld_text(melds[k], view.okey),
            value=melds[k].value,
        )

    def _staged(self, meld: Meld | None, slots: list[int]) -> None:
        if meld is None:
            return
        here = [t for i in slots if (t := self.rack.slots[i]) is not None]
        if Counter(here) != Counter(meld.tiles):
            return  # the rack changed while the question was open
        self.staging.melds.append(meld)
        self.took(slots)
        self.after_staging(
            _("Staged {meld} ({value})").format(
                meld=meld_text(meld, self.view.okey), value=meld.value
            )
        )

    def stage_melds(self, melds: Sequence[Meld]) -> bool:
        """``melds`` staged as they are read (the hint's lay-down: the practice module's
        melds, okeys and all), each tile from a slot holding it: of two copies, the one in
        a group with more of its meld's tiles, else the one most apart. False, with nothing
        staged, when the rack lacks a tile of them."""
        slots = self.rack.slots
        taken: set[int] = set()
        parts: list[list[int]] = []
        for meld in melds:
            part: list[int] = []
            for tile in meld.tiles:
                copies = [i for i, t in enumerate(slots) if t == tile and i not in taken]
                if not copies:
                    return False

                def place(i: int, meld: Meld = meld) -> tuple[int, int, int]:
                    group = self.rack.group_at(i)
                    beside = sum(1 for j in group if slots[j] in meld.tiles)
                    return (-beside, len(group), -i)

                slot = min(copies, key=place)
                taken.add(slot)
                part.append(slot)
            parts.append(part)
        for meld, part in zip(melds, parts, strict=True):
            self.staging.melds.append(meld)
            self.took(part)
        self.selected.clear()
        self.keep_rack()
        return True

    def after_staging(self, what: str, line: str | None = None) -> None:
        """The line after melds were staged: ``what`` was staged, the running total, and
        Enter once it opens; ``line`` instead of them (the hint's lay-down, staged whole
        by e, says what Enter and Esc do)."""
        view = self.view
        progress = self.staging.progress(view)
        if self.staging.reached(view):
            self.short_opening = None  # what is staged now opens: that refusal is past
        if line is None:
            if view.opening is not None:
                line = _("{what}. Lay down: {progress}").format(what=what, progress=progress)
            else:
                line = _("{what}. Opening: {progress}").format(what=what, progress=progress)
            if self.staging.reached(view):
                # As the lay-down box says it: before this turn's draw Enter is refused.
                when = lay_when(view)
                if when == "now" and not view.lay_keeps_a_discard(len(self.staging.tiles())):
                    # Enter would be refused: a tile must stay in hand for the discard.
                    line += " — " + _(
                        "every tile is staged, and one must stay in hand to discard: "
                        "Esc puts them back"
                    )
                elif when == "now":
                    line += " — " + _("Enter lays them down")
                elif when == "draw":
                    line += " — " + _("d draws first, then Enter lays them down")
                else:
                    line += " — " + _("Enter lays them down on your turn")
            elif view.opening is None:
                line += self.opens_arranged_otherwise()
        if self.staging.pairs and view.opening is None:
            # What a pairs opening binds the hand to: a newcomer who followed the hint's
            # pairs opening learned only from the summary that their tiles counted double.
            # (§11 of okey101 rules, the end of a hand: it said §10, taking back.)
            pairs_note = _(
                "once you open with pairs, what your rack holds at the hand's end counts "
                "double ({rule})"
            ).format(rule=rule_section(11))
            if self.app.has_class("-short") and self.status_lines(f"{line} · {pairs_note}") > 2:
                # Two rows at most on a small terminal: the note was cut at "(rules §11 The
                # end of a".
                pairs_note = _("a pairs opener's tiles left count double (§{number})").format(
                    number=11
                )
            line += " · " + pairs_note
        if view.rules.penalties:
            # What laying them would cost, where every terminal shows it: the lay-down box
            # says it too, but on a small terminal its melds leave it no room.
            # Once for each tile an okey stands for: two okeys as R9 (in a run and in a
            # set) said the same words twice.
            exposed = Counter(
                okey_meant(meant, needed)
                for meant, needed in exposed_okeys(view, self.staging.melds)
            )
            partners = view.rules.partners  # a partner's swap costs nothing (rules §11)
            for meant, count in exposed.items():
                if count == 1 and partners:
                    said = _("★{tile}: +{points} to you if an opponent swaps it out")
                elif count == 1:
                    said = _("★{tile}: +{points} to you if it is swapped out")
                elif partners:
                    said = _(
                        "{n} okeys as ★{tile}: +{points} to you for each one an opponent swaps out"
                    )
                else:
                    said = _("{n} okeys as ★{tile}: +{points} to you for each one swapped out")
                line += " · " + said.format(tile=meant, points=PENALTY, n=count)
        self.staged_said = (list(self.staging.melds), line)
        self.set_status(line)
        self.sync_rack()
        self.render_all()
        self.keep_rack()  # the melds staged too: a match left now stages them again

    def taken_trap(self, tiles: Iterable[Tile]) -> tuple[str, str] | None:
        """The question before laying ``tiles`` while the discard taken this turn fits
        nowhere (nothing laid yet), and the line's words on a no: g gives it back now,
        free; once anything is laid only a take-back, a penalty, frees the turn (a player
        who took a tile on a yes, then added another with a, could neither give it back
        nor discard). None: no trap (the tile is among ``tiles``, or still fits, or a
        take-back costs nothing here)."""
        view = self.view
        taken = view.taken
        if taken is None or view.laid_this_turn or taken.tile in tiles:
            return None
        if not view.rules.penalties or view.taken_still_usable() or view.taken_swaps():
            return None
        tile = tile_text(taken.tile, view.okey)
        give = view.penalty_for(GiveBack())  # a table option charges for g too
        back = view.penalty_for(TakeBack())
        points = PENALTY if back is None else back.points
        if give is not None:
            question = _(
                "{tile}, the tile you took from the left, fits nowhere yet: g gives it back "
                "now (+{give} at this table). Once you lay anything else, g cannot, and if it "
                "still fits nowhere only a take-back (b, +{points}) lets you give it back. "
                "Lay this anyway?"
            ).format(tile=tile, give=give.points, points=points)
        else:
            question = _(
                "{tile}, the tile you took from the left, fits nowhere yet: g gives it back "
                "now, at no cost. Once you lay anything else, g cannot, and if it still fits "
                "nowhere only a take-back (b, +{points}) lets you discard. Lay this anyway?"
            ).format(tile=tile, points=points)
        return question, _("Nothing laid: g gives {tile} back").format(tile=tile)

    async def action_commit(self, trap_asked: bool = False) -> None:
        if not self.staging.melds:
            if self.selected:
                await self.action_stage()
                return
            self.set_status(_("Nothing is staged: press o to stage your groups, or select tiles"))
            return
        trap = None if trap_asked else self.taken_trap(self.staging.tiles())
        if trap is not None:
            self.ask_first(trap[0], lambda: self.action_commit(trap_asked=True), trap[1])
            return
        action = self.staging.action(self.view)
        staged = list(self.staging.melds)
        opened_before = self.view.opening is not None
        self.staging.clear()
        if not await self.act(action, quiet=True):
            refused = self.last_refused
            if refused is not None and refused.code == ErrorCode.OPENING_BELOW_FLOOR.value:
                # The turn's line says so from now on: it offered "open if you can (o)"
                # again after Esc, to a player who had just been told this does not open.
                # The refusal names the opening's kind, its worth and the floor (the engine's
                # reading: a table of another okey101 may name them otherwise, or not).
                params = refused.params
                pairs = pairs_kind(params.get("kind"))  # ("4 points do not open" of pairs)
                value, floor = params.get("value"), params.get("floor")
                if isinstance(value, int) and isinstance(floor, int):
                    self.short_opening = (self.turn_mark(), pairs, value, floor)
                    self.staged_said = None  # the turn's line says it in the refusal's words
            self.staging.melds.extend(staged)
            self.sync_rack()
            self.render_all()
            # The refusal, and the way back a newcomer did not find (an opening short of
            # the floor stays staged).
            self.set_status(
                self._status_said + " · " + _("Esc puts the staged tiles back"), error=True
            )
            return
        opening = self.view.opening
        if opened_before or opening is None:
            if all(meld.kind is MeldKind.PAIR for meld in staged):
                done = ngettext(
                    "You laid down {n} pair", "You laid down {n} pairs", len(staged)
                ).format(n=len(staged))
            else:
                done = ngettext(
                    "You laid down {n} meld", "You laid down {n} melds", len(staged)
                ).format(n=len(staged))
        else:
            done = you_opened_with(opening, self.view.rules)
        view = self.view
        due = self.taken_due() if self.my_turn else ""
        if due:  # x is refused while the taken tile waits: what the turn goes on with
            done = f"{done} · {due}"
        elif self.my_turn:  # the turn goes on (unless that lay-down ended the hand)
            steps = self.table_steps()
            finish = self.finish_steps()
            if finish:  # one tile left: its discard ends the hand
                done = f"{done}: {finish}"
            elif steps:
                done = _("{done}: {steps}, then x discards").format(done=done, steps=steps)
            elif any(isinstance(a, AddTile) for a in legal_actions(view)):
                done = _("{done}: a adds a tile that fits a table meld, then x discards").format(
                    done=done
                )
            else:
                done = _("{done}: x discards the tile under the cursor").format(done=done)
        self.set_status(done)

    def put_back_staged(self) -> list[str]:
        """Every staged meld back on the rack, each whole: in its own slots, or side by
        side where the rack has room (it may have been arranged again meanwhile). Returns
        what to say of each meld that did not go to its own slots (none: all did)."""
        staged = [list(m.tiles) for m in self.staging.melds]
        self.staging.clear()
        self.rack.bring_back(staged)
        return put_back_notes(self.rack, self.view.okey)

    async def action_lay_down(self) -> None:
        await self.action_commit()

    def action_put_back(self) -> None:
        self.action_unstage()

    def action_unstage(self) -> None:
        if self.selected:
            self.selected.clear()
            self.render_all()
            return
        if self.staging.melds:
            notes = self.put_back_staged()
            said = " · ".join(
                [_("The staged melds are back on the rack"), *notes]
                if notes
                else [_("The staged tiles are back in their slots")]
            )
            if self.my_turn:  # and what the turn goes on with, when the line holds it
                steps = f"{said} · {self.turn_steps()}"
                rows = self.status_rows()
                said = steps if not notes or self.status_lines(steps) <= rows else said
            self.set_status(said)
            self.keep_rack()  # put back: a match left now has none staged
        elif self.app.has_class("-narrow") and self.log_shown():
            # On a small terminal the log covers the table: Esc closes it, as it closes
            # the help, the piles and the dialogs (only l did).
            self.action_toggle_log()
            return
        elif self.app.has_class("-narrow") and self.practice.hints_on:
            self.practice.toggle_hints()  # the hints over the table, the same way
            return
        self.sync_rack()
        self.render_all()
        self.refresh_bindings()

    # -- the table ------------------------------------------------------------------
    async def choose(
        self,
        title: str,
        options: list[tuple[Text | str, Choice]],
        then: Callable[[Choice | None], Awaitable[None]],
        highlighted: int = 0,
        melds: Sequence[int] | None = None,
    ) -> None:
        """``then`` the option the player chooses (at once when there is only one); the
        chooser opens on the option ``highlighted``. ``melds``: the table meld of each
        option, when each is one (its number, typed, picks it)."""
        if len(options) == 1:
            await then(options[0][1])
        else:
            numbers = None if melds is None else [target + 1 for target in melds]
            self.ask_of_turn(ChooserScreen(title, options, highlighted, numbers), then)

    async def action_add(self, onto: int | None = None, trap_asked: bool = False) -> None:
        """Add the selection to a table meld: ``onto`` (a tile dropped on meld ``onto``),
        else the one the player chooses of those that take it. A question a remote table
        leaves unanswered (the connection dropped, no answer in time) is said on the line,
        and nothing is added."""
        try:
            await self.add_selection(onto, trap_asked)
        except ActionRefused as refused:
            self.set_status(self.error_text(refused), error=True)
            self.render_all()

    async def add_selection(self, onto: int | None, trap_asked: bool = False) -> None:
        """``action_add``'s work: the plans asked of the table may be refused.
        ``trap_asked``: the player said yes to laying while a taken tile fits nowhere."""
        view = self.view
        chosen = self.chosen_slots()
        # Nothing selected: the tiles that fit, as the line names them ("a adds R3 R6 to
        # melds on the table"), the one under the cursor first. With the cursor on one of
        # them a added that one alone, and the line's "a adds Y4 B6" took two presses. A
        # selection adds just what is selected; the hint's tile, what the hint says.
        fits = self.tiles_that_fit()
        reached = view.taken_run_reached()
        if reached is not None and view.taken is not None and set(reached[1]) <= set(fits):
            # The tile taken from the left, onto the run once the rack's tiles go on first:
            # added after them ("a adds R5 to meld 1, then R6" added R5 alone).
            fits = [*fits, view.taken.tile]
        under = self.rack.slots[self.cursor]
        hinted_here = self.hint_add is not None and self.hint_add[0] == self.cursor
        if (
            not self.selected
            and onto is None
            and not hinted_here
            and (under in fits or not self.cursor_tile_adds())
        ):
            pointed = [under] if under is not None and under in fits else []
            ordered = [*pointed, *(t for t in fits if t != under)]
            # An okey not pointed at goes on by itself, asked where and as what (it went
            # along with B13, as B6, where a B6 could take it: +101, and no word of it).
            plain = [t for t in ordered if t in pointed or not is_wild(t, view.okey)]
            ordered = plain or ordered
            chosen = self.slots_for(tuple(ordered)) or chosen
            unpointed = len(chosen) > 1  # several tiles the player did not point at
        else:
            unpointed = False
        tiles = [t for i in chosen if (t := self.rack.slots[i]) is not None]
        if not tiles:
            self.set_status(_("Select the tiles to add (space), then press a"), True)
            return
        trap = None if trap_asked else self.taken_trap(tiles)
        if trap is not None and any(
            a.tile in tiles for a in legal_actions(view) if isinstance(a, AddTile)
        ):
            self.ask_first(trap[0], lambda: self.action_add(onto, trap_asked=True), trap[1])
            return
        hinted: AddTile | None = None  # the hint's add, when a follows it
        if onto is None and self.hint_add is not None:
            # The line said "a adds it to meld 1": a asked "Add to which meld?" of 1 and 4.
            slot, hint, events = self.hint_add
            if chosen == [slot] and tiles == [hint.tile] and len(self.table.events) == events:
                onto, hinted = hint.target, hint
        adds = [a for a in legal_actions(view) if isinstance(a, AddTile) and a.tile in tiles]
        # (the meld, the steps, what the okey stands for where the player chooses it)
        plans: list[tuple[AddTile, list[AddTile], Tile | None]] = []
        placed: set[Tile] = set()  # tiles some meld takes, alone or after others selected
        # Each meld's plan for as many of the tiles as it takes (no okey's meaning chosen).
        reach: dict[int, list[AddTile]] = {}
        if len(tiles) == 1:
            plans = [(a, [a], a.meant) for a in adds]  # an okey may stand for more than one tile
        else:  # one plan per meld, in an order the engine accepts, all or nothing
            for target in dict.fromkeys(a.target for a in adds):
                # An okey among the tiles that could go on either side (B5 or B11 beside
                # B10) is the player's choice: whoever holds that tile may take it.
                readings = (
                    await self.table.okey_readings(tiles, target) if view.okey in tiles else []
                )
                # With one reading the okey must stand for that tile (R11 between R10
                # and R12): planned with it, shown without it.
                meanings: list[Tile | None] = [*readings] or [None]
                for meant in meanings:
                    steps, bad = await self.table.plan_adds(tiles, target, meant)
                    placed.update(step.tile for step in steps)
                    if meant is None:
                        reach[target] = steps
                    if bad is None and steps:
                        plans.append((steps[0], steps, meant if len(readings) > 1 else None))
        if not plans:
            # No one meld takes them all: each to the one meld it goes on, when there is one.
            if onto is None and await self.add_to_several_melds(chosen, tiles, adds, reach):
                return
            if not unpointed:
                await self.explain_no_add(tiles, adds, placed, reach, onto)
                return
            # The tiles the line named ("a adds K8 R10 to melds on the table"), some with a
            # choice of melds: the player says where those go, and all go on in one move
            # (a added R10 alone, and a second a asked where K8 goes).
            if view.okey not in tiles:
                each = self.melds_taking(tiles, adds, reach)
                if all(each.values()):
                    await self.add_where_chosen(chosen, tiles, each, {})
                    return
            # An okey among them: the first tile, asked where it goes; the line then names
            # the others, and a adds them.
            chosen, tiles = chosen[:1], tiles[:1]
            plans = [(a, [a], a.meant) for a in adds if a.tile == tiles[0]]
        if onto is not None:
            here = [plan for plan in plans if plan[0].target == onto]
            if not here:
                takes = sorted({first.target for first, _steps, _meant in plans})
                self.set_status(
                    _(
                        "Meld {n} does not take {tiles}: nothing was added; melds that do: {melds}"
                    ).format(
                        n=onto + 1, tiles=tiles_text(tiles, view.okey), melds=meld_numbers(takes)
                    ),
                    True,
                )
                return
            plans = here  # a choice is left only for what an okey stands for there
        if hinted is not None:
            # a after e: the line said "a adds it to meld 1 as Y10", so it does, with no
            # question between (a chooser of Y5 or Y10 opened there).
            followed = [
                steps
                for first, steps, meant in plans
                if first.target == hinted.target and meant in (None, hinted.meant)
            ]
            if len(followed) == 1:
                await self.add_all(chosen, followed)
                return
        options: list[tuple[Text | str, list[AddTile]]] = []
        # The row the chooser opens on, for Enter: the hint's reading of the okey when a
        # follows the hint, else the first one nobody can swap out (the engine's word).
        hint_row: int | None = None
        safe_row: int | None = None
        for first, steps, meant in plans:
            label = self.meld_option(first.target)
            laid = view.table[first.target]
            needed: tuple[Tile, ...] = ()
            if meant is not None:
                label.append("  " + _("(okey as {tile})").format(tile=meant))
                wild = next((st.tile for st in steps if is_wild(st.tile, view.okey)), first.tile)
                needed = exposed_add(view, laid.meld, wild, meant) if view.rules.penalties else ()
                if needed:
                    label.append("  " + swap_cost_text(needed, view.okey), "bold yellow")
            label.append_text(self.meld_owner(first.target))
            if hinted is not None and (first.target, meant) == (hinted.target, hinted.meant):
                hint_row = len(options)
            if safe_row is None and not needed:
                safe_row = len(options)
            options.append((label, steps))

        async def then(steps: list[AddTile] | None) -> None:
            if steps is not None:
                await self.add_all(chosen, [steps])

        # The tiles named: "Add to which meld?" after a line naming three left the player
        # guessing which one was asked about.
        title = _("Add {tiles} to which meld?")
        if any(meant is not None for _first, _steps, meant in plans):
            title = _("Add {tiles} to which meld, the okey as which tile?")
        title = title.format(tiles=tiles_text(tiles, view.okey))
        opens_on = next((row for row in (hint_row, safe_row) if row is not None), 0)
        melds = [first.target for first, _steps, _meant in plans]
        await self.choose(title, options, then, opens_on, melds)

    def meld_option(self, target: int) -> Text:
        """The start of a chooser's line for table meld ``target``: its number and tiles."""
        label = Text(f"{target + 1}: ")
        label.append_text(meld_chips(self.view.table[target].meld, self.view.okey))
        return label

    def meld_owner(self, target: int) -> Text:
        """Whose meld ``target`` is, at the end of a chooser's line: the table's melds are
        grouped by owner, the chooser's are not."""
        owner = self.view.table[target].owner
        whose = _("yours") if owner == self.view.seat else self.seat_name(owner)
        return Text(f"  · {whose}", "dim")

    async def add_where_chosen(
        self,
        chosen: list[int],
        tiles: list[Tile],
        takes: dict[Tile, list[int]],
        picked: dict[int, int | None],
    ) -> None:
        """Add ``tiles`` (of the slots ``chosen``, the one pointed at first; ``takes``: the
        melds each goes on), each to its meld, in one move: a tile that goes on one meld
        goes there, and for each with a choice the player says which (``picked``: tile's
        place → meld so far, None: it goes on none beside the others chosen). A meld is
        offered only where the tile goes with those already chosen for it (R7 was offered
        meld 1, which takes it only after R6, once R6 had gone elsewhere); a meld that
        takes only some of its tiles (Y11 and K11 for R11 ★ B11) takes the first of them,
        the line then naming the rest. Esc on a question adds nothing."""
        if not picked and not self.view.lay_keeps_a_discard(len(tiles)):
            # Refused before any question (it asked where two tiles go, then said it).
            refused = IllegalActionError(
                TEMPLATES[ErrorCode.KEEP_ONE_TILE], code=ErrorCode.KEEP_ONE_TILE
            )
            self.set_status(self.error_text(refused), error=True)
            return
        for i, tile in enumerate(tiles):
            if i not in picked and len(takes[tile]) == 1:
                picked[i] = takes[tile][0]
        asked = next((i for i in range(len(tiles)) if i not in picked), None)
        if asked is None:
            groups: dict[int, list[Tile]] = {}
            for i, tile in enumerate(tiles):
                target = picked[i]
                if target is not None:
                    groups.setdefault(target, []).append(tile)
            plans: list[list[AddTile]] = []
            for target in sorted(groups):
                steps, _bad = await self.table.plan_adds(groups[target], target)
                if steps:
                    plans.append(steps)
            if not plans:
                self.set_status(
                    _("Nothing added: {tiles} go on no meld as they are").format(
                        tiles=tiles_text(tiles, self.view.okey)
                    ),
                    error=True,
                )
                return
            await self.add_all(chosen, plans)
            return
        tile = tiles[asked]
        options: list[tuple[Text | str, int]] = []
        for target in takes[tile]:
            group = [tiles[j] for j, meld in picked.items() if meld == target] + [tile]
            steps, bad = await self.table.plan_adds(group, target)
            if bad is None and len(steps) == len(group):
                label = self.meld_option(target)
                label.append_text(self.meld_owner(target))
                options.append((label, target))
        if len(options) < 2:
            picked[asked] = options[0][1] if options else None
            await self.add_where_chosen(chosen, tiles, takes, picked)
            return

        async def then(target: int | None) -> None:
            if target is None:
                self.set_status(self.turn_hint())  # Esc: nothing added, the turn goes on
                return
            picked[asked] = target
            await self.add_where_chosen(chosen, tiles, takes, picked)

        title = _("Add {tiles} to which meld?").format(tiles=tiles_text([tile], self.view.okey))
        await self.choose(title, options, then, melds=[target for _label, target in options])

    async def add_all(
        self, chosen: list[int], groups: list[list[AddTile]], okey_asked: bool = False
    ) -> None:
        """Add the selected tiles (of the slots ``chosen``), each group of steps to its
        meld, as one move of the table's: all of them or, if the table refuses one, none
        (and at a practice table one u undoes them all). The line says what went where.
        Adds that leave the player's own okey open to a swap it was not open to ask first
        (``okey_asked``: the player said yes)."""
        steps = [step for group in groups for step in group]
        opened = [] if okey_asked else okeys_left_open(self.view, steps)
        if opened:
            okey = self.view.okey
            # Each okey left open, named (two of them in R11 ★ ★ plus K11: it named one).
            left = []
            for target, meant, needed, placer in opened:
                words = {"n": target + 1, "tile": tile_text(meant, okey)}
                if placer == self.view.seat:
                    left.append(
                        _("your okey in meld {n} stands for {tile}: {cost}").format(
                            **words, cost=swap_cost_text(needed, okey)
                        )
                    )
                else:  # a partner's okey: its +101 is the team's
                    left.append(
                        _(
                            "your partner's okey in meld {n} stands for {tile}: +{points} to "
                            "your partner if a player holding {holders} takes it"
                        ).format(**words, points=PENALTY, holders=swap_holders_text(needed, okey))
                    )
            question = _("With {tiles} added, {okeys}. Add anyway?").format(
                tiles=tiles_text([step.tile for step in steps], okey), okeys="; ".join(left)
            )
            if len(opened) == 1:
                declined = _("Nothing added: the okey in meld {n} stays as it was").format(
                    n=opened[0][0] + 1
                )
            else:
                declined = _("Nothing added: the okeys stay as they were")
            self.ask_first(
                question, lambda: self.add_all(chosen, groups, okey_asked=True), declined
            )
            return
        pointing = self.cursor
        used = list(chosen)
        slots = []
        for step in steps:
            slot = next((i for i in used if self.rack.slots[i] == step.tile), None)
            if slot is None:  # the rack changed since the tiles were chosen: nothing added
                self.set_status(_("Nothing added: your tiles changed meanwhile"), error=True)
                self.render_all()
                return
            used.remove(slot)
            slots.append(slot)
        try:
            await self.table.act_all(steps)
        except ActionRefused as exc:
            self.set_status(self.error_text(exc), error=True)
            self.render_all()
            return
        self.acted(steps[-1], slots, quiet=True)
        # The meld the tile the player pointed at went to comes into sight (the last one did).
        pointed = next(
            (st for st, slot in zip(steps, slots, strict=True) if slot == pointing), None
        )
        if pointed is not None:
            self.reveal_meld = pointed.target
        # Each tile as the table shows it (an okey as "★R9"), from the adds just logged,
        # a meld's tiles in the meld's order.
        okey = self.view.okey
        logged = [e for e in self.table.events if e.kind == "add"][-len(steps) :]
        said: list[tuple[str, int]] = []
        for group in groups:
            mine, logged = logged[: len(group)], logged[len(group) :]
            said.append((added_tiles_text(mine, okey), group[0].target + 1))
        if len(said) == 1:
            added, n = said[0]
            done = _("Added {tiles} to meld {n}").format(tiles=added, n=n)
        else:
            each = ", ".join(_("{tiles} to meld {n}").format(tiles=t, n=n) for t, n in said)
            done = _("Added {adds}").format(adds=each)
        more = (
            (self.taken_due() or self.finish_steps() or self.table_steps()) if self.my_turn else ""
        )
        self.set_status(f"{done} · {more}" if more else done)  # what else goes down

    @staticmethod
    def melds_taking(
        tiles: list[Tile], adds: list[AddTile], reach: dict[int, list[AddTile]]
    ) -> dict[Tile, list[int]]:
        """The table melds each of ``tiles`` goes on: alone now (``adds``), or in a meld's
        plan for the selection (``reach``: after other selected tiles), lowest first."""
        return {
            tile: sorted(
                {a.target for a in adds if a.tile == tile}
                | {target for target, steps in reach.items() if any(s.tile == tile for s in steps)}
            )
            for tile in tiles
        }

    async def add_to_several_melds(
        self,
        chosen: list[int],
        tiles: list[Tile],
        adds: list[AddTile],
        reach: dict[int, list[AddTile]],
    ) -> bool:
        """Add ``tiles``, which no one meld takes, to several melds when each goes on just
        one meld and each meld takes its tiles together (R10 to meld 6, Y1 to meld 7);
        whether they went to the table (or the table said why not). False, and nothing
        changed, when a tile goes on no meld or on more than one (the player chooses
        which, one tile at a time) or is an okey (the player says what it stands for)."""
        if len(tiles) < 2 or self.view.okey in tiles:
            return False
        takes = self.melds_taking(tiles, adds, reach)
        if any(len(melds) != 1 for melds in takes.values()):
            return False
        groups: dict[int, list[Tile]] = {}
        for tile in tiles:
            groups.setdefault(takes[tile][0], []).append(tile)
        if len(groups) < 2:
            return False
        # Each meld's order checked before anything is added; then all in one move, which
        # the table takes whole or not at all.
        plans: list[list[AddTile]] = []
        for target in sorted(groups):
            steps, bad = await self.table.plan_adds(groups[target], target)
            if bad is not None or len(steps) != len(groups[target]):
                return False
            plans.append(steps)
        await self.add_all(chosen, plans)
        return True

    async def explain_no_add(
        self,
        tiles: list[Tile],
        adds: list[AddTile],
        placed: set[Tile],
        reach: dict[int, list[AddTile]],
        onto: int | None = None,
    ) -> None:
        """Why the selected ``tiles`` go on no table meld (nothing was added): the table's
        refusal when none may go anywhere, the tiles no meld takes, or, when each goes on
        some meld but they cannot all be added, where each goes and what to do. It never
        names a meld as if the player had chosen it (it said "K9 does not fit meld 3" for
        K9 K9, though K9 fits meld 3: it is the two together that do not)."""
        if not adds:
            await self.explain_add(tiles, onto)
            return
        okey = self.view.okey
        nowhere = [t for t in tiles if t not in placed]
        if nowhere:
            self.say_none_added(nowhere)
            return
        takes = self.melds_taking(tiles, adds, reach)
        where = "; ".join(  # "; ": a tile's melds are a list of their own ("3, 17, 18")
            f"{tile_text(tile, okey)} → {meld_numbers(melds)}"
            for tile, melds in takes.items()
            if melds
        )
        several = [tile for tile, melds in takes.items() if len(melds) > 1 and tile != okey]
        if okey in tiles:
            text = _(
                "{tiles} do not go on one meld together ({where}): nothing was added; select "
                "the okey with the tiles for its meld, then a to say what it stands for"
            )
        elif several:
            text = _(
                "{tiles} do not go on one meld together ({where}), and {several} could go on "
                "more than one: nothing was added; select the tiles for one meld, then a"
            )
        else:
            text = _(
                "{tiles} do not go on one meld together ({where}): nothing was added; "
                "select the tiles for one meld, then a"
            )
        self.set_status(
            text.format(
                tiles=tiles_text(tiles, okey), where=where, several=tiles_text(several, okey)
            ),
            True,
        )

    def pair_refusal(
        self, refused: ActionRefused | None, tile: Tile, onto: int | None
    ) -> str | None:
        """What a pair says to a pairs opener's add that the table refused (``refused``)
        where only pairs are concerned: ``tile`` dropped on the pair ``onto``, or ``a``
        with no run or set on the table. Nothing is ever added to a pair, and the table's
        refusal speaks of the runs and sets there were none of. None otherwise."""
        table = self.view.table
        if refused is None or refused.code != ErrorCode.PAIRS_OPENER_NO_TABLE.value:
            return None
        melds = [table[onto]] if onto is not None else table
        if not melds or any(m.meld.kind is not MeldKind.PAIR for m in melds):
            return None
        try:
            extend(melds[0].meld, tile, None, self.view.okey)
        except OkeyError as error:
            return self.error_text(error)
        return None

    async def explain_add(self, tiles: list[Tile], onto: int | None = None) -> None:
        """Why none of ``tiles`` can be added anywhere: the table's refusal for the first
        tile on the meld it was dropped on (``onto``), else on the first (not opened, not
        your turn...), or that no meld takes them. The engine's order of checks decides
        which reason comes first (a drop on a pair before the opening said "Nothing can be
        added to a pair", the first reason being that the player had not opened).

        Dropped on a meld that does not take the tile, what that meld says ("B6 does not
        fit the run B4 B5 B6…", not "B6 does not fit any meld on the table"). Dropped on a
        pair by a pairs opener, what the pair says: nothing is ever added to one (the
        table's refusal speaks of runs and sets)."""
        table = self.view.table
        dropped = onto is not None and 0 <= onto < len(table)
        refused = await self.table.check(AddTile(tiles[0], 0 if onto is None else onto))
        said = self.pair_refusal(refused, tiles[0], onto if dropped else None)
        if said is not None:
            self.set_status(said, True)
            return
        if refused is not None and (
            refused.code not in DOES_NOT_FIT or (dropped and len(tiles) == 1)
        ):
            self.set_status(self.error_text(refused), True)
            return
        if len(tiles) == 1:
            self.say_fits_nowhere(tiles[0])
            return
        self.say_none_added(tiles)

    def say_none_added(self, nowhere: list[Tile]) -> None:
        """Of the tiles selected to add, ``nowhere`` fit no meld: so nothing was added."""
        self.set_status(
            ngettext(
                "{tiles} does not fit any meld on the table: nothing was added",
                "{tiles} do not fit any meld on the table: nothing was added",
                len(nowhere),
            ).format(tiles=tiles_text(nowhere, self.view.okey)),
            True,
        )

    async def explain_swap(self, view: PlayerView) -> None:
        """Why no okey can be taken: the table's refusal for an okey that stands for a tile
        the player holds (a 3-tile set wants both missing colours, it is not their turn),
        or, when no okey stands for a tile they hold, that."""
        for swap in okeys_for_held_tiles(view):
            refused = await self.table.check(swap)
            if refused is not None:
                self.set_status(self.error_text(refused), True)
                return
        self.set_status(_("No okey on the table stands for a tile you hold"), True)

    def say_fits_nowhere(self, tile: Tile) -> None:
        """``tile`` goes on no table meld; and which of the rack's other tiles do, when any
        does (the line after a lay-down named none, and a on the wrong tile said only no)."""
        fit = [t for t in self.tiles_that_fit() if t != tile]
        if not fit:
            # With nothing selected a adds every tile that fits: "Y12 does not fit" left the
            # player wondering whether the others were looked at.
            said = (
                _("{tile} does not fit any meld on the table")
                if self.selected
                else _("{tile} does not fit any meld on the table, nor does any other tile")
            )
            self.set_status(said.format(tile=tile), True)
            return
        if self.selected:
            # A selection decides what a adds: "put the cursor on it, then a" added nothing
            # while the tile that does not fit stayed selected.
            said = ngettext(
                "{tile} does not fit any meld on the table; {tiles} does: Esc clears the "
                "selection, then a adds it",
                "{tile} does not fit any meld on the table; {tiles} do: Esc clears the "
                "selection, then a adds them",
                len(fit),
            )
            self.set_status(said.format(tile=tile, tiles=tiles_text(fit, self.view.okey)), True)
            return
        said = ngettext(
            "{tile} does not fit any meld on the table; {tiles} does: put the cursor on it, then a",
            "{tile} does not fit any meld on the table; {tiles} do: put the cursor on one, then a",
            len(fit),
        )
        self.set_status(said.format(tile=tile, tiles=tiles_text(fit, self.view.okey)), True)

    def table_steps(self) -> str:
        """What the rack can do on the table now, by its keys: the tiles a meld takes (a),
        the first okey a tile of the rack takes off the table (w); empty when neither."""
        view = self.view
        actions = legal_actions(view)
        steps = []
        fit = self.tiles_that_fit(actions)
        if fit and not view.lay_keeps_a_discard(len(fit)):
            # Every tile fits: a would be refused (one must stay to discard), so the line
            # names the choice ("a adds K13 B4" and then "keep one tile in hand").
            steps.append(
                _(
                    "each of {tiles} fits a meld on the table: add all but the one to discard "
                    "(space selects, a adds)"
                ).format(tiles=tiles_text(fit, view.okey))
            )
        elif fit:
            steps.append(
                ngettext(
                    "a adds {tiles} to a meld on the table",
                    "a adds {tiles} to melds on the table",
                    len(fit),
                ).format(tiles=tiles_text(fit, view.okey))
            )
        swap = next((a for a in actions if isinstance(a, SwapOkey)), None)
        if swap is not None:
            steps.append(
                _("w gives {tiles} for the okey in meld {n}").format(
                    tiles=tiles_text(list(swap.tiles), view.okey), n=swap.target + 1
                )
            )
        return "; ".join(steps)

    def cursor_tile_adds(self) -> bool:
        """Whether a meld on the table takes the tile under the cursor now (an okey too)."""
        under = self.rack.slots[self.cursor]
        return under is not None and any(
            isinstance(a, AddTile) and a.tile == under for a in legal_actions(self.view)
        )

    def tiles_that_fit(self, actions: Sequence[Action] | None = None) -> list[Tile]:
        """The rack's tiles, in the rack's order and each once, that a meld on the table
        takes now, okeys (wild tiles) left out, an okey laid off being one to lose: unless
        one taken off the table is owed to it this turn. ``actions``: the legal actions,
        when already listed."""
        view = self.view
        owed = view.okeys_owed > 0
        fits = {
            a.tile
            for a in (legal_actions(view) if actions is None else actions)
            if isinstance(a, AddTile) and (owed or not is_wild(a.tile, view.okey))
        }
        return list(dict.fromkeys(t for t in self.rack.slots if t is not None and t in fits))

    def slots_for(self, tiles: tuple[Tile, ...]) -> list[int]:
        """Rack slots for ``tiles``: the selected copies first, then the cursor, then any."""
        order = [*sorted(self.selected), self.cursor]
        order += [i for i in range(len(self.rack)) if i not in order]
        slots: list[int] = []
        for tile in tiles:
            slot = next((i for i in order if self.rack.slots[i] == tile and i not in slots), None)
            if slot is not None:
                slots.append(slot)
        return slots

    async def action_swap(self, trap_asked: bool = False) -> None:
        view = self.view
        legal = [a for a in legal_actions(view) if isinstance(a, SwapOkey)]
        if not legal:
            await self.explain_swap(view)
            return
        trap = None if trap_asked else self.taken_trap(())
        if trap is not None:
            self.ask_first(trap[0], lambda: self.action_swap(trap_asked=True), trap[1])
            return
        if self.hint_swap is not None:
            # The line said "w puts it into meld 2 for its okey": w asked "Take which okey?".
            hinted, events = self.hint_swap
            pointed = self.rack.slots[self.cursor]
            if hinted in legal and len(self.table.events) == events and pointed in hinted.tiles:
                legal = [hinted]
        options: list[tuple[Text | str, SwapOkey]] = []
        for action in legal:
            label = Text(f"{action.target + 1}: ")
            label.append_text(meld_chips(view.table[action.target].meld, view.okey))
            # The tiles where the language puts them ("K13 karşılığında", not "ver K13").
            label.append("  ")
            label.append_text(around_tiles(_("give {tiles}"), chips(action.tiles, view.okey)))
            options.append((label, action))

        async def then(action: SwapOkey | None) -> None:
            if action is not None:
                await self.act(action, slots=self.slots_for(action.tiles))

        melds = [action.target for action in legal]
        await self.choose(_("Take which okey?"), options, then, melds=melds)

    def took_text(self, tile: Tile, slot: int) -> str:
        """The status after a take: the tile, the group it came in beside and the meld they
        make, or (no free slot there) the group it makes a meld with, and what comes next."""
        okey = self.view.okey
        slots = self.rack.slots
        kinds = layable_kinds(self.view)
        # What g costs, where a table option charges for it ("g gives it back, +101"):
        # said only when asked to confirm the g, after the take it cost nothing to read.
        give = self.view.penalty_for(GiveBack())
        back = (
            _("g gives it back")
            if give is None
            else _("g gives it back, +{points}").format(points=give.points)
        )
        group = self.rack.group_at(slot)
        beside = [t for i in group if i != slot and (t := slots[i])]
        in_group = [t for i in group if (t := slots[i])]
        if (
            beside
            and group_label(in_group, okey, kinds)[1]
            and (in_order(in_group, okey) or not readings(in_group, okey, {MeldKind.RUN}))
        ):  # beside the group it makes a meld with (not a full rack's last free slot)
            aside = [t for i in sorted(self.rack.shifted.values()) if (t := slots[i])]
            said = (
                _(
                    "You took {tile}, now beside {group} ({moved} moved a slot to make room): "
                    "{meld} · lay it down this turn ({give_back})"
                )
                if aside  # tiles of that group moved a slot aside for it (RackLayout.put_beside)
                else _(
                    "You took {tile}, now beside {group}: {meld} · lay it down this turn "
                    "({give_back})"
                )
            )
            return said.format(
                give_back=back,
                tile=tile_text(tile, okey),
                group=self.group_words(beside, tile),
                meld=group_label([*beside, tile], okey, kinds)[0],
                moved=" ".join(tile_text(t, okey) for t in aside),
            )
        placing = self.taken_to_place()
        partners = [] if placing is None else self.rack.partners(*placing, ignore=(slot,))
        if partners:  # no free slot beside that group: said, so no search for it
            partner = [t for i in partners[0] if (t := slots[i])]
            return _(
                "You took {tile}: {meld} with {group} · lay it down this turn ({give_back})"
            ).format(
                give_back=back,
                tile=tile_text(tile, okey),
                group=self.group_words(partner, tile),
                meld=group_label([*partner, tile], okey, kinds)[0],
            )
        if kinds == {MeldKind.PAIR} and slots.count(tile) > 1:  # a pairs opener's twin
            row = self.rack.row_of(slot)
            beside_twin = any(
                0 <= i < len(slots) and self.rack.row_of(i) == row and slots[i] == tile
                for i in (slot - 1, slot + 1)
            )
            said = (
                _(
                    "You took {tile}, now beside {group}: {meld} · lay it down this turn "
                    "({give_back})"
                )
                if beside_twin
                else _("You took {tile}: {meld} with {group} · lay it down this turn ({give_back})")
            )
            shown = tile_text(tile, okey)
            return said.format(
                give_back=back,
                tile=shown,
                group=shown,
                meld=group_label([tile, tile], okey, kinds)[0],
            )
        meld = self.taken_meld(tile)
        if meld is not None:  # its partners in several groups (Y8 here, K8 there): named
            partner = list(meld.tiles)
            partner.remove(tile)
            return _(
                "You took {tile}: {meld} with {group} · lay it down this turn ({give_back})"
            ).format(
                give_back=back,
                tile=tile_text(tile, okey),
                group=self.group_words(partner, tile),
                meld=group_label(list(meld.tiles), okey, kinds)[0],
            )
        view = self.view
        reached = view.taken_run_reached()
        if view.can_touch_table() and view.playable_on_table(tile):  # no meld: a, then
            said = _("You took {tile}: a adds it to a meld on the table ({give_back})")
        elif reached is not None:  # onto a run once tiles of the rack go on first: which
            return _(
                "You took {tile}: a adds {tiles} to meld {n}, then {tile} ({give_back})"
            ).format(
                give_back=back,
                tile=tile_text(tile, okey),
                tiles=" ".join(tile_text(t, okey) for t in reached[1]),
                n=reached[0] + 1,
            )
        elif view.taken_swaps():  # or given for a table okey: the key that does it, named
            said = _("You took {tile}: w gives it for an okey on the table ({give_back})")
        else:
            said = _("You took {tile}: lay it down this turn ({give_back})")
        return said.format(give_back=back, tile=tile_text(tile, okey))

    def opening_with_taken(self) -> str:
        """Not opened: the opening the rack makes with the tile just taken, said by its
        worth (" · with it you can open: 112 points"), "" when there is none. The line
        named only the group beside it ("run 46 with Y10 Y11 Y13"), short of the floor,
        though the rack opened with 112."""
        view = self.view
        melds = taken_opening(view) if view.opening is None else None
        if not melds:
            return ""
        if all(m.kind is MeldKind.PAIR for m in melds):
            worth = ngettext("{n} pair", "{n} pairs", len(melds)).format(n=len(melds))
        else:
            total = sum(m.value for m in melds)
            worth = ngettext("{n} point", "{n} points", total).format(n=total)
        return " · " + _("with it you can open: {worth}").format(worth=worth)

    def taken_meld(self, tile: Tile) -> Meld | None:
        """A meld of the rack that lays the taken ``tile``: in the opening it makes (before
        the opening), else in the rack's best runs and sets. None when there is none."""
        view = self.view
        if view.opening is None:
            melds: Sequence[Meld] = taken_opening(view) or ()
        elif view.opening.kind is OpeningKind.PAIRS:
            return None  # a pair's partner is one tile, in a group of its own
        else:
            melds = best_melds(list(view.rack), view.okey).melds
        return next((m for m in melds if tile in m.tiles), None)

    def group_words(self, group: list[Tile], tile: Tile) -> str:
        """The tiles of ``group`` in the rack's order, each okey written as what it stands
        for in the meld the group makes with ``tile`` (``★Y10``, as the melds write it:
        "run 46 with Y11 Y9★ Y13" read as if Y9 were in the run)."""
        view = self.view
        okey = view.okey
        found = readings([*group, tile], okey, layable_kinds(view))
        meld = found[0] if found else None
        meanings = iter(
            []
            if meld is None
            else [m for t, m in zip(meld.tiles, meld.stands_for, strict=True) if t == okey]
        )
        words: list[str] = []
        for each in group:
            meant = next(meanings, None) if each == okey else None
            if meld is not None and meant is not None:
                words.append(placed_text(meld, each, meant, okey))  # as the melds write it
            else:
                words.append(tile_text(each, okey, meant))
        return " ".join(words)

    def came_in_text(self, action: Action, new: list[int]) -> str:
        """The status after a move: the tile a draw or a take brought in, and what comes next."""
        if isinstance(action, Discard):
            # Said until the others' moves or this seat's next turn take the line; not at a
            # hot-seat table, where the next person's screen would show it as theirs.
            if self.hotseat is not None:
                return ""
            said = _("You discarded {tile}").format(tile=tile_text(action.tile, self.view.okey))
            self.own_said = [said, *self.own_penalties_after_discard()]
            return self.while_waiting()
        tile = self.rack.slots[new[0]] if new else None
        if isinstance(action, GiveBack):
            given = self.view.left_discard  # back on the left pile
            # The draw that follows may bring in the given tile's twin: nothing new shows.
            tile = tile or given
            if tile is None or given is None:
                return ""
            okey = self.view.okey
            return _("You gave {given} back and drew {tile}: {steps}").format(
                given=tile_text(given, okey), tile=tile_text(tile, okey), steps=self.turn_steps()
            )
        if isinstance(action, SwapOkey):
            said = _(
                "You took the okey from meld {n} for {tiles}: lay it on the table this turn "
                "(it may not be kept or discarded)"
            ).format(
                n=action.target + 1,
                tiles=" ".join(tile_text(t, self.view.okey) for t in action.tiles),
            )
            # What it cost the okey's owner (+101 at a penalty table), as the log says it:
            # their panel showed "+101 penalty" with no word of why where the log is hidden.
            return " · ".join([said, *self.penalties_after_own_move()])
        if tile is None or not isinstance(action, DrawMiddle | TakeDiscard):
            return ""
        if isinstance(action, TakeDiscard):
            return self.took_text(tile, new[0]) + self.opening_with_taken()
        if tile == self.view.okey:
            cost = self.view.penalty_for(Discard(tile))  # the engine's rule, not ours
            if cost is not None:
                return _(
                    "You drew {tile}, an okey: it stands for any tile; keep it, discarding it costs +{points}"
                ).format(tile=tile_text(tile, self.view.okey), points=cost.points)
            return _("You drew {tile}, an okey: it stands for any tile · x discards").format(
                tile=tile_text(tile, self.view.okey)
            )
        if tile.is_false_okey:  # the real okey was explained, the false one was not
            return _("You drew {tile}, the false okey: it plays as {okey} · {steps}").format(
                tile=tile_text(tile, self.view.okey),
                okey=self.view.okey,
                steps=self.turn_steps(),
            )
        # As the rack shows it: a false okey is "F✦" (it said "You drew F").
        return _("You drew {tile}: {steps}").format(
            tile=tile_text(tile, self.view.okey), steps=self.turn_steps()
        )

    def penalties_after_own(self, kind: str | None = None) -> list[Event]:
        """The penalties right after this seat's last move (of ``kind``, or any move), in
        the table's events."""
        events = list(self.table.events)
        seat = self.table.seat
        last = next(
            (
                i
                for i in range(len(events) - 1, -1, -1)
                if events[i].seat == seat
                and events[i].kind != "penalty"
                and (kind is None or events[i].kind == kind)
            ),
            None,
        )
        if last is None:
            return []
        after = []
        for event in events[last + 1 :]:
            if event.kind != "penalty":
                break
            after.append(event)
        return after

    def penalties_after_own_move(self) -> list[str]:
        """The penalties that followed this seat's last move (an okey swap: its owner's
        +101), each as the log writes it."""
        seats = self.table.seats()
        return [event_line(seats, e, self.view).plain for e in self.penalties_after_own()]

    def own_penalties_after_discard(self) -> list[str]:
        """The penalties this seat's last discard cost it ("+101: you discarded a playable
        tile"), as the log says them: they follow the discard in the hand's events."""
        said = []
        seat = self.table.seat
        for event in self.penalties_after_own("discard"):
            if event.seat != seat or not event.code:
                break
            said.append(event_text(event, self.view, own=True))
        return said

    def turn_mark(self) -> tuple[int, ...]:
        """This turn as it stands: the hand, the seat, the table's moves so far. A move
        (a draw, a discard, an opening) or the next hand makes another."""
        table = self.table
        return (table.hand_number, table.seat, len(table.events))

    def step_now(self) -> str:
        """The turn's step, for a line that says something else first (h, l): with melds
        staged, the line said when they were staged (Enter lays them, Esc puts them back:
        "open if you can (o), then x discards" while x is refused), else :meth:`turn_hint`."""
        return self.staged_line() or self.turn_hint()

    def staged_line(self) -> str | None:
        """What the line said when the melds staged now were staged, if it still holds."""
        said = self.staged_said
        if self.staging.melds and said is not None and said[0] == self.staging.melds:
            return said[1]
        return None

    def turn_hint(self) -> str:
        if self.hotseat is not None:  # a shared terminal: whose turn, by name
            name = self.table.seats()[self.table.seat].name
            return _("{name}, it is your turn: {steps}").format(name=name, steps=self.turn_steps())
        return _("Your turn: {steps}").format(steps=self.turn_steps())

    def finish_steps(self) -> str:
        """With one tile left to discard: that the discard ends the hand, and how it is
        doubled (the engine's reading: a straight out, the okey, a pairs opening); "" when
        a discard now would not end it."""
        view = self.view
        finish = view.finish_by_discard()
        if finish is None:
            return ""
        tile = tile_text(view.rack[0], view.okey)
        if finish.multiplier > 1:
            return _("x discards {tile}, your last tile, and you finish: {how} (×{n})").format(
                tile=tile, how=describe_outcome(finish), n=finish.multiplier
            )
        return _("x discards {tile}, your last tile, and you finish").format(tile=tile)

    def turn_steps(self) -> str:
        """What the turn starts with: a draw or a take, or (drawn, or the starter) a throw."""
        view = self.view
        if view.phase is Phase.DRAW:
            if not view.middle_count:  # d ends the hand: no tile comes (rules §10)
                left = view.left_discard
                if left is not None and view.can_use_taken(left):
                    return _(
                        "the middle is empty: t takes {tile} if you lay it this turn, "
                        "d ends the hand"
                    ).format(tile=tile_text(left, view.okey))
                if left is not None:  # t would only ask, and a give-back ends the hand
                    return _(
                        "the middle is empty ({tile} on your left could not be laid this "
                        "turn): d ends the hand"
                    ).format(tile=tile_text(left, view.okey))
                return _("the middle is empty: d ends the hand")
            if view.left_discard is not None:
                return _("d draw from the middle, or t take {tile}").format(
                    tile=tile_text(view.left_discard, view.okey)
                )
            return _("d draw from the middle")
        if view.taken is not None:  # taken from the left: it must be laid this turn
            if GiveBack not in self.legal_now()[0]:  # something is laid: too late for g
                return _("lay down {tile}, taken from the left, this turn").format(
                    tile=tile_text(view.taken.tile, view.okey)
                )
            return _("lay down {tile}, taken from the left, this turn (g gives it back)").format(
                tile=tile_text(view.taken.tile, view.okey)
            )
        if view.okeys_owed:  # an okey taken off the table goes on the table again first
            return _(
                "lay the okey you took off the table in a meld this turn (a adds it, o stages "
                "it), then x discards"
            )
        finish = self.finish_steps()
        if finish:
            return finish
        # "play, then x …": a newcomer asked what "play" meant here.
        if view.opening is None:
            short = self.short_opening
            if short is not None and short[0] == self.turn_mark():
                # Enter was refused this turn, below the floor: "open if you can (o)"
                # again read as if nothing had been said. In the refusal's words.
                _mark, pairs, value, floor = short
                if pairs:
                    said = ngettext(
                        "{value} pair does not open (this table needs {floor}): arrange "
                        "more pairs (o), or x discards the tile under the cursor",
                        "{value} pairs do not open (this table needs {floor}): arrange "
                        "more pairs (o), or x discards the tile under the cursor",
                        value,
                    )
                else:
                    said = ngettext(
                        "{value} point does not open (this table needs {floor}): arrange "
                        "more melds (o), or x discards the tile under the cursor",
                        "{value} points do not open (this table needs {floor}): arrange "
                        "more melds (o), or x discards the tile under the cursor",
                        value,
                    )
                return said.format(value=value, floor=floor)
            return _("open if you can (o), then x discards the tile under the cursor")
        if not view.can_touch_table():  # a pairs opener, where pairs openers add nothing
            return _("lay pairs if you can (o), then x discards the tile under the cursor")
        steps = self.table_steps()
        if steps:  # by name: "lay what you can (o, a)" left the player to find which tile
            return _("{steps}, then x discards").format(steps=steps)
        return _("lay what you can (o, a), then x discards the tile under the cursor")

    # -- the log and the melds at any size -----------------------------------------------
    def log_shown(self) -> bool:
        """Whether the log is on the screen: as l chose it at any size (a column on a wide
        terminal, over the table on a small one), or, till l is pressed, beside the table
        on a wide terminal only."""
        choice = self.log_choice()
        return not self.app.has_class("-narrow") if choice is None else choice

    def log_choice(self) -> bool | None:
        """The log shown (True) or hidden (False) by l, whatever the terminal's size, or
        None: as the size has it. (l's choice was a flip of what the size had: a resize
        across the narrow width turned it round, a log hidden at 120x40 came over the
        whole table at 90x26, one shown at 80x24 went at 120x40.)"""
        main = self.query_one("#main")
        if main.has_class("-log-shown"):
            return True
        return False if main.has_class("-log-hidden") else None

    def choose_log(self, shown: bool | None) -> None:
        """Keep l's choice (None: as the terminal's size has it)."""
        main = self.query_one("#main")
        main.set_class(shown is True, "-log-shown")
        main.set_class(shown is False, "-log-hidden")

    def show_log(self, shown: bool) -> None:
        """The log shown or hidden by l: a choice the size has anyway is left to the size
        (shown, then hidden and shown again at 120x40, it is not over the table at 80x24)."""
        self.choose_log(None if shown == (not self.app.has_class("-narrow")) else shown)

    def action_toggle_log(self) -> None:
        """Hide the log column; on a small terminal, show the log over the table instead.
        With the hints up (in the log's place), l shows the log instead of them: it said
        "Log shown" while the hints still covered it. On a terminal with room for both
        (-roomy), l shows or hides the log beside the hints."""
        if self.practice.hints_on and not self.app.has_class("-roomy"):
            self.practice.toggle_hints()
            before = self.log_choice()
            self.choose_log(True)  # at any size, while it is in the hints' place
            self.query_one("#log", RichLog).scroll_end(animate=False)
            self.set_status(_("Log shown in the hints' place: l or h shows the hints again"))
            self._said_log = True
            self._log_over_hints = True
            self._log_before_hints = before
            self.game_log.retitle(over_hints=True)
            return
        if self._log_over_hints and self.log_shown() and self.practice.on:
            # The log came in the hints' place: l gives the place back to the hints (it
            # hid the log and left the place empty), the log as it was before.
            self.choose_log(self._log_before_hints)
            self._log_over_hints = False
            self.game_log.retitle()
            self.practice.toggle_hints()
            return
        self._log_over_hints = False
        self.game_log.retitle()
        self.show_log(not self.log_shown())
        shown = self.log_shown()
        remember = getattr(self.app, "remember_choice", None)
        if remember is not None and not self.app.has_class("-narrow") and self.hotseat is None:
            # Hidden beside the table, it stays hidden at the next table (and after a
            # reload of the web page); a look at it over a small terminal's table is not
            # a choice to keep, nor one person's at a terminal several people share.
            remember(log_hidden=not shown)
        if shown:
            self.query_one("#log", RichLog).scroll_end(animate=False)
        prompt = "" if shown else self.prompt()
        if prompt:  # what the turn goes on with, as before l showed the log
            self.set_status(_("Log hidden · {prompt}").format(prompt=prompt))
        else:
            self.set_status(_("Log shown: l hides it") if shown else _("Log hidden: l shows it"))
        self._said_log = shown

    def action_scroll_melds(self, pages: int) -> None:
        if self.app.has_class("-narrow") and self.log_shown():
            # The log over the table (a small terminal): PgUp/PgDn read back through it.
            log = self.query_one("#log", RichLog)
            log.scroll_to(y=log.scroll_y + pages * max(1, log.size.height - 1), animate=False)
            return
        laydown = self.query_one(LayDownArea)
        if laydown.cut:
            # Staged melds out of sight (a small terminal): they are to be seen before
            # Enter lays them, so the keys page through them first.
            laydown.page(pages)
            return
        melds = self.query_one(MeldsView)
        self._melds_paged = not self.my_turn  # the others' news leaves the box where it is
        # A page less one line, kept in sight to read on from; a box of three lines or
        # fewer (80x24) moves by all of them, not one at a time.
        height = melds.size.height
        step = pages * (height if height <= 3 else height - 1)
        # At once, not after the next refresh: a second key pressed before it counts from here.
        melds.scroll_to(y=melds.scroll_y + step, animate=False, immediate=True)

    # -- end of hand, help, quit ------------------------------------------------------------
    def show_summary(self, again: bool = False) -> None:
        """The hand's summary, once the hand is over; ``again``: asked back with Enter
        after a look at the table (the table's changes meanwhile do not bring it)."""
        if self._summary_shown or (self._looking and not again):
            return
        report = self.table.report()
        if report is None:
            return  # not scored yet: the table's next change brings it
        own = next((info for info in self.table.seats() if info.seat == self.table.seat), None)
        if not (again or report.match_over) and self.hotseat is None and own and own.ready:
            # This seat put the summary away (Enter: ready) before its screen was made
            # again (a page reloaded, a rejoin): it stays away, as it was, and the line says
            # whom the table waits for. Shown again, it offered "⏎ Next hand" once more.
            # (The match's last summary, its standings, comes back.)
            self._summary_shown = True
            self._asked_next = True
            self.say_waiting_for_ready()
            return
        self._summary_shown = True
        self._looking = False
        from okey_tui.ui.screens.summary import HandSummaryScreen

        seats = self.table.seats()
        # Said to the person at this screen; at a shared screen every seat goes by its name.
        you = self.table.seat if self.hotseat is None else None

        def show() -> None:
            # q asks first, as at the table, while there is a match to leave (and a
            # host's quitting closes the table for everyone, even at its end).
            # At a network table's end too: the way back to the seat for another match
            # there, or the host's closing of it (a friend quit with no word of either).
            leaving = (
                not report.match_over
                or self.table.quit_closes_table()
                or bool(self.table.leave_note())
            )
            asks = self.quit_question() if leaving else None
            summary = HandSummaryScreen(
                report,
                seats,
                you,
                same_table=not isinstance(self.table, LocalTable),
                say=None if isinstance(self.table, LocalTable) else self.table.say,
                deal=self.summary_deal(),
                quit_question=asks,
                dealt_at=self.table.next_hand_at,
                replay=self.table.replay_command(),
            )
            self._summary_for = self._hand
            self.app.push_screen(summary, self._after_summary)

        if self.hotseat is not None and not again:
            self.hotseat.before_summary(show)
        else:
            show()

    def dealt_unready_line(self) -> str:
        """Said to a seat still on the summary when the table dealt the next hand (a
        network table's screen says who dealt it)."""
        return _("The wait between hands ran out: the next hand is dealt")

    def _close_summary(self) -> None:
        """Take down the summary the next hand has made moot (when nothing is open over it:
        a question asked there stays until answered, and the answer finds the new hand)."""
        from okey_tui.ui.screens.summary import HandSummaryScreen

        if isinstance(self.app.screen, HandSummaryScreen):
            self.app.screen.dismiss("dealt")

    def action_summary(self) -> None:
        # The line under the summary says again what it said before the look at the table
        # (it went on saying "Enter brings back the summary" under the summary itself).
        self.set_status(self._said_before_look)
        self.show_summary(again=True)
        self.refresh_bindings()

    async def _after_summary(self, choice: str | None) -> None:
        if choice == "dealt" or self.table.hand_number != self._summary_for:
            # The table dealt the next hand meanwhile (its wait between hands ran out):
            # this seat's "ready" is moot, and the screen shows the new hand already.
            if self.table.hand_number != self._hand:
                self.new_hand()
            return
        if choice == "table":
            self._summary_shown = False
            self._looking = True
            self._said_before_look = self._status_said
            said = _("The hand as it ended: Enter brings back the summary")
            if self.hotseat is not None:
                said = self.hotseat.show_rack_after_hand()
            elif not isinstance(self.table, LocalTable):
                # Who is ready (or wants another match), whom the table waits for: said
                # on, not put away with the summary (how the hand ended is on the table).
                ended = [e for e in self.table.events if e.kind in ("finish", "end")]
                before = self._said_before_look
                plain = self.ended_line(ended[0]) if ended else ""
                if plain and before.startswith(plain + " · "):
                    before = before[len(plain) + 3 :]
                if before and before != plain:
                    said = f"{said} · {before}"
            self.set_status(said)
            self.refresh_bindings()
            return
        if choice == "quit":
            self.app.exit()
            return
        if choice == "new":
            await self.play_again()
            return
        if choice == "setup":
            cast("OkeyApp", self.app).show_new_table(current=True)
            return
        # Asked before the table answers: a hand it deals at once (everyone was ready, or
        # a table in this process) is this seat's doing, not the end of the wait.
        self._asked_next = True
        await self.table.next_hand()
        if self.table.hand_number != self._hand:
            self.new_hand()
        else:
            self.say_waiting_for_ready()

    def summary_deal(self) -> tuple[Callable[[], object], Callable[[], bool]] | None:
        """The host's D on the summary: what deals, and whether it would now (None: this
        screen is no host's)."""
        return None

    async def play_again(self) -> None:
        """Another match after this one (Enter or n at the match's end): a table at this
        terminal deals it at once."""
        cast("OkeyApp", self.app).new_match()

    def say_waiting_for_ready(self) -> None:
        self._waiting_said = self.waiting_for_ready()
        self.set_status(self._waiting_said)

    def waiting_for_ready(self) -> str:
        """Between hands at a network table, once this seat asked for the next one: whom
        the table still waits for (it said only "the others")."""
        table = self.table
        names = [
            info.name
            for info in table.seats()
            if info.level is None and info.connected and not info.ready and info.seat != table.seat
        ]
        if table.match_over:
            if not names:
                return _("Waiting for the others: the new match starts when all want it")
            return _("Waiting for {names}: the new match starts when all want it").format(
                names=and_list(names)
            )
        dealt_at = table.next_hand_at
        if dealt_at is not None:
            # A table with a turn time deals by itself when its wait between hands is over.
            left = seconds_until(dealt_at)
            if not names:
                return _(
                    "Waiting for the others: the next hand starts when all are ready, or in {seconds} s"
                ).format(seconds=left)
            return _(
                "Waiting for {names}: the next hand starts when all are ready, or in {seconds} s"
            ).format(names=and_list(names), seconds=left)
        if not names:
            return _("Waiting for the others: the next hand starts when all are ready")
        return _("Waiting for {names}: the next hand starts when all are ready").format(
            names=and_list(names)
        )

    def action_hide_rack(self) -> None:
        """Hot-seat: the person at the terminal covers their rack to step away; Enter on
        the cover gives it back as they left it (staged melds and selection too)."""
        if self.hotseat is not None and not self.hidden and not self.table.hand_over:
            self.hotseat.pass_to(self.table.seat, away=True)

    def action_piles(self) -> None:
        self.app.push_screen(PilesScreen(self.table.seats(), self.view))

    async def on_pile_panel_opened(self, message: PilePanel.Opened) -> None:
        """A click on the left pile at this seat's draw takes its top tile, as a hand takes
        it off a real table; on the seat's own pile with one tile selected, in its turn to
        discard, it discards that tile (as a drop there does: a player who selected a tile
        and clicked the pile got every pile shown); any other click on a pile shows every
        pile whole."""
        view = self.view
        if self.draw_by_click() and message.seat == view.left and view.left_discard is not None:
            await self.action_take()
            return
        if (
            message.seat == view.seat
            and len(self.selected) == 1
            and self.my_turn
            and view.phase is Phase.PLAY
            and self.is_current_screen()
        ):
            await self.action_discard()
            return
        self.action_piles()

    async def on_centre_info_clicked(self, message: CentreInfo.Clicked) -> None:
        """A click on the middle draws, at this seat's draw."""
        if self.draw_by_click():
            await self.action_draw()

    def draw_by_click(self) -> bool:
        """Whether a click may draw or take now: this seat's turn to draw, nothing over it."""
        return self.my_turn and self.view.phase is Phase.DRAW and self.is_current_screen()

    def action_chat(self) -> None:
        async def send(line: str | None) -> None:
            if line:
                await self.table.say(line)

        self.app.push_screen(ChatScreen(), send)

    def action_help(self) -> None:
        from okey_tui.ui.screens.help import HelpScreen

        rules = self.view.rules
        # Going Pairs is a Challenge table's: elsewhere its key is not offered (nor shown).
        keys = [
            b
            for b in self.table_bindings()
            if rules.challenge or not (isinstance(b, Binding) and b.action == "declare_pairs")
        ]
        self.app.push_screen(HelpScreen(keys, rules))

    # -- practice keys (the practice policy answers) ------------------------------------------
    def action_hints(self) -> None:
        if self._log_over_hints:  # h decides the place now: the log as it was before
            self.choose_log(self._log_before_hints)
        self._log_over_hints = False
        self.game_log.retitle()
        self.practice.toggle_hints()
        self.refresh_bindings()  # e is in the key bar while the hints shown name a move

    def action_hint_tile(self) -> None:
        self.practice.cursor_to_hint()

    def action_follow_hint(self) -> None:
        self.practice.cursor_to_hint()

    def action_scroll_hints(self, pages: int) -> None:
        hints = self.query_one(HintPanel)
        page = max(1, hints.scrollable_content_region.height - 1)
        hints.scroll_to(y=hints.scroll_y + pages * page, animate=False, immediate=True)

    def action_undo(self) -> None:
        if self.staging.melds:
            # The newest step of all: staging the melds. They go back to their slots (as
            # with Esc), and the sort or move before it can be undone next.
            notes = self.put_back_staged()
            self.selected.clear()
            self.sync_rack()
            self.cursor_to_a_tile()
            self.render_all()
            self.rack_notice(
                " · ".join([_("Undone: the staged melds are back on the rack"), *notes])
                if notes
                else _("Undone: the staged melds are back in their slots")
            )
            self.refresh_bindings()
            self.keep_rack()
        elif self.rack_step() is not None:
            self.undo_rack()
        else:
            self.practice.undo()

    def remember_rack(self, slots: list[Tile | None], what: str) -> None:
        """Keep the rack as it was before a sort or a move of its tiles, for u."""
        step = RackStep(id(self.rack), len(self.table.events), slots, what)
        self.rack_history = [s for s in self.rack_history if s.rack == step.rack]
        self.rack_history = [*self.rack_history[-(RACK_STEPS - 1) :], step]

    def rack_step(self) -> RackStep | None:
        """The last sort or move of the tiles, when u puts it back now: nothing happened
        on the table since (a step of the table undone brings it back), on this rack,
        with the same tiles in it and no melds staged."""
        if not self.rack_history or self.staging.melds or self.table.hand_over:
            return None
        step = self.rack_history[-1]
        if step.rack != id(self.rack) or step.events != len(self.table.events):
            return None
        if len(step.slots) != len(self.rack.slots):  # the rack grew a column since
            return None
        if Counter(t for t in step.slots if t) != Counter(self.rack.tiles()):
            return None
        return step

    def undo_rack(self) -> None:
        step = self.rack_history.pop()
        slots = self.rack.slots
        pointed = slots[self.cursor]
        new = [t for i in sorted(self.fresh) if (t := slots[i]) is not None]
        self.rack.slots = list(step.slots)
        self.follow_tiles(pointed, new)
        self.rack_notice(_("Undone: {step}").format(step=step.what))
        self.render_all()
        self.keep_rack()

    def follow_tiles(self, pointed: Tile | None, new: list[Tile]) -> None:
        """After the whole rack changed: the selection goes, the drawn tile keeps its
        "new" mark and the cursor stays on its tile, wherever they went now (the cursor
        stayed on its slot, over another tile: x threw that)."""
        self.selected.clear()
        self.fresh = {i for t in new if (i := self.rack.slot_of(t, apart=True)) is not None}
        if pointed is not None:
            fresh_copy = [i for i in self.fresh if self.rack.slots[i] == pointed]
            at = fresh_copy[0] if fresh_copy else self.rack.slot_of(pointed)
            if at is not None:
                self.cursor = at
        self.cursor_to_a_tile()

    def action_mark_okeys(self) -> None:
        self.practice.toggle_okey_marks()

    def action_next_tip(self) -> None:
        self.practice.next_tip()

    def quit_question(self) -> str:
        """ "Quit the game?" and what the person should know of leaving now."""
        question = _("Quit the game?")
        note = self.table.leave_note()
        return f"{question}\n{note}" if note else question

    def action_quit_table(self) -> None:
        table = self.table
        held = table if isinstance(table, LocalTable) and not table.hand_over else None

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit()
            elif held is not None:
                held.hold_bots(False)

        report = self.table.report() if self.table.hand_over else None
        if report is not None and report.match_over and not self.table.leave_note():
            # A finished match, looked at after its summary: nothing to keep or leave
            # behind, so q quits at once, as on the summary (it asked here, and only here).
            self.app.exit()
            return
        if held is not None:  # the table holds still while the person decides
            held.hold_bots(True)
        self.app.push_screen(ConfirmScreen(self.quit_question(), quits=True), answer)
