"""A probe that cheats, to bound what better *decisions* (not estimates) could add to the expert.

bench_seer.py showed that perfect estimates of the hidden tiles do not make the
expert's own search stronger. This probe asks the other question: are its
decisions near the best there is? Seat 1 is the expert (no wall-clock cap)
except at *branch points*, where it plays every option out on a copy of the
real hand and keeps the best:

* a branch point is seat 1's first play-phase decision of a turn while it has
  not opened (nothing laid this turn, no taken discard pending, no finish
  found: a finish is played as the expert plays it); with ``--mode hold`` only
  when its rack holds an opening (the hard bot's, the one the expert opens
  or holds back), with ``--mode all`` at every such decision;
* the options: throwing each distinct tile of the rack (at most
  ``--max-discards``: the expert's own throw, the throws it weighed, the loose
  tiles of the best melds, every other tile that costs no penalty, highest
  first, then the rest), the expert's own choice when it is not a throw, and
  the hard bot's opening when the expert holds;
* each option is played to the end of the hand on a copy of the hand
  (``Hand.copy``): seat 1 by an expert of ``--rollout-samples`` worlds, the
  other seats by fresh bots of ``--others``. The bots are deterministic, so a
  play-out is that continuation's exact result; the option with the lowest
  margin (seat 1's total less the others' mean) is played, the expert's own
  first on a tie.

The oracle knows the future: which tiles it will draw, what the others will
take and throw. It is not a bot and bounds nothing a real player can reach;
it says whether the decisions the expert weighs leave room. Rows have
bench_hands.py's form (``--compare``, ``--win-curve``), plus ``branches`` and
``options``.

    python benchmarks/bench_oracle.py --mode hold --start 5000 --hands 150 --out hold.json
    python benchmarks/bench_hands.py --compare plain.json hold.json
"""

from __future__ import annotations

import argparse
import time
from functools import partial
from typing import Any

from bench_hands import play_rows, result_row, seed_options

from okey_tui.bots.base import Bot, make_bot
from okey_tui.bots.driver import apply_action, play_bot_step, play_bot_turn
from okey_tui.bots.expert import Advice, ExpertBot
from okey_tui.bots.planner import arrange
from okey_tui.engine.actions import Action, Discard, Open
from okey_tui.engine.errors import IllegalActionError
from okey_tui.engine.match import Match
from okey_tui.engine.melds import is_wild
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.state import SEATS, Hand, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView

# No wall-clock cap: the work decides, as in bench_hands.py.
BUDGET_MS = 1_000_000.0


def play_out(hand: Hand, action: Action, samples: int, others: str) -> float:
    """Seat 1's margin when ``action`` is played on a copy of ``hand`` and the hand
    goes on to its end with the continuation bots (infinite if the engine refuses it)."""
    copy = hand.copy()
    try:
        copy.apply(action)
    except IllegalActionError:
        return float("inf")
    bots: list[Bot] = [ExpertBot(samples=samples, budget_ms=BUDGET_MS)]
    bots += [make_bot(others) for _ in range(SEATS - 1)]
    while not copy.is_over:
        play_bot_turn(copy, bots[copy.turn], (0, 0, 0, 0))
    totals = score_hand(copy).totals()
    return totals[0] - sum(totals[1:]) / (SEATS - 1)


def throws(hand: Hand, advice: Advice, cap: int) -> list[Tile]:
    """The tiles whose throw is an option, in the order the cap keeps them."""
    rack = hand.racks[0]
    okey = hand.okey
    chosen: list[Tile] = []
    highest = sorted(rack, key=lambda t: (-t.number, Tile.sort_key(t)))
    free = [t for t in highest if hand.penalty_for(Discard(t)) is None]
    loose = [t for t in arrange(rack, okey).leftover if t in free and not is_wild(t, okey)]
    weighed = [o.action.tile for o in advice.options if isinstance(o.action, Discard)]
    own = [advice.action.tile] if isinstance(advice.action, Discard) else []
    for tile in [*own, *weighed, *sorted(loose, key=lambda t: -t.number), *free, *highest]:
        if tile not in chosen:
            chosen.append(tile)
    return chosen[:cap]


def oracle_hand(mode: str, cap: int, samples: int, others: str, seed: int) -> dict[str, Any]:
    """One one-hand match of ``seed`` with the oracle in seat 1."""
    match = Match(RuleSet(hands=1), seed)
    hand = match.hand
    expert = ExpertBot(budget_ms=BUDGET_MS)
    bots = [make_bot(others) for _ in range(SEATS - 1)]
    branches = evaluated = 0
    branched: tuple[int, int] | None = None
    while not hand.is_over:
        if hand.turn != 0:
            play_bot_step(hand, bots[hand.turn - 1])
            continue
        view = PlayerView.of(hand, 0)
        advice = expert.advise(view)
        turn = (len(hand.middle), sum(map(len, hand.discards)))
        point = (
            view.phase is Phase.PLAY
            and not hand.turn_actions
            and view.opening is None
            and view.taken is None
            and advice.kind != "finish"
            and branched != turn
        )
        plan = expert.brain._opening(view, list(view.rack)) if point else None
        if not point or (mode == "hold" and plan is None):
            apply_action(hand, 0, advice.action, expert)
            continue
        branched = turn
        branches += 1
        options: list[Action] = []
        if not isinstance(advice.action, Discard):
            options.append(advice.action)
        if plan is not None and not isinstance(advice.action, Open):
            options.append(Open(expert.brain._guarded(view, plan.melds, plan)))
        options += [Discard(t) for t in throws(hand, advice, cap)]
        scores = [play_out(hand, option, samples, others) for option in options]
        evaluated += len(options)
        own = options.index(advice.action)
        best = min(range(len(options)), key=lambda i: (scores[i], i != own, i))
        apply_action(hand, 0, options[best], expert)
    row = result_row(seed, match.finish_hand())
    return {**row, "branches": branches, "options": evaluated}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("hold", "all"), default="hold")
    seed_options(parser, hands=150)
    parser.add_argument("--max-discards", type=int, default=10, help="throws tried a branch")
    parser.add_argument("--rollout-samples", type=int, default=8, help="the play-outs' expert")
    args = parser.parse_args()
    started = time.perf_counter()
    seeds = range(args.start, args.start + args.hands)
    job = partial(oracle_hand, args.mode, args.max_discards, args.rollout_samples, args.others)
    rows = play_rows(job, seeds, args.jobs, args.out)
    print(
        f"{len(rows)} hands, the oracle ({args.mode}) against {args.others} x3: "
        f"{sum(r['branches'] for r in rows)} branch points, "
        f"{sum(r['options'] for r in rows)} play-outs ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
