"""The engine's errors: one root, a few kinds, and a stable code for each refusal.

Every rejected action raises a subclass of :class:`OkeyError` and leaves the
game exactly as it was. Each error carries

* ``code``: an :class:`ErrorCode`, stable across releases and languages;
* ``params``: what the message names (tiles, meld numbers, points, floors);
* ``rule``: the section of docs/rules.md the refusal enforces (``None`` for
  notation errors, which break no rule of the game).

``str(exc)`` is the engine's English message. A caller that wants other
words (or another language) builds them from ``code`` and ``params`` and
never reads the message.

>>> exc = OpeningError(
...     "Your opening is 87 points; this table needs 101",
...     code=ErrorCode.OPENING_BELOW_FLOOR, value=87, floor=101, kind="melds",
... )
>>> exc.code, exc.rule, exc.params["floor"]
(<ErrorCode.OPENING_BELOW_FLOOR: 'opening-below-floor'>, 8, 101)
>>> str(exc)
'Your opening is 87 points; this table needs 101'
>>> RULE_SECTIONS[exc.rule]
'Opening'
"""

from __future__ import annotations

import enum
from typing import Any

# The numbered sections of docs/rules.md.
RULE_SECTIONS: dict[int, str] = {
    1: "The tiles",
    2: "Seats and direction",
    3: "Dealing",
    4: "The indicator, the okey and the false okey",
    5: "Melds",
    6: "A turn",
    7: "Taking the left discard",
    8: "Opening",
    9: "After opening",
    10: "Taking back",
    11: "The end of a hand",
    12: "Penalties during a hand",
    13: "Game types",
    14: "Partners",
    15: "The match",
    16: "Table options",
}


