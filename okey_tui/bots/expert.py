"""The expert bot: decides its draws and throws by sampling the hidden tiles.

Determinized Monte Carlo. The seat knows every tile it has seen (its rack,
the indicator, the table, every discard pile; a taken discard is always on
the table by the end of the taker's turn). The rest, the *unseen* tiles,
lie in the other racks and the middle in an order it cannot know. The
expert deals them out again many times (a *world*: the next tiles it would
draw and the rack of the player on its right), and scores each candidate
decision in every world with the exact solver:

* before opening, how soon the rack (with the world's next draws) reaches
  the melds floor or the pairs floor, and how close it comes if not;
* after opening, how soon it could go out (leftover tiles, after laying
  off what fits the table, no more than the turns played) and otherwise
  the points left in hand;
* minus what the throw gives the player on its right in that world (an
  opening, or a meld once opened); with ``feed_worlds`` set, before that
  player has opened, ``feed_cost`` times the share of its possible racks
  (dealt from the unseen tiles, leaving out the ones that could open
  already) that the throw lets open, instead.

Every candidate is scored on the same worlds, so their differences are not
noise of the deal. The play between draw and throw (opening, laying,
laying off, okey swaps, finishing) is the hard bot's, whose finish search
is exact, with one exception: unopened with an opening in hand, the expert
holds it back (and does not take a left discard that would force it down,
unless the tile makes its only opening and the middle is nearly out)
to go straight out later, which makes every other player write 404: by
default while a draw is left before the middle runs out and no opponent who
has opened, down to a few tiles, goes out on its next turn in more than a
quarter of the worlds (each dealing that opponent's rack and next draw from
the unseen tiles, with the exact finishing search on the table as it is;
``hold_share`` can ask for a share of worlds, dealing its draws to the end
of the middle, that let it go out).
While holding it throws a loose tile: the one that leaves the rack going
straight out in the most worlds, or else nearest to it (fewest tiles short
on average), or else the highest.

Determinism: the worlds come from a random generator seeded by the view
itself, so the same view gives the same choice. The amount of work is a
fixed number of worlds (``samples``); the wall clock is only a safety cap
(``budget_ms``): every search of a decision (the hard bot's planning, the
finishing search, the sampling) gets a deadline at ``CAP_SHARE`` of the
budget and stops there, and the decision rests on what was done by then,
which can differ from a run on a faster machine.
"""

from __future__ import annotations

import gc
import random
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache

from okey_tui.bots.brain import PlannerBot, Style
from okey_tui.bots.hard import STYLE as HARD_STYLE
from okey_tui.bots.planner import OutOfTime, arrange, check, finish, outline, pairs, search
from okey_tui.engine import solver
from okey_tui.engine.actions import Action, Discard, DrawMiddle, Open, TakeDiscard
from okey_tui.engine.budget import Deadline
from okey_tui.engine.melds import Meld, extensions, fits_table, is_wild
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile, full_set
from okey_tui.engine.view import PlayerView

__all__ = [
    "DEFAULT_BUDGET_MS",
    "DEFAULT_SAMPLES",
    "Advice",
    "ExpertBot",
    "Option",
    "Threat",
    "behind_in_match",
    "make",
    "swap_tiles",
]

DEFAULT_BUDGET_MS = 300.0
# Worlds per decision: a draw, a throw or a take is scored on this many deals.
DEFAULT_SAMPLES = 32
# How many of the seat's own draws a world looks ahead.
HORIZON = 3
# How many throws are compared in the worlds (the best by the solver's value, and
# the hard bot's own choice).
CANDIDATES = 4
# Every search of a decision stops at this share of the budget; the rest is room
# for the step under way when it passes (one solver call) and for deciding.
CAP_SHARE = 0.65
# The search for a way out this turn may run to this share of the budget: a straight out
# it finds is worth about 600 points to the seat against the others, and on a crowded
# table an unopened rack's search can take longer than CAP_SHARE allows. The searches after
# it still stop at CAP_SHARE (at once, if the finishing search used it up).
FINISH_SHARE = 0.85

