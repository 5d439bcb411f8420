"""Hand scores (RULES.md sections 10-13): finish kinds, multipliers, penalties, bonuses.

Points are penalty points: lower is better. A finished or ended
:class:`~okey_tui.engine.state.Hand` is scored by :func:`score_hand`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.melds import effective
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import (
    CHALLENGE_RATES,
    PENALTY,
    SEATS,
    EndKind,
    Event,
    Hand,
    Opening,
    OpeningKind,
    Outcome,
    Penalty,
    PenaltyReason,
)
from okey_tui.engine.tiles import Tile

NOT_OPENED = 202
# Challenge: a seat that declared Going Pairs and never opened writes its not-opened score
# this many times over.
GOING_PAIRS_FACTOR = 2
GOING_PAIRS_NOT_OPENED = NOT_OPENED * GOING_PAIRS_FACTOR
# Rising and Challenge (RULES.md section 12): a first opening of at least this many points
# or pairs takes BIG_OPENING_BONUS off the opener's hand score; a bigger one twice that.
BIG_OPENING_POINTS = 150
BIG_OPENING_PAIRS = 7
BIGGER_OPENING_POINTS = 180
BIGGER_OPENING_PAIRS = 9
BIG_OPENING_BONUS = PENALTY


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's line on the score sheet for a hand."""

    seat: int
    finish: int  # what the finish table writes
    tiles_left: tuple[Tile, ...]
    left_sum: int  # S: the tiles left, a false okey as the tile it plays as, okeys as 0
    okeys_in_hand: int  # +101 each at a penalty table
    penalties: int  # paid during the hand
    bonus: int  # big opening bonus (negative)
    opened: Opening | None
    total: int
    note: str
    # How ``finish`` was reached, for a score sheet that explains itself:
    # "23 left × 2", or a flat amount with the rule that set it.
    formula: str = ""

    @property
    def okey_points(self) -> int:
        return self.total - self.finish - self.penalties - self.bonus


@dataclass(frozen=True, slots=True)
class HandResult:
    outcome: Outcome
    seats: tuple[SeatScore, ...]

    def totals(self) -> list[int]:
        return [s.total for s in self.seats]


def left_sum(tiles: list[Tile], okey: Tile) -> int:
    """S: the sum of the tiles left; a false okey counts as the okey's number, a real okey 0."""
    total = 0
    for tile in tiles:
        if tile == okey:
            continue
        total += okey.number if tile.is_false_okey else tile.number
    return total


def big_opening_bonus(opening: Opening | None) -> int:
    """Rising and Challenge: -101 for 150+ points or 7+ pairs, -202 for 180+ or 9+.

    >>> big_opening_bonus(Opening(OpeningKind.MELDS, 165)), big_opening_bonus(None)
    (-101, 0)
    >>> big_opening_bonus(Opening(OpeningKind.PAIRS, 9))
    -202
    """
    if opening is None:
        return 0
    if opening.kind is OpeningKind.PAIRS:
        big = opening.value >= BIG_OPENING_PAIRS
        bigger = opening.value >= BIGGER_OPENING_PAIRS
    else:
        big = opening.value >= BIG_OPENING_POINTS
        bigger = opening.value >= BIGGER_OPENING_POINTS
    return -2 * BIG_OPENING_BONUS if bigger else -BIG_OPENING_BONUS if big else 0


def opening_bonus(rules: RuleSet, kind: OpeningKind, value: int) -> int:
    """What a first opening of ``value`` points (melds) or pairs takes off the opener's
    hand score at a table of ``rules``: the big opening bonus of Rising and Challenge
    (RULES.md section 12), 0 where the table has none or the opening is not big enough.

    >>> from okey_tui.engine.rules import GameType
    >>> rising = RuleSet(game_type=GameType.RISING)
    >>> opening_bonus(rising, OpeningKind.PAIRS, 7), opening_bonus(RuleSet(), OpeningKind.PAIRS, 7)
    (-101, 0)
    >>> opening_bonus(rising, OpeningKind.MELDS, 149), opening_bonus(rising, OpeningKind.MELDS, 180)
    (0, -202)
    """
    if not rules.big_opening_bonus:
        return 0
    return big_opening_bonus(Opening(kind, value))


