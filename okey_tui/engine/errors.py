"""The engine's errors: one root, a few kinds.

Every rejected action raises a subclass of :class:`OkeyError` and leaves the
game exactly as it was. Messages name the tile, the rule and the numbers.
"""

from __future__ import annotations


class OkeyError(Exception):
    """Root of every error the engine raises."""


class NotationError(OkeyError, ValueError):
    """Text that is not valid tile, meld, action or position notation."""


class IllegalActionError(OkeyError):
    """An action the rules do not allow in this position."""


class NotYourTurnError(IllegalActionError):
    """An action by a seat whose turn it is not, or in the wrong phase."""


class MeldError(IllegalActionError):
    """A group of tiles that is not a valid run, set or pair."""


class OpeningError(IllegalActionError):
    """An opening that is below the floor or breaks an opening rule."""


class HandOverError(IllegalActionError):
    """An action after the hand has ended."""
