"""The one bot driver: a bot's decision, applied to a hand, with one error policy.

``okey101 simulate``, :mod:`okey_tui.bots.arena` and :mod:`okey_tui.autoplay`
all play bots through :func:`play_bot_step` / :func:`play_bot_turn`; a
screen that thinks in a worker and applies on the event loop uses the two
halves, :func:`choose_action` (pure: reads a view, touches no hand) and
:func:`apply_action` (applies on the hand).

The error policy: a bot that raises, or picks an action the engine refuses,
or keeps a turn going past :data:`MAX_STEPS_PER_TURN` actions, is logged on
the ``okey_tui.bots`` logger (a warning naming the seat, the bot, the action
and the engine's error code) and its action is replaced by :func:`safe_action`,
a legal move that moves the turn on. A faulty bot never stops a match.

Seeding: bots are deterministic functions of their view. The only chance is
the deal, from the match seed (:func:`okey_tui.engine.match.hand_rng`), so
the same seed always gives the same match, in any process, and a match
resumed from its save plays on exactly as it would have.

>>> from okey_tui.bots.base import make_bot
>>> from okey_tui.engine.match import Match
>>> from okey_tui.engine.rules import RuleSet
>>> hand = Match(RuleSet(hands=1), seed=3).hand
>>> seat = hand.turn
>>> step = play_bot_step(hand, make_bot("easy"))
>>> step.seat == seat, step.replaced, step.action == step.chosen
(True, False, True)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from okey_tui.bots.base import Bot
from okey_tui.engine.actions import Action, Discard, DrawMiddle, GiveBack, TakeBack
from okey_tui.engine.errors import IllegalActionError
from okey_tui.engine.state import Event, Hand, Phase
from okey_tui.engine.view import PlayerView, legal_actions

__all__ = [
    "MAX_STEPS_PER_TURN",
    "BotStep",
    "apply_action",
    "choose_action",
    "play_bot_step",
    "play_bot_turn",
    "safe_action",
]

log = logging.getLogger("okey_tui.bots")

# A turn that takes more actions than this is cut short (and counted as an
# error): a real turn is a draw, a handful of lays and a discard.
MAX_STEPS_PER_TURN = 60


@dataclass(frozen=True)
class BotStep:
    """One bot decision and what became of it.

    ``chosen`` is what the bot answered (None if it raised); ``action`` what
    was applied; ``replaced`` is True when the two differ because of the
    error policy; ``ms`` is the bot's thinking time.
    """

    seat: int
    chosen: Action | None
    action: Action
    events: tuple[Event, ...]
    replaced: bool
    ms: float


def safe_action(view: PlayerView) -> Action:
    """A legal action that moves the turn on: draw, give back, take back, or a discard.

    Prefers a discard that would cost no penalty at a penalty table (not an okey,
    not playable on the table).
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


def choose_action(bot: Bot, view: PlayerView) -> tuple[Action | None, float]:
    """What ``bot`` answers for ``view`` and how long it thought (ms); None if it raised.

    Touches no hand, so a worker thread may run it. A raising bot is logged
    with its traceback.
    """
    start = time.perf_counter()
    try:
        action: Action | None = bot.choose(view)
    except Exception:  # the policy: log it, and let apply_action put a safe move in
        log.exception("seat %d (%s) raised while choosing", view.seat, _name(bot))
        action = None
    return action, (time.perf_counter() - start) * 1000


def apply_action(
    hand: Hand, seat: int, action: Action | None, bot: Bot | None = None
) -> tuple[Action, tuple[Event, ...], bool]:
    """Apply a bot's ``action`` for ``seat``: (what was applied, its events, replaced?).

    An action the engine refuses (or None, or one past :data:`MAX_STEPS_PER_TURN`
    in a turn) is logged with the engine's error code and replaced by
    :func:`safe_action`. The hand must be at ``seat``'s turn.
    """
    if len(hand.turn_actions) >= MAX_STEPS_PER_TURN:
        log.warning(
            "seat %d (%s) is still playing after %d actions this turn: cut short",
            seat,
            _name(bot),
            MAX_STEPS_PER_TURN,
        )
        action = None
    if action is not None:
        try:
            return action, tuple(hand.apply(action)), False
        except IllegalActionError as exc:
            log.warning(
                "seat %d (%s) tried an illegal action %r: %s [%s]",
                seat,
                _name(bot),
                action,
                exc,
                exc.code.value if exc.code else "-",
            )
    fallback = safe_action(PlayerView.of(hand, seat))
    return fallback, tuple(hand.apply(fallback)), True


def play_bot_step(hand: Hand, bot: Bot, totals: tuple[int, ...] = (0, 0, 0, 0)) -> BotStep:
    """Let ``bot`` (the seat to play) make one decision on ``hand`` and apply it."""
    seat = hand.turn
    view = PlayerView.of(hand, seat, totals)
    chosen, ms = choose_action(bot, view)
    action, events, replaced = apply_action(hand, seat, chosen, bot)
    return BotStep(seat, chosen, action, events, replaced, ms)


def play_bot_turn(
    hand: Hand,
    bot: Bot,
    totals: tuple[int, ...] = (0, 0, 0, 0),
    on_step: Callable[[BotStep], None] | None = None,
) -> int:
    """Let ``bot`` play the current turn of ``hand`` to its end; returns how many steps
    the error policy replaced."""
    seat = hand.turn
    errors = 0
    steps = 0
    while not hand.is_over and hand.turn == seat:
        steps += 1
        if steps > MAX_STEPS_PER_TURN:
            # A bot that laid and took back again and again: the turn ends here.
            log.warning(
                "seat %d (%s) made %d decisions this turn: cut short", seat, _name(bot), steps
            )
            action, events, _ = apply_action(hand, seat, None, bot)
            step = BotStep(seat, None, action, events, True, 0.0)
        else:
            step = play_bot_step(hand, bot, totals)
        errors += step.replaced
        if on_step is not None:
            on_step(step)
    return errors


def _name(bot: Bot | None) -> str:
    return "?" if bot is None else getattr(bot, "level", type(bot).__name__)
