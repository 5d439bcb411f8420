"""One table: the match, who sits where, and the bots. No Textual here.

The UI asks the session for the human's :class:`PlayerView`, sends the
human's actions through :meth:`Session.act`, and lets the bots move with
:meth:`Session.bot_action` / :meth:`Session.apply_bot`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from okey_tui import stats, storage
from okey_tui.bots.base import Bot
from okey_tui.bots.driver import apply_action, choose_action, safe_action
from okey_tui.engine.actions import Action
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.match import Match
from okey_tui.engine.melds import Meld
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult
from okey_tui.engine.state import Event, Hand
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import N_, _, os_problem
from okey_tui.messages import bot_level, game_type_label
from okey_tui.net.protocol import MAX_NAME, ProtocolError, clean_text, meld_from_json, meld_to_json
from okey_tui.settings import (
    DEFAULT_NAME,
    MAX_BOT_DELAY,
    PLAYER_N,
    in_every_language,
    shown_name,
)
from okey_tui.storage import JSONObject, SavedMatch
from okey_tui.table import (
    BOT_NAMES,
    MORE_BOT_NAMES,
    SPARE_BOT_NAMES,
    TEAMS,
    Departures,
    folded_name,
    side_name,
)

HUMAN = 0
# A person sharing the terminal who gave no name, called by their place among the people.
# Saves keep no such name (the first person's is kept as the default name, the others' as
# none): it is said in the language of the screen for every person alike.


def event_to_json(event: Event) -> list[object]:
    saved: list[object] = [
        event.kind,
        event.seat,
        event.text,
        [str(t) for t in event.tiles],
        event.value,
    ]
    # A penalty's reason, so that the log says why after a resume: only then, so other
    # events keep the five fields an older okey101 reads.
    if event.melds:  # a lay's, an add's or a swap's melds: a resumed log marks the okey
        return [*saved, event.code, [meld_to_json(m) for m in event.melds]]
    return [*saved, event.code] if event.code else saved


def _melds_from_json(raw: object) -> tuple[Meld, ...] | None:
    """Saved melds (as the table protocol writes them), ``None`` if they are not."""
    if not isinstance(raw, list):
        return None
    try:
        return tuple(meld_from_json(m) for m in raw)
    except (ProtocolError, OkeyError):
        return None


def event_from_json(raw: object) -> Event | None:
    """An event read back from a save, ``None`` if the entry is not one."""
    if not isinstance(raw, list) or len(raw) not in (5, 6, 7):
        return None
    kind, seat, text, tiles, value = raw[:5]
    code = raw[5] if len(raw) >= 6 else ""
    melds = _melds_from_json(raw[6]) if len(raw) == 7 else ()
    if not (isinstance(kind, str) and isinstance(text, str) and isinstance(value, int)):
        return None
    if not isinstance(code, str) or melds is None:
        return None
    if seat not in (None, 0, 1, 2, 3) or not isinstance(tiles, list):
        return None
    try:
        parsed = tuple(Tile.parse(str(t)) for t in tiles)
    except OkeyError:
        return None
    return Event(kind, seat, text, parsed, value, code=code, melds=melds)


def _flag(raw: object, default: bool) -> bool:
    """A yes/no of a save's extra: ``default`` when it holds no true or false ("no" is
    no yes)."""
    return raw if isinstance(raw, bool) else default


def saved_name(raw: object) -> str:
    """A person's name read from a save, as a table shows it: one line of printable text,
    as a table on the network cleans it; "" when the save holds no name there (a number,
    null, control characters only).

    >>> saved_name("Ayşe"), saved_name("A\\x1b[31mB"), saved_name(123), saved_name(None)
    ('Ayşe', 'A [31mB', '', '')
    """
    return clean_text(raw, MAX_NAME) if isinstance(raw, str) else ""


def bot_names(people: list[str]) -> tuple[str, str, str]:
    """The bots' names at a table where ``people`` sit: never a person's, never twice.

    >>> bot_names(["You"])
    ('Ayşe', 'Mehmet', 'Zeynep')
    >>> bot_names(["Ayşe"])
    ('Can', 'Mehmet', 'Zeynep')
    >>> bot_names(["You", "AYSE", "zeynep"])  # case and accents aside, the same names
    ('Can', 'Mehmet', 'Deniz')
    """
    taken = {folded_name(p) for p in people}
    names: list[str] = []
    for seat in range(3):
        pool = (BOT_NAMES[seat], SPARE_BOT_NAMES[seat], *MORE_BOT_NAMES, *BOT_NAMES)
        name = next((n for n in pool if folded_name(n) not in taken), f"Bot {seat + 1}")
        taken.add(folded_name(name))
        names.append(name)
    return (names[0], names[1], names[2])


T = TypeVar("T")


def per_seat(raw: object, read: Callable[[object], T | None]) -> dict[int, T]:
    """A save's mapping of seat numbers ("0" to "3") to values, each as ``read`` makes it
    (None: not one, left out); {} for anything but a mapping.

    >>> per_seat({"0": 5, "1": "x", "7": 2}, lambda v: v if isinstance(v, int) else None)
    {0: 5}
    """
    if not isinstance(raw, dict):
        return {}
    kept: dict[int, T] = {}
    for seat, value in raw.items():
        made = read(value)
        if made is not None and str(seat) in ("0", "1", "2", "3"):
            kept[int(seat)] = made
    return kept


@dataclass(frozen=True)
class StagedKept:
    """A person's staged melds as a save keeps them: each meld's text (``Meld.text``, an
    okey written as ``*`` and the tile it stands for), and when they were staged."""

    hand: int
    events: int
    melds: tuple[str, ...]

    def to_json(self) -> JSONObject:
        return {"hand": self.hand, "events": self.events, "melds": list(self.melds)}

    @classmethod
    def from_json(cls, raw: object) -> StagedKept | None:
        """The kept melds, or None for anything else (a damaged or hand-edited save)."""
        if not isinstance(raw, dict):
            return None
        hand, events, melds = raw.get("hand"), raw.get("events"), raw.get("melds")
        if type(hand) is not int or type(events) is not int or not isinstance(melds, list):
            return None
        if not melds or not all(isinstance(m, str) for m in melds):
            return None
        return cls(hand, events, tuple(melds))


@dataclass
class Session:
    """A match at one table: seat 0 is the human, seats 1-3 are bots."""

    rules: RuleSet
    seed: int
    name: str = DEFAULT_NAME
    levels: tuple[str, str, str] = ("normal", "normal", "normal")
    match: Match = field(init=False)
    bots: list[Bot | None] = field(init=False, default_factory=list)
    # Autosave: where the match is written after every action (None: not saved).
    save_path: Path | None = None
    # Rack layouts per human seat, as tile texts with None for a gap: kept by the
    # table screen as the player arranges the rack, saved, and given back on resume.
    layouts: dict[int, list[str | None]] = field(default_factory=dict)
    # With each layout, its rack's memory of the turn under way (where the tiles laid this
    # turn left from): a take-back after a resume puts them back in those slots.
    departures: dict[int, Departures] = field(default_factory=dict)
    # Where each person's rack cursor was (a slot of their layout): a resumed match puts
    # it back there, not on the first tile.
    cursors: dict[int, int] = field(default_factory=dict)
    # The melds a person had staged (not laid) as the match was saved: their texts, with
    # the hand and the count of its events they were staged at. A match resumed at that
    # very moment stages them again (they came back to the rack, and nothing said so).
    staged: dict[int, StagedKept] = field(default_factory=dict)
    # The cursors as last written (a cursor moved since is written as the match is left).
    saved_cursors: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    record_stats: bool = False
    # Hot-seat: the seats people play (the rest are bots), the names of all
    # but seat 0 (which is ``name``), and whose rack the screen shows now.
    humans: tuple[int, ...] = (HUMAN,)
    human_names: tuple[str, ...] = ()
    viewer: int = HUMAN
    practice: bool = False
    # Practice tips on, and the tips already shown (seat, key): kept with the save
    # so a resumed match neither repeats a tip nor gives one for a moment long past.
    tips: bool = True
    tips_shown: set[tuple[int, str]] = field(default_factory=set)
    # The hint panel shown (h at a practice table): shown again when the match resumes.
    hints: bool = False
    # The current hand's events before this session resumed it (from the save).
    earlier_events: list[Event] = field(default_factory=list)
    started: str = field(default_factory=lambda: time.strftime("%Y-%m-%d %H:%M"))
    # The expert bot's time budget per decision (a table setting).
    expert_budget_ms: float = 300.0
    # The seconds between bot moves when the match was given its own (--bot-delay), not the
    # remembered pace: a resume plays it again (it fell back to the remembered pace).
    bot_delay: float | None = None
    # Started in this process, not resumed: see :meth:`untouched`.
    fresh: bool = False
    # Why the match is not being saved (the last write failed, or it could not be saved
    # at all: then ``save_path`` is None); "" while it is saved. The match goes on.
    save_problem: str = ""
    # Where the match could not be given a save at its start (no saves folder could be
    # made, or locked): tried again before each save, so that the match is kept once the
    # folder can be made (it was never tried again, and the match was lost at q).
    claim_save: Callable[[], Path | None] | None = field(default=None, repr=False)
    # What the table has not told its players yet (:meth:`take_news`), and whether they
    # were told that the match is not being saved.
    _news: list[str] = field(init=False, default_factory=list, repr=False)
    _told_unsaved: bool = field(init=False, default=False, repr=False)

    def __post_init__(self) -> None:
        self.match = Match(self.rules, self.seed)
        # Seat 0 is a person: no bot.
        self.bots = [None, *(self._make_bot(level, self.expert_budget_ms) for level in self.levels)]

    @classmethod
    def resume(
        cls, saved: SavedMatch, save_path: Path | None, record_stats: bool = False
    ) -> Session:
        """The table of a saved match, exactly where it stopped."""
        extra = saved.extra
        raw_levels = extra.get("levels")
        levels: tuple[str, ...] = ("normal",) * 3
        if isinstance(raw_levels, list) and len(raw_levels) == 3:
            # A level no bot has (a hand-edited save) is normal, that seat's alone: one
            # "god" among them made all three normal.
            levels = tuple(
                lv if lv in ("easy", "normal", "hard", "expert") else "normal" for lv in raw_levels
            )
        humans = extra.get("humans", [HUMAN])
        # Seat numbers, each once, the first person's among them; anything else (a
        # hand-edited save) seats one person, as a save from before hot-seat tables does.
        if not (
            isinstance(humans, list)
            and all(type(h) is int and 0 <= h <= 3 for h in humans)
            and HUMAN in humans
            and len(set(humans)) == len(humans)
        ):
            humans = [HUMAN]
        names = extra.get("human_names", [])
        name = saved_name(extra.get("name")) or DEFAULT_NAME
        if len(humans) > 1 and name in {said.format(n=1) for said in in_every_language(PLAYER_N)}:
            # An older okey101 kept the first person's default name as "Player 1" in the
            # language of that day, the others' as none: said alike now ("Oyuncu 1" beside
            # "Oyuncu 2", not "Player 1").
            name = DEFAULT_NAME
        session = cls(
            saved.match.rules,
            saved.match.seed,
            name=name,
            levels=(levels[0], levels[1], levels[2]),
            save_path=save_path,
            record_stats=record_stats,
            humans=tuple(sorted(humans)),
            # A name that is not one: "" (seat_name says "Player 2" for it).
            human_names=tuple(saved_name(n) for n in names) if isinstance(names, list) else (),
            practice=_flag(extra.get("practice"), False),
            tips=_flag(extra.get("tips"), True),
        )
        session.match = saved.match
        delay = extra.get("bot_delay")
        number = isinstance(delay, int | float) and not isinstance(delay, bool)  # not true/false
        if number and isinstance(delay, int | float) and 0 <= delay <= MAX_BOT_DELAY:
            session.bot_delay = float(delay)
        started = extra.get("started")
        if isinstance(started, str):
            session.started = started
        session.hints = extra.get("hints") is True
        shown = extra.get("tips_shown", [])
        if isinstance(shown, list):
            session.tips_shown = {
                (int(seat), str(key))
                for seat, key in (p for p in shown if isinstance(p, list) and len(p) == 2)
                if seat in (0, 1, 2, 3)
            }
        raw_events = extra.get("events", [])
        if isinstance(raw_events, list):
            events = [event_from_json(e) for e in raw_events]
            kept = [e for e in events if e is not None]
            session.earlier_events = storage.logged_before_load(kept, saved.match.hand)
        # A person who already drew or took this hand has had the first-turn moment,
        # whatever an older save says: no "you start with 22 tiles" tip for them.
        for event in session.earlier_events:
            if event.kind in ("draw", "take", "discard") and event.seat in session.humans:
                session.tips_shown.add((event.seat, "draw"))
        # Each kept per seat, each absent from saves before it was kept; a value that is
        # not one (a damaged or hand-edited save) is left out.
        session.layouts = per_seat(
            extra.get("layouts"), lambda s: list(s) if isinstance(s, list) else None
        )
        session.departures = per_seat(extra.get("departures"), Departures.from_json)
        session.staged = per_seat(extra.get("staged"), StagedKept.from_json)
        session.cursors = per_seat(
            extra.get("cursors"), lambda i: i if type(i) is int and i >= 0 else None
        )
        session.saved_cursors = dict(session.cursors)
        hand = session.match.hand
        if not hand.is_over and hand.turn in session.humans:
            session.viewer = hand.turn
        return session

    # -- saving ----------------------------------------------------------------
    def untouched(self) -> bool:
        """Started here, and nobody at the table has done anything of their own in it yet:
        no move (the bots' moves are not theirs) and no rack arranged. Such a match is not
        kept when the players leave it: nothing in it is theirs."""
        return (
            self.fresh
            and not self.layouts
            and not self.match.results
            # The deal names the starter: not a move of theirs.
            and not any(e.seat in self.humans for e in self.events if e.kind != "deal")
        )

    def save_extra(self) -> JSONObject:
        return {
            "name": self.name,
            "levels": list(self.levels),
            "layouts": {str(seat): slots for seat, slots in self.layouts.items()},
            "departures": {str(seat): kept.to_json() for seat, kept in self.departures.items()},
            "cursors": {str(seat): index for seat, index in self.cursors.items()},
            "staged": {str(seat): kept.to_json() for seat, kept in self.staged.items()},
            "humans": list(self.humans),
            "human_names": list(self.human_names),
            "practice": self.practice,
            "tips": self.tips,
            "tips_shown": sorted([seat, key] for seat, key in self.tips_shown),
            "hints": self.hints,
            "started": self.started,
            "events": [event_to_json(e) for e in self.events],
            **({} if self.bot_delay is None else {"bot_delay": self.bot_delay}),
        }

    def autosave(self) -> None:
        """Write the match as it stands now (atomically) when autosave is on. A write that
        fails (a full disk, a file that may not be replaced) is kept in ``save_problem``
        and told once (:meth:`take_news`): the match goes on, and is saved again as soon
        as a write works."""
        if self.save_path is None and self.claim_save is not None and not self.match.is_over:
            self.save_path = self.claim_save()
            if self.save_path is not None:
                self.claim_save = None
        if self.save_path is None:
            return
        if self.match.is_over:
            # A finished match is not kept: its file went as its last hand was scored, and
            # a rack kept after that (at a table of several people) wrote it again, listed
            # nowhere and deleted by nothing.
            with contextlib.suppress(OSError):
                storage.discard(self.save_path)
            return
        try:
            storage.save(self.match, self.save_extra(), self.save_path)
        except OSError as exc:
            self.not_saved(os_problem(exc))
            return
        self.saved_cursors = dict(self.cursors)
        if self.save_problem and self._told_unsaved:
            self._news.append(_("The match is saved again."))
        self.save_problem = ""
        self._told_unsaved = False

    def not_saved(self, problem: str) -> None:
        """The match cannot be saved now (``problem`` says why): told once, and the note
        left on quitting says so."""
        self.save_problem = problem
        if not self._told_unsaved:
            self._told_unsaved = True
            self._news.append(
                _(
                    "The match cannot be saved ({error}): it goes on, but is not being saved."
                ).format(error=problem)
            )

    def take_news(self) -> list[str]:
        """What went wrong behind the table since the last call (a match that cannot be
        saved, a hand's statistics that could not be written): the table screen tells it."""
        news = list(self._news)
        self._news.clear()
        return news

    def unsaved_note(self) -> str | None:
        """The note left on quitting while the last write of the match failed (None when
        the match is saved, over, or not kept anyway)."""
        if not self.save_problem or self.match.is_over or self.untouched():
            return None
        path = self.save_path
        if path is None or not path.is_file():
            return _("The match could not be saved ({error}): it is not kept.").format(
                error=self.save_problem
            )
        from okey_tui.web import in_browser

        if in_browser():
            said = _(
                "The last moves could not be saved ({error}): Back to the game on this page "
                "continues the match from its last save."
            )
        else:
            said = _(
                "The last moves could not be saved ({error}): okey101 play --resume {id} "
                "continues the match from its last save."
            )
        return said.format(error=self.save_problem, id=path.stem)

    @staticmethod
    def _make_bot(level: str, budget_ms: float | None = None) -> Bot | None:
        try:
            from okey_tui.bots import make_bot

            return make_bot(level, budget_ms)
        except (ImportError, ValueError, AttributeError):
            return None  # the bot level is not available: the fallback plays

    # -- who is who -----------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.match.hand

    def seat_name(self, seat: int, english: bool = False) -> str:
        """Who sits in ``seat``, as the screen says it; ``english``: a person who gave no
        name as saves keep it ("You", "Player 2"), not in the language of the screen."""
        say = str if english else _
        if seat == HUMAN:
            if self.name == DEFAULT_NAME and len(self.humans) > 1:
                # "You" means nothing when the terminal is shared: the first person is
                # "Player 1" as the second is "Player 2", in the language of the screen.
                return say(PLAYER_N).format(n=1)
            # The name of a player who gave none is a word ("You", "Sen"), said in the
            # language of the screen; the save keeps the English.
            return self.name if english else shown_name(self.name)
        if seat in self.humans:
            n = self.humans.index(seat) - 1
            if n < len(self.human_names) and self.human_names[n]:
                return self.human_names[n]
            return say(PLAYER_N).format(n=n + 2)
        # A person's name is theirs: a bot that would share it takes another.
        return bot_names([self.seat_name(h) for h in self.humans])[seat - 1]

    def seat_level(self, seat: int) -> str | None:
        return None if seat in self.humans else self.levels[seat - 1]

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` may see; by default the seat whose rack is on the screen."""
        seat = self.viewer if seat is None else seat
        return PlayerView.of(self.hand, seat, tuple(self.match.totals()))

    @property
    def human_to_play(self) -> bool:
        return not self.hand.is_over and self.hand.turn in self.humans

    @property
    def bots_to_play(self) -> bool:
        return not self.hand.is_over and self.hand.turn not in self.humans

    @property
    def events(self) -> list[Event]:
        """The current hand's events, including those played before a resume."""
        if self.earlier_events:
            return self.earlier_events + self.hand.events
        return self.hand.events

    # -- moves ----------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """Apply the human's action; raises the engine's OkeyError when illegal."""
        if not self.human_to_play:
            from okey_tui.engine.errors import ErrorCode, NotYourTurnError

            raise NotYourTurnError(
                _("It is not your turn: wait for the others to play"),
                code=ErrorCode.NOT_YOUR_TURN,
            )
        events = self.hand.apply(action)
        self.autosave()
        return events

    def bot_action(self) -> tuple[int, PlayerView, Action | None]:
        """The seat to play, its view, and the action its bot chooses."""
        seat = self.hand.turn
        view = self.view(seat)
        return seat, view, self.choose(seat, view)

    def choose(self, seat: int, view: PlayerView) -> Action | None:
        """What the bot of ``seat`` plays from ``view`` (None: it failed; apply_bot covers).

        Touches no state, so a worker thread may run it.
        """
        bot = self.bots[seat]
        if bot is None:
            return safe_action(view)
        return choose_action(bot, view)[0]

    def apply_bot(self, seat: int, view: PlayerView, action: Action | None) -> list[Event]:
        """Apply a bot's action through the one bot driver: a refused one is logged and
        replaced by a plain legal move."""
        if self.hand.turn != seat or self.hand.is_over:
            return []
        events = apply_action(self.hand, seat, action, self.bots[seat])[1]
        self.autosave()
        return list(events)

    def play_bots(self, limit: int = 10_000) -> None:
        """Let the bots play until it is the human's turn or the hand ends (tests, scripts)."""
        for _turn in range(limit):
            if not self.bots_to_play:
                return
            self.apply_bot(*self.bot_action())

    # -- hands ----------------------------------------------------------------
    def finish_hand(self) -> HandResult:
        if self.match.hand_scored:
            return self.match.results[-1]
        result = self.match.finish_hand()
        self.autosave()
        if self.record_stats:
            # As saved, like the names in the save: a default name ("You", "Player 2") is
            # one player in every language, and ``okey101 stats`` says it in the language
            # of the day ("Oyuncu 1" was a player of its own beside "Player 1").
            names = [self.seat_name(seat, english=True) for seat in range(4)]
            kinds = [
                "human" if self.seat_level(seat) is None else str(self.seat_level(seat))
                for seat in range(4)
            ]
            try:
                stats.append(stats.hand_record(self.match, result, names, kinds))
            except OSError as exc:  # said, not dropped without a word
                self._news.append(
                    _(
                        "The statistics of this hand could not be written ({error}): "
                        "okey101 stats will not count it."
                    ).format(error=os_problem(exc))
                )
        if self.match.is_over and self.save_path is not None:
            # A finished match's file that cannot be deleted is left: nothing is lost.
            with contextlib.suppress(OSError):
                storage.discard(self.save_path)
        return result

    def next_hand(self) -> Hand:
        hand = self.match.next_hand()
        self.earlier_events = []
        # The racks of the last hand: a new deal is shown in order until its player moves a tile.
        self.layouts = {}
        self.departures = {}
        self.cursors = {}
        self.staged = {}
        self.autosave()
        return hand


# -- the unfinished matches, described for the saves list and the new-table screen ----------


@dataclass(frozen=True)
class SaveSummary:
    """One unfinished match in a few words.

    ``table`` and ``seats`` are the language-free words of ``okey101 saves --json``
    (``Classic, partners``; ``Ayşe (hard)``); ``table_text`` and ``seat_texts`` say
    the same in the language of the screen.
    """

    id: str
    started: str
    table: str
    hand: int
    hands: int
    score: int
    seats: tuple[str, str, str, str]
    table_text: str = ""
    seat_texts: tuple[str, ...] = ()
    played: str = ""  # when it was last played (saved), as the start is written
    # A hot-seat match: each person's seat, name (as the screen says it) and match score;
    # empty when one person plays, whose score is ``score``.
    people_scores: tuple[tuple[int, str, int], ...] = ()
    # Every seat's match score, in seat order (a partners table: each seat its team's).
    scores: tuple[int, ...] = ()
    # A partners table: each side (its two names as the summary says them, ``You &
    # Mehmet``) with its score, seat 0's side first; empty at a table of four players.
    sides: tuple[tuple[str, int], ...] = ()
    # The seats of each side of ``sides``, in its order: ``((0, 2), (1, 3))``.
    side_seats: tuple[tuple[int, int], ...] = ()
    # The table in the keys ``okey101 stats --json`` and the flags use: the game type
    # (``classic``), each seat's bot level (None: a person's seat), and its options.
    game_type: str = "classic"
    levels: tuple[str | None, ...] = ()
    partners: bool = False
    penalties: bool = True
    practice: bool = False

    def scores_text(self) -> str:
        """``45``, at a hot-seat match every person's: ``Ayşe 45, Mehmet 30``, and at a
        partners table each side's: ``You & Mehmet 45 · Ayşe & Zeynep 30``."""
        if self.sides:
            return " · ".join(f"{name} {score}" for name, score in self.sides)
        if not self.people_scores:
            return str(self.score)
        return ", ".join(f"{name} {score}" for _seat, name, score in self.people_scores)

    def score_lines(self) -> str:
        """Each seat's score beside its line of the seats (``okey101 saves``), the bots'
        too: a blank beside a bot read as a score unknown."""
        if not self.scores:
            return str(self.score)
        if self.side_seats:  # a side's score once, on the line of its first partner
            return "\n".join(f"{self.scores[first]}\n" for first, _second in self.side_seats)
        return "\n".join(str(score) for score in self.scores)

    def seat_lines(self) -> str:
        """Each seat on a line of its own (``okey101 saves``); at a partners table the two
        partners of a side one under the other, the second after an ``&``: ``You`` then
        ``& Mehmet (normal)``, a score each side (each partner's was the side's, said
        twice, and nothing said so)."""
        if not self.side_seats:
            return "\n".join(self.seat_texts)
        return "\n".join(
            f"{self.seat_texts[first]}\n" + _("& {partner}").format(partner=self.seat_texts[second])
            for first, second in self.side_seats
        )

    def as_dict(self) -> JSONObject:
        """The match for ``okey101 saves --json``: ``score`` is seat 0's, ``scores`` every
        seat's (in the order of ``seats``), and ``people`` lists each person of a hot-seat
        match (seat, name as in ``seats``, score); it is empty when one person plays."""
        return {
            "id": self.id,
            "started": self.started,
            "played": self.played,  # when last played: the list's order
            "type": self.table,
            # The same in the keys stats --json and the flags use ("type" is in words).
            "game_type": self.game_type,
            "partners": self.partners,
            "penalties": self.penalties,
            "practice": self.practice,
            "levels": list(self.levels),
            "hand": self.hand,
            "hands": self.hands,
            "score": self.score,
            "scores": list(self.scores),
            "seats": list(self.seats),
            # A person's seat has no level after the name: ``seats`` says it as saved.
            "people": [
                {"seat": seat, "name": self.seats[seat], "score": score}
                for seat, _name, score in self.people_scores
            ],
            # A partners table: each side's two seats (as in ``seats``) and its score.
            "sides": [
                {"seats": [first, second], "score": score}
                for (first, second), (_name, score) in zip(self.side_seats, self.sides, strict=True)
            ],
        }

    def line(self, done: bool = False) -> str:
        """``Classic · hand 2/11 · score 45 · played 2026-11-30 20:58`` (when it was last
        played: the list's order); at a hot-seat match the people's scores by name:
        ``… · Ayşe 45, Mehmet 30 · …``, at a partners table each side's. ``done``: the match
        was saved between two hands, its hand over (``hand 3/11 done``)."""
        when = _("played {time}").format(time=self.played) if self.played else self.started
        if self.people_scores or self.sides:
            said = (
                _("{table} · hand {hand}/{hands} done · {scores} · {started}")
                if done
                else _("{table} · hand {hand}/{hands} · {scores} · {started}")
            )
        else:
            said = (
                _("{table} · hand {hand}/{hands} done · score {score} · {started}")
                if done
                else _("{table} · hand {hand}/{hands} · score {score} · {started}")
            )
        return said.format(
            table=self.table_text or self.table,
            hand=self.hand,
            hands=self.hands,
            scores=self.scores_text(),
            score=self.score,
            started=when,
        )


def table_type(rules: RuleSet, practice: bool = False) -> tuple[str, str]:
    """A table's kind in a few words: in English (``okey101 saves --json``), and in the
    language of the screen (``Classic, partners``; ``Klasik, eşli``)."""
    options = []
    if rules.partners:
        options.append(N_("partners"))
    if not rules.penalties:
        options.append(N_("no penalties"))
    if practice:
        options.append(N_("practice"))
    return (
        ", ".join([rules.game_type.label, *options]),
        ", ".join([game_type_label(rules.game_type), *map(_, options)]),
    )


def summarise_save(entry: storage.SaveEntry) -> SaveSummary:
    session = Session.resume(entry.saved, None)
    rules = session.rules
    table, table_text = table_type(rules, session.practice)
    levels = [None if s in session.humans else session.levels[s - 1] for s in range(4)]
    names = [session.seat_name(s) for s in range(4)]
    # The JSON's names are as saved: "You" and "Player 2" stay the English words.
    saved = [session.seat_name(s, english=True) for s in range(4)]
    seats = tuple(n if lv is None else f"{n} ({lv})" for n, lv in zip(saved, levels, strict=True))
    match = session.match
    totals = match.totals()
    people = session.humans if len(session.humans) > 1 else ()
    return SaveSummary(
        id=entry.id,
        started=entry.started,
        table=table,
        game_type=rules.game_type.value,
        levels=tuple(levels),
        partners=rules.partners,
        penalties=rules.penalties,
        practice=session.practice,
        hand=match.hand_number + 1,
        hands=rules.hands,
        score=match.totals()[HUMAN],
        seats=(seats[0], seats[1], seats[2], seats[3]),
        table_text=table_text,
        seat_texts=tuple(
            n if lv is None else f"{n} ({bot_level(lv)})"
            for n, lv in zip(names, levels, strict=True)
        ),
        people_scores=tuple((s, names[s], totals[s]) for s in people),
        scores=tuple(totals),
        sides=tuple((side_name(names, side), totals[side[0]]) for side in TEAMS)
        if rules.partners
        else (),
        side_seats=TEAMS if rules.partners else (),
        played=storage.local_time(entry.saved_at) if entry.saved_at else "",
    )
