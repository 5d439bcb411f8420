"""The one bot driver: its error policy (logged, replaced, counted) and its seeding."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import apply_action, choose_action, play_bot_step, play_bot_turn
from okey_tui.engine.actions import Action, Discard, Open
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import PlayerView


class _Cheater:
    """Always tries to open with nothing: every attempt is illegal."""

    level = "cheater"

    def choose(self, view: PlayerView) -> Action:
        return Open(())


class _Crasher:
    level = "crasher"

    def choose(self, view: PlayerView) -> Action:
        raise RuntimeError("bot bug")


def test_an_illegal_bot_action_is_logged_with_its_code_and_replaced(caplog) -> None:
    hand = Match(RuleSet(hands=1), 5).hand
    seat = hand.turn
    with caplog.at_level(logging.WARNING, logger="okey_tui.bots"):
        step = play_bot_step(hand, _Cheater())
    assert step.replaced and step.chosen == Open(()) and isinstance(step.action, Discard)
    assert hand.turn != seat  # the safe action moved the turn on
    [record] = caplog.records
    assert record.levelno == logging.WARNING and "cheater" in record.getMessage()
    assert "empty-opening" in record.getMessage()


def test_a_crashing_bot_is_logged_with_its_traceback_and_the_turn_goes_on(caplog) -> None:
    hand = Match(RuleSet(hands=1), 5).hand
    seat = hand.turn
    with caplog.at_level(logging.WARNING, logger="okey_tui.bots"):
        errors = play_bot_turn(hand, _Crasher())
    assert errors == 1 and hand.turn != seat
    assert any(r.exc_info and "crasher" in r.getMessage() for r in caplog.records)


def test_choose_and_apply_split_for_a_worker_thread() -> None:
    """A screen chooses in a worker (no hand touched) and applies on its loop."""
    hand = Match(RuleSet(hands=1), 8).hand
    seat = hand.turn
    before = format_position(hand)
    action, ms = choose_action(make_bot("normal"), PlayerView.of(hand, seat))
    assert format_position(hand) == before and ms >= 0 and action is not None
    applied, events, replaced = apply_action(hand, seat, action)
    assert applied == action and not replaced and events


SIMULATE = [
    "-m", "okey_tui", "simulate", "--json",
    "--matches", "2", "--hands", "1", "--seed", "11", "--seats", "hard,normal,easy,hard",
]  # fmt: skip


def _simulate(hash_seed: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, *SIMULATE], capture_output=True, text=True, check=True, env=env
    )
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    # Timings differ from run to run; everything else must not.
    data.pop("decision_ms")
    for seat in data["seats"]:  # type: ignore[union-attr]
        seat.pop("decision_ms")
    return data


@pytest.mark.parametrize("seeds", [("1", "4242")])
def test_the_same_seed_gives_the_same_simulation_in_any_process(seeds) -> None:
    """Determinism across processes: string hashing (sets, dict order) must not leak in."""
    first, second = (_simulate(s) for s in seeds)
    assert first == second
    assert first["matches"] == 2 and first["errors"] == 0


# Opened, with K12 and Y12 loose and two sets of 12s on the table, each missing one of them:
# both lay-offs are worth the same, and the bot must not pick by the order of a set.
TIE = """
import dataclasses
from okey_tui.bots import make_bot
from okey_tui.engine.match import Match
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.rules import OpeningKind, RuleSet
from okey_tui.engine.state import Opening, TableMeld
from okey_tui.engine.tiles import parse_tiles
from okey_tui.engine.view import PlayerView
hand = Match(RuleSet(), 1).hand
view = PlayerView.of(hand, hand.turn)
opened = Opening(OpeningKind.MELDS, 101)
view = dataclasses.replace(
    view,
    rack=tuple(parse_tiles("K12 Y12 R3 B9")),
    table=tuple(TableMeld(view.right, parse_meld(m, view.okey)) for m in ("R12B12K12", "R12B12Y12")),
    openings=tuple(opened if s in (view.seat, view.right) else None for s in range(4)),
)
print(make_bot("normal").choose(view), make_bot("hard").choose(view))
"""


def test_lay_offs_worth_the_same_are_chosen_alike_in_any_process() -> None:
    """Determinism across processes: two loose tiles of one number, each fitting a table
    set, go on in the same order whatever the string hashing (they went on in a set's
    order before: at hash seeds 0 and 1, Y12 first in one and K12 in the other)."""
    said = set()
    for hash_seed in ("0", "1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", TIE], capture_output=True, text=True, check=True, env=env
        )
        said.add(done.stdout.strip())
    assert said == {"<AddTile Y12>0> <AddTile Y12>0>"}
