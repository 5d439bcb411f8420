"""A probe that cheats, to bound what any estimate of the hidden tiles could add to the expert.

The *seer* is the expert with one change: instead of its worlds (deals of the
tiles it has not seen) it is shown the real one, in every search that deals
a world:

* its own next draws, made exact by replaying the hand: the first play tells
  the seer the tiles the plain expert drew; each replay tells it the tiles it
  drew in the play before, until the tiles it is told are the tiles it draws
  (the bots are deterministic, so a replay is the same hand until the seer
  plays differently); ``--replays`` caps the replays;
* the rack of the player on its right (what a throw would feed);
* for a threat, the real rack and next draw of each opponent near going out.

Everything else is the expert's own play. The seer is not a bot (it reads the
hand it plays in); it answers one question: would the expert's decisions be
better if its estimates were perfect? Seat 1 is the seer, seats 2-4 play
``--others``; the rows have bench_hands.py's form, so its ``--compare`` and
``--win-curve`` read them (``--split`` does not: holds are not recorded).

    python benchmarks/bench_seer.py --others normal --start 5000 --hands 300 --out seer.json
    python benchmarks/bench_hands.py --compare plain.json seer.json
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from bench_hands import play_rows, result_row, seed_options

from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_turn
from okey_tui.bots.expert import ExpertBot
from okey_tui.bots.planner import finish
from okey_tui.engine.budget import Deadline
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import SEATS, Hand, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView

# No wall-clock cap: the work decides, as in bench_hands.py.
BUDGET_MS = 1_000_000.0


class Seer(ExpertBot):
    """The expert, shown the real hand instead of its worlds."""

    def __init__(self, hand: Hand, draws: Sequence[Tile], counter: list[int]) -> None:
        super().__init__(budget_ms=BUDGET_MS)
        self.hand = hand
        self.draws = list(draws)  # the tiles it is told it will draw, in order
        self.counter = counter  # [tiles drawn so far, middle size when its turn began]
        self.view: PlayerView | None = None
        self.scoring = False

    def _advise(self, view: PlayerView) -> Any:
        self.view = view
        return super()._advise(view)

    def _score(self, *args: Any, **kwargs: Any) -> Any:
        # The throws' worlds put the right seat's rack after the draws.
        self.scoring = True
        try:
            return super()._score(*args, **kwargs)
        finally:
            self.scoring = False

    def _deals(
        self, unseen: list[Tile], rng: random.Random, deadline: Deadline
    ) -> Iterator[list[Tile]]:
        view = self.view
        assert view is not None
        drawn, middle_at_start = self.counter
        if view.phase is Phase.PLAY and len(self.hand.middle) < middle_at_start:
            drawn += 1  # this turn's draw is in the rack already
        future = self.draws[drawn:]
        if self.scoring:
            ahead = self.horizon_for(view)
            order = future[:ahead] + list(self.hand.racks[view.right]) + future[ahead:]
        else:
            order = future
        # Past the known tiles, anything: the searches read only the front.
        yield order + list(self.hand.middle) + unseen

    def _finish_risk(self, view: PlayerView, seats: list[int], deadline: Deadline) -> float | None:
        table = [tm.meld for tm in view.table]
        for seat in seats:
            # The seats after this one draw in turn: in the play phase this seat has drawn.
            ahead = (seat - view.seat - (1 if view.phase is Phase.PLAY else 0)) % SEATS
            middle = self.hand.middle
            rack = list(self.hand.racks[seat]) + ([middle[ahead]] if ahead < len(middle) else [])
            opening = view.openings[seat]
            assert opening is not None
            lays = view.can_touch_table(seat)
            if finish(rack, view.okey, table, opening.kind, lays, deadline=deadline) is not None:
                return 1.0
        return 0.0


def _play(seed: int, others: str, draws: Sequence[Tile] | None) -> tuple[Match, list[Tile]]:
    """One one-hand match; seat 1 is the plain expert (``draws`` None) or a seer told
    ``draws``. Returns the match and the tiles seat 1 drew from the middle."""
    match = Match(RuleSet(hands=1), seed)
    hand = match.hand
    counter = [0, 0]
    first = ExpertBot(budget_ms=BUDGET_MS) if draws is None else Seer(hand, draws, counter)
    bots = [first] + [make_bot(others) for _ in range(SEATS - 1)]
    drew: list[Tile] = []
    while not hand.is_over:
        seat = hand.turn
        top = hand.middle[0] if hand.middle else None
        counter[1] = len(hand.middle)
        play_bot_turn(hand, bots[seat], (0, 0, 0, 0))
        if seat == 0 and top is not None and len(hand.middle) < counter[1]:
            drew.append(top)
            counter[0] += 1
    match.finish_hand()
    return match, drew


def seer_hand(others: str, replays: int, seed: int) -> dict[str, Any]:
    """Seat 1's seer on the hand of ``seed``, replayed until its draws come true."""
    _, told = _play(seed, others, None)
    exact = False
    played = 0
    while True:
        match, drew = _play(seed, others, told)
        played += 1
        exact = drew == told[: len(drew)]
        if exact or played >= replays:
            break
        told = drew
    return {**result_row(seed, match.results[0]), "exact": exact, "replays": played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    seed_options(parser, hands=300)
    parser.add_argument("--replays", type=int, default=8, help="replays of a hand, at most")
    args = parser.parse_args()
    started = time.perf_counter()
    seeds = range(args.start, args.start + args.hands)
    rows = play_rows(partial(seer_hand, args.others, args.replays), seeds, args.jobs, args.out)
    exact = sum(row["exact"] for row in rows)
    print(
        f"{len(rows)} hands, the seer against {args.others} x3: its draws came true in "
        f"{exact} ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
