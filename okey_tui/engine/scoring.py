"""Hand scores (RULES.md sections 10-13): finish kinds, multipliers, penalties, bonuses.

Points are penalty points: lower is better. A finished or ended
:class:`~okey_tui.engine.state.Hand` is scored by :func:`score_hand`.
"""

from __future__ import annotations

from dataclasses import dataclass

from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.state import (
    PENALTY,
    SEATS,
    EndKind,
    Hand,
    Opening,
    OpeningKind,
    Outcome,
    Penalty,
)
from okey_tui.engine.tiles import Tile

NOT_OPENED = 202


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
    """Rising and Challenge: -101 for 150+ points or 7+ pairs, -202 for 180+ or 9+."""
    if opening is None:
        return 0
    if opening.kind is OpeningKind.PAIRS:
        big, bigger = opening.value >= 7, opening.value >= 9
    else:
        big, bigger = opening.value >= 150, opening.value >= 180
    return -2 * PENALTY if bigger else -PENALTY if big else 0


def finish_points(
    outcome: Outcome, seat: int, opening: Opening | None, s: int, going_pairs: bool, zero: bool
) -> tuple[int, str]:
    """What the finish table writes for one seat, and a short note why."""
    if outcome.kind is EndKind.FINISH and outcome.finisher == seat:
        if zero:
            return 0, "finished (the finisher writes 0 at this table)"
        return -PENALTY * outcome.multiplier, f"finished: {outcome.describe()}"
    m = outcome.multiplier
    if opening is None:
        points = NOT_OPENED * m
        note = "not opened"
        if going_pairs:
            points *= 2
            note += " after declaring Going Pairs (doubled)"
        return points, note
    if outcome.straight:
        return NOT_OPENED * m, "someone went straight out"
    steps = int(outcome.okey) + int(outcome.pairs)
    note = f"{s} left"
    if opening.kind is OpeningKind.PAIRS:
        steps += 1
        note += ", opened with pairs (one step up)"
    if steps:
        note += f" x{1 << steps}"
    return s * (1 << steps), note


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
        finish, note = finish_points(
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
        paid = sum(p.points for p in hand.penalties if p.seat == seat)
        bonus = big_opening_bonus(opening) if rules.big_opening_bonus else 0
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
            )
        )
    return HandResult(outcome, tuple(lines))


def penalties_by_seat(penalties: list[Penalty]) -> list[int]:
    totals = [0] * SEATS
    for p in penalties:
        totals[p.seat] += p.points
    return totals
