"""The bot protocol and the factory for the levels."""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from okey_tui.engine.actions import Action
from okey_tui.engine.view import PlayerView

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    """A computer player: one action at a time, from what its seat may see."""

    level: str

    def choose(self, view: PlayerView) -> Action:
        """The next action for the seat of ``view`` (it is that seat's turn).

        A bot is a deterministic function of its view: it draws no random
        numbers, so a seed (which fixes the deals) fixes the whole match.
        """
        ...


def decision_rng(seed: int, hand_number: int, view: PlayerView) -> random.Random:
    """Deprecated: bots draw no random numbers; kept until ``ui/session.py`` uses the driver.

    The bots still accept (and ignore) this as a second argument to ``choose``.
    """
    public = (
        view.seat,
        view.phase.value,
        view.middle_count,
        sum(map(len, view.discards)),
        sum(len(tm.meld.tiles) for tm in view.table),
        len(view.rack),
    )
    return random.Random(f"okey101-bot:{seed}:{hand_number}:{public}")


def make_bot(level: str) -> Bot:
    """A bot of the named level (``easy``, ``normal`` or ``hard``)."""
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level '{level}': choose one of {', '.join(LEVELS)}")
    module = importlib.import_module(f"okey_tui.bots.{level}")
    bot: Bot = module.make()
    return bot
