"""One table: the match, who sits where, and the bots. No Textual here.

The UI asks the session for the human's :class:`PlayerView`, sends the
human's actions through :meth:`Session.act`, and lets the bots move with
:meth:`Session.bot_action` / :meth:`Session.apply_bot`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from okey_tui.engine.actions import Action, Discard, DrawMiddle, GiveBack, TakeBack
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Event, Hand
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, legal_actions

HUMAN = 0
BOT_NAMES = ("Ayşe", "Mehmet", "Zeynep")


@dataclass
class Session:
    """A match at one table: seat 0 is the human, seats 1-3 are bots."""

    rules: RuleSet
    seed: int
    name: str = "You"
    levels: tuple[str, str, str] = ("normal", "normal", "normal")
    match: Match = field(init=False)
    bots: list[Any] = field(init=False, default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.match = Match(self.rules, self.seed)
        self.rng = random.Random(f"okey101-bots:{self.seed}")
        self.bots = [None] + [self._make_bot(level) for level in self.levels]

    @staticmethod
    def _make_bot(level: str) -> Any:
        try:
            from okey_tui.bots import make_bot

            return make_bot(level)
        except (ImportError, ValueError, AttributeError):
            return None  # the bot level is not available: the fallback plays

    # -- who is who -----------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.match.hand

    def seat_name(self, seat: int) -> str:
        return self.name if seat == HUMAN else BOT_NAMES[seat - 1]

    def seat_level(self, seat: int) -> str | None:
        return None if seat == HUMAN else self.levels[seat - 1]

    def view(self, seat: int = HUMAN) -> PlayerView:
        return PlayerView.of(self.hand, seat, tuple(self.match.totals()))

    @property
    def human_to_play(self) -> bool:
        return not self.hand.is_over and self.hand.turn == HUMAN

    @property
    def bots_to_play(self) -> bool:
        return not self.hand.is_over and self.hand.turn != HUMAN

    @property
    def events(self) -> list[Event]:
        return self.hand.events

    # -- moves ----------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """Apply the human's action; raises the engine's OkeyError when illegal."""
        if not self.human_to_play:
            from okey_tui.engine.errors import NotYourTurnError

            raise NotYourTurnError("It is not your turn: wait for the others to play")
        return self.hand.apply(action)

    def bot_action(self) -> tuple[int, PlayerView, Action]:
        """The seat to play, its view, and the action its bot chooses."""
        seat = self.hand.turn
        view = self.view(seat)
        return seat, view, self.choose(seat, view)

    def choose(self, seat: int, view: PlayerView) -> Action:
        """What the bot of ``seat`` plays from ``view``; touches no state, so a thread may run it."""
        bot = self.bots[seat]
        action: Action | None = None
        if bot is not None:
            try:
                action = bot.choose(view, self.rng)
            except Exception:  # a broken bot must not stop the table
                action = None
        return action if action is not None else fallback_action(view)

    def apply_bot(self, seat: int, view: PlayerView, action: Action) -> list[Event]:
        """Apply a bot's action; if the engine refuses it, a plain legal move instead."""
        if self.hand.turn != seat or self.hand.is_over:
            return []
        try:
            return self.hand.apply(action)
        except OkeyError:
            return self.hand.apply(fallback_action(self.view(seat)))

    def play_bots(self, limit: int = 10_000) -> None:
        """Let the bots play until it is the human's turn or the hand ends (tests, scripts)."""
        for _ in range(limit):
            if not self.bots_to_play:
                return
            self.apply_bot(*self.bot_action())

    # -- hands ----------------------------------------------------------------
    def finish_hand(self) -> Any:
        if self.match.hand_scored:
            return self.match.results[-1]
        return self.match.finish_hand()

    def next_hand(self) -> Hand:
        return self.match.next_hand()


def fallback_action(view: PlayerView) -> Action:
    """A move that is always legal: draw, else give back, else throw the highest tile."""
    actions = legal_actions(view)
    for action in actions:
        if isinstance(action, DrawMiddle):
            return action
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        okey = view.okey
        return max(discards, key=lambda a: _throw_key(a.tile, okey))
    for kind in (GiveBack, TakeBack):
        for action in actions:
            if isinstance(action, kind):
                return action
    return actions[0]


def _throw_key(tile: Tile, okey: Tile) -> tuple[int, int]:
    if tile == okey:
        return (-1, 0)
    return (0, tile.number)
