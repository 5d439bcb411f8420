"""One hand of 101 Okey as a checked state machine.

:class:`Hand` owns every tile. :meth:`Hand.apply` checks an action against
the rules and either applies it completely or raises an
:class:`~okey_tui.engine.errors.IllegalActionError` and changes nothing.

Seats are 0-3 and play passes from seat ``s`` to ``s + 1``: seat ``s - 1``
is the player on ``s``'s left (whose discard ``s`` may take) and ``s + 1``
the player on the right (who may take ``s``'s discard).
"""

from __future__ import annotations

import copy
import enum
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

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
from okey_tui.engine.errors import (
    ErrorCode,
    HandOverError,
    IllegalActionError,
    MeldError,
    NotYourTurnError,
    OpeningError,
)
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    extend,
    fits_table,
    make_meld,
    swap_okey,
    wild_changes,
)
from okey_tui.engine.rules import OpeningKind as OpeningKind  # re-exported: its old home
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.tiles import Tile, full_set, okey_for

SEATS = 4
# At a partners table the seats across from each other are one side.
SIDES = ((0, 2), (1, 3))
PENALTY = 101
# Challenge (RULES.md section 12): a discard the next seat takes and uses is paid at its
# value times this rate; twice that for an okey (valued as the tile it stood for), and
# twice again when it went into a pair.
CHALLENGE_RATE = 10
CHALLENGE_OKEY_FACTOR = 2
CHALLENGE_PAIR_FACTOR = 2


def challenge_rate(*, okey: bool, pair: bool) -> int:
    """The times a used discard's value is paid in Challenge.

    >>> challenge_rate(okey=False, pair=False), challenge_rate(okey=False, pair=True)
    (10, 20)
    >>> challenge_rate(okey=True, pair=False), challenge_rate(okey=True, pair=True)
    (20, 40)
    """
    rate = CHALLENGE_RATE * (CHALLENGE_OKEY_FACTOR if okey else 1)
    return rate * (CHALLENGE_PAIR_FACTOR if pair else 1)


def challenge_payment(laid: Tile, meant: Tile, okey: Tile, *, pair: bool) -> int:
    """What the seat that discarded ``laid`` pays in Challenge once the player on its right
    lays it standing for ``meant`` (in a pair or not): the value of ``meant`` times the
    rate; an okey is valued as the tile it stood for, any other tile (a false okey too) as
    the tile it plays as, which is what it stands for.

    >>> okey = Tile.parse("K11")
    >>> challenge_payment(Tile.parse("R9"), Tile.parse("R9"), okey, pair=False)
    90
    >>> challenge_payment(okey, Tile.parse("R4"), okey, pair=True)
    160
    >>> challenge_payment(Tile.parse("F"), okey, okey, pair=False)
    110
    """
    return meant.number * challenge_rate(okey=laid == okey, pair=pair)


# Every rate a Challenge payment can have.
CHALLENGE_RATES = tuple(
    sorted({challenge_rate(okey=o, pair=p) for o in (False, True) for p in (False, True)})
)


class Phase(enum.Enum):
    DRAW = "d"  # the seat to play must draw or take the left discard
    PLAY = "p"  # the seat to play has drawn: lay, add, swap, then discard
    OVER = "x"  # the hand has ended


