"""The bot protocol and the factory for the levels."""

from __future__ import annotations

import importlib
from typing import Protocol

from okey_tui.engine.actions import Action
from okey_tui.engine.view import PlayerView

LEVELS = ("easy", "normal", "hard", "expert")


class Bot(Protocol):
    """A computer player: one action at a time, from what its seat may see."""

    level: str

    def choose(self, view: PlayerView) -> Action:
        """The next action for the seat of ``view`` (it is that seat's turn).

        A bot is a deterministic function of its view: it draws no random
        numbers, so a seed (which fixes the deals) fixes the whole match.
        """
        ...


def make_bot(level: str, budget_ms: float | None = None) -> Bot:
    """A bot of the named level (``easy``, ``normal``, ``hard`` or ``expert``).

    ``budget_ms`` is the expert's time budget per decision (the other levels
    need none); None keeps its default.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level '{level}': choose one of {', '.join(LEVELS)}")
    module = importlib.import_module(f"okey_tui.bots.{level}")
    bot: Bot = module.make() if budget_ms is None or level != "expert" else module.make(budget_ms)
    return bot
