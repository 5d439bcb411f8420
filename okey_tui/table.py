"""What a table screen needs from a table, wherever the table runs.

A table screen shows one seat. It reads that seat's
:class:`~okey_tui.engine.view.PlayerView`, sends the seat's actions through
:meth:`TableInterface.act` and learns of changes through a listener. The
same screen can then sit at a local table (the match runs in this process)
or at a remote one (:class:`okey_tui.net.client.RemoteTable`, where the
host's engine decides). No Textual here.

The contract:

* ``view()`` is the only source of tiles: it never holds another seat's
  rack or the order of the middle.
* ``act`` either succeeds or raises :class:`ActionRefused` carrying the
  engine's refusal (error class name, code if the error has one, message
  in the player's language);
  a refused action changes nothing.
* ``events`` is the log this seat may see for the current hand: another
  seat's draw from the middle carries no tile.
* The listener is called (in the event loop) after every change: a new
  view, events, a chat line, seats joining or leaving, a hand ending.
"""

from __future__ import annotations

import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from okey_tui.engine.actions import Action, AddTile
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.match import Match
from okey_tui.engine.melds import added_meaning
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, PenaltyNote, penalty_notes
from okey_tui.engine.state import SIDES, Event, Outcome, TableMeld
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import _
from okey_tui.messages import describe, describe_refusal

# The codes of a move a remote table refused here, the table never having said: the
# connection is down, or the table left the question unanswered past its wait (a host on
# a busy machine or a poor link; the state that comes later shows what the table did).
CONNECTION_LOST = "connection-lost"
NO_ANSWER = "no-answer"
UNANSWERED = frozenset({CONNECTION_LOST, NO_ANSWER})


class ActionRefused(Exception):
    """The table refused an action; the table is unchanged.

    ``error`` is the engine error's class name (``OpeningError``...),
    ``code`` the error's code when the engine gives one. Decide on those,
    never on the words of ``message``, which is for the player.
    """

    def __init__(
        self,
        error: str,
        code: str | None,
        message: str,
        *,
        rule: int | None = None,
        params: dict[str, object] | None = None,
        worded: bool = False,
    ) -> None:
        super().__init__(message)
        self.error = error
        self.code = code
        self.message = message
        self.rule = rule  # the rules section the refusal enforces, when the engine names one
        self.params = dict(params or {})  # what the refusal names: tiles, points, floors...
        # The message is already in the player's language (made here, not by another table).
        self.worded = worded

    @classmethod
    def from_error(cls, exc: OkeyError) -> ActionRefused:
        """The refusal of an engine error, for a screen that never sees the engine.

        The message is made from the error's code and parameters in the current
        language (:func:`okey_tui.messages.describe`), never the engine's own words.
        """
        code = exc.code.value if exc.code is not None else None
        params: dict[str, object] = {
            k: v if isinstance(v, int | str) else str(v) for k, v in exc.params.items()
        }
        return cls(
            type(exc).__name__, code, describe(exc), rule=exc.rule, params=params, worded=True
        )

    def text(self) -> str:
        """The refusal in the player's language: a refusal from another table (a host
        that may speak another language) is worded again from its code and parameters."""
        if self.worded:
            return self.message
        return describe_refusal(self.code, self.params, self.message)


# At a partners table the seats across from each other score as one side (the engine's).
TEAMS = SIDES


def side_name(names: Sequence[str], side: tuple[int, int]) -> str:
    """The two partners of ``side`` named as one ("You & Mehmet"), ``names`` being every
    seat's: how the end-of-hand summary and the list of saves name a side.

    >>> [side_name(["You", "Ayşe", "Mehmet", "Zeynep"], side) for side in TEAMS]
    ['You & Mehmet', 'Ayşe & Zeynep']
    """
    first, second = side
    return _("{first} & {second}").format(first=names[first], second=names[second])


# The bots' names at any table: each seat's own, then the names a bot takes when a person
# at the table has its own (the hot-seat table and a hosted table alike).
BOT_NAMES = ("Ayşe", "Mehmet", "Zeynep")
SPARE_BOT_NAMES = ("Can", "Elif", "Deniz")
MORE_BOT_NAMES = ("Emre", "Selin", "Burak", "Derya")


def seconds_until(at: float) -> int:
    """Whole seconds left until ``at`` (``time.monotonic``, as :attr:`TableInterface.turn_ends`
    and :attr:`TableInterface.next_hand_at` say it), a part of a second counting as one; 0
    once it has passed."""
    return max(0, int(at - time.monotonic() + 0.999))