@dataclass(frozen=True, slots=True)
class Opening:
    """How a seat opened: by melds (``value`` points) or pairs (``value`` pairs)."""

    kind: OpeningKind
    value: int

    def describe(self) -> str:
        if self.kind is OpeningKind.PAIRS:
            return f"{self.value} pairs"
        return f"{self.value} points"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table, the seat that laid it, and who placed each okey in it.

    ``okey_owners`` maps what a wild okey stands for to the seat that put it
    there: that seat pays when another player swaps the okey out.
    """

    owner: int
    meld: Meld
    okey_owners: tuple[tuple[Tile, int], ...] = ()

    def okey_owner(self, meant: Tile) -> int:
        for tile, seat in self.okey_owners:
            if tile == meant:
                return seat
        return self.owner


class PenaltyReason(enum.Enum):
    OKEY_DISCARD = "okey-discard"
    PLAYABLE_DISCARD = "playable-discard"
    TAKE_BACK = "take-back"
    OKEY_TAKEN = "okey-taken"
    GIVE_BACK = "give-back"
    CHALLENGE_DISCARD = "challenge-discard"

    @property
    def label(self) -> str:
        return {
            "okey-discard": "discarded an okey",
            "playable-discard": "discarded a playable tile",
            "take-back": "took back their melds",
            "okey-taken": "an okey they placed was taken",
            "give-back": "gave back the left discard",
            "challenge-discard": "their discard was taken and used",
        }[self.value]

    @property
    def rule(self) -> int:
        """The docs/rules.md section that sets this penalty."""
        return 16 if self is PenaltyReason.GIVE_BACK else 12


@dataclass(frozen=True, slots=True)
class Penalty:
    seat: int
    points: int
    reason: PenaltyReason


@dataclass(frozen=True, slots=True)
class PenaltyCost:
    """What an action would cost: who pays, how much, why, and what it is about.

    ``tile`` is the discarded tile; ``target`` the table meld it could go on
    (a playable discard) or the meld an okey is swapped out of.
    """

    seat: int
    points: int
    reason: PenaltyReason
    tile: Tile | None = None
    target: int | None = None

    @property
    def rule(self) -> int:
        return self.reason.rule


def penalty_for(
    action: Action,
    *,
    rules: RuleSet,
    okey: Tile,
    table: Sequence[TableMeld],
    seat: int,
    rack_size: int,
) -> PenaltyCost | None:
    """What ``action`` by ``seat`` would cost at this table (RULES.md 12 and 16), or None.

    The one place that decides a penalty: :meth:`Hand.apply` charges what
    it says, and the practice table warns with it beforehand. It does not
    check that the action is legal. ``rack_size`` is the seat's tile count
    before the action (a finishing throw, the last tile, is never penalised).

    >>> from okey_tui.engine.melds import parse_meld
    >>> okey = Tile.parse("B8")
    >>> table = [TableMeld(1, parse_meld("R3R4R5", okey))]
    >>> cost = penalty_for(
    ...     Discard(Tile.parse("R6")), rules=RuleSet(), okey=okey, table=table, seat=0, rack_size=9
    ... )
    >>> cost.points, cost.reason, cost.target, cost.rule
    (101, <PenaltyReason.PLAYABLE_DISCARD: 'playable-discard'>, 0, 12)
    """
    if not rules.penalties:
        return None
    if isinstance(action, Discard):
        tile = action.tile
        if rack_size <= 1:
            return None
        if tile == okey:
            return PenaltyCost(seat, PENALTY, PenaltyReason.OKEY_DISCARD, tile)
        target = fits_table((tm.meld for tm in table), tile, okey)
        if target is not None:
            return PenaltyCost(seat, PENALTY, PenaltyReason.PLAYABLE_DISCARD, tile, target)
        return None
    if isinstance(action, TakeBack):
        return PenaltyCost(seat, PENALTY, PenaltyReason.TAKE_BACK)
    if isinstance(action, GiveBack):
        if rules.give_back_penalty:
            return PenaltyCost(seat, PENALTY, PenaltyReason.GIVE_BACK)
        return None
    if isinstance(action, SwapOkey) and 0 <= action.target < len(table):
        tm = table[action.target]
        try:
            new = swap_okey(tm.meld, action.tiles, okey)
        except MeldError:
            return None
        placer = tm.okey_owner(wild_changes(tm.meld, new, okey)[0][0])
        partner = (seat + 2) % SEATS if rules.partners else None
        if placer in (seat, partner):
            return None
        return PenaltyCost(placer, PENALTY, PenaltyReason.OKEY_TAKEN, target=action.target)
    return None


@dataclass(frozen=True, slots=True)
class Taken:
    """The left discard taken this turn: it must leave the hand this turn.

    ``count`` is how many copies of the tile the hand held right after taking
    it; the tile counts as used once the hand holds fewer.
    """

    tile: Tile
    count: int
    opened: bool  # the taker had opened before taking it
    from_going_pairs: bool  # the discarder had declared Going Pairs


class EndKind(enum.Enum):
    FINISH = "finish"
    EMPTY_MIDDLE = "empty"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the hand ended: who finished, and which doublings apply."""

    kind: EndKind
    finisher: int | None = None
    okey: bool = False
    straight: bool = False
    pairs: bool = False
    # The middle ran out: the seat that was to draw from it (None for a finish, and where
    # it is not known: an outcome from a peer that does not send it).
    to_draw: int | None = None

    @property
    def multiplier(self) -> int:
        return 1 << (int(self.okey) + int(self.straight) + int(self.pairs))

    def describe(self) -> str:
        if self.kind is EndKind.EMPTY_MIDDLE:
            return "the middle ran out"
        parts = []
        if self.straight:
            parts.append("straight out")
        if self.pairs:
            parts.append("with pairs")
        if self.okey:
            parts.append("with an okey")
        return ", ".join(parts) or "normal finish"


def keeps_a_discard(held: int, laying: int) -> bool:
    """Whether laying ``laying`` of the ``held`` tiles leaves one to discard, as a lay-down
    must (rules §5: a turn ends with a discard).

    >>> keeps_a_discard(15, 14), keeps_a_discard(15, 15)
    (True, False)
    """
    return held - laying >= 1


def finish_outcome(
    seat: int, last: Tile, okey: Tile, opening: Opening | None, opened_this_turn: bool
) -> Outcome:
    """The hand's end as ``seat`` discards ``last``, its last tile (rules §10): doubled for
    the okey discarded, for a straight out (every tile laid in the turn it opened) and for
    a pairs opening.

    >>> okey = Tile.parse("R5")
    >>> finish_outcome(0, okey, okey, Opening(OpeningKind.MELDS, 120), True).multiplier
    4
    """
    return Outcome(
        EndKind.FINISH,
        finisher=seat,
        okey=last == okey,
        straight=opened_this_turn,
        pairs=opening is not None and opening.kind is OpeningKind.PAIRS,
    )