class ErrorCode(enum.Enum):
    """Why the engine refused something. The value is a stable slug."""

    # -- notation (no rule section) --
    NOT_A_TILE = "not-a-tile"
    NOT_A_TILE_LIST = "not-a-tile-list"
    NOT_A_MELD = "not-a-meld"
    NOT_AN_ACTION = "not-an-action"
    NOT_A_TABLE_CODE = "not-a-table-code"
    NOT_A_POSITION = "not-a-position"
    # -- §1, §4 tiles and the okey --
    FALSE_OKEY_HAS_NO_NUMBER = "false-okey-has-no-number"
    TILE_NUMBER_OUT_OF_RANGE = "tile-number-out-of-range"
    FALSE_OKEY_INDICATOR = "false-okey-indicator"
    # -- §5 melds --
    READING_MISMATCH = "reading-mismatch"
    STANDS_FOR_FALSE_OKEY = "stands-for-false-okey"
    TILE_CANNOT_COUNT_AS = "tile-cannot-count-as"
    ONLY_OKEYS = "only-okeys"
    NOT_A_PAIR = "not-a-pair"
    TWO_TILES_NO_MELD = "two-tiles-no-meld"
    TOO_FEW_TILES = "too-few-tiles"
    NOT_A_RUN = "not-a-run"
    NOT_A_SET = "not-a-set"
    NOT_A_RUN_OR_SET = "not-a-run-or-set"
    # -- §6 a turn --
    FIRST_TURN_NO_DRAW = "first-turn-no-draw"
    ALREADY_DRAWN = "already-drawn"
    DRAW_FIRST = "draw-first"
    NOT_YOUR_TURN = "not-your-turn"
    TILE_NOT_HELD = "tile-not-held"
    KEEP_ONE_TILE = "keep-one-tile"
    KEEP_ONE_BESIDE_OKEY = "keep-one-beside-okey"
    # -- §7 taking the left discard --
    NO_LEFT_DISCARD = "no-left-discard"
    NOTHING_TO_GIVE_BACK = "nothing-to-give-back"
    TAKE_BACK_BEFORE_GIVING_BACK = "take-back-before-giving-back"
    TAKEN_NOT_IN_OPENING = "taken-not-in-opening"
    TAKEN_ONLY_FOR_OPENING = "taken-only-for-opening"
    TAKEN_MUST_BE_USED = "taken-must-be-used"
    # -- §8 opening --
    ALREADY_OPENED = "already-opened"
    EMPTY_OPENING = "empty-opening"
    PAIRS_MIXED_WITH_MELDS = "pairs-mixed-with-melds"
    OPENING_BELOW_FLOOR = "opening-below-floor"
    OPEN_FIRST = "open-first"
    # -- §9 after opening --
    EMPTY_LAY = "empty-lay"
    PAIRS_OPENER_LAYS_PAIRS = "pairs-opener-lays-pairs"
    MELDS_OPENER_LAYS_NO_PAIRS = "melds-opener-lays-no-pairs"
    NOT_OPENED = "not-opened"
    PAIRS_OPENER_NO_TABLE = "pairs-opener-no-table"
    NO_SUCH_TABLE_MELD = "no-such-table-meld"
    NOTHING_ADDS_TO_A_PAIR = "nothing-adds-to-a-pair"
    TILE_DOES_NOT_FIT = "tile-does-not-fit"
    SET_IS_FULL = "set-is-full"
    NO_SWAP_FROM_A_PAIR = "no-swap-from-a-pair"
    NO_OKEY_TO_SWAP = "no-okey-to-swap"
    SWAP_WITH_AN_OKEY = "swap-with-an-okey"
    SWAP_NEEDS_BOTH_COLOURS = "swap-needs-both-colours"
    SWAP_ONE_FOR_ONE = "swap-one-for-one"
    SWAP_NEEDS_THE_TILE = "swap-needs-the-tile"
    OKEY_OWED = "okey-owed"
    # -- §10 taking back --
    NOTHING_TO_TAKE_BACK = "nothing-to-take-back"
    # -- §11 the end of a hand --
    HAND_OVER = "hand-over"
    HAND_NOT_ENDED = "hand-not-ended"
    # -- §13 game types (Going Pairs) --
    GOING_PAIRS_NOT_CHALLENGE = "going-pairs-not-challenge"
    GOING_PAIRS_ALREADY_DECLARED = "going-pairs-already-declared"
    GOING_PAIRS_AFTER_OPENING = "going-pairs-after-opening"
    GOING_PAIRS_OPENS_PAIRS = "going-pairs-opens-pairs"
    GOING_PAIRS_TILE_MAKES_PAIRS = "going-pairs-tile-makes-pairs"
    # -- §15 the match --
    MATCH_LENGTH = "match-length"
    HAND_ALREADY_SCORED = "hand-already-scored"
    MATCH_OVER = "match-over"
    SCORE_HAND_FIRST = "score-hand-first"
    # -- engine calls with a wrong argument --
    BAD_ARGUMENT = "bad-argument"
    # A match rebuilt from parts that do not fit together (``part`` says which).
    NOT_A_MATCH = "not-a-match"

    @property
    def rule(self) -> int | None:
        """The docs/rules.md section this code enforces, or None (notation, arguments)."""
        return _RULE_OF.get(self)


def _sections(section: int, *codes: ErrorCode) -> dict[ErrorCode, int]:
    return dict.fromkeys(codes, section)