# Weighing a straight out, a world deals the seat's draws up to the end of the middle
# (at most this many).
HOLD_HORIZON = 12
# Unopened with an opening in hand, the expert holds it back to go out in one turn
# (a straight out) when at least this share of the worlds lets it, before the middle runs out.
# 0: whenever a draw is left (paired hands against hard bots favoured it over 0.02-0.25,
# docs/expert-research.md): holding also leaves the others no melds of the seat's to lay off on.
HOLD_SHARE = 0.0
# A left discard that makes the seat's only opening is declined for a hold only while
# the middle holds this many tiles or more (two more draws of the seat's): with fewer,
# another opening seldom comes, and a hand never opened writes 202. Paired hands against
# hard bots: -3.0 +- 0.9 points a hand against declining it at any count (docs/expert-research.md).
HOLD_TAKE_MIDDLE = 8
# ... and only while the rack without it falls at most this many points short of the
# melds floor (its runs and sets by value): further off, an opening of its own seldom
# comes before the middle runs out (at seeds 5000-5599 against normal bots, of the hands
# that declined such a take 21 or more points short, 3 of 70 went straight out and 15
# never opened). None: at any distance. Paired hands: -2.8 +- 1.1 and -1.8 +- 1.4 points
# a hand against normal bots, -3.0 +- 1.0 against hard bots (docs/expert-research.md).
HOLD_TAKE_SHORT: int | None = 30
# While holding, a throw is chosen by the share of worlds that go straight out; each tile
# the rest of the rack falls short of a straight out (on average over the worlds: the
# tiles outside its best melds, all but the one to throw) weighs as this share. Most
# holds see no straight out in any world, and the throw that keeps the rack nearest one
# then beats the highest loose tile: paired hands against hard bots, -4.6 +- 2.6 points
# a hand over 1500 (docs/expert-research.md).
HOLD_SHORT = 0.01
# Unopened, the throws weighed (a hold's and the others) leave out a tile that could take
# an okey off a table meld, while another tile may go: a straight out mostly lays the
# seat's last tiles on the others' melds, and a swap there gives it a wild tile as well.
# Paired hands against normal bots: -10.9 +- 3.0 and -4.0 +- 2.1 points a hand at seeds
# 5000-5599 and 6500-7099 (docs/expert-research.md, "Tiles that take an okey off the table").
KEEP_SWAPS = True
# What a straight out makes every other player write: the scale of a hold's options.
STRAIGHT_OUT = 404.0
# ...but not when an opponent who has opened holds this few tiles or fewer (they may go out),
HOLD_THREAT = 5
# ...unless such opponents go out on their next turn in no more than this share of the worlds
# (``RISK_WORLDS`` deals of their racks and next draws from the unseen tiles). 0: open at
# once whenever an opponent is that near. Paired hands against hard and normal bots gained
# 12 to 34 points a hand over opening at once (docs/expert-research.md).
HOLD_RISK = 0.25
RISK_WORLDS = 16
# ...a seat not ahead of every other side in the match holds while no more than this share
# go out: a straight out is its way back (404 to every other player), and opening for a
# normal finish seldom makes up the gap. 1.0: past any threat. Five-hand matches drawn
# from paired hands against normal bots: +0.6 and +2.0 points of the win share at seeds
# 5000-5299 and 7000-7599 over the plain ``HOLD_RISK`` (docs/expert-research.md).
BEHIND_RISK = 1.0
# Utilities, in hand points: what opening, going out and feeding the right seat are worth.
OPEN_GAIN = 120.0
FINISH_GAIN = 150.0
TURN_COST = 15.0
FEED_OPENING = 60.0
FEED_MELD = 20.0
# The hard bot's own throw starts this many points ahead: the worlds must show
# a gain to overrule its judgement of half-made melds.
TRUST = 5.0
# ...unless the seat has no draw left (the middle runs out before its next turn if the
# others all draw): its judgement of half-made melds then serves no later turn, and the
# worlds' score (the tiles it will hold) decides. A learner followed the hint's "Y2" and
# kept B5, 3 points more at the hand's end (docs/expert-research.md).
END_TRUST = 0.0
# Feeding the player on the right: how many racks of theirs are dealt to weigh each
# throw (0: none, and a throw that lets that player open in one of the worlds costs
# FEED_OPENING there), and what a throw that lets them open costs, times the share
# of those racks (among the ones that could not open already) that it opens.
# Measured without a gain (docs/expert-research.md), so off unless asked for.
FEED_WORLDS = 0
FEED_COST = 100.0
# A rack this far below the floor is not opened by one tile (the check is skipped).
FEED_REACH = 40

EXPERT_STYLE = Style(
    **{
        **{f: getattr(HARD_STYLE, f) for f in HARD_STYLE.__dataclass_fields__},
        "level": "expert",
    }
)


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate decision and its expected utility over the sampled worlds."""

    action: Action
    score: float  # mean utility, in hand points (higher is better for the seat)
    open_rate: float  # share of worlds where the seat opens within the horizon
    finish_rate: float  # share of worlds where it goes out within the horizon
    feed_rate: float  # share of worlds where the throw helps the right seat
    short: float = 0.0  # a hold's throw: tiles short of a straight out, on average


@dataclass(frozen=True, slots=True)
class Advice:
    """The expert's choice for a moment and the alternatives it weighed, best first."""

    action: Action
    options: tuple[Option, ...]
    samples: int  # worlds actually scored (fewer only when the time cap hit)
    # "draw", "discard", "finish", "play", or "hold": the opening held back for a
    # straight out (a throw instead of opening, or a draw instead of a take that opens)
    kind: str
    # A hold kept although an opponent who has opened is near going out: how near.
    threat: Threat | None = None


@dataclass(frozen=True, slots=True)
class Threat:
    """Opponents who have opened and hold few tiles, and how likely one goes out next."""

    tiles: int  # the fewest tiles any of them holds
    risk: float  # the share of worlds where one of them goes out on its next turn
    # Held although the risk is over ``HOLD_RISK``: the seat is not ahead in the match.
    behind: bool = False
    worlds: int = RISK_WORLDS  # how many deals the risk was weighed over


def ahead_in_match(view: PlayerView) -> bool:
    """Whether the seat's match total (its side's, at a partners table) is below every
    other side's: level with another is not ahead."""
    mine = view.match_totals[view.seat]
    return all(
        mine < total
        for seat, total in enumerate(view.match_totals)
        if seat not in (view.seat, view.partner)
    )


def behind_in_match(view: PlayerView) -> bool:
    """Whether another side's match total is below the seat's (its side's, at a partners
    table): really behind, not level. A seat not ahead is either behind or level, as every
    seat is on the first hand.

    >>> from okey_tui.engine.match import Match
    >>> from okey_tui.engine.rules import RuleSet
    >>> hand = Match(RuleSet(hands=1), 3).hand
    >>> [behind_in_match(PlayerView.of(hand, 0, t)) for t in ((0, 0, 0, 0), (90, 40, 90, 90))]
    [False, True]
    """
    mine = view.match_totals[view.seat]
    return any(
        total < mine
        for seat, total in enumerate(view.match_totals)
        if seat not in (view.seat, view.partner)
    )