def folded_name(name: str) -> str:
    """A name as it sounds: no case, no accents, so that two seats never share it.

    >>> folded_name("Ayşe") == folded_name("AYSE") == folded_name(" ayse ")
    True
    >>> folded_name("Işıl") == folded_name("isil")
    True
    """
    plain = unicodedata.normalize("NFKD", name.replace("ı", "i").replace("İ", "I"))
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold().strip()


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a person (``level`` None) or a bot of ``level``.

    ``connected`` is False for a person whose connection dropped (a bot of
    the table's level plays for them until they come back). ``ready``: between
    hands at a network table, the person has asked for the next hand. ``dropped``:
    not connected because the connection was lost (killed, the network down, a browser
    tab closed), not because the person quit.
    """

    seat: int
    name: str
    level: str | None
    connected: bool = True
    ready: bool = False
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's line of a hand's score sheet (points: lower is better)."""

    seat: int
    finish: int
    left_sum: int
    okeys_in_hand: int
    penalties: int
    bonus: int
    total: int
    note: str


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A scored hand: how it ended and every seat's line."""

    number: int
    outcome: Outcome
    seats: tuple[SeatLine, ...]

    def totals(self) -> list[int]:
        return [line.total for line in self.seats]


@dataclass(frozen=True, slots=True)
class HandReport:
    """Everything the end-of-hand screen shows, once the hand is scored.

    At the end of a hand every rack is shown, as at a real table (the
    engine's :class:`HandResult` lists each seat's tiles left); the order of
    the middle never is.
    """

    number: int  # 1-based
    hands: int  # hands in the match
    result: HandResult
    indicator: Tile
    table: tuple[TableMeld, ...]
    last_discard: Tile | None  # the finisher's last discard
    notes: tuple[PenaltyNote, ...]
    sheet: tuple[tuple[int, ...], ...]  # every scored hand's totals, first hand first (by side)
    totals: tuple[int, ...]
    match_over: bool
    winners: tuple[int, ...]
    rules: RuleSet
    going_pairs: tuple[bool, ...]  # who declared Going Pairs this hand
    # The tiles the finisher added to other seats' melds: with its own melds and its last
    # discard, every tile it held (empty in a report from before the field).
    added: tuple[Tile, ...] = ()
    # What each of those tiles stands for where it was added (an okey as the tile it is
    # read as, like the table shows it); empty in a report from before the field.
    added_meant: tuple[Tile, ...] = ()
    # How each of those tiles left the finisher: 0 laid off, or the number (1, 2, ...) of
    # the okey swap it was given in, the okey taken for it; empty in a report from before
    # the field (every tile then said as laid off).
    added_swaps: tuple[int, ...] = ()
    # Tiles the other seats added to the finisher's melds: each as the index of the meld on
    # the table and the tile it stands for there (the finish shows the finisher's own).
    others_added: tuple[tuple[int, Tile], ...] = ()
    # Made at a network seat from the hand's scores alone, the table's own report being
    # unreadable: no rack turned over, no penalty's story.
    scores_only: bool = False


def hand_report(match: Match, events: Sequence[Event] | None = None) -> HandReport | None:
    """The report of ``match``'s last scored hand (None before the first is scored);
    ``events`` are that hand's events from its deal, when it was resumed from a save."""
    if not match.results:
        return None
    result = match.results[-1]
    hand = match.hand
    finisher = result.outcome.finisher
    last = None
    if finisher is not None and hand.discards[finisher]:
        last = hand.discards[finisher][-1]
    added: list[Tile] = []
    meant: list[Tile] = []
    swaps: list[int] = []
    swapped = 0  # the finisher's okey swaps on other seats' melds so far
    others: list[tuple[int, Tile]] = []
    # The adds of the turn under way: a take-back puts them back in the rack (the summary
    # named a tile taken back as added, beside the same tile on a discard pile).
    turn: int | None = None
    added_now = others_now = 0
    for event in hand.events if events is None else events:
        # A penalty written to another seat mid-turn (the owner of an okey swapped out)
        # is no move of theirs: it ended the turn here, and a take-back after it left
        # the swap it undid in the account ("swapped R6 R6 for 2 okeys").
        if event.kind != "penalty" and (event.seat != turn or event.kind == "discard"):
            turn, added_now, others_now = event.seat, 0, 0
        if event.kind == "takeback":
            del added[len(added) - added_now :], meant[len(meant) - added_now :]
            undone = swaps[len(swaps) - added_now :]
            swapped -= len({number for number in undone if number})  # counted from 1 again
            del swaps[len(swaps) - added_now :]
            del others[len(others) - others_now :]
            added_now = others_now = 0
            continue
        if event.kind not in ("add", "swap") or event.seat is None or not event.tiles:
            continue
        if not 0 <= event.value < len(hand.table):
            continue
        if event.kind == "swap":
            # Real tiles put where an okey stood, each standing for itself. A swap logged
            # before it named its meld says 0: the meld named must hold the tiles.
            on_table = Counter(hand.table[event.value].meld.tiles)
            if Counter(event.tiles) - on_table:
                continue
            put = [(tile, tile) for tile in event.tiles]
        else:
            two = len(event.melds) == 2
            put = [(event.tiles[0], added_meaning(*event.melds) if two else event.tiles[0])]
        theirs = hand.table[event.value].owner == finisher
        if event.seat == finisher and not theirs:
            added += [tile for tile, _meant in put]
            meant += [stands_for for _tile, stands_for in put]
            if event.kind == "swap":
                swapped += 1
            swaps += [swapped if event.kind == "swap" else 0] * len(put)
            added_now += len(put)
        elif event.seat != finisher and theirs:
            others += [(event.value, stands_for) for _tile, stands_for in put]
            others_now += len(put)
    return HandReport(
        number=len(match.results),
        hands=match.rules.hands,
        result=result,
        indicator=hand.indicator,
        table=tuple(hand.table),
        last_discard=last,
        notes=tuple(penalty_notes(hand, events)),
        sheet=tuple(tuple(row) for row in match.sheet()),
        totals=tuple(match.totals()),
        match_over=match.is_over,
        winners=tuple(match.winners()) if match.is_over else (),
        rules=match.rules,
        going_pairs=tuple(hand.going_pairs),
        added=tuple(added),
        added_meant=tuple(meant),
        added_swaps=tuple(swaps),
        others_added=tuple(others),
    )


# A rack: two rows of 16 slots. It grows a column only when every slot is full, and no
# rack holds 32 tiles: a rack order of more slots (a save edited by hand, a made-up
# network message) is never laid out.
RACK_ROWS = 2
RACK_COLS = 16
RACK_SLOTS = RACK_ROWS * RACK_COLS

# The most slot entries a rack's memory of its turn holds (a rack has RACK_SLOTS slots,
# and a turn moves each tile off it and back a few times at most).
MAX_DEPARTURES = 160


def turn_mark(events: Sequence[Event]) -> int:
    """Which turn of the hand this is, as far as a rack's memory of it goes: the discards
    made so far in the hand (every turn ends with one; a turn under way has made none)."""
    return sum(1 for event in events if event.kind == "discard")


@dataclass(frozen=True, slots=True)
class Departures:
    """A rack's memory of the turn under way, kept with its slot order: where each tile
    that left the rack this turn left from (``left``, slot and tile text, newest last),
    and where the tiles that came back this turn are (``back``). It holds for the turn
    of ``hand`` after ``turn`` discards (:func:`turn_mark`) and for no other.

    >>> memory = Departures(0, 4, ((3, "R1"), (4, "R2")), ((7, "K9"),))
    >>> Departures.from_json(memory.to_json()) == memory
    True
    >>> [Departures.from_json(raw) for raw in (None, [], {"hand": 0}, {"hand": -1, "turn": 0})]
    [None, None, None, None]
    >>> Departures.from_json({"hand": 0, "turn": 4, "left": [[3, "X9"]]}) is None
    True
    """

    hand: int
    turn: int
    left: tuple[tuple[int, str], ...] = ()
    back: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.hand,
            "turn": self.turn,
            "left": [[index, tile] for index, tile in self.left],
            "back": [[index, tile] for index, tile in self.back],
        }

    @classmethod
    def from_json(cls, raw: object) -> Departures | None:
        """A memory as :meth:`to_json` wrote it; None for anything else (a save from before
        the memory was kept, a hand-edited file): the rack then simply has none."""
        if not isinstance(raw, dict):
            return None
        hand, turn = raw.get("hand"), raw.get("turn")
        if not (type(hand) is int and type(turn) is int and hand >= 0 and turn >= 0):
            return None
        left, back = _slot_tiles(raw.get("left", [])), _slot_tiles(raw.get("back", []))
        if left is None or back is None:
            return None
        return cls(hand, turn, left, back)


