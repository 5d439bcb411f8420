"""Bot-only matches: four bots at a table, deterministic for a seed.

Each bot sees only its :class:`~okey_tui.engine.view.PlayerView`. Bots play
through the one driver, :mod:`okey_tui.bots.driver`: an action the engine
rejects is logged, counted as an error and replaced by a safe legal one, so a
faulty bot never stops a match.

>>> from okey_tui.engine.rules import RuleSet
>>> report = play_match(["easy", "easy", "easy", "easy"], RuleSet(hands=1), seed=1)
>>> len(report.totals), report.errors
(4, 0)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from okey_tui.bots.base import Bot, make_bot
from okey_tui.bots.driver import MAX_STEPS_PER_TURN, BotStep, play_bot_turn, safe_action
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import SEATS

__all__ = [
    "MAX_STEPS_PER_TURN",
    "Decisions",
    "MatchReport",
    "RunReport",
    "SeatRecord",
    "match_seed",
    "play_match",
    "run",
    "safe_action",
    "summarise",
]


@dataclass
class SeatRecord:
    """How one seat did over the matches of a run."""

    seat: int
    bot: str
    wins: int = 0
    # Wins whose lowest total another seat (not a partner) had too: each counts as a win.
    shared_wins: int = 0
    match_totals: list[int] = field(default_factory=list)
    hand_scores: list[int] = field(default_factory=list)
    opened: int = 0
    finished: int = 0
    penalties: int = 0
    penalty_points: int = 0
    straight_outs: int = 0
    okey_finishes: int = 0
    errors: int = 0

    @property
    def hands(self) -> int:
        return len(self.hand_scores)

    @property
    def mean_total(self) -> float:
        return statistics.fmean(self.match_totals) if self.match_totals else 0.0

    @property
    def mean_hand(self) -> float:
        return statistics.fmean(self.hand_scores) if self.hand_scores else 0.0

    @property
    def open_rate(self) -> float:
        return self.opened / self.hands if self.hands else 0.0

    @property
    def finish_rate(self) -> float:
        return self.finished / self.hands if self.hands else 0.0


@dataclass
class MatchReport:
    """One finished match."""

    seed: int
    totals: list[int]
    winners: list[int]
    errors: int
    hands: int


@dataclass
class Decisions:
    """Wall-clock time of every bot decision, in milliseconds, per seat."""

    ms: list[list[float]] = field(default_factory=lambda: [[] for _ in range(SEATS)])

    def add(self, seat: int, ms: float) -> None:
        self.ms[seat].append(ms)

    def summary(self, seats: Sequence[int] | None = None) -> dict[str, float]:
        values = sorted(
            v for s, times in enumerate(self.ms) if seats is None or s in seats for v in times
        )
        return summarise(values)


def summarise(values: Sequence[float]) -> dict[str, float]:
    """Median, 99th percentile and maximum of some timings (0 when there are none)."""
    if not values:
        return {"median": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return {
        "median": round(statistics.median(ordered), 3),
        "p99": round(p99, 3),
        "max": round(ordered[-1], 3),
    }


def play_match(
    levels: Sequence[str],
    rules: RuleSet,
    seed: int,
    records: Sequence[SeatRecord] | None = None,
    decisions: Decisions | None = None,
    bots: Sequence[Bot] | None = None,
) -> MatchReport:
    """Play one bot-only match; the same seed always gives the same match.

    ``records`` (one per seat) and ``decisions`` collect statistics if given.
    """
    if len(levels) != SEATS:
        raise ValueError(f"A table has {SEATS} seats, not {len(levels)}")
    players = list(bots) if bots is not None else [make_bot(level) for level in levels]
    match = Match(rules, seed)
    errors = 0
    seat_errors = [0] * SEATS
    on_step: Callable[[BotStep], None] | None = None
    if decisions is not None:
        on_step = lambda step: decisions.add(step.seat, step.ms)  # noqa: E731
    while True:
        hand = match.hand
        totals = tuple(match.totals())
        while not hand.is_over:
            seat = hand.turn
            made = play_bot_turn(hand, players[seat], totals, on_step)
            seat_errors[seat] += made
            errors += made
        result = match.finish_hand()
        if records is not None:
            outcome = result.outcome
            for line in result.seats:
                rec = records[line.seat]
                rec.hand_scores.append(line.total)
                rec.opened += line.opened is not None
                rec.penalties += sum(1 for p in hand.penalties if p.seat == line.seat)
                rec.penalty_points += line.penalties
                if outcome.finisher == line.seat:
                    rec.finished += 1
                    rec.straight_outs += outcome.straight
                    rec.okey_finishes += outcome.okey
        if match.is_over:
            break
        match.next_hand()
    totals_final = match.totals()
    winners = match.winners()
    if records is not None:
        for seat, rec in enumerate(records):
            rec.match_totals.append(totals_final[seat])
            rec.wins += seat in winners
            side = {seat, (seat + 2) % SEATS} if rules.partners else {seat}
            rec.shared_wins += seat in winners and bool(set(winners) - side)
            rec.errors += seat_errors[seat]
    return MatchReport(seed, totals_final, winners, errors, rules.hands)


def match_seed(seed: int, number: int) -> int:
    """The seed of match ``number`` of a run started with ``seed``."""
    return random.Random(f"okey101-simulate:{seed}:{number}").getrandbits(48)


@dataclass
class RunReport:
    """Many matches between the same four bots."""

    matches: int
    hands: int
    seed: int
    seats: list[SeatRecord]
    errors: int
    decisions: Decisions


def run(
    levels: Sequence[str],
    rules: RuleSet,
    matches: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> RunReport:
    """Play ``matches`` matches with the bots ``levels`` (one per seat)."""
    records = [SeatRecord(seat, level) for seat, level in enumerate(levels)]
    decisions = Decisions()
    bots = [make_bot(level) for level in levels]
    errors = 0
    for number in range(matches):
        report = play_match(levels, rules, match_seed(seed, number), records, decisions, bots)
        errors += report.errors
        if progress is not None:
            progress(number + 1)
    return RunReport(matches, rules.hands, seed, records, errors, decisions)
