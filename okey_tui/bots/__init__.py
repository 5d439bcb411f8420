"""Computer players. A bot sees a :class:`~okey_tui.engine.view.PlayerView`, never the hand."""

from okey_tui.bots.base import LEVELS, Bot, make_bot

__all__ = ["LEVELS", "Bot", "make_bot"]