_RULE_OF: dict[ErrorCode, int] = {
    **_sections(1, ErrorCode.FALSE_OKEY_HAS_NO_NUMBER, ErrorCode.TILE_NUMBER_OUT_OF_RANGE),
    **_sections(4, ErrorCode.FALSE_OKEY_INDICATOR),
    **_sections(
        5,
        ErrorCode.READING_MISMATCH,
        ErrorCode.STANDS_FOR_FALSE_OKEY,
        ErrorCode.TILE_CANNOT_COUNT_AS,
        ErrorCode.ONLY_OKEYS,
        ErrorCode.NOT_A_PAIR,
        ErrorCode.TWO_TILES_NO_MELD,
        ErrorCode.TOO_FEW_TILES,
        ErrorCode.NOT_A_RUN,
        ErrorCode.NOT_A_SET,
        ErrorCode.NOT_A_RUN_OR_SET,
    ),
    **_sections(
        6,
        ErrorCode.FIRST_TURN_NO_DRAW,
        ErrorCode.ALREADY_DRAWN,
        ErrorCode.DRAW_FIRST,
        ErrorCode.NOT_YOUR_TURN,
        ErrorCode.TILE_NOT_HELD,
        ErrorCode.KEEP_ONE_TILE,
        ErrorCode.KEEP_ONE_BESIDE_OKEY,
    ),
    **_sections(
        7,
        ErrorCode.NO_LEFT_DISCARD,
        ErrorCode.NOTHING_TO_GIVE_BACK,
        ErrorCode.TAKE_BACK_BEFORE_GIVING_BACK,
        ErrorCode.TAKEN_NOT_IN_OPENING,
        ErrorCode.TAKEN_ONLY_FOR_OPENING,
        ErrorCode.TAKEN_MUST_BE_USED,
    ),
    **_sections(
        8,
        ErrorCode.ALREADY_OPENED,
        ErrorCode.EMPTY_OPENING,
        ErrorCode.PAIRS_MIXED_WITH_MELDS,
        ErrorCode.OPENING_BELOW_FLOOR,
        ErrorCode.OPEN_FIRST,
    ),
    **_sections(
        9,
        ErrorCode.EMPTY_LAY,
        ErrorCode.PAIRS_OPENER_LAYS_PAIRS,
        ErrorCode.MELDS_OPENER_LAYS_NO_PAIRS,
        ErrorCode.NOT_OPENED,
        ErrorCode.PAIRS_OPENER_NO_TABLE,
        ErrorCode.NO_SUCH_TABLE_MELD,
        ErrorCode.NOTHING_ADDS_TO_A_PAIR,
        ErrorCode.TILE_DOES_NOT_FIT,
        ErrorCode.SET_IS_FULL,
        ErrorCode.NO_SWAP_FROM_A_PAIR,
        ErrorCode.NO_OKEY_TO_SWAP,
        ErrorCode.SWAP_WITH_AN_OKEY,
        ErrorCode.SWAP_NEEDS_BOTH_COLOURS,
        ErrorCode.SWAP_ONE_FOR_ONE,
        ErrorCode.SWAP_NEEDS_THE_TILE,
        ErrorCode.OKEY_OWED,
    ),
    **_sections(10, ErrorCode.NOTHING_TO_TAKE_BACK),
    **_sections(11, ErrorCode.HAND_OVER, ErrorCode.HAND_NOT_ENDED),
    **_sections(
        13,
        ErrorCode.GOING_PAIRS_NOT_CHALLENGE,
        ErrorCode.GOING_PAIRS_ALREADY_DECLARED,
        ErrorCode.GOING_PAIRS_AFTER_OPENING,
        ErrorCode.GOING_PAIRS_OPENS_PAIRS,
        ErrorCode.GOING_PAIRS_TILE_MAKES_PAIRS,
    ),
    **_sections(
        15,
        ErrorCode.MATCH_LENGTH,
        ErrorCode.HAND_ALREADY_SCORED,
        ErrorCode.MATCH_OVER,
        ErrorCode.SCORE_HAND_FIRST,
    ),
}


class OkeyError(Exception):
    """Root of every error the engine raises: a message, a code, its parameters and a rule."""

    def __init__(
        self,
        message: str,
        *,
        code: ErrorCode | None = None,
        rule: int | None = None,
        # Any: see self.params below.
        **params: Any,
    ) -> None:
        super().__init__(message)
        self.code = code
        # Any: the parameters are of many kinds (tiles, points, seats, names, an opening
        # kind); callers read them by the code's documented names and format them as text.
        self.params: dict[str, Any] = params
        self.rule: int | None = rule if rule is not None else (code.rule if code else None)

    @property
    def rule_title(self) -> str | None:
        """The title of the rules section, like ``Opening``."""
        return None if self.rule is None else RULE_SECTIONS.get(self.rule)


class NotationError(OkeyError, ValueError):
    """Text that is not valid tile, meld, action or position notation."""


class SetupError(OkeyError, ValueError):
    """A table setting or an engine call the engine cannot accept (match length, scoring too early)."""


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