def finish_points(
    outcome: Outcome, seat: int, opening: Opening | None, s: int, going_pairs: bool, zero: bool
) -> tuple[int, str]:
    """What the finish table writes for one seat, and a short note why."""
    points, note, _ = finish_parts(outcome, seat, opening, s, going_pairs, zero)
    return points, note


def finish_parts(
    outcome: Outcome, seat: int, opening: Opening | None, s: int, going_pairs: bool, zero: bool
) -> tuple[int, str, str]:
    """:func:`finish_points` and its arithmetic, e.g. ``"23 left × 2"`` or ``"404 (straight out: opened or not)"``.

    >>> finish_parts(Outcome(EndKind.FINISH, 1, okey=True), 0, Opening(OpeningKind.MELDS, 101),
    ...              23, False, False)
    (46, '23 left x2', '23 left × 2')
    """
    m = outcome.multiplier
    if outcome.kind is EndKind.FINISH and outcome.finisher == seat:
        if zero:
            return 0, "finished (the finisher writes 0 at this table)", "0 (finisher)"
        formula = f"-{PENALTY} × {m}" if m > 1 else f"-{PENALTY}"
        return -PENALTY * m, f"finished: {outcome.describe()}", formula
    if opening is None:
        points = NOT_OPENED * m
        note = "not opened"
        formula = f"{NOT_OPENED} not opened" + (f" × {m}" if m > 1 else "")
        if going_pairs:
            points *= GOING_PAIRS_FACTOR
            note += " after declaring Going Pairs (doubled)"
            formula += f" × {GOING_PAIRS_FACTOR} (Going Pairs)"
        return points, note, formula
    if outcome.straight:
        # The flat figure, whole: an opened seat writes it as a never-opened one would.
        formula = f"{NOT_OPENED * m} (straight out: opened or not)"
        return NOT_OPENED * m, "someone went straight out", formula
    steps = int(outcome.okey) + int(outcome.pairs)
    note = f"{s} left"
    if opening.kind is OpeningKind.PAIRS:
        steps += 1
        note += ", opened with pairs (one step up)"
    if steps:
        note += f" x{1 << steps}"
    formula = f"{s} left" + (f" × {1 << steps}" if steps else "")
    return s * (1 << steps), note, formula


def not_opened_score(going_pairs: bool) -> int:
    """What a seat that never opened writes when the middle runs out or another seat goes
    out without doubling: twice the penalty, doubled again after declaring Going Pairs.

    >>> not_opened_score(False), not_opened_score(True)
    (202, 404)
    """
    return finish_points(Outcome(EndKind.EMPTY_MIDDLE), 0, None, 0, going_pairs, False)[0]


def straight_out_scores(rules: RuleSet) -> tuple[int, int]:
    """What a plain straight out (no okey, no pairs) writes: for the seat that goes out,
    and for each opponent, opened or not (a partner writes 0).

    >>> straight_out_scores(RuleSet()), straight_out_scores(RuleSet(finisher_scores_zero=True))
    ((-202, 404), (0, 404))
    """
    outcome = Outcome(EndKind.FINISH, 0, straight=True)
    opened = Opening(OpeningKind.MELDS, 101)  # any opening: the figure is flat
    finisher = finish_points(outcome, 0, opened, 0, False, rules.finisher_scores_zero)[0]
    opponent = finish_points(outcome, 1, opened, 0, False, rules.finisher_scores_zero)[0]
    return finisher, opponent