def _view_seed(view: PlayerView) -> int:
    """A seed from what the seat sees, so the same view makes the same worlds."""
    parts = [
        str(view.seat),
        str(view.indicator),
        " ".join(sorted(str(t) for t in view.rack)),
        "|".join(tm.meld.text(view.okey) for tm in view.table),
        "|".join(" ".join(str(t) for t in pile) for pile in view.discards),
        ",".join(str(c) for c in view.rack_counts),
        str(view.middle_count),
        view.phase.name,
    ]
    return zlib.crc32("/".join(parts).encode())


def unseen_tiles(view: PlayerView) -> list[Tile]:
    """The tiles this seat has not seen, in a fixed order (the others' racks and the middle)."""
    left = Counter(full_set())
    left.subtract(view.seen_tiles())
    return sorted(left.elements(), key=Tile.sort_key)


@lru_cache(maxsize=8192)
def _least_left(tiles: tuple[Tile, ...], okey: Tile) -> tuple[int, int]:
    """(tiles left, points left) after the melds that leave the fewest points."""
    found = solver.least_left(tiles, okey)
    return len(found.leftover), found.leftover_sum


def _key(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=Tile.sort_key))


class ExpertBot:
    """Determinized Monte Carlo over the hard bot's play (see the module's text)."""

    level = "expert"

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        budget_ms: float = DEFAULT_BUDGET_MS,
        trust: float = TRUST,
        clock: Callable[[], float] = time.perf_counter,
        end_trust: float = END_TRUST,
        hold: bool = True,
        hold_share: float = HOLD_SHARE,
        feed_worlds: int = FEED_WORLDS,
        feed_cost: float = FEED_COST,
        feed_opening: float = FEED_OPENING,
        candidates: int = CANDIDATES,
        horizon: int = HORIZON,
        hold_threat: int = HOLD_THREAT,
        hold_any_take: bool = True,
        hold_by_worlds: bool = False,
        hold_take_middle: int = HOLD_TAKE_MIDDLE,
        hold_take_short: int | None = HOLD_TAKE_SHORT,
        hold_short: float = HOLD_SHORT,
        hold_risk: float = HOLD_RISK,
        risk_worlds: int = RISK_WORLDS,
        behind_risk: float = BEHIND_RISK,
        keep_swaps: bool = KEEP_SWAPS,
        gamble_level: bool = True,
    ) -> None:
        # A level match counts as not ahead: past the plain risk, a hold goes on with
        # ``behind_risk`` (every first hand). False: only a seat really behind gambles
        # so (the practice hints: a learner is not taught to hold there).
        self.gamble_level = gamble_level
        self.keep_swaps = keep_swaps
        self.hold_risk = hold_risk
        self.behind_risk = behind_risk
        self.risk_worlds = risk_worlds
        self.hold_short = hold_short
        self.hold_take_middle = hold_take_middle
        self.hold_take_short = hold_take_short
        self.hold_any_take = hold_any_take
        self.hold_by_worlds = hold_by_worlds
        self.samples = samples
        self.candidates = candidates
        self.horizon = horizon
        self.feed_opening = feed_opening
        self.hold_threat = hold_threat
        self.feed_worlds = feed_worlds
        self.feed_cost = feed_cost
        self.hold = hold
        self.hold_share = hold_share
        self.trust = trust
        self.end_trust = end_trust
        self.budget_ms = budget_ms
        self.clock = clock  # seconds; a test may pass a fake one
        self.brain = PlannerBot(EXPERT_STYLE)

    def __repr__(self) -> str:
        return f"ExpertBot(samples={self.samples}, budget_ms={self.budget_ms})"

    def choose(self, view: PlayerView) -> Action:
        """The next action for the seat of ``view``."""
        return self.advise(view).action

    # -- the analysis ------------------------------------------------------------

    def advise(self, view: PlayerView) -> Advice:
        """The choice for this moment with the alternatives it weighed."""
        with _collector_paused():
            return self._advise(view)

    def _advise(self, view: PlayerView) -> Advice:
        start = self.clock()
        deadline = self._deadline(start)
        base = self.brain.choose(view, deadline)
        if view.phase is Phase.DRAW:
            tile = view.left_discard
            if (
                self.hold
                and isinstance(base, TakeDiscard)
                and tile is not None
                and (held := self._may_hold(view, deadline))[0]
                and (
                    (
                        self.hold_any_take
                        and view.middle_count >= self.hold_take_middle
                        and self._near_own_opening(view)
                    )
                    or self.brain._opening(view, list(view.rack)) is not None
                )
            ):
                # A take must go down this turn: it gives up a straight out still to come.
                try:
                    if not self._straight_with(view, list(view.rack) + [tile], tile, deadline):
                        if self.hold_share <= 0:
                            return Advice(DrawMiddle(), (), 0, "hold", held[1])
                        odds = self._straight_odds(view, list(view.rack) + [tile], [None], deadline)
                        if odds is not None and odds[0][0] >= self.hold_share:
                            return Advice(DrawMiddle(), (), 0, "hold", held[1])
                except OutOfTime:
                    if self.hold_share <= 0:  # out of time: hold, as the default does
                        return Advice(DrawMiddle(), (), 0, "hold", held[1])
            if isinstance(base, (DrawMiddle, TakeDiscard)) and view.left_discard is not None:
                try:
                    return self._draw_or_take(view, base, deadline)
                except OutOfTime:
                    return Advice(base, (), 0, "draw")  # the hard bot's judgement
            return Advice(base, (), 0, "draw")
        try:
            finishing = self._finish_now(view, self._deadline(start, FINISH_SHARE))
        except OutOfTime:
            finishing = None  # out of time: play on without a finish this turn
        if finishing is not None:
            return Advice(finishing, (), 0, "finish")
        feared = None  # the threat that kept an opening from being held back
        if self.hold and isinstance(base, Open):
            may, threat = self._may_hold(view, deadline)
            feared = None if may else threat
            try:
                thrown = self._hold_throw(view, list(view.rack), deadline) if may else None
            except OutOfTime:
                thrown = None  # out of time: open, as the hard bot would
            if thrown is not None:
                return replace(thrown, threat=threat)
        if not isinstance(base, Discard) or len(view.rack) <= 1:
            # An opening not held back for an opponent near going out says so (the hint).
            return Advice(base, (), 0, "play", feared)
        try:
            return self._throw(view, base, deadline)
        except OutOfTime:
            return Advice(base, (), 0, "discard")  # the hard bot's throw

    def _near_own_opening(self, view: PlayerView) -> bool:
        """Whether the rack, without the left discard, is near enough an opening of its
        own (``hold_take_short``) for a hold to decline that discard."""
        if self.hold_take_short is None:
            return True
        value = arrange(view.rack, view.okey).value
        return view.melds_floor - value <= self.hold_take_short

    def _finish_now(self, view: PlayerView, deadline: Deadline | None = None) -> Action | None:
        """The next step of a way to go out this turn, at any rack size.

        Unopened, that is an opening over the floor (melds, or pairs when a
        pairs opener may lay off) after which everything else goes onto the
        table: a straight out, which doubles the hand.
        """
        rack = list(view.rack)
        if len(rack) < 2:
            return None
        okey = view.okey
        if view.opening is not None:  # an okey owed goes down in the finish too
            self.brain._deadline = deadline
            try:
                return self.brain._finish_step(view, rack, okey)
            finally:
                self.brain._deadline = None
        going_pairs = view.going_pairs[view.seat]
        plan = finish(
            rack,
            okey,
            [tm.meld for tm in view.table],
            None,
            view.rules.pairs_opener_lays_off,
            None if going_pairs else view.melds_floor,
            deadline,
            view.pairs_floor if view.rules.pairs_opener_lays_off else None,
            barred=view.finish_barred(),
        )
        if plan is None or not plan.melds:
            return None
        if not view.allows_finish(plan):
            return None
        return Open(plan.melds)

    def _deadline(self, start: float | None = None, share: float = CAP_SHARE) -> Deadline:
        """The deadline of a decision that started at ``start`` (now, if not given): every
        search stops at it, the finishing search at its own later one (``FINISH_SHARE``)."""
        begun = self.clock() if start is None else start
        return Deadline(begun + self.budget_ms * share / 1000.0, clock=self.clock)

    def _worlds(self, view: PlayerView) -> tuple[random.Random, list[Tile]] | None:
        unseen = unseen_tiles(view)
        hidden = sum(c for s, c in enumerate(view.rack_counts) if s != view.seat)
        if len(unseen) != hidden + view.middle_count or not unseen:
            return None  # the counts disagree with what was seen: do not guess
        return random.Random(_view_seed(view)), unseen

    def _deals(
        self, unseen: list[Tile], rng: random.Random, deadline: Deadline
    ) -> Iterator[list[Tile]]:
        """Up to ``samples`` deals of the unseen tiles (each a shuffled copy), until the
        deadline."""
        for _ in range(self.samples):
            if deadline.expired():
                return
            order = unseen[:]
            rng.shuffle(order)
            yield order

    def horizon_for(self, view: PlayerView) -> int:
        """How many of its own draws the worlds deal the seat: ``horizon``, fewer when the
        middle runs out first (each round takes four tiles from it; the seat gets one)."""
        return max(1, min(self.horizon, (view.middle_count + 3) // 4))

    def _throw(self, view: PlayerView, base: Discard, deadline: Deadline) -> Advice:
        rack = list(view.rack)
        candidates = self._candidates(view, rack, base.tile, deadline)
        if len(candidates) <= 1:
            return Advice(base, (), 0, "discard")
        made = self._worlds(view)
        if made is None:
            return Advice(base, (), 0, "discard")
        rng, unseen = made
        rates = self._feed_rates(view, candidates, unseen, deadline)
        stats = self._score(view, rack, candidates, rng, unseen, deadline, rates is None)
        if stats is None:
            return Advice(base, (), 0, "discard")
        totals, opens, finishes, feeds, n = stats
        # The feeding charge: the rates when weighed, else what the worlds counted (in totals).
        fed = rates if rates is not None else [f / n for f in feeds]
        charge = self.feed_cost if rates is not None else 0.0
        options = [
            Option(
                Discard(tile),
                totals[i] / n - charge * fed[i],
                opens[i] / n,
                finishes[i] / n,
                fed[i],
            )
            for i, tile in enumerate(candidates)
        ]
        options.sort(key=lambda o: -o.score)
        best = options[0]
        pick = next((o for o in options if o.action == base), None)
        trust = self.trust if view.later_draws else self.end_trust
        if pick is not None and pick.score + trust >= best.score:
            best = pick
        return Advice(best.action, tuple(options), n, "discard")

    def _draw_or_take(self, view: PlayerView, base: Action, deadline: Deadline) -> Advice:
        """Compare the known left discard with an unknown tile from the middle.

        Taking is only allowed to use the tile this turn, which the hard bot
        judges; the expert takes only when that holds and the take scores at
        least as well as a draw over the same worlds.
        """
        tile = view.left_discard
        assert tile is not None
        if not isinstance(base, TakeDiscard):
            return Advice(base, (), 0, "draw")
        if self.brain.swap_with_left(view) is not None:
            # An okey off the table (+101 to its owner, a wild tile here): the worlds
            # weigh the seat's own melds only, and saw a take about as good as a draw.
            return Advice(base, (), 0, "draw")
        made = self._worlds(view)
        if made is None:
            return Advice(base, (), 0, "draw")
        rng, unseen = made
        rack = list(view.rack)
        # After a take the tile goes down this turn; after a draw, one tile is thrown.
        # Both end the turn one tile lighter than the rack plus the new tile.
        taken = rack + [tile]
        best_keep = self._candidates(view, taken, None, deadline)
        keep_after_take = [_remove_one(taken, best_keep[0])] if best_keep else [rack]
        take_total = draw_total = 0.0
        n = 0
        for order in self._deals(unseen, rng, deadline):
            draws = order[: self.horizon_for(view) + 1]
            try:
                took = self._utility(view, keep_after_take[0], draws[1:], deadline)[0]
                keep = self._best_keep(view, rack + [draws[0]], deadline)
                drew = self._utility(view, keep, draws[1:], deadline)[0]
            except OutOfTime:
                break  # this world is not scored for both: leave it out
            draw_total += drew
            take_total += took
            n += 1
        if n == 0:
            return Advice(base, (), 0, "draw")  # out of time: the hard bot's judgement
        take = Option(TakeDiscard(), take_total / n, 0.0, 0.0, 0.0)
        draw = Option(DrawMiddle(), draw_total / n, 0.0, 0.0, 0.0)
        options = sorted([take, draw], key=lambda o: -o.score)
        if take.score >= draw.score:
            return Advice(TakeDiscard(), tuple(options), n, "draw")
        return Advice(DrawMiddle(), tuple(options), n, "draw")

    def _best_keep(
        self, view: PlayerView, rack: list[Tile], deadline: Deadline | None = None
    ) -> list[Tile]:
        """The rack after the throw that keeps the most value (a quick, world-free choice)."""
        keep = self._candidates(view, rack, None, deadline)
        return _remove_one(rack, keep[0]) if keep else rack[:-1]

    def _candidates(
        self,
        view: PlayerView,
        rack: list[Tile],
        pick: Tile | None,
        deadline: Deadline | None = None,
    ) -> list[Tile]:
        """The throws worth comparing: legal, free of penalties when possible, best kept value.

        Raises :class:`OutOfTime` when ``deadline`` passes while they are ranked.
        """
        okey = view.okey
        distinct = sorted({t for t in rack if not is_wild(t, okey)}, key=Tile.sort_key)
        if not distinct:
            return []
        table = [tm.meld for tm in view.table]
        safe = [t for t in distinct if fits_table(table, t, okey) is None]
        pool = safe or distinct
        exposed = self.brain._exposed(view)
        guarded = [t for t in pool if _slot(t, okey) not in exposed]
        pool = guarded or pool
        if self.keep_swaps:
            pool = _without_swaps(pool, view, rack)
        pairs_mode = self.brain._pairs_mode(view, rack)

        def kept(tile: Tile) -> tuple[int, int]:
            check(deadline)
            if pairs_mode:
                return len(pairs(_remove_one(rack, tile), okey).melds), -tile.number
            found = _outline_less(rack, tile, okey)[0]
            opened = view.opening is not None
            return found, (-tile.number if opened else tile.number)

        ranked = sorted(pool, key=lambda t: kept(t), reverse=True)
        chosen = ranked[: self.candidates]
        if pick is not None and pick in pool and pick not in chosen:
            chosen.append(pick)
        return chosen

    def _score(
        self,
        view: PlayerView,
        rack: list[Tile],
        thrown: list[Tile],
        rng: random.Random,
        unseen: list[Tile],
        deadline: Deadline,
        watch: bool = True,
    ) -> tuple[list[float], list[int], list[int], list[int], int] | None:
        k = len(thrown)
        totals = [0.0] * k
        opens = [0] * k
        finishes = [0] * k
        feeds = [0] * k
        horizon = self.horizon_for(view)
        right = view.right
        right_size = view.rack_counts[right]
        watch_right = watch and view.partner != right and right_size > 0
        n = 0
        for order in self._deals(unseen, rng, deadline):
            draws = order[:horizon]
            right_rack = order[horizon : horizon + right_size]
            scored: list[tuple[float, int, int, int]] = []
            for tile in thrown:
                try:
                    utility, opened, finished = self._utility(view, rack, draws, deadline, tile)
                except OutOfTime:
                    break
                fed = int(watch_right and self._feeds(view, right_rack, tile))
                if fed:
                    utility -= FEED_MELD if view.openings[right] is not None else self.feed_opening
                scored.append((utility, opened, finished, fed))
            if len(scored) < k:
                break  # out of time inside this world: leave it out, like the ones after it
            for i, (utility, opened, finished, fed) in enumerate(scored):
                totals[i] += utility
                opens[i] += opened
                finishes[i] += finished
                feeds[i] += fed
            n += 1
        return (totals, opens, finishes, feeds, n) if n else None

    def _feed_rates(
        self, view: PlayerView, thrown: list[Tile], unseen: list[Tile], deadline: Deadline
    ) -> list[float] | None:
        """For each throw, the share of the right seat's possible racks it lets open.

        The right seat takes a throw only to use it at once; before it has
        opened, that means opening with it, the largest gift a throw can make
        (it spares that seat the 202 of a hand never opened). Its rack is dealt
        from the unseen tiles, and a rack that could open without the tile is
        left out: that seat would have opened already. None when the right seat
        is a partner, has opened, or no rack could be weighed in time.
        """
        right = view.right
        size = view.rack_counts[right]
        if self.feed_worlds <= 0 or view.partner == right or size <= 0 or size > len(unseen):
            return None
        if view.openings[right] is not None or view.going_pairs[right]:
            return None
        okey = view.okey
        floor = view.melds_floor
        pairs_floor = view.pairs_floor
        rng = random.Random(_view_seed(view) ^ 0x5EED)
        hits = [0] * len(thrown)
        n = 0
        for _ in range(self.feed_worlds):
            if deadline.expired():
                break
            rack = rng.sample(unseen, size)
            alone = arrange(rack, okey)
            paired = _pair_count(rack, okey)
            if alone.value >= floor or paired >= pairs_floor:
                continue  # that seat would have opened already
            n += 1
            near_melds = alone.value >= floor - FEED_REACH
            near_pairs = paired == pairs_floor - 1
            if not (near_melds or near_pairs):
                continue
            row = [0] * len(thrown)
            try:
                for i, tile in enumerate(thrown):
                    if near_pairs and _pair_count([*rack, tile], okey) > paired:
                        row[i] = 1
                    elif near_melds:
                        check(deadline)
                        with_tile = arrange([*rack, tile], okey)
                        row[i] = int(with_tile.value >= floor and tile not in with_tile.leftover)
            except OutOfTime:
                n -= 1  # this rack is not weighed for every throw: leave it out
                break
            for i, hit in enumerate(row):
                hits[i] += hit
        return [h / n for h in hits] if n else None

    def _may_hold(self, view: PlayerView, deadline: Deadline) -> tuple[bool, Threat | None]:
        """Whether holding an opening back is worth weighing now, and the threat it
        weighed (None when no opponent who has opened is near going out)."""
        if view.opening is not None or view.taken is not None or view.okeys_owed:
            return False, None
        if view.middle_count // 4 < 1:
            return False, None  # no draw left before the middle runs out: open now
        near = [
            seat
            for seat, opening in enumerate(view.openings)
            if seat not in (view.seat, view.partner)
            and opening is not None
            and view.rack_counts[seat] <= self.hold_threat
        ]
        if not near:
            return True, None
        plain = ahead_in_match(view) or not (self.gamble_level or behind_in_match(view))
        limit = self.hold_risk if plain else max(self.hold_risk, self.behind_risk)
        if limit <= 0:
            return False, None
        try:
            risk = self._finish_risk(view, near, deadline)
        except OutOfTime:
            return False, None  # out of time: open, as with the risk unknown
        if risk is None:
            return False, None
        tiles = min(view.rack_counts[seat] for seat in near)
        threat = Threat(tiles, risk, behind=risk > self.hold_risk, worlds=self.risk_worlds)
        return risk <= limit, threat

    def _finish_risk(self, view: PlayerView, seats: list[int], deadline: Deadline) -> float | None:
        """The share of worlds in which one of ``seats`` (opponents who have opened) can go
        out on its next turn, with its rack and its next draw dealt from the unseen tiles.

        A world deals each of those seats its rack and one tile more; the seat goes out
        when the exact finishing search finds a way with those tiles and the table as it
        is. None when the counts disagree with what was seen.
        """
        made = self._worlds(view)
        sizes = [view.rack_counts[seat] + 1 for seat in seats]
        if made is None or sum(sizes) > len(made[1]):
            return None
        unseen = made[1]
        rng = random.Random(_view_seed(view) ^ 0x7157)
        table = [tm.meld for tm in view.table]
        hits = 0
        for _ in range(self.risk_worlds):
            dealt = rng.sample(unseen, sum(sizes))
            start = 0
            for seat, size in zip(seats, sizes, strict=True):
                rack = dealt[start : start + size]
                start += size
                opening = view.openings[seat]
                assert opening is not None  # the seats given have opened
                lays = view.can_touch_table(seat)
                if (
                    finish(rack, view.okey, table, opening.kind, lays, deadline=deadline)
                    is not None
                ):
                    hits += 1
                    break
        return hits / self.risk_worlds if self.risk_worlds > 0 else None

    def _straight_with(
        self, view: PlayerView, rack: list[Tile], tile: Tile, deadline: Deadline
    ) -> bool:
        """Whether ``rack`` (with the left discard ``tile`` taken) goes straight out now."""
        plan = finish(rack, view.okey, [tm.meld for tm in view.table], None, deadline=deadline)
        return plan is not None and any(tile in m.tiles for m in plan.melds)

    def _hold_throw(self, view: PlayerView, rack: list[Tile], deadline: Deadline) -> Advice | None:
        """Hold the opening back and throw, when a straight out is likely enough to come.

        Going straight out (the first lay-down and the finish in one turn)
        makes every other player write 404 (808 with pairs) and the seat -202
        (-404): worth far more than the few points an early opening saves. The
        seat can still open on any later turn, so holding risks only a finish
        by someone else meanwhile. Returns None to open now.
        """
        okey = view.okey
        table = [tm.meld for tm in view.table]
        melds = arrange(rack, okey)
        going_pairs = view.going_pairs[view.seat]
        if going_pairs or melds.value < view.melds_floor:
            # The only opening is pairs: with 22 tiles on its turn (21 to lay, one to
            # throw) a seat never goes straight out by pairs, and its melds are short of
            # an opening. Holding cannot pay: open now (a practice hint said "hold" with
            # no deal going out, and a learner who held wrote 202 instead of 2S).
            return None
        # The loose tiles of the best melds: a straight out needs all the melds kept.
        loose = melds.leftover
        pool = sorted(
            {t for t in loose if not is_wild(t, okey) and fits_table(table, t, okey) is None},
            key=Tile.sort_key,
        )
        # Holding is only worth it while the opening stays in hand: a tile loose among
        # the melds can be half of a pair that a pairs opening needs.
        pool = [t for t in pool if self._keeps_opening(view, _remove_one(rack, t), deadline)]
        if not pool:
            return None
        if self.keep_swaps:
            pool = _without_swaps(pool, view, rack)
        if self.hold_share > 0:
            # No throw can do better than keeping every tile: most turns end here.
            whole = self._straight_odds(view, rack, [None], deadline)
            if whole is None or whole[0][0] < self.hold_share:
                return None
        odds = self._straight_odds(view, rack, pool, deadline)
        if odds is None:
            if self.hold_share > 0:
                return None
            # No world scored in time: the default holds whatever the worlds say, so hold
            # all the same, throwing the highest loose tile.
            highest = max(pool, key=lambda t: t.number)
            return Advice(Discard(highest), (), 0, "hold")
        chances, shorts = odds
        # Best first: the likeliest straight out, less ``hold_short`` for each tile the rest
        # falls short of one on average (most holds see none, and that decides); then the
        # highest tile (it would count the most if the hand ends before the seat goes out).
        order = sorted(
            range(len(pool)),
            key=lambda i: (self.hold_short * shorts[i] - chances[i], -pool[i].number),
        )
        best = order[0]
        if chances[best] < self.hold_share:
            return None
        if self.hold_by_worlds and chances[best] == 0.0:
            # No world goes straight out: throw what the worlds weigh best (they charge
            # for feeding the right seat), if it is a loose tile.
            weighed = self._throw(view, Discard(pool[best]), deadline).action
            if isinstance(weighed, Discard) and weighed.tile in pool:
                best = pool.index(weighed.tile)
        # In hand points, as the other options: what each other seat would write. The
        # seat already reaches the floor; it goes out in the share of worlds.
        options = tuple(
            Option(Discard(pool[i]), chances[i] * STRAIGHT_OUT, 1.0, chances[i], 0.0, shorts[i])
            for i in order
        )
        return Advice(Discard(pool[best]), options, self.samples, "hold")

    def _keeps_opening(self, view: PlayerView, rack: list[Tile], deadline: Deadline) -> bool:
        """Whether ``rack`` still holds an opening (the one the hard bot would make)."""
        check(deadline)
        return self.brain._opening(view, rack) is not None

    def _straight_odds(
        self,
        view: PlayerView,
        rack: list[Tile],
        thrown: Sequence[Tile | None],
        deadline: Deadline,
    ) -> tuple[list[float], list[float]] | None:
        """For each tile of ``thrown``, the share of worlds where ``rack`` less that tile
        (None: the whole rack) can go straight out before the middle ends, and how many
        tiles it falls short of that on average.

        A world deals the seat's draws up to the end of the middle; with them
        known, the rack goes straight out when all but one of its tiles can
        make pairs, or melds; otherwise it is short by the tiles its best melds
        leave out, less the one it throws. A world the deadline cuts short is left
        out; None when no world could be scored in time.
        """
        made = self._worlds(view)
        if made is None:
            return None
        rng, unseen = made
        okey = view.okey
        horizon = max(1, min(HOLD_HORIZON, view.middle_count // 4))
        # All but one of the tiles the seat holds on its turn (after its draw).
        need = len(view.rack) - 1 if view.phase is Phase.PLAY else len(view.rack)
        hits = [0] * len(thrown)
        short = [0] * len(thrown)
        n = 0
        for order in self._deals(unseen, rng, deadline):
            drawn = rack + order[:horizon]
            row: list[int] = []
            try:
                for tile in thrown:
                    check(deadline)
                    tiles = drawn if tile is None else _remove_one(drawn, tile)
                    if need % 2 == 0 and 2 * _pair_count(tiles, okey) >= need:
                        row.append(0)
                        continue
                    row.append(max(0, need - _outline_less(drawn, tile, okey)[1]))
            except OutOfTime:
                break  # out of time inside this world: leave it out, like the ones after it
            for i, missing in enumerate(row):
                hits[i] += missing == 0
                short[i] += missing
            n += 1
        if not n:
            return None
        return [h / n for h in hits], [m / n for m in short]

    def _utility(
        self,
        view: PlayerView,
        rack: list[Tile],
        draws: Sequence[Tile],
        deadline: Deadline | None = None,
        thrown: Tile | None = None,
    ) -> tuple[float, int, int]:
        """(utility, opened, finished) of holding ``rack`` less ``thrown`` (if given) and
        drawing ``draws`` next.

        Raises :class:`OutOfTime` when ``deadline`` passes (checked before each solver call).
        """
        okey = view.okey
        opening = view.opening
        if opening is None:
            return self._before_opening(view, rack, draws, deadline, thrown)
        if thrown is not None:
            rack = _remove_one(rack, thrown)
        table = [tm.meld for tm in view.table]
        for j in range(1, len(draws) + 1):
            check(deadline)
            tiles = rack + list(draws[:j])
            if opening.kind is OpeningKind.PAIRS:
                found = pairs(tiles, okey)
                count = len(found.leftover)
                points = found.leftover_sum
            else:
                held = _lay_off_all(tiles, table, okey) if view.can_touch_table() else tiles
                count, points = _least_left(_key(held), okey)
            if count <= j:
                return FINISH_GAIN - TURN_COST * j, 0, 1
            if j == len(draws):
                # The seat throws one tile a turn: the worst of the leftovers go first.
                return -float(max(0, points - 10 * j)), 0, 0
        count, points = _least_left(_key(rack), okey)
        return -float(points), 0, 0

    def _before_opening(
        self,
        view: PlayerView,
        rack: list[Tile],
        draws: Sequence[Tile],
        deadline: Deadline | None = None,
        thrown: Tile | None = None,
    ) -> tuple[float, int, int]:
        okey = view.okey
        check(deadline)
        floor = view.melds_floor
        pairs_floor = view.pairs_floor
        going_pairs = view.going_pairs[view.seat]

        def reach(j: int) -> tuple[int, int]:
            """(melds value, pairs) of the rack less the throw, with the first j draws."""
            tiles = rack + list(draws[:j])
            held = tiles if thrown is None else _remove_one(tiles, thrown)
            if going_pairs:
                value = 0
            elif j == 0:
                value = outline(held, okey).value  # the same in every world (cached)
            else:
                value = _outline_less(tiles, thrown, okey)[0]
            return value, _pair_count(held, okey)

        value, n_pairs = reach(len(draws))
        if value < floor and n_pairs < pairs_floor:
            closeness = max(value / floor, n_pairs / pairs_floor * 0.8)
            return OPEN_GAIN * 0.5 * closeness**2, 0, 0
        for j in range(len(draws) + 1):
            check(deadline)
            value, n_pairs = reach(j)
            if value >= floor or n_pairs >= pairs_floor:
                return OPEN_GAIN - TURN_COST * j, 1, 0
        return OPEN_GAIN - TURN_COST * len(draws), 1, 0  # pragma: no cover - reached above

    def _feeds(self, view: PlayerView, right_rack: list[Tile], tile: Tile) -> bool:
        """Whether the right seat (in this world) could use ``tile`` this turn."""
        okey = view.okey
        right = search(right_rack, okey)  # the same for every throw of a world
        alone = right.outline.value
        if view.openings[view.right] is None:
            if alone >= view.melds_floor or not solver.could_meld(tile, right_rack, okey):
                return False
            if tile in right_rack:
                # A copy may stay loose while the other goes into a meld: ask the melds.
                with_tile = outline(right_rack + [tile], okey)
                return with_tile.value >= view.melds_floor and tile not in with_tile.loose
            # Worth more than the rack alone, the best melds use the tile (its only copy).
            return right.variant(more=[tile])[0] >= view.melds_floor
        return solver.could_meld(tile, right_rack, okey) and right.variant(more=[tile])[0] > alone


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection during a decision: it runs after it instead.

    A full collection over the solver's caches can take a good part of the
    budget (100-180 ms), and it would fall inside whichever decision happened
    to allocate last. Reference counting still frees memory as usual meanwhile.

    At the end only the youngest generation is collected (a few milliseconds):
    re-enabled with the counts a whole decision ran up, the collector would
    start at once, on the way out of this decision, and could go on to a full
    collection there. Collected now, the counts start again from zero, and the
    older generations are collected later, as usual, outside the decision.
    """
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.collect(0)
            gc.enable()


def _slot(tile: Tile, okey: Tile) -> int:
    return okey.index if tile.is_false_okey else tile.index


def _pair_count(tiles: Sequence[Tile], okey: Tile) -> int:
    """How many pairs the tiles make (an okey pairs with any single), as the solver counts."""
    counts = Counter(t for t in tiles if not is_wild(t, okey))
    wild = len(tiles) - sum(counts.values())
    twins = sum(c // 2 for c in counts.values())
    singles = sum(c % 2 for c in counts.values())
    spare = wild - min(wild, singles)
    return twins + min(wild, singles) + (1 if spare >= 2 and twins else 0)


def _outline_less(tiles: Sequence[Tile], thrown: Tile | None, okey: Tile) -> tuple[int, int]:
    """(value, tiles used) of the best melds of ``tiles`` less one ``thrown`` (None: of
    all of them), from one search of ``tiles`` shared by every throw weighed on them
    (:class:`MeldsSearch`: a throw its best melds leave loose costs nothing more)."""
    return search(tiles, okey).variant([] if thrown is None else [thrown])


def swap_tiles(view: PlayerView, rack: Sequence[Tile]) -> set[Tile]:
    """The tiles of ``rack`` that could take an okey off a table meld once the seat opens
    (for a three-tile set, with the other missing colour): none once it has opened (it
    swaps then) or while it goes pairs (it never lays runs or sets, so never swaps)."""
    if view.opening is not None or view.going_pairs[view.seat]:
        return set()
    table = [tm.meld for tm in view.table]
    return {t for swap in solver.okey_swaps(list(rack), view.okey, table) for t in swap.given}


def _without_swaps(pool: list[Tile], view: PlayerView, rack: Sequence[Tile]) -> list[Tile]:
    """``pool`` less the tiles kept for a swap (:func:`swap_tiles`), unless none is left."""
    swapping = swap_tiles(view, rack)
    return [t for t in pool if t not in swapping] or pool


def _remove_one(tiles: Sequence[Tile], tile: Tile) -> list[Tile]:
    rest = list(tiles)
    rest.remove(tile)
    return rest


def _lay_off_all(tiles: list[Tile], table: list[Meld], okey: Tile) -> list[Tile]:
    """The tiles left after adding every real tile that fits the table (each once)."""
    rest = list(tiles)
    table = list(table)
    changed = True
    while changed and len(rest) > 1:
        changed = False
        for tile in sorted(set(rest), key=Tile.sort_key):
            if is_wild(tile, okey):
                continue
            index = fits_table(table, tile, okey)
            if index is None:
                continue
            grown = extensions(table[index], tile, okey)
            if not grown:
                continue
            table[index] = grown[0]
            rest.remove(tile)
            changed = True
            break
    return rest


def make(budget_ms: float = DEFAULT_BUDGET_MS) -> ExpertBot:
    return ExpertBot(budget_ms=budget_ms)