def check_lay_kind(opening: OpeningKind, kind: MeldKind) -> None:
    """Refuse a new meld of ``kind`` from a seat that opened with ``opening`` (rules §9:
    a pairs opener lays only pairs, a melds opener no pairs).

    >>> check_lay_kind(OpeningKind.MELDS, MeldKind.RUN)
    >>> check_lay_kind(OpeningKind.MELDS, MeldKind.PAIR)
    Traceback (most recent call last):
    ...
    okey_tui.engine.errors.IllegalActionError: You opened with runs and sets: pairs are only for pairs openers
    """
    if opening is OpeningKind.PAIRS and kind is not MeldKind.PAIR:
        raise IllegalActionError(
            "You opened with pairs: you may lay only pairs",
            code=ErrorCode.PAIRS_OPENER_LAYS_PAIRS,
        )
    if opening is OpeningKind.MELDS and kind is MeldKind.PAIR:
        raise IllegalActionError(
            "You opened with runs and sets: pairs are only for pairs openers",
            code=ErrorCode.MELDS_OPENER_LAYS_NO_PAIRS,
        )


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, for the game log and replays."""

    kind: str
    seat: int | None
    text: str
    tiles: tuple[Tile, ...] = ()
    value: int = 0
    # A bot played it for the seat's person while they were away (a network table): the
    # log says so rather than "You drew". The engine never sets it.
    bot: bool = False
    # What kind of "penalty" it was: its PenaltyReason's value, so that a log in any
    # language can say why ("" in a log saved before the field existed).
    code: str = ""
    # The melds a move is about, each okey with the tile it stands for, so that a log in
    # any language writes them as the table does (the okey marked): a lay's new melds; an
    # add's or a swap's table meld before and after. Empty in a log saved before the field.
    melds: tuple[Meld, ...] = ()


@dataclass
class Hand:
    """The full state of one hand. Build one with :meth:`deal` or from notation."""

    rules: RuleSet
    indicator: Tile
    racks: list[list[Tile]]
    middle: list[Tile]
    discards: list[list[Tile]]
    turn: int
    phase: Phase
    table: list[TableMeld] = field(default_factory=list)
    openings: list[Opening | None] = field(default_factory=lambda: [None] * SEATS)
    going_pairs: list[bool] = field(default_factory=lambda: [False] * SEATS)
    penalties: list[Penalty] = field(default_factory=list)
    taken: Taken | None = None
    okey_limit: int | None = None
    outcome: Outcome | None = None
    # The position when the play phase began, and the actions since: what a
    # take-back returns to, and how the position notation records the turn.
    turn_start: Hand | None = field(default=None, repr=False)
    turn_actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list, repr=False, compare=False)

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(cls, rules: RuleSet, rng: random.Random, starter: int) -> Hand:
        """Shuffle and deal a hand: the starter gets one tile more and plays first."""
        stack = full_set()
        rng.shuffle(stack)
        size = rules.deal_size
        racks: list[list[Tile]] = []
        for seat in range(SEATS):
            count = rules.starter_deal_size if seat == starter else size
            racks.append(stack[:count])
            del stack[:count]
        indicator = stack.pop(0)
        while indicator.is_false_okey:
            # A false okey cannot name the okey: it goes back at a random place.
            stack.insert(rng.randrange(len(stack) + 1), indicator)
            indicator = stack.pop(0)
        hand = cls(
            rules=rules,
            indicator=indicator,
            racks=racks,
            middle=stack,
            discards=[[] for _ in range(SEATS)],
            turn=starter,
            phase=Phase.PLAY,
        )
        hand.turn_start = hand.snapshot()
        hand.events.append(
            Event("deal", starter, f"Indicator {indicator}: the okey is {hand.okey}", (indicator,))
        )
        return hand

    @classmethod
    def from_position(cls, text: str) -> Hand:
        """The hand a one-line position describes (:mod:`okey_tui.engine.notation`)."""
        from okey_tui.engine.notation import parse_position

        return parse_position(text)

    def position(self) -> str:
        """The one-line position text: the whole state, replayable."""
        from okey_tui.engine.notation import format_position

        return format_position(self)

    def __repr__(self) -> str:
        return f"Hand.from_position({self.position()!r})"

    # -- derived facts ------------------------------------------------------------

    @property
    def okey(self) -> Tile:
        return okey_for(self.indicator)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @staticmethod
    def left_of(seat: int) -> int:
        return (seat - 1) % SEATS

    @staticmethod
    def right_of(seat: int) -> int:
        return (seat + 1) % SEATS

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % SEATS if self.rules.partners else None

    def left_discard(self, seat: int | None = None) -> Tile | None:
        pile = self.discards[self.left_of(self.turn if seat is None else seat)]
        return pile[-1] if pile else None

    def opponents_of(self, seat: int) -> list[int]:
        partner = self.partner_of(seat)
        return [s for s in range(SEATS) if s != seat and s != partner]

    def floor(self, seat: int, kind: OpeningKind) -> int:
        """The opening floor for ``seat`` now, rising over earlier openings if the table rises."""
        if kind is OpeningKind.MELDS:
            base, rises = self.rules.melds_floor, self.rules.melds_floor_rises
        else:
            base, rises = self.rules.pairs_floor, self.rules.pairs_floor_rises
        if not rises:
            return base
        best = max(
            (
                o.value
                for s in self.opponents_of(seat)
                if (o := self.openings[s]) and o.kind is kind
            ),
            default=0,
        )
        return max(base, best + 1)

    def penalty_points(self, seat: int) -> int:
        return sum(p.points for p in self.penalties if p.seat == seat)

    def opened_this_turn(self) -> bool:
        """Whether the seat to play opened in this turn (not before it): its finish now
        would be a straight out."""
        start = self.turn_start
        seat = self.turn
        return (
            start is not None and start.openings[seat] is None and self.openings[seat] is not None
        )

    def laid_this_turn(self) -> bool:
        return any(isinstance(a, Open | Lay | AddTile | SwapOkey) for a in self.turn_actions)

    def taken_pending(self) -> bool:
        """True while the taken left discard is still in the hand."""
        t = self.taken
        return t is not None and self.racks[self.turn].count(t.tile) >= t.count

    def okeys_owed(self) -> int:
        """Okeys taken off the table this turn and not yet laid again."""
        if self.okey_limit is None:
            return 0
        return max(0, self.racks[self.turn].count(self.okey) - self.okey_limit)

    def playable_on_table(self, tile: Tile) -> bool:
        """Whether a tile could be added to some run or set on the table."""
        return fits_table((tm.meld for tm in self.table), tile, self.okey) is not None

    def penalty_for(self, action: Action) -> PenaltyCost | None:
        """What ``action`` by the seat to play would cost now, and why (see :func:`penalty_for`)."""
        return penalty_for(
            action,
            rules=self.rules,
            okey=self.okey,
            table=self.table,
            seat=self.turn,
            rack_size=len(self.racks[self.turn]),
        )

    def tile_count(self) -> int:
        """Every tile in the hand's state; always 106."""
        return (
            1
            + sum(map(len, self.racks))
            + len(self.middle)
            + sum(map(len, self.discards))
            + sum(len(tm.meld.tiles) for tm in self.table)
        )

    def snapshot(self) -> Hand:
        """A deep copy without history: what a take-back restores."""
        clone = copy.copy(self)
        clone.racks = [list(r) for r in self.racks]
        clone.middle = list(self.middle)
        clone.discards = [list(d) for d in self.discards]
        clone.table = list(self.table)
        clone.openings = list(self.openings)
        clone.going_pairs = list(self.going_pairs)
        clone.penalties = list(self.penalties)
        clone.turn_start = None
        clone.turn_actions = []
        clone.events = []
        return clone

    def copy(self) -> Hand:
        """A full copy, history included: keep it to :meth:`restore` later."""
        clone = self.snapshot()
        clone.turn_start = self.turn_start
        clone.turn_actions = list(self.turn_actions)
        clone.events = list(self.events)
        return clone

    def restore(self, saved: Hand) -> None:
        """Put this hand back exactly as ``saved`` (a :meth:`copy` taken earlier) was.

        ``saved`` itself is not shared afterwards, so it may be restored again.
        """
        self._become(saved.copy())

    def _become(self, other: Hand) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(other, f.name))

    # -- applying actions ---------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Check and apply an action for the seat whose turn it is.

        Returns the events it caused. On an illegal action raises an
        :class:`IllegalActionError` and the hand is unchanged.
        """
        work = self.copy()
        before = len(work.events)
        work._apply(action)
        self._become(work)
        return self.events[before:]

    def check(self, action: Action) -> None:
        """Raise if the action is illegal now; never changes the hand."""
        self.copy()._apply(action)

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def _apply(self, action: Action) -> None:
        if self.phase is Phase.OVER:
            raise HandOverError("The hand is over", code=ErrorCode.HAND_OVER)
        handler = {
            DrawMiddle: self._draw,
            TakeDiscard: self._take,
            GiveBack: self._give_back,
            Open: self._open,
            Lay: self._lay,
            AddTile: self._add,
            SwapOkey: self._swap,
            TakeBack: self._take_back,
            DeclarePairs: self._declare_pairs,
            Discard: self._discard,
        }[type(action)]
        handler(action)  # type: ignore[operator]  # each handler takes its own action type, looked up by that type
        if self.phase is Phase.PLAY and not isinstance(
            action, DrawMiddle | TakeDiscard | GiveBack | TakeBack
        ):
            self.turn_actions.append(action)

    def _log(
        self,
        kind: str,
        text: str,
        tiles: Iterable[Tile] = (),
        value: int = 0,
        melds: Iterable[Meld] = (),
    ) -> None:
        self.events.append(Event(kind, self.turn, text, tuple(tiles), value, melds=tuple(melds)))

    def _need_phase(self, phase: Phase, doing: str) -> None:
        if self.phase is not phase:
            if phase is Phase.DRAW and self.is_first_turn():
                raise NotYourTurnError(
                    f"You cannot {doing}: the starter's first turn has no draw (you were dealt "
                    "the extra tile); play or discard",
                    code=ErrorCode.FIRST_TURN_NO_DRAW,
                    doing=doing,
                )
            if phase is Phase.DRAW:
                raise NotYourTurnError(
                    f"You cannot {doing} now: you have already drawn or taken a tile this turn",
                    code=ErrorCode.ALREADY_DRAWN,
                    doing=doing,
                )
            raise NotYourTurnError(
                f"You cannot {doing} yet: draw a tile first", code=ErrorCode.DRAW_FIRST, doing=doing
            )

    def is_first_turn(self) -> bool:
        """The starter's first turn: nobody has drawn or discarded yet (a discard taken
        from the left leaves the piles empty and the middle whole: the next seat's turn)."""
        dealt = SEATS * self.rules.deal_size + 1
        return (
            self.phase is not Phase.OVER
            and not any(self.discards)
            and len(self.middle) == 106 - 1 - dealt
            and self.taken is None
            and not any(event.kind == "discard" for event in self.events)
        )

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.turn_actions = []
        self.turn_start = self.snapshot()

    def _draw(self, action: DrawMiddle) -> None:
        self._need_phase(Phase.DRAW, "draw")
        self._draw_middle()

    def _draw_middle(self) -> None:
        if not self.middle:
            self._log("empty", "The middle is empty: the hand ends")
            self._end(Outcome(EndKind.EMPTY_MIDDLE, to_draw=self.turn))
            return
        tile = self.middle.pop(0)
        self.racks[self.turn].append(tile)
        self._log("draw", "drew from the middle", (tile,))
        self._start_play()

    def _take(self, action: TakeDiscard) -> None:
        self._need_phase(Phase.DRAW, "take the left discard")
        left = self.left_of(self.turn)
        pile = self.discards[left]
        if not pile:
            raise IllegalActionError(
                "There is no discard on your left to take", code=ErrorCode.NO_LEFT_DISCARD
            )
        tile = pile.pop()
        rack = self.racks[self.turn]
        rack.append(tile)
        self.taken = Taken(
            tile,
            rack.count(tile),
            self.openings[self.turn] is not None,
            self.going_pairs[left],
        )
        self._log("take", f"took {tile} from the left", (tile,))
        self._start_play()

    def _give_back(self, action: GiveBack) -> None:
        taken = self.taken
        # Before the draw, too, there is nothing to give back: "draw a tile first" sent a
        # player to draw, as if a draw would give them something to give back.
        if self.phase is Phase.DRAW or taken is None or not self.taken_pending():
            raise IllegalActionError(
                "You have no taken discard to give back", code=ErrorCode.NOTHING_TO_GIVE_BACK
            )
        self._need_phase(Phase.PLAY, "give back")
        if self.laid_this_turn():
            raise IllegalActionError(
                "Take back what you laid this turn before giving the tile back",
                code=ErrorCode.TAKE_BACK_BEFORE_GIVING_BACK,
            )
        cost = self.penalty_for(action)
        self.racks[self.turn].remove(taken.tile)
        self.discards[self.left_of(self.turn)].append(taken.tile)
        self.taken = None
        self._log("giveback", f"gave back {taken.tile}", (taken.tile,))
        self._pay(cost)
        self._draw_middle()

    def _declare_pairs(self, action: DeclarePairs) -> None:
        if not self.rules.challenge:
            raise IllegalActionError(
                "Going Pairs is a Challenge rule; this table is not Challenge",
                code=ErrorCode.GOING_PAIRS_NOT_CHALLENGE,
            )
        if self.going_pairs[self.turn]:
            raise IllegalActionError(
                "You have already declared Going Pairs",
                code=ErrorCode.GOING_PAIRS_ALREADY_DECLARED,
            )
        if self.openings[self.turn] is not None:
            raise IllegalActionError(
                "Going Pairs is declared before opening; you have opened",
                code=ErrorCode.GOING_PAIRS_AFTER_OPENING,
            )
        self.going_pairs[self.turn] = True
        self._log("pairs", "declared Going Pairs")

    def _take_tiles(self, tiles: Iterable[Tile]) -> None:
        """Remove tiles from the hand of the seat to play, or raise naming the missing one."""
        rack = self.racks[self.turn]
        need = Counter(tiles)
        have = Counter(rack)
        for tile, n in need.items():
            if have[tile] < n:
                held = have[tile]
                raise IllegalActionError(
                    f"You hold {held} {tile}, not {n}" if held else f"You do not hold {tile}",
                    code=ErrorCode.TILE_NOT_HELD,
                    tile=tile,
                    held=held,
                    needed=n,
                )
        for tile, n in need.items():
            for _ in range(n):
                rack.remove(tile)

    def _must_keep_one(self, tiles: Sequence[Tile], okey_in: int = 0) -> None:
        """Refuse a move that lays ``tiles`` (and takes ``okey_in`` okeys off the table)
        unless a tile is left to discard: besides the okeys taken off the table this turn,
        which must go back on it (rules §8). Laying the last other tile left the seat
        holding only such an okey: no discard, no lay, only a take-back at +101."""
        rack = self.racks[self.turn]
        if not keeps_a_discard(len(rack) + okey_in, len(tiles)):
            raise IllegalActionError(
                "You must keep one tile in hand to discard: leave one tile out",
                code=ErrorCode.KEEP_ONE_TILE,
            )
        okey = self.okey
        okeys = rack.count(okey) - list(tiles).count(okey) + okey_in
        limit = rack.count(okey) if self.okey_limit is None else self.okey_limit
        owed = max(0, okeys - limit)
        if owed and not keeps_a_discard(len(rack) + okey_in, len(tiles) + owed):
            raise IllegalActionError(
                "You must keep a tile to discard besides the okey you took off the table, "
                "which goes back on the table this turn: leave another tile out",
                code=ErrorCode.KEEP_ONE_BESIDE_OKEY,
            )

    def _check_melds(self, melds: Sequence[Meld]) -> tuple[Meld, ...]:
        """Check each meld's reading; return them as the rules read them (runs in order)."""
        okey = self.okey
        checked: list[Meld] = []
        for meld in melds:
            try:
                checked.append(make_meld(meld.tiles, meld.stands_for, okey))
            except MeldError as exc:
                raise MeldError(
                    f"{meld.text(okey)}: {exc}",
                    code=exc.code,
                    **{**exc.params, "meld": meld.text(okey)},
                ) from None
        return tuple(checked)

    def _open(self, action: Open) -> None:
        self._need_phase(Phase.PLAY, "open")
        seat = self.turn
        if self.openings[seat] is not None:
            raise OpeningError(
                "You have already opened; lay new melds instead", code=ErrorCode.ALREADY_OPENED
            )
        if not action.melds:
            raise OpeningError("An opening needs at least one meld", code=ErrorCode.EMPTY_OPENING)
        melds = self._check_melds(action.melds)
        pairs = [m for m in melds if m.kind is MeldKind.PAIR]
        if pairs and len(pairs) != len(melds):
            raise OpeningError(
                "Runs and sets are never mixed with pairs in one opening",
                code=ErrorCode.PAIRS_MIXED_WITH_MELDS,
            )
        kind = OpeningKind.PAIRS if pairs else OpeningKind.MELDS
        if self.going_pairs[seat] and kind is OpeningKind.MELDS:
            raise OpeningError(
                "You declared Going Pairs: you can open only with pairs",
                code=ErrorCode.GOING_PAIRS_OPENS_PAIRS,
            )
        tiles = [t for m in melds for t in m.tiles]
        self._must_keep_one(tiles)
        self._take_tiles(tiles)
        value = len(melds) if kind is OpeningKind.PAIRS else sum(m.value for m in melds)
        leaves_one = len(self.racks[seat]) == 1
        finishes = self.rules.floor_waived(len(self.racks[seat]))
        floor = self.floor(seat, kind)
        if value < floor and not finishes:
            pairs_kind = kind is OpeningKind.PAIRS
            raised = floor > (self.rules.pairs_floor if pairs_kind else self.rules.melds_floor)
            # Why the floor is what it is: risen over an opening (the other side's, at a
            # partners table), or kept for an opening that finishes the hand (a table option).
            why = ""
            if raised:
                highest = "highest pairs opening" if pairs_kind else "highest opening"
                side = " of the other side" if self.rules.partners else ""
                why = f" (one more than the {highest}{side})"
            if leaves_one:
                why += " (at this table an opening that finishes the hand must reach it too)"
            unit = "pairs" if pairs_kind else "points"
            raise OpeningError(
                f"Your opening is {value} {unit}; this table needs {floor}{why}",
                code=ErrorCode.OPENING_BELOW_FLOOR,
                risen=raised,
                value=value,
                floor=floor,
                kind=kind,
                # Named only when they say why: a partners table's risen floor, a finish.
                **({"partners": True} if raised and self.rules.partners else {}),
                **({"finishing": True} if leaves_one else {}),
            )
        taken = self.taken
        if taken is not None and self.taken_pending() and not taken.opened:
            raise OpeningError(
                f"You took {taken.tile} from the left: it must be part of your opening",
                code=ErrorCode.TAKEN_NOT_IN_OPENING,
                tile=taken.tile,
            )
        self._check_going_pairs_tile(kind is OpeningKind.PAIRS)
        self.table.extend(TableMeld(seat, m) for m in melds)
        self.openings[seat] = Opening(kind, value)
        # The melds too, for a log to say what the opening laid (an opener's melds changed
        # later by the others' lay-offs and swaps).
        self._log(
            "open", f"opened with {Opening(kind, value).describe()}", tiles, value, melds=melds
        )
        self._settle_taken(melds)

    def _lay(self, action: Lay) -> None:
        self._need_phase(Phase.PLAY, "lay melds")
        seat = self.turn
        opening = self.openings[seat]
        if opening is None:
            raise IllegalActionError(
                "Open first: your first lay-down is your opening", code=ErrorCode.OPEN_FIRST
            )
        if not action.melds:
            raise IllegalActionError("Lay at least one meld", code=ErrorCode.EMPTY_LAY)
        melds = self._check_melds(action.melds)
        for meld in melds:
            check_lay_kind(opening.kind, meld.kind)
        tiles = [t for m in melds for t in m.tiles]
        self._must_keep_one(tiles)
        self._take_tiles(tiles)
        self._check_taken_use(pairs=opening.kind is OpeningKind.PAIRS)
        self.table.extend(TableMeld(seat, m) for m in melds)
        self._log("lay", "laid " + ", ".join(str(m) for m in melds), tiles, melds=melds)
        self._settle_taken(melds)

    def _can_touch_table(self, doing: str) -> OpeningKind:
        opening = self.openings[self.turn]
        if opening is None:
            raise IllegalActionError(
                f"Only a player who has opened may {doing}", code=ErrorCode.NOT_OPENED, doing=doing
            )
        if opening.kind is OpeningKind.PAIRS and not self.rules.pairs_opener_lays_off:
            # Nothing is ever added to a pair: it is the runs and sets the opener may not touch.
            what = {
                "add tiles to the table": "add tiles to",
                "take okeys from the table": "take okeys from",
            }.get(doing, doing)
            raise IllegalActionError(
                f"You opened with pairs: at this table a pairs opener may not {what} runs and "
                "sets (only lay new pairs)",
                code=ErrorCode.PAIRS_OPENER_NO_TABLE,
                doing=doing,
            )
        return opening.kind

    def _table_meld(self, index: int) -> TableMeld:
        if not 0 <= index < len(self.table):
            raise IllegalActionError(
                f"There is no table meld number {index}",
                code=ErrorCode.NO_SUCH_TABLE_MELD,
                index=index,
            )
        return self.table[index]

    def _add(self, action: AddTile) -> None:
        # Not opened (or a pairs opener kept off runs and sets) first: a draw would not
        # lift that, and "draw a tile first" sent the player to draw, only to be refused.
        self._can_touch_table("add tiles to the table")
        self._need_phase(Phase.PLAY, "add to the table")
        target = self._table_meld(action.target)
        self._must_keep_one([action.tile])
        okey = self.okey
        new = extend(target.meld, action.tile, action.meant, okey)
        self._take_tiles([action.tile])
        self._check_taken_use(pairs=False)
        gone, came = wild_changes(target.meld, new, okey)
        owners = target.okey_owners
        if action.tile == okey and self.turn != target.owner:
            # The meld's owner placed every okey not listed: list only other placers.
            owners = owners + ((came[0], self.turn),)
        elif gone and came:
            # A set's okey re-read as another free colour keeps its placer.
            owners = tuple((came[0] if t == gone[0] else t, s) for t, s in owners)
        self.table[action.target] = TableMeld(target.owner, new, owners)
        self._log(
            "add",
            f"added {action.tile} to {target.meld}",
            (action.tile,),
            action.target,  # which table meld: the end of a hand says whose
            melds=(target.meld, new),
        )
        self._settle_taken([new])

    def _swap(self, action: SwapOkey) -> None:
        if 0 <= action.target < len(self.table):
            # A pair's okey is nobody's to take: said before who may touch the table (a
            # pairs opener was told that only runs and sets were closed to them).
            pair = self.table[action.target].meld
            if pair.kind is MeldKind.PAIR:
                swap_okey(pair, action.tiles, self.okey)  # raises: never from a pair
        self._can_touch_table("take okeys from the table")  # before the draw's: as an add
        self._need_phase(Phase.PLAY, "swap an okey")
        target = self._table_meld(action.target)
        okey = self.okey
        new = swap_okey(target.meld, action.tiles, okey)
        cost = self.penalty_for(action)
        freed = wild_changes(target.meld, new, okey)[0][0]
        held = Counter(self.racks[self.turn])
        if all(held[tile] >= n for tile, n in Counter(action.tiles).items()):
            self._must_keep_one(action.tiles, okey_in=1)  # (tiles not held: said below)
        self._take_tiles(action.tiles)
        self._check_taken_use(pairs=False)
        rack = self.racks[self.turn]
        if self.okey_limit is None:
            self.okey_limit = rack.count(okey)
        rack.append(okey)
        owners = tuple(p for p in target.okey_owners if p[0] != freed)
        self.table[action.target] = TableMeld(target.owner, new, owners)
        self._log(
            "swap",
            f"took the okey from {target.meld} for {' '.join(map(str, action.tiles))}",
            action.tiles,
            action.target,  # which table meld, as an add says (the hand's summary reads it)
            melds=(target.meld, new),
        )
        self._pay(cost)
        self._settle_taken([new])

    def _check_taken_use(self, pairs: bool) -> None:
        """After tiles left the hand: may the taken discard have gone this way?"""
        taken = self.taken
        if taken is None or self.racks[self.turn].count(taken.tile) >= taken.count:
            return
        if not taken.opened:
            raise IllegalActionError(
                f"You took {taken.tile} before opening: it may only be used in your opening",
                code=ErrorCode.TAKEN_ONLY_FOR_OPENING,
                tile=taken.tile,
            )
        if taken.from_going_pairs and not pairs:
            raise IllegalActionError(
                f"{taken.tile} was discarded by a Going Pairs player: it may only make a pair; "
                "use it in one or give it back",
                code=ErrorCode.GOING_PAIRS_TILE_MAKES_PAIRS,
                tile=taken.tile,
            )

    def _check_going_pairs_tile(self, pairs: bool) -> None:
        taken = self.taken
        if (
            taken is not None
            and taken.from_going_pairs
            and not pairs
            and self.racks[self.turn].count(taken.tile) < taken.count
        ):
            raise IllegalActionError(
                f"{taken.tile} was discarded by a Going Pairs player: it may only open pairs; "
                "open with pairs or give it back",
                code=ErrorCode.GOING_PAIRS_TILE_MAKES_PAIRS,
                tile=taken.tile,
            )

    def _settle_taken(self, melds: Sequence[Meld]) -> None:
        """When the taken discard has just been used: Challenge payment, lock released."""
        taken = self.taken
        if taken is None or self.racks[self.turn].count(taken.tile) >= taken.count:
            return
        self.taken = None
        if not (self.rules.challenge and self.rules.penalties):
            return
        okey = self.okey
        for meld in melds:
            for laid, meant in zip(meld.tiles, meld.stands_for, strict=True):
                if laid == taken.tile:
                    self._penalise(
                        self.left_of(self.turn),
                        challenge_payment(laid, meant, okey, pair=meld.kind is MeldKind.PAIR),
                        PenaltyReason.CHALLENGE_DISCARD,
                        laid,
                        # An okey is paid as the tile it stood for: the event names both.
                        meant if laid == okey else None,
                    )
                    return

    def _take_back(self, action: TakeBack) -> None:
        self._need_phase(Phase.PLAY, "take back")
        if not self.laid_this_turn() or self.turn_start is None:
            raise IllegalActionError(
                "You have laid nothing this turn to take back", code=ErrorCode.NOTHING_TO_TAKE_BACK
            )
        start = self.turn_start
        cost = self.penalty_for(action)
        events = self.events
        # A Going Pairs declaration is not on the table: taking back keeps it.
        going_pairs = self.going_pairs
        self._become(start.snapshot())
        self.events = events
        self.going_pairs = going_pairs
        self.turn_start = start
        self.turn_actions = []
        self._log("takeback", "took back this turn's melds")
        self._pay(cost)
        # The take-back is now part of where the turn starts.
        self.turn_start = self.snapshot()

    def _pay(self, cost: PenaltyCost | None) -> None:
        if cost is not None:
            self._penalise(cost.seat, cost.points, cost.reason)

    def _penalise(
        self,
        seat: int,
        points: int,
        reason: PenaltyReason,
        tile: Tile | None = None,
        stood_for: Tile | None = None,
    ) -> None:
        """``tile``: the tile paid for, when it is not the tile of the move that caused it
        (a Challenge payment follows the opening or lay that used the taken discard);
        ``stood_for``: the tile an okey paid for stood for (its value sets the payment)."""
        self.penalties.append(Penalty(seat, points, reason))
        tiles = tuple(t for t in (tile, stood_for) if t is not None)
        text = f"+{points}: {reason.label}"
        self.events.append(Event("penalty", seat, text, tiles, points, code=reason.value))

    def _discard(self, action: Discard) -> None:
        self._need_phase(Phase.PLAY, "discard")
        seat = self.turn
        tile = action.tile
        taken = self.taken
        if taken is not None and self.taken_pending():
            raise IllegalActionError(
                f"No discard yet: {taken.tile}, taken from the left, must be used this turn or given back",
                code=ErrorCode.TAKEN_MUST_BE_USED,
                tile=taken.tile,
            )
        if self.okeys_owed():
            raise IllegalActionError(
                "You took an okey from the table this turn: lay it on the table again first",
                code=ErrorCode.OKEY_OWED,
                owed=self.okeys_owed(),
            )
        cost = self.penalty_for(action)
        self._take_tiles([tile])
        okey = self.okey
        self.discards[seat].append(tile)
        self._log("discard", f"discarded {tile}", (tile,))
        if not self.racks[seat]:
            self._end(
                finish_outcome(seat, tile, okey, self.openings[seat], self.opened_this_turn())
            )
            return
        self._pay(cost)
        self.turn = self.right_of(seat)
        self.phase = Phase.DRAW
        self.taken = None
        self.okey_limit = None
        self.turn_start = None
        self.turn_actions = []

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = Phase.OVER
        self.taken = None
        self.okey_limit = None
        self.turn_start = None
        self.turn_actions = []
        if outcome.finisher is not None:
            self.events.append(Event("finish", outcome.finisher, f"finished: {outcome.describe()}"))
        self.events.append(Event("end", None, f"The hand is over ({outcome.describe()})"))
