"""Bot-only matches: four bots at a table, deterministic for a seed.

Each bot sees only its :class:`~okey_tui.engine.view.PlayerView`. An action
the engine rejects is counted as an error and replaced by a safe legal one,
so a faulty bot never stops a match.

>>> from okey_tui.engine.rules import RuleSet
>>> report = play_match(["easy", "easy", "easy", "easy"], RuleSet(hands=1), seed=1)
>>> len(report.totals), report.errors
(4, 0)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from okey_tui.bots.base import Bot, make_bot
from okey_tui.engine.actions import (
    Action,
    Discard,
    DrawMiddle,
    GiveBack,
    TakeBack,
)
from okey_tui.engine.errors import IllegalActionError
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import SEATS, Hand, Phase
from okey_tui.engine.view import PlayerView, legal_actions

# A turn that takes more bot decisions than this is cut short (and counted):
# a real turn is a draw, a handful of lays and a discard.
MAX_STEPS_PER_TURN = 60


@dataclass
class SeatRecord:
    """How one seat did over the matches of a run."""

    seat: int
    bot: str
    wins: int = 0
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


def safe_action(view: PlayerView) -> Action:
    """A legal action that moves the turn on: draw, give back, take back, or a discard.

    Prefers a discard that costs no penalty (not an okey, not playable).
    """
    if view.phase is Phase.DRAW:
        return DrawMiddle()
    legal = legal_actions(view)
    if GiveBack() in legal:
        return GiveBack()
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        if TakeBack() in legal:
            return TakeBack()
        return legal[0]
    okey = view.okey
    clean = [
        a for a in discards if a.tile != okey and not view.playable_on_table(a.tile)
    ] or discards
    return max(clean, key=lambda a: (a.tile != okey, a.tile.number))


def play_turn(
    hand: Hand,
    bot: Bot,
    rng: random.Random,
    totals: tuple[int, ...] = (0, 0, 0, 0),
    on_decision: Callable[[int, float], None] | None = None,
) -> int:
    """Let ``bot`` play the current turn of ``hand`` to its end; returns the errors made."""
    seat = hand.turn
    errors = 0
    steps = 0
    while not hand.is_over and hand.turn == seat:
        view = PlayerView.of(hand, seat, totals)
        steps += 1
        if steps > MAX_STEPS_PER_TURN:
            errors += 1
            hand.apply(safe_action(view))
            continue
        start = time.perf_counter()
        try:
            action = bot.choose(view, rng)
        except Exception:  # a crashing bot is an error, not the end of the match
            action = None
        if on_decision is not None:
            on_decision(seat, (time.perf_counter() - start) * 1000)
        if action is not None:
            try:
                hand.apply(action)
                continue
            except IllegalActionError:
                pass
        errors += 1
        hand.apply(safe_action(view))
    return errors


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
    on_decision = decisions.add if decisions is not None else None
    rngs = [random.Random(f"okey101-bots:{seed}:{seat}") for seat in range(SEATS)]
    while True:
        hand = match.hand
        totals = tuple(match.totals())
        while not hand.is_over:
            seat = hand.turn
            made = play_turn(hand, players[seat], rngs[seat], totals, on_decision)
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