def score_hand(hand: Hand) -> HandResult:
    """Score an ended hand for every seat, partners and table options included."""
    outcome = hand.outcome
    if outcome is None:
        raise SetupError("The hand has not ended", code=ErrorCode.HAND_NOT_ENDED)
    rules = hand.rules
    okey = hand.okey
    lines: list[SeatScore] = []
    for seat in range(SEATS):
        rack = hand.racks[seat]
        opening = hand.openings[seat]
        s = left_sum(rack, okey)
        finish, note, formula = finish_parts(
            outcome, seat, opening, s, hand.going_pairs[seat], rules.finisher_scores_zero
        )
        finisher_partner = (
            rules.partners
            and outcome.finisher is not None
            and hand.partner_of(outcome.finisher) == seat
        )
        okeys = rack.count(okey)
        okey_points = PENALTY * okeys if rules.penalties else 0
        if finisher_partner:
            finish, okey_points, note = 0, 0, "partner finished: writes 0"
            formula = "0 (partner finished)"
        paid = sum(p.points for p in hand.penalties if p.seat == seat)
        bonus = opening_bonus(rules, opening.kind, opening.value) if opening is not None else 0
        lines.append(
            SeatScore(
                seat=seat,
                finish=finish,
                tiles_left=tuple(rack),
                left_sum=s,
                okeys_in_hand=okeys,
                penalties=paid,
                bonus=bonus,
                opened=opening,
                total=finish + okey_points + paid + bonus,
                note=note,
                formula=formula,
            )
        )
    return HandResult(outcome, tuple(lines))


@dataclass(frozen=True, slots=True)
class PenaltyNote:
    """One penalty with its story: why, on which turn, over which tile, caused by whom."""

    seat: int
    points: int
    reason: PenaltyReason
    turn: int  # the hand's turns counted from 1 (each ends with a discard)
    tile: Tile | None  # the tile of the move that caused it (the discard, the swap…)
    by: int | None  # the seat whose move caused it
    # A Challenge payment: the times its tile's value was paid (10, 20 in a pair; an okey
    # 20, 40 in a pair, valued as the tile it stood for); 0 for any other penalty.
    rate: int = 0

    @property
    def worth(self) -> int:
        """The value a Challenge payment was counted from (``points = worth × rate``)."""
        return self.points // self.rate if self.rate else 0


def penalty_notes(hand: Hand, events: Sequence[Event] | None = None) -> list[PenaltyNote]:
    """Every penalty still standing in ``hand``, in order, read from its events.

    ``events`` are the hand's events from its deal when ``hand.events`` lacks
    the first ones (a hand resumed from a save starts a new log).
    A take-back removes a penalty from ``hand.penalties`` but not from the log,
    so each standing penalty is matched to the next log entry of its seat and points.
    """
    # seat, points, turn, tile, by, rate
    found: list[tuple[int, int, int, Tile | None, int | None, int]] = []
    turn, move_turn = 1, 1
    move_tile: Tile | None = None
    move_seat: int | None = None
    okey = hand.okey
    for event in hand.events if events is None else events:
        if event.kind == "penalty":
            if event.seat is not None:
                # A penalty that names its tile (a Challenge payment) is over that tile.
                tile = event.tiles[0] if event.tiles else move_tile
                rate = 0
                # An okey paid for names the tile it stood for (not in an older save's log).
                named = bool(event.tiles) and (event.tiles[0] != okey or len(event.tiles) > 1)
                if named and event.code in ("", PenaltyReason.CHALLENGE_DISCARD.value):
                    # Paid as the tile it counted as: a false okey as the okey's tile.
                    worth = effective(event.tiles[-1], okey).number
                    if event.value % worth == 0 and event.value // worth in CHALLENGE_RATES:
                        rate = event.value // worth
                found.append((event.seat, event.value, move_turn, tile, move_seat, rate))
            continue
        move_turn, move_seat = turn, event.seat
        move_tile = event.tiles[0] if event.tiles else None
        if event.kind == "discard":
            turn += 1
    notes: list[PenaltyNote] = []
    at = 0
    for penalty in hand.penalties:
        seen = next(
            (i for i in range(at, len(found)) if found[i][:2] == (penalty.seat, penalty.points)),
            None,
        )
        if seen is None:
            notes.append(PenaltyNote(penalty.seat, penalty.points, penalty.reason, 0, None, None))
            continue
        at = seen + 1
        _, _, when, tile, by, rate = found[seen]
        if penalty.reason is not PenaltyReason.CHALLENGE_DISCARD:
            rate = 0
        notes.append(
            PenaltyNote(penalty.seat, penalty.points, penalty.reason, when, tile, by, rate)
        )
    return notes


def penalties_by_seat(penalties: list[Penalty]) -> list[int]:
    totals = [0] * SEATS
    for p in penalties:
        totals[p.seat] += p.points
    return totals