def _slot_tiles(raw: object) -> tuple[tuple[int, str], ...] | None:
    """``[[slot, "R1"], ...]`` read back (each tile checked), or None if it is not that."""
    if not isinstance(raw, list) or len(raw) > MAX_DEPARTURES:
        return None
    found: list[tuple[int, str]] = []
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2):
            return None
        index, text = pair
        if type(index) is not int or not 0 <= index < 80 or not isinstance(text, str):
            return None
        try:
            found.append((index, str(Tile.parse(text))))
        except OkeyError:
            return None
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of table chat (``seat`` None: a notice from the table itself)."""

    seat: int | None
    name: str
    text: str


class TableInterface(Protocol):
    """A table as one seat's screen sees it."""

    @property
    def seat(self) -> int:
        """The seat this screen plays (0-3)."""
        ...

    def view(self) -> PlayerView:
        """What this seat may see now."""
        ...

    @property
    def events(self) -> Sequence[Event]:
        """The current hand's events this seat may see, oldest first."""
        ...

    def seats(self) -> Sequence[SeatInfo]:
        """The four seats: names, people or bot levels, connected or not."""
        ...

    @property
    def turn(self) -> int:
        """The seat to play."""
        ...

    @property
    def hand_over(self) -> bool:
        """The current hand has ended (its summary is the last of ``results``)."""
        ...

    @property
    def match_over(self) -> bool: ...

    @property
    def match_number(self) -> int:
        """Which match of this table is played, from 1: a network table's people may play
        again at its end (a table at this terminal deals a new one as a new table)."""
        ...

    @property
    def results(self) -> Sequence[HandSummary]:
        """The scored hands of the match so far."""
        ...

    def totals(self) -> tuple[int, ...]:
        """Each seat's match total."""
        ...

    @property
    def chat_lines(self) -> Sequence[ChatLine]: ...

    @property
    def hand_number(self) -> int:
        """The current hand, counted from 0."""
        ...

    def report(self) -> HandReport | None:
        """The last scored hand, for the end-of-hand screen (None before the first)."""
        ...

    @property
    def turn_ends(self) -> float | None:
        """When the turn under way must be played by (``time.monotonic``), at a table with
        a turn time; None when no clock runs (then a bot plays the rest of the turn)."""
        ...

    @property
    def next_hand_at(self) -> float | None:
        """Between hands at a table with a turn time: when it deals the next hand, ready or
        not (``time.monotonic``); None when it waits for everyone."""
        ...

    def bot_takes_seat_at(self, seat: int) -> float | None:
        """When a bot takes ``seat`` of its person, who is away from a network table
        (``time.monotonic``; past: a bot plays it now); None when nobody is away there."""
        ...

    def layout(self) -> list[str | None] | None:
        """The rack order this seat kept with the table (tile texts, None for a gap)."""
        ...

    def keep_layout(self, slots: list[str | None], departures: Departures | None = None) -> None:
        """Keep this seat's rack order with the table (saved; given back on a rejoin), and
        with it the rack's memory of the turn under way (None: the rack has none)."""
        ...

    def departures(self) -> Departures | None:
        """The memory of the turn kept with :meth:`layout` (None: none was kept)."""
        ...

    def leave_note(self) -> str | None:
        """What a person who leaves the table now should know (how to come back)."""
        ...

    def quit_closes_table(self) -> bool:
        """Whether this person quitting now closes the table for the others (its host,
        before the match is over): the game asks first, wherever they quit."""
        ...

    def replay_command(self) -> str | None:
        """Once the match is over, the command that deals it again (the same tiles in every
        hand: a deal to play again, or to show a friend); None before, or where the table
        does not say (a network table's seed is its host's)."""
        ...

    async def act(self, action: Action) -> None:
        """Play ``action`` for this seat; raises :class:`ActionRefused` when illegal."""
        ...

    async def act_all(self, actions: Sequence[Action]) -> None:
        """Play several actions, all or nothing: if one is refused, none happened."""
        ...

    async def check(self, action: Action) -> ActionRefused | None:
        """The refusal ``action`` would meet now (None: it is legal); changes nothing."""
        ...

    async def plan_adds(
        self, tiles: Sequence[Tile], target: int, okey_as: Tile | None = None
    ) -> tuple[list[AddTile], Tile | None]:
        """The engine's order for adding all of ``tiles`` to table meld ``target``, an okey
        among them as ``okey_as`` if given (:func:`okey_tui.engine.view.plan_adds`);
        changes nothing."""
        ...

    async def okey_readings(self, tiles: Sequence[Tile], target: int) -> list[Tile]:
        """What an okey among ``tiles`` may stand for when all go on table meld ``target``
        (:func:`okey_tui.engine.view.okey_readings`); changes nothing."""
        ...

    async def say(self, text: str) -> None:
        """Send one line of chat (the table may shorten or refuse it)."""
        ...

    async def next_hand(self) -> None:
        """This seat is ready for the next hand (after ``hand_over``)."""
        ...

    def set_listener(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` after every change to the table."""
        ...

    @property
    def listener(self) -> Callable[[], None] | None:
        """The listener :meth:`set_listener` gave the table last (None: nobody listens)."""
        ...
